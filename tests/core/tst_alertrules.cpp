// Alert rules (issue 29): each kind's measure, firing once and resolving once on a manual clock, a
// condition that comes and goes (flapping), and quiet hours that hold a firing back until they end.

#include "AlertRules.h"
#include "AlertText.h"
#include "ManualClock.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {

QDateTime at(const char *text)
{
    const QDateTime t = QDateTime::fromString(QString::fromLatin1(text), Qt::ISODate);
    Q_ASSERT(t.isValid());
    return t;
}

AlertRule seatsRule(int percent, int minutes)
{
    AlertRule rule;
    rule.id = u"busy"_s;
    rule.kind = AlertKind::SeatsInUse;
    rule.threshold = percent;
    rule.minutes = minutes;
    return rule;
}

// Steps `rule` over a run of measures, one per call, on `clock`; counts what a person is told.
struct Run
{
    Run(const AlertRule &r, ManualClock &c)
        : rule(r)
        , clock(c)
    { }

    const AlertRule &rule;
    ManualClock &clock;
    AlertTrack track;
    int fired = 0;
    int resolved = 0;
    int toldFiring = 0;
    int toldResolved = 0;

    void step(const AlertMeasure &measure)
    {
        const AlertStep s = stepAlert(rule, track, measure, clock.now());
        track = s.track;
        fired += s.transition == AlertStep::Transition::Fire;
        resolved += s.transition == AlertStep::Transition::Resolve;
        toldFiring += s.tellFiring;
        toldResolved += s.tellResolved;
    }
};

} // namespace

