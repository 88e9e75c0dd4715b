#pragma once

#include "store/SqlCounters.h"
#include "store/StoreTypes.h"

#include <QHash>
#include <QList>

#include <memory>

namespace keyright::server {

class SqlConnection;
struct SqlDialect;

// The events table (the audit log): LeaseStore's event methods as prepared statements. seq comes
// from the database (AUTOINCREMENT, an identity column), so it is never reused and orders the
// events of every server writing to one database.
class SqlEventLog
{
public:
    SqlEventLog(SqlConnection &connection, const SqlDialect &dialect);
    ~SqlEventLog();
    SqlEventLog(const SqlEventLog &) = delete;
    SqlEventLog &operator=(const SqlEventLog &) = delete;

    bool prepare(QString *error);

    qint64 appendEvent(const EventRecord &event);
    // Many events in the order given, with one statement where the dialect has one
    // (appendEvents), else one each; returns their seqs in that order.
    bool appendsMany() const;
    // With `bumps`, the counters' increments are written by the same statement; only where
    // bumpsWithEvents().
    QList<qint64> appendEvents(const QList<EventRecord> &events, const QList<SqlCounters::Bump> &bumps = {});
    bool bumpsWithEvents() const;
    QList<EventRecord> events(const EventQuery &query);
    QHash<QString, int> countEventsSince(const QList<EventKind> &kinds, const QDateTime &since);
    int deleteEventsBefore(const QDateTime &before);
    int deleteFirstEventsBefore(const QDateTime &before, int limit);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
