#pragma once

#include "AdminTypes.h"
#include "ClientError.h"
#include "LeaseVerifier.h"
#include "SeatRules.h"
#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/BorrowJson.h"
#include "wire/LedgerReport.h"
#include "wire/StatsSnapshot.h"
#include "wire/UsageReport.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

// The admin API's bodies, decoded and encoded by pure functions so that every malformed reply can be
// tested without a server. Each body's codec is core's (core/wire), the one the server encodes and
// decodes with; these functions parse the body and report the codec's error as the client's text.
// Decoders are strict: a missing field, a wrong type, a bad timestamp or an out-of-range number
// fails, and the error names the field by its path ("licenses[2].seatCount is not an integer").
namespace keyright::adminjson {

std::optional<QString> decodeHealth(const QByteArray &body, QString *error = nullptr); // the version
std::optional<QDateTime> decodeServerTime(const QByteArray &body, QString *error = nullptr);
std::optional<LeaseVerifier> decodePublicKey(const QByteArray &body, QString *error = nullptr);
// GET /v1/stats, through core's StatsSnapshot codec (the one the server encodes with).
std::optional<StatsSnapshot> decodeStats(const QByteArray &body, QString *error = nullptr);

std::optional<LicenseList> decodeLicenseList(const QByteArray &body, QString *error = nullptr);
// `created`: the server answered 201, so the body must carry the new license key.
std::optional<LicenseWriteResult> decodeLicenseWrite(const QByteArray &body, bool created, QString *error = nullptr);
std::optional<QString> decodeRotatedKey(const QByteArray &body, QString *error = nullptr);
// Leaves LeaseRow::signatureValid false: checking signatures needs the server's key (AdminClient).
std::optional<LeaseList> decodeLeaseList(const QByteArray &body, const QString &licenseId, QString *error = nullptr);
std::optional<ReapResult> decodeReapResult(const QByteArray &body, bool dryRunAsked, QString *error = nullptr);
std::optional<EventPage> decodeEventPage(const QByteArray &body, QString *error = nullptr);
std::optional<UsageReport> decodeUsageReport(const QByteArray &body, QString *error = nullptr);
std::optional<WhatIfReport> decodeWhatIf(const QByteArray &body, QString *error = nullptr);
std::optional<LedgerReport> decodeLedger(const QByteArray &body, QString *error = nullptr);

// GET/PUT /v1/groups: {"groups": [...]}, and GET/PUT /v1/licenses/{id}/rules: {"licenseId", "rules"}
// (the rules must be those of `licenseId`), through core's SeatRulesJson codecs.
std::optional<QList<HolderGroup>> decodeGroups(const QByteArray &body, QString *error = nullptr);
std::optional<SeatRules> decodeRules(const QByteArray &body, const QString &licenseId, QString *error = nullptr);

std::optional<AccessTokenInfo> decodeWhoami(const QByteArray &body, QString *error = nullptr);
std::optional<TokenList> decodeTokenList(const QByteArray &body, QString *error = nullptr);
std::optional<CreatedToken> decodeCreatedToken(const QByteArray &body, QString *error = nullptr);

// An HTTP error reply (status >= 400) as a ClientError, with the server's code, field and message
// when the body is the contract's error object, and a plain description otherwise.
ClientError decodeErrorReply(int httpStatus, const QByteArray &body);

QByteArray encodeLicenseSpec(const LicenseSpec &spec);
QByteArray encodeRevoke(const RevokeRequest &request);
QByteArray encodeTokenSpec(const TokenSpec &spec);
QByteArray encodeGroups(const QList<HolderGroup> &groups);
QByteArray encodeAlertRules(const QList<AlertRule> &rules);
std::optional<QList<AlertRule>> decodeAlertRules(const QByteArray &body, QString *error = nullptr);
std::optional<QList<alerts::FiringAlert>> decodeFiringAlerts(const QByteArray &body, QString *error = nullptr);
std::optional<alerts::FiringAlert> decodeFiringAlert(const QByteArray &body, QString *error = nullptr);
// The answer to POST .../borrow/{seatId}/write-off.
std::optional<WriteOffAnswer> decodeWriteOff(const QByteArray &body, QString *error = nullptr);
// Alert endpoints and deliveries (core/wire/AlertWebhook).
std::optional<QList<alerts::webhook::Endpoint>> decodeAlertEndpoints(const QByteArray &body, QString *error);
// The endpoint and its secret, shown once.
std::optional<std::pair<alerts::webhook::Endpoint, QString>> decodeCreatedAlertEndpoint(const QByteArray &body,
                                                                                        QString *error);
std::optional<QList<alerts::webhook::Delivery>> decodeAlertDeliveries(const QByteArray &body, QString *error);
// {"deliveryId"} of a test or a redelivery.
std::optional<QString> decodeDeliveryId(const QByteArray &body, QString *error);
QByteArray encodeRules(const SeatRules &rules);

} // namespace keyright::adminjson
