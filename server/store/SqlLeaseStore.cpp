#include "store/SqlLeaseStore.h"

#include "LeasePredicate.h"
#include "store/SqlAlertOutbox.h"
#include "store/SqlAlerts.h"
#include "store/SqlClockReference.h"
#include "store/SqlCounters.h"
#include "store/SqlEventLog.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlQueueTickets.h"
#include "store/SqlRows.h"
#include "store/SqlSchema.h"
#include "store/SqlSeatRules.h"
#include "store/SqlTokens.h"
#include "store/SqlTransactions.h"
#include "store/SqlUsageHistory.h"
#include "store/TurnReads.h"

#include <algorithm>
#include <limits>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

SqlLeaseStore::SqlLeaseStore(const QString &driver, const QString &description, SqlDialect dialect, bool caching)
    : m_connection(driver, description)
    , m_dialect(std::move(dialect))
    , m_caching(caching)
    , m_turn(std::make_unique<TurnReads>())
{
    m_schema = std::make_unique<SqlSchema>(m_connection, m_dialect);
    m_transactions = std::make_unique<SqlTransactions>(
        m_connection, m_dialect.begin, m_dialect.prepareTransactionControl, m_dialect.keepUnitSavepoints,
        SqlTransactions::Hooks {[this] { dropCaches(); },
                                [this] { transactionBegan(std::exchange(m_locksNext, false)); },
                                [this] { transactionEnded(); }});
    makeParts();
}

void SqlLeaseStore::makeParts()
{
    // Rebuilt rather than kept when the connection closes: their statements belong to it.
    m_tables = std::make_unique<SqlLeaseTables>(m_connection, m_dialect, m_caching);
    m_events = std::make_unique<SqlEventLog>(m_connection, m_dialect);
    m_counters = std::make_unique<SqlCounters>(m_connection, m_dialect);
    m_tokens = std::make_unique<SqlTokens>(m_connection, m_caching);
    m_tickets = std::make_unique<SqlQueueTickets>(m_connection, m_dialect.idsTable);
    // A dialect without a license lock serializes every writer in the transaction itself (SQLite):
    // nothing to hold. Otherwise the groups a rules change was validated against are held.
    const bool serialized = m_dialect.lockLicense.isEmpty();
    m_seatRules = std::make_unique<SqlSeatRules>(m_connection, m_caching, serialized ? QString() : u" FOR SHARE"_s,
                                                 serialized ? QString() : u" FOR UPDATE"_s, m_dialect.inIds);
    m_clockReference = std::make_unique<SqlClockReference>(m_connection);
    m_usage = std::make_unique<SqlUsageHistory>(m_connection, m_dialect);
    m_alerts = std::make_unique<SqlAlerts>(m_connection, serialized ? QString() : u" FOR UPDATE"_s);
    m_outbox = std::make_unique<SqlAlertOutbox>(m_connection, m_dialect.skipLocked);
}

SqlLeaseStore::~SqlLeaseStore()
{
    // Statements first, then the connection they were prepared on.
    m_transactions.reset();
    m_tables.reset();
    m_events.reset();
    m_counters.reset();
    m_tokens.reset();
    m_tickets.reset();
    m_seatRules.reset();
    m_clockReference.reset();
    m_usage.reset();
    m_alerts.reset();
    m_outbox.reset();
    m_connection.close();
}

bool SqlLeaseStore::setUp(QString *error)
{
    if (!m_schema->migrate(error))
        return false;
    m_createdSchema = m_schema->wasEmpty();
    return prepareStatements(error);
}

bool SqlLeaseStore::prepareStatements(QString *error)
{
    m_prepared = false;
    m_transactions->reset();
    m_prepared = m_transactions->prepare(error) && m_tables->prepare(error) && m_events->prepare(error)
        && m_counters->prepare(error) && m_tokens->prepare(error) && m_tickets->prepare(error)
        && m_seatRules->prepare(error) && m_clockReference->prepare(error) && m_usage->prepare(error)
        && m_alerts->prepare(error) && m_outbox->prepare(error);
    return m_prepared;
}

void SqlLeaseStore::close()
{
    m_prepared = false;
    m_transactions->reset();
    makeParts();
    m_connection.close();
}

bool SqlLeaseStore::isOpen() const
{
    return m_prepared;
}

int SqlLeaseStore::schemaVersion() const
{
    return m_schema->newestVersion();
}

bool SqlLeaseStore::inTransaction() const
{
    return m_transactions->inTransaction();
}

void SqlLeaseStore::dropCaches()
{
    // After an undo, usually inside the handler of the failure that caused it: nothing here may
    // throw or reconnect, or the failure being handled would be replaced by the reconnection's (a
    // COMMIT cut by a dead primary reached the client as "not carried out" instead of "may or may
    // not have been kept"; tst_patronifailover). A lost connection's parts are rebuilt, caches and
    // all, when the next transaction replaces it.
    m_batchGroups.reset();
    m_turn->clear();
    m_lockedRows.clear();
    m_expectedLookedUp = false;
    m_unitEvents.clear();
    m_unitGenerations.clear();
    m_unitDeletes.clear();
    m_unitInserts.clear();
    m_usage->discardPendingSpans();
    m_tables->dropCaches();
    m_tokens->dropCaches();
    m_seatRules->dropCaches();
}

void SqlLeaseStore::ready(Spans spans)
{
    // What a unit held back of its events and usage spans is written before anything that might
    // read or write them (and at the end of the unit): the methods that touch neither say so.
    if (spans == Spans::Flush) {
        flushLeaseWrites();
        flushGenerations();
        flushEvents();
        if (m_usage->hasPendingSpans())
            m_usage->flushSpans();
    }
    // Outside a transaction (a read between units, or the start of one) a lost connection may be
    // replaced; inside one it may not: what the transaction did is gone with it.
    if (!m_transactions->inTransaction())
        beforeTransaction();
    if (!m_prepared)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
}

