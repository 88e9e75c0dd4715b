#include "FaultProxy.h"
#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "SkewedClock.h"
#include "TestServer.h"
#include "Timestamps.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

namespace keyright {
// How a test makes the server unreachable.
enum class Fault { Refused, Blackholed, NetworkCut };
} // namespace keyright
Q_DECLARE_METATYPE(keyright::Fault)

namespace keyright {

namespace {
const QString licenseId = u"cad"_s;
const QString holder = u"alice@ws-1"_s;
constexpr int seatCount = 3;
constexpr auto ttl = 30s;
constexpr auto skew = 5s;
constexpr auto retryInterval = 2s;
} // namespace

// LeaseKeeper against the real server (in this process, through the fault proxy). The server and
// the keeper share one ManualClock; the keeper may see it through a wall-clock offset. Time moves
// only when a test steps it, so a 5-minute outage takes milliseconds.
class TestLeaseKeeper : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void acquiresAndBeatsAtAThirdOfTheWindow();
    void realTimeTicksDriveTheBeats();
    void shortOutageKeepsTheSameSeat_data();
    void shortOutageKeepsTheSameSeat();
    void longOutageDegradesThenRecoversWithANewSeat();
    void outageBacksOffUpToTheMaximumThenRecovers();
    void serversRetryAfterIsWaited();
    void serversPaceReplacesTheBackOff();
    void revokedSeatIsCheckedOutAgain();
    void revokedSeatWithAFullPoolDegrades();
    void blockedHolderDegradesUntilTheBlockEnds();
    void fastClockLapsesEarlyAndNeverHoldsTwoSeats();
    void actingPastTheServersExpiryWhileOffline_data();
    void actingPastTheServersExpiryWhileOffline();
    void noClockMakesTheServerExtendALease_data();
    void noClockMakesTheServerExtendALease();
    void releaseGivesTheSeatBack();
    void crashLeavesTheSeatToExpire();
    void heartbeatsTellTheServerWhenTheUserLastDidSomething();
    void aMarkedSeatWarnsAndActivityKeepsIt();
    void theCheckoutTellsActivityNotedBefore();

    // Waiting in line (setWaitInLine), against the server's waiting line.
    void waitsInLineReportsItsPlaceAndHoldsWhenASeatFrees();
    void stopLeavesTheLine();
    void crashedWaiterIsSkippedAfterItsTicketTtl();
    void ticketLostInAnOutageQueuesAgain();
    void longestWaitPassedGivesUp();
    void withoutWaitAFullPoolStillDegrades();
    void lostAnswerOfTheGrantStillHoldsOneSeat();

private:
    QString takeSeat(const QString &who);
    QString queueRaw(const QString &who);
    LeaseOutcome renewRaw(const QString &ticketId);
    void fillThePool();
    int queueLength() { return int(m_server->leases(licenseId).value("queue"_L1).toArray().size()); }
    void startKeeper(LeaseKeeper::ExpiryPolicy policy = LeaseKeeper::ExpiryPolicy::Monotonic);
    void settle();
    void step(milliseconds by);
    void setFault(Fault fault, bool on);
    int liveSeats() { return int(m_server->liveLeasesOf(licenseId, holder).size()); }
    // The seat's lastActivityAt in the server's listing: undefined while unknown.
    QJsonValue activityOnServer(const QString &seatId);
    ManualClock &clock() { return m_server->clock(); }

    std::unique_ptr<TestServer> m_server;
    FaultProxy *m_proxy = nullptr; // in front of m_server, which owns it
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LeaseClient> m_client;
    std::unique_ptr<SkewedClock> m_keeperClock;
    std::unique_ptr<LeaseKeeper> m_keeper;
    QByteArray m_key;
};

