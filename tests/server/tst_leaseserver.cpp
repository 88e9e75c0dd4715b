#include "HttpBurst.h"
#include "LeaseJson.h"
#include "LeaseServer.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "seats/LeaseReaper.h"
#include "seats/SeatService.h"
#include "wire/LedgerReport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using namespace keyright::server;

// The real lease server in this process, on a free loopback port, with a ManualClock: time only
// moves when a test says so, and the periodic reaper is off so each test sweeps exactly when it
// means to.
class TestLeaseServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void publicEndpoints();
    void checkoutGrantsSignedLease();
    void heartbeatKeepsSeatAcrossManyTtls();
    void clientCannotMoveExpiry();
    void heartbeatsTellActivityAndTheListingShowsIt();
    void activityIsStoredWithATurnsRenewals();
    void badIdleIsRefusedNamingTheField_data();
    void badIdleIsRefusedNamingTheField();
    void ledgerSaysWhoIsIdleAndAddsUp();
    void silentClientSeatFreeAfterTtlPlusSkew();
    void reaperNeverInsideGraceAlwaysAfter();
    void reapDryRunDeletesNothing();
    void fullPoolAnswers409WithNextExpiry();
    void revokeThenHeartbeatIsGone();
    void revokeUnknownSeat();
    void blockedHolderRefusedUntilBlockEnds();
    void releaseIsIdempotent();
    void requestIdRetryReturnsSameSeat();
    void everyCharacterClassIsSignedAsStored_data();
    void everyCharacterClassIsSignedAsStored();
    void generationOnlyGrows();
    void loweringSeatCountKeepsHolders();
    void rotateKeyReplacesOldKey();
    void badInputLeavesStoreUntouched_data();
    void badInputLeavesStoreUntouched();
    void authOnEveryRoute_data();
    void authOnEveryRoute();
    void eventsFilterAndPage();
    void metricsHasPerLicenseGauges();
    void seatOfAnotherLicenseIsLost();
    void eventRetentionDropsOldEvents();

private:
    QByteArray admin() const { return "Bearer " + m_adminToken; }
    static QByteArray licenseAuth(const QByteArray &key) { return "License " + key; }
    QByteArray createLicense(const QString &id, int seats, int ttl = 60, int skew = 5, int grace = 15);
    HttpResult checkout(const QString &license, const QByteArray &key, const QString &holder,
                        const QString &requestId = {});
    HttpResult heartbeat(const QString &license, const QByteArray &key, const QString &seatId);
    HttpResult heartbeat(const QByteArray &key, const SeatLease &lease, const QByteArray &body);
    // The listing's lastActivityAt of the seat: undefined when absent (unknown).
    QJsonValue activityOf(const SeatLease &lease);
    QJsonObject leases(const QString &license);
    QJsonArray events(const QString &query = {});
    QByteArray storeSnapshot();

    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr; // the fixture's
    LeaseServer *m_server = nullptr; // the fixture's, for the tests that reach inside
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_adminToken;
};

void TestLeaseServer::init()
{
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_server = &m_fixture->leaseServer();
    QVERIFY(m_server->port() != 0);
    m_adminToken = m_fixture->adminToken();
    m_http = std::make_unique<TestHttp>(m_server->url());
}

void TestLeaseServer::cleanup()
{
    m_http.reset();
    m_server = nullptr;
    m_clock = nullptr;
    m_fixture.reset();
}

QByteArray TestLeaseServer::createLicense(const QString &id, int seats, int ttl, int skew, int grace)
{
    const auto reply = m_http->put(u"/v1/licenses/"_s + id,
                                   {{u"name"_s, id},
                                    {u"seatCount"_s, seats},
                                    {u"ttlSeconds"_s, ttl},
                                    {u"skewSeconds"_s, skew},
                                    {u"reapGraceSeconds"_s, grace}},
                                   admin());
    if (reply.status != 201)
        qWarning("PUT license %s: %d %s", qPrintable(id), reply.status, reply.body.constData());
    return reply.json().value("key"_L1).toString().toLatin1();
}

HttpResult TestLeaseServer::checkout(const QString &license, const QByteArray &key, const QString &holder,
                                     const QString &requestId)
{
    QJsonObject body {{u"holder"_s, holder}};
    if (!requestId.isEmpty())
        body.insert(u"requestId"_s, requestId);
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(license), body, licenseAuth(key));
}

HttpResult TestLeaseServer::heartbeat(const QString &license, const QByteArray &key, const QString &seatId)
{
    return m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(license, seatId), {}, licenseAuth(key));
}

HttpResult TestLeaseServer::heartbeat(const QByteArray &key, const SeatLease &lease, const QByteArray &body)
{
    return m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(lease.licenseId, lease.seatId), body,
                        licenseAuth(key));
}

QJsonValue TestLeaseServer::activityOf(const SeatLease &lease)
{
    const QJsonArray rows = leases(lease.licenseId).value("leases"_L1).toArray();
    for (const QJsonValue &row : rows) {
        if (row.toObject().value("seatId"_L1).toString() == lease.seatId)
            return row.toObject().value("lastActivityAt"_L1);
    }
    return QJsonValue(u"no such seat"_s);
}

QJsonObject TestLeaseServer::leases(const QString &license)
{
    return m_http->get(u"/v1/licenses/%1/leases"_s.arg(license), admin()).json();
}

QJsonArray TestLeaseServer::events(const QString &query)
{
    return m_http->get(u"/v1/events?limit=1000"_s + (query.isEmpty() ? QString() : u"&"_s + query), admin())
        .json()
        .value("events"_L1)
        .toArray();
}

QByteArray TestLeaseServer::storeSnapshot()
{
    return m_http->get(u"/v1/events?limit=1000"_s, admin()).body + m_http->get(u"/v1/licenses"_s, admin()).body
        + m_http->get(u"/v1/licenses/acme/leases"_s, admin()).body;
}

static SeatLease leaseOf(const HttpResult &reply)
{
    return leaseFromJson(reply.json().value("lease"_L1)).value_or(SeatLease());
}