void SqlLeaseStore::unit(const std::function<void()> &work)
{
    // A unit joined writes nothing held back: the work calls what reads it, which writes it first.
    ready(m_transactions->inUnit() ? Spans::Keep : Spans::Flush);
    if (m_transactions->inUnit()) {
        m_transactions->unit(work);
        return;
    }
    // The outermost unit: the licenses it locks stay locked until it ends (commit, rollback, or
    // rollback to its savepoint, which releases them too), so each attempt starts with none.
    struct Forget
    {
        SqlLeaseStore &store;
        ~Forget()
        {
            store.m_unitLicenses.clear();
            store.m_unitBumps.clear();
        }
    } forget {*this};
    m_transactions->unit([&] {
        m_unitLicenses.clear();
        m_unitBumps.clear();
        work();
        flushLeaseWrites();
        flushGenerations();
        flushEvents(Bumps::With);
        m_usage->flushSpans();
        writeUnitBumps();
    });
}

void SqlLeaseStore::noteSpans(const std::function<void()> &note)
{
    // Inside a unit the spans are held back and written with the unit's others (two statements
    // for a turn's checkouts and releases instead of one per event).
    m_usage->setDeferring(m_transactions->inUnit());
    struct Stop
    {
        SqlUsageHistory &usage;
        ~Stop() { usage.setDeferring(false); }
    } stop {*m_usage};
    note();
}

void SqlLeaseStore::flushEvents(Bumps bumps)
{
    if (m_unitEvents.isEmpty())
        return;
    // Taken first: what fails here is undone with its unit, and must not be written again.
    const QList<EventRecord> events = std::exchange(m_unitEvents, {});
    // At the unit's end its counters' increments go with its events, where the dialect allows.
    const bool withBumps = bumps == Bumps::With && !m_unitBumps.empty() && m_events->bumpsWithEvents();
    const QList<qint64> seqs
        = m_events->appendEvents(events, withBumps ? takeUnitBumps() : QList<SqlCounters::Bump> {});
    // Their spans after them, as appendEvent() notes them: a refusal's span is named by its seq.
    noteSpans([&] {
        for (qsizetype i = 0; i < events.size(); ++i)
            m_usage->noteEvent(events.at(i), seqs.at(i));
    });
}

void SqlLeaseStore::flushLeaseWrites()
{
    // Deletes first: a row inserted under the key or requestId of one deleted in the same unit
    // comes after it (one inserted and then deleted by the unit is in neither list).
    if (!m_unitDeletes.isEmpty()) {
        QList<std::pair<QString, QString>> seats;
        for (const StoredLease &row : std::exchange(m_unitDeletes, {}))
            seats.append({row.lease.licenseId, row.lease.seatId});
        m_tables->deleteLeases(seats);
    }
    if (!m_unitInserts.isEmpty())
        m_tables->insertLeases(std::exchange(m_unitInserts, {}));
}

void SqlLeaseStore::flushGenerations()
{
    if (m_unitGenerations.isEmpty())
        return;
    m_tables->writeGenerations(std::exchange(m_unitGenerations, {}));
}

void SqlLeaseStore::writeUnitBumps()
{
    // Still inside the unit's transaction: each component is written once, with the sum of what
    // the unit counted (a turn's renewals of one license: one statement instead of one each), and
    // on PostgreSQL all of them with one statement (a turn's checkouts and releases on many
    // licenses: one round trip instead of one per license and counter).
    m_counters->bumpCounters(takeUnitBumps());
}

QList<SqlCounters::Bump> SqlLeaseStore::takeUnitBumps()
{
    const auto sums = std::exchange(m_unitBumps, {});
    QList<SqlCounters::Bump> bumps;
    bumps.reserve(qsizetype(sums.size()));
    for (const auto &[key, by] : sums)
        bumps.append(SqlCounters::Bump {std::get<0>(key), std::get<1>(key), std::get<2>(key), by});
    return bumps;
}

void SqlLeaseStore::withLicense(const QString &licenseId, const std::function<void()> &work)
{
    // SQLite: the one writer connection on one thread, so the transaction itself is the
    // per-license lock. PostgreSQL: the license's row, locked until the transaction ends; work on
    // other licenses never waits for it.
    if (m_transactions->inUnit() && m_unitLicenses.contains(licenseId)) {
        // Already held by the enclosing unit (RequestTurn locks a turn's licenses up front,
        // lockLicenses()): locking again would wait for nothing and cost two round trips.
        work();
        return;
    }
    if (m_transactions->inBatch() && m_batchLicenses.contains(licenseId)) {
        // Held by the batch since its start (lockLicenses() outside a unit), with the "now" it
        // decided them with: a unit of its own, nothing locked or read again.
        if (m_transactions->inUnit())
            work();
        else
            unit(work);
        return;
    }
    unit([&] {
        // The dialect's statement for many, with one: where it decides the licenses' "now" as it
        // locks them, that is one round trip less than a lock and a decision.
        std::optional<LockedNow> decided;
        m_tables->lockLicenses({licenseId}, nullptr, &decided);
        m_unitLicenses.insert(licenseId);
        licensesLocked({licenseId}, decided);
        work();
    });
}

void SqlLeaseStore::withStore(const std::function<void()> &work)
{
    unit(work);
}

void SqlLeaseStore::withOwnTransaction(const std::function<void()> &work)
{
    ready();
    m_transactions->unitAlone([&] {
        work();
        flushLeaseWrites();
        flushGenerations();
        flushEvents();
        m_usage->flushSpans();
    });
}

void SqlLeaseStore::beginBatch()
{
    m_transactions->beginBatch();
}

