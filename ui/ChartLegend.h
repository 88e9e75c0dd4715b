#pragma once

#include <QColor>
#include <QList>
#include <QPen>
#include <QRect>
#include <QString>
#include <QWidget>

class QAbstractSeries;
class QFontMetrics;
class QPainter;

namespace keyright {

// A chart's legend that wraps: each entry (a swatch of its series' line or mark, then its name)
// stays whole, as many on a line as the width holds, the others on the next lines. Qt Charts' own
// legend keeps one row and shortens the names that do not fit ("Utilisation moy…", walk 25c).
// The Usage page shows it under its chart; the PDF report draws the same entries with paint().
class ChartLegend final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartLegend)

public:
    struct Entry
    {
        QString name;
        QPen pen; // a line, drawn as a short stroke
        QColor mark; // when valid, a round mark of this colour instead of the stroke
    };

    explicit ChartLegend(QWidget *parent = nullptr);
    ~ChartLegend() override;

    void setEntries(const QList<Entry> &entries);
    const QList<Entry> &entries() const { return m_entries; }
    // The entries of a chart's named series, in their order: a scatter series as its mark, a line
    // as its pen.
    static QList<Entry> entriesOf(const QList<QAbstractSeries *> &series);
    // Where each entry stands in `width` (its swatch and whole name), lines centred, from (0, 0).
    static QList<QRect> place(const QList<Entry> &entries, const QFontMetrics &metrics, int width);
    // Draws the entries across `rect` with the painter's font and pen (for the names), the strokes
    // `penScale` times as wide as their pens; returns the height taken.
    static int paint(QPainter &painter, const QList<Entry> &entries, const QRect &rect, const QFontMetrics &metrics,
                     qreal penScale = 1);
    // The rectangles of the last layout on the widget (tests read them).
    QList<QRect> entryRects() const;

    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<Entry> m_entries;
};

} // namespace keyright
