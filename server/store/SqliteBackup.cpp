#include "store/SqliteBackup.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>
#include <QUrl>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sqlite3.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

constexpr char keyTable[] = "keyright_backup_key";
constexpr qsizetype seedBytes = 32; // an Ed25519 seed, as signing.key holds it

// A connection closed when it goes out of scope.
struct Connection
{
    sqlite3 *handle = nullptr;
    Connection() = default;
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;
    ~Connection()
    {
        if (handle)
            sqlite3_close_v2(handle);
    }
    QString message() const { return handle ? QString::fromUtf8(sqlite3_errmsg(handle)) : u"out of memory"_s; }
};

// A statement finalized when it goes out of scope.
struct Statement
{
    sqlite3_stmt *handle = nullptr;
    Statement() = default;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;
    ~Statement() { sqlite3_finalize(handle); }
};

bool execute(Connection &db, const char *sql, QString *error)
{
    char *message = nullptr;
    if (sqlite3_exec(db.handle, sql, nullptr, nullptr, &message) == SQLITE_OK)
        return true;
    if (error)
        *error = QString::fromUtf8(message ? message : sqlite3_errmsg(db.handle));
    sqlite3_free(message);
    return false;
}

// Opens a file for reading only, as it is: "immutable" keeps SQLite from looking for (or making)
// a WAL or a shared-memory file beside it, so reading a backup changes nothing.
bool openUnchanged(const QString &file, Connection *db, QString *error)
{
    const QByteArray uri = QUrl::fromLocalFile(QFileInfo(file).absoluteFilePath()).toEncoded() + "?mode=ro&immutable=1";
    if (sqlite3_open_v2(uri.constData(), &db->handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) == SQLITE_OK)
        return true;
    if (error)
        *error = u"cannot open %1: %2"_s.arg(file, db->message());
    return false;
}

// A store file opened to read and write, never created, holding its lock exclusively from the
// first read as the server does (so no shared-memory file is made for its WAL).
bool openStore(const QString &path, Connection *db, QString *error)
{
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db->handle, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK
        || !execute(*db, "PRAGMA locking_mode=EXCLUSIVE", error)) {
        if (error && error->isEmpty())
            *error = db->message();
        return false;
    }
    return true;
}

QString systemError()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

// A temporary file beside `target`, 0600 (QTemporaryFile's mode), removed unless committed.
std::unique_ptr<QTemporaryFile> temporaryBeside(const QString &target, QString *error)
{
    const QFileInfo info(target);
    auto file = std::make_unique<QTemporaryFile>(info.absolutePath() + u"/."_s + info.fileName() + u".XXXXXX"_s);
    if (!file->open()) {
        if (error)
            *error = u"cannot create a temporary file in %1: %2"_s.arg(info.absolutePath(), file->errorString());
        return nullptr;
    }
    file->close();
    return file;
}

// Flushes `temporary` to the disk and renames it to `target` in one step.
bool commitFile(QTemporaryFile &temporary, const QString &target, QString *error)
{
    const QByteArray name = QFile::encodeName(temporary.fileName());
    const int fd = ::open(name.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(temporary.fileName(), systemError());
        if (fd >= 0)
            ::close(fd);
        return false;
    }
    ::close(fd);
    if (std::rename(name.constData(), QFile::encodeName(target).constData()) != 0) {
        if (error)
            *error = u"cannot put %1 in place: %2"_s.arg(target, systemError());
        return false;
    }
    temporary.setAutoRemove(false);
    return true;
}

