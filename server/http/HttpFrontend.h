#pragma once

#include "http/ApiMessages.h"

#include <QAbstractHttpServer>
#include <QByteArray>

class QTcpSocket;

namespace keyright::server {

class RequestTurn;

// The transport: bridges QtHttpServer to RequestTurn. It turns each parsed request into an
// ApiRequest, hands it to the turn on the server's thread (QtHttpServer 6.4 crashes with QFuture
// routes under load) and writes back, as one buffer, the answer the turn gives it once the turn
// has committed. Everything between (group commit, renewals, answers held until COMMIT) is
// RequestTurn's.
class HttpFrontend final : public QAbstractHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpFrontend)

public:
    explicit HttpFrontend(RequestTurn &turn, QObject *parent = nullptr);
    // Finishes the turn in progress while its connections are still open.
    ~HttpFrontend() override;

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    static QByteArray serialize(const ApiResponse &response);
    static void send(QTcpSocket *socket, const QByteArray &bytes);

    RequestTurn &m_turn;
};

} // namespace keyright::server
