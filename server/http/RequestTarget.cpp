#include "http/RequestTarget.h"

#include "wire/ErrorBody.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

ApiError badTarget(const QString &message)
{
    return ApiError {400, QString::fromUtf16(errorcode::badRequest), message, {}, {}};
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool isUnreserved(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
        || c == '_' || c == '~';
}

// `text` with every %XX replaced by its byte. Where a "%" is not followed by two hex digits,
// nullopt, with *malformed set to what follows the "%" (at most three bytes, for the message).
struct Decoded
{
    QByteArray bytes;
    QByteArray escapedUnreserved; // the first escape of an unreserved character ("%6D"), if any
    QByteArray escapedSlash; // the first escape of "/" as sent ("%2F" or "%2f"), if any
};
std::optional<Decoded> percentDecoded(QByteArrayView text, QByteArray *malformed)
{
    Decoded out;
    out.bytes.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out.bytes.append(text[i]);
            continue;
        }
        const int high = i + 1 < text.size() ? hexValue(text[i + 1]) : -1;
        const int low = i + 2 < text.size() ? hexValue(text[i + 2]) : -1;
        if (high < 0 || low < 0) {
            *malformed = text.sliced(i, std::min<qsizetype>(3, text.size() - i)).toByteArray();
            return std::nullopt;
        }
        const char byte = char(high * 16 + low);
        if (byte == '/') {
            if (out.escapedSlash.isEmpty())
                out.escapedSlash = text.sliced(i, 3).toByteArray();
        } else if (isUnreserved(byte) && out.escapedUnreserved.isEmpty())
            out.escapedUnreserved = text.sliced(i, 3).toByteArray();
        out.bytes.append(byte);
        i += 2;
    }
    return out;
}

// The bytes as UTF-8 text, or nullopt when they are not UTF-8 (an overlong form, an encoded
// surrogate, a stray continuation byte, a truncated sequence).
std::optional<QString> utf8(QByteArrayView bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8,
                           QStringDecoder::Flag::Stateless | QStringDecoder::Flag::ConvertInitialBom);
    QString text = decoder(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

} // namespace

std::optional<RequestTarget> RequestTarget::decode(QByteArrayView target, ApiError *error)
{
    const auto fail = [error](ApiError refusal) -> std::optional<RequestTarget> {
        if (error)
            *error = std::move(refusal);
        return std::nullopt;
    };
    for (const char c : target) {
        if (uchar(c) >= 0x80)
            return fail(
                badTarget(u"the request target has a byte outside ASCII (0x%1); percent-encode it as UTF-8"_s.arg(
                    QString::number(uchar(c), 16).toUpper())));
    }
    if (target.contains('#'))
        return fail(badTarget(u"the request target must not have a fragment (#)"_s));
    const qsizetype question = target.indexOf('?');
    const QByteArrayView path = question < 0 ? target : target.first(question);

    RequestTarget decoded;
    // Split first, decode after: "%2F" stays inside its segment, or rather is refused there.
    qsizetype start = 1;
    while (start <= path.size()) {
        qsizetype end = path.indexOf('/', start);
        if (end < 0)
            end = path.size();
        const QByteArrayView segment = path.sliced(start, end - start);
        QByteArray malformed;
        const auto bytes = percentDecoded(segment, &malformed);
        if (!bytes)
            return fail(badTarget(u"the path has a malformed percent-encoding \"%1\": a \"%\" must be followed by two "
                                  "hex digits"_s.arg(QString::fromLatin1(malformed))));
        if (!bytes->escapedSlash.isEmpty())
            // As sent: a message quoting "%2F" to someone who typed "%2f" looks like another request.
            return fail(badTarget(u"the path has an encoded \"/\" (%1) inside a segment; no route or identifier of "
                                  "this API has one"_s.arg(QString::fromLatin1(bytes->escapedSlash))));
        if (!bytes->escapedUnreserved.isEmpty())
            return fail(badTarget(
                u"the path sends \"%1\" percent-encoded as %2; send letters, digits and - . _ ~ "
                "as they are"_s.arg(QString::fromLatin1(QByteArray::fromPercentEncoding(bytes->escapedUnreserved)),
                                    QString::fromLatin1(bytes->escapedUnreserved))));
        if (segment == "." || segment == "..")
            return fail(badTarget(u"the path has a \"%1\" segment; send the path without dot segments"_s.arg(
                QString::fromLatin1(segment))));
        const auto text = utf8(bytes->bytes);
        if (!text)
            return fail(badTarget(u"the path is not UTF-8 once percent-decoded"_s));
        decoded.path += u'/' + *text;
        start = end + 1;
    }

    if (question < 0)
        return decoded;
    const QByteArrayView query = target.sliced(question + 1);
    qsizetype itemStart = 0;
    while (itemStart <= query.size()) {
        qsizetype itemEnd = query.indexOf('&', itemStart);
        if (itemEnd < 0)
            itemEnd = query.size();
        const QByteArrayView item = query.sliced(itemStart, itemEnd - itemStart);
        itemStart = itemEnd + 1;
        const qsizetype equals = item.indexOf('=');
        const QByteArrayView key = equals < 0 ? item : item.first(equals);
        const QByteArrayView value = equals < 0 ? QByteArrayView() : item.sliced(equals + 1);
        QByteArray malformed;
        const auto keyBytes = percentDecoded(key, &malformed);
        const auto valueBytes = keyBytes ? percentDecoded(value, &malformed) : std::nullopt;
        if (!keyBytes || !valueBytes)
            return fail(
                ApiError::invalid(u"query"_s,
                                  u"the query has a malformed percent-encoding \"%1\": a \"%\" must be followed "
                                  "by two hex digits"_s.arg(QString::fromLatin1(malformed))));
        const auto keyText = utf8(keyBytes->bytes);
        if (!keyText)
            return fail(ApiError::invalid(u"query"_s, u"a query parameter's name is not UTF-8 once percent-decoded"_s));
        if (!utf8(valueBytes->bytes))
            return fail(ApiError::invalid(
                keyText->left(64),
                u"the query parameter \"%1\" is not UTF-8 once percent-decoded; send text as percent-encoded "
                "UTF-8"_s.arg(keyText->left(64))));
    }
    decoded.query = QUrlQuery(QString::fromLatin1(query));
    for (const auto &[key, value] : decoded.query.queryItems(QUrl::FullyDecoded)) {
        if (key.isEmpty())
            return fail(ApiError::invalid(u"query"_s, u"the query has a parameter without a name"_s));
    }
    return decoded;
}

} // namespace keyright::server
