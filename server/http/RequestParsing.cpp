#include "http/RequestParsing.h"

#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/AccessRole.h"
#include "wire/QueueTicket.h"
#include "wire/SeatRulesJson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSet>

#include <cmath>

using namespace Qt::StringLiterals;

namespace keyright::server::request {

namespace {

template <typename T>
std::optional<T> fail(ApiError *error, ApiError e)
{
    if (error)
        *error = std::move(e);
    return std::nullopt;
}

bool hasControlCharacter(QStringView text)
{
    return std::any_of(text.begin(), text.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return u < 0x20 || u == 0x7f || (u >= 0x80 && u <= 0x9f) || c.category() == QChar::Other_Format
            || c.category() == QChar::Separator_Line || c.category() == QChar::Separator_Paragraph;
    });
}

// A text's length in Unicode code points (a pair of UTF-16 surrogates is one), the unit every
// length limit of the API counts in (docs/API.md). `loneSurrogateAt` is the 1-based code point
// position of the first surrogate without its partner, 0 when there is none: JSON's \u escapes
// can spell one, and it is not Unicode text (it would not survive the store's UTF-8).
struct TextScan
{
    qsizetype codePoints = 0;
    qsizetype loneSurrogateAt = 0;
};

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

// The body as a JSON object. `optional` accepts an empty body as {}.
std::optional<QJsonObject> parseObject(QByteArrayView body, bool optional, ApiError *error)
{
    if (body.trimmed().isEmpty()) {
        if (optional)
            return QJsonObject();
        return fail<QJsonObject>(error, ApiError::invalid(u"body"_s, u"the request body must be a JSON object"_s));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail<QJsonObject>(error,
                                 ApiError::invalid(u"body"_s,
                                                   u"the request body is not valid JSON: %1 at "
                                                   "byte %2"_s.arg(parseError.errorString())
                                                       .arg(parseError.offset)));
    if (!document.isObject())
        return fail<QJsonObject>(error, ApiError::invalid(u"body"_s, u"the request body must be a JSON object"_s));
    return document.object();
}

// A JSON number without fractional part, within the range doubles hold exactly.
std::optional<qint64> wholeNumber(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::floor(d) != d || std::fabs(d) > 9007199254740992.0)
        return std::nullopt;
    return qint64(d);
}

// An optional text member: absent or null -> nullopt in *out with true; wrong type or invalid -> false.
bool optionalText(const QJsonObject &object, const QString &field, int maxLength, bool allowEmpty,
                  std::optional<QString> *out, ApiError *error)
{
    const QJsonValue value = object.value(field);
    if (value.isUndefined() || value.isNull()) {
        *out = std::nullopt;
        return true;
    }
    if (!value.isString()) {
        fail<bool>(error, ApiError::invalid(field, u"%1 must be a string"_s.arg(field)));
        return false;
    }
    const QString text = value.toString();
    if (!allowEmpty && text.isEmpty()) {
        fail<bool>(error, ApiError::invalid(field, u"%1 must not be empty"_s.arg(field)));
        return false;
    }
    const TextScan scan = scanText(text);
    if (scan.loneSurrogateAt > 0) {
        fail<bool>(error,
                   ApiError::invalid(field,
                                     u"%1 is not valid Unicode: a lone surrogate at character %2"_s.arg(
                                         field, QString::number(scan.loneSurrogateAt))));
        return false;
    }
    if (scan.codePoints > maxLength) {
        fail<bool>(
            error,
            ApiError::invalid(
                field,
                u"%1 is %2 characters long; at most %3 are allowed"_s.arg(field).arg(scan.codePoints).arg(maxLength)));
        return false;
    }
    if (hasControlCharacter(text)) {
        fail<bool>(error, ApiError::invalid(field, u"%1 must not contain control characters"_s.arg(field)));
        return false;
    }
    *out = text;
    return true;
}

bool optionalWholeNumber(const QJsonObject &object, const QString &field, std::optional<qint64> *out, ApiError *error)
{
    const QJsonValue value = object.value(field);
    if (value.isUndefined() || value.isNull()) {
        *out = std::nullopt;
        return true;
    }
    const auto number = wholeNumber(value);
    if (!number) {
        fail<bool>(error, ApiError::invalid(field, u"%1 must be a whole number"_s.arg(field)));
        return false;
    }
    *out = number;
    return true;
}

} // namespace

