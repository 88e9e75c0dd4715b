#pragma once

#include <QByteArrayView>
#include <QLatin1StringView>
#include <QString>
#include <QStringView>

#include <optional>

// The identifiers of the v1 API, spelled out once for the server and the client (docs/API.md).
// Every layer that checks an id calls these; the *Rule() texts say the same rule in words so that
// error messages agree with the check.
namespace keyright {

constexpr qsizetype seatIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype replicaIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype ticketIdLength = 32; // 128 random bits as lowercase hex
constexpr qsizetype adminTokenLength = 64; // 256 random bits as lowercase hex
constexpr qsizetype licenseKeyHexLength = 64; // 256 random bits after the prefix
constexpr QLatin1StringView licenseKeyPrefix {"kr1-"};
constexpr qsizetype maxLicenseIdLength = 64;

// Only 0-9 and a-f (an empty text is all hex).
bool isLowercaseHex(QStringView text);
bool isLowercaseHex(QByteArrayView text);

// Seat ids are 32 lowercase hex digits.
bool isValidSeatId(QStringView seatId);
// A non-empty beginning of a seat id (what `keyright revoke` accepts for a seat).
bool isSeatIdPrefix(QStringView prefix);
// Replica ids (the usage statistics' writer ids) are 32 lowercase hex digits.
bool isValidReplicaId(QStringView replicaId);
// Queue ticket ids (a place in a license's waiting line) are 32 lowercase hex digits.
bool isValidTicketId(QStringView ticketId);

// Admin tokens are 64 lowercase hex digits.
bool isValidAdminToken(QByteArrayView token);
// License keys are "kr1-" and 64 lowercase hex digits.
bool isValidLicenseKey(QStringView key);
// License ids match [a-z0-9][a-z0-9-]{0,63}.
bool isValidLicenseId(QStringView licenseId);

QString seatIdRule(); // "32 lowercase hex digits"
QString replicaIdRule();
QString ticketIdRule();
QString adminTokenRule();
QString licenseKeyRule();
QString licenseIdRule();

// Text the API stores (a holder, a requestId, a license name, a revoke reason, a holder pattern)
// must come back from either store exactly as it was signed and compared. These code points are
// refused in all of it, by the server and by the client before sending:
// - C0 and C1 controls, DEL, U+2028 and U+2029 (they break log lines, CSV rows and terminals);
// - the 66 Unicode non-characters: U+FDD0 to U+FDEF and the last two code points of every plane
//   (U+FFFE, U+FFFF, U+1FFFE, ..., U+10FFFF). SQLite reads U+FFFE and U+FFFF back as U+FFFD, so a
//   holder holding one would be signed as sent and stored as another holder (issue 24);
// - U+FEFF, the byte order mark: Qt drops it from the start of every text it decodes (both stores
//   give a holder that starts with one back without it);
// - a surrogate without its partner, which is not Unicode at all.
bool isControlCharacter(char32_t codePoint);
bool isNoncharacter(char32_t codePoint);

struct TextFault
{
    enum class Kind { LoneSurrogate, Control, Noncharacter, ByteOrderMark };
    Kind kind = Kind::Control;
    char32_t codePoint = 0; // the surrogate's code unit for LoneSurrogate
    qsizetype position = 0; // 1-based, in code points
};
// The first refused code point of `text`, or nullopt when it may be stored.
std::optional<TextFault> findTextFault(QStringView text);
// "U+FFFE", the way messages name a code point.
QString codePointName(char32_t codePoint);

} // namespace keyright
