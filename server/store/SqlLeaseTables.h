#pragma once

#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>

namespace keyright::server {

class SqlConnection;
struct SqlDialect;

// The licenses, leases and holder_blocks tables: LeaseStore's methods of the same names, as
// prepared statements on one connection.
//
// With caching on (one server owns the database: SQLite), license records and lease rows are
// kept in memory: every client request needs its license, every heartbeat its row, and both
// change only through this object. The caches follow every insert, update and delete, and
// dropCaches() is called whenever a transaction or a unit rolls back. Lease rows are cached as
// they are read or written, up to maxCachedLeases (then the cache starts over). With caching off
// (a database shared by several servers), every read goes to the database.
class SqlLeaseTables
{
public:
    static constexpr qsizetype maxCachedLeases = 250'000;

    SqlLeaseTables(SqlConnection &connection, const SqlDialect &dialect, bool caching);
    ~SqlLeaseTables();
    SqlLeaseTables(const SqlLeaseTables &) = delete;
    SqlLeaseTables &operator=(const SqlLeaseTables &) = delete;

    bool prepare(QString *error);
    void dropCaches();

    // Takes the dialect's row lock on the license (nothing when it has none).
    void lockLicense(const QString &licenseId);

    QList<LicenseRecord> licenses();
    std::optional<LicenseRecord> license(const QString &licenseId);
    void insertLicense(const LicenseRecord &license);
    void updateLicense(const LicenseRecord &license);

    QList<StoredLease> leases(const QString &licenseId);
    std::optional<StoredLease> lease(const QString &licenseId, const QString &seatId);
    // The license's rows with expires_at >= the bound (earliestLiveExpiryMs()), counted.
    int liveLeaseCount(const QString &licenseId, qint64 earliestLiveExpiryMs);
    // The row that holds (holder, requestId), live or not; requestId must not be empty.
    std::optional<StoredLease> leaseByRequest(const QString &licenseId, const QString &holder,
                                              const QString &requestId);
    // requestIdMayBeHeld false: the caller knows that no row of the license holds the row's
    // (holder, requestId), so none gives it up (one statement instead of two).
    void insertLease(const StoredLease &lease, bool requestIdMayBeHeld = true);
    // What insertLease() does first when the requestId may be held: the row holding it gives it up.
    void forgetRequestId(const QString &licenseId, const QString &holder, const QString &requestId);
    void renewLease(const SeatLease &lease);
    bool renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed, const QDateTime &lastActivityAt);
    bool deleteLease(const QString &licenseId, const QString &seatId);
    bool markLease(const QString &licenseId, const QString &seatId, const QDateTime &markedAt,
                   const QDateTime &reclaimAt);
    bool writeOffLease(const QString &licenseId, const QString &seatId, const BorrowWriteOff &writeOff);
    QList<StoredLease> leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry);
    QList<StoredLease> firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry, int limit);

    // The bulk forms of a turn's renewals (LeaseStore::lockLicenses and friends). lockLicenses
    // gives the ids it locked: those of licenses that exist (all of them where the transaction
    // itself is the lock).
    // Where the dialect locks them with one statement, `rows` (if given) receives their rows too,
    // and `decided` (if given) the "now" the statement decided them with, where it does
    // (SqlDialect::lockLicensesDecides) and found any.
    QStringList lockLicenses(const QStringList &licenseIds, QHash<QString, LicenseRecord> *rows = nullptr,
                             std::optional<LockedNow> *decided = nullptr);
    QList<std::optional<StoredLease>> leasesOf(const QList<std::pair<QString, QString>> &seats);
    QList<bool> renewLeasesIfUnchanged(const QList<LeaseRenewal> &renewals);

    // A unit's new license generations in one statement, where the dialect has it: the license
    // rows exist (held by the unit), and only their last_generation changes.
    bool writesManyGenerations() const;
    void writeGenerations(const QHash<QString, quint64> &generations);

    // A unit's lease deletes in one statement, where the dialect has it: the rows exist (the caller
    // read them under their licenses' locks); throws when one does not.
    bool deletesManyLeases() const;
    void deleteLeases(const QList<std::pair<QString, QString>> &seats);

    // A unit's new leases in one statement, where the dialect has it, in the order given: no row
    // holds their keys or requestIds any more (forgetRequestId() already ran where one might).
    bool insertsManyLeases() const;
    void insertLeases(const QList<StoredLease> &rows);

    // A turn's expected checkouts looked up together, where the dialect has it: the rows holding
    // their (license, holder, requestId)s, in no particular order.
    bool looksUpManyRequests() const;
    QList<StoredLease> leasesByRequest(const QList<ExpectedCheckout> &checkouts);
    // Several licenses' liveLeaseCount() with one statement, where the dialect has it: license id ->
    // count, the bounds given in the order of the ids.
    bool countsManyLicenses() const;
    QHash<QString, int> liveLeaseCounts(const QStringList &licenseIds, const QList<qint64> &earliestLiveExpiryMs);

    // A turn's reads of many licenses at once (TurnReads), where the dialect has them (inIds):
    // by license id, the blocks of each in the order of blocks().
    bool readsManyLicenses() const;
    QHash<QString, LicenseRecord> licensesIn(const QStringList &licenseIds);
    QHash<QString, QList<StoredLease>> leasesIn(const QStringList &licenseIds);
    QHash<QString, QList<HolderBlock>> blocksIn(const QStringList &licenseIds);

    std::optional<HolderBlock> block(const QString &licenseId, const QString &holder);
    QList<HolderBlock> blocks(const QString &licenseId);
    void putBlock(const HolderBlock &block);
    int deleteBlocksEndedBy(const QDateTime &now);

    // A PostgreSQL array literal ('{"a","b"}'), bound as text and cast in the statement: Qt SQL
    // binds no arrays.
    static QString arrayLiteral(const QStringList &elements);
    // The same for text that may be NULL (unquoted NULL).
    static QString nullableArrayLiteral(const QList<std::optional<QString>> &elements);
    // The same for numbers that may be NULL ('{1,NULL,3}').
    static QString numberArrayLiteral(const QList<std::optional<qint64>> &elements);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();

    static QString leaseKey(const QString &licenseId, const QString &seatId);
    void cacheLease(const StoredLease &row);
    // Follows a renewal in the cache; the last activity too unless only the lease was renewed.
    void cacheRenewal(const SeatLease &lease, const std::optional<QDateTime> &lastActivityAt);
    // Binds the renewed times and signature (and :activity when given), runs `q` and follows it
    // in the cache; true when it changed one row.
    bool writeRenewal(QSqlQuery &q, const SeatLease &renewed, const std::optional<QDateTime> &lastActivityAt);
    // Runs a bound SELECT of lease columns and returns every row.
    QList<StoredLease> leaseRows(QSqlQuery &q);

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    bool m_caching;
    std::unique_ptr<Statements> m_statements;
    QHash<QString, LicenseRecord> m_licenseCache;
    QHash<QString, StoredLease> m_leaseCache; // by leaseKey()
};

} // namespace keyright::server
