#include "wire/EventDetail.h"

#include "Timestamps.h"
#include "wire/AlertJson.h"
#include "wire/BorrowJson.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace keyright::eventdetail {

namespace {

const QString generationMember = u"generation"_s;
const QString expiresAtMember = u"expiresAt"_s;
const QString inUseMember = u"inUse"_s;
const QString seatCountMember = u"seatCount"_s;
const QString reservationMember = u"reservation"_s;
const QString reservationsMember = u"reservations"_s;
const QString ticketIdMember = u"ticketId"_s;
const QString waitedMsMember = u"waitedMs"_s;
const QString reasonMember = u"reason"_s;
const QString seatIdMember = u"seatId"_s;
const QString holderMember = u"holder"_s;
const QString issuedAtMember = u"issuedAt"_s;
const QString endedByMember = u"endedBy"_s;
const QString endedAtMember = u"endedAt"_s;
const QString blockSecondsMember = u"blockSeconds"_s;
const QString blockedUntilMember = u"blockedUntil"_s;
const QString untilMember = u"until"_s;
const QString nameMember = u"name"_s;
const QString ttlMember = u"ttlSeconds"_s;
const QString skewMember = u"skewSeconds"_s;
const QString reapGraceMember = u"reapGraceSeconds"_s;
const QString rulesMember = u"rules"_s;
const QString groupsMember = u"groups"_s;
const QString positionMember = u"position"_s;
const QString giveUpAtMember = u"giveUpAt"_s;
const QString whyMember = u"why"_s;
const QString grantedMember = u"granted"_s;
const QString seatExpiresAtMember = u"seatExpiresAt"_s;
const QString ticketExpiresAtMember = u"ticketExpiresAt"_s;
const QString roleMember = u"role"_s;
const QString kindMember = u"kind"_s;
const QString replicaIdMember = u"replicaId"_s;
const QString counterMember = u"counter"_s;
const QString heldMember = u"held"_s;
const QString reportedMember = u"reported"_s;
const QString sourceMember = u"source"_s;
const QString errorMember = u"error"_s;
const QString waiterMember = u"waiter"_s;
const QString waiterTicketIdMember = u"waiterTicketId"_s;
const QString idleMsMember = u"idleMs"_s;
const QString reclaimAtMember = u"reclaimAt"_s;
const QString markedAtMember = u"markedAt"_s;
const QString daysMember = u"days"_s;
const QString borrowedMember = u"borrowed"_s;

QString timestamp(const QDateTime &time)
{
    return formatTimestamp(time);
}

QJsonValue timestampOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QDateTime timeOf(const QJsonObject &detail, const QString &member)
{
    return parseTimestamp(detail.value(member).toString()).value_or(QDateTime());
}

quint64 unsignedOf(const QJsonObject &detail, const QString &member)
{
    return detail.value(member).toVariant().toULongLong();
}

// Within JSON's exact integers; a count past 2^53 is not a count anyone made.
qint64 exactCount(quint64 value)
{
    return qint64(std::min<quint64>(value, (quint64 {1} << 53) - 1));
}

} // namespace

QJsonObject Granted::toJson() const
{
    QJsonObject json {{generationMember, qint64(generation)},
                      {expiresAtMember, timestamp(expiresAt)},
                      {inUseMember, inUse},
                      {seatCountMember, seatCount},
                      {reservationMember, reservation}};
    if (fromLine()) {
        json.insert(ticketIdMember, ticketId);
        json.insert(waitedMsMember, waitedMs);
    }
    return json;
}

Granted Granted::fromJson(const QJsonObject &detail)
{
    return Granted {unsignedOf(detail, generationMember),       timeOf(detail, expiresAtMember),
                    detail.value(inUseMember).toInt(),          detail.value(seatCountMember).toInt(),
                    detail.value(reservationMember).toString(), detail.value(ticketIdMember).toString(),
                    detail.value(waitedMsMember).toInteger()};
}

QJsonObject SeatBorrowed::toJson() const
{
    return QJsonObject {{generationMember, qint64(generation)},
                        {expiresAtMember, timestamp(expiresAt)},
                        {daysMember, days},
                        {inUseMember, inUse},
                        {seatCountMember, seatCount},
                        {borrowedMember, borrowed},
                        {reservationMember, reservation}};
}

SeatBorrowed SeatBorrowed::fromJson(const QJsonObject &detail)
{
    return SeatBorrowed {unsignedOf(detail, generationMember),      timeOf(detail, expiresAtMember),
                         detail.value(daysMember).toInt(),          detail.value(inUseMember).toInt(),
                         detail.value(seatCountMember).toInt(),     detail.value(borrowedMember).toInt(),
                         detail.value(reservationMember).toString()};
}

