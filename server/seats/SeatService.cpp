#include "seats/SeatService.h"

#include "Clock.h"
#include "Crypto.h"
#include "LeasePredicate.h"
#include "LeaseSigner.h"
#include "Metrics.h"
#include "ReclaimDecision.h"
#include "SeatRules.h"
#include "Timestamps.h"
#include "UsageHistory.h"
#include "stats/StatsService.h"
#include "wire/EventDetail.h"
#include "wire/Identifiers.h"
#include "wire/SeatRulesJson.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace keyright::server {

SeatService::SeatService(LeaseStore &store, const LeaseSigner &signer, const Clock &clock, Metrics *metrics)
    : m_store(store)
    , m_signer(signer)
    , m_clock(clock)
    , m_metrics(metrics)
    , m_line(store, signer)
{ }

QByteArray SeatService::publicKey() const
{
    return m_signer.publicKey();
}

void SeatService::record(const QDateTime &time, EventKind kind, const QString &licenseId, const QString &seatId,
                         const QString &holder, const QString &actor, const QJsonObject &detail)
{
    m_store.recordEvent(EventRecord {0, time, kind, licenseId, seatId, holder, actor, detail});
}

std::optional<EventRecord> SeatService::seatEnding(const QString &licenseId, const QString &seatId,
                                                   const QDateTime &now)
{
    // Bounded: a day back and a few pages. A heartbeat comes within a lease's TTL of its last one,
    // so the event is recent unless the client slept; seat ids are never reused, so the first
    // match is the one.
    EventQuery query;
    query.licenseId = licenseId;
    query.kinds
        = {EventKind::Revoked, EventKind::Released, EventKind::Reaped, EventKind::Reclaimed, EventKind::BorrowReturned};
    query.since = now.addDays(-1);
    query.limit = 500;
    for (int page = 0; page < 8; ++page) {
        const QList<EventRecord> events = m_store.events(query);
        for (const EventRecord &e : events) {
            if (e.seatId == seatId)
                return e;
        }
        if (events.size() < query.limit)
            break;
        query.after = events.constLast().seq;
    }
    return std::nullopt;
}

void SeatService::serveLine(LicenseRecord &license, const QDateTime &now, const QString &actor, int deadLimit)
{
    serveLine(license, rulesOf(license.id), now, actor, deadLimit);
}

void SeatService::serveLine(LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now,
                            const QString &actor, int deadLimit)
{
    int granted = m_line.serve(license, rules, now, actor, deadLimit);
    // Idle reclaim for those still waiting; a seat it took goes to the head of the line at once.
    if (reclaimIdle(license, rules, now, actor) > 0)
        granted += m_line.serve(license, rules, now, actor, 0);
    if (granted > 0 && m_stats)
        m_stats->count(license.id, StatsService::Counter::Granted, quint64(granted));
}

