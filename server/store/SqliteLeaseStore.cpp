#include "store/SqliteLeaseStore.h"

#include "store/SqlAlertOutbox.h"
#include "store/SqlAlerts.h"
#include "store/SqlClockReference.h"
#include "store/SqlSchema.h"
#include "store/SqlUsageHistory.h"
#include "store/SqliteBackup.h"

#include <QFile>
#include <QLoggingCategory>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcSqliteStore, "keyright.server.store")

QString modeText(mode_t mode)
{
    return u"0%1"_s.arg(int(mode & 07777), 3, 8, QChar(u'0'));
}

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

bool SqliteLeaseStore::secureFiles(const QString &path, QString *error)
{
    // The database holds license key and token hashes and every holder's name: its owner alone
    // may read it, as the secret files beside it. SQLite creates its WAL and journal with the mode
    // of the database file, so a database made 0600 from the first instant keeps them 0600 too.
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, S_IRUSR | S_IWUSR);
    if (fd >= 0) {
        ::close(fd); // an empty file is an empty SQLite database
    } else if (errno != EEXIST) {
        if (error)
            *error = u"cannot create the database %1: %2"_s.arg(path, systemError(errno));
        return false;
    }
    // A store made by an earlier version (0644), or files a person loosened: tightened, or
    // refused when that is not possible.
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s, u"-journal"_s}) {
        const QString file = path + suffix;
        struct stat status
        { };
        if (::stat(QFile::encodeName(file).constData(), &status) != 0 || !S_ISREG(status.st_mode))
            continue;
        if ((status.st_mode & (S_IRWXG | S_IRWXO)) == 0)
            continue;
        if (::chmod(QFile::encodeName(file).constData(), S_IRUSR | S_IWUSR) != 0) {
            if (error)
                *error = u"%1 can be read by other users (mode %2) and could not be made private: %3. It holds key "
                         "and token hashes and holder names: run chmod 600 %1 as its owner"_s.arg(
                             file, modeText(status.st_mode), systemError(errno));
            return false;
        }
        qCWarning(lcSqliteStore, "%ls could be read by other users (mode %ls); made it 0600", qUtf16Printable(file),
                  qUtf16Printable(modeText(status.st_mode)));
    }
    return true;
}