void TestLeaseKeeper::init()
{
    m_server = std::make_unique<TestServer>(TestServer::Options {.faultProxy = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_key = m_server->createLicense(licenseId, seatCount, ttl, skew, 15s);
    QVERIFY(!m_key.isEmpty());
    m_proxy = &m_server->proxy();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_network->setProxy(QNetworkProxy::NoProxy);
    m_client = std::make_unique<LeaseClient>(*m_network);
    m_client->setServerUrl(m_proxy->url());
    m_client->setLicense(licenseId, m_key);
    m_client->setPublicKey(m_server->verifier());
    m_client->setTransferTimeout(250ms);
    m_client->setCheckoutRetries(1);
    m_keeperClock = std::make_unique<SkewedClock>(clock());
    m_keeper = std::make_unique<LeaseKeeper>(*m_client, *m_keeperClock);
    m_keeper->setHolder(holder);
    m_keeper->setMaxJitter(0ms);
    m_keeper->setRetryInterval(retryInterval);
    // The tests step the clock and call evaluate() themselves; real-time ticks are tested once.
    m_keeper->setTickInterval(1h);
}

void TestLeaseKeeper::cleanup()
{
    m_keeper.reset();
    m_keeperClock.reset();
    m_client.reset();
    m_network.reset();
    m_proxy = nullptr;
    m_server.reset();
}

void TestLeaseKeeper::startKeeper(LeaseKeeper::ExpiryPolicy policy)
{
    m_keeper->setExpiryPolicy(policy);
    QSignalSpy acquired(m_keeper.get(), &LeaseKeeper::acquired);
    m_keeper->start();
    QTRY_VERIFY_WITH_TIMEOUT(acquired.size() == 1, 10000);
    settle();
}

void TestLeaseKeeper::settle()
{
    // Waits for the keeper's round trips without the polling sleeps of QTRY_*: thousands of steps
    // each wait for a request. The timer only wakes the blocking wait to check the deadline.
    QTimer wake;
    wake.start(50ms);
    const QDeadlineTimer deadline(10s);
    while (m_keeper->isRequestPending() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    QVERIFY2(!m_keeper->isRequestPending(), "the keeper's request did not complete within 10 s");
}

void TestLeaseKeeper::step(milliseconds by)
{
    clock().advance(by);
    m_keeper->evaluate();
    settle();
}

QJsonValue TestLeaseKeeper::activityOnServer(const QString &seatId)
{
    const QJsonArray rows = m_server->leases(licenseId).value("leases"_L1).toArray();
    for (const QJsonValue &row : rows) {
        if (row.toObject().value("seatId"_L1).toString() == seatId)
            return row.toObject().value("lastActivityAt"_L1);
    }
    return QJsonValue(u"no such seat"_s);
}

void TestLeaseKeeper::setFault(Fault fault, bool on)
{
    switch (fault) {
    case Fault::Refused:
        m_proxy->setRefuse(on);
        break;
    case Fault::Blackholed:
        m_proxy->setBlackhole(on);
        if (on)
            m_proxy->closeAll(); // kept-alive connections go quiet too
        break;
    case Fault::NetworkCut:
        m_client->setNetworkCut(on);
        break;
    }
}

void TestLeaseKeeper::acquiresAndBeatsAtAThirdOfTheWindow()
{
    QSignalSpy states(m_keeper.get(), &LeaseKeeper::stateChanged);
    startKeeper();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QCOMPARE(states.first().first().value<LeaseKeeper::State>(), LeaseKeeper::State::Acquiring);
    QVERIFY(m_keeper->isActing());
    const SeatLease first = *m_keeper->lease();
    QCOMPARE(liveSeats(), 1);

    QSignalSpy renewed(m_keeper.get(), &LeaseKeeper::renewed);
    step(ttl / 3 - 1ms);
    QCOMPARE(renewed.size(), 0);
    step(1ms);
    QCOMPARE(renewed.size(), 1);
    QCOMPARE(m_keeper->lease()->seatId, first.seatId);
    QCOMPARE(m_keeper->lease()->expiresAt, clock().now().addMSecs(milliseconds(ttl).count()));
    QCOMPARE(liveSeats(), 1);
}

void TestLeaseKeeper::realTimeTicksDriveTheBeats()
{
    m_keeper->setTickInterval(20ms);
    startKeeper();
    QSignalSpy renewed(m_keeper.get(), &LeaseKeeper::renewed);
    clock().advance(ttl / 3);
    QTRY_VERIFY_WITH_TIMEOUT(renewed.size() == 1, 5000);
}

void TestLeaseKeeper::heartbeatsTellTheServerWhenTheUserLastDidSomething()
{
    // Issue 26. The keeper's wall clock is an hour off: the heartbeat carries an offset measured
    // on the monotonic clock, so the server places the activity right on its own.
    m_keeperClock->setOffset(1h);
    startKeeper();
    const QString seatId = m_keeper->lease()->seatId;
    // An application that never notes activity says nothing: unknown on the server, never idle.
    QVERIFY(!m_keeper->idleFor());
    step(ttl / 3);
    QCOMPARE(m_keeper->lease()->issuedAt, clock().now()); // it beat
    QVERIFY(activityOnServer(seatId).isUndefined());

    // The user types 3 s into the next window; the keeper's next beat (7 s later) tells it.
    clock().advance(3s);
    const QDateTime typedAt = clock().now();
    m_keeper->noteActivity();
    QCOMPARE(m_keeper->idleFor().value_or(-1ms).count(), 0);
    step(ttl / 3 - 3s);
    QCOMPARE(m_keeper->lease()->issuedAt, clock().now());
    QCOMPARE(activityOnServer(seatId).toString(), formatTimestamp(typedAt));
    // Nothing since: the next beat tells the same moment, 17 s ago.
    step(ttl / 3);
    QCOMPARE(m_keeper->idleFor().value_or(-1ms).count(), 17000);
    QCOMPARE(activityOnServer(seatId).toString(), formatTimestamp(typedAt));
    // Activity again, noted many times: the last one counts.
    for (int i = 0; i < 5; ++i) {
        clock().advance(1s);
        m_keeper->noteActivity();
    }
    const QDateTime lastTyped = clock().now();
    step(ttl / 3 - 5s);
    QCOMPARE(activityOnServer(seatId).toString(), formatTimestamp(lastTyped));
    QCOMPARE(m_keeper->lease()->seatId, seatId);
}

void TestLeaseKeeper::theCheckoutTellsActivityNotedBefore()
{
    // The application saw its user 40 s before its keeper took the seat: the server knows it from
    // the grant, not a third of a TTL later (an idle seat counted as in use until then; walk 26b).
    m_keeper->noteActivity(40s);
    const QDateTime usedAt = clock().now().addSecs(-40);
    startKeeper();
    QCOMPARE(activityOnServer(m_keeper->lease()->seatId).toString(), formatTimestamp(usedAt));
}

void TestLeaseKeeper::aMarkedSeatWarnsAndActivityKeepsIt()
{
    // Issue 26: the license reclaims a seat idle for a minute, after a minute's warning.
    int status = 0;
    m_server->adminCall(
        "PUT", u"/v1/licenses/%1/rules"_s.arg(licenseId),
        {{u"rules"_s, QJsonObject {{u"reclaimIdle"_s, QJsonObject {{u"afterMinutes"_s, 1}, {u"warnMinutes"_s, 1}}}}}},
        &status);
    QCOMPARE(status, 200);
    startKeeper();
    const QString seatId = m_keeper->lease()->seatId;
    m_keeper->noteActivity(5min); // the user left five minutes ago
    // The other seats are held by clients that report no activity (never idle), kept alive.
    QStringList others;
    for (int i = 1; i < seatCount; ++i)
        others.append(takeSeat(u"other%1@ws-9"_s.arg(i)));
    QVERIFY(!others.contains(QString()));
    const auto keepOthers = [&] {
        for (const QString &other : std::as_const(others)) {
            std::optional<LeaseOutcome> result;
            m_client->heartbeat(other, this, [&result](const LeaseOutcome &outcome) { result = outcome; });
            QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000);
            QVERIFY(std::holds_alternative<outcome::Granted>(*result));
        }
    };
    QSignalSpy warned(m_keeper.get(), &LeaseKeeper::reclaimWarning);
    QSignalSpy lifted(m_keeper.get(), &LeaseKeeper::reclaimLifted);
    step(ttl / 3);
    QCOMPARE(warned.size(), 0); // idle, but nobody needs the seat

    // bob queues: the server marks the keeper's seat; its next answer says when it goes.
    const QDateTime markedAt = clock().now();
    const QString ticket = queueRaw(u"bob@ws-2"_s);
    QVERIFY(!ticket.isEmpty());
    step(ttl / 3);
    keepOthers();
    QCOMPARE(warned.size(), 1);
    QCOMPARE(warned[0][0].toDateTime(), markedAt.addSecs(60));
    QCOMPARE(m_keeper->reclaimAt(), markedAt.addSecs(60));
    QVERIFY(LeaseKeeper::warningText(m_keeper->reclaimAt()).contains(u"someone waiting"_s));

    // The user does something: the keeper tells the server now, not at its next regular beat.
    clock().advance(2s);
    const QDateTime usedAt = clock().now();
    m_keeper->noteActivity();
    m_keeper->evaluate();
    settle();
    QCOMPARE(m_keeper->lease()->issuedAt, usedAt);
    QCOMPARE(lifted.size(), 1);
    QVERIFY(!m_keeper->reclaimAt().isValid());

    // Past the mark's reclaimAt, with bob still renewing his ticket: the seat stays the keeper's.
    for (int i = 0; i < 5; ++i) {
        step(ttl / 3);
        keepOthers();
        QVERIFY(std::holds_alternative<outcome::Queued>(renewRaw(ticket)));
        QCOMPARE(m_keeper->lease()->seatId, seatId);
    }
    QCOMPARE(warned.size(), 1);
    const QJsonArray cancelled
        = m_server->adminCall("GET", u"/v1/events?kind=reclaim_cancelled"_s).value("events"_L1).toArray();
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(cancelled[0].toObject().value("detail"_L1).toObject().value("reason"_L1).toString(), u"activity"_s);
    QVERIFY(m_server->adminCall("GET", u"/v1/events?kind=reclaimed"_s).value("events"_L1).toArray().isEmpty());

    // A minute after the user's last action, with bob still waiting, the seat is idle again: a new
    // warning.
    for (int i = 0; i < 2; ++i) {
        step(ttl / 3);
        keepOthers();
        renewRaw(ticket);
    }
    QCOMPARE(warned.size(), 2);
    const QDateTime due = m_keeper->reclaimAt();
    QVERIFY(due > usedAt.addSecs(60));

    // Nobody touches the application this time: at reclaimAt the keeper stops acting at once, not
    // at its next beat, as the seat is the waiter's from then on, and tells the application its
    // seat was lost (not lapsed) without giving it back: the server says `reclaimed`, once.
    QSignalSpy lapsed(m_keeper.get(), &LeaseKeeper::lapsed);
    QSignalSpy lost(m_keeper.get(), &LeaseKeeper::seatLost);
    // The keeper beats on as usual (its lease lasts a TTL), up to the last beat before reclaimAt.
    while (milliseconds(clock().now().msecsTo(due)) > ttl / 3) {
        step(ttl / 3);
        keepOthers();
        renewRaw(ticket);
    }
    clock().advance(milliseconds(clock().now().msecsTo(due)) - 1ms);
    QVERIFY(m_keeper->isActing());
    clock().advance(1ms);
    QVERIFY(!m_keeper->isActing());
    m_keeper->evaluate();
    settle();
    QCOMPARE(lost.size(), 1);
    QVERIFY2(lost[0][0].toString().contains(u"someone waiting"_s), qPrintable(lost[0][0].toString()));
    QCOMPARE(lapsed.size(), 0);
    QCOMPARE(lifted.size(), 1); // a reclaim is not a lifted mark
    const QJsonArray reclaimed
        = m_server->adminCall("GET", u"/v1/events?kind=reclaimed"_s).value("events"_L1).toArray();
    QCOMPARE(reclaimed.size(), 1);
    QCOMPARE(reclaimed[0].toObject().value("seatId"_L1).toString(), seatId);
    QVERIFY(m_server->adminCall("GET", u"/v1/events?kind=released"_s).value("events"_L1).toArray().isEmpty());
    QVERIFY(!m_keeper->lease() || m_keeper->lease()->seatId != seatId);
}

void TestLeaseKeeper::shortOutageKeepsTheSameSeat_data()
{
    QTest::addColumn<Fault>("fault");
    QTest::newRow("connections refused") << Fault::Refused;
    QTest::newRow("packets swallowed (timeouts)") << Fault::Blackholed;
    QTest::newRow("network cut in the client") << Fault::NetworkCut;
}

void TestLeaseKeeper::shortOutageKeepsTheSameSeat()
{
    QFETCH(Fault, fault);
    startKeeper();
    const QString seatId = m_keeper->lease()->seatId;
    QSignalSpy beatFailed(m_keeper.get(), &LeaseKeeper::beatFailed);
    QSignalSpy lapsed(m_keeper.get(), &LeaseKeeper::lapsed);
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);

    setFault(fault, true);
    for (auto elapsed = 0s; elapsed < ttl - 5s; elapsed += 1s) {
        step(1s);
        QVERIFY2(m_keeper->isActing(), qPrintable(u"stopped acting %1 s into a short outage"_s.arg(elapsed.count())));
    }
    QVERIFY(beatFailed.size() >= 2);
    QCOMPARE(lapsed.size(), 0);
    QCOMPARE(degraded.size(), 0);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);

    setFault(fault, false);
    QSignalSpy renewed(m_keeper.get(), &LeaseKeeper::renewed);
    step(retryInterval);
    QCOMPARE(renewed.size(), 1);
    QCOMPARE(m_keeper->lease()->seatId, seatId);
    QCOMPARE(liveSeats(), 1);
    QCOMPARE(degraded.size(), 0);
}

