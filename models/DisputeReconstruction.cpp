#include "DisputeReconstruction.h"

#include "Timestamps.h"
#include "wire/EventDetail.h"

#include <QHash>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The seat rules and holder groups in force at the denial: the last change before it, else the
// current ones when nothing changed since (as far as the loaded events tell).
void reconstructRules(Dispute &d, const QList<EventRecord> &history, const std::optional<CurrentSeatRules> &current)
{
    const EventRecord *rulesBefore = nullptr;
    const EventRecord *groupsBefore = nullptr;
    bool rulesLater = false;
    bool groupsLater = false;
    for (const EventRecord &e : history) {
        const bool before = e.seq < d.denial.seq;
        if (e.kind == EventKind::RulesChanged && e.licenseId == d.licenseId) {
            if (before)
                rulesBefore = &e;
            else
                rulesLater = true;
        } else if (e.kind == EventKind::GroupsChanged) {
            if (before)
                groupsBefore = &e;
            else
                groupsLater = true;
        }
    }
    const auto sourceWithout = [&current](bool changedLater) {
        if (changedLater)
            return Dispute::RulesSource::Unknown;
        return current ? Dispute::RulesSource::Current : Dispute::RulesSource::None;
    };
    d.rulesSource = sourceWithout(rulesLater);
    d.groupsSource = sourceWithout(groupsLater);
    if (rulesBefore) {
        if (const auto changed = eventdetail::RulesChanged::fromJson(rulesBefore->detail)) {
            d.rules = changed->rules;
            d.rulesSource = Dispute::RulesSource::Event;
            d.rulesChangedAt = rulesBefore->time;
        }
    }
    if (groupsBefore) {
        if (const auto changed = eventdetail::GroupsChanged::fromJson(groupsBefore->detail)) {
            d.groups = changed->groups;
            d.groupsSource = Dispute::RulesSource::Event;
        }
    }
    if (d.rulesSource == Dispute::RulesSource::Current)
        d.rules = current->rules;
    if (d.groupsSource == Dispute::RulesSource::Current)
        d.groups = current->groups;
}

// The line at the denial: tickets queued before it that had not left or been served.
QList<DisputeTicket> reconstructLine(const Dispute &d, const QList<EventRecord> &history)
{
    QList<DisputeTicket> line;
    for (const EventRecord &e : history) {
        if (e.seq >= d.denial.seq)
            break;
        if (e.licenseId != d.licenseId)
            continue;
        const QString ticketId = eventdetail::ticketIdOf(e.detail);
        if (ticketId.isEmpty())
            continue;
        if (e.kind == EventKind::Queued) {
            line.append(DisputeTicket {ticketId, e.holder, e.time});
        } else if (e.kind == EventKind::QueueLeft || e.kind == EventKind::Granted) {
            line.removeIf([&ticketId](const DisputeTicket &t) { return t.ticketId == ticketId; });
        }
    }
    return line;
}

// Whether two decisions tell the same story: the same rule, with the same numbers.
bool sameDecision(const SeatDecision &a, const SeatDecision &b)
{
    if (a.outcome != b.outcome || a.usage.inUse != b.usage.inUse || a.usage.seatCount != b.usage.seatCount)
        return false;
    switch (a.outcome) {
    case SeatDecision::Outcome::NoSeatsAvailable:
        return a.reservedForOthers == b.reservedForOthers;
    case SeatDecision::Outcome::GroupCapReached:
        return a.group == b.group && a.cap == b.cap && a.groupHeld == b.groupHeld;
    case SeatDecision::Outcome::HolderDenied:
        return a.entry == b.entry;
    case SeatDecision::Outcome::HolderNotAllowed:
    case SeatDecision::Outcome::Granted:
        return true;
    }
    return true;
}

Dispute::Reason reasonOf(const SeatDecision &decision)
{
    switch (decision.outcome) {
    case SeatDecision::Outcome::HolderDenied:
        return Dispute::Reason::DenyList;
    case SeatDecision::Outcome::HolderNotAllowed:
        return Dispute::Reason::NotAllowed;
    case SeatDecision::Outcome::GroupCapReached:
        return Dispute::Reason::GroupCap;
    case SeatDecision::Outcome::NoSeatsAvailable:
    case SeatDecision::Outcome::Granted:
        break;
    }
    return decision.reservedForOthers > 0 ? Dispute::Reason::ReservedForOthers : Dispute::Reason::NoSeats;
}

