#pragma once

#include <QDate>
#include <QLocale>
#include <QString>

namespace keyright {

// A day written out in a locale's language (the dashboard's, or English for deliveries), the way every license date is
// shown (the Seats page's badges, the validity alerts): "9 December 2026", "9 décembre 2026", and the ordinal first day
// French writes, "1er décembre 2026" (not "1 décembre").
QString longDateText(const QDate &date, const QLocale &locale = QLocale());

} // namespace keyright