void TestLeaseKeeper::longOutageDegradesThenRecoversWithANewSeat()
{
    startKeeper();
    const SeatLease before = *m_keeper->lease();
    QSignalSpy lapsed(m_keeper.get(), &LeaseKeeper::lapsed);
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    QSignalSpy recovered(m_keeper.get(), &LeaseKeeper::recovered);

    m_proxy->setRefuse(true);
    const auto outage = ttl + skew + 1s;
    for (auto elapsed = 1s; elapsed <= outage; elapsed += 1s) {
        step(1s);
        // Monotonic: acting exactly up to the end of the window counted from the checkout.
        QCOMPARE(m_keeper->isActing(), elapsed <= ttl);
    }
    QCOMPARE(lapsed.size(), 1);
    QVERIFY(degraded.size() >= 1);
    QVERIFY2(degraded.first().first().toString().startsWith(u"server unreachable"_s),
             qPrintable(degraded.first().first().toString()));
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    QVERIFY(!m_keeper->lastError().isEmpty());
    QCOMPARE(liveSeats(), 0); // the server let the seat go at ttl + skew

    m_proxy->setRefuse(false);
    step(retryInterval);
    QCOMPARE(recovered.size(), 1);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QVERIFY(m_keeper->isActing());
    QVERIFY(m_keeper->lease()->seatId != before.seatId);
    QVERIFY(m_keeper->lease()->generation > before.generation);
    const QList<QJsonObject> live = m_server->liveLeasesOf(licenseId, holder);
    QCOMPARE(live.size(), 1);
    QCOMPARE(live.first().value("seatId"_L1).toString(), m_keeper->lease()->seatId);
}

