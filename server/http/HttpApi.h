#pragma once

#include "http/AdminController.h"
#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/ApiRoute.h"
#include "http/AuthThrottle.h"
#include "http/Authenticator.h"
#include "http/LeaseController.h"
#include "http/StoreFailureLog.h"
#include "http/TokenController.h"
#include "seats/SeatService.h"

#include <QByteArray>
#include <QElapsedTimer>

#include <chrono>
#include <optional>

namespace keyright::server {

class AccessService;
class AlertEvaluator;
class WebhookDeliverer;
class LeaseReaper;
class LicenseAdmin;
class Metrics;
class StatsService;

// The v1 API as a function from request to response. HttpApi checks the body's size, matches the
// route (ApiRoute: the one table of paths, roles and areas), answers the public routes, has
// Authenticator accept the caller, and hands the request to the controller of the route's area:
// LeaseController (the clients' lease routes), AdminController (administration), TokenController
// (access tokens). Synchronous and socket-free; RequestTurn feeds it the requests of each turn of
// the event loop.
class HttpApi
{
public:
    // What the routes are answered with.
    struct Services
    {
        SeatService &seats;
        LicenseAdmin &licenses;
        LeaseReaper &reaper;
        AccessService &access;
        Metrics &metrics;
    };

    HttpApi(const Services &services, QByteArray publicKey, AuthThrottle::Settings throttle = {});

    ApiResponse handle(const ApiRequest &request);

    // For RequestTurn, which renews a turn's heartbeats together: a heartbeat that passed the
    // body limit, routing and the license key check, to be planned, signed and completed by
    // SeatService. Every other request is nullopt, for handle() to answer. Throws StoreError.
    struct Heartbeat
    {
        ApiRoute route;
        QString actor;
        // The body's idleMs (HeartbeatRequest); nullopt: activity unknown. A heartbeat whose
        // body refuses is not one of these: handle() answers its 400.
        std::optional<std::chrono::milliseconds> idle = {};
    };
    std::optional<Heartbeat> authorizedHeartbeat(const ApiRequest &request);
    // For RequestTurn on a store shared by several instances, which decides a turn's requests on
    // licenses together in one transaction at the end of the turn: a request of the lease routes
    // (checkout, release, ticket heartbeat, leaving the line; a heartbeat too where it is not
    // renewed with the turn's) that passed the body limit and routing and presents a license key,
    // with what deciding it later needs: the key's hash, not the key. Every other request is
    // nullopt, for handle() to answer now. The key is checked by decideLeaseCall(), inside the
    // turn's transaction, on the license as the turn read it (one read for all the turn's calls,
    // where checking each now cost a read of its own); the answer is the same.
    struct LeaseCall
    {
        ApiRoute route;
        QByteArray body;
        QString actor;
        QByteArray presentedKeyHash;
    };
    std::optional<LeaseCall> authorizedLeaseCall(const ApiRequest &request);
    // Checks a lease call's key, then decides it, in the store unit(s) its SeatService call opens, and
    // answers it as handle() would; counts nothing (the turn does, with countAnswer()). A failure
    // of the store is answered, or with `rethrow` thrown (StoreError) for the caller to undo.
    ApiResponse decideLeaseCall(const LeaseCall &call, bool rethrow = false);
    // The answer to a heartbeat's outcome, as handle() gives it (LeaseController::heartbeatAnswer).
    // Touches nothing shared: the turn builds the answers of its renewals on the signing threads.
    static ApiResponse heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result);
    // Labels an answer with its route and counts it, with the time since `since`, into the
    // request metrics, as handle() does for its own.
    void countAnswer(ApiResponse &response, ApiRoute::Kind route, const QElapsedTimer &since);
    // The same for an answer computed in the background (ApiResponse::background) or after the
    // commit (ApiResponse::afterCommit): handle() counted nothing for it.
    void countComputed(ApiResponse &response, const QString &route, const QElapsedTimer &since);

    // Serves GET /v1/stats from `stats`; without it the route answers 404 not_found.
    void setStats(StatsService *stats) { m_admin.setStats(stats); }
    void setUsage(UsageReports *usage) { m_admin.setUsage(usage); }
    void setLedger(LedgerReports *ledger) { m_admin.setLedger(ledger); }
    void setAlerts(AlertEvaluator *alerts, WebhookDeliverer *webhooks = nullptr)
    {
        m_admin.setAlerts(alerts, webhooks);
    }
    void setBackup(SqliteLeaseStore *store, const QString &workDir, const QString &keyPath)
    {
        m_admin.setBackup(store, workDir, keyPath);
    }

    // Where requests that failed in the store are logged (RequestTurn's heartbeats too).
    StoreFailureLog &storeFailures() { return m_storeFailures; }

private:
    ApiResponse dispatch(const ApiRequest &request, QString *routeName);
    ApiResponse publicRoute(const ApiRoute &route);
    ApiResponse health();

    SeatService &m_seats;
    Metrics &m_metrics;
    QByteArray m_publicKey;
    Authenticator m_auth;
    LeaseController m_lease;
    AdminController m_admin;
    TokenController m_tokens;
    StoreFailureLog m_storeFailures;
    // The request being handled showed a valid access token: a database failure may then name
    // the database to it (ApiError::storeFailed).
    bool m_callerHasToken = false;
};

} // namespace keyright::server
