#pragma once

#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace keyright::server {

class SqlConnection;

// The queue_tickets table (schema step 6): LeaseStore's ticket methods as prepared statements on
// one connection, the same SQL for SQLite and PostgreSQL. Nothing is cached: a line is short
// (WaitingLine caps it), read inside the license's lock, and with PostgreSQL another instance may
// have changed it since the last unit.
class SqlQueueTickets
{
public:
    // `idsTable` is the dialect's (SqlDialect::idsTable): empty where ticketsInLines() is not
    // available.
    SqlQueueTickets(SqlConnection &connection, QString idsTable);
    ~SqlQueueTickets();
    SqlQueueTickets(const SqlQueueTickets &) = delete;
    SqlQueueTickets &operator=(const SqlQueueTickets &) = delete;

    bool prepare(QString *error);

    void insertTicket(const StoredTicket &ticket);
    std::optional<StoredTicket> ticket(const QString &licenseId, const QString &ticketId);
    std::optional<StoredTicket> ticketByRequest(const QString &licenseId, const QString &holder,
                                                const QString &requestId);
    QList<StoredTicket> ticketsInLine(const QString &licenseId);
    // licenseId -> its tickets in line order, for those of these licenses that have any, in one
    // statement (TurnReads).
    QHash<QString, QList<StoredTicket>> ticketsInLines(const QStringList &licenseIds);
    bool renewTicket(const QString &licenseId, const QString &ticketId, const QDateTime &expiresAt);
    bool setTicketSeat(const QString &licenseId, const QString &ticketId, const QString &seatId);
    bool deleteTicket(const QString &licenseId, const QString &ticketId);
    QList<StoredTicket> deadTickets(const QString &licenseId, const QDateTime &now, int limit);
    QHash<QString, int> waitingTicketCounts(const QDateTime &now);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();
    // Runs a bound SELECT of ticket columns and returns every row.
    QList<StoredTicket> ticketRows(QSqlQuery &q);
    // Runs a bound UPDATE or DELETE; true when it changed a row.
    bool changedOne(QSqlQuery &q);

    SqlConnection &m_connection;
    QString m_idsTable;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
