#include "UsagePage.h"

#include "ChartLegend.h"
#include "DashboardSession.h"
#include "DemoCatalogue.h"
#include "Durations.h"
#include "LicenseListModel.h"
#include "StatePalette.h"
#include "UsageHeatmap.h"
#include "UsageReportModel.h"
#include "WhatIfSentence.h"
#include "WholeFile.h"

#include <QAction>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMetaEnum>
#include <QPainter>
#include <QPdfWriter>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimeZone>
#include <QVBoxLayout>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr int figureCount = 8;
constexpr int whatIfColumnCount = 8;

QTableWidget *makeTable(QWidget *parent, const QString &name)
{
    auto *table = new QTableWidget(0, 2, parent);
    table->setObjectName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    return table;
}

void setRow(QTableWidget *table, int row, const QString &name, const QString &value)
{
    auto *first = new QTableWidgetItem(name);
    auto *second = new QTableWidgetItem(value);
    second->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table->setItem(row, 0, first);
    table->setItem(row, 1, second);
}

QTimeZone zoneOf(const UsageReport &report)
{
    if (!report.timeZone.isEmpty()) {
        const QTimeZone zone(report.timeZone.toUtf8());
        if (zone.isValid())
            return zone;
    }
    return QTimeZone::utc();
}

// A moment as the range above the chart writes it, in the report's zone: "2026-12-06 02:56", never
// a short date that reads as day/month in one language and month/day in another.
QString rangeTime(const QDateTime &when, const UsageReport &report)
{
    return when.toTimeZone(zoneOf(report)).toString(u"yyyy-MM-dd HH:mm"_s);
}

// The ticks of the time axis on natural boundaries in `zone`: whole hours of the day, day starts,
// Mondays or the first of months, the finest of them whose ticks stand at least `labelPx` apart on
// a plot `plotPx` wide (walk 25b: 09-05, 09-19, 10-04 were no dates a reader counts by).
QList<QDateTime> naturalTicks(qint64 fromMs, qint64 toMs, const QTimeZone &zone, bool hours, double plotPx,
                              double labelPx)
{
    if (toMs <= fromMs)
        return {};
    enum class Unit { Hour, Day, Week, Month };
    struct Step
    {
        Unit unit;
        int count;
        qint64 shortestMs; // the least time between two ticks (a day of a DST change, February)
    };
    constexpr qint64 hour = 3'600'000, day = 24 * hour;
    QList<Step> steps;
    if (hours)
        for (int h : {1, 2, 3, 6, 12})
            steps << Step {Unit::Hour, h, h * hour - hour};
    steps << Step {Unit::Day, 1, day - hour} << Step {Unit::Day, 2, 2 * day - hour}
          << Step {Unit::Week, 1, 7 * day - hour} << Step {Unit::Week, 2, 14 * day - hour};
    for (int m : {1, 2, 3, 6, 12})
        steps << Step {Unit::Month, m, m * 28 * day};
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(fromMs, zone);
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(toMs, zone);
    const double span = double(toMs - fromMs);
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const Step &step = steps.at(i);
        if (double(step.shortestMs) / span * plotPx < labelPx && i + 1 < steps.size())
            continue;
        QDate date = from.date();
        int hourOfDay = 0;
        if (step.unit == Unit::Week)
            date = date.addDays(1 - date.dayOfWeek());
        else if (step.unit == Unit::Month) {
            date = QDate(date.year(), date.month(), 1);
            while ((date.month() - 1) % step.count != 0)
                date = date.addMonths(-1);
        }
        QList<QDateTime> ticks;
        for (QDateTime t = date.startOfDay(zone); t.isValid() && t <= to;) {
            if (t >= from)
                ticks << t;
            switch (step.unit) {
            case Unit::Hour:
                hourOfDay += step.count;
                if (hourOfDay >= 24) {
                    hourOfDay = 0;
                    date = date.addDays(1);
                }
                break;
            case Unit::Day:
                date = date.addDays(step.count);
                break;
            case Unit::Week:
                date = date.addDays(7 * step.count);
                break;
            case Unit::Month:
                date = date.addMonths(step.count);
                break;
            }
            t = hourOfDay == 0 ? date.startOfDay(zone) : QDateTime(date, QTime(hourOfDay, 0), zone);
        }
        return ticks;
    }
    return {};
}

// The ticks whose label, centred on the tick, stays within the chart: no further left of the plot
// than `roomLeft` (the value axis's labels) nor right of it than `roomRight` (walk 25c: the last
// date was cut at the chart's right edge).
QList<QDateTime> ticksWithinChart(QList<QDateTime> ticks, qint64 fromMs, qint64 toMs, double plotPx, double labelPx,
                                  double roomLeft, double roomRight)
{
    if (toMs <= fromMs)
        return ticks;
    const double span = double(toMs - fromMs);
    ticks.removeIf([&](const QDateTime &tick) {
        const double x = double(tick.toMSecsSinceEpoch() - fromMs) / span * plotPx;
        return x - labelPx / 2 < -roomLeft || x + labelPx / 2 > plotPx + roomRight;
    });
    return ticks;
}

// The time axis's labels at `ticks`, its range from `fromMs` to `toMs`.
void setTimeTicks(QCategoryAxis *axis, const QList<QDateTime> &ticks, const QString &format, qint64 fromMs, qint64 toMs)
{
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    // A tick on the range's start needs a category ending there.
    axis->setStartValue(!ticks.isEmpty() && ticks.constFirst().toMSecsSinceEpoch() <= fromMs ? qreal(fromMs - 1)
                                                                                             : qreal(fromMs));
    for (const QDateTime &tick : ticks)
        axis->append(QLocale::c().toString(tick, format), qreal(tick.toMSecsSinceEpoch()));
    axis->setRange(qreal(fromMs), qreal(std::max(toMs, fromMs + 1)));
}

} // namespace

