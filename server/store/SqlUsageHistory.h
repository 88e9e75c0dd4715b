#pragma once

#include "SeatRules.h"
#include "UsageHistory.h"
#include "store/StoreTypes.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QStringList>

#include <memory>
#include <optional>

namespace keyright::server {

class SqlConnection;
struct SqlDialect;

// The usage history's tables (issue 25, docs/STATS.md "Usage history"), one SQL for both stores:
// - usage_spans: every seat from its grant to its end, every ticket from queued to gone and every
//   refusal (a span of no length whose grp is the reason's code), kept
//   from the events that start and end them (noteEvent, in the event's own transaction), so that
//   a bucket never depends on the event log's retention, nor on a scan of it;
// - usage_buckets: the closed buckets, per license, resolution and start, written once;
// - usage_progress: per resolution, the end of the last bucket closed (the row an instance locks
//   while it closes, so that instances close one after the other), and the backfill marker.
class SqlUsageHistory
{
public:
    SqlUsageHistory(SqlConnection &connection, const SqlDialect &dialect);
    ~SqlUsageHistory();
    SqlUsageHistory(const SqlUsageHistory &) = delete;
    SqlUsageHistory &operator=(const SqlUsageHistory &) = delete;

    // The schema step that adds the tables; `integer` is the dialect's 64-bit integer type.
    static QStringList createTables(const QString &integer);
    // The later step (issue 27) that marks the borrowed seats' spans and gives the buckets their
    // borrowed seats (NULL in those closed before it: not recorded).
    static QStringList addBorrowed(const QString &integer);

    bool prepare(QString *error);

    // Opens or ends the spans an event starts or ends (granted, released, revoked, reaped,
    // queued, queue_left); other events change nothing.
    void noteEvent(const EventRecord &event, qint64 seq);

    // Span writes held back (issue 30): while deferring (inside a unit, where the dialect writes
    // many spans in one statement), noteEvent(), noteIdle() and noteRefusal() queue their span
    // openings and endings instead of writing each with a statement of its own, and
    // flushSpans() writes all of them with two statements, with the same result as one by one:
    // openings before endings; an opening of a span whose ending waits first writes what waits;
    // a second opening or ending of the same span is dropped (it would change nothing). The
    // store flushes before anything else that reads or writes the spans and at the end of the
    // unit, and discards what waits when the unit is undone.
    void setDeferring(bool on);
    bool hasPendingSpans() const { return !m_opens.isEmpty() || !m_ends.isEmpty(); }
    void flushSpans();
    void discardPendingSpans();
    // Idle history (issue 26): the holder of `seatId` did nothing from fromMs to toMs (at least
    // usage::idleHistoryFloorMs; a period written twice is kept once).
    void noteIdle(const QString &licenseId, const QString &seatId, const QString &holder, qint64 fromMs, qint64 toMs);
    // The seat's client tells its holder's activity from atMs on; a later call keeps the first.
    void noteActivityKnown(const QString &licenseId, const QString &seatId, qint64 atMs);
    // Per seat of the license idle at atMs (within a period noteIdle() wrote): since when.
    QHash<QString, qint64> idleAt(const QString &licenseId, qint64 atMs);
    // A refusal as a span of no length (`id` unique within the license).
    void noteRefusal(const QString &licenseId, const QString &id, const QString &holder, const QString &reason,
                     qint64 atMs);
    // The demo history's marker: the end of the history --demo made up; nullopt when none.
    std::optional<qint64> demoUntil();
    // The same for one license: nullopt for one the demo made no history for (created since).
    std::optional<qint64> demoUntil(const QString &licenseId);
    void setDemoUntil(qint64 ms);
    // Inserts made-up spans (seats, waits, refusals) for one license, ids prefixed "demo-".
    void putDemoActivity(const QString &licenseId, const usage::LicenseActivity &activity);
    // Whether the events from before the tables existed are still to be turned into spans
    // (the marker the migration left); markBackfilled() clears it. Inside a unit: on a shared
    // database the marker stays locked until the unit ends.
    bool backfillPending();
    void markBackfilled();

    // A license as it is now: what its history falls back on where the event log no longer says
    // (its seat count before the oldest license event, its reservations without rules events).
    struct LicenseNow
    {
        QString id;
        int seatCount = 0;
        QList<GroupSeats> reserve;
    };
    // Every license's activity overlapping [fromMs, toMs) (each of `licenses` has one, even
    // without any): its spans, its refusals in the range and its grants up to grantsUntilMs.
    // With onlyLicense, that license's alone (`licenses` then holds just it).
    QHash<QString, usage::LicenseActivity> activity(qint64 fromMs, qint64 toMs, qint64 grantsUntilMs,
                                                    qint64 trueDenialWindowMs, const QList<LicenseNow> &licenses,
                                                    const QString &onlyLicense = {});
    std::optional<qint64> closedUntil(usage::Resolution resolution);
    void putBuckets(usage::Resolution resolution, const QList<std::pair<QString, usage::Bucket>> &buckets,
                    qint64 closedUntilMs);
    QList<usage::Bucket> buckets(const QString &licenseId, usage::Resolution resolution, qint64 fromMs, qint64 toMs);
    std::optional<qint64> earliestMs();
    int deleteBucketsBefore(usage::Resolution resolution, qint64 beforeMs);
    int deleteSpansEndedBefore(qint64 beforeMs);
    // The bytes a license's buckets take in the table (the benchmark's bytes per license-year):
    // the sum of the stored values' lengths, as the database reports them.
    qint64 storedBytes(const QString &licenseId, usage::Resolution resolution);

private:
    struct Statements;
    qint64 progress(const QString &row);
    void setProgress(const QString &row, qint64 value);
    Statements &statements();
    // expiresMs: a ticket's give-up time (its wait ends then at the latest); kept by endSpan.
    void openSpan(const QString &licenseId, QChar kind, const QString &id, const QString &holder, const QString &group,
                  qint64 startMs, std::optional<qint64> expiresMs = std::nullopt, bool borrowed = false);
    void endSpan(const QString &licenseId, QChar kind, const QString &id, qint64 endMs, std::optional<qint64> expiresMs,
                 bool served);

    struct SpanOpening
    {
        QString licenseId, kind, id, holder, group;
        qint64 startMs = 0;
        std::optional<qint64> expiresMs;
        bool borrowed = false;
    };
    struct SpanEnding
    {
        QString licenseId, kind, id;
        qint64 endMs = 0;
        std::optional<qint64> expiresMs;
        bool served = false;
    };
    static QString spanKey(const QString &licenseId, QChar kind, const QString &id);

    SqlConnection &m_connection;
    const SqlDialect &m_dialect;
    std::unique_ptr<Statements> m_statements;
    bool m_deferring = false;
    QList<SpanOpening> m_opens;
    QList<SpanEnding> m_ends;
    QSet<QString> m_openKeys; // spanKey() of m_opens
    QSet<QString> m_endKeys; // spanKey() of m_ends
};

} // namespace keyright::server