int SeatService::reclaimIdle(const LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now,
                             const QString &actor)
{
    // A license without the rule costs nothing here; a mark left from a rule since removed is
    // lifted when the rules change (LicenseAdmin), and never carried out: no rule, no reclaim.
    const QList<IdleReclaim> &ruleList = rules.rules().reclaimIdle;
    if (ruleList.isEmpty())
        return 0;
    const milliseconds skew = license.policy.skew();
    ReclaimState state;
    state.seatCount = license.policy.seatCount();
    state.now = now;
    state.skew = skew;
    QHash<QString, StoredLease> rows;
    QSet<QString> holding; // holders of a live seat
    QDateTime oldestMark = now;
    for (const StoredLease &row : m_store.leases(license.id)) {
        rows.insert(row.lease.seatId, row);
        ReclaimSeat seat;
        seat.lease = row.lease;
        if (row.lastActivityAt.isValid())
            seat.lastActivity = row.lastActivityAt;
        if (row.reclaimMarked()) {
            seat.markedAt = row.reclaimMarkedAt;
            seat.reclaimAt = row.reclaimAt;
            oldestMark = std::min(oldestMark, row.reclaimMarkedAt);
        }
        state.seats.append(seat);
        if (isLive(row.lease, now, skew))
            holding.insert(row.lease.holder);
    }
    // The common case costs one read: no mark to keep or lift and no live seat idle past the
    // shortest afterMinutes means nothing to decide, whoever waits (no line or event read).
    int shortestAfter = IdleReclaim::maxAfterMinutes;
    for (const IdleReclaim &rule : ruleList)
        shortestAfter = std::min(shortestAfter, rule.afterMinutes);
    const bool anyIdle = std::any_of(state.seats.cbegin(), state.seats.cend(), [&](const ReclaimSeat &seat) {
        return seat.marked()
            || (seat.lastActivity && isLive(seat.lease, now, skew)
                && seat.lastActivity->msecsTo(now) >= qint64(shortestAfter) * 60'000);
    });
    if (!anyIdle)
        return 0;
    for (const StoredTicket &ticket : m_store.ticketsInLine(license.id)) {
        if (!ticket.granted() && ticket.expiresAt >= now && ticket.giveUpAt >= now)
            state.waiting.append(ReclaimWaiter {ticket.holder, ticket.queuedAt, ticket.ticketId});
    }
    state.lineInUse = !state.waiting.isEmpty();
    if (!state.lineInUse) {
        // No one in line: the holders refused a seat recently enough for some rule's warning,
        // counted from the oldest mark, who hold none now.
        int longestWarning = 0;
        for (const IdleReclaim &rule : ruleList)
            longestWarning = std::max(longestWarning, rule.warnMinutes);
        EventQuery query;
        query.licenseId = license.id;
        query.kinds = {EventKind::Denied};
        query.since = oldestMark.addSecs(-60 * qint64(longestWarning));
        query.limit = 500;
        for (const EventRecord &denied : m_store.events(query)) {
            if (!holding.contains(denied.holder) && denied.time <= now)
                state.waiting.append(ReclaimWaiter {denied.holder, denied.time, {}});
        }
    }
    if (state.waiting.isEmpty() && oldestMark == now)
        return 0; // nobody needs a seat and nothing is marked: nothing to decide

    int taken = 0;
    for (const ReclaimAction &action : decideReclaim(rules, state)) {
        const StoredLease row = rows.value(action.seatId);
        const qint64 idleMs = row.lastActivityAt.isValid() ? std::max<qint64>(0, row.lastActivityAt.msecsTo(now)) : 0;
        qint64 waitedMs = 0;
        for (const ReclaimWaiter &waiter : std::as_const(state.waiting)) {
            if (waiter.holder == action.waiter && waiter.ticketId == action.waiterTicketId)
                waitedMs = std::max<qint64>(0, waiter.since.msecsTo(now));
        }
        switch (action.kind) {
        case ReclaimAction::Kind::Mark:
            m_store.markLease(license.id, action.seatId, now, action.reclaimAt);
            record(now, EventKind::ReclaimWarned, license.id, action.seatId, action.holder, actor,
                   eventdetail::ReclaimWarned {action.waiter, action.waiterTicketId, idleMs, waitedMs, action.reclaimAt}
                       .toJson());
            break;
        case ReclaimAction::Kind::Keep:
            break;
        case ReclaimAction::Kind::Cancel: {
            using C = eventdetail::ReclaimCancelled;
            const char16_t *reason = action.reason == ReclaimAction::Reason::Activity ? C::activity
                : action.reason == ReclaimAction::Reason::NoRule                      ? C::noRule
                                                                                      : C::nobodyWaiting;
            m_store.markLease(license.id, action.seatId, {}, {});
            record(now, EventKind::ReclaimCancelled, license.id, action.seatId, action.holder, actor,
                   C {QString::fromUtf16(reason), action.reclaimAt}.toJson());
            break;
        }
        case ReclaimAction::Kind::Reclaim:
            if (!m_store.deleteLease(license.id, action.seatId))
                break;
            record(now, EventKind::Reclaimed, license.id, action.seatId, action.holder, actor,
                   eventdetail::Reclaimed {action.waiter, action.waiterTicketId, idleMs, row.reclaimMarkedAt,
                                           row.lease.expiresAt}
                       .toJson());
            noteIdleUntil(m_store, row, now);
            if (m_stats)
                m_stats->count(license.id, StatsService::Counter::Reclaimed);
            ++taken;
            break;
        }
    }
    return taken;
}

namespace {

// The live leases a refusal lists (denied, holder_blocked), and when the first of them stops
// counting.
QList<eventdetail::HeldSeat> liveSeats(const QList<StoredLease> &rows, const QDateTime &now, milliseconds skew,
                                       QDateTime *nextExpiry)
{
    QList<eventdetail::HeldSeat> holders;
    for (const StoredLease &row : rows) {
        if (!isLive(row.lease, now, skew))
            continue;
        const QDateTime stopsCounting = row.lease.expiresAt.addMSecs(skew.count());
        if (nextExpiry && (!nextExpiry->isValid() || stopsCounting < *nextExpiry))
            *nextExpiry = stopsCounting;
        holders.append(eventdetail::HeldSeat {row.lease.seatId, row.lease.holder, row.lease.generation,
                                              row.lease.issuedAt, row.lease.expiresAt, row.lease.borrowed});
    }
    return holders;
}

} // namespace

SeatService::CheckoutResult SeatService::checkout(const QString &licenseId, const QString &holder,
                                                  const QString &requestId, const QString &actor,
                                                  std::optional<std::chrono::seconds> maxWait,
                                                  std::optional<std::chrono::milliseconds> idle)
{
    CheckoutResult result;
    m_store.withLicense(licenseId, [&] {
        auto license = m_store.license(licenseId);
        if (!license) {
            result.outcome = CheckoutResult::Outcome::LicenseNotFound;
            return;
        }
        const QDateTime now = m_clock.now();
        const SeatPolicy &policy = license->policy;
        // Outside its validity a license hands out nothing, to this holder or to its line.
        if (const auto refusal = decideValidity(license->validity, now)) {
            result.outcome = CheckoutResult::Outcome::LicenseNotValid;
            result.licenseName = license->name;
            result.validity = *refusal;
            if (m_metrics)
                m_metrics->countDenial(licenseId);
            return;
        }
        // Read once for the line and this checkout, in this unit (the license is held).
        const CompiledSeatRules rules = rulesOf(licenseId);
        // The line first: a seat that freed goes to the earliest waiter who may take it, and this
        // checkout is decided on what is left.
        serveLine(*license, rules, now, actor);
        if (const auto again = m_line.renewByRequest(*license, holder, requestId, now, actor);
            again && again->outcome != WaitingLine::TicketAnswer::Outcome::Lost) {
            if (again->outcome == WaitingLine::TicketAnswer::Outcome::Granted) {
                result.outcome = CheckoutResult::Outcome::Granted;
                result.lease = again->lease;
                result.ticketId = again->ticket.ticketId;
                result.replayed = true;
            } else {
                result.outcome = CheckoutResult::Outcome::Queued;
                result.ticket = again->ticket;
            }
            return;
        }

        if (const auto block = m_store.block(licenseId, holder); block && now < block->until) {
            result.outcome = CheckoutResult::Outcome::HolderBlocked;
            result.blockedUntil = block->until;
            // Who held every seat then, as a denial lists them: the dispute panel explains a
            // blocked refusal from the event alone, with the expiries the last renewals signed.
            eventdetail::HolderBlocked detail;
            detail.until = block->until;
            detail.holders = liveSeats(m_store.leases(licenseId), now, policy.skew(), nullptr);
            detail.inUse = int(detail.holders.size());
            detail.seatCount = policy.seatCount();
            detail.listsHolders = true;
            record(now, EventKind::HolderBlocked, licenseId, {}, holder, actor, detail.toJson());
            if (m_metrics)
                m_metrics->countDenial(licenseId);
            return;
        }

        if (const auto same = m_store.leaseByRequest(licenseId, holder, requestId);
            same && isLive(same->lease, now, policy.skew())) {
            // A retry of a checkout that already took a seat (the reply was lost): hand back that
            // seat unchanged rather than a second one.
            result.outcome = CheckoutResult::Outcome::Granted;
            result.lease = same->lease;
            result.replayed = true;
            return;
        }

        // The decision rests on this license's own rows and rules, read in this serialized
        // transaction, and is decideCheckout()'s alone (the dashboard explains denials with the
        // same function); rules without reservations or caps need only how many rows are live,
        // which the store counts without reading them (a license of thousands of seats). The
        // replicated usage counters (StatsService) never take part in it: a G-Counter only learns
        // of other replicas' grants after the fact and cannot hold a capacity such as the last
        // free seat (docs/ARCHITECTURE.md). They are only incremented below.
        std::optional<QList<StoredLease>> rows;
        if (decidesOnCount(rules)) {
            result.decision = decideCheckoutOnCount(policy.seatCount(), rules,
                                                    m_store.liveLeaseCount(licenseId, now, policy.skew()), holder);
        } else {
            rows = m_store.leases(licenseId);
            QList<SeatLease> seats;
            seats.reserve(rows->size());
            for (const StoredLease &row : std::as_const(*rows))
                seats.append(row.lease);
            result.decision = decideCheckout(policy.seatCount(), rules, seats, holder, now, policy.skew());
        }
        if (!result.decision.granted()) {
            // Someone now needs a seat: idle reclaim warns an idle holder at once rather than at
            // the next request (a seat it takes goes to the line).
            const auto reclaimFor = [&] {
                if (reclaimIdle(*license, rules, now, actor) > 0)
                    serveLine(*license, rules, now, actor);
            };
            // Only a lack of seats can be outwaited; a holder the lists keep out waits in vain.
            using D = SeatDecision::Outcome;
            const bool seatsMayFree
                = result.decision.outcome == D::NoSeatsAvailable || result.decision.outcome == D::GroupCapReached;
            if (maxWait && seatsMayFree) {
                if (auto ticket = m_line.enqueue(*license, holder, requestId, *maxWait, now, actor)) {
                    result.outcome = CheckoutResult::Outcome::Queued;
                    result.ticket = *ticket;
                    reclaimFor();
                    return;
                }
            }
            // A refusal lists who holds every seat: the rows, read now if the count decided.
            refuseCheckout(*license, rows ? *rows : m_store.leases(licenseId), holder, actor, now, result);
            reclaimFor();
            return;
        }

        license->lastGeneration += 1;
        SeatLease lease;
        lease.licenseId = licenseId;
        lease.seatId = crypto::randomHex(16);
        lease.holder = holder;
        lease.generation = license->lastGeneration;
        lease.issuedAt = now;
        // Never past validUntil: a lease never outlives its license, and the cap is what is signed.
        lease.expiresAt = license->validity.capExpiry(now.addMSecs(policy.ttl().count()));
        lease = m_signer.signLease(lease);

        m_store.updateLicense(*license);
        // The checkout's idle time, as a heartbeat's: the holder's activity is known from the grant.
        m_store.insertLease(
            StoredLease {lease, requestId, idle ? now.addMSecs(-std::max<qint64>(0, idle->count())) : QDateTime()});
        record(now, EventKind::Granted, licenseId, lease.seatId, holder, actor,
               eventdetail::Granted {lease.generation,
                                     lease.expiresAt,
                                     result.decision.usage.inUse + 1,
                                     policy.seatCount(),
                                     result.decision.group,
                                     {},
                                     0}
                   .toJson());
        // After the grant's event, which opened the seat's span in the history.
        if (idle)
            m_store.noteActivityKnown(licenseId, lease.seatId, now.toMSecsSinceEpoch());
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Granted);
        result.outcome = CheckoutResult::Outcome::Granted;
        result.lease = lease;
    });
    if (m_metrics && result.outcome == CheckoutResult::Outcome::Granted && !result.replayed)
        m_metrics->countGrant(licenseId);
    return result;
}

