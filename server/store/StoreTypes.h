#pragma once

#include "SeatLease.h"
#include "SeatPolicy.h"
#include "wire/AccessRole.h"
#include "wire/EventKind.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <stdexcept>

namespace keyright::server {

// A license as the store keeps it. The key itself is never stored, only crypto::hashSecret of it.
struct LicenseRecord
{
    QString id;
    QString name;
    SeatPolicy policy;
    QByteArray keyHash;
    quint64 lastGeneration = 0; // the generation of the newest seat handed out; only grows
};

// A lease row: the signed lease plus the checkout's requestId (empty when the client sent none),
// which lets a retried checkout find the seat it already took.
struct StoredLease
{
    SeatLease lease;
    QString requestId;
};

// HolderBlock and EventRecord are core's (wire/LeaseList.h, wire/EventRecord.h): the store keeps
// exactly what the wire carries, so the server and the client share one type and one codec.

// A named access token for the admin routes. The token itself is never stored, only
// crypto::hashSecret of it; a revoked token is deleted, so only tokens in force are kept.
struct AccessToken
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    QByteArray hash;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: never expires
    QDateTime lastUsedAt; // invalid: never used; written at most once a minute (AccessService)
};

// A page of the audit log: events with seq > after that match every filter given, ascending.
struct EventQuery
{
    qint64 after = 0;
    QString licenseId; // empty: any
    QString holder; // empty: any
    QList<EventKind> kinds; // empty: any
    std::optional<QDateTime> since;
    std::optional<QDateTime> until;
    int limit = 200;
};

// Thrown by a store when the database fails (disk full, corrupt file). The transaction it
// happened in is rolled back; callers answer 500 and nothing is half-written.
class StoreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace keyright::server