std::optional<ApiError> checkBodySize(qsizetype bytes)
{
    if (bytes <= maxBodyBytes)
        return std::nullopt;
    return ApiError {413,
                     u"payload_too_large"_s,
                     u"the request body has %1 bytes; at most %2 are accepted"_s.arg(bytes).arg(maxBodyBytes),
                     {},
                     {}};
}

std::optional<CheckoutBody> parseCheckout(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, false, error);
    if (!object)
        return std::nullopt;
    const QJsonValue holder = object->value(u"holder"_s);
    if (holder.isUndefined() || holder.isNull())
        return fail<CheckoutBody>(error,
                                  ApiError::invalid(u"holder"_s,
                                                    u"holder is required (such as "
                                                    "\"alice@ws-12\")"_s));
    if (!holder.isString())
        return fail<CheckoutBody>(error, ApiError::invalid(u"holder"_s, u"holder must be a string"_s));
    QString why;
    if (!validateHolder(holder.toString(), &why))
        return fail<CheckoutBody>(error, ApiError::invalid(u"holder"_s, why.isEmpty() ? u"holder is invalid"_s : why));
    std::optional<QString> requestId;
    if (!optionalText(*object, u"requestId"_s, maxRequestIdLength, false, &requestId, error))
        return std::nullopt;
    CheckoutBody checkout {holder.toString(), requestId.value_or(QString()), std::nullopt};
    const QString waitField = QString::fromUtf16(queue::waitMember);
    const QString maxWaitField = QString::fromUtf16(queue::maxWaitMember);
    const QJsonValue wait = object->value(waitField);
    if (!wait.isUndefined() && !wait.isNull() && !wait.isBool())
        return fail<CheckoutBody>(error, ApiError::invalid(waitField, u"wait must be true or false"_s));
    std::optional<qint64> maxWait;
    if (!optionalWholeNumber(*object, maxWaitField, &maxWait, error))
        return std::nullopt;
    if (maxWait && (*maxWait < 1 || *maxWait > QueueTicket::maxWaitSecondsLimit))
        return fail<CheckoutBody>(
            error,
            ApiError::invalid(maxWaitField,
                              u"maxWaitSeconds is %1; it must be between 1 and %2 (a day)"_s.arg(
                                  QString::number(*maxWait), QString::number(QueueTicket::maxWaitSecondsLimit))));
    // maxWaitSeconds alone is checked but does not make a checkout wait: "wait" says that.
    if (wait.toBool(false))
        checkout.maxWait = std::chrono::seconds(maxWait.value_or(QueueTicket::defaultMaxWaitSeconds));
    return checkout;
}

std::optional<LicenseAdmin::LicenseSpec> parseLicenseSpec(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, false, error);
    if (!object)
        return std::nullopt;
    LicenseAdmin::LicenseSpec spec;
    if (!optionalText(*object, u"name"_s, maxNameLength, false, &spec.name, error)
        || !optionalWholeNumber(*object, u"seatCount"_s, &spec.seatCount, error)
        || !optionalWholeNumber(*object, u"ttlSeconds"_s, &spec.ttlSeconds, error)
        || !optionalWholeNumber(*object, u"skewSeconds"_s, &spec.skewSeconds, error)
        || !optionalWholeNumber(*object, u"reapGraceSeconds"_s, &spec.reapGraceSeconds, error))
        return std::nullopt;
    // Keep the arithmetic in seconds -> milliseconds far from overflow; SeatPolicy reports the
    // real bounds in words.
    for (const auto &[field, value] :
         {std::pair {u"ttlSeconds"_s, spec.ttlSeconds}, std::pair {u"skewSeconds"_s, spec.skewSeconds},
          std::pair {u"reapGraceSeconds"_s, spec.reapGraceSeconds}}) {
        if (value && (*value < -1'000'000'000LL || *value > 1'000'000'000LL))
            return fail<LicenseAdmin::LicenseSpec>(error, ApiError::invalid(field, u"%1 is out of range"_s.arg(field)));
    }
    return spec;
}

