#include "wire/SeatRequests.h"

#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/RequestFields.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString holderMember = u"holder"_s;
const QString requestIdMember = u"requestId"_s;
const QString reasonMember = u"reason"_s;
const QString blockSecondsMember = u"blockSeconds"_s;
const QString leaseMember = u"lease"_s;
const QString ticketIdMember = u"ticketId"_s;

} // namespace

QJsonObject CheckoutRequest::toJson() const
{
    QJsonObject json {{holderMember, holder}};
    if (!requestId.isEmpty())
        json.insert(requestIdMember, requestId);
    if (maxWait) {
        json.insert(QString::fromUtf16(queue::waitMember), true);
        json.insert(QString::fromUtf16(queue::maxWaitMember), qint64(maxWait->count()));
    }
    if (idle)
        json.insert(QString::fromUtf16(HeartbeatRequest::idleMember), qint64(idle->count()));
    return json;
}

std::optional<CheckoutRequest> CheckoutRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    using namespace requestfields;
    const auto fail = [error](const QString &field, const QString &message) -> std::optional<CheckoutRequest> {
        refuse(error, field, message);
        return std::nullopt;
    };
    const QJsonValue holder = json.value(holderMember);
    if (holder.isUndefined() || holder.isNull())
        return fail(holderMember, u"holder is required (such as \"alice@ws-12\")"_s);
    if (!holder.isString())
        return fail(holderMember, u"holder must be a string"_s);
    QString why;
    if (!validateHolder(holder.toString(), &why))
        return fail(holderMember, why.isEmpty() ? u"holder is invalid"_s : why);
    std::optional<QString> requestId;
    if (!optionalText(json, requestIdMember, maxRequestIdLength, false, &requestId, error))
        return std::nullopt;
    CheckoutRequest checkout {holder.toString(), requestId.value_or(QString()), std::nullopt};
    const QString waitField = QString::fromUtf16(queue::waitMember);
    const QString maxWaitField = QString::fromUtf16(queue::maxWaitMember);
    const QJsonValue wait = json.value(waitField);
    if (!wait.isUndefined() && !wait.isNull() && !wait.isBool())
        return fail(waitField, u"wait must be true or false"_s);
    std::optional<qint64> maxWait;
    if (!optionalWholeNumber(json, maxWaitField, &maxWait, error))
        return std::nullopt;
    if (maxWait && (*maxWait < 1 || *maxWait > QueueTicket::maxWaitSecondsLimit))
        return fail(maxWaitField,
                    u"maxWaitSeconds is %1; it must be between 1 and %2 (a day)"_s.arg(
                        QString::number(*maxWait), QString::number(QueueTicket::maxWaitSecondsLimit)));
    if (wait.toBool(false))
        checkout.maxWait = std::chrono::seconds(maxWait.value_or(QueueTicket::defaultMaxWaitSeconds));
    // The heartbeat's rule for the same member.
    const auto heartbeat = HeartbeatRequest::fromJson(json, error);
    if (!heartbeat)
        return std::nullopt;
    checkout.idle = heartbeat->idle;
    return checkout;
}

QJsonObject HeartbeatRequest::toJson() const
{
    QJsonObject json;
    if (idle)
        json.insert(QString::fromUtf16(idleMember), qint64(idle->count()));
    return json;
}

std::optional<HeartbeatRequest> HeartbeatRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    using namespace requestfields;
    const QString field = QString::fromUtf16(idleMember);
    std::optional<qint64> idle;
    if (!optionalWholeNumber(json, field, &idle, error))
        return std::nullopt;
    if (idle && (*idle < 0 || *idle > maxIdleMs)) {
        refuse(error, field,
               u"idleMs is %1; it must be between 0 and %2 (30 days), the milliseconds since the holder's last "
               "activity"_s.arg(QString::number(*idle), QString::number(maxIdleMs)));
        return std::nullopt;
    }
    HeartbeatRequest heartbeat;
    if (idle)
        heartbeat.idle = std::chrono::milliseconds(*idle);
    return heartbeat;
}

QJsonObject RevokeRequest::toJson() const
{
    QJsonObject json;
    if (!reason.isEmpty())
        json.insert(reasonMember, reason);
    if (block.count() > 0)
        json.insert(blockSecondsMember, qint64(block.count()));
    return json;
}

std::optional<RevokeRequest> RevokeRequest::fromJson(const QJsonObject &json, ValidationError *error)
{
    using namespace requestfields;
    std::optional<QString> reason;
    if (!optionalText(json, reasonMember, maxReasonLength, true, &reason, error))
        return std::nullopt;
    std::optional<qint64> block;
    if (!optionalWholeNumber(json, blockSecondsMember, &block, error))
        return std::nullopt;
    if (block && (*block < 0 || *block > maxBlockSeconds)) {
        refuse(error, blockSecondsMember, u"blockSeconds must be between 0 and %1 (one year)"_s.arg(maxBlockSeconds));
        return std::nullopt;
    }
    RevokeRequest revoke;
    revoke.reason = reason.value_or(QString());
    revoke.block = std::chrono::seconds(block.value_or(0));
    return revoke;
}

QJsonObject LeaseAnswer::toJson() const
{
    QJsonObject json {{leaseMember, leaseToJson(lease)}};
    if (!ticketId.isEmpty())
        json.insert(ticketIdMember, ticketId);
    if (reclaimAt.isValid())
        json.insert(QString::fromUtf16(reclaimAtMember), formatTimestamp(reclaimAt));
    return json;
}

std::optional<LeaseAnswer> LeaseAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    const auto lease = leaseFromJson(json.value(leaseMember), error);
    if (!lease)
        return std::nullopt;
    QDateTime reclaimAt;
    const QJsonValue reclaim = json.value(QString::fromUtf16(reclaimAtMember));
    if (!reclaim.isUndefined() && !reclaim.isNull()) {
        const auto parsed = parseTimestamp(reclaim.toString());
        if (!parsed) {
            if (error)
                *error = ValidationError {
                    QString::fromUtf16(reclaimAtMember), u"reclaimAt must be an RFC 3339 timestamp"_s, {}};
            return std::nullopt;
        }
        reclaimAt = *parsed;
    }
    return LeaseAnswer {*lease, json.value(ticketIdMember).toString(), reclaimAt};
}

QJsonObject QueuedAnswer::toJson() const
{
    return QJsonObject {{QString::fromUtf16(queue::ticketMember), ticket.toJson()}};
}

std::optional<QueuedAnswer> QueuedAnswer::fromJson(const QJsonObject &json, ValidationError *error)
{
    const QString member = QString::fromUtf16(queue::ticketMember);
    const auto ticket = QueueTicket::fromJson(json.value(member), member, error);
    if (!ticket)
        return std::nullopt;
    return QueuedAnswer {*ticket};
}

} // namespace keyright
