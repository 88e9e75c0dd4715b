#include "http/HttpRequestDecoder.h"

#include "wire/ErrorBody.h"

#include <algorithm>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cctype>
#include <functional>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace http = boost::beast::http;

struct HttpRequestDecoder::Parser
{
    Parser()
    {
        onChunkHeader = [this](std::uint64_t size, boost::beast::string_view, boost::system::error_code &) {
            announced += size;
            if (size > 0)
                ++dataChunks;
        };
        beast.on_chunk_header(onChunkHeader);
    }
    Parser(const Parser &) = delete;
    Parser &operator=(const Parser &) = delete;

    // Whether the next bytes of a chunked body are a chunk's data rather than one of its lines.
    bool inChunkData() { return beast.get().body().size() < announced; }

    http::request_parser<http::string_body> beast;
    std::uint64_t announced = 0; // bytes of chunk data announced by the chunk-size lines so far
    std::uint64_t dataChunks = 0; // chunks with data, so far
    std::function<void(std::uint64_t, boost::beast::string_view, boost::system::error_code &)> onChunkHeader;
};

namespace {

ApiError badRequest(const QString &message)
{
    return ApiError {400, QString::fromUtf16(errorcode::badRequest), message, {}, {}};
}

// What the client sent, made safe to quote in a message: printable ASCII, at most 40 bytes.
QString quoted(std::string_view text)
{
    QString out;
    for (const char c : text.substr(0, 40))
        out += (c >= 0x20 && c < 0x7f) ? QChar::fromLatin1(c) : u'?';
    if (text.size() > 40)
        out += u"...";
    return out;
}

bool isDecimal(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x | 0x20) == (y | 0x20) && ((x >= 'A' && x <= 'Z') || (x >= 'a' && x <= 'z') || x == y);
           });
}

} // namespace

HttpRequestDecoder::HttpRequestDecoder(const HttpLimits &limits, qsizetype maxBodyBytes)
    : m_limits(limits)
    , m_maxBodyBytes(maxBodyBytes)
{ }

HttpRequestDecoder::~HttpRequestDecoder() = default;

qsizetype HttpRequestDecoder::room() const
{
    return std::max<qsizetype>(0, m_limits.maxBufferedBytes - m_buffer.size());
}

void HttpRequestDecoder::append(QByteArrayView bytes)
{
    m_buffer.append(bytes.first(std::min(bytes.size(), room())));
}

HttpRequestDecoder::Phase HttpRequestDecoder::phase() const
{
    if (m_parser)
        return m_parser->beast.is_header_done() ? Phase::Body : Phase::Header;
    return m_buffer.isEmpty() ? Phase::Idle : Phase::Header;
}

bool HttpRequestDecoder::takeContinue()
{
    return std::exchange(m_continue, false);
}

HttpRequestDecoder::Status HttpRequestDecoder::reject(ApiError error)
{
    m_rejected = true;
    m_rejection = std::move(error);
    m_parser.reset();
    m_buffer.clear();
    return Status::Rejected;
}

ApiError HttpRequestDecoder::versionRejection() const
{
    // The request line, as far as it is buffered: METHOD SP TARGET SP HTTP/x.y CRLF. Beast only
    // says the version is bad; it also says so when the target has a space in it ("GET /a b
    // HTTP/1.1" reads as the target "/a" and the version "b HTTP/1.1") or the line does not end
    // right after the version.
    const qsizetype end = m_buffer.indexOf('\n');
    QByteArrayView line = QByteArrayView(m_buffer).first(end < 0 ? m_buffer.size() : end);
    if (line.endsWith('\r'))
        line.chop(1);
    const qsizetype afterMethod = line.indexOf(' ');
    const qsizetype afterTarget = afterMethod < 0 ? -1 : line.indexOf(' ', afterMethod + 1);
    const QByteArrayView version = afterTarget < 0 ? QByteArrayView() : line.sliced(afterTarget + 1);
    if (version.contains(' '))
        return badRequest(u"malformed request line: the request target has a space in it (send it as %20), or the "
                          "parts are not separated by single spaces"_s);
    if (version == "HTTP/1.1" || version == "HTTP/1.0")
        return badRequest(u"malformed request line: it must end in CRLF right after the HTTP version"_s);
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (version.size() == 8 && version.startsWith("HTTP/") && digit(version[5]) && version[6] == '.'
        && digit(version[7]))
        return ApiError {505,
                         QString::fromUtf16(errorcode::httpVersionNotSupported),
                         u"%1 is not supported; send HTTP/1.1 (or HTTP/1.0)"_s.arg(QString::fromLatin1(version)),
                         {},
                         {}};
    return badRequest(u"malformed request line: the HTTP version must be HTTP/1.1 or HTTP/1.0"_s);
}

