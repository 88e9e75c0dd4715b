#include "http/HttpConnection.h"

#include "Clock.h"
#include "http/ApiRoute.h"
#include "http/HttpResponseWriter.h"
#include "http/RequestParsing.h"
#include "http/RequestTurn.h"
#include "wire/ErrorBody.h"

#include <QPointer>
#include <QTcpSocket>

#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

#include <sys/socket.h>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

// How much is read from the socket in one go; Qt's own buffer holds at most as much again.
constexpr qint64 readChunk = 16 * 1024;

constexpr std::chrono::milliseconds never {std::numeric_limits<std::chrono::milliseconds::rep>::max()};

} // namespace

HttpConnection::HttpConnection(QTcpSocket *socket, Slot slot, const HttpLimits &limits, RequestTurn &turn,
                               const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_slot(slot)
    , m_limits(limits)
    , m_turn(turn)
    , m_clock(clock)
    , m_peer(socket->peerAddress())
    , m_decoder(limits, request::maxBodyBytes)
{
    m_socket->setParent(this);
    // Without a bound Qt reads everything the kernel has into memory; with it, a client that
    // sends faster than it is served waits in its own send buffer.
    m_socket->setReadBufferSize(readChunk);
    // A first request must arrive as fast as any header; a reserved slot gets one short chance.
    m_deadline = m_clock.monotonic() + (slot == Slot::Reserved ? m_limits.reservedTimeout : m_limits.headerTimeout);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::pump);
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_state == State::Closing && !m_shutdownSent && m_socket->bytesToWrite() == 0)
            closeGracefully();
        else if (m_state == State::Reading)
            pump(); // a client that had stopped reading its answers caught up
    });
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::onDisconnected);
    // Bytes may have arrived before the connection was taken from the listening socket.
    QMetaObject::invokeMethod(this, &HttpConnection::pump, Qt::QueuedConnection);
}

HttpConnection::~HttpConnection() = default;

void HttpConnection::pump()
{
    if (m_state == State::Closing)
        drain();
    if (m_inPump || m_state != State::Reading)
        return;
    m_inPump = true;
    while (m_state == State::Reading) {
        // A client that sends requests without reading the answers is not read further until
        // it catches up, so its answers cannot pile up here.
        if (m_socket->bytesToWrite() > m_limits.maxBufferedBytes)
            break;
        bool appended = false;
        while (m_decoder.room() > 0 && m_socket->bytesAvailable() > 0) {
            const QByteArray chunk = m_socket->read(std::min<qint64>(m_decoder.room(), readChunk));
            if (chunk.isEmpty())
                break;
            m_decoder.append(chunk);
            appended = true;
        }
        const auto status = m_decoder.decode();
        if (status == HttpRequestDecoder::Status::Rejected) {
            refuse(m_decoder.rejection());
            break;
        }
        if (status == HttpRequestDecoder::Status::Request) {
            dispatch(m_decoder.takeRequest());
            continue;
        }
        if (m_decoder.takeContinue())
            m_socket->write(HttpResponseWriter::continueResponse());
        if (!appended || m_socket->bytesAvailable() == 0)
            break;
    }
    m_inPump = false;
    rearm();
}

void HttpConnection::rearm()
{
    // A reserved slot keeps its one deadline; a request with the turn has none of its own.
    if (m_slot == Slot::Reserved || m_state != State::Reading)
        return;
    const auto phase = m_decoder.phase();
    if (phase == m_phase)
        return; // the header deadline runs from the first byte, however slowly the rest comes
    m_phase = phase;
    using P = HttpRequestDecoder::Phase;
    m_deadline = m_clock.monotonic()
        + (phase == P::Idle         ? m_limits.idleTimeout
               : phase == P::Header ? m_limits.headerTimeout
                                    : m_limits.bodyTimeout);
}

