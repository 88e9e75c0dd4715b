#include "wire/BorrowJson.h"

#include "Crypto.h"
#include "LeaseJson.h"
#include "SeatPolicy.h"
#include "SeatRules.h"
#include "Timestamps.h"
#include "wire/ErrorBody.h"
#include "wire/JsonReader.h"
#include "wire/RequestFields.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString allowedMember = u"allowed"_s;
const QString maxDaysMember = u"maxDays"_s;
const QString maxBorrowedMember = u"maxBorrowed"_s;
const QString keepOnSiteMember = u"keepOnSite"_s;
const QString groupsMember = u"groups"_s;
const QString holderMember = u"holder"_s;
const QString daysMember = u"days"_s;
const QString leaseMember = u"lease"_s;
const QString publicKeyMember = u"publicKey"_s;
const QString serverTimeMember = u"serverTime"_s;
const QString reasonMember = u"reason"_s;
const QString borrowedMember = u"borrowed"_s;
const QString seatCountMember = u"seatCount"_s;
const QString inUseMember = u"inUse"_s;
const QString seatReasonMember = u"seatReason"_s;
const QString reservedForOthersMember = u"reservedForOthers"_s;
const QString reservedForMember = u"reservedFor"_s;

using Reason = BorrowRefusal::Reason;
const std::pair<Reason, QString> reasonNames[] = {
    {Reason::NotAllowed, u"not_allowed"_s},
    {Reason::TooLong, u"too_long"_s},
    {Reason::GroupNotAllowed, u"group_not_allowed"_s},
    {Reason::LimitReached, u"limit_reached"_s},
    {Reason::KeepOnSite, u"keep_on_site"_s},
    {Reason::SeatDenied, u"seat_denied"_s},
};

} // namespace

namespace borrowjson {

QJsonObject policyToJson(const BorrowPolicy &policy)
{
    return QJsonObject {{allowedMember, policy.allowed},
                        {maxDaysMember, policy.maxDays},
                        {maxBorrowedMember, policy.maxBorrowed},
                        {keepOnSiteMember, policy.keepOnSite},
                        {groupsMember, QJsonArray::fromStringList(policy.groups)}};
}

std::optional<BorrowPolicy> policyFromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    BorrowPolicy policy;
    policy.allowed = reader.boolean(object, path, allowedMember);
    // A policy that forbids borrowing needs no numbers; one that allows it names them all.
    const auto number = [&](const QString &member, qint64 min, qint64 max) {
        if (!policy.allowed && !object.contains(member))
            return 0;
        return int(reader.integer(object, path, member, policy.allowed ? min : 0, max));
    };
    policy.maxDays = number(maxDaysMember, 1, BorrowPolicy::maxDaysLimit);
    policy.maxBorrowed = number(maxBorrowedMember, 1, SeatPolicy::maxSeatCount);
    policy.keepOnSite = number(keepOnSiteMember, 0, SeatPolicy::maxSeatCount);
    if (!reader.failed() && object.contains(groupsMember) && !object.value(groupsMember).isNull()) {
        const QJsonArray groups = reader.array(object, path, groupsMember);
        if (groups.size() > SeatRules::maxGroups)
            reader.fail(JsonReader::joinPath(path, groupsMember),
                        u"names more than %1 groups"_s.arg(SeatRules::maxGroups));
        for (qsizetype i = 0; i < groups.size() && !reader.failed(); ++i) {
            const QString itemPath = JsonReader::indexPath(JsonReader::joinPath(path, groupsMember), i);
            const QJsonValue item = groups.at(i);
            if (!item.isString() || !isValidGroupName(item.toString()))
                reader.fail(itemPath, u"is not a group name"_s);
            else if (policy.groups.contains(item.toString()))
                reader.fail(itemPath, u"names the group \"%1\" twice"_s.arg(item.toString()));
            else
                policy.groups.append(item.toString());
        }
    }
    if (!reader.report(error))
        return std::nullopt;
    return policy;
}

} // namespace borrowjson

QJsonObject BorrowRequest::toJson() const
{
    return QJsonObject {{holderMember, holder}, {daysMember, days}};
}

