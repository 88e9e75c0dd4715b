#include "ManualClock.h"
#include "SkewedClock.h"
#include "SystemClock.h"

#include <QTest>

#include <thread>

using namespace Qt::StringLiterals;
using namespace keyright;
using namespace std::chrono_literals;

class TestClocks : public QObject
{
    Q_OBJECT

private slots:
    void manualClockStartsAtTheDocumentedInstant();
    void manualClockAdvanceMovesBothReadings_data();
    void manualClockAdvanceMovesBothReadings();
    void manualClockSetNowMovesOnlyTheWallClock_data();
    void manualClockSetNowMovesOnlyTheWallClock();
    void manualClockIsSharedSafelyAcrossThreads();
    void skewedClockAppliesOffset_data();
    void skewedClockAppliesOffset();
    void skewedClockOffsetChangesAtRunTime();
    void skewedClockFollowsItsBase();
    void systemClockReadsUtcAndMovesForward();
    void systemClockEpochNeedsTheKernelsBootClock_data();
    void systemClockEpochNeedsTheKernelsBootClock();
};

void TestClocks::manualClockStartsAtTheDocumentedInstant()
{
    const ManualClock clock;
    QCOMPARE(clock.now(), QDateTime(QDate(2026, 11, 29), QTime(21, 0), Qt::UTC));
    QCOMPARE(clock.now().timeSpec(), Qt::UTC);
    QCOMPARE(clock.nowMs(), qint64 {1795986000000});
    QCOMPARE(clock.monotonic(), 0ms);
}

void TestClocks::manualClockAdvanceMovesBothReadings_data()
{
    QTest::addColumn<QList<qint64>>("stepsMs");
    QTest::newRow("nothing") << QList<qint64> {};
    QTest::newRow("one millisecond") << QList<qint64> {1};
    QTest::newRow("a heartbeat period three times") << QList<qint64> {20000, 20000, 20000};
    QTest::newRow("zero step changes nothing") << QList<qint64> {0, 5, 0};
    QTest::newRow("a day") << QList<qint64> {86400000};
}

void TestClocks::manualClockAdvanceMovesBothReadings()
{
    QFETCH(QList<qint64>, stepsMs);
    const QDateTime start = QDateTime::fromMSecsSinceEpoch(1000000, Qt::UTC);
    ManualClock clock(start);
    qint64 total = 0;
    for (qint64 step : stepsMs) {
        clock.advance(std::chrono::milliseconds(step));
        total += step;
        QCOMPARE(clock.now(), start.addMSecs(total));
        QCOMPARE(clock.monotonic().count(), total);
    }
}

void TestClocks::manualClockSetNowMovesOnlyTheWallClock_data()
{
    QTest::addColumn<qint64>("jumpMs");
    QTest::newRow("user sets the clock an hour ahead") << qint64 {3600000};
    QTest::newRow("user rolls the clock back a day") << qint64 {-86400000};
    QTest::newRow("same instant") << qint64 {0};
}

void TestClocks::manualClockSetNowMovesOnlyTheWallClock()
{
    QFETCH(qint64, jumpMs);
    ManualClock clock;
    clock.advance(1500ms);
    const QDateTime target = clock.now().addMSecs(jumpMs);
    clock.setNow(target);
    QCOMPARE(clock.now(), target);
    QCOMPARE(clock.monotonic(), 1500ms);
    clock.advance(500ms);
    QCOMPARE(clock.now(), target.addMSecs(500));
    QCOMPARE(clock.monotonic(), 2000ms);
}

// A server thread and a test thread share one ManualClock; monotonic() must never run backwards
// for the reader while the writer advances it.
void TestClocks::manualClockIsSharedSafelyAcrossThreads()
{
    ManualClock clock;
    std::thread writer([&clock] {
        for (int i = 0; i < 10000; ++i)
            clock.advance(1ms);
    });
    std::chrono::milliseconds last {0};
    bool ranBackwards = false;
    for (int i = 0; i < 10000; ++i) {
        const auto reading = clock.monotonic();
        ranBackwards = ranBackwards || reading < last;
        last = reading;
    }
    writer.join();
    QVERIFY(!ranBackwards);
    QCOMPARE(clock.monotonic(), 10000ms);
}

