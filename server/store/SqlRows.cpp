#include "store/SqlRows.h"

#include "wire/BorrowJson.h"

#include <QJsonDocument>
#include <QVariant>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright::server {

qint64 SqlRows::toStoredCount(quint64 value)
{
    return qint64(std::min<quint64>(value, quint64(std::numeric_limits<qint64>::max())));
}

QHash<QString, int> SqlRows::countsByKey(QSqlQuery &query)
{
    QHash<QString, int> counts;
    while (query.next())
        counts.insert(query.value(0).toString(), query.value(1).toInt());
    query.finish();
    return counts;
}

LicenseRecord SqlRows::license(const QSqlQuery &query)
{
    using std::chrono::milliseconds;
    ValidationError why;
    const auto policy = SeatPolicy::create(query.value(2).toLongLong(), milliseconds(query.value(3).toLongLong()),
                                           milliseconds(query.value(4).toLongLong()),
                                           milliseconds(query.value(5).toLongLong()), &why);
    if (!policy)
        throw StoreError(
            u"license %1 has an invalid policy in the database: %2"_s.arg(query.value(0).toString(), why.message)
                .toStdString());
    const auto date = [&query](int column) {
        return query.value(column).isNull() ? QDateTime() : fromMs(query.value(column).toLongLong());
    };
    // Borrowing (issue 27): NULL is a license that lends nothing.
    BorrowPolicy borrow;
    if (!query.value(11).isNull()) {
        ValidationError borrowWhy;
        const auto read = borrowjson::policyFromJson(
            QJsonDocument::fromJson(query.value(11).toString().toUtf8()).object(), u"borrow"_s, &borrowWhy);
        if (!read)
            throw StoreError(u"license %1 has an invalid borrowing policy in the database: %2"_s
                                 .arg(query.value(0).toString(), borrowWhy.message)
                                 .toStdString());
        borrow = *read;
    }
    return LicenseRecord {query.value(0).toString(),
                          query.value(1).toString(),
                          *policy,
                          query.value(6).toByteArray(),
                          query.value(7).toULongLong(),
                          LicenseValidity {date(8), date(9), date(10)},
                          borrow};
}

StoredLease SqlRows::lease(const QSqlQuery &query)
{
    StoredLease row;
    row.lease.licenseId = query.value(0).toString();
    row.lease.seatId = query.value(1).toString();
    row.lease.holder = query.value(2).toString();
    row.lease.generation = query.value(3).toULongLong();
    row.lease.issuedAt = fromMs(query.value(4).toLongLong());
    row.lease.expiresAt = fromMs(query.value(5).toLongLong());
    row.lease.signature = query.value(6).toByteArray();
    row.requestId = query.value(7).toString();
    if (!query.value(8).isNull())
        row.lastActivityAt = fromMs(query.value(8).toLongLong());
    if (!query.value(9).isNull() && !query.value(10).isNull()) {
        row.reclaimMarkedAt = fromMs(query.value(9).toLongLong());
        row.reclaimAt = fromMs(query.value(10).toLongLong());
    }
    row.lease.borrowed = query.value(11).toLongLong() != 0;
    if (!query.value(12).isNull())
        row.writeOff = BorrowWriteOff {fromMs(query.value(12).toLongLong()), query.value(13).toString(),
                                       query.value(14).toString()};
    if (!query.value(15).isNull())
        row.returnSecretHash = query.value(15).toByteArray();
    return row;
}

StoredLease SqlRows::asStored(const StoredLease &written)
{
    const auto time = [](const QDateTime &at) { return at.isValid() ? fromMs(toMs(at)) : QDateTime(); };
    StoredLease row;
    row.lease.licenseId = written.lease.licenseId;
    row.lease.seatId = written.lease.seatId;
    row.lease.holder = written.lease.holder;
    row.lease.generation = written.lease.generation;
    row.lease.issuedAt = fromMs(toMs(written.lease.issuedAt));
    row.lease.expiresAt = fromMs(toMs(written.lease.expiresAt));
    row.lease.signature = written.lease.signature;
    row.requestId = written.requestId.isNull() ? u""_s : written.requestId;
    row.lastActivityAt = time(written.lastActivityAt);
    if (written.reclaimMarkedAt.isValid() && written.reclaimAt.isValid()) {
        row.reclaimMarkedAt = time(written.reclaimMarkedAt);
        row.reclaimAt = time(written.reclaimAt);
    }
    row.lease.borrowed = written.lease.borrowed;
    if (written.writeOff.isSet())
        row.writeOff = BorrowWriteOff {time(written.writeOff.at), written.writeOff.by, written.writeOff.note};
    row.returnSecretHash = written.returnSecretHash;
    return row;
}

HolderBlock SqlRows::block(const QSqlQuery &query)
{
    return HolderBlock {.holder = query.value(1).toString(),
                        .until = fromMs(query.value(2).toLongLong()),
                        .reason = query.value(3).toString(),
                        .licenseId = query.value(0).toString()};
}

EventRecord SqlRows::event(const QSqlQuery &query)
{
    EventRecord event;
    event.seq = query.value(0).toLongLong();
    event.time = fromMs(query.value(1).toLongLong());
    const QString kind = query.value(2).toString();
    const std::optional<EventKind> known = eventKindFromWire(kind);
    if (!known)
        throw StoreError(u"event %1 has the kind \"%2\", which this server does not know (was the database "
                         "written by a newer version?)"_s.arg(event.seq)
                             .arg(kind.left(40))
                             .toStdString());
    event.kind = *known;
    event.licenseId = query.value(3).toString();
    event.seatId = query.value(4).toString();
    event.holder = query.value(5).toString();
    event.actor = query.value(6).toString();
    event.detail = QJsonDocument::fromJson(query.value(7).toString().toUtf8()).object();
    return event;
}

