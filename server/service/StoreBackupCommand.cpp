#include "service/StoreBackupCommand.h"

#include "SecretBuffer.h"
#include "alerts/AlertSecretBox.h"
#include "service/ServerSettings.h"
#include "store/SqliteBackup.h"
#include "store/SqliteLeaseStore.h"
#include "wire/ApiPaths.h"
#include "wire/ErrorBody.h"
#include "wire/StoreBackup.h"

#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QTimer>
#include <QUrl>

#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

constexpr int refused = 1;
constexpr int usageError = 2;

void say(const QString &line)
{
    std::fputs(qPrintable(line + u'\n'), stdout);
    std::fflush(stdout);
}

int fail(const QString &why, int status = refused)
{
    std::fputs(qPrintable(u"keyright-server: "_s + why + u'\n'), stderr);
    return status;
}

struct Where
{
    ServerConfig config;
    QString storePath;
    QString keyPath;
    QString alertsKeyPath;
    QString lockPath;
};

// The data directory, listen address and TLS certificate as the server would take them: the
// configuration file (--config, or the default one when it exists) under the command line's
// --data-dir and --listen.
std::optional<Where> locate(const QCommandLineParser &parser, const QString &defaultDataDir, QString *why)
{
    QString configPath;
    if (parser.isSet(u"config"_s))
        configPath = QFileInfo(parser.value(u"config"_s)).absoluteFilePath();
    else if (QFileInfo::exists(defaultConfigFilePath()))
        configPath = defaultConfigFilePath();
    ServerSettings fromFile;
    if (!configPath.isEmpty()) {
        auto read = readServerConfigFile(configPath, why);
        if (!read)
            return std::nullopt;
        fromFile = std::move(*read);
    }
    ServerSettings commandLine;
    for (const QString &key : {u"data-dir"_s, u"listen"_s, u"database"_s}) {
        if (parser.optionNames().contains(key))
            commandLine.insert(key, ServerSetting {{parser.value(key)}, u"--"_s + key});
    }
    ServerRunSettings run;
    if (!toServerRunSettings(mergeServerSettings(fromFile, commandLine), defaultDataDir, &run, why))
        return std::nullopt;
    Where where {run.config, {}, {}, {}, {}};
    const QDir dir(run.config.dataDir);
    where.storePath = dir.filePath(u"keyright.sqlite"_s);
    where.keyPath = dir.filePath(u"signing.key"_s);
    where.alertsKeyPath = dir.filePath(QLatin1StringView(AlertSecretBox::fileName));
    where.lockPath = dir.filePath(u"keyright-server.lock"_s);
    return where;
}

QString postgresRefusal(const ServerConfig &config, const QString &verb)
{
    return u"this server keeps its data in PostgreSQL (%1), not in a SQLite store: %2 it with pg_dump and "
           "pg_restore as docs/DEPLOYMENT.md (\"Backup and restore\") shows"_s.arg(config.databaseUrl, verb);
}

// The running server's address for a client on this machine: a wildcard listen address is
// reached on loopback.
QUrl serverUrl(const ServerConfig &config)
{
    QHostAddress host = config.address;
    if (host == QHostAddress::Any || host == QHostAddress::AnyIPv4)
        host = QHostAddress(QHostAddress::LocalHost);
    else if (host == QHostAddress::AnyIPv6)
        host = QHostAddress(QHostAddress::LocalHostIPv6);
    QUrl url;
    url.setScheme(config.tlsCert.isEmpty() ? u"http"_s : u"https"_s);
    url.setHost(host.toString());
    url.setPort(config.port);
    return url;
}