void TestLeaseServer::publicEndpoints()
{
    const auto health = m_http->get(u"/v1/health"_s);
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json().value("status"_L1).toString(), u"ok"_s);
    const auto time = m_http->get(u"/v1/time"_s);
    QCOMPARE(time.json().value("now"_L1).toString(), formatTimestamp(m_clock->now()));
    const auto key = m_http->get(u"/v1/public-key"_s).json();
    QCOMPARE(key.value("algorithm"_L1).toString(), u"Ed25519"_s);
    QCOMPARE(QByteArray::fromBase64(key.value("publicKey"_L1).toString().toLatin1()), m_server->publicKey());
}

void TestLeaseServer::checkoutGrantsSignedLease()
{
    const QByteArray key = createLicense(u"acme"_s, 2);
    QVERIFY(isValidLicenseKey(QString::fromLatin1(key)));
    const auto reply = checkout(u"acme"_s, key, u"alice@ws-1"_s);
    QCOMPARE(reply.status, 201);
    const SeatLease lease = leaseOf(reply);
    QCOMPARE(lease.licenseId, u"acme"_s);
    QCOMPARE(lease.holder, u"alice@ws-1"_s);
    QCOMPARE(lease.issuedAt, m_clock->now());
    QCOMPARE(lease.expiresAt, m_clock->now().addSecs(60));
    QVERIFY(isValidSeatId(lease.seatId));
    const auto verifier = LeaseVerifier::fromPublicKey(m_server->publicKey());
    QVERIFY(verifier && verifier->verify(lease));
    QCOMPARE(leases(u"acme"_s).value("inUse"_L1).toInt(), 1);
}

void TestLeaseServer::heartbeatKeepsSeatAcrossManyTtls()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    const SeatLease first = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    const auto verifier = LeaseVerifier::fromPublicKey(m_server->publicKey());
    for (int beat = 0; beat < 30; ++beat) { // 30 beats at a third of the TTL: ten TTLs
        m_clock->advance(20s);
        m_server->reaper()->sweep();
        const auto reply = heartbeat(u"acme"_s, key, first.seatId);
        QCOMPARE(reply.status, 200);
        const SeatLease renewed = leaseOf(reply);
        QCOMPARE(renewed.seatId, first.seatId);
        QCOMPARE(renewed.generation, first.generation);
        QCOMPARE(renewed.issuedAt, m_clock->now());
        QCOMPARE(renewed.expiresAt, m_clock->now().addSecs(60));
        QVERIFY(verifier->verify(renewed));
        QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 409); // the one seat stays alice's
    }
}

void TestLeaseServer::clientCannotMoveExpiry()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    m_clock->advance(10s);
    const QByteArray sneaky = R"({"expiresAt":"2099-01-01T00:00:00.000Z","ttlSeconds":86400})";
    const auto reply
        = m_http->call("POST", u"/v1/licenses/acme/seats/%1/heartbeat"_s.arg(lease.seatId), sneaky, licenseAuth(key));
    QCOMPARE(reply.status, 200);
    QCOMPARE(leaseOf(reply).expiresAt, m_clock->now().addSecs(60));
}

void TestLeaseServer::heartbeatsTellActivityAndTheListingShowsIt()
{
    // Issue 26: a heartbeat's idleMs becomes the seat's lastActivityAt on the server's clock (its
    // arrival minus the offset); a heartbeat without it, as every client before sends, leaves the
    // activity unknown, which the listing leaves out rather than call idle.
    const QByteArray key = createLicense(u"acme"_s, 3);
    const SeatLease alice = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    const SeatLease bob = leaseOf(checkout(u"acme"_s, key, u"bob"_s));
    QVERIFY(activityOf(alice).isUndefined()); // nothing told yet
    m_clock->advance(20s);
    QCOMPARE(heartbeat(key, alice, R"({"idleMs":4000})").status, 200);
    QCOMPARE(heartbeat(key, bob, {}).status, 200);
    QCOMPARE(activityOf(alice).toString(), formatTimestamp(m_clock->now().addSecs(-4)));
    QVERIFY(activityOf(bob).isUndefined());

    // Bob's application starts telling: busy right now.
    m_clock->advance(20s);
    QCOMPARE(heartbeat(key, bob, R"({"idleMs":0})").status, 200);
    QCOMPARE(activityOf(bob).toString(), formatTimestamp(m_clock->now()));
    // Alice idle for a day: still her seat, renewed as any other.
    const auto idle = heartbeat(key, alice, R"({"idleMs":86400000})");
    QCOMPARE(idle.status, 200);
    QCOMPARE(leaseOf(idle).expiresAt, m_clock->now().addSecs(60));
    QCOMPARE(activityOf(alice).toString(), formatTimestamp(m_clock->now().addDays(-1)));
    // Each heartbeat says it afresh: one without idleMs makes it unknown again, never stale.
    QCOMPARE(heartbeat(key, alice, {}).status, 200);
    QVERIFY(activityOf(alice).isUndefined());
    // Any body used to be ignored, and one that tells nothing still is.
    QCOMPARE(heartbeat(key, bob, "not json").status, 200);
    QVERIFY(activityOf(bob).isUndefined());
    QCOMPARE(heartbeat(key, bob, R"({"idleMs":1500,"note":"x"})").status, 200);
    QCOMPARE(activityOf(bob).toString(), formatTimestamp(m_clock->now().addMSecs(-1500)));
}

