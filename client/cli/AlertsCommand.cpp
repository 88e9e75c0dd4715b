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
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

// Bounded: a rules file is a few kilobytes; anything far larger is not one.
constexpr qint64 maxRulesFileBytes = 1024 * 1024;

// Which date, when, and how far: "license ends 2026-12-09 (4 days left; notice of 7 days)",
// "maintenance ended 2026-12-01 (notice of 7 days)". Days left are whole days, rounded down.
QString validityNumbers(const alerts::FiringAlert &alert)
{
    const QString notice = u"notice of %1 days"_s.arg(alert.noticeDays);
    QString what;
    switch (alert.ends) {
    case ValidityBound::ValidUntil:
        what = u"license"_s;
        break;
    case ValidityBound::MaintenanceUntil:
        what = u"maintenance"_s;
        break;
    case ValidityBound::None: // a server from before the date was named
        return alert.value <= 0 ? u"ended (%1)"_s.arg(notice) : u"%1 days left (%2)"_s.arg(alert.value).arg(notice);
    }
    const QString date = alert.endsAt.toUTC().date().toString(Qt::ISODate);
    if (alert.value < 0)
        return u"%1 ended %2 (%3)"_s.arg(what, date, notice);
    const QString left = alert.value == 0 ? u"less than a day left"_s : u"%1 days left"_s.arg(alert.value);
    return u"%1 ends %2 (%3; %4)"_s.arg(what, date, left, notice);
}

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
        return validityNumbers(alert);
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
    return u"List the alerts firing now (--acknowledge ID: say one has been seen; --rules, --set FILE: the alert "
           "rules; --endpoints, --deliveries: where they are sent)."_s;
}

QString AlertsCommand::synopsis() const
{
    return u"[--rules | --set FILE | --endpoints | --add-endpoint NAME URL | --remove-endpoint ID | --test ID | "
           "--deliveries [--status S] | --redeliver ID | --acknowledge ID [--note TEXT]] [--json]"_s;
}

void AlertsCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addOption({u"rules"_s, u"List the alert rules instead of the alerts firing now."_s});
    parser.addOption(
        {u"set"_s, u"Replace the alert rules with those of FILE, JSON as {\"rules\": [...]} (admin)."_s, u"FILE"_s});
    parser.addOption({u"endpoints"_s, u"List the alert endpoints (webhooks and email) alerts are sent to."_s});
    parser.addOption({u"add-endpoint"_s,
                      u"Add an endpoint named NAME (admin): a webhook posting to the https:// URL given as argument "
                      "(prints its secret, once), or email to mailto:ADDRESS[,ADDRESS...] sent through the "
                      "server's smtp-url."_s,
                      u"NAME"_s});
    parser.addOption({u"remove-endpoint"_s, u"Remove the alert endpoint ID (admin)."_s, u"ID"_s});
    parser.addOption({u"test"_s, u"Send a test delivery to the alert endpoint ID now (admin)."_s, u"ID"_s});
    parser.addOption({u"deliveries"_s, u"List the alert deliveries, newest first, with their status."_s});
    parser.addOption({u"status"_s, u"With --deliveries: only those pending, delivered or gave_up."_s, u"S"_s});
    parser.addOption({u"redeliver"_s, u"Send the delivery ID again, with the same id (admin)."_s, u"ID"_s});
    parser.addOption({u"acknowledge"_s,
                      u"Acknowledge the firing alert ID (the ID column of the list): say it has been seen "
                      "(operator)."_s,
                      u"ID"_s});
    parser.addOption({u"note"_s, u"With --acknowledge: a note for the others, at most 500 characters."_s, u"TEXT"_s});
}

