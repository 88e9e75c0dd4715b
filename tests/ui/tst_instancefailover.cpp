#include "ConnectionDialog.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "ErrorBanner.h"
#include "FaultProxy.h"
#include "FleetPage.h"
#include "InstanceHealthModel.h"
#include "InstanceHealthPanel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "ServerProcess.h"
#include "StatePalette.h"
#include "SystemClock.h"
#include "TestServer.h"
#include "fleet/FleetModel.h"
#include "fleet/FleetView.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFont>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

QByteArray httpResponse(const QByteArray &status, const QByteArray &body)
{
    return "HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

// The instance's /v1/stats as PostgreSQL mode gives it: on `primary`.
QByteArray onPrimary(const QByteArray &response, const QString &primary)
{
    const qsizetype bodyAt = response.indexOf("\r\n\r\n");
    if (bodyAt < 0 || !response.contains(R"("replicaId":)"))
        return response;
    QJsonObject stats = QJsonDocument::fromJson(response.mid(bodyAt + 4)).object();
    stats.insert(u"database"_s, QJsonObject {{u"server"_s, primary}});
    return httpResponse("200 OK", QJsonDocument(stats).toJson(QJsonDocument::Compact));
}

// The instance during an outage of its database: GET /v1/time and /v1/public-key answer (they need
// no database), GET /v1/health says "degraded", everything else is 503 database_unavailable.
QByteArray withoutDatabase(const QByteArray &response)
{
    if (response.contains(R"({"now":)") || response.contains(R"("publicKey":)"))
        return response;
    if (response.contains(R"("status":"ok")"))
        return httpResponse("200 OK", R"({"reason":"database unavailable","status":"degraded","version":"0.1.0"})");
    return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
           "Content-Length: 98\r\n\r\n"
           R"({"error":"database_unavailable","message":"database unavailable; the request was not carried out"})";
}

} // namespace

// The dashboard connected to a site of three instances (three fault proxies in front of one
// in-process server: one database, three addresses), one of which dies: the tables keep updating
// through the others, the health view marks the dead one, the status bar counts two of three up,
// and no banner appears, because a banner means that nothing answers.
class TestInstanceFailover : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void oneOfThreeInstancesDies();
    void noInstanceAnsweringShowsTheBanner();
    void instanceWithoutItsDatabaseIsUpButUnavailableSince();
    void siteWideOutageReadsOneWayAndEndsWhenTheServerServes();
    void databaseBackOnOneInstanceAsksTheOthersAtOnce();
    void languageSwitchRetranslatesTheServersTable();
    void connectionDialogChecksTheInstanceListAsTyped();

private:
    bool checkout(const QString &holder)
    {
        return m_dashboard->takeSeat(m_server->url(), u"acme-cad"_s, m_key, holder).has_value();
    }
    void openWindow();
    int holderRows() const { return m_dashboard->holderRows(); }
    const InstanceHealthModel &health() const { return m_session->instanceHealth(); }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::vector<std::unique_ptr<FaultProxy>> m_proxies;
    QByteArray m_key;
    std::unique_ptr<DashboardHarness> m_dashboard;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
    std::unique_ptr<InstanceHealthPanel> m_panel;
};

void TestInstanceFailover::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_server = std::make_unique<TestServer>(TestServer::Options {.clock = m_clock.get()});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_key = m_server->createLicense(u"acme-cad"_s, 10, 60s, 5s, 15s);
    QVERIFY(!m_key.isEmpty());
    for (int i = 0; i < 3; ++i) {
        auto proxy = std::make_unique<FaultProxy>();
        QVERIFY2(proxy->start(QHostAddress::LocalHost, m_server->port(), &error), qPrintable(error));
        m_proxies.push_back(std::move(proxy));
    }
    m_dashboard = std::make_unique<DashboardHarness>(
        DashboardHarness::Options {.clock = m_clock.get(), .healthInterval = std::chrono::milliseconds {0}});
}

void TestInstanceFailover::cleanup()
{
    m_panel.reset();
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard.reset();
    m_proxies.clear();
    m_server.reset();
}

