#include "store/SqlAlertOutbox.h"

#include "store/SqlConnection.h"

#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace keyright::server {

using alerts::webhook::Delivery;
using alerts::webhook::DeliveryStatus;

namespace {

QVariant msOrNull(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

QDateTime timeOf(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

const QString deliveryColumns = u"id, endpoint_id, event, status, attempts, created_ms, next_attempt_ms, "
                                "last_attempt_ms, last_code, last_error, payload, claim_owner, claim_until_ms"_s;

// A text column that is NOT NULL: a null QString binds as NULL.
QString text(const QString &value)
{
    return value.isNull() ? u""_s : value;
}

} // namespace

struct SqlAlertOutbox::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : endpoints(db)
        , insertEndpoint(db)
        , deleteEndpoint(db)
        , queue(db)
        , due(db)
        , take(db)
        , finish(db)
        , delivery(db)
        , deliveries(db)
        , requeue(db)
        , counts(db)
        , release(db)
        , releasePrefix(db)
        , prune(db)
    { }

    QSqlQuery endpoints, insertEndpoint, deleteEndpoint, queue, due, take, finish, delivery, deliveries, requeue,
        counts, release, releasePrefix, prune;
};

SqlAlertOutbox::SqlAlertOutbox(SqlConnection &connection, QString skipLocked)
    : m_connection(connection)
    , m_skipLocked(std::move(skipLocked))
{ }

SqlAlertOutbox::~SqlAlertOutbox() = default;

QStringList SqlAlertOutbox::createTables(const QString &integerType, const QString &blobType)
{
    return {
        u"CREATE TABLE alert_endpoints ("
        "  id TEXT PRIMARY KEY,"
        "  name TEXT NOT NULL,"
        "  kind TEXT NOT NULL,"
        "  url TEXT NOT NULL,"
        "  address TEXT NOT NULL,"
        "  enabled %1 NOT NULL,"
        "  secret %2 NOT NULL,"
        "  created_ms %1 NOT NULL)"_s.arg(integerType, blobType),
        u"CREATE TABLE alert_outbox ("
        "  id TEXT PRIMARY KEY,"
        "  endpoint_id TEXT NOT NULL,"
        "  event TEXT NOT NULL,"
        "  status TEXT NOT NULL,"
        "  attempts %1 NOT NULL,"
        "  created_ms %1 NOT NULL,"
        "  next_attempt_ms %1,"
        "  last_attempt_ms %1,"
        "  last_code %1 NOT NULL,"
        "  last_error TEXT NOT NULL,"
        "  payload TEXT NOT NULL,"
        "  claim_owner TEXT NOT NULL,"
        "  claim_until_ms %1)"_s.arg(integerType),
        u"CREATE INDEX alert_outbox_due ON alert_outbox (status, next_attempt_ms)"_s,
        u"CREATE INDEX alert_outbox_created ON alert_outbox (created_ms)"_s,
    };
}

SqlAlertOutbox::Statements &SqlAlertOutbox::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlAlertOutbox::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QList<std::pair<QSqlQuery *, QString>> all {
        {&s->endpoints,
         u"SELECT id, name, kind, url, address, enabled, secret, created_ms FROM alert_endpoints "
         "ORDER BY created_ms, id"_s},
        {&s->insertEndpoint,
         u"INSERT INTO alert_endpoints (id, name, kind, url, address, enabled, secret, created_ms) "
         "VALUES (:id, :name, :kind, :url, :address, :enabled, :secret, :created)"_s},
        {&s->deleteEndpoint, u"DELETE FROM alert_endpoints WHERE id = :id"_s},
        {&s->queue,
         u"INSERT INTO alert_outbox (id, endpoint_id, event, status, attempts, created_ms, next_attempt_ms, "
         "last_attempt_ms, last_code, last_error, payload, claim_owner, claim_until_ms) VALUES (:id, :endpoint, "
         ":event, :status, :attempts, :created, :next, :last, :code, :error, :payload, '', NULL)"_s},
        {&s->due,
         u"SELECT id FROM alert_outbox WHERE status = 'pending' AND next_attempt_ms <= :now "
         "AND (claim_until_ms IS NULL OR claim_until_ms <= :now2) ORDER BY next_attempt_ms, id LIMIT :limit%1"_s.arg(
             m_skipLocked)},
        {&s->take, u"UPDATE alert_outbox SET claim_owner = :owner, claim_until_ms = :until WHERE id = :id"_s},
        {&s->finish,
         u"UPDATE alert_outbox SET status = :status, attempts = :attempts, next_attempt_ms = :next, "
         "last_attempt_ms = :last, last_code = :code, last_error = :error, claim_owner = '', claim_until_ms = NULL "
         "WHERE id = :id AND claim_owner = :owner"_s},
        {&s->delivery, u"SELECT %1 FROM alert_outbox WHERE id = :id"_s.arg(deliveryColumns)},
        {&s->deliveries,
         u"SELECT %1 FROM alert_outbox WHERE (:endpoint1 = '' OR endpoint_id = :endpoint2) "
         "AND (:status1 = '' OR status = :status2) ORDER BY created_ms DESC, id LIMIT :limit"_s.arg(deliveryColumns)},
        {&s->requeue,
         // An attempt in flight keeps its claim: it records its outcome, and nobody else sends it
         // meanwhile. Attempts and the creation time stay.
         u"UPDATE alert_outbox SET status = 'pending', next_attempt_ms = :now, "
         "claim_owner = CASE WHEN claim_until_ms IS NULL OR claim_until_ms <= :now2 THEN '' ELSE claim_owner END, "
         "claim_until_ms = CASE WHEN claim_until_ms IS NULL OR claim_until_ms <= :now3 THEN NULL "
         "ELSE claim_until_ms END WHERE id = :id"_s},
        {&s->counts,
         u"SELECT status, COUNT(*) FROM alert_outbox WHERE status <> 'gave_up' OR last_attempt_ms >= :since "
         "GROUP BY status"_s},
        {&s->release,
         u"UPDATE alert_outbox SET claim_owner = '', claim_until_ms = NULL WHERE claim_owner = :owner "
         "AND status = 'pending'"_s},
        {&s->releasePrefix,
         u"UPDATE alert_outbox SET claim_owner = '', claim_until_ms = NULL WHERE claim_owner <> '' "
         "AND substr(claim_owner, 1, :length) = :prefix AND status = 'pending'"_s},
        {&s->prune,
         u"DELETE FROM alert_outbox WHERE status IN ('delivered', 'gave_up') "
         "AND COALESCE(last_attempt_ms, created_ms) < :before"_s},
    };
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

QList<StoredAlertEndpoint> SqlAlertOutbox::endpoints()
{
    auto &q = m_connection.exec(statements().endpoints);
    QList<StoredAlertEndpoint> endpoints;
    while (q.next()) {
        StoredAlertEndpoint stored;
        stored.endpoint.id = q.value(0).toString();
        stored.endpoint.name = q.value(1).toString();
        stored.endpoint.kind = q.value(2).toString();
        stored.endpoint.url = q.value(3).toString();
        stored.address = q.value(4).toString();
        stored.endpoint.enabled = q.value(5).toLongLong() != 0;
        stored.sealedSecret = q.value(6).toByteArray();
        stored.endpoint.createdAt = timeOf(q.value(7));
        endpoints.append(stored);
    }
    q.finish();
    return endpoints;
}

void SqlAlertOutbox::insertEndpoint(const StoredAlertEndpoint &stored)
{
    auto &q = statements().insertEndpoint;
    q.bindValue(u":id"_s, stored.endpoint.id);
    q.bindValue(u":name"_s, text(stored.endpoint.name));
    q.bindValue(u":kind"_s, stored.endpoint.kind);
    q.bindValue(u":url"_s, text(stored.endpoint.url));
    q.bindValue(u":address"_s, text(stored.address));
    q.bindValue(u":enabled"_s, qint64(stored.endpoint.enabled ? 1 : 0));
    q.bindValue(u":secret"_s, stored.sealedSecret);
    q.bindValue(u":created"_s, stored.endpoint.createdAt.toMSecsSinceEpoch());
    m_connection.exec(q).finish();
}

bool SqlAlertOutbox::deleteEndpoint(const QString &id)
{
    auto &q = statements().deleteEndpoint;
    q.bindValue(u":id"_s, id);
    m_connection.exec(q);
    const bool deleted = q.numRowsAffected() > 0;
    q.finish();
    return deleted;
}

void SqlAlertOutbox::queue(const StoredAlertDelivery &stored)
{
    const Delivery &d = stored.delivery;
    auto &q = statements().queue;
    q.bindValue(u":id"_s, d.id);
    q.bindValue(u":endpoint"_s, d.endpointId);
    q.bindValue(u":event"_s, text(d.event));
    q.bindValue(u":status"_s, toWire(d.status));
    q.bindValue(u":attempts"_s, qint64(d.attempts));
    q.bindValue(u":created"_s, d.createdAt.toMSecsSinceEpoch());
    q.bindValue(u":next"_s, msOrNull(d.nextAttemptAt));
    q.bindValue(u":last"_s, msOrNull(d.lastAttemptAt));
    q.bindValue(u":code"_s, qint64(d.lastCode));
    q.bindValue(u":error"_s, text(d.lastError));
    q.bindValue(u":payload"_s, QString::fromUtf8(stored.payload));
    m_connection.exec(q).finish();
}

StoredAlertDelivery SqlAlertOutbox::readDelivery(const QSqlQuery &q) const
{
    StoredAlertDelivery stored;
    Delivery &d = stored.delivery;
    d.id = q.value(0).toString();
    d.endpointId = q.value(1).toString();
    d.event = q.value(2).toString();
    const QString status = q.value(3).toString();
    const auto known = alerts::webhook::statusFromWire(status);
    if (!known)
        throw StoreError(StoreError::Kind::Failed,
                         u"the alert delivery %1 in %2 has an unknown status \"%3\""_s.arg(
                             d.id, m_connection.description(), status));
    d.status = *known;
    d.attempts = int(q.value(4).toLongLong());
    d.createdAt = timeOf(q.value(5));
    d.nextAttemptAt = timeOf(q.value(6));
    d.lastAttemptAt = timeOf(q.value(7));
    d.lastCode = int(q.value(8).toLongLong());
    d.lastError = q.value(9).toString();
    stored.payload = q.value(10).toString().toUtf8();
    stored.claimOwner = q.value(11).toString();
    stored.claimUntil = timeOf(q.value(12));
    return stored;
}

QList<StoredAlertDelivery> SqlAlertOutbox::claim(const QString &owner, const QDateTime &now,
                                                 const QDateTime &claimUntil, int limit)
{
    auto &due = statements().due;
    due.bindValue(u":now"_s, now.toMSecsSinceEpoch());
    due.bindValue(u":now2"_s, now.toMSecsSinceEpoch());
    due.bindValue(u":limit"_s, qint64(limit));
    m_connection.exec(due);
    QStringList ids;
    while (due.next())
        ids.append(due.value(0).toString());
    due.finish();
    QList<StoredAlertDelivery> claimed;
    for (const QString &id : ids) {
        auto &take = statements().take;
        take.bindValue(u":owner"_s, owner);
        take.bindValue(u":until"_s, claimUntil.toMSecsSinceEpoch());
        take.bindValue(u":id"_s, id);
        m_connection.exec(take).finish();
        if (auto stored = delivery(id))
            claimed.append(std::move(*stored));
    }
    return claimed;
}

bool SqlAlertOutbox::finish(const Delivery &d, const QString &owner)
{
    auto &q = statements().finish;
    q.bindValue(u":status"_s, toWire(d.status));
    q.bindValue(u":attempts"_s, qint64(d.attempts));
    q.bindValue(u":next"_s, msOrNull(d.nextAttemptAt));
    q.bindValue(u":last"_s, msOrNull(d.lastAttemptAt));
    q.bindValue(u":code"_s, qint64(d.lastCode));
    q.bindValue(u":error"_s, text(d.lastError));
    q.bindValue(u":id"_s, d.id);
    q.bindValue(u":owner"_s, owner);
    m_connection.exec(q);
    const bool written = q.numRowsAffected() > 0;
    q.finish();
    return written;
}

std::optional<StoredAlertDelivery> SqlAlertOutbox::delivery(const QString &id)
{
    auto &q = statements().delivery;
    q.bindValue(u":id"_s, id);
    m_connection.exec(q);
    std::optional<StoredAlertDelivery> found;
    if (q.next()) {
        try {
            found = readDelivery(q);
        } catch (...) {
            q.finish();
            throw;
        }
    }
    q.finish();
    return found;
}

QList<Delivery> SqlAlertOutbox::deliveries(const QString &endpointId, std::optional<DeliveryStatus> status, int limit)
{
    auto &q = statements().deliveries;
    q.bindValue(u":endpoint1"_s, text(endpointId));
    q.bindValue(u":endpoint2"_s, text(endpointId));
    const QString statusName = status ? toWire(*status) : QString(u""_s);
    q.bindValue(u":status1"_s, text(statusName));
    q.bindValue(u":status2"_s, text(statusName));
    q.bindValue(u":limit"_s, qint64(limit));
    m_connection.exec(q);
    QList<Delivery> list;
    try {
        while (q.next())
            list.append(readDelivery(q).delivery);
    } catch (...) {
        q.finish();
        throw;
    }
    q.finish();
    return list;
}

bool SqlAlertOutbox::requeue(const QString &id, const QDateTime &now)
{
    auto &q = statements().requeue;
    q.bindValue(u":now"_s, now.toMSecsSinceEpoch());
    q.bindValue(u":now2"_s, now.toMSecsSinceEpoch());
    q.bindValue(u":now3"_s, now.toMSecsSinceEpoch());
    q.bindValue(u":id"_s, id);
    m_connection.exec(q);
    const bool changed = q.numRowsAffected() > 0;
    q.finish();
    return changed;
}

int SqlAlertOutbox::release(const QString &owner)
{
    auto &q = statements().release;
    q.bindValue(u":owner"_s, owner);
    m_connection.exec(q);
    const int released = q.numRowsAffected();
    q.finish();
    return released;
}

int SqlAlertOutbox::releaseStartingWith(const QString &ownerPrefix)
{
    auto &q = statements().releasePrefix;
    q.bindValue(u":length"_s, int(ownerPrefix.size()));
    q.bindValue(u":prefix"_s, ownerPrefix);
    m_connection.exec(q);
    const int released = q.numRowsAffected();
    q.finish();
    return released;
}

int SqlAlertOutbox::prune(const QDateTime &before)
{
    auto &q = statements().prune;
    q.bindValue(u":before"_s, before.toMSecsSinceEpoch());
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

QHash<DeliveryStatus, int> SqlAlertOutbox::counts(const QDateTime &gaveUpSince)
{
    auto &counted = statements().counts;
    counted.bindValue(u":since"_s, gaveUpSince.toMSecsSinceEpoch());
    auto &q = m_connection.exec(counted);
    QHash<DeliveryStatus, int> counts;
    while (q.next()) {
        if (const auto status = alerts::webhook::statusFromWire(q.value(0).toString()))
            counts.insert(*status, int(q.value(1).toLongLong()));
    }
    q.finish();
    return counts;
}

} // namespace keyright::server