// The seats counted at the refusal as the leases decideCheckout() takes: they were live at that
// instant (the server's word, or the replay's), so each is given an expiry no earlier than the
// refusal and liveness needs no skew.
QList<SeatLease> countedLeases(const Dispute &d)
{
    QList<SeatLease> leases;
    for (const DisputeSeat &seat : std::as_const(d.seats)) {
        if (!seat.counted)
            continue;
        SeatLease lease;
        lease.licenseId = d.licenseId;
        lease.seatId = seat.seatId;
        lease.holder = seat.holder;
        lease.generation = seat.generation;
        lease.issuedAt = seat.issuedAt;
        lease.expiresAt = seat.expiresAt.isValid() && seat.expiresAt > d.at ? seat.expiresAt : d.at;
        lease.borrowed = seat.borrowed;
        leases << lease;
    }
    return leases;
}

// Which reservation each counted seat counted against under the rules then, whatever refused.
void reconstructReservations(Dispute &d)
{
    const QList<SeatLease> leases = countedLeases(d);
    const CompiledSeatRules compiled(d.rules, d.groups);
    for (DisputeSeat &seat : d.seats) {
        if (seat.counted)
            seat.reservation
                = reservationCountedAgainst(compiled, leases, seat.seatId, d.at, std::chrono::milliseconds {0});
    }
}

// decideCheckout() on the seats the server counted at the denial, under the reconstructed rules,
// cross-checked with what the server recorded.
void reconstructDecision(Dispute &d)
{
    const QList<SeatLease> leases = countedLeases(d);
    const CompiledSeatRules compiled(d.rules, d.groups);
    const int seatCount = std::max(d.seatCount, int(leases.size()));
    const SeatDecision replayed
        = decideCheckout(seatCount, compiled, leases, d.deniedHolder, d.at, std::chrono::milliseconds {0});

    // What the server recorded it decided (an older server recorded no reason).
    const std::optional<SeatDecision> recorded = eventdetail::Denied::fromJson(d.denial.detail).decision;
    d.recordedByServer = recorded.has_value();
    if (recorded) {
        d.incomplete = !sameDecision(replayed, *recorded);
        d.decision = d.incomplete ? *recorded : replayed;
    } else if (replayed.granted()) {
        // A denial the replay would have granted: events are missing. The server said the seats
        // were taken (an older server has no other reason).
        d.incomplete = true;
        d.decision = replayed;
        d.decision.outcome = SeatDecision::Outcome::NoSeatsAvailable;
        d.decision.usage.inUse = d.inUse;
        d.decision.usage.seatCount = d.seatCount;
        d.decision.reservedForOthers = 0;
    } else {
        d.decision = replayed;
    }
    d.reason = reasonOf(d.decision);
}

// The seat a granted or seat_borrowed event took, as the replay has it from then on: a borrow
// takes a seat as a grant does, until it is returned or expires (issue 27). The one construction
// for reconstruct() and borrowedAt().
DisputeSeat replayedGrant(const EventRecord &e)
{
    DisputeSeat seat;
    seat.seatId = e.seatId;
    seat.holder = e.holder;
    seat.borrowed = e.kind == EventKind::SeatBorrowed;
    if (seat.borrowed) {
        const auto detail = eventdetail::SeatBorrowed::fromJson(e.detail);
        seat.generation = detail.generation;
        seat.expiresAt = detail.expiresAt;
    } else {
        const auto detail = eventdetail::Granted::fromJson(e.detail);
        seat.generation = detail.generation;
        seat.expiresAt = detail.expiresAt;
    }
    seat.issuedAt = e.time;
    seat.grantedAt = e.time;
    seat.replayed = true;
    return seat;
}

} // namespace

QList<DisputeSeat> DisputeReconstruction::borrowedAt(const EventRecord &event, const QList<EventRecord> &history)
{
    QList<DisputeSeat> away;
    for (const EventRecord &e : history) {
        if (e.seq >= event.seq)
            break;
        if (e.licenseId != event.licenseId || e.seatId.isEmpty())
            continue;
        const auto it
            = std::find_if(away.begin(), away.end(), [&e](const DisputeSeat &seat) { return seat.seatId == e.seatId; });
        if (e.kind == EventKind::SeatBorrowed) {
            if (it != away.end())
                away.erase(it);
            away << replayedGrant(e);
        } else if (it == away.end()) {
            continue;
        } else if (e.kind == EventKind::BorrowWrittenOff) {
            it->writtenOff = true;
        } else if (e.kind == EventKind::BorrowReturned || e.kind == EventKind::Released || e.kind == EventKind::Revoked
                   || e.kind == EventKind::Reaped) {
            away.erase(it);
        }
    }
    // A borrowed seat is counted until its signed expiry, never renewed: past it, it was back.
    away.removeIf(
        [&event](const DisputeSeat &seat) { return seat.expiresAt.isValid() && seat.expiresAt < event.time; });
    return away;
}

