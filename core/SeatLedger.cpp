#include "SeatLedger.h"

#include "LeasePredicate.h"
#include "SeatDecision.h"
#include "SeatRules.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>

namespace keyright {

namespace {

using Category = SeatLedger::Category;

constexpr std::array allCategories {
    Category::InUse,    Category::ActivityUnknown, Category::Idle, Category::SecondSeat, Category::Borrowed,
    Category::Expiring, Category::ReservedIdle,    Category::Free, Category::OverCount,  Category::Expired};

// Whether the category's seats are part of the seat count as held seats.
bool holdsSeats(Category category)
{
    return category != Category::ReservedIdle && category != Category::Free && category != Category::OverCount
        && category != Category::Expired;
}

} // namespace

QString holderPerson(const QString &holder)
{
    const qsizetype at = holder.indexOf(u'@');
    return at < 0 ? holder : holder.left(at);
}

int SeatLedger::accounted() const
{
    int seats = 0;
    for (const Line &line : lines) {
        if (line.category == Category::OverCount)
            seats -= line.seats;
        else if (line.category != Category::Expired)
            seats += line.seats;
    }
    return seats;
}

const SeatLedger::Line *SeatLedger::line(Category category, const QString &group) const
{
    for (const Line &line : lines) {
        if (line.category == category && line.group == group)
            return &line;
    }
    return nullptr;
}

SeatLedger accountSeats(const CompiledSeatRules &rules, const LedgerInput &input)
{
    SeatLedger ledger;
    ledger.seatCount = input.seatCount;

    QList<SeatLease> leases;
    leases.reserve(input.seats.size());
    for (const LedgerSeat &seat : input.seats)
        leases.append(seat.lease);
    QHash<QString, QString> countedAgainst;
    const SeatUsage usage = seatUsage(input.seatCount, rules, leases, input.now, input.skew, &countedAgainst);

    // The held seats, oldest first: a person's first seat is the one they had before.
    QList<const LedgerSeat *> live;
    QList<const LedgerSeat *> expired;
    for (const LedgerSeat &seat : input.seats)
        (isLive(seat.lease, input.now, input.skew) ? live : expired).append(&seat);
    std::sort(live.begin(), live.end(), [](const LedgerSeat *a, const LedgerSeat *b) {
        return a->lease.generation < b->lease.generation
            || (a->lease.generation == b->lease.generation && a->lease.seatId < b->lease.seatId);
    });

    std::array<QList<SeatLedger::Holding>, allCategories.size()> byCategory;
    const auto held = [&](Category category) -> QList<SeatLedger::Holding> & { return byCategory[size_t(category)]; };
    QSet<QString> persons;
    const qint64 idleAfterMs = std::chrono::milliseconds(input.idleAfter).count();
    for (const LedgerSeat *seat : std::as_const(live)) {
        const SeatLease &lease = seat->lease;
        SeatLedger::Holding holding {lease.seatId, lease.holder, countedAgainst.value(lease.seatId), {}};
        const QString person = holderPerson(lease.holder);
        Category category = Category::InUse;
        if (input.now > lease.expiresAt) {
            category = Category::Expiring;
            holding.since = lease.expiresAt;
        } else if (lease.borrowed) {
            // A laptop away with its signed lease: accounted for as borrowed until it comes back or
            // expires, and not the person's on-site seat (their seat at the desk is not a second one).
            category = Category::Borrowed;
            holding.since = lease.expiresAt;
            holding.writeOff = seat->writeOff;
            held(category).append(holding);
            continue;
        } else if (persons.contains(person)) {
            category = Category::SecondSeat;
        } else if (!seat->lastActivity) {
            category = Category::ActivityUnknown;
        } else {
            holding.since = *seat->lastActivity;
            if (seat->lastActivity->msecsTo(input.now) > idleAfterMs) {
                category = Category::Idle;
                holding.reclaimAt = seat->reclaimAt;
            }
        }
        persons.insert(person);
        held(category).append(holding);
    }
    for (const LedgerSeat *seat : std::as_const(expired)) {
        held(Category::Expired)
            .append(SeatLedger::Holding {seat->lease.seatId, seat->lease.holder, {}, seat->lease.expiresAt});
    }
    const auto bySince = [](const SeatLedger::Holding &a, const SeatLedger::Holding &b) {
        return a.since < b.since || (a.since == b.since && a.seatId < b.seatId);
    };
    for (Category category : {Category::Idle, Category::Borrowed, Category::Expiring, Category::Expired})
        std::sort(held(category).begin(), held(category).end(), bySince);

    for (Category category : allCategories) {
        if (holdsSeats(category) || category == Category::Expired) {
            const QList<SeatLedger::Holding> &holdings = held(category);
            if (!holdings.isEmpty())
                ledger.lines.append({category, category == Category::Expired ? 0 : int(holdings.size()), {}, holdings});
        } else if (category == Category::ReservedIdle) {
            for (const SeatUsage::Reservation &reservation : usage.reservations) {
                if (reservation.seats > reservation.used)
                    ledger.lines.append({category, reservation.seats - reservation.used, reservation.group, {}});
            }
        } else if (category == Category::Free) {
            if (usage.sharedSeats > usage.sharedUsed)
                ledger.lines.append({category, usage.sharedSeats - usage.sharedUsed, {}, {}});
        } else if (category == Category::OverCount) {
            if (usage.sharedUsed > usage.sharedSeats)
                ledger.lines.append({category, usage.sharedUsed - usage.sharedSeats, {}, {}});
        }
    }

    ledger.waiting = input.waiting;
    std::stable_sort(ledger.waiting.begin(), ledger.waiting.end(),
                     [](const LedgerWaiter &a, const LedgerWaiter &b) { return a.since < b.since; });
    for (const LedgerBlock &block : input.blocks) {
        if (block.until > input.now)
            ledger.blocks.append(block);
    }
    std::stable_sort(ledger.blocks.begin(), ledger.blocks.end(),
                     [](const LedgerBlock &a, const LedgerBlock &b) { return a.until < b.until; });
    return ledger;
}

} // namespace keyright