QJsonObject BorrowDenied::toJson() const
{
    return refusal.value_or(BorrowRefusal {}).toJson();
}

BorrowDenied BorrowDenied::fromJson(const QJsonObject &detail)
{
    return BorrowDenied {BorrowRefusal::fromJson(detail)};
}

QJsonObject BorrowReturned::toJson() const
{
    return QJsonObject {{expiresAtMember, timestamp(expiresAt)}};
}

BorrowReturned BorrowReturned::fromJson(const QJsonObject &detail)
{
    return BorrowReturned {timeOf(detail, expiresAtMember)};
}

QJsonObject BorrowWrittenOff::toJson() const
{
    return QJsonObject {{QString::fromUtf16(WriteOffAnswer::countedUntilMember), timestamp(countedUntil)},
                        {QString::fromUtf16(WriteOffRequest::noteMember), note}};
}

BorrowWrittenOff BorrowWrittenOff::fromJson(const QJsonObject &detail)
{
    return BorrowWrittenOff {timeOf(detail, QString::fromUtf16(WriteOffAnswer::countedUntilMember)),
                             detail.value(QString::fromUtf16(WriteOffRequest::noteMember)).toString()};
}

namespace {

// The live leases a refusal lists (denied, holder_blocked).
QJsonArray heldSeatsToJson(const QList<HeldSeat> &holders)
{
    QJsonArray list;
    for (const HeldSeat &seat : holders) {
        QJsonObject held {{seatIdMember, seat.seatId},
                          {holderMember, seat.holder},
                          {generationMember, qint64(seat.generation)},
                          {issuedAtMember, timestamp(seat.issuedAt)},
                          {expiresAtMember, timestamp(seat.expiresAt)}};
        if (seat.borrowed)
            held.insert(borrowedMember, true);
        list.append(held);
    }
    return list;
}

QList<HeldSeat> heldSeatsFromJson(const QJsonObject &detail)
{
    QList<HeldSeat> holders;
    for (const QJsonValue &value : detail.value(QString::fromUtf16(Denied::holdersMember)).toArray()) {
        const QJsonObject h = value.toObject();
        holders.append(HeldSeat {h.value(seatIdMember).toString(), h.value(holderMember).toString(),
                                 unsignedOf(h, generationMember), timeOf(h, issuedAtMember), timeOf(h, expiresAtMember),
                                 h.value(borrowedMember).toBool()});
    }
    return holders;
}

} // namespace

QJsonObject Denied::toJson() const
{
    QJsonObject json = seatrules::denialToJson(decision.value_or(SeatDecision {}));
    json.insert(reasonMember, reason);
    json.insert(QString::fromUtf16(Denied::holdersMember), heldSeatsToJson(holders));
    return json;
}

Denied Denied::of(const SeatDecision &decision, const QList<HeldSeat> &holders)
{
    Denied denied;
    denied.reason = seatrules::denialCode(decision.outcome);
    denied.inUse = decision.usage.inUse;
    denied.seatCount = decision.usage.seatCount;
    denied.decision = decision;
    denied.listsReservations = true;
    denied.holders = holders;
    denied.listsHolders = true;
    return denied;
}

Denied Denied::fromJson(const QJsonObject &detail)
{
    Denied denied;
    denied.reason = detail.value(reasonMember).toString();
    denied.inUse = detail.value(inUseMember).toInt();
    denied.seatCount = detail.value(seatCountMember).toInt();
    if (!denied.reason.isEmpty()) {
        // The denial answer's members, with the code where the answer has it.
        QJsonObject answer = detail;
        answer.insert(errorMember, denied.reason);
        denied.decision = seatrules::denialFromJson(answer);
    }
    denied.listsReservations = detail.contains(reservationsMember);
    denied.listsHolders = detail.contains(QString::fromUtf16(Denied::holdersMember));
    denied.holders = heldSeatsFromJson(detail);
    return denied;
}

QJsonObject RenewRefused::toJson() const
{
    QJsonObject json {{reasonMember, reason}};
    if (endedBy) {
        json.insert(endedByMember, keyright::toWire(*endedBy));
        json.insert(endedAtMember, timestamp(endedAt));
    }
    return json;
}

RenewRefused RenewRefused::fromJson(const QJsonObject &detail)
{
    RenewRefused refused;
    refused.reason = detail.value(reasonMember).toString();
    refused.endedBy = eventKindFromWire(detail.value(endedByMember).toString());
    refused.endedAt = timeOf(detail, endedAtMember);
    return refused;
}

