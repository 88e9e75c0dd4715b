#include "wire/LedgerReport.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/LicenseSummary.h"
#include "wire/RequestFields.h"

#include <QJsonArray>
#include <QSet>

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

using Category = SeatLedger::Category;

constexpr std::array<std::pair<Category, const char16_t *>, 10> categoryNames {{
    {Category::InUse, u"inUse"},
    {Category::ActivityUnknown, u"activityUnknown"},
    {Category::Idle, u"idle"},
    {Category::SecondSeat, u"secondSeat"},
    {Category::Borrowed, u"borrowed"},
    {Category::Expiring, u"expiring"},
    {Category::ReservedIdle, u"reservedIdle"},
    {Category::Free, u"free"},
    {Category::OverCount, u"overCount"},
    {Category::Expired, u"expired"},
}};

QJsonValue optionalTimestamp(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QDateTime readOptionalTimestamp(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return {};
    return reader.timestamp(object, path, key);
}

} // namespace

QString ledgerCategoryToWire(Category category)
{
    for (const auto &[value, name] : categoryNames) {
        if (value == category)
            return QString::fromUtf16(name);
    }
    return {};
}

std::optional<Category> ledgerCategoryFromWire(const QString &name)
{
    for (const auto &[value, wire] : categoryNames) {
        if (name == QStringView(wire))
            return value;
    }
    return std::nullopt;
}

QUrlQuery LedgerQuery::toQuery() const
{
    QUrlQuery query;
    if (at.isValid())
        query.addQueryItem(QString::fromUtf16(atParameter), formatTimestamp(at));
    if (idleAfterMinutes)
        query.addQueryItem(QString::fromUtf16(idleAfterParameter), QString::number(*idleAfterMinutes));
    return query;
}

std::optional<LedgerQuery> LedgerQuery::fromQuery(const QUrlQuery &query, ValidationError *error)
{
    const auto fail = [error](const QString &field, const QString &message) -> std::optional<LedgerQuery> {
        requestfields::refuse(error, field, message);
        return std::nullopt;
    };
    LedgerQuery result;
    QSet<QString> seen;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key != QStringView(atParameter) && key != QStringView(idleAfterParameter))
            return fail(key.left(64),
                        u"unknown query parameter \"%1\"; known: at, idleAfterMinutes"_s.arg(key.left(64)));
        if (seen.contains(key))
            return fail(key, u"%1 is given more than once"_s.arg(key));
        seen.insert(key);
        if (key == QStringView(atParameter)) {
            const auto time = parseTimestamp(value);
            if (!time)
                return fail(key,
                            u"at must be an RFC 3339 UTC timestamp with milliseconds, such as "
                            "2026-11-29T21:00:00.000Z"_s);
            result.at = *time;
        } else {
            bool ok = false;
            const int minutes = value.toInt(&ok);
            if (!ok || minutes < 1 || minutes > maxIdleAfterMinutes)
                return fail(
                    key, u"idleAfterMinutes must be a whole number of minutes from 1 to %1"_s.arg(maxIdleAfterMinutes));
            result.idleAfterMinutes = minutes;
        }
    }
    return result;
}

QJsonObject LedgerReport::toJson() const
{
    QJsonArray lines;
    for (const SeatLedger::Line &line : ledger.lines) {
        QJsonArray holdings;
        for (const SeatLedger::Holding &holding : line.holdings) {
            QJsonObject held {{u"seatId"_s, holding.seatId},
                              {u"holder"_s, holding.holder},
                              {u"group"_s, holding.group},
                              {u"since"_s, optionalTimestamp(holding.since)}};
            if (holding.reclaimAt.isValid())
                held.insert(u"reclaimAt"_s, formatTimestamp(holding.reclaimAt));
            // A written-off borrowed seat: the members of the seat's row in the listing.
            holding.writeOff.insertInto(held);
            holdings.append(held);
        }
        lines.append(QJsonObject {{u"category"_s, ledgerCategoryToWire(line.category)},
                                  {u"seats"_s, line.seats},
                                  {u"group"_s, line.group},
                                  {u"holdings"_s, holdings}});
    }
    QJsonArray waiting;
    for (const LedgerWaiter &waiter : ledger.waiting)
        waiting.append(QJsonObject {{u"holder"_s, waiter.holder}, {u"since"_s, formatTimestamp(waiter.since)}});
    QJsonArray blocks;
    for (const LedgerBlock &block : ledger.blocks)
        blocks.append(QJsonObject {{u"holder"_s, block.holder}, {u"until"_s, formatTimestamp(block.until)}});
    return QJsonObject {{u"licenseId"_s, licenseId},
                        {u"at"_s, formatTimestamp(at)},
                        {u"serverTime"_s, formatTimestamp(serverTime)},
                        {u"idleAfterMinutes"_s, idleAfterMinutes},
                        {u"seatCount"_s, ledger.seatCount},
                        {u"lines"_s, lines},
                        {u"waiting"_s, waiting},
                        {u"blocks"_s, blocks}};
}

