#include "AdminJson.h"

#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace keyright::adminjson {

namespace {

using Reader = JsonReader;

template <typename T>
std::optional<T> finish(const Reader &reader, T value, QString *error)
{
    if (reader.failed()) {
        if (error)
            *error = reader.message();
        return std::nullopt;
    }
    return value;
}

LicenseSummary readLicense(Reader &reader, const QJsonValue &value, const QString &path)
{
    ValidationError why;
    const std::optional<LicenseSummary> license = LicenseSummary::fromJson(value, path, &why);
    if (!license)
        reader.fail(why);
    return license.value_or(LicenseSummary {});
}

QString readKey(Reader &reader, const QJsonObject &object)
{
    const QString key = reader.string(object, {}, u"key"_s, false);
    if (!reader.failed() && !isValidLicenseKey(key))
        reader.fail(u"key"_s, u"is not a license key (%1)"_s.arg(licenseKeyRule()));
    return key;
}

QJsonValue timestampOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

} // namespace

std::optional<QString> decodeHealth(const QByteArray &body, QString *error)
{
    Reader reader;
    QString version;
    if (const auto object = reader.document(body)) {
        const QString status = reader.string(*object, {}, u"status"_s);
        if (!reader.failed() && status != u"ok"_s)
            reader.fail(u"status"_s, u"is \"%1\", not \"ok\""_s.arg(status));
        version = reader.string(*object, {}, u"version"_s);
    }
    return finish(reader, version, error);
}

std::optional<QDateTime> decodeServerTime(const QByteArray &body, QString *error)
{
    Reader reader;
    QDateTime now;
    if (const auto object = reader.document(body))
        now = reader.timestamp(*object, {}, u"now"_s);
    return finish(reader, now, error);
}

