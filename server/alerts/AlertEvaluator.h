#pragma once

#include "AlertRules.h"
#include "store/LeaseStore.h"
#include "wire/AlertJson.h"

#include <QObject>
#include <QTimer>

#include <chrono>

namespace keyright {
class Clock;
}

namespace keyright::server {

// Evaluates the alert rules (issue 29) with no dashboard open: every `interval`, in one unit that
// holds the store's alert lock (LeaseStore::lockAlerts), it measures each rule over its subjects
// (each license in scope; each notice day of a license's dates; the server for clock jumps), steps
// each alert with core's stepAlert() and records every transition as an alert_fired or
// alert_resolved event in the same unit, with its deliveries to the alert endpoints
// (WebhookDeliverer::queueAlert). Servers sharing a database evaluate one after the other,
// each reading the tracks the previous one wrote, so every transition is recorded once.
//
// instance_silent: each instance records that it is alive (InstanceBeat, the server_instances
// table); one alert per instance silent for more than the rule's seconds, resolved when it beats
// again (after the clear time, as every alert), or at once when its row is gone: removed by its
// graceful stop, or forgotten here after instanceForgetSeconds of silence.
class AlertEvaluator final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertEvaluator)

public:
    AlertEvaluator(LeaseStore &store, const Clock &clock, QObject *parent = nullptr);

    // One evaluation; returns the events it recorded (alert_fired, alert_resolved), in order.
    QList<EventRecord> evaluate();

    QList<AlertRule> rules();
    // Replaces the rules whole (their alerts' tracks go with them); false, with `error` naming the
    // rule, for a rule this server cannot evaluate.
    bool setRules(const QList<AlertRule> &rules, ValidationError *error);
    // Every alert firing now, in the rules' order.
    QList<alerts::FiringAlert> firing();

    // What acknowledge() found.
    struct Acknowledgement
    {
        enum class Result {
            Acknowledged, // recorded now, with an alert_acknowledged event
            AlreadyAcknowledged, // `alert` carries the first acknowledgement's who, when and note
            NotFiring, // the alert resolved; `alert` has its rule and license
            NotFound, // no alert ever had this id
        };
        Result result = Result::NotFound;
        alerts::FiringAlert alert;
    };
    // Records that `actor` saw the firing alert `alertId` (the seq of its alert_fired event), in
    // one unit holding the alert lock; once per firing: a second acknowledgement changes nothing.
    Acknowledgement acknowledge(qint64 alertId, const QString &actor, const QString &note);

    void start(std::chrono::milliseconds interval);
    void stop();
    // How long a firing alert's condition must be clear before it resolves: alertClearMs, except
    // in a test of many cycles across processes (the hidden --test-alert-clear-ms).
    void setClearTime(std::chrono::milliseconds clear) { m_clearMs = clear.count(); }
    // How long an instance may stay silent before it is forgotten (instanceForgetSeconds).
    void setInstanceForgetAge(std::chrono::milliseconds age) { m_instanceForgetMs = age.count(); }

private:
    LeaseStore &m_store;
    const Clock &m_clock;
    qint64 m_clearMs = alertClearMs;
    qint64 m_instanceForgetMs = instanceForgetSeconds * 1000;
    QTimer m_timer;
};

} // namespace keyright::server
