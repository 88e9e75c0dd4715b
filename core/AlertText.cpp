#include "AlertText.h"

#include "Durations.h"
#include "LongDate.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString validityEndingText(const eventdetail::AlertChange &change, int count, const QLocale &locale)
{
    const QString notice
        = QCoreApplication::translate("keyright::AlertText", "(notice of %n day(s))", nullptr, change.noticeDays);
    // The date's UTC day, as the Seats page's badges and the checkout refusal give it.
    const QString date = longDateText(change.endsAt.toUTC().date(), locale);
    const bool passed = change.value < 0;
    QString text;
    switch (change.ends) {
    case ValidityBound::ValidUntil:
        text = passed ? QCoreApplication::translate("keyright::AlertText", "the license expired on %1").arg(date)
            : count == 0
            ? QCoreApplication::translate("keyright::AlertText", "the license expires on %1, within a day").arg(date)
            : QCoreApplication::translate("keyright::AlertText", "the license expires on %1, in %n day(s)", nullptr,
                                          count)
                  .arg(date);
        break;
    case ValidityBound::MaintenanceUntil:
        text = passed ? QCoreApplication::translate("keyright::AlertText",
                                                    "its maintenance ended on %1 (checkouts are not affected)")
                            .arg(date)
            : count == 0
            ? QCoreApplication::translate("keyright::AlertText",
                                          "its maintenance ends on %1, within a day (checkouts are not affected)")
                  .arg(date)
            : QCoreApplication::translate("keyright::AlertText",
                                          "its maintenance ends on %1, in %n day(s) (checkouts are not affected)",
                                          nullptr, count)
                  .arg(date);
        break;
    case ValidityBound::None:
        // An alert recorded before its date was named: which one ended is not known.
        text = change.value <= 0
            ? QCoreApplication::translate("keyright::AlertText", "the license or its maintenance has ended")
            : QCoreApplication::translate("keyright::AlertText", "%n day(s) before the license or its maintenance ends",
                                          nullptr, count);
        break;
    }
    return text + u' ' + notice;
}

QString instanceSilentText(const eventdetail::AlertChange &change, const QLocale &locale)
{
    const QString silent = formatDuration(std::chrono::seconds {change.value});
    if (change.instance.isEmpty()) // an alert recorded before the instance was named
        return QCoreApplication::translate("keyright::AlertText", "an instance silent for %1").arg(silent);
    // The replica id, and the URL it listens on when it gave one.
    const QString instance
        = change.instanceUrl.isEmpty() ? change.instance : change.instance + u" ("_s + change.instanceUrl + u')';
    // In UTC, so that a delivery reads the same on any machine.
    const QString lastSeen = change.lastSeenAt.isValid()
        ? locale.toString(change.lastSeenAt.toUTC(), u"yyyy-MM-dd HH:mm:ss"_s) + u" UTC"_s
        : QString();
    switch (change.instanceGone) {
    case InstanceGone::Stopped:
        return QCoreApplication::translate("keyright::AlertText",
                                           "instance %1 was stopped gracefully: it is no longer watched")
            .arg(instance);
    case InstanceGone::Forgotten:
        return QCoreApplication::translate("keyright::AlertText",
                                           "instance %1, silent for more than %2, is forgotten: it is no longer "
                                           "watched")
            .arg(instance, formatDuration(std::chrono::seconds {instanceForgetSeconds}));
    case InstanceGone::No:
        break;
    }
    const QString limit = formatDuration(std::chrono::seconds {change.limit});
    return lastSeen.isEmpty()
        ? QCoreApplication::translate("keyright::AlertText", "instance %1 silent for %2 (the rule's limit: %3)")
              .arg(instance, silent, limit)
        : QCoreApplication::translate("keyright::AlertText",
                                      "instance %1 silent for %2, last seen %3 (the rule's limit: %4)")
              .arg(instance, silent, lastSeen, limit);
}

} // namespace

QString alertMeasureText(const eventdetail::AlertChange &change, const QLocale &locale)
{
    const qint64 value = change.value;
    const qint64 limit = change.limit;
    const int count = int(std::clamp<qint64>(value, 0, std::numeric_limits<int>::max()));
    switch (change.kind) {
    case AlertKind::SeatsInUse:
        return QCoreApplication::translate("keyright::AlertText",
                                           "%1 % of the seats in use (the rule's threshold: %2 %)")
            .arg(value)
            .arg(limit);
    case AlertKind::Denials:
        return limit == 0
            ? QCoreApplication::translate("keyright::AlertText", "%n true denial(s)", nullptr, count)
            : QCoreApplication::translate("keyright::AlertText",
                                          "%n denial(s) in the rule's window (more than %1 fires it)", nullptr, count)
                  .arg(limit);
    case AlertKind::WaitingLine:
        return QCoreApplication::translate("keyright::AlertText", "the waiting line at %1 (the rule's limit: %2)")
            .arg(value)
            .arg(limit);
    case AlertKind::ValidityEnding:
        return validityEndingText(change, count, locale);
    case AlertKind::InstanceSilent:
        return instanceSilentText(change, locale);
    case AlertKind::ClockJump:
        return QCoreApplication::translate("keyright::AlertText", "%n clock jump(s)", nullptr, count);
    }
    return {};
}

QString alertText(const eventdetail::AlertChange &change, bool fired, const QLocale &locale)
{
    const QString measure = alertMeasureText(change, locale);
    return fired
        ? QCoreApplication::translate("keyright::AlertText", "rule %1: %2").arg(change.ruleId, measure)
        : QCoreApplication::translate("keyright::AlertText", "rule %1 no longer holds: %2").arg(change.ruleId, measure);
}

} // namespace keyright
