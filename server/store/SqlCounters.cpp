#include "store/SqlCounters.h"

#include "store/SqlConnection.h"
#include "store/SqlDialect.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlRows.h"

#include <QSqlQuery>
#include <QVariant>

#include <optional>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlCounters::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : bump(db)
        , bumpMany(db)
        , components(db)
        , merge(db)
    { }

    QSqlQuery bump, bumpMany, components, merge;
};

SqlCounters::SqlCounters(SqlConnection &connection, const SqlDialect &dialect)
    : m_connection(connection)
    , m_dialect(dialect)
{ }

SqlCounters::~SqlCounters() = default;

SqlCounters::Statements &SqlCounters::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlCounters::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    QList<std::pair<QSqlQuery *, QString>> all {
        // One statement per counted event, renewals included: insert at `by` or add `by`,
        // saturating at the largest integer either database stores.
        {&s->bump,
         u"INSERT INTO stat_components (%1) VALUES (:license, :counter, :replica, :by) "
         "ON CONFLICT (license_id, counter, replica_id) DO UPDATE SET value = "
         "CASE WHEN stat_components.value > 9223372036854775807 - excluded.value THEN 9223372036854775807 "
         "ELSE stat_components.value + excluded.value END"_s.arg(SqlRows::componentColumns)},
        {&s->components,
         u"SELECT %1 FROM stat_components ORDER BY license_id, counter, replica_id"_s.arg(SqlRows::componentColumns)},
        {&s->merge,
         u"INSERT INTO stat_components (%1) VALUES (:license, :counter, :replica, :value) "
         "ON CONFLICT (license_id, counter, replica_id) DO UPDATE SET value = %2(stat_components.value, "
         "excluded.value)"_s.arg(SqlRows::componentColumns, m_dialect.greatest)},
    };
    if (!m_dialect.bumpCounters.isEmpty())
        all.append({&s->bumpMany, m_dialect.bumpCounters});
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

void SqlCounters::bumpCounter(const QString &licenseId, const QString &counter, const QString &replicaId, quint64 by)
{
    auto &q = statements().bump;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":counter"_s, counter);
    q.bindValue(u":replica"_s, replicaId);
    q.bindValue(u":by"_s, SqlRows::toStoredCount(by));
    m_connection.exec(q).finish();
}

void SqlCounters::bumpCounters(const QList<Bump> &bumps)
{
    if (bumps.size() < 2 || m_dialect.bumpCounters.isEmpty()) {
        for (const Bump &bump : bumps)
            bumpCounter(bump.licenseId, bump.counter, bump.replicaId, bump.by);
        return;
    }
    auto &q = statements().bumpMany;
    bindBumps(q, bumps);
    m_connection.exec(q).finish();
}

void SqlCounters::bindBumps(QSqlQuery &query, const QList<Bump> &bumps)
{
    QStringList licenses, counters, replicas;
    QList<std::optional<qint64>> bys;
    for (const Bump &bump : bumps) {
        licenses.append(bump.licenseId);
        counters.append(bump.counter);
        replicas.append(bump.replicaId);
        bys.append(SqlRows::toStoredCount(bump.by));
    }
    query.bindValue(u":bumpLicenses"_s, SqlLeaseTables::arrayLiteral(licenses));
    query.bindValue(u":bumpCounters"_s, SqlLeaseTables::arrayLiteral(counters));
    query.bindValue(u":bumpReplicas"_s, SqlLeaseTables::arrayLiteral(replicas));
    query.bindValue(u":bumpBys"_s, SqlLeaseTables::numberArrayLiteral(bys));
}

QList<StatComponent> SqlCounters::counterComponents()
{
    auto &q = m_connection.exec(statements().components);
    QList<StatComponent> result;
    while (q.next())
        result.append(SqlRows::component(q));
    q.finish();
    return result;
}

void SqlCounters::mergeComponents(const QList<StatComponent> &components)
{
    auto &q = statements().merge;
    for (const StatComponent &component : components) {
        q.bindValue(u":license"_s, component.licenseId);
        q.bindValue(u":counter"_s, component.counter);
        q.bindValue(u":replica"_s, component.replicaId);
        q.bindValue(u":value"_s, SqlRows::toStoredCount(component.value));
        m_connection.exec(q).finish();
    }
}

} // namespace keyright::server
