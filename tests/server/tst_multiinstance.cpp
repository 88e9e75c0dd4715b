#include "HttpBurst.h"
#include "InstanceCluster.h"
#include "KeepAliveClient.h"
#include "LeaseJson.h"
#include "LeaseVerifier.h"
#include "PgTestDatabase.h"
#include "ServeEventLoop.h"
#include "TestHttp.h"
#include "Timestamps.h"
#include "wire/Identifiers.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// Several real keyright-server processes on one real PostgreSQL database (issue 13's "Done
// when"): the seat count stays exact across instances, a lease from one instance renews on the
// others, one instance's kill -9 loses nothing it acknowledged, instances whose wall clocks
// disagree by 30 s still agree on every liveness decision (the database clock decides), a
// database outage is a 503 and heals by itself, and two reapers never reap a row twice.
//
// Every case needs PostgreSQL: without KEYRIGHT_TEST_PG it skips with the reason, and with
// KEYRIGHT_REQUIRE_PG=1 (the test command) it fails instead. Time is real here (separate
// processes, the database's clock), so TTLs are short and every wait is bounded.
class TestMultiInstance : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void postgresSixtyRacersTenSeatsOverThreeInstances();
    void postgresHeartbeatsThroughAnyInstanceKeepTheSeat();
    void postgresKillOneInstanceLosesNothingAcknowledged();
    void postgresSkewedInstancesAgreeOnTheDatabaseClock();
    void postgresOutageAnswers503AndRecovers();
    void postgresOutageIsReportedWithoutTheInfrastructure();
    void postgresRequireSynchronousCommitRefusesAnAsynchronousDatabase();
    void postgresTwoReapersReapBacklogOnce();
    void postgresValidityCapsLeasesOnEveryInstance();

private:
    std::unique_ptr<PgTestDatabase> m_db;
};

