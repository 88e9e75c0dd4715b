#include "store/TurnReads.h"

#include "LeasePredicate.h"

#include <algorithm>
#include <utility>

namespace keyright::server {

void TurnReads::load(const QStringList &licenseIds, QHash<QString, LicenseRecord> licenses,
                     QHash<QString, QList<StoredLease>> leases, QHash<QString, QList<HolderBlock>> blocks,
                     QHash<QString, SeatRules> rules, QHash<QString, QList<StoredTicket>> tickets,
                     QSet<QString> rowsNotRead)
{
    clear();
    m_loaded = true;
    for (const QString &id : licenseIds) {
        // A license that was not there when the batch locked it is not held: never answered here.
        if (licenses.contains(id))
            m_ids.insert(id);
    }
    m_licenses = std::move(licenses);
    m_leases = std::move(leases);
    m_blocks = std::move(blocks);
    m_rules = std::move(rules);
    m_tickets = std::move(tickets);
    m_rowsNotRead = std::move(rowsNotRead);
}

void TurnReads::clear()
{
    m_loaded = false;
    m_ids.clear();
    m_licenses.clear();
    m_leases.clear();
    m_blocks.clear();
    m_rules.clear();
    m_tickets.clear();
    m_forgotten.clear();
    m_rowsNotRead.clear();
    m_liveCounts.clear();
    m_requestIdsFree.clear();
    m_requestRows.clear();
}

void TurnReads::forget(Table table, const QString &licenseId)
{
    if (!m_ids.contains(licenseId))
        return;
    m_forgotten[table].insert(licenseId);
    if (table == Table::Leases) {
        m_liveCounts.remove(licenseId);
        forgetRequests(licenseId);
    }
}

void TurnReads::forgetRequests(const QString &licenseId)
{
    if (licenseId.isEmpty()) {
        m_requestIdsFree.clear();
        m_requestRows.clear();
        return;
    }
    const QString prefix = requestKey(licenseId, {}, {}).chopped(1);
    m_requestIdsFree.removeIf([&](const QString &key) { return key.startsWith(prefix); });
    m_requestRows.removeIf([&](const auto &entry) { return entry.key().startsWith(prefix); });
}

void TurnReads::forgetAll(Table table)
{
    m_forgotten[table] = m_ids;
    if (table == Table::Leases) {
        m_liveCounts.clear();
        forgetRequests({});
    }
}

void TurnReads::leaseDeleted(const QString &licenseId, const QString &seatId)
{
    if (!knows(Table::Leases, licenseId)) {
        m_liveCounts.remove(licenseId); // whether the row was live is not known here
        m_requestRows.removeIf([&](const auto &entry) {
            return entry.value().lease.licenseId == licenseId && entry.value().lease.seatId == seatId;
        });
        return;
    }
    auto found = m_leases.find(licenseId);
    if (found == m_leases.end())
        return;
    found->removeIf([&](const StoredLease &row) { return row.lease.seatId == seatId; });
}

bool TurnReads::mayTakeLeases(const QString &licenseId) const
{
    return m_ids.contains(licenseId) && !knows(Table::Leases, licenseId);
}

void TurnReads::leasesRead(const QString &licenseId, const QList<StoredLease> &rows)
{
    if (!m_ids.contains(licenseId))
        return;
    m_leases.insert(licenseId, rows);
    m_rowsNotRead.remove(licenseId);
    m_forgotten[Table::Leases].remove(licenseId);
}

void TurnReads::leaseInserted(const StoredLease &row)
{
    const QString &licenseId = row.lease.licenseId;
    if (!row.requestId.isEmpty()) {
        const QString key = requestKey(licenseId, row.lease.holder, row.requestId);
        m_requestIdsFree.remove(key);
        m_requestRows.remove(key); // that row gave it up to this one
    }
    if (!knows(Table::Leases, licenseId)) {
        if (const auto counted = m_liveCounts.find(licenseId); counted != m_liveCounts.end()) {
            const QDateTime now = QDateTime::fromMSecsSinceEpoch(counted->nowMs, Qt::UTC);
            if (isLive(row.lease, now, std::chrono::milliseconds(counted->skewMs)))
                ++counted->count;
        }
        return;
    }
    QList<StoredLease> &rows = m_leases[licenseId];
    if (!row.requestId.isEmpty()) {
        for (StoredLease &other : rows) {
            if (other.lease.holder == row.lease.holder && other.requestId == row.requestId)
                other.requestId.clear();
        }
    }
    rows.append(row);
}

std::optional<bool> TurnReads::holdsRequestId(const QString &licenseId, const QString &holder,
                                              const QString &requestId) const
{
    if (!knows(Table::Leases, licenseId)) {
        const QString key = requestKey(licenseId, holder, requestId);
        if (m_requestRows.contains(key))
            return true;
        if (m_requestIdsFree.contains(key))
            return false;
        return std::nullopt;
    }
    const QList<StoredLease> rows = m_leases.value(licenseId);
    return std::any_of(rows.cbegin(), rows.cend(), [&](const StoredLease &row) {
        return row.lease.holder == holder && row.requestId == requestId;
    });
}

QString TurnReads::requestKey(const QString &licenseId, const QString &holder, const QString &requestId)
{
    // Unit separators between the parts (should a part carry one, two keys could meet: the insert
    // would then meet the unique index and be undone, never grant twice).
    return licenseId + QChar(0x1f) + holder + QChar(0x1f) + requestId;
}

void TurnReads::requestIdFree(const QString &licenseId, const QString &holder, const QString &requestId)
{
    if (m_ids.contains(licenseId) && !requestId.isEmpty())
        m_requestIdsFree.insert(requestKey(licenseId, holder, requestId));
}

void TurnReads::requestsLookedUp(const QList<ExpectedCheckout> &wanted, const QList<StoredLease> &found)
{
    QHash<QString, StoredLease> rows;
    for (const StoredLease &row : found)
        rows.insert(requestKey(row.lease.licenseId, row.lease.holder, row.requestId), row);
    for (const ExpectedCheckout &checkout : wanted) {
        if (checkout.requestId.isEmpty() || !m_ids.contains(checkout.licenseId)
            || knows(Table::Leases, checkout.licenseId))
            continue;
        const QString key = requestKey(checkout.licenseId, checkout.holder, checkout.requestId);
        if (const auto row = rows.constFind(key); row != rows.cend())
            m_requestRows.insert(key, *row);
        else
            m_requestIdsFree.insert(key);
    }
}

std::optional<std::optional<StoredLease>> TurnReads::leaseByRequest(const QString &licenseId, const QString &holder,
                                                                    const QString &requestId) const
{
    if (requestId.isEmpty())
        return std::optional<StoredLease>();
    if (knows(Table::Leases, licenseId)) {
        for (const StoredLease &row : m_leases.value(licenseId)) {
            if (row.lease.holder == holder && row.requestId == requestId)
                return std::optional<StoredLease>(row);
        }
        return std::optional<StoredLease>();
    }
    const QString key = requestKey(licenseId, holder, requestId);
    if (const auto row = m_requestRows.constFind(key); row != m_requestRows.cend())
        return std::optional<StoredLease>(*row);
    if (m_requestIdsFree.contains(key))
        return std::optional<StoredLease>();
    return std::nullopt;
}

std::optional<int> TurnReads::liveCount(const QString &licenseId, qint64 nowMs, qint64 skewMs) const
{
    const auto counted = m_liveCounts.constFind(licenseId);
    if (counted == m_liveCounts.cend() || counted->nowMs != nowMs || counted->skewMs != skewMs)
        return std::nullopt;
    return counted->count;
}

void TurnReads::liveCounted(const QString &licenseId, qint64 nowMs, qint64 skewMs, int count)
{
    if (m_ids.contains(licenseId))
        m_liveCounts.insert(licenseId, LiveCount {nowMs, skewMs, count});
}

void TurnReads::licenseWritten(const LicenseRecord &license)
{
    if (!m_ids.contains(license.id))
        return;
    m_licenses.insert(license.id, license);
    m_forgotten[Table::Licenses].remove(license.id);
}

bool TurnReads::knows(Table table, const QString &licenseId) const
{
    return m_ids.contains(licenseId) && !m_forgotten.value(table).contains(licenseId)
        && !(table == Table::Leases && m_rowsNotRead.contains(licenseId));
}

std::optional<std::optional<LicenseRecord>> TurnReads::license(const QString &licenseId) const
{
    if (!knows(Table::Licenses, licenseId))
        return std::nullopt;
    const auto found = m_licenses.constFind(licenseId);
    return found == m_licenses.cend() ? std::optional<LicenseRecord>() : std::optional<LicenseRecord>(*found);
}

std::optional<QList<StoredLease>> TurnReads::leases(const QString &licenseId) const
{
    if (!knows(Table::Leases, licenseId))
        return std::nullopt;
    return m_leases.value(licenseId);
}

std::optional<std::optional<StoredLease>> TurnReads::lease(const QString &licenseId, const QString &seatId) const
{
    if (!knows(Table::Leases, licenseId))
        return std::nullopt;
    for (const StoredLease &row : m_leases.value(licenseId)) {
        if (row.lease.seatId == seatId)
            return std::optional<StoredLease>(row);
    }
    return std::optional<StoredLease>();
}

std::optional<QList<HolderBlock>> TurnReads::blocks(const QString &licenseId) const
{
    if (!knows(Table::Blocks, licenseId))
        return std::nullopt;
    return m_blocks.value(licenseId);
}

std::optional<std::optional<HolderBlock>> TurnReads::block(const QString &licenseId, const QString &holder) const
{
    if (!knows(Table::Blocks, licenseId))
        return std::nullopt;
    for (const HolderBlock &block : m_blocks.value(licenseId)) {
        if (block.holder == holder)
            return std::optional<HolderBlock>(block);
    }
    return std::optional<HolderBlock>();
}

std::optional<SeatRules> TurnReads::rules(const QString &licenseId) const
{
    if (!knows(Table::Rules, licenseId))
        return std::nullopt;
    return m_rules.value(licenseId);
}

std::optional<QList<StoredTicket>> TurnReads::tickets(const QString &licenseId) const
{
    if (!knows(Table::Tickets, licenseId))
        return std::nullopt;
    return m_tickets.value(licenseId);
}

std::optional<std::optional<StoredTicket>> TurnReads::ticket(const QString &licenseId, const QString &ticketId) const
{
    if (!knows(Table::Tickets, licenseId))
        return std::nullopt;
    for (const StoredTicket &ticket : m_tickets.value(licenseId)) {
        if (ticket.ticketId == ticketId)
            return std::optional<StoredTicket>(ticket);
    }
    return std::optional<StoredTicket>();
}

std::optional<std::optional<StoredTicket>> TurnReads::ticketByRequest(const QString &licenseId, const QString &holder,
                                                                      const QString &requestId) const
{
    if (!knows(Table::Tickets, licenseId))
        return std::nullopt;
    if (!requestId.isEmpty()) {
        for (const StoredTicket &ticket : m_tickets.value(licenseId)) {
            if (ticket.holder == holder && ticket.requestId == requestId)
                return std::optional<StoredTicket>(ticket);
        }
    }
    return std::optional<StoredTicket>();
}

std::optional<QList<StoredTicket>> TurnReads::deadTickets(const QString &licenseId, const QDateTime &now,
                                                          int limit) const
{
    if (!knows(Table::Tickets, licenseId))
        return std::nullopt;
    QList<StoredTicket> dead;
    for (const StoredTicket &ticket : m_tickets.value(licenseId)) {
        if (dead.size() >= limit)
            break;
        if (ticket.expiresAt < now || ticket.giveUpAt < now)
            dead.append(ticket);
    }
    return dead;
}

} // namespace keyright::server
