#pragma once

#include "AlertRules.h"
#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// The v1 API's spelling of alerts (issue 29, docs/API.md "Alerts"):
//   rule:   {"id", "kind", "scope", "scopeName"?, "severity", "threshold", "minutes", "seconds",
//            "daysBefore": [int...], "quiet"?: {"from": "22:00", "to": "07:00", "timeZone"}}
//   GET and PUT /v1/alerts/rules: {"rules": [rule...]}, the whole list in the admin's order
//   GET /v1/alerts: {"alerts": [firing...]}, every alert firing now
//   firing: {"ruleId", "kind", "severity", "licenseId" (null: not about one), "noticeDays"
//            (validity_ending only), "since", "firedAt", "value", "limit"}
// The event detail of alert_fired and alert_resolved is eventdetail::AlertChange.
namespace keyright::alerts {

inline constexpr char16_t rulesMember[] = u"rules";
inline constexpr char16_t alertsMember[] = u"alerts";
// At most this many rules: each is evaluated for each license every turn of the evaluator.
inline constexpr int maxRules = 200;

QString toWire(AlertKind kind);
std::optional<AlertKind> kindFromWire(const QString &name);
QString toWire(AlertSeverity severity);
std::optional<AlertSeverity> severityFromWire(const QString &name);
QString toWire(AlertRule::Scope scope);
std::optional<AlertRule::Scope> scopeFromWire(const QString &name);

QJsonObject ruleToJson(const AlertRule &rule);
// Shape and AlertRule::validate(); the error's field is the value's path ("rules[1].threshold").
std::optional<AlertRule> ruleFromJson(const QJsonValue &json, const QString &path, ValidationError *error = nullptr);
QJsonObject rulesBodyToJson(const QList<AlertRule> &rules);
// Also refuses more than maxRules rules and an id given twice.
std::optional<QList<AlertRule>> rulesBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);

// An alert firing now: a rule and its subject, with the numbers it fired on.
struct FiringAlert
{
    QString ruleId;
    AlertKind kind = AlertKind::SeatsInUse;
    AlertSeverity severity = AlertSeverity::Warning;
    QString licenseId; // empty: the alert is about the server, not a license
    int noticeDays = -1; // validity_ending: the notice it fired at; -1 otherwise
    QDateTime since; // when the condition began to hold
    QDateTime firedAt;
    qint64 value = 0;
    qint64 limit = 0;

    QJsonObject toJson() const;
    static std::optional<FiringAlert> fromJson(const QJsonValue &json, const QString &path = {},
                                               ValidationError *error = nullptr);

    friend bool operator==(const FiringAlert &, const FiringAlert &) = default;
};

QJsonObject alertsBodyToJson(const QList<FiringAlert> &alerts);
std::optional<QList<FiringAlert>> alertsBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);

} // namespace keyright::alerts
