#pragma once

#include "AlertRules.h"
#include "LicenseValidity.h"
#include "SeatDecision.h"
#include "SeatRules.h"
#include "wire/AccessRole.h"
#include "wire/BorrowJson.h"
#include "wire/ClockJump.h"
#include "wire/EventKind.h"
#include "wire/QueueTicket.h"
#include "wire/StatsSnapshot.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// The `detail` of each kind of audit event (docs/API.md, "GET /v1/events"), one type per kind.
// The server records an event's detail with toJson(); the dashboard, the CLI and the server itself
// (reading its own log back) read it with fromJson(). The decoders are lenient: they read what an
// event of any server version holds, and a member that is absent, or of another type, keeps its
// default, so an old log still shows. Kinds without a detail (key_rotated) have no type:
// their detail is {}.
namespace keyright::eventdetail {

// granted: a checkout took a seat, or the waiting line gave one to a ticket.
struct Granted
{
    quint64 generation = 0;
    QDateTime expiresAt;
    int inUse = 0; // after the grant
    int seatCount = 0;
    QString reservation; // the group whose reserved seat it took; empty: a shared seat
    QString ticketId; // the ticket the line gave it to; empty: a checkout
    qint64 waitedMs = 0; // from the line: how long the ticket waited

    bool fromLine() const { return !ticketId.isEmpty(); }
    QJsonObject toJson() const;
    static Granted fromJson(const QJsonObject &detail);

    friend bool operator==(const Granted &, const Granted &) = default;
};

// A live lease as a denial lists it.
struct HeldSeat
{
    QString seatId;
    QString holder;
    quint64 generation = 0;
    QDateTime issuedAt;
    QDateTime expiresAt;
    // A borrowed seat (issue 27), away on a laptop until expiresAt: "borrowed": true, written only
    // when set (absent from older servers, read as false).
    bool borrowed = false;

    friend bool operator==(const HeldSeat &, const HeldSeat &) = default;
};

// denied: a checkout refused by the seat count or the rules. The members of the rule denial
// answer (seatrules::denialToJson), "reason" (its code) and "holders", every live lease then.
struct Denied
{
    static constexpr char16_t holdersMember[] = u"holders";

    QString reason; // the denial code; empty from a server before seat rules
    int inUse = 0;
    int seatCount = 0;
    // What decideCheckout() said, with its numbers (seatrules::denialFromJson); nullopt without a
    // reason or when its members do not make a decision.
    std::optional<SeatDecision> decision;
    bool listsReservations = false; // the reservations in force are listed (decision->usage)
    QList<HeldSeat> holders;
    bool listsHolders = false; // older servers did not list them

    QJsonObject toJson() const; // needs the decision
    static Denied fromJson(const QJsonObject &detail);
    static Denied of(const SeatDecision &decision, const QList<HeldSeat> &holders);
};

// renew_refused: a heartbeat found its seat not live.
struct RenewRefused
{
    static constexpr char16_t expired[] = u"expired"; // the row is there, not live
    static constexpr char16_t unknownSeat[] = u"unknown seat"; // no row

    QString reason; // expired or unknownSeat
    std::optional<EventKind> endedBy; // no row: the event that removed it (revoked, released, reaped)
    QDateTime endedAt;

    QJsonObject toJson() const;
    static RenewRefused fromJson(const QJsonObject &detail);

    friend bool operator==(const RenewRefused &, const RenewRefused &) = default;
};

// seat_borrowed: a borrow took a seat until expiresAt, the end of the borrow (issue 27).
struct SeatBorrowed
{
    quint64 generation = 0;
    QDateTime expiresAt;
    int days = 0;
    int inUse = 0; // after the borrow
    int seatCount = 0;
    int borrowed = 0; // borrowed seats after the borrow
    QString reservation; // the group whose reserved seat it took; empty: a shared seat

    QJsonObject toJson() const;
    static SeatBorrowed fromJson(const QJsonObject &detail);

