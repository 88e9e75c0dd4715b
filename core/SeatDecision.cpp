#include "SeatDecision.h"

#include "LeasePredicate.h"

#include <algorithm>

namespace keyright {

namespace {

// The live leases, oldest seat first: the order seatUsage() counts them in.
QList<const SeatLease *> liveByGeneration(const QList<SeatLease> &leases, const QDateTime &now,
                                          std::chrono::milliseconds skew)
{
    QList<const SeatLease *> live;
    live.reserve(leases.size());
    for (const SeatLease &lease : leases) {
        if (isLive(lease, now, skew))
            live.append(&lease);
    }
    std::sort(live.begin(), live.end(), [](const SeatLease *a, const SeatLease *b) {
        return a->generation < b->generation || (a->generation == b->generation && a->seatId < b->seatId);
    });
    return live;
}

// Counts the live leases into `usage`; calls `counted(lease, reservation index or -1)` for each.
template <typename Counted>
void count(SeatUsage &usage, const CompiledSeatRules &rules, const QList<const SeatLease *> &live, Counted counted)
{
    for (const SeatLease *lease : live) {
        const std::optional<int> r = rules.reservationOf(lease->holder);
        if (r && usage.reservations[*r].used < usage.reservations[*r].seats) {
            ++usage.reservations[*r].used;
            counted(*lease, *r);
        } else {
            ++usage.sharedUsed;
            counted(*lease, -1);
        }
    }
}

SeatUsage emptyUsage(int seatCount, const CompiledSeatRules &rules, int inUse)
{
    SeatUsage usage;
    usage.seatCount = seatCount;
    usage.inUse = inUse;
    for (const GroupSeats &r : rules.rules().reserve)
        usage.reservations.append(SeatUsage::Reservation {r.group, r.seats, 0});
    usage.sharedSeats = std::max(0, seatCount - rules.rules().reservedSeats());
    return usage;
}

} // namespace

int SeatUsage::reservedIdle() const
{
    int idle = 0;
    for (const Reservation &r : reservations)
        idle += r.seats - r.used;
    return idle;
}

QStringList SeatUsage::groupsWithIdleSeats() const
{
    QStringList groups;
    for (const Reservation &r : reservations) {
        if (r.seats > r.used)
            groups.append(r.group);
    }
    return groups;
}

SeatUsage seatUsage(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QDateTime &now,
                    std::chrono::milliseconds skew)
{
    const QList<const SeatLease *> live = liveByGeneration(leases, now, skew);
    SeatUsage usage = emptyUsage(seatCount, rules, int(live.size()));
    count(usage, rules, live, [](const SeatLease &, int) {});
    return usage;
}

SeatUsage seatUsage(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QDateTime &now,
                    std::chrono::milliseconds skew, QHash<QString, QString> *countedAgainst)
{
    const QList<const SeatLease *> live = liveByGeneration(leases, now, skew);
    SeatUsage usage = emptyUsage(seatCount, rules, int(live.size()));
    count(usage, rules, live, [&](const SeatLease &lease, int r) {
        countedAgainst->insert(lease.seatId, r >= 0 ? usage.reservations.at(r).group : QString());
    });
    return usage;
}

QString reservationCountedAgainst(const CompiledSeatRules &rules, const QList<SeatLease> &leases, const QString &seatId,
                                  const QDateTime &now, std::chrono::milliseconds skew)
{
    const QList<const SeatLease *> live = liveByGeneration(leases, now, skew);
    SeatUsage usage = emptyUsage(0, rules, int(live.size()));
    QString group;
    count(usage, rules, live, [&](const SeatLease &lease, int r) {
        if (lease.seatId == seatId && r >= 0)
            group = usage.reservations.at(r).group;
    });
    return group;
}

namespace {

// What decideCheckout() and decideCheckoutOnCount() share once the usage is counted: the lists,
// the caps (`heldBy(group)`: the group's live seats), the holder's reservation, the shared seats.
template <typename HeldBy>
SeatDecision decideOnUsage(SeatUsage usage, const CompiledSeatRules &rules, const QString &holder, HeldBy heldBy)
{
    SeatDecision decision;
    decision.usage = std::move(usage);
    if (const std::optional<QString> entry = rules.denyingEntry(holder)) {
        decision.outcome = SeatDecision::Outcome::HolderDenied;
        decision.entry = *entry;
        return decision;
    }
    const std::optional<int> reservation = rules.reservationOf(holder);
    if (!reservation && !rules.allowListAdmits(holder)) {
        decision.outcome = SeatDecision::Outcome::HolderNotAllowed;
        return decision;
    }
    for (const int cap : rules.capsOf(holder)) {
        const GroupSeats &limit = rules.rules().max.at(cap);
        const int held = heldBy(limit.group);
        if (held + 1 > limit.seats) {
            decision.outcome = SeatDecision::Outcome::GroupCapReached;
            decision.group = limit.group;
            decision.cap = limit.seats;
            decision.groupHeld = held;
            return decision;
        }
    }
    if (reservation) {
        const SeatUsage::Reservation &own = decision.usage.reservations.at(*reservation);
        if (own.used < own.seats) {
            decision.outcome = SeatDecision::Outcome::Granted;
            decision.group = own.group;
            return decision;
        }
    }
    if (decision.usage.free() > 0) {
        decision.outcome = SeatDecision::Outcome::Granted;
        return decision;
    }
    decision.outcome = SeatDecision::Outcome::NoSeatsAvailable;
    // The holder's own reservation, if any, is full here: every idle reserved seat is someone else's.
    decision.reservedForOthers = decision.usage.reservedIdle();
    return decision;
}

} // namespace

SeatDecision decideCheckout(int seatCount, const CompiledSeatRules &rules, const QList<SeatLease> &leases,
                            const QString &holder, const QDateTime &now, std::chrono::milliseconds skew)
{
    const QList<const SeatLease *> live = liveByGeneration(leases, now, skew);
    SeatUsage usage = emptyUsage(seatCount, rules, int(live.size()));
    count(usage, rules, live, [](const SeatLease &, int) {});
    return decideOnUsage(std::move(usage), rules, holder, [&](const QString &group) {
        return int(std::count_if(live.cbegin(), live.cend(),
                                 [&](const SeatLease *lease) { return rules.inGroup(lease->holder, group); }));
    });
}

bool decidesOnCount(const CompiledSeatRules &rules)
{
    return rules.rules().reserve.isEmpty() && rules.rules().max.isEmpty();
}

SeatDecision decideCheckoutOnCount(int seatCount, const CompiledSeatRules &rules, int liveSeats, const QString &holder)
{
    Q_ASSERT(decidesOnCount(rules));
    // Without reservations every live seat counts against the shared seats, and without caps no
    // group's seats are ever counted: the number of live seats is all decideCheckout() reads.
    SeatUsage usage = emptyUsage(seatCount, rules, liveSeats);
    usage.sharedUsed = liveSeats;
    return decideOnUsage(std::move(usage), rules, holder, [](const QString &) { return 0; });
}

int BorrowDecision::borrowable() const
{
    return std::max(0, std::min(policy.maxBorrowed, seatCount - policy.keepOnSite));
}

BorrowDecision decideBorrow(int seatCount, const BorrowPolicy &policy, const CompiledSeatRules &rules,
                            const QList<SeatLease> &leases, const QString &holder, int days, const QDateTime &now,
                            std::chrono::milliseconds skew)
{
    BorrowDecision decision;
    decision.policy = policy;
    decision.days = days;
    decision.seatCount = seatCount;
    for (const SeatLease &lease : leases) {
        if (!isLive(lease, now, skew))
            continue;
        ++decision.inUse;
        if (lease.borrowed)
            ++decision.borrowed;
    }
    using O = BorrowDecision::Outcome;
    if (!policy.allowed) {
        decision.outcome = O::NotAllowed;
        return decision;
    }
    if (days > policy.maxDays) {
        decision.outcome = O::TooLong;
        return decision;
    }
    if (!policy.groups.isEmpty()
        && std::none_of(policy.groups.cbegin(), policy.groups.cend(),
                        [&](const QString &group) { return rules.inGroup(holder, group); })) {
        decision.outcome = O::GroupNotAllowed;
        return decision;
    }
    if (decision.borrowed + 1 > policy.maxBorrowed) {
        decision.outcome = O::LimitReached;
        return decision;
    }
    if (decision.borrowed + 1 > seatCount - policy.keepOnSite) {
        decision.outcome = O::KeepOnSite;
        return decision;
    }
    decision.seat = decideCheckout(seatCount, rules, leases, holder, now, skew);
    decision.outcome = decision.seat.granted() ? O::Granted : O::SeatDenied;
    return decision;
}

} // namespace keyright
