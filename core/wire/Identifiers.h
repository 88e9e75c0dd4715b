#pragma once

#include <QByteArrayView>
#include <QLatin1StringView>
#include <QString>
#include <QStringView>

// The identifiers of the v1 API, spelled out once for the server and the client (docs/API.md).
// Every layer that checks an id calls these; the *Rule() texts say the same rule in words so that
// error messages agree with the check.
namespace keyright {

constexpr qsizetype seatIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype replicaIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype ticketIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype adminTokenLength = 64; // 256 random bits as lowercase hex
constexpr qsizetype licenseKeyHexLength = 64; // 256 random bits after the prefix
constexpr QLatin1StringView licenseKeyPrefix {"kr1-"};
constexpr qsizetype maxLicenseIdLength = 64;

// Only 0-9 and a-f (an empty text is all hex).
bool isLowercaseHex(QStringView text);
bool isLowercaseHex(QByteArrayView text);

// Seat ids are 32 lowercase hex digits.
bool isValidSeatId(QStringView seatId);
// A non-empty beginning of a seat id (what `keyright revoke` accepts for a seat).
bool isSeatIdPrefix(QStringView prefix);
// Replica ids (the usage statistics' writer ids) are 32 lowercase hex digits.
bool isValidReplicaId(QStringView replicaId);
// Queue ticket ids (a place in a license's waiting line) are 32 lowercase hex digits.
bool isValidTicketId(QStringView ticketId);

// Admin tokens are 64 lowercase hex digits.
bool isValidAdminToken(QByteArrayView token);
// License keys are "kr1-" and 64 lowercase hex digits.
bool isValidLicenseKey(QStringView key);
// License ids match [a-z0-9][a-z0-9-]{0,63}.
bool isValidLicenseId(QStringView licenseId);

QString seatIdRule(); // "32 lowercase hex digits"
QString replicaIdRule();
QString ticketIdRule();
QString adminTokenRule();
QString licenseKeyRule();
QString licenseIdRule();

} // namespace keyright
