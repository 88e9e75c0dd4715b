#pragma once

#include "UsageHistory.h"
#include "ValidationError.h"
#include "WhatIfReplay.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QUrlQuery>

#include <optional>

// GET /v1/licenses/{id}/usage (docs/API.md, "Usage history"): the query, the buckets and the
// summary of a range, one codec for the server and its clients.
namespace keyright {

// The size of the buckets a report gives. Minutes and hours are the stored ones; days, weeks
// (Monday to Sunday) and months are made of hours in the report's time zone while hours are
// kept, of the stored (UTC) days beyond.
enum class UsageStep { Minute, Hour, Day, Week, Month };
QString toWire(UsageStep step);
std::optional<UsageStep> usageStepFromWire(QStringView name);

struct UsageQuery
{
    static constexpr int maxBuckets = 20'000;

    QDateTime from; // invalid: the server's default (30 days before `to`)
    QDateTime to; // invalid: now
    UsageStep step = UsageStep::Day;
    QString timeZone; // IANA name of the site's zone (hour of week, working hours, days); empty: UTC
    int workStartHour = 8; // working hours: Monday to Friday, [start, end) local
    int workEndHour = 18;

    QUrlQuery toQuery() const;
    // Strict: unknown or repeated parameters, times that are not RFC 3339, an unknown step or
    // zone, working hours out of 0..24 or empty; the error's field is the parameter.
    static std::optional<UsageQuery> fromQuery(const QUrlQuery &query, ValidationError *error = nullptr);

    friend bool operator==(const UsageQuery &, const UsageQuery &) = default;
};

// What a range of buckets adds up to.
struct UsageSummary
{
    struct Share
    {
        QString name; // a holder or a group
        double seatHours = 0;
        friend bool operator==(const Share &, const Share &) = default;
    };
    struct HourCount
    {
        QDateTime hour; // its start, UTC
        int count = 0;
        friend bool operator==(const HourCount &, const HourCount &) = default;
    };

    int seatsOwned = 0; // at the end of the range
    int peak = 0;
    QDateTime peakAt;
    int p95 = 0; // seats in use no more than 95 % of the time
    int p95WorkingHours = 0; // the same, over working hours only
    double usedSeatHours = 0;
    double ownedSeatHours = 0;
    double utilization = 0; // used / owned seat-hours, 0..1
    // atLeast[k - 1]: the share of the range's time at least k seats were in use, k = 1..peak.
    QList<double> atLeast;
    // [day][hour], Monday = 0, local hours: the mean seats in use, and the peak.
    QList<QList<double>> heatmapMean;
    QList<QList<int>> heatmapPeak;
    int granted = 0;
    QMap<QString, int> denials; // by reason
    int trueDenials = 0;
    QList<HourCount> trueDenialHours; // the hours that had any, in time order
    int waitingPeak = 0;
    qint64 longestWaitMs = 0;
    QList<Share> topHolders; // by seat-hours, at most 10; inside the range, up to now
    QList<Share> topGroups; // the holder groups of the server, by their members' seat-hours
    QMap<QString, double> reservedIdleSeatHours; // per reserving group
    // Borrowed seats (issue 27), counted in the seats in use too: whether any bucket of the range
    // recorded them (an older history did not: then nothing below is known), from when when only
    // the later buckets did (invalid: the whole range), how many of the `peak` seats at peakAt
    // were borrowed (nullopt: the peak came before they were recorded), the most borrowed at once
    // and their seat-hours (over the buckets that recorded them).
    bool borrowRecorded = false;
    QDateTime borrowRecordedFrom;
    std::optional<int> borrowedAtPeak;
    int borrowedPeak = 0;
    double borrowedSeatHours = 0;

    int denialCount() const;
    QJsonObject toJson() const;
    static std::optional<UsageSummary> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
    friend bool operator==(const UsageSummary &, const UsageSummary &) = default;
};

// The body of GET /v1/licenses/{id}/usage.
struct UsageReport
{
    QString licenseId;
    QDateTime from; // the first bucket's start
    QDateTime to; // the last bucket's end
    UsageStep step = UsageStep::Day;
    QString timeZone; // empty: UTC
    // Everything before it is closed history; the buckets after it (the last hour or so) are
    // computed on request from the seats and events of the moment, and may still change.
    QDateTime closedUntil;
    // A server started with --demo made up the history before this moment (docs/STATS.md); invalid:
    // every bucket is real.
    QDateTime demoUntil;
    QList<usage::Bucket> buckets;
    UsageSummary summary;

    QJsonObject toJson() const;
    static std::optional<UsageReport> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
    friend bool operator==(const UsageReport &, const UsageReport &) = default;
};

// The body of GET /v1/licenses/{id}/usage/what-if: the range's recorded demand replayed at each
// number of seats (core's usage::replay), the most first.
struct WhatIfReport
{
    QString licenseId;
    QDateTime from;
    QDateTime to;
    int seatsOwned = 0; // the license's seat count now
    int peak = 0; // the range's real peak
    QDateTime demoUntil; // as UsageReport's
    QList<usage::WhatIfRow> rows; // seats descending

    // The row for `seats`, or null.
    const usage::WhatIfRow *row(int seats) const;
    // The fewest seats that refuse and truly deny no more than the most seats replayed do: what
    // the range needed. 0 without rows.
    int neededSeats() const;

    QJsonObject toJson() const;
    static std::optional<WhatIfReport> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
    friend bool operator==(const WhatIfReport &, const WhatIfReport &) = default;
};

namespace usage {
// One bucket as the report and the store write it: seat-hours as milliseconds, the maps as
// objects (levelMs's keys are the numbers of seats).
QJsonObject toJson(const Bucket &bucket);
std::optional<Bucket> bucketFromJson(const QJsonObject &json, ValidationError *error = nullptr);
} // namespace usage

} // namespace keyright
