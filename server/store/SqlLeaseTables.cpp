#include "store/SqlLeaseTables.h"

#include "store/SqlConnection.h"
#include "store/SqlDialect.h"
#include "store/SqlRows.h"

#include <QSet>
#include <QSqlRecord>
#include <QVariant>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlLeaseTables::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : lockLicense(db)
        , licenses(db)
        , license(db)
        , insertLicense(db)
        , updateLicense(db)
        , leases(db)
        , lease(db)
        , insertLease(db)
        , forgetRequestId(db)
        , renewLease(db)
        , renewLeaseIfUnchanged(db)
        , deleteLease(db)
        , markLease(db)
        , writeOffLease(db)
        , leasesExpiringBy(db)
        , firstLeasesExpiringBy(db)
        , block(db)
        , blocks(db)
        , putBlock(db)
        , deleteBlocks(db)
        , lockLicenses(db)
        , leasesOf(db)
        , renewLeasesIfUnchanged(db)
        , licensesIn(db)
        , leasesIn(db)
        , blocksIn(db)
        , writeGenerations(db)
        , deleteLeases(db)
        , insertLeases(db)
        , leasesByRequest(db)
        , liveLeaseCounts(db)
        , liveLeaseCount(db)
        , leaseByRequest(db)
    { }

    QSqlQuery lockLicense, licenses, license, insertLicense, updateLicense;
    QSqlQuery leases, lease, insertLease, forgetRequestId, renewLease, renewLeaseIfUnchanged, deleteLease, markLease,
        writeOffLease, leasesExpiringBy, firstLeasesExpiringBy;
    QSqlQuery block, blocks, putBlock, deleteBlocks;
    QSqlQuery lockLicenses, leasesOf, renewLeasesIfUnchanged; // prepared where the dialect has them
    QSqlQuery licensesIn, leasesIn, blocksIn, writeGenerations, deleteLeases, insertLeases; // the same
    QSqlQuery leasesByRequest, liveLeaseCounts; // the same
    QSqlQuery liveLeaseCount, leaseByRequest;
};

SqlLeaseTables::SqlLeaseTables(SqlConnection &connection, const SqlDialect &dialect, bool caching)
    : m_connection(connection)
    , m_dialect(dialect)
    , m_caching(caching)
{ }

SqlLeaseTables::~SqlLeaseTables() = default;

