#include "SeatsPage.h"

#include "ChartLegend.h"
#include "CountdownDelegate.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "DemoCatalogue.h"
#include "ElidedLabel.h"
#include "HolderSortProxy.h"
#include "LedgerBar.h"
#include "LicenseDetails.h"
#include "LongDate.h"
#include "QueueTableModel.h"
#include "SeatBarDelegate.h"
#include "SeatLedger.h"
#include "SeatRules.h"
#include "StatePalette.h"
#include "UsageChartView.h"

#include <QAbstractSeries>
#include <QApplication>
#include <QChart>
#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

void styleTable(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setSortingEnabled(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 12);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setStretchLastSection(false);
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    // Tab leaves the table for the next control (the ledger's Actions, the line); the arrows move
    // between cells.
    view->setTabKeyNavigation(false);
}

// Shortened with "…" (whole in its tooltip) rather than taking the room of the widgets beside it.
QLabel *titleLabel(QWidget *parent)
{
    auto *label = new ElidedLabel(parent);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    label->setFont(f);
    return label;
}

// The summary and the ledger over the holders: as tall as their lines where the page has room; on
// a short screen (1280x720 at 150 %) they give way down to a few lines and scroll, rather than
// make the window taller than the screen (walk 150: 1280x785 after the Events page).
class FittedScrollArea final : public QScrollArea
{
public:
    explicit FittedScrollArea(QWidget *parent)
        : QScrollArea(parent)
    {
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(true);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
        if (parent)
            parent->installEventFilter(this); // its height caps this one's (sizeHint())
    }

    QSize sizeHint() const override
    {
        const QWidget *content = widget();
        if (!content)
            return QScrollArea::sizeHint();
        const int width = std::max(viewport()->width(), content->minimumSizeHint().width());
        int height = content->hasHeightForWidth() ? content->heightForWidth(width) : content->sizeHint().height();
        // Never more than about two fifths of the column: the ledger's lines take two lines each
        // where they need them, and the holders keep their rows beneath (the rest scrolls).
        if (const QWidget *column = parentWidget(); column && column->height() > 0)
            height = std::min(height, std::max(column->height() * 2 / 5, 2 * fontMetrics().lineSpacing() + 8));
        return {content->sizeHint().width(), height + 2 * frameWidth()};
    }

    QSize minimumSizeHint() const override
    {
        // Two lines of text at least, or all of it when it is shorter.
        return {60, std::min(sizeHint().height(), 2 * fontMetrics().lineSpacing() + 8)};
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == widget() && event->type() == QEvent::LayoutRequest)
            updateGeometry();
        if (watched == parentWidget() && event->type() == QEvent::Resize
            && static_cast<QResizeEvent *>(event)->oldSize().height() != parentWidget()->height())
            updateGeometry();
        return QScrollArea::eventFilter(watched, event);
    }

    void resizeEvent(QResizeEvent *event) override
    {
        QScrollArea::resizeEvent(event);
        if (event->oldSize().width() != event->size().width())
            updateGeometry(); // the wrapped summary takes another height at another width
    }
};

// The real licenses first, whichever column and order they are sorted by: a simulator sandbox is
// training furniture (often full, its seats staged) and goes after them.
class LicenseSortProxy final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const bool leftSandbox = left.data(LicenseListModel::SandboxRole).toBool();
        const bool rightSandbox = right.data(LicenseListModel::SandboxRole).toBool();
        if (leftSandbox != rightSandbox) // descending order asks lessThan(right, left)
            return sortOrder() == Qt::AscendingOrder ? rightSandbox : leftSandbox;
        return QSortFilterProxyModel::lessThan(left, right);
    }
};

// A simulator sandbox's name (greyed and in italics by the model) after a "simulator" tag, which
// stays in view however narrow the column.
class LicenseNameDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static QString tag() { return SeatsPage::tr("simulator", "the tag of a simulator sandbox license"); }
    static QFont tagFont(const QFont &cellFont)
    {
        QFont font = cellFont;
        font.setItalic(false);
        font.setPointSizeF(font.pointSizeF() * 0.85);
        return font;
    }
    // The room the tag takes before the name.
    static int tagWidth(const QFont &cellFont) { return QFontMetrics(tagFont(cellFont)).horizontalAdvance(tag()) + 16; }
    // The words the cell shows: a sandbox's scenario, any other license's name.
    static QString shownName(const QModelIndex &index)
    {
        return index.data(LicenseListModel::SandboxRole).toBool()
            ? index.data(LicenseListModel::SandboxScenarioRole).toString()
            : index.data(Qt::DisplayRole).toString();
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!index.data(LicenseListModel::SandboxRole).toBool()) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.text.clear();
        const QWidget *widget = option.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        opt.text = shownName(index);
        const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(3, 0, -3, 0);
        const QFont small = tagFont(opt.font);
        const QFontMetrics tagMetrics(small);
        const int tagWide = tagWidth(opt.font) - 6;
        const int tagHeight = tagMetrics.height() + 2;
        const bool selected = opt.state & QStyle::State_Selected;
        const QColor pen = selected ? opt.palette.color(QPalette::HighlightedText) : opt.palette.color(QPalette::Text);
        painter->save();
        painter->setPen(pen);
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setBrush(Qt::NoBrush);
        const QRect tagRect(text.left(), text.center().y() - tagHeight / 2, tagWide, tagHeight);
        painter->drawRoundedRect(QRectF(tagRect).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        painter->setFont(small);
        painter->drawText(tagRect, Qt::AlignCenter, tag());
        // Every sandbox's name begins alike ("Simulator sandbox k3x9: "), which the tag already
        // says: the scenario shows ("11. The borrowed laptop's clock is turned back"), cut at its
        // end in a narrow column, and the tooltip has the whole name (walk 55, 2).
        const QRect rest(tagRect.right() + 7, text.top(), std::max(0, text.right() - tagRect.right() - 7),
                         text.height());
        painter->setFont(opt.font);
        painter->drawText(rest, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(opt.font).elidedText(shownName(index), Qt::ElideRight, rest.width()));
        painter->restore();
    }
};

} // namespace