    friend bool operator==(const SeatBorrowed &, const SeatBorrowed &) = default;
};

// borrow_returned: a borrowed seat came back before its expiry.
struct BorrowReturned
{
    QDateTime expiresAt; // the end of the borrow it cut short

    QJsonObject toJson() const;
    static BorrowReturned fromJson(const QJsonObject &detail);

    friend bool operator==(const BorrowReturned &, const BorrowReturned &) = default;
};

// borrow_written_off: an admin wrote off a borrowed seat, its laptop lost (the event's actor is
// who, its seatId and holder the seat's). The seat stays counted until countedUntil, the end of the
// borrow, since its signed lease cannot be recalled offline; an early return still frees it.
struct BorrowWrittenOff
{
    QDateTime countedUntil;
    QString note; // empty: none given

    QJsonObject toJson() const;
    // Lenient: a missing member reads as invalid or empty.
    static BorrowWrittenOff fromJson(const QJsonObject &detail);

    friend bool operator==(const BorrowWrittenOff &, const BorrowWrittenOff &) = default;
};

// borrow_denied: a borrow the policy or the seat rules refused (issue 27), with the numbers of
// the refusal, the same members as the refusal's answer (wire/BorrowJson).
struct BorrowDenied
{
    std::optional<BorrowRefusal> refusal; // nullopt: a reason this build does not know

    QJsonObject toJson() const; // needs the refusal
    static BorrowDenied fromJson(const QJsonObject &detail);

    friend bool operator==(const BorrowDenied &, const BorrowDenied &) = default;
};

// released: the holder gave its seat back. A server before issue 25 recorded {}.
struct Released
{
    QDateTime expiresAt; // the lease's expiry then (usage history: a seat released after it ran
                         // out stopped counting at expiresAt + skew); invalid: not recorded

    QJsonObject toJson() const;
    static Released fromJson(const QJsonObject &detail);

    friend bool operator==(const Released &, const Released &) = default;
};

// revoked: an admin revoked a seat.
struct Revoked
{
    QString reason;
    qint64 blockSeconds = 0;
    QDateTime blockedUntil; // invalid: no block (null)
    QDateTime expiresAt; // the lease's expiry then, as Released's; invalid: not recorded

    QJsonObject toJson() const;
    static Revoked fromJson(const QJsonObject &detail);

    friend bool operator==(const Revoked &, const Revoked &) = default;
};

// reaped: the reaper deleted an expired row.
struct Reaped
{
    QDateTime expiresAt;

    QJsonObject toJson() const;
    static Reaped fromJson(const QJsonObject &detail);

    friend bool operator==(const Reaped &, const Reaped &) = default;
};

// holder_blocked: a checkout refused by an admin's block. Like a denial it lists every live lease
// then, with the license's numbers, so that the refusal is explained from the event alone (a
// server before issue 23 recorded only `until`).
struct HolderBlocked
{
    QDateTime until;
    int inUse = 0;
    int seatCount = 0;
    QList<HeldSeat> holders;
    bool listsHolders = false; // toJson() writes inUse, seatCount and holders only with it

    QJsonObject toJson() const;
    static HolderBlocked fromJson(const QJsonObject &detail);

    friend bool operator==(const HolderBlocked &, const HolderBlocked &) = default;
};

// license_created, license_updated: the license as it is now, durations in whole seconds.
struct LicenseChanged
{
    QString name;
    int seatCount = 0;
    qint64 ttlSeconds = 0;
    qint64 skewSeconds = 0;
    qint64 reapGraceSeconds = 0;
    // The dates (issue 29), written only when set; an older server's detail has none.
    LicenseValidity validity = {};
    // The borrowing policy (issue 27, wire/BorrowJson's "borrow" member), so that a change of it
    // shows in the audit trail (walk 51b N1); nullopt: an older server's detail, which has none.
    std::optional<BorrowPolicy> borrow = std::nullopt;

    QJsonObject toJson() const;
    static LicenseChanged fromJson(const QJsonObject &detail);

    friend bool operator==(const LicenseChanged &, const LicenseChanged &) = default;
};

// rules_changed: a license's new seat rules, whole.
struct RulesChanged
{
    SeatRules rules;

