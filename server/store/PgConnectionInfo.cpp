#include "store/PgConnectionInfo.h"

#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// Fills *error and converts to any empty optional.
struct Refusal
{
    template <typename T>
    operator std::optional<T>() const
    {
        return std::nullopt;
    }
};

Refusal refuse(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return {};
}

// The libpq keywords a URI may set. Not password (see the header), not host/port/user/dbname,
// which have their places in the URI.
const QStringList &allowedOptions()
{
    static const QStringList options {
        u"connect_timeout"_s,  u"sslmode"_s,
        u"sslcert"_s,          u"sslkey"_s,
        u"sslrootcert"_s,      u"sslcrl"_s,
        u"application_name"_s, u"keepalives"_s,
        u"keepalives_idle"_s,  u"keepalives_interval"_s,
        u"keepalives_count"_s, u"target_session_attrs"_s,
        u"options"_s,          u"passfile"_s,
        u"requiressl"_s,
    };
    return options;
}

// "a:5432,[::1]:5433,b" into its servers; nullopt with a message naming the faulty one.
std::optional<QList<PgHost>> parseHostList(const QString &list, const QString &shown, QString *error)
{
    QList<PgHost> hosts;
    for (const QString &entry : list.split(u',')) {
        PgHost host;
        QString portText;
        if (entry.startsWith(u'[')) {
            const qsizetype close = entry.indexOf(u']');
            if (close < 0)
                return refuse(error, u"--database %1: \"%2\" opens a [ but does not close it"_s.arg(shown, entry));
            host.host = entry.mid(1, close - 1);
            const QString rest = entry.mid(close + 1);
            if (!rest.isEmpty() && !rest.startsWith(u':'))
                return refuse(error, u"--database %1: \"%2\" is not host:port"_s.arg(shown, entry));
            portText = rest.mid(1);
            if (rest.startsWith(u':') && portText.isEmpty())
                portText = u"(none)"_s;
        } else {
            const qsizetype colon = entry.lastIndexOf(u':');
            host.host = colon < 0 ? entry : entry.left(colon);
            if (colon >= 0)
                portText = colon + 1 < entry.size() ? entry.mid(colon + 1) : u"(none)"_s;
        }
        if (host.host.isEmpty())
            return refuse(error,
                          u"--database %1: no host; name one, as in postgresql://user@127.0.0.1:5432/dbname, or "
                          "a socket directory with ?host=/run/postgresql"_s.arg(shown));
        QUrl check;
        check.setHost(host.host, QUrl::StrictMode);
        if (!check.isValid() || check.host().isEmpty())
            return refuse(error,
                          u"--database %1 is not a valid URI (\"%2\" is not a host name); expected "
                          "postgresql://user@host:port/dbname"_s.arg(shown, host.host.left(80)));
        host.host = check.host();
        if (!portText.isEmpty()) {
            bool ok = false;
            host.port = portText.toInt(&ok);
            if (!ok || host.port > 65535 || host.port < 0)
                return refuse(error,
                              u"--database %1 is not a valid URI (port %2 of %3 is not a port number); expected "
                              "postgresql://user@host:port/dbname"_s.arg(shown, portText.left(20), host.host));
            if (host.port == 0)
                return refuse(error, u"--database %1: port 0 is not a port"_s.arg(shown));
        }
        hosts.append(host);
    }
    return hosts;
}

} // namespace