SeatsPage::SeatsPage(DashboardSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_left(new QSplitter(Qt::Vertical, this))
    , m_licenses(new QTableView(this))
    , m_licensesProxy(new LicenseSortProxy(this))
    , m_chart(new UsageChartView(this))
    , m_chartLegend(new ChartLegend(this))
    , m_licensesTitle(titleLabel(this))
    , m_holdersTitle(titleLabel(this))
    , m_holdersSummary(new QLabel(this))
    , m_ledger(new LedgerBar(this))
    , m_filter(new QLineEdit(this))
    , m_holders(new QTableView(this))
    , m_holdersProxy(new HolderSortProxy(this))
    , m_empty(new QLabel(this))
    , m_legend(new QLabel(this))
    , m_legendButton(new QToolButton(this))
    , m_right(new QSplitter(Qt::Vertical, this))
    , m_lineTitle(titleLabel(this))
    , m_lineEmpty(new QLabel(this))
    , m_lineModel(new QueueTableModel(session.serverClock(), this))
    , m_lineProxy(new QSortFilterProxyModel(this))
    , m_line(new QTableView(this))
{
    m_licenses->setObjectName(u"licensesTable"_s);
    m_holders->setObjectName(u"holdersTable"_s);
    m_filter->setObjectName(u"holderFilter"_s);
    m_splitter->setObjectName(u"seatsSplitter"_s);

    m_licensesProxy->setSourceModel(&session.licenses());
    m_licensesProxy->setSortRole(LicenseListModel::SortRole);
    m_licenses->setModel(m_licensesProxy);
    styleTable(m_licenses);
    m_licenses->setSelectionMode(QAbstractItemView::ExtendedSelection);
    auto *seatBars = new SeatBarDelegate(LicenseListModel::InUseRole, LicenseListModel::SeatCountRole,
                                         LicenseListModel::ReservedIdleRole, LicenseListModel::BorrowedRole, this);
    seatBars->setStagedRole(LicenseListModel::SandboxRole);
    m_licenses->setItemDelegateForColumn(LicenseListModel::SeatsColumn, seatBars);
    m_licenses->setItemDelegateForColumn(LicenseListModel::NameColumn, new LicenseNameDelegate(this));
    m_licenses->sortByColumn(LicenseListModel::NameColumn, Qt::AscendingOrder);
    QHeaderView *lh = m_licenses->horizontalHeader();
    // No column stretches: a stretched name was squeezed to "…" first in a narrow window (the one
    // column that says which license it is), a stretched last column to "Den". The name takes
    // what the others leave, never less than the names need; the table scrolls sideways first.
    m_licenses->viewport()->installEventFilter(this);
    connect(lh, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != LicenseListModel::NameColumn)
            spreadLicenseColumns();
    });
    lh->resizeSection(LicenseListModel::SeatsColumn, 140);
    fitLicenseColumns(false);
    connect(m_licensesProxy, &QAbstractItemModel::rowsInserted, this, [this] { fitLicenseColumns(true); });
    connect(m_licensesProxy, &QAbstractItemModel::modelReset, this, [this] { fitLicenseColumns(true); });
    m_licenses->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_holdersProxy->setSourceModel(&session.leases());
    m_holdersProxy->setSortRole(LeaseTableModel::SortRole);
    m_holdersProxy->setFilterKeyColumn(-1);
    m_holdersProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_holders->setModel(m_holdersProxy);
    styleTable(m_holders);
    m_holders->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_holders->setItemDelegateForColumn(LeaseTableModel::CountdownColumn,
                                        new CountdownDelegate(LeaseTableModel::RemainingFractionRole, this));
    // A key that renewals leave alone: a row never moves between a look and a click.
    m_holders->sortByColumn(LeaseTableModel::HolderColumn, Qt::AscendingOrder);
    m_holders->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_holders->installEventFilter(this);
    QHeaderView *hh = m_holders->horizontalHeader();
    // Each column is sized to what it shows (fitHolderColumn, fitStateColumn, fitTimeColumns); the
    // last one takes what is left.
    hh->setStretchLastSection(true);
    const QList<QPair<int, int>> widths {
        {LeaseTableModel::LicenseColumn, 100},   {LeaseTableModel::SeatColumn, 82},
        {LeaseTableModel::GenerationColumn, 48}, {LeaseTableModel::CountdownColumn, 112},
        {LeaseTableModel::SignatureColumn, 40},  {LeaseTableModel::CountsAgainstColumn, 150},
        {LeaseTableModel::IdleForColumn, 88}};
    for (const auto &[column, width] : widths)
        hh->resizeSection(column, width);
    hh->setMinimumSectionSize(40);
    // What support reads first comes first, so a narrow pane (1280x720 at 150 %) shows it without
    // scrolling: who, the state and its signature, the time left and what the seat counts against;
    // then the times, and the seat id and generation, which matter in a dispute.
    orderHolderColumns();
    fitTimeColumns(false);
    fitStateColumn(false);
    m_holders->setColumnHidden(LeaseTableModel::LicenseColumn, true);

    m_filter->setClearButtonEnabled(true);
    m_filter->installEventFilter(this);
    m_filter->setMaximumWidth(280);
    m_empty->setObjectName(u"holdersEmpty"_s);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_empty->setStyleSheet(u"color: palette(mid); padding: 24px;"_s);
    m_holdersSummary->setObjectName(u"holdersSummary"_s);
    m_holdersSummary->setTextFormat(Qt::RichText);
    // Wrapped: a long summary (a license with rules) would otherwise widen the holders' side and
    // squeeze the licenses whenever that license is selected.
    m_holdersSummary->setWordWrap(true);
    m_legend->setObjectName(u"seatLegend"_s);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    m_legendButton->setObjectName(u"seatLegendButton"_s);
    m_legendButton->setCheckable(true);
    m_legendButton->setChecked(true);
    m_legendButton->setAutoRaise(true);
    m_legendButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_legendButton->setArrowType(Qt::DownArrow);
    m_legendButton->hide();
    // Only the person toggles it with signals on (fitLeftColumn's own choice is quiet): theirs stays.
    connect(m_legendButton, &QToolButton::toggled, this, [this](bool shown) {
        m_legendChosen = true;
        m_legendButton->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        m_legend->setVisible(m_legendHasEntries && shown);
        fitLeftColumn();
    });

    m_line->setObjectName(u"lineTable"_s);
    m_lineProxy->setSourceModel(m_lineModel);
    m_lineProxy->setSortRole(QueueTableModel::SortRole);
    m_line->setModel(m_lineProxy);
    styleTable(m_line);
    m_line->sortByColumn(QueueTableModel::PositionColumn, Qt::AscendingOrder);
    QHeaderView *qh = m_line->horizontalHeader();
    qh->setSectionResizeMode(QueueTableModel::StateColumn, QHeaderView::Stretch);
    qh->setSectionResizeMode(QueueTableModel::HolderColumn, QHeaderView::ResizeToContents);
    // A line is short: its cells and headers are measured, so no word is cut in either language.
    for (int c : {QueueTableModel::PositionColumn, QueueTableModel::LicenseColumn, QueueTableModel::WaitingSinceColumn,
                  QueueTableModel::TicketExpiryColumn})
        qh->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_line->setColumnHidden(QueueTableModel::LicenseColumn, true);
    // Room for the header and a ticket before the line scrolls: three made the page taller than a
    // 1280x720 screen at 150 % (the window grew past it, walk 150); the pane's handle gives more.
    m_line->setMinimumHeight(m_line->horizontalHeader()->sizeHint().height()
                             + m_line->verticalHeader()->defaultSectionSize() + 4);
    m_lineEmpty->setObjectName(u"lineEmpty"_s);
    m_lineEmpty->setStyleSheet(u"color: palette(mid);"_s);

    auto *leftTop = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(leftTop);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_licensesTitle, 1);
    titleRow->addWidget(m_legendButton);
    leftLayout->addLayout(titleRow);
    leftLayout->addWidget(m_licenses, 1);
    leftLayout->addWidget(m_legend);
    m_left->addWidget(leftTop);
    // The chart's own legend keeps one row and cut its names at 150 % ("Seat…"): this one wraps.
    m_chart->chart()->legend()->hide();
    m_chartLegend->setObjectName(u"seatsChartLegend"_s);
    QFont small = m_chartLegend->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_chartLegend->setFont(small);
    auto *chartPane = new QWidget(this);
    auto *chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->setSpacing(2);
    chartLayout->addWidget(m_chart, 1);
    chartLayout->addWidget(m_chartLegend);
    m_left->addWidget(chartPane);
    // The licenses first: on a short screen (1280x720 at 150 %) they keep four rows, the legend
    // folds into its button and the chart gives way down to a few lines of its own (walk 52: one
    // and a half rows showed under a legend of three lines and a chart of 150 px).
    m_chart->setMinimumHeight(6 * m_chart->fontMetrics().height());
    m_left->setStretchFactor(0, 1);
    m_left->setStretchFactor(1, 0);
    m_left->setSizes({420, 280});
    m_left->setChildrenCollapsible(false);
    m_left->installEventFilter(this);
    connect(m_left, &QSplitter::splitterMoved, this, [this] { m_leftSplitByHand = true; });

    auto *right = new QWidget(this);
    auto *head = new QHBoxLayout;
    head->addWidget(m_holdersTitle);
    head->addStretch(1);
    head->addWidget(m_filter, 1);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(head);
    auto *details = new FittedScrollArea(right);
    details->setObjectName(u"holdersDetailsScroll"_s);
    auto *detailsContent = new QWidget(details);
    auto *detailsLayout = new QVBoxLayout(detailsContent);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_holdersSummary);
    detailsLayout->addWidget(m_ledger);
    details->setWidget(detailsContent);
    detailsContent->installEventFilter(details);
    rightLayout->addWidget(details);
    // The ledger of now: its lines offer what can be done about them (the window gates by role).
    m_ledger->setActionsOffered(true);
    // From the holder filter, Tab goes through the ledger lines' Actions to the holders.
    m_ledger->setTabNeighbours(m_filter, m_holders);
    rightLayout->addWidget(m_holders, 1);
    rightLayout->addWidget(m_empty, 1);

    auto *linePane = new QWidget(this);
    auto *lineLayout = new QVBoxLayout(linePane);
    lineLayout->setContentsMargins(0, 0, 0, 0);
    lineLayout->addWidget(m_lineTitle);
    lineLayout->addWidget(m_lineEmpty);
    lineLayout->addWidget(m_line, 1);
    m_right->addWidget(right);
    m_right->addWidget(linePane);
    m_right->setStretchFactor(0, 3);
    m_right->setStretchFactor(1, 1);
    m_right->setChildrenCollapsible(false);
    // On a short screen (1280x720 at 150 %) the holders may need the line's room: its pane folds
    // away when its handle is dragged to the bottom (walk 45: one and a half holder rows showed
    // under the ledger, and the handle would not move). The holders never fold.
    m_right->setObjectName(u"holdersLineSplitter"_s);
    m_right->setCollapsible(1, true);

    m_splitter->addWidget(m_left);
    m_splitter->addWidget(m_right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({540, 860}); // until the first show (showEvent) knows the width
    m_splitter->setChildrenCollapsible(false);
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_clampRestoredSplit = false; });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_splitter);

    connect(m_filter, &QLineEdit::textChanged, m_holdersProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_licenses->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SeatsPage::licenseSelectionChanged);
    connect(m_licenses, &QTableView::doubleClicked, this, &SeatsPage::editLicenseRequested);
    // A reset (another server) empties the selection without a selectionChanged: the chart and
    // the line would go on showing the last server's license.
    connect(m_licensesProxy, &QAbstractItemModel::modelReset, this, &SeatsPage::licenseSelectionChanged);
    // The first licenses of a fresh connection: select one so the page is never empty.
    connect(m_licensesProxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (!m_licenses->selectionModel()->hasSelection() && m_licensesProxy->rowCount() > 0)
            m_licenses->selectRow(0);
    });
    connect(&session, &DashboardSession::polled, this, [this] {
        m_session.leases().setStaleSince({});
        m_session.licenses().setStale({});
        fitStateColumn(false);
        updateHeader();
        updateChart();
    });
    // Rows from the last poll that succeeded stay on screen during an outage, marked with their age.
    connect(&session, &DashboardSession::pollFailed, this, [this] {
        m_session.leases().setStaleSince(m_session.lastPollTime());
        fitStateColumn(false);
        markLicensesStale();
    });
    // Leases go on expiring while the server is away: the seat bars follow the holders' states.
    connect(&session, &DashboardSession::ticked, this, [this] {
        if (m_session.leases().staleSince().isValid())
            markLicensesStale();
        // A lease that runs out between polls (or during an outage) reads "expired, awaiting
        // reap": its column widens for it.
        widenStateForVisibleRows();
    });
    connect(&session, &DashboardSession::stateChanged, this, &SeatsPage::updateHeader);
    // A poll inserts and removes rows in as many runs as licenses: the header and the holder
    // columns are brought up to date once, after the poll, not at every run (which measured
    // thousands of texts a hundred times per poll, issue 23 item 16).
    connect(&session.leases(), &QAbstractItemModel::rowsInserted, this, &SeatsPage::scheduleHolderLayout);
    connect(m_holdersProxy, &QAbstractItemModel::rowsInserted, this, &SeatsPage::scheduleHolderLayout);
    connect(m_holdersProxy, &QAbstractItemModel::modelReset, this, &SeatsPage::scheduleHolderLayout);
    connect(&session, &DashboardSession::licenseDetailsChanged, this, &SeatsPage::scheduleHolderLayout);
    connect(&session.leases(), &QAbstractItemModel::rowsRemoved, this, &SeatsPage::scheduleHolderLayout);
    connect(&session.leases(), &QAbstractItemModel::layoutChanged, this, &SeatsPage::scheduleHolderLayout);
    connect(&session.leases(), &QAbstractItemModel::modelReset, this, &SeatsPage::scheduleHolderLayout);
    connect(&session, &DashboardSession::licenseDetailsChanged, this, &SeatsPage::updateDetails);
    connect(&session, &DashboardSession::ticked, m_lineModel, &QueueTableModel::tick);
    connect(&session.licenses(), &QAbstractItemModel::rowsInserted, this, &SeatsPage::updateLegend);
    connect(&session.licenses(), &QAbstractItemModel::dataChanged, this, &SeatsPage::updateLegend);
    connect(&session.licenses(), &QAbstractItemModel::modelReset, this, &SeatsPage::updateLegend);
    session.setVisibleRowsProvider([this] { return visibleHolderRows(); });
    retranslate();
}

