#include "FleetView.h"

#include "Timestamps.h"
#include "fleet/FleetCountersModel.h"
#include "fleet/FleetModel.h"

#include <QCheckBox>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

FleetView::FleetView(FleetModel *fleet, QWidget *parent)
    : QWidget(parent)
    , m_fleet(fleet)
{
    Q_ASSERT(fleet);
    auto *layout = new QVBoxLayout(this);

    auto *bar = new QHBoxLayout;
    m_pollButton = new QPushButton(this);
    m_pollButton->setObjectName(u"pollButton"_s);
    m_staleCaption = new QLabel(this);
    m_staleSpin = new QSpinBox(this);
    m_staleSpin->setObjectName(u"staleSpin"_s);
    m_staleSpin->setRange(1, 24 * 60);
    m_staleSpin->setValue(
        static_cast<int>(std::chrono::duration_cast<std::chrono::minutes>(m_fleet->staleAfter()).count()));
    m_staleCaption->setBuddy(m_staleSpin);
    m_largeFontsCheck = new QCheckBox(this);
    m_largeFontsCheck->setObjectName(u"largeFontsCheck"_s);
    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(u"summaryLabel"_s);
    bar->addWidget(m_pollButton);
    bar->addWidget(m_summaryLabel, 1);
    bar->addWidget(m_staleCaption);
    bar->addWidget(m_staleSpin);
    bar->addWidget(m_largeFontsCheck);
    layout->addLayout(bar);

    m_serversBox = new QGroupBox(this);
    auto *servers = new QVBoxLayout(m_serversBox);
    m_serversTable = new QTableView(m_serversBox);
    m_serversTable->setObjectName(u"serversTable"_s);
    m_serversTable->setModel(m_fleet->serversModel());
    m_serversTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_serversTable->verticalHeader()->hide();
    m_serversTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_serversTable->horizontalHeader()->setStretchLastSection(true);
    servers->addWidget(m_serversTable);
    layout->addWidget(m_serversBox, 2);

    m_countersBox = new QGroupBox(this);
    auto *counters = new QVBoxLayout(m_countersBox);
    m_countersTree = new QTreeView(m_countersBox);
    m_countersTree->setObjectName(u"countersTree"_s);
    m_countersTree->setModel(m_fleet->countersModel());
    m_countersTree->setAlternatingRowColors(true);
    m_countersTree->setUniformRowHeights(true);
    m_countersTree->header()->setMinimumSectionSize(96);
    m_countersTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_countersTree->header()->setSectionResizeMode(FleetCountersModel::NameColumn, QHeaderView::Stretch);
    m_countersTree->header()->setStretchLastSection(false);
    m_countersTree->expandAll();
    counters->addWidget(m_countersTree);
    m_legendLabel = new QLabel(m_countersBox);
    m_legendLabel->setWordWrap(true);
    counters->addWidget(m_legendLabel);
    layout->addWidget(m_countersBox, 4);

    m_amnesiaBox = new QGroupBox(this);
    auto *amnesia = new QVBoxLayout(m_amnesiaBox);
    m_noAmnesiaLabel = new QLabel(m_amnesiaBox);
    m_noAmnesiaLabel->setObjectName(u"noAmnesiaLabel"_s);
    m_amnesiaTree = new QTreeWidget(m_amnesiaBox);
    m_amnesiaTree->setObjectName(u"amnesiaTree"_s);
    m_amnesiaTree->setRootIsDecorated(false);
    m_amnesiaTree->setColumnCount(7);
    m_amnesiaTree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    amnesia->addWidget(m_noAmnesiaLabel);
    amnesia->addWidget(m_amnesiaTree);
    layout->addWidget(m_amnesiaBox, 1);

    connect(m_pollButton, &QPushButton::clicked, this, &FleetView::pollNow);
    connect(m_staleSpin, &QSpinBox::valueChanged, this,
            [this](int minutes) { m_fleet->setStaleAfter(std::chrono::minutes(minutes)); });
    connect(m_largeFontsCheck, &QCheckBox::toggled, this, &FleetView::setLargeFonts);
    connect(m_fleet, &FleetModel::updated, this, [this] {
        refreshAmnesia();
        refreshSummary();
    });
    // A license appearing for the first time opens, so its replicas are in view at once.
    connect(m_fleet->countersModel(), &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parentIndex, int first, int last) {
                if (parentIndex.isValid())
                    return;
                for (int row = first; row <= last; ++row)
                    m_countersTree->expand(m_fleet->countersModel()->index(row, 0));
            });

    retranslateUi();
    setPollInterval(15s);
}