// POST /v1/admin/backup to the running server; the copy's bytes, or nullopt with the reason.
std::optional<QByteArray> askServer(const Where &where, const QString &tokenFile, bool includeKey, QString *why)
{
    if (where.config.port == 0) {
        *why = u"the server listens on a port it picked itself (port 0), so this command cannot find it: give "
               "--listen with the address and port it serves on"_s;
        return std::nullopt;
    }
    const auto token = readSecretFile(tokenFile, why);
    if (!token)
        return std::nullopt;
    QUrl url = serverUrl(where.config);
    url.setPath(QString::fromUtf16(apipath::backup));
    url.setQuery(StoreBackupQuery {includeKey}.toQuery());
    QNetworkRequest request(url);
    request.setRawHeader("Authorization", "Bearer " + token->view().toByteArray());
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    QList<QSslCertificate> own;
    if (!where.config.tlsCert.isEmpty()) {
        // The server's own certificate is the one trusted, whoever signed it.
        own = QSslCertificate::fromPath(where.config.tlsCert);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.addCaCertificates(own);
        request.setSslConfiguration(tls);
    }
    QNetworkAccessManager network;
    // No body: sent as a custom verb, as the clients' transport sends its empty POSTs, so Qt does
    // not warn of a missing content type (walk 28: every backup printed that warning).
    QNetworkReply *reply = network.sendCustomRequest(request, "POST", QByteArray());
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [reply, own](const QList<QSslError> &) {
        if (!own.isEmpty() && own.contains(reply->sslConfiguration().peerCertificate()))
            reply->ignoreSslErrors();
    });
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, reply, &QNetworkReply::abort);
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    deadline.start(std::chrono::minutes(10));
    loop.exec();
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->readAll();
    if (status == 0 && reply->error() == QNetworkReply::SslHandshakeFailedError) {
        *why = u"the server at %1 did not present the certificate %2 names (%3), so it was not trusted and not "
               "asked: give --config naming the configuration the server runs with"_s.arg(
                   serverUrl(where.config).toString(), where.config.tlsCert, reply->errorString());
        return std::nullopt;
    }
    if (status == 0) {
        *why = u"a keyright-server holds the store %1, but it does not answer at %2 (%3): give --listen or --config "
               "naming the address it serves on"_s.arg(where.storePath, serverUrl(where.config).toString(),
                                                       reply->errorString());
        return std::nullopt;
    }
    if (status != 200) {
        const auto error = ErrorBody::fromJson(body);
        *why = u"the server at %1 refused the backup (HTTP %2%3)%4"_s.arg(
            serverUrl(where.config).toString(), QString::number(status),
            error && !error->code.isEmpty() ? u", "_s + error->code : QString(),
            error && !error->message.isEmpty() ? u": "_s + error->message : QString());
        return std::nullopt;
    }
    return body;
}

int backup(const QCommandLineParser &parser, const Where &where)
{
    const QString target = QFileInfo(parser.value(u"to"_s)).absoluteFilePath();
    const bool includeKey = parser.isSet(u"include-key"_s);
    if (!where.config.databaseUrl.isEmpty())
        return fail(postgresRefusal(where.config, u"back up"_s));
    if (!QFileInfo(QFileInfo(target).absolutePath()).isDir())
        return fail(
            u"cannot write %1: the directory %2 does not exist"_s.arg(target, QFileInfo(target).absolutePath()));
    QString why;
    const auto state = SqliteBackup::storeState(where.storePath, &why);
    QString how;
    switch (state) {
    case SqliteBackup::StoreState::Missing:
        return fail(u"there is no store at %1: give the server's --data-dir or --config"_s.arg(where.storePath));
    case SqliteBackup::StoreState::Unreadable:
        return fail(u"cannot read the store %1: %2"_s.arg(where.storePath, why));
    case SqliteBackup::StoreState::Free: {
        std::optional<SecretBuffer> seed;
        std::optional<SecretBuffer> alertsKey;
        if (includeKey) {
            seed = readBinarySecretFile(where.keyPath, &why);
            if (!seed)
                return fail(why);
            if (QFileInfo::exists(where.alertsKeyPath)) {
                alertsKey = readBinarySecretFile(where.alertsKeyPath, &why);
                if (!alertsKey)
                    return fail(why);
            }
        }
        SqliteBackup::StoreState copied = state;
        if (SqliteBackup::copyStoreFile(where.storePath, target,
                                        BackupKeys {seed ? &*seed : nullptr, alertsKey ? &*alertsKey : nullptr},
                                        &copied, &why)) {
            how = u"from the store file %1 (no server was running)"_s.arg(where.storePath);
            break;
        }
        if (copied != SqliteBackup::StoreState::Held)
            return fail(why);
        [[fallthrough]]; // a server started meanwhile: it makes the copy
    }
    case SqliteBackup::StoreState::Held: {
        const QString tokenFile = parser.isSet(u"token-file"_s) ? parser.value(u"token-file"_s)
                                                                : QDir(where.config.dataDir).filePath(u"admin-token"_s);
        const auto bytes = askServer(where, tokenFile, includeKey, &why);
        if (!bytes)
            return fail(why);
        if (!bytes->startsWith(QByteArrayView("SQLite format 3\0", 16)))
            return fail(u"the server at %1 answered something that is not a SQLite database; nothing was written"_s.arg(
                serverUrl(where.config).toString()));
        if (!writeSecretFile(target, *bytes, &why))
            return fail(why);
        how = u"by the running server at %1"_s.arg(serverUrl(where.config).toString());
        break;
    }
    }
    const auto info = SqliteBackup::inspect(target, SqliteLeaseStore::dialect().migrations.size(), &why);
    if (!info) {
        QFile::remove(target);
        return fail(u"the backup made is not usable, so it was removed: %1"_s.arg(why));
    }
    say(u"backup: %1 (schema version %2, %3), taken %4"_s.arg(
        target, QString::number(info->schemaVersion),
        info->hasSigningKey ? u"with the signing key: keep it as secret as signing.key"_s
                            : u"without the signing key"_s,
        how));
    return 0;
}

