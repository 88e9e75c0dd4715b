#include "wire/StatsSnapshot.h"

#include "Timestamps.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 maxCount = JsonReader::maxExactInteger - 1;

qint64 jsonCount(quint64 value)
{
    return qint64(std::min<quint64>(value, quint64(maxCount)));
}

QString readReplicaId(JsonReader &reader, const QJsonValue &value, const QString &path)
{
    if (reader.failed())
        return {};
    if (!value.isString() || !isValidReplicaId(value.toString())) {
        reader.fail(path, u"must be a replica id (%1)"_s.arg(replicaIdRule()));
        return {};
    }
    return value.toString();
}

QMap<QString, StatsSnapshot::Counters> readCounters(JsonReader &reader, const QJsonObject &json)
{
    QMap<QString, StatsSnapshot::Counters> result;
    const QJsonObject licenses = reader.object(reader.field(json, {}, u"counters"_s), u"counters"_s);
    for (auto license = licenses.constBegin(); license != licenses.constEnd() && !reader.failed(); ++license) {
        if (!isValidLicenseId(license.key())) {
            reader.fail(u"counters"_s,
                        u"has \"%1\", which is not a license id (%2)"_s.arg(license.key().left(80), licenseIdRule()));
            break;
        }
        const QString licensePath = JsonReader::joinPath(u"counters"_s, license.key());
        const QJsonObject byName = reader.object(license.value(), licensePath);
        StatsSnapshot::Counters decoded;
        for (const QString &name : usageCounterNames()) {
            if (reader.failed() || !byName.contains(name))
                continue;
            const QString path = JsonReader::joinPath(licensePath, name);
            QString why;
            const std::optional<GCounter::State> state = GCounter::fromJson(byName.value(name), &why);
            if (!state) {
                reader.fail(path, u"is not a G-Counter: %1"_s.arg(why));
                break;
            }
            for (auto it = state->cbegin(); it != state->cend(); ++it) {
                if (!isValidReplicaId(it.key())) {
                    reader.fail(
                        path, u"has \"%1\", which is not a replica id (%2)"_s.arg(it.key().left(80), replicaIdRule()));
                    break;
                }
            }
            decoded.insert(name, *state);
        }
        result.insert(license.key(), decoded);
    }
    return result;
}

QList<StatsPeer> readPeers(JsonReader &reader, const QJsonObject &json)
{
    QList<StatsPeer> result;
    if (reader.failed() || !json.contains(u"peers"_s))
        return result;
    const QJsonArray peers = reader.array(json, {}, u"peers"_s);
    for (qsizetype i = 0; i < peers.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"peers"_s, i);
        const QJsonObject peer = reader.object(peers.at(i), path);
        StatsPeer decoded;
        const QString url = reader.string(peer, path, u"url"_s);
        decoded.url = QUrl(url, QUrl::StrictMode);
        if (!reader.failed() && (!decoded.url.isValid() || decoded.url.scheme().isEmpty()))
            reader.fail(JsonReader::joinPath(path, u"url"_s), u"is not an absolute URL: \"%1\""_s.arg(url.left(200)));
        const QJsonValue replicaId = peer.value(u"replicaId"_s);
        if (!replicaId.isNull() && !replicaId.isUndefined())
            decoded.replicaId = readReplicaId(reader, replicaId, JsonReader::joinPath(path, u"replicaId"_s));
        const QJsonValue lastHeard = peer.value(u"lastHeard"_s);
        if (!lastHeard.isNull() && !lastHeard.isUndefined())
            decoded.lastHeard = reader.timestampValue(lastHeard, JsonReader::joinPath(path, u"lastHeard"_s));
        decoded.lastError = reader.optionalString(peer, path, u"lastError"_s);
        result.append(decoded);
    }
    return result;
}

QList<StatsAmnesia> readAmnesia(JsonReader &reader, const QJsonObject &json)
{
    QList<StatsAmnesia> result;
    if (reader.failed() || !json.contains(u"amnesia"_s))
        return result;
    const QJsonArray records = reader.array(json, {}, u"amnesia"_s);
    for (qsizetype i = 0; i < records.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"amnesia"_s, i);
        const QJsonObject record = reader.object(records.at(i), path);
        StatsAmnesia decoded;
        const QString kind = reader.string(record, path, u"kind"_s);
        if (!reader.failed()) {
            const auto known = StatsAmnesia::kindFromName(kind);
            if (!known)
                reader.fail(JsonReader::joinPath(path, u"kind"_s),
                            u"is \"%1\", not %2 or %3"_s.arg(
                                kind.left(40), StatsAmnesia::kindName(StatsAmnesia::Kind::PeerRegressed),
                                StatsAmnesia::kindName(StatsAmnesia::Kind::OwnComponentAhead)));
            decoded.kind = known.value_or(StatsAmnesia::Kind::PeerRegressed);
        }
        decoded.replicaId = readReplicaId(reader, reader.field(record, path, u"replicaId"_s),
                                          JsonReader::joinPath(path, u"replicaId"_s));
        decoded.licenseId = reader.string(record, path, u"licenseId"_s);
        if (!reader.failed() && !isValidLicenseId(decoded.licenseId))
            reader.fail(JsonReader::joinPath(path, u"licenseId"_s),
                        u"is \"%1\", not a license id (%2)"_s.arg(decoded.licenseId.left(80), licenseIdRule()));
        decoded.counter = reader.string(record, path, u"counter"_s);
        if (!reader.failed() && !usageCounterNames().contains(decoded.counter))
            reader.fail(JsonReader::joinPath(path, u"counter"_s),
                        u"is \"%1\", not one of the counters %2"_s.arg(decoded.counter.left(40),
                                                                       usageCounterNames().join(u", ")));
        decoded.held = quint64(reader.integer(record, path, u"held"_s, 0, maxCount));
        decoded.reported = quint64(reader.integer(record, path, u"reported"_s, 0, maxCount));
        decoded.at = reader.timestamp(record, path, u"at"_s);
        decoded.source = reader.optionalString(record, path, u"source"_s);
        result.append(decoded);
    }
    return result;
}

} // namespace

