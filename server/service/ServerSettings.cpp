#include "ServerSettings.h"

#include "Durations.h"
#include "SeatRules.h"
#include "alerts/SmtpMailer.h"
#include "http/ListenAddress.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QUrl>

#include <algorithm>
#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

using Kind = ServerOptionSpec::Kind;

bool refuse(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

std::optional<bool> parseFlag(const QString &text)
{
    const QString value = text.toLower();
    if (value == u"true"_s || value == u"yes"_s || value == u"on"_s || value == u"1"_s)
        return true;
    if (value == u"false"_s || value == u"no"_s || value == u"off"_s || value == u"0"_s)
        return false;
    return std::nullopt;
}

// The setting's one value, or `fallback` when it is absent.
QString valueOf(const ServerSettings &settings, const QString &key, const QString &fallback = QString())
{
    const auto it = settings.constFind(key);
    return it == settings.constEnd() || it->values.isEmpty() ? fallback : it->values.constLast();
}

QString originOf(const ServerSettings &settings, const QString &key)
{
    const auto it = settings.constFind(key);
    return it == settings.constEnd() ? u"--"_s + key : it->origin;
}

bool flagOf(const ServerSettings &settings, const QString &key)
{
    return parseFlag(valueOf(settings, key, u"false"_s)).value_or(false);
}

// The ldap-* settings. A group is `NAME; BASE DN; FILTER; ATTRIBUTE; HOST PATTERN`: the name
// first, the attribute and host pattern last, and the filter is what lies between the base DN's
// `;` and the attribute's (so a filter may hold a `;`, a base DN may not).
bool toLdapSettings(const ServerSettings &settings, LdapSettings *ldap, QString *error)
{
    const auto origin = [&](const QString &key) { return originOf(settings, key); };
    ldap->url = valueOf(settings, u"ldap-url"_s);
    const QStringList groups = settings.value(u"ldap-group"_s).values;
    const bool anyLdap
        = std::any_of(serverOptionSpecs().cbegin(), serverOptionSpecs().cend(), [&](const ServerOptionSpec &spec) {
              return spec.name.startsWith(u"ldap-"_s) && settings.contains(spec.name);
          });
    if (!anyLdap)
        return true;
    if (ldap->url.isEmpty())
        return refuse(error,
                      u"%1: the ldap-* settings need ldap-url (ldap://host or ldaps://host)"_s.arg(
                          origin(groups.isEmpty() ? u"ldap-bind-dn"_s : u"ldap-group"_s)));
    const QUrl url(ldap->url, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"ldap"_s && url.scheme() != u"ldaps"_s) || url.host().isEmpty()
        || !url.userInfo().isEmpty())
        return refuse(error,
                      u"%1: ldap-url %2: expected ldap://host[:port] or ldaps://host[:port]"_s.arg(
                          origin(u"ldap-url"_s), ldap->url.left(200)));
    if (groups.isEmpty())
        return refuse(error,
                      u"%1: ldap-url is set but no ldap-group says which groups to read (ldap-group = NAME; BASE "
                      "DN; FILTER; ATTRIBUTE; HOST PATTERN)"_s.arg(origin(u"ldap-url"_s)));
    ldap->bindDn = valueOf(settings, u"ldap-bind-dn"_s);
    if (settings.contains(u"ldap-bind-password-file"_s)) {
        if (ldap->bindDn.isEmpty())
            return refuse(
                error,
                u"%1: ldap-bind-password-file goes with ldap-bind-dn"_s.arg(origin(u"ldap-bind-password-file"_s)));
        ldap->bindPasswordFile = QDir(valueOf(settings, u"ldap-bind-password-file"_s)).absolutePath();
    } else if (!ldap->bindDn.isEmpty()) {
        return refuse(error,
                      u"%1: ldap-bind-dn needs ldap-bind-password-file (a file of mode 0600 holding the "
                      "password)"_s.arg(origin(u"ldap-bind-dn"_s)));
    }
    ldap->startTls = flagOf(settings, u"ldap-starttls"_s);
    if (ldap->startTls && url.scheme() == u"ldaps"_s)
        return refuse(error,
                      u"%1: ldap-starttls is for an ldap:// URL; an ldaps:// one is TLS already"_s.arg(
                          origin(u"ldap-starttls"_s)));
    if (settings.contains(u"ldap-ca-file"_s))
        ldap->caFile = QDir(valueOf(settings, u"ldap-ca-file"_s)).absolutePath();
    for (const auto &[key, target, fallback] : {std::tuple {u"ldap-sync-interval"_s, &ldap->syncInterval, u"5m"_s},
                                                std::tuple {u"ldap-timeout"_s, &ldap->timeout, u"10s"_s}}) {
        const auto duration = parseDuration(valueOf(settings, key, fallback));
        if (!duration || duration->count() <= 0)
            return refuse(error,
                          u"%1: %2 %3: expected a duration above zero such as 5m or 10s"_s.arg(
                              origin(key), key, valueOf(settings, key).left(200)));
        *target = *duration;
    }
    for (const QString &text : groups) {
        const QStringList parts = text.split(u';');
        const auto bad = [&](const QString &why) {
            return refuse(error, u"%1: ldap-group %2: %3"_s.arg(origin(u"ldap-group"_s), text.left(200), why));
        };
        if (parts.size() < 5)
            return bad(u"expected NAME; BASE DN; FILTER; ATTRIBUTE; HOST PATTERN"_s);
        LdapGroupConfig group;
        group.name = parts.first().trimmed();
        group.baseDn = parts.at(1).trimmed();
        group.filter = parts.mid(2, parts.size() - 4).join(u';').trimmed();
        group.attribute = parts.at(parts.size() - 2).trimmed();
        group.hostPattern = parts.last().trimmed();
        if (!isValidGroupName(group.name))
            return bad(u"\"%1\" is not a group name: use 1 to 32 lowercase letters, digits, - and _"_s.arg(group.name));
        if (group.baseDn.isEmpty() || group.attribute.isEmpty() || group.hostPattern.isEmpty())
            return bad(u"the base DN, the attribute and the host pattern may not be empty"_s);
        if (!group.filter.startsWith(u'(') || !group.filter.endsWith(u')'))
            return bad(u"the filter must be in parentheses, such as (cn=render)"_s);
        if (!patternProblem(u"x@"_s + group.hostPattern).isEmpty())
            return bad(u"the host pattern: %1"_s.arg(patternProblem(u"x@"_s + group.hostPattern)));
        for (const LdapGroupConfig &other : std::as_const(ldap->groups)) {
            if (other.name == group.name)
                return bad(u"the group \"%1\" is given twice"_s.arg(group.name));
        }
        ldap->groups.append(group);
    }
    return true;
}

