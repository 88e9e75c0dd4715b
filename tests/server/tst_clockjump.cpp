#include "ClockWatch.h"
#include "LeaseServer.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "seats/LeaseReaper.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using namespace keyright::server;
using std::chrono::milliseconds;

// The server's own clock jumping, in process: the fixture's ManualClock is the server's wall clock
// (setNow jumps it alone) and its monotonic clock (advance moves both, as real time does;
// setMonotonic jumps it alone). What a user would notice: who holds a seat, when a crashed
// client's seat comes back, the expiries the server signs, the reaper, the audit log and /metrics.
class TestClockJump : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void forwardJumpTakesNoSeatFromItsHolders();
    void backwardJumpNeverSignsAnEarlierExpiry();
    void crashedClientsSeatComesBackAfterTtlPlusSkewOfRealTime_data();
    void crashedClientsSeatComesBackAfterTtlPlusSkewOfRealTime();
    void restartOnAClockSetBackKeepsTheServersTime();
    void restartOnAClockAnHourAheadKeepsEveryLease_data();
    void restartOnAClockAnHourAheadKeepsEveryLease();
    void reaperKeepsRunningAfterTheMonotonicClockJumpsBack();
    void smallStepIsNoJump();

private:
    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    QByteArray createLicense(const QString &id, int seats);
    HttpResult checkout(const QString &holder);
    HttpResult heartbeat(const QString &seatId);
    int liveSeats();
    QJsonArray clockJumpEvents();
    void tick(milliseconds realTime); // real time passes; the server notices its clock

    static constexpr int ttlSeconds = 30;
    static constexpr int skewSeconds = 5;
    static constexpr int graceSeconds = 15;
    const QString m_license = u"cad"_s;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_key;
};

void TestClockJump::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.dataDir = m_dir->path(), .reapInterval = 0s});
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
    m_key = createLicense(m_license, 5);
    QVERIFY(!m_key.isEmpty());
}

void TestClockJump::cleanup()
{
    m_http.reset();
    m_clock = nullptr;
    m_fixture.reset();
    m_dir.reset();
}

QByteArray TestClockJump::createLicense(const QString &id, int seats)
{
    return m_fixture->createLicense(id, seats, std::chrono::seconds {ttlSeconds}, std::chrono::seconds {skewSeconds},
                                    std::chrono::seconds {graceSeconds});
}

HttpResult TestClockJump::checkout(const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(m_license), {{u"holder"_s, holder}}, "License " + m_key);
}

HttpResult TestClockJump::heartbeat(const QString &seatId)
{
    return m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(m_license, seatId), {}, "License " + m_key);
}

int TestClockJump::liveSeats()
{
    int live = 0;
    for (const QJsonValue &row : m_fixture->leases(m_license).value("leases"_L1).toArray())
        live += row.toObject().value("live"_L1).toBool() ? 1 : 0;
    return live;
}

QJsonArray TestClockJump::clockJumpEvents()
{
    return m_http->get(u"/v1/events?kind=clock_jumped"_s, admin()).json().value("events"_L1).toArray();
}

void TestClockJump::tick(milliseconds realTime)
{
    m_clock->advance(realTime);
    m_fixture->leaseServer().clockWatch()->check();
}

