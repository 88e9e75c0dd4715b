#include "http/HttpFrontend.h"

#include "http/RequestTurn.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QPointer>
#include <QTcpSocket>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

QByteArray methodName(QHttpServerRequest::Method method)
{
    using M = QHttpServerRequest::Method;
    switch (method) {
    case M::Get:
        return "GET";
    case M::Put:
        return "PUT";
    case M::Delete:
        return "DELETE";
    case M::Post:
        return "POST";
    case M::Head:
        return "HEAD";
    case M::Options:
        return "OPTIONS";
    case M::Patch:
        return "PATCH";
    case M::Connect:
        return "CONNECT";
    case M::Trace:
        return "TRACE";
    default:
        return "UNKNOWN";
    }
}

// The statuses HttpApi answers with. QHttpServerResponder has the full table but writes to the
// socket at once, piece by piece, and keeps a reference to the request, so it cannot hold an
// answer until the turn commits; the answer is built here as one buffer instead.
QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 413:
        return "Request Entity Too Large";
    case 415:
        return "Unsupported Media Type";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return status < 300 ? "OK" : status < 500 ? "Client Error" : "Server Error";
    }
}

} // namespace

HttpFrontend::HttpFrontend(RequestTurn &turn, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_turn(turn)
{ }

HttpFrontend::~HttpFrontend()
{
    // Whatever the last turn changed is committed and answered before the connections close.
    m_turn.finish();
}

QByteArray HttpFrontend::serialize(const ApiResponse &response)
{
    QByteArray bytes;
    bytes.reserve(160 + response.body.size());
    bytes += "HTTP/1.1 ";
    bytes += QByteArray::number(response.status);
    bytes += ' ';
    bytes += reasonPhrase(response.status);
    bytes += "\r\n";
    for (const auto &[name, value] : response.headers) {
        bytes += name;
        bytes += ": ";
        bytes += value;
        bytes += "\r\n";
    }
    if (response.status != 204) {
        bytes += "Content-Type: ";
        bytes += response.contentType;
        bytes += "\r\nContent-Length: ";
        bytes += QByteArray::number(response.body.size());
        bytes += "\r\n";
    }
    bytes += "Cache-Control: no-store\r\n\r\n";
    bytes += response.body;
    return bytes;
}

void HttpFrontend::send(QTcpSocket *socket, const QByteArray &bytes)
{
    if (!socket || socket->state() != QAbstractSocket::ConnectedState)
        return; // the client left; what it asked for is committed all the same
    socket->write(bytes);
    // Hand it to the kernel now rather than on the next turn of the event loop.
    socket->flush();
}

bool HttpFrontend::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    ApiRequest apiRequest;
    apiRequest.method = methodName(request.method());
    apiRequest.path = request.url().path(QUrl::FullyDecoded);
    apiRequest.query = request.query();
    for (const auto &[name, value] : request.headers()) {
        if (name.compare("authorization", Qt::CaseInsensitive) == 0) {
            apiRequest.authorization = value;
            break;
        }
    }
    apiRequest.body = request.body();
    apiRequest.remoteAddress = request.remoteAddress();

    m_turn.submit(apiRequest, [socket = QPointer<QTcpSocket>(socket)](const ApiResponse &response) {
        send(socket, serialize(response));
    });
    apiRequest.authorization.fill('\0');
    return true;
}

void HttpFrontend::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // handleRequest() answers everything, including unknown routes; this is only reached if
    // QtHttpServer itself gives up on a request.
    makeResponder(request, socket).write(QHttpServerResponder::StatusCode::NotFound);
}

} // namespace keyright::server
