#include "http/HttpApi.h"

#include "Clock.h"
#include "LeaseJson.h"
#include "LeasePredicate.h"
#include "Metrics.h"
#include "Timestamps.h"
#include "access/AccessService.h"
#include "http/AuthGuard.h"
#include "http/RequestParsing.h"
#include "seats/SeatService.h"
#include "stats/StatsService.h"
#include "wire/EventRecord.h"
#include "wire/Identifiers.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSummary.h"
#include "wire/QueueTicket.h"
#include "wire/ReapResult.h"
#include "wire/SeatRulesJson.h"

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
                           license.deniedLastHour,
                           license.reservedSeats,
                           license.waiting};
}

QJsonObject summaryJson(const SeatService::LicenseSummary &license)
{
    return wireSummary(license).toJson();
}

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

ApiError licenseNotFound(const QString &licenseId)
{
    return ApiError::notFound(u"license_not_found"_s, u"there is no license \"%1\""_s.arg(licenseId));
}

} // namespace

HttpApi::HttpApi(SeatService &seats, AccessService &access, Metrics &metrics, QByteArray publicKey)
    : HttpApi(seats, access, metrics, std::move(publicKey), AuthThrottle::Settings {})
{ }

HttpApi::HttpApi(SeatService &seats, AccessService &access, Metrics &metrics, QByteArray publicKey,
                 AuthThrottle::Settings throttle)
    : m_seats(seats)
    , m_access(access)
    , m_metrics(metrics)
    , m_throttle(seats.clock(), throttle)
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
    m_callerHasToken = false;
    try {
        response = dispatch(request, &routeName);
    } catch (const StoreError &failure) {
        qCCritical(lcApi, "%s %ls failed in the store: %s", request.method.constData(), qUtf16Printable(request.path),
                   failure.what());
        response = error(ApiError::storeFailed(failure, m_callerHasToken));
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
        return health();
    case K::Time:
        return json(200, {{u"now"_s, formatTimestamp(m_seats.clock().now())}});
    case K::PublicKey:
        return json(200,
                    {{u"algorithm"_s, u"Ed25519"_s}, {u"publicKey"_s, QString::fromLatin1(m_publicKey.toBase64())}});
    case K::Checkout:
    case K::Heartbeat:
    case K::Release:
    case K::TicketHeartbeat:
    case K::LeaveQueue:
        return clientRoute(*route, request);
    default:
        return adminRoute(*route, request);
    }
}

ApiResponse HttpApi::health()
{
    // Still 200 when the database is down: the process is alive and answers (a load balancer
    // that checks liveness keeps it), and every instance shares the database, so sending the
    // traffic elsewhere would not help. The body says what is wrong; it is public, so it names no
    // host (the log does).
    QJsonObject body {{u"status"_s, u"ok"_s}, {u"version"_s, QStringLiteral(KEYRIGHT_VERSION)}};
    try {
        m_seats.checkStore();
    } catch (const StoreError &failure) {
        qCWarning(lcApi, "health: the store cannot serve a transaction: %s", failure.what());
        body.insert(u"status"_s, u"degraded"_s);
        body.insert(u"reason"_s, failure.isUnavailable() ? u"database unavailable"_s : u"database error"_s);
    }
    return json(200, body);
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
    case ApiRoute::Kind::TicketHeartbeat:
        return ticketHeartbeat(route, u"client "_s + actorAddress(request.remoteAddress));
    case ApiRoute::Kind::LeaveQueue:
        return leaveQueue(route, u"client "_s + actorAddress(request.remoteAddress));
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

std::optional<ApiResponse> HttpApi::refuseToken(const ApiRoute &route, const ApiRequest &request, AccessToken *caller)
{
    const auto refuse = [&](const QString &reason, const QString &message) -> ApiResponse {
        m_metrics.countAuthFailure(reason);
        if (const auto wait = m_throttle.recordFailure(request.remoteAddress)) {
            m_metrics.countAuthFailure(u"throttled"_s);
            ApiError throttled {429,
                                u"too_many_failures"_s,
                                u"too many requests with a token that is not valid came from this address; try "
                                "again in %1 s"_s.arg(wait->count()),
                                {},
                                {{u"retryAfterSeconds"_s, qint64(wait->count())}}};
            auto response = error(throttled);
            response.headers.append(
                std::pair<QByteArray, QByteArray>("Retry-After", QByteArray::number(qint64(wait->count()))));
            return response;
        }
        auto response = error(ApiError::unauthorized(message));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "Bearer"));
        return response;
    };
    auto secret = request::credential(request.authorization, "Bearer");
    if (!secret)
        return refuse(u"missing"_s,
                      request::credential(request.authorization, "License")
                          ? u"a license key only opens the client routes; this route needs \"Authorization: Bearer "
                            "<access token>\""_s
                          : u"this route needs \"Authorization: Bearer <access token>\" (the bootstrap admin token "
                            "is in the server's data directory, file admin-token)"_s);
    const bool licenseKey = isValidLicenseKey(QString::fromLatin1(*secret));
    const auto authentication = m_access.authenticate(*secret);
    secret->fill('\0');
    if (!authentication.token) {
        if (authentication.refusal == AccessService::Refusal::Expired)
            return refuse(u"expired"_s, u"the access token has expired; ask an admin for a new one"_s);
        return refuse(u"unknown"_s,
                      licenseKey ? u"this is a license key, not an access token; admin routes need an access token"_s
                                 : u"the access token is not valid (unknown or revoked)"_s);
    }
    *caller = *authentication.token;
    m_callerHasToken = true;
    if (!roleAllows(caller->role, route.access.role)) {
        ApiError forbidden {403,
                            u"forbidden"_s,
                            u"this needs the %1 role; token \"%2\" has the %3 role"_s.arg(
                                roleName(route.access.role), caller->name, roleName(caller->role)),
                            {},
                            {{u"needed"_s, roleName(route.access.role)}, {u"role"_s, roleName(caller->role)}}};
        return error(forbidden);
    }
    return std::nullopt;
}

