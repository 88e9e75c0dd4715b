// Dashboard benchmark: 10,000 holders across 100 licenses shown in the real Seats page.
//  1. Poll to view: the decoded LicenseList and LeaseLists of one poll (about 5 % of the holders
//     changed: renewed, gone, new) handed to the models, the proxy re-sorted and the window
//     repainted; the median over repeated polls.
//  2. One countdown tick, for the rows on screen (what the dashboard does) and for every row: the
//     median over repeated ticks, each started with no work left over from the previous one.
//  3. Idle CPU: the window shown (offscreen), no polls, countdowns ticking once a second, measured
//     with getrusage over a wall-clock interval; it also counts the rows each tick covered and the
//     repaints of the holders table, so a tick that repainted nothing cannot pass for a cheap one.
#include "DashboardSession.h"
#include "SeatsPage.h"
#include "SystemClock.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

constexpr int licenseCount = 100;
constexpr int holdersPerLicense = 100;

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
    const int idleSeconds = args.contains(u"--quick"_s) ? 5 : 20;
    const int polls = args.contains(u"--quick"_s) ? 10 : 40;

    QNetworkAccessManager network;
    const Clock &clock = SystemClock::instance();
    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(1440, 860);
    page.show();

    Fleet fleet;
    fleet.now = clock.now();
    fleet.build();

    session.licenses().applyList(fleet.licenses);
    page.licensesView()->selectAll(); // every license: all 10,000 holders in one table
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
    std::sort(samples.begin(), samples.end());
    const double pollMedian = samples.at(samples.size() / 2);
    const double pollP90 = samples.at(samples.size() * 9 / 10);

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

    // Idle: the session's own once-a-second tick, nothing else. What each tick covered is read off
    // the model's dataChanged signals, and the repaints off the holders table's viewport.
    QList<qsizetype> rowsPerTick;
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
    const double idleCpu = (cpuSeconds() - cpuBefore) / (double(wall.nsecsElapsed()) / 1e9) * 100.0;
    qsizetype fewest = rowsPerTick.isEmpty() ? 0 : rowsPerTick.first();
    qsizetype most = 0;
    for (qsizetype n : std::as_const(rowsPerTick)) {
        fewest = std::min(fewest, n);
        most = std::max(most, n);
    }

    std::printf("poll to view, 10,000 holders, ~5%% changed: median %.1f ms, p90 %.1f ms over %d polls "
                "(target < 100 ms)\n",
                pollMedian, pollP90, polls);
    std::printf("countdown tick, median of %d: visible rows only (%lld rows) %.2f ms; all 10,000 rows %.2f ms\n",
                tickRepeats, static_cast<long long>(visibleRows), median(visibleSamples), median(fullSamples));
    std::printf("idle CPU with countdowns ticking: %.2f %% of a core over %d s (target < 2 %%)\n", idleCpu,
                idleSeconds);
    std::printf("idle ticks: %lld, each covering %lld to %lld rows on screen; %d repaints of the holders table\n",
                static_cast<long long>(rowsPerTick.size()), static_cast<long long>(fewest),
                static_cast<long long>(most), paints.paints);
    return 0;
}
