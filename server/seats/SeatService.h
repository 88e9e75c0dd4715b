#pragma once

#include "SeatDecision.h"
#include "SeatRules.h"
#include "ValidationError.h"
#include "seats/LicenseState.h"
#include "seats/WaitingLine.h"
#include "store/LeaseStore.h"
#include "store/StoreTypes.h"
#include "wire/BorrowJson.h"
#include "wire/QueueTicket.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace keyright {
class Clock;
class CompiledSeatRules;
class LeaseSigner;
} // namespace keyright

namespace keyright::server {

class Metrics;
class StatsService;

// The seat logic: checkout, heartbeat, release, revoke, the waiting line, and the listings of
// licenses and seats. No HTTP here: callers pass plain values and get typed results. (Licenses,
// groups and rules are administered by LicenseAdmin; expired rows are reaped by LeaseReaper.)
// Every decision about "now" asks the injected clock, and every change is committed to the store,
// together with the event that records it, before the method returns.
class SeatService
{
public:
    SeatService(LeaseStore &store, const LeaseSigner &signer, const Clock &clock, Metrics *metrics = nullptr);

    struct CheckoutResult
    {
        enum class Outcome {
            Granted,
            NoSeatsAvailable,
            GroupCapReached,
            HolderNotAllowed, // a deny entry matched, or the allow list did not admit the holder
            HolderBlocked,
            LicenseNotFound,
            Queued, // asked to wait, refused for want of a seat: a ticket in the line instead
            LicenseNotValid, // outside the license's validFrom/validUntil (decideValidity)
        };
        Outcome outcome = Outcome::LicenseNotFound;
        SeatLease lease; // Granted
        bool replayed = false; // Granted: the seat an earlier request with this requestId took
        // decideCheckout()'s answer, with its numbers: every outcome but HolderBlocked,
        // LicenseNotFound and a replay.
        SeatDecision decision;
        int seatCount = 0; // the denials
        int inUse = 0; // the denials
        QDateTime nextExpiry; // NoSeatsAvailable, GroupCapReached: min(expiresAt) + skew over the live seats
        QDateTime blockedUntil; // HolderBlocked
        QueueTicket ticket; // Queued: its place in the line
        QString ticketId; // Granted from the line (the checkout repeated a granted ticket's requestId)
        QString licenseName; // LicenseNotValid: for the sentence
        ValidityRefusal validity; // LicenseNotValid
    };
    // With maxWait, a checkout refused for want of a seat waits in the license's line instead
    // (Queued); a checkout repeating the requestId of a ticket gets that ticket, or its seat.
    CheckoutResult checkout(const QString &licenseId, const QString &holder, const QString &requestId,
                            const QString &actor, std::optional<std::chrono::seconds> maxWait = {},
                            std::optional<std::chrono::milliseconds> idle = {});

    // The waiting line's ticket heartbeat: keeps the ticket alive and tells its place, or hands
    // over the seat held for it (the ticket is then gone), or says why it is no longer in line.
    struct TicketResult
    {
        enum class Outcome { Waiting, Granted, Lost, LicenseNotFound };
        Outcome outcome = Outcome::LicenseNotFound;
        QueueTicket ticket; // Waiting
        SeatLease lease; // Granted
        queue::LeftBecause lost = queue::LeftBecause::Unknown; // Lost
    };
    TicketResult ticketHeartbeat(const QString &licenseId, const QString &ticketId, const QString &actor);
    enum class LeaveOutcome { Left, NotInLine, LicenseNotFound };
    // The waiter gives up its place (and the seat held for it, if any).
    LeaveOutcome leaveQueue(const QString &licenseId, const QString &ticketId, const QString &actor);