ApiResponse HttpApi::adminRoute(const ApiRoute &route, const ApiRequest &request)
{
    AccessToken caller;
    if (auto refused = refuseToken(route, request, &caller))
        return *refused;
    const QString actor = tokenActor(caller.name, caller.role);
    using K = ApiRoute::Kind;
    switch (route.kind) {
    case K::ListLicenses:
        return listLicenses();
    case K::PutLicense:
        return putLicense(route, request, actor);
    case K::RotateKey:
        return rotateKey(route, actor);
    case K::ListLeases:
        return listLeases(route);
    case K::Revoke:
        return revoke(route, request, actor);
    case K::Reap:
        return reap(request, actor);
    case K::Events:
        return events(request);
    case K::Metrics:
        return metrics();
    case K::Stats:
        return stats();
    case K::Whoami:
        return whoami(caller);
    case K::ListTokens:
        return listTokens();
    case K::CreateToken:
        return createToken(request, actor);
    case K::RevokeToken:
        return revokeToken(route, actor);
    case K::ListGroups:
        return listGroups();
    case K::PutGroups:
        return putGroups(request, actor);
    case K::GetRules:
        return getRules(route);
    case K::PutRules:
        return putRules(route, request, actor);
    default:
        return error(ApiError::notFound(u"not_found"_s, u"no such route"_s));
    }
}

ApiResponse HttpApi::whoami(const AccessToken &caller)
{
    return json(200, tokenJson(caller));
}

ApiResponse HttpApi::listTokens()
{
    QJsonArray tokens;
    for (const AccessToken &token : m_access.tokens())
        tokens.append(tokenJson(token));
    return json(200, {{u"serverTime"_s, formatTimestamp(m_seats.clock().now())}, {u"tokens"_s, tokens}});
}

ApiResponse HttpApi::createToken(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto spec = request::parseTokenSpec(request.body, &failure);
    if (!spec)
        return error(failure);
    auto result = m_access.create(spec->name, spec->role, spec->lifetime, actor);
    if (result.outcome == AccessService::CreateResult::Outcome::NameTaken)
        return error(
            ApiError {409,
                      u"token_exists"_s,
                      u"there is already a token named \"%1\"; revoke it first or pick another name"_s.arg(spec->name),
                      u"name"_s,
                      {}});
    auto response = json(201, {{u"token"_s, tokenJson(result.token)}, {u"secret"_s, result.secret}});
    result.secret.fill(u'\0');
    return response;
}

ApiResponse HttpApi::revokeToken(const ApiRoute &route, const QString &actor)
{
    switch (m_access.revoke(route.tokenName, actor)) {
    case AccessService::RevokeOutcome::Revoked:
        return noContent();
    case AccessService::RevokeOutcome::Bootstrap:
        return error(ApiError {409,
                               u"bootstrap_token"_s,
                               u"the bootstrap token is the server's admin-token file; to replace it, delete that "
                               "file and restart the server"_s,
                               {},
                               {}});
    case AccessService::RevokeOutcome::NotFound:
        break;
    }
    return error(ApiError::notFound(u"token_not_found"_s, u"there is no token \"%1\""_s.arg(route.tokenName)));
}

