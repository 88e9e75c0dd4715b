#include "UsageReportModel.h"

#include "AdminClient.h"
#include "DashboardSession.h"
#include "UsageCsv.h"

#include <QIODevice>
#include <QLocale>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace keyright {

UsageReportModel::UsageReportModel(DashboardSession &session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    // Another server (or the same one connected again, or none): its report is not this one.
    connect(&session, &DashboardSession::clientChanged, this, &UsageReportModel::clear);
}

void UsageReportModel::fetch(const QString &licenseId, const UsageQuery &query)
{
    const quint64 generation = ++m_generation;
    m_licenseId = licenseId;
    m_query = query;
    AdminClient *client = m_session.client();
    // The what-if shown was another range's: it goes while the new one is asked for.
    m_whatIf.reset();
    m_whatIfError = {};
    m_whatIfLoading = false;
    if (!client || licenseId.isEmpty()) {
        setLoading(false);
        Q_EMIT whatIfChanged();
        return;
    }
    m_whatIfLoading = true;
    Q_EMIT whatIfChanged();
    setLoading(true);
    client->usage(licenseId, query, this, [this, generation](const AdminResult<UsageReport> &result) {
        if (generation != m_generation)
            return; // superseded by a newer request, or cleared
        setLoading(false);
        if (!result.ok()) {
            m_error = result.error;
            Q_EMIT failed(m_error);
            return;
        }
        m_error = {};
        m_report = *result.value;
        Q_EMIT reportChanged();
    });
    client->whatIf(licenseId, query, this, [this, generation](const AdminResult<WhatIfReport> &result) {
        if (generation != m_generation)
            return; // superseded by a newer request, or cleared
        m_whatIfLoading = false;
        if (result.ok()) {
            m_whatIfError = {};
            m_whatIf = *result.value;
        } else {
            m_whatIfError = result.error;
        }
        Q_EMIT whatIfChanged();
    });
}

void UsageReportModel::clear()
{
    ++m_generation;
    m_error = {};
    m_licenseId.clear();
    setLoading(false);
    const bool hadWhatIf = m_whatIf || m_whatIfLoading || hasWhatIfError();
    m_whatIf.reset();
    m_whatIfError = {};
    m_whatIfLoading = false;
    if (hadWhatIf)
        Q_EMIT whatIfChanged();
    if (m_report) {
        m_report.reset();
        Q_EMIT reportChanged();
    }
}

void UsageReportModel::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

bool UsageReportModel::replayed(const std::optional<WhatIfReport> &whatIf)
{
    // A range without a single checkout replays to nothing worth suggesting.
    return whatIf && !whatIf->rows.isEmpty() && whatIf->rows.first().attempts > 0;
}

int UsageReportModel::suggestedSeats(const UsageSummary &summary, const std::optional<WhatIfReport> &whatIf)
{
    if (replayed(whatIf))
        return whatIf->neededSeats();
    int seats = summary.p95WorkingHours;
    if (summary.trueDenials > 0)
        seats = std::max(seats, summary.peak);
    return seats;
}

double UsageReportModel::meanInUse(const usage::Bucket &bucket)
{
    return bucket.lengthMs > 0 ? double(bucket.usedSeatMs) / double(bucket.lengthMs) : 0.0;
}

double UsageReportModel::meanBorrowed(const usage::Bucket &bucket)
{
    return bucket.lengthMs > 0 ? double(bucket.borrowedSeatMs) / double(bucket.lengthMs) : 0.0;
}

QString UsageReportModel::csvHeader()
{
    return usageCsvHeader().join(u',');
}

QString UsageReportModel::csvLine(const usage::Bucket &bucket, const QTimeZone &zone)
{
    // The CLI's --csv writes the same rows (client/UsageCsv).
    return usageCsvRow(bucket, zone).join(u',');
}

bool UsageReportModel::writeCsv(QIODevice &device, const UsageReport &report, const QTimeZone &zone, QString *error)
{
    QByteArray out = csvHeader().toUtf8() + "\r\n";
    for (const usage::Bucket &bucket : report.buckets)
        out += csvLine(bucket, zone).toUtf8() + "\r\n";
    if (device.write(out) != out.size()) {
        if (error)
            *error = device.errorString();
        return false;
    }
    return true;
}

} // namespace keyright
