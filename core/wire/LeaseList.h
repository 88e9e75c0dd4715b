#pragma once

#include "SeatLease.h"
#include "SeatRules.h"
#include "ValidationError.h"
#include "wire/BorrowJson.h"
#include "wire/QueueTicket.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace keyright {

// A holder kept from checking out on a license until `until` (after an admin revoke). The server's
// store keeps it as is; on the wire it is a member of its license's listing, so licenseId is not
// written and a decoder fills it in from the license it asked for.
struct HolderBlock
{
    QString holder;
    QDateTime until;
    QString reason; // empty: none given
    QString licenseId; // not on the wire: the license of the listing

    // holder, until and reason (always written, "" when none).
    QJsonObject toJson() const;
    // reason may be absent or null; the error's field is the value's path under `path`.
    static std::optional<HolderBlock> fromJson(const QJsonValue &json, const QString &licenseId,
                                               const QString &path = {}, ValidationError *error = nullptr);

    friend bool operator==(const HolderBlock &, const HolderBlock &) = default;
};

// One row of GET /v1/licenses/{id}/leases: the signed lease (as LeaseJson writes it), whether
// the seat is live on the server's clock, when the reaper may delete it, when its holder last did
// something ("lastActivityAt", absent when unknown: its client does not report activity), and when
// idle reclaim gives the seat to someone waiting unless its holder acts first ("reclaimAt", absent
// while the seat is not marked or the mark no longer stands: reclaimMarkStands()), and for a
// borrowed seat an admin wrote off, when, by whom and why (BorrowWriteOff's members, absent
// otherwise).
struct LeaseRow
{
    SeatLease lease;
    bool live = false;
    QDateTime reapableAt;
    // Not on the wire: the client sets it after checking the signature against the server's
    // public key (AdminClient); the codec leaves it false.
    bool signatureValid = false;
    QDateTime lastActivityAt = {}; // "lastActivityAt"; invalid: unknown
    QDateTime reclaimAt = {}; // "reclaimAt"; invalid: not marked
    BorrowWriteOff writeOff = {}; // unset: not written off

    // The lease's members (LeaseJson), "live" and "reapableAt": one element of "leases".
    QJsonObject toJson() const;

    friend bool operator==(const LeaseRow &, const LeaseRow &) = default;
};

// The body of GET /v1/licenses/{id}/leases (docs/API.md): every row of one license, live or
// not, the holder blocks in force, the license's seat rules with the server's holder groups (what
// seatUsage() and decideCheckout() need to split the seats and explain a denial), and its waiting
// line in order.
struct LeaseList
{
    // The members a tool that shows a listing in its own report takes over as they are.
    static constexpr char16_t leasesMember[] = u"leases";
    static constexpr char16_t blocksMember[] = u"blocks";

    QString licenseId; // not on the wire: the license of the route
    QDateTime serverTime;
    int seatCount = 0;
    int inUse = 0;
    QList<LeaseRow> leases;
    QList<HolderBlock> blocks;
    SeatRules rules; // "rules" (SeatRulesJson)
    QList<HolderGroup> groups; // "groups": every group of the server
    QList<QueueTicket> queue; // "queue": waiting and granted tickets, head first

    QJsonObject toJson() const;
    // Every lease must be one of `licenseId` (the license asked for). "blocks", "rules", "groups"
    // and "queue" may be absent, as older servers did not send them: none in force.
    static std::optional<LeaseList> fromJson(const QJsonObject &json, const QString &licenseId,
                                             ValidationError *error = nullptr);

    friend bool operator==(const LeaseList &, const LeaseList &) = default;
};

} // namespace keyright
