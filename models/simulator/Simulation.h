#pragma once

#include "AdminClient.h"
#include "PollScheduler.h"
#include "ScenarioPreset.h"
#include "SecretBuffer.h"
#include "ServerClockEstimate.h"
#include "SimulatedClient.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>
#include <QSet>
#include <QUrl>

#include <functional>
#include <map>
#include <optional>

class QNetworkAccessManager;
class QTimer;

namespace keyright {

// The simulator's state: the simulated clients, the base clock they all read through their own
// SkewedClocks, the scripted preset being played, and the server's view of every seat, polled
// through the admin API. Nothing here is faked on the server side: clients check out through the
// v1 client routes and the server view comes from GET /v1/licenses/{id}/leases and /v1/events.
//
// In the dashboard, a timer ticks the clients and a PollScheduler polls the server; tests turn them
// off and call tick() and poll() after moving a ManualClock that the server shares. Every lease
// list the server sends feeds the server-clock estimate: by default one of the simulation's own
// over the base clock (right when the server reads that clock too), or the dashboard's, shared
// through setServerClock().
class Simulation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Simulation)

public:
    // What the server said about one license at the last poll.
    struct LicenseState
    {
        ScenarioPreset::Timing timing;
        int inUse = 0;
        int maxInUse = 0; // the highest live count any poll saw
        QDateTime serverTime;
        QList<LeaseRow> leases;
        bool known = false; // a poll has answered
    };

    Simulation(QNetworkAccessManager &network, AdminClient &admin, const Clock &baseClock, QObject *parent = nullptr);
    ~Simulation() override;

    const Clock &baseClock() const { return m_base; }
    AdminClient &admin() { return m_admin; }

    // The server simulated clients talk to; defaults to the admin client's.
    void setServerUrl(const QUrl &url);
    QUrl serverUrl() const;

    // The license simulated clients use when their spec names none.
    void setCurrentLicense(const QString &licenseId);
    QString currentLicense() const { return m_currentLicense; }
    // License keys are kept in wiped memory; a client cannot be added without its license's key.
    void setLicenseKey(const QString &licenseId, QByteArrayView key);
    bool loadLicenseKeyFile(const QString &licenseId, const QString &path, QString *error = nullptr);
    bool hasLicenseKey(const QString &licenseId) const;
    void setLicenseTiming(const QString &licenseId, const ScenarioPreset::Timing &timing);
    ScenarioPreset::Timing licenseTiming(const QString &licenseId) const;
    // Reads every license's policy from the server (for timings, and for a picker).
    void refreshLicenses(std::function<void(const AdminResult<LicenseList> &)> done = {});
    QList<LicenseSummary> licenses() const { return m_licenses; }

    // Creates (or updates and re-keys, when it exists) the sandbox license `spec.id` and remembers
    // its key. A token that may not create licenses gets a message saying so.
    void ensureSandboxLicense(const LicenseSpec &spec, std::function<void(const QString &error)> done);
    // Revokes every live seat of the sandbox license `licenseId`.
    void emptySandboxLicense(const QString &licenseId, std::function<void(const QString &error)> done);
    // The license `sandbox` of `preset`: its seats and skew, the preset's TTL and grace (at least
    // 10 s and the skew + 1 s, the server's bounds), and a name that says it is the simulator's.
    static LicenseSpec sandboxSpec(const ScenarioPreset &preset, const ScenarioPreset::SandboxLicense &sandbox);
    // Plays `preset` on licenses of its own: clears the board, then creates (or takes back) and
    // empties each of the preset's sandbox licenses, one after the other, and loads the preset.
    // `done` runs later, with an empty string once the preset is playing, else with why it is not.
    // The server has no route to delete a license, so sandbox licenses stay, marked by their
    // "sim-" ids and names, and are reused by the next run of the same preset.
    void playPreset(const ScenarioPreset &preset, std::function<void(const QString &error)> done);
    // The sandbox licenses this simulation created or took back, in order.
    QStringList sandboxLicenses() const { return m_sandboxLicenses; }

    // nullptr with `error` set when the license has no key.
    SimulatedClient *addClient(SimulatedClientSpec spec, QString *error = nullptr);
    void removeClient(SimulatedClient *client);
    // Removes every client; their seats are released first so a reset does not hold the pool.
    void clear();
    QList<SimulatedClient *> clients() const { return m_clients; }

    // Plays `preset`: clears the simulation, adds its clients and runs its actions at their times.
    // `licenses` maps each role the preset uses to a license with a key.
    bool loadPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                    QString *error = nullptr);
    std::optional<ScenarioPreset> preset() const { return m_preset; }
    // After a language switch: gives the playing preset's clients the names of `preset` (the
    // same preset made again in the new language). Their holder labels stay as they were.
    void renamePresetClients(const ScenarioPreset &preset);
    // Simulated time since the preset started.
    std::chrono::milliseconds presetElapsed() const;
    bool presetFinished() const;

    // Runs due scripted actions, restores cut networks, and lets every keeper evaluate.
    void tick();
    // Asks the server about every license in use; `done` runs once every answer is in.
    void poll(std::function<void()> done = {});
    bool isPolling() const { return m_scheduler.isInFlight(); }
    const PollScheduler &scheduler() const { return m_scheduler; }

    // The estimate every lease list feeds; `estimate` must outlive the simulation. Its local
    // clock is the one round trips are measured on.
    void setServerClock(ServerClockEstimate &estimate);

    // Moves the server's own wall clock by a signed amount: only a server this process runs can
    // (the embedded demo, a test's). Without one, a preset that jumps the server's clock is
    // refused with a message saying where it plays.
    using ServerClockJumper = std::function<void(std::chrono::milliseconds by)>;
    void setServerClockJumper(ServerClockJumper jumper) { m_serverClockJumper = std::move(jumper); }
    bool canJumpServerClock() const { return bool(m_serverClockJumper); }
    ServerClockEstimate &serverClock() const { return *m_serverClock; }

    // Several instances of the server on one database, which only a server this process runs can
    // offer (the embedded demo, a test's): `start` makes them listen and returns their URLs (empty,
    // with why, when it cannot); `setUp` kills one (its listener and connections close, as when
    // its process dies) or brings it back on the same port. Without them, a preset that uses
    // instances is refused with a message saying where it plays.
    struct InstanceHooks
    {
        std::function<QList<QUrl>(QString *why)> start;
        std::function<bool(int index, bool up, QString *why)> setUp;
    };
    void setInstanceHooks(InstanceHooks hooks) { m_instanceHooks = std::move(hooks); }
    bool hasInstances() const { return bool(m_instanceHooks.start) && bool(m_instanceHooks.setUp); }
    // The instances the playing preset uses (empty for the others), in order.
    QList<QUrl> instanceUrls() const { return m_instanceUrls; }
    bool isInstanceUp(int index) const;
    // Kills or brings back an instance of the playing preset; false with a message when it cannot.
    bool setInstanceUp(int index, bool up);
    // The live instance most running clients talk to (the lowest on a tie), or -1.
    int busiestInstance() const;
    // How many running clients talk to `index` now.
    int clientsOnInstance(int index) const;

    // Real-time drivers for the dashboard (on by default): ticking every 100 ms, polling every
    // `pollInterval`. Tests turn them off.
    void setAutoRun(bool on, std::chrono::milliseconds pollInterval = std::chrono::milliseconds {500});

    std::optional<LicenseState> licenseState(const QString &licenseId) const;
    // Every (seat, expiresAt) the server showed in a poll with a valid signature.
    bool serverIssued(const SeatLease &lease) const;
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    void clientAdded(keyright::SimulatedClient *client);
    void clientAboutToBeRemoved(keyright::SimulatedClient *client);
    void presetLoaded();
    // An instance died or came back, or the preset's instances changed.
    void instancesChanged();
    void polled();
    void licensesChanged();
    void errorOccurred(const QString &message);

