#include "FleetSnapshot.h"

#include "Timestamps.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

bool readTimestamp(const QJsonValue &value, const QString &field, QDateTime *out, QString *error)
{
    const std::optional<QDateTime> time = value.isString() ? parseTimestamp(value.toString()) : std::nullopt;
    if (!time)
        return fail(error, u"\"%1\" must be an RFC 3339 UTC timestamp with milliseconds."_s.arg(field));
    *out = *time;
    return true;
}

bool readCount(const QJsonValue &value, const QString &field, quint64 *out, QString *error)
{
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    if (number < 0)
        return fail(error, u"\"%1\" must be a non-negative whole number."_s.arg(field));
    *out = static_cast<quint64>(number);
    return true;
}

bool readReplicaId(const QJsonValue &value, const QString &field, QString *out, QString *error)
{
    if (!value.isString() || !FleetSnapshot::isReplicaId(value.toString()))
        return fail(error, u"\"%1\" must be a replica id (32 lowercase hex characters)."_s.arg(field));
    *out = value.toString();
    return true;
}

bool readCounters(const QJsonValue &value, QMap<QString, FleetSnapshot::Counters> *out, QString *error)
{
    if (!value.isObject())
        return fail(error, u"\"counters\" must be an object keyed by license id."_s);
    const QJsonObject licenses = value.toObject();
    for (auto license = licenses.constBegin(); license != licenses.constEnd(); ++license) {
        if (!license.value().isObject())
            return fail(error, u"\"counters.%1\" must be an object keyed by counter name."_s.arg(license.key()));
        const QJsonObject counters = license.value().toObject();
        FleetSnapshot::Counters decoded;
        for (const QString &name : FleetSnapshot::counterNames()) {
            if (!counters.contains(name))
                continue;
            const QString field = u"counters.%1.%2"_s.arg(license.key(), name);
            QString why;
            const std::optional<GCounter::State> state = GCounter::fromJson(counters.value(name), &why);
            if (!state)
                return fail(error, u"\"%1\": %2"_s.arg(field, why));
            for (auto it = state->cbegin(); it != state->cend(); ++it) {
                if (!FleetSnapshot::isReplicaId(it.key()))
                    return fail(
                        error,
                        u"\"%1\": \"%2\" is not a replica id (32 lowercase hex characters)."_s.arg(field, it.key()));
            }
            decoded.insert(name, *state);
        }
        out->insert(license.key(), decoded);
    }
    return true;
}

bool readPeers(const QJsonValue &value, QList<FleetPeer> *out, QString *error)
{
    if (value.isUndefined())
        return true;
    if (!value.isArray())
        return fail(error, u"\"peers\" must be an array."_s);
    const QJsonArray peers = value.toArray();
    for (qsizetype i = 0; i < peers.size(); ++i) {
        const QString field = u"peers[%1]"_s.arg(i);
        if (!peers.at(i).isObject())
            return fail(error, u"\"%1\" must be an object."_s.arg(field));
        const QJsonObject peer = peers.at(i).toObject();
        FleetPeer decoded;
        decoded.url = QUrl(peer.value(u"url"_s).toString(), QUrl::StrictMode);
        if (!decoded.url.isValid() || decoded.url.scheme().isEmpty())
            return fail(error, u"\"%1.url\" must be an absolute URL."_s.arg(field));
        const QJsonValue replicaId = peer.value(u"replicaId"_s);
        if (!replicaId.isNull() && !readReplicaId(replicaId, field + u".replicaId"_s, &decoded.replicaId, error))
            return false;
        const QJsonValue lastHeard = peer.value(u"lastHeard"_s);
        if (!lastHeard.isNull() && !lastHeard.isUndefined()) {
            QDateTime time;
            if (!readTimestamp(lastHeard, field + u".lastHeard"_s, &time, error))
                return false;
            decoded.lastHeard = time;
        }
        const QJsonValue lastError = peer.value(u"lastError"_s);
        if (!lastError.isNull() && !lastError.isUndefined() && !lastError.isString())
            return fail(error, u"\"%1.lastError\" must be a string or null."_s.arg(field));
        decoded.lastError = lastError.toString();
        out->append(decoded);
    }
    return true;
}

