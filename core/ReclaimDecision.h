#pragma once

#include "SeatLease.h"
#include "SeatRules.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

class CompiledSeatRules;

// A seat as idle reclaim sees it: the lease, when its holder last did something, and the mark a
// previous decision left on it.
struct ReclaimSeat
{
    SeatLease lease;
    // The last activity the keeper reported; unset for a client that reports none (activity
    // unknown), which is never taken for idle.
    std::optional<QDateTime> lastActivity;
    // Set together while the seat is marked: when the mark was made, and when the seat goes.
    std::optional<QDateTime> markedAt;
    QDateTime reclaimAt;

    bool marked() const { return markedAt.has_value(); }

    friend bool operator==(const ReclaimSeat &, const ReclaimSeat &) = default;
};

// Someone who needs a seat: a ticket of the license's line (ticketId set, `since` its queuedAt),
// or, for a license whose line is not in use, a holder refused a seat (`since` the refusal).
struct ReclaimWaiter
{
    QString holder;
    QDateTime since;
    QString ticketId; // empty for a refusal

    friend bool operator==(const ReclaimWaiter &, const ReclaimWaiter &) = default;
};

// Everything the decision looks at, with the caller's "now": nothing in it reads a clock.
struct ReclaimState
{
    int seatCount = 0;
    QList<ReclaimSeat> seats; // rows that are not live under `skew` are left alone
    // True: `waiting` is the line, head first. False: `waiting` is the recent refusals, which
    // count for a seat only within its rule's warnMinutes (before the mark, once marked).
    bool lineInUse = true;
    QList<ReclaimWaiter> waiting;
    QDateTime now;
    std::chrono::milliseconds skew {0};
};

// One thing to do to one seat, with the numbers a person needs to read it: the dashboard's preview
// says "right now this would mark alice@ws-12, idle 74 min, for carol@ws-3, waiting 6 min" from
// these fields, in its own language.
struct ReclaimAction
{
    enum class Kind {
        Mark, // warn the holder: the seat goes at reclaimAt unless it is used before
        Keep, // already marked, still idle and still needed; now for `waiter`
        Cancel, // already marked, no longer to be taken (`reason`)
        Reclaim, // reclaimAt has passed, the holder stayed idle: the seat goes to `waiter` now
    };
    enum class Reason {
        None,
        Activity, // the holder did something after the mark (or its activity is no longer known)
        NobodyWaiting, // no one waiting may take the seat any more
        NoRule, // the license's rules no longer reclaim this holder's seat
    };

    Kind kind = Kind::Mark;
    Reason reason = Reason::None;
    QString seatId;
    QString holder;
    int idleMinutes = -1; // whole minutes since the last activity; -1 when unknown
    QDateTime reclaimAt; // Mark: now + warnMinutes; Keep, Cancel, Reclaim: the mark's
    // The waiter the seat is taken for (Mark, Keep, Reclaim): its holder, its ticket (empty for a
    // refusal) and how long it has waited, in whole minutes.
    QString waiter;
    QString waiterTicketId;
    int waitingMinutes = 0;

    friend bool operator==(const ReclaimAction &, const ReclaimAction &) = default;
};

// The idle reclaim rule (issue 26), pure like decideCheckout(). Marks are cancelled when the
// holder showed activity after the mark, when the rule no longer covers the holder, or when no
// waiter remains who may take the seat. A mark stands for the need of the first eligible waiter
// in line order; it is not tied to the waiter it was first made for. Then each waiter without a
// seat, in line order, is given one: a free seat if decideCheckout() grants one, else the idlest
// seat whose holder has been idle at least its rule's afterMinutes and which decideCheckout()
// would let the waiter take once its holder is gone (so a seat counted against a reservation
// goes only to a member of its group, and deny, allow and caps hold). Seats are given in turn,
// each waiter's decision counting the seats given before it, so no two marks promise the same
// room. A holder whose activity is unknown is never idle, and nothing is marked or reclaimed
// while nobody who needs the seat is waiting. The actions are in that order: marks that existed
// (Keep, Cancel, Reclaim), then new marks, each group idlest first.
QList<ReclaimAction> decideReclaim(const CompiledSeatRules &rules, const ReclaimState &state);

// What the reclaim rule would do right now, in one sentence's worth of data: the first action, or
// why there is none.
struct ReclaimPreview
{
    enum class Situation {
        NoRule, // the license does not reclaim idle seats
        NobodyIdle, // no holder has been idle long enough (activity unknown counts as active)
        NobodyWaiting, // idle holders, but no one waits
        NoEligibleSeat, // idle holders and waiters, but no waiter may take an idle holder's seat
        Acting, // `action` says what
    };

    Situation situation = Situation::NoRule;
    std::optional<ReclaimAction> action; // Acting: the first of decideReclaim()'s actions
    // NobodyWaiting, NoEligibleSeat: the idlest holder past its afterMinutes.
    QString idlestHolder;
    int idlestMinutes = -1;
    // Waiters no free seat serves (for refusals, those recent enough to count for some seat).
    int waiting = 0;

    friend bool operator==(const ReclaimPreview &, const ReclaimPreview &) = default;
};

ReclaimPreview previewReclaim(const CompiledSeatRules &rules, const ReclaimState &state);

// Whether a seat marked at `markedAt` (invalid: not marked) is still to be taken, its holder last
// active at `lastActivity` (invalid: unknown). Activity after the mark lifts it, and so does
// activity no longer known, as decideReclaim() cancels both at its next look; until then the
// listing, the ledger and a heartbeat's answer read the mark through this one test.
bool reclaimMarkStands(const QDateTime &markedAt, const QDateTime &lastActivity);

} // namespace keyright
