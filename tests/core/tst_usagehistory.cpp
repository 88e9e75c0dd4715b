// Usage history (issue 25): the buckets of a license's usage, computed exactly. The hand-made cases
// are what a license admin would check on paper (a one-second peak is found, three seats for an
// hour are three seat-hours, a retry served within 15 minutes is no true denial...). The property
// test plays several days of random activity against a brute-force recomputation written here
// independently: it walks every second of each bucket and counts the live spans by direct test.
// It also checks that merged minutes equal their hour and merged hours their day, field by field.

#include "UsageHistory.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace keyright::usage;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 second = 1000;
constexpr qint64 minute = 60 * second;
constexpr qint64 hour = 60 * minute;
constexpr qint64 day = 24 * hour;

// Monday 2026-11-30, 09:00 UTC: the start of the hour the hand-made cases look at.
const qint64 t9 = QDateTime::fromString(u"2026-11-30T09:00:00.000Z"_s, Qt::ISODateWithMs).toMSecsSinceEpoch();

SeatSpan seat(const QString &holder, qint64 startMs, qint64 endMs = openEnd, const QString &reservation = {})
{
    static int next = 0;
    return SeatSpan {u"seat-%1"_s.arg(++next), holder, reservation, startMs, endMs};
}

// The activity a checkout counter would record for these seats: a grant at each seat's start.
LicenseActivity withGrants(LicenseActivity activity)
{
    for (const SeatSpan &span : std::as_const(activity.seats))
        activity.grants.append(Grant {span.startMs, span.holder});
    std::sort(activity.grants.begin(), activity.grants.end(),
              [](const Grant &a, const Grant &b) { return a.timeMs < b.timeMs; });
    return activity;
}

// A license with these seats and seat counts, each seat granted at its start.
LicenseActivity seatsOf(const QList<SeatSpan> &seats, const QList<Change> &seatCount)
{
    LicenseActivity activity;
    activity.seats = seats;
    activity.seatCount = seatCount;
    return withGrants(activity);
}

QString ms(qint64 value)
{
    if (value == openEnd)
        return u"open"_s;
    return QDateTime::fromMSecsSinceEpoch(value, Qt::UTC).toString(Qt::ISODateWithMs);
}

template <typename Map>
QString mapText(const Map &map)
{
    QStringList parts;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        parts.append(u"%1=%2"_s.arg(it.key()).arg(it.value()));
    return u"{"_s + parts.join(u", "_s) + u"}"_s;
}

// The fields where two buckets differ, in words; empty when they are equal.
QString difference(const Bucket &actual, const Bucket &expected)
{
    QStringList out;
    auto field = [&out](const char *name, const auto &a, const auto &e, const QString &aText, const QString &eText) {
        if (!(a == e))
            out.append(u"%1: got %2, expected %3"_s.arg(QLatin1StringView(name), aText, eText));
    };
    auto number
        = [&field](const char *name, qint64 a, qint64 e) { field(name, a, e, QString::number(a), QString::number(e)); };
    number("startMs", actual.startMs, expected.startMs);
    number("lengthMs", actual.lengthMs, expected.lengthMs);
    number("seatsOwned", actual.seatsOwned, expected.seatsOwned);
    number("ownedSeatMs", actual.ownedSeatMs, expected.ownedSeatMs);
    number("peak", actual.peak, expected.peak);
    field("peakAtMs", actual.peakAtMs, expected.peakAtMs, ms(actual.peakAtMs), ms(expected.peakAtMs));
    number("usedSeatMs", actual.usedSeatMs, expected.usedSeatMs);
    field("levelMs", actual.levelMs, expected.levelMs, mapText(actual.levelMs), mapText(expected.levelMs));
    field("reservedIdleSeatMs", actual.reservedIdleSeatMs, expected.reservedIdleSeatMs,
          mapText(actual.reservedIdleSeatMs), mapText(expected.reservedIdleSeatMs));
    number("waitingPeak", actual.waitingPeak, expected.waitingPeak);
    number("longestWaitMs", actual.longestWaitMs, expected.longestWaitMs);
    number("granted", actual.granted, expected.granted);
    field("denials", actual.denials, expected.denials, mapText(actual.denials), mapText(expected.denials));
    number("trueDenials", actual.trueDenials, expected.trueDenials);
    field("holderSeatMs", actual.holderSeatMs, expected.holderSeatMs, mapText(actual.holderSeatMs),
          mapText(expected.holderSeatMs));
    number("borrowRecorded", actual.borrowRecorded, expected.borrowRecorded);
    number("borrowedSeatMs", actual.borrowedSeatMs, expected.borrowedSeatMs);
    number("borrowedPeak", actual.borrowedPeak, expected.borrowedPeak);
    number("borrowedAtPeak", actual.borrowedAtPeak, expected.borrowedAtPeak);
    if (out.isEmpty() && !(actual == expected))
        out.append(u"operator== differs although every field is equal"_s);
    return out.join(u"; "_s);
}