QStringList SeatsPage::selectedLicenseIds() const
{
    QStringList ids;
    const QModelIndexList rows = m_licenses->selectionModel()->selectedRows();
    for (const QModelIndex &index : rows)
        ids << index.data(LicenseListModel::LicenseIdRole).toString();
    std::sort(ids.begin(), ids.end());
    return ids;
}

void SeatsPage::selectLicense(const QString &licenseId)
{
    for (int r = 0; r < m_licensesProxy->rowCount(); ++r) {
        if (m_licensesProxy->index(r, 0).data(LicenseListModel::LicenseIdRole).toString() == licenseId) {
            m_licenses->selectRow(r);
            return;
        }
    }
}

QList<int> SeatsPage::selectedHolderRows() const
{
    QList<int> rows;
    const QModelIndexList selected = m_holders->selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        rows << m_holdersProxy->mapToSource(index).row();
    return rows;
}

QList<HeldSeat> SeatsPage::selectedSeats() const
{
    QList<HeldSeat> seats;
    for (int row : selectedHolderRows()) {
        if (const auto seat = m_session.leases().seatAt(row))
            seats << *seat;
    }
    return seats;
}

QList<int> SeatsPage::visibleHolderRows() const
{
    QList<int> rows;
    if (!m_holders->isVisible())
        return rows;
    const int first = m_holders->rowAt(0);
    if (first < 0)
        return rows;
    int last = m_holders->rowAt(m_holders->viewport()->height() - 1);
    if (last < 0)
        last = m_holdersProxy->rowCount() - 1;
    for (int r = first; r <= last; ++r)
        rows << m_holdersProxy->mapToSource(m_holdersProxy->index(r, 0)).row();
    return rows;
}

