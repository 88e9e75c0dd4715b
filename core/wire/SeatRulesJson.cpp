#include "wire/SeatRulesJson.h"

#include "SeatPolicy.h"
#include "Timestamps.h"
#include "wire/JsonReader.h"

#include <limits>

using namespace Qt::StringLiterals;

namespace keyright::seatrules {

namespace {

const QString ldapMember = u"ldap"_s;

QJsonArray stringsToJson(const QStringList &list)
{
    QJsonArray array;
    for (const QString &s : list)
        array.append(s);
    return array;
}

QJsonArray groupSeatsToJson(const QList<GroupSeats> &list)
{
    QJsonArray array;
    for (const GroupSeats &item : list)
        array.append(QJsonObject {{u"group"_s, item.group}, {u"seats"_s, item.seats}});
    return array;
}

QStringList readStrings(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    QStringList list;
    if (!object.contains(key))
        return list;
    const QString here = JsonReader::joinPath(path, key);
    const QJsonArray array = reader.array(object, path, key);
    if (array.size() > SeatRules::maxEntries * 4) // bounded before anything is copied
        reader.fail(here, u"has too many entries"_s);
    for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i) {
        const QJsonValue value = array.at(i);
        if (!value.isString())
            reader.fail(JsonReader::indexPath(here, i), u"is not a string"_s);
        else
            list.append(value.toString());
    }
    return list;
}

QList<GroupSeats> readGroupSeats(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    QList<GroupSeats> list;
    if (!object.contains(key))
        return list;
    const QString here = JsonReader::joinPath(path, key);
    const QJsonArray array = reader.array(object, path, key);
    if (array.size() > SeatRules::maxEntries * 4)
        reader.fail(here, u"has too many entries"_s);
    for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i) {
        const QString itemPath = JsonReader::indexPath(here, i);
        const QJsonObject item = reader.object(array.at(i), itemPath);
        GroupSeats seats;
        seats.group = reader.string(item, itemPath, u"group"_s, false);
        seats.seats = int(reader.integer(item, itemPath, u"seats"_s, 0, SeatPolicy::maxSeatCount));
        list.append(seats);
    }
    return list;
}

QJsonArray reclaimToJson(const QList<IdleReclaim> &list)
{
    QJsonArray array;
    for (const IdleReclaim &item : list) {
        QJsonObject json {{u"afterMinutes"_s, item.afterMinutes}, {u"warnMinutes"_s, item.warnMinutes}};
        if (!item.group.isEmpty())
            json.insert(u"group"_s, item.group);
        array.append(json);
    }
    return array;
}

IdleReclaim readReclaimEntry(JsonReader &reader, const QJsonValue &value, const QString &path)
{
    const QJsonObject item = reader.object(value, path);
    IdleReclaim rule;
    if (item.contains(u"group"_s))
        rule.group = reader.string(item, path, u"group"_s, false);
    // Ranges are validateRules()'s to refuse, in words the dashboard translates.
    rule.afterMinutes = int(reader.integer(item, path, u"afterMinutes"_s, 0, std::numeric_limits<int>::max()));
    rule.warnMinutes = int(reader.integer(item, path, u"warnMinutes"_s, 0, std::numeric_limits<int>::max()));
    return rule;
}

// A list of entries, or one object as the issue spells it ({"afterMinutes", "warnMinutes"}): the
// license's default alone.
QList<IdleReclaim> readReclaim(JsonReader &reader, const QJsonObject &object, const QString &path)
{
    const QString key = u"reclaimIdle"_s;
    QList<IdleReclaim> list;
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return list;
    const QString here = JsonReader::joinPath(path, key);
    if (value.isObject()) {
        list.append(readReclaimEntry(reader, value, here));
        return list;
    }
    if (!value.isArray()) {
        reader.fail(here, u"is neither an object nor an array"_s);
        return list;
    }
    const QJsonArray array = value.toArray();
    if (array.size() > SeatRules::maxEntries * 4)
        reader.fail(here, u"has too many entries"_s);
    for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i)
        list.append(readReclaimEntry(reader, array.at(i), JsonReader::indexPath(here, i)));
    return list;
}

} // namespace

