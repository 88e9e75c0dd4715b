#include "HolderTimelineModel.h"

#include "AdminClient.h"
#include "DashboardSession.h"
#include "DisputeReconstruction.h"
#include "EventLogModel.h"
#include "LeaseTableModel.h"
#include "wire/EventDetail.h"

#include <QHash>

#include <algorithm>
#include <cstdlib>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString seatKey(const EventRecord &event)
{
    return event.licenseId + u'/' + event.seatId;
}

QString shortSeat(const QString &seatId)
{
    return seatId.left(8);
}

} // namespace

HolderTimelineModel::HolderTimelineModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

HolderTimelineModel::~HolderTimelineModel() = default;

int HolderTimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HolderTimelineModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HolderTimelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case HolderColumn:
        return tr("Holder");
    case LicenseColumn:
        return tr("License");
    case EventColumn:
        return tr("What happened");
    }
    return {};
}

QVariant HolderTimelineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const EventRecord &e = eventAt(index.row());
    const int count = eventsInRow(index.row());
    const auto text = [&] {
        if (count == 1)
            return sentence(e);
        return tr("%1 (%n time(s) in all, the last at %2)", nullptr, count)
            .arg(sentence(e), lastEventOfRow(index.row()).time.toLocalTime().toString(u"HH:mm:ss"_s));
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return e.time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
        case HolderColumn:
            return e.holder;
        case LicenseColumn:
            return e.licenseId;
        case EventColumn:
            return text();
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == EventColumn)
            return text();
        break;
    case SeqRole:
        return e.seq;
    case TimeRole:
        return e.time;
    case LaneRole:
        return laneOfRow(index.row());
    }
    return {};
}

QString HolderTimelineModel::userOf(const QString &holder)
{
    const qsizetype at = holder.lastIndexOf(u'@');
    return at < 0 ? holder : holder.left(at);
}

QList<TimelineSpan> HolderTimelineModel::reconstruct(const QList<EventRecord> &events, const QDateTime &from,
                                                     const QDateTime &until)
{
    namespace detail = eventdetail;
    QList<TimelineSpan> spans;
    QHash<QString, int> open; // seat -> its open span
    // The span an end event closes: the open one, else one granted before the range.
    const auto spanFor = [&](const EventRecord &e) -> TimelineSpan & {
        const auto it = open.constFind(seatKey(e));
        if (it != open.cend())
            return spans[*it];
        TimelineSpan span;
        span.licenseId = e.licenseId;
        span.seatId = e.seatId;
        span.holder = e.holder;
        span.start = from.isValid() ? std::min(from, e.time) : e.time;
        spans << span;
        open.insert(seatKey(e), int(spans.size()) - 1);
        return spans.last();
    };
    const auto close = [&](TimelineSpan &span, const EventRecord &e, TimelineSpan::End how, const QDateTime &at) {
        span.how = how;
        span.end = at.isValid() ? std::max(at, span.start) : e.time;
        span.endEventAt = e.time;
        span.endSeq = e.seq;
        open.remove(seatKey(e));
    };
    for (const EventRecord &e : events) {
        if (e.seatId.isEmpty())
            continue;
        switch (e.kind) {
        case EventKind::Granted: {
            // A grant of a seat already open (its end was not in the range) starts afresh.
            open.remove(seatKey(e));
            const auto granted = detail::Granted::fromJson(e.detail);
            TimelineSpan span;
            span.licenseId = e.licenseId;
            span.seatId = e.seatId;
            span.holder = e.holder;
            span.generation = granted.generation;
            span.start = e.time;
            span.grantSeen = true;
            span.expiresAt = granted.expiresAt;
            span.startSeq = e.seq;
            spans << span;
            open.insert(seatKey(e), int(spans.size()) - 1);
            break;
        }
        case EventKind::Released: {
            TimelineSpan &span = spanFor(e);
            span.expiresAt = detail::Released::fromJson(e.detail).expiresAt;
            close(span, e, TimelineSpan::End::Released, e.time);
            break;
        }
        case EventKind::Revoked: {
            const auto revoked = detail::Revoked::fromJson(e.detail);
            TimelineSpan &span = spanFor(e);
            span.actor = e.actor;
            span.reason = revoked.reason;
            close(span, e, TimelineSpan::End::Revoked, e.time);
            break;
        }
        case EventKind::Reclaimed: {
            const auto taken = detail::Reclaimed::fromJson(e.detail);
            TimelineSpan &span = spanFor(e);
            span.waiter = taken.waiter;
            close(span, e, TimelineSpan::End::Reclaimed, e.time);
            break;
        }
        case EventKind::Reaped: {
            // The seat ended when it expired; the reaper only deleted it later.
            const auto reaped = detail::Reaped::fromJson(e.detail);
            TimelineSpan &span = spanFor(e);
            if (reaped.expiresAt.isValid())
                span.expiresAt = reaped.expiresAt;
            close(span, e, TimelineSpan::End::Reaped,
                  std::min(span.expiresAt.isValid() ? span.expiresAt : e.time, e.time));
            break;
        }
        case EventKind::RenewRefused: {
            // A heartbeat that came after the expiry: the seat had lapsed (a gap in the renewals).
            // One for a seat already closed says nothing new.
            if (!open.contains(seatKey(e)))
                break;
            const auto refused = detail::RenewRefused::fromJson(e.detail);
            if (refused.reason != QStringView(detail::RenewRefused::expired))
                break;
            TimelineSpan &span = spanFor(e);
            close(span, e, TimelineSpan::End::Expired,
                  span.expiresAt.isValid() ? std::min(span.expiresAt, e.time) : e.time);
            break;
        }
        default:
            break;
        }
    }
    for (TimelineSpan &span : spans) {
        if (span.how == TimelineSpan::End::Open)
            span.end = until.isValid() ? std::max(until, span.start) : span.start;
    }
    std::stable_sort(spans.begin(), spans.end(),
                     [](const TimelineSpan &a, const TimelineSpan &b) { return a.start < b.start; });
    return spans;
}

