#pragma once

#include "HttpBurst.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QTcpSocket>
#include <QTimer>

#include <chrono>
#include <functional>

namespace keyright {

// One persistent HTTP/1.1 connection driven by the event loop, one request in flight at a time:
// what a long-running license client looks like to the server. Many of them together put a
// server under concurrent keep-alive load without the per-host connection limit of
// QNetworkAccessManager. A request that gets no complete answer (timeout, connection reset,
// server killed) completes with status 0, and the next send() reconnects.
class KeepAliveClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeepAliveClient)

public:
    using Done = std::function<void(const HttpBurst::Reply &reply)>;

    KeepAliveClient(QHostAddress address, quint16 port, std::chrono::milliseconds timeout, QObject *parent = nullptr);
    ~KeepAliveClient() override;

    // `request` is a complete HTTP request such as HttpBurst::request() builds. Must not be called
    // while another request is in flight.
    void send(const QByteArray &request, Done done);
    bool busy() const { return static_cast<bool>(m_done); }

private:
    void onReadyRead();
    void fail();
    void complete(const HttpBurst::Reply &reply);

    QHostAddress m_address;
    quint16 m_port = 0;
    QTcpSocket m_socket;
    QTimer m_timeout;
    QByteArray m_received;
    Done m_done;
};

} // namespace keyright