namespace {

constexpr auto requestTimeout = 5s;
// What PostgreSQL mode answers while its database is unreachable (docs/API.md).
constexpr auto databaseUnavailable = "database_unavailable"_L1;

struct License
{
    QString id;
    QByteArray auth; // "License kr1-..."
};

License createLicense(TestHttp &http, const QByteArray &admin, const QString &id, int seats, int ttlSeconds,
                      int skewSeconds, int graceSeconds)
{
    const auto created = http.put(u"/v1/licenses/"_s + id,
                                  {{u"seatCount"_s, seats},
                                   {u"ttlSeconds"_s, ttlSeconds},
                                   {u"skewSeconds"_s, skewSeconds},
                                   {u"reapGraceSeconds"_s, graceSeconds}},
                                  admin);
    if (created.status != 201) {
        qWarning("PUT license %s: %d %s", qPrintable(id), created.status, created.body.constData());
        return {};
    }
    return License {id, "License " + created.json().value("key"_L1).toString().toLatin1()};
}

QByteArray checkoutBody(const QString &holder, const QString &requestId = {})
{
    QJsonObject body {{u"holder"_s, holder}};
    if (!requestId.isEmpty())
        body.insert(u"requestId"_s, requestId);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QByteArray checkoutRequest(const License &license, const QString &holder, const QString &requestId = {})
{
    return HttpBurst::request("POST", "/v1/licenses/" + license.id.toLatin1() + "/checkout", license.auth,
                              checkoutBody(holder, requestId));
}

QByteArray heartbeatRequest(const License &license, const QString &seatId)
{
    return HttpBurst::request("POST",
                              "/v1/licenses/" + license.id.toLatin1() + "/seats/" + seatId.toLatin1() + "/heartbeat",
                              license.auth, {});
}

// Every event of one kind for one license, all pages.
QList<QJsonObject> eventsOf(TestHttp &http, const QByteArray &admin, const QString &license, const QString &kind)
{
    QList<QJsonObject> all;
    qint64 after = 0;
    for (int page = 0; page < 100; ++page) {
        const auto reply
            = http.get(u"/v1/events?license=%1&kind=%2&limit=1000&after=%3"_s.arg(license, kind).arg(after), admin);
        if (reply.status != 200) {
            qWarning("GET /v1/events: %d %s", reply.status, reply.body.constData());
            break;
        }
        const QJsonArray events = reply.json().value("events"_L1).toArray();
        for (const QJsonValue &event : events)
            all.append(event.toObject());
        const qint64 next = reply.json().value("next"_L1).toInteger();
        if (events.isEmpty() || next == after)
            break;
        after = next;
    }
    return all;
}

// The database's own clock, which every instance must follow, in ms since the epoch.
qint64 databaseNowMs(PgTestDatabase &db)
{
    QSqlQuery query(db.connection());
    if (!query.exec(u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

// One integer from the database, -1 on error (with a warning naming the query).
qint64 scalar(PgTestDatabase &db, const QString &sql)
{
    QSqlQuery query(db.connection());
    if (!query.exec(sql) || !query.next()) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(query.lastError().text()));
        return -1;
    }
    return query.value(0).toLongLong();
}

// A session on the cluster's admin database, for what a database cannot do to itself.
class AdminSession
{
public:
    AdminSession()
    {
        const QUrl url(PgTestDatabase::adminUrl());
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, m_name);
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setUserName(url.userName());
        db.setDatabaseName(url.path().mid(1));
        db.open();
    }
    ~AdminSession()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    AdminSession(const AdminSession &) = delete;
    AdminSession &operator=(const AdminSession &) = delete;

    bool exec(const QString &sql, QString *error)
    {
        QSqlQuery query(QSqlDatabase::database(m_name, false));
        if (query.exec(sql))
            return true;
        *error = query.lastError().text();
        return false;
    }

private:
    const QString m_name = u"multiinstance-admin"_s;
};

QString statusSummary(const QMap<int, int> &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(u"%1 x%2"_s.arg(it.key()).arg(it.value()));
    return parts.join(u", "_s);
}

QList<quint16> portsOf(InstanceCluster &cluster)
{
    QList<quint16> ports;
    for (int i = 0; i < cluster.size(); ++i)
        ports.append(cluster.instance(i).port());
    return ports;
}

std::vector<std::unique_ptr<TestHttp>> httpFor(InstanceCluster &cluster)
{
    std::vector<std::unique_ptr<TestHttp>> http;
    for (const QUrl &url : cluster.urls())
        http.push_back(std::make_unique<TestHttp>(url));
    return http;
}

} // namespace

void TestMultiInstance::init()
{
    m_db = std::make_unique<PgTestDatabase>();
    KEYRIGHT_REQUIRE_PG_OR_SKIP(*m_db);
}

void TestMultiInstance::cleanup()
{
    m_db.reset();
}

// Sixty clients racing for ten seats, their checkouts spread round-robin over three instances
// and sent at once: exactly ten win, fifty times over, in the answers and in the audit log.
void TestMultiInstance::postgresSixtyRacersTenSeatsOverThreeInstances()
{
    constexpr int rounds = 50;
    constexpr int racers = 60;
    constexpr int seats = 10;
    InstanceCluster cluster(3, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const QList<quint16> ports = portsOf(cluster);

    for (int round = 0; round < rounds; ++round) {
        // The license is made, raced for and read back through three different instances.
        TestHttp &creator = *http[std::size_t(round % 3)];
        TestHttp &auditor = *http[std::size_t((round + 1) % 3)];
        TestHttp &lister = *http[std::size_t((round + 2) % 3)];
        const License license = createLicense(creator, admin, u"race-%1"_s.arg(round), seats, 60, 5, 15);
        QVERIFY(!license.auth.isEmpty());
        QList<QByteArray> requests;
        for (int i = 0; i < racers; ++i)
            requests.append(checkoutRequest(license, u"racer-%1"_s.arg(i)));
        const auto replies = HttpBurst::send(QHostAddress::LocalHost, ports, requests, 30s);
        int granted = 0;
        int refused = 0;
        QSet<QString> seatIds;
        QMap<int, int> statuses;
        for (const auto &reply : replies) {
            ++statuses[reply.status];
            if (reply.status == 201) {
                ++granted;
                seatIds.insert(jsonOf(reply)["lease"_L1]["seatId"_L1].toString());
            } else if (reply.status == 409) {
                ++refused;
            }
        }
        const QString context = u"round %1: %2"_s.arg(round).arg(statusSummary(statuses));
        QVERIFY2(granted + refused == racers, qPrintable(context));
        QVERIFY2(granted == seats, qPrintable(context));
        QCOMPARE(seatIds.size(), seats);

        const QList<QJsonObject> grants = eventsOf(auditor, admin, license.id, u"granted"_s);
        QSet<QString> loggedSeats;
        for (const QJsonObject &event : grants) {
            loggedSeats.insert(event.value("seatId"_L1).toString());
            const int inUse = event.value("detail"_L1)["inUse"_L1].toInt();
            QVERIFY2(inUse >= 1 && inUse <= seats,
                     qPrintable(u"%1: a grant logged inUse %2 on %3 seats"_s.arg(context).arg(inUse).arg(seats)));
        }
        QVERIFY2(grants.size() == seats, qPrintable(u"%1: %2 granted events"_s.arg(context).arg(grants.size())));
        QCOMPARE(loggedSeats, seatIds);
        QCOMPARE(eventsOf(auditor, admin, license.id, u"denied"_s).size(), racers - seats);

        const auto listing = lister.get(u"/v1/licenses/%1/leases"_s.arg(license.id), admin).json();
        QCOMPARE(listing.value("inUse"_L1).toInt(), seats);
        QCOMPARE(listing.value("leases"_L1).toArray().size(), seats);
    }
}

// A client that sends each heartbeat to the next instance keeps its one seat across several
// TTLs: the lease instance A signed renews on B and C, and nobody else gets the seat meanwhile.
void TestMultiInstance::postgresHeartbeatsThroughAnyInstanceKeepTheSeat()
{
    constexpr int ttlSeconds = 2;
    constexpr int beats = 15;
    constexpr auto beatEvery = 600ms; // 15 beats: 9 s, four and a half TTLs
    InstanceCluster cluster(3, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"1"_s}); // a reaper that would notice a lapse
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const License license = createLicense(*http[0], admin, u"beat"_s, 1, ttlSeconds, 1, 2);
    QVERIFY(!license.auth.isEmpty());
    const auto verifier = LeaseVerifier::fromBase64(
        http[2]->get(u"/v1/public-key"_s).json().value("publicKey"_L1).toString().toLatin1());
    QVERIFY(verifier);

    const auto checkout = http[0]->post(u"/v1/licenses/beat/checkout"_s, {{u"holder"_s, u"alice"_s}}, license.auth);
    QCOMPARE(checkout.status, 201);
    const QString seatId = checkout.json()["lease"_L1]["seatId"_L1].toString();
    qint64 lastExpiry = msOf(checkout.json()["lease"_L1]["expiresAt"_L1]);
    for (int beat = 0; beat < beats; ++beat) {
        serveUntil([] { return false; }, beatEvery);
        const int via = (beat + 1) % 3; // B, C, A, B, ...
        const auto renewed
            = http[std::size_t(via)]->post(u"/v1/licenses/beat/seats/%1/heartbeat"_s.arg(seatId), {}, license.auth);
        QVERIFY2(renewed.status == 200,
                 qPrintable(u"beat %1 through instance %2: %3 %4"_s.arg(beat)
                                .arg(via)
                                .arg(renewed.status)
                                .arg(QString::fromUtf8(renewed.body))));
        ValidationError why;
        const auto lease = leaseFromJson(renewed.json().value("lease"_L1), &why);
        QVERIFY2(lease, qPrintable(why.message));
        QVERIFY2(verifier->verify(*lease), "a renewal from another instance does not verify with the one key");
        QCOMPARE(lease->seatId, seatId);
        QVERIFY2(lease->expiresAt.toMSecsSinceEpoch() > lastExpiry,
                 qPrintable(u"beat %1 did not move the expiry"_s.arg(beat)));
        lastExpiry = lease->expiresAt.toMSecsSinceEpoch();
    }
    // Still held, as every instance sees it: a rival gets no seat anywhere.
    for (int i = 0; i < 3; ++i) {
        const auto rival
            = http[std::size_t(i)]->post(u"/v1/licenses/beat/checkout"_s, {{u"holder"_s, u"bob"_s}}, license.auth);
        QVERIFY2(rival.status == 409,
                 qPrintable(u"instance %1 gave the held seat away: %2"_s.arg(i).arg(rival.status)));
    }
    QCOMPARE(eventsOf(*http[1], admin, license.id, u"granted"_s).size(), 1);
    QCOMPARE(eventsOf(*http[2], admin, license.id, u"reaped"_s).size(), 0);
}

// A stream of checkouts and renewals over three instances; one of them is killed with SIGKILL
// in the middle. Its clients move on to the others (a checkout retried with its requestId gets
// the same seat). Afterwards every grant and renewal any instance acknowledged is in the database,
// no license holds more rows than seats, and the two survivors served throughout.
void TestMultiInstance::postgresKillOneInstanceLosesNothingAcknowledged()
{
    constexpr int licenses = 3;
    constexpr int seatsEach = 20;
    constexpr int connections = 18;
    constexpr int victim = 1;
    InstanceCluster cluster(3, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    QList<License> pool;
    for (int i = 0; i < licenses; ++i) {
        // Long TTLs: nothing may expire during the test, so every row must still be there.
        pool.append(createLicense(*http[std::size_t(i)], admin, u"stream-%1"_s.arg(i), seatsEach, 300, 5, 15));
        QVERIFY(!pool.constLast().auth.isEmpty());
    }

    struct Seat
    {
        License license;
        QString seatId;
        qint64 ackedExpiresMs = 0;
    };
    std::vector<Seat> seats;
    for (int i = 0; i < licenses * seatsEach; ++i)
        seats.push_back(Seat {pool.at(i % licenses), {}, 0});

    const QList<quint16> ports = portsOf(cluster);
    std::vector<std::unique_ptr<KeepAliveClient>> clients;
    std::vector<int> instanceOf;
    std::vector<std::unique_ptr<KeepAliveClient>> retired; // replaced inside their own callback
    for (int c = 0; c < connections; ++c) {
        instanceOf.push_back(c % 3);
        clients.push_back(std::make_unique<KeepAliveClient>(QHostAddress::LocalHost, ports.at(c % 3), requestTimeout));
    }
    QStringList problems;
    bool killed = false;
    bool stopping = false;
    int renewals = 0;
    QMap<int, int> servedAfterKill; // instance -> answers acknowledged after the kill

    std::function<void(int, std::size_t)> step = [&](int c, std::size_t at) {
        if (stopping)
            return;
        Seat &seat = seats[at];
        const bool checkout = seat.seatId.isEmpty();
        // The requestId makes a checkout retried on another instance return the same seat.
        const QByteArray request = checkout
            ? checkoutRequest(seat.license, u"holder-%1"_s.arg(at), u"request-%1"_s.arg(at))
            : heartbeatRequest(seat.license, seat.seatId);
        const int via = instanceOf[std::size_t(c)];
        clients[std::size_t(c)]->send(request, [&, c, at, checkout, via](const HttpBurst::Reply &reply) {
            Seat &answered = seats[at];
            std::size_t next = at;
            if (reply.status == (checkout ? 201 : 200)) {
                const QJsonObject lease = jsonOf(reply).value("lease"_L1).toObject();
                const QString seatId = lease.value("seatId"_L1).toString();
                if (!answered.seatId.isEmpty() && seatId != answered.seatId)
                    problems.append(u"seat %1 came back as %2"_s.arg(answered.seatId, seatId));
                answered.seatId = seatId;
                answered.ackedExpiresMs = std::max(answered.ackedExpiresMs, msOf(lease.value("expiresAt"_L1)));
                renewals += checkout ? 0 : 1;
                if (killed)
                    ++servedAfterKill[via];
                next = at + connections < seats.size() ? at + connections : std::size_t(c);
            } else if (reply.status == 0 && killed && via == victim) {
                // This client's instance is gone: it moves to the next one and retries the same
                // request there (a client with several servers configured does exactly this).
                instanceOf[std::size_t(c)] = (victim + 1 + c % 2) % 3;
                retired.push_back(std::move(clients[std::size_t(c)]));
                clients[std::size_t(c)] = std::make_unique<KeepAliveClient>(
                    QHostAddress::LocalHost, ports.at(instanceOf[std::size_t(c)]), requestTimeout);
            } else {
                problems.append(u"instance %1: %2 answered %3: %4"_s.arg(via)
                                    .arg(checkout ? u"checkout"_s : u"heartbeat"_s)
                                    .arg(reply.status)
                                    .arg(QString::fromUtf8(reply.body)));
                next = at + connections < seats.size() ? at + connections : std::size_t(c);
            }
            QTimer::singleShot(0, this, [&step, c, next] { step(c, next); });
        });
    };
    for (int c = 0; c < connections; ++c)
        step(c, std::size_t(c));
    QVERIFY2(
        serveUntil(
            [&] { return std::all_of(seats.begin(), seats.end(), [](const Seat &s) { return !s.seatId.isEmpty(); }); },
            30s),
        "not every seat was checked out");
    QVERIFY2(serveUntil([&] { return renewals >= std::ssize(seats); }, 30s), "the renewals did not get going");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(u'\n')));

