#include "http/HttpApi.h"

#include "Clock.h"
#include "LeaseJson.h"
#include "LeasePredicate.h"
#include "Metrics.h"
#include "Timestamps.h"
#include "http/AuthGuard.h"
#include "http/RequestParsing.h"
#include "seats/SeatService.h"
#include "stats/StatsService.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSummary.h"
#include "wire/ReapResult.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcApi, "keyright.server.api")

QString actorAddress(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    return isV4 ? QHostAddress(v4).toString() : address.toString();
}

// Whole seconds, rounded down: the wire carries integers (docs/API.md, compatibility notes).
qint64 wholeSeconds(std::chrono::milliseconds duration)
{
    return std::chrono::duration_cast<std::chrono::seconds>(duration).count();
}

LicenseSummary wireSummary(const SeatService::LicenseSummary &license)
{
    return LicenseSummary {license.id,
                           license.name,
                           license.seatCount,
                           license.inUse,
                           wholeSeconds(license.ttl),
                           wholeSeconds(license.skew),
                           wholeSeconds(license.reapGrace),
                           license.deniedLastHour};
}

QJsonObject summaryJson(const SeatService::LicenseSummary &license)
{
    return wireSummary(license).toJson();
}

ApiError licenseNotFound(const QString &licenseId)
{
    return ApiError::notFound(u"license_not_found"_s, u"there is no license \"%1\""_s.arg(licenseId));
}

} // namespace

HttpApi::HttpApi(SeatService &seats, const AuthGuard &auth, Metrics &metrics, QByteArray publicKey)
    : m_seats(seats)
    , m_auth(auth)
    , m_metrics(metrics)
    , m_publicKey(std::move(publicKey))
{ }

ApiResponse HttpApi::json(int status, const QJsonObject &body)
{
    return ApiResponse {status, "application/json", QJsonDocument(body).toJson(QJsonDocument::Compact), {}, {}};
}

ApiResponse HttpApi::error(const ApiError &error)
{
    ApiResponse response {error.status, "application/json", error.toBody(), {}, {}};
    if (error.status == 405) {
        QStringList allow;
        for (const QJsonValue &method : error.extra.value(u"allow"_s).toArray())
            allow.append(method.toString());
        response.headers.append(std::pair<QByteArray, QByteArray>("Allow", allow.join(u", ").toLatin1()));
    }
    return response;
}

ApiResponse HttpApi::noContent()
{
    return ApiResponse {204, {}, {}, {}, {}};
}

ApiResponse HttpApi::handle(const ApiRequest &request)
{
    QElapsedTimer timer;
    timer.start();
    QString routeName = u"unmatched"_s;
    ApiResponse response;
    try {
        response = dispatch(request, &routeName);
    } catch (const StoreError &failure) {
        qCCritical(lcApi, "%s %ls failed in the store: %s", request.method.constData(), qUtf16Printable(request.path),
                   failure.what());
        response = error(ApiError::storeFailed());
    }
    response.route = routeName;
    m_metrics.observeRequest(routeName, response.status, std::chrono::microseconds(timer.nsecsElapsed() / 1000));
    return response;
}

ApiResponse HttpApi::dispatch(const ApiRequest &request, QString *routeName)
{
    if (const auto tooLarge = request::checkBodySize(request.body.size()))
        return error(*tooLarge);
    ApiError failure;
    const auto route = ApiRoute::match(request.method, request.path, &failure);
    if (!route)
        return error(failure);
    *routeName = ApiRoute::name(route->kind);

    using K = ApiRoute::Kind;
    switch (route->kind) {
    case K::Health:
        return json(200, {{u"status"_s, u"ok"_s}, {u"version"_s, QStringLiteral(KEYRIGHT_VERSION)}});
    case K::Time:
        return json(200, {{u"now"_s, formatTimestamp(m_seats.clock().now())}});
    case K::PublicKey:
        return json(200,
                    {{u"algorithm"_s, u"Ed25519"_s}, {u"publicKey"_s, QString::fromLatin1(m_publicKey.toBase64())}});
    case K::Checkout:
    case K::Heartbeat:
    case K::Release:
        return clientRoute(*route, request);
    default:
        return adminRoute(*route, request);
    }
}

std::optional<ApiResponse> HttpApi::refuseClient(const ApiRoute &route, const ApiRequest &request)
{
    if (!request::credential(request.authorization, "License")) {
        auto response = error(ApiError::unauthorized(u"this route needs \"Authorization: License <license key>\""_s));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "License"));
        return response;
    }
    const auto license = m_seats.license(route.licenseId);
    if (!license)
        return error(licenseNotFound(route.licenseId));
    if (!AuthGuard::holdsLicenseKey(request.authorization, license->keyHash)) {
        auto response
            = error(ApiError::unauthorized(u"the license key is not valid for license \"%1\""_s.arg(route.licenseId)));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "License"));
        return response;
    }
    return std::nullopt;
}

