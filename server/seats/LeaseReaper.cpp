#include "seats/LeaseReaper.h"

#include <QLoggingCategory>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

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
    connect(&m_timer, &QTimer::timeout, this, &LeaseReaper::startSweep);
    m_nextChunk.setInterval(0);
    m_nextChunk.setSingleShot(true);
    connect(&m_nextChunk, &QTimer::timeout, this, &LeaseReaper::queueChunk);
}

void LeaseReaper::start()
{
    if (m_interval.count() > 0)
        m_timer.start();
}

void LeaseReaper::stop()
{
    m_timer.stop();
    m_nextChunk.stop();
    ++m_chain;
    m_sweeping = false;
}

void LeaseReaper::setChunkRows(int rows)
{
    m_chunkRows = std::max(rows, 1);
}

int LeaseReaper::sweep()
{
    m_nextChunk.stop();
    ++m_chain;
    if (!m_sweeping)
        begin();
    Step result = Step::More;
    while (result == Step::More)
        result = step();
    return result == Step::Done ? m_reaped : -1;
}

void LeaseReaper::startSweep()
{
    if (m_sweeping)
        return;
    begin();
    runChunk();
}

void LeaseReaper::begin()
{
    ++m_chain;
    m_sweeping = true;
    m_phase = Phase::Seats;
    m_cursor.reset();
    m_reaped = 0;
    m_deletedEvents = 0;
}

void LeaseReaper::runChunk()
{
    if (m_sweeping && step() == Step::More)
        m_nextChunk.start();
}

// The next chunk goes through a timer and then a queued call, not straight into the queue: the
// timer fires after the event loop has read the sockets, and the queued call lands behind
// whatever those requests queued (RequestTurn finishes a turn, commits it and writes its answers
// from a queued call). So requests that arrived during a chunk are answered before the next
// chunk starts, and wait for one chunk at most.
void LeaseReaper::queueChunk()
{
    QMetaObject::invokeMethod(
        this,
        [this, chain = m_chain] {
            if (chain == m_chain)
                runChunk();
        },
        Qt::QueuedConnection);
}

LeaseReaper::Step LeaseReaper::step()
{
    try {
        if (m_phase == Phase::Seats) {
            if (!m_cursor)
                m_cursor = m_seats.beginReap();
            m_reaped += int(m_seats.reapChunk(*m_cursor, m_chunkRows, u"reaper"_s).size());
            if (!m_cursor->atEnd())
                return Step::More;
            if (m_retentionDays > 0) {
                m_phase = Phase::Events;
                return Step::More;
            }
        } else {
            const int deleted = m_seats.sweepEventsChunk(m_retentionDays, m_chunkRows);
            m_deletedEvents += deleted;
            if (deleted >= m_chunkRows)
                return Step::More;
        }
    } catch (const StoreError &failure) {
        failed(failure);
        return Step::Failed;
    }

    m_sweeping = false;
    if (m_reaped > 0)
        qCInfo(lcReaper, "reaped %d expired seat(s)", m_reaped);
    if (m_deletedEvents > 0)
        qCInfo(lcReaper, "deleted %d event(s) older than %d days", m_deletedEvents, m_retentionDays);
    Q_EMIT swept(m_reaped, m_deletedEvents);
    return Step::Done;
}

void LeaseReaper::failed(const StoreError &failure)
{
    m_sweeping = false;
    qCWarning(lcReaper, "sweep failed, will retry on the next tick: %s", failure.what());
}

} // namespace keyright::server