void SeatService::refuseCheckout(const LicenseRecord &license, const QList<StoredLease> &rows, const QString &holder,
                                 const QString &actor, const QDateTime &now, CheckoutResult &result)
{
    using O = SeatDecision::Outcome;
    QDateTime nextExpiry;
    const QList<eventdetail::HeldSeat> holders = liveSeats(rows, now, license.policy.skew(), &nextExpiry);
    const SeatDecision &decision = result.decision;
    switch (decision.outcome) {
    case O::HolderDenied:
    case O::HolderNotAllowed:
        result.outcome = CheckoutResult::Outcome::HolderNotAllowed;
        break;
    case O::GroupCapReached:
        result.outcome = CheckoutResult::Outcome::GroupCapReached;
        result.nextExpiry = nextExpiry;
        break;
    case O::NoSeatsAvailable:
    case O::Granted:
        result.outcome = CheckoutResult::Outcome::NoSeatsAvailable;
        result.nextExpiry = nextExpiry;
        break;
    }
    result.seatCount = decision.usage.seatCount;
    result.inUse = decision.usage.inUse;
    // What decideCheckout() said and who held every seat, so that a dispute can be explained from
    // the event alone.
    record(now, EventKind::Denied, license.id, {}, holder, actor, eventdetail::Denied::of(decision, holders).toJson());
    if (m_stats)
        m_stats->count(license.id, StatsService::Counter::Denied);
    if (m_metrics)
        m_metrics->countDenial(license.id);
}

