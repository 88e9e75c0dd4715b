#include "HolderTimelineDialog.h"

#include "DashboardSession.h"
#include "HolderTimelineModel.h"
#include "HolderTimelineStrip.h"
#include "ScreenFit.h"
#include "StatePalette.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright {

HolderTimelineDialog::HolderTimelineDialog(DashboardSession &session, const QString &holder, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_model(new HolderTimelineModel(this))
    , m_holderLabel(new QLabel(this))
    , m_holder(new QLineEdit(holder, this))
    , m_allMachines(new QCheckBox(this))
    , m_rangeLabel(new QLabel(this))
    , m_range(new QComboBox(this))
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_show(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_strip(new HolderTimelineStrip(*m_model, this))
    , m_table(new QTableView(this))
    , m_close(new QPushButton(this))
{
    setObjectName(u"holderTimelineDialog"_s);
    m_holder->setObjectName(u"timelineHolder"_s);
    m_allMachines->setObjectName(u"timelineAllMachines"_s);
    m_range->setObjectName(u"timelineRange"_s);
    m_show->setObjectName(u"timelineShow"_s);
    m_status->setObjectName(u"timelineStatus"_s);
    m_table->setObjectName(u"timelineTable"_s);
    m_holderLabel->setBuddy(m_holder);
    m_rangeLabel->setBuddy(m_range);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
        edit->setCalendarPopup(true);
    }
    for (int i = 0; i <= int(Range::Custom); ++i)
        m_range->addItem(QString(), i);
    m_range->setCurrentIndex(int(Range::Last24Hours));

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnHidden(HolderTimelineModel::HolderColumn, true);

    auto *strip = new QScrollArea(this);
    strip->setWidget(m_strip);
    strip->setWidgetResizable(true);
    strip->setFrameShape(QFrame::NoFrame);

    auto *form = new QGridLayout;
    form->addWidget(m_holderLabel, 0, 0);
    form->addWidget(m_holder, 0, 1, 1, 3);
    form->addWidget(m_allMachines, 0, 4, 1, 2);
    form->addWidget(m_rangeLabel, 1, 0);
    form->addWidget(m_range, 1, 1);
    form->addWidget(m_from, 1, 2);
    form->addWidget(m_to, 1, 3);
    form->addWidget(m_show, 1, 4);
    form->setColumnStretch(1, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(strip);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    // Enter in the holder field reads the timeline, not the dialog's default button.
    m_show->setDefault(true);
    m_show->setAutoDefault(true);
    m_close->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_show, &QPushButton::clicked, this, &HolderTimelineDialog::reload);
    connect(m_range, &QComboBox::activated, this, &HolderTimelineDialog::rangeChosen);
    connect(m_allMachines, &QCheckBox::toggled, this, &HolderTimelineDialog::reload);
    connect(m_model, &HolderTimelineModel::stateChanged, this, &HolderTimelineDialog::updateStatus);
    // The time, holder and license read whole; the sentence takes the rest.
    connect(m_model, &HolderTimelineModel::loaded, this, [this] {
        for (int column :
             {HolderTimelineModel::TimeColumn, HolderTimelineModel::HolderColumn, HolderTimelineModel::LicenseColumn})
            m_table->resizeColumnToContents(column);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HolderTimelineDialog::tableSelectionChanged);
    connect(m_strip, &HolderTimelineStrip::clicked, this, &HolderTimelineDialog::stripClicked);

    retranslate();
    // Within the screen: at 1280x720 and 150 % a fixed 900x600 put Close off it (walk 26).
    resizeWithinScreen(this, QSize(900, 600));
    setRange(Range::Last24Hours);
    if (holder.isEmpty())
        m_holder->setFocus();
    else
        m_table->setFocus();
}

HolderTimelineDialog::~HolderTimelineDialog() = default;

void HolderTimelineDialog::retranslate()
{
    setWindowTitle(tr("Holder's timeline"));
    m_holderLabel->setText(tr("&Holder:"));
    m_holder->setPlaceholderText(tr("user@machine, as the holders table shows it"));
    m_allMachines->setText(tr("&All machines of this user"));
    m_allMachines->setToolTip(tr("Every holder whose label starts with the same user before the @"));
    m_rangeLabel->setText(tr("&Range:"));
    m_range->setItemText(int(Range::LastHour), tr("Last hour"));
    m_range->setItemText(int(Range::Last24Hours), tr("Last 24 hours"));
    m_range->setItemText(int(Range::Today), tr("Today"));
    m_range->setItemText(int(Range::Last7Days), tr("Last 7 days"));
    m_range->setItemText(int(Range::Custom), tr("Custom"));
    m_show->setText(tr("&Show"));
    m_close->setText(tr("Close"));
    m_strip->setToolTip(tr("One lane per seat, in this computer's local time. Click a moment to find its event."));
    updateStatus();
}

void HolderTimelineDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void HolderTimelineDialog::setRange(Range range)
{
    m_range->setCurrentIndex(int(range));
    rangeChosen();
}

void HolderTimelineDialog::setCustomRange(const QDateTime &from, const QDateTime &until)
{
    m_range->setCurrentIndex(int(Range::Custom));
    m_from->setDateTime(from.toLocalTime());
    m_to->setDateTime(until.toLocalTime());
    rangeChosen();
}

void HolderTimelineDialog::rangeChosen()
{
    const auto range = Range(m_range->currentData().toInt());
    const bool custom = range == Range::Custom;
    m_from->setEnabled(custom);
    m_to->setEnabled(custom);
    if (!custom) {
        // "Now" is the server's: the events carry its times.
        const QDateTime now = m_session.serverClock().now().toLocalTime();
        QDateTime from;
        switch (range) {
        case Range::LastHour:
            from = now.addSecs(-3600);
            break;
        case Range::Today:
            from = QDateTime(now.date(), QTime(0, 0), Qt::LocalTime);
            break;
        case Range::Last7Days:
            from = now.addDays(-7);
            break;
        case Range::Last24Hours:
        case Range::Custom:
            from = now.addDays(-1);
            break;
        }
        m_from->setDateTime(from);
        m_to->setDateTime(now);
    }
    reload();
}

void HolderTimelineDialog::reload()
{
    const QString holder = m_holder->text().trimmed();
    if (holder.isEmpty()) {
        updateStatus();
        return;
    }
    QDateTime from = m_from->dateTime().toUTC();
    QDateTime until = m_to->dateTime().toUTC();
    if (Range(m_range->currentData().toInt()) != Range::Custom) {
        // A preset reaches the server's now: an event of the last seconds is in it.
        until = std::max(until, m_session.serverClock().now().toUTC());
    } else {
        // The edits show minutes: the "to" minute is read whole.
        until = until.addSecs(59);
    }
    if (until < from)
        std::swap(from, until);
    m_table->setColumnHidden(HolderTimelineModel::HolderColumn, !m_allMachines->isChecked());
    m_model->load(m_session.client(), holder, m_allMachines->isChecked(), from, until);
}

QString HolderTimelineDialog::statusText() const
{
    return m_status->text();
}

void HolderTimelineDialog::updateStatus()
{
    const QString holder = m_holder->text().trimmed();
    QString text;
    StatePalette::Role role = StatePalette::Muted;
    if (holder.isEmpty()) {
        text = tr("Type a holder and press Show.");
    } else if (m_model->isLoading()) {
        text = tr("Reading the events of %1…").arg(holder);
        role = StatePalette::Pending;
    } else if (!m_model->errorText().isEmpty()) {
        text = tr("The events could not be read: %1").arg(m_model->errorText());
        role = StatePalette::Failed;
    } else if (m_model->from().isValid()) {
        const auto at = [](const QDateTime &t) { return t.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s); };
        text = tr("%n event(s)", nullptr, int(m_model->events().size())) + u", "_s
            + tr("%n seat(s) from %1 to %2 (local time).", nullptr, int(m_model->spans().size()))
                  .arg(at(m_model->from()), at(m_model->until()));
        if (m_model->isCut()) {
            text += u' '
                + tr("Only the first %n events were read: the range stops at the last of them; choose a shorter one.",
                     nullptr, HolderTimelineModel::maxPages * EventQuery::maxLimit);
            role = StatePalette::Pending;
        }
    }
    m_status->setText(text);
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText,
                 role == StatePalette::Muted ? palette().color(QPalette::WindowText)
                                             : StatePalette::colour(role, palette()));
    m_status->setPalette(pal);
}

void HolderTimelineDialog::tableSelectionChanged()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        m_strip->setHighlight({}, -1);
        return;
    }
    const int row = rows.first().row();
    m_strip->setHighlight(m_model->eventAt(row).time, m_model->laneOfRow(row));
}

void HolderTimelineDialog::stripClicked(const QDateTime &time, int lane)
{
    const int row = m_model->rowNearest(time, lane);
    if (row < 0)
        return;
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
}

} // namespace keyright
