#pragma once

#include "simulator/TimelineEvent.h"

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

    // Where the labels of vertical marks go. A label sits at its own line, right of it
    // (else left of it), inside the strip: in the label row below the lanes where it crosses no
    // other line and covers no other label, else in the glyph row above the lanes where it covers
    // no glyph and no label there (the expiry and reap marks are a grace apart, and French labels
    // are long). `marks` holds each mark's x and label width, sorted by x; `glyphs` the spans the
    // event glyphs take in the top row. A label that fits nowhere by its line moves along the
    // label row (else the glyph row) to the nearest place where it covers no other label.
    struct MarkSpan
    {
        double x = 0;
        double labelWidth = 0;
    };
    struct LabelPlace
    {
        double left = 0;
        bool topRow = false; // in the glyph row above the lanes, not the label row below them
    };
    static constexpr double labelGap = 3; // between a label and its line
    static QList<LabelPlace> placeLabels(const QList<MarkSpan> &marks, double width,
                                         const QList<MarkSpan> &glyphs = {});

    // The event glyphs above the client lane: each where its event happened, repeats of one kind
    // whose glyphs would pile up folded into one ("D ×10"), and pushed aside so none covers
    // another, all inside the strip.
    struct Glyph
    {
        double x = 0; // the (first) event's instant
        TimelineEvent::Kind kind = TimelineEvent::Kind::Checkout;
        QString text;
        int count = 1; // events folded into it
        QRectF rect;
    };
    QList<Glyph> glyphs() const;

    // Where things are painted, for the paint code and for tests: the two lanes (the bars), and
    // the vertical marks' lines and labels; the labels have a row of their own below the server
    // lane so they never cover a bar.
    QRectF clientLaneRect() const;
    QRectF serverLaneRect() const;
    QList<QRectF> markLabelRects() const;
    QStringList markLabels() const;
    QList<double> markLines() const;

    // The time axis under the lanes: a tick every few seconds, and the labels that are drawn (an
    // empty label: a tick without one, so that none crowds another).
    struct AxisTick
    {
        std::chrono::milliseconds offset {0}; // from now
        double x = 0;
        QString label;
        double labelLeft = 0;
        double labelWidth = 0;
    };
    QList<AxisTick> axisTicks() const;

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
    QRectF glyphRowRect() const;
    QFont glyphFont() const;
    QList<Mark> visibleMarks() const;

    QPointer<SimulatedClient> m_client;
    Axis m_axis;
};

} // namespace keyright
