#pragma once

#include "Clock.h"

#include <optional>

namespace keyright {

// The machine's clocks: QDateTime::currentDateTimeUtc(), and CLOCK_BOOTTIME on Linux (time since boot,
// suspensions included) or std::chrono::steady_clock elsewhere.
class SystemClock final : public Clock
{
public:
    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    // The kernel's boot id on Linux (a new one at every boot), else empty. Also empty when this
    // process's CLOCK_BOOTTIME disagrees with the uptime the kernel reports (epochFor()).
    QString monotonicEpoch() const override;

    // The epoch a boot clock reading `bootClockMs` may claim, given the kernel's boot id and its
    // own account of the time since boot (`kernelUptimeMs`, /proc/uptime): "boot:<id>" when the
    // two readings agree within bootClockToleranceMs, else empty (unknown). A process whose
    // clocks are faked (libfaketime fakes CLOCK_BOOTTIME too unless told not to) reads a boot
    // clock that is not the kernel's: its readings must never be subtracted from ones an
    // unfaked run recorded under the same boot id (docs/ARCHITECTURE.md, "Clock jumps").
    static QString epochFor(const QString &bootId, qint64 bootClockMs, std::optional<qint64> kernelUptimeMs);
    // /proc/uptime is given in hundredths of a second and read a moment apart from the clock.
    static constexpr qint64 bootClockToleranceMs = 1000;

    // A process-wide instance for production wiring; code under test receives its clock instead.
    static const SystemClock &instance();
};

} // namespace keyright
