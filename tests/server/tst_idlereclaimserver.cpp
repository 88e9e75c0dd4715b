// Idle reclaim on the real server (issue 26), in this process on a ManualClock: a seat whose holder
// stopped using the application is marked only when someone waits, its heartbeat answers carry
// reclaimAt, the holder's activity lifts the mark, and at reclaimAt the seat goes to the head of
// the line with one `reclaimed` event naming both holders. Also run on PostgreSQL
// (tst_idlereclaimserver_postgres), where a second instance on the same database evaluates the
// rule too and the seat is still taken exactly once.

#include "StoreUnderTest.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

constexpr qint64 minuteMs = 60'000;

} // namespace

class TestIdleReclaimServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void nothingIsMarkedWhileNobodyWaits();
    void anIdleSeatGoesToTheWaiterAtReclaimAt();
    void activityDuringTheWarningKeepsTheSeat();
    void aRefusedHolderCountsWhenNoOneIsInLine();
    void removingTheRuleLiftsTheMark();
    void twoInstancesReclaimOnceOnPostgres();
    void aCheckoutTellsActivityFromTheGrant();
    void theLedgerAtAPastMomentKnowsWhoWasIdle();

private:
    // `seats` seats (one unless told), TTL 60 s; `rule` as the license's reclaimIdle.
    void setUpLicense(const QJsonObject &rule, int seats = 1);
    // The listing's row of `seatId` (GET .../leases), empty when absent.
    QJsonObject listedRow(const QString &seatId);
    // GET .../ledger at `at` (now when invalid) with idleAfterMinutes; the holdings by holder,
    // each with its category's wire name as "category".
    QHash<QString, QJsonObject> ledgerHoldings(const QDateTime &at, int idleAfterMinutes);
    HttpResult checkout(TestHttp &http, const QString &holder, bool wait = false);
    HttpResult heartbeat(TestHttp &http, const QString &seatId, qint64 idleMs);
    HttpResult ticketBeat(TestHttp &http, const QString &ticketId);
    // `holder` checks out through `http` and tells, by a heartbeat, that it has been idle `idleMs`;
    // returns its seat id (empty on failure).
    QString holdIdle(TestHttp &http, const QString &holder, qint64 idleMs);
    // `holder` queues; returns its ticket id (empty on failure).
    QString queue(TestHttp &http, const QString &holder);
    QList<QJsonObject> eventsOf(const QString &kind);
    // Moves the clock in 20 s steps up to `total`, keeping the holder's seat (as idle as it was,
    // `idleMs` growing with the time) and the waiter's ticket alive through `http`. Stops early,
    // returning false, when the holder's heartbeat is refused.
    bool keepBoth(TestHttp &http, const QString &seatId, qint64 *idleMs, const QString &ticketId,
                  std::chrono::milliseconds total, HttpResult *lastBeat);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_admin;
    QByteArray m_key;
    const QString m_license = u"cad"_s;
};

void TestIdleReclaimServer::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = std::make_unique<TestServer>(TestServer::Options {.dataDir = m_dir->path(), .reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_server);
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_admin = m_server->adminAuthorization();
    m_http = std::make_unique<TestHttp>(m_server->url());
}

void TestIdleReclaimServer::cleanup()
{
    m_http.reset();
    m_server.reset();
    m_dir.reset();
}

