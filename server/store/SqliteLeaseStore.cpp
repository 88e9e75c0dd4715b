#include "store/SqliteLeaseStore.h"

#include "Crypto.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlError>
#include <QUuid>
#include <QVariant>

#include <algorithm>
#include <limits>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// Each entry moves the schema from version i to i + 1. Never edit a released entry: append one.
const QList<QStringList> &migrations()
{
    static const QList<QStringList> steps {
        {
            u"CREATE TABLE licenses ("
            "  id TEXT PRIMARY KEY,"
            "  name TEXT NOT NULL,"
            "  seat_count INTEGER NOT NULL,"
            "  ttl_ms INTEGER NOT NULL,"
            "  skew_ms INTEGER NOT NULL,"
            "  reap_grace_ms INTEGER NOT NULL,"
            "  key_hash BLOB NOT NULL,"
            "  last_generation INTEGER NOT NULL DEFAULT 0)"_s,
            u"CREATE TABLE leases ("
            "  license_id TEXT NOT NULL REFERENCES licenses(id),"
            "  seat_id TEXT NOT NULL,"
            "  holder TEXT NOT NULL,"
            "  generation INTEGER NOT NULL,"
            "  issued_at INTEGER NOT NULL,"
            "  expires_at INTEGER NOT NULL,"
            "  signature BLOB NOT NULL,"
            "  request_id TEXT NOT NULL DEFAULT '',"
            "  PRIMARY KEY (license_id, seat_id))"_s,
            u"CREATE INDEX leases_by_expiry ON leases(license_id, expires_at)"_s,
            u"CREATE TABLE holder_blocks ("
            "  license_id TEXT NOT NULL REFERENCES licenses(id),"
            "  holder TEXT NOT NULL,"
            "  until_ms INTEGER NOT NULL,"
            "  reason TEXT NOT NULL DEFAULT '',"
            "  PRIMARY KEY (license_id, holder))"_s,
            // AUTOINCREMENT: a seq is never reused, even after the retention sweep deleted the
            // newest events, so `after=` paging can never skip or repeat one.
            u"CREATE TABLE events ("
            "  seq INTEGER PRIMARY KEY AUTOINCREMENT,"
            "  time_ms INTEGER NOT NULL,"
            "  kind TEXT NOT NULL,"
            "  license_id TEXT NOT NULL DEFAULT '',"
            "  seat_id TEXT NOT NULL DEFAULT '',"
            "  holder TEXT NOT NULL DEFAULT '',"
            "  actor TEXT NOT NULL,"
            "  detail TEXT NOT NULL DEFAULT '{}')"_s,
            u"CREATE INDEX events_by_kind_time ON events(kind, time_ms)"_s,
            u"CREATE INDEX events_by_time ON events(time_ms)"_s,
        },
        {
            // Usage statistics: one G-Counter component per license, counter and replica. No
            // foreign key to licenses: peers report licenses this server may not have.
            u"CREATE TABLE stat_components ("
            "  license_id TEXT NOT NULL,"
            "  counter TEXT NOT NULL,"
            "  replica_id TEXT NOT NULL,"
            "  value INTEGER NOT NULL CHECK (value >= 0),"
            "  PRIMARY KEY (license_id, counter, replica_id)) WITHOUT ROWID"_s,
        },
        {
            // Named access tokens with a role (AccessService). Only the hash of a token is kept;
            // revoking one deletes its row.
            u"CREATE TABLE access_tokens ("
            "  name TEXT PRIMARY KEY,"
            "  role TEXT NOT NULL,"
            "  token_hash BLOB NOT NULL UNIQUE,"
            "  created_ms INTEGER NOT NULL,"
            "  expires_ms INTEGER,"
            "  last_used_ms INTEGER)"_s,
        },
    };
    return steps;
}

qint64 toMs(const QDateTime &time)
{
    return time.toMSecsSinceEpoch();
}

QDateTime fromMs(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

// SQLite integers are signed 64-bit; a component stops there rather than wrap.
qint64 toStoredCount(quint64 value)
{
    return qint64(std::min<quint64>(value, quint64(std::numeric_limits<qint64>::max())));
}

} // namespace

struct SqliteLeaseStore::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : begin(db)
        , commit(db)
        , rollback(db)
        , savepoint(db)
        , releaseSavepoint(db)
        , rollbackToSavepoint(db)
        , licenses(db)
        , license(db)
        , insertLicense(db)
        , updateLicense(db)
        , leases(db)
        , lease(db)
        , insertLease(db)
        , renewLease(db)
        , renewLeaseIfUnchanged(db)
        , deleteLease(db)
        , leasesExpiringBy(db)
        , block(db)
        , blocks(db)
        , putBlock(db)
        , deleteBlocks(db)
        , appendEvent(db)
        , events(db)
        , countEvents(db)
        , deleteEvents(db)
        , bumpCounter(db)
        , counterComponents(db)
        , mergeComponent(db)
        , firstLeasesExpiringBy(db)
        , deleteFirstEvents(db)
        , tokens(db)
        , putToken(db)
        , deleteToken(db)
        , touchToken(db)
    { }

    QSqlQuery begin, commit, rollback;
    QSqlQuery savepoint, releaseSavepoint, rollbackToSavepoint;
    QSqlQuery licenses, license, insertLicense, updateLicense;
    QSqlQuery leases, lease, insertLease, renewLease, renewLeaseIfUnchanged, deleteLease, leasesExpiringBy;
    QSqlQuery block, blocks, putBlock, deleteBlocks;
    QSqlQuery appendEvent, events, countEvents, deleteEvents;
    QSqlQuery bumpCounter, counterComponents, mergeComponent;
    QSqlQuery firstLeasesExpiringBy, deleteFirstEvents;
    QSqlQuery tokens, putToken, deleteToken, touchToken;
};

