#pragma once

#include "AdminClient.h"
#include "PollScheduler.h"
#include "SandboxProvisioner.h"
#include "ScenarioPlayer.h"
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
#include <memory>
#include <optional>

class QLockFile;
class QNetworkAccessManager;
class QTimer;

namespace keyright {

// The simulator's state: the simulated clients, the base clock they all read through their own
// SkewedClocks, their licenses' keys and timings, and the server's view of every seat, polled
// through the admin API. Nothing here is faked on the server side: clients check out through the
// v1 client routes and the server view comes from GET /v1/licenses/{id}/leases and /v1/events.
// A preset is coordinated here (playPreset): its SandboxProvisioner sets up the sandbox licenses,
// and its ScenarioPlayer plays the script on the clients made for it.
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

    // Creates (or updates and re-keys, when it exists) the sandbox license `spec.id` through the
    // provisioner, and remembers its key and timing. A token that may not create licenses gets a
    // message saying so.
    void ensureSandboxLicense(const LicenseSpec &spec, std::function<void(const QString &error)> done);
    // Plays `preset` on licenses of its own: clears the board, then has the provisioner create (or
    // take back) and empty each of the preset's sandbox licenses, one after the other, starts the
    // instances it uses, adds its clients and hands them to the player. `done` runs later, with an
    // empty string once the preset is playing, else with why it is not. The server has no route to
    // delete a license, so sandbox licenses stay, marked by their "sim-" ids and names, and are
    // reused by the next run of the same preset.
    void playPreset(const ScenarioPreset &preset, std::function<void(const QString &error)> done);
    // The dashboard's own suffix for its sandbox licenses (SandboxProvisioner::sandboxLicenseId),
    // so another dashboard playing the same scenario on the same server never resets this one's
    // run; empty (the default): the preset's own ids.
    void setSandboxSuffix(const QString &suffix) { m_sandboxSuffix = suffix; }
    QString sandboxSuffix() const { return m_sandboxSuffix; }
    // Takes the sandbox `suffix` for this simulation alone, with a lock file in
    // `<root>/<suffix>/`, and keeps its clients' borrowed lease files there (sandboxDirectory()),
    // so a seat a simulated laptop still holds borrowed when the dashboard stops, is killed or
    // crashes is given back at the next run. A suffix another running dashboard holds (two
    // dashboards of one profile share their settings) is left to it: this one takes the first
    // free one of SandboxProvisioner::derivedSuffix(suffix, "dashboard", n), which the same
    // second dashboard takes again next time. False (and the suffix set, with no folder) when no
    // folder could be made or locked.
    bool claimSandbox(const QString &root, const QString &suffix);
    // `<root>/<suffix>` once claimed, else empty: the clients' borrowed leases live in memory and
    // temporary folders only.
    QString sandboxDirectory() const { return m_sandboxDir; }
    // The licenses the playing preset runs on, in the preset's order (empty when none plays).
    QStringList presetLicenses() const { return m_presetLicenses; }
    // What the trainer must be told about the last preset set up, although it plays: a borrowed
    // seat an earlier run left was given back from its file, or one nobody here can give back
    // kept its sandbox from telling the story, so it plays on a fresh one. Empty when there is
    // nothing to tell.
    QString playNotice() const { return m_playNotice; }
    // Sends back the seats the clients hold borrowed (a closing dashboard's last word) and
    // returns at once: the requests outlive the simulation, nothing waits for their answers, and
    // a seat not given back stays in its file for the next run.
    void returnBorrowedSeats();

    // Who sets up a preset's sandbox licenses, and who plays its script (and its instances).
    SandboxProvisioner &provisioner() { return *m_provisioner; }
    const SandboxProvisioner &provisioner() const { return *m_provisioner; }
    ScenarioPlayer &player() { return *m_player; }
    const ScenarioPlayer &player() const { return *m_player; }