// The smtp-* settings: where alert mail goes out (docs/DEPLOYMENT.md, "Alert mail").
bool toSmtpSettings(const ServerSettings &settings, SmtpSettings *smtp, QString *error)
{
    const auto origin = [&](const QString &key) { return originOf(settings, key); };
    QString first;
    for (const ServerOptionSpec &spec : serverOptionSpecs()) {
        if (spec.name.startsWith(u"smtp-"_s) && settings.contains(spec.name)) {
            first = spec.name;
            break;
        }
    }
    if (first.isEmpty())
        return true;
    smtp->url = valueOf(settings, u"smtp-url"_s);
    if (smtp->url.isEmpty())
        return refuse(error,
                      u"%1: the smtp-* settings need smtp-url (smtp://host:587 with STARTTLS, or "
                      "smtps://host:465)"_s.arg(origin(first)));
    if (const QString problem = SmtpMailer::urlProblem(smtp->url); !problem.isEmpty())
        return refuse(error, u"%1: smtp-url %2: %3"_s.arg(origin(u"smtp-url"_s), smtp->url.left(200), problem));
    smtp->from = valueOf(settings, u"smtp-from"_s);
    if (smtp->from.isEmpty())
        return refuse(
            error, u"%1: smtp-url needs smtp-from, the address alert mail is sent from"_s.arg(origin(u"smtp-url"_s)));
    if (!SmtpMailer::isPlainAddress(smtp->from))
        return refuse(error,
                      u"%1: smtp-from %2: expected a plain address such as alerts@example.org"_s.arg(
                          origin(u"smtp-from"_s), smtp->from.left(200)));
    smtp->user = valueOf(settings, u"smtp-user"_s);
    if (settings.contains(u"smtp-password-file"_s)) {
        if (smtp->user.isEmpty())
            return refuse(error, u"%1: smtp-password-file goes with smtp-user"_s.arg(origin(u"smtp-password-file"_s)));
        smtp->passwordFile = QDir(valueOf(settings, u"smtp-password-file"_s)).absolutePath();
    } else if (!smtp->user.isEmpty()) {
        return refuse(error,
                      u"%1: smtp-user needs smtp-password-file (a file of mode 0600 holding the password)"_s.arg(
                          origin(u"smtp-user"_s)));
    }
    if (settings.contains(u"smtp-ca-file"_s))
        smtp->caFile = QDir(valueOf(settings, u"smtp-ca-file"_s)).absolutePath();
    if (settings.contains(u"smtp-timeout"_s)) {
        const auto timeout = parseDuration(valueOf(settings, u"smtp-timeout"_s));
        if (!timeout || timeout->count() <= 0)
            return refuse(error,
                          u"%1: smtp-timeout %2: expected a duration above zero such as 30s"_s.arg(
                              origin(u"smtp-timeout"_s), valueOf(settings, u"smtp-timeout"_s).left(200)));
        smtp->timeout = *timeout;
    }
    return true;
}

} // namespace

