#pragma once

#include "store/LeaseStore.h"
#include "store/SqlConnection.h"
#include "store/SqlCounters.h"
#include "store/SqlDialect.h"

#include <QSet>

#include <map>
#include <memory>
#include <optional>
#include <tuple>

namespace keyright::server {

class SqlAlerts;
class SqlAlertOutbox;
class SqlClockReference;
class SqlCounters;
class SqlEventLog;
class SqlLeaseTables;
class SqlQueueTickets;
class SqlSchema;
class SqlSeatRules;
class SqlTokens;
class SqlTransactions;
class TurnReads;
class SqlUsageHistory;

// LeaseStore on a Qt SQL connection: what SqliteLeaseStore and PgLeaseStore share. The work is
// split by job: SqlSchema (schema and migrations), SqlTransactions (units, savepoints, batches),
// SqlLeaseTables (licenses, leases, blocks), SqlEventLog (events), SqlCounters, SqlTokens,
// SqlQueueTickets (the waiting line) and SqlSeatRules (holder groups and license rules).
// Each subclass supplies its dialect, opens its connection, and decides whether reads may be
// cached (only when no other server writes the same database).
class SqlLeaseStore : public LeaseStore
{
public:
    ~SqlLeaseStore() override;
    SqlLeaseStore(const SqlLeaseStore &) = delete;
    SqlLeaseStore &operator=(const SqlLeaseStore &) = delete;

    virtual void close();
    bool isOpen() const;
    int schemaVersion() const;
    // "the database /path/keyright.sqlite", "PostgreSQL at host:port/db": what messages name.
    QString description() const { return m_connection.description(); }
    // True when the last open() created the schema (the database was empty).
    bool createdSchema() const { return m_createdSchema; }

    void withLicense(const QString &licenseId, const std::function<void()> &work) override;
    void withStore(const std::function<void()> &work) override;
    void beginBatch() override;
    void commitBatch() override;
    void rollbackBatch() override;
    bool inBatch() const override;
    void lockLicenses(const QStringList &licenseIds) override;
    void expectCheckouts(const QList<ExpectedCheckout> &checkouts) override;
    QList<std::optional<StoredLease>> leasesOf(const QList<std::pair<QString, QString>> &seats) override;
    QList<bool> renewLeasesIfUnchanged(const QList<LeaseRenewal> &renewals) override;

    QList<LicenseRecord> licenses() override;
    std::optional<LicenseRecord> license(const QString &licenseId) override;
    void insertLicense(const LicenseRecord &license) override;
    void updateLicense(const LicenseRecord &license) override;

