#pragma once

#include "GCounter.h"
#include "wire/StatsSnapshot.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <optional>

namespace keyright {
class Clock;
}

namespace keyright::server {

class LeaseStore;

// Replicated usage statistics of one server: per license, one G-Counter for each of granted,
// denied, released, revoked, reclaimed and renewed. This server only ever increments its own
// component (count(), called inside the transaction of the event it counts, so the count and the
// event are committed together or not at all); the other replicas' components arrive in their
// snapshots and are merged by the per-replica maximum (merge()), persisted so that a restart
// keeps what it learned. GET /v1/stats serves toJson(), a StatsSnapshot in core's codec
// (docs/STATS.md), which is also how a peer's answer is read back (snapshotFromJson()).
//
// Nothing here decides a checkout: see docs/ARCHITECTURE.md.
class StatsService
{
public:
    using Counter = UsageCounter;
    static QString counterName(Counter counter) { return toWire(counter); }
    // In the order of the enum, which is the order the dashboard shows them in.
    static const QStringList &counterNames() { return usageCounterNames(); }

    using LicenseCounters = QMap<QString, GCounter::State>; // counter name -> state
    using State = QMap<QString, LicenseCounters>; // license id -> counters

    // What one server reported: its id and its full state.
    struct Snapshot
    {
        QString replicaId;
        State counters;
    };

    // A component that went backwards (see StatsAmnesia); either way the maximum is kept.
    using Amnesia = StatsAmnesia;

    struct MergeResult
    {
        int raised = 0; // components that grew
        QList<Amnesia> amnesia; // new records only
    };

    using PeerStatus = StatsPeer;

    StatsService(LeaseStore &store, QString replicaId, const Clock &clock);

    QString replicaId() const { return m_replicaId; }
    // PostgreSQL mode: what toJson() reports as this server's database connection, asked at each
    // call (issue 31). Unset: no `database` member (SQLite).
    void setDatabaseStatus(std::function<StatsDatabase()> status) { m_databaseStatus = std::move(status); }

    // Adds `by` to this server's own component. Must run inside the store transaction that
    // records the counted event.
    void count(const QString &licenseId, Counter counter, quint64 by = 1);

    // Every component the store holds, this server's and the others'.
    State state();
    // The value of one component (0 when absent).
    quint64 component(const QString &licenseId, Counter counter, const QString &replicaId);

    // Per-replica maximum of the held state and `snapshot`, in one transaction. Duplicate and
    // stale snapshots change nothing. Throws StoreError.
    MergeResult merge(const Snapshot &snapshot, const QString &source);
    // Checks the shape of a GET /v1/stats body and keeps only the known counters (a newer
    // server's extra counters are skipped). nullopt with a reason naming the field otherwise.
    static std::optional<Snapshot> snapshotFromJson(const QJsonObject &json, QString *error = nullptr);

    // The body of GET /v1/stats.
    QJsonObject toJson();

    // Amnesia records, oldest first (the newest 100 at most). Each is also written to the audit
    // log as an event of kind EventKind::Amnesia in the merge's transaction, so the list survives
    // a restart (loadAmnesia()) and lasts as long as the event retention.
    QList<Amnesia> amnesia() const { return m_amnesia; }
    // Reads the amnesia records back from the audit log. Throws StoreError.
    void loadAmnesia();

    void setPeers(const QList<QUrl> &peers);
    void notePeerAnswered(const QUrl &peer, const QString &replicaId);
    void notePeerFailed(const QUrl &peer, const QString &error);
    QList<PeerStatus> peers() const { return m_peers; }

private:
    bool isKnown(const Amnesia &record) const;
    void keep(const Amnesia &record);
    static void log(const Amnesia &record);
    PeerStatus *peer(const QUrl &url);

    LeaseStore &m_store;
    QString m_replicaId;
    const Clock &m_clock;
    QList<Amnesia> m_amnesia;
    QList<PeerStatus> m_peers;
    std::function<StatsDatabase()> m_databaseStatus;
};

} // namespace keyright::server
