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

    qint64 nowMs() const { return now().toMSecsSinceEpoch(); }
};

} // namespace keyright
