#include "LanguageManager.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>
#include <QWidget>

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

    // The locale first: installing a translator makes every page redo its text at once, and the
    // numbers and dates in it follow the widgets' locale, which is fixed when a widget is made
    // (walk 25d: "3,843.6 heures-sièges" after switching to French).
    const QLocale locale = language == u"en" ? QLocale(QLocale::English, QLocale::UnitedKingdom) : QLocale(language);
    QLocale::setDefault(locale);
    if (auto *widgets = qobject_cast<QApplication *>(QCoreApplication::instance())) {
        for (QWidget *window : widgets->topLevelWidgets())
            window->setLocale(locale);
    }
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
    }
    m_current = language;
    return language;
}

} // namespace keyright