void TestClockJump::forwardJumpTakesNoSeatFromItsHolders()
{
    QStringList seats;
    for (int i = 0; i < 5; ++i) {
        const HttpResult granted = checkout(u"holder-%1"_s.arg(i));
        QCOMPARE(granted.status, 201);
        seats.append(granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString());
    }
    for (int i = 0; i < 3; ++i)
        QCOMPARE(checkout(u"waiter-%1"_s.arg(i)).status, 409);

    m_clock->setNow(m_clock->now().addSecs(600));
    tick(0ms);

    // Two minutes of real time, the holders renewing every TTL/3, the waiters asking and the
    // reaper sweeping after every step: no waiter ever gets a seat, no holder loses one.
    for (int step = 0; step < 12; ++step) {
        tick(milliseconds {ttlSeconds * 1000 / 3});
        QVERIFY(m_fixture->leaseServer().reaper()->sweep() >= 0);
        for (int i = 0; i < 3; ++i) {
            const HttpResult refused = checkout(u"waiter-%1"_s.arg(i));
            QVERIFY2(refused.status == 409,
                     qPrintable(u"step %1: waiter %2 got %3: a seat still in use was handed out"_s.arg(step).arg(i).arg(
                         refused.status)));
        }
        for (const QString &seat : seats) {
            const HttpResult renewed = heartbeat(seat);
            QVERIFY2(renewed.status == 200,
                     qPrintable(u"step %1: a holder's heartbeat got %2"_s.arg(step).arg(renewed.status)));
        }
        QCOMPARE(liveSeats(), 5);
    }

    const QJsonArray jumps = clockJumpEvents();
    QCOMPARE(jumps.size(), 1);
    const QJsonObject detail = jumps.at(0).toObject().value("detail"_L1).toObject();
    QCOMPARE(detail.value("clock"_L1).toString(), u"wall"_s);
    QCOMPARE(detail.value("direction"_L1).toString(), u"forward"_s);
    QCOMPARE(detail.value("sizeMs"_L1).toInteger(), 600000);
    const QByteArray metrics = m_http->get(u"/metrics"_s, admin()).body;
    QVERIFY2(metrics.contains("keyright_clock_jumps_total{clock=\"wall\",direction=\"forward\"} 1\n"),
             metrics.constData());
}

void TestClockJump::backwardJumpNeverSignsAnEarlierExpiry()
{
    const HttpResult granted = checkout(u"alice"_s);
    QCOMPARE(granted.status, 201);
    const QString seat = granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    QDateTime signedUntil
        = *parseTimestamp(granted.json().value("lease"_L1).toObject().value("expiresAt"_L1).toString());

    m_clock->setNow(m_clock->now().addSecs(-600));
    for (int step = 0; step < 9; ++step) {
        tick(milliseconds {ttlSeconds * 1000 / 3});
        const HttpResult renewed = heartbeat(seat);
        QCOMPARE(renewed.status, 200);
        const QDateTime expiresAt
            = *parseTimestamp(renewed.json().value("lease"_L1).toObject().value("expiresAt"_L1).toString());
        QVERIFY2(expiresAt >= signedUntil,
                 qPrintable(u"step %1: a renewal moved expiresAt from %2 back to %3"_s.arg(step).arg(
                     formatTimestamp(signedUntil), formatTimestamp(expiresAt))));
        // And it is a real renewal: a TTL of real time from now, not a frozen expiry.
        QCOMPARE(expiresAt, signedUntil.addMSecs(ttlSeconds * 1000 / 3));
        signedUntil = expiresAt;
    }

    const QJsonArray jumps = clockJumpEvents();
    QCOMPARE(jumps.size(), 1);
    const QJsonObject detail = jumps.at(0).toObject().value("detail"_L1).toObject();
    QCOMPARE(detail.value("direction"_L1).toString(), u"backward"_s);
    QCOMPARE(detail.value("sizeMs"_L1).toInteger(), -600000);
    QVERIFY(m_http->get(u"/metrics"_s, admin())
                .body.contains("keyright_clock_jumps_total{clock=\"wall\",direction=\"backward\"} 1\n"));
}

void TestClockJump::crashedClientsSeatComesBackAfterTtlPlusSkewOfRealTime_data()
{
    QTest::addColumn<int>("jumpSeconds");
    QTest::newRow("wall clock 10 min forward") << 600;
    QTest::newRow("wall clock 10 min back") << -600;
    QTest::newRow("no jump") << 0;
}