    // Kill at a moment the instance cannot anticipate, then keep the stream going on the others.
    serveUntil([] { return false; }, std::chrono::milliseconds(200 + QRandomGenerator::global()->bounded(800)));
    killed = true;
    cluster.kill(victim);
    serveUntil([] { return false; }, 2s);
    stopping = true;
    QVERIFY2(serveUntil(
                 [&] {
                     return std::none_of(clients.begin(), clients.end(),
                                         [](const auto &client) { return client && client->busy(); });
                 },
                 15s),
             "the clients did not finish their last requests");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(u'\n')));
    qInfo("%d renewals acknowledged; after the kill: %d by instance 0, %d by instance 2", renewals,
          servedAfterKill.value(0), servedAfterKill.value(2));
    QVERIFY2(servedAfterKill.value(0) > 0 && servedAfterKill.value(2) > 0, "a survivor stopped serving");
    QVERIFY(cluster.instance(0).isRunning());
    QVERIFY(cluster.instance(2).isRunning());

    // What the database holds, read behind the servers' backs.
    QHash<QString, qint64> stored;
    QSqlQuery rows(m_db->connection());
    QVERIFY2(rows.exec(u"SELECT seat_id, expires_at FROM leases"_s), qPrintable(rows.lastError().text()));
    while (rows.next())
        stored.insert(rows.value(0).toString(), rows.value(1).toLongLong());
    for (const License &license : std::as_const(pool)) {
        const qint64 held = scalar(*m_db, u"SELECT count(*) FROM leases WHERE license_id = '%1'"_s.arg(license.id));
        QVERIFY2(held == seatsEach,
                 qPrintable(u"%1 holds %2 rows for %3 seats"_s.arg(license.id).arg(held).arg(seatsEach)));
    }
    for (const Seat &seat : seats) {
        const auto row = stored.constFind(seat.seatId);
        QVERIFY2(row != stored.cend(), qPrintable(u"acknowledged seat %1 is not in the database"_s.arg(seat.seatId)));
        QVERIFY2(*row >= seat.ackedExpiresMs,
                 qPrintable(u"seat %1: acknowledged until %2, stored until %3"_s.arg(seat.seatId)
                                .arg(seat.ackedExpiresMs)
                                .arg(*row)));
    }
    // Full pools stay full: a burst of newcomers over the survivors gets no seat.
    QList<QByteArray> newcomers;
    for (int i = 0; i < 12; ++i)
        newcomers.append(checkoutRequest(pool.at(i % licenses), u"newcomer-%1"_s.arg(i)));
    for (const auto &reply : HttpBurst::send(QHostAddress::LocalHost, {ports.at(0), ports.at(2)}, newcomers, 20s))
        QVERIFY2(reply.status == 409,
                 qPrintable(u"a newcomer got %1: %2"_s.arg(reply.status).arg(QString::fromUtf8(reply.body))));
    // And the victim comes back on the same database and key, agreeing with the others.
    QVERIFY2(cluster.restart(victim, &error), qPrintable(error));
    const auto listing = http[std::size_t(victim)]->get(u"/v1/licenses/stream-0/leases"_s, admin).json();
    QCOMPARE(listing.value("inUse"_L1).toInt(), seatsEach);
}

