#include "store/PgLeaseStore.h"

#include "store/SqlAlertOutbox.h"
#include "store/SqlAlerts.h"
#include "store/SqlClockReference.h"
#include "store/SqlCounters.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlRows.h"
#include "store/SqlSchema.h"
#include "store/SqlUsageHistory.h"

#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcPgStore, "keyright.server.store")

// The database's clock in milliseconds, read when the statement gets to it (not the time the
// transaction began).
const QString wallNow = u"CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s;

// "Now" as every instance computes it: n = clockreference::extrapolate(clock_reference row, w),
// with w the database's clock, in the same integer arithmetic (tst_storecontract compares the
// two). e is how far the reference follows the database's clock since it was advanced: never
// backwards, at most unmeasuredLimitMs; on top of it, the catch-up towards a clock ahead.
// `after`, if given, is a FROM clause the database's clock is read above: only once it has
// given all its rows.
QString readingQuery(const QString &after = {})
{
    return u"SELECT x.reference_ms + x.e + LEAST(GREATEST(x.w - x.reference_ms - x.e, 0), x.e * %1 / 100) AS n, "
           "x.w AS w FROM (SELECT r.reference_ms, t.w, LEAST(GREATEST(t.w - r.wall_ms, 0), %2) AS e "
           "FROM clock_reference AS r CROSS JOIN (SELECT %3 AS w%4) AS t WHERE r.id = 1) AS x"_s.arg(
               QString::number(clockreference::catchUpPercent), QString::number(clockreference::unmeasuredLimitMs),
               wallNow, after);
}

} // namespace

struct PgLeaseStore::ClockStatements
{
    explicit ClockStatements(const QSqlDatabase &db)
        : read(db)
        , lockReference(db)
        , readReference(db)
        , writeReference(db)
    { }

    QSqlQuery read, lockReference, readReference, writeReference;
};

