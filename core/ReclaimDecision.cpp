#include "ReclaimDecision.h"

#include "LeasePredicate.h"
#include "SeatDecision.h"

#include <QHash>

#include <algorithm>

namespace keyright {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 msPerMinute = 60 * 1000;

int wholeMinutes(const QDateTime &from, const QDateTime &to)
{
    return int(std::max<qint64>(0, from.msecsTo(to)) / msPerMinute);
}

// A seat that may be taken for a waiter: live, its holder's activity known, a rule covering it.
struct Candidate
{
    const ReclaimSeat *seat = nullptr;
    IdleReclaim rule;
    QString counting; // what its holder counts against: see countingOf()
    bool taken = false; // given to a waiter by this decision
};

// decideCheckout() sees the other seats only through how many count against each reservation
// (the counting order changes which seat, not how many) and how many each capped group holds. Two
// seats whose holders share a reservation and caps are the same to it, so a waiter's answer for
// one is its answer for the other: the decision asks once per kind of holder, not once per seat.
QString countingOf(const CompiledSeatRules &rules, const QString &holder)
{
    const std::optional<int> reservation = rules.reservationOf(holder);
    QString key = QString::number(reservation.value_or(-1));
    for (const int cap : rules.capsOf(holder))
        key += u',' + QString::number(cap);
    return key;
}

// Idlest first: the oldest last activity, then the seat id so the order never depends on the input's.
bool idlerThan(const Candidate &a, const Candidate &b)
{
    const QDateTime &x = *a.seat->lastActivity;
    const QDateTime &y = *b.seat->lastActivity;
    return x < y || (x == y && a.seat->lease.seatId < b.seat->lease.seatId);
}

struct Outcome
{
    QList<ReclaimAction> actions;
    int needing = 0; // waiters no free seat serves
    std::optional<Candidate> idlest; // the idlest unmarked seat past its afterMinutes
};

Outcome decide(const CompiledSeatRules &rules, const ReclaimState &state)
{
    Outcome out;
    const QDateTime &now = state.now;

    // The line in its order; refusals once per holder (the latest), earliest first.
    QList<ReclaimWaiter> waiters;
    if (state.lineInUse) {
        waiters = state.waiting;
    } else {
        for (const ReclaimWaiter &w : state.waiting) {
            const auto same = std::find_if(waiters.begin(), waiters.end(),
                                           [&](const ReclaimWaiter &o) { return o.holder == w.holder; });
            if (same == waiters.end())
                waiters.append(w);
            else if (same->since < w.since)
                *same = w;
        }
        std::stable_sort(waiters.begin(), waiters.end(),
                         [](const ReclaimWaiter &a, const ReclaimWaiter &b) { return a.since < b.since; });
    }

    // The live seats as they will be once what is decided here is carried out.
    QList<SeatLease> leases;
    quint64 generation = 0;
    QList<Candidate> marked;
    QList<Candidate> unmarked;
    for (const ReclaimSeat &seat : state.seats) {
        if (!isLive(seat.lease, now, state.skew))
            continue;
        leases.append(seat.lease);
        generation = std::max(generation, seat.lease.generation);
        const std::optional<IdleReclaim> rule = rules.reclaimRuleOf(seat.lease.holder);
        if (seat.marked()) {
            ReclaimAction cancel;
            cancel.kind = ReclaimAction::Kind::Cancel;
            cancel.seatId = seat.lease.seatId;
            cancel.holder = seat.lease.holder;
            cancel.idleMinutes = seat.lastActivity ? wholeMinutes(*seat.lastActivity, now) : -1;
            cancel.reclaimAt = seat.reclaimAt;
            if (!rule) {
                cancel.reason = ReclaimAction::Reason::NoRule;
                out.actions.append(cancel);
            } else if (!seat.lastActivity || *seat.lastActivity > *seat.markedAt) {
                cancel.reason = ReclaimAction::Reason::Activity;
                out.actions.append(cancel);
            } else {
                marked.append(Candidate {&seat, *rule, countingOf(rules, seat.lease.holder)});
            }
        } else if (rule && seat.lastActivity && seat.lastActivity->msecsTo(now) >= rule->afterMinutes * msPerMinute) {
            unmarked.append(Candidate {&seat, *rule, countingOf(rules, seat.lease.holder)});
        }
    }
    std::sort(marked.begin(), marked.end(), idlerThan);
    std::sort(unmarked.begin(), unmarked.end(), idlerThan);
    if (!unmarked.isEmpty())
        out.idlest = unmarked.first();

    const auto withoutSeat = [&](const QString &seatId) {
        QList<SeatLease> rest = leases;
        rest.removeIf([&](const SeatLease &l) { return l.seatId == seatId; });
        return rest;
    };
    // The waiter's answers so far, by the counting of the seat taken (reset for each waiter).
    QHash<QString, bool> answers;
    const auto admits = [&](const ReclaimWaiter &waiter, const Candidate &c) {
        const ReclaimSeat &seat = *c.seat;
        if (c.taken || seat.lease.holder == waiter.holder)
            return false;
        // A refusal shows a need only for as long as the rule warns, counted from the mark.
        if (!state.lineInUse && waiter.since < (seat.markedAt ? *seat.markedAt : now).addSecs(-60 * c.rule.warnMinutes))
            return false;
        const auto known = answers.constFind(c.counting);
        if (known != answers.constEnd())
            return *known;
        const bool granted
            = decideCheckout(state.seatCount, rules, withoutSeat(seat.lease.seatId), waiter.holder, now, state.skew)
                  .granted();
        answers.insert(c.counting, granted);
        return granted;
    };
    // The waiter takes `c`'s seat, or a free one without `c`.
    const auto give = [&](const ReclaimWaiter &waiter, Candidate *c) {
        if (c) {
            c->taken = true;
            leases = withoutSeat(c->seat->lease.seatId);
        }
        SeatLease lease;
        lease.seatId = u"waiter:%1"_s.arg(generation + 1);
        lease.holder = waiter.holder;
        lease.generation = ++generation;
        lease.issuedAt = now;
        lease.expiresAt = now.addDays(1);
        leases.append(lease);
    };
    const auto action = [&](ReclaimAction::Kind kind, const Candidate &c, const ReclaimWaiter &waiter) {
        ReclaimAction a;
        a.kind = kind;
        a.seatId = c.seat->lease.seatId;
        a.holder = c.seat->lease.holder;
        a.idleMinutes = wholeMinutes(*c.seat->lastActivity, now);
        a.reclaimAt = c.seat->marked() ? c.seat->reclaimAt : now.addSecs(60 * c.rule.warnMinutes);
        a.waiter = waiter.holder;
        a.waiterTicketId = waiter.ticketId;
        a.waitingMinutes = wholeMinutes(waiter.since, now);
        return a;
    };

    // A refusal older than every window it could count in is no need at all.
    QDateTime oldestWindow = now;
    int longestWarning = 0;
    for (const IdleReclaim &rule : rules.rules().reclaimIdle)
        longestWarning = std::max(longestWarning, rule.warnMinutes);
    for (const Candidate &c : std::as_const(marked))
        oldestWindow = std::min(oldestWindow, *c.seat->markedAt);
    oldestWindow = oldestWindow.addSecs(-60 * longestWarning);

    QList<ReclaimAction> kept;
    QList<ReclaimAction> added;
    for (const ReclaimWaiter &waiter : std::as_const(waiters)) {
        if (!state.lineInUse && waiter.since < oldestWindow)
            continue;
        if (decideCheckout(state.seatCount, rules, leases, waiter.holder, now, state.skew).granted()) {
            give(waiter, nullptr); // a free seat serves it: nobody's seat is needed
            continue;
        }
        ++out.needing;
        answers.clear();
        // A seat already marked first (its holder has been warned), then the idlest of the others.
        auto it = std::find_if(marked.begin(), marked.end(), [&](const Candidate &c) { return admits(waiter, c); });
        if (it != marked.end()) {
            const bool due = it->seat->reclaimAt <= now;
            kept.append(action(due ? ReclaimAction::Kind::Reclaim : ReclaimAction::Kind::Keep, *it, waiter));
            give(waiter, &*it);
            continue;
        }
        it = std::find_if(unmarked.begin(), unmarked.end(), [&](const Candidate &c) { return admits(waiter, c); });
        if (it != unmarked.end()) {
            added.append(action(ReclaimAction::Kind::Mark, *it, waiter));
            give(waiter, &*it);
        }
    }
    for (const Candidate &c : std::as_const(marked)) {
        if (c.taken)
            continue;
        ReclaimAction cancel;
        cancel.kind = ReclaimAction::Kind::Cancel;
        cancel.reason = ReclaimAction::Reason::NobodyWaiting;
        cancel.seatId = c.seat->lease.seatId;
        cancel.holder = c.seat->lease.holder;
        cancel.idleMinutes = wholeMinutes(*c.seat->lastActivity, now);
        cancel.reclaimAt = c.seat->reclaimAt;
        kept.append(cancel);
    }
    // Existing marks idlest first, whatever became of them, then the new marks idlest first.
    const auto byIdle = [](const ReclaimAction &a, const ReclaimAction &b) {
        return a.idleMinutes > b.idleMinutes || (a.idleMinutes == b.idleMinutes && a.seatId < b.seatId);
    };
    out.actions += kept;
    std::stable_sort(out.actions.begin(), out.actions.end(), byIdle);
    std::stable_sort(added.begin(), added.end(), byIdle);
    out.actions += added;
    return out;
}

} // namespace

