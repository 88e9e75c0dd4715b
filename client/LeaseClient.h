#pragma once

#include "ClientError.h"
#include "LeaseVerifier.h"
#include "SeatDecision.h"
#include "SeatLease.h"
#include "wire/BorrowJson.h"
#include "wire/QueueTicket.h"

#include <QList>
#include <QObject>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <variant>

class QNetworkAccessManager;

namespace keyright {

class Clock;
class InstanceSet;
class TlsTrust;

// Typed outcomes of the client routes; a caller switches on them with std::visit or
// std::get_if.
namespace outcome {
struct Granted
{
    SeatLease lease;
    // A seat heartbeat's: idle reclaim marked the seat and takes it then unless the holder acts
    // (LeaseAnswer::reclaimAt, not signed: it warns, it moves no expiry); invalid: not marked.
    QDateTime reclaimAt = {};
};
struct NoSeats
{
    int seatCount = 0;
    int inUse = 0;
    QDateTime nextExpiry; // invalid when the server gave none
    // The server's reason under the license's seat rules: NoSeatsAvailable (with the seats
    // reserved for others) or GroupCapReached (the holder's group is at its cap).
    std::optional<SeatDecision> decision;
};
// The license's rules never admit this holder (holder_not_allowed): waiting cannot help.
struct NotAllowed
{
    SeatDecision decision; // HolderDenied (with the deny entry) or HolderNotAllowed
};
// A place in the waiting line: the answer to a checkout that asked to wait, and to each ticket
// heartbeat while no seat is held for it.
struct Queued
{
    QueueTicket ticket;
};
// The ticket is no longer in the line; `reason` is queue::toWire(LeftBecause).
struct TicketLost
{
    QString reason;
};
struct SeatLost
{ };
struct HolderBlocked
{
    QDateTime until;
};
struct Unauthorized
{
    QString message;
};
struct Transport
{
    QString message;
    bool tls = false; // TLS refused the server (a certificate nobody vouches for, or a changed one)
    // How long the server asked to be left alone (a 503's Retry-After); 0: it did not say.
    std::chrono::seconds retryAfter {0};
    // The server answered with this 5xx status (`message` is its error): it was reached, it could
    // not serve (walk 47: a 503 database_unavailable read "server unreachable"). 0: no answer.
    int httpStatus = 0;
};
struct Protocol
{
    QString message; // what was malformed, or that the signature did not verify
};
struct Released
{ };
// A borrowed seat (issue 27): the answer whose lease verified with the key it carries (and the
// client's pinned or learned key, if it has one).
struct Borrowed
{
    BorrowAnswer answer;
};
// The server refused the borrow: its policy, or the seat rules as for a checkout. `code` is the
// error code (borrow_not_allowed, borrow_limit_reached, no_seats_available, ...), `message` its
// one sentence.
struct BorrowRefused
{
    int status = 0;
    QString code;
    QString message;
    // The numbers of a policy refusal (wire/BorrowJson), for a sentence in the user's language;
    // nullopt for a seat-rule denial or an older server.
    std::optional<BorrowRefusal> refusal;
};
// The server refused an early return (borrow_return_refused): not the laptop that borrowed the
// seat (no return secret, or another one). `message` is its one sentence; the seat stays counted.
struct ReturnRefused
{
    QString message;
};
} // namespace outcome

using LeaseOutcome
    = std::variant<outcome::Granted, outcome::NoSeats, outcome::SeatLost, outcome::HolderBlocked, outcome::Unauthorized,
                   outcome::Transport, outcome::Protocol, outcome::NotAllowed, outcome::Queued, outcome::TicketLost>;
// ReturnRefused only from returnBorrowed.
using ReleaseOutcome = std::variant<outcome::Released, outcome::Unauthorized, outcome::Transport, outcome::Protocol,
                                    outcome::ReturnRefused>;
using BorrowOutcome = std::variant<outcome::Borrowed, outcome::BorrowRefused, outcome::Unauthorized, outcome::Transport,
                                   outcome::Protocol>;

// Human-readable one-line description of an outcome (for logs and UIs).
QString describe(const LeaseOutcome &outcome);
// Why a ticket left the line, for people, from a TicketLost reason.
QString ticketLostReason(const QString &reason);

// checkout / heartbeat / release against the v1 client routes, authenticated with a license key.
// Every lease received is verified against the server's public key (pinned in configuration or on
// first contact) and rejected as Protocol when it does not verify or does not match what was asked
// (another license, another seat, another holder). Checkout sends a requestId and retries a
// transport failure with the same requestId, so a lost response never costs a second seat.
//
// A site may run several instances on one database (setServerUrls); FailoverTransport sends the
// requests. Each instance's public key is checked on first contact: with no key pinned, every
// instance is asked at once and the key is learned only when they agree (else nothing is sent and
// the Protocol outcome names the servers); one that later presents another key is refused
// (instanceRefused) and never used. A request that gets no HTTP answer or a 503 is sent again,
// unchanged (same requestId), to the next instance; any other answer, a 4xx included, is the
// answer. The client stays on the instance that answered last and gives one that failed a short
// back-off (InstanceSet).
//
// Waiting in line (docs/API.md, "The waiting line"): a checkout with a maximum wait answers Queued
// instead of NoSeats; renewTicket keeps the ticket alive and answers Queued (its position now),
// Granted once a seat was held for it (the lease verified like any other), or TicketLost. A ticket
// heartbeat whose answer was lost after the server turned the ticket into a lease finds the
// ticket gone (410, reason "unknown"): the client then repeats the ticket's checkout with its
// requestId, which hands back that lease instead of taking a second seat.
class LeaseClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseClient)