void TestLeaseKeeper::outageBacksOffUpToTheMaximumThenRecovers()
{
    // A whole site whose server is away must not meet it with a flood when it comes back: each
    // failed attempt to take a seat doubles the wait, up to the maximum.
    m_keeper->setMaxRetryInterval(16s);
    m_proxy->setRefuse(true);
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    QList<milliseconds> attempts {0ms};
    int seen = m_proxy->acceptedConnections();
    milliseconds elapsed {0};
    while (elapsed < 120s) {
        step(1s);
        elapsed += 1s;
        if (m_proxy->acceptedConnections() != seen) {
            seen = m_proxy->acceptedConnections();
            attempts.append(elapsed);
        }
    }
    QList<milliseconds> gaps;
    for (qsizetype i = 1; i < attempts.size(); ++i)
        gaps.append(attempts[i] - attempts[i - 1]);
    auto text = [&gaps] {
        QStringList seconds;
        for (const milliseconds gap : gaps)
            seconds.append(QString::number(gap.count() / 1000));
        return seconds.join(u", "_s);
    };
    // No jitter in these tests: 2, 4, 8, 16, then 16 s for good.
    QVERIFY2(gaps.size() >= 5, qPrintable(text()));
    QCOMPARE(gaps.mid(0, 4), (QList<milliseconds> {2s, 4s, 8s, 16s}));
    for (const milliseconds gap : gaps.mid(4))
        QVERIFY2(gap == 16s, qPrintable(text()));
    QVERIFY2(attempts.size() <= 12, qPrintable(text())); // at a fixed 2 s it would be 61
    QCOMPARE(degraded.size(), 1); // one report for the whole outage

    // Back: within the longest wait, and a seat again.
    m_proxy->setRefuse(false);
    for (auto waited = 0s; waited <= 16s && m_keeper->state() != LeaseKeeper::State::Holding; waited += 1s)
        step(1s);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QCOMPARE(liveSeats(), 1);

    // A refusal is not an outage: after five refusals for a full pool the keeper still asks again
    // at the retry interval, and takes the seat that came back.
    m_keeper->release();
    settle();
    fillThePool();
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    for (int i = 0; i < 5; ++i)
        step(retryInterval);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    const QList<QJsonObject> others = m_server->liveLeasesOf(licenseId, u"other0@ws-9"_s);
    QCOMPARE(others.size(), 1);
    QVERIFY(m_server->revoke(licenseId, others.first().value("seatId"_L1).toString()));
    step(retryInterval);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
}

void TestLeaseKeeper::serversRetryAfterIsWaited()
{
    // An instance that cannot reach its database answers 503 with Retry-After: the keeper waits
    // that long at least, although its own back-off would try sooner. The proxy turns the answers
    // to checkouts (those carrying a signed lease) into that 503; probes pass untouched.
    const QByteArray body = R"({"error":"database_unavailable","message":"the database is unavailable"})";
    auto checkouts = std::make_shared<int>(0);
    m_proxy->tamperResponses([body, checkouts](const QByteArray &response) {
        if (!response.contains("\"signature\""))
            return response;
        ++*checkouts;
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 30\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    });
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    QVERIFY2(m_keeper->lastError().contains(u"503"_s), qPrintable(m_keeper->lastError()));
    const int asked = *checkouts;
    QVERIFY(asked >= 1);
    for (int i = 0; i < 29; ++i) {
        step(1s);
        QCOMPARE(*checkouts, asked); // nothing asked again before 30 s
    }
    m_proxy->tamperResponses({});
    step(1s);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
}

