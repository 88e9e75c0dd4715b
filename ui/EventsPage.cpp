#include "EventsPage.h"

#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "DisputePanel.h"
#include "EventCsv.h"
#include "EventFilterProxyModel.h"
#include "Icons.h"
#include "LedgerSentence.h"
#include "WholeFile.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimeZone>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The Event column of a folded row elides the kind, never its count: "holder bl… ×18", where the
// plain elision left "holder blocked …" and lost how many attempts the row stands for.
class KindDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        const int count = index.data(EventFilterProxyModel::FoldCountRole).toInt();
        const std::optional<EventKind> kind = eventKindFromWire(index.data(EventLogModel::KindRole).toString());
        if (count > 1 && kind) {
            // The width the style writes the text in, as it elides it (its margins off).
            const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
            const int width = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).width() - 2 * margin;
            const QFontMetrics &metrics = opt.fontMetrics;
            // The kind shortened until the style would not elide the whole (the pieces measured
            // apart are a little narrower than together).
            const QString label = EventLogModel::kindLabel(*kind);
            int room = width - metrics.horizontalAdvance(EventFilterProxyModel::foldedKind(QString(), count));
            while (room > 0 && metrics.elidedText(opt.text, Qt::ElideRight, width) != opt.text) {
                opt.text = EventFilterProxyModel::foldedKind(metrics.elidedText(label, Qt::ElideRight, room), count);
                room -= std::max(1, metrics.averageCharWidth() / 2);
            }
        }
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    }
};

} // namespace