ApiResponse HttpApi::clientRoute(const ApiRoute &route, const ApiRequest &request)
{
    if (auto refused = refuseClient(route, request))
        return *refused;
    switch (route.kind) {
    case ApiRoute::Kind::Checkout:
        return checkout(route, request);
    case ApiRoute::Kind::Heartbeat:
        return heartbeat(route, u"client "_s + actorAddress(request.remoteAddress));
    default:
        return release(route, request);
    }
}

std::optional<HttpApi::Heartbeat> HttpApi::authorizedHeartbeat(const ApiRequest &request)
{
    if (request::checkBodySize(request.body.size()))
        return std::nullopt;
    const auto route = ApiRoute::match(request.method, request.path);
    if (!route || route->kind != ApiRoute::Kind::Heartbeat || refuseClient(*route, request))
        return std::nullopt;
    return Heartbeat {*route, u"client "_s + actorAddress(request.remoteAddress)};
}

void HttpApi::countAnswer(ApiResponse &response, ApiRoute::Kind route, const QElapsedTimer &since)
{
    response.route = ApiRoute::name(route);
    m_metrics.observeRequest(response.route, response.status, std::chrono::microseconds(since.nsecsElapsed() / 1000));
}

ApiResponse HttpApi::adminRoute(const ApiRoute &route, const ApiRequest &request)
{
    if (!m_auth.isAdmin(request.authorization)) {
        auto response = error(ApiError::unauthorized(
            request::credential(request.authorization, "Bearer")
                ? u"the admin token is not valid"_s
                : u"this route needs \"Authorization: Bearer <admin token>\" (the token is in the server's "
                  "data directory, file admin-token)"_s));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "Bearer"));
        return response;
    }
    using K = ApiRoute::Kind;
    switch (route.kind) {
    case K::ListLicenses:
        return listLicenses();
    case K::PutLicense:
        return putLicense(route, request);
    case K::RotateKey:
        return rotateKey(route, request);
    case K::ListLeases:
        return listLeases(route);
    case K::Revoke:
        return revoke(route, request);
    case K::Reap:
        return reap(request);
    case K::Events:
        return events(request);
    case K::Metrics:
        return metrics();
    case K::Stats:
        return stats();
    default:
        return error(ApiError::notFound(u"not_found"_s, u"no such route"_s));
    }
}

ApiResponse HttpApi::checkout(const ApiRoute &route, const ApiRequest &request)
{
    ApiError failure;
    const auto body = request::parseCheckout(request.body, &failure);
    if (!body)
        return error(failure);
    const auto result = m_seats.checkout(route.licenseId, body->holder, body->requestId,
                                         u"client "_s + actorAddress(request.remoteAddress));
    using O = SeatService::CheckoutResult::Outcome;
    switch (result.outcome) {
    case O::Granted:
        return json(201, {{u"lease"_s, leaseToJson(result.lease)}});
    case O::NoSeatsAvailable: {
        ApiError full {409,
                       u"no_seats_available"_s,
                       u"all %1 seats of \"%2\" are in use; one frees up at %3 at the latest unless renewed"_s
                           .arg(result.seatCount)
                           .arg(route.licenseId, formatTimestamp(result.nextExpiry)),
                       {},
                       {}};
        full.extra = {{u"seatCount"_s, result.seatCount},
                      {u"inUse"_s, result.inUse},
                      {u"nextExpiry"_s,
                       result.nextExpiry.isValid() ? QJsonValue(formatTimestamp(result.nextExpiry)) : QJsonValue()}};
        return error(full);
    }
    case O::HolderBlocked: {
        ApiError blocked {403,
                          u"holder_blocked"_s,
                          u"holder \"%1\" may not check out \"%2\" until %3 (an administrator revoked its seat)"_s.arg(
                              body->holder, route.licenseId, formatTimestamp(result.blockedUntil)),
                          {},
                          {}};
        blocked.extra = {{u"until"_s, formatTimestamp(result.blockedUntil)}};
        return error(blocked);
    }
    case O::LicenseNotFound:
        break;
    }
    return error(licenseNotFound(route.licenseId));
}

ApiResponse HttpApi::heartbeat(const ApiRoute &route, const QString &actor)
{
    // The body is ignored on purpose: nothing a client sends can move an expiry.
    return heartbeatAnswer(route, m_seats.heartbeat(route.licenseId, route.seatId, actor));
}

ApiResponse HttpApi::heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result)
{
    using O = SeatService::HeartbeatResult::Outcome;
    switch (result.outcome) {
    case O::Renewed:
        return json(200, {{u"lease"_s, leaseToJson(result.lease)}});
    case O::SeatLost:
        return error(ApiError {410,
                               u"seat_lost"_s,
                               u"seat %1 is no longer held (expired, revoked, reaped or never granted); check out "
                               "again"_s.arg(route.seatId),
                               {},
                               {}});
    case O::LicenseNotFound:
        break;
    }
    return error(licenseNotFound(route.licenseId));
}

