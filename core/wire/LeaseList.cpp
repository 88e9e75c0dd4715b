#include "wire/LeaseList.h"

#include "LeaseJson.h"
#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/LicenseSummary.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

HolderBlock readBlock(JsonReader &reader, const QJsonObject &entry, const QString &licenseId, const QString &path)
{
    HolderBlock block;
    block.licenseId = licenseId;
    block.holder = reader.string(entry, path, u"holder"_s, false);
    block.until = reader.timestamp(entry, path, u"until"_s);
    block.reason = reader.optionalString(entry, path, u"reason"_s);
    return block;
}

} // namespace

QJsonObject HolderBlock::toJson() const
{
    return QJsonObject {{u"holder"_s, holder}, {u"until"_s, formatTimestamp(until)}, {u"reason"_s, reason}};
}

std::optional<HolderBlock> HolderBlock::fromJson(const QJsonValue &json, const QString &licenseId, const QString &path,
                                                 ValidationError *error)
{
    JsonReader reader;
    const QJsonObject entry = reader.object(json, path.isEmpty() ? u"block"_s : path);
    HolderBlock block;
    if (!reader.failed())
        block = readBlock(reader, entry, licenseId, path);
    if (!reader.report(error))
        return std::nullopt;
    return block;
}

QJsonObject LeaseRow::toJson() const
{
    QJsonObject json = leaseToJson(lease);
    json.insert(u"live"_s, live);
    json.insert(u"reapableAt"_s, formatTimestamp(reapableAt));
    if (lastActivityAt.isValid())
        json.insert(u"lastActivityAt"_s, formatTimestamp(lastActivityAt));
    if (reclaimAt.isValid())
        json.insert(u"reclaimAt"_s, formatTimestamp(reclaimAt));
    writeOff.insertInto(json);
    return json;
}

QJsonObject LeaseList::toJson() const
{
    QJsonArray rows;
    for (const LeaseRow &row : leases)
        rows.append(row.toJson());
    QJsonArray holderBlocks;
    for (const HolderBlock &block : blocks)
        holderBlocks.append(block.toJson());
    QJsonArray line;
    for (const QueueTicket &ticket : queue)
        line.append(ticket.toJson());
    return QJsonObject {{u"serverTime"_s, formatTimestamp(serverTime)},
                        {u"seatCount"_s, seatCount},
                        {u"inUse"_s, inUse},
                        {QString::fromUtf16(leasesMember), rows},
                        {QString::fromUtf16(blocksMember), holderBlocks},
                        {u"rules"_s, seatrules::rulesToJson(rules)},
                        {u"groups"_s, seatrules::groupsToJson(groups)},
                        {u"queue"_s, line}};
}

std::optional<LeaseList> LeaseList::fromJson(const QJsonObject &json, const QString &licenseId, ValidationError *error)
{
    JsonReader reader;
    LeaseList list;
    list.licenseId = licenseId;
    list.serverTime = reader.timestamp(json, {}, u"serverTime"_s);
    list.seatCount = int(reader.integer(json, {}, u"seatCount"_s, 0, LicenseSummary::maxCount));
    list.inUse = int(reader.integer(json, {}, u"inUse"_s, 0, LicenseSummary::maxCount));
    const QJsonArray leases = reader.array(json, {}, u"leases"_s);
    for (qsizetype i = 0; i < leases.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"leases"_s, i);
        const QJsonObject entry = reader.object(leases.at(i), path);
        if (reader.failed())
            break;
        ValidationError why;
        const std::optional<SeatLease> lease = leaseFromJson(entry, &why);
        if (!lease) {
            reader.fail(JsonReader::joinPath(path, why.field), why.message);
            break;
        }
        if (lease->licenseId != licenseId) {
            reader.fail(JsonReader::joinPath(path, u"licenseId"_s),
                        u"is \"%1\", not the license asked for (\"%2\")"_s.arg(lease->licenseId, licenseId));
            break;
        }
        LeaseRow row;
        row.lease = *lease;
        row.live = reader.boolean(entry, path, u"live"_s);
        row.reapableAt = reader.timestamp(entry, path, u"reapableAt"_s);
        // Absent from older servers and for holders whose client does not report activity.
        if (entry.contains(u"lastActivityAt"_s) && !entry.value(u"lastActivityAt"_s).isNull())
            row.lastActivityAt = reader.timestamp(entry, path, u"lastActivityAt"_s);
        // Absent from older servers and while the seat is not marked.
        if (entry.contains(u"reclaimAt"_s) && !entry.value(u"reclaimAt"_s).isNull())
            row.reclaimAt = reader.timestamp(entry, path, u"reclaimAt"_s);
        // Absent from older servers and while the seat is not written off.
        ValidationError writeOffWhy;
        if (const auto writeOff = BorrowWriteOff::readFrom(entry, path, &writeOffWhy)) {
            row.writeOff = *writeOff;
        } else {
            reader.fail(writeOffWhy);
            break;
        }
        list.leases.append(row);
    }
    if (!reader.failed() && json.contains(u"blocks"_s)) {
        const QJsonArray blocks = reader.array(json, {}, u"blocks"_s);
        for (qsizetype i = 0; i < blocks.size() && !reader.failed(); ++i) {
            const QString path = JsonReader::indexPath(u"blocks"_s, i);
            const QJsonObject entry = reader.object(blocks.at(i), path);
            if (!reader.failed())
                list.blocks.append(readBlock(reader, entry, licenseId, path));
        }
    }
    if (!reader.failed() && json.contains(u"rules"_s)) {
        ValidationError why;
        if (auto rules = seatrules::rulesFromJson(json.value(u"rules"_s), u"rules"_s, &why))
            list.rules = std::move(*rules);
        else
            reader.fail(why);
    }
    if (!reader.failed() && json.contains(u"groups"_s)) {
        ValidationError why;
        if (auto groups = seatrules::groupsFromJson(json.value(u"groups"_s), u"groups"_s, &why))
            list.groups = std::move(*groups);
        else
            reader.fail(why);
    }
    if (!reader.failed() && json.contains(u"queue"_s)) {
        const QJsonArray line = reader.array(json, {}, u"queue"_s);
        for (qsizetype i = 0; i < line.size() && !reader.failed(); ++i) {
            ValidationError why;
            auto ticket = QueueTicket::fromJson(line.at(i), JsonReader::indexPath(u"queue"_s, i), &why);
            if (!ticket) {
                reader.fail(why);
            } else if (ticket->licenseId != licenseId) {
                reader.fail(JsonReader::joinPath(JsonReader::indexPath(u"queue"_s, i), u"licenseId"_s),
                            u"is \"%1\", not the license asked for (\"%2\")"_s.arg(ticket->licenseId, licenseId));
            } else {
                list.queue.append(std::move(*ticket));
            }
        }
    }
    if (!reader.report(error))
        return std::nullopt;
    return list;
}

} // namespace keyright