void SeatsPage::fitTimeColumns(bool widenOnly)
{
    // Held since: wide enough for the longest short date of any month in the interface's language
    // (a seat taken on another day) and for the header. Expires at: a time of today, as nearly every
    // expiry is (a later one shows its full moment in the tooltip), so the holder keeps its room.
    // Measured rather than resized to contents, which would read thousands of rows at every poll.
    const QFontMetrics cells(m_holders->font());
    const QDateTime notThatDay(QDate(2000, 1, 1), QTime(12, 0));
    int dated = 0;
    for (int month = 1; month <= 12; ++month) {
        const QDateTime sample(QDate(2000, month, 28), QTime(23, 59, 59));
        dated = std::max(dated, cells.horizontalAdvance(LeaseTableModel::formatTime(sample, notThatDay)));
    }
    const QDateTime lateToday(notThatDay.date(), QTime(23, 59, 59));
    const int timeOnly = cells.horizontalAdvance(LeaseTableModel::formatTime(lateToday, notThatDay));
    QHeaderView *hh = m_holders->horizontalHeader();
    const QFontMetrics header(hh->font());
    const QList<QPair<int, int>> texts {{LeaseTableModel::HeldSinceColumn, dated},
                                        {LeaseTableModel::ExpiresAtColumn, timeOnly}};
    for (const auto &[column, text] : texts) {
        const QString title = m_session.leases().headerData(column, Qt::Horizontal).toString();
        int width = std::max(text + 20, header.horizontalAdvance(title) + 30);
        if (widenOnly)
            width = std::max(width, hh->sectionSize(column));
        hh->resizeSection(column, width);
    }
}

void SeatsPage::markLicensesStale()
{
    const QHash<QString, int> liveNow = m_session.leases().liveSeatsByLicense();
    QHash<QString, int> known; // only the licenses whose leases the dashboard holds can be recounted
    for (auto it = liveNow.cbegin(); it != liveNow.cend(); ++it) {
        if (m_session.licenseDetails(it.key()))
            known.insert(it.key(), it.value());
    }
    m_session.licenses().setStale(m_session.leases().staleSince(), known);
    updateHeader();
}

void SeatsPage::orderHolderColumns()
{
    QHeaderView *hh = m_holders->horizontalHeader();
    const QList<int> order {
        LeaseTableModel::HolderColumn,        LeaseTableModel::LicenseColumn,   LeaseTableModel::StateColumn,
        LeaseTableModel::SignatureColumn,     LeaseTableModel::IdleForColumn,   LeaseTableModel::CountdownColumn,
        LeaseTableModel::CountsAgainstColumn, LeaseTableModel::ExpiresAtColumn, LeaseTableModel::HeldSinceColumn,
        LeaseTableModel::SeatColumn,          LeaseTableModel::GenerationColumn};
    for (int visual = 0; visual < order.size(); ++visual)
        hh->moveSection(hh->visualIndex(order.at(visual)), visual);
}

void SeatsPage::fitStateColumn(bool widenOnly)
{
    // The longest state shown, dated during an outage ("live (as of 10:41)"), and the title: a
    // state is never cut. Sized to the states there are rather than the longest there could be
    // ("expired, awaiting reap"), which pushed the idle time and the countdown out of a narrow
    // pane (walk 150); it widens when a longer state comes. It starts afresh only when the dating
    // changes, so a width the user chose stays between polls.
    const bool stale = m_session.leases().staleSince().isValid();
    const bool refit = !m_stateFitted || m_stateFittedStale != stale;
    m_stateFitted = true;
    m_stateFittedStale = stale;
    QHeaderView *hh = m_holders->horizontalHeader();
    const QFontMetrics cells(m_holders->font());
    int width
        = QFontMetrics(hh->font())
              .horizontalAdvance(m_session.leases().headerData(LeaseTableModel::StateColumn, Qt::Horizontal).toString())
        + 30;
    const int rows = std::min(m_holdersProxy->rowCount(), 2000);
    for (int r = 0; r < rows; ++r)
        width = std::max(
            width, cellTextWidth(cells, m_holdersProxy->index(r, LeaseTableModel::StateColumn).data().toString()) + 16);
    if (widenOnly || !refit)
        width = std::max(width, hh->sectionSize(LeaseTableModel::StateColumn));
    if (width != hh->sectionSize(LeaseTableModel::StateColumn))
        hh->resizeSection(LeaseTableModel::StateColumn, width);
}

void SeatsPage::widenStateForVisibleRows()
{
    if (!m_holders->isVisible())
        return;
    const int first = m_holders->rowAt(0);
    if (first < 0)
        return;
    int last = m_holders->rowAt(m_holders->viewport()->height() - 1);
    if (last < 0)
        last = m_holdersProxy->rowCount() - 1;
    const QFontMetrics cells(m_holders->font());
    QHeaderView *hh = m_holders->horizontalHeader();
    int width = hh->sectionSize(LeaseTableModel::StateColumn);
    for (int r = first; r <= last; ++r)
        width = std::max(
            width, cellTextWidth(cells, m_holdersProxy->index(r, LeaseTableModel::StateColumn).data().toString()) + 16);
    if (width != hh->sectionSize(LeaseTableModel::StateColumn))
        hh->resizeSection(LeaseTableModel::StateColumn, width);
}

void SeatsPage::fitLicenseColumns(bool widenOnly)
{
    // The short columns take their header's width in the interface's language ("Décalage" is
    // longer than "Skew") and their longest value, so neither is cut. Few rows: read them all.
    QHeaderView *lh = m_licenses->horizontalHeader();
    const QFontMetrics header(lh->font());
    const QFontMetrics cells(m_licenses->font());
    const QList<QPair<int, int>> columns {{LicenseListModel::TtlColumn, 58},
                                          {LicenseListModel::SkewColumn, 58},
                                          {LicenseListModel::GraceColumn, 58},
                                          {LicenseListModel::DeniedColumn, 88}};
    const int rows = std::min(m_licensesProxy->rowCount(), 1000);
    int name
        = header.horizontalAdvance(m_licensesProxy->headerData(LicenseListModel::NameColumn, Qt::Horizontal).toString())
        + 30;
    const int tag = LicenseNameDelegate::tagWidth(m_licenses->font());
    for (int r = 0; r < rows; ++r) {
        const QModelIndex cell = m_licensesProxy->index(r, LicenseListModel::NameColumn);
        name = std::max(name,
                        cells.horizontalAdvance(LicenseNameDelegate::shownName(cell)) + 16
                            + (cell.data(LicenseListModel::SandboxRole).toBool() ? tag : 0));
    }
    m_licenseNameWidth = std::clamp(name, 120, 260);
    // The seats column: wide enough for the largest count ("2000 / 2500") beside its bar.
    int seats = 140;
    for (int r = 0; r < rows; ++r)
        seats = std::max(seats,
                         SeatBarDelegate::widthFor(
                             cells, m_licensesProxy->index(r, LicenseListModel::SeatsColumn).data().toString()));
    if (widenOnly)
        seats = std::max(seats, lh->sectionSize(LicenseListModel::SeatsColumn));
    if (seats != lh->sectionSize(LicenseListModel::SeatsColumn))
        lh->resizeSection(LicenseListModel::SeatsColumn, seats);
    for (const auto &[column, least] : columns) {
        // Room for the sort arrow beside the title.
        int width = std::max(
            least, header.horizontalAdvance(m_licensesProxy->headerData(column, Qt::Horizontal).toString()) + 30);
        for (int r = 0; r < rows; ++r)
            width = std::max(width, cells.horizontalAdvance(m_licensesProxy->index(r, column).data().toString()) + 16);
        if (widenOnly)
            width = std::max(width, lh->sectionSize(column));
        if (width != lh->sectionSize(column))
            lh->resizeSection(column, width);
    }
    chooseSplit();
    spreadLicenseColumns();
}

