#include "Crypto.h"
#include "GCounter.h"
#include "SecretBuffer.h"
#include "ServerProcess.h"
#include "TestHttp.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

constexpr int convergeTimeoutMs = 10000;

// One site: a keyright-server process with its data directory and the key of its "acme" license.
struct Site
{
    QString name;
    ServerProcess process;
    std::unique_ptr<TestHttp> http;
    QByteArray key;
    QStringList peers; // names of the sites it pulls from
};

} // namespace

// Three real keyright-server processes on loopback replicating their usage statistics: each
// pulls its peers' GET /v1/stats every 100 ms and merges. They share one admin token (the simplest
// fleet set-up in docs/STATS.md), so the file holding it is everyone's --peer-token-file.
class TestReplication : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void countsMadeWhileOneIsDownConverge();
    void relayCarriesCountsItNeverMade();
    void killDashNineLosesNoCounts();
    void deletedDataDirGetsNewIdAndLosesNothing();
    void refusesBadPeerSetup_data();
    void refusesBadPeerSetup();

private:
    Site &site(const QString &name);
    void setUpFleet(const QList<std::pair<QString, QStringList>> &topology);
    bool startSite(Site &site, bool withPeers = true);
    void prepareDataDir(const QString &dir);
    bool grant(Site &site, int times);
    QJsonObject stats(Site &site);
    GCounter::State granted(Site &site);
    QString replicaId(Site &site);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_tokenPath;
    QByteArray m_token;
    std::vector<std::unique_ptr<Site>> m_sites;
};

void TestReplication::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_token = crypto::randomHex(32).toLatin1();
    m_tokenPath = m_dir->filePath(u"fleet-token"_s);
    QString why;
    QVERIFY2(writeSecretFile(m_tokenPath, m_token, &why), qPrintable(why));
}

void TestReplication::cleanup()
{
    m_sites.clear(); // kills every process still running
    m_dir.reset();
}

Site &TestReplication::site(const QString &name)
{
    for (const auto &one : m_sites) {
        if (one->name == name)
            return *one;
    }
    qFatal("no site %s", qPrintable(name));
}

void TestReplication::prepareDataDir(const QString &dir)
{
    QVERIFY(QDir().mkpath(dir));
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QString why;
    QVERIFY2(writeSecretFile(QDir(dir).filePath(u"admin-token"_s), m_token, &why), qPrintable(why));
}

// Ports are chosen first: each site's --peer needs the others' URLs before anything starts.
void TestReplication::setUpFleet(const QList<std::pair<QString, QStringList>> &topology)
{
    for (const auto &[name, peers] : topology) {
        auto one = std::make_unique<Site>();
        one->name = name;
        one->peers = peers;
        const quint16 port = ServerProcess::pickFreePort();
        QVERIFY(port != 0);
        one->process.setPort(port);
        const QString dataDir = m_dir->filePath(name);
        prepareDataDir(dataDir);
        one->process.setDataDir(dataDir);
        one->http = std::make_unique<TestHttp>(one->process.url());
        m_sites.push_back(std::move(one));
    }
    for (const auto &one : m_sites) {
        QVERIFY(startSite(*one));
        const auto created = one->http->put(
            u"/v1/licenses/acme"_s,
            {{u"seatCount"_s, 50}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}},
            "Bearer " + m_token);
        QCOMPARE(created.status, 201);
        one->key = created.json().value("key"_L1).toString().toLatin1();
    }
}

bool TestReplication::startSite(Site &one, bool withPeers)
{
    QStringList arguments {u"--peer-interval"_s, u"100ms"_s};
    if (withPeers) {
        for (const QString &peer : one.peers)
            arguments += {u"--peer"_s, site(peer).process.url().toString()};
        if (!one.peers.isEmpty())
            arguments += {u"--peer-token-file"_s, m_tokenPath};
    }
    one.process.setExtraArguments(arguments);
    QString error;
    if (!one.process.start(&error)) {
        qWarning("%s did not start: %s", qPrintable(one.name), qPrintable(error));
        return false;
    }
    return true;
}

bool TestReplication::grant(Site &one, int times)
{
    for (int i = 0; i < times; ++i) {
        const auto reply = one.http->post(u"/v1/licenses/acme/checkout"_s,
                                          {{u"holder"_s, u"%1-%2"_s.arg(one.name).arg(i)}}, "License " + one.key);
        if (reply.status != 201)
            return false;
    }
    return true;
}

QJsonObject TestReplication::stats(Site &one)
{
    return one.http->get(u"/v1/stats"_s, "Bearer " + m_token).json();
}