void TestLeaseServer::activityIsStoredWithATurnsRenewals()
{
    // Heartbeats that arrive together are renewed together (RequestTurn: one write for the turn);
    // each seat's activity is stored with its own renewal, also for a seat beaten twice at once.
    const QByteArray key = createLicense(u"acme"_s, 8);
    QList<SeatLease> seats;
    for (int i = 0; i < 6; ++i)
        seats.append(leaseOf(checkout(u"acme"_s, key, u"holder-%1"_s.arg(i))));
    m_clock->advance(30s);
    QList<QByteArray> requests;
    for (int i = 0; i < seats.size(); ++i) {
        const QByteArray body = i == 5 ? QByteArray() : R"({"idleMs":)" + QByteArray::number(i * 60000) + "}";
        const QByteArray path = u"/v1/licenses/acme/seats/%1/heartbeat"_s.arg(seats[i].seatId).toLatin1();
        requests.append(HttpBurst::request("POST", path, licenseAuth(key), body));
        if (i == 2)
            requests.append(HttpBurst::request("POST", path, licenseAuth(key), body)); // beaten twice
    }
    const auto replies = HttpBurst::send(QHostAddress::LocalHost, m_server->port(), requests, 30s);
    QCOMPARE(replies.size(), requests.size());
    for (const auto &reply : replies)
        QCOMPARE(reply.status, 200);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(activityOf(seats[i]).toString(), formatTimestamp(m_clock->now().addSecs(-60 * i)));
    QVERIFY(activityOf(seats[5]).isUndefined());
}

void TestLeaseServer::ledgerSaysWhoIsIdleAndAddsUp()
{
    // "Where are my ten?": alice's application has been left alone for two hours, bob works, carol's
    // client is too old to say; the ledger puts each in its line and the lines add up to four.
    const QByteArray key = createLicense(u"acme"_s, 4);
    const SeatLease alice = leaseOf(checkout(u"acme"_s, key, u"alice@ws-1"_s));
    const SeatLease bob = leaseOf(checkout(u"acme"_s, key, u"bob@ws-2"_s));
    leaseOf(checkout(u"acme"_s, key, u"carol@ws-3"_s));
    m_clock->advance(20s);
    QCOMPARE(heartbeat(key, alice, R"({"idleMs":7200000})").status, 200);
    QCOMPARE(heartbeat(key, bob, R"({"idleMs":60000})").status, 200);
    const auto ledgerOf = [&](const QString &query) {
        const auto reply = m_http->get(u"/v1/licenses/acme/ledger"_s + query, admin());
        if (reply.status != 200)
            qWarning("GET ledger%s: %d %s", qPrintable(query), reply.status, reply.body.constData());
        ValidationError why;
        auto report = LedgerReport::fromJson(reply.json(), &why);
        if (!report)
            qWarning("ledger does not parse: %s", qPrintable(why.message));
        return report;
    };
    const auto holders = [](const LedgerReport &report, SeatLedger::Category category) {
        QStringList out;
        if (const auto *line = report.ledger.line(category)) {
            for (const auto &holding : line->holdings)
                out.append(holding.holder);
        }
        return out;
    };
    using C = SeatLedger::Category;
    auto report = ledgerOf({});
    QVERIFY(report);
    QCOMPARE(report->idleAfterMinutes, 30);
    QCOMPARE(holders(*report, C::Idle), QStringList {u"alice@ws-1"_s});
    QCOMPARE(report->ledger.line(C::Idle)->holdings.first().since, m_clock->now().addSecs(-7200));
    QCOMPARE(holders(*report, C::InUse), QStringList {u"bob@ws-2"_s});
    QCOMPARE(holders(*report, C::ActivityUnknown), QStringList {u"carol@ws-3"_s});
    QCOMPARE(report->ledger.line(C::Free)->seats, 1);
    QCOMPARE(report->ledger.accounted(), 4);

    // A longer threshold asked for: two hours is not idle then.
    report = ledgerOf(u"?idleAfterMinutes=180"_s);
    QVERIFY(report);
    QVERIFY(holders(*report, C::Idle).isEmpty());
    // The license's reclaim rule sets the threshold when none is asked for.
    const auto rules = m_http->put(
        u"/v1/licenses/acme/rules"_s,
        QJsonObject {{u"rules"_s,
                      QJsonObject {{u"reclaimIdle"_s,
                                    QJsonArray {QJsonObject {{u"afterMinutes"_s, 150}, {u"warnMinutes"_s, 10}}}}}}},
        admin());
    QCOMPARE(rules.status, 200);
    report = ledgerOf({});
    QVERIFY(report);
    QCOMPARE(report->idleAfterMinutes, 150);
    QVERIFY(holders(*report, C::Idle).isEmpty());

    const auto bad = m_http->get(u"/v1/licenses/acme/ledger?idleAfterMinutes=0"_s, admin());
    QCOMPARE(bad.status, 400);
    QCOMPARE(bad.json().value(u"field"_s).toString(), u"idleAfterMinutes"_s);
    QCOMPARE(m_http->get(u"/v1/licenses/nope/ledger"_s, admin()).status, 404);
}

void TestLeaseServer::badIdleIsRefusedNamingTheField_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("named"); // in the message
    QTest::newRow("negative") << QByteArray(R"({"idleMs":-1})") << u"-1"_s;
    QTest::newRow("over 30 days") << QByteArray(R"({"idleMs":2592000001})") << u"2592000000"_s;
    QTest::newRow("text") << QByteArray(R"({"idleMs":"soon"})") << u"idleMs"_s;
    QTest::newRow("fraction") << QByteArray(R"({"idleMs":1.5})") << u"idleMs"_s;
    QTest::newRow("twice") << QByteArray(R"({"idleMs":1,"idleMs":2})") << u"more than once"_s;
    QTest::newRow("twice, once escaped") << QByteArray(R"({"idleMs":1,"idle\u004ds":2})") << u"more than once"_s;
}

void TestLeaseServer::badIdleIsRefusedNamingTheField()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, named);
    const QByteArray key = createLicense(u"acme"_s, 1);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    QCOMPARE(heartbeat(key, lease, R"({"idleMs":1000})").status, 200);
    const QJsonValue before = activityOf(lease);
    QVERIFY(before.isString());
    m_clock->advance(10s);
    const auto reply = heartbeat(key, lease, body);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.json().value("error"_L1).toString(), u"invalid_request"_s);
    QCOMPARE(reply.json().value("field"_L1).toString(), u"idleMs"_s);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(named), reply.body.constData());
    // Nothing renewed, nothing changed.
    QCOMPARE(activityOf(lease), before);
    const QJsonArray rows = leases(u"acme"_s).value("leases"_L1).toArray();
    QCOMPARE(rows.first().toObject().value("expiresAt"_L1).toString(), formatTimestamp(lease.expiresAt));
}