SqlLeaseTables::Statements &SqlLeaseTables::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlLeaseTables::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QString &leaseColumns = SqlRows::leaseColumns;
    const QString &licenseColumns = SqlRows::licenseColumns;
    QList<std::pair<QSqlQuery *, QString>> all {
        {&s->licenses, u"SELECT %1 FROM licenses ORDER BY id"_s.arg(licenseColumns)},
        {&s->license, u"SELECT %1 FROM licenses WHERE id = :id"_s.arg(licenseColumns)},
        {&s->insertLicense,
         u"INSERT INTO licenses (%1) VALUES (:id, :name, :seats, :ttl, :skew, :grace, :hash, :generation, :from, "
         u":until, "
         ":maintenance, :borrow)"_s.arg(licenseColumns)},
        {&s->updateLicense,
         u"UPDATE licenses SET name = :name, seat_count = :seats, ttl_ms = :ttl, skew_ms = :skew, "
         "reap_grace_ms = :grace, key_hash = :hash, last_generation = :generation, valid_from_ms = :from, "
         "valid_until_ms = :until, maintenance_until_ms = :maintenance, borrow_policy = :borrow WHERE id = :id"_s},
        {&s->leases, u"SELECT %1 FROM leases WHERE license_id = :license"_s.arg(leaseColumns)},
        {&s->lease, u"SELECT %1 FROM leases WHERE license_id = :license AND seat_id = :seat"_s.arg(leaseColumns)},
        // leases_by_expiry answers it from the live rows' index entries alone.
        {&s->liveLeaseCount, u"SELECT count(*) FROM leases WHERE license_id = :license AND expires_at >= :earliest"_s},
        {&s->leaseByRequest,
         u"SELECT %1 FROM leases WHERE license_id = :license AND holder = :holder AND request_id = :request"_s.arg(
             leaseColumns)},
        {&s->insertLease,
         u"INSERT INTO leases (%1) VALUES (:license, :seat, :holder, :generation, :issued, :expires, :signature, "
         ":request, :activity, :marked, :reclaim, :borrowed, :writtenOff, :writtenOffBy, :writeOffNote, "
         ":returnHash)"_s.arg(leaseColumns)},
        {&s->writeOffLease,
         u"UPDATE leases SET written_off_ms = :writtenOff, written_off_by = :writtenOffBy, write_off_note = "
         ":writeOffNote WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->markLease,
         u"UPDATE leases SET reclaim_marked_ms = :marked, reclaim_at_ms = :reclaim WHERE license_id = :license "
         "AND seat_id = :seat"_s},
        {&s->forgetRequestId,
         u"UPDATE leases SET request_id = '' WHERE license_id = :license AND holder = :holder "
         "AND request_id = :request RETURNING seat_id"_s},
        {&s->renewLease,
         u"UPDATE leases SET issued_at = :issued, expires_at = :expires, signature = :signature "
         "WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->renewLeaseIfUnchanged,
         u"UPDATE leases SET issued_at = :issued, expires_at = :expires, signature = :signature, "
         "last_activity_ms = :activity WHERE license_id = :license AND seat_id = :seat AND generation = :generation "
         "AND issued_at = :wasIssued AND expires_at = :wasExpiring"_s},
        {&s->deleteLease, u"DELETE FROM leases WHERE license_id = :license AND seat_id = :seat"_s},
        {&s->leasesExpiringBy,
         u"SELECT %1 FROM leases WHERE license_id = :license AND expires_at <= :latest ORDER BY expires_at"_s.arg(
             leaseColumns)},
        // The reaper's bounded chunks: leases_by_expiry yields the rows in order. Rows another
        // server's reaper holds are skipped rather than waited for (and never deleted twice).
        {&s->firstLeasesExpiringBy,
         u"SELECT %1 FROM leases WHERE license_id = :license AND expires_at <= :latest ORDER BY expires_at "
         "LIMIT :limit%2"_s.arg(leaseColumns, m_dialect.skipLocked)},
        {&s->block,
         u"SELECT %1 FROM holder_blocks WHERE license_id = :license AND holder = :holder"_s.arg(SqlRows::blockColumns)},
        {&s->blocks,
         u"SELECT %1 FROM holder_blocks WHERE license_id = :license ORDER BY until_ms"_s.arg(SqlRows::blockColumns)},
        {&s->putBlock,
         u"INSERT INTO holder_blocks (%1) VALUES (:license, :holder, :until, COALESCE(:reason, '')) "
         "ON CONFLICT (license_id, holder) DO UPDATE SET until_ms = excluded.until_ms, reason = excluded.reason"_s.arg(
             SqlRows::blockColumns)},
        {&s->deleteBlocks, u"DELETE FROM holder_blocks WHERE until_ms <= :now"_s},
    };
    if (!m_dialect.lockLicense.isEmpty())
        all.append({&s->lockLicense, m_dialect.lockLicense});
    if (!m_dialect.lockLicenses.isEmpty())
        all.append({&s->lockLicenses, m_dialect.lockLicenses.arg(licenseColumns)});
    if (writesManyGenerations())
        all.append({&s->writeGenerations, m_dialect.writeGenerations});
    if (deletesManyLeases())
        all.append({&s->deleteLeases, m_dialect.deleteLeases});
    if (insertsManyLeases())
        all.append({&s->insertLeases, m_dialect.insertLeases.arg(leaseColumns)});
    if (looksUpManyRequests())
        all.append({&s->leasesByRequest, m_dialect.leasesByRequest.arg(leaseColumns)});
    if (countsManyLicenses())
        all.append({&s->liveLeaseCounts, m_dialect.liveLeaseCounts});
    if (!m_dialect.leasesOf.isEmpty())
        all.append({&s->leasesOf, m_dialect.leasesOf.arg(leaseColumns)});
    if (!m_dialect.renewLeasesIfUnchanged.isEmpty())
        all.append({&s->renewLeasesIfUnchanged, m_dialect.renewLeasesIfUnchanged});
    if (!m_dialect.inIds.isEmpty()) {
        all.append({&s->licensesIn, u"SELECT %1 FROM licenses WHERE id%2"_s.arg(licenseColumns, m_dialect.inIds)});
        // ORDER BY keeps the subquery from being folded into a join (which the planner would
        // answer by scanning the whole table, dead rows and all): each license's rows come from
        // its own index scan, in seat order.
        all.append(
            {&s->leasesIn,
             u"SELECT %1 FROM %2 CROSS JOIN LATERAL (SELECT %1 FROM leases "
             "WHERE license_id = wanted.license ORDER BY seat_id) AS found"_s.arg(leaseColumns, m_dialect.idsTable)});
        all.append({&s->blocksIn,
                    u"SELECT %1 FROM %2 CROSS JOIN LATERAL (SELECT %1 FROM holder_blocks "
                    "WHERE license_id = wanted.license) AS found ORDER BY license_id, until_ms"_s.arg(
                        SqlRows::blockColumns, m_dialect.idsTable)});
    }
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    dropCaches();
    return true;
}

