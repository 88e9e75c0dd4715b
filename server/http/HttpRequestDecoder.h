#pragma once

#include "http/ApiError.h"
#include "http/ApiMessages.h"
#include "http/HttpLimits.h"
#include "http/RequestTarget.h"

#include <QByteArray>
#include <QByteArrayView>

#include <memory>

namespace keyright::server {

// Turns the bytes of one connection into requests, one at a time, or into the one refusal that
// ends the connection. Pure and socket-free, so the unit tests and the fuzz target drive it
// directly. The HTTP/1.1 grammar itself is Boost.Beast's strict parser (invalid or duplicate
// Content-Length, Content-Length with Transfer-Encoding, bad chunks, bad request lines and header
// lines are its refusals); this class adds what Beast leaves to the server: one transfer coding
// only ("chunked"), a single Content-Length and Authorization, a header field count, methods HTTP
// defines, origin-form targets, and the mapping of every refusal onto an API error
// (400, 413, 431, 501, 505) that names the problem.
//
// Memory is bounded by the limits: at most maxBufferedBytes of unparsed input (room() says how
// much more may be appended) plus one body of at most maxBodyBytes.
class HttpRequestDecoder
{
public:
    enum class Status {
        NeedMore, // everything buffered is parsed; append more
        Request, // a whole request is ready: takeRequest()
        Rejected, // the input is refused: rejection(); the connection must close
    };
    // Where the request being read is; the connection's timeouts follow it.
    enum class Phase { Idle, Header, Body };

    struct Decoded
    {
        ApiRequest request; // remoteAddress is left to the caller
        int version = 11; // 10 or 11
        bool keepAlive = true; // what the request asked for (HTTP/1.0 and Connection: close say no)
    };

    HttpRequestDecoder(const HttpLimits &limits, qsizetype maxBodyBytes);
    ~HttpRequestDecoder();
    HttpRequestDecoder(const HttpRequestDecoder &) = delete;
    HttpRequestDecoder &operator=(const HttpRequestDecoder &) = delete;

    // Bytes that may still be appended before the buffer limit is reached.
    qsizetype room() const;
    // Appends received bytes; at most room() of them are kept.
    void append(QByteArrayView bytes);
    // Parses as far as the buffered bytes go. After Request, call takeRequest() before decoding
    // again; after Rejected, nothing more is decoded.
    Status decode();
    Decoded takeRequest();
    const ApiError &rejection() const { return m_rejection; }
    Phase phase() const;
    // True once for a request whose header asked for "Expect: 100-continue" and was accepted.
    bool takeContinue();

private:
    struct Parser;

    Status reject(ApiError error);
    // The checks Beast leaves to the server, once the header is complete.
    std::optional<ApiError> checkHeader();
    std::optional<ApiError> buildRequest();
    // A refusal of the request line that Beast calls "bad version": 505 when the version is
    // well-formed but not 1.0 or 1.1, 400 when it is malformed.
    ApiError versionRejection() const;
    // Obs-fold and bare LF in the header of the request in progress, from m_buffer[from] on.
    std::optional<ApiError> scanHeaderLines(qsizetype from);
    // A bare LF or a trailer at a chunk boundary; `rest` is the unparsed input from there.
    std::optional<ApiError> checkChunkLine(QByteArrayView rest) const;
    static ApiError trailerRefusal();

    HttpLimits m_limits;
    qsizetype m_maxBodyBytes;
    QByteArray m_buffer;
    std::unique_ptr<Parser> m_parser; // the request in progress; null between requests
    bool m_headerChecked = false;
    qsizetype m_headerBytes = 0; // of the request in progress, parsed so far
    std::ptrdiff_t m_headerFields = 0; // of the request in progress, once its header is checked
    static constexpr qsizetype maxEmptyLineBytes = 4; // CR and LF bytes skipped before a request line
    qsizetype m_emptyLineBytes = 0; // skipped so far before the next request
    struct HeaderScan
    {
        qsizetype next = 0; // index in m_buffer of the next byte to look at
        char previous = 0;
        qsizetype lineBytes = 0; // of the line so far, CR not counted
        bool firstLine = true; // the request line
        bool headerEnded = false; // the empty line was seen
    };
    HeaderScan m_scan;
    bool m_continue = false;
    bool m_rejected = false;
    ApiError m_rejection;
    Decoded m_decoded;
    RequestTarget m_target; // of the request in progress, once its header is checked
};

} // namespace keyright::server