void TestLeaseServer::silentClientSeatFreeAfterTtlPlusSkew()
{
    const QByteArray key = createLicense(u"acme"_s, 1, 60, 5, 15);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"crashed"_s));
    m_clock->advance(65s); // exactly expiresAt + skew: still live
    QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 409);
    m_clock->advance(1ms);
    QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 201);
    // No reaper has run: the silent client's row is still there, just not counted.
    const QJsonArray rows = leases(u"acme"_s).value("leases"_L1).toArray();
    QCOMPARE(rows.size(), 2);
    for (const QJsonValue &row : rows) {
        const bool isCrashed = row["seatId"_L1].toString() == lease.seatId;
        QCOMPARE(row["live"_L1].toBool(), !isCrashed);
    }
    QCOMPARE(heartbeat(u"acme"_s, key, lease.seatId).status, 410);
}

void TestLeaseServer::reaperNeverInsideGraceAlwaysAfter()
{
    const QByteArray key = createLicense(u"acme"_s, 1, 60, 5, 15);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"crashed"_s));
    m_clock->advance(75s); // expiresAt + reapGrace: the last instant inside the grace
    QCOMPARE(m_server->reaper()->sweep(), 0);
    QCOMPARE(leases(u"acme"_s).value("leases"_L1).toArray().size(), 1);
    m_clock->advance(1ms);
    QCOMPARE(m_server->reaper()->sweep(), 1);
    QCOMPARE(leases(u"acme"_s).value("leases"_L1).toArray().size(), 0);
    const QJsonArray reaped = events(u"kind=reaped"_s);
    QCOMPARE(reaped.size(), 1);
    QCOMPARE(reaped.at(0)["seatId"_L1].toString(), lease.seatId);
    QCOMPARE(reaped.at(0)["actor"_L1].toString(), u"reaper"_s);
    QCOMPARE(reaped.at(0)["detail"_L1]["expiresAt"_L1].toString(), formatTimestamp(lease.expiresAt));
    QCOMPARE(heartbeat(u"acme"_s, key, lease.seatId).status, 410);
}

void TestLeaseServer::reapDryRunDeletesNothing()
{
    const QByteArray key = createLicense(u"acme"_s, 2, 60, 5, 15);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"crashed"_s));
    m_clock->advance(76s);
    const auto dry = m_http->call("POST", u"/v1/reap?dryRun=true"_s, {}, admin());
    QCOMPARE(dry.status, 200);
    QCOMPARE(dry.json().value("reaped"_L1).toInt(), 1);
    QCOMPARE(dry.json().value("dryRun"_L1).toBool(), true);
    const QJsonObject seat = dry.json().value("seats"_L1).toArray().at(0).toObject();
    QCOMPARE(seat.value("seatId"_L1).toString(), lease.seatId);
    QCOMPARE(seat.value("reapableAt"_L1).toString(), formatTimestamp(lease.expiresAt.addMSecs(15001)));
    QCOMPARE(leases(u"acme"_s).value("leases"_L1).toArray().size(), 1);
    const auto real = m_http->call("POST", u"/v1/reap"_s, {}, admin());
    QCOMPARE(real.json().value("reaped"_L1).toInt(), 1);
    QCOMPARE(leases(u"acme"_s).value("leases"_L1).toArray().size(), 0);
    QCOMPARE(events(u"kind=reaped"_s).at(0)["actor"_L1].toString(), u"bootstrap (admin)"_s);
}

void TestLeaseServer::fullPoolAnswers409WithNextExpiry()
{
    const QByteArray key = createLicense(u"acme"_s, 2, 60, 5, 15);
    const SeatLease first = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    m_clock->advance(10s);
    QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 201);
    const auto full = checkout(u"acme"_s, key, u"carol"_s);
    QCOMPARE(full.status, 409);
    QCOMPARE(full.errorCode(), u"no_seats_available"_s);
    QCOMPARE(full.json().value("seatCount"_L1).toInt(), 2);
    QCOMPARE(full.json().value("inUse"_L1).toInt(), 2);
    QCOMPARE(full.json().value("nextExpiry"_L1).toString(), formatTimestamp(first.expiresAt.addSecs(5)));
    const QJsonArray denied = events(u"kind=denied"_s);
    QCOMPARE(denied.size(), 1);
    QCOMPARE(denied.at(0)["holder"_L1].toString(), u"carol"_s);
    QCOMPARE(denied.at(0)["detail"_L1]["holders"_L1].toArray().size(), 2);
    const auto list = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray();
    QCOMPARE(list.at(0)["deniedLastHour"_L1].toInt(), 1);
}

void TestLeaseServer::revokeThenHeartbeatIsGone()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    const auto revoked = m_http->post(u"/v1/licenses/acme/seats/%1/revoke"_s.arg(lease.seatId),
                                      {{u"reason"_s, u"reassigned"_s}}, admin());
    QCOMPARE(revoked.status, 204);
    const auto beat = heartbeat(u"acme"_s, key, lease.seatId);
    QCOMPARE(beat.status, 410);
    QCOMPARE(beat.errorCode(), u"seat_lost"_s);
    QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 201); // the seat was free at once
    const QJsonArray log = events(u"kind=revoked"_s);
    QCOMPARE(log.size(), 1);
    QCOMPARE(log.at(0)["detail"_L1]["reason"_L1].toString(), u"reassigned"_s);
    QCOMPARE(log.at(0)["actor"_L1].toString(), u"bootstrap (admin)"_s);
}

void TestLeaseServer::revokeUnknownSeat()
{
    createLicense(u"acme"_s, 1);
    const auto reply = m_http->post(u"/v1/licenses/acme/seats/%1/revoke"_s.arg(QString(32, u'0')), {}, admin());
    QCOMPARE(reply.status, 404);
    QCOMPARE(reply.errorCode(), u"seat_not_found"_s);
    const auto noLicense = m_http->post(u"/v1/licenses/nope/seats/%1/revoke"_s.arg(QString(32, u'0')), {}, admin());
    QCOMPARE(noLicense.status, 404);
    QCOMPARE(noLicense.errorCode(), u"license_not_found"_s);
}

