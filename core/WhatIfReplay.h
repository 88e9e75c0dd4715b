#pragma once

#include "SeatRules.h"
#include "UsageHistory.h"

#include <QList>
#include <QString>
#include <QtGlobal>

// What-if replay (issue 25): "with k seats and these rules, what would have happened?". The
// recorded demand of a range is played again against k seats, the license's rules and its waiting
// line, deciding every checkout with decideCheckout() and serving the line as the server does.
namespace keyright::usage {

// One more ask of the same demand, after the earlier ones ended without a seat (the holder came
// back: a retry, or a wait in the line).
struct Ask
{
    qint64 atMs = 0; // when it asks (never before the earlier ask ended)
    qint64 maxWaitMs = 0; // 0: does not wait
    qint64 holdMs = 0; // how long it holds the seat once granted
    bool blocked = false; // an admin's block refuses it, whatever the seats
    qint64 untilMs = 0; // > 0: the seat, whenever granted, is held until then (not for holdMs)
    bool runsOut = false; // the seat ends by running out, not given back (see Attempt)
    qint64 servedAtMs = 0; // > 0: the server served its line then (see Attempt)

    friend bool operator==(const Ask &, const Ask &) = default;
};

// One need for a seat. It asks at timeMs; when that ends without a seat it asks again as `retries`
// say, in order, until one gets a seat or none is left.
struct Attempt
{
    qint64 timeMs = 0;
    QString holder;
    qint64 holdMs = 0; // held from the grant, if this first ask gets one
    qint64 maxWaitMs = 0; // 0: does not wait
    bool blocked = false; // refused by an admin's block: refused whatever k
    QList<Ask> retries;
    qint64 untilMs = 0; // > 0: the seat, whenever this first ask gets it, is held until then
    // The seat, once granted, ends by running out (its client stopped) rather than given back: the
    // server serves its line with it only at the next request it handles, not when it ran out.
    bool runsOut = false;
    // > 0: a moment the server handled a request and served its line (when the line really gave
    // this ask its seat). Not an ask of its own.
    qint64 servedAtMs = 0;

    friend bool operator==(const Attempt &, const Attempt &) = default;
};

// The demand of [fromMs, toMs), in time order. The choices:
// - A seat granted at once is an ask that does not wait (we cannot know whether it would have),
//   holding its real span (an open span holds to toMs).
// - A ticket served by the line asks when it was queued (a seat belongs to the range its ask is
//   in) and holds the seat, whenever it gets it, until its real span ended: the server serves its
//   line at the waiter's next request, a little after the seat freed, and a person leaves when
//   they leave. It waits as long as it really did, and at least the true-denial window: it was
//   still willing when served, and the window is how long we assume a person keeps wanting a seat.
// - A ticket that gave up waits exactly as long as it really did.
// - A seat that ran out (its client stopped; SeatSpan::ranOut) runs out in the replay too: the
//   line gets it at the next request, not when it ran out. The moments the line really served a
//   ticket are such requests (servedAtMs); the others the replay knows are the asks. A request
//   the server handled without an event served nobody, at the own seat count as in the replay.
// - A refusal, or a ticket that gave up, followed within the true-denial window (from the refusal,
//   or from giving up) by a seat for the same holder asked for after it, is one demand with that
//   seat: it asks at the refusal's time, holding until the later seat's span ends, and asks again
//   as it really did (the later refusals of the chain, then the ask that got the seat). More seats
//   then grant it once, not twice; the real seat count refuses it as it really was.
// - Any other refusal or gave-up ticket is a true denial: it holds for the median hold (the lower
//   middle) of that holder's seats granted in the range, else of the license's, else one hour.
//   Such asks of one holder that follow one another, each within the window after the previous
//   one ended, are one demand asking again as it really did: someone who keeps trying needs one
//   seat, not one per try.
// - Only asks in the range start a demand; a seat whose chain began before fromMs is a demand of
//   its own. A refusal with reason "holder_blocked" is blocked.
// - A seat asked for before fromMs and still held in the range is a demand at fromMs (or at its
//   grant, if the line gave it later), held until it really ended: a range that starts while
//   seats are in use replays with them in use, so the own seat count refuses what really was
//   refused. It counts among the range's demands.
QList<Attempt> demandOf(const LicenseActivity &activity, qint64 fromMs, qint64 toMs);

// What a replay at `seats` seats gives.
struct WhatIfRow
{
    int seats = 0;
    int attempts = 0; // demands
    int granted = 0; // demands that got a seat (at once, from the line, or on a retry)
    int waited = 0; // demands that went into the line at least once
    int refused = 0; // asks refused when made, as the server records refusals
    int gaveUp = 0; // tickets that left the line without a seat
    int trueDenials = 0; // refusals whose holder got no seat within the window after
    qint64 medianWaitMs = 0; // over every ticket, served or not (the lower middle); 0 without any
    qint64 longestWaitMs = 0;

    friend bool operator==(const WhatIfRow &, const WhatIfRow &) = default;
};

// Plays `demand` (in time order) at `seats` seats. At one instant: seats that end free first, then
// the line is served (the earliest ticket decideCheckout() admits first; tickets it does not admit
// are passed over) if a seat was given back or, a seat having run out, at a request (an ask, or a
// moment the server served its line), then the asks of that instant in demand order are decided
// (a newcomer refused for want of a seat, or capped, joins the line if it waits; one the lists
// keep out is refused), then tickets past their wait give up (a ticket may still be served at its
// last instant).
// O(n log n) with memory linear in the demand: decideCheckout() answers each situation (the
// asker's class, the caps reached, room in its reservation, a shared seat free) once, on lease
// rows that weigh as the live ones do, and the answer is reused (see the .cpp). A seat is held at
// least 1 ms. `seats` below the rules' reservations gives what decideCheckout() gives.
WhatIfRow replay(const QList<Attempt> &demand, int seats, const CompiledSeatRules &rules, qint64 trueDenialWindowMs);

// The same replay written down as the server records what happens: each seat granted (with the
// reservation it came from), each ticket of the line, each refusal (with its denial code) and
// each grant; no seat count or reservations (the caller's). What the demo history is made of, so
// that its what-if at the license's own seat count gives back what it shows.
LicenseActivity record(const QList<Attempt> &demand, int seats, const CompiledSeatRules &rules,
                       qint64 trueDenialWindowMs);

// Rows from `peak` seats down to the first count that refuses (or lets a ticket give up) more than
// the peak does, and two more below it, never below one seat nor below the seats the rules
// reserve. Blocked holders and those the lists keep out are refused at any count, so they do not
// count as the seats running out.
QList<WhatIfRow> whatIf(const QList<Attempt> &demand, const CompiledSeatRules &rules, int peak, qint64 windowMs);

} // namespace keyright::usage