SeatService::BorrowResult SeatService::borrow(const QString &licenseId, const QString &holder, int days,
                                              const QString &actor)
{
    BorrowResult result;
    m_store.withLicense(licenseId, [&] {
        result = BorrowResult {};
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QDateTime now = m_clock.now();
        result.decidedAt = now;
        const SeatPolicy &policy = license->policy;
        if (const auto refusal = decideValidity(license->validity, now)) {
            result.outcome = BorrowResult::Outcome::LicenseNotValid;
            result.licenseName = license->name;
            result.validity = *refusal;
            return;
        }
        const CompiledSeatRules rules = rulesOf(licenseId);
        // The line first, as for a checkout: a seat that freed goes to whoever waited for it.
        serveLine(*license, rules, now, actor);
        if (const auto block = m_store.block(licenseId, holder); block && now < block->until) {
            result.outcome = BorrowResult::Outcome::HolderBlocked;
            result.blockedUntil = block->until;
            return;
        }
        const QList<StoredLease> rows = m_store.leases(licenseId);
        QList<SeatLease> seats;
        seats.reserve(rows.size());
        for (const StoredLease &row : rows)
            seats.append(row.lease);
        result.decision
            = decideBorrow(policy.seatCount(), license->borrow, rules, seats, holder, days, now, policy.skew());
        if (!result.decision.granted()) {
            result.outcome = BorrowResult::Outcome::Denied;
            liveSeats(rows, now, policy.skew(), &result.nextExpiry);
            // Its own kind, not `denied`: a refused borrow is no seat missing on site, so it stays
            // out of deniedLastHour, the usage history's turned-away demand and the what-if.
            record(now, EventKind::BorrowDenied, licenseId, {}, holder, actor,
                   eventdetail::BorrowDenied {BorrowRefusal::of(result.decision)}.toJson());
            if (m_metrics)
                m_metrics->countDenial(licenseId);
            return;
        }
        license->lastGeneration += 1;
        SeatLease lease;
        lease.licenseId = licenseId;
        lease.seatId = crypto::randomHex(16);
        lease.holder = holder;
        lease.generation = license->lastGeneration;
        lease.issuedAt = now;
        lease.expiresAt = license->validity.capExpiry(now.addDays(days));
        lease.borrowed = true;
        lease = m_signer.signLease(lease);
        const BorrowReturnSecret returnSecret = BorrowReturnSecret::generate();

        m_store.updateLicense(*license);
        StoredLease row {lease, {}, {}};
        row.returnSecretHash = returnSecret.hash();
        m_store.insertLease(row);
        record(now, EventKind::SeatBorrowed, licenseId, lease.seatId, holder, actor,
               eventdetail::SeatBorrowed {lease.generation, lease.expiresAt, days, result.decision.seat.usage.inUse + 1,
                                          policy.seatCount(), result.decision.borrowed + 1, result.decision.seat.group}
                   .toJson());
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Granted);
        result.outcome = BorrowResult::Outcome::Granted;
        result.lease = lease;
        result.returnSecret = returnSecret;
    });
    if (m_metrics && result.outcome == BorrowResult::Outcome::Granted)
        m_metrics->countGrant(licenseId);
    return result;
}

