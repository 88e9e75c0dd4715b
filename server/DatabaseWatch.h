#pragma once

#include "store/PgLeaseStore.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>

namespace keyright {
class Clock;
}

namespace keyright::server {

// Looks once a second whether this instance's PostgreSQL connection came back on another server
// of its host list than before (PgLeaseStore::takeFailover: Patroni promoted a standby), and
// records each such failover once: a `database_failover` audit event (old and new primary, how
// long units failed, this instance's replica id; wire/EventDetail) and a warning in the log. A
// failover that cannot be recorded yet (the database unreachable again) stays pending for the
// next look. Telling people is all it does: the store reconnects by itself.
class DatabaseWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DatabaseWatch)

public:
    static constexpr std::chrono::milliseconds defaultInterval {1000};

    // `clock` stamps the events (the server's clock, as every event's).
    DatabaseWatch(PgLeaseStore &store, const Clock &clock, QString replicaId,
                  std::chrono::milliseconds interval = defaultInterval, QObject *parent = nullptr);

    void start();
    void stop();

    // One look now; returns how many failovers it recorded.
    int check();
    int pending() const { return int(m_pending.size()); }

private:
    PgLeaseStore &m_store;
    const Clock &m_clock;
    QString m_replicaId;
    QTimer m_timer;
    QList<PgLeaseStore::Failover> m_pending;
};

} // namespace keyright::server
