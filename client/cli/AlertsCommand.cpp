#include "AlertsCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "Timestamps.h"
#include "wire/AlertJson.h"
#include "wire/JsonReader.h"

#include <QCommandLineParser>
#include <QFile>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

// Bounded: a rules file is a few kilobytes; anything far larger is not one.
constexpr qint64 maxRulesFileBytes = 1024 * 1024;

QString numbersOf(const alerts::FiringAlert &alert)
{
    switch (alert.kind) {
    case AlertKind::SeatsInUse:
        return u"%1 % in use (threshold %2 %)"_s.arg(alert.value).arg(alert.limit);
    case AlertKind::Denials:
        return alert.limit == 0 ? u"%1 true denials"_s.arg(alert.value)
                                : u"%1 denials (more than %2 fires it)"_s.arg(alert.value).arg(alert.limit);
    case AlertKind::WaitingLine:
        return u"line at %1 (limit %2)"_s.arg(alert.value).arg(alert.limit);
    case AlertKind::ValidityEnding:
        return u"%1 days left (notice of %2 days)"_s.arg(alert.value).arg(alert.noticeDays);
    case AlertKind::InstanceSilent:
        return u"silent for %1 s"_s.arg(alert.value);
    case AlertKind::ClockJump:
        return u"%1 clock jumps"_s.arg(alert.value);
    }
    return {};
}

} // namespace

QString AlertsCommand::name() const
{
    return u"alerts"_s;
}

QString AlertsCommand::summary() const
{
    return u"List the alerts firing now (--rules: the alert rules; --set FILE: replace them)."_s;
}

QString AlertsCommand::synopsis() const
{
    return u"[--rules | --set FILE] [--json]"_s;
}

void AlertsCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption({u"rules"_s, u"List the alert rules instead of the alerts firing now."_s});
    parser.addOption(
        {u"set"_s, u"Replace the alert rules with those of FILE, JSON as {\"rules\": [...]} (admin)."_s, u"FILE"_s});
}

QString AlertsCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
    if (parser.isSet(u"rules"_s) && parser.isSet(u"set"_s))
        return u"--rules and --set cannot be used together"_s;
    m_mode = parser.isSet(u"set"_s) ? Mode::Set : parser.isSet(u"rules"_s) ? Mode::Rules : Mode::Firing;
    if (m_mode != Mode::Set)
        return {};
    const QString path = parser.value(u"set"_s);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return u"cannot read %1: %2"_s.arg(path, file.errorString());
    if (file.size() > maxRulesFileBytes)
        return u"%1 is larger than 1 MiB: not a rules file"_s.arg(path);
    JsonReader reader;
    const auto json = reader.document(file.readAll());
    if (!json)
        return u"%1: %2"_s.arg(path, reader.message());
    ValidationError why;
    const auto rules = alerts::rulesBodyFromJson(*json, &why);
    if (!rules)
        return u"%1: %2"_s.arg(path, why.message);
    m_newRules = *rules;
    return {};
}

void AlertsCommand::start()
{
    switch (m_mode) {
    case Mode::Firing:
        return listFiring();
    case Mode::Rules:
        context().admin->alertRules(this, [this](const AdminResult<QList<AlertRule>> &result) {
            if (!result.ok())
                return fail(u"cannot read the alert rules"_s, result.error);
            printRules(*result.value);
        });
        return;
    case Mode::Set:
        context().admin->putAlertRules(m_newRules, this, [this](const AdminResult<QList<AlertRule>> &result) {
            if (!result.ok())
                return fail(u"cannot save the alert rules"_s, result.error);
            if (!context().json)
                printOut(countOf(result.value->size(), u"alert rule"_s, u"alert rules"_s) + u" saved."_s);
            printRules(*result.value);
        });
        return;
    }
}

void AlertsCommand::listFiring()
{
    context().admin->firingAlerts(this, [this](const AdminResult<QList<alerts::FiringAlert>> &result) {
        if (!result.ok())
            return fail(u"cannot read the alerts"_s, result.error);
        const QList<alerts::FiringAlert> &firing = *result.value;
        if (context().json) {
            printJson(alerts::alertsBodyToJson(firing));
            return finish(Ok);
        }
        if (firing.isEmpty()) {
            printOut(u"No alert is firing."_s);
            return finish(Ok);
        }
        TextTable table({u"RULE"_s, u"SEVERITY"_s, u"LICENSE"_s, u"SINCE"_s, u"FIRED"_s, u"NUMBERS"_s});
        for (const alerts::FiringAlert &alert : firing) {
            table.addRow({alert.ruleId, alerts::toWire(alert.severity),
                          alert.licenseId.isEmpty() ? u"(server)"_s : alert.licenseId,
                          alert.since.isValid() ? formatTimestamp(alert.since) : QString(),
                          formatTimestamp(alert.firedAt), numbersOf(alert)});
        }
        for (const QString &line : table.render())
            printOut(line);
        finish(Ok);
    });
}

void AlertsCommand::printRules(const QList<AlertRule> &rules)
{
    if (context().json) {
        printJson(alerts::rulesBodyToJson(rules));
        return finish(Ok);
    }
    if (rules.isEmpty()) {
        printOut(u"No alert rules: nothing is watched (keyright alerts --set FILE adds some)."_s);
        return finish(Ok);
    }
    TextTable table({u"ID"_s, u"KIND"_s, u"SCOPE"_s, u"SEVERITY"_s, u"THRESHOLD"_s, u"MINUTES"_s, u"QUIET"_s});
    for (const AlertRule &rule : rules) {
        const QString scope = rule.scope == AlertRule::Scope::AllLicenses
            ? u"all"_s
            : u"%1 %2"_s.arg(alerts::toWire(rule.scope), rule.scopeName);
        QStringList days;
        for (const int day : rule.noticeDays())
            days << QString::number(day);
        const QString threshold = rule.kind == AlertKind::ValidityEnding ? u"days %1"_s.arg(days.join(u','))
                                                                         : QString::number(rule.threshold);
        const QString quiet = rule.quiet.isEmpty()
            ? QString()
            : u"%1-%2 %3"_s.arg(rule.quiet.from.toString(u"HH:mm"_s), rule.quiet.to.toString(u"HH:mm"_s),
                                QString::fromUtf8(rule.quiet.zone.id()));
        table.addRow({rule.id, alerts::toWire(rule.kind), scope, alerts::toWire(rule.severity), threshold,
                      QString::number(rule.minutes), quiet});
    }
    for (const QString &line : table.render())
        printOut(line);
    finish(Ok);
}

} // namespace keyright::cli