// ---- The brute force: every second of a bucket, every span tested directly. ----

// A step function's value at `ms`, read the plain way: the last change at or before it, the first
// one when all come later.
int stepAt(const QList<Change> &changes, qint64 ms)
{
    if (changes.isEmpty())
        return 0;
    qsizetype last = -1;
    for (qsizetype i = 0; i < changes.size(); ++i) {
        if (changes.at(i).fromMs <= ms)
            last = i;
    }
    return changes.at(last < 0 ? 0 : last).value;
}

template <typename Span>
bool liveAt(const Span &span, qint64 ms)
{
    return span.startMs <= ms && ms < span.endMs;
}

bool trueDenialByScan(const LicenseActivity &activity, const Refusal &refusal)
{
    for (const Grant &grant : activity.grants) {
        if (grant.holder == refusal.holder && grant.timeMs > refusal.timeMs
            && grant.timeMs <= refusal.timeMs + activity.trueDenialWindowMs)
            return false;
    }
    return true;
}

// Exact only when every time in the activity is on a whole second, which the property test's
// activity is: then nothing changes inside a second.
Bucket bruteForce(const LicenseActivity &activity, qint64 startMs, qint64 lengthMs, bool withHolders)
{
    Bucket b;
    b.startMs = startMs;
    b.lengthMs = lengthMs;
    b.peakAtMs = startMs;
    b.seatsOwned = stepAt(activity.seatCount, startMs + lengthMs - second);
    QMap<QString, int> groupLive;
    for (qint64 s = startMs; s < startMs + lengthMs; s += second) {
        b.ownedSeatMs += stepAt(activity.seatCount, s) * second;
        int live = 0;
        int borrowed = 0;
        groupLive.clear();
        for (const SeatSpan &span : activity.seats) {
            if (!liveAt(span, s))
                continue;
            ++live;
            if (span.borrowed)
                ++borrowed;
            groupLive[span.reservation] += 1;
            if (withHolders)
                b.holderSeatMs[span.holder] += second;
        }
        b.usedSeatMs += live * second;
        // No level before the license existed (it owned no seats then).
        if (activity.seatCount.isEmpty() || stepAt(activity.seatCount, s) > 0)
            b.levelMs[live] += second;
        b.borrowedSeatMs += borrowed * second;
        b.borrowedPeak = std::max(b.borrowedPeak, borrowed);
        if (live > b.peak) {
            b.peak = live;
            b.peakAtMs = s;
            b.borrowedAtPeak = borrowed;
        }
        for (auto it = activity.reserved.cbegin(); it != activity.reserved.cend(); ++it) {
            const int idle = stepAt(it.value(), s) - groupLive.value(it.key());
            if (idle > 0)
                b.reservedIdleSeatMs[it.key()] += idle * second;
        }
        int waiting = 0;
        for (const WaitSpan &wait : activity.waits) {
            if (!liveAt(wait, s))
                continue;
            ++waiting;
            // Waited up to the end of this second so far.
            b.longestWaitMs = std::max(b.longestWaitMs, s + second - wait.startMs);
        }
        b.waitingPeak = std::max(b.waitingPeak, waiting);
    }
    for (const Grant &grant : activity.grants) {
        if (startMs <= grant.timeMs && grant.timeMs < startMs + lengthMs)
            ++b.granted;
    }
    for (const Refusal &refusal : activity.refusals) {
        if (refusal.timeMs < startMs || refusal.timeMs >= startMs + lengthMs)
            continue;
        b.denials[refusal.reason] += 1;
        if (trueDenialByScan(activity, refusal))
            ++b.trueDenials;
    }
    return b;
}

// ---- Random activity: several days of one license, on whole seconds. ----

struct Generated
{
    LicenseActivity activity;
    qint64 firstDayMs = 0;
    int days = 0;
};