void SqlLeaseTables::lockLicense(const QString &licenseId)
{
    if (m_dialect.lockLicense.isEmpty())
        return;
    auto &q = statements().lockLicense;
    q.bindValue(u":id"_s, licenseId);
    m_connection.exec(q).finish();
}

QString SqlLeaseTables::leaseKey(const QString &licenseId, const QString &seatId)
{
    return licenseId + QChar(u'\n') + seatId; // neither id can hold a line break
}

void SqlLeaseTables::dropCaches()
{
    m_licenseCache.clear();
    m_leaseCache.clear();
}

void SqlLeaseTables::cacheLease(const StoredLease &row)
{
    if (!m_caching)
        return;
    if (m_leaseCache.size() >= maxCachedLeases)
        m_leaseCache.clear(); // start over rather than grow without bound
    m_leaseCache.insert(leaseKey(row.lease.licenseId, row.lease.seatId), row);
}

void SqlLeaseTables::cacheRenewal(const SeatLease &lease, const std::optional<QDateTime> &lastActivityAt)
{
    const auto cached = m_leaseCache.find(leaseKey(lease.licenseId, lease.seatId));
    if (cached == m_leaseCache.end())
        return;
    cached->lease.issuedAt = lease.issuedAt;
    cached->lease.expiresAt = lease.expiresAt;
    cached->lease.signature = lease.signature;
    if (lastActivityAt)
        cached->lastActivityAt = *lastActivityAt;
}

QList<LicenseRecord> SqlLeaseTables::licenses()
{
    auto &q = m_connection.exec(statements().licenses);
    QList<LicenseRecord> result;
    while (q.next())
        result.append(SqlRows::license(q));
    q.finish();
    return result;
}

std::optional<LicenseRecord> SqlLeaseTables::license(const QString &licenseId)
{
    if (const auto cached = m_licenseCache.constFind(licenseId); cached != m_licenseCache.cend())
        return *cached;
    auto &q = statements().license;
    q.bindValue(u":id"_s, licenseId);
    m_connection.exec(q);
    std::optional<LicenseRecord> result;
    if (q.next())
        result = SqlRows::license(q);
    q.finish();
    if (result && m_caching)
        m_licenseCache.insert(licenseId, *result);
    return result;
}

void SqlLeaseTables::insertLicense(const LicenseRecord &license)
{
    auto &q = statements().insertLicense;
    SqlRows::bindLicense(q, license);
    m_connection.exec(q).finish();
    if (m_caching)
        m_licenseCache.insert(license.id, license);
}

void SqlLeaseTables::updateLicense(const LicenseRecord &license)
{
    auto &q = statements().updateLicense;
    SqlRows::bindLicense(q, license);
    m_connection.exec(q);
    const int changed = q.numRowsAffected();
    q.finish();
    if (changed != 1) {
        m_licenseCache.remove(license.id);
        throw StoreError(u"license %1 is not in the database"_s.arg(license.id).toStdString());
    }
    if (m_caching)
        m_licenseCache.insert(license.id, license);
}

QList<StoredLease> SqlLeaseTables::leaseRows(QSqlQuery &q)
{
    m_connection.exec(q);
    QList<StoredLease> result;
    while (q.next())
        result.append(SqlRows::lease(q));
    q.finish();
    return result;
}

QList<StoredLease> SqlLeaseTables::leases(const QString &licenseId)
{
    auto &q = statements().leases;
    q.bindValue(u":license"_s, licenseId);
    return leaseRows(q);
}

std::optional<StoredLease> SqlLeaseTables::lease(const QString &licenseId, const QString &seatId)
{
    if (const auto cached = m_leaseCache.constFind(leaseKey(licenseId, seatId)); cached != m_leaseCache.cend())
        return *cached;
    auto &q = statements().lease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    m_connection.exec(q);
    std::optional<StoredLease> result;
    if (q.next())
        result = SqlRows::lease(q);
    q.finish();
    if (result)
        cacheLease(*result);
    return result;
}

