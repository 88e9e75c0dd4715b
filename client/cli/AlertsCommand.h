#pragma once

#include "AlertRules.h"
#include "CliCommand.h"
#include "wire/AlertWebhook.h"

namespace keyright::cli {

// `keyright alerts` (issue 29): the alerts firing now; --rules: the alert rules; --set FILE: replace
// the rules with those of a JSON file ({"rules": [...]}, docs/API.md "Alerts"). Past alerts are
// `keyright events --kind alert_fired,alert_resolved`. The webhook endpoints and their delivery log
// (docs/API.md "Alert endpoints and deliveries"): --endpoints, --add-endpoint NAME URL (prints the
// secret, once), --remove-endpoint ID, --test ID, --deliveries [--status S], --redeliver ID.
// --acknowledge ID [--note TEXT] (operator): record that the firing alert ID has been seen.
class AlertsCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertsCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    void listFiring();
    void printRules(const QList<AlertRule> &rules);
    void listEndpoints();
    void listDeliveries();

    enum class Mode {
        Firing,
        Rules,
        Set,
        Endpoints,
        AddEndpoint,
        RemoveEndpoint,
        Test,
        Deliveries,
        Redeliver,
        Acknowledge
    } m_mode
        = Mode::Firing;
    QList<AlertRule> m_newRules;
    alerts::webhook::NewEndpoint m_newEndpoint;
    QString m_id; // the endpoint or delivery an action names
    QString m_status; // --deliveries --status
    qint64 m_alertId = 0; // --acknowledge
    QString m_note; // --acknowledge --note
};

} // namespace keyright::cli