void HttpConnection::dispatch(HttpRequestDecoder::Decoded decoded)
{
    m_state = State::Answering;
    m_deadline = never;
    const int version = decoded.version;
    const bool keepAlive = decoded.keepAlive && m_slot == Slot::Regular;
    ApiRequest &request = decoded.request;
    request.remoteAddress = m_peer;
    if (m_slot == Slot::Reserved) {
        const auto route = ApiRoute::match(request.method, request.path);
        if (!route || route->kind != ApiRoute::Kind::Health) {
            request.authorization.fill('\0');
            answer(HttpResponseWriter::errorResponse(
                       ApiError {503,
                                 QString::fromUtf16(errorcode::serverBusy),
                                 u"the server is serving as many connections as it allows; try again in a moment"_s,
                                 {},
                                 {}}),
                   version, false);
            return;
        }
    }
    m_turn.submit(request, [self = QPointer<HttpConnection>(this), version, keepAlive](const ApiResponse &response) {
        if (self)
            self->answer(response, version, keepAlive);
    });
    request.authorization.fill('\0');
}

void HttpConnection::answer(const ApiResponse &response, int version, bool keepAlive)
{
    if (m_state != State::Answering)
        return; // the client left; what it asked for is committed all the same
    m_socket->write(HttpResponseWriter::serialize(response, version, keepAlive));
    // Hand it to the kernel now rather than on the next turn of the event loop.
    m_socket->flush();
    if (!keepAlive) {
        closeGracefully();
        return;
    }
    m_state = State::Reading;
    m_phase = HttpRequestDecoder::Phase::Idle;
    m_deadline = m_clock.monotonic() + m_limits.idleTimeout;
    pump();
}

void HttpConnection::refuse(const ApiError &error)
{
    m_socket->write(HttpResponseWriter::serialize(HttpResponseWriter::errorResponse(error), 11, false));
    m_socket->flush();
    closeGracefully();
}

void HttpConnection::closeGracefully()
{
    if (m_state == State::Closed)
        return;
    if (m_state != State::Closing) {
        m_state = State::Closing;
        m_deadline = m_clock.monotonic() + m_limits.lingerTimeout;
    }
    if (!m_shutdownSent && m_socket->bytesToWrite() == 0) {
        m_shutdownSent = true;
#if QT_CONFIG(ssl)
        if (qobject_cast<QSslSocket *>(m_socket)) {
            // TLS ends with close_notify, which Qt sends; then it closes.
            m_socket->disconnectFromHost();
            return;
        }
#endif
        // FIN, but keep reading: the client sees the whole answer and then end-of-file, instead
        // of a reset that could destroy the answer while it still sends (RFC 9112, 9.6).
        ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
    }
    drain();
}

void HttpConnection::drain()
{
    char sink[4096];
    while (m_socket->bytesAvailable() > 0) {
        if (m_socket->read(sink, sizeof sink) <= 0)
            break;
    }
}

void HttpConnection::checkDeadline(std::chrono::milliseconds now)
{
    if (now < m_deadline)
        return;
    switch (m_state) {
    case State::Reading:
        if (m_decoder.phase() == HttpRequestDecoder::Phase::Idle) {
            closeGracefully(); // nothing was asked: nothing to answer
        } else {
            const auto limit = m_slot == Slot::Reserved                  ? m_limits.reservedTimeout
                : m_decoder.phase() == HttpRequestDecoder::Phase::Header ? m_limits.headerTimeout
                                                                         : m_limits.bodyTimeout;
            refuse(ApiError {408,
                             QString::fromUtf16(errorcode::requestTimeout),
                             u"the request was not complete within %1 ms"_s.arg(limit.count()),
                             {},
                             {}});
        }
        break;
    case State::Closing:
        abort();
        break;
    case State::Answering:
    case State::Closed:
        break;
    }
}

void HttpConnection::abort()
{
    m_socket->abort();
    finishClose();
}

void HttpConnection::onDisconnected()
{
    finishClose();
}

void HttpConnection::finishClose()
{
    if (m_state == State::Closed)
        return;
    m_state = State::Closed;
    m_deadline = never;
    emit closed();
}

} // namespace keyright::server
