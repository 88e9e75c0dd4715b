#pragma once

#include "LicenseValidity.h"
#include "SeatDecision.h"
#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace keyright {

// A license as GET /v1/licenses and PUT /v1/licenses/{id} describe it (docs/API.md). Durations
// are whole seconds on the wire: the server writes its millisecond policy rounded down.
struct LicenseSummary
{
    QString id;
    QString name;
    int seatCount = 0;
    int inUse = 0; // live leases
    qint64 ttlSeconds = 0;
    qint64 skewSeconds = 0;
    qint64 reapGraceSeconds = 0;
    int deniedLastHour = 0; // refused checkouts, blocked holders' included, in the last hour
    int reservedSeats = 0; // the seats its rules reserve for groups, used or idle
    int waiting = 0; // tickets waiting in its line
    // validFrom, validUntil, maintenanceUntil: null (or absent, from an older server) for none.
    LicenseValidity validity = {};
    // Borrowing (issue 27): the license's policy ("borrow", wire/BorrowJson) and its live borrowed
    // seats ("borrowed", counted in inUse too). Absent from an older server: no borrowing.
    BorrowPolicy borrow = {};
    int borrowed = 0;

    // Bounds a decoder accepts: counts up to INT_MAX, durations up to a century.
    static constexpr qint64 maxCount = 2147483647;
    static constexpr qint64 maxSeconds = qint64(100) * 365 * 24 * 3600;

    QJsonObject toJson() const;
    // Strict: every field present (but reservedSeats and waiting, which older servers did not send), integers where
    // integers belong, a valid license id. The error's field is the value's path under `path` ("licenses[2].seatCount")
    // and its message names it.
    static std::optional<LicenseSummary> fromJson(const QJsonValue &json, const QString &path = {},
                                                  ValidationError *error = nullptr);

    friend bool operator==(const LicenseSummary &, const LicenseSummary &) = default;
};

// The body of GET /v1/licenses.
struct LicenseList
{
    // The member that lists the licenses, for a tool's report built around the list.
    static constexpr char16_t licensesMember[] = u"licenses";

    QDateTime serverTime;
    QList<LicenseSummary> licenses;

    QJsonObject toJson() const;
    static std::optional<LicenseList> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const LicenseList &, const LicenseList &) = default;
};

} // namespace keyright
