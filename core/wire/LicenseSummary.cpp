#include "wire/LicenseSummary.h"

#include "Timestamps.h"
#include "wire/BorrowJson.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

LicenseSummary readLicense(JsonReader &reader, const QJsonObject &object, const QString &path)
{
    using L = LicenseSummary;
    LicenseSummary license;
    license.id = reader.string(object, path, u"id"_s, false);
    if (!reader.failed() && !isValidLicenseId(license.id))
        reader.fail(JsonReader::joinPath(path, u"id"_s),
                    u"is not a valid license id: \"%1\" (expected %2)"_s.arg(license.id.left(80), licenseIdRule()));
    license.name = reader.string(object, path, u"name"_s);
    license.seatCount = int(reader.integer(object, path, u"seatCount"_s, 0, L::maxCount));
    license.inUse = int(reader.integer(object, path, u"inUse"_s, 0, L::maxCount));
    license.ttlSeconds = reader.integer(object, path, u"ttlSeconds"_s, 0, L::maxSeconds);
    license.skewSeconds = reader.integer(object, path, u"skewSeconds"_s, 0, L::maxSeconds);
    license.reapGraceSeconds = reader.integer(object, path, u"reapGraceSeconds"_s, 0, L::maxSeconds);
    license.deniedLastHour = int(reader.integer(object, path, u"deniedLastHour"_s, 0, L::maxCount));
    if (object.contains(u"reservedSeats"_s))
        license.reservedSeats = int(reader.integer(object, path, u"reservedSeats"_s, 0, L::maxCount));
    if (object.contains(u"waiting"_s))
        license.waiting = int(reader.integer(object, path, u"waiting"_s, 0, L::maxCount));
    // Older servers send no dates: a license without bounds.
    for (const auto &[key, target] : {std::pair {u"validFrom"_s, &license.validity.validFrom},
                                      std::pair {u"validUntil"_s, &license.validity.validUntil},
                                      std::pair {u"maintenanceUntil"_s, &license.validity.maintenanceUntil}}) {
        if (object.contains(key) && !object.value(key).isNull())
            *target = reader.timestamp(object, path, key);
    }
    const QString borrowMember = QString::fromUtf16(borrowjson::policyMember);
    if (!reader.failed() && object.contains(borrowMember) && !object.value(borrowMember).isNull()) {
        ValidationError why;
        if (const auto policy
            = borrowjson::policyFromJson(object.value(borrowMember), JsonReader::joinPath(path, borrowMember), &why))
            license.borrow = *policy;
        else
            reader.fail(why);
    }
    if (object.contains(u"borrowed"_s))
        license.borrowed = int(reader.integer(object, path, u"borrowed"_s, 0, L::maxCount));
    return license;
}

QJsonValue dateValue(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

} // namespace

QJsonObject LicenseSummary::toJson() const
{
    return QJsonObject {
        {u"id"_s, id},
        {u"name"_s, name},
        {u"seatCount"_s, seatCount},
        {u"inUse"_s, inUse},
        {u"ttlSeconds"_s, ttlSeconds},
        {u"skewSeconds"_s, skewSeconds},
        {u"reapGraceSeconds"_s, reapGraceSeconds},
        {u"deniedLastHour"_s, deniedLastHour},
        {u"reservedSeats"_s, reservedSeats},
        {u"waiting"_s, waiting},
        {u"validFrom"_s, dateValue(validity.validFrom)},
        {u"validUntil"_s, dateValue(validity.validUntil)},
        {u"maintenanceUntil"_s, dateValue(validity.maintenanceUntil)},
        {QString::fromUtf16(borrowjson::policyMember), borrowjson::policyToJson(borrow)},
        {u"borrowed"_s, borrowed},
    };
}

std::optional<LicenseSummary> LicenseSummary::fromJson(const QJsonValue &json, const QString &path,
                                                       ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path.isEmpty() ? u"license"_s : path);
    LicenseSummary license;
    if (!reader.failed())
        license = readLicense(reader, object, path);
    if (!reader.report(error))
        return std::nullopt;
    return license;
}

QJsonObject LicenseList::toJson() const
{
    QJsonArray array;
    for (const LicenseSummary &license : licenses)
        array.append(license.toJson());
    return QJsonObject {{u"serverTime"_s, formatTimestamp(serverTime)}, {QString::fromUtf16(licensesMember), array}};
}

std::optional<LicenseList> LicenseList::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    LicenseList list;
    list.serverTime = reader.timestamp(json, {}, u"serverTime"_s);
    const QJsonArray licenses = reader.array(json, {}, u"licenses"_s);
    for (qsizetype i = 0; i < licenses.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"licenses"_s, i);
        const QJsonObject entry = reader.object(licenses.at(i), path);
        if (!reader.failed())
            list.licenses.append(readLicense(reader, entry, path));
    }
    if (!reader.report(error))
        return std::nullopt;
    return list;
}

} // namespace keyright