std::optional<RevokeBody> parseRevoke(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, true, error);
    if (!object)
        return std::nullopt;
    std::optional<QString> reason;
    if (!optionalText(*object, u"reason"_s, maxReasonLength, true, &reason, error))
        return std::nullopt;
    std::optional<qint64> block;
    if (!optionalWholeNumber(*object, u"blockSeconds"_s, &block, error))
        return std::nullopt;
    if (block && (*block < 0 || *block > maxBlockSeconds))
        return fail<RevokeBody>(error,
                                ApiError::invalid(u"blockSeconds"_s,
                                                  u"blockSeconds must be between 0 and %1 "
                                                  "(one year)"_s.arg(maxBlockSeconds)));
    return RevokeBody {reason.value_or(QString()), std::chrono::seconds(block.value_or(0))};
}

std::optional<QList<HolderGroup>> parseGroups(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, false, error);
    if (!object)
        return std::nullopt;
    const QJsonValue groups = object->value(u"groups"_s);
    if (groups.isUndefined() || groups.isNull())
        return fail<QList<HolderGroup>>(
            error, ApiError::invalid(u"groups"_s, u"groups is required (a list of {\"name\", \"patterns\"})"_s));
    ValidationError why;
    auto parsed = seatrules::groupsFromJson(groups, u"groups"_s, &why);
    if (!parsed)
        return fail<QList<HolderGroup>>(error, ApiError::invalid(why.field, why.message));
    return parsed;
}

std::optional<SeatRules> parseRules(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, false, error);
    if (!object)
        return std::nullopt;
    const QJsonValue rules = object->value(u"rules"_s);
    if (rules.isUndefined() || rules.isNull())
        return fail<SeatRules>(
            error, ApiError::invalid(u"rules"_s, u"rules is required (an object with allow, deny, reserve and max)"_s));
    ValidationError why;
    auto parsed = seatrules::rulesFromJson(rules, u"rules"_s, &why);
    if (!parsed)
        return fail<SeatRules>(error, ApiError::invalid(why.field, why.message));
    return parsed;
}

std::optional<TokenSpec> parseTokenSpec(QByteArrayView body, ApiError *error)
{
    const auto object = parseObject(body, false, error);
    if (!object)
        return std::nullopt;
    std::optional<QString> name;
    if (!optionalText(*object, u"name"_s, 64, false, &name, error))
        return std::nullopt;
    if (!name)
        return fail<TokenSpec>(error, ApiError::invalid(u"name"_s, u"name is required"_s));
    if (!isValidTokenName(*name))
        return fail<TokenSpec>(
            error,
            ApiError::invalid(u"name"_s,
                              u"name \"%1\" is malformed: expected %2"_s.arg(name->left(80), tokenNameRule())));
    std::optional<QString> roleText;
    if (!optionalText(*object, u"role"_s, 32, false, &roleText, error))
        return std::nullopt;
    const auto role = roleText ? parseRole(*roleText) : std::nullopt;
    if (!role)
        return fail<TokenSpec>(error, ApiError::invalid(u"role"_s, u"role must be one of viewer, operator, admin"_s));
    std::optional<qint64> lifetime;
    if (!optionalWholeNumber(*object, u"expiresInSeconds"_s, &lifetime, error))
        return std::nullopt;
    if (lifetime && (*lifetime < 1 || *lifetime > maxTokenLifetimeSeconds))
        return fail<TokenSpec>(
            error,
            ApiError::invalid(u"expiresInSeconds"_s,
                              u"expiresInSeconds must be between 1 and %1 (ten years)"_s.arg(maxTokenLifetimeSeconds)));
    TokenSpec spec {*name, *role, std::nullopt};
    if (lifetime)
        spec.lifetime = std::chrono::seconds(*lifetime);
    return spec;
}

