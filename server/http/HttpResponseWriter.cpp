#include "http/HttpResponseWriter.h"

namespace keyright::server {

QByteArray HttpResponseWriter::reasonPhrase(int status)
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
    case 408:
        return "Request Timeout";
    case 409:
        return "Conflict";
    case 410:
        return "Gone";
    case 413:
        return "Content Too Large";
    case 415:
        return "Unsupported Media Type";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    case 505:
        return "HTTP Version Not Supported";
    default:
        return status < 300 ? "OK" : status < 500 ? "Client Error" : "Server Error";
    }
}

QByteArray HttpResponseWriter::serialize(const ApiResponse &response, int version, bool keepAlive)
{
    QByteArray bytes;
    bytes.reserve(192 + response.body.size());
    bytes += version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
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
    // HTTP/1.1 keeps the connection open unless told; HTTP/1.0 closes it unless told.
    if (!keepAlive)
        bytes += "Connection: close\r\n";
    else if (version == 10)
        bytes += "Connection: keep-alive\r\n";
    bytes += "Cache-Control: no-store\r\n\r\n";
    bytes += response.body;
    return bytes;
}

ApiResponse HttpResponseWriter::errorResponse(const ApiError &error)
{
    ApiResponse response {error.status, "application/json", error.toBody(), {}, {}, {}, {}};
    if (error.status == 503)
        response.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", "1"));
    return response;
}

QByteArray HttpResponseWriter::continueResponse()
{
    return "HTTP/1.1 100 Continue\r\n\r\n";
}

} // namespace keyright::server