int SqlLeaseTables::liveLeaseCount(const QString &licenseId, qint64 earliestLiveExpiryMs)
{
    auto &q = statements().liveLeaseCount;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":earliest"_s, earliestLiveExpiryMs);
    m_connection.exec(q);
    const int count = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    return count;
}

std::optional<StoredLease> SqlLeaseTables::leaseByRequest(const QString &licenseId, const QString &holder,
                                                          const QString &requestId)
{
    auto &q = statements().leaseByRequest;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":holder"_s, holder);
    q.bindValue(u":request"_s, requestId);
    const QList<StoredLease> rows = leaseRows(q);
    return rows.isEmpty() ? std::nullopt : std::optional<StoredLease>(rows.constFirst());
}

void SqlLeaseTables::insertLease(const StoredLease &row, bool requestIdMayBeHeld)
{
    if (!row.requestId.isEmpty() && requestIdMayBeHeld)
        forgetRequestId(row.lease.licenseId, row.lease.holder, row.requestId);
    auto &q = statements().insertLease;
    SqlRows::bindLease(q, row);
    m_connection.exec(q).finish();
    cacheLease(row);
}

void SqlLeaseTables::forgetRequestId(const QString &licenseId, const QString &holder, const QString &requestId)
{
    // The seat logic inserts under a requestId only when the row that had it is no longer live;
    // that row gives the id up, so the unique index holds one row per requestId.
    auto &forget = statements().forgetRequestId;
    forget.bindValue(u":license"_s, licenseId);
    forget.bindValue(u":holder"_s, holder);
    forget.bindValue(u":request"_s, requestId);
    m_connection.exec(forget);
    while (forget.next())
        m_leaseCache.remove(leaseKey(licenseId, forget.value(0).toString()));
    forget.finish();
}

bool SqlLeaseTables::looksUpManyRequests() const
{
    return !m_dialect.leasesByRequest.isEmpty();
}

QList<StoredLease> SqlLeaseTables::leasesByRequest(const QList<ExpectedCheckout> &checkouts)
{
    if (checkouts.isEmpty())
        return {};
    QStringList licenses, holders, requests;
    for (const ExpectedCheckout &checkout : checkouts) {
        licenses.append(checkout.licenseId);
        holders.append(checkout.holder);
        requests.append(checkout.requestId);
    }
    auto &q = statements().leasesByRequest;
    q.bindValue(u":licenses"_s, arrayLiteral(licenses));
    q.bindValue(u":holders"_s, arrayLiteral(holders));
    q.bindValue(u":requests"_s, arrayLiteral(requests));
    return leaseRows(q);
}

bool SqlLeaseTables::countsManyLicenses() const
{
    return !m_dialect.liveLeaseCounts.isEmpty();
}

QHash<QString, int> SqlLeaseTables::liveLeaseCounts(const QStringList &licenseIds,
                                                    const QList<qint64> &earliestLiveExpiryMs)
{
    QList<std::optional<qint64>> earliests(earliestLiveExpiryMs.cbegin(), earliestLiveExpiryMs.cend());
    auto &q = statements().liveLeaseCounts;
    q.bindValue(u":licenses"_s, arrayLiteral(licenseIds));
    q.bindValue(u":earliests"_s, numberArrayLiteral(earliests));
    m_connection.exec(q);
    return SqlRows::countsByKey(q);
}

bool SqlLeaseTables::insertsManyLeases() const
{
    return !m_dialect.insertLeases.isEmpty();
}

