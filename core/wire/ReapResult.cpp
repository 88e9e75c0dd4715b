#include "wire/ReapResult.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/LicenseSummary.h"
#include "wire/RequestFields.h"

#include <QJsonArray>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString dryRunParameter = u"dryRun"_s;

} // namespace

QJsonObject ReapResult::toReport() const
{
    QJsonObject json = toJson();
    if (dryRun)
        json.remove(u"reaped"_s);
    return json;
}

QUrlQuery ReapResult::query(bool dryRun)
{
    QUrlQuery query;
    if (dryRun)
        query.addQueryItem(dryRunParameter, u"true"_s);
    return query;
}

std::optional<bool> ReapResult::dryRunFromQuery(const QUrlQuery &query, ValidationError *error)
{
    bool dryRun = false;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key != dryRunParameter) {
            requestfields::refuse(error, key.left(64),
                                  u"unknown query parameter \"%1\"; known: dryRun"_s.arg(key.left(64)));
            return std::nullopt;
        }
        if (value == u"true" || value == u"1" || value.isEmpty()) {
            dryRun = true;
        } else if (value == u"false" || value == u"0") {
            dryRun = false;
        } else {
            requestfields::refuse(error, dryRunParameter, u"dryRun must be true or false"_s);
            return std::nullopt;
        }
    }
    return dryRun;
}

QJsonObject ReapResult::toJson() const
{
    QJsonArray list;
    for (const ReapedSeat &seat : seats)
        list.append(QJsonObject {{u"licenseId"_s, seat.licenseId},
                                 {u"seatId"_s, seat.seatId},
                                 {u"holder"_s, seat.holder},
                                 {u"expiresAt"_s, formatTimestamp(seat.expiresAt)},
                                 {u"reapableAt"_s, formatTimestamp(seat.reapableAt)}});
    QJsonObject json {{u"reaped"_s, reaped}, {u"dryRun"_s, dryRun}, {u"seats"_s, list}};
    // A dry run deletes nothing: "wouldReap" says what it found. "reaped" keeps the same count
    // there for clients written before wouldReap (docs/API.md).
    if (dryRun)
        json.insert(u"wouldReap"_s, reaped);
    return json;
}

std::optional<ReapResult> ReapResult::fromJson(const QJsonObject &json, bool dryRunAsked, ValidationError *error)
{
    JsonReader reader;
    ReapResult result;
    result.dryRun = dryRunAsked;
    result.reaped = int(reader.integer(json, {}, u"reaped"_s, 0, LicenseSummary::maxCount));
    if (json.contains(u"dryRun"_s)) {
        result.dryRun = reader.boolean(json, {}, u"dryRun"_s);
        if (!reader.failed() && result.dryRun != dryRunAsked)
            reader.fail(u"dryRun"_s, u"does not match the request"_s);
    }
    if (result.dryRun && json.contains(u"wouldReap"_s))
        result.reaped = int(reader.integer(json, {}, u"wouldReap"_s, 0, LicenseSummary::maxCount));
    const QJsonArray seats = reader.array(json, {}, u"seats"_s);
    for (qsizetype i = 0; i < seats.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"seats"_s, i);
        const QJsonObject entry = reader.object(seats.at(i), path);
        ReapedSeat seat;
        seat.licenseId = reader.string(entry, path, u"licenseId"_s, false);
        seat.seatId = reader.string(entry, path, u"seatId"_s, false);
        seat.holder = reader.string(entry, path, u"holder"_s);
        seat.expiresAt = reader.timestamp(entry, path, u"expiresAt"_s);
        seat.reapableAt = reader.timestamp(entry, path, u"reapableAt"_s);
        result.seats.append(seat);
    }
    if (!reader.report(error))
        return std::nullopt;
    return result;
}

} // namespace keyright