std::optional<LeaseVerifier> decodePublicKey(const QByteArray &body, QString *error)
{
    Reader reader;
    std::optional<LeaseVerifier> verifier;
    if (const auto object = reader.document(body)) {
        const QString algorithm = reader.string(*object, {}, u"algorithm"_s);
        if (!reader.failed() && algorithm != u"Ed25519"_s)
            reader.fail(u"algorithm"_s, u"is \"%1\", not \"Ed25519\""_s.arg(algorithm));
        const QString key = reader.string(*object, {}, u"publicKey"_s, false);
        if (!reader.failed()) {
            const auto decoded
                = QByteArray::fromBase64Encoding(key.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (decoded)
                verifier = LeaseVerifier::fromPublicKey(*decoded);
            if (!verifier)
                reader.fail(u"publicKey"_s, u"is not 32 bytes of base64"_s);
        }
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
    Reader reader;
    StatsSnapshot snapshot;
    if (const auto object = reader.document(body)) {
        ValidationError why;
        const std::optional<StatsSnapshot> decoded = StatsSnapshot::fromJson(*object, &why);
        if (decoded)
            snapshot = *decoded;
        else
            reader.fail(why);
    }
    return finish(reader, snapshot, error);
}

namespace {

QDateTime optionalTimestamp(Reader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isNull())
        return {};
    return reader.timestamp(object, path, key);
}

AccessTokenInfo readToken(Reader &reader, const QJsonObject &object, const QString &path)
{
    AccessTokenInfo token;
    token.name = reader.string(object, path, u"name"_s, false);
    if (!reader.failed() && !isValidTokenName(token.name))
        reader.fail(Reader::joinPath(path, u"name"_s), u"is not a token name"_s);
    const QString role = reader.string(object, path, u"role"_s, false);
    if (!reader.failed()) {
        if (const auto parsed = parseRole(role))
            token.role = *parsed;
        else
            reader.fail(Reader::joinPath(path, u"role"_s),
                        u"is \"%1\", not viewer, operator or admin"_s.arg(role.left(40)));
    }
    token.createdAt = reader.timestamp(object, path, u"createdAt"_s);
    if (!reader.failed())
        token.expiresAt = optionalTimestamp(reader, object, path, u"expiresAt"_s);
    if (!reader.failed())
        token.lastUsedAt = optionalTimestamp(reader, object, path, u"lastUsedAt"_s);
    return token;
}

} // namespace

std::optional<AccessTokenInfo> decodeWhoami(const QByteArray &body, QString *error)
{
    Reader reader;
    AccessTokenInfo token;
    if (const auto object = reader.document(body))
        token = readToken(reader, *object, {});
    return finish(reader, token, error);
}

std::optional<TokenList> decodeTokenList(const QByteArray &body, QString *error)
{
    Reader reader;
    TokenList list;
    if (const auto object = reader.document(body)) {
        list.serverTime = reader.timestamp(*object, {}, u"serverTime"_s);
        const QJsonArray tokens = reader.array(*object, {}, u"tokens"_s);
        for (qsizetype i = 0; i < tokens.size() && !reader.failed(); ++i) {
            const QString path = Reader::indexPath(u"tokens"_s, i);
            const QJsonObject entry = reader.object(tokens.at(i), path);
            if (!reader.failed())
                list.tokens.append(readToken(reader, entry, path));
        }
    }
    return finish(reader, list, error);
}

std::optional<CreatedToken> decodeCreatedToken(const QByteArray &body, QString *error)
{
    Reader reader;
    CreatedToken created;
    if (const auto object = reader.document(body)) {
        const QJsonObject token = reader.object(object->value(u"token"_s), u"token"_s);
        if (!reader.failed())
            created.token = readToken(reader, token, u"token"_s);
        if (!reader.failed())
            created.secret = reader.string(*object, {}, u"secret"_s, false);
    }
    return finish(reader, created, error);
}

std::optional<LicenseSummary> decodeLicenseSummary(const QJsonValue &json, const QString &path, QString *error)
{
    Reader reader;
    const LicenseSummary license = readLicense(reader, json, path);
    return finish(reader, license, error);
}

std::optional<LicenseList> decodeLicenseList(const QByteArray &body, QString *error)
{
    Reader reader;
    LicenseList list;
    if (const auto object = reader.document(body)) {
        ValidationError why;
        const std::optional<LicenseList> decoded = LicenseList::fromJson(*object, &why);
        if (decoded)
            list = *decoded;
        else
            reader.fail(why);
    }
    return finish(reader, list, error);
}

std::optional<LicenseWriteResult> decodeLicenseWrite(const QByteArray &body, bool created, QString *error)
{
    Reader reader;
    LicenseWriteResult result;
    result.created = created;
    if (const auto object = reader.document(body)) {
        const QJsonValue license = reader.field(*object, {}, u"license"_s);
        if (!reader.failed())
            result.license = readLicense(reader, license, u"license"_s);
        if (created)
            result.key = readKey(reader, *object);
    }
    return finish(reader, result, error);
}

std::optional<QString> decodeRotatedKey(const QByteArray &body, QString *error)
{
    Reader reader;
    QString key;
    if (const auto object = reader.document(body))
        key = readKey(reader, *object);
    return finish(reader, key, error);
}

namespace {

// The messages below have their codec in core/wire; these wrappers only parse the body and turn
// the codec's ValidationError into the client's error text.
template <typename T, typename Decode>
std::optional<T> decodeWith(const QByteArray &body, QString *error, Decode decode)
{
    Reader reader;
    T value;
    if (const auto object = reader.document(body)) {
        ValidationError why;
        std::optional<T> decoded = decode(*object, &why);
        if (decoded)
            value = std::move(*decoded);
        else
            reader.fail(why);
    }
    return finish(reader, std::move(value), error);
}

} // namespace

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

    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonObject object = doc.object();
    if (object.value(u"error"_s).isString()) {
        error.code = object.value(u"error"_s).toString();
        error.field = object.value(u"field"_s).toString();
        error.message = object.value(u"message"_s).toString();
        if (error.code == u"forbidden"_s) {
            error.requiredRole = object.value(u"needed"_s).toString();
            error.heldRole = object.value(u"role"_s).toString();
        }
    }
    if (error.message.isEmpty())
        error.message = error.code.isEmpty() ? u"the server answered HTTP %1"_s.arg(httpStatus)
                                             : u"the server answered HTTP %1 (%2)"_s.arg(httpStatus).arg(error.code);
    return error;
}