QString toWire(UsageCounter counter)
{
    return usageCounterNames().at(static_cast<int>(counter));
}

const QStringList &usageCounterNames()
{
    static const QStringList names {u"granted"_s, u"denied"_s,    u"released"_s,
                                    u"revoked"_s, u"reclaimed"_s, u"renewed"_s};
    return names;
}

QString StatsAmnesia::kindName(Kind kind)
{
    return kind == Kind::PeerRegressed ? u"peer_regressed"_s : u"own_component_ahead"_s;
}

std::optional<StatsAmnesia::Kind> StatsAmnesia::kindFromName(QStringView name)
{
    for (const Kind kind : {Kind::PeerRegressed, Kind::OwnComponentAhead}) {
        if (kindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

std::optional<StatsSnapshot> StatsSnapshot::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    StatsSnapshot snapshot;
    // The counters before the rest: they are what a reader merges, so their problems come first.
    snapshot.replicaId = readReplicaId(reader, reader.field(json, {}, u"replicaId"_s), u"replicaId"_s);
    snapshot.counters = readCounters(reader, json);
    snapshot.serverTime = reader.timestamp(json, {}, u"serverTime"_s);
    snapshot.peers = readPeers(reader, json);
    snapshot.amnesia = readAmnesia(reader, json);
    if (!reader.failed() && json.contains(u"database"_s)) {
        const QJsonObject database = reader.object(json.value(u"database"_s), u"database"_s);
        StatsDatabase decoded;
        decoded.server = reader.optionalString(database, u"database"_s, u"server"_s);
        const QJsonValue since = database.value(u"unavailableSince"_s);
        if (!since.isNull() && !since.isUndefined())
            decoded.unavailableSince = reader.timestampValue(since, u"database.unavailableSince"_s);
        snapshot.database = decoded;
    }
    if (!reader.report(error))
        return std::nullopt;
    return snapshot;
}

QJsonObject StatsSnapshot::toJson() const
{
    QJsonObject licenses;
    for (auto license = counters.cbegin(); license != counters.cend(); ++license) {
        QJsonObject byName;
        for (auto counter = license->cbegin(); counter != license->cend(); ++counter)
            byName.insert(counter.key(), GCounter::toJson(counter.value()));
        licenses.insert(license.key(), byName);
    }
    QJsonArray peerArray;
    for (const StatsPeer &peer : peers) {
        peerArray.append(QJsonObject {
            {u"url"_s, peer.url.toString()},
            {u"replicaId"_s, peer.replicaId.isEmpty() ? QJsonValue() : QJsonValue(peer.replicaId)},
            {u"lastHeard"_s, peer.lastHeard ? QJsonValue(formatTimestamp(*peer.lastHeard)) : QJsonValue()},
            {u"lastError"_s, peer.lastError.isEmpty() ? QJsonValue() : QJsonValue(peer.lastError)},
        });
    }
    QJsonArray amnesiaArray;
    for (const StatsAmnesia &record : amnesia) {
        amnesiaArray.append(QJsonObject {
            {u"kind"_s, StatsAmnesia::kindName(record.kind)},
            {u"replicaId"_s, record.replicaId},
            {u"licenseId"_s, record.licenseId},
            {u"counter"_s, record.counter},
            {u"held"_s, jsonCount(record.held)},
            {u"reported"_s, jsonCount(record.reported)},
            {u"at"_s, formatTimestamp(record.at)},
            {u"source"_s, record.source},
        });
    }
    QJsonObject json {
        {u"replicaId"_s, replicaId},  {u"serverTime"_s, formatTimestamp(serverTime)},
        {u"counters"_s, licenses},    {u"peers"_s, peerArray},
        {u"amnesia"_s, amnesiaArray},
    };
    if (database)
        json.insert(u"database"_s,
                    QJsonObject {{u"server"_s, database->server},
                                 {u"unavailableSince"_s,
                                  database->unavailableSince ? QJsonValue(formatTimestamp(*database->unavailableSince))
                                                             : QJsonValue()}});
    return json;
}

} // namespace keyright
