#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"

#include <QByteArray>

namespace keyright::server {

// Writes an answer as the bytes of one HTTP/1.x response. The whole answer is one buffer so that
// the transport can hold it until the request turn has committed and then hand it to the kernel
// in one write. A writer, not a parser: nothing here reads what a client sent.
class HttpResponseWriter
{
public:
    // `version` is the request's (10 or 11): a 1.0 client gets a 1.0 status line. Without
    // keep-alive the answer says "Connection: close" and the connection is closed after it.
    static QByteArray serialize(const ApiResponse &response, int version, bool keepAlive);
    static ApiResponse errorResponse(const ApiError &error);
    // The interim answer to "Expect: 100-continue".
    static QByteArray continueResponse();
    static QByteArray reasonPhrase(int status);
};

} // namespace keyright::server
