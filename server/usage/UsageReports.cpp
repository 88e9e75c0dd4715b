#include "usage/UsageReports.h"

#include "Clock.h"
#include "Timestamps.h"
#include "UsageSummary.h"

#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

constexpr qint64 dayMs = 24 * 3'600'000LL;
// How far above the real peak a what-if looks for the seats that would have refused nobody.
constexpr int maxRowsAbovePeak = 64;
constexpr int maxRowsBetween = 16; // counts between the rows and the owned one, each replayed

} // namespace

UsageReports::UsageReports(LeaseStore &store, const Clock &clock, const UsageSettings &settings)
    : m_store(store)
    , m_clock(clock)
    , m_settings(settings)
{ }

QList<usage::Bucket> UsageReports::bucketsOf(const QString &licenseId, usage::Resolution resolution, qint64 fromMs,
                                             qint64 toMs, qint64 *closedUntilMs, bool upToNow)
{
    const qint64 length = usage::lengthMs(resolution);
    QList<usage::Bucket> out;
    m_store.withStore([&] {
        const qint64 closed = m_store.usageClosedUntil(resolution).value_or(fromMs);
        *closedUntilMs = closed;
        out = m_store.usageBuckets(licenseId, resolution, fromMs, std::min(toMs, closed));
        const qint64 openFrom = std::max(fromMs, closed);
        if (openFrom >= toMs)
            return;
        // The buckets not closed yet (their true denials may still change): computed now from the
        // same spans and events the closer will read.
        const qint64 window = qint64(m_settings.trueDenialWindow.count()) * 60'000;
        const auto activity = m_store.usageActivityOf(licenseId, openFrom, toMs, toMs + window, window);
        // The bucket holding now covers what has happened: its mean is not spread over the rest
        // of the hour or day (walk 25d).
        // The holders' days (upToNow false) keep their full length here; holderDays() cuts the
        // ones the report's range or now cuts.
        const qint64 now = m_clock.now().toMSecsSinceEpoch();
        for (qint64 at = openFrom; at < toMs; at += length) {
            const qint64 covered = upToNow ? std::clamp(now - at, qint64(1), length) : length;
            out.append(usage::computeBucket(activity, at, covered, resolution == usage::Resolution::Day));
        }
    });
    return out;
}

QList<usage::Bucket> UsageReports::holderDays(const QString &licenseId, qint64 fromMs, qint64 endMs)
{
    if (endMs <= fromMs)
        return {};
    qint64 ignored = 0;
    const qint64 firstDay = usage::floorTo(usage::Resolution::Day, fromMs);
    const qint64 lastDay = usage::floorTo(usage::Resolution::Day, endMs - 1) + dayMs;
    QList<usage::Bucket> days = bucketsOf(licenseId, usage::Resolution::Day, firstDay, lastDay, &ignored, false);
    // The days the range cuts (its first and last, the one holding now) are recomputed from the
    // spans over the part inside the range, while the spans are kept; older ones stay whole.
    const qint64 spansFrom = m_clock.now().toMSecsSinceEpoch() - qint64(m_settings.spanDays) * dayMs;
    const qint64 window = qint64(m_settings.trueDenialWindow.count()) * 60'000;
    for (usage::Bucket &day : days) {
        const qint64 from = std::max(day.startMs, fromMs);
        const qint64 to = std::min(day.startMs + day.lengthMs, endMs);
        if ((from == day.startMs && to == day.startMs + day.lengthMs) || day.startMs < spansFrom)
            continue;
        day.holderSeatMs.clear();
        if (to <= from)
            continue;
        usage::LicenseActivity activity;
        m_store.withStore([&] { activity = m_store.usageActivityOf(licenseId, from, to, to + window, window); });
        day.holderSeatMs = usage::computeBucket(activity, from, to - from, true).holderSeatMs;
    }
    return days;
}

std::optional<WhatIfReport> UsageReports::whatIf(const QString &licenseId, const UsageQuery &query)
{
    auto job = whatIfJob(licenseId, query);
    if (!job)
        return std::nullopt;
    return (*job)();
}

