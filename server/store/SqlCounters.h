#pragma once

#include "stats/StatComponent.h"

#include <QList>
#include <QString>

#include <memory>

class QSqlQuery;

namespace keyright::server {

class SqlConnection;
struct SqlDialect;

// The stat_components table: G-Counter components per license, counter and replica. Every write
// is an upsert that only raises a value (bump adds, saturating at the largest 64-bit integer;
// merge takes the maximum), so components written by several servers into one database never go
// down and never lose a concurrent increment.
class SqlCounters
{
public:
    SqlCounters(SqlConnection &connection, const SqlDialect &dialect);
    ~SqlCounters();
    SqlCounters(const SqlCounters &) = delete;
    SqlCounters &operator=(const SqlCounters &) = delete;

    bool prepare(QString *error);

    void bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by);
    // Several components at once, each key once: one statement where the dialect has one
    // (SqlDialect::bumpCounters), else one bumpCounter() each.
    struct Bump
    {
        QString licenseId;
        QString counter;
        QString replicaId;
        quint64 by = 0;
    };
    void bumpCounters(const QList<Bump> &bumps);
    // Binds the increments to the dialect's bumpCounters, alone or within appendEventsBumping.
    static void bindBumps(QSqlQuery &query, const QList<Bump> &bumps);
    QList<StatComponent> counterComponents();
    void mergeComponents(const QList<StatComponent> &components);

private:
    struct Statements;

    // Throws StoreError when the store is not open (never prepared, or its connection was lost).
    Statements &statements();

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