Generated randomActivity(QRandomGenerator &random, int license, qint64 firstDayMs, int days)
{
    Generated g;
    g.firstDayMs = firstDayMs;
    g.days = days;
    LicenseActivity &a = g.activity;
    const qint64 from = firstDayMs - 2 * hour; // some activity starts before the first bucket
    const qint64 to = firstDayMs + days * day + 2 * hour; // and some reaches past the last
    auto at = [&random](qint64 lo, qint64 hi) { return lo + qint64(random.bounded(int((hi - lo) / second))) * second; };

    QStringList holders;
    const int holderCount = 3 + random.bounded(6);
    for (int i = 0; i < holderCount; ++i)
        holders.append(u"user%1@ws-%2"_s.arg(i).arg(license));
    const QStringList groups {u"design"_s, u"render"_s};

    // Seats: mostly minutes to hours, some of a second or a few, a few still open, some crossing
    // midnight; a third from a reservation.
    const int seatCount = 60 + random.bounded(120);
    for (int i = 0; i < seatCount; ++i) {
        const qint64 start = at(from, to);
        qint64 length = 0;
        switch (random.bounded(6)) {
        case 0:
            length = (1 + random.bounded(3)) * second; // a blip
            break;
        case 1:
            length = qint64(random.bounded(3 * 60)) * second; // up to three minutes (maybe zero)
            break;
        case 2:
            length = qint64(random.bounded(10 * 3600)) * second; // up to ten hours
            break;
        default:
            length = qint64(random.bounded(90 * 60)) * second; // up to an hour and a half
            break;
        }
        const bool open = random.bounded(25) == 0;
        QString reservation;
        if (random.bounded(3) == 0)
            reservation = groups.at(random.bounded(2));
        a.seats.append(SeatSpan {u"s%1"_s.arg(i), holders.at(random.bounded(holderCount)), reservation, start,
                                 open ? openEnd : start + length});
        a.seats.last().borrowed = random.bounded(5) == 0; // a laptop away (issue 27)
    }
    // Back-to-back seats: one released and the next taken in the same millisecond.
    for (int i = 0; i < 8; ++i) {
        const SeatSpan before = a.seats.at(random.bounded(int(a.seats.size())));
        if (before.endMs == openEnd)
            continue;
        a.seats.append(SeatSpan {u"b%1"_s.arg(i), holders.at(random.bounded(holderCount)), before.reservation,
                                 before.endMs, before.endMs + qint64(1 + random.bounded(600)) * second});
    }
    for (const SeatSpan &span : std::as_const(a.seats))
        a.grants.append(Grant {span.startMs, span.holder});

    // Refusals: random ones, and retries served just inside and just outside the window.
    const QStringList reasons {u"no_seats_available"_s, u"holder_not_allowed"_s, u"group_cap_reached"_s,
                               u"holder_blocked"_s};
    for (int i = 0; i < 40 + random.bounded(40); ++i) {
        const Refusal refusal {at(from, to), holders.at(random.bounded(holderCount)),
                               reasons.at(random.bounded(int(reasons.size())))};
        a.refusals.append(refusal);
        switch (random.bounded(5)) {
        case 3: // served in the very millisecond of the refusal, not after it: a true denial
            a.grants.append(Grant {refusal.timeMs, refusal.holder});
            break;
        case 0: // served exactly at the window's end: not a true denial
            a.grants.append(Grant {refusal.timeMs + a.trueDenialWindowMs, refusal.holder});
            break;
        case 1: // served a second too late: a true denial
            a.grants.append(Grant {refusal.timeMs + a.trueDenialWindowMs + second, refusal.holder});
            break;
        case 2: // someone else served in the window: still a true denial
            a.grants.append(
                Grant {refusal.timeMs + 5 * minute, holders.at((holders.indexOf(refusal.holder) + 1) % holderCount)});
            break;
        default:
            break;
        }
    }
    std::sort(a.grants.begin(), a.grants.end(), [](const Grant &x, const Grant &y) { return x.timeMs < y.timeMs; });

    // Waits: some served, some gone, a few still waiting, some over an hour.
    for (int i = 0; i < 20 + random.bounded(30); ++i) {
        const qint64 start = at(from, to);
        const bool open = random.bounded(15) == 0;
        const qint64 length = (1 + qint64(random.bounded(random.bounded(2) ? 600 : 2 * 3600))) * second;
        a.waits.append(WaitSpan {u"t%1"_s.arg(i), holders.at(random.bounded(holderCount)), start,
                                 open ? openEnd : start + length, random.bounded(2) == 0});
    }

    // The seat count and the reservations change now and then; the first change may come after
    // the first bucket starts (then it applies before it too).
    auto changes = [&](int maxValue) {
        QList<Change> list;
        qint64 t = at(from, firstDayMs + 6 * hour);
        const int n = 1 + random.bounded(6);
        for (int i = 0; i < n; ++i) {
            // Now and then on a bucket boundary, still after the change before (they ascend).
            if (random.bounded(3) == 0 && (list.isEmpty() || t - t % hour > list.last().fromMs))
                t -= t % hour;
            list.append(Change {t, random.bounded(maxValue + 1)});
            t += qint64(1 + random.bounded(20 * 3600)) * second;
        }
        return list;
    };
    a.seatCount = changes(20);
    for (const QString &group : groups)
        a.reserved.insert(group, changes(6));
    return g;
}

} // namespace

