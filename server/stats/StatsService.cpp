#include "stats/StatsService.h"

#include "Clock.h"
#include "stats/StatComponent.h"
#include "store/LeaseStore.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"

#include <QHash>
#include <QJsonArray>
#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcStats, "keyright.server.stats")

constexpr qsizetype maxAmnesiaRecords = 100;

QString componentKey(const QString &licenseId, const QString &counter, const QString &replicaId)
{
    return licenseId + u'\n' + counter + u'\n' + replicaId;
}

EventRecord amnesiaEvent(const StatsService::Amnesia &record)
{
    return EventRecord {0,
                        record.at,
                        EventKind::Amnesia,
                        record.licenseId,
                        {},
                        {},
                        QString::fromUtf16(serverActor),
                        eventdetail::Amnesia {record.kind, record.replicaId, record.counter, record.held,
                                              record.reported, record.source}
                            .toJson()};
}

std::optional<StatsService::Amnesia> amnesiaFromEvent(const EventRecord &event)
{
    const auto detail = eventdetail::Amnesia::fromJson(event.detail);
    if (!detail)
        return std::nullopt;
    return StatsService::Amnesia {detail->kind, detail->replicaId, event.licenseId, detail->counter,
                                  detail->held, detail->reported,  event.time,      detail->source};
}

} // namespace

StatsService::StatsService(LeaseStore &store, QString replicaId, const Clock &clock)
    : m_store(store)
    , m_replicaId(std::move(replicaId))
    , m_clock(clock)
{ }

void StatsService::count(const QString &licenseId, Counter counter, quint64 by)
{
    if (by == 0)
        return;
    m_store.bumpCounter(licenseId, counterName(counter), m_replicaId, by);
}

StatsService::State StatsService::state()
{
    State result;
    for (const StatComponent &component : m_store.counterComponents())
        result[component.licenseId][component.counter][component.replicaId] = component.value;
    return result;
}

quint64 StatsService::component(const QString &licenseId, Counter counter, const QString &replicaId)
{
    return state().value(licenseId).value(counterName(counter)).value(replicaId, 0);
}

StatsService::MergeResult StatsService::merge(const Snapshot &snapshot, const QString &source)
{
    QList<StatComponent> raised;
    QList<Amnesia> found;
    m_store.withStore([&] {
        raised.clear();
        found.clear();
        QHash<QString, quint64> held;
        for (const StatComponent &component : m_store.counterComponents())
            held.insert(componentKey(component.licenseId, component.counter, component.replicaId), component.value);
        const QDateTime now = m_clock.now();
        for (auto license = snapshot.counters.cbegin(); license != snapshot.counters.cend(); ++license) {
            for (auto counter = license->cbegin(); counter != license->cend(); ++counter) {
                for (auto it = counter->cbegin(); it != counter->cend(); ++it) {
                    const QString &replica = it.key();
                    const quint64 reported = it.value();
                    const quint64 mine = held.value(componentKey(license.key(), counter.key(), replica), 0);
                    if (reported > mine) {
                        raised.append(StatComponent {license.key(), counter.key(), replica, reported});
                        if (replica == m_replicaId)
                            found.append(Amnesia {Amnesia::Kind::OwnComponentAhead, replica, license.key(),
                                                  counter.key(), mine, reported, now, source});
                    } else if (reported < mine && replica == snapshot.replicaId && replica != m_replicaId) {
                        // Only a replica's own component is checked: what a relay reports about a
                        // third replica may lag behind what was heard directly, which is ordinary.
                        found.append(Amnesia {Amnesia::Kind::PeerRegressed, replica, license.key(), counter.key(), mine,
                                              reported, now, source});
                    }
                }
            }
        }
        // A peer that stays behind is reported again on every pull; one record per held value is
        // enough to see it, and keeps the list (and the dashboard) from filling up.
        found.removeIf([this](const Amnesia &record) { return isKnown(record); });
        if (!raised.isEmpty())
            m_store.mergeComponents(raised);
        for (const Amnesia &record : std::as_const(found))
            m_store.appendEvent(amnesiaEvent(record));
    });
    MergeResult result;
    result.raised = int(raised.size());
    result.amnesia = found;
    for (const Amnesia &record : std::as_const(found)) {
        log(record);
        keep(record);
    }
    return result;
}