    QList<StoredLease> leases(const QString &licenseId) override;
    std::optional<StoredLease> lease(const QString &licenseId, const QString &seatId) override;
    int liveLeaseCount(const QString &licenseId, const QDateTime &now, std::chrono::milliseconds skew) override;
    std::optional<StoredLease> leaseByRequest(const QString &licenseId, const QString &holder,
                                              const QString &requestId) override;
    void insertLease(const StoredLease &lease) override;
    void renewLease(const SeatLease &lease) override;
    bool renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed,
                               const QDateTime &lastActivityAt) override;
    bool deleteLease(const QString &licenseId, const QString &seatId) override;
    void deleteReadLease(const StoredLease &row) override;
    bool markLease(const QString &licenseId, const QString &seatId, const QDateTime &markedAt,
                   const QDateTime &reclaimAt) override;
    bool writeOffLease(const QString &licenseId, const QString &seatId, const BorrowWriteOff &writeOff) override;
    QList<StoredLease> leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry) override;
    QList<StoredLease> firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry,
                                             int limit) override;

    std::optional<HolderBlock> block(const QString &licenseId, const QString &holder) override;
    QList<HolderBlock> blocks(const QString &licenseId) override;
    void putBlock(const HolderBlock &block) override;
    int deleteBlocksEndedBy(const QDateTime &now) override;

    QList<HolderGroup> holderGroups(GroupsRead read = GroupsRead::Plain) override;
    void putHolderGroups(const QList<HolderGroup> &groups) override;
    SeatRules licenseRules(const QString &licenseId) override;
    QHash<QString, SeatRules> rulesOfAllLicenses() override;
    void putLicenseRules(const QString &licenseId, const SeatRules &rules) override;

    qint64 appendEvent(const EventRecord &event) override;
    void recordEvent(const EventRecord &event) override;
    QList<EventRecord> events(const EventQuery &query) override;
    QHash<QString, int> countEventsSince(const QList<EventKind> &kinds, const QDateTime &since) override;
    int deleteEventsBefore(const QDateTime &before) override;
    int deleteFirstEventsBefore(const QDateTime &before, int limit) override;

    QDateTime lockAlerts(const QDateTime &now) override;
    QList<AlertRule> alertRules() override;
    void putAlertRules(const QList<AlertRule> &rules) override;
    QList<StoredAlertTrack> alertTracks() override;
    void putAlertTrack(const StoredAlertTrack &track) override;
    void deleteAlertTrack(const QString &ruleId, const QString &subject) override;
    void beatInstance(const StoredInstance &instance) override;
    bool removeInstance(const QString &replicaId) override;
    QList<StoredInstance> instances() override;

    QList<StoredAlertEndpoint> alertEndpoints() override;
    void insertAlertEndpoint(const StoredAlertEndpoint &endpoint) override;
    bool deleteAlertEndpoint(const QString &id) override;
    void queueAlertDelivery(const StoredAlertDelivery &delivery) override;
    QList<StoredAlertDelivery> claimAlertDeliveries(const QString &owner, const QDateTime &now,
                                                    const QDateTime &claimUntil, int limit) override;
    bool finishAlertDelivery(const alerts::webhook::Delivery &delivery, const QString &owner) override;
    std::optional<StoredAlertDelivery> alertDelivery(const QString &id) override;
    QList<alerts::webhook::Delivery> alertDeliveries(const QString &endpointId,
                                                     std::optional<alerts::webhook::DeliveryStatus> status,
                                                     int limit) override;
    bool requeueAlertDelivery(const QString &id, const QDateTime &now) override;
    QHash<alerts::webhook::DeliveryStatus, int> alertDeliveryCounts(const QDateTime &gaveUpSince) override;
    int releaseAlertClaims(const QString &owner) override;
    int releaseAlertClaimsStartingWith(const QString &ownerPrefix) override;
    int pruneAlertDeliveries(const QDateTime &before) override;

    QList<AccessToken> tokens() override;
    std::optional<AccessToken> token(const QString &name) override;
    std::optional<AccessToken> tokenByHash(const QByteArray &hash) override;
    void putToken(const AccessToken &token) override;
    bool deleteToken(const QString &name) override;
    void touchToken(const QString &name, const QDateTime &lastUsedAt) override;

    void insertTicket(const StoredTicket &ticket) override;
    std::optional<StoredTicket> ticket(const QString &licenseId, const QString &ticketId) override;
    std::optional<StoredTicket> ticketByRequest(const QString &licenseId, const QString &holder,
                                                const QString &requestId) override;
    QList<StoredTicket> ticketsInLine(const QString &licenseId) override;
    bool renewTicket(const QString &licenseId, const QString &ticketId, const QDateTime &expiresAt) override;
    bool setTicketSeat(const QString &licenseId, const QString &ticketId, const QString &seatId) override;
    bool deleteTicket(const QString &licenseId, const QString &ticketId) override;
    QList<StoredTicket> deadTickets(const QString &licenseId, const QDateTime &now, int limit) override;
    QHash<QString, int> waitingTicketCounts(const QDateTime &now) override;

    std::optional<ClockReference> clockReference() override;
    void putClockReference(const ClockReference &reference) override;

    void bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by) override;
    QList<StatComponent> counterComponents() override;
    void mergeComponents(const QList<StatComponent> &components) override;

    QHash<QString, usage::LicenseActivity> usageActivity(qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                                         qint64 trueDenialWindowMs) override;
    usage::LicenseActivity usageActivityOf(const QString &licenseId, qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                           qint64 trueDenialWindowMs) override;
    std::optional<qint64> usageClosedUntil(usage::Resolution resolution) override;
    void putUsageBuckets(usage::Resolution resolution, const QList<std::pair<QString, usage::Bucket>> &buckets,
                         qint64 closedUntilMs) override;
    QList<usage::Bucket> usageBuckets(const QString &licenseId, usage::Resolution resolution, qint64 fromMs,
                                      qint64 toMs) override;
    std::optional<qint64> usageEarliestMs() override;
    int deleteUsageBucketsBefore(usage::Resolution resolution, qint64 beforeMs) override;
    int deleteUsageSpansEndedBefore(qint64 beforeMs) override;
    void noteIdleSpan(const QString &licenseId, const QString &seatId, const QString &holder, qint64 fromMs,
                      qint64 toMs) override;
    void noteActivityKnown(const QString &licenseId, const QString &seatId, qint64 atMs) override;
    QHash<QString, qint64> idleSpansAt(const QString &licenseId, qint64 atMs) override;
    bool usageBackfillPending() override;
    void markUsageBackfilled() override;
    qint64 replayEventsIntoUsage(qint64 afterSeq, int limit) override;
    qint64 usageStoredBytes(const QString &licenseId, usage::Resolution resolution) override;
    void putDemoUsage(const QString &licenseId, const usage::LicenseActivity &activity) override;
    std::optional<qint64> usageDemoUntil() override;
    std::optional<qint64> usageDemoUntil(const QString &licenseId) override;
    void setUsageDemoUntil(qint64 ms) override;