SqliteLeaseStore::SqliteLeaseStore(QString path)
    : m_path(std::move(path))
    , m_connectionName(u"keyright-store-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces))
{ }

SqliteLeaseStore::~SqliteLeaseStore()
{
    close();
}

bool SqliteLeaseStore::isOpen() const
{
    return m_statements != nullptr;
}

bool SqliteLeaseStore::open(QString *error)
{
    if (isOpen())
        return true;
    m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connectionName);
    m_db.setDatabaseName(m_path);
    if (!m_db.open()) {
        if (error)
            *error = u"cannot open the database %1: %2"_s.arg(m_path, m_db.lastError().text());
        close();
        return false;
    }
    // Durability: WAL with synchronous=NORMAL. A commit has been appended to the WAL file with
    // write() before COMMIT returns, so it is in the kernel's page cache and survives the server
    // process dying in any way, kill -9 included; only a kernel crash or power loss can lose the
    // last commits since the previous checkpoint. FULL would fsync the WAL on every commit and
    // cost a disk flush per heartbeat for protection against power loss, which the lease design
    // already tolerates (a lost renewal is a seat that expires one TTL early at worst).
    //
    // locking_mode=EXCLUSIVE: the server is the only process that opens its database, so the file
    // lock is taken once and kept, instead of fcntl() calls around every transaction, and the WAL
    // index lives in the heap rather than in a shared -shm file. Another process (a second server
    // on the same data directory, the sqlite3 shell) gets "database is locked" while it runs.
    //
    // temp_store=MEMORY: group commit runs each request in a savepoint, and SQLite keeps the
    // pages a savepoint may have to restore in a sub-journal, a temporary file by default: a
    // pwrite() per page per request. In memory it costs a copy; the pages are few.
    //
    // wal_autocheckpoint=100: SQLite copies the WAL back into the database (and syncs both) from
    // within the commit that crosses this many pages, on the event loop, so every request
    // waiting for that commit waits for the copy. Renewals touch many pages per commit; with the
    // default 1,000 pages, and more, these copies set the p99 (about 100 ms at 20,000 pages,
    // 12-15 ms at 1,000, 8-10 ms at 100 under 64 connections of renewals; docs/BENCHMARKS.md).
    const QStringList pragmas {u"PRAGMA locking_mode=EXCLUSIVE"_s, u"PRAGMA journal_mode=WAL"_s,
                               u"PRAGMA synchronous=NORMAL"_s,     u"PRAGMA wal_autocheckpoint=100"_s,
                               u"PRAGMA temp_store=MEMORY"_s,      u"PRAGMA foreign_keys=ON"_s,
                               u"PRAGMA busy_timeout=5000"_s};
    for (const QString &pragma : pragmas) {
        QSqlQuery query(m_db);
        if (!query.exec(pragma)) {
            if (error)
                *error = u"cannot set up the database %1 (%2): %3"_s.arg(m_path, pragma, query.lastError().text());
            close();
            return false;
        }
    }
    if (!migrate(error) || !prepareStatements(error)) {
        close();
        return false;
    }
    return true;
}

