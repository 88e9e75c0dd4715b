#include "LeaseClient.h"

#include "Crypto.h"
#include "FailoverTransport.h"
#include "InstanceSet.h"
#include "LeaseJson.h"
#include "SystemClock.h"
#include "Timestamps.h"
#include "wire/ApiPaths.h"
#include "wire/ErrorBody.h"
#include "wire/Identifiers.h"
#include "wire/SeatRequests.h"
#include "wire/SeatRulesJson.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

template <typename... Ts>
struct Overloaded : Ts...
{
    using Ts::operator()...;
};

// What came back: an instance's answer (a status), or why none answered (status 0).
using HttpResult = FailoverTransport::Reply;

// The error body of the v1 contract (core's ErrorBody), with a message for a person even when
// the body is not one.
ErrorBody parseErrorBody(const HttpResult &result)
{
    ErrorBody error = ErrorBody::fromJson(result.body).value_or(ErrorBody {});
    if (error.message.isEmpty())
        error.message = LeaseClient::tr("HTTP status %1").arg(result.status);
    return error;
}

// No instance answered: a failure below HTTP (or an unwell instance) is lost, not refused; a
// problem with the instances' keys is one the caller cannot wait out.
template <typename Outcome>
Outcome failureOutcome(const ClientError &error)
{
    switch (error.kind) {
    case ClientError::Kind::Tls:
        return outcome::Transport {error.message, true};
    case ClientError::Kind::Transport:
    case ClientError::Kind::Server:
        return outcome::Transport {error.message};
    default:
        return outcome::Protocol {error.message};
    }
}

// Something outside the lease routes' success cases, mapped to the outcome a caller switches on.
LeaseOutcome outcomeForErrorStatus(const HttpResult &result)
{
    const ErrorBody error = parseErrorBody(result);
    switch (result.status) {
    case 401:
        return outcome::Unauthorized {error.message};
    case 403:
        if (error.code == QStringView(seatrules::holderNotAllowed)) {
            ValidationError why;
            const auto denial = errorextra::CheckoutDenial::fromJson(error.code, error.extra, &why);
            if (!denial)
                return outcome::Protocol {
                    LeaseClient::tr("malformed %1 reply: %2 (%3)").arg(error.code, why.message, why.field)};
            return outcome::NotAllowed {denial->decision};
        }
        if (error.code == QStringView(errorcode::holderBlocked)) {
            const auto blocked = errorextra::HolderBlocked::fromJson(error.extra);
            if (!blocked)
                return outcome::Protocol {LeaseClient::tr("%1 reply without a valid time it ends").arg(error.code)};
            return outcome::HolderBlocked {blocked->until};
        }
        return outcome::Unauthorized {error.message};
    case 404:
        // A license key cannot be good for a license the server does not have.
        if (error.code == QStringView(errorcode::licenseNotFound))
            return outcome::Unauthorized {error.message};
        return outcome::Protocol {LeaseClient::tr("not found: %1").arg(error.message)};
    case 409:
        if (error.code == QStringView(seatrules::noSeatsAvailable)
            || error.code == QStringView(seatrules::groupCapReached)) {
            ValidationError why;
            const auto denial = errorextra::CheckoutDenial::fromJson(error.code, error.extra, &why);
            if (!denial)
                return outcome::Protocol {
                    LeaseClient::tr("malformed %1 reply: %2 (%3)").arg(error.code, why.message, why.field)};
            outcome::NoSeats noSeats;
            noSeats.decision = denial->decision;
            noSeats.seatCount = denial->decision.usage.seatCount;
            noSeats.inUse = denial->decision.usage.inUse;
            noSeats.nextExpiry = denial->nextExpiry;
            return noSeats;
        }
        return outcome::Protocol {LeaseClient::tr("unexpected conflict: %1").arg(error.message)};
    case 410:
        if (error.code == QStringView(queue::ticketLost)) {
            QString reason;
            const auto lost = errorextra::TicketLost::fromJson(error.extra, &reason);
            if (!lost)
                return outcome::Protocol {
                    LeaseClient::tr("%1 reply with an unknown reason (\"%2\")").arg(error.code, reason)};
            return outcome::TicketLost {queue::toWire(lost->why)};
        }
        return outcome::SeatLost {};
    default:
        break;
    }
    if (result.status >= 500)
        return outcome::Transport {error.message, false, result.retryAfter, result.status};
    if (result.status == 400 || result.status == 413)
        return outcome::Protocol {LeaseClient::tr("request rejected: %1").arg(error.message)};
    return outcome::Protocol {LeaseClient::tr("unexpected HTTP status %1").arg(result.status)};
}