ApiResponse HttpApi::checkout(const ApiRoute &route, const ApiRequest &request)
{
    ApiError failure;
    const auto body = request::parseCheckout(request.body, &failure);
    if (!body)
        return error(failure);
    const auto result = m_seats.checkout(route.licenseId, body->holder, body->requestId,
                                         u"client "_s + actorAddress(request.remoteAddress), body->maxWait);
    using O = SeatService::CheckoutResult::Outcome;
    switch (result.outcome) {
    case O::Granted:
        if (!result.ticketId.isEmpty()) // a ticket's seat, claimed by repeating its requestId
            return json(200, {{u"lease"_s, leaseToJson(result.lease)}, {u"ticketId"_s, result.ticketId}});
        return json(201, {{u"lease"_s, leaseToJson(result.lease)}});
    case O::Queued:
        return json(202, {{QString::fromUtf16(queue::ticketMember), result.ticket.toJson()}});
    case O::NoSeatsAvailable:
    case O::GroupCapReached:
    case O::HolderNotAllowed:
        return error(checkoutDenial(route, body->holder, result));
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

ApiError HttpApi::checkoutDenial(const ApiRoute &route, const QString &holder,
                                 const SeatService::CheckoutResult &result)
{
    const SeatDecision &decision = result.decision;
    const SeatUsage &usage = decision.usage;
    const QString nextFree = result.nextExpiry.isValid()
        ? u"; one frees up at %1 at the latest unless renewed"_s.arg(formatTimestamp(result.nextExpiry))
        : QString();
    using O = SeatDecision::Outcome;
    ApiError denial {409, seatrules::denialCode(decision.outcome), {}, {}, seatrules::denialToJson(decision)};
    switch (decision.outcome) {
    case O::HolderDenied:
        denial.status = 403;
        denial.message = u"holder \"%1\" may not check out \"%2\": it matches the deny entry \"%3\""_s.arg(
            holder, route.licenseId, decision.entry);
        break;
    case O::HolderNotAllowed:
        denial.status = 403;
        denial.message
            = u"holder \"%1\" may not check out \"%2\": it matches no entry of the license's allow list"_s.arg(
                holder, route.licenseId);
        break;
    case O::GroupCapReached:
        denial.message = u"the group \"%1\" already holds %2 of its %3 seats on \"%4\"%5"_s.arg(decision.group)
                             .arg(decision.groupHeld)
                             .arg(decision.cap)
                             .arg(route.licenseId, nextFree);
        break;
    case O::NoSeatsAvailable:
    case O::Granted: {
        if (decision.reservedForOthers > 0) {
            QStringList idle;
            for (const SeatUsage::Reservation &r : usage.reservations) {
                if (r.seats > r.used)
                    idle.append(u"\"%1\""_s.arg(r.group));
            }
            denial.message
                = u"%1 of the %2 seats of \"%3\" are in use and the other %4 are reserved for %5%6"_s.arg(usage.inUse)
                      .arg(usage.seatCount)
                      .arg(route.licenseId)
                      .arg(decision.reservedForOthers)
                      .arg(idle.join(u", "_s), nextFree);
        } else {
            denial.message
                = u"all %1 seats of \"%2\" are in use%3"_s.arg(usage.seatCount).arg(route.licenseId, nextFree);
        }
        break;
    }
    }
    if (denial.status == 409)
        denial.extra.insert(u"nextExpiry"_s, timestampOrNull(result.nextExpiry));
    return denial;
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

ApiResponse HttpApi::ticketHeartbeat(const ApiRoute &route, const QString &actor)
{
    const auto result = m_seats.ticketHeartbeat(route.licenseId, route.ticketId, actor);
    using O = SeatService::TicketResult::Outcome;
    switch (result.outcome) {
    case O::Waiting:
        return json(202, {{QString::fromUtf16(queue::ticketMember), result.ticket.toJson()}});
    case O::Granted:
        return json(200, {{u"lease"_s, leaseToJson(result.lease)}, {u"ticketId"_s, route.ticketId}});
    case O::Lost: {
        const QString reason = queue::toWire(result.lost);
        QString why;
        switch (result.lost) {
        case queue::LeftBecause::Expired:
            why = u"it was not renewed within the license's TTL"_s;
            break;
        case queue::LeftBecause::TimedOut:
            why = u"its maximum wait passed"_s;
            break;
        case queue::LeftBecause::GaveUp:
            why = u"its waiter left the line"_s;
            break;
        case queue::LeftBecause::Revoked:
            why = u"an administrator revoked the seat held for it"_s;
            break;
        case queue::LeftBecause::Unknown:
            why = u"the server does not know it"_s;
            break;
        }
        return error(ApiError {410,
                               QString::fromUtf16(queue::ticketLost),
                               u"ticket %1 is no longer in the line of \"%2\": %3; check out again"_s.arg(
                                   route.ticketId, route.licenseId, why),
                               {},
                               {{u"reason"_s, reason}}});
    }
    case O::LicenseNotFound:
        break;
    }
    return error(licenseNotFound(route.licenseId));
}

ApiResponse HttpApi::leaveQueue(const ApiRoute &route, const QString &actor)
{
    if (m_seats.leaveQueue(route.licenseId, route.ticketId, actor) == SeatService::LeaveOutcome::LicenseNotFound)
        return error(licenseNotFound(route.licenseId));
    return noContent(); // leaving a line one is no longer in is not an error, as with a release
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

ApiResponse HttpApi::putLicense(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto spec = request::parseLicenseSpec(request.body, &failure);
    if (!spec)
        return error(failure);
    const auto result = m_seats.putLicense(route.licenseId, *spec, actor);
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

ApiResponse HttpApi::rotateKey(const ApiRoute &route, const QString &actor)
{
    const auto key = m_seats.rotateKey(route.licenseId, actor);
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
    list.queue = listing->queue;
    list.rules = listing->rules;
    list.groups = listing->groups;
    return json(200, list.toJson());
}

ApiResponse HttpApi::listGroups()
{
    return json(200, {{u"groups"_s, seatrules::groupsToJson(m_seats.groups())}});
}

ApiResponse HttpApi::putGroups(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto groups = request::parseGroups(request.body, &failure);
    if (!groups)
        return error(failure);
    const auto result = m_seats.putGroups(*groups, actor);
    using O = SeatService::PutGroupsResult::Outcome;
    switch (result.outcome) {
    case O::Saved:
        return json(200, {{u"groups"_s, seatrules::groupsToJson(*groups)}});
    case O::GroupInUse: {
        QStringList quoted;
        for (const QString &license : result.licenses)
            quoted.append(u"\"%1\""_s.arg(license));
        ApiError inUse {
            409,
            u"group_in_use"_s,
            u"the group \"%1\" is named by the rules of %2 %3; take it out of those rules first"_s.arg(
                result.group, result.licenses.size() == 1 ? u"license"_s : u"licenses"_s, quoted.join(u", "_s)),
            {},
            {{u"group"_s, result.group}, {u"licenses"_s, QJsonArray::fromStringList(result.licenses)}}};
        return error(inUse);
    }
    case O::Invalid:
        break;
    }
    return error(ApiError::invalid(result.error.field, result.error.message));
}

ApiResponse HttpApi::getRules(const ApiRoute &route)
{
    const auto rules = m_seats.rules(route.licenseId);
    if (!rules)
        return error(licenseNotFound(route.licenseId));
    return json(200, {{u"licenseId"_s, route.licenseId}, {u"rules"_s, seatrules::rulesToJson(*rules)}});
}

ApiResponse HttpApi::putRules(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto rules = request::parseRules(request.body, &failure);
    if (!rules)
        return error(failure);
    const auto result = m_seats.putRules(route.licenseId, *rules, actor);
    using O = SeatService::PutRulesResult::Outcome;
    switch (result.outcome) {
    case O::Saved:
        return json(200, {{u"licenseId"_s, route.licenseId}, {u"rules"_s, seatrules::rulesToJson(*rules)}});
    case O::Invalid:
        return error(ApiError::invalid(result.error.field, result.error.message));
    case O::LicenseNotFound:
        break;
    }
    return error(licenseNotFound(route.licenseId));
}

ApiResponse HttpApi::revoke(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseRevoke(request.body, &failure);
    if (!body)
        return error(failure);
    const auto result = m_seats.revoke(route.licenseId, route.seatId, body->reason, body->block, actor);
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

ApiResponse HttpApi::reap(const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto dryRun = request::parseDryRun(request.query, &failure);
    if (!dryRun)
        return error(failure);
    const auto reaped = m_seats.reap(*dryRun, actor);
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
