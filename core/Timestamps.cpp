#include "Timestamps.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace keyright {

QString formatTimestamp(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    // Built by hand rather than with a format string so no locale or calendar setting can change
    // a byte of what ends up in leases and events.
    const QDateTime utc = time.toUTC();
    const QDate d = utc.date();
    const QTime t = utc.time();
    return QString::asprintf("%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", d.year(), d.month(), d.day(), t.hour(), t.minute(),
                             t.second(), t.msec());
}

std::optional<QDateTime> parseTimestamp(QStringView text)
{
    // [0-9] rather than \d: QRegularExpression matches Unicode digits with \d.
    static const QRegularExpression pattern(
        u"^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})\\.([0-9]{3})Z$"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const auto field = [&match](int n) { return match.capturedView(n).toInt(); };
    const QDate date(field(1), field(2), field(3));
    const QTime time(field(4), field(5), field(6), field(7));
    if (!date.isValid() || !time.isValid())
        return std::nullopt;
    QDateTime result(date, time, Qt::UTC);
    // Anything that would not come back byte for byte is not the one form we sign.
    if (!result.isValid() || formatTimestamp(result) != text)
        return std::nullopt;
    return result;
}

} // namespace keyright
