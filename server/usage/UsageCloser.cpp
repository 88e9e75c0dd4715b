#include "usage/UsageCloser.h"

#include "Clock.h"
#include "DemoHistory.h"
#include "store/StoreTypes.h"

#include <QLoggingCategory>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcUsage, "keyright.server.usage")

constexpr qint64 dayMs = 24 * 3'600'000LL;
// Transactions still in flight when a bucket ends (their events carry an earlier time).
constexpr qint64 inFlightMarginMs = 60'000;
// How many days of minute buckets the demo's made-up history has.
constexpr int demoMinuteDays = 2;

// How much of a resolution one transaction closes.
qint64 chunkMs(usage::Resolution resolution)
{
    switch (resolution) {
    case usage::Resolution::Minute:
        return 60 * usage::lengthMs(resolution);
    case usage::Resolution::Hour:
        return 24 * usage::lengthMs(resolution);
    case usage::Resolution::Day:
        return usage::lengthMs(resolution);
    }
    return usage::lengthMs(resolution);
}

int retentionDays(const UsageSettings &settings, usage::Resolution resolution)
{
    switch (resolution) {
    case usage::Resolution::Minute:
        return settings.minuteDays;
    case usage::Resolution::Hour:
        return settings.hourDays;
    case usage::Resolution::Day:
        return settings.dayDays;
    }
    return settings.dayDays;
}

const QList<usage::Resolution> &resolutions()
{
    static const QList<usage::Resolution> all {usage::Resolution::Minute, usage::Resolution::Hour,
                                               usage::Resolution::Day};
    return all;
}

} // namespace

UsageCloser::UsageCloser(LeaseStore &store, const Clock &clock, UsageSettings settings, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_clock(clock)
    , m_settings(settings)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &UsageCloser::tick);
}

void UsageCloser::backfill(int chunkEvents)
{
    // The marker stays held while the events are replayed: a second instance starting at the same
    // moment waits, then finds the work done. Replaying is idempotent (a span opens once, ends
    // once), so a replay cut short by a crash is simply done again.
    m_store.withStore([&] {
        if (!m_store.usageBackfillPending())
            return;
        qint64 after = 0;
        int chunks = 0;
        for (;;) {
            const qint64 last = m_store.replayEventsIntoUsage(after, chunkEvents);
            if (last == after)
                break;
            after = last;
            ++chunks;
        }
        m_store.markUsageBackfilled();
        if (chunks > 0)
            qCInfo(lcUsage, "usage history: the events up to seq %lld became seat and wait spans", after);
    });
}

void UsageCloser::addDemoHistory(const QList<DemoCatalogue::License> &licenses, const QTimeZone &zone)
{
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    m_store.withStore([&] {
        if (m_store.usageDemoUntil() || m_store.usageClosedUntil(usage::Resolution::Hour))
            return;
        const qint64 from = usage::floorTo(usage::Resolution::Day, now - qint64(DemoHistory::days) * dayMs);
        // Minutes for the last two days only: a demo shows the zoom on yesterday, and every server
        // started with --demo (each test fixture) would otherwise make 60,000 of them.
        const qint64 minutesFrom
            = usage::floorTo(usage::Resolution::Minute, now - std::min(m_settings.minuteDays, demoMinuteDays) * dayMs);
        QHash<usage::Resolution, QList<std::pair<QString, usage::Bucket>>> buckets;
        for (const DemoCatalogue::License &license : licenses) {
            const usage::LicenseActivity activity = DemoHistory::activity(license, from, now, zone);
            m_store.putDemoUsage(license.id, activity);
            for (usage::Resolution resolution : resolutions()) {
                const qint64 length = usage::lengthMs(resolution);
                const qint64 start = resolution == usage::Resolution::Minute ? minutesFrom : from;
                const qint64 end = usage::floorTo(resolution, now);
                // A day's worth of spans at a time: each bucket looks only at the spans near it.
                for (qint64 window = start; window < end; window += dayMs) {
                    const qint64 windowEnd = std::min(end, window + dayMs);
                    const usage::LicenseActivity near = usage::activityNear(activity, window, windowEnd);
                    for (qint64 at = window; at < windowEnd; at += length)
                        buckets[resolution].append(
                            {license.id, usage::computeBucket(near, at, length, resolution == usage::Resolution::Day)});
                }
            }
        }
        for (usage::Resolution resolution : resolutions())
            m_store.putUsageBuckets(resolution, buckets.value(resolution), usage::floorTo(resolution, now));
        m_store.setUsageDemoUntil(now);
    });
}