class TestUsageHistory : public QObject
{
    Q_OBJECT

private slots:
    void onePeakSecondBetweenTwoMinutesOfTwoSeatsIsFound();
    void threeSeatsForAnHourAreThreeSeatHours();
    void releaseAndGrantInOneMillisecondIsNoPeak();
    void crashedSeatCountsUntilItsLeaseRunsOut();
    void seatCountAtTheBucketsLastMillisecond();
    void idleReservedSeatsPerGroup();
    void waitsAndTheLongestWaitAcrossABucketBoundary();
    void trueDenialsAreRefusalsNotServedWithinTheWindow();
    void denialsByReason();
    void randomActivityMatchesBruteForce();
    void aLicenseMadeInsideTheBucketHasNoLevelBeforeIt();
};

void TestUsageHistory::onePeakSecondBetweenTwoMinutesOfTwoSeatsIsFound()
{
    // Two seats from 09:10 to 09:12, and a third for one second at 09:11:00.
    const LicenseActivity activity = seatsOf({seat(u"alice"_s, t9 + 10 * minute, t9 + 12 * minute),
                                              seat(u"bob"_s, t9 + 10 * minute, t9 + 12 * minute),
                                              seat(u"carol"_s, t9 + 11 * minute, t9 + 11 * minute + second)},
                                             {{0, 5}});

    const Bucket hourBucket = computeBucket(activity, t9, hour, false);
    QCOMPARE(hourBucket.peak, 3);
    QCOMPARE(ms(hourBucket.peakAtMs), ms(t9 + 11 * minute));
    QCOMPARE(hourBucket.levelMs, (QMap<int, qint64> {{0, 58 * minute}, {2, 2 * minute - second}, {3, second}}));
    QCOMPARE(hourBucket.usedSeatMs, 2 * 2 * minute + second);
    QCOMPARE(hourBucket.granted, 3);

    // The minute of 09:11 has it too, the minute before only two seats, and their hour merged from
    // its minutes is the hour.
    const Bucket at1111 = computeBucket(activity, t9 + 11 * minute, minute, false);
    QCOMPARE(at1111.peak, 3);
    QCOMPARE(ms(at1111.peakAtMs), ms(t9 + 11 * minute));
    const Bucket at1110 = computeBucket(activity, t9 + 10 * minute, minute, false);
    QCOMPARE(at1110.peak, 2);
    QCOMPARE(ms(at1110.peakAtMs), ms(t9 + 10 * minute));
    QList<Bucket> minutes;
    for (int m = 0; m < 60; ++m)
        minutes.append(computeBucket(activity, t9 + m * minute, minute, false));
    const QString diff = difference(merge(minutes), hourBucket);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));

    // A quiet minute peaks at 0 at its start.
    const Bucket quiet = computeBucket(activity, t9 + 30 * minute, minute, false);
    QCOMPARE(quiet.peak, 0);
    QCOMPARE(ms(quiet.peakAtMs), ms(t9 + 30 * minute));
}

void TestUsageHistory::threeSeatsForAnHourAreThreeSeatHours()
{
    // Three seats held from before 09:00 to after 10:00 (one still open), out of five owned.
    const LicenseActivity activity
        = seatsOf({seat(u"alice"_s, t9 - 20 * minute, t9 + 70 * minute), seat(u"bob"_s, t9 - hour, t9 + 2 * hour),
                   seat(u"carol"_s, t9 - 5 * minute)},
                  {{t9 - day, 5}});
    const Bucket b = computeBucket(activity, t9, hour, true);
    QCOMPARE(b.usedSeatHours(), 3.0);
    QCOMPARE(b.usedSeatMs, 3 * hour);
    QCOMPARE(b.peak, 3);
    QCOMPARE(ms(b.peakAtMs), ms(t9));
    QCOMPARE(b.levelMs, (QMap<int, qint64> {{3, hour}}));
    QCOMPARE(b.seatsOwned, 5);
    QCOMPARE(b.ownedSeatMs, 5 * hour);
    QCOMPARE(b.granted, 0); // all granted before 09:00
    QCOMPARE(b.holderSeatMs, (QMap<QString, qint64> {{u"alice"_s, hour}, {u"bob"_s, hour}, {u"carol"_s, hour}}));
    // Without holders the same numbers and no per-holder times.
    const Bucket without = computeBucket(activity, t9, hour, false);
    QVERIFY(without.holderSeatMs.isEmpty());
    QCOMPARE(without.usedSeatMs, b.usedSeatMs);
}

