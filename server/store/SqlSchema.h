#pragma once

#include "store/SqlDialect.h"

#include <QString>

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

    int newestVersion() const { return int(m_dialect.migrations.size()); }
    // False with a reason; true when the schema is at newestVersion(). wasEmpty() then says
    // whether this call created it.
    bool migrate(QString *error);
    bool wasEmpty() const { return m_wasEmpty; }

private:
    // The version, read inside the migration's transaction; -1 with *error on failure.
    int readVersion(bool *hasRow, QString *error);

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    bool m_wasEmpty = false;
};

} // namespace keyright::server