std::optional<EventQuery> parseEventQuery(const QUrlQuery &query, ApiError *error)
{
    static const QSet<QString> known {u"after"_s, u"license"_s, u"holder"_s, u"kind"_s,
                                      u"since"_s, u"until"_s,   u"limit"_s};
    EventQuery result;
    const auto items = query.queryItems(QUrl::FullyDecoded);
    QSet<QString> seen;
    for (const auto &[key, value] : items) {
        if (!known.contains(key))
            return fail<EventQuery>(error,
                                    ApiError::invalid(key.left(64),
                                                      u"unknown query parameter \"%1\"; known: "
                                                      "after, license, holder, kind, since, "
                                                      "until, limit"_s.arg(key.left(64))));
        if (seen.contains(key))
            return fail<EventQuery>(error, ApiError::invalid(key, u"%1 is given more than once"_s.arg(key)));
        seen.insert(key);
        if (key == u"after") {
            bool ok = false;
            result.after = value.toLongLong(&ok);
            if (!ok || result.after < 0)
                return fail<EventQuery>(error, ApiError::invalid(key, u"after must be a non-negative event seq"_s));
        } else if (key == u"limit") {
            bool ok = false;
            result.limit = value.toInt(&ok);
            if (!ok || result.limit < 1 || result.limit > maxEventLimit)
                return fail<EventQuery>(
                    error, ApiError::invalid(key, u"limit must be a whole number from 1 to %1"_s.arg(maxEventLimit)));
        } else if (key == u"license") {
            if (!isValidLicenseId(value))
                return fail<EventQuery>(
                    error, ApiError::invalid(key, u"license \"%1\" is not a valid license id"_s.arg(value.left(80))));
            result.licenseId = value;
        } else if (key == u"holder") {
            QString why;
            if (!validateHolder(value, &why))
                return fail<EventQuery>(error, ApiError::invalid(key, why.isEmpty() ? u"holder is invalid"_s : why));
            result.holder = value;
        } else if (key == u"kind") {
            for (const QString &kind : value.split(u',')) {
                const QString trimmed = kind.trimmed();
                const std::optional<EventKind> eventKind = eventKindFromWire(trimmed);
                if (!eventKind)
                    return fail<EventQuery>(
                        error,
                        ApiError::invalid(
                            key, u"unknown event kind \"%1\"; known: %2"_s.arg(trimmed.left(40), eventKindNames())));
                if (!result.kinds.contains(*eventKind))
                    result.kinds.append(*eventKind);
            }
        } else if (key == u"since" || key == u"until") {
            const auto time = parseTimestamp(value);
            if (!time)
                return fail<EventQuery>(error,
                                        ApiError::invalid(key,
                                                          u"%1 must be an RFC 3339 UTC timestamp with "
                                                          "milliseconds, such as "
                                                          "2026-11-29T21:00:00.000Z"_s.arg(key)));
            (key == u"since" ? result.since : result.until) = *time;
        }
    }
    if (!query.hasQueryItem(u"limit"_s))
        result.limit = defaultEventLimit;
    return result;
}

std::optional<bool> parseDryRun(const QUrlQuery &query, ApiError *error)
{
    const auto items = query.queryItems(QUrl::FullyDecoded);
    bool dryRun = false;
    for (const auto &[key, value] : items) {
        if (key != u"dryRun")
            return fail<bool>(error,
                              ApiError::invalid(key.left(64),
                                                u"unknown query parameter \"%1\"; known: "
                                                "dryRun"_s.arg(key.left(64))));
        if (value == u"true" || value == u"1" || value.isEmpty())
            dryRun = true;
        else if (value == u"false" || value == u"0")
            dryRun = false;
        else
            return fail<bool>(error, ApiError::invalid(u"dryRun"_s, u"dryRun must be true or false"_s));
    }
    return dryRun;
}

std::optional<QByteArray> credential(QByteArrayView authorization, QByteArrayView scheme)
{
    const QByteArrayView header = authorization.trimmed();
    if (header.size() <= scheme.size() + 1)
        return std::nullopt;
    if (header.first(scheme.size()).compare(scheme, Qt::CaseInsensitive) != 0 || header.at(scheme.size()) != ' ')
        return std::nullopt;
    const QByteArrayView value = header.sliced(scheme.size() + 1).trimmed();
    if (value.isEmpty())
        return std::nullopt;
    return value.toByteArray();
}

} // namespace keyright::server::request
