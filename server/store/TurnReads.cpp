#include "store/TurnReads.h"

#include <algorithm>
#include <utility>

namespace keyright::server {

void TurnReads::load(const QStringList &licenseIds, QHash<QString, LicenseRecord> licenses,
                     QHash<QString, QList<StoredLease>> leases, QHash<QString, QList<HolderBlock>> blocks,
                     QHash<QString, SeatRules> rules, QHash<QString, QList<StoredTicket>> tickets)
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
}

void TurnReads::forget(Table table, const QString &licenseId)
{
    if (m_ids.contains(licenseId))
        m_forgotten[table].insert(licenseId);
}

void TurnReads::forgetAll(Table table)
{
    m_forgotten[table] = m_ids;
}

void TurnReads::leaseDeleted(const QString &licenseId, const QString &seatId)
{
    if (!knows(Table::Leases, licenseId))
        return;
    auto found = m_leases.find(licenseId);
    if (found == m_leases.end())
        return;
    found->removeIf([&](const StoredLease &row) { return row.lease.seatId == seatId; });
}

bool TurnReads::leaseInserted(const StoredLease &row)
{
    const QString &licenseId = row.lease.licenseId;
    if (!knows(Table::Leases, licenseId))
        return false;
    QList<StoredLease> &rows = m_leases[licenseId];
    if (!row.requestId.isEmpty()) {
        for (StoredLease &other : rows) {
            if (other.lease.holder == row.lease.holder && other.requestId == row.requestId)
                other.requestId.clear();
        }
    }
    rows.append(row);
    return true;
}

std::optional<bool> TurnReads::holdsRequestId(const QString &licenseId, const QString &holder,
                                              const QString &requestId) const
{
    if (!knows(Table::Leases, licenseId))
        return std::nullopt;
    const QList<StoredLease> rows = m_leases.value(licenseId);
    return std::any_of(rows.cbegin(), rows.cend(), [&](const StoredLease &row) {
        return row.lease.holder == holder && row.requestId == requestId;
    });
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
    return m_ids.contains(licenseId) && !m_forgotten.value(table).contains(licenseId);
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
