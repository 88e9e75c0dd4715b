#pragma once

#include "SeatLease.h"
#include "store/LeaseStore.h"
#include "store/StoreTypes.h"
#include "wire/QueueTicket.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {
class CompiledSeatRules;
class LeaseSigner;
} // namespace keyright

namespace keyright::server {

// A license's waiting line (docs/API.md, "The waiting line"): checkouts that asked to wait, in
// the order they came, each kept alive by ticket heartbeats. SeatService calls every method
// inside the license's withLicense() unit, so the line, the leases and the rules are read and
// changed as one step, with one implementation for every store and every instance.
//
// serve() is what makes the line fair: it runs before anything else a checkout, ticket heartbeat,
// release, revoke or reap chunk decides, drops the tickets that lapsed and hands every seat the
// rules allow to the earliest waiter they allow it to. A newcomer is decided only afterwards, so
// it can never take a seat an earlier eligible waiter could have had; a waiter the rules cannot
// serve now is skipped and never holds up those behind it.
class WaitingLine
{
public:
    // Tickets per license, granted ones included: what one line may cost in memory and in each
    // serve(). A checkout that would make it longer is answered as if it had not asked to wait.
    static constexpr int maxTickets = 1000;

    WaitingLine(LeaseStore &store, const LeaseSigner &signer);

    // Drops up to `deadLimit` lapsed tickets (one queue_left each), then grants every seat it can,
    // head of the line first. `license` is the record read in this unit; its lastGeneration moves
    // with every seat granted and is written back. Returns the seats granted.
    int serve(LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now, const QString &actor,
              int deadLimit = maxTickets);

    // A new ticket at the end of the line for a checkout that was refused for want of a seat, with
    // a `queued` event; nullopt when the line is full.
    std::optional<QueueTicket> enqueue(LicenseRecord &license, const QString &holder, const QString &requestId,
                                       std::chrono::seconds maxWait, const QDateTime &now, const QString &actor);

    // What a ticket heartbeat (or a checkout repeating a ticket's requestId) gets.
    struct TicketAnswer
    {
        enum class Outcome { Waiting, Granted, Lost };
        Outcome outcome = Outcome::Lost;
        QueueTicket ticket; // Waiting: its place now
        SeatLease lease; // Granted: signed now with a full TTL; the ticket is gone (ticket.ticketId names it)
        queue::LeftBecause lost = queue::LeftBecause::Unknown; // Lost
    };
    // Keeps a waiting ticket alive (expiresAt = now + TTL) or hands over the seat held for it.
    TicketAnswer renew(const LicenseRecord &license, const QString &ticketId, const QDateTime &now,
                       const QString &actor);
    // The ticket a checkout with this requestId already has, as renew() answers for it; nullopt
    // when there is none.
    std::optional<TicketAnswer> renewByRequest(const LicenseRecord &license, const QString &holder,
                                               const QString &requestId, const QDateTime &now, const QString &actor);

    // The waiter leaves (queue_left gave_up); a seat held for it is given back. False when the
    // ticket was not in the line.
    bool leave(const QString &licenseId, const QString &ticketId, const QDateTime &now, const QString &actor);
    // A held seat was released or revoked: its ticket leaves the line with `why`. Returns whether
    // the line held any ticket (false: an empty line, which serve() would only read again).
    bool seatEnded(const QString &licenseId, const QString &seatId, queue::LeftBecause why, const QDateTime &now,
                   const QString &actor);

    // Every ticket, granted ones first, then the waiting ones in line order (positions 1..n).
    QList<QueueTicket> listing(const QString &licenseId, const QDateTime &now);

private:
    // The wire view of `ticket` in `line` (the license's tickets in line order).
    static QueueTicket view(const StoredTicket &ticket, const QList<StoredTicket> &line, const QDateTime &now);
    static bool lapsed(const StoredTicket &ticket, const QDateTime &now);
    // Deletes the ticket and records queue_left; a seat held for it goes too.
    void drop(const StoredTicket &ticket, queue::LeftBecause why, const QDateTime &now, const QString &actor);
    TicketAnswer answerFor(const LicenseRecord &license, const StoredTicket &ticket, const QDateTime &now,
                           const QString &actor);
    // Why a ticket that is not in the line left it, from its queue_left event.
    queue::LeftBecause whyGone(const QString &licenseId, const QString &ticketId, const QDateTime &now);
    void record(const QDateTime &time, EventKind kind, const StoredTicket &ticket, const QString &actor,
                const QJsonObject &detail);

    LeaseStore &m_store;
    const LeaseSigner &m_signer;
};

} // namespace keyright::server
