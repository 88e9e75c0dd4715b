#pragma once

#include <QHash>
#include <QString>
#include <QTranslator>

namespace keyright::test {

// The English plural forms and the French of the dispute view's new strings, exactly as handed to
// the lead in fr-dashdispute.txt. Installed before the dashboard's own translation (Qt asks the
// translator installed last first), it answers only what the .qm does not have yet: the tests see
// the sentences as they read once the translations are merged, and the real .qm wins after that.
class DisputeTranslations final : public QTranslator
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DisputeTranslations)

public:
    DisputeTranslations();

    // "en" or "fr"; takes effect at the next LanguageChange (LanguageManager::apply sends one).
    void setLanguage(const QString &code) { m_french = code == QStringLiteral("fr"); }
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override;
    bool isEmpty() const override { return false; }
    // Whether the table has `source`: every new string must be in it (and so in the French list).
    bool knows(const QString &source) const { return m_forms.contains(source); }

private:
    struct Forms
    {
        QString englishOne;
        QString englishOther;
        QString frenchOne;
        QString frenchOther;
    };
    QHash<QString, Forms> m_forms;
    bool m_french = false;
};

} // namespace keyright::test