void TestIdleReclaimServer::setUpLicense(const QJsonObject &rule, int seats)
{
    const QByteArray key = m_server->createLicense(m_license, seats, 60s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    m_key = "License " + key;
    const auto put = m_http->put(u"/v1/licenses/%1/rules"_s.arg(m_license),
                                 {{u"rules"_s, QJsonObject {{u"reclaimIdle"_s, rule}}}}, m_admin);
    QVERIFY2(put.status == 200, put.body.constData());
}

QJsonObject TestIdleReclaimServer::listedRow(const QString &seatId)
{
    const auto listing = m_http->get(u"/v1/licenses/%1/leases"_s.arg(m_license), m_admin);
    for (const QJsonValue &row : listing.json().value("leases"_L1).toArray()) {
        if (row.toObject().value("seatId"_L1).toString() == seatId)
            return row.toObject();
    }
    return {};
}

QHash<QString, QJsonObject> TestIdleReclaimServer::ledgerHoldings(const QDateTime &at, int idleAfterMinutes)
{
    QString query = u"idleAfterMinutes=%1"_s.arg(idleAfterMinutes);
    if (at.isValid())
        query += u"&at="_s + QString::fromLatin1(QUrl::toPercentEncoding(formatTimestamp(at)));
    const auto ledger = m_http->get(u"/v1/licenses/%1/ledger?%2"_s.arg(m_license, query), m_admin);
    QHash<QString, QJsonObject> holdings;
    for (const QJsonValue &line : ledger.json().value("lines"_L1).toArray()) {
        for (const QJsonValue &held : line.toObject().value("holdings"_L1).toArray()) {
            QJsonObject holding = held.toObject();
            holding.insert(u"category"_s, line.toObject().value("category"_L1));
            holdings.insert(holding.value("holder"_L1).toString(), holding);
        }
    }
    return holdings;
}

HttpResult TestIdleReclaimServer::checkout(TestHttp &http, const QString &holder, bool wait)
{
    QJsonObject body {{u"holder"_s, holder}};
    if (wait) {
        body.insert(u"wait"_s, true);
        body.insert(u"maxWaitSeconds"_s, 3600);
    }
    return http.post(u"/v1/licenses/%1/checkout"_s.arg(m_license), body, m_key);
}

HttpResult TestIdleReclaimServer::heartbeat(TestHttp &http, const QString &seatId, qint64 idleMs)
{
    return http.post(u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(m_license, seatId), {{u"idleMs"_s, idleMs}}, m_key);
}

HttpResult TestIdleReclaimServer::ticketBeat(TestHttp &http, const QString &ticketId)
{
    return http.call("POST", u"/v1/licenses/%1/tickets/%2/heartbeat"_s.arg(m_license, ticketId), {}, m_key);
}

QString TestIdleReclaimServer::holdIdle(TestHttp &http, const QString &holder, qint64 idleMs)
{
    const auto granted = checkout(http, holder);
    const QString seat = granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    if (granted.status != 201 || heartbeat(http, seat, idleMs).status != 200)
        return {};
    return seat;
}

QString TestIdleReclaimServer::queue(TestHttp &http, const QString &holder)
{
    const auto queued = checkout(http, holder, true);
    return queued.status == 202 ? queued.json().value("ticket"_L1).toObject().value("ticketId"_L1).toString()
                                : QString();
}

QList<QJsonObject> TestIdleReclaimServer::eventsOf(const QString &kind)
{
    QList<QJsonObject> found;
    const auto page = m_http->get(u"/v1/events?kind=%1&limit=1000"_s.arg(kind), m_admin);
    for (const QJsonValue &event : page.json().value("events"_L1).toArray())
        found.append(event.toObject());
    return found;
}

bool TestIdleReclaimServer::keepBoth(TestHttp &http, const QString &seatId, qint64 *idleMs, const QString &ticketId,
                                     std::chrono::milliseconds total, HttpResult *lastBeat)
{
    for (std::chrono::milliseconds moved {0}; moved < total; moved += 20s) {
        m_server->clock().advance(20s);
        *idleMs += 20'000;
        *lastBeat = heartbeat(http, seatId, *idleMs);
        if (lastBeat->status != 200)
            return false;
        if (!ticketId.isEmpty())
            ticketBeat(http, ticketId);
    }
    return true;
}

void TestIdleReclaimServer::nothingIsMarkedWhileNobodyWaits()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    const auto alice = checkout(*m_http, u"alice@ws-12"_s);
    QCOMPARE(alice.status, 201);
    const QString seat = alice.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    // Idle for two hours, and nobody needs the seat: it stays, unmarked.
    qint64 idle = 120 * minuteMs;
    HttpResult beat;
    QVERIFY(keepBoth(*m_http, seat, &idle, {}, 10min, &beat));
    QVERIFY(!beat.json().contains("reclaimAt"_L1));
    m_server->adminCall("POST", u"/v1/reap"_s);
    QVERIFY(eventsOf(u"reclaim_warned"_s).isEmpty());
    QVERIFY(eventsOf(u"reclaimed"_s).isEmpty());
    QCOMPARE(m_server->liveLeasesOf(m_license, u"alice@ws-12"_s).size(), 1);
}

