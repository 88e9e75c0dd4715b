#include "UsageHistory.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::usage {

namespace {

constexpr qint64 minuteMs = 60'000;
constexpr qint64 hourMs = 60 * minuteMs;
constexpr qint64 dayMs = 24 * hourMs;

// The value of a step function at `ms`: the last change at or before it, else the first one.
int valueAt(const QList<Change> &changes, qint64 ms)
{
    if (changes.isEmpty())
        return 0;
    int value = changes.first().value;
    for (const Change &change : changes) {
        if (change.fromMs > ms)
            break;
        value = change.value;
    }
    return value;
}

// How long within [startMs, endMs) the license owned seats. Before it was created it owned none:
// that time is no time with no seat in use (walk 57a, F5: a license made at 10:20 read "1 seat in
// use 0.8 % of the time", of the whole day, beside a utilization of the hours it existed). Without
// a seat count at all, the whole of it.
qint64 ownedTime(const QList<Change> &changes, qint64 startMs, qint64 endMs)
{
    if (changes.isEmpty())
        return endMs - startMs;
    qint64 total = 0;
    qint64 at = startMs;
    bool owned = valueAt(changes, startMs) > 0;
    for (const Change &change : changes) {
        if (change.fromMs <= startMs)
            continue;
        if (change.fromMs >= endMs)
            break;
        if (owned)
            total += change.fromMs - at;
        at = change.fromMs;
        owned = change.value > 0;
    }
    return total + (owned ? endMs - at : 0);
}

// A step function integrated over [startMs, endMs).
qint64 integral(const QList<Change> &changes, qint64 startMs, qint64 endMs)
{
    qint64 total = 0;
    qint64 at = startMs;
    int value = valueAt(changes, startMs);
    for (const Change &change : changes) {
        if (change.fromMs <= startMs)
            continue;
        if (change.fromMs >= endMs)
            break;
        total += qint64(value) * (change.fromMs - at);
        at = change.fromMs;
        value = change.value;
    }
    return total + qint64(value) * (endMs - at);
}

// How many of `starts`/`ends` pairs are open over time inside [startMs, endMs): the level at each
// moment where it changes, ends before starts at one instant (a seat released and taken again in
// the same millisecond is one seat).
struct Level
{
    qint64 atMs;
    int value;
};

template <typename Span>
QList<Level> levels(const QList<Span> &spans, qint64 startMs, qint64 endMs)
{
    int initial = 0;
    QList<std::pair<qint64, int>> steps;
    for (const Span &span : spans) {
        if (span.startMs >= endMs || span.endMs <= startMs || span.endMs <= span.startMs)
            continue;
        if (span.startMs <= startMs)
            ++initial;
        else
            steps.append({span.startMs, +1});
        if (span.endMs < endMs)
            steps.append({span.endMs, -1});
    }
    std::sort(steps.begin(), steps.end()); // -1 before +1 at one instant
    QList<Level> out {{startMs, initial}};
    int value = initial;
    for (const auto &[atMs, delta] : steps) {
        value += delta;
        if (out.last().atMs == atMs)
            out.last().value = value;
        else
            out.append({atMs, value});
    }
    return out;
}

} // namespace

qint64 lengthMs(Resolution resolution)
{
    switch (resolution) {
    case Resolution::Minute:
        return minuteMs;
    case Resolution::Hour:
        return hourMs;
    case Resolution::Day:
        return dayMs;
    }
    return dayMs;
}

QString toWire(Resolution resolution)
{
    switch (resolution) {
    case Resolution::Minute:
        return u"minute"_s;
    case Resolution::Hour:
        return u"hour"_s;
    case Resolution::Day:
        return u"day"_s;
    }
    return {};
}

qint64 floorTo(Resolution resolution, qint64 ms)
{
    const qint64 length = lengthMs(resolution);
    qint64 rest = ms % length;
    if (rest < 0)
        rest += length;
    return ms - rest;
}

