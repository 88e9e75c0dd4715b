#include "alerts/AlertMail.h"

#include "AlertRules.h"
#include "Timestamps.h"
#include "wire/AlertJson.h"

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace webhook = alerts::webhook;

namespace {

// What an admin does about an alert of this kind, in one or two sentences.
QString advice(AlertKind kind)
{
    switch (kind) {
    case AlertKind::SeatsInUse:
        return u"The license is close to running out of seats: see who holds them (the dashboard's "
               "Seats page, or keyright status), revoke seats left idle, or add seats to the license."_s;
    case AlertKind::Denials:
        return u"Users were refused a seat: see the denials (keyright events --license "
               "LICENSE) and add seats or adjust the license's rules."_s;
    case AlertKind::WaitingLine:
        return u"Users are waiting in line for a seat: see the line on the dashboard's Seats page "
               "and add seats or ask idle holders to release theirs."_s;
    case AlertKind::ValidityEnding:
        return u"The license's validity or maintenance ends soon: renew it with the vendor and update its dates "
               "(keyright license LICENSE --valid-until DATE)."_s;
    case AlertKind::InstanceSilent:
        return u"A server instance on the shared database stopped answering: check that it runs (systemctl "
               "status keyright-server) and its log."_s;
    case AlertKind::ClockJump:
        return u"A server's clock jumped: check its time synchronisation (timedatectl) and the server's log; "
               "leases issued around the jump may expire early or late."_s;
    }
    return {};
}

QString when(const QDateTime &time)
{
    return time.isValid() ? formatTimestamp(time) : u"-"_s;
}

} // namespace

MailMessage alertMail(const webhook::Payload &payload, const QStringList &to)
{
    MailMessage mail;
    mail.to = to;
    const eventdetail::AlertChange &alert = payload.alert;
    const QString license = payload.licenseId.isEmpty() ? u"the server"_s : payload.licenseId;
    if (payload.event == QStringView(webhook::testEvent)) {
        mail.subject = u"[Keyright] Test of the alert endpoint"_s;
        mail.body = payload.sentence
            + u"\n\nNothing needs doing: this mail shows that alert mail from this server reaches you.\n\n"
              "Delivery %1, sent at %2.\n"_s.arg(payload.deliveryId, when(payload.time));
        return mail;
    }
    const bool fired = payload.event == QStringView(webhook::firedEvent);
    const QString severity = alerts::toWire(alert.severity);
    mail.subject = u"[Keyright] %1 alert %2 %3 for %4"_s.arg(fired ? severity.toUpper() : severity, alert.ruleId,
                                                             fired ? u"fired"_s : u"resolved"_s, license);
    QStringList lines;
    lines << payload.sentence << QString();
    lines << u"Alert:     %1 (%2, %3)"_s.arg(alert.ruleId, alerts::toWire(alert.kind), severity);
    lines << u"License:   %1"_s.arg(license);
    lines << (fired ? u"Fired at:  %1"_s.arg(when(payload.time)) : u"Resolved:  %1"_s.arg(when(payload.time)));
    if (!fired && alert.firedAt.isValid())
        lines << u"Had fired: %1"_s.arg(when(alert.firedAt));
    if (alert.since.isValid())
        lines << u"True since: %1"_s.arg(when(alert.since));
    lines << u"Value:     %1 (limit %2)"_s.arg(alert.value).arg(alert.limit);
    if (alert.noticeDays >= 0)
        lines << u"Notice:    %1 days"_s.arg(alert.noticeDays);
    lines << QString();
    if (fired) {
        QString todo = advice(alert.kind);
        if (!payload.licenseId.isEmpty())
            todo.replace(u"LICENSE"_s, payload.licenseId);
        lines << u"What to do: %1"_s.arg(todo);
    } else {
        lines << u"What to do: nothing; the condition no longer holds."_s;
    }
    lines << QString();
    lines << u"Firing alerts: keyright alerts. Delivery %1."_s.arg(payload.deliveryId);
    mail.body = lines.join(u'\n') + u'\n';
    return mail;
}

} // namespace keyright::server