    QJsonObject toJson() const;
    // nullopt when the rules do not decode.
    static std::optional<RulesChanged> fromJson(const QJsonObject &detail);

    friend bool operator==(const RulesChanged &, const RulesChanged &) = default;
};

// groups_changed: the server's new holder groups, whole.
struct GroupsChanged
{
    QList<HolderGroup> groups;

    QJsonObject toJson() const;
    // nullopt when the groups do not decode.
    static std::optional<GroupsChanged> fromJson(const QJsonObject &detail);

    friend bool operator==(const GroupsChanged &, const GroupsChanged &) = default;
};

// queued: a checkout that asked to wait got a ticket.
struct Queued
{
    QString ticketId;
    int position = 0; // the length of the line with it
    QDateTime giveUpAt;

    QJsonObject toJson() const;
    static Queued fromJson(const QJsonObject &detail);

    friend bool operator==(const Queued &, const Queued &) = default;
};

// queue_left: a ticket left the line without its waiter taking the seat.
struct QueueLeft
{
    QString ticketId;
    queue::LeftBecause why = queue::LeftBecause::Unknown;
    qint64 waitedMs = 0;
    bool granted = false; // a seat was held for it, now given back
    QDateTime seatExpiresAt; // granted: the held lease's expiry then; invalid: not recorded
    // expired: when the ticket stopped counting (its own expiry), however long before the server
    // dropped it; invalid otherwise or not recorded
    QDateTime ticketExpiresAt;

    QJsonObject toJson() const;
    static QueueLeft fromJson(const QJsonObject &detail);

    friend bool operator==(const QueueLeft &, const QueueLeft &) = default;
};

// reclaim_warned: idle reclaim marked the event's seat (its holder: the event's holder) for a
// waiter; the seat goes at reclaimAt unless its holder does something first.
struct ReclaimWarned
{
    QString waiter; // the holder the seat is taken for
    QString waiterTicketId; // its ticket; empty when the waiter was refused (no line in use)
    qint64 idleMs = 0; // how long the holder had been idle at the mark
    qint64 waitedMs = 0; // how long the waiter had waited (or since its refusal)
    QDateTime reclaimAt;

    QJsonObject toJson() const;
    static ReclaimWarned fromJson(const QJsonObject &detail);

    friend bool operator==(const ReclaimWarned &, const ReclaimWarned &) = default;
};

// reclaim_cancelled: a mark was lifted; the holder keeps its seat.
struct ReclaimCancelled
{
    static constexpr char16_t activity[] = u"activity"; // the holder did something after the mark
    static constexpr char16_t nobodyWaiting[] = u"nobody_waiting"; // no one who may take it waits
    static constexpr char16_t noRule[] = u"no_rule"; // the license's rules no longer reclaim it

    QString reason;
    QDateTime reclaimAt; // the mark's

    QJsonObject toJson() const;
    static ReclaimCancelled fromJson(const QJsonObject &detail);

    friend bool operator==(const ReclaimCancelled &, const ReclaimCancelled &) = default;
};

// reclaimed: a marked seat whose holder stayed idle past reclaimAt was taken for a waiter. The
// event names the idle holder (its holder) and the waiter; the waiter's own `granted` follows
// when the line gives it the seat.
struct Reclaimed
{
    QString waiter;
    QString waiterTicketId; // empty when the waiter was refused (no line in use)
    qint64 idleMs = 0;
    QDateTime markedAt;
    QDateTime expiresAt; // the lease's expiry then, as Released's

    QJsonObject toJson() const;
    static Reclaimed fromJson(const QJsonObject &detail);

    friend bool operator==(const Reclaimed &, const Reclaimed &) = default;
};

// The ticket an event of the line (queued, queue_left, granted from the line) is about; empty for
// any other event.
QString ticketIdOf(const QJsonObject &detail);

// token_created, token_revoked: the token, never its secret.
struct TokenChanged
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    QDateTime expiresAt; // token_created only; invalid: never (null)

