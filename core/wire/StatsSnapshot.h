#pragma once

#include "GCounter.h"
#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace keyright {

// The usage counters of GET /v1/stats (docs/STATS.md), in the order the dashboard shows them.
enum class UsageCounter { Granted, Denied, Released, Revoked, Reclaimed, Renewed };
QString toWire(UsageCounter counter);
// granted, denied, released, revoked, reclaimed, renewed: the enum's order.
const QStringList &usageCounterNames();

// PostgreSQL mode: the reporting server's database connection (issue 31), for the dashboard's
// instance health view.
struct StatsDatabase
{
    QString server; // "host:port" of the primary it is on, or was last on while unavailable
    std::optional<QDateTime> unavailableSince; // the reporting server's clock; nullopt: available

    friend bool operator==(const StatsDatabase &, const StatsDatabase &) = default;
};

// One peer as a server reports it.
struct StatsPeer
{
    QUrl url;
    QString replicaId; // empty until the peer first answered
    std::optional<QDateTime> lastHeard; // the reporting server's clock
    QString lastError; // empty when the last pull succeeded

    friend bool operator==(const StatsPeer &, const StatsPeer &) = default;
};

// A component that went backwards; the maximum was kept. PeerRegressed: a peer reported less for
// its own component than was already held, so it lost counts and came back under its old id.
// OwnComponentAhead: a peer holds more for the reporting server's own id than that server does,
// so the server lost counts (an old backup) or another process writes under its id.
struct StatsAmnesia
{
    enum class Kind { PeerRegressed, OwnComponentAhead };
    static QString kindName(Kind kind); // peer_regressed, own_component_ahead
    static std::optional<Kind> kindFromName(QStringView name);

    Kind kind = Kind::PeerRegressed;
    QString replicaId;
    QString licenseId;
    QString counter;
    quint64 held = 0;
    quint64 reported = 0;
    QDateTime at;
    QString source; // who reported it (a peer URL, or what the caller of the merge named)

    friend bool operator==(const StatsAmnesia &, const StatsAmnesia &) = default;
};

// The body of GET /v1/stats: one server's full G-Counter state, its peers and its amnesia
// records. The server encodes it with toJson(); the dashboard and the server's peer sync decode it
// with fromJson(), so both read and write the same shape.
struct StatsSnapshot
{
    using Counters = QMap<QString, GCounter::State>; // counter name -> state

    QString replicaId;
    QDateTime serverTime;
    QMap<QString, Counters> counters; // license id -> counters
    QList<StatsPeer> peers;
    QList<StatsAmnesia> amnesia;
    std::optional<StatsDatabase> database; // absent: SQLite, or a server from before issue 31

    // Rejects, naming the field by its path, anything not in the documented shape: a replica id
    // that is not one, a license id that is not one, a component that is not a count. Counter
    // names outside usageCounterNames() are skipped, so a newer server's extra counters do not
    // break an older reader; "peers" and "amnesia" may be absent (none).
    static std::optional<StatsSnapshot> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
    // An amnesia record's counts above 2^53 - 1 (more than anyone counted) are written as
    // 2^53 - 1, the largest integer every JSON reader keeps exactly; components are written as
    // GCounter::toJson() does.
    QJsonObject toJson() const;

    friend bool operator==(const StatsSnapshot &, const StatsSnapshot &) = default;
};

} // namespace keyright
