#include "store/SqlUsageHistory.h"

#include "store/SqlConnection.h"
#include "store/SqlDialect.h"
#include "store/SqlLeaseTables.h"
#include "store/SqlRows.h"
#include "wire/EventDetail.h"
#include "wire/JsonReader.h"
#include "wire/SeatRulesJson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QVariant>

#include <algorithm>
#include <limits>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

constexpr QChar seatKind = u's';
constexpr QChar waitKind = u'w';
// A refusal: a span of no length whose grp is the reason's code.
constexpr QChar refusalKind = u'r';
// An idle period of a seat's holder: its id is the seat's and the period's start, grp the seat.
constexpr QChar idleKind = u'i';
const QString backfillRow = u"backfill"_s;
constexpr qint64 unset = -1;

QMap<QString, qint64> msMapOf(const QJsonObject &json)
{
    QMap<QString, qint64> map;
    for (auto it = json.begin(); it != json.end(); ++it)
        map.insert(it.key(), it.value().toInteger());
    return map;
}

QString mapsOf(const usage::Bucket &bucket)
{
    QJsonObject levels;
    for (auto it = bucket.levelMs.cbegin(); it != bucket.levelMs.cend(); ++it)
        levels.insert(QString::number(it.key()), it.value());
    QJsonObject json {{u"l"_s, levels}, {u"d"_s, jsonObjectOf(bucket.denials)}};
    if (!bucket.reservedIdleSeatMs.isEmpty())
        json.insert(u"r"_s, jsonObjectOf(bucket.reservedIdleSeatMs));
    if (!bucket.holderSeatMs.isEmpty())
        json.insert(u"h"_s, jsonObjectOf(bucket.holderSeatMs));
    return QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact));
}

void readMaps(const QString &text, usage::Bucket &bucket)
{
    const QJsonObject json = QJsonDocument::fromJson(text.toUtf8()).object();
    const QJsonObject levels = json.value(u"l"_s).toObject();
    for (auto it = levels.begin(); it != levels.end(); ++it)
        bucket.levelMs.insert(it.key().toInt(), it.value().toInteger());
    const QJsonObject denials = json.value(u"d"_s).toObject();
    for (auto it = denials.begin(); it != denials.end(); ++it)
        bucket.denials.insert(it.key(), it.value().toInt());
    bucket.reservedIdleSeatMs = msMapOf(json.value(u"r"_s).toObject());
    bucket.holderSeatMs = msMapOf(json.value(u"h"_s).toObject());
}

} // namespace

struct SqlUsageHistory::Statements
{
    explicit Statements(const QSqlDatabase &db)
        : openSpan(db)
        , endSpan(db)
        , spans(db)
        , openSpans(db)
        , eventsOfKind(db)
        , spansOf(db)
        , openSpansOf(db)
        , eventsOfKindOf(db)
        , changes(db)
        , progress(db)
        , setProgress(db)
        , putBucket(db)
        , buckets(db)
        , earliestSpan(db)
        , earliestEvent(db)
        , deleteBuckets(db)
        , deleteSpans(db)
        , storedBytes(db)
        , activityKnown(db)
        , idleAt(db)
        , demoSpan(db)
        , openSpansBulk(db)
        , endSpansBulk(db)
        , writeSpans(db)
    { }

    // The *Of statements: the same, for one license.
    QSqlQuery openSpan, endSpan, spans, openSpans, eventsOfKind, spansOf, openSpansOf, eventsOfKindOf, changes,
        progress, setProgress, putBucket, buckets, earliestSpan, earliestEvent, deleteBuckets, deleteSpans, storedBytes,
        activityKnown, idleAt, demoSpan;
    QSqlQuery openSpansBulk, endSpansBulk, writeSpans; // prepared where the dialect has them
};

SqlUsageHistory::SqlUsageHistory(SqlConnection &connection, const SqlDialect &dialect)
    : m_connection(connection)
    , m_dialect(dialect)
{ }

SqlUsageHistory::~SqlUsageHistory() = default;

QStringList SqlUsageHistory::addBorrowed(const QString &integer)
{
    return {
        u"ALTER TABLE usage_spans ADD COLUMN borrowed %1 NOT NULL DEFAULT 0"_s.arg(integer),
        // The seats borrowed before this step, from the events that are still there (the spans
        // are kept no longer than the events).
        u"UPDATE usage_spans SET borrowed = 1 WHERE kind = 's' AND EXISTS (SELECT 1 FROM events AS e "
        "WHERE e.kind = '%1' AND e.license_id = usage_spans.license_id AND e.seat_id = usage_spans.id)"_s.arg(
            toWire(EventKind::SeatBorrowed)),
        // NULL in the buckets closed before: borrowing not recorded (not "none borrowed").
        u"ALTER TABLE usage_buckets ADD COLUMN borrowed_seat_ms %1"_s.arg(integer),
        u"ALTER TABLE usage_buckets ADD COLUMN borrowed_peak %1"_s.arg(integer),
        u"ALTER TABLE usage_buckets ADD COLUMN borrowed_at_peak %1"_s.arg(integer),
    };
}