SqlDialect PgLeaseStore::dialect()
{
    SqlDialect d;
    d.engine = u"PostgreSQL"_s;
    // The same tables as SQLite's, times in BIGINT milliseconds, so that both stores share every
    // statement.
    d.migrations = SqlSchema::render(SqlSchema::ColumnTypes {
        .integer = u"BIGINT"_s,
        .blob = u"BYTEA"_s,
        .serialKey = u"BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"_s,
        .withoutRowid = QString(),
        .beforeRequestIndex = QString(),
    });
    // The public key every server of this database signs with (adoptSigningKey).
    d.migrations.append(QStringList {u"CREATE TABLE server_keys ("
                                     "  purpose TEXT PRIMARY KEY,"
                                     "  public_key BYTEA NOT NULL,"
                                     "  recorded_ms BIGINT NOT NULL)"_s});
    // One "now" for every instance (DatabaseClock): the reference they all advance, and each
    // license's last "now" a decision was made with, so that no later decision on it takes an
    // earlier one.
    d.migrations.append(QStringList {SqlClockReference::createTable(u"BIGINT"_s),
                                     u"ALTER TABLE licenses ADD COLUMN decided_ms BIGINT NOT NULL DEFAULT 0"_s});
    // Usage history (issue 25).
    d.migrations.append(SqlUsageHistory::createTables(u"BIGINT"_s));
    // Each seat's last activity as its renewals tell it (issue 26); NULL: unknown.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN last_activity_ms BIGINT"_s});
    // Idle reclaim's mark on a seat (issue 26); NULL: not marked.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN reclaim_marked_ms BIGINT"_s,
                                     u"ALTER TABLE leases ADD COLUMN reclaim_at_ms BIGINT"_s});
    // A license's validity and maintenance dates (issue 29); NULL: no bound.
    d.migrations.append(QStringList {u"ALTER TABLE licenses ADD COLUMN valid_from_ms BIGINT"_s,
                                     u"ALTER TABLE licenses ADD COLUMN valid_until_ms BIGINT"_s,
                                     u"ALTER TABLE licenses ADD COLUMN maintenance_until_ms BIGINT"_s});
    // Alert rules, each alert's state, and the evaluation row (issue 29).
    d.migrations.append(SqlAlerts::createTables(u"BIGINT"_s));
    // Alert endpoints and the delivery outbox (issue 29).
    d.migrations.append(SqlAlertOutbox::createTables(u"BIGINT"_s, u"BYTEA"_s));
    // Borrowing (issue 27): a license's policy as JSON (NULL: no borrowing) and which seats are
    // borrowed.
    d.migrations.append(QStringList {u"ALTER TABLE licenses ADD COLUMN borrow_policy TEXT"_s,
                                     u"ALTER TABLE leases ADD COLUMN borrowed BIGINT NOT NULL DEFAULT 0"_s});
    // Each firing alert's id and its acknowledgement (issue 29).
    d.migrations.append(SqlAlerts::addAcknowledgements(u"BIGINT"_s));
    // A borrowed seat written off (issue 27): when, by whom, why; NULL: not written off.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN written_off_ms BIGINT"_s,
                                     u"ALTER TABLE leases ADD COLUMN written_off_by TEXT"_s,
                                     u"ALTER TABLE leases ADD COLUMN write_off_note TEXT"_s});
    // The hash of a borrowed seat's return secret (issue 27); NULL: not borrowed, or borrowed
    // before this step (returned with the license key alone).
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN return_secret_hash BYTEA"_s});
    // The borrowed seats in the usage history (issue 27).
    d.migrations.append(SqlUsageHistory::addBorrowed(u"BIGINT"_s));
    // Each instance's last sign of life, for instance_silent alerts (issue 29).
    d.migrations.append(SqlAlerts::createInstances(u"BIGINT"_s));
    d.beginMigration = u"BEGIN"_s;
    // Transaction-scoped: released by the COMMIT or ROLLBACK that ends the step.
    d.migrationLock = {u"SELECT pg_advisory_xact_lock(%1)"_s.arg(migrationLockKey)};
    // Without bitmap scans in write transactions: the leases of a license that checks out and
    // releases all day are mostly dead rows until the next vacuum, and a bitmap scan visits each
    // of them on every turn (0.8 ms for nine licenses, 150 dead rows each), where a plain index
    // scan marks them dead in the index at the first visit and skips them after (0.07 ms). In
    // the same round trip as BEGIN, and only for the transaction.
    // And with each statement's plan made once (issue 30): a turn's statements take arrays of ids
    // whose sizes change at every turn, and with the default PostgreSQL planned them again at
    // nearly every execution (6 % of its time under checkout+release pairs on three instances),
    // while the turn held its licenses; the executor took no more of its time with the generic
    // plans (68 % against 71 %), nor did the storm (docs/BENCHMARKS.md).
    d.begin = u"BEGIN; SET LOCAL enable_bitmapscan TO off; SET LOCAL plan_cache_mode TO force_generic_plan"_s;
    d.prepareTransactionControl = false;
    d.keepUnitSavepoints = true;
    d.lockLicense = u"SELECT id FROM licenses WHERE id = :id FOR UPDATE"_s;
    d.greatest = u"GREATEST"_s;
    d.position = u"strpos"_s;
    d.skipLocked = u" FOR UPDATE SKIP LOCKED"_s;
    // A turn's renewals: one statement for all of them instead of one each (every statement is a
    // round trip, and the server waits for it). The licenses are locked in the order of their ids
    // as bytes (COLLATE "C"), the same on every instance: LockRows takes the rows as the sort
    // hands them over.
    // The rows come with the locks: the turn's reads need them next (TurnReads), one statement less.
    // So does the "now" they are decided with (licensesLocked(), docs/ARCHITECTURE.md "One now for
    // every instance"), another: the database's clock is read above a count of every locked row,
    // so once every lock is held (they may have been waited for), and the greatest "now" any
    // instance decided them with is read from the rows as locked (the latest versions), then
    // written back to each of them. The write comes last and touches only rows already locked.
    d.lockLicenses = u"WITH locked AS (SELECT %1, decided_ms FROM licenses WHERE id = ANY(CAST(:ids AS TEXT[])) "
                     "ORDER BY id COLLATE \"C\" FOR UPDATE), "
                     "reading AS (%2), "
                     "decided AS (SELECT GREATEST(reading.n, COALESCE((SELECT MAX(decided_ms) FROM locked), 0)) AS ms "
                     "FROM reading), "
                     "written AS (UPDATE licenses AS l SET decided_ms = decided.ms FROM decided, locked "
                     "WHERE l.id = locked.id AND l.decided_ms < decided.ms RETURNING 1) "
                     "SELECT %1, decided.ms, reading.n FROM locked CROSS JOIN decided CROSS JOIN reading"_s;
    d.lockLicenses.replace(u"%2"_s, readingQuery(u" FROM (SELECT count(*) FROM locked) AS held"_s));
    d.lockLicensesDecides = true;
    d.inIds = u" = ANY(CAST(:ids AS TEXT[]))"_s;
    d.idsTable = u"unnest(CAST(:ids AS TEXT[])) AS wanted(license)"_s;
    d.openSpans = u"INSERT INTO usage_spans (license_id, kind, id, holder, grp, start_ms, expires_ms, borrowed) "
                  "SELECT * FROM unnest(CAST(:licenses AS TEXT[]), CAST(:kinds AS TEXT[]), CAST(:ids AS TEXT[]), "
                  "CAST(:holders AS TEXT[]), CAST(:groups AS TEXT[]), CAST(:starts AS BIGINT[]), "
                  "CAST(:expires AS BIGINT[]), CAST(:borrowed AS BIGINT[])) ON CONFLICT DO NOTHING"_s;
    // Each span found by its key, one row at a time (LIMIT 1 keeps the subquery from being folded
    // into a join), and only then tested for being open: with the open spans' test beside the key,
    // a plan prepared while the table was small read every open span (the end_ms index) and
    // joined them, 0.9 ms a turn under load and growing with the seats held. The row is then
    // written where it was found: nothing else writes a span of a license while its turn holds it.
    // (The endings' part, after a WITH: endSpans alone, and writeSpans after its openings.)
    const QString endSpans
        = u"found AS (SELECT f.ctid AS tid, r.end_ms, r.expires, r.served "
          "FROM unnest(CAST(:endLicenses AS TEXT[]), CAST(:endKinds AS TEXT[]), CAST(:endIds AS TEXT[]), "
          "CAST(:ends AS BIGINT[]), CAST(:endExpires AS BIGINT[]), CAST(:served AS BIGINT[])) "
          "AS r(license, kind, id, end_ms, expires, served) "
          "CROSS JOIN LATERAL (SELECT ctid, end_ms FROM usage_spans WHERE license_id = r.license "
          "AND kind = r.kind AND id = r.id LIMIT 1) AS f WHERE f.end_ms IS NULL) "
          "UPDATE usage_spans AS s SET end_ms = found.end_ms, expires_ms = COALESCE(found.expires, s.expires_ms), "
          "served = s.served + found.served FROM found WHERE s.ctid = found.tid AND s.end_ms IS NULL"_s;
    d.endSpans = u"WITH "_s + endSpans;
    // A unit's openings and endings together (one round trip at the end of a turn that holds its
    // licenses): a span opened and ended by the unit is inserted ended, and the endings find by
    // key only the spans that were there before the statement (what its insert writes is not
    // visible to the rest of it), among them the one an opening met already there, which the
    // opening left as it was.
    d.writeSpans = u"WITH opened AS (INSERT INTO usage_spans (license_id, kind, id, holder, grp, start_ms, expires_ms, "
                   "borrowed, end_ms, served) "
                   "SELECT * FROM unnest(CAST(:licenses AS TEXT[]), CAST(:kinds AS TEXT[]), CAST(:ids AS TEXT[]), "
                   "CAST(:holders AS TEXT[]), CAST(:groups AS TEXT[]), CAST(:starts AS BIGINT[]), "
                   "CAST(:expires AS BIGINT[]), CAST(:borrowed AS BIGINT[]), CAST(:closedEnds AS BIGINT[]), "
                   "CAST(:closedServed AS BIGINT[])) ON CONFLICT DO NOTHING), "_s
        + endSpans;
    // The sequence hands out seq as the rows come, and they come sorted by their position.
    d.appendEvents = u"INSERT INTO events (time_ms, kind, license_id, seat_id, holder, actor, detail) "
                     "SELECT t, k, l, s, h, a, d FROM unnest(CAST(:times AS BIGINT[]), CAST(:kinds AS TEXT[]), "
                     "CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[]), CAST(:holders AS TEXT[]), "
                     "CAST(:actors AS TEXT[]), CAST(:details AS TEXT[])) WITH ORDINALITY AS e(t, k, l, s, h, a, d, n) "
                     "ORDER BY n RETURNING seq"_s;
    d.writeGenerations = u"UPDATE licenses AS l SET last_generation = r.generation FROM unnest(CAST(:ids AS TEXT[]), "
                         "CAST(:generations AS BIGINT[])) AS r(id, generation) WHERE l.id = r.id RETURNING l.id"_s;
    // Found by key one row at a time, as the span endings (a generic plan may not join well), and
    // deleted where found: every write to a lease row holds its license, as the turn does.
    d.deleteLeases = u"WITH found AS (SELECT f.ctid AS tid FROM unnest(CAST(:licenses AS TEXT[]), "
                     "CAST(:seats AS TEXT[])) AS r(license, seat) CROSS JOIN LATERAL (SELECT ctid FROM leases "
                     "WHERE license_id = r.license AND seat_id = r.seat LIMIT 1) AS f) "
                     "DELETE FROM leases AS l USING found WHERE l.ctid = found.tid RETURNING l.license_id, l.seat_id"_s;
    // The arrays carry the rows in the order the unit inserted them; NULL where the row has none.
    d.insertLeases
        = u"INSERT INTO leases (%1) SELECT r.license, r.seat, r.holder, r.generation, r.issued, r.expires, "
          "decode(r.signature, 'hex'), r.request, r.activity, r.marked, r.reclaim, r.borrowed, r.written_off, "
          "r.written_off_by, r.write_off_note, decode(r.return_hash, 'hex') "
          "FROM unnest(CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[]), CAST(:holders AS TEXT[]), "
          "CAST(:generations AS BIGINT[]), CAST(:issued AS BIGINT[]), CAST(:expires AS BIGINT[]), "
          "CAST(:signatures AS TEXT[]), CAST(:requests AS TEXT[]), CAST(:activities AS BIGINT[]), "
          "CAST(:marked AS BIGINT[]), CAST(:reclaim AS BIGINT[]), CAST(:borrowed AS BIGINT[]), "
          "CAST(:writtenOff AS BIGINT[]), CAST(:writtenOffBy AS TEXT[]), CAST(:writeOffNotes AS TEXT[]), "
          "CAST(:returnHashes AS TEXT[])) AS r(license, seat, holder, generation, issued, expires, signature, "
          "request, activity, marked, reclaim, borrowed, written_off, written_off_by, write_off_note, return_hash)"_s;
    // Each key found by the unique index leases_by_request, which is partial: without "request_id
    // <> ''" in the query the plan cannot use it, and read every row of the license for each key
    // (8.6 ms for 13 keys in a storm's turn). The arrays' columns are named apart from the table's
    // so that the selected columns are the row's.
    d.leasesByRequest = u"SELECT %1 FROM unnest(CAST(:licenses AS TEXT[]), CAST(:holders AS TEXT[]), "
                        "CAST(:requests AS TEXT[])) AS r(want_license, want_holder, want_request) "
                        "CROSS JOIN LATERAL (SELECT %1 FROM leases WHERE license_id = r.want_license "
                        "AND holder = r.want_holder AND request_id = r.want_request AND request_id <> '') AS found"_s;
    // Each license counted on its own range of leases_by_expiry, as the one-license count.
    d.liveLeaseCounts = u"SELECT r.license, (SELECT count(*) FROM leases WHERE license_id = r.license "
                        "AND expires_at >= r.earliest) FROM unnest(CAST(:licenses AS TEXT[]), "
                        "CAST(:earliests AS BIGINT[])) AS r(license, earliest)"_s;
    d.leasesOf = u"SELECT %1 FROM leases WHERE (license_id, seat_id) IN "
                 "(SELECT * FROM unnest(CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[])))"_s;
    d.renewLeasesIfUnchanged
        = u"UPDATE leases AS l SET issued_at = r.issued, expires_at = r.expires, signature = decode(r.signature, "
          u"'hex'), last_activity_ms = r.activity "
          "FROM unnest(CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[]), CAST(:generations AS BIGINT[]), "
          "CAST(:wasIssued AS BIGINT[]), CAST(:wasExpiring AS BIGINT[]), CAST(:issued AS BIGINT[]), "
          "CAST(:expires AS BIGINT[]), CAST(:signatures AS TEXT[]), CAST(:activities AS BIGINT[])) "
          "AS r(license, seat, generation, was_issued, was_expiring, issued, expires, signature, activity) "
          "WHERE l.license_id = r.license AND l.seat_id = r.seat AND l.generation = r.generation "
          "AND l.issued_at = r.was_issued AND l.expires_at = r.was_expiring RETURNING l.license_id, l.seat_id"_s;
    // Saturating as SqlCounters' one-row bump. The rows are this instance's own replica id, which
    // no other instance writes: the upsert waits for no one.
    d.bumpCounters
        = u"INSERT INTO stat_components (%1) "
          "SELECT * FROM unnest(CAST(:bumpLicenses AS TEXT[]), CAST(:bumpCounters AS TEXT[]), "
          "CAST(:bumpReplicas AS TEXT[]), CAST(:bumpBys AS BIGINT[])) "
          "ON CONFLICT (license_id, counter, replica_id) DO UPDATE SET value = "
          "CASE WHEN stat_components.value > 9223372036854775807 - excluded.value "
          "THEN 9223372036854775807 ELSE stat_components.value + excluded.value END"_s.arg(SqlRows::componentColumns);
    // A unit's events and its counters' increments with one round trip at the unit's end, while
    // its turn holds its licenses: two tables that nothing else in the statement reads (the
    // increments run to completion whether or not the events' insert reads them).
    d.appendEventsBumping = u"WITH bumped AS (%1) %2"_s.arg(d.bumpCounters, d.appendEvents);
    return d;
}

