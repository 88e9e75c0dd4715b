#pragma once

#include "SeatDecision.h"
#include "ValidationError.h"
#include "wire/QueueTicket.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyright {

// The error codes of the v1 API (docs/API.md, "Errors"), each spelled once. The waiting line's
// ticket_lost is queue::ticketLost (wire/QueueTicket.h) and the seat-rule denials are
// seatrules::noSeatsAvailable, holderNotAllowed and groupCapReached (wire/SeatRulesJson.h).
namespace errorcode {
inline constexpr char16_t invalidRequest[] = u"invalid_request";
inline constexpr char16_t unauthorized[] = u"unauthorized";
inline constexpr char16_t forbidden[] = u"forbidden";
inline constexpr char16_t notFound[] = u"not_found";
inline constexpr char16_t methodNotAllowed[] = u"method_not_allowed";
inline constexpr char16_t payloadTooLarge[] = u"payload_too_large";
inline constexpr char16_t badRequest[] = u"bad_request";
inline constexpr char16_t headersTooLarge[] = u"headers_too_large";
inline constexpr char16_t requestTimeout[] = u"request_timeout";
inline constexpr char16_t notImplemented[] = u"not_implemented";
inline constexpr char16_t httpVersionNotSupported[] = u"http_version_not_supported";
inline constexpr char16_t serverBusy[] = u"server_busy";
inline constexpr char16_t tooManyFailures[] = u"too_many_failures";
inline constexpr char16_t internal[] = u"internal";
inline constexpr char16_t databaseUnavailable[] = u"database_unavailable";
inline constexpr char16_t licenseNotFound[] = u"license_not_found";
inline constexpr char16_t seatNotFound[] = u"seat_not_found";
inline constexpr char16_t tokenNotFound[] = u"token_not_found";
inline constexpr char16_t seatLost[] = u"seat_lost";
inline constexpr char16_t holderBlocked[] = u"holder_blocked";
inline constexpr char16_t tokenExists[] = u"token_exists";
inline constexpr char16_t bootstrapToken[] = u"bootstrap_token";
inline constexpr char16_t groupInUse[] = u"group_in_use";
// A checkout or a ticket grant outside the license's validity (validFrom, validUntil; issue 29).
inline constexpr char16_t licenseNotValid[] = u"license_not_valid";
// POST /v1/admin/backup on a server whose store is PostgreSQL (pg_dump backs that up).
inline constexpr char16_t backupUnavailable[] = u"backup_unavailable";
// Borrowing (issue 27): a borrow the license's policy refuses (403: not allowed, too long, the
// holder's groups; 409: the most seats borrowed at once, or the seats kept on site, reached), a
// heartbeat on a borrowed seat (409: it is never renewed), a return of a seat that is not borrowed.
inline constexpr char16_t borrowNotAllowed[] = u"borrow_not_allowed";
inline constexpr char16_t borrowTooLong[] = u"borrow_too_long";
inline constexpr char16_t borrowLimitReached[] = u"borrow_limit_reached";
inline constexpr char16_t borrowKeepOnSite[] = u"borrow_keep_on_site";
inline constexpr char16_t seatBorrowed[] = u"seat_borrowed";
inline constexpr char16_t borrowNotFound[] = u"borrow_not_found";
// DELETE .../borrow/{seatId} without the borrow's return secret, or with another (409): only the
// laptop that borrowed the seat can return it early; an admin writes it off instead.
inline constexpr char16_t borrowReturnRefused[] = u"borrow_return_refused";
// POST .../borrow/{seatId}/write-off on a seat that is not borrowed (409), or whose borrow ended.
inline constexpr char16_t seatNotBorrowed[] = u"seat_not_borrowed";
// POST /v1/alerts/{alertId}/acknowledge (issue 29): 404 for an id no alert ever had, 409 for an
// alert that resolved (only a firing alert can be acknowledged).
inline constexpr char16_t alertNotFound[] = u"alert_not_found";
inline constexpr char16_t alertNotFiring[] = u"alert_not_firing";
} // namespace errorcode