QJsonObject rulesToJson(const SeatRules &rules)
{
    QJsonObject json {{u"allow"_s, stringsToJson(rules.allow)},
                      {u"deny"_s, stringsToJson(rules.deny)},
                      {u"reserve"_s, groupSeatsToJson(rules.reserve)},
                      {u"max"_s, groupSeatsToJson(rules.max)}};
    // Only when set, so that rules without it read the same as before it existed.
    if (!rules.reclaimIdle.isEmpty())
        json.insert(u"reclaimIdle"_s, reclaimToJson(rules.reclaimIdle));
    return json;
}

std::optional<SeatRules> rulesFromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    SeatRules rules;
    rules.allow = readStrings(reader, object, path, u"allow"_s);
    rules.deny = readStrings(reader, object, path, u"deny"_s);
    rules.reserve = readGroupSeats(reader, object, path, u"reserve"_s);
    rules.max = readGroupSeats(reader, object, path, u"max"_s);
    rules.reclaimIdle = readReclaim(reader, object, path);
    if (!reader.report(error))
        return std::nullopt;
    return rules;
}

QJsonObject ldapSourceToJson(const LdapGroupSource &source)
{
    QJsonObject json {{u"url"_s, source.url},
                      {u"baseDn"_s, source.baseDn},
                      {u"filter"_s, source.filter},
                      {u"attribute"_s, source.attribute},
                      {u"hostPattern"_s, source.hostPattern},
                      {u"stale"_s, source.stale()}};
    if (source.lastSuccess.isValid())
        json.insert(u"lastSyncAt"_s, formatTimestamp(source.lastSuccess));
    if (source.lastAttempt.isValid())
        json.insert(u"lastAttemptAt"_s, formatTimestamp(source.lastAttempt));
    if (!source.lastError.isEmpty())
        json.insert(u"lastError"_s, source.lastError);
    return json;
}

// Lenient: "stale" is not read (it follows from the others), a missing time is unknown.
LdapGroupSource ldapSourceFromJson(JsonReader &reader, const QJsonObject &object, const QString &path)
{
    LdapGroupSource source;
    source.url = reader.optionalString(object, path, u"url"_s);
    source.baseDn = reader.optionalString(object, path, u"baseDn"_s);
    source.filter = reader.optionalString(object, path, u"filter"_s);
    source.attribute = reader.optionalString(object, path, u"attribute"_s);
    source.hostPattern = reader.optionalString(object, path, u"hostPattern"_s);
    if (!object.value(u"lastSyncAt"_s).isNull() && object.contains(u"lastSyncAt"_s))
        source.lastSuccess = reader.timestamp(object, path, u"lastSyncAt"_s);
    if (!object.value(u"lastAttemptAt"_s).isNull() && object.contains(u"lastAttemptAt"_s))
        source.lastAttempt = reader.timestamp(object, path, u"lastAttemptAt"_s);
    source.lastError = reader.optionalString(object, path, u"lastError"_s);
    return source;
}

QJsonArray groupsToJson(const QList<HolderGroup> &groups)
{
    QJsonArray array;
    for (const HolderGroup &group : groups) {
        QJsonObject json {{u"name"_s, group.name}, {u"patterns"_s, stringsToJson(group.patterns)}};
        if (group.ldap)
            json.insert(ldapMember, ldapSourceToJson(*group.ldap));
        array.append(json);
    }
    return array;
}

