#include "store/SqlQueueTickets.h"

#include "store/SqlConnection.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlRows.h"

#include <QVariant>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

const QString ticketColumns
    = u"license_id, ticket_id, holder, request_id, line_seq, queued_ms, expires_ms, give_up_ms, seat_id"_s;

StoredTicket ticketRow(const QSqlQuery &q)
{
    StoredTicket t;
    t.licenseId = q.value(0).toString();
    t.ticketId = q.value(1).toString();
    t.holder = q.value(2).toString();
    t.requestId = q.value(3).toString();
    t.lineSeq = q.value(4).toLongLong();
    t.queuedAt = SqlRows::fromMs(q.value(5).toLongLong());
    t.expiresAt = SqlRows::fromMs(q.value(6).toLongLong());
    t.giveUpAt = SqlRows::fromMs(q.value(7).toLongLong());
    t.seatId = q.value(8).toString();
    return t;
}

} // namespace

struct SqlQueueTickets::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : insert(db)
        , byId(db)
        , byRequest(db)
        , inLine(db)
        , renew(db)
        , setSeat(db)
        , remove(db)
        , dead(db)
        , waitingCounts(db)
        , inLines(db)
    { }

    QSqlQuery insert, byId, byRequest, inLine, renew, setSeat, remove, dead, waitingCounts;
    QSqlQuery inLines; // prepared where the dialect reads many licenses at once
};

SqlQueueTickets::SqlQueueTickets(SqlConnection &connection, QString idsTable)
    : m_connection(connection)
    , m_idsTable(std::move(idsTable))
{ }

SqlQueueTickets::~SqlQueueTickets() = default;

SqlQueueTickets::Statements &SqlQueueTickets::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlQueueTickets::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    QList<std::pair<QSqlQuery *, QString>> all {
        {&s->insert,
         u"INSERT INTO queue_tickets (%1) VALUES (:license, :ticket, :holder, :request, :seq, :queued, :expires, "
         ":giveUp, :seat)"_s.arg(ticketColumns)},
        {&s->byId,
         u"SELECT %1 FROM queue_tickets WHERE license_id = :license AND ticket_id = :ticket"_s.arg(ticketColumns)},
        {&s->byRequest,
         u"SELECT %1 FROM queue_tickets WHERE license_id = :license AND holder = :holder AND request_id = :request "
         "AND request_id <> ''"_s.arg(ticketColumns)},
        // queue_tickets_in_line yields them in order.
        {&s->inLine,
         u"SELECT %1 FROM queue_tickets WHERE license_id = :license ORDER BY line_seq"_s.arg(ticketColumns)},
        {&s->renew,
         u"UPDATE queue_tickets SET expires_ms = :expires WHERE license_id = :license AND ticket_id = :ticket"_s},
        {&s->setSeat,
         u"UPDATE queue_tickets SET seat_id = :seat WHERE license_id = :license AND ticket_id = :ticket"_s},
        {&s->remove, u"DELETE FROM queue_tickets WHERE license_id = :license AND ticket_id = :ticket"_s},
        {&s->dead,
         u"SELECT %1 FROM queue_tickets WHERE license_id = :license AND (expires_ms < :now OR give_up_ms < :now2) "
         "ORDER BY line_seq LIMIT :limit"_s.arg(ticketColumns)},
        {&s->waitingCounts,
         u"SELECT license_id, COUNT(*) FROM queue_tickets WHERE seat_id = '' AND expires_ms >= :now "
         "AND give_up_ms >= :now2 GROUP BY license_id"_s},
    };
    if (!m_idsTable.isEmpty()) {
        all.append({&s->inLines,
                    u"SELECT %1 FROM %2 CROSS JOIN LATERAL (SELECT %1 FROM queue_tickets "
                    "WHERE license_id = wanted.license) AS found ORDER BY license_id, line_seq"_s.arg(ticketColumns,
                                                                                                      m_idsTable)});
    }
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

QHash<QString, QList<StoredTicket>> SqlQueueTickets::ticketsInLines(const QStringList &licenseIds)
{
    auto &q = statements().inLines;
    q.bindValue(u":ids"_s, SqlLeaseTables::arrayLiteral(licenseIds));
    QHash<QString, QList<StoredTicket>> lines;
    for (StoredTicket &ticket : ticketRows(q))
        lines[ticket.licenseId].append(std::move(ticket));
    return lines;
}

