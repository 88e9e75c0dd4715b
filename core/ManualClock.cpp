#include "ManualClock.h"

#include <QRandomGenerator>

namespace keyright {

ManualClock::ManualClock(const QDateTime &start)
    : m_wallMs(start.toMSecsSinceEpoch())
    , m_epoch(QStringLiteral("manual:%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0')))
{
    Q_ASSERT(start.isValid());
}

QDateTime ManualClock::now() const
{
    return QDateTime::fromMSecsSinceEpoch(m_wallMs.load(), Qt::UTC);
}

std::chrono::milliseconds ManualClock::monotonic() const
{
    return std::chrono::milliseconds {m_monotonicMs.load()};
}

QString ManualClock::monotonicEpoch() const
{
    const std::lock_guard lock(m_epochMutex);
    return m_epoch;
}

void ManualClock::setMonotonicEpoch(const QString &epoch)
{
    const std::lock_guard lock(m_epochMutex);
    m_epoch = epoch;
}

void ManualClock::setNow(const QDateTime &wall)
{
    Q_ASSERT(wall.isValid());
    m_wallMs.store(wall.toMSecsSinceEpoch());
}

void ManualClock::setMonotonic(std::chrono::milliseconds reading)
{
    m_monotonicMs.store(reading.count());
}

void ManualClock::advance(std::chrono::milliseconds by)
{
    // Real time never runs backwards; a negative step would break every elapsed-time measurement
    // that relies on monotonic(). Moving the wall clock back is what setNow() is for.
    Q_ASSERT(by.count() >= 0);
    if (by.count() <= 0)
        return;
    m_wallMs.fetch_add(by.count());
    m_monotonicMs.fetch_add(by.count());
}

} // namespace keyright
