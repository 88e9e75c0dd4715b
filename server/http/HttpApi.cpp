#include "http/HttpApi.h"

#include "Clock.h"
#include "Metrics.h"
#include "http/ApiAnswer.h"
#include "http/AuthGuard.h"
#include "http/RequestParsing.h"
#include "wire/AccessRole.h"
#include "wire/ErrorBody.h"
#include "wire/ServerInfo.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcApi, "keyright.server.api")

} // namespace

HttpApi::HttpApi(const Services &services, QByteArray publicKey, AuthThrottle::Settings throttle)
    : m_seats(services.seats)
    , m_metrics(services.metrics)
    , m_publicKey(std::move(publicKey))
    , m_auth(services.seats, services.access, services.metrics, throttle)
    , m_lease(services.seats)
    , m_admin(services.seats, services.licenses, services.reaper, services.metrics)
    , m_tokens(services.access, services.seats.clock())
    , m_storeFailures(services.seats.clock())
{ }

ApiResponse HttpApi::handle(const ApiRequest &request)
{
    QElapsedTimer timer;
    timer.start();
    QString routeName = u"unmatched"_s;
    ApiResponse response;
    m_callerHasToken = false;
    try {
        response = dispatch(request, &routeName);
    } catch (const StoreError &failure) {
        m_storeFailures.failed(lcApi(), u"%1 %2"_s.arg(QString::fromLatin1(request.method), request.path), failure);
        response = answer::error(ApiError::storeFailed(failure, m_callerHasToken));
        m_storeFailures.pace(response, failure);
    }
    response.route = routeName;
    if (!response.background && !response.afterCommit) // else counted when computed (countComputed)
        m_metrics.observeRequest(routeName, response.status, std::chrono::microseconds(timer.nsecsElapsed() / 1000));
    return response;
}

ApiResponse HttpApi::dispatch(const ApiRequest &request, QString *routeName)
{
    if (const auto tooLarge = request::checkBodySize(request.body.size()))
        return answer::error(*tooLarge);
    ApiError failure;
    const auto route = ApiRoute::match(request.method, request.path, &failure);
    if (!route)
        return answer::error(failure);
    *routeName = ApiRoute::name(route->kind);

    switch (route->area) {
    case ApiRoute::Area::Public:
        return publicRoute(*route);
    case ApiRoute::Area::Lease:
        if (auto refused = m_auth.refuseLicenseKey(*route, request))
            return *refused;
        return m_lease.handle(*route, request, answer::clientActor(request.remoteAddress));
    case ApiRoute::Area::Admin:
    case ApiRoute::Area::Tokens:
        break;
    }
    AccessToken caller;
    if (auto refused = m_auth.refuseToken(*route, request, &caller))
        return *refused;
    m_callerHasToken = true;
    const QString actor = tokenActor(caller.name, caller.role);
    if (route->area == ApiRoute::Area::Tokens)
        return m_tokens.handle(*route, request, caller, actor);
    return m_admin.handle(*route, request, actor, caller.role);
}

ApiResponse HttpApi::publicRoute(const ApiRoute &route)
{
    switch (route.kind) {
    case ApiRoute::Kind::Health:
        return health();
    case ApiRoute::Kind::Time:
        return answer::json(200, TimeAnswer {m_seats.clock().now()}.toJson());
    case ApiRoute::Kind::PublicKey:
        return answer::json(200, PublicKeyAnswer {m_publicKey}.toJson());
    default:
        break;
    }
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
}

ApiResponse HttpApi::health()
{
    // Still 200 when the database is down: the process is alive and answers (a load balancer
    // that checks liveness keeps it), and every instance shares the database, so sending the
    // traffic elsewhere would not help. The body says what is wrong; it is public, so it names no
    // host (the log does).
    HealthAnswer health {QStringLiteral(KEYRIGHT_VERSION), {}};
    try {
        m_seats.checkStore();
    } catch (const StoreError &failure) {
        qCWarning(lcApi, "health: the store cannot serve a transaction: %s", failure.what());
        health.degradedBecause = QString::fromUtf16(failure.isUnavailable() ? HealthAnswer::databaseUnavailable
                                                                            : HealthAnswer::databaseError);
    }
    return answer::json(200, health.toJson());
}

std::optional<HttpApi::Heartbeat> HttpApi::authorizedHeartbeat(const ApiRequest &request)
{
    if (request::checkBodySize(request.body.size()))
        return std::nullopt;
    const auto route = ApiRoute::match(request.method, request.path);
    if (!route || route->kind != ApiRoute::Kind::Heartbeat || m_auth.refuseLicenseKey(*route, request))
        return std::nullopt;
    const auto body = request::parseHeartbeat(request.body);
    if (!body)
        return std::nullopt; // handle() answers the refusal
    return Heartbeat {*route, answer::clientActor(request.remoteAddress), body->idle};
}

std::optional<HttpApi::LeaseCall> HttpApi::authorizedLeaseCall(const ApiRequest &request)
{
    if (request::checkBodySize(request.body.size()))
        return std::nullopt;
    const auto route = ApiRoute::match(request.method, request.path);
    if (!route || route->area != ApiRoute::Area::Lease || route->licenseId.isEmpty())
        return std::nullopt;
    auto presented = AuthGuard::presentedKeyHash(request.authorization);
    if (!presented)
        return std::nullopt; // handle() answers the 401
    return LeaseCall {*route, request.body, answer::clientActor(request.remoteAddress), std::move(*presented)};
}

ApiResponse HttpApi::decideLeaseCall(const LeaseCall &call, bool rethrow)
{
    ApiRequest request;
    request.body = call.body;
    try {
        if (auto refused = m_auth.refuseLicenseKeyHash(call.route, call.presentedKeyHash))
            return std::move(*refused);
        return m_lease.handle(call.route, request, call.actor);
    } catch (const StoreError &failure) {
        if (rethrow)
            throw;
        m_storeFailures.failed(lcApi(), u"%1 on %2"_s.arg(ApiRoute::name(call.route.kind), call.route.licenseId),
                               failure);
        ApiResponse response = answer::error(ApiError::storeFailed(failure, false));
        m_storeFailures.pace(response, failure);
        return response;
    }
}

ApiResponse HttpApi::heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result)
{
    return LeaseController::heartbeatAnswer(route, result);
}

void HttpApi::countComputed(ApiResponse &response, const QString &route, const QElapsedTimer &since)
{
    response.route = route;
    m_metrics.observeRequest(route, response.status, std::chrono::microseconds(since.nsecsElapsed() / 1000));
}

void HttpApi::countAnswer(ApiResponse &response, ApiRoute::Kind route, const QElapsedTimer &since)
{
    response.route = ApiRoute::name(route);
    m_metrics.observeRequest(response.route, response.status, std::chrono::microseconds(since.nsecsElapsed() / 1000));
}

} // namespace keyright::server
