#include "wire/UsageReport.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"
#include "wire/RequestFields.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString fromParameter = u"from"_s;
const QString toParameter = u"to"_s;
const QString stepParameter = u"step"_s;
const QString tzParameter = u"tz"_s;
const QString workStartParameter = u"workStart"_s;
const QString workEndParameter = u"workEnd"_s;

constexpr qint64 maxMs = JsonReader::maxExactInteger;

QMap<QString, qint64> msMapOf(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    QMap<QString, qint64> map;
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return map;
    if (!value.isObject()) {
        reader.fail(JsonReader::joinPath(path, key), u"is not an object"_s);
        return map;
    }
    const QJsonObject inner = value.toObject();
    for (auto it = inner.begin(); it != inner.end(); ++it)
        map.insert(
            it.key(),
            reader.integerValue(it.value(), JsonReader::joinPath(JsonReader::joinPath(path, key), it.key()), 0, maxMs));
    return map;
}

QJsonArray shares(const QList<UsageSummary::Share> &list)
{
    QJsonArray json;
    for (const auto &share : list)
        json.append(QJsonObject {{u"name"_s, share.name}, {u"seatHours"_s, share.seatHours}});
    return json;
}

QList<UsageSummary::Share> sharesOf(JsonReader &reader, const QJsonObject &object, const QString &path,
                                    const QString &key)
{
    QList<UsageSummary::Share> list;
    const QJsonArray array = object.value(key).toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString at = JsonReader::indexPath(JsonReader::joinPath(path, key), i);
        const QJsonObject item = array.at(i).toObject();
        list.append({reader.string(item, at, u"name"_s), item.value(u"seatHours"_s).toDouble()});
    }
    return list;
}

} // namespace

QString toWire(UsageStep step)
{
    switch (step) {
    case UsageStep::Minute:
        return u"minute"_s;
    case UsageStep::Hour:
        return u"hour"_s;
    case UsageStep::Day:
        return u"day"_s;
    case UsageStep::Week:
        return u"week"_s;
    case UsageStep::Month:
        return u"month"_s;
    }
    return {};
}

std::optional<UsageStep> usageStepFromWire(QStringView name)
{
    for (UsageStep step : {UsageStep::Minute, UsageStep::Hour, UsageStep::Day, UsageStep::Week, UsageStep::Month}) {
        if (name == toWire(step))
            return step;
    }
    return std::nullopt;
}

QUrlQuery UsageQuery::toQuery() const
{
    QUrlQuery query;
    if (from.isValid())
        query.addQueryItem(fromParameter, formatTimestamp(from));
    if (to.isValid())
        query.addQueryItem(toParameter, formatTimestamp(to));
    query.addQueryItem(stepParameter, toWire(step));
    if (!timeZone.isEmpty())
        query.addQueryItem(tzParameter, timeZone);
    if (workStartHour != 8 || workEndHour != 18) {
        query.addQueryItem(workStartParameter, QString::number(workStartHour));
        query.addQueryItem(workEndParameter, QString::number(workEndHour));
    }
    return query;
}