UsagePage::UsagePage(DashboardSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new UsageReportModel(session, this))
    , m_license(new QComboBox(this))
    , m_range(new QComboBox(this))
    , m_from(new QDateEdit(this))
    , m_to(new QDateEdit(this))
    , m_step(new QComboBox(this))
    , m_refresh(new QPushButton(this))
    , m_csvButton(new QPushButton(this))
    , m_pdfButton(new QPushButton(this))
    , m_status(new QLabel(this))
    , m_licenseLabel(new QLabel(this))
    , m_rangeLabel(new QLabel(this))
    , m_fromLabel(new QLabel(this))
    , m_toLabel(new QLabel(this))
    , m_stepLabel(new QLabel(this))
    , m_chartTitle(new QLabel(this))
    , m_chartView(new QChartView(new QChart, this))
    , m_legend(new ChartLegend(this))
    , m_peak(new QLineSeries)
    , m_mean(new QLineSeries)
    , m_owned(new QLineSeries)
    , m_p95(new QLineSeries)
    , m_borrowed(new QLineSeries)
    , m_denied(new QScatterSeries)
    , m_x(new QCategoryAxis)
    , m_y(new QValueAxis)
    , m_figuresBox(new QGroupBox(this))
    , m_whatIf(new QGroupBox(this))
    , m_whatIfStatus(new QLabel(u"—"_s, m_whatIf))
    , m_whatIfSentence(new QLabel(m_whatIf))
    , m_whatIfTable(new QTableWidget(0, whatIfColumnCount, m_whatIf))
    , m_details(new QTabWidget(this))
    , m_histogram(makeTable(this, u"usageHistogram"_s))
    , m_heatmap(new UsageHeatmap(this))
    , m_holders(makeTable(this, u"usageHolders"_s))
    , m_groups(makeTable(this, u"usageGroups"_s))
    , m_reservations(makeTable(this, u"usageReservations"_s))
    , m_historyNote(new QLabel(this))
    , m_suggestionWhy(new QLabel(this))
    , m_borrowedLine(new QLabel(this))
    , m_exportCsv(new QAction(this))
    , m_exportPdf(new QAction(this))
{
    setObjectName(u"usagePage"_s);
    m_license->setObjectName(u"usageLicense"_s);
    m_range->setObjectName(u"usageRange"_s);
    m_from->setObjectName(u"usageFrom"_s);
    m_to->setObjectName(u"usageTo"_s);
    m_step->setObjectName(u"usageStep"_s);
    m_refresh->setObjectName(u"usageRefresh"_s);
    m_status->setObjectName(u"usageStatus"_s);
    m_chartView->setObjectName(u"usageChart"_s);
    m_whatIf->setObjectName(u"usageWhatIf"_s);
    m_whatIfStatus->setObjectName(u"usageWhatIfStatus"_s);
    m_whatIfSentence->setObjectName(u"usageWhatIfSentence"_s);
    m_whatIfTable->setObjectName(u"usageWhatIfTable"_s);
    m_exportCsv->setObjectName(u"actionUsageExportCsv"_s);
    m_exportPdf->setObjectName(u"actionUsageExportPdf"_s);

    m_license->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // Grows when the language changes at run time ("90 derniers jours" is longer).
    m_range->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (int i = 0; i < 5; ++i)
        m_range->addItem(QString(), QVariant::fromValue(Range(i)));
    for (UsageStep step : {UsageStep::Hour, UsageStep::Day, UsageStep::Week, UsageStep::Month})
        m_step->addItem(QString(), QVariant::fromValue(step));
    for (QDateEdit *edit : {m_from, m_to}) {
        edit->setDisplayFormat(u"yyyy-MM-dd"_s);
        edit->setCalendarPopup(true);
    }
    m_range->setCurrentIndex(int(Range::Last30Days));
    m_licenseLabel->setBuddy(m_license);
    m_rangeLabel->setBuddy(m_range);
    m_fromLabel->setBuddy(m_from);
    m_toLabel->setBuddy(m_to);
    m_stepLabel->setBuddy(m_step);

    // Ctrl+E and Ctrl+P act anywhere in the window while this page is shown (whatever has the focus
    // on it, a tab of the right-hand panel too), and only then: they are enabled while it shows.
    m_exportCsv->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportPdf->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    for (QAction *a : {m_exportCsv, m_exportPdf}) {
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
    }
    connect(m_exportCsv, &QAction::triggered, this, &UsagePage::exportCsvWithDialog);
    connect(m_exportPdf, &QAction::triggered, this, &UsagePage::exportPdfWithDialog);
    connect(m_csvButton, &QPushButton::clicked, m_exportCsv, &QAction::trigger);
    connect(m_pdfButton, &QPushButton::clicked, m_exportPdf, &QAction::trigger);
    connect(m_refresh, &QPushButton::clicked, this, &UsagePage::reload);

    // Two rows, so that they fit a narrow window (1280x720 at 150 %) in either language: what is
    // shown, then how it is cut and what to do with it.
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_licenseLabel);
    controls->addWidget(m_license);
    controls->addSpacing(8);
    controls->addWidget(m_rangeLabel);
    controls->addWidget(m_range);
    controls->addWidget(m_fromLabel);
    controls->addWidget(m_from);
    controls->addWidget(m_toLabel);
    controls->addWidget(m_to);
    controls->addStretch(1);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_stepLabel);
    actions->addWidget(m_step);
    actions->addWidget(m_refresh);
    actions->addStretch(1);
    actions->addWidget(m_csvButton);
    actions->addWidget(m_pdfButton);
    m_license->setMinimumContentsLength(12);

    // The chart: each bucket's peak and mean in use as steps, the seats owned dashed, the range's
    // p95 dotted, and a red mark on each bucket with true denials.
    QChart *chart = m_chartView->chart();
    chart->setTheme(StatePalette::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    // The title over the chart wraps too: Qt Charts' cuts it to one line ("Sièges utilisés, ACME…"
    // in French at 150 %, walk 27 F7).
    m_chartTitle->setObjectName(u"usageChartTitle"_s);
    m_chartTitle->setTextFormat(Qt::PlainText);
    m_chartTitle->setWordWrap(true);
    m_chartTitle->setAlignment(Qt::AlignCenter);
    QFont titleFont = m_chartTitle->font();
    titleFont.setBold(true);
    m_chartTitle->setFont(titleFont);
    // The legend under the chart wraps its entries (Qt Charts' shortens them: "Utilisation moy…").
    chart->legend()->hide();
    m_legend->setObjectName(u"usageChartLegend"_s);
    m_legend->setContentsMargins(4, 0, 4, 4);
    QPen peakPen(StatePalette::colour(StatePalette::Accent));
    peakPen.setWidthF(2);
    m_peak->setPen(peakPen);
    QPen meanPen(StatePalette::colour(StatePalette::Live));
    meanPen.setWidthF(1.5);
    m_mean->setPen(meanPen);
    // The seats owned and the p95 are drawn over the peak, and as wide, so that they stay in sight
    // where the peak reaches them.
    QPen ownedPen(StatePalette::colour(StatePalette::Muted));
    ownedPen.setStyle(Qt::DashLine);
    ownedPen.setWidthF(2);
    m_owned->setPen(ownedPen);
    // The p95 is a statistic of the peak: the peak's blue, dotted (walk 55, 5: in amber it read as
    // the borrowed seats' olive).
    QPen p95Pen(StatePalette::colour(StatePalette::Accent));
    p95Pen.setStyle(Qt::DotLine);
    p95Pen.setWidthF(2);
    m_p95->setPen(p95Pen);
    // The borrowed seats (issue 27), part of the seats in use, in the colour of their seat bar on
    // the Seats page (the fill: 3:1 on the chart's background in either theme).
    QPen borrowedPen(StatePalette::fill(StatePalette::Borrowed));
    borrowedPen.setWidthF(2);
    m_borrowed->setPen(borrowedPen);
    m_denied->setColor(StatePalette::colour(StatePalette::Denied));
    m_denied->setBorderColor(chart->backgroundBrush().color());
    m_denied->setMarkerSize(9);
    m_denied->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(m_mean), static_cast<QAbstractSeries *>(m_peak),
                               static_cast<QAbstractSeries *>(m_owned), static_cast<QAbstractSeries *>(m_p95),
                               static_cast<QAbstractSeries *>(m_borrowed), static_cast<QAbstractSeries *>(m_denied)})
        chart->addSeries(s);
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_y->setLabelFormat(u"%d"_s);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(230);

    auto *figures = new QGridLayout(m_figuresBox);
    for (int i = 0; i < figureCount; ++i) {
        auto *caption = new QLabel(m_figuresBox);
        auto *value = new QLabel(m_figuresBox);
        value->setObjectName(u"usageFigure"_s + QString::fromLatin1(QMetaEnum::fromType<Figure>().key(i)));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont bold = value->font();
        bold.setBold(true);
        value->setFont(bold);
        figures->addWidget(caption, i % 4, (i / 4) * 2);
        figures->addWidget(value, i % 4, (i / 4) * 2 + 1);
        m_figures.append(std::pair {caption, value});
    }
    // Why the suggestion is above the peak, when it is: the numbers beside it would say otherwise.
    m_suggestionWhy->setObjectName(u"usageSuggestionWhy"_s);
    m_suggestionWhy->setWordWrap(true);
    m_suggestionWhy->hide();
    figures->addWidget(m_suggestionWhy, 4, 0, 1, 4);
    // Walk 55a, 4: the PDF had the borrowed seats among its key figures and the page had not.
    m_borrowedLine->setObjectName(u"usageBorrowedLine"_s);
    m_borrowedLine->setWordWrap(true);
    m_borrowedLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_borrowedLine->hide();
    figures->addWidget(m_borrowedLine, 5, 0, 1, 4);
    figures->setColumnStretch(0, 1);
    figures->setColumnStretch(2, 1);
    {
        // The suggestion is what an admin takes to the budget meeting: larger.
        QLabel *suggested = figure(Figure::Suggested);
        QFont big = suggested->font();
        big.setPointSizeF(big.pointSizeF() * 1.3);
        suggested->setFont(big);
    }

    // The what-if table comes later; its place is kept.
    auto *whatIfLayout = new QVBoxLayout(m_whatIf);
    m_whatIfStatus->setAlignment(Qt::AlignCenter);
    m_whatIfStatus->setWordWrap(true);
    m_whatIfSentence->setWordWrap(true);
    m_whatIfSentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_whatIfTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_whatIfTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_whatIfTable->verticalHeader()->hide();
    m_whatIfTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_whatIfTable->horizontalHeader()->setStretchLastSection(true);
    m_whatIfTable->setMinimumHeight(120);
    whatIfLayout->addWidget(m_whatIfStatus);
    whatIfLayout->addWidget(m_whatIfSentence);
    whatIfLayout->addWidget(m_whatIfTable, 1);

    m_details->setObjectName(u"usageDetails"_s);
    m_details->addTab(m_histogram, QString());
    m_details->addTab(m_heatmap, QString());
    m_details->addTab(m_holders, QString());
    m_details->addTab(m_groups, QString());
    m_details->addTab(m_reservations, QString());

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_chartTitle);
    leftLayout->addWidget(m_chartView, 1);
    leftLayout->addWidget(m_legend);
    leftLayout->addWidget(m_figuresBox);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_details, 1);
    rightLayout->addWidget(m_whatIf);
    m_details->setMinimumHeight(200);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"usageSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    // Half and half: the What-if table's eight columns need the room, in French too.
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    // Below the controls the page scrolls rather than squeezes: on a narrow window the two columns
    // stand one above the other (see resizeEvent), each at a readable size.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(u"usageScroll"_s);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_splitter);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(controls);
    layout->addLayout(actions);
    layout->addWidget(m_status);
    m_historyNote->setObjectName(u"usageHistoryNote"_s);
    m_historyNote->setWordWrap(true);
    m_historyNote->hide();
    layout->addWidget(m_historyNote);
    layout->addWidget(m_scroll, 1);
    m_chartView->installEventFilter(this);

    // A license chosen here (not one the page followed) stays; the index change asks for it.
    connect(m_license, &QComboBox::activated, this, [this] { m_licensePicked = true; });
    connect(m_license, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_settingControls)
            reload();
    });
    connect(m_range, &QComboBox::currentIndexChanged, this, &UsagePage::rangeChosen);
    // The To date cannot go before From, nor either after today: a custom range is whole local days
    // from the start of From to the end of To, never another range than the one the dates say.
    connect(m_from, &QDateEdit::dateChanged, this, [this](QDate date) {
        {
            const QSignalBlocker block(m_to);
            const QDate to = m_to->date();
            m_to->setMinimumDate(date);
            if (to < date)
                m_to->setDate(date);
        }
        datesEdited();
    });
    connect(m_to, &QDateEdit::dateChanged, this, &UsagePage::datesEdited);
    connect(m_step, &QComboBox::currentIndexChanged, this, &UsagePage::stepChosen);
    connect(&session.licenses(), &QAbstractItemModel::modelReset, this, &UsagePage::refreshLicenses);
    connect(&session.licenses(), &QAbstractItemModel::rowsInserted, this, &UsagePage::refreshLicenses);
    connect(&session.licenses(), &QAbstractItemModel::rowsRemoved, this, &UsagePage::refreshLicenses);
    connect(m_model, &UsageReportModel::reportChanged, this, &UsagePage::showReport);
    connect(m_model, &UsageReportModel::loadingChanged, this, &UsagePage::showStatus);
    connect(m_model, &UsageReportModel::failed, this, &UsagePage::showStatus);
    connect(m_model, &UsageReportModel::whatIfChanged, this, &UsagePage::showWhatIf);
    // Another connection: the report went with it; the next one is asked for when the page shows.
    connect(&session, &DashboardSession::clientChanged, this, [this] {
        m_licensePicked = false;
        refreshLicenses();
    });

    rangeChosen();
    retranslate();
    showReport();
    showWhatIf();
}

UsagePage::~UsagePage() = default;

QLabel *UsagePage::figure(Figure which) const
{
    return m_figures.value(int(which)).second;
}

QString UsagePage::licenseId() const
{
    return m_license->currentData().toString();
}