PgLeaseStore::PgLeaseStore(PgConnectionInfo info, std::optional<SecretBuffer> password, const Clock &local)
    : SqlLeaseStore(u"QPSQL"_s, info.description(), dialect(), false)
    , m_info(std::move(info))
    , m_password(std::move(password))
    , m_local(local)
    , m_clock(local, *this)
{ }

PgLeaseStore::~PgLeaseStore()
{
    close();
}

PgLeaseStore::ClockStatements &PgLeaseStore::clockStatements()
{
    if (!m_clockStatements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(description()));
    return *m_clockStatements;
}

bool PgLeaseStore::connectAndSetUp(QString *error)
{
    const auto configure = [this](QSqlDatabase &db) {
        db.setHostName(m_info.hostName());
        db.setPort(m_info.port());
        db.setDatabaseName(m_info.databaseName);
        if (!m_info.user.isEmpty())
            db.setUserName(m_info.user);
        // Qt SQL takes the password only as a QString: that copy lives as long as the
        // connection's settings, the file's bytes are wiped with the SecretBuffer.
        if (m_password)
            db.setPassword(QString::fromUtf8(m_password->view()));
        db.setConnectOptions(m_info.connectOptionsWithPorts());
    };
    if (!connection().open(configure, error))
        return false;
    // Which server of the list answered: libpq kept the first that met target_session_attrs.
    {
        QSqlQuery server(connection().database());
        if (server.exec(u"SELECT host(inet_server_addr()), inet_server_port()"_s) && server.next()
            && !server.value(0).isNull())
            m_connectedServer = u"%1:%2"_s.arg(server.value(0).toString()).arg(server.value(1).toInt());
        else
            m_connectedServer = m_info.hostList(); // a Unix socket: the server has no address
    }
    // CREATE TABLE IF NOT EXISTS on every start would print a NOTICE to stderr each time.
    QSqlQuery(connection().database()).exec(u"SET client_min_messages TO warning"_s);
    if (!setUp(error))
        return false;
    auto s = std::make_unique<ClockStatements>(connection().database());
    const QString reading = readingQuery();
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->read, reading},
        {&s->lockReference, u"SELECT id FROM clock_reference WHERE id = 1 FOR UPDATE"_s},
        // Read once the row is held (a statement of its own, so that it sees the row as the last
        // advance left it, and the database's clock as it is now).
        {&s->readReference,
         u"SELECT r.reference_ms, r.wall_ms, r.monotonic_ms, r.monotonic_epoch, t.w, "
         "(SELECT COALESCE(MAX(decided_ms), 0) FROM licenses) FROM clock_reference AS r "
         "CROSS JOIN (SELECT %1 AS w) AS t WHERE r.id = 1"_s.arg(wallNow)},
        {&s->writeReference,
         u"UPDATE clock_reference SET reference_ms = :reference, wall_ms = :wall, monotonic_ms = :monotonic, "
         "monotonic_epoch = :epoch WHERE id = 1"_s},
    };
    if (!connection().prepareAll(all, error))
        return false;
    // The first instance on the database starts the reference at the database's clock (or at
    // the latest "now" a license was decided with, if later); later ones find it there. A
    // reference no instance ever advanced (monotonic 0, no epoch: a start refused right after it
    // was made, such as by --require-synchronous-commit) is made again, never backwards: else
    // the next start took the time since as a jump of the database's clock (walk 49: "jumped
    // forward by 42 s", and every "now" 40 s behind for minutes).
    QSqlQuery ensure(connection().database());
    if (!ensure.exec(
            u"INSERT INTO clock_reference (id, reference_ms, wall_ms, monotonic_ms, monotonic_epoch) "
            "SELECT 1, GREATEST(t.w, (SELECT COALESCE(MAX(decided_ms), 0) FROM licenses)), t.w, 0, '' "
            "FROM (SELECT %1 AS w) AS t ON CONFLICT (id) DO UPDATE "
            "SET reference_ms = GREATEST(EXCLUDED.reference_ms, clock_reference.reference_ms), "
            "wall_ms = EXCLUDED.wall_ms "
            "WHERE clock_reference.monotonic_ms = 0 AND clock_reference.monotonic_epoch = ''"_s.arg(wallNow))) {
        if (error)
            *error = u"cannot set up the clock reference in %1: %2"_s.arg(description(),
                                                                          ensure.lastError().text().trimmed());
        return false;
    }
    m_clockStatements = std::move(s);
    return true;
}

