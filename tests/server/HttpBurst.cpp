#include "HttpBurst.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace keyright {

namespace {

// A complete response in `data`: status and body, or status 0 while incomplete.
HttpBurst::Reply parse(const QByteArray &data)
{
    const qsizetype headEnd = data.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return {};
    const QByteArray head = data.left(headEnd);
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    qsizetype length = 0;
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare("content-length", Qt::CaseInsensitive) == 0)
            length = line.mid(colon + 1).trimmed().toLongLong();
    }
    if (data.size() < headEnd + 4 + length)
        return {};
    return HttpBurst::Reply {statusLine.value(1).toInt(), data.mid(headEnd + 4, length), -1};
}

} // namespace

QByteArray HttpBurst::request(const QByteArray &verb, const QByteArray &path, const QByteArray &authorization,
                              const QByteArray &body)
{
    QByteArray out = verb + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!authorization.isEmpty())
        out += "Authorization: " + authorization + "\r\n";
    if (!body.isEmpty())
        out += "Content-Type: application/json\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    return out;
}

QList<HttpBurst::Reply> HttpBurst::send(const QHostAddress &address, quint16 port, const QList<QByteArray> &requests,
                                        std::chrono::milliseconds timeout)
{
    return send(address, QList<quint16> {port}, requests, timeout);
}

QList<HttpBurst::Reply> HttpBurst::send(const QHostAddress &address, const QList<quint16> &ports,
                                        const QList<QByteArray> &requests, std::chrono::milliseconds timeout)
{
    const QDeadlineTimer deadline(timeout);
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    QList<QByteArray> received(requests.size());
    QList<Reply> replies(requests.size());
    QEventLoop loop;
    int connected = 0;
    int complete = 0;
    for (qsizetype i = 0; i < requests.size(); ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        QTcpSocket *raw = socket.get();
        QObject::connect(raw, &QTcpSocket::connected, &loop, [&] {
            if (++connected == requests.size())
                loop.quit();
        });
        QObject::connect(raw, &QTcpSocket::readyRead, &loop, [&, raw, i] {
            received[i] += raw->readAll();
            if (replies[i].status == 0) {
                replies[i] = parse(received[i]);
                if (replies[i].status != 0 && ++complete == requests.size())
                    loop.quit();
            }
        });
        raw->connectToHost(address, ports.at(i % ports.size()));
        sockets.push_back(std::move(socket));
    }
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(std::max<qint64>(deadline.remainingTime(), 1));
    if (connected < requests.size())
        loop.exec();
    for (qsizetype i = 0; i < requests.size(); ++i)
        sockets[std::size_t(i)]->write(requests.at(i));
    if (complete < requests.size() && !deadline.hasExpired()) {
        guard.start(std::max<qint64>(deadline.remainingTime(), 1));
        loop.exec();
    }
    return replies;
}

QJsonObject jsonOf(const HttpBurst::Reply &reply)
{
    return QJsonDocument::fromJson(reply.body).object();
}

} // namespace keyright