void SeatsPage::spreadLicenseColumns()
{
    QHeaderView *lh = m_licenses->horizontalHeader();
    int others = 0;
    for (int c = 0; c < lh->count(); ++c) {
        if (c != LicenseListModel::NameColumn && !lh->isSectionHidden(c))
            others += lh->sectionSize(c);
    }
    const int viewport = m_licenses->viewport()->width();
    int name = std::max(m_licenseNameWidth, viewport - others);
    // The seats beside the name stay in view (walk 51b, N3: long sandbox names at 150 % pushed "3 /
    // 4" out): a long name is elided, whole in its tooltip, down to what its title needs; the
    // columns after the seats scroll sideways only when even that is too wide. Before that, every
    // column stays whole while the names keep 120 px (walk 55, 2: the sandboxes' names scrolled
    // the list sideways and cut "Denied (1 h)" to "Denied (1").
    const int least
        = QFontMetrics(lh->font())
              .horizontalAdvance(m_licensesProxy->headerData(LicenseListModel::NameColumn, Qt::Horizontal).toString())
        + 30;
    if (viewport > 0) {
        name = std::min(name, std::max(std::max(least, std::min(m_licenseNameWidth, 120)), viewport - others));
        name = std::min(name, std::max(least, viewport - lh->sectionSize(LicenseListModel::SeatsColumn)));
    }
    if (name != lh->sectionSize(LicenseListModel::NameColumn))
        lh->resizeSection(LicenseListModel::NameColumn, name);
}

void SeatsPage::scheduleHolderLayout()
{
    if (m_holderLayoutPending)
        return;
    m_holderLayoutPending = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_holderLayoutPending = false;
            fitHolderColumn();
            updateHeader();
        },
        Qt::QueuedConnection);
}

int SeatsPage::cellTextWidth(const QFontMetrics &metrics, const QString &text)
{
    // Most texts come back at every poll (the same holders, "shared seats"): measured once.
    const auto it = m_textWidths.constFind(text);
    if (it != m_textWidths.cend())
        return it.value();
    if (m_textWidths.size() >= 20000)
        m_textWidths.clear(); // bounded, whatever the holders' names
    const int width = metrics.horizontalAdvance(text);
    m_textWidths.insert(text, width);
    return width;
}