QStringList SqlUsageHistory::createTables(const QString &integer)
{
    return {
        u"CREATE TABLE usage_spans ("
        "  license_id TEXT NOT NULL,"
        "  kind TEXT NOT NULL,"
        "  id TEXT NOT NULL,"
        "  holder TEXT NOT NULL,"
        "  grp TEXT NOT NULL DEFAULT '',"
        "  start_ms %1 NOT NULL,"
        "  end_ms %1,"
        "  expires_ms %1,"
        "  served %1 NOT NULL DEFAULT 0,"
        "  PRIMARY KEY (license_id, kind, id))"_s.arg(integer),
        u"CREATE INDEX usage_spans_by_end ON usage_spans(end_ms)"_s,
        u"CREATE INDEX usage_spans_by_start ON usage_spans(kind, start_ms)"_s,
        u"CREATE TABLE usage_buckets ("
        "  license_id TEXT NOT NULL,"
        "  resolution TEXT NOT NULL,"
        "  start_ms %1 NOT NULL,"
        "  length_ms %1 NOT NULL,"
        "  seats_owned %1 NOT NULL,"
        "  owned_seat_ms %1 NOT NULL,"
        "  peak %1 NOT NULL,"
        "  peak_at_ms %1 NOT NULL,"
        "  used_seat_ms %1 NOT NULL,"
        "  waiting_peak %1 NOT NULL,"
        "  longest_wait_ms %1 NOT NULL,"
        "  granted %1 NOT NULL,"
        "  true_denials %1 NOT NULL,"
        "  maps TEXT NOT NULL,"
        "  PRIMARY KEY (license_id, resolution, start_ms))"_s.arg(integer),
        u"CREATE INDEX usage_buckets_by_age ON usage_buckets(resolution, start_ms)"_s,
        u"CREATE TABLE usage_progress ("
        "  resolution TEXT PRIMARY KEY,"
        "  closed_until_ms %1 NOT NULL)"_s.arg(integer),
        // -1: nothing closed yet; the backfill row is 0 until the events from before this step
        // have been turned into spans.
        u"INSERT INTO usage_progress (resolution, closed_until_ms) VALUES ('minute', -1), ('hour', -1), "
        "('day', -1), ('backfill', 0), ('demo', -1)"_s,
    };
}

SqlUsageHistory::Statements &SqlUsageHistory::statements()
{
    if (!m_statements)
        throw StoreError(StoreError::Kind::Unavailable, u"%1 is not open"_s.arg(m_connection.description()));
    return *m_statements;
}

