#pragma once

#include "usage/UsageCloser.h"
#include "wire/UsageReport.h"

#include <QString>

#include <functional>
#include <optional>

namespace keyright {
class Clock;
class CompiledSeatRules;
} // namespace keyright

namespace keyright::server {

// Answers GET /v1/licenses/{id}/usage: the closed buckets of the range from the store, the part
// after the last closed bucket computed on request the same way (marked by the report's
// closedUntil), regrouped into the step asked for in the site's time zone, and the summary of
// the range (core's usage::summarize).
class UsageReports
{
public:
    UsageReports(LeaseStore &store, const Clock &clock, const UsageSettings &settings);
    void setSettings(const UsageSettings &settings) { m_settings = settings; }

    enum class Problem { None, LicenseNotFound, TooManyBuckets, FromInTheFuture };
    // nullopt with `problem` set when the license is unknown or the range holds more buckets of
    // the step than UsageQuery::maxBuckets (`detail` then says how many and what to ask instead).
    std::optional<UsageReport> report(const QString &licenseId, const UsageQuery &query, Problem *problem,
                                      QString *detail);

    // The range's recorded demand replayed at each number of seats (core's usage::whatIf, under
    // the license's rules of now), with a row for the license's own seat count; nullopt when the
    // license is unknown. Only `from` and `to` of the query count.
    std::optional<WhatIfReport> whatIf(const QString &licenseId, const UsageQuery &query);

    // whatIf() in two steps: what it needs is read from the store now, on the caller's thread;
    // the replays, which are most of its cost, run when the job is called, on any thread (the job
    // holds copies and touches nothing shared). nullopt when the license is unknown.
    using WhatIfJob = std::function<WhatIfReport()>;
    std::optional<WhatIfJob> whatIfJob(const QString &licenseId, const UsageQuery &query);

private:
    static void replayAtEachCount(WhatIfReport &report, const usage::LicenseActivity &activity,
                                  const CompiledSeatRules &compiled, qint64 fromMs, qint64 toMs, qint64 window);
    // The UTC days of [fromMs, endMs) with their holders' seat time inside that range only.
    QList<usage::Bucket> holderDays(const QString &licenseId, qint64 fromMs, qint64 endMs);
    QList<usage::Bucket> bucketsOf(const QString &licenseId, usage::Resolution resolution, qint64 fromMs, qint64 toMs,
                                   qint64 *closedUntilMs, bool upToNow = true);

    LeaseStore &m_store;
    const Clock &m_clock;
    UsageSettings m_settings;
};

} // namespace keyright::server
