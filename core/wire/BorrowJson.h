#pragma once

#include "SeatDecision.h"
#include "SeatLease.h"
#include "SecretBuffer.h"
#include "ValidationError.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace keyright {

// The wire form of borrowing (issue 27, docs/API.md "Borrowing"): the license's policy, the
// request that borrows a seat and the server's answer.

// The policy as the license spec and summary carry it, the "borrow" member:
// {"allowed", "maxDays", "maxBorrowed", "keepOnSite", "groups"}.
namespace borrowjson {

inline constexpr char16_t policyMember[] = u"borrow";

QJsonObject policyToJson(const BorrowPolicy &policy);
// Strict: "allowed" a boolean; "maxDays" 1..BorrowPolicy::maxDaysLimit, "maxBorrowed" and
// "keepOnSite" whole numbers 0..SeatPolicy::maxSeatCount, "groups" a list of group names (may be
// absent: anyone). When borrowing is not allowed the numbers may be left out (0). The error's
// field is the member's path under `path` ("borrow.maxDays").
std::optional<BorrowPolicy> policyFromJson(const QJsonValue &json,
                                           const QString &path = QString::fromUtf16(policyMember),
                                           ValidationError *error = nullptr);

} // namespace borrowjson

// POST /v1/licenses/{id}/borrow: {"holder", "days"}, whole days from 1 (the policy's maxDays is
// the server's to judge, with a sentence naming it).
struct BorrowRequest
{
    QString holder;
    int days = 1;

    QJsonObject toJson() const;
    static std::optional<BorrowRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const BorrowRequest &, const BorrowRequest &) = default;
};

// The proof that an early return comes from the laptop that borrowed the seat (issue 27): 32
// random bytes the server makes at the borrow and hands out once, in the borrow's answer
// ("returnSecret", 64 hex digits); it keeps only their hash (crypto::hashSecret). The laptop keeps
// the secret in its borrowed lease file and sends it with the return, so that knowing the license
// key and the seat id (which status, the events and the dashboard show) is not enough to free a seat
// a laptop still holds offline. Held in wiped memory; copies share it.
class BorrowReturnSecret
{
public:
    static constexpr qsizetype size = 32; // bytes
    static constexpr char16_t member[] = u"returnSecret";

    BorrowReturnSecret() = default; // none
    static BorrowReturnSecret generate();
    // nullopt unless `hex` is 64 hex digits.
    static std::optional<BorrowReturnSecret> fromHex(QStringView hex);

    bool isSet() const { return m_bytes != nullptr; }
    QString toHex() const; // empty when unset
    QByteArray hash() const; // what the server stores; empty when unset
    // In constant time: whether this is the secret whose hash() is `storedHash` (false when unset).
    bool matches(QByteArrayView storedHash) const;

    friend bool operator==(const BorrowReturnSecret &a, const BorrowReturnSecret &b);

private:
    std::shared_ptr<const SecretBuffer> m_bytes;
};

// The answer to a borrow (201): {"lease": {... "borrowed": true}, "publicKey": base64 of the
// server's Ed25519 key, "serverTime": timestamp, "returnSecret": 64 hex digits}, everything the
// borrower keeps to check the lease offline and to return it early (client/BorrowedLeaseFile).
struct BorrowAnswer
{
    SeatLease lease;
    QByteArray publicKey; // 32 bytes
    QDateTime serverTime;
    BorrowReturnSecret returnSecret = {}; // unset: an older server's answer (it returns with the key alone)

    QJsonObject toJson() const;
    // Strict: the lease as leaseFromJson() reads it and marked borrowed, a 32-byte key, a
    // timestamp. The signature is not checked here (LeaseVerifier does that with the key).
    static std::optional<BorrowAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const BorrowAnswer &, const BorrowAnswer &) = default;
};

// DELETE /v1/licenses/{id}/borrow/{seatId}: {"returnSecret": 64 hex digits}, the secret of the
// borrow's answer. An empty body (no secret) is accepted only for a seat borrowed before the server
// kept return secrets.
struct BorrowReturnRequest
{
    BorrowReturnSecret secret; // unset: none sent

    QJsonObject toJson() const;
    static std::optional<BorrowReturnRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const BorrowReturnRequest &, const BorrowReturnRequest &) = default;
};

// A borrowed seat written off (issue 27: the laptop that holds it is lost): when, by whom (the
// admin's token name) and the admin's note. The seat stays counted until its lease expires, since a
// signed lease cannot be recalled from a laptop that is offline. On the wire these are members of
// the write-off's answer and of the seat's row in GET /v1/licenses/{id}/leases: "writtenOffAt",
// "writtenOffBy", "writeOffNote", all absent while the seat is not written off.
struct BorrowWriteOff
{
    static constexpr char16_t atMember[] = u"writtenOffAt";
    static constexpr char16_t byMember[] = u"writtenOffBy";
    static constexpr char16_t noteMember[] = u"writeOffNote";