// Two instances whose own wall clocks are 30 s apart. Both take "now" from the database, so the
// lease the fast one signs expires ttl after the database's now (not 30 s later), both agree on
// whether the seat is held at every moment, and the seat is free at exactly expiresAt + skew by
// the database's clock_timestamp(): held just before, free just after, on both.
void TestMultiInstance::postgresSkewedInstancesAgreeOnTheDatabaseClock()
{
    constexpr qint64 ttlMs = 2000;
    constexpr qint64 skewMs = 1000;
    constexpr qint64 window = 400; // the boundary is watched this long on each side
    InstanceCluster cluster(2, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    cluster.setTestClockOffset(1, 30s);
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const License license = createLicense(*http[0], admin, u"skew"_s, 1, int(ttlMs / 1000), int(skewMs / 1000), 30);
    QVERIFY(!license.auth.isEmpty());

    const qint64 before = databaseNowMs(*m_db);
    const auto checkout = http[1]->post(u"/v1/licenses/skew/checkout"_s, {{u"holder"_s, u"alice"_s}}, license.auth);
    const qint64 after = databaseNowMs(*m_db);
    QCOMPARE(checkout.status, 201);
    QVERIFY(before > 0);
    const QString seatId = checkout.json()["lease"_L1]["seatId"_L1].toString();
    qint64 expires = msOf(checkout.json()["lease"_L1]["expiresAt"_L1]);
    // The DatabaseClock's reading is good to well under a millisecond; 50 ms is generous.
    QVERIFY2(
        expires >= before + ttlMs - 50 && expires <= after + ttlMs + 50,
        qPrintable(u"the skewed instance signed expiresAt %1, the database clock said %2..%3 (+%4 ttl)"_s.arg(expires)
                       .arg(before)
                       .arg(after)
                       .arg(ttlMs)));
    // The slow instance renews what the fast one granted, and the fast one refuses a rival.
    const auto renewed = http[0]->post(u"/v1/licenses/skew/seats/%1/heartbeat"_s.arg(seatId), {}, license.auth);
    QCOMPARE(renewed.status, 200);
    expires = msOf(renewed.json()["lease"_L1]["expiresAt"_L1]);
    for (int i = 0; i < 2; ++i) {
        const auto rival
            = http[std::size_t(i)]->post(u"/v1/licenses/skew/checkout"_s, {{u"holder"_s, u"bob"_s}}, license.auth);
        QCOMPARE(rival.status, 409);
    }

    const qint64 freeAt = expires + skewMs; // live while now <= expiresAt + skew
    QVERIFY2(serveUntil([&] { return databaseNowMs(*m_db) >= freeAt - window; }, 10s), "the database clock stalled");
    int heldSeen = 0;
    int freeSeen = 0;
    QStringList disagreements;
    const QDeadlineTimer bound(10s);
    while (!bound.hasExpired()) {
        for (int i = 0; i < 2; ++i) {
            const qint64 t0 = databaseNowMs(*m_db);
            const auto listing = http[std::size_t(i)]->get(u"/v1/licenses/skew/leases"_s, admin).json();
            const qint64 t1 = databaseNowMs(*m_db);
            bool live = false;
            for (const QJsonValue &row : listing.value("leases"_L1).toArray())
                live = live || (row["seatId"_L1].toString() == seatId && row["live"_L1].toBool());
            if (t1 < freeAt) { // the whole call happened while the seat must count
                heldSeen += t1 >= freeAt - window;
                if (!live)
                    disagreements.append(u"instance %1 freed the seat %2 ms early"_s.arg(i).arg(freeAt - t1));
            } else if (t0 > freeAt) {
                freeSeen += t0 <= freeAt + window;
                if (live)
                    disagreements.append(u"instance %1 still counted the seat %2 ms late"_s.arg(i).arg(t0 - freeAt));
            }
        }
        if (databaseNowMs(*m_db) > freeAt + window)
            break;
    }
    QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.mid(0, 5).join(u'\n')));
    QVERIFY2(
        heldSeen > 0 && freeSeen > 0,
        qPrintable(u"the boundary was not watched closely enough (%1 held, %2 free observations)"_s.arg(heldSeen).arg(
            freeSeen)));
    // Free on the fast instance too: a rival gets it there.
    const auto rival = http[1]->post(u"/v1/licenses/skew/checkout"_s, {{u"holder"_s, u"bob"_s}}, license.auth);
    QCOMPARE(rival.status, 201);
}