// Copies `source` into the empty database file `path` with the online backup API, leaves it in
// rollback-journal mode (one self-contained file), and adds the signing key when given.
bool backupInto(sqlite3 *source, const QString &path, const BackupKeys &keys, QString *error)
{
    Connection dest;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &dest.handle, SQLITE_OPEN_READWRITE, nullptr)
        != SQLITE_OK) {
        *error = u"cannot open %1: %2"_s.arg(path, dest.message());
        return false;
    }
    sqlite3_backup *backup = sqlite3_backup_init(dest.handle, "main", source, "main");
    if (!backup) {
        *error = u"cannot start the backup: %1"_s.arg(dest.message());
        return false;
    }
    // All pages in one step: the source is read in one read transaction, so the copy is the
    // store as of one moment.
    const int stepped = sqlite3_backup_step(backup, -1);
    const int finished = sqlite3_backup_finish(backup);
    if (stepped != SQLITE_DONE || finished != SQLITE_OK) {
        const int code = stepped != SQLITE_DONE ? stepped : finished;
        *error = code == SQLITE_BUSY || code == SQLITE_LOCKED
            ? u"the store is in use (%1)"_s.arg(QString::fromUtf8(sqlite3_errstr(code)))
            : u"the backup failed: %1"_s.arg(QString::fromUtf8(sqlite3_errstr(code)));
        return false;
    }
    if (!execute(dest, "PRAGMA journal_mode=DELETE", error))
        return false;
    if (!keys.signing && !keys.alerts)
        return true;
    const QByteArray create = "CREATE TABLE "_ba + keyTable + " (purpose TEXT PRIMARY KEY, seed BLOB NOT NULL)";
    if (!execute(dest, create.constData(), error))
        return false;
    const std::pair<const char *, const SecretBuffer *> rows[] {{"signing", keys.signing}, {"alerts", keys.alerts}};
    for (const auto &[purpose, key] : rows) {
        if (!key)
            continue;
        Statement insert;
        const QByteArray sql = "INSERT INTO "_ba + keyTable + " (purpose, seed) VALUES (?, ?)";
        if (sqlite3_prepare_v2(dest.handle, sql.constData(), -1, &insert.handle, nullptr) != SQLITE_OK
            || sqlite3_bind_text(insert.handle, 1, purpose, -1, SQLITE_STATIC) != SQLITE_OK
            || sqlite3_bind_blob(insert.handle, 2, key->data(), int(key->size()), SQLITE_TRANSIENT) != SQLITE_OK
            || sqlite3_step(insert.handle) != SQLITE_DONE) {
            *error = u"cannot add the %1 key to the backup: %2"_s.arg(QLatin1StringView(purpose), dest.message());
            return false;
        }
    }
    return true;
}

quint32 bigEndian(const QByteArray &bytes, int at, int size)
{
    quint32 value = 0;
    for (int i = 0; i < size; ++i)
        value = (value << 8) | quint8(bytes.at(at + i));
    return value;
}

} // namespace

bool SqliteBackup::copyConnection(sqlite3 *source, const QString &target, const BackupKeys &keys, QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    if (!source) {
        error = u"the store is not open"_s;
        return false;
    }
    if (!sqlite3_get_autocommit(source)) {
        error = u"a transaction is open on the store"_s;
        return false;
    }
    const auto temporary = temporaryBeside(target, &error);
    if (!temporary || !backupInto(source, temporary->fileName(), keys, &error))
        return false;
    return commitFile(*temporary, target, &error);
}

SqliteBackup::StoreState SqliteBackup::storeState(const QString &storePath, QString *error)
{
    if (!QFileInfo::exists(storePath))
        return StoreState::Missing;
    Connection db;
    QString why;
    if (!openStore(storePath, &db, &why)) {
        if (error)
            *error = why;
        return StoreState::Unreadable;
    }
    const int rc = sqlite3_exec(db.handle, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
        return StoreState::Held;
    if (rc != SQLITE_OK) {
        if (error)
            *error = db.message();
        return StoreState::Unreadable;
    }
    return StoreState::Free;
}

bool SqliteBackup::copyStoreFile(const QString &storePath, const QString &target, const BackupKeys &keys,
                                 StoreState *state, QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    *state = StoreState::Missing;
    if (!QFileInfo::exists(storePath)) {
        error = u"there is no store at %1"_s.arg(storePath);
        return false;
    }
    Connection db;
    QString why;
    if (!openStore(storePath, &db, &why)) {
        *state = StoreState::Unreadable;
        error = u"cannot open the store %1: %2"_s.arg(storePath, why);
        return false;
    }
    // Takes the store's lock, kept until the copy is made: a server starting meanwhile waits.
    const int rc = sqlite3_exec(db.handle, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, nullptr);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
        *state = StoreState::Held;
        error = u"the store %1 is held by a running keyright-server"_s.arg(storePath);
        return false;
    }
    if (rc != SQLITE_OK) {
        *state = StoreState::Unreadable;
        error = u"cannot read the store %1: %2"_s.arg(storePath, db.message());
        return false;
    }
    *state = StoreState::Free;
    if (!copyConnection(db.handle, target, keys, &why)) {
        error = u"cannot back up %1 to %2: %3"_s.arg(storePath, target, why);
        return false;
    }
    return true;
}