QList<ReclaimAction> decideReclaim(const CompiledSeatRules &rules, const ReclaimState &state)
{
    return decide(rules, state).actions;
}

ReclaimPreview previewReclaim(const CompiledSeatRules &rules, const ReclaimState &state)
{
    const Outcome out = decide(rules, state);
    ReclaimPreview preview;
    preview.waiting = out.needing;
    if (out.idlest) {
        preview.idlestHolder = out.idlest->seat->lease.holder;
        preview.idlestMinutes = wholeMinutes(*out.idlest->seat->lastActivity, state.now);
    }
    if (!out.actions.isEmpty()) {
        preview.situation = ReclaimPreview::Situation::Acting;
        preview.action = out.actions.first();
    } else if (rules.rules().reclaimIdle.isEmpty()) {
        preview.situation = ReclaimPreview::Situation::NoRule;
    } else if (!out.idlest) {
        preview.situation = ReclaimPreview::Situation::NobodyIdle;
    } else if (out.needing == 0) {
        preview.situation = ReclaimPreview::Situation::NobodyWaiting;
    } else {
        preview.situation = ReclaimPreview::Situation::NoEligibleSeat;
    }
    return preview;
}

bool reclaimMarkStands(const QDateTime &markedAt, const QDateTime &lastActivity)
{
    return markedAt.isValid() && lastActivity.isValid() && lastActivity <= markedAt;
}

} // namespace keyright