std::optional<ApiError> HttpRequestDecoder::scanHeaderLines(qsizetype from)
{
    // What Beast reads leniently in a header, looked at before Beast sees the bytes: it unfolds a
    // field continued on the next line (obs-fold) into one value, where a proxy in front may read
    // two fields or refuse it, and it waits for a CRLF that a client ending its lines in a bare LF
    // never sends. Each byte of a header is looked at once, however the bytes were cut into reads.
    for (qsizetype i = std::max(from, m_scan.next); i < m_buffer.size() && !m_scan.headerEnded; ++i) {
        const char c = m_buffer.at(i);
        if (c == '\n') {
            if (m_scan.previous != '\r')
                return badRequest(u"malformed request: a line ends in a bare LF; lines must end in CRLF"_s);
            m_scan.headerEnded = m_scan.lineBytes == 0 && !m_scan.firstLine;
            m_scan.firstLine = false;
            m_scan.lineBytes = 0;
        } else {
            if (m_scan.previous == '\n' && (c == ' ' || c == '\t'))
                return badRequest(u"malformed header: a header field is folded onto a line starting with a space or "
                                  "tab (obs-fold); send each field on one line"_s);
            if (c != '\r')
                ++m_scan.lineBytes;
        }
        m_scan.previous = c;
        m_scan.next = i + 1;
    }
    return std::nullopt;
}

ApiError HttpRequestDecoder::trailerRefusal()
{
    return badRequest(u"trailer fields after a chunked body are not accepted; send them as header fields"_s);
}

std::optional<ApiError> HttpRequestDecoder::checkChunkLine(QByteArrayView rest) const
{
    // At a chunk boundary Beast waits for a CRLF however long a bare-LF line goes on, until the
    // body timeout; and it adds trailer fields to the header after checkHeader() has looked at it.
    const auto malformed
        = [] { return badRequest(u"malformed chunked body: its lines must end in CRLF, and chunk data in CRLF"_s); };
    if (m_parser->dataChunks > 0) {
        // The CRLF that ends the previous chunk's data.
        if ((rest.size() >= 1 && rest[0] != '\r') || (rest.size() >= 2 && rest[1] != '\n'))
            return malformed();
        rest = rest.sliced(std::min<qsizetype>(2, rest.size()));
    }
    const qsizetype end = rest.indexOf('\n');
    if (end < 0)
        return std::nullopt;
    if (end == 0 || rest[end - 1] != '\r')
        return malformed();
    qsizetype zeros = 0;
    while (zeros < end && rest[zeros] == '0')
        ++zeros;
    const bool lastChunk = zeros > 0 && !std::isxdigit(uchar(rest[zeros]));
    if (!lastChunk)
        return std::nullopt;
    const QByteArrayView after = rest.sliced(end + 1);
    if (after.isEmpty())
        return std::nullopt;
    if (after[0] != '\r' && after[0] != '\n')
        return trailerRefusal();
    if (after[0] != '\r' || (after.size() >= 2 && after[1] != '\n'))
        return malformed();
    return std::nullopt;
}

