#include "seats/WaitingLine.h"

#include "Crypto.h"
#include "LeasePredicate.h"
#include "LeaseSigner.h"
#include "SeatDecision.h"
#include "SeatRules.h"
#include "wire/EventDetail.h"
#include "wire/Identifiers.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

qint64 waitedMs(const StoredTicket &ticket, const QDateTime &now)
{
    return std::max<qint64>(0, ticket.queuedAt.msecsTo(now));
}

} // namespace

WaitingLine::WaitingLine(LeaseStore &store, const LeaseSigner &signer)
    : m_store(store)
    , m_signer(signer)
{ }

bool WaitingLine::lapsed(const StoredTicket &ticket, const QDateTime &now)
{
    return ticket.expiresAt < now || ticket.giveUpAt < now;
}

void WaitingLine::record(const QDateTime &time, EventKind kind, const StoredTicket &ticket, const QString &actor,
                         const QJsonObject &detail)
{
    m_store.recordEvent(EventRecord {0, time, kind, ticket.licenseId, ticket.seatId, ticket.holder, actor, detail});
}

void WaitingLine::drop(const StoredTicket &ticket, queue::LeftBecause why, const QDateTime &now, const QString &actor)
{
    if (!m_store.deleteTicket(ticket.licenseId, ticket.ticketId))
        return;
    // The waiter never saw the lease held for it (the lease only leaves the server with the next
    // ticket heartbeat), so nobody can be using that seat: it comes back at once rather than when
    // the held lease would have run out.
    QDateTime seatExpiresAt;
    if (ticket.granted()) {
        if (const auto held = m_store.lease(ticket.licenseId, ticket.seatId))
            seatExpiresAt = held->lease.expiresAt;
        m_store.deleteLease(ticket.licenseId, ticket.seatId);
    }
    record(now, EventKind::QueueLeft, ticket, actor,
           eventdetail::QueueLeft {ticket.ticketId, why, waitedMs(ticket, now), ticket.granted(), seatExpiresAt,
                                   why == queue::LeftBecause::Expired ? ticket.expiresAt : QDateTime()}
               .toJson());
}

int WaitingLine::serve(LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now,
                       const QString &actor, int deadLimit)
{
    // An empty line (the common case) has no dead ticket either: one read instead of two.
    QList<StoredTicket> line = m_store.ticketsInLine(license.id);
    if (line.isEmpty())
        return 0;
    const QList<StoredTicket> dead = m_store.deadTickets(license.id, now, std::max(deadLimit, 0));
    for (const StoredTicket &ticket : dead)
        drop(ticket, ticket.expiresAt < now ? queue::LeftBecause::Expired : queue::LeftBecause::TimedOut, now, actor);

    // Outside its validity a license grants no ticket: they wait (and lapse) as for want of a seat.
    if (decideValidity(license.validity, now))
        return 0;
    if (!dead.isEmpty())
        line = m_store.ticketsInLine(license.id);
    if (std::none_of(line.cbegin(), line.cend(), [](const StoredTicket &t) { return !t.granted(); }))
        return 0;

    const SeatPolicy &policy = license.policy;
    QList<SeatLease> leases;
    for (const StoredLease &row : m_store.leases(license.id))
        leases.append(row.lease);
    int granted = 0;
    for (const StoredTicket &waiting : line) {
        if (waiting.granted() || lapsed(waiting, now))
            continue; // a lapsed one beyond deadLimit waits for the next serve, and gets nothing
        const SeatDecision decision
            = decideCheckout(policy.seatCount(), rules, leases, waiting.holder, now, policy.skew());
        if (!decision.granted())
            continue; // capped, or the free seats are reserved for others: those behind may fit
        if (const auto block = m_store.block(license.id, waiting.holder); block && now < block->until)
            continue;

        license.lastGeneration += 1;
        SeatLease lease;
        lease.licenseId = license.id;
        lease.seatId = crypto::randomHex(seatIdLength / 2);
        lease.holder = waiting.holder;
        lease.generation = license.lastGeneration;
        lease.issuedAt = now;
        // Held until the ticket would lapse: a waiter that stopped renewing loses it with the
        // ticket, and the seat comes back within one TTL.
        lease.expiresAt = license.validity.capExpiry(waiting.expiresAt);
        lease = m_signer.signLease(lease);
        m_store.updateLicense(license);
        m_store.insertLease(StoredLease {lease, waiting.requestId});
        m_store.setTicketSeat(license.id, waiting.ticketId, lease.seatId);
        leases.append(lease);
        ++granted;

        StoredTicket held = waiting;
        held.seatId = lease.seatId;
        record(now, EventKind::Granted, held, actor,
               eventdetail::Granted {lease.generation, lease.expiresAt, decision.usage.inUse + 1, policy.seatCount(),
                                     decision.group, waiting.ticketId, waitedMs(waiting, now)}
                   .toJson());
    }
    return granted;
}

