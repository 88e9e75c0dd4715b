#include "Crypto.h"
#include "GCounter.h"
#include "LeaseJson.h"
#include "LeaseServer.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "stats/ReplicaIdentity.h"
#include "stats/StatsService.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using namespace keyright::server;

// The usage statistics of one server, in this process on a ManualClock: every counted event moves
// this server's own G-Counter component by exactly one, merging is the per-replica maximum (and
// flags a replica that came back with less), and the replica id and the counts survive a restart
// while a lost data directory gets a new id.
class TestStats : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void eachEventBumpsItsCounterOnce_data();
    void eachEventBumpsItsCounterOnce();
    void ownComponentsEqualEventCounts();
    void statsRouteShapeAndAuth();
    void lowerComponentKeepsMaxAndFlagsAmnesia();
    void duplicateAndStaleSnapshotsChangeNothing();
    void ownIdAheadIsKeptAndFlagged();
    void snapshotFromJsonRejects_data();
    void snapshotFromJsonRejects();
    void restartResumesCountsAndKeepsId();
    void lostDataGetsNewId_data();
    void lostDataGetsNewId();
    void newInstanceOnASharedDatabaseIsItsFirstStart();

private:
    bool startServer(const QString &dataDir);
    QByteArray admin() const { return "Bearer " + m_adminToken; }
    QByteArray createLicense(const QString &id, int seats);
    QString checkout(const QString &holder, const QString &requestId = {});
    int heartbeat(const QString &seatId);
    QMap<QString, quint64> ownCounts(const QString &license = u"acme"_s);
    int eventCount(const QString &kind);
    StatsService &stats() { return *m_server->leaseServer().stats(); }
    static QString otherReplica() { return crypto::randomHex(16); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_adminToken;
    QByteArray m_key;
};

void TestStats::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    QVERIFY(startServer(m_dir->filePath(u"data"_s)));
    m_key = createLicense(u"acme"_s, 1);
    QVERIFY(!m_key.isEmpty());
}

void TestStats::cleanup()
{
    m_http.reset();
    m_server.reset();
    m_clock.reset();
    m_dir.reset();
}

bool TestStats::startServer(const QString &dataDir)
{
    m_http.reset();
    m_server.reset();
    // A directory the test names outlives each TestServer, so a restart is a new one on it.
    m_server = std::make_unique<TestServer>(
        TestServer::Options {.clock = m_clock.get(), .dataDir = dataDir, .reapInterval = 0s});
    QString error;
    if (!m_server->start(&error)) {
        qWarning("server did not start: %s", qPrintable(error));
        return false;
    }
    m_adminToken = m_server->adminToken();
    m_http = std::make_unique<TestHttp>(m_server->url());
    return m_server->leaseServer().stats() != nullptr;
}

QByteArray TestStats::createLicense(const QString &id, int seats)
{
    return m_server->createLicense(id, seats, 60s, 5s, 15s);
}

// The seat id when granted, empty otherwise.
QString TestStats::checkout(const QString &holder, const QString &requestId)
{
    QJsonObject body {{u"holder"_s, holder}};
    if (!requestId.isEmpty())
        body.insert(u"requestId"_s, requestId);
    const auto reply = m_http->post(u"/v1/licenses/acme/checkout"_s, body, "License " + m_key);
    return reply.status == 201 ? reply.json()["lease"_L1]["seatId"_L1].toString() : QString();
}

int TestStats::heartbeat(const QString &seatId)
{
    return m_http->call("POST", u"/v1/licenses/acme/seats/%1/heartbeat"_s.arg(seatId), {}, "License " + m_key).status;
}

// This server's own component of each counter of `license`, as GET /v1/stats reports it.
QMap<QString, quint64> TestStats::ownCounts(const QString &license)
{
    const QJsonObject body = m_http->get(u"/v1/stats"_s, admin()).json();
    const QString self = body.value("replicaId"_L1).toString();
    QMap<QString, quint64> counts;
    for (const QString &name : StatsService::counterNames()) {
        const auto state = GCounter::fromJson(body["counters"_L1][license][name].toObject());
        counts.insert(name, state ? state->value(self, 0) : 0);
    }
    return counts;
}