bool StatsService::isKnown(const Amnesia &record) const
{
    return std::any_of(m_amnesia.cbegin(), m_amnesia.cend(), [&](const Amnesia &other) {
        return other.kind == record.kind && other.replicaId == record.replicaId && other.licenseId == record.licenseId
            && other.counter == record.counter && other.held == record.held;
    });
}

void StatsService::keep(const Amnesia &record)
{
    m_amnesia.append(record);
    if (m_amnesia.size() > maxAmnesiaRecords)
        m_amnesia.removeFirst();
}

void StatsService::loadAmnesia()
{
    m_amnesia.clear();
    EventQuery query;
    query.kinds = QList<EventKind> {EventKind::Amnesia};
    query.limit = 1000;
    for (;;) {
        const QList<EventRecord> page = m_store.events(query);
        for (const EventRecord &event : page) {
            if (const auto record = amnesiaFromEvent(event))
                keep(*record);
        }
        if (page.size() < query.limit)
            break;
        query.after = page.last().seq;
    }
}

void StatsService::log(const Amnesia &record)
{
    if (record.kind == Amnesia::Kind::PeerRegressed) {
        qCWarning(lcStats,
                  "amnesia: %ls reports %llu for replica %ls's own %ls count of %ls, which already counted %llu; the "
                  "replica lost counts and restarted under its old id (its new counts are hidden until they pass "
                  "the old value). Keeping %llu.",
                  qUtf16Printable(record.source), record.reported, qUtf16Printable(record.replicaId),
                  qUtf16Printable(record.counter), qUtf16Printable(record.licenseId), record.held, record.held);
    } else {
        qCCritical(lcStats,
                   "IDENTITY CONFLICT: %ls holds %llu for THIS server's replica id %ls (%ls of %ls) but this server "
                   "has only counted %llu. Either this data directory lost counts (restored from an old backup) or "
                   "another server runs with a copy of it and writes under the same id, and counts are being lost. "
                   "Stop the copy, or delete DATA_DIR/replica-id on one of them to give it a new identity. Keeping "
                   "%llu.",
                   qUtf16Printable(record.source), record.reported, qUtf16Printable(record.replicaId),
                   qUtf16Printable(record.counter), qUtf16Printable(record.licenseId), record.held, record.reported);
    }
}

std::optional<StatsService::Snapshot> StatsService::snapshotFromJson(const QJsonObject &json, QString *error)
{
    ValidationError why;
    std::optional<StatsSnapshot> decoded = StatsSnapshot::fromJson(json, &why);
    if (!decoded) {
        if (error)
            *error = why.message;
        return std::nullopt;
    }
    return Snapshot {decoded->replicaId, decoded->counters};
}

QJsonObject StatsService::toJson()
{
    StatsSnapshot snapshot {m_replicaId, m_clock.now(), state(), m_peers, m_amnesia, std::nullopt};
    if (m_databaseStatus)
        snapshot.database = m_databaseStatus();
    return snapshot.toJson();
}

StatsService::PeerStatus *StatsService::peer(const QUrl &url)
{
    for (PeerStatus &status : m_peers) {
        if (status.url == url)
            return &status;
    }
    m_peers.append(PeerStatus {url, {}, std::nullopt, {}});
    return &m_peers.last();
}

void StatsService::setPeers(const QList<QUrl> &peers)
{
    m_peers.clear();
    for (const QUrl &url : peers)
        peer(url);
}

void StatsService::notePeerAnswered(const QUrl &url, const QString &replicaId)
{
    PeerStatus *status = peer(url);
    status->replicaId = replicaId;
    status->lastHeard = m_clock.now();
    status->lastError.clear();
}

void StatsService::notePeerFailed(const QUrl &url, const QString &error)
{
    peer(url)->lastError = error;
}

} // namespace keyright::server
