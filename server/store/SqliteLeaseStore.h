#pragma once

#include "store/LeaseStore.h"

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>

namespace keyright::server {

// LeaseStore on one SQLite file through Qt SQL, in WAL mode, with versioned schema migrations and
// every statement prepared once when the store opens. One connection, used from the thread that
// opened it; the server is single-threaded on its event loop, so per-license serialization holds
// by construction and a transaction never waits for another.
//
// License records and lease rows are cached in memory: every client request needs its license
// (key hash and policy), every heartbeat its row, and both change only through this store. The
// caches follow every insert, update and delete, and are dropped whenever a transaction or a
// batch unit rolls back. Lease rows are cached as they are read or written, up to
// maxCachedLeases (then the cache starts over).
class SqliteLeaseStore final : public LeaseStore
{
public:
    static constexpr int schemaVersion = 3;
    static constexpr qsizetype maxCachedLeases = 250'000;

    explicit SqliteLeaseStore(QString path);
    ~SqliteLeaseStore() override;
    SqliteLeaseStore(const SqliteLeaseStore &) = delete;
    SqliteLeaseStore &operator=(const SqliteLeaseStore &) = delete;

    // Opens (creating if needed) and migrates the database. False with a reason on failure.
    bool open(QString *error = nullptr);
    void close();
    bool isOpen() const;
    QString path() const { return m_path; }

    void withLicense(const QString &licenseId, const std::function<void()> &work) override;
    void withStore(const std::function<void()> &work) override;
    void beginBatch() override;
    void commitBatch() override;
    void rollbackBatch() override;
    bool inBatch() const override;

    QList<LicenseRecord> licenses() override;
    std::optional<LicenseRecord> license(const QString &licenseId) override;
    void insertLicense(const LicenseRecord &license) override;
    void updateLicense(const LicenseRecord &license) override;

    QList<StoredLease> leases(const QString &licenseId) override;
    std::optional<StoredLease> lease(const QString &licenseId, const QString &seatId) override;
    void insertLease(const StoredLease &lease) override;
    void renewLease(const SeatLease &lease) override;
    bool renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed) override;
    bool deleteLease(const QString &licenseId, const QString &seatId) override;
    QList<StoredLease> leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry) override;
    QList<StoredLease> firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry,
                                             int limit) override;

    std::optional<HolderBlock> block(const QString &licenseId, const QString &holder) override;
    QList<HolderBlock> blocks(const QString &licenseId) override;
    void putBlock(const HolderBlock &block) override;
    int deleteBlocksEndedBy(const QDateTime &now) override;

    qint64 appendEvent(const EventRecord &event) override;
    QList<EventRecord> events(const EventQuery &query) override;
    QHash<QString, int> countEventsSince(EventKind kind, const QDateTime &since) override;
    int deleteEventsBefore(const QDateTime &before) override;
    int deleteFirstEventsBefore(const QDateTime &before, int limit) override;

    QList<AccessToken> tokens() override;
    std::optional<AccessToken> token(const QString &name) override;
    std::optional<AccessToken> tokenByHash(const QByteArray &hash) override;
    void putToken(const AccessToken &token) override;
    bool deleteToken(const QString &name) override;
    void touchToken(const QString &name, const QDateTime &lastUsedAt) override;

    void bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by) override;
    QList<StatComponent> counterComponents() override;
    void mergeComponents(const QList<StatComponent> &components) override;

private:
    struct Statements;

    bool migrate(QString *error);
    bool prepareStatements(QString *error);
    // Runs one unit of work: joins the unit it is called from, else a savepoint of the open batch,
    // else a transaction of its own.
    void unit(const std::function<void()> &work);
    void unitInTransaction(const std::function<void()> &work);
    void unitInBatch(const std::function<void()> &work);
    // The statements a unit is made of. rollback() and rollbackToSavepoint() also drop the
    // caches, which may hold what they undo; they return false when SQLite refused.
    void begin();
    void commit();
    bool rollback();
    void savepoint();
    void releaseSavepoint();
    bool rollbackToSavepoint();
    QSqlQuery &exec(QSqlQuery &query);
    LicenseRecord licenseFromRow(const QSqlQuery &query) const;
    static QString leaseKey(const QString &licenseId, const QString &seatId);
    void dropCaches();
    void cacheLease(const StoredLease &row);
    void cacheRenewal(const SeatLease &lease);
    // Binds the renewed times and signature, runs `q` and follows it in the cache; true when it
    // changed one row.
    bool writeRenewal(QSqlQuery &q, const SeatLease &renewed);
    StoredLease leaseFromRow(const QSqlQuery &query) const;
    // Fills m_tokenCache from the table when it is not loaded.
    void loadTokens();
    // Runs a bound SELECT of lease columns and returns every row.
    QList<StoredLease> leaseRows(QSqlQuery &q);

    QString m_path;
    QString m_connectionName;
    QSqlDatabase m_db;
    std::unique_ptr<Statements> m_statements;
    enum class Batch {
        None, // every unit is a transaction of its own
        Begun, // beginBatch() called, no unit ran yet: BEGIN waits for one, so that a turn that
               // only reads writes nothing
        Open, // BEGIN has run; each unit is a savepoint
        Broken, // a unit could not be undone: the batch must not commit
    };
    Batch m_batch = Batch::None;
    bool m_inUnit = false; // a unit's work is running; a unit it calls joins it
    QHash<QString, LicenseRecord> m_licenseCache;
    QHash<QString, StoredLease> m_leaseCache; // by leaseKey()
    // Every token, by name: a handful of rows read on every admin request. Valid only while
    // m_tokensLoaded; dropped with the other caches on a rollback.
    QHash<QString, AccessToken> m_tokenCache;
    bool m_tokensLoaded = false;
};

} // namespace keyright::server
