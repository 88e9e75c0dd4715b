#include "http/LeaseController.h"

#include "Timestamps.h"
#include "http/ApiAnswer.h"
#include "http/RequestParsing.h"
#include "wire/BorrowJson.h"
#include "wire/ErrorBody.h"
#include "wire/QueueTicket.h"
#include "wire/SeatRequests.h"
#include "wire/SeatRulesJson.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// "1 day", "3 days": a count with its noun in agreement, for the refusals' English.
QString counted(qint64 n, const QString &one, const QString &many)
{
    return u"%1 %2"_s.arg(n).arg(n == 1 ? one : many);
}

// The two refusals a checkout and a borrow share. `verb`: "check out", "borrow from".
ApiError holderBlocked(const QString &verb, const QString &holder, const QString &licenseId, const QDateTime &until)
{
    return ApiError {403,
                     QString::fromUtf16(errorcode::holderBlocked),
                     u"holder \"%1\" may not %2 \"%3\" until %4 (an administrator revoked its seat)"_s.arg(
                         holder, verb, licenseId, formatTimestamp(until)),
                     {},
                     errorextra::HolderBlocked {until}.toJson()};
}

// An early return that does not prove it comes from the laptop that borrowed the seat (issue 27):
// no return secret (`secretSent` false: none, or a release by the seat id alone), or another one.
ApiError returnRefused(const ApiRoute &route, bool secretSent)
{
    return ApiError {
        409,
        QString::fromUtf16(errorcode::borrowReturnRefused),
        u"only the laptop that borrowed seat %1 of \"%2\" can return it early, with the return secret "
        "it was given (%3); an administrator can write it off instead"_s.arg(
            route.seatId.left(8), route.licenseId, secretSent ? u"this one is another"_s : u"none was sent"_s),
        QString::fromUtf16(BorrowReturnSecret::member),
        {}};
}

ApiError licenseNotValid(const QString &licenseName, const ValidityRefusal &refusal)
{
    return ApiError {
        403, QString::fromUtf16(errorcode::licenseNotValid), validitySentence(licenseName, refusal), {}, {}};
}

} // namespace

LeaseController::LeaseController(SeatService &seats)
    : m_seats(seats)
{ }

ApiResponse LeaseController::handle(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    switch (route.kind) {
    case ApiRoute::Kind::Checkout:
        return checkout(route, request, actor);
    case ApiRoute::Kind::Heartbeat:
        return heartbeat(route, request, actor);
    case ApiRoute::Kind::TicketHeartbeat:
        return ticketHeartbeat(route, actor);
    case ApiRoute::Kind::LeaveQueue:
        return leaveQueue(route, actor);
    case ApiRoute::Kind::Release:
        return release(route, actor);
    case ApiRoute::Kind::Borrow:
        return borrow(route, request, actor);
    case ApiRoute::Kind::ReturnBorrowed:
        return returnBorrowed(route, request, actor);
    default:
        break;
    }
    return answer::error(ApiError::notFound(QString::fromUtf16(errorcode::notFound), u"no such route"_s));
}

