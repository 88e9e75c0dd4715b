#pragma once

#include "ValidationError.h"

#include <QDateTime>
#include <QLocale>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// When a license may be used (issue 29): every bound optional (an invalid QDateTime is "no bound"),
// in UTC to the millisecond. A license is valid over [validFrom, validUntil): at validUntil itself
// it is no longer valid, because a lease capped at validUntil (capExpiry) would end the moment it
// was signed. maintenanceUntil never refuses anything; it is only shown.
struct LicenseValidity
{
    QDateTime validFrom;
    QDateTime validUntil;
    QDateTime maintenanceUntil;

    bool bounded() const { return validFrom.isValid() || validUntil.isValid(); }
    // `expiry` no later than validUntil: a lease never outlives its license.
    QDateTime capExpiry(const QDateTime &expiry) const;
    // validUntil after validFrom when both are set; the error's field is validUntil.
    bool validate(ValidationError *error = nullptr) const;

    friend bool operator==(const LicenseValidity &, const LicenseValidity &) = default;
};

// Why a license refuses checkouts at a moment: not valid yet, or no longer.
struct ValidityRefusal
{
    enum class Kind { NotYetValid, Expired };
    Kind kind = Kind::Expired;
    QDateTime bound; // validFrom or validUntil
};

// The one decision for checkouts, ticket grants and renewals: nullopt while the license is valid
// at `now`.
std::optional<ValidityRefusal> decideValidity(const LicenseValidity &validity, const QDateTime &now);

// The refusal as one sentence in the shape of the rule denials: "ACME CAD expired on 31 March
// 2027; ask your license admin". The server passes the C locale (English); the dashboard its own.
QString validitySentence(const QString &licenseName, const ValidityRefusal &refusal,
                         const QLocale &locale = QLocale::c());

// What the Seats page shows on a license (its badge), most urgent first: nullopt when nothing is
// near (beyond `horizon`) and nothing has ended.
struct ValidityNotice
{
    enum class Kind { NotYetValid, Expired, ExpiresSoon, MaintenanceEnded, MaintenanceEndsSoon };
    Kind kind = Kind::Expired;
    QDateTime when;
    int days = 0; // ExpiresSoon, MaintenanceEndsSoon: whole days left, rounded down
};
inline constexpr std::chrono::days validityNoticeHorizon {60};
std::optional<ValidityNotice> validityNotice(const LicenseValidity &validity, const QDateTime &now,
                                             std::chrono::days horizon = validityNoticeHorizon);

} // namespace keyright
