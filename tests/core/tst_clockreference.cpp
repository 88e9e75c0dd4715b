#include "ClockReference.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <vector>

using namespace Qt::StringLiterals;
using namespace keyright;
using namespace keyright::clockreference;

// The shared clock reference (docs/ARCHITECTURE.md, "One now for every instance"): the pure rules
// every instance on a database applies, here on their own. What would break if they did not hold:
// instances deciding with different "now"s, a "now" that goes back, a lease cut short by a step of
// the database's clock, a step reported twice or not at all.
class TestClockReference : public QObject
{
    Q_OBJECT

private slots:
    void followsTheWallClockWhileNothingJumps();
    void extrapolationNeverGoesBackAndBelievesAtMostTheLimit();
    void measuredAdvanceTakesAStepForAJump_data();
    void measuredAdvanceTakesAStepForAJump();
    void unmeasuredAdvanceBelievesAtMostTheLimit();
    void advanceNeverFallsBelowWhatReadersUsedOrTheFloor();
    void measurementJitterNeverAddsUp();
    void threeInstancesThroughStepsShareOneNow();
};

namespace {

constexpr qint64 t0 = 1'795'986'000'000; // 2026-11-30, as the ManualClock's default

ClockReference record(qint64 reference, qint64 wall, qint64 monotonic = 0, const QString &epoch = u"boot-a"_s)
{
    return ClockReference {reference, wall, monotonic, epoch};
}

} // namespace

void TestClockReference::followsTheWallClockWhileNothingJumps()
{
    ClockReference last = record(t0, t0, 1000);
    for (int step = 1; step <= 20; ++step) {
        const qint64 wall = t0 + step * 700;
        QCOMPARE(extrapolate(last, wall), wall);
        const Advance next = advance(last, wall, 1000 + step * 700, u"boot-a"_s);
        QCOMPARE(next.next.referenceMs, wall);
        QCOMPARE(next.jumpMs, 0);
        QVERIFY(next.measured);
        last = next.next;
    }
}

