#include "AlertsPage.h"

#include "AdminActions.h"
#include "AlertListModel.h"
#include "AlertRuleDialog.h"
#include "DashboardSession.h"
#include "RoleLabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

enum RuleColumn {
    RuleIdColumn,
    RuleKindColumn,
    RuleScopeColumn,
    RuleLimitColumn,
    RuleSeverityColumn,
    RuleQuietColumn,
    RuleColumnCount
};

QSortFilterProxyModel *alertsWhere(bool firing, AlertListModel &alerts, QObject *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(&alerts);
    proxy->setFilterRole(AlertListModel::FiringRole);
    proxy->setFilterFixedString(firing ? u"true"_s : u"false"_s);
    proxy->setFilterKeyColumn(0);
    return proxy;
}

QTableView *alertView(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(AlertListModel::AlertColumn, QHeaderView::Stretch);
    return view;
}

QLabel *heading(QWidget *parent)
{
    auto *label = new QLabel(parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace

AlertsPage::AlertsPage(DashboardSession &session, AlertListModel &alerts, AdminActions &actions, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_alerts(alerts)
    , m_actions(actions)
    , m_firing(alertsWhere(true, alerts, this))
    , m_recent(alertsWhere(false, alerts, this))
    , m_firingTitle(heading(this))
    , m_status(new QLabel(this))
    , m_firingView(alertView(m_firing, u"firingAlerts"_s, this))
    , m_recentTitle(heading(this))
    , m_recentView(alertView(m_recent, u"recentAlerts"_s, this))
    , m_rulesTitle(heading(this))
    , m_rulesNote(new QLabel(this))
    , m_rules(new QTableWidget(0, RuleColumnCount, this))
    , m_add(new QPushButton(this))
    , m_edit(new QPushButton(this))
    , m_remove(new QPushButton(this))
{
    setObjectName(u"alertsPage"_s);
    m_status->setObjectName(u"alertsStatus"_s);
    m_status->setWordWrap(true);
    m_rulesNote->setWordWrap(true);
    m_rules->setObjectName(u"alertRules"_s);
    m_rules->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rules->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rules->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rules->verticalHeader()->hide();
    m_rules->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_rules->horizontalHeader()->setStretchLastSection(true);
    m_add->setObjectName(u"addAlertRule"_s);
    m_edit->setObjectName(u"editAlertRule"_s);
    m_remove->setObjectName(u"removeAlertRule"_s);

    auto section = [this](QLabel *title, QWidget *body, QWidget *extra = nullptr) {
        auto *box = new QWidget(this);
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 4, 0, 0);
        layout->addWidget(title);
        if (extra)
            layout->addWidget(extra);
        layout->addWidget(body, 1);
        return box;
    };
    auto *ruleButtons = new QWidget(this);
    auto *buttonRow = new QHBoxLayout(ruleButtons);
    buttonRow->setContentsMargins(0, 0, 0, 0);
    buttonRow->addWidget(m_rulesNote, 1);
    buttonRow->addWidget(m_add);
    buttonRow->addWidget(m_edit);
    buttonRow->addWidget(m_remove);
    auto *rulesBox = section(m_rulesTitle, m_rules);
    rulesBox->layout()->addWidget(ruleButtons);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(section(m_firingTitle, m_firingView, m_status));
    splitter->addWidget(section(m_recentTitle, m_recentView));
    splitter->addWidget(rulesBox);
    // Webhook endpoints and their delivery log (issue 29, another change) go in a fourth section here.
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 3);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    for (QTableView *view : {m_firingView, m_recentView}) {
        connect(view, &QAbstractItemView::activated, this, &AlertsPage::activate);
        connect(view, &QAbstractItemView::doubleClicked, this, &AlertsPage::activate);
    }
    connect(m_add, &QPushButton::clicked, this, &AlertsPage::addRule);
    connect(m_edit, &QPushButton::clicked, this, &AlertsPage::editRule);
    connect(m_remove, &QPushButton::clicked, this, &AlertsPage::removeRule);
    connect(m_rules, &QTableWidget::itemSelectionChanged, this, &AlertsPage::updateRuleActions);
    connect(m_rules, &QTableWidget::cellDoubleClicked, this, [this] {
        if (mayEdit())
            editRule();
    });
    connect(&alerts, &QAbstractItemModel::rowsInserted, this, &AlertsPage::updateStatus);
    connect(&alerts, &QAbstractItemModel::rowsRemoved, this, &AlertsPage::updateStatus);
    connect(&alerts, &QAbstractItemModel::modelReset, this, &AlertsPage::updateStatus);
    connect(&alerts, &AlertListModel::firingChanged, this, &AlertsPage::updateStatus);
    connect(&alerts, &AlertListModel::errorChanged, this, &AlertsPage::updateStatus);
    connect(&session, &DashboardSession::clientChanged, this, [this] {
        ++m_connection;
        m_ruleList.clear();
        fillRules();
        reloadRules();
    });
    connect(&session, &DashboardSession::identityChanged, this, &AlertsPage::updateRuleActions);
    retranslate();
    reloadRules();
}

bool AlertsPage::selectAlert(const QString &key)
{
    const int row = m_alerts.rowOfKey(key);
    if (row < 0)
        return false;
    const QModelIndex source = m_alerts.index(row, AlertListModel::AlertColumn);
    for (auto [proxy, view] : {std::pair {m_firing, m_firingView}, std::pair {m_recent, m_recentView}}) {
        const QModelIndex at = proxy->mapFromSource(source);
        if (!at.isValid())
            continue;
        view->setCurrentIndex(at);
        view->scrollTo(at);
        view->setFocus(Qt::OtherFocusReason);
        return true;
    }
    return false;
}

void AlertsPage::activate(const QModelIndex &index)
{
    const QString licenseId = index.data(AlertListModel::LicenseIdRole).toString();
    if (licenseId.isEmpty())
        return;
    const QModelIndex source = index.model() == m_firing ? m_firing->mapToSource(index) : m_recent->mapToSource(index);
    const AlertRow &row = m_alerts.rowAt(source.row());
    if (row.kind == AlertKind::Denials) {
        // The denials that made it fire came before it fired, within the rule's window (a week at
        // most; an hour covers the usual rules, and the filter is there to widen it).
        Q_EMIT denialsRequested(licenseId, row.since.addSecs(-3600), row.resolvedAt);
        return;
    }
    Q_EMIT licenseRequested(licenseId);
}

void AlertsPage::reloadRules()
{
    AdminClient *client = m_session.client();
    if (!client)
        return;
    const quint64 epoch = ++m_rulesEpoch;
    const quint64 connection = m_connection;
    client->alertRules(this, [this, epoch, connection](const AdminResult<QList<AlertRule>> &result) {
        if (epoch != m_rulesEpoch || connection != m_connection)
            return;
        m_rulesError = result.ok()
            ? QString()
            : tr("The alert rules could not be read: %1").arg(DashboardSession::describeError(result.error));
        if (result.ok())
            m_ruleList = *result.value;
        fillRules();
    });
}

void AlertsPage::fillRules()
{
    const QString selected = selectedRule() >= 0 ? m_ruleList.value(selectedRule()).id : QString();
    m_rules->setRowCount(int(m_ruleList.size()));
    for (int row = 0; row < m_ruleList.size(); ++row) {
        const AlertRule &rule = m_ruleList.at(row);
        const QStringList cells {rule.id,         AlertListModel::kindLabel(rule.kind),         scopeText(rule),
                                 limitText(rule), AlertListModel::severityLabel(rule.severity), quietText(rule.quiet)};
        for (int column = 0; column < RuleColumnCount; ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            if (column == RuleSeverityColumn)
                item->setForeground(StatePalette::colour(AlertListModel::severityRole(rule.severity)));
            m_rules->setItem(row, column, item);
        }
        if (rule.id == selected)
            m_rules->selectRow(row);
    }
    updateRuleActions();
}

int AlertsPage::selectedRule() const
{
    const QList<QTableWidgetItem *> items = m_rules->selectedItems();
    if (items.isEmpty())
        return -1;
    const int row = items.constFirst()->row();
    return row < m_ruleList.size() && row < m_rules->rowCount() ? row : -1;
}

bool AlertsPage::mayEdit() const
{
    return m_actions.isAllowed(AdminActions::Action::EditAlertRules);
}

void AlertsPage::updateRuleActions()
{
    const bool may = mayEdit() && m_session.client();
    const bool chosen = selectedRule() >= 0;
    m_add->setEnabled(may);
    m_edit->setEnabled(may && chosen);
    m_remove->setEnabled(may && chosen);
    QString note;
    if (!m_rulesError.isEmpty())
        note = m_rulesError;
    else if (!mayEdit()) {
        const auto identity = m_session.identity();
        note = tr("Read only: editing the rules needs the %1 role; this token (%2) has the %3 role.")
                   .arg(roleLabel(AccessRole::Admin), identity ? identity->name : QString(),
                        identity ? roleLabel(identity->role) : QString());
    } else if (m_ruleList.isEmpty())
        note = tr("No alert rule yet: add one to be told when seats run short.");
    m_rulesNote->setText(note);
    for (QPushButton *button : {m_add, m_edit, m_remove})
        button->setToolTip(mayEdit() ? QString() : note);
}

void AlertsPage::addRule()
{
    if (!mayEdit())
        return;
    AlertRule rule;
    rule.id = u"rule-%1"_s.arg(m_ruleList.size() + 1);
    rule.threshold = 90;
    rule.minutes = 5;
    openEditor(rule, true);
}

void AlertsPage::editRule()
{
    const int row = selectedRule();
    if (row < 0 || !mayEdit())
        return;
    openEditor(m_ruleList.at(row), false);
}

void AlertsPage::openEditor(const AlertRule &rule, bool isNew)
{
    if (m_dialog)
        m_dialog->close();
    auto *dialog = new AlertRuleDialog(rule, isNew, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &AlertRuleDialog::saveRequested, this, [this, dialog](const AlertRule &edited) {
        QList<AlertRule> next = m_ruleList;
        bool replaced = false;
        for (AlertRule &r : next) {
            if (!dialog->isNew() && r.id == dialog->originalId()) {
                r = edited;
                replaced = true;
            }
        }
        if (!replaced)
            next.append(edited);
        save(next, dialog, tr("Saved the alert rule %1.").arg(edited.id));
    });
    dialog->open();
}

void AlertsPage::removeRule()
{
    const int row = selectedRule();
    if (row < 0 || !mayEdit())
        return;
    const QString id = m_ruleList.at(row).id;
    auto *box = new QMessageBox(QMessageBox::Question, tr("Remove alert rule"),
                                tr("Remove the alert rule %1? Its alerts firing now end without a resolution.").arg(id),
                                QMessageBox::Cancel, this);
    box->setObjectName(u"removeAlertRuleQuestion"_s);
    QPushButton *remove = box->addButton(tr("Remove", "an alert rule"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, id] {
        if (box->clickedButton() != remove)
            return;
        QList<AlertRule> next = m_ruleList;
        next.removeIf([&id](const AlertRule &r) { return r.id == id; });
        save(next, nullptr, tr("Removed the alert rule %1.").arg(id));
    });
    box->open();
}

void AlertsPage::save(QList<AlertRule> rules, const QPointer<AlertRuleDialog> &dialog, const QString &done)
{
    AdminClient *client = m_session.client();
    if (!client)
        return;
    // A read still on its way would show the rules from before this save.
    ++m_rulesEpoch;
    const quint64 connection = m_connection;
    client->putAlertRules(rules, this, [this, connection, dialog, done](const AdminResult<QList<AlertRule>> &result) {
        if (connection != m_connection)
            return;
        if (!result.ok()) {
            const QString message = DashboardSession::describeError(result.error);
            if (dialog) {
                // "rules[3].threshold": the editor knows the rule's own member.
                const QString field = result.error.field.section(u'.', -1);
                dialog->showRefusal(field, message);
            } else
                QMessageBox::warning(this, tr("Alert rules"), tr("The alert rules were not saved: %1").arg(message));
            return;
        }
        m_ruleList = *result.value;
        m_rulesError.clear();
        fillRules();
        if (dialog)
            dialog->saved();
        Q_EMIT statusMessage(done);
    });
}

QString AlertsPage::limitText(const AlertRule &rule)
{
    switch (rule.kind) {
    case AlertKind::SeatsInUse:
        return rule.minutes > 0 ? tr("%1 % of the seats for %n min", nullptr, rule.minutes).arg(rule.threshold)
                                : tr("%1 % of the seats").arg(rule.threshold);
    case AlertKind::Denials:
        return rule.threshold == 0 ? tr("a true denial (no seat within %n min)", nullptr, rule.minutes)
                                   : tr("more than %1 denials in %n min", nullptr, rule.minutes).arg(rule.threshold);
    case AlertKind::WaitingLine: {
        QStringList parts;
        if (rule.threshold > 0)
            parts << tr("more than %1 waiting").arg(rule.threshold);
        if (rule.minutes > 0)
            parts << tr("a wait over %n min", nullptr, rule.minutes);
        return parts.join(tr(" or ", "joins two conditions of a rule"));
    }
    case AlertKind::ValidityEnding: {
        QStringList days;
        for (int day : rule.noticeDays())
            days << QString::number(day);
        return tr("%1 days' notice").arg(days.join(u", "_s));
    }
    case AlertKind::InstanceSilent:
        return tr("silent for %n s", nullptr, rule.seconds);
    case AlertKind::ClockJump:
        return tr("a jump, shown for %n min", nullptr, rule.minutes);
    }
    return {};
}

QString AlertsPage::scopeText(const AlertRule &rule)
{
    switch (rule.scope) {
    case AlertRule::Scope::AllLicenses:
        return tr("every license");
    case AlertRule::Scope::License:
        return tr("license %1").arg(rule.scopeName);
    case AlertRule::Scope::Group:
        return tr("group %1").arg(rule.scopeName);
    }
    return {};
}

QString AlertsPage::quietText(const QuietHours &quiet)
{
    if (quiet.isEmpty())
        return tr("none", "quiet hours");
    return tr("%1 to %2 (%3)")
        .arg(quiet.from.toString(u"HH:mm"_s), quiet.to.toString(u"HH:mm"_s), QString::fromUtf8(quiet.zone.id()));
}

void AlertsPage::updateStatus()
{
    QString text;
    if (!m_alerts.errorText().isEmpty())
        text = m_alerts.errorText();
    else if (!m_alerts.isLoaded())
        text = m_session.client() ? tr("Reading the alerts…") : tr("Not connected.");
    else if (m_alerts.firingCount() == 0)
        text = tr("No alert is firing.");
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
    m_firingTitle->setText(tr("Firing now (%1)").arg(m_alerts.firingCount()));
}

void AlertsPage::retranslate()
{
    m_recentTitle->setText(tr("Resolved in the last %n day(s)", nullptr, AlertListModel::historyDays));
    m_rulesTitle->setText(tr("Rules"));
    m_add->setText(tr("Add rule…"));
    m_edit->setText(tr("Edit…"));
    m_remove->setText(tr("Remove…", "an alert rule"));
    m_rules->setHorizontalHeaderLabels(
        {tr("Rule"), tr("Watches"), tr("Applies to"), tr("Fires at"), tr("Severity"), tr("Quiet hours")});
    fillRules();
    updateStatus();
}

void AlertsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void AlertsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Another admin may have changed them: read them again when the page is looked at.
    reloadRules();
}

} // namespace keyright
