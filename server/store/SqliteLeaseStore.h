#pragma once

#include "SecretBuffer.h"
#include "store/SqlLeaseStore.h"
#include "store/SqliteBackup.h"

#include <QString>

namespace keyright::server {

// LeaseStore on one SQLite file through Qt SQL, in WAL mode, with versioned schema migrations and
// every statement prepared once when the store opens. One connection, used from the thread that
// opened it; the server is single-threaded on its event loop, so per-license serialization holds
// by construction and a transaction never waits for another.
//
// This server is the only writer of the file (locking_mode=EXCLUSIVE), so license records, lease
// rows and tokens are cached in memory (SqlLeaseTables, SqlTokens).
class SqliteLeaseStore final : public SqlLeaseStore
{
public:
    explicit SqliteLeaseStore(QString path);
    ~SqliteLeaseStore() override;

    // The schema, its migrations and the SQL that only SQLite speaks.
    static SqlDialect dialect();

    // Opens (creating if needed) and migrates the database. False with a reason on failure.
    // The file and its WAL are the owner's alone (0600): made so, or tightened when an existing
    // store is looser (refused, with the chmod to run, when that fails).
    bool open(QString *error = nullptr);
    QString path() const { return m_path; }

    // Writes a consistent copy of the open store to `target` (SqliteBackup: the online backup API
    // on this store's own connection, 0600, atomically), with the signing key's seed when given.
    // Call it between transactions, on the thread that opened the store. False with a reason.
    bool backupTo(const QString &target, const BackupKeys &keys, QString *error);

    // Several LeaseServers in one process serve this store (LeaseServer's shared-store
    // constructor): each request then commits on its own, as on a database several instances share.
    void setShared(bool shared) { m_shared = shared; }
    bool batchesTurns() const override { return !m_shared; }

private:
    static bool secureFiles(const QString &path, QString *error);

    QString m_path;
    bool m_shared = false;
};

} // namespace keyright::server
