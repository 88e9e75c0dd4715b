#include "HolderTimelineStrip.h"

#include "HolderTimelineModel.h"
#include "StatePalette.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <iterator>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Black or white, whichever reads better on `fill`.
QColor textOn(const QColor &fill)
{
    return StatePalette::contrastRatio(fill, Qt::black) >= StatePalette::contrastRatio(fill, Qt::white)
        ? QColor(Qt::black)
        : QColor(Qt::white);
}

StatePalette::Role roleOf(TimelineSpan::End how)
{
    switch (how) {
    case TimelineSpan::End::Open:
        return StatePalette::Live;
    case TimelineSpan::End::Released:
        return StatePalette::Accent;
    case TimelineSpan::End::Expired:
    case TimelineSpan::End::Reaped:
        return StatePalette::Expired;
    case TimelineSpan::End::Revoked:
        return StatePalette::Revoked;
    case TimelineSpan::End::Reclaimed:
        return StatePalette::Idle;
    }
    return StatePalette::Muted;
}

// The colour of an event's tick in the band or on its lane.
StatePalette::Role roleOf(EventKind kind)
{
    switch (kind) {
    case EventKind::Denied:
    case EventKind::HolderBlocked:
        return StatePalette::Denied;
    case EventKind::Queued:
    case EventKind::QueueLeft:
        return StatePalette::Waiting;
    case EventKind::ReclaimWarned:
    case EventKind::ReclaimCancelled:
        return StatePalette::Idle;
    case EventKind::RenewRefused:
        return StatePalette::Failed;
    default:
        break;
    }
    return StatePalette::Muted;
}

} // namespace

HolderTimelineStrip::HolderTimelineStrip(const HolderTimelineModel &model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(u"holderTimelineStrip"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    connect(&model, &HolderTimelineModel::modelReset, this, [this] {
        m_highlight = {};
        updateGeometry();
        update();
    });
}

void HolderTimelineStrip::setHighlight(const QDateTime &time, int lane)
{
    m_highlight = time;
    m_highlightLane = lane;
    update();
}

int HolderTimelineStrip::labelWidth() const
{
    return std::min(width() / 3, fontMetrics().horizontalAdvance(u"acme-cad-license 0123abcd"_s));
}

int HolderTimelineStrip::laneHeight() const
{
    return fontMetrics().height() + 8;
}

int HolderTimelineStrip::bandTop() const
{
    return 2;
}

QRect HolderTimelineStrip::laneRect(int lane) const
{
    const int left = labelWidth();
    const int h = laneHeight();
    // The band of refusals and the line sits above the lanes.
    const int top = bandTop() + (lane + 1) * h;
    return QRect(left, top, std::max(1, width() - left - 8), h - 2);
}

int HolderTimelineStrip::axisTop() const
{
    return bandTop() + (int(m_model.spans().size()) + 1) * laneHeight() + 2;
}

QSize HolderTimelineStrip::sizeHint() const
{
    const int lanes = std::max<int>(1, int(m_model.spans().size()));
    return {600, bandTop() + (lanes + 1) * laneHeight() + fontMetrics().height() + 12};
}

QSize HolderTimelineStrip::minimumSizeHint() const
{
    return {200, bandTop() + 2 * laneHeight() + fontMetrics().height() + 12};
}

int HolderTimelineStrip::xOf(const QDateTime &time) const
{
    const QRect area = laneRect(0);
    const qint64 span = std::max<qint64>(1, m_model.viewFrom().msecsTo(m_model.until()));
    const double share = double(m_model.viewFrom().msecsTo(time)) / double(span);
    return area.left() + int(std::clamp(share, 0.0, 1.0) * area.width());
}

QDateTime HolderTimelineStrip::timeAt(int x) const
{
    const QRect area = laneRect(0);
    const qint64 span = m_model.viewFrom().msecsTo(m_model.until());
    const double share = std::clamp(double(x - area.left()) / std::max(1, area.width()), 0.0, 1.0);
    return m_model.viewFrom().addMSecs(qint64(share * double(span)));
}

int HolderTimelineStrip::laneAt(int y) const
{
    const int lane = (y - bandTop()) / laneHeight() - 1;
    return lane < -1 || lane >= m_model.spans().size() ? -2 : lane;
}

void HolderTimelineStrip::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QPalette &pal = palette();
    painter.fillRect(rect(), pal.base());
    if (!m_model.viewFrom().isValid() || !m_model.until().isValid())
        return;
    const QList<TimelineSpan> &spans = m_model.spans();
    const int h = laneHeight();

    // Labels: the band, then each seat as its license and short seat id.
    painter.setPen(pal.color(QPalette::Text));
    const auto label = [&](int lane, const QString &text) {
        const QRect r(4, laneRect(lane).top(), labelWidth() - 8, h - 2);
        painter.drawText(r, Qt::AlignVCenter | Qt::AlignLeft,
                         painter.fontMetrics().elidedText(text, Qt::ElideMiddle, r.width()));
    };
    label(-1, tr("Refusals, line"));
    for (int i = 0; i < spans.size(); ++i)
        label(i,
              tr("%1 %2", "a timeline lane: license and seat").arg(spans.at(i).licenseId, spans.at(i).seatId.left(8)));

    // The lanes' background and the seats on them.
    const QColor laneBack = StatePalette::background(StatePalette::Muted, pal);
    for (int i = -1; i < spans.size(); ++i)
        painter.fillRect(laneRect(i), laneBack);
    for (int i = 0; i < spans.size(); ++i) {
        const TimelineSpan &s = spans.at(i);
        const QRect lane = laneRect(i);
        const int left = xOf(s.start);
        const int right = std::max(left + 2, xOf(s.end));
        const QRect bar(left, lane.top() + 2, right - left, lane.height() - 4);
        const QColor fill = StatePalette::fill(roleOf(s.how));
        painter.fillRect(bar, fill);
        // A seat granted before the range, or held past it, has an open edge: no border there.
        painter.setPen(textOn(fill));
        if (s.how != TimelineSpan::End::Open)
            painter.drawLine(bar.right(), bar.top(), bar.right(), bar.bottom());
        const QString end = HolderTimelineModel::endText(s);
        if (painter.fontMetrics().horizontalAdvance(end) + 8 < bar.width())
            painter.drawText(bar.adjusted(4, 0, -4, 0), Qt::AlignVCenter | Qt::AlignLeft, end);
    }

    // Ticks: each event at its moment, on its seat's lane or in the band (every refusal of a run
    // the table shows as one row).
    for (int i = 0; i < m_model.events().size(); ++i) {
        const EventRecord &e = m_model.events().at(i);
        const StatePalette::Role role = roleOf(e.kind);
        const int lane = m_model.laneOfEvent(i);
        if (lane >= 0 && role == StatePalette::Muted)
            continue; // grants and ends are the bar's edges
        const QRect r = laneRect(lane);
        const int x = xOf(e.time);
        // A rim of the background's colour keeps ticks apart from each other and from a bar of a
        // near colour (denials close together merged into one block in the dark theme).
        painter.fillRect(QRect(x - 2, r.top() + 1, 5, r.height() - 2), pal.base());
        painter.fillRect(QRect(x - 1, r.top() + 1, 3, r.height() - 2), StatePalette::colour(role, pal));
    }

    // The time axis, in the dashboard's local time, at a round step that leaves room for labels.
    const int axis = axisTop();
    const QRect area = laneRect(0);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.left(), axis, area.right(), axis);
    for (const auto &[at, text] : axisTicks()) {
        const int x = xOf(at);
        painter.drawLine(x, axis, x, axis + 4);
        const int w = painter.fontMetrics().horizontalAdvance(text);
        painter.drawText(QRect(x - w / 2, axis + 5, w, painter.fontMetrics().height()), Qt::AlignCenter, text);
    }

    if (m_highlight.isValid()) {
        const int x = xOf(m_highlight);
        painter.setPen(QPen(StatePalette::colour(StatePalette::Pending, pal), 2));
        painter.drawLine(x, laneRect(-1).top(), x, axis);
        if (m_highlightLane >= -1 && m_highlightLane < spans.size()) {
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(laneRect(m_highlightLane).adjusted(0, 0, -1, -1));
        }
    }
}

