#pragma once

#include "BorrowedLeaseFile.h"
#include "LeaseClient.h"
#include "SeatLease.h"

#include <QObject>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace keyright {

class Clock;

// Holds one seat for an application: checks out, beats at a third of the lease's own window plus
// jitter, tells a lost request (nothing changes while the held lease is still live) from a lapsed
// lease (re-acquire, and degrade only when that fails), recovers when a seat comes back, and
// releases on shutdown. It never extends a lease: only a new signed lease from the server moves
// the expiry it acts on. One keeper never holds two seats: before re-acquiring while the server may
// still count its old seat, it releases that seat.
//
// A site of several instances: the keeper's client holds the list (LeaseClient::setServerUrls).
// A heartbeat that fails on one instance is sent to the next inside the same request, so the
// keeper sees one renewal, or one lost request only when no instance answered; its guarantees do
// not depend on which instance answers, as every instance serves from the one database.
//
// Waiting in line (setWaitInLine): when no seat is free the keeper takes a place in the license's
// waiting line instead of retrying, renews its ticket at a third of the ticket's window, reports
// its position, and holds the lease the server hands it when a seat frees for it. It never has a
// ticket and a lease at once: a granted ticket becomes its one lease, release() and a lost seat
// leave the line first. A ticket the server dropped because the waiter was not heard from
// (expired) queues again; one that waited the longest wait asked for (timed_out) or that an
// administrator removed gives up and says so (gaveUp).
//
// Activity (issue 26): the application calls noteActivity() whenever its user does something
// (cheap enough for every input event), and each heartbeat tells the server how long ago the last
// one was, so that a seat held by an application nobody uses can be told from one in use. Until
// the first noteActivity() the keeper says nothing about activity: the server counts the seat's
// activity as unknown, never idle. When the license reclaims idle seats and someone waits, a
// heartbeat's answer may carry a reclaim time: the keeper emits reclaimWarning() (warningText()
// says it to the user), and activity noted after it is sent to the server at once, before the
// next regular heartbeat, which lifts the mark (reclaimLifted()). With no activity by reclaimAt
// (counted on the monotonic clock from the renewal that carried it) the keeper stops acting at
// once, as for a lapsed lease: the seat is the waiter's from then on, whatever its signed expiry.
//
// A borrowed lease (issue 27, startBorrowed): the keeper holds the seat from the lease kept on this
// computer, with no server and never a request. It checks the file offline (BorrowedLeaseFile::check:
// signature, license and holder, expiry with the skew, a clock not turned back) when it starts,
// every borrowed check interval, and at once when its clock says the answer may have changed; it
// holds until the borrow ends, degrades with the check's one sentence while the clock is turned
// back and recovers when it is right again. Its ordinary lapse rule (ExpiryPolicy) is not used for
// a borrowed lease: the borrow ends at its signed expiry, on the wall clock guarded by latestSeen.
//
// All decisions read the injected Clock; a short real-time tick (setTickInterval) re-evaluates
// them, so tests drive a ManualClock and the simulator a SkewedClock without waiting.
class LeaseKeeper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseKeeper)

