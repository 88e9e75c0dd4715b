#include "FaultProxy.h"

#include <QList>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// How many bytes the first complete response in `buffer` takes: 0 when it is not complete yet,
// -1 when its length cannot be told from its head (chunked, or no Content-Length), in which case
// the rest of the connection is passed through untouched.
qsizetype completeResponseLength(const QByteArray &buffer)
{
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return 0;
    const qsizetype headLength = headEnd + 4;
    const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    const int status = statusLine.value(1).toInt();
    if ((status >= 100 && status < 200) || status == 204 || status == 304)
        return headLength;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "transfer-encoding" && value.toLower() != "identity")
            return -1;
        if (name == "content-length") {
            bool ok = false;
            const qsizetype length = value.toLongLong(&ok);
            if (!ok || length < 0)
                return -1;
            return buffer.size() >= headLength + length ? headLength + length : 0;
        }
    }
    return -1;
}

} // namespace

struct FaultProxy::Private
{
    struct Connection
    {
        QPointer<QTcpSocket> client;
        QPointer<QTcpSocket> upstream;
        QByteArray towardsServer; // held until the upstream connection is up
        QByteArray responses; // server bytes not yet forwarded as whole responses
        bool passThrough = false; // framing gave up on this connection
        bool dropping = false;
    };

    FaultProxy *q = nullptr;
    QTcpServer server;
    QHostAddress targetAddress;
    quint16 targetPort = 0;
    bool blackhole = false;
    bool refuse = false;
    std::chrono::milliseconds delay {0};
    int dropsPending = 0;
    Tamper tamper;
    int accepted = 0;
    int dropped = 0;
    int tampered = 0;
    QList<std::shared_ptr<Connection>> connections;

    void close(const std::shared_ptr<Connection> &connection)
    {
        connections.removeAll(connection);
        if (connection->client) {
            connection->client->abort();
            connection->client->deleteLater();
        }
        if (connection->upstream) {
            connection->upstream->abort();
            connection->upstream->deleteLater();
        }
    }

    void accept()
    {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            ++accepted;
            if (refuse) {
                socket->abort();
                socket->deleteLater();
                continue;
            }
            auto connection = std::make_shared<Connection>();
            connection->client = socket;
            connections.append(connection);
            std::weak_ptr<Connection> weak = connection;
            QObject::connect(socket, &QTcpSocket::readyRead, q, [this, weak] {
                if (auto c = weak.lock())
                    fromClient(c);
            });
            QObject::connect(socket, &QTcpSocket::disconnected, q, [this, weak] {
                if (auto c = weak.lock())
                    close(c);
            });
        }
    }

    void fromClient(const std::shared_ptr<Connection> &connection)
    {
        const QByteArray bytes = connection->client->readAll();
        if (blackhole || connection->dropping)
            return;
        if (delay.count() > 0) {
            std::weak_ptr<Connection> weak = connection;
            QTimer::singleShot(delay, q, [this, weak, bytes] {
                if (auto c = weak.lock(); c && !blackhole)
                    towardsServer(c, bytes);
            });
            return;
        }
        towardsServer(connection, bytes);
    }

    void towardsServer(const std::shared_ptr<Connection> &connection, const QByteArray &bytes)
    {
        if (!connection->upstream) {
            auto *upstream = new QTcpSocket(q);
            connection->upstream = upstream;
            std::weak_ptr<Connection> weak = connection;
            QObject::connect(upstream, &QTcpSocket::connected, q, [weak] {
                if (auto c = weak.lock(); c && c->upstream)
                    c->upstream->write(std::exchange(c->towardsServer, {}));
            });
            QObject::connect(upstream, &QTcpSocket::readyRead, q, [this, weak] {
                if (auto c = weak.lock())
                    fromServer(c);
            });
            QObject::connect(upstream, &QTcpSocket::disconnected, q, [this, weak] {
                if (auto c = weak.lock()) {
                    if (c->client)
                        c->client->disconnectFromHost();
                    connections.removeAll(c);
                    if (c->upstream)
                        c->upstream->deleteLater();
                }
            });
            QObject::connect(upstream, &QTcpSocket::errorOccurred, q, [this, weak](QAbstractSocket::SocketError) {
                if (auto c = weak.lock(); c && c->upstream && c->upstream->state() != QAbstractSocket::ConnectedState)
                    close(c);
            });
            connection->towardsServer += bytes;
            upstream->connectToHost(targetAddress, targetPort);
            return;
        }
        if (connection->upstream->state() == QAbstractSocket::ConnectedState)
            connection->upstream->write(bytes);
        else
            connection->towardsServer += bytes;
    }

    void fromServer(const std::shared_ptr<Connection> &connection)
    {
        const QByteArray bytes = connection->upstream->readAll();
        if (blackhole || connection->dropping || !connection->client)
            return;
        if (dropsPending > 0) {
            --dropsPending;
            ++dropped;
            connection->dropping = true;
            close(connection);
            return;
        }
        if (!tamper || connection->passThrough) {
            connection->client->write(bytes);
            return;
        }
        connection->responses += bytes;
        for (;;) {
            const qsizetype length = completeResponseLength(connection->responses);
            if (length < 0) {
                connection->passThrough = true;
                connection->client->write(std::exchange(connection->responses, {}));
                return;
            }
            if (length == 0)
                return;
            const QByteArray response = connection->responses.left(length);
            connection->responses.remove(0, length);
            const QByteArray rewritten = tamper(response);
            if (rewritten != response)
                ++tampered;
            connection->client->write(rewritten);
        }
    }
};

FaultProxy::FaultProxy(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    connect(&d->server, &QTcpServer::newConnection, this, [this] { d->accept(); });
}

FaultProxy::~FaultProxy()
{
    closeAll();
}

bool FaultProxy::start(const QHostAddress &targetAddress, quint16 targetPort, QString *error)
{
    setTarget(targetAddress, targetPort);
    if (!d->server.listen(QHostAddress::LocalHost, 0)) {
        if (error)
            *error = d->server.errorString();
        return false;
    }
    return true;
}

void FaultProxy::setTarget(const QHostAddress &targetAddress, quint16 targetPort)
{
    d->targetAddress = targetAddress;
    d->targetPort = targetPort;
}

quint16 FaultProxy::port() const
{
    return d->server.serverPort();
}

QUrl FaultProxy::url() const
{
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(port());
    return url;
}

void FaultProxy::setBlackhole(bool on)
{
    d->blackhole = on;
}

bool FaultProxy::isBlackhole() const
{
    return d->blackhole;
}

void FaultProxy::setRefuse(bool on)
{
    d->refuse = on;
    if (on)
        closeAll();
}

bool FaultProxy::isRefusing() const
{
    return d->refuse;
}

void FaultProxy::setDelay(std::chrono::milliseconds delay)
{
    d->delay = delay;
}

void FaultProxy::dropNextResponse()
{
    ++d->dropsPending;
}

void FaultProxy::tamperResponses(Tamper tamper)
{
    d->tamper = std::move(tamper);
}

void FaultProxy::closeAll()
{
    const auto open = d->connections;
    for (const auto &connection : open)
        d->close(connection);
}

int FaultProxy::acceptedConnections() const
{
    return d->accepted;
}

int FaultProxy::droppedResponses() const
{
    return d->dropped;
}

int FaultProxy::tamperedResponses() const
{
    return d->tampered;
}

} // namespace keyright