void TestLeaseKeeper::serversPaceReplacesTheBackOff()
{
    // Through a long database outage the instance answers 503 with Retry-After: 3 (it sized the
    // wait for its site, StoreFailureLog). The keeper asks again every 3 s, never stretching to
    // its own back-off's 16 s, and so holds a seat again within 3 s of the database's return (the
    // storm benchmark: with the back-off, a site took a minute and more to come back).
    m_keeper->setMaxRetryInterval(16s);
    const QByteArray body = R"({"error":"database_unavailable","message":"the database is unavailable"})";
    auto checkouts = std::make_shared<int>(0);
    m_proxy->tamperResponses([body, checkouts](const QByteArray &response) {
        // A checkout's answer: a signed lease, or (the real server having granted the seats the
        // keeper never got) a refusal.
        if (!response.contains("\"signature\"") && !response.contains("\"error\""))
            return response;
        ++*checkouts;
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 3\r\n"
               "Content-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    });
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    // The seconds in which the keeper asked (the proxy may see one answer in several pieces).
    int asked = 0;
    for (int i = 0; i < 60; ++i) {
        const int before = *checkouts;
        step(1s);
        if (*checkouts != before)
            ++asked;
    }
    QCOMPARE(asked, 20); // every 3 s for a minute; the back-off would have asked 6 times
    // The database is back. The seats the real server granted behind the proxy's 503s were never
    // seen by the keeper (in a real outage nothing is granted): given back first.
    m_proxy->tamperResponses({});
    for (const QJsonObject &lease : m_server->liveLeasesOf(licenseId, holder))
        QVERIFY(m_server->revoke(licenseId, lease.value("seatId"_L1).toString()));
    for (int i = 0; i < 3 && m_keeper->state() != LeaseKeeper::State::Holding; ++i)
        step(1s);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QCOMPARE(liveSeats(), 1);
}

void TestLeaseKeeper::revokedSeatIsCheckedOutAgain()
{
    startKeeper();
    const QString revoked = m_keeper->lease()->seatId;
    QSignalSpy seatLost(m_keeper.get(), &LeaseKeeper::seatLost);
    QSignalSpy acquired(m_keeper.get(), &LeaseKeeper::acquired);
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    QVERIFY(m_server->revoke(licenseId, revoked));

    step(ttl / 3);
    QCOMPARE(seatLost.size(), 1);
    QCOMPARE(acquired.size(), 1);
    QCOMPARE(degraded.size(), 0);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QVERIFY(m_keeper->lease()->seatId != revoked);
    QCOMPARE(liveSeats(), 1);
}

void TestLeaseKeeper::revokedSeatWithAFullPoolDegrades()
{
    startKeeper();
    const QString revoked = m_keeper->lease()->seatId;
    QList<QString> others;
    auto take = [&](const QString &who) {
        std::optional<LeaseOutcome> result;
        m_client->checkout(who, this, [&result](const LeaseOutcome &outcome) { result = outcome; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000);
        QVERIFY2(std::holds_alternative<outcome::Granted>(*result), qPrintable(describe(*result)));
        others.append(std::get<outcome::Granted>(*result).lease.seatId);
    };
    take(u"bob@ws-2"_s);
    take(u"carol@ws-3"_s);
    QVERIFY(m_server->revoke(licenseId, revoked));
    take(u"dave@ws-4"_s); // takes the freed seat: the pool is full again
    QCOMPARE(others.size(), 3);

    QSignalSpy seatLost(m_keeper.get(), &LeaseKeeper::seatLost);
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    QSignalSpy recovered(m_keeper.get(), &LeaseKeeper::recovered);
    step(ttl / 3);
    QCOMPARE(seatLost.size(), 1);
    QCOMPARE(degraded.size(), 1);
    QVERIFY2(degraded.first().first().toString().startsWith(u"all 3 seats are in use"_s),
             qPrintable(degraded.first().first().toString()));
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    QVERIFY(!m_keeper->isActing());

    // Still full at the next attempt: no new signal for the same reason.
    step(retryInterval);
    QCOMPARE(degraded.size(), 1);
    QCOMPARE(recovered.size(), 0);

    std::optional<ReleaseOutcome> released;
    m_client->release(others.first(), this, [&released](const ReleaseOutcome &outcome) { released = outcome; });
    QTRY_VERIFY_WITH_TIMEOUT(released.has_value(), 5000);
    step(retryInterval);
    QCOMPARE(recovered.size(), 1);
    QVERIFY(m_keeper->isActing());
    QCOMPARE(liveSeats(), 1);
}

void TestLeaseKeeper::blockedHolderDegradesUntilTheBlockEnds()
{
    startKeeper();
    QVERIFY(m_server->revoke(licenseId, m_keeper->lease()->seatId, 20s));
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    QSignalSpy recovered(m_keeper.get(), &LeaseKeeper::recovered);
    step(ttl / 3);
    QCOMPARE(degraded.size(), 1);
    QVERIFY2(degraded.first().first().toString().contains(u"blocked"_s),
             qPrintable(degraded.first().first().toString()));
    for (int i = 0; i < 20 && recovered.isEmpty(); ++i)
        step(retryInterval);
    QCOMPARE(recovered.size(), 1);
    QCOMPARE(liveSeats(), 1);
}

void TestLeaseKeeper::fastClockLapsesEarlyAndNeverHoldsTwoSeats()
{
    m_keeperClock->setOffset(20s);
    startKeeper(LeaseKeeper::ExpiryPolicy::SignedExpiry);
    const SeatLease first = *m_keeper->lease();
    QSignalSpy lapsed(m_keeper.get(), &LeaseKeeper::lapsed);
    QSignalSpy recovered(m_keeper.get(), &LeaseKeeper::recovered);

    m_proxy->setRefuse(true);
    QDateTime lapsedAt;
    while (lapsed.isEmpty() && clock().now() < first.expiresAt) {
        step(1s);
        QVERIFY(liveSeats() <= 1);
    }
    QCOMPARE(lapsed.size(), 1);
    // Early: 20 s before the signed expiry, while the server still counts the seat.
    QCOMPARE(clock().now(), first.expiresAt.addSecs(-20 + 1));
    QCOMPARE(liveSeats(), 1);
    QVERIFY(!m_keeper->isActing());

    m_proxy->setRefuse(false);
    for (int i = 0; i < 5 && recovered.isEmpty(); ++i) {
        step(retryInterval);
        QVERIFY(liveSeats() <= 1);
    }
    QCOMPARE(recovered.size(), 1);
    QVERIFY(m_keeper->lease()->seatId != first.seatId);
    const QList<QJsonObject> live = m_server->liveLeasesOf(licenseId, holder);
    QCOMPARE(live.size(), 1);
    QCOMPARE(live.first().value("seatId"_L1).toString(), m_keeper->lease()->seatId);
    // The old seat was given back, not left to expire.
    QVERIFY(m_server->leaseRow(licenseId, first.seatId).value("live"_L1).toBool() == false);

    // Online again, the fast clock keeps renewing without ever counting twice.
    for (int i = 0; i < 90; ++i) {
        step(1s);
        QVERIFY(liveSeats() <= 1);
    }
}

void TestLeaseKeeper::actingPastTheServersExpiryWhileOffline_data()
{
    QTest::addColumn<LeaseKeeper::ExpiryPolicy>("policy");
    QTest::addColumn<qint64>("offsetSeconds"); // the keeper's wall clock minus the server's
    QTest::addColumn<bool>("rollback"); // offset applied after the checkout, as a clock set back
    QTest::addColumn<qint64>("expectedPastSeconds");

    struct Row
    {
        const char *name;
        qint64 offset;
        bool rollback;
    };
    const Row rows[] = {
        {"slow 120 s", -120, false}, {"slow 30 s", -30, false},         {"fast 30 s", 30, false},
        {"fast 120 s", 120, false},  {"rolled back 5 min", -300, true},
    };
    for (const Row &row : rows) {
        QTest::addRow("SignedExpiry, %s", row.name) << LeaseKeeper::ExpiryPolicy::SignedExpiry << row.offset
                                                    << row.rollback << std::max<qint64>(0, -row.offset);
        QTest::addRow("Monotonic, %s", row.name)
            << LeaseKeeper::ExpiryPolicy::Monotonic << row.offset << row.rollback << qint64(0);
    }
}

void TestLeaseKeeper::actingPastTheServersExpiryWhileOffline()
{
    QFETCH(LeaseKeeper::ExpiryPolicy, policy);
    QFETCH(qint64, offsetSeconds);
    QFETCH(bool, rollback);
    QFETCH(qint64, expectedPastSeconds);

    if (!rollback)
        m_keeperClock->setOffset(std::chrono::seconds(offsetSeconds));
    startKeeper(policy);
    if (rollback)
        m_keeperClock->setOffset(std::chrono::seconds(offsetSeconds));
    m_proxy->setRefuse(true);

    // The longest the keeper acted after the server's expiry of the lease it held.
    qint64 actedPastMs = std::numeric_limits<qint64>::min();
    const auto horizon = ttl + std::chrono::seconds(std::abs(offsetSeconds)) + 10s;
    for (auto elapsed = 0s; elapsed <= horizon; elapsed += 1s) {
        if (m_keeper->isActing())
            actedPastMs = std::max(actedPastMs, m_keeper->lease()->expiresAt.msecsTo(clock().now()));
        step(1s);
    }
    QVERIFY2(!m_keeper->isActing(), "still acting long after the lease expired on the server");
    QCOMPARE(liveSeats(), 0);
    if (expectedPastSeconds > 0) {
        // The naive rule acts past the server's expiry for exactly the clock's offset.
        QCOMPARE(actedPastMs, expectedPastSeconds * 1000);
    } else {
        QVERIFY2(actedPastMs <= 0, qPrintable(u"acted %1 ms past the server's expiry"_s.arg(actedPastMs)));
    }
}

void TestLeaseKeeper::noClockMakesTheServerExtendALease_data()
{
    QTest::addColumn<LeaseKeeper::ExpiryPolicy>("policy");
    QTest::addColumn<qint64>("offsetSeconds");
    QTest::addColumn<bool>("rollback");
    const std::pair<const char *, LeaseKeeper::ExpiryPolicy> policies[] = {
        {"SignedExpiry", LeaseKeeper::ExpiryPolicy::SignedExpiry},
        {"Monotonic", LeaseKeeper::ExpiryPolicy::Monotonic},
    };
    for (const auto &[name, policy] : policies) {
        QTest::addRow("%s, slow 120 s", name) << policy << qint64(-120) << false;
        QTest::addRow("%s, exact", name) << policy << qint64(0) << false;
        QTest::addRow("%s, fast 30 s", name) << policy << qint64(30) << false;
        QTest::addRow("%s, rolled back 5 min", name) << policy << qint64(-300) << true;
    }
}

void TestLeaseKeeper::noClockMakesTheServerExtendALease()
{
    QFETCH(LeaseKeeper::ExpiryPolicy, policy);
    QFETCH(qint64, offsetSeconds);
    QFETCH(bool, rollback);

    // The server's clock when it last granted or renewed each seat, as seen by the keeper.
    QHash<QString, QDateTime> lastGrant;
    auto record = [this, &lastGrant](const SeatLease &lease) { lastGrant.insert(lease.seatId, clock().now()); };
    connect(m_keeper.get(), &LeaseKeeper::acquired, this, record);
    connect(m_keeper.get(), &LeaseKeeper::renewed, this, record);

    if (!rollback)
        m_keeperClock->setOffset(std::chrono::seconds(offsetSeconds));
    startKeeper(policy);
    if (rollback)
        m_keeperClock->setOffset(std::chrono::seconds(offsetSeconds));

    // Online for a while, then offline past the expiry, then online again.
    const auto phaseOf = [](int second) { return second < 70 ? 0 : (second < 120 ? 1 : 2); };
    for (int second = 0; second < 150; second += 2) {
        m_proxy->setRefuse(phaseOf(second) == 1);
        step(2s);
        const QJsonArray rows = m_server->leases(licenseId).value("leases"_L1).toArray();
        int live = 0;
        for (const QJsonValue &value : rows) {
            const QJsonObject row = value.toObject();
            if (row.value("holder"_L1).toString() != holder)
                continue;
            live += row.value("live"_L1).toBool() ? 1 : 0;
            const QString seatId = row.value("seatId"_L1).toString();
            QVERIFY2(lastGrant.contains(seatId), "the server holds a seat the keeper never heard of");
            QCOMPARE(row.value("expiresAt"_L1).toString(),
                     formatTimestamp(lastGrant.value(seatId).addMSecs(milliseconds(ttl).count())));
        }
        QVERIFY2(live <= 1, qPrintable(u"the server counts %1 seats for one keeper"_s.arg(live)));
        if (policy == LeaseKeeper::ExpiryPolicy::Monotonic && m_keeper->isActing())
            QVERIFY(clock().now() <= m_keeper->lease()->expiresAt);
    }
    // Back online, every keeper ends up holding (a fast clock under SignedExpiry churns, but
    // only at the retry interval, and never holds two).
    QVERIFY(m_keeper->state() == LeaseKeeper::State::Holding || m_keeper->state() == LeaseKeeper::State::Acquiring);
}

void TestLeaseKeeper::releaseGivesTheSeatBack()
{
    startKeeper();
    const QString seatId = m_keeper->lease()->seatId;
    QSignalSpy released(m_keeper.get(), &LeaseKeeper::released);
    m_keeper->release();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Stopped);
    QVERIFY(!m_keeper->isActing());
    QTRY_COMPARE_WITH_TIMEOUT(released.size(), 1, 5000);
    QCOMPARE(released.first().first().toString(), seatId);
    QCOMPARE(liveSeats(), 0);
    // Stopped means stopped: moving time sends nothing more.
    const int connections = m_proxy->acceptedConnections();
    step(ttl);
    QCOMPARE(m_proxy->acceptedConnections(), connections);
}

void TestLeaseKeeper::crashLeavesTheSeatToExpire()
{
    startKeeper();
    QSignalSpy released(m_keeper.get(), &LeaseKeeper::released);
    m_keeper->crash();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Stopped);
    QCOMPARE(liveSeats(), 1);
    clock().advance(ttl + skew);
    QCOMPARE(liveSeats(), 1); // live up to expiresAt + skew inclusive
    clock().advance(1ms);
    QCOMPARE(liveSeats(), 0);
    QCOMPARE(released.size(), 0);
}

QString TestLeaseKeeper::takeSeat(const QString &who)
{
    std::optional<LeaseOutcome> result;
    m_client->checkout(who, this, [&result](const LeaseOutcome &outcome) { result = outcome; });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000); }();
    if (!result || !std::holds_alternative<outcome::Granted>(*result)) {
        qWarning("checkout for %s: %s", qPrintable(who), result ? qPrintable(describe(*result)) : "no answer");
        return {};
    }
    return std::get<outcome::Granted>(*result).lease.seatId;
}

