#include "AlertReplay.h"

#include <algorithm>

namespace keyright {

namespace {

constexpr qint64 minuteMs = 60'000;

// The fewest seats in use that reach `percent` of `seats` (as measureSeatsInUse rounds).
int seatsAtPercent(int percent, int seats)
{
    for (int n = 0; n <= seats; ++n) {
        if (qint64(n) * 100 / seats >= percent)
            return n;
    }
    return seats + 1;
}

AlertMeasure seatsMeasure(const AlertRule &rule, const usage::Bucket &bucket)
{
    AlertMeasure measure = measureSeatsInUse(rule, bucket.peak, bucket.seatsOwned);
    if (!measure.breached || rule.minutes <= 0)
        return measure;
    const int level = seatsAtPercent(rule.threshold, bucket.seatsOwned);
    qint64 heldMs = 0;
    for (auto it = bucket.levelMs.lowerBound(level); it != bucket.levelMs.cend(); ++it)
        heldMs += it.value();
    measure.breached = heldMs >= std::min(rule.minutes * minuteMs, bucket.lengthMs);
    return measure;
}

} // namespace

bool canReplayAlert(AlertKind kind)
{
    switch (kind) {
    case AlertKind::SeatsInUse:
    case AlertKind::Denials:
        return true;
    case AlertKind::WaitingLine:
    case AlertKind::ValidityEnding:
    case AlertKind::InstanceSilent:
    case AlertKind::ClockJump:
        return false;
    }
    return false;
}

QList<AlertReplayFiring> replayAlert(const AlertRule &rule, const QList<usage::Bucket> &buckets)
{
    QList<AlertReplayFiring> firings;
    if (!canReplayAlert(rule.kind))
        return firings;
    AlertTrack track;
    for (const usage::Bucket &bucket : buckets) {
        const QDateTime start = QDateTime::fromMSecsSinceEpoch(bucket.startMs, QTimeZone::utc());
        const QDateTime end = start.addMSecs(bucket.lengthMs);
        AlertMeasure measure;
        if (rule.kind == AlertKind::SeatsInUse)
            measure = seatsMeasure(rule, bucket);
        else {
            // The bucket's denials, all at its end: counted by a window that ends there.
            const QList<QDateTime> denials(bucket.denialCount(), end);
            measure = measureDenials(rule, denials, bucket.trueDenials, end);
        }
        for (const QDateTime &now : {start, end}) {
            const AlertStep step = stepAlert(rule, track, measure, now);
            track = step.track;
            if (step.transition == AlertStep::Transition::Fire)
                firings.append({start, measure.value, measure.limit});
        }
    }
    return firings;
}

} // namespace keyright