void SqliteLeaseStore::close()
{
    m_statements.reset();
    dropCaches();
    m_batch = Batch::None;
    m_inUnit = false;
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

bool SqliteLeaseStore::migrate(QString *error)
{
    const auto fail = [&](const QString &what, const QSqlQuery &query) {
        if (error)
            *error = u"%1 in %2: %3"_s.arg(what, m_path, query.lastError().text());
        return false;
    };
    QSqlQuery query(m_db);
    if (!query.exec(u"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"_s))
        return fail(u"cannot create schema_version"_s, query);
    if (!query.exec(u"SELECT version FROM schema_version"_s))
        return fail(u"cannot read schema_version"_s, query);
    int version = 0;
    bool hasRow = false;
    if (query.next()) {
        version = query.value(0).toInt();
        hasRow = true;
    }
    query.finish();
    if (version > schemaVersion) {
        if (error)
            *error = u"%1 has schema version %2, newer than this server understands (%3); use a newer "
                     "keyright-server"_s.arg(m_path)
                         .arg(version)
                         .arg(schemaVersion);
        return false;
    }
    const auto &steps = migrations();
    for (int step = version; step < schemaVersion; ++step) {
        if (!query.exec(u"BEGIN IMMEDIATE"_s))
            return fail(u"cannot begin migration"_s, query);
        bool ok = true;
        QString failedStatement;
        for (const QString &statement : steps.at(step)) {
            if (!query.exec(statement)) {
                ok = false;
                failedStatement = statement;
                break;
            }
        }
        if (ok) {
            ok = hasRow ? query.exec(u"UPDATE schema_version SET version = %1"_s.arg(step + 1))
                        : query.exec(u"INSERT INTO schema_version (version) VALUES (%1)"_s.arg(step + 1));
            hasRow = hasRow || ok;
        }
        if (!ok) {
            const QString reason = query.lastError().text();
            QSqlQuery(m_db).exec(u"ROLLBACK"_s);
            if (error)
                *error = u"migration to schema version %1 failed in %2: %3 (%4)"_s.arg(step + 1).arg(m_path, reason,
                                                                                                     failedStatement);
            return false;
        }
        if (!query.exec(u"COMMIT"_s))
            return fail(u"cannot commit migration"_s, query);
    }
    return true;
}

bool SqliteLeaseStore::prepareStatements(QString *error)
{
    auto s = std::make_unique<Statements>(m_db);
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->begin, u"BEGIN IMMEDIATE"_s},
        {&s->commit, u"COMMIT"_s},
        {&s->rollback, u"ROLLBACK"_s},
        {&s->savepoint, u"SAVEPOINT unit"_s},
        {&s->releaseSavepoint, u"RELEASE unit"_s},
        {&s->rollbackToSavepoint, u"ROLLBACK TO unit"_s},
        {&s->licenses,
         u"SELECT id, name, seat_count, ttl_ms, skew_ms, reap_grace_ms, key_hash, last_generation "
         "FROM licenses ORDER BY id"_s},
        {&s->license,
         u"SELECT id, name, seat_count, ttl_ms, skew_ms, reap_grace_ms, key_hash, last_generation "
         "FROM licenses WHERE id = :id"_s},
        {&s->insertLicense,
         u"INSERT INTO licenses (id, name, seat_count, ttl_ms, skew_ms, reap_grace_ms, key_hash, last_generation) "
         "VALUES (:id, :name, :seats, :ttl, :skew, :grace, :hash, :generation)"_s},
        {&s->updateLicense,
         u"UPDATE licenses SET name = :name, seat_count = :seats, ttl_ms = :ttl, skew_ms = :skew, "
         "reap_grace_ms = :grace, key_hash = :hash, last_generation = :generation WHERE id = :id"_s},
        {&s->leases,
         u"SELECT license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id "
         "FROM leases WHERE license_id = :license"_s},
        {&s->lease,
         u"SELECT license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id "
         "FROM leases WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->insertLease,
         u"INSERT INTO leases (license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id) "
         "VALUES (:license, :seat, :holder, :generation, :issued, :expires, :signature, COALESCE(:request, ''))"_s},
        {&s->renewLease,
         u"UPDATE leases SET issued_at = :issued, expires_at = :expires, signature = :signature "
         "WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->renewLeaseIfUnchanged,
         u"UPDATE leases SET issued_at = :issued, expires_at = :expires, signature = :signature "
         "WHERE license_id = :license AND seat_id = :seat AND generation = :generation "
         "AND issued_at = :wasIssued AND expires_at = :wasExpiring"_s},
        {&s->deleteLease, u"DELETE FROM leases WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->leasesExpiringBy,
         u"SELECT license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id "
         "FROM leases WHERE license_id = :license AND expires_at <= :latest ORDER BY expires_at"_s},
        {&s->block,
         u"SELECT license_id, holder, until_ms, reason FROM holder_blocks "
         "WHERE license_id = :license AND holder = :holder"_s},
        {&s->blocks,
         u"SELECT license_id, holder, until_ms, reason FROM holder_blocks WHERE license_id = :license "
         "ORDER BY until_ms"_s},
        {&s->putBlock,
         u"INSERT OR REPLACE INTO holder_blocks (license_id, holder, until_ms, reason) "
         "VALUES (:license, :holder, :until, COALESCE(:reason, ''))"_s},
        {&s->deleteBlocks, u"DELETE FROM holder_blocks WHERE until_ms <= :now"_s},
        {&s->appendEvent,
         u"INSERT INTO events (time_ms, kind, license_id, seat_id, holder, actor, detail) "
         "VALUES (:time, :kind, COALESCE(:license, ''), COALESCE(:seat, ''), COALESCE(:holder, ''), :actor, "
         ":detail)"_s},
        // One statement for every combination of filters, so it is prepared once: an absent
        // filter is switched off by its :any* flag.
        {&s->events,
         u"SELECT seq, time_ms, kind, license_id, seat_id, holder, actor, detail FROM events "
         "WHERE seq > :after "
         "AND (:anyLicense OR license_id = :license) "
         "AND (:anyHolder OR holder = :holder) "
         "AND (:anyKind OR instr(:kinds, ',' || kind || ',') > 0) "
         "AND time_ms >= :since AND time_ms <= :until "
         "ORDER BY seq LIMIT :limit"_s},
        {&s->countEvents,
         u"SELECT license_id, COUNT(*) FROM events WHERE kind = :kind AND time_ms > :since "
         "GROUP BY license_id"_s},
        {&s->deleteEvents, u"DELETE FROM events WHERE time_ms < :before"_s},
        // One statement per counted event, renewals included: insert at `by` or add `by`,
        // saturating at the largest integer SQLite stores.
        {&s->bumpCounter,
         u"INSERT INTO stat_components (license_id, counter, replica_id, value) "
         "VALUES (:license, :counter, :replica, :by) "
         "ON CONFLICT (license_id, counter, replica_id) DO UPDATE SET value = "
         "CASE WHEN value > 9223372036854775807 - excluded.value THEN 9223372036854775807 "
         "ELSE value + excluded.value END"_s},
        {&s->counterComponents,
         u"SELECT license_id, counter, replica_id, value FROM stat_components "
         "ORDER BY license_id, counter, replica_id"_s},
        {&s->mergeComponent,
         u"INSERT INTO stat_components (license_id, counter, replica_id, value) "
         "VALUES (:license, :counter, :replica, :value) "
         "ON CONFLICT (license_id, counter, replica_id) DO UPDATE SET value = MAX(value, excluded.value)"_s},
        // The reaper's bounded chunks: leases_by_expiry yields the rows in order, and events_by_time
        // finds the old events without reading the rest.
        {&s->firstLeasesExpiringBy,
         u"SELECT license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id "
         "FROM leases WHERE license_id = :license AND expires_at <= :latest ORDER BY expires_at LIMIT :limit"_s},
        {&s->deleteFirstEvents,
         u"DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE time_ms < :before LIMIT :limit)"_s},
        {&s->tokens,
         u"SELECT name, role, token_hash, created_ms, expires_ms, last_used_ms FROM access_tokens ORDER BY name"_s},
        {&s->putToken,
         u"INSERT OR REPLACE INTO access_tokens (name, role, token_hash, created_ms, expires_ms, last_used_ms) "
         "VALUES (:name, :role, :hash, :created, :expires, :used)"_s},
        {&s->deleteToken, u"DELETE FROM access_tokens WHERE name = :name"_s},
        {&s->touchToken, u"UPDATE access_tokens SET last_used_ms = :used WHERE name = :name"_s},
    };
    for (const auto &[query, sql] : all) {
        // Every result is read once, front to back: without this Qt SQL keeps a copy of each row
        // it has read, in QVariants, for a later seek().
        query->setForwardOnly(true);
        if (!query->prepare(sql)) {
            if (error)
                *error = u"cannot prepare a statement on %1: %2 (%3)"_s.arg(m_path, query->lastError().text(), sql);
            return false;
        }
    }
    m_statements = std::move(s);
    return true;
}

