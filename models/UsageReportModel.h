#pragma once

#include "AdminTypes.h"
#include "ClientError.h"
#include "wire/UsageReport.h"

#include <QObject>
#include <QPointer>
#include <QTimeZone>

#include <optional>

class QIODevice;

namespace keyright {

class AdminClient;
class DashboardSession;

// The Usage page's data (issue 25): one license's usage report over a range, and the what-if
// replay of the same license and range (other seat counts), fetched together through the session's
// admin client. Asynchronous; a new request supersedes both in flight (their answers are dropped),
// and another connection (DashboardSession::clientChanged) forgets them, as the other panels
// forget theirs.
class UsageReportModel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageReportModel)

public:
    explicit UsageReportModel(DashboardSession &session, QObject *parent = nullptr);

    // Asks the server for the report of `licenseId` over `query`, and for its what-if.
    void fetch(const QString &licenseId, const UsageQuery &query);
    // Forgets the report, the what-if, the errors and whatever is in flight.
    void clear();

    const std::optional<UsageReport> &report() const { return m_report; }
    // What was asked last (the report shown may be an older one while it is in flight).
    QString requestedLicense() const { return m_licenseId; }
    const UsageQuery &requestedQuery() const { return m_query; }
    bool isLoading() const { return m_loading; }
    // The last request's failure; none once a report came.
    const ClientError &error() const { return m_error; }
    bool hasError() const { return m_error.kind != ClientError::Kind::None; }

    // The what-if of the last request, its loading and its failure (apart from the report's: an
    // older server without the replay still shows its report).
    const std::optional<WhatIfReport> &whatIf() const { return m_whatIf; }
    bool isWhatIfLoading() const { return m_whatIfLoading; }
    const ClientError &whatIfError() const { return m_whatIfError; }
    bool hasWhatIfError() const { return m_whatIfError.kind != ClientError::Kind::None; }

    // The seats to buy (docs/DASHBOARD.md, "Usage"): the p95 over working hours (a whole number of
    // seats, so already rounded up), but never below the peak when the range had true denials:
    // someone then went without a seat at the peak.
    // Whether `whatIf` replayed any demand at all.
    static bool replayed(const std::optional<WhatIfReport> &whatIf);
    // The seats to suggest: the what-if's needed seats once it is in (the fewest that refuse no
    // more than any more seats would), else the 95th percentile of the working hours, never below
    // the peak when the range had true denials.
    static int suggestedSeats(const UsageSummary &summary, const std::optional<WhatIfReport> &whatIf = std::nullopt);
    // Mean seats in use over a bucket: its seat-time over its length.
    static double meanInUse(const usage::Bucket &bucket);
    // Mean seats borrowed over a bucket (issue 27; 0 where it did not record them).
    static double meanBorrowed(const usage::Bucket &bucket);

    // RFC 4180 CSV, one line per bucket (start in `zone`'s local time, seats owned, peak, mean in
    // use, seat-hours, granted, denials, true denials, waiting peak, longest wait in seconds,
    // borrowed seat-hours: empty where the history did not record them).
    static QString csvHeader();
    static QString csvLine(const usage::Bucket &bucket, const QTimeZone &zone);
    static bool writeCsv(QIODevice &device, const UsageReport &report, const QTimeZone &zone, QString *error = nullptr);

Q_SIGNALS:
    // A new report, or none (cleared).
    void reportChanged();
    void loadingChanged(bool loading);
    void failed(const keyright::ClientError &error);
    // A new what-if, none (cleared or asked again), or its failure.
    void whatIfChanged();

private:
    void setLoading(bool loading);

    DashboardSession &m_session;
    std::optional<UsageReport> m_report;
    QString m_licenseId;
    UsageQuery m_query;
    ClientError m_error;
    bool m_loading = false;
    std::optional<WhatIfReport> m_whatIf;
    ClientError m_whatIfError;
    bool m_whatIfLoading = false;
    quint64 m_generation = 0; // bumped by every request and clear(): older answers are dropped
};

} // namespace keyright