void TestInstanceFailover::openWindow()
{
    QList<QUrl> urls;
    for (const auto &proxy : m_proxies)
        urls.append(proxy->url());
    m_window = &m_dashboard->build();
    m_session = &m_dashboard->session();
    // The page app/main.cpp adds, with its own health view.
    m_window->addPage(new FleetPage(m_window->pageContext()), [] { return u"Fleet"_s; });
    m_panel = std::make_unique<InstanceHealthPanel>(*m_session);
    m_panel->resize(900, 200);
    m_panel->show();
    m_session->connectTo(urls, m_server->adminToken(), u"site"_s);
}

void TestInstanceFailover::oneOfThreeInstancesDies()
{
    QVERIFY(checkout(u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"3 of 3 instances up"_s), 3000);
    QVERIFY(m_panel->isVisible());
    for (int row = 0; row < 3; ++row) {
        QVERIFY(!health().at(row).replicaId.isEmpty());
        QVERIFY(health().at(row).clockOffset.has_value());
    }
    QVERIFY(health().at(0).answering);

    bool bannerSeen = false;
    QTimer watch;
    connect(&watch, &QTimer::timeout, this, [&] { bannerSeen = bannerSeen || m_window->errorBanner()->isVisible(); });
    watch.start(10);

    m_proxies[0]->setRefuse(true);
    QVERIFY(checkout(u"bob@ws-07"_s));
    // The holders table follows through the other instances.
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(health().at(0).status, InstanceHealth::Status::Down, 5000);
    QVERIFY(!health().at(0).lastError.isEmpty());
    QCOMPARE(m_panel->view()->model()->index(0, InstanceHealthModel::StatusColumn).data().toString(), u"down"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"2 of 3 instances up"_s), 3000);
    QVERIFY2(m_window->statusText().contains(m_proxies[1]->url().toDisplayString()),
             qPrintable(m_window->statusText()));
    QCOMPARE(m_session->state(), DashboardSession::State::Connected);
    QVERIFY(!bannerSeen);

    // It comes back: marked up again at the next probe, and nothing else changes.
    m_proxies[0]->setRefuse(false);
    m_clock->advance(2s); // past its back-off on the dashboard's clock
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    QCOMPARE(holderRows(), 2);
    QVERIFY(!bannerSeen);
}

void TestInstanceFailover::noInstanceAnsweringShowsTheBanner()
{
    QVERIFY(checkout(u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    for (const auto &proxy : m_proxies)
        proxy->setRefuse(true);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 0, 5000);
    QCOMPARE(holderRows(), 1);
    m_proxies[2]->setRefuse(false);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isHidden(), 5000);
}

