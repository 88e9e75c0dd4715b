#include "http/ApiRoute.h"

#include "LeaseJson.h"
#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/ApiPaths.h"
#include "wire/ErrorBody.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

struct Pattern
{
    QStringView path; // core's template (wire/ApiPaths.h)
    QByteArrayView method;
    ApiRoute::Kind kind;
    ApiRoute::Access access;
    ApiRoute::Area area;
    QList<QStringView> segments; // of the path: "{license}", "{seat}", "{ticket}" and "{name}" capture
};

// Every route with the role it needs and the area that answers it: the one place that says who
// may do what. The paths are core's, which the clients build their requests with.
const QList<Pattern> &patterns()
{
    using K = ApiRoute::Kind;
    using S = ApiRoute::Access::Scheme;
    using A = ApiRoute::Area;
    constexpr ApiRoute::Access open {S::Public, AccessRole::Viewer};
    constexpr ApiRoute::Access licenseKey {S::LicenseKey, AccessRole::Viewer};
    constexpr ApiRoute::Access viewer {S::Token, AccessRole::Viewer};
    constexpr ApiRoute::Access operator_ {S::Token, AccessRole::Operator};
    constexpr ApiRoute::Access admin {S::Token, AccessRole::Admin};
    static const QList<Pattern> all = [&] {
        namespace p = apipath;
        QList<Pattern> table {
            {p::health, "GET", K::Health, open, A::Public, {}},
            {p::time, "GET", K::Time, open, A::Public, {}},
            {p::publicKey, "GET", K::PublicKey, open, A::Public, {}},
            {p::licenses, "GET", K::ListLicenses, viewer, A::Admin, {}},
            {p::license, "PUT", K::PutLicense, admin, A::Admin, {}},
            {p::checkout, "POST", K::Checkout, licenseKey, A::Lease, {}},
            {p::rotateKey, "POST", K::RotateKey, admin, A::Admin, {}},
            {p::leases, "GET", K::ListLeases, viewer, A::Admin, {}},
            {p::rules, "GET", K::GetRules, viewer, A::Admin, {}},
            {p::rules, "PUT", K::PutRules, admin, A::Admin, {}},
            {p::groups, "GET", K::ListGroups, viewer, A::Admin, {}},
            {p::groups, "PUT", K::PutGroups, admin, A::Admin, {}},
            {p::seat, "DELETE", K::Release, licenseKey, A::Lease, {}},
            {p::seatHeartbeat, "POST", K::Heartbeat, licenseKey, A::Lease, {}},
            {p::revoke, "POST", K::Revoke, operator_, A::Admin, {}},
            {p::reap, "POST", K::Reap, operator_, A::Admin, {}},
            {p::events, "GET", K::Events, viewer, A::Admin, {}},
            {p::usage, "GET", K::Usage, viewer, A::Admin, {}},
            {p::usageWhatIf, "GET", K::UsageWhatIf, viewer, A::Admin, {}},
            {p::ledger, "GET", K::Ledger, viewer, A::Admin, {}},
            {p::metrics, "GET", K::Metrics, viewer, A::Admin, {}},
            {p::stats, "GET", K::Stats, viewer, A::Admin, {}},
            {p::whoami, "GET", K::Whoami, viewer, A::Tokens, {}},
            {p::tokens, "GET", K::ListTokens, admin, A::Tokens, {}},
            {p::tokens, "POST", K::CreateToken, admin, A::Tokens, {}},
            {p::token, "DELETE", K::RevokeToken, admin, A::Tokens, {}},
            {p::ticketHeartbeat, "POST", K::TicketHeartbeat, licenseKey, A::Lease, {}},
            {p::ticket, "DELETE", K::LeaveQueue, licenseKey, A::Lease, {}},
            {p::backup, "POST", K::Backup, admin, A::Admin, {}},
            {p::alerts, "GET", K::Alerts, viewer, A::Admin, {}},
            {p::alertRules, "GET", K::GetAlertRules, viewer, A::Admin, {}},
            {p::alertRules, "PUT", K::PutAlertRules, admin, A::Admin, {}},
            {p::alertEndpoints, "GET", K::ListAlertEndpoints, viewer, A::Admin, {}},
            {p::alertEndpoints, "POST", K::CreateAlertEndpoint, admin, A::Admin, {}},
            {p::alertEndpoint, "DELETE", K::DeleteAlertEndpoint, admin, A::Admin, {}},
            {p::alertEndpointTest, "POST", K::TestAlertEndpoint, admin, A::Admin, {}},
            {p::alertDeliveries, "GET", K::AlertDeliveries, viewer, A::Admin, {}},
            {p::alertRedeliver, "POST", K::Redeliver, admin, A::Admin, {}},
            {p::alertAcknowledge, "POST", K::AcknowledgeAlert, operator_, A::Admin, {}},
            {p::borrow, "POST", K::Borrow, licenseKey, A::Lease, {}},
            {p::borrowedSeat, "DELETE", K::ReturnBorrowed, licenseKey, A::Lease, {}},
            {p::borrowWriteOff, "POST", K::WriteOffBorrowed, admin, A::Admin, {}},
        };
        for (Pattern &pattern : table)
            pattern.segments = pattern.path.mid(1).split(u'/');
        return table;
    }();
    return all;
}