std::optional<UsageReports::WhatIfJob> UsageReports::whatIfJob(const QString &licenseId, const UsageQuery &query)
{
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    const qint64 toMs = std::min(query.to.isValid() ? query.to.toMSecsSinceEpoch() : now, now);
    const qint64 fromMs = query.from.isValid() ? query.from.toMSecsSinceEpoch() : toMs - 30 * dayMs;
    const qint64 window = qint64(m_settings.trueDenialWindow.count()) * 60'000;
    std::optional<WhatIfReport> report;
    usage::LicenseActivity activity;
    SeatRules rules;
    QList<HolderGroup> groups;
    m_store.withStore([&] {
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        report = WhatIfReport {};
        report->seatsOwned = license->policy.seatCount();
        if (const auto demo = m_store.usageDemoUntil(licenseId))
            report->demoUntil = QDateTime::fromMSecsSinceEpoch(*demo, Qt::UTC);
        activity = m_store.usageActivityOf(licenseId, fromMs, toMs, toMs + window, window);
        rules = m_store.licenseRules(licenseId);
        groups = m_store.holderGroups();
    });
    if (!report)
        return std::nullopt;
    report->licenseId = licenseId;
    report->from = QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC);
    report->to = QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC);
    activity.trueDenialWindowMs = window;
    // Everything below works on these copies alone: it may run on another thread.
    return WhatIfJob([report = std::move(*report), activity = std::move(activity), rules = std::move(rules),
                      groups = std::move(groups), fromMs, toMs, window]() mutable {
        if (toMs > fromMs)
            replayAtEachCount(report, activity, CompiledSeatRules(rules, groups), fromMs, toMs, window);
        return report;
    });
}

void UsageReports::replayAtEachCount(WhatIfReport &report, const usage::LicenseActivity &activity,
                                     const CompiledSeatRules &compiled, qint64 fromMs, qint64 toMs, qint64 window)
{
    report.peak = usage::computeBucket(activity, fromMs, toMs - fromMs, false).peak;
    const QList<usage::Attempt> demand = usage::demandOf(activity, fromMs, toMs);
    report.rows = usage::whatIf(demand, compiled, std::max(report.peak, 1), window);
    // Above the peak too, while more seats still refuse less: the first row is then as many seats
    // as would have helped, and what it still refuses is refused whatever the seats (the lists, a
    // block, a cap).
    for (int more = 0; more < maxRowsAbovePeak && !report.rows.isEmpty(); ++more) {
        const usage::WhatIfRow &top = report.rows.first();
        if (top.refused == 0 && top.gaveUp == 0)
            break;
        const usage::WhatIfRow above = usage::replay(demand, top.seats + 1, compiled, window);
        const bool noBetter
            = above.refused >= top.refused && above.trueDenials >= top.trueDenials && above.gaveUp >= top.gaveUp;
        const bool same
            = above.refused == top.refused && above.trueDenials == top.trueDenials && above.gaveUp == top.gaveUp;
        if (noBetter && !same)
            break;
        // The row that refuses just as much stays too: the table shows that more seats stop
        // helping above the suggestion, rather than ending on it (walk 25d).
        report.rows.prepend(above);
        if (noBetter)
            break;
    }
    // The license's own seat count too (at it the replay gives what really happened), and the
    // counts between it and the rows so far, so that "one seat fewer" is always answered: every
    // one of them when they are few, else the one just below the owned count.
    const int owned = report.seatsOwned;
    if (owned > 0 && !report.rows.isEmpty() && owned > report.rows.first().seats) {
        const int top = report.rows.first().seats;
        const int lowest = owned - top - 1 <= maxRowsBetween ? top + 1 : owned - 1;
        for (int seats = lowest; seats < owned; ++seats)
            report.rows.append(usage::replay(demand, seats, compiled, window));
    }
    if (!report.row(owned) && owned > 0)
        report.rows.append(usage::replay(demand, owned, compiled, window));
    std::sort(report.rows.begin(), report.rows.end(),
              [](const usage::WhatIfRow &a, const usage::WhatIfRow &b) { return a.seats > b.seats; });
}