int restore(const QCommandLineParser &parser, const Where &where)
{
    const QString source = QFileInfo(parser.value(u"from"_s)).absoluteFilePath();
    const bool includeKey = parser.isSet(u"include-key"_s);
    if (!where.config.databaseUrl.isEmpty())
        return fail(postgresRefusal(where.config, u"restore"_s));
    const QString dataDir = where.config.dataDir;
    if (!QFileInfo(dataDir).isDir()) {
        if (!QDir().mkpath(dataDir))
            return fail(u"cannot create the data directory %1"_s.arg(dataDir));
        // As the server makes it: only its user looks inside.
        QFile::setPermissions(dataDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    // The server's own lock, held until the restore is done: no server starts on a half-restored
    // directory, and none is running now.
    QLockFile lock(where.lockPath);
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0)) {
        qint64 pid = 0;
        QString host, application;
        if (lock.error() == QLockFile::LockFailedError && lock.getLockInfo(&pid, &host, &application))
            return fail(u"a keyright-server is running on %1 (process %2 on %3); stop it before restoring its "
                        "store"_s.arg(dataDir, QString::number(pid), host));
        return fail(u"cannot lock the data directory %1 (%2): a keyright-server may be using it, or the directory "
                    "is not writable"_s.arg(dataDir, where.lockPath));
    }
    QString why;
    if (SqliteBackup::storeState(where.storePath, &why) == SqliteBackup::StoreState::Held)
        return fail(u"the store %1 is held by a running keyright-server; stop it before restoring its store"_s.arg(
            where.storePath));
    const int newest = int(SqliteLeaseStore::dialect().migrations.size());
    const auto info = SqliteBackup::inspect(source, newest, &why);
    if (!info)
        return fail(why + u"; nothing was changed"_s);
    std::optional<SecretBuffer> seed;
    if (includeKey) {
        if (!info->hasSigningKey)
            return fail(u"%1 holds no signing key (it was made without --include-key), so --include-key cannot "
                        "restore one; nothing was changed"_s.arg(source));
        seed = SqliteBackup::signingSeed(source, &why);
        if (!seed)
            return fail(why + u"; nothing was changed"_s);
    }
    std::optional<SecretBuffer> alertsKey;
    if (includeKey && info->hasAlertsKey) {
        alertsKey = SqliteBackup::alertsKey(source, &why);
        if (!alertsKey)
            return fail(why + u"; nothing was changed"_s);
    }
    if (!SqliteBackup::restoreStore(source, where.storePath, &why))
        return fail(why);
    say(u"restored %1 from %2 (schema version %3)"_s.arg(where.storePath, source,
                                                         QString::number(info->schemaVersion)));
    if (info->schemaVersion < newest)
        say(u"the server migrates it from schema version %1 to %2 when it next starts"_s.arg(info->schemaVersion)
                .arg(newest));
    if (seed) {
        if (!writeSecretFile(where.keyPath, seed->view(), &why))
            return fail(u"the store was restored, but not the signing key: %1"_s.arg(why));
        say(u"restored the signing key %1"_s.arg(where.keyPath));
        if (alertsKey) {
            if (!writeSecretFile(where.alertsKeyPath, alertsKey->view(), &why))
                return fail(u"the store and the signing key were restored, but not the alerts key: %1"_s.arg(why));
            say(u"restored the alerts key %1"_s.arg(where.alertsKeyPath));
        }
    } else if (info->hasSigningKey) {
        say(u"%1 also holds a signing key, which was left out: %2 stays as it is (give --include-key to restore "
            "the key too)"_s.arg(source, where.keyPath));
    }
    if (!seed && !QFileInfo::exists(where.keyPath))
        say(u"warning: there is no signing key at %1, so the server will make a new one and the restored leases "
            "will not verify with it; put the old signing.key there (mode 0600) before starting the server%2"_s.arg(
                where.keyPath, info->hasSigningKey ? u", or restore again with --include-key"_s : QString()));
    return 0;
}

} // namespace