EventsPage::EventsPage(DashboardSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_proxy(new EventFilterProxyModel(this))
    , m_license(new QComboBox(this))
    , m_holder(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_useFrom(new QCheckBox(this))
    , m_from(new QDateTimeEdit(this))
    , m_useTo(new QCheckBox(this))
    , m_to(new QDateTimeEdit(this))
    , m_export(new QPushButton(keyrightIcon(u"export"_s), QString(), this))
    , m_count(new QLabel(this))
    , m_licenseLabel(new QLabel(this))
    , m_holderLabel(new QLabel(this))
    , m_kindLabel(new QLabel(this))
    , m_table(new QTableView(this))
    , m_dispute(new DisputePanel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_empty(new QLabel(this))
{
    m_table->setObjectName(u"eventsTable"_s);
    m_license->setObjectName(u"eventLicenseFilter"_s);
    m_kind->setObjectName(u"eventKindFilter"_s);
    m_holder->setObjectName(u"eventHolderFilter"_s);
    m_proxy->setSourceModel(&session.events());
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->sortByColumn(EventLogModel::TimeColumn, Qt::DescendingOrder);
    // Per pixel, so a row kept in place while others arrive above it stays exactly where it was.
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->viewport()->setMouseTracking(true);
    m_table->viewport()->installEventFilter(this);
    m_table->setItemDelegateForColumn(EventLogModel::KindColumn, new KindDelegate(m_table));
    QHeaderView *h = m_table->horizontalHeader();
    h->setStretchLastSection(true);
    h->setHighlightSections(false);
    const QList<QPair<int, int>> widths {{EventLogModel::TimeColumn, 150},    {EventLogModel::KindColumn, 120},
                                         {EventLogModel::LicenseColumn, 110}, {EventLogModel::HolderColumn, 150},
                                         {EventLogModel::SeatColumn, 80},     {EventLogModel::ActorColumn, 130}};
    for (const auto &[column, width] : widths)
        h->resizeSection(column, width);

    m_holder->setClearButtonEnabled(true);
    // Wide enough for the placeholder in every language, and the license names in full.
    m_license->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(u"yyyy-MM-dd HH:mm"_s);
        edit->setEnabled(false);
    }
    followNow();
    m_empty->setObjectName(u"eventsEmpty"_s);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setStyleSheet(u"color: palette(mid); padding: 24px;"_s);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_licenseLabel);
    filters->addWidget(m_license);
    filters->addWidget(m_holderLabel);
    filters->addWidget(m_holder, 1);
    filters->addStretch(1);
    filters->addWidget(m_count);
    filters->addWidget(m_export);
    // The kind of event and the time range on a line of their own: in French one line of every
    // filter is wider than 1280 px, and at 1280x720 and 150 % (853 px) even two of them were too
    // wide for their labels, which then overlapped the fields ("Événement :" over the holder).
    auto *range = new QHBoxLayout;
    range->addWidget(m_kindLabel);
    range->addWidget(m_kind);
    range->addWidget(m_useFrom);
    range->addWidget(m_from);
    range->addWidget(m_useTo);
    range->addWidget(m_to);
    range->addStretch(1);
    for (QWidget *w :
         {static_cast<QWidget *>(m_license), static_cast<QWidget *>(m_kind), static_cast<QWidget *>(m_holder)})
        w->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Fixed);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table, 1);
    leftLayout->addWidget(m_empty, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_dispute);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_clampRestoredSplit = false; });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(filters);
    layout->addLayout(range);
    layout->addWidget(m_splitter, 1);

    connect(m_license, &QComboBox::currentIndexChanged, this, &EventsPage::applyFilters);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &EventsPage::applyFilters);
    connect(m_holder, &QLineEdit::textChanged, this, &EventsPage::applyFilters);
    connect(m_useFrom, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_useTo, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    for (QCheckBox *box : {m_useFrom, m_useTo})
        connect(box, &QCheckBox::toggled, this, &EventsPage::applyFilters);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, [this] {
            if (!m_settingRange)
                m_rangeEdited = true;
            applyFilters();
        });
    }
    connect(&session, &DashboardSession::polled, this, &EventsPage::followNow);
    connect(m_export, &QPushButton::clicked, this, &EventsPage::exportWithDialog);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &EventsPage::selectionChanged);
    connect(&m_session, &DashboardSession::currentRulesChanged, this, [this](const QString &licenseId) {
        if (m_dispute->dispute().isValid() && m_dispute->dispute().licenseId == licenseId)
            explainSelection();
    });
    // A poll that brings the next attempt of the selected run: the row stays selected (the proxy
    // maps a run to its first attempt) and in its place, and the panel explains the new attempt.
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, this, &EventsPage::captureAnchor);
    connect(m_proxy, &QAbstractItemModel::rowsAboutToBeRemoved, this, &EventsPage::captureAnchor);
    connect(m_proxy, &QAbstractItemModel::layoutAboutToBeChanged, this, &EventsPage::captureAnchor);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &EventsPage::restoreAnchor);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &EventsPage::restoreAnchor);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &EventsPage::restoreAnchor);
    connect(m_proxy, &QAbstractItemModel::dataChanged, this, &EventsPage::followSelection);
    // A reset of the events is another connection (DashboardSession::connectTo, disconnect): the
    // view drops its selection without a word, so the panel is cleared here.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &EventsPage::forgetSelection);
    connect(&session, &DashboardSession::clientChanged, this, &EventsPage::forgetSelection);
    // Earlier events loaded for a wider range: the selected denial is explained again with them.
    connect(&session, &DashboardSession::earlierEventsLoaded, this, &EventsPage::explainSelection);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &EventsPage::followSelection);
    connect(&session.licenses(), &QAbstractItemModel::rowsInserted, this, &EventsPage::refreshLicenses);
    connect(&session.licenses(), &QAbstractItemModel::rowsRemoved, this, &EventsPage::refreshLicenses);
    connect(&session.licenses(), &QAbstractItemModel::modelReset, this, &EventsPage::refreshLicenses);
    const auto updateCount = [this] {
        m_count->setText(tr("%n event(s)", nullptr, m_proxy->rowCount()));
        updateEmpty();
    };
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, updateCount);
    retranslate();
}

void EventsPage::refreshLicenses()
{
    const QString current = m_license->currentData().toString();
    QSignalBlocker block(m_license);
    while (m_license->count() > 1)
        m_license->removeItem(1);
    QStringList ids = m_session.licenses().licenseIds();
    std::sort(ids.begin(), ids.end());
    for (const QString &id : std::as_const(ids))
        m_license->addItem(id, id);
    const int index = m_license->findData(current);
    m_license->setCurrentIndex(index < 0 ? 0 : index);
}