void TestLeaseServer::blockedHolderRefusedUntilBlockEnds()
{
    const QByteArray key = createLicense(u"acme"_s, 2);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"mallory"_s));
    QCOMPARE(m_http
                 ->post(u"/v1/licenses/acme/seats/%1/revoke"_s.arg(lease.seatId),
                        {{u"reason"_s, u"abuse"_s}, {u"blockSeconds"_s, 600}}, admin())
                 .status,
             204);
    const QDateTime until = m_clock->now().addSecs(600);
    const auto blocked = checkout(u"acme"_s, key, u"mallory"_s);
    QCOMPARE(blocked.status, 403);
    QCOMPARE(blocked.errorCode(), u"holder_blocked"_s);
    QCOMPARE(blocked.json().value("until"_L1).toString(), formatTimestamp(until));
    QCOMPARE(checkout(u"acme"_s, key, u"alice"_s).status, 201);
    const QJsonArray blocks = leases(u"acme"_s).value("blocks"_L1).toArray();
    QCOMPARE(blocks.size(), 1);
    QCOMPARE(blocks.at(0)["holder"_L1].toString(), u"mallory"_s);
    QCOMPARE(events(u"kind=holder_blocked"_s).size(), 1);

    // A refusal all the same: the licenses' "denied in the last hour" counts it (the Licenses
    // table's Denied (1 h)).
    const auto list = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray();
    QCOMPARE(list.at(0)["deniedLastHour"_L1].toInt(), 1);

    m_clock->advance(599s);
    QCOMPARE(checkout(u"acme"_s, key, u"mallory"_s).status, 403);
    m_clock->advance(1s);
    QCOMPARE(checkout(u"acme"_s, key, u"mallory"_s).status, 201);
}

void TestLeaseServer::releaseIsIdempotent()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    const QString path = u"/v1/licenses/acme/seats/%1"_s.arg(lease.seatId);
    QCOMPARE(m_http->del(path, licenseAuth(key)).status, 204);
    QCOMPARE(m_http->del(path, licenseAuth(key)).status, 204);
    QCOMPARE(heartbeat(u"acme"_s, key, lease.seatId).status, 410);
    QCOMPARE(checkout(u"acme"_s, key, u"bob"_s).status, 201);
    QCOMPARE(events(u"kind=released"_s).size(), 1);
}

void TestLeaseServer::requestIdRetryReturnsSameSeat()
{
    const QByteArray key = createLicense(u"acme"_s, 3);
    const auto first = checkout(u"acme"_s, key, u"alice"_s, u"req-1"_s);
    const auto retry = checkout(u"acme"_s, key, u"alice"_s, u"req-1"_s);
    QCOMPARE(first.status, 201);
    QCOMPARE(retry.status, 201);
    QCOMPARE(leaseOf(retry).seatId, leaseOf(first).seatId);
    QCOMPARE(leases(u"acme"_s).value("inUse"_L1).toInt(), 1);
    QCOMPARE(events(u"kind=granted"_s).size(), 1);
    const auto other = checkout(u"acme"_s, key, u"alice"_s, u"req-2"_s);
    QVERIFY(leaseOf(other).seatId != leaseOf(first).seatId);
    // Once that seat is gone, the same requestId takes a new one.
    m_clock->advance(66s);
    const auto later = checkout(u"acme"_s, key, u"alice"_s, u"req-1"_s);
    QCOMPARE(later.status, 201);
    QVERIFY(leaseOf(later).seatId != leaseOf(first).seatId);
}

void TestLeaseServer::everyCharacterClassIsSignedAsStored_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("accepted");

    QTest::newRow("ASCII") << u"alice@ws-12"_s << true;
    QTest::newRow("Latin-1") << u"Zoé Lefèvre"_s << true;
    QTest::newRow("CJK") << u"山田太郎"_s << true;
    QTest::newRow("right to left") << u"\u05e9\u05dc\u05d5\u05dd"_s << true;
    QTest::newRow("combining mark") << u"e\u0301"_s << true;
    QTest::newRow("emoji") << u"\U0001F600"_s << true;
    QTest::newRow("private use") << u"\ue000\U0010FFFD"_s << true;
    QTest::newRow("replacement character") << u"\ufffd"_s << true;
    QTest::newRow("U+FDCF and U+FDF0") << u"\ufdcf\ufdf0"_s << true;
    // Issue 24: signed as sent, stored as U+FFFD by SQLite.
    QTest::newRow("U+FFFE") << u"\ufffe"_s << false;
    QTest::newRow("U+FFFF") << u"\uffff"_s << false;
    QTest::newRow("U+FDD0") << u"\ufdd0"_s << false;
    QTest::newRow("U+1FFFF") << u"\U0001FFFF"_s << false;
    QTest::newRow("control character") << u"\u0085"_s << false;
    // Found by tst_storecontract: Qt drops a byte order mark from the start of what it decodes.
    QTest::newRow("byte order mark") << u"\ufeff"_s << false;
}

