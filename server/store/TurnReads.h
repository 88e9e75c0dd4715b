#pragma once

#include "SeatRules.h"
#include "store/StoreTypes.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyright::server {

// What a turn's lease calls read of the licenses its batch holds (issue 30), read once for all of
// them instead of once per call: on PostgreSQL every read is a round trip, and a checkout read six
// tables one statement at a time. SqlLeaseStore loads it at the first read a unit of the batch
// makes of one of those licenses, answers the reads it can from it, and forgets a license's table
// at the first write to it (or, for a deleted lease, follows the delete). It is what the database
// would answer: those rows change only under the license's lock, which the batch holds until its
// end, and any undo forgets everything (SqlLeaseStore::dropCaches()).
class TurnReads
{
public:
    enum class Table { Licenses, Leases, Blocks, Rules, Tickets };

    bool loaded() const { return m_loaded; }
    // The licenses loaded (locked by the batch, and there when it locked them). `leases` has the
    // rows of every license but those in `rowsNotRead` (licenses of many rows, whose checkouts
    // decide on a count: their rows come with leasesRead() if a call needs them all).
    void load(const QStringList &licenseIds, QHash<QString, LicenseRecord> licenses,
              QHash<QString, QList<StoredLease>> leases, QHash<QString, QList<HolderBlock>> blocks,
              QHash<QString, SeatRules> rules, QHash<QString, QList<StoredTicket>> tickets,
              QSet<QString> rowsNotRead = {});
    void clear();
    void forget(Table table, const QString &licenseId);
    void forgetAll(Table table);
    // A lease deleted by its key: its row leaves the license's list (when it is known).
    void leaseDeleted(const QString &licenseId, const QString &seatId);
    // Whether the license is held by the batch but its rows are not known here (not loaded, or
    // forgotten since): the database's whole list, read now, may be handed over with leasesRead().
    bool mayTakeLeases(const QString &licenseId) const;
    // The license's rows as the database has them now: known here from then on.
    void leasesRead(const QString &licenseId, const QList<StoredLease> &rows);
    // A lease inserted (`row` as the table keeps it, SqlRows::asStored()): it joins the license's
    // list, and a row of the same holder that held its requestId gives it up, as the insert does
    // (SqlLeaseTables::insertLease()); where the rows are not known, a live count kept here counts
    // it if it is live at the count's "now".
    void leaseInserted(const StoredLease &row);
    // Whether a row of the license holds (holder, requestId): from its rows, or from the database's
    // answer that none did (requestIdFree()); nullopt when not known.
    std::optional<bool> holdsRequestId(const QString &licenseId, const QString &holder, const QString &requestId) const;
    // The database said no row of the license holds (holder, requestId).
    void requestIdFree(const QString &licenseId, const QString &holder, const QString &requestId);
    // The database's rows for a turn's expected checkouts (LeaseStore::expectCheckouts()): for each
    // of `wanted` on a license held here whose rows are not known, the row in `found` holding its
    // requestId, or none.
    void requestsLookedUp(const QList<ExpectedCheckout> &wanted, const QList<StoredLease> &found);
    // As LeaseStore::leaseByRequest(), from the license's rows or from what the database said of
    // this requestId in this turn (requestIdFree(), requestsLookedUp()); nullopt when not known.
    std::optional<std::optional<StoredLease>> leaseByRequest(const QString &licenseId, const QString &holder,
                                                             const QString &requestId) const;
    // Whether the batch holds the license (it was there when the batch locked it).
    bool holds(const QString &licenseId) const { return m_ids.contains(licenseId); }
    // How many of the license's rows are live at `nowMs` with `skewMs`, as the database counted
    // them in this turn and the turn's own inserts moved it; nullopt when not known. A delete
    // whose row is not known here forgets it.
    std::optional<int> liveCount(const QString &licenseId, qint64 nowMs, qint64 skewMs) const;
    void liveCounted(const QString &licenseId, qint64 nowMs, qint64 skewMs, int count);
    // A license row written whole (every column of SqlRows::licenseColumns).
    void licenseWritten(const LicenseRecord &license);

    // nullopt: not known here, ask the database.
    std::optional<std::optional<LicenseRecord>> license(const QString &licenseId) const;
    std::optional<QList<StoredLease>> leases(const QString &licenseId) const;
    std::optional<std::optional<StoredLease>> lease(const QString &licenseId, const QString &seatId) const;
    std::optional<QList<HolderBlock>> blocks(const QString &licenseId) const;
    std::optional<std::optional<HolderBlock>> block(const QString &licenseId, const QString &holder) const;
    std::optional<SeatRules> rules(const QString &licenseId) const;
    // In line order (lineSeq ascending), as LeaseStore::ticketsInLine().
    std::optional<QList<StoredTicket>> tickets(const QString &licenseId) const;
    std::optional<std::optional<StoredTicket>> ticket(const QString &licenseId, const QString &ticketId) const;
    // As LeaseStore::ticketByRequest(): an empty requestId matches nothing.
    std::optional<std::optional<StoredTicket>> ticketByRequest(const QString &licenseId, const QString &holder,
                                                               const QString &requestId) const;
    // As LeaseStore::deadTickets().
    std::optional<QList<StoredTicket>> deadTickets(const QString &licenseId, const QDateTime &now, int limit) const;

private:
    bool knows(Table table, const QString &licenseId) const;

    bool m_loaded = false;
    QSet<QString> m_ids;
    QHash<QString, LicenseRecord> m_licenses;
    QHash<QString, QList<StoredLease>> m_leases;
    QHash<QString, QList<HolderBlock>> m_blocks;
    QHash<QString, SeatRules> m_rules;
    QHash<QString, QList<StoredTicket>> m_tickets;
    // Per table, the licenses forgotten since the load: the database answers for them.
    QHash<Table, QSet<QString>> m_forgotten;
    QSet<QString> m_rowsNotRead;
    struct LiveCount
    {
        qint64 nowMs = 0;
        qint64 skewMs = 0;
        int count = 0;
    };
    QHash<QString, LiveCount> m_liveCounts; // licenses whose rows are not known here
    static QString requestKey(const QString &licenseId, const QString &holder, const QString &requestId);
    QSet<QString> m_requestIdsFree; // requestKey()s
    QHash<QString, StoredLease> m_requestRows; // requestKey() -> the row holding it, as the database said
    // Forgets what the database said of the license's requestIds (all of them for an empty id).
    void forgetRequests(const QString &licenseId);
};

} // namespace keyright::server
