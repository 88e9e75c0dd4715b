#include "LeaseServer.h"

#include "ClockWatch.h"
#include "Crypto.h"
#include "DatabaseWatch.h"
#include "DemoCatalogue.h"
#include "GuardedWallClock.h"
#include "LeaseSigner.h"
#include "Metrics.h"
#include "SecretBuffer.h"
#include "SkewedClock.h"
#include "access/AccessService.h"
#include "alerts/AlertEvaluator.h"
#include "alerts/AlertSecretBox.h"
#include "alerts/InstanceBeat.h"
#include "alerts/SmtpMailer.h"
#include "alerts/WebhookDeliverer.h"
#include "http/HttpApi.h"
#include "http/HttpFrontend.h"
#include "http/RequestTurn.h"
#include "ldap/LdapGroupSync.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "stats/PeerSync.h"
#include "stats/ReplicaIdentity.h"
#include "stats/StatsService.h"
#include "store/PgConnectionInfo.h"
#include "store/PgLeaseStore.h"
#include "store/SqliteLeaseStore.h"
#include "usage/LedgerReports.h"
#include "usage/UsageCloser.h"
#include "usage/UsageReports.h"
#include "wire/EventActor.h"
#include "wire/Identifiers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QLoggingCategory>
#include <QTcpServer>
#include <QTimeZone>

#if QT_CONFIG(ssl)
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#endif

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcServer, "keyright.server")

constexpr int adminTokenBytes = 32; // 256 bits, written as 64 hex digits

// A replicated database whose commits do not wait for a standby loses, at a failover, grants and
// renewals this instance acknowledged: refused with --require-synchronous-commit, warned about
// otherwise when there is a standby (or a host list: the operator expects a failover).
bool checkCommitDurability(PgLeaseStore &store, bool required, QString *error)
{
    PgLeaseStore::CommitDurability durability;
    try {
        durability = store.commitDurability();
    } catch (const StoreError &failure) {
        *error = u"cannot check that commits are synchronous: %1"_s.arg(QString::fromUtf8(failure.what()));
        return false;
    }
    if (durability.synchronous) {
        qCInfo(lcServer, "commits wait for the synchronous standby %ls (synchronous_commit = %ls)",
               qUtf16Printable(durability.standbyNames), qUtf16Printable(durability.synchronousCommit));
        return true;
    }
    if (required) {
        *error = u"--require-synchronous-commit: %1. Name a synchronous standby (Patroni: synchronous_mode: true; "
                 "docs/DEPLOYMENT.md, \"A database without a single point of failure\")"_s.arg(durability.problem);
        return false;
    }
    if (durability.replicas > 0 || store.connectionInfo().hosts.size() > 1)
        qCWarning(lcServer,
                  "WARNING: %ls (%lld standby(s) streaming now) is set up for failover but %ls. A failover to a "
                  "standby loses seats and renewals this server acknowledged. Configure a synchronous standby, and "
                  "start with --require-synchronous-commit to refuse such a database",
                  qUtf16Printable(store.description()), qint64(durability.replicas),
                  qUtf16Printable(durability.problem));
    return true;
}

} // namespace