// Issue 24: a holder is signed, stored, compared and signed again as one and the same text, on
// either store, across a restart (so SQLite's rows are read from the file, not from its cache):
// the retry with the same requestId finds the seat, the heartbeat's lease names the same holder
// and verifies. What a store could not give back exactly is refused before it is signed.
void TestLeaseServer::everyCharacterClassIsSignedAsStored()
{
    QFETCH(QString, text);
    QFETCH(bool, accepted);
    const QString holder = u"h "_s + text + u"@ws"_s;
    const QString requestId = u"r-"_s + text;
    const QByteArray key = createLicense(u"acme"_s, 3);
    const auto verifier = LeaseVerifier::fromPublicKey(m_server->publicKey());
    QVERIFY(verifier);

    const auto first = checkout(u"acme"_s, key, holder, accepted ? requestId : u"r-1"_s);
    if (!accepted) {
        QCOMPARE(first.status, 400);
        QCOMPARE(first.json().value("field"_L1).toString(), u"holder"_s);
        QVERIFY2(first.json().value("message"_L1).toString().contains(codePointName(text.toUcs4().first())),
                 first.body.constData());
        const auto byRequestId = checkout(u"acme"_s, key, u"alice"_s, requestId);
        QCOMPARE(byRequestId.status, 400);
        QCOMPARE(byRequestId.json().value("field"_L1).toString(), u"requestId"_s);
        QCOMPARE(leases(u"acme"_s).value("inUse"_L1).toInt(), 0);
        return;
    }
    QCOMPARE(first.status, 201);
    const SeatLease granted = leaseOf(first);
    QCOMPARE(granted.holder, holder);
    QVERIFY(verifier->verify(granted));

    m_fixture->stop();
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_server = &m_fixture->leaseServer();

    const auto retry = checkout(u"acme"_s, key, holder, requestId);
    QCOMPARE(retry.status, 201);
    QCOMPARE(leaseOf(retry).seatId, granted.seatId);
    QCOMPARE(leaseOf(retry).holder, holder);
    QVERIFY(verifier->verify(leaseOf(retry)));
    const auto renewed = heartbeat(u"acme"_s, key, granted.seatId);
    QCOMPARE(renewed.status, 200);
    QCOMPARE(leaseOf(renewed).holder, holder);
    QVERIFY(verifier->verify(leaseOf(renewed)));
    const QJsonObject listing = leases(u"acme"_s);
    QCOMPARE(listing.value("inUse"_L1).toInt(), 1);
    const QJsonArray rows = listing.value("leases"_L1).toArray();
    QCOMPARE(rows.size(), 1);
    // What `keyright status` checks: the listed lease, as read back from the store, verifies.
    const auto listed = leaseFromJson(rows.at(0));
    QVERIFY(listed);
    QCOMPARE(listed->holder, holder);
    QVERIFY(verifier->verify(*listed));
}

void TestLeaseServer::generationOnlyGrows()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    quint64 previous = 0;
    for (int i = 0; i < 5; ++i) {
        const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
        QVERIFY(lease.generation > previous);
        previous = lease.generation;
        QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/%1"_s.arg(lease.seatId), licenseAuth(key)).status, 204);
    }
}

void TestLeaseServer::loweringSeatCountKeepsHolders()
{
    const QByteArray key = createLicense(u"acme"_s, 3);
    QList<SeatLease> held;
    for (const QString &holder : {u"a"_s, u"b"_s, u"c"_s})
        held.append(leaseOf(checkout(u"acme"_s, key, holder)));
    const auto updated = m_http->put(u"/v1/licenses/acme"_s, {{u"seatCount"_s, 1}}, admin());
    QCOMPARE(updated.status, 200);
    QCOMPARE(updated.json().value("license"_L1)["seatCount"_L1].toInt(), 1);
    QCOMPARE(updated.json().value("license"_L1)["inUse"_L1].toInt(), 3);
    m_clock->advance(20s);
    for (const SeatLease &lease : held)
        QCOMPARE(heartbeat(u"acme"_s, key, lease.seatId).status, 200);
    QCOMPARE(checkout(u"acme"_s, key, u"d"_s).status, 409);
    m_http->del(u"/v1/licenses/acme/seats/%1"_s.arg(held[0].seatId), licenseAuth(key));
    m_http->del(u"/v1/licenses/acme/seats/%1"_s.arg(held[1].seatId), licenseAuth(key));
    QCOMPARE(checkout(u"acme"_s, key, u"d"_s).status, 409);
    m_http->del(u"/v1/licenses/acme/seats/%1"_s.arg(held[2].seatId), licenseAuth(key));
    QCOMPARE(checkout(u"acme"_s, key, u"d"_s).status, 201);
}

void TestLeaseServer::rotateKeyReplacesOldKey()
{
    const QByteArray oldKey = createLicense(u"acme"_s, 2);
    const auto rotated = m_http->post(u"/v1/licenses/acme/rotate-key"_s, {}, admin());
    QCOMPARE(rotated.status, 200);
    const QByteArray newKey = rotated.json().value("key"_L1).toString().toLatin1();
    QVERIFY(newKey != oldKey);
    QCOMPARE(checkout(u"acme"_s, oldKey, u"alice"_s).status, 401);
    QCOMPARE(checkout(u"acme"_s, newKey, u"alice"_s).status, 201);
    QCOMPARE(events(u"kind=key_rotated"_s).size(), 1);
}