    // A seat taken offline for `days` whole days (issue 27): decideBorrow() in the same serialized
    // unit as a checkout, then a borrowed lease whose expiry is the end of the borrow (capped at
    // validUntil). It counts as any live seat until it is returned or expires; it is never renewed.
    struct BorrowResult
    {
        enum class Outcome { Granted, Denied, HolderBlocked, LicenseNotFound, LicenseNotValid };
        Outcome outcome = Outcome::LicenseNotFound;
        SeatLease lease; // Granted
        BorrowDecision decision; // Granted, Denied
        QDateTime nextExpiry; // Denied for want of a seat: min(expiresAt) + skew over the live seats
        QDateTime blockedUntil; // HolderBlocked
        QString licenseName; // LicenseNotValid
        ValidityRefusal validity; // LicenseNotValid
        QDateTime decidedAt; // the server's "now" for the answer's serverTime
        BorrowReturnSecret returnSecret; // Granted: handed out once, only its hash is kept
    };
    BorrowResult borrow(const QString &licenseId, const QString &holder, int days, const QString &actor);

    // Early return of a borrowed seat: the row goes at once (the seat is free for the next
    // decision) and its seat id is never renewed or taken again. NotBorrowed: no such borrowed
    // seat (an ordinary seat is released, not returned). WrongSecret: `secret` is missing or not the
    // one the borrow handed out, so the return may not come from the laptop that holds the signed
    // lease: nothing changes and nothing is recorded (issue 27). A row borrowed before the server kept
    // return secrets has no hash and is returned without one.
    enum class ReturnOutcome { Returned, NotBorrowed, WrongSecret, LicenseNotFound };
    ReturnOutcome returnBorrowed(const QString &licenseId, const QString &seatId, const BorrowReturnSecret &secret,
                                 const QString &actor);

    // An admin's write-off of a borrowed seat whose laptop is lost (issue 27): the row is marked
    // and a borrow_written_off event recorded, but the seat stays counted until its expiry (its
    // signed lease cannot be recalled offline) and an early return still frees it. Repeating it
    // changes nothing: AlreadyWrittenOff with the first write-off. NotBorrowed: the seat is there
    // but not borrowed; BorrowEnded: it was borrowed but has expired (nothing left to write off).
    struct WriteOffResult
    {
        enum class Outcome { WrittenOff, AlreadyWrittenOff, SeatNotFound, NotBorrowed, BorrowEnded, LicenseNotFound };
        Outcome outcome = Outcome::LicenseNotFound;
        StoredLease row; // WrittenOff, AlreadyWrittenOff (with its writeOff), NotBorrowed, BorrowEnded
    };
    WriteOffResult writeOff(const QString &licenseId, const QString &seatId, const QString &note, const QString &actor);

    struct HeartbeatResult
    {
        // SeatBorrowed: the seat is borrowed, and a borrow is never renewed (it lasts until its
        // expiry or its return).
        enum class Outcome { Renewed, SeatLost, LicenseNotFound, SeatBorrowed };
        Outcome outcome = Outcome::LicenseNotFound;
        SeatLease lease; // Renewed
        QDateTime reclaimAt; // Renewed: when idle reclaim takes the seat unless used; invalid: not marked
    };
    // Plans, signs and completes the renewal in one unit, or records why the seat is lost. `idle`:
    // how long before the heartbeat its holder last did something (HeartbeatRequest), stored
    // with the renewal as the moment of its last activity; nullopt: unknown.
    HeartbeatResult heartbeat(const QString &licenseId, const QString &seatId, const QString &actor,
                              std::optional<std::chrono::milliseconds> idle = std::nullopt);