int TestStats::eventCount(const QString &kind)
{
    return int(m_http->get(u"/v1/events?limit=1000&kind="_s + kind, admin()).json()["events"_L1].toArray().size());
}

void TestStats::eachEventBumpsItsCounterOnce_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("counter"); // empty: nothing may move

    QTest::newRow("checkout granted") << u"checkout"_s << u"granted"_s;
    QTest::newRow("checkout denied, pool full") << u"deny"_s << u"denied"_s;
    QTest::newRow("release") << u"release"_s << u"released"_s;
    QTest::newRow("admin revoke") << u"revoke"_s << u"revoked"_s;
    QTest::newRow("reaper reclaims") << u"reap"_s << u"reclaimed"_s;
    QTest::newRow("heartbeat renews") << u"heartbeat"_s << u"renewed"_s;
    QTest::newRow("retried checkout, same requestId") << u"retry"_s << QString();
    QTest::newRow("heartbeat of a lost seat") << u"lost-heartbeat"_s << QString();
    QTest::newRow("reap dry run") << u"reap-dry-run"_s << QString();
    QTest::newRow("release of a seat not held") << u"release-twice"_s << QString();
}

void TestStats::eachEventBumpsItsCounterOnce()
{
    QFETCH(QString, action);
    QFETCH(QString, counter);

    // One seat held by alice (her checkout is counted before the measurement starts).
    const QString seat = checkout(u"alice"_s, u"req-1"_s);
    QVERIFY(!seat.isEmpty());
    const QMap<QString, quint64> before = ownCounts();
    QCOMPARE(before.value(u"granted"_s), 1u);

    if (action == u"checkout") {
        QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"seatCount"_s, 2}}, admin()).status, 200);
        QVERIFY(!checkout(u"bob"_s).isEmpty());
    } else if (action == u"deny") {
        QVERIFY(checkout(u"bob"_s).isEmpty());
    } else if (action == u"release") {
        QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/"_s + seat, "License " + m_key).status, 204);
    } else if (action == u"release-twice") {
        QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/"_s + seat, "License " + m_key).status, 204);
        const QMap<QString, quint64> afterFirst = ownCounts();
        QCOMPARE(afterFirst.value(u"released"_s), 1u);
        QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/"_s + seat, "License " + m_key).status, 204);
        QCOMPARE(ownCounts(), afterFirst);
        return;
    } else if (action == u"revoke") {
        QCOMPARE(
            m_http->post(u"/v1/licenses/acme/seats/%1/revoke"_s.arg(seat), {{u"reason"_s, u"test"_s}}, admin()).status,
            204);
    } else if (action == u"reap" || action == u"reap-dry-run") {
        m_clock->advance(60s + 15s + 1s); // past expiresAt + reapGrace
        const QString query = action == u"reap" ? u"/v1/reap"_s : u"/v1/reap?dryRun=true"_s;
        const auto reply = m_http->call("POST", query, {}, admin());
        QCOMPARE(reply.json().value("reaped"_L1).toInt(), 1);
    } else if (action == u"heartbeat") {
        m_clock->advance(20s);
        QCOMPARE(heartbeat(seat), 200);
    } else if (action == u"lost-heartbeat") {
        m_clock->advance(60s + 5s + 1s); // past expiresAt + skew: the seat is no longer live
        QCOMPARE(heartbeat(seat), 410);
    } else if (action == u"retry") {
        QCOMPARE(checkout(u"alice"_s, u"req-1"_s), seat); // the same seat handed back, not a new grant
    } else {
        QFAIL("unknown action");
    }

    const QMap<QString, quint64> after = ownCounts();
    for (const QString &name : StatsService::counterNames()) {
        const quint64 expected = before.value(name) + (name == counter ? 1 : 0);
        QVERIFY2(after.value(name) == expected,
                 qPrintable(u"%1: %2, expected %3"_s.arg(name).arg(after.value(name)).arg(expected)));
    }
}

