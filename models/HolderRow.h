#pragma once

#include "wire/LeaseList.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace keyright {

// One row of the holders table: a lease (live, or expired and awaiting the reaper) or a block
// that keeps a revoked holder out of a license.
struct HolderRow
{
    enum class Kind { Lease, Block };
    Kind kind = Kind::Lease;
    QString key; // the seat id, or "block/<license>/<holder>"
    QString licenseId;
    LeaseRow lease;
    HolderBlock block;
    QDateTime heldSince; // the grant when known from the events, else the earliest issuedAt seen
    bool heldSinceExact = false;
    // Under the license's seat rules, for a live lease: the reservation it counts against (empty:
    // the shared seats) and every cap of a group it is in, with what the group holds.
    struct Cap
    {
        QString group;
        int held = 0;
        int cap = 0;
        friend bool operator==(const Cap &, const Cap &) = default;
    };
    QString reservation;
    QList<Cap> caps;
    bool ruled = false; // the license has rules: "shared seats" means something
    // A holder without activity for longer than this is idle: the license-wide reclaimIdle rule's
    // afterMinutes, else the ledger's default.
    int idleAfterMinutes = 30;
    // The Holder column's sort key (holder, held since, key), made when first asked for; cleared
    // by whoever changes the holder or held since of a row in place.
    mutable QString holderSortKey;

    QString holder() const { return kind == Kind::Lease ? lease.lease.holder : block.holder; }
};

} // namespace keyright

Q_DECLARE_TYPEINFO(keyright::HolderRow, Q_RELOCATABLE_TYPE);
