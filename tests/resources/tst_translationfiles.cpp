// The translation files are complete and up to date with the sources. lupdate maintains
// resources/translations/*.ts (cmake/UpdateTranslations.cmake, run by the update_translations
// target) and people translate in them; this test is what tells a developer who added or changed a
// tr() string that the files need it, and what is left to translate.

#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type; // the translation's type attribute: empty when finished
    QStringList forms; // the translation, or its plural forms

    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
    QString name() const
    {
        return u"%1: \"%2\"%3"_s.arg(context, source, comment.isEmpty() ? QString() : u" (%1)"_s.arg(comment));
    }
};

std::optional<QList<Message>> readTs(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"cannot open %1: %2"_s.arg(path, file.errorString());
        return std::nullopt;
    }
    QList<Message> messages;
    QString context;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"name") { // a <context>'s name
            context = xml.readElementText();
            continue;
        }
        if (xml.name() != u"message")
            continue; // <TS>, <context>: their children follow
        Message m;
        m.context = context;
        m.numerus = xml.attributes().value("numerus"_L1) == u"yes";
        while (xml.readNextStartElement()) {
            if (xml.name() == u"source") {
                m.source = xml.readElementText();
            } else if (xml.name() == u"comment") {
                m.comment = xml.readElementText();
            } else if (xml.name() == u"translation") {
                m.type = xml.attributes().value("type"_L1).toString();
                if (m.numerus) {
                    while (xml.readNextStartElement()) {
                        if (xml.name() == u"numerusform")
                            m.forms.append(xml.readElementText());
                        else
                            xml.skipCurrentElement();
                    }
                } else {
                    m.forms.append(xml.readElementText());
                }
            } else {
                xml.skipCurrentElement();
            }
        }
        messages.append(m);
    }
    if (xml.hasError()) {
        *error = u"%1 line %2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
        return std::nullopt;
    }
    return messages;
}

QString tsPath(const QString &file)
{
    return QStringLiteral(KEYRIGHT_SOURCE_DIR "/resources/translations/") + file;
}

// What a developer runs, with this build's own directory in it.
QString updateHint()
{
    return u"\nRun: cmake --build %1 --target update_translations\nthen translate what it reports as unfinished in "
           "resources/translations/keyright_fr.ts (Qt Linguist, or by hand) and the plural forms in keyright_en.ts; "
           "docs/CONVENTIONS.md, \"Translations\"."_s.arg(QStringLiteral(KEYRIGHT_BINARY_DIR));
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression arg(u"%(\\d{1,2})"_s);
    QSet<QString> found;
    for (auto it = arg.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured());
    return found;
}

// "&Save" marks S as the shortcut; "&&" is a literal ampersand.
qsizetype mnemonics(QString text)
{
    static const QRegularExpression mnemonic(u"&(?=\\S)"_s);
    text.remove(u"&&"_s);
    qsizetype count = 0;
    for (auto it = mnemonic.globalMatch(text); it.hasNext(); it.next())
        ++count;
    return count;
}

QStringList markup(const QString &text)
{
    static const QRegularExpression tag(u"</?([A-Za-z]+)"_s);
    QStringList tags;
    for (auto it = tag.globalMatch(text); it.hasNext();)
        tags.append(it.next().captured());
    tags.sort();
    return tags;
}

} // namespace

class TestTranslationFiles final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void frenchTranslatesEveryMessage();
    void englishHoldsOnlyThePluralForms();
    void translationsKeepPlaceholdersShortcutsAndMarkup_data();
    void translationsKeepPlaceholdersShortcutsAndMarkup();
    void filesAreUpToDateWithTheSources();
    void frenchCallsASeatASiege();
};

void TestTranslationFiles::frenchTranslatesEveryMessage()
{
    QString error;
    const auto messages = readTs(tsPath(u"keyright_fr.ts"_s), &error);
    QVERIFY2(messages, qPrintable(error));
    QVERIFY(messages->size() > 100);
    QStringList problems;
    for (const Message &m : *messages) {
        if (m.type == u"unfinished")
            problems.append(u"unfinished: "_s + m.name());
        else if (m.type == u"vanished" || m.type == u"obsolete")
            problems.append(u"%1 (gone from the sources when lupdate last ran): %2"_s.arg(m.type, m.name()));
        else if (!m.type.isEmpty())
            problems.append(u"type \"%1\": %2"_s.arg(m.type, m.name()));
        else if (m.numerus && m.forms.size() != 2)
            problems.append(u"needs 2 plural forms, has %1: %2"_s.arg(m.forms.size()).arg(m.name()));
        else if (std::any_of(m.forms.cbegin(), m.forms.cend(), [](const QString &f) { return f.isEmpty(); }))
            problems.append(u"empty: "_s + m.name());
    }
    QVERIFY2(problems.isEmpty(),
             qPrintable(u"keyright_fr.ts is not complete (%1 message(s)):\n"_s.arg(problems.size())
                        + problems.join(u'\n') + updateHint()));
}

