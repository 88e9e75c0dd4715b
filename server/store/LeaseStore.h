#pragma once

#include "ClockReference.h"
#include "SeatRules.h"
#include "UsageHistory.h"
#include "stats/StatComponent.h"
#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>
#include <utility>

namespace keyright::server {

// Where licenses, leases, holder blocks and the audit log live. SeatService talks only to this
// interface, so a PostgreSQL store can replace SQLite without touching the seat logic.
//
// Every change happens inside withLicense() or withStore(): the work runs as one transaction that
// is committed before the call returns, or rolled back entirely when it throws. withLicense()
// also guarantees that no other withLicense() for the same license runs at the same time (SQLite:
// the one writer connection; PostgreSQL: SELECT ... FOR UPDATE on the license row), and must not
// make work on unrelated licenses wait longer than one such transaction.
//
// Failures of the database throw StoreError.
class LeaseStore
{
public:
    virtual ~LeaseStore() = default;

    virtual void withLicense(const QString &licenseId, const std::function<void()> &work) = 0;
    virtual void withStore(const std::function<void()> &work) = 0;

    // Group commit, for RequestTurn. While a batch is open, each withLicense()/withStore() is one
    // unit (a savepoint) of a transaction the batch shares: a unit that throws is undone alone,
    // the others stay. commitBatch() commits them all at once, or throws StoreError and keeps
    // none of them; until it returns, nothing of the batch may be acknowledged to anyone.
    // rollbackBatch() keeps none of them. Either one closes the batch. beginBatch() must not be
    // called while a batch is open. Stores without batching run each unit as its own transaction,
    // so these default to doing nothing.
    virtual void beginBatch() { }
    virtual void commitBatch() { }
    virtual void rollbackBatch() { }
    virtual bool inBatch() const { return false; }
    // Whether RequestTurn should run a whole turn's requests as one batch. A store shared by
    // several servers says no: such a batch would take the lock of each license its units
    // touched as they came, so two instances' batches, locking licenses in their own arrival
    // orders, could deadlock each other (PostgreSQL then breaks one after deadlock_timeout, a
    // second later). RequestTurn then runs each request that is not a lease route as its own
    // transaction, and batches only the turn's lease routes and renewals, locking all their
    // licenses first in ascending id order (RequestTurn.h says why that cannot deadlock).
    virtual bool batchesTurns() const { return true; }
    // The bulk forms a turn's renewals use (RequestTurn, SeatService::planRenewals and
    // completeRenewals), one statement each where every statement is a round trip.
    // lockLicenses(), inside a unit: takes withLicense()'s lock on every one of these licenses,
    // in one fixed order (ascending id) whatever the order given, and reads the clock once they
    // are held; withLicense() on any of them inside the same unit then locks nothing again.
    // Called in an open batch outside any unit, the licenses stay held by the batch until it ends,
    // with the "now" read once they were held, and withLicense() on any of them in a later unit of
    // the batch locks and reads nothing again (RequestTurn's turns on a shared store).
    virtual void lockLicenses(const QStringList &licenseIds) = 0;
    // A hint, in an open batch once lockLicenses() holds their licenses: the checkouts its next
    // units are about to decide, so that a store whose every read is a round trip may look up
    // their requestIds, and count their licenses' live rows, for all of them with one statement
    // each (leaseByRequest(), liveLeaseCount()). The answers are the same with it or without.
    virtual void expectCheckouts(const QList<ExpectedCheckout> &checkouts) { Q_UNUSED(checkouts) }
    // Element i is lease(seats[i].first, seats[i].second).
    virtual QList<std::optional<StoredLease>> leasesOf(const QList<std::pair<QString, QString>> &seats) = 0;
    // Element i is renewLeaseIfUnchanged(renewals[i]...); no seat may appear twice. One statement
    // writes them all, the last activity with the times and signature.
    virtual QList<bool> renewLeasesIfUnchanged(const QList<LeaseRenewal> &renewals) = 0;

    virtual QList<LicenseRecord> licenses() = 0;
    virtual std::optional<LicenseRecord> license(const QString &licenseId) = 0;
    virtual void insertLicense(const LicenseRecord &license) = 0;
    // Writes name, policy, key hash, lastGeneration and validity of an existing license.
    virtual void updateLicense(const LicenseRecord &license) = 0;