QSqlQuery &SqliteLeaseStore::exec(QSqlQuery &query)
{
    if (!m_statements)
        throw StoreError("the lease store is not open");
    if (!query.exec()) {
        const QString message = query.lastError().text();
        query.finish();
        throw StoreError(u"database error: %1"_s.arg(message).toStdString());
    }
    return query;
}

void SqliteLeaseStore::begin()
{
    exec(m_statements->begin).finish();
}

void SqliteLeaseStore::commit()
{
    exec(m_statements->commit).finish();
}

bool SqliteLeaseStore::rollback()
{
    const bool undone = m_statements->rollback.exec();
    m_statements->rollback.finish();
    dropCaches();
    return undone;
}

void SqliteLeaseStore::savepoint()
{
    exec(m_statements->savepoint).finish();
}

void SqliteLeaseStore::releaseSavepoint()
{
    exec(m_statements->releaseSavepoint).finish();
}

bool SqliteLeaseStore::rollbackToSavepoint()
{
    // ROLLBACK TO keeps the savepoint open; RELEASE then closes it, its changes already undone.
    const bool undone = m_statements->rollbackToSavepoint.exec() && m_statements->releaseSavepoint.exec();
    m_statements->rollbackToSavepoint.finish();
    m_statements->releaseSavepoint.finish();
    dropCaches();
    return undone;
}

void SqliteLeaseStore::unit(const std::function<void()> &work)
{
    if (!m_statements)
        throw StoreError("the lease store is not open");
    if (m_inUnit) {
        // Already inside the caller's unit: join it.
        work();
        return;
    }
    if (m_batch == Batch::None)
        unitInTransaction(work);
    else
        unitInBatch(work);
}

void SqliteLeaseStore::unitInTransaction(const std::function<void()> &work)
{
    begin();
    m_inUnit = true;
    try {
        work();
        commit();
        m_inUnit = false;
    } catch (...) {
        m_inUnit = false;
        rollback();
        throw;
    }
}