std::optional<BorrowRequest> BorrowRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    using requestfields::refuse;
    const QJsonValue holder = json.value(holderMember);
    if (holder.isUndefined() || holder.isNull())
        return refuse(error, holderMember, u"holder is required (such as \"alice@ws-12\")"_s), std::nullopt;
    if (!holder.isString())
        return refuse(error, holderMember, u"holder must be a string"_s), std::nullopt;
    QString why;
    if (!validateHolder(holder.toString(), &why))
        return refuse(error, holderMember, why.isEmpty() ? u"holder is invalid"_s : why), std::nullopt;
    const QJsonValue days = json.value(daysMember);
    if (days.isUndefined() || days.isNull())
        return refuse(error, daysMember, u"days is required: the whole days to borrow the seat for, such as 7"_s),
               std::nullopt;
    const std::optional<qint64> whole = requestfields::wholeNumber(days);
    if (!whole || *whole < 1 || *whole > BorrowPolicy::maxDaysLimit)
        return refuse(error, daysMember,
                      u"days must be a whole number of days from 1 to %1"_s.arg(BorrowPolicy::maxDaysLimit)),
               std::nullopt;
    return BorrowRequest {holder.toString(), int(*whole)};
}

BorrowReturnSecret BorrowReturnSecret::generate()
{
    BorrowReturnSecret secret;
    secret.m_bytes = std::make_shared<const SecretBuffer>(crypto::randomSecret(size));
    return secret;
}

std::optional<BorrowReturnSecret> BorrowReturnSecret::fromHex(QStringView hex)
{
    auto bytes = crypto::secretFromHex(hex, size);
    if (!bytes)
        return std::nullopt;
    BorrowReturnSecret secret;
    secret.m_bytes = std::make_shared<const SecretBuffer>(std::move(*bytes));
    return secret;
}

QString BorrowReturnSecret::toHex() const
{
    return m_bytes ? QString::fromLatin1(m_bytes->view().toByteArray().toHex()) : QString();
}

QByteArray BorrowReturnSecret::hash() const
{
    return m_bytes ? crypto::hashSecret(m_bytes->view()) : QByteArray();
}

bool BorrowReturnSecret::matches(QByteArrayView storedHash) const
{
    return m_bytes && crypto::constantTimeEquals(hash(), storedHash);
}

bool operator==(const BorrowReturnSecret &a, const BorrowReturnSecret &b)
{
    if (!a.m_bytes || !b.m_bytes)
        return a.m_bytes == b.m_bytes;
    return a.m_bytes->equals(b.m_bytes->view());
}

namespace {

// "returnSecret" when it is there: unset when absent or null, a refusal naming it when malformed.
bool readReturnSecret(const QJsonObject &json, BorrowReturnSecret *secret, ValidationError *error)
{
    const QString member = QString::fromUtf16(BorrowReturnSecret::member);
    const QJsonValue value = json.value(member);
    if (value.isUndefined() || value.isNull())
        return true;
    const auto read = value.isString() ? BorrowReturnSecret::fromHex(value.toString()) : std::nullopt;
    if (!read) {
        requestfields::refuse(
            error, member,
            u"returnSecret must be the %1 hex digits the borrow's answer gave"_s.arg(2 * BorrowReturnSecret::size));
        return false;
    }
    *secret = *read;
    return true;
}

} // namespace

QJsonObject BorrowAnswer::toJson() const
{
    QJsonObject json {{leaseMember, leaseToJson(lease)},
                      {publicKeyMember, QString::fromLatin1(publicKey.toBase64())},
                      {serverTimeMember, formatTimestamp(serverTime)}};
    if (returnSecret.isSet())
        json.insert(QString::fromUtf16(BorrowReturnSecret::member), returnSecret.toHex());
    return json;
}

std::optional<BorrowAnswer> BorrowAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    BorrowAnswer answer;
    const auto lease = leaseFromJson(json.value(leaseMember), error);
    if (!lease)
        return std::nullopt;
    if (!lease->borrowed)
        return requestfields::refuse(error, leaseMember, u"lease is not marked borrowed"_s), std::nullopt;
    answer.lease = *lease;
    JsonReader reader;
    const QString key = reader.string(json, {}, publicKeyMember, false);
    const QByteArray::FromBase64Result decoded
        = QByteArray::fromBase64Encoding(key.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!reader.failed() && (!decoded || decoded.decoded.size() != 32))
        reader.fail(publicKeyMember, u"is not a base64 Ed25519 public key (32 bytes)"_s);
    answer.publicKey = decoded.decoded;
    answer.serverTime = reader.timestamp(json, {}, serverTimeMember);
    if (!reader.report(error))
        return std::nullopt;
    if (!readReturnSecret(json, &answer.returnSecret, error))
        return std::nullopt;
    return answer;
}

