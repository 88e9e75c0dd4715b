#pragma once

#include <QCoreApplication>
#include <QString>

#include <memory>

class QTranslator;

namespace keyright {

// Installs the dashboard's translation (and Qt's own) for a language code: "en", "fr", or empty
// for the system locale. Widgets retranslate on the LanguageChange event this causes.
class LanguageManager final
{
    Q_DECLARE_TR_FUNCTIONS(LanguageManager)

public:
    LanguageManager();
    ~LanguageManager();
    LanguageManager(const LanguageManager &) = delete;
    LanguageManager &operator=(const LanguageManager &) = delete;

    // Returns the language in effect ("en" or "fr").
    QString apply(const QString &code);
    QString current() const { return m_current; }
    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("fr")}; }
    static QString displayName(const QString &code);

private:
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
    QString m_current;
};

} // namespace keyright
