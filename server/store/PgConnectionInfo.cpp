#include "store/PgConnectionInfo.h"

#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

std::optional<PgConnectionInfo> refuse(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return std::nullopt;
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

} // namespace

std::optional<PgConnectionInfo> PgConnectionInfo::parse(const QString &uri, QString *error)
{
    const QString shown = uri.left(200);
    const QUrl url(uri, QUrl::StrictMode);
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
    info.host = url.host();
    info.user = url.userName();
    if (url.port() == 0)
        return refuse(error, u"--database %1: port 0 is not a port"_s.arg(shown));
    info.port = url.port(defaultPort);
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
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"password"_s)
            return refuse(error,
                          u"--database: the URI holds a password, which would show in the process list; put "
                          "it in ~/.pgpass or PGPASSFILE, or in a file given with "
                          "--database-password-file (0600)"_s);
        if (key == u"host"_s) {
            info.host = value;
            continue;
        }
        if (key == u"port"_s) {
            bool ok = false;
            info.port = value.toInt(&ok);
            if (!ok || info.port <= 0 || info.port > 65535)
                return refuse(error, u"--database %1: port=%2 is not a port number"_s.arg(shown, value.left(20)));
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
        if (value.contains(u';'))
            return refuse(error, u"--database %1: the value of %2 may not contain ';'"_s.arg(shown, key));
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
    if (info.host.isEmpty())
        return refuse(error,
                      u"--database %1: no host; name one, as in postgresql://user@127.0.0.1:5432/dbname, or "
                      "a socket directory with ?host=/run/postgresql"_s.arg(shown));
    if (!timeoutGiven)
        options.append(u"connect_timeout=%1"_s.arg(defaultConnectTimeoutSeconds));
    info.connectOptions = options.join(u';');
    return info;
}

QString PgConnectionInfo::description() const
{
    return u"PostgreSQL at %1:%2/%3"_s.arg(host).arg(port).arg(databaseName);
}

} // namespace keyright::server