QString TestLeaseKeeper::queueRaw(const QString &who)
{
    std::optional<LeaseOutcome> result;
    m_client->checkout(
        who, this, [&result](const LeaseOutcome &outcome) { result = outcome; }, 600s);
    [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000); }();
    if (!result || !std::holds_alternative<outcome::Queued>(*result)) {
        qWarning("queueing %s: %s", qPrintable(who), result ? qPrintable(describe(*result)) : "no answer");
        return {};
    }
    return std::get<outcome::Queued>(*result).ticket.ticketId;
}

LeaseOutcome TestLeaseKeeper::renewRaw(const QString &ticketId)
{
    std::optional<LeaseOutcome> result;
    m_client->renewTicket(ticketId, this, [&result](const LeaseOutcome &outcome) { result = outcome; });
    [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000); }();
    return result.value_or(outcome::Transport {u"no answer"_s});
}

void TestLeaseKeeper::fillThePool()
{
    for (int i = 0; i < seatCount; ++i)
        QVERIFY(!takeSeat(u"other%1@ws-9"_s.arg(i)).isEmpty());
}

void TestLeaseKeeper::waitsInLineReportsItsPlaceAndHoldsWhenASeatFrees()
{
    QStringList seats;
    for (int i = 0; i < seatCount; ++i)
        seats.append(takeSeat(u"other%1@ws-9"_s.arg(i)));
    QVERIFY(!seats.contains(QString()));
    const QString ahead = queueRaw(u"bob@ws-2"_s);
    QVERIFY(!ahead.isEmpty());

    m_keeper->setWaitInLine(600s);
    QSignalSpy positions(m_keeper.get(), &LeaseKeeper::positionChanged);
    QSignalSpy acquired(m_keeper.get(), &LeaseKeeper::acquired);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    QVERIFY(!m_keeper->isActing());
    QCOMPARE(positions.size(), 1);
    QCOMPARE(positions.last().at(0).toInt(), 2);
    QCOMPARE(positions.last().at(1).toInt(), 2);
    QCOMPARE(liveSeats(), 0);

    // Bob gives up his place: the keeper's next ticket heartbeat finds itself at the head.
    std::optional<ReleaseOutcome> left;
    m_client->leaveQueue(ahead, this, [&left](const ReleaseOutcome &outcome) { left = outcome; });
    QTRY_VERIFY_WITH_TIMEOUT(left.has_value(), 5000);
    step(ttl / 3);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    QCOMPARE(positions.size(), 2);
    QCOMPARE(positions.last().at(0).toInt(), 1);
    QCOMPARE(positions.last().at(1).toInt(), 1);
    QCOMPARE(m_keeper->waitedFor(), milliseconds(ttl / 3));

    // A seat frees: the server holds it for the head of the line, the keeper's next heartbeat
    // brings the signed lease, and from then on it is a seat like any other.
    std::optional<ReleaseOutcome> released;
    m_client->release(seats.first(), this, [&released](const ReleaseOutcome &outcome) { released = outcome; });
    QTRY_VERIFY_WITH_TIMEOUT(released.has_value(), 5000);
    QCOMPARE(acquired.size(), 0);
    step(ttl / 3);
    QCOMPARE(acquired.size(), 1);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    QVERIFY(m_keeper->isActing());
    QVERIFY(!m_keeper->ticket());
    QCOMPARE(m_keeper->lease()->holder, holder);
    QCOMPARE(liveSeats(), 1);
    QCOMPARE(queueLength(), 0);
    const QString heldSeat = m_keeper->lease()->seatId;
    QSignalSpy renewed(m_keeper.get(), &LeaseKeeper::renewed);
    for (int i = 0; i < 6; ++i) {
        step(ttl / 3);
        QCOMPARE(liveSeats(), 1);
    }
    QVERIFY(renewed.size() >= 5);
    QCOMPARE(m_keeper->lease()->seatId, heldSeat);
}