// The database refuses every connection for a few seconds while clients keep checking out and
// renewing on three instances. Meanwhile the answers are 503 database_unavailable with a message
// naming the database (never a 500), every instance keeps running, and each recovers by itself
// when the database comes back; no row is half written: every lease row has its grant event and
// every grant event its row, and a checkout refused with 503 retried afterwards takes one seat.
void TestMultiInstance::postgresOutageAnswers503AndRecovers()
{
    constexpr int connections = 9;
    InstanceCluster cluster(3, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"1"_s});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const License license = createLicense(*http[0], admin, u"outage"_s, 10000, 300, 5, 15);
    QVERIFY(!license.auth.isEmpty());
    const QList<quint16> ports = portsOf(cluster);

    enum class Phase { Before, Outage, After };
    Phase phase = Phase::Before;
    bool stopping = false;
    QStringList problems;
    QMap<int, int> outageStatuses;
    QSet<QString> refusedRequests; // checkouts answered 503: retried after the outage
    QHash<QString, QString> ackedSeats; // requestId -> seatId
    std::vector<QString> seatOf(connections);
    std::vector<int> serial(connections, 0);
    std::vector<bool> healed(connections, false);
    std::vector<std::unique_ptr<KeepAliveClient>> clients;
    for (int c = 0; c < connections; ++c)
        clients.push_back(std::make_unique<KeepAliveClient>(QHostAddress::LocalHost, ports.at(c % 3), requestTimeout));

    // Each connection alternates a checkout of a new seat with a heartbeat of its last one.
    std::function<void(int)> step = [&](int c) {
        if (stopping)
            return;
        const bool checkout = seatOf[std::size_t(c)].isEmpty() || serial[std::size_t(c)] % 2 == 0;
        const QString requestId = u"c%1-%2"_s.arg(c).arg(serial[std::size_t(c)]);
        const QByteArray request = checkout ? checkoutRequest(license, u"holder-%1"_s.arg(requestId), requestId)
                                            : heartbeatRequest(license, seatOf[std::size_t(c)]);
        const Phase sentIn = phase;
        clients[std::size_t(c)]->send(request, [&, c, checkout, requestId, sentIn](const HttpBurst::Reply &reply) {
            ++serial[std::size_t(c)];
            const bool ok = reply.status == (checkout ? 201 : 200);
            if (ok && checkout) {
                seatOf[std::size_t(c)] = jsonOf(reply)["lease"_L1]["seatId"_L1].toString();
                ackedSeats.insert(requestId, seatOf[std::size_t(c)]);
            }
            if (phase == Phase::Outage || sentIn == Phase::Outage)
                ++outageStatuses[reply.status];
            if (reply.status == 503) {
                const QJsonObject body = jsonOf(reply);
                const QString message = body.value("message"_L1).toString();
                // License-key callers read "database unavailable", never where the database is.
                if (body.value("error"_L1).toString() != databaseUnavailable
                    || !message.startsWith(u"database unavailable"_s) || message.contains(u"PostgreSQL"_s))
                    problems.append(
                        u"a 503 that names the database, or not the problem: %1"_s.arg(QString::fromUtf8(reply.body)));
                if (checkout)
                    refusedRequests.insert(requestId);
            } else if (!ok && !(phase != Phase::Before && reply.status == 0)) {
                problems.append(u"%1 answered %2: %3"_s.arg(checkout ? u"checkout"_s : u"heartbeat"_s)
                                    .arg(reply.status)
                                    .arg(QString::fromUtf8(reply.body)));
            }
            if (ok && phase == Phase::After)
                healed[std::size_t(c)] = true;
            // A short pause between requests keeps the failing phase from spinning.
            QTimer::singleShot(ok ? 0 : 50, this, [&step, c] { step(c); });
        });
    };
    for (int c = 0; c < connections; ++c)
        step(c);
    QVERIFY2(serveUntil([&] { return ackedSeats.size() >= 3 * connections; }, 20s), "the load did not get going");
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(u'\n')));

    // The outage: no new session is let in, and every session the servers hold is cut. Done from
    // the cluster's admin database, since a database cannot lock itself out; the shared cluster
    // goes on serving the other tests.
    AdminSession adminSession;
    const qint64 ownSession = scalar(*m_db, u"SELECT pg_backend_pid()"_s); // kept to read the rows after
    QVERIFY(ownSession > 0);
    QVERIFY2(adminSession.exec(u"ALTER DATABASE %1 ALLOW_CONNECTIONS false"_s.arg(m_db->name()), &error),
             qPrintable(error));
    phase = Phase::Outage;
    QVERIFY2(adminSession.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%1' "
                               "AND pid <> %2"_s.arg(m_db->name())
                                   .arg(ownSession),
                               &error),
             qPrintable(error));
    serveUntil([] { return false; }, 3s);
    for (int i = 0; i < 3; ++i)
        QVERIFY2(cluster.instance(i).isRunning(), qPrintable(u"instance %1 died in the outage"_s.arg(i)));
    QVERIFY2(adminSession.exec(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(m_db->name()), &error),
             qPrintable(error));
    phase = Phase::After;
    QVERIFY2(
        serveUntil([&] { return std::all_of(healed.begin(), healed.end(), [](bool h) { return h; }); }, 20s),
        qPrintable(u"not every client recovered; during the outage: %1\n%2\n%3"_s.arg(statusSummary(outageStatuses))
                       .arg(problems.mid(0, 5).join(u'\n'))
                       .arg(cluster.output().right(3000))));
    stopping = true;
    QVERIFY2(serveUntil(
                 [&] {
                     return std::none_of(clients.begin(), clients.end(),
                                         [](const auto &client) { return client->busy(); });
                 },
                 15s),
             "the clients did not finish their last requests");
    qInfo("answers during the outage: %s", qPrintable(statusSummary(outageStatuses)));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 10).join(u'\n')));
    QVERIFY2(outageStatuses.value(503) > 0,
             qPrintable(u"the outage was not noticed: %1"_s.arg(statusSummary(outageStatuses))));
    QCOMPARE(outageStatuses.value(500), 0);

    // No half-written state: rows and grant events match one to one.
    QCOMPARE(
        scalar(*m_db,
               u"SELECT count(*) FROM leases l WHERE l.license_id = 'outage' AND NOT EXISTS (SELECT 1 FROM events e "
               "WHERE e.kind = 'granted' AND e.license_id = l.license_id AND e.seat_id = l.seat_id)"_s),
        0);
    QCOMPARE(
        scalar(*m_db,
               u"SELECT count(*) FROM events e WHERE e.kind = 'granted' AND e.license_id = 'outage' AND NOT EXISTS "
               "(SELECT 1 FROM leases l WHERE l.license_id = e.license_id AND l.seat_id = e.seat_id)"_s),
        0);
    for (auto it = ackedSeats.cbegin(); it != ackedSeats.cend(); ++it)
        QVERIFY2(scalar(*m_db, u"SELECT count(*) FROM leases WHERE seat_id = '%1'"_s.arg(it.value())) == 1,
                 qPrintable(u"acknowledged seat %1 is not in the database"_s.arg(it.value())));
    // A checkout refused during the outage, retried: exactly one seat for its requestId.
    for (const QString &requestId : std::as_const(refusedRequests)) {
        const auto retried
            = http[0]->post(u"/v1/licenses/outage/checkout"_s,
                            {{u"holder"_s, u"holder-"_s + requestId}, {u"requestId"_s, requestId}}, license.auth);
        QVERIFY2(retried.status == 201, qPrintable(QString::fromUtf8(retried.body)));
        QCOMPARE(scalar(*m_db, u"SELECT count(*) FROM leases WHERE request_id = '%1'"_s.arg(requestId)), 1);
    }
}