void SqliteLeaseStore::unitInBatch(const std::function<void()> &work)
{
    if (m_batch == Batch::Begun) {
        begin();
        m_batch = Batch::Open;
    }
    // A savepoint per unit: a unit that throws is undone alone and the batch goes on.
    savepoint();
    m_inUnit = true;
    try {
        work();
        m_inUnit = false;
        releaseSavepoint();
    } catch (...) {
        m_inUnit = false;
        // When the savepoint itself cannot be undone, give up the whole batch rather than commit
        // half a unit.
        if (!rollbackToSavepoint())
            m_batch = Batch::Broken;
        throw;
    }
}

void SqliteLeaseStore::beginBatch()
{
    Q_ASSERT(m_batch == Batch::None && !m_inUnit);
    m_batch = Batch::Begun;
}

bool SqliteLeaseStore::inBatch() const
{
    return m_batch != Batch::None;
}

void SqliteLeaseStore::commitBatch()
{
    const Batch batch = std::exchange(m_batch, Batch::None);
    if (batch == Batch::None || batch == Batch::Begun)
        return; // nothing in the batch touched the database
    if (batch == Batch::Open && m_statements->commit.exec()) {
        m_statements->commit.finish();
        return;
    }
    const QString reason = batch == Batch::Broken ? u"a unit of the batch could not be undone"_s
                                                  : m_statements->commit.lastError().text();
    m_statements->commit.finish();
    rollback();
    throw StoreError(u"database error: the batch was not committed: %1"_s.arg(reason).toStdString());
}

void SqliteLeaseStore::rollbackBatch()
{
    const Batch batch = std::exchange(m_batch, Batch::None);
    if (batch == Batch::Open || batch == Batch::Broken)
        rollback();
}

void SqliteLeaseStore::withLicense(const QString &, const std::function<void()> &work)
{
    // One connection on one thread: the write transaction itself is the per-license lock, and a
    // transaction never waits for another one.
    unit(work);
}

void SqliteLeaseStore::withStore(const std::function<void()> &work)
{
    unit(work);
}

LicenseRecord SqliteLeaseStore::licenseFromRow(const QSqlQuery &query) const
{
    using std::chrono::milliseconds;
    ValidationError why;
    const auto policy = SeatPolicy::create(query.value(2).toLongLong(), milliseconds(query.value(3).toLongLong()),
                                           milliseconds(query.value(4).toLongLong()),
                                           milliseconds(query.value(5).toLongLong()), &why);
    if (!policy)
        throw StoreError(
            u"license %1 has an invalid policy in the database: %2"_s.arg(query.value(0).toString(), why.message)
                .toStdString());
    return LicenseRecord {query.value(0).toString(), query.value(1).toString(), *policy, query.value(6).toByteArray(),
                          query.value(7).toULongLong()};
}

StoredLease SqliteLeaseStore::leaseFromRow(const QSqlQuery &query) const
{
    StoredLease row;
    row.lease.licenseId = query.value(0).toString();
    row.lease.seatId = query.value(1).toString();
    row.lease.holder = query.value(2).toString();
    row.lease.generation = query.value(3).toULongLong();
    row.lease.issuedAt = fromMs(query.value(4).toLongLong());
    row.lease.expiresAt = fromMs(query.value(5).toLongLong());
    row.lease.signature = query.value(6).toByteArray();
    row.requestId = query.value(7).toString();
    return row;
}

QList<LicenseRecord> SqliteLeaseStore::licenses()
{
    auto &q = exec(m_statements->licenses);
    QList<LicenseRecord> result;
    while (q.next())
        result.append(licenseFromRow(q));
    q.finish();
    return result;
}

namespace {

// The insert and the update write the same columns.
void bindLicense(QSqlQuery &q, const LicenseRecord &license)
{
    q.bindValue(u":id"_s, license.id);
    q.bindValue(u":name"_s, license.name);
    q.bindValue(u":seats"_s, license.policy.seatCount());
    q.bindValue(u":ttl"_s, qint64(license.policy.ttl().count()));
    q.bindValue(u":skew"_s, qint64(license.policy.skew().count()));
    q.bindValue(u":grace"_s, qint64(license.policy.reapGrace().count()));
    q.bindValue(u":hash"_s, license.keyHash);
    q.bindValue(u":generation"_s, qint64(license.lastGeneration));
}

} // namespace

std::optional<LicenseRecord> SqliteLeaseStore::license(const QString &licenseId)
{
    if (const auto cached = m_licenseCache.constFind(licenseId); cached != m_licenseCache.cend())
        return *cached;
    auto &q = m_statements->license;
    q.bindValue(u":id"_s, licenseId);
    exec(q);
    std::optional<LicenseRecord> result;
    if (q.next())
        result = licenseFromRow(q);
    q.finish();
    if (result)
        m_licenseCache.insert(licenseId, *result);
    return result;
}

void SqliteLeaseStore::insertLicense(const LicenseRecord &license)
{
    auto &q = m_statements->insertLicense;
    bindLicense(q, license);
    exec(q).finish();
    m_licenseCache.insert(license.id, license);
}