QByteArray encodeLicenseSpec(const LicenseSpec &spec)
{
    const QJsonObject object {
        {u"name"_s, spec.name},
        {u"seatCount"_s, spec.seatCount},
        {u"ttlSeconds"_s, spec.ttlSeconds},
        {u"skewSeconds"_s, spec.skewSeconds},
        {u"reapGraceSeconds"_s, spec.reapGraceSeconds},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

std::optional<QList<HolderGroup>> decodeGroups(const QByteArray &body, QString *error)
{
    Reader reader;
    QList<HolderGroup> groups;
    if (const auto object = reader.document(body)) {
        const QJsonValue value = reader.field(*object, {}, u"groups"_s);
        if (!reader.failed()) {
            ValidationError why;
            if (auto decoded = seatrules::groupsFromJson(value, u"groups"_s, &why))
                groups = std::move(*decoded);
            else
                reader.fail(why);
        }
    }
    return finish(reader, groups, error);
}

std::optional<SeatRules> decodeRules(const QByteArray &body, const QString &licenseId, QString *error)
{
    Reader reader;
    SeatRules rules;
    if (const auto object = reader.document(body)) {
        const QString id = reader.string(*object, {}, u"licenseId"_s, false);
        if (!reader.failed() && id != licenseId)
            reader.fail(u"licenseId"_s, u"is \"%1\", not the license asked for (\"%2\")"_s.arg(id, licenseId));
        const QJsonValue value = reader.field(*object, {}, u"rules"_s);
        if (!reader.failed()) {
            ValidationError why;
            if (auto decoded = seatrules::rulesFromJson(value, u"rules"_s, &why))
                rules = std::move(*decoded);
            else
                reader.fail(why);
        }
    }
    return finish(reader, rules, error);
}

QByteArray encodeGroups(const QList<HolderGroup> &groups)
{
    return QJsonDocument(QJsonObject {{u"groups"_s, seatrules::groupsToJson(groups)}}).toJson(QJsonDocument::Compact);
}

QByteArray encodeRules(const SeatRules &rules)
{
    return QJsonDocument(QJsonObject {{u"rules"_s, seatrules::rulesToJson(rules)}}).toJson(QJsonDocument::Compact);
}

QByteArray encodeRevoke(const RevokeRequest &request)
{
    QJsonObject object;
    if (!request.reason.isEmpty())
        object.insert(u"reason"_s, request.reason);
    if (request.block.count() > 0)
        object.insert(u"blockSeconds"_s, qint64(request.block.count()));
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray encodeTokenSpec(const TokenSpec &spec)
{
    QJsonObject object {{u"name"_s, spec.name}, {u"role"_s, roleName(spec.role)}};
    if (spec.lifetime)
        object.insert(u"expiresInSeconds"_s, qint64(spec.lifetime->count()));
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QJsonObject toJson(const AccessTokenInfo &token)
{
    return QJsonObject {{u"name"_s, token.name},
                        {u"role"_s, roleName(token.role)},
                        {u"createdAt"_s, timestampOrNull(token.createdAt)},
                        {u"expiresAt"_s, timestampOrNull(token.expiresAt)},
                        {u"lastUsedAt"_s, timestampOrNull(token.lastUsedAt)}};
}

QJsonObject toJson(const LicenseSummary &license)
{
    return license.toJson();
}

QJsonObject toJson(const LeaseRow &row)
{
    QJsonObject object = leaseToJson(row.lease);
    object.insert(u"live"_s, row.live);
    object.insert(u"reapableAt"_s, timestampOrNull(row.reapableAt));
    object.insert(u"signatureValid"_s, row.signatureValid);
    return object;
}

QJsonObject toJson(const HolderBlock &block)
{
    return block.toJson();
}

QJsonObject toJson(const ReapResult &result)
{
    return result.toJson();
}

QJsonObject toJson(const EventRecord &event)
{
    return QJsonObject {
        {u"seq"_s, event.seq},           {u"time"_s, timestampOrNull(event.time)},
        {u"kind"_s, toWire(event.kind)}, {u"licenseId"_s, event.licenseId},
        {u"seatId"_s, event.seatId},     {u"holder"_s, event.holder},
        {u"actor"_s, event.actor},       {u"detail"_s, event.detail},
    };
}

} // namespace keyright::adminjson
