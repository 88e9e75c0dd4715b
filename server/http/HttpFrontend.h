#pragma once

#include "http/HttpLimits.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QTimer>

#include <memory>

class QTcpServer;

namespace keyright {
class Clock;
}

namespace keyright::server {

class HttpConnection;
class RequestTurn;

// The transport: accepts connections on a QTcpServer (or QSslServer, which does the TLS
// handshake), enforces the connection caps, and gives each connection an HttpConnection, which
// decodes requests with Boost.Beast's parser, hands them to RequestTurn and writes back the
// answers. Everything between (group commit, renewals, answers held until COMMIT) is
// RequestTurn's.
//
// Beyond maxConnections in all, or maxConnectionsPerAddress from one address, a connection takes
// one of reservedConnections, where only GET /v1/health is answered (anything else gets 503);
// when those are taken too, the oldest that has not sent its request yet gives way, and when
// none can, the new connection is closed as soon as it is accepted. Every accept is taken off the listening
// socket, so a full server never spins on it.
class HttpFrontend final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpFrontend)

public:
    HttpFrontend(RequestTurn &turn, const HttpLimits &limits, const Clock &clock, QObject *parent = nullptr);
    // Finishes the turn in progress while its connections are still open, then closes them.
    ~HttpFrontend() override;

    // Starts serving the connections of a listening `server`; takes ownership.
    void bind(QTcpServer *server);

    int connectionCount() const { return int(m_connections.size()); }
    // The listening server bind() took (a QSslServer under TLS), for a reload to give it a new
    // certificate; connections it accepts from then on use it.
    QTcpServer *listener() const { return m_server.get(); }
    // Acts on every connection deadline that has passed (a timer calls it; tests may too).
    void sweep();

private:
    void acceptPending();
    void forget(HttpConnection *connection);
    // Closes the oldest idle reserved connection; false when none is.
    bool evictReserved();

    RequestTurn &m_turn;
    HttpLimits m_limits;
    const Clock &m_clock;
    std::unique_ptr<QTcpServer> m_server;
    QTimer m_sweepTimer;
    QList<HttpConnection *> m_connections;
    QHash<QHostAddress, int> m_perAddress; // regular connections only
    int m_regular = 0;
    int m_reserved = 0;
};

} // namespace keyright::server