    // Every row of the license, live or not, in no particular order.
    virtual QList<StoredLease> leases(const QString &licenseId) = 0;
    virtual std::optional<StoredLease> lease(const QString &licenseId, const QString &seatId) = 0;
    // How many of the license's rows are live at `now` (isLive() with `skew`), counted by the
    // store: a checkout that decidesOnCount() reads this instead of every row.
    virtual int liveLeaseCount(const QString &licenseId, const QDateTime &now, std::chrono::milliseconds skew) = 0;
    // The row of the license and holder that carries `requestId`, live or not; none for an empty
    // requestId.
    virtual std::optional<StoredLease> leaseByRequest(const QString &licenseId, const QString &holder,
                                                      const QString &requestId)
        = 0;
    // A row of the same license and holder that still carries lease.requestId gives it up (it is
    // no longer live, or the seat logic would have handed it back): the database keeps at most
    // one row per (license, holder, requestId) and refuses a second (a unique index).
    virtual void insertLease(const StoredLease &lease) = 0;
    // Writes issuedAt, expiresAt and signature of an existing row (its last activity stays).
    virtual void renewLease(const SeatLease &lease) = 0;
    // Writes `renewed`'s issuedAt, expiresAt and signature, and lastActivityAt (invalid: unknown),
    // only if the row still has `current`'s generation, issuedAt and expiresAt; false (nothing
    // written) when the row changed or is gone.
    virtual bool renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed,
                                       const QDateTime &lastActivityAt)
        = 0;
    // Sets idle reclaim's mark on a row (StoredLease::reclaimMarkedAt, reclaimAt), or lifts it
    // with an invalid markedAt; false when there is no such row.
    virtual bool markLease(const QString &licenseId, const QString &seatId, const QDateTime &markedAt,
                           const QDateTime &reclaimAt)
        = 0;
    // Records that a borrowed row was written off (StoredLease::writeOff); false when there is no
    // such row. The row stays, and counts, until it expires.
    virtual bool writeOffLease(const QString &licenseId, const QString &seatId, const BorrowWriteOff &writeOff) = 0;
    // True when a row was deleted.
    virtual bool deleteLease(const QString &licenseId, const QString &seatId) = 0;
    // Deletes `row`, read in this unit under its license's lock (so it is there): a store may hold
    // the delete back and write it with the unit's others (the reaper's chunk of 200 with one
    // statement on PostgreSQL); reads in the unit no longer see it either way.
    virtual void deleteReadLease(const StoredLease &row) { deleteLease(row.lease.licenseId, row.lease.seatId); }
    // Rows whose expiresAt <= latestExpiry: a superset of what the reaper may delete, which then
    // decides with isReapable().
    virtual QList<StoredLease> leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry) = 0;
    // The first `limit` of those rows, earliest expiry first, so that the reaper reads and deletes
    // them in bounded chunks rather than all in one transaction.
    virtual QList<StoredLease> firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry, int limit)
        = 0;

    virtual std::optional<HolderBlock> block(const QString &licenseId, const QString &holder) = 0;
    virtual QList<HolderBlock> blocks(const QString &licenseId) = 0;
    virtual void putBlock(const HolderBlock &block) = 0;
    // Removes blocks whose until <= now; returns how many.
    virtual int deleteBlocksEndedBy(const QDateTime &now) = 0;

    // Seat rules (issue 17). The server's holder groups, in the order they were put, and each
    // license's rules (empty when it has none), read and written whole. With
    // GroupsRead::HeldUntilCommit the groups read stay as read until the caller's transaction ends:
    // a rules change validated against them cannot race a groups change on another instance that
    // removes a group it names (putHolderGroups() holds the rows it replaces in the same way). With
    // GroupsRead::HeldForChange they are locked as putHolderGroups() would lock them, so that a
    // groups change can check the rules before it writes anything.
    enum class GroupsRead { Plain, HeldUntilCommit, HeldForChange };
    virtual QList<HolderGroup> holderGroups(GroupsRead read = GroupsRead::Plain) = 0;
    virtual void putHolderGroups(const QList<HolderGroup> &groups) = 0;
    virtual SeatRules licenseRules(const QString &licenseId) = 0;
    // licenseId -> rules, for the licenses that have any.
    virtual QHash<QString, SeatRules> rulesOfAllLicenses() = 0;
    // Empty rules delete the license's row.
    virtual void putLicenseRules(const QString &licenseId, const SeatRules &rules) = 0;

    // Returns the new event's seq.
    virtual qint64 appendEvent(const EventRecord &event) = 0;
    // The same for a caller that needs no seq: a store may hold the event back until the end of
    // the unit it is called in and write the unit's events together (issue 30), before anything
    // reads them and never after the unit is undone.
    virtual void recordEvent(const EventRecord &event) { appendEvent(event); }
    virtual QList<EventRecord> events(const EventQuery &query) = 0;
    // licenseId -> number of events of any of `kinds` with time > since.
    virtual QHash<QString, int> countEventsSince(const QList<EventKind> &kinds, const QDateTime &since) = 0;
    // Returns how many events older than `before` were deleted.
    virtual int deleteEventsBefore(const QDateTime &before) = 0;
    // Deletes at most `limit` of the events older than `before`; returns how many. A result below
    // `limit` means none is left.
    virtual int deleteFirstEventsBefore(const QDateTime &before, int limit) = 0;

    // Named access tokens (AccessService). A store shared by several servers must read them
    // afresh, so that a token revoked on one instance is refused by every other at its next
    // request.
    // Alert rules and the state of each alert (issue 29). lockAlerts(), inside a unit: one
    // evaluation of the alerts at a time across every server on the database (PostgreSQL: a row
    // lock held until the commit; SQLite's writer already is alone); returns when the last one
    // ran, invalid before the first, and records `now` as this one's.
    virtual QDateTime lockAlerts(const QDateTime &now) = 0;
    virtual QList<AlertRule> alertRules() = 0;
    // Whole, in this order; the tracks of rules no longer there go with them.
    virtual void putAlertRules(const QList<AlertRule> &rules) = 0;
    virtual QList<StoredAlertTrack> alertTracks() = 0;
    virtual void putAlertTrack(const StoredAlertTrack &track) = 0;
    virtual void deleteAlertTrack(const QString &ruleId, const QString &subject) = 0;
    // The instances that record they are alive (instance_silent). beatInstance() is one upsert by
    // replica id (its URL, start and last-seen time replaced); removeInstance() is the graceful
    // stop's, and the evaluator's when it forgets a long-silent one; false when there was none.
    virtual void beatInstance(const StoredInstance &instance) = 0;
    virtual bool removeInstance(const QString &replicaId) = 0;
    // Every recorded instance, by replica id.
    virtual QList<StoredInstance> instances() = 0;

    // Alert endpoints and the delivery outbox (issue 29; server/alerts/WebhookDeliverer). A
    // delivery is queued in the unit of the event it tells, so it is never lost nor queued twice.
    virtual QList<StoredAlertEndpoint> alertEndpoints() = 0;
    virtual void insertAlertEndpoint(const StoredAlertEndpoint &endpoint) = 0;
    // True when one was deleted; its deliveries stay in the log.
    virtual bool deleteAlertEndpoint(const QString &id) = 0;
    virtual void queueAlertDelivery(const StoredAlertDelivery &delivery) = 0;
    // Inside a unit: the first `limit` pending deliveries due at `now` that nobody holds (no claim,
    // or one expired), marked as held by `owner` until `claimUntil`. On a shared database the rows
    // another instance is claiming are skipped rather than waited for.
    virtual QList<StoredAlertDelivery> claimAlertDeliveries(const QString &owner, const QDateTime &now,
                                                            const QDateTime &claimUntil, int limit)
        = 0;
    // Writes the outcome of an attempt (status, attempts, next and last attempt, code, error) and
    // lifts the claim, only while `owner` still holds it; false when it no longer does.
    virtual bool finishAlertDelivery(const alerts::webhook::Delivery &delivery, const QString &owner) = 0;
    virtual std::optional<StoredAlertDelivery> alertDelivery(const QString &id) = 0;
    // Newest first; an empty endpoint id or no status: any.
    virtual QList<alerts::webhook::Delivery>
    alertDeliveries(const QString &endpointId, std::optional<alerts::webhook::DeliveryStatus> status, int limit) = 0;
    // Makes a delivery pending again, due at `now`, with its attempts and creation time kept; its
    // claim is lifted only when it has lapsed (an attempt in flight records its outcome as usual,
    // and no other instance sends it meanwhile); false when there is none.
    virtual bool requeueAlertDelivery(const QString &id, const QDateTime &now) = 0;
    // How many deliveries are pending, delivered, and given up since `gaveUpSince`.
    virtual QHash<alerts::webhook::DeliveryStatus, int> alertDeliveryCounts(const QDateTime &gaveUpSince) = 0;
    // Lifts every claim `owner` holds (a stopping instance), so another sends them at once.
    virtual int releaseAlertClaims(const QString &owner) = 0;
    // Lifts every claim of an owner whose name starts with `ownerPrefix`: an instance started again
    // on its data directory (which one process at a time holds) takes back at once the claims its
    // killed predecessor held, rather than after they lapse.
    virtual int releaseAlertClaimsStartingWith(const QString &ownerPrefix) = 0;
    // Deletes the deliveries delivered or given up whose last attempt (or creation) is before
    // `before`; how many.
    virtual int pruneAlertDeliveries(const QDateTime &before) = 0;

    virtual QList<AccessToken> tokens() = 0;
    virtual std::optional<AccessToken> token(const QString &name) = 0;
    virtual std::optional<AccessToken> tokenByHash(const QByteArray &hash) = 0;
    // Inserts the token, or replaces the one of the same name.
    virtual void putToken(const AccessToken &token) = 0;
    // True when a token was deleted.
    virtual bool deleteToken(const QString &name) = 0;
    virtual void touchToken(const QString &name, const QDateTime &lastUsedAt) = 0;

    // The waiting line (WaitingLine, docs/API.md "The waiting line"): tickets per license, in
    // line order. Called inside withLicense() of the ticket's license.
    // The database keeps at most one ticket per (license, holder, requestId) when a requestId is
    // given (a unique index); a second is refused.
    virtual void insertTicket(const StoredTicket &ticket) = 0;
    virtual std::optional<StoredTicket> ticket(const QString &licenseId, const QString &ticketId) = 0;
    virtual std::optional<StoredTicket> ticketByRequest(const QString &licenseId, const QString &holder,
                                                        const QString &requestId)
        = 0;
    // Every ticket of the license, granted or waiting, in line order (lineSeq ascending).
    virtual QList<StoredTicket> ticketsInLine(const QString &licenseId) = 0;
    // Writes expiresAt; false when there is no such ticket.
    virtual bool renewTicket(const QString &licenseId, const QString &ticketId, const QDateTime &expiresAt) = 0;
    // Writes the seat held for the ticket; false when there is no such ticket.
    virtual bool setTicketSeat(const QString &licenseId, const QString &ticketId, const QString &seatId) = 0;
    // True when a ticket was deleted.
    virtual bool deleteTicket(const QString &licenseId, const QString &ticketId) = 0;
    // The first `limit` tickets of the license with expiresAt < now or giveUpAt < now, in line
    // order: what serving the line and the reaper drop, in bounded chunks.
    virtual QList<StoredTicket> deadTickets(const QString &licenseId, const QDateTime &now, int limit) = 0;
    // licenseId -> tickets still waiting (no seat held, neither expired nor given up at `now`).
    virtual QHash<QString, int> waitingTicketCounts(const QDateTime &now) = 0;

    // The server's clock as last recorded (GuardedWallClock; docs/ARCHITECTURE.md, "Clock
    // jumps"): what a restart goes on from. nullopt before the first record.
    virtual std::optional<ClockReference> clockReference() = 0;
    virtual void putClockReference(const ClockReference &reference) = 0;

    // Usage statistics (StatsService): G-Counter components per license, counter and replica.
    // Adds `by` to one component (created at 0), saturating instead of wrapping. Called inside
    // the transaction of the event it counts, and only for the server's own replica id.
    virtual void bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by)
        = 0;
    // Every component held, this server's and the ones learned from peers.
    virtual QList<StatComponent> counterComponents() = 0;
    // Raises each given component to its value where that is higher (per-replica maximum); a
    // component never goes down.
    virtual void mergeComponents(const QList<StatComponent> &components) = 0;

    // Usage history (issue 25; server/usage/UsageCloser, docs/STATS.md "Usage history").
    // appendEvent() keeps the spans of seats and waits itself, from the events that start and
    // end them. Every license's activity overlapping [fromMs, toMs), with its grants up to
    // grantsUntilMs (what its true denials need).
    virtual QHash<QString, usage::LicenseActivity> usageActivity(qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                                                 qint64 trueDenialWindowMs)
        = 0;
    // The same for one license, read without the others' (a report, a what-if).
    virtual usage::LicenseActivity usageActivityOf(const QString &licenseId, qint64 fromMs, qint64 toMs,
                                                   qint64 grantsUntilMs, qint64 trueDenialWindowMs)
        = 0;
    // Where closing `resolution` stands: every bucket before it is written; nullopt before the
    // first. Inside a unit; on a shared database the row stays locked until the unit ends, so
    // that instances close one after the other.
    virtual std::optional<qint64> usageClosedUntil(usage::Resolution resolution) = 0;
    // Writes the buckets (one already there is kept: each is written once) and moves the
    // resolution's progress to closedUntilMs, in the caller's unit.
    virtual void putUsageBuckets(usage::Resolution resolution, const QList<std::pair<QString, usage::Bucket>> &buckets,
                                 qint64 closedUntilMs)
        = 0;
    // The license's stored buckets whose start is in [fromMs, toMs), in time order.
    virtual QList<usage::Bucket> usageBuckets(const QString &licenseId, usage::Resolution resolution, qint64 fromMs,
                                              qint64 toMs)
        = 0;
    // The earliest moment any span or event records; nullopt when there is none.
    virtual std::optional<qint64> usageEarliestMs() = 0;
    virtual int deleteUsageBucketsBefore(usage::Resolution resolution, qint64 beforeMs) = 0;
    virtual int deleteUsageSpansEndedBefore(qint64 beforeMs) = 0;
    // Idle history (issue 26; the ledger at a past moment), in the caller's unit: the holder of
    // the seat did nothing from fromMs to toMs (kept when at least usage::idleHistoryFloorMs); the
    // seat's client tells activity from atMs on (the first call counts); and, per seat of the
    // license idle at atMs within such a period, since when.
    virtual void noteIdleSpan(const QString &licenseId, const QString &seatId, const QString &holder, qint64 fromMs,
                              qint64 toMs)
        = 0;
    virtual void noteActivityKnown(const QString &licenseId, const QString &seatId, qint64 atMs) = 0;
    virtual QHash<QString, qint64> idleSpansAt(const QString &licenseId, qint64 atMs) = 0;
    // Whether the events from before the usage tables existed still have to become spans
    // (inside a unit; held like usageClosedUntil), and the mark that they have.
    virtual bool usageBackfillPending() = 0;
    virtual void markUsageBackfilled() = 0;
    // Replays stored events with seq > afterSeq into the spans (at most `limit`); returns the
    // last seq replayed, afterSeq when none was left.
    virtual qint64 replayEventsIntoUsage(qint64 afterSeq, int limit) = 0;
    // What the license's buckets of `resolution` take in the database, in bytes (the benchmark).
    virtual qint64 usageStoredBytes(const QString &licenseId, usage::Resolution resolution) = 0;
    // The demo history (--demo): made-up spans of one license, and the moment the made-up history
    // ends (nullopt: there is none).
    virtual void putDemoUsage(const QString &licenseId, const usage::LicenseActivity &activity) = 0;
    virtual std::optional<qint64> usageDemoUntil() = 0;
    // The same for one license: nullopt also for a license created after the demo's history.
    virtual std::optional<qint64> usageDemoUntil(const QString &licenseId) = 0;
    virtual void setUsageDemoUntil(qint64 ms) = 0;
};

} // namespace keyright::server
