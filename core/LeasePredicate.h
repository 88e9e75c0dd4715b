#pragma once

#include "SeatLease.h"

#include <chrono>

namespace keyright {

// The one liveness rule of the design. A seat is live iff now <= expiresAt + skew. The checkout
// counter, the heartbeat and the reaper all decide through these functions, so they cannot
// disagree about a row.
bool isLive(const QDateTime &expiresAt, const QDateTime &now, std::chrono::milliseconds skew);
bool isLive(const SeatLease &lease, const QDateTime &now, std::chrono::milliseconds skew);
// isLive()'s boundary, for a store that counts live rows itself (`expires_at >= bound`): the
// earliest expiry, in milliseconds since the epoch, that is live at `now`. isLive() is that very
// comparison (a valid expiry e is live iff e.toMSecsSinceEpoch() >= earliestLiveExpiryMs(now,
// skew)), so the store's count and the predicate cannot differ by a millisecond.
qint64 earliestLiveExpiryMs(const QDateTime &now, std::chrono::milliseconds skew);

// A row may be deleted only when it is not live even with the reap grace as tolerance. With a
// policy whose reapGrace > skew, every reapable row is also not live for the counter.
bool isReapable(const QDateTime &expiresAt, const QDateTime &now, std::chrono::milliseconds reapGrace);
bool isReapable(const SeatLease &lease, const QDateTime &now, std::chrono::milliseconds reapGrace);

// The first instant at which isReapable() holds: expiresAt + reapGrace + 1 ms.
QDateTime reapableAt(const QDateTime &expiresAt, std::chrono::milliseconds reapGrace);

} // namespace keyright
