#pragma once

#include "SeatLease.h"
#include "SeatRules.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>

namespace keyright {

class CompiledSeatRules;

// How a license's seats are used at one instant, under its rules: the numbers the dashboard's
// seat bar shows and every denial quotes.
struct SeatUsage
{
    struct Reservation
    {
        QString group;
        int seats = 0; // reserved
        int used = 0; // live seats of members counted against it; seats - used are idle

        friend bool operator==(const Reservation &, const Reservation &) = default;
    };
    int seatCount = 0;
    int inUse = 0; // live leases
    QList<Reservation> reservations; // in the order of the rules
    int sharedSeats = 0; // seatCount minus every reservation
    int sharedUsed = 0; // live leases counted against the shared seats

    int reservedIdle() const;
    // The groups whose reserved seats are not all used, in the order of the rules: the ones a
    // denial names when the seats left are reserved for others.
    QStringList groupsWithIdleSeats() const;
    int free() const { return sharedSeats - sharedUsed; } // what anyone admitted may take

    friend bool operator==(const SeatUsage &, const SeatUsage &) = default;
};

// The answer to "may this holder take a seat now?". Granted, or the one reason it is not, with the
// numbers a person needs to understand it.
struct SeatDecision
{
    enum class Outcome {
        Granted,
        HolderDenied, // a deny entry matched: `entry`
        HolderNotAllowed, // allow is set and nothing in it matched
        GroupCapReached, // `group` holds `groupHeld` of its `cap`
        NoSeatsAvailable, // every seat is in use, or reserved for groups the holder is not in
    };

    Outcome outcome = Outcome::NoSeatsAvailable;
    QString entry; // HolderDenied: the deny entry
    QString group; // GroupCapReached: the capped group; Granted: the reservation, empty if shared
    int cap = 0;
    int groupHeld = 0;
    SeatUsage usage; // before the decision
    // NoSeatsAvailable: the idle reserved seats the holder may not take (usage has them by group).
    int reservedForOthers = 0;

    bool granted() const { return outcome == Outcome::Granted; }

    friend bool operator==(const SeatDecision &, const SeatDecision &) = default;
};

// The rule that decides a checkout, pure and on the caller's "now" like isLive(): given a
// license's seat count, its compiled rules, its lease rows (live or not: isLive() with `skew`
// picks the live ones) and the holder asking, grant or deny with the reason. The server's checkout
// calls it inside the license's serialized step; the dashboard explains past denials with it.
SeatDecision decideCheckout(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases,
                            const QString &holder, const QDateTime &now, std::chrono::milliseconds skew);

// Whether decideCheckout() under `rules` needs nothing of the leases but how many are live: no
// reservation (which counts seats per group) and no cap (which counts a group's seats). Deny and
// allow lists read only the holder asking.
bool decidesOnCount(const CompiledSeatRules &rules);
// decideCheckout() for rules that decidesOnCount(), on the number of live leases alone: the same
// answer, field for field, without reading the rows (a license of thousands of seats decides a
// checkout on one COUNT instead of loading them all).
SeatDecision decideCheckoutOnCount(int seatCount, const CompiledSeatRules &rules, int liveSeats, const QString &holder);

// The usage of the seats (live leases only), and which reservation each live lease counts
// against: leases are counted in the order of their generation (oldest seat first), each against
// its reservation while it has room, else the shared seats.
SeatUsage seatUsage(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QDateTime &now,
                    std::chrono::milliseconds skew);
// The same, also giving for each live lease (by seat id) the reservation group it counts against:
// empty for the shared seats.
SeatUsage seatUsage(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QDateTime &now,
                    std::chrono::milliseconds skew, QHash<QString, QString> *countedAgainst);
// The reservation group a live lease counts against under seatUsage()'s counting; empty for the
// shared seats or a lease that is not live.
QString reservationCountedAgainst(const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QString &seatId,
                                  const QDateTime &now, std::chrono::milliseconds skew);

// A license's borrowing policy (issue 27): whether a seat may be taken offline, for how many whole
// days at most, how many seats may be borrowed at once, how many always stay on site for ordinary
// checkouts (the low-water mark: at most seatCount - keepOnSite seats are ever borrowed), and
// which groups may borrow (empty: anyone the seat rules admit).
struct BorrowPolicy
{
    static constexpr int maxDaysLimit = 365;
    // What a client offers when borrowing is switched on and no number was given (the license
    // dialog, `keyright license create --borrow`): a week, one seat at a time.
    static constexpr int defaultMaxDays = 7;
    static constexpr int defaultMaxBorrowed = 1;

    bool allowed = false;
    int maxDays = 0;
    int maxBorrowed = 0;
    int keepOnSite = 0;
    QStringList groups;

    friend bool operator==(const BorrowPolicy &, const BorrowPolicy &) = default;
};

// The answer to "may this holder borrow a seat for `days` days now?": the borrowing policy's own
// refusals first, then the seat rules' decideCheckout() as for any checkout.
struct BorrowDecision
{
    enum class Outcome {
        Granted,
        NotAllowed, // the license's policy does not allow borrowing
        TooLong, // days > policy.maxDays
        GroupNotAllowed, // policy.groups is set and the holder is in none of them
        LimitReached, // `borrowed` live borrowed seats already, policy.maxBorrowed at most
        KeepOnSite, // one more would leave fewer than policy.keepOnSite seats on site
        SeatDenied, // decideCheckout() refused: `seat` says why
    };

    Outcome outcome = Outcome::NotAllowed;
    BorrowPolicy policy;
    int days = 0;
    int seatCount = 0;
    int borrowed = 0; // live borrowed seats before the decision
    int inUse = 0; // live seats, borrowed or not, before the decision (a refusal's numbers say it)
    SeatDecision seat; // SeatDenied and Granted: decideCheckout()'s answer

    bool granted() const { return outcome == Outcome::Granted; }
    // The most seats that may be borrowed at once: maxBorrowed, and the seats above keepOnSite.
    int borrowable() const;

    friend bool operator==(const BorrowDecision &, const BorrowDecision &) = default;
};

// The rule that decides a borrow, pure like decideCheckout() and on the same rows: the borrowed
// ones (SeatLease::borrowed) count against the policy while live (isLive() with `skew`), so a
// borrow that ran out stops counting by itself, as any lease does.
BorrowDecision decideBorrow(int seatCount, const BorrowPolicy &policy, const CompiledSeatRules &rules,
                            const QList<SeatLease> &leases, const QString &holder, int days, const QDateTime &now,
                            std::chrono::milliseconds skew);

} // namespace keyright