GCounter::State TestReplication::granted(Site &one)
{
    return GCounter::fromJson(stats(one)["counters"_L1]["acme"_L1]["granted"_L1].toObject())
        .value_or(GCounter::State());
}

QString TestReplication::replicaId(Site &one)
{
    return stats(one).value("replicaId"_L1).toString();
}

void TestReplication::countsMadeWhileOneIsDownConverge()
{
    setUpFleet({{u"alice"_s, {u"bob"_s, u"carol"_s}},
                {u"bob"_s, {u"alice"_s, u"carol"_s}},
                {u"carol"_s, {u"alice"_s, u"bob"_s}}});
    Site &alice = site(u"alice"_s);
    Site &bob = site(u"bob"_s);
    Site &carol = site(u"carol"_s);
    const QString a = replicaId(alice), b = replicaId(bob), c = replicaId(carol);

    QVERIFY(grant(carol, 1));
    QTRY_COMPARE_WITH_TIMEOUT(granted(alice).value(c), 1u, convergeTimeoutMs);
    QVERIFY(carol.process.terminate());
    // Cut off: alice and bob go on counting and say so in their peer lists.
    QVERIFY(grant(alice, 2));
    QVERIFY(grant(bob, 3));
    QTRY_VERIFY_WITH_TIMEOUT(!stats(alice)["peers"_L1][1]["lastError"_L1].toString().isEmpty(), convergeTimeoutMs);
    QCOMPARE(stats(alice)["peers"_L1][1]["url"_L1].toString(), carol.process.url().toString());

    QVERIFY(startSite(carol));
    const GCounter::State expected {{a, 2}, {b, 3}, {c, 1}}; // the lesson's trace: 6 everywhere
    for (Site *one : {&alice, &bob, &carol})
        QTRY_COMPARE_WITH_TIMEOUT(granted(*one), expected, convergeTimeoutMs);
    QCOMPARE(GCounter::value(granted(carol)), 6u);
    QTRY_VERIFY_WITH_TIMEOUT(stats(alice)["peers"_L1][1]["lastError"_L1].isNull(), convergeTimeoutMs);
    QCOMPARE(stats(alice)["peers"_L1][1]["replicaId"_L1].toString(), c);
    for (Site *one : {&alice, &bob, &carol})
        QVERIFY(stats(*one).value("amnesia"_L1).toArray().isEmpty());
}

