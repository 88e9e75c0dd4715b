#pragma once

#include "SeatLease.h"
#include "ValidationError.h"
#include "wire/QueueTicket.h"

#include <QJsonObject>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// The bodies of the seat routes (docs/API.md): what a client sends to take or give up a seat and
// what the server answers with a lease or a place in line.

// POST /v1/licenses/{id}/checkout: {"holder", "requestId"?, "wait"?: true, "maxWaitSeconds"?}.
struct CheckoutRequest
{
    static constexpr int maxRequestIdLength = 128; // code points

    QString holder;
    QString requestId; // empty: none (a retry then cannot find the seat it took)
    // "wait": true: how long to wait in line at most ("maxWaitSeconds", else
    // QueueTicket::defaultMaxWaitSeconds); nullopt: no waiting.
    std::optional<std::chrono::seconds> maxWait;
    // "idleMs": how long before sending the checkout its application last reported activity, as a
    // heartbeat tells it (HeartbeatRequest::idleMember, 0..maxIdleMs), so that a new seat's
    // activity is known from its grant rather than from its first heartbeat; nullopt: unknown.
    std::optional<std::chrono::milliseconds> idle = {};

    QJsonObject toJson() const;
    // Strict, in the words of every request refusal; maxWaitSeconds alone is checked but does
    // not make a checkout wait: "wait" says that.
    static std::optional<CheckoutRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const CheckoutRequest &, const CheckoutRequest &) = default;
};

// POST /v1/licenses/{id}/seats/{seatId}/heartbeat: {"idleMs"?}, how long before sending the
// heartbeat its application last reported activity (LeaseKeeper::noteActivity): an offset, so
// that the client's wall clock does not matter. The server stores heartbeat arrival minus the
// offset as the seat's last activity. Without it (no body, as clients before issue 26 send, or a
// body that is not a JSON object: any body used to be ignored) activity is unknown, never idle.
struct HeartbeatRequest
{
    static constexpr char16_t idleMember[] = u"idleMs";
    // 30 days: a client idle for longer sends this much (the longest reclaim rule waits a week).
    static constexpr qint64 maxIdleMs = 30LL * 24 * 3600 * 1000;

    std::optional<std::chrono::milliseconds> idle; // 0..maxIdleMs; nullopt: unknown

    // {} without idle: the same empty body as before.
    QJsonObject toJson() const;
    // Refuses idleMs that is not a whole number from 0 to maxIdleMs, naming the field; every
    // other member is ignored.
    static std::optional<HeartbeatRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const HeartbeatRequest &, const HeartbeatRequest &) = default;
};

// POST /v1/licenses/{id}/seats/{seatId}/revoke: the seat (in the path) and the body
// {"reason"?, "blockSeconds"?}; an empty body is a revoke without reason or block.
struct RevokeRequest
{
    static constexpr int maxReasonLength = 500; // code points
    static constexpr qint64 maxBlockSeconds = 365LL * 24 * 3600; // a year

    QString licenseId; // in the path
    QString seatId; // in the path
    QString reason; // optional
    std::chrono::seconds block {0}; // 0: no block

    // The body: reason and blockSeconds when given.
    QJsonObject toJson() const;
    // The body; leaves licenseId and seatId empty.
    static std::optional<RevokeRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const RevokeRequest &, const RevokeRequest &) = default;
};

// A signed lease as a checkout (201), a seat heartbeat (200) or a ticket heartbeat that hands over
// its seat (200) answers it: {"lease": {...}} (core/LeaseJson), and "ticketId" when the seat was
// held for a ticket; a seat heartbeat's answer carries "reclaimAt" while idle reclaim has marked
// the seat (issue 26): the seat goes to someone waiting then unless its holder acts before.
struct LeaseAnswer
{
    static constexpr char16_t reclaimAtMember[] = u"reclaimAt";

    SeatLease lease;
    QString ticketId; // empty: not from the line
    QDateTime reclaimAt; // invalid: the seat is not marked

    QJsonObject toJson() const;
    // The lease is checked as leaseFromJson() checks it (not its signature: that needs the key).
    static std::optional<LeaseAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

// A place in line as a checkout that waits or a ticket heartbeat answers it (202):
// {"ticket": QueueTicket}.
struct QueuedAnswer
{
    QueueTicket ticket;

    QJsonObject toJson() const;
    static std::optional<QueuedAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

} // namespace keyright
