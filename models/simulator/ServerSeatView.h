#pragma once

#include <QDateTime>
#include <QString>

namespace keyright {

// What the server's admin API says about the seat a simulated client holds or last held.
struct ServerSeatView
{
    enum class State {
        NoSeat, // the client never got a seat (yet)
        Live, // the row exists and counts against the pool
        ExpiredAwaitingReap, // the row exists but no longer counts; the reaper will delete it
        Released, // the client gave it back
        Reaped, // the reaper deleted the expired row
        Revoked, // an administrator took it
        Reclaimed, // idle reclaim gave it to someone waiting
        Returned, // a borrowed seat given back before the end of the borrow
        Gone, // the row is gone and the audit log has not said why yet
    };

    State state = State::NoSeat;
    QString seatId;
    QDateTime expiresAt; // as signed by the server
    QDateTime countedUntil; // expiresAt + the license's skew: the last instant the seat counts
    QDateTime reapableAt; // from the server's lease list
    QDateTime endedAt; // when the audit log says the row went (released, reaped, revoked)

    friend bool operator==(const ServerSeatView &, const ServerSeatView &) = default;
};

} // namespace keyright
