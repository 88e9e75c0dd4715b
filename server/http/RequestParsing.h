#pragma once

#include "SeatRules.h"
#include "http/ApiError.h"
#include "seats/LicenseAdmin.h"
#include "store/StoreTypes.h"

#include <QByteArrayView>
#include <QString>
#include <QUrlQuery>

#include <chrono>
#include <optional>

// Pure, socket-free parsing and validation of what clients send. Each function either returns a
// complete value or fills `error` with the status and a message that names the problem; nothing
// here touches the store, so a rejected request leaves it as it was.
namespace keyright::server::request {

// Every text field must be valid Unicode (no lone surrogate); every length below counts code
// points, as the holder's does (validateHolder).
constexpr qsizetype maxBodyBytes = 16 * 1024;
constexpr int maxRequestIdLength = 128;
constexpr int maxNameLength = 128;
constexpr int maxReasonLength = 500;
constexpr qint64 maxBlockSeconds = 365LL * 24 * 3600;
constexpr int maxEventLimit = 1000;
constexpr int defaultEventLimit = 200;

// 413 payload_too_large when the body exceeds maxBodyBytes.
std::optional<ApiError> checkBodySize(qsizetype bytes);

struct CheckoutBody
{
    QString holder;
    QString requestId; // empty when absent
    // "wait": true: how long to wait in line at most ("maxWaitSeconds", else
    // QueueTicket::defaultMaxWaitSeconds); nullopt without "wait" or with "wait": false.
    std::optional<std::chrono::seconds> maxWait;
};
std::optional<CheckoutBody> parseCheckout(QByteArrayView body, ApiError *error = nullptr);

std::optional<LicenseAdmin::LicenseSpec> parseLicenseSpec(QByteArrayView body, ApiError *error = nullptr);

struct RevokeBody
{
    QString reason;
    std::chrono::seconds block {0};
};
// An empty body is a revoke without reason or block.
std::optional<RevokeBody> parseRevoke(QByteArrayView body, ApiError *error = nullptr);

// PUT /v1/groups: {"groups": [...]}, and PUT /v1/licenses/{id}/rules: {"rules": {...}}. Only
// their shape is checked here (core/wire/SeatRulesJson); SeatService validates the values.
std::optional<QList<HolderGroup>> parseGroups(QByteArrayView body, ApiError *error = nullptr);
std::optional<SeatRules> parseRules(QByteArrayView body, ApiError *error = nullptr);

// POST /v1/tokens: {"name", "role", "expiresInSeconds"?}.
struct TokenSpec
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    std::optional<std::chrono::seconds> lifetime; // nullopt: never expires
};
constexpr qint64 maxTokenLifetimeSeconds = 10LL * 365 * 24 * 3600;
std::optional<TokenSpec> parseTokenSpec(QByteArrayView body, ApiError *error = nullptr);

// after, license, holder, kind (comma-separated), since, until, limit.
std::optional<EventQuery> parseEventQuery(const QUrlQuery &query, ApiError *error = nullptr);

// dryRun: true/false/1/0, absent = false.
std::optional<bool> parseDryRun(const QUrlQuery &query, ApiError *error = nullptr);

// The credential of an Authorization header with the given scheme ("Bearer", "License"; the
// scheme compares case-insensitively), or nullopt when the header is absent or another scheme.
std::optional<QByteArray> credential(QByteArrayView authorization, QByteArrayView scheme);

} // namespace keyright::server::request
