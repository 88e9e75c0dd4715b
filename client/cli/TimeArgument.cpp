#include "TimeArgument.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace keyright::cli {

std::optional<QDateTime> parseTimeArgument(const QString &text, const QTimeZone &zone, bool end)
{
    // [0-9] rather than \d: QRegularExpression matches Unicode digits with \d.
    static const QRegularExpression pattern(u"^([0-9]{4})-([0-9]{2})-([0-9]{2})"
                                            u"(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]{1,9}))?)?"
                                            u"([Zz]|[+-][0-9]{2}:[0-9]{2})?)?$"_s);
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const auto field = [&match](int n) { return match.capturedView(n).toInt(); };
    const QDate date(field(1), field(2), field(3));
    if (!date.isValid())
        return std::nullopt;
    if (!match.hasCaptured(4)) {
        const QDateTime midnight(end ? date.addDays(1) : date, QTime(0, 0), zone);
        return midnight.isValid() ? std::optional(midnight) : std::nullopt;
    }
    const QString fraction = (match.captured(7) + u"00"_s).left(3);
    const QTime time(field(4), field(5), field(6), fraction.toInt());
    if (!time.isValid())
        return std::nullopt;
    const QStringView offset = match.capturedView(8);
    if (offset.isEmpty()) {
        const QDateTime local(date, time, zone);
        return local.isValid() ? std::optional(local) : std::nullopt;
    }
    if (offset.compare(u"Z", Qt::CaseInsensitive) == 0)
        return QDateTime(date, time, Qt::UTC);
    const int hours = offset.mid(1, 2).toInt();
    const int minutes = offset.mid(4, 2).toInt();
    if (hours > 23 || minutes > 59)
        return std::nullopt;
    const int seconds = (offset.front() == u'-' ? -1 : 1) * (hours * 3600 + minutes * 60);
    return QDateTime(date, time, Qt::UTC).addSecs(-seconds);
}

} // namespace keyright::cli