bool PgLeaseStore::open(QString *error)
{
    if (isOpen())
        return true;
    if (connectAndSetUp(error)) {
        m_lastServer = m_connectedServer;
        return true;
    }
    close();
    return false;
}

void PgLeaseStore::close()
{
    m_clockStatements.reset(); // its statements belong to the connection
    m_connectedServer.clear();
    SqlLeaseStore::close();
}

void PgLeaseStore::beforeTransaction()
{
    if (isOpen() && !connection().isBroken())
        return;
    const auto now = m_local.monotonic();
    if (!m_unavailableSince) {
        m_unavailableSince = m_local.now();
        m_unavailableSinceMonotonic = now;
    }
    if (m_lastReconnect && now - *m_lastReconnect < reconnectPause)
        throw StoreError(StoreError::Kind::Unavailable, m_lastReconnectError);
    m_lastReconnect = now;
    close();
    m_recentLicenses.clear();
    QString why;
    if (connectAndSetUp(&why)) {
        const auto interruption = m_local.monotonic() - *m_unavailableSinceMonotonic;
        qCInfo(lcPgStore, "reconnected to %ls, on %ls, after %lld ms", qUtf16Printable(description()),
               qUtf16Printable(m_connectedServer), qint64(interruption.count()));
        if (!m_lastServer.isEmpty() && m_connectedServer != m_lastServer)
            m_failover = Failover {m_lastServer, m_connectedServer, interruption};
        m_lastServer = m_connectedServer;
        m_unavailableSince.reset();
        m_unavailableSinceMonotonic.reset();
        m_lastReconnect.reset();
        // While the database was away nobody could advance the clock reference, and readings run
        // at most clockreference::unmeasuredLimitMs past it: the first decisions after a long
        // outage would take a "now" behind by the outage (leases that lapsed during it counted as
        // held, checkouts refused for seats nobody holds). Advanced before anything is decided, in
        // a transaction of its own: as a savepoint of the turn's batch that reconnected, the
        // reference's row would stay locked for the whole turn and the advance would be undone
        // with the batch. Each advance is kept for the next tick to report (a few at most: a
        // reconnection is tried at most every reconnectPause).
        try {
            if (m_reconnectAdvances.size() >= 16)
                m_reconnectAdvances.removeFirst();
            m_reconnectAdvances.append(advanceClock(m_local));
        } catch (const StoreError &failure) {
            qCWarning(lcPgStore, "cannot advance the clock reference after reconnecting: %s", failure.what());
        }
        return;
    }
    close();
    m_lastReconnectError = why;
    qCWarning(lcPgStore, "%ls", qUtf16Printable(why));
    throw StoreError(StoreError::Kind::Unavailable, why);
}