// Walk 57a, F5: a license created at 09:45 with 4 seats, one of them held from 09:50 to 10:00. Its
// hour says one seat was in use two thirds of the time it existed, not a sixth of the hour, as its
// utilization (10 seat-minutes of 60 owned) counts only the time it existed too.
void TestUsageHistory::aLicenseMadeInsideTheBucketHasNoLevelBeforeIt()
{
    const LicenseActivity activity = seatsOf({seat(u"frank"_s, t9 + 50 * minute, t9 + hour)},
                                             {{std::numeric_limits<qint64>::min(), 0}, {t9 + 45 * minute, 4}});
    const Bucket b = computeBucket(activity, t9, hour, false);
    QCOMPARE(b.levelMs, (QMap<int, qint64> {{0, 5 * minute}, {1, 10 * minute}}));
    QCOMPARE(b.ownedSeatMs, 4 * 15 * minute);
    QCOMPARE(b.usedSeatMs, 10 * minute);
    QCOMPARE(b.peak, 1);
    const QString diff = difference(b, bruteForce(activity, t9, hour, false));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    // The day holding that hour says the same.
    const Bucket wholeDay = computeBucket(activity, t9 - 9 * hour, day, false);
    QCOMPARE(wholeDay.levelMs, (QMap<int, qint64> {{0, 14 * hour + 5 * minute}, {1, 10 * minute}}));
}

void TestUsageHistory::releaseAndGrantInOneMillisecondIsNoPeak()
{
    // Alice and Bob hold two seats; at 09:30:00.123 Bob releases and Carol takes a seat in the
    // same millisecond. Never three seats at once.
    const qint64 swap = t9 + 30 * minute + 123;
    const LicenseActivity activity = seatsOf(
        {seat(u"alice"_s, t9 - minute), seat(u"bob"_s, t9 + 10 * minute, swap), seat(u"carol"_s, swap, t9 + hour)},
        {{0, 2}});
    const Bucket b = computeBucket(activity, t9, hour, false);
    QCOMPARE(b.peak, 2);
    QCOMPARE(ms(b.peakAtMs), ms(t9 + 10 * minute));
    QCOMPARE(b.levelMs, (QMap<int, qint64> {{1, 10 * minute}, {2, 50 * minute}}));
    QCOMPARE(b.usedSeatMs, 110 * minute);
    const Bucket theMinute = computeBucket(activity, t9 + 30 * minute, minute, false);
    QCOMPARE(theMinute.peak, 2);
    QCOMPARE(theMinute.levelMs, (QMap<int, qint64> {{2, minute}}));
}

void TestUsageHistory::crashedSeatCountsUntilItsLeaseRunsOut()
{
    // Dave's workstation crashed at 09:05 without releasing; his lease ran to 09:20 and the counter
    // let it go 30 s of skew later. Erin still holds hers.
    const qint64 expiredAt = t9 + 20 * minute + 30 * second;
    const LicenseActivity activity
        = seatsOf({seat(u"dave"_s, t9 + minute, expiredAt), seat(u"erin"_s, t9 + 40 * minute)}, {{0, 3}});
    const Bucket b = computeBucket(activity, t9, hour, true);
    QCOMPARE(b.usedSeatMs, 19 * minute + 30 * second + 20 * minute);
    QCOMPARE(b.holderSeatMs.value(u"dave"_s), 19 * minute + 30 * second);
    QCOMPARE(b.holderSeatMs.value(u"erin"_s), 20 * minute);
    QCOMPARE(computeBucket(activity, t9 + 20 * minute, minute, false).usedSeatMs, 30 * second);
    QCOMPARE(computeBucket(activity, t9 + 20 * minute, minute, false).peak, 1);
    QCOMPARE(computeBucket(activity, t9 + 21 * minute, minute, false).peak, 0);
    // The open seat counts to the end of every later bucket.
    QCOMPARE(computeBucket(activity, t9 + 3 * hour, hour, false).usedSeatMs, hour);
}

