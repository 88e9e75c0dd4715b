#include "Durations.h"

#include <QCoreApplication>

#include <limits>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr quint64 msPerSecond = 1000;
constexpr quint64 msPerMinute = 60 * msPerSecond;
constexpr quint64 msPerHour = 60 * msPerMinute;
constexpr quint64 msPerDay = 24 * msPerHour;

QString twoDigits(quint64 n)
{
    return QString::number(n).rightJustified(2, u'0');
}

} // namespace

QString formatDuration(std::chrono::milliseconds duration)
{
    const qint64 count = duration.count();
    // Magnitude as unsigned so that milliseconds::min() does not overflow when negated.
    const quint64 ms = count < 0 ? quint64 {0} - static_cast<quint64>(count) : static_cast<quint64>(count);
    const QString sign = count < 0 ? u"-"_s : QString();

    // Each form truncates: a lease with 59.9 s left shows 59s, never a minute it does not have.
    // Translated where a translator is installed (the dashboard), so every duration on screen has
    // one form per language; the CLI installs none and keeps the forms its docs show.
    QString text;
    if (ms < msPerSecond)
        text = QCoreApplication::translate("keyright::Durations", "%1 ms").arg(ms);
    else if (ms < msPerMinute)
        text = QCoreApplication::translate("keyright::Durations", "%1s").arg(ms / msPerSecond);
    else if (ms < msPerHour)
        text = QCoreApplication::translate("keyright::Durations", "%1m %2s")
                   .arg(ms / msPerMinute)
                   .arg(twoDigits(ms % msPerMinute / msPerSecond));
    else if (ms < msPerDay)
        text = QCoreApplication::translate("keyright::Durations", "%1h %2m")
                   .arg(ms / msPerHour)
                   .arg(twoDigits(ms % msPerHour / msPerMinute));
    else
        text = QCoreApplication::translate("keyright::Durations", "%1d %2h")
                   .arg(ms / msPerDay)
                   .arg(ms % msPerDay / msPerHour);
    return sign + text;
}

std::optional<std::chrono::milliseconds> parseDuration(QStringView text)
{
    const QStringView input = text.trimmed();
    if (input.isEmpty())
        return std::nullopt;

    // Units from largest to smallest; each may appear once and in this order ("1h30m", "4m 12s").
    struct Unit
    {
        QStringView name;
        quint64 ms;
    };
    static constexpr Unit units[]
        = {{u"d", msPerDay}, {u"h", msPerHour}, {u"ms", 1}, {u"m", msPerMinute}, {u"s", msPerSecond}};
    const auto rank = [](quint64 unitMs) {
        switch (unitMs) {
        case msPerDay:
            return 0;
        case msPerHour:
            return 1;
        case msPerMinute:
            return 2;
        case msPerSecond:
            return 3;
        default:
            return 4;
        }
    };

    constexpr quint64 limit = static_cast<quint64>(std::numeric_limits<qint64>::max());
    quint64 total = 0;
    int lastRank = -1;
    qsizetype i = 0;
    while (i < input.size()) {
        quint64 number = 0;
        const qsizetype start = i;
        while (i < input.size() && input.at(i).unicode() >= u'0' && input.at(i).unicode() <= u'9') {
            const quint64 digit = input.at(i).unicode() - u'0';
            if (number > (limit - digit) / 10)
                return std::nullopt;
            number = number * 10 + digit;
            ++i;
        }
        if (i == start)
            return std::nullopt; // a unit without a number, or a sign such as "-"
        while (i < input.size() && input.at(i).isSpace())
            ++i;
        if (i == input.size()) {
            if (lastRank >= 0)
                return std::nullopt; // "1h30": ambiguous trailing number
            return number > limit / msPerSecond ? std::nullopt
                                                : std::optional(std::chrono::milliseconds(number * msPerSecond));
        }
        const Unit *matched = nullptr;
        for (const Unit &unit : units) {
            if (input.sliced(i).startsWith(unit.name)) {
                matched = &unit;
                break;
            }
        }
        if (!matched || rank(matched->ms) <= lastRank)
            return std::nullopt;
        lastRank = rank(matched->ms);
        i += matched->name.size();
        if (number > (limit - total) / matched->ms)
            return std::nullopt;
        total += number * matched->ms;
        while (i < input.size() && input.at(i).isSpace())
            ++i;
    }
    return std::chrono::milliseconds(static_cast<qint64>(total));
}

} // namespace keyright
