#pragma once

#include <QDateTime>
#include <QPointer>
#include <QWidget>

#include <chrono>

namespace keyright {

class SimulatedClient;

// One client's history on the simulation's shared time axis, painted in two lanes: what the client
// did (acting, lapsed, degraded) and whether the server counted its seat. Time the client spent
// acting while the server did not count its seat is painted in hatched red: that is the double use
// the room should see. Server expiry and reap instants are vertical marks; events are ticks.
class TimelineStrip final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimelineStrip)

public:
    // The visible window, shared by every strip so their instants line up.
    struct Axis
    {
        QDateTime now;
        std::chrono::milliseconds before {45000};
        std::chrono::milliseconds after {15000};
    };

    explicit TimelineStrip(SimulatedClient *client, QWidget *parent = nullptr);

    void setAxis(const Axis &axis);
    Axis axis() const { return m_axis; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Where the labels of vertical marks go: right of each mark's line, else left of it, else
    // beside a label already placed, wherever the label stays inside the strip, crosses no line
    // and covers no other label (the expiry and reap marks are a grace apart, and a French label
    // is long). `marks` holds each mark's x and label width, sorted by x.
    struct MarkSpan
    {
        double x = 0;
        double labelWidth = 0;
    };
    // A label that fits nowhere is still pushed inside the strip.
    static QList<double> labelLefts(const QList<MarkSpan> &marks, double width);

    // Where things are painted, for the paint code and for tests: the two lanes (the bars), and
    // the vertical marks' labels, which have a row of their own below the server lane so they
    // never cover a bar.
    QRectF clientLaneRect() const;
    QRectF serverLaneRect() const;
    QList<QRectF> markLabelRects() const;
    QStringList markLabels() const;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Mark
    {
        double x = 0;
        QColor colour;
        QString label;
        QRectF labelRect;
    };
    double xFor(const QDateTime &time) const;
    QRectF labelRowRect() const;
    QList<Mark> visibleMarks() const;

    QPointer<SimulatedClient> m_client;
    Axis m_axis;
};

} // namespace keyright
