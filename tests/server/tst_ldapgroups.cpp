// Holder groups from LDAP (issue 28) against a real slapd of the test's own (SlapdDirectory): the
// members of a directory group become the group's holder patterns and a seat rule on the group
// admits and denies by them; a change in the directory is picked up at the next round; with the
// directory down the last members stay and the group says it is stale, with the error; StartTLS
// with the directory's certificate, and refused with another; a bind password file others may read
// is refused; a change of the groups through the API cannot change a directory group. The server
// runs in this process; the rounds run on real time (a short sync interval).

#include "InstanceCluster.h"
#include "LeaseServer.h"
#include "PgTestDatabase.h"
#include "ServerConfig.h"
#include "SlapdDirectory.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "ldap/LdapGroupSync.h"
#include "seats/LicenseAdmin.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QTcpServer>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

const QString renderEntry = uR"(dn: cn=render,ou=groups,dc=example,dc=org
objectClass: posixGroup
cn: render
gidNumber: 5000
memberUid: alice
memberUid: bob
)"_s;

} // namespace

class TestLdapGroups : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void membersBecomeTheGroupAndItsRuleDecides();
    void aChangeInTheDirectoryIsPickedUpAtTheNextRound();
    void aDirectoryDownKeepsTheMembersAndSaysStale();
    void startTlsChecksTheDirectorysCertificate();
    void aSilentDirectoryIsCutAtTheTimeoutOffTheEventLoop();
    void aPasswordFileOthersCanReadIsRefused();
    void theApiCannotChangeADirectoryGroup();
    void twoInstancesOnPostgresWriteEachChangeOnce();

private:
    // Starts the server with the directory's group "render" (memberUid under ou=groups).
    void startServer(const std::function<void(server::LdapSettings &)> &adjust = {});
    // Waits (bounded) for `rounds` more rounds to be applied.
    bool waitForRounds(int rounds);
    QJsonObject groupNamed(const QString &name);
    QByteArray createLicenseAllowingRender(const QString &id);
    HttpResult checkout(const QString &licenseId, const QByteArray &key, const QString &holder);

    std::unique_ptr<SlapdDirectory> m_directory;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
};

void TestLdapGroups::init()
{
    m_directory = std::make_unique<SlapdDirectory>();
    KEYRIGHT_REQUIRE_LDAP_OR_SKIP(*m_directory);
    QString error;
    QVERIFY2(m_directory->start(renderEntry, &error), qPrintable(error));
}

void TestLdapGroups::cleanup()
{
    m_http.reset();
    m_server.reset();
    m_directory.reset();
}

void TestLdapGroups::startServer(const std::function<void(server::LdapSettings &)> &adjust)
{
    server::LdapSettings ldap;
    ldap.url = m_directory->url();
    ldap.bindDn = QString::fromLatin1(SlapdDirectory::adminDn);
    ldap.bindPasswordFile = m_directory->passwordFile();
    ldap.syncInterval = 200ms;
    ldap.timeout = 3s;
    ldap.groups = {server::LdapGroupConfig {u"render"_s, QString::fromLatin1(SlapdDirectory::groupsDn),
                                            u"(cn=render)"_s, u"memberUid"_s, u"*"_s}};
    if (adjust)
        adjust(ldap);
    m_server = std::make_unique<TestServer>(TestServer::Options {
        .reapInterval = 0s, .configure = [ldap](server::ServerConfig &config) { config.ldap = ldap; }});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    QVERIFY(m_server->leaseServer().ldapSync());
    m_http = std::make_unique<TestHttp>(m_server->url());
    QVERIFY(waitForRounds(1));
}

bool TestLdapGroups::waitForRounds(int rounds)
{
    server::LdapGroupSync *sync = m_server->leaseServer().ldapSync();
    const int target = sync->roundsApplied() + rounds;
    return QTest::qWaitFor([&] { return sync->roundsApplied() >= target; }, 15'000);
}

QJsonObject TestLdapGroups::groupNamed(const QString &name)
{
    const auto answer = m_http->get(u"/v1/groups"_s, m_server->adminAuthorization());
    for (const QJsonValue &group : answer.json().value("groups"_L1).toArray()) {
        if (group.toObject().value("name"_L1).toString() == name)
            return group.toObject();
    }
    return {};
}

QByteArray TestLdapGroups::createLicenseAllowingRender(const QString &id)
{
    const QByteArray key = m_server->createLicense(id, 3, 60s, 5s, 15s);
    const auto put = m_http->put(u"/v1/licenses/%1/rules"_s.arg(id),
                                 {{u"rules"_s, QJsonObject {{u"allow"_s, QJsonArray {u"render"_s}}}}},
                                 m_server->adminAuthorization());
    if (put.status != 200)
        qWarning("the rules were refused: %d", put.status);
    return "License " + key;
}

HttpResult TestLdapGroups::checkout(const QString &licenseId, const QByteArray &key, const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(licenseId), {{u"holder"_s, holder}}, key);
}

