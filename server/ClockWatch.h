#pragma once

#include "ServerClock.h"

#include <QObject>
#include <QTimer>

#include <chrono>

namespace keyright::server {

class LeaseStore;
class Metrics;

// Ticks the server's clock once a second (ServerClock::tick: the clock's record in the store is
// brought up to date, so that a jump is seen even when no request comes and a restart goes on
// from the last time seen), and reports every jump the clock has seen: a `clock_jumped` audit
// event (which clock, its size in signed milliseconds, its direction; wire/ClockJump),
// keyright_clock_jumps_total in /metrics, and a warning in the log. The clock itself is what keeps
// seats safe; this only tells people about it. A QTimer ticks on Qt's monotonic clock with a
// fixed interval, so no tick is ever computed from a difference of readings.
class ClockWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClockWatch)

public:
    static constexpr std::chrono::milliseconds defaultInterval {1000};

    ClockWatch(ServerClock &clock, LeaseStore &store, Metrics &metrics,
               std::chrono::milliseconds interval = defaultInterval, QObject *parent = nullptr);

    void start();
    void stop();
    bool isActive() const { return m_timer.isActive(); }

    // One tick now: ticks the clock and records the jumps it saw since the last tick. Returns how
    // many it recorded.
    int check();

private:
    ServerClock &m_clock;
    LeaseStore &m_store;
    Metrics &m_metrics;
    QTimer m_timer;
};

} // namespace keyright::server