// Walk 47, finding 5: during a database outage /v1/stats itself answers 503
// database_unavailable, so the health view showed the instance "down" and the database it had
// left as if reachable. The instance answers: "up, database unavailable", and the database column
// says since when (the dashboard's clock, when it first met the 503). In French, the tables say it
// in French and keep the server's English in the tooltip (finding 7).
void TestInstanceFailover::instanceWithoutItsDatabaseIsUpButUnavailableSince()
{
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    const QByteArray body
        = R"({"error":"database_unavailable","message":"database unavailable; the request was not carried out: retry it"})";
    // GET /v1/time and /v1/public-key need no database; everything else is refused.
    m_proxies[0]->tamperResponses([body](const QByteArray &response) {
        if (response.contains(R"({"now":)") || response.contains(R"("publicKey":)"))
            return response;
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    });
    const QDateTime firstSeen = m_clock->now();
    const QString since = firstSeen.toLocalTime().toString(u"HH:mm:ss"_s);
    const auto cell = [this](int row, int column, int role = Qt::DisplayRole) {
        return m_panel->view()->model()->index(row, column).data(role).toString();
    };
    QTRY_COMPARE_WITH_TIMEOUT(health().at(0).status, InstanceHealth::Status::DatabaseDown, 5000);
    QCOMPARE(cell(0, InstanceHealthModel::StatusColumn), u"answers, no database"_s);
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn), u"unavailable since %1"_s.arg(since));
    QCOMPARE(cell(0, InstanceHealthModel::ErrorColumn), u"database unavailable"_s);
    QVERIFY2(cell(0, InstanceHealthModel::ErrorColumn, Qt::ToolTipRole).contains(u"the request was not carried out"_s),
             qPrintable(cell(0, InstanceHealthModel::ErrorColumn, Qt::ToolTipRole)));
    QCOMPARE(cell(1, InstanceHealthModel::StatusColumn), u"up"_s);
    // Its /v1/time answers keep coming: the state does not flip back to "up" with them (not even
    // for a moment), and "since" stays the first 503's time.
    bool flippedToUp = false;
    const auto flips = connect(&health(), &QAbstractItemModel::dataChanged, this, [&] {
        flippedToUp = flippedToUp || health().at(0).status != InstanceHealth::Status::DatabaseDown;
    });
    const int probes = m_proxies[0]->tamperedResponses();
    m_clock->advance(3s);
    QTRY_VERIFY_WITH_TIMEOUT(m_proxies[0]->tamperedResponses() >= probes + 2, 5000);
    disconnect(flips);
    QVERIFY(!flippedToUp);
    QCOMPARE(health().at(0).status, InstanceHealth::Status::DatabaseDown);
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn), u"unavailable since %1"_s.arg(since));
    // The status bar and the summary say the same as the rows, neither "down" nor all up.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"2 of 3 instances up · 1 without database"_s), 3000);
    QVERIFY2(m_panel->findChild<QLabel *>(u"instanceHealthSummary"_s)->text().contains(u"2 of 3 up; requests go to"_s),
             qPrintable(m_panel->findChild<QLabel *>(u"instanceHealthSummary"_s)->text()));

    // The Fleet page lists every instance of the site, as the health view does, and says that
    // the instance answered with an error (not "no answer"), in the interface's language.
    auto *fleetSummary = m_window->findChild<QLabel *>(u"summaryLabel"_s);
    auto *fleetServers = m_window->findChild<QTableView *>(u"serversTable"_s);
    QVERIFY(fleetSummary && fleetServers);
    QTest::mouseClick(m_window->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(fleetSummary->text(), u"Servers with usage statistics: 2 of 3; 1 answers with an error"_s,
                              5000);
    const auto fleetCell = [fleetServers](int row, int role = Qt::DisplayRole) {
        return fleetServers->model()->index(row, 1).data(role).toString();
    };
    QCOMPARE(fleetServers->model()->index(0, 0).data().toString(), m_proxies[0]->url().toDisplayString());
    QCOMPARE(fleetCell(0), u"error: database unavailable"_s);
    QVERIFY2(fleetCell(0, Qt::ToolTipRole).contains(u"the request was not carried out"_s),
             qPrintable(fleetCell(0, Qt::ToolTipRole)));

    QCOMPARE(m_dashboard->languages().apply(u"fr"_s), u"fr"_s);
    QCOMPARE(fleetCell(0), u"erreur : base de données indisponible"_s);
    QCOMPARE(cell(0, InstanceHealthModel::StatusColumn), u"répond, sans base"_s);
    QCOMPARE(cell(0, InstanceHealthModel::ErrorColumn), u"base de données indisponible"_s);
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn), u"indisponible depuis %1"_s.arg(since));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"2 instances sur 3 en service"_s), 3000);
    // On the Fleet page the site's health view comes first (it was below the fold at 1280x720 and
    // 150 %), and no header of it is cut ("Dernière erreur" was).
    auto *fleetHealth = m_window->findChild<InstanceHealthPanel *>();
    QVERIFY(fleetHealth);
    auto *tabs = m_window->findChild<QTabWidget *>();
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i)->isAncestorOf(fleetHealth))
            tabs->setCurrentIndex(i);
    }
    QTRY_VERIFY(fleetHealth->isVisible() && fleetHealth->view()->height() > 0);
    QApplication::processEvents();
    QVERIFY(fleetHealth->mapTo(m_window, QPoint(0, 0)).y() < fleetServers->mapTo(m_window, QPoint(0, 0)).y());
    QHeaderView *header = fleetHealth->view()->horizontalHeader();
    for (int column = 0; column < InstanceHealthModel::ColumnCount; ++column) {
        const QString title = fleetHealth->view()->model()->headerData(column, Qt::Horizontal).toString();
        QVERIFY2(header->sectionSize(column) > header->fontMetrics().horizontalAdvance(title),
                 qPrintable(u"%1: %2 px"_s.arg(title).arg(header->sectionSize(column))));
    }
    // Every row in view without scrolling the table.
    QVERIFY(fleetHealth->view()->verticalScrollBar()->maximum() == 0);
    QCOMPARE(m_dashboard->languages().apply(u"en"_s), u"en"_s);

    // The database is back: the next /v1/stats answer clears it.
    m_proxies[0]->tamperResponses({});
    m_clock->advance(3s); // past its back-off
    QTRY_COMPARE_WITH_TIMEOUT(health().at(0).status, InstanceHealth::Status::Up, 5000);
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn), QString());
    QCOMPARE(cell(0, InstanceHealthModel::ErrorColumn), QString());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"3 of 3 instances up"_s), 3000);
    QVERIFY(!m_window->statusText().contains(u"without database"_s));
}

