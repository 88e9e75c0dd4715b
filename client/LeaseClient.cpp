#include "LeaseClient.h"

#include "Crypto.h"
#include "InstanceSet.h"
#include "LeaseJson.h"
#include "SecretBuffer.h"
#include "SystemClock.h"
#include "Timestamps.h"
#include "wire/ApiPaths.h"
#include "wire/ErrorBody.h"
#include "wire/Identifiers.h"
#include "wire/SeatRequests.h"
#include "wire/SeatRulesJson.h"
#include "wire/ServerInfo.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QSet>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

template <typename... Ts>
struct Overloaded : Ts...
{
    using Ts::operator()...;
};

// What came back from one HTTP exchange: either the server answered with a status, or the
// exchange failed below HTTP (refused, reset, timed out, cut).
struct HttpResult
{
    bool transportFailed = false;
    QString transportMessage;
    int status = 0;
    QByteArray body;
    QString keyProblem; // no instance could be used: its public key was malformed or another one
};

// The error body of the v1 contract (core's ErrorBody), with a message for a person even when
// the body is not one.
ErrorBody parseErrorBody(const HttpResult &result)
{
    ErrorBody error = ErrorBody::fromJson(result.body).value_or(ErrorBody {});
    if (error.message.isEmpty())
        error.message = LeaseClient::tr("HTTP status %1").arg(result.status);
    return error;
}

bool isTransportError(QNetworkReply::NetworkError error)
{
    // Connection, proxy and protocol failures say nothing about what the server decided; content
    // (4xx) and server (5xx) errors come with a status that is judged on its own.
    const int code = int(error);
    return (code >= 1 && code < 200) || (code >= 300 && code < 400);
}