int Bucket::denialCount() const
{
    int total = 0;
    for (int count : denials)
        total += count;
    return total;
}

bool isTrueDenial(const LicenseActivity &activity, const Refusal &refusal)
{
    const qint64 until = refusal.timeMs + activity.trueDenialWindowMs;
    auto it = std::upper_bound(activity.grants.cbegin(), activity.grants.cend(), refusal.timeMs,
                               [](qint64 ms, const Grant &grant) { return ms < grant.timeMs; });
    for (; it != activity.grants.cend() && it->timeMs <= until; ++it) {
        if (it->holder == refusal.holder)
            return false;
    }
    return true;
}

LicenseActivity activityNear(const LicenseActivity &activity, qint64 fromMs, qint64 toMs)
{
    LicenseActivity near;
    near.seatCount = activity.seatCount;
    near.reserved = activity.reserved;
    near.trueDenialWindowMs = activity.trueDenialWindowMs;
    const qint64 reach = toMs + activity.trueDenialWindowMs;
    // A seat starting within the window after the range is a grant a refusal inside it may wait for.
    for (const SeatSpan &span : activity.seats) {
        if (span.startMs < reach && span.endMs > fromMs)
            near.seats.append(span);
    }
    for (const WaitSpan &wait : activity.waits) {
        if (wait.startMs < toMs && wait.endMs > fromMs)
            near.waits.append(wait);
    }
    for (const Grant &grant : activity.grants) {
        if (grant.timeMs >= fromMs && grant.timeMs < reach)
            near.grants.append(grant);
    }
    for (const Refusal &refusal : activity.refusals) {
        if (refusal.timeMs >= fromMs && refusal.timeMs < toMs)
            near.refusals.append(refusal);
    }
    return near;
}

Bucket computeBucket(const LicenseActivity &activity, qint64 startMs, qint64 lengthMs, bool withHolders)
{
    Bucket bucket;
    bucket.startMs = startMs;
    bucket.lengthMs = lengthMs;
    const qint64 endMs = startMs + lengthMs;
    bucket.seatsOwned = valueAt(activity.seatCount, endMs - 1);
    bucket.ownedSeatMs = integral(activity.seatCount, startMs, endMs);

    const QList<Level> seats = levels(activity.seats, startMs, endMs);
    bucket.peakAtMs = startMs;
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const qint64 until = i + 1 < seats.size() ? seats.at(i + 1).atMs : endMs;
        const Level &level = seats.at(i);
        bucket.usedSeatMs += qint64(level.value) * (until - level.atMs);
        if (const qint64 owned = ownedTime(activity.seatCount, level.atMs, until); owned > 0)
            bucket.levelMs[level.value] += owned;
        if (level.value > bucket.peak) {
            bucket.peak = level.value;
            bucket.peakAtMs = level.atMs;
        }
    }

    QList<SeatSpan> borrowedSpans;
    for (const SeatSpan &span : activity.seats) {
        if (span.borrowed)
            borrowedSpans.append(span);
    }
    const QList<Level> borrowed = levels(borrowedSpans, startMs, endMs);
    for (qsizetype i = 0; i < borrowed.size(); ++i) {
        const qint64 until = i + 1 < borrowed.size() ? borrowed.at(i + 1).atMs : endMs;
        const Level &level = borrowed.at(i);
        bucket.borrowedSeatMs += qint64(level.value) * (until - level.atMs);
        bucket.borrowedPeak = std::max(bucket.borrowedPeak, level.value);
        if (level.atMs <= bucket.peakAtMs)
            bucket.borrowedAtPeak = level.value;
    }

    for (auto it = activity.reserved.cbegin(); it != activity.reserved.cend(); ++it) {
        QList<SeatSpan> ofGroup;
        for (const SeatSpan &span : activity.seats) {
            if (span.reservation == it.key())
                ofGroup.append(span);
        }
        const QList<Level> used = levels(ofGroup, startMs, endMs);
        // Both step functions are constant between the union of their change points.
        QList<qint64> points;
        for (const Level &level : used)
            points.append(level.atMs);
        for (const Change &change : it.value()) {
            if (change.fromMs > startMs && change.fromMs < endMs)
                points.append(change.fromMs);
        }
        std::sort(points.begin(), points.end());
        points.erase(std::unique(points.begin(), points.end()), points.end());
        qint64 idle = 0;
        qsizetype u = 0;
        for (qsizetype i = 0; i < points.size(); ++i) {
            const qint64 at = points.at(i);
            const qint64 until = i + 1 < points.size() ? points.at(i + 1) : endMs;
            while (u + 1 < used.size() && used.at(u + 1).atMs <= at)
                ++u;
            const int reservedSeats = valueAt(it.value(), at);
            idle += qint64(std::max(0, reservedSeats - used.at(u).value)) * (until - at);
        }
        if (idle > 0)
            bucket.reservedIdleSeatMs[it.key()] = idle;
    }

    const QList<Level> waiting = levels(activity.waits, startMs, endMs);
    for (const Level &level : waiting)
        bucket.waitingPeak = std::max(bucket.waitingPeak, level.value);
    for (const WaitSpan &wait : activity.waits) {
        if (wait.startMs < endMs && wait.endMs > startMs)
            bucket.longestWaitMs = std::max(bucket.longestWaitMs, std::min(wait.endMs, endMs) - wait.startMs);
    }

    for (const Grant &grant : activity.grants) {
        if (grant.timeMs >= startMs && grant.timeMs < endMs)
            ++bucket.granted;
    }
    for (const Refusal &refusal : activity.refusals) {
        if (refusal.timeMs < startMs || refusal.timeMs >= endMs)
            continue;
        bucket.denials[refusal.reason] += 1;
        if (isTrueDenial(activity, refusal))
            ++bucket.trueDenials;
    }

    if (withHolders) {
        for (const SeatSpan &span : activity.seats) {
            const qint64 from = std::max(span.startMs, startMs);
            const qint64 to = std::min(span.endMs, endMs);
            if (to > from)
                bucket.holderSeatMs[span.holder] += to - from;
        }
    }
    return bucket;
}

