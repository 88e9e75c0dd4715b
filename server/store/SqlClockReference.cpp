#include "store/SqlClockReference.h"

#include "store/SqlConnection.h"
#include "store/StoreTypes.h"

#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

struct SqlClockReference::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : read(db)
        , write(db)
    { }

    QSqlQuery read, write;
};

SqlClockReference::SqlClockReference(SqlConnection &connection)
    : m_connection(connection)
{ }

SqlClockReference::~SqlClockReference() = default;

QString SqlClockReference::createTable(const QString &integer)
{
    // One row (id 1). monotonic_epoch names the recorder's monotonic clock (its machine's boot id),
    // so that a later reader on the same machine can measure the real time since the record.
    return u"CREATE TABLE clock_reference ("
           "  id %1 PRIMARY KEY CHECK (id = 1),"
           "  reference_ms %1 NOT NULL,"
           "  wall_ms %1 NOT NULL,"
           "  monotonic_ms %1 NOT NULL,"
           "  monotonic_epoch TEXT NOT NULL DEFAULT '')"_s.arg(integer);
}

SqlClockReference::Statements &SqlClockReference::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlClockReference::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->read, u"SELECT reference_ms, wall_ms, monotonic_ms, monotonic_epoch FROM clock_reference WHERE id = 1"_s},
        {&s->write,
         u"INSERT INTO clock_reference (id, reference_ms, wall_ms, monotonic_ms, monotonic_epoch) "
         "VALUES (1, :reference, :wall, :monotonic, :epoch) ON CONFLICT (id) DO UPDATE SET "
         "reference_ms = excluded.reference_ms, wall_ms = excluded.wall_ms, "
         "monotonic_ms = excluded.monotonic_ms, monotonic_epoch = excluded.monotonic_epoch"_s},
    };
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

std::optional<ClockReference> SqlClockReference::read()
{
    auto &q = m_connection.exec(statements().read);
    std::optional<ClockReference> result;
    if (q.next())
        result = ClockReference {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                                 q.value(3).toString()};
    q.finish();
    return result;
}

QString SqlClockReference::storedEpoch(const QString &epoch)
{
    return epoch.isNull() ? QString(u""_s) : epoch;
}

void SqlClockReference::write(const ClockReference &reference)
{
    auto &q = statements().write;
    q.bindValue(u":reference"_s, reference.referenceMs);
    q.bindValue(u":wall"_s, reference.wallMs);
    q.bindValue(u":monotonic"_s, reference.monotonicMs);
    q.bindValue(u":epoch"_s, storedEpoch(reference.monotonicEpoch));
    m_connection.exec(q).finish();
}

} // namespace keyright::server