ApiResponse HttpApi::release(const ApiRoute &route, const ApiRequest &request)
{
    const auto outcome
        = m_seats.release(route.licenseId, route.seatId, u"client "_s + actorAddress(request.remoteAddress));
    if (outcome == SeatService::ReleaseOutcome::LicenseNotFound)
        return error(licenseNotFound(route.licenseId));
    return noContent(); // releasing a seat that is already gone is not an error
}

ApiResponse HttpApi::listLicenses()
{
    LicenseList list {m_seats.clock().now(), {}};
    for (const auto &license : m_seats.licenses())
        list.licenses.append(wireSummary(license));
    return json(200, list.toJson());
}

ApiResponse HttpApi::putLicense(const ApiRoute &route, const ApiRequest &request)
{
    ApiError failure;
    const auto spec = request::parseLicenseSpec(request.body, &failure);
    if (!spec)
        return error(failure);
    const auto result = m_seats.putLicense(route.licenseId, *spec, u"admin "_s + actorAddress(request.remoteAddress));
    using O = SeatService::PutLicenseResult::Outcome;
    switch (result.outcome) {
    case O::Created:
        return json(201, {{u"license"_s, summaryJson(result.license)}, {u"key"_s, result.key}});
    case O::Updated:
        return json(200, {{u"license"_s, summaryJson(result.license)}});
    case O::Invalid:
        break;
    }
    return error(ApiError::invalid(result.error.field, result.error.message));
}

ApiResponse HttpApi::rotateKey(const ApiRoute &route, const ApiRequest &request)
{
    const auto key = m_seats.rotateKey(route.licenseId, u"admin "_s + actorAddress(request.remoteAddress));
    if (!key)
        return error(licenseNotFound(route.licenseId));
    return json(200, {{u"key"_s, *key}});
}

ApiResponse HttpApi::listLeases(const ApiRoute &route)
{
    const auto listing = m_seats.leaseListing(route.licenseId);
    if (!listing)
        return error(licenseNotFound(route.licenseId));
    LeaseList list;
    list.licenseId = route.licenseId;
    list.serverTime = m_seats.clock().now();
    list.seatCount = listing->license.seatCount;
    list.inUse = listing->license.inUse;
    for (const StoredLease &row : listing->leases)
        list.leases.append(LeaseRow {row.lease, isLive(row.lease, list.serverTime, listing->license.skew),
                                     reapableAt(row.lease.expiresAt, listing->license.reapGrace), false});
    list.blocks = listing->blocks;
    return json(200, list.toJson());
}

ApiResponse HttpApi::revoke(const ApiRoute &route, const ApiRequest &request)
{
    ApiError failure;
    const auto body = request::parseRevoke(request.body, &failure);
    if (!body)
        return error(failure);
    const auto result = m_seats.revoke(route.licenseId, route.seatId, body->reason, body->block,
                                       u"admin "_s + actorAddress(request.remoteAddress));
    using O = SeatService::RevokeResult::Outcome;
    switch (result.outcome) {
    case O::Revoked:
        return noContent();
    case O::SeatNotFound:
        return error(ApiError::notFound(u"seat_not_found"_s,
                                        u"license \"%1\" has no seat %2"_s.arg(route.licenseId, route.seatId)));
    case O::LicenseNotFound:
        break;
    }
    return error(licenseNotFound(route.licenseId));
}

ApiResponse HttpApi::reap(const ApiRequest &request)
{
    ApiError failure;
    const auto dryRun = request::parseDryRun(request.query, &failure);
    if (!dryRun)
        return error(failure);
    const auto reaped = m_seats.reap(*dryRun, u"admin "_s + actorAddress(request.remoteAddress));
    return json(200, ReapResult {*dryRun, int(reaped.size()), reaped}.toJson());
}

ApiResponse HttpApi::events(const ApiRequest &request)
{
    ApiError failure;
    const auto query = request::parseEventQuery(request.query, &failure);
    if (!query)
        return error(failure);
    const auto events = m_seats.events(*query);
    return json(200, EventPage {events, events.isEmpty() ? query->after : events.last().seq}.toJson());
}

ApiResponse HttpApi::metrics()
{
    QList<Metrics::LicenseGauge> gauges;
    for (const auto &license : m_seats.licenses())
        gauges.append({license.id, license.seatCount, license.inUse});
    return ApiResponse {200, "text/plain; version=0.0.4; charset=utf-8", m_metrics.render(gauges), {}, {}};
}

ApiResponse HttpApi::stats()
{
    if (!m_stats)
        return error(ApiError::notFound(u"not_found"_s, u"this server keeps no usage statistics"_s));
    return json(200, m_stats->toJson());
}

} // namespace keyright::server
