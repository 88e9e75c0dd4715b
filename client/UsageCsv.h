#pragma once

#include "wire/UsageReport.h"

#include <QByteArray>
#include <QStringList>
#include <QTimeZone>

namespace keyright {

// A usage report as CSV, one row per bucket, the same columns for the dashboard's export and
// `keyright report --csv`: start (local time in `zone`, ISO 8601 with its offset), seats owned,
// peak, mean seats in use, seat-hours used, checkouts granted, denials, true denials, waiting
// peak, longest wait in whole seconds. Numbers in the C locale, whatever the interface's language. RFC 4180:
// comma-separated, CRLF line ends, a header row.
QStringList usageCsvHeader();
QStringList usageCsvRow(const usage::Bucket &bucket, const QTimeZone &zone);
QByteArray usageCsv(const UsageReport &report, const QTimeZone &zone);

// The zone a report's times are shown in: its own, or UTC.
QTimeZone usageZone(const UsageReport &report);

} // namespace keyright