public:
    // How the keeper decides that its lease has lapsed.
    enum class ExpiryPolicy {
        // Count the lease's window (expiresAt - issuedAt) from the moment the request that produced
        // it was sent, on the monotonic clock. Wall-clock offsets change nothing.
        Monotonic,
        // Compare the signed expiresAt with the keeper's wall clock (the naive rule): a fast clock
        // lapses early, a slow or rolled-back one keeps acting past the server's expiry.
        SignedExpiry,
    };
    Q_ENUM(ExpiryPolicy)

    enum class State {
        Idle, // not started
        Acquiring, // checking out (first time or after a loss)
        Waiting, // in the license's waiting line (setWaitInLine): no seat yet
        Holding, // holds a lease it believes live: the application may act
        Degraded, // its lease lapsed and re-acquiring failed: the application must not act
        Stopped, // released, or stopped without releasing (crash)
    };
    Q_ENUM(State)

    LeaseKeeper(LeaseClient &client, const Clock &clock, QObject *parent = nullptr);
    ~LeaseKeeper() override;

    void setHolder(const QString &holder);
    QString holder() const;
    void setExpiryPolicy(ExpiryPolicy policy);
    ExpiryPolicy expiryPolicy() const;
    void setMaxJitter(std::chrono::milliseconds jitter); // default 2 s; 0 for none
    void setTickInterval(std::chrono::milliseconds interval); // default 250 ms of real time
    void setRetryInterval(std::chrono::milliseconds interval); // re-acquire attempts while degraded
    // While no server answers (or every one answers 503), each failed attempt to take a seat
    // doubles the wait before the next, from the retry interval up to this (default 60 s), spread
    // by jitter between half and all of it so a site's clients do not come back in step; a
    // server's Retry-After is waited at least. A refusal (no seat free, a block) keeps the retry
    // interval. Heartbeats of a held seat never back off: they keep the seat.
    void setMaxRetryInterval(std::chrono::milliseconds interval);
    // With a wait, a checkout that finds no seat (every seat in use, the holder's group at its
    // cap) waits in line for at most that long; nullopt (the default) denies at once as before.
    void setWaitInLine(std::optional<std::chrono::seconds> maxWait);
    std::optional<std::chrono::seconds> waitInLine() const;

    void start();
    // Holds the borrowed lease of `licenseId` for holder() from `file` instead of checking out (see
    // above). No request is ever sent in this mode; release() stops without returning the borrow.
    void startBorrowed(const BorrowedLeaseFile &file, const QString &licenseId,
                       std::chrono::milliseconds skew = BorrowedLeaseFile::defaultSkew);
    bool isBorrowed() const;
    // How often a held borrowed lease is checked on disk (latestSeen written forward); default 60 s
    // of the monotonic clock.
    void setBorrowedCheckInterval(std::chrono::milliseconds interval);
    // Releases the seat (if any) and stops. Emits released() once the server answered or gave up.
    void release();
    // Stops without releasing, as a crashed process would: the seat stays counted until it expires.
    void crash();

    State state() const;
    // True while the keeper holds a lease it believes live: the application may act.
    bool isActing() const;
    std::optional<SeatLease> lease() const;
    // When this keeper will consider its lease lapsed, on its own wall clock.
    QDateTime believedExpiry() const;
    QString lastError() const;
    // True while a request to the server is outstanding (tests wait for the round trip to end).
    bool isRequestPending() const;
    // While Waiting: the place in line as the server last reported it.
    std::optional<QueueTicket> ticket() const;
    // How long this keeper has been in line, on its monotonic clock (0 when not waiting).
    std::chrono::milliseconds waitedFor() const;

    // Re-evaluates at once what is due (tests call it after moving the clock).
    void evaluate();

    // The user did something: remembers the moment, on the keeper's monotonic clock, for the next
    // heartbeat. No allocation, no signal, no request; callable from any thread.
    void noteActivity();
    // The same for activity `ago` before now (an application that learns of its user's input
    // late; the embedded demo's holder left idle since before it started).
    void noteActivity(std::chrono::milliseconds ago);
    // How long ago the last noteActivity() was, on the monotonic clock; nullopt before the first.
    std::optional<std::chrono::milliseconds> idleFor() const;
    // While the server has marked the seat for someone waiting: when it goes unless used (server
    // time); invalid otherwise.
    QDateTime reclaimAt() const;
    // The sentence an application shows for reclaimWarning(): "Your seat will be given to
    // someone waiting at 09:12 unless you use the application.", in local time.
    static QString warningText(const QDateTime &reclaimAt);

Q_SIGNALS:
    void stateChanged(keyright::LeaseKeeper::State state);
    void acquired(const keyright::SeatLease &lease); // first checkout, or a re-acquire
    void renewed(const keyright::SeatLease &lease); // a heartbeat gave a new signed lease
    void beatFailed(const QString &reason); // a transport failure; nothing changes yet
    void seatLost(const QString &reason); // the server said the seat is gone
    void lapsed(); // the held lease lapsed for this keeper
    void degraded(const QString &reason); // lapsed and re-acquiring failed
    void recovered(const keyright::SeatLease &lease); // holds a seat again after degrading
    void released(const QString &seatId); // gave the seat back (empty: held none; left the line)
    // Waiting: the place in line changed (1 is the head; `waiting` tickets in line in all).
    void positionChanged(int position, int waiting);
    // Stopped waiting without a seat: the longest wait passed, or an administrator removed it.
    void gaveUp(const QString &reason);
    // The server marked the seat as idle for someone waiting: it goes at reclaimAt unless the user
    // does something (noteActivity()) before. Emitted once per mark.
    void reclaimWarning(const QDateTime &reclaimAt);
    // The mark is lifted: the user acted, or nobody needs the seat any more (not emitted when the
    // seat is lost or reclaimed: seatLost() or lapsed() say that).
    void reclaimLifted();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace keyright
