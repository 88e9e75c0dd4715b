#pragma once

#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyright {

// A place in a license's waiting line (docs/API.md, "The waiting line"). A checkout that asks to
// wait gets one (202) instead of a denial it could outwait; the waiter keeps it alive with ticket
// heartbeats the way a holder keeps a lease, and a ticket not renewed before expiresAt is dropped,
// so a crashed waiter never blocks the line. When a seat frees for it, the server takes the seat
// for the ticket (state Granted) and holds it until the ticket's expiresAt; the next ticket
// heartbeat answers with the signed lease.
struct QueueTicket
{
    // The longest wait a checkout may ask for, and what "wait" alone asks for.
    static constexpr qint64 maxWaitSecondsLimit = 24 * 3600;
    static constexpr qint64 defaultMaxWaitSeconds = 600;

    enum class State {
        Waiting,
        Granted, // seatId is held for it; the next ticket heartbeat returns the lease
    };

    QString ticketId; // ticketIdRule()
    QString licenseId;
    QString holder;
    State state = State::Waiting;
    int position = 0; // 1 is the head, among the tickets still waiting; 0 once granted
    int waiting = 0; // tickets waiting in the line, this one included while it waits
    QDateTime queuedAt; // the order of the line: earlier is served first
    QDateTime expiresAt; // dropped unless renewed by then (the license's TTL after each heartbeat)
    QDateTime giveUpAt; // queuedAt + the wait asked for: the server drops it then
    QString seatId; // Granted: the seat held for it; empty while waiting

    // {"ticketId", "licenseId", "holder", "state": "waiting"|"granted", "position", "waiting",
    //  "queuedAt", "expiresAt", "giveUpAt", "seatId" ("" while waiting)}
    QJsonObject toJson() const;
    // Strict: every member present and well-formed; the error's field is the value's path under
    // `path` ("queue[3].position").
    static std::optional<QueueTicket> fromJson(const QJsonValue &json, const QString &path = {},
                                               ValidationError *error = nullptr);

    friend bool operator==(const QueueTicket &, const QueueTicket &) = default;
};

namespace queue {

// Members of a checkout body that asks to wait: {"holder", "requestId", "wait": true,
// "maxWaitSeconds": 1..maxWaitSecondsLimit (default defaultMaxWaitSeconds)}.
inline constexpr char16_t waitMember[] = u"wait";
inline constexpr char16_t maxWaitMember[] = u"maxWaitSeconds";
// The member of a 202 answer that holds the ticket: {"ticket": {...}}.
inline constexpr char16_t ticketMember[] = u"ticket";
// The error code of a 410 for a ticket that is no longer in the line; its "reason" says why.
inline constexpr char16_t ticketLost[] = u"ticket_lost";

// Why a ticket left the line without a seat: the "why" of a queue_left event and the "reason"
// of a ticket_lost answer.
enum class LeftBecause {
    GaveUp, // "gave_up": the waiter left (DELETE of the ticket)
    Expired, // "expired": not renewed within its TTL (a crashed or paused waiter)
    TimedOut, // "timed_out": its giveUpAt passed
    Revoked, // "revoked": an admin removed it from the line
    Unknown, // "unknown": only in a ticket_lost answer, for a ticket the server never had
};
QString toWire(LeftBecause why);
std::optional<LeftBecause> leftBecauseFromWire(QStringView name);

QString toWire(QueueTicket::State state);
std::optional<QueueTicket::State> stateFromWire(QStringView name);

} // namespace queue

} // namespace keyright