// Issue 24: during an outage a request with a wrong key or token got a 503 naming the database's
// host, port and libpq's error text, and GET /v1/health said "ok". Now nobody who has not proved
// who it is reads anything about the infrastructure (the log keeps it), the 503 says the request
// was not carried out, and the health route reports the outage, still with 200.
// The test cluster has no synchronous standby: with --require-synchronous-commit an instance
// refuses to start and says which setting is missing; without it, it starts (a database with no
// standby at all is not warned about: there is nothing to fail over to), with a warning when it was
// given a host list.
void TestMultiInstance::postgresRequireSynchronousCommitRefusesAnAsynchronousDatabase()
{
    QTemporaryDir dir;
    QString output;
    const int code = ServerProcess::run({u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, dir.path(), u"--database"_s,
                                         m_db->url(), u"--require-synchronous-commit"_s},
                                        &output);
    QCOMPARE(code, 2);
    QVERIFY2(output.contains(u"--require-synchronous-commit: "_s), qPrintable(output));
    QVERIFY2(output.contains(u"synchronous_standby_names is empty"_s), qPrintable(output));
    QVERIFY2(output.contains(u"synchronous_mode"_s), qPrintable(output));

    ServerProcess server;
    server.setDatabase(m_db->url());
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error + server.output()));
    QVERIFY2(!server.output().contains(u"WARNING: "_s), qPrintable(server.output()));

    // Given a host list, the operator expects a failover: an asynchronous database is warned about
    // (the list here is a port nobody listens on, then the test's cluster).
    const QUrl url(m_db->url());
    const QString listed = u"postgresql://%1@127.0.0.1:1,%2:%3%4?target_session_attrs=read-write"_s.arg(
        url.userName(), url.host(), QString::number(url.port()), url.path());
    QVERIFY(server.terminate());
    ServerProcess warned;
    warned.setDataDir(server.dataDir()); // the key the database already has
    warned.setDatabase(listed);
    QVERIFY2(warned.start(&error), qPrintable(error + warned.output()));
    QVERIFY2(warned.output().contains(u"WARNING: PostgreSQL at 127.0.0.1:1,"_s)
                 && warned.output().contains(u"synchronous_standby_names is empty"_s),
             qPrintable(warned.output()));
}