void SeatsPage::fitHolderColumn()
{
    // Measured over the rows shown (a bounded sample at scale), so names are read whole; the
    // table scrolls sideways before it cuts a name.
    const QFontMetrics cells(m_holders->font());
    QHeaderView *hh = m_holders->horizontalHeader();
    int width = QFontMetrics(hh->font())
                    .horizontalAdvance(
                        m_session.leases().headerData(LeaseTableModel::HolderColumn, Qt::Horizontal).toString())
        + 30;
    const int rows = std::min(m_holdersProxy->rowCount(), 2000);
    for (int r = 0; r < rows; ++r)
        width = std::max(width,
                         cellTextWidth(cells, m_holdersProxy->index(r, LeaseTableModel::HolderColumn).data().toString())
                             + 24);
    width = std::min(width, 480);
    if (width != hh->sectionSize(LeaseTableModel::HolderColumn))
        hh->resizeSection(LeaseTableModel::HolderColumn, width);
    fitStateColumn(false); // a longer state than those shown so far widens its column
    // What a seat counts against is read whole too ("shared seats · max laptops: 1 of 3").
    int against
        = QFontMetrics(hh->font())
              .horizontalAdvance(
                  m_session.leases().headerData(LeaseTableModel::CountsAgainstColumn, Qt::Horizontal).toString())
        + 30;
    for (int r = 0; r < rows; ++r)
        against = std::max(
            against,
            cellTextWidth(cells, m_holdersProxy->index(r, LeaseTableModel::CountsAgainstColumn).data().toString())
                + 24);
    hh->resizeSection(LeaseTableModel::CountsAgainstColumn, std::min(against, 360));
    // Idle for: widened to "2 h 05 min, reclaim at 09:12:30" while a seat is marked (walk 45: cut
    // to "81 min, rec…"); a width the user chose that is wider stays.
    const LeaseTableModel &leases = m_session.leases();
    bool marked = false;
    for (int r = 0; r < leases.rowCount() && !marked; ++r)
        marked = leases.rowAt(r).lease.reclaimAt.isValid();
    if (marked) {
        const QString widest = LeaseTableModel::idleText(qint64(2 * 60 + 59) * 60'000);
        const int idle
            = cells.horizontalAdvance(LeaseTableModel::idleText(widest, QTime(23, 59, 59).toString(u"HH:mm:ss"_s)))
            + 24;
        if (idle > hh->sectionSize(LeaseTableModel::IdleForColumn))
            hh->resizeSection(LeaseTableModel::IdleForColumn, idle);
    }
}

void SeatsPage::updateDetails(const QStringList &licenseIds)
{
    for (const QString &id : licenseIds) {
        const LicenseDetails *details = m_session.licenseDetails(id);
        m_session.licenses().setUsage(id, details ? std::optional<SeatUsage>(details->usage) : std::nullopt);
    }
    updateLine();
    updateHeader();
}

void SeatsPage::updateLine()
{
    QList<QueueTicket> tickets;
    for (const QString &id : selectedLicenseIds()) {
        if (const LicenseDetails *details = m_session.licenseDetails(id))
            tickets += details->queue;
    }
    m_lineModel->applyLine(tickets);
    const int waiting = m_lineModel->waitingCount();
    m_lineTitle->setText(waiting > 0 ? tr("Waiting line (%n waiting)", nullptr, waiting) : tr("Waiting line"));
    m_line->setVisible(m_lineModel->rowCount() > 0);
    m_lineEmpty->setVisible(m_lineModel->rowCount() == 0);
    m_lineEmpty->setText(tr("Nobody is waiting for a seat."));
    updateLedger();
}

void SeatsPage::updateLedger()
{
    // One license at a time: the ledger accounts for the seats of one license.
    const QStringList ids = selectedLicenseIds();
    const LicenseDetails *details = ids.size() == 1 ? m_session.licenseDetails(ids.first()) : nullptr;
    if (!details) {
        m_ledger->setReport(std::nullopt);
        return;
    }
    const QString &id = ids.first();
    const LeaseTableModel &leases = m_session.leases();
    // The listing as the server's ledger route reads its store: every lease row with its last
    // activity, the blocks in force and who waits, on the dashboard's estimate of the server's clock.
    LedgerInput input;
    input.seatCount = details->seatCount;
    input.now = leases.now();
    if (const int summary = m_session.licenses().rowOf(id); summary >= 0)
        input.skew = std::chrono::seconds(m_session.licenses().licenseAt(summary).skewSeconds);
    int idleAfter = LedgerQuery::defaultIdleAfterMinutes;
    for (const IdleReclaim &reclaim : details->rules.reclaimIdle) {
        if (reclaim.group.isEmpty())
            idleAfter = reclaim.afterMinutes;
    }
    input.idleAfter = std::chrono::minutes(idleAfter);
    for (int r = 0; r < leases.rowCount(); ++r) {
        const HolderRow &row = leases.rowAt(r);
        if (row.licenseId != id)
            continue;
        if (row.kind == HolderRow::Kind::Lease) {
            const QDateTime &activity = row.lease.lastActivityAt;
            input.seats << LedgerSeat {row.lease.lease,
                                       activity.isValid() ? std::optional<QDateTime>(activity) : std::nullopt,
                                       row.lease.reclaimAt, row.lease.writeOff};
        } else if (row.block.until > input.now) {
            input.blocks << LedgerBlock {row.block.holder, row.block.until};
        }
    }
    for (const QueueTicket &ticket : details->queue) {
        if (ticket.state == QueueTicket::State::Waiting)
            input.waiting << LedgerWaiter {ticket.holder, ticket.queuedAt};
    }
    LedgerReport report;
    report.licenseId = id;
    report.at = input.now;
    report.serverTime = input.now;
    report.idleAfterMinutes = idleAfter;
    report.ledger = accountSeats(CompiledSeatRules(details->rules, details->groups), input);
    m_ledger->setReport(report);
}

void SeatsPage::updateLegend()
{
    // Only where a rule reserves seats or a license lends them: elsewhere the bar is the
    // used/free bar it always was, its count beside it.
    bool reserved = false;
    bool borrowing = false;
    bool sandbox = false;
    for (int r = 0; r < m_session.licenses().rowCount() && !(reserved && borrowing && sandbox); ++r) {
        const LicenseSummary &l = m_session.licenses().licenseAt(r);
        reserved = reserved || l.reservedSeats > 0;
        borrowing = borrowing || l.borrow.allowed || l.borrowed > 0;
        sandbox = sandbox || DemoCatalogue::isSandboxLicense(l.id);
    }
    m_legendHasEntries = reserved || borrowing || sandbox;
    m_legend->setVisible(m_legendHasEntries && m_legendButton->isChecked());
    m_legendButton->setVisible(m_legendHasEntries);
    if (!m_legendHasEntries) {
        fitLeftColumn();
        return;
    }
    // One entry for every colour the seat bar draws (SeatBarDelegate), from the same palette.
    const auto swatch = [](StatePalette::Role role) {
        return u"<span style=\"color:%1\">\u25A0</span>"_s.arg(StatePalette::fill(role).name());
    };
    QStringList entries {tr("%1 in use").arg(swatch(StatePalette::Live)),
                         tr("%1 nearly full (80 % or more)").arg(swatch(StatePalette::Expiring)),
                         tr("%1 full").arg(swatch(StatePalette::Denied))};
    QStringList tips;
    if (borrowing) {
        entries << tr("%1 borrowed or written off").arg(swatch(StatePalette::Borrowed));
        tips << tr("Borrowed seats are away on laptops, and a written-off one on a laptop that was lost: each stays "
                   "counted until it is returned or its borrowed lease expires.");
    }
    if (reserved) {
        entries << tr("%1 reserved for a group, idle").arg(swatch(StatePalette::ReservedSeat));
        tips << tr("Reserved seats only their group may take, even while nobody uses them: to "
                   "everyone else the license is full sooner than its seat count says.");
    }
    if (sandbox) {
        entries << tr("%1 simulator sandbox, staged").arg(swatch(StatePalette::Sandbox));
        tips << tr("A simulator sandbox's seats are taken and refused by the simulator's scenarios for training: its "
                   "bar stays grey, never amber or red, and it is listed after the real licenses.");
    }
    // The bare track, as both bars draw the free seats.
    entries << tr("%1 free").arg(
        u"<span style=\"color:%1\">\u25A0</span>"_s.arg(StatePalette::freeSeat(m_legend->palette()).name()));
    // Each entry whole on its line: a swatch never ends a line apart from its words.
    for (QString &entry : entries)
        entry = u"<span style=\"white-space:nowrap\">%1</span>"_s.arg(entry);
    m_legend->setText(entries.join(u"&nbsp;&nbsp; "_s));
    m_legend->setToolTip(tips.join(u'\n'));
    // Folded away, the legend is read in its button's tooltip.
    QString tip = u"<p>%1</p>"_s.arg(entries.join(u"<br/>"_s));
    for (const QString &line : std::as_const(tips))
        tip += u"<p>%1</p>"_s.arg(line.toHtmlEscaped());
    m_legendButton->setToolTip(tip);
    fitLeftColumn();
}

void SeatsPage::fitLeftColumn()
{
    const int total = m_left->height() - m_left->handleWidth();
    if (total <= 0)
        return;
    // Four licenses in view (or all there are), under the header and over the sideways scroll bar.
    const int rowHeight = m_licenses->verticalHeader()->defaultSectionSize();
    const int rows = std::clamp(m_licensesProxy->rowCount(), 1, 4);
    const int table = m_licenses->horizontalHeader()->sizeHint().height()
        + m_licenses->horizontalScrollBar()->sizeHint().height() + 2 * m_licenses->frameWidth() + rows * rowHeight + 2;
    if (m_licenses->minimumHeight() != table)
        m_licenses->setMinimumHeight(table);
    QWidget *top = m_left->widget(0);
    const int spacing = top->layout()->spacing();
    const int titleRow = std::max(m_licensesTitle->sizeHint().height(), m_legendButton->sizeHint().height());
    const int bare = titleRow + spacing + table;
    // As wide as the column is now: called from the column's resize, before the splitter lays its
    // panes out again, the top pane still has its old width (walk 55: after a restart the legend
    // was measured at the 1440x900 width, one line short, and stayed unfolded over 3½ licenses).
    const int legend = spacing + m_legend->heightForWidth(std::max(1, m_left->contentsRect().width()));
    const int chartLeast = m_left->widget(1)->minimumSizeHint().height();
    // The legend shows while the chart keeps a quarter of the column beside it; the person's own
    // choice (its button) stays.
    if (m_legendHasEntries && !m_legendChosen) {
        const bool room = total - bare - legend >= std::max(chartLeast, total / 4);
        if (room != m_legendButton->isChecked()) {
            const QSignalBlocker quiet(m_legendButton);
            m_legendButton->setChecked(room);
            m_legendButton->setArrowType(room ? Qt::DownArrow : Qt::RightArrow);
            m_legend->setVisible(room);
        }
    }
    if (m_leftSplitByHand)
        return;
    // The chart takes two fifths of the column, less where the licenses would lose rows for it.
    const int need = bare + (m_legend->isVisibleTo(top) ? legend : 0);
    const int chart = std::clamp(total * 2 / 5, chartLeast, std::max(chartLeast, total - need));
    if (m_left->sizes().value(1) != chart)
        m_left->setSizes({total - chart, chart});
}

void SeatsPage::licenseSelectionChanged()
{
    const QStringList ids = selectedLicenseIds();
    m_holders->setColumnHidden(LeaseTableModel::LicenseColumn, ids.size() < 2);
    m_line->setColumnHidden(QueueTableModel::LicenseColumn, ids.size() < 2);
    m_session.setSelectedLicenses(ids);
    updateLine();
    updateHeader();
    updateChart();
}

QString SeatsPage::validityText(const ValidityNotice &notice, const QLocale &locale)
{
    // The refusal's own date: the UTC day of the bound (core's validitySentence).
    const QString date = longDateText(notice.when.toUTC().date(), locale);
    using K = ValidityNotice::Kind;
    switch (notice.kind) {
    case K::NotYetValid:
        return tr("Not valid before %1: checkouts are refused").arg(date);
    case K::Expired:
        return tr("Expired on %1: checkouts are refused").arg(date);
    case K::ExpiresSoon:
        // Whole days, rounded down (walk 50a): the last day is "within a day", not "in 0 days".
        return notice.days == 0 ? tr("Expires within a day, on %1").arg(date)
                                : tr("Expires in %n day(s), on %1", nullptr, notice.days).arg(date);
    case K::MaintenanceEnded:
        return tr("Maintenance ended on %1").arg(date);
    case K::MaintenanceEndsSoon:
        return notice.days == 0 ? tr("Maintenance ends within a day, on %1").arg(date)
                                : tr("Maintenance ends in %n day(s), on %1", nullptr, notice.days).arg(date);
    }
    return {};
}

StatePalette::Role SeatsPage::validityRole(const ValidityNotice &notice)
{
    using K = ValidityNotice::Kind;
    switch (notice.kind) {
    case K::NotYetValid:
    case K::Expired:
        return StatePalette::Denied;
    case K::ExpiresSoon:
    case K::MaintenanceEndsSoon:
        return StatePalette::Pending;
    case K::MaintenanceEnded:
        break;
    }
    return StatePalette::Muted;
}

void SeatsPage::updateHeader()
{
    const QStringList ids = selectedLicenseIds();
    const bool any = !ids.isEmpty();
    m_holders->setVisible(any && m_session.leases().rowCount() > 0);
    m_empty->setVisible(!m_holders->isVisible());
    const ClientError &error = m_session.lastError();
    if (!any) {
        m_holdersTitle->setText(tr("Holders"));
        m_holdersSummary->clear();
        // Nothing listed is not the same as nothing there: say which it is.
        QString why;
        if (m_session.licenses().rowCount() > 0)
            why = tr("Select a license to see who holds its seats.");
        else if (m_session.state() == DashboardSession::State::Disconnected)
            why = tr("Not connected to a server.");
        else if (error.kind == ClientError::Kind::Unauthorized)
            why = tr("The server refused the token, so the dashboard cannot list its licenses. Connect with a "
                     "valid token.");
        else if (error.isError() && !m_session.lastPollTime().isValid())
            why = tr("The server has not answered yet, so its licenses are not known.");
        else if (!m_session.lastPollTime().isValid())
            why = tr("Loading the licenses…");
        else
            why = tr("No licenses on this server yet.");
        m_empty->setText(why);
        return;
    }
    int inUse = 0, liveNow = 0, seats = 0, denied = 0, reservedIdle = 0, waiting = 0;
    QStringList names;
    for (const QString &id : ids) {
        if (const LicenseSummary *l = m_session.licenses().license(id)) {
            inUse += l->inUse;
            const int row = m_session.licenses().rowOf(id);
            liveNow += m_session.licenses().index(row, 0).data(LicenseListModel::InUseRole).toInt();
            seats += l->seatCount;
            denied += l->deniedLastHour;
            waiting += l->waiting;
            reservedIdle += m_session.licenses().index(row, 0).data(LicenseListModel::ReservedIdleRole).toInt();
            names << LicenseListModel::displayName(*l);
        }
    }
    m_holdersTitle->setText(ids.size() == 1 ? tr("Holders of %1").arg(names.value(0, ids.first()))
                                            : tr("Holders of %n licenses", nullptr, int(ids.size())));
    // One license's validity, when it has ended or ends within the notice horizon, on the server's
    // clock: the admin learns before the users are refused.
    QString validity;
    if (ids.size() == 1) {
        if (const LicenseSummary *l = m_session.licenses().license(ids.first())) {
            const QDateTime now = m_session.serverClock().now();
            const auto badge = [this](const ValidityNotice &notice) {
                return u" · <span style=\"color:%1\"><b>%2</b></span>"_s.arg(
                    StatePalette::colour(validityRole(notice)).name(), validityText(notice, locale()).toHtmlEscaped());
            };
            if (const auto notice = validityNotice(l->validity, now)) {
                validity = badge(*notice);
                // A license that ends soon and has a maintenance date says both (walk 51a, finding 13):
                // the notice above tells the most urgent only.
                using K = ValidityNotice::Kind;
                if (notice->kind != K::MaintenanceEnded && notice->kind != K::MaintenanceEndsSoon) {
                    LicenseValidity maintenance;
                    maintenance.maintenanceUntil = l->validity.maintenanceUntil;
                    if (const auto more = validityNotice(maintenance, now))
                        validity += badge(*more);
                }
            }
        }
    }
    const QDateTime asOf = m_session.leases().staleSince();
    if (asOf.isValid()) {
        // The counts are the server's word at the last poll: greyed and dated, never shown as current.
        const QString muted = StatePalette::colour(StatePalette::Muted).name();
        QString summary = tr("<span style=\"color:%1\">As of %2: %3 of %n seat(s) in use</span>", nullptr, seats)
                              .arg(muted, asOf.toLocalTime().toString(u"HH:mm:ss"_s))
                              .arg(inUse);
        if (liveNow != inUse)
            summary += u" · "_s
                + tr("<span style=\"color:%1\">%n still live now by their last leases</span>", nullptr, liveNow)
                      .arg(muted);
        if (denied > 0)
            summary += u" · "_s
                + tr("<span style=\"color:%1\">%n checkout(s) denied in the hour before</span>", nullptr, denied)
                      .arg(muted);
        m_holdersSummary->setText(summary + validity);
    } else {
        const QString color = SeatBarDelegate::colorFor(inUse, seats).name();
        QString summary = tr("<span style=\"color:%1\"><b>%2 of %n</b></span> seat(s) in use", nullptr, seats)
                              .arg(color)
                              .arg(inUse);
        if (reservedIdle > 0)
            summary += u" · "_s
                + tr("<span style=\"color:%1\">%n reserved and idle</span>", nullptr, reservedIdle)
                      .arg(StatePalette::colour(StatePalette::ReservedSeat).name())
                + u" · "_s + tr("%n free", nullptr, std::max(0, seats - inUse - reservedIdle));
        if (waiting > 0)
            summary += u" · "_s + tr("%n waiting", nullptr, waiting);
        if (denied > 0)
            summary += u" · "_s
                + tr("<span style=\"color:%1\">%n checkout(s) denied in the last hour</span>", nullptr, denied)
                      .arg(StatePalette::colour(StatePalette::Denied).name());
        m_holdersSummary->setText(summary + validity);
    }
    // In an outage the rows shown are those of the last poll, and a license chosen since has none:
    // its holders are not known, which is not the same as nobody (walk 51b, N4).
    if (asOf.isValid() && inUse > 0)
        m_empty->setText(tr("Holders not known: the server could not be reached since %1, so who holds these seats "
                            "was never read.")
                             .arg(asOf.toLocalTime().toString(u"HH:mm:ss"_s)));
    else if (asOf.isValid())
        m_empty->setText(tr("Nobody held a seat of this license as of %1; the server has not answered since.")
                             .arg(asOf.toLocalTime().toString(u"HH:mm:ss"_s)));
    else
        m_empty->setText(tr("Nobody holds a seat of this license right now."));
}

void SeatsPage::updateChart()
{
    const QStringList ids = selectedLicenseIds();
    const QDateTime to = m_session.serverClock().now();
    const QDateTime from = to.addSecs(-3600);
    if (ids.isEmpty()) {
        m_chart->setSeries({}, {}, from, to);
        updateChartLegend();
        return;
    }
    const LicenseSummary *l = m_session.licenses().license(ids.first());
    m_chart->setSeries(l ? LicenseListModel::displayName(*l) : ids.first(),
                       m_session.usage().build(ids.first(), from, to), from, to);
    updateChartLegend();
}

void SeatsPage::updateChartLegend()
{
    // The series the chart shows (a license without reservations or a line has neither).
    QList<QAbstractSeries *> shown;
    const QList<QAbstractSeries *> all = m_chart->chart()->series();
    for (QAbstractSeries *series : all) {
        if (series->isVisible())
            shown << series;
    }
    m_chartLegend->setEntries(ChartLegend::entriesOf(shown));
}

void SeatsPage::saveState(DashboardSettings &settings) const
{
    settings.setValue(DashboardSettings::seatsSplitter, m_splitter->saveState());
    settings.setValue(DashboardSettings::seatsLeftSplitter, m_left->saveState());
    settings.setValue(DashboardSettings::seatsLicensesHeader, m_licenses->horizontalHeader()->saveState());
    settings.setValue(DashboardSettings::seatsHoldersHeader, m_holders->horizontalHeader()->saveState());
    settings.setValue(DashboardSettings::seatsRightSplitter, m_right->saveState());
}

void SeatsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    chooseSplit();
    if (m_clampRestoredSplit)
        clampSplit();
}