SeatService::ReturnOutcome SeatService::returnBorrowed(const QString &licenseId, const QString &seatId,
                                                       const BorrowReturnSecret &secret, const QString &actor)
{
    ReturnOutcome outcome = ReturnOutcome::LicenseNotFound;
    m_store.withLicense(licenseId, [&] {
        outcome = ReturnOutcome::LicenseNotFound;
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        const auto row = m_store.lease(licenseId, seatId);
        if (!row || !row->lease.borrowed) {
            outcome = ReturnOutcome::NotBorrowed;
            return;
        }
        // The seat id is no secret (status, the events and the dashboard show it): only the return
        // secret proves the laptop that holds the signed lease gives it up. A row without a hash
        // was borrowed before the server kept them; it expires within the policy's maximum.
        if (!row->returnSecretHash.isEmpty() && !secret.matches(row->returnSecretHash)) {
            outcome = ReturnOutcome::WrongSecret;
            return;
        }
        if (!m_store.deleteLease(licenseId, seatId)) {
            outcome = ReturnOutcome::NotBorrowed;
            return;
        }
        returned(*license, *row, actor);
        outcome = ReturnOutcome::Returned;
    });
    return outcome;
}

SeatService::WriteOffResult SeatService::writeOff(const QString &licenseId, const QString &seatId, const QString &note,
                                                  const QString &actor)
{
    WriteOffResult result;
    m_store.withLicense(licenseId, [&] {
        result = WriteOffResult {};
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        auto row = m_store.lease(licenseId, seatId);
        if (!row) {
            result.outcome = WriteOffResult::Outcome::SeatNotFound;
            return;
        }
        result.row = *row;
        if (!row->lease.borrowed) {
            result.outcome = WriteOffResult::Outcome::NotBorrowed;
            return;
        }
        // Idempotent: the first write-off stands, with its time, author and note.
        if (row->writeOff.isSet()) {
            result.outcome = WriteOffResult::Outcome::AlreadyWrittenOff;
            return;
        }
        const QDateTime now = m_clock.now();
        if (!isLive(row->lease, now, license->policy.skew())) {
            result.outcome = WriteOffResult::Outcome::BorrowEnded;
            return;
        }
        row->writeOff = BorrowWriteOff {now, actor, note};
        if (!m_store.writeOffLease(licenseId, seatId, row->writeOff)) {
            result.outcome = WriteOffResult::Outcome::SeatNotFound;
            return;
        }
        // The seat stays counted until the lease expires: nothing else changes.
        record(now, EventKind::BorrowWrittenOff, licenseId, seatId, row->lease.holder, actor,
               eventdetail::BorrowWrittenOff {row->lease.expiresAt, note}.toJson());
        result.row = *row;
        result.outcome = WriteOffResult::Outcome::WrittenOff;
    });
    return result;
}

void SeatService::returned(const LicenseRecord &license, const StoredLease &row, const QString &actor)
{
    const QDateTime now = m_clock.now();
    record(now, EventKind::BorrowReturned, license.id, row.lease.seatId, row.lease.holder, actor,
           eventdetail::BorrowReturned {row.lease.expiresAt}.toJson());
    if (m_stats)
        m_stats->count(license.id, StatsService::Counter::Released);
    // The seat is free now: whoever waits for it gets it at once.
    LicenseRecord current = license;
    serveLine(current, now, actor);
}

SeatService::HeartbeatResult SeatService::heartbeat(const QString &licenseId, const QString &seatId,
                                                    const QString &actor, std::optional<milliseconds> idle)
{
    HeartbeatResult result;
    m_store.withLicense(licenseId, [&] {
        // The steps of a turn's renewals, for one seat. Inside one unit nothing else can touch the
        // row between plan and completion, so a completion that fails means the seat stopped
        // being live while it was signed, and the second plan says it is lost.
        for (int attempt = 0; attempt < 2; ++attempt) {
            RenewalRefusal refusal;
            auto plan = decideRenewal(licenseId, seatId, &refusal);
            if (!plan) {
                result.outcome = refusal.outcome;
                if (refusal.outcome == HeartbeatResult::Outcome::SeatLost) {
                    // A seat that is not live is lost even while its row waits for the reaper:
                    // the counter has already stopped counting it and may have given it to
                    // someone else.
                    using Refused = eventdetail::RenewRefused;
                    Refused detail;
                    detail.reason = QString::fromUtf16(refusal.row ? Refused::expired : Refused::unknownSeat);
                    QString holder = refusal.row ? refusal.row->lease.holder : QString();
                    if (!refusal.row) {
                        // The row went with a revoke, release or reap: the event that removed it
                        // names the holder, so a filter by holder still shows why the app stopped.
                        if (const auto ended = seatEnding(licenseId, seatId, refusal.decidedAt)) {
                            holder = ended->holder;
                            detail.endedBy = ended->kind;
                            detail.endedAt = ended->time;
                        }
                    }
                    record(refusal.decidedAt, EventKind::RenewRefused, licenseId, seatId, holder, actor,
                           detail.toJson());
                }
                return;
            }
            plan->idle = idle;
            signRenewal(*plan);
            if (completeRenewal(*plan)) {
                result.outcome = HeartbeatResult::Outcome::Renewed;
                result.lease = plan->renewed;
                result.reclaimAt = reclaimAtOf(*plan);
                return;
            }
        }
        throw StoreError(u"seat %1 of %2 changed inside its own unit"_s.arg(seatId, licenseId).toStdString());
    });
    return result;
}

