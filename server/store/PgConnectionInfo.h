#pragma once

#include <QString>

#include <optional>

namespace keyright::server {

// Where a PostgreSQL store connects, read from a libpq connection URI
// postgresql://user@host:port/dbname?option=value&... (postgres:// too). The password never comes
// from the URI (it would show in the process list and in shell history): one that holds a password
// is refused, and libpq reads PGPASSFILE or ~/.pgpass by itself unless the server was given
// --database-password-file.
struct PgConnectionInfo
{
    static constexpr int defaultPort = 5432;
    static constexpr int defaultConnectTimeoutSeconds = 5;

    QString host; // a name, an address, or a Unix socket directory (from ?host=/dir)
    int port = defaultPort;
    QString user; // empty: libpq's default (the OS user)
    QString databaseName;
    // libpq keywords for QSqlDatabase::setConnectOptions ("k=v;k=v"); connect_timeout is always
    // there, so that an unreachable server costs a request seconds, not minutes.
    QString connectOptions;

    // nullopt with a message naming what is wrong.
    static std::optional<PgConnectionInfo> parse(const QString &uri, QString *error);

    // "PostgreSQL at 127.0.0.1:5432/keyright": how every message names the database.
    QString description() const;
};

} // namespace keyright::server