std::optional<QList<HolderGroup>> groupsFromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    QList<HolderGroup> groups;
    if (!json.isArray()) {
        reader.fail(path, u"is not an array"_s);
    } else {
        const QJsonArray array = json.toArray();
        if (array.size() > SeatRules::maxGroups * 4)
            reader.fail(path, u"has too many groups"_s);
        for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i) {
            const QString itemPath = JsonReader::indexPath(path, i);
            const QJsonObject item = reader.object(array.at(i), itemPath);
            HolderGroup group;
            group.name = reader.string(item, itemPath, u"name"_s, false);
            group.patterns = readStrings(reader, item, itemPath, u"patterns"_s);
            if (item.contains(ldapMember) && !item.value(ldapMember).isNull()) {
                const QString sourcePath = JsonReader::joinPath(itemPath, ldapMember);
                group.ldap = ldapSourceFromJson(reader, reader.object(item.value(ldapMember), sourcePath), sourcePath);
            }
            groups.append(group);
        }
    }
    if (!reader.report(error))
        return std::nullopt;
    return groups;
}

QString denialCode(SeatDecision::Outcome outcome)
{
    switch (outcome) {
    case SeatDecision::Outcome::Granted:
        return {};
    case SeatDecision::Outcome::HolderDenied:
    case SeatDecision::Outcome::HolderNotAllowed:
        return QString::fromUtf16(holderNotAllowed);
    case SeatDecision::Outcome::GroupCapReached:
        return QString::fromUtf16(groupCapReached);
    case SeatDecision::Outcome::NoSeatsAvailable:
        return QString::fromUtf16(noSeatsAvailable);
    }
    return {};
}

namespace {

const QString groupsBodyMember = QString::fromUtf16(groupsMember);
const QString rulesBodyMember = QString::fromUtf16(rulesMember);
const QString licenseIdMember = u"licenseId"_s;

} // namespace

QJsonObject groupsBodyToJson(const QList<HolderGroup> &groups)
{
    return QJsonObject {{groupsBodyMember, groupsToJson(groups)}};
}

std::optional<QList<HolderGroup>> groupsBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    const QJsonValue groups = json.value(groupsBodyMember);
    if (groups.isUndefined() || groups.isNull()) {
        if (error)
            *error = ValidationError {groupsBodyMember, u"groups is required (a list of {\"name\", \"patterns\"})"_s};
        return std::nullopt;
    }
    return groupsFromJson(groups, groupsBodyMember, error);
}

QJsonObject rulesBodyToJson(const SeatRules &rules)
{
    return QJsonObject {{rulesBodyMember, rulesToJson(rules)}};
}

std::optional<SeatRules> rulesBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    const QJsonValue rules = json.value(rulesBodyMember);
    if (rules.isUndefined() || rules.isNull()) {
        if (error)
            *error = ValidationError {
                rulesBodyMember, u"rules is required (an object with allow, deny, reserve, max and reclaimIdle)"_s};
        return std::nullopt;
    }
    return rulesFromJson(rules, rulesBodyMember, error);
}

QJsonObject licenseRulesToJson(const QString &licenseId, const SeatRules &rules)
{
    return QJsonObject {{licenseIdMember, licenseId}, {rulesBodyMember, rulesToJson(rules)}};
}

std::optional<SeatRules> licenseRulesFromJson(const QJsonObject &json, const QString &licenseId, ValidationError *error)
{
    JsonReader reader;
    const QString id = reader.string(json, {}, licenseIdMember, false);
    if (!reader.failed() && id != licenseId)
        reader.fail(licenseIdMember, u"is \"%1\", not the license asked for (\"%2\")"_s.arg(id, licenseId));
    if (!reader.report(error))
        return std::nullopt;
    return rulesBodyFromJson(json, error);
}

