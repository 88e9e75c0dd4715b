#include "store/SqlTokens.h"

#include "Crypto.h"
#include "store/SqlConnection.h"
#include "store/SqlRows.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlTokens::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : tokens(db)
        , putToken(db)
        , deleteToken(db)
        , touchToken(db)
    { }

    QSqlQuery tokens, putToken, deleteToken, touchToken;
};

SqlTokens::SqlTokens(SqlConnection &connection, bool caching)
    : m_connection(connection)
    , m_caching(caching)
{ }

SqlTokens::~SqlTokens() = default;

SqlTokens::Statements &SqlTokens::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlTokens::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->tokens, u"SELECT %1 FROM access_tokens ORDER BY name"_s.arg(SqlRows::tokenColumns)},
        {&s->putToken,
         u"INSERT INTO access_tokens (%1) VALUES (:name, :role, :hash, :created, :expires, :used) "
         "ON CONFLICT (name) DO UPDATE SET role = excluded.role, token_hash = excluded.token_hash, "
         "created_ms = excluded.created_ms, expires_ms = excluded.expires_ms, "
         "last_used_ms = excluded.last_used_ms"_s.arg(SqlRows::tokenColumns)},
        {&s->deleteToken, u"DELETE FROM access_tokens WHERE name = :name"_s},
        {&s->touchToken, u"UPDATE access_tokens SET last_used_ms = :used WHERE name = :name"_s},
    };
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    dropCaches();
    return true;
}

void SqlTokens::dropCaches()
{
    m_cache.clear();
    m_loaded = false;
}

const QHash<QString, AccessToken> &SqlTokens::load()
{
    if (m_loaded && m_caching)
        return m_cache;
    auto &q = m_connection.exec(statements().tokens);
    QHash<QString, AccessToken> loaded;
    while (q.next()) {
        AccessToken token = SqlRows::token(q);
        loaded.insert(token.name, token);
    }
    q.finish();
    m_cache = std::move(loaded);
    m_loaded = m_caching;
    return m_cache;
}

QList<AccessToken> SqlTokens::tokens()
{
    QList<AccessToken> all = load().values();
    std::sort(all.begin(), all.end(), [](const AccessToken &a, const AccessToken &b) { return a.name < b.name; });
    return all;
}

std::optional<AccessToken> SqlTokens::token(const QString &name)
{
    const auto &all = load();
    if (const auto found = all.constFind(name); found != all.cend())
        return *found;
    return std::nullopt;
}

std::optional<AccessToken> SqlTokens::tokenByHash(const QByteArray &hash)
{
    // A handful of tokens: comparing each hash in constant time costs nothing and keeps the time
    // of a refusal independent of which stored hash came closest.
    std::optional<AccessToken> match;
    for (const AccessToken &token : load()) {
        if (crypto::constantTimeEquals(token.hash, hash) && !match)
            match = token;
    }
    return match;
}

void SqlTokens::putToken(const AccessToken &token)
{
    auto &q = statements().putToken;
    SqlRows::bindToken(q, token);
    m_connection.exec(q).finish();
    if (m_loaded)
        m_cache.insert(token.name, token);
}

bool SqlTokens::deleteToken(const QString &name)
{
    auto &q = statements().deleteToken;
    q.bindValue(u":name"_s, name);
    m_connection.exec(q);
    const bool deleted = q.numRowsAffected() > 0;
    q.finish();
    m_cache.remove(name);
    return deleted;
}

void SqlTokens::touchToken(const QString &name, const QDateTime &lastUsedAt)
{
    auto &q = statements().touchToken;
    q.bindValue(u":name"_s, name);
    q.bindValue(u":used"_s, SqlRows::toMs(lastUsedAt));
    m_connection.exec(q).finish();
    if (const auto found = m_cache.find(name); found != m_cache.end())
        found->lastUsedAt = lastUsedAt;
}

} // namespace keyright::server
