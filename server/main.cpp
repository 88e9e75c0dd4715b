#include "Durations.h"
#include "EnglishTexts.h"
#include "LeaseServer.h"
#include "LeaseSigner.h"
#include "ServerConfig.h"
#include "SystemClock.h"
#include "alerts/SmtpMailer.h"
#include "http/ListenAddress.h"
#include "service/JournalLog.h"
#include "service/ServerSettings.h"
#include "service/StoreBackupCommand.h"
#include "service/SystemdNotifier.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QScopeGuard>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QSysInfo>

#include <csignal>
#include <cstdio>
#include <functional>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

Q_LOGGING_CATEGORY(lcConfig, "keyright.server.config")

int signalPipe[2] = {-1, -1};

void onSignal(int signal)
{
    const char byte = char(signal);
    [[maybe_unused]] const auto written = ::write(signalPipe[1], &byte, 1);
}

// SIGINT/SIGTERM stop the event loop so the store closes cleanly. (It would survive being killed
// anyway: every acknowledged change is already committed.) SIGHUP re-reads the configuration
// file. The handler only writes the signal's number to a socket pair; the event loop does the rest.
void handleSignals(QCoreApplication &app, std::function<void()> reload)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(signalPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [&app, reload = std::move(reload)] {
        char byte = 0;
        if (::read(signalPipe[0], &byte, 1) != 1)
            return;
        if (byte == SIGHUP)
            reload();
        else
            app.quit();
    });
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGHUP, &action, nullptr);
}

void say(const QString &line)
{
    std::fputs(qPrintable(line + u'\n'), stdout);
    std::fflush(stdout);
}

void complain(const QString &why)
{
    std::fputs(qPrintable(u"keyright-server: "_s + why + u'\n'), stderr);
}