void TestClockJump::crashedClientsSeatComesBackAfterTtlPlusSkewOfRealTime()
{
    QFETCH(int, jumpSeconds);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(checkout(u"holder-%1"_s.arg(i)).status, 201); // and then they all crash
    m_clock->setNow(m_clock->now().addSecs(jumpSeconds));
    tick(0ms);

    // A seat the server might still count must never be handed out, and every seat must be back
    // once ttl + skew of real time has passed. The guarded clock may only free it earlier when it
    // is catching up on a forward jump (at most 20 % faster than real time).
    const int freeBy = ttlSeconds + skewSeconds;
    const int heldUntil = jumpSeconds > 0 ? freeBy * 100 / 120 : freeBy;
    for (int second = 1; second <= freeBy + 1; ++second) {
        tick(1s);
        const HttpResult waiter = checkout(u"waiter"_s);
        if (second < heldUntil) {
            QVERIFY2(waiter.status == 409,
                     qPrintable(u"a crashed holder's seat came back after %1 s of real time"_s.arg(second)));
        } else if (second > freeBy) {
            QVERIFY2(
                waiter.status == 201,
                qPrintable(u"no seat back after %1 s of real time (ttl + skew is %2 s)"_s.arg(second).arg(freeBy)));
        }
        if (waiter.status == 201)
            break;
    }
    QCOMPARE(m_fixture->liveLeasesOf(m_license, u"waiter"_s).size(), 1);
}

void TestClockJump::restartOnAClockSetBackKeepsTheServersTime()
{
    const HttpResult granted = checkout(u"alice"_s);
    QCOMPARE(granted.status, 201);
    const QString seat = granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    const QDateTime signedUntil
        = *parseTimestamp(granted.json().value("lease"_L1).toObject().value("expiresAt"_L1).toString());
    QCOMPARE(checkout(u"bob"_s).status, 201);

    // Set back 10 min, then restarted: the server goes on from the time it had (the store keeps
    // it), so its times never go back, not even across the restart.
    m_clock->setNow(m_clock->now().addSecs(-600));
    m_fixture->stop();
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http->setBaseUrl(m_fixture->url());

    tick(1s);
    const HttpResult renewed = heartbeat(seat);
    QCOMPARE(renewed.status, 200);
    const QDateTime expiresAt
        = *parseTimestamp(renewed.json().value("lease"_L1).toObject().value("expiresAt"_L1).toString());
    // A real renewal: a TTL from a second after the grant.
    QCOMPARE(expiresAt, signedUntil.addSecs(1));
    QCOMPARE(checkout(u"carol"_s).status, 201);

    const QJsonArray events = m_http->get(u"/v1/events?kind=granted"_s, admin()).json().value("events"_L1).toArray();
    QCOMPARE(events.size(), 3);
    QStringList holders;
    qint64 lastSeq = 0;
    QDateTime lastTime;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        QVERIFY(event.value("seq"_L1).toInteger() > lastSeq);
        lastSeq = event.value("seq"_L1).toInteger();
        const QDateTime time = *parseTimestamp(event.value("time"_L1).toString());
        QVERIFY(!lastTime.isValid() || time >= lastTime);
        lastTime = time;
        holders.append(event.value("holder"_L1).toString());
    }
    QCOMPARE(holders, (QStringList {u"alice"_s, u"bob"_s, u"carol"_s}));
    // The step back was reported once, when the server saw it before stopping.
    const QJsonArray jumps = clockJumpEvents();
    QCOMPARE(jumps.size(), 1);
    QCOMPARE(jumps.at(0).toObject().value("detail"_L1).toObject().value("sizeMs"_L1).toInteger(), -600000);
}

void TestClockJump::restartOnAClockAnHourAheadKeepsEveryLease_data()
{
    QTest::addColumn<bool>("reboot");
    QTest::addColumn<qint64>("jumpMs");
    // Stopped for 20 s. The same machine measures them on its monotonic clock; after a reboot
    // the server believes 2 s of the wall clock's move and takes the rest for a jump.
    QTest::newRow("server restarted") << false << qint64 {3'600'000};
    QTest::newRow("machine rebooted") << true << qint64 {3'618'000};
}

