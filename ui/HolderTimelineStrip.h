#pragma once

#include <QDateTime>
#include <QList>
#include <QWidget>

#include <utility>

namespace keyright {

class HolderTimelineModel;

// The holder's seats over the range as lanes on a time axis (the dashboard's local time): one lane
// per seat, coloured by how it ended, with the refusals, the line and the idle warnings as ticks
// in a band above them. A highlighted moment is drawn as a line; a click asks for the event
// nearest to where it fell.
class HolderTimelineStrip final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HolderTimelineStrip)

public:
    explicit HolderTimelineStrip(const HolderTimelineModel &model, QWidget *parent = nullptr);

    // The moment shown as a line, and the lane it is on (-1: the band of refusals).
    void setHighlight(const QDateTime &time, int lane);
    QDateTime highlightTime() const { return m_highlight; }
    int highlightLane() const { return m_highlightLane; }

    // Where a lane (or -1, the band) is drawn, and where a time falls on the axis: tests click there.
    QRect laneRect(int lane) const;
    int xOf(const QDateTime &time) const;
    QDateTime timeAt(int x) const;
    // The time axis's ticks and their labels, in local time and the widget's locale ("3 déc.
    // 09:00" in French when the range spans days, "09:00" within one).
    QList<std::pair<QDateTime, QString>> axisTicks() const;
    int laneAt(int y) const; // -2: none

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void clicked(const QDateTime &time, int lane);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    int labelWidth() const;
    int laneHeight() const;
    int bandTop() const;
    int axisTop() const;

    const HolderTimelineModel &m_model;
    QDateTime m_highlight;
    int m_highlightLane = -1;
};

} // namespace keyright
