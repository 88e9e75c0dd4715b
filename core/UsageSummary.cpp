#include "UsageSummary.h"

#include <QDateTime>

#include <algorithm>

namespace keyright::usage {

namespace {

constexpr qint64 hourMs = 3'600'000;
constexpr int topCount = 10;

QDateTime localStart(const Bucket &bucket, const QTimeZone &zone)
{
    return QDateTime::fromMSecsSinceEpoch(bucket.startMs, zone);
}

bool inWorkingHours(const QDateTime &local, WorkingHours hours)
{
    const int day = local.date().dayOfWeek(); // Monday = 1
    const int hour = local.time().hour();
    return day >= 1 && day <= 5 && hour >= hours.startHour && hour < hours.endHour;
}

QList<UsageSummary::Share> topOf(const QMap<QString, qint64> &ms, int count)
{
    QList<UsageSummary::Share> all;
    for (auto it = ms.cbegin(); it != ms.cend(); ++it) {
        if (it.value() > 0)
            all.append({it.key(), double(it.value()) / hourMs});
    }
    std::stable_sort(all.begin(), all.end(), [](const UsageSummary::Share &a, const UsageSummary::Share &b) {
        return a.seatHours > b.seatHours;
    });
    if (count > 0 && all.size() > count)
        all.resize(count);
    return all;
}

} // namespace

int percentileLevel(const QMap<int, qint64> &levelMs, double share)
{
    qint64 total = 0;
    for (qint64 ms : levelMs)
        total += ms;
    if (total <= 0)
        return 0;
    const double needed = share * double(total);
    qint64 seen = 0;
    for (auto it = levelMs.cbegin(); it != levelMs.cend(); ++it) {
        seen += it.value();
        if (double(seen) >= needed)
            return it.key();
    }
    return levelMs.lastKey();
}

UsageSummary summarize(const QList<Bucket> &buckets, const QList<Bucket> &days, const QTimeZone &zone,
                       WorkingHours hours, const QList<HolderGroup> &groups)
{
    UsageSummary s;
    s.heatmapMean = QList<QList<double>>(7, QList<double>(24, 0.0));
    s.heatmapPeak = QList<QList<int>>(7, QList<int>(24, 0));
    if (buckets.isEmpty())
        return s;
    const Bucket all = merge(buckets);
    s.seatsOwned = all.seatsOwned;
    s.peak = all.peak;
    s.peakAt = QDateTime::fromMSecsSinceEpoch(all.peakAtMs, Qt::UTC);
    s.p95 = percentileLevel(all.levelMs, 0.95);
    s.usedSeatHours = double(all.usedSeatMs) / hourMs;
    s.ownedSeatHours = double(all.ownedSeatMs) / hourMs;
    s.utilization = all.ownedSeatMs > 0 ? double(all.usedSeatMs) / double(all.ownedSeatMs) : 0.0;
    qint64 total = 0;
    for (qint64 ms : all.levelMs)
        total += ms;
    for (int k = 1; k <= all.peak; ++k) {
        qint64 atLeast = 0;
        for (auto it = all.levelMs.lowerBound(k); it != all.levelMs.cend(); ++it)
            atLeast += it.value();
        s.atLeast.append(total > 0 ? double(atLeast) / double(total) : 0.0);
    }
    s.granted = all.granted;
    s.denials = all.denials;
    s.trueDenials = all.trueDenials;
    s.waitingPeak = all.waitingPeak;
    s.longestWaitMs = all.longestWaitMs;
    for (auto it = all.reservedIdleSeatMs.cbegin(); it != all.reservedIdleSeatMs.cend(); ++it)
        s.reservedIdleSeatHours.insert(it.key(), double(it.value()) / hourMs);
    // Borrowed seats: the buckets closed before the history recorded them say nothing of them.
    for (const Bucket &bucket : buckets) {
        if (!bucket.borrowRecorded) {
            s.borrowRecordedFrom = QDateTime::fromMSecsSinceEpoch(bucket.startMs + bucket.lengthMs, Qt::UTC);
            continue;
        }
        s.borrowRecorded = true;
    }
    if (s.borrowRecorded) {
        if (all.borrowRecorded)
            s.borrowRecordedFrom = QDateTime();
        s.borrowedPeak = all.borrowedPeak;
        s.borrowedSeatHours = double(all.borrowedSeatMs) / hourMs;
        if (!s.borrowRecordedFrom.isValid() || s.peakAt >= s.borrowRecordedFrom)
            s.borrowedAtPeak = all.borrowedAtPeak;
    } else {
        s.borrowRecordedFrom = QDateTime();
    }

    QMap<int, qint64> working;
    QList<QList<qint64>> usedMs(7, QList<qint64>(24, 0));
    QList<QList<qint64>> lengthMs(7, QList<qint64>(24, 0));
    QMap<qint64, int> trueDenialHours;
    for (const Bucket &bucket : buckets) {
        if (bucket.trueDenials > 0)
            trueDenialHours[bucket.startMs - bucket.startMs % hourMs] += bucket.trueDenials;
        if (bucket.lengthMs > hourMs)
            continue;
        const QDateTime local = localStart(bucket, zone);
        const int day = local.date().dayOfWeek() - 1;
        const int hour = local.time().hour();
        usedMs[day][hour] += bucket.usedSeatMs;
        lengthMs[day][hour] += bucket.lengthMs;
        s.heatmapPeak[day][hour] = std::max(s.heatmapPeak[day][hour], bucket.peak);
        if (inWorkingHours(local, hours)) {
            for (auto it = bucket.levelMs.cbegin(); it != bucket.levelMs.cend(); ++it)
                working[it.key()] += it.value();
        }
    }
    for (int day = 0; day < 7; ++day) {
        for (int hour = 0; hour < 24; ++hour) {
            if (lengthMs[day][hour] > 0)
                s.heatmapMean[day][hour] = double(usedMs[day][hour]) / double(lengthMs[day][hour]);
        }
    }
    s.p95WorkingHours = percentileLevel(working, 0.95);
    for (auto it = trueDenialHours.cbegin(); it != trueDenialHours.cend(); ++it)
        s.trueDenialHours.append({QDateTime::fromMSecsSinceEpoch(it.key(), Qt::UTC), it.value()});

    QMap<QString, qint64> holders;
    for (const Bucket &day : days) {
        for (auto it = day.holderSeatMs.cbegin(); it != day.holderSeatMs.cend(); ++it)
            holders[it.key()] += it.value();
    }
    s.topHolders = topOf(holders, topCount);
    const CompiledSeatRules membership(SeatRules {}, groups);
    QMap<QString, qint64> ofGroups;
    for (const HolderGroup &group : groups) {
        for (auto it = holders.cbegin(); it != holders.cend(); ++it) {
            if (membership.inGroup(it.key(), group.name))
                ofGroups[group.name] += it.value();
        }
    }
    s.topGroups = topOf(ofGroups, 0);
    return s;
}

QList<Bucket> regroup(const QList<Bucket> &buckets, UsageStep step, const QTimeZone &zone)
{
    if (step == UsageStep::Minute || step == UsageStep::Hour)
        return buckets;
    const auto keyOf = [&](const Bucket &bucket) {
        QDate date = localStart(bucket, zone).date();
        if (step == UsageStep::Week)
            date = date.addDays(1 - date.dayOfWeek());
        else if (step == UsageStep::Month)
            date = QDate(date.year(), date.month(), 1);
        return date;
    };
    QList<Bucket> out;
    QList<Bucket> parts;
    QDate current;
    for (const Bucket &bucket : buckets) {
        const QDate key = keyOf(bucket);
        if (!parts.isEmpty() && key != current) {
            out.append(merge(parts));
            parts.clear();
        }
        current = key;
        parts.append(bucket);
    }
    if (!parts.isEmpty())
        out.append(merge(parts));
    return out;
}

} // namespace keyright::usage