QJsonObject Released::toJson() const
{
    QJsonObject json;
    if (expiresAt.isValid())
        json.insert(expiresAtMember, timestamp(expiresAt));
    return json;
}

Released Released::fromJson(const QJsonObject &detail)
{
    return Released {timeOf(detail, expiresAtMember)};
}

QJsonObject Revoked::toJson() const
{
    QJsonObject json {{reasonMember, reason},
                      {blockSecondsMember, blockSeconds},
                      {blockedUntilMember, timestampOrNull(blockedUntil)}};
    if (expiresAt.isValid())
        json.insert(expiresAtMember, timestamp(expiresAt));
    return json;
}

Revoked Revoked::fromJson(const QJsonObject &detail)
{
    return Revoked {detail.value(reasonMember).toString(), detail.value(blockSecondsMember).toInteger(),
                    timeOf(detail, blockedUntilMember), timeOf(detail, expiresAtMember)};
}

QJsonObject Reaped::toJson() const
{
    return QJsonObject {{expiresAtMember, timestamp(expiresAt)}};
}

Reaped Reaped::fromJson(const QJsonObject &detail)
{
    return Reaped {timeOf(detail, expiresAtMember)};
}

QJsonObject HolderBlocked::toJson() const
{
    QJsonObject json {{untilMember, timestamp(until)}};
    if (listsHolders) {
        json.insert(inUseMember, inUse);
        json.insert(seatCountMember, seatCount);
        json.insert(QString::fromUtf16(Denied::holdersMember), heldSeatsToJson(holders));
    }
    return json;
}

HolderBlocked HolderBlocked::fromJson(const QJsonObject &detail)
{
    HolderBlocked blocked;
    blocked.until = timeOf(detail, untilMember);
    blocked.inUse = detail.value(inUseMember).toInt();
    blocked.seatCount = detail.value(seatCountMember).toInt();
    blocked.listsHolders = detail.contains(QString::fromUtf16(Denied::holdersMember));
    blocked.holders = heldSeatsFromJson(detail);
    return blocked;
}

namespace {

const std::array<std::pair<QString, QDateTime LicenseValidity::*>, 3> licenseDates {{
    {u"validFrom"_s, &LicenseValidity::validFrom},
    {u"validUntil"_s, &LicenseValidity::validUntil},
    {u"maintenanceUntil"_s, &LicenseValidity::maintenanceUntil},
}};

} // namespace

QJsonObject LicenseChanged::toJson() const
{
    QJsonObject json {{nameMember, name},
                      {seatCountMember, seatCount},
                      {ttlMember, ttlSeconds},
                      {skewMember, skewSeconds},
                      {reapGraceMember, reapGraceSeconds}};
    for (const auto &[member, date] : licenseDates) {
        if ((validity.*date).isValid())
            json.insert(member, formatTimestamp(validity.*date));
    }
    if (borrow)
        json.insert(QString::fromUtf16(borrowjson::policyMember), borrowjson::policyToJson(*borrow));
    return json;
}

LicenseChanged LicenseChanged::fromJson(const QJsonObject &detail)
{
    LicenseChanged changed {detail.value(nameMember).toString(), detail.value(seatCountMember).toInt(),
                            detail.value(ttlMember).toInteger(), detail.value(skewMember).toInteger(),
                            detail.value(reapGraceMember).toInteger()};
    for (const auto &[member, date] : licenseDates) {
        if (const auto time = parseTimestamp(detail.value(member).toString()))
            changed.validity.*date = *time;
    }
    // Lenient like the rest: a policy that does not decode reads as none.
    const QString borrowMember = QString::fromUtf16(borrowjson::policyMember);
    if (detail.contains(borrowMember))
        changed.borrow = borrowjson::policyFromJson(detail.value(borrowMember), borrowMember);
    return changed;
}

QJsonObject RulesChanged::toJson() const
{
    return QJsonObject {{rulesMember, seatrules::rulesToJson(rules)}};
}

std::optional<RulesChanged> RulesChanged::fromJson(const QJsonObject &detail)
{
    const auto rules = seatrules::rulesFromJson(detail.value(rulesMember), rulesMember);
    if (!rules)
        return std::nullopt;
    return RulesChanged {*rules};
}

QJsonObject GroupsChanged::toJson() const
{
    return QJsonObject {{groupsMember, seatrules::groupsToJson(groups)}};
}

std::optional<GroupsChanged> GroupsChanged::fromJson(const QJsonObject &detail)
{
    const auto groups = seatrules::groupsFromJson(detail.value(groupsMember), groupsMember);
    if (!groups)
        return std::nullopt;
    return GroupsChanged {*groups};
}

