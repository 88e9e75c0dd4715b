#include "http/HttpRequestDecoder.h"

#include "wire/ErrorBody.h"

#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace http = boost::beast::http;

struct HttpRequestDecoder::Parser
{
    http::request_parser<http::string_body> beast;
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
    // The request line, as far as it is buffered: METHOD SP TARGET SP HTTP/x.y
    const qsizetype end = m_buffer.indexOf('\n');
    QByteArrayView line = QByteArrayView(m_buffer).first(end < 0 ? m_buffer.size() : end);
    if (line.endsWith('\r'))
        line.chop(1);
    const qsizetype space = line.lastIndexOf(' ');
    const QByteArrayView version = space < 0 ? QByteArrayView() : line.sliced(space + 1);
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
    if (std::distance(message.begin(), message.end()) > m_limits.maxHeaderFields)
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

    const auto target = message.target();
    if (target.empty() || target.front() != '/')
        return badRequest(u"the request target \"%1\" is not a path such as /v1/health"_s.arg(
            quoted(std::string_view(target.data(), target.size()))));

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
    const auto target = message.target();
    const QByteArray encoded(target.data(), qsizetype(target.size()));
    const qsizetype question = encoded.indexOf('?');
    const QByteArray encodedPath = question < 0 ? encoded : encoded.first(question);
    if (encoded.contains('#'))
        return badRequest(u"the request target must not have a fragment (#)"_s);

    ApiRequest &request = m_decoded.request;
    request = ApiRequest();
    request.method = QByteArray(message.method_string().data(), qsizetype(message.method_string().size()));
    request.path = QUrl::fromPercentEncoding(encodedPath);
    if (question >= 0) {
        request.query = QUrlQuery(QString::fromUtf8(encoded.sliced(question + 1)));
        for (const auto &[key, value] : request.query.queryItems(QUrl::FullyDecoded)) {
            if (key.isEmpty())
                return ApiError::invalid(u"query"_s, u"the query has a parameter without a name"_s);
        }
    }
    if (const auto authorization = message.find(http::field::authorization); authorization != message.end()) {
        const auto value = authorization->value();
        request.authorization = QByteArray(value.data(), qsizetype(value.size()));
        // Beast's copy of the credential is wiped before it is freed (the buffer's copy is wiped
        // in decode()); the storage is Beast's own allocation, not a constant.
        std::fill_n(const_cast<char *>(value.data()), value.size(), '\0');
    }
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