std::optional<LedgerReport> LedgerReport::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    LedgerReport report;
    report.licenseId = reader.string(json, {}, u"licenseId"_s, false);
    report.at = reader.timestamp(json, {}, u"at"_s);
    report.serverTime = reader.timestamp(json, {}, u"serverTime"_s);
    report.idleAfterMinutes = int(reader.integer(json, {}, u"idleAfterMinutes"_s, 1, LedgerQuery::maxIdleAfterMinutes));
    report.ledger.seatCount = int(reader.integer(json, {}, u"seatCount"_s, 0, LicenseSummary::maxCount));
    const QJsonArray lines = reader.array(json, {}, u"lines"_s);
    for (qsizetype i = 0; i < lines.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"lines"_s, i);
        const QJsonObject entry = reader.object(lines.at(i), path);
        SeatLedger::Line line;
        const QString name = reader.string(entry, path, u"category"_s, false);
        if (reader.failed())
            break;
        const auto category = ledgerCategoryFromWire(name);
        if (!category) {
            reader.fail(JsonReader::joinPath(path, u"category"_s), u"is not a ledger category"_s);
            break;
        }
        line.category = *category;
        line.seats = int(reader.integer(entry, path, u"seats"_s, 0, LicenseSummary::maxCount));
        line.group = reader.optionalString(entry, path, u"group"_s);
        const QJsonArray holdings = reader.array(entry, path, u"holdings"_s);
        for (qsizetype h = 0; h < holdings.size() && !reader.failed(); ++h) {
            const QString at = JsonReader::indexPath(JsonReader::joinPath(path, u"holdings"_s), h);
            const QJsonObject held = reader.object(holdings.at(h), at);
            SeatLedger::Holding holding;
            holding.seatId = reader.string(held, at, u"seatId"_s, false);
            holding.holder = reader.string(held, at, u"holder"_s, false);
            holding.group = reader.optionalString(held, at, u"group"_s);
            holding.since = readOptionalTimestamp(reader, held, at, u"since"_s);
            // Only on an idle holding idle reclaim marked (and absent from older servers).
            if (held.contains(u"reclaimAt"_s))
                holding.reclaimAt = readOptionalTimestamp(reader, held, at, u"reclaimAt"_s);
            // Only on a borrowed seat written off (and absent from older servers).
            ValidationError writeOffError;
            if (const auto writeOff = BorrowWriteOff::readFrom(held, at, &writeOffError))
                holding.writeOff = *writeOff;
            else
                reader.fail(writeOffError);
            line.holdings.append(holding);
        }
        report.ledger.lines.append(line);
    }
    const QJsonArray waiting = reader.array(json, {}, u"waiting"_s);
    for (qsizetype i = 0; i < waiting.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"waiting"_s, i);
        const QJsonObject entry = reader.object(waiting.at(i), path);
        report.ledger.waiting.append(
            {reader.string(entry, path, u"holder"_s, false), reader.timestamp(entry, path, u"since"_s)});
    }
    const QJsonArray blocks = reader.array(json, {}, u"blocks"_s);
    for (qsizetype i = 0; i < blocks.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"blocks"_s, i);
        const QJsonObject entry = reader.object(blocks.at(i), path);
        report.ledger.blocks.append(
            {reader.string(entry, path, u"holder"_s, false), reader.timestamp(entry, path, u"until"_s)});
    }
    if (!reader.failed() && report.ledger.accounted() != report.ledger.seatCount) {
        reader.fail(
            u"lines"_s,
            u"add up to %1 seats, not the seatCount %2"_s.arg(report.ledger.accounted()).arg(report.ledger.seatCount));
    }
    if (!reader.report(error))
        return std::nullopt;
    return report;
}

} // namespace keyright
