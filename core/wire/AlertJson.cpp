#include "wire/AlertJson.h"

#include "Timestamps.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
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

QString toWire(ValidityBound bound)
{
    switch (bound) {
    case ValidityBound::ValidUntil:
        return u"validUntil"_s;
    case ValidityBound::MaintenanceUntil:
        return u"maintenanceUntil"_s;
    case ValidityBound::None:
        break;
    }
    return {};
}

ValidityBound boundFromWire(const QString &name)
{
    if (name == toWire(ValidityBound::ValidUntil))
        return ValidityBound::ValidUntil;
    if (name == toWire(ValidityBound::MaintenanceUntil))
        return ValidityBound::MaintenanceUntil;
    return ValidityBound::None;
}

QString toWire(InstanceGone gone)
{
    switch (gone) {
    case InstanceGone::Stopped:
        return u"stopped"_s;
    case InstanceGone::Forgotten:
        return u"forgotten"_s;
    case InstanceGone::No:
        break;
    }
    return {};
}

InstanceGone instanceGoneFromWire(const QString &name)
{
    if (name == toWire(InstanceGone::Stopped))
        return InstanceGone::Stopped;
    if (name == toWire(InstanceGone::Forgotten))
        return InstanceGone::Forgotten;
    return InstanceGone::No;
}

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

bool isValidAlertId(QStringView id)
{
    if (id.isEmpty() || id.size() > 18 || id.front() == u'0')
        return false;
    return std::all_of(id.begin(), id.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

QString alertIdRule()
{
    return u"a positive integer of 1 to 18 digits (the alert's id in GET /v1/alerts)"_s;
}

QJsonObject AcknowledgeRequest::toJson() const
{
    QJsonObject json;
    if (!note.isEmpty())
        json.insert(QString::fromUtf16(noteMember), note);
    return json;
}

std::optional<AcknowledgeRequest> AcknowledgeRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    const auto fail = [&](const QString &message) -> std::optional<AcknowledgeRequest> {
        if (error)
            *error = ValidationError {QString::fromUtf16(noteMember), message};
        return std::nullopt;
    };
    AcknowledgeRequest request;
    const QJsonValue note = json.value(QString::fromUtf16(noteMember));
    if (note.isUndefined() || note.isNull())
        return request;
    if (!note.isString())
        return fail(u"note must be a string"_s);
    request.note = note.toString().trimmed();
    if (request.note.size() > maxNoteLength)
        return fail(u"note is %1 characters long; at most %2 are kept"_s.arg(request.note.size()).arg(maxNoteLength));
    for (const char32_t c : request.note.toUcs4()) {
        if (c != u'\n' && c != u'\t' && isControlCharacter(c))
            return fail(
                u"note holds a control character (U+%1); write it as plain text"_s.arg(uint(c), 4, 16, QChar(u'0')));
    }
    return request;
}

QJsonObject FiringAlert::toJson() const
{
    QJsonObject json {
        {u"id"_s, id > 0 ? QJsonValue(id) : QJsonValue(QJsonValue::Null)},
        {u"ruleId"_s, ruleId},
        {u"kind"_s, alerts::toWire(kind)},
        {u"severity"_s, alerts::toWire(severity)},
        {u"licenseId"_s, licenseId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(licenseId)},
        {u"since"_s, timeOrNull(since)},
        {u"firedAt"_s, timeOrNull(firedAt)},
        {u"value"_s, value},
        {u"limit"_s, limit},
        {u"acknowledgedBy"_s, acknowledged() ? QJsonValue(acknowledgedBy) : QJsonValue(QJsonValue::Null)},
        {u"acknowledgedAt"_s, timeOrNull(acknowledgedAt)},
        {QString::fromUtf16(noteMember), acknowledged() ? QJsonValue(note) : QJsonValue(QJsonValue::Null)},
    };
    if (noticeDays >= 0)
        json.insert(u"noticeDays"_s, noticeDays);
    if (ends != ValidityBound::None) {
        json.insert(u"ends"_s, toWire(ends));
        json.insert(u"endsAt"_s, timeOrNull(endsAt));
    }
    if (!instance.isEmpty()) {
        json.insert(u"instance"_s, instance);
        json.insert(u"instanceUrl"_s, instanceUrl.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(instanceUrl));
        json.insert(u"lastSeenAt"_s, timeOrNull(lastSeenAt));
    }
    if (alreadyAcknowledged)
        json.insert(QString::fromUtf16(alreadyAcknowledgedMember), true);
    return json;
}

std::optional<FiringAlert> FiringAlert::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    FiringAlert alert;
    // Lenient: a server from before acknowledgements gives no id and no acknowledgement.
    if (!object.value(u"id"_s).isNull() && !object.value(u"id"_s).isUndefined())
        alert.id = reader.integer(object, path, u"id"_s, 1, JsonReader::maxExactInteger);
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
    // Lenient: a server from before walk 50a does not say which date.
    alert.ends = boundFromWire(object.value(u"ends"_s).toString());
    if (alert.ends != ValidityBound::None && !object.value(u"endsAt"_s).isNull())
        alert.endsAt = reader.timestamp(object, path, u"endsAt"_s);
    // Lenient: a server from before instance_silent was evaluated names no instance.
    alert.instance = reader.optionalString(object, path, u"instance"_s);
    alert.instanceUrl = reader.optionalString(object, path, u"instanceUrl"_s);
    if (!object.value(u"lastSeenAt"_s).isNull() && !object.value(u"lastSeenAt"_s).isUndefined())
        alert.lastSeenAt = reader.timestamp(object, path, u"lastSeenAt"_s);
    if (!object.value(u"acknowledgedAt"_s).isNull() && !object.value(u"acknowledgedAt"_s).isUndefined()) {
        alert.acknowledgedAt = reader.timestamp(object, path, u"acknowledgedAt"_s);
        alert.acknowledgedBy = reader.optionalString(object, path, u"acknowledgedBy"_s);
        alert.note = reader.optionalString(object, path, QString::fromUtf16(noteMember));
    }
    alert.alreadyAcknowledged = object.value(QString::fromUtf16(alreadyAcknowledgedMember)).toBool(false);
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
