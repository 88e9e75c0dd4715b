#pragma once

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

    void start();
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

    // Re-evaluates at once what is due (tests call it after moving the clock).
    void evaluate();

Q_SIGNALS:
    void stateChanged(keyright::LeaseKeeper::State state);
    void acquired(const keyright::SeatLease &lease); // first checkout, or a re-acquire
    void renewed(const keyright::SeatLease &lease); // a heartbeat gave a new signed lease
    void beatFailed(const QString &reason); // a transport failure; nothing changes yet
    void seatLost(const QString &reason); // the server said the seat is gone
    void lapsed(); // the held lease lapsed for this keeper
    void degraded(const QString &reason); // lapsed and re-acquiring failed
    void recovered(const keyright::SeatLease &lease); // holds a seat again after degrading
    void released(const QString &seatId); // gave the seat back

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace keyright
