#include "wire/AlertJson.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>

#include <array>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright::alerts {

namespace {

struct KindName
{
    AlertKind kind;
    const char16_t *name;
};

constexpr std::array kindNames {
    KindName {AlertKind::SeatsInUse, u"seats_in_use"},        KindName {AlertKind::Denials, u"denials"},
    KindName {AlertKind::WaitingLine, u"waiting_line"},       KindName {AlertKind::ValidityEnding, u"validity_ending"},
    KindName {AlertKind::InstanceSilent, u"instance_silent"}, KindName {AlertKind::ClockJump, u"clock_jump"},
};

const QString timeFormat = u"HH:mm"_s;

QString names(auto list)
{
    QStringList out;
    for (const auto &entry : list)
        out << QString::fromUtf16(entry.name);
    return out.join(u", "_s);
}

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QTime readTime(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    const QString text = reader.string(object, path, key);
    if (reader.failed())
        return {};
    const QTime time = QTime::fromString(text, timeFormat);
    if (!time.isValid())
        reader.fail(JsonReader::joinPath(path, key), u"is not a time of day as HH:mm"_s);
    return time;
}

} // namespace

QString toWire(AlertKind kind)
{
    for (const KindName &entry : kindNames) {
        if (entry.kind == kind)
            return QString::fromUtf16(entry.name);
    }
    return {};
}

std::optional<AlertKind> kindFromWire(const QString &name)
{
    for (const KindName &entry : kindNames) {
        if (name == QStringView(entry.name))
            return entry.kind;
    }
    return std::nullopt;
}

QString toWire(AlertSeverity severity)
{
    switch (severity) {
    case AlertSeverity::Info:
        return u"info"_s;
    case AlertSeverity::Warning:
        return u"warning"_s;
    case AlertSeverity::Critical:
        return u"critical"_s;
    }
    return {};
}

std::optional<AlertSeverity> severityFromWire(const QString &name)
{
    for (const AlertSeverity severity : {AlertSeverity::Info, AlertSeverity::Warning, AlertSeverity::Critical}) {
        if (toWire(severity) == name)
            return severity;
    }
    return std::nullopt;
}

QString toWire(AlertRule::Scope scope)
{
    switch (scope) {
    case AlertRule::Scope::AllLicenses:
        return u"all"_s;
    case AlertRule::Scope::License:
        return u"license"_s;
    case AlertRule::Scope::Group:
        return u"group"_s;
    }
    return {};
}

std::optional<AlertRule::Scope> scopeFromWire(const QString &name)
{
    for (const AlertRule::Scope scope :
         {AlertRule::Scope::AllLicenses, AlertRule::Scope::License, AlertRule::Scope::Group}) {
        if (toWire(scope) == name)
            return scope;
    }
    return std::nullopt;
}

QJsonObject ruleToJson(const AlertRule &rule)
{
    QJsonArray days;
    for (const int day : rule.daysBefore)
        days.append(day);
    QJsonObject json {
        {u"id"_s, rule.id},
        {u"kind"_s, toWire(rule.kind)},
        {u"scope"_s, toWire(rule.scope)},
        {u"severity"_s, toWire(rule.severity)},
        {u"threshold"_s, rule.threshold},
        {u"minutes"_s, rule.minutes},
        {u"seconds"_s, rule.seconds},
        {u"daysBefore"_s, days},
    };
    if (rule.scope != AlertRule::Scope::AllLicenses)
        json.insert(u"scopeName"_s, rule.scopeName);
    if (!rule.quiet.isEmpty()) {
        json.insert(u"quiet"_s,
                    QJsonObject {{u"from"_s, rule.quiet.from.toString(timeFormat)},
                                 {u"to"_s, rule.quiet.to.toString(timeFormat)},
                                 {u"timeZone"_s, QString::fromUtf8(rule.quiet.zone.id())}});
    }
    return json;
}