bool segmentsMatch(const Pattern &pattern, const QList<QStringView> &segments, QString *license, QString *seat,
                   QString *name, QString *ticket, QString *item)
{
    if (pattern.segments.size() != segments.size())
        return false;
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const QStringView want = pattern.segments.at(i);
        if (want == apipath::licenseParameter)
            *license = segments.at(i).toString();
        else if (want == apipath::seatParameter)
            *seat = segments.at(i).toString();
        else if (want == apipath::nameParameter)
            *name = segments.at(i).toString();
        else if (want == apipath::ticketParameter)
            *ticket = segments.at(i).toString();
        else if (want == apipath::endpointParameter || want == apipath::deliveryParameter
                 || want == apipath::alertParameter)
            *item = segments.at(i).toString();
        else if (want != segments.at(i))
            return false;
    }
    return true;
}

} // namespace

std::optional<ApiRoute> ApiRoute::match(QByteArrayView method, QStringView path, ApiError *error)
{
    const auto fail = [&](ApiError e) {
        if (error)
            *error = std::move(e);
        return std::nullopt;
    };
    const QString notFound = QString::fromUtf16(errorcode::notFound);
    if (!path.startsWith(u'/'))
        return fail(ApiError::notFound(notFound, u"no such route: %1"_s.arg(path.left(200))));
    const QList<QStringView> segments = path.mid(1).split(u'/');

    QStringList allowed;
    for (const Pattern &pattern : patterns()) {
        QString license, seat, name, ticket, item;
        if (!segmentsMatch(pattern, segments, &license, &seat, &name, &ticket, &item))
            continue;
        if (pattern.method != method) {
            allowed.append(QString::fromLatin1(pattern.method));
            continue;
        }
        if (pattern.segments.contains(apipath::licenseParameter) && !isValidLicenseId(license))
            return fail(ApiError::invalid(
                apipath::parameterField(apipath::licenseParameter),
                u"licenseId \"%1\" is malformed: expected %2"_s.arg(license.left(80), licenseIdRule())));
        if (pattern.segments.contains(apipath::seatParameter) && !isValidSeatId(seat))
            return fail(
                ApiError::invalid(apipath::parameterField(apipath::seatParameter),
                                  u"seatId \"%1\" is malformed: expected %2"_s.arg(seat.left(80), seatIdRule())));
        if (pattern.segments.contains(apipath::nameParameter) && !isValidTokenName(name))
            return fail(ApiError::invalid(
                apipath::parameterField(apipath::nameParameter),
                u"token name \"%1\" is malformed: expected %2"_s.arg(name.left(80), tokenNameRule())));
        if (pattern.segments.contains(apipath::ticketParameter) && !isValidTicketId(ticket))
            return fail(
                ApiError::invalid(apipath::parameterField(apipath::ticketParameter),
                                  u"ticketId \"%1\" is malformed: expected %2"_s.arg(ticket.left(80), ticketIdRule())));
        for (const char16_t *parameter : {apipath::endpointParameter, apipath::deliveryParameter}) {
            if (pattern.segments.contains(QStringView(parameter)) && !alerts::webhook::isValidId(item))
                return fail(ApiError::invalid(
                    apipath::parameterField(parameter),
                    u"%1 \"%2\" is malformed: expected %3"_s.arg(apipath::parameterField(parameter), item.left(80),
                                                                 alerts::webhook::idRule())));
        }
        if (pattern.segments.contains(QStringView(apipath::alertParameter)) && !alerts::isValidAlertId(item))
            return fail(ApiError::invalid(
                apipath::parameterField(apipath::alertParameter),
                u"alertId \"%1\" is malformed: expected %2"_s.arg(item.left(80), alerts::alertIdRule())));
        return ApiRoute {pattern.kind, license, seat, name, pattern.access, ticket, pattern.area, item};
    }
    if (!allowed.isEmpty()) {
        ApiError e {
            405,
            QString::fromUtf16(errorcode::methodNotAllowed),
            u"%1 is not allowed on %2; use %3"_s.arg(QString::fromLatin1(method), path.left(200), allowed.join(u", ")),
            {},
            errorextra::MethodNotAllowed {allowed}.toJson()};
        return fail(std::move(e));
    }
    return fail(ApiError::notFound(
        notFound, u"no such route: %1 %2"_s.arg(QString::fromLatin1(method).left(20), path.left(200))));
}