void TestIdleReclaimServer::anIdleSeatGoesToTheWaiterAtReclaimAt()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    qint64 idle = 74 * minuteMs;
    const QString seat = holdIdle(*m_http, u"alice@ws-12"_s, idle);
    QVERIFY(!seat.isEmpty());

    // carol queues: the idle seat is marked at once, for her.
    const QDateTime queuedAt = m_server->clock().now();
    const QString ticket = queue(*m_http, u"carol@ws-3"_s);
    QVERIFY(!ticket.isEmpty());
    const auto warned = eventsOf(u"reclaim_warned"_s);
    QCOMPARE(warned.size(), 1);
    QCOMPARE(warned[0].value("holder"_L1).toString(), u"alice@ws-12"_s);
    const QJsonObject warning = warned[0].value("detail"_L1).toObject();
    QCOMPARE(warning.value("waiter"_L1).toString(), u"carol@ws-3"_s);
    QCOMPARE(warning.value("waiterTicketId"_L1).toString(), ticket);
    const QString reclaimAt = warning.value("reclaimAt"_L1).toString();
    QCOMPARE(QDateTime::fromString(reclaimAt, Qt::ISODateWithMs), queuedAt.addSecs(5 * 60));

    // alice's next heartbeat tells her when, while she stays idle.
    const auto told = heartbeat(*m_http, seat, idle);
    QCOMPARE(told.status, 200);
    QCOMPARE(told.json().value("reclaimAt"_L1).toString(), reclaimAt);
    // The listing and the ledger say so too, for the dashboard's Seats page and `keyright status`.
    QCOMPARE(listedRow(seat).value("reclaimAt"_L1).toString(), reclaimAt);
    const QJsonObject idleHolding = ledgerHoldings({}, 30).value(u"alice@ws-12"_s);
    QCOMPARE(idleHolding.value("category"_L1).toString(), u"idle"_s);
    QCOMPARE(idleHolding.value("reclaimAt"_L1).toString(), reclaimAt);

    // Up to the warning's end the seat is hers; then carol's ticket heartbeat finds it reclaimed.
    HttpResult beat;
    QVERIFY(keepBoth(*m_http, seat, &idle, ticket, 4min + 40s, &beat));
    QCOMPARE(beat.json().value("reclaimAt"_L1).toString(), reclaimAt);
    QVERIFY(eventsOf(u"reclaimed"_s).isEmpty());
    m_server->clock().advance(21s);
    const auto served = ticketBeat(*m_http, ticket);
    QCOMPARE(served.status, 200);
    QCOMPARE(served.json().value("lease"_L1).toObject().value("holder"_L1).toString(), u"carol@ws-3"_s);

    const auto reclaimed = eventsOf(u"reclaimed"_s);
    QCOMPARE(reclaimed.size(), 1);
    QCOMPARE(reclaimed[0].value("holder"_L1).toString(), u"alice@ws-12"_s);
    QCOMPARE(reclaimed[0].value("seatId"_L1).toString(), seat);
    QCOMPARE(reclaimed[0].value("detail"_L1).toObject().value("waiter"_L1).toString(), u"carol@ws-3"_s);
    // alice's application learns it lost the seat; only carol holds one.
    QCOMPARE(heartbeat(*m_http, seat, idle).status, 410);
    QCOMPARE(m_server->liveLeasesOf(m_license, u"alice@ws-12"_s).size(), 0);
    QCOMPARE(m_server->liveLeasesOf(m_license, u"carol@ws-3"_s).size(), 1);
    QCOMPARE(m_server->leases(m_license).value("inUse"_L1).toInt(), 1);
    const auto refused = eventsOf(u"renew_refused"_s);
    QVERIFY(!refused.isEmpty());
    QCOMPARE(refused.last().value("detail"_L1).toObject().value("endedBy"_L1).toString(), u"reclaimed"_s);
    // Asked later about a moment of the warning (a dispute), the ledger tells alice idle and her
    // seat already marked.
    const QJsonObject during = ledgerHoldings(queuedAt.addSecs(60), 30).value(u"alice@ws-12"_s);
    QCOMPARE(during.value("category"_L1).toString(), u"idle"_s);
    QCOMPARE(during.value("reclaimAt"_L1).toString(), reclaimAt);
}