void TestMultiInstance::postgresOutageIsReportedWithoutTheInfrastructure()
{
    InstanceCluster cluster(1, m_db->url());
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const License license = createLicense(*http[0], admin, u"outage"_s, 3, 300, 5, 15);
    QVERIFY(!license.auth.isEmpty());
    const auto healthy = http[0]->get(u"/v1/health"_s);
    QCOMPARE(healthy.status, 200);
    QCOMPARE(healthy.json().value("status"_L1).toString(), u"ok"_s);
    QVERIFY(!healthy.json().contains("reason"_L1));

    AdminSession adminSession;
    const qint64 ownSession = scalar(*m_db, u"SELECT pg_backend_pid()"_s);
    QVERIFY(ownSession > 0);
    QVERIFY2(adminSession.exec(u"ALTER DATABASE %1 ALLOW_CONNECTIONS false"_s.arg(m_db->name()), &error),
             qPrintable(error));
    const auto reopen = qScopeGuard([&] {
        QString ignored;
        adminSession.exec(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(m_db->name()), &ignored);
    });
    QVERIFY2(adminSession.exec(u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%1' "
                               "AND pid <> %2"_s.arg(m_db->name())
                                   .arg(ownSession),
                               &error),
             qPrintable(error));

    // What the infrastructure is called.
    const QUrl database(m_db->url());
    const QStringList infrastructure {
        database.host(), u":%1"_s.arg(database.port()), m_db->name(), u"PostgreSQL"_s, u"libpq"_s, u"connection"_s};
    const auto revealed = [&](const HttpResult &reply) {
        QStringList found;
        for (const QString &word : infrastructure) {
            if (QString::fromUtf8(reply.body).contains(word, Qt::CaseInsensitive))
                found.append(word);
        }
        return found.join(u", "_s);
    };

    const auto degraded = http[0]->get(u"/v1/health"_s);
    QCOMPARE(degraded.status, 200);
    QCOMPARE(degraded.json().value("status"_L1).toString(), u"degraded"_s);
    QCOMPARE(degraded.json().value("reason"_L1).toString(), u"database unavailable"_s);
    QVERIFY2(revealed(degraded).isEmpty(), degraded.body.constData());

    const QByteArray wrongKey = "License " + licenseKeyPrefix.toString().toLatin1() + QByteArray(64, '0');
    const QList<HttpResult> refused {
        http[0]->get(u"/v1/licenses"_s, "Bearer " + QByteArray(64, '0')), // a wrong token
        http[0]->post(u"/v1/licenses/outage/checkout"_s, {{u"holder"_s, u"x"_s}}, wrongKey), // a wrong key
        http[0]->post(u"/v1/licenses/outage/checkout"_s, {{u"holder"_s, u"x"_s}}, license.auth), // the right key
        http[0]->get(u"/v1/licenses"_s, admin), // the right token, which cannot be checked now
    };
    for (const HttpResult &reply : refused) {
        QCOMPARE(reply.status, 503);
        QCOMPARE(reply.errorCode(), QString(databaseUnavailable));
        // Clients (the keeper, the dashboard) wait this long before asking again.
        QCOMPARE(reply.header("Retry-After"), QByteArray("1"));
        const QString message = reply.json().value("message"_L1).toString();
        QVERIFY2(message.startsWith(u"database unavailable;"_s), reply.body.constData());
        QVERIFY2(message.contains(u"not carried out"_s), reply.body.constData());
        QVERIFY2(!message.contains(u"may or may not"_s), reply.body.constData());
        QVERIFY2(revealed(reply).isEmpty(), qPrintable(revealed(reply) + u": "_s + QString::fromUtf8(reply.body)));
    }
    // The log keeps the details for the operator.
    QTRY_VERIFY2_WITH_TIMEOUT(cluster.output().contains(m_db->name()), qPrintable(cluster.output().right(2000)), 5000);

    QVERIFY2(adminSession.exec(u"ALTER DATABASE %1 ALLOW_CONNECTIONS true"_s.arg(m_db->name()), &error),
             qPrintable(error));
    QVERIFY2(serveUntil([&] { return http[0]->get(u"/v1/health"_s).json().value("status"_L1) == u"ok"_s; }, 15s),
             qPrintable(cluster.output().right(2000)));
    QCOMPARE(http[0]->post(u"/v1/licenses/outage/checkout"_s, {{u"holder"_s, u"x"_s}}, license.auth).status, 201);
}