protected:
    SqlLeaseStore(const QString &driver, const QString &description, SqlDialect dialect, bool caching);

    SqlConnection &connection() { return m_connection; }
    // After the connection opened: migrates the schema and prepares every statement.
    bool setUp(QString *error);
    // Prepares every statement again on a connection that was reopened.
    bool prepareStatements(QString *error);
    bool inTransaction() const;
    // `work` in a transaction of its own, never a savepoint of a turn's batch (a batch that has
    // begun but sent nothing stays as it was). Throws StoreError, also inside a unit or open batch.
    void withOwnTransaction(const std::function<void()> &work);

    // Before a unit that starts a transaction (not one that joins a unit or an open batch): a
    // store whose connection can be lost reconnects here. Throws StoreError.
    virtual void beforeTransaction() { }
    // Inside a transaction that just began. `locksNext`: its first statement locks licenses and
    // reads the clock for them (SqlDialect::lockLicensesDecides), before anything decides.
    virtual void transactionBegan(bool locksNext) { Q_UNUSED(locksNext); }
    // Inside withLicense() or lockLicenses(), once these licenses are held; `decided`: the "now"
    // the statement that locked them decided them with, where it did (SqlDialect::lockLicenses).
    virtual void licensesLocked(const QStringList &licenseIds, std::optional<LockedNow> decided = std::nullopt)
    {
        Q_UNUSED(licenseIds);
        Q_UNUSED(decided);
    }
    // Right after a transaction ended (committed or rolled back).
    virtual void transactionEnded() { }

