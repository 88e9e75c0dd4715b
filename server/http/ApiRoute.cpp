#include "http/ApiRoute.h"

#include "LeaseJson.h"

#include <QJsonArray>
#include <QList>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

struct Pattern
{
    QList<QStringView> segments; // "{license}", "{seat}", "{ticket}" and "{name}" capture
    QByteArrayView method;
    ApiRoute::Kind kind;
    ApiRoute::Access access;
    ApiRoute::Area area;
};

// Every route with the role it needs and the area that answers it: the one place that says who
// may do what.
const QList<Pattern> &patterns()
{
    using K = ApiRoute::Kind;
    using S = ApiRoute::Access::Scheme;
    constexpr ApiRoute::Access open {S::Public, AccessRole::Viewer};
    constexpr ApiRoute::Access license {S::LicenseKey, AccessRole::Viewer};
    constexpr ApiRoute::Access viewer {S::Token, AccessRole::Viewer};
    constexpr ApiRoute::Access operator_ {S::Token, AccessRole::Operator};
    constexpr ApiRoute::Access admin {S::Token, AccessRole::Admin};
    constexpr ApiRoute::Area public_ = ApiRoute::Area::Public;
    constexpr ApiRoute::Area lease = ApiRoute::Area::Lease;
    constexpr ApiRoute::Area administration = ApiRoute::Area::Admin;
    constexpr ApiRoute::Area tokens = ApiRoute::Area::Tokens;
    static const QList<Pattern> all {
        {{u"v1", u"health"}, "GET", K::Health, open, public_},
        {{u"v1", u"time"}, "GET", K::Time, open, public_},
        {{u"v1", u"public-key"}, "GET", K::PublicKey, open, public_},
        {{u"v1", u"licenses"}, "GET", K::ListLicenses, viewer, administration},
        {{u"v1", u"licenses", u"{license}"}, "PUT", K::PutLicense, admin, administration},
        {{u"v1", u"licenses", u"{license}", u"checkout"}, "POST", K::Checkout, license, lease},
        {{u"v1", u"licenses", u"{license}", u"rotate-key"}, "POST", K::RotateKey, admin, administration},
        {{u"v1", u"licenses", u"{license}", u"leases"}, "GET", K::ListLeases, viewer, administration},
        {{u"v1", u"licenses", u"{license}", u"rules"}, "GET", K::GetRules, viewer, administration},
        {{u"v1", u"licenses", u"{license}", u"rules"}, "PUT", K::PutRules, admin, administration},
        {{u"v1", u"groups"}, "GET", K::ListGroups, viewer, administration},
        {{u"v1", u"groups"}, "PUT", K::PutGroups, admin, administration},
        {{u"v1", u"licenses", u"{license}", u"seats", u"{seat}"}, "DELETE", K::Release, license, lease},
        {{u"v1", u"licenses", u"{license}", u"seats", u"{seat}", u"heartbeat"}, "POST", K::Heartbeat, license, lease},
        {{u"v1", u"licenses", u"{license}", u"seats", u"{seat}", u"revoke"},
         "POST",
         K::Revoke,
         operator_,
         administration},
        {{u"v1", u"reap"}, "POST", K::Reap, operator_, administration},
        {{u"v1", u"events"}, "GET", K::Events, viewer, administration},
        {{u"metrics"}, "GET", K::Metrics, viewer, administration},
        {{u"v1", u"stats"}, "GET", K::Stats, viewer, administration},
        {{u"v1", u"whoami"}, "GET", K::Whoami, viewer, tokens},
        {{u"v1", u"tokens"}, "GET", K::ListTokens, admin, tokens},
        {{u"v1", u"tokens"}, "POST", K::CreateToken, admin, tokens},
        {{u"v1", u"tokens", u"{name}"}, "DELETE", K::RevokeToken, admin, tokens},
        {{u"v1", u"licenses", u"{license}", u"tickets", u"{ticket}", u"heartbeat"},
         "POST",
         K::TicketHeartbeat,
         license,
         lease},
        {{u"v1", u"licenses", u"{license}", u"tickets", u"{ticket}"}, "DELETE", K::LeaveQueue, license, lease},
    };
    return all;
}

bool segmentsMatch(const Pattern &pattern, const QList<QStringView> &segments, QString *license, QString *seat,
                   QString *name, QString *ticket)
{
    if (pattern.segments.size() != segments.size())
        return false;
    for (qsizetype i = 0; i < segments.size(); ++i) {
        const QStringView want = pattern.segments.at(i);
        if (want == u"{license}")
            *license = segments.at(i).toString();
        else if (want == u"{seat}")
            *seat = segments.at(i).toString();
        else if (want == u"{name}")
            *name = segments.at(i).toString();
        else if (want == u"{ticket}")
            *ticket = segments.at(i).toString();
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
    if (!path.startsWith(u'/'))
        return fail(ApiError::notFound(u"not_found"_s, u"no such route: %1"_s.arg(path.left(200))));
    const QList<QStringView> segments = path.mid(1).split(u'/');

    QStringList allowed;
    for (const Pattern &pattern : patterns()) {
        QString license, seat, name, ticket;
        if (!segmentsMatch(pattern, segments, &license, &seat, &name, &ticket))
            continue;
        if (pattern.method != method) {
            allowed.append(QString::fromLatin1(pattern.method));
            continue;
        }
        if (pattern.segments.contains(u"{license}") && !isValidLicenseId(license))
            return fail(ApiError::invalid(
                u"licenseId"_s,
                u"licenseId \"%1\" is malformed: expected %2"_s.arg(license.left(80), licenseIdRule())));
        if (pattern.segments.contains(u"{seat}") && !isValidSeatId(seat))
            return fail(ApiError::invalid(
                u"seatId"_s, u"seatId \"%1\" is malformed: expected %2"_s.arg(seat.left(80), seatIdRule())));
        if (pattern.segments.contains(u"{name}") && !isValidTokenName(name))
            return fail(ApiError::invalid(
                u"name"_s, u"token name \"%1\" is malformed: expected %2"_s.arg(name.left(80), tokenNameRule())));
        if (pattern.segments.contains(u"{ticket}") && !isValidTicketId(ticket))
            return fail(ApiError::invalid(
                u"ticketId"_s, u"ticketId \"%1\" is malformed: expected %2"_s.arg(ticket.left(80), ticketIdRule())));
        return ApiRoute {pattern.kind, license, seat, name, pattern.access, ticket, pattern.area};
    }
    if (!allowed.isEmpty()) {
        ApiError e {
            405,
            u"method_not_allowed"_s,
            u"%1 is not allowed on %2; use %3"_s.arg(QString::fromLatin1(method), path.left(200), allowed.join(u", ")),
            {},
            {}};
        e.extra.insert(u"allow"_s, QJsonArray::fromStringList(allowed));
        return fail(std::move(e));
    }
    return fail(ApiError::notFound(
        u"not_found"_s, u"no such route: %1 %2"_s.arg(QString::fromLatin1(method).left(20), path.left(200))));
}

QList<ApiRoute::Declared> ApiRoute::declared()
{
    QList<Declared> all;
    for (const Pattern &pattern : patterns()) {
        QString path;
        for (const QStringView segment : pattern.segments)
            path += u'/'
                + (segment == u"{license}"      ? u"{id}"_s
                       : segment == u"{seat}"   ? u"{seatId}"_s
                       : segment == u"{ticket}" ? u"{ticketId}"_s
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
    }
    return u"unknown"_s;
}

} // namespace keyright::server
