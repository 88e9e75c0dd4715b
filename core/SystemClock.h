#pragma once

#include "Clock.h"

namespace keyright {

// The machine's clocks: QDateTime::currentDateTimeUtc(), and CLOCK_BOOTTIME on Linux (time since boot,
// suspensions included) or std::chrono::steady_clock elsewhere.
class SystemClock final : public Clock
{
public:
    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    // The kernel's boot id on Linux (a new one at every boot), else empty.
    QString monotonicEpoch() const override;

    // A process-wide instance for production wiring; code under test receives its clock instead.
    static const SystemClock &instance();
};

} // namespace keyright
