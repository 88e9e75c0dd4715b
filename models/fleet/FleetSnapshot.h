#pragma once

#include "GCounter.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QUrl>

#include <optional>

namespace keyright {

// One peer as a server reports it in GET /v1/stats (docs/STATS.md).
struct FleetPeer
{
    QUrl url;
    QString replicaId; // empty until the peer first answered
    std::optional<QDateTime> lastHeard; // the reporting server's clock
    QString lastError; // empty when the last pull succeeded

    friend bool operator==(const FleetPeer &, const FleetPeer &) = default;
};

// A peer reported less for a replica's component than was already held: that replica forgot what
// it had counted (restarted from an old state under its old id). The maximum was kept.
struct FleetAmnesia
{
    QString replicaId;
    QString licenseId;
    QString counter;
    quint64 held = 0;
    quint64 reported = 0;
    QDateTime at;

    friend bool operator==(const FleetAmnesia &, const FleetAmnesia &) = default;
};

// The decoded body of GET /v1/stats: one server's full G-Counter state.
struct FleetSnapshot
{
    using Counters = QMap<QString, GCounter::State>; // counter name -> state

    QString replicaId;
    QDateTime serverTime;
    QMap<QString, Counters> counters; // license id -> counters
    QList<FleetPeer> peers;
    QList<FleetAmnesia> amnesia;

    // granted, denied, released, revoked, reclaimed, renewed: the order columns are shown in.
    static const QStringList &counterNames();
    // A replica id is 32 lowercase hex characters (128 random bits).
    static bool isReplicaId(QStringView text);

    // Rejects, naming the field, anything not in the documented shape. Counter names outside
    // counterNames() are skipped, so a newer server's extra counters do not break an older
    // dashboard.
    static std::optional<FleetSnapshot> fromJson(const QJsonObject &json, QString *error = nullptr);
    QJsonObject toJson() const;
};

} // namespace keyright
