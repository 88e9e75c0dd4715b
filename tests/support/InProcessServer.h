#pragma once

#include "LeaseVerifier.h"
#include "ManualClock.h"

#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QUrl>

#include <chrono>
#include <memory>
#include <optional>

namespace keyright {

namespace server {
class LeaseServer;
}

// The real lease server, in this process, on a free loopback port, driven by a ManualClock the
// test moves, with a small synchronous admin client for setting up licenses and for reading back
// what the server counts. Every wait is bounded.
class InProcessServer
{
public:
    InProcessServer();
    ~InProcessServer();
    InProcessServer(const InProcessServer &) = delete;
    InProcessServer &operator=(const InProcessServer &) = delete;

    bool start(QString *error);
    void stop();

    ManualClock &clock() { return m_clock; }
    QUrl url() const;
    quint16 port() const;
    LeaseVerifier verifier() const { return *m_verifier; }

    // PUT /v1/licenses/{id}; returns the new license key (empty on failure).
    QByteArray createLicense(const QString &licenseId, int seatCount, std::chrono::seconds ttl,
                             std::chrono::seconds skew, std::chrono::seconds reapGrace);
    // GET /v1/licenses/{id}/leases.
    QJsonObject leases(const QString &licenseId);
    // Leases the server counts (live) for one holder.
    QList<QJsonObject> liveLeasesOf(const QString &licenseId, const QString &holder);
    // The row for one seat, live or not; empty when the server has none.
    QJsonObject leaseRow(const QString &licenseId, const QString &seatId);
    // POST .../revoke; true on 204.
    bool revoke(const QString &licenseId, const QString &seatId, std::chrono::seconds block = {});

    // One admin request, waited for; status 0 when it did not complete.
    QJsonObject adminCall(const QByteArray &verb, const QString &path, const QJsonObject &body = {},
                          int *status = nullptr);

private:
    ManualClock m_clock;
    QTemporaryDir m_dataDir;
    std::unique_ptr<server::LeaseServer> m_server;
    QNetworkAccessManager m_network;
    QByteArray m_adminToken;
    std::optional<LeaseVerifier> m_verifier;
};

} // namespace keyright
