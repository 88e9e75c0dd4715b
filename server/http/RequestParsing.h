#pragma once

#include "AlertRules.h"
#include "SeatRules.h"
#include "http/ApiError.h"
#include "wire/AccessTokens.h"
#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/BorrowJson.h"
#include "wire/EventQuery.h"
#include "wire/LicenseSpec.h"
#include "wire/SeatRequests.h"
#include "wire/StoreBackup.h"
#include "wire/UsageReport.h"

#include <QByteArrayView>
#include <QString>
#include <QUrlQuery>

#include <chrono>
#include <optional>

// Pure, socket-free parsing and validation of what clients send. Each function either returns a
// complete value or fills `error` with the status and a message that names the problem; nothing
// here touches the store, so a rejected request leaves it as it was. What a body or a query means
// is core's (core/wire: the codec the clients write it with); here a body becomes a JSON object and
// a codec's refusal a 400 invalid_request naming the field.
namespace keyright::server::request {

// Every text field must be valid Unicode (no lone surrogate); every length counts code points, as
// the holder's does (validateHolder). The limits of each body are its type's, in core/wire.
constexpr qsizetype maxBodyBytes = 16 * 1024;

// 413 payload_too_large when the body exceeds maxBodyBytes.
std::optional<ApiError> checkBodySize(qsizetype bytes);

std::optional<CheckoutRequest> parseCheckout(QByteArrayView body, ApiError *error = nullptr);
std::optional<BorrowRequest> parseBorrow(QByteArrayView body, ApiError *error = nullptr);
// DELETE .../borrow/{seatId}: the return secret, or an empty body (none).
std::optional<BorrowReturnRequest> parseReturnBorrowed(QByteArrayView body, ApiError *error = nullptr);
// An empty body is a write-off without a note.
std::optional<WriteOffRequest> parseWriteOff(QByteArrayView body, ApiError *error = nullptr);
// A seat heartbeat's body: none, or one that is not a JSON object, is a heartbeat without activity,
// as any body used to be ignored; an object's idleMs is checked (HeartbeatRequest).
std::optional<HeartbeatRequest> parseHeartbeat(QByteArrayView body, ApiError *error = nullptr);
std::optional<LicenseSpec> parseLicenseSpec(QByteArrayView body, ApiError *error = nullptr);
// An empty body is a revoke without reason or block; licenseId and seatId are the route's.
std::optional<RevokeRequest> parseRevoke(QByteArrayView body, ApiError *error = nullptr);

// PUT /v1/groups: {"groups": [...]}, and PUT /v1/licenses/{id}/rules: {"rules": {...}}. Only
// their shape is checked here (core/wire/SeatRulesJson); LicenseAdmin validates the values.
std::optional<QList<HolderGroup>> parseGroups(QByteArrayView body, ApiError *error = nullptr);
std::optional<QList<AlertRule>> parseAlertRules(QByteArrayView body, ApiError *error = nullptr);
std::optional<alerts::webhook::NewEndpoint> parseNewAlertEndpoint(QByteArrayView body, ApiError *error = nullptr);
// An empty body is an acknowledgement without a note.
std::optional<alerts::AcknowledgeRequest> parseAcknowledge(QByteArrayView body, ApiError *error = nullptr);
std::optional<SeatRules> parseRules(QByteArrayView body, ApiError *error = nullptr);

// POST /v1/tokens: {"name", "role", "expiresInSeconds"?}.
std::optional<TokenSpec> parseTokenSpec(QByteArrayView body, ApiError *error = nullptr);

// after, license, holder, kind (comma-separated), since, until, limit.
std::optional<EventQuery> parseEventQuery(const QUrlQuery &query, ApiError *error = nullptr);
std::optional<UsageQuery> parseUsageQuery(const QUrlQuery &query, ApiError *error = nullptr);

// dryRun: true/false/1/0, absent = false.
std::optional<bool> parseDryRun(const QUrlQuery &query, ApiError *error = nullptr);
// The query of POST /v1/admin/backup: whether the copy holds the signing key.
std::optional<StoreBackupQuery> parseBackupQuery(const QUrlQuery &query, ApiError *error = nullptr);

// The credential of an Authorization header with the given scheme ("Bearer", "License"; the
// scheme compares case-insensitively), or nullopt when the header is absent or another scheme.
std::optional<QByteArray> credential(QByteArrayView authorization, QByteArrayView scheme);

} // namespace keyright::server::request
