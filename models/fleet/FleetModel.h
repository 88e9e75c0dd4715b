#pragma once

#include "FleetSnapshot.h"
#include "PollScheduler.h"

#include <QHash>
#include <QObject>

#include <chrono>
#include <functional>
#include <optional>

class QAbstractItemModel;

namespace keyright {

class Clock;
class FleetCountersModel;
class FleetServersModel;

// What the dashboard knows about one configured server.
struct FleetServerStatus
{
    enum class State { NotPolled, Answered, Failed };

    QUrl url;
    State state = State::NotPolled;
    QString replicaId; // from its last answer; kept when a later poll fails
    QString error; // why the last poll failed, for a person (in the interface's language when known)
    QString serverSaid; // when the server answered with an error: its own (English) words
    QString errorCode; // and its code
    QDateTime lastPoll; // dashboard clock: when the last poll finished, either way
    QDateTime lastAnswer;
    QDateTime serverTime; // of the last answer
    bool polling = false;
};

// Why a server's statistics did not come: a sentence for a person and, when the server answered
// with an error, its own words (shown in a tooltip only).
struct FleetFailure
{
    FleetFailure() = default;
    // Implicit: a fetcher that only has a sentence gives it alone.
    FleetFailure(QString why, QString said = {}, QString code = {}) // NOLINT(google-explicit-constructor)
        : message(std::move(why))
        , serverSaid(std::move(said))
        , code(std::move(code))
    { }

    QString message;
    QString serverSaid;
    QString code; // the server's error code; a known one is shown in the interface's language
};

// An amnesia record and the server whose snapshot carried it.
struct FleetAmnesiaReport
{
    QString reportedBy; // replica id of the reporting server
    FleetAmnesia record;

    friend bool operator==(const FleetAmnesiaReport &, const FleetAmnesiaReport &) = default;
};

// The dashboard's fleet view: the configured servers, and the G-Counter snapshots they answer to
// GET /v1/stats merged with GCounter::merge. Merging is the only way data comes in, so a repeated,
// late or out-of-order snapshot can raise a component to what some replica really counted but
// never count anything twice. A replica is stale when nothing (the dashboard's own polls or a
// server's lastHeard for it as a peer) shows it alive within staleAfter().
class FleetModel final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetModel)

public:
    // `reply` gets the decoded body, or no body and a message for a person. A fetcher must not
    // call `reply` after `context` is destroyed (AdminClient::stats has these semantics).
    using Reply = std::function<void(const std::optional<FleetSnapshot> &stats, const FleetFailure &error)>;
    using Fetcher = std::function<void(const QUrl &server, QObject *context, Reply reply)>;

    explicit FleetModel(const Clock &clock, QObject *parent = nullptr);
    ~FleetModel() override;

    // Replaces the server list; the merged counters are kept (they are facts about replicas, not
    // about which servers are being polled).
    void setServers(const QList<QUrl> &servers);
    void setFetcher(Fetcher fetcher);
    void setStaleAfter(std::chrono::seconds after);
    std::chrono::seconds staleAfter() const { return m_staleAfter; }

    // Asks every server not already being polled for its stats through the fetcher.
    void pollAll();
    // Polls every server on a PollScheduler, the first time after `interval`; zero stops. A
    // server that fails does not slow the others down, so there is no back-off.
    void setPollInterval(std::chrono::milliseconds interval);
    const PollScheduler &scheduler() const { return m_scheduler; }
    // A server answered. Returns false, recording a failure naming the problem, when the body is
    // not a stats snapshot. An unconfigured server's snapshot is still merged.
    bool recordSnapshot(const QUrl &server, const QJsonObject &stats);
    void recordSnapshot(const QUrl &server, const FleetSnapshot &snapshot);
    void recordFailure(const QUrl &server, const FleetFailure &failure);
    // Re-evaluates staleness and ages against the clock (call it on a timer).
    void refresh();
    // The interface's language changed: the cells are said again in it, and a server whose last
    // poll failed is asked again at once, since why it failed came in the words of that time
    // (walk 49, finding 4: "connection refused by" in a French table until the next poll).
    void retranslate();

    const QList<FleetServerStatus> &servers() const { return m_servers; }
    // Licenses and, per license, replicas in the order they were first seen: rows only get appended.
    const QStringList &licenses() const { return m_licenses; }
    QStringList replicas(const QString &licenseId) const { return m_replicasByLicense.value(licenseId); }
    GCounter::State counter(const QString &licenseId, const QString &counterName) const;
    quint64 total(const QString &licenseId, const QString &counterName) const;
    // Dashboard clock; empty when nothing says when this replica was last alive.
    std::optional<QDateTime> lastHeard(const QString &replicaId) const;
    bool isStale(const QString &replicaId) const;
    bool isServerStale(const FleetServerStatus &server) const;
    const QList<FleetAmnesiaReport> &amnesia() const { return m_amnesia; }

    // "just now", "12 s ago", "5 min ago", "3 h ago", measured on the injected clock.
    QString describeAge(const QDateTime &time) const;
    QDateTime now() const;

    // Table of servers (FleetServersModel) and tree of licenses with replica rows
    // (FleetCountersModel); both owned by this object and kept in sync by diffs.
    QAbstractItemModel *serversModel() const;
    QAbstractItemModel *countersModel() const;

Q_SIGNALS:
    // Counters, servers, staleness or amnesia changed.
    void updated();

private:
    void pollServers();
    int serverRow(const QUrl &url) const;
    void mergeSnapshot(const FleetSnapshot &snapshot, const QDateTime &receivedAt);
    void hear(const QString &replicaId, const QDateTime &at);

    const Clock &m_clock;
    Fetcher m_fetcher;
    PollScheduler m_scheduler;
    std::chrono::seconds m_staleAfter {std::chrono::minutes(5)};
    QList<FleetServerStatus> m_servers;
    QMap<QString, FleetSnapshot::Counters> m_merged;
    QStringList m_licenses;
    QHash<QString, QStringList> m_replicasByLicense;
    QHash<QString, QDateTime> m_heard;
    QList<FleetAmnesiaReport> m_amnesia;
    FleetServersModel *m_serversModel = nullptr;
    FleetCountersModel *m_countersModel = nullptr;
};

} // namespace keyright
