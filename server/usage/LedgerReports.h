#pragma once

#include "wire/LedgerReport.h"

#include <QString>

#include <optional>

namespace keyright {
class Clock;
} // namespace keyright

namespace keyright::server {

class LeaseStore;
class SeatService;

// Answers GET /v1/licenses/{id}/ledger (issue 26, "where are my ten?"): core's accountSeats over
// the license's lease rows, line and blocks of now; or, for a past moment, over the usage
// history's seat and wait spans that cover it, the seat count and reservations then in force, the
// groups of now (the history keeps neither activity nor blocks: past seats read "activity
// unknown" and no block is listed).
class LedgerReports
{
public:
    LedgerReports(LeaseStore &store, SeatService &seats, const Clock &clock);

    enum class Problem { None, LicenseNotFound, InTheFuture };
    // nullopt with `problem` set when the license is unknown or `at` is later than now.
    std::optional<LedgerReport> ledger(const QString &licenseId, const LedgerQuery &query, Problem *problem);

private:
    LedgerReport now(const QString &licenseId, int idleAfterMinutes, Problem *problem);
    LedgerReport past(const QString &licenseId, const QDateTime &at, int idleAfterMinutes, Problem *problem);

    LeaseStore &m_store;
    SeatService &m_seats;
    const Clock &m_clock;
};

} // namespace keyright::server
