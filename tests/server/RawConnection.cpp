#include "RawConnection.h"

#include <QDeadlineTimer>
#include <QSslSocket>
#include <QTcpSocket>

namespace keyright {

QByteArray RawConnection::Response::header(QByteArrayView name) const
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && QByteArrayView(line).first(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.sliced(colon + 1).trimmed();
    }
    return {};
}

RawConnection::RawConnection() = default;
RawConnection::~RawConnection() = default;

bool RawConnection::open(quint16 port, const QHostAddress &from, bool tls, std::chrono::milliseconds timeout)
{
    if (tls) {
        auto socket = std::make_unique<QSslSocket>();
        socket->setPeerVerifyMode(QSslSocket::VerifyNone);
        if (!from.isNull())
            socket->bind(from);
        socket->connectToHostEncrypted(QStringLiteral("127.0.0.1"), port);
        const bool ok = socket->waitForEncrypted(int(timeout.count()));
        m_socket = std::move(socket);
        return ok;
    }
    m_socket = std::make_unique<QTcpSocket>();
    if (!from.isNull())
        m_socket->bind(from);
    m_socket->connectToHost(QHostAddress::LocalHost, port);
    return m_socket->waitForConnected(int(timeout.count()));
}

bool RawConnection::isOpen() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

qint64 RawConnection::bytesToWrite() const
{
    return m_socket ? m_socket->bytesToWrite() : 0;
}

bool RawConnection::send(QByteArrayView bytes, std::chrono::milliseconds timeout)
{
    if (!isOpen())
        return false;
    m_socket->write(bytes.constData(), bytes.size());
    QDeadlineTimer deadline(timeout);
    while (m_socket->bytesToWrite() > 0 && !deadline.hasExpired()) {
        if (!m_socket->waitForBytesWritten(int(std::max<qint64>(1, deadline.remainingTime()))))
            break;
    }
    return m_socket->bytesToWrite() == 0;
}

qint64 RawConnection::sendNoWait(QByteArrayView bytes)
{
    if (!isOpen())
        return -1;
    const qint64 written = m_socket->write(bytes.constData(), bytes.size());
    m_socket->waitForBytesWritten(0);
    return written;
}

bool RawConnection::fill(std::chrono::milliseconds timeout)
{
    if (!m_socket)
        return false;
    if (m_socket->bytesAvailable() == 0 && m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->waitForReadyRead(int(timeout.count()));
    const QByteArray more = m_socket->readAll();
    m_received += more;
    return !more.isEmpty();
}

bool RawConnection::hasAnswer(std::chrono::milliseconds wait)
{
    fill(wait);
    return !m_received.isEmpty();
}

RawConnection::Response RawConnection::readResponse(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    for (;;) {
        const qsizetype end = m_received.indexOf("\r\n\r\n");
        if (end >= 0) {
            Response response;
            const QByteArray head = m_received.first(end);
            const qsizetype lineEnd = head.indexOf("\r\n");
            response.statusLine = lineEnd < 0 ? head : head.first(lineEnd);
            response.head = lineEnd < 0 ? QByteArray() : head.sliced(lineEnd + 2);
            const qsizetype length = response.header("Content-Length").toLongLong();
            if (m_received.size() >= end + 4 + length) {
                response.body = m_received.sliced(end + 4, length);
                response.status = response.statusLine.split(' ').value(1).toInt();
                m_received.remove(0, end + 4 + length);
                return response;
            }
        }
        if (deadline.hasExpired())
            return {};
        if (!fill(std::chrono::milliseconds(std::max<qint64>(1, deadline.remainingTime()))) && !isOpen())
            return {};
    }
}

bool RawConnection::waitClosed(std::chrono::milliseconds timeout)
{
    QDeadlineTimer deadline(timeout);
    while (isOpen() && !deadline.hasExpired())
        fill(std::chrono::milliseconds(std::max<qint64>(1, deadline.remainingTime())));
    if (m_socket)
        m_received += m_socket->readAll();
    return !isOpen();
}

QByteArray RawConnection::readUntilClosed(bool *closed, std::chrono::milliseconds timeout)
{
    *closed = waitClosed(timeout);
    return std::exchange(m_received, {});
}

int RawConnection::countResponses(const QByteArray &bytes)
{
    int count = 0;
    for (qsizetype at = bytes.indexOf("HTTP/1."); at >= 0; at = bytes.indexOf("HTTP/1.", at + 1)) {
        if (at == 0 || bytes.at(at - 1) == '\n' || bytes.at(at - 1) == '}')
            ++count;
    }
    return count;
}

} // namespace keyright
