#include "ClockReference.h"

#include <QtGlobal>

#include <algorithm>

namespace keyright::clockreference {

namespace {

// `last.referenceMs` moved on by `elapsed` of real time, with the catch-up that allows towards a
// wall clock that reads `wallMs`.
qint64 followed(const ClockReference &last, qint64 wallMs, qint64 elapsed)
{
    const qint64 moved = last.referenceMs + elapsed;
    const qint64 behind = wallMs - moved;
    return behind > 0 ? moved + std::min(behind, elapsed * catchUpPercent / 100) : moved;
}

} // namespace

std::optional<qint64> measuredElapsed(const ClockReference &last, qint64 monotonicMs, const QString &epoch)
{
    if (epoch.isEmpty() || epoch != last.monotonicEpoch || monotonicMs < last.monotonicMs)
        return std::nullopt;
    return monotonicMs - last.monotonicMs;
}

qint64 extrapolate(const ClockReference &last, qint64 wallMs)
{
    return followed(last, wallMs, std::clamp<qint64>(wallMs - last.wallMs, 0, unmeasuredLimitMs));
}

Advance advance(const ClockReference &last, qint64 wallMs, qint64 monotonicMs, const QString &epoch, qint64 floorMs,
                bool measurable)
{
    const qint64 moved = wallMs - last.wallMs;
    const std::optional<qint64> measured
        = measurable ? measuredElapsed(last, monotonicMs, epoch) : std::optional<qint64>();
    qint64 elapsed = 0;
    if (!measured)
        elapsed = std::clamp<qint64>(moved, 0, unmeasuredLimitMs);
    else if (qAbs(moved - *measured) <= std::max(agreementMs, *measured / 10))
        elapsed = std::max<qint64>(moved, 0);
    else
        elapsed = *measured;
    Advance result;
    result.next.referenceMs
        = std::max({followed(last, wallMs, elapsed), extrapolate(last, wallMs), floorMs, last.referenceMs});
    result.next.wallMs = wallMs;
    result.next.monotonicMs = monotonicMs;
    result.next.monotonicEpoch = epoch;
    result.jumpMs = moved - elapsed;
    result.measured = measured.has_value();
    return result;
}

} // namespace keyright::clockreference