ApiResponse LeaseController::checkout(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseCheckout(request.body, &failure);
    if (!body)
        return answer::error(failure);
    const auto result
        = m_seats.checkout(route.licenseId, body->holder, body->requestId, actor, body->maxWait, body->idle);
    using O = SeatService::CheckoutResult::Outcome;
    switch (result.outcome) {
    case O::Granted:
        if (!result.ticketId.isEmpty()) // a ticket's seat, claimed by repeating its requestId
            return answer::json(200, LeaseAnswer {result.lease, result.ticketId, {}}.toJson());
        return answer::json(201, LeaseAnswer {result.lease, {}, {}}.toJson());
    case O::Queued:
        return answer::json(202, QueuedAnswer {result.ticket}.toJson());
    case O::NoSeatsAvailable:
    case O::GroupCapReached:
    case O::HolderNotAllowed:
        return answer::error(checkoutDenial(route, body->holder, result));
    case O::HolderBlocked:
        return answer::error(holderBlocked(u"check out"_s, body->holder, route.licenseId, result.blockedUntil));
    case O::LicenseNotValid:
        // 403 as the lists: waiting does not help (a license not valid yet is not worth a line).
        return answer::error(licenseNotValid(result.licenseName, result.validity));
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiError LeaseController::checkoutDenial(const ApiRoute &route, const QString &holder,
                                         const SeatService::CheckoutResult &result, bool borrowing)
{
    const SeatDecision &decision = result.decision;
    const SeatUsage &usage = decision.usage;
    const QString nextFree = result.nextExpiry.isValid() && !borrowing
        ? u"; one frees up at %1 at the latest unless renewed"_s.arg(formatTimestamp(result.nextExpiry))
        : QString();
    using O = SeatDecision::Outcome;
    const errorextra::CheckoutDenial extra {decision, result.nextExpiry};
    // 409 for a lack of seats, which can be outwaited; 403 for the lists, which cannot.
    ApiError denial {extra.seatsMayFree() ? 409 : 403, extra.code(), {}, {}, extra.toJson()};
    switch (decision.outcome) {
    case O::HolderDenied:
        denial.message = u"holder \"%1\" may not check out \"%2\": it matches the deny entry \"%3\""_s.arg(
            holder, route.licenseId, decision.entry);
        break;
    case O::HolderNotAllowed:
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
        const QString license = u"\"%1\""_s.arg(route.licenseId);
        if (decision.reservedForOthers > 0) {
            QStringList groups;
            for (const QString &group : usage.groupsWithIdleSeats())
                groups.append(u"\"%1\""_s.arg(group));
            const QString reservedFor = groups.join(u", "_s);
            // Whole sentences for one seat: "the other one is", never "the other 1 are".
            if (usage.inUse == 0)
                denial.message = usage.seatCount == 1
                    ? u"the only seat of %1 is reserved for %2%3"_s.arg(license, reservedFor, nextFree)
                    : u"none of the %1 seats of %2 is in use, but all are reserved for %3%4"_s.arg(usage.seatCount)
                          .arg(license, reservedFor, nextFree);
            else
                denial.message
                    = u"%1 of the %2 seats of %3 %4 in use and %5 reserved for %6%7"_s.arg(usage.inUse)
                          .arg(usage.seatCount)
                          .arg(license, usage.inUse == 1 ? u"is"_s : u"are"_s,
                               decision.reservedForOthers == 1 ? u"the other one is"_s
                                                               : u"the other %1 are"_s.arg(decision.reservedForOthers),
                               reservedFor, nextFree);
        } else {
            denial.message = usage.seatCount == 1
                ? u"the only seat of %1 is in use%2"_s.arg(license, nextFree)
                : u"all %1 seats of %2 are in use%3"_s.arg(usage.seatCount).arg(license, nextFree);
        }
        break;
    }
    }
    return denial;
}

ApiResponse LeaseController::heartbeat(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    // The body only tells the holder's activity: nothing a client sends can move an expiry.
    ApiError failure;
    const auto body = request::parseHeartbeat(request.body, &failure);
    if (!body)
        return answer::error(failure);
    return heartbeatAnswer(route, m_seats.heartbeat(route.licenseId, route.seatId, actor, body->idle));
}

ApiResponse LeaseController::heartbeatAnswer(const ApiRoute &route, const SeatService::HeartbeatResult &result)
{
    using O = SeatService::HeartbeatResult::Outcome;
    switch (result.outcome) {
    case O::Renewed:
        return answer::json(200, LeaseAnswer {result.lease, {}, result.reclaimAt}.toJson());
    case O::SeatBorrowed:
        return answer::error(ApiError {409,
                                       QString::fromUtf16(errorcode::seatBorrowed),
                                       u"seat %1 is borrowed: a borrowed seat is never renewed, it lasts until its "
                                       "expiry or until it is returned"_s.arg(route.seatId),
                                       {},
                                       {}});
    case O::SeatLost:
        return answer::error(
            ApiError {410,
                      QString::fromUtf16(errorcode::seatLost),
                      u"seat %1 is no longer held (expired, revoked, reclaimed while idle, reaped or never "
                      "granted); check out "
                      "again"_s.arg(route.seatId),
                      {},
                      {}});
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiResponse LeaseController::ticketHeartbeat(const ApiRoute &route, const QString &actor)
{
    const auto result = m_seats.ticketHeartbeat(route.licenseId, route.ticketId, actor);
    using O = SeatService::TicketResult::Outcome;
    switch (result.outcome) {
    case O::Waiting:
        return answer::json(202, QueuedAnswer {result.ticket}.toJson());
    case O::Granted:
        return answer::json(200, LeaseAnswer {result.lease, route.ticketId, {}}.toJson());
    case O::Lost: {
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
        return answer::error(ApiError {410,
                                       QString::fromUtf16(queue::ticketLost),
                                       u"ticket %1 is no longer in the line of \"%2\": %3; check out again"_s.arg(
                                           route.ticketId, route.licenseId, why),
                                       {},
                                       errorextra::TicketLost {result.lost}.toJson()});
    }
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiResponse LeaseController::leaveQueue(const ApiRoute &route, const QString &actor)
{
    if (m_seats.leaveQueue(route.licenseId, route.ticketId, actor) == SeatService::LeaveOutcome::LicenseNotFound)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    return answer::noContent(); // leaving a line one is no longer in is not an error, as with a release
}

ApiResponse LeaseController::release(const ApiRoute &route, const QString &actor)
{
    const auto outcome = m_seats.release(route.licenseId, route.seatId, actor);
    if (outcome == SeatService::ReleaseOutcome::LicenseNotFound)
        return answer::error(ApiError::licenseNotFound(route.licenseId));
    if (outcome == SeatService::ReleaseOutcome::SeatBorrowed)
        return answer::error(returnRefused(route, false));
    return answer::noContent(); // releasing a seat that is already gone is not an error
}

ApiResponse LeaseController::borrow(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseBorrow(request.body, &failure);
    if (!body)
        return answer::error(failure);
    const auto result = m_seats.borrow(route.licenseId, body->holder, body->days, actor);
    using O = SeatService::BorrowResult::Outcome;
    switch (result.outcome) {
    case O::Granted:
        return answer::json(
            201, BorrowAnswer {result.lease, m_seats.publicKey(), result.decidedAt, result.returnSecret}.toJson());
    case O::Denied:
        return answer::error(borrowDenial(route, body->holder, result));
    case O::HolderBlocked:
        return answer::error(holderBlocked(u"borrow from"_s, body->holder, route.licenseId, result.blockedUntil));
    case O::LicenseNotValid:
        return answer::error(licenseNotValid(result.licenseName, result.validity));
    case O::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

ApiError LeaseController::borrowDenial(const ApiRoute &route, const QString &holder,
                                       const SeatService::BorrowResult &result)
{
    const BorrowDecision &decision = result.decision;
    const BorrowPolicy &policy = decision.policy;
    using O = BorrowDecision::Outcome;
    // The numbers of the refusal go with the sentence, so that a client can say it in its own
    // language (the same members as the borrow_denied event's detail).
    const QJsonObject numbers = BorrowRefusal::of(decision).toJson();
    const auto refusal = [&numbers](int status, const char16_t *code, const QString &message) {
        return ApiError {status, QString::fromUtf16(code), message, {}, numbers};
    };
    switch (decision.outcome) {
    case O::NotAllowed:
        return refusal(
            403, errorcode::borrowNotAllowed,
            u"the seats of \"%1\" may not be borrowed (its borrowing policy does not allow it)"_s.arg(route.licenseId));
    case O::TooLong:
        return refusal(
            403, errorcode::borrowTooLong,
            u"a seat of \"%1\" may be borrowed for %2 at most, not %3"_s.arg(
                route.licenseId, counted(policy.maxDays, u"day"_s, u"days"_s), QString::number(decision.days)));
    case O::GroupNotAllowed:
        return refusal(403, errorcode::borrowNotAllowed,
                       u"holder \"%1\" may not borrow a seat of \"%2\": only members of %3 may"_s.arg(
                           holder, route.licenseId, u"\""_s + policy.groups.join(u"\", \""_s) + u"\""_s));
    case O::LimitReached:
        // "1 seat ... is", "2 seats ... are": the verb and the noun agree with the count.
        return refusal(409, errorcode::borrowLimitReached,
                       u"%1 of \"%2\" %3 already borrowed, the most its policy allows at once; one comes back "
                       "when it is returned or expires"_s.arg(counted(decision.borrowed, u"seat"_s, u"seats"_s),
                                                              route.licenseId,
                                                              decision.borrowed == 1 ? u"is"_s : u"are"_s));
    case O::KeepOnSite:
        return refusal(409, errorcode::borrowKeepOnSite,
                       u"%1 of the %2 of \"%3\" %4 borrowed and %5 must stay on site for ordinary checkouts"_s.arg(
                           QString::number(decision.borrowed),
                           decision.seatCount == 1 ? u"1 seat"_s : u"%1 seats"_s.arg(decision.seatCount),
                           route.licenseId, decision.borrowed == 1 ? u"is"_s : u"are"_s,
                           QString::number(policy.keepOnSite)));
    case O::SeatDenied:
    case O::Granted:
        break;
    }
    // The seat rules refused, as they refuse a checkout: the same answer, code and members.
    SeatService::CheckoutResult seat;
    seat.decision = decision.seat;
    seat.nextExpiry = result.nextExpiry;
    return checkoutDenial(route, holder, seat, true);
}

ApiResponse LeaseController::returnBorrowed(const ApiRoute &route, const ApiRequest &request, const QString &actor)
{
    ApiError failure;
    const auto body = request::parseReturnBorrowed(request.body, &failure);
    if (!body)
        return answer::error(failure);
    switch (m_seats.returnBorrowed(route.licenseId, route.seatId, body->secret, actor)) {
    case SeatService::ReturnOutcome::Returned:
        return answer::noContent();
    case SeatService::ReturnOutcome::WrongSecret:
        return answer::error(returnRefused(route, body->secret.isSet()));
    case SeatService::ReturnOutcome::NotBorrowed:
        return answer::error(ApiError::notFound(
            QString::fromUtf16(errorcode::borrowNotFound),
            u"\"%1\" has no borrowed seat %2 (returned already, expired and reaped, or never borrowed)"_s.arg(
                route.licenseId, route.seatId)));
    case SeatService::ReturnOutcome::LicenseNotFound:
        break;
    }
    return answer::error(ApiError::licenseNotFound(route.licenseId));
}

} // namespace keyright::server