UsageStep UsagePage::automaticStep(double days)
{
    if (days <= 2.0)
        return UsageStep::Hour;
    if (days <= 120.0)
        return UsageStep::Day;
    return UsageStep::Week;
}

std::pair<QDateTime, QDateTime> UsagePage::rangeEnds() const
{
    const Range range = m_range->currentData().value<Range>();
    const QDateTime now = m_session.serverClock().now();
    // Today and the days before it, from local midnight: the day buckets are whole days.
    const auto last = [&](int days) {
        return std::pair {now.toLocalTime().date().addDays(1 - days).startOfDay().toUTC(), now};
    };
    switch (range) {
    case Range::Last7Days:
        return last(7);
    case Range::Last30Days:
        return last(30);
    case Range::Last90Days:
        return last(90);
    case Range::Last365Days:
        return last(365);
    case Range::Custom:
        break;
    }
    // Whole local days, from the start of the first to the end of the last (no later than now).
    QDateTime from = m_from->date().startOfDay();
    QDateTime to = m_to->date().addDays(1).startOfDay();
    if (to > now)
        to = now;
    return {from.toUTC(), to.toUTC()};
}

UsageQuery UsagePage::query() const
{
    UsageQuery q;
    const auto [from, to] = rangeEnds();
    q.from = from.toUTC();
    q.to = to.toUTC();
    q.step = m_step->currentData().value<UsageStep>();
    // The site's zone is this computer's: days, weeks and the hour-of-week heatmap in local time.
    const QByteArray zone = QTimeZone::systemTimeZoneId();
    q.timeZone = QTimeZone(zone).isValid() ? QString::fromUtf8(zone) : QString();
    return q;
}

void UsagePage::limitDates()
{
    const bool setting = std::exchange(m_settingControls, true);
    m_to->setMinimumDate(m_from->date());
    m_settingControls = setting;
}

void UsagePage::rangeChosen()
{
    const Range range = m_range->currentData().value<Range>();
    limitDates();
    if (range != Range::Custom) {
        const auto [from, to] = rangeEnds();
        m_settingControls = true;
        m_to->setMinimumDate(QDate(1970, 1, 1));
        m_from->setDate(from.toLocalTime().date());
        m_to->setDate(to.toLocalTime().date());
        m_to->setMinimumDate(m_from->date());
        m_settingControls = false;
    }
    m_stepPicked = false;
    pickStep();
    reload();
}

void UsagePage::datesEdited()
{
    if (m_settingControls)
        return;
    // Editing a date makes the range a custom one.
    if (m_range->currentData().value<Range>() != Range::Custom) {
        const QSignalBlocker block(m_range);
        m_range->setCurrentIndex(int(Range::Custom));
    }
    m_stepPicked = false;
    pickStep();
    reload();
}

void UsagePage::stepChosen()
{
    if (m_settingControls)
        return;
    m_stepPicked = true;
    reload();
}

void UsagePage::pickStep()
{
    if (m_stepPicked)
        return;
    const auto [from, to] = rangeEnds();
    const double days = double(from.msecsTo(to)) / 86'400'000.0;
    const int index = m_step->findData(QVariant::fromValue(automaticStep(days)));
    m_settingControls = true;
    m_step->setCurrentIndex(index);
    m_settingControls = false;
}

void UsagePage::refreshLicenses()
{
    const LicenseListModel &licenses = m_session.licenses();
    QString current = m_license->currentData().toString();
    // Until the person picks one here, the page shows the license selected on the Seats page.
    if (!m_licensePicked && !m_session.selectedLicenses().isEmpty())
        current = m_session.selectedLicenses().constFirst();
    QStringList ids = licenses.licenseIds();
    // A simulator sandbox's seats are staged by scenarios, not used: no usage to size a license by
    // (docs/TRAINING.md), and its long name pushed Range, From and To aside (walk 55, 5).
    ids.removeIf([](const QString &id) { return DemoCatalogue::isSandboxLicense(id); });
    std::sort(ids.begin(), ids.end());
    QStringList listed;
    for (int i = 0; i < m_license->count(); ++i)
        listed << m_license->itemData(i).toString();
    m_settingControls = true;
    if (listed != ids) { // else an open list stays open
        m_license->clear();
        for (const QString &id : std::as_const(ids))
            m_license->addItem(licenseTitle(id), id);
    }
    int index = m_license->findData(current);
    if (index < 0 && m_license->count() > 0)
        index = 0;
    m_license->setCurrentIndex(index);
    m_settingControls = false;
    if (licenseId() != m_model->requestedLicense() && isVisible())
        reload();
}

QString UsagePage::licenseTitle(const QString &licenseId) const
{
    const LicenseSummary *license = m_session.licenses().license(licenseId);
    if (!license || license->name.isEmpty() || license->name == licenseId)
        return licenseId;
    return tr("%1 (%2)").arg(license->name, licenseId);
}

void UsagePage::updateExportActions()
{
    const bool on = m_model->report().has_value() && isVisible();
    m_exportCsv->setEnabled(on);
    m_exportPdf->setEnabled(on);
}

void UsagePage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateExportActions();
}

void UsagePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateExportActions();
    if (!m_licensePicked && !m_session.selectedLicenses().isEmpty()
        && m_session.selectedLicenses().constFirst() != licenseId()) {
        const int index = m_license->findData(m_session.selectedLicenses().constFirst());
        if (index >= 0) {
            m_settingControls = true;
            m_license->setCurrentIndex(index);
            m_settingControls = false;
        }
    }
    limitDates();
    // Shown again after a while (another page, then back), the report is asked for again with the
    // range, step and license chosen: a range that reaches today has moved on (walk 27, A6).
    const QDateTime now = m_session.serverClock().now();
    const bool stale = !m_askedAt.isValid() || now < m_askedAt || m_askedAt.secsTo(now) >= staleAfterSeconds;
    if (!m_model->report() || m_model->requestedLicense() != licenseId() || stale)
        reload();
}

void UsagePage::reload()
{
    if (m_settingControls)
        return;
    if (licenseId().isEmpty() || !isVisible()) {
        showStatus();
        return;
    }
    // A From after today is no range: said, and not asked.
    const auto [from, to] = rangeEnds();
    m_rangeRefused = from >= to;
    if (m_rangeRefused) {
        showStatus();
        return;
    }
    m_askedAt = m_session.serverClock().now();
    m_model->fetch(licenseId(), query());
    showStatus();
}

void UsagePage::showStatus()
{
    const bool refused = m_rangeRefused && m_range->currentData().value<Range>() == Range::Custom;
    if (refused)
        m_status->setText(tr("The range starts after today: pick a From date no later than %1.")
                              .arg(m_session.serverClock().now().toLocalTime().date().toString(u"yyyy-MM-dd"_s)));
    else if (m_model->isLoading())
        m_status->setText(tr("Asking the server for the usage of %1…").arg(m_model->requestedLicense()));
    else if (m_model->hasError())
        m_status->setText(tr("The usage of %1 could not be read: %2")
                              .arg(m_model->requestedLicense(), DashboardSession::describeError(m_model->error())));
    else if (!m_model->report())
        m_status->setText(m_license->count() == 0 ? tr("No license to show.") : tr("No usage shown yet."));
    else
        m_status->setText(rangeText(*m_model->report()));
    QPalette pal = m_status->palette();
    pal.setColor(QPalette::WindowText,
                 m_model->hasError() || refused ? StatePalette::colour(StatePalette::Failed)
                                                : palette().color(QPalette::WindowText));
    m_status->setPalette(pal);
}

QString UsagePage::rangeText(const UsageReport &report) const
{
    return tr("%1, %2 to %3 (%4)")
        .arg(licenseTitle(report.licenseId), rangeTime(report.from, report), rangeTime(report.to, report),
             report.timeZone.isEmpty() ? u"UTC"_s : report.timeZone);
}

void UsagePage::showReport()
{
    const std::optional<UsageReport> &report = m_model->report();
    updateExportActions();
    m_csvButton->setEnabled(report.has_value());
    m_pdfButton->setEnabled(report.has_value());
    if (!report) {
        fillChart(UsageReport {});
        fillTables(UsageSummary {});
        for (const auto &[caption, value] : std::as_const(m_figures)) {
            value->setText(u"—"_s);
            value->setToolTip(QString());
        }
        m_heatmap->setData({}, {});
        m_historyNote->hide();
        m_suggestionWhy->hide();
        m_borrowedLine->hide();
        showStatus();
        return;
    }
    fillChart(*report);
    fillTables(report->summary);
    fillFigures(*report);
    m_heatmap->setData(report->summary.heatmapMean, report->summary.heatmapPeak);
    // A range that starts before the license's first bucket: the chart starts later, and says why.
    const QDateTime first = report->buckets.isEmpty()
        ? QDateTime()
        : QDateTime::fromMSecsSinceEpoch(report->buckets.constFirst().startMs, zoneOf(*report));
    const bool later = first.isValid() && report->from.msecsTo(first) >= report->buckets.constFirst().lengthMs;
    m_historyNote->setText(later ? tr("The history starts on %1: there is nothing to show before.")
                                       .arg(locale().toString(first.toLocalTime().date(), QLocale::LongFormat))
                                 : QString());
    if (report->buckets.isEmpty()) {
        // A range before the license's history (walk 25e): no figures rather than zeros beside the
        // What-if's own seat count.
        m_historyNote->setText(tr("Nothing was recorded for this license in this range: its history starts later."));
        for (Figure f : {Figure::SeatsOwned, Figure::Peak, Figure::Suggested})
            figure(f)->setText(u"—"_s);
        m_suggestionWhy->hide();
    }
    // Borrowed seats (issue 27): how many of the peak were laptops away, which more seats on site
    // would not have served; and where the history did not record them yet.
    QStringList borrowNotes;
    const UsageSummary &summary = report->summary;
    if (summary.borrowedAtPeak && *summary.borrowedAtPeak > 0) {
        // The peak in brackets: "of the 1 seats" read wrong (walk 56b, 7), and only %n can agree.
        borrowNotes.append(tr("%n of the seats in use at the peak (%1) were borrowed: laptops away count until they "
                              "come back or expire.",
                              nullptr, *summary.borrowedAtPeak)
                               .arg(summary.peak));
    }
    if (summary.borrowRecordedFrom.isValid()) {
        borrowNotes.append(
            tr("Borrowed seats are not recorded before %1.").arg(rangeTime(summary.borrowRecordedFrom, *report)));
    }
    // A demo server's history (--demo) is made up before the moment it started: said, so that
    // nobody sizes a license on it, as `keyright report` says it.
    if (report->demoUntil.isValid() && report->demoUntil > report->from) {
        borrowNotes.append(tr("The figures before %1 are made up by the demo server, to show the page at work; "
                              "only what follows is this server's own record.")
                               .arg(rangeTime(report->demoUntil, *report)));
    }
    if (!borrowNotes.isEmpty()) {
        borrowNotes.prepend(m_historyNote->text());
        borrowNotes.removeAll(QString());
        m_historyNote->setText(borrowNotes.join(u' '));
    }
    m_historyNote->setVisible(!m_historyNote->text().isEmpty());
    showStatus();
}

