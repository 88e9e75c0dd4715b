#pragma once

#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <memory>
#include <optional>

class QSqlQuery;

namespace keyright::server {

class SqlConnection;

// The alert delivery tables (issue 29): alert_endpoints (where alerts are sent, each webhook's
// secret sealed under alerts.key; `kind` leaves room for email endpoints) and alert_outbox (one row
// per delivery: the log a person reads and the queue the deliverers claim from). A delivery's id
// is its de-duplication id: every attempt of it carries the same one.
class SqlAlertOutbox
{
public:
    // `skipLocked` is appended to the claim's read (" FOR UPDATE SKIP LOCKED"), empty where the
    // transaction already serializes every writer.
    SqlAlertOutbox(SqlConnection &connection, QString skipLocked);
    ~SqlAlertOutbox();
    SqlAlertOutbox(const SqlAlertOutbox &) = delete;
    SqlAlertOutbox &operator=(const SqlAlertOutbox &) = delete;

    // The migration step that creates the tables, with the dialect's 64-bit integer and blob types.
    static QStringList createTables(const QString &integerType, const QString &blobType);

    bool prepare(QString *error);

    QList<StoredAlertEndpoint> endpoints();
    void insertEndpoint(const StoredAlertEndpoint &endpoint);
    bool deleteEndpoint(const QString &id);
    void queue(const StoredAlertDelivery &delivery);
    QList<StoredAlertDelivery> claim(const QString &owner, const QDateTime &now, const QDateTime &claimUntil,
                                     int limit);
    bool finish(const alerts::webhook::Delivery &delivery, const QString &owner);
    std::optional<StoredAlertDelivery> delivery(const QString &id);
    QList<alerts::webhook::Delivery> deliveries(const QString &endpointId,
                                                std::optional<alerts::webhook::DeliveryStatus> status, int limit);
    bool requeue(const QString &id, const QDateTime &now);
    QHash<alerts::webhook::DeliveryStatus, int> counts(const QDateTime &gaveUpSince);
    int release(const QString &owner);
    int releaseStartingWith(const QString &ownerPrefix);
    int prune(const QDateTime &before);

private:
    struct Statements;

    Statements &statements();
    StoredAlertDelivery readDelivery(const QSqlQuery &q) const;

    SqlConnection &m_connection;
    QString m_skipLocked;
    std::unique_ptr<Statements> m_statements;
};

} // namespace keyright::server