QList<ApiRoute::Declared> ApiRoute::declared()
{
    QList<Declared> all;
    for (const Pattern &pattern : patterns()) {
        QString path;
        for (const QStringView segment : pattern.segments)
            path += u'/'
                + (segment == apipath::licenseParameter        ? u"{id}"_s
                       : segment == apipath::seatParameter     ? u"{seatId}"_s
                       : segment == apipath::ticketParameter   ? u"{ticketId}"_s
                       : segment == apipath::endpointParameter ? u"{endpointId}"_s
                       : segment == apipath::deliveryParameter ? u"{deliveryId}"_s
                       : segment == apipath::alertParameter    ? u"{alertId}"_s
                                                               : segment.toString());
        all.append(Declared {pattern.method.toByteArray(), path, pattern.kind, pattern.access, pattern.area});
    }
    return all;
}
QString ApiRoute::name(Kind kind)
{
    switch (kind) {
    case Kind::Health:
        return u"health"_s;
    case Kind::Time:
        return u"time"_s;
    case Kind::PublicKey:
        return u"public_key"_s;
    case Kind::ListLicenses:
        return u"list_licenses"_s;
    case Kind::PutLicense:
        return u"put_license"_s;
    case Kind::Checkout:
        return u"checkout"_s;
    case Kind::RotateKey:
        return u"rotate_key"_s;
    case Kind::ListLeases:
        return u"list_leases"_s;
    case Kind::Release:
        return u"release"_s;
    case Kind::Heartbeat:
        return u"heartbeat"_s;
    case Kind::Revoke:
        return u"revoke"_s;
    case Kind::Reap:
        return u"reap"_s;
    case Kind::Events:
        return u"events"_s;
    case Kind::Metrics:
        return u"metrics"_s;
    case Kind::Stats:
        return u"stats"_s;
    case Kind::Whoami:
        return u"whoami"_s;
    case Kind::ListTokens:
        return u"list_tokens"_s;
    case Kind::CreateToken:
        return u"create_token"_s;
    case Kind::RevokeToken:
        return u"revoke_token"_s;
    case Kind::TicketHeartbeat:
        return u"ticket_heartbeat"_s;
    case Kind::LeaveQueue:
        return u"leave_queue"_s;
    case Kind::ListGroups:
        return u"list_groups"_s;
    case Kind::PutGroups:
        return u"put_groups"_s;
    case Kind::GetRules:
        return u"get_rules"_s;
    case Kind::PutRules:
        return u"put_rules"_s;
    case Kind::Usage:
        return u"usage"_s;
    case Kind::UsageWhatIf:
        return u"usage_what_if"_s;
    case Kind::Ledger:
        return u"ledger"_s;
    case Kind::Backup:
        return u"backup"_s;
    case Kind::Alerts:
        return u"alerts"_s;
    case Kind::GetAlertRules:
        return u"get_alert_rules"_s;
    case Kind::PutAlertRules:
        return u"put_alert_rules"_s;
    case Kind::ListAlertEndpoints:
        return u"list_alert_endpoints"_s;
    case Kind::CreateAlertEndpoint:
        return u"create_alert_endpoint"_s;
    case Kind::DeleteAlertEndpoint:
        return u"delete_alert_endpoint"_s;
    case Kind::TestAlertEndpoint:
        return u"test_alert_endpoint"_s;
    case Kind::AlertDeliveries:
        return u"alert_deliveries"_s;
    case Kind::Redeliver:
        return u"redeliver"_s;
    case Kind::AcknowledgeAlert:
        return u"acknowledge_alert"_s;
    case Kind::Borrow:
        return u"borrow"_s;
    case Kind::ReturnBorrowed:
        return u"return_borrowed"_s;
    case Kind::WriteOffBorrowed:
        return u"write_off_borrowed"_s;
    }
    return u"unknown"_s;
}

} // namespace keyright::server