// The body of every error answer: {"error": code, "message": for a person, "field"?: the
// request's field at fault (invalid_request), ...extra members, which the codes below give types}.
struct ErrorBody
{
    QString code;
    QString message;
    QString field;
    QJsonObject extra; // every other member

    // `extra`, then error, message and field (when not empty) over it.
    QJsonObject toJson() const;
    QByteArray toBody() const; // compact
    // Any JSON object, read leniently (a member of another type reads as empty); nullopt when the
    // body is not a JSON object. A client tells the contract's error object by a non-empty code.
    static std::optional<ErrorBody> fromJson(const QByteArray &body);

    friend bool operator==(const ErrorBody &, const ErrorBody &) = default;
};

// The extra members of the error answers that carry them.
namespace errorextra {

// 403 forbidden: the role the route needs and the one the token has, by their names.
struct RoleRefusal
{
    QString needed;
    QString held;

    QJsonObject toJson() const;
    static RoleRefusal fromJson(const QJsonObject &extra);

    friend bool operator==(const RoleRefusal &, const RoleRefusal &) = default;
};

// 403 holder_blocked: until when an administrator's block keeps the holder out.
struct HolderBlocked
{
    QDateTime until;

    QJsonObject toJson() const;
    // nullopt without a valid "until".
    static std::optional<HolderBlocked> fromJson(const QJsonObject &extra);

    friend bool operator==(const HolderBlocked &, const HolderBlocked &) = default;
};

// A checkout the seat count or the rules refused: 409 no_seats_available or group_cap_reached,
// 403 holder_not_allowed. The members are those of seatrules::denialToJson() (inUse, seatCount,
// reservedForOthers, reservations, ...), plus for a 409 "nextExpiry": when a seat frees up at the
// latest unless renewed (null when none is held).
struct CheckoutDenial
{
    SeatDecision decision;
    QDateTime nextExpiry; // 409 only; invalid: none (null)

    // Whether the denial can be outwaited, and so carries nextExpiry: a lack of seats, not the
    // lists.
    bool seatsMayFree() const;
    QString code() const; // seatrules::denialCode()
    QJsonObject toJson() const;
    // Strict about the decision (denialFromJson, with the code), lenient about nextExpiry.
    static std::optional<CheckoutDenial> fromJson(const QString &code, const QJsonObject &extra,
                                                  ValidationError *error = nullptr);

    friend bool operator==(const CheckoutDenial &, const CheckoutDenial &) = default;
};

// 410 ticket_lost: why the ticket is no longer in the line ("reason").
struct TicketLost
{
    queue::LeftBecause why = queue::LeftBecause::Unknown;

    QJsonObject toJson() const;
    // nullopt when "reason" is not a reason this build knows; *reason gets it as sent.
    static std::optional<TicketLost> fromJson(const QJsonObject &extra, QString *reason = nullptr);

    friend bool operator==(const TicketLost &, const TicketLost &) = default;
};

// 429 too_many_failures: when to try again (also the Retry-After header).
struct TooManyFailures
{
    qint64 retryAfterSeconds = 0;

    QJsonObject toJson() const;
    static TooManyFailures fromJson(const QJsonObject &extra);

    friend bool operator==(const TooManyFailures &, const TooManyFailures &) = default;
};

// 405 method_not_allowed: the methods the path has (also the Allow header).
struct MethodNotAllowed
{
    QStringList allow;

    QJsonObject toJson() const;
    static MethodNotAllowed fromJson(const QJsonObject &extra);

    friend bool operator==(const MethodNotAllowed &, const MethodNotAllowed &) = default;
};

// 409 group_in_use: the group a PUT /v1/groups would remove and the licenses whose rules name it.
struct GroupInUse
{
    QString group;
    QStringList licenses;

    QJsonObject toJson() const;
    static GroupInUse fromJson(const QJsonObject &extra);

    friend bool operator==(const GroupInUse &, const GroupInUse &) = default;
};

} // namespace errorextra

} // namespace keyright