void SqlLeaseStore::commitBatch()
{
    m_lockedRows.clear();
    m_batchLicenses.clear(); // released by the COMMIT (or the ROLLBACK that follows a failed one)
    m_expected.clear();
    m_expectedLookedUp = false;
    m_batchGroups.reset();
    m_turn->clear();
    m_transactions->commitBatch();
}

void SqlLeaseStore::rollbackBatch()
{
    m_lockedRows.clear();
    m_batchLicenses.clear();
    m_expected.clear();
    m_expectedLookedUp = false;
    m_batchGroups.reset();
    m_turn->clear();
    m_transactions->rollbackBatch();
}

bool SqlLeaseStore::inBatch() const
{
    return m_transactions->inBatch();
}

void SqlLeaseStore::lockLicenses(const QStringList &licenseIds)
{
    // Outside a unit of an open batch, the licenses stay held by the batch until it ends (a unit's
    // savepoint released keeps its row locks), for every later unit of it.
    const bool forBatch = m_transactions->inBatch() && !m_transactions->inUnit();
    QStringList ids;
    for (const QString &id : licenseIds) {
        if (!m_unitLicenses.contains(id) && !(m_transactions->inBatch() && m_batchLicenses.contains(id)))
            ids.append(id);
    }
    if (ids.isEmpty())
        return;
    // Ascending, each once: the order where they are locked one by one; the dialect's single
    // statement sorts them itself.
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    QStringList locked;
    if (forBatch && m_transactions->batchBegunOnly()) {
        // The batch's first work: in its transaction, without a savepoint (should it fail, the
        // batch has nothing else to keep and is rolled back whole).
        ready();
        // The lock statement reads the clock itself where it decides: none read at BEGIN (the
        // flag is taken by the BEGIN's hook, and cleared should BEGIN fail before it).
        m_locksNext = m_dialect.lockLicensesDecides;
        struct Clear
        {
            bool &flag;
            ~Clear() { flag = false; }
        } clear {m_locksNext};
        m_transactions->startBatch([&] {
            std::optional<LockedNow> decided;
            locked = m_tables->lockLicenses(ids, &m_lockedRows, &decided);
            licensesLocked(ids, decided);
        });
    } else {
        unit([&] {
            std::optional<LockedNow> decided;
            locked = m_tables->lockLicenses(ids, nullptr, &decided);
            for (const QString &id : std::as_const(locked))
                m_unitLicenses.insert(id);
            licensesLocked(ids, decided);
        });
    }
    // Only once the unit is kept (one rolled back to its savepoint released its locks), and only
    // the licenses that were there to lock: one created since is locked by the withLicense() that
    // meets it.
    if (forBatch) {
        for (const QString &id : std::as_const(locked))
            m_batchLicenses.insert(id);
    }
}

void SqlLeaseStore::expectCheckouts(const QList<ExpectedCheckout> &checkouts)
{
    if (!m_transactions->inBatch())
        return;
    m_expected = checkouts;
    m_expectedLookedUp = false;
}

bool SqlLeaseStore::lookUpExpectedRequests(TurnReads &turn)
{
    if (m_expectedLookedUp || !m_tables->looksUpManyRequests())
        return false;
    m_expectedLookedUp = true;
    QList<ExpectedCheckout> wanted;
    for (const ExpectedCheckout &checkout : std::as_const(m_expected)) {
        if (turn.holds(checkout.licenseId)
            && !turn.leaseByRequest(checkout.licenseId, checkout.holder, checkout.requestId))
            wanted.append(checkout);
    }
    if (wanted.size() < 2)
        return false; // one lookup: the statement of its own costs the same
    flushLeaseWrites();
    turn.requestsLookedUp(wanted, m_tables->leasesByRequest(wanted));
    return true;
}

bool SqlLeaseStore::countExpectedLicenses(TurnReads &turn, const QString &licenseId, const QDateTime &now,
                                          std::chrono::milliseconds skew)
{
    if (!m_tables->countsManyLicenses())
        return false;
    const qint64 nowMs = now.toMSecsSinceEpoch();
    QStringList ids {licenseId};
    QList<qint64> skews {skew.count()};
    for (const ExpectedCheckout &checkout : std::as_const(m_expected)) {
        const QString &id = checkout.licenseId;
        if (ids.contains(id) || !turn.holds(id) || turn.leases(id))
            continue;
        // The skew its checkout will count with: its policy's, as SeatService gives it.
        const auto license = turn.license(id);
        if (!license || !*license)
            continue;
        const qint64 skewMs = (*license)->policy.skew().count();
        if (turn.liveCount(id, nowMs, skewMs))
            continue;
        ids.append(id);
        skews.append(skewMs);
    }
    if (ids.size() < 2)
        return false;
    QList<qint64> earliests;
    for (qsizetype i = 0; i < ids.size(); ++i)
        earliests.append(earliestLiveExpiryMs(now, std::chrono::milliseconds(skews.at(i))));
    flushLeaseWrites();
    const QHash<QString, int> counts = m_tables->liveLeaseCounts(ids, earliests);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const auto counted = counts.constFind(ids.at(i));
        if (counted == counts.cend())
            continue;
        turn.liveCounted(ids.at(i), nowMs, skews.at(i), *counted);
        noteLiveCounted(ids.at(i), *counted);
    }
    return true;
}

void SqlLeaseStore::noteLiveCounted(const QString &licenseId, int live)
{
    // A hint only (which licenses a turn reads the rows of): the rows are at least the live ones,
    // and may be many more. Raised, never lowered, by a count: after an outage every row of a
    // license has lapsed until the reaper takes them, and a hint lowered to the few live ones made
    // every other turn read a thousand lapsed rows (10 ms a turn for the first seconds of a storm).
    m_rowsSeen.insert(licenseId, std::max(m_rowsSeen.value(licenseId, 0), live));
}

