#include "LeaseJson.h"

#include "Timestamps.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The largest integer every JSON implementation reads exactly (JavaScript's
// Number.MAX_SAFE_INTEGER); above it a generation could silently round to a neighbour.
constexpr qint64 maxJsonGeneration = (qint64 {1} << 53) - 1;
constexpr int signatureSize = 64;

bool fail(ValidationError *error, const QString &field, const QString &message)
{
    if (error)
        *error = ValidationError {field, message};
    return false;
}

bool readString(const QJsonObject &object, const QString &field, QString *out, ValidationError *error)
{
    const auto it = object.constFind(field);
    if (it == object.constEnd())
        return fail(error, field, u"%1 is missing."_s.arg(field));
    if (!it->isString())
        return fail(error, field, u"%1 must be a string."_s.arg(field));
    *out = it->toString();
    return true;
}

bool readTimestamp(const QJsonObject &object, const QString &field, QDateTime *out, ValidationError *error)
{
    QString text;
    if (!readString(object, field, &text, error))
        return false;
    const std::optional<QDateTime> time = parseTimestamp(text);
    if (!time)
        return fail(
            error, field,
            u"%1 must be a UTC timestamp with milliseconds such as 2026-11-29T21:00:00.000Z (got \"%2\")."_s.arg(
                field, text.left(64)));
    *out = *time;
    return true;
}

} // namespace

QJsonObject leaseToJson(const SeatLease &lease)
{
    QJsonObject json {
        {u"licenseId"_s, lease.licenseId},
        {u"seatId"_s, lease.seatId},
        {u"holder"_s, lease.holder},
        {u"generation"_s, static_cast<qint64>(lease.generation)},
        {u"issuedAt"_s, formatTimestamp(lease.issuedAt)},
        {u"expiresAt"_s, formatTimestamp(lease.expiresAt)},
        {u"signature"_s, QString::fromLatin1(lease.signature.toBase64())},
    };
    // Absent for an ordinary lease, so older readers see exactly the v1 object they know.
    if (lease.borrowed)
        json.insert(u"borrowed"_s, true);
    return json;
}

std::optional<SeatLease> leaseFromJson(const QJsonValue &json, ValidationError *error)
{
    if (!json.isObject()) {
        fail(error, u"lease"_s, u"A lease must be a JSON object."_s);
        return std::nullopt;
    }
    const QJsonObject object = json.toObject();
    SeatLease lease;

    if (!readString(object, u"licenseId"_s, &lease.licenseId, error))
        return std::nullopt;
    if (!isValidLicenseId(lease.licenseId)) {
        fail(error, u"licenseId"_s, u"licenseId must be %1."_s.arg(licenseIdRule()));
        return std::nullopt;
    }

    if (!readString(object, u"seatId"_s, &lease.seatId, error))
        return std::nullopt;
    if (!isValidSeatId(lease.seatId)) {
        fail(error, u"seatId"_s, u"seatId must be %1."_s.arg(seatIdRule()));
        return std::nullopt;
    }

    if (!readString(object, u"holder"_s, &lease.holder, error))
        return std::nullopt;
    QString why;
    if (!validateHolder(lease.holder, &why)) {
        fail(error, u"holder"_s, why);
        return std::nullopt;
    }

    const auto generation = object.constFind(u"generation"_s);
    if (generation == object.constEnd()) {
        fail(error, u"generation"_s, u"generation is missing."_s);
        return std::nullopt;
    }
    // toInteger() gives the default for anything that is not a whole number, including 1.5 and 1e300.
    const qint64 number = generation->isDouble() ? generation->toInteger(-1) : -1;
    if (number < 0 || number > maxJsonGeneration) {
        fail(error, u"generation"_s,
             u"generation must be a whole number from 0 to %1, written as a JSON number."_s.arg(maxJsonGeneration));
        return std::nullopt;
    }
    lease.generation = static_cast<quint64>(number);

    if (!readTimestamp(object, u"issuedAt"_s, &lease.issuedAt, error)
        || !readTimestamp(object, u"expiresAt"_s, &lease.expiresAt, error))
        return std::nullopt;

    QString signature;
    if (!readString(object, u"signature"_s, &signature, error))
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(signature.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    bool isAscii = true;
    for (QChar c : signature)
        isAscii = isAscii && c.unicode() < 0x80;
    if (!isAscii || !decoded) {
        fail(error, u"signature"_s, u"signature must be standard base64."_s);
        return std::nullopt;
    }
    if ((*decoded).size() != signatureSize) {
        fail(error, u"signature"_s,
             u"signature must encode exactly %1 bytes (got %2)."_s.arg(signatureSize).arg((*decoded).size()));
        return std::nullopt;
    }
    lease.signature = *decoded;

    const auto borrowed = object.constFind(u"borrowed"_s);
    if (borrowed != object.constEnd()) {
        if (!borrowed->isBool()) {
            fail(error, u"borrowed"_s, u"borrowed must be true or false when present."_s);
            return std::nullopt;
        }
        lease.borrowed = borrowed->toBool();
    }
    return lease;
}

bool validateHolder(const QString &holder, QString *why)
{
    const auto reject = [why](const QString &message) {
        if (why)
            *why = message;
        return false;
    };
    if (const auto fault = findTextFault(holder)) {
        const QString position = QString::number(fault->position);
        switch (fault->kind) {
        case TextFault::Kind::LoneSurrogate:
            return reject(u"holder is not valid Unicode (a lone surrogate at position %1)."_s.arg(position));
        case TextFault::Kind::Control:
            return reject(u"holder must not contain control characters (%1 at position %2)."_s.arg(
                codePointName(fault->codePoint), position));
        case TextFault::Kind::Noncharacter:
            return reject(u"holder must not contain Unicode non-characters (%1 at position %2)."_s.arg(
                codePointName(fault->codePoint), position));
        case TextFault::Kind::ByteOrderMark:
            return reject(u"holder must not contain a byte order mark (U+FEFF at position %1)."_s.arg(position));
        }
    }
    // Length counts Unicode code points, so "Zoé" is 3 and an emoji is 1, whatever the encoding.
    const qsizetype codePoints = QStringView(holder).toUcs4().size();
    if (codePoints == 0)
        return reject(u"holder must not be empty."_s);
    if (codePoints > maxHolderLength)
        return reject(u"holder must be at most %1 characters (got %2)."_s.arg(maxHolderLength).arg(codePoints));
    return true;
}

} // namespace keyright
