#pragma once

#include "Clock.h"

#include <QThread>

#include <chrono>
#include <functional>
#include <optional>

namespace keyright::server {

// The clock of a database shared by several servers (PostgreSQL's clock_timestamp()), so that
// every instance takes "now" for its liveness decisions from one place, whatever its own wall
// clock says. monotonic() stays the local monotonic clock.
//
// A round trip per reading would double the cost of a heartbeat, so a reading is kept and moved
// on by the local monotonic clock: now() = last reading + monotonic time since it. The store
// takes a fresh reading at the start of every transaction and once it holds a license's row
// (inside it, observe()); outside a
// transaction now() reads again when the last reading is older than maxAge. The error is thus
// bounded by half a round trip plus the local monotonic clock's drift over at most maxAge (or
// over one transaction), i.e. well under a millisecond. When the database cannot be read (it is
// down, or this is another thread) the last reading goes on being extrapolated, and before any
// reading the local wall clock answers: the store operation that follows fails anyway.
class DatabaseClock final : public Clock
{
public:
    using Reader = std::function<std::optional<qint64>()>; // milliseconds since the epoch

    DatabaseClock(const Clock &local, Reader reader, std::chrono::milliseconds maxAge = std::chrono::seconds(1));

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;

    // A reading the store took itself.
    void observe(qint64 databaseMs) const;
    bool hasReading() const { return m_readingMs.has_value(); }

private:
    const Clock &m_local;
    Reader m_reader;
    std::chrono::milliseconds m_maxAge;
    QThread *m_thread; // the store's: the only one that may use its connection
    mutable std::optional<qint64> m_readingMs;
    mutable std::chrono::milliseconds m_readAt {0}; // m_local.monotonic() at the reading
};

} // namespace keyright::server