std::optional<AlertRule> ruleFromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    AlertRule rule;
    rule.id = reader.string(object, path, u"id"_s, false);
    if (!reader.failed() && (rule.id.size() > 64 || rule.id.contains(u'/')))
        reader.fail(JsonReader::joinPath(path, u"id"_s), u"is longer than 64 characters or holds a /"_s);
    const QString kind = reader.string(object, path, u"kind"_s);
    if (!reader.failed()) {
        if (const auto known = kindFromWire(kind))
            rule.kind = *known;
        else
            reader.fail(JsonReader::joinPath(path, u"kind"_s), u"is not one of %1"_s.arg(names(kindNames)));
    }
    const QString scope = object.contains(u"scope"_s) ? reader.string(object, path, u"scope"_s) : u"all"_s;
    if (!reader.failed()) {
        if (const auto known = scopeFromWire(scope))
            rule.scope = *known;
        else
            reader.fail(JsonReader::joinPath(path, u"scope"_s), u"is not one of all, license, group"_s);
    }
    if (rule.scope != AlertRule::Scope::AllLicenses)
        rule.scopeName = reader.string(object, path, u"scopeName"_s);
    const QString severity = object.contains(u"severity"_s) ? reader.string(object, path, u"severity"_s) : u"warning"_s;
    if (!reader.failed()) {
        if (const auto known = severityFromWire(severity))
            rule.severity = *known;
        else
            reader.fail(JsonReader::joinPath(path, u"severity"_s), u"is not one of info, warning, critical"_s);
    }
    const auto number = [&](const QString &key) {
        return object.contains(key)
            ? int(reader.integer(object, path, key, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
            : 0;
    };
    rule.threshold = number(u"threshold"_s);
    rule.minutes = number(u"minutes"_s);
    rule.seconds = number(u"seconds"_s);
    if (object.contains(u"daysBefore"_s)) {
        const QString here = JsonReader::joinPath(path, u"daysBefore"_s);
        const QJsonArray days = reader.array(object, path, u"daysBefore"_s);
        if (days.size() > 16)
            reader.fail(here, u"has more than 16 entries"_s);
        for (qsizetype i = 0; i < days.size() && !reader.failed(); ++i)
            rule.daysBefore << int(reader.integerValue(days.at(i), JsonReader::indexPath(here, i), 0, 366));
    }
    const QJsonValue quiet = object.value(u"quiet"_s);
    if (!quiet.isUndefined() && !quiet.isNull()) {
        const QString here = JsonReader::joinPath(path, u"quiet"_s);
        const QJsonObject hours = reader.object(quiet, here);
        rule.quiet.from = readTime(reader, hours, here, u"from"_s);
        rule.quiet.to = readTime(reader, hours, here, u"to"_s);
        const QString zone = hours.contains(u"timeZone"_s) ? reader.string(hours, here, u"timeZone"_s) : u"UTC"_s;
        if (!reader.failed()) {
            const QTimeZone timeZone(zone.toUtf8());
            if (zone.size() > 64 || !timeZone.isValid())
                reader.fail(JsonReader::joinPath(here, u"timeZone"_s), u"is not a known time zone"_s);
            else
                rule.quiet.zone = timeZone;
        }
    }
    if (!reader.report(error))
        return std::nullopt;
    ValidationError invalid;
    if (!rule.validate(&invalid)) {
        if (error)
            *error = ValidationError {JsonReader::joinPath(path, invalid.field),
                                      u"%1: %2"_s.arg(JsonReader::joinPath(path, invalid.field), invalid.message)};
        return std::nullopt;
    }
    return rule;
}

QJsonObject rulesBodyToJson(const QList<AlertRule> &rules)
{
    QJsonArray array;
    for (const AlertRule &rule : rules)
        array.append(ruleToJson(rule));
    return QJsonObject {{QString::fromUtf16(rulesMember), array}};
}

std::optional<QList<AlertRule>> rulesBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    const QString key = QString::fromUtf16(rulesMember);
    const QJsonArray array = reader.array(json, {}, key);
    if (!reader.failed() && array.size() > maxRules)
        reader.fail(key, u"has more than %1 rules"_s.arg(maxRules));
    if (!reader.report(error))
        return std::nullopt;
    QList<AlertRule> rules;
    QSet<QString> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = JsonReader::indexPath(key, i);
        auto rule = ruleFromJson(array.at(i), path, error);
        if (!rule)
            return std::nullopt;
        if (ids.contains(rule->id)) {
            if (error)
                *error = ValidationError {
                    JsonReader::joinPath(path, u"id"_s),
                    u"%1 names rule %2 a second time"_s.arg(JsonReader::joinPath(path, u"id"_s), rule->id)};
            return std::nullopt;
        }
        ids.insert(rule->id);
        rules << *rule;
    }
    return rules;
}