void SeatsPage::chooseSplit()
{
    // Once, when the page is on screen and the first licenses have sized their columns.
    if (m_splitChosen || !isVisible() || m_licensesProxy->rowCount() == 0)
        return;
    m_splitChosen = true;
    // The licenses get what their columns need, up to half the page: every column at 1440x900,
    // and at 1280x720 and 150 % half of it each, the table scrolling sideways, the holders whole.
    QHeaderView *lh = m_licenses->horizontalHeader();
    int columns
        = m_licenseNameWidth + m_licenses->verticalScrollBar()->sizeHint().width() + 2 * m_licenses->frameWidth();
    for (int c = 0; c < lh->count(); ++c) {
        if (c != LicenseListModel::NameColumn && !lh->isSectionHidden(c))
            columns += lh->sectionSize(c);
    }
    const int total = m_splitter->width() - m_splitter->handleWidth();
    // In a narrow window the holders get a little more: what support reads first (the idle time,
    // the countdown) is then in view beside the state (walk 150).
    const int most = total < narrowPage ? total * 2 / 5 : total / 2;
    const int left = std::min(columns, most);
    m_splitter->setSizes({left, total - left});
}

void SeatsPage::clampSplit()
{
    // A split saved in a larger window (1440x900) left the holders about 250 px at 1280x720 and
    // 150 % ("Holders of Wa…", the ledger unreadable): each pane keeps a usable share of this one.
    const QList<int> sizes = m_splitter->sizes();
    const int total = m_splitter->width() - m_splitter->handleWidth();
    if (sizes.size() != 2 || total <= 0)
        return;
    const int leastHolders = total < narrowPage ? total * 3 / 5 : total / 2;
    const int leastLicenses = total / 5;
    const int left = std::clamp(sizes.at(0), leastLicenses, total - leastHolders);
    if (left != sizes.at(0))
        m_splitter->setSizes({left, total - left});
}

void SeatsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Until the person moves the handle in this window, the split restored is kept within shares
    // of the window's width (it may be resized more than once while it opens).
    if (m_clampRestoredSplit && isVisible())
        clampSplit();
}

void SeatsPage::restoreState(const DashboardSettings &settings)
{
    // The person's own split, when there is one, is kept.
    m_splitChosen = m_splitter->restoreState(settings.value(DashboardSettings::seatsSplitter));
    m_clampRestoredSplit = m_splitChosen;
    if (m_clampRestoredSplit && isVisible())
        clampSplit();
    // A split the person chose stays (the licenses' least height still keeps their rows).
    m_leftSplitByHand = m_left->restoreState(settings.value(DashboardSettings::seatsLeftSplitter));
    m_licenses->horizontalHeader()->restoreState(settings.value(DashboardSettings::seatsLicensesHeader));
    // A header of an older layout of the table never gets here: DashboardSettings::migrate() drops it.
    m_holders->horizontalHeader()->restoreState(settings.value(DashboardSettings::seatsHoldersHeader));
    // Saved before version 2, the columns are in the old order (state and signature last, out of
    // view in a narrow pane): moved into the new one, with their widths and sort.
    if (settings.openedVersion() < 2)
        orderHolderColumns();
    m_right->restoreState(settings.value(DashboardSettings::seatsRightSplitter));
    // Widths saved before the time columns showed dates would cut the dates off, and widths saved
    // in one language may cut the titles of another.
    fitTimeColumns(true);
    m_stateFitted = false;
    fitStateColumn(true);
    fitLicenseColumns(true);
}

void SeatsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        m_textWidths.clear();
    QWidget::changeEvent(event);
}

void SeatsPage::fitFilterPlaceholder()
{
    // A narrow window (1280x720 at 150 %) squeezes the field: a shorter word whole rather than
    // the long one cut to "Fil…".
    const QString full = tr("Filter holders, seats, states… (Ctrl+F)");
    const bool fits = m_filter->fontMetrics().horizontalAdvance(full) + 40 <= m_filter->width();
    const QString shown = fits ? full : tr("Filter (Ctrl+F)");
    // Never narrower than the short word: the title beside it gives way first.
    m_filter->setMinimumWidth(m_filter->fontMetrics().horizontalAdvance(tr("Filter (Ctrl+F)")) + 40);
    if (m_filter->placeholderText() != shown)
        m_filter->setPlaceholderText(shown);
    m_filter->setToolTip(full);
}

bool SeatsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filter && event->type() == QEvent::Resize)
        fitFilterPlaceholder();
    if (watched == m_licenses->viewport() && event->type() == QEvent::Resize)
        spreadLicenseColumns();
    if (watched == m_left && event->type() == QEvent::Resize)
        fitLeftColumn();
    if (watched == m_holders && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Delete || key->key() == Qt::Key_Backspace) {
            Q_EMIT revokeRequested();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SeatsPage::retranslate()
{
    m_licensesTitle->setText(tr("Licenses"));
    m_legendButton->setText(tr("Legend", "of the seat bars' colours"));
    // Room for the whole placeholder in every language.
    m_filter->setMaximumWidth(
        std::max(280, m_filter->fontMetrics().horizontalAdvance(tr("Filter holders, seats, states… (Ctrl+F)")) + 48));
    fitFilterPlaceholder();
    fitTimeColumns(true);
    m_stateFitted = false; // the states read differently in another language
    fitStateColumn(true);
    fitLicenseColumns(true);
    m_licenses->viewport()->update(); // names the model words in the language (simulator sandboxes)
    fitHolderColumn();
    updateLine();
    updateLegend();
    updateHeader();
    updateChart();
}

} // namespace keyright
