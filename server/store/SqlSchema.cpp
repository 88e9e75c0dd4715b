#include "store/SqlSchema.h"

#include "store/SqlConnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

const QList<QStringList> &SqlSchema::tableSteps()
{
    // Each entry moves the schema from version i to i + 1. Never edit a released entry: append one.
    static const QList<QStringList> steps {
        {
            u"CREATE TABLE licenses ("
            "  id TEXT PRIMARY KEY,"
            "  name TEXT NOT NULL,"
            "  seat_count {integer} NOT NULL,"
            "  ttl_ms {integer} NOT NULL,"
            "  skew_ms {integer} NOT NULL,"
            "  reap_grace_ms {integer} NOT NULL,"
            "  key_hash {blob} NOT NULL,"
            "  last_generation {integer} NOT NULL DEFAULT 0)"_s,
            u"CREATE TABLE leases ("
            "  license_id TEXT NOT NULL REFERENCES licenses(id),"
            "  seat_id TEXT NOT NULL,"
            "  holder TEXT NOT NULL,"
            "  generation {integer} NOT NULL,"
            "  issued_at {integer} NOT NULL,"
            "  expires_at {integer} NOT NULL,"
            "  signature {blob} NOT NULL,"
            "  request_id TEXT NOT NULL DEFAULT '',"
            "  PRIMARY KEY (license_id, seat_id))"_s,
            u"CREATE INDEX leases_by_expiry ON leases(license_id, expires_at)"_s,
            u"CREATE TABLE holder_blocks ("
            "  license_id TEXT NOT NULL REFERENCES licenses(id),"
            "  holder TEXT NOT NULL,"
            "  until_ms {integer} NOT NULL,"
            "  reason TEXT NOT NULL DEFAULT '',"
            "  PRIMARY KEY (license_id, holder))"_s,
            // {serial}: a seq is never reused, even after the retention sweep deleted the
            // newest events, so `after=` paging can never skip or repeat one.
            u"CREATE TABLE events ("
            "  seq {serial},"
            "  time_ms {integer} NOT NULL,"
            "  kind TEXT NOT NULL,"
            "  license_id TEXT NOT NULL DEFAULT '',"
            "  seat_id TEXT NOT NULL DEFAULT '',"
            "  holder TEXT NOT NULL DEFAULT '',"
            "  actor TEXT NOT NULL,"
            "  detail TEXT NOT NULL DEFAULT '{}')"_s,
            u"CREATE INDEX events_by_kind_time ON events(kind, time_ms)"_s,
            u"CREATE INDEX events_by_time ON events(time_ms)"_s,
        },
        {
            // Usage statistics: one G-Counter component per license, counter and replica. No
            // foreign key to licenses: peers report licenses this server may not have.
            u"CREATE TABLE stat_components ("
            "  license_id TEXT NOT NULL,"
            "  counter TEXT NOT NULL,"
            "  replica_id TEXT NOT NULL,"
            "  value {integer} NOT NULL CHECK (value >= 0),"
            "  PRIMARY KEY (license_id, counter, replica_id)){withoutRowid}"_s,
        },
        {
            // Named access tokens with a role (AccessService). Only the hash of a token is kept;
            // revoking one deletes its row.
            u"CREATE TABLE access_tokens ("
            "  name TEXT PRIMARY KEY,"
            "  role TEXT NOT NULL,"
            "  token_hash {blob} NOT NULL UNIQUE,"
            "  created_ms {integer} NOT NULL,"
            "  expires_ms {integer},"
            "  last_used_ms {integer})"_s,
        },
        {
            // A checkout's requestId names one seat of its holder: a retry finds it, on any server,
            // and the database refuses a second row under it.
            u"CREATE UNIQUE INDEX leases_by_request ON leases(license_id, holder, request_id) "
            "WHERE request_id <> ''"_s,
        },
        {
            // Seat rules (issue 17): the server's holder groups, in the order the admin listed
            // them, and each license's rules, both as their v1 JSON (core/wire/SeatRulesJson), read
            // and written whole. A license without a row has no rules.
            u"CREATE TABLE holder_groups ("
            "  name TEXT PRIMARY KEY,"
            "  position {integer} NOT NULL,"
            "  patterns TEXT NOT NULL)"_s,
            u"CREATE TABLE license_rules ("
            "  license_id TEXT PRIMARY KEY REFERENCES licenses(id),"
            "  rules TEXT NOT NULL)"_s,
        },
        {
            // The waiting line (issue 17). line_seq orders a license's line: taken from the
            // license's last_generation under its lock, so it is one order for every instance.
            // seat_id is set once a seat is held for the ticket.
            u"CREATE TABLE queue_tickets ("
            "  license_id TEXT NOT NULL REFERENCES licenses(id),"
            "  ticket_id TEXT NOT NULL,"
            "  holder TEXT NOT NULL,"
            "  request_id TEXT NOT NULL DEFAULT '',"
            "  line_seq {integer} NOT NULL,"
            "  queued_ms {integer} NOT NULL,"
            "  expires_ms {integer} NOT NULL,"
            "  give_up_ms {integer} NOT NULL,"
            "  seat_id TEXT NOT NULL DEFAULT '',"
            "  PRIMARY KEY (license_id, ticket_id))"_s,
            u"CREATE INDEX queue_tickets_in_line ON queue_tickets(license_id, line_seq)"_s,
            u"CREATE UNIQUE INDEX queue_tickets_by_request ON queue_tickets(license_id, holder, request_id) "
            "WHERE request_id <> ''"_s,
        },
    };
    return steps;
}