private:
    void makeParts();
    void dropCaches();
    // Before every call that reaches the database: reconnects where that is allowed, throws
    // StoreError when the store cannot serve, and writes the usage spans the unit held back
    // (SqlUsageHistory::flushSpans) unless the call touches no span (Keep).
    enum class Spans { Flush, Keep };
    void ready(Spans spans = Spans::Flush);
    void unit(const std::function<void()> &work);
    void writeUnitBumps();
    // The unit's counter increments, summed per component, taken (the unit holds none after).
    QList<SqlCounters::Bump> takeUnitBumps();
    // Writes the events recordEvent() held back, then the spans they open and end.
    // With: the unit's counter increments go with them where the store allows (its end).
    enum class Bumps { Without, With };
    void flushEvents(Bumps bumps = Bumps::Without);
    // Writes the license generations updateLicense() held back.
    void flushGenerations();
    // Deletes the leases deleteLease() held back, then inserts those insertLease() held back.
    void flushLeaseWrites();
    // Runs `note`, which opens and ends usage spans, holding them back inside a unit.
    void noteSpans(const std::function<void()> &note);
    // The turn's reads (TurnReads) when they may answer for this license now, loaded at the first
    // call of the batch; nullptr when the database must.
    TurnReads *turn(const QString &licenseId);
    // Notes a license's live rows, counted, in m_rowsSeen.
    void noteLiveCounted(const QString &licenseId, int live);
    // The batch's expected checkouts (expectCheckouts()) looked up with one statement, once a
    // batch, where the dialect can and at least two are not known to the turn yet; true if it ran.
    bool lookUpExpectedRequests(TurnReads &turn);
    // The live rows of the expected checkouts' licenses whose rows the turn does not know, counted
    // with one statement at `now` (each with its own skew, `skew` for `licenseId`), where the
    // dialect can and at least two are not counted yet; true if it ran.
    bool countExpectedLicenses(TurnReads &turn, const QString &licenseId, const QDateTime &now,
                               std::chrono::milliseconds skew);

    SqlConnection m_connection;
    SqlDialect m_dialect;
    std::unique_ptr<SqlSchema> m_schema;
    std::unique_ptr<SqlTransactions> m_transactions;
    std::unique_ptr<SqlLeaseTables> m_tables;
    std::unique_ptr<SqlEventLog> m_events;
    std::unique_ptr<SqlCounters> m_counters;
    std::unique_ptr<SqlTokens> m_tokens;
    std::unique_ptr<SqlQueueTickets> m_tickets;
    std::unique_ptr<SqlSeatRules> m_seatRules;
    std::unique_ptr<SqlClockReference> m_clockReference;
    std::unique_ptr<SqlUsageHistory> m_usage;
    std::unique_ptr<SqlAlerts> m_alerts;
    std::unique_ptr<SqlAlertOutbox> m_outbox;
    bool m_caching;
    bool m_prepared = false;
    bool m_createdSchema = false;
    QSet<QString> m_unitLicenses; // locked by the outermost unit running now
    QSet<QString> m_batchLicenses; // locked by lockLicenses() outside a unit of the open batch
    bool m_locksNext = false; // the transaction about to begin starts with a deciding lock statement
    std::optional<QList<HolderGroup>> m_batchGroups; // read once by such a batch (holderGroups())
    std::unique_ptr<TurnReads> m_turn; // what such a batch's units read of its licenses
    QHash<QString, LicenseRecord> m_lockedRows; // as the batch's lockLicenses() read them, until written
    QList<ExpectedCheckout> m_expected; // the batch's (expectCheckouts())
    bool m_expectedLookedUp = false; // since the batch began, or the turn's reads were dropped
    // A turn loads the lease rows of the licenses it holds only where they were last seen at most
    // this many (the rest decide checkouts on a count and read rows by key).
    static constexpr int turnRowsLimit = 64;
    QHash<QString, int> m_rowsSeen; // license id -> how many rows it had when last read (a hint)
    // Counter bumps of the outermost unit running now, (license, counter, replica) -> sum.
    std::map<std::tuple<QString, QString, QString>, quint64> m_unitBumps;
    // Events recorded by the unit running now, not yet written (one statement for a turn's).
    QList<EventRecord> m_unitEvents;
    // License id -> the generation the unit running now gave it, not yet written: a checkout
    // changes nothing else of its license, and the turn's reads already answer with it.
    QHash<QString, quint64> m_unitGenerations;
    // Leases the unit running now deleted, not yet deleted in the table (one statement for a
    // turn's releases): the rows as the turn read them.
    QList<StoredLease> m_unitDeletes;
    // Leases the unit running now inserted, not yet in the table (one statement for a turn's
    // checkouts), in the order they came.
    QList<StoredLease> m_unitInserts;
};

} // namespace keyright::server
