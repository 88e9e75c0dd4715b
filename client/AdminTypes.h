#pragma once

#include "SeatLease.h"
#include "wire/AccessRole.h"
#include "wire/EventKind.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSummary.h"
#include "wire/ReapResult.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// Plain values decoded from the v1 admin API (docs/API.md). The messages the server encodes with
// a core codec come from core/wire: LicenseSummary and LicenseList, LeaseList (with LeaseRow and
// HolderBlock), ReapResult (ReapedSeat), EventRecord and EventPage.

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

struct RevokeRequest
{
    QString licenseId;
    QString seatId;
    QString reason; // optional
    std::chrono::seconds block {0}; // 0: no block
};

// The filters of GET /v1/events as the user gave them. Not the server's EventQuery
// (server/store/StoreTypes.h): that one is the parsed query string (kinds as enums, absent times
// as nullopt) the store runs; this one is what the client puts into the query string, and the
// kind filter stays text so that the server, not the client, judges what was typed.
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