QJsonObject BorrowReturnRequest::toJson() const
{
    QJsonObject json;
    if (secret.isSet())
        json.insert(QString::fromUtf16(BorrowReturnSecret::member), secret.toHex());
    return json;
}

std::optional<BorrowReturnRequest> BorrowReturnRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    BorrowReturnRequest request;
    if (!readReturnSecret(json, &request.secret, error))
        return std::nullopt;
    return request;
}

void BorrowWriteOff::insertInto(QJsonObject &json) const
{
    if (!isSet())
        return;
    json.insert(QString::fromUtf16(atMember), formatTimestamp(at));
    json.insert(QString::fromUtf16(byMember), by);
    json.insert(QString::fromUtf16(noteMember), note);
}

std::optional<BorrowWriteOff> BorrowWriteOff::readFrom(const QJsonObject &json, const QString &path,
                                                       ValidationError *error)
{
    BorrowWriteOff writeOff;
    const QString at = QString::fromUtf16(atMember);
    if (!json.contains(at) || json.value(at).isNull())
        return writeOff;
    JsonReader reader;
    writeOff.at = reader.timestamp(json, path, at);
    writeOff.by = reader.string(json, path, QString::fromUtf16(byMember), false);
    writeOff.note = reader.optionalString(json, path, QString::fromUtf16(noteMember));
    if (!reader.report(error))
        return std::nullopt;
    return writeOff;
}

QJsonObject WriteOffRequest::toJson() const
{
    QJsonObject json;
    if (!note.isEmpty())
        json.insert(QString::fromUtf16(noteMember), note);
    return json;
}

std::optional<WriteOffRequest> WriteOffRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    std::optional<QString> note;
    if (!requestfields::optionalText(json, QString::fromUtf16(noteMember), maxNoteLength, true, &note, error))
        return std::nullopt;
    return WriteOffRequest {note.value_or(QString()).trimmed()};
}

QJsonObject WriteOffAnswer::toJson() const
{
    QJsonObject json {{u"licenseId"_s, licenseId},
                      {u"seatId"_s, seatId},
                      {holderMember, holder},
                      {QString::fromUtf16(countedUntilMember), formatTimestamp(countedUntil)}};
    writeOff.insertInto(json);
    return json;
}

std::optional<WriteOffAnswer> WriteOffAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    WriteOffAnswer answer;
    answer.licenseId = reader.string(json, {}, u"licenseId"_s, false);
    answer.seatId = reader.string(json, {}, u"seatId"_s, false);
    answer.holder = reader.string(json, {}, holderMember, false);
    answer.countedUntil = reader.timestamp(json, {}, QString::fromUtf16(countedUntilMember));
    if (!reader.report(error))
        return std::nullopt;
    auto writeOff = BorrowWriteOff::readFrom(json, {}, error);
    if (!writeOff)
        return std::nullopt;
    if (!writeOff->isSet())
        return requestfields::refuse(error, QString::fromUtf16(BorrowWriteOff::atMember),
                                     u"is missing: the answer of a write-off says when it was made"_s),
               std::nullopt;
    answer.writeOff = *writeOff;
    return answer;
}

BorrowRefusal BorrowRefusal::of(const BorrowDecision &decision)
{
    using O = BorrowDecision::Outcome;
    BorrowRefusal refusal;
    switch (decision.outcome) {
    case O::NotAllowed:
        refusal.reason = Reason::NotAllowed;
        break;
    case O::TooLong:
        refusal.reason = Reason::TooLong;
        break;
    case O::GroupNotAllowed:
        refusal.reason = Reason::GroupNotAllowed;
        break;
    case O::LimitReached:
        refusal.reason = Reason::LimitReached;
        break;
    case O::KeepOnSite:
        refusal.reason = Reason::KeepOnSite;
        break;
    case O::SeatDenied:
        refusal.reason = Reason::SeatDenied;
        refusal.seatReason = seatrules::denialCode(decision.seat.outcome);
        // The seats left were reserved for groups the holder is not in: name them, as a checkout's
        // denial does.
        refusal.reservedForOthers = decision.seat.reservedForOthers;
        if (refusal.reservedForOthers > 0)
            refusal.reservedFor = decision.seat.usage.groupsWithIdleSeats();
        if (decision.seat.outcome == SeatDecision::Outcome::GroupCapReached) {
            refusal.capGroup = decision.seat.group;
            refusal.groupCap = decision.seat.cap;
            refusal.groupHeld = decision.seat.groupHeld;
        }
        break;
    case O::Granted:
        break;
    }
    refusal.days = decision.days;
    refusal.maxDays = decision.policy.maxDays;
    refusal.maxBorrowed = decision.policy.maxBorrowed;
    refusal.keepOnSite = decision.policy.keepOnSite;
    refusal.borrowed = decision.borrowed;
    refusal.seatCount = decision.seatCount;
    // The policy refuses before the seat rules are asked, so decision.seat has no usage then.
    refusal.inUse = decision.inUse;
    refusal.groups = decision.policy.groups;
    return refusal;
}

