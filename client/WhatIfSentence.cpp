#include "WhatIfSentence.h"

#include <QCoreApplication>
#include <QLocale>

namespace keyright {

namespace {

// Without a translator (the CLI) Qt hands back a plural message's source text, "%n seat(s)": it
// is made English here. Translated text never holds "(s)".
QString plural(QString text, int n)
{
    if (text.contains(QLatin1String("(s)")))
        text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    return text;
}

QString minutes(qint64 ms)
{
    const int count = int((ms + 59'999) / 60'000);
    return plural(QCoreApplication::translate("WhatIf", "%n minute(s)", nullptr, count), count);
}

} // namespace

QString whatIfSentence(const WhatIfReport &report, const QString &range)
{
    // No demand at all (a range before the license's history): no seat count to speak of.
    if (report.rows.isEmpty() || report.rows.constFirst().attempts == 0)
        return QCoreApplication::translate("WhatIf", "No checkouts were recorded %1: there is nothing to replay.")
            .arg(range);
    const int needed = report.neededSeats();
    const usage::WhatIfRow *enough = report.row(needed);
    const usage::WhatIfRow *fewer = report.row(needed - 1);
    const QLocale locale;
    QString first;
    if (enough->waited == 0)
        first = plural(QCoreApplication::translate(
                           "WhatIf", "With %n seat(s), none of the %1 checkout requests %2 would have waited", nullptr,
                           enough->seats),
                       enough->seats)
                    .arg(locale.toString(enough->attempts), range);
    else
        first = plural(QCoreApplication::translate(
                           "WhatIf",
                           "With %n seat(s), %1 of the %2 checkout requests %3 would have waited, none longer than %4",
                           nullptr, enough->seats),
                       enough->seats)
                    .arg(locale.toString(enough->waited), locale.toString(enough->attempts), range,
                         minutes(enough->longestWaitMs));
    if (enough->refused > 0)
        first += plural(QCoreApplication::translate(
                            "WhatIf",
                            " (%n refusal(s) would have happened with any number of seats: the seat rules or a block "
                            "kept the holder(s) out)",
                            nullptr, enough->refused),
                        enough->refused);
    if (!fewer)
        return first + QLatin1Char('.');
    const int extra = fewer->refused - enough->refused;
    if (extra > 0)
        return first
            + plural(
                  QCoreApplication::translate("WhatIf", "; with %1, %n more would have been refused.", nullptr, extra),
                  extra)
                  .arg(locale.toString(fewer->seats));
    return first
        + plural(QCoreApplication::translate("WhatIf", "; with %1, %n ticket(s) would have given up waiting.", nullptr,
                                             fewer->gaveUp - enough->gaveUp),
                 fewer->gaveUp - enough->gaveUp)
              .arg(locale.toString(fewer->seats));
}

} // namespace keyright
