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
//   firing: {"id" (the seq of its alert_fired event; null for one fired before ids were kept,
//            until the next evaluation), "ruleId", "kind", "severity", "licenseId" (null: not about
//            one), "noticeDays" (validity_ending only), "since", "firedAt", "value", "limit",
//            "acknowledgedBy", "acknowledgedAt", "note" (null until it is acknowledged)}
//   POST /v1/alerts/{alertId}/acknowledge: {"note"?: text}; answers the firing alert, with
//            "alreadyAcknowledged": true when it had been acknowledged before (nothing recorded)
// The event detail of alert_fired and alert_resolved is eventdetail::AlertChange.
namespace keyright::alerts {

inline constexpr char16_t rulesMember[] = u"rules";
inline constexpr char16_t alertsMember[] = u"alerts";
// At most this many rules: each is evaluated for each license every turn of the evaluator.
inline constexpr int maxRules = 200;
// The note an operator may give when acknowledging an alert, at most this many characters.
inline constexpr int maxNoteLength = 500;
inline constexpr char16_t noteMember[] = u"note";
inline constexpr char16_t alreadyAcknowledgedMember[] = u"alreadyAcknowledged";

// An alert's id: the seq of the alert_fired event that started its firing, 1 to 18 decimal digits.
bool isValidAlertId(QStringView id);
QString alertIdRule();
// The body of POST /v1/alerts/{alertId}/acknowledge: an optional note (empty: none).
struct AcknowledgeRequest
{
    QString note;

    QJsonObject toJson() const;
    // Refuses a note that is not a string, longer than maxNoteLength or with control characters
    // other than line breaks and tabs.
    static std::optional<AcknowledgeRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

QString toWire(AlertKind kind);
std::optional<AlertKind> kindFromWire(const QString &name);
QString toWire(AlertSeverity severity);
std::optional<AlertSeverity> severityFromWire(const QString &name);
// validity_ending: which date an alert is about, named as the license's field ("validUntil",
// "maintenanceUntil"); empty for None.
QString toWire(ValidityBound bound);
ValidityBound boundFromWire(const QString &name);
// instance_silent: why an alert resolved with its instance gone ("stopped", "forgotten"); empty for No.
QString toWire(InstanceGone gone);
InstanceGone instanceGoneFromWire(const QString &name);
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
    qint64 id = 0; // the seq of its alert_fired event; 0: not known (fired before ids were kept)
    QString ruleId;
    AlertKind kind = AlertKind::SeatsInUse;
    AlertSeverity severity = AlertSeverity::Warning;
    QString licenseId; // empty: the alert is about the server, not a license
    int noticeDays = -1; // validity_ending: the notice it fired at; -1 otherwise
    QDateTime since; // when the condition began to hold
    QDateTime firedAt;
    qint64 value = 0;
    qint64 limit = 0;
    ValidityBound ends = ValidityBound::None; // validity_ending: the date it is about ("ends")
    QDateTime endsAt; // and when that date is ("endsAt")
    // instance_silent: the silent instance's replica id ("instance"), its URL ("instanceUrl", empty
    // when not known) and when it was last seen ("lastSeenAt"); absent for the other kinds.
    QString instance;
    QString instanceUrl;
    QDateTime lastSeenAt;
    QString acknowledgedBy; // the token name of who acknowledged it; empty: not acknowledged
    QDateTime acknowledgedAt;
    QString note;
    // The answer to POST /v1/alerts/{alertId}/acknowledge for an alert acknowledged before
    // ("alreadyAcknowledged": true, absent otherwise): nothing was recorded, and the who, when and
    // note are the first acknowledgement's.
    bool alreadyAcknowledged = false;

    bool acknowledged() const { return acknowledgedAt.isValid(); }

    QJsonObject toJson() const;
    static std::optional<FiringAlert> fromJson(const QJsonValue &json, const QString &path = {},
                                               ValidationError *error = nullptr);

    friend bool operator==(const FiringAlert &, const FiringAlert &) = default;
};

QJsonObject alertsBodyToJson(const QList<FiringAlert> &alerts);
std::optional<QList<FiringAlert>> alertsBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);

} // namespace keyright::alerts
