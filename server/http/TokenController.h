#pragma once

#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "store/StoreTypes.h"

#include <QString>

namespace keyright {
class Clock;
} // namespace keyright

namespace keyright::server {

class AccessService;

// The routes of the access tokens, once Authenticator has accepted the caller's token: who am I,
// and (admin) listing, creating and revoking tokens through AccessService.
class TokenController
{
public:
    TokenController(AccessService &access, const Clock &clock);

    // Answers a route of ApiRoute::Area::Tokens for `caller`, named `actor` in the audit log.
    // Throws StoreError.
    ApiResponse handle(const ApiRoute &route, const ApiRequest &request, const AccessToken &caller,
                       const QString &actor);

private:
    ApiResponse whoami(const AccessToken &caller);
    ApiResponse listTokens();
    ApiResponse createToken(const ApiRequest &request, const QString &actor);
    ApiResponse revokeToken(const ApiRoute &route, const QString &actor);

    AccessService &m_access;
    const Clock &m_clock;
};

} // namespace keyright::server