std::optional<UsageReport> UsageReports::report(const QString &licenseId, const UsageQuery &query, Problem *problem,
                                                QString *detail)
{
    *problem = Problem::None;
    bool known = false;
    m_store.withStore([&] { known = m_store.license(licenseId).has_value(); });
    if (!known) {
        *problem = Problem::LicenseNotFound;
        return std::nullopt;
    }
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    const QTimeZone zone = query.timeZone.isEmpty() ? QTimeZone::utc() : QTimeZone(query.timeZone.toUtf8());

    // Minutes for a minute step; hours for the others while hours are kept (days, weeks and
    // months then follow the site's midnight), the stored UTC days beyond.
    const qint64 requestedTo = query.to.isValid() ? query.to.toMSecsSinceEpoch() : now;
    const qint64 requestedFrom = query.from.isValid() ? query.from.toMSecsSinceEpoch() : requestedTo - 30 * dayMs;
    // A range that starts after now has nothing in it yet: said, not answered with an end before
    // its start (walk 25e).
    if (requestedFrom > now) {
        *problem = Problem::FromInTheFuture;
        *detail = u"from (%1) is after the server's now (%2): a usage report covers what has happened"_s.arg(
            formatTimestamp(QDateTime::fromMSecsSinceEpoch(requestedFrom, Qt::UTC)),
            formatTimestamp(QDateTime::fromMSecsSinceEpoch(now, Qt::UTC)));
        return std::nullopt;
    }
    usage::Resolution source = usage::Resolution::Hour;
    if (query.step == UsageStep::Minute)
        source = usage::Resolution::Minute;
    else if (query.step != UsageStep::Hour && requestedFrom < now - qint64(m_settings.hourDays) * dayMs)
        source = usage::Resolution::Day;
    const qint64 length = usage::lengthMs(source);
    const qint64 fromMs = usage::floorTo(source, requestedFrom);
    // The bucket holding `to` is included, up to the present.
    const qint64 toMs
        = std::min(usage::floorTo(source, requestedTo - 1) + length, usage::floorTo(source, now) + length);
    const qint64 count = (toMs - fromMs) / length;
    if (count > UsageQuery::maxBuckets) {
        *problem = Problem::TooManyBuckets;
        *detail = u"the range holds %1 %2 buckets, more than %3; ask for a shorter range or a larger step"_s.arg(count)
                      .arg(usage::toWire(source))
                      .arg(UsageQuery::maxBuckets);
        return std::nullopt;
    }

    UsageReport report;
    report.licenseId = licenseId;
    report.step = query.step;
    report.timeZone = query.timeZone;
    qint64 closedUntil = 0;
    const QList<usage::Bucket> buckets
        = fromMs < toMs ? bucketsOf(licenseId, source, fromMs, toMs, &closedUntil) : QList<usage::Bucket>();
    report.closedUntil = QDateTime::fromMSecsSinceEpoch(closedUntil, Qt::UTC);
    // Holders by UTC days (only the day buckets keep them), each cut to the report's range and to
    // now: a seat borrowed for days is not counted past either (walk 27, A5).
    const qint64 reportEnd = std::min(toMs, std::max(now, fromMs));
    const QList<usage::Bucket> days
        = source == usage::Resolution::Day ? buckets : holderDays(licenseId, fromMs, reportEnd);
    QList<HolderGroup> groups;
    m_store.withStore([&] {
        groups = m_store.holderGroups();
        if (const auto demo = m_store.usageDemoUntil(licenseId))
            report.demoUntil = QDateTime::fromMSecsSinceEpoch(*demo, Qt::UTC);
    });
    report.summary = usage::summarize(buckets, days, zone, {query.workStartHour, query.workEndHour}, groups);
    report.buckets = usage::regroup(buckets, query.step, zone);
    report.from = QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC);
    // Up to the server's now, as the buckets are: not the end of the hour or day now is in.
    report.to = QDateTime::fromMSecsSinceEpoch(reportEnd, Qt::UTC);
    return report;
}

} // namespace keyright::server