const QList<ServerOptionSpec> &serverOptionSpecs()
{
    static const QList<ServerOptionSpec> specs {
        {u"listen"_s, Kind::Value, false, false},
        {u"data-dir"_s, Kind::Value, true, false},
        {u"demo"_s, Kind::Flag, false, false},
        {u"reap-interval"_s, Kind::Value, false, false},
        {u"alert-interval"_s, Kind::Value, false, false},
        {u"event-retention-days"_s, Kind::Value, false, true},
        {u"tls-cert"_s, Kind::Value, true, true},
        {u"tls-key"_s, Kind::Value, true, true},
        {u"insecure-http"_s, Kind::Flag, false, false},
        {u"peer"_s, Kind::List, false, false},
        {u"peer-token-file"_s, Kind::List, true, false},
        {u"peer-interval"_s, Kind::Value, false, false},
        {u"database"_s, Kind::Value, false, false},
        {u"database-password-file"_s, Kind::Value, true, false},
        {u"require-synchronous-commit"_s, Kind::Flag, false, false},
        {u"ldap-url"_s, Kind::Value, false, false},
        {u"ldap-bind-dn"_s, Kind::Value, false, false},
        {u"ldap-bind-password-file"_s, Kind::Value, true, false},
        {u"ldap-starttls"_s, Kind::Flag, false, false},
        {u"ldap-ca-file"_s, Kind::Value, true, false},
        {u"ldap-sync-interval"_s, Kind::Value, false, false},
        {u"ldap-timeout"_s, Kind::Value, false, false},
        {u"ldap-group"_s, Kind::List, false, false},
        {u"smtp-url"_s, Kind::Value, false, false},
        {u"smtp-from"_s, Kind::Value, false, false},
        {u"smtp-user"_s, Kind::Value, false, false},
        {u"smtp-password-file"_s, Kind::Value, true, false},
        {u"smtp-ca-file"_s, Kind::Value, true, false},
        {u"smtp-timeout"_s, Kind::Value, false, false},
        {u"max-connections"_s, Kind::Value, false, false},
        {u"max-connections-per-address"_s, Kind::Value, false, false},
        {u"header-timeout"_s, Kind::Value, false, false},
        {u"body-timeout"_s, Kind::Value, false, false},
        {u"idle-timeout"_s, Kind::Value, false, false},
        {u"log-level"_s, Kind::Value, false, true},
    };
    return specs;
}

