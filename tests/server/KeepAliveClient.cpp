#include "KeepAliveClient.h"

#include <utility>

namespace keyright {

namespace {

// The first complete response at the start of `data`, and how many bytes it took; 0 bytes while
// it is still incomplete.
std::pair<HttpBurst::Reply, qsizetype> takeResponse(const QByteArray &data)
{
    const qsizetype headEnd = data.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return {{}, 0};
    const QList<QByteArray> lines = data.left(headEnd).split('\n');
    qsizetype length = 0;
    int retryAfter = -1;
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed();
        if (name.compare("content-length", Qt::CaseInsensitive) == 0)
            length = line.mid(colon + 1).trimmed().toLongLong();
        else if (name.compare("retry-after", Qt::CaseInsensitive) == 0)
            retryAfter = line.mid(colon + 1).trimmed().toInt();
    }
    const qsizetype total = headEnd + 4 + length;
    if (data.size() < total)
        return {{}, 0};
    const int status = lines.value(0).trimmed().split(' ').value(1).toInt();
    return {HttpBurst::Reply {status, data.mid(headEnd + 4, length), retryAfter}, total};
}

} // namespace

KeepAliveClient::KeepAliveClient(QHostAddress address, quint16 port, std::chrono::milliseconds timeout, QObject *parent)
    : QObject(parent)
    , m_address(std::move(address))
    , m_port(port)
{
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(timeout);
    connect(&m_timeout, &QTimer::timeout, this, &KeepAliveClient::fail);
    connect(&m_socket, &QTcpSocket::readyRead, this, &KeepAliveClient::onReadyRead);
    connect(&m_socket, &QTcpSocket::disconnected, this, &KeepAliveClient::fail);
    connect(&m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        // The server closing a keep-alive connection between requests is not a failure of
        // anything in flight; reading what it sent before closing comes first.
        if (error != QAbstractSocket::RemoteHostClosedError)
            fail();
    });
}

KeepAliveClient::~KeepAliveClient()
{
    // The callback of a request still in flight may refer to things the caller has already
    // destroyed: a client going away answers nothing more.
    m_done = {};
    m_socket.disconnect(this);
}

void KeepAliveClient::send(const QByteArray &request, Done done)
{
    Q_ASSERT(!m_done);
    m_done = std::move(done);
    if (m_socket.state() == QAbstractSocket::UnconnectedState) {
        m_received.clear();
        m_socket.connectToHost(m_address, m_port);
    }
    m_timeout.start();
    // QTcpSocket buffers what is written before the connection is up.
    m_socket.write(request);
}

void KeepAliveClient::onReadyRead()
{
    m_received += m_socket.readAll();
    const auto [reply, used] = takeResponse(m_received);
    if (used == 0)
        return;
    m_received.remove(0, used);
    complete(reply);
}

void KeepAliveClient::fail()
{
    if (!m_done)
        return;
    // An answer that arrived just before the connection went away still counts.
    m_received += m_socket.readAll();
    const auto [reply, used] = takeResponse(m_received);
    m_socket.abort();
    m_received.clear();
    complete(used > 0 ? reply : HttpBurst::Reply {});
}

void KeepAliveClient::complete(const HttpBurst::Reply &reply)
{
    m_timeout.stop();
    // The callback usually sends the next request, so it must find the client idle.
    Done done = std::exchange(m_done, {});
    if (done)
        done(reply);
}

} // namespace keyright