// The answer to a DELETE of a seat or of a place in line. Both are idempotent: what the server no
// longer has is as gone as can be, so a 410 is done too. `refused` ("... answered %1: %2") names
// the request in any other client error.
ReleaseOutcome deletionOutcome(const HttpResult &result, const QString &refused)
{
    if (result.status == 0)
        return failureOutcome<ReleaseOutcome>(result.error);
    if (result.status == 204 || result.status == 200 || result.status == 410)
        return outcome::Released {};
    const ErrorBody error = parseErrorBody(result);
    if (result.status == 401 || result.status == 403)
        return outcome::Unauthorized {error.message};
    if (result.status >= 500)
        return outcome::Transport {error.message, false, std::chrono::seconds {0}, result.status};
    return outcome::Protocol {refused.arg(result.status).arg(error.message)};
}

// `done` as every call of LeaseClient promises to run it: only while `context` lives, or always
// when the caller gave none.
template <typename Outcome>
std::function<void(const Outcome &)> guarded(QObject *context, std::function<void(const Outcome &)> done)
{
    return [guard = QPointer<QObject>(context), hasContext = context != nullptr,
            done = std::move(done)](const Outcome &result) {
        if (!hasContext || guard)
            done(result);
    };
}

// Answers a call refused before anything was sent, from the event loop, as an answer would come.
template <typename Outcome>
void answerLater(QObject *client, const std::function<void(const Outcome &)> &finish, const Outcome &outcome)
{
    QMetaObject::invokeMethod(
        client, [finish, outcome] { finish(outcome); }, Qt::QueuedConnection);
}

} // namespace

QString ticketLostReason(const QString &reason)
{
    switch (queue::leftBecauseFromWire(reason).value_or(queue::LeftBecause::Unknown)) {
    case queue::LeftBecause::GaveUp:
        return LeaseClient::tr("the place was given up");
    case queue::LeftBecause::Expired:
        return LeaseClient::tr("the ticket was not renewed in time");
    case queue::LeftBecause::TimedOut:
        return LeaseClient::tr("no seat came free within the longest wait asked for");
    case queue::LeftBecause::Revoked:
        return LeaseClient::tr("an administrator removed it from the line");
    case queue::LeftBecause::Unknown:
        break;
    }
    return LeaseClient::tr("the server does not know the ticket");
}

