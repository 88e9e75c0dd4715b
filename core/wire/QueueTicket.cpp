#include "wire/QueueTicket.h"

#include "Timestamps.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"
#include "wire/LicenseSummary.h"

using namespace Qt::StringLiterals;

namespace keyright {

QJsonObject QueueTicket::toJson() const
{
    return QJsonObject {{u"ticketId"_s, ticketId},
                        {u"licenseId"_s, licenseId},
                        {u"holder"_s, holder},
                        {u"state"_s, queue::toWire(state)},
                        {u"position"_s, position},
                        {u"waiting"_s, waiting},
                        {u"queuedAt"_s, formatTimestamp(queuedAt)},
                        {u"expiresAt"_s, formatTimestamp(expiresAt)},
                        {u"giveUpAt"_s, formatTimestamp(giveUpAt)},
                        {u"seatId"_s, seatId}};
}

std::optional<QueueTicket> QueueTicket::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QString where = path.isEmpty() ? u"ticket"_s : path;
    const QJsonObject entry = reader.object(json, where);
    QueueTicket ticket;
    ticket.ticketId = reader.string(entry, path, u"ticketId"_s, false);
    if (!reader.failed() && !isValidTicketId(ticket.ticketId))
        reader.fail(JsonReader::joinPath(path, u"ticketId"_s), u"is not %1"_s.arg(ticketIdRule()));
    ticket.licenseId = reader.string(entry, path, u"licenseId"_s, false);
    if (!reader.failed() && !isValidLicenseId(ticket.licenseId))
        reader.fail(JsonReader::joinPath(path, u"licenseId"_s), u"is not %1"_s.arg(licenseIdRule()));
    ticket.holder = reader.string(entry, path, u"holder"_s, false);
    const QString state = reader.string(entry, path, u"state"_s, false);
    if (!reader.failed()) {
        if (const auto known = queue::stateFromWire(state))
            ticket.state = *known;
        else
            reader.fail(JsonReader::joinPath(path, u"state"_s), u"is \"%1\", not waiting or granted"_s.arg(state));
    }
    ticket.position = int(reader.integer(entry, path, u"position"_s, 0, LicenseSummary::maxCount));
    ticket.waiting = int(reader.integer(entry, path, u"waiting"_s, 0, LicenseSummary::maxCount));
    ticket.queuedAt = reader.timestamp(entry, path, u"queuedAt"_s);
    ticket.expiresAt = reader.timestamp(entry, path, u"expiresAt"_s);
    ticket.giveUpAt = reader.timestamp(entry, path, u"giveUpAt"_s);
    ticket.seatId = reader.string(entry, path, u"seatId"_s);
    if (!reader.failed()) {
        if (ticket.state == State::Granted && !isValidSeatId(ticket.seatId))
            reader.fail(JsonReader::joinPath(path, u"seatId"_s), u"is not %1 for a granted ticket"_s.arg(seatIdRule()));
        else if (ticket.state == State::Waiting && !ticket.seatId.isEmpty())
            reader.fail(JsonReader::joinPath(path, u"seatId"_s), u"is set for a ticket that is still waiting"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return ticket;
}

namespace queue {

QString toWire(LeftBecause why)
{
    switch (why) {
    case LeftBecause::GaveUp:
        return u"gave_up"_s;
    case LeftBecause::Expired:
        return u"expired"_s;
    case LeftBecause::TimedOut:
        return u"timed_out"_s;
    case LeftBecause::Revoked:
        return u"revoked"_s;
    case LeftBecause::Unknown:
        return u"unknown"_s;
    }
    return {};
}

std::optional<LeftBecause> leftBecauseFromWire(QStringView name)
{
    for (const LeftBecause why : {LeftBecause::GaveUp, LeftBecause::Expired, LeftBecause::TimedOut,
                                  LeftBecause::Revoked, LeftBecause::Unknown}) {
        if (toWire(why) == name)
            return why;
    }
    return std::nullopt;
}

QString toWire(QueueTicket::State state)
{
    return state == QueueTicket::State::Granted ? u"granted"_s : u"waiting"_s;
}

std::optional<QueueTicket::State> stateFromWire(QStringView name)
{
    if (name == u"waiting")
        return QueueTicket::State::Waiting;
    if (name == u"granted")
        return QueueTicket::State::Granted;
    return std::nullopt;
}

} // namespace queue

} // namespace keyright