SeatService::TicketResult SeatService::ticketHeartbeat(const QString &licenseId, const QString &ticketId,
                                                       const QString &actor)
{
    TicketResult result;
    m_store.withLicense(licenseId, [&] {
        result = TicketResult {};
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QDateTime now = m_clock.now();
        serveLine(*license, now, actor);
        const auto answer = m_line.renew(*license, ticketId, now, actor);
        using A = WaitingLine::TicketAnswer::Outcome;
        result.outcome = answer.outcome == A::Waiting ? TicketResult::Outcome::Waiting
            : answer.outcome == A::Granted            ? TicketResult::Outcome::Granted
                                                      : TicketResult::Outcome::Lost;
        result.ticket = answer.ticket;
        result.lease = answer.lease;
        result.lost = answer.lost;
    });
    return result;
}

SeatService::LeaveOutcome SeatService::leaveQueue(const QString &licenseId, const QString &ticketId,
                                                  const QString &actor)
{
    LeaveOutcome outcome = LeaveOutcome::LicenseNotFound;
    m_store.withLicense(licenseId, [&] {
        outcome = LeaveOutcome::LicenseNotFound;
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QDateTime now = m_clock.now();
        outcome = m_line.leave(licenseId, ticketId, now, actor) ? LeaveOutcome::Left : LeaveOutcome::NotInLine;
        // A seat held for it came back: the next waiter gets it now rather than at its heartbeat.
        if (outcome == LeaveOutcome::Left)
            serveLine(*license, now, actor);
    });
    return outcome;
}

std::optional<SeatService::RenewalPlan> SeatService::planRenewal(const QString &licenseId, const QString &seatId)
{
    return decideRenewal(licenseId, seatId, nullptr);
}

std::optional<SeatService::RenewalPlan> SeatService::decideRenewal(const QString &licenseId, const QString &seatId,
                                                                   RenewalRefusal *refusal)
{
    const auto license = m_store.license(licenseId);
    if (!license)
        return std::nullopt; // the refusal's default outcome
    const QDateTime now = m_clock.now();
    auto row = m_store.lease(licenseId, seatId);
    if (row && row->lease.borrowed && isLive(row->lease, now, license->policy.skew())) {
        if (refusal)
            *refusal = RenewalRefusal {HeartbeatResult::Outcome::SeatBorrowed, std::move(row), now};
        return std::nullopt;
    }
    // At or after validUntil a held seat is lost as an expired one is: no renewal can give it time.
    if (!row || !isLive(row->lease, now, license->policy.skew()) || decideValidity(license->validity, now)) {
        if (refusal)
            *refusal = RenewalRefusal {HeartbeatResult::Outcome::SeatLost, std::move(row), now};
        return std::nullopt;
    }
    return planFrom(*license, row, now);
}

std::optional<SeatService::RenewalPlan>
SeatService::planFrom(const LicenseRecord &license, const std::optional<StoredLease> &row, const QDateTime &now)
{
    // A borrowed seat is never renewed: heartbeat() says why.
    if (!row || row->lease.borrowed || !isLive(row->lease, now, license.policy.skew())
        || decideValidity(license.validity, now))
        return std::nullopt;
    RenewalPlan plan {row->lease, row->lease, license.policy.skew()};
    plan.reclaimMarkedAt = row->reclaimMarkedAt;
    plan.reclaimAt = row->reclaimAt;
    plan.previousActivity = row->lastActivityAt;
    plan.renewed.issuedAt = now;
    // Never earlier than the expiry already signed for this seat: a holder may act on the lease it
    // holds (rule 2 in docs/ARCHITECTURE.md), so a renewal must not take time back from it, even
    // after a restart on a wall clock that was set back or a lowered TTL.
    // The new part is capped at validUntil (a lease never outlives its license); the max keeps an
    // expiry already signed, even one past a validUntil set since.
    plan.renewed.expiresAt
        = std::max(row->lease.expiresAt, license.validity.capExpiry(now.addMSecs(license.policy.ttl().count())));
    return plan;
}

QList<std::optional<SeatService::RenewalPlan>>
SeatService::planRenewals(const QList<std::pair<QString, QString>> &seats)
{
    QHash<QString, std::optional<LicenseRecord>> licenses;
    for (const auto &seat : seats) {
        if (!licenses.contains(seat.first))
            licenses.insert(seat.first, m_store.license(seat.first));
    }
    const QList<std::optional<StoredLease>> rows = m_store.leasesOf(seats);
    const QDateTime now = m_clock.now();
    QList<std::optional<RenewalPlan>> plans;
    plans.reserve(seats.size());
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const auto &license = licenses.value(seats[i].first);
        plans.append(license ? planFrom(*license, rows[i], now) : std::nullopt);
    }
    return plans;
}