QString describe(const LeaseOutcome &leaseOutcome)
{
    return std::visit(
        Overloaded {
            [](const outcome::Granted &granted) {
                return LeaseClient::tr("granted seat %1 until %2")
                    .arg(granted.lease.seatId, formatTimestamp(granted.lease.expiresAt));
            },
            [](const outcome::NoSeats &noSeats) {
                // Whole sentences for one seat, not "1 seats": the CLI has no plural forms to lean on.
                const int reservedForOthers = noSeats.decision ? noSeats.decision->reservedForOthers : 0;
                QString text = noSeats.seatCount == 1
                    ? LeaseClient::tr("the only seat is in use")
                    : LeaseClient::tr("all %1 seats are in use").arg(noSeats.seatCount);
                const bool capped
                    = noSeats.decision && noSeats.decision->outcome == SeatDecision::Outcome::GroupCapReached;
                if (capped)
                    text = LeaseClient::tr("group \"%1\" already holds %2 of the %3 seats it may use")
                               .arg(noSeats.decision->group)
                               .arg(noSeats.decision->groupHeld)
                               .arg(noSeats.decision->cap);
                else if (reservedForOthers > 0) {
                    // The groups the idle reserved seats are kept for, quoted, as the server's
                    // denial and a borrow's refusal name them; "others" only when the answer did
                    // not list the reservations.
                    QStringList groups;
                    for (const QString &group : noSeats.decision->usage.groupsWithIdleSeats())
                        groups.append(u"\"%1\""_s.arg(group));
                    const QString named = groups.join(u", "_s);
                    if (named.isEmpty() && noSeats.inUse == 0)
                        text = noSeats.seatCount == 1
                            ? LeaseClient::tr("the only seat is reserved for others")
                            : LeaseClient::tr("none of the %1 seats is in use, but all are reserved for others")
                                  .arg(noSeats.seatCount);
                    else if (named.isEmpty() && reservedForOthers == 1)
                        text = LeaseClient::tr("%1 of %2 seats are in use and the other one is reserved for others")
                                   .arg(noSeats.inUse)
                                   .arg(noSeats.seatCount);
                    else if (named.isEmpty())
                        text = LeaseClient::tr("%1 of %2 seats are in use and the other %3 are reserved for others")
                                   .arg(noSeats.inUse)
                                   .arg(noSeats.seatCount)
                                   .arg(reservedForOthers);
                    else if (noSeats.inUse == 0)
                        text = noSeats.seatCount == 1
                            ? LeaseClient::tr("the only seat is reserved for %1").arg(named)
                            : LeaseClient::tr("none of the %1 seats is in use, but all are reserved for %2")
                                  .arg(noSeats.seatCount)
                                  .arg(named);
                    else if (reservedForOthers == 1)
                        text = LeaseClient::tr("%1 of %2 seats are in use and the other one is reserved for %3")
                                   .arg(noSeats.inUse)
                                   .arg(noSeats.seatCount)
                                   .arg(named);
                    else
                        text = LeaseClient::tr("%1 of %2 seats are in use and the other %3 are reserved for %4")
                                   .arg(noSeats.inUse)
                                   .arg(noSeats.seatCount)
                                   .arg(reservedForOthers)
                                   .arg(named);
                }
                // The license's next expiry says nothing of a capped group's own seats (walk 57).
                if (noSeats.nextExpiry.isValid() && !capped)
                    text += LeaseClient::tr(" (one may free at %1)").arg(formatTimestamp(noSeats.nextExpiry));
                return text;
            },
            [](const outcome::SeatLost &) { return LeaseClient::tr("the server no longer holds this seat"); },
            [](const outcome::HolderBlocked &blocked) {
                return LeaseClient::tr("blocked by an administrator until %1").arg(formatTimestamp(blocked.until));
            },
            [](const outcome::Unauthorized &unauthorized) {
                return LeaseClient::tr("license key refused: %1").arg(unauthorized.message);
            },
            [](const outcome::Transport &transport) {
                if (transport.tls)
                    return LeaseClient::tr("server not trusted: %1").arg(transport.message);
                if (transport.httpStatus != 0)
                    return LeaseClient::tr("the server answered %1: %2")
                        .arg(transport.httpStatus)
                        .arg(transport.message);
                return LeaseClient::tr("server unreachable: %1").arg(transport.message);
            },
            [](const outcome::Protocol &protocol) {
                return LeaseClient::tr("invalid server reply: %1").arg(protocol.message);
            },
            [](const outcome::NotAllowed &notAllowed) {
                if (notAllowed.decision.outcome == SeatDecision::Outcome::HolderDenied)
                    return LeaseClient::tr("not allowed: the license's rules deny this holder (%1)")
                        .arg(notAllowed.decision.entry);
                return LeaseClient::tr("not allowed: this holder is not on the license's allow list");
            },
            [](const outcome::Queued &queued) {
                if (queued.ticket.state == QueueTicket::State::Granted)
                    return LeaseClient::tr("a seat is held for this place in line");
                return LeaseClient::tr("waiting in line: position %1 of %2")
                    .arg(queued.ticket.position)
                    .arg(queued.ticket.waiting);
            },
            [](const outcome::TicketLost &lost) {
                return LeaseClient::tr("left the line: %1").arg(ticketLostReason(lost.reason));
            },
        },
        leaseOutcome);
}

