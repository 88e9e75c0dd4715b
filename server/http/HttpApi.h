#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "seats/SeatService.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonObject>

#include <variant>

namespace keyright::server {

class AuthGuard;
class Metrics;
class SeatService;
class StatsService;

// The v1 API as a function from request to response: routing, authentication, validation and the
// translation of SeatService results into the JSON bodies and status codes of docs/API.md.
// Synchronous and socket-free; HttpFrontend feeds it from QtHttpServer.
class HttpApi
{
public:
    HttpApi(SeatService &seats, const AuthGuard &auth, Metrics &metrics, QByteArray publicKey);

    ApiResponse handle(const ApiRequest &request);

    // Group commit with signing off the event loop (HttpFrontend): an authorized heartbeat on a
    // seat that can be renewed comes back unanswered, as a planned renewal; every other request
    // is answered as by handle(). finishRenewals() then signs a batch of them together and
    // stores and answers each.
    struct DeferredRenewal
    {
        ApiRoute route;
        QString actor;
        SeatService::RenewalPlan plan;
        QElapsedTimer timer; // since the request was read, for the latency metric
        ApiResponse renewed; // the answer if the renewal is stored as planned
    };
    std::variant<ApiResponse, DeferredRenewal> handleOrDefer(const ApiRequest &request);
    // Signs the renewals and builds their answers (on the thread pool, while the caller waits, on
    // machines with more than two cores), then stores each and returns its answer: the prepared
    // one, or a fresh decision when the seat changed since the plan.
    QList<ApiResponse> finishRenewals(QList<DeferredRenewal> &renewals);

    // Serves GET /v1/stats from `stats`; without it the route answers 404 not_found.
    void setStats(StatsService *stats) { m_stats = stats; }

private:
    // Signs the renewal and builds its answer. Touches nothing shared: call it from any thread,
    // for several renewals at once.
    void prepareRenewal(DeferredRenewal &renewal) const;
    // Stores a prepared renewal (on the store's thread) and returns its answer: the prepared one,
    // or a fresh decision when the seat changed since the plan.
    ApiResponse completeRenewal(DeferredRenewal &renewal);

    ApiResponse dispatch(const ApiRequest &request, QString *routeName);
    ApiResponse clientRoute(const ApiRoute &route, const ApiRequest &request);
    ApiResponse adminRoute(const ApiRoute &route, const ApiRequest &request);

    ApiResponse checkout(const ApiRoute &route, const ApiRequest &request);
    std::optional<ApiResponse> refuseClient(const ApiRoute &route, const ApiRequest &request);
    ApiResponse heartbeat(const ApiRoute &route, const QString &actor);
    ApiResponse release(const ApiRoute &route, const ApiRequest &request);
    ApiResponse listLicenses();
    ApiResponse putLicense(const ApiRoute &route, const ApiRequest &request);
    ApiResponse rotateKey(const ApiRoute &route, const ApiRequest &request);
    ApiResponse listLeases(const ApiRoute &route);
    ApiResponse revoke(const ApiRoute &route, const ApiRequest &request);
    ApiResponse reap(const ApiRequest &request);
    ApiResponse events(const ApiRequest &request);
    ApiResponse metrics();
    ApiResponse stats();

    static ApiResponse json(int status, const QJsonObject &body);
    static ApiResponse error(const ApiError &error);
    static ApiResponse noContent();

    SeatService &m_seats;
    const AuthGuard &m_auth;
    Metrics &m_metrics;
    QByteArray m_publicKey;
    StatsService *m_stats = nullptr;
};

} // namespace keyright::server
