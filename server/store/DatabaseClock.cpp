#include "store/DatabaseClock.h"

#include "store/PgLeaseStore.h"

#include <QLoggingCategory>

#include <algorithm>
#include <cstdlib>

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcClock, "keyright.server.clock")
}

DatabaseClock::DatabaseClock(const Clock &local, PgLeaseStore &store, std::chrono::milliseconds maxAge)
    : m_local(local)
    , m_store(store)
    , m_maxAge(maxAge)
    , m_thread(QThread::currentThread())
{ }

qint64 DatabaseClock::localMonotonicMs() const
{
    // Never backwards, so that no reading is moved back by a misbehaving monotonic clock.
    m_lastMonotonicMs = std::max(m_lastMonotonicMs, qint64(m_local.monotonic().count()));
    return m_lastMonotonicMs;
}

void DatabaseClock::observe(qint64 ms, qint64 takenAt) const
{
    m_readingMs = ms;
    m_readAtMs = takenAt;
}

qint64 DatabaseClock::monotonicMs() const
{
    const std::lock_guard lock(m_mutex);
    return localMonotonicMs();
}

void DatabaseClock::hold(qint64 ms, bool shared, qint64 takenAt) const
{
    const std::lock_guard lock(m_mutex);
    if (shared)
        observe(ms, takenAt);
    m_heldMs = ms;
}

void DatabaseClock::release() const
{
    const std::lock_guard lock(m_mutex);
    m_heldMs.reset();
}

bool DatabaseClock::hasReading() const
{
    const std::lock_guard lock(m_mutex);
    return m_readingMs.has_value();
}

QDateTime DatabaseClock::now() const
{
    if (QThread::currentThread() == m_thread) {
        bool stale = false;
        {
            const std::lock_guard lock(m_mutex);
            stale = !m_heldMs && (!m_readingMs || localMonotonicMs() - m_readAtMs > m_maxAge.count());
        }
        // Outside the lock: the store may call hold() while it reads.
        if (stale) {
            const qint64 sent = monotonicMs();
            if (const auto reading = m_store.readClock()) {
                const std::lock_guard lock(m_mutex);
                // The database computed it somewhere during the round trip: its middle is the
                // best guess, off by half the round trip at most.
                observe(*reading, (sent + localMonotonicMs()) / 2);
            }
        }
    }
    const std::lock_guard lock(m_mutex);
    if (m_heldMs)
        return QDateTime::fromMSecsSinceEpoch(*m_heldMs, Qt::UTC);
    if (!m_readingMs)
        return m_local.now();
    return QDateTime::fromMSecsSinceEpoch(*m_readingMs + localMonotonicMs() - m_readAtMs, Qt::UTC);
}

std::chrono::milliseconds DatabaseClock::monotonic() const
{
    const std::lock_guard lock(m_mutex);
    return std::chrono::milliseconds {localMonotonicMs()};
}

std::chrono::milliseconds DatabaseClock::offset() const
{
    const std::lock_guard lock(m_mutex);
    return std::chrono::milliseconds {m_offsetMs};
}

QList<ServerClock::Jump> DatabaseClock::tick()
{
    // A reconnection advances the reference at once (PgLeaseStore::beforeTransaction): the jumps
    // it saw are this tick's to report, as one it saw itself would be, even when this tick's own
    // advance fails.
    QList<clockreference::Advance> advances = m_store.takeReconnectAdvances();
    try {
        advances.append(m_store.advanceClock(m_local));
    } catch (const StoreError &failure) {
        qCWarning(lcClock, "cannot advance the database's clock reference: %s", failure.what());
    }
    QList<Jump> jumps;
    for (const auto &advance : std::as_const(advances)) {
        const ClockReference &next = advance.next;
        const qint64 offset = next.wallMs - next.referenceMs;
        {
            const std::lock_guard lock(m_mutex);
            m_offsetMs = offset;
        }
        if (std::abs(advance.jumpMs) > jumpThreshold.count())
            jumps.append(Jump {ClockJump {JumpedClock::Database, advance.jumpMs, offset},
                               QDateTime::fromMSecsSinceEpoch(next.referenceMs, Qt::UTC)});
    }
    return jumps;
}

} // namespace keyright::server