const ServerOptionSpec *findServerOption(const QString &name)
{
    for (const ServerOptionSpec &spec : serverOptionSpecs()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

QString defaultConfigFilePath()
{
    return u"/etc/keyright/server.conf"_s;
}

std::optional<ServerSettings> readServerConfigFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        refuse(error, u"%1: cannot read the configuration file: %2"_s.arg(path, file.errorString()));
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    QString text = QString::fromUtf8(bytes);
    if (text.toUtf8() != bytes) {
        refuse(error, u"%1: the file is not UTF-8 text"_s.arg(path));
        return std::nullopt;
    }
    return parseServerConfigText(text, QFileInfo(path).absoluteFilePath(), error);
}

std::optional<ServerSettings> parseServerConfigText(const QString &text, const QString &path, QString *error)
{
    const QDir base = QFileInfo(path).absoluteDir();
    ServerSettings settings;
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString where = u"%1:%2"_s.arg(path).arg(i + 1);
        QString line = lines.at(i);
        // A '#' at the start or after a space or tab starts a comment.
        for (qsizetype at = line.indexOf(u'#'); at >= 0; at = line.indexOf(u'#', at + 1)) {
            if (at == 0 || line.at(at - 1).isSpace()) {
                line.truncate(at);
                break;
            }
        }
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype equals = line.indexOf(u'=');
        if (equals < 0) {
            refuse(error, u"%1: expected \"key = value\", found \"%2\""_s.arg(where, line.left(80)));
            return std::nullopt;
        }
        QString key = line.left(equals).trimmed();
        const QString value = line.mid(equals + 1).trimmed();
        if (key.startsWith(u"--"_s))
            key.remove(0, 2);
        const ServerOptionSpec *spec = findServerOption(key);
        if (!spec) {
            refuse(error,
                   u"%1: unknown key \"%2\" (the keys are keyright-server's long options, listed in "
                   "docs/DEPLOYMENT.md)"_s.arg(where, key.left(80)));
            return std::nullopt;
        }
        if (value.isEmpty()) {
            refuse(error, u"%1: %2 has no value"_s.arg(where, key));
            return std::nullopt;
        }
        QString stored = value;
        if (spec->kind == Kind::Flag) {
            const auto flag = parseFlag(value);
            if (!flag) {
                refuse(error, u"%1: %2 = %3: expected true or false"_s.arg(where, key, value.left(80)));
                return std::nullopt;
            }
            stored = *flag ? u"true"_s : u"false"_s;
        } else if (spec->path) {
            stored = QDir::cleanPath(base.absoluteFilePath(value));
        }
        auto existing = settings.find(key);
        if (existing != settings.end()) {
            if (spec->kind != Kind::List) {
                refuse(error,
                       u"%1: %2 is already set on line %3"_s.arg(
                           where, key, existing->origin.mid(existing->origin.lastIndexOf(u':') + 1)));
                return std::nullopt;
            }
            existing->values.append(stored);
            continue;
        }
        settings.insert(key, ServerSetting {{stored}, where});
    }
    return settings;
}

ServerSettings mergeServerSettings(const ServerSettings &file, const ServerSettings &commandLine)
{
    ServerSettings merged = file;
    for (auto it = commandLine.constBegin(); it != commandLine.constEnd(); ++it)
        merged.insert(it.key(), it.value());
    return merged;
}

const QStringList &serverLogLevels()
{
    static const QStringList levels {u"debug"_s, u"info"_s, u"warning"_s, u"error"_s};
    return levels;
}

void applyServerLogLevel(const QString &level)
{
    const qsizetype rank = std::max<qsizetype>(0, serverLogLevels().indexOf(level));
    const QStringList types {u"debug"_s, u"info"_s, u"warning"_s, u"critical"_s};
    QStringList rules;
    for (qsizetype i = 0; i < types.size(); ++i)
        rules.append(u"keyright.*.%1=%2"_s.arg(types.at(i), i >= rank ? u"true"_s : u"false"_s));
    QLoggingCategory::setFilterRules(rules.join(u'\n'));
}