void UsagePage::fillChart(const UsageReport &report)
{
    QList<QPointF> peak, mean, owned, denied, borrowed;
    int top = 1;
    for (const usage::Bucket &b : report.buckets) {
        const qreal start = qreal(b.startMs);
        const qreal end = qreal(b.startMs + b.lengthMs);
        peak << QPointF(start, b.peak) << QPointF(end, b.peak);
        const double m = UsageReportModel::meanInUse(b);
        mean << QPointF(start, m) << QPointF(end, m);
        owned << QPointF(start, b.seatsOwned) << QPointF(end, b.seatsOwned);
        if (b.trueDenials > 0)
            denied << QPointF((start + end) / 2, b.peak);
        // Only where the history recorded them (an older one did not): no line rather than a 0.
        if (b.borrowRecorded) {
            const double lent = UsageReportModel::meanBorrowed(b);
            borrowed << QPointF(start, lent) << QPointF(end, lent);
        }
        top = std::max({top, b.peak, b.seatsOwned});
    }
    m_peak->replace(peak);
    m_mean->replace(mean);
    m_owned->replace(owned);
    m_borrowed->replace(borrowed);
    // A range without a seat borrowed draws no line for them (and no legend entry).
    m_borrowed->setVisible(report.summary.borrowedPeak > 0);
    showLegend();
    m_denied->replace(denied);
    if (!report.buckets.isEmpty()) {
        const qreal start = qreal(report.buckets.constFirst().startMs);
        const qreal end = qreal(report.buckets.constLast().startMs + report.buckets.constLast().lengthMs);
        m_p95->replace({QPointF(start, report.summary.p95), QPointF(end, report.summary.p95)});
        // The range asked for, not only the buckets: a history that starts inside it leaves the
        // time before empty, as the note under the chart says, rather than one day drawn over the
        // whole width without a date (walk 57a, F5).
        m_xFromMs = report.from.isValid() ? std::min(qint64(start), report.from.toMSecsSinceEpoch()) : qint64(start);
        m_xToMs = report.to.isValid() ? std::max(qint64(end), report.to.toMSecsSinceEpoch()) : qint64(end);
        m_xZone = zoneOf(report);
        m_chartBuckets = int(report.buckets.size());
        // Hours where a tick may fall inside a day: hour steps, and ranges of a few days.
        const bool hours = report.step == UsageStep::Hour || report.step == UsageStep::Minute
            || m_xToMs - m_xFromMs <= 4 * 86'400'000;
        m_xHours = hours;
        m_xFormat = hours ? u"MM-dd HH:mm"_s : u"yyyy-MM-dd"_s;
    } else {
        m_p95->clear();
        m_chartBuckets = 0;
        m_xFromMs = m_xToMs = 0;
    }
    fitTicks();
    m_yTop = top;
    fitTicks();
    retranslate();
}

void UsagePage::fitTicks()
{
    // As many date labels as the chart's width holds whole (never "…"), on natural boundaries of the
    // site's time zone: hours, day starts, Mondays or the first of months.
    const QFontMetrics metrics(m_x->labelsFont());
    const int label
        = metrics.horizontalAdvance(QLocale::c().toString(QDateTime(QDate(2026, 12, 28), QTime(23, 0)), m_xFormat))
        + metrics.averageCharWidth() * 3;
    const int plot = std::max(1, m_chartView->width() - 6 * metrics.averageCharWidth() - 24);
    const int text
        = metrics.horizontalAdvance(QLocale::c().toString(QDateTime(QDate(2026, 12, 28), QTime(23, 0)), m_xFormat));
    // Left of the plot the seat counts' labels give a label some room; right of it only the margin.
    m_ticks = ticksWithinChart(naturalTicks(m_xFromMs, m_xToMs, m_xZone, m_xHours, plot, label), m_xFromMs, m_xToMs,
                               plot, text, metrics.horizontalAdvance(u"00"_s) + 8, 4);
    setTimeTicks(m_x, m_ticks, m_xFormat, m_xFromMs, m_xToMs);

    // Whole seats, with a little room above the highest value, at a step of 1, 2 or 5 times a power
    // of ten that leaves each label its line's height (never "…").
    const int lineHeight = QFontMetrics(m_y->labelsFont()).height();
    const int plotHeight = std::max(1, m_chartView->height() - 7 * lineHeight);
    const int mostTicks = std::max(2, plotHeight * 2 / (lineHeight * 3));
    const auto fits = [&](int step) { return (m_yTop + step) / step + 1 <= mostTicks; };
    int step = 1;
    for (int power = 1; !fits(step) && power < 1'000'000; power *= 10)
        for (int f : {1, 2, 5})
            if (!fits(step))
                step = f * power;
    const int ticks = (m_yTop + step) / step;
    m_y->setRange(0, ticks * step);
    m_y->setTickCount(ticks + 1);
}

bool UsagePage::chartLabelsFit() const
{
    const QFontMetrics metrics(m_x->labelsFont());
    const int label
        = metrics.horizontalAdvance(QLocale::c().toString(QDateTime(QDate(2026, 12, 28), QTime(23, 0)), m_xFormat));
    const QRectF plot = m_chartView->chart()->plotArea();
    const int lineHeight = QFontMetrics(m_y->labelsFont()).height();
    if (m_ticks.size() < 2 || m_xToMs <= m_xFromMs)
        return false;
    qint64 gap = m_xToMs - m_xFromMs;
    for (qsizetype i = 1; i < m_ticks.size(); ++i)
        gap = std::min(gap, m_ticks.at(i - 1).msecsTo(m_ticks.at(i)));
    const double span = double(m_xToMs - m_xFromMs);
    const double chartWidth = m_chartView->chart()->size().width();
    for (const QDateTime &tick : m_ticks) {
        const double x = plot.left() + plot.width() * double(tick.toMSecsSinceEpoch() - m_xFromMs) / span;
        if (x - label / 2.0 < 0 || x + label / 2.0 > chartWidth)
            return false;
    }
    return plot.width() * double(gap) / span >= label && m_y->tickCount() >= 2
        && plot.height() / (m_y->tickCount() - 1) >= lineHeight;
}

void UsagePage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Side by side where both columns get their room, else one above the other, scrolled.
    const bool narrow = event->size().width() < 1100;
    m_splitter->setOrientation(narrow ? Qt::Vertical : Qt::Horizontal);
    fitWhatIfTable();
}

void UsagePage::fitDetailTables()
{
    // The tables of the tabs are as tall as their rows, like the What-if table: at 1280x720 and
    // 150 % the Concurrency table was a scroll box inside the scrolling page (walk 25c). They grow
    // with the room the tabs have, never below their rows.
    for (QTableWidget *table : {m_histogram, m_holders, m_groups, m_reservations}) {
        table->resizeRowsToContents();
        int height = 2 * table->frameWidth() + table->horizontalHeader()->sizeHint().height();
        for (int r = 0; r < table->rowCount(); ++r)
            height += table->rowHeight(r);
        if (table->horizontalScrollBar()->isVisible())
            height += table->horizontalScrollBar()->sizeHint().height();
        table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        table->setMinimumHeight(height);
    }
    // The tabs as tall as their tallest page needs: a least height of their own would squeeze it.
    m_details->setMinimumHeight(0);
    m_details->setMinimumHeight(std::max(200, m_details->minimumSizeHint().height()));
}

void UsagePage::fitWhatIfTable()
{
    fitDetailTables();
    // The What-if table is as tall as its rows, side by side or one column above the other: a
    // scroll box inside the scrolling page showed three rows at a time (walk 25b). The page's
    // scroll is the only one.
    m_whatIfTable->resizeRowsToContents();
    int rowsHeight = 2 * m_whatIfTable->frameWidth() + m_whatIfTable->horizontalHeader()->sizeHint().height();
    for (int r = 0; r < m_whatIfTable->rowCount(); ++r)
        rowsHeight += m_whatIfTable->rowHeight(r);
    if (m_whatIfTable->horizontalScrollBar()->isVisible())
        rowsHeight += m_whatIfTable->horizontalScrollBar()->sizeHint().height();
    rowsHeight = std::max(rowsHeight, 120);
    m_whatIfTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_whatIfTable->setFixedHeight(rowsHeight);
    // One column above the other, the page as tall as the chart at a readable size and the table's
    // rows need (the table's first 120 pixels are in the 860), and never less than both columns
    // at their least for the width (the What-if sentence wraps): else the page's end is cut.
    // Each column is held to its least height for the width: the splitter goes by the least size
    // without the wrapping, and gave the What-if box less than its sentence and rows take.
    const bool vertical = m_splitter->orientation() == Qt::Vertical;
    int least = 0;
    if (vertical) {
        const int width = std::max(1, m_scroll->viewport()->width());
        least = m_splitter->handleWidth();
        for (int i = 0; i < m_splitter->count(); ++i) {
            QWidget *column = m_splitter->widget(i);
            column->setMinimumHeight(0);
            const int height = column->layout() && column->layout()->hasHeightForWidth()
                ? column->layout()->totalMinimumHeightForWidth(width)
                : column->minimumSizeHint().height();
            column->setMinimumHeight(height);
            least += height;
        }
        // Room for the chart above its least height.
        least = std::max(860 + rowsHeight - 120, least + 40);
    } else {
        for (int i = 0; i < m_splitter->count(); ++i)
            m_splitter->widget(i)->setMinimumHeight(0);
    }
    m_splitter->setMinimumHeight(least);
}