void SqlLeaseTables::insertLeases(const QList<StoredLease> &rows)
{
    if (rows.isEmpty())
        return;
    QStringList licenses, seats, holders, signatures, requests;
    QList<std::optional<QString>> writtenOffBy, writeOffNotes, returnHashes;
    QList<std::optional<qint64>> generations, issued, expires, activities, marked, reclaim, borrowed, writtenOff;
    const auto nullableMs = [](const QDateTime &time) {
        return time.isValid() ? std::optional<qint64>(SqlRows::toMs(time)) : std::nullopt;
    };
    for (const StoredLease &row : rows) {
        licenses.append(row.lease.licenseId);
        seats.append(row.lease.seatId);
        holders.append(row.lease.holder);
        generations.append(qint64(row.lease.generation));
        issued.append(SqlRows::toMs(row.lease.issuedAt));
        expires.append(SqlRows::toMs(row.lease.expiresAt));
        signatures.append(QString::fromLatin1(row.lease.signature.toHex()));
        requests.append(row.requestId.isNull() ? u""_s : row.requestId);
        activities.append(nullableMs(row.lastActivityAt));
        marked.append(nullableMs(row.reclaimMarkedAt));
        reclaim.append(nullableMs(row.reclaimAt));
        borrowed.append(row.lease.borrowed ? 1 : 0);
        writtenOff.append(nullableMs(row.writeOff.at));
        writtenOffBy.append(row.writeOff.isSet() ? std::optional<QString>(row.writeOff.by) : std::nullopt);
        writeOffNotes.append(row.writeOff.isSet() ? std::optional<QString>(row.writeOff.note) : std::nullopt);
        returnHashes.append(row.returnSecretHash.isEmpty()
                                ? std::nullopt
                                : std::optional<QString>(QString::fromLatin1(row.returnSecretHash.toHex())));
    }
    auto &q = statements().insertLeases;
    q.bindValue(u":licenses"_s, arrayLiteral(licenses));
    q.bindValue(u":seats"_s, arrayLiteral(seats));
    q.bindValue(u":holders"_s, arrayLiteral(holders));
    q.bindValue(u":generations"_s, numberArrayLiteral(generations));
    q.bindValue(u":issued"_s, numberArrayLiteral(issued));
    q.bindValue(u":expires"_s, numberArrayLiteral(expires));
    q.bindValue(u":signatures"_s, arrayLiteral(signatures));
    q.bindValue(u":requests"_s, arrayLiteral(requests));
    q.bindValue(u":activities"_s, numberArrayLiteral(activities));
    q.bindValue(u":marked"_s, numberArrayLiteral(marked));
    q.bindValue(u":reclaim"_s, numberArrayLiteral(reclaim));
    q.bindValue(u":borrowed"_s, numberArrayLiteral(borrowed));
    q.bindValue(u":writtenOff"_s, numberArrayLiteral(writtenOff));
    q.bindValue(u":writtenOffBy"_s, nullableArrayLiteral(writtenOffBy));
    q.bindValue(u":writeOffNotes"_s, nullableArrayLiteral(writeOffNotes));
    q.bindValue(u":returnHashes"_s, nullableArrayLiteral(returnHashes));
    m_connection.exec(q).finish();
    for (const StoredLease &row : rows)
        cacheLease(row);
}

bool SqlLeaseTables::writeRenewal(QSqlQuery &q, const SeatLease &renewed,
                                  const std::optional<QDateTime> &lastActivityAt)
{
    SqlRows::bindRenewal(q, renewed);
    if (lastActivityAt)
        q.bindValue(u":activity"_s, SqlRows::toNullableMs(*lastActivityAt));
    m_connection.exec(q);
    const bool written = q.numRowsAffected() == 1;
    q.finish();
    if (written)
        cacheRenewal(renewed, lastActivityAt);
    else
        m_leaseCache.remove(leaseKey(renewed.licenseId, renewed.seatId));
    return written;
}

bool SqlLeaseTables::markLease(const QString &licenseId, const QString &seatId, const QDateTime &markedAt,
                               const QDateTime &reclaimAt)
{
    auto &q = statements().markLease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    q.bindValue(u":marked"_s, SqlRows::toNullableMs(markedAt));
    q.bindValue(u":reclaim"_s, SqlRows::toNullableMs(markedAt.isValid() ? reclaimAt : QDateTime()));
    m_connection.exec(q);
    const bool written = q.numRowsAffected() == 1;
    q.finish();
    const auto cached = m_leaseCache.find(leaseKey(licenseId, seatId));
    if (cached != m_leaseCache.end()) {
        if (written) {
            cached->reclaimMarkedAt = markedAt;
            cached->reclaimAt = markedAt.isValid() ? reclaimAt : QDateTime();
        } else {
            m_leaseCache.erase(cached);
        }
    }
    return written;
}