void TestStats::ownComponentsEqualEventCounts()
{
    QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"seatCount"_s, 3}}, admin()).status, 200);
    QStringList seats;
    for (const QString &holder : {u"a"_s, u"b"_s, u"c"_s})
        seats.append(checkout(holder));
    QVERIFY(!seats.contains(QString()));
    QVERIFY(checkout(u"d"_s).isEmpty());
    QVERIFY(checkout(u"e"_s).isEmpty());
    int renewals = 0;
    for (int round = 0; round < 4; ++round) {
        m_clock->advance(20s);
        for (const QString &seat : seats.mid(0, 2))
            renewals += heartbeat(seat) == 200 ? 1 : 0;
    }
    QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/"_s + seats.at(0), "License " + m_key).status, 204);
    QCOMPARE(m_http->post(u"/v1/licenses/acme/seats/%1/revoke"_s.arg(seats.at(1)), {}, admin()).status, 204);
    m_clock->advance(120s); // seats.at(2) was never renewed: past its reap grace
    QCOMPARE(m_http->call("POST", u"/v1/reap"_s, {}, admin()).json().value("reaped"_L1).toInt(), 1);

    const QMap<QString, quint64> own = ownCounts();
    QCOMPARE(own.value(u"granted"_s), quint64(eventCount(u"granted"_s)));
    QCOMPARE(own.value(u"denied"_s), quint64(eventCount(u"denied"_s)));
    QCOMPARE(own.value(u"released"_s), quint64(eventCount(u"released"_s)));
    QCOMPARE(own.value(u"revoked"_s), quint64(eventCount(u"revoked"_s)));
    QCOMPARE(own.value(u"reclaimed"_s), quint64(eventCount(u"reaped"_s)));
    QCOMPARE(own.value(u"renewed"_s), quint64(renewals));
    QCOMPARE(own.value(u"granted"_s), 3u);
    QCOMPARE(own.value(u"denied"_s), 2u);
    QCOMPARE(own.value(u"renewed"_s), 8u);
}

void TestStats::statsRouteShapeAndAuth()
{
    QVERIFY(!checkout(u"alice"_s).isEmpty());
    QCOMPARE(m_http->get(u"/v1/stats"_s).status, 401);
    QCOMPARE(m_http->get(u"/v1/stats"_s, "Bearer " + QByteArray(64, 'a')).status, 401);
    QCOMPARE(m_http->get(u"/v1/stats"_s, "License " + m_key).status, 401);
    QCOMPARE(m_http->call("POST", u"/v1/stats"_s, {}, admin()).status, 405);

    const auto reply = m_http->get(u"/v1/stats"_s, admin());
    QCOMPARE(reply.status, 200);
    const QJsonObject body = reply.json();
    const QString self = body.value("replicaId"_L1).toString();
    QVERIFY(isValidReplicaId(self));
    QCOMPARE(self, stats().replicaId());
    QCOMPARE(body.value("serverTime"_L1).toString(), formatTimestamp(m_clock->now()));
    QCOMPARE(body["counters"_L1]["acme"_L1]["granted"_L1].toObject(), (QJsonObject {{self, 1}}));
    QVERIFY(body.value("peers"_L1).isArray());
    QVERIFY(body.value("amnesia"_L1).toArray().isEmpty());
    // What a server serves, another server accepts.
    QString why;
    const auto parsed = StatsService::snapshotFromJson(body, &why);
    QVERIFY2(parsed, qPrintable(why));
    QCOMPARE(parsed->counters.value(u"acme"_s).value(u"granted"_s).value(self), 1u);
}