struct LeaseClient::Private
{
    // What a lease in a reply must match to be accepted.
    struct Expected
    {
        QString seatId; // empty: any (checkout)
        QString holder; // empty: unknown
        std::optional<quint64> generation;
    };
    struct SeatRecord
    {
        QString holder;
        quint64 generation = 0;
    };

    Private(LeaseClient *owner, QNetworkAccessManager &network)
        : q(owner)
        , transport(network, SystemClock::instance())
    {
        transport.setTransferTimeout(std::chrono::milliseconds {5000});
        transport.setConnectTimeout(std::chrono::milliseconds {500});
        QObject::connect(&transport, &FailoverTransport::instanceRefused, q, &LeaseClient::instanceRefused);
        QObject::connect(&transport, &FailoverTransport::answeringInstanceChanged, q, &LeaseClient::instanceChanged);
    }

    LeaseClient *q;
    FailoverTransport transport;
    QString licenseId;
    int checkoutRetries = 2;
    // Seats this client checked out, so a renewal for another holder or generation is caught.
    QHash<QString, SeatRecord> seats;
    // Places in line this client holds: who waits, and the checkout that queued them, repeated
    // (same requestId) when the server has lost the ticket after turning it into a lease.
    struct TicketRecord
    {
        QString holder;
        QString requestId;
        std::chrono::seconds maxWait {0};
    };
    QHash<QString, TicketRecord> tickets;

    // The key learned from the instances stays this client's when they are replaced (or their
    // state reset): the seats it holds were verified with it, and new instances must present it.
    void keepLearnedKey()
    {
        if (const std::optional<LeaseVerifier> learned = transport.siteKey())
            transport.setPinnedKey(learned);
    }

    // Every lease route may be sent again to another instance: a heartbeat, a release and leaving
    // the line are idempotent, and a checkout carries its requestId.
    void send(const QByteArray &verb, const QString &path, const QByteArray &body,
              std::function<void(const HttpResult &)> done)
    {
        transport.send(FailoverTransport::Request {verb, path, {}, body, FailoverTransport::Resend::Always, true},
                       std::move(done));
    }

    // A borrow carries no requestId: once it may have reached an instance it is not sent again.
    void sendOnce(const QByteArray &verb, const QString &path, const QByteArray &body,
                  std::function<void(const HttpResult &)> done)
    {
        transport.send(FailoverTransport::Request {verb, path, {}, body, FailoverTransport::Resend::WhileUnsent, true},
                       std::move(done));
    }

    LeaseOutcome leaseOutcome(const HttpResult &result, int successStatus, const Expected &expected) const
    {
        if (result.status == 0)
            return failureOutcome<LeaseOutcome>(result.error);
        if (result.status != successStatus && result.status != 200 && result.status != 201)
            return outcomeForErrorStatus(result);
        const QJsonDocument document = QJsonDocument::fromJson(result.body);
        if (!document.isObject())
            return outcome::Protocol {tr("the reply is not a JSON object")};
        ValidationError error;
        const auto answer = LeaseAnswer::fromJson(document.object(), &error);
        if (!answer)
            return outcome::Protocol {tr("malformed lease: %1 (%2)").arg(error.message, error.field)};
        const SeatLease &lease = answer->lease;
        const std::optional<LeaseVerifier> verifier = transport.siteKey();
        if (!verifier || !verifier->verify(lease))
            return outcome::Protocol {tr("the lease signature does not verify against the server's key")};
        if (lease.licenseId != licenseId)
            return outcome::Protocol {tr("the lease is for license %1, not %2").arg(lease.licenseId, licenseId)};
        if (!expected.seatId.isEmpty() && lease.seatId != expected.seatId)
            return outcome::Protocol {tr("the lease is for seat %1, not %2").arg(lease.seatId, expected.seatId)};
        if (!expected.holder.isEmpty() && lease.holder != expected.holder)
            return outcome::Protocol {tr("the lease is for holder %1, not %2").arg(lease.holder, expected.holder)};
        if (expected.generation && lease.generation != *expected.generation)
            return outcome::Protocol {tr("the renewal changed the seat's generation")};
        if (!(lease.expiresAt > lease.issuedAt))
            return outcome::Protocol {tr("the lease expires before it is issued")};
        return outcome::Granted {lease, answer->reclaimAt};
    }