qint64 UsageCloser::closableUntil(usage::Resolution resolution) const
{
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    const qint64 settled = now - qint64(m_settings.trueDenialWindow.count()) * 60'000 - inFlightMarginMs;
    return usage::floorTo(resolution, settled);
}

int UsageCloser::closeChunk(usage::Resolution resolution)
{
    int written = -1;
    const qint64 length = usage::lengthMs(resolution);
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    const qint64 limit = closableUntil(resolution);
    const qint64 oldest = usage::floorTo(resolution, now - retentionDays(m_settings, resolution) * dayMs);
    m_store.withStore([&] {
        written = -1;
        const auto closed = m_store.usageClosedUntil(resolution);
        qint64 start = 0;
        if (closed) {
            start = *closed;
        } else {
            // The first closing of this database: from the oldest record there is, or now.
            start = usage::floorTo(resolution, m_store.usageEarliestMs().value_or(limit));
        }
        start = std::max(start, oldest);
        if (start >= limit) {
            if (!closed)
                m_store.putUsageBuckets(resolution, {}, start);
            return;
        }
        const qint64 end = std::min(limit, start + chunkMs(resolution));
        const qint64 window = qint64(m_settings.trueDenialWindow.count()) * 60'000;
        const auto activity = m_store.usageActivity(start, end, end + window, window);
        QList<std::pair<QString, usage::Bucket>> buckets;
        for (auto it = activity.cbegin(); it != activity.cend(); ++it) {
            for (qint64 at = start; at < end; at += length)
                buckets.append(
                    {it.key(), usage::computeBucket(it.value(), at, length, resolution == usage::Resolution::Day)});
        }
        m_store.putUsageBuckets(resolution, buckets, end);
        written = int(buckets.size());
    });
    return written;
}

int UsageCloser::closeDue()
{
    int total = 0;
    for (usage::Resolution resolution : resolutions()) {
        for (;;) {
            const int written = closeChunk(resolution);
            if (written < 0)
                break;
            total += written;
        }
    }
    return total;
}

void UsageCloser::sweep()
{
    const qint64 now = m_clock.now().toMSecsSinceEpoch();
    m_store.withStore([&] {
        for (usage::Resolution resolution : resolutions())
            m_store.deleteUsageBucketsBefore(resolution, now - retentionDays(m_settings, resolution) * dayMs);
        // A span is kept as long as the events (the what-if replays them), and until every bucket
        // it counts in is closed.
        qint64 before = now - qint64(m_settings.spanDays) * dayMs;
        for (usage::Resolution resolution : resolutions())
            before = std::min(before, m_store.usageClosedUntil(resolution).value_or(0) - usage::lengthMs(resolution));
        m_store.deleteUsageSpansEndedBefore(before);
    });
}

void UsageCloser::start(std::chrono::milliseconds interval)
{
    m_interval = interval;
    m_timer.start(0);
}

void UsageCloser::stop()
{
    m_timer.stop();
}

void UsageCloser::tick()
{
    bool more = false;
    try {
        for (usage::Resolution resolution : resolutions())
            more = closeChunk(resolution) >= 0 || more;
        if (!more)
            sweep();
    } catch (const StoreError &failure) {
        qCWarning(lcUsage, "usage history: closing buckets failed, will retry: %s", failure.what());
        more = false;
    }
    m_timer.start(more ? std::chrono::milliseconds(0) : m_interval);
}

} // namespace keyright::server
