#pragma once

#include <QList>
#include <QObject>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

class QNetworkAccessManager;
class QTimer;

namespace keyright {

class AdminActions;
class AdminClient;
class Clock;
class LeaseClient;
class LeaseKeeper;
namespace server {
class LeaseServer;
}

// The embedded demo on its own thread (EmbeddedDemo owns the thread and is the window's side):
// the real LeaseServer on a free loopback port with the demo licenses, a few demo holders kept
// alive by real LeaseKeepers (keys from DATA_DIR/demo-keys/), someone who keeps being refused a
// full license, now and then a client that crashes without releasing, and on demand three more
// front ends on the server's store. Everything here is made, used and destroyed on that thread:
// the SQLite connection allows nothing else, and it keeps request turns, signatures, reap chunks
// and checkpoints away from the window's painting and input.
class EmbeddedDemoWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedDemoWorker)

public:
    // `serverClock` is what the demo server reads (only the clock-jump scenario moves it);
    // `clock` the real time the holders and the instances read. Both must be safe to read from
    // the demo's thread and outlive this object. Nothing starts before start().
    EmbeddedDemoWorker(const Clock &serverClock, const Clock &clock);
    ~EmbeddedDemoWorker() override;

    // Starts the server and the holders in `dataDir`: started() or startFailed().
    void start(const QString &dataDir);

    // The simulator's "an instance dies" scenario: three more front ends on the demo server's own
    // store object and signing key (LeaseServer's shared-store constructor), each on its own
    // loopback port with its own replica id (DATA_DIR/instance-N/). Started on the first call;
    // empty, with why, when they cannot. The dashboard stays on the demo server itself.
    QList<QUrl> startInstances(QString *error);
    // Kills instance `index` (its listener and every connection close, as when its process dies)
    // or brings it back on the same port. True when it is in that state afterwards.
    bool setInstanceUp(int index, bool up, QString *error);

    // Gives the demo seats back (waiting at most `timeout` for the server's answers), so a
    // restart within a TTL does not find them taken; then ends the thread's event loop.
    void shutDown(std::chrono::milliseconds timeout);

Q_SIGNALS:
    void started(const QUrl &url, const QString &dataDir, const QString &adminTokenPath);
    void startFailed(const QString &error);

private:
    LeaseClient *clientFor(const QString &licenseId, QString *error);
    void addHolder(const QString &licenseId, const QString &holder, std::chrono::milliseconds delay);
    void tryFullLicense();
    // Puts DemoCatalogue's holder groups and seat rules on the demo server, through its admin
    // routes as an admin would.
    void applyDemoRules();
    void crashOne();
    void startWaiter();
    void quitThread();
    // Frees what an earlier run of the demo left held or queued when it did not end cleanly.
    void clearLeftovers();
    // Releases the engaged keepers `which` picks (a seat or a place in line), then calls `then`
    // once every one of them has heard back (at once when none is engaged).
    void releaseKeepers(const std::function<bool(const LeaseKeeper &)> &which, const std::function<void()> &then);

    const Clock &m_serverClock;
    const Clock &m_clock;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<server::LeaseServer> m_server;
    // The instances on m_server's store; a dead one is null and keeps its port in m_instancePorts.
    std::vector<std::unique_ptr<server::LeaseServer>> m_instances;
    QList<quint16> m_instancePorts;
    std::vector<std::unique_ptr<LeaseClient>> m_clients;
    std::unique_ptr<AdminClient> m_admin;
    std::unique_ptr<AdminActions> m_adminActions;
    std::vector<std::unique_ptr<LeaseKeeper>> m_keepers;
    std::unique_ptr<LeaseKeeper> m_crashing;
    QTimer *m_activity = nullptr; // the demo's users at work: each holder but the idle one
    QTimer *m_refused = nullptr;
    QTimer *m_crash = nullptr;
    bool m_shuttingDown = false;
};

} // namespace keyright