QString HolderTimelineModel::endText(const TimelineSpan &span)
{
    const auto at = [&span](const QDateTime &time) { return LeaseTableModel::formatTime(time, span.start); };
    switch (span.how) {
    case TimelineSpan::End::Open:
        return tr("no end in the range: held, or lapsed without an event, until %1").arg(at(span.end));
    case TimelineSpan::End::Released:
        return tr("released at %1").arg(at(span.end));
    case TimelineSpan::End::Expired:
        if (span.endEventAt.isValid() && span.endEventAt > span.end)
            return tr("expired unrenewed at %1 (seen at %2)").arg(at(span.end), at(span.endEventAt));
        return tr("expired unrenewed at %1").arg(at(span.end));
    case TimelineSpan::End::Reaped:
        return tr("expired unrenewed at %1, reaped at %2").arg(at(span.end), at(span.endEventAt));
    case TimelineSpan::End::Revoked:
        if (span.reason.isEmpty())
            return tr("revoked at %1 by %2").arg(at(span.end), EventLogModel::actorLabel(span.actor));
        return tr("revoked at %1 by %2: %3").arg(at(span.end), EventLogModel::actorLabel(span.actor), span.reason);
    case TimelineSpan::End::Reclaimed:
        return tr("reclaimed at %1 for %2, idle").arg(at(span.end), span.waiter);
    }
    return {};
}

QString HolderTimelineModel::sentence(const EventRecord &event)
{
    const QString detail = EventLogModel::describeDetail(event);
    const QString seat = shortSeat(event.seatId);
    const auto withDetail = [&detail](const QString &text) {
        return detail.isEmpty() ? text : tr("%1: %2", "an event's sentence and its detail").arg(text, detail);
    };
    switch (event.kind) {
    case EventKind::Denied:
    case EventKind::HolderBlocked:
        // The dispute panel's sentence: the same words for the same refusal.
        return DisputeReconstruction::sentence(DisputeReconstruction::reconstruct(event, {}));
    case EventKind::Granted:
        return withDetail(tr("Took seat %1 of %2").arg(seat, event.licenseId));
    case EventKind::Released:
        return tr("Released seat %1 of %2").arg(seat, event.licenseId);
    case EventKind::Revoked:
        return withDetail(
            tr("Seat %1 of %2 revoked by %3").arg(seat, event.licenseId, EventLogModel::actorLabel(event.actor)));
    case EventKind::Reaped:
        return withDetail(tr("Seat %1 of %2 lapsed unrenewed and was reaped").arg(seat, event.licenseId));
    case EventKind::RenewRefused:
        return withDetail(tr("Renewal of seat %1 of %2 refused").arg(seat, event.licenseId));
    case EventKind::Reclaimed:
        return withDetail(tr("Seat %1 of %2 reclaimed").arg(seat, event.licenseId));
    case EventKind::ReclaimWarned:
        return withDetail(tr("Seat %1 of %2 marked idle").arg(seat, event.licenseId));
    case EventKind::ReclaimCancelled:
        return withDetail(tr("Idle mark on seat %1 of %2 lifted").arg(seat, event.licenseId));
    case EventKind::Queued:
        return withDetail(tr("Waiting in line for %1").arg(event.licenseId));
    case EventKind::QueueLeft:
        return withDetail(tr("Left the line for %1").arg(event.licenseId));
    default:
        break;
    }
    return withDetail(EventLogModel::kindLabel(event.kind));
}