void EventsPage::applyFilters()
{
    m_proxy->setLicenseFilter(m_license->currentData().toString());
    m_proxy->setHolderFilter(m_holder->text().trimmed());
    m_proxy->setKindFilter(m_kind->currentData().value<QList<EventKind>>());
    const QDateTime since = m_useFrom->isChecked() ? m_from->dateTime().toUTC() : QDateTime();
    const QDateTime until = m_useTo->isChecked() ? m_to->dateTime().toUTC() : QDateTime();
    m_proxy->setTimeRange(since, until);
    // A range older than what was loaded at connection: fetch the rest from the server.
    if (since.isValid())
        m_session.loadEarlierEvents(since);
    m_count->setText(tr("%n event(s)", nullptr, m_proxy->rowCount()));
    updateEmpty();
}

void EventsPage::followNow()
{
    if (m_rangeEdited)
        return;
    const QDateTime now = m_session.serverClock().now().toLocalTime();
    m_settingRange = true;
    m_from->setDateTime(now.addSecs(-3600));
    m_to->setDateTime(now);
    m_settingRange = false;
}

void EventsPage::updateEmpty()
{
    const bool empty = m_proxy->rowCount() == 0;
    m_table->setVisible(!empty);
    m_empty->setVisible(empty);
    if (!empty)
        return;
    // Nothing loaded says since when: the dashboard loads the last day's events (and earlier ones
    // for a range that asks), so an older log is not "nothing on this server".
    if (m_session.events().rowCount() == 0 && !m_session.eventsLoaded())
        m_empty->setText(tr("Loading the events…"));
    else if (m_session.events().rowCount() == 0)
        m_empty->setText(tr("No events on this server since %1.")
                             .arg(m_session.eventsLoadedSince().toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s)));
    else
        m_empty->setText(noMatchText());
}

QString EventsPage::noMatchText() const
{
    // The advice names the filters that are narrowing the list, and only those.
    QStringList ways;
    if (!m_proxy->licenseFilter().isEmpty())
        ways << tr("pick \"All licenses\"");
    if (!m_proxy->holderFilter().isEmpty())
        ways << tr("clear the holder");
    if (!m_proxy->kindFilter().isEmpty())
        ways << tr("pick \"All events\"");
    if (m_proxy->since().isValid() || m_proxy->until().isValid())
        ways << tr("widen the time range");
    if (ways.isEmpty())
        return tr("No event matches these filters.");
    const QString last = ways.takeLast();
    const QString all = ways.isEmpty() ? last : tr("%1 or %2").arg(ways.join(tr(", ")), last);
    return tr("No event matches these filters. To see more: %1.").arg(all);
}

void EventsPage::setTimeRange(const QDateTime &since, const QDateTime &until)
{
    m_rangeEdited = m_rangeEdited || since.isValid() || until.isValid();
    m_settingRange = true;
    if (since.isValid())
        m_from->setDateTime(since.toLocalTime());
    if (until.isValid())
        m_to->setDateTime(until.toLocalTime());
    m_settingRange = false;
    m_useFrom->setChecked(since.isValid());
    m_useTo->setChecked(until.isValid());
    applyFilters();
}

bool EventsPage::selectEvent(qint64 seq)
{
    // An attempt folded into a run selects the run's row.
    const QModelIndex index = m_proxy->indexOfEvent(m_session.events().rowOfSeq(seq));
    if (!index.isValid())
        return false;
    m_table->selectRow(index.row());
    m_table->scrollTo(index);
    return true;
}

void EventsPage::selectionChanged()
{
    holdRuns();
    explainSelection();
}

void EventsPage::followSelection()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int sourceRow = rows.isEmpty() ? -1 : m_proxy->eventRow(rows.first());
    const qint64 seq = sourceRow < 0 ? 0 : m_session.events().eventAt(sourceRow).seq;
    if (seq != m_explained)
        explainSelection();
}