    // nullptr with `error` set when the license has no key.
    SimulatedClient *addClient(SimulatedClientSpec spec, QString *error = nullptr);
    void removeClient(SimulatedClient *client);
    // Removes every client; their seats are released first so a reset does not hold the pool.
    void clear();
    // Stops the preset that plays or is being set up (its licenses are not touched): clear(), and
    // a playPreset() still under way never starts and never calls its `done`.
    void stop();
    QList<SimulatedClient *> clients() const { return m_clients; }

    // The playing preset (the player's), if any.
    std::optional<ScenarioPreset> preset() const;

    // Runs due scripted actions, restores cut networks, and lets every keeper evaluate.
    void tick();
    // Asks the server about every license in use; `done` runs once every answer is in.
    void poll(std::function<void()> done = {});
    bool isPolling() const { return m_scheduler.isInFlight(); }
    const PollScheduler &scheduler() const { return m_scheduler; }

    // The estimate every lease list feeds; `estimate` must outlive the simulation. Its local
    // clock is the one round trips are measured on.
    void setServerClock(ServerClockEstimate &estimate);

    ServerClockEstimate &serverClock() const { return *m_serverClock; }

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
    void polled();
    void licensesChanged();
    void errorOccurred(const QString &message);

private:
    // What SandboxProvisioner::emptyLicense gives a borrowed seat back with: a return with the
    // license's key; `returnedFromFile` runs for each seat given back from a lease file an earlier
    // run of the dashboard left.
    SandboxProvisioner::ReturnBorrowed returnerOf(const QString &licenseId,
                                                  std::function<void()> returnedFromFile = {});
    struct SeatFate
    {
        ServerSeatView::State state = ServerSeatView::State::Gone;
        QDateTime at;
    };

    struct PresetSetup;
    // Creates (or takes back), gives its rules to and empties sandbox `index` of the preset being
    // set up, on a fresh sandbox (`fresh` > 0) when the last one keeps a borrowed seat nobody
    // here can give back; then the next one, then startPreset().
    void setUpSandbox(const std::shared_ptr<PresetSetup> &setup, qsizetype index, int fresh);
    // The return secret of `seatId` of `licenseId` that a client of this simulation was given, from
    // memory or from its borrowed lease file (with the file), else unset.
    std::pair<BorrowReturnSecret, QString> findReturnSecret(const QString &licenseId, const QString &seatId) const;
    QString borrowedDirectory() const;
    // After its licenses are ready: the instances, then the clients, then the player.
    void startPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                     quint64 generation, std::function<void(const QString &error)> done);
    // Clears the board and adds the preset's clients on `instances`, or says why not.
    QString loadPreset(const ScenarioPreset &preset, const QMap<ScenarioPreset::LicenseRole, QString> &licenses,
                       const QList<QUrl> &instances);
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

    SandboxProvisioner *m_provisioner = nullptr;
    QString m_sandboxSuffix;
    QString m_sandboxDir;
    std::unique_ptr<QLockFile> m_sandboxLock;
    QStringList m_presetLicenses;
    QString m_playNotice;
    ScenarioPlayer *m_player = nullptr;

    QHash<QString, qint64> m_eventCursor; // license -> last event seq seen
    QHash<QString, SeatFate> m_seatFates; // seat id -> why its row went away
    // "license/seat" -> the return secret of a seat one of its clients borrowed and still held when
    // it went (issue 27): a reset returns those, and only those, early.
    QHash<QString, BorrowReturnSecret> m_returnSecrets;
    QHash<QString, QSet<qint64>> m_issued; // seat id -> every expiresAt (ms) the server showed
    PollScheduler m_scheduler;
    QList<std::function<void()>> m_pollWaiters;
    QString m_lastError;
    quint64 m_playGeneration = 0;
    ServerClockEstimate m_ownServerClock;
    ServerClockEstimate *m_serverClock = &m_ownServerClock;

    QTimer *m_tickTimer = nullptr;
};

} // namespace keyright
