// Dashboard benchmark: 10,000 holders (--holders N for another count) across 100 licenses shown
// in the real Seats page.
//  1. Poll to view: the decoded LicenseList and LeaseLists of one poll (about 5 % of the holders
//     changed: renewed, gone, new) handed to the models, the proxy re-sorted and the window
//     repainted; the median over repeated polls.
//  2. One countdown tick, for the rows on screen (what the dashboard does) and for every row: the
//     median over repeated ticks, each started with no work left over from the previous one.
//  3. Input latency: for some seconds, events standing for input are posted to the holders table
//     from another thread (InputProbe); the wait of each in the window thread's queue.
//  4. Idle CPU: the window shown (offscreen), no polls, countdowns ticking once a second, measured
//     with getrusage over a wall-clock interval; it also counts the rows each tick covered and the
//     repaints of the holders table, so a tick that repainted nothing cannot pass for a cheap one.
// With --demo-load RATE, all of this runs while keyright-admin's embedded demo server serves its
// demo holders and, from another thread, RATE heartbeats a second of --load-seats more holders
// (HeartbeatLoad); a second session polls that demo server as the dashboard would, and the time
// from asking for a poll to its models being updated is measured too (idle CPU is then left out:
// it would count the server). Every figure is also printed as a "figure: NAME VALUE" line for
// bench/compare-dashboard.sh.
#include "DashboardSession.h"
#include "DemoUnderLoad.h"
#include "HeartbeatLoad.h"
#include "InputProbe.h"
#include "LicenseListModel.h"
#include "SeatsPage.h"
#include "SecretBuffer.h"
#include "SystemClock.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

constexpr int licenseCount = 100;
int holdersPerLicense = 100; // --holders N: N / 100 per license (10,000 by default)

double cpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

QString seatId(quint64 n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

struct Fleet
{
    QDateTime now;
    quint64 nextSeat = 1;
    QList<LeaseList> lists;
    LicenseList licenses;

    LeaseRow makeLease(const QString &license)
    {
        const quint64 n = nextSeat++;
        LeaseRow row;
        row.lease.licenseId = license;
        row.lease.seatId = seatId(n);
        row.lease.holder = u"user%1@ws-%2"_s.arg(n).arg(n % 97);
        row.lease.generation = n;
        row.lease.issuedAt = now.addMSecs(-qint64(QRandomGenerator::global()->bounded(20000)));
        row.lease.expiresAt = row.lease.issuedAt.addSecs(60);
        row.lease.signature = QByteArray(64, char(n));
        row.live = true;
        row.reapableAt = row.lease.expiresAt.addSecs(15);
        row.signatureValid = true;
        return row;
    }

    void build()
    {
        for (int l = 0; l < licenseCount; ++l) {
            LeaseList list;
            list.licenseId = u"license-%1"_s.arg(l, 3, 10, QLatin1Char('0'));
            list.seatCount = holdersPerLicense + 10;
            for (int h = 0; h < holdersPerLicense; ++h)
                list.leases << makeLease(list.licenseId);
            lists << list;
        }
        refreshLicenses();
    }

    void refreshLicenses()
    {
        licenses.serverTime = now;
        licenses.licenses.clear();
        for (const LeaseList &list : std::as_const(lists)) {
            LicenseSummary s;
            s.id = list.licenseId;
            s.name = list.licenseId.toUpper();
            s.seatCount = list.seatCount;
            s.inUse = int(list.leases.size());
            s.ttlSeconds = 60;
            s.skewSeconds = 5;
            s.reapGraceSeconds = 15;
            licenses.licenses << s;
        }
    }

    // About 5 % of the holders change: 2.5 % renew, 1.25 % leave, 1.25 % arrive.
    void step(qint64 ms)
    {
        now = now.addMSecs(ms);
        auto *rng = QRandomGenerator::global();
        for (LeaseList &list : lists) {
            list.serverTime = now;
            for (int i = 0; i < holdersPerLicense / 40; ++i) {
                LeaseRow &row = list.leases[rng->bounded(int(list.leases.size()))];
                row.lease.issuedAt = now;
                row.lease.expiresAt = now.addSecs(60);
            }
            const int churn = (holdersPerLicense + 79) / 80;
            for (int i = 0; i < churn && !list.leases.isEmpty(); ++i)
                list.leases.removeAt(rng->bounded(int(list.leases.size())));
            for (int i = 0; i < churn; ++i)
                list.leases << makeLease(list.licenseId);
        }
        refreshLicenses();
    }
};

// Runs everything already posted (deferred layouts, repaints) so the next timing starts clean.
void drain()
{
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents);
}

double median(QList<double> samples)
{
    std::sort(samples.begin(), samples.end());
    return samples.isEmpty() ? 0.0 : samples.at(samples.size() / 2);
}

double percentile(QList<double> samples, int p)
{
    std::sort(samples.begin(), samples.end());
    return samples.isEmpty() ? 0.0 : samples.at(std::min<qsizetype>(samples.size() - 1, samples.size() * p / 100));
}

void figure(const char *name, double value)
{
    std::printf("figure: %s %.3f\n", name, value);
}

