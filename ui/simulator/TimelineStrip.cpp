#include "TimelineStrip.h"

#include "SimulatorPalette.h"
#include "simulator/SimulatedClient.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <optional>

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
    case TimelineEvent::Kind::ReclaimWarned:
        return u"⚠"_s;
    case TimelineEvent::Kind::Borrowed:
        return u"B"_s;
    case TimelineEvent::Kind::BorrowRefused:
        return u"⊘"_s;
    case TimelineEvent::Kind::Returned:
        return u"↩"_s;
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
    QList<MarkSpan> taken;
    for (const Glyph &glyph : glyphs())
        taken.append(MarkSpan {glyph.rect.left(), glyph.rect.width()});
    const QList<LabelPlace> places = placeLabels(spans, width(), taken);
    const QRectF below = labelRowRect();
    const QRectF above = glyphRowRect();
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const QRectF &row = places.at(i).topRow ? above : below;
        marks[i].labelRect = QRectF(places.at(i).left, row.top(), spans.at(i).labelWidth, row.height());
    }
    return marks;
}

QRectF TimelineStrip::glyphRowRect() const
{
    return QRectF(0, 0, width(), fontMetrics().height());
}

QFont TimelineStrip::glyphFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

QList<TimelineStrip::Glyph> TimelineStrip::glyphs() const
{
    QList<Glyph> glyphs;
    if (!m_client || !m_axis.now.isValid())
        return glyphs;
    const QFontMetricsF fm(glyphFont());
    const double w = width();
    struct Group
    {
        TimelineEvent::Kind kind;
        double x;
        double lastX;
        int count;
    };
    QList<Group> groups;
    QList<TimelineEvent> events = m_client->events();
    std::stable_sort(events.begin(), events.end(),
                     [](const TimelineEvent &a, const TimelineEvent &b) { return a.at < b.at; });
    for (const TimelineEvent &event : std::as_const(events)) {
        const double x = xFor(event.at);
        if (x < -4 || x > w + 4)
            continue;
        // A repeat of a kind whose glyph would land on the previous one's (a retry a second, a
        // beat every few pixels at high speed) adds to its count instead of a glyph of its own.
        const double span = fm.horizontalAdvance(glyphFor(event.kind)) + 2;
        auto same = std::find_if(groups.rbegin(), groups.rend(), [&](const Group &g) { return g.kind == event.kind; });
        if (same != groups.rend() && x - same->lastX < span) {
            ++same->count;
            same->lastX = x;
            continue;
        }
        groups.append(Group {event.kind, x, x, 1});
    }
    for (const Group &g : std::as_const(groups)) {
        const QString glyph = glyphFor(g.kind);
        const QString text
            = g.count > 1 ? tr("%1 ×%2", "a timeline glyph repeated %2 times").arg(glyph).arg(g.count) : glyph;
        const double textWidth = fm.horizontalAdvance(text) + 2;
        glyphs.append(Glyph {g.x, g.kind, text, g.count, QRectF(g.x - textWidth / 2.0, 0, textWidth, fm.height())});
    }
    std::stable_sort(glyphs.begin(), glyphs.end(), [](const Glyph &a, const Glyph &b) { return a.x < b.x; });
    // Left to right, each one clear of the one before; then back from the right edge, so the last
    // ones stay inside the strip.
    constexpr double spacing = 1;
    for (qsizetype i = 0; i < glyphs.size(); ++i) {
        QRectF &r = glyphs[i].rect;
        double left = std::max(r.left(), 0.0);
        if (i > 0)
            left = std::max(left, glyphs.at(i - 1).rect.right() + spacing);
        r.moveLeft(left);
    }
    for (qsizetype i = glyphs.size() - 1; i >= 0; --i) {
        QRectF &r = glyphs[i].rect;
        double right = std::min(r.right(), w);
        if (i + 1 < glyphs.size())
            right = std::min(right, glyphs.at(i + 1).rect.left() - spacing);
        r.moveRight(right);
    }
    return glyphs;
}

QList<QRectF> TimelineStrip::markLabelRects() const
{
    QList<QRectF> rects;
    for (const Mark &m : visibleMarks())
        rects.append(m.labelRect);
    return rects;
}

