#include "EventLogModel.h"

#include "AlertText.h"
#include "BorrowRefusalText.h"
#include "DemoCatalogue.h"
#include "Durations.h"
#include "LeaseTableModel.h"
#include "LedgerSentence.h"
#include "StatePalette.h"
#include "Timestamps.h"
#include "simulator/SandboxProvisioner.h"
#include "wire/AccessRole.h"
#include "wire/ClockJump.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"
#include "wire/QueueTicket.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <cstdlib>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright {

EventLogModel::EventLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

EventLogModel::~EventLogModel() = default;

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EventLogModel::kindLabel(EventKind kind)
{
    switch (kind) {
    case EventKind::Granted:
        return tr("granted");
    case EventKind::Denied:
        return tr("denied");
    case EventKind::Released:
        return tr("released", "event kind");
    case EventKind::RenewRefused:
        return tr("renewal refused");
    case EventKind::Revoked:
        return tr("revoked", "event kind");
    case EventKind::Reaped:
        return tr("reaped", "event kind");
    case EventKind::LicenseCreated:
        return tr("license created");
    case EventKind::LicenseUpdated:
        return tr("license updated");
    case EventKind::KeyRotated:
        return tr("key rotated");
    case EventKind::HolderBlocked:
        return tr("holder blocked");
    case EventKind::TokenCreated:
        return tr("token created");
    case EventKind::TokenRevoked:
        return tr("token revoked");
    case EventKind::ClockJumped:
        return tr("clock jumped");
    case EventKind::RulesChanged:
        return tr("rules changed");
    case EventKind::GroupsChanged:
        return tr("groups changed");
    case EventKind::Queued:
        return tr("queued");
    case EventKind::QueueLeft:
        return tr("left the queue");
    case EventKind::ReclaimWarned:
        return tr("idle seat warned");
    case EventKind::ReclaimCancelled:
        return tr("idle warning lifted");
    case EventKind::Reclaimed:
        return tr("idle seat reclaimed");
    case EventKind::AlertFired:
        return tr("alert fired");
    case EventKind::AlertResolved:
        return tr("alert resolved");
    case EventKind::DatabaseFailover:
        return tr("database failover");
    case EventKind::SeatBorrowed:
        return tr("seat borrowed");
    case EventKind::BorrowReturned:
        return tr("borrow returned");
    case EventKind::AlertAcknowledged:
        return tr("alert acknowledged");
    case EventKind::BorrowWrittenOff:
        return tr("borrow written off");
    case EventKind::BorrowDenied:
        return tr("borrow refused");
    case EventKind::Amnesia:
        break; // shown by its wire name, as before it had a label
    }
    return toWire(kind);
}

QString EventLogModel::actorLabel(const QString &actor)
{
    if (actor == QStringView(serverActor))
        return tr("server", "the actor of an event the server caused");
    if (actor == QStringView(reaperActor))
        return tr("reaper", "the actor of the seats the server's periodic reaper deleted");
    if (actor == QStringView(alertsActor))
        return tr("alerts", "the actor of the events the server's evaluation of alert rules writes");
    if (actor.startsWith(QStringView(clientActorPrefix)))
        return tr("client %1", "the actor of an event a lease client caused: its address")
            .arg(actor.mid(QStringView(clientActorPrefix).size()));
    return actor; // a token's name and role, or an older "admin <address>"
}

QString EventLogModel::actorLabel(const EventRecord &event)
{
    switch (event.kind) {
    case EventKind::ReclaimWarned:
    case EventKind::ReclaimCancelled:
    case EventKind::Reclaimed:
        return tr("idle reclaim rule", "the actor of an idle reclaim event: the license's rule, applied by the server");
    default:
        break;
    }
    return actorLabel(event.actor);
}

QString EventLogModel::alertMeasureText(const eventdetail::AlertChange &change)
{
    return keyright::alertMeasureText(change, QLocale());
}

