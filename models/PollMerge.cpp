#include "PollMerge.h"

#include "LeaseTableModel.h"
#include "SeatDecision.h"
#include "wire/LedgerReport.h"

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString blockKey(const QString &licenseId, const QString &holder)
{
    return u"block/"_s + licenseId + u'/' + holder;
}

// The leases the server counted (its `live` flag, decided on its clock), as seatUsage() takes them:
// only those, with the listing's time as "now" and a skew just wide enough that each of them is
// live there. The dashboard does not know the license's skew and must not second-guess the server.
struct CountedLeases
{
    QList<SeatLease> leases;
    QDateTime now;
    std::chrono::milliseconds skew {0};
};

CountedLeases countedLeases(const LeaseList &list, const QDateTime &fallbackNow)
{
    CountedLeases counted;
    counted.now = list.serverTime.isValid() ? list.serverTime : fallbackNow;
    for (const LeaseRow &row : list.leases) {
        if (!row.live)
            continue;
        counted.leases << row.lease;
        counted.skew = std::max(counted.skew, std::chrono::milliseconds {row.lease.expiresAt.msecsTo(counted.now)});
    }
    return counted;
}

// Which columns differ between two versions of one row, as a bit per column.
unsigned changedColumns(const HolderRow &a, const HolderRow &b)
{
    unsigned mask = 0;
    const auto set = [&mask](int column) { mask |= 1u << column; };
    if (a.kind != b.kind)
        return (1u << LeaseTableModel::ColumnCount) - 1;
    if (a.kind == HolderRow::Kind::Lease) {
        const SeatLease &x = a.lease.lease;
        const SeatLease &y = b.lease.lease;
        if (x.holder != y.holder)
            set(LeaseTableModel::HolderColumn);
        if (x.generation != y.generation)
            set(LeaseTableModel::GenerationColumn);
        if (x.expiresAt != y.expiresAt || x.issuedAt != y.issuedAt) {
            set(LeaseTableModel::ExpiresAtColumn);
            set(LeaseTableModel::CountdownColumn);
        }
        if (a.lease.live != b.lease.live || a.lease.reapableAt != b.lease.reapableAt
            || a.lease.writeOff != b.lease.writeOff)
            set(LeaseTableModel::StateColumn);
        if (a.lease.signatureValid != b.lease.signatureValid || x.signature != y.signature)
            set(LeaseTableModel::SignatureColumn);
        // Idleness marks the whole row.
        if (a.lease.lastActivityAt != b.lease.lastActivityAt || a.idleAfterMinutes != b.idleAfterMinutes)
            return (1u << LeaseTableModel::ColumnCount) - 1;
        if (a.lease.reclaimAt != b.lease.reclaimAt)
            set(LeaseTableModel::IdleForColumn);
        // Without rules the column is empty whatever the liveness: no change to report there.
        if (a.reservation != b.reservation || a.caps != b.caps || a.ruled != b.ruled
            || (b.ruled && a.lease.live != b.lease.live))
            set(LeaseTableModel::CountsAgainstColumn);
    } else {
        if (a.block.until != b.block.until) {
            set(LeaseTableModel::CountdownColumn);
            set(LeaseTableModel::StateColumn);
        }
        if (a.block.reason != b.block.reason)
            set(LeaseTableModel::StateColumn);
    }
    return mask;
}

} // namespace