    QJsonObject toJson(EventKind kind) const; // expiresAt for token_created only
    static TokenChanged fromJson(const QJsonObject &detail);

    friend bool operator==(const TokenChanged &, const TokenChanged &) = default;
};

// clock_jumped: core's ClockJump (wire/ClockJump.h), which came first; named here as every
// other kind's detail is.
using ClockJumped = ClockJump;

// amnesia: a replicated usage counter went backwards (docs/STATS.md). The record's licenseId and
// time are the event's own.
struct Amnesia
{
    StatsAmnesia::Kind kind = StatsAmnesia::Kind::PeerRegressed;
    QString replicaId;
    QString counter;
    quint64 held = 0;
    quint64 reported = 0;
    QString source;

    QJsonObject toJson() const;
    // nullopt without a known kind.
    static std::optional<Amnesia> fromJson(const QJsonObject &detail);

    friend bool operator==(const Amnesia &, const Amnesia &) = default;
};

// alert_fired and alert_resolved (issue 29): which rule, about what, and the numbers. The event's
// licenseId is the alert's license (null for an alert about the server).
struct AlertChange
{
    QString ruleId;
    AlertKind kind = AlertKind::SeatsInUse;
    AlertSeverity severity = AlertSeverity::Warning;
    int noticeDays = -1; // validity_ending: the notice it fired at; -1 otherwise
    QDateTime since; // when the condition began to hold
    QDateTime firedAt; // alert_resolved: when it had fired
    QDateTime resolvedAt; // alert_resolved: when it resolved ("resolvedAt", absent from alert_fired)
    // The measure (percent, denials, waiting, minutes, days left (-1: passed), jumps) and the rule's
    // number it was compared with; alert_resolved repeats those the alert fired with.
    qint64 value = 0;
    qint64 limit = 0;
    ValidityBound ends = ValidityBound::None; // validity_ending: the date it is about ("ends")
    QDateTime endsAt; // and when that date is ("endsAt")
    // instance_silent: the instance (its replica id, "instance"; its URL when known,
    // "instanceUrl"), when it was last seen ("lastSeenAt"), and, for an alert_resolved because the
    // instance is gone rather than back, why ("instanceGone": "stopped" or "forgotten"). Absent
    // for the other kinds.
    QString instance;
    QString instanceUrl;
    QDateTime lastSeenAt;
    InstanceGone instanceGone = InstanceGone::No;

    QJsonObject toJson() const;
    static AlertChange fromJson(const QJsonObject &detail);

    friend bool operator==(const AlertChange &, const AlertChange &) = default;
};

// alert_acknowledged: an operator or admin acknowledged a firing alert (the event's actor is who, its
// time when, its licenseId the alert's license). The alert stays firing until its condition clears.
struct AlertAcknowledged
{
    qint64 alertId = 0; // the seq of the alert_fired event
    QString ruleId;
    int noticeDays = -1; // validity_ending: the notice it fired at; -1 otherwise
    QString note; // empty: none given

    QJsonObject toJson() const;
    // Lenient: a missing member reads as empty, 0 or -1.
    static AlertAcknowledged fromJson(const QJsonObject &detail);

    friend bool operator==(const AlertAcknowledged &, const AlertAcknowledged &) = default;
};

// database_failover: an instance's connection came back on another server of its --database host
// list than the one it had (Patroni promoted a standby), recorded once by each instance that
// finds it. The servers are "host:port" as the database gives its own address.
struct DatabaseFailover
{
    QString from; // the primary before
    QString to; // the primary now
    qint64 interruptionMs = 0; // from the first unit that found the connection lost to the reconnection
    QString replicaId; // the instance that found it (its replica id, as in /v1/stats)

    QJsonObject toJson() const;
    // Lenient: a missing member reads as empty or 0.
    static DatabaseFailover fromJson(const QJsonObject &detail);

    friend bool operator==(const DatabaseFailover &, const DatabaseFailover &) = default;
};

} // namespace keyright::eventdetail
