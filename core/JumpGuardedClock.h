#pragma once

#include "Clock.h"
#include "ClockReference.h"

#include <QList>

#include <mutex>

namespace keyright {

// The server's clock, made safe against jumps of the machine's clocks (an operator setting the
// time, NTP stepping it, a VM restored from a snapshot). Every reading compares how far the base's
// wall clock moved with how far its monotonic clock moved; a difference beyond threshold() is a
// jump, kept for takeJumps(). Whatever the base does, the guarded readings move with real elapsed
// time (the monotonic clock) and never backwards:
// - wall clock ahead of the guarded reading (a forward jump): the guarded clock runs at most
//   catchUpPercent faster than real time until it has caught up, so a lease signed just before the
//   jump still lasts ttl / 1.2 of real time, well over the TTL/3 a holder renews at;
// - wall clock behind (a backward jump): the guarded clock keeps running at real speed and stays
//   ahead; it meets the wall clock again only if the wall catches up (docs/ARCHITECTURE.md,
//   "Clock jumps").
// A restart goes on from the reference() an earlier run kept (resumeFrom()) rather than from the
// wall clock, so a jump made while the server ran, or while it was stopped, is treated the same.
// monotonic() is the base's, except that it never moves backwards either.
// Readings are serialized by a mutex, so any thread may read; the base must outlive this clock.
class JumpGuardedClock final : public Clock
{
public:
    struct Jump
    {
        enum class Source { Wall, Monotonic };
        Source source = Source::Wall;
        // Signed: how much further (> 0) or less far (< 0) the clock moved than real time did.
        std::chrono::milliseconds size {0};
        QDateTime seenAt; // the guarded reading when it was seen
        std::chrono::milliseconds offset {0}; // offset() right after it
    };

    static constexpr std::chrono::milliseconds defaultThreshold {5000};
    static constexpr int catchUpPercent = 20;
    static constexpr int maxPendingJumps = 64;

    explicit JumpGuardedClock(const Clock &base, std::chrono::milliseconds threshold = defaultThreshold);

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    QString monotonicEpoch() const override { return m_base.monotonicEpoch(); }

    // A reading, as what a later run resumes from: the guarded reading and the base's readings
    // it was taken at (the base's own monotonic reading and epoch, which another process on the
    // same machine can compare with its own).
    ClockReference reference() const;
    // Before the first reading: go on from `last`, a reference() an earlier run kept, instead of
    // starting on the wall clock. The real time since then is what the base's monotonic clock
    // measured when it is the same clock (same epoch), else the wall clock's move up to
    // clockreference::unmeasuredLimitMs; what the wall clock moved beyond the real time is a
    // jump like any other (reported by takeJumps(), caught up at catchUpPercent, or held ahead).
    // The guarded reading never goes below last.referenceMs.
    void resumeFrom(const ClockReference &last);

    std::chrono::milliseconds threshold() const { return m_threshold; }
    // The base's wall clock minus the guarded reading, as of the last reading: > 0 while catching
    // up after a forward jump, < 0 while held ahead after a backward one.
    std::chrono::milliseconds offset() const;
    // The jumps seen since the last call, oldest first. Past maxPendingJumps, further jumps are
    // added into the last one, so memory stays bounded whatever the base does.
    QList<Jump> takeJumps();

private:
    void sample() const;
    void noteJump(Jump::Source source, qint64 sizeMs) const;

    const Clock &m_base;
    const std::chrono::milliseconds m_threshold;

    // A reading updates the state, hence mutable: Clock's readings are const.
    mutable std::mutex m_mutex;
    mutable bool m_started = false;
    mutable qint64 m_guardedMs = 0;
    mutable qint64 m_guardedMonotonicMs = 0;
    mutable qint64 m_lastWallMs = 0;
    mutable qint64 m_lastMonotonicMs = 0;
    mutable qint64 m_offsetMs = 0;
    mutable qint64 m_catchUpCarry = 0; // hundredths of a millisecond
    mutable QList<Jump> m_jumps;
};

} // namespace keyright
