#include "LeasePredicate.h"
#include "ManualClock.h"

#include <QTest>

#include <limits>

using namespace keyright;
using namespace std::chrono_literals;

namespace {

const QDateTime expiry = QDateTime::fromMSecsSinceEpoch(1795986060000, Qt::UTC); // 2026-11-29T21:01:00.000Z

} // namespace

class TestLeasePredicate : public QObject
{
    Q_OBJECT

private slots:
    void liveness_data();
    void liveness();
    void reapability_data();
    void reapability();
    void reapableAtIsFirstReapableInstant_data();
    void reapableAtIsFirstReapableInstant();
    void reapableRowIsNeverLiveWhenGraceExceedsSkew();
    void graceNotAboveSkewWouldReapLiveRows();
    void leaseLapsesAsManualClockAdvances();
    void invalidExpiryFreesTheSeat();
    void earliestLiveExpiryIsTheBoundary_data();
    void earliestLiveExpiryIsTheBoundary();
};

void TestLeasePredicate::liveness_data()
{
    QTest::addColumn<qint64>("skewMs");
    QTest::addColumn<qint64>("nowMinusExpiryMs");
    QTest::addColumn<bool>("live");

    QTest::newRow("long before expiry") << qint64 {5000} << qint64 {-60000} << true;
    QTest::newRow("1 ms before expiry") << qint64 {5000} << qint64 {-1} << true;
    QTest::newRow("at expiresAt") << qint64 {5000} << qint64 {0} << true;
    QTest::newRow("inside the skew") << qint64 {5000} << qint64 {2500} << true;
    QTest::newRow("at expiresAt + skew exactly") << qint64 {5000} << qint64 {5000} << true;
    QTest::newRow("1 ms after expiresAt + skew") << qint64 {5000} << qint64 {5001} << false;
    QTest::newRow("an hour after") << qint64 {5000} << qint64 {3600000} << false;
    QTest::newRow("no skew, at expiresAt") << qint64 {0} << qint64 {0} << true;
    QTest::newRow("no skew, 1 ms after") << qint64 {0} << qint64 {1} << false;
    QTest::newRow("10 min skew, at the edge") << qint64 {600000} << qint64 {600000} << true;
    QTest::newRow("10 min skew, 1 ms past") << qint64 {600000} << qint64 {600001} << false;
}

void TestLeasePredicate::liveness()
{
    QFETCH(qint64, skewMs);
    QFETCH(qint64, nowMinusExpiryMs);
    QFETCH(bool, live);

    const QDateTime now = expiry.addMSecs(nowMinusExpiryMs);
    QCOMPARE(isLive(expiry, now, std::chrono::milliseconds(skewMs)), live);

    SeatLease lease;
    lease.expiresAt = expiry;
    QCOMPARE(isLive(lease, now, std::chrono::milliseconds(skewMs)), live);
}

void TestLeasePredicate::reapability_data()
{
    QTest::addColumn<qint64>("graceMs");
    QTest::addColumn<qint64>("nowMinusExpiryMs");
    QTest::addColumn<bool>("reapable");

    QTest::newRow("before expiry") << qint64 {15000} << qint64 {-1} << false;
    QTest::newRow("at expiresAt") << qint64 {15000} << qint64 {0} << false;
    QTest::newRow("inside the grace") << qint64 {15000} << qint64 {14999} << false;
    QTest::newRow("at expiresAt + grace exactly") << qint64 {15000} << qint64 {15000} << false;
    QTest::newRow("1 ms after expiresAt + grace") << qint64 {15000} << qint64 {15001} << true;
    QTest::newRow("a day after") << qint64 {15000} << qint64 {86400000} << true;
}

void TestLeasePredicate::reapability()
{
    QFETCH(qint64, graceMs);
    QFETCH(qint64, nowMinusExpiryMs);
    QFETCH(bool, reapable);

    const QDateTime now = expiry.addMSecs(nowMinusExpiryMs);
    QCOMPARE(isReapable(expiry, now, std::chrono::milliseconds(graceMs)), reapable);

    SeatLease lease;
    lease.expiresAt = expiry;
    QCOMPARE(isReapable(lease, now, std::chrono::milliseconds(graceMs)), reapable);
}

void TestLeasePredicate::reapableAtIsFirstReapableInstant_data()
{
    QTest::addColumn<qint64>("graceMs");
    QTest::newRow("grace 1 ms") << qint64 {1};
    QTest::newRow("grace 5 s") << qint64 {5000};
    QTest::newRow("grace 15 s") << qint64 {15000};
    QTest::newRow("grace 24 h") << qint64 {86400000};
}