Dispute DisputeReconstruction::reconstruct(const EventRecord &denial, const QList<EventRecord> &history,
                                           bool historyComplete, const std::optional<CurrentSeatRules> &current)
{
    Dispute d;
    if (denial.kind != EventKind::Denied && denial.kind != EventKind::HolderBlocked)
        return d;
    d.denial = denial;
    d.licenseId = denial.licenseId;
    d.deniedHolder = denial.holder;
    d.at = denial.time;
    // Either kind of refusal lists every live lease at that instant, with the expiry its last
    // renewal signed (heartbeats leave no event, so a grant's expiry is long past for a seat
    // renewed since). A server before seat listings in holder_blocked recorded only the block:
    // then, as for a denial of an older server, the replay below is all there is.
    QList<eventdetail::HeldSeat> listedSeats;
    if (denial.kind == EventKind::Denied) {
        const eventdetail::Denied denied = eventdetail::Denied::fromJson(denial.detail);
        d.seatCount = denied.seatCount;
        d.inUse = denied.inUse;
        d.serverListed = denied.listsHolders;
        listedSeats = denied.holders;
    } else {
        const eventdetail::HolderBlocked blocked = eventdetail::HolderBlocked::fromJson(denial.detail);
        d.seatCount = blocked.seatCount;
        d.inUse = blocked.inUse;
        d.serverListed = blocked.listsHolders;
        listedSeats = blocked.holders;
        d.blockedUntil = blocked.until;
    }

    // Replay: seats granted and not yet given back when the denial happened.
    QHash<QString, DisputeSeat> held;
    QStringList order;
    for (const EventRecord &e : history) {
        if (e.seq >= denial.seq)
            break;
        if (e.licenseId != denial.licenseId || e.seatId.isEmpty())
            continue;
        if (e.kind == EventKind::Granted || e.kind == EventKind::SeatBorrowed) {
            if (!held.contains(e.seatId))
                order << e.seatId;
            held.insert(e.seatId, replayedGrant(e));
        } else if (e.kind == EventKind::BorrowWrittenOff) {
            if (const auto it = held.find(e.seatId); it != held.end())
                it->writtenOff = true;
        } else if (e.kind == EventKind::Released || e.kind == EventKind::Revoked || e.kind == EventKind::Reaped
                   || e.kind == EventKind::Reclaimed || e.kind == EventKind::BorrowReturned) {
            held.remove(e.seatId);
            order.removeOne(e.seatId);
        }
    }
    if (d.seatCount <= 0) {
        // An older server's holder_blocked event does not carry the seat count: the license's last
        // one does.
        for (const EventRecord &e : history) {
            if (e.seq >= denial.seq)
                break;
            if (e.licenseId == denial.licenseId
                && (e.kind == EventKind::LicenseCreated || e.kind == EventKind::LicenseUpdated))
                d.seatCount = eventdetail::LicenseChanged::fromJson(e.detail).seatCount;
        }
    }

    QList<DisputeSeat> counted;
    for (const eventdetail::HeldSeat &listed : std::as_const(listedSeats)) {
        DisputeSeat seat;
        seat.seatId = listed.seatId;
        seat.holder = listed.holder;
        seat.generation = listed.generation;
        seat.issuedAt = listed.issuedAt;
        seat.expiresAt = listed.expiresAt;
        seat.counted = true;
        seat.borrowed = listed.borrowed;
        seat.withinSkewOnly = seat.expiresAt.isValid() && d.at.isValid() && seat.expiresAt < d.at;
        const auto it = held.constFind(seat.seatId);
        if (it != held.cend()) {
            seat.replayed = true;
            seat.grantedAt = it->grantedAt;
            seat.borrowed = seat.borrowed || it->borrowed;
            seat.writtenOff = it->writtenOff;
            held.remove(seat.seatId);
            order.removeOne(seat.seatId);
        } else {
            ++d.unexplained;
        }
        counted << seat;
    }
    if (!d.serverListed) {
        // An older server: the replay is all there is. Seats count if they were not returned. A
        // grant's expiry that had passed says nothing of the seat then: renewed since (no event)
        // or lapsed, the events cannot tell, so it is not shown as the seat's expiry.
        for (const QString &id : std::as_const(order)) {
            DisputeSeat seat = held.value(id);
            seat.counted = true;
            if (seat.expiresAt.isValid() && d.at.isValid() && seat.expiresAt < d.at) {
                seat.expiresAt = QDateTime();
                seat.expiryUnknown = true;
            }
            counted << seat;
        }
        held.clear();
        order.clear();
    }

    std::stable_sort(counted.begin(), counted.end(), [](const DisputeSeat &a, const DisputeSeat &b) {
        const QDateTime ta = a.grantedAt.isValid() ? a.grantedAt : a.issuedAt;
        const QDateTime tb = b.grantedAt.isValid() ? b.grantedAt : b.issuedAt;
        return ta < tb;
    });
    d.seats = counted;
    for (const QString &id : std::as_const(order)) {
        d.seats << held.value(id);
        ++d.notReturned;
    }
    d.consistent = historyComplete ? d.unexplained == 0 : true;

    QHash<QString, int> perHolder;
    QStringList holderOrder;
    for (const DisputeSeat &seat : std::as_const(counted)) {
        if (!perHolder.contains(seat.holder))
            holderOrder << seat.holder;
        ++perHolder[seat.holder];
    }
    for (const QString &h : std::as_const(holderOrder))
        d.shares.append({h, perHolder.value(h)});
    std::stable_sort(d.shares.begin(), d.shares.end(),
                     [](const DisputeHolderShare &a, const DisputeHolderShare &b) { return a.seats > b.seats; });

    reconstructRules(d, history, current);
    d.waiting = reconstructLine(d, history);
    reconstructReservations(d);
    if (denial.kind == EventKind::HolderBlocked) {
        // The block refused, before any seat was counted: there is no decision to replay.
        if (!d.serverListed)
            d.inUse = int(counted.size());
        d.reason = Dispute::Reason::HolderBlocked;
        return d;
    }
    reconstructDecision(d);
    return d;
}