bool toServerRunSettings(const ServerSettings &settings, const QString &defaultDataDir, ServerRunSettings *out,
                         QString *error)
{
    ServerRunSettings run;
    ServerConfig &config = run.config;
    const auto bad = [&](const QString &key, const QString &expected) {
        return refuse(
            error,
            u"%1: %2 %3: expected %4"_s.arg(originOf(settings, key), key, valueOf(settings, key).left(200), expected));
    };
    QString why;
    const auto address = ListenAddress::parse(valueOf(settings, u"listen"_s, u"127.0.0.1:7400"_s), &why);
    if (!address)
        return refuse(error, u"%1: %2"_s.arg(originOf(settings, u"listen"_s), why));
    config.address = address->address;
    config.port = address->port;
    config.dataDir = QDir(valueOf(settings, u"data-dir"_s, defaultDataDir)).absolutePath();
    config.lockDataDir = true;
    config.demo = flagOf(settings, u"demo"_s);

    const auto interval = parseDuration(valueOf(settings, u"reap-interval"_s, u"30s"_s));
    if (!interval)
        return bad(u"reap-interval"_s, u"a duration such as 30s, 2m or 90"_s);
    config.reapInterval = std::chrono::duration_cast<std::chrono::seconds>(*interval);
    const auto alertInterval = parseDuration(valueOf(settings, u"alert-interval"_s, u"15s"_s));
    if (!alertInterval)
        return bad(u"alert-interval"_s, u"a duration such as 15s, 1m or 30"_s);
    config.alertInterval = *alertInterval;
    bool ok = false;
    config.eventRetentionDays = valueOf(settings, u"event-retention-days"_s, u"90"_s).toInt(&ok);
    if (!ok || config.eventRetentionDays < 0)
        return bad(u"event-retention-days"_s, u"a whole number of days, 0 or more"_s);

    config.tlsCert = valueOf(settings, u"tls-cert"_s);
    config.tlsKey = valueOf(settings, u"tls-key"_s);
    if (!config.tlsCert.isEmpty())
        config.tlsCert = QDir(config.tlsCert).absolutePath();
    if (!config.tlsKey.isEmpty())
        config.tlsKey = QDir(config.tlsKey).absolutePath();
    config.insecureHttp = flagOf(settings, u"insecure-http"_s);

    for (const QString &url : settings.value(u"peer"_s).values) {
        const QUrl peer(url, QUrl::StrictMode);
        if (!peer.isValid() || (peer.scheme() != u"http"_s && peer.scheme() != u"https"_s))
            return refuse(error,
                          u"%1: peer %2: expected a base URL such as https://host:7400"_s.arg(
                              originOf(settings, u"peer"_s), url.left(200)));
        config.peers.append(peer);
    }
    for (const QString &file : settings.value(u"peer-token-file"_s).values)
        config.peerTokenFiles.append(QDir(file).absolutePath());
    const auto pullEvery = parseDuration(valueOf(settings, u"peer-interval"_s, u"5s"_s));
    if (!pullEvery || pullEvery->count() <= 0)
        return bad(u"peer-interval"_s, u"a duration above zero such as 5s or 500ms"_s);
    config.peerInterval = *pullEvery;

    config.databaseUrl = valueOf(settings, u"database"_s);
    if (settings.contains(u"database-password-file"_s)) {
        if (config.databaseUrl.isEmpty())
            return refuse(error,
                          u"%1: database-password-file goes with database"_s.arg(
                              originOf(settings, u"database-password-file"_s)));
        config.databasePasswordFile = QDir(valueOf(settings, u"database-password-file"_s)).absolutePath();
    }
    config.requireSynchronousCommit = flagOf(settings, u"require-synchronous-commit"_s);
    if (config.requireSynchronousCommit && config.databaseUrl.isEmpty())
        return refuse(error,
                      u"%1: require-synchronous-commit goes with database (a SQLite file has no standby)"_s.arg(
                          originOf(settings, u"require-synchronous-commit"_s)));

    if (!toLdapSettings(settings, &config.ldap, error))
        return false;
    if (!toSmtpSettings(settings, &config.smtp, error))
        return false;

    for (const auto &[key, target] :
         {std::pair {u"max-connections"_s, &config.http.maxConnections},
          std::pair {u"max-connections-per-address"_s, &config.http.maxConnectionsPerAddress}}) {
        if (!settings.contains(key))
            continue;
        *target = valueOf(settings, key).toInt(&ok);
        if (!ok || *target < 1)
            return bad(key, u"a whole number, 1 or more"_s);
    }
    for (const auto &[key, target] : {std::pair {u"header-timeout"_s, &config.http.headerTimeout},
                                      std::pair {u"body-timeout"_s, &config.http.bodyTimeout},
                                      std::pair {u"idle-timeout"_s, &config.http.idleTimeout}}) {
        if (!settings.contains(key))
            continue;
        const auto timeout = parseDuration(valueOf(settings, key));
        if (!timeout || timeout->count() <= 0)
            return bad(key, u"a duration above zero such as 10s or 500ms"_s);
        *target = *timeout;
    }

    run.logLevel = valueOf(settings, u"log-level"_s, u"info"_s);
    if (!serverLogLevels().contains(run.logLevel))
        return bad(u"log-level"_s, serverLogLevels().join(u", "_s));
    *out = std::move(run);
    return true;
}

QString checkSecretFiles(const ServerSettings &settings)
{
    for (const QString &key : {u"tls-key"_s, u"database-password-file"_s, u"peer-token-file"_s,
                               u"ldap-bind-password-file"_s, u"smtp-password-file"_s}) {
        for (const QString &file : settings.value(key).values) {
            const QFileInfo info(file);
            if (!info.exists())
                return u"%1: %2 %3: no such file"_s.arg(originOf(settings, key), key, file);
            const QFileDevice::Permissions open = QFileDevice::ReadGroup | QFileDevice::WriteGroup
                | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;
            if (info.permissions() & open)
                return u"%1: %2 %3 can be read or changed by other users; secrets are only read from files of "
                       "mode 0600 or stricter (chmod 600 %3)"_s.arg(originOf(settings, key), key, file);
        }
    }
    return {};
}

QStringList changedServerSettings(const ServerSettings &before, const ServerSettings &after)
{
    QStringList changed;
    for (const ServerOptionSpec &spec : serverOptionSpecs()) {
        if (before.value(spec.name).values != after.value(spec.name).values)
            changed.append(spec.name);
    }
    return changed;
}

} // namespace keyright::server