std::optional<LicenseRecord> PgLeaseStore::license(const QString &licenseId)
{
    if (inTransaction())
        return SqlLeaseStore::license(licenseId);
    const auto now = m_local.monotonic();
    if (const auto recent = m_recentLicenses.constFind(licenseId);
        recent != m_recentLicenses.cend() && now - recent->readAt <= licenseReuse)
        return recent->record;
    auto record = SqlLeaseStore::license(licenseId);
    if (m_recentLicenses.size() >= 1024)
        m_recentLicenses.clear();
    m_recentLicenses.insert(licenseId, RecentLicense {record, now});
    return record;
}

void PgLeaseStore::transactionBegan(bool locksNext)
{
    // A transaction may change licenses; reads after it must see what it wrote.
    m_recentLicenses.clear();
    // A turn's batch starts by locking its licenses with the statement that reads the clock for
    // them (the dialect's lockLicenses): one round trip less.
    if (locksNext)
        return;
    auto &q = clockStatements().read;
    const qint64 sent = m_clock.monotonicMs();
    if (!q.exec() || !q.next()) {
        const QSqlError failure = q.lastError();
        q.finish();
        throw connection().errorFor(failure, u"cannot read the database clock"_s);
    }
    const qint64 reading = q.value(0).toLongLong();
    q.finish();
    m_clock.hold(reading, true, (sent + m_clock.monotonicMs()) / 2);
}

