#include "LicenseValidity.h"

#include <QCoreApplication>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 msPerDay = qint64(24) * 3600 * 1000;

int daysLeft(const QDateTime &now, const QDateTime &when)
{
    // Rounded down: 4 days and 4 hours left is "in 4 days"; rounding up would overstate the time left.
    const qint64 ms = now.msecsTo(when);
    return int(std::max<qint64>(ms, 0) / msPerDay);
}

} // namespace

QDateTime LicenseValidity::capExpiry(const QDateTime &expiry) const
{
    return validUntil.isValid() && validUntil < expiry ? validUntil : expiry;
}

bool LicenseValidity::validate(ValidationError *error) const
{
    if (validFrom.isValid() && validUntil.isValid() && validUntil <= validFrom) {
        if (error)
            *error = ValidationError {u"validUntil"_s, u"validUntil must be after validFrom"_s};
        return false;
    }
    return true;
}

std::optional<ValidityRefusal> decideValidity(const LicenseValidity &validity, const QDateTime &now)
{
    if (validity.validFrom.isValid() && now < validity.validFrom)
        return ValidityRefusal {ValidityRefusal::Kind::NotYetValid, validity.validFrom};
    if (validity.validUntil.isValid() && now >= validity.validUntil)
        return ValidityRefusal {ValidityRefusal::Kind::Expired, validity.validUntil};
    return std::nullopt;
}

QString validitySentence(const QString &licenseName, const ValidityRefusal &refusal, const QLocale &locale)
{
    const QString date = locale.toString(refusal.bound.toUTC().date(), u"d MMMM yyyy"_s);
    switch (refusal.kind) {
    case ValidityRefusal::Kind::NotYetValid:
        return QCoreApplication::translate("keyright::LicenseValidity", "%1 is valid from %2; ask your license admin")
            .arg(licenseName, date);
    case ValidityRefusal::Kind::Expired:
        break;
    }
    return QCoreApplication::translate("keyright::LicenseValidity", "%1 expired on %2; ask your license admin")
        .arg(licenseName, date);
}

std::optional<ValidityNotice> validityNotice(const LicenseValidity &validity, const QDateTime &now,
                                             std::chrono::days horizon)
{
    using K = ValidityNotice::Kind;
    if (const auto refusal = decideValidity(validity, now)) {
        return ValidityNotice {refusal->kind == ValidityRefusal::Kind::NotYetValid ? K::NotYetValid : K::Expired,
                               refusal->bound, 0};
    }
    const QDateTime horizonEnd = now.addDays(horizon.count());
    if (validity.validUntil.isValid() && validity.validUntil <= horizonEnd)
        return ValidityNotice {K::ExpiresSoon, validity.validUntil, daysLeft(now, validity.validUntil)};
    if (validity.maintenanceUntil.isValid()) {
        if (validity.maintenanceUntil <= now)
            return ValidityNotice {K::MaintenanceEnded, validity.maintenanceUntil, 0};
        if (validity.maintenanceUntil <= horizonEnd)
            return ValidityNotice {K::MaintenanceEndsSoon, validity.maintenanceUntil,
                                   daysLeft(now, validity.maintenanceUntil)};
    }
    return std::nullopt;
}

} // namespace keyright