QString AlertsCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    const QList<std::pair<QString, Mode>> modes {
        {u"rules"_s, Mode::Rules},
        {u"set"_s, Mode::Set},
        {u"endpoints"_s, Mode::Endpoints},
        {u"add-endpoint"_s, Mode::AddEndpoint},
        {u"remove-endpoint"_s, Mode::RemoveEndpoint},
        {u"test"_s, Mode::Test},
        {u"deliveries"_s, Mode::Deliveries},
        {u"redeliver"_s, Mode::Redeliver},
        {u"acknowledge"_s, Mode::Acknowledge},
    };
    QStringList given;
    m_mode = Mode::Firing;
    for (const auto &[option, mode] : modes) {
        if (parser.isSet(option)) {
            given << u"--"_s + option;
            m_mode = mode;
        }
    }
    if (given.size() > 1)
        return u"%1 cannot be used together"_s.arg(given.join(u" and "_s));
    if (parser.isSet(u"status"_s) && m_mode != Mode::Deliveries)
        return u"--status goes with --deliveries"_s;
    if (parser.isSet(u"note"_s) && m_mode != Mode::Acknowledge)
        return u"--note goes with --acknowledge"_s;
    if (m_mode == Mode::Acknowledge) {
        if (!arguments.isEmpty())
            return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
        const QString id = parser.value(u"acknowledge"_s);
        if (!alerts::isValidAlertId(id))
            return u"--acknowledge \"%1\" is not an alert id: expected %2"_s.arg(id.left(80), alerts::alertIdRule());
        m_alertId = id.toLongLong();
        ValidationError why;
        const auto request = alerts::AcknowledgeRequest::fromJson(
            {{QString::fromUtf16(alerts::noteMember), parser.value(u"note"_s)}}, &why);
        if (!request)
            return u"--"_s + why.message;
        m_note = request->note;
        return {};
    }
    if (m_mode == Mode::AddEndpoint) {
        if (arguments.size() != 1)
            return u"--add-endpoint NAME takes the endpoint's URL (https://... for a webhook, "
                   "mailto:ADDRESS[,ADDRESS...] for email) as its one argument"_s;
        QJsonObject request {{u"name"_s, parser.value(u"add-endpoint"_s)}, {u"url"_s, arguments.first()}};
        ValidationError why;
        const auto endpoint = alerts::webhook::NewEndpoint::fromJson(request, &why);
        if (!endpoint)
            return why.message;
        m_newEndpoint = *endpoint;
        return {};
    }
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
    for (const QString &option : {u"remove-endpoint"_s, u"test"_s, u"redeliver"_s}) {
        if (!parser.isSet(option))
            continue;
        m_id = parser.value(option);
        if (!alerts::webhook::isValidId(m_id))
            return u"--%1 \"%2\" is not an id: expected %3"_s.arg(option, m_id.left(80), alerts::webhook::idRule());
    }
    if (parser.isSet(u"status"_s)) {
        m_status = parser.value(u"status"_s);
        if (!alerts::webhook::statusFromWire(m_status))
            return u"--status \"%1\" is not one of pending, delivered, gave_up"_s.arg(m_status.left(40));
    }
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
    case Mode::Endpoints:
        return listEndpoints();
    case Mode::AddEndpoint:
        context().admin->addAlertEndpoint(
            m_newEndpoint, this, [this](const AdminResult<std::pair<alerts::webhook::Endpoint, QString>> &result) {
                if (!result.ok())
                    return fail(u"cannot add the alert endpoint"_s, result.error);
                const auto &[endpoint, secret] = *result.value;
                if (context().json) {
                    QJsonObject body = endpoint.toJson();
                    if (!secret.isEmpty())
                        body.insert(QString::fromUtf16(alerts::webhook::secretMember), secret);
                    printJson(body);
                    return finish(Ok);
                }
                if (endpoint.kind == QStringView(alerts::webhook::emailKind)) {
                    printOut(u"Added the alert endpoint \"%1\" (%2), mailing %3 through the server's smtp-url."_s.arg(
                        endpoint.name, endpoint.id,
                        endpoint.url.mid(QStringView(alerts::webhook::mailtoScheme).size())));
                    printOut(u"keyright alerts --test %1 sends it a test mail."_s.arg(endpoint.id));
                    return finish(Ok);
                }
                printOut(u"Added the alert endpoint \"%1\" (%2), posting to %3."_s.arg(endpoint.name, endpoint.id,
                                                                                       endpoint.url));
                printOut(u"Its secret, to check the Keyright-Signature of each delivery (docs/DEPLOYMENT.md):"_s);
                printOut(secret);
                printOut(u"Keep it now: it will not be shown again."_s);
                finish(Ok);
            });
        return;
    case Mode::RemoveEndpoint:
        context().admin->removeAlertEndpoint(m_id, this, [this](const AdminResult<AdminClient::Empty> &result) {
            if (!result.ok())
                return fail(u"cannot remove the alert endpoint"_s, result.error);
            if (context().json)
                printJson(QJsonObject {{u"removed"_s, m_id}});
            else
                printOut(u"Removed the alert endpoint %1."_s.arg(m_id));
            finish(Ok);
        });
        return;
    case Mode::Test:
    case Mode::Redeliver: {
        auto done = [this](const AdminResult<QString> &result) {
            if (!result.ok())
                return fail(m_mode == Mode::Test ? u"cannot send a test delivery"_s : u"cannot send it again"_s,
                            result.error);
            if (context().json)
                printJson(QJsonObject {{QString::fromUtf16(alerts::webhook::deliveryIdMember), *result.value}});
            else
                printOut(
                    u"Queued the delivery %1; keyright alerts --deliveries shows how it went."_s.arg(*result.value));
            finish(Ok);
        };
        if (m_mode == Mode::Test)
            context().admin->testAlertEndpoint(m_id, this, std::move(done));
        else
            context().admin->redeliver(m_id, this, std::move(done));
        return;
    }
    case Mode::Deliveries:
        return listDeliveries();
    case Mode::Acknowledge:
        context().admin->acknowledgeAlert(
            m_alertId, m_note, this, [this](const AdminResult<alerts::FiringAlert> &result) {
                if (!result.ok())
                    return fail(u"cannot acknowledge the alert %1"_s.arg(m_alertId), result.error);
                const alerts::FiringAlert &alert = *result.value;
                // Acknowledged before: nothing was recorded, the note given is not kept (exit 1).
                const ExitCode code = alert.alreadyAcknowledged ? Failure : Ok;
                if (context().json) {
                    printJson(alert.toJson());
                    return finish(code);
                }
                if (alert.alreadyAcknowledged) {
                    return failWith(
                        code,
                        u"alert %1: already acknowledged by %2 at %3%4; %5"_s.arg(
                            QString::number(m_alertId), alert.acknowledgedBy, formatTimestamp(alert.acknowledgedAt),
                            alert.note.isEmpty() ? QString() : u": "_s + alert.note,
                            m_note.isEmpty() ? u"nothing was recorded"_s : u"the new note was not recorded"_s));
                }
                printOut(u"Alert %1 (rule %2, %3) acknowledged by %4 at %5%6."_s.arg(
                    QString::number(alert.id), alert.ruleId,
                    alert.licenseId.isEmpty() ? u"the server"_s : alert.licenseId, alert.acknowledgedBy,
                    formatTimestamp(alert.acknowledgedAt), alert.note.isEmpty() ? QString() : u": "_s + alert.note));
                printOut(u"It stays firing until its condition clears."_s);
                finish(Ok);
            });
        return;
    }
}

