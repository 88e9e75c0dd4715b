#include "wire/RequestFields.h"

#include "wire/Identifiers.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace keyright::requestfields {

bool refuse(ValidationError *error, const QString &field, const QString &message)
{
    if (error)
        *error = ValidationError {field, message};
    return false;
}

TextScan scanText(QStringView text)
{
    TextScan scan;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        ++scan.codePoints;
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            ++i;
        } else if (c.isSurrogate() && scan.loneSurrogateAt == 0) {
            scan.loneSurrogateAt = scan.codePoints;
        }
    }
    return scan;
}

bool hasControlCharacter(QStringView text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return u < 0x20 || u == 0x7f || (u >= 0x80 && u <= 0x9f) || c.category() == QChar::Other_Format
            || c.category() == QChar::Separator_Line || c.category() == QChar::Separator_Paragraph;
    });
}

bool optionalText(const QJsonObject &object, const QString &field, int maxLength, bool allowEmpty,
                  std::optional<QString> *out, ValidationError *error)
{
    const QJsonValue value = object.value(field);
    if (value.isUndefined() || value.isNull()) {
        *out = std::nullopt;
        return true;
    }
    if (!value.isString())
        return refuse(error, field, u"%1 must be a string"_s.arg(field));
    const QString text = value.toString();
    if (!allowEmpty && text.isEmpty())
        return refuse(error, field, u"%1 must not be empty"_s.arg(field));
    const TextScan scan = scanText(text);
    if (scan.loneSurrogateAt > 0)
        return refuse(error, field,
                      u"%1 is not valid Unicode: a lone surrogate at character %2"_s.arg(
                          field, QString::number(scan.loneSurrogateAt)));
    if (scan.codePoints > maxLength)
        return refuse(
            error, field,
            u"%1 is %2 characters long; at most %3 are allowed"_s.arg(field).arg(scan.codePoints).arg(maxLength));
    if (hasControlCharacter(text))
        return refuse(error, field, u"%1 must not contain control characters"_s.arg(field));
    if (const auto fault = findTextFault(text))
        return refuse(error, field,
                      u"%1 must not contain Unicode non-characters (%2 at character %3)"_s.arg(
                          field, codePointName(fault->codePoint), QString::number(fault->position)));
    *out = text;
    return true;
}

std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return qint64(d);
}

bool optionalWholeNumber(const QJsonObject &object, const QString &field, std::optional<qint64> *out,
                         ValidationError *error)
{
    const QJsonValue value = object.value(field);
    if (value.isUndefined() || value.isNull()) {
        *out = std::nullopt;
        return true;
    }
    const auto number = wholeNumber(value);
    if (!number)
        return refuse(error, field, u"%1 must be a whole number"_s.arg(field));
    *out = number;
    return true;
}

} // namespace keyright::requestfields
