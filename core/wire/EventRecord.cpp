#include "wire/EventRecord.h"

#include "Timestamps.h"
#include "wire/JsonReader.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

// `previous`: the seq of the event before it in a page, which this one must exceed (none: -1).
EventRecord readEvent(JsonReader &reader, const QJsonObject &entry, const QString &path, qint64 previous = -1)
{
    EventRecord event;
    event.seq = reader.integer(entry, path, u"seq"_s, 0, JsonReader::maxExactInteger);
    if (!reader.failed() && event.seq <= previous)
        reader.fail(JsonReader::joinPath(path, u"seq"_s),
                    u"is not ascending (%1 after %2)"_s.arg(event.seq).arg(previous));
    event.time = reader.timestamp(entry, path, u"time"_s);
    const QString kind = reader.string(entry, path, u"kind"_s, false);
    const std::optional<EventKind> known = eventKindFromWire(kind);
    if (!reader.failed() && !known)
        reader.fail(JsonReader::joinPath(path, u"kind"_s),
                    u"is \"%1\", not an event kind this client knows"_s.arg(kind.left(40)));
    event.kind = known.value_or(EventKind::Granted);
    event.licenseId = reader.optionalString(entry, path, u"licenseId"_s);
    event.seatId = reader.optionalString(entry, path, u"seatId"_s);
    event.holder = reader.optionalString(entry, path, u"holder"_s);
    event.actor = reader.optionalString(entry, path, u"actor"_s);
    const QJsonValue detail = entry.value(u"detail"_s);
    if (!detail.isUndefined() && !detail.isNull())
        event.detail = reader.object(detail, JsonReader::joinPath(path, u"detail"_s));
    return event;
}

} // namespace

QJsonObject EventRecord::toJson() const
{
    return QJsonObject {{u"seq"_s, seq},
                        {u"time"_s, formatTimestamp(time)},
                        {u"kind"_s, toWire(kind)},
                        {u"licenseId"_s, textOrNull(licenseId)},
                        {u"seatId"_s, textOrNull(seatId)},
                        {u"holder"_s, textOrNull(holder)},
                        {u"actor"_s, actor},
                        {u"detail"_s, detail}};
}

std::optional<EventRecord> EventRecord::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject entry = reader.object(json, path.isEmpty() ? u"event"_s : path);
    EventRecord event;
    if (!reader.failed())
        event = readEvent(reader, entry, path);
    if (!reader.report(error))
        return std::nullopt;
    return event;
}

QJsonObject EventPage::toJson() const
{
    QJsonArray list;
    for (const EventRecord &event : events)
        list.append(event.toJson());
    return QJsonObject {{u"events"_s, list}, {u"next"_s, next}};
}

std::optional<EventPage> EventPage::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    EventPage page;
    const QJsonArray events = reader.array(json, {}, u"events"_s);
    qint64 previous = -1;
    for (qsizetype i = 0; i < events.size() && !reader.failed(); ++i) {
        const QString path = JsonReader::indexPath(u"events"_s, i);
        const QJsonObject entry = reader.object(events.at(i), path);
        if (reader.failed())
            break;
        const EventRecord event = readEvent(reader, entry, path, previous);
        previous = event.seq;
        page.events.append(event);
    }
    page.next = reader.integer(json, {}, u"next"_s, 0, JsonReader::maxExactInteger);
    if (!reader.failed() && !page.events.isEmpty() && page.next < page.events.constLast().seq)
        reader.fail(u"next"_s, u"is %1, before the last event returned (%2)"_s.arg(page.next).arg(previous));
    if (!reader.report(error))
        return std::nullopt;
    return page;
}

} // namespace keyright
