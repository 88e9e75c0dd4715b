#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyright {

// What an audit event records (GET /v1/events, docs/API.md). The server's store keeps the wire
// name in its text column; every other layer handles the enum and converts at the edge, so this
// file is the only place a kind is spelled.
enum class EventKind {
    Granted, // a checkout took a seat
    Denied, // a checkout found every seat taken
    Released, // the holder gave its seat back
    RenewRefused, // a heartbeat came for a seat that had expired or never existed
    Revoked, // an admin freed a seat
    Reaped, // the reaper deleted an expired lease
    LicenseCreated,
    LicenseUpdated,
    KeyRotated,
    HolderBlocked, // a checkout refused because an admin blocked the holder
    Amnesia, // a replicated usage counter went backwards (docs/STATS.md)
    TokenCreated, // an admin made a named access token
    TokenRevoked, // an admin revoked one
    ClockJumped, // a clock leases are decided with jumped (detail: wire/ClockJump)
    RulesChanged, // an admin changed a license's seat rules (detail: rules, the new ones whole)
    GroupsChanged, // an admin changed the server's holder groups (detail: groups, the new ones whole)
    Queued, // a checkout that asked to wait got a place in the line (detail: ticketId, position)
    QueueLeft, // a ticket left the line without a seat (detail: ticketId, why, waitedMs)
    ReclaimWarned, // idle reclaim marked a seat: it goes at reclaimAt unless its holder acts (issue 26)
    ReclaimCancelled, // a mark was lifted: the holder acted, nobody waits any more, or no rule covers it
    Reclaimed, // idle reclaim took a marked seat for someone waiting (names both holders)
    AlertFired, // an alert rule's condition held: the alert fires (issue 29; detail: AlertChange)
    AlertResolved, // a firing alert's condition stopped holding (detail: AlertChange)
    DatabaseFailover, // an instance reconnected to another PostgreSQL primary (issue 31; detail: from, to,
                      // interruption)
    SeatBorrowed, // a seat was borrowed: taken offline until its expiry, never renewed (issue 27)
    BorrowReturned, // a borrowed seat was returned early: the seat is free again
    AlertAcknowledged, // an operator or admin acknowledged a firing alert (detail: AlertAcknowledged)
    BorrowWrittenOff, // an admin wrote off a borrowed seat (lost laptop): counted until its expiry (issue 27)
    BorrowDenied, // a borrow was refused, with the numbers of the refusal (issue 27; detail: wire/BorrowJson's
                  // BorrowRefusal). Not a denial of a seat on site: denialKinds() leaves it out
};

// Every kind, in the order above (the order the API's error message lists them in).
const QList<EventKind> &allEventKinds();

// The kinds that record a refused checkout, whatever refused it (the seat count or the rules:
// denied; an admin's block: holder_blocked). Each is a denial to the people who count them: the
// licenses' deniedLastHour and the dashboard's "Denials".
const QList<EventKind> &denialKinds();
inline bool isDenial(EventKind kind)
{
    return kind == EventKind::Denied || kind == EventKind::HolderBlocked;
}

QString toWire(EventKind kind);
// nullopt for a name that is not a kind (names are case-sensitive).
std::optional<EventKind> eventKindFromWire(QStringView name);
// The `kind` filter of GET /v1/events: wire names joined with commas.
QString eventKindFilter(const QList<EventKind> &kinds);
// Every wire name, joined with ", " (for error messages and help texts).
QString eventKindNames();

} // namespace keyright
