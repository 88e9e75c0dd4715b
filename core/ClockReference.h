#pragma once

#include <QString>

#include <optional>

namespace keyright {

// What a server keeps of its clock in its store, so that "now" carries on across a restart
// instead of starting afresh on the wall clock, and, on a database several instances share, so
// that every instance decides with one "now" (docs/ARCHITECTURE.md, "One now for every
// instance").
struct ClockReference
{
    qint64 referenceMs = 0; // the "now" decisions are made with, as of this record
    qint64 wallMs = 0; // the wall clock that "now" follows (the server's or the database's), then
    qint64 monotonicMs = 0; // the recording server's monotonic clock, then
    QString monotonicEpoch; // which monotonic clock that was (Clock::monotonicEpoch); empty: unknown

    friend bool operator==(const ClockReference &, const ClockReference &) = default;
};

namespace clockreference {

// How much of a move of the wall clock is believed when no monotonic clock measured the real
// time it spans (a record made by another machine, or before a reboot). The rest is treated as a
// jump: caught up at catchUpPercent, never all at once.
inline constexpr qint64 unmeasuredLimitMs = 2000;
// How much faster than real time "now" may run while it catches up with a wall clock ahead of it
// (the same rate as JumpGuardedClock's).
inline constexpr int catchUpPercent = 20;
// When the wall clock's move and the measured real time differ by less than this (or a tenth of
// the time measured, if more), they are taken to agree: the wall clock is followed exactly, its
// pace kept. The database's clock and a server's monotonic clock are never read at the same
// instant; without this, the jitter between the two readings would add up into "now" running
// ahead of the clock it follows. A recorder whose two readings may be further apart than this
// does not measure at all (advance()'s `measurable`).
inline constexpr qint64 agreementMs = 50;

// The real time since `last` was recorded, when `epoch` names the same monotonic clock as the
// record's (and it did not go backwards); nullopt when nothing can tell.
std::optional<qint64> measuredElapsed(const ClockReference &last, qint64 monotonicMs, const QString &epoch);

// What "now" reads at wall time `wallMs` on the record `last` alone: the record's reference moved
// on by the wall clock's move (at most unmeasuredLimitMs, never backwards) and by the catch-up
// that move allows. The same for every reader of the same record and wall reading, and never
// less for a later wall reading; it is what PostgreSQL computes for every decision
// (PgLeaseStore), and tst_storecontract checks the two agree.
qint64 extrapolate(const ClockReference &last, qint64 wallMs);

struct Advance
{
    ClockReference next;
    // How much further (> 0) or less far (< 0) the wall clock moved than the real time that
    // passed, as far as it could be told: beyond a threshold, a jump to report.
    qint64 jumpMs = 0;
    bool measured = false; // whether the real time was measured (else unmeasuredLimitMs was believed)
};

// The record that follows `last` when the recorder reads wall time `wallMs` and its own monotonic
// clock `monotonicMs` of `epoch`. Its reference moves on by the real time that passed: the wall
// clock's move when the measured real time agrees with it (agreementMs), else the measured real
// time, or with nothing measured the wall clock's move up to unmeasuredLimitMs; plus a catch-up of
// at most catchUpPercent of it towards a wall clock ahead. It is never below
// extrapolate(last, wallMs), which readers may already have used, nor below `floorMs` (a "now"
// already used for a decision), and never moves back.
// `measurable`: false when the recorder's monotonic reading may be too far from its wall reading
// to measure with (it still goes into the record).
Advance advance(const ClockReference &last, qint64 wallMs, qint64 monotonicMs, const QString &epoch, qint64 floorMs = 0,
                bool measurable = true);

} // namespace clockreference

} // namespace keyright
