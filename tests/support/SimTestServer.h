#pragma once

#include "LeaseVerifier.h"

#include <QByteArray>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <memory>
#include <optional>

namespace keyright {

class Clock;
namespace server {
class LeaseServer;
}

// A real in-process lease server on 127.0.0.1 with a free port and a temporary data directory,
// reading the clock the simulation reads, so server and simulated clients move together.
class SimTestServer
{
public:
    // `reapInterval` is real time; tests keep it long and reap through the API when they mean to.
    explicit SimTestServer(const Clock &clock, std::chrono::seconds reapInterval = std::chrono::hours {1});
    ~SimTestServer();
    SimTestServer(const SimTestServer &) = delete;
    SimTestServer &operator=(const SimTestServer &) = delete;

    bool start(QString *error);
    QUrl url() const;
    QByteArray adminToken() const; // read from the server's 0600 token file
    QString demoKeyDirectory() const;
    std::optional<LeaseVerifier> verifier() const;

private:
    QTemporaryDir m_dir;
    std::unique_ptr<server::LeaseServer> m_server;
};

} // namespace keyright
