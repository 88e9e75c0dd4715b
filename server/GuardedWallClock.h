#pragma once

#include "JumpGuardedClock.h"
#include "ServerClock.h"

namespace keyright::server {

class LeaseStore;

// This server's own wall clock, safe against its jumps (JumpGuardedClock), and recorded in the
// store at every tick so that a restart goes on from the last time seen instead of starting
// afresh on the wall clock: a start far ahead of it is a jump like one seen while running,
// reported and caught up at 20 %, never a reason to end every lease at once. The clock of a
// server on SQLite (and of TestServer on PostgreSQL, which moves a ManualClock).
class GuardedWallClock final : public ServerClock
{
public:
    // `wall` and `store` must outlive this clock. Without a store nothing is recorded and a start
    // reads the wall clock afresh (TestServer on PostgreSQL, where the store's record is the
    // instances' shared reference, not this clock's).
    GuardedWallClock(const Clock &wall, LeaseStore *store);

    // Goes on from the record the store keeps, if any; call before the first reading. Throws
    // StoreError when the store cannot be read.
    void resume();

    QDateTime now() const override { return m_guard.now(); }
    std::chrono::milliseconds monotonic() const override { return m_guard.monotonic(); }
    QString monotonicEpoch() const override { return m_guard.monotonicEpoch(); }

    QList<Jump> tick() override;
    std::chrono::milliseconds offset() const override { return m_guard.offset(); }

private:
    JumpGuardedClock m_guard;
    LeaseStore *m_store;
};

} // namespace keyright::server