// Ten thousand expired rows, written straight into the database, reaped by two instances'
// reapers running at the same moment: every row is deleted, each exactly once, with exactly one
// reaped event each, and the two answers add up to the backlog.
void TestMultiInstance::postgresTwoReapersReapBacklogOnce()
{
    constexpr int backlog = 10000;
    InstanceCluster cluster(2, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    QVERIFY(!createLicense(*http[0], admin, u"backlog"_s, 10, 60, 1, 2).auth.isEmpty());
    // Expired an hour ago; the reaper neither checks nor needs the signature.
    QVERIFY2(m_db->exec(u"INSERT INTO leases (license_id, seat_id, holder, generation, issued_at, expires_at, "
                        "signature, request_id) SELECT 'backlog', 'old-' || g, 'holder-' || g, g, "
                        "%1 - 7200000, %1 - 3600000, '\\x00'::bytea, '' FROM generate_series(1, %2) AS g"_s
                            .arg(databaseNowMs(*m_db))
                            .arg(backlog),
                        &error),
             qPrintable(error));

    QList<QByteArray> reaps;
    for (int i = 0; i < 2; ++i)
        reaps.append(HttpBurst::request("POST", "/v1/reap", admin, {}));
    const auto replies = HttpBurst::send(QHostAddress::LocalHost, portsOf(cluster), reaps, 60s);
    int reaped = 0;
    for (int i = 0; i < 2; ++i) {
        QVERIFY2(
            replies.at(i).status == 200,
            qPrintable(
                u"instance %1: %2 %3"_s.arg(i).arg(replies.at(i).status).arg(QString::fromUtf8(replies.at(i).body))));
        reaped += jsonOf(replies.at(i)).value("reaped"_L1).toInt();
    }
    qInfo("the two reapers reaped %d and %d rows", jsonOf(replies.at(0)).value("reaped"_L1).toInt(),
          jsonOf(replies.at(1)).value("reaped"_L1).toInt());
    QCOMPARE(reaped, backlog);
    QCOMPARE(scalar(*m_db, u"SELECT count(*) FROM leases WHERE license_id = 'backlog'"_s), 0);
    QCOMPARE(scalar(*m_db, u"SELECT count(*) FROM events WHERE kind = 'reaped' AND license_id = 'backlog'"_s), backlog);
    QCOMPARE(
        scalar(*m_db, u"SELECT count(DISTINCT seat_id) FROM events WHERE kind = 'reaped' AND license_id = 'backlog'"_s),
        backlog);
}

// License validity (issue 29) on two instances over one database: a lease issued on one instance
// a few seconds before validUntil is capped there, renewed on the other it stays capped, both
// signatures cover the cap, and once validUntil has passed (on the database's clock) neither
// instance hands out a seat or renews the held one.
void TestMultiInstance::postgresValidityCapsLeasesOnEveryInstance()
{
    InstanceCluster cluster(2, m_db->url());
    cluster.setExtraArguments({u"--reap-interval"_s, u"0"_s});
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    const auto http = httpFor(cluster);
    const qint64 dbNow = databaseNowMs(*m_db);
    QVERIFY(dbNow > 0);
    const QDateTime validUntil = QDateTime::fromMSecsSinceEpoch(dbNow + 4000, Qt::UTC);
    const auto created = http[0]->put(u"/v1/licenses/ends"_s,
                                      {{u"name"_s, u"ACME CAD"_s},
                                       {u"seatCount"_s, 2},
                                       {u"ttlSeconds"_s, 60},
                                       {u"skewSeconds"_s, 1},
                                       {u"reapGraceSeconds"_s, 2},
                                       {u"validUntil"_s, formatTimestamp(validUntil)}},
                                      admin);
    QCOMPARE(created.status, 201);
    const QByteArray auth = "License " + created.json().value("key"_L1).toString().toLatin1();
    const auto verifier = LeaseVerifier::fromBase64(
        http[1]->get(u"/v1/public-key"_s).json().value("publicKey"_L1).toString().toLatin1());
    QVERIFY(verifier);

    const auto checkout = http[0]->post(u"/v1/licenses/ends/checkout"_s, {{u"holder"_s, u"alice"_s}}, auth);
    QCOMPARE(checkout.status, 201);
    const auto lease = leaseFromJson(checkout.json().value("lease"_L1));
    QVERIFY(lease);
    QCOMPARE(lease->expiresAt, validUntil); // 60 s asked, 4 s left: capped
    QVERIFY(verifier->verify(*lease));

    const auto renewed = http[1]->post(u"/v1/licenses/ends/seats/%1/heartbeat"_s.arg(lease->seatId), {}, auth);
    QCOMPARE(renewed.status, 200);
    const auto renewedLease = leaseFromJson(renewed.json().value("lease"_L1));
    QVERIFY(renewedLease);
    QCOMPARE(renewedLease->expiresAt, validUntil);
    QVERIFY(verifier->verify(*renewedLease));
    QVERIFY(http[1]
                ->get(u"/v1/licenses"_s, admin)
                .json()
                .value("licenses"_L1)
                .toArray()
                .first()
                .toObject()
                .value("validUntil"_L1)
            == formatTimestamp(validUntil));

    // Past validUntil on the database's clock: refused on both instances, the held seat lost.
    QVERIFY(serveUntil([&] { return databaseNowMs(*m_db) > validUntil.toMSecsSinceEpoch(); }, 10s));
    for (int i = 0; i < 2; ++i) {
        const auto refused
            = http[std::size_t(i)]->post(u"/v1/licenses/ends/checkout"_s, {{u"holder"_s, u"bob"_s}}, auth);
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.errorCode(), u"license_not_valid"_s);
    }
    const auto lost = http[0]->post(u"/v1/licenses/ends/seats/%1/heartbeat"_s.arg(lease->seatId), {}, auth);
    QCOMPARE(lost.status, 410);
    QCOMPARE(lost.errorCode(), u"seat_lost"_s);
}

QTEST_GUILESS_MAIN(TestMultiInstance)
#include "tst_multiinstance.moc"
