#pragma once

#include "Clock.h"

#include <chrono>
#include <optional>

namespace keyright {

struct ClockOffset;

// The dashboard's one estimate of the lease server's clock. Every answer that carries the
// server's time (GET /v1/time, a lease list) is an observation: the server's time at the midpoint
// of the round trip, anchored on the local monotonic clock. now() is that time moved on by the
// monotonic time elapsed since, so the estimate survives the local wall clock being changed.
// Before any observation it reads the local wall clock, the best guess there is.
//
// The session, the simulator and the simulation all read (and feed) this one object, so the
// status bar, the countdowns and the simulator's "server" clock can never disagree. The local
// clock must outlive the estimate.
class ServerClockEstimate final : public Clock
{
public:
    explicit ServerClockEstimate(const Clock &local);

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;

    const Clock &localClock() const { return m_local; }

    // A round trip longer than 4 times the held observation's and than it plus this margin is a
    // stall; such an observation is ignored while the held one is younger than
    // stalledSampleMaxAge (a slower network is then believed).
    static constexpr std::chrono::milliseconds stallMargin {500};
    static constexpr std::chrono::milliseconds stalledSampleMaxAge {std::chrono::minutes {5}};

    // The server said `serverTime` in an answer that took `roundTrip` and has just arrived; ignored
    // when it stalled (see stallMargin).
    void observe(const QDateTime &serverTime, std::chrono::milliseconds roundTrip);
    // The same, from a GET /v1/time measurement that has just arrived.
    void observe(const ClockOffset &measured);
    // Another server: forget what was measured.
    void reset();

    bool isMeasured() const { return m_anchorServerMs.has_value(); }
    // The server's clock minus the local wall clock, and its uncertainty (the round trip of the
    // observation); empty before any observation.
    std::optional<ClockOffset> offset() const;
    // When the last observation arrived, on the local monotonic clock.
    std::optional<std::chrono::milliseconds> lastObserved() const { return m_received; }

private:
    bool isStalled(std::chrono::milliseconds roundTrip, std::chrono::milliseconds received) const;

    const Clock &m_local;
    std::optional<qint64> m_anchorServerMs; // the server's time at the anchor
    std::chrono::milliseconds m_anchorMonotonic {0}; // local monotonic at the round trip's midpoint
    std::optional<std::chrono::milliseconds> m_received;
    std::chrono::milliseconds m_roundTrip {0};
};

} // namespace keyright