QString EventLogModel::alertText(const eventdetail::AlertChange &change, bool fired)
{
    return keyright::alertText(change, fired, QLocale());
}

QString EventLogModel::clockJumpText(const EventRecord &event)
{
    const std::optional<ClockJump> jump = ClockJump::fromJson(event.detail);
    if (!jump)
        return tr("a clock jumped");
    const QString size = formatDuration(std::chrono::milliseconds {std::abs(jump->sizeMs)});
    const bool forward = jump->isForward();
    switch (jump->clock) {
    case JumpedClock::Monotonic:
        return forward ? tr("the server's monotonic clock jumped forward by %1").arg(size)
                       : tr("the server's monotonic clock jumped back by %1").arg(size);
    case JumpedClock::Database:
        return forward ? tr("the database's clock jumped forward by %1").arg(size)
                       : tr("the database's clock jumped back by %1").arg(size);
    case JumpedClock::Wall:
        break;
    }
    return forward ? tr("the server's clock jumped forward by %1").arg(size)
                   : tr("the server's clock jumped back by %1").arg(size);
}

QString EventLogModel::rulesText(const SeatRules &rules)
{
    if (rules.isEmpty())
        return tr("no seat rules: every seat shared");
    QStringList parts;
    if (!rules.allow.isEmpty())
        parts << tr("allow %1").arg(rules.allow.join(u", "_s));
    if (!rules.deny.isEmpty())
        parts << tr("deny %1").arg(rules.deny.join(u", "_s));
    for (const GroupSeats &r : rules.reserve)
        parts << tr("reserve %1 for %2").arg(r.seats).arg(r.group);
    for (const GroupSeats &m : rules.max)
        parts << tr("max %1 for %2").arg(m.seats).arg(m.group);
    // Rules that only reclaim idle seats still share every seat.
    if (parts.isEmpty())
        parts << tr("every seat shared");
    for (const IdleReclaim &reclaim : rules.reclaimIdle)
        parts << reclaimText(reclaim);
    return parts.join(u"; "_s);
}

QString EventLogModel::reclaimText(const IdleReclaim &rule)
{
    const QString idle = rule.group.isEmpty()
        ? tr("seats idle for more than %n minute(s) go to someone waiting", nullptr, rule.afterMinutes)
        : tr("seats of %1 idle for more than %n minute(s) go to someone waiting", nullptr, rule.afterMinutes)
              .arg(rule.group);
    return tr("%1, after a %n-minute warning", "%1: the rule's first half (seats idle for more than...)",
              rule.warnMinutes)
        .arg(idle);
}