bool SqlLeaseTables::writeOffLease(const QString &licenseId, const QString &seatId, const BorrowWriteOff &writeOff)
{
    auto &q = statements().writeOffLease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    SqlRows::bindWriteOff(q, writeOff);
    m_connection.exec(q);
    const bool written = q.numRowsAffected() == 1;
    q.finish();
    const auto cached = m_leaseCache.find(leaseKey(licenseId, seatId));
    if (cached != m_leaseCache.end()) {
        if (written)
            cached->writeOff = writeOff;
        else
            m_leaseCache.erase(cached);
    }
    return written;
}

void SqlLeaseTables::renewLease(const SeatLease &lease)
{
    if (!writeRenewal(statements().renewLease, lease, std::nullopt))
        throw StoreError(u"seat %1 of %2 is not in the database"_s.arg(lease.seatId, lease.licenseId).toStdString());
}

bool SqlLeaseTables::renewLeaseIfUnchanged(const SeatLease &current, const SeatLease &renewed,
                                           const QDateTime &lastActivityAt)
{
    auto &q = statements().renewLeaseIfUnchanged;
    q.bindValue(u":generation"_s, qint64(current.generation));
    q.bindValue(u":wasIssued"_s, SqlRows::toMs(current.issuedAt));
    q.bindValue(u":wasExpiring"_s, SqlRows::toMs(current.expiresAt));
    return writeRenewal(q, renewed, lastActivityAt);
}

QString SqlLeaseTables::arrayLiteral(const QStringList &elements)
{
    QList<std::optional<QString>> all;
    all.reserve(elements.size());
    for (const QString &element : elements)
        all.append(element);
    return nullableArrayLiteral(all);
}

QString SqlLeaseTables::nullableArrayLiteral(const QList<std::optional<QString>> &elements)
{
    QString literal = u"{"_s;
    for (const std::optional<QString> &element : elements) {
        if (literal.size() > 1)
            literal += u',';
        if (!element) {
            literal += u"NULL"_s;
            continue;
        }
        QString quoted = *element;
        quoted.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
        literal += u'"' + quoted + u'"';
    }
    return literal + u'}';
}

QString SqlLeaseTables::numberArrayLiteral(const QList<std::optional<qint64>> &elements)
{
    QString literal = u"{"_s;
    for (const std::optional<qint64> &element : elements) {
        if (literal.size() > 1)
            literal += u',';
        literal += element ? QString::number(*element) : u"NULL"_s;
    }
    return literal + u'}';
}

QStringList SqlLeaseTables::lockLicenses(const QStringList &licenseIds, QHash<QString, LicenseRecord> *rows,
                                         std::optional<LockedNow> *decided)
{
    if (licenseIds.isEmpty())
        return {};
    if (m_dialect.lockLicenses.isEmpty()) {
        // One at a time, in the order given (the caller sorts them).
        for (const QString &id : licenseIds)
            lockLicense(id);
        return licenseIds;
    }
    auto &q = statements().lockLicenses;
    q.bindValue(u":ids"_s, arrayLiteral(licenseIds));
    m_connection.exec(q);
    QStringList locked;
    const int decidedColumn = decided && m_dialect.lockLicensesDecides ? q.record().count() - 2 : -1;
    while (q.next()) {
        if (decidedColumn >= 0)
            *decided = LockedNow {q.value(decidedColumn).toLongLong(), q.value(decidedColumn + 1).toLongLong()};
        LicenseRecord license = SqlRows::license(q);
        locked.append(license.id);
        if (rows)
            rows->insert(license.id, std::move(license));
    }
    q.finish();
    return locked;
}

bool SqlLeaseTables::writesManyGenerations() const
{
    return !m_dialect.writeGenerations.isEmpty();
}

void SqlLeaseTables::writeGenerations(const QHash<QString, quint64> &generations)
{
    if (generations.isEmpty())
        return;
    QStringList ids;
    QList<std::optional<qint64>> values;
    for (auto it = generations.cbegin(); it != generations.cend(); ++it) {
        ids.append(it.key());
        values.append(qint64(it.value()));
    }
    auto &q = statements().writeGenerations;
    q.bindValue(u":ids"_s, arrayLiteral(ids));
    q.bindValue(u":generations"_s, numberArrayLiteral(values));
    m_connection.exec(q);
    QSet<QString> written;
    while (q.next())
        written.insert(q.value(0).toString());
    q.finish();
    for (const QString &id : std::as_const(ids)) {
        if (!written.contains(id)) {
            m_licenseCache.remove(id);
            throw StoreError(u"license %1 is not in the database"_s.arg(id).toStdString());
        }
        if (const auto cached = m_licenseCache.find(id); cached != m_licenseCache.end())
            cached->lastGeneration = generations.value(id);
    }
}