QList<bool> SeatService::completeRenewals(const QList<const RenewalPlan *> &plans)
{
    // completeRenewal() for many: "now" read with every license held, then one write for all.
    QList<bool> stored(plans.size(), false);
    const QDateTime now = m_clock.now();
    QList<LeaseRenewal> live;
    QList<qsizetype> index;
    for (qsizetype i = 0; i < plans.size(); ++i) {
        if (isLive(plans[i]->current, now, plans[i]->skew)) {
            live.append({plans[i]->current, plans[i]->renewed, lastActivityOf(*plans[i])});
            index.append(i);
        }
    }
    const QList<bool> written = m_store.renewLeasesIfUnchanged(live);
    for (qsizetype j = 0; j < index.size(); ++j) {
        if (!written[j])
            continue;
        const QString &licenseId = plans[index[j]]->current.licenseId;
        stored[index[j]] = true;
        noteActivity(*plans[index[j]]);
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Renewed);
        if (m_metrics)
            m_metrics->countRenewal(licenseId);
    }
    return stored;
}

QDateTime SeatService::lastActivityOf(const RenewalPlan &plan)
{
    // The heartbeat's arrival as the plan read the clock (its new issuedAt), minus the idle time
    // it told: never later than the renewal itself, and in the server's time whatever the
    // client's wall clock says.
    if (!plan.idle)
        return {};
    return plan.renewed.issuedAt.addMSecs(-std::max<qint64>(0, plan.idle->count()));
}

void SeatService::noteActivity(const RenewalPlan &plan)
{
    // Writes only at a change: the first activity a seat tells, and activity after an idle period
    // of at least usage::idleHistoryFloorMs (a few milliseconds of network jitter move the
    // computed last activity, never by that much).
    const QDateTime activity = lastActivityOf(plan);
    if (!activity.isValid())
        return;
    const SeatLease &lease = plan.current;
    if (!plan.previousActivity.isValid()) {
        m_store.noteActivityKnown(lease.licenseId, lease.seatId, plan.renewed.issuedAt.toMSecsSinceEpoch());
        return;
    }
    if (plan.previousActivity.msecsTo(activity) >= usage::idleHistoryFloorMs)
        m_store.noteIdleSpan(lease.licenseId, lease.seatId, lease.holder, plan.previousActivity.toMSecsSinceEpoch(),
                             activity.toMSecsSinceEpoch());
}

void SeatService::noteIdleUntil(LeaseStore &store, const StoredLease &row, const QDateTime &end)
{
    if (row.lastActivityAt.isValid() && end.isValid() && row.lastActivityAt.msecsTo(end) >= usage::idleHistoryFloorMs)
        store.noteIdleSpan(row.lease.licenseId, row.lease.seatId, row.lease.holder,
                           row.lastActivityAt.toMSecsSinceEpoch(), end.toMSecsSinceEpoch());
}

QDateTime SeatService::reclaimAtOf(const RenewalPlan &plan)
{
    return reclaimMarkStands(plan.reclaimMarkedAt, lastActivityOf(plan)) ? plan.reclaimAt : QDateTime();
}

void SeatService::signRenewal(RenewalPlan &plan) const
{
    plan.renewed = m_signer.signLease(plan.renewed);
}

bool SeatService::completeRenewal(const RenewalPlan &plan)
{
    const QString &licenseId = plan.current.licenseId;
    // Live now implies live at every earlier moment for the same expiry: no checkout since the
    // plan can have counted this seat as free. The store checks that the row is still the one
    // planned from. "Now" is read with the license held: with several servers on one database, a
    // checkout elsewhere may have counted the seat as free between a check outside and the write.
    bool stored = false;
    m_store.withLicense(licenseId, [&] {
        stored = false;
        if (!isLive(plan.current, m_clock.now(), plan.skew))
            return;
        stored = m_store.renewLeaseIfUnchanged(plan.current, plan.renewed, lastActivityOf(plan));
        if (stored)
            noteActivity(plan);
        if (stored && m_stats)
            m_stats->count(licenseId, StatsService::Counter::Renewed);
    });
    if (stored && m_metrics)
        m_metrics->countRenewal(licenseId);
    return stored;
}

SeatService::ReleaseOutcome SeatService::release(const QString &licenseId, const QString &seatId, const QString &actor)
{
    ReleaseOutcome outcome = ReleaseOutcome::LicenseNotFound;
    m_store.withLicense(licenseId, [&] {
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        const auto row = m_store.lease(licenseId, seatId);
        // The seat id is no secret: only the laptop's return secret gives a borrowed seat back.
        if (row && row->lease.borrowed && !row->returnSecretHash.isEmpty()) {
            outcome = ReleaseOutcome::SeatBorrowed;
            return;
        }
        if (!row || !m_store.deleteLease(licenseId, seatId)) {
            outcome = ReleaseOutcome::NotHeld;
            return;
        }
        if (row->lease.borrowed) { // a seat borrowed before return secrets, released, is returned
            returned(*license, *row, actor);
            outcome = ReleaseOutcome::Released;
            return;
        }
        const QDateTime now = m_clock.now();
        record(now, EventKind::Released, licenseId, seatId, row->lease.holder, actor,
               eventdetail::Released {row->lease.expiresAt}.toJson());
        noteIdleUntil(m_store, *row, std::min(now, row->lease.expiresAt.addMSecs(license->policy.skew().count())));
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Released);
        outcome = ReleaseOutcome::Released;
        const bool lineInUse = m_line.seatEnded(licenseId, seatId, queue::LeftBecause::GaveUp, now, actor);
        // The record as read above: a release changes nothing of it (only a grant does).
        LicenseRecord current = *license;
        if (lineInUse) {
            serveLine(current, now, actor);
        } else if (const CompiledSeatRules rules = rulesOf(licenseId); reclaimIdle(current, rules, now, actor) > 0) {
            // serveLine() on the line just read empty, without reading it again (one round trip
            // fewer per release on PostgreSQL): serve() would grant nothing, so idle reclaim
            // comes first, and the line once more if it took a seat.
            const int granted = m_line.serve(current, rules, now, actor, 0);
            if (granted > 0 && m_stats)
                m_stats->count(licenseId, StatsService::Counter::Granted, quint64(granted));
        }
    });
    return outcome;
}

