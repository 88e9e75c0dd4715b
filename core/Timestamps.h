#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace keyright {

// RFC 3339 in UTC with exactly three fractional digits: 2026-11-29T21:00:00.000Z.
QString formatTimestamp(const QDateTime &time);

// Accepts only the form formatTimestamp() writes (UTC, "Z", milliseconds), so a lease never
// carries a time zone or a precision the signature does not cover.
std::optional<QDateTime> parseTimestamp(QStringView text);

} // namespace keyright
