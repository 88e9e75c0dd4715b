#include "EnglishTexts.h"

#include <QCoreApplication>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace keyright::server {

bool installEnglishTexts()
{
    // One for the process, never removed: a static outlives every sentence written.
    static QTranslator english;
    static const bool installed
        = [] { return english.load(u":/i18n/keyright_en.qm"_s) && QCoreApplication::installTranslator(&english); }();
    return installed;
}

} // namespace keyright::server