bool SqlUsageHistory::prepare(QString *error)
{
    auto s = std::make_unique<Statements>(m_connection.database());
    const QString forUpdate = m_dialect.lockLicense.isEmpty() ? QString() : u" FOR UPDATE"_s;
    const QString spanColumns = u"s.license_id, s.kind, s.id, s.holder, s.grp, s.start_ms, s.end_ms, s.expires_ms, "
                                "s.served, l.skew_ms, le.expires_at, s.borrowed, qt.expires_ms FROM usage_spans AS s "
                                "JOIN licenses AS l ON l.id = s.license_id "
                                "LEFT JOIN leases AS le ON s.kind = 's' AND le.license_id = s.license_id "
                                "AND le.seat_id = s.id "
                                "LEFT JOIN queue_tickets AS qt ON s.kind = 'w' AND qt.license_id = s.license_id "
                                "AND qt.ticket_id = s.id"_s;
    QList<std::pair<QSqlQuery *, QString>> all {
        {&s->openSpan,
         u"INSERT INTO usage_spans (license_id, kind, id, holder, grp, start_ms, expires_ms, borrowed) "
         "VALUES (:license, :kind, :id, :holder, :grp, :start, :expires, :borrowed) ON CONFLICT DO NOTHING"_s},
        {&s->endSpan,
         // A seat's "served" (when its activity became known) stays; a wait's becomes 1 if served.
         u"UPDATE usage_spans SET end_ms = :end, expires_ms = COALESCE(:expires, expires_ms), served = served + "
         u":served "
         "WHERE license_id = :license AND kind = :kind AND id = :id AND end_ms IS NULL"_s},
        // A span's end as stored is an upper bound of its real one (expires_ms + skew may come
        // first), so the ones ending after :from are a superset of those that overlap. Ordered:
        // the same history reads the same whatever plan the database chose (a write transaction
        // on PostgreSQL plans without bitmap scans, PgLeaseStore's dialect).
        {&s->spans,
         u"SELECT %1 WHERE s.end_ms > :from AND s.start_ms < :to AND s.kind IN ('s', 'w') "
         "ORDER BY s.start_ms, s.kind, s.id"_s.arg(spanColumns)},
        {&s->openSpans,
         u"SELECT %1 WHERE s.end_ms IS NULL AND s.start_ms < :to ORDER BY s.start_ms, s.kind, s.id"_s.arg(spanColumns)},
        // Grants are the starts of seat spans; refusals are spans of their own.
        {&s->eventsOfKind,
         u"SELECT start_ms, license_id, holder, grp FROM usage_spans WHERE kind = :kind "
         "AND start_ms >= :from AND start_ms < :until ORDER BY start_ms, id"_s},
        {&s->spansOf,
         u"SELECT %1 WHERE s.license_id = :license AND s.kind IN ('s', 'w') AND s.end_ms > :from "
         "AND s.start_ms < :to ORDER BY s.start_ms, s.kind, s.id"_s.arg(spanColumns)},
        {&s->openSpansOf,
         u"SELECT %1 WHERE s.license_id = :license AND s.end_ms IS NULL AND s.start_ms < :to "
         "ORDER BY s.start_ms, s.kind, s.id"_s.arg(spanColumns)},
        {&s->eventsOfKindOf,
         u"SELECT start_ms, license_id, holder, grp FROM usage_spans WHERE license_id = :license AND kind = :kind "
         "AND start_ms >= :from AND start_ms < :until ORDER BY start_ms, id"_s},
        {&s->changes,
         u"SELECT time_ms, license_id, kind, detail FROM events WHERE (kind = :a OR kind = :b) "
         "AND time_ms < :until ORDER BY seq"_s},
        {&s->progress, u"SELECT closed_until_ms FROM usage_progress WHERE resolution = :resolution%1"_s.arg(forUpdate)},
        {&s->setProgress, u"UPDATE usage_progress SET closed_until_ms = :until WHERE resolution = :resolution"_s},
        {&s->putBucket,
         u"INSERT INTO usage_buckets (license_id, resolution, start_ms, length_ms, seats_owned, owned_seat_ms, peak, "
         "peak_at_ms, used_seat_ms, waiting_peak, longest_wait_ms, granted, true_denials, maps, borrowed_seat_ms, "
         "borrowed_peak, borrowed_at_peak) VALUES (:license, :resolution, :start, :length, :owned, :ownedMs, :peak, "
         ":peakAt, :used, :waiting, :longest, :granted, :trueDenials, :maps, :borrowedMs, :borrowedPeak, "
         ":borrowedAtPeak) ON CONFLICT DO NOTHING"_s},
        {&s->buckets,
         u"SELECT start_ms, length_ms, seats_owned, owned_seat_ms, peak, peak_at_ms, used_seat_ms, "
         "waiting_peak, longest_wait_ms, granted, true_denials, maps, borrowed_seat_ms, borrowed_peak, "
         "borrowed_at_peak FROM usage_buckets "
         "WHERE license_id = :license AND resolution = :resolution AND start_ms >= :from "
         "AND start_ms < :to ORDER BY start_ms"_s},
        {&s->earliestSpan, u"SELECT MIN(start_ms) FROM usage_spans"_s},
        {&s->earliestEvent, u"SELECT MIN(time_ms) FROM events"_s},
        {&s->deleteBuckets, u"DELETE FROM usage_buckets WHERE resolution = :resolution AND start_ms < :before"_s},
        {&s->deleteSpans, u"DELETE FROM usage_spans WHERE end_ms < :before"_s},
        {&s->storedBytes,
         u"SELECT COALESCE(SUM(LENGTH(license_id) + LENGTH(resolution) + LENGTH(maps) + 11 * 8), 0) "
         "FROM usage_buckets WHERE license_id = :license AND resolution = :resolution"_s},
        // A seat span's "served" is when its activity became known (0: not yet).
        {&s->activityKnown,
         u"UPDATE usage_spans SET served = :at WHERE license_id = :license AND kind = 's' AND id = :id "
         "AND served = 0"_s},
        {&s->idleAt,
         u"SELECT grp, start_ms FROM usage_spans WHERE license_id = :license AND kind = 'i' AND start_ms <= :at "
         "AND end_ms > :at"_s},
        // The made-up history's spans are named "demo-N" (putDemoActivity), a real seat's by its id.
        {&s->demoSpan,
         u"SELECT 1 FROM usage_spans WHERE license_id = :license AND kind = 's' AND id LIKE 'demo-%' LIMIT 1"_s},
    };
    if (!m_dialect.openSpans.isEmpty()) {
        all.append({&s->openSpansBulk, m_dialect.openSpans});
        all.append({&s->endSpansBulk, m_dialect.endSpans});
    }
    if (!m_dialect.writeSpans.isEmpty())
        all.append({&s->writeSpans, m_dialect.writeSpans});
    if (!m_connection.prepareAll(all, error))
        return false;
    m_statements = std::move(s);
    return true;
}

void SqlUsageHistory::openSpan(const QString &licenseId, QChar kind, const QString &id, const QString &holder,
                               const QString &group, qint64 startMs, std::optional<qint64> expiresMs, bool borrowed)
{
    if (licenseId.isEmpty() || id.isEmpty())
        return; // not a seat or a ticket (an event of an older server, or of a test)
    // A null QString binds as NULL: the columns are NOT NULL.
    const auto text = [](const QString &value) { return value.isNull() ? u""_s : value; };
    if (m_deferring) {
        const QString key = spanKey(licenseId, kind, id);
        if (m_openKeys.contains(key))
            return; // opened already: this one would change nothing
        if (m_endKeys.contains(key))
            flushSpans(); // its ending first, as it came
        m_opens.append(
            SpanOpening {licenseId, QString(kind), id, text(holder), text(group), startMs, expiresMs, borrowed});
        m_openKeys.insert(key);
        return;
    }
    auto &q = statements().openSpan;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":kind"_s, QString(kind));
    q.bindValue(u":id"_s, id);
    q.bindValue(u":holder"_s, text(holder));
    q.bindValue(u":grp"_s, text(group));
    q.bindValue(u":start"_s, startMs);
    q.bindValue(u":expires"_s, expiresMs ? QVariant(*expiresMs) : QVariant(QMetaType::fromType<qint64>()));
    q.bindValue(u":borrowed"_s, borrowed ? 1 : 0);
    m_connection.exec(q);
    q.finish();
}

