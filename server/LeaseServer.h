#pragma once

#include "SecretBuffer.h"
#include "ServerConfig.h"

#include <QByteArray>
#include <QObject>
#include <QUrl>

#include <memory>
#include <optional>

class QLockFile;

namespace keyright {
class Clock;
class LeaseSigner;
class SkewedClock;
} // namespace keyright

namespace keyright::server {

class AccessService;
class ClockWatch;
class DatabaseWatch;
class GuardedWallClock;
class ServerClock;
class HttpApi;
class HttpFrontend;
class LeaseReaper;
class LicenseAdmin;
class LdapGroupSync;
class Metrics;
class PeerSync;
class RequestTurn;
class SeatService;
class StatsService;
class UsageCloser;
class UsageReports;
class AlertEvaluator;
class InstanceBeat;
class AlertSecretBox;
class SmtpMailer;
class WebhookDeliverer;
class LedgerReports;
struct UsageSettings;
class SqlLeaseStore;
class PgLeaseStore;
class LeaseStore;

// The whole lease server wired together: data directory (signing key, admin token, replica id,
// and the SQLite database unless ServerConfig::databaseUrl names a PostgreSQL one), SeatService,
// HTTP API, the request turn, reaper. Runs on the event loop of the thread that owns
// it, which is how keyright-server, the tests and the dashboard's embedded server all use it.
class LeaseServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseServer)

public:
    LeaseServer(ServerConfig config, const Clock &clock, QObject *parent = nullptr);
    // Another front end on the store of `storeOwner`, which must be running when this one starts,
    // as a second instance on one database would be: its own port and reaper, its own replica id
    // in config.dataDir, and the owner's store object, signing key and admin token. Stopping it
    // closes its listener and connections and leaves the store open; the owner stops last.
    // For one process only (the dashboard's embedded instances, tests).
    LeaseServer(ServerConfig config, const Clock &clock, const LeaseServer &storeOwner, QObject *parent = nullptr);
    ~LeaseServer() override;

    // Creates what the data directory lacks, opens the store and starts listening. False with a
    // reason a person can act on (and nothing left running) on failure.
    bool start(QString *error = nullptr);
    // Stops listening and the reaper, and closes the store. start() may be called again.
    void stop();
    bool isRunning() const;

    QUrl url() const; // http(s)://127.0.0.1:<port> (the listen address when it is not a wildcard)
    quint16 port() const;
    QString adminTokenPath() const;
    QString dataDir() const;
    const ServerConfig &config() const { return m_config; }

    // True when this start() created the admin token (first start on this data directory).
    bool createdAdminToken() const { return m_createdAdminToken; }
    QByteArray publicKey() const; // 32 raw bytes; empty when not running

    // For in-process users (tests, the dashboard); nullptr when not running.
    SeatService *seats() const;
    // Licenses, holder groups and seat rules.
    LicenseAdmin *licenseAdmin() const;
    LeaseReaper *reaper() const;
    // Null unless ServerConfig::ldap is enabled.
    LdapGroupSync *ldapSync() const;
    // The named access tokens.
    AccessService *access() const;
    // The usage statistics (this server's replica id, its G-Counters) and their anti-entropy.
    StatsService *stats() const;
    // Closes the usage history's buckets (issue 25); null while stopped.
    UsageCloser *usageCloser() const;
    // The alert rules' evaluator (issue 29); null while stopped.
    AlertEvaluator *alerts() const { return m_alerts.get(); }
    WebhookDeliverer *webhooks() const { return m_webhooks.get(); }
    // This instance's sign of life in the store (instance_silent); null while stopped. stop()
    // removes its row; a test halts it to play a killed instance.
    InstanceBeat *instanceBeat() const { return m_instanceBeat.get(); }
    const AlertSecretBox *alertSecrets() const { return m_alertSecrets.get(); }
    // The turn that batches requests and runs the answers computed in the background; null while
    // stopped.
    RequestTurn *requestTurn() const;
    // The usage settings of the config, spans kept at least as long as the events.
    UsageSettings usageSettings() const;
    PeerSync *peerSync() const;
    // What ticks the server's clock and reports its jumps.
    ClockWatch *clockWatch() const;
    LeaseStore *store() const;
    // The one clock every part decides with (nullptr when not running): this instance's wall
    // clock guarded against jumps and recorded in the store (GuardedWallClock) with SQLite, the
    // reference every instance shares (DatabaseClock) with PostgreSQL.
    ServerClock *serverClock() const { return m_serverClock; }

    // Empty when `config` may be served; otherwise why not (non-loopback without TLS, half a TLS
    // setup).
    static QString listenPolicyError(const ServerConfig &config);

    // A reload (SIGHUP): a new certificate and key for the connections accepted from now on (the
    // open ones keep theirs). False, with why, when they cannot be read or when the server does
    // not serve TLS (starting or stopping TLS needs a restart); the old ones stay.
    bool reloadTls(const QString &certPath, const QString &keyPath, QString *error);
    // A reload: events older than `days` go at the next sweep, and usage spans are kept as long.
    void setEventRetentionDays(int days);
    static bool isLoopback(const QHostAddress &address);

