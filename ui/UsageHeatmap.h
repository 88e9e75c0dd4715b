#pragma once

#include <QList>
#include <QWidget>

namespace keyright {

// The hour-of-week heatmap of the Usage page: seven rows (Monday first) of 24 hours, each cell as
// dark as the mean seats in use at that hour, its peak written in it; the tooltip says both. The
// colours are StatePalette's, blended from the window's base, so a dark theme reads as well.
class UsageHeatmap final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageHeatmap)

public:
    explicit UsageHeatmap(QWidget *parent = nullptr);

    // [day][hour], Monday = 0, local hours. Empty: nothing to show.
    void setData(const QList<QList<double>> &mean, const QList<QList<int>> &peak);
    double meanAt(int day, int hour) const;
    int peakAt(int day, int hour) const;
    // The text of a cell's tooltip, as hovering it shows.
    QString cellText(int day, int hour) const;
    // The cell under a point of the widget, or {-1, -1}.
    std::pair<int, int> cellAt(QPoint point) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRect gridRect() const;
    int labelWidth() const;

    QList<QList<double>> m_mean;
    QList<QList<int>> m_peak;
    double m_maxMean = 0;
};

} // namespace keyright
