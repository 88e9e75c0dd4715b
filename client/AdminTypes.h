#pragma once

#include "SeatLease.h"
#include "wire/AccessRole.h"
#include "wire/AccessTokens.h"
#include "wire/EventKind.h"
#include "wire/EventQuery.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSpec.h"
#include "wire/LicenseSummary.h"
#include "wire/ReapResult.h"
#include "wire/SeatRequests.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// Plain values decoded from the v1 admin API (docs/API.md). Every message the server and the
// client exchange has its type and codec in core/wire, used by both sides: LicenseSummary and
// LicenseList, LicenseSpec and LicenseWriteResult, LeaseList (with LeaseRow and HolderBlock),
// RevokeRequest, ReapResult (ReapedSeat), EventQuery, EventRecord and EventPage, AccessTokenInfo,
// TokenList, TokenSpec and CreatedToken.

// The server's clock against the local one, measured from GET /v1/time: offset = server - local,
// estimated at the midpoint of the round trip, which is also the uncertainty.
struct ClockOffset
{
    std::chrono::milliseconds offset {0};
    std::chrono::milliseconds roundTrip {0};
    QDateTime serverTime;
};

} // namespace keyright
