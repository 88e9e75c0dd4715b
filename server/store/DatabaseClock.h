#pragma once

#include "ServerClock.h"

#include <QThread>

#include <chrono>
#include <mutex>
#include <optional>

namespace keyright::server {

class PgLeaseStore;

// One "now" for every instance on a database they share (docs/ARCHITECTURE.md, "One now for every
// instance"). "Now" is never an instance's own reading: it is computed by the database from one
// reference kept in it (the clock_reference row: ClockReference) and the database's clock, with
// clockreference::extrapolate, the same function for every instance; a decision about a license
// takes the greater of that and the last "now" any instance decided that license with (kept on
// the license's row), and writes it back (PgLeaseStore::licensesLocked). So every instance,
// including one started a moment ago, decides with the same "now", and no decision about a
// license ever takes an earlier "now" than one made before it: a lease counted dead by one
// instance is dead for every later one. The reference itself is advanced by each instance's
// ClockWatch tick (tick(), PgLeaseStore::advanceClock): by the real time that passed, measured on
// the monotonic clock of the machine that advanced it last where possible, never backwards, and
// catching up at most 20 % faster than real time with a database clock that jumped ahead. A jump
// of the database's clock is thus seen once, by the instance whose tick crosses it, and reported
// as the database's ("clock": "database").
//
// A transaction decides with one "now": the reading taken when it began, or when it locked its
// licenses (hold()), until it ends (release()). Outside a transaction a reading is moved on by
// the local monotonic clock and taken again when older than maxAge; with no reading at all (the
// database was never reached) the local wall clock answers, and the store operation that follows
// fails anyway. monotonic() is the local monotonic clock, never moving backwards.
class DatabaseClock final : public ServerClock
{
public:
    // `local` gives the monotonic clock; `store` the readings. Both must outlive this clock.
    DatabaseClock(const Clock &local, PgLeaseStore &store, std::chrono::milliseconds maxAge = std::chrono::seconds(1));

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    QString monotonicEpoch() const override { return m_local.monotonicEpoch(); }

    QList<Jump> tick() override;
    std::chrono::milliseconds offset() const override;

    // The store's readings (PgLeaseStore): `ms` is the "now" of the transaction that took it,
    // held until release(), when the transaction ends. `shared`: it is the reading every instance
    // takes (a transaction's start), which now() moves on from after release(); otherwise it is a
    // license's (never earlier than the last decision about it) and serves that transaction only.
    // `takenAt`: monotonicMs() halfway through the statement that read it.
    void hold(qint64 ms, bool shared, qint64 takenAt) const;
    void release() const;
    bool hasReading() const;
    // The local monotonic clock as now() moves readings on with it.
    qint64 monotonicMs() const;

private:
    // A reading now() moves on from by the local monotonic clock, taken at `takenAt`.
    void observe(qint64 ms, qint64 takenAt) const;
    qint64 localMonotonicMs() const;

    const Clock &m_local;
    PgLeaseStore &m_store;
    std::chrono::milliseconds m_maxAge;
    QThread *m_thread; // the store's: the only one that may use its connection
    mutable std::mutex m_mutex;
    mutable std::optional<qint64> m_readingMs;
    mutable qint64 m_readAtMs = 0; // localMonotonicMs() at the reading
    mutable std::optional<qint64> m_heldMs;
    mutable qint64 m_lastMonotonicMs = 0;
    qint64 m_offsetMs = 0;
};

} // namespace keyright::server