QList<std::pair<QDateTime, QString>> HolderTimelineStrip::axisTicks() const
{
    QList<std::pair<QDateTime, QString>> ticks;
    if (!m_model.viewFrom().isValid() || !m_model.until().isValid())
        return ticks;
    const QRect area = laneRect(0);
    const qint64 rangeMs = std::max<qint64>(1, m_model.viewFrom().msecsTo(m_model.until()));
    // The day first, its month abbreviated, in the widget's language: "3 déc. 09:00", "3 Dec 09:00".
    const QString withDateFormat = u"d MMM HH:mm"_s;
    const QString sample = locale().toString(QDateTime(QDate(2026, 12, 30), QTime(23, 59)), withDateFormat);
    const int maxTicks = std::max(2, area.width() / (fontMetrics().horizontalAdvance(sample) + 16));
    static constexpr qint64 minute = 60'000;
    static constexpr qint64 steps[]
        = {minute,          5 * minute,      10 * minute,     15 * minute,      30 * minute,      60 * minute,
           2 * 60 * minute, 3 * 60 * minute, 6 * 60 * minute, 12 * 60 * minute, 24 * 60 * minute, 2 * 24 * 60 * minute};
    qint64 step = steps[std::size(steps) - 1];
    for (qint64 s : steps) {
        if (rangeMs / s <= maxTicks) {
            step = s;
            break;
        }
    }
    const QDateTime fromLocal = m_model.viewFrom().toLocalTime();
    const qint64 offsetMs = qint64(fromLocal.offsetFromUtc()) * 1000;
    const qint64 fromMs = m_model.viewFrom().toMSecsSinceEpoch();
    const bool withDate = rangeMs > 24 * 60 * minute || fromLocal.date() != m_model.until().toLocalTime().date();
    for (qint64 t = ((fromMs + offsetMs) / step + 1) * step - offsetMs; t <= fromMs + rangeMs; t += step) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(t, Qt::UTC);
        ticks.append({at, locale().toString(at.toLocalTime(), withDate ? withDateFormat : u"HH:mm"_s)});
    }
    return ticks;
}

void HolderTimelineStrip::mousePressEvent(QMouseEvent *event)
{
    const QPoint p = event->position().toPoint();
    const int lane = laneAt(p.y());
    if (event->button() != Qt::LeftButton || lane < -1 || p.x() < laneRect(0).left()) {
        QWidget::mousePressEvent(event);
        return;
    }
    Q_EMIT clicked(timeAt(p.x()), lane);
}

} // namespace keyright