AccessToken SqlRows::token(const QSqlQuery &query)
{
    AccessToken token;
    token.name = query.value(0).toString();
    token.role = parseRole(query.value(1).toString()).value_or(AccessRole::Viewer);
    token.hash = query.value(2).toByteArray();
    token.createdAt = fromMs(query.value(3).toLongLong());
    if (!query.value(4).isNull())
        token.expiresAt = fromMs(query.value(4).toLongLong());
    if (!query.value(5).isNull())
        token.lastUsedAt = fromMs(query.value(5).toLongLong());
    return token;
}

StatComponent SqlRows::component(const QSqlQuery &query)
{
    return StatComponent {query.value(0).toString(), query.value(1).toString(), query.value(2).toString(),
                          quint64(std::max<qint64>(query.value(3).toLongLong(), 0))};
}

void SqlRows::bindLicense(QSqlQuery &q, const LicenseRecord &license)
{
    q.bindValue(u":id"_s, license.id);
    q.bindValue(u":name"_s, license.name);
    q.bindValue(u":seats"_s, license.policy.seatCount());
    q.bindValue(u":ttl"_s, qint64(license.policy.ttl().count()));
    q.bindValue(u":skew"_s, qint64(license.policy.skew().count()));
    q.bindValue(u":grace"_s, qint64(license.policy.reapGrace().count()));
    q.bindValue(u":hash"_s, license.keyHash);
    q.bindValue(u":generation"_s, qint64(license.lastGeneration));
    q.bindValue(u":from"_s, toNullableMs(license.validity.validFrom));
    q.bindValue(u":until"_s, toNullableMs(license.validity.validUntil));
    q.bindValue(u":maintenance"_s, toNullableMs(license.validity.maintenanceUntil));
    q.bindValue(u":borrow"_s,
                license.borrow == BorrowPolicy {}
                    ? QVariant(QMetaType::fromType<QString>())
                    : QVariant(QString::fromUtf8(
                        QJsonDocument(borrowjson::policyToJson(license.borrow)).toJson(QJsonDocument::Compact))));
}

void SqlRows::bindLease(QSqlQuery &q, const StoredLease &row)
{
    q.bindValue(u":license"_s, row.lease.licenseId);
    q.bindValue(u":seat"_s, row.lease.seatId);
    q.bindValue(u":holder"_s, row.lease.holder);
    q.bindValue(u":generation"_s, qint64(row.lease.generation));
    q.bindValue(u":issued"_s, toMs(row.lease.issuedAt));
    q.bindValue(u":expires"_s, toMs(row.lease.expiresAt));
    q.bindValue(u":signature"_s, row.lease.signature);
    // Never NULL: a checkout without requestId stores '', which the unique index leaves out.
    q.bindValue(u":request"_s, row.requestId.isNull() ? u""_s : row.requestId);
    q.bindValue(u":activity"_s, toNullableMs(row.lastActivityAt));
    q.bindValue(u":marked"_s, toNullableMs(row.reclaimMarkedAt));
    q.bindValue(u":reclaim"_s, toNullableMs(row.reclaimAt));
    q.bindValue(u":borrowed"_s, row.lease.borrowed ? 1 : 0);
    bindWriteOff(q, row.writeOff);
    q.bindValue(u":returnHash"_s,
                row.returnSecretHash.isEmpty() ? QVariant(QMetaType::fromType<QByteArray>())
                                               : QVariant(row.returnSecretHash));
}

void SqlRows::bindWriteOff(QSqlQuery &q, const BorrowWriteOff &writeOff)
{
    const QVariant noText(QMetaType::fromType<QString>());
    q.bindValue(u":writtenOff"_s, toNullableMs(writeOff.at));
    q.bindValue(u":writtenOffBy"_s, writeOff.isSet() ? QVariant(writeOff.by) : noText);
    q.bindValue(u":writeOffNote"_s, writeOff.isSet() ? QVariant(writeOff.note) : noText);
}

QVariant SqlRows::toNullableMs(const QDateTime &time)
{
    return time.isValid() ? QVariant(toMs(time)) : QVariant(QMetaType::fromType<qint64>());
}

void SqlRows::bindRenewal(QSqlQuery &q, const SeatLease &renewed)
{
    q.bindValue(u":license"_s, renewed.licenseId);
    q.bindValue(u":seat"_s, renewed.seatId);
    q.bindValue(u":issued"_s, toMs(renewed.issuedAt));
    q.bindValue(u":expires"_s, toMs(renewed.expiresAt));
    q.bindValue(u":signature"_s, renewed.signature);
}

void SqlRows::bindToken(QSqlQuery &q, const AccessToken &token)
{
    q.bindValue(u":name"_s, token.name);
    q.bindValue(u":role"_s, roleName(token.role));
    q.bindValue(u":hash"_s, token.hash);
    q.bindValue(u":created"_s, toMs(token.createdAt));
    q.bindValue(u":expires"_s, token.expiresAt.isValid() ? QVariant(toMs(token.expiresAt)) : QVariant());
    q.bindValue(u":used"_s, token.lastUsedAt.isValid() ? QVariant(toMs(token.lastUsedAt)) : QVariant());
}

} // namespace keyright::server