void SqlUsageHistory::endSpan(const QString &licenseId, QChar kind, const QString &id, qint64 endMs,
                              std::optional<qint64> expiresMs, bool served)
{
    if (licenseId.isEmpty() || id.isEmpty())
        return;
    if (m_deferring) {
        const QString key = spanKey(licenseId, kind, id);
        if (m_endKeys.contains(key))
            return; // ended already: this one would find no open span
        m_ends.append(SpanEnding {licenseId, QString(kind), id, endMs, expiresMs, served});
        m_endKeys.insert(key);
        return;
    }
    auto &q = statements().endSpan;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":kind"_s, QString(kind));
    q.bindValue(u":id"_s, id);
    q.bindValue(u":end"_s, endMs);
    q.bindValue(u":expires"_s, expiresMs ? QVariant(*expiresMs) : QVariant(QMetaType::fromType<qint64>()));
    q.bindValue(u":served"_s, served ? 1 : 0);
    m_connection.exec(q);
    q.finish();
}

QString SqlUsageHistory::spanKey(const QString &licenseId, QChar kind, const QString &id)
{
    return licenseId + u'\n' + kind + u'\n' + id; // no id holds a line break
}

void SqlUsageHistory::setDeferring(bool on)
{
    m_deferring = on && !m_dialect.openSpans.isEmpty();
}

void SqlUsageHistory::flushSpans()
{
    // Taken first: what fails here is undone with its unit, and must not be written again.
    const QList<SpanOpening> opens = std::exchange(m_opens, {});
    const QList<SpanEnding> ends = std::exchange(m_ends, {});
    m_openKeys.clear();
    m_endKeys.clear();
    const bool together = !opens.isEmpty() && !ends.isEmpty() && !m_dialect.writeSpans.isEmpty();
    const auto bindOpenings = [&](QSqlQuery &q) {
        // Together, an opening the unit also ends is inserted ended (the ending came after it: an
        // ending that waits is written before a later opening of its span, openSpan()).
        QHash<QString, const SpanEnding *> endingOf;
        if (together) {
            for (const SpanEnding &end : ends)
                endingOf.insert(spanKey(end.licenseId, end.kind.at(0), end.id), &end);
        }
        QStringList licenses, kinds, ids, holders, groups;
        QList<std::optional<qint64>> starts, expires, borrowed, closedEnds, closedServed;
        for (const SpanOpening &open : opens) {
            const SpanEnding *end = endingOf.value(spanKey(open.licenseId, open.kind.at(0), open.id));
            licenses.append(open.licenseId);
            kinds.append(open.kind);
            ids.append(open.id);
            holders.append(open.holder);
            groups.append(open.group);
            starts.append(open.startMs);
            expires.append(end && end->expiresMs ? end->expiresMs : open.expiresMs);
            borrowed.append(open.borrowed ? 1 : 0);
            closedEnds.append(end ? std::optional<qint64>(end->endMs) : std::nullopt);
            closedServed.append(end && end->served ? 1 : 0);
        }
        q.bindValue(u":licenses"_s, SqlLeaseTables::arrayLiteral(licenses));
        q.bindValue(u":kinds"_s, SqlLeaseTables::arrayLiteral(kinds));
        q.bindValue(u":ids"_s, SqlLeaseTables::arrayLiteral(ids));
        q.bindValue(u":holders"_s, SqlLeaseTables::arrayLiteral(holders));
        q.bindValue(u":groups"_s, SqlLeaseTables::arrayLiteral(groups));
        q.bindValue(u":starts"_s, SqlLeaseTables::numberArrayLiteral(starts));
        q.bindValue(u":expires"_s, SqlLeaseTables::numberArrayLiteral(expires));
        q.bindValue(u":borrowed"_s, SqlLeaseTables::numberArrayLiteral(borrowed));
        if (together) {
            q.bindValue(u":closedEnds"_s, SqlLeaseTables::numberArrayLiteral(closedEnds));
            q.bindValue(u":closedServed"_s, SqlLeaseTables::numberArrayLiteral(closedServed));
        }
    };
    const auto bindEndings = [&](QSqlQuery &q) {
        QStringList licenses, kinds, ids;
        QList<std::optional<qint64>> endsMs, expires, served;
        for (const SpanEnding &end : ends) {
            licenses.append(end.licenseId);
            kinds.append(end.kind);
            ids.append(end.id);
            endsMs.append(end.endMs);
            expires.append(end.expiresMs);
            served.append(end.served ? 1 : 0);
        }
        q.bindValue(u":endLicenses"_s, SqlLeaseTables::arrayLiteral(licenses));
        q.bindValue(u":endKinds"_s, SqlLeaseTables::arrayLiteral(kinds));
        q.bindValue(u":endIds"_s, SqlLeaseTables::arrayLiteral(ids));
        q.bindValue(u":ends"_s, SqlLeaseTables::numberArrayLiteral(endsMs));
        q.bindValue(u":endExpires"_s, SqlLeaseTables::numberArrayLiteral(expires));
        q.bindValue(u":served"_s, SqlLeaseTables::numberArrayLiteral(served));
    };
    if (together) {
        auto &q = statements().writeSpans;
        bindOpenings(q);
        bindEndings(q);
        m_connection.exec(q).finish();
        return;
    }
    if (!opens.isEmpty()) {
        auto &q = statements().openSpansBulk;
        bindOpenings(q);
        m_connection.exec(q).finish();
    }
    if (!ends.isEmpty()) {
        auto &q = statements().endSpansBulk;
        bindEndings(q);
        m_connection.exec(q).finish();
    }
}

