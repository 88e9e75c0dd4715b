#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "http/AuthThrottle.h"
#include "seats/SeatService.h"
#include "store/StoreTypes.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>

#include <optional>

namespace keyright::server {

class AccessService;
class Metrics;
class SeatService;
class StatsService;

// The v1 API as a function from request to response: routing, authentication, validation and the
// translation of SeatService results into the JSON bodies and status codes of docs/API.md.
// Synchronous and socket-free; RequestTurn feeds it the requests of each turn of the event loop.
class HttpApi
{
public:
    HttpApi(SeatService &seats, AccessService &access, Metrics &metrics, QByteArray publicKey);
    HttpApi(SeatService &seats, AccessService &access, Metrics &metrics, QByteArray publicKey,
            AuthThrottle::Settings throttle);

    ApiResponse handle(const ApiRequest &request);

    // For RequestTurn, which renews a turn's heartbeats together: a heartbeat that passed the
    // body limit, routing and the license key check, to be planned, signed and completed by
    // SeatService. Every other request is nullopt, for handle() to answer. Throws StoreError.
    struct Heartbeat
    {
        ApiRoute route;
        QString actor;
    };
    std::optional<Heartbeat> authorizedHeartbeat(const ApiRequest &request);
    // The answer to a heartbeat's outcome, as handle() gives it. Touches nothing shared: the turn
    // builds the answers of its renewals on the signing threads.
    static ApiResponse heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result);
    // Labels an answer with its route and counts it, with the time since `since`, into the
    // request metrics, as handle() does for its own.
    void countAnswer(ApiResponse &response, ApiRoute::Kind route, const QElapsedTimer &since);

    // Serves GET /v1/stats from `stats`; without it the route answers 404 not_found.
    void setStats(StatsService *stats) { m_stats = stats; }

private:
    ApiResponse dispatch(const ApiRequest &request, QString *routeName);
    ApiResponse clientRoute(const ApiRoute &route, const ApiRequest &request);
    ApiResponse adminRoute(const ApiRoute &route, const ApiRequest &request);
    // The token of the request in force with the route's role, or the 401/403/429 answer.
    ApiResponse health();
    std::optional<ApiResponse> refuseToken(const ApiRoute &route, const ApiRequest &request, AccessToken *caller);

    ApiResponse checkout(const ApiRoute &route, const ApiRequest &request);
    std::optional<ApiResponse> refuseClient(const ApiRoute &route, const ApiRequest &request);
    ApiResponse heartbeat(const ApiRoute &route, const QString &actor);
    ApiResponse ticketHeartbeat(const ApiRoute &route, const QString &actor);
    ApiResponse leaveQueue(const ApiRoute &route, const QString &actor);
    ApiResponse release(const ApiRoute &route, const ApiRequest &request);
    ApiResponse listLicenses();
    ApiResponse putLicense(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse rotateKey(const ApiRoute &route, const QString &actor);
    ApiResponse listLeases(const ApiRoute &route);
    ApiResponse listGroups();
    ApiResponse putGroups(const ApiRequest &request, const QString &actor);
    ApiResponse getRules(const ApiRoute &route);
    ApiResponse putRules(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    // The 403/409 answer of a checkout the seat rules refused (docs/API.md, "Rule denials").
    static ApiError checkoutDenial(const ApiRoute &route, const QString &holder,
                                   const SeatService::CheckoutResult &result);
    ApiResponse revoke(const ApiRoute &route, const ApiRequest &request, const QString &actor);
    ApiResponse reap(const ApiRequest &request, const QString &actor);
    ApiResponse whoami(const AccessToken &caller);
    ApiResponse listTokens();
    ApiResponse createToken(const ApiRequest &request, const QString &actor);
    ApiResponse revokeToken(const ApiRoute &route, const QString &actor);
    ApiResponse events(const ApiRequest &request);
    ApiResponse metrics();
    ApiResponse stats();

    static ApiResponse json(int status, const QJsonObject &body);
    static ApiResponse error(const ApiError &error);
    static ApiResponse noContent();

    SeatService &m_seats;
    AccessService &m_access;
    Metrics &m_metrics;
    AuthThrottle m_throttle;
    QByteArray m_publicKey;
    StatsService *m_stats = nullptr;
    // The request being handled showed a valid access token: a database failure may then name
    // the database to it (ApiError::storeFailed).
    bool m_callerHasToken = false;
};

} // namespace keyright::server