void TestLeaseKeeper::stopLeavesTheLine()
{
    fillThePool();
    m_keeper->setWaitInLine(600s);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    QCOMPARE(queueLength(), 1);
    QSignalSpy released(m_keeper.get(), &LeaseKeeper::released);
    m_keeper->release();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Stopped);
    QTRY_COMPARE_WITH_TIMEOUT(released.size(), 1, 5000);
    QCOMPARE(released.first().first().toString(), QString());
    // Out of the line at once, not after the ticket's TTL: a freed seat goes to the next waiter.
    QCOMPARE(queueLength(), 0);
    const QString next = queueRaw(u"bob@ws-2"_s);
    QVERIFY(!next.isEmpty());
    const QList<QJsonObject> others = m_server->liveLeasesOf(licenseId, u"other0@ws-9"_s);
    QCOMPARE(others.size(), 1);
    QVERIFY(m_server->revoke(licenseId, others.first().value("seatId"_L1).toString()));
    const LeaseOutcome bob = renewRaw(next);
    QVERIFY2(std::holds_alternative<outcome::Granted>(bob), qPrintable(describe(bob)));
    QCOMPARE(liveSeats(), 0);
}

void TestLeaseKeeper::crashedWaiterIsSkippedAfterItsTicketTtl()
{
    fillThePool();
    m_keeper->setWaitInLine(600s);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    const QString behind = queueRaw(u"bob@ws-2"_s);
    QVERIFY(!behind.isEmpty());
    m_keeper->crash();

    // Bob keeps his ticket alive, the holders their seats; the crashed keeper's ticket lapses
    // after its TTL.
    for (auto elapsed = 0s; elapsed <= ttl + skew; elapsed += ttl / 3) {
        clock().advance(ttl / 3);
        for (int i = 0; i < seatCount; ++i) {
            const QString who = u"other%1@ws-9"_s.arg(i);
            const QString seat = m_server->liveLeasesOf(licenseId, who).value(0).value("seatId"_L1).toString();
            std::optional<LeaseOutcome> renewed;
            m_client->heartbeat(seat, this, [&renewed](const LeaseOutcome &outcome) { renewed = outcome; });
            QTRY_VERIFY_WITH_TIMEOUT(renewed.has_value(), 5000);
            QVERIFY2(std::holds_alternative<outcome::Granted>(*renewed), qPrintable(describe(*renewed)));
        }
        const LeaseOutcome beat = renewRaw(behind);
        QVERIFY2(std::holds_alternative<outcome::Queued>(beat), qPrintable(describe(beat)));
    }
    QCOMPARE(queueLength(), 1);
    QVERIFY(m_server->revoke(
        licenseId, m_server->liveLeasesOf(licenseId, u"other0@ws-9"_s).first().value("seatId"_L1).toString()));
    const LeaseOutcome bob = renewRaw(behind);
    QVERIFY2(std::holds_alternative<outcome::Granted>(bob), qPrintable(describe(bob)));
    QCOMPARE(liveSeats(), 0);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Stopped);
}

