#include "http/TokenController.h"

#include "Clock.h"
#include "Timestamps.h"
#include "access/AccessService.h"
#include "http/ApiAnswer.h"
#include "http/ApiError.h"
#include "http/RequestParsing.h"
#include "wire/AccessRole.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

QJsonValue timestampOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue();
}

QJsonObject tokenJson(const AccessToken &token)
{
    return QJsonObject {{u"name"_s, token.name},
                        {u"role"_s, roleName(token.role)},
                        {u"createdAt"_s, formatTimestamp(token.createdAt)},
                        {u"expiresAt"_s, timestampOrNull(token.expiresAt)},
                        {u"lastUsedAt"_s, timestampOrNull(token.lastUsedAt)}};
}

} // namespace

TokenController::TokenController(AccessService &access, const Clock &clock)
    : m_access(access)
    , m_clock(clock)
{ }

ApiResponse TokenController::handle(const ApiRoute &route, const ApiRequest &request, const AccessToken &caller,
                                    const QString &actor)
{
    using K = ApiRoute::Kind;
    switch (route.kind) {
    case K::Whoami:
        return whoami(caller);
    case K::ListTokens:
        return listTokens();
    case K::CreateToken:
        return createToken(request, actor);
    case K::RevokeToken:
        return revokeToken(route, actor);
    default:
        break;
    }
    return answer::error(ApiError::notFound(u"not_found"_s, u"no such route"_s));
}

ApiResponse TokenController::whoami(const AccessToken &caller)
{
    return answer::json(200, tokenJson(caller));
}

ApiResponse TokenController::listTokens()
{
    QJsonArray tokens;
    for (const AccessToken &token : m_access.tokens())
        tokens.append(tokenJson(token));
    return answer::json(200, {{u"serverTime"_s, formatTimestamp(m_clock.now())}, {u"tokens"_s, tokens}});
}

ApiResponse TokenController::createToken(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto spec = request::parseTokenSpec(request.body, &failure);
    if (!spec)
        return answer::error(failure);
    auto result = m_access.create(spec->name, spec->role, spec->lifetime, actor);
    if (result.outcome == AccessService::CreateResult::Outcome::NameTaken)
        return answer::error(
            ApiError {409,
                      u"token_exists"_s,
                      u"there is already a token named \"%1\"; revoke it first or pick another name"_s.arg(spec->name),
                      u"name"_s,
                      {}});
    auto response = answer::json(201, {{u"token"_s, tokenJson(result.token)}, {u"secret"_s, result.secret}});
    result.secret.fill(u'\0');
    return response;
}

ApiResponse TokenController::revokeToken(const ApiRoute &route, const QString &actor)
{
    switch (m_access.revoke(route.tokenName, actor)) {
    case AccessService::RevokeOutcome::Revoked:
        return answer::noContent();
    case AccessService::RevokeOutcome::Bootstrap:
        return answer::error(
            ApiError {409,
                      u"bootstrap_token"_s,
                      u"the bootstrap token is the server's admin-token file; to replace it, delete that "
                      "file and restart the server"_s,
                      {},
                      {}});
    case AccessService::RevokeOutcome::NotFound:
        break;
    }
    return answer::error(ApiError::notFound(u"token_not_found"_s, u"there is no token \"%1\""_s.arg(route.tokenName)));
}

} // namespace keyright::server
