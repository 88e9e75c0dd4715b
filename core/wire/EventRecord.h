#pragma once

#include "ValidationError.h"
#include "wire/EventKind.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace keyright {

// One entry of the audit log, as the server's store keeps it and as GET /v1/events carries it
// (docs/API.md). seq is assigned by the server's store, grows and is never reused. The server
// records and encodes it, the client decodes it: one type and one codec for both.
struct EventRecord
{
    qint64 seq = 0;
    QDateTime time;
    EventKind kind = EventKind::Granted; // its wire name on the wire and in the store
    QString licenseId; // empty: none (null on the wire)
    QString seatId; // empty: none (null on the wire)
    QString holder; // empty: none (null on the wire)
    QString actor;
    QJsonObject detail;

    // Empty licenseId, seatId and holder are written as null: the event is not about one.
    QJsonObject toJson() const;
    // Strict about seq, time and kind (a kind this build does not know is an error, not skipped:
    // the audit log must not silently lose entries); the labels may be absent or null, and so
    // may detail. The error's field is the value's path under `path` ("events[2].kind").
    static std::optional<EventRecord> fromJson(const QJsonValue &json, const QString &path = {},
                                               ValidationError *error = nullptr);

    friend bool operator==(const EventRecord &, const EventRecord &) = default;
};

// The body of GET /v1/events: a page of events in ascending seq, and the `after` to ask for next
// (the last seq returned, or the request's own `after` when the page is empty).
struct EventPage
{
    QList<EventRecord> events;
    qint64 next = 0;

    QJsonObject toJson() const;
    // Also rejects a page whose seqs do not ascend or whose next lies before its last event.
    static std::optional<EventPage> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const EventPage &, const EventPage &) = default;
};

} // namespace keyright