std::optional<ApiError> HttpRequestDecoder::checkHeader()
{
    const auto &message = m_parser->beast.get();
    if (message.version() != 10 && message.version() != 11)
        return ApiError {
            505, QString::fromUtf16(errorcode::httpVersionNotSupported), u"send HTTP/1.1 (or HTTP/1.0)"_s, {}, {}};
    // A method HTTP defines reaches the routes, which answer 404 or 405 with the methods the path
    // has; one it does not define is not implemented anywhere here.
    if (message.method() == http::verb::unknown) {
        const std::string_view method(message.method_string().data(), message.method_string().size());
        return ApiError {
            501,
            QString::fromUtf16(errorcode::notImplemented),
            u"the method %1 is not implemented; this API uses GET, POST, PUT and DELETE"_s.arg(quoted(method)),
            {},
            {}};
    }
    m_headerFields = std::distance(message.begin(), message.end());
    if (m_headerFields > m_limits.maxHeaderFields)
        return ApiError {431,
                         QString::fromUtf16(errorcode::headersTooLarge),
                         u"the request has more than %1 header fields"_s.arg(m_limits.maxHeaderFields),
                         {},
                         {}};

    // Beast accepts a repeated Content-Length with the same value and a list of equal values;
    // a proxy in front may read either differently, so only one plain number is accepted.
    const auto lengths = message.equal_range(http::field::content_length);
    if (std::distance(lengths.first, lengths.second) > 1)
        return badRequest(u"Content-Length is given more than once"_s);
    if (lengths.first != lengths.second) {
        const auto value = lengths.first->value();
        if (!isDecimal(trimmed(std::string_view(value.data(), value.size()))))
            return badRequest(u"Content-Length \"%1\" is not a number of bytes"_s.arg(
                quoted(std::string_view(value.data(), value.size()))));
    }
    // Beast accepts any list that ends in chunked ("gzip, chunked"); no coding but chunked is
    // implemented here, so anything else would be a body read differently from what was sent.
    const auto codings = message.equal_range(http::field::transfer_encoding);
    if (codings.first != codings.second) {
        const auto value = codings.first->value();
        const std::string_view coding(value.data(), value.size());
        if (!equalsIgnoringCase(trimmed(coding), "chunked"))
            return badRequest(u"Transfer-Encoding \"%1\" is not accepted; only chunked is"_s.arg(quoted(coding)));
    }
    const auto credentials = message.equal_range(http::field::authorization);
    if (std::distance(credentials.first, credentials.second) > 1)
        return badRequest(u"Authorization is given more than once"_s);
    // RFC 9112, 3.2: exactly one Host in HTTP/1.1, at most one in HTTP/1.0.
    const auto hosts = message.equal_range(http::field::host);
    const auto hostCount = std::distance(hosts.first, hosts.second);
    if (hostCount > 1)
        return badRequest(u"Host is given more than once"_s);
    if (hostCount == 0 && message.version() == 11)
        return badRequest(u"the request has no Host header field; HTTP/1.1 requires one"_s);
    if (hostCount == 1) {
        const auto value = hosts.first->value();
        const std::string_view host = trimmed(std::string_view(value.data(), value.size()));
        const bool valid = std::all_of(host.begin(), host.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || std::string_view("-._~!$&'()*+,;=:[]%").find(c) != std::string_view::npos;
        });
        if (!valid)
            return badRequest(u"Host \"%1\" is not a host name or address with an optional port"_s.arg(quoted(host)));
    }

    const auto target = message.target();
    if (target.empty() || target.front() != '/')
        return badRequest(u"the request target \"%1\" is not a path such as /v1/health"_s.arg(
            quoted(std::string_view(target.data(), target.size()))));
    // Decoded now, so that a target read two ways is refused before any of the body is read.
    ApiError refusal;
    auto decoded = RequestTarget::decode(QByteArrayView(target.data(), qsizetype(target.size())), &refusal);
    if (!decoded)
        return refusal;
    m_target = std::move(*decoded);

    const auto expect = message.find(http::field::expect);
    if (expect != message.end() && !m_parser->beast.is_done()) {
        const auto value = expect->value();
        m_continue = equalsIgnoringCase(trimmed(std::string_view(value.data(), value.size())), "100-continue");
    }
    return std::nullopt;
}

