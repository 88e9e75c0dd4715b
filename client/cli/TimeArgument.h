#pragma once

#include <QDateTime>
#include <QString>
#include <QTimeZone>

#include <optional>

namespace keyright::cli {

// A time given on the command line (report --from/--to, explain --at) as people type it: RFC 3339
// with or without a fraction, with "Z" or an offset (2026-11-10T00:00:00Z, 2026-11-10T09:30:00+01:00);
// the same without an offset (and seconds optional) is a time in the site's `zone`; a plain date is
// the site's midnight that starts it, or with `end` the midnight that ends it, so `--to
// 2026-11-10` includes that day. nullopt for anything else.
std::optional<QDateTime> parseTimeArgument(const QString &text, const QTimeZone &zone, bool end);

} // namespace keyright::cli