TurnReads *SqlLeaseStore::turn(const QString &licenseId)
{
    // Only inside a batch's transaction that holds the license since its start (lockLicenses()
    // outside a unit), and where one statement reads many licenses' rows.
    if (!m_transactions->inBatch() || !m_transactions->inTransaction() || !m_batchLicenses.contains(licenseId)
        || !m_tables->readsManyLicenses())
        return nullptr;
    if (!m_turn->loaded()) {
        // Every license the batch holds, whichever the first read names: a turn's calls are on
        // several, and five statements for all of them cost what one call's reads did.
        // Lease rows only of the licenses last seen with few: a checkout on a license of thousands
        // decides on a count (decidesOnCount()), and reading them all made a storm's turns read
        // every seat of the site, every turn (issue 30).
        const QStringList ids(m_batchLicenses.cbegin(), m_batchLicenses.cend());
        QStringList rowIds;
        QSet<QString> rowsNotRead;
        for (const QString &id : ids) {
            if (m_rowsSeen.value(id, 0) <= turnRowsLimit)
                rowIds.append(id);
            else
                rowsNotRead.insert(id);
        }
        // The license rows as the batch's locks read them, unless one was written since.
        const bool rowsLocked
            = std::all_of(ids.cbegin(), ids.cend(), [&](const QString &id) { return m_lockedRows.contains(id); });
        auto licenses = rowsLocked ? std::exchange(m_lockedRows, {}) : m_tables->licensesIn(ids);
        auto leases = rowIds.isEmpty() ? QHash<QString, QList<StoredLease>>() : m_tables->leasesIn(rowIds);
        for (const QString &id : std::as_const(rowIds))
            m_rowsSeen.insert(id, int(leases.value(id).size()));
        auto blocks = m_tables->blocksIn(ids);
        auto rules = m_seatRules->rulesIn(ids);
        auto tickets = m_tickets->ticketsInLines(ids);
        m_turn->load(ids, std::move(licenses), std::move(leases), std::move(blocks), std::move(rules),
                     std::move(tickets), std::move(rowsNotRead));
    }
    return m_turn.get();
}

QList<std::optional<StoredLease>> SqlLeaseStore::leasesOf(const QList<std::pair<QString, QString>> &seats)
{
    ready();
    return m_tables->leasesOf(seats);
}

QList<bool> SqlLeaseStore::renewLeasesIfUnchanged(const QList<LeaseRenewal> &renewals)
{
    ready();
    for (const LeaseRenewal &renewal : renewals)
        m_turn->forget(TurnReads::Table::Leases, renewal.current.licenseId);
    return m_tables->renewLeasesIfUnchanged(renewals);
}

QList<LicenseRecord> SqlLeaseStore::licenses()
{
    ready();
    return m_tables->licenses();
}

std::optional<LicenseRecord> SqlLeaseStore::license(const QString &licenseId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->license(licenseId))
            return *known;
    }
    return m_tables->license(licenseId);
}

void SqlLeaseStore::insertLicense(const LicenseRecord &license)
{
    ready();
    m_lockedRows.remove(license.id);
    m_turn->forget(TurnReads::Table::Licenses, license.id);
    m_tables->insertLicense(license);
}

void SqlLeaseStore::updateLicense(const LicenseRecord &license)
{
    ready(Spans::Keep);
    // A new generation and nothing else, of a license the batch holds and the turn has read:
    // held back and written with the unit's others (one statement for a turn's checkouts).
    if (m_transactions->inUnit() && m_tables->writesManyGenerations()) {
        if (TurnReads *turn = this->turn(license.id)) {
            if (const auto known = turn->license(license.id); known && *known) {
                LicenseRecord same = **known;
                same.lastGeneration = license.lastGeneration;
                if (same == license) {
                    m_unitGenerations.insert(license.id, license.lastGeneration);
                    m_turn->licenseWritten(license);
                    return;
                }
            }
        }
    }
    m_unitGenerations.remove(license.id); // the whole row carries it
    m_lockedRows.remove(license.id);
    m_turn->forget(TurnReads::Table::Licenses, license.id);
    m_tables->updateLicense(license);
    m_turn->licenseWritten(license);
}

QList<StoredLease> SqlLeaseStore::leases(const QString &licenseId)
{
    ready(Spans::Keep);
    TurnReads *turn = this->turn(licenseId);
    if (turn) {
        if (const auto known = turn->leases(licenseId))
            return *known;
    }
    flushLeaseWrites();
    const QList<StoredLease> rows = m_tables->leases(licenseId);
    m_rowsSeen.insert(licenseId, int(rows.size()));
    // Read whole under the batch's lock: the turn knows them from here, as if loaded with it.
    if (turn && turn->mayTakeLeases(licenseId))
        turn->leasesRead(licenseId, rows);
    return rows;
}

int SqlLeaseStore::liveLeaseCount(const QString &licenseId, const QDateTime &now, std::chrono::milliseconds skew)
{
    ready(Spans::Keep);
    TurnReads *turn = this->turn(licenseId);
    if (turn) {
        if (const auto known = turn->leases(licenseId)) {
            return int(std::count_if(known->cbegin(), known->cend(),
                                     [&](const StoredLease &row) { return isLive(row.lease, now, skew); }));
        }
        // Counted once a turn (its "now" is the transaction's), with the other licenses its
        // expected checkouts name: its checkouts' inserts move it.
        if (const auto counted = turn->liveCount(licenseId, now.toMSecsSinceEpoch(), skew.count()))
            return *counted;
        if (countExpectedLicenses(*turn, licenseId, now, skew)) {
            if (const auto counted = turn->liveCount(licenseId, now.toMSecsSinceEpoch(), skew.count()))
                return *counted;
        }
    }
    flushLeaseWrites();
    const int live = m_tables->liveLeaseCount(licenseId, earliestLiveExpiryMs(now, skew));
    if (turn)
        turn->liveCounted(licenseId, now.toMSecsSinceEpoch(), skew.count(), live);
    noteLiveCounted(licenseId, live);
    return live;
}

