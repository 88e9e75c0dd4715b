#include "usage/LedgerReports.h"

#include "Clock.h"
#include "ReclaimDecision.h"
#include "SeatRules.h"
#include "UsageHistory.h"
#include "seats/SeatService.h"
#include "store/LeaseStore.h"
#include "wire/EventDetail.h"
#include "wire/EventQuery.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// The value of a history of changes at `atMs`: the last change made by then, else the first (it
// applies before it too); `fallback` when there is none.
int valueAt(const QList<usage::Change> &changes, qint64 atMs, int fallback)
{
    if (changes.isEmpty())
        return fallback;
    int value = changes.first().value;
    for (const usage::Change &change : changes) {
        if (change.fromMs > atMs)
            break;
        value = change.value;
    }
    return value;
}

} // namespace

LedgerReports::LedgerReports(LeaseStore &store, SeatService &seats, const Clock &clock)
    : m_store(store)
    , m_seats(seats)
    , m_clock(clock)
{ }

std::optional<LedgerReport> LedgerReports::ledger(const QString &licenseId, const LedgerQuery &query, Problem *problem)
{
    *problem = Problem::None;
    const QDateTime now = m_clock.now();
    int idleAfter = LedgerQuery::defaultIdleAfterMinutes;
    if (query.idleAfterMinutes) {
        idleAfter = *query.idleAfterMinutes;
    } else {
        // The license's own idle reclaim rule says when a seat is idle, when it has one.
        m_store.withStore([&] {
            for (const IdleReclaim &rule : m_store.licenseRules(licenseId).reclaimIdle) {
                if (rule.group.isEmpty())
                    idleAfter = rule.afterMinutes;
            }
        });
    }
    if (query.at.isValid() && query.at > now) {
        *problem = Problem::InTheFuture;
        return std::nullopt;
    }
    LedgerReport report
        = query.at.isValid() ? past(licenseId, query.at, idleAfter, problem) : this->now(licenseId, idleAfter, problem);
    if (*problem != Problem::None)
        return std::nullopt;
    report.licenseId = licenseId;
    report.serverTime = now;
    report.idleAfterMinutes = idleAfter;
    return report;
}

LedgerReport LedgerReports::now(const QString &licenseId, int idleAfterMinutes, Problem *problem)
{
    LedgerReport report;
    const auto listing = m_seats.leaseListing(licenseId);
    if (!listing) {
        *problem = Problem::LicenseNotFound;
        return report;
    }
    LedgerInput input;
    input.seatCount = listing->license.seatCount;
    input.now = m_clock.now();
    input.skew = listing->license.skew;
    input.idleAfter = std::chrono::minutes(idleAfterMinutes);
    for (const StoredLease &row : listing->leases)
        input.seats.append(LedgerSeat {
            row.lease, row.lastActivityAt.isValid() ? std::optional<QDateTime>(row.lastActivityAt) : std::nullopt,
            reclaimMarkStands(row.reclaimMarkedAt, row.lastActivityAt) ? row.reclaimAt : QDateTime(), row.writeOff});
    for (const QueueTicket &ticket : listing->queue) {
        if (ticket.state == QueueTicket::State::Waiting)
            input.waiting.append(LedgerWaiter {ticket.holder, ticket.queuedAt});
    }
    for (const HolderBlock &block : listing->blocks)
        input.blocks.append(LedgerBlock {block.holder, block.until});
    report.at = input.now;
    report.ledger = accountSeats(CompiledSeatRules(listing->rules, listing->groups), input);
    return report;
}

