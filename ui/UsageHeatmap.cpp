#include "UsageHeatmap.h"

#include "StatePalette.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QColor blend(const QColor &from, const QColor &to, double share)
{
    share = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(float(from.redF() + (to.redF() - from.redF()) * share),
                            float(from.greenF() + (to.greenF() - from.greenF()) * share),
                            float(from.blueF() + (to.blueF() - from.blueF()) * share));
}

} // namespace

UsageHeatmap::UsageHeatmap(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"usageHeatmap"_s);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void UsageHeatmap::setData(const QList<QList<double>> &mean, const QList<QList<int>> &peak)
{
    m_mean = mean;
    m_peak = peak;
    m_maxMean = 0;
    for (const QList<double> &day : mean) {
        for (double v : day)
            m_maxMean = std::max(m_maxMean, v);
    }
    update();
}

double UsageHeatmap::meanAt(int day, int hour) const
{
    return m_mean.value(day).value(hour);
}

int UsageHeatmap::peakAt(int day, int hour) const
{
    return m_peak.value(day).value(hour);
}

QString UsageHeatmap::cellText(int day, int hour) const
{
    const QLocale l = locale();
    //: A cell of the hour-of-week heatmap: "Tuesday 14:00–15:00: 3.2 seats in use on average, at most 5"
    return tr("%1 %2–%3: %4 seats in use on average, at most %5")
        .arg(l.dayName(day + 1), QStringLiteral("%1:00").arg(hour, 2, 10, QLatin1Char('0')),
             QStringLiteral("%1:00").arg(hour + 1, 2, 10, QLatin1Char('0')), l.toString(meanAt(day, hour), 'f', 1))
        .arg(peakAt(day, hour));
}

int UsageHeatmap::labelWidth() const
{
    int width = 0;
    for (int d = 1; d <= 7; ++d)
        width = std::max(width, fontMetrics().horizontalAdvance(locale().dayName(d, QLocale::ShortFormat)));
    return width + 6;
}

QRect UsageHeatmap::gridRect() const
{
    const int top = fontMetrics().height() + 2;
    return QRect(labelWidth(), top, width() - labelWidth() - 1, height() - top - 1);
}

std::pair<int, int> UsageHeatmap::cellAt(QPoint point) const
{
    const QRect grid = gridRect();
    if (!grid.contains(point) || grid.width() <= 0 || grid.height() <= 0)
        return {-1, -1};
    const int hour = std::min(23, (point.x() - grid.left()) * 24 / grid.width());
    const int day = std::min(6, (point.y() - grid.top()) * 7 / grid.height());
    return {day, hour};
}

QSize UsageHeatmap::sizeHint() const
{
    const int line = fontMetrics().height();
    return QSize(labelWidth() + 24 * (fontMetrics().horizontalAdvance(u"00"_s) + 6), line + 2 + 7 * (line + 6));
}

QSize UsageHeatmap::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return QSize(labelWidth() + 24 * 8, line + 2 + 7 * std::max(12, line));
}

void UsageHeatmap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette pal = palette();
    const QRect grid = gridRect();
    const QColor base = pal.color(QPalette::Base);
    const QColor full = StatePalette::fill(StatePalette::Accent);
    p.fillRect(grid, base);
    p.setPen(pal.color(QPalette::WindowText));
    for (int d = 0; d < 7; ++d) {
        const int y0 = grid.top() + d * grid.height() / 7;
        const int y1 = grid.top() + (d + 1) * grid.height() / 7;
        p.drawText(QRect(0, y0, labelWidth() - 4, y1 - y0), Qt::AlignRight | Qt::AlignVCenter,
                   locale().dayName(d + 1, QLocale::ShortFormat));
    }
    const bool roomForNumbers = grid.width() / 24 >= fontMetrics().horizontalAdvance(u"00"_s) + 2;
    for (int h = 0; h < 24; h += roomForNumbers ? 1 : 3) {
        const int x0 = grid.left() + h * grid.width() / 24;
        p.drawText(QRect(x0, 0, grid.width() / 8, grid.top()), Qt::AlignLeft | Qt::AlignBottom, QString::number(h));
    }
    for (int d = 0; d < 7; ++d) {
        for (int h = 0; h < 24; ++h) {
            const QRect cell(
                QPoint(grid.left() + h * grid.width() / 24, grid.top() + d * grid.height() / 7),
                QPoint(grid.left() + (h + 1) * grid.width() / 24 - 1, grid.top() + (d + 1) * grid.height() / 7 - 1));
            const double share = m_maxMean > 0 ? meanAt(d, h) / m_maxMean : 0.0;
            const QColor fill = blend(base, full, share);
            p.fillRect(cell, fill);
            if (roomForNumbers && peakAt(d, h) > 0) {
                // Black or white, whichever reads better on the cell.
                p.setPen(StatePalette::contrastRatio(fill, Qt::black) >= StatePalette::contrastRatio(fill, Qt::white)
                             ? QColor(Qt::black)
                             : QColor(Qt::white));
                p.drawText(cell, Qt::AlignCenter, QString::number(peakAt(d, h)));
            }
        }
    }
    p.setPen(pal.color(QPalette::Mid));
    p.drawRect(grid.adjusted(0, 0, -1, -1));
}

bool UsageHeatmap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto [day, hour] = cellAt(help->pos());
        if (day < 0 || m_mean.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), cellText(day, hour), this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace keyright
