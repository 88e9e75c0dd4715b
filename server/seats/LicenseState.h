#pragma once

#include "store/LeaseStore.h"
#include "store/StoreTypes.h"
#include "wire/LicenseSummary.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <chrono>

namespace keyright::server {

// A license as the server knows it at one moment: its policy to the millisecond, its live seats,
// its recent denials, what its rules reserve and who waits in its line. The wire's description of
// a license (core's LicenseSummary) is made from it with toWire(), in whole seconds.
struct LicenseState
{
    QString id;
    QString name;
    int seatCount = 0;
    int inUse = 0; // live leases
    std::chrono::milliseconds ttl {0};
    std::chrono::milliseconds skew {0};
    std::chrono::milliseconds reapGrace {0};
    int deniedLastHour = 0; // refused checkouts (denialKinds()) in the hour before now
    int reservedSeats = 0; // what the license's rules reserve, used or idle
    int waiting = 0; // tickets waiting in its line
    LicenseValidity validity = {};
    BorrowPolicy borrow = {};
    int borrowed = 0; // live borrowed leases, counted in inUse too

    // The license with `rows` (its lease rows) counted live at `now` and its rules read from
    // `store`; waiting is left at 0 for the caller to fill.
    static LicenseState of(LeaseStore &store, const LicenseRecord &license, const QList<StoredLease> &rows,
                           const QDateTime &now, int deniedLastHour);

    // Durations in whole seconds, rounded down: the wire carries integers (docs/API.md,
    // compatibility notes).
    LicenseSummary toWire() const;
};

} // namespace keyright::server