QString EventLogModel::describeDetail(const EventRecord &event)
{
    namespace detail = eventdetail;
    const QJsonObject &d = event.detail;
    // The time of day, with the date when it is not the event's own day ("blocked until" a
    // later day, or an event read in another year).
    const auto timeOf = [&event](const QDateTime &time) {
        return time.isValid() ? LeaseTableModel::formatTime(time, event.time) : QString();
    };
    // A borrow's end, days away: with its day, as the Seats page writes it (borrowEndText).
    const auto borrowEnd = [&event](const QDateTime &time) {
        return time.isValid() ? borrowEndText(time, event.time, QTimeZone::systemTimeZone()) : QString();
    };
    const auto waited
        = [](qint64 waitedMs) { return formatDuration(std::chrono::milliseconds {std::max<qint64>(0, waitedMs)}); };
    switch (event.kind) {
    case EventKind::Granted: {
        const auto granted = detail::Granted::fromJson(d);
        QString text = granted.fromLine()
            ? tr("from the line after waiting %1, generation %2, %3 of %n seat(s) in use", nullptr, granted.seatCount)
                  .arg(waited(granted.waitedMs))
                  .arg(granted.generation)
                  .arg(granted.inUse)
            : tr("generation %1, %2 of %n seat(s) in use", nullptr, granted.seatCount)
                  .arg(granted.generation)
                  .arg(granted.inUse);
        if (!granted.reservation.isEmpty())
            text += tr(", a seat reserved for %1").arg(granted.reservation);
        return text;
    }
    case EventKind::Denied: {
        const auto denied = detail::Denied::fromJson(d);
        using O = SeatDecision::Outcome;
        if (denied.decision && denied.decision->outcome == O::GroupCapReached)
            return tr("%1 holds its cap of %n seat(s)", nullptr, denied.decision->cap).arg(denied.decision->group);
        if (denied.decision && denied.decision->outcome == O::HolderDenied)
            return tr("matches the deny entry %1").arg(denied.decision->entry);
        if (denied.decision && denied.decision->outcome == O::HolderNotAllowed)
            return tr("not on the allow list");
        if (denied.decision && denied.decision->reservedForOthers > 0) {
            return tr("%1 of %n seat(s) in use, %2 reserved for others (idle)", nullptr, denied.seatCount)
                .arg(denied.inUse)
                .arg(denied.decision->reservedForOthers);
        }
        return tr("all %n seat(s) taken (%1 in use, %2)", nullptr, denied.seatCount)
            .arg(denied.inUse)
            .arg(tr("%n holder(s) listed", nullptr, int(denied.holders.size())));
    }
    case EventKind::RenewRefused: {
        // The reason is a wire word ("expired", "unknown seat"): said in the interface's language.
        const auto refused = detail::RenewRefused::fromJson(d);
        if (refused.reason == QStringView(detail::RenewRefused::expired))
            return tr("the lease had expired");
        if (refused.reason != QStringView(detail::RenewRefused::unknownSeat))
            return refused.reason;
        if (refused.endedBy && refused.endedAt.isValid())
            return tr("no such seat: %1 at %2").arg(kindLabel(*refused.endedBy), timeOf(refused.endedAt));
        return tr("no such seat");
    }
    case EventKind::Revoked: {
        const auto revoked = detail::Revoked::fromJson(d);
        QString text = revoked.reason;
        if (revoked.blockSeconds > 0) {
            const QString blocked = tr("blocked until %1").arg(timeOf(revoked.blockedUntil));
            text = text.isEmpty() ? blocked : text + u"; "_s + blocked;
        }
        return text;
    }
    case EventKind::Reaped:
        return tr("expired at %1").arg(timeOf(detail::Reaped::fromJson(d).expiresAt));
    case EventKind::HolderBlocked:
        return tr("blocked until %1").arg(timeOf(detail::HolderBlocked::fromJson(d).until));
    case EventKind::ClockJumped:
        return clockJumpText(event);
    case EventKind::TokenCreated:
    case EventKind::TokenRevoked: {
        const auto token = detail::TokenChanged::fromJson(d);
        return tokenActor(token.name, token.role);
    }
    case EventKind::RulesChanged: {
        const auto changed = detail::RulesChanged::fromJson(d);
        return changed ? rulesText(changed->rules) : QString();
    }
    case EventKind::GroupsChanged: {
        const auto changed = detail::GroupsChanged::fromJson(d);
        if (!changed)
            return {};
        if (changed->groups.isEmpty())
            return tr("no holder groups");
        QStringList parts;
        for (const HolderGroup &g : changed->groups)
            parts << u"%1 (%2)"_s.arg(g.name, g.patterns.join(u", "_s));
        return tr("groups now: %1").arg(parts.join(u"; "_s));
    }
    case EventKind::Queued: {
        const auto queued = detail::Queued::fromJson(d);
        return tr("position %1 in line, ticket %2").arg(queued.position).arg(queued.ticketId.left(8));
    }
    case EventKind::QueueLeft: {
        const auto left = detail::QueueLeft::fromJson(d);
        switch (left.why) {
        case queue::LeftBecause::GaveUp:
            return tr("gave up after waiting %1").arg(waited(left.waitedMs));
        case queue::LeftBecause::Expired:
            return tr("ticket expired after waiting %1: the waiter stopped renewing it").arg(waited(left.waitedMs));
        case queue::LeftBecause::TimedOut:
            return tr("waited the longest time it asked for (%1)").arg(waited(left.waitedMs));
        case queue::LeftBecause::Revoked:
            return tr("removed from the line by an admin after waiting %1").arg(waited(left.waitedMs));
        case queue::LeftBecause::Unknown:
            break;
        }
        return tr("left the line after waiting %1").arg(waited(left.waitedMs));
    }
    case EventKind::ReclaimWarned: {
        const auto warned = detail::ReclaimWarned::fromJson(d);
        // Idle times as the Seats page's Idle for column writes them ("80 min", walk 46). The
        // seat goes to whoever waits first then; the mark names who needed it when it was made.
        return tr("idle %1; marked for %2, the seat goes at %3 unless used")
            .arg(LeaseTableModel::idleText(warned.idleMs), warned.waiter, timeOf(warned.reclaimAt));
    }
    case EventKind::ReclaimCancelled: {
        const auto lifted = detail::ReclaimCancelled::fromJson(d);
        if (lifted.reason == QStringView(detail::ReclaimCancelled::activity))
            return tr("the holder used the application again");
        if (lifted.reason == QStringView(detail::ReclaimCancelled::nobodyWaiting))
            return tr("nobody waiting needs the seat any more");
        if (lifted.reason == QStringView(detail::ReclaimCancelled::noRule))
            return tr("the license no longer reclaims idle seats");
        return lifted.reason;
    }
    case EventKind::AlertFired:
    case EventKind::AlertResolved:
        return alertText(detail::AlertChange::fromJson(d), event.kind == EventKind::AlertFired);
    case EventKind::AlertAcknowledged: {
        const auto seen = detail::AlertAcknowledged::fromJson(d);
        return seen.note.isEmpty()
            ? tr("rule %1: alert %2 acknowledged").arg(seen.ruleId).arg(seen.alertId)
            : tr("rule %1: alert %2 acknowledged: %3").arg(seen.ruleId).arg(seen.alertId).arg(seen.note);
    }
    case EventKind::DatabaseFailover: {
        const auto failover = detail::DatabaseFailover::fromJson(d);
        // Each instance records its own failover: the sentence names the one that saw it by the
        // start of its replica id, as the health view's Replica column shows it. Seconds with a
        // decimal and a space, as the page's other durations ("2.5 s").
        const QString interruption = failover.interruptionMs < 1000
            ? tr("%1 ms", "a short database interruption").arg(failover.interruptionMs)
            : tr("%1 s", "a database interruption")
                  .arg(QLocale().toString(double(failover.interruptionMs) / 1000.0, 'f', 1));
        if (failover.replicaId.isEmpty())
            return tr("the database moved from %1 to %2; requests waited %3")
                .arg(failover.from, failover.to, interruption);
        return tr("instance %1: the database moved from %2 to %3; requests waited %4")
            .arg(failover.replicaId.left(12), failover.from, failover.to, interruption);
    }
    case EventKind::Reclaimed: {
        const auto taken = detail::Reclaimed::fromJson(d);
        return tr("given to %1 after %2 idle").arg(taken.waiter, LeaseTableModel::idleText(taken.idleMs));
    }
    case EventKind::LicenseCreated:
    case EventKind::LicenseUpdated: {
        const auto license = detail::LicenseChanged::fromJson(d);
        QString text = tr("%n seat(s), TTL %1 s, skew %2 s, grace %3 s", nullptr, license.seatCount)
                           .arg(license.ttlSeconds)
                           .arg(license.skewSeconds)
                           .arg(license.reapGraceSeconds);
        // The dates and the borrowing policy, so that a change of them shows (walk 51b N1); an
        // older server's detail has no policy and says nothing of it.
        if (license.validity.validFrom.isValid())
            text += tr(", valid from %1").arg(timeOf(license.validity.validFrom));
        if (license.validity.validUntil.isValid())
            text += tr(", valid until %1").arg(timeOf(license.validity.validUntil));
        if (license.validity.maintenanceUntil.isValid())
            text += tr(", maintenance until %1").arg(timeOf(license.validity.maintenanceUntil));
        if (const auto &borrow = license.borrow) {
            if (!borrow->allowed) {
                text += tr(", no borrowing");
            } else {
                text += tr(", borrowing of up to %n seat(s) at once", nullptr, borrow->maxBorrowed)
                    + tr(" for %n day(s) at most", nullptr, borrow->maxDays);
                if (borrow->keepOnSite > 0)
                    text += tr(", %n kept on site", nullptr, borrow->keepOnSite);
                if (!borrow->groups.isEmpty())
                    text += tr(", by members of %1").arg(borrow->groups.join(u", "_s));
            }
        }
        return text;
    }
    case EventKind::SeatBorrowed: {
        const auto borrowed = detail::SeatBorrowed::fromJson(d);
        return tr("borrowed for %n day(s), until %1", nullptr, borrowed.days).arg(borrowEnd(borrowed.expiresAt));
    }
    case EventKind::BorrowReturned:
        return tr("returned before %1").arg(borrowEnd(detail::BorrowReturned::fromJson(d).expiresAt));
    case EventKind::BorrowWrittenOff: {
        // Lost laptops and damaged lease files alike (walk 58b, 11).
        const auto writtenOff = detail::BorrowWrittenOff::fromJson(d);
        return writtenOff.note.isEmpty()
            ? tr("written off: the seat stays counted until %1").arg(borrowEnd(writtenOff.countedUntil))
            : tr("written off: the seat stays counted until %1. Note: %2")
                  .arg(borrowEnd(writtenOff.countedUntil), writtenOff.note);
    }
    case EventKind::BorrowDenied: {
        // The sentence in the interface's language, from the numbers of the refusal.
        const auto refused = detail::BorrowDenied::fromJson(d);
        return refused.refusal ? BorrowRefusalText::sentence(*refused.refusal, event.licenseId, event.holder)
                               : QString();
    }
    case EventKind::Released:
    case EventKind::KeyRotated:
    case EventKind::Amnesia:
        break;
    }
    return {};
}

