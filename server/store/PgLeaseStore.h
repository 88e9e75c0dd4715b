#pragma once

#include "SecretBuffer.h"
#include "store/DatabaseClock.h"
#include "store/PgConnectionInfo.h"
#include "store/SqlLeaseStore.h"

#include <QByteArray>
#include <QDateTime>

#include <chrono>
#include <memory>
#include <optional>
#include <utility>

namespace keyright::server {

// LeaseStore on a PostgreSQL database shared by any number of servers (QPSQL driver).
//
// - withLicense() begins with SELECT ... FOR UPDATE on the license's row: the checkouts of one
//   license serialize across every server, and other licenses never wait (row locks, held only
//   until the transaction ends; no session-level lock that would break behind a pooler).
// - Nothing is cached across transactions: another server may have changed any row since the
//   last read (a turn's transaction reads holder groups once for all its units, and what its
//   lease calls read of the licenses it holds once for all of them: TurnReads).
// - The schema is migrated inside pg_advisory_xact_lock(migrationLockKey), so servers starting
//   at once migrate once.
// - A lost connection makes the unit fail with StoreError::Kind::Unavailable, naming the database;
//   the next unit reconnects (one attempt, then none for reconnectPause, so a dead database costs
//   each request one short connect timeout at most). Serialization failures and deadlocks are
//   retried by SqlTransactions, never a failed commit.
// - clock() is one "now" for every instance (DatabaseClock), for every liveness decision: computed
//   by the database from the clock_reference row, and for a license never earlier than the last
//   "now" it was decided with (licenses.decided_ms).
class PgLeaseStore final : public SqlLeaseStore
{
public:
    static constexpr qint64 migrationLockKey = 0x4b65797269676874; // "Keyright"
    static constexpr std::chrono::milliseconds reconnectPause {1000};
    // How long a license record read outside a transaction answers further such reads.
    static constexpr std::chrono::milliseconds licenseReuse {2};

    // `password` empty: libpq's PGPASSFILE / ~/.pgpass (or none). `local` answers monotonic time.
    PgLeaseStore(PgConnectionInfo info, std::optional<SecretBuffer> password, const Clock &local);
    ~PgLeaseStore() override;

    static SqlDialect dialect();

    bool open(QString *error = nullptr);
    void close() override;
    // Whole turns are not batched in arrival order, only their lease routes and renewals, every
    // license of them locked first in ascending order: see LeaseStore::batchesTurns().
    bool batchesTurns() const override { return false; }
    const PgConnectionInfo &connectionInfo() const { return m_info; }
    DatabaseClock &clock() { return m_clock; }

    // DatabaseClock's readings. readClock(): "now" outside a transaction (nullopt inside one, or
    // when the database cannot be read). advanceClock(): advances the reference in a transaction
    // of its own (clockreference::advance with `local`'s monotonic reading, taken as close as
    // possible to the database's: right after it, with the row held) and returns what it did.
    // Throws StoreError.
    std::optional<qint64> readClock();
    clockreference::Advance advanceClock(const Clock &local);
    // The advances made right after reconnections (see beforeTransaction()) since the last call,
    // oldest first, once each, for DatabaseClock's next tick to report as its own.
    QList<clockreference::Advance> takeReconnectAdvances() { return std::exchange(m_reconnectAdvances, {}); }

    // The first server to call this records `publicKey` as the one every server signs with;
    // false with a message when the database already holds a different one.
    bool adoptSigningKey(const QByteArray &publicKey, QString *error);
    // The same for the fingerprint of alerts.key (AlertSecretBox): every server must seal and open
    // the endpoints' secrets with the same key.
    bool adoptAlertKey(const QByteArray &fingerprint, QString *error);
    // The server process behind this store's connection (tests terminate it); -1 on failure.
    qint64 backendPid();