QJsonObject Queued::toJson() const
{
    return QJsonObject {{ticketIdMember, ticketId}, {positionMember, position}, {giveUpAtMember, timestamp(giveUpAt)}};
}

Queued Queued::fromJson(const QJsonObject &detail)
{
    return Queued {detail.value(ticketIdMember).toString(), detail.value(positionMember).toInt(),
                   timeOf(detail, giveUpAtMember)};
}

QJsonObject QueueLeft::toJson() const
{
    QJsonObject json {{ticketIdMember, ticketId},
                      {whyMember, queue::toWire(why)},
                      {waitedMsMember, waitedMs},
                      {grantedMember, granted}};
    if (granted && seatExpiresAt.isValid())
        json.insert(seatExpiresAtMember, timestamp(seatExpiresAt));
    if (why == queue::LeftBecause::Expired && ticketExpiresAt.isValid())
        json.insert(ticketExpiresAtMember, timestamp(ticketExpiresAt));
    return json;
}

QueueLeft QueueLeft::fromJson(const QJsonObject &detail)
{
    return QueueLeft {
        detail.value(ticketIdMember).toString(),
        queue::leftBecauseFromWire(detail.value(whyMember).toString()).value_or(queue::LeftBecause::Unknown),
        detail.value(waitedMsMember).toInteger(),
        detail.value(grantedMember).toBool(),
        timeOf(detail, seatExpiresAtMember),
        timeOf(detail, ticketExpiresAtMember)};
}

QJsonObject ReclaimWarned::toJson() const
{
    return QJsonObject {{waiterMember, waiter},
                        {waiterTicketIdMember, waiterTicketId},
                        {idleMsMember, idleMs},
                        {waitedMsMember, waitedMs},
                        {reclaimAtMember, timestamp(reclaimAt)}};
}

ReclaimWarned ReclaimWarned::fromJson(const QJsonObject &detail)
{
    return ReclaimWarned {detail.value(waiterMember).toString(), detail.value(waiterTicketIdMember).toString(),
                          detail.value(idleMsMember).toInteger(), detail.value(waitedMsMember).toInteger(),
                          timeOf(detail, reclaimAtMember)};
}

QJsonObject ReclaimCancelled::toJson() const
{
    return QJsonObject {{reasonMember, reason}, {reclaimAtMember, timestamp(reclaimAt)}};
}

ReclaimCancelled ReclaimCancelled::fromJson(const QJsonObject &detail)
{
    return ReclaimCancelled {detail.value(reasonMember).toString(), timeOf(detail, reclaimAtMember)};
}

QJsonObject Reclaimed::toJson() const
{
    return QJsonObject {{waiterMember, waiter},
                        {waiterTicketIdMember, waiterTicketId},
                        {idleMsMember, idleMs},
                        {markedAtMember, timestamp(markedAt)},
                        {expiresAtMember, timestamp(expiresAt)}};
}

Reclaimed Reclaimed::fromJson(const QJsonObject &detail)
{
    return Reclaimed {detail.value(waiterMember).toString(), detail.value(waiterTicketIdMember).toString(),
                      detail.value(idleMsMember).toInteger(), timeOf(detail, markedAtMember),
                      timeOf(detail, expiresAtMember)};
}

QJsonObject AlertChange::toJson() const
{
    QJsonObject json {{u"ruleId"_s, ruleId},
                      {u"kind"_s, alerts::toWire(kind)},
                      {u"severity"_s, alerts::toWire(severity)},
                      {u"since"_s, timestamp(since)},
                      {u"firedAt"_s, timestamp(firedAt)},
                      {u"value"_s, value},
                      {u"limit"_s, limit}};
    if (noticeDays >= 0)
        json.insert(u"noticeDays"_s, noticeDays);
    if (resolvedAt.isValid())
        json.insert(u"resolvedAt"_s, timestamp(resolvedAt));
    if (ends != ValidityBound::None) {
        json.insert(u"ends"_s, alerts::toWire(ends));
        json.insert(u"endsAt"_s, timestamp(endsAt));
    }
    if (!instance.isEmpty()) {
        json.insert(u"instance"_s, instance);
        if (!instanceUrl.isEmpty())
            json.insert(u"instanceUrl"_s, instanceUrl);
        if (lastSeenAt.isValid())
            json.insert(u"lastSeenAt"_s, timestamp(lastSeenAt));
        if (instanceGone != InstanceGone::No)
            json.insert(u"instanceGone"_s, alerts::toWire(instanceGone));
    }
    return json;
}

