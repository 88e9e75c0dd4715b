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
    bindBumps(q, bumps, false);
    m_connection.exec(q).finish();
}

namespace {
// The binds of SqlDialect::bumpCounters, and as renamed to be part of another statement.
const QString bumpBinds[2][4] = {{u":licenses"_s, u":counters"_s, u":replicas"_s, u":bys"_s},
                                 {u":bumpLicenses"_s, u":bumpCounters"_s, u":bumpReplicas"_s, u":bumpBys"_s}};
} // namespace

QString SqlCounters::renamedBumps(QString bumpCounters)
{
    for (int i = 0; i < 4; ++i)
        bumpCounters.replace(bumpBinds[0][i] + u' ', bumpBinds[1][i] + u' ');
    return bumpCounters;
}

void SqlCounters::bindBumps(QSqlQuery &query, const QList<Bump> &bumps, bool renamed)
{
    QStringList licenses, counters, replicas;
    QList<std::optional<qint64>> bys;
    for (const Bump &bump : bumps) {
        licenses.append(bump.licenseId);
        counters.append(bump.counter);
        replicas.append(bump.replicaId);
        bys.append(SqlRows::toStoredCount(bump.by));
    }
    const QString(&binds)[4] = bumpBinds[renamed ? 1 : 0];
    query.bindValue(binds[0], SqlLeaseTables::arrayLiteral(licenses));
    query.bindValue(binds[1], SqlLeaseTables::arrayLiteral(counters));
    query.bindValue(binds[2], SqlLeaseTables::arrayLiteral(replicas));
    query.bindValue(binds[3], SqlLeaseTables::numberArrayLiteral(bys));
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