void SqlUsageHistory::discardPendingSpans()
{
    m_opens.clear();
    m_ends.clear();
    m_openKeys.clear();
    m_endKeys.clear();
}

void SqlUsageHistory::noteIdle(const QString &licenseId, const QString &seatId, const QString &holder, qint64 fromMs,
                               qint64 toMs)
{
    if (toMs - fromMs < usage::idleHistoryFloorMs)
        return;
    const QString id = seatId + u':' + QString::number(fromMs);
    openSpan(licenseId, idleKind, id, holder, seatId, fromMs);
    endSpan(licenseId, idleKind, id, toMs, std::nullopt, false);
}

void SqlUsageHistory::noteActivityKnown(const QString &licenseId, const QString &seatId, qint64 atMs)
{
    auto &q = statements().activityKnown;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":id"_s, seatId);
    q.bindValue(u":at"_s, std::max<qint64>(1, atMs));
    m_connection.exec(q);
    q.finish();
}

QHash<QString, qint64> SqlUsageHistory::idleAt(const QString &licenseId, qint64 atMs)
{
    auto &q = statements().idleAt;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":at"_s, atMs);
    m_connection.exec(q);
    QHash<QString, qint64> out;
    while (q.next()) {
        const qint64 since = q.value(1).toLongLong();
        auto it = out.find(q.value(0).toString());
        if (it == out.end())
            out.insert(q.value(0).toString(), since);
        else
            *it = std::min(*it, since);
    }
    q.finish();
    return out;
}

void SqlUsageHistory::noteRefusal(const QString &licenseId, const QString &id, const QString &holder,
                                  const QString &reason, qint64 atMs)
{
    openSpan(licenseId, refusalKind, id, holder, reason, atMs);
    endSpan(licenseId, refusalKind, id, atMs, std::nullopt, false);
}

void SqlUsageHistory::noteEvent(const EventRecord &event, qint64 seq)
{
    const qint64 at = SqlRows::toMs(event.time);
    const auto expiry = [](const QDateTime &expiresAt) {
        return expiresAt.isValid() ? std::optional<qint64>(SqlRows::toMs(expiresAt)) : std::nullopt;
    };
    switch (event.kind) {
    case EventKind::Granted: {
        const auto granted = eventdetail::Granted::fromJson(event.detail);
        openSpan(event.licenseId, seatKind, event.seatId, event.holder, granted.reservation, at);
        if (granted.fromLine())
            endSpan(event.licenseId, waitKind, granted.ticketId, at, std::nullopt, true);
        break;
    }
    case EventKind::SeatBorrowed: // a seat in use like any other, until returned or expired
        openSpan(event.licenseId, seatKind, event.seatId, event.holder,
                 eventdetail::SeatBorrowed::fromJson(event.detail).reservation, at, std::nullopt, true);
        break;
    case EventKind::BorrowReturned:
        endSpan(event.licenseId, seatKind, event.seatId, at,
                expiry(eventdetail::BorrowReturned::fromJson(event.detail).expiresAt), false);
        break;
    case EventKind::Released:
        endSpan(event.licenseId, seatKind, event.seatId, at,
                expiry(eventdetail::Released::fromJson(event.detail).expiresAt), false);
        break;
    case EventKind::Revoked:
        endSpan(event.licenseId, seatKind, event.seatId, at,
                expiry(eventdetail::Revoked::fromJson(event.detail).expiresAt), false);
        break;
    case EventKind::Reaped:
        endSpan(event.licenseId, seatKind, event.seatId, at,
                expiry(eventdetail::Reaped::fromJson(event.detail).expiresAt), false);
        break;
    case EventKind::Reclaimed:
        endSpan(event.licenseId, seatKind, event.seatId, at,
                expiry(eventdetail::Reclaimed::fromJson(event.detail).expiresAt), false);
        break;
    case EventKind::Denied: {
        QString reason = event.detail.value(u"reason"_s).toString();
        if (reason.isEmpty())
            reason = seatrules::denialCode(SeatDecision::Outcome::NoSeatsAvailable);
        noteRefusal(event.licenseId, QString::number(seq), event.holder, reason, at);
        break;
    }
    case EventKind::HolderBlocked:
        noteRefusal(event.licenseId, QString::number(seq), event.holder, toWire(EventKind::HolderBlocked), at);
        break;
    case EventKind::Queued: {
        // A ticket's give-up time is where its wait ends at the latest: the server drops a ticket
        // that timed out at its next request, which may come much later.
        const auto queued = eventdetail::Queued::fromJson(event.detail);
        openSpan(event.licenseId, waitKind, queued.ticketId, event.holder, {}, at, expiry(queued.giveUpAt));
    } break;
    case EventKind::QueueLeft: {
        const auto left = eventdetail::QueueLeft::fromJson(event.detail);
        // An expired ticket's wait ended when it stopped counting, not when the line dropped it.
        const qint64 leftAt = left.ticketExpiresAt.isValid() ? std::min(at, SqlRows::toMs(left.ticketExpiresAt)) : at;
        endSpan(event.licenseId, waitKind, left.ticketId, leftAt, std::nullopt, false);
        if (left.granted && !event.seatId.isEmpty())
            endSpan(event.licenseId, seatKind, event.seatId, at, expiry(left.seatExpiresAt), false);
        break;
    }
    default:
        break;
    }
}