FleetView::~FleetView() = default;

void FleetView::setPollInterval(std::chrono::milliseconds interval)
{
    m_fleet->setPollInterval(interval);
}

void FleetView::setLargeFonts(bool large)
{
    if (m_largeFontsCheck->isChecked() != large)
        m_largeFontsCheck->setChecked(large);
    QFont base = font();
    base.setPointSizeF(large ? 16 : 10);
    setFont(base);
}

void FleetView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        m_fleet->retranslate();
    }
    QWidget::changeEvent(event);
}

void FleetView::retranslateUi()
{
    m_pollButton->setText(tr("Poll now"));
    m_staleCaption->setText(tr("Stale after:"));
    m_staleSpin->setSuffix(tr(" min"));
    m_largeFontsCheck->setText(tr("Large fonts"));
    m_serversBox->setTitle(tr("Servers"));
    m_countersBox->setTitle(tr("Counters per license, merged from every server"));
    m_legendLabel->setText(tr("Each total is merged with the G-Counter rule: for each replica the largest count "
                              "any server reported, then the sum. A repeated or late poll never adds anything. "
                              "Replicas in amber italics are stale: nothing has shown them alive lately."));
    m_amnesiaBox->setTitle(tr("Amnesia"));
    m_noAmnesiaLabel->setText(tr("No server reported a replica that forgot its counts."));
    m_amnesiaTree->setHeaderLabels(
        {tr("Replica"), tr("License"), tr("Counter"), tr("Held"), tr("Reported"), tr("When"), tr("Reported by")});
    refreshAmnesia();
    refreshSummary();
}

void FleetView::refreshAmnesia()
{
    const QList<FleetAmnesiaReport> &reports = m_fleet->amnesia();
    m_noAmnesiaLabel->setVisible(reports.isEmpty());
    m_amnesiaTree->setVisible(!reports.isEmpty());
    if (m_amnesiaTree->topLevelItemCount() == reports.size())
        return; // reports are only ever appended
    for (qsizetype i = m_amnesiaTree->topLevelItemCount(); i < reports.size(); ++i) {
        const FleetAmnesiaReport &report = reports.at(i);
        auto *item = new QTreeWidgetItem(m_amnesiaTree);
        item->setText(0, report.record.replicaId.left(8) + u"…"_s);
        item->setToolTip(0, report.record.replicaId);
        item->setText(1, report.record.licenseId);
        item->setText(2, report.record.counter);
        item->setText(3, QString::number(report.record.held));
        item->setText(4, QString::number(report.record.reported));
        item->setText(5, formatTimestamp(report.record.at));
        item->setText(6, report.reportedBy.left(8) + u"…"_s);
        item->setToolTip(6, report.reportedBy);
    }
}

void FleetView::refreshSummary()
{
    // Counted in the words of the health view above: a server that answers 503 answers, so
    // "Servers answering: 0 of 3" beside "3 answer but cannot reach the database" read as a
    // contradiction (walk 48, finding 2). What this block needs is their statistics.
    int answered = 0;
    int withErrors = 0;
    for (const FleetServerStatus &server : m_fleet->servers()) {
        answered += server.state == FleetServerStatus::State::Answered ? 1 : 0;
        withErrors += server.state == FleetServerStatus::State::Failed && !server.serverSaid.isEmpty() ? 1 : 0;
    }
    QString text = tr("Servers with usage statistics: %1 of %2").arg(answered).arg(m_fleet->servers().size());
    if (withErrors > 0)
        text += tr("; %n answer(s) with an error", nullptr, withErrors);
    m_summaryLabel->setText(text);
}

void FleetView::pollNow()
{
    m_fleet->pollAll();
    m_fleet->refresh();
}

} // namespace keyright
