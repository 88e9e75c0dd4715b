#include "TimelineStrip.h"

#include "SimulatorPalette.h"
#include "simulator/SimulatedClient.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace {

QString glyphFor(TimelineEvent::Kind kind)
{
    // Letters rather than icons: they read from the back of a room and need no legend beyond the
    // one in the narration panel.
    switch (kind) {
    case TimelineEvent::Kind::Checkout:
        return u"C"_s;
    case TimelineEvent::Kind::Beat:
        return u"·"_s;
    case TimelineEvent::Kind::BeatLost:
        return u"×"_s;
    case TimelineEvent::Kind::SeatLost:
        return u"!"_s;
    case TimelineEvent::Kind::Lapsed:
        return u"L"_s;
    case TimelineEvent::Kind::Reacquire:
        return u"R"_s;
    case TimelineEvent::Kind::Degrade:
        return u"D"_s;
    case TimelineEvent::Kind::Recover:
        return u"✓"_s;
    case TimelineEvent::Kind::Release:
        return u"⏏"_s;
    case TimelineEvent::Kind::Crash:
        return u"✖"_s;
    case TimelineEvent::Kind::NetworkCut:
        return u"⌁"_s;
    case TimelineEvent::Kind::NetworkBack:
        return u"⌁"_s;
    case TimelineEvent::Kind::ClockChanged:
        return u"⟲"_s;
    case TimelineEvent::Kind::InstanceChanged:
        return u"⇄"_s;
    }
    return {};
}

} // namespace

TimelineStrip::TimelineStrip(SimulatedClient *client, QWidget *parent)
    : QWidget(parent)
    , m_client(client)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimelineStrip::setAxis(const Axis &axis)
{
    m_axis = axis;
    update();
}

QSize TimelineStrip::sizeHint() const
{
    // Glyphs, client lane, server lane, mark labels, axis labels.
    const int line = fontMetrics().height();
    return {400, line * 5 + 8};
}

QRectF TimelineStrip::clientLaneRect() const
{
    const int line = fontMetrics().height();
    return QRectF(0, line + 2, width(), line);
}

QRectF TimelineStrip::serverLaneRect() const
{
    const int line = fontMetrics().height();
    return QRectF(0, 2 * line + 4, width(), line * 0.7);
}

QRectF TimelineStrip::labelRowRect() const
{
    const QRectF server = serverLaneRect();
    return QRectF(0, server.bottom() + 1, width(), fontMetrics().height());
}

QList<TimelineStrip::Mark> TimelineStrip::visibleMarks() const
{
    QList<Mark> marks;
    if (!m_client || !m_axis.now.isValid())
        return marks;
    // The server's instants for the seat this client holds or last held.
    const ServerSeatView view = m_client->serverView();
    auto mark = [&](const QDateTime &at, const QColor &colour, const QString &label) {
        if (!at.isValid())
            return;
        const double x = xFor(at);
        if (x >= 0 && x <= width())
            marks.append(Mark {x, colour, label, {}});
    };
    mark(view.countedUntil, SimulatorPalette::expiryMark(), tr("expiry"));
    if (view.state == ServerSeatView::State::Reaped)
        mark(view.endedAt, SimulatorPalette::reapMark(), tr("reaped", "timeline mark"));
    else if (view.state == ServerSeatView::State::ExpiredAwaitingReap || view.state == ServerSeatView::State::Live)
        mark(view.reapableAt, SimulatorPalette::reapMark(), tr("reap"));
    std::sort(marks.begin(), marks.end(), [](const Mark &a, const Mark &b) { return a.x < b.x; });
    const QFontMetrics fm = fontMetrics();
    QList<MarkSpan> spans;
    for (const Mark &m : std::as_const(marks))
        spans.append(MarkSpan {m.x, double(fm.horizontalAdvance(m.label) + 4)});
    const QList<double> lefts = labelLefts(spans, width());
    const QRectF row = labelRowRect();
    for (qsizetype i = 0; i < marks.size(); ++i)
        marks[i].labelRect = QRectF(lefts.at(i), row.top(), spans.at(i).labelWidth, row.height());
    return marks;
}

