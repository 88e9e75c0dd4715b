#include "wire/Identifiers.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

bool isHexDigit(char16_t c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
}

} // namespace

bool isLowercaseHex(QStringView text)
{
    return std::all_of(text.begin(), text.end(), [](QChar c) { return isHexDigit(c.unicode()); });
}

bool isLowercaseHex(QByteArrayView text)
{
    return std::all_of(text.begin(), text.end(), [](char c) { return isHexDigit(char16_t(uchar(c))); });
}

bool isValidSeatId(QStringView seatId)
{
    return seatId.size() == seatIdLength && isLowercaseHex(seatId);
}

bool isSeatIdPrefix(QStringView prefix)
{
    return !prefix.isEmpty() && prefix.size() <= seatIdLength && isLowercaseHex(prefix);
}

bool isValidReplicaId(QStringView replicaId)
{
    return replicaId.size() == replicaIdLength && isLowercaseHex(replicaId);
}

bool isValidTicketId(QStringView ticketId)
{
    return ticketId.size() == ticketIdLength && isLowercaseHex(ticketId);
}

bool isValidAdminToken(QByteArrayView token)
{
    return token.size() == adminTokenLength && isLowercaseHex(token);
}

bool isValidLicenseKey(QStringView key)
{
    return key.size() == licenseKeyPrefix.size() + licenseKeyHexLength && key.startsWith(licenseKeyPrefix)
        && isLowercaseHex(key.mid(licenseKeyPrefix.size()));
}

bool isValidLicenseId(QStringView licenseId)
{
    if (licenseId.isEmpty() || licenseId.size() > maxLicenseIdLength)
        return false;
    for (qsizetype i = 0; i < licenseId.size(); ++i) {
        const char16_t u = licenseId.at(i).unicode();
        const bool alnum = (u >= u'a' && u <= u'z') || (u >= u'0' && u <= u'9');
        if (!alnum && !(i > 0 && u == u'-'))
            return false;
    }
    return true;
}

QString seatIdRule()
{
    return u"%1 lowercase hex digits"_s.arg(seatIdLength);
}

QString replicaIdRule()
{
    return u"%1 lowercase hex digits"_s.arg(replicaIdLength);
}

QString ticketIdRule()
{
    return u"%1 lowercase hex digits"_s.arg(ticketIdLength);
}

QString adminTokenRule()
{
    return u"%1 lowercase hex digits"_s.arg(adminTokenLength);
}

QString licenseKeyRule()
{
    return u"%1 and %2 lowercase hex digits"_s.arg(licenseKeyPrefix).arg(licenseKeyHexLength);
}

QString licenseIdRule()
{
    return u"1 to %1 of a-z, 0-9 and '-', starting with a letter or digit"_s.arg(maxLicenseIdLength);
}

bool isControlCharacter(char32_t codePoint)
{
    return codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f) || codePoint == 0x2028 || codePoint == 0x2029;
}

bool isNoncharacter(char32_t codePoint)
{
    return QChar::isNonCharacter(codePoint);
}

std::optional<TextFault> findTextFault(QStringView text)
{
    qsizetype position = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        ++position;
        char32_t codePoint = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            codePoint = QChar::surrogateToUcs4(c, text.at(i + 1));
            ++i;
        } else if (c.isSurrogate()) {
            return TextFault {TextFault::Kind::LoneSurrogate, codePoint, position};
        }
        if (isControlCharacter(codePoint))
            return TextFault {TextFault::Kind::Control, codePoint, position};
        if (isNoncharacter(codePoint))
            return TextFault {TextFault::Kind::Noncharacter, codePoint, position};
        if (codePoint == 0xfeff)
            return TextFault {TextFault::Kind::ByteOrderMark, codePoint, position};
    }
    return std::nullopt;
}

QString codePointName(char32_t codePoint)
{
    return u"U+"_s + QString::number(uint(codePoint), 16).toUpper().rightJustified(4, u'0');
}

} // namespace keyright
