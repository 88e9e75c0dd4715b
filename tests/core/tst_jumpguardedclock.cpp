#include "ClockReference.h"
#include "JumpGuardedClock.h"
#include "ManualClock.h"

#include <QTest>

using namespace keyright;
using namespace std::chrono_literals;
using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

// The server's guarded clock over a manual wall clock and a manual monotonic clock: what a
// lease's expiry is computed from must follow real elapsed time whatever the machine's clocks do.
class TestJumpGuardedClock : public QObject
{
    Q_OBJECT

private slots:
    void followsTheWallClockWhileNothingJumps();
    void smallStepsAreNotJumps_data();
    void smallStepsAreNotJumps();
    void forwardJumpIsCaughtUpAtMostTwentyPercentFaster();
    void holderRenewingAtATThirdOfTheTtlSurvivesAForwardJump();
    void backwardJumpNeverMovesTheClockBack();
    void monotonicJumpBackKeepsTimePassing();
    void bothClocksJumpingBackHoldTheReading();
    void pendingJumpsStayBounded();
    void restartGoesOnFromTheRecordedTime_data();
    void restartGoesOnFromTheRecordedTime();
    void restartAfterAJumpSeenWhileRunningKeepsCatchingUp();
};

void TestJumpGuardedClock::followsTheWallClockWhileNothingJumps()
{
    ManualClock base;
    const JumpGuardedClock clock(base);
    QCOMPARE(clock.now(), base.now());
    for (int i = 0; i < 100; ++i) {
        base.advance(milliseconds {i * 37});
        QCOMPARE(clock.now(), base.now());
    }
    QCOMPARE(clock.offset(), 0ms);
}

void TestJumpGuardedClock::smallStepsAreNotJumps_data()
{
    QTest::addColumn<qint64>("stepMs");
    QTest::newRow("NTP step of 100 ms forward") << qint64 {100};
    QTest::newRow("4 s forward") << qint64 {4000};
    QTest::newRow("exactly the threshold back") << qint64 {-5000};
}

void TestJumpGuardedClock::smallStepsAreNotJumps()
{
    QFETCH(qint64, stepMs);
    ManualClock base;
    JumpGuardedClock clock(base);
    (void)clock.now();
    base.setNow(base.now().addMSecs(stepMs));
    (void)clock.now();
    QVERIFY(clock.takeJumps().isEmpty());
}

void TestJumpGuardedClock::forwardJumpIsCaughtUpAtMostTwentyPercentFaster()
{
    ManualClock base;
    JumpGuardedClock clock(base);
    const QDateTime before = clock.now();
    base.setNow(base.now().addSecs(600));
    QCOMPARE(clock.now(), before); // no real time passed: the jump is not taken at once

    const QList<JumpGuardedClock::Jump> jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), 1);
    QCOMPARE(jumps.constFirst().source, JumpGuardedClock::Jump::Source::Wall);
    QCOMPARE(jumps.constFirst().size, 600000ms);
    QCOMPARE(jumps.constFirst().offset, 600000ms);
    QVERIFY(clock.takeJumps().isEmpty());

    // Every real second moves the guarded clock 1.2 s, read however often, until it has caught up.
    for (int second = 1; second <= 10; ++second) {
        for (int i = 0; i < 10; ++i) {
            base.advance(100ms);
            (void)clock.now();
        }
        QCOMPARE(clock.now(), before.addMSecs(second * 1200));
    }
    base.advance(milliseconds {3000 * 1000}); // 50 min absorbs 10 min at 20 %
    QCOMPARE(clock.now(), base.now());
    QCOMPARE(clock.offset(), 0ms);
    base.advance(1000ms);
    QCOMPARE(clock.now(), base.now());
}

void TestJumpGuardedClock::holderRenewingAtATThirdOfTheTtlSurvivesAForwardJump()
{
    // A lease signed with the guarded clock, renewed every TTL/3 of real time: each renewal comes
    // before the previous lease ran out by the guarded clock, all through the catch-up.
    const milliseconds ttl = 30s;
    ManualClock base;
    JumpGuardedClock clock(base);
    QDateTime expiresAt = clock.now().addMSecs(ttl.count());
    base.setNow(base.now().addSecs(600));
    for (int renewal = 0; renewal < 300; ++renewal) {
        base.advance(ttl / 3);
        const QDateTime now = clock.now();
        QVERIFY2(now <= expiresAt, qPrintable(u"renewal %1 came after its lease ran out"_s.arg(renewal)));
        expiresAt = now.addMSecs(ttl.count());
    }
    QCOMPARE(clock.now(), base.now());
}