SeatService::RevokeResult SeatService::revoke(const QString &licenseId, const QString &seatId, const QString &reason,
                                              seconds block, const QString &actor)
{
    RevokeResult result;
    m_store.withLicense(licenseId, [&] {
        const auto license = m_store.license(licenseId);
        if (!license)
            return;
        const auto row = m_store.lease(licenseId, seatId);
        if (!row) {
            result.outcome = RevokeResult::Outcome::SeatNotFound;
            return;
        }
        if (row->lease.borrowed) {
            // The laptop holds a signed lease it checks offline: deleting the row would free a
            // seat that is still in use, and the license would be over-granted until the borrow's
            // end. The seat stays counted until its expiry or its return.
            result.outcome = RevokeResult::Outcome::SeatBorrowed;
            result.borrowedUntil = row->lease.expiresAt;
            return;
        }
        const QDateTime now = m_clock.now();
        m_store.deleteLease(licenseId, seatId);
        if (block.count() > 0) {
            result.blockedUntil = now.addSecs(block.count());
            m_store.putBlock(HolderBlock {
                .holder = row->lease.holder, .until = *result.blockedUntil, .reason = reason, .licenseId = licenseId});
        }
        record(now, EventKind::Revoked, licenseId, seatId, row->lease.holder, actor,
               eventdetail::Revoked {reason, qint64(block.count()), result.blockedUntil.value_or(QDateTime()),
                                     row->lease.expiresAt}
                   .toJson());
        noteIdleUntil(m_store, *row, std::min(now, row->lease.expiresAt.addMSecs(license->policy.skew().count())));
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Revoked);
        result.outcome = RevokeResult::Outcome::Revoked;
        m_line.seatEnded(licenseId, seatId, queue::LeftBecause::Revoked, now, actor);
        if (auto current = m_store.license(licenseId))
            serveLine(*current, now, actor);
    });
    if (m_metrics && result.outcome == RevokeResult::Outcome::Revoked)
        m_metrics->countRevoke(licenseId);
    return result;
}

void SeatService::reclaim(LicenseRecord &license, int reclaimed, const QDateTime &now, const QString &actor,
                          int deadLimit)
{
    // Seats may have come back: the line gets them, and its dead tickets go, in chunks like the
    // rows.
    serveLine(license, now, actor, deadLimit);
    if (m_stats && reclaimed > 0)
        m_stats->count(license.id, StatsService::Counter::Reclaimed, quint64(reclaimed));
}

std::optional<LicenseRecord> SeatService::license(const QString &licenseId)
{
    return m_store.license(licenseId);
}

CompiledSeatRules SeatService::rulesOf(const QString &licenseId)
{
    return CompiledSeatRules(m_store.licenseRules(licenseId), m_store.holderGroups());
}

QList<LicenseState> SeatService::licenses()
{
    const QDateTime now = m_clock.now();
    const QHash<QString, int> denied = m_store.countEventsSince(denialKinds(), now.addSecs(-3600));
    const QHash<QString, int> waiting = m_store.waitingTicketCounts(now);
    QList<LicenseState> result;
    for (const LicenseRecord &license : m_store.licenses()) {
        result.append(LicenseState::of(m_store, license, m_store.leases(license.id), now, denied.value(license.id)));
        result.last().waiting = waiting.value(license.id);
    }
    return result;
}

std::optional<SeatService::LeaseListing> SeatService::leaseListing(const QString &licenseId)
{
    const auto license = m_store.license(licenseId);
    if (!license)
        return std::nullopt;
    const QDateTime now = m_clock.now();
    LeaseListing listing;
    listing.leases = m_store.leases(licenseId);
    std::sort(listing.leases.begin(), listing.leases.end(),
              [](const StoredLease &a, const StoredLease &b) { return a.lease.expiresAt < b.lease.expiresAt; });
    listing.license = LicenseState::of(m_store, *license, listing.leases, now,
                                       m_store.countEventsSince(denialKinds(), now.addSecs(-3600)).value(licenseId));
    for (const HolderBlock &block : m_store.blocks(licenseId)) {
        if (now < block.until)
            listing.blocks.append(block);
    }
    listing.queue = m_line.listing(licenseId, now);
    listing.license.waiting = int(std::count_if(listing.queue.cbegin(), listing.queue.cend(), [](const QueueTicket &t) {
        return t.state == QueueTicket::State::Waiting;
    }));
    listing.rules = m_store.licenseRules(licenseId);
    listing.groups = m_store.holderGroups();
    return listing;
}

QList<EventRecord> SeatService::events(const EventQuery &query)
{
    return m_store.events(query);
}

} // namespace keyright::server
