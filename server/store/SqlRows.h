#pragma once

#include "stats/StatComponent.h"
#include "store/StoreTypes.h"

#include <QDateTime>
#include <QHash>
#include <QSqlQuery>
#include <QVariant>

namespace keyright::server {

// Row <-> struct mapping shared by both stores: the column lists the SELECTs name, and how each
// row is read and bound. Times are stored as milliseconds since the epoch in 64-bit integers, in
// both databases, so no driver's idea of time zones ever touches them.
class SqlRows
{
public:
    static inline const QString licenseColumns
        = QStringLiteral("id, name, seat_count, ttl_ms, skew_ms, reap_grace_ms, key_hash, last_generation, "
                         "valid_from_ms, valid_until_ms, maintenance_until_ms, borrow_policy");
    static inline const QString leaseColumns = QStringLiteral(
        "license_id, seat_id, holder, generation, issued_at, expires_at, signature, request_id, "
        "last_activity_ms, reclaim_marked_ms, reclaim_at_ms, borrowed, written_off_ms, written_off_by, "
        "write_off_note, return_secret_hash");
    static inline const QString blockColumns = QStringLiteral("license_id, holder, until_ms, reason");
    static inline const QString eventColumns
        = QStringLiteral("seq, time_ms, kind, license_id, seat_id, holder, actor, detail");
    static inline const QString tokenColumns
        = QStringLiteral("name, role, token_hash, created_ms, expires_ms, last_used_ms");
    static inline const QString componentColumns = QStringLiteral("license_id, counter, replica_id, value");

    static qint64 toMs(const QDateTime &time) { return time.toMSecsSinceEpoch(); }
    static QDateTime fromMs(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }
    // Both databases keep signed 64-bit integers; a component stops there rather than wrap.
    static qint64 toStoredCount(quint64 value);

    // The rows of an executed query of (text, count), by the text; finishes the query.
    static QHash<QString, int> countsByKey(QSqlQuery &query);
    static LicenseRecord license(const QSqlQuery &query);
    static StoredLease lease(const QSqlQuery &query);
    // The row as lease() reads it back once bindLease() wrote it: what the table keeps, in the
    // form it gives (times to the millisecond, in UTC).
    static StoredLease asStored(const StoredLease &row);
    static HolderBlock block(const QSqlQuery &query);
    static EventRecord event(const QSqlQuery &query);
    static AccessToken token(const QSqlQuery &query);
    static StatComponent component(const QSqlQuery &query);

    // :id :name :seats :ttl :skew :grace :hash :generation :from :until :maintenance :borrow
    static void bindLicense(QSqlQuery &query, const LicenseRecord &license);
    // :license :seat :holder :generation :issued :expires :signature :request :activity :marked
    // :reclaim :borrowed :writtenOff :writtenOffBy :writeOffNote :returnHash
    static void bindLease(QSqlQuery &query, const StoredLease &row);
    // :writtenOff :writtenOffBy :writeOffNote (NULL when unset)
    static void bindWriteOff(QSqlQuery &query, const BorrowWriteOff &writeOff);
    // A time that may be unknown (invalid): milliseconds, or NULL.
    static QVariant toNullableMs(const QDateTime &time);
    // :license :seat :issued :expires :signature
    static void bindRenewal(QSqlQuery &query, const SeatLease &renewed);
    // :name :role :hash :created :expires :used
    static void bindToken(QSqlQuery &query, const AccessToken &token);
};

} // namespace keyright::server