LedgerReport LedgerReports::past(const QString &licenseId, const QDateTime &at, int idleAfterMinutes, Problem *problem)
{
    LedgerReport report;
    const qint64 atMs = at.toMSecsSinceEpoch();
    m_store.withStore([&] {
        const auto license = m_store.license(licenseId);
        if (!license) {
            *problem = Problem::LicenseNotFound;
            return;
        }
        const usage::LicenseActivity activity = m_store.usageActivityOf(licenseId, atMs, atMs + 1, atMs + 1, 0);
        LedgerInput input;
        // The demo's made-up history predates its licenses: it was made for their seat counts of now.
        // A license created since has none: its own history is real.
        const auto demoUntil = m_store.usageDemoUntil(licenseId);
        const bool demo = demoUntil && atMs < *demoUntil;
        input.seatCount
            = demo ? license->policy.seatCount() : valueAt(activity.seatCount, atMs, license->policy.seatCount());
        input.now = at;
        input.idleAfter = std::chrono::minutes(idleAfterMinutes);
        // The spans in force at `at`, oldest first: their order is the seats' generations.
        QList<usage::SeatSpan> spans;
        for (const usage::SeatSpan &span : activity.seats) {
            if (span.startMs <= atMs && atMs < span.endMs)
                spans.append(span);
        }
        std::sort(spans.begin(), spans.end(), [](const usage::SeatSpan &a, const usage::SeatSpan &b) {
            return a.startMs < b.startMs || (a.startMs == b.startMs && a.seatId < b.seatId);
        });
        // Activity at `at` (issue 26): an idle period the history kept that covers it, else the row
        // of a seat still there whose holder has been idle since before it, else, for a seat whose
        // client told activity by then, no idle period of usage::idleHistoryFloorMs or more.
        const QHash<QString, qint64> idleSince = m_store.idleSpansAt(licenseId, atMs);
        QHash<QString, QDateTime> rowActivity;
        for (const StoredLease &row : m_store.leases(licenseId))
            rowActivity.insert(row.lease.seatId, row.lastActivityAt);
        const auto activityAt = [&](const usage::SeatSpan &span) -> std::optional<QDateTime> {
            if (const auto idle = idleSince.constFind(span.seatId); idle != idleSince.cend())
                return QDateTime::fromMSecsSinceEpoch(*idle, Qt::UTC);
            if (!span.activityKnownFromMs || *span.activityKnownFromMs > atMs)
                return std::nullopt;
            const QDateTime last = rowActivity.value(span.seatId);
            if (last.isValid() && last <= at)
                return last;
            return at;
        };
        // Idle reclaim's marks standing at `at` (the dispute panel's "was that seat already marked
        // when my colleague was refused?"): each seat's last reclaim_warned by then not followed by
        // a reclaim_cancelled or reclaimed. A mark lasts warnMinutes, at most a week (the longest
        // afterMinutes); a seat that ended took its mark with it, and the spans in force at `at`
        // are the seats that had not.
        QHash<QString, std::pair<QDateTime, QDateTime>> marks; // seat: markedAt, reclaimAt
        EventQuery query;
        query.licenseId = licenseId;
        query.kinds = {EventKind::ReclaimWarned, EventKind::ReclaimCancelled, EventKind::Reclaimed};
        query.since = at.addDays(-8);
        query.until = at;
        query.limit = EventQuery::maxLimit;
        for (;;) {
            const QList<EventRecord> page = m_store.events(query);
            for (const EventRecord &event : page) {
                if (event.time > at)
                    continue;
                if (event.kind == EventKind::ReclaimWarned)
                    marks.insert(event.seatId,
                                 {event.time, eventdetail::ReclaimWarned::fromJson(event.detail).reclaimAt});
                else
                    marks.remove(event.seatId);
            }
            if (page.size() < query.limit)
                break;
            query.after = page.last().seq;
        }
        // Borrowed seats at `at` (issue 27): a span a seat_borrowed started is a laptop away until
        // its borrow's expiry, written off from its borrow_written_off on, as the ledger of now says.
        QHash<QString, QDateTime> borrowedUntil;
        QHash<QString, BorrowWriteOff> writtenOff;
        if (!spans.isEmpty()) {
            EventQuery borrows;
            borrows.licenseId = licenseId;
            borrows.kinds = {EventKind::SeatBorrowed, EventKind::BorrowWrittenOff};
            borrows.since = QDateTime::fromMSecsSinceEpoch(spans.first().startMs, Qt::UTC);
            borrows.until = at;
            borrows.limit = EventQuery::maxLimit;
            for (;;) {
                const QList<EventRecord> page = m_store.events(borrows);
                for (const EventRecord &event : page) {
                    if (event.time > at)
                        continue;
                    if (event.kind == EventKind::SeatBorrowed) {
                        borrowedUntil.insert(event.seatId, eventdetail::SeatBorrowed::fromJson(event.detail).expiresAt);
                    } else {
                        const auto detail = eventdetail::BorrowWrittenOff::fromJson(event.detail);
                        writtenOff.insert(event.seatId, BorrowWriteOff {event.time, event.actor, detail.note});
                    }
                }
                if (page.size() < borrows.limit)
                    break;
                borrows.after = page.last().seq;
            }
        }
        quint64 generation = 0;
        for (const usage::SeatSpan &span : std::as_const(spans)) {
            LedgerSeat seat;
            seat.lease.licenseId = licenseId;
            seat.lease.seatId = span.seatId;
            seat.lease.holder = span.holder;
            seat.lease.generation = ++generation;
            seat.lease.issuedAt = QDateTime::fromMSecsSinceEpoch(span.startMs, Qt::UTC);
            // In use at `at` by the span: live then, whatever its lease said.
            seat.lease.expiresAt = at;
            if (const auto borrow = borrowedUntil.constFind(span.seatId);
                borrow != borrowedUntil.cend() && borrow->isValid() && *borrow >= at) {
                seat.lease.borrowed = true;
                seat.lease.expiresAt = *borrow;
                seat.writeOff = writtenOff.value(span.seatId);
            }
            seat.lastActivity = activityAt(span);
            if (const auto mark = marks.constFind(span.seatId);
                mark != marks.cend() && reclaimMarkStands(mark->first, seat.lastActivity.value_or(QDateTime()))) {
                seat.reclaimAt = mark->second;
            }
            input.seats.append(seat);
        }
        for (const usage::WaitSpan &wait : activity.waits) {
            if (wait.startMs <= atMs && atMs < wait.endMs)
                input.waiting.append(LedgerWaiter {wait.holder, QDateTime::fromMSecsSinceEpoch(wait.startMs, Qt::UTC)});
        }
        // The reservations then in force (the demo's: those of now), over the groups of now.
        SeatRules rules;
        if (demo) {
            rules.reserve = m_store.licenseRules(licenseId).reserve;
        } else {
            for (auto it = activity.reserved.cbegin(); it != activity.reserved.cend(); ++it) {
                const int seats = valueAt(it.value(), atMs, 0);
                if (seats > 0)
                    rules.reserve.append(GroupSeats {it.key(), seats});
            }
        }
        report.at = at;
        report.ledger = accountSeats(CompiledSeatRules(rules, m_store.holderGroups()), input);
    });
    return report;
}

} // namespace keyright::server