void TestUsageHistory::seatCountAtTheBucketsLastMillisecond()
{
    // 10 seats; 12 from 09:59:59.999; 8 from 10:00 (the next hour's). Before the first change the
    // first count applies too.
    LicenseActivity activity;
    activity.seatCount = {{t9 + 30 * minute, 10}, {t9 + hour - 1, 12}, {t9 + hour, 8}};
    const Bucket b = computeBucket(activity, t9, hour, false);
    QCOMPARE(b.seatsOwned, 12);
    QCOMPARE(b.ownedSeatMs, 10 * (hour - 1) + 12);
    QCOMPARE(computeBucket(activity, t9 + hour, hour, false).seatsOwned, 8);
    // Merged hours own what the last one owns.
    QCOMPARE(merge({b, computeBucket(activity, t9 + hour, hour, false)}).seatsOwned, 8);
    QCOMPARE(computeBucket(activity, t9 - hour, hour, false).seatsOwned, 10);
    QCOMPARE(computeBucket(activity, t9 - hour, hour, false).ownedSeatMs, 10 * hour);
}

void TestUsageHistory::idleReservedSeatsPerGroup()
{
    // Design reserves 3 seats all along; render reserves 2 from 09:30 (none before); QA reserves 1
    // from 09:30, which also applies before (its first change); support reserves none; sales
    // reserves 1 and uses 2 until 09:30, none after (using more than reserved earlier does not
    // make up for idle time later).
    LicenseActivity activity;
    activity.seatCount = {{0, 10}};
    activity.reserved = {{u"design"_s, {{t9 - day, 3}}},
                         {u"render"_s, {{t9 - day, 0}, {t9 + 30 * minute, 2}}},
                         {u"qa"_s, {{t9 + 30 * minute, 1}}},
                         {u"support"_s, {{t9 - day, 0}}},
                         {u"sales"_s, {{t9 - day, 1}}}};
    activity.seats = {
        seat(u"alice"_s, t9 - hour, openEnd, u"design"_s), // one design seat all hour
        seat(u"bob"_s, t9, t9 + 15 * minute, u"design"_s), // a second one to 09:15
        seat(u"carol"_s, t9 + 45 * minute, t9 + 50 * minute, u"render"_s), // render for 5 minutes
        seat(u"dave"_s, t9 - hour, openEnd), // a shared seat uses nobody's reservation
        seat(u"erin"_s, t9, t9 + 30 * minute, u"sales"_s),
        seat(u"frank"_s, t9, t9 + 30 * minute, u"sales"_s),
    };
    activity = withGrants(activity);
    const Bucket b = computeBucket(activity, t9, hour, false);
    // design: 1 idle for 15 minutes, 2 idle for 45 minutes. render: 2 for 30 minutes less 5.
    // sales: 1 for the last 30 minutes.
    QCOMPARE(b.reservedIdleSeatMs,
             (QMap<QString, qint64> {{u"design"_s, 15 * minute + 2 * 45 * minute},
                                     {u"render"_s, 2 * 30 * minute - 5 * minute},
                                     {u"qa"_s, hour},
                                     {u"sales"_s, 30 * minute}}));
    // Before 09:30 render reserves nothing, so the minute at 09:10 has no render key.
    const Bucket early = computeBucket(activity, t9 + 10 * minute, minute, false);
    QCOMPARE(early.reservedIdleSeatMs, (QMap<QString, qint64> {{u"design"_s, minute}, {u"qa"_s, minute}}));
}

void TestUsageHistory::waitsAndTheLongestWaitAcrossABucketBoundary()
{
    // Ticket 1 waits 09:50–10:10; ticket 2 09:55–09:58; ticket 3 from 10:30, still waiting.
    LicenseActivity activity;
    activity.waits = {WaitSpan {u"1"_s, u"alice"_s, t9 + 50 * minute, t9 + 70 * minute, true},
                      WaitSpan {u"2"_s, u"bob"_s, t9 + 55 * minute, t9 + 58 * minute, false},
                      WaitSpan {u"3"_s, u"carol"_s, t9 + 90 * minute, openEnd, false}};
    const Bucket nine = computeBucket(activity, t9, hour, false);
    QCOMPARE(nine.waitingPeak, 2);
    QCOMPARE(nine.longestWaitMs, 10 * minute); // ticket 1 up to 10:00
    const Bucket ten = computeBucket(activity, t9 + hour, hour, false);
    QCOMPARE(ten.waitingPeak, 1);
    QCOMPARE(ten.longestWaitMs, 30 * minute); // ticket 3 to 11:00 beats ticket 1's 20 minutes
    const Bucket tenToHalfPast = computeBucket(activity, t9 + hour, 30 * minute, false);
    QCOMPARE(tenToHalfPast.longestWaitMs, 20 * minute); // ticket 1 from its start at 09:50
    QCOMPARE(tenToHalfPast.waitingPeak, 1); // ticket 1, still in the line when the bucket starts
    // Two hours merged: the longest wait is the larger of the two.
    const QString diff = difference(merge({nine, ten}), computeBucket(activity, t9, 2 * hour, false));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(computeBucket(activity, t9 - hour, hour, false).longestWaitMs, 0);
    QCOMPARE(computeBucket(activity, t9 - hour, hour, false).waitingPeak, 0);
}

