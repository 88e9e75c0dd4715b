#include "AlertRules.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 minuteMs = 60 * 1000;
constexpr int weekMinutes = 7 * 24 * 60;

bool fail(ValidationError *error, const QString &field, const QString &message)
{
    if (error)
        *error = ValidationError {field, message};
    return false;
}

bool inRange(int value, int low, int high)
{
    return value >= low && value <= high;
}

} // namespace

bool QuietHours::contains(const QDateTime &moment) const
{
    if (isEmpty() || !moment.isValid())
        return false;
    const QTime t = moment.toTimeZone(zone).time();
    return from < to ? (t >= from && t < to) : (t >= from || t < to);
}

QDateTime QuietHours::endAfter(const QDateTime &moment) const
{
    if (!contains(moment))
        return moment;
    const QDateTime local = moment.toTimeZone(zone);
    // Within [from, to) of today, or, over midnight, after `from` tonight: `to` is tomorrow.
    const QDate day = (from > to && local.time() >= from) ? local.date().addDays(1) : local.date();
    QDateTime end(day, to, zone);
    // A `to` that a daylight-saving change skips: the first moment after it.
    if (!end.isValid())
        end = QDateTime(day, to.addSecs(3600), zone);
    return end.toUTC();
}

QList<int> AlertRule::noticeDays() const
{
    static const QList<int> usual {60, 30, 7};
    return daysBefore.isEmpty() ? usual : daysBefore;
}

bool isEvaluated(AlertKind kind)
{
    switch (kind) {
    case AlertKind::SeatsInUse:
    case AlertKind::Denials:
    case AlertKind::WaitingLine:
    case AlertKind::ValidityEnding:
    case AlertKind::InstanceSilent:
    case AlertKind::ClockJump:
        return true;
    }
    return false;
}

bool AlertRule::validate(ValidationError *error) const
{
    if (id.isEmpty())
        return fail(error, u"id"_s, u"an alert rule needs an id"_s);
    if (scope != Scope::AllLicenses && scopeName.isEmpty())
        return fail(error, u"scope"_s,
                    scope == Scope::License ? u"a rule scoped to a license names the license"_s
                                            : u"a rule scoped to a group names the group"_s);
    switch (kind) {
    case AlertKind::SeatsInUse:
        if (!inRange(threshold, 1, 100))
            return fail(error, u"threshold"_s, u"the share of seats in use is a percentage from 1 to 100"_s);
        if (!inRange(minutes, 0, weekMinutes))
            return fail(error, u"minutes"_s, u"the time seats stay in use is 0 minutes to a week"_s);
        break;
    case AlertKind::Denials:
        if (!inRange(threshold, 0, 100000))
            return fail(error, u"threshold"_s, u"the number of denials is 0 (any true denial) to 100000"_s);
        if (!inRange(minutes, 1, weekMinutes))
            return fail(error, u"minutes"_s, u"the window for denials is 1 minute to a week"_s);
        break;
    case AlertKind::WaitingLine:
        if (threshold < 0 || minutes < 0 || minutes > weekMinutes)
            return fail(error, threshold < 0 ? u"threshold"_s : u"minutes"_s,
                        u"the line's length and the longest wait are 0 (not watched) or more, a wait at most a week"_s);
        if (threshold == 0 && minutes == 0)
            return fail(error, u"threshold"_s, u"a waiting line rule watches its length, its longest wait, or both"_s);
        break;
    case AlertKind::ValidityEnding:
        for (const int day : daysBefore) {
            if (!inRange(day, 0, 366))
                return fail(error, u"daysBefore"_s, u"days' notice are 0 to 366"_s);
        }
        break;
    case AlertKind::InstanceSilent:
        if (!inRange(seconds, minInstanceSilentSeconds, maxInstanceSilentSeconds))
            return fail(error, u"seconds"_s,
                        u"an instance is silent after %1 seconds to 12 hours without a sign of life"_s.arg(
                            minInstanceSilentSeconds));
        break;
    case AlertKind::ClockJump:
        if (!inRange(minutes, 1, weekMinutes))
            return fail(error, u"minutes"_s, u"a clock jump stays an alert for 1 minute to a week"_s);
        break;
    }
    if (!quiet.from.isValid() != !quiet.to.isValid())
        return fail(error, u"quiet"_s, u"quiet hours have a start and an end"_s);
    return true;
}

AlertMeasure measureSeatsInUse(const AlertRule &rule, int inUse, int seatCount)
{
    // Whole percent, rounded down: 9 of 10 seats is 90 %, never 91.
    const qint64 percent = seatCount > 0 ? qint64(inUse) * 100 / seatCount : 0;
    return {seatCount > 0 && percent >= rule.threshold, percent, rule.threshold};
}

AlertMeasure measureDenials(const AlertRule &rule, const QList<QDateTime> &denials, int trueDenials,
                            const QDateTime &now)
{
    if (rule.threshold == 0)
        return {trueDenials > 0, trueDenials, 0};
    const QDateTime from = now.addMSecs(-rule.minutes * minuteMs);
    const qint64 recent
        = std::count_if(denials.cbegin(), denials.cend(), [&](const QDateTime &t) { return t > from && t <= now; });
    return {recent > rule.threshold, recent, rule.threshold};
}

