#include "http/RequestParsing.h"

#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/ErrorBody.h"
#include "wire/JsonReader.h"
#include "wire/ReapResult.h"
#include "wire/SeatRulesJson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

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
    if (const auto twice = JsonReader::duplicateMember(body))
        return fail<QJsonObject>(
            error,
            ApiError::invalid(*twice,
                              u"the request body gives the member \"%1\" more than once"_s.arg(twice->left(80))));
    return document.object();
}

} // namespace

std::optional<ApiError> checkBodySize(qsizetype bytes)
{
    if (bytes <= maxBodyBytes)
        return std::nullopt;
    return ApiError {413,
                     QString::fromUtf16(errorcode::payloadTooLarge),
                     u"the request body has %1 bytes; at most %2 are accepted"_s.arg(bytes).arg(maxBodyBytes),
                     {},
                     {}};
}

namespace {

// A codec's refusal as the 400 that names the field.
template <typename T, typename Decode>
std::optional<T> parseWith(QByteArrayView body, bool emptyAllowed, ApiError *error, Decode decode)
{
    const auto object = parseObject(body, emptyAllowed, error);
    if (!object)
        return std::nullopt;
    ValidationError why;
    std::optional<T> parsed = decode(*object, &why);
    if (!parsed)
        return fail<T>(error, ApiError::invalid(why.field, why.message));
    return parsed;
}

template <typename T>
std::optional<T> refused(ApiError *error, const ValidationError &why)
{
    return fail<T>(error, ApiError::invalid(why.field, why.message));
}

} // namespace

std::optional<BorrowRequest> parseBorrow(QByteArrayView body, ApiError *error)
{
    return parseWith<BorrowRequest>(body, false, error, BorrowRequest::fromJson);
}

std::optional<BorrowReturnRequest> parseReturnBorrowed(QByteArrayView body, ApiError *error)
{
    return parseWith<BorrowReturnRequest>(body, true, error, BorrowReturnRequest::fromJson);
}

std::optional<WriteOffRequest> parseWriteOff(QByteArrayView body, ApiError *error)
{
    return parseWith<WriteOffRequest>(body, true, error, WriteOffRequest::fromJson);
}

std::optional<CheckoutRequest> parseCheckout(QByteArrayView body, ApiError *error)
{
    return parseWith<CheckoutRequest>(body, false, error, CheckoutRequest::fromJson);
}

std::optional<HeartbeatRequest> parseHeartbeat(QByteArrayView body, ApiError *error)
{
    // Most heartbeats have no body (clients that do not report activity): no JSON to read.
    if (body.trimmed().isEmpty())
        return HeartbeatRequest {};
    const QJsonDocument document = QJsonDocument::fromJson(body.toByteArray());
    if (!document.isObject())
        return HeartbeatRequest {};
    static const QString idleMember = QString::fromUtf16(HeartbeatRequest::idleMember);
    // The walk for a repeated member costs about as much as the parse itself, on every beat. A
    // body without escapes that spells the member once cannot repeat it: only the others walk.
    static const QByteArray quotedIdle = '"' + idleMember.toLatin1() + '"';
    const bool mayRepeat = body.contains('\\') || body.indexOf(quotedIdle) != body.lastIndexOf(quotedIdle);
    if (const auto twice = mayRepeat ? JsonReader::duplicateMember(body) : std::nullopt; twice && *twice == idleMember)
        return fail<HeartbeatRequest>(
            error, ApiError::invalid(*twice, u"the request body gives the member \"%1\" more than once"_s.arg(*twice)));
    ValidationError why;
    auto parsed = HeartbeatRequest::fromJson(document.object(), &why);
    if (!parsed)
        return fail<HeartbeatRequest>(error, ApiError::invalid(why.field, why.message));
    return parsed;
}

std::optional<LicenseSpec> parseLicenseSpec(QByteArrayView body, ApiError *error)
{
    return parseWith<LicenseSpec>(body, false, error, LicenseSpec::fromJson);
}

std::optional<RevokeRequest> parseRevoke(QByteArrayView body, ApiError *error)
{
    return parseWith<RevokeRequest>(body, true, error, RevokeRequest::fromJson);
}

std::optional<QList<HolderGroup>> parseGroups(QByteArrayView body, ApiError *error)
{
    return parseWith<QList<HolderGroup>>(body, false, error, [](const QJsonObject &json, ValidationError *why) {
        return seatrules::groupsBodyFromJson(json, why);
    });
}

std::optional<QList<AlertRule>> parseAlertRules(QByteArrayView body, ApiError *error)
{
    return parseWith<QList<AlertRule>>(body, false, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::rulesBodyFromJson(json, why);
    });
}

std::optional<alerts::webhook::NewEndpoint> parseNewAlertEndpoint(QByteArrayView body, ApiError *error)
{
    return parseWith<alerts::webhook::NewEndpoint>(body, false, error, alerts::webhook::NewEndpoint::fromJson);
}

std::optional<alerts::AcknowledgeRequest> parseAcknowledge(QByteArrayView body, ApiError *error)
{
    return parseWith<alerts::AcknowledgeRequest>(body, true, error, alerts::AcknowledgeRequest::fromJson);
}

std::optional<SeatRules> parseRules(QByteArrayView body, ApiError *error)
{
    return parseWith<SeatRules>(body, false, error, [](const QJsonObject &json, ValidationError *why) {
        return seatrules::rulesBodyFromJson(json, why);
    });
}

std::optional<TokenSpec> parseTokenSpec(QByteArrayView body, ApiError *error)
{
    return parseWith<TokenSpec>(body, false, error, TokenSpec::fromJson);
}

std::optional<EventQuery> parseEventQuery(const QUrlQuery &query, ApiError *error)
{
    ValidationError why;
    auto parsed = EventQuery::fromQuery(query, &why);
    if (!parsed)
        return refused<EventQuery>(error, why);
    return parsed;
}

std::optional<UsageQuery> parseUsageQuery(const QUrlQuery &query, ApiError *error)
{
    ValidationError why;
    auto parsed = UsageQuery::fromQuery(query, &why);
    if (!parsed)
        return refused<UsageQuery>(error, why);
    return parsed;
}

std::optional<bool> parseDryRun(const QUrlQuery &query, ApiError *error)
{
    ValidationError why;
    const auto dryRun = ReapResult::dryRunFromQuery(query, &why);
    if (!dryRun)
        return refused<bool>(error, why);
    return dryRun;
}

std::optional<StoreBackupQuery> parseBackupQuery(const QUrlQuery &query, ApiError *error)
{
    ValidationError why;
    auto parsed = StoreBackupQuery::fromQuery(query, &why);
    if (!parsed)
        return refused<StoreBackupQuery>(error, why);
    return parsed;
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
