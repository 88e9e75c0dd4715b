#pragma once

#include "SeatLease.h"
#include "wire/AccessRole.h"
#include "wire/EventKind.h"
#include "wire/LicenseSummary.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// Plain values decoded from the v1 admin API (docs/API.md). LicenseSummary and LicenseList, which
// the server encodes with the same codec, come from core (wire/LicenseSummary.h).

// What an admin submits to create or change a license.
struct LicenseSpec
{
    QString id;
    QString name;
    int seatCount = 1;
    qint64 ttlSeconds = 60;
    qint64 skewSeconds = 5;
    qint64 reapGraceSeconds = 15;
};

struct LicenseWriteResult
{
    LicenseSummary license;
    bool created = false;
    QString key; // the license key, present only on create (and rotate): shown once
};

// One row of GET /v1/licenses/{id}/leases.
struct LeaseRow
{
    SeatLease lease;
    bool live = false;
    QDateTime reapableAt;
    bool signatureValid = false; // checked by AdminClient against the server's public key

    friend bool operator==(const LeaseRow &, const LeaseRow &) = default;
};

struct HolderBlock
{
    QString holder;
    QDateTime until;
    QString reason;

    friend bool operator==(const HolderBlock &, const HolderBlock &) = default;
};

struct LeaseList
{
    QString licenseId;
    QDateTime serverTime;
    int seatCount = 0;
    int inUse = 0;
    QList<LeaseRow> leases;
    QList<HolderBlock> blocks;
};

struct RevokeRequest
{
    QString licenseId;
    QString seatId;
    QString reason; // optional
    std::chrono::seconds block {0}; // 0: no block
};

struct ReapedSeat
{
    QString licenseId;
    QString seatId;
    QString holder;
    QDateTime expiresAt;
    QDateTime reapableAt;
};

struct ReapResult
{
    bool dryRun = false;
    int reaped = 0;
    QList<ReapedSeat> seats;
};

struct EventRecord
{
    qint64 seq = 0;
    QDateTime time;
    EventKind kind = EventKind::Granted;
    QString licenseId;
    QString seatId;
    QString holder;
    QString actor;
    QJsonObject detail;

    friend bool operator==(const EventRecord &, const EventRecord &) = default;
};

struct EventQuery
{
    qint64 after = 0;
    QString licenseId;
    QString holder;
    QString kind; // one wire name or a comma-separated list (eventKindFilter()); the server checks it
    QDateTime since;
    QDateTime until;
    int limit = 200;
};

struct EventPage
{
    QList<EventRecord> events;
    qint64 next = 0;
};

// A named access token as GET /v1/tokens and GET /v1/whoami describe it; never its secret.
struct AccessTokenInfo
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: never expires
    QDateTime lastUsedAt; // invalid: never used

    friend bool operator==(const AccessTokenInfo &, const AccessTokenInfo &) = default;
};

struct TokenList
{
    QDateTime serverTime;
    QList<AccessTokenInfo> tokens;
};

// What an admin submits to make a token.
struct TokenSpec
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    std::optional<std::chrono::seconds> lifetime; // nullopt: never expires
};

struct CreatedToken
{
    AccessTokenInfo token;
    QString secret; // "krt-" and 64 hex digits: shown once
};

// The server's clock against the local one, measured from GET /v1/time: offset = server - local,
// estimated at the midpoint of the round trip, which is also the uncertainty.
struct ClockOffset
{
    std::chrono::milliseconds offset {0};
    std::chrono::milliseconds roundTrip {0};
    QDateTime serverTime;
};

} // namespace keyright
