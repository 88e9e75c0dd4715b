#include "ReclaimMarks.h"

#include "ReclaimDecision.h"
#include "wire/EventDetail.h"

using namespace Qt::StringLiterals;

namespace keyright::cli {

QList<EventKind> ReclaimMarks::kinds()
{
    // A seat that went (released, revoked, reaped) takes its mark with it.
    return {EventKind::ReclaimWarned, EventKind::ReclaimCancelled, EventKind::Reclaimed,
            EventKind::Released,      EventKind::Revoked,          EventKind::Reaped};
}

QHash<QString, ReclaimMark> ReclaimMarks::outstanding(const QList<EventRecord> &events)
{
    QHash<QString, ReclaimMark> marks;
    for (const EventRecord &event : events) {
        if (event.seatId.isEmpty())
            continue;
        if (event.kind == EventKind::ReclaimWarned) {
            const eventdetail::ReclaimWarned detail = eventdetail::ReclaimWarned::fromJson(event.detail);
            marks.insert(event.seatId,
                         ReclaimMark {event.seatId, event.holder, detail.waiter, event.time, detail.reclaimAt});
        } else if (kinds().contains(event.kind)) {
            marks.remove(event.seatId);
        }
    }
    return marks;
}

bool ReclaimMarks::stands(const ReclaimMark &mark, const QDateTime &lastActivity)
{
    // A line that carries no activity (invalid) cannot lift the mark; one that does is read by
    // core's own test, as the server and the dashboard read it.
    return !lastActivity.isValid() || reclaimMarkStands(mark.markedAt, lastActivity);
}

QString ReclaimMarks::recipient(const ReclaimMark &mark, const QList<QueueTicket> &queue)
{
    for (const QueueTicket &ticket : queue) {
        if (ticket.state == QueueTicket::State::Waiting)
            return ticket.holder;
    }
    return mark.waiter;
}

QString ReclaimMarks::describe(const ReclaimMark &mark)
{
    const QString at = mark.reclaimAt.isValid() ? mark.reclaimAt.toUTC().toString(u"HH:mm:ss'Z'"_s) : u"?"_s;
    return mark.waiter.isEmpty() ? u"reclaim at %1"_s.arg(at) : u"reclaim at %1 (for %2)"_s.arg(at, mark.waiter);
}

} // namespace keyright::cli