QList<HolderRow> holderRowsOf(const LeaseList &list, const QDateTime &now)
{
    QList<HolderRow> rows;
    rows.reserve(list.leases.size() + list.blocks.size());
    const bool ruled = !list.rules.isEmpty();
    int idleAfterMinutes = LedgerQuery::defaultIdleAfterMinutes;
    for (const IdleReclaim &reclaim : list.rules.reclaimIdle) {
        if (reclaim.group.isEmpty())
            idleAfterMinutes = reclaim.afterMinutes;
    }
    // What a seat counts against only means something under rules; without them (most licenses)
    // nothing needs counting.
    std::optional<CompiledSeatRules> compiled;
    CountedLeases counted;
    QList<int> members; // live members of each reservation
    QList<int> capHeld; // live members of each capped group
    if (ruled) {
        compiled.emplace(list.rules, list.groups);
        counted = countedLeases(list, now);
        members.fill(0, list.rules.reserve.size());
        capHeld.fill(0, list.rules.max.size());
        for (const SeatLease &lease : std::as_const(counted.leases)) {
            if (const auto r = compiled->reservationOf(lease.holder))
                ++members[*r];
            for (int c = 0; c < list.rules.max.size(); ++c) {
                if (compiled->inGroup(lease.holder, list.rules.max.at(c).group))
                    ++capHeld[c];
            }
        }
    }
    for (const LeaseRow &lease : list.leases) {
        HolderRow row;
        row.kind = HolderRow::Kind::Lease;
        row.key = lease.lease.seatId;
        row.licenseId = list.licenseId;
        row.lease = lease;
        row.ruled = ruled;
        row.idleAfterMinutes = idleAfterMinutes;
        if (lease.live && ruled) {
            // While a reservation's live members fit it, each counts against it; only an
            // overflowing one needs seatUsage()'s oldest-seat-first order per seat.
            if (const auto r = compiled->reservationOf(lease.lease.holder)) {
                row.reservation = members.at(*r) <= list.rules.reserve.at(*r).seats
                    ? list.rules.reserve.at(*r).group
                    : reservationCountedAgainst(*compiled, counted.leases, lease.lease.seatId, counted.now,
                                                counted.skew);
            }
            for (const int c : compiled->capsOf(lease.lease.holder))
                row.caps << HolderRow::Cap {list.rules.max.at(c).group, capHeld.at(c), list.rules.max.at(c).seats};
        }
        rows << std::move(row);
    }
    for (const HolderBlock &block : list.blocks) {
        HolderRow row;
        row.kind = HolderRow::Kind::Block;
        row.key = blockKey(list.licenseId, block.holder);
        row.licenseId = list.licenseId;
        row.block = block;
        rows << std::move(row);
    }
    return rows;
}

LicenseDetails licenseDetailsOf(const LeaseList &list, const QDateTime &now)
{
    const CountedLeases counted = countedLeases(list, now);
    const CompiledSeatRules compiled(list.rules, list.groups);
    return LicenseDetails {list.seatCount,
                           list.rules,
                           list.groups,
                           list.queue,
                           seatUsage(list.seatCount, compiled, counted.leases, counted.now, counted.skew),
                           counted.now};
}

PollMerge mergePoll(const QList<HolderRow> &current, const QHash<QString, int> &rowByKey, const QList<LeaseList> &lists,
                    const QHash<QString, QDateTime> &grants, const QDateTime &now)
{
    PollMerge merge;
    QSet<QString> covered;
    QList<HolderRow> incoming; // in the server's order
    for (const LeaseList &list : lists) {
        covered.insert(list.licenseId);
        incoming << holderRowsOf(list, now);
    }
    QHash<QString, int> incomingByKey;
    incomingByKey.reserve(incoming.size());
    for (int i = 0; i < incoming.size(); ++i)
        incomingByKey.insert(incoming.at(i).key, i);

    // Rows that went, and what every row that stays is numbered once they are gone.
    QList<int> renumbered(current.size(), -1);
    int removed = 0;
    for (int r = 0; r < current.size(); ++r) {
        const HolderRow &row = current.at(r);
        if (covered.contains(row.licenseId) && !incomingByKey.contains(row.key))
            ++removed;
        else
            renumbered[r] = r - removed;
    }
    for (int r = int(current.size()) - 1; r >= 0;) {
        if (renumbered.at(r) >= 0) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && renumbered.at(first - 1) < 0)
            --first;
        merge.removals.append({first, r});
        r = first - 1;
    }

    for (HolderRow &next : incoming) {
        const auto it = rowByKey.constFind(next.key);
        if (it == rowByKey.cend() || it.value() < 0 || it.value() >= current.size() || renumbered.at(it.value()) < 0) {
            if (next.kind == HolderRow::Kind::Lease) {
                const auto grant = grants.constFind(next.key);
                next.heldSinceExact = grant != grants.cend();
                next.heldSince = next.heldSinceExact ? grant.value() : next.lease.lease.issuedAt;
            }
            merge.additions << std::move(next);
            continue;
        }
        const HolderRow &shown = current.at(it.value());
        const unsigned columns = changedColumns(shown, next);
        if (columns == 0)
            continue;
        next.heldSince = shown.heldSince;
        next.heldSinceExact = shown.heldSinceExact;
        merge.changes.append({renumbered.at(it.value()), columns, std::move(next)});
    }
    std::sort(merge.changes.begin(), merge.changes.end(),
              [](const PollMerge::Change &a, const PollMerge::Change &b) { return a.row < b.row; });
    return merge;
}

} // namespace keyright
