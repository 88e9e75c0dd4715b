#pragma once

#include "AlertEndpointDialog.h"
#include "AlertReplay.h"
#include "AlertRuleDialog.h"
#include "AlertRules.h"
#include "wire/AlertWebhook.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

class QDialog;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTableWidget;

namespace keyright {

class AdminActions;
class AlertListModel;
class DashboardSession;
class DashboardSettings;

// The Alerts page (issue 29): the alerts firing now, most severe first, then those of the last
// seven days that resolved, each with its sentence, and whether someone acknowledged it (an
// operator or admin may: "Acknowledge…", with an optional note); activating one about a license (Enter or a
// double-click) opens that license on the Seats page, or for a denials alert the license's denials
// on the Events page, where the dispute view explains each one. Below, the alert rules: read for every
// role, added, edited and removed for an admin (saved whole with PUT /v1/alerts/rules, the
// server's refusal shown in the editor at the field it names). Last, the alert endpoints with the
// last delivery of each and the delivery log of the one selected: read for every role; added
// (the secret shown once), removed, tested and redelivered by an admin.
class AlertsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertsPage)

public:
    AlertsPage(DashboardSession &session, AlertListModel &alerts, AdminActions &actions, QWidget *parent = nullptr);

    QTableView *firingView() const { return m_firingView; }
    // Firing, resolved, rules, endpoints: its sizes are kept in the settings.
    QSplitter *splitter() const { return m_splitter; }
    void saveState(DashboardSettings &settings) const;
    void restoreState(const DashboardSettings &settings);
    QTableView *recentView() const { return m_recentView; }
    QPushButton *acknowledgeButton() const { return m_acknowledge; }
    // The acknowledgement's dialog while open (its note is the QLineEdit "acknowledgeNote").
    QDialog *acknowledgeDialog() const { return m_acknowledgeDialog; }
    QTableWidget *rulesTable() const { return m_rules; }
    QPushButton *addRuleButton() const { return m_add; }
    QPushButton *editRuleButton() const { return m_edit; }
    QPushButton *removeRuleButton() const { return m_remove; }
    QLabel *statusLabel() const { return m_status; }
    QTableWidget *endpointsTable() const { return m_endpoints; }
    QTableWidget *deliveriesTable() const { return m_deliveries; }
    QPushButton *addEndpointButton() const { return m_addEndpoint; }
    QPushButton *removeEndpointButton() const { return m_removeEndpoint; }
    QPushButton *testEndpointButton() const { return m_testEndpoint; }
    QPushButton *redeliverButton() const { return m_redeliver; }
    QLabel *endpointsNote() const { return m_endpointsNote; }
    AlertEndpointDialog *endpointDialog() const { return m_endpointDialog; }
    // The editor while open (tests drive it).
    AlertRuleDialog *ruleDialog() const { return m_dialog; }
    const QList<AlertRule> &rules() const { return m_ruleList; }

    // Selects the alert with this key (AlertListModel::keyOf) in its table and shows it.
    bool selectAlert(const QString &key);
    // Reads the rules again.
    void reloadRules();
    // Reads the endpoints and the delivery log again.
    void reloadEndpoints();

    // "90 % of the seats for 5 min": a rule's numbers in a phrase.
    static QString limitText(const AlertRule &rule);
    static QString scopeText(const AlertRule &rule);
    static QString quietText(const QuietHours &quiet);
    // How far back the rule editor's preview replays the usage history.
    static constexpr int previewDays = 7;
    // When a pending delivery is tried again: its time to the second (retries come 30 s apart),
    // after its date when that is not the day of `now`.
    static QString nextAttemptText(const QDateTime &at, const QDateTime &now);
    // "delivered", "pending", "gave up".
    static QString deliveryStatusText(const alerts::webhook::Delivery &delivery);

public Q_SLOTS:
    // Asks for an optional note, then acknowledges the firing alert selected (operator or admin).
    void acknowledge();
    void addRule();
    void editRule();
    void removeRule();
    void addEndpoint();
    void removeEndpoint();
    void testEndpoint();
    void redeliver();

Q_SIGNALS:
    // Open this license on the Seats page.
    void licenseRequested(const QString &licenseId);
    // Show the license's denials from `from` on (to `until`, when valid): a denials alert's cause.
    void denialsRequested(const QString &licenseId, const QDateTime &from, const QDateTime &until);
    void statusMessage(const QString &text);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    // The first split, when none was restored: the firing alerts get room for several rows.
    void chooseSplit();
    void updateStatus();
    void updateRuleActions();
    void updateAcknowledgeAction();
    // The firing alert selected (its row in the model), or -1.
    int selectedFiring() const;
    void sendAcknowledgement(qint64 alertId, const QString &note);
    void fillRules();
    void activate(const QModelIndex &index);
    void openEditor(const AlertRule &rule, bool isNew);
    void preview(const AlertRule &rule, const QPointer<AlertRuleDialog> &dialog);
    static QString previewText(const AlertRule &rule, QList<std::pair<AlertReplayFiring, QString>> firings);
    void save(QList<AlertRule> rules, const QPointer<AlertRuleDialog> &dialog, const QString &done);
    int selectedRule() const;
    bool mayEdit() const;
    bool mayEditEndpoints() const;
    void fillEndpoints();
    void fillDeliveries();
    void reloadDeliveries();
    void updateEndpointActions();
    void showEndpointsError(const QString &text);
    int selectedEndpoint() const;
    int selectedDelivery() const;

    DashboardSession &m_session;
    AlertListModel &m_alerts;
    AdminActions &m_actions;
    QSortFilterProxyModel *m_firing;
    QSortFilterProxyModel *m_recent;
    QSplitter *m_splitter;
    bool m_splitChosen = false; // restored from the settings, or chosen at the first show
    QByteArray m_savedSplit; // from the settings, restored at the first show
    QLabel *m_firingTitle;
    QLabel *m_status;
    QTableView *m_firingView;
    QPushButton *m_acknowledge;
    QPointer<QDialog> m_acknowledgeDialog;
    QLabel *m_recentTitle;
    QTableView *m_recentView;
    QLabel *m_rulesTitle;
    QLabel *m_rulesNote;
    QTableWidget *m_rules;
    QPushButton *m_add;
    QPushButton *m_edit;
    QPushButton *m_remove;
    QLabel *m_endpointsTitle;
    QTableWidget *m_endpoints;
    QLabel *m_deliveriesTitle;
    QTableWidget *m_deliveries;
    QLabel *m_endpointsNote;
    QPushButton *m_addEndpoint;
    QPushButton *m_removeEndpoint;
    QPushButton *m_testEndpoint;
    QPushButton *m_redeliver;
    QList<alerts::webhook::Endpoint> m_endpointList;
    QHash<QString, alerts::webhook::Delivery> m_lastDelivery; // by endpoint id
    QString m_shownEndpoint; // the endpoint selected, whose deliveries are listed
    QList<alerts::webhook::Delivery> m_deliveryList; // the selected endpoint's
    QString m_endpointsError;
    QPointer<AlertEndpointDialog> m_endpointDialog;
    quint64 m_endpointsEpoch = 0;
    quint64 m_deliveriesEpoch = 0;
    QList<AlertRule> m_ruleList;
    QString m_rulesError;
    QPointer<AlertRuleDialog> m_dialog;
    quint64 m_previewEpoch = 0; // the last preview asked; earlier answers are dropped
    quint64 m_rulesEpoch = 0; // the last read asked; a save makes earlier reads stale
    quint64 m_connection = 0; // bumped with every connection: answers from an earlier one are ignored
};

} // namespace keyright