SqlDialect SqliteLeaseStore::dialect()
{
    SqlDialect d;
    d.engine = u"SQLite"_s;
    d.migrations = SqlSchema::render(SqlSchema::ColumnTypes {
        .integer = u"INTEGER"_s,
        .blob = u"BLOB"_s,
        .serialKey = u"INTEGER PRIMARY KEY AUTOINCREMENT"_s,
        .withoutRowid = u" WITHOUT ROWID"_s,
        // Rows left from before the index (a seat that expired and was taken again under the
        // same id) keep the id only on the newest.
        .beforeRequestIndex
        = u"UPDATE leases SET request_id = '' WHERE request_id <> '' AND rowid NOT IN "
          "(SELECT MAX(rowid) FROM leases WHERE request_id <> '' GROUP BY license_id, holder, request_id)"_s,
    });
    // Appended after the shared steps (and after PostgreSQL's own, there), so that a step a store
    // already took keeps its number: the clock as last recorded, which a restart goes on from.
    d.migrations.append(QStringList {SqlClockReference::createTable(u"INTEGER"_s)});
    // Usage history (issue 25).
    d.migrations.append(SqlUsageHistory::createTables(u"INTEGER"_s));
    // Each seat's last activity as its renewals tell it (issue 26); NULL: unknown.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN last_activity_ms INTEGER"_s});
    // Idle reclaim's mark on a seat (issue 26); NULL: not marked.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN reclaim_marked_ms INTEGER"_s,
                                     u"ALTER TABLE leases ADD COLUMN reclaim_at_ms INTEGER"_s});
    // A license's validity and maintenance dates (issue 29); NULL: no bound.
    d.migrations.append(QStringList {u"ALTER TABLE licenses ADD COLUMN valid_from_ms INTEGER"_s,
                                     u"ALTER TABLE licenses ADD COLUMN valid_until_ms INTEGER"_s,
                                     u"ALTER TABLE licenses ADD COLUMN maintenance_until_ms INTEGER"_s});
    // Alert rules, each alert's state, and the evaluation row (issue 29).
    d.migrations.append(SqlAlerts::createTables(u"INTEGER"_s));
    // Alert endpoints and the delivery outbox (issue 29).
    d.migrations.append(SqlAlertOutbox::createTables(u"INTEGER"_s, u"BLOB"_s));
    // Borrowing (issue 27): a license's policy as JSON (NULL: no borrowing) and which seats are
    // borrowed.
    d.migrations.append(QStringList {u"ALTER TABLE licenses ADD COLUMN borrow_policy TEXT"_s,
                                     u"ALTER TABLE leases ADD COLUMN borrowed INTEGER NOT NULL DEFAULT 0"_s});
    // Each firing alert's id and its acknowledgement (issue 29).
    d.migrations.append(SqlAlerts::addAcknowledgements(u"INTEGER"_s));
    // A borrowed seat written off (issue 27): when, by whom, why; NULL: not written off.
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN written_off_ms INTEGER"_s,
                                     u"ALTER TABLE leases ADD COLUMN written_off_by TEXT"_s,
                                     u"ALTER TABLE leases ADD COLUMN write_off_note TEXT"_s});
    // The hash of a borrowed seat's return secret (issue 27); NULL: not borrowed, or borrowed
    // before this step (returned with the license key alone).
    d.migrations.append(QStringList {u"ALTER TABLE leases ADD COLUMN return_secret_hash BLOB"_s});
    // The borrowed seats in the usage history (issue 27).
    d.migrations.append(SqlUsageHistory::addBorrowed(u"INTEGER"_s));
    // Each instance's last sign of life, for instance_silent alerts (issue 29).
    d.migrations.append(SqlAlerts::createInstances(u"INTEGER"_s));
    // IMMEDIATE: the write lock is taken at BEGIN, so a transaction never fails half-way for
    // want of it.
    d.beginMigration = u"BEGIN IMMEDIATE"_s;
    d.begin = u"BEGIN IMMEDIATE"_s;
    d.greatest = u"MAX"_s;
    d.position = u"instr"_s;
    return d;
}

SqliteLeaseStore::SqliteLeaseStore(QString path)
    : SqlLeaseStore(u"QSQLITE"_s, u"the database %1"_s.arg(path), dialect(), true)
    , m_path(std::move(path))
{ }

SqliteLeaseStore::~SqliteLeaseStore()
{
    close();
}

bool SqliteLeaseStore::open(QString *error)
{
    if (isOpen())
        return true;
    if (!secureFiles(m_path, error))
        return false;
    if (!connection().open([this](QSqlDatabase &db) { db.setDatabaseName(m_path); }, error))
        return false;
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
        QSqlQuery query(connection().database());
        if (!query.exec(pragma)) {
            if (error)
                *error = u"cannot set up the database %1 (%2): %3"_s.arg(m_path, pragma, query.lastError().text());
            close();
            return false;
        }
    }
    if (!setUp(error)) {
        close();
        return false;
    }
    return true;
}

bool SqliteLeaseStore::backupTo(const QString &target, const BackupKeys &keys, QString *error)
{
    if (!isOpen()) {
        if (error)
            *error = u"the store %1 is not open"_s.arg(m_path);
        return false;
    }
    // Qt's SQLite driver hands out its sqlite3 handle; Debian builds it on the system's
    // libsqlite3, the library this file links.
    const QVariant handle = connection().database().driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0) {
        if (error)
            *error = u"Qt's SQLite driver gave no SQLite handle for %1"_s.arg(m_path);
        return false;
    }
    return SqliteBackup::copyConnection(*static_cast<sqlite3 *const *>(handle.constData()), target, keys, error);
}

} // namespace keyright::server