void TestClocks::skewedClockAppliesOffset_data()
{
    QTest::addColumn<qint64>("offsetMs");
    QTest::newRow("in sync") << qint64 {0};
    QTest::newRow("5 s fast") << qint64 {5000};
    QTest::newRow("5 s slow") << qint64 {-5000};
    QTest::newRow("rolled back an hour") << qint64 {-3600000};
    QTest::newRow("a day fast") << qint64 {86400000};
}

void TestClocks::skewedClockAppliesOffset()
{
    QFETCH(qint64, offsetMs);
    ManualClock base;
    base.advance(42ms);
    const SkewedClock skewed(base, std::chrono::milliseconds(offsetMs));
    QCOMPARE(skewed.offset().count(), offsetMs);
    QCOMPARE(skewed.now(), base.now().addMSecs(offsetMs));
    QCOMPARE(skewed.now().timeSpec(), Qt::UTC);
    QCOMPARE(skewed.monotonic(), base.monotonic());
}

void TestClocks::skewedClockOffsetChangesAtRunTime()
{
    ManualClock base;
    SkewedClock skewed(base);
    QCOMPARE(skewed.now(), base.now());

    skewed.setOffset(90s);
    QCOMPARE(skewed.offset(), 90s);
    QCOMPARE(skewed.now(), base.now().addSecs(90));
    QCOMPARE(skewed.monotonic(), 0ms);

    skewed.setOffset(-30s);
    QCOMPARE(skewed.now(), base.now().addSecs(-30));
    QCOMPARE(skewed.monotonic(), 0ms);
}

void TestClocks::skewedClockFollowsItsBase()
{
    ManualClock base;
    const SkewedClock skewed(base, 10s);
    base.advance(7s);
    QCOMPARE(skewed.now(), base.now().addSecs(10));
    QCOMPARE(skewed.monotonic(), 7s);
    base.setNow(base.now().addSecs(-3600));
    QCOMPARE(skewed.now(), base.now().addSecs(10));
    QCOMPARE(skewed.monotonic(), 7s);
}

void TestClocks::systemClockReadsUtcAndMovesForward()
{
    const SystemClock &clock = SystemClock::instance();
    QCOMPARE(&SystemClock::instance(), &clock);
    const QDateTime now = clock.now();
    QVERIFY(now.isValid());
    QCOMPARE(now.timeSpec(), Qt::UTC);
    QVERIFY(now.date().year() >= 2024);
    const auto first = clock.monotonic();
    const auto second = clock.monotonic();
    QVERIFY(second >= first);
}

QTEST_GUILESS_MAIN(TestClocks)
void TestClocks::systemClockEpochNeedsTheKernelsBootClock_data()
{
    QTest::addColumn<QString>("bootId");
    QTest::addColumn<qint64>("bootClockMs");
    QTest::addColumn<qint64>("uptimeMs"); // < 0: /proc/uptime unreadable
    QTest::addColumn<QString>("epoch");
    const QString id = u"0f9e2c6a-1d2b-4c3d-8e4f-5a6b7c8d9e0f"_s;
    QTest::newRow("the kernel's clock") << id << qint64(25247778) << qint64(25247770) << u"boot:"_s + id;
    QTest::newRow("a second apart") << id << qint64(25248770) << qint64(25247770) << u"boot:"_s + id;
    // libfaketime '+1 hour' without FAKETIME_DONT_FAKE_MONOTONIC: the boot clock reads the epoch.
    QTest::newRow("faked") << id << qint64(1796194386835) << qint64(25249770) << QString();
    QTest::newRow("faked behind") << id << qint64(1000) << qint64(25249770) << QString();
    QTest::newRow("no uptime") << id << qint64(25247778) << qint64(-1) << QString();
    QTest::newRow("no boot id") << QString() << qint64(25247778) << qint64(25247770) << QString();
}

void TestClocks::systemClockEpochNeedsTheKernelsBootClock()
{
    QFETCH(QString, bootId);
    QFETCH(qint64, bootClockMs);
    QFETCH(qint64, uptimeMs);
    QFETCH(QString, epoch);
    QCOMPARE(SystemClock::epochFor(bootId, bootClockMs, uptimeMs < 0 ? std::nullopt : std::optional(uptimeMs)), epoch);
}

#include "tst_clocks.moc"