LeaseServer::LeaseServer(ServerConfig config, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_clock(clock)
{ }

LeaseServer::LeaseServer(ServerConfig config, const Clock &clock, const LeaseServer &storeOwner, QObject *parent)
    : LeaseServer(std::move(config), clock, parent)
{
    m_storeOwner = &storeOwner;
    m_config.demo = false; // the owner's licenses are this one's
}

LeaseServer::~LeaseServer()
{
    stop();
}

bool LeaseServer::isLoopback(const QHostAddress &address)
{
    return address.isLoopback();
}

QString LeaseServer::listenPolicyError(const ServerConfig &config)
{
    if (config.tlsCert.isEmpty() != config.tlsKey.isEmpty())
        return u"--tls-cert and --tls-key go together: give both files or neither"_s;
    const bool tls = !config.tlsCert.isEmpty();
    if (!tls && !isLoopback(config.address) && !config.insecureHttp)
        return u"refusing to listen on %1 without TLS: license keys and the admin token would cross the network "
               "in clear text. Give --tls-cert and --tls-key, or --insecure-http if the network is trusted."_s.arg(
                   config.address.toString());
#if !QT_CONFIG(ssl)
    if (tls)
        return u"this build of Qt has no TLS support; --tls-cert/--tls-key cannot be used"_s;
#endif
    return {};
}

bool LeaseServer::isRunning() const
{
    return m_frontend != nullptr;
}

QString LeaseServer::dataDir() const
{
    return m_config.dataDir;
}

QString LeaseServer::adminTokenPath() const
{
    return QDir(m_storeOwner ? m_storeOwner->dataDir() : m_config.dataDir).filePath(u"admin-token"_s);
}

quint16 LeaseServer::port() const
{
    return m_port;
}

QUrl LeaseServer::url() const
{
    QUrl url;
    url.setScheme(m_tls ? u"https"_s : u"http"_s);
    const QHostAddress &address = m_config.address;
    if (address == QHostAddress::Any || address == QHostAddress::AnyIPv4)
        url.setHost(u"127.0.0.1"_s);
    else if (address == QHostAddress::AnyIPv6)
        url.setHost(u"::1"_s);
    else
        url.setHost(address.toString());
    url.setPort(m_port);
    return url;
}

QByteArray LeaseServer::publicKey() const
{
    return m_signer ? m_signer->publicKey() : QByteArray();
}

SeatService *LeaseServer::seats() const
{
    return m_seats.get();
}

LicenseAdmin *LeaseServer::licenseAdmin() const
{
    return m_licenses.get();
}

LdapGroupSync *LeaseServer::ldapSync() const
{
    return m_ldapSync.get();
}

LeaseReaper *LeaseServer::reaper() const
{
    return m_reaper.get();
}

UsageSettings LeaseServer::usageSettings() const
{
    UsageSettings settings = m_config.usage;
    settings.spanDays = std::max(settings.spanDays, m_config.eventRetentionDays);
    return settings;
}

UsageCloser *LeaseServer::usageCloser() const
{
    return m_usageCloser.get();
}

RequestTurn *LeaseServer::requestTurn() const
{
    return m_turn.get();
}

StatsService *LeaseServer::stats() const
{
    return m_stats.get();
}

PeerSync *LeaseServer::peerSync() const
{
    return m_peerSync.get();
}

ClockWatch *LeaseServer::clockWatch() const
{
    return m_clockWatch.get();
}

LeaseStore *LeaseServer::store() const
{
    return m_store.get();
}

bool LeaseServer::openClock(QString *error)
{
    // One clock for all instances: on a shared database, every instance takes the database's.
    if (m_pgStore && m_config.seatClockFromDatabase) {
        m_serverClock = &m_pgStore->clock();
        return true;
    }
    // Otherwise this instance's wall clock, going on from the last time the store recorded
    // (docs/ARCHITECTURE.md, "Clock jumps"); on PostgreSQL (TestServer only) that record is the
    // instances' shared reference, which this clock leaves alone.
    m_wallGuard = std::make_unique<GuardedWallClock>(*m_wallClock, m_pgStore ? nullptr : m_store.get());
    try {
        m_wallGuard->resume();
    } catch (const StoreError &failure) {
        *error = u"cannot read the clock recorded in the store: %1"_s.arg(QString::fromUtf8(failure.what()));
        return false;
    }
    m_serverClock = m_wallGuard.get();
    return true;
}

bool LeaseServer::openStore(bool *databaseExisted, QString *error)
{
    if (m_storeOwner) {
        if (!m_storeOwner->m_store) {
            *error = u"the server whose database this one shares is not running"_s;
            return false;
        }
        m_store = m_storeOwner->m_store;
        m_pgStore = m_storeOwner->m_pgStore;
        // One SQLite connection serving several front ends: a turn's batch would take in the
        // other front ends' requests, which they answer before it commits.
        if (!m_pgStore)
            static_cast<SqliteLeaseStore &>(*m_store).setShared(true);
        *databaseExisted = true;
        return true;
    }
    if (m_config.databaseUrl.isEmpty()) {
        const QString path = QDir(m_config.dataDir).filePath(u"keyright.sqlite"_s);
        // Whether the counts of an existing replica id survived (ReplicaIdentity).
        *databaseExisted = QFileInfo::exists(path);
        auto store = std::make_unique<SqliteLeaseStore>(path);
        if (!store->open(error))
            return false;
        m_store = std::move(store);
        return true;
    }
    const auto info = PgConnectionInfo::parse(m_config.databaseUrl, error);
    if (!info)
        return false;
    std::optional<SecretBuffer> password;
    if (!m_config.databasePasswordFile.isEmpty()) {
        QString why;
        password = readSecretFile(m_config.databasePasswordFile, &why);
        if (!password) {
            *error = u"--database-password-file: %1"_s.arg(why);
            return false;
        }
    }
    auto store = std::make_unique<PgLeaseStore>(*info, std::move(password), *m_wallClock);
    if (!store->open(error))
        return false;
    // The replica id lives in this instance's data directory, one per instance; its counts are
    // in the database, so they survived when the schema did.
    *databaseExisted = !store->createdSchema();
    // Before anything is written: a refused database keeps no trace of this instance.
    if (!checkCommitDurability(*store, m_config.requireSynchronousCommit, error))
        return false;
    if (!store->adoptSigningKey(m_signer->publicKey(), error))
        return false;
    if (!store->adoptAlertKey(m_alertSecrets->fingerprint(), error))
        return false;
    m_pgStore = store.get();
    m_store = std::move(store);
    return true;
}

bool LeaseServer::openStats(bool databaseExisted, QString *error)
{
    // Peers first: a bad --peer or token file is refused before a replica id is made.
    auto peers = PeerSync::peersFromConfig(m_config, error);
    if (!peers)
        return false;
    const auto identity = ReplicaIdentity::loadOrCreate(m_config.dataDir, databaseExisted, error, m_pgStore != nullptr);
    if (!identity)
        return false;
    m_stats = std::make_unique<StatsService>(*m_store, identity->id, *m_serverClock);
    try {
        m_stats->loadAmnesia();
    } catch (const StoreError &failure) {
        *error = u"cannot read the amnesia records: %1"_s.arg(QString::fromUtf8(failure.what()));
        return false;
    }
    m_peerSync = std::make_unique<PeerSync>(*m_stats, std::move(*peers), m_config.peerInterval);
    return true;
}

bool LeaseServer::prepareDataDir(QString *error)
{
    if (m_config.dataDir.isEmpty()) {
        *error = u"no data directory given"_s;
        return false;
    }
    QDir dir(m_config.dataDir);
    if (!dir.exists()) {
        if (!QDir().mkpath(m_config.dataDir)) {
            *error = u"cannot create the data directory %1"_s.arg(m_config.dataDir);
            return false;
        }
        // Only the server's user needs to look inside: it holds the signing key and the token.
        QFile::setPermissions(m_config.dataDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    if (!m_config.lockDataDir || m_storeOwner)
        return true;
    // Two servers on one directory would share its SQLite file (the second one answering
    // "database is locked" at some statement), its replica id and its admin token. QLockFile
    // records this process and host; a lock whose process is gone (kill -9) is taken over.
    auto lock = std::make_unique<QLockFile>(dir.filePath(u"keyright-server.lock"_s));
    lock->setStaleLockTime(0); // held for as long as the server runs: never stale by age
    if (lock->tryLock(0)) {
        m_dataDirLock = std::move(lock);
        return true;
    }
    qint64 pid = 0;
    QString host;
    QString application;
    if (lock->error() == QLockFile::LockFailedError && lock->getLockInfo(&pid, &host, &application))
        *error = u"the data directory %1 is in use by another keyright-server (process %2 on %3); stop it, or give "
                 "this server another --data-dir"_s.arg(m_config.dataDir, QString::number(pid), host);
    else
        *error = u"cannot lock the data directory %1 (%2): another keyright-server may be using it, or the "
                 "directory is not writable"_s.arg(m_config.dataDir, dir.filePath(u"keyright-server.lock"_s));
    return false;
}

AccessService *LeaseServer::access() const
{
    return m_access.get();
}

std::optional<SecretBuffer> LeaseServer::loadAdminToken(QString *error)
{
    const QString path = adminTokenPath();
    m_createdAdminToken = false;
    if (!QFileInfo::exists(path)) {
        QByteArray token = crypto::randomHex(adminTokenBytes).toLatin1();
        QString why;
        const bool written = writeSecretFile(path, token, &why);
        token.fill('\0');
        if (!written) {
            *error = u"cannot write the admin token %1: %2"_s.arg(path, why);
            return std::nullopt;
        }
        m_createdAdminToken = true;
    }
    QString why;
    auto token = readSecretFile(path, &why);
    if (!token) {
        *error = u"cannot read the admin token %1: %2"_s.arg(path, why);
        return std::nullopt;
    }
    if (!isValidAdminToken(token->view())) {
        *error = u"the admin token %1 is not %2; delete it to have a new one made"_s.arg(path, adminTokenRule());
        return std::nullopt;
    }
    return token;
}

bool LeaseServer::addDemoLicenses(QString *error)
{
    const QString keyDir = QDir(m_config.dataDir).filePath(DemoCatalogue::keyDirectoryName());
    if (!QDir().mkpath(keyDir)) {
        *error = u"cannot create %1"_s.arg(keyDir);
        return false;
    }
    QFile::setPermissions(keyDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    // The demo's holder groups and seat rules come with its licenses, on a server that has none
    // yet: the made-up history is decided under them, so the what-if replays it under the same.
    if (m_licenses->groups().isEmpty()) {
        const auto saved = m_licenses->putGroups(DemoCatalogue::holderGroups(), QString::fromUtf16(serverActor));
        if (saved.outcome != LicenseAdmin::PutGroupsResult::Outcome::Saved) {
            *error = u"cannot add the demo's holder groups: %1"_s.arg(saved.error.message);
            return false;
        }
    }
    for (const DemoCatalogue::License &demo : DemoCatalogue::licenses()) {
        const QString keyPath = QDir(keyDir).filePath(DemoCatalogue::keyFileName(demo.id));
        QString key;
        if (!m_seats->license(demo.id)) {
            LicenseSpec spec;
            spec.name = demo.name;
            spec.seatCount = demo.seats;
            spec.ttlSeconds = demo.ttlSeconds;
            spec.skewSeconds = demo.skewSeconds;
            spec.reapGraceSeconds = demo.reapGraceSeconds;
            const auto created = m_licenses->putLicense(demo.id, spec, QString::fromUtf16(serverActor));
            if (created.outcome != LicenseAdmin::PutLicenseResult::Outcome::Created) {
                *error = u"cannot create demo license %1: %2"_s.arg(demo.id, created.error.message);
                return false;
            }
            key = created.key;
            // Rules that cannot be set (a group they name comes from LDAP and has not been synced
            // yet) leave the license without them, said once, rather than a server that does not
            // start and a license made without its key file (walk 28).
            if (!demo.rules.isEmpty()) {
                const auto ruled = m_licenses->putRules(demo.id, demo.rules, QString::fromUtf16(serverActor));
                if (ruled.outcome != LicenseAdmin::PutRulesResult::Outcome::Saved)
                    qCWarning(lcServer, "demo license %ls has no seat rules: %ls", qUtf16Printable(demo.id),
                              qUtf16Printable(ruled.error.message));
            }
        } else if (!QFileInfo::exists(keyPath)) {
            // The key is only known when made; without its file the demo clients could not use
            // the license, so give it a fresh one.
            key = m_licenses->rotateKey(demo.id, QString::fromUtf16(serverActor)).value_or(QString());
            qCWarning(lcServer, "demo license %ls had no key file; rotated its key into %ls", qUtf16Printable(demo.id),
                      qUtf16Printable(keyPath));
        }
        if (key.isEmpty())
            continue;
        QByteArray bytes = key.toLatin1();
        QString why;
        const bool written = writeSecretFile(keyPath, bytes, &why);
        bytes.fill('\0');
        if (!written) {
            *error = u"cannot write %1: %2"_s.arg(keyPath, why);
            return false;
        }
    }
    return true;
}

#if QT_CONFIG(ssl)
namespace {

// The server's side of TLS from a PEM certificate chain and an unencrypted PEM key; nullopt with
// why when either cannot be used. The key's bytes are wiped once parsed.
std::optional<QSslConfiguration> tlsConfiguration(const QString &certPath, const QString &keyPath, QString *error)
{
    const auto chain = QSslCertificate::fromPath(certPath, QSsl::Pem);
    if (chain.isEmpty()) {
        *error = u"no PEM certificate could be read from %1"_s.arg(certPath);
        return std::nullopt;
    }
    QFile keyFile(keyPath);
    if (!keyFile.open(QIODevice::ReadOnly)) {
        *error = u"cannot read the TLS key %1: %2"_s.arg(keyPath, keyFile.errorString());
        return std::nullopt;
    }
    QByteArray pem = keyFile.readAll();
    QSslKey key;
    for (const QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa, QSsl::Dh}) {
        key = QSslKey(pem, algorithm, QSsl::Pem);
        if (!key.isNull())
            break;
    }
    pem.fill('\0');
    if (key.isNull()) {
        // Qt's TLS backends take RSA and EC keys; an Ed25519 or Ed448 key (openssl's
        // -newkey ed25519) is as unreadable to it as a damaged file, so both are named.
        *error = u"%1 is not an RSA or EC private key in unencrypted PEM (Ed25519 and Ed448 keys cannot be "
                 "used for TLS here; make an EC key with: openssl req -x509 -newkey ec -pkeyopt "
                 "ec_paramgen_curve:P-256 -nodes ...)"_s.arg(keyPath);
        return std::nullopt;
    }
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setLocalCertificateChain(chain);
    ssl.setPrivateKey(key);
    ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    return ssl;
}

} // namespace
#endif

bool LeaseServer::reloadTls(const QString &certPath, const QString &keyPath, QString *error)
{
#if QT_CONFIG(ssl)
    auto *server = m_frontend ? qobject_cast<QSslServer *>(m_frontend->listener()) : nullptr;
    if (!m_tls || !server || certPath.isEmpty() || keyPath.isEmpty()) {
        *error = u"turning TLS on or off takes a restart"_s;
        return false;
    }
    const std::optional<QSslConfiguration> ssl = tlsConfiguration(certPath, keyPath, error);
    if (!ssl)
        return false;
    server->setSslConfiguration(*ssl);
    m_config.tlsCert = certPath;
    m_config.tlsKey = keyPath;
    return true;
#else
    Q_UNUSED(certPath);
    Q_UNUSED(keyPath);
    *error = u"this build has no TLS"_s;
    return false;
#endif
}

void LeaseServer::setEventRetentionDays(int days)
{
    m_config.eventRetentionDays = days;
    if (m_reaper)
        m_reaper->setEventRetentionDays(days);
    if (m_usageCloser)
        m_usageCloser->setSettings(usageSettings());
    if (m_usageReports)
        m_usageReports->setSettings(usageSettings());
}

bool LeaseServer::listen(QString *error)
{
    QTcpServer *tcp = nullptr;
    m_tls = !m_config.tlsCert.isEmpty();
#if QT_CONFIG(ssl)
    if (m_tls) {
        const std::optional<QSslConfiguration> ssl = tlsConfiguration(m_config.tlsCert, m_config.tlsKey, error);
        if (!ssl)
            return false;
        auto *server = new QSslServer;
        server->setSslConfiguration(*ssl);
        tcp = server;
    }
#endif
    if (!tcp)
        tcp = new QTcpServer;
    // Qt's default backlog (50) drops connection attempts when more clients than that connect at
    // once (a restart, a network recovery, 64 benchmark connections); a dropped SYN costs the
    // client a one-second retransmission.
    tcp->setListenBacklogSize(1024);
    if (!tcp->listen(m_config.address, m_config.port)) {
        *error = u"cannot listen on %1 port %2: %3"_s.arg(m_config.address.toString())
                     .arg(m_config.port)
                     .arg(tcp->errorString());
        delete tcp;
        return false;
    }
    m_port = tcp->serverPort();
    m_frontend->bind(tcp); // takes ownership
    return true;
}

bool LeaseServer::start(QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    if (isRunning())
        return true;
    if (const QString policy = listenPolicyError(m_config); !policy.isEmpty()) {
        error = policy;
        return false;
    }
    if (!crypto::init()) {
        error = u"libsodium failed its self-test; refusing to sign leases"_s;
        return false;
    }
    // The one place this instance's wall clock is chosen.
    m_wallClock = std::make_unique<SkewedClock>(m_clock, m_config.testClockOffset);
    bool ok = prepareDataDir(&error);
    if (ok) {
        const QString keyDir = m_storeOwner ? m_storeOwner->dataDir() : m_config.dataDir;
        m_signer = LeaseSigner::loadOrCreate(QDir(keyDir).filePath(u"signing.key"_s), &error);
        ok = m_signer != nullptr;
        // Beside the signing key, and shared as it is (docs/DEPLOYMENT.md).
        if (ok)
            m_alertSecrets = AlertSecretBox::loadOrCreate(
                QDir(keyDir).filePath(QString::fromLatin1(AlertSecretBox::fileName)), &error);
        ok = ok && m_alertSecrets != nullptr;
    }
    std::optional<SecretBuffer> adminToken;
    if (ok) {
        adminToken = loadAdminToken(&error);
        ok = adminToken.has_value();
    }
    bool databaseExisted = false;
    ok = ok && openStore(&databaseExisted, &error);
    ok = ok && openClock(&error);
    ok = ok && openStats(databaseExisted, &error);
    if (ok) {
        m_metrics = std::make_unique<Metrics>();
        m_clockWatch = std::make_unique<ClockWatch>(*m_serverClock, *m_store, *m_metrics);
        if (m_pgStore) {
            m_databaseWatch = std::make_unique<DatabaseWatch>(*m_pgStore, *m_serverClock, m_stats->replicaId());
            m_stats->setDatabaseStatus([store = m_pgStore] {
                const QString server = store->connectedServer();
                return StatsDatabase {server.isEmpty() ? store->lastServer() : server, store->unavailableSince()};
            });
        }
        m_seats = std::make_unique<SeatService>(*m_store, *m_signer, *m_serverClock, m_metrics.get());
        m_seats->setStats(m_stats.get());
        m_licenses = std::make_unique<LicenseAdmin>(*m_store, *m_serverClock);
        if (m_config.ldap.enabled())
            m_ldapSync = std::make_unique<LdapGroupSync>(m_config.ldap, *m_licenses, *m_serverClock);
        m_reaper = std::make_unique<LeaseReaper>(*m_seats, *m_store, m_metrics.get(), m_config.reapInterval,
                                                 m_config.eventRetentionDays);
        m_access = std::make_unique<AccessService>(*m_store, *m_serverClock);
        m_usageCloser = std::make_unique<UsageCloser>(*m_store, *m_serverClock, usageSettings());
        m_usageReports = std::make_unique<UsageReports>(*m_store, *m_serverClock, usageSettings());
        m_ledgerReports = std::make_unique<LedgerReports>(*m_store, *m_seats, *m_serverClock);
        m_alerts = std::make_unique<AlertEvaluator>(*m_store, *m_serverClock);
        m_alerts->setClearTime(m_config.alertClearTime);
        m_webhooks = std::make_unique<WebhookDeliverer>(*m_store, *m_serverClock, *m_wallClock, *m_alertSecrets,
                                                        m_stats->replicaId() + u'/' + crypto::randomHex(4));
        if (m_config.smtp.enabled()) {
            m_mailer = std::make_unique<SmtpMailer>(m_config.smtp, *m_wallClock);
            m_webhooks->setMailer(m_mailer.get());
        }
        try {
            m_usageCloser->backfill();
        } catch (const StoreError &failure) {
            error = u"cannot turn the event log into usage history: %1"_s.arg(QString::fromUtf8(failure.what()));
            ok = false;
        }
        try {
            if (ok)
                m_access->installBootstrap(adminToken->view());
            ok = !m_config.demo || addDemoLicenses(&error);
            if (ok && m_config.demo)
                m_usageCloser->addDemoHistory(DemoCatalogue::licenses(), QTimeZone::systemTimeZone());
        } catch (const StoreError &failure) {
            error = u"cannot add the demo licenses: %1"_s.arg(QString::fromUtf8(failure.what()));
            ok = false;
        }
    }
    if (ok) {
        m_api = std::make_unique<HttpApi>(HttpApi::Services {*m_seats, *m_licenses, *m_reaper, *m_access, *m_metrics},
                                          m_signer->publicKey());
        m_api->setStats(m_stats.get());
        m_api->setUsage(m_usageReports.get());
        m_api->setLedger(m_ledgerReports.get());
        m_api->setAlerts(m_alerts.get(), m_webhooks.get());
        if (!m_pgStore) {
            // Backups of the SQLite store are made by this server, on its own connection (its
            // exclusive lock keeps every other process out of the file); the key is the owner's.
            const QString keyDir = m_storeOwner ? m_storeOwner->dataDir() : m_config.dataDir;
            m_api->setBackup(static_cast<SqliteLeaseStore *>(m_store.get()), m_config.dataDir,
                             QDir(keyDir).filePath(u"signing.key"_s));
        }
        m_turn = std::make_unique<RequestTurn>(*m_api, *m_seats, *m_store);
        m_frontend = std::make_unique<HttpFrontend>(*m_turn, m_config.http, m_clock);
        ok = listen(&error);
    }
    if (!ok) {
        stop();
        return false;
    }
    m_reaper->start();
    // A first tick at once: the clock's record is brought up to date, and a jump seen while the
    // server was stopped is reported now.
    m_clockWatch->check();
    m_clockWatch->start();
    if (m_databaseWatch)
        m_databaseWatch->start();
    m_peerSync->start();
    if (m_config.usageInterval.count() > 0)
        m_usageCloser->start(m_config.usageInterval);
    if (m_ldapSync)
        m_ldapSync->start();
    if (m_config.alertInterval.count() > 0)
        m_alerts->start(m_config.alertInterval);
    // Once it listens, so that its row names where it answers.
    m_instanceBeat = std::make_unique<InstanceBeat>(*m_store, *m_serverClock, m_stats->replicaId(), url().toString());
    m_instanceBeat->start();
    if (m_dataDirLock) {
        // This process alone holds the data directory, so the claims of its replica id are those
        // of a predecessor that was killed: taken back now rather than after they lapse.
        try {
            m_webhooks->takeBackClaims(m_stats->replicaId() + u'/');
        } catch (const StoreError &failure) {
            qWarning("cannot take back the alert deliveries claimed before this start (they are sent once their "
                     "claims lapse): %s",
                     failure.what());
        }
    }
    if (m_config.alertDeliveryInterval.count() > 0)
        m_webhooks->start(m_config.alertDeliveryInterval);
    return true;
}

void LeaseServer::stop()
{
    // First: a stopped instance is not a silent one (instance_silent).
    if (m_instanceBeat)
        m_instanceBeat->leave();
    m_instanceBeat.reset();
    m_peerSync.reset(); // aborts pulls in flight before the store they would merge into closes
    m_ldapSync.reset(); // waits for a round in flight; its result is dropped
    m_usageCloser.reset();
    if (m_alerts)
        m_alerts->stop();
    if (m_webhooks)
        m_webhooks->stop();
    if (m_reaper)
        m_reaper->stop(); // no sweep from here on; the last turn may still reap on request
    if (m_clockWatch)
        m_clockWatch->check(); // the last time seen, for the next start to go on from
    m_clockWatch.reset();
    m_databaseWatch.reset();
    m_frontend.reset(); // answers the last turn, then closes the listening socket and every connection
    m_turn.reset();
    m_api.reset();
    m_alerts.reset(); // after the routes that answer from it, as the reports below
    m_ledgerReports.reset();
    m_usageReports.reset();
    // The attempts in flight end and are recorded (a receiver or mail server that does not answer
    // is cut at its attempt's bound), so the next instance neither loses nor repeats them. A mail
    // still in flight after that is aborted before the deliverer lifts its claim, so that it is
    // never being sent here while another instance sends it.
    if (m_webhooks)
        m_webhooks->drain(
            std::max<std::chrono::milliseconds>(WebhookDeliverer::attemptTimeout,
                                                m_mailer ? m_config.smtp.timeout : std::chrono::milliseconds(0))
            + std::chrono::seconds(2));
    if (m_mailer)
        m_mailer->stopSending();
    m_webhooks.reset(); // lifts the claims still held: sent again elsewhere at once, same ids
    m_mailer.reset(); // after the deliverer, whose continuations it would otherwise run
    m_alertSecrets.reset();
    m_reaper.reset();
    m_licenses.reset();
    m_seats.reset();
    m_metrics.reset();
    m_stats.reset();
    if (m_store && !m_storeOwner)
        m_store->close();
    m_pgStore = nullptr;
    m_store.reset();
    m_access.reset();
    m_serverClock = nullptr; // after everything that reads it
    m_wallGuard.reset();
    m_signer.reset();
    m_dataDirLock.reset(); // last: another server may take the directory from here on
    m_port = 0;
}

} // namespace keyright::server
