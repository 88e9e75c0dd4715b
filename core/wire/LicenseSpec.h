#pragma once

#include "LicenseValidity.h"
#include "SeatDecision.h"
#include "ValidationError.h"
#include "wire/LicenseSummary.h"

#include <QFlags>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace keyright {

// What an admin submits to create or change a license: the body of PUT /v1/licenses/{id}
// (docs/API.md), {"name", "seatCount", "ttlSeconds", "skewSeconds", "reapGraceSeconds", "validFrom",
// "validUntil", "maintenanceUntil", "borrow"}, every member optional. The client fills every member and
// sends them all (the dates only when it edits them); the server reads which ones
// came (`given`): on create the four numbers are required and the name defaults to the id, on
// update an absent member keeps the license's current value.
struct LicenseSpec
{
    enum class Member {
        Name = 0x1,
        SeatCount = 0x2,
        TtlSeconds = 0x4,
        SkewSeconds = 0x8,
        ReapGraceSeconds = 0x10,
        ValidFrom = 0x20,
        ValidUntil = 0x40,
        MaintenanceUntil = 0x80,
        Borrow = 0x100,
    };
    Q_DECLARE_FLAGS(Members, Member)
    // What a spec sends by default: not the dates, so that a client which does not set them (or
    // predates them) leaves a license's dates as they are; a client that edits them adds
    // dateMembers to `given`.
    static constexpr Members everyMember {Member::Name, Member::SeatCount, Member::TtlSeconds, Member::SkewSeconds,
                                          Member::ReapGraceSeconds};
    static constexpr Members dateMembers {Member::ValidFrom, Member::ValidUntil, Member::MaintenanceUntil};
    // Nor the borrowing policy: a client that edits it adds Member::Borrow.

    // Bounds the decoder holds numbers to before SeatPolicy judges them (it names the real ones):
    // far from overflowing when seconds become milliseconds.
    static constexpr qint64 maxMagnitude = 1'000'000'000;
    static constexpr int maxNameLength = 128; // code points

    QString id; // the license: in the path, not the body
    QString name;
    qint64 seatCount = 1;
    qint64 ttlSeconds = 60;
    qint64 skewSeconds = 5;
    qint64 reapGraceSeconds = 15;
    // The dates (issue 29): timestamps on the wire; a given member that is null (an invalid
    // QDateTime here) removes that bound. On create, an absent date is no bound.
    LicenseValidity validity = {};
    // The borrowing policy (issue 27), the "borrow" member (wire/BorrowJson). On create, an absent
    // one allows no borrowing.
    BorrowPolicy borrow = {};
    Members given = everyMember; // the members the body has

    bool has(Member member) const { return given.testFlag(member); }
    // The member's name in the body ("seatCount"), also the field of a refusal about it.
    static QString memberName(Member member);
    // The given members.
    QJsonObject toJson() const;
    // Strict: a name of 1 to maxNameLength code points of text, whole numbers, the durations
    // within ±maxMagnitude, the dates timestamps (docs/API.md) or null; the error's field is the
    // member. Leaves id empty. The order of the dates is LicenseAdmin's to judge, with the
    // license's current ones.
    static std::optional<LicenseSpec> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const LicenseSpec &, const LicenseSpec &) = default;
};
Q_DECLARE_OPERATORS_FOR_FLAGS(LicenseSpec::Members)

// The answer to PUT /v1/licenses/{id}: {"license": LicenseSummary} (200), plus {"key"} when it
// created the license (201; the key is shown once).
struct LicenseWriteResult
{
    LicenseSummary license;
    bool created = false;
    QString key; // the license key, present only on create (and rotate): shown once

    QJsonObject toJson() const;
    // `created`: the server answered 201, so the body must carry a license key.
    static std::optional<LicenseWriteResult> fromJson(const QJsonObject &json, bool created,
                                                      ValidationError *error = nullptr);
};

// The answer to POST /v1/licenses/{id}/rotate-key: {"key"}, the new license key.
struct RotatedKey
{
    QString key;

    QJsonObject toJson() const;
    static std::optional<RotatedKey> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

} // namespace keyright