QList<double> TimelineStrip::markLines() const
{
    QList<double> lines;
    for (const Mark &m : visibleMarks())
        lines.append(m.x);
    return lines;
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

QList<TimelineStrip::AxisTick> TimelineStrip::axisTicks() const
{
    QList<AxisTick> ticks;
    if (!m_axis.now.isValid())
        return ticks;
    const QFontMetrics fm = fontMetrics();
    const qint64 span = m_axis.before.count() + m_axis.after.count();
    const qint64 stepMs = span > 90000 ? 20000 : (span > 40000 ? 10000 : 5000);
    const qint64 nowMs = m_axis.now.toMSecsSinceEpoch();
    for (qint64 rel = -(m_axis.before.count() / stepMs) * stepMs; rel <= m_axis.after.count(); rel += stepMs) {
        AxisTick tick;
        tick.offset = std::chrono::milliseconds {rel};
        tick.x = xFor(QDateTime::fromMSecsSinceEpoch(nowMs + rel, Qt::UTC));
        tick.label = rel == 0 ? tr("now") : (rel > 0 ? u"+"_s : QString()) + tr("%1 s").arg(rel / 1000);
        tick.labelWidth = fm.horizontalAdvance(tick.label);
        tick.labelLeft = tick.x - tick.labelWidth / 2.0;
        ticks.append(tick);
    }
    // Labels a clear gap apart (two spaces' worth: "-40 s -30 s" must not read as one), "now"
    // always, and the others every k-th tick counted from now, the smallest k at which none runs
    // into another or out of the strip: on a narrow strip (a projector at 150 %, in French) every
    // other label goes rather than a few piling up.
    const double gap = fm.horizontalAdvance(u"  "_s);
    const auto nowIndex
        = std::find_if(ticks.cbegin(), ticks.cend(), [](const AxisTick &t) { return t.offset.count() == 0; })
        - ticks.cbegin();
    const auto fits = [&](const AxisTick &t) { return t.labelLeft >= 0 && t.labelLeft + t.labelWidth <= width(); };
    for (qsizetype stride = 1; stride <= ticks.size(); ++stride) {
        QList<bool> shown(ticks.size(), false);
        for (qsizetype i = 0; i < ticks.size(); ++i)
            shown[i] = (i - nowIndex) % stride == 0 && fits(ticks.at(i));
        bool clear = true;
        const AxisTick *previous = nullptr;
        for (qsizetype i = 0; i < ticks.size() && clear; ++i) {
            if (!shown.at(i))
                continue;
            if (previous && previous->labelLeft + previous->labelWidth + gap > ticks.at(i).labelLeft)
                clear = false;
            previous = &ticks.at(i);
        }
        if (clear || stride == ticks.size()) {
            for (qsizetype i = 0; i < ticks.size(); ++i) {
                if (!shown.at(i))
                    ticks[i].label.clear();
            }
            break;
        }
    }
    return ticks;
}

double TimelineStrip::xFor(const QDateTime &time) const
{
    const qint64 start = m_axis.now.toMSecsSinceEpoch() - m_axis.before.count();
    const qint64 span = std::max<qint64>(1, m_axis.before.count() + m_axis.after.count());
    return static_cast<double>(time.toMSecsSinceEpoch() - start) * width() / static_cast<double>(span);
}

QList<TimelineStrip::LabelPlace> TimelineStrip::placeLabels(const QList<MarkSpan> &marks, double width,
                                                            const QList<MarkSpan> &glyphs)
{
    constexpr double gap = labelGap;
    QList<LabelPlace> places;
    const auto overlaps = [&](double left, double w, double otherLeft, double otherWidth) {
        return left < otherLeft + otherWidth + gap && otherLeft < left + w + gap;
    };
    // Whether a label of mark `i` at `left` in that row stays inside, covers no label placed there
    // and (below the lanes, where every line runs) crosses no other mark's line; above the lanes
    // only the lines of labels up there run, and no glyph may be covered.
    const auto fits = [&](qsizetype i, double left, bool topRow, bool mayCrossLines) {
        const double w = marks.at(i).labelWidth;
        if (left < 0 || left + w > width)
            return false;
        for (qsizetype j = 0; j < marks.size(); ++j) {
            if (j == i || mayCrossLines)
                continue;
            const bool lineInRow = !topRow || (j < places.size() && places.at(j).topRow);
            if (lineInRow && marks.at(j).x > left && marks.at(j).x < left + w)
                return false;
        }
        for (qsizetype j = 0; j < places.size(); ++j) {
            if (places.at(j).topRow == topRow && overlaps(left, w, places.at(j).left, marks.at(j).labelWidth))
                return false;
        }
        if (topRow) {
            for (const MarkSpan &glyph : glyphs) {
                if (overlaps(left, w, glyph.x, glyph.labelWidth))
                    return false;
            }
        }
        return true;
    };
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const MarkSpan &m = marks.at(i);
        const double right = m.x + gap;
        const double left = m.x - gap - m.labelWidth;
        // Right of the line, else left of it; below the lanes, else above; at worst below across
        // another line.
        const QList<LabelPlace> candidates {{right, false}, {left, false}, {right, true}, {left, true}};
        std::optional<LabelPlace> chosen;
        for (const LabelPlace &c : candidates) {
            if (fits(i, c.left, c.topRow, false)) {
                chosen = c;
                break;
            }
        }
        for (const LabelPlace &c : {LabelPlace {right, false}, LabelPlace {left, false}}) {
            if (!chosen && fits(i, c.left, c.topRow, true))
                chosen = c;
        }
        // No room at its line: offset along the label row, as near the line as it goes without
        // covering a label ("expiration" and "nettoyé" ran into each other when their lines were
        // close), else in the glyph row the same way, over glyphs rather than over a label.
        for (const bool topRow : {false, true}) {
            if (chosen)
                break;
            QList<double> starts {right, left};
            for (qsizetype j = 0; j < places.size(); ++j) {
                if (places.at(j).topRow != topRow)
                    continue;
                starts.append(places.at(j).left + marks.at(j).labelWidth + gap + 1);
                starts.append(places.at(j).left - gap - 1 - m.labelWidth);
            }
            std::optional<double> best;
            for (double start : std::as_const(starts)) {
                start = std::clamp(start, 0.0, std::max(0.0, width - m.labelWidth));
                bool clear = true;
                for (qsizetype j = 0; j < places.size(); ++j) {
                    if (places.at(j).topRow == topRow
                        && overlaps(start, m.labelWidth, places.at(j).left, marks.at(j).labelWidth))
                        clear = false;
                }
                if (clear && (!best || std::abs(start - right) < std::abs(*best - right)))
                    best = start;
            }
            if (best)
                chosen = LabelPlace {*best, topRow};
        }
        if (!chosen)
            chosen = LabelPlace {std::clamp(right, 0.0, std::max(0.0, width - m.labelWidth)), false};
        places.append(*chosen);
    }
    return places;
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
        p.drawLine(QPointF(m.x, std::min(clientLane.top(), m.labelRect.top())),
                   QPointF(m.x, std::max(serverLane.bottom(), m.labelRect.bottom())));
        p.setPen(m.colour);
        p.drawText(m.labelRect, Qt::AlignCenter, m.label);
    }

    // Event ticks on the client lane, each at its instant.
    const QList<TimelineEvent> events = m_client->events();
    for (const TimelineEvent &event : events) {
        const double x = xFor(event.at);
        if (x < -4 || x > width() + 4)
            continue;
        p.setPen(SimulatorPalette::eventColour(event.kind));
        p.drawLine(QPointF(x, clientLane.top()), QPointF(x, clientLane.bottom()));
    }
    // Their glyphs above it, side by side where instants are close.
    p.setFont(glyphFont());
    for (const Glyph &glyph : glyphs()) {
        p.setPen(SimulatorPalette::eventColour(glyph.kind));
        p.drawText(glyph.rect, Qt::AlignCenter, glyph.text);
    }
    p.setFont(font());

    // Axis: a tick every 5 s (10 s when the window is wide), labelled relative to now where the
    // labels do not crowd each other.
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(QPointF(0, axisTop), QPointF(width(), axisTop));
    for (const AxisTick &tick : axisTicks()) {
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(QPointF(tick.x, axisTop), QPointF(tick.x, axisTop + 4));
        if (tick.label.isEmpty())
            continue;
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(tick.labelLeft, axisTop + 3, tick.labelWidth, line), Qt::AlignCenter, tick.label);
    }

    // Now.
    const double nowX = xFor(m_axis.now);
    p.setPen(QPen(palette().color(QPalette::WindowText), 2));
    p.drawLine(QPointF(nowX, clientLane.top() - 2), QPointF(nowX, serverLane.bottom() + 2));
}

} // namespace keyright