void SqliteLeaseStore::updateLicense(const LicenseRecord &license)
{
    auto &q = m_statements->updateLicense;
    bindLicense(q, license);
    exec(q);
    const int changed = q.numRowsAffected();
    q.finish();
    if (changed != 1) {
        m_licenseCache.remove(license.id);
        throw StoreError(u"license %1 is not in the database"_s.arg(license.id).toStdString());
    }
    m_licenseCache.insert(license.id, license);
}

QList<StoredLease> SqliteLeaseStore::leaseRows(QSqlQuery &q)
{
    exec(q);
    QList<StoredLease> result;
    while (q.next())
        result.append(leaseFromRow(q));
    q.finish();
    return result;
}

QList<StoredLease> SqliteLeaseStore::leases(const QString &licenseId)
{
    auto &q = m_statements->leases;
    q.bindValue(u":license"_s, licenseId);
    return leaseRows(q);
}

QString SqliteLeaseStore::leaseKey(const QString &licenseId, const QString &seatId)
{
    return licenseId + QChar(u'\n') + seatId; // neither id can hold a line break
}

void SqliteLeaseStore::dropCaches()
{
    m_tokenCache.clear();
    m_tokensLoaded = false;
    m_licenseCache.clear();
    m_leaseCache.clear();
}

void SqliteLeaseStore::cacheLease(const StoredLease &row)
{
    if (m_leaseCache.size() >= maxCachedLeases)
        m_leaseCache.clear(); // start over rather than grow without bound
    m_leaseCache.insert(leaseKey(row.lease.licenseId, row.lease.seatId), row);
}

void SqliteLeaseStore::cacheRenewal(const SeatLease &lease)
{
    const auto cached = m_leaseCache.find(leaseKey(lease.licenseId, lease.seatId));
    if (cached == m_leaseCache.end())
        return;
    cached->lease.issuedAt = lease.issuedAt;
    cached->lease.expiresAt = lease.expiresAt;
    cached->lease.signature = lease.signature;
}

std::optional<StoredLease> SqliteLeaseStore::lease(const QString &licenseId, const QString &seatId)
{
    if (const auto cached = m_leaseCache.constFind(leaseKey(licenseId, seatId)); cached != m_leaseCache.cend())
        return *cached;
    auto &q = m_statements->lease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    exec(q);
    std::optional<StoredLease> result;
    if (q.next())
        result = leaseFromRow(q);
    q.finish();
    if (result)
        cacheLease(*result);
    return result;
}

void SqliteLeaseStore::insertLease(const StoredLease &row)
{
    auto &q = m_statements->insertLease;
    q.bindValue(u":license"_s, row.lease.licenseId);
    q.bindValue(u":seat"_s, row.lease.seatId);
    q.bindValue(u":holder"_s, row.lease.holder);
    q.bindValue(u":generation"_s, qint64(row.lease.generation));
    q.bindValue(u":issued"_s, toMs(row.lease.issuedAt));
    q.bindValue(u":expires"_s, toMs(row.lease.expiresAt));
    q.bindValue(u":signature"_s, row.lease.signature);
    q.bindValue(u":request"_s, row.requestId);
    exec(q).finish();
    cacheLease(row);
}

bool SqliteLeaseStore::writeRenewal(QSqlQuery &q, const SeatLease &renewed)
{
    q.bindValue(u":license"_s, renewed.licenseId);
    q.bindValue(u":seat"_s, renewed.seatId);
    q.bindValue(u":issued"_s, toMs(renewed.issuedAt));
    q.bindValue(u":expires"_s, toMs(renewed.expiresAt));
    q.bindValue(u":signature"_s, renewed.signature);
    exec(q);
    const bool written = q.numRowsAffected() == 1;
    q.finish();
    if (written)
        cacheRenewal(renewed);
    else
        m_leaseCache.remove(leaseKey(renewed.licenseId, renewed.seatId));
    return written;
}

void SqliteLeaseStore::renewLease(const SeatLease &lease)
{
    if (!writeRenewal(m_statements->renewLease, lease))
        throw StoreError(u"seat %1 of %2 is not in the database"_s.arg(lease.seatId, lease.licenseId).toStdString());
}

bool SqliteLeaseStore::renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed)
{
    auto &q = m_statements->renewLeaseIfUnchanged;
    q.bindValue(u":generation"_s, qint64(current.generation));
    q.bindValue(u":wasIssued"_s, toMs(current.issuedAt));
    q.bindValue(u":wasExpiring"_s, toMs(current.expiresAt));
    return writeRenewal(q, renewed);
}

bool SqliteLeaseStore::deleteLease(const QString &licenseId, const QString &seatId)
{
    auto &q = m_statements->deleteLease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    exec(q);
    const bool deleted = q.numRowsAffected() > 0;
    q.finish();
    m_leaseCache.remove(leaseKey(licenseId, seatId));
    return deleted;
}