void EventsPage::explainSelection()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int sourceRow = rows.isEmpty() ? -1 : m_proxy->eventRow(rows.first());
    if (sourceRow < 0) {
        m_explained = 0;
        m_ledgerSeq = 0;
        m_dispute->clear();
        return;
    }
    const EventRecord &e = m_session.events().eventAt(sourceRow);
    m_explained = e.seq;
    if (e.kind != EventKind::Denied && e.kind != EventKind::HolderBlocked) {
        m_ledgerSeq = 0;
        // Read whole, as the row shows it (the table's columns, by their headers).
        const EventLogModel &model = m_session.events();
        QStringList facts;
        for (const int column :
             {int(EventLogModel::TimeColumn), int(EventLogModel::LicenseColumn), int(EventLogModel::HolderColumn),
              int(EventLogModel::SeatColumn), int(EventLogModel::ActorColumn)}) {
            const QString value = model.index(sourceRow, column).data().toString();
            if (!value.isEmpty())
                facts << tr("%1: %2", "a column of the selected event and its value")
                             .arg(model.headerData(column, Qt::Horizontal).toString().toHtmlEscaped(),
                                  value.toHtmlEscaped());
        }
        if (e.kind == EventKind::BorrowDenied) {
            // Which laptops the refusal was up against, as the events replay them (walk 53: the
            // panel gave the numbers only, and support had to look for the seats elsewhere).
            QStringList away;
            for (const DisputeSeat &seat : DisputeReconstruction::borrowedAt(e, model.events())) {
                const QString until
                    = borrowEndText(seat.expiresAt, m_session.serverClock().now(), QTimeZone::systemTimeZone());
                // A holder never wraps inside ("alice@laptop-" / "a" read as two holders; walk 55).
                const QString holder
                    = u"<span style=\"white-space:nowrap\">%1</span>"_s.arg(seat.holder.toHtmlEscaped());
                away << (seat.writtenOff ? tr("%1 (written off, counted until %2)") : tr("%1 (until %2)"))
                            .arg(holder, until.toHtmlEscaped());
            }
            facts << (away.isEmpty() ? tr("Borrowed then: none in the events this dashboard has loaded.")
                                     : tr("Borrowed then: %1.").arg(locale().createSeparatedList(away)));
        }
        m_dispute->showEventDetails(EventLogModel::kindLabel(e.kind), EventLogModel::describeDetail(e),
                                    facts.join(u"<br>"_s));
        // Who held the seats on site too (walk 55: a borrow refused by the seat rules named the
        // laptops away and nobody else), from the server's history, as for a denied checkout.
        if (e.kind == EventKind::BorrowDenied)
            askLedger(e);
        return;
    }
    // The rules at the denial are the license's current ones unless a change is in the events;
    // for a license the Seats page does not list, they are asked for and the panel redrawn.
    const std::optional<CurrentSeatRules> current = m_session.currentRules(e.licenseId);
    if (!current)
        m_session.fetchCurrentRules(e.licenseId);
    m_dispute->showDispute(DisputeReconstruction::reconstruct(e, m_session.events().events(), false, current));
    // Asked for once per denial: the panel keeps the ledger while the same denial is explained.
    if (m_ledgerSeq != e.seq)
        askLedger(e);
}

void EventsPage::askLedger(const EventRecord &e)
{
    // Every seat at that moment, idle ones included, as the server's history tells it, shown when
    // it comes if the event is still the one explained.
    m_ledgerSeq = e.seq;
    m_dispute->showLedger(std::nullopt);
    if (AdminClient *client = m_session.client()) {
        const qint64 seq = e.seq;
        client->ledger(e.licenseId, LedgerQuery {e.time, std::nullopt}, this,
                       [this, seq](const AdminResult<LedgerReport> &result) {
                           if (seq == m_ledgerSeq && result.ok())
                               m_dispute->showLedger(*result.value);
                       });
    }
}

void EventsPage::forgetSelection()
{
    m_anchor = QPersistentModelIndex();
    m_table->clearSelection();
    m_proxy->setHeldRuns({});
    m_explained = 0;
    m_ledgerSeq = 0;
    m_dispute->clear();
}

QModelIndex EventsPage::rowUnderPointer() const
{
    return m_pointerIn ? m_table->indexAt(m_pointer) : QModelIndex();
}

void EventsPage::holdRuns()
{
    // A run is held by its first attempt, the event its row is mapped to.
    const auto firstSeq
        = [this](const QModelIndex &row) { return m_session.events().eventAt(m_proxy->mapToSource(row).row()).seq; };
    QList<qint64> runs;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        runs << firstSeq(rows.first());
    const QModelIndex pointed = rowUnderPointer();
    if (pointed.isValid())
        runs << firstSeq(pointed);
    m_proxy->setHeldRuns(runs);
}

void EventsPage::captureAnchor()
{
    if (m_anchorPending && m_anchor.isValid())
        return;
    m_anchorPending = false;
    m_anchor = QPersistentModelIndex();
    QModelIndex row = rowUnderPointer();
    if (!row.isValid()) {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        row = rows.isEmpty() ? QModelIndex() : rows.first();
    }
    if (!row.isValid() || !m_table->isVisible())
        return;
    const QRect rect = m_table->visualRect(row);
    if (!rect.intersects(m_table->viewport()->rect()))
        return;
    m_anchor = row;
    m_anchorY = rect.top();
}

