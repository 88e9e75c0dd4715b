#pragma once

#include "SeatRules.h"
#include "UsageHistory.h"
#include "wire/UsageReport.h"

#include <QList>
#include <QTimeZone>

// What a range of usage buckets adds up to (GET /v1/licenses/{id}/usage's summary), and the
// buckets of a report's step made of stored ones. Pure: the server answers with it, and the tests
// recompute it by brute force.
namespace keyright::usage {

struct WorkingHours
{
    int startHour = 8; // Monday to Friday, [startHour, endHour) local time
    int endHour = 18;
};

// The seats in use at most `share` of the time (0.95: the p95): the smallest k such that the time
// at k seats or fewer is at least that share of the total.
int percentileLevel(const QMap<int, qint64> &levelMs, double share);

// `buckets`: the range's buckets of one resolution (minutes, hours or days), in time order;
// `days`: its day buckets with their holders (top holders and groups); `groups`: the server's
// holder groups. The hour-of-week heatmap and the working-hours p95 read buckets of an hour or
// less, placed by their local start in `zone`.
UsageSummary summarize(const QList<Bucket> &buckets, const QList<Bucket> &days, const QTimeZone &zone,
                       WorkingHours hours, const QList<HolderGroup> &groups);

// Consecutive buckets merged into those of `step` in `zone`: a day from midnight to midnight
// local time, a week from Monday, a month from its first day. Minute and hour steps return the
// buckets as they are.
QList<Bucket> regroup(const QList<Bucket> &buckets, UsageStep step, const QTimeZone &zone);

} // namespace keyright::usage
