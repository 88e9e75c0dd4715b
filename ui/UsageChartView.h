#pragma once

#include "UsageSeries.h"

#include <QtCharts/QChartView>

class QDateTimeAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace keyright {

// Seats in use over time for one license, as steps, with the seats owned as a dashed line and each
// denial as a red mark: a glance shows whether denials came from a full pool. Where the license
// has seat rules or a waiting line, the seats reserved for groups and the length of the line are
// two more steps, so "8 of 10 in use and denied" shows the 2 reserved seats beside it.
class UsageChartView final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageChartView)

public:
    explicit UsageChartView(QWidget *parent = nullptr);

    void setSeries(const QString &title, const UsageSeries &series, const QDateTime &from, const QDateTime &to);
    int pointCount() const;
    int denialCount() const;
    // The points drawn for the reserved seats and the line (0 when hidden: nothing to show).
    int reservedPointCount() const;
    int waitingPointCount() const;

    // The seats axis: 0 to its top, one tick per step.
    int yTop() const;
    int yStep() const;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate();
    // Ticks on round numbers (1, 2 or 5 times a power of ten), no closer than two label heights,
    // so a short chart (a 1280x720 screen at 150 %) shows fewer labels rather than "…".
    void updateSeatsAxis();

    QLineSeries *m_inUse;
    QLineSeries *m_capacity;
    QScatterSeries *m_denials;
    QLineSeries *m_reserved;
    QLineSeries *m_waiting;
    QDateTimeAxis *m_x;
    QValueAxis *m_y;
    QString m_title;
    int m_top = 1; // the largest value the axis must show
};

} // namespace keyright
