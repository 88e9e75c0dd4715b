#include "ChartLegend.h"

#include <QFontMetrics>
#include <QPainter>
#include <QtCharts/QAbstractSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QXYSeries>

#include <algorithm>

namespace keyright {

namespace {

// The parts of an entry, in units of the font's height: a swatch two lines wide, a third of a line
// before the name, a whole line between two entries and a quarter between two lines.
int swatchWidth(const QFontMetrics &metrics)
{
    return 2 * metrics.height();
}

int entryWidth(const ChartLegend::Entry &entry, const QFontMetrics &metrics)
{
    return swatchWidth(metrics) + metrics.height() / 3 + metrics.horizontalAdvance(entry.name);
}

} // namespace

ChartLegend::ChartLegend(QWidget *parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

ChartLegend::~ChartLegend() = default;

void ChartLegend::setEntries(const QList<Entry> &entries)
{
    m_entries = entries;
    updateGeometry();
    update();
}

QList<ChartLegend::Entry> ChartLegend::entriesOf(const QList<QAbstractSeries *> &series)
{
    QList<Entry> entries;
    for (QAbstractSeries *s : series) {
        if (s->name().isEmpty())
            continue;
        if (auto *scatter = qobject_cast<QScatterSeries *>(s))
            entries << Entry {s->name(), QPen(), scatter->color()};
        else if (auto *xy = qobject_cast<QXYSeries *>(s))
            entries << Entry {s->name(), xy->pen(), QColor()};
    }
    return entries;
}

QList<QRect> ChartLegend::place(const QList<Entry> &entries, const QFontMetrics &metrics, int width)
{
    const int line = metrics.height();
    const int between = line;
    QList<QRect> rects;
    QList<QRect> row;
    int y = 0;
    int x = 0;
    // Each line is centred in the width once it is full.
    const auto finish = [&] {
        if (row.isEmpty())
            return;
        const int used = row.constLast().right() + 1;
        const int shift = std::max(0, (width - used) / 2);
        for (QRect r : std::as_const(row))
            rects << r.translated(shift, 0);
        row.clear();
    };
    for (const Entry &entry : entries) {
        const int w = entryWidth(entry, metrics);
        if (x > 0 && x + w > width) {
            finish();
            x = 0;
            y += line + line / 4;
        }
        row << QRect(x, y, w, line);
        x += w + between;
    }
    finish();
    return rects;
}

int ChartLegend::paint(QPainter &painter, const QList<Entry> &entries, const QRect &rect, const QFontMetrics &metrics,
                       qreal penScale)
{
    const QList<QRect> rects = place(entries, metrics, rect.width());
    const QPen textPen = painter.pen();
    int bottom = 0;
    for (qsizetype i = 0; i < rects.size(); ++i) {
        const Entry &entry = entries.at(i);
        const QRect r = rects.at(i).translated(rect.topLeft());
        const QRect swatch(r.left(), r.top(), swatchWidth(metrics), r.height());
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing);
        if (entry.mark.isValid()) {
            const int d = std::max(4, r.height() * 3 / 5);
            painter.setPen(Qt::NoPen);
            painter.setBrush(entry.mark);
            painter.drawEllipse(QRect(swatch.center().x() - d / 2, swatch.center().y() - d / 2, d, d));
        } else {
            QPen pen = entry.pen;
            pen.setWidthF(std::max(1.0, pen.widthF()) * penScale);
            pen.setCapStyle(Qt::FlatCap);
            painter.setPen(pen);
            const qreal y = swatch.top() + swatch.height() / 2.0;
            painter.drawLine(QPointF(swatch.left(), y), QPointF(swatch.right(), y));
        }
        painter.restore();
        painter.setPen(textPen);
        painter.drawText(QRect(swatch.right() + 1 + metrics.height() / 3, r.top(),
                               r.right() - swatch.right() - metrics.height() / 3, r.height()),
                         Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, entry.name);
        bottom = std::max(bottom, rects.at(i).bottom() + 1);
    }
    return bottom;
}

QList<QRect> ChartLegend::entryRects() const
{
    return place(m_entries, fontMetrics(), contentsRect().width());
}

bool ChartLegend::hasHeightForWidth() const
{
    return true;
}

int ChartLegend::heightForWidth(int width) const
{
    const QMargins m = contentsMargins();
    const QList<QRect> rects = place(m_entries, fontMetrics(), width - m.left() - m.right());
    int bottom = fontMetrics().height();
    for (const QRect &r : rects)
        bottom = std::max(bottom, r.bottom() + 1);
    return bottom + m.top() + m.bottom();
}

QSize ChartLegend::sizeHint() const
{
    // All on one line.
    const QMargins m = contentsMargins();
    int width = 0;
    for (const Entry &entry : m_entries)
        width += entryWidth(entry, fontMetrics()) + fontMetrics().height();
    return {std::max(0, width - fontMetrics().height()) + m.left() + m.right(),
            fontMetrics().height() + m.top() + m.bottom()};
}

QSize ChartLegend::minimumSizeHint() const
{
    // The widest entry, whole.
    const QMargins m = contentsMargins();
    int width = 0;
    for (const Entry &entry : m_entries)
        width = std::max(width, entryWidth(entry, fontMetrics()));
    return {width + m.left() + m.right(), fontMetrics().height() + m.top() + m.bottom()};
}

void ChartLegend::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::WindowText));
    paint(painter, m_entries, contentsRect(), fontMetrics());
}

} // namespace keyright