void HolderTimelineModel::setEvents(const QList<EventRecord> &events, const QDateTime &from, const QDateTime &until)
{
    beginResetModel();
    m_from = from;
    m_until = until;
    m_events = events;
    m_spans = reconstruct(events, from, until);
    m_lanes.clear();
    QHash<QString, QList<int>> spansOfSeat;
    for (int i = 0; i < m_spans.size(); ++i)
        spansOfSeat[m_spans.at(i).licenseId + u'/' + m_spans.at(i).seatId] << i;
    for (const EventRecord &e : std::as_const(m_events)) {
        int lane = -1;
        // The span of the seat that the event falls in (a seat id can be granted again).
        for (int i : spansOfSeat.value(seatKey(e))) {
            const TimelineSpan &s = m_spans.at(i);
            if (e.time >= s.start && (e.time <= s.end || e.seq == s.endSeq))
                lane = i;
        }
        m_lanes << lane;
    }
    m_rows.clear();
    const auto isRefusal
        = [](const EventRecord &e) { return e.kind == EventKind::Denied || e.kind == EventKind::HolderBlocked; };
    for (int i = 0; i < m_events.size(); ++i) {
        const EventRecord &e = m_events.at(i);
        if (!m_rows.isEmpty() && isRefusal(e)) {
            const EventRecord &previous = m_events.at(m_rows.last().first + m_rows.last().count - 1);
            if (previous.kind == e.kind && previous.holder == e.holder && previous.licenseId == e.licenseId
                && previous.detail.value(u"reason"_s) == e.detail.value(u"reason"_s)) {
                ++m_rows.last().count;
                continue;
            }
        }
        m_rows.append(Row {i, 1});
    }
    endResetModel();
    Q_EMIT loaded();
}

QDateTime HolderTimelineModel::viewFrom() const
{
    if (!m_from.isValid() || !m_until.isValid())
        return m_from;
    QDateTime first;
    const auto earlier = [&first](const QDateTime &t) {
        if (t.isValid() && (!first.isValid() || t < first))
            first = t;
    };
    for (const EventRecord &event : m_events)
        earlier(event.time);
    for (const TimelineSpan &span : m_spans)
        earlier(span.start);
    const qint64 rangeMs = m_from.msecsTo(m_until);
    if (!first.isValid() || m_from.msecsTo(first) <= rangeMs / 4)
        return m_from;
    // A tenth of what is shown before the first of it, and at least a minute.
    const qint64 shownMs = first.msecsTo(m_until);
    return std::max(m_from, first.addMSecs(-std::max<qint64>(60'000, shownMs / 10)));
}

int HolderTimelineModel::rowNearest(const QDateTime &time, int lane) const
{
    int best = -1;
    qint64 bestGap = 0;
    for (int row = 0; row < m_rows.size(); ++row) {
        if (lane >= 0 && laneOfRow(row) != lane)
            continue;
        // A run of refusals is near a moment between its first and its last.
        const QDateTime &first = eventAt(row).time;
        const QDateTime &last = lastEventOfRow(row).time;
        const qint64 gap = time < first ? time.msecsTo(first) : time > last ? last.msecsTo(time) : 0;
        if (best < 0 || gap < bestGap) {
            best = row;
            bestGap = gap;
        }
    }
    if (best < 0 && lane >= 0)
        return rowNearest(time);
    return best;
}

void HolderTimelineModel::load(AdminClient *client, const QString &holder, bool allMachines, const QDateTime &from,
                               const QDateTime &until)
{
    ++m_request;
    m_client = client;
    m_holder = holder;
    m_allMachines = allMachines;
    m_from = from;
    m_until = until;
    m_pending.clear();
    m_cut = false;
    m_error.clear();
    m_loading = true;
    Q_EMIT stateChanged();
    if (!client) {
        m_loading = false;
        m_error = tr("Not connected to a server.");
        Q_EMIT stateChanged();
        return;
    }
    fetchPage(m_request, 0, 0);
}

void HolderTimelineModel::fetchPage(quint64 request, qint64 after, int page)
{
    if (!m_client) {
        m_loading = false;
        m_error = tr("The connection changed while the events were read; show them again.");
        Q_EMIT stateChanged();
        return;
    }
    EventQuery query;
    query.after = after;
    // All machines of a user: the API matches one holder exactly, so the range is read whole and
    // the user's holders kept.
    query.holder = m_allMachines ? QString() : m_holder;
    query.since = m_from;
    query.until = m_until;
    query.limit = EventQuery::maxLimit;
    m_client->events(query, this, [this, request, page](const AdminResult<EventPage> &result) {
        if (request != m_request)
            return; // a newer load replaced this one
        if (!result.ok()) {
            m_loading = false;
            m_error = DashboardSession::describeError(result.error);
            Q_EMIT stateChanged();
            return;
        }
        const QString user = userOf(m_holder);
        for (const EventRecord &e : result.value->events) {
            if (!m_allMachines || userOf(e.holder) == user)
                m_pending << e;
        }
        const bool more = result.value->events.size() >= EventQuery::maxLimit;
        if (more && page + 1 < maxPages) {
            fetchPage(request, result.value->next, page + 1);
            return;
        }
        m_cut = more;
        finish(request);
    });
}

void HolderTimelineModel::finish(quint64 request)
{
    if (request != m_request)
        return;
    const QList<EventRecord> events = std::exchange(m_pending, {});
    // A cut range ends at its last event: nothing after it was read.
    const QDateTime until = m_cut && !events.isEmpty() ? events.constLast().time : m_until;
    m_loading = false;
    setEvents(events, m_from, until);
    Q_EMIT stateChanged();
}

} // namespace keyright