QString EventLogModel::sandboxToolTip(const QString &licenseId)
{
    const QString sentence = tr("A simulator sandbox: its events are the simulator's scenarios, played for training, "
                                "not anyone's use of a license.");
    const QString name = SandboxProvisioner::sandboxName(licenseId);
    return name.isEmpty() ? sentence : name + u'\n' + sentence;
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_events.size())
        return {};
    const EventRecord &e = m_events.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return e.time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
        case KindColumn:
            return kindLabel(e.kind);
        case LicenseColumn:
            return e.licenseId;
        case HolderColumn:
            return e.holder;
        case SeatColumn:
            return e.seatId.left(8);
        case ActorColumn:
            return actorLabel(e);
        case DetailColumn:
            return describeDetail(e);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ActorColumn:
            // As the server recorded it, for a search of its log or a CSV.
            return e.actor.isEmpty() || e.actor == actorLabel(e) ? QVariant() : QVariant(e.actor);
        case DetailColumn: {
            // The column is often too narrow for the whole sentence (a clock jump, seat rules).
            const QString detail = describeDetail(e);
            return detail.isEmpty() ? QVariant() : QVariant(detail);
        }
        case TimeColumn:
            return formatTimestamp(e.time);
        case SeatColumn:
            return e.seatId;
        case LicenseColumn:
            return DemoCatalogue::isSandboxLicense(e.licenseId) ? QVariant(sandboxToolTip(e.licenseId)) : QVariant();
        case KindColumn:
            return e.kind == EventKind::Denied || e.kind == EventKind::HolderBlocked
                ? tr("Select a denial to see who held every seat at that moment")
                : QVariant();
        default:
            return {};
        }
    case Qt::FontRole:
        // A simulator sandbox's events are staged, as on the Seats page: its id in italics.
        if (index.column() == LicenseColumn && DemoCatalogue::isSandboxLicense(e.licenseId)) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == LicenseColumn && DemoCatalogue::isSandboxLicense(e.licenseId))
            return QBrush(StatePalette::colour(StatePalette::Muted));
        if (index.column() == KindColumn) {
            if (e.kind == EventKind::Denied || e.kind == EventKind::Revoked || e.kind == EventKind::HolderBlocked
                || e.kind == EventKind::BorrowDenied)
                return QBrush(StatePalette::colour(StatePalette::Denied));
            if (e.kind == EventKind::Granted)
                return QBrush(StatePalette::colour(StatePalette::Live));
            if (e.kind == EventKind::Reaped || e.kind == EventKind::RenewRefused || e.kind == EventKind::ClockJumped
                || e.kind == EventKind::DatabaseFailover)
                return QBrush(StatePalette::colour(StatePalette::Pending));
            if (e.kind == EventKind::Queued || e.kind == EventKind::QueueLeft)
                return QBrush(StatePalette::colour(StatePalette::Waiting));
            if (e.kind == EventKind::ReclaimWarned || e.kind == EventKind::Reclaimed)
                return QBrush(StatePalette::colour(StatePalette::Idle));
        }
        return {};
    case SeqRole:
        return e.seq;
    case KindRole:
        return toWire(e.kind);
    case LicenseIdRole:
        return e.licenseId;
    case HolderRole:
        return e.holder;
    case TimeRole:
        return e.time;
    case SortRole:
        return index.column() == TimeColumn ? QVariant(e.seq) : data(index, Qt::DisplayRole);
    default:
        return {};
    }
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case KindColumn:
        return tr("Event");
    case LicenseColumn:
        return tr("License");
    case HolderColumn:
        return tr("Holder");
    case SeatColumn:
        return tr("Seat");
    case ActorColumn:
        return tr("By");
    case DetailColumn:
        return tr("Details");
    default:
        return {};
    }
}