    // A 202 of the waiting line: {"ticket": QueueTicket}, for this license and holder (and, for a
    // ticket heartbeat, the ticket asked about).
    LeaseOutcome queuedOutcome(const HttpResult &result, const QString &holder, const QString &ticketId) const
    {
        const QJsonDocument document = QJsonDocument::fromJson(result.body);
        if (!document.isObject())
            return outcome::Protocol {tr("the reply is not a JSON object")};
        ValidationError error;
        const auto queued = QueuedAnswer::fromJson(document.object(), &error);
        if (!queued)
            return outcome::Protocol {tr("malformed ticket: %1 (%2)").arg(error.message, error.field)};
        const QueueTicket &ticket = queued->ticket;
        if (ticket.licenseId != licenseId)
            return outcome::Protocol {tr("the ticket is for license %1, not %2").arg(ticket.licenseId, licenseId)};
        if (!holder.isEmpty() && ticket.holder != holder)
            return outcome::Protocol {tr("the ticket is for holder %1, not %2").arg(ticket.holder, holder)};
        if (!ticketId.isEmpty() && ticket.ticketId != ticketId)
            return outcome::Protocol {tr("the answer is about ticket %1, not %2").arg(ticket.ticketId, ticketId)};
        return outcome::Queued {ticket};
    }

    void checkoutAttempt(const QString &holder, const QString &requestId, std::optional<std::chrono::seconds> maxWait,
                         int attempt, const Callback &done, std::optional<std::chrono::milliseconds> idle = {})
    {
        auto finish = [this, holder, requestId, maxWait, attempt, done, idle](const LeaseOutcome &result) {
            // The same requestId makes a retry safe: if the first attempt was granted (or queued)
            // and only its answer was lost, the server hands back that seat (or ticket) instead of a
            // second one.
            if (std::holds_alternative<outcome::Transport>(result) && attempt < checkoutRetries
                && !transport.isNetworkCut()) {
                const auto backoff = std::chrono::milliseconds(100 * (attempt + 1));
                QTimer::singleShot(backoff, q, [this, holder, requestId, maxWait, attempt, done, idle] {
                    checkoutAttempt(holder, requestId, maxWait, attempt + 1, done, idle);
                });
                return;
            }
            if (const auto *granted = std::get_if<outcome::Granted>(&result))
                seats.insert(granted->lease.seatId, SeatRecord {granted->lease.holder, granted->lease.generation});
            if (const auto *queued = std::get_if<outcome::Queued>(&result); queued && maxWait)
                tickets.insert(queued->ticket.ticketId, TicketRecord {holder, requestId, *maxWait});
            done(result);
        };
        const CheckoutRequest body {holder, requestId, maxWait, idle};
        send("POST", apipath::forLicense(apipath::checkout, licenseId),
             QJsonDocument(body.toJson()).toJson(QJsonDocument::Compact),
             [this, holder, maxWait, finish](const HttpResult &result) {
                 // Only a checkout that asked to wait may be answered with a place in line.
                 if (maxWait && result.status == 202)
                     finish(queuedOutcome(result, holder, {}));
                 else if (result.status == 202)
                     finish(outcome::Protocol {tr("a place in line for a checkout that did not ask to wait")});
                 else
                     finish(leaseOutcome(result, 201, Expected {{}, holder, std::nullopt}));
             });
    }
};

LeaseClient::LeaseClient(QNetworkAccessManager &network, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, network))
{ }

LeaseClient::~LeaseClient() = default;

void LeaseClient::setServerUrl(const QUrl &url)
{
    setServerUrls({url});
}

QUrl LeaseClient::serverUrl() const
{
    return d->transport.currentUrl();
}

void LeaseClient::setServerUrls(const QList<QUrl> &urls)
{
    d->keepLearnedKey();
    d->transport.setUrls(urls);
}

QList<QUrl> LeaseClient::serverUrls() const
{
    return d->transport.urls();
}

