#include "http/TokenController.h"

#include "Clock.h"
#include "access/AccessService.h"
#include "http/ApiAnswer.h"
#include "http/ApiError.h"
#include "http/RequestParsing.h"
#include "wire/AccessTokens.h"
#include "wire/ErrorBody.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// A token as the wire describes it: never its hash.
AccessTokenInfo describe(const AccessToken &token)
{
    return AccessTokenInfo {token.name, token.role, token.createdAt, token.expiresAt, token.lastUsedAt};
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
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
}

ApiResponse TokenController::whoami(const AccessToken &caller)
{
    return answer::json(200, describe(caller).toJson());
}

ApiResponse TokenController::listTokens()
{
    TokenList list {m_clock.now(), {}};
    for (const AccessToken &token : m_access.tokens())
        list.tokens.append(describe(token));
    return answer::json(200, list.toJson());
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
                      QString::fromUtf16(errorcode::tokenExists),
                      u"there is already a token named \"%1\"; revoke it first or pick another name"_s.arg(spec->name),
                      QString::fromUtf16(TokenSpec::nameMember),
                      {}});
    auto response = answer::json(201, CreatedToken {describe(result.token), result.secret}.toJson());
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
                      QString::fromUtf16(errorcode::bootstrapToken),
                      u"the bootstrap token is the server's admin-token file; to replace it, delete that "
                      "file and restart the server"_s,
                      {},
                      {}});
    case AccessService::RevokeOutcome::NotFound:
        break;
    }
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::tokenNotFound),
                                            u"there is no token \"%1\""_s.arg(route.tokenName)));
}

} // namespace keyright::server