    QDateTime at; // invalid: not written off
    QString by;
    QString note; // empty: none given

    bool isSet() const { return at.isValid(); }
    // Adds the three members to `json` when set; nothing otherwise.
    void insertInto(QJsonObject &json) const;
    // Strict when "writtenOffAt" is there (a timestamp, "writtenOffBy" a string, "writeOffNote" a
    // string or absent); absent "writtenOffAt" (an older server, a seat not written off) is an
    // unset write-off. The error's field is the member's path under `path`.
    static std::optional<BorrowWriteOff> readFrom(const QJsonObject &json, const QString &path = {},
                                                  ValidationError *error = nullptr);

    friend bool operator==(const BorrowWriteOff &, const BorrowWriteOff &) = default;
};

// POST /v1/licenses/{id}/borrow/{seatId}/write-off: {"note"?: text}, an empty body for no note.
struct WriteOffRequest
{
    static constexpr int maxNoteLength = 500; // code points
    static constexpr char16_t noteMember[] = u"note";

    QString note; // empty: none

    QJsonObject toJson() const;
    // Refuses a note that is not a string, longer than maxNoteLength, or holds control characters.
    static std::optional<WriteOffRequest> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const WriteOffRequest &, const WriteOffRequest &) = default;
};

// The answer to a write-off (200), the same for every repeat of it: {"licenseId", "seatId",
// "holder", "countedUntil" (the lease's expiry: the seat is counted until then), "writtenOffAt",
// "writtenOffBy", "writeOffNote"}.
struct WriteOffAnswer
{
    static constexpr char16_t countedUntilMember[] = u"countedUntil";

    QString licenseId;
    QString seatId;
    QString holder;
    QDateTime countedUntil;
    BorrowWriteOff writeOff;

    QJsonObject toJson() const;
    // Strict: every member, the write-off set.
    static std::optional<WriteOffAnswer> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const WriteOffAnswer &, const WriteOffAnswer &) = default;
};

// Why a borrow was refused, with the numbers of the refusal (issue 27): the extra members of a
// borrow_not_allowed, borrow_too_long, borrow_limit_reached or borrow_keep_on_site answer, and the
// detail of the borrow_denied event (eventdetail::BorrowDenied). {"reason", "days", "maxDays",
// "maxBorrowed", "keepOnSite", "borrowed", "seatCount", "inUse", "groups"}, plus "seatReason" (the
// seat-rule denial code) for a seat_denied one, and "reservedForOthers" and "reservedFor" (the idle
// reserved seats the holder may not take and their groups) when the seats left were reserved, and
// "group", "cap" and "held" (as a checkout's group_cap_reached denial) when the holder's group held
// its cap; a server before them left them out. A client writes the sentence in its own language from these
// numbers instead of showing the server's English.
struct BorrowRefusal
{
    // BorrowDecision::Outcome's refusals; the wire names are in BorrowJson.cpp.
    enum class Reason { NotAllowed, TooLong, GroupNotAllowed, LimitReached, KeepOnSite, SeatDenied, Unknown };

    Reason reason = Reason::Unknown;
    int days = 0; // asked for
    int maxDays = 0;
    int maxBorrowed = 0;
    int keepOnSite = 0;
    int borrowed = 0; // live borrowed seats when it was refused
    int seatCount = 0;
    int inUse = 0;
    QStringList groups; // the policy's groups (GroupNotAllowed: the ones that may borrow)
    QString seatReason; // SeatDenied: the seat rules' denial code (seatrules::denialCode)
    int reservedForOthers = 0; // SeatDenied: the seats not in use, reserved for groups the holder is not in
    QStringList reservedFor; // those reservations' groups (0 seats reserved or an older server: none)
    QString capGroup; // SeatDenied at a group's cap: the group (an older server: empty)
    int groupCap = 0; // its cap
    int groupHeld = 0; // the seats it held

    // The refusal of a decision that is not Granted.
    static BorrowRefusal of(const BorrowDecision &decision);
    // The error code of the answer (borrow_not_allowed, ...; the seat rules' code for SeatDenied).
    QString code() const;
    QJsonObject toJson() const;
    // Lenient: a member absent or of another type keeps its default; nullopt when "reason" is not
    // a reason this build knows (an answer or an event of an older or newer server).
    static std::optional<BorrowRefusal> fromJson(const QJsonObject &json);

    friend bool operator==(const BorrowRefusal &, const BorrowRefusal &) = default;
};

} // namespace keyright