// One word for one thing: a seat is a "siège" everywhere. "place" is a place in the waiting line
// and "poste" a desk (the replicas demo's workstations), so a message about seats alone may use
// neither.
void TestTranslationFiles::frenchCallsASeatASiege()
{
    QString error;
    const auto messages = readTs(tsPath(u"keyright_fr.ts"_s), &error);
    QVERIFY2(messages, qPrintable(error));
    static const QRegularExpression seat(u"\\bseats?\\b"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression place(u"\\bplaces?\\b"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression poste(u"\\bpostes?\\b"_s, QRegularExpression::CaseInsensitiveOption);
    QStringList problems;
    for (const Message &m : *messages) {
        if (!m.source.contains(seat))
            continue;
        const QString french = m.forms.join(u' ');
        const bool otherPlace = m.source.contains(u"place"_s, Qt::CaseInsensitive)
            || m.source.contains(u"line"_s, Qt::CaseInsensitive) || m.source.contains(u"position"_s);
        const bool desk = m.source.contains(u"desk"_s, Qt::CaseInsensitive);
        if ((french.contains(place) && !otherPlace) || (french.contains(poste) && !desk))
            problems.append(m.name() + u" -> "_s + french);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(u"a seat is a \"siège\":\n"_s + problems.join(u'\n')));
}

void TestTranslationFiles::englishHoldsOnlyThePluralForms()
{
    QString error;
    const auto messages = readTs(tsPath(u"keyright_en.ts"_s), &error);
    QVERIFY2(messages, qPrintable(error));
    QVERIFY(!messages->isEmpty());
    QStringList problems;
    for (const Message &m : *messages) {
        if (!m.numerus)
            problems.append(u"not a plural form (lupdate -pluralonly drops it): "_s + m.name());
        else if (!m.type.isEmpty())
            problems.append(u"%1: %2"_s.arg(m.type, m.name()));
        else if (m.forms.size() != 2
                 || std::any_of(m.forms.cbegin(), m.forms.cend(), [](const QString &f) { return f.isEmpty(); }))
            problems.append(u"needs its singular and plural: "_s + m.name());
    }
    QVERIFY2(problems.isEmpty(),
             qPrintable(u"keyright_en.ts:\n"_s + problems.join(u'\n')
                        + u"\nEnglish shows \"%n seat(s)\" "
                          "until both forms are written."_s
                        + updateHint()));
}

void TestTranslationFiles::translationsKeepPlaceholdersShortcutsAndMarkup_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("French") << u"keyright_fr.ts"_s;
    QTest::newRow("English plural forms") << u"keyright_en.ts"_s;
}

void TestTranslationFiles::translationsKeepPlaceholdersShortcutsAndMarkup()
{
    QFETCH(QString, file);
    QString error;
    const auto messages = readTs(tsPath(file), &error);
    QVERIFY2(messages, qPrintable(error));
    QStringList problems;
    for (const Message &m : *messages) {
        if (!m.type.isEmpty())
            continue; // the completeness cases report those
        for (const QString &form : m.forms) {
            // A lost %2 shows the wrong value or none; a plural form may leave %n out ("the only seat").
            if (placeholders(form) != placeholders(m.source))
                problems.append(u"placeholders differ: %1 -> \"%2\""_s.arg(m.name(), form));
            if (mnemonics(form) != mnemonics(m.source))
                problems.append(u"keyboard shortcut (&) lost or added: %1 -> \"%2\""_s.arg(m.name(), form));
            if (markup(form) != markup(m.source))
                problems.append(u"markup differs: %1 -> \"%2\""_s.arg(m.name(), form));
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(file + u":\n"_s + problems.join(u'\n')));
}

void TestTranslationFiles::filesAreUpToDateWithTheSources()
{
    // lupdate, run exactly as update_translations runs it, into a copy: what it would add or drop is
    // what the committed files lack.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList files {u"keyright_en.ts"_s, u"keyright_fr.ts"_s};
    for (const QString &file : files)
        QVERIFY(QFile::copy(tsPath(file), dir.filePath(file)));
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(KEYRIGHT_CMAKE_COMMAND),
                  {QStringLiteral("-DSETTINGS=" KEYRIGHT_LUPDATE_SETTINGS), u"-DTS_DIR="_s + dir.path(), u"-P"_s,
                   QStringLiteral(KEYRIGHT_SOURCE_DIR "/cmake/UpdateTranslations.cmake")});
    QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish within 2 minutes");
    const QString output = QString::fromLocal8Bit(lupdate.readAll());
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, qPrintable(output));

    QStringList problems;
    for (const QString &file : files) {
        QString error;
        const auto committed = readTs(tsPath(file), &error);
        QVERIFY2(committed, qPrintable(error));
        const auto updated = readTs(dir.filePath(file), &error);
        QVERIFY2(updated, qPrintable(error));
        QHash<QString, Message> before;
        for (const Message &m : *committed)
            before.insert(m.key(), m);
        QSet<QString> seen;
        for (const Message &m : *updated) {
            seen.insert(m.key());
            const auto old = before.constFind(m.key());
            if (old == before.cend())
                problems.append(u"%1: new in the sources: %2"_s.arg(file, m.name()));
            else if (old->numerus != m.numerus || old->type != m.type || old->forms != m.forms)
                problems.append(u"%1: lupdate changes %2"_s.arg(file, m.name()));
        }
        for (const Message &m : *committed) {
            if (!seen.contains(m.key()))
                problems.append(u"%1: no longer in the sources: %2"_s.arg(file, m.name()));
        }
    }
    QVERIFY2(
        problems.isEmpty(),
        qPrintable(u"The .ts files are not up to date with the sources:\n"_s + problems.join(u'\n') + updateHint()));
}

QTEST_GUILESS_MAIN(TestTranslationFiles)
#include "tst_translationfiles.moc"