void TestStats::lowerComponentKeepsMaxAndFlagsAmnesia()
{
    const QString bob = otherReplica();
    StatsService::Snapshot high {bob, {{u"acme"_s, {{u"granted"_s, {{bob, 5}}}, {u"denied"_s, {{bob, 2}}}}}}};
    QCOMPARE(stats().merge(high, u"bob"_s).raised, 2);
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, bob), 5u);
    QVERIFY(stats().amnesia().isEmpty());

    // bob lost its data and came back under its old id: it now says 3 for its own component.
    StatsService::Snapshot forgot {bob, {{u"acme"_s, {{u"granted"_s, {{bob, 3}}}, {u"denied"_s, {{bob, 2}}}}}}};
    QTest::ignoreMessage(QtWarningMsg,
                         QRegularExpression(u"amnesia: bob reports 3 for replica %1's own granted"_s.arg(bob)));
    const auto result = stats().merge(forgot, u"bob"_s);
    QCOMPARE(result.raised, 0);
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, bob), 5u); // the max stays
    QCOMPARE(result.amnesia.size(), 1);
    const StatsService::Amnesia &record = result.amnesia.first();
    QCOMPARE(record.kind, StatsService::Amnesia::Kind::PeerRegressed);
    QCOMPARE(record.replicaId, bob);
    QCOMPARE(record.counter, u"granted"_s);
    QCOMPARE(record.held, 5u);
    QCOMPARE(record.reported, 3u);

    const QJsonArray listed = m_http->get(u"/v1/stats"_s, admin()).json().value("amnesia"_L1).toArray();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.at(0)["replicaId"_L1].toString(), bob);
    QCOMPARE(listed.at(0)["licenseId"_L1].toString(), u"acme"_s);
    QCOMPARE(listed.at(0)["counter"_L1].toString(), u"granted"_s);
    QCOMPARE(listed.at(0)["held"_L1].toInteger(), 5);
    QCOMPARE(listed.at(0)["reported"_L1].toInteger(), 3);
    QCOMPARE(listed.at(0)["at"_L1].toString(), formatTimestamp(m_clock->now()));

    // The same regression reported again is one record, not one per pull.
    QVERIFY(stats().merge(forgot, u"bob"_s).amnesia.isEmpty());
    QCOMPARE(stats().amnesia().size(), 1);

    // It is in the audit log, and still listed (once) after a restart.
    const QJsonArray logged = m_http->get(u"/v1/events?kind=amnesia"_s, admin()).json()["events"_L1].toArray();
    QCOMPARE(logged.size(), 1);
    QCOMPARE(logged.at(0)["licenseId"_L1].toString(), u"acme"_s);
    QCOMPARE(logged.at(0)["detail"_L1]["replicaId"_L1].toString(), bob);
    QVERIFY(startServer(m_server->dataDir()));
    QCOMPARE(m_http->get(u"/v1/stats"_s, admin()).json().value("amnesia"_L1).toArray(), listed);
    QVERIFY(stats().merge(forgot, u"bob"_s).amnesia.isEmpty());
    QCOMPARE(stats().amnesia().size(), 1);
}

void TestStats::duplicateAndStaleSnapshotsChangeNothing()
{
    QVERIFY(!checkout(u"alice"_s).isEmpty());
    const QString self = stats().replicaId();
    const QString bob = otherReplica();
    const QString carol = otherReplica();
    const QString dave = otherReplica();
    QTest::failOnWarning(QRegularExpression(u"amnesia|IDENTITY"_s)); // lag is not amnesia

    StatsService::Snapshot fromBob {bob, {{u"acme"_s, {{u"granted"_s, {{bob, 3}, {carol, 4}}}}}}};
    QCOMPARE(stats().merge(fromBob, u"bob"_s).raised, 2);
    const StatsService::State merged = stats().state();
    QCOMPARE(GCounter::value(merged.value(u"acme"_s).value(u"granted"_s)), 1u + 3u + 4u);

    // The same snapshot twice: nothing moves (a sum would now say 15).
    const auto duplicate = stats().merge(fromBob, u"bob"_s);
    QCOMPARE(duplicate.raised, 0);
    QVERIFY(duplicate.amnesia.isEmpty());
    QCOMPARE(stats().state(), merged);

    // A late snapshot relayed by dave, behind on bob and carol: nothing moves, and a relay that
    // lags behind what was heard directly is ordinary, not amnesia.
    StatsService::Snapshot staleRelay {dave, {{u"acme"_s, {{u"granted"_s, {{carol, 1}, {bob, 2}}}}}}};
    const auto stale = stats().merge(staleRelay, u"dave"_s);
    QCOMPARE(stale.raised, 0);
    QVERIFY(stale.amnesia.isEmpty());
    QCOMPARE(stats().state(), merged);

    // This server's own component reported lower by a peer that has not heard the latest: lag.
    StatsService::Snapshot lagging {bob, {{u"acme"_s, {{u"granted"_s, {{self, 0}, {bob, 3}}}}}}};
    QCOMPARE(stats().merge(lagging, u"bob"_s).raised, 0);
    QCOMPARE(stats().state(), merged);

    // An old message is not useless: it may carry a component never seen before.
    StatsService::Snapshot oldButNew {dave, {{u"acme"_s, {{u"released"_s, {{dave, 1}}}}}}};
    QCOMPARE(stats().merge(oldButNew, u"dave"_s).raised, 1);
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Released, dave), 1u);
    QVERIFY(stats().amnesia().isEmpty());
}

