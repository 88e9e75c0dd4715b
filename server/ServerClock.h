#pragma once

#include "Clock.h"
#include "wire/ClockJump.h"

#include <QDateTime>
#include <QList>

#include <chrono>

namespace keyright::server {

// The one clock a server decides with (LeaseServer::serverClock()): every liveness decision,
// every signed time and every event's time read it. Two kinds (docs/ARCHITECTURE.md):
// GuardedWallClock, this server's wall clock guarded against jumps and recorded in the store so
// that a restart goes on from it (SQLite); and DatabaseClock, one reference kept in the database
// that every instance decides with (PostgreSQL).
class ServerClock : public Clock
{
public:
    struct Jump
    {
        ClockJump detail; // which clock, by how much, the offset right after
        QDateTime seenAt; // now() when it was seen
    };

    // A jump smaller than this is not reported (the clocks treat every difference alike).
    static constexpr std::chrono::milliseconds jumpThreshold {5000};

    // One tick of ClockWatch: brings the clock's record in the store up to date and returns the
    // jumps seen since the last tick, oldest first. A store that cannot be written is logged, not
    // thrown: the clock goes on, and the next tick tries again.
    virtual QList<Jump> tick() = 0;
    // The clock "now" follows minus "now", as of the last tick: > 0 while catching up after a
    // forward jump, < 0 while held ahead after a backward one.
    virtual std::chrono::milliseconds offset() const = 0;
};

} // namespace keyright::server