int refuse(const QString &why)
{
    complain(why);
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    // libcurl (alert mail) is initialised once, here, before any thread exists: its global
    // initialisation is not thread-safe.
    keyright::server::SmtpMailer::initialiseLibrary();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"keyright-server"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYRIGHT_VERSION));
    keyright::server::installJournalMessageHandler();
    keyright::server::installEnglishTexts();

    const QString defaultDataDir
        = QDir(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).filePath(u"keyright-server"_s);

    // keyright-server backup ..., keyright-server restore ... (docs/DEPLOYMENT.md).
    if (app.arguments().size() > 1 && keyright::server::isStoreBackupCommand(app.arguments().at(1)))
        return keyright::server::runStoreBackupCommand(app.arguments(), defaultDataDir);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Keyright lease server: hands out signed, expiring seat leases for floating "
        "licenses over HTTP (API in docs/API.md).\n\nkeyright-server backup --to FILE and keyright-server restore "
        "--from FILE copy the SQLite store and put a copy back (see their --help and "
        "docs/DEPLOYMENT.md)."_s);
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
    const QCommandLineOption alertInterval(u"alert-interval"_s,
                                           u"How often the alert rules are evaluated, such as 15s or 1m (0 turns "
                                           "them off). Default 15s."_s,
                                           u"duration"_s, u"15s"_s);
    const QCommandLineOption retention(u"event-retention-days"_s,
                                       u"Delete audit events older than this many days (0 keeps them forever). "
                                       "Default 90. A reload (SIGHUP) applies a new value."_s,
                                       u"days"_s, u"90"_s);
    const QCommandLineOption tlsCert(
        u"tls-cert"_s, u"PEM certificate (chain) for HTTPS. A reload (SIGHUP) reads it again, for new connections."_s,
        u"file"_s);
    const QCommandLineOption tlsKey(
        u"tls-key"_s, u"PEM private key for HTTPS (unencrypted). A reload (SIGHUP) reads it again."_s, u"file"_s);
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
    parser.addOptions({listen, dataDir, demo, reapInterval, alertInterval, retention, tlsCert, tlsKey, insecureHttp});
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
    // How often alert deliveries are claimed (ServerConfig::alertDeliveryInterval, 2 s): a test of
    // many deliveries across processes (tst_alertdurability) shortens it.
    QCommandLineOption testAlertDeliveryInterval(u"test-alert-delivery-interval-ms"_s, u"For tests."_s, u"ms"_s,
                                                 u"2000"_s);
    testAlertDeliveryInterval.setFlags(QCommandLineOption::HiddenFromHelp);
    // How long a firing alert must be clear before it resolves (2 minutes): shortened by the same test.
    QCommandLineOption testAlertClear(u"test-alert-clear-ms"_s, u"For tests."_s, u"ms"_s, u"120000"_s);
    testAlertClear.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({peer, peerTokenFile, peerInterval});
    const QCommandLineOption requireSynchronousCommit(
        u"require-synchronous-commit"_s,
        u"Refuse to start unless --database commits synchronously to a standby (synchronous_standby_names set, "
        "synchronous_commit on or remote_apply), so that nothing acknowledged is lost when the primary dies "
        "(docs/DEPLOYMENT.md). Without it, a database with replicas but asynchronous commits is only warned "
        "about."_s);
    parser.addOptions({database, databasePasswordFile, requireSynchronousCommit, exportPublicKey, testClockOffset,
                       testAlertDeliveryInterval, testAlertClear});
    parser.addOptions({maxConnections, maxPerAddress, headerTimeout, bodyTimeout, idleTimeout});
    // Holder groups from LDAP (docs/DEPLOYMENT.md, "Holder groups from LDAP").
    const QCommandLineOption ldapUrl(
        u"ldap-url"_s,
        u"LDAP directory of the holder groups given with --ldap-group: ldap://host[:port] or "
        "ldaps://host[:port]."_s,
        u"url"_s);
    const QCommandLineOption ldapBindDn(u"ldap-bind-dn"_s, u"DN to bind to the directory as (default: anonymous)."_s,
                                        u"dn"_s);
    const QCommandLineOption ldapBindPasswordFile(
        u"ldap-bind-password-file"_s, u"File (mode 0600) holding the password of --ldap-bind-dn."_s, u"file"_s);
    const QCommandLineOption ldapStartTls(u"ldap-starttls"_s, u"Require StartTLS on an ldap:// URL before binding."_s);
    const QCommandLineOption ldapCaFile(
        u"ldap-ca-file"_s, u"PEM file of the authorities the directory's TLS certificate must chain to."_s, u"file"_s);
    const QCommandLineOption ldapSyncInterval(
        u"ldap-sync-interval"_s, u"How often the LDAP groups are synchronised. Default 5m."_s, u"duration"_s);
    const QCommandLineOption ldapTimeout(u"ldap-timeout"_s, u"Bound on each LDAP network operation. Default 10s."_s,
                                         u"duration"_s);
    const QCommandLineOption ldapGroup(
        u"ldap-group"_s,
        u"A holder group from LDAP, \"NAME; BASE DN; FILTER; ATTRIBUTE; HOST PATTERN\" "
        "(repeatable): each ATTRIBUTE value v of the entries FILTER finds under BASE DN is "
        "the holder pattern v@HOST PATTERN."_s,
        u"definition"_s);
    parser.addOptions({ldapUrl, ldapBindDn, ldapBindPasswordFile, ldapStartTls, ldapCaFile, ldapSyncInterval,
                       ldapTimeout, ldapGroup});
    // Alert mail over SMTP (docs/DEPLOYMENT.md, "Alert mail").
    const QCommandLineOption smtpUrl(
        u"smtp-url"_s,
        u"Mail server for alert mail: smtp://host[:port] (STARTTLS required; mail is never sent in clear text) or "
        "smtps://host[:port] (TLS)."_s,
        u"url"_s);
    const QCommandLineOption smtpFrom(u"smtp-from"_s, u"Address alert mail is sent from."_s, u"address"_s);
    const QCommandLineOption smtpUser(u"smtp-user"_s, u"User to authenticate to the mail server as."_s, u"user"_s);
    const QCommandLineOption smtpPasswordFile(u"smtp-password-file"_s,
                                              u"File (mode 0600) holding the password of --smtp-user."_s, u"file"_s);
    const QCommandLineOption smtpCaFile(
        u"smtp-ca-file"_s, u"PEM file of the authorities the mail server's TLS certificate must chain to."_s,
        u"file"_s);
    const QCommandLineOption smtpTimeout(u"smtp-timeout"_s, u"Bound on sending one mail. Default 30s."_s,
                                         u"duration"_s);
    const QCommandLineOption sendTestMail(
        u"send-test-mail"_s,
        u"Send one test mail to this address with the smtp-* settings, print how it went and exit (0: the "
        "server accepted it, 1: not)."_s,
        u"address"_s);
    parser.addOptions({smtpUrl, smtpFrom, smtpUser, smtpPasswordFile, smtpCaFile, smtpTimeout, sendTestMail});
    const QCommandLineOption logLevel(u"log-level"_s,
                                      u"Least severe messages logged: debug, info, warning or error. Default info. "
                                      "A reload (SIGHUP) applies a new value."_s,
                                      u"level"_s, u"info"_s);
    const QCommandLineOption configFile(
        u"config"_s,
        u"Read settings from this file (key = value lines named as the long options; docs/DEPLOYMENT.md). "
        "Default %1 when it exists. The command line wins over the file."_s.arg(
            keyright::server::defaultConfigFilePath()),
        u"file"_s);
    const QCommandLineOption checkConfig(
        u"check-config"_s,
        u"Check the configuration file and the options, print the settings in effect and exit (0: valid, "
        "1: not)."_s);
    parser.addOptions({logLevel, configFile, checkConfig});
    parser.process(app);
    if (!parser.positionalArguments().isEmpty())
        return refuse(u"unexpected argument \"%1\"; see --help"_s.arg(parser.positionalArguments().first()));
    const bool checking = parser.isSet(checkConfig);
    const bool testingMail = parser.isSet(sendTestMail);
    const auto fail = [answersOne = checking || testingMail](const QString &why) {
        return answersOne ? (complain(why), 1) : refuse(why);
    };

    using namespace keyright::server;
    QString configPath;
    if (parser.isSet(configFile))
        configPath = QFileInfo(parser.value(configFile)).absoluteFilePath();
    else if (QFileInfo::exists(defaultConfigFilePath()))
        configPath = defaultConfigFilePath();
    ServerSettings commandLine;
    for (const ServerOptionSpec &spec : serverOptionSpecs()) {
        if (!parser.isSet(spec.name))
            continue;
        commandLine.insert(spec.name,
                           ServerSetting {spec.kind == ServerOptionSpec::Kind::Flag ? QStringList {u"true"_s}
                                                                                    : parser.values(spec.name),
                                          u"--"_s + spec.name});
    }
    QString why;
    ServerSettings fromFile;
    if (!configPath.isEmpty()) {
        auto read = readServerConfigFile(configPath, &why);
        if (!read)
            return fail(why);
        fromFile = std::move(*read);
    }
    ServerSettings settings = mergeServerSettings(fromFile, commandLine);

    if (parser.isSet(exportPublicKey)) {
        const QString keyPath = QDir(QDir(settings.value(u"data-dir"_s).values.value(0, defaultDataDir)).absolutePath())
                                    .filePath(u"signing.key"_s);
        if (!QFileInfo::exists(keyPath))
            return refuse(u"there is no signing key at %1 yet: start the server once with this --data-dir, or copy "
                          "signing.key from the first instance (mode 0600)"_s.arg(keyPath));
        const auto signer = keyright::LeaseSigner::loadOrCreate(keyPath, &why);
        if (!signer)
            return refuse(why);
        say(QString::fromLatin1(signer->publicKey().toBase64()));
        return 0;
    }
    ServerRunSettings run;
    if (!toServerRunSettings(settings, defaultDataDir, &run, &why))
        return fail(why);
    ServerConfig &config = run.config;
    bool ok = false;
    const qint64 offsetMs = parser.value(testClockOffset).toLongLong(&ok);
    if (!ok)
        return refuse(
            u"--test-clock-offset-ms %1: expected a whole number of milliseconds"_s.arg(parser.value(testClockOffset)));
    config.testClockOffset = std::chrono::milliseconds(offsetMs);
    if (parser.isSet(testAlertDeliveryInterval)) {
        const qint64 deliveryMs = parser.value(testAlertDeliveryInterval).toLongLong(&ok);
        if (!ok || deliveryMs <= 0)
            return refuse(
                u"--test-alert-delivery-interval-ms %1: expected a positive whole number of milliseconds"_s.arg(
                    parser.value(testAlertDeliveryInterval)));
        config.alertDeliveryInterval = std::chrono::milliseconds(deliveryMs);
    }
    if (parser.isSet(testAlertClear)) {
        const qint64 clearMs = parser.value(testAlertClear).toLongLong(&ok);
        if (!ok || clearMs < 0)
            return refuse(u"--test-alert-clear-ms %1: expected a whole number of milliseconds"_s.arg(
                parser.value(testAlertClear)));
        config.alertClearTime = std::chrono::milliseconds(clearMs);
    }
    if (const QString secrets = checkSecretFiles(settings); !secrets.isEmpty())
        return fail(secrets);
    if (testingMail) {
        const QString address = parser.value(sendTestMail);
        if (!config.smtp.enabled())
            return fail(u"--send-test-mail: no smtp-url is set (see docs/DEPLOYMENT.md, \"Alert mail\")"_s);
        MailMessage mail;
        mail.to = {address};
        mail.subject = u"Keyright test mail from %1"_s.arg(QSysInfo::machineHostName());
        mail.body = u"This is a test mail from keyright-server on %1, sent with --send-test-mail.\n\nAlert mail "
                    "goes out through %2 from %3; this one reached %4.\n"_s.arg(
                        QSysInfo::machineHostName(), config.smtp.url, config.smtp.from, address);
        const SmtpResult sent = SmtpMailer::sendNow(config.smtp, mail, keyright::SystemClock::instance().now());
        if (!sent.ok)
            return fail(u"the test mail to %1 was not sent: %2"_s.arg(address, sent.error));
        say(u"test mail to %1 accepted by %2: %3"_s.arg(address, config.smtp.url, sent.serverReply));
        return 0;
    }
    if (const QString policy = LeaseServer::listenPolicyError(config); !policy.isEmpty())
        return fail(policy);
    if (checking) {
        say(configPath.isEmpty()
                ? u"configuration: no file (%1 does not exist); command line only"_s.arg(defaultConfigFilePath())
                : u"configuration: %1 is valid"_s.arg(configPath));
        for (const ServerOptionSpec &spec : serverOptionSpecs()) {
            const auto it = settings.constFind(spec.name);
            if (it != settings.constEnd())
                say(u"%1 = %2    # %3"_s.arg(spec.name, it->values.join(u", "_s), it->origin));
        }
        return 0;
    }
    applyServerLogLevel(run.logLevel);

    LeaseServer server(config, keyright::SystemClock::instance());
    if (!server.start(&why))
        return refuse(why);
    say(u"keyright-server %1 listening on %2"_s.arg(QCoreApplication::applicationVersion(), server.url().toString()));
    if (!configPath.isEmpty())
        say(u"configuration: %1"_s.arg(configPath));
    say(u"data directory: %1"_s.arg(server.dataDir()));
    if (!config.databaseUrl.isEmpty())
        say(u"database: %1"_s.arg(config.databaseUrl));
    say(u"admin token: %1%2"_s.arg(server.adminTokenPath(), server.createdAdminToken() ? u" (created)"_s : QString()));
    if (config.demo)
        say(u"demo license keys: %1"_s.arg(QDir(server.dataDir()).filePath(u"demo-keys"_s)));
    if (config.insecureHttp && !LeaseServer::isLoopback(config.address) && config.tlsCert.isEmpty())
        say(u"warning: serving plain HTTP on %1 (--insecure-http)"_s.arg(config.address.toString()));

    SystemdNotifier notifier;
    notifier.ready(u"serving on %1"_s.arg(server.url().toString()));
    notifier.startWatchdog();

    // The settings in effect: the reloadable ones follow the file, the others keep their start-up
    // values until a restart (so that every reload names them again while they differ).
    ServerSettings running = settings;
    const auto reload = [&] {
        notifier.reloading();
        const auto done = qScopeGuard([&] { notifier.ready(u"serving on %1"_s.arg(server.url().toString())); });
        if (configPath.isEmpty()) {
            qCInfo(lcConfig, "SIGHUP: no configuration file in use (%ls does not exist), nothing to reload",
                   qUtf16Printable(defaultConfigFilePath()));
            return;
        }
        QString error;
        const auto reread = readServerConfigFile(configPath, &error);
        ServerSettings next;
        ServerRunSettings nextRun;
        if (reread) {
            next = mergeServerSettings(*reread, commandLine);
            if (toServerRunSettings(next, defaultDataDir, &nextRun, &error))
                error = checkSecretFiles(next);
        }
        if (!reread || !error.isEmpty()) {
            qCCritical(lcConfig, "reload refused, the running configuration stays: %ls", qUtf16Printable(error));
            return;
        }
        const QStringList changed = changedServerSettings(running, next);
        QStringList needRestart;
        // The certificate and key are read again at every reload, changed paths or not: a renewal
        // (certbot, an internal CA) usually rewrites the same files. Turning TLS on or off, or a
        // pair that cannot be used, leaves the running ones and their settings in place.
        const bool tlsNamed = changed.contains(u"tls-cert"_s) || changed.contains(u"tls-key"_s);
        bool tlsTaken = false;
        if (!nextRun.config.tlsCert.isEmpty() || tlsNamed) {
            QString tlsError;
            tlsTaken = server.reloadTls(nextRun.config.tlsCert, nextRun.config.tlsKey, &tlsError);
            if (tlsTaken)
                qCInfo(lcConfig, "reload: TLS certificate %ls and key %ls read; new connections use them",
                       qUtf16Printable(nextRun.config.tlsCert), qUtf16Printable(nextRun.config.tlsKey));
            else
                qCCritical(lcConfig, "reload: the TLS certificate in use stays: %ls", qUtf16Printable(tlsError));
        }
        if (changed.contains(u"event-retention-days"_s))
            server.setEventRetentionDays(nextRun.config.eventRetentionDays);
        for (const QString &key : changed) {
            const bool tlsSetting = key == u"tls-cert"_s || key == u"tls-key"_s;
            if (!findServerOption(key)->reloadable || (tlsSetting && !tlsTaken)) {
                if (!tlsSetting || nextRun.config.tlsCert.isEmpty() != running.value(u"tls-cert"_s).values.isEmpty())
                    needRestart.append(key);
                continue;
            }
            const QString before = running.value(key).values.join(u", "_s);
            running[key] = next.value(key);
            const auto tell = [&] {
                qCInfo(lcConfig, "reload: %ls changed from %ls to %ls", qUtf16Printable(key),
                       qUtf16Printable(before.isEmpty() ? u"(default)"_s : before),
                       qUtf16Printable(running.value(key).values.join(u", "_s)));
            };
            if (key != u"log-level"_s) {
                tell();
                continue;
            }
            // The change is told under the more talkative of the two levels.
            const bool quieter = serverLogLevels().indexOf(nextRun.logLevel)
                > serverLogLevels().indexOf(before.isEmpty() ? u"info"_s : before);
            if (quieter)
                tell();
            applyServerLogLevel(nextRun.logLevel);
            if (!quieter)
                tell();
        }
        if (!needRestart.isEmpty())
            qCWarning(lcConfig, "reload: %ls changed in %ls and take effect only after a restart",
                      qUtf16Printable(needRestart.join(u", "_s)), qUtf16Printable(configPath));
        if (changed.isEmpty())
            qCInfo(lcConfig, "reload: %ls read, nothing changed", qUtf16Printable(configPath));
        qCDebug(lcConfig, "reload: log level %ls",
                qUtf16Printable(running.value(u"log-level"_s).values.value(0, u"info"_s)));
    };

    handleSignals(app, reload);
    const int status = app.exec();
    notifier.stopping();
    server.stop();
    return status;
}