void TestStats::ownIdAheadIsKeptAndFlagged()
{
    QVERIFY(!checkout(u"alice"_s).isEmpty());
    const QString self = stats().replicaId();
    const QString bob = otherReplica();
    // bob holds 7 for this server's own id, which has only counted 1: data lost here, or a copy of
    // this data directory runs elsewhere.
    StatsService::Snapshot fromBob {bob, {{u"acme"_s, {{u"granted"_s, {{self, 7}}}}}}};
    QTest::ignoreMessage(QtCriticalMsg,
                         QRegularExpression(u"IDENTITY CONFLICT: http://bob holds 7 for .*%1"_s.arg(self)));
    const auto result = stats().merge(fromBob, u"http://bob"_s);
    QCOMPARE(result.raised, 1);
    QCOMPARE(result.amnesia.size(), 1);
    QCOMPARE(result.amnesia.first().kind, StatsService::Amnesia::Kind::OwnComponentAhead);
    QCOMPARE(result.amnesia.first().held, 1u);
    QCOMPARE(result.amnesia.first().reported, 7u);
    const QJsonObject listed = m_http->get(u"/v1/stats"_s, admin()).json()["amnesia"_L1][0].toObject();
    QCOMPARE(listed.value("kind"_L1).toString(), u"own_component_ahead"_s);
    QCOMPARE(listed.value("source"_L1).toString(), u"http://bob"_s);

    // The maximum is kept and counting goes on from it, so the next grant is visible everywhere.
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, self), 7u);
    QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"seatCount"_s, 2}}, admin()).status, 200);
    QVERIFY(!checkout(u"bob"_s).isEmpty());
    QCOMPARE(ownCounts().value(u"granted"_s), 8u);
}

void TestStats::snapshotFromJsonRejects_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");

    const QByteArray id(32, 'a');
    QTest::newRow("replica id missing") << R"({"counters":{}})"_ba << u"replicaId"_s;
    QTest::newRow("replica id not hex") << R"({"replicaId":"ALICE","counters":{}})"_ba << u"replicaId"_s;
    QTest::newRow("counters not an object") << (R"({"replicaId":")" + id + R"(","counters":[]})") << u"counters"_s;
    QTest::newRow("license id malformed") << (R"({"replicaId":")" + id + R"(","counters":{"A B":{}}})") << u"A B"_s;
    QTest::newRow("negative component") << (R"({"replicaId":")" + id + R"(","counters":{"acme":{"granted":{")" + id
                                            + R"(":-1}}}})")
                                        << u"counters.acme.granted"_s;
    QTest::newRow("component key not a replica id")
        << (R"({"replicaId":")" + id + R"(","counters":{"acme":{"denied":{"bob":1}}}})") << u"counters.acme.denied"_s;
}

void TestStats::snapshotFromJsonRejects()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QString why;
    QVERIFY(!StatsService::snapshotFromJson(QJsonDocument::fromJson(json).object(), &why));
    QVERIFY2(why.contains(field), qPrintable(why));
}

