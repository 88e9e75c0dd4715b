#pragma once

#include "SkewedClock.h"
#include "simulator/ScenarioPlayer.h"

#include <QObject>
#include <QThread>
#include <QUrl>

#include <chrono>

namespace keyright {

class Clock;
class EmbeddedDemoWorker;

// The lease server the dashboard starts when no server is configured, with demo holders, so the
// README's run command shows a live dashboard with no set-up (EmbeddedDemoWorker says what runs).
// It runs on a thread of its own: this object, on the window's thread, starts and stops that
// thread, and is how the window reaches the demo. The dashboard talks to the server over HTTP on
// loopback like to any other; what else the window needs crosses threads without waiting: the
// server's URL and files arrive with started(), the clock-jump scenario moves an atomic offset,
// and the instance scenario's kills and revivals are queued calls answered by queued calls.
class EmbeddedDemo final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedDemo)

public:
    // `clock` must be safe to read from any thread (SystemClock is) and outlive this object.
    explicit EmbeddedDemo(const Clock &clock, QObject *parent = nullptr);
    // Stops the demo without giving its seats back (stop() does, when there is time).
    ~EmbeddedDemo() override;

    // Starts the demo server in `dataDir` on the demo's thread: started() or startFailed() follow.
    // While it runs, another call emits started() again.
    void start(const QString &dataDir);
    bool isRunning() const { return m_state == State::Running; }
    // Known once started() came.
    QUrl url() const { return m_url; }
    QString dataDir() const { return m_dataDir; }
    QString adminTokenPath() const { return m_adminTokenPath; }

    // Moves the demo server's own wall clock by a signed amount, for the simulator's "server's
    // clock jumps" scenario; the demo clients and the instances keep the real time.
    void jumpServerClock(std::chrono::milliseconds by);

    // The simulator's "an instance dies" scenario (EmbeddedDemoWorker::startInstances and
    // setInstanceUp, on the demo's thread). `done` runs later on this thread, unless `context` is
    // gone by then.
    void startInstances(QObject *context, ScenarioPlayer::InstancesStarted done);
    void setInstanceUp(int index, bool up, QObject *context, ScenarioPlayer::InstanceSet done);
    // Both, for the simulator.
    ScenarioPlayer::InstanceHooks instanceHooks();

    // Gives the demo seats back, waiting at most `releaseTimeout` for the server to answer, so a
    // restart within a TTL does not find them taken; then stops the server and ends its thread.
    // Returns once the thread has ended (the window's thread waits for it, without an event loop
    // of its own).
    void stop(std::chrono::milliseconds releaseTimeout);

Q_SIGNALS:
    void started();
    void startFailed(const QString &error);

private:
    enum class State { Stopped, Starting, Running };

    void onStarted(const QUrl &url, const QString &dataDir, const QString &adminTokenPath);
    void onStartFailed(const QString &error);
    // Asks the worker to end with `releaseTimeout`, and waits for its thread.
    void endThread(std::chrono::milliseconds releaseTimeout);

    const Clock &m_clock;
    SkewedClock m_serverClock; // m_clock as the server reads it: only jumpServerClock() moves it
    QThread m_thread;
    EmbeddedDemoWorker *m_worker = nullptr; // lives on m_thread, deleted there when it ends
    State m_state = State::Stopped;
    QUrl m_url;
    QString m_dataDir;
    QString m_adminTokenPath;
};

} // namespace keyright