void PgLeaseStore::licensesLocked(const QStringList &licenseIds, std::optional<LockedNow> decided)
{
    Q_UNUSED(licenseIds);
    // The locks may have been waited for: every decision about these licenses is made with a
    // "now" read after they were granted, never earlier than the one any instance last decided
    // them with (docs/ARCHITECTURE.md, "One now for every instance"). The statement that locked
    // them decided it (the dialect's lockLicenses, withLicense()'s too).
    if (decided) {
        // Its reading is the one every instance takes, as a transaction's first one is. Taken when
        // the statement returned, not halfway through it as elsewhere: the clock is read once
        // every lock is held, after any wait for them, so the end is the closer guess.
        const qint64 readAt = m_clock.monotonicMs();
        m_clock.hold(decided->readingMs, true, readAt);
        m_clock.hold(decided->decidedMs, false, readAt);
        return;
    }
    // The statement returns a row for each license it locked: none of these licenses is there,
    // and no decision about one of them was ever made to stay above. A reading after the locks
    // (a batch's first statement read none before them: transactionBegan()).
    auto &q = clockStatements().read;
    const qint64 sent = m_clock.monotonicMs();
    if (!q.exec() || !q.next()) {
        const QSqlError failure = q.lastError();
        q.finish();
        throw connection().errorFor(failure, u"cannot read the database clock"_s);
    }
    const qint64 reading = q.value(0).toLongLong();
    q.finish();
    m_clock.hold(reading, true, (sent + m_clock.monotonicMs()) / 2);
}