// Walk 48, findings 2 and 4 to 7, on a window of 853x480 (1280x720 at 150 %): a site of three
// instances on PostgreSQL, one of them killed, then the database gone and back on another primary.
void TestInstanceFailover::siteWideOutageReadsOneWayAndEndsWhenTheServerServes()
{
    // Polls far apart, as in use: the back-off after a failure outlasts every wait below.
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {
        .clock = m_clock.get(), .pollInterval = 20s, .maxBackoff = 30s, .healthInterval = 0s, .size = QSize(853, 480)});
    QString primary = u"10.0.0.1:5432"_s;
    for (const auto &proxy : m_proxies)
        proxy->tamperResponses([&primary](const QByteArray &response) { return onPrimary(response, primary); });
    openWindow();
    auto *fleetHealth = m_window->findChild<InstanceHealthPanel *>();
    auto *fleetSummary = m_window->findChild<QLabel *>(u"summaryLabel"_s);
    auto *fleetServers = m_window->findChild<QTableView *>(u"serversTable"_s);
    auto *healthSummary = fleetHealth->findChild<QLabel *>(u"instanceHealthSummary"_s);
    QVERIFY(fleetHealth && fleetSummary && fleetServers && healthSummary);
    auto *tabs = m_window->findChild<QTabWidget *>();
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i)->isAncestorOf(fleetHealth))
            tabs->setCurrentIndex(i);
    }
    QTableView *view = fleetHealth->view();
    const auto cell = [view](int row, int column, int role = Qt::DisplayRole) {
        return view->model()->index(row, column).data(role);
    };
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    for (int row = 0; row < 3; ++row) {
        QTRY_COMPARE_WITH_TIMEOUT(cell(row, InstanceHealthModel::DatabaseColumn).toString(), primary, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(row, InstanceHealthModel::OffsetColumn).toString().isEmpty(), 5000);
    }
    const QString reportedAt = m_clock->now().toLocalTime().toString(u"HH:mm:ss"_s);
    // Finding 7, second half: "Last poll" ages between the Servers block's polls (it stayed "just
    // now" through a back-off).
    const auto lastPoll = [fleetServers](int row) { return fleetServers->model()->index(row, 3).data().toString(); };
    QTest::mouseClick(m_window->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
    FleetModel *fleet = m_window->findChild<FleetView *>()->fleet();
    const auto fleetPolling = [fleet] {
        return std::any_of(fleet->servers().cbegin(), fleet->servers().cend(),
                           [](const FleetServerStatus &server) { return server.polling; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(!fleetPolling(), 5000);
    QCOMPARE(lastPoll(0), u"just now"_s);
    // What the table shows is what it was last told: it must hear that the ages changed.
    bool agesRepainted = false;
    const auto ages = connect(fleetServers->model(), &QAbstractItemModel::dataChanged, this,
                              [&](const QModelIndex &from, const QModelIndex &to) {
                                  agesRepainted = agesRepainted
                                      || (from.row() == 0 && from.column() <= 3 && to.column() >= 3
                                          && from.data().isValid() && lastPoll(0) == u"5 s ago"_s);
                              });
    m_clock->advance(5s);
    QTRY_VERIFY_WITH_TIMEOUT(agesRepainted, 3000);
    disconnect(ages);
    QCOMPARE(lastPoll(0), u"5 s ago"_s);

    // Finding 5: a down instance's last report is shown as such, greyed and in italics, with its time.
    // Polls now, or as soon as the one in flight ends (refresh() does not start a second one).
    const auto pollNow = [this] {
        m_session->refresh();
        return true; // polled, and the condition not met yet
    };
    m_proxies[2]->setRefuse(true);
    QTRY_VERIFY_WITH_TIMEOUT(cell(2, InstanceHealthModel::StatusColumn).toString() == u"down"_s || !pollNow(), 5000);
    for (const int column : {InstanceHealthModel::DatabaseColumn, InstanceHealthModel::RoundTripColumn,
                             InstanceHealthModel::OffsetColumn}) {
        QVERIFY(!cell(2, column).toString().isEmpty());
        QVERIFY2(cell(2, column, Qt::FontRole).value<QFont>().italic(), qPrintable(QString::number(column)));
        QCOMPARE(cell(2, column, Qt::ForegroundRole).value<QBrush>().color(),
                 StatePalette::colour(StatePalette::Muted));
        QCOMPARE(cell(2, column, Qt::ToolTipRole).toString(),
                 u"Last reported at %1; the instance does not answer now."_s.arg(reportedAt));
        // The live instances' cells are not.
        QVERIFY(!cell(0, column, Qt::FontRole).value<QFont>().italic());
    }

    // The database goes: the two instances left answer 503.
    m_clock->advance(1s);
    const QString since = m_clock->now().toLocalTime().toString(u"HH:mm:ss"_s);
    for (int i = 0; i < 2; ++i)
        m_proxies[i]->tamperResponses(withoutDatabase);
    // No poll after the one that failed: its answers would come after the database is back.
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible() || !pollNow(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(health().databaseDownCount(), 2, 5000);

    // Finding 2: one vocabulary. "0 of 3 up" above, the rows do not say "up", and the Servers
    // block counts what it lacks, not "0 answering" beside "2 answer".
    QVERIFY2(healthSummary->text().contains(u"0 of 3 up"_s), qPrintable(healthSummary->text()));
    QVERIFY2(healthSummary->text().contains(u"2 answer but cannot reach the database"_s),
             qPrintable(healthSummary->text()));
    QCOMPARE(cell(0, InstanceHealthModel::StatusColumn).toString(), u"answers, no database"_s);
    QCOMPARE(cell(1, InstanceHealthModel::StatusColumn).toString(), u"answers, no database"_s);
    QTest::mouseClick(m_window->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(fleetSummary->text(), u"Servers with usage statistics: 0 of 3; 2 answer with an error"_s,
                              5000);

    // Finding 6: the key of the Database cell is short and in view with the Instance column, the
    // host in its tooltip.
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn).toString(), u"unavailable since %1"_s.arg(since));
    QCOMPARE(cell(0, InstanceHealthModel::DatabaseColumn, Qt::ToolTipRole).toString(),
             u"%1: unavailable since %2"_s.arg(primary, since));
    QTRY_VERIFY(fleetHealth->isVisible() && view->height() > 0);
    QApplication::processEvents();
    QCOMPARE(view->horizontalScrollBar()->value(), 0);
    const QRect databaseCell = view->visualRect(view->model()->index(0, InstanceHealthModel::DatabaseColumn));
    QVERIFY2(
        databaseCell.right() <= view->viewport()->width(),
        qPrintable(u"cell ends at %1, viewport %2 wide"_s.arg(databaseCell.right()).arg(view->viewport()->width())));
    QVERIFY(databaseCell.width()
            >= view->fontMetrics().horizontalAdvance(cell(0, InstanceHealthModel::DatabaseColumn).toString()));

    // The Fleet page's own requests are answered (its next poll is 15 s away): what ends the
    // outage below is the session's own doing.
    m_clock->advance(4s);
    QTRY_VERIFY_WITH_TIMEOUT(!fleetPolling(), 5000);

    // The database is back, on another primary, and the killed instance restarts.
    primary = u"10.0.0.2:5432"_s;
    for (const auto &proxy : m_proxies)
        proxy->tamperResponses([&primary](const QByteArray &response) { return onPrimary(response, primary); });
    m_proxies[2]->setRefuse(false);
    // Finding 4: no instance reads "up" beside the primary that failed, not even for a moment.
    QStringList upOnTheOldPrimary;
    const auto watch = connect(&health(), &QAbstractItemModel::dataChanged, this, [&] {
        for (int row = 0; row < 3; ++row) {
            if (cell(row, InstanceHealthModel::StatusColumn).toString() == u"up"_s
                && cell(row, InstanceHealthModel::DatabaseColumn).toString() == u"10.0.0.1:5432"_s)
                upOnTheOldPrimary << health().at(row).url.toDisplayString();
        }
    });
    // Finding 7: the health probe ends the outage display within seconds, though the next poll
    // is due later.
    QVERIFY(m_session->nextTryAt().isValid());
    QVERIFY(m_clock->now().secsTo(m_session->nextTryAt()) >= 10);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isHidden(), 4000);
    // Finding 2, after recovery: the instances answered 503 all along; it is their database that
    // was away, for 4 s on the dashboard's clock.
    QCOMPARE(m_window->statusBar()->currentMessage(), u"The database is back after 4 s; the data shown is current."_s);
    // Walk 49, finding 6: whole at 853x480 (1280x720 at 150 %), where "The database" was all that
    // showed; the server's state gives way for the message's 8 s, whole in its tooltip. In French too.
    QStatusBar *bar = m_window->statusBar();
    const auto messageFits = [bar](const QString &language) {
        QApplication::processEvents();
        int room = bar->width() - 12;
        for (auto *label : bar->findChildren<QLabel *>())
            if (label->isVisible() && label->x() > 0)
                room = std::min(room, label->x() - 2);
        if (const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR"); !dir.isEmpty())
            bar->window()->grab().save(u"%1/status-bar-after-outage-%2.png"_s.arg(dir, language));
        const bool fits = 6 + bar->fontMetrics().horizontalAdvance(bar->currentMessage()) <= room;
        if (!fits)
            qWarning("\"%s\" in %d pixels", qPrintable(bar->currentMessage()), room);
        return fits;
    };
    QVERIFY(messageFits(u"en"_s));
    QCOMPARE(bar->toolTip(), bar->currentMessage());
    QCOMPARE(m_dashboard->languages().apply(u"fr"_s), u"fr"_s);
    const QString french = QCoreApplication::translate("keyright::MainWindow",
                                                       "The database is back after %1 s; the data shown is current.")
                               .arg(4);
    QVERIFY(french.startsWith(u"La base de données"_s));
    QApplication::processEvents(); // the labels in French first, as when the message comes in use
    bar->showMessage(french, 8000);
    QVERIFY(messageFits(u"fr"_s));
    QCOMPARE(m_dashboard->languages().apply(u"en"_s), u"en"_s);
    QApplication::processEvents();
    // The restarted instance is asked again once its back-off is over.
    m_clock->advance(60s);
    QTRY_VERIFY_WITH_TIMEOUT(pollNow() && health().upCount() == 3, 5000);
    for (int row = 0; row < 3; ++row)
        QTRY_COMPARE_WITH_TIMEOUT(cell(row, InstanceHealthModel::DatabaseColumn).toString(), primary, 5000);
    disconnect(watch);
    QVERIFY2(upOnTheOldPrimary.isEmpty(), qPrintable(upOnTheOldPrimary.join(u", "_s)));
    // The counts on the screen agree, without waiting for the Servers block's own poll.
    QTRY_COMPARE_WITH_TIMEOUT(fleetSummary->text(), u"Servers with usage statistics: 3 of 3"_s, 3000);
    QVERIFY2(healthSummary->text().contains(u"3 of 3 up"_s), qPrintable(healthSummary->text()));
    QVERIFY(!cell(2, InstanceHealthModel::DatabaseColumn, Qt::FontRole).value<QFont>().italic());
    for (const auto &proxy : m_proxies)
        proxy->tamperResponses({});
}

// Walk 49, finding 2: once one instance answers with its database again, the others still
// marked "answers, no database" are asked at once, not at the next health probe (3-4 s later in
// use; never here, where the clock does not move).
void TestInstanceFailover::databaseBackOnOneInstanceAsksTheOthersAtOnce()
{
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {
        .clock = m_clock.get(), .pollInterval = 20s, .maxBackoff = 30s, .healthInterval = 60s});
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    for (const auto &proxy : m_proxies)
        proxy->tamperResponses(withoutDatabase);
    // The next poll probes every instance again: all three answer 503.
    QSet<QUrl> probed;
    const auto probes = connect(m_session, &DashboardSession::instanceStatsArrived, this,
                                [&probed](const QUrl &instance) { probed.insert(instance); });
    m_clock->advance(61s);
    // Polls now, or as soon as the one in flight ends (refresh() does not start a second one).
    const auto pollNow = [this] {
        m_session->refresh();
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(probed.size() == 3 || !pollNow(), 5000);
    disconnect(probes);
    QTRY_COMPARE_WITH_TIMEOUT(health().databaseDownCount(), 3, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible() && !m_session->isPollInFlight(), 5000);

    // The database is back. The clock stands still from here: no probe is due for a minute.
    for (const auto &proxy : m_proxies)
        proxy->tamperResponses({});
    m_session->refresh();
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 3000);
    QCOMPARE(health().databaseDownCount(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"3 of 3 instances up"_s), 3000);
    QVERIFY(!m_window->statusText().contains(u"without database"_s));
}

// Walk 49, finding 4: after View > Language the Servers table of the Fleet page said "pas de
// réponse : connection refused by ..." (here the proxy closes instead) until its next poll, 15 s away (never, here: the
// clock stands still).
void TestInstanceFailover::languageSwitchRetranslatesTheServersTable()
{
    // Polls far apart, as in use: nothing but the language change asks the instances again.
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {
        .clock = m_clock.get(), .pollInterval = 20s, .maxBackoff = 30s, .healthInterval = 60s});
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 5000);
    m_proxies[2]->setRefuse(true);
    auto *fleetServers = m_window->findChild<QTableView *>(u"serversTable"_s);
    QVERIFY(fleetServers);
    const auto status = [fleetServers] { return fleetServers->model()->index(2, 1).data().toString(); };
    const QString where = u"%1:%2"_s.arg(m_proxies[2]->url().host()).arg(m_proxies[2]->url().port());
    QTest::mouseClick(m_window->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(status(), u"no answer: connection closed by %1 before it answered"_s.arg(where), 5000);

    // The site's health summary too, at once: nothing else would write it again (it stayed French
    // after switching back until an instance changed, seen under load in this very file).
    auto *healthSummary = m_window->findChild<QLabel *>(u"instanceHealthSummary"_s);
    QVERIFY(healthSummary);
    QVERIFY2(healthSummary->text().contains(u"Instances of this site"_s), qPrintable(healthSummary->text()));

    QCOMPARE(m_dashboard->languages().apply(u"fr"_s), u"fr"_s);
    QTRY_VERIFY2_WITH_TIMEOUT(healthSummary->text().contains(u"Instances de ce site"_s),
                              qPrintable(healthSummary->text()), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(status(), u"pas de réponse : connexion fermée par %1 avant sa réponse"_s.arg(where),
                              3000);
    QCOMPARE(m_dashboard->languages().apply(u"en"_s), u"en"_s);
    QTRY_VERIFY2_WITH_TIMEOUT(healthSummary->text().contains(u"Instances of this site"_s),
                              qPrintable(healthSummary->text()), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(status(), u"no answer: connection closed by %1 before it answered"_s.arg(where), 3000);
}

void TestInstanceFailover::connectionDialogChecksTheInstanceListAsTyped()
{
    ConnectionProfileStore store(m_dashboard->settings(), m_dashboard->filePath(u"tokens"_s));
    ConnectionDialog dialog(store, {});
    auto *name = dialog.findChild<QLineEdit *>(u"profileName"_s);
    auto *urls = dialog.findChild<QLineEdit *>(u"serverUrl"_s);
    auto *state = dialog.findChild<QLabel *>(u"serverUrlState"_s);
    auto *connectButton = dialog.findChild<QPushButton *>(u"connect"_s);
    auto *tokenFile = dialog.findChild<QLineEdit *>(u"tokenFile"_s);
    QVERIFY(name && urls && state && connectButton && tokenFile);
    QTest::keyClicks(name, u"site"_s);
    QTest::keyClicks(urls, u"https://a.example:7400, b.example"_s);
    QVERIFY(!connectButton->isEnabled());
    QVERIFY2(state->text().contains(u"\"b.example\" is not a server URL"_s), qPrintable(state->text()));
    QTest::keyClicks(urls, u":7400"_s);
    QVERIFY(!connectButton->isEnabled());
    urls->setText(u"https://a.example:7400, https://b.example:7400, https://c.example:7400"_s);
    QVERIFY(connectButton->isEnabled());
    QVERIFY2(state->text().contains(u"3 instances of one site"_s), qPrintable(state->text()));
    tokenFile->setText(m_dashboard->filePath(u"admin-token"_s));
    QVERIFY(dialog.saveForm());
    const auto saved = store.profile(u"site"_s);
    QVERIFY(saved);
    QCOMPARE(saved->instanceUrls().size(), 3);
    QCOMPARE(saved->otherInstances.constLast(), QUrl(u"https://c.example:7400"_s));
}

QTEST_MAIN(TestInstanceFailover)
#include "tst_instancefailover.moc"
