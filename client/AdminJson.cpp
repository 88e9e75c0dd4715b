#include "AdminJson.h"

#include "LeaseJson.h"
#include "wire/ErrorBody.h"
#include "wire/JsonReader.h"
#include "wire/SeatRulesJson.h"
#include "wire/ServerInfo.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace keyright::adminjson {

namespace {

// Every body has its codec in core/wire; these wrappers only parse the body as a JSON object and
// turn the codec's ValidationError into the client's error text.
template <typename T, typename Decode>
std::optional<T> decodeWith(const QByteArray &body, QString *error, Decode decode)
{
    JsonReader reader;
    T value {};
    if (const auto object = reader.document(body)) {
        ValidationError why;
        std::optional<T> decoded = decode(*object, &why);
        if (decoded)
            value = std::move(*decoded);
        else
            reader.fail(why);
    }
    if (reader.failed()) {
        if (error)
            *error = reader.message();
        return std::nullopt;
    }
    return value;
}

QByteArray compact(const QJsonObject &json)
{
    return QJsonDocument(json).toJson(QJsonDocument::Compact);
}

} // namespace

std::optional<QString> decodeHealth(const QByteArray &body, QString *error)
{
    const auto health = decodeWith<HealthAnswer>(body, error, HealthAnswer::fromJson);
    return health ? std::optional(health->version) : std::nullopt;
}

std::optional<QDateTime> decodeServerTime(const QByteArray &body, QString *error)
{
    const auto time = decodeWith<TimeAnswer>(body, error, TimeAnswer::fromJson);
    return time ? std::optional(time->now) : std::nullopt;
}

std::optional<LeaseVerifier> decodePublicKey(const QByteArray &body, QString *error)
{
    JsonReader reader;
    std::optional<LeaseVerifier> verifier;
    if (const auto object = reader.document(body)) {
        ValidationError why;
        verifier = PublicKeyAnswer::fromJson(*object, &why);
        if (!verifier)
            reader.fail(why);
    }
    if (reader.failed()) {
        if (error)
            *error = reader.message();
        return std::nullopt;
    }
    return verifier;
}

std::optional<StatsSnapshot> decodeStats(const QByteArray &body, QString *error)
{
    return decodeWith<StatsSnapshot>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return StatsSnapshot::fromJson(json, why); });
}

std::optional<AccessTokenInfo> decodeWhoami(const QByteArray &body, QString *error)
{
    return decodeWith<AccessTokenInfo>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return AccessTokenInfo::fromJson(json, {}, why);
    });
}

std::optional<TokenList> decodeTokenList(const QByteArray &body, QString *error)
{
    return decodeWith<TokenList>(body, error, TokenList::fromJson);
}

std::optional<CreatedToken> decodeCreatedToken(const QByteArray &body, QString *error)
{
    return decodeWith<CreatedToken>(body, error, CreatedToken::fromJson);
}

std::optional<LicenseList> decodeLicenseList(const QByteArray &body, QString *error)
{
    return decodeWith<LicenseList>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return LicenseList::fromJson(json, why); });
}

std::optional<LicenseWriteResult> decodeLicenseWrite(const QByteArray &body, bool created, QString *error)
{
    return decodeWith<LicenseWriteResult>(body, error, [created](const QJsonObject &json, ValidationError *why) {
        return LicenseWriteResult::fromJson(json, created, why);
    });
}

std::optional<QString> decodeRotatedKey(const QByteArray &body, QString *error)
{
    const auto rotated = decodeWith<RotatedKey>(body, error, RotatedKey::fromJson);
    return rotated ? std::optional(rotated->key) : std::nullopt;
}

std::optional<LeaseList> decodeLeaseList(const QByteArray &body, const QString &licenseId, QString *error)
{
    return decodeWith<LeaseList>(body, error, [&licenseId](const QJsonObject &json, ValidationError *why) {
        return LeaseList::fromJson(json, licenseId, why);
    });
}

std::optional<ReapResult> decodeReapResult(const QByteArray &body, bool dryRunAsked, QString *error)
{
    return decodeWith<ReapResult>(body, error, [dryRunAsked](const QJsonObject &json, ValidationError *why) {
        return ReapResult::fromJson(json, dryRunAsked, why);
    });
}

std::optional<EventPage> decodeEventPage(const QByteArray &body, QString *error)
{
    return decodeWith<EventPage>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return EventPage::fromJson(json, why); });
}

std::optional<UsageReport> decodeUsageReport(const QByteArray &body, QString *error)
{
    return decodeWith<UsageReport>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return UsageReport::fromJson(json, why); });
}

std::optional<WhatIfReport> decodeWhatIf(const QByteArray &body, QString *error)
{
    return decodeWith<WhatIfReport>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return WhatIfReport::fromJson(json, why); });
}

std::optional<LedgerReport> decodeLedger(const QByteArray &body, QString *error)
{
    return decodeWith<LedgerReport>(
        body, error, [](const QJsonObject &json, ValidationError *why) { return LedgerReport::fromJson(json, why); });
}

std::optional<QList<HolderGroup>> decodeGroups(const QByteArray &body, QString *error)
{
    return decodeWith<QList<HolderGroup>>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return seatrules::groupsBodyFromJson(json, why);
    });
}