std::optional<StoredLease> SqlLeaseStore::leaseByRequest(const QString &licenseId, const QString &holder,
                                                         const QString &requestId)
{
    if (requestId.isEmpty())
        return std::nullopt;
    ready(Spans::Keep);
    TurnReads *turn = this->turn(licenseId);
    if (turn) {
        // From the turn's rows, or what the database said of the requestId in this turn; else
        // looked up with the turn's other expected checkouts.
        if (const auto known = turn->leaseByRequest(licenseId, holder, requestId))
            return *known;
        if (lookUpExpectedRequests(*turn)) {
            if (const auto known = turn->leaseByRequest(licenseId, holder, requestId))
                return *known;
        }
    }
    flushLeaseWrites();
    auto row = m_tables->leaseByRequest(licenseId, holder, requestId);
    // None holds it: the checkout's insert then has no row to take it from (one statement less).
    if (!row && turn)
        turn->requestIdFree(licenseId, holder, requestId);
    return row;
}

std::optional<StoredLease> SqlLeaseStore::lease(const QString &licenseId, const QString &seatId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->lease(licenseId, seatId))
            return *known;
    }
    flushLeaseWrites();
    return m_tables->lease(licenseId, seatId);
}

void SqlLeaseStore::insertLease(const StoredLease &lease)
{
    ready(Spans::Keep);
    // A row deleted but not yet gone that holds the same requestId would collide in the unique
    // index (as would one inserted and not yet written, which the seat logic never asks for):
    // those writes go first.
    const auto sameRequest = [&](const StoredLease &row) {
        return !lease.requestId.isEmpty() && row.lease.licenseId == lease.lease.licenseId
            && row.lease.holder == lease.lease.holder && row.requestId == lease.requestId;
    };
    if (std::any_of(m_unitDeletes.cbegin(), m_unitDeletes.cend(), sameRequest)
        || std::any_of(m_unitInserts.cbegin(), m_unitInserts.cend(), sameRequest))
        flushLeaseWrites();
    // Where the turn knows the license's rows (or their count) it follows the insert, so that the
    // turn's next checkout on the license decides without reading them again, and says whether a
    // row must give up the requestId first.
    const auto held = m_turn->holdsRequestId(lease.lease.licenseId, lease.lease.holder, lease.requestId);
    const bool mayBeHeld = !lease.requestId.isEmpty() && (!held || *held);
    if (m_transactions->inUnit() && m_tables->insertsManyLeases() && this->turn(lease.lease.licenseId)) {
        // Held back and written with the unit's others (one statement for a turn's checkouts):
        // every read of the table writes them first, and so does the unit's end.
        if (mayBeHeld)
            m_tables->forgetRequestId(lease.lease.licenseId, lease.lease.holder, lease.requestId);
        m_unitInserts.append(lease);
    } else {
        m_tables->insertLease(lease, mayBeHeld);
    }
    m_turn->leaseInserted(SqlRows::asStored(lease));
}

void SqlLeaseStore::renewLease(const SeatLease &lease)
{
    ready();
    m_turn->forget(TurnReads::Table::Leases, lease.licenseId);
    m_tables->renewLease(lease);
}

bool SqlLeaseStore::renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed,
                                          const QDateTime &lastActivityAt)
{
    ready();
    m_turn->forget(TurnReads::Table::Leases, current.licenseId);
    return m_tables->renewLeaseIfUnchanged(current, renewed, lastActivityAt);
}

bool SqlLeaseStore::markLease(const QString &licenseId, const QString &seatId, const QDateTime &markedAt,
                              const QDateTime &reclaimAt)
{
    ready();
    m_turn->forget(TurnReads::Table::Leases, licenseId);
    return m_tables->markLease(licenseId, seatId, markedAt, reclaimAt);
}

bool SqlLeaseStore::writeOffLease(const QString &licenseId, const QString &seatId, const BorrowWriteOff &writeOff)
{
    ready();
    m_turn->forget(TurnReads::Table::Leases, licenseId);
    return m_tables->writeOffLease(licenseId, seatId, writeOff);
}

bool SqlLeaseStore::deleteLease(const QString &licenseId, const QString &seatId)
{
    ready(Spans::Keep);
    // A delete by the row's key: the turn's list follows it (a release then decides on the
    // license's other rows without reading them again). Where the turn knows the row, the delete
    // is held back and written with the unit's others.
    if (m_transactions->inUnit() && m_tables->deletesManyLeases()) {
        if (TurnReads *turn = this->turn(licenseId)) {
            if (const auto known = turn->lease(licenseId, seatId)) {
                if (!*known)
                    return false;
                // Inserted by this unit and not written yet: neither is then.
                const auto inserted
                    = std::find_if(m_unitInserts.begin(), m_unitInserts.end(), [&](const StoredLease &row) {
                          return row.lease.licenseId == licenseId && row.lease.seatId == seatId;
                      });
                if (inserted != m_unitInserts.end())
                    m_unitInserts.erase(inserted);
                else
                    m_unitDeletes.append(**known);
                m_turn->leaseDeleted(licenseId, seatId);
                return true;
            }
        }
    }
    flushLeaseWrites();
    const bool deleted = m_tables->deleteLease(licenseId, seatId);
    if (deleted)
        m_turn->leaseDeleted(licenseId, seatId);
    return deleted;
}

