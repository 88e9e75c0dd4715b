#pragma once

#include "SecretBuffer.h"

#include <QString>

#include <optional>

struct sqlite3;

namespace keyright::server {

// What a backup file holds, read without changing it.
struct StoreBackupInfo
{
    int schemaVersion = 0;
    bool hasSigningKey = false;
    bool hasAlertsKey = false;
};

// The secrets a backup made with --include-key carries, each a row of its table
// `keyright_backup_key`: signing.key's Ed25519 seed, and alerts.key (which seals the alert
// endpoints' webhook secrets in the store) when the server has one. Null: left out.
struct BackupKeys
{
    const SecretBuffer *signing = nullptr;
    const SecretBuffer *alerts = nullptr;
};

// Backups of a SQLite store and their restore (docs/DEPLOYMENT.md, "Backup and restore"), all with
// SQLite's online backup API (sqlite3_backup_*), never a copy of the file's bytes: the copy is
// consistent whatever the store's WAL holds. A copy is written to a temporary file beside its
// target (0600 from its creation), synced and renamed over the target, so a failure leaves no
// half-written file. The keys go into a copy only when given (BackupKeys), in the table
// `keyright_backup_key`, which a restore takes out again.
class SqliteBackup
{
public:
    // Copies the database open on `source` (the running server's own connection, between two
    // transactions) into `target`, with `keys`.
    static bool copyConnection(sqlite3 *source, const QString &target, const BackupKeys &keys, QString *error);

    enum class StoreState { Free, Held, Missing, Unreadable };
    // Whether a running server holds the store file (its exclusive lock), without changing it.
    static StoreState storeState(const QString &storePath, QString *error = nullptr);

    // Copies a store file that no server holds (refused with StoreState::Held in *state when one
    // does) into `target`.
    static bool copyStoreFile(const QString &storePath, const QString &target, const BackupKeys &keys,
                              StoreState *state, QString *error);

    // Reads a backup file: a SQLite database, whole (its header's size against the file's,
    // SQLite's quick_check), with a Keyright schema no newer than `newestVersion`. nullopt with a
    // sentence naming the file and the problem otherwise.
    static std::optional<StoreBackupInfo> inspect(const QString &file, int newestVersion, QString *error);
    // The signing key a backup holds (nullopt with the reason when it holds none, or a broken one).
    static std::optional<SecretBuffer> signingSeed(const QString &file, QString *error);
    // The same for alerts.key (a backup made before alerts, or by a server without alerts.key,
    // holds none).
    static std::optional<SecretBuffer> alertsKey(const QString &file, QString *error);

    // Puts the store of `backupFile` (inspected first) in place of `storePath`, without the
    // signing key's table; any WAL or journal left beside the old store is removed first.
    static bool restoreStore(const QString &backupFile, const QString &storePath, QString *error);
};

} // namespace keyright::server
