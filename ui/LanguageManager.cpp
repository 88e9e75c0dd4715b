#include "LanguageManager.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace keyright {

LanguageManager::LanguageManager() = default;

LanguageManager::~LanguageManager()
{
    if (m_app)
        QCoreApplication::removeTranslator(m_app.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
}

QString LanguageManager::displayName(const QString &code)
{
    if (code == u"fr")
        return u"Français"_s;
    if (code == u"en")
        return u"English"_s;
    return tr("System language");
}

QString LanguageManager::apply(const QString &code)
{
    QString language = code;
    if (language.isEmpty()) {
        const QStringList ui = QLocale::system().uiLanguages();
        language = u"en"_s;
        for (const QString &l : ui) {
            const QString prefix = l.left(2).toLower();
            if (available().contains(prefix)) {
                language = prefix;
                break;
            }
        }
    }
    if (!available().contains(language))
        language = u"en"_s;

    if (m_app)
        QCoreApplication::removeTranslator(m_app.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
    m_app.reset();
    m_qt.reset();
    // English has a translation too: its plural forms ("1 seat", "2 seats").
    auto app = std::make_unique<QTranslator>();
    if (app->load(u":/i18n/keyright_"_s + language + u".qm"_s)) {
        QCoreApplication::installTranslator(app.get());
        m_app = std::move(app);
    }
    if (language != u"en") {
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(u"qtbase_"_s + language, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            QCoreApplication::installTranslator(qt.get());
            m_qt = std::move(qt);
        }
        QLocale::setDefault(QLocale(language));
    } else {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }
    m_current = language;
    return language;
}

} // namespace keyright