    // Whether what this database acknowledges survives its primary's death: nullopt when commits
    // wait for a synchronous standby (synchronous_standby_names set, and synchronous_commit, as
    // this connection's role and database have it, on or remote_apply); else a sentence naming
    // the setting at fault. `replicas` gets how many standbys stream from the server now (read
    // from pg_stat_replication). Throws StoreError.
    struct CommitDurability
    {
        bool synchronous = false;
        QString synchronousCommit; // SHOW synchronous_commit
        QString standbyNames; // SHOW synchronous_standby_names
        int replicas = 0; // streaming standbys (pg_stat_replication)
        // Standbys connected at all (pg_stat_replication's rows), and those this role may see the
        // state of (a role without pg_read_all_stats sees the rows but not their state), and of
        // those the synchronous ones streaming now.
        int connected = 0;
        int stateReadable = 0;
        int synchronousStreaming = 0;
        QString problem; // empty when synchronous
    };
    CommitDurability commitDurability();
    // Fills `problem` and `synchronous` from the settings and counts read on `server`: also a
    // standby that is named but not connected is a problem, since every commit would wait for it.
    static void judgeDurability(CommitDurability &durability, const QString &server);

    // Which server of the URI's host list the connection is on ("127.0.0.1:5433", from the
    // server itself once connected; the configured host for a Unix socket); empty while not
    // connected. With several hosts and target_session_attrs=read-write, the writable primary.
    QString connectedServer() const { return m_connectedServer; }
    // The last server connected to, kept while the connection is lost.
    QString lastServer() const { return m_lastServer; }
    // Since when (`local`'s wall clock) units fail because the database cannot be reached; nullopt
    // while they do not.
    std::optional<QDateTime> unavailableSince() const { return m_unavailableSince; }
    // A reconnection that found another server than the last one (a failover: Patroni promoted a
    // standby): from and to, and how long units failed in between (from the first unit that found
    // the connection lost to the reconnection). Each failover is given once.
    struct Failover
    {
        QString from;
        QString to;
        std::chrono::milliseconds interruption {0};
    };
    std::optional<Failover> takeFailover();

    // Outside a transaction, a record read less than licenseReuse ago (and before this store's
    // last transaction began) answers again: a heartbeat reads its license twice (its key, then
    // its policy), and the heartbeats of a turn mostly share a few licenses. That is as fresh as
    // a read made that long earlier, which a request that came that much earlier would have got;
    // inside a transaction (every decision made under the license's lock) it reads afresh.
    std::optional<LicenseRecord> license(const QString &licenseId) override;

protected:
    void beforeTransaction() override;
    void transactionBegan(bool locksNext) override;
    void licensesLocked(const QStringList &licenseIds, std::optional<LockedNow> decided) override;
    void transactionEnded() override;

private:
    // Records `value` under `purpose` in server_keys unless one is there; what is recorded then.
    std::optional<QByteArray> recordKey(const QString &purpose, const QByteArray &value, QString *error);
    struct ClockStatements;

    bool connectAndSetUp(QString *error);
    ClockStatements &clockStatements();

    PgConnectionInfo m_info;
    std::optional<SecretBuffer> m_password;
    const Clock &m_local;
    DatabaseClock m_clock;
    std::unique_ptr<ClockStatements> m_clockStatements;
    std::optional<std::chrono::milliseconds> m_lastReconnect; // local monotonic time
    QList<clockreference::Advance> m_reconnectAdvances; // bounded: see beforeTransaction()
    struct RecentLicense
    {
        std::optional<LicenseRecord> record;
        std::chrono::milliseconds readAt; // local monotonic time
    };
    QHash<QString, RecentLicense> m_recentLicenses;
    QString m_lastReconnectError;
    QString m_connectedServer;
    QString m_lastServer;
    std::optional<QDateTime> m_unavailableSince;
    std::optional<std::chrono::milliseconds> m_unavailableSinceMonotonic;
    std::optional<Failover> m_failover;
};

} // namespace keyright::server