const InstanceSet &LeaseClient::instances() const
{
    return d->transport.instances();
}

void LeaseClient::setClock(const Clock &clock)
{
    d->keepLearnedKey();
    d->transport.setClock(clock);
}

void LeaseClient::setConnectTimeout(std::chrono::milliseconds timeout)
{
    d->transport.setConnectTimeout(timeout);
}

void LeaseClient::setTlsTrust(const TlsTrust &trust)
{
    d->transport.setTlsTrust(trust);
}

void LeaseClient::setLicense(const QString &licenseId, QByteArrayView licenseKey)
{
    d->licenseId = licenseId;
    d->transport.setCredential("License", licenseKey);
    d->seats.clear();
    d->tickets.clear();
}

QString LeaseClient::licenseId() const
{
    return d->licenseId;
}

void LeaseClient::setPublicKey(const LeaseVerifier &verifier)
{
    d->transport.setPinnedKey(verifier);
}

std::optional<LeaseVerifier> LeaseClient::publicKey() const
{
    return d->transport.siteKey();
}

void LeaseClient::setTransferTimeout(std::chrono::milliseconds timeout)
{
    d->transport.setTransferTimeout(timeout);
}

void LeaseClient::setCheckoutRetries(int retries)
{
    d->checkoutRetries = std::max(0, retries);
}

void LeaseClient::setNetworkCut(bool cut)
{
    d->transport.setNetworkCut(cut);
}

bool LeaseClient::isNetworkCut() const
{
    return d->transport.isNetworkCut();
}

void LeaseClient::checkout(const QString &holder, QObject *context, Callback done,
                           std::optional<std::chrono::seconds> maxWait, std::optional<std::chrono::milliseconds> idle)
{
    const Callback finish = guarded(context, std::move(done));
    QString why;
    if (!isValidLicenseId(d->licenseId) || !validateHolder(holder, &why)) {
        answerLater<LeaseOutcome>(this, finish,
                                  outcome::Protocol {isValidLicenseId(d->licenseId)
                                                         ? tr("invalid holder: %1").arg(why)
                                                         : tr("invalid license id \"%1\"").arg(d->licenseId)});
        return;
    }
    if (maxWait && (maxWait->count() < 1 || maxWait->count() > QueueTicket::maxWaitSecondsLimit)) {
        answerLater<LeaseOutcome>(
            this, finish,
            outcome::Protocol {
                tr("invalid wait of %1 s (1 to %2 s)").arg(maxWait->count()).arg(QueueTicket::maxWaitSecondsLimit)});
        return;
    }
    if (idle)
        idle
            = std::clamp(*idle, std::chrono::milliseconds {0}, std::chrono::milliseconds {HeartbeatRequest::maxIdleMs});
    d->checkoutAttempt(holder, crypto::randomHex(16), maxWait, 0, finish, idle);
}

void LeaseClient::heartbeat(const QString &seatId, QObject *context, Callback done)
{
    heartbeat(seatId, std::nullopt, context, std::move(done));
}

void LeaseClient::heartbeat(const QString &seatId, std::optional<std::chrono::milliseconds> idle, QObject *context,
                            Callback done)
{
    const Callback finish = guarded(context, std::move(done));
    if (!isValidLicenseId(d->licenseId) || !isValidSeatId(seatId)) {
        answerLater<LeaseOutcome>(this, finish, outcome::Protocol {tr("invalid license or seat id")});
        return;
    }
    // Without activity to tell, the same empty body as clients before it sent.
    QByteArray body;
    if (idle) {
        const HeartbeatRequest request {
            std::clamp(*idle, std::chrono::milliseconds {0}, std::chrono::milliseconds {HeartbeatRequest::maxIdleMs})};
        body = QJsonDocument(request.toJson()).toJson(QJsonDocument::Compact);
    }
    d->send("POST", apipath::forSeat(apipath::seatHeartbeat, d->licenseId, seatId), body,
            [this, seatId, finish](const HttpResult &result) {
                Private::Expected expected {seatId, {}, std::nullopt};
                if (const auto it = d->seats.constFind(seatId); it != d->seats.cend()) {
                    expected.holder = it->holder;
                    expected.generation = it->generation;
                }
                const LeaseOutcome leaseOutcome = d->leaseOutcome(result, 200, expected);
                if (std::holds_alternative<outcome::SeatLost>(leaseOutcome))
                    d->seats.remove(seatId);
                finish(leaseOutcome);
            });
}

