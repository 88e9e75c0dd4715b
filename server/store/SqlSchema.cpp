#include "store/SqlSchema.h"

#include "store/SqlConnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

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
