#pragma once

#include "SeatDecision.h"
#include "SeatLease.h"
#include "ValidationError.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace keyright {

// The wire form of borrowing (issue 27, docs/API.md "Borrowing"): the license's policy, the
// request that borrows a seat and the server's answer.

// The policy as the license spec and summary carry it, the "borrow" member:
// {"allowed", "maxDays", "maxBorrowed", "keepOnSite", "groups"}.
namespace borrowjson {

inline constexpr char16_t policyMember[] = u"borrow";

QJsonObject policyToJson(const BorrowPolicy &policy);
// Strict: "allowed" a boolean; "maxDays" 1..BorrowPolicy::maxDaysLimit, "maxBorrowed" and
// "keepOnSite" whole numbers 0..SeatPolicy::maxSeatCount, "groups" a list of group names (may be
// absent: anyone). When borrowing is not allowed the numbers may be left out (0). The error's
// field is the member's path under `path` ("borrow.maxDays").
std::optional<BorrowPolicy> policyFromJson(const QJsonValue &json,
                                           const QString &path = QString::fromUtf16(policyMember),
                                           ValidationError *error = nullptr);

} // namespace borrowjson

// POST /v1/licenses/{id}/borrow: {"holder", "days"}, whole days from 1 (the policy's maxDays is
// the server's to judge, with a sentence naming it).
struct BorrowRequest
{
    QString holder;
    int days = 1;

    QJsonObject toJson() const;
    static std::optional<BorrowRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const BorrowRequest &, const BorrowRequest &) = default;
};

// The answer to a borrow (201): {"lease": {... "borrowed": true}, "publicKey": base64 of the
// server's Ed25519 key, "serverTime": timestamp}, everything the borrower keeps to check the lease
// offline (client/BorrowedLeaseFile).
struct BorrowAnswer
{
    SeatLease lease;
    QByteArray publicKey; // 32 bytes
    QDateTime serverTime;

    QJsonObject toJson() const;
    // Strict: the lease as leaseFromJson() reads it and marked borrowed, a 32-byte key, a
    // timestamp. The signature is not checked here (LeaseVerifier does that with the key).
    static std::optional<BorrowAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const BorrowAnswer &, const BorrowAnswer &) = default;
};

} // namespace keyright