std::optional<PgConnectionInfo> PgConnectionInfo::parse(const QString &uri, QString *error)
{
    const QString shown = uri.left(200);
    // QUrl knows one host and one port; libpq's URI has a comma-separated list of host[:port]
    // where QUrl expects the host. The list is read here, and QUrl parses the rest with a
    // placeholder in its place.
    const qsizetype schemeEnd = uri.indexOf(u"://"_s);
    QString withoutHosts = uri;
    QString hostList;
    if (schemeEnd > 0) {
        const qsizetype authorityStart = schemeEnd + 3;
        qsizetype authorityEnd = uri.size();
        for (const QChar end : {u'/', u'?', u'#'}) {
            const qsizetype at = uri.indexOf(end, authorityStart);
            if (at >= 0)
                authorityEnd = std::min(authorityEnd, at);
        }
        const QString authority = uri.mid(authorityStart, authorityEnd - authorityStart);
        const qsizetype at = authority.lastIndexOf(u'@');
        hostList = authority.mid(at + 1);
        if (!hostList.isEmpty())
            withoutHosts
                = uri.left(authorityStart) + authority.left(at + 1) + u"placeholder.invalid"_s + uri.mid(authorityEnd);
    }
    const QUrl url(withoutHosts, QUrl::StrictMode);
    if (!url.isValid())
        return refuse(error,
                      u"--database %1 is not a valid URI (%2); expected "
                      "postgresql://user@host:port/dbname"_s.arg(shown, url.errorString()));
    if (url.scheme() != u"postgresql"_s && url.scheme() != u"postgres"_s)
        return refuse(error,
                      u"--database %1: the scheme must be postgresql:// (as in "
                      "postgresql://user@host:port/dbname)"_s.arg(shown));
    if (!url.password().isEmpty() || url.userInfo().contains(u':'))
        return refuse(error,
                      u"--database: the URI holds a password, which would show in the process list; put it "
                      "in ~/.pgpass or PGPASSFILE, or in a file given with --database-password-file (0600)"_s);
    PgConnectionInfo info;
    if (!hostList.isEmpty()) {
        auto hosts = parseHostList(hostList, shown, error);
        if (!hosts)
            return std::nullopt;
        info.hosts = *hosts;
    }
    info.user = url.userName();
    QString path = url.path();
    if (path.startsWith(u'/'))
        path.remove(0, 1);
    if (path.isEmpty() || path.contains(u'/'))
        return refuse(error,
                      u"--database %1: name one database after the host, as in "
                      "postgresql://user@host:port/dbname"_s.arg(shown));
    info.databaseName = path;

    QStringList options;
    bool timeoutGiven = false;
    std::optional<QStringList> queryHosts;
    std::optional<QList<int>> queryPorts;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"password"_s)
            return refuse(error,
                          u"--database: the URI holds a password, which would show in the process list; put "
                          "it in ~/.pgpass or PGPASSFILE, or in a file given with "
                          "--database-password-file (0600)"_s);
        if (key == u"host"_s) {
            queryHosts = value.split(u',');
            continue;
        }
        if (key == u"port"_s) {
            QList<int> ports;
            for (const QString &text : value.split(u',')) {
                bool ok = false;
                const int port = text.toInt(&ok);
                if (!ok || port <= 0 || port > 65535)
                    return refuse(error, u"--database %1: port=%2 is not a port number"_s.arg(shown, text.left(20)));
                ports.append(port);
            }
            queryPorts = ports;
            continue;
        }
        if (key == u"user"_s) {
            info.user = value;
            continue;
        }
        if (!allowedOptions().contains(key))
            return refuse(error,
                          u"--database %1: unknown connection option \"%2\" (allowed: host, port, user, %3)"_s.arg(
                              shown, key.left(40), allowedOptions().join(u", "_s)));
        if (value.contains(u';') || value.contains(u' '))
            return refuse(error, u"--database %1: the value of %2 may not contain ';' or spaces"_s.arg(shown, key));
        if (key == u"connect_timeout"_s) {
            bool ok = false;
            const int seconds = value.toInt(&ok);
            if (!ok || seconds < 1)
                return refuse(error,
                              u"--database %1: connect_timeout=%2 must be a whole number of seconds, 1 or more"_s.arg(
                                  shown, value.left(20)));
            timeoutGiven = true;
        }
        options.append(key + u'=' + value);
    }
    if (queryHosts) {
        // ?host= replaces the URI's hosts, as in libpq; a socket directory is not a URI host.
        const int inheritedPort = info.hosts.size() == 1 ? info.hosts.constFirst().port : defaultPort;
        info.hosts.clear();
        for (const QString &name : *queryHosts) {
            if (name.isEmpty() || name.contains(u' '))
                return refuse(error, u"--database %1: host=%2 names no host"_s.arg(shown, name.left(80)));
            info.hosts.append(PgHost {name, inheritedPort});
        }
    }
    if (queryPorts) {
        if (queryPorts->size() != 1 && queryPorts->size() != info.hosts.size())
            return refuse(
                error,
                u"--database %1: %2 ports for %3 hosts; give one port for all, or one for each host"_s.arg(shown)
                    .arg(queryPorts->size())
                    .arg(info.hosts.size()));
        for (qsizetype i = 0; i < info.hosts.size(); ++i)
            info.hosts[i].port = queryPorts->size() == 1 ? queryPorts->constFirst() : queryPorts->at(i);
    }
    if (info.hosts.isEmpty())
        return refuse(error,
                      u"--database %1: no host; name one, as in postgresql://user@127.0.0.1:5432/dbname, or "
                      "a socket directory with ?host=/run/postgresql"_s.arg(shown));
    if (!timeoutGiven)
        options.append(u"connect_timeout=%1"_s.arg(defaultConnectTimeoutSeconds));
    info.connectOptions = options.join(u';');
    return info;
}

QString PgConnectionInfo::hostName() const
{
    QStringList names;
    for (const PgHost &host : hosts)
        names.append(host.host);
    return names.join(u',');
}

int PgConnectionInfo::port() const
{
    return hosts.size() == 1 ? hosts.constFirst().port : -1;
}

QString PgConnectionInfo::connectOptionsWithPorts() const
{
    if (hosts.size() == 1)
        return connectOptions;
    QStringList ports;
    for (const PgHost &host : hosts)
        ports.append(QString::number(host.port));
    return u"port="_s + ports.join(u',') + (connectOptions.isEmpty() ? QString() : u";"_s + connectOptions);
}

QString PgConnectionInfo::hostList() const
{
    QStringList all;
    for (const PgHost &host : hosts)
        all.append(u"%1:%2"_s.arg(host.host).arg(host.port));
    return all.join(u',');
}

QString PgConnectionInfo::description() const
{
    return u"PostgreSQL at %1/%2"_s.arg(hostList(), databaseName);
}

} // namespace keyright::server
