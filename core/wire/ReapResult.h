#pragma once

#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrlQuery>

#include <optional>

namespace keyright {

// A lease the reaper deleted (or, in a dry run, would delete).
struct ReapedSeat
{
    QString licenseId;
    QString seatId;
    QString holder;
    QDateTime expiresAt;
    QDateTime reapableAt;

    friend bool operator==(const ReapedSeat &, const ReapedSeat &) = default;
};

// The body of POST /v1/reap (docs/API.md). The server's SeatService reports the seats, the
// HTTP layer encodes them with toJson(), the client decodes them with fromJson().
struct ReapResult
{
    bool dryRun = false;
    int reaped = 0; // deleted; in a dry run, would be deleted ("wouldReap" on the wire)
    QList<ReapedSeat> seats;

    QJsonObject toJson() const;
    // As a person's tool reports it (keyright reap --json): a dry run deleted nothing, so it has
    // "wouldReap" and no "reaped".
    QJsonObject toReport() const;
    // `dryRunAsked`: what the request asked for. A "dryRun" that says otherwise is an error; an
    // absent one (older servers) means the server did what was asked.
    static std::optional<ReapResult> fromJson(const QJsonObject &json, bool dryRunAsked,
                                              ValidationError *error = nullptr);

    // The query of POST /v1/reap: "dryRun=true" for a dry run, nothing otherwise.
    static QUrlQuery query(bool dryRun);
    // dryRun: true/false/1/0 (or empty: true); absent: false. Any other parameter or value is
    // refused in the words of every request refusal, naming it.
    static std::optional<bool> dryRunFromQuery(const QUrlQuery &query, ValidationError *error = nullptr);

    friend bool operator==(const ReapResult &, const ReapResult &) = default;
};

} // namespace keyright