qint64 SqlUsageHistory::progress(const QString &row)
{
    auto &q = statements().progress;
    q.bindValue(u":resolution"_s, row);
    m_connection.exec(q);
    const qint64 value = q.next() ? q.value(0).toLongLong() : unset;
    q.finish();
    return value;
}

void SqlUsageHistory::setProgress(const QString &row, qint64 value)
{
    auto &p = statements().setProgress;
    p.bindValue(u":until"_s, value);
    p.bindValue(u":resolution"_s, row);
    m_connection.exec(p);
    p.finish();
}

bool SqlUsageHistory::backfillPending()
{
    return progress(backfillRow) == 0;
}

void SqlUsageHistory::markBackfilled()
{
    setProgress(backfillRow, 1);
}

std::optional<qint64> SqlUsageHistory::demoUntil()
{
    const qint64 value = progress(u"demo"_s);
    return value == unset ? std::nullopt : std::optional<qint64>(value);
}

std::optional<qint64> SqlUsageHistory::demoUntil(const QString &licenseId)
{
    const auto until = demoUntil();
    if (!until)
        return until;
    auto &q = statements().demoSpan;
    q.bindValue(u":license"_s, licenseId);
    m_connection.exec(q);
    const bool madeUp = q.next();
    q.finish();
    return madeUp ? until : std::nullopt;
}

void SqlUsageHistory::setDemoUntil(qint64 ms)
{
    setProgress(u"demo"_s, ms);
}

void SqlUsageHistory::putDemoActivity(const QString &licenseId, const usage::LicenseActivity &activity)
{
    int n = 0;
    const auto id = [&n] { return u"demo-%1"_s.arg(++n); };
    for (const usage::SeatSpan &span : activity.seats) {
        const QString seat = id();
        openSpan(licenseId, seatKind, seat, span.holder, span.reservation, span.startMs);
        if (span.endMs != usage::openEnd)
            endSpan(licenseId, seatKind, seat, span.endMs, std::nullopt, false);
    }
    for (const usage::WaitSpan &wait : activity.waits) {
        const QString ticket = id();
        openSpan(licenseId, waitKind, ticket, wait.holder, {}, wait.startMs);
        endSpan(licenseId, waitKind, ticket, wait.endMs, std::nullopt, wait.served);
    }
    for (const usage::Refusal &refusal : activity.refusals)
        noteRefusal(licenseId, id(), refusal.holder, refusal.reason, refusal.timeMs);
}

std::optional<qint64> SqlUsageHistory::closedUntil(usage::Resolution resolution)
{
    const qint64 value = progress(usage::toWire(resolution));
    return value == unset ? std::nullopt : std::optional<qint64>(value);
}

void SqlUsageHistory::putBuckets(usage::Resolution resolution, const QList<std::pair<QString, usage::Bucket>> &buckets,
                                 qint64 closedUntilMs)
{
    auto &q = statements().putBucket;
    const QString name = usage::toWire(resolution);
    for (const auto &[licenseId, bucket] : buckets) {
        q.bindValue(u":license"_s, licenseId);
        q.bindValue(u":resolution"_s, name);
        q.bindValue(u":start"_s, bucket.startMs);
        q.bindValue(u":length"_s, bucket.lengthMs);
        q.bindValue(u":owned"_s, bucket.seatsOwned);
        q.bindValue(u":ownedMs"_s, bucket.ownedSeatMs);
        q.bindValue(u":peak"_s, bucket.peak);
        q.bindValue(u":peakAt"_s, bucket.peakAtMs);
        q.bindValue(u":used"_s, bucket.usedSeatMs);
        q.bindValue(u":waiting"_s, bucket.waitingPeak);
        q.bindValue(u":longest"_s, bucket.longestWaitMs);
        q.bindValue(u":granted"_s, bucket.granted);
        q.bindValue(u":trueDenials"_s, bucket.trueDenials);
        q.bindValue(u":maps"_s, mapsOf(bucket));
        const auto recorded = [&bucket](qint64 value) {
            return bucket.borrowRecorded ? QVariant(value) : QVariant(QMetaType::fromType<qint64>());
        };
        q.bindValue(u":borrowedMs"_s, recorded(bucket.borrowedSeatMs));
        q.bindValue(u":borrowedPeak"_s, recorded(bucket.borrowedPeak));
        q.bindValue(u":borrowedAtPeak"_s, recorded(bucket.borrowedAtPeak));
        m_connection.exec(q);
        q.finish();
    }
    setProgress(name, closedUntilMs);
}

