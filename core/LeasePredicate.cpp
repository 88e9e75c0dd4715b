#include "LeasePredicate.h"

#include <limits>

namespace keyright {

namespace {

// expiresAt + tolerance without wrapping: a huge tolerance means "live for ever", never "expired
// long ago", so the sum saturates.
qint64 saturatingAdd(qint64 a, qint64 b)
{
    qint64 sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return b > 0 ? std::numeric_limits<qint64>::max() : std::numeric_limits<qint64>::min();
    return sum;
}

} // namespace

bool isLive(const QDateTime &expiresAt, const QDateTime &now, std::chrono::milliseconds skew)
{
    // A row without a valid expiry cannot hold a seat; it is treated as long gone, which also makes
    // it reapable, so a corrupt row frees its seat instead of blocking it for ever.
    if (!expiresAt.isValid())
        return false;
    Q_ASSERT(now.isValid());
    return now.toMSecsSinceEpoch() <= saturatingAdd(expiresAt.toMSecsSinceEpoch(), skew.count());
}

bool isLive(const SeatLease &lease, const QDateTime &now, std::chrono::milliseconds skew)
{
    return isLive(lease.expiresAt, now, skew);
}

qint64 earliestLiveExpiryMs(const QDateTime &now, std::chrono::milliseconds skew)
{
    // now <= e + skew, with the sum saturating as isLive() has it: e >= now - skew, saturating too
    // (a skew past the epoch's range makes every expiry live there as it does here).
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