QList<StoredTicket> SqlQueueTickets::ticketRows(QSqlQuery &q)
{
    m_connection.exec(q);
    QList<StoredTicket> result;
    while (q.next())
        result.append(ticketRow(q));
    q.finish();
    return result;
}

bool SqlQueueTickets::changedOne(QSqlQuery &q)
{
    m_connection.exec(q);
    const bool changed = q.numRowsAffected() > 0;
    q.finish();
    return changed;
}

void SqlQueueTickets::insertTicket(const StoredTicket &ticket)
{
    auto &q = statements().insert;
    q.bindValue(u":license"_s, ticket.licenseId);
    q.bindValue(u":ticket"_s, ticket.ticketId);
    q.bindValue(u":holder"_s, ticket.holder);
    // Never NULL: '' is "no requestId", which the unique index leaves out.
    q.bindValue(u":request"_s, ticket.requestId.isNull() ? u""_s : ticket.requestId);
    q.bindValue(u":seq"_s, ticket.lineSeq);
    q.bindValue(u":queued"_s, SqlRows::toMs(ticket.queuedAt));
    q.bindValue(u":expires"_s, SqlRows::toMs(ticket.expiresAt));
    q.bindValue(u":giveUp"_s, SqlRows::toMs(ticket.giveUpAt));
    q.bindValue(u":seat"_s, ticket.seatId.isNull() ? u""_s : ticket.seatId);
    m_connection.exec(q).finish();
}

std::optional<StoredTicket> SqlQueueTickets::ticket(const QString &licenseId, const QString &ticketId)
{
    auto &q = statements().byId;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":ticket"_s, ticketId);
    const QList<StoredTicket> rows = ticketRows(q);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.constFirst());
}

std::optional<StoredTicket> SqlQueueTickets::ticketByRequest(const QString &licenseId, const QString &holder,
                                                             const QString &requestId)
{
    auto &q = statements().byRequest;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":holder"_s, holder);
    q.bindValue(u":request"_s, requestId);
    const QList<StoredTicket> rows = ticketRows(q);
    return rows.isEmpty() ? std::nullopt : std::optional(rows.constFirst());
}

QList<StoredTicket> SqlQueueTickets::ticketsInLine(const QString &licenseId)
{
    auto &q = statements().inLine;
    q.bindValue(u":license"_s, licenseId);
    return ticketRows(q);
}

bool SqlQueueTickets::renewTicket(const QString &licenseId, const QString &ticketId, const QDateTime &expiresAt)
{
    auto &q = statements().renew;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":ticket"_s, ticketId);
    q.bindValue(u":expires"_s, SqlRows::toMs(expiresAt));
    return changedOne(q);
}

bool SqlQueueTickets::setTicketSeat(const QString &licenseId, const QString &ticketId, const QString &seatId)
{
    auto &q = statements().setSeat;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":ticket"_s, ticketId);
    q.bindValue(u":seat"_s, seatId.isNull() ? u""_s : seatId);
    return changedOne(q);
}

bool SqlQueueTickets::deleteTicket(const QString &licenseId, const QString &ticketId)
{
    auto &q = statements().remove;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":ticket"_s, ticketId);
    return changedOne(q);
}

QList<StoredTicket> SqlQueueTickets::deadTickets(const QString &licenseId, const QDateTime &now, int limit)
{
    auto &q = statements().dead;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":now"_s, SqlRows::toMs(now));
    q.bindValue(u":now2"_s, SqlRows::toMs(now));
    q.bindValue(u":limit"_s, std::max(limit, 0));
    return ticketRows(q);
}

QHash<QString, int> SqlQueueTickets::waitingTicketCounts(const QDateTime &now)
{
    auto &q = statements().waitingCounts;
    q.bindValue(u":now"_s, SqlRows::toMs(now));
    q.bindValue(u":now2"_s, SqlRows::toMs(now));
    m_connection.exec(q);
    return SqlRows::countsByKey(q);
}

} // namespace keyright::server