QList<usage::Bucket> SqlUsageHistory::buckets(const QString &licenseId, usage::Resolution resolution, qint64 fromMs,
                                              qint64 toMs)
{
    auto &q = statements().buckets;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":resolution"_s, usage::toWire(resolution));
    q.bindValue(u":from"_s, fromMs);
    q.bindValue(u":to"_s, toMs);
    m_connection.exec(q);
    QList<usage::Bucket> out;
    while (q.next()) {
        usage::Bucket bucket;
        bucket.startMs = q.value(0).toLongLong();
        bucket.lengthMs = q.value(1).toLongLong();
        bucket.seatsOwned = q.value(2).toInt();
        bucket.ownedSeatMs = q.value(3).toLongLong();
        bucket.peak = q.value(4).toInt();
        bucket.peakAtMs = q.value(5).toLongLong();
        bucket.usedSeatMs = q.value(6).toLongLong();
        bucket.waitingPeak = q.value(7).toInt();
        bucket.longestWaitMs = q.value(8).toLongLong();
        bucket.granted = q.value(9).toInt();
        bucket.trueDenials = q.value(10).toInt();
        readMaps(q.value(11).toString(), bucket);
        // NULL: closed before the history recorded borrowed seats.
        bucket.borrowRecorded = !q.value(12).isNull();
        bucket.borrowedSeatMs = q.value(12).toLongLong();
        bucket.borrowedPeak = q.value(13).toInt();
        bucket.borrowedAtPeak = q.value(14).toInt();
        out.append(bucket);
    }
    q.finish();
    return out;
}

