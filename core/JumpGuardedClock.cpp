#include "JumpGuardedClock.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace keyright {

JumpGuardedClock::JumpGuardedClock(const Clock &base, std::chrono::milliseconds threshold)
    : m_base(base)
    , m_threshold(std::max(threshold, std::chrono::milliseconds {1}))
{ }

QDateTime JumpGuardedClock::now() const
{
    const std::lock_guard lock(m_mutex);
    sample();
    return QDateTime::fromMSecsSinceEpoch(m_guardedMs, Qt::UTC);
}

std::chrono::milliseconds JumpGuardedClock::monotonic() const
{
    const std::lock_guard lock(m_mutex);
    sample();
    return std::chrono::milliseconds {m_guardedMonotonicMs};
}

std::chrono::milliseconds JumpGuardedClock::offset() const
{
    const std::lock_guard lock(m_mutex);
    return std::chrono::milliseconds {m_offsetMs};
}

ClockReference JumpGuardedClock::reference() const
{
    const std::lock_guard lock(m_mutex);
    sample();
    return ClockReference {m_guardedMs, m_lastWallMs, m_lastMonotonicMs, m_base.monotonicEpoch()};
}

void JumpGuardedClock::resumeFrom(const ClockReference &last)
{
    const std::lock_guard lock(m_mutex);
    const qint64 wall = m_base.nowMs();
    const qint64 monotonic = m_base.monotonic().count();
    const auto measured = clockreference::measuredElapsed(last, monotonic, m_base.monotonicEpoch());
    const qint64 elapsed
        = measured ? *measured : std::clamp<qint64>(wall - last.wallMs, 0, clockreference::unmeasuredLimitMs);
    // As if the previous reading had been `last`, taken `elapsed` ago on this run's monotonic
    // clock: the next sample() then moves on by `elapsed`, and takes whatever else the wall clock
    // moved for a jump.
    m_started = true;
    m_guardedMs = last.referenceMs;
    m_lastWallMs = last.wallMs;
    m_lastMonotonicMs = monotonic - elapsed;
    m_guardedMonotonicMs = monotonic - elapsed;
    m_catchUpCarry = 0;
    sample();
}

QList<JumpGuardedClock::Jump> JumpGuardedClock::takeJumps()
{
    const std::lock_guard lock(m_mutex);
    return std::exchange(m_jumps, {});
}

void JumpGuardedClock::noteJump(Jump::Source source, qint64 sizeMs) const
{
    const Jump jump {source, std::chrono::milliseconds {sizeMs}, QDateTime::fromMSecsSinceEpoch(m_guardedMs, Qt::UTC),
                     std::chrono::milliseconds {m_offsetMs}};
    if (m_jumps.size() < maxPendingJumps) {
        m_jumps.append(jump);
        return;
    }
    Jump &last = m_jumps.last();
    last.size += jump.size;
    last.seenAt = jump.seenAt;
    last.offset = jump.offset;
}

void JumpGuardedClock::sample() const
{
    const qint64 wall = m_base.nowMs();
    const qint64 monotonic = m_base.monotonic().count();
    if (!m_started) {
        m_started = true;
        m_guardedMs = wall;
        m_guardedMonotonicMs = monotonic;
        m_lastWallMs = wall;
        m_lastMonotonicMs = monotonic;
        return;
    }
    const qint64 threshold = m_threshold.count();
    const qint64 wallStep = wall - m_lastWallMs;
    const qint64 monotonicStep = monotonic - m_lastMonotonicMs;
    m_lastWallMs = wall;
    m_lastMonotonicMs = monotonic;

    // Real elapsed time is what the monotonic clock says, unless it went backwards: then the wall
    // clock's step is the best estimate there is, if it is a plausible one. Either way it is never
    // negative, so nothing downstream computes a deadline from a negative difference.
    qint64 elapsed = monotonicStep;
    bool monotonicJumped = false;
    if (monotonicStep < 0) {
        elapsed = wallStep >= 0 && wallStep <= threshold ? wallStep : 0;
        monotonicJumped = -monotonicStep > threshold;
    }
    const qint64 wallJump = wallStep - elapsed;

    qint64 guarded = m_guardedMs + elapsed;
    const qint64 behind = wall - guarded;
    if (behind > 0) {
        // At most catchUpPercent faster than real time. The fraction of a millisecond is carried
        // over, so frequent readings neither lose the catch-up nor speed it up.
        m_catchUpCarry += elapsed * catchUpPercent;
        const qint64 catchUp = std::min(behind, m_catchUpCarry / 100);
        m_catchUpCarry -= catchUp * 100;
        guarded += catchUp;
    } else {
        m_catchUpCarry = 0;
    }
    m_guardedMs = guarded;
    m_guardedMonotonicMs += elapsed;
    m_offsetMs = wall - guarded;

    if (monotonicJumped)
        noteJump(Jump::Source::Monotonic, monotonicStep - elapsed);
    if (std::abs(wallJump) > threshold)
        noteJump(Jump::Source::Wall, wallJump);
}

} // namespace keyright