std::optional<SeatRules> decodeRules(const QByteArray &body, const QString &licenseId, QString *error)
{
    return decodeWith<SeatRules>(body, error, [&licenseId](const QJsonObject &json, ValidationError *why) {
        return seatrules::licenseRulesFromJson(json, licenseId, why);
    });
}

ClientError decodeErrorReply(int httpStatus, const QByteArray &body)
{
    ClientError error;
    error.httpStatus = httpStatus;
    if (httpStatus == 401)
        error.kind = ClientError::Kind::Unauthorized;
    else if (httpStatus == 404)
        error.kind = ClientError::Kind::NotFound;
    else if (httpStatus == 400 || httpStatus == 413)
        error.kind = ClientError::Kind::BadRequest;
    else if (httpStatus == 409)
        error.kind = ClientError::Kind::Conflict;
    else if (httpStatus == 403)
        error.kind = ClientError::Kind::Forbidden;
    else if (httpStatus == 410)
        error.kind = ClientError::Kind::Gone;
    else if (httpStatus >= 500)
        error.kind = ClientError::Kind::Server;
    else
        error.kind = ClientError::Kind::Protocol;

    if (const auto answer = ErrorBody::fromJson(body); answer && !answer->code.isEmpty()) {
        error.code = answer->code;
        error.field = answer->field;
        error.message = answer->message;
        error.extra = answer->extra;
        if (error.code == QStringView(errorcode::forbidden)) {
            const auto roles = errorextra::RoleRefusal::fromJson(answer->extra);
            error.requiredRole = roles.needed;
            error.heldRole = roles.held;
        }
    }
    if (error.message.isEmpty())
        error.message = error.code.isEmpty() ? u"the server answered HTTP %1"_s.arg(httpStatus)
                                             : u"the server answered HTTP %1 (%2)"_s.arg(httpStatus).arg(error.code);
    return error;
}

QByteArray encodeLicenseSpec(const LicenseSpec &spec)
{
    return compact(spec.toJson());
}

QByteArray encodeGroups(const QList<HolderGroup> &groups)
{
    return compact(seatrules::groupsBodyToJson(groups));
}

QByteArray encodeAlertRules(const QList<AlertRule> &rules)
{
    return compact(alerts::rulesBodyToJson(rules));
}

std::optional<QList<AlertRule>> decodeAlertRules(const QByteArray &body, QString *error)
{
    return decodeWith<QList<AlertRule>>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::rulesBodyFromJson(json, why);
    });
}

std::optional<alerts::FiringAlert> decodeFiringAlert(const QByteArray &body, QString *error)
{
    return decodeWith<alerts::FiringAlert>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::FiringAlert::fromJson(json, {}, why);
    });
}

std::optional<WriteOffAnswer> decodeWriteOff(const QByteArray &body, QString *error)
{
    return decodeWith<WriteOffAnswer>(body, error, WriteOffAnswer::fromJson);
}

std::optional<QList<alerts::FiringAlert>> decodeFiringAlerts(const QByteArray &body, QString *error)
{
    return decodeWith<QList<alerts::FiringAlert>>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::alertsBodyFromJson(json, why);
    });
}

std::optional<QList<alerts::webhook::Endpoint>> decodeAlertEndpoints(const QByteArray &body, QString *error)
{
    return decodeWith<QList<alerts::webhook::Endpoint>>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::webhook::endpointsBodyFromJson(json, why);
    });
}

std::optional<std::pair<alerts::webhook::Endpoint, QString>> decodeCreatedAlertEndpoint(const QByteArray &body,
                                                                                        QString *error)
{
    using Created = std::pair<alerts::webhook::Endpoint, QString>;
    return decodeWith<Created>(
        body, error, [](const QJsonObject &json, ValidationError *why) -> std::optional<Created> {
            auto endpoint = alerts::webhook::Endpoint::fromJson(json, {}, why);
            if (!endpoint)
                return std::nullopt;
            // Only a webhook has a secret (to check its signatures).
            JsonReader reader;
            const QString secret = endpoint->kind == QStringView(alerts::webhook::webhookKind)
                ? reader.string(json, {}, QString::fromUtf16(alerts::webhook::secretMember), false)
                : QString();
            if (!reader.report(why))
                return std::nullopt;
            return Created {*endpoint, secret};
        });
}

std::optional<QList<alerts::webhook::Delivery>> decodeAlertDeliveries(const QByteArray &body, QString *error)
{
    return decodeWith<QList<alerts::webhook::Delivery>>(body, error, [](const QJsonObject &json, ValidationError *why) {
        return alerts::webhook::deliveriesBodyFromJson(json, why);
    });
}

std::optional<QString> decodeDeliveryId(const QByteArray &body, QString *error)
{
    return decodeWith<QString>(
        body, error, [](const QJsonObject &json, ValidationError *why) -> std::optional<QString> {
            JsonReader reader;
            const QString id = reader.string(json, {}, QString::fromUtf16(alerts::webhook::deliveryIdMember), false);
            if (!reader.report(why))
                return std::nullopt;
            return id;
        });
}

QByteArray encodeRules(const SeatRules &rules)
{
    return compact(seatrules::rulesBodyToJson(rules));
}

QByteArray encodeRevoke(const RevokeRequest &request)
{
    return compact(request.toJson());
}

QByteArray encodeTokenSpec(const TokenSpec &spec)
{
    return compact(spec.toJson());
}

} // namespace keyright::adminjson
