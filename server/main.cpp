#include "Durations.h"
#include "LeaseServer.h"
#include "LeaseSigner.h"
#include "ServerConfig.h"
#include "SystemClock.h"
#include "http/ListenAddress.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSocketNotifier>
#include <QStandardPaths>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

int signalPipe[2] = {-1, -1};

void onTerminationSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const auto written = ::write(signalPipe[1], &byte, 1);
}

// SIGINT/SIGTERM stop the event loop so the store closes cleanly. (It would survive being killed
// anyway: every acknowledged change is already committed.)
void quitOnTerminationSignals(QCoreApplication &app)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(signalPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [&app] { app.quit(); });
    struct sigaction action = {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

void say(const QString &line)
{
    std::fputs(qPrintable(line + u'\n'), stdout);
    std::fflush(stdout);
}

int refuse(const QString &why)
{
    std::fputs(qPrintable(u"keyright-server: "_s + why + u'\n'), stderr);
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"keyright-server"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));

    const QString defaultDataDir
        = QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath(u"keyright-server"_s);

    QCommandLineParser parser;
    parser.setApplicationDescription(u"Keyright lease server: hands out signed, expiring seat leases for floating "
                                     "licenses over HTTP (API in docs/API.md)."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listen(u"listen"_s,
                                    u"Address and port to listen on (port 0: any free port). Default "
                                    "127.0.0.1:7400. A non-loopback address needs --tls-cert and --tls-key, or "
                                    "--insecure-http."_s,
                                    u"host:port"_s, u"127.0.0.1:7400"_s);
    const QCommandLineOption dataDir(
        u"data-dir"_s,
        u"Directory for the signing key, the admin token and the database. Default %1."_s.arg(defaultDataDir), u"dir"_s,
        defaultDataDir);
    const QCommandLineOption demo(u"demo"_s,
                                  u"Add the demo licenses acme-cad, render-farm and training-demo if absent; their "
                                  "keys go to DIR/demo-keys/<id>.key."_s);
    const QCommandLineOption reapInterval(u"reap-interval"_s,
                                          u"How often the reaper sweeps expired leases, such as 30s or 2m (0 turns "
                                          "it off). Default 30s."_s,
                                          u"duration"_s, u"30s"_s);
    const QCommandLineOption retention(u"event-retention-days"_s,
                                       u"Delete audit events older than this many days (0 keeps them forever). "
                                       "Default 90."_s,
                                       u"days"_s, u"90"_s);
    const QCommandLineOption tlsCert(u"tls-cert"_s, u"PEM certificate (chain) for HTTPS."_s, u"file"_s);
    const QCommandLineOption tlsKey(u"tls-key"_s, u"PEM private key for HTTPS (unencrypted)."_s, u"file"_s);
    const QCommandLineOption insecureHttp(u"insecure-http"_s,
                                          u"Allow plain HTTP on a non-loopback address (keys and tokens travel in "
                                          "clear text)."_s);
    const QCommandLineOption peer(u"peer"_s,
                                  u"Base URL of another keyright-server whose usage statistics this one pulls and "
                                  "merges (repeatable; see docs/STATS.md)."_s,
                                  u"url"_s);
    const QCommandLineOption peerTokenFile(u"peer-token-file"_s,
                                           u"File (0600) with the token sent to the peers as \"Authorization: Bearer "
                                           "...\": once for every peer, or once per --peer in the same order."_s,
                                           u"file"_s);
    const QCommandLineOption peerInterval(u"peer-interval"_s,
                                          u"How often to pull each peer's statistics, such as 5s or 500ms. Default "
                                          "5s."_s,
                                          u"duration"_s, u"5s"_s);
    const keyright::server::HttpLimits defaults;
    const QCommandLineOption maxConnections(
        u"max-connections"_s,
        u"Connections served at once; beyond it only GET /v1/health is answered. Default %1."_s.arg(
            defaults.maxConnections),
        u"n"_s, QString::number(defaults.maxConnections));
    const QCommandLineOption maxPerAddress(
        u"max-connections-per-address"_s,
        u"Connections served at once from one client address. Default %1."_s.arg(defaults.maxConnectionsPerAddress),
        u"n"_s, QString::number(defaults.maxConnectionsPerAddress));
    const QCommandLineOption headerTimeout(u"header-timeout"_s,
                                           u"Time a client has to send a request's header, such as 10s. Default "
                                           "10s."_s,
                                           u"duration"_s, u"10s"_s);
    const QCommandLineOption bodyTimeout(
        u"body-timeout"_s, u"Time a client has to send a request's body. Default 30s."_s, u"duration"_s, u"30s"_s);
    const QCommandLineOption idleTimeout(
        u"idle-timeout"_s, u"Close a kept-alive connection idle for this long. Default 2m."_s, u"duration"_s, u"2m"_s);
    parser.addOptions({listen, dataDir, demo, reapInterval, retention, tlsCert, tlsKey, insecureHttp});
    const QCommandLineOption database(
        u"database"_s,
        u"Keep licenses, leases and events in this PostgreSQL database instead of DIR/keyright.sqlite, so that "
        "several instances serve the same licenses (docs/DEPLOYMENT.md): a URI postgresql://user@host:port/dbname. "
        "Never put the password in it: libpq reads ~/.pgpass or PGPASSFILE, or give --database-password-file."_s,
        u"url"_s);
    const QCommandLineOption databasePasswordFile(
        u"database-password-file"_s, u"File (mode 0600) holding the PostgreSQL password for --database."_s, u"file"_s);
    const QCommandLineOption exportPublicKey(
        u"export-public-key"_s,
        u"Print the base64 public key of DIR/signing.key (the key clients verify leases with) and exit."_s);
    // Tests only: shifts this instance's own wall clock, to show that on PostgreSQL no liveness
    // decision depends on it.
    QCommandLineOption testClockOffset(u"test-clock-offset-ms"_s, u"For tests."_s, u"ms"_s, u"0"_s);
    testClockOffset.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({peer, peerTokenFile, peerInterval});
    parser.addOptions({database, databasePasswordFile, exportPublicKey, testClockOffset});
    parser.addOptions({maxConnections, maxPerAddress, headerTimeout, bodyTimeout, idleTimeout});
    parser.process(app);
    if (!parser.positionalArguments().isEmpty())
        return refuse(u"unexpected argument \"%1\"; see --help"_s.arg(parser.positionalArguments().first()));

    keyright::server::ServerConfig config;
    QString why;
    if (parser.isSet(exportPublicKey)) {
        const QString keyPath = QDir(QDir(parser.value(dataDir)).absolutePath()).filePath(u"signing.key"_s);
        if (!QFileInfo::exists(keyPath))
            return refuse(u"there is no signing key at %1 yet: start the server once with this --data-dir, or copy "
                          "signing.key from the first instance (mode 0600)"_s.arg(keyPath));
        const auto signer = keyright::LeaseSigner::loadOrCreate(keyPath, &why);
        if (!signer)
            return refuse(why);
        say(QString::fromLatin1(signer->publicKey().toBase64()));
        return 0;
    }
    const auto address = keyright::server::ListenAddress::parse(parser.value(listen), &why);
    if (!address)
        return refuse(why);
    config.address = address->address;
    config.port = address->port;
    config.dataDir = QDir(parser.value(dataDir)).absolutePath();
    config.lockDataDir = true;
    config.demo = parser.isSet(demo);
    const auto interval = keyright::parseDuration(parser.value(reapInterval));
    if (!interval)
        return refuse(
            u"--reap-interval %1: expected a duration such as 30s, 2m or 90"_s.arg(parser.value(reapInterval)));
    config.reapInterval = std::chrono::duration_cast<std::chrono::seconds>(*interval);
    bool ok = false;
    config.eventRetentionDays = parser.value(retention).toInt(&ok);
    if (!ok || config.eventRetentionDays < 0)
        return refuse(
            u"--event-retention-days %1: expected a whole number of days, 0 or more"_s.arg(parser.value(retention)));
    config.tlsCert = parser.value(tlsCert);
    config.tlsKey = parser.value(tlsKey);
    config.insecureHttp = parser.isSet(insecureHttp);
    for (const QString &url : parser.values(peer))
        config.peers.append(QUrl(url, QUrl::StrictMode));
    for (const QString &file : parser.values(peerTokenFile))
        config.peerTokenFiles.append(QDir(file).absolutePath());
    const auto pullEvery = keyright::parseDuration(parser.value(peerInterval));
    if (!pullEvery || pullEvery->count() <= 0)
        return refuse(u"--peer-interval %1: expected a duration above zero such as 5s or 500ms"_s.arg(
            parser.value(peerInterval)));
    config.peerInterval = *pullEvery;
    config.databaseUrl = parser.value(database);
    if (parser.isSet(databasePasswordFile)) {
        if (config.databaseUrl.isEmpty())
            return refuse(u"--database-password-file goes with --database"_s);
        config.databasePasswordFile = QDir(parser.value(databasePasswordFile)).absolutePath();
    }
    const qint64 offsetMs = parser.value(testClockOffset).toLongLong(&ok);
    if (!ok)
        return refuse(
            u"--test-clock-offset-ms %1: expected a whole number of milliseconds"_s.arg(parser.value(testClockOffset)));
    config.testClockOffset = std::chrono::milliseconds(offsetMs);
    for (const auto &[option, out] : {std::pair {&maxConnections, &config.http.maxConnections},
                                      std::pair {&maxPerAddress, &config.http.maxConnectionsPerAddress}}) {
        *out = parser.value(*option).toInt(&ok);
        if (!ok || *out < 1)
            return refuse(u"--%1 %2: expected a whole number, 1 or more"_s.arg(option->names().constFirst(),
                                                                               parser.value(*option)));
    }
    for (const auto &[option, out] :
         {std::pair {&headerTimeout, &config.http.headerTimeout}, std::pair {&bodyTimeout, &config.http.bodyTimeout},
          std::pair {&idleTimeout, &config.http.idleTimeout}}) {
        const auto timeout = keyright::parseDuration(parser.value(*option));
        if (!timeout || timeout->count() <= 0)
            return refuse(u"--%1 %2: expected a duration above zero such as 10s or 500ms"_s.arg(
                option->names().constFirst(), parser.value(*option)));
        *out = *timeout;
    }

    if (const QString policy = keyright::server::LeaseServer::listenPolicyError(config); !policy.isEmpty())
        return refuse(policy);

    keyright::server::LeaseServer server(config, keyright::SystemClock::instance());
    if (!server.start(&why))
        return refuse(why);
    say(u"keyright-server %1 listening on %2"_s.arg(QCoreApplication::applicationVersion(), server.url().toString()));
    say(u"data directory: %1"_s.arg(server.dataDir()));
    if (!config.databaseUrl.isEmpty())
        say(u"database: %1"_s.arg(config.databaseUrl));
    say(u"admin token: %1%2"_s.arg(server.adminTokenPath(), server.createdAdminToken() ? u" (created)"_s : QString()));
    if (config.demo)
        say(u"demo license keys: %1"_s.arg(QDir(server.dataDir()).filePath(u"demo-keys"_s)));
    if (config.insecureHttp && !keyright::server::LeaseServer::isLoopback(config.address) && config.tlsCert.isEmpty())
        say(u"warning: serving plain HTTP on %1 (--insecure-http)"_s.arg(config.address.toString()));

    quitOnTerminationSignals(app);
    const int status = app.exec();
    server.stop();
    return status;
}
