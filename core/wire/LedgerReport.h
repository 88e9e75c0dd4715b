#pragma once

#include "SeatLedger.h"
#include "ValidationError.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QUrlQuery>

#include <optional>

namespace keyright {

// The names of the ledger's categories on the wire ("inUse", "idle", ...), and back; nullopt for
// a name that is none of them.
QString ledgerCategoryToWire(SeatLedger::Category category);
std::optional<SeatLedger::Category> ledgerCategoryFromWire(const QString &name);

// The query of GET /v1/licenses/{id}/ledger: `at` (an RFC 3339 UTC timestamp; absent: now) and
// `idleAfterMinutes` (1 to a week; absent: the license's idle reclaim rule, else 30).
struct LedgerQuery
{
    static constexpr char16_t atParameter[] = u"at";
    static constexpr char16_t idleAfterParameter[] = u"idleAfterMinutes";
    static constexpr int maxIdleAfterMinutes = 7 * 24 * 60;
    static constexpr int defaultIdleAfterMinutes = 30;

    QDateTime at; // invalid: now
    std::optional<int> idleAfterMinutes;

    QUrlQuery toQuery() const;
    // Unknown or repeated parameters and bad values are refused, naming the parameter.
    static std::optional<LedgerQuery> fromQuery(const QUrlQuery &query, ValidationError *error = nullptr);

    friend bool operator==(const LedgerQuery &, const LedgerQuery &) = default;
};

// The body of GET /v1/licenses/{id}/ledger[?at=] (docs/API.md): the ledger of one license at one
// moment (core's accountSeats), with the moment and the idle threshold it was counted with.
struct LedgerReport
{
    QString licenseId;
    QDateTime at; // the moment accounted for: now, or the `at` asked for
    QDateTime serverTime;
    int idleAfterMinutes = 30;
    SeatLedger ledger;

    bool isPast() const { return at < serverTime; }

    QJsonObject toJson() const;
    // Refuses a body whose lines do not add up to its seat count (a ledger that loses a seat is
    // worse than none), naming the numbers.
    static std::optional<LedgerReport> fromJson(const QJsonObject &json, ValidationError *error = nullptr);

    friend bool operator==(const LedgerReport &, const LedgerReport &) = default;
};

} // namespace keyright