void TestIdleReclaimServer::activityDuringTheWarningKeepsTheSeat()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    qint64 idle = 40 * minuteMs;
    const QString seat = holdIdle(*m_http, u"alice@ws-12"_s, idle);
    QVERIFY(!seat.isEmpty());
    const QString ticket = queue(*m_http, u"carol@ws-3"_s);
    QVERIFY(!ticket.isEmpty());
    QCOMPARE(eventsOf(u"reclaim_warned"_s).size(), 1);

    // Two minutes into the warning alice types: the answer to that heartbeat no longer warns.
    HttpResult beat;
    QVERIFY(keepBoth(*m_http, seat, &idle, ticket, 2min, &beat));
    QVERIFY(beat.json().contains("reclaimAt"_L1));
    m_server->clock().advance(1s);
    idle = 500;
    const auto active = heartbeat(*m_http, seat, idle);
    QCOMPARE(active.status, 200);
    QVERIFY(!active.json().contains("reclaimAt"_L1));
    // The listing no longer shows the mark, though the server lifts it only at its next look.
    QVERIFY(!listedRow(seat).isEmpty());
    QVERIFY(!listedRow(seat).contains("reclaimAt"_L1));

    // Well past the warning's end (alice busy, carol still waiting): the seat stays hers.
    idle = 0;
    QVERIFY(keepBoth(*m_http, seat, &idle, ticket, 10min, &beat));
    QVERIFY(!beat.json().contains("reclaimAt"_L1));
    const auto lifted = eventsOf(u"reclaim_cancelled"_s);
    QCOMPARE(lifted.size(), 1);
    QCOMPARE(lifted[0].value("holder"_L1).toString(), u"alice@ws-12"_s);
    QCOMPARE(lifted[0].value("detail"_L1).toObject().value("reason"_L1).toString(), u"activity"_s);
    QVERIFY(eventsOf(u"reclaimed"_s).isEmpty());
    QCOMPARE(ticketBeat(*m_http, ticket).status, 202);
    QCOMPARE(m_server->liveLeasesOf(m_license, u"alice@ws-12"_s).size(), 1);
}

void TestIdleReclaimServer::aRefusedHolderCountsWhenNoOneIsInLine()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    qint64 idle = 45 * minuteMs;
    const QString seat = holdIdle(*m_http, u"alice@ws-12"_s, idle);
    QVERIFY(!seat.isEmpty());

    // bob is refused (he does not wait): that refusal is a need for the rule's warning time.
    QCOMPARE(checkout(*m_http, u"bob@ws-7"_s).status, 409);
    const auto warned = eventsOf(u"reclaim_warned"_s);
    QCOMPARE(warned.size(), 1);
    QCOMPARE(warned[0].value("detail"_L1).toObject().value("waiter"_L1).toString(), u"bob@ws-7"_s);
    QCOMPARE(warned[0].value("detail"_L1).toObject().value("waiterTicketId"_L1).toString(), QString());

    HttpResult beat;
    QVERIFY(keepBoth(*m_http, seat, &idle, {}, 5min, &beat));
    // bob tries again after the warning: the seat is taken from alice and his checkout gets it.
    m_server->clock().advance(1s);
    const auto again = checkout(*m_http, u"bob@ws-7"_s);
    QCOMPARE(again.status, 201);
    QCOMPARE(eventsOf(u"reclaimed"_s).size(), 1);
    QCOMPARE(m_server->liveLeasesOf(m_license, u"alice@ws-12"_s).size(), 0);
    QCOMPARE(m_server->leases(m_license).value("inUse"_L1).toInt(), 1);
}

void TestIdleReclaimServer::removingTheRuleLiftsTheMark()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    qint64 idle = 45 * minuteMs;
    const QString seat = holdIdle(*m_http, u"alice@ws-12"_s, idle);
    QVERIFY(!seat.isEmpty());
    const QString ticket = queue(*m_http, u"carol@ws-3"_s);
    QVERIFY(!ticket.isEmpty());
    QVERIFY(heartbeat(*m_http, seat, idle).json().contains("reclaimAt"_L1));

    QCOMPARE(m_http->put(u"/v1/licenses/%1/rules"_s.arg(m_license), {{u"rules"_s, QJsonObject {}}}, m_admin).status,
             200);
    QVERIFY(!heartbeat(*m_http, seat, idle).json().contains("reclaimAt"_L1));
    const auto lifted = eventsOf(u"reclaim_cancelled"_s);
    QCOMPARE(lifted.size(), 1);
    QCOMPARE(lifted[0].value("detail"_L1).toObject().value("reason"_L1).toString(), u"no_rule"_s);
    HttpResult beat;
    QVERIFY(keepBoth(*m_http, seat, &idle, ticket, 10min, &beat));
    QVERIFY(eventsOf(u"reclaimed"_s).isEmpty());
}

