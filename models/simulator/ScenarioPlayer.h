#pragma once

#include "ScenarioPreset.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QUrl>

#include <chrono>
#include <functional>
#include <optional>

namespace keyright {

class Clock;
class SimulatedClient;

// Plays a preset's script: its actions at their times on the simulated clock (start, crash, cut
// the network, set a clock back, release a client, note its user's activity; move the server's
// clock; kill and revive a server instance), and the state of the instances it plays on. It acts on the clients
// Simulation made for the preset and never creates or removes one; Simulation decides when a
// preset starts and stops and ticks it (Simulation::tick).
class ScenarioPlayer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScenarioPlayer)

public:
    // `clock` is the simulation's base clock (its monotonic reading measures the preset's time).
    explicit ScenarioPlayer(const Clock &clock, QObject *parent = nullptr);
    ~ScenarioPlayer() override;

    // Plays `preset` from now: `clients.at(i)` is the preset's client i, and `instances` the
    // instances it plays on (empty unless it uses some, all up). The actions due at the start run
    // at the next runDueActions().
    void play(const ScenarioPreset &preset, const QList<SimulatedClient *> &clients, const QList<QUrl> &instances);
    // Forgets the preset, its clients and its instances, and takes back whatever it moved the
    // server's clock by: a scenario leaves the server's clock as it found it.
    void stop();
    // The trainer removed `client`: the story goes on without it.
    void forget(SimulatedClient *client);
    // Runs the actions that are due.
    void runDueActions();

    std::optional<ScenarioPreset> preset() const { return m_preset; }
    // After a language switch: gives the playing preset's clients the names of `preset` (the
    // same preset made again in the new language). Their holder labels stay as they were.
    void renameClients(const ScenarioPreset &preset);
    // Simulated time since the preset started.
    std::chrono::milliseconds elapsed() const;

    // Moves the server's own wall clock by a signed amount: only a server this process runs can
    // (the embedded demo, a test's). Without one, a preset that jumps the server's clock is
    // refused with a message saying where it plays. What the playing preset moved in all is
    // undone at stop() (or when another preset is played).
    using ServerClockJumper = std::function<void(std::chrono::milliseconds by)>;
    void setServerClockJumper(ServerClockJumper jumper) { m_serverClockJumper = std::move(jumper); }
    bool canJumpServerClock() const { return bool(m_serverClockJumper); }
    // How far the playing preset has moved the server's clock so far (0 once stopped).
    std::chrono::milliseconds serverClockMoved() const { return m_serverClockMoved; }

    // Several instances of the server on one database, which only a server this process runs can
    // offer (the embedded demo, a test's). Both hooks answer later (the embedded demo's server has
    // a thread of its own), through `done`, and only while `context` exists; an answer may also
    // come at once. `start` makes them listen and gives their URLs (none, with why, when it
    // cannot); `setUp` kills one (its listener and connections close, as when its process dies)
    // or brings it back on the same port, and says whether it is in that state. Without them, a
    // preset that uses instances is refused with a message saying where it plays.
    using InstancesStarted = std::function<void(const QList<QUrl> &urls, const QString &why)>;
    using InstanceSet = std::function<void(bool ok, const QString &why)>;
    struct InstanceHooks
    {
        std::function<void(QObject *context, InstancesStarted done)> start;
        std::function<void(int index, bool up, QObject *context, InstanceSet done)> setUp;
    };
    void setInstanceHooks(InstanceHooks hooks) { m_instanceHooks = std::move(hooks); }
    bool hasInstances() const { return bool(m_instanceHooks.start) && bool(m_instanceHooks.setUp); }
    // Starts the instances and brings back any that an earlier run left dead; `done` gets the first
    // `count`, or none and why.
    void prepareInstances(int count, std::function<void(const QList<QUrl> &urls, const QString &error)> done);

    // The instances the playing preset uses (empty for the others), in order.
    QList<QUrl> instanceUrls() const { return m_instanceUrls; }
    bool isInstanceUp(int index) const;
    // Kills or brings back an instance of the playing preset. False when there is no such instance
    // or a change of it is still under way; a refusal later comes as failed().
    bool setInstanceUp(int index, bool up);
    // The live instance most running clients of the preset talk to (the lowest on a tie), or -1.
    int busiestInstance() const;
    // How many running clients of the preset talk to `index` now.
    int clientsOnInstance(int index) const;

Q_SIGNALS:
    // An instance died or came back, or the preset's instances changed.
    void instancesChanged();
    void failed(const QString &message);

private:
    void runAction(const ScenarioPreset::Action &action);
    // Moves the server's clock back by what the playing preset moved it.
    void undoServerClockJumps();

    const Clock &m_clock;
    std::optional<ScenarioPreset> m_preset;
    QList<SimulatedClient *> m_clients; // the preset's, in its order; null once removed
    std::chrono::milliseconds m_start {0};
    qsizetype m_nextAction = 0;

    ServerClockJumper m_serverClockJumper;
    std::chrono::milliseconds m_serverClockMoved {0};
    InstanceHooks m_instanceHooks;
    QList<QUrl> m_instanceUrls;
    QList<bool> m_instanceUp;
    QSet<int> m_instancesChanging; // a kill or revival sent, not answered yet
    int m_lastKilled = -1;
    quint64 m_generation = 0; // moves at every play and stop: older answers are ignored
};

} // namespace keyright
