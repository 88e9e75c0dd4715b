#include "LeasePredicate.h"

#include <limits>

namespace keyright {

bool isLive(const QDateTime &expiresAt, const QDateTime &now, std::chrono::milliseconds skew)
{
    // A row without a valid expiry cannot hold a seat; it is treated as long gone, which also makes
    // it reapable, so a corrupt row frees its seat instead of blocking it for ever.
    if (!expiresAt.isValid())
        return false;
    // Through the boundary a store's count uses (earliestLiveExpiryMs()), so that the counter's
    // SQL and this predicate are one comparison.
    return expiresAt.toMSecsSinceEpoch() >= earliestLiveExpiryMs(now, skew);
}

bool isLive(const SeatLease &lease, const QDateTime &now, std::chrono::milliseconds skew)
{
    return isLive(lease.expiresAt, now, skew);
}

qint64 earliestLiveExpiryMs(const QDateTime &now, std::chrono::milliseconds skew)
{
    // now <= e + skew, read as e >= now - skew; the difference saturates (a skew past the
    // epoch's range makes every expiry live, a negative one past it none).
    Q_ASSERT(now.isValid());
    qint64 bound = 0;
    if (__builtin_sub_overflow(now.toMSecsSinceEpoch(), skew.count(), &bound))
        return skew.count() > 0 ? std::numeric_limits<qint64>::min() : std::numeric_limits<qint64>::max();
    return bound;
}

// Defined through isLive() on purpose: the reaper and the counter share one comparison, so no
// rounding or boundary difference can ever make them disagree about a row.
bool isReapable(const QDateTime &expiresAt, const QDateTime &now, std::chrono::milliseconds reapGrace)
{
    return !isLive(expiresAt, now, reapGrace);
}

bool isReapable(const SeatLease &lease, const QDateTime &now, std::chrono::milliseconds reapGrace)
{
    return isReapable(lease.expiresAt, now, reapGrace);
}

QDateTime reapableAt(const QDateTime &expiresAt, std::chrono::milliseconds reapGrace)
{
    if (!expiresAt.isValid())
        return {};
    return expiresAt.addMSecs(reapGrace.count() + 1);
}

} // namespace keyright