    // Every renewal takes three steps, so that its signature, the costliest part, can be made
    // outside the store's unit and alongside other renewals: RequestTurn plans every heartbeat of
    // a turn when it arrives, signs them all at once at the end of the turn (on a thread pool
    // with cores to spare), then completes each. heartbeat() takes the same steps for one seat.
    struct RenewalPlan
    {
        SeatLease current; // the row as planned from
        SeatLease renewed; // new issuedAt and expiresAt; signed by signRenewal()
        std::chrono::milliseconds skew {};
        // The heartbeat's idle time (HeartbeatRequest::idle), set by the caller after planning:
        // completion stores renewed.issuedAt - idle as the seat's last activity (nullopt: unknown).
        std::optional<std::chrono::milliseconds> idle = {};
        // Idle reclaim's mark on the row as planned from (StoredLease); invalid: not marked.
        QDateTime reclaimMarkedAt = {};
        QDateTime reclaimAt = {};
        // The row's last activity as planned from (invalid: unknown): with the heartbeat's, it
        // tells completion of an idle period that ended (idle history).
        QDateTime previousActivity = {};
    };
    // The reclaimAt a renewal's answer carries: the mark's, unless the heartbeat tells of activity
    // after the mark (which lifts it at the next decision), or none.
    static QDateTime reclaimAtOf(const RenewalPlan &plan);
    // Idle history (issue 26), in the caller's unit: a seat that ends at `end` (its release, its
    // revoke, the moment it stopped counting) closes its holder's idle period if one was going on.
    static void noteIdleUntil(LeaseStore &store, const StoredLease &row, const QDateTime &end);
    // Nothing when heartbeat() would not renew (unknown license, seat not held or not live): call
    // heartbeat() for that answer.
    std::optional<RenewalPlan> planRenewal(const QString &licenseId, const QString &seatId);
    // Signs the plan's renewed lease. Thread-safe: several renewals may be signed at once.
    void signRenewal(RenewalPlan &plan) const;
    // Stores a signed renewal in its own unit (or the unit it is called from), if the row is still
    // the planned one and still live now (a seat that stopped being live may already be someone
    // else's). False when not: call heartbeat(), which decides afresh.
    bool completeRenewal(const RenewalPlan &plan);
    // The bulk forms, for a turn's heartbeats (one read of all their rows, one write): element i
    // is planRenewal(seats[i]...), and completeRenewals' element i says whether *plans[i] was
    // stored, as completeRenewal() would. completeRenewals() runs in the caller's unit, which
    // must hold the plans' licenses (LeaseStore::lockLicenses); no seat may appear twice.
    QList<std::optional<RenewalPlan>> planRenewals(const QList<std::pair<QString, QString>> &seats);
    QList<bool> completeRenewals(const QList<const RenewalPlan *> &plans);

    // SeatBorrowed: a borrowed seat is returned early with its return secret (returnBorrowed), never
    // released by its id alone (issue 27); one borrowed before the server kept secrets still is.
    enum class ReleaseOutcome { Released, NotHeld, SeatBorrowed, LicenseNotFound };
    ReleaseOutcome release(const QString &licenseId, const QString &seatId, const QString &actor);

    struct RevokeResult
    {
        enum class Outcome { Revoked, SeatNotFound, SeatBorrowed, LicenseNotFound };
        Outcome outcome = Outcome::LicenseNotFound;
        std::optional<QDateTime> blockedUntil;
        QDateTime borrowedUntil; // SeatBorrowed: the signed expiry the laptop holds
    };
    RevokeResult revoke(const QString &licenseId, const QString &seatId, const QString &reason,
                        std::chrono::seconds block, const QString &actor);

    // The reaper deleted `reclaimed` of the license's rows in the current unit (LeaseReaper):
    // counts them as reclaimed and hands the seats that came back to the license's line, which
    // drops at most `deadLimit` lapsed tickets in this unit.
    void reclaim(LicenseRecord &license, int reclaimed, const QDateTime &now, const QString &actor, int deadLimit);

    std::optional<LicenseRecord> license(const QString &licenseId);
    QList<LicenseState> licenses();

    // The license's rules compiled with the server's groups, for decideCheckout(). Call it inside
    // the license's withLicense() unit, so that the rules are the ones in force for the decision.
    CompiledSeatRules rulesOf(const QString &licenseId);