void TestIdleReclaimServer::twoInstancesReclaimOnceOnPostgres()
{
    if (!m_server->database())
        QSKIP("two instances share a PostgreSQL database: tst_idlereclaimserver_postgres runs this case");
    // A second instance on the same database, signing with the same key, reading the same clock.
    QTemporaryDir secondDir;
    QVERIFY(secondDir.isValid());
    for (const QString &secret : {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s}) {
        const QString target = QDir(secondDir.path()).filePath(secret);
        QVERIFY(QFile::copy(QDir(m_server->dataDir()).filePath(secret), target));
        QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner));
    }
    TestServer second(TestServer::Options {.clock = &m_server->clock(),
                                           .dataDir = secondDir.path(),
                                           .reapInterval = 0s,
                                           .databaseUrl = m_server->database()->url()});
    QString error;
    QVERIFY2(second.start(&error), qPrintable(error));
    TestHttp other(second.url());

    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}});
    qint64 idle = 60 * minuteMs;
    const QString seat = holdIdle(*m_http, u"alice@ws-12"_s, idle);
    QVERIFY(!seat.isEmpty());
    // carol queues on the second instance; both instances then serve her ticket in turns.
    const QString ticket = queue(other, u"carol@ws-3"_s);
    QVERIFY(!ticket.isEmpty());
    QCOMPARE(eventsOf(u"reclaim_warned"_s).size(), 1);
    // The mark is in the database: the first instance's answer to alice carries it too.
    QVERIFY(heartbeat(*m_http, seat, idle).json().contains("reclaimAt"_L1));

    HttpResult beat;
    for (int i = 0; i < 14; ++i) {
        TestHttp &via = i % 2 ? other : *m_http;
        QVERIFY(keepBoth(via, seat, &idle, ticket, 20s, &beat));
        QCOMPARE(eventsOf(u"reclaim_warned"_s).size(), 1); // evaluated on both, marked once
    }
    m_server->clock().advance(20s);
    // Past reclaimAt: both instances evaluate (a ticket heartbeat on one, a checkout by dave on
    // the other); the seat is taken once and goes to carol, the head of the line.
    const auto onFirst = ticketBeat(*m_http, ticket);
    const auto dave = checkout(other, u"dave@ws-9"_s);
    QCOMPARE(dave.status, 409);
    QCOMPARE(onFirst.status, 200);
    QCOMPARE(onFirst.json().value("lease"_L1).toObject().value("holder"_L1).toString(), u"carol@ws-3"_s);
    const auto reclaimed = eventsOf(u"reclaimed"_s);
    QCOMPARE(reclaimed.size(), 1);
    QCOMPARE(reclaimed[0].value("holder"_L1).toString(), u"alice@ws-12"_s);
    QCOMPARE(m_server->leases(m_license).value("inUse"_L1).toInt(), 1);
    QCOMPARE(heartbeat(other, seat, idle).status, 410);
}