bool readAmnesia(const QJsonValue &value, QList<FleetAmnesia> *out, QString *error)
{
    if (value.isUndefined())
        return true;
    if (!value.isArray())
        return fail(error, u"\"amnesia\" must be an array."_s);
    const QJsonArray records = value.toArray();
    for (qsizetype i = 0; i < records.size(); ++i) {
        const QString field = u"amnesia[%1]"_s.arg(i);
        if (!records.at(i).isObject())
            return fail(error, u"\"%1\" must be an object."_s.arg(field));
        const QJsonObject record = records.at(i).toObject();
        FleetAmnesia decoded;
        if (!readReplicaId(record.value(u"replicaId"_s), field + u".replicaId"_s, &decoded.replicaId, error))
            return false;
        decoded.licenseId = record.value(u"licenseId"_s).toString();
        decoded.counter = record.value(u"counter"_s).toString();
        if (decoded.licenseId.isEmpty() || !FleetSnapshot::counterNames().contains(decoded.counter))
            return fail(error,
                        u"\"%1\" must name a license and one of the counters %2."_s.arg(
                            field, FleetSnapshot::counterNames().join(u", ")));
        if (!readCount(record.value(u"held"_s), field + u".held"_s, &decoded.held, error)
            || !readCount(record.value(u"reported"_s), field + u".reported"_s, &decoded.reported, error)
            || !readTimestamp(record.value(u"at"_s), field + u".at"_s, &decoded.at, error))
            return false;
        out->append(decoded);
    }
    return true;
}

} // namespace

const QStringList &FleetSnapshot::counterNames()
{
    static const QStringList names {u"granted"_s, u"denied"_s,    u"released"_s,
                                    u"revoked"_s, u"reclaimed"_s, u"renewed"_s};
    return names;
}

bool FleetSnapshot::isReplicaId(QStringView text)
{
    return text.size() == 32 && std::all_of(text.cbegin(), text.cend(), [](QChar c) {
               return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
           });
}

std::optional<FleetSnapshot> FleetSnapshot::fromJson(const QJsonObject &json, QString *error)
{
    FleetSnapshot snapshot;
    if (!readReplicaId(json.value(u"replicaId"_s), u"replicaId"_s, &snapshot.replicaId, error)
        || !readTimestamp(json.value(u"serverTime"_s), u"serverTime"_s, &snapshot.serverTime, error)
        || !readCounters(json.value(u"counters"_s), &snapshot.counters, error)
        || !readPeers(json.value(u"peers"_s), &snapshot.peers, error)
        || !readAmnesia(json.value(u"amnesia"_s), &snapshot.amnesia, error))
        return std::nullopt;
    return snapshot;
}

QJsonObject FleetSnapshot::toJson() const
{
    QJsonObject licenses;
    for (auto license = counters.cbegin(); license != counters.cend(); ++license) {
        QJsonObject byName;
        for (auto counter = license->cbegin(); counter != license->cend(); ++counter)
            byName.insert(counter.key(), GCounter::toJson(counter.value()));
        licenses.insert(license.key(), byName);
    }
    QJsonArray peerArray;
    for (const FleetPeer &peer : peers) {
        peerArray.append(QJsonObject {
            {u"url"_s, peer.url.toString()},
            {u"replicaId"_s, peer.replicaId.isEmpty() ? QJsonValue() : QJsonValue(peer.replicaId)},
            {u"lastHeard"_s, peer.lastHeard ? QJsonValue(formatTimestamp(*peer.lastHeard)) : QJsonValue()},
            {u"lastError"_s, peer.lastError.isEmpty() ? QJsonValue() : QJsonValue(peer.lastError)},
        });
    }
    QJsonArray amnesiaArray;
    for (const FleetAmnesia &record : amnesia) {
        amnesiaArray.append(QJsonObject {
            {u"replicaId"_s, record.replicaId},
            {u"licenseId"_s, record.licenseId},
            {u"counter"_s, record.counter},
            {u"held"_s, static_cast<qint64>(record.held)},
            {u"reported"_s, static_cast<qint64>(record.reported)},
            {u"at"_s, formatTimestamp(record.at)},
        });
    }
    return QJsonObject {
        {u"replicaId"_s, replicaId},  {u"serverTime"_s, formatTimestamp(serverTime)},
        {u"counters"_s, licenses},    {u"peers"_s, peerArray},
        {u"amnesia"_s, amnesiaArray},
    };
}

} // namespace keyright