public:
    using Callback = std::function<void(const LeaseOutcome &)>;
    using ReleaseCallback = std::function<void(const ReleaseOutcome &)>;

    LeaseClient(QNetworkAccessManager &network, QObject *parent = nullptr);
    ~LeaseClient() override;

    // One instance (the same as setServerUrls({url})).
    void setServerUrl(const QUrl &url);
    // The instance that answered last, else the first one configured.
    QUrl serverUrl() const;
    void setServerUrls(const QList<QUrl> &urls);
    QList<QUrl> serverUrls() const;
    const InstanceSet &instances() const;
    // The clock the per-instance back-off is measured on (default: the system clock). Resets the
    // instances' state.
    void setClock(const Clock &clock);
    // How long one instance may take to accept the connection before the next one is tried (default
    // 500 ms): a dead host costs this, not the whole transfer timeout.
    void setConnectTimeout(std::chrono::milliseconds timeout);
    // Certificate authorities and confirmed certificates beyond the system's, for HTTPS instances.
    void setTlsTrust(const TlsTrust &trust);
    void setLicense(const QString &licenseId, QByteArrayView licenseKey);
    QString licenseId() const;
    void setPublicKey(const LeaseVerifier &verifier);
    std::optional<LeaseVerifier> publicKey() const;
    void setTransferTimeout(std::chrono::milliseconds timeout);
    void setCheckoutRetries(int retries); // transport retries with the same requestId (default 2)

    // Test and simulator hook: while set, every request fails at once as Transport without being
    // sent, as if the network were cut.
    void setNetworkCut(bool cut);
    bool isNetworkCut() const;

    // With maxWait (1 s to QueueTicket::maxWaitSecondsLimit), a checkout that would be denied for
    // want of a seat (no_seats_available, group_cap_reached) waits in line: Queued.
    // With idle, the checkout tells the server how long ago its holder last did something, as a
    // heartbeat does (clamped to 0..maxIdleMs); nullopt: activity unknown until a heartbeat says.
    void checkout(const QString &holder, QObject *context, Callback done,
                  std::optional<std::chrono::seconds> maxWait = {}, std::optional<std::chrono::milliseconds> idle = {});
    void heartbeat(const QString &seatId, QObject *context, Callback done);
    // With idle, the heartbeat tells the server how long ago its holder last did something
    // (HeartbeatRequest, clamped to 0..maxIdleMs); nullopt: activity unknown (an empty body, as
    // the form above sends).
    void heartbeat(const QString &seatId, std::optional<std::chrono::milliseconds> idle, QObject *context,
                   Callback done);
    void release(const QString &seatId, QObject *context, ReleaseCallback done);
    using BorrowCallback = std::function<void(const BorrowOutcome &)>;
    // Borrows a seat for `days` whole days (POST .../borrow): Borrowed, or BorrowRefused with the
    // server's sentence. Not sent to a second instance once it may have reached one (a borrow
    // carries no requestId).
    void borrow(const QString &holder, int days, QObject *context, BorrowCallback done);
    // Returns a borrowed seat early (DELETE .../borrow/{seatId}) with the return secret its borrow
    // gave (BorrowAnswer::returnSecret; unset only for a seat borrowed from an older server):
    // Released, also when the server no longer has it (returned already, or expired and reaped);
    // ReturnRefused with the server's sentence when it refuses the secret (borrow_return_refused).
    void returnBorrowed(const QString &seatId, const BorrowReturnSecret &secret, QObject *context,
                        ReleaseCallback done);
    // A ticket heartbeat: Queued, Granted, or TicketLost.
    void renewTicket(const QString &ticketId, QObject *context, Callback done);
    // Leaves the line (a ticket the server no longer has counts as left): Released.
    void leaveQueue(const QString &ticketId, QObject *context, ReleaseCallback done);

Q_SIGNALS:
    // An instance presented a signing key other than the pinned one; it is never used.
    void instanceRefused(const QUrl &url, const QString &reason);
    // Another instance than before answered.
    void instanceChanged(const QUrl &url);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace keyright
