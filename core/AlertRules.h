#pragma once

#include "LicenseValidity.h"
#include "ValidationError.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QTime>
#include <QTimeZone>

#include <optional>

namespace keyright {

// Alerts (issue 29): what a rule watches, when a watched condition fires and resolves, and when a
// person is told. Pure like decideCheckout(): the caller measures, passes "now", and keeps the
// state; nothing here reads a clock or a store, so the server, its tests and the dashboard's
// explanation read one set of rules.

enum class AlertKind {
    SeatsInUse, // seats in use at or above `threshold` % of the license's seats for `minutes`
    Denials, // `threshold` 0: any true denial (refused, and no seat within `minutes`); else more
             // than `threshold` denials in the last `minutes`
    WaitingLine, // more than `threshold` waiting (0: not watched), or a wait longer than `minutes`
                 // (0: not watched)
    ValidityEnding, // validUntil or maintenanceUntil within one of `daysBefore`
    InstanceSilent, // an instance on the shared database (each records that it is alive every
                    // few seconds) not seen for more than `seconds`
    ClockJump, // a server clock jumped (a ClockJumped event within the last `minutes`)
};

// Whether a server evaluates rules of this kind: an editor offers only these, and the server's
// AlertEvaluator::setRules() refuses the others. Every kind is, since the instances record that
// they are alive (instance_silent); a kind added before its evaluation is written returns false.
bool isEvaluated(AlertKind kind);

enum class AlertSeverity { Info, Warning, Critical };

// Hours in which nobody is told (a firing is still recorded, and told when they end if it still
// fires). [from, to) in `zone`; over midnight when to < from; none when from == to.
struct QuietHours
{
    QTime from;
    QTime to;
    QTimeZone zone = QTimeZone::utc();

    bool isEmpty() const { return !from.isValid() || !to.isValid() || from == to; }
    bool contains(const QDateTime &moment) const;
    // The first moment at or after `moment` outside the quiet hours (`moment` itself when outside).
    QDateTime endAfter(const QDateTime &moment) const;

    friend bool operator==(const QuietHours &a, const QuietHours &b)
    {
        return a.from == b.from && a.to == b.to && a.zone == b.zone;
    }
};

struct AlertRule
{
    enum class Scope {
        AllLicenses,
        License, // `scopeName` is a license id
        Group, // `scopeName` is a holder group: seats and denials of its members
    };

    QString id;
    AlertKind kind = AlertKind::SeatsInUse;
    Scope scope = Scope::AllLicenses;
    QString scopeName;
    AlertSeverity severity = AlertSeverity::Warning;
    int threshold = 0; // see AlertKind
    int minutes = 0; // see AlertKind
    int seconds = 0; // InstanceSilent: minInstanceSilentSeconds to maxInstanceSilentSeconds
    QList<int> daysBefore = {}; // ValidityEnding, any order; empty: noticeDays()
    QuietHours quiet = {};

    // ValidityEnding: the days' notice given, or 60, 30 and 7 when none are.
    QList<int> noticeDays() const;
    // The ranges each kind needs; the error names the field at fault.
    bool validate(ValidationError *error = nullptr) const;