AlertMeasure measureWaitingLine(const AlertRule &rule, int waiting, const QDateTime &oldestQueuedAt,
                                const QDateTime &now)
{
    if (rule.threshold > 0 && waiting > rule.threshold)
        return {true, waiting, rule.threshold};
    if (rule.minutes > 0 && waiting > 0 && oldestQueuedAt.isValid()) {
        const qint64 waited = oldestQueuedAt.msecsTo(now) / minuteMs;
        if (oldestQueuedAt.msecsTo(now) > rule.minutes * minuteMs)
            return {true, waited, rule.minutes};
    }
    return {false, waiting, rule.threshold};
}

AlertMeasure measureValidityEnding(int day, const QDateTime &bound, const QDateTime &now)
{
    if (!bound.isValid())
        return {false, -1, day};
    // Whole days left, rounded down as the Seats page's badge counts them: 4 days 4 hours is
    // "4 days", never 5. Within its notice once at most `day` whole days away.
    const qint64 dayMs = 24 * 60 * minuteMs;
    const qint64 ms = now.msecsTo(bound);
    const qint64 days = ms <= 0 ? -1 : ms / dayMs;
    return {ms <= day * dayMs, days, day};
}

AlertMeasure measureValidityEnding(int day, const QList<int> &noticeDays, const LicenseValidity &validity,
                                   const QDateTime &now)
{
    const auto tightest = [&](const QDateTime &bound) {
        int best = -1;
        for (const int notice : noticeDays) {
            if (measureValidityEnding(notice, bound, now).breached && (best < 0 || notice < best))
                best = notice;
        }
        return best;
    };
    AlertMeasure fallback = {false, -1, day};
    for (const auto &[bound, ends] : {std::pair {validity.validUntil, ValidityBound::ValidUntil},
                                      std::pair {validity.maintenanceUntil, ValidityBound::MaintenanceUntil}}) {
        if (!bound.isValid())
            continue;
        AlertMeasure measure = measureValidityEnding(day, bound, now);
        measure.ends = ends;
        measure.endsAt = bound;
        if (tightest(bound) == day)
            return measure;
        if (fallback.ends == ValidityBound::None) {
            measure.breached = false;
            fallback = measure;
        }
    }
    return fallback;
}

AlertMeasure measureInstanceSilent(const AlertRule &rule, const QDateTime &lastSeen, const QDateTime &now)
{
    if (!lastSeen.isValid())
        return {false, 0, rule.seconds};
    const qint64 silent = lastSeen.msecsTo(now) / 1000;
    return {lastSeen.msecsTo(now) > qint64(rule.seconds) * 1000, silent, rule.seconds};
}

AlertMeasure measureClockJump(const AlertRule &rule, const QList<QDateTime> &jumps, const QDateTime &now)
{
    const QDateTime from = now.addMSecs(-rule.minutes * minuteMs);
    const qint64 recent
        = std::count_if(jumps.cbegin(), jumps.cend(), [&](const QDateTime &t) { return t > from && t <= now; });
    return {recent > 0, recent, 0};
}

AlertStep stepAlert(const AlertRule &rule, const AlertTrack &previous, const AlertMeasure &measure,
                    const QDateTime &now, qint64 clearMs)
{
    AlertStep step;
    AlertTrack &track = step.track;
    track = previous;
    if (measure.breached) {
        if (!track.breachedSince.isValid())
            track.breachedSince = now;
        track.clearSince = {};
        const qint64 hold = rule.kind == AlertKind::SeatsInUse ? rule.minutes * minuteMs : 0;
        if (!track.firing() && track.breachedSince.msecsTo(now) >= hold) {
            track.firedAt = now;
            track.toldAt = {};
            step.transition = AlertStep::Transition::Fire;
        }
    } else {
        // A firing alert keeps when its condition began to hold, across a flap, until it resolves:
        // that is when the alert started (its alert_fired event's "since"), not when it last held.
        if (!track.firing())
            track.breachedSince = {};
        if (track.firing()) {
            if (!track.clearSince.isValid())
                track.clearSince = now;
            if (track.clearSince.msecsTo(now) >= clearMs) {
                step.transition = AlertStep::Transition::Resolve;
                step.tellResolved = track.toldAt.isValid();
                track = AlertTrack {};
                return step;
            }
        }
    }
    // A firing is told once, when outside the quiet hours: at once, or when they end.
    if (track.firing() && !track.toldAt.isValid() && !rule.quiet.contains(now)) {
        track.toldAt = now;
        step.tellFiring = true;
    }
    return step;
}

AlertStep endAlert(const AlertTrack &previous)
{
    AlertStep step;
    if (previous.firing()) {
        step.transition = AlertStep::Transition::Resolve;
        step.tellResolved = previous.toldAt.isValid();
    }
    return step;
}

} // namespace keyright
