#pragma once

#include "Clock.h"

#include <QMutex>

namespace keyright {

// The simulator's base clock: the "true time" every simulated client's SkewedClock is read
// through. While running it advances by the real elapsed time of `real` multiplied by speed();
// paused, it moves only when stepped. Both readings advance together, like real time passing;
// syncWall() re-aligns the wall reading alone (to the server's clock) without touching monotonic().
//
// Against a server on its own real clock, pausing or speeding this clock moves the simulated
// clients relative to the server: that is exactly the extra offset the simulator shows per client.
class SimulationClock final : public Clock
{
public:
    static constexpr double minSpeed = 0.25;
    static constexpr double maxSpeed = 20.0;

    explicit SimulationClock(const Clock &real);

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;

    bool isRunning() const;
    void setRunning(bool running);
    double speed() const;
    // Clamped to [minSpeed, maxSpeed].
    void setSpeed(double speed);
    // Moves simulated time forward by `by`, running or not (negative values are ignored).
    void step(std::chrono::milliseconds by);
    void syncWall(const QDateTime &wall);
    // The real clock the simulation advances with.
    const Clock &realClock() const { return m_real; }

private:
    qint64 elapsedLocked() const;
    void rebaseLocked();

    const Clock &m_real;
    mutable QMutex m_mutex;
    qint64 m_wallOriginMs = 0; // wall reading at simulated elapsed 0
    qint64 m_elapsedAtAnchor = 0; // simulated elapsed ms when m_realAnchor was taken
    qint64 m_realAnchor = 0; // real monotonic ms at the last rebase
    bool m_running = true;
    double m_speed = 1.0;
};

} // namespace keyright