bool UsagePage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_chartView && event->type() == QEvent::Resize)
        fitTicks();
    return QWidget::eventFilter(watched, event);
}

int UsagePage::chartBucketCount() const
{
    return int(m_peak->count() / 2);
}

int UsagePage::trueDenialMarkCount() const
{
    return int(m_denied->count());
}

void UsagePage::showLegend()
{
    QList<QAbstractSeries *> shown;
    for (QAbstractSeries *series : m_chartView->chart()->series()) {
        if (series->isVisible())
            shown.append(series);
    }
    m_legend->setEntries(ChartLegend::entriesOf(shown));
}

int UsagePage::chartBorrowedCount() const
{
    return int(m_borrowed->count() / 2);
}

double UsagePage::chartBorrowedAt(int bucket) const
{
    return m_borrowed->at(bucket * 2).y();
}

double UsagePage::chartPeakAt(int bucket) const
{
    return m_peak->at(bucket * 2).y();
}

double UsagePage::chartMeanAt(int bucket) const
{
    return m_mean->at(bucket * 2).y();
}

void UsagePage::fillTables(const UsageSummary &summary)
{
    const QLocale l = locale();
    m_histogram->setRowCount(int(summary.atLeast.size()));
    for (int k = 0; k < summary.atLeast.size(); ++k)
        setRow(m_histogram, k, tr("At least %n seat(s) in use", nullptr, k + 1),
               tr("%1 % of the time").arg(l.toString(summary.atLeast.at(k) * 100.0, 'f', 1)));
    const auto fillShares = [&l](QTableWidget *table, const QList<UsageSummary::Share> &shares) {
        table->setRowCount(int(shares.size()));
        for (int r = 0; r < shares.size(); ++r)
            setRow(table, r, shares.at(r).name, l.toString(shares.at(r).seatHours, 'f', 1));
    };
    fillShares(m_holders, summary.topHolders);
    fillShares(m_groups, summary.topGroups);
    m_reservations->setRowCount(int(summary.reservedIdleSeatHours.size()));
    int r = 0;
    for (auto it = summary.reservedIdleSeatHours.cbegin(); it != summary.reservedIdleSeatHours.cend(); ++it, ++r)
        setRow(m_reservations, r, it.key(), l.toString(it.value(), 'f', 1));
    fitWhatIfTable();
}

void UsagePage::fillFigures(const UsageReport &report)
{
    const UsageSummary &s = report.summary;
    const QLocale l = locale();
    const QTimeZone zone = zoneOf(report);
    figure(Figure::SeatsOwned)->setText(QString::number(s.seatsOwned));
    figure(Figure::Peak)->setText(QString::number(s.peak));
    const QString firstReached = s.peakAt.isValid()
        ? tr("First reached at %1").arg(s.peakAt.toTimeZone(zone).toString(u"yyyy-MM-dd HH:mm"_s))
        : QString();
    figure(Figure::Peak)->setToolTip(firstReached);
    // The caption's tooltip says it too: that is where a reader points first (walk 25d).
    m_figures.at(int(Figure::Peak))
        .first->setToolTip(
            firstReached.isEmpty()
                ? tr("The most seats in use at any moment of the range, however short")
                : tr("The most seats in use at any moment of the range, however short. %1").arg(firstReached));
    figure(Figure::P95)->setText(QString::number(s.p95));
    figure(Figure::P95WorkingHours)->setText(QString::number(s.p95WorkingHours));
    figure(Figure::Utilization)->setText(tr("%1 %").arg(l.toString(s.utilization * 100.0, 'f', 1)));
    figure(Figure::TrueDenials)->setText(QString::number(s.trueDenials));
    figure(Figure::TrueDenials)
        ->setToolTip(tr("%n checkout(s) refused in all; the true denials are those whose holder got no seat soon "
                        "after.",
                        nullptr, s.denialCount()));
    figure(Figure::LongestWait)
        ->setText(s.longestWaitMs > 0 ? formatDuration(std::chrono::milliseconds(s.longestWaitMs)) : u"—"_s);
    showBorrowedLine(s);
    showSuggestion();
}

void UsagePage::showBorrowedLine(const UsageSummary &summary)
{
    const QString borrowed = borrowedFigure(summary, locale());
    m_borrowedLine->setText(borrowed.isEmpty() ? QString() : borrowed + u'.');
    m_borrowedLine->setVisible(!borrowed.isEmpty());
}

void UsagePage::showSuggestion()
{
    const std::optional<UsageReport> &report = m_model->report();
    if (!report)
        return;
    if (report->buckets.isEmpty()) {
        figure(Figure::Suggested)->setText(u"—"_s);
        m_suggestionWhy->hide();
        return;
    }
    const UsageSummary &s = report->summary;
    const int suggested = UsageReportModel::suggestedSeats(s, m_model->whatIf());
    figure(Figure::Suggested)->setText(QString::number(suggested));
    QString why;
    const std::optional<WhatIfReport> &whatIf = m_model->whatIf();
    if (suggested > s.peak) {
        QStringList groups;
        double idle = 0;
        for (auto it = s.reservedIdleSeatHours.cbegin(); it != s.reservedIdleSeatHours.cend(); ++it)
            if (it.value() > 0) {
                groups << it.key();
                idle += it.value();
            }
        const QString reserved = groups.isEmpty()
            ? QString()
            : tr("The seats reserved for %1 stood idle %2 seat-hours in the range: the others need seats of their "
                 "own.")
                  .arg(groups.join(u", "_s), locale().toString(idle, 'f', 1));
        if (UsageReportModel::replayed(whatIf)) {
            // Only what more seats change: refusals the lists, a block or a cap make at any count
            // are not the peak's doing (walk 25d).
            // The fewest seats replayed at or above the peak (none are below the seats reserved).
            const usage::WhatIfRow *base = nullptr;
            for (const usage::WhatIfRow &row : whatIf->rows)
                if (row.seats >= whatIf->peak && (!base || row.seats < base->seats))
                    base = &row;
            const usage::WhatIfRow *atSuggested = whatIf->row(suggested);
            const int served = base && atSuggested && base->seats < suggested
                ? (base->refused + base->gaveUp) - (atSuggested->refused + atSuggested->gaveUp)
                : 0;
            if (served > 0)
                why = tr("More than the peak of %1: replayed with %2 seats, %n more checkout(s) of the range are "
                         "refused or "
                         "give up than with %3.",
                         nullptr, served)
                          .arg(whatIf->peak)
                          .arg(base->seats)
                          .arg(suggested);
            else if (!reserved.isEmpty())
                why = tr("More than the peak of %1: the seat rules keep seats for some groups.").arg(whatIf->peak);
        } else if (s.denialCount() > 0) {
            why = tr("More than the peak of %1: every seat was taken at the peak and %n checkout(s) were refused.",
                     nullptr, s.denialCount())
                      .arg(s.peak);
        }
        if (!why.isEmpty() && !reserved.isEmpty())
            why += u' ' + reserved;
    }
    if (const QString caveat = shortHistoryCaveat(s); !caveat.isEmpty())
        why = why.isEmpty() ? caveat : why + u' ' + caveat;
    m_suggestionWhy->setText(why);
    m_suggestionWhy->setVisible(!why.isEmpty());
    figure(Figure::Suggested)
        ->setToolTip(UsageReportModel::replayed(m_model->whatIf()) ? suggestionFromReplay()
                                                                   : suggestionFromPercentile());
}

QString UsagePage::shortHistoryCaveat(const UsageSummary &summary)
{
    // How long the license has existed in the range: its owned seat-hours count only that time.
    constexpr double minuteHours = 1.0 / 60.0;
    const double hours = summary.seatsOwned > 0 ? summary.ownedSeatHours / summary.seatsOwned : 0.0;
    if (summary.seatsOwned <= 0 || hours >= 7 * 24)
        return {};
    QString span;
    if (hours < 1)
        span = tr("%n minute(s)", nullptr, std::max(1, int(hours / minuteHours)));
    else if (hours < 24)
        span = tr("%n hour(s)", nullptr, int(hours));
    else
        span = tr("%n day(s)", nullptr, int(hours / 24));
    return tr("Only %1 of history so far: too little to size the license on; a few weeks of the site's usual work "
              "say more.")
        .arg(span);
}

QString UsagePage::suggestionFromReplay()
{
    return tr("The fewest seats with which the replay of this range's own demand refuses no more checkouts than "
              "with any more seats (What if, below).");
}

QString UsagePage::suggestionFromPercentile()
{
    return tr("Until the replay is in: the 95th percentile of the working hours (whole seats, so rounded up), but "
              "never below the peak when the range had true denials: then someone went without a seat at the peak.");
}

QString UsagePage::whatIfHeader(int column) const
{
    QString title = m_whatIfTable->horizontalHeaderItem(column)->text();
    title.replace(u'\n', u' ');
    return title;
}

QString UsagePage::whatIfRangeText(const WhatIfReport &report) const
{
    const QLocale l = locale();
    // The range's end is exclusive: a range up to midnight ends the day before.
    const QDate from = report.from.toLocalTime().date();
    const QDate to = report.to.addMSecs(-1).toLocalTime().date();
    const QString format = from.year() == to.year() && to.year() == m_session.serverClock().now().date().year()
        ? u"d MMM"_s
        : u"d MMM yyyy"_s;
    if (from == to)
        return tr("on %1").arg(l.toString(from, format));
    return tr("from %1 to %2").arg(l.toString(from, format), l.toString(to, format));
}

