#include "wire/ErrorBody.h"

#include "Timestamps.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString errorMember = u"error"_s;
const QString messageMember = u"message"_s;
const QString fieldMember = u"field"_s;

QJsonValue timestampOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QDateTime lenientTimestamp(const QJsonValue &value)
{
    return parseTimestamp(value.toString()).value_or(QDateTime());
}

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

} // namespace

QJsonObject ErrorBody::toJson() const
{
    QJsonObject json = extra;
    json.insert(errorMember, code);
    json.insert(messageMember, message);
    if (!field.isEmpty())
        json.insert(fieldMember, field);
    return json;
}

QByteArray ErrorBody::toBody() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
}

std::optional<ErrorBody> ErrorBody::fromJson(const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (!document.isObject())
        return std::nullopt;
    ErrorBody error;
    error.extra = document.object();
    error.code = error.extra.take(errorMember).toString();
    error.message = error.extra.take(messageMember).toString();
    error.field = error.extra.take(fieldMember).toString();
    return error;
}

namespace errorextra {

namespace {

const QString neededMember = u"needed"_s;
const QString roleMember = u"role"_s;
const QString untilMember = u"until"_s;
const QString nextExpiryMember = u"nextExpiry"_s;
const QString reasonMember = u"reason"_s;
const QString retryAfterMember = u"retryAfterSeconds"_s;
const QString allowMember = u"allow"_s;
const QString groupMember = u"group"_s;
const QString licensesMember = u"licenses"_s;

} // namespace

QJsonObject RoleRefusal::toJson() const
{
    return QJsonObject {{neededMember, needed}, {roleMember, held}};
}

RoleRefusal RoleRefusal::fromJson(const QJsonObject &extra)
{
    return RoleRefusal {extra.value(neededMember).toString(), extra.value(roleMember).toString()};
}

QJsonObject HolderBlocked::toJson() const
{
    return QJsonObject {{untilMember, formatTimestamp(until)}};
}

std::optional<HolderBlocked> HolderBlocked::fromJson(const QJsonObject &extra)
{
    const auto until = parseTimestamp(extra.value(untilMember).toString());
    if (!until)
        return std::nullopt;
    return HolderBlocked {*until};
}

bool CheckoutDenial::seatsMayFree() const
{
    return decision.outcome == SeatDecision::Outcome::NoSeatsAvailable
        || decision.outcome == SeatDecision::Outcome::GroupCapReached
        || decision.outcome == SeatDecision::Outcome::Granted;
}

QString CheckoutDenial::code() const
{
    return seatrules::denialCode(decision.outcome);
}

QJsonObject CheckoutDenial::toJson() const
{
    QJsonObject json = seatrules::denialToJson(decision);
    if (seatsMayFree())
        json.insert(nextExpiryMember, timestampOrNull(nextExpiry));
    return json;
}

std::optional<CheckoutDenial> CheckoutDenial::fromJson(const QString &code, const QJsonObject &extra,
                                                       ValidationError *error)
{
    QJsonObject answer = extra;
    answer.insert(errorMember, code);
    auto decision = seatrules::denialFromJson(answer, error);
    if (!decision)
        return std::nullopt;
    CheckoutDenial denial {*decision, {}};
    if (denial.seatsMayFree())
        denial.nextExpiry = lenientTimestamp(extra.value(nextExpiryMember));
    return denial;
}

QJsonObject TicketLost::toJson() const
{
    return QJsonObject {{reasonMember, queue::toWire(why)}};
}

std::optional<TicketLost> TicketLost::fromJson(const QJsonObject &extra, QString *reason)
{
    const QString sent = extra.value(reasonMember).toString();
    if (reason)
        *reason = sent;
    const auto why = queue::leftBecauseFromWire(sent);
    if (!why)
        return std::nullopt;
    return TicketLost {*why};
}

QJsonObject TooManyFailures::toJson() const
{
    return QJsonObject {{retryAfterMember, retryAfterSeconds}};
}

TooManyFailures TooManyFailures::fromJson(const QJsonObject &extra)
{
    return TooManyFailures {extra.value(retryAfterMember).toInteger()};
}

QJsonObject MethodNotAllowed::toJson() const
{
    return QJsonObject {{allowMember, QJsonArray::fromStringList(allow)}};
}

MethodNotAllowed MethodNotAllowed::fromJson(const QJsonObject &extra)
{
    return MethodNotAllowed {strings(extra.value(allowMember))};
}

QJsonObject GroupInUse::toJson() const
{
    return QJsonObject {{groupMember, group}, {licensesMember, QJsonArray::fromStringList(licenses)}};
}

GroupInUse GroupInUse::fromJson(const QJsonObject &extra)
{
    return GroupInUse {extra.value(groupMember).toString(), strings(extra.value(licensesMember))};
}

} // namespace errorextra

} // namespace keyright