void TestLeaseKeeper::ticketLostInAnOutageQueuesAgain()
{
    fillThePool();
    m_keeper->setWaitInLine(600s);
    m_keeper->start();
    settle();
    QVERIFY(m_keeper->ticket());
    const QString first = m_keeper->ticket()->ticketId;
    QSignalSpy beatFailed(m_keeper.get(), &LeaseKeeper::beatFailed);
    QSignalSpy gaveUp(m_keeper.get(), &LeaseKeeper::gaveUp);
    m_proxy->setRefuse(true);
    for (auto elapsed = 0s; elapsed <= ttl + 2s; elapsed += 1s)
        step(1s);
    QVERIFY(beatFailed.size() >= 1);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    m_proxy->setRefuse(false);
    // The server dropped the ticket it did not hear about (expired): the keeper queues again.
    for (int i = 0; i < 3 && m_keeper->ticket() && m_keeper->ticket()->ticketId == first; ++i)
        step(retryInterval);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    QVERIFY(m_keeper->ticket());
    QVERIFY(m_keeper->ticket()->ticketId != first);
    QCOMPARE(queueLength(), 1);
    QCOMPARE(gaveUp.size(), 0);
}

void TestLeaseKeeper::longestWaitPassedGivesUp()
{
    fillThePool();
    m_keeper->setWaitInLine(20s);
    QSignalSpy gaveUp(m_keeper.get(), &LeaseKeeper::gaveUp);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    for (int i = 0; i < 5 && gaveUp.isEmpty(); ++i)
        step(ttl / 3);
    QCOMPARE(gaveUp.size(), 1);
    QVERIFY2(gaveUp.first().first().toString().contains(u"longest wait"_s),
             qPrintable(gaveUp.first().first().toString()));
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Stopped);
    QCOMPARE(queueLength(), 0);
    // Given up means stopped: time passing sends nothing more.
    const int connections = m_proxy->acceptedConnections();
    step(ttl);
    QCOMPARE(m_proxy->acceptedConnections(), connections);
}

void TestLeaseKeeper::lostAnswerOfTheGrantStillHoldsOneSeat()
{
    fillThePool();
    m_keeper->setWaitInLine(600s);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Waiting);
    QVERIFY(m_server->revoke(
        licenseId, m_server->liveLeasesOf(licenseId, u"other0@ws-9"_s).first().value("seatId"_L1).toString()));
    // The ticket heartbeat that hands over the lease loses its answer: the ticket is gone on the
    // server, and the seat is this keeper's. It must end up holding that seat, not a second one.
    m_proxy->dropNextResponse();
    step(ttl / 3);
    for (int i = 0; i < 3 && m_keeper->state() != LeaseKeeper::State::Holding; ++i)
        step(retryInterval);
    QCOMPARE(m_proxy->droppedResponses(), 1);
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Holding);
    const QList<QJsonObject> live = m_server->liveLeasesOf(licenseId, holder);
    QCOMPARE(live.size(), 1);
    QCOMPARE(live.first().value("seatId"_L1).toString(), m_keeper->lease()->seatId);
    QCOMPARE(queueLength(), 0);
}

void TestLeaseKeeper::withoutWaitAFullPoolStillDegrades()
{
    fillThePool();
    QSignalSpy degraded(m_keeper.get(), &LeaseKeeper::degraded);
    m_keeper->start();
    settle();
    QCOMPARE(m_keeper->state(), LeaseKeeper::State::Degraded);
    QCOMPARE(degraded.size(), 1);
    QCOMPARE(queueLength(), 0);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestLeaseKeeper)
#include "tst_leasekeeper.moc"
