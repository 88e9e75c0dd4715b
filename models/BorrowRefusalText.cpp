#include "BorrowRefusalText.h"

#include "wire/SeatRulesJson.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace keyright {

QString BorrowRefusalText::sentence(const BorrowRefusal &refusal, const QString &licenseId, const QString &holder)
{
    using Reason = BorrowRefusal::Reason;
    switch (refusal.reason) {
    case Reason::NotAllowed:
        return tr("The seats of %1 may not be borrowed: its borrowing policy does not allow it.").arg(licenseId);
    case Reason::TooLong:
        //: %n is the most days the policy allows, %1 the days asked for.
        return tr("A seat of %2 may be borrowed for %n day(s) at most, not %1.", nullptr, refusal.maxDays)
            .arg(refusal.days)
            .arg(licenseId);
    case Reason::GroupNotAllowed:
        return tr("%1 may not borrow a seat of %2: only members of %3 may.")
            .arg(holder, licenseId, QLocale().createSeparatedList(refusal.groups));
    case Reason::LimitReached:
        //: %n seats are borrowed, the most the policy of license %1 allows at once.
        return tr("%n seat(s) of %1 are already borrowed, the most its policy allows at once; one comes back when "
                  "it is returned or expires.",
                  nullptr, refusal.borrowed)
            .arg(licenseId);
    case Reason::KeepOnSite:
        //: %n seats borrowed (the verb agrees with it) of %1, license %2; %3 kept on site.
        return tr("%n of the %1 seats of %2 are borrowed and %3 must stay on site for ordinary checkouts.", nullptr,
                  refusal.borrowed)
            .arg(refusal.seatCount)
            .arg(licenseId)
            .arg(refusal.keepOnSite);
    case Reason::SeatDenied:
        if (refusal.seatReason == seatrules::denialCode(SeatDecision::Outcome::HolderNotAllowed))
            return tr("%1 may not use %2: the seat rules do not admit this holder.").arg(holder, licenseId);
        if (refusal.seatReason == seatrules::denialCode(SeatDecision::Outcome::GroupCapReached)) {
            if (!refusal.capGroup.isEmpty())
                //: %1 the holder's group, %2 the license; %n the group's cap.
                return tr("No seat of %2 to borrow: %1 already holds its cap of %n seat(s).", nullptr, refusal.groupCap)
                    .arg(refusal.capGroup, licenseId);
            return tr("No seat of %1 to borrow: the holder's group holds all the seats it may.").arg(licenseId);
        }
        if (refusal.reservedForOthers > 0) {
            // The seats not in use were reserved for groups the holder is not in (a server before
            // it recorded them said nothing of it: then only the seats in use).
            const QString groups = refusal.reservedFor.isEmpty() ? tr("other groups")
                                                                 : QLocale().createSeparatedList(refusal.reservedFor);
            if (refusal.inUse == 0)
                //: %n seats of license %2, all reserved for the groups %1.
                return tr("No seat of %2 to borrow: none of the %n seat(s) is in use, but all are reserved for %1.",
                          nullptr, refusal.seatCount)
                    .arg(groups, licenseId);
            if (refusal.reservedForOthers == 1)
                //: %n seats in use (the verb agrees with it) of the %1 seats of license %2; %3 the groups.
                return tr("No seat of %2 to borrow: %n of the %1 seats are in use and the other one is reserved for "
                          "%3.",
                          nullptr, refusal.inUse)
                    .arg(refusal.seatCount)
                    .arg(licenseId, groups);
            //: %n seats in use (the verb agrees with it) of the %1 seats of license %2; the other %3 seats
            //: (2 or more) are reserved for the groups %4.
            return tr("No seat of %2 to borrow: %n of the %1 seats are in use and the other %3 are reserved for %4.",
                      nullptr, refusal.inUse)
                .arg(refusal.seatCount)
                .arg(licenseId)
                .arg(refusal.reservedForOthers)
                .arg(groups);
        }
        //: %n seats in use (the verb agrees with it) of the %1 seats of license %2.
        return tr("No seat of %2 to borrow: %n of the %1 seats are in use.", nullptr, refusal.inUse)
            .arg(refusal.seatCount)
            .arg(licenseId);
    case Reason::Unknown:
        break;
    }
    return tr("The borrow from %1 was refused.").arg(licenseId);
}

} // namespace keyright