QString describeNetworkFailure(QNetworkReply *reply, std::chrono::milliseconds timeout)
{
    switch (reply->error()) {
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        return LeaseClient::tr("no answer within %1 ms").arg(timeout.count());
    case QNetworkReply::ConnectionRefusedError:
        return LeaseClient::tr("connection refused by %1").arg(reply->url().authority());
    case QNetworkReply::RemoteHostClosedError:
        return LeaseClient::tr("connection closed by %1 before an answer").arg(reply->url().authority());
    case QNetworkReply::HostNotFoundError:
        return LeaseClient::tr("host %1 not found").arg(reply->url().host());
    default:
        return reply->errorString();
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
        return outcome::Transport {LeaseClient::tr("server error %1: %2").arg(result.status).arg(error.message)};
    if (result.status == 400 || result.status == 413)
        return outcome::Protocol {LeaseClient::tr("request rejected: %1").arg(error.message)};
    return outcome::Protocol {LeaseClient::tr("unexpected HTTP status %1").arg(result.status)};
}

// The answer to a DELETE of a seat or of a place in line. Both are idempotent: what the server no
// longer has is as gone as can be, so a 410 is done too. `refused` ("... answered %1: %2") names
// the request in any other client error.
ReleaseOutcome deletionOutcome(const HttpResult &result, const QString &refused)
{
    if (!result.keyProblem.isEmpty())
        return outcome::Protocol {result.keyProblem};
    if (result.transportFailed)
        return outcome::Transport {result.transportMessage};
    if (result.status == 204 || result.status == 200 || result.status == 410)
        return outcome::Released {};
    const ErrorBody error = parseErrorBody(result);
    if (result.status == 401 || result.status == 403)
        return outcome::Unauthorized {error.message};
    if (result.status >= 500)
        return outcome::Transport {LeaseClient::tr("server error %1: %2").arg(result.status).arg(error.message)};
    return outcome::Protocol {refused.arg(result.status).arg(error.message)};
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
                QString text = LeaseClient::tr("all %1 seats are in use").arg(noSeats.seatCount);
                if (noSeats.decision && noSeats.decision->outcome == SeatDecision::Outcome::GroupCapReached)
                    text = LeaseClient::tr("group %1 already holds %2 of the %3 seats it may use")
                               .arg(noSeats.decision->group)
                               .arg(noSeats.decision->groupHeld)
                               .arg(noSeats.decision->cap);
                else if (noSeats.decision && noSeats.decision->reservedForOthers > 0)
                    text = LeaseClient::tr("%1 of %2 seats are in use and the other %3 are reserved for others")
                               .arg(noSeats.inUse)
                               .arg(noSeats.seatCount)
                               .arg(noSeats.decision->reservedForOthers);
                if (noSeats.nextExpiry.isValid())
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
    using KeyCheck = std::function<void(const QString &failure, bool protocolFailure)>;

    Private(LeaseClient *owner, QNetworkAccessManager &manager)
        : q(owner)
        , network(manager)
        , clock(&SystemClock::instance())
        , instances(std::make_unique<InstanceSet>(*clock))
    { }

    LeaseClient *q;
    QNetworkAccessManager &network;
    const Clock *clock;
    std::unique_ptr<InstanceSet> instances;
    QString licenseId;
    SecretBuffer licenseKey;
    std::optional<LeaseVerifier> verifier;
    std::chrono::milliseconds transferTimeout {5000};
    std::chrono::milliseconds connectTimeout {500};
    int checkoutRetries = 2;
    bool networkCut = false;
    QSet<QNetworkReply *> inFlight;
    // Requests waiting for an instance's public key while one fetch from it is under way.
    QHash<int, QList<KeyCheck>> keyWaiters;
    quint64 instancesEpoch = 0; // bumped when the list changes: late answers about old indexes are dropped
    QUrl lastAnswered;
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

    static QUrl urlFor(const QUrl &base, const QString &path)
    {
        QUrl url = base;
        QString prefix = url.path();
        while (prefix.endsWith(u'/'))
            prefix.chop(1);
        url.setPath(prefix + path);
        return url;
    }

    // One exchange with one instance. The connection must be open within connectTimeout: until the
    // request is sent, giving up on this instance cannot have changed anything on it.
    void sendTo(int index, const QByteArray &verb, const QString &path, const QByteArray &body, bool authorized,
                std::function<void(const HttpResult &)> done)
    {
        const QUrl base = instances->at(index).url;
        QNetworkRequest request(urlFor(base, path));
        request.setTransferTimeout(int(transferTimeout.count()));
        request.setRawHeader("Accept", "application/json");
        if (authorized) {
            QByteArray header = "License " + licenseKey.view().toByteArray();
            request.setRawHeader("Authorization", header);
            header.fill('\0');
        }
        QNetworkReply *reply = nullptr;
        if (verb == "GET") {
            reply = network.get(request);
        } else {
            if (!body.isEmpty())
                request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
            reply = network.sendCustomRequest(request, verb, body);
        }
        inFlight.insert(reply);
        auto connectTimedOut = std::make_shared<bool>(false);
        auto *connectTimer = new QTimer(reply);
        connectTimer->setSingleShot(true);
        QObject::connect(reply, &QNetworkReply::requestSent, connectTimer, &QTimer::stop);
        QObject::connect(connectTimer, &QTimer::timeout, reply, [reply, connectTimedOut] {
            *connectTimedOut = true;
            reply->abort();
        });
        connectTimer->start(connectTimeout);
        const auto timeout = transferTimeout;
        const auto connectLimit = connectTimeout;
        QObject::connect(reply, &QNetworkReply::finished, q,
                         [this, reply, timeout, connectLimit, connectTimedOut, done = std::move(done)] {
                             inFlight.remove(reply);
                             reply->deleteLater();
                             HttpResult result;
                             const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
                             if (*connectTimedOut) {
                                 result.transportFailed = true;
                                 result.transportMessage = tr("no connection to %1 within %2 ms")
                                                               .arg(reply->url().authority())
                                                               .arg(connectLimit.count());
                             } else if (isTransportError(reply->error()) || !status.isValid() || status.toInt() <= 0) {
                                 result.transportFailed = true;
                                 result.transportMessage = describeNetworkFailure(reply, timeout);
                             } else {
                                 result.status = status.toInt();
                                 result.body = reply->readAll();
                             }
                             done(result);
                         });
    }

    // Checks an instance's public key once, before anything else is asked of it. The first key
    // learned is pinned when none was configured; an instance with another key is refused for good.
    void checkKey(int index, KeyCheck then)
    {
        if (instances->at(index).keyChecked) {
            then({}, false);
            return;
        }
        QList<KeyCheck> &waiting = keyWaiters[index];
        waiting.append(std::move(then));
        if (waiting.size() > 1)
            return;
        const quint64 epoch = instancesEpoch;
        const QString path = QString::fromUtf16(apipath::publicKey);
        sendTo(index, "GET", path, {}, false, [this, index, epoch](const HttpResult &result) {
            if (epoch != instancesEpoch)
                return;
            QString failure;
            bool protocol = false;
            if (result.transportFailed) {
                failure = result.transportMessage;
            } else if (result.status >= 500) {
                failure = tr("server error %1 fetching its public key").arg(result.status);
            } else if (result.status != 200) {
                failure = tr("public key request answered %1").arg(result.status);
                protocol = true;
            } else {
                const auto key = PublicKeyAnswer::fromJson(QJsonDocument::fromJson(result.body).object());
                if (!key) {
                    failure = tr("the server's public key is not a base64 Ed25519 key");
                    protocol = true;
                } else if (verifier && !InstanceSet::sameKey(*verifier, *key)) {
                    const QString reason = tr("%1 signs with another key than the other instances; it is not used")
                                               .arg(instances->at(index).url.toDisplayString());
                    instances->markRefused(index, reason);
                    Q_EMIT q->instanceRefused(instances->at(index).url, reason);
                    failure = reason;
                    protocol = true;
                } else {
                    if (!verifier)
                        verifier = key;
                    instances->markKeyChecked(index);
                }
            }
            const auto waiters = keyWaiters.take(index);
            for (const auto &waiter : waiters)
                waiter(failure, protocol);
        });
    }

    // Sends one request to the instances in turn until one answers: a transport failure or a 503
    // moves on to the next instance with the request unchanged; any other status is the answer.
    void send(const QByteArray &verb, const QString &path, const QByteArray &body, bool authorized,
              std::function<void(const HttpResult &)> done)
    {
        if (networkCut || instances->isEmpty()) {
            HttpResult result;
            result.transportFailed = true;
            result.transportMessage = networkCut ? tr("network cut") : tr("no server address configured");
            QMetaObject::invokeMethod(
                q, [done = std::move(done), result] { done(result); }, Qt::QueuedConnection);
            return;
        }
        auto attempt = std::make_shared<Attempt>();
        attempt->verb = verb;
        attempt->path = path;
        attempt->body = body;
        attempt->authorized = authorized;
        attempt->order = instances->attemptOrder();
        attempt->epoch = instancesEpoch;
        attempt->done = std::move(done);
        if (attempt->order.isEmpty()) {
            HttpResult result;
            result.keyProblem = tr("every server instance was refused: they sign with different keys");
            QMetaObject::invokeMethod(
                q, [attempt, result] { attempt->done(result); }, Qt::QueuedConnection);
            return;
        }
        tryNext(attempt);
    }

    struct Attempt
    {
        QByteArray verb;
        QString path;
        QByteArray body;
        bool authorized = false;
        QList<int> order;
        int position = 0;
        quint64 epoch = 0;
        QStringList failures;
        QString keyProblem;
        std::function<void(const HttpResult &)> done;
    };

    void tryNext(const std::shared_ptr<Attempt> &attempt)
    {
        if (attempt->epoch != instancesEpoch || attempt->position >= attempt->order.size()) {
            HttpResult result;
            // Only when no instance failed below HTTP is a key problem the answer; otherwise the
            // request was lost, and the refusal is part of the story.
            if (attempt->failures.isEmpty()) {
                result.keyProblem = attempt->keyProblem;
            } else {
                if (!attempt->keyProblem.isEmpty())
                    attempt->failures.append(attempt->keyProblem);
                result.transportFailed = true;
                result.transportMessage = attempt->failures.join("; "_L1);
            }
            attempt->done(result);
            return;
        }
        const int index = attempt->order.at(attempt->position++);
        const QString where = instances->at(index).url.authority();
        checkKey(index, [this, attempt, index, where](const QString &failure, bool protocol) {
            if (attempt->epoch != instancesEpoch) {
                tryNext(attempt);
                return;
            }
            if (!failure.isEmpty()) {
                if (protocol) {
                    attempt->keyProblem = failure;
                    if (!instances->at(index).refused)
                        instances->markFailed(index, failure);
                } else {
                    instances->markFailed(index, failure);
                    attempt->failures.append(failure);
                }
                tryNext(attempt);
                return;
            }
            const std::chrono::milliseconds sentAt = clock->monotonic();
            sendTo(index, attempt->verb, attempt->path, attempt->body, attempt->authorized,
                   [this, attempt, index, sentAt](const HttpResult &result) {
                       if (attempt->epoch != instancesEpoch) {
                           attempt->done(result);
                           return;
                       }
                       if (result.transportFailed || result.status == 503) {
                           const QString why = result.transportFailed
                               ? result.transportMessage
                               : tr("%1 is unavailable: %2")
                                     .arg(instances->at(index).url.authority(), parseErrorBody(result).message);
                           instances->markFailed(index, why);
                           attempt->failures.append(why);
                           tryNext(attempt);
                           return;
                       }
                       instances->markAnswered(index, clock->monotonic() - sentAt);
                       const QUrl answered = instances->at(index).url;
                       if (answered != lastAnswered) {
                           lastAnswered = answered;
                           Q_EMIT q->instanceChanged(answered);
                       }
                       attempt->done(result);
                   });
        });
    }

    LeaseOutcome leaseOutcome(const HttpResult &result, int successStatus, const Expected &expected) const
    {
        if (!result.keyProblem.isEmpty())
            return outcome::Protocol {result.keyProblem};
        if (result.transportFailed)
            return outcome::Transport {result.transportMessage};
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
        return outcome::Granted {lease};
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
                         int attempt, const QPointer<QObject> &context, bool hasContext, const Callback &done)
    {
        auto finish = [this, holder, requestId, maxWait, attempt, context, hasContext,
                       done](const LeaseOutcome &result) {
            // The same requestId makes a retry safe: if the first attempt was granted (or queued)
            // and only its answer was lost, the server hands back that seat (or ticket) instead of a
            // second one.
            if (std::holds_alternative<outcome::Transport>(result) && attempt < checkoutRetries && !networkCut) {
                const auto backoff = std::chrono::milliseconds(100 * (attempt + 1));
                QTimer::singleShot(backoff, q, [this, holder, requestId, maxWait, attempt, context, hasContext, done] {
                    checkoutAttempt(holder, requestId, maxWait, attempt + 1, context, hasContext, done);
                });
                return;
            }
            if (const auto *granted = std::get_if<outcome::Granted>(&result))
                seats.insert(granted->lease.seatId, SeatRecord {granted->lease.holder, granted->lease.generation});
            if (const auto *queued = std::get_if<outcome::Queued>(&result); queued && maxWait)
                tickets.insert(queued->ticket.ticketId, TicketRecord {holder, requestId, *maxWait});
            if (!hasContext || context)
                done(result);
        };
        const CheckoutRequest body {holder, requestId, maxWait};
        send("POST", apipath::forLicense(apipath::checkout, licenseId),
             QJsonDocument(body.toJson()).toJson(QJsonDocument::Compact), true,
             [this, holder, maxWait, finish](const HttpResult &result) {
                 // Only a checkout that asked to wait may be answered with a place in line.
                 if (maxWait && result.keyProblem.isEmpty() && !result.transportFailed && result.status == 202)
                     finish(queuedOutcome(result, holder, {}));
                 else if (result.status == 202 && result.keyProblem.isEmpty() && !result.transportFailed)
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

LeaseClient::~LeaseClient()
{
    // Aborting emits finished(); the callbacks must not run into a half-destroyed client.
    const auto replies = std::exchange(d->inFlight, {});
    for (QNetworkReply *reply : replies) {
        QObject::disconnect(reply, nullptr, this, nullptr);
        reply->abort();
        reply->deleteLater();
    }
}

void LeaseClient::setServerUrl(const QUrl &url)
{
    setServerUrls({url});
}

QUrl LeaseClient::serverUrl() const
{
    const int current = d->instances->current();
    return current >= 0 ? d->instances->at(current).url : QUrl();
}

void LeaseClient::setServerUrls(const QList<QUrl> &urls)
{
    ++d->instancesEpoch;
    // Requests waiting for a key check of the old list end now (their attempt sees the new epoch
    // and reports), queued so that no caller's callback runs inside this call.
    const auto waiting = std::exchange(d->keyWaiters, {});
    if (!waiting.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [waiting] {
                for (const auto &waiters : waiting) {
                    for (const auto &waiter : waiters)
                        waiter(tr("the list of server instances changed"), false);
                }
            },
            Qt::QueuedConnection);
    }
    d->lastAnswered.clear();
    d->instances->setUrls(urls);
}

QList<QUrl> LeaseClient::serverUrls() const
{
    return d->instances->urls();
}

const InstanceSet &LeaseClient::instances() const
{
    return *d->instances;
}

void LeaseClient::setClock(const Clock &clock)
{
    const QList<QUrl> urls = d->instances->urls();
    d->clock = &clock;
    d->instances = std::make_unique<InstanceSet>(clock);
    setServerUrls(urls);
}

void LeaseClient::setConnectTimeout(std::chrono::milliseconds timeout)
{
    d->connectTimeout = std::max(std::chrono::milliseconds {1}, timeout);
}

void LeaseClient::setLicense(const QString &licenseId, QByteArrayView licenseKey)
{
    d->licenseId = licenseId;
    d->licenseKey = SecretBuffer::copyOf(licenseKey);
    d->seats.clear();
    d->tickets.clear();
}

QString LeaseClient::licenseId() const
{
    return d->licenseId;
}

void LeaseClient::setPublicKey(const LeaseVerifier &verifier)
{
    d->verifier = verifier;
    // Instances checked against another key must be checked again against this one.
    setServerUrls(d->instances->urls());
}

std::optional<LeaseVerifier> LeaseClient::publicKey() const
{
    return d->verifier;
}

void LeaseClient::setTransferTimeout(std::chrono::milliseconds timeout)
{
    d->transferTimeout = timeout;
}

void LeaseClient::setCheckoutRetries(int retries)
{
    d->checkoutRetries = std::max(0, retries);
}

void LeaseClient::setNetworkCut(bool cut)
{
    d->networkCut = cut;
}

bool LeaseClient::isNetworkCut() const
{
    return d->networkCut;
}

void LeaseClient::checkout(const QString &holder, QObject *context, Callback done,
                           std::optional<std::chrono::seconds> maxWait)
{
    QString why;
    if (!isValidLicenseId(d->licenseId) || !validateHolder(holder, &why)) {
        const LeaseOutcome invalid
            = outcome::Protocol {isValidLicenseId(d->licenseId) ? tr("invalid holder: %1").arg(why)
                                                                : tr("invalid license id \"%1\"").arg(d->licenseId)};
        QMetaObject::invokeMethod(
            this,
            [context = QPointer<QObject>(context), hasContext = context != nullptr, done, invalid] {
                if (!hasContext || context)
                    done(invalid);
            },
            Qt::QueuedConnection);
        return;
    }
    if (maxWait && (maxWait->count() < 1 || maxWait->count() > QueueTicket::maxWaitSecondsLimit)) {
        const LeaseOutcome invalid = outcome::Protocol {
            tr("invalid wait of %1 s (1 to %2 s)").arg(maxWait->count()).arg(QueueTicket::maxWaitSecondsLimit)};
        QMetaObject::invokeMethod(
            this,
            [context = QPointer<QObject>(context), hasContext = context != nullptr, done, invalid] {
                if (!hasContext || context)
                    done(invalid);
            },
            Qt::QueuedConnection);
        return;
    }
    d->checkoutAttempt(holder, crypto::randomHex(16), maxWait, 0, QPointer<QObject>(context), context != nullptr,
                       std::move(done));
}

void LeaseClient::heartbeat(const QString &seatId, QObject *context, Callback done)
{
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    auto finish = [guard, hasContext, done = std::move(done)](const LeaseOutcome &result) {
        if (!hasContext || guard)
            done(result);
    };
    if (!isValidLicenseId(d->licenseId) || !isValidSeatId(seatId)) {
        const LeaseOutcome invalid = outcome::Protocol {tr("invalid license or seat id")};
        QMetaObject::invokeMethod(
            this, [finish, invalid] { finish(invalid); }, Qt::QueuedConnection);
        return;
    }
    d->send("POST", apipath::forSeat(apipath::seatHeartbeat, d->licenseId, seatId), {}, true,
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
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    auto finish = [guard, hasContext, done = std::move(done)](const ReleaseOutcome &result) {
        if (!hasContext || guard)
            done(result);
    };
    if (!isValidLicenseId(d->licenseId) || !isValidSeatId(seatId)) {
        const ReleaseOutcome invalid = outcome::Protocol {tr("invalid license or seat id")};
        QMetaObject::invokeMethod(
            this, [finish, invalid] { finish(invalid); }, Qt::QueuedConnection);
        return;
    }
    d->send("DELETE", apipath::forSeat(apipath::seat, d->licenseId, seatId), {}, true,
            [this, seatId, finish](const HttpResult &result) {
                const ReleaseOutcome answer = deletionOutcome(result, tr("release answered %1: %2"));
                if (std::holds_alternative<outcome::Released>(answer))
                    d->seats.remove(seatId);
                finish(answer);
            });
}

void LeaseClient::renewTicket(const QString &ticketId, QObject *context, Callback done)
{
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    auto finish = [guard, hasContext, done = std::move(done)](const LeaseOutcome &result) {
        if (!hasContext || guard)
            done(result);
    };
    if (!isValidLicenseId(d->licenseId) || !isValidTicketId(ticketId)) {
        const LeaseOutcome invalid = outcome::Protocol {tr("invalid license or ticket id")};
        QMetaObject::invokeMethod(
            this, [finish, invalid] { finish(invalid); }, Qt::QueuedConnection);
        return;
    }
    // A ticket heartbeat changes nothing but its expiry and, once a seat is held for it, hands out
    // that one lease: sending it again to another instance is as safe as a seat heartbeat.
    d->send("POST", apipath::forTicket(apipath::ticketHeartbeat, d->licenseId, ticketId), {}, true,
            [this, ticketId, finish](const HttpResult &result) {
                const auto record = d->tickets.constFind(ticketId);
                const QString holder = record != d->tickets.cend() ? record->holder : QString();
                if (result.keyProblem.isEmpty() && !result.transportFailed && result.status == 202) {
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
                    d->checkoutAttempt(known->holder, known->requestId, known->maxWait, 0, nullptr, false, finish);
                    return;
                }
                finish(answer);
            });
}

void LeaseClient::leaveQueue(const QString &ticketId, QObject *context, ReleaseCallback done)
{
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    auto finish = [guard, hasContext, done = std::move(done)](const ReleaseOutcome &result) {
        if (!hasContext || guard)
            done(result);
    };
    if (!isValidLicenseId(d->licenseId) || !isValidTicketId(ticketId)) {
        const ReleaseOutcome invalid = outcome::Protocol {tr("invalid license or ticket id")};
        QMetaObject::invokeMethod(
            this, [finish, invalid] { finish(invalid); }, Qt::QueuedConnection);
        return;
    }
    d->send("DELETE", apipath::forTicket(apipath::ticket, d->licenseId, ticketId), {}, true,
            [this, ticketId, finish](const HttpResult &result) {
                const ReleaseOutcome answer = deletionOutcome(result, tr("leaving the line answered %1: %2"));
                if (std::holds_alternative<outcome::Released>(answer))
                    d->tickets.remove(ticketId);
                finish(answer);
            });
}

} // namespace keyright