void EventLogModel::appendEvents(const QList<EventRecord> &events)
{
    const qint64 last = lastSeq();
    QList<EventRecord> fresh;
    for (const EventRecord &e : events) {
        if (e.seq > last && (fresh.isEmpty() || e.seq > fresh.constLast().seq))
            fresh << e;
    }
    if (fresh.isEmpty())
        return;
    const int first = int(m_events.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_events.append(fresh);
    endInsertRows();
    trimToCapacity();
}

void EventLogModel::prependEvents(const QList<EventRecord> &events)
{
    const qint64 firstHeld = m_events.isEmpty() ? std::numeric_limits<qint64>::max() : firstSeq();
    QList<EventRecord> older;
    for (const EventRecord &e : events) {
        if (e.seq < firstHeld && (older.isEmpty() || e.seq > older.constLast().seq))
            older << e;
    }
    if (older.isEmpty())
        return;
    const int room = m_capacity - int(m_events.size());
    if (room <= 0)
        return;
    if (older.size() > room)
        older = older.mid(older.size() - room); // keep the newest of the older ones
    beginInsertRows({}, 0, int(older.size()) - 1);
    m_events = older + m_events;
    endInsertRows();
}

void EventLogModel::clear()
{
    beginResetModel();
    m_events.clear();
    endResetModel();
}

void EventLogModel::setCapacity(int rows)
{
    m_capacity = std::max(1, rows);
    trimToCapacity();
}

int EventLogModel::rowOfSeq(qint64 seq) const
{
    const auto it = std::lower_bound(m_events.cbegin(), m_events.cend(), seq,
                                     [](const EventRecord &e, qint64 s) { return e.seq < s; });
    if (it == m_events.cend() || it->seq != seq)
        return -1;
    return int(it - m_events.cbegin());
}

void EventLogModel::trimToCapacity()
{
    const int excess = int(m_events.size()) - m_capacity;
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_events.remove(0, excess);
    endRemoveRows();
}

} // namespace keyright
