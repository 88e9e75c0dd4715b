#include "wire/LicenseSpec.h"

#include "Timestamps.h"
#include "wire/BorrowJson.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"
#include "wire/RequestFields.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString nameMember = LicenseSpec::memberName(LicenseSpec::Member::Name);
const QString seatCountMember = LicenseSpec::memberName(LicenseSpec::Member::SeatCount);
const QString ttlMember = LicenseSpec::memberName(LicenseSpec::Member::TtlSeconds);
const QString skewMember = LicenseSpec::memberName(LicenseSpec::Member::SkewSeconds);
const QString reapGraceMember = LicenseSpec::memberName(LicenseSpec::Member::ReapGraceSeconds);
const QString validFromMember = LicenseSpec::memberName(LicenseSpec::Member::ValidFrom);
const QString validUntilMember = LicenseSpec::memberName(LicenseSpec::Member::ValidUntil);
const QString maintenanceMember = LicenseSpec::memberName(LicenseSpec::Member::MaintenanceUntil);
const QString borrowMember = LicenseSpec::memberName(LicenseSpec::Member::Borrow);
const QString licenseMember = u"license"_s;
const QString keyMember = u"key"_s;

QString readKey(JsonReader &reader, const QJsonObject &object)
{
    const QString key = reader.string(object, {}, keyMember, false);
    if (!reader.failed() && !isValidLicenseKey(key))
        reader.fail(keyMember, u"is not a license key (%1)"_s.arg(licenseKeyRule()));
    return key;
}

// A date member: absent (false in *given), null (given, no bound) or a timestamp.
bool optionalDate(const QJsonObject &json, const QString &field, QDateTime *out, bool *given, ValidationError *error)
{
    *given = json.contains(field);
    if (!*given)
        return true;
    const QJsonValue value = json.value(field);
    if (value.isNull()) {
        *out = QDateTime();
        return true;
    }
    const auto time = value.isString() ? parseTimestamp(value.toString()) : std::nullopt;
    if (!time)
        return requestfields::refuse(
            error, field, u"%1 is not a timestamp such as 2027-03-31T00:00:00.000Z, nor null for none"_s.arg(field));
    *out = *time;
    return true;
}

QJsonValue dateValue(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

} // namespace

QString LicenseSpec::memberName(Member member)
{
    switch (member) {
    case Member::Name:
        return u"name"_s;
    case Member::SeatCount:
        return u"seatCount"_s;
    case Member::TtlSeconds:
        return u"ttlSeconds"_s;
    case Member::SkewSeconds:
        return u"skewSeconds"_s;
    case Member::ReapGraceSeconds:
        return u"reapGraceSeconds"_s;
    case Member::ValidFrom:
        return u"validFrom"_s;
    case Member::ValidUntil:
        return u"validUntil"_s;
    case Member::MaintenanceUntil:
        return u"maintenanceUntil"_s;
    case Member::Borrow:
        return QString::fromUtf16(borrowjson::policyMember);
    }
    return {};
}

QJsonObject LicenseSpec::toJson() const
{
    QJsonObject json;
    if (has(Member::Name))
        json.insert(nameMember, name);
    if (has(Member::SeatCount))
        json.insert(seatCountMember, seatCount);
    if (has(Member::TtlSeconds))
        json.insert(ttlMember, ttlSeconds);
    if (has(Member::SkewSeconds))
        json.insert(skewMember, skewSeconds);
    if (has(Member::ReapGraceSeconds))
        json.insert(reapGraceMember, reapGraceSeconds);
    if (has(Member::ValidFrom))
        json.insert(validFromMember, dateValue(validity.validFrom));
    if (has(Member::ValidUntil))
        json.insert(validUntilMember, dateValue(validity.validUntil));
    if (has(Member::MaintenanceUntil))
        json.insert(maintenanceMember, dateValue(validity.maintenanceUntil));
    if (has(Member::Borrow))
        json.insert(borrowMember, borrowjson::policyToJson(borrow));
    return json;
}

std::optional<LicenseSpec> LicenseSpec::fromJson(const QJsonObject &json, ValidationError *error)
{
    using namespace requestfields;
    std::optional<QString> name;
    std::optional<qint64> seatCount, ttl, skew, grace;
    if (!optionalText(json, nameMember, maxNameLength, false, &name, error)
        || !optionalWholeNumber(json, seatCountMember, &seatCount, error)
        || !optionalWholeNumber(json, ttlMember, &ttl, error) || !optionalWholeNumber(json, skewMember, &skew, error)
        || !optionalWholeNumber(json, reapGraceMember, &grace, error))
        return std::nullopt;
    LicenseValidity validity;
    bool fromGiven = false, untilGiven = false, maintenanceGiven = false;
    if (!optionalDate(json, validFromMember, &validity.validFrom, &fromGiven, error)
        || !optionalDate(json, validUntilMember, &validity.validUntil, &untilGiven, error)
        || !optionalDate(json, maintenanceMember, &validity.maintenanceUntil, &maintenanceGiven, error))
        return std::nullopt;
    std::optional<BorrowPolicy> borrow;
    if (json.contains(borrowMember)) {
        borrow = borrowjson::policyFromJson(json.value(borrowMember), borrowMember, error);
        if (!borrow)
            return std::nullopt;
    }
    for (const auto &[field, value] :
         {std::pair {ttlMember, ttl}, std::pair {skewMember, skew}, std::pair {reapGraceMember, grace}}) {
        if (value && (*value < -maxMagnitude || *value > maxMagnitude)) {
            refuse(error, field, u"%1 is out of range"_s.arg(field));
            return std::nullopt;
        }
    }
    LicenseSpec spec;
    spec.given = {};
    const auto take = [&spec](auto &target, const auto &value, Member member) {
        if (value) {
            target = *value;
            spec.given |= member;
        }
    };
    take(spec.name, name, Member::Name);
    take(spec.seatCount, seatCount, Member::SeatCount);
    take(spec.ttlSeconds, ttl, Member::TtlSeconds);
    take(spec.skewSeconds, skew, Member::SkewSeconds);
    take(spec.reapGraceSeconds, grace, Member::ReapGraceSeconds);
    take(spec.borrow, borrow, Member::Borrow);
    spec.validity = validity;
    spec.given.setFlag(Member::ValidFrom, fromGiven);
    spec.given.setFlag(Member::ValidUntil, untilGiven);
    spec.given.setFlag(Member::MaintenanceUntil, maintenanceGiven);
    return spec;
}

QJsonObject LicenseWriteResult::toJson() const
{
    QJsonObject json {{licenseMember, license.toJson()}};
    if (created)
        json.insert(keyMember, key);
    return json;
}

std::optional<LicenseWriteResult> LicenseWriteResult::fromJson(const QJsonObject &json, bool created,
                                                               ValidationError *error)
{
    JsonReader reader;
    LicenseWriteResult result;
    result.created = created;
    const QJsonValue license = reader.field(json, {}, licenseMember);
    if (!reader.failed()) {
        ValidationError why;
        if (const auto summary = LicenseSummary::fromJson(license, licenseMember, &why))
            result.license = *summary;
        else
            reader.fail(why);
    }
    if (created)
        result.key = readKey(reader, json);
    if (!reader.report(error))
        return std::nullopt;
    return result;
}

QJsonObject RotatedKey::toJson() const
{
    return QJsonObject {{keyMember, key}};
}

std::optional<RotatedKey> RotatedKey::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    RotatedKey rotated {readKey(reader, json)};
    if (!reader.report(error))
        return std::nullopt;
    return rotated;
}

} // namespace keyright
