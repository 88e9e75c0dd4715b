#include "AlertsPage.h"

#include "AdminActions.h"
#include "AlertEndpointDialog.h"
#include "AlertListModel.h"
#include "AlertReplay.h"
#include "AlertRuleDialog.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "EventLogModel.h"
#include "RoleLabel.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

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

enum EndpointColumn {
    EndpointNameColumn,
    EndpointUrlColumn,
    EndpointKindColumn,
    EndpointEnabledColumn,
    EndpointLastColumn,
    EndpointColumnCount
};

enum DeliveryColumn {
    DeliveryEventColumn,
    DeliveryWhenColumn,
    DeliveryStatusColumn,
    DeliveryCodeColumn,
    DeliveryAttemptsColumn,
    DeliveryNextColumn,
    DeliveryColumnCount
};

// How many deliveries the page reads: the newest of all endpoints (for each one's last delivery),
// and the newest of the selected one.
constexpr int lastDeliveriesRead = 500;
constexpr int endpointDeliveriesRead = 100;

QTableWidget *table(int columns, const QString &name, QWidget *parent)
{
    auto *view = new QTableWidget(0, columns, parent);
    view->setObjectName(name);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The sentence is the alert: wrapped onto a second line rather than cut, which it was at
    // 1280x720 and 150 % once the State column said who acknowledged (walk 52a, A).
    view->setWordWrap(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

StatePalette::Role deliveryRole(alerts::webhook::DeliveryStatus status)
{
    switch (status) {
    case alerts::webhook::DeliveryStatus::Pending:
        return StatePalette::Pending;
    case alerts::webhook::DeliveryStatus::Delivered:
        return StatePalette::Live;
    case alerts::webhook::DeliveryStatus::GaveUp:
        return StatePalette::Failed;
    }
    return StatePalette::Muted;
}

QString shortTime(const QDateTime &time)
{
    return time.isValid() ? QLocale().toString(time.toLocalTime(), QLocale::ShortFormat) : QString();
}

// The firing or the resolved alerts. An acknowledged alert's state stays short ("firing,
// acknowledged"), so that the sentence keeps the width; who and when are in its tooltip, the
// role in the dashboard's language.
class AlertsProxy final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    QVariant data(const QModelIndex &index, int role) const override
    {
        const QVariant shown = QSortFilterProxyModel::data(index, role);
        if (index.column() != AlertListModel::StateColumn || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
            return shown;
        const AlertRow &row = static_cast<const AlertListModel *>(sourceModel())->rowAt(mapToSource(index).row());
        if (!row.firing() || !row.acknowledged())
            return shown;
        if (role == Qt::DisplayRole)
            return AlertsPage::tr("firing, acknowledged");
        QString tip = shown.toString();
        const qsizetype at = tip.indexOf(row.acknowledgedBy);
        if (at >= 0 && !row.acknowledgedBy.isEmpty())
            tip.replace(at, row.acknowledgedBy.size(), actorLabel(row.acknowledgedBy));
        return tip;
    }
};

QSortFilterProxyModel *alertsWhere(bool firing, AlertListModel &alerts, QObject *parent)
{
    auto *proxy = new AlertsProxy(parent);
    proxy->setSourceModel(&alerts);
    proxy->setFilterRole(AlertListModel::FiringRole);
    proxy->setFilterFixedString(firing ? u"true"_s : u"false"_s);
    proxy->setFilterKeyColumn(0);
    return proxy;
}

// A table of alerts whose selection never moves to another alert by itself: when the selected
// alert leaves the list (it resolved), the selection is cleared, where a single-selection QTableView
// would select the next row and so silently give Acknowledge… a different alert.
class AlertTableView final : public QTableView
{
public:
    using QTableView::QTableView;

protected:
    void rowsAboutToBeRemoved(const QModelIndex &parent, int start, int end) override
    {
        const QModelIndex current = currentIndex();
        if (current.isValid() && current.parent() == parent && current.row() >= start && current.row() <= end)
            selectionModel()->clear();
        QTableView::rowsAboutToBeRemoved(parent, start, end);
    }
};

QTableView *alertView(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new AlertTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The sentence is the alert: wrapped onto a second line rather than cut, which it was at
    // 1280x720 and 150 % once the State column said who acknowledged (walk 52a, A).
    view->setWordWrap(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
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
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_firingTitle(heading(this))
    , m_status(new QLabel(this))
    , m_firingView(alertView(m_firing, u"firingAlerts"_s, this))
    , m_acknowledge(new QPushButton(this))
    , m_recentTitle(heading(this))
    , m_recentView(alertView(m_recent, u"recentAlerts"_s, this))
    , m_rulesTitle(heading(this))
    , m_rulesNote(new QLabel(this))
    , m_rules(new QTableWidget(0, RuleColumnCount, this))
    , m_add(new QPushButton(this))
    , m_edit(new QPushButton(this))
    , m_remove(new QPushButton(this))
    , m_endpointsTitle(heading(this))
    , m_endpoints(table(EndpointColumnCount, u"alertEndpoints"_s, this))
    , m_deliveriesTitle(heading(this))
    , m_deliveries(table(DeliveryColumnCount, u"alertDeliveries"_s, this))
    , m_endpointsNote(new QLabel(this))
    , m_addEndpoint(new QPushButton(this))
    , m_removeEndpoint(new QPushButton(this))
    , m_testEndpoint(new QPushButton(this))
    , m_redeliver(new QPushButton(this))
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

    QSplitter *splitter = m_splitter;
    splitter->setObjectName(u"alertsSplitter"_s);
    splitter->setChildrenCollapsible(false);
    m_acknowledge->setObjectName(u"acknowledgeAlert"_s);
    auto *firingBox = section(m_firingTitle, m_firingView, m_status);
    auto *acknowledgeRow = new QHBoxLayout;
    acknowledgeRow->addStretch(1);
    acknowledgeRow->addWidget(m_acknowledge);
    static_cast<QVBoxLayout *>(firingBox->layout())->addLayout(acknowledgeRow);
    splitter->addWidget(firingBox);
    splitter->addWidget(section(m_recentTitle, m_recentView));
    splitter->addWidget(rulesBox);

    m_endpointsNote->setObjectName(u"alertEndpointsNote"_s);
    m_endpointsNote->setWordWrap(true);
    m_addEndpoint->setObjectName(u"addAlertEndpoint"_s);
    m_removeEndpoint->setObjectName(u"removeAlertEndpoint"_s);
    m_testEndpoint->setObjectName(u"testAlertEndpoint"_s);
    m_redeliver->setObjectName(u"redeliverAlert"_s);
    auto *endpointButtons = new QWidget(this);
    auto *endpointRow = new QHBoxLayout(endpointButtons);
    endpointRow->setContentsMargins(0, 0, 0, 0);
    endpointRow->addStretch(1);
    endpointRow->addWidget(m_addEndpoint);
    endpointRow->addWidget(m_removeEndpoint);
    endpointRow->addWidget(m_testEndpoint);
    auto *endpointsBox = section(m_endpointsTitle, m_endpoints);
    // The note on a line of its own, the pane's width: beside the buttons it was squeezed to a
    // narrow column and cut off at 1280x720 and 150 % (walk 50a, finding 11).
    endpointsBox->layout()->addWidget(m_endpointsNote);
    endpointsBox->layout()->addWidget(endpointButtons);
    auto *deliveriesBox = section(m_deliveriesTitle, m_deliveries);
    auto *deliveryRow = new QHBoxLayout;
    deliveryRow->addStretch(1);
    deliveryRow->addWidget(m_redeliver);
    static_cast<QVBoxLayout *>(deliveriesBox->layout())->addLayout(deliveryRow);
    auto *endpointSplitter = new QSplitter(Qt::Horizontal, this);
    endpointSplitter->setChildrenCollapsible(false);
    endpointSplitter->addWidget(endpointsBox);
    endpointSplitter->addWidget(deliveriesBox);
    splitter->addWidget(endpointSplitter);
    // The firing alerts are what the page is for: they get most of a taller window, where the
    // rules table stood 60 % empty beside 3½ firing rows (walk 51a, finding 14).
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 1);
    splitter->setStretchFactor(3, 2);
    // A handle wide enough to find and grab.
    splitter->setHandleWidth(std::max(splitter->handleWidth(), 8));
    // Each table may shrink to a few rows when a handle is dragged.
    for (QAbstractItemView *view :
         std::initializer_list<QAbstractItemView *> {m_firingView, m_recentView, m_rules, m_endpoints, m_deliveries})
        view->setMinimumHeight(view->fontMetrics().lineSpacing() * 4);
    // The page is taller than its sections at their least, by five rows of firing alerts: in a
    // short window (1280x720 at 150 %) the page scrolls, the firing list shows its rows, and the
    // handles have room to move (each section at its minimum, none could be dragged).
    setMinimumHeight(splitter->minimumSizeHint().height() + 5 * m_firingView->verticalHeader()->defaultSectionSize());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    for (QTableView *view : {m_firingView, m_recentView}) {
        connect(view, &QAbstractItemView::activated, this, &AlertsPage::activate);
        connect(view, &QAbstractItemView::doubleClicked, this, &AlertsPage::activate);
    }
    connect(m_acknowledge, &QPushButton::clicked, this, &AlertsPage::acknowledge);
    connect(m_firingView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AlertsPage::updateAcknowledgeAction);
    connect(&alerts, &QAbstractItemModel::dataChanged, this, &AlertsPage::updateAcknowledgeAction);
    connect(&alerts, &QAbstractItemModel::rowsRemoved, this, &AlertsPage::updateAcknowledgeAction);
    connect(&alerts, &QAbstractItemModel::modelReset, this, &AlertsPage::updateAcknowledgeAction);
    connect(&session, &DashboardSession::identityChanged, this, &AlertsPage::updateAcknowledgeAction);
    connect(m_add, &QPushButton::clicked, this, &AlertsPage::addRule);
    connect(m_edit, &QPushButton::clicked, this, &AlertsPage::editRule);
    connect(m_remove, &QPushButton::clicked, this, &AlertsPage::removeRule);
    connect(m_rules, &QTableWidget::itemSelectionChanged, this, &AlertsPage::updateRuleActions);
    connect(m_addEndpoint, &QPushButton::clicked, this, &AlertsPage::addEndpoint);
    connect(m_removeEndpoint, &QPushButton::clicked, this, &AlertsPage::removeEndpoint);
    connect(m_testEndpoint, &QPushButton::clicked, this, &AlertsPage::testEndpoint);
    connect(m_redeliver, &QPushButton::clicked, this, &AlertsPage::redeliver);
    connect(m_endpoints, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = selectedEndpoint();
        m_shownEndpoint = row >= 0 ? m_endpointList.at(row).id : QString();
        m_deliveryList.clear();
        fillDeliveries();
        reloadDeliveries();
    });
    connect(m_deliveries, &QTableWidget::itemSelectionChanged, this, &AlertsPage::updateEndpointActions);
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
        m_endpointList.clear();
        m_lastDelivery.clear();
        m_shownEndpoint.clear();
        m_deliveryList.clear();
        m_endpointsError.clear();
        fillEndpoints();
        reloadEndpoints();
    });
    connect(&session, &DashboardSession::identityChanged, this, &AlertsPage::updateRuleActions);
    connect(&session, &DashboardSession::identityChanged, this, &AlertsPage::updateEndpointActions);
    // While the endpoints are looked at, their last delivery and the shown endpoint's delivery log
    // follow the server's attempts with the session's polls, as the alerts above do.
    connect(&session, &DashboardSession::polled, this, [this] {
        if (isVisible() && !m_endpointList.isEmpty())
            reloadEndpoints();
    });
    retranslate();
    reloadRules();
    reloadEndpoints();
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
    connect(dialog, &AlertRuleDialog::previewRequested, this,
            [this, dialog](const AlertRule &edited) { preview(edited, dialog); });
    dialog->open();
}