void PgLeaseStore::transactionEnded()
{
    m_clock.release();
}

std::optional<qint64> PgLeaseStore::readClock()
{
    // Inside a transaction the reading it holds answers, and a failed query would abort it.
    if (!isOpen() || connection().isBroken() || inTransaction() || !m_clockStatements)
        return std::nullopt;
    auto &q = m_clockStatements->read;
    if (!q.exec() || !q.next()) {
        connection().errorFor(q.lastError()); // notes a lost connection
        q.finish();
        return std::nullopt;
    }
    const qint64 reading = q.value(0).toLongLong();
    q.finish();
    return reading;
}

clockreference::Advance PgLeaseStore::advanceClock(const Clock &local)
{
    clockreference::Advance advance;
    withOwnTransaction([&] {
        ClockStatements &s = clockStatements();
        connection().exec(s.lockReference).finish();
        // The monotonic clock read right after the database's, and trusted to measure with only
        // when the two readings cannot be further apart than clockreference::agreementMs.
        const qint64 sent = local.monotonic().count();
        auto &read = connection().exec(s.readReference);
        if (!read.next()) {
            read.finish();
            throw StoreError(StoreError::Kind::Failed,
                             u"%1 has no clock reference (table clock_reference is empty)"_s.arg(description()));
        }
        const ClockReference last {read.value(0).toLongLong(), read.value(1).toLongLong(), read.value(2).toLongLong(),
                                   read.value(3).toString()};
        const qint64 wall = read.value(4).toLongLong();
        const qint64 latestDecided = read.value(5).toLongLong();
        read.finish();
        const qint64 monotonic = local.monotonic().count();
        advance = clockreference::advance(last, wall, monotonic, local.monotonicEpoch(), latestDecided,
                                          monotonic - sent <= clockreference::agreementMs);
        auto &write = s.writeReference;
        write.bindValue(u":reference"_s, advance.next.referenceMs);
        write.bindValue(u":wall"_s, advance.next.wallMs);
        write.bindValue(u":monotonic"_s, advance.next.monotonicMs);
        write.bindValue(u":epoch"_s, SqlClockReference::storedEpoch(advance.next.monotonicEpoch));
        connection().exec(write).finish();
    });
    return advance;
}

PgLeaseStore::CommitDurability PgLeaseStore::commitDurability()
{
    CommitDurability d;
    withStore([&] {
        QSqlQuery q(connection().database());
        if (!q.exec(u"SELECT current_setting('synchronous_commit'), current_setting('synchronous_standby_names'), "
                    "(SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'), "
                    "(SELECT count(*) FROM pg_stat_replication), "
                    "(SELECT count(state) FROM pg_stat_replication), "
                    "(SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming' "
                    "AND sync_state IN ('sync', 'quorum'))"_s)
            || !q.next())
            throw connection().errorFor(q.lastError(), u"cannot read the replication settings"_s);
        d.synchronousCommit = q.value(0).toString();
        d.standbyNames = q.value(1).toString().trimmed();
        d.replicas = q.value(2).toInt();
        d.connected = q.value(3).toInt();
        d.stateReadable = q.value(4).toInt();
        d.synchronousStreaming = q.value(5).toInt();
    });
    judgeDurability(d, m_connectedServer);
    return d;
}