AlertChange AlertChange::fromJson(const QJsonObject &detail)
{
    AlertChange change;
    change.ruleId = detail.value(u"ruleId"_s).toString();
    change.kind = alerts::kindFromWire(detail.value(u"kind"_s).toString()).value_or(AlertKind::SeatsInUse);
    change.severity = alerts::severityFromWire(detail.value(u"severity"_s).toString()).value_or(AlertSeverity::Warning);
    change.noticeDays = detail.contains(u"noticeDays"_s) ? detail.value(u"noticeDays"_s).toInt(-1) : -1;
    change.since = timeOf(detail, u"since"_s);
    change.firedAt = timeOf(detail, u"firedAt"_s);
    change.resolvedAt = timeOf(detail, u"resolvedAt"_s);
    change.value = detail.value(u"value"_s).toInteger();
    change.limit = detail.value(u"limit"_s).toInteger();
    change.ends = alerts::boundFromWire(detail.value(u"ends"_s).toString());
    change.endsAt = change.ends != ValidityBound::None ? timeOf(detail, u"endsAt"_s) : QDateTime();
    change.instance = detail.value(u"instance"_s).toString();
    change.instanceUrl = detail.value(u"instanceUrl"_s).toString();
    change.lastSeenAt = timeOf(detail, u"lastSeenAt"_s);
    change.instanceGone = alerts::instanceGoneFromWire(detail.value(u"instanceGone"_s).toString());
    return change;
}

QJsonObject AlertAcknowledged::toJson() const
{
    QJsonObject json {{u"alertId"_s, alertId}, {u"ruleId"_s, ruleId}, {QString::fromUtf16(alerts::noteMember), note}};
    if (noticeDays >= 0)
        json.insert(u"noticeDays"_s, noticeDays);
    return json;
}

AlertAcknowledged AlertAcknowledged::fromJson(const QJsonObject &detail)
{
    AlertAcknowledged acknowledged;
    acknowledged.alertId = detail.value(u"alertId"_s).toInteger();
    acknowledged.ruleId = detail.value(u"ruleId"_s).toString();
    acknowledged.noticeDays = detail.contains(u"noticeDays"_s) ? detail.value(u"noticeDays"_s).toInt(-1) : -1;
    acknowledged.note = detail.value(QString::fromUtf16(alerts::noteMember)).toString();
    return acknowledged;
}

QString ticketIdOf(const QJsonObject &detail)
{
    return detail.value(ticketIdMember).toString();
}

QJsonObject TokenChanged::toJson(EventKind kind) const
{
    QJsonObject json {{nameMember, name}, {roleMember, roleName(role)}};
    if (kind == EventKind::TokenCreated)
        json.insert(expiresAtMember, timestampOrNull(expiresAt));
    return json;
}

TokenChanged TokenChanged::fromJson(const QJsonObject &detail)
{
    return TokenChanged {detail.value(nameMember).toString(),
                         parseRole(detail.value(roleMember).toString()).value_or(AccessRole::Viewer),
                         timeOf(detail, expiresAtMember)};
}

QJsonObject Amnesia::toJson() const
{
    return QJsonObject {{kindMember, StatsAmnesia::kindName(kind)},
                        {replicaIdMember, replicaId},
                        {counterMember, counter},
                        {heldMember, exactCount(held)},
                        {reportedMember, exactCount(reported)},
                        {sourceMember, source}};
}

std::optional<Amnesia> Amnesia::fromJson(const QJsonObject &detail)
{
    const auto kind = StatsAmnesia::kindFromName(detail.value(kindMember).toString());
    if (!kind)
        return std::nullopt;
    return Amnesia {*kind,
                    detail.value(replicaIdMember).toString(),
                    detail.value(counterMember).toString(),
                    quint64(std::max<qint64>(detail.value(heldMember).toInteger(), 0)),
                    quint64(std::max<qint64>(detail.value(reportedMember).toInteger(), 0)),
                    detail.value(sourceMember).toString()};
}

QJsonObject DatabaseFailover::toJson() const
{
    return QJsonObject {
        {u"from"_s, from}, {u"to"_s, to}, {u"interruptionMs"_s, interruptionMs}, {u"replicaId"_s, replicaId}};
}

DatabaseFailover DatabaseFailover::fromJson(const QJsonObject &detail)
{
    return DatabaseFailover {detail.value(u"from"_s).toString(), detail.value(u"to"_s).toString(),
                             std::max<qint64>(detail.value(u"interruptionMs"_s).toInteger(), 0),
                             detail.value(u"replicaId"_s).toString()};
}

} // namespace keyright::eventdetail