Bucket merge(const QList<Bucket> &parts)
{
    Bucket out;
    if (parts.isEmpty())
        return out;
    out.startMs = parts.first().startMs;
    out.peakAtMs = out.startMs;
    out.peak = -1;
    for (const Bucket &part : parts) {
        out.lengthMs += part.lengthMs;
        out.seatsOwned = part.seatsOwned;
        out.ownedSeatMs += part.ownedSeatMs;
        if (part.peak > out.peak) {
            out.peak = part.peak;
            out.peakAtMs = part.peakAtMs;
            out.borrowedAtPeak = part.borrowedAtPeak;
        }
        out.borrowRecorded = out.borrowRecorded && part.borrowRecorded;
        out.borrowedSeatMs += part.borrowedSeatMs;
        out.borrowedPeak = std::max(out.borrowedPeak, part.borrowedPeak);
        out.usedSeatMs += part.usedSeatMs;
        for (auto it = part.levelMs.cbegin(); it != part.levelMs.cend(); ++it)
            out.levelMs[it.key()] += it.value();
        for (auto it = part.reservedIdleSeatMs.cbegin(); it != part.reservedIdleSeatMs.cend(); ++it)
            out.reservedIdleSeatMs[it.key()] += it.value();
        out.waitingPeak = std::max(out.waitingPeak, part.waitingPeak);
        out.longestWaitMs = std::max(out.longestWaitMs, part.longestWaitMs);
        out.granted += part.granted;
        for (auto it = part.denials.cbegin(); it != part.denials.cend(); ++it)
            out.denials[it.key()] += it.value();
        out.trueDenials += part.trueDenials;
        for (auto it = part.holderSeatMs.cbegin(); it != part.holderSeatMs.cend(); ++it)
            out.holderSeatMs[it.key()] += it.value();
    }
    return out;
}

} // namespace keyright::usage