void AlertsPage::preview(const AlertRule &rule, const QPointer<AlertRuleDialog> &dialog)
{
    AdminClient *client = m_session.client();
    if (!client) {
        dialog->showPreview(tr("No preview: not connected."));
        return;
    }
    const QStringList licenses
        = rule.scope == AlertRule::Scope::License ? QStringList {rule.scopeName} : m_session.licenses().licenseIds();
    if (licenses.isEmpty()) {
        dialog->showPreview(
            tr("Would not have fired in the last %n day(s): there is no license yet.", nullptr, previewDays));
        return;
    }
    // The last hours of each license, an hour a bucket, replayed here with core's own rule logic.
    UsageQuery query;
    query.to = m_session.serverClock().now();
    query.from = query.to.addDays(-previewDays);
    query.step = UsageStep::Hour;
    const quint64 epoch = ++m_previewEpoch;
    struct Replay
    {
        qsizetype waiting = 0;
        QList<std::pair<AlertReplayFiring, QString>> firings;
        QString error;
    };
    auto replay = std::make_shared<Replay>();
    replay->waiting = licenses.size();
    for (const QString &licenseId : licenses) {
        client->usage(licenseId, query, this,
                      [this, epoch, dialog, rule, licenseId, replay](const AdminResult<UsageReport> &result) {
                          if (epoch != m_previewEpoch || !dialog)
                              return;
                          if (!result.ok() && replay->error.isEmpty())
                              replay->error = tr("No preview: the usage of %1 could not be read: %2")
                                                  .arg(licenseId, DashboardSession::describeError(result.error));
                          else if (result.ok()) {
                              for (const AlertReplayFiring &firing : replayAlert(rule, result.value->buckets))
                                  replay->firings.append({firing, licenseId});
                          }
                          if (--replay->waiting > 0)
                              return;
                          dialog->showPreview(replay->error.isEmpty() ? previewText(rule, replay->firings)
                                                                      : replay->error);
                      });
    }
}

