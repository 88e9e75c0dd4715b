#include "wire/LicenseSpec.h"

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
const QString licenseMember = u"license"_s;
const QString keyMember = u"key"_s;

QString readKey(JsonReader &reader, const QJsonObject &object)
{
    const QString key = reader.string(object, {}, keyMember, false);
    if (!reader.failed() && !isValidLicenseKey(key))
        reader.fail(keyMember, u"is not a license key (%1)"_s.arg(licenseKeyRule()));
    return key;
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