void TestLeaseServer::badInputLeavesStoreUntouched_data()
{
    QTest::addColumn<QByteArray>("verb");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("asAdmin"); // else with acme's license key
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("field");

    const QString checkoutPath = u"/v1/licenses/acme/checkout"_s;
    const QString seat = QString(32, u'a');
    QTest::newRow("malformed JSON") << "POST"_ba << checkoutPath << R"({"holder": )"_ba << false << 400
                                    << u"invalid_request"_s << u"body"_s;
    QTest::newRow("holder of the wrong type")
        << "POST"_ba << checkoutPath << R"({"holder":["x"]})"_ba << false << 400 << u"invalid_request"_s << u"holder"_s;
    QTest::newRow("holder of 129 characters")
        << "POST"_ba << checkoutPath << QByteArray(R"({"holder":")" + QByteArray(129, 'x') + R"("})") << false << 400
        << u"invalid_request"_s << u"holder"_s;
    QTest::newRow("holder with control character") << "POST"_ba << checkoutPath << R"({"holder":"eve\u0007"})"_ba
                                                   << false << 400 << u"invalid_request"_s << u"holder"_s;
    QTest::newRow("body over 16 KiB") << "POST"_ba << checkoutPath
                                      << QByteArray(R"({"holder":"a","pad":")" + QByteArray(17000, 'p') + R"("})")
                                      << false << 413 << u"payload_too_large"_s << QString();
    QTest::newRow("bad license id") << "POST"_ba << u"/v1/licenses/ACME!/checkout"_s << R"({"holder":"a"})"_ba << false
                                    << 400 << u"invalid_request"_s << u"licenseId"_s;
    QTest::newRow("unknown license") << "POST"_ba << u"/v1/licenses/ghost/checkout"_s << R"({"holder":"a"})"_ba << false
                                     << 404 << u"license_not_found"_s << QString();
    QTest::newRow("bad seat id") << "POST"_ba << u"/v1/licenses/acme/seats/xyz/heartbeat"_s << QByteArray() << false
                                 << 400 << u"invalid_request"_s << u"seatId"_s;
    QTest::newRow("unknown route") << "GET"_ba << u"/v1/nothing-here"_s << QByteArray() << true << 404 << u"not_found"_s
                                   << QString();
    QTest::newRow("wrong method") << "PATCH"_ba << u"/v1/licenses/acme"_s << R"({"seatCount":1})"_ba << true << 405
                                  << u"method_not_allowed"_s << QString();
    QTest::newRow("seatCount zero") << "PUT"_ba << u"/v1/licenses/acme"_s << R"({"seatCount":0})"_ba << true << 400
                                    << u"invalid_request"_s << u"seatCount"_s;
    QTest::newRow("grace not above skew")
        << "PUT"_ba << u"/v1/licenses/acme"_s << R"({"skewSeconds":20,"reapGraceSeconds":20})"_ba << true << 400
        << u"invalid_request"_s << u"reapGraceSeconds"_s;
    QTest::newRow("create without ttl") << "PUT"_ba << u"/v1/licenses/fresh"_s
                                        << R"({"seatCount":1,"skewSeconds":1,"reapGraceSeconds":2})"_ba << true << 400
                                        << u"invalid_request"_s << u"ttlSeconds"_s;
    QTest::newRow("seatCount as text") << "PUT"_ba << u"/v1/licenses/acme"_s << R"({"seatCount":"9"})"_ba << true << 400
                                       << u"invalid_request"_s << u"seatCount"_s;
    QTest::newRow("negative block") << "POST"_ba << u"/v1/licenses/acme/seats/%1/revoke"_s.arg(seat)
                                    << R"({"blockSeconds":-5})"_ba << true << 400 << u"invalid_request"_s
                                    << u"blockSeconds"_s;
    QTest::newRow("events limit 0") << "GET"_ba << u"/v1/events?limit=0"_s << QByteArray() << true << 400
                                    << u"invalid_request"_s << u"limit"_s;
    QTest::newRow("reap dryRun garbage") << "POST"_ba << u"/v1/reap?dryRun=perhaps"_s << QByteArray() << true << 400
                                         << u"invalid_request"_s << u"dryRun"_s;
}

void TestLeaseServer::badInputLeavesStoreUntouched()
{
    QFETCH(QByteArray, verb);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(bool, asAdmin);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, field);

    const QByteArray key = createLicense(u"acme"_s, 2);
    QCOMPARE(checkout(u"acme"_s, key, u"alice"_s).status, 201);
    const QByteArray before = storeSnapshot();

    const auto reply = m_http->call(verb, path, body, asAdmin ? admin() : licenseAuth(key));
    QCOMPARE(reply.status, status);
    QCOMPARE(reply.errorCode(), code);
    QCOMPARE(reply.json().value("field"_L1).toString(), field);
    QVERIFY2(!reply.json().value("message"_L1).toString().isEmpty(), "every error says what is wrong");
    if (!field.isEmpty())
        QVERIFY2(reply.json().value("message"_L1).toString().contains(field, Qt::CaseInsensitive) || field == u"body"_s,
                 qPrintable(reply.json().value("message"_L1).toString()));
    QCOMPARE(storeSnapshot(), before);
}

void TestLeaseServer::authOnEveryRoute_data()
{
    QTest::addColumn<QByteArray>("verb");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("credential"); // none, wrong, other-license, admin, license

    const QString seat = QString(32, u'b');
    struct Route
    {
        const char *name;
        QByteArray verb;
        QString path;
        QByteArray body;
        bool client;
    };
    const QList<Route> routes {
        {"checkout", "POST", u"/v1/licenses/acme/checkout"_s, R"({"holder":"a"})", true},
        {"heartbeat", "POST", u"/v1/licenses/acme/seats/%1/heartbeat"_s.arg(seat), {}, true},
        {"release", "DELETE", u"/v1/licenses/acme/seats/%1"_s.arg(seat), {}, true},
        {"list licenses", "GET", u"/v1/licenses"_s, {}, false},
        {"put license", "PUT", u"/v1/licenses/acme"_s, R"({"seatCount":5})", false},
        {"rotate key", "POST", u"/v1/licenses/acme/rotate-key"_s, {}, false},
        {"leases", "GET", u"/v1/licenses/acme/leases"_s, {}, false},
        {"revoke", "POST", u"/v1/licenses/acme/seats/%1/revoke"_s.arg(seat), {}, false},
        {"reap", "POST", u"/v1/reap"_s, {}, false},
        {"events", "GET", u"/v1/events"_s, {}, false},
        {"metrics", "GET", u"/metrics"_s, {}, false},
    };
    for (const Route &route : routes) {
        const QStringList credentials = route.client
            ? QStringList {u"none"_s, u"wrong"_s, u"other-license"_s, u"admin"_s}
            : QStringList {u"none"_s, u"wrong"_s, u"license"_s};
        for (const QString &credential : credentials)
            QTest::addRow("%s with %s", route.name, qPrintable(credential))
                << route.verb << route.path << route.body << credential;
    }
}

