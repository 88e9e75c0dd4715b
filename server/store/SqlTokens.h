#pragma once

#include "store/StoreTypes.h"

#include <QHash>
#include <QList>

#include <memory>
#include <optional>

namespace keyright::server {

class SqlConnection;

// The access_tokens table. With caching on (one server owns the database) every token is held
// in memory, a handful of rows read on every admin request, and dropCaches() is called on every
// rollback. With caching off every call reads the table afresh, so that a token revoked on one
// server is refused by every other at its next request.
class SqlTokens
{
public:
    SqlTokens(SqlConnection &connection, bool caching);
    ~SqlTokens();
    SqlTokens(const SqlTokens &) = delete;
    SqlTokens &operator=(const SqlTokens &) = delete;

    bool prepare(QString *error);
    void dropCaches();

    QList<AccessToken> tokens();
    std::optional<AccessToken> token(const QString &name);
    std::optional<AccessToken> tokenByHash(const QByteArray &hash);
    void putToken(const AccessToken &token);
    bool deleteToken(const QString &name);
    void touchToken(const QString &name, const QDateTime &lastUsedAt);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();

    // Fills m_cache from the table unless it is loaded (and caching is on).
    const QHash<QString, AccessToken> &load();

    SqlConnection &m_connection;
    bool m_caching;
    std::unique_ptr<Statements> m_statements;
    QHash<QString, AccessToken> m_cache; // by name; valid only while m_loaded
    bool m_loaded = false;
};

} // namespace keyright::server