void TestClockJump::restartOnAClockAnHourAheadKeepsEveryLease()
{
    QFETCH(bool, reboot);
    QFETCH(qint64, jumpMs);
    QStringList seats;
    for (int i = 0; i < 5; ++i) {
        const HttpResult granted = checkout(u"holder-%1"_s.arg(i));
        QCOMPARE(granted.status, 201);
        seats.append(granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString());
    }
    tick(1s);
    m_fixture->stop();
    m_clock->advance(20s);
    m_clock->setNow(m_clock->now().addSecs(3600));
    if (reboot)
        m_clock->setMonotonicEpoch(u"after-reboot"_s);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http->setBaseUrl(m_fixture->url());

    // No lease ended with the restart: every holder renews, no waiter gets a seat.
    QCOMPARE(checkout(u"waiter"_s).status, 409);
    for (const QString &seat : std::as_const(seats)) {
        const HttpResult renewed = heartbeat(seat);
        QVERIFY2(renewed.status == 200,
                 qPrintable(u"a holder's heartbeat after the restart got %1 %2"_s.arg(renewed.status)
                                .arg(QString::fromUtf8(renewed.body))));
    }
    QCOMPARE(liveSeats(), 5);

    // The hour was reported once, as the wall clock's, at the start.
    const QJsonArray jumps = clockJumpEvents();
    QCOMPARE(jumps.size(), 1);
    const QJsonObject detail = jumps.at(0).toObject().value("detail"_L1).toObject();
    QCOMPARE(detail.value("clock"_L1).toString(), u"wall"_s);
    QCOMPARE(detail.value("direction"_L1).toString(), u"forward"_s);
    QCOMPARE(detail.value("sizeMs"_L1).toInteger(), jumpMs);

    // The holders stop (crash): their seats come back within ttl + skew of real time, and not
    // sooner than the catch-up allows.
    const int freeBy = ttlSeconds + skewSeconds;
    for (int second = 1; second <= freeBy + 1; ++second) {
        tick(1s);
        const HttpResult waiter = checkout(u"waiter"_s);
        if (second < freeBy * 100 / 120)
            QVERIFY2(waiter.status == 409, qPrintable(u"a seat came back after %1 s"_s.arg(second)));
        if (waiter.status == 201)
            break;
        QVERIFY2(second <= freeBy, "no seat back after ttl + skew of real time");
    }
}

void TestClockJump::reaperKeepsRunningAfterTheMonotonicClockJumpsBack()
{
    // A reaper on its own timer, every second of real time.
    m_fixture.reset();
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 1s});
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
    m_key = createLicense(m_license, 5);
    QVERIFY(!m_key.isEmpty());

    LeaseReaper *reaper = m_fixture->leaseServer().reaper();
    QSignalSpy swept(reaper, &LeaseReaper::swept);
    QCOMPARE(checkout(u"crashed-before"_s).status, 201);
    tick(1h);
    m_clock->setMonotonic(m_clock->monotonic() - 2h);
    tick(1s);
    QCOMPARE(checkout(u"crashed-after"_s).status, 201);
    QTRY_VERIFY_WITH_TIMEOUT(m_fixture->leases(m_license).value("leases"_L1).toArray().size() == 1, 10000);

    // The second one expires on the guarded clock, which went on with real time.
    m_clock->advance(milliseconds {(ttlSeconds + graceSeconds + 1) * 1000});
    QTRY_VERIFY_WITH_TIMEOUT(m_fixture->leases(m_license).value("leases"_L1).toArray().isEmpty(), 10000);
    QVERIFY(swept.size() >= 2);
    QVERIFY(reaper->isActive());

    const QJsonArray jumps = clockJumpEvents();
    QCOMPARE(jumps.size(), 1);
    const QJsonObject detail = jumps.at(0).toObject().value("detail"_L1).toObject();
    QCOMPARE(detail.value("clock"_L1).toString(), u"monotonic"_s);
    QCOMPARE(detail.value("direction"_L1).toString(), u"backward"_s);
}

void TestClockJump::smallStepIsNoJump()
{
    QCOMPARE(checkout(u"alice"_s).status, 201);
    m_clock->setNow(m_clock->now().addMSecs(4000)); // below the 5 s threshold
    tick(1s);
    QVERIFY(clockJumpEvents().isEmpty());
    QVERIFY(!m_http->get(u"/metrics"_s, admin()).body.contains("keyright_clock_jumps_total{"));
}

QTEST_GUILESS_MAIN(TestClockJump)
#include "tst_clockjump.moc"