QList<StoredLease> SqliteLeaseStore::leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry)
{
    auto &q = m_statements->leasesExpiringBy;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":latest"_s, toMs(latestExpiry));
    return leaseRows(q);
}

static HolderBlock blockFromRow(const QSqlQuery &q)
{
    return HolderBlock {.holder = q.value(1).toString(),
                        .until = fromMs(q.value(2).toLongLong()),
                        .reason = q.value(3).toString(),
                        .licenseId = q.value(0).toString()};
}

std::optional<HolderBlock> SqliteLeaseStore::block(const QString &licenseId, const QString &holder)
{
    auto &q = m_statements->block;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":holder"_s, holder);
    exec(q);
    std::optional<HolderBlock> result;
    if (q.next())
        result = blockFromRow(q);
    q.finish();
    return result;
}

QList<HolderBlock> SqliteLeaseStore::blocks(const QString &licenseId)
{
    auto &q = m_statements->blocks;
    q.bindValue(u":license"_s, licenseId);
    exec(q);
    QList<HolderBlock> result;
    while (q.next())
        result.append(blockFromRow(q));
    q.finish();
    return result;
}

void SqliteLeaseStore::putBlock(const HolderBlock &block)
{
    auto &q = m_statements->putBlock;
    q.bindValue(u":license"_s, block.licenseId);
    q.bindValue(u":holder"_s, block.holder);
    q.bindValue(u":until"_s, toMs(block.until));
    q.bindValue(u":reason"_s, block.reason);
    exec(q).finish();
}

int SqliteLeaseStore::deleteBlocksEndedBy(const QDateTime &now)
{
    auto &q = m_statements->deleteBlocks;
    q.bindValue(u":now"_s, toMs(now));
    exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

qint64 SqliteLeaseStore::appendEvent(const EventRecord &event)
{
    auto &q = m_statements->appendEvent;
    q.bindValue(u":time"_s, toMs(event.time));
    q.bindValue(u":kind"_s, toWire(event.kind));
    q.bindValue(u":license"_s, event.licenseId);
    q.bindValue(u":seat"_s, event.seatId);
    q.bindValue(u":holder"_s, event.holder);
    q.bindValue(u":actor"_s, event.actor);
    q.bindValue(u":detail"_s, QString::fromUtf8(QJsonDocument(event.detail).toJson(QJsonDocument::Compact)));
    exec(q);
    const qint64 seq = q.lastInsertId().toLongLong();
    q.finish();
    return seq;
}

QList<EventRecord> SqliteLeaseStore::events(const EventQuery &query)
{
    auto &q = m_statements->events;
    q.bindValue(u":after"_s, query.after);
    q.bindValue(u":anyLicense"_s, query.licenseId.isEmpty() ? 1 : 0);
    q.bindValue(u":license"_s, query.licenseId);
    q.bindValue(u":anyHolder"_s, query.holder.isEmpty() ? 1 : 0);
    q.bindValue(u":holder"_s, query.holder);
    q.bindValue(u":anyKind"_s, query.kinds.isEmpty() ? 1 : 0);
    q.bindValue(u":kinds"_s, u","_s + eventKindFilter(query.kinds) + u","_s);
    q.bindValue(u":since"_s, query.since ? toMs(*query.since) : std::numeric_limits<qint64>::min());
    q.bindValue(u":until"_s, query.until ? toMs(*query.until) : std::numeric_limits<qint64>::max());
    q.bindValue(u":limit"_s, query.limit);
    exec(q);
    QList<EventRecord> result;
    while (q.next()) {
        EventRecord event;
        event.seq = q.value(0).toLongLong();
        event.time = fromMs(q.value(1).toLongLong());
        const QString kind = q.value(2).toString();
        const std::optional<EventKind> known = eventKindFromWire(kind);
        if (!known)
            throw StoreError(u"event %1 has the kind \"%2\", which this server does not know (was the database "
                             "written by a newer version?)"_s.arg(event.seq)
                                 .arg(kind.left(40))
                                 .toStdString());
        event.kind = *known;
        event.licenseId = q.value(3).toString();
        event.seatId = q.value(4).toString();
        event.holder = q.value(5).toString();
        event.actor = q.value(6).toString();
        event.detail = QJsonDocument::fromJson(q.value(7).toString().toUtf8()).object();
        result.append(event);
    }
    q.finish();
    return result;
}

QHash<QString, int> SqliteLeaseStore::countEventsSince(EventKind kind, const QDateTime &since)
{
    auto &q = m_statements->countEvents;
    q.bindValue(u":kind"_s, toWire(kind));
    q.bindValue(u":since"_s, toMs(since));
    exec(q);
    QHash<QString, int> result;
    while (q.next())
        result.insert(q.value(0).toString(), q.value(1).toInt());
    q.finish();
    return result;
}

int SqliteLeaseStore::deleteEventsBefore(const QDateTime &before)
{
    auto &q = m_statements->deleteEvents;
    q.bindValue(u":before"_s, toMs(before));
    exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

QList<StoredLease> SqliteLeaseStore::firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry,
                                                           int limit)
{
    auto &q = m_statements->firstLeasesExpiringBy;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":latest"_s, toMs(latestExpiry));
    q.bindValue(u":limit"_s, std::max(limit, 0));
    return leaseRows(q);
}

