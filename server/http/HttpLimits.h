#pragma once

#include <QtGlobal>

#include <chrono>

namespace keyright::server {

// What one client may make the HTTP front end hold, and for how long (docs/API.md, "Limits").
// Each bound is there so that peak memory and file descriptors stay bounded whatever clients
// send; the defaults leave room for the fleets and benchmarks the server is sized for.
struct HttpLimits
{
    // Connections served at once, and from one remote address. Beyond either, a connection takes
    // one of reservedConnections: it may ask for GET /v1/health (so a probe still gets through
    // while the cap is reached) and anything else gets 503 server_busy; beyond those it is closed
    // as soon as it is accepted.
    int maxConnections = 1000;
    int maxConnectionsPerAddress = 256;
    int reservedConnections = 16;

    // The request line and header fields: total bytes and number of fields (431 beyond either).
    qsizetype maxHeaderBytes = 16 * 1024;
    int maxHeaderFields = 100;
    // Bytes read from a socket and not parsed yet (the header in progress, requests pipelined
    // behind the one being answered). The body itself is bounded by request::maxBodyBytes (413).
    qsizetype maxBufferedBytes = 32 * 1024;

    // From the first byte of a request to the end of its header (408 and close).
    std::chrono::milliseconds headerTimeout {10'000};
    // From the end of the header to the end of the body.
    std::chrono::milliseconds bodyTimeout {30'000};
    // A kept-alive connection with no request in progress is closed after this long.
    std::chrono::milliseconds idleTimeout {120'000};
    // A connection on a reserved slot has this long to send its whole request.
    std::chrono::milliseconds reservedTimeout {1'000};
    // After a refusal that closes the connection, what the client still sends is read and dropped
    // for this long, so that the answer reaches it before the close (a close with unread data
    // makes the kernel reset the connection, which can destroy the answer in flight).
    std::chrono::milliseconds lingerTimeout {2'000};
};

} // namespace keyright::server
