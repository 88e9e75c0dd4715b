#pragma once

#include <QDateTime>

#include <chrono>

namespace keyright {

// Every decision that depends on "now" asks a Clock. Two readings, because they answer different
// questions: now() is the wall clock (UTC, millisecond precision) that leases are stamped with and
// that a user can set to anything; monotonic() only ever moves forward at the rate time passes and
// is what a client measures elapsed time with. A skewed wall clock leaves monotonic() alone.
class Clock
{
public:
    virtual ~Clock() = default;

    virtual QDateTime now() const = 0;
    virtual std::chrono::milliseconds monotonic() const = 0;
    // Which clock monotonic() reads: two readings under one non-empty epoch come from the same
    // clock and may be subtracted, even when different processes took them (SystemClock: the
    // machine's boot id, CLOCK_BOOTTIME counting from that boot). Empty when unknown; such
    // readings are never compared with another process's.
    virtual QString monotonicEpoch() const { return {}; }

    qint64 nowMs() const { return now().toMSecsSinceEpoch(); }
};

} // namespace keyright
