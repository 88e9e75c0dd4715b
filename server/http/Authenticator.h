#pragma once

#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "http/AuthThrottle.h"
#include "store/StoreTypes.h"

#include <optional>

namespace keyright::server {

class AccessService;
class Metrics;
class SeatService;

// Who is calling, for the routes that are not public: the holder of a license's key (the lease
// routes) or an access token whose role the route allows (every other route). A refusal is the
// whole answer: 401 with WWW-Authenticate, 403 forbidden naming both roles, 404 for a license
// that does not exist, 429 once an address has failed too often (AuthThrottle, on the seats'
// clock). Failures are counted in the metrics by reason.
class Authenticator
{
public:
    Authenticator(SeatService &seats, AccessService &access, Metrics &metrics, AuthThrottle::Settings throttle);

    // The answer refusing a lease route's "Authorization: License <key>", or nullopt when the key
    // is the license's. Throws StoreError.
    std::optional<ApiResponse> refuseLicenseKey(const ApiRoute &route, const ApiRequest &request);
    // The same check made later, with the hash of the key the request presented
    // (AuthGuard::presentedKeyHash): a turn's lease calls are checked inside its transaction, on
    // the license read with the turn's other reads. Throws StoreError.
    std::optional<ApiResponse> refuseLicenseKeyHash(const ApiRoute &route, const QByteArray &presentedHash);
    // The answer refusing the request's bearer token for the route's role, or nullopt with the
    // token in *caller. Throws StoreError.
    std::optional<ApiResponse> refuseToken(const ApiRoute &route, const ApiRequest &request, AccessToken *caller);

private:
    SeatService &m_seats;
    AccessService &m_access;
    Metrics &m_metrics;
    AuthThrottle m_throttle;
};

} // namespace keyright::server
