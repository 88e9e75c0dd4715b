#include "seats/LicenseState.h"

#include "LeasePredicate.h"

#include <algorithm>

namespace keyright::server {

namespace {

qint64 wholeSeconds(std::chrono::milliseconds duration)
{
    return std::chrono::duration_cast<std::chrono::seconds>(duration).count();
}

} // namespace

LicenseState LicenseState::of(LeaseStore &store, const LicenseRecord &license, const QList<StoredLease> &rows,
                              const QDateTime &now, int deniedLastHour)
{
    const auto live = std::count_if(rows.cbegin(), rows.cend(), [&](const StoredLease &row) {
        return isLive(row.lease, now, license.policy.skew());
    });
    LicenseState state {license.id,
                        license.name,
                        license.policy.seatCount(),
                        int(live),
                        license.policy.ttl(),
                        license.policy.skew(),
                        license.policy.reapGrace(),
                        deniedLastHour,
                        store.licenseRules(license.id).reservedSeats()};
    state.validity = license.validity;
    state.borrow = license.borrow;
    state.borrowed = int(std::count_if(rows.cbegin(), rows.cend(), [&](const StoredLease &row) {
        return row.lease.borrowed && isLive(row.lease, now, license.policy.skew());
    }));
    return state;
}

LicenseSummary LicenseState::toWire() const
{
    LicenseSummary summary {id,
                            name,
                            seatCount,
                            inUse,
                            wholeSeconds(ttl),
                            wholeSeconds(skew),
                            wholeSeconds(reapGrace),
                            deniedLastHour,
                            reservedSeats,
                            waiting};
    summary.validity = validity;
    summary.borrow = borrow;
    summary.borrowed = borrowed;
    return summary;
}

} // namespace keyright::server