    friend bool operator==(const AlertRule &, const AlertRule &) = default;
};

// What the caller measured for one subject of a rule (a license, an instance, or a license and one
// of its notice days), and the numbers that made it so, for the event and the sentence.
// ValidityEnding: which of a license's dates an alert is about. Ending the license (validUntil:
// checkouts refused from then on) and ending its maintenance (only shown) are told apart.
enum class ValidityBound { None, ValidUntil, MaintenanceUntil };
// InstanceSilent: an instance's alert that resolved because the instance is gone rather than back:
// stopped gracefully (it removed its record), or forgotten after a long silence
// (instanceForgetSeconds), as a decommissioned instance is.
enum class InstanceGone { No, Stopped, Forgotten };
// A silent instance is forgotten (its record removed, its alert resolved) after this long: a
// decommissioned instance does not fire forever.
inline constexpr qint64 instanceForgetSeconds = 24 * 60 * 60;

struct AlertMeasure
{
    bool breached = false;
    // percent, denials, waiting, the longest wait in minutes, seconds; ValidityEnding: whole days
    // left, rounded down (0 within the last day), -1 once the date has passed
    qint64 value = 0;
    qint64 limit = 0; // the rule's number it was compared with
    ValidityBound ends = ValidityBound::None; // ValidityEnding: the date measured
    QDateTime endsAt = {}; // and when it is
};

// The measures, one per kind, from plain numbers.
AlertMeasure measureSeatsInUse(const AlertRule &rule, int inUse, int seatCount);
// `denials`: the denials' times; `trueDenials`: those whose holder got no seat within the window.
AlertMeasure measureDenials(const AlertRule &rule, const QList<QDateTime> &denials, int trueDenials,
                            const QDateTime &now);
AlertMeasure measureWaitingLine(const AlertRule &rule, int waiting, const QDateTime &oldestQueuedAt,
                                const QDateTime &now);
// One measure per notice day, of one date: breached when it is at most `day` days away (or past).
AlertMeasure measureValidityEnding(int day, const QDateTime &bound, const QDateTime &now);
// The measure of a license's notice `day`, one of the rule's `noticeDays`: breached for the date
// whose tightest notice reached is `day` (at 5 days left the 7-day notice, not the 30-day one),
// validUntil first when both dates are; `ends` and `endsAt` name the date. So a maintenance that
// ended does not hide the license's own end, which fires at its own notice.
AlertMeasure measureValidityEnding(int day, const QList<int> &noticeDays, const LicenseValidity &validity,
                                   const QDateTime &now);
// An instance is silent once its last beat is more than `seconds` before `now`. The instances beat
// every few seconds (well under minInstanceSilentSeconds), so a live one is never silent.
inline constexpr int minInstanceSilentSeconds = 30;
inline constexpr int maxInstanceSilentSeconds = 12 * 60 * 60;
AlertMeasure measureInstanceSilent(const AlertRule &rule, const QDateTime &lastSeen, const QDateTime &now);
AlertMeasure measureClockJump(const AlertRule &rule, const QList<QDateTime> &jumps, const QDateTime &now);

// One alert (a rule and a subject) over time, as the caller stores it between evaluations.
struct AlertTrack
{
    QDateTime breachedSince; // invalid while the condition does not hold
    QDateTime clearSince; // while firing: since when the condition no longer holds; invalid else
    QDateTime firedAt; // invalid: not firing
    // When the firing was told (invalid: not yet, e.g. during quiet hours).
    QDateTime toldAt;

    bool firing() const { return firedAt.isValid(); }

    friend bool operator==(const AlertTrack &, const AlertTrack &) = default;
};

struct AlertStep
{
    enum class Transition { None, Fire, Resolve };
    Transition transition = Transition::None;
    AlertTrack track;
    // Tell someone now: a firing (at its fire, or when quiet hours end while it still fires) or a
    // resolution of a firing that was told. A firing that resolves before it was told is told
    // neither way.
    bool tellFiring = false;
    bool tellResolved = false;
};

// How long a condition must have stopped holding before a firing alert resolves, so that a
// condition that comes and goes fires once rather than at every turn.
inline constexpr qint64 alertClearMs = 2 * 60 * 1000;

// One evaluation: `measure` taken at `now`. A rule with a hold time (SeatsInUse: `minutes`) fires
// once the condition has held that long; the others fire at once. A firing alert stays firing while
// the condition holds, and resolves once it has not held for `clearMs` (alertClearMs; a test of
// many cycles across processes shortens it).
AlertStep stepAlert(const AlertRule &rule, const AlertTrack &previous, const AlertMeasure &measure,
                    const QDateTime &now, qint64 clearMs = alertClearMs);
// The alert's subject is gone (an instance stopped gracefully, or forgotten after long silence):
// a firing alert resolves at once, with no clear time to wait for since nothing is left to watch;
// one not firing is dropped. Told as stepAlert() tells a resolution.
AlertStep endAlert(const AlertTrack &previous);

} // namespace keyright