QHash<QString, usage::LicenseActivity> SqlUsageHistory::activity(qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                                                 qint64 trueDenialWindowMs,
                                                                 const QList<LicenseNow> &licenses,
                                                                 const QString &onlyLicense)
{
    // One license's rows are read through the license's key, not among every license's.
    const bool one = !onlyLicense.isEmpty();
    QHash<QString, usage::LicenseActivity> out;
    for (const LicenseNow &license : licenses)
        out[license.id].seatCount = {{std::numeric_limits<qint64>::min(), license.seatCount}};
    const auto readSpans = [&](QSqlQuery &q) {
        m_connection.exec(q);
        while (q.next()) {
            const QString licenseId = q.value(0).toString();
            const bool seat = q.value(1).toString() == QString(seatKind);
            const qint64 start = q.value(5).toLongLong();
            const qint64 skew = q.value(9).toLongLong();
            qint64 end = usage::openEnd;
            // Ran out rather than given back: it stopped counting before the event that ended it
            // (a reap, a release too late), or it has no such event and its lease just runs out.
            bool ranOut = false;
            if (!q.value(6).isNull()) {
                end = q.value(6).toLongLong();
                if (seat && !q.value(7).isNull() && q.value(7).toLongLong() + skew < end) {
                    end = q.value(7).toLongLong() + skew;
                    ranOut = true;
                }
            } else if (seat) {
                // Still open: the seat counts while its lease is live; a row gone without an
                // event that ended it never counted.
                end = q.value(10).isNull() ? start : q.value(10).toLongLong() + skew;
                ranOut = !q.value(10).isNull();
            }
            if (!seat && !q.value(7).isNull())
                end = std::min(end, q.value(7).toLongLong()); // a wait ends by its give-up time
            // A wait still open whose ticket was not renewed in time ended when the ticket lapsed:
            // the line drops it (and says so in the log) only at its next request, maybe after
            // this range was closed, and a lapsed ticket is never renewed again.
            if (!seat && q.value(6).isNull() && !q.value(12).isNull())
                end = std::min(end, q.value(12).toLongLong());
            if (end <= fromMs || start >= toMs)
                continue;
            usage::LicenseActivity &activity = out[licenseId];
            if (seat) {
                const qint64 known = q.value(8).toLongLong();
                activity.seats.append({q.value(2).toString(), q.value(3).toString(), q.value(4).toString(), start, end,
                                       ranOut, known > 0 ? std::optional<qint64>(known) : std::nullopt,
                                       q.value(11).toInt() != 0});
            } else
                activity.waits.append(
                    {q.value(2).toString(), q.value(3).toString(), start, end, q.value(8).toInt() != 0});
        }
        q.finish();
    };
    auto &spans = one ? statements().spansOf : statements().spans;
    spans.bindValue(u":from"_s, fromMs);
    spans.bindValue(u":to"_s, toMs);
    auto &open = one ? statements().openSpansOf : statements().openSpans;
    open.bindValue(u":to"_s, toMs);
    auto &q = one ? statements().eventsOfKindOf : statements().eventsOfKind;
    if (one) {
        for (QSqlQuery *statement : {&spans, &open, &q})
            statement->bindValue(u":license"_s, onlyLicense);
    }
    readSpans(spans);
    readSpans(open);

    const auto eachEvent = [&](QChar kind, qint64 until, const auto &take) {
        q.bindValue(u":kind"_s, QString(kind));
        q.bindValue(u":from"_s, fromMs);
        q.bindValue(u":until"_s, until);
        m_connection.exec(q);
        while (q.next())
            take(q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(), q.value(3).toString());
        q.finish();
    };
    eachEvent(seatKind, grantsUntilMs, [&](qint64 at, const QString &license, const QString &holder, const QString &) {
        out[license].grants.append({at, holder});
    });
    eachEvent(refusalKind, toMs, [&](qint64 at, const QString &license, const QString &holder, const QString &reason) {
        out[license].refusals.append({at, holder, reason});
    });

    auto &c = statements().changes;
    const auto eachChange = [&](EventKind a, EventKind b, const auto &take) {
        c.bindValue(u":a"_s, toWire(a));
        c.bindValue(u":b"_s, toWire(b));
        // Every change there is, also those after the range: a change after it is not in force
        // inside it, and without it a rule made later would pass for one held all along.
        c.bindValue(u":until"_s, std::numeric_limits<qint64>::max());
        m_connection.exec(c);
        while (c.next())
            take(c.value(0).toLongLong(), c.value(1).toString(), c.value(2).toString(),
                 QJsonDocument::fromJson(c.value(3).toString().toUtf8()).object());
        c.finish();
    };
    QHash<QString, QList<usage::Change>> seatCounts;
    eachChange(EventKind::LicenseCreated, EventKind::LicenseUpdated,
               [&](qint64 at, const QString &license, const QString &kind, const QJsonObject &detail) {
                   QList<usage::Change> &changes = seatCounts[license];
                   // Before it was created a license owned no seats.
                   if (changes.isEmpty() && kind == toWire(EventKind::LicenseCreated))
                       changes.append({std::numeric_limits<qint64>::min(), 0});
                   changes.append({at, eventdetail::LicenseChanged::fromJson(detail).seatCount});
               });
    QHash<QString, QList<std::pair<qint64, QList<GroupSeats>>>> reservations;
    eachChange(EventKind::RulesChanged, EventKind::RulesChanged,
               [&](qint64 at, const QString &license, const QString &, const QJsonObject &detail) {
                   if (const auto changed = eventdetail::RulesChanged::fromJson(detail))
                       reservations[license].append({at, changed->rules.reserve});
               });
    for (auto it = seatCounts.cbegin(); it != seatCounts.cend(); ++it) {
        if (out.contains(it.key()))
            out[it.key()].seatCount = it.value();
    }
    // A license whose rules never changed within the event log has its rules of now throughout.
    for (const LicenseNow &license : licenses) {
        if (reservations.contains(license.id))
            continue;
        for (const GroupSeats &seats : license.reserve)
            out[license.id].reserved[seats.group] = {{std::numeric_limits<qint64>::min(), seats.seats}};
    }
    for (auto it = reservations.cbegin(); it != reservations.cend(); ++it) {
        if (!out.contains(it.key()))
            continue;
        QMap<QString, QList<usage::Change>> &reserved = out[it.key()].reserved;
        for (const auto &[at, list] : it.value()) {
            // Every group named so far changes at once: the ones left out reserve nothing now.
            for (auto group = reserved.begin(); group != reserved.end(); ++group)
                group->append({at, 0});
            for (const GroupSeats &seats : list) {
                QList<usage::Change> &changes = reserved[seats.group];
                if (changes.isEmpty() && at > std::numeric_limits<qint64>::min())
                    changes.append({std::numeric_limits<qint64>::min(), 0});
                if (!changes.isEmpty() && changes.last().fromMs == at)
                    changes.last().value = seats.seats;
                else
                    changes.append({at, seats.seats});
            }
        }
    }
    for (usage::LicenseActivity &activity : out) {
        activity.trueDenialWindowMs = trueDenialWindowMs;
        std::sort(activity.grants.begin(), activity.grants.end(),
                  [](const usage::Grant &a, const usage::Grant &b) { return a.timeMs < b.timeMs; });
    }
    return out;
}

std::optional<qint64> SqlUsageHistory::earliestMs()
{
    std::optional<qint64> earliest;
    for (QSqlQuery *q : {&statements().earliestSpan, &statements().earliestEvent}) {
        m_connection.exec(*q);
        if (q->next() && !q->value(0).isNull()) {
            const qint64 value = q->value(0).toLongLong();
            earliest = earliest ? std::min(*earliest, value) : value;
        }
        q->finish();
    }
    return earliest;
}

int SqlUsageHistory::deleteBucketsBefore(usage::Resolution resolution, qint64 beforeMs)
{
    auto &q = statements().deleteBuckets;
    q.bindValue(u":resolution"_s, usage::toWire(resolution));
    q.bindValue(u":before"_s, beforeMs);
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

int SqlUsageHistory::deleteSpansEndedBefore(qint64 beforeMs)
{
    auto &q = statements().deleteSpans;
    q.bindValue(u":before"_s, beforeMs);
    m_connection.exec(q);
    const int deleted = q.numRowsAffected();
    q.finish();
    return deleted;
}

qint64 SqlUsageHistory::storedBytes(const QString &licenseId, usage::Resolution resolution)
{
    auto &q = statements().storedBytes;
    q.bindValue(u":license"_s, licenseId);
    q.bindValue(u":resolution"_s, usage::toWire(resolution));
    m_connection.exec(q);
    const qint64 bytes = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return bytes;
}

} // namespace keyright::server
