#include "store/PgLeaseStore.h"

#include "store/SqlSchema.h"

#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcPgStore, "keyright.server.store")

const QString clockQuery = u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s;

} // namespace

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
    d.beginMigration = u"BEGIN"_s;
    // Transaction-scoped: released by the COMMIT or ROLLBACK that ends the step.
    d.migrationLock = {u"SELECT pg_advisory_xact_lock(%1)"_s.arg(migrationLockKey)};
    d.begin = u"BEGIN"_s;
    d.prepareTransactionControl = false;
    d.lockLicense = u"SELECT id FROM licenses WHERE id = :id FOR UPDATE"_s;
    d.greatest = u"GREATEST"_s;
    d.position = u"strpos"_s;
    d.skipLocked = u" FOR UPDATE SKIP LOCKED"_s;
    // A turn's renewals: one statement for all of them instead of one each (every statement is a
    // round trip, and the server waits for it). The licenses are locked in the order of their ids
    // as bytes (COLLATE "C"), the same on every instance: LockRows takes the rows as the sort
    // hands them over.
    d.lockLicenses = u"SELECT id FROM licenses WHERE id = ANY(CAST(:ids AS TEXT[])) ORDER BY id COLLATE \"C\" "
                     "FOR UPDATE"_s;
    d.leasesOf = u"SELECT %1 FROM leases WHERE (license_id, seat_id) IN "
                 "(SELECT * FROM unnest(CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[])))"_s;
    d.renewLeasesIfUnchanged
        = u"UPDATE leases AS l SET issued_at = r.issued, expires_at = r.expires, signature = decode(r.signature, "
          u"'hex') "
          "FROM unnest(CAST(:licenses AS TEXT[]), CAST(:seats AS TEXT[]), CAST(:generations AS BIGINT[]), "
          "CAST(:wasIssued AS BIGINT[]), CAST(:wasExpiring AS BIGINT[]), CAST(:issued AS BIGINT[]), "
          "CAST(:expires AS BIGINT[]), CAST(:signatures AS TEXT[])) "
          "AS r(license, seat, generation, was_issued, was_expiring, issued, expires, signature) "
          "WHERE l.license_id = r.license AND l.seat_id = r.seat AND l.generation = r.generation "
          "AND l.issued_at = r.was_issued AND l.expires_at = r.was_expiring RETURNING l.license_id, l.seat_id"_s;
    return d;
}

PgLeaseStore::PgLeaseStore(PgConnectionInfo info, std::optional<SecretBuffer> password, const Clock &local)
    : SqlLeaseStore(u"QPSQL"_s, info.description(), dialect(), false)
    , m_info(std::move(info))
    , m_password(std::move(password))
    , m_local(local)
    , m_clock(local, [this] { return readClock(); })
{ }

PgLeaseStore::~PgLeaseStore()
{
    close();
}

bool PgLeaseStore::connectAndSetUp(QString *error)
{
    const auto configure = [this](QSqlDatabase &db) {
        db.setHostName(m_info.host);
        db.setPort(m_info.port);
        db.setDatabaseName(m_info.databaseName);
        if (!m_info.user.isEmpty())
            db.setUserName(m_info.user);
        // Qt SQL takes the password only as a QString: that copy lives as long as the
        // connection's settings, the file's bytes are wiped with the SecretBuffer.
        if (m_password)
            db.setPassword(QString::fromUtf8(m_password->view()));
        db.setConnectOptions(m_info.connectOptions);
    };
    if (!connection().open(configure, error))
        return false;
    // CREATE TABLE IF NOT EXISTS on every start would print a NOTICE to stderr each time.
    QSqlQuery(connection().database()).exec(u"SET client_min_messages TO warning"_s);
    return setUp(error);
}

bool PgLeaseStore::open(QString *error)
{
    if (isOpen())
        return true;
    if (connectAndSetUp(error))
        return true;
    SqlLeaseStore::close();
    return false;
}

void PgLeaseStore::close()
{
    SqlLeaseStore::close();
}

void PgLeaseStore::beforeTransaction()
{
    if (isOpen() && !connection().isBroken())
        return;
    const auto now = m_local.monotonic();
    if (m_lastReconnect && now - *m_lastReconnect < reconnectPause)
        throw StoreError(StoreError::Kind::Unavailable, m_lastReconnectError);
    m_lastReconnect = now;
    SqlLeaseStore::close();
    m_recentLicenses.clear();
    QString why;
    if (connectAndSetUp(&why)) {
        qCInfo(lcPgStore, "reconnected to %ls", qUtf16Printable(description()));
        m_lastReconnect.reset();
        return;
    }
    SqlLeaseStore::close();
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

void PgLeaseStore::transactionBegan()
{
    // A transaction may change licenses; reads after it must see what it wrote.
    m_recentLicenses.clear();
    QSqlQuery query(connection().database());
    if (!query.exec(clockQuery) || !query.next())
        throw connection().errorFor(query.lastError(), u"cannot read the database clock"_s);
    m_clock.observe(query.value(0).toLongLong());
}

void PgLeaseStore::licenseLocked()
{
    // The lock may have been waited for: every decision about the license is made on a reading
    // taken after it was granted, so it sees time as late as every change made before it.
    transactionBegan();
}

std::optional<qint64> PgLeaseStore::readClock()
{
    // Inside a transaction the reading taken at its start is fresh enough, and a failed query
    // would abort the transaction.
    if (!isOpen() || connection().isBroken() || inTransaction())
        return std::nullopt;
    QSqlQuery query(connection().database());
    if (!query.exec(clockQuery) || !query.next()) {
        connection().errorFor(query.lastError()); // notes a lost connection
        return std::nullopt;
    }
    return query.value(0).toLongLong();
}

qint64 PgLeaseStore::backendPid()
{
    QSqlQuery query(connection().database());
    if (!query.exec(u"SELECT pg_backend_pid()"_s) || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

bool PgLeaseStore::adoptSigningKey(const QByteArray &publicKey, QString *error)
{
    QByteArray recorded;
    try {
        withStore([&] {
            QSqlQuery insert(connection().database());
            insert.prepare(u"INSERT INTO server_keys (purpose, public_key, recorded_ms) VALUES ('lease-signing', "
                           ":key, :now) ON CONFLICT (purpose) DO NOTHING"_s);
            insert.bindValue(u":key"_s, publicKey);
            insert.bindValue(u":now"_s, m_clock.now().toMSecsSinceEpoch());
            connection().exec(insert);
            QSqlQuery select(connection().database());
            select.prepare(u"SELECT public_key FROM server_keys WHERE purpose = 'lease-signing'"_s);
            connection().exec(select);
            if (select.next())
                recorded = select.value(0).toByteArray();
        });
    } catch (const StoreError &failure) {
        *error = u"cannot record the signing key: %1"_s.arg(QString::fromUtf8(failure.what()));
        return false;
    }
    if (recorded == publicKey)
        return true;
    *error = u"this instance's signing key (%1) differs from the one recorded in %2 (%3): every instance must sign "
             "with the same key. Copy signing.key from the first instance's data directory into this one's (mode "
             "0600), or see docs/DEPLOYMENT.md"_s.arg(QString::fromLatin1(publicKey.toBase64()), description(),
                                                      QString::fromLatin1(recorded.toBase64()));
    return false;
}

} // namespace keyright::server
