#pragma once

#include <QByteArray>
#include <QHostAddress>

#include <chrono>
#include <memory>

class QTcpSocket;

namespace keyright {

// One TCP (or TLS) connection driven byte by byte, for tests of the HTTP front end that must send
// what no HTTP client library would: bad framing, endless bodies, a byte a second. Every wait is
// bounded.
class RawConnection
{
public:
    struct Response
    {
        int status = 0; // 0: no complete response within the wait
        QByteArray statusLine;
        QByteArray head; // the header fields, as sent
        QByteArray body;
        QByteArray header(QByteArrayView name) const;
    };

    RawConnection();
    ~RawConnection();
    RawConnection(const RawConnection &) = delete;
    RawConnection &operator=(const RawConnection &) = delete;

    // From `from` (127.0.0.1 when null) to 127.0.0.1:port; with tls, a TLS handshake that
    // accepts any certificate.
    bool open(quint16 port, const QHostAddress &from = {}, bool tls = false,
              std::chrono::milliseconds timeout = std::chrono::seconds {5});
    bool send(QByteArrayView bytes, std::chrono::milliseconds timeout = std::chrono::seconds {5});
    // Sends without waiting for the bytes to leave (for streaming until an answer comes).
    qint64 sendNoWait(QByteArrayView bytes);
    // Reads one whole response (Content-Length framed).
    Response readResponse(std::chrono::milliseconds timeout = std::chrono::seconds {5});
    // Everything until the server closes; `closed` tells whether it did within the wait.
    QByteArray readUntilClosed(bool *closed, std::chrono::milliseconds timeout = std::chrono::seconds {5});
    // True when the server closed the connection within the wait (data received meanwhile is
    // kept for readResponse()).
    bool waitClosed(std::chrono::milliseconds timeout);
    // Whether some bytes of an answer have arrived (polls the socket without blocking long).
    bool hasAnswer(std::chrono::milliseconds wait = std::chrono::milliseconds {0});
    bool isOpen() const;
    qint64 bytesToWrite() const;

    // The number of responses ("HTTP/1.x NNN" status lines) in `bytes`.
    static int countResponses(const QByteArray &bytes);

private:
    bool fill(std::chrono::milliseconds timeout);

    std::unique_ptr<QTcpSocket> m_socket;
    QByteArray m_received;
};

} // namespace keyright