void TestReplication::relayCarriesCountsItNeverMade()
{
    // A line: alice - bob - carol. carol never talks to alice.
    setUpFleet({{u"alice"_s, {u"bob"_s}}, {u"bob"_s, {u"alice"_s, u"carol"_s}}, {u"carol"_s, {u"bob"_s}}});
    Site &alice = site(u"alice"_s);
    Site &bob = site(u"bob"_s);
    Site &carol = site(u"carol"_s);
    const QString a = replicaId(alice);

    QVERIFY(grant(alice, 2));
    QVERIFY(grant(carol, 1));
    QTRY_COMPARE_WITH_TIMEOUT(granted(carol).value(a), 2u, convergeTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(GCounter::value(granted(alice)), 3u, convergeTimeoutMs);
    const QJsonArray carolPeers = stats(carol).value("peers"_L1).toArray();
    QCOMPARE(carolPeers.size(), 1);
    QCOMPARE(carolPeers.at(0)["url"_L1].toString(), bob.process.url().toString());
}

void TestReplication::killDashNineLosesNoCounts()
{
    setUpFleet({{u"alice"_s, {u"bob"_s}}, {u"bob"_s, {u"alice"_s}}});
    Site &alice = site(u"alice"_s);
    Site &bob = site(u"bob"_s);
    const QString a = replicaId(alice);
    QVERIFY(grant(alice, 3));
    QTRY_COMPARE_WITH_TIMEOUT(granted(bob).value(a), 3u, convergeTimeoutMs);

    // Back without peers first, so nothing can refill its own component: what it reports is what
    // it persisted before SIGKILL.
    alice.process.kill();
    QVERIFY(startSite(alice, false));
    QCOMPARE(replicaId(alice), a);
    QCOMPARE(granted(alice).value(a), 3u);

    alice.process.kill();
    QVERIFY(startSite(alice));
    QVERIFY(grant(alice, 1));
    QTRY_COMPARE_WITH_TIMEOUT(granted(bob).value(a), 4u, convergeTimeoutMs);
    QCOMPARE(granted(alice).value(a), 4u);
    QVERIFY(stats(alice).value("amnesia"_L1).toArray().isEmpty());
    QVERIFY(stats(bob).value("amnesia"_L1).toArray().isEmpty());
}

void TestReplication::deletedDataDirGetsNewIdAndLosesNothing()
{
    setUpFleet({{u"alice"_s, {u"bob"_s, u"carol"_s}},
                {u"bob"_s, {u"alice"_s, u"carol"_s}},
                {u"carol"_s, {u"alice"_s, u"bob"_s}}});
    Site &alice = site(u"alice"_s);
    Site &bob = site(u"bob"_s);
    Site &carol = site(u"carol"_s);
    const QString oldCarol = replicaId(carol);
    QVERIFY(grant(alice, 1));
    QVERIFY(grant(carol, 2));
    for (Site *one : {&alice, &bob})
        QTRY_COMPARE_WITH_TIMEOUT(granted(*one).value(oldCarol), 2u, convergeTimeoutMs);

    // carol's disk is lost: a fresh directory (with the fleet's token, as an operator would set it
    // up again) and its license created anew.
    QVERIFY(carol.process.terminate());
    QVERIFY(QDir(carol.process.dataDir()).removeRecursively());
    prepareDataDir(carol.process.dataDir());
    QVERIFY(startSite(carol));
    const QString newCarol = replicaId(carol);
    QVERIFY(newCarol != oldCarol);
    const auto created = carol.http->put(
        u"/v1/licenses/acme"_s,
        {{u"seatCount"_s, 50}, {u"ttlSeconds"_s, 600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 30}},
        "Bearer " + m_token);
    QCOMPARE(created.status, 201);
    carol.key = created.json().value("key"_L1).toString().toLatin1();
    QVERIFY(grant(carol, 1));

    // The old id's 2 come back to carol from its peers; the new id's 1 reaches them: 4 in all.
    const GCounter::State expected {{replicaId(alice), 1}, {oldCarol, 2}, {newCarol, 1}};
    for (Site *one : {&alice, &bob, &carol})
        QTRY_COMPARE_WITH_TIMEOUT(granted(*one), expected, convergeTimeoutMs);
    for (Site *one : {&alice, &bob, &carol})
        QVERIFY(stats(*one).value("amnesia"_L1).toArray().isEmpty());
}

void TestReplication::refusesBadPeerSetup_data()
{
    QTest::addColumn<QStringList>("arguments"); // "TOKEN" stands for the fleet token file
    QTest::addColumn<QString>("message");

    const QString peer = u"http://127.0.0.1:9"_s;
    QTest::newRow("peer without a token file") << QStringList {u"--peer"_s, peer} << u"--peer-token-file"_s;
    QTest::newRow("token file without a peer")
        << QStringList {u"--peer-token-file"_s, u"TOKEN"_s} << u"without any --peer"_s;
    QTest::newRow("not an http URL") << QStringList {u"--peer"_s, u"ftp://127.0.0.1"_s, u"--peer-token-file"_s,
                                                     u"TOKEN"_s}
                                     << u"base URL"_s;
    QTest::newRow("plain HTTP to another machine")
        << QStringList {u"--peer"_s, u"http://192.0.2.7:7400"_s, u"--peer-token-file"_s, u"TOKEN"_s} << u"clear text"_s;
    QTest::newRow("two token files for three peers") << QStringList {u"--peer"_s,
                                                                     peer,
                                                                     u"--peer"_s,
                                                                     peer,
                                                                     u"--peer"_s,
                                                                     peer,
                                                                     u"--peer-token-file"_s,
                                                                     u"TOKEN"_s,
                                                                     u"--peer-token-file"_s,
                                                                     u"TOKEN"_s}
                                                     << u"one per --peer"_s;
    QTest::newRow("token file missing") << QStringList {u"--peer"_s, peer, u"--peer-token-file"_s, u"/nonexistent/t"_s}
                                        << u"/nonexistent/t"_s;
    QTest::newRow("interval zero") << QStringList {u"--peer-interval"_s, u"0s"_s} << u"--peer-interval"_s;
}

void TestReplication::refusesBadPeerSetup()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    arguments.replaceInStrings(u"TOKEN"_s, m_tokenPath);
    arguments += {u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, m_dir->filePath(u"refused"_s)};
    QString output;
    QCOMPARE(ServerProcess::run(arguments, &output), 2);
    QVERIFY2(output.contains(message), qPrintable(output));
    QVERIFY(!QFile::exists(m_dir->filePath(u"refused/replica-id"_s)));
}

QTEST_GUILESS_MAIN(TestReplication)
#include "tst_replication.moc"
