#include "AdminClient.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "ErrorBanner.h"
#include "InstanceCluster.h"
#include "InstanceHealthModel.h"
#include "InstanceHealthPanel.h"
#include "MainWindow.h"
#include "PgTestDatabase.h"
#include "SeatsPage.h"
#include "SystemClock.h"

#include <QDir>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The dashboard connected to a site of three REAL instances: three keyright-server processes on
// one PostgreSQL database (InstanceCluster), one of which is killed with SIGKILL and restarted.
// The tables keep updating through the others, the health view marks the dead one, the status bar
// counts two of three up and names the instance that answers, and no banner appears, because a
// banner means that nothing answers. tests/ui/tst_instancefailover shows the same with one
// in-process server behind three proxies; here the dashboard runs on the system clock, so every
// wait is bounded in real time.
class TestInstanceFailoverOnPostgres : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void postgresOneOfThreeRealInstancesDies();
    void healthViewScreenshot();

private:
    bool checkout(int instance, const QString &holder)
    {
        return m_dashboard->takeSeat(m_cluster->instance(instance).url(), u"acme-cad"_s, m_key, holder, 10s)
            .has_value();
    }
    int holderRows() const { return m_dashboard->holderRows(); }
    const InstanceHealthModel &health() const { return m_session->instanceHealth(); }

    std::unique_ptr<PgTestDatabase> m_db;
    std::unique_ptr<InstanceCluster> m_cluster;
    std::unique_ptr<DashboardHarness> m_dashboard;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
    std::unique_ptr<InstanceHealthPanel> m_panel;
    QByteArray m_key;
};

void TestInstanceFailoverOnPostgres::init()
{
    m_db = std::make_unique<PgTestDatabase>();
    KEYRIGHT_REQUIRE_PG_OR_SKIP(*m_db);
    m_cluster = std::make_unique<InstanceCluster>(3, m_db->url());
    m_cluster->setExtraArguments({u"--reap-interval"_s, u"1"_s});
    QString error;
    QVERIFY2(m_cluster->start(&error), qPrintable(error + m_cluster->output()));
    // On the system clock: the instances are real processes.
    m_dashboard = std::make_unique<DashboardHarness>(
        DashboardHarness::Options {.healthInterval = std::chrono::milliseconds {0}});

    AdminClient admin(m_dashboard->network(), SystemClock::instance());
    admin.setServerUrl(m_cluster->instance(1).url());
    admin.setAdminToken(m_cluster->adminToken());
    std::optional<AdminResult<LicenseWriteResult>> created;
    admin.putLicense(LicenseSpec {u"acme-cad"_s, u"ACME CAD"_s, 10, 60, 5, 15}, this,
                     [&created](const AdminResult<LicenseWriteResult> &answer) { created = answer; });
    QVERIFY(QTest::qWaitFor([&] { return created.has_value(); }, 10000));
    QVERIFY2(created->ok(), qPrintable(created->error.message));
    m_key = created->value->key.toUtf8();
}

void TestInstanceFailoverOnPostgres::cleanup()
{
    m_panel.reset();
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard.reset();
    m_cluster.reset();
    m_db.reset();
}