void LeaseClient::release(const QString &seatId, QObject *context, ReleaseCallback done)
{
    const ReleaseCallback finish = guarded(context, std::move(done));
    if (!isValidLicenseId(d->licenseId) || !isValidSeatId(seatId)) {
        answerLater<ReleaseOutcome>(this, finish, outcome::Protocol {tr("invalid license or seat id")});
        return;
    }
    d->send("DELETE", apipath::forSeat(apipath::seat, d->licenseId, seatId), {},
            [this, seatId, finish](const HttpResult &result) {
                const ReleaseOutcome answer = deletionOutcome(result, tr("release answered %1: %2"));
                if (std::holds_alternative<outcome::Released>(answer))
                    d->seats.remove(seatId);
                finish(answer);
            });
}

void LeaseClient::borrow(const QString &holder, int days, QObject *context, BorrowCallback done)
{
    const BorrowCallback finish = guarded(context, std::move(done));
    QString why;
    if (!isValidLicenseId(d->licenseId) || !validateHolder(holder, &why) || days < 1
        || days > BorrowPolicy::maxDaysLimit) {
        answerLater<BorrowOutcome>(
            this, finish,
            outcome::Protocol {
                !isValidLicenseId(d->licenseId) ? tr("invalid license id \"%1\"").arg(d->licenseId)
                    : !why.isEmpty()
                    ? tr("invalid holder: %1").arg(why)
                    : tr("invalid borrow of %1 days (1 to %2)").arg(days).arg(BorrowPolicy::maxDaysLimit)});
        return;
    }
    const QByteArray body = QJsonDocument(BorrowRequest {holder, days}.toJson()).toJson(QJsonDocument::Compact);
    d->sendOnce(
        "POST", apipath::forLicense(apipath::borrow, d->licenseId), body,
        [this, holder, finish](const HttpResult &result) {
            if (result.status == 0) {
                finish(failureOutcome<BorrowOutcome>(result.error));
                return;
            }
            if (result.status != 201) {
                const ErrorBody error = parseErrorBody(result);
                if (result.status == 401
                    || (result.status == 404 && error.code == QStringView(errorcode::licenseNotFound)))
                    finish(outcome::Unauthorized {error.message});
                else if (result.status >= 500)
                    finish(outcome::Transport {error.message, false, result.retryAfter, result.status});
                else if (result.status == 403 || result.status == 409)
                    finish(outcome::BorrowRefused {result.status, error.code, error.message,
                                                   BorrowRefusal::fromJson(error.extra)});
                else
                    finish(outcome::Protocol {tr("borrow answered %1: %2").arg(result.status).arg(error.message)});
                return;
            }
            ValidationError invalid;
            const auto answer = BorrowAnswer::fromJson(QJsonDocument::fromJson(result.body).object(), &invalid);
            if (!answer) {
                finish(outcome::Protocol {tr("malformed borrow answer: %1").arg(invalid.message)});
                return;
            }
            const auto verifier = LeaseVerifier::fromPublicKey(answer->publicKey);
            if (!verifier || !verifier->verify(answer->lease)) {
                finish(outcome::Protocol {tr("the borrowed lease does not verify with the server's key")});
                return;
            }
            if (const auto known = publicKey(); known && !known->verify(answer->lease)) {
                finish(outcome::Protocol {tr("the borrowed lease is signed with another key than this server's")});
                return;
            }
            if (answer->lease.licenseId != d->licenseId || answer->lease.holder != holder) {
                finish(outcome::Protocol {tr("the server lent a seat of another license or holder")});
                return;
            }
            finish(outcome::Borrowed {*answer});
        });
}

