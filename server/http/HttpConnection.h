#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/HttpLimits.h"
#include "http/HttpRequestDecoder.h"

#include <QHostAddress>
#include <QObject>

#include <chrono>

class QTcpSocket;

namespace keyright {
class Clock;
}

namespace keyright::server {

class RequestTurn;

// One client connection: reads its bytes into an HttpRequestDecoder, hands each request to the
// request turn, writes back the answer the turn gives, and closes when the client or a limit
// says so. One request at a time: the next one (pipelined or not) is decoded only once the
// answer to the last is written, so a connection never holds more than the limits say.
//
// Deadlines are on the injected clock's monotonic reading, checked by HttpFrontend::sweep():
// the header must be complete within headerTimeout of its first byte, the body within
// bodyTimeout of the header, and a kept-alive connection with nothing to do is closed after
// idleTimeout.
class HttpConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpConnection)

public:
    // A reserved connection (taken beyond a connection cap) is answered only for GET
    // /v1/health; anything else gets 503 server_busy. Either way it is closed after one answer.
    enum class Slot { Regular, Reserved };

    // Takes ownership of `socket`.
    HttpConnection(QTcpSocket *socket, Slot slot, const HttpLimits &limits, RequestTurn &turn, const Clock &clock,
                   QObject *parent = nullptr);
    ~HttpConnection() override;

    Slot slot() const { return m_slot; }
    QHostAddress peerAddress() const { return m_peer; }
    // Acts on a deadline that has passed: 408 for a request that is too slow, a close for an
    // idle connection, an abort for one whose close took too long.
    void checkDeadline(std::chrono::milliseconds now);
    // True while a request is with the turn.
    bool isAnswering() const { return m_state == State::Answering; }
    // Closes at once, without an answer.
    void abort();

signals:
    // The connection is over; the frontend forgets it and deletes it later.
    void closed();

private:
    enum class State {
        Reading, // between requests, or reading one
        Answering, // a request is with the turn
        Closing, // the last answer is written; draining and dropping what the client still sends
        Closed,
    };

    void pump();
    void dispatch(HttpRequestDecoder::Decoded decoded);
    void answer(const ApiResponse &response, int version, bool keepAlive);
    void refuse(const ApiError &error);
    // Sends FIN once everything is written, then drops input until the client closes or the
    // linger deadline.
    void closeGracefully();
    void finishClose();
    void onDisconnected();
    void drain();
    void rearm();

    QTcpSocket *m_socket;
    Slot m_slot;
    HttpLimits m_limits;
    RequestTurn &m_turn;
    const Clock &m_clock;
    QHostAddress m_peer;
    HttpRequestDecoder m_decoder;
    State m_state = State::Reading;
    HttpRequestDecoder::Phase m_phase = HttpRequestDecoder::Phase::Idle;
    std::chrono::milliseconds m_deadline {0};
    bool m_inPump = false;
    bool m_shutdownSent = false;
};

} // namespace keyright::server