QString BorrowRefusal::code() const
{
    switch (reason) {
    case Reason::NotAllowed:
    case Reason::GroupNotAllowed:
        return QString::fromUtf16(errorcode::borrowNotAllowed);
    case Reason::TooLong:
        return QString::fromUtf16(errorcode::borrowTooLong);
    case Reason::LimitReached:
        return QString::fromUtf16(errorcode::borrowLimitReached);
    case Reason::KeepOnSite:
        return QString::fromUtf16(errorcode::borrowKeepOnSite);
    case Reason::SeatDenied:
        return seatReason;
    case Reason::Unknown:
        break;
    }
    return {};
}

QJsonObject BorrowRefusal::toJson() const
{
    QString name;
    for (const auto &[value, wire] : reasonNames) {
        if (value == reason)
            name = wire;
    }
    QJsonObject json {{reasonMember, name},
                      {daysMember, days},
                      {maxDaysMember, maxDays},
                      {maxBorrowedMember, maxBorrowed},
                      {keepOnSiteMember, keepOnSite},
                      {borrowedMember, borrowed},
                      {seatCountMember, seatCount},
                      {inUseMember, inUse},
                      {groupsMember, QJsonArray::fromStringList(groups)}};
    if (reason == Reason::SeatDenied)
        json.insert(seatReasonMember, seatReason);
    if (reservedForOthers > 0) {
        json.insert(reservedForOthersMember, reservedForOthers);
        json.insert(reservedForMember, QJsonArray::fromStringList(reservedFor));
    }
    if (!capGroup.isEmpty()) {
        json.insert(QString::fromUtf16(seatrules::capGroupMember), capGroup);
        json.insert(QString::fromUtf16(seatrules::capMember), groupCap);
        json.insert(QString::fromUtf16(seatrules::capHeldMember), groupHeld);
    }
    return json;
}

std::optional<BorrowRefusal> BorrowRefusal::fromJson(const QJsonObject &json)
{
    BorrowRefusal refusal;
    const QString name = json.value(reasonMember).toString();
    for (const auto &[value, wire] : reasonNames) {
        if (wire == name)
            refusal.reason = value;
    }
    if (refusal.reason == Reason::Unknown)
        return std::nullopt;
    refusal.days = json.value(daysMember).toInt();
    refusal.maxDays = json.value(maxDaysMember).toInt();
    refusal.maxBorrowed = json.value(maxBorrowedMember).toInt();
    refusal.keepOnSite = json.value(keepOnSiteMember).toInt();
    refusal.borrowed = json.value(borrowedMember).toInt();
    refusal.seatCount = json.value(seatCountMember).toInt();
    refusal.inUse = json.value(inUseMember).toInt();
    for (const QJsonValue &group : json.value(groupsMember).toArray()) {
        if (group.isString())
            refusal.groups.append(group.toString());
    }
    refusal.seatReason = json.value(seatReasonMember).toString();
    refusal.reservedForOthers = std::max(0, json.value(reservedForOthersMember).toInt());
    for (const QJsonValue &group : json.value(reservedForMember).toArray()) {
        if (group.isString())
            refusal.reservedFor.append(group.toString());
    }
    refusal.capGroup = json.value(QString::fromUtf16(seatrules::capGroupMember)).toString();
    refusal.groupCap = std::max(0, json.value(QString::fromUtf16(seatrules::capMember)).toInt());
    refusal.groupHeld = std::max(0, json.value(QString::fromUtf16(seatrules::capHeldMember)).toInt());
    return refusal;
}

} // namespace keyright