std::optional<UsageQuery> UsageQuery::fromQuery(const QUrlQuery &query, ValidationError *error)
{
    using requestfields::refuse;
    static const QSet<QString> known {fromParameter, toParameter,        stepParameter,
                                      tzParameter,   workStartParameter, workEndParameter};
    const auto fail = [error](const QString &field, const QString &message) -> std::optional<UsageQuery> {
        refuse(error, field, message);
        return std::nullopt;
    };
    UsageQuery result;
    QSet<QString> seen;
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (!known.contains(key))
            return fail(key.left(64),
                        u"unknown query parameter \"%1\"; known: from, to, step, tz, workStart, "
                        "workEnd"_s.arg(key.left(64)));
        if (seen.contains(key))
            return fail(key, u"%1 is given more than once"_s.arg(key));
        seen.insert(key);
        if (key == fromParameter || key == toParameter) {
            const auto time = parseTimestamp(value);
            if (!time)
                return fail(key,
                            u"%1 must be an RFC 3339 UTC timestamp with milliseconds, such as "
                            "2026-11-29T21:00:00.000Z"_s.arg(key));
            (key == fromParameter ? result.from : result.to) = *time;
        } else if (key == stepParameter) {
            const auto step = usageStepFromWire(value);
            if (!step)
                return fail(key, u"step must be minute, hour, day, week or month"_s);
            result.step = *step;
        } else if (key == tzParameter) {
            if (value.size() > 64 || !QTimeZone(value.toUtf8()).isValid())
                return fail(key,
                            u"tz \"%1\" is not a time zone this server knows (an IANA name such as "
                            "Europe/Paris)"_s.arg(value.left(64)));
            result.timeZone = value;
        } else {
            bool ok = false;
            const int hour = value.toInt(&ok);
            if (!ok || hour < 0 || hour > 24)
                return fail(key, u"%1 must be an hour from 0 to 24"_s.arg(key));
            (key == workStartParameter ? result.workStartHour : result.workEndHour) = hour;
        }
    }
    if (result.workStartHour >= result.workEndHour)
        return fail(workEndParameter,
                    u"working hours must end after they start (workStart %1, workEnd %2)"_s.arg(result.workStartHour)
                        .arg(result.workEndHour));
    if (result.from.isValid() && result.to.isValid() && result.from >= result.to)
        return fail(toParameter, u"to must come after from"_s);
    return result;
}

