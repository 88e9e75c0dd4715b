#include "HttpFrontend.h"

#include "ApiMessages.h"
#include "HttpApi.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>

namespace keyright {

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

} // namespace

HttpFrontend::HttpFrontend(HttpApi &api, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_api(api)
{ }

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

    const ApiResponse response = m_api.handle(apiRequest);
    apiRequest.authorization.fill('\0');

    QHttpServerResponder responder = makeResponder(request, socket);
    responder.writeStatusLine(QHttpServerResponder::StatusCode(response.status));
    for (const auto &[name, value] : response.headers)
        responder.writeHeader(name, value);
    if (response.status != 204) {
        responder.writeHeader("Content-Type", response.contentType);
        responder.writeHeader("Content-Length", QByteArray::number(response.body.size()));
    }
    responder.writeHeader("Cache-Control", "no-store");
    responder.writeBody(response.body);
    return true;
}

void HttpFrontend::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // handleRequest() answers everything, including unknown routes; this is only reached if
    // QtHttpServer itself gives up on a request.
    makeResponder(request, socket).write(QHttpServerResponder::StatusCode::NotFound);
}

} // namespace keyright