void TestStats::restartResumesCountsAndKeepsId()
{
    const QString dataDir = m_server->dataDir();
    const QString id = stats().replicaId();
    const QString seat = checkout(u"alice"_s);
    QVERIFY(!seat.isEmpty());
    QVERIFY(checkout(u"bob"_s).isEmpty());
    const QString bob = otherReplica();
    stats().merge(StatsService::Snapshot {bob, {{u"acme"_s, {{u"granted"_s, {{bob, 9}}}}}}}, u"bob"_s);
    const StatsService::State before = stats().state();

    QVERIFY(startServer(dataDir)); // a new LeaseServer on the same directory
    QCOMPARE(stats().replicaId(), id);
    QCOMPARE(stats().state(), before); // own counts and what it had learned
    QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/"_s + seat, "License " + m_key).status, 204);
    QVERIFY(!checkout(u"carol"_s).isEmpty());
    const QMap<QString, quint64> own = ownCounts();
    QCOMPARE(own.value(u"granted"_s), 2u); // resumed from 1, not from 0
    QCOMPARE(own.value(u"denied"_s), 1u);
    QCOMPARE(own.value(u"released"_s), 1u);
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, bob), 9u);
}

void TestStats::lostDataGetsNewId_data()
{
    QTest::addColumn<QStringList>("deleted"); // paths inside the data directory; "." is all of it
    QTest::addColumn<bool>("countsKept");

    QTest::newRow("whole data directory lost") << QStringList {u"."_s} << false;
    QTest::newRow("database lost, replica-id kept")
        << QStringList {u"keyright.sqlite"_s, u"keyright.sqlite-wal"_s, u"keyright.sqlite-shm"_s} << false;
    QTest::newRow("replica-id lost, database kept") << QStringList {u"replica-id"_s} << true;
}

void TestStats::lostDataGetsNewId()
{
    QFETCH(QStringList, deleted);
    QFETCH(bool, countsKept);

    const QString dataDir = m_server->dataDir();
    const QString oldId = stats().replicaId();
    QVERIFY(!checkout(u"alice"_s).isEmpty());
    m_http.reset();
    m_server.reset();
    for (const QString &path : deleted) {
        if (path == u".")
            QVERIFY(QDir(dataDir).removeRecursively());
        else
            QFile::remove(QDir(dataDir).filePath(path));
    }

    if (deleted == QStringList {u"replica-id"_s})
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"the database exists but .*replica-id does not"_s));
    else if (!deleted.contains(u"."_s))
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"replica-id exists but the database does not"_s));
    QVERIFY(startServer(dataDir));
    const QString newId = stats().replicaId();
    QVERIFY(isValidReplicaId(newId));
    QVERIFY(newId != oldId); // never count again from zero under the old id
    QCOMPARE(QFile(ReplicaIdentity::filePath(dataDir)).permissions() & (QFile::ReadOther | QFile::WriteOther),
             QFileDevice::Permissions());
    // The old id's count stays where it survived, untouched; new counts go to the new id.
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, oldId), countsKept ? 1u : 0u);
    if (countsKept)
        QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"seatCount"_s, 2}}, admin()).status, 200);
    else
        m_key = createLicense(u"acme"_s, 2);
    QVERIFY(!checkout(u"bob"_s).isEmpty());
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, oldId), countsKept ? 1u : 0u);
    QCOMPARE(stats().component(u"acme"_s, StatsService::Counter::Granted, newId), 1u);
}

// Walk 47: every new instance of a PostgreSQL site meets an existing database without a
// replica-id of its own, and logged "a damaged data directory, or ...". That is its first start:
// no warning, a line that says so. On a database of its own (SQLite) it still warns.
void TestStats::newInstanceOnASharedDatabaseIsItsFirstStart()
{
    QTemporaryDir shared;
    QTest::failOnWarning(QRegularExpression(u".*"_s));
    QTest::ignoreMessage(QtInfoMsg, QRegularExpression(u"first start of this instance on the shared database"_s));
    const auto joined = ReplicaIdentity::loadOrCreate(shared.path(), true, nullptr, true);
    QVERIFY(joined);
    QCOMPARE(joined->origin, ReplicaIdentity::Origin::Created);
    QVERIFY(isValidReplicaId(joined->id));

    QTemporaryDir own;
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"the database exists but .*replica-id does not"_s));
    const auto damaged = ReplicaIdentity::loadOrCreate(own.path(), true, nullptr, false);
    QVERIFY(damaged);
    QCOMPARE(damaged->origin, ReplicaIdentity::Origin::FileLost);
}

QTEST_GUILESS_MAIN(TestStats)
#include "tst_stats.moc"