void TestLdapGroups::membersBecomeTheGroupAndItsRuleDecides()
{
    startServer();
    const QJsonObject render = groupNamed(u"render"_s);
    QCOMPARE(render.value("patterns"_L1).toArray(), (QJsonArray {u"alice@*"_s, u"bob@*"_s}));
    const QJsonObject source = render.value("ldap"_L1).toObject();
    QCOMPARE(source.value("url"_L1).toString(), m_directory->url());
    QCOMPARE(source.value("attribute"_L1).toString(), u"memberUid"_s);
    QCOMPARE(source.value("stale"_L1).toBool(true), false);
    QVERIFY(source.contains("lastSyncAt"_L1));
    QVERIFY(!source.contains("lastError"_L1));

    const QByteArray key = createLicenseAllowingRender(u"cad"_s);
    QCOMPARE(checkout(u"cad"_s, key, u"alice@ws-1"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@render-7"_s).status, 201);
    const auto carol = checkout(u"cad"_s, key, u"carol@ws-1"_s);
    QCOMPARE(carol.status, 403);
    QCOMPARE(carol.errorCode(), u"holder_not_allowed"_s);

    // The lease listing carries the group with its source too (the dashboard reads it there).
    const auto listing = m_http->get(u"/v1/licenses/cad/leases"_s, m_server->adminAuthorization());
    const QJsonArray groups = listing.json().value("groups"_L1).toArray();
    QCOMPARE(groups.size(), 1);
    QVERIFY(groups.first().toObject().contains("ldap"_L1));

    // Rounds that find the same members write nothing: one groups_changed, by "ldap".
    QVERIFY(waitForRounds(3));
    const auto events = m_http->get(u"/v1/events?kind=groups_changed&limit=100"_s, m_server->adminAuthorization());
    const QJsonArray changes = events.json().value("events"_L1).toArray();
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes.first().toObject().value("actor"_L1).toString(), u"ldap"_s);
}

void TestLdapGroups::aChangeInTheDirectoryIsPickedUpAtTheNextRound()
{
    startServer();
    const QByteArray key = createLicenseAllowingRender(u"cad"_s);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-1"_s).status, 403);
    QString error;
    QVERIFY2(m_directory->modify(u"dn: cn=render,ou=groups,dc=example,dc=org\nchangetype: modify\n"
                                 "add: memberUid\nmemberUid: carol\n-\ndelete: memberUid\nmemberUid: bob\n"_s,
                                 &error),
             qPrintable(error));
    QVERIFY(QTest::qWaitFor(
        [&] {
            return groupNamed(u"render"_s).value("patterns"_L1).toArray() == QJsonArray {u"alice@*"_s, u"carol@*"_s};
        },
        15'000));
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-1"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-2"_s).status, 403);
}

void TestLdapGroups::aDirectoryDownKeepsTheMembersAndSaysStale()
{
    startServer();
    const QString lastSync = groupNamed(u"render"_s).value("ldap"_L1).toObject().value("lastSyncAt"_L1).toString();
    QVERIFY(!lastSync.isEmpty());
    m_directory->stop();
    QVERIFY(QTest::qWaitFor(
        [&] { return groupNamed(u"render"_s).value("ldap"_L1).toObject().contains("lastError"_L1); }, 15'000));
    const QJsonObject render = groupNamed(u"render"_s);
    QCOMPARE(render.value("patterns"_L1).toArray(), (QJsonArray {u"alice@*"_s, u"bob@*"_s}));
    const QJsonObject source = render.value("ldap"_L1).toObject();
    QCOMPARE(source.value("stale"_L1).toBool(), true);
    QCOMPARE(source.value("lastSyncAt"_L1).toString(), lastSync);
    QVERIFY2(source.value("lastError"_L1).toString().contains(m_directory->url()),
             qPrintable(source.value("lastError"_L1).toString()));
    const QByteArray key = createLicenseAllowingRender(u"cad"_s);
    QCOMPARE(checkout(u"cad"_s, key, u"alice@ws-1"_s).status, 201);

    // Back up: the next round clears the error.
    QString error;
    QVERIFY2(m_directory->restart(&error), qPrintable(error));
    QVERIFY(QTest::qWaitFor(
        [&] { return !groupNamed(u"render"_s).value("ldap"_L1).toObject().value("stale"_L1).toBool(true); }, 15'000));
}

void TestLdapGroups::startTlsChecksTheDirectorysCertificate()
{
    startServer([this](server::LdapSettings &ldap) {
        ldap.startTls = true;
        ldap.caFile = m_directory->caFile();
    });
    QJsonObject render = groupNamed(u"render"_s);
    QCOMPARE(render.value("patterns"_L1).toArray(), (QJsonArray {u"alice@*"_s, u"bob@*"_s}));
    QCOMPARE(render.value("ldap"_L1).toObject().value("stale"_L1).toBool(true), false);
    m_server.reset();

    // Another authority than the one that signed the directory's certificate: refused.
    SlapdDirectory other;
    QString error;
    QVERIFY2(other.start({}, &error), qPrintable(error));
    startServer([&other](server::LdapSettings &ldap) {
        ldap.startTls = true;
        ldap.caFile = other.caFile();
    });
    render = groupNamed(u"render"_s);
    QVERIFY(render.isEmpty() || render.value("patterns"_L1).toArray().isEmpty());
    const auto groups = m_http->get(u"/v1/groups"_s, m_server->adminAuthorization());
    QCOMPARE(groups.json().value("groups"_L1).toArray().size(), 0);
    const auto source = m_server->leaseServer().licenseAdmin()->directoryGroup(u"render"_s);
    QVERIFY(source);
    QVERIFY(source->stale());
    QVERIFY2(source->lastError.contains(u"StartTLS"_s), qPrintable(source->lastError));
}

void TestLdapGroups::aSilentDirectoryIsCutAtTheTimeoutOffTheEventLoop()
{
    // A directory that accepts the connection and never answers: the bind is cut at ldap-timeout,
    // and meanwhile the server answers requests (the round runs on its own thread).
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    server::LdapSettings ldap;
    ldap.url = u"ldap://127.0.0.1:%1"_s.arg(silent.serverPort());
    ldap.syncInterval = 1h;
    ldap.timeout = 1500ms;
    ldap.groups = {server::LdapGroupConfig {u"render"_s, QString::fromLatin1(SlapdDirectory::groupsDn),
                                            u"(cn=render)"_s, u"memberUid"_s, u"*"_s}};
    m_server = std::make_unique<TestServer>(TestServer::Options {
        .reapInterval = 0s, .configure = [ldap](server::ServerConfig &config) { config.ldap = ldap; }});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_http = std::make_unique<TestHttp>(m_server->url());
    QElapsedTimer elapsed;
    elapsed.start();
    server::LdapGroupSync *sync = m_server->leaseServer().ldapSync();
    QCOMPARE(sync->roundsApplied(), 0);
    QCOMPARE(m_http->get(u"/v1/health"_s).status, 200);
    QCOMPARE(sync->roundsApplied(), 0); // still waiting for the directory
    QVERIFY(QTest::qWaitFor([&] { return sync->roundsApplied() == 1; }, 15'000));
    QVERIFY2(elapsed.elapsed() < 10'000, qPrintable(QString::number(elapsed.elapsed())));
    const auto source = m_server->leaseServer().licenseAdmin()->directoryGroup(u"render"_s);
    QVERIFY(source && source->stale());
    QVERIFY2(source->lastError.contains(u"Timed out"_s, Qt::CaseInsensitive), qPrintable(source->lastError));
}

void TestLdapGroups::aPasswordFileOthersCanReadIsRefused()
{
    QVERIFY(QFile::setPermissions(m_directory->passwordFile(),
                                  QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
    startServer();
    const auto source = m_server->leaseServer().licenseAdmin()->directoryGroup(u"render"_s);
    QVERIFY(source);
    QVERIFY(source->stale());
    QVERIFY2(source->lastError.contains(u"chmod 600"_s), qPrintable(source->lastError));
    QVERIFY(groupNamed(u"render"_s).isEmpty());
}

void TestLdapGroups::theApiCannotChangeADirectoryGroup()
{
    startServer();
    const QJsonArray asked {
        QJsonObject {{u"name"_s, u"render"_s}, {u"patterns"_s, QJsonArray {u"mallory@*"_s}}},
        QJsonObject {{u"name"_s, u"qa"_s}, {u"patterns"_s, QJsonArray {u"*@qa-*"_s}}},
    };
    const auto put = m_http->put(u"/v1/groups"_s, {{u"groups"_s, asked}}, m_server->adminAuthorization());
    QCOMPARE(put.status, 200);
    const QJsonArray saved = put.json().value("groups"_L1).toArray();
    QCOMPARE(saved.size(), 2);
    QCOMPARE(saved.at(0).toObject().value("patterns"_L1).toArray(), (QJsonArray {u"alice@*"_s, u"bob@*"_s}));
    QVERIFY(saved.at(0).toObject().contains("ldap"_L1));
    QCOMPARE(saved.at(1).toObject().value("name"_L1).toString(), u"qa"_s);

    // Left out, it stays.
    const auto without
        = m_http->put(u"/v1/groups"_s, {{u"groups"_s, QJsonArray {asked.at(1)}}}, m_server->adminAuthorization());
    QCOMPARE(without.status, 200);
    QCOMPARE(groupNamed(u"render"_s).value("patterns"_L1).toArray(), (QJsonArray {u"alice@*"_s, u"bob@*"_s}));
}

void TestLdapGroups::twoInstancesOnPostgresWriteEachChangeOnce()
{
    // Two keyright-server processes on one PostgreSQL database, configured from the command line,
    // each running its own rounds: one groups_changed per change in the directory.
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    InstanceCluster cluster(2, db.url());
    cluster.setExtraArguments(
        {u"--reap-interval"_s, u"0"_s, u"--ldap-url"_s, m_directory->url(), u"--ldap-bind-dn"_s,
         QString::fromLatin1(SlapdDirectory::adminDn), u"--ldap-bind-password-file"_s, m_directory->passwordFile(),
         u"--ldap-sync-interval"_s, u"250ms"_s, u"--ldap-timeout"_s, u"3s"_s, u"--ldap-group"_s,
         u"render; %1; (cn=render); memberUid; *"_s.arg(QString::fromLatin1(SlapdDirectory::groupsDn))});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    QList<std::shared_ptr<TestHttp>> instances;
    for (const QUrl &url : cluster.urls())
        instances.append(std::make_shared<TestHttp>(url));
    const auto renderOn = [&](TestHttp &http) {
        const auto answer = http.get(u"/v1/groups"_s, cluster.adminAuthorization());
        for (const QJsonValue &group : answer.json().value("groups"_L1).toArray()) {
            if (group.toObject().value("name"_L1).toString() == u"render"_s)
                return group.toObject();
        }
        return QJsonObject {};
    };
    const auto everyInstanceHas = [&](const QJsonArray &patterns) {
        for (const auto &http : instances) {
            const QJsonObject render = renderOn(*http);
            if (render.value("patterns"_L1).toArray() != patterns
                || render.value("ldap"_L1).toObject().value("stale"_L1).toBool(true))
                return false;
        }
        return true;
    };
    const auto changes = [&] {
        const auto events
            = instances.first()->get(u"/v1/events?kind=groups_changed&limit=100"_s, cluster.adminAuthorization());
        return events.json().value("events"_L1).toArray().size();
    };
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return everyInstanceHas(QJsonArray {u"alice@*"_s, u"bob@*"_s});
                 },
                 20'000),
             qPrintable(cluster.output()));
    QTest::qWait(1500); // several rounds of each instance
    QCOMPARE(changes(), 1);

    QVERIFY2(m_directory->modify(u"dn: cn=render,ou=groups,dc=example,dc=org\nchangetype: modify\n"
                                 "add: memberUid\nmemberUid: carol\n"_s,
                                 &error),
             qPrintable(error));
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return everyInstanceHas(QJsonArray {u"alice@*"_s, u"bob@*"_s, u"carol@*"_s});
                 },
                 20'000),
             qPrintable(cluster.output()));
    QTest::qWait(1500);
    QCOMPARE(changes(), 2);
}

QTEST_GUILESS_MAIN(TestLdapGroups)
#include "tst_ldapgroups.moc"