QList<QStringList> SqlSchema::render(const ColumnTypes &types)
{
    QList<QStringList> rendered;
    for (const QStringList &step : tableSteps()) {
        QStringList statements;
        for (QString statement : step) {
            // Before the unique index on requestIds: the rows that would break it (step 4).
            if (statement.startsWith(u"CREATE UNIQUE INDEX leases_by_request"_s) && !types.beforeRequestIndex.isEmpty())
                statements.append(types.beforeRequestIndex);
            statement.replace(u"{integer}"_s, types.integer)
                .replace(u"{blob}"_s, types.blob)
                .replace(u"{serial}"_s, types.serialKey)
                .replace(u"{withoutRowid}"_s, types.withoutRowid);
            statements.append(statement);
        }
        rendered.append(statements);
    }
    return rendered;
}

SqlSchema::SqlSchema(SqlConnection &connection, const SqlDialect &dialect)
    : m_connection(connection)
    , m_dialect(dialect)
{ }

int SqlSchema::readVersion(bool *hasRow, QString *error)
{
    QSqlQuery query(m_connection.database());
    if (!query.exec(u"SELECT version FROM schema_version"_s)) {
        *error = u"cannot read schema_version in %1: %2"_s.arg(m_connection.description(), query.lastError().text());
        return -1;
    }
    *hasRow = query.next();
    return *hasRow ? query.value(0).toInt() : 0;
}

bool SqlSchema::migrate(QString *errorOut)
{
    QString ignored;
    QString &error = errorOut ? *errorOut : ignored;
    const QString &where = m_connection.description();
    QSqlQuery query(m_connection.database());
    const auto fail = [&](const QString &what, const QString &statement) {
        error = u"%1 in %2: %3%4"_s.arg(what, where, query.lastError().text().trimmed(),
                                        statement.isEmpty() ? QString() : u" (%1)"_s.arg(statement));
        QSqlQuery(m_connection.database()).exec(u"ROLLBACK"_s);
        return false;
    };
    m_wasEmpty = false;
    bool first = true;
    // One step per transaction, the lock taken and the version read afresh in each: a server that
    // waited for another's lock finds the work done.
    for (;;) {
        if (!query.exec(m_dialect.beginMigration))
            return fail(u"cannot begin migration"_s, {});
        for (const QString &lock : m_dialect.migrationLock) {
            if (!query.exec(lock))
                return fail(u"cannot take the migration lock"_s, lock);
        }
        if (!query.exec(u"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"_s))
            return fail(u"cannot create schema_version"_s, {});
        bool hasRow = false;
        const int version = readVersion(&hasRow, &error);
        if (version < 0) {
            QSqlQuery(m_connection.database()).exec(u"ROLLBACK"_s);
            return false;
        }
        if (first)
            m_wasEmpty = version == 0;
        first = false;
        if (version > newestVersion()) {
            QSqlQuery(m_connection.database()).exec(u"ROLLBACK"_s);
            error = u"%1 has schema version %2, newer than this server understands (%3); use a newer "
                    "keyright-server"_s.arg(where)
                        .arg(version)
                        .arg(newestVersion());
            return false;
        }
        if (version == newestVersion()) {
            if (!query.exec(u"COMMIT"_s))
                return fail(u"cannot end migration"_s, {});
            return true;
        }
        for (const QString &statement : m_dialect.migrations.at(version)) {
            if (!query.exec(statement))
                return fail(u"migration to schema version %1 failed"_s.arg(version + 1), statement);
        }
        const QString record = hasRow ? u"UPDATE schema_version SET version = %1"_s.arg(version + 1)
                                      : u"INSERT INTO schema_version (version) VALUES (%1)"_s.arg(version + 1);
        if (!query.exec(record))
            return fail(u"cannot record schema version %1"_s.arg(version + 1), {});
        if (!query.exec(u"COMMIT"_s))
            return fail(u"cannot commit migration"_s, {});
    }
}

} // namespace keyright::server