namespace usage {

QJsonObject toJson(const Bucket &bucket)
{
    QJsonObject levels;
    for (auto it = bucket.levelMs.cbegin(); it != bucket.levelMs.cend(); ++it)
        levels.insert(QString::number(it.key()), it.value());
    QJsonObject json {{u"start"_s, formatTimestamp(QDateTime::fromMSecsSinceEpoch(bucket.startMs, Qt::UTC))},
                      {u"lengthMs"_s, bucket.lengthMs},
                      {u"seatsOwned"_s, bucket.seatsOwned},
                      {u"ownedSeatMs"_s, bucket.ownedSeatMs},
                      {u"peak"_s, bucket.peak},
                      {u"peakAt"_s, formatTimestamp(QDateTime::fromMSecsSinceEpoch(bucket.peakAtMs, Qt::UTC))},
                      {u"usedSeatMs"_s, bucket.usedSeatMs},
                      {u"levelMs"_s, levels},
                      {u"reservedIdleSeatMs"_s, jsonObjectOf(bucket.reservedIdleSeatMs)},
                      {u"waitingPeak"_s, bucket.waitingPeak},
                      {u"longestWaitMs"_s, bucket.longestWaitMs},
                      {u"granted"_s, bucket.granted},
                      {u"denials"_s, jsonObjectOf(bucket.denials)},
                      {u"trueDenials"_s, bucket.trueDenials}};
    if (!bucket.holderSeatMs.isEmpty())
        json.insert(u"holderSeatMs"_s, jsonObjectOf(bucket.holderSeatMs));
    // Absent: the bucket was closed before the history recorded borrowing (not "none borrowed").
    if (bucket.borrowRecorded) {
        json.insert(u"borrowedSeatMs"_s, bucket.borrowedSeatMs);
        json.insert(u"borrowedPeak"_s, bucket.borrowedPeak);
        json.insert(u"borrowedAtPeak"_s, bucket.borrowedAtPeak);
    }
    return json;
}

static std::optional<Bucket> bucketAt(const QJsonObject &json, ValidationError *error, const QString &path)
{
    JsonReader reader;
    Bucket bucket;
    bucket.startMs = reader.timestamp(json, path, u"start"_s).toMSecsSinceEpoch();
    bucket.lengthMs = reader.integer(json, path, u"lengthMs"_s, 1, maxMs);
    bucket.seatsOwned = int(reader.integer(json, path, u"seatsOwned"_s, 0, 1'000'000'000));
    bucket.ownedSeatMs = reader.integer(json, path, u"ownedSeatMs"_s, 0, maxMs);
    bucket.peak = int(reader.integer(json, path, u"peak"_s, 0, 1'000'000'000));
    bucket.peakAtMs = reader.timestamp(json, path, u"peakAt"_s).toMSecsSinceEpoch();
    bucket.usedSeatMs = reader.integer(json, path, u"usedSeatMs"_s, 0, maxMs);
    for (const auto &[key, ms] : msMapOf(reader, json, path, u"levelMs"_s).asKeyValueRange()) {
        bool ok = false;
        const int level = key.toInt(&ok);
        if (!ok || level < 0)
            reader.fail(JsonReader::joinPath(JsonReader::joinPath(path, u"levelMs"_s), key),
                        u"is not a number of seats"_s);
        bucket.levelMs.insert(level, ms);
    }
    bucket.reservedIdleSeatMs = msMapOf(reader, json, path, u"reservedIdleSeatMs"_s);
    bucket.waitingPeak = int(reader.integer(json, path, u"waitingPeak"_s, 0, 1'000'000'000));
    bucket.longestWaitMs = reader.integer(json, path, u"longestWaitMs"_s, 0, maxMs);
    bucket.granted = int(reader.integer(json, path, u"granted"_s, 0, 1'000'000'000));
    for (const auto &[reason, count] : msMapOf(reader, json, path, u"denials"_s).asKeyValueRange())
        bucket.denials.insert(reason, int(count));
    bucket.trueDenials = int(reader.integer(json, path, u"trueDenials"_s, 0, 1'000'000'000));
    bucket.holderSeatMs = msMapOf(reader, json, path, u"holderSeatMs"_s);
    bucket.borrowRecorded = json.contains(u"borrowedSeatMs"_s);
    if (bucket.borrowRecorded) {
        bucket.borrowedSeatMs = reader.integer(json, path, u"borrowedSeatMs"_s, 0, bucket.usedSeatMs);
        bucket.borrowedPeak = int(reader.integer(json, path, u"borrowedPeak"_s, 0, bucket.peak));
        bucket.borrowedAtPeak = int(reader.integer(json, path, u"borrowedAtPeak"_s, 0, bucket.borrowedPeak));
    }
    if (!reader.report(error))
        return std::nullopt;
    return bucket;
}

std::optional<Bucket> bucketFromJson(const QJsonObject &json, ValidationError *error)
{
    return bucketAt(json, error, QString());
}

} // namespace usage

int UsageSummary::denialCount() const
{
    int total = 0;
    for (int count : denials)
        total += count;
    return total;
}

QJsonObject UsageSummary::toJson() const
{
    QJsonArray atLeastJson;
    for (double share : atLeast)
        atLeastJson.append(share);
    QJsonArray mean;
    for (const auto &day : heatmapMean) {
        QJsonArray hours;
        for (double value : day)
            hours.append(value);
        mean.append(hours);
    }
    QJsonArray peaks;
    for (const auto &day : heatmapPeak) {
        QJsonArray hours;
        for (int value : day)
            hours.append(value);
        peaks.append(hours);
    }
    const QJsonObject denialsJson = jsonObjectOf(denials);
    QJsonArray hoursJson;
    for (const HourCount &hour : trueDenialHours)
        hoursJson.append(QJsonObject {{u"hour"_s, formatTimestamp(hour.hour)}, {u"count"_s, hour.count}});
    QJsonObject idle;
    for (auto it = reservedIdleSeatHours.cbegin(); it != reservedIdleSeatHours.cend(); ++it)
        idle.insert(it.key(), it.value());
    QJsonObject json {{u"seatsOwned"_s, seatsOwned},
                      {u"peak"_s, peak},
                      {u"peakAt"_s, peakAt.isValid() ? QJsonValue(formatTimestamp(peakAt)) : QJsonValue()},
                      {u"p95"_s, p95},
                      {u"p95WorkingHours"_s, p95WorkingHours},
                      {u"usedSeatHours"_s, usedSeatHours},
                      {u"ownedSeatHours"_s, ownedSeatHours},
                      {u"utilization"_s, utilization},
                      {u"atLeast"_s, atLeastJson},
                      {u"heatmapMean"_s, mean},
                      {u"heatmapPeak"_s, peaks},
                      {u"granted"_s, granted},
                      {u"denials"_s, denialsJson},
                      {u"trueDenials"_s, trueDenials},
                      {u"trueDenialHours"_s, hoursJson},
                      {u"waitingPeak"_s, waitingPeak},
                      {u"longestWaitMs"_s, longestWaitMs},
                      {u"topHolders"_s, shares(topHolders)},
                      {u"topGroups"_s, shares(topGroups)},
                      {u"reservedIdleSeatHours"_s, idle}};
    // Absent: no bucket of the range recorded borrowed seats (an older history or server).
    if (borrowRecorded) {
        json.insert(u"borrowedPeak"_s, borrowedPeak);
        json.insert(u"borrowedSeatHours"_s, borrowedSeatHours);
        json.insert(u"borrowedAtPeak"_s, borrowedAtPeak ? QJsonValue(*borrowedAtPeak) : QJsonValue());
        if (borrowRecordedFrom.isValid())
            json.insert(u"borrowRecordedFrom"_s, formatTimestamp(borrowRecordedFrom));
    }
    return json;
}

std::optional<UsageSummary> UsageSummary::fromJson(const QJsonObject &json, ValidationError *error)
{
    const QString path = u"summary"_s;
    JsonReader reader;
    UsageSummary s;
    s.seatsOwned = int(reader.integer(json, path, u"seatsOwned"_s, 0, 1'000'000'000));
    s.peak = int(reader.integer(json, path, u"peak"_s, 0, 1'000'000'000));
    if (!json.value(u"peakAt"_s).isNull())
        s.peakAt = reader.timestamp(json, path, u"peakAt"_s);
    s.p95 = int(reader.integer(json, path, u"p95"_s, 0, 1'000'000'000));
    s.p95WorkingHours = int(reader.integer(json, path, u"p95WorkingHours"_s, 0, 1'000'000'000));
    s.usedSeatHours = json.value(u"usedSeatHours"_s).toDouble();
    s.ownedSeatHours = json.value(u"ownedSeatHours"_s).toDouble();
    s.utilization = json.value(u"utilization"_s).toDouble();
    for (const QJsonValue &share : json.value(u"atLeast"_s).toArray())
        s.atLeast.append(share.toDouble());
    for (const QJsonValue &day : json.value(u"heatmapMean"_s).toArray()) {
        QList<double> hours;
        for (const QJsonValue &value : day.toArray())
            hours.append(value.toDouble());
        s.heatmapMean.append(hours);
    }
    for (const QJsonValue &day : json.value(u"heatmapPeak"_s).toArray()) {
        QList<int> hours;
        for (const QJsonValue &value : day.toArray())
            hours.append(value.toInt());
        s.heatmapPeak.append(hours);
    }
    s.granted = int(reader.integer(json, path, u"granted"_s, 0, maxMs));
    const QJsonObject denials = json.value(u"denials"_s).toObject();
    for (auto it = denials.begin(); it != denials.end(); ++it)
        s.denials.insert(it.key(), it.value().toInt());
    s.trueDenials = int(reader.integer(json, path, u"trueDenials"_s, 0, maxMs));
    const QJsonArray hours = json.value(u"trueDenialHours"_s).toArray();
    for (qsizetype i = 0; i < hours.size(); ++i) {
        const QJsonObject hour = hours.at(i).toObject();
        const QString at = JsonReader::indexPath(JsonReader::joinPath(path, u"trueDenialHours"_s), i);
        s.trueDenialHours.append(
            {reader.timestamp(hour, at, u"hour"_s), int(reader.integer(hour, at, u"count"_s, 0, 1'000'000'000))});
    }
    s.waitingPeak = int(reader.integer(json, path, u"waitingPeak"_s, 0, 1'000'000'000));
    s.longestWaitMs = reader.integer(json, path, u"longestWaitMs"_s, 0, maxMs);
    s.topHolders = sharesOf(reader, json, path, u"topHolders"_s);
    s.topGroups = sharesOf(reader, json, path, u"topGroups"_s);
    const QJsonObject idle = json.value(u"reservedIdleSeatHours"_s).toObject();
    for (auto it = idle.begin(); it != idle.end(); ++it)
        s.reservedIdleSeatHours.insert(it.key(), it.value().toDouble());
    s.borrowRecorded = json.contains(u"borrowedPeak"_s);
    if (s.borrowRecorded) {
        s.borrowedPeak = int(reader.integer(json, path, u"borrowedPeak"_s, 0, s.peak));
        s.borrowedSeatHours = json.value(u"borrowedSeatHours"_s).toDouble();
        if (!json.value(u"borrowedAtPeak"_s).isNull())
            s.borrowedAtPeak = int(reader.integer(json, path, u"borrowedAtPeak"_s, 0, s.peak));
        if (json.contains(u"borrowRecordedFrom"_s))
            s.borrowRecordedFrom = reader.timestamp(json, path, u"borrowRecordedFrom"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return s;
}

QJsonObject UsageReport::toJson() const
{
    QJsonArray bucketsJson;
    for (const usage::Bucket &bucket : buckets)
        bucketsJson.append(usage::toJson(bucket));
    return QJsonObject {{u"licenseId"_s, licenseId},
                        {u"from"_s, formatTimestamp(from)},
                        {u"to"_s, formatTimestamp(to)},
                        {u"step"_s, toWire(step)},
                        {u"timeZone"_s, timeZone.isEmpty() ? u"UTC"_s : timeZone},
                        {u"closedUntil"_s, formatTimestamp(closedUntil)},
                        {u"demoUntil"_s, demoUntil.isValid() ? QJsonValue(formatTimestamp(demoUntil)) : QJsonValue()},
                        {u"buckets"_s, bucketsJson},
                        {u"summary"_s, summary.toJson()}};
}

std::optional<UsageReport> UsageReport::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    UsageReport report;
    report.licenseId = reader.string(json, {}, u"licenseId"_s, false);
    report.from = reader.timestamp(json, {}, u"from"_s);
    report.to = reader.timestamp(json, {}, u"to"_s);
    const QString step = reader.string(json, {}, u"step"_s, false);
    if (const auto parsed = usageStepFromWire(step))
        report.step = *parsed;
    else if (!reader.failed())
        reader.fail(u"step"_s, u"is not minute, hour, day, week or month"_s);
    report.timeZone = reader.string(json, {}, u"timeZone"_s);
    if (report.timeZone == u"UTC"_s)
        report.timeZone.clear();
    report.closedUntil = reader.timestamp(json, {}, u"closedUntil"_s);
    if (json.contains(u"demoUntil"_s) && !json.value(u"demoUntil"_s).isNull())
        report.demoUntil = reader.timestamp(json, {}, u"demoUntil"_s);
    const QJsonArray buckets = json.value(u"buckets"_s).toArray();
    for (qsizetype i = 0; i < buckets.size() && !reader.failed(); ++i) {
        ValidationError bucketError;
        const auto bucket
            = usage::bucketAt(buckets.at(i).toObject(), &bucketError, JsonReader::indexPath(u"buckets"_s, i));
        if (!bucket)
            reader.fail(bucketError);
        else
            report.buckets.append(*bucket);
    }
    if (!reader.failed()) {
        ValidationError summaryError;
        if (auto summary = UsageSummary::fromJson(json.value(u"summary"_s).toObject(), &summaryError))
            report.summary = *summary;
        else
            reader.fail(summaryError);
    }
    if (!reader.report(error))
        return std::nullopt;
    return report;
}

const usage::WhatIfRow *WhatIfReport::row(int seats) const
{
    for (const usage::WhatIfRow &candidate : rows) {
        if (candidate.seats == seats)
            return &candidate;
    }
    return nullptr;
}

int WhatIfReport::neededSeats() const
{
    if (rows.isEmpty())
        return 0;
    const usage::WhatIfRow &most = rows.first();
    int needed = most.seats;
    for (const usage::WhatIfRow &candidate : rows) {
        if (candidate.refused <= most.refused && candidate.trueDenials <= most.trueDenials
            && candidate.gaveUp <= most.gaveUp)
            needed = std::min(needed, candidate.seats);
    }
    return needed;
}

QJsonObject WhatIfReport::toJson() const
{
    QJsonArray rowsJson;
    for (const usage::WhatIfRow &r : rows)
        rowsJson.append(QJsonObject {{u"seats"_s, r.seats},
                                     {u"attempts"_s, r.attempts},
                                     {u"granted"_s, r.granted},
                                     {u"waited"_s, r.waited},
                                     {u"refused"_s, r.refused},
                                     {u"gaveUp"_s, r.gaveUp},
                                     {u"trueDenials"_s, r.trueDenials},
                                     {u"medianWaitMs"_s, r.medianWaitMs},
                                     {u"longestWaitMs"_s, r.longestWaitMs}});
    return QJsonObject {{u"licenseId"_s, licenseId},
                        {u"from"_s, formatTimestamp(from)},
                        {u"to"_s, formatTimestamp(to)},
                        {u"seatsOwned"_s, seatsOwned},
                        {u"peak"_s, peak},
                        {u"demoUntil"_s, demoUntil.isValid() ? QJsonValue(formatTimestamp(demoUntil)) : QJsonValue()},
                        {u"neededSeats"_s, neededSeats()},
                        {u"rows"_s, rowsJson}};
}

std::optional<WhatIfReport> WhatIfReport::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    WhatIfReport report;
    report.licenseId = reader.string(json, {}, u"licenseId"_s, false);
    report.from = reader.timestamp(json, {}, u"from"_s);
    report.to = reader.timestamp(json, {}, u"to"_s);
    report.seatsOwned = int(reader.integer(json, {}, u"seatsOwned"_s, 0, 1'000'000'000));
    report.peak = int(reader.integer(json, {}, u"peak"_s, 0, 1'000'000'000));
    if (json.contains(u"demoUntil"_s) && !json.value(u"demoUntil"_s).isNull())
        report.demoUntil = reader.timestamp(json, {}, u"demoUntil"_s);
    const QJsonArray rows = json.value(u"rows"_s).toArray();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString at = JsonReader::indexPath(u"rows"_s, i);
        const QJsonObject r = rows.at(i).toObject();
        usage::WhatIfRow row;
        row.seats = int(reader.integer(r, at, u"seats"_s, 0, 1'000'000'000));
        row.attempts = int(reader.integer(r, at, u"attempts"_s, 0, maxMs));
        row.granted = int(reader.integer(r, at, u"granted"_s, 0, maxMs));
        row.waited = int(reader.integer(r, at, u"waited"_s, 0, maxMs));
        row.refused = int(reader.integer(r, at, u"refused"_s, 0, maxMs));
        row.gaveUp = int(reader.integer(r, at, u"gaveUp"_s, 0, maxMs));
        row.trueDenials = int(reader.integer(r, at, u"trueDenials"_s, 0, maxMs));
        row.medianWaitMs = reader.integer(r, at, u"medianWaitMs"_s, 0, maxMs);
        row.longestWaitMs = reader.integer(r, at, u"longestWaitMs"_s, 0, maxMs);
        report.rows.append(row);
    }
    if (!reader.report(error))
        return std::nullopt;
    return report;
}

} // namespace keyright
