#pragma once

#include "AlertRuleDialog.h"
#include "AlertRules.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTableWidget;

namespace keyright {

class AdminActions;
class AlertListModel;
class DashboardSession;

// The Alerts page (issue 29): the alerts firing now, most severe first, then those of the last
// seven days that resolved, each with its sentence; activating one about a license (Enter or a
// double-click) opens that license on the Seats page, or for a denials alert the license's denials
// on the Events page, where the dispute view explains each one. Below, the alert rules: read for every
// role, added, edited and removed for an admin (saved whole with PUT /v1/alerts/rules, the
// server's refusal shown in the editor at the field it names).
class AlertsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertsPage)

public:
    AlertsPage(DashboardSession &session, AlertListModel &alerts, AdminActions &actions, QWidget *parent = nullptr);

    QTableView *firingView() const { return m_firingView; }
    QTableView *recentView() const { return m_recentView; }
    QTableWidget *rulesTable() const { return m_rules; }
    QPushButton *addRuleButton() const { return m_add; }
    QPushButton *editRuleButton() const { return m_edit; }
    QPushButton *removeRuleButton() const { return m_remove; }
    QLabel *statusLabel() const { return m_status; }
    // The editor while open (tests drive it).
    AlertRuleDialog *ruleDialog() const { return m_dialog; }
    const QList<AlertRule> &rules() const { return m_ruleList; }

    // Selects the alert with this key (AlertListModel::keyOf) in its table and shows it.
    bool selectAlert(const QString &key);
    // Reads the rules again.
    void reloadRules();

    // "90 % of the seats for 5 min": a rule's numbers in a phrase.
    static QString limitText(const AlertRule &rule);
    static QString scopeText(const AlertRule &rule);
    static QString quietText(const QuietHours &quiet);

public Q_SLOTS:
    void addRule();
    void editRule();
    void removeRule();

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
    void updateStatus();
    void updateRuleActions();
    void fillRules();
    void activate(const QModelIndex &index);
    void openEditor(const AlertRule &rule, bool isNew);
    void save(QList<AlertRule> rules, const QPointer<AlertRuleDialog> &dialog, const QString &done);
    int selectedRule() const;
    bool mayEdit() const;

    DashboardSession &m_session;
    AlertListModel &m_alerts;
    AdminActions &m_actions;
    QSortFilterProxyModel *m_firing;
    QSortFilterProxyModel *m_recent;
    QLabel *m_firingTitle;
    QLabel *m_status;
    QTableView *m_firingView;
    QLabel *m_recentTitle;
    QTableView *m_recentView;
    QLabel *m_rulesTitle;
    QLabel *m_rulesNote;
    QTableWidget *m_rules;
    QPushButton *m_add;
    QPushButton *m_edit;
    QPushButton *m_remove;
    QList<AlertRule> m_ruleList;
    QString m_rulesError;
    QPointer<AlertRuleDialog> m_dialog;
    quint64 m_rulesEpoch = 0; // the last read asked; a save makes earlier reads stale
    quint64 m_connection = 0; // bumped with every connection: answers from an earlier one are ignored
};

} // namespace keyright