std::optional<ApiError> HttpRequestDecoder::buildRequest()
{
    auto message = m_parser->beast.release();
    ApiRequest &request = m_decoded.request;
    request = ApiRequest();
    if (const auto authorization = message.find(http::field::authorization); authorization != message.end()) {
        const auto value = authorization->value();
        request.authorization = QByteArray(value.data(), qsizetype(value.size()));
        // Beast's copy of the credential is wiped before it is freed (the buffer's copy is wiped
        // in decode()); the storage is Beast's own allocation, not a constant.
        std::fill_n(const_cast<char *>(value.data()), value.size(), '\0');
    }
    request.method = QByteArray(message.method_string().data(), qsizetype(message.method_string().size()));
    request.path = std::move(m_target.path);
    request.query = std::move(m_target.query);
    m_target = RequestTarget();
    std::string &body = message.body();
    request.body = QByteArray(body.data(), qsizetype(body.size()));
    m_decoded.version = int(message.version());
    m_decoded.keepAlive = message.keep_alive();
    return std::nullopt;
}

HttpRequestDecoder::Status HttpRequestDecoder::decode()
{
    if (m_rejected)
        return Status::Rejected;
    qsizetype offset = 0;
    // Drops what was parsed, wiped first: it may hold a credential.
    const auto keep = [&] {
        if (offset > 0) {
            std::fill_n(m_buffer.data(), offset, '\0');
            m_buffer.remove(0, offset);
            m_scan.next = std::max<qsizetype>(0, m_scan.next - offset);
        }
    };
    for (;;) {
        if (!m_parser) {
            // A client may send an empty line or two between requests (RFC 9112, 2.2): at most
            // four bytes of them, counted over every read, so that the verdict is the same however
            // the bytes were cut (found by the hour-long tst_fuzzdecoding run).
            while (offset < m_buffer.size() && (m_buffer[offset] == '\r' || m_buffer[offset] == '\n')
                   && m_emptyLineBytes < maxEmptyLineBytes) {
                ++offset;
                ++m_emptyLineBytes;
            }
            if (offset == m_buffer.size()) {
                keep();
                return Status::NeedMore;
            }
            m_parser = std::make_unique<Parser>();
            m_parser->beast.header_limit(std::uint32_t(m_limits.maxHeaderBytes));
            m_parser->beast.body_limit(std::uint64_t(m_maxBodyBytes));
            // Stop once the header is parsed, so that it is checked before any of the body is read.
            m_parser->beast.eager(false);
            m_headerChecked = false;
            m_headerBytes = 0;
            m_scan = HeaderScan {};
            m_scan.next = offset;
        }
        if (!m_scan.headerEnded) {
            if (auto refused = scanHeaderLines(offset)) {
                keep();
                return reject(std::move(*refused));
            }
        }
        if (m_parser->beast.is_header_done() && m_parser->beast.chunked() && !m_parser->inChunkData()) {
            if (auto refused = checkChunkLine(QByteArrayView(m_buffer).sliced(offset))) {
                keep();
                return reject(std::move(*refused));
            }
        }
        if (offset == m_buffer.size()) {
            keep();
            return Status::NeedMore;
        }
        // Beast 1.74 asserts that a chunked body it stopped in at its final chunk comes back with at
        // least the five bytes "0\r\n\r\n"; a complete message always has them, so wait for them
        // rather than hand it fewer (a body arriving a byte at a time; found by tst_fuzzdecoding).
        if (m_parser->beast.is_header_done() && m_parser->beast.chunked() && m_buffer.size() - offset < 5) {
            keep();
            return Status::NeedMore;
        }
        boost::system::error_code error;
        const std::size_t used = m_parser->beast.put(
            boost::asio::const_buffer(m_buffer.constData() + offset, std::size_t(m_buffer.size() - offset)), error);
        offset += qsizetype(used);
        if (!m_headerChecked)
            m_headerBytes += qsizetype(used);
        // Beast applies its header limit to the start line and to the fields apart once the
        // start line has come in a read of its own, so the total is bounded here, the same
        // however the bytes were cut (found by tst_fuzzdecoding).
        const bool headerTooLarge = !m_parser->beast.is_header_done()
            ? error == http::error::need_more && m_headerBytes + (m_buffer.size() - offset) > m_limits.maxHeaderBytes
            : !m_headerChecked && m_headerBytes > m_limits.maxHeaderBytes;
        if (headerTooLarge)
            error = http::error::header_limit;
        if (error == http::error::need_more) {
            keep();
            // Beast may have stopped at a chunk line after reading chunks in this call.
            if (m_parser->beast.is_header_done() && m_parser->beast.chunked() && !m_parser->inChunkData()) {
                if (auto refused = checkChunkLine(m_buffer))
                    return reject(std::move(*refused));
            }
            // Beast waits for the end of a chunk-size line, its extensions or a trailer however
            // long it is; a full buffer would stall the connection until its timeout.
            if (room() == 0 && m_parser->beast.is_header_done())
                return reject(
                    badRequest(u"a line of the chunked body (chunk size, extensions or trailer) is over %1 bytes"_s.arg(
                        m_limits.maxBufferedBytes)));
            return Status::NeedMore;
        }
        if (error) {
            keep();
            if (error == http::error::header_limit)
                return reject(
                    ApiError {431,
                              QString::fromUtf16(errorcode::headersTooLarge),
                              u"the request line and header fields are over %1 bytes"_s.arg(m_limits.maxHeaderBytes),
                              {},
                              {}});
            if (error == http::error::body_limit)
                return reject(ApiError {413,
                                        QString::fromUtf16(errorcode::payloadTooLarge),
                                        u"the request body is over %1 bytes, the most accepted"_s.arg(m_maxBodyBytes),
                                        {},
                                        {}});
            if (error == http::error::bad_version)
                return reject(versionRejection());
            if (error == http::error::bad_method)
                return reject(badRequest(
                    u"malformed request line: it does not start with a method (a TLS client on a plain HTTP port?)"_s));
            if (error == http::error::bad_target)
                return reject(badRequest(u"malformed request line: expected METHOD /path HTTP/1.1"_s));
            if (error == http::error::bad_field || error == http::error::bad_value)
                return reject(badRequest(u"malformed header line: expected Name: value"_s));
            if (error == http::error::bad_content_length)
                return reject(badRequest(u"Content-Length is not one number of bytes"_s));
            if (error == http::error::bad_transfer_encoding)
                return reject(
                    badRequest(u"Transfer-Encoding must be chunked alone, given once, and without Content-Length"_s));
            if (error == http::error::bad_chunk || error == http::error::bad_chunk_extension)
                return reject(badRequest(u"malformed chunked body"_s));
            if (error == http::error::bad_line_ending)
                return reject(badRequest(u"malformed request: lines must end in CRLF"_s));
            return reject(badRequest(u"malformed request: %1"_s.arg(QString::fromStdString(error.message()))));
        }
        if (m_parser->beast.is_header_done() && !m_headerChecked) {
            m_headerChecked = true;
            if (auto refused = checkHeader()) {
                keep();
                return reject(std::move(*refused));
            }
            m_parser->beast.eager(true);
        }
        if (m_parser->beast.is_done()) {
            keep();
            // Beast adds the trailer fields of a chunked body to the header checkHeader() has
            // checked (a second Authorization, a Host); a body read in one go reaches here
            // without checkChunkLine() seeing its end.
            const auto &message = m_parser->beast.get();
            if (std::distance(message.begin(), message.end()) != m_headerFields) {
                m_parser.reset();
                return reject(trailerRefusal());
            }
            auto refused = buildRequest();
            m_parser.reset();
            m_emptyLineBytes = 0;
            if (refused)
                return reject(std::move(*refused));
            return Status::Request;
        }
        if (used == 0) {
            keep();
            return Status::NeedMore;
        }
    }
}

HttpRequestDecoder::Decoded HttpRequestDecoder::takeRequest()
{
    return std::exchange(m_decoded, Decoded());
}

} // namespace keyright::server
