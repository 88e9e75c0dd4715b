#pragma once

#include <QHostAddress>
#include <QString>

#include <chrono>

namespace keyright {

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
    bool insecureHttp = false; // allow plain HTTP on a non-loopback address
};

} // namespace keyright
