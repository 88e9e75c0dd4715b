#include "store/SqlEventLog.h"

#include "store/SqlConnection.h"
#include "store/SqlDialect.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlRows.h"

#include <QJsonDocument>
#include <QVariant>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlEventLog::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : appendEvent(db)
        , appendEvents(db)
        , events(db)
        , countEvents(db)
        , deleteEvents(db)
        , deleteFirstEvents(db)
        , appendEventsBumping(db)
    { }

    QSqlQuery appendEvent, appendEvents /* where the dialect has it */, events, countEvents, deleteEvents,
        deleteFirstEvents;
    QSqlQuery appendEventsBumping; // the same
};

SqlEventLog::SqlEventLog(SqlConnection &connection, const SqlDialect &dialect)
    : m_connection(connection)
    , m_dialect(dialect)
{ }

SqlEventLog::~SqlEventLog() = default;

SqlEventLog::Statements &SqlEventLog::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlEventLog::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    QList<std::pair<QSqlQuery *, QString>> all {
        {&s->appendEvent,
         u"INSERT INTO events (time_ms, kind, license_id, seat_id, holder, actor, detail) "
         "VALUES (:time, :kind, COALESCE(:license, ''), COALESCE(:seat, ''), COALESCE(:holder, ''), :actor, "
         ":detail) RETURNING seq"_s},
        // One statement for every combination of filters, so it is prepared once: an absent
        // filter is switched off by its :any* flag.
        {&s->events,
         u"SELECT %1 FROM events WHERE seq > :after "
         "AND (:anyLicense = 1 OR license_id = :license) "
         "AND (:anyHolder = 1 OR holder = :holder) "
         "AND (:anyKind = 1 OR %2(:kinds, ',' || kind || ',') > 0) "
         "AND time_ms >= :since AND time_ms <= :until "
         "ORDER BY seq LIMIT :limit"_s.arg(SqlRows::eventColumns, m_dialect.position)},
        {&s->countEvents,
         u"SELECT license_id, COUNT(*) FROM events WHERE kind = :kind AND time_ms > :since GROUP BY license_id"_s},
        {&s->deleteEvents, u"DELETE FROM events WHERE time_ms < :before"_s},
        // events_by_time finds the old events without reading the rest.
        {&s->deleteFirstEvents,
         u"DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE time_ms < :before LIMIT :limit)"_s},
    };
    if (appendsMany())
        all.append({&s->appendEvents, m_dialect.appendEvents});
    if (bumpsWithEvents())
        all.append({&s->appendEventsBumping, m_dialect.appendEventsBumping});
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

bool SqlEventLog::appendsMany() const
{
    return !m_dialect.appendEvents.isEmpty();
}

bool SqlEventLog::bumpsWithEvents() const
{
    return appendsMany() && !m_dialect.appendEventsBumping.isEmpty();
}

QList<qint64> SqlEventLog::appendEvents(const QList<EventRecord> &events, const QList<SqlCounters::Bump> &bumps)
{
    QList<qint64> seqs;
    if (events.isEmpty())
        return seqs;
    if (!bumps.isEmpty() && !bumpsWithEvents())
        throw StoreError(StoreError::Kind::Failed,
                         u"%1 cannot write counters with events"_s.arg(m_connection.description()));
    seqs.reserve(events.size());
    if (bumps.isEmpty() && (!appendsMany() || events.size() == 1)) {
        for (const EventRecord &event : events)
            seqs.append(appendEvent(event));
        return seqs;
    }
    QList<std::optional<qint64>> times;
    QStringList kinds, licenses, seats, holders, actors, details;
    for (const EventRecord &event : events) {
        times.append(SqlRows::toMs(event.time));
        kinds.append(toWire(event.kind));
        licenses.append(event.licenseId);
        seats.append(event.seatId);
        holders.append(event.holder);
        actors.append(event.actor);
        details.append(QString::fromUtf8(QJsonDocument(event.detail).toJson(QJsonDocument::Compact)));
    }
    auto &q = bumps.isEmpty() ? statements().appendEvents : statements().appendEventsBumping;
    if (!bumps.isEmpty())
        SqlCounters::bindBumps(q, bumps);
    q.bindValue(u":times"_s, SqlLeaseTables::numberArrayLiteral(times));
    q.bindValue(u":kinds"_s, SqlLeaseTables::arrayLiteral(kinds));
    q.bindValue(u":licenses"_s, SqlLeaseTables::arrayLiteral(licenses));
    q.bindValue(u":seats"_s, SqlLeaseTables::arrayLiteral(seats));
    q.bindValue(u":holders"_s, SqlLeaseTables::arrayLiteral(holders));
    q.bindValue(u":actors"_s, SqlLeaseTables::arrayLiteral(actors));
    q.bindValue(u":details"_s, SqlLeaseTables::arrayLiteral(details));
    m_connection.exec(q);
    while (q.next())
        seqs.append(q.value(0).toLongLong());
    q.finish();
    // RETURNING gives no order of its own; the seqs were drawn in the events' order.
    std::sort(seqs.begin(), seqs.end());
    if (seqs.size() != events.size())
        throw StoreError(StoreError::Kind::Failed,
                         u"database error in %1: %2 events written, %3 seqs returned"_s.arg(m_connection.description())
                             .arg(events.size())
                             .arg(seqs.size()));
    return seqs;
}