QString DisputeReconstruction::sentence(const Dispute &d)
{
    if (!d.isValid())
        return {};
    const QString &holder = d.deniedHolder;
    const SeatDecision &decision = d.decision;
    switch (d.reason) {
    case Dispute::Reason::HolderBlocked:
        if (!d.blockedUntil.isValid())
            return tr("Denied to %1: an admin blocked this holder").arg(holder);
        // With its date when the block ends on another day than the denial (walk 26).
        return tr("Denied to %1: an admin blocked this holder until %2")
            .arg(holder,
                 QLocale().toString(d.blockedUntil.toLocalTime(),
                                    d.blockedUntil.toLocalTime().date() == d.at.toLocalTime().date()
                                        ? u"HH:mm:ss"_s
                                        : u"d MMM HH:mm:ss"_s));
    case Dispute::Reason::DenyList:
        return tr("Denied to %1: the holder matches the deny entry %2").arg(holder, decision.entry);
    case Dispute::Reason::NotAllowed:
        if (d.rules.allow.isEmpty())
            return tr("Denied to %1: the holder is not on the allow list").arg(holder);
        return tr("Denied to %1: the holder is not on the allow list (%2)").arg(holder, d.rules.allow.join(u", "_s));
    case Dispute::Reason::GroupCap:
        return tr("Denied to %1: %2 already holds its cap of %n seat(s)", nullptr, decision.cap)
            .arg(holder, decision.group);
    case Dispute::Reason::ReservedForOthers: {
        QStringList groups;
        for (const SeatUsage::Reservation &r : decision.usage.reservations) {
            if (r.seats > r.used)
                groups << r.group;
        }
        // No seat in use: "0 of 1 seats" would be no sentence; the seats are all reserved.
        if (decision.usage.inUse == 0)
            return tr("Denied to %1: none of the %n seat(s) is in use, but all are reserved for %2 (idle)", nullptr,
                      decision.usage.seatCount)
                .arg(holder, groups.join(u", "_s));
        return tr("Denied to %1: %2 of %3 seats in use and the other %n are reserved for %4 (idle)", nullptr,
                  decision.reservedForOthers)
            .arg(holder)
            .arg(decision.usage.inUse)
            .arg(decision.usage.seatCount)
            .arg(groups.join(u", "_s));
    }
    case Dispute::Reason::NoSeats:
        break;
    }
    if (decision.usage.inUse >= decision.usage.seatCount)
        return tr("Denied to %1: all %n seat(s) in use", nullptr, decision.usage.seatCount).arg(holder);
    return tr("Denied to %1: %2 of %n seat(s) in use and none free for this holder", nullptr, decision.usage.seatCount)
        .arg(holder)
        .arg(decision.usage.inUse);
}

QString DisputeReconstruction::rulesNote(const Dispute &d)
{
    if (!d.isValid() || d.reason == Dispute::Reason::HolderBlocked)
        return {};
    QStringList notes;
    switch (d.rulesSource) {
    case Dispute::RulesSource::Event:
        notes << tr("Seat rules at that moment: as changed at %1.")
                     .arg(d.rulesChangedAt.toLocalTime().toString(u"HH:mm:ss"_s));
        break;
    case Dispute::RulesSource::Current:
        if (!d.rules.isEmpty())
            notes << tr("Seat rules at that moment: the license's current rules (no change in the loaded events).");
        break;
    case Dispute::RulesSource::Unknown:
        notes << tr("Seat rules at that moment: not known (they changed later and no earlier change is loaded).");
        break;
    case Dispute::RulesSource::None:
        break;
    }
    if (d.incomplete)
        notes << tr("The loaded events do not reproduce the server's decision: the sentence follows the server's "
                    "record, and the reconstruction is incomplete.");
    return notes.join(u' ');
}

} // namespace keyright