QList<QRectF> TimelineStrip::markLabelRects() const
{
    QList<QRectF> rects;
    for (const Mark &m : visibleMarks())
        rects.append(m.labelRect);
    return rects;
}

QStringList TimelineStrip::markLabels() const
{
    QStringList labels;
    for (const Mark &m : visibleMarks())
        labels.append(m.label);
    return labels;
}

QSize TimelineStrip::minimumSizeHint() const
{
    return {200, sizeHint().height()};
}

double TimelineStrip::xFor(const QDateTime &time) const
{
    const qint64 start = m_axis.now.toMSecsSinceEpoch() - m_axis.before.count();
    const qint64 span = std::max<qint64>(1, m_axis.before.count() + m_axis.after.count());
    return static_cast<double>(time.toMSecsSinceEpoch() - start) * width() / static_cast<double>(span);
}

QList<double> TimelineStrip::labelLefts(const QList<MarkSpan> &marks, double width)
{
    constexpr double gap = 3;
    QList<double> lefts;
    // A place is good when the label stays inside the strip, crosses no mark's line and covers no
    // label placed before it.
    const auto fits = [&](double left, double w) {
        if (left < 0 || left + w > width)
            return false;
        for (const MarkSpan &other : marks) {
            if (other.x > left && other.x < left + w)
                return false;
        }
        for (qsizetype j = 0; j < lefts.size(); ++j) {
            if (left < lefts.at(j) + marks.at(j).labelWidth + gap && lefts.at(j) < left + w + gap)
                return false;
        }
        return true;
    };
    for (const MarkSpan &m : marks) {
        // Right of its line, else left of it, else beside a label already placed (two marks a
        // grace apart at the strip's right edge: the second label goes left of the first).
        QList<double> candidates {m.x + gap, m.x - gap - m.labelWidth};
        for (qsizetype j = lefts.size() - 1; j >= 0; --j) {
            candidates.append(lefts.at(j) - gap - m.labelWidth);
            candidates.append(lefts.at(j) + marks.at(j).labelWidth + gap);
        }
        double chosen = std::clamp(m.x + gap, 0.0, std::max(0.0, width - m.labelWidth));
        for (const double c : std::as_const(candidates)) {
            if (fits(c, m.labelWidth)) {
                chosen = c;
                break;
            }
        }
        lefts.append(chosen);
    }
    return lefts;
}

void TimelineStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), SimulatorPalette::stripBackground());
    if (!m_client || !m_axis.now.isValid())
        return;

    const QFontMetrics fm = fontMetrics();
    const int line = fm.height();
    const int glyphTop = 0;
    const QRectF clientLane = clientLaneRect();
    const QRectF serverLane = serverLaneRect();
    const int axisTop = static_cast<int>(labelRowRect().bottom()) + 1;

    // Lanes from run-length samples: each sample holds until the next one (or now).
    const QList<SimulatedClient::Sample> samples = m_client->samples();
    for (qsizetype i = 0; i < samples.size(); ++i) {
        const SimulatedClient::Sample &s = samples.at(i);
        const QDateTime end = i + 1 < samples.size() ? samples.at(i + 1).at : m_axis.now;
        const double x0 = std::max(0.0, xFor(s.at));
        const double x1 = std::min<double>(width(), xFor(end));
        if (x1 <= x0)
            continue;
        const QRectF clientPart(x0, clientLane.top(), x1 - x0, clientLane.height());
        const QColor beliefColour = SimulatorPalette::belief(s.belief);
        if (beliefColour.isValid())
            p.fillRect(clientPart, beliefColour);
        if (s.belief == SimulatedClient::Belief::Acting && !s.serverCounts) {
            p.fillRect(clientPart, SimulatorPalette::doubleUse());
            p.fillRect(clientPart, QBrush(Qt::white, Qt::BDiagPattern));
        }
        if (s.serverCounts)
            p.fillRect(QRectF(x0, serverLane.top(), x1 - x0, serverLane.height()), SimulatorPalette::serverCounts());
        if (s.networkCut) {
            QPen cut(SimulatorPalette::networkCut(), 3, Qt::DashLine);
            p.setPen(cut);
            p.drawLine(QPointF(x0, clientLane.top() - 1), QPointF(x1, clientLane.top() - 1));
        }
    }

    for (const Mark &m : visibleMarks()) {
        p.setPen(QPen(m.colour, 2, Qt::DashLine));
        p.drawLine(QPointF(m.x, clientLane.top()), QPointF(m.x, m.labelRect.bottom()));
        p.setPen(m.colour);
        p.drawText(m.labelRect, Qt::AlignCenter, m.label);
    }

    // Event glyphs above the client lane.
    QFont glyphFont = font();
    glyphFont.setBold(true);
    p.setFont(glyphFont);
    const QList<TimelineEvent> events = m_client->events();
    for (const TimelineEvent &event : events) {
        const double x = xFor(event.at);
        if (x < -4 || x > width() + 4)
            continue;
        p.setPen(SimulatorPalette::eventColour(event.kind));
        p.drawLine(QPointF(x, clientLane.top()), QPointF(x, clientLane.bottom()));
        const QString glyph = glyphFor(event.kind);
        const int w = fm.horizontalAdvance(glyph) + 2;
        // Kept inside the strip, so a mark at either edge is not cut in half.
        const double left = std::clamp(x - w / 2.0, 0.0, std::max(0.0, double(width() - w)));
        p.drawText(QRectF(left, glyphTop, w, line), Qt::AlignCenter, glyph);
    }
    p.setFont(font());

    // Axis: a tick every 5 s (10 s when the window is wide), labelled relative to now.
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(QPointF(0, axisTop), QPointF(width(), axisTop));
    const qint64 span = m_axis.before.count() + m_axis.after.count();
    const qint64 stepMs = span > 90000 ? 20000 : (span > 40000 ? 10000 : 5000);
    const qint64 nowMs = m_axis.now.toMSecsSinceEpoch();
    p.setPen(palette().color(QPalette::WindowText));
    // "now" first, then the others where they do not run into a label already drawn (a long
    // French "maintenant" at 150 % on a narrow strip).
    QList<qint64> ticks;
    for (qint64 rel = -(m_axis.before.count() / stepMs) * stepMs; rel <= m_axis.after.count(); rel += stepMs)
        ticks.append(rel);
    std::stable_sort(ticks.begin(), ticks.end(), [](qint64 a, qint64 b) { return (a == 0) > (b == 0); });
    QList<QRectF> drawn;
    for (const qint64 rel : std::as_const(ticks)) {
        const double x = xFor(QDateTime::fromMSecsSinceEpoch(nowMs + rel, Qt::UTC));
        p.drawLine(QPointF(x, axisTop), QPointF(x, axisTop + 4));
        const QString label = rel == 0 ? tr("now") : (rel > 0 ? u"+"_s : QString()) + tr("%1 s").arg(rel / 1000);
        const int w = fm.horizontalAdvance(label);
        const QRectF box(x - w / 2.0, axisTop + 3, w, line);
        const bool clear = std::none_of(drawn.cbegin(), drawn.cend(),
                                        [&](const QRectF &r) { return r.adjusted(-4, 0, 4, 0).intersects(box); });
        if (box.left() >= 0 && box.right() <= width() && clear) {
            p.drawText(box, Qt::AlignCenter, label);
            drawn.append(box);
        }
    }

    // Now.
    const double nowX = xFor(m_axis.now);
    p.setPen(QPen(palette().color(QPalette::WindowText), 2));
    p.drawLine(QPointF(nowX, clientLane.top() - 2), QPointF(nowX, serverLane.bottom() + 2));
}

} // namespace keyright
