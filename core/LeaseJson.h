#pragma once

#include "SeatLease.h"
#include "ValidationError.h"
#include "wire/Identifiers.h"

#include <QJsonObject>
#include <QJsonValue>

#include <optional>

namespace keyright {

// The lease as it travels in the v1 API:
// {"licenseId","seatId","holder","generation","issuedAt","expiresAt","signature"}, plus
// "borrowed": true for a borrowed lease (absent for an ordinary one).
QJsonObject leaseToJson(const SeatLease &lease);

// Strict: rejects a missing field, a wrong type, a bad timestamp, a generation that is not a
// non-negative integer, a holder that fails validateHolder(), a signature that is not 64 bytes of
// base64, a "borrowed" that is not a boolean. The error names the field. Extra fields (such as "live") are ignored.
std::optional<SeatLease> leaseFromJson(const QJsonValue &json, ValidationError *error = nullptr);

// A holder is a display label: 1 to 128 characters, no control characters.
constexpr int maxHolderLength = 128;
bool validateHolder(const QString &holder, QString *why = nullptr);

} // namespace keyright
