#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>

#include <chrono>

namespace keyright {

// Sends many HTTP requests at once, each on its own TCP connection: every socket connects first,
// then all requests are written in one go, so the server sees them arrive together. Used to race
// checkouts for the last seats.
class HttpBurst
{
public:
    struct Reply
    {
        int status = 0; // 0: no complete response
        QByteArray body;
        int retryAfterSeconds = -1; // its Retry-After header (KeepAliveClient only); -1: none
    };

    static QByteArray request(const QByteArray &verb, const QByteArray &path, const QByteArray &authorization,
                              const QByteArray &body);

    static QList<Reply> send(const QHostAddress &address, quint16 port, const QList<QByteArray> &requests,
                             std::chrono::milliseconds timeout = std::chrono::seconds {10});
    // The same burst spread round-robin over several servers: request i goes to ports[i % n].
    static QList<Reply> send(const QHostAddress &address, const QList<quint16> &ports,
                             const QList<QByteArray> &requests,
                             std::chrono::milliseconds timeout = std::chrono::seconds {10});
};

// The JSON object of a reply's body (empty when it is not one).
QJsonObject jsonOf(const HttpBurst::Reply &reply);

} // namespace keyright
