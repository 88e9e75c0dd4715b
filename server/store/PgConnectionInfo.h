#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace keyright::server {

// One PostgreSQL server of a --database URI's host list.
struct PgHost
{
    QString host; // a name, an address, or a Unix socket directory (from ?host=/dir)
    int port = 5432;

    friend bool operator==(const PgHost &, const PgHost &) = default;
};

// Where a PostgreSQL store connects, read from a libpq connection URI
// postgresql://user@host:port/dbname?option=value&... (postgres:// too). As in libpq, the URI may
// name several servers, postgresql://user@a:5432,b:5433/dbname?target_session_attrs=read-write
// (or ?host=a,b&port=5432,5433): libpq tries them in order and keeps the first that answers as
// target_session_attrs asks, so that with a replicated database (docs/DEPLOYMENT.md, "A database
// without a single point of failure") every reconnection finds whichever server is the writable
// primary. The password never comes from the URI (it would show in the process list and in shell
// history): one that holds a password is refused, and libpq reads PGPASSFILE or ~/.pgpass by
// itself unless the server was given --database-password-file.
struct PgConnectionInfo
{
    static constexpr int defaultPort = 5432;
    static constexpr int defaultConnectTimeoutSeconds = 5;

    QList<PgHost> hosts; // at least one
    QString user; // empty: libpq's default (the OS user)
    QString databaseName;
    // libpq keywords for QSqlDatabase::setConnectOptions ("k=v;k=v"); connect_timeout is always
    // there, so that an unreachable server costs a request seconds, not minutes.
    QString connectOptions;

    // nullopt with a message naming what is wrong.
    static std::optional<PgConnectionInfo> parse(const QString &uri, QString *error);

    // What QSqlDatabase is given. Qt's QPSQL driver quotes the host name as one libpq value
    // (host='a,b') and appends the connect options with ';' turned into spaces, so a host list goes
    // through setHostName and, since its port is a single int, the ports through the options
    // (port=5432,5433) with port() answering -1 (Qt then writes no port of its own).
    QString hostName() const;
    int port() const;
    QString connectOptionsWithPorts() const;

    // "PostgreSQL at 127.0.0.1:5432/keyright", "PostgreSQL at a:5432,b:5433/keyright": how every
    // message names the database.
    QString description() const;
    // "a:5432,b:5433"
    QString hostList() const;
};

} // namespace keyright::server