qint64 SqlEventLog::appendEvent(const EventRecord &event)
{
    auto &q = statements().appendEvent;
    q.bindValue(u":time"_s, SqlRows::toMs(event.time));
    q.bindValue(u":kind"_s, toWire(event.kind));
    q.bindValue(u":license"_s, event.licenseId);
    q.bindValue(u":seat"_s, event.seatId);
    q.bindValue(u":holder"_s, event.holder);
    q.bindValue(u":actor"_s, event.actor);
    q.bindValue(u":detail"_s, QString::fromUtf8(QJsonDocument(event.detail).toJson(QJsonDocument::Compact)));
    m_connection.exec(q);
    const qint64 seq = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return seq;
}

QList<EventRecord> SqlEventLog::events(const EventQuery &query)
{
    auto &q = statements().events;
    q.bindValue(u":after"_s, query.after);
    q.bindValue(u":anyLicense"_s, query.licenseId.isEmpty() ? 1 : 0);
    q.bindValue(u":license"_s, query.licenseId);
    q.bindValue(u":anyHolder"_s, query.holder.isEmpty() ? 1 : 0);
    q.bindValue(u":holder"_s, query.holder);
    q.bindValue(u":anyKind"_s, query.kinds.isEmpty() ? 1 : 0);
    q.bindValue(u":kinds"_s, u","_s + eventKindFilter(query.kinds) + u","_s);
    q.bindValue(u":since"_s, query.since ? SqlRows::toMs(*query.since) : std::numeric_limits<qint64>::min());
    q.bindValue(u":until"_s, query.until ? SqlRows::toMs(*query.until) : std::numeric_limits<qint64>::max());
    q.bindValue(u":limit"_s, query.limit);
    m_connection.exec(q);
    QList<EventRecord> result;
    while (q.next())
        result.append(SqlRows::event(q));
    q.finish();
    return result;
}

QHash<QString, int> SqlEventLog::countEventsSince(const QList<EventKind> &kinds, const QDateTime &since)
{
    // One kind at a time, each on events_by_kind_time, the counts added up per license.
    auto &q = statements().countEvents;
    QHash<QString, int> result;
    for (EventKind kind : kinds) {
        q.bindValue(u":kind"_s, toWire(kind));
        q.bindValue(u":since"_s, SqlRows::toMs(since));
        m_connection.exec(q);
        while (q.next())
            result[q.value(0).toString()] += q.value(1).toInt();
        q.finish();
    }
    return result;
}

int SqlEventLog::deleteEventsBefore(const QDateTime &before)
{
    auto &q = statements().deleteEvents;
    q.bindValue(u":before"_s, SqlRows::toMs(before));
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

int SqlEventLog::deleteFirstEventsBefore(const QDateTime &before, int limit)
{
    auto &q = statements().deleteFirstEvents;
    q.bindValue(u":before"_s, SqlRows::toMs(before));
    q.bindValue(u":limit"_s, std::max(limit, 0));
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

} // namespace keyright::server