QJsonObject denialToJson(const SeatDecision &decision)
{
    QJsonArray reservations;
    for (const SeatUsage::Reservation &r : decision.usage.reservations)
        reservations.append(QJsonObject {{u"group"_s, r.group}, {u"seats"_s, r.seats}, {u"used"_s, r.used}});
    QJsonObject json {{u"inUse"_s, decision.usage.inUse},
                      {u"seatCount"_s, decision.usage.seatCount},
                      {u"reservedForOthers"_s, decision.reservedForOthers},
                      {u"reservations"_s, reservations}};
    switch (decision.outcome) {
    case SeatDecision::Outcome::HolderDenied:
        json.insert(u"rule"_s, u"deny"_s);
        json.insert(u"entry"_s, decision.entry);
        break;
    case SeatDecision::Outcome::HolderNotAllowed:
        json.insert(u"rule"_s, u"allow"_s);
        break;
    case SeatDecision::Outcome::GroupCapReached:
        json.insert(QString::fromUtf16(capGroupMember), decision.group);
        json.insert(QString::fromUtf16(capMember), decision.cap);
        json.insert(QString::fromUtf16(capHeldMember), decision.groupHeld);
        break;
    case SeatDecision::Outcome::Granted:
    case SeatDecision::Outcome::NoSeatsAvailable:
        break;
    }
    return json;
}

std::optional<SeatDecision> denialFromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    SeatDecision decision;
    const QString code = reader.string(json, {}, u"error"_s, false);
    const int most = SeatPolicy::maxSeatCount;
    decision.usage.inUse = int(reader.integer(json, {}, u"inUse"_s, 0, most));
    decision.usage.seatCount = int(reader.integer(json, {}, u"seatCount"_s, 0, most));
    decision.reservedForOthers
        = json.contains(u"reservedForOthers"_s) ? int(reader.integer(json, {}, u"reservedForOthers"_s, 0, most)) : 0;
    decision.usage.reservations.clear();
    int reserved = 0;
    if (json.contains(u"reservations"_s)) {
        for (const GroupSeats &r : readGroupSeats(reader, json, {}, u"reservations"_s)) {
            SeatUsage::Reservation reservation {r.group, r.seats, 0};
            decision.usage.reservations.append(reservation);
            reserved += r.seats;
        }
        const QJsonArray array = json.value(u"reservations"_s).toArray();
        for (qsizetype i = 0; i < array.size() && i < decision.usage.reservations.size() && !reader.failed(); ++i)
            decision.usage.reservations[i].used
                = int(reader.integer(array.at(i).toObject(), JsonReader::indexPath(u"reservations"_s, i), u"used"_s, 0,
                                     decision.usage.reservations[i].seats));
    }
    decision.usage.sharedSeats = std::max(0, decision.usage.seatCount - reserved);
    int reservedUsed = 0;
    for (const SeatUsage::Reservation &r : std::as_const(decision.usage.reservations))
        reservedUsed += r.used;
    decision.usage.sharedUsed = std::max(0, decision.usage.inUse - reservedUsed);
    if (code == QString::fromUtf16(noSeatsAvailable)) {
        decision.outcome = SeatDecision::Outcome::NoSeatsAvailable;
    } else if (code == QString::fromUtf16(groupCapReached)) {
        decision.outcome = SeatDecision::Outcome::GroupCapReached;
        decision.group = reader.string(json, {}, QString::fromUtf16(capGroupMember), false);
        decision.cap = int(reader.integer(json, {}, QString::fromUtf16(capMember), 0, most));
        decision.groupHeld = int(reader.integer(json, {}, QString::fromUtf16(capHeldMember), 0, most));
    } else if (code == QString::fromUtf16(holderNotAllowed)) {
        const QString rule = reader.string(json, {}, u"rule"_s, false);
        if (rule == u"deny"_s) {
            decision.outcome = SeatDecision::Outcome::HolderDenied;
            decision.entry = reader.string(json, {}, u"entry"_s, false);
        } else if (rule == u"allow"_s) {
            decision.outcome = SeatDecision::Outcome::HolderNotAllowed;
        } else if (!reader.failed()) {
            reader.fail(u"rule"_s, u"is neither \"deny\" nor \"allow\""_s);
        }
    } else if (!reader.failed()) {
        reader.fail(u"error"_s, u"is not a seat-rule denial (\"%1\")"_s.arg(code));
    }
    if (!reader.report(error))
        return std::nullopt;
    return decision;
}

} // namespace keyright::seatrules
