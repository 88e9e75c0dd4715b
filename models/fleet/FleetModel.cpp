#include "FleetModel.h"

#include "Clock.h"
#include "DemoCatalogue.h"
#include "FleetCountersModel.h"
#include "FleetServersModel.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

FleetModel::FleetModel(const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
    , m_serversModel(new FleetServersModel(*this, this))
    , m_countersModel(new FleetCountersModel(*this, this))
{
    m_scheduler.setMaxBackoff(std::chrono::milliseconds {0});
    m_scheduler.setPoll([this] {
        pollServers();
        refresh(); // staleness and ages move on even when nobody answers
    });
}

FleetModel::~FleetModel() = default;

void FleetModel::setServers(const QList<QUrl> &servers)
{
    m_serversModel->beginReset();
    QList<FleetServerStatus> next;
    for (const QUrl &url : servers) {
        const int row = serverRow(url);
        if (row >= 0) {
            next.append(m_servers.at(row));
        } else {
            FleetServerStatus status;
            status.url = url;
            next.append(status);
        }
    }
    m_servers = next;
    m_serversModel->endReset();
    Q_EMIT updated();
}

void FleetModel::setFetcher(Fetcher fetcher)
{
    m_fetcher = std::move(fetcher);
}

void FleetModel::setStaleAfter(std::chrono::seconds after)
{
    m_staleAfter = after;
    refresh();
}

void FleetModel::pollAll()
{
    if (!m_fetcher)
        return;
    // A server still answering the last poll is not asked twice; the others join that poll.
    if (m_scheduler.isInFlight())
        pollServers();
    else
        m_scheduler.pollNow();
}

void FleetModel::setPollInterval(std::chrono::milliseconds interval)
{
    if (interval <= std::chrono::milliseconds {0}) {
        m_scheduler.pause();
        return;
    }
    m_scheduler.setInterval(interval);
    m_scheduler.startLater();
}

void FleetModel::pollServers()
{
    if (!m_fetcher)
        return;
    for (FleetServerStatus &server : m_servers) {
        if (server.polling)
            continue;
        server.polling = true;
        m_scheduler.beginRequest();
        const QUrl url = server.url;
        m_fetcher(url, this, [this, url](const std::optional<FleetSnapshot> &stats, const FleetFailure &error) {
            const int row = serverRow(url);
            if (row >= 0)
                m_servers[row].polling = false;
            if (stats)
                recordSnapshot(url, *stats);
            else
                recordFailure(url, error);
            m_scheduler.endRequest(stats.has_value());
        });
    }
}

bool FleetModel::recordSnapshot(const QUrl &server, const QJsonObject &stats)
{
    ValidationError error;
    const std::optional<FleetSnapshot> snapshot = FleetSnapshot::fromJson(stats, &error);
    if (!snapshot) {
        recordFailure(server, tr("The server's statistics are not in the expected form: %1").arg(error.message));
        return false;
    }
    recordSnapshot(server, *snapshot);
    return true;
}

void FleetModel::recordSnapshot(const QUrl &server, const FleetSnapshot &snapshot)
{
    const QDateTime receivedAt = now();
    const int row = serverRow(server);
    if (row >= 0) {
        FleetServerStatus &status = m_servers[row];
        status.state = FleetServerStatus::State::Answered;
        status.error.clear();
        status.serverSaid.clear();
        status.errorCode.clear();
        status.replicaId = snapshot.replicaId;
        status.lastPoll = receivedAt;
        status.lastAnswer = receivedAt;
        status.serverTime = snapshot.serverTime;
    }
    mergeSnapshot(snapshot, receivedAt);
    m_countersModel->sync();
    m_serversModel->refreshAll();
    Q_EMIT updated();
}

void FleetModel::recordFailure(const QUrl &server, const FleetFailure &failure)
{
    const int row = serverRow(server);
    if (row < 0)
        return;
    FleetServerStatus &status = m_servers[row];
    status.state = FleetServerStatus::State::Failed;
    status.error = failure.message;
    status.serverSaid = failure.serverSaid;
    status.errorCode = failure.code;
    status.lastPoll = now();
    m_serversModel->refreshAll();
    Q_EMIT updated();
}

void FleetModel::refresh()
{
    m_countersModel->sync();
    m_serversModel->refreshAll();
    Q_EMIT updated();
}

void FleetModel::retranslate()
{
    refresh();
    const bool anyFailed = std::any_of(m_servers.cbegin(), m_servers.cend(), [](const FleetServerStatus &server) {
        return server.state == FleetServerStatus::State::Failed;
    });
    if (anyFailed)
        pollAll();
}

GCounter::State FleetModel::counter(const QString &licenseId, const QString &counterName) const
{
    return m_merged.value(licenseId).value(counterName);
}

quint64 FleetModel::total(const QString &licenseId, const QString &counterName) const
{
    return GCounter::value(counter(licenseId, counterName));
}

std::optional<QDateTime> FleetModel::lastHeard(const QString &replicaId) const
{
    const auto it = m_heard.constFind(replicaId);
    if (it == m_heard.cend())
        return std::nullopt;
    return *it;
}

bool FleetModel::isStale(const QString &replicaId) const
{
    const std::optional<QDateTime> heard = lastHeard(replicaId);
    // A replica only known through relayed counters has no contact data: unknown, not stale.
    return heard && heard->msecsTo(now()) > std::chrono::milliseconds(m_staleAfter).count();
}

bool FleetModel::isServerStale(const FleetServerStatus &server) const
{
    return server.lastAnswer.isValid()
        && server.lastAnswer.msecsTo(now()) > std::chrono::milliseconds(m_staleAfter).count();
}

QString FleetModel::describeAge(const QDateTime &time) const
{
    if (!time.isValid())
        return tr("never");
    const qint64 seconds = std::max<qint64>(0, time.secsTo(now()));
    if (seconds < 2)
        return tr("just now");
    if (seconds < 120)
        return tr("%n s ago", nullptr, static_cast<int>(seconds));
    if (seconds < 2 * 3600)
        return tr("%n min ago", nullptr, static_cast<int>(seconds / 60));
    if (seconds < 2 * 86400)
        return tr("%n h ago", nullptr, static_cast<int>(seconds / 3600));
    return tr("%n days ago", nullptr, static_cast<int>(seconds / 86400));
}

QDateTime FleetModel::now() const
{
    return m_clock.now();
}

QAbstractItemModel *FleetModel::serversModel() const
{
    return m_serversModel;
}

QAbstractItemModel *FleetModel::countersModel() const
{
    return m_countersModel;
}

int FleetModel::serverRow(const QUrl &url) const
{
    for (int row = 0; row < m_servers.size(); ++row) {
        if (m_servers.at(row).url == url)
            return row;
    }
    return -1;
}

void FleetModel::mergeSnapshot(const FleetSnapshot &snapshot, const QDateTime &receivedAt)
{
    for (auto license = snapshot.counters.cbegin(); license != snapshot.counters.cend(); ++license) {
        // The simulator's sandbox licenses count staged checkouts and denials, not usage.
        if (DemoCatalogue::isSandboxLicense(license.key()))
            continue;
        if (!m_licenses.contains(license.key()))
            m_licenses.append(license.key());
        FleetSnapshot::Counters &held = m_merged[license.key()];
        QStringList &replicas = m_replicasByLicense[license.key()];
        for (auto counter = license->cbegin(); counter != license->cend(); ++counter) {
            held[counter.key()] = GCounter::merge(held.value(counter.key()), counter.value());
            for (auto it = counter->cbegin(); it != counter->cend(); ++it) {
                if (!replicas.contains(it.key()))
                    replicas.append(it.key());
            }
        }
    }

    hear(snapshot.replicaId, receivedAt);
    for (const FleetPeer &peer : snapshot.peers) {
        if (peer.replicaId.isEmpty() || !peer.lastHeard)
            continue;
        // The server's lastHeard is on its own clock. Carry the age it reports over to the
        // dashboard's clock instead of comparing two clocks that may disagree.
        const qint64 ageMs = std::max<qint64>(0, peer.lastHeard->msecsTo(snapshot.serverTime));
        hear(peer.replicaId, receivedAt.addMSecs(-ageMs));
    }

    for (const FleetAmnesia &record : snapshot.amnesia) {
        const FleetAmnesiaReport report {snapshot.replicaId, record};
        if (!m_amnesia.contains(report))
            m_amnesia.append(report);
    }
}

void FleetModel::hear(const QString &replicaId, const QDateTime &at)
{
    QDateTime &heard = m_heard[replicaId];
    if (!heard.isValid() || at > heard)
        heard = at;
}

} // namespace keyright
