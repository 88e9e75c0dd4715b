#include "wire/AccessTokens.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/RequestFields.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString tokenNameMember = QString::fromUtf16(TokenSpec::nameMember);
const QString roleMember = u"role"_s;
const QString createdAtMember = u"createdAt"_s;
const QString expiresAtMember = u"expiresAt"_s;
const QString lastUsedAtMember = u"lastUsedAt"_s;
const QString serverTimeMember = u"serverTime"_s;
const QString tokensMember = u"tokens"_s;
const QString expiresInMember = u"expiresInSeconds"_s;
const QString tokenMember = u"token"_s;
const QString secretMember = u"secret"_s;

constexpr int maxTokenNameLength = 64;
constexpr int maxRoleLength = 32;

QDateTime optionalTimestamp(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    if (object.value(key).isNull())
        return {};
    return reader.timestamp(object, path, key);
}

AccessTokenInfo readToken(JsonReader &reader, const QJsonObject &object, const QString &path)
{
    AccessTokenInfo token;
    token.name = reader.string(object, path, tokenNameMember, false);
    if (!reader.failed() && !isValidTokenName(token.name))
        reader.fail(JsonReader::joinPath(path, tokenNameMember), u"is not a token name"_s);
    const QString role = reader.string(object, path, roleMember, false);
    if (!reader.failed()) {
        if (const auto parsed = parseRole(role))
            token.role = *parsed;
        else
            reader.fail(JsonReader::joinPath(path, roleMember),
                        u"is \"%1\", not viewer, operator or admin"_s.arg(role.left(40)));
    }
    token.createdAt = reader.timestamp(object, path, createdAtMember);
    if (!reader.failed())
        token.expiresAt = optionalTimestamp(reader, object, path, expiresAtMember);
    if (!reader.failed())
        token.lastUsedAt = optionalTimestamp(reader, object, path, lastUsedAtMember);
    return token;
}

} // namespace

QJsonValue timestampOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QJsonObject AccessTokenInfo::toJson() const
{
    return QJsonObject {{tokenNameMember, name},
                        {roleMember, roleName(role)},
                        {createdAtMember, timestampOrNull(createdAt)},
                        {expiresAtMember, timestampOrNull(expiresAt)},
                        {lastUsedAtMember, timestampOrNull(lastUsedAt)}};
}

std::optional<AccessTokenInfo> AccessTokenInfo::fromJson(const QJsonValue &json, const QString &path,
                                                         ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path.isEmpty() ? tokenMember : path);
    AccessTokenInfo token;
    if (!reader.failed())
        token = readToken(reader, object, path);
    if (!reader.report(error))
        return std::nullopt;
    return token;
}

QJsonObject TokenList::toJson() const
{
    QJsonArray list;
    for (const AccessTokenInfo &token : tokens)
        list.append(token.toJson());
    return QJsonObject {{serverTimeMember, formatTimestamp(serverTime)}, {tokensMember, list}};
}

std::optional<TokenList> TokenList::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    TokenList list;
    list.serverTime = reader.timestamp(json, {}, serverTimeMember);
    const QJsonArray tokens = reader.array(json, {}, tokensMember);
    for (qsizetype i = 0; i < tokens.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(tokensMember, i);
        const QJsonObject entry = reader.object(tokens.at(i), path);
        if (!reader.failed())
            list.tokens.append(readToken(reader, entry, path));
    }
    if (!reader.report(error))
        return std::nullopt;
    return list;
}

QJsonObject TokenSpec::toJson() const
{
    QJsonObject json {{tokenNameMember, name}, {roleMember, roleName(role)}};
    if (lifetime)
        json.insert(expiresInMember, qint64(lifetime->count()));
    return json;
}

std::optional<TokenSpec> TokenSpec::fromJson(const QJsonObject &json, ValidationError *error)
{
    using namespace requestfields;
    std::optional<QString> name;
    if (!optionalText(json, tokenNameMember, maxTokenNameLength, false, &name, error))
        return std::nullopt;
    if (!name) {
        refuse(error, tokenNameMember, u"name is required"_s);
        return std::nullopt;
    }
    if (!isValidTokenName(*name)) {
        refuse(error, tokenNameMember, u"name \"%1\" is malformed: expected %2"_s.arg(name->left(80), tokenNameRule()));
        return std::nullopt;
    }
    std::optional<QString> roleText;
    if (!optionalText(json, roleMember, maxRoleLength, false, &roleText, error))
        return std::nullopt;
    const auto role = roleText ? parseRole(*roleText) : std::nullopt;
    if (!role) {
        refuse(error, roleMember, u"role must be one of viewer, operator, admin"_s);
        return std::nullopt;
    }
    std::optional<qint64> lifetime;
    if (!optionalWholeNumber(json, expiresInMember, &lifetime, error))
        return std::nullopt;
    if (lifetime && (*lifetime < 1 || *lifetime > maxLifetimeSeconds)) {
        refuse(error, expiresInMember,
               u"expiresInSeconds must be between 1 and %1 (ten years)"_s.arg(maxLifetimeSeconds));
        return std::nullopt;
    }
    TokenSpec spec {*name, *role, std::nullopt};
    if (lifetime)
        spec.lifetime = std::chrono::seconds(*lifetime);
    return spec;
}

QJsonObject CreatedToken::toJson() const
{
    return QJsonObject {{tokenMember, token.toJson()}, {secretMember, secret}};
}

std::optional<CreatedToken> CreatedToken::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    CreatedToken created;
    const QJsonObject token = reader.object(json.value(tokenMember), tokenMember);
    if (!reader.failed())
        created.token = readToken(reader, token, tokenMember);
    if (!reader.failed())
        created.secret = reader.string(json, {}, secretMember, false);
    if (!reader.report(error))
        return std::nullopt;
    return created;
}

} // namespace keyright