int SqliteLeaseStore::deleteFirstEventsBefore(const QDateTime &before, int limit)
{
    auto &q = m_statements->deleteFirstEvents;
    q.bindValue(u":before"_s, toMs(before));
    q.bindValue(u":limit"_s, std::max(limit, 0));
    exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

void SqliteLeaseStore::loadTokens()
{
    if (m_tokensLoaded)
        return;
    auto &q = exec(m_statements->tokens);
    QHash<QString, AccessToken> loaded;
    while (q.next()) {
        AccessToken token;
        token.name = q.value(0).toString();
        token.role = parseRole(q.value(1).toString()).value_or(AccessRole::Viewer);
        token.hash = q.value(2).toByteArray();
        token.createdAt = fromMs(q.value(3).toLongLong());
        if (!q.value(4).isNull())
            token.expiresAt = fromMs(q.value(4).toLongLong());
        if (!q.value(5).isNull())
            token.lastUsedAt = fromMs(q.value(5).toLongLong());
        loaded.insert(token.name, token);
    }
    q.finish();
    m_tokenCache = std::move(loaded);
    m_tokensLoaded = true;
}

QList<AccessToken> SqliteLeaseStore::tokens()
{
    loadTokens();
    QList<AccessToken> all = m_tokenCache.values();
    std::sort(all.begin(), all.end(), [](const AccessToken &a, const AccessToken &b) { return a.name < b.name; });
    return all;
}

std::optional<AccessToken> SqliteLeaseStore::token(const QString &name)
{
    loadTokens();
    if (const auto found = m_tokenCache.constFind(name); found != m_tokenCache.cend())
        return *found;
    return std::nullopt;
}

std::optional<AccessToken> SqliteLeaseStore::tokenByHash(const QByteArray &hash)
{
    loadTokens();
    // A handful of tokens: comparing each hash in constant time costs nothing and keeps the time
    // of a refusal independent of which stored hash came closest.
    std::optional<AccessToken> match;
    for (const AccessToken &token : std::as_const(m_tokenCache)) {
        if (crypto::constantTimeEquals(token.hash, hash) && !match)
            match = token;
    }
    return match;
}

void SqliteLeaseStore::putToken(const AccessToken &token)
{
    auto &q = m_statements->putToken;
    q.bindValue(u":name"_s, token.name);
    q.bindValue(u":role"_s, roleName(token.role));
    q.bindValue(u":hash"_s, token.hash);
    q.bindValue(u":created"_s, toMs(token.createdAt));
    q.bindValue(u":expires"_s, token.expiresAt.isValid() ? QVariant(toMs(token.expiresAt)) : QVariant());
    q.bindValue(u":used"_s, token.lastUsedAt.isValid() ? QVariant(toMs(token.lastUsedAt)) : QVariant());
    exec(q).finish();
    if (m_tokensLoaded)
        m_tokenCache.insert(token.name, token);
}

bool SqliteLeaseStore::deleteToken(const QString &name)
{
    auto &q = m_statements->deleteToken;
    q.bindValue(u":name"_s, name);
    exec(q);
    const bool deleted = q.numRowsAffected() > 0;
    q.finish();
    m_tokenCache.remove(name);
    return deleted;
}

void SqliteLeaseStore::touchToken(const QString &name, const QDateTime &lastUsedAt)
{
    auto &q = m_statements->touchToken;
    q.bindValue(u":name"_s, name);
    q.bindValue(u":used"_s, toMs(lastUsedAt));
    exec(q).finish();
    if (const auto found = m_tokenCache.find(name); found != m_tokenCache.end())
        found->lastUsedAt = lastUsedAt;
}

void SqliteLeaseStore::bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId,
                                   quint64 by)
{
    auto &q = m_statements->bumpCounter;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":counter"_s, counter);
    q.bindValue(u":replica"_s, replicaId);
    q.bindValue(u":by"_s, toStoredCount(by));
    exec(q).finish();
}

QList<StatComponent> SqliteLeaseStore::counterComponents()
{
    auto &q = exec(m_statements->counterComponents);
    QList<StatComponent> result;
    while (q.next())
        result.append(StatComponent {q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                                     quint64(std::max<qint64>(q.value(3).toLongLong(), 0))});
    q.finish();
    return result;
}

void SqliteLeaseStore::mergeComponents(const QList<StatComponent> &components)
{
    auto &q = m_statements->mergeComponent;
    for (const StatComponent &component : components) {
        q.bindValue(u":license"_s, component.licenseId);
        q.bindValue(u":counter"_s, component.counter);
        q.bindValue(u":replica"_s, component.replicaId);
        q.bindValue(u":value"_s, toStoredCount(component.value));
        exec(q).finish();
    }
}

} // namespace keyright::server