std::optional<QueueTicket> WaitingLine::enqueue(LicenseRecord &license, const QString &holder, const QString &requestId,
                                                std::chrono::seconds maxWait, const QDateTime &now,
                                                const QString &actor)
{
    QList<StoredTicket> line = m_store.ticketsInLine(license.id);
    if (line.size() >= maxTickets)
        return std::nullopt;
    // The line's order comes from the license's generation, taken under its lock: every instance
    // on a shared database agrees on it, whatever their clocks say.
    license.lastGeneration += 1;
    m_store.updateLicense(license);
    StoredTicket ticket;
    ticket.licenseId = license.id;
    ticket.ticketId = crypto::randomHex(ticketIdLength / 2);
    ticket.holder = holder;
    ticket.requestId = requestId;
    ticket.lineSeq = qint64(license.lastGeneration);
    ticket.queuedAt = now;
    ticket.expiresAt = now.addMSecs(license.policy.ttl().count());
    ticket.giveUpAt = now.addSecs(maxWait.count());
    m_store.insertTicket(ticket);
    line.append(ticket);
    const QueueTicket answer = view(ticket, line, now);
    record(now, EventKind::Queued, ticket, actor,
           eventdetail::Queued {ticket.ticketId, answer.position, ticket.giveUpAt}.toJson());
    return answer;
}

QueueTicket WaitingLine::view(const StoredTicket &ticket, const QList<StoredTicket> &line, const QDateTime &now)
{
    QueueTicket out;
    out.ticketId = ticket.ticketId;
    out.licenseId = ticket.licenseId;
    out.holder = ticket.holder;
    out.state = ticket.granted() ? QueueTicket::State::Granted : QueueTicket::State::Waiting;
    out.queuedAt = ticket.queuedAt;
    out.expiresAt = ticket.expiresAt;
    out.giveUpAt = ticket.giveUpAt;
    out.seatId = ticket.seatId;
    int ahead = 0;
    for (const StoredTicket &other : line) {
        if (other.granted() || lapsed(other, now))
            continue;
        ++out.waiting;
        if (other.lineSeq < ticket.lineSeq)
            ++ahead;
    }
    out.position = ticket.granted() ? 0 : ahead + 1;
    return out;
}

WaitingLine::TicketAnswer WaitingLine::answerFor(const LicenseRecord &license, const StoredTicket &ticket,
                                                 const QDateTime &now, const QString &actor)
{
    TicketAnswer answer;
    if (!ticket.granted()) {
        StoredTicket renewed = ticket;
        renewed.expiresAt = std::max(ticket.expiresAt, now.addMSecs(license.policy.ttl().count()));
        m_store.renewTicket(license.id, ticket.ticketId, renewed.expiresAt);
        answer.outcome = TicketAnswer::Outcome::Waiting;
        answer.ticket = view(renewed, m_store.ticketsInLine(license.id), now);
        answer.ticket.expiresAt = renewed.expiresAt;
        return answer;
    }
    const auto row = m_store.lease(license.id, ticket.seatId);
    if (!row || !isLive(row->lease, now, license.policy.skew())) {
        // The held seat went without the ticket (an admin revoked it): the ticket goes too.
        drop(ticket, queue::LeftBecause::Revoked, now, actor);
        answer.lost = queue::LeftBecause::Revoked;
        return answer;
    }
    // The claim: from here on the seat is a normal lease, renewed by seat heartbeats.
    SeatLease lease = row->lease;
    lease.issuedAt = now;
    lease.expiresAt
        = std::max(row->lease.expiresAt, license.validity.capExpiry(now.addMSecs(license.policy.ttl().count())));
    lease = m_signer.signLease(lease);
    m_store.renewLease(lease);
    m_store.deleteTicket(license.id, ticket.ticketId);
    answer.outcome = TicketAnswer::Outcome::Granted;
    answer.lease = lease;
    answer.ticket.ticketId = ticket.ticketId;
    return answer;
}

