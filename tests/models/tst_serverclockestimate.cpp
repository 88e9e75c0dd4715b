// The dashboard's one estimate of the server's clock, on a ManualClock.

#include "AdminTypes.h"
#include "ManualClock.h"
#include "ServerClockEstimate.h"

#include <QTest>

using namespace keyright;
using namespace std::chrono_literals;

class TestServerClockEstimate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsTheLocalClockUntilMeasured();
    void anchorsAtTheMidpointOfTheRoundTrip();
    void followsElapsedTimeNotTheLocalWallClock();
    void aLaterObservationReplacesTheEarlier();
    void resetForgetsTheServer();
    void takesAGetTimeMeasurement();
    void aStalledAnswerIsNotTakenForAClockOffset();
};

void TestServerClockEstimate::readsTheLocalClockUntilMeasured()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    QVERIFY(!estimate.isMeasured());
    QVERIFY(!estimate.offset());
    QCOMPARE(estimate.now(), local.now());
    local.advance(3s);
    QCOMPARE(estimate.now(), local.now());
    QCOMPARE(estimate.monotonic(), local.monotonic());
}

void TestServerClockEstimate::anchorsAtTheMidpointOfTheRoundTrip()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    const QDateTime server = local.now().addSecs(90); // the server is 90 s ahead
    local.advance(400ms); // the answer took 400 ms; the server read its clock halfway
    estimate.observe(server, 400ms);
    QVERIFY(estimate.isMeasured());
    QCOMPARE(estimate.now(), server.addMSecs(200));
    const auto offset = estimate.offset();
    QVERIFY(offset);
    QCOMPARE(offset->offset, 90000ms - 200ms);
    QCOMPARE(offset->roundTrip, 400ms);
    QCOMPARE(offset->serverTime, estimate.now());
}

void TestServerClockEstimate::followsElapsedTimeNotTheLocalWallClock()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    const QDateTime server = local.now().addSecs(-5);
    estimate.observe(server, 0ms);
    local.advance(10s);
    QCOMPARE(estimate.now(), server.addSecs(10));
    // Someone sets this computer's clock back an hour: the server's time does not move.
    local.setNow(local.now().addSecs(-3600));
    QCOMPARE(estimate.now(), server.addSecs(10));
    QCOMPARE(estimate.offset()->offset, std::chrono::milliseconds {(3600 - 5) * 1000});
}

void TestServerClockEstimate::aLaterObservationReplacesTheEarlier()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    estimate.observe(local.now().addSecs(10), 0ms);
    local.advance(1s);
    const QDateTime server = local.now().addSecs(20);
    estimate.observe(server, 0ms);
    QCOMPARE(estimate.now(), server);
    QCOMPARE(estimate.lastObserved(), std::optional {local.monotonic()});
    // An answer without a time (an invalid one) changes nothing.
    estimate.observe(QDateTime(), 0ms);
    QCOMPARE(estimate.now(), server);
}

void TestServerClockEstimate::resetForgetsTheServer()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    estimate.observe(local.now().addSecs(30), 10ms);
    estimate.reset();
    QVERIFY(!estimate.isMeasured());
    QCOMPARE(estimate.now(), local.now());
    QVERIFY(!estimate.lastObserved());
}

void TestServerClockEstimate::takesAGetTimeMeasurement()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    ClockOffset measured;
    measured.serverTime = local.now().addSecs(2);
    measured.roundTrip = 50ms;
    measured.offset = 2000ms;
    estimate.observe(measured);
    QCOMPARE(estimate.now(), measured.serverTime.addMSecs(25));
    QCOMPARE(estimate.offset()->roundTrip, 50ms);
}

// Walk 47: right after a database failover the server's event loop stalled for seconds, and the
// status bar read "Server clock -3091 ms" for a server whose clock was right.
void TestServerClockEstimate::aStalledAnswerIsNotTakenForAClockOffset()
{
    ManualClock local;
    ServerClockEstimate estimate(local);
    local.advance(20ms);
    estimate.observe(local.now().addMSecs(-10), 20ms); // the server's clock is right
    QCOMPARE(estimate.offset()->offset, 0ms);
    // The server read its clock at once, then its answer waited 6 s in the stalled event loop.
    const QDateTime readEarly = local.now();
    local.advance(6s);
    estimate.observe(readEarly, 6s);
    QCOMPARE(estimate.offset()->offset, 0ms);
    QCOMPARE(estimate.offset()->roundTrip, 20ms);
    // A quick answer is taken as before, and so is a slow network once the quick one is old.
    local.advance(1s);
    estimate.observe(local.now().addMSecs(495), 10ms);
    QCOMPARE(estimate.offset()->offset, 500ms);
    local.advance(ServerClockEstimate::stalledSampleMaxAge);
    estimate.observe(local.now().addMSecs(-1000), 2s);
    QCOMPARE(estimate.offset()->offset, 0ms);
    QCOMPARE(estimate.offset()->roundTrip, 2s);
}

QTEST_GUILESS_MAIN(TestServerClockEstimate)
#include "tst_serverclockestimate.moc"