void TestUsageHistory::trueDenialsAreRefusalsNotServedWithinTheWindow()
{
    // All refused at 09:50 for lack of seats; the window is 15 minutes by default.
    const qint64 refused = t9 + 50 * minute;
    LicenseActivity activity;
    QCOMPARE(activity.trueDenialWindowMs, 15 * minute);
    for (const char *holder : {"alice", "bob", "carol", "dave", "erin"})
        activity.refusals.append(Refusal {refused, QString::fromLatin1(holder), u"no_seats_available"_s});
    activity.grants = {
        Grant {refused - minute, u"dave"_s}, // before the refusal: does not serve it
        Grant {refused, u"erin"_s}, // the same millisecond: not after it
        Grant {refused + 14 * minute, u"alice"_s}, // 14 minutes later: served
        Grant {refused + 15 * minute, u"carol"_s}, // exactly 15 minutes: served
        Grant {refused + 16 * minute, u"bob"_s}, // 16 minutes: too late
        Grant {refused + 16 * minute, u"dave"_s},
    };
    auto trueOf = [&activity](int i) { return isTrueDenial(activity, activity.refusals.at(i)); };
    QCOMPARE(trueOf(0), false); // alice
    QCOMPARE(trueOf(1), true); // bob
    QCOMPARE(trueOf(2), false); // carol
    QCOMPARE(trueOf(3), true); // dave
    QCOMPARE(trueOf(4), true); // erin
    const Bucket b = computeBucket(activity, t9, hour, false);
    QCOMPARE(b.denialCount(), 5);
    QCOMPARE(b.trueDenials, 3);
    QCOMPARE(b.granted, 2); // dave's early grant and erin's; the rest come after 10:00
    QCOMPARE(computeBucket(activity, t9 + hour, hour, false).granted, 4);
    QCOMPARE(computeBucket(activity, t9 + hour, hour, false).trueDenials, 0);

    // A shorter window makes alice's retry too late.
    activity.trueDenialWindowMs = 10 * minute;
    QCOMPARE(computeBucket(activity, t9, hour, false).trueDenials, 5);
}

void TestUsageHistory::denialsByReason()
{
    LicenseActivity activity;
    activity.refusals = {
        Refusal {t9 - second, u"alice"_s, u"no_seats_available"_s}, // the hour before
        Refusal {t9, u"alice"_s, u"no_seats_available"_s},
        Refusal {t9 + 5 * minute, u"bob"_s, u"no_seats_available"_s},
        Refusal {t9 + 6 * minute, u"mallory"_s, u"holder_blocked"_s},
        Refusal {t9 + 7 * minute, u"ext-1"_s, u"holder_not_allowed"_s},
        Refusal {t9 + 8 * minute, u"ext-1"_s, u"holder_not_allowed"_s},
        Refusal {t9 + 59 * minute, u"carol"_s, u"group_cap_reached"_s},
        Refusal {t9 + hour, u"carol"_s, u"group_cap_reached"_s}, // the next hour
    };
    const Bucket b = computeBucket(activity, t9, hour, false);
    QCOMPARE(b.denials,
             (QMap<QString, int> {{u"no_seats_available"_s, 2},
                                  {u"holder_blocked"_s, 1},
                                  {u"holder_not_allowed"_s, 2},
                                  {u"group_cap_reached"_s, 1}}));
    QCOMPARE(b.denialCount(), 6);
    QCOMPARE(b.trueDenials, 6); // nobody got a seat afterwards
    QCOMPARE(computeBucket(activity, t9 + hour, hour, false).denials,
             (QMap<QString, int> {{u"group_cap_reached"_s, 1}}));
}

