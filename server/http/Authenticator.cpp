#include "http/Authenticator.h"

#include "Metrics.h"
#include "access/AccessService.h"
#include "http/ApiAnswer.h"
#include "http/AuthGuard.h"
#include "http/RequestParsing.h"
#include "seats/SeatService.h"
#include "wire/AccessRole.h"
#include "wire/ErrorBody.h"
#include "wire/Identifiers.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

Authenticator::Authenticator(SeatService &seats, AccessService &access, Metrics &metrics,
                             AuthThrottle::Settings throttle)
    : m_seats(seats)
    , m_access(access)
    , m_metrics(metrics)
    , m_throttle(seats.clock(), throttle)
{ }

std::optional<ApiResponse> Authenticator::refuseLicenseKey(const ApiRoute &route, const ApiRequest &request)
{
    const auto presented = AuthGuard::presentedKeyHash(request.authorization);
    if (!presented) {
        auto response
            = answer::error(ApiError::unauthorized(u"this route needs \"Authorization: License <license key>\""_s));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "License"));
        return response;
    }
    return refuseLicenseKeyHash(route, *presented);
}

std::optional<ApiResponse> Authenticator::refuseLicenseKeyHash(const ApiRoute &route, const QByteArray &presentedHash)
{
    const auto license = m_seats.license(route.licenseId);
    if (!license)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    if (!AuthGuard::isLicenseKeyHash(presentedHash, license->keyHash)) {
        auto response = answer::error(
            ApiError::unauthorized(u"the license key is not valid for license \"%1\""_s.arg(route.licenseId)));
        response.headers.append(std::pair<QByteArray, QByteArray>("WWW-Authenticate", "License"));
        return response;
    }
    return std::nullopt;
}

std::optional<ApiResponse> Authenticator::refuseToken(const ApiRoute &route, const ApiRequest &request,
                                                      AccessToken *caller)
{
    const auto refuse = [&](const QString &reason, const QString &message) -> ApiResponse {
        m_metrics.countAuthFailure(reason);
        if (const auto wait = m_throttle.recordFailure(request.remoteAddress)) {
            m_metrics.countAuthFailure(u"throttled"_s);
            ApiError throttled {429,
                                QString::fromUtf16(errorcode::tooManyFailures),
                                u"too many requests with a token that is not valid came from this address; try "
                                "again in %1 s"_s.arg(wait->count()),
                                {},
                                errorextra::TooManyFailures {qint64(wait->count())}.toJson()};
            auto response = answer::error(throttled);
            response.headers.append(
                std::pair<QByteArray, QByteArray>("Retry-After", QByteArray::number(qint64(wait->count()))));
            return response;
        }
        auto response = answer::error(ApiError::unauthorized(message));
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
    if (!roleAllows(caller->role, route.access.role)) {
        ApiError forbidden {403,
                            QString::fromUtf16(errorcode::forbidden),
                            u"this needs the %1 role; token \"%2\" has the %3 role"_s.arg(
                                roleName(route.access.role), caller->name, roleName(caller->role)),
                            {},
                            errorextra::RoleRefusal {roleName(route.access.role), roleName(caller->role)}.toJson()};
        return answer::error(forbidden);
    }
    return std::nullopt;
}

} // namespace keyright::server