void UsagePage::showWhatIf()
{
    showSuggestion();
    const std::optional<WhatIfReport> &report = m_model->whatIf();
    QString status;
    if (m_model->isWhatIfLoading())
        status = tr("Replaying the range at other seat counts…");
    else if (m_model->hasWhatIfError())
        status = tr("The range could not be replayed: %1").arg(DashboardSession::describeError(m_model->whatIfError()));
    else if (!report)
        status = u"—"_s;
    m_whatIfStatus->setText(status);
    m_whatIfStatus->setVisible(!status.isEmpty());
    QPalette pal = m_whatIfStatus->palette();
    pal.setColor(QPalette::WindowText,
                 m_model->hasWhatIfError() ? StatePalette::colour(StatePalette::Failed)
                                           : palette().color(QPalette::WindowText));
    m_whatIfStatus->setPalette(pal);

    const bool shown = report && status.isEmpty();
    m_whatIfSentence->setVisible(shown);
    m_whatIfTable->setVisible(shown && UsageReportModel::replayed(report));
    if (!shown) {
        m_whatIfSentence->clear();
        m_whatIfTable->setRowCount(0);
        fitWhatIfTable();
        return;
    }
    m_whatIfSentence->setText(whatIfSentence(*report, whatIfRangeText(*report)));

    const QLocale l = locale();
    const int needed = report->neededSeats();
    // Whole minutes from one minute to an hour: "20 min" rather than "20 min 00 s" keeps the
    // eight columns within the box in French at 1440x900 (walks 25d and 25e).
    const auto wait = [this](qint64 ms) {
        if (ms <= 0)
            return u"—"_s;
        if (ms >= 60'000 && ms < 3'600'000)
            return tr("%1 min").arg(ms / 60'000);
        return formatDuration(std::chrono::milliseconds(ms));
    };
    // The seats that were enough stand out in the palette's "good" tint, readable in either theme.
    const QColor neededText = StatePalette::colour(StatePalette::Live, palette());
    const QColor neededBackground = StatePalette::background(StatePalette::Live, palette());
    m_whatIfTable->setRowCount(int(report->rows.size()));
    for (int r = 0; r < report->rows.size(); ++r) {
        const usage::WhatIfRow &row = report->rows.at(r);
        const QString seats
            = row.seats == report->seatsOwned ? tr("%1 (owned)").arg(l.toString(row.seats)) : l.toString(row.seats);
        const QStringList cells {seats,
                                 l.toString(row.attempts),
                                 l.toString(row.waited),
                                 l.toString(row.refused),
                                 l.toString(row.trueDenials),
                                 l.toString(row.gaveUp),
                                 wait(row.medianWaitMs),
                                 wait(row.longestWaitMs)};
        for (int c = 0; c < whatIfColumnCount; ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setTextAlignment((c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
            if (row.seats == report->seatsOwned) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            if (row.seats == needed) {
                item->setForeground(neededText);
                item->setBackground(neededBackground);
                item->setToolTip(tr("The fewest seats that would have refused and denied no more than the most "
                                    "seats replayed: what the range needed"));
            }
            m_whatIfTable->setItem(r, c, item);
        }
    }
    fitWhatIfTable();
}

void UsagePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (m_model->report())
            showReport();
        showWhatIf();
    }
    QWidget::changeEvent(event);
}

void UsagePage::retranslate()
{
    m_licenseLabel->setText(tr("&License:"));
    m_rangeLabel->setText(tr("&Range:"));
    m_fromLabel->setText(tr("&From"));
    m_toLabel->setText(tr("&to"));
    m_stepLabel->setText(tr("S&tep:"));
    m_range->setItemText(int(Range::Last7Days), tr("Last 7 days"));
    m_range->setItemText(int(Range::Last30Days), tr("Last 30 days"));
    m_range->setItemText(int(Range::Last90Days), tr("Last 90 days"));
    m_range->setItemText(int(Range::Last365Days), tr("Last 365 days"));
    m_range->setItemText(int(Range::Custom), tr("Custom dates"));
    m_step->setItemText(m_step->findData(QVariant::fromValue(UsageStep::Hour)), tr("Hour"));
    m_step->setItemText(m_step->findData(QVariant::fromValue(UsageStep::Day)), tr("Day"));
    m_step->setItemText(m_step->findData(QVariant::fromValue(UsageStep::Week)), tr("Week"));
    m_step->setItemText(m_step->findData(QVariant::fromValue(UsageStep::Month)), tr("Month"));
    m_step->setToolTip(tr("The size of each bar of the chart; picked from the range (hours up to 2 days, days up to "
                          "120, weeks beyond) until you choose one."));
    m_refresh->setText(tr("Refresh"));
    m_refresh->setToolTip(tr("Ask the server again for this range"));
    m_exportCsv->setText(tr("Export usage as CSV…"));
    m_exportPdf->setText(tr("Export usage report as PDF…"));
    m_csvButton->setText(tr("Export CSV…"));
    m_csvButton->setToolTip(tr("One line per bar of the chart, for a spreadsheet (Ctrl+E)"));
    m_pdfButton->setText(tr("Export PDF…"));
    m_pdfButton->setToolTip(tr("A one-page A4 report for a budget meeting (Ctrl+P)"));
    m_figuresBox->setTitle(tr("Key figures"));
    m_whatIf->setTitle(tr("What if"));
    // Two words, two lines: the columns are as wide as their values, not their titles (walk 25f:
    // the French table still ran past the box at 1440x900). The PDF joins the lines again.
    QStringList whatIfHeaders {tr("Seats"),        tr("Requests"), tr("Waited"),      tr("Refused"),
                               tr("True denials"), tr("Gave up"),  tr("Median wait"), tr("Longest wait")};
    for (QString &header : whatIfHeaders) {
        if (const qsizetype space = header.lastIndexOf(u' '); space > 0)
            header[space] = u'\n';
    }
    m_whatIfTable->setHorizontalHeaderLabels(whatIfHeaders);
    m_whatIfTable->setToolTip(tr("The range's checkout requests replayed at each number of seats, as the server "
                                 "would have answered them"));
    m_details->setTabText(0, tr("Concurrency"));
    m_details->setTabText(1, tr("Hour of week"));
    m_details->setTabText(2, tr("Top holders"));
    m_details->setTabToolTip(2, tr("The holders who used the most seat-hours"));
    m_details->setTabToolTip(4, tr("Seats a group's reservation kept for it while nobody of the group used them"));
    m_details->setTabText(3, tr("Top groups"));
    m_details->setTabText(4, tr("Idle reservations"));
    m_histogram->setHorizontalHeaderLabels({tr("Seats busy"), tr("Share of the time")});
    m_histogram->setToolTip(tr("How often at least so many seats were in use at once over the range"));
    m_holders->setHorizontalHeaderLabels({tr("Holder"), tr("Seat-hours")});
    m_groups->setHorizontalHeaderLabels({tr("Group"), tr("Seat-hours")});
    m_reservations->setHorizontalHeaderLabels({tr("Group"), tr("Reserved seat-hours left idle")});
    m_reservations->setToolTip(tr("Seats a group's reservation kept for it while nobody of the group used them"));

    const QStringList captions {
        tr("Seats owned"), tr("Peak in use"),  tr("95th percentile"), tr("95th percentile, working hours"),
        tr("Utilization"), tr("True denials"), tr("Longest wait"),    tr("Suggested seat count")};
    const QStringList tips {
        tr("The seat count at the end of the range"),
        tr("The most seats in use at any moment of the range, however short"),
        tr("Seats in use no more than 95 % of the time"),
        tr("Seats in use no more than 95 % of the working hours (Monday to Friday, 8:00 to 18:00)"),
        tr("Seat-hours used over seat-hours owned"),
        tr("Refused checkouts whose holder got no seat within 15 minutes after"),
        tr("The longest time a checkout waited in line for a seat"),
        suggestionFromPercentile(),
    };
    for (int i = 0; i < figureCount; ++i) {
        m_figures.at(i).first->setText(captions.at(i));
        m_figures.at(i).first->setToolTip(tips.at(i));
        if (Figure(i) != Figure::Peak && Figure(i) != Figure::TrueDenials)
            m_figures.at(i).second->setToolTip(tips.at(i));
    }

    m_peak->setName(tr("Peak in use"));
    m_mean->setName(tr("Mean in use"));
    m_owned->setName(tr("Seats owned"));
    m_p95->setName(tr("95th percentile"));
    m_borrowed->setName(tr("Borrowed seats (mean)"));
    m_denied->setName(tr("True denials"));
    showLegend();
    const std::optional<UsageReport> &report = m_model->report();
    m_chartTitle->setText(report ? tr("Seats in use, %1").arg(licenseTitle(report->licenseId)) : tr("Seats in use"));
    if (report)
        showBorrowedLine(report->summary);
}

QString UsagePage::borrowedFigure(const UsageSummary &s, const QLocale &locale)
{
    if (!s.borrowRecorded || s.borrowedPeak <= 0)
        return {};
    const QString hours = locale.toString(s.borrowedSeatHours, 'f', 1);
    if (s.borrowedAtPeak && s.peak > 0)
        return tr("Borrowed seats: at most %n at once, %1 seat-hours, %2 of the %3 in use at the peak", nullptr,
                  s.borrowedPeak)
            .arg(hours, locale.toString(*s.borrowedAtPeak), locale.toString(s.peak));
    return tr("Borrowed seats: at most %n at once, %1 seat-hours", nullptr, s.borrowedPeak).arg(hours);
}

bool UsagePage::exportCsv(const QString &path, QString *error) const
{
    const std::optional<UsageReport> &report = m_model->report();
    if (!report) {
        if (error)
            *error = tr("There is no usage report to export.");
        return false;
    }
    const QTimeZone zone = zoneOf(*report);
    return WholeFile::save(
        path,
        [&report, &zone](QIODevice &device, QString *why) {
            return UsageReportModel::writeCsv(device, *report, zone, why);
        },
        error);
}

bool UsagePage::exportPdf(const QString &path, QString *error) const
{
    const std::optional<UsageReport> &report = m_model->report();
    if (!report) {
        if (error)
            *error = tr("There is no usage report to export.");
        return false;
    }
    const UsageSummary &s = report->summary;
    const QString title = tr("Seat usage of %1").arg(licenseTitle(report->licenseId));
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    writer.setResolution(150);
    writer.setTitle(title);
    writer.setCreator(u"Keyright admin"_s);
    QPainter p;
    if (!p.begin(&writer)) {
        if (error)
            *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    const QRect page(0, 0, writer.width(), writer.height());
    const QLocale l = locale();
    QFont body(u"Sans Serif"_s);
    body.setPointSizeF(10);
    QFont heading = body;
    heading.setBold(true);
    heading.setPointSizeF(12);
    QFont titleFont = body;
    titleFont.setBold(true);
    titleFont.setPointSizeF(18);
    p.setPen(Qt::black);

    m_pdfLayout = PdfLayout {};
    m_pdfLayout.page = page;
    QFont small = body;
    small.setPointSizeF(8);
    QFont smallBold = small;
    smallBold.setBold(true);
    p.setFont(body);
    const int rowHeight = p.fontMetrics().height();

    // Every text is measured with the painter's font on the PDF (its metrics are the paper's, not the
    // screen's) and given the room it needs: wrapped at its spaces where a box is narrower than it
    // (walk 25c: "Principaux détenteurs (heures-sièges", "10 (achetés" and "Attente mé…" were cut).
    // A text that still needs more than its box is noted in the layout, for the tests.
    const auto draw = [&](const QRect &box, int flags, const QString &text) {
        const QRect needed = p.fontMetrics().boundingRect(box, flags, text);
        if (needed.width() > box.width() || needed.height() > box.height())
            m_pdfLayout.cut << text;
        p.drawText(box, flags, text);
    };
    // The height `text` takes wrapped in `width` with the painter's font.
    const auto wrappedHeight = [&](int width, const QString &text) {
        return std::max(
            p.fontMetrics().height(),
            p.fontMetrics().boundingRect(QRect(0, 0, width, page.height()), Qt::TextWordWrap, text).height());
    };
    // The width `text` takes on one line with `metrics`, as drawText lays it out (a whole pixel more
    // than horizontalAdvance at times).
    const auto widthOf = [&](const QFontMetrics &metrics, const QString &text) {
        return metrics.boundingRect(QRect(0, 0, page.width(), page.height()), Qt::AlignLeft, text).width();
    };
    int y = 0;
    const auto line = [&](const QFont &font, const QString &text, int x = 0, int width = -1) {
        p.setFont(font);
        const int w = width < 0 ? page.width() - x : width;
        const int height = wrappedHeight(w, text);
        draw(QRect(x, y, w, height), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        y += height;
    };
    line(titleFont, title);
    line(body, rangeText(*report));
    y += rowHeight / 2;

    // Key figures in two columns: each caption beside its value, wrapped when the half is short.
    line(heading, tr("Key figures"));
    const QList<std::pair<QString, QString>> figures {
        {tr("Seats owned"), QString::number(s.seatsOwned)},
        {tr("Peak in use"), QString::number(s.peak)},
        {tr("95th percentile"), QString::number(s.p95)},
        {tr("95th percentile, working hours"), QString::number(s.p95WorkingHours)},
        {tr("Utilization"), tr("%1 %").arg(l.toString(s.utilization * 100.0, 'f', 1))},
        {tr("True denials"), QString::number(s.trueDenials)},
        {tr("Longest wait"), s.longestWaitMs > 0 ? formatDuration(std::chrono::milliseconds(s.longestWaitMs)) : u"—"_s},
        {tr("Seat-hours used"), l.toString(s.usedSeatHours, 'f', 1)},
    };
    const int half = page.width() / 2;
    p.setFont(body);
    int valueWidth = 0;
    for (const auto &shown : figures)
        valueWidth = std::max(valueWidth, widthOf(p.fontMetrics(), shown.second));
    const int captionWidth = half - valueWidth - 2 * rowHeight;
    for (int row = 0; row < 4; ++row) {
        int height = 0;
        for (int column = 0; column < 2; ++column)
            height = std::max(height, wrappedHeight(captionWidth, figures.at(column * 4 + row).first));
        for (int column = 0; column < 2; ++column) {
            const int x = column * half;
            draw(QRect(x, y, captionWidth, height), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                 figures.at(column * 4 + row).first);
            draw(QRect(x + captionWidth + rowHeight, y, valueWidth, rowHeight), Qt::AlignRight | Qt::AlignTop,
                 figures.at(column * 4 + row).second);
        }
        y += height;
    }
    // Seats taken offline on laptops (issue 27), under the figures, when any were.
    m_pdfLayout.borrowed = borrowedFigure(s, l);
    if (!m_pdfLayout.borrowed.isEmpty())
        line(body, m_pdfLayout.borrowed);
    y += rowHeight / 2;
    QFont suggestion = heading;
    suggestion.setPointSizeF(14);
    line(suggestion, tr("Suggested seat count: %1").arg(UsageReportModel::suggestedSeats(s, m_model->whatIf())));
    line(small, UsageReportModel::replayed(m_model->whatIf()) ? suggestionFromReplay() : suggestionFromPercentile());
    y += rowHeight / 2;
    if (!m_suggestionWhy->text().isEmpty()) {
        line(small, m_suggestionWhy->text());
        y += rowHeight / 2;
    }
    // What the page says about the history itself (where it starts, borrowed seats not recorded,
    // a demo server's made-up figures) goes on paper too.
    if (!m_historyNote->text().isEmpty()) {
        line(small, m_historyNote->text());
        y += rowHeight / 2;
    }

    // The chart drawn again for the paper, as vectors across the page's width: its own copy of the
    // series at a fixed size, its labels at 8 pt once scaled to the page, and under it the legend at
    // 8 pt, wrapped as on the page.
    {
        const QSizeF size(900, 400);
        const qreal scale = page.width() / size.width();
        const qreal pointPixels = writer.resolution() / 72.0; // device pixels per point
        const int labelPixels = qRound(8.0 * pointPixels / scale);
        QGraphicsScene scene;
        auto *chart = new QChart;
        chart->setTheme(QChart::ChartThemeLight);
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setBackgroundRoundness(0);
        chart->setMargins(QMargins(2, 2, 2, 2));
        chart->legend()->hide();
        QFont labels = chart->legend()->font();
        labels.setPixelSize(labelPixels);
        const auto copy = [chart](QXYSeries *from, QXYSeries *to) {
            to->replace(from->points());
            to->setName(from->name());
            to->setPen(from->pen());
            to->setBrush(from->brush());
            chart->addSeries(to);
        };
        copy(m_mean, new QLineSeries);
        copy(m_peak, new QLineSeries);
        copy(m_owned, new QLineSeries);
        copy(m_p95, new QLineSeries);
        if (m_borrowed->isVisible())
            copy(m_borrowed, new QLineSeries);
        auto *denied = new QScatterSeries;
        denied->setMarkerSize(m_denied->markerSize());
        denied->setColor(m_denied->color());
        denied->setBorderColor(Qt::white);
        copy(m_denied, denied);
        auto *x = new QCategoryAxis;
        x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        x->setLabelsFont(labels);
        const QFontMetrics labelMetrics(labels);
        const int text = labelMetrics.horizontalAdvance(
            QLocale::c().toString(QDateTime(QDate(2026, 12, 28), QTime(23, 0)), m_xFormat));
        const double plot = size.width() * 0.9;
        setTimeTicks(x,
                     ticksWithinChart(naturalTicks(m_xFromMs, m_xToMs, m_xZone, m_xHours, plot, text + 3 * labelPixels),
                                      m_xFromMs, m_xToMs, plot, text, labelMetrics.horizontalAdvance(u"00"_s) + 4, 2),
                     m_xFormat, m_xFromMs, m_xToMs);
        auto *yAxis = new QValueAxis;
        yAxis->setRange(m_y->min(), m_y->max());
        yAxis->setTickCount(m_y->tickCount());
        yAxis->setLabelFormat(m_y->labelFormat());
        yAxis->setLabelsFont(labels);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(yAxis, Qt::AlignLeft);
        for (QAbstractSeries *series : chart->series()) {
            series->attachAxis(x);
            series->attachAxis(yAxis);
        }
        QFont chartTitle = labels;
        chartTitle.setPixelSize(qRound(labelPixels * 1.2));
        chart->setTitleFont(chartTitle);
        chart->setTitle(m_chartTitle->text());
        scene.addItem(chart);
        chart->setGeometry(QRectF(QPointF(0, 0), size));
        const QRect target(0, y, page.width(), int(size.height() * scale));
        scene.render(&p, target, QRectF(QPointF(0, 0), size));
        m_pdfLayout.chart = target;
        m_pdfLayout.chartLabelPoints = labelPixels * scale / pointPixels;
        y = target.bottom() + 1 + rowHeight / 4;
        p.setFont(small);
        p.setPen(Qt::black);
        y += ChartLegend::paint(p, ChartLegend::entriesOf(chart->series()), QRect(0, y, page.width(), page.height()),
                                p.fontMetrics(), scale);
        y += rowHeight;
    }

    // The histogram and the top holders side by side.
    const int sectionTop = y;
    line(heading, tr("Concurrency"), 0, half - rowHeight);
    // Every row up to the peak when they fit (a 12-seat peak does): the last ones say how often the
    // pool was nearly full. A larger peak keeps the first row and those nearest the peak, a "…"
    // between them.
    constexpr int maxRows = 12;
    const int levels = int(s.atLeast.size());
    QList<int> histogramRows;
    for (int k = 0; k < levels; ++k)
        if (levels <= maxRows || k == 0 || k >= levels - (maxRows - 2))
            histogramRows << k;
    // The labels' column as wide as the widest label, the shares' as the widest share.
    p.setFont(body);
    int labelWidth = 0;
    int percentWidth = 0;
    for (int k : std::as_const(histogramRows)) {
        labelWidth = std::max(labelWidth, widthOf(p.fontMetrics(), tr("At least %n seat(s)", nullptr, k + 1)));
        percentWidth = std::max(percentWidth,
                                widthOf(p.fontMetrics(), tr("%1 %").arg(l.toString(s.atLeast.at(k) * 100.0, 'f', 1))));
    }
    const int barLeft = labelWidth + rowHeight / 2;
    percentWidth += rowHeight / 2;
    const int barWidth = std::max(rowHeight, half - barLeft - percentWidth - rowHeight);
    for (int k : std::as_const(histogramRows)) {
        if (k > 0 && !histogramRows.contains(k - 1)) {
            p.setFont(body);
            draw(QRect(0, y, barLeft, rowHeight), Qt::AlignLeft | Qt::AlignVCenter, u"…"_s);
            y += rowHeight;
        }
        const QString label = tr("At least %n seat(s)", nullptr, k + 1);
        const QString percent = tr("%1 %").arg(l.toString(s.atLeast.at(k) * 100.0, 'f', 1));
        p.setFont(body);
        draw(QRect(0, y, barLeft, rowHeight), Qt::AlignLeft | Qt::AlignVCenter, label);
        const double share = s.atLeast.at(k);
        p.fillRect(QRect(barLeft, y + rowHeight / 5, int(barWidth * share), rowHeight * 3 / 5),
                   StatePalette::fill(StatePalette::Accent));
        draw(QRect(barLeft + barWidth, y, percentWidth, rowHeight), Qt::AlignRight | Qt::AlignVCenter, percent);
        m_pdfLayout.concurrencyRows << label + u' ' + percent;
        y += rowHeight;
    }
    const int histogramBottom = y;
    y = sectionTop;
    line(heading, tr("Top holders (seat-hours)"), half);
    const int holderRows = std::min<int>(int(s.topHolders.size()), 8);
    p.setFont(body);
    int hoursWidth = 0;
    for (int r = 0; r < holderRows; ++r)
        hoursWidth = std::max(hoursWidth, widthOf(p.fontMetrics(), l.toString(s.topHolders.at(r).seatHours, 'f', 1)));
    const int nameWidth = page.width() - half - hoursWidth - rowHeight;
    for (int r = 0; r < holderRows; ++r) {
        p.setFont(body);
        // A holder's name is data, not a label: a long one gives up its middle.
        p.drawText(QRect(half, y, nameWidth, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   p.fontMetrics().elidedText(s.topHolders.at(r).name, Qt::ElideMiddle, nameWidth));
        draw(QRect(page.width() - hoursWidth, y, hoursWidth, rowHeight), Qt::AlignRight | Qt::AlignVCenter,
             l.toString(s.topHolders.at(r).seatHours, 'f', 1));
        y += rowHeight;
    }
    y = std::max(y, histogramBottom) + rowHeight / 2;

    // The footer: where the report comes from and when it was made, at the page's foot.
    p.setFont(small);
    m_pdfLayout.footer = tr("Keyright admin, %1, made on %2")
                             .arg(m_session.serverLabel(),
                                  l.toString(m_session.serverClock().now().toLocalTime(), QLocale::LongFormat));
    const int footerHeight = wrappedHeight(page.width(), m_pdfLayout.footer);
    const int footerTop = page.height() - footerHeight;

    // What if, as the page shows it: the sentence, then the table, as many rows as the page holds
    // above the footer.
    const std::optional<WhatIfReport> &whatIf = m_model->whatIf();
    if (whatIf && !m_whatIfSentence->text().isEmpty()) {
        line(heading, tr("What if"));
        line(body, m_whatIfSentence->text());
        y += rowHeight / 3;
        m_pdfLayout.whatIfSentence = m_whatIfSentence->text();
        // Each column as wide as its widest cell and its header; where the page is short of room,
        // the headers wrap at their spaces (their longest word is the least), the smaller font last.
        const int columns = m_whatIfTable->columnCount();
        QFont cellFont = small;
        QFont headerFont = smallBold;
        QList<int> widths(columns, 0);
        int headerHeight = 0;
        for (qreal points = small.pointSizeF(); points >= 5.5; points -= 0.5) {
            cellFont.setPointSizeF(points);
            headerFont.setPointSizeF(points);
            p.setFont(headerFont);
            const QFontMetrics headerMetrics = p.fontMetrics();
            const int pad = headerMetrics.averageCharWidth();
            QList<int> natural(columns, 0);
            QList<int> least(columns, 0);
            for (int c = 0; c < columns; ++c) {
                int cells = 0;
                for (int r = 0; r < m_whatIfTable->rowCount(); ++r) {
                    p.setFont(m_whatIfTable->item(r, 0)->font().bold() ? headerFont : cellFont);
                    cells = std::max(cells, widthOf(p.fontMetrics(), m_whatIfTable->item(r, c)->text()));
                }
                const QString header = whatIfHeader(c);
                int word = 0;
                for (const QString &w : header.split(u' ', Qt::SkipEmptyParts))
                    word = std::max(word, widthOf(headerMetrics, w));
                natural[c] = std::max(cells, widthOf(headerMetrics, header)) + 2 * pad;
                least[c] = std::max(cells, word) + 2 * pad;
            }
            const int naturalSum = std::accumulate(natural.cbegin(), natural.cend(), 0);
            const int leastSum = std::accumulate(least.cbegin(), least.cend(), 0);
            if (leastSum > page.width() && points > 6.0)
                continue;
            if (naturalSum <= page.width()) {
                // Every header on one line, the spare width shared.
                for (int c = 0; c < columns; ++c)
                    widths[c] = natural.at(c) + (page.width() - naturalSum) / columns;
            } else {
                // The spare width to the headers that would wrap, those lacking least first, so
                // that as many as can stay on one line; what is left shared.
                int spare = std::max(0, page.width() - leastSum);
                widths = least;
                QList<int> order(columns);
                std::iota(order.begin(), order.end(), 0);
                std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                    return natural.at(a) - least.at(a) < natural.at(b) - least.at(b);
                });
                for (int c : std::as_const(order)) {
                    const int lacking = natural.at(c) - least.at(c);
                    if (lacking > spare)
                        break;
                    widths[c] = natural.at(c);
                    spare -= lacking;
                }
                for (int c = 0; c < columns; ++c)
                    widths[c] += spare / columns;
            }
            headerHeight = 0;
            for (int c = 0; c < columns; ++c)
                headerHeight = std::max(headerHeight,
                                        headerMetrics
                                            .boundingRect(QRect(0, 0, widths.at(c) - 2 * pad, page.height()),
                                                          Qt::TextWordWrap, whatIfHeader(c))
                                            .height());
            break;
        }
        p.setFont(cellFont);
        const int pad = p.fontMetrics().averageCharWidth();
        const int smallRow = p.fontMetrics().height() + 4;
        const auto cellRect = [&](int c, int height) {
            const int left = std::accumulate(widths.cbegin(), widths.cbegin() + c, 0);
            return QRect(left + pad, y, widths.at(c) - 2 * pad, height);
        };
        p.setFont(headerFont);
        for (int c = 0; c < columns; ++c)
            draw(cellRect(c, headerHeight),
                 (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignBottom | Qt::TextWordWrap, whatIfHeader(c));
        y += headerHeight + 2;
        p.drawLine(0, y, page.width(), y);
        for (int r = 0; r < m_whatIfTable->rowCount() && y + smallRow < footerTop; ++r) {
            const bool neededRow = m_whatIfTable->item(r, 0)->background().style() != Qt::NoBrush;
            if (neededRow)
                p.fillRect(QRect(0, y, page.width(), smallRow), StatePalette::background(StatePalette::Live));
            p.setFont(m_whatIfTable->item(r, 0)->font().bold() ? headerFont : cellFont);
            for (int c = 0; c < columns; ++c)
                draw(cellRect(c, smallRow), (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter,
                     m_whatIfTable->item(r, c)->text());
            y += smallRow;
            ++m_pdfLayout.whatIfRows;
        }
    }
    m_pdfLayout.bottom = y;

    p.setFont(small);
    draw(QRect(0, footerTop, page.width(), footerHeight), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
         m_pdfLayout.footer);
    if (!p.end()) {
        if (error)
            *error = tr("Cannot write %1.").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return QFileInfo(path).size() > 0;
}

void UsagePage::exportCsvWithDialog()
{
    exportWithDialog(false);
}

void UsagePage::exportPdfWithDialog()
{
    exportWithDialog(true);
}

void UsagePage::exportWithDialog(bool pdf)
{
    if (!m_model->report()) {
        Q_EMIT statusMessage(tr("There is no usage report to export."));
        return;
    }
    const QString base = u"keyright-usage-%1"_s.arg(m_model->report()->licenseId);
    auto *dialog = new QFileDialog(this, pdf ? tr("Export the usage report as PDF") : tr("Export usage as CSV"),
                                   base + (pdf ? u".pdf"_s : u".csv"_s),
                                   pdf ? tr("PDF files (*.pdf)") : tr("CSV files (*.csv)"));
    dialog->setObjectName(u"usageExportDialog"_s);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(pdf ? u"pdf"_s : u"csv"_s);
    dialog->setOption(QFileDialog::DontUseNativeDialog, !m_nativeDialogs);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QFileDialog::fileSelected, this, [this, pdf](const QString &path) { exportTo(path, pdf); });
    dialog->open();
}

void UsagePage::exportTo(const QString &path, bool pdf)
{
    // The file's name in the message, the rest in its tooltip: the whole path and what the file
    // holds did not leave room in a narrow status bar ("Saved 90 buck", walk 25c).
    QString error;
    const QString name = QFileInfo(path).fileName();
    const QString whole = QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath());
    if (pdf ? exportPdf(path, &error) : exportCsv(path, &error))
        Q_EMIT statusMessage(
            tr("Saved %1.").arg(name),
            pdf ? tr("The usage report, in %1").arg(whole)
                : tr("%n bucket(s) of usage, in %1", nullptr, int(m_model->report()->buckets.size())).arg(whole));
    else
        Q_EMIT statusMessage(tr("Could not export to %1: %2").arg(name, error), whole);
}

} // namespace keyright