void TestUsageHistory::randomActivityMatchesBruteForce()
{
    bool fromEnvironment = false;
    const quint32 seed = quint32(qEnvironmentVariableIntValue("KEYRIGHT_USAGE_SEED", &fromEnvironment));
    const quint32 usedSeed = fromEnvironment ? seed : 20261130u;
    qInfo("usage history property test seed: %u (KEYRIGHT_USAGE_SEED replays another)", usedSeed);
    QRandomGenerator random(usedSeed);

    constexpr int licenses = 3;
    constexpr int days = 3;
    const qint64 firstDay = t9 - 9 * hour;
    int checked = 0;
    for (int license = 0; license < licenses; ++license) {
        const Generated g = randomActivity(random, license, firstDay, days);
        const LicenseActivity &a = g.activity;
        auto check = [&](qint64 startMs, qint64 length, bool withHolders) {
            const Bucket actual = computeBucket(a, startMs, length, withHolders);
            const QString diff = difference(actual, bruteForce(a, startMs, length, withHolders));
            ++checked;
            return diff.isEmpty() ? QString()
                                  : u"seed %1, license %2, bucket %3 + %4 s, holders %5: %6"_s.arg(usedSeed)
                                        .arg(license)
                                        .arg(ms(startMs))
                                        .arg(length / second)
                                        .arg(withHolders)
                                        .arg(diff);
        };

        for (int d = 0; d < days; ++d) {
            const qint64 dayStart = g.firstDayMs + d * day;
            QString failure = check(dayStart, day, true);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            QList<Bucket> hours;
            QList<Bucket> hoursWithHolders;
            QList<Bucket> dayMinutes;
            for (int h = 0; h < 24; ++h) {
                const qint64 hourStart = dayStart + h * hour;
                const bool withHolders = h % 2 == 0;
                failure = check(hourStart, hour, withHolders);
                QVERIFY2(failure.isEmpty(), qPrintable(failure));
                hours.append(computeBucket(a, hourStart, hour, false));
                hoursWithHolders.append(computeBucket(a, hourStart, hour, true));

                QList<Bucket> minutes;
                QList<Bucket> minutesWithHolders;
                for (int m = 0; m < 60; ++m) {
                    const qint64 minuteStart = hourStart + m * minute;
                    minutes.append(computeBucket(a, minuteStart, minute, false));
                    minutesWithHolders.append(computeBucket(a, minuteStart, minute, true));
                    // Every minute of some hours against the brute force, a few of the others.
                    if (h % 8 == license || random.bounded(20) == 0) {
                        failure = check(minuteStart, minute, m % 2 == 0);
                        QVERIFY2(failure.isEmpty(), qPrintable(failure));
                    }
                }
                dayMinutes.append(minutes);
                QString diff = difference(merge(minutes), hours.last());
                QVERIFY2(diff.isEmpty(),
                         qPrintable(u"seed %1, license %2, minutes of %3 merged: %4"_s.arg(usedSeed).arg(license).arg(
                             ms(hourStart), diff)));
                diff = difference(merge(minutesWithHolders), hoursWithHolders.last());
                QVERIFY2(
                    diff.isEmpty(),
                    qPrintable(
                        u"seed %1, license %2, minutes of %3 merged with holders: %4"_s.arg(usedSeed).arg(license).arg(
                            ms(hourStart), diff)));
            }
            const Bucket whole = computeBucket(a, dayStart, day, false);
            QString diff = difference(merge(hours), whole);
            QVERIFY2(diff.isEmpty(),
                     qPrintable(u"seed %1, license %2, hours of %3 merged: %4"_s.arg(usedSeed).arg(license).arg(
                         ms(dayStart), diff)));
            diff = difference(merge(hoursWithHolders), computeBucket(a, dayStart, day, true));
            QVERIFY2(
                diff.isEmpty(),
                qPrintable(u"seed %1, license %2, hours of %3 merged with holders: %4"_s.arg(usedSeed).arg(license).arg(
                    ms(dayStart), diff)));
            diff = difference(merge(dayMinutes), whole);
            QVERIFY2(diff.isEmpty(),
                     qPrintable(u"seed %1, license %2, minutes of %3 merged: %4"_s.arg(usedSeed).arg(license).arg(
                         ms(dayStart), diff)));
        }
        // Buckets that are not aligned, of odd lengths, against the brute force too.
        for (int i = 0; i < 10; ++i) {
            const qint64 startMs = g.firstDayMs + qint64(random.bounded(days * 86400)) * second;
            const qint64 length = qint64(1 + random.bounded(4 * 3600)) * second;
            const QString failure = check(startMs, length, random.bounded(2) == 0);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
    }
    qInfo("%d buckets checked against the brute force", checked);
}

QTEST_GUILESS_MAIN(TestUsageHistory)
#include "tst_usagehistory.moc"
