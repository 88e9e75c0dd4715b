#pragma once

#include "ValidationError.h"
#include "wire/AccessRole.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// Timestamps that may be absent (a token that never expires, or was never used) are null on the
// wire.
QJsonValue timestampOrNull(const QDateTime &time);

// A named access token as GET /v1/tokens and GET /v1/whoami describe it (docs/API.md); never its
// secret: {"name", "role", "createdAt", "expiresAt" (or null), "lastUsedAt" (or null)}.
struct AccessTokenInfo
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: never expires
    QDateTime lastUsedAt; // invalid: never used

    QJsonObject toJson() const;
    // Strict: a token name, a role's name, timestamps (the last two may be null). The error's field
    // is the value's path under `path` ("tokens[1].role").
    static std::optional<AccessTokenInfo> fromJson(const QJsonValue &json, const QString &path = {},
                                                   ValidationError *error = nullptr);

    friend bool operator==(const AccessTokenInfo &, const AccessTokenInfo &) = default;
};

// The body of GET /v1/tokens: {"serverTime", "tokens": [...]}.
struct TokenList
{
    QDateTime serverTime;
    QList<AccessTokenInfo> tokens;

    QJsonObject toJson() const;
    static std::optional<TokenList> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const TokenList &, const TokenList &) = default;
};

// What an admin submits to make a token, the body of POST /v1/tokens:
// {"name", "role", "expiresInSeconds"?}.
struct TokenSpec
{
    static constexpr char16_t nameMember[] = u"name"; // also the field of a refusal about the name
    static constexpr qint64 maxLifetimeSeconds = 10LL * 365 * 24 * 3600; // ten years

    QString name;
    AccessRole role = AccessRole::Viewer;
    std::optional<std::chrono::seconds> lifetime; // nullopt: never expires

    QJsonObject toJson() const;
    // Strict, in the words of every request refusal: the error's field is the member.
    static std::optional<TokenSpec> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const TokenSpec &, const TokenSpec &) = default;
};

// The answer to POST /v1/tokens: {"token": AccessTokenInfo, "secret"}; the secret is shown once.
struct CreatedToken
{
    AccessTokenInfo token;
    QString secret; // "krt-" and 64 hex digits

    QJsonObject toJson() const;
    static std::optional<CreatedToken> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

} // namespace keyright