bool SqlLeaseTables::deletesManyLeases() const
{
    return !m_dialect.deleteLeases.isEmpty();
}

void SqlLeaseTables::deleteLeases(const QList<std::pair<QString, QString>> &seats)
{
    if (seats.isEmpty())
        return;
    QStringList licenses, seatIds;
    for (const auto &[licenseId, seatId] : seats) {
        licenses.append(licenseId);
        seatIds.append(seatId);
        m_leaseCache.remove(leaseKey(licenseId, seatId));
    }
    auto &q = statements().deleteLeases;
    q.bindValue(u":licenses"_s, arrayLiteral(licenses));
    q.bindValue(u":seats"_s, arrayLiteral(seatIds));
    m_connection.exec(q);
    qsizetype deleted = 0;
    while (q.next())
        ++deleted;
    q.finish();
    if (deleted != seats.size())
        throw StoreError(
            u"%1 of %2 leases to delete were in the database"_s.arg(deleted).arg(seats.size()).toStdString());
}

bool SqlLeaseTables::readsManyLicenses() const
{
    return !m_dialect.inIds.isEmpty();
}

QHash<QString, LicenseRecord> SqlLeaseTables::licensesIn(const QStringList &licenseIds)
{
    auto &q = statements().licensesIn;
    q.bindValue(u":ids"_s, arrayLiteral(licenseIds));
    m_connection.exec(q);
    QHash<QString, LicenseRecord> result;
    while (q.next()) {
        LicenseRecord license = SqlRows::license(q);
        result.insert(license.id, std::move(license));
    }
    q.finish();
    return result;
}

QHash<QString, QList<StoredLease>> SqlLeaseTables::leasesIn(const QStringList &licenseIds)
{
    auto &q = statements().leasesIn;
    q.bindValue(u":ids"_s, arrayLiteral(licenseIds));
    QHash<QString, QList<StoredLease>> result;
    for (StoredLease &row : leaseRows(q))
        result[row.lease.licenseId].append(std::move(row));
    return result;
}

QHash<QString, QList<HolderBlock>> SqlLeaseTables::blocksIn(const QStringList &licenseIds)
{
    auto &q = statements().blocksIn;
    q.bindValue(u":ids"_s, arrayLiteral(licenseIds));
    m_connection.exec(q);
    QHash<QString, QList<HolderBlock>> result;
    while (q.next()) {
        HolderBlock block = SqlRows::block(q);
        result[block.licenseId].append(std::move(block));
    }
    q.finish();
    return result;
}

QList<std::optional<StoredLease>> SqlLeaseTables::leasesOf(const QList<std::pair<QString, QString>> &seats)
{
    QList<std::optional<StoredLease>> result;
    result.reserve(seats.size());
    if (m_dialect.leasesOf.isEmpty()) {
        for (const auto &[licenseId, seatId] : seats)
            result.append(lease(licenseId, seatId));
        return result;
    }
    QStringList licenses;
    QStringList seatIds;
    for (const auto &[licenseId, seatId] : seats) {
        licenses.append(licenseId);
        seatIds.append(seatId);
    }
    auto &q = statements().leasesOf;
    q.bindValue(u":licenses"_s, arrayLiteral(licenses));
    q.bindValue(u":seats"_s, arrayLiteral(seatIds));
    QHash<QString, StoredLease> found;
    for (StoredLease &row : leaseRows(q))
        found.insert(leaseKey(row.lease.licenseId, row.lease.seatId), std::move(row));
    for (const auto &[licenseId, seatId] : seats) {
        const auto row = found.constFind(leaseKey(licenseId, seatId));
        result.append(row == found.cend() ? std::nullopt : std::optional<StoredLease>(*row));
    }
    return result;
}

