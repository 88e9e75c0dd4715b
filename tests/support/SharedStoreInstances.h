#pragma once

#include <QList>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>
#include <vector>

namespace keyright {

class Clock;
class TestServer;
namespace server {
class LeaseServer;
}

// More lease servers in the test's process on the store object and signing key of a running
// TestServer (LeaseServer's shared-store constructor): several instances behind one database, as
// the dashboard's embedded demo offers its simulator. Each listens on its own loopback port with its
// own replica id; kill() closes its listener and every connection, as when a process dies, and
// revive() starts it again on the same port. Destroy it before the TestServer it shares.
class SharedStoreInstances
{
public:
    SharedStoreInstances(TestServer &owner, const Clock &clock);
    ~SharedStoreInstances();
    SharedStoreInstances(const SharedStoreInstances &) = delete;
    SharedStoreInstances &operator=(const SharedStoreInstances &) = delete;

    bool start(int count, QString *error);
    void kill(int index);
    bool revive(int index, QString *error);
    bool isUp(int index) const;
    QList<QUrl> urls() const { return m_urls; }

private:
    TestServer &m_owner;
    const Clock &m_clock;
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<server::LeaseServer>> m_servers;
    QList<QUrl> m_urls;
};

} // namespace keyright
