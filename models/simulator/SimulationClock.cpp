#include "SimulationClock.h"

#include <QMutexLocker>

#include <algorithm>
#include <cmath>

namespace keyright {

using std::chrono::milliseconds;

SimulationClock::SimulationClock(const Clock &real)
    : m_real(real)
    , m_wallOriginMs(real.nowMs())
    , m_realAnchor(real.monotonic().count())
{ }

qint64 SimulationClock::elapsedLocked() const
{
    if (!m_running)
        return m_elapsedAtAnchor;
    const qint64 realElapsed = m_real.monotonic().count() - m_realAnchor;
    return m_elapsedAtAnchor + std::llround(static_cast<double>(realElapsed) * m_speed);
}

void SimulationClock::rebaseLocked()
{
    m_elapsedAtAnchor = elapsedLocked();
    m_realAnchor = m_real.monotonic().count();
}

QDateTime SimulationClock::now() const
{
    QMutexLocker lock(&m_mutex);
    return QDateTime::fromMSecsSinceEpoch(m_wallOriginMs + elapsedLocked(), Qt::UTC);
}

milliseconds SimulationClock::monotonic() const
{
    QMutexLocker lock(&m_mutex);
    return milliseconds {elapsedLocked()};
}

bool SimulationClock::isRunning() const
{
    QMutexLocker lock(&m_mutex);
    return m_running;
}

void SimulationClock::setRunning(bool running)
{
    QMutexLocker lock(&m_mutex);
    rebaseLocked();
    m_running = running;
}

double SimulationClock::speed() const
{
    QMutexLocker lock(&m_mutex);
    return m_speed;
}

void SimulationClock::setSpeed(double speed)
{
    QMutexLocker lock(&m_mutex);
    rebaseLocked();
    m_speed = std::clamp(speed, minSpeed, maxSpeed);
}

void SimulationClock::step(milliseconds by)
{
    if (by.count() <= 0)
        return;
    QMutexLocker lock(&m_mutex);
    rebaseLocked();
    m_elapsedAtAnchor += by.count();
}

void SimulationClock::syncWall(const QDateTime &wall)
{
    QMutexLocker lock(&m_mutex);
    m_wallOriginMs = wall.toMSecsSinceEpoch() - elapsedLocked();
}

} // namespace keyright