void EventsPage::restoreAnchor()
{
    if (!m_anchor.isValid())
        return;
    const QModelIndex row = m_anchor;
    m_table->doItemsLayout(); // the scroll range with the new rows
    QScrollBar *bar = m_table->verticalScrollBar();
    const int wanted = bar->value() + m_table->visualRect(row).top() - m_anchorY;
    bar->setValue(wanted);
    // A run moving to its new place leaves the table and comes back: while it is out, the rows
    // above the anchor may be too few to keep it in place (the list at its top), and the scroll
    // bar stops at 0. The anchor waits for the rows that come back instead of being taken again
    // where the list stopped, which moved the row under the pointer as it was clicked.
    m_anchorPending = wanted != bar->value();
    if (m_anchorPending) {
        QTimer::singleShot(0, this, [this] { m_anchorPending = false; });
        return;
    }
    m_anchor = QPersistentModelIndex();
}

bool EventsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport()) {
        switch (event->type()) {
        case QEvent::MouseMove:
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease: {
            const QModelIndex before = rowUnderPointer();
            m_pointer = static_cast<QMouseEvent *>(event)->position().toPoint();
            m_pointerIn = true;
            if (rowUnderPointer().row() != before.row())
                holdRuns();
            break;
        }
        case QEvent::Leave:
            m_pointerIn = false;
            holdRuns();
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool EventsPage::exportCsv(const QString &path, QString *error, int *rowsWritten) const
{
    // What the filters let through, oldest first, whatever the sort on screen; every attempt of a
    // folded run, since a spreadsheet counts rows.
    const QList<int> rows = m_proxy->acceptedSourceRows(true);
    QList<EventRecord> events;
    events.reserve(rows.size());
    for (int r : std::as_const(rows))
        events << m_session.events().eventAt(r);
    if (!WholeFile::save(
            path, [&events](QIODevice &device, QString *why) { return EventCsv::write(device, events, why); }, error))
        return false;
    if (rowsWritten)
        *rowsWritten = int(events.size());
    return true;
}

void EventsPage::exportWithDialog()
{
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export events"), u"keyright-events.csv"_s, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    exportTo(path);
}

void EventsPage::exportTo(const QString &path)
{
    QString error;
    int rows = 0;
    if (!exportCsv(path, &error, &rows)) {
        QMessageBox::warning(this, tr("Export events"), tr("Could not write %1: %2").arg(path, error));
        return;
    }
    // The count reuses the "%n event(s)" of the counter above the table, whose plural forms exist.
    Q_EMIT statusMessage(
        tr("Exported %1 to %2.").arg(tr("%n event(s)", nullptr, rows), QDir::toNativeSeparators(path)));
}

void EventsPage::saveState(DashboardSettings &settings) const
{
    settings.setValue(DashboardSettings::eventsSplitter, m_splitter->saveState());
    settings.setValue(DashboardSettings::eventsHeader, m_table->horizontalHeader()->saveState());
}

void EventsPage::restoreState(const DashboardSettings &settings)
{
    m_splitChosen = m_splitter->restoreState(settings.value(DashboardSettings::eventsSplitter));
    m_clampRestoredSplit = m_splitChosen;
    m_table->horizontalHeader()->restoreState(settings.value(DashboardSettings::eventsHeader));
    fitKindColumn();
    fitSplit();
}

void EventsPage::fitKindColumn()
{
    // The Event column holds every kind whole in this language: "bascule de la ba…" was cut in
    // French (walk 47). Only widened, so a larger width the person chose stays.
    const QFontMetrics metrics = m_table->fontMetrics();
    int kindWidth = 0;
    for (const EventKind kind : allEventKinds())
        kindWidth = std::max(kindWidth, metrics.horizontalAdvance(EventLogModel::kindLabel(kind)));
    kindWidth += 2 * metrics.averageCharWidth() + 2 * m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin);
    if (m_table->horizontalHeader()->sectionSize(EventLogModel::KindColumn) < kindWidth)
        m_table->horizontalHeader()->resizeSection(EventLogModel::KindColumn, kindWidth);
}

void EventsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fitSplit();
}

void EventsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitSplit();
}

void EventsPage::fitSplit()
{
    // The table is what is read here; the dispute panel explains one denial beside it. The
    // splitter shared by size hints gave the empty panel two thirds of the page at 1280x720 and
    // 150 %, the table then showing only its Time and Event columns (walk 150).
    const int total = m_splitter->width() - m_splitter->handleWidth();
    if (!isVisible() || total <= 0)
        return;
    const int panelLeast = std::max(m_dispute->minimumWidth(), m_dispute->minimumSizeHint().width());
    // A third of a wide page, less of a narrow one (1280x720 at 150 %): the table's Time, Event,
    // License and Holder in view beside the panel.
    const int panelShare = std::max(panelLeast, total < 1000 ? total * 3 / 10 : total / 3);
    if (!m_splitChosen) {
        m_splitChosen = true;
        m_splitter->setSizes({total - panelShare, panelShare});
        return;
    }
    if (!m_clampRestoredSplit)
        return;
    const QList<int> sizes = m_splitter->sizes();
    if (sizes.size() != 2)
        return;
    // A split restored from a larger window gives the panel no more than that share: at 55 % for
    // the table, the panel's "Select a denied event…" took half of the page at 1280x720 and 150 %
    // (walk 47). Moving the handle chooses any split.
    const int table
        = std::clamp(sizes.at(0), std::min(total - panelShare, total - panelLeast), std::max(0, total - panelLeast));
    if (table != sizes.at(0))
        m_splitter->setSizes({table, total - table});
}

void EventsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void EventsPage::retranslate()
{
    m_licenseLabel->setText(tr("License:"));
    m_holderLabel->setText(tr("Holder:"));
    m_kindLabel->setText(tr("Event:"));
    m_holder->setPlaceholderText(tr("any holder"));
    m_holder->setMinimumWidth(m_holder->fontMetrics().horizontalAdvance(m_holder->placeholderText()) + 48);
    m_holder->setMaximumWidth(std::max(200, m_holder->minimumWidth()));
    m_useFrom->setText(tr("From"));
    m_useTo->setText(tr("to"));
    m_export->setText(tr("Export CSV…"));
    m_export->setToolTip(tr("Save the events the filters show as a CSV file"));

    const int kindIndex = std::max(0, m_kind->currentIndex());
    QSignalBlocker blockKind(m_kind);
    m_kind->clear();
    using K = EventKind;
    const auto kinds = [](QList<EventKind> list) { return QVariant::fromValue(list); };
    m_kind->addItem(tr("All events"), kinds({}));
    // Every refused checkout, a blocked holder's too: the Details column and the dispute panel
    // say what refused it.
    m_kind->addItem(tr("Denials"), kinds(denialKinds()));
    m_kind->addItem(tr("Grants"), kinds({K::Granted}));
    m_kind->addItem(tr("Releases"), kinds({K::Released}));
    m_kind->addItem(tr("Revocations and blocks"), kinds({K::Revoked, K::HolderBlocked}));
    m_kind->addItem(tr("Reaps and refused renewals"), kinds({K::Reaped, K::RenewRefused}));
    m_kind->addItem(tr("Seats changing hands"),
                    kinds({K::Granted, K::Denied, K::HolderBlocked, K::Released, K::Revoked, K::Reaped, K::SeatBorrowed,
                           K::BorrowReturned}));
    // A laptop's seat from its borrow to its return or write-off, and the borrows refused.
    m_kind->addItem(tr("Borrowing"), kinds({K::SeatBorrowed, K::BorrowReturned, K::BorrowWrittenOff, K::BorrowDenied}));
    m_kind->addItem(tr("License changes"), kinds({K::LicenseCreated, K::LicenseUpdated, K::KeyRotated}));
    m_kind->setCurrentIndex(kindIndex);

    QSignalBlocker blockLicense(m_license);
    if (m_license->count() == 0)
        m_license->addItem(tr("All licenses"), QString());
    else
        m_license->setItemText(0, tr("All licenses"));
    m_count->setText(tr("%n event(s)", nullptr, m_proxy->rowCount()));
    updateEmpty();

    fitKindColumn();
    // The selected event, read whole, in the new language.
    if (m_explained != 0)
        explainSelection();
}

} // namespace keyright
