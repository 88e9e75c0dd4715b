#include "store/DatabaseClock.h"

namespace keyright::server {

DatabaseClock::DatabaseClock(const Clock &local, Reader reader, std::chrono::milliseconds maxAge)
    : m_local(local)
    , m_reader(std::move(reader))
    , m_maxAge(maxAge)
    , m_thread(QThread::currentThread())
{ }

void DatabaseClock::observe(qint64 databaseMs) const
{
    m_readingMs = databaseMs;
    m_readAt = m_local.monotonic();
}

QDateTime DatabaseClock::now() const
{
    const bool ownThread = QThread::currentThread() == m_thread;
    if (ownThread && (!m_readingMs || m_local.monotonic() - m_readAt > m_maxAge)) {
        if (const auto reading = m_reader())
            observe(*reading);
    }
    if (!m_readingMs)
        return m_local.now();
    const qint64 elapsed = (m_local.monotonic() - m_readAt).count();
    return QDateTime::fromMSecsSinceEpoch(*m_readingMs + elapsed, Qt::UTC);
}

std::chrono::milliseconds DatabaseClock::monotonic() const
{
    return m_local.monotonic();
}

} // namespace keyright::server
