#include "UsageCsv.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace keyright {

QStringList usageCsvHeader()
{
    return {
        u"start"_s,   u"seats_owned"_s,  u"peak"_s,         u"mean_in_use"_s,    u"seat_hours"_s,         u"granted"_s,
        u"denials"_s, u"true_denials"_s, u"waiting_peak"_s, u"longest_wait_s"_s, u"borrowed_seat_hours"_s};
}

QStringList usageCsvRow(const usage::Bucket &bucket, const QTimeZone &zone)
{
    const double mean = bucket.lengthMs > 0 ? double(bucket.usedSeatMs) / double(bucket.lengthMs) : 0.0;
    return {QDateTime::fromMSecsSinceEpoch(bucket.startMs, zone).toString(Qt::ISODate),
            QString::number(bucket.seatsOwned), QString::number(bucket.peak), QString::number(mean, 'f', 3),
            QString::number(bucket.usedSeatHours(), 'f', 3), QString::number(bucket.granted),
            QString::number(bucket.denialCount()), QString::number(bucket.trueDenials),
            QString::number(bucket.waitingPeak), QString::number(bucket.longestWaitMs / 1000),
            // Empty, not 0, where the history did not record the borrowed seats (issue 27).
            bucket.borrowRecorded ? QString::number(double(bucket.borrowedSeatMs) / 3'600'000.0, 'f', 3) : QString()};
}

QByteArray usageCsv(const UsageReport &report, const QTimeZone &zone)
{
    // No field can hold a comma, a quote or a line break: nothing to quote.
    QByteArray out = usageCsvHeader().join(u',').toUtf8() + "\r\n";
    for (const usage::Bucket &bucket : report.buckets)
        out += usageCsvRow(bucket, zone).join(u',').toUtf8() + "\r\n";
    return out;
}

QTimeZone usageZone(const UsageReport &report)
{
    if (report.timeZone.isEmpty())
        return QTimeZone::utc();
    const QTimeZone zone(report.timeZone.toUtf8());
    return zone.isValid() ? zone : QTimeZone::utc();
}

} // namespace keyright
