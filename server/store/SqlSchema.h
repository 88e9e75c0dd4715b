#pragma once

#include "store/SqlDialect.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace keyright::server {

class SqlConnection;

// Creates and migrates a store's schema: a schema_version table holding one number, and the
// dialect's migration steps from that number up to the newest, each in a transaction of its own
// that first takes the dialect's migration lock. Run again on an up-to-date database it changes
// nothing; two servers running it at once on one database migrate once (the second waits for the
// lock, then reads the new version).
class SqlSchema
{
public:
    SqlSchema(SqlConnection &connection, const SqlDialect &dialect);

    // The column types the shared table definitions are written with.
    struct ColumnTypes
    {
        QString integer; // 64-bit
        QString blob;
        QString serialKey; // an ever-growing integer primary key that never reuses a value
        QString withoutRowid; // appended to a table that needs no hidden row id
        QString beforeRequestIndex; // run before the requestId index is made; may be empty
    };
    // The tables every store holds, as migration steps for SqlDialect::migrations. A store may
    // append steps of its own after them.
    static QList<QStringList> render(const ColumnTypes &types);

    int newestVersion() const { return int(m_dialect.migrations.size()); }
    // False with a reason; true when the schema is at newestVersion(). wasEmpty() then says
    // whether this call created it.
    bool migrate(QString *error);
    bool wasEmpty() const { return m_wasEmpty; }

private:
    static const QList<QStringList> &tableSteps();
    // The version, read inside the migration's transaction; -1 with *error on failure.
    int readVersion(bool *hasRow, QString *error);

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    bool m_wasEmpty = false;
};

} // namespace keyright::server