void TestClockReference::extrapolationNeverGoesBackAndBelievesAtMostTheLimit()
{
    const ClockReference last = record(t0, t0);
    // The wall clock went back: "now" stays where the record left it.
    QCOMPARE(extrapolate(last, t0 - 600'000), t0);
    // It went 10 min forward: believed up to the limit, plus the catch-up that allows.
    QCOMPARE(extrapolate(last, t0 + 600'000), t0 + unmeasuredLimitMs + unmeasuredLimitMs * catchUpPercent / 100);
    // Never less for a later reading, whatever the record.
    const ClockReference behind = record(t0 - 300'000, t0);
    const ClockReference ahead = record(t0 + 300'000, t0);
    for (const ClockReference &r : {last, behind, ahead}) {
        qint64 previous = extrapolate(r, t0 - 5000);
        for (qint64 wall = t0 - 5000; wall < t0 + 10'000; wall += 37) {
            const qint64 now = extrapolate(r, wall);
            QVERIFY2(now >= previous, qPrintable(u"at wall %1: %2 after %3"_s.arg(wall).arg(now).arg(previous)));
            QVERIFY(now >= r.referenceMs);
            previous = now;
        }
    }
}

void TestClockReference::measuredAdvanceTakesAStepForAJump_data()
{
    QTest::addColumn<qint64>("stepMs");
    QTest::newRow("10 min forward") << qint64(600'000);
    QTest::newRow("20 min back") << qint64(-1'200'000);
    QTest::newRow("4 s forward") << qint64(4000);
}

void TestClockReference::measuredAdvanceTakesAStepForAJump()
{
    QFETCH(qint64, stepMs);
    // One second of real time on the same monotonic clock, the wall clock stepped meanwhile.
    const ClockReference last = record(t0, t0, 50'000);
    const Advance next = advance(last, t0 + 1000 + stepMs, 51'000, u"boot-a"_s);
    QVERIFY(next.measured);
    QCOMPARE(next.jumpMs, stepMs);
    // "Now" moved by the real second (plus what readers of the record may already have taken for a
    // step forward: at most the limit and its catch-up), never by the step.
    if (stepMs > 0) {
        QVERIFY(next.next.referenceMs >= t0 + 1000);
        QVERIFY(next.next.referenceMs <= t0 + std::max<qint64>(1200, extrapolate(last, t0 + 1000 + stepMs) - t0));
    } else {
        QCOMPARE(next.next.referenceMs, t0 + 1000);
    }
    QCOMPARE(next.next.wallMs, t0 + 1000 + stepMs);
    // The next second catches up at most 20 % faster than real time, or holds ahead.
    const Advance after = advance(next.next, t0 + 2000 + stepMs, 52'000, u"boot-a"_s);
    QCOMPARE(after.jumpMs, 0);
    const qint64 moved = after.next.referenceMs - next.next.referenceMs;
    if (stepMs > 0 && next.next.wallMs > next.next.referenceMs + 200)
        QCOMPARE(moved, 1200);
    else if (stepMs < 0)
        QCOMPARE(moved, 1000);
}

void TestClockReference::unmeasuredAdvanceBelievesAtMostTheLimit()
{
    // Recorded by another machine (or before a reboot): its monotonic reading means nothing here.
    const ClockReference last = record(t0, t0, 50'000, u"boot-a"_s);
    const Advance restarted = advance(last, t0 + 3'600'000, 10, u"boot-b"_s);
    QVERIFY(!restarted.measured);
    QCOMPARE(restarted.next.referenceMs, t0 + unmeasuredLimitMs + unmeasuredLimitMs * catchUpPercent / 100);
    QCOMPARE(restarted.jumpMs, 3'600'000 - unmeasuredLimitMs);
    QCOMPARE(restarted.next.monotonicEpoch, u"boot-b"_s);
    // An unknown epoch is never taken for the same clock, nor is a monotonic clock gone back.
    QVERIFY(!measuredElapsed(record(t0, t0, 0, QString()), 100, QString()));
    QVERIFY(!measuredElapsed(last, 49'000, u"boot-a"_s));
    QCOMPARE(*measuredElapsed(last, 50'500, u"boot-a"_s), 500);
    // A wall clock gone back: "now" holds, the step is a jump back.
    const Advance back = advance(last, t0 - 600'000, 10, u"boot-b"_s);
    QCOMPARE(back.next.referenceMs, t0);
    QCOMPARE(back.jumpMs, -600'000);
}

void TestClockReference::advanceNeverFallsBelowWhatReadersUsedOrTheFloor()
{
    const ClockReference last = record(t0, t0, 50'000);
    // A step forward that readers already extrapolated from, before a measured advance saw it.
    const qint64 wall = t0 + 600'000;
    const Advance next = advance(last, wall, 50'100, u"boot-a"_s);
    QVERIFY(next.next.referenceMs >= extrapolate(last, wall));
    // A floor: a license was decided with a later "now".
    const Advance floored = advance(last, t0 + 100, 50'100, u"boot-a"_s, t0 + 9000);
    QCOMPARE(floored.next.referenceMs, t0 + 9000);
}

// Three instances on one machine (one monotonic clock) advance the record in turn; each reads its
// monotonic clock a little after the database's clock, never at the same instant. Over an hour of
// advances "now" keeps the database clock's pace exactly: the jitter never adds up into a drift.
void TestClockReference::measurementJitterNeverAddsUp()
{
    QRandomGenerator random(31);
    ClockReference shared = record(t0, t0, 0, u"one-machine"_s);
    qint64 real = 0;
    for (int i = 0; i < 3 * 3600; ++i) {
        real += 250 + random.bounded(150);
        const qint64 late = random.bounded(agreementMs); // the monotonic reading, after the wall's
        const Advance next = advance(shared, t0 + real, real + late, u"one-machine"_s);
        QVERIFY(next.measured);
        QVERIFY(qAbs(next.jumpMs) <= agreementMs);
        shared = next.next;
    }
    QCOMPARE(shared.referenceMs, t0 + real);
    // Not measurable (the two readings too far apart): the wall clock is believed as far as the
    // limit, as with no measurement at all.
    const Advance unmeasurable = advance(shared, t0 + real + 1000, real + 5000, u"one-machine"_s, 0, false);
    QVERIFY(!unmeasurable.measured);
    QCOMPARE(unmeasurable.next.referenceMs, t0 + real + 1000);
    QCOMPARE(unmeasurable.next.monotonicMs, real + 5000);
}

// Three instances, each with its own monotonic clock (its own machine), advancing the record in
// turn once a second with jitter, while the database's clock steps +10 min, -20 min and back.
// Readers between advances all compute "now" from the record alone. What must hold at every
// moment: "now" never goes back; it never runs more than 20 % faster than real time beyond the
// limit at a step; after the steps it runs at real speed; a lease signed for a TTL at any moment
// lasts at least TTL / 1.2 minus the limit of real time.
void TestClockReference::threeInstancesThroughStepsShareOneNow()
{
    QRandomGenerator random(24);
    qint64 real = 0; // ms of real time since the start
    const auto databaseWall = [&](qint64 at) {
        qint64 offset = 0;
        if (at >= 20'000 && at < 80'000)
            offset = 600'000;
        else if (at >= 80'000 && at < 120'000)
            offset = -600'000;
        return t0 + at + offset;
    };
    const QString epochs[] = {u"a"_s, u"b"_s, u"c"_s};
    const qint64 monotonicStart[] = {5'000'000, 17, 123'456};
    ClockReference shared = record(t0, t0, monotonicStart[0], epochs[0]);
    qint64 lastNow = t0;
    qint64 lastReal = 0;
    int jumpsSeen = 0;
    struct Lease
    {
        qint64 signedAtReal;
        qint64 expiresAt;
    };
    std::vector<Lease> leases;
    while (real < 180'000) {
        real += 50 + random.bounded(300);
        const qint64 wall = databaseWall(real);
        // A reader decides.
        const qint64 now = std::max(extrapolate(shared, wall), lastNow);
        QVERIFY2(now >= lastNow, "now went back");
        const qint64 realStep = real - lastReal;
        QVERIFY2(now - lastNow <= realStep * 12 / 10 + unmeasuredLimitMs * 12 / 10,
                 qPrintable(u"now moved %1 ms in %2 ms of real time"_s.arg(now - lastNow).arg(realStep)));
        for (const Lease &lease : leases) {
            // Counted dead only after TTL / 1.2 minus the limit's worth of real time.
            if (now > lease.expiresAt)
                QVERIFY2(real - lease.signedAtReal >= 10'000 * 10 / 12 - unmeasuredLimitMs * 12 / 10,
                         qPrintable(u"a lease signed at %1 ms died at %2 ms"_s.arg(lease.signedAtReal).arg(real)));
        }
        std::erase_if(leases, [&](const Lease &lease) { return now > lease.expiresAt; });
        if (random.bounded(4) == 0)
            leases.push_back(Lease {real, now + 10'000});
        lastNow = now;
        lastReal = real;
        // Every now and then one of the instances advances the record.
        if (random.bounded(3) == 0) {
            const int who = int(random.bounded(3));
            const Advance next = advance(shared, wall, monotonicStart[who] + real, epochs[who], lastNow);
            QVERIFY(next.next.referenceMs >= shared.referenceMs);
            if (qAbs(next.jumpMs) > 5000)
                ++jumpsSeen;
            shared = next.next;
        }
    }
    QCOMPARE(jumpsSeen, 3);
    // After the last step the reference was left ahead of the database's clock (it never goes
    // back) and runs at real speed.
    QVERIFY(lastNow >= databaseWall(real) - 500);
}

QTEST_GUILESS_MAIN(TestClockReference)
#include "tst_clockreference.moc"