class TestAlertRules : public QObject
{
    Q_OBJECT

private slots:
    void seatsInUseFiresAfterItsMinutesAndResolvesOnce()
    {
        // 90 % of 10 seats for 15 minutes: 9 seats held from 09:00 fire at 09:15, not before.
        const AlertRule rule = seatsRule(90, 15);
        ManualClock clock(at("2027-01-04T09:00:00Z"));
        Run run(rule, clock);
        for (int minute = 0; minute < 15; ++minute) {
            run.step(measureSeatsInUse(rule, 9, 10));
            QCOMPARE(run.fired, 0);
            clock.advance(1min);
        }
        run.step(measureSeatsInUse(rule, 9, 10));
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.toldFiring, 1);
        QCOMPARE(run.track.firedAt, at("2027-01-04T09:15:00Z"));
        // Stays firing while true: no second fire, nothing more told.
        for (int minute = 0; minute < 30; ++minute) {
            clock.advance(1min);
            run.step(measureSeatsInUse(rule, 10, 10));
        }
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.toldFiring, 1);
        // Down to 8 of 10 (80 %): resolves once, after the clear time, and is told.
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 8, 10));
        QCOMPARE(run.resolved, 0);
        clock.advance(std::chrono::milliseconds(alertClearMs));
        run.step(measureSeatsInUse(rule, 8, 10));
        QCOMPARE(run.resolved, 1);
        QCOMPARE(run.toldResolved, 1);
        QVERIFY(!run.track.firing());
        clock.advance(10min);
        run.step(measureSeatsInUse(rule, 8, 10));
        QCOMPARE(run.resolved, 1);
    }

    void aBriefPeakDoesNotFire()
    {
        // Full for 14 minutes, then 1 seat frees, then full again: the 15 minutes start over.
        const AlertRule rule = seatsRule(100, 15);
        ManualClock clock(at("2027-01-04T09:00:00Z"));
        Run run(rule, clock);
        run.step(measureSeatsInUse(rule, 10, 10));
        clock.advance(14min);
        run.step(measureSeatsInUse(rule, 10, 10));
        clock.advance(30s);
        run.step(measureSeatsInUse(rule, 9, 10));
        clock.advance(30s);
        run.step(measureSeatsInUse(rule, 10, 10));
        clock.advance(14min);
        run.step(measureSeatsInUse(rule, 10, 10));
        QCOMPARE(run.fired, 0);
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 10, 10));
        QCOMPARE(run.fired, 1);
    }

    void aFlappingConditionFiresOnce()
    {
        // A line that empties and fills every 30 seconds for an hour fires once, resolves once when
        // it has stayed empty long enough, and tells each once.
        AlertRule rule;
        rule.id = u"line"_s;
        rule.kind = AlertKind::WaitingLine;
        rule.threshold = 2;
        QVERIFY(rule.validate());
        ManualClock clock(at("2027-01-04T09:00:00Z"));
        Run run(rule, clock);
        for (int turn = 0; turn < 120; ++turn) {
            run.step(measureWaitingLine(rule, turn % 2 ? 0 : 3, clock.now(), clock.now()));
            clock.advance(30s);
        }
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.resolved, 0);
        for (int turn = 0; turn < 5; ++turn) {
            run.step(measureWaitingLine(rule, 0, {}, clock.now()));
            clock.advance(30s);
        }
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.resolved, 1);
        QCOMPARE(run.toldFiring, 1);
        QCOMPARE(run.toldResolved, 1);
    }

    void aFiringAlertKeepsWhenItBeganAcrossAFlap()
    {
        // 75 % for 1 minute: held from 09:00, fires at 09:01 with since 09:00. The holders leave at
        // 09:02 and come back at 09:03, before the alert resolved: it is the same firing, so its
        // since stays 09:00 (walk 51a #12: it moved to the new breach, then to the fired time).
        const AlertRule rule = seatsRule(75, 1);
        ManualClock clock(at("2027-01-04T09:00:00Z"));
        Run run(rule, clock);
        run.step(measureSeatsInUse(rule, 8, 10));
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 8, 10));
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.track.breachedSince, at("2027-01-04T09:00:00Z"));
        QCOMPARE(run.track.firedAt, at("2027-01-04T09:01:00Z"));
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 0, 10));
        QCOMPARE(run.track.breachedSince, at("2027-01-04T09:00:00Z"));
        QCOMPARE(run.track.clearSince, at("2027-01-04T09:02:00Z"));
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 9, 10));
        QCOMPARE(run.track.breachedSince, at("2027-01-04T09:00:00Z"));
        QVERIFY(!run.track.clearSince.isValid());
        QCOMPARE(run.track.firedAt, at("2027-01-04T09:01:00Z"));
        // Clear again: resolves after the clear time, once, and a new breach starts afresh.
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 0, 10));
        clock.advance(std::chrono::milliseconds(alertClearMs));
        run.step(measureSeatsInUse(rule, 0, 10));
        QCOMPARE(run.resolved, 1);
        QVERIFY(!run.track.breachedSince.isValid());
        clock.advance(1min);
        run.step(measureSeatsInUse(rule, 9, 10));
        QCOMPARE(run.track.breachedSince, clock.now());
        QCOMPARE(run.fired, 1);
    }

    void quietHoursHoldTheTellingUntilTheyEnd()
    {
        // Quiet from 22:00 to 07:00 in Paris: a firing at 23:10 is recorded then, and told at 07:00
        // if it still fires.
        AlertRule rule = seatsRule(100, 0);
        rule.quiet = QuietHours {QTime(22, 0), QTime(7, 0), QTimeZone("Europe/Paris")};
        QVERIFY(rule.validate());
        ManualClock clock(at("2027-01-04T22:10:00Z")); // 23:10 in Paris
        Run run(rule, clock);
        run.step(measureSeatsInUse(rule, 10, 10));
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.toldFiring, 0);
        QCOMPARE(rule.quiet.endAfter(clock.now()), at("2027-01-05T06:00:00Z"));
        clock.setNow(at("2027-01-05T05:59:00Z"));
        run.step(measureSeatsInUse(rule, 10, 10));
        QCOMPARE(run.toldFiring, 0);
        clock.setNow(at("2027-01-05T06:00:00Z"));
        run.step(measureSeatsInUse(rule, 10, 10));
        QCOMPARE(run.toldFiring, 1);
        QCOMPARE(run.fired, 1);
    }

    void aFiringThatEndsInTheQuietHoursIsToldNeitherWay()
    {
        AlertRule rule = seatsRule(100, 0);
        rule.quiet = QuietHours {QTime(22, 0), QTime(7, 0), QTimeZone::utc()};
        ManualClock clock(at("2027-01-04T23:00:00Z"));
        Run run(rule, clock);
        run.step(measureSeatsInUse(rule, 10, 10));
        clock.advance(10min);
        run.step(measureSeatsInUse(rule, 5, 10));
        clock.advance(5min);
        run.step(measureSeatsInUse(rule, 5, 10));
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.resolved, 1);
        QCOMPARE(run.toldFiring, 0);
        QCOMPARE(run.toldResolved, 0);
        clock.setNow(at("2027-01-05T07:00:00Z"));
        run.step(measureSeatsInUse(rule, 5, 10));
        QCOMPARE(run.toldFiring, 0);
    }

    void quietHoursWithinADay()
    {
        const QuietHours lunch {QTime(12, 0), QTime(13, 30), QTimeZone::utc()};
        QVERIFY(!lunch.contains(at("2027-01-04T11:59:59Z")));
        QVERIFY(lunch.contains(at("2027-01-04T12:00:00Z")));
        QVERIFY(!lunch.contains(at("2027-01-04T13:30:00Z")));
        QCOMPARE(lunch.endAfter(at("2027-01-04T12:45:00Z")), at("2027-01-04T13:30:00Z"));
        QCOMPARE(lunch.endAfter(at("2027-01-04T14:00:00Z")), at("2027-01-04T14:00:00Z"));
        QVERIFY(!QuietHours {}.contains(at("2027-01-04T12:00:00Z")));
    }

    void denialsCountInTheirWindow()
    {
        AlertRule rule;
        rule.id = u"denials"_s;
        rule.kind = AlertKind::Denials;
        rule.threshold = 3;
        rule.minutes = 10;
        QVERIFY(rule.validate());
        const QDateTime now = at("2027-01-04T10:00:00Z");
        const QList<QDateTime> four {now.addSecs(-11 * 60), now.addSecs(-9 * 60), now.addSecs(-60), now};
        AlertMeasure m = measureDenials(rule, four, 0, now);
        QVERIFY(!m.breached); // 3 within 10 minutes is not more than 3
        QCOMPARE(m.value, 3);
        m = measureDenials(rule, four + QList<QDateTime> {now.addSecs(-5)}, 0, now);
        QVERIFY(m.breached);
        QCOMPARE(m.value, 4);
        // Threshold 0: any true denial, however many were refused and then served.
        rule.threshold = 0;
        QVERIFY(!measureDenials(rule, four, 0, now).breached);
        QVERIFY(measureDenials(rule, {}, 1, now).breached);
    }

    void aLongWaitFires()
    {
        AlertRule rule;
        rule.id = u"wait"_s;
        rule.kind = AlertKind::WaitingLine;
        rule.minutes = 20;
        QVERIFY(rule.validate());
        const QDateTime now = at("2027-01-04T10:00:00Z");
        QVERIFY(!measureWaitingLine(rule, 1, now.addSecs(-20 * 60), now).breached);
        const AlertMeasure m = measureWaitingLine(rule, 1, now.addSecs(-21 * 60), now);
        QVERIFY(m.breached);
        QCOMPARE(m.value, 21);
        QVERIFY(!measureWaitingLine(rule, 0, now.addSecs(-60 * 60), now).breached);
    }

    void validityNoticesFireAtEachDay()
    {
        // validUntil 31 March 2027 at midnight: 60, 30 and 7 days before, one alert each.
        const QDateTime until = at("2027-03-31T00:00:00Z");
        QVERIFY(!measureValidityEnding(60, until, at("2027-01-29T23:59:59Z")).breached); // 61 days
        AlertMeasure m = measureValidityEnding(60, until, at("2027-01-30T00:00:00Z"));
        QVERIFY(m.breached);
        QCOMPARE(m.value, 60);
        QVERIFY(!measureValidityEnding(30, until, at("2027-01-30T00:00:00Z")).breached);
        // Whole days left, rounded down: 4 days and 4 hours is 4 (walk 50a, finding 5); 12 hours is 0.
        m = measureValidityEnding(7, until, at("2027-03-26T20:00:00Z"));
        QVERIFY(m.breached);
        QCOMPARE(m.value, 4);
        m = measureValidityEnding(7, until, at("2027-03-30T12:00:00Z"));
        QVERIFY(m.breached);
        QCOMPARE(m.value, 0);
        QCOMPARE(measureValidityEnding(7, until, at("2027-04-02T00:00:00Z")).value, -1); // ended
        QVERIFY(!measureValidityEnding(7, {}, at("2027-04-02T00:00:00Z")).breached); // no bound
    }

    // Walk 50a, finding 1: a maintenance date that passed on a license with no end was announced
    // as "the license has ended". The measure names the date; the license's own end is not hidden
    // by an ended maintenance, and fires at its own notice.
    void validityAndMaintenanceAreToldApart()
    {
        const QList<int> notices {30, 7};
        LicenseValidity perpetual;
        perpetual.maintenanceUntil = at("2026-12-01T00:00:00Z");
        const QDateTime now = at("2026-12-05T05:00:00Z");
        AlertMeasure m = measureValidityEnding(7, notices, perpetual, now);
        QVERIFY(m.breached);
        QCOMPARE(m.ends, ValidityBound::MaintenanceUntil);
        QCOMPARE(m.endsAt, perpetual.maintenanceUntil);
        QCOMPARE(m.value, -1);
        QVERIFY(!measureValidityEnding(30, notices, perpetual, now).breached); // only the tightest notice

        // The license ends in 20 days as well: the 30-day notice is about the license, the 7-day one
        // about the maintenance.
        LicenseValidity ending = perpetual;
        ending.validUntil = at("2026-12-25T05:00:00Z");
        m = measureValidityEnding(30, notices, ending, now);
        QVERIFY(m.breached);
        QCOMPARE(m.ends, ValidityBound::ValidUntil);
        QCOMPARE(m.value, 20);
        m = measureValidityEnding(7, notices, ending, now);
        QVERIFY(m.breached);
        QCOMPARE(m.ends, ValidityBound::MaintenanceUntil);

        // Both within the same notice: the license's end, which refuses checkouts, is the one told.
        ending.validUntil = at("2026-12-09T09:00:00Z");
        m = measureValidityEnding(7, notices, ending, now);
        QVERIFY(m.breached);
        QCOMPARE(m.ends, ValidityBound::ValidUntil);
        QCOMPARE(m.value, 4);

        // Neither date set: nothing.
        QVERIFY(!measureValidityEnding(7, notices, LicenseValidity {}, now).breached);
    }

    void silentInstancesAndClockJumps()
    {
        AlertRule silent;
        silent.id = u"silent"_s;
        silent.kind = AlertKind::InstanceSilent;
        silent.seconds = 30;
        // Evaluated (the instances record that they are alive), so offered; its seconds are 30
        // (the instances beat every 5) to 12 hours (they are forgotten after a day).
        QVERIFY(silent.validate());
        for (const AlertKind kind : {AlertKind::SeatsInUse, AlertKind::Denials, AlertKind::WaitingLine,
                                     AlertKind::ValidityEnding, AlertKind::InstanceSilent, AlertKind::ClockJump})
            QVERIFY(isEvaluated(kind));
        for (const int seconds : {0, 29, 12 * 3600 + 1}) {
            AlertRule bad = silent;
            bad.seconds = seconds;
            ValidationError why;
            QVERIFY(!bad.validate(&why));
            QCOMPARE(why.field, u"seconds"_s);
            QVERIFY2(why.message.contains(u"30 seconds to 12 hours"_s), qPrintable(why.message));
        }
        AlertRule longest = silent;
        longest.seconds = 12 * 3600;
        QVERIFY(longest.validate());
        const QDateTime now = at("2027-01-04T10:00:00Z");
        QVERIFY(!measureInstanceSilent(silent, now.addSecs(-30), now).breached);
        QVERIFY(measureInstanceSilent(silent, now.addSecs(-31), now).breached);
        AlertRule jump;
        jump.id = u"jump"_s;
        jump.kind = AlertKind::ClockJump;
        jump.minutes = 60;
        QVERIFY(jump.validate());
        QVERIFY(measureClockJump(jump, {now.addSecs(-59 * 60)}, now).breached);
        QVERIFY(!measureClockJump(jump, {now.addSecs(-61 * 60)}, now).breached);
    }

    // An instance that stops beating fires after the rule's seconds of silence, once; one that
    // beats again resolves after the clear time; silent again within it (flapping) is the same
    // alert; one gone (stopped, forgotten) resolves at once.
    void aSilentInstanceFiresResolvesOnABeatAndFlapsOnce()
    {
        AlertRule silent;
        silent.id = u"silent"_s;
        silent.kind = AlertKind::InstanceSilent;
        silent.seconds = 60;
        ManualClock clock(at("2027-01-04T10:00:00Z"));
        Run run(silent, clock);
        QDateTime lastSeen = clock.now();
        const auto beatsEvery5s = [&](std::chrono::seconds span) {
            for (auto left = span; left > 0s; left -= 5s) {
                clock.advance(5s);
                lastSeen = clock.now();
                run.step(measureInstanceSilent(silent, lastSeen, clock.now()));
            }
        };
        beatsEvery5s(10min);
        QCOMPARE(run.fired, 0);

        // It stops beating: not after 60 s, but after 61 (more than the limit).
        clock.advance(60s);
        run.step(measureInstanceSilent(silent, lastSeen, clock.now()));
        QCOMPARE(run.fired, 0);
        clock.advance(1s);
        const AlertMeasure measure = measureInstanceSilent(silent, lastSeen, clock.now());
        QCOMPARE(measure.value, 61);
        QCOMPARE(measure.limit, 60);
        run.step(measure);
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.toldFiring, 1);
        for (int i = 0; i < 10; ++i) {
            clock.advance(5s);
            run.step(measureInstanceSilent(silent, lastSeen, clock.now()));
        }
        QCOMPARE(run.fired, 1);

        // It beats again for a minute, then is silent again (flapping): still the one alert.
        beatsEvery5s(60s);
        QVERIFY(run.track.firing());
        clock.advance(70s);
        run.step(measureInstanceSilent(silent, lastSeen, clock.now()));
        QCOMPARE(run.fired, 1);
        QCOMPARE(run.resolved, 0);

        // It beats for good: resolved once the clear time has passed, once.
        beatsEvery5s(std::chrono::seconds(alertClearMs / 1000) + 30s);
        QCOMPARE(run.resolved, 1);
        QCOMPARE(run.toldResolved, 1);
        QVERIFY(!run.track.firing());

        // Gone while firing: resolved at once; gone while quiet: nothing.
        clock.advance(2min);
        run.step(measureInstanceSilent(silent, lastSeen, clock.now()));
        QCOMPARE(run.fired, 2);
        const AlertStep gone = endAlert(run.track);
        QCOMPARE(gone.transition, AlertStep::Transition::Resolve);
        QVERIFY(gone.tellResolved);
        QCOMPARE(endAlert(AlertTrack {}).transition, AlertStep::Transition::None);
    }

    void aSilentInstanceIsNamedInItsSentence()
    {
        eventdetail::AlertChange change;
        change.ruleId = u"silent"_s;
        change.kind = AlertKind::InstanceSilent;
        change.value = 95;
        change.limit = 60;
        change.instance = u"r-3f9a"_s;
        change.instanceUrl = u"https://lic2.example.com:7400"_s;
        change.lastSeenAt = at("2027-01-04T10:03:20Z");
        QCOMPARE(alertText(change, true, QLocale::c()),
                 u"rule silent: instance r-3f9a (https://lic2.example.com:7400) silent for 1m 35s, last seen "
                 "2027-01-04 10:03:20 UTC (the rule's limit: 1m 00s)"_s);
        change.instanceGone = InstanceGone::Stopped;
        QCOMPARE(alertText(change, false, QLocale::c()),
                 u"rule silent no longer holds: instance r-3f9a (https://lic2.example.com:7400) was stopped "
                 "gracefully: it is no longer watched"_s);
        change.instanceGone = InstanceGone::Forgotten;
        change.instanceUrl.clear();
        QVERIFY2(alertText(change, false, QLocale::c()).contains(u"instance r-3f9a, silent for more than"_s),
                 qPrintable(alertText(change, false, QLocale::c())));
        // The detail carries the instance both ways.
        QCOMPARE(eventdetail::AlertChange::fromJson(change.toJson()), change);
    }

    void badRulesNameTheirField()
    {
        const auto fieldOf = [](const AlertRule &rule) {
            ValidationError error;
            return rule.validate(&error) ? QString() : error.field;
        };
        QCOMPARE(fieldOf(seatsRule(0, 10)), u"threshold"_s);
        QCOMPARE(fieldOf(seatsRule(101, 10)), u"threshold"_s);
        QCOMPARE(fieldOf(seatsRule(90, -1)), u"minutes"_s);
        AlertRule scoped = seatsRule(90, 10);
        scoped.scope = AlertRule::Scope::License;
        QCOMPARE(fieldOf(scoped), u"scope"_s);
        scoped.scopeName = u"acme-cad"_s;
        QCOMPARE(fieldOf(scoped), QString());
        AlertRule line;
        line.id = u"line"_s;
        line.kind = AlertKind::WaitingLine;
        QCOMPARE(fieldOf(line), u"threshold"_s); // watches nothing
        AlertRule notice;
        notice.id = u"notice"_s;
        notice.kind = AlertKind::ValidityEnding;
        QCOMPARE(notice.noticeDays(), (QList<int> {60, 30, 7}));
        QCOMPARE(fieldOf(notice), QString());
        notice.daysBefore = {90, 400};
        QCOMPARE(fieldOf(notice), u"daysBefore"_s);
        AlertRule halfQuiet = seatsRule(90, 10);
        halfQuiet.quiet.from = QTime(22, 0);
        QCOMPARE(fieldOf(halfQuiet), u"quiet"_s);
        AlertRule unnamed = seatsRule(90, 10);
        unnamed.id.clear();
        QCOMPARE(fieldOf(unnamed), u"id"_s);
    }
};

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestAlertRules)
#include "tst_alertrules.moc"