void AlertsCommand::listEndpoints()
{
    context().admin->alertEndpoints(this, [this](const AdminResult<QList<alerts::webhook::Endpoint>> &result) {
        if (!result.ok())
            return fail(u"cannot read the alert endpoints"_s, result.error);
        if (context().json) {
            printJson(alerts::webhook::endpointsBodyToJson(*result.value));
            return finish(Ok);
        }
        if (result.value->isEmpty()) {
            printOut(u"No alert endpoints: alerts are not sent anywhere (keyright alerts --add-endpoint NAME URL)."_s);
            return finish(Ok);
        }
        TextTable table({u"ID"_s, u"NAME"_s, u"KIND"_s, u"ENABLED"_s, u"URL"_s});
        for (const alerts::webhook::Endpoint &endpoint : *result.value)
            table.addRow(
                {endpoint.id, endpoint.name, endpoint.kind, endpoint.enabled ? u"yes"_s : u"no"_s, endpoint.url});
        for (const QString &line : table.render())
            printOut(line);
        finish(Ok);
    });
}

void AlertsCommand::listDeliveries()
{
    context().admin->alertDeliveries(
        {}, m_status, 0, this, [this](const AdminResult<QList<alerts::webhook::Delivery>> &result) {
            if (!result.ok())
                return fail(u"cannot read the alert deliveries"_s, result.error);
            if (context().json) {
                printJson(alerts::webhook::deliveriesBodyToJson(*result.value));
                return finish(Ok);
            }
            if (result.value->isEmpty()) {
                // Of the status asked for: "none" is not "none at all" (walk 51a N4).
                const auto status = alerts::webhook::statusFromWire(m_status);
                printOut(!status                                                   ? u"No alert deliveries."_s
                             : *status == alerts::webhook::DeliveryStatus::Pending ? u"No pending alert deliveries."_s
                             : *status == alerts::webhook::DeliveryStatus::Delivered
                             ? u"No delivered alert deliveries."_s
                             : u"No alert deliveries given up."_s);
                return finish(Ok);
            }
            TextTable table({u"ID"_s, u"ENDPOINT"_s, u"EVENT"_s, u"STATUS"_s, u"ATTEMPTS"_s, u"CREATED"_s,
                             u"NEXT ATTEMPT"_s, u"LAST ANSWER"_s});
            for (const alerts::webhook::Delivery &d : *result.value) {
                const QString answer = d.attempts == 0 ? QString()
                    : d.lastError.isEmpty()            ? u"OK %1"_s.arg(d.lastCode)
                                                       : d.lastError;
                table.addRow({d.id, d.endpointId, d.event, alerts::webhook::toWire(d.status),
                              QString::number(d.attempts), formatTimestamp(d.createdAt),
                              d.nextAttemptAt.isValid() ? formatTimestamp(d.nextAttemptAt) : QString(), answer});
            }
            for (const QString &line : table.render())
                printOut(line);
            finish(Ok);
        });
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
        TextTable table(
            {u"ID"_s, u"RULE"_s, u"SEVERITY"_s, u"LICENSE"_s, u"SINCE"_s, u"FIRED"_s, u"NUMBERS"_s, u"ACKNOWLEDGED"_s});
        for (const alerts::FiringAlert &alert : firing) {
            const QString acknowledged = alert.acknowledged()
                ? u"by %1 at %2%3"_s.arg(alert.acknowledgedBy, formatTimestamp(alert.acknowledgedAt),
                                         alert.note.isEmpty() ? QString() : u": "_s + alert.note)
                : u"no"_s;
            table.addRow({alert.id > 0 ? QString::number(alert.id) : u"-"_s, alert.ruleId,
                          alerts::toWire(alert.severity), alert.licenseId.isEmpty() ? u"(server)"_s : alert.licenseId,
                          alert.since.isValid() ? formatTimestamp(alert.since) : QString(),
                          formatTimestamp(alert.firedAt), numbersOf(alert), acknowledged});
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