void SqlLeaseStore::deleteReadLease(const StoredLease &row)
{
    if (!m_transactions->inUnit() || !m_tables->deletesManyLeases()) {
        deleteLease(row.lease.licenseId, row.lease.seatId);
        return;
    }
    ready(Spans::Keep);
    // Held back as a release's is; the flush's DELETE says so should the row be gone after all.
    m_unitDeletes.append(row);
    m_turn->leaseDeleted(row.lease.licenseId, row.lease.seatId);
}

QList<StoredLease> SqlLeaseStore::leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry)
{
    ready();
    return m_tables->leasesExpiringBy(licenseId, latestExpiry);
}

QList<StoredLease> SqlLeaseStore::firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry,
                                                        int limit)
{
    ready();
    return m_tables->firstLeasesExpiringBy(licenseId, latestExpiry, limit);
}

std::optional<HolderBlock> SqlLeaseStore::block(const QString &licenseId, const QString &holder)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->block(licenseId, holder))
            return *known;
    }
    return m_tables->block(licenseId, holder);
}

QList<HolderBlock> SqlLeaseStore::blocks(const QString &licenseId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->blocks(licenseId))
            return *known;
    }
    return m_tables->blocks(licenseId);
}

void SqlLeaseStore::putBlock(const HolderBlock &block)
{
    ready();
    m_turn->forget(TurnReads::Table::Blocks, block.licenseId);
    m_tables->putBlock(block);
}

int SqlLeaseStore::deleteBlocksEndedBy(const QDateTime &now)
{
    ready();
    m_turn->forgetAll(TurnReads::Table::Blocks);
    return m_tables->deleteBlocksEndedBy(now);
}

QList<HolderGroup> SqlLeaseStore::holderGroups(GroupsRead read)
{
    ready(Spans::Keep);
    // A batch holding licenses (a turn's lease calls on a shared store) reads the groups once for
    // all its units: every request of it arrived before that read, so it sees every change
    // acknowledged before it was sent, as a read of its own would.
    const bool turn = read == GroupsRead::Plain && m_transactions->inBatch() && !m_batchLicenses.isEmpty();
    if (turn && m_batchGroups)
        return *m_batchGroups;
    QList<HolderGroup> groups = m_seatRules->holderGroups(read);
    if (turn)
        m_batchGroups = groups;
    return groups;
}

void SqlLeaseStore::putHolderGroups(const QList<HolderGroup> &groups)
{
    ready();
    m_batchGroups.reset();
    m_seatRules->putHolderGroups(groups);
}

SeatRules SqlLeaseStore::licenseRules(const QString &licenseId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->rules(licenseId))
            return *known;
    }
    return m_seatRules->licenseRules(licenseId);
}

QHash<QString, SeatRules> SqlLeaseStore::rulesOfAllLicenses()
{
    ready();
    return m_seatRules->rulesOfAllLicenses();
}

void SqlLeaseStore::putLicenseRules(const QString &licenseId, const SeatRules &rules)
{
    ready();
    m_turn->forget(TurnReads::Table::Rules, licenseId);
    m_seatRules->putLicenseRules(licenseId, rules);
}

QDateTime SqlLeaseStore::lockAlerts(const QDateTime &now)
{
    ready();
    return m_alerts->lock(now);
}

QList<AlertRule> SqlLeaseStore::alertRules()
{
    ready();
    return m_alerts->rules();
}

void SqlLeaseStore::putAlertRules(const QList<AlertRule> &rules)
{
    ready();
    m_alerts->putRules(rules);
}

QList<StoredAlertTrack> SqlLeaseStore::alertTracks()
{
    ready();
    return m_alerts->tracks();
}

void SqlLeaseStore::putAlertTrack(const StoredAlertTrack &track)
{
    ready();
    m_alerts->putTrack(track);
}

void SqlLeaseStore::deleteAlertTrack(const QString &ruleId, const QString &subject)
{
    ready();
    m_alerts->deleteTrack(ruleId, subject);
}

void SqlLeaseStore::beatInstance(const StoredInstance &instance)
{
    ready();
    m_alerts->beatInstance(instance);
}

bool SqlLeaseStore::removeInstance(const QString &replicaId)
{
    ready();
    return m_alerts->removeInstance(replicaId);
}

QList<StoredInstance> SqlLeaseStore::instances()
{
    ready();
    return m_alerts->instances();
}

QList<StoredAlertEndpoint> SqlLeaseStore::alertEndpoints()
{
    ready();
    return m_outbox->endpoints();
}

void SqlLeaseStore::insertAlertEndpoint(const StoredAlertEndpoint &endpoint)
{
    ready();
    m_outbox->insertEndpoint(endpoint);
}

bool SqlLeaseStore::deleteAlertEndpoint(const QString &id)
{
    ready();
    return m_outbox->deleteEndpoint(id);
}

void SqlLeaseStore::queueAlertDelivery(const StoredAlertDelivery &delivery)
{
    ready();
    m_outbox->queue(delivery);
}

QList<StoredAlertDelivery> SqlLeaseStore::claimAlertDeliveries(const QString &owner, const QDateTime &now,
                                                               const QDateTime &claimUntil, int limit)
{
    ready();
    return m_outbox->claim(owner, now, claimUntil, limit);
}

bool SqlLeaseStore::finishAlertDelivery(const alerts::webhook::Delivery &delivery, const QString &owner)
{
    ready();
    return m_outbox->finish(delivery, owner);
}

std::optional<StoredAlertDelivery> SqlLeaseStore::alertDelivery(const QString &id)
{
    ready();
    return m_outbox->delivery(id);
}

QList<alerts::webhook::Delivery> SqlLeaseStore::alertDeliveries(const QString &endpointId,
                                                                std::optional<alerts::webhook::DeliveryStatus> status,
                                                                int limit)
{
    ready();
    return m_outbox->deliveries(endpointId, status, limit);
}