QString AlertsPage::previewText(const AlertRule &rule, QList<std::pair<AlertReplayFiring, QString>> firings)
{
    if (firings.isEmpty())
        return tr("Would not have fired in the last %n day(s).", nullptr, previewDays);
    std::sort(firings.begin(), firings.end(), [](const auto &a, const auto &b) { return a.first.at < b.first.at; });
    QStringList lines;
    lines << tr("Would have fired %n time(s) in the last %1 days:", nullptr, int(firings.size())).arg(previewDays);
    constexpr int shown = 10;
    for (qsizetype i = 0; i < std::min<qsizetype>(firings.size(), shown); ++i) {
        const auto &[firing, licenseId] = firings.at(i);
        const QString when = QLocale().toString(firing.at.toLocalTime(), QLocale::ShortFormat);
        lines << (rule.kind == AlertKind::SeatsInUse ? tr("%1 on %2 (%3 % of the seats)") : tr("%1 on %2 (%3 denials)"))
                     .arg(when, licenseId)
                     .arg(firing.value);
    }
    if (firings.size() > shown)
        lines << tr("and %n more", nullptr, int(firings.size() - shown));
    return lines.join(u'\n');
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

int AlertsPage::selectedFiring() const
{
    const QModelIndexList rows = m_firingView->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return -1;
    const QModelIndex source = m_firing->mapToSource(rows.first());
    return source.isValid() ? source.row() : -1;
}

void AlertsPage::updateAcknowledgeAction()
{
    const bool may = m_actions.isAllowed(AdminActions::Action::AcknowledgeAlert);
    const int row = selectedFiring();
    const AlertRow *alert = row >= 0 ? &m_alerts.rowAt(row) : nullptr;
    m_acknowledge->setEnabled(may && m_session.client() && alert && alert->firing() && !alert->acknowledged()
                              && alert->alertId > 0);
    QString tip;
    if (!may) {
        const auto identity = m_session.identity();
        tip = tr("Acknowledging an alert needs the %1 role; this token (%2) has the %3 role.")
                  .arg(roleLabel(AccessRole::Operator), identity ? identity->name : QString(),
                       identity ? roleLabel(identity->role) : QString());
    } else if (alert && alert->acknowledged()) {
        tip = tr("Already acknowledged by %1.").arg(actorLabel(alert->acknowledgedBy));
    } else {
        tip = tr("Say that someone is on the selected alert: it stays firing until its condition clears, but the "
                 "tray stops counting it.");
    }
    m_acknowledge->setToolTip(tip);
}

void AlertsPage::acknowledge()
{
    const int row = selectedFiring();
    if (row < 0 || !m_acknowledge->isEnabled())
        return;
    const AlertRow alert = m_alerts.rowAt(row);
    if (m_acknowledgeDialog)
        m_acknowledgeDialog->close();
    auto *dialog = new QDialog(this);
    dialog->setObjectName(u"acknowledgeAlertDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Acknowledge alert"));
    auto *text = new QLabel(tr("Acknowledge this alert? It stays firing until its condition clears; the others "
                               "see who acknowledged it, when, and your note.\n\n%1")
                                .arg(alert.sentence),
                            dialog);
    text->setWordWrap(true);
    auto *note = new QLineEdit(dialog);
    note->setObjectName(u"acknowledgeNote"_s);
    note->setMaxLength(alerts::maxNoteLength);
    note->setPlaceholderText(tr("Note (optional), such as a ticket number"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, dialog);
    QPushButton *ok = buttons->addButton(tr("Acknowledge"), QDialogButtonBox::AcceptRole);
    ok->setDefault(true);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(note);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    const qint64 alertId = alert.alertId;
    connect(dialog, &QDialog::accepted, this,
            [this, alertId, note] { sendAcknowledgement(alertId, note->text().trimmed()); });
    m_acknowledgeDialog = dialog;
    dialog->open();
    note->setFocus();
}

void AlertsPage::sendAcknowledgement(qint64 alertId, const QString &note)
{
    AdminClient *client = m_session.client();
    if (!client)
        return;
    const quint64 connection = m_connection;
    client->acknowledgeAlert(alertId, note, this, [this, connection](const AdminResult<alerts::FiringAlert> &result) {
        if (connection != m_connection)
            return;
        if (!result.ok()) {
            Q_EMIT statusMessage(
                tr("The alert was not acknowledged: %1").arg(DashboardSession::describeError(result.error)));
            return;
        }
        Q_EMIT statusMessage(tr("Alert acknowledged by %1.").arg(actorLabel(result.value->acknowledgedBy)));
        m_alerts.refresh();
    });
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
    m_alerts.retranslate();
    m_recentTitle->setText(tr("Resolved in the last %n day(s)", nullptr, AlertListModel::historyDays));
    m_rulesTitle->setText(tr("Rules"));
    m_acknowledge->setText(tr("Acknowledge…"));
    updateAcknowledgeAction();
    m_add->setText(tr("Add rule…"));
    m_edit->setText(tr("Edit…"));
    m_remove->setText(tr("Remove…", "an alert rule"));
    m_rules->setHorizontalHeaderLabels(
        {tr("Rule"), tr("Watches"), tr("Applies to"), tr("Fires at"), tr("Severity"), tr("Quiet hours")});
    m_endpointsTitle->setText(tr("Endpoints"));
    m_addEndpoint->setText(tr("Add endpoint…"));
    m_removeEndpoint->setText(tr("Remove…", "an alert endpoint"));
    m_testEndpoint->setText(tr("Send a test"));
    m_redeliver->setText(tr("Redeliver"));
    m_endpoints->setHorizontalHeaderLabels({tr("Name"), tr("URL"), tr("Kind"), tr("Enabled"), tr("Last delivery")});
    m_deliveries->setHorizontalHeaderLabels(
        {tr("Alert"), tr("When"), tr("Status"), tr("HTTP code"), tr("Attempts"), tr("Next attempt")});
    fillRules();
    fillEndpoints();
    fillDeliveries();
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
    chooseSplit();
    // Another admin may have changed them: read them again when the page is looked at.
    reloadRules();
    reloadEndpoints();
}

void AlertsPage::chooseSplit()
{
    if (m_splitChosen || !isVisible())
        return;
    m_splitChosen = true;
    if (!m_savedSplit.isEmpty() && m_splitter->restoreState(m_savedSplit))
        return;
    const QList<int> least = [this] {
        QList<int> sizes;
        for (int i = 0; i < m_splitter->count(); ++i)
            sizes << m_splitter->widget(i)->minimumSizeHint().height();
        return sizes;
    }();
    const int total = m_splitter->height() - (m_splitter->count() - 1) * m_splitter->handleWidth();
    // The firing list: room for six alerts (its table's least shows about two), at most half the page.
    const int rows = m_firingView->verticalHeader()->defaultSectionSize();
    const int firing = std::max(least.at(0), std::min(least.at(0) + 5 * rows, total / 2));
    // The rest: a fifth to the resolved alerts, a third to the rules (where an admin checks what
    // fires: one rule of three showed at 1440x900, walk 52a, B), the endpoints and their deliveries
    // what is left; each at least its minimum.
    const int rest = total - firing;
    const int recent = std::max(least.at(1), rest / 5);
    const int rules = std::max(least.at(2), rest / 3);
    m_splitter->setSizes({firing, recent, rules, std::max(least.at(3), rest - recent - rules)});
}

void AlertsPage::saveState(DashboardSettings &settings) const
{
    // A page never shown keeps the split it was given.
    if (m_splitChosen)
        settings.setValue(DashboardSettings::alertsSplitter, m_splitter->saveState());
    else if (!m_savedSplit.isEmpty())
        settings.setValue(DashboardSettings::alertsSplitter, m_savedSplit);
}

void AlertsPage::restoreState(const DashboardSettings &settings)
{
    // The person's own split, when there is one, is kept: applied when the page first shows, at
    // its size then (restored into a hidden page, the first resize would share the difference out
    // by the stretch factors).
    m_savedSplit = settings.value(DashboardSettings::alertsSplitter);
    m_splitChosen = false;
    if (isVisible())
        chooseSplit();
}

void AlertsPage::reloadEndpoints()
{
    AdminClient *client = m_session.client();
    if (!client)
        return;
    const quint64 epoch = ++m_endpointsEpoch;
    const quint64 connection = m_connection;
    client->alertEndpoints(
        this, [this, epoch, connection](const AdminResult<QList<alerts::webhook::Endpoint>> &result) {
            if (epoch != m_endpointsEpoch || connection != m_connection)
                return;
            if (!result.ok()) {
                showEndpointsError(
                    tr("The alert endpoints could not be read: %1").arg(DashboardSession::describeError(result.error)));
                return;
            }
            m_endpointsError.clear();
            m_endpointList = *result.value;
            fillEndpoints();
            reloadDeliveries();
        });
    client->alertDeliveries({}, {}, lastDeliveriesRead, this,
                            [this, epoch, connection](const AdminResult<QList<alerts::webhook::Delivery>> &result) {
                                if (epoch != m_endpointsEpoch || connection != m_connection || !result.ok())
                                    return; // the endpoints' read says what went wrong
                                m_lastDelivery.clear();
                                for (const alerts::webhook::Delivery &delivery : *result.value) {
                                    if (!m_lastDelivery.contains(delivery.endpointId))
                                        m_lastDelivery.insert(delivery.endpointId, delivery); // newest first
                                }
                                fillEndpoints();
                            });
}

void AlertsPage::reloadDeliveries()
{
    AdminClient *client = m_session.client();
    const int row = selectedEndpoint();
    if (!client || row < 0)
        return;
    const quint64 epoch = ++m_deliveriesEpoch;
    const quint64 connection = m_connection;
    const QString endpointId = m_endpointList.at(row).id;
    client->alertDeliveries(
        endpointId, {}, endpointDeliveriesRead, this,
        [this, epoch, connection, endpointId](const AdminResult<QList<alerts::webhook::Delivery>> &result) {
            if (epoch != m_deliveriesEpoch || connection != m_connection)
                return;
            const int now = selectedEndpoint();
            if (now < 0 || m_endpointList.at(now).id != endpointId)
                return;
            if (!result.ok()) {
                showEndpointsError(
                    tr("The delivery log could not be read: %1").arg(DashboardSession::describeError(result.error)));
                return;
            }
            m_deliveryList = *result.value;
            if (!m_deliveryList.isEmpty())
                m_lastDelivery.insert(endpointId, m_deliveryList.constFirst());
            fillEndpoints();
            fillDeliveries();
        });
}

void AlertsPage::showEndpointsError(const QString &text)
{
    m_endpointsError = text;
    updateEndpointActions();
}

QString AlertsPage::deliveryStatusText(const alerts::webhook::Delivery &delivery)
{
    switch (delivery.status) {
    case alerts::webhook::DeliveryStatus::Pending:
        return tr("pending", "a delivery");
    case alerts::webhook::DeliveryStatus::Delivered:
        return tr("delivered", "a delivery");
    case alerts::webhook::DeliveryStatus::GaveUp:
        return tr("gave up", "a delivery");
    }
    return {};
}

void AlertsPage::fillEndpoints()
{
    // The list may just have changed under the selection: the endpoint shown is known by its id.
    const QString selected = m_shownEndpoint;
    const QSignalBlocker blocker(m_endpoints);
    m_endpoints->setRowCount(int(m_endpointList.size()));
    int reselect = -1;
    for (int row = 0; row < m_endpointList.size(); ++row) {
        const alerts::webhook::Endpoint &endpoint = m_endpointList.at(row);
        QString last = tr("none yet", "a delivery");
        std::optional<StatePalette::Role> role;
        if (const auto found = m_lastDelivery.constFind(endpoint.id); found != m_lastDelivery.cend()) {
            last = found->lastCode > 0 ? tr("%1 (HTTP %2), %3")
                                             .arg(deliveryStatusText(*found))
                                             .arg(found->lastCode)
                                             .arg(shortTime(found->createdAt))
                                       : tr("%1, %2").arg(deliveryStatusText(*found), shortTime(found->createdAt));
            role = deliveryRole(found->status);
        }
        const QStringList cells {
            endpoint.name, endpoint.url, endpoint.kind,
            endpoint.enabled ? tr("yes", "an endpoint is enabled") : tr("no", "an endpoint is enabled"), last};
        for (int column = 0; column < EndpointColumnCount; ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            if (column == EndpointLastColumn && role)
                item->setForeground(StatePalette::colour(*role));
            if (column == EndpointUrlColumn)
                item->setToolTip(endpoint.url);
            m_endpoints->setItem(row, column, item);
        }
        if (endpoint.id == selected)
            reselect = row;
    }
    if (reselect >= 0)
        m_endpoints->selectRow(reselect);
    else if (!selected.isEmpty()) {
        m_shownEndpoint.clear();
        m_deliveryList.clear();
        fillDeliveries();
    }
    updateEndpointActions();
}

void AlertsPage::fillDeliveries()
{
    // The selection follows its delivery, not its row: the list has already been replaced, and a
    // new delivery on top would otherwise put the highlight (and Redeliver) on another one. The
    // id is read from the table, which still shows the old list.
    QString selected;
    if (const QList<QTableWidgetItem *> items = m_deliveries->selectedItems(); !items.isEmpty())
        selected = items.constFirst()->data(Qt::UserRole).toString();
    const QSignalBlocker blocker(m_deliveries);
    m_deliveries->clearSelection();
    m_deliveries->setRowCount(int(m_deliveryList.size()));
    for (int row = 0; row < m_deliveryList.size(); ++row) {
        const alerts::webhook::Delivery &delivery = m_deliveryList.at(row);
        const bool pending = delivery.status == alerts::webhook::DeliveryStatus::Pending;
        QString event = delivery.event;
        if (event == QStringView(alerts::webhook::testEvent))
            event = tr("test", "a delivery");
        else if (const auto kind = eventKindFromWire(event))
            event = EventLogModel::kindLabel(*kind);
        const QStringList cells {event,
                                 shortTime(delivery.createdAt),
                                 deliveryStatusText(delivery),
                                 delivery.lastCode > 0 ? QString::number(delivery.lastCode)
                                                       : (delivery.attempts > 0 ? tr("no answer") : QString()),
                                 QString::number(delivery.attempts),
                                 pending ? nextAttemptText(delivery.nextAttemptAt, m_session.serverClock().now())
                                         : QString()};
        for (int column = 0; column < DeliveryColumnCount; ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setData(Qt::UserRole, delivery.id);
            if (column == DeliveryStatusColumn) {
                item->setForeground(StatePalette::colour(deliveryRole(delivery.status)));
                if (!delivery.lastError.isEmpty())
                    item->setToolTip(delivery.lastError);
            }
            m_deliveries->setItem(row, column, item);
        }
        if (delivery.id == selected)
            m_deliveries->selectRow(row);
    }
    const int endpoint = selectedEndpoint();
    m_deliveriesTitle->setText(endpoint >= 0 ? tr("Deliveries to %1").arg(m_endpointList.at(endpoint).name)
                                             : tr("Deliveries"));
    updateEndpointActions();
}

QString AlertsPage::nextAttemptText(const QDateTime &at, const QDateTime &now)
{
    if (!at.isValid())
        return {};
    const QDateTime local = at.toLocalTime();
    const QString time = QLocale().toString(local.time(), u"HH:mm:ss"_s);
    if (local.date() == now.toLocalTime().date())
        return time;
    return u"%1 %2"_s.arg(QLocale().toString(local.date(), QLocale::ShortFormat), time);
}

int AlertsPage::selectedEndpoint() const
{
    const QList<QTableWidgetItem *> items = m_endpoints->selectedItems();
    if (items.isEmpty())
        return -1;
    const int row = items.constFirst()->row();
    return row < m_endpointList.size() && row < m_endpoints->rowCount() ? row : -1;
}

int AlertsPage::selectedDelivery() const
{
    const QList<QTableWidgetItem *> items = m_deliveries->selectedItems();
    if (items.isEmpty())
        return -1;
    const int row = items.constFirst()->row();
    return row < m_deliveryList.size() && row < m_deliveries->rowCount() ? row : -1;
}

bool AlertsPage::mayEditEndpoints() const
{
    return m_actions.isAllowed(AdminActions::Action::EditAlertEndpoints);
}

void AlertsPage::updateEndpointActions()
{
    const bool may = mayEditEndpoints() && m_session.client();
    const bool endpoint = selectedEndpoint() >= 0;
    m_addEndpoint->setEnabled(may);
    m_removeEndpoint->setEnabled(may && endpoint);
    m_testEndpoint->setEnabled(may && endpoint);
    m_redeliver->setEnabled(may && selectedDelivery() >= 0);
    QString note;
    QString why;
    if (!mayEditEndpoints()) {
        const auto identity = m_session.identity();
        why = tr("Read only: changing the endpoints needs the %1 role; this token (%2) has the %3 role.")
                  .arg(roleLabel(AccessRole::Admin), identity ? identity->name : QString(),
                       identity ? roleLabel(identity->role) : QString());
    }
    if (!m_endpointsError.isEmpty())
        note = m_endpointsError;
    else if (!why.isEmpty())
        note = why;
    else if (m_endpointList.isEmpty())
        note = tr("No endpoint yet: add one to have alerts sent to a webhook.");
    m_endpointsNote->setText(note);
    for (QPushButton *button : {m_addEndpoint, m_removeEndpoint, m_testEndpoint, m_redeliver})
        button->setToolTip(why);
}

void AlertsPage::addEndpoint()
{
    if (!mayEditEndpoints())
        return;
    if (m_endpointDialog)
        m_endpointDialog->close();
    auto *dialog = new AlertEndpointDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_endpointDialog = dialog;
    connect(dialog, &AlertEndpointDialog::addRequested, this, [this, dialog](const QString &name, const QString &url) {
        AdminClient *client = m_session.client();
        if (!client) {
            dialog->showRefusal({}, tr("Not connected."));
            return;
        }
        const quint64 connection = m_connection;
        const QPointer<AlertEndpointDialog> guard(dialog);
        alerts::webhook::NewEndpoint endpoint;
        endpoint.name = name;
        endpoint.url = url;
        client->addAlertEndpoint(
            endpoint, this,
            [this, connection, guard](const AdminResult<std::pair<alerts::webhook::Endpoint, QString>> &result) {
                if (connection != m_connection)
                    return;
                if (!result.ok()) {
                    if (guard)
                        guard->showRefusal(result.error.field, DashboardSession::describeError(result.error));
                    return;
                }
                if (guard)
                    guard->showSecret(result.value->first.name, result.value->second);
                Q_EMIT statusMessage(tr("Added the alert endpoint %1.").arg(result.value->first.name));
                reloadEndpoints();
            });
    });
    dialog->open();
}

void AlertsPage::removeEndpoint()
{
    const int row = selectedEndpoint();
    if (row < 0 || !mayEditEndpoints())
        return;
    const alerts::webhook::Endpoint endpoint = m_endpointList.at(row);
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Remove alert endpoint"),
        tr("Remove the alert endpoint %1? Alerts are no longer sent to it, and its pending deliveries are given up.")
            .arg(endpoint.name),
        QMessageBox::Cancel, this);
    box->setObjectName(u"removeAlertEndpointQuestion"_s);
    QPushButton *remove = box->addButton(tr("Remove", "an alert endpoint"), QMessageBox::DestructiveRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, remove, endpoint] {
        if (box->clickedButton() != remove)
            return;
        AdminClient *client = m_session.client();
        if (!client)
            return;
        const quint64 connection = m_connection;
        client->removeAlertEndpoint(
            endpoint.id, this, [this, connection, endpoint](const AdminResult<AdminClient::Empty> &result) {
                if (connection != m_connection)
                    return;
                if (!result.ok()) {
                    showEndpointsError(tr("The alert endpoint %1 was not removed: %2")
                                           .arg(endpoint.name, DashboardSession::describeError(result.error)));
                    return;
                }
                m_endpointsError.clear();
                Q_EMIT statusMessage(tr("Removed the alert endpoint %1.").arg(endpoint.name));
                reloadEndpoints();
            });
    });
    box->open();
}

