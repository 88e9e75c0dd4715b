#pragma once

#include "wire/EventKind.h"
#include "wire/EventRecord.h"
#include "wire/QueueTicket.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

namespace keyright::cli {

// A seat idle reclaim has marked and not yet lifted or taken: its holder is warned that the seat
// goes to `waiter` at `reclaimAt` unless the holder uses the application first.
struct ReclaimMark
{
    QString seatId;
    QString holder;
    QString waiter;
    QDateTime markedAt;
    QDateTime reclaimAt;
};

// The lease listing and the ledger do not carry the server's marks, but the audit trail does: a
// seat's last reclaim_warned not followed by a reclaim_cancelled or reclaimed (or the seat going
// otherwise) is still marked. `events` in the server's order (ascending seq), up to the moment
// asked about; the answer by seat id.
class ReclaimMarks final
{
public:
    // The kinds the events must include for the answer to be right.
    static QList<EventKind> kinds();
    static QHash<QString, ReclaimMark> outstanding(const QList<EventRecord> &events);
    // Whether `mark` still stands for a holder last active at `lastActivity` (invalid: unknown):
    // activity after the mark lifts it, as the server's next look at the seat will (its heartbeat
    // answers already leave reclaimAt out).
    static bool stands(const ReclaimMark &mark, const QDateTime &lastActivity);
    // "reclaim at 09:12:00Z (for carol@ws-3)" for a table cell, times in UTC.
    static QString describe(const ReclaimMark &mark);
    // Who gets the seat when it goes: the first ticket waiting in the license's line (core's
    // decideReclaim gives it to the first in line, whoever the mark was first made for), else the
    // holder whose refusal made the mark.
    static QString recipient(const ReclaimMark &mark, const QList<QueueTicket> &queue);
};

} // namespace keyright::cli
