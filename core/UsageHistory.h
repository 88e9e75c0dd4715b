#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QtGlobal>

#include <limits>

// Usage history (issue 25): what a license's seats did over time, as buckets of a minute, an hour
// or a day. Everything here is pure and works on milliseconds since the epoch (UTC), so that the
// server's closer, the report and the tests that recompute it by brute force share one meaning.
namespace keyright::usage {

// A moment no span reaches: the end of a span still open.
inline constexpr qint64 openEnd = std::numeric_limits<qint64>::max();

// One seat from its grant to the moment the checkout counter stopped counting it: released or
// revoked (the event's time, or the lease's expiresAt + skew when that came first), expired
// (expiresAt + skew), or still open.
struct SeatSpan
{
    QString seatId;
    QString holder;
    QString reservation; // the group whose reserved seat it was granted from; empty: shared
    qint64 startMs = 0;
    qint64 endMs = openEnd;
    // It stopped counting by running out (expiresAt + skew), not given back: its client stopped.
    // The server only learns of a seat that ran out at the next request it handles.
    bool ranOut = false;
    // From when its client reported its holder's activity (a checkout or heartbeat with idleMs):
    // before it, and when never (unset), the seat's activity is unknown.
    std::optional<qint64> activityKnownFromMs = {};
    // Taken offline (issue 27, a seat_borrowed): in use like any other seat, counted apart too.
    bool borrowed = false;

    friend bool operator==(const SeatSpan &, const SeatSpan &) = default;
};

// A holder's idle periods are kept (issue 26's ledger at a past moment) when they last at least
// this long: with activity told every heartbeat, shorter pauses would be most of the history. So
// at a past moment an idle holder is told for thresholds from this up.
constexpr qint64 idleHistoryFloorMs = 5 * 60'000;

// One ticket in the waiting line, from queued to served or gone.
struct WaitSpan
{
    QString ticketId;
    QString holder;
    qint64 startMs = 0;
    qint64 endMs = openEnd;
    bool served = false; // the line gave it a seat

    friend bool operator==(const WaitSpan &, const WaitSpan &) = default;
};

// A checkout refused: its time, its holder and the reason's code (the denial codes of
// wire/SeatRulesJson, or "holder_blocked").
struct Refusal
{
    qint64 timeMs = 0;
    QString holder;
    QString reason;

    friend bool operator==(const Refusal &, const Refusal &) = default;
};

// A seat granted (a checkout, or the line giving one to a ticket).
struct Grant
{
    qint64 timeMs = 0;
    QString holder;

    friend bool operator==(const Grant &, const Grant &) = default;
};

// A value that holds from a moment on (a license's seat count, the seats a group reserves).
struct Change
{
    qint64 fromMs = 0;
    int value = 0;

    friend bool operator==(const Change &, const Change &) = default;
};

// Everything one license's buckets are computed from. The spans and changes may reach outside
// the bucket; only what lies inside it counts. Grants must reach trueDenialWindowMs past the
// bucket's end for its true denials to be final.
// Grants are in ascending time.
struct LicenseActivity
{
    QList<SeatSpan> seats;
    QList<WaitSpan> waits;
    QList<Refusal> refusals;
    QList<Grant> grants;
    QList<Change> seatCount; // ascending fromMs; the first applies before it too
    QMap<QString, QList<Change>> reserved; // per group, ascending fromMs; absent: reserves nothing
    qint64 trueDenialWindowMs = 15 * 60 * 1000;
};

// The bucket sizes the server keeps. Weeks and months are made of days (or hours) by the report.
enum class Resolution { Minute, Hour, Day };
qint64 lengthMs(Resolution resolution);
QString toWire(Resolution resolution); // minute, hour, day
// The start of the bucket of `resolution` that holds `ms` (UTC).
qint64 floorTo(Resolution resolution, qint64 ms);

// One bucket of one license. Maps are ordered, so equal buckets are equal field by field.
struct Bucket
{
    qint64 startMs = 0;
    qint64 lengthMs = 0;
    int seatsOwned = 0; // the seat count in force at the bucket's end
    qint64 ownedSeatMs = 0; // the seat count integrated over the bucket
    int peak = 0; // the most seats in use at any moment of the bucket, however short
    qint64 peakAtMs = 0; // the first moment of the bucket at the peak
    qint64 usedSeatMs = 0; // seats in use integrated over the bucket
    // For each number of seats in use, how long exactly that many were, while the license existed
    // (owned seats): the time before it was created is in no level.
    QMap<int, qint64> levelMs;
    QMap<QString, qint64> reservedIdleSeatMs; // per reserving group: reserved seats nobody used
    int waitingPeak = 0; // the most tickets in the line at once
    // The longest wait that overlapped the bucket, from its start to its end or the bucket's end,
    // whichever came first.
    qint64 longestWaitMs = 0;
    int granted = 0;
    QMap<QString, int> denials; // per reason
    int trueDenials = 0; // refusals whose holder got no seat within the window after
    QMap<QString, qint64> holderSeatMs; // per holder (day buckets only; empty in the others)
    // Of the seats in use, those borrowed (issue 27): integrated, the most at once, and how many of
    // the `peak` seats at peakAtMs. A bucket closed before the history recorded borrowing has
    // borrowRecorded false and the three at 0, which then mean "not known", not "none".
    bool borrowRecorded = true;
    qint64 borrowedSeatMs = 0;
    int borrowedPeak = 0;
    int borrowedAtPeak = 0;

    int denialCount() const;
    double usedSeatHours() const { return double(usedSeatMs) / 3'600'000.0; }
    friend bool operator==(const Bucket &, const Bucket &) = default;
};

// The bucket [startMs, startMs + lengthMs) of one license, computed exactly from its activity.
// withHolders fills holderSeatMs.
Bucket computeBucket(const LicenseActivity &activity, qint64 startMs, qint64 lengthMs, bool withHolders);

// The part of `activity` that the buckets inside [fromMs, toMs) look at (spans and waits that
// overlap it, its refusals, the grants up to a true-denial window after it): computing many
// buckets over a long activity a window at a time keeps each one from scanning all of it.
LicenseActivity activityNear(const LicenseActivity &activity, qint64 fromMs, qint64 toMs);

// Several consecutive buckets merged into one (an hour from its minutes, a week from its days):
// the sums add, the peaks take the larger (the earlier moment on a tie), seatsOwned is the last
// one's. Equal, field by field, to computeBucket over the whole span. Borrowing is recorded in the
// merge only when it is in every part.
Bucket merge(const QList<Bucket> &parts);

// The refusals of `activity` that are true denials: no grant to the same holder in
// (timeMs, timeMs + window].
bool isTrueDenial(const LicenseActivity &activity, const Refusal &refusal);

} // namespace keyright::usage