bool SqlLeaseStore::requeueAlertDelivery(const QString &id, const QDateTime &now)
{
    ready();
    return m_outbox->requeue(id, now);
}

QHash<alerts::webhook::DeliveryStatus, int> SqlLeaseStore::alertDeliveryCounts(const QDateTime &gaveUpSince)
{
    ready();
    return m_outbox->counts(gaveUpSince);
}

int SqlLeaseStore::releaseAlertClaims(const QString &owner)
{
    ready();
    return m_outbox->release(owner);
}

int SqlLeaseStore::releaseAlertClaimsStartingWith(const QString &ownerPrefix)
{
    ready();
    return m_outbox->releaseStartingWith(ownerPrefix);
}

int SqlLeaseStore::pruneAlertDeliveries(const QDateTime &before)
{
    ready();
    return m_outbox->prune(before);
}

qint64 SqlLeaseStore::appendEvent(const EventRecord &event)
{
    ready(Spans::Keep);
    flushEvents(); // those recorded before it, so that seq keeps their order
    const qint64 seq = m_events->appendEvent(event);
    noteSpans([&] { m_usage->noteEvent(event, seq); });
    return seq;
}

void SqlLeaseStore::recordEvent(const EventRecord &event)
{
    // Inside a unit, where one statement writes many (PostgreSQL: a turn's checkouts and
    // releases write their events with one round trip instead of one each), held back until the
    // unit ends or something reads them; elsewhere written now.
    if (m_transactions->inUnit() && m_events->appendsMany()) {
        ready(Spans::Keep);
        m_unitEvents.append(event);
        return;
    }
    appendEvent(event);
}

QList<EventRecord> SqlLeaseStore::events(const EventQuery &query)
{
    ready();
    return m_events->events(query);
}

QHash<QString, int> SqlLeaseStore::countEventsSince(const QList<EventKind> &kinds, const QDateTime &since)
{
    ready();
    return m_events->countEventsSince(kinds, since);
}

int SqlLeaseStore::deleteEventsBefore(const QDateTime &before)
{
    ready();
    return m_events->deleteEventsBefore(before);
}

int SqlLeaseStore::deleteFirstEventsBefore(const QDateTime &before, int limit)
{
    ready();
    return m_events->deleteFirstEventsBefore(before, limit);
}

QList<AccessToken> SqlLeaseStore::tokens()
{
    ready();
    return m_tokens->tokens();
}

std::optional<AccessToken> SqlLeaseStore::token(const QString &name)
{
    ready();
    return m_tokens->token(name);
}

std::optional<AccessToken> SqlLeaseStore::tokenByHash(const QByteArray &hash)
{
    ready();
    return m_tokens->tokenByHash(hash);
}

void SqlLeaseStore::putToken(const AccessToken &token)
{
    ready();
    m_tokens->putToken(token);
}

bool SqlLeaseStore::deleteToken(const QString &name)
{
    ready();
    return m_tokens->deleteToken(name);
}

void SqlLeaseStore::touchToken(const QString &name, const QDateTime &lastUsedAt)
{
    ready();
    m_tokens->touchToken(name, lastUsedAt);
}

void SqlLeaseStore::insertTicket(const StoredTicket &ticket)
{
    ready();
    m_turn->forget(TurnReads::Table::Tickets, ticket.licenseId);
    m_tickets->insertTicket(ticket);
}

std::optional<StoredTicket> SqlLeaseStore::ticket(const QString &licenseId, const QString &ticketId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->ticket(licenseId, ticketId))
            return *known;
    }
    return m_tickets->ticket(licenseId, ticketId);
}

std::optional<StoredTicket> SqlLeaseStore::ticketByRequest(const QString &licenseId, const QString &holder,
                                                           const QString &requestId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->ticketByRequest(licenseId, holder, requestId))
            return *known;
    }
    return m_tickets->ticketByRequest(licenseId, holder, requestId);
}

QList<StoredTicket> SqlLeaseStore::ticketsInLine(const QString &licenseId)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->tickets(licenseId))
            return *known;
    }
    return m_tickets->ticketsInLine(licenseId);
}

bool SqlLeaseStore::renewTicket(const QString &licenseId, const QString &ticketId, const QDateTime &expiresAt)
{
    ready();
    m_turn->forget(TurnReads::Table::Tickets, licenseId);
    return m_tickets->renewTicket(licenseId, ticketId, expiresAt);
}

bool SqlLeaseStore::setTicketSeat(const QString &licenseId, const QString &ticketId, const QString &seatId)
{
    ready();
    m_turn->forget(TurnReads::Table::Tickets, licenseId);
    return m_tickets->setTicketSeat(licenseId, ticketId, seatId);
}

bool SqlLeaseStore::deleteTicket(const QString &licenseId, const QString &ticketId)
{
    ready();
    m_turn->forget(TurnReads::Table::Tickets, licenseId);
    return m_tickets->deleteTicket(licenseId, ticketId);
}

QList<StoredTicket> SqlLeaseStore::deadTickets(const QString &licenseId, const QDateTime &now, int limit)
{
    ready(Spans::Keep);
    if (TurnReads *turn = this->turn(licenseId)) {
        if (const auto known = turn->deadTickets(licenseId, now, limit))
            return *known;
    }
    return m_tickets->deadTickets(licenseId, now, limit);
}

QHash<QString, int> SqlLeaseStore::waitingTicketCounts(const QDateTime &now)
{
    ready();
    return m_tickets->waitingTicketCounts(now);
}

std::optional<ClockReference> SqlLeaseStore::clockReference()
{
    ready();
    return m_clockReference->read();
}

void SqlLeaseStore::putClockReference(const ClockReference &reference)
{
    ready();
    m_clockReference->write(reference);
}