void TestLeaseServer::authOnEveryRoute()
{
    QFETCH(QByteArray, verb);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, credential);

    const QByteArray key = createLicense(u"acme"_s, 2);
    const QByteArray otherKey = createLicense(u"other"_s, 2);
    const QByteArray before = storeSnapshot();
    QByteArray authorization;
    if (credential == u"wrong")
        authorization = "Bearer " + QByteArray(64, 'f');
    if (credential == u"wrong" && path.contains(u"/seats/"_s) && !path.endsWith(u"revoke"_s))
        authorization = "License kr1-" + QByteArray(64, '0');
    if (credential == u"wrong" && path.endsWith(u"checkout"_s))
        authorization = "License kr1-" + QByteArray(64, '0');
    if (credential == u"other-license")
        authorization = licenseAuth(otherKey);
    if (credential == u"admin")
        authorization = admin();
    if (credential == u"license")
        authorization = licenseAuth(key);

    const auto reply = m_http->call(verb, path, body, authorization);
    QCOMPARE(reply.status, 401);
    QCOMPARE(reply.errorCode(), u"unauthorized"_s);
    QVERIFY(!reply.header("WWW-Authenticate").isEmpty());
    QCOMPARE(storeSnapshot(), before);
}

void TestLeaseServer::eventsFilterAndPage()
{
    const QByteArray key = createLicense(u"acme"_s, 2);
    createLicense(u"other"_s, 1);
    const QDateTime start = m_clock->now();
    m_clock->advance(1s);
    checkout(u"acme"_s, key, u"alice"_s);
    m_clock->advance(1s);
    checkout(u"acme"_s, key, u"bob"_s);
    m_clock->advance(1s);
    checkout(u"acme"_s, key, u"carol"_s); // denied

    QCOMPARE(events(u"kind=granted"_s).size(), 2);
    QCOMPARE(events(u"kind=granted,denied"_s).size(), 3);
    QCOMPARE(events(u"holder=alice"_s).size(), 1);
    QCOMPARE(events(u"license=other"_s).size(), 1); // license_created
    QCOMPARE(events(u"license=other"_s).at(0)["kind"_L1].toString(), u"license_created"_s);
    QCOMPARE(events(u"since="_s + formatTimestamp(start.addSecs(2))).size(), 2);
    QCOMPARE(events(u"until="_s + formatTimestamp(start)).size(), 2); // the two license_created
    const QJsonObject granted = events(u"kind=granted"_s).at(0).toObject();
    QCOMPARE(granted.value("actor"_L1).toString(), u"client 127.0.0.1"_s);
    QCOMPARE(granted.value("detail"_L1)["inUse"_L1].toInt(), 1);
    QCOMPARE(granted.value("detail"_L1)["seatCount"_L1].toInt(), 2);

    // Paging: five events in pages of two, ascending, each page starting after the last.
    QList<qint64> seen;
    qint64 after = 0;
    for (int page = 0; page < 10; ++page) {
        const auto reply = m_http->get(u"/v1/events?limit=2&after=%1"_s.arg(after), admin()).json();
        const QJsonArray list = reply.value("events"_L1).toArray();
        const qint64 next = reply.value("next"_L1).toInteger();
        if (list.isEmpty()) {
            QCOMPARE(next, after);
            break;
        }
        QVERIFY(list.size() <= 2);
        for (const QJsonValue &event : list)
            seen.append(event["seq"_L1].toInteger());
        QCOMPARE(next, seen.last());
        after = next;
    }
    QCOMPARE(seen.size(), 5);
    QVERIFY(std::is_sorted(seen.cbegin(), seen.cend()));
}

void TestLeaseServer::metricsHasPerLicenseGauges()
{
    const QByteArray key = createLicense(u"acme"_s, 2);
    checkout(u"acme"_s, key, u"alice"_s);
    const auto reply = m_http->get(u"/metrics"_s, admin());
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.header("Content-Type").startsWith("text/plain"));
    QVERIFY2(reply.body.contains("keyright_seats_in_use{license=\"acme\"} 1\n"), reply.body.constData());
    QVERIFY(reply.body.contains("keyright_seats_total{license=\"acme\"} 2\n"));
    QVERIFY(reply.body.contains("keyright_checkouts_granted_total{license=\"acme\"} 1\n"));
    QVERIFY(reply.body.contains("keyright_http_requests_total{route=\"checkout\",code=\"201\"} 1\n"));
    QVERIFY(reply.body.contains("keyright_http_request_duration_seconds_count{route=\"checkout\"} 1\n"));
}

void TestLeaseServer::seatOfAnotherLicenseIsLost()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    const QByteArray otherKey = createLicense(u"other"_s, 1);
    const SeatLease theirs = leaseOf(checkout(u"other"_s, otherKey, u"bob"_s));
    // Our key, our license, their seat: not ours to renew, and nothing says it exists elsewhere.
    const auto reply = heartbeat(u"acme"_s, key, theirs.seatId);
    QCOMPARE(reply.status, 410);
    QVERIFY(!reply.body.contains("other"));
    QCOMPARE(m_http->del(u"/v1/licenses/acme/seats/%1"_s.arg(theirs.seatId), licenseAuth(key)).status, 204);
    QCOMPARE(heartbeat(u"other"_s, otherKey, theirs.seatId).status, 200); // untouched
}

void TestLeaseServer::eventRetentionDropsOldEvents()
{
    const QByteArray key = createLicense(u"acme"_s, 1);
    checkout(u"acme"_s, key, u"alice"_s);
    const qint64 lastOldSeq = events().last()["seq"_L1].toInteger();
    m_clock->advance(std::chrono::hours {24 * 90});
    checkout(u"acme"_s, key, u"bob"_s); // recorded now, inside the retention
    QCOMPARE(events().size(), 3);
    m_clock->advance(1ms);
    m_server->reaper()->sweep(); // default retention: 90 days
    const QJsonArray kept = events();
    QVERIFY(!kept.isEmpty());
    for (const QJsonValue &event : kept)
        QVERIFY(event["seq"_L1].toInteger() > lastOldSeq);
    QCOMPARE(kept.first()["holder"_L1].toString(), u"bob"_s);
    QCOMPARE(kept.first()["kind"_L1].toString(), u"granted"_s);
}

// The same cases on PostgreSQL (KEYRIGHT_TEST_STORE=postgres, ctest's tst_leaseserver_postgres).
class TestLeaseServerOnPostgres final : public TestLeaseServer
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestLeaseServer)
#include "tst_leaseserver.moc"
