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
#include "SystemClock.h"
#include "TestServer.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

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
    QCOMPARE(cell(0, InstanceHealthModel::StatusColumn), u"up, no database"_s);
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
    QTRY_COMPARE_WITH_TIMEOUT(fleetSummary->text(), u"Servers answering: 2 of 3"_s, 5000);
    const auto fleetCell = [fleetServers](int row, int role = Qt::DisplayRole) {
        return fleetServers->model()->index(row, 1).data(role).toString();
    };
    QCOMPARE(fleetServers->model()->index(0, 0).data().toString(), m_proxies[0]->url().toDisplayString());
    QCOMPARE(fleetCell(0), u"error: database unavailable"_s);
    QVERIFY2(fleetCell(0, Qt::ToolTipRole).contains(u"the request was not carried out"_s),
             qPrintable(fleetCell(0, Qt::ToolTipRole)));

    QCOMPARE(m_dashboard->languages().apply(u"fr"_s), u"fr"_s);
    QCOMPARE(fleetCell(0), u"erreur : base de données indisponible"_s);
    QCOMPARE(cell(0, InstanceHealthModel::StatusColumn), u"en service, sans base"_s);
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