void LeaseClient::returnBorrowed(const QString &seatId, const BorrowReturnSecret &secret, QObject *context,
                                 ReleaseCallback done)
{
    const ReleaseCallback finish = guarded(context, std::move(done));
    if (!isValidLicenseId(d->licenseId) || !isValidSeatId(seatId)) {
        answerLater<ReleaseOutcome>(this, finish, outcome::Protocol {tr("invalid license or seat id")});
        return;
    }
    const QByteArray body = secret.isSet()
        ? QJsonDocument(BorrowReturnRequest {secret}.toJson()).toJson(QJsonDocument::Compact)
        : QByteArray();
    d->send("DELETE", apipath::forSeat(apipath::borrowedSeat, d->licenseId, seatId), body,
            [finish](const HttpResult &result) {
                // What the server no longer has is as returned as can be.
                if (result.status == 404 && parseErrorBody(result).code == QStringView(errorcode::borrowNotFound)) {
                    finish(outcome::Released {});
                    return;
                }
                if (result.status == 409) {
                    const ErrorBody error = parseErrorBody(result);
                    if (error.code == QStringView(errorcode::borrowReturnRefused)) {
                        finish(outcome::ReturnRefused {error.message});
                        return;
                    }
                }
                finish(deletionOutcome(result, tr("return answered %1: %2")));
            });
}

void LeaseClient::renewTicket(const QString &ticketId, QObject *context, Callback done)
{
    const Callback finish = guarded(context, std::move(done));
    if (!isValidLicenseId(d->licenseId) || !isValidTicketId(ticketId)) {
        answerLater<LeaseOutcome>(this, finish, outcome::Protocol {tr("invalid license or ticket id")});
        return;
    }
    // A ticket heartbeat changes nothing but its expiry and, once a seat is held for it, hands out
    // that one lease: sending it again to another instance is as safe as a seat heartbeat.
    d->send("POST", apipath::forTicket(apipath::ticketHeartbeat, d->licenseId, ticketId), {},
            [this, ticketId, finish](const HttpResult &result) {
                const auto record = d->tickets.constFind(ticketId);
                const QString holder = record != d->tickets.cend() ? record->holder : QString();
                if (result.status == 202) {
                    finish(d->queuedOutcome(result, holder, ticketId));
                    return;
                }
                const LeaseOutcome answer = d->leaseOutcome(result, 200, Private::Expected {{}, holder, std::nullopt});
                if (const auto *granted = std::get_if<outcome::Granted>(&answer)) {
                    d->tickets.remove(ticketId);
                    d->seats.insert(granted->lease.seatId,
                                    Private::SeatRecord {granted->lease.holder, granted->lease.generation});
                    finish(answer);
                    return;
                }
                const auto *lost = std::get_if<outcome::TicketLost>(&answer);
                if (!lost) {
                    finish(answer);
                    return;
                }
                const std::optional<Private::TicketRecord> known
                    = record != d->tickets.cend() ? std::optional(*record) : std::nullopt;
                d->tickets.remove(ticketId);
                if (known && lost->reason == queue::toWire(queue::LeftBecause::Unknown)) {
                    // The ticket may have become a lease whose answer was lost: the checkout's
                    // requestId finds that lease (or queues again) instead of a second seat.
                    d->checkoutAttempt(known->holder, known->requestId, known->maxWait, 0, finish);
                    return;
                }
                finish(answer);
            });
}

void LeaseClient::leaveQueue(const QString &ticketId, QObject *context, ReleaseCallback done)
{
    const ReleaseCallback finish = guarded(context, std::move(done));
    if (!isValidLicenseId(d->licenseId) || !isValidTicketId(ticketId)) {
        answerLater<ReleaseOutcome>(this, finish, outcome::Protocol {tr("invalid license or ticket id")});
        return;
    }
    d->send("DELETE", apipath::forTicket(apipath::ticket, d->licenseId, ticketId), {},
            [this, ticketId, finish](const HttpResult &result) {
                const ReleaseOutcome answer = deletionOutcome(result, tr("leaving the line answered %1: %2"));
                if (std::holds_alternative<outcome::Released>(answer))
                    d->tickets.remove(ticketId);
                finish(answer);
            });
}

} // namespace keyright