// Runs the event loop until `done` or `timeoutMs`.
template <typename Predicate>
bool waitFor(Predicate done, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return true;
}

// Paint events reaching one widget.
class PaintCounter final : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const bool quick = args.contains(u"--quick"_s);
    const int idleSeconds = quick ? 5 : 20;
    const int polls = quick ? 10 : 40;
    const int inputSeconds = quick ? 5 : 15;
    const auto intOption = [&args](const QString &name, int fallback) {
        const qsizetype at = args.indexOf(name);
        return at >= 0 && at + 1 < args.size() ? args.at(at + 1).toInt() : fallback;
    };
    const int loadRate = intOption(u"--demo-load"_s, 0);
    holdersPerLicense = std::max(1, intOption(u"--holders"_s, 10000) / licenseCount);
    const int holderCount = holdersPerLicense * licenseCount;
    const int loadSeats = intOption(u"--load-seats"_s, 200);

    QNetworkAccessManager network;
    const Clock &clock = SystemClock::instance();

    // The embedded demo and its load, before anything is measured.
    QTemporaryDir demoDir;
    std::unique_ptr<DemoUnderLoad> demo;
    QThread loadThread;
    HeartbeatLoad *load = nullptr;
    std::unique_ptr<DashboardSession> demoSession;
    if (loadRate > 0) {
        demo = std::make_unique<DemoUnderLoad>(network);
        QString error;
        if (!demo->start(demoDir.filePath(u"demo"_s), &error)) {
            std::fprintf(stderr, "the embedded demo did not start: %s\n", qPrintable(error));
            return 1;
        }
        load = new HeartbeatLoad(demo->url(), demo->adminTokenPath(), loadSeats, loadRate);
        load->moveToThread(&loadThread);
        QObject::connect(&loadThread, &QThread::finished, load, &QObject::deleteLater);
        loadThread.start();
        QMetaObject::invokeMethod(load, &HeartbeatLoad::start);
        if (!waitFor([load] { return load->isReady() || load->hasFailed(); }, 60000) || load->hasFailed()) {
            std::fprintf(stderr, "the load did not start\n");
            return 1;
        }
        const auto token = readSecretFile(demo->adminTokenPath(), &error);
        if (!token) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        // The dashboard's view of the demo: every license selected, polled as the window would.
        demoSession = std::make_unique<DashboardSession>(network, clock);
        demoSession->setPollInterval(std::chrono::hours {1}); // polls only when asked below
        demoSession->connectTo(demo->url(), token->view(), u"Embedded demo server"_s);
        if (!waitFor([&] { return demoSession->state() == DashboardSession::State::Connected; }, 30000)) {
            std::fprintf(stderr, "the session did not connect to the demo\n");
            return 1;
        }
        demoSession->setSelectedLicenses(demoSession->licenses().licenseIds());
        std::printf("embedded demo at %s; load: %d heartbeats/s over %d seats from another thread\n",
                    qPrintable(demo->url().toString()), loadRate, loadSeats);
    }

    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(1440, 860);
    page.show();

    Fleet fleet;
    fleet.now = clock.now();
    fleet.build();

    session.licenses().applyList(fleet.licenses);
    page.licensesView()->selectAll(); // every license: all the holders in one table
    session.applyLeaseLists(fleet.lists);
    QCoreApplication::processEvents();
    std::printf("holders shown: %d across %d licenses\n", page.holdersProxy()->rowCount(),
                int(session.licenses().rowCount()));

    QList<double> samples;
    for (int i = 0; i < polls; ++i) {
        fleet.step(2000);
        QElapsedTimer timer;
        timer.start();
        session.licenses().applyList(fleet.licenses);
        session.applyLeaseLists(fleet.lists);
        QCoreApplication::processEvents();
        page.repaint();
        samples << double(timer.nsecsElapsed()) / 1e6;
    }
    const double pollMedian = median(samples);
    const double pollP90 = percentile(samples, 90);

    // A real poll of the demo server: from asking for it to the session's models updated.
    QList<double> demoPolls;
    if (demoSession) {
        int polled = 0;
        QObject::connect(demoSession.get(), &DashboardSession::polled, &app, [&polled] { ++polled; });
        for (int i = 0; i < polls / 2; ++i) {
            waitFor([] { return false; }, 50); // the loop runs in between, as between polls
            const int before = polled;
            QElapsedTimer timer;
            timer.start();
            demoSession->refresh();
            if (!waitFor([&] { return polled > before; }, 10000)) {
                std::fprintf(stderr, "a poll of the demo did not end\n");
                return 1;
            }
            demoPolls << double(timer.nsecsElapsed()) / 1e6;
        }
    }

    // Ticks. The visible-rows tick first and the full one after it: a full tick leaves deferred
    // work behind, which must not be billed to the next measurement.
    const int tickRepeats = 20;
    QList<double> visibleSamples;
    qsizetype visibleRows = 0;
    for (int i = 0; i < tickRepeats; ++i) {
        drain();
        QElapsedTimer timer;
        timer.start();
        const QList<int> rows = page.visibleHolderRows();
        session.leases().tickRows(rows);
        QCoreApplication::processEvents();
        visibleSamples << double(timer.nsecsElapsed()) / 1e6;
        visibleRows = rows.size();
    }
    QList<double> fullSamples;
    for (int i = 0; i < tickRepeats / 4; ++i) {
        drain();
        QElapsedTimer timer;
        timer.start();
        session.leases().tick();
        QCoreApplication::processEvents();
        fullSamples << double(timer.nsecsElapsed()) / 1e6;
    }
    drain();

    // Input: the window's own loop runs (ticks, and with the demo its server and the load's
    // requests), and events standing for input arrive from another thread.
    QList<double> inputWaits;
    {
        InputProbe probe(page.holdersView()->viewport());
        probe.start();
        QTimer::singleShot(inputSeconds * 1000, &app, &QCoreApplication::quit);
        app.exec();
        probe.stop();
        drain();
        inputWaits = probe.waitsMs();
    }

    double idleCpu = -1;
    QList<qsizetype> rowsPerTick;
    int repaints = 0;
    if (!demo) {
        // Idle: the session's own once-a-second tick, nothing else. What each tick covered is read
        // off the model's dataChanged signals, and the repaints off the holders table's viewport.
        qsizetype rowsThisTick = 0;
        QObject::connect(&session.leases(), &QAbstractItemModel::dataChanged, &app,
                         [&rowsThisTick](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                             rowsThisTick += bottomRight.row() - topLeft.row() + 1;
                         });
        QObject::connect(&session, &DashboardSession::ticked, &app, [&] {
            rowsPerTick << rowsThisTick;
            rowsThisTick = 0;
        });
        PaintCounter paints;
        page.holdersView()->viewport()->installEventFilter(&paints);
        const double cpuBefore = cpuSeconds();
        QElapsedTimer wall;
        wall.start();
        QTimer::singleShot(idleSeconds * 1000, &app, &QCoreApplication::quit);
        app.exec();
        idleCpu = (cpuSeconds() - cpuBefore) / (double(wall.nsecsElapsed()) / 1e9) * 100.0;
        repaints = paints.paints;
    }
    qsizetype fewest = rowsPerTick.isEmpty() ? 0 : rowsPerTick.first();
    qsizetype most = 0;
    for (qsizetype n : std::as_const(rowsPerTick)) {
        fewest = std::min(fewest, n);
        most = std::max(most, n);
    }

    int loadAnswered = 0;
    int loadRefused = 0;
    if (load) {
        loadAnswered = load->answered();
        loadRefused = load->refused();
        QMetaObject::invokeMethod(load, &HeartbeatLoad::stop, Qt::BlockingQueuedConnection);
        loadThread.quit();
        loadThread.wait();
        demoSession.reset();
        demo->stop();
        demo.reset();
    }

    std::printf("poll to view, %d holders, ~5%% changed: median %.1f ms, p90 %.1f ms over %d polls "
                "(target < %d ms)\n",
                holderCount, pollMedian, pollP90, polls, holderCount > 10000 ? 250 : 50);
    figure("poll_to_view_median_ms", pollMedian);
    figure("poll_to_view_p90_ms", pollP90);
    if (!demoPolls.isEmpty()) {
        std::printf("poll of the embedded demo, asked to models updated: median %.1f ms, p90 %.1f ms over %lld "
                    "polls\n",
                    median(demoPolls), percentile(demoPolls, 90), static_cast<long long>(demoPolls.size()));
        figure("demo_poll_median_ms", median(demoPolls));
        figure("demo_poll_p90_ms", percentile(demoPolls, 90));
    }
    std::printf("countdown tick, median of %d: visible rows only (%lld rows) %.2f ms; all %d rows %.2f ms\n",
                tickRepeats, static_cast<long long>(visibleRows), median(visibleSamples), holderCount,
                median(fullSamples));
    std::printf("input latency over %d s (%lld events): median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                inputSeconds, static_cast<long long>(inputWaits.size()), median(inputWaits), percentile(inputWaits, 90),
                percentile(inputWaits, 99), percentile(inputWaits, 100));
    figure("input_median_ms", median(inputWaits));
    figure("input_p90_ms", percentile(inputWaits, 90));
    figure("input_p99_ms", percentile(inputWaits, 99));
    figure("input_max_ms", percentile(inputWaits, 100));
    if (load) {
        std::printf("load answered: %d renewals, %d refused or failed\n", loadAnswered, loadRefused);
        figure("load_renewed", loadAnswered);
    }
    if (idleCpu >= 0) {
        std::printf("idle CPU with countdowns ticking: %.2f %% of a core over %d s (target < 2 %%)\n", idleCpu,
                    idleSeconds);
        std::printf("idle ticks: %lld, each covering %lld to %lld rows on screen; %d repaints of the holders table\n",
                    static_cast<long long>(rowsPerTick.size()), static_cast<long long>(fewest),
                    static_cast<long long>(most), repaints);
        figure("idle_cpu_percent", idleCpu);
    }
    return 0;
}