std::optional<StoreBackupInfo> SqliteBackup::inspect(const QString &file, int newestVersion, QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    QFile bytes(file);
    if (!bytes.open(QIODevice::ReadOnly)) {
        error = u"cannot read %1: %2"_s.arg(file, bytes.errorString());
        return std::nullopt;
    }
    const qint64 size = bytes.size();
    const QByteArray header = bytes.read(100);
    bytes.close();
    if (size == 0) {
        error = u"%1 is empty, not a backup"_s.arg(file);
        return std::nullopt;
    }
    if (header.size() < 100 || !header.startsWith(QByteArrayView("SQLite format 3\0", 16))) {
        error = u"%1 is not a SQLite database (it does not start with SQLite's header), so not a backup made by "
                "keyright-server backup"_s.arg(file);
        return std::nullopt;
    }
    // The header's page size and page count (valid while its two change counters agree) say how
    // long the file must be: a shorter one was cut off.
    qint64 pageSize = bigEndian(header, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    const qint64 pages = bigEndian(header, 28, 4);
    if (pages > 0 && bigEndian(header, 24, 4) == bigEndian(header, 92, 4) && size < pageSize * pages) {
        error
            = u"%1 is truncated: its header says %2 bytes, the file has %3"_s.arg(file).arg(pageSize * pages).arg(size);
        return std::nullopt;
    }
    Connection db;
    if (!openUnchanged(file, &db, &error))
        return std::nullopt;
    {
        Statement check;
        if (sqlite3_prepare_v2(db.handle, "PRAGMA quick_check", -1, &check.handle, nullptr) != SQLITE_OK
            || sqlite3_step(check.handle) != SQLITE_ROW) {
            error = u"%1 cannot be read as a SQLite database: %2"_s.arg(file, db.message());
            return std::nullopt;
        }
        const QString verdict = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(check.handle, 0)));
        if (verdict != u"ok") {
            error = u"%1 is damaged (SQLite's check: %2)"_s.arg(file, verdict.left(200));
            return std::nullopt;
        }
    }
    StoreBackupInfo info;
    {
        Statement version;
        if (sqlite3_prepare_v2(db.handle, "SELECT version FROM schema_version", -1, &version.handle, nullptr)
            != SQLITE_OK) {
            error = u"%1 is a SQLite database but not a Keyright store: it has no schema_version table"_s.arg(file);
            return std::nullopt;
        }
        if (sqlite3_step(version.handle) != SQLITE_ROW) {
            error = u"%1 is not a usable Keyright store: its schema_version table is empty"_s.arg(file);
            return std::nullopt;
        }
        info.schemaVersion = sqlite3_column_int(version.handle, 0);
    }
    if (info.schemaVersion < 1) {
        error = u"%1 is not a usable Keyright store: its schema version is %2"_s.arg(file).arg(info.schemaVersion);
        return std::nullopt;
    }
    if (info.schemaVersion > newestVersion) {
        error = u"%1 holds a store of schema version %2, newer than this keyright-server understands (%3): restore "
                "it with the version of keyright-server that made it, or a newer one"_s.arg(file)
                    .arg(info.schemaVersion)
                    .arg(newestVersion);
        return std::nullopt;
    }
    Statement table;
    const QByteArray sql = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '"_ba + keyTable + "'";
    if (sqlite3_prepare_v2(db.handle, sql.constData(), -1, &table.handle, nullptr) != SQLITE_OK
        || sqlite3_step(table.handle) != SQLITE_ROW) {
        error = u"cannot read %1: %2"_s.arg(file, db.message());
        return std::nullopt;
    }
    if (sqlite3_column_int(table.handle, 0) == 0)
        return info;
    Statement keys;
    const QByteArray which = "SELECT purpose FROM "_ba + keyTable;
    if (sqlite3_prepare_v2(db.handle, which.constData(), -1, &keys.handle, nullptr) != SQLITE_OK) {
        error = u"cannot read %1: %2"_s.arg(file, db.message());
        return std::nullopt;
    }
    while (sqlite3_step(keys.handle) == SQLITE_ROW) {
        const QByteArrayView purpose(reinterpret_cast<const char *>(sqlite3_column_text(keys.handle, 0)));
        info.hasSigningKey = info.hasSigningKey || purpose == "signing";
        info.hasAlertsKey = info.hasAlertsKey || purpose == "alerts";
    }
    return info;
}

