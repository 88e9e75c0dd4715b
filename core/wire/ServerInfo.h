#pragma once

#include "LeaseVerifier.h"
#include "ValidationError.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace keyright {

// The bodies of the public routes (docs/API.md): what anyone may ask a server before trusting it.

// GET /v1/health: {"status": "ok", "version"}; while the server cannot serve a transaction,
// {"status": "degraded", "version", "reason"} (still 200: the process is alive and answers).
struct HealthAnswer
{
    // The reasons a degraded server gives; public, so they name no host.
    static constexpr char16_t databaseUnavailable[] = u"database unavailable";
    static constexpr char16_t databaseError[] = u"database error";

    QString version;
    QString degradedBecause; // empty: "ok"

    QJsonObject toJson() const;
    // Refuses a status other than "ok" (a degraded server too: it cannot serve requests).
    static std::optional<HealthAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

// GET /v1/time: {"now"}, the server's clock.
struct TimeAnswer
{
    QDateTime now;

    QJsonObject toJson() const;
    static std::optional<TimeAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

// GET /v1/public-key: {"algorithm": "Ed25519", "publicKey": base64 of the 32 raw bytes}, the key
// every lease is signed with. The one decoder of it, for every client.
struct PublicKeyAnswer
{
    QByteArray publicKey; // 32 raw bytes

    QJsonObject toJson() const;
    // Refuses another algorithm and anything but strict base64 of 32 bytes that make an Ed25519
    // key.
    static std::optional<LeaseVerifier> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

} // namespace keyright
