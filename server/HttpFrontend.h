#pragma once

#include <QAbstractHttpServer>

namespace keyright {

class HttpApi;

// Bridges QtHttpServer to HttpApi: turns each parsed request into an ApiRequest, answers it
// synchronously on the server's thread (QtHttpServer 6.4 crashes with QFuture routes under load)
// and writes the ApiResponse back.
class HttpFrontend final : public QAbstractHttpServer
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpFrontend)

public:
    explicit HttpFrontend(HttpApi &api, QObject *parent = nullptr);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    HttpApi &m_api;
};

} // namespace keyright
