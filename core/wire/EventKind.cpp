#include "wire/EventKind.h"

#include <QStringList>

using namespace Qt::StringLiterals;

namespace keyright {

const QList<EventKind> &allEventKinds()
{
    using K = EventKind;
    static const QList<EventKind> all {K::Granted,      K::Denied,         K::Released,          K::RenewRefused,
                                       K::Revoked,      K::Reaped,         K::LicenseCreated,    K::LicenseUpdated,
                                       K::KeyRotated,   K::HolderBlocked,  K::Amnesia,           K::TokenCreated,
                                       K::TokenRevoked, K::ClockJumped,    K::RulesChanged,      K::GroupsChanged,
                                       K::Queued,       K::QueueLeft,      K::ReclaimWarned,     K::ReclaimCancelled,
                                       K::Reclaimed,    K::AlertFired,     K::AlertResolved,     K::DatabaseFailover,
                                       K::SeatBorrowed, K::BorrowReturned, K::AlertAcknowledged, K::BorrowWrittenOff,
                                       K::BorrowDenied};
    return all;
}

const QList<EventKind> &denialKinds()
{
    static const QList<EventKind> kinds {EventKind::Denied, EventKind::HolderBlocked};
    return kinds;
}

QString toWire(EventKind kind)
{
    switch (kind) {
    case EventKind::Granted:
        return u"granted"_s;
    case EventKind::Denied:
        return u"denied"_s;
    case EventKind::Released:
        return u"released"_s;
    case EventKind::RenewRefused:
        return u"renew_refused"_s;
    case EventKind::Revoked:
        return u"revoked"_s;
    case EventKind::Reaped:
        return u"reaped"_s;
    case EventKind::LicenseCreated:
        return u"license_created"_s;
    case EventKind::LicenseUpdated:
        return u"license_updated"_s;
    case EventKind::KeyRotated:
        return u"key_rotated"_s;
    case EventKind::HolderBlocked:
        return u"holder_blocked"_s;
    case EventKind::Amnesia:
        return u"amnesia"_s;
    case EventKind::TokenCreated:
        return u"token_created"_s;
    case EventKind::TokenRevoked:
        return u"token_revoked"_s;
    case EventKind::ClockJumped:
        return u"clock_jumped"_s;
    case EventKind::RulesChanged:
        return u"rules_changed"_s;
    case EventKind::GroupsChanged:
        return u"groups_changed"_s;
    case EventKind::Queued:
        return u"queued"_s;
    case EventKind::QueueLeft:
        return u"queue_left"_s;
    case EventKind::ReclaimWarned:
        return u"reclaim_warned"_s;
    case EventKind::ReclaimCancelled:
        return u"reclaim_cancelled"_s;
    case EventKind::Reclaimed:
        return u"reclaimed"_s;
    case EventKind::AlertFired:
        return u"alert_fired"_s;
    case EventKind::AlertResolved:
        return u"alert_resolved"_s;
    case EventKind::DatabaseFailover:
        return u"database_failover"_s;
    case EventKind::SeatBorrowed:
        return u"seat_borrowed"_s;
    case EventKind::BorrowReturned:
        return u"borrow_returned"_s;
    case EventKind::AlertAcknowledged:
        return u"alert_acknowledged"_s;
    case EventKind::BorrowWrittenOff:
        return u"borrow_written_off"_s;
    case EventKind::BorrowDenied:
        return u"borrow_denied"_s;
    }
    return {};
}

std::optional<EventKind> eventKindFromWire(QStringView name)
{
    for (const EventKind kind : allEventKinds()) {
        if (toWire(kind) == name)
            return kind;
    }
    return std::nullopt;
}

QString eventKindFilter(const QList<EventKind> &kinds)
{
    QStringList names;
    for (const EventKind kind : kinds)
        names.append(toWire(kind));
    return names.join(u',');
}

QString eventKindNames()
{
    return eventKindFilter(allEventKinds()).replace(u',', u", "_s);
}

} // namespace keyright
