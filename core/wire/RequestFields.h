#pragma once

#include "ValidationError.h"

#include <QJsonObject>
#include <QString>
#include <QStringView>

#include <optional>

// The members of what clients send (request bodies and queries), read strictly and refused in one
// sentence that names the member, the same words for every route (docs/API.md, "Errors"). Every
// text must be valid Unicode (no lone surrogate) without control characters; every length counts
// code points, as the holder's does (validateHolder). The codecs of the request bodies in
// core/wire use these; a refusal's field is the member's name.
namespace keyright::requestfields {

// A text's length in Unicode code points (a pair of UTF-16 surrogates is one), and the 1-based
// code point position of the first surrogate without its partner (0 when none): JSON's \u escapes
// can spell one, and it is not Unicode text.
struct TextScan
{
    qsizetype codePoints = 0;
    qsizetype loneSurrogateAt = 0;
};
TextScan scanText(QStringView text);
bool hasControlCharacter(QStringView text);

// An optional text member: absent or null -> *out = nullopt and true; a wrong type, an empty text
// (unless allowEmpty), a lone surrogate, more than maxLength code points, a control character or a
// Unicode non-character (findTextFault) ->
// false with the refusal in *error.
bool optionalText(const QJsonObject &object, const QString &field, int maxLength, bool allowEmpty,
                  std::optional<QString> *out, ValidationError *error);
// A JSON number without fractional part, within the integers a double holds exactly.
std::optional<qint64> wholeNumber(const QJsonValue &value);
// An optional whole-number member: absent or null -> nullopt and true; anything but a whole number
// -> false with the refusal in *error.
bool optionalWholeNumber(const QJsonObject &object, const QString &field, std::optional<qint64> *out,
                         ValidationError *error);
// Fills *error (when given) and returns false.
bool refuse(ValidationError *error, const QString &field, const QString &message);

} // namespace keyright::requestfields