void TestJumpGuardedClock::backwardJumpNeverMovesTheClockBack()
{
    ManualClock base;
    JumpGuardedClock clock(base);
    base.advance(1000ms);
    const QDateTime before = clock.now();
    base.setNow(base.now().addSecs(-600));
    QCOMPARE(clock.now(), before);
    const QList<JumpGuardedClock::Jump> jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), 1);
    QCOMPARE(jumps.constFirst().size, -600000ms);
    QCOMPARE(jumps.constFirst().offset, -600000ms);

    // It keeps real speed from there: a crashed holder's lease runs out after ttl of real time.
    QDateTime last = before;
    for (int i = 1; i <= 60; ++i) {
        base.advance(10s);
        const QDateTime now = clock.now();
        QCOMPARE(now, before.addSecs(i * 10));
        QVERIFY(now >= last);
        last = now;
    }
    QCOMPARE(clock.offset(), -600000ms);
    QVERIFY(clock.takeJumps().isEmpty());

    // The wall clock set right again: the guarded clock is back on it, with no jump at all.
    base.setNow(clock.now());
    QCOMPARE(clock.now(), base.now());
    QCOMPARE(clock.offset(), 0ms);
}

void TestJumpGuardedClock::monotonicJumpBackKeepsTimePassing()
{
    ManualClock base;
    JumpGuardedClock clock(base);
    base.advance(3600s);
    const QDateTime before = clock.now();
    const milliseconds monotonicBefore = clock.monotonic();
    base.setMonotonic(base.monotonic() - 600s);
    QCOMPARE(clock.now(), before);
    QCOMPARE(clock.monotonic(), monotonicBefore);
    for (int i = 1; i <= 5; ++i) {
        base.advance(1s);
        QCOMPARE(clock.now(), before.addSecs(i));
        QCOMPARE(clock.monotonic(), monotonicBefore + milliseconds {i * 1000});
    }
    QList<JumpGuardedClock::Jump> jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), 1);
    QCOMPARE(jumps.constFirst().source, JumpGuardedClock::Jump::Source::Monotonic);
    QCOMPARE(jumps.constFirst().size, -600000ms);

    // Jumping back while a second passes: the wall clock's second counts, the jump is the rest.
    base.setNow(base.now().addSecs(1));
    base.setMonotonic(base.monotonic() - 599s);
    QCOMPARE(clock.now(), before.addSecs(6));
    jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), 1);
    QCOMPARE(jumps.constFirst().size, -600000ms);
}

void TestJumpGuardedClock::bothClocksJumpingBackHoldTheReading()
{
    ManualClock base;
    JumpGuardedClock clock(base);
    base.advance(3600s);
    const QDateTime before = clock.now();
    base.setNow(base.now().addSecs(-600));
    base.setMonotonic(base.monotonic() - 600s);
    QCOMPARE(clock.now(), before);
    base.advance(2s);
    QCOMPARE(clock.now(), before.addSecs(2));
    const QList<JumpGuardedClock::Jump> jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), 2);
    QCOMPARE(jumps.at(0).source, JumpGuardedClock::Jump::Source::Monotonic);
    QCOMPARE(jumps.at(1).source, JumpGuardedClock::Jump::Source::Wall);
    QCOMPARE(jumps.at(1).size, -600000ms);
}

void TestJumpGuardedClock::pendingJumpsStayBounded()
{
    ManualClock base;
    JumpGuardedClock clock(base);
    (void)clock.now();
    for (int i = 0; i < 1000; ++i) {
        base.setNow(base.now().addSecs(i % 2 ? -60 : 60));
        (void)clock.now();
    }
    const QList<JumpGuardedClock::Jump> jumps = clock.takeJumps();
    QCOMPARE(jumps.size(), JumpGuardedClock::maxPendingJumps);
    milliseconds total {0};
    for (const auto &jump : jumps)
        total += jump.size;
    QCOMPARE(total.count(), qint64 {0}); // nothing lost, only merged
}