QJsonObject FiringAlert::toJson() const
{
    QJsonObject json {
        {u"ruleId"_s, ruleId},
        {u"kind"_s, alerts::toWire(kind)},
        {u"severity"_s, alerts::toWire(severity)},
        {u"licenseId"_s, licenseId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(licenseId)},
        {u"since"_s, timeOrNull(since)},
        {u"firedAt"_s, timeOrNull(firedAt)},
        {u"value"_s, value},
        {u"limit"_s, limit},
    };
    if (noticeDays >= 0)
        json.insert(u"noticeDays"_s, noticeDays);
    return json;
}

std::optional<FiringAlert> FiringAlert::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    FiringAlert alert;
    alert.ruleId = reader.string(object, path, u"ruleId"_s, false);
    const QString kind = reader.string(object, path, u"kind"_s);
    if (const auto known = kindFromWire(kind))
        alert.kind = *known;
    else if (!reader.failed())
        reader.fail(JsonReader::joinPath(path, u"kind"_s), u"is not one of %1"_s.arg(names(kindNames)));
    const QString severity = reader.string(object, path, u"severity"_s);
    if (const auto known = severityFromWire(severity))
        alert.severity = *known;
    else if (!reader.failed())
        reader.fail(JsonReader::joinPath(path, u"severity"_s), u"is not one of info, warning, critical"_s);
    alert.licenseId = reader.optionalString(object, path, u"licenseId"_s);
    if (object.contains(u"noticeDays"_s))
        alert.noticeDays = int(reader.integer(object, path, u"noticeDays"_s, 0, 366));
    if (!object.value(u"since"_s).isNull())
        alert.since = reader.timestamp(object, path, u"since"_s);
    if (!object.value(u"firedAt"_s).isNull())
        alert.firedAt = reader.timestamp(object, path, u"firedAt"_s);
    alert.value = reader.integer(object, path, u"value"_s, -JsonReader::maxExactInteger, JsonReader::maxExactInteger);
    alert.limit = reader.integer(object, path, u"limit"_s, -JsonReader::maxExactInteger, JsonReader::maxExactInteger);
    if (!reader.report(error))
        return std::nullopt;
    return alert;
}

QJsonObject alertsBodyToJson(const QList<FiringAlert> &alerts)
{
    QJsonArray array;
    for (const FiringAlert &alert : alerts)
        array.append(alert.toJson());
    return QJsonObject {{QString::fromUtf16(alertsMember), array}};
}

std::optional<QList<FiringAlert>> alertsBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    const QString key = QString::fromUtf16(alertsMember);
    const QJsonArray array = reader.array(json, {}, key);
    if (!reader.report(error))
        return std::nullopt;
    QList<FiringAlert> alerts;
    for (qsizetype i = 0; i < array.size(); ++i) {
        auto alert = FiringAlert::fromJson(array.at(i), JsonReader::indexPath(key, i), error);
        if (!alert)
            return std::nullopt;
        alerts << *alert;
    }
    return alerts;
}

} // namespace keyright::alerts
