#include "UsageChartView.h"

#include "StatePalette.h"

#include <QEvent>
#include <QFontMetrics>
#include <QResizeEvent>
#include <QtCharts/QChart>
#include <QtCharts/QDateTimeAxis>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// A step function as a line: each level held until the next instant, then a vertical step.
QList<QPointF> stepPoints(const QList<LevelPoint> &levels)
{
    QList<QPointF> points;
    points.reserve(levels.size() * 2);
    for (qsizetype i = 0; i < levels.size(); ++i) {
        const qreal t = qreal(levels.at(i).time.toMSecsSinceEpoch());
        if (i > 0)
            points << QPointF(t, points.constLast().y()); // hold the previous level until this instant
        points << QPointF(t, levels.at(i).value);
    }
    return points;
}

} // namespace

UsageChartView::UsageChartView(QWidget *parent)
    // Built around its own chart: QChartView(parent) would make a default chart that setChart()
    // releases without deleting.
    : QChartView(new QChart, parent)
    , m_inUse(new QLineSeries)
    , m_capacity(new QLineSeries)
    , m_denials(new QScatterSeries)
    , m_reserved(new QLineSeries)
    , m_waiting(new QLineSeries)
    , m_x(new QDateTimeAxis)
    , m_y(new QValueAxis)
{
    QChart *chart = this->chart();
    // First: a theme overwrites the pens and fonts set before it. The state colours below pick
    // their dark shades on a dark palette, so the chart's own background follows it too.
    chart->setTheme(StatePalette::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    chart->legend()->setFont(small);

    QPen usePen(StatePalette::colour(StatePalette::Accent));
    usePen.setWidthF(2);
    m_inUse->setPen(usePen);
    // Muted, not the denials' red: the legend shows a series by its colour alone, and "Seats owned"
    // is a limit, not an alarm.
    QPen capPen(StatePalette::colour(StatePalette::Muted));
    capPen.setStyle(Qt::DashLine);
    capPen.setWidthF(1.2);
    m_capacity->setPen(capPen);
    m_denials->setColor(StatePalette::colour(StatePalette::Denied));
    m_denials->setBorderColor(chart->backgroundBrush().color());
    m_denials->setMarkerSize(9);
    m_denials->setMarkerShape(QScatterSeries::MarkerShapeCircle);

    // Reserved seats: a limit like the seats owned, so dotted; the line: a level like the seats in
    // use, so solid. Each in its own palette colour, which has a dark-theme shade.
    QPen reservedPen(StatePalette::colour(StatePalette::ReservedSeat));
    reservedPen.setStyle(Qt::DotLine);
    reservedPen.setWidthF(2);
    m_reserved->setPen(reservedPen);
    QPen waitingPen(StatePalette::colour(StatePalette::Waiting));
    waitingPen.setWidthF(2);
    m_waiting->setPen(waitingPen);

    chart->addSeries(m_inUse);
    chart->addSeries(m_capacity);
    chart->addSeries(m_reserved);
    chart->addSeries(m_waiting);
    chart->addSeries(m_denials);
    m_x->setFormat(u"HH:mm"_s);
    m_x->setTickCount(7);
    m_x->setLabelsFont(small);
    m_y->setLabelFormat(u"%d"_s);
    m_y->setLabelsFont(small);
    chart->addAxis(m_x, Qt::AlignBottom);
    chart->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s : {static_cast<QAbstractSeries *>(m_inUse), static_cast<QAbstractSeries *>(m_capacity),
                               static_cast<QAbstractSeries *>(m_reserved), static_cast<QAbstractSeries *>(m_waiting),
                               static_cast<QAbstractSeries *>(m_denials)}) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    QFont titleFont = font();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    setRenderHint(QPainter::Antialiasing);
    // Enough for the axes and a readable line; more would take the rows of the Licenses table
    // above it on a 1280x720 screen at 150 % (853x480).
    setMinimumHeight(150);
    retranslate();
}

