#pragma once

#include "SkewedClock.h"

#include <QList>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <memory>
#include <vector>

class QNetworkAccessManager;

namespace keyright {

class AdminClient;
class Clock;
class LeaseClient;
class LeaseKeeper;
namespace server {
class LeaseServer;
}

// The lease server the dashboard starts when no server is configured: the real LeaseServer on a
// free loopback port with the demo licenses, plus a few demo holders kept alive by real
// LeaseKeepers (keys from DATA_DIR/demo-keys/), someone who keeps being refused a full license,
// and now and then a client that crashes without releasing. The README's run command shows a live
// dashboard with no set-up.
class EmbeddedDemo final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EmbeddedDemo)

public:
    EmbeddedDemo(QNetworkAccessManager &network, const Clock &clock, QObject *parent = nullptr);
    ~EmbeddedDemo() override;

    bool start(const QString &dataDir, QString *error = nullptr);
    bool isRunning() const;
    QUrl url() const;
    QString dataDir() const;
    QString adminTokenPath() const;

    // Gives the demo seats back (bounded wait), so a restart within a TTL does not find them taken.
    void releaseAll(std::chrono::milliseconds timeout);

    // Moves the demo server's own wall clock by a signed amount, for the simulator's "server's
    // clock jumps" scenario; the demo clients keep the real time.
    void jumpServerClock(std::chrono::milliseconds by);

    // The simulator's "an instance dies" scenario: three more front ends on the demo server's own
    // store object and signing key (LeaseServer's shared-store constructor), each on its own
    // loopback port with its own replica id (DATA_DIR/instance-N/). Started on the first call;
    // empty, with why, when they cannot. The dashboard stays on the demo server itself.
    QList<QUrl> startInstances(QString *error = nullptr);
    // Kills instance `index` (its listener and every connection close, as when its process dies)
    // or brings it back on the same port. True when it is in that state afterwards.
    bool setInstanceUp(int index, bool up, QString *error = nullptr);
    bool isInstanceUp(int index) const;

private:
    LeaseClient *clientFor(const QString &licenseId, QString *error);
    void addHolder(const QString &licenseId, const QString &holder, std::chrono::milliseconds delay);
    void tryFullLicense();
    // Puts DemoCatalogue's holder groups and seat rules on the demo server (its admin routes).
    void applyDemoRules();
    void crashOne();

    QNetworkAccessManager &m_network;
    const Clock &m_clock;
    SkewedClock m_serverClock; // m_clock as the server reads it: only jumpServerClock() moves it
    std::unique_ptr<server::LeaseServer> m_server;
    // The instances on m_server's store; a dead one is null and keeps its port in m_instancePorts.
    std::vector<std::unique_ptr<server::LeaseServer>> m_instances;
    QList<quint16> m_instancePorts;
    std::vector<std::unique_ptr<LeaseClient>> m_clients;
    std::unique_ptr<AdminClient> m_admin;
    std::vector<std::unique_ptr<LeaseKeeper>> m_keepers;
    std::unique_ptr<LeaseKeeper> m_crashing;
    QTimer m_refused;
    QTimer m_crash;
};

} // namespace keyright