private:
    bool prepareDataDir(QString *error);
    // Reads (making it on the first start) the admin-token file, the bootstrap admin token.
    std::optional<SecretBuffer> loadAdminToken(QString *error);
    bool addDemoLicenses(QString *error);
    bool listen(QString *error);
    bool openStats(bool databaseExisted, QString *error);
    // Opens the SQLite or PostgreSQL store; *databaseExisted: its data was there before.
    bool openStore(bool *databaseExisted, QString *error);
    // Chooses and sets up serverClock() on the open store.
    bool openClock(QString *error);

    ServerConfig m_config;
    const Clock &m_clock; // as given; every part reads m_serverClock, which follows it (or the database)
    bool m_createdAdminToken = false;
    quint16 m_port = 0;
    bool m_tls = false;

    std::unique_ptr<QLockFile> m_dataDirLock; // ServerConfig::lockDataDir
    std::unique_ptr<LeaseSigner> m_signer;
    // This instance's own wall clock: m_clock seen through ServerConfig::testClockOffset.
    std::unique_ptr<SkewedClock> m_wallClock;
    // Shared with the servers built on this one's store (the shared-store constructor).
    std::shared_ptr<SqlLeaseStore> m_store;
    const LeaseServer *m_storeOwner = nullptr;
    PgLeaseStore *m_pgStore = nullptr; // m_store, when it is PostgreSQL
    std::unique_ptr<GuardedWallClock> m_wallGuard; // m_serverClock, unless it is the database's
    ServerClock *m_serverClock = nullptr;
    std::unique_ptr<ClockWatch> m_clockWatch;
    std::unique_ptr<DatabaseWatch> m_databaseWatch; // PostgreSQL only
    std::unique_ptr<Metrics> m_metrics;
    std::unique_ptr<SeatService> m_seats;
    std::unique_ptr<LicenseAdmin> m_licenses;
    std::unique_ptr<LdapGroupSync> m_ldapSync;
    std::unique_ptr<AccessService> m_access;
    std::unique_ptr<HttpApi> m_api;
    std::unique_ptr<RequestTurn> m_turn;
    std::unique_ptr<HttpFrontend> m_frontend;
    std::unique_ptr<LeaseReaper> m_reaper;
    std::unique_ptr<StatsService> m_stats;
    std::unique_ptr<PeerSync> m_peerSync;
    std::unique_ptr<UsageCloser> m_usageCloser;
    std::unique_ptr<UsageReports> m_usageReports;
    std::unique_ptr<LedgerReports> m_ledgerReports;
    std::unique_ptr<AlertEvaluator> m_alerts;
    std::unique_ptr<InstanceBeat> m_instanceBeat;
    std::unique_ptr<AlertSecretBox> m_alertSecrets;
    std::unique_ptr<SmtpMailer> m_mailer; // with smtp-url only; email endpoints' mail (m_webhooks)
    std::unique_ptr<WebhookDeliverer> m_webhooks;
};

} // namespace keyright::server