void UsageChartView::setSeries(const QString &title, const UsageSeries &series, const QDateTime &from,
                               const QDateTime &to)
{
    m_title = title;
    QList<LevelPoint> inUse;
    for (const UsagePoint &p : series.steps)
        inUse.append({p.time, p.inUse});
    m_inUse->replace(stepPoints(inUse));
    // A license without rules or a line would show two flat lines at zero: left out, legend too.
    const auto showLevels = [](QLineSeries *line, const QList<LevelPoint> &levels) {
        const bool any = std::any_of(levels.cbegin(), levels.cend(), [](const LevelPoint &p) { return p.value > 0; });
        line->replace(any ? stepPoints(levels) : QList<QPointF> {});
        line->setVisible(any);
    };
    showLevels(m_reserved, series.reserved);
    showLevels(m_waiting, series.waiting);
    QList<QPointF> denials;
    for (const UsagePoint &d : series.denials)
        denials << QPointF(qreal(d.time.toMSecsSinceEpoch()), d.inUse);
    m_denials->replace(denials);
    m_capacity->replace({QPointF(qreal(from.toMSecsSinceEpoch()), series.seatCount),
                         QPointF(qreal(to.toMSecsSinceEpoch()), series.seatCount)});
    m_x->setRange(from.toLocalTime(), to.toLocalTime());
    int top = series.seatCount;
    for (const UsagePoint &p : series.steps)
        top = std::max(top, p.inUse);
    for (const LevelPoint &p : series.waiting)
        top = std::max(top, p.value);
    m_top = top;
    updateSeatsAxis();
    retranslate();
}

void UsageChartView::updateSeatsAxis()
{
    // Whole seats only, with room above the highest value. The plot is the view less the title,
    // the legend, the time labels and the margins: about six lines of text.
    const int range = std::max(1, m_top + 1);
    const int line = QFontMetrics(m_y->labelsFont()).height();
    const int plot = height() - 6 * line - 24;
    const int fits = std::clamp(plot / (2 * line), 2, 6);
    int step = 1;
    for (int magnitude = 1; (range + step - 1) / step + 1 > fits; magnitude *= 10) {
        for (const int m : {1, 2, 5}) {
            step = m * magnitude;
            if ((range + step - 1) / step + 1 <= fits)
                break;
        }
    }
    const int ticks = (range + step - 1) / step;
    m_y->setRange(0, step * ticks);
    m_y->setTickCount(ticks + 1);
}

void UsageChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    updateSeatsAxis();
    // As many time labels as fit whole: seven (every 10 minutes of the hour) cut each one to "1…"
    // in a narrow chart (the Seats page at 1280x720 and 150 %, walk 150). Counts that keep the
    // labels on round minutes: every 10, 15, 20, 30 or 60.
    const int label = QFontMetrics(m_x->labelsFont()).horizontalAdvance(u"00:00"_s);
    const int plot = width() - 4 * label; // the seat axis's labels and the margins
    int ticks = 2;
    for (const int count : {7, 5, 4, 3}) {
        if (plot >= (count - 1) * label * 3 / 2) {
            ticks = count;
            break;
        }
    }
    if (m_x->tickCount() != ticks)
        m_x->setTickCount(ticks);
}

int UsageChartView::yTop() const
{
    return int(m_y->max());
}

int UsageChartView::yStep() const
{
    return m_y->tickCount() > 1 ? int(m_y->max()) / (m_y->tickCount() - 1) : 0;
}

int UsageChartView::pointCount() const
{
    return int(m_inUse->count());
}

int UsageChartView::denialCount() const
{
    return int(m_denials->count());
}

int UsageChartView::reservedPointCount() const
{
    return int(m_reserved->count());
}

int UsageChartView::waitingPointCount() const
{
    return int(m_waiting->count());
}

void UsageChartView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QChartView::changeEvent(event);
}

void UsageChartView::retranslate()
{
    m_inUse->setName(tr("Seats in use"));
    m_capacity->setName(tr("Seats owned"));
    m_denials->setName(tr("Denials"));
    m_reserved->setName(tr("Seats reserved"));
    m_waiting->setName(tr("Waiting in line"));
    chart()->setTitle(m_title.isEmpty() ? tr("Seat usage, last hour") : tr("Seat usage of %1, last hour").arg(m_title));
}

} // namespace keyright
