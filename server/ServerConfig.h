#pragma once

#include "http/HttpLimits.h"

#include <QHostAddress>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <chrono>

namespace keyright::server {

// How a lease server is started: by main.cpp from the command line, by tests and by the
// dashboard's embedded server.
struct ServerConfig
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 7400; // 0 picks any free port; LeaseServer::port() tells which
    QString dataDir;
    bool demo = false; // add the demo licenses when absent
    std::chrono::seconds reapInterval {30};
    int eventRetentionDays = 90;
    QString tlsCert; // PEM files; both or neither
    QString tlsKey;
    bool insecureHttp = false; // allow plain HTTP on a non-loopback address (and to peers elsewhere)
    HttpLimits http; // connection caps, header/body/buffer limits and timeouts of the front end

    // Usage statistics anti-entropy (docs/STATS.md): pull each peer's GET /v1/stats every
    // peerInterval and merge it. The tokens sent to the peers come from peerTokenFiles: one file
    // for every peer, or one per peer in the same order.
    QList<QUrl> peers;
    QStringList peerTokenFiles;
    std::chrono::milliseconds peerInterval {5000};
};

} // namespace keyright::server
