#include "LongDate.h"

using namespace Qt::StringLiterals;

namespace keyright {

QString longDateText(const QDate &date, const QLocale &locale)
{
    if (locale.language() == QLocale::French && date.day() == 1)
        return locale.toString(date, u"'1er' MMMM yyyy"_s);
    return locale.toString(date, u"d MMMM yyyy"_s);
}

} // namespace keyright
