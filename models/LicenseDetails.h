#pragma once

#include "SeatDecision.h"
#include "SeatRules.h"
#include "wire/LeaseList.h"

#include <QDateTime>
#include <QList>

namespace keyright {

// What the last lease listing of a license said beyond its rows: its seat rules, the server's
// groups, its waiting line, and its seats split by seatUsage() over the leases the server counted
// (licenseDetailsOf() in PollMerge.h). DashboardSession keeps one per polled license.
struct LicenseDetails
{
    int seatCount = 0;
    SeatRules rules;
    QList<HolderGroup> groups;
    QList<QueueTicket> queue;
    SeatUsage usage;
    QDateTime serverTime;
};

} // namespace keyright