void AlertsPage::testEndpoint()
{
    const int row = selectedEndpoint();
    AdminClient *client = m_session.client();
    if (row < 0 || !client || !mayEditEndpoints())
        return;
    const alerts::webhook::Endpoint endpoint = m_endpointList.at(row);
    const quint64 connection = m_connection;
    client->testAlertEndpoint(endpoint.id, this, [this, connection, endpoint](const AdminResult<QString> &result) {
        if (connection != m_connection)
            return;
        if (!result.ok()) {
            showEndpointsError(tr("The test was not sent to %1: %2")
                                   .arg(endpoint.name, DashboardSession::describeError(result.error)));
            return;
        }
        m_endpointsError.clear();
        Q_EMIT statusMessage(tr("A test alert is on its way to %1.").arg(endpoint.name));
        reloadDeliveries();
    });
}

void AlertsPage::redeliver()
{
    const int row = selectedDelivery();
    AdminClient *client = m_session.client();
    if (row < 0 || !client || !mayEditEndpoints())
        return;
    const QString id = m_deliveryList.at(row).id;
    const quint64 connection = m_connection;
    client->redeliver(id, this, [this, connection](const AdminResult<QString> &result) {
        if (connection != m_connection)
            return;
        if (!result.ok()) {
            showEndpointsError(
                tr("The delivery was not sent again: %1").arg(DashboardSession::describeError(result.error)));
            return;
        }
        m_endpointsError.clear();
        Q_EMIT statusMessage(tr("The delivery will be sent again now."));
        reloadDeliveries();
    });
}

} // namespace keyright
