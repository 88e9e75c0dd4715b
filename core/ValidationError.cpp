#include "ValidationError.h"

#include <QCoreApplication>

namespace keyright {

namespace {

// `pattern` with %1..%9 replaced by `arguments` in one pass, so that an argument holding "%1"
// (a holder pattern may) stays as it is.
QString fill(const QString &pattern, const QStringList &arguments)
{
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern.at(i);
        if (c == u'%' && i + 1 < pattern.size() && pattern.at(i + 1) >= u'1' && pattern.at(i + 1) <= u'9') {
            const qsizetype index = pattern.at(i + 1).unicode() - u'1';
            if (index < arguments.size()) {
                out += arguments.at(index);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

} // namespace

ValidationText ValidationText::plain(const QString &value)
{
    return ValidationText {nullptr, value, {}};
}

ValidationText ValidationText::plain(qint64 number)
{
    return plain(QString::number(number));
}

ValidationText ValidationText::sentence(const char *source, std::vector<ValidationText> arguments)
{
    return ValidationText {source, {}, std::move(arguments)};
}

QString ValidationText::english() const
{
    if (!source)
        return value;
    QStringList filled;
    for (const ValidationText &argument : arguments)
        filled << argument.english();
    return fill(QString::fromUtf8(source), filled);
}

QString ValidationText::translated() const
{
    if (!source)
        return value;
    QStringList filled;
    for (const ValidationText &argument : arguments)
        filled << argument.translated();
    return fill(QCoreApplication::translate("keyright::Validation", source), filled);
}

} // namespace keyright