void TestLeasePredicate::reapableAtIsFirstReapableInstant()
{
    QFETCH(qint64, graceMs);
    const std::chrono::milliseconds grace(graceMs);

    const QDateTime first = reapableAt(expiry, grace);
    QCOMPARE(first, expiry.addMSecs(graceMs + 1));
    QVERIFY(isReapable(expiry, first, grace));
    QVERIFY(!isReapable(expiry, first.addMSecs(-1), grace));
}

// The design's safety argument, checked on every point of a small grid rather than argued: with
// reapGrace > skew, a row the reaper may delete is never one the counter still counts.
void TestLeasePredicate::reapableRowIsNeverLiveWhenGraceExceedsSkew()
{
    int reapableRows = 0;
    for (qint64 skew = 0; skew <= 6; ++skew) {
        for (qint64 grace = skew + 1; grace <= 10; ++grace) {
            for (qint64 offset = -5; offset <= 15; ++offset) {
                const QDateTime now = expiry.addMSecs(offset);
                if (!isReapable(expiry, now, std::chrono::milliseconds(grace)))
                    continue;
                ++reapableRows;
                QVERIFY2(!isLive(expiry, now, std::chrono::milliseconds(skew)),
                         qPrintable(QStringLiteral("skew %1 grace %2 offset %3").arg(skew).arg(grace).arg(offset)));
            }
        }
    }
    QVERIFY(reapableRows > 0); // the grid must actually reach the reapable region
}

// Why SeatPolicy insists on reapGrace > skew: with grace == skew - 1 there is a window where the
// reaper would delete a row that still holds a seat.
void TestLeasePredicate::graceNotAboveSkewWouldReapLiveRows()
{
    const auto skew = 5000ms;
    const auto grace = 4000ms;
    const QDateTime now = expiry.addMSecs(4500);
    QVERIFY(isLive(expiry, now, skew));
    QVERIFY(isReapable(expiry, now, grace));
}

void TestLeasePredicate::leaseLapsesAsManualClockAdvances()
{
    ManualClock clock(expiry.addSecs(-60));
    SeatLease lease;
    lease.issuedAt = clock.now();
    lease.expiresAt = expiry;
    const auto skew = 5s;
    const auto grace = 15s;

    QVERIFY(isLive(lease, clock.now(), skew));
    clock.advance(65s); // exactly expiresAt + skew
    QVERIFY(isLive(lease, clock.now(), skew));
    clock.advance(1ms);
    QVERIFY(!isLive(lease, clock.now(), skew));
    QVERIFY(!isReapable(lease, clock.now(), grace));
    clock.advance(10s); // expiresAt + 15.001 s
    QVERIFY(isReapable(lease, clock.now(), grace));
}

void TestLeasePredicate::invalidExpiryFreesTheSeat()
{
    const QDateTime now = expiry;
    QVERIFY(!isLive(QDateTime(), now, 5s));
    QVERIFY(isReapable(QDateTime(), now, 15s));
    QVERIFY(!reapableAt(QDateTime(), 15s).isValid());
}

void TestLeasePredicate::earliestLiveExpiryIsTheBoundary_data()
{
    QTest::addColumn<qint64>("skewMs");
    QTest::newRow("no skew") << qint64 {0};
    QTest::newRow("5 s") << qint64 {5000};
    QTest::newRow("an hour") << qint64 {3'600'000};
    QTest::newRow("past the epoch's range") << std::numeric_limits<qint64>::max();
}

// A store counting live rows with `expires_at >= bound` counts exactly the rows isLive() counts:
// the bound is live, one millisecond before it is not.
void TestLeasePredicate::earliestLiveExpiryIsTheBoundary()
{
    QFETCH(qint64, skewMs);
    const std::chrono::milliseconds skew(skewMs);
    const QDateTime now = expiry.addSecs(30);
    const qint64 bound = earliestLiveExpiryMs(now, skew);
    if (bound == std::numeric_limits<qint64>::min()) {
        // Everything is live: the oldest expiry a row can carry too.
        QVERIFY(isLive(QDateTime::fromMSecsSinceEpoch(0, Qt::UTC), now, skew));
        return;
    }
    QCOMPARE(bound, now.toMSecsSinceEpoch() - skewMs);
    QVERIFY(isLive(QDateTime::fromMSecsSinceEpoch(bound, Qt::UTC), now, skew));
    QVERIFY(!isLive(QDateTime::fromMSecsSinceEpoch(bound - 1, Qt::UTC), now, skew));
}

QTEST_GUILESS_MAIN(TestLeasePredicate)
#include "tst_leasepredicate.moc"