namespace {

std::optional<SecretBuffer> storedKey(const QString &file, const char *purpose, const QString &name, QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    Connection db;
    if (!openUnchanged(file, &db, &error))
        return std::nullopt;
    Statement read;
    const QByteArray sql = "SELECT seed FROM "_ba + keyTable + " WHERE purpose = ?";
    if (sqlite3_prepare_v2(db.handle, sql.constData(), -1, &read.handle, nullptr) != SQLITE_OK
        || sqlite3_bind_text(read.handle, 1, purpose, -1, SQLITE_STATIC) != SQLITE_OK
        || sqlite3_step(read.handle) != SQLITE_ROW) {
        error = u"%1 holds no %2 (it was made without --include-key, or with no %2 to include)"_s.arg(file, name);
        return std::nullopt;
    }
    const int size = sqlite3_column_bytes(read.handle, 0);
    if (size != seedBytes) {
        error = u"the %1 in %2 holds %3 bytes instead of %4; the backup is damaged"_s.arg(name, file)
                    .arg(size)
                    .arg(seedBytes);
        return std::nullopt;
    }
    return SecretBuffer::copyOf(
        QByteArrayView(static_cast<const char *>(sqlite3_column_blob(read.handle, 0)), qsizetype(size)));
}

} // namespace

std::optional<SecretBuffer> SqliteBackup::signingSeed(const QString &file, QString *error)
{
    return storedKey(file, "signing", u"signing key"_s, error);
}

std::optional<SecretBuffer> SqliteBackup::alertsKey(const QString &file, QString *error)
{
    // alerts.key is 32 random bytes, the size of a signing seed.
    return storedKey(file, "alerts", u"alerts key"_s, error);
}

bool SqliteBackup::restoreStore(const QString &backupFile, const QString &storePath, QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    Connection source;
    if (!openUnchanged(backupFile, &source, &error))
        return false;
    const auto temporary = temporaryBeside(storePath, &error);
    if (!temporary)
        return false;
    QString why;
    if (!backupInto(source.handle, temporary->fileName(), {}, &why)) {
        error = u"cannot copy %1: %2"_s.arg(backupFile, why);
        return false;
    }
    {
        // The key never stays in a store: its table is dropped with its pages zeroed.
        Connection copy;
        if (sqlite3_open_v2(QFile::encodeName(temporary->fileName()).constData(), &copy.handle, SQLITE_OPEN_READWRITE,
                            nullptr)
                != SQLITE_OK
            || !execute(copy, "PRAGMA secure_delete=ON", &why)
            || !execute(copy, ("DROP TABLE IF EXISTS "_ba + keyTable).constData(), &why)) {
            error = u"cannot prepare the restored store: %1"_s.arg(why.isEmpty() ? copy.message() : why);
            return false;
        }
    }
    // A WAL or journal of the old store would be replayed into the new one.
    for (const QString &suffix : {u"-wal"_s, u"-shm"_s, u"-journal"_s}) {
        const QString stale = storePath + suffix;
        if (QFileInfo::exists(stale) && !QFile::remove(stale)) {
            error = u"cannot remove %1, left by the store being replaced"_s.arg(stale);
            return false;
        }
    }
    return commitFile(*temporary, storePath, &error);
}

} // namespace keyright::server