WaitingLine::TicketAnswer WaitingLine::renew(const LicenseRecord &license, const QString &ticketId,
                                             const QDateTime &now, const QString &actor)
{
    const auto ticket = m_store.ticket(license.id, ticketId);
    if (!ticket || lapsed(*ticket, now)) {
        if (ticket)
            drop(*ticket, ticket->expiresAt < now ? queue::LeftBecause::Expired : queue::LeftBecause::TimedOut, now,
                 actor);
        TicketAnswer lost;
        lost.lost = whyGone(license.id, ticketId, now);
        return lost;
    }
    return answerFor(license, *ticket, now, actor);
}

std::optional<WaitingLine::TicketAnswer> WaitingLine::renewByRequest(const LicenseRecord &license,
                                                                     const QString &holder, const QString &requestId,
                                                                     const QDateTime &now, const QString &actor)
{
    if (requestId.isEmpty())
        return std::nullopt;
    const auto ticket = m_store.ticketByRequest(license.id, holder, requestId);
    if (!ticket || lapsed(*ticket, now))
        return std::nullopt; // serve() has dropped a lapsed one already, or will
    return answerFor(license, *ticket, now, actor);
}

bool WaitingLine::leave(const QString &licenseId, const QString &ticketId, const QDateTime &now, const QString &actor)
{
    const auto ticket = m_store.ticket(licenseId, ticketId);
    if (!ticket)
        return false;
    drop(*ticket, queue::LeftBecause::GaveUp, now, actor);
    return true;
}

bool WaitingLine::seatEnded(const QString &licenseId, const QString &seatId, queue::LeftBecause why,
                            const QDateTime &now, const QString &actor)
{
    const QList<StoredTicket> line = m_store.ticketsInLine(licenseId);
    for (const StoredTicket &ticket : line) {
        if (ticket.seatId == seatId) {
            drop(ticket, why, now, actor);
            break;
        }
    }
    return !line.isEmpty();
}

QList<QueueTicket> WaitingLine::listing(const QString &licenseId, const QDateTime &now)
{
    const QList<StoredTicket> line = m_store.ticketsInLine(licenseId);
    QList<QueueTicket> granted, waiting;
    for (const StoredTicket &ticket : line) {
        if (lapsed(ticket, now))
            continue;
        (ticket.granted() ? granted : waiting).append(view(ticket, line, now));
    }
    return granted + waiting;
}

queue::LeftBecause WaitingLine::whyGone(const QString &licenseId, const QString &ticketId, const QDateTime &now)
{
    // Bounded like SeatService::seatEnding(): a day back, a few pages. Ticket ids are never
    // reused, so the first match is the one.
    EventQuery query;
    query.licenseId = licenseId;
    query.kinds = {EventKind::QueueLeft};
    query.since = now.addDays(-1);
    query.limit = 500;
    for (int page = 0; page < 8; ++page) {
        const QList<EventRecord> events = m_store.events(query);
        for (const EventRecord &e : events) {
            if (const auto left = eventdetail::QueueLeft::fromJson(e.detail); left.ticketId == ticketId)
                return left.why;
        }
        if (events.size() < query.limit)
            break;
        query.after = events.constLast().seq;
    }
    return queue::LeftBecause::Unknown;
}

} // namespace keyright::server