QTEST_GUILESS_MAIN(TestIdleReclaimServer)
void TestIdleReclaimServer::aCheckoutTellsActivityFromTheGrant()
{
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}}, 2);
    const QDateTime now = m_server->clock().now();
    // A keeper whose application saw its user 90 s ago says so with the checkout.
    const auto told = m_http->post(u"/v1/licenses/%1/checkout"_s.arg(m_license),
                                   {{u"holder"_s, u"alice@ws-12"_s}, {u"idleMs"_s, 90'000}}, m_key);
    QCOMPARE(told.status, 201);
    const QJsonObject row = listedRow(told.json().value("lease"_L1).toObject().value("seatId"_L1).toString());
    QCOMPARE(QDateTime::fromString(row.value("lastActivityAt"_L1).toString(), Qt::ISODateWithMs), now.addSecs(-90));
    // One that says nothing is "activity unknown" until a heartbeat tells.
    const auto silent = checkout(*m_http, u"bob@ws-2"_s);
    QCOMPARE(silent.status, 201);
    QVERIFY(!listedRow(silent.json().value("lease"_L1).toObject().value("seatId"_L1).toString())
                 .contains("lastActivityAt"_L1));
    // A bad idleMs is refused, naming the field, and takes no seat.
    const auto bad = m_http->post(u"/v1/licenses/%1/checkout"_s.arg(m_license),
                                  {{u"holder"_s, u"carol@ws-3"_s}, {u"idleMs"_s, -5}}, m_key);
    QCOMPARE(bad.status, 400);
    QVERIFY2(bad.body.contains("idleMs"), bad.body.constData());
    QCOMPARE(m_server->liveLeasesOf(m_license, u"carol@ws-3"_s).size(), 0);
}

void TestIdleReclaimServer::theLedgerAtAPastMomentKnowsWhoWasIdle()
{
    // Nobody waits, so nothing is reclaimed: the history alone tells who was idle when.
    setUpLicense({{u"afterMinutes"_s, 30}, {u"warnMinutes"_s, 5}}, 3);
    const QDateTime t0 = m_server->clock().now();
    const auto take = [&](const QString &holder, std::optional<qint64> idleMs) {
        QJsonObject body {{u"holder"_s, holder}};
        if (idleMs)
            body.insert(u"idleMs"_s, *idleMs);
        const auto granted = m_http->post(u"/v1/licenses/%1/checkout"_s.arg(m_license), body, m_key);
        return granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    };
    const QString alice = take(u"alice@ws-12"_s, 0);
    const QString bob = take(u"bob@ws-2"_s, 0);
    const QString dave = take(u"dave@ws-4"_s, std::nullopt);
    QVERIFY(!alice.isEmpty() && !bob.isEmpty() && !dave.isEmpty());
    // `minutes` of 20 s heartbeats: alice busy or idle since aliceSince, bob busy, dave telling
    // nothing.
    QDateTime aliceSince = t0;
    const auto run = [&](int minutes, bool aliceBusy) {
        for (int step = 0; step < minutes * 3; ++step) {
            m_server->clock().advance(20s);
            const QDateTime now = m_server->clock().now();
            if (aliceBusy)
                aliceSince = now;
            QCOMPARE(heartbeat(*m_http, alice, aliceSince.msecsTo(now)).status, 200);
            QCOMPARE(heartbeat(*m_http, bob, 0).status, 200);
            QCOMPARE(
                m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(m_license, dave), {}, m_key).status,
                200);
        }
    };
    run(60, false); // alice idle an hour
    run(10, true); // then busy for ten minutes
    const QDateTime secondIdle = aliceSince; // and away again for 20 minutes, then she closes the app
    run(20, false);
    QCOMPARE(m_http->call("DELETE", u"/v1/licenses/%1/seats/%2"_s.arg(m_license, alice), {}, m_key).status, 204);
    m_server->clock().advance(1min);

    // 45 minutes in: alice idle since the start, bob in use, dave's client tells nothing.
    auto at45 = ledgerHoldings(t0.addSecs(45 * 60), 30);
    QCOMPARE(at45.value(u"alice@ws-12"_s).value("category"_L1).toString(), u"idle"_s);
    QCOMPARE(QDateTime::fromString(at45.value(u"alice@ws-12"_s).value("since"_L1).toString(), Qt::ISODateWithMs), t0);
    QCOMPARE(at45.value(u"bob@ws-2"_s).value("category"_L1).toString(), u"inUse"_s);
    QCOMPARE(at45.value(u"dave@ws-4"_s).value("category"_L1).toString(), u"activityUnknown"_s);
    // 20 minutes in, alice was idle for less than the threshold: in use.
    QCOMPARE(ledgerHoldings(t0.addSecs(20 * 60), 30).value(u"alice@ws-12"_s).value("category"_L1).toString(),
             u"inUse"_s);
    // 65 minutes in she was busy.
    QCOMPARE(ledgerHoldings(t0.addSecs(65 * 60), 30).value(u"alice@ws-12"_s).value("category"_L1).toString(),
             u"inUse"_s);
    // 85 minutes in, her second idle period, which her release closed, is known too.
    const auto at85 = ledgerHoldings(t0.addSecs(85 * 60), 10);
    QCOMPARE(at85.value(u"alice@ws-12"_s).value("category"_L1).toString(), u"idle"_s);
    QCOMPARE(QDateTime::fromString(at85.value(u"alice@ws-12"_s).value("since"_L1).toString(), Qt::ISODateWithMs),
             secondIdle);
    // Now: bob busy, dave unknown, alice gone.
    const auto now = ledgerHoldings({}, 10);
    QVERIFY(!now.contains(u"alice@ws-12"_s));
    QCOMPARE(now.value(u"bob@ws-2"_s).value("category"_L1).toString(), u"inUse"_s);
}

#include "tst_idlereclaimserver.moc"