void SqlLeaseStore::bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by)
{
    ready(Spans::Keep);
    if (!m_transactions->inUnit()) {
        m_counters->bumpCounter(licenseId, counter, replicaId, by);
        return;
    }
    // Added up and written when the unit's work is done (writeUnitBumps), saturating as the
    // statement does.
    quint64 &sum = m_unitBumps[{licenseId, counter, replicaId}];
    sum = by > std::numeric_limits<quint64>::max() - sum ? std::numeric_limits<quint64>::max() : sum + by;
}

QList<StatComponent> SqlLeaseStore::counterComponents()
{
    ready();
    writeUnitBumps(); // a unit reads what it counted
    return m_counters->counterComponents();
}

void SqlLeaseStore::mergeComponents(const QList<StatComponent> &components)
{
    ready();
    writeUnitBumps();
    m_counters->mergeComponents(components);
}

QHash<QString, usage::LicenseActivity> SqlLeaseStore::usageActivity(qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                                                    qint64 trueDenialWindowMs)
{
    ready();
    const QHash<QString, SeatRules> rules = m_seatRules->rulesOfAllLicenses();
    QList<SqlUsageHistory::LicenseNow> now;
    for (const LicenseRecord &license : m_tables->licenses())
        now.append({license.id, license.policy.seatCount(), rules.value(license.id).reserve});
    return m_usage->activity(fromMs, toMs, grantsUntilMs, trueDenialWindowMs, now);
}

usage::LicenseActivity SqlLeaseStore::usageActivityOf(const QString &licenseId, qint64 fromMs, qint64 toMs,
                                                      qint64 grantsUntilMs, qint64 trueDenialWindowMs)
{
    ready();
    QList<SqlUsageHistory::LicenseNow> now;
    if (const auto license = m_tables->license(licenseId))
        now.append({license->id, license->policy.seatCount(), m_seatRules->licenseRules(licenseId).reserve});
    else
        return {};
    return m_usage->activity(fromMs, toMs, grantsUntilMs, trueDenialWindowMs, now, licenseId).value(licenseId);
}

std::optional<qint64> SqlLeaseStore::usageClosedUntil(usage::Resolution resolution)
{
    ready();
    return m_usage->closedUntil(resolution);
}

void SqlLeaseStore::putUsageBuckets(usage::Resolution resolution,
                                    const QList<std::pair<QString, usage::Bucket>> &buckets, qint64 closedUntilMs)
{
    ready();
    m_usage->putBuckets(resolution, buckets, closedUntilMs);
}

QList<usage::Bucket> SqlLeaseStore::usageBuckets(const QString &licenseId, usage::Resolution resolution, qint64 fromMs,
                                                 qint64 toMs)
{
    ready();
    return m_usage->buckets(licenseId, resolution, fromMs, toMs);
}

std::optional<qint64> SqlLeaseStore::usageEarliestMs()
{
    ready();
    return m_usage->earliestMs();
}

int SqlLeaseStore::deleteUsageBucketsBefore(usage::Resolution resolution, qint64 beforeMs)
{
    ready();
    return m_usage->deleteBucketsBefore(resolution, beforeMs);
}

int SqlLeaseStore::deleteUsageSpansEndedBefore(qint64 beforeMs)
{
    ready();
    return m_usage->deleteSpansEndedBefore(beforeMs);
}

void SqlLeaseStore::noteIdleSpan(const QString &licenseId, const QString &seatId, const QString &holder, qint64 fromMs,
                                 qint64 toMs)
{
    ready(Spans::Keep);
    noteSpans([&] { m_usage->noteIdle(licenseId, seatId, holder, fromMs, toMs); });
}

void SqlLeaseStore::noteActivityKnown(const QString &licenseId, const QString &seatId, qint64 atMs)
{
    ready();
    m_usage->noteActivityKnown(licenseId, seatId, atMs);
}

QHash<QString, qint64> SqlLeaseStore::idleSpansAt(const QString &licenseId, qint64 atMs)
{
    ready();
    return m_usage->idleAt(licenseId, atMs);
}

bool SqlLeaseStore::usageBackfillPending()
{
    ready();
    return m_usage->backfillPending();
}

void SqlLeaseStore::markUsageBackfilled()
{
    ready();
    m_usage->markBackfilled();
}

qint64 SqlLeaseStore::replayEventsIntoUsage(qint64 afterSeq, int limit)
{
    ready();
    EventQuery query;
    query.after = afterSeq;
    query.kinds = {EventKind::Granted,       EventKind::Released,     EventKind::Revoked,       EventKind::Reaped,
                   EventKind::Reclaimed,     EventKind::Queued,       EventKind::QueueLeft,     EventKind::Denied,
                   EventKind::HolderBlocked, EventKind::SeatBorrowed, EventKind::BorrowReturned};
    query.limit = limit;
    qint64 last = afterSeq;
    for (const EventRecord &event : m_events->events(query)) {
        m_usage->noteEvent(event, event.seq);
        last = event.seq;
    }
    return last;
}

qint64 SqlLeaseStore::usageStoredBytes(const QString &licenseId, usage::Resolution resolution)
{
    ready();
    return m_usage->storedBytes(licenseId, resolution);
}

void SqlLeaseStore::putDemoUsage(const QString &licenseId, const usage::LicenseActivity &activity)
{
    ready();
    m_usage->putDemoActivity(licenseId, activity);
}

std::optional<qint64> SqlLeaseStore::usageDemoUntil()
{
    ready();
    return m_usage->demoUntil();
}

std::optional<qint64> SqlLeaseStore::usageDemoUntil(const QString &licenseId)
{
    ready();
    return m_usage->demoUntil(licenseId);
}

void SqlLeaseStore::setUsageDemoUntil(qint64 ms)
{
    ready();
    m_usage->setDemoUntil(ms);
}

} // namespace keyright::server