    struct LeaseListing
    {
        LicenseState license;
        QList<StoredLease> leases; // every row, live or not, by expiry
        QList<HolderBlock> blocks; // blocks still in force
        QList<QueueTicket> queue; // granted tickets, then the waiting ones in line order
        SeatRules rules; // the license's
        QList<HolderGroup> groups; // every group of the server
    };
    std::optional<LeaseListing> leaseListing(const QString &licenseId);

    QList<EventRecord> events(const EventQuery &query);

    const Clock &clock() const { return m_clock; }
    // The key every lease is signed with (32 bytes), which a borrower keeps to check it offline.
    QByteArray publicKey() const;

    // Runs an empty transaction, so that GET /v1/health reports a database that cannot serve one
    // (PostgreSQL down, with its reconnect pause). Throws StoreError.
    void checkStore()
    {
        m_store.withStore([] {});
    }

    // Counts granted, denied, released, revoked, reclaimed and renewed seats into `stats` (the
    // server's own G-Counter components), each in the transaction of the event it counts.
    // nullptr (the default) counts nothing.
    void setStats(StatsService *stats) { m_stats = stats; }

private:
    // Idle history from a stored renewal (in its unit): the seat's activity known from now on, or
    // the idle period its heartbeat ended.
    void noteActivity(const RenewalPlan &plan);
    // Why a heartbeat is not renewed: LicenseNotFound, or SeatLost with the row if there is one.
    struct RenewalRefusal
    {
        HeartbeatResult::Outcome outcome = HeartbeatResult::Outcome::LicenseNotFound;
        std::optional<StoredLease> row;
        QDateTime decidedAt;
    };
    std::optional<RenewalPlan> decideRenewal(const QString &licenseId, const QString &seatId, RenewalRefusal *refusal);
    static std::optional<RenewalPlan> planFrom(const LicenseRecord &license, const std::optional<StoredLease> &row,
                                               const QDateTime &now);
    // The seat's last activity a renewal stores: invalid when its heartbeat did not tell.
    static QDateTime lastActivityOf(const RenewalPlan &plan);

    // WaitingLine::serve() with the license's rules, counting the seats it grants, then idle
    // reclaim (decideReclaim()) for those still waiting, and the line again if it took a seat.
    void serveLine(LicenseRecord &license, const QDateTime &now, const QString &actor,
                   int deadLimit = WaitingLine::maxTickets);
    // The same with the license's rules already read in this unit (a checkout decides with them
    // too: read once, not twice).
    void serveLine(LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now, const QString &actor,
                   int deadLimit = WaitingLine::maxTickets);

    // Carries out decideReclaim() for the license: marks, lifts marks, takes seats (each with its
    // event). Returns the seats taken.
    int reclaimIdle(const LicenseRecord &license, const CompiledSeatRules &rules, const QDateTime &now,
                    const QString &actor);

    // The answer and the `denied` event of a checkout decideCheckout() refused.
    void refuseCheckout(const LicenseRecord &license, const QList<StoredLease> &rows, const QString &holder,
                        const QString &actor, const QDateTime &now, CheckoutResult &result);
    // The rest of a borrowed seat's return once its row is deleted (in the caller's unit): its
    // event, and the line served with the seat that came back.
    void returned(const LicenseRecord &license, const StoredLease &row, const QString &actor);
    // The event that removed a seat's row (revoked, released, reaped), when it is recent.
    std::optional<EventRecord> seatEnding(const QString &licenseId, const QString &seatId, const QDateTime &now);
    void record(const QDateTime &time, EventKind kind, const QString &licenseId, const QString &seatId,
                const QString &holder, const QString &actor, const QJsonObject &detail);

    LeaseStore &m_store;
    const LeaseSigner &m_signer;
    const Clock &m_clock;
    Metrics *m_metrics;
    StatsService *m_stats = nullptr;
    WaitingLine m_line;
};

} // namespace keyright::server
