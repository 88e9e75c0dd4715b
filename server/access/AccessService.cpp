#include "access/AccessService.h"

#include "Clock.h"
#include "Crypto.h"
#include "Timestamps.h"
#include "store/LeaseStore.h"
#include "wire/EventDetail.h"
#include "wire/EventKind.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

constexpr QByteArrayView tokenPrefix = "krt-";
constexpr int tokenRandomBytes = 32;

} // namespace

AccessService::AccessService(LeaseStore &store, const Clock &clock)
    : m_store(store)
    , m_clock(clock)
{ }

bool AccessService::looksLikeToken(QByteArrayView secret)
{
    if (secret.size() != tokenPrefix.size() + 2 * tokenRandomBytes || !secret.startsWith(tokenPrefix))
        return false;
    return std::all_of(secret.begin() + tokenPrefix.size(), secret.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

void AccessService::installBootstrap(QByteArrayView secret)
{
    const QByteArray hash = crypto::hashSecret(secret);
    m_store.withStore([&] {
        const auto existing = m_store.token(bootstrapName);
        if (existing && existing->role == AccessRole::Admin && crypto::constantTimeEquals(existing->hash, hash))
            return;
        m_store.putToken(AccessToken {bootstrapName, AccessRole::Admin, hash, m_clock.now(), {}, {}});
    });
}

AccessService::Authentication AccessService::authenticate(QByteArrayView secret)
{
    Authentication result;
    if (secret.isEmpty())
        return result;
    const QByteArray hash = crypto::hashSecret(secret);
    m_store.withStore([&] {
        auto token = m_store.tokenByHash(hash);
        if (!token)
            return;
        const QDateTime now = m_clock.now();
        if (token->expiresAt.isValid() && now >= token->expiresAt) {
            result.refusal = Refusal::Expired;
            return;
        }
        if (!token->lastUsedAt.isValid()
            || token->lastUsedAt.msecsTo(now) >= std::chrono::milliseconds(lastUsedResolution).count()) {
            m_store.touchToken(token->name, now);
            token->lastUsedAt = now;
        }
        result.token = std::move(token);
    });
    return result;
}

AccessService::CreateResult AccessService::create(const QString &name, AccessRole role,
                                                  std::optional<std::chrono::seconds> lifetime, const QString &actor)
{
    CreateResult result;
    m_store.withStore([&] {
        if (m_store.token(name)) {
            result.outcome = CreateResult::Outcome::NameTaken;
            return;
        }
        QByteArray secret = tokenPrefix.toByteArray() + crypto::randomHex(tokenRandomBytes).toLatin1();
        const QDateTime now = m_clock.now();
        AccessToken token {name, role, crypto::hashSecret(secret), now, {}, {}};
        if (lifetime)
            token.expiresAt = now.addSecs(lifetime->count());
        m_store.putToken(token);
        m_store.appendEvent(
            EventRecord {0,
                         now,
                         EventKind::TokenCreated,
                         {},
                         {},
                         {},
                         actor,
                         eventdetail::TokenChanged {name, role, token.expiresAt}.toJson(EventKind::TokenCreated)});
        result.token = token;
        result.secret = QString::fromLatin1(secret);
        secret.fill('\0');
    });
    return result;
}

AccessService::RevokeOutcome AccessService::revoke(const QString &name, const QString &actor)
{
    if (name == bootstrapName)
        return RevokeOutcome::Bootstrap;
    RevokeOutcome outcome = RevokeOutcome::NotFound;
    m_store.withStore([&] {
        const auto token = m_store.token(name);
        if (!token || !m_store.deleteToken(name))
            return;
        m_store.appendEvent(
            EventRecord {0,
                         m_clock.now(),
                         EventKind::TokenRevoked,
                         {},
                         {},
                         {},
                         actor,
                         eventdetail::TokenChanged {name, token->role, {}}.toJson(EventKind::TokenRevoked)});
        outcome = RevokeOutcome::Revoked;
    });
    return outcome;
}

QList<AccessToken> AccessService::tokens()
{
    QList<AccessToken> all;
    m_store.withStore([&] { all = m_store.tokens(); });
    return all;
}

} // namespace keyright::server