QList<bool> SqlLeaseTables::renewLeasesIfUnchanged(const QList<LeaseRenewal> &renewals)
{
    QList<bool> result;
    result.reserve(renewals.size());
    if (m_dialect.renewLeasesIfUnchanged.isEmpty()) {
        for (const LeaseRenewal &renewal : renewals)
            result.append(renewLeaseIfUnchanged(renewal.current, renewal.renewed, renewal.lastActivityAt));
        return result;
    }
    if (renewals.isEmpty())
        return result;
    QStringList licenses, seats, generations, wasIssued, wasExpiring, issued, expires, signatures;
    QList<std::optional<qint64>> activities;
    activities.reserve(renewals.size());
    for (const auto &[current, renewed, lastActivityAt] : renewals) {
        licenses.append(renewed.licenseId);
        seats.append(renewed.seatId);
        generations.append(QString::number(qint64(current.generation)));
        wasIssued.append(QString::number(SqlRows::toMs(current.issuedAt)));
        wasExpiring.append(QString::number(SqlRows::toMs(current.expiresAt)));
        issued.append(QString::number(SqlRows::toMs(renewed.issuedAt)));
        expires.append(QString::number(SqlRows::toMs(renewed.expiresAt)));
        signatures.append(QString::fromLatin1(renewed.signature.toHex()));
        activities.append(lastActivityAt.isValid() ? std::optional<qint64>(SqlRows::toMs(lastActivityAt))
                                                   : std::nullopt);
    }
    auto &q = statements().renewLeasesIfUnchanged;
    q.bindValue(u":licenses"_s, arrayLiteral(licenses));
    q.bindValue(u":seats"_s, arrayLiteral(seats));
    q.bindValue(u":generations"_s, arrayLiteral(generations));
    q.bindValue(u":wasIssued"_s, arrayLiteral(wasIssued));
    q.bindValue(u":wasExpiring"_s, arrayLiteral(wasExpiring));
    q.bindValue(u":issued"_s, arrayLiteral(issued));
    q.bindValue(u":expires"_s, arrayLiteral(expires));
    q.bindValue(u":signatures"_s, arrayLiteral(signatures));
    q.bindValue(u":activities"_s, numberArrayLiteral(activities));
    m_connection.exec(q);
    QSet<QString> written;
    while (q.next())
        written.insert(leaseKey(q.value(0).toString(), q.value(1).toString()));
    q.finish();
    for (const LeaseRenewal &renewal : renewals) {
        const QString key = leaseKey(renewal.renewed.licenseId, renewal.renewed.seatId);
        result.append(written.contains(key));
        m_leaseCache.remove(key);
    }
    return result;
}

bool SqlLeaseTables::deleteLease(const QString &licenseId, const QString &seatId)
{
    auto &q = statements().deleteLease;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":seat"_s, seatId);
    m_connection.exec(q);
    const bool deleted = q.numRowsAffected() > 0;
    q.finish();
    m_leaseCache.remove(leaseKey(licenseId, seatId));
    return deleted;
}

QList<StoredLease> SqlLeaseTables::leasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry)
{
    auto &q = statements().leasesExpiringBy;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":latest"_s, SqlRows::toMs(latestExpiry));
    return leaseRows(q);
}

QList<StoredLease> SqlLeaseTables::firstLeasesExpiringBy(const QString &licenseId, const QDateTime &latestExpiry,
                                                         int limit)
{
    auto &q = statements().firstLeasesExpiringBy;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":latest"_s, SqlRows::toMs(latestExpiry));
    q.bindValue(u":limit"_s, std::max(limit, 0));
    return leaseRows(q);
}

std::optional<HolderBlock> SqlLeaseTables::block(const QString &licenseId, const QString &holder)
{
    auto &q = statements().block;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":holder"_s, holder);
    m_connection.exec(q);
    std::optional<HolderBlock> result;
    if (q.next())
        result = SqlRows::block(q);
    q.finish();
    return result;
}

QList<HolderBlock> SqlLeaseTables::blocks(const QString &licenseId)
{
    auto &q = statements().blocks;
    q.bindValue(u":license"_s, licenseId);
    m_connection.exec(q);
    QList<HolderBlock> result;
    while (q.next())
        result.append(SqlRows::block(q));
    q.finish();
    return result;
}

void SqlLeaseTables::putBlock(const HolderBlock &block)
{
    auto &q = statements().putBlock;
    q.bindValue(u":license"_s, block.licenseId);
    q.bindValue(u":holder"_s, block.holder);
    q.bindValue(u":until"_s, SqlRows::toMs(block.until));
    q.bindValue(u":reason"_s, block.reason);
    m_connection.exec(q).finish();
}

int SqlLeaseTables::deleteBlocksEndedBy(const QDateTime &now)
{
    auto &q = statements().deleteBlocks;
    q.bindValue(u":now"_s, SqlRows::toMs(now));
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

} // namespace keyright::server
