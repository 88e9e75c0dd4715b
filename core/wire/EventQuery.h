#pragma once

#include "ValidationError.h"
#include "wire/EventKind.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrlQuery>

#include <optional>

namespace keyright {

// The filters of GET /v1/events (docs/API.md), as the query string carries them: after, license,
// holder, kind (wire names joined with commas), since, until, limit. The client writes it with
// toQuery(), the server reads it with fromQuery() and its store runs it: events with seq > after
// that match every filter given, ascending, at most limit of them.
struct EventQuery
{
    static constexpr int maxLimit = 1000;
    static constexpr int defaultLimit = 200;

    qint64 after = 0;
    QString licenseId; // empty: any
    QString holder; // empty: any
    QList<EventKind> kinds; // empty: any
    std::optional<QDateTime> since; // nullopt (or an invalid time): no bound
    std::optional<QDateTime> until;
    int limit = defaultLimit;

    QUrlQuery toQuery() const;
    // Strict, in the words of every request refusal: an unknown or repeated parameter, a seq or
    // limit out of range, a malformed license id or holder, an unknown kind, a time that is not an
    // RFC 3339 timestamp; the error's field is the parameter.
    static std::optional<EventQuery> fromQuery(const QUrlQuery &query, ValidationError *error = nullptr);
    // A `kind` filter as typed ("granted, denied"): the kinds in the order given, each once.
    static std::optional<QList<EventKind>> kindsFromFilter(const QString &filter, ValidationError *error = nullptr);

    friend bool operator==(const EventQuery &, const EventQuery &) = default;
};

} // namespace keyright
