#include "http/HttpFrontend.h"

#include "Clock.h"
#include "http/HttpConnection.h"
#include "http/RequestTurn.h"

#include <QLoggingCategory>
#include <QTcpServer>
#include <QTcpSocket>

#if QT_CONFIG(ssl)
#include <QSslServer>
#endif

#include <algorithm>
#include <sys/resource.h>

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcFrontend, "keyright.server.http")

} // namespace

HttpFrontend::HttpFrontend(RequestTurn &turn, const HttpLimits &limits, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_turn(turn)
    , m_limits(limits)
    , m_clock(clock)
{
    // The caps must fit the descriptors the process may open, with room for the store and the
    // listening socket; beyond the limit accept() fails and nothing could be answered at all.
    rlimit files {};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY) {
        const auto available = qint64(files.rlim_cur) - 64 - m_limits.reservedConnections;
        if (m_limits.maxConnections > available) {
            qCWarning(lcFrontend, "serving at most %lld connections: the descriptor limit is %lld (ulimit -n)",
                      qMax<qint64>(1, available), qint64(files.rlim_cur));
            m_limits.maxConnections = int(qMax<qint64>(1, available));
        }
    }
    // Deadlines are checked a few times per shortest timeout: a timeout is late by at most a
    // quarter of itself, and an idle server wakes a few times a second at most.
    const auto shortest = std::min({m_limits.headerTimeout, m_limits.bodyTimeout, m_limits.idleTimeout,
                                    m_limits.reservedTimeout, m_limits.lingerTimeout});
    m_sweepTimer.setInterval(std::clamp(shortest / 4, std::chrono::milliseconds(50), std::chrono::milliseconds(1000)));
    connect(&m_sweepTimer, &QTimer::timeout, this, &HttpFrontend::sweep);
}

HttpFrontend::~HttpFrontend()
{
    // Whatever the last turn changed is committed and answered before the connections close.
    m_turn.finish();
    m_sweepTimer.stop();
    if (m_server)
        m_server->close();
    const QList<HttpConnection *> connections = std::exchange(m_connections, {});
    for (HttpConnection *connection : connections) {
        disconnect(connection, nullptr, this, nullptr);
        delete connection;
    }
}

void HttpFrontend::bind(QTcpServer *server)
{
    m_server.reset(server);
    m_server->setParent(nullptr);
    // Taken off the listening socket as soon as Qt has them; Qt would stop accepting after
    // maxPendingConnections were left waiting.
    connect(m_server.get(), &QTcpServer::pendingConnectionAvailable, this, &HttpFrontend::acceptPending);
#if QT_CONFIG(ssl)
    if (auto *ssl = qobject_cast<QSslServer *>(server)) {
        // A handshake that does not finish is given up as a header that does not.
        ssl->setHandshakeTimeout(int(m_limits.headerTimeout.count()));
    }
#endif
    connect(m_server.get(), &QTcpServer::acceptError, this, [this](QAbstractSocket::SocketError error) {
        // Out of file descriptors: Qt pauses accepting. Resume shortly instead of spinning on a
        // listening socket that stays readable, or staying deaf for good.
        qCWarning(lcFrontend, "accepting a connection failed (%d): %ls; retrying in 100 ms", int(error),
                  qUtf16Printable(m_server->errorString()));
        QTimer::singleShot(100, this, [this] {
            if (m_server)
                m_server->resumeAccepting();
        });
    });
    m_sweepTimer.start();
    acceptPending();
}

void HttpFrontend::acceptPending()
{
    while (m_server && m_server->hasPendingConnections()) {
        QTcpSocket *socket = m_server->nextPendingConnection();
        if (!socket)
            break;
        const QHostAddress peer = socket->peerAddress();
        HttpConnection::Slot slot = HttpConnection::Slot::Regular;
        if (m_regular >= m_limits.maxConnections || m_perAddress.value(peer) >= m_limits.maxConnectionsPerAddress) {
            if (m_reserved >= m_limits.reservedConnections && !evictReserved()) {
                // Full, reserve included: closed at once, so it holds no descriptor.
                socket->abort();
                socket->deleteLater();
                continue;
            }
            slot = HttpConnection::Slot::Reserved;
        }
        auto *connection = new HttpConnection(socket, slot, m_limits, m_turn, m_clock, this);
        if (slot == HttpConnection::Slot::Regular) {
            ++m_regular;
            ++m_perAddress[peer];
        } else {
            ++m_reserved;
        }
        m_connections.append(connection);
        connect(connection, &HttpConnection::closed, this, [this, connection] { forget(connection); });
    }
}

bool HttpFrontend::evictReserved()
{
    // The oldest reserved connection that has not asked anything yet makes room: a reserved slot
    // is for one quick request, so under a flood the newest arrival (perhaps a health probe) gets
    // the chance rather than whoever came first and said nothing.
    for (HttpConnection *connection : std::as_const(m_connections)) {
        if (connection->slot() == HttpConnection::Slot::Reserved && !connection->isAnswering()) {
            connection->abort();
            return true;
        }
    }
    return false;
}

void HttpFrontend::forget(HttpConnection *connection)
{
    if (!m_connections.removeOne(connection))
        return;
    if (connection->slot() == HttpConnection::Slot::Regular) {
        --m_regular;
        const QHostAddress peer = connection->peerAddress();
        if (--m_perAddress[peer] <= 0)
            m_perAddress.remove(peer);
    } else {
        --m_reserved;
    }
    connection->deleteLater();
}

void HttpFrontend::sweep()
{
    const auto now = m_clock.monotonic();
    // A copy: a connection that closes removes itself from the list.
    const QList<HttpConnection *> connections = m_connections;
    for (HttpConnection *connection : connections)
        connection->checkDeadline(now);
}

} // namespace keyright::server