void TestInstanceFailoverOnPostgres::postgresOneOfThreeRealInstancesDies()
{
    QVERIFY(checkout(2, u"alice@ws-12"_s));
    m_window = &m_dashboard->build();
    m_session = &m_dashboard->session();
    m_panel = std::make_unique<InstanceHealthPanel>(*m_session);
    m_panel->resize(900, 200);
    m_panel->show();
    m_session->connectTo(m_cluster->urls(), m_cluster->adminToken(), u"site"_s);

    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"3 of 3 instances up"_s), 5000);
    QVERIFY2(m_window->statusText().contains(m_cluster->instance(0).url().toDisplayString()),
             qPrintable(m_window->statusText()));
    // Three processes, three replica ids: the health view shows them apart.
    QTRY_VERIFY_WITH_TIMEOUT(!health().at(2).replicaId.isEmpty(), 5000);
    QSet<QString> replicas;
    for (int row = 0; row < 3; ++row)
        replicas.insert(health().at(row).replicaId);
    QCOMPARE(replicas.size(), 3);
    // Each reports its database connection (issue 31): the one PostgreSQL server, reachable.
    const QUrl database(m_db->url());
    const QString server = u"%1:%2"_s.arg(database.host()).arg(database.port());
    for (int row = 0; row < 3; ++row) {
        QTRY_COMPARE_WITH_TIMEOUT(health().at(row).databaseServer, server, 5000);
        QVERIFY(!health().at(row).databaseUnavailableSince);
        QCOMPARE(m_panel->view()->model()->index(row, InstanceHealthModel::DatabaseColumn).data().toString(), server);
    }

    bool bannerSeen = false;
    QTimer watch;
    connect(&watch, &QTimer::timeout, this, [&] { bannerSeen = bannerSeen || m_window->errorBanner()->isVisible(); });
    watch.start(10);

    // The instance the dashboard polls dies; a seat is taken meanwhile through another one.
    m_cluster->kill(0);
    QVERIFY(checkout(1, u"bob@ws-07"_s));
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(health().at(0).status, InstanceHealth::Status::Down, 10000);
    QVERIFY(!health().at(0).lastError.isEmpty());
    QCOMPARE(m_panel->view()->model()->index(0, InstanceHealthModel::StatusColumn).data().toString(), u"down"_s);
    QCOMPARE(m_panel->view()->model()->index(1, InstanceHealthModel::StatusColumn).data().toString(), u"up"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"2 of 3 instances up"_s), 5000);
    QVERIFY2(!m_window->statusText().contains(m_cluster->instance(0).url().toDisplayString()),
             qPrintable(m_window->statusText()));
    QCOMPARE(m_session->state(), DashboardSession::State::Connected);
    // Still updating: a seat taken through the third instance shows too.
    QVERIFY(checkout(2, u"carol@ws-03"_s));
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 3, 10000);
    QVERIFY(!bannerSeen);

    // It comes back: marked up again once its back-off has passed, and nothing else changes.
    QString error;
    QVERIFY2(m_cluster->restart(0, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(health().upCount(), 3, 20000);
    // Its database cell comes from its own /v1/stats again (walk 48: not the one last reported).
    QTRY_COMPARE_WITH_TIMEOUT(m_panel->view()->model()->index(0, InstanceHealthModel::DatabaseColumn).data().toString(),
                              server, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"3 of 3 instances up"_s), 5000);
    QCOMPARE(holderRows(), 3);
    QCOMPARE(m_session->state(), DashboardSession::State::Connected);
    QVERIFY(!bannerSeen);
}

// docs/instance-health.png, only with KEYRIGHT_SCREENSHOT_DIR: the three real instances on their
// PostgreSQL database (so the Database column shows the server each is on), the first one killed
// with SIGKILL.
void TestInstanceFailoverOnPostgres::healthViewScreenshot()
{
    const QString screenshots = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    if (screenshots.isEmpty())
        QSKIP("set KEYRIGHT_SCREENSHOT_DIR to render docs/instance-health.png");
    const SystemClock &clock = SystemClock::instance();
    DashboardSession session(m_dashboard->network(), clock);
    session.setPollInterval(300ms);
    session.setHealthInterval(0ms);
    InstanceHealthPanel panel(session);
    panel.resize(980, 190);
    panel.show();
    session.connectTo(m_cluster->urls(), m_cluster->adminToken(), u"site"_s);
    QTRY_COMPARE_WITH_TIMEOUT(session.instanceHealth().upCount(), 3, 10000);
    for (int row = 0; row < 3; ++row)
        QTRY_VERIFY_WITH_TIMEOUT(!session.instanceHealth().at(row).databaseServer.isEmpty(), 10000);
    m_cluster->kill(0);
    QTRY_COMPARE_WITH_TIMEOUT(session.instanceHealth().at(0).status, InstanceHealth::Status::Down, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), DashboardSession::State::Connected, 10000);
    QTest::qWait(700); // one more round of probes, so the round trips are current
    panel.view()->resizeColumnsToContents();
    const QString path = QDir(screenshots).filePath(u"instance-health.png"_s);
    QVERIFY2(panel.grab().save(path), qPrintable(path));
}

QTEST_MAIN(TestInstanceFailoverOnPostgres)
#include "tst_instancefailoverpg.moc"