void PgLeaseStore::judgeDurability(CommitDurability &d, const QString &server)
{
    d.problem.clear();
    if (d.standbyNames.isEmpty())
        d.problem = u"%1 names no synchronous standby (synchronous_standby_names is empty): a commit is acknowledged "
                    "before any standby has it, and a failover loses what the primary had not yet sent"_s.arg(server);
    else if (d.synchronousCommit != u"on"_s && d.synchronousCommit != u"remote_apply"_s)
        d.problem = u"%1 has synchronous_commit = %2 for this connection: a commit is acknowledged before the "
                    "synchronous standby (%3) has written it, and a failover may lose it; it must be on or "
                    "remote_apply"_s.arg(server, d.synchronousCommit, d.standbyNames);
    else if (d.connected == 0 || (d.stateReadable == d.connected && d.synchronousStreaming == 0))
        // Found by walk 47: a named standby that never connects makes every commit wait for ever,
        // the server's first one included, with nothing said.
        d.problem = u"%1 names %2 as synchronous standby, but no synchronous standby is streaming from it now: "
                    "every commit would wait until one is (start the standby, or check "
                    "synchronous_standby_names)"_s.arg(server, d.standbyNames);
    d.synchronous = d.problem.isEmpty();
}

std::optional<PgLeaseStore::Failover> PgLeaseStore::takeFailover()
{
    return std::exchange(m_failover, std::nullopt);
}

qint64 PgLeaseStore::backendPid()
{
    QSqlQuery query(connection().database());
    if (!query.exec(u"SELECT pg_backend_pid()"_s) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

std::optional<QByteArray> PgLeaseStore::recordKey(const QString &purpose, const QByteArray &value, QString *error)
{
    QByteArray recorded;
    try {
        withStore([&] {
            QSqlQuery insert(connection().database());
            insert.prepare(u"INSERT INTO server_keys (purpose, public_key, recorded_ms) VALUES (:purpose, :key, :now) "
                           "ON CONFLICT (purpose) DO NOTHING"_s);
            insert.bindValue(u":purpose"_s, purpose);
            insert.bindValue(u":key"_s, value);
            insert.bindValue(u":now"_s, m_clock.now().toMSecsSinceEpoch());
            connection().exec(insert);
            QSqlQuery select(connection().database());
            select.prepare(u"SELECT public_key FROM server_keys WHERE purpose = :purpose"_s);
            select.bindValue(u":purpose"_s, purpose);
            connection().exec(select);
            if (select.next())
                recorded = select.value(0).toByteArray();
        });
    } catch (const StoreError &failure) {
        *error = QString::fromUtf8(failure.what());
        return std::nullopt;
    }
    return recorded;
}

bool PgLeaseStore::adoptSigningKey(const QByteArray &publicKey, QString *error)
{
    QString why;
    const auto recorded = recordKey(u"lease-signing"_s, publicKey, &why);
    if (!recorded) {
        *error = u"cannot record the signing key: %1"_s.arg(why);
        return false;
    }
    if (*recorded == publicKey)
        return true;
    *error = u"this instance's signing key (%1) differs from the one recorded in %2 (%3): every instance must sign "
             "with the same key. Copy signing.key from the first instance's data directory into this one's (mode "
             "0600), or see docs/DEPLOYMENT.md"_s.arg(QString::fromLatin1(publicKey.toBase64()), description(),
                                                      QString::fromLatin1(recorded->toBase64()));
    return false;
}

bool PgLeaseStore::adoptAlertKey(const QByteArray &fingerprint, QString *error)
{
    QString why;
    const auto recorded = recordKey(u"alert-secrets"_s, fingerprint, &why);
    if (!recorded) {
        *error = u"cannot record the alert secrets' key: %1"_s.arg(why);
        return false;
    }
    if (*recorded == fingerprint)
        return true;
    // Only a webhook's secret is sealed with the key: with none stored, an instance with another
    // key loses nothing (an instance of an older release, during a rolling upgrade, has none yet),
    // so it starts and says so.
    int webhooks = 0;
    try {
        withStore([&] {
            webhooks = 0;
            for (const StoredAlertEndpoint &endpoint : alertEndpoints()) {
                if (endpoint.endpoint.kind == QStringView(alerts::webhook::webhookKind))
                    ++webhooks;
            }
        });
    } catch (const StoreError &failure) {
        *error = u"cannot read the alert endpoints: %1"_s.arg(QString::fromUtf8(failure.what()));
        return false;
    }
    const QString differs = u"this instance's alerts.key differs from the one the other instances of %1 seal the "
                            "alert endpoints' secrets with: copy alerts.key from the first instance's data directory "
                            "into this one's (mode 0600), or see docs/DEPLOYMENT.md"_s.arg(description());
    if (webhooks == 0) {
        qCWarning(lcPgStore,
                  "%ls; starting anyway, as no webhook endpoint is stored yet (a webhook added through "
                  "this instance could not be signed by the others)",
                  qUtf16Printable(differs));
        return true;
    }
    *error = differs;
    return false;
}

} // namespace keyright::server