bool isStoreBackupCommand(const QString &word)
{
    return word == u"backup"_s || word == u"restore"_s;
}

int runStoreBackupCommand(const QStringList &arguments, const QString &defaultDataDir)
{
    const QString command = arguments.value(1);
    const bool isBackup = command == u"backup"_s;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        isBackup ? u"keyright-server backup: a consistent copy of the SQLite store, taken by the running server "
                   "when there is one (docs/DEPLOYMENT.md, \"Backup and restore\")."_s
                 : u"keyright-server restore: puts a backup in place of the SQLite store of a stopped server "
                   "(docs/DEPLOYMENT.md, \"Backup and restore\")."_s);
    parser.addHelpOption();
    parser.addOption({u"config"_s,
                      u"The server's configuration file. Default %1 when it exists."_s.arg(defaultConfigFilePath()),
                      u"file"_s});
    parser.addOption({u"data-dir"_s, u"The server's data directory (over the configuration file's)."_s, u"dir"_s});
    parser.addOption({u"database"_s,
                      u"The server's PostgreSQL database, if it has one: these commands then only say how pg_dump "
                      "and pg_restore do the job."_s,
                      u"url"_s});
    if (isBackup) {
        parser.addOption({u"listen"_s,
                          u"The address and port the running server listens on (over the configuration file's)."_s,
                          u"host:port"_s});
        parser.addOption({u"to"_s, u"Write the backup to this file (mode 0600; replaced atomically)."_s, u"file"_s});
        parser.addOption({u"include-key"_s, u"Put the signing key into the backup too."_s});
        parser.addOption({u"token-file"_s,
                          u"File (0600) with an admin token for the running server. Default DIR/admin-token."_s,
                          u"file"_s});
    } else {
        parser.addOption({u"from"_s, u"The backup file to restore."_s, u"file"_s});
        parser.addOption(
            {u"include-key"_s, u"Restore the signing key the backup holds too, replacing DIR/signing.key."_s});
    }
    QStringList forParser = arguments;
    forParser.removeAt(1);
    forParser[0] += u' ' + command;
    parser.process(forParser);
    if (!parser.positionalArguments().isEmpty())
        return fail(u"unexpected argument \"%1\"; see keyright-server %2 --help"_s.arg(
                        parser.positionalArguments().first(), command),
                    usageError);
    const QString fileOption = isBackup ? u"to"_s : u"from"_s;
    if (parser.value(fileOption).isEmpty())
        return fail(u"keyright-server %1 needs --%2 FILE"_s.arg(command, fileOption), usageError);
    QString why;
    const auto where = locate(parser, defaultDataDir, &why);
    if (!where)
        return fail(why, usageError);
    return isBackup ? backup(parser, *where) : restore(parser, *where);
}

} // namespace keyright::server
