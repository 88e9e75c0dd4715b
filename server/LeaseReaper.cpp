#include "LeaseReaper.h"

#include "SeatService.h"

#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {
Q_LOGGING_CATEGORY(lcReaper, "keyright.server.reaper")
}

LeaseReaper::LeaseReaper(SeatService &seats, std::chrono::milliseconds interval, int eventRetentionDays,
                         QObject *parent)
    : QObject(parent)
    , m_seats(seats)
    , m_interval(interval)
    , m_retentionDays(eventRetentionDays)
{
    m_timer.setInterval(m_interval);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &LeaseReaper::sweep);
}

void LeaseReaper::start()
{
    if (m_interval.count() > 0)
        m_timer.start();
}

void LeaseReaper::stop()
{
    m_timer.stop();
}

int LeaseReaper::sweep()
{
    try {
        const auto reaped = m_seats.reap(false, u"reaper"_s);
        const int deletedEvents = m_retentionDays > 0 ? m_seats.sweepEvents(m_retentionDays) : 0;
        if (!reaped.isEmpty())
            qCInfo(lcReaper, "reaped %d expired seat(s)", int(reaped.size()));
        if (deletedEvents > 0)
            qCInfo(lcReaper, "deleted %d event(s) older than %d days", deletedEvents, m_retentionDays);
        Q_EMIT swept(int(reaped.size()), deletedEvents);
        return int(reaped.size());
    } catch (const StoreError &failure) {
        qCWarning(lcReaper, "sweep failed, will retry on the next tick: %s", failure.what());
        return -1;
    }
}

} // namespace keyright
