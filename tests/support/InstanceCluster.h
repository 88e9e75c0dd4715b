#pragma once

#include "ServerProcess.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <memory>
#include <vector>

namespace keyright {

// Several keyright-server processes serving one PostgreSQL database, as a site running a few
// stateless instances behind its clients' server lists would (docs/DEPLOYMENT.md). Each instance
// has its own --data-dir (its replica id lives there), but all of them hold the SAME signing key
// and admin token, copied 0600 from the first instance the way an administrator provisions them:
// a lease signed by one verifies with the one public key clients hold, and one admin token works
// on every instance. Every start is bounded; the destructor kills whatever still runs.
class InstanceCluster final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceCluster)

public:
    InstanceCluster(int count, const QString &databaseUrl, QObject *parent = nullptr);
    ~InstanceCluster() override;

    // Arguments every instance gets at its next start (e.g. {"--reap-interval", "0"}).
    void setExtraArguments(const QStringList &arguments);
    // Shift one instance's own system clock (the hidden --test-clock-offset-ms).
    void setTestClockOffset(int index, std::chrono::milliseconds offset);

    // Starts the first instance (which creates the key, the admin token and the schema), copies
    // its key and token into the other data directories, then starts the others.
    bool start(QString *error, std::chrono::milliseconds timeoutEach = std::chrono::seconds {20});
    // kill -9 of one instance; the others keep running.
    void kill(int index);
    // Brings a killed (or running) instance back on its port and data directory.
    bool restart(int index, QString *error);
    void stopAll();

    int size() const { return int(m_instances.size()); }
    ServerProcess &instance(int index) { return *m_instances.at(std::size_t(index)); }
    QList<QUrl> urls() const;
    // The instance the n-th request of a round-robin client goes to.
    QUrl roundRobin(int n) const;
    int roundRobinIndex(int n) const { return n % size(); }
    // "http://a,http://b,http://c": what KEYRIGHT_SERVERS takes.
    QString serverList() const;
    QByteArray adminToken() const { return m_adminToken; }
    QByteArray adminAuthorization() const { return "Bearer " + m_adminToken; }
    // Everything every instance printed, labelled, for a failure message.
    QString output() const;

private:
    bool provision(int index, QString *error);

    QTemporaryDir m_root;
    QString m_databaseUrl;
    std::vector<std::unique_ptr<ServerProcess>> m_instances;
    QByteArray m_adminToken;
};

} // namespace keyright