private:
    struct SeatFate
    {
        ServerSeatView::State state = ServerSeatView::State::Gone;
        QDateTime at;
    };

    void runDueActions();
    void runAction(const ScenarioPreset::Action &action);
    void pollLicense(const QString &licenseId);
    void applyLeases(const QString &licenseId, const LeaseList &list);
    void updateServerView(SimulatedClient *client);
    void pollLicenses();
    void finishOnePoll(bool ok);
    void fail(const QString &message);

    QNetworkAccessManager &m_network;
    AdminClient &m_admin;
    const Clock &m_base;
    QUrl m_serverUrl;
    QString m_currentLicense;
    std::map<QString, SecretBuffer> m_keys;
    QHash<QString, LicenseState> m_licenseStates;
    QList<LicenseSummary> m_licenses;
    QList<SimulatedClient *> m_clients;

    std::optional<ScenarioPreset> m_preset;
    QList<SimulatedClient *> m_presetClients;
    std::chrono::milliseconds m_presetStart {0};
    qsizetype m_nextAction = 0;

    QHash<QString, qint64> m_eventCursor; // license -> last event seq seen
    QHash<QString, SeatFate> m_seatFates; // seat id -> why its row went away
    QHash<QString, QSet<qint64>> m_issued; // seat id -> every expiresAt (ms) the server showed
    PollScheduler m_scheduler;
    QList<std::function<void()>> m_pollWaiters;
    QString m_lastError;
    QStringList m_sandboxLicenses;
    ServerClockJumper m_serverClockJumper;
    InstanceHooks m_instanceHooks;
    QList<QUrl> m_instanceUrls;
    QList<bool> m_instanceUp;
    int m_lastKilled = -1;
    quint64 m_playGeneration = 0;
    ServerClockEstimate m_ownServerClock;
    ServerClockEstimate *m_serverClock = &m_ownServerClock;

    QTimer *m_tickTimer = nullptr;
};

} // namespace keyright