void TestJumpGuardedClock::restartGoesOnFromTheRecordedTime_data()
{
    QTest::addColumn<qint64>("stepMs"); // the wall clock's step while the server was stopped
    QTest::addColumn<bool>("reboot"); // the machine restarted too: the downtime cannot be measured
    QTest::addColumn<qint64>("expectedMs"); // the first reading after the restart, from the record
    QTest::addColumn<qint64>("jumpMs"); // the jump reported, 0 for none

    // 30 s stopped. Same machine: the monotonic clock measures the 30 s; 20 % of them catch up.
    QTest::newRow("no step") << qint64 {0} << false << qint64 {30'000} << qint64 {0};
    QTest::newRow("an hour ahead") << qint64 {3'600'000} << false << qint64 {36'000} << qint64 {3'600'000};
    QTest::newRow("10 min back") << qint64 {-600'000} << false << qint64 {30'000} << qint64 {-600'000};
    // After a reboot: the wall clock's move is believed up to 2 s, the rest is a jump.
    QTest::newRow("reboot, an hour ahead") << qint64 {3'600'000} << true << qint64 {2400} << qint64 {3'628'000};
    QTest::newRow("reboot, 10 min back") << qint64 {-600'000} << true << qint64 {0} << qint64 {-570'000};
    QTest::newRow("reboot, 1 s") << qint64 {-29'000} << true << qint64 {1000} << qint64 {0};
}

void TestJumpGuardedClock::restartGoesOnFromTheRecordedTime()
{
    QFETCH(qint64, stepMs);
    QFETCH(bool, reboot);
    QFETCH(qint64, expectedMs);
    QFETCH(qint64, jumpMs);
    ManualClock base;
    ClockReference recorded;
    {
        const JumpGuardedClock before(base);
        base.advance(10s);
        recorded = before.reference();
        QCOMPARE(recorded.referenceMs, base.nowMs());
        QCOMPARE(recorded.monotonicEpoch, base.monotonicEpoch());
    }
    base.advance(30s);
    base.setNow(base.now().addMSecs(stepMs));
    if (reboot) {
        base.setMonotonicEpoch(u"after-reboot"_s);
        base.setMonotonic(5s);
    }
    JumpGuardedClock after(base);
    after.resumeFrom(recorded);
    QCOMPARE(after.nowMs() - recorded.referenceMs, expectedMs);
    const QList<JumpGuardedClock::Jump> jumps = after.takeJumps();
    if (jumpMs == 0) {
        QVERIFY(jumps.isEmpty());
    } else {
        QCOMPARE(jumps.size(), 1);
        QCOMPARE(jumps.constFirst().source, JumpGuardedClock::Jump::Source::Wall);
        QCOMPARE(jumps.constFirst().size.count(), jumpMs);
    }
    // From then on it runs with real time, catching up or held ahead as after any jump.
    const qint64 first = after.nowMs();
    base.advance(10s);
    const qint64 moved = after.nowMs() - first;
    QVERIFY2(moved >= 10'000 && moved <= 12'000, qPrintable(QString::number(moved)));
}

void TestJumpGuardedClock::restartAfterAJumpSeenWhileRunningKeepsCatchingUp()
{
    // The case: the clock is an hour ahead, the server saw it and is catching up, and it
    // restarts. The record carries where it was, so no lease ends at once.
    ManualClock base;
    ClockReference recorded;
    qint64 guardedBefore = 0;
    {
        const JumpGuardedClock before(base);
        (void)before.now();
        base.setNow(base.now().addSecs(3600));
        base.advance(60s);
        guardedBefore = before.nowMs();
        recorded = before.reference();
        QCOMPARE(recorded.referenceMs, guardedBefore);
        QVERIFY(recorded.wallMs - recorded.referenceMs > 3'500'000);
    }
    base.advance(5s);
    JumpGuardedClock after(base);
    after.resumeFrom(recorded);
    QCOMPARE(after.nowMs(), guardedBefore + 6000); // 5 s, and 20 % of them to catch up
    QVERIFY(after.takeJumps().isEmpty()); // seen and reported before the restart
    QVERIFY(after.offset().count() > 3'500'000);
}

QTEST_GUILESS_MAIN(TestJumpGuardedClock)
#include "tst_jumpguardedclock.moc"
