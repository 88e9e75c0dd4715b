#include "AlertReplay.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

constexpr qint64 hourMs = 3'600'000;
constexpr qint64 minuteMs = 60'000;
const qint64 mondayMs = QDateTime::fromString(u"2027-01-04T00:00:00Z"_s, Qt::ISODate).toMSecsSinceEpoch();

QDateTime hour(int n)
{
    return QDateTime::fromMSecsSinceEpoch(mondayMs + n * hourMs, QTimeZone::utc());
}

// An hour of a 10-seat license: `peak` seats held for `heldMinutes`, 2 seats the rest of it.
usage::Bucket seatsHour(int n, int peak, int heldMinutes)
{
    usage::Bucket bucket;
    bucket.startMs = mondayMs + n * hourMs;
    bucket.lengthMs = hourMs;
    bucket.seatsOwned = 10;
    bucket.peak = peak;
    bucket.peakAtMs = bucket.startMs;
    bucket.levelMs.insert(peak, heldMinutes * minuteMs);
    if (heldMinutes < 60)
        bucket.levelMs.insert(2, (60 - heldMinutes) * minuteMs);
    return bucket;
}

usage::Bucket denialsHour(int n, int denials, int trueDenials)
{
    usage::Bucket bucket = seatsHour(n, 2, 60);
    if (denials > 0)
        bucket.denials.insert(u"no_seats"_s, denials);
    bucket.trueDenials = trueDenials;
    return bucket;
}

AlertRule rule(AlertKind kind, int threshold, int minutes)
{
    AlertRule r;
    r.id = u"preview"_s;
    r.kind = kind;
    r.threshold = threshold;
    r.minutes = minutes;
    return r;
}

QList<QDateTime> moments(const QList<AlertReplayFiring> &firings)
{
    QList<QDateTime> at;
    for (const AlertReplayFiring &firing : firings)
        at << firing.at;
    return at;
}

} // namespace

// The rule editor's preview: a rule replayed over hand-built hours of history fires where the
// server would have, once per episode, and not on a peak shorter than the rule's minutes.
class TestAlertReplay : public QObject
{
    Q_OBJECT

private slots:
    void seatsInUseFiresOncePerEpisodeAndNotOnABriefPeak()
    {
        // 90 % of 10 seats for 15 minutes.
        const QList<usage::Bucket> history {
            seatsHour(0, 9, 20), // held 20 min: fires
            seatsHour(1, 10, 60), // still firing: not again
            seatsHour(2, 5, 60), // resolves
            seatsHour(3, 9, 10), // 10 min only: no
            seatsHour(4, 9, 30), // fires again
        };
        const QList<AlertReplayFiring> firings = replayAlert(rule(AlertKind::SeatsInUse, 90, 15), history);
        QCOMPARE(moments(firings), QList<QDateTime>({hour(0), hour(4)}));
        QCOMPARE(firings.at(0).value, 90);
        QCOMPARE(firings.at(0).limit, 90);
        // With no hold, the 10 minutes of hour 3 are enough: a third episode.
        QCOMPARE(moments(replayAlert(rule(AlertKind::SeatsInUse, 90, 0), history)),
                 QList<QDateTime>({hour(0), hour(3)}));
    }

    void aHoldLongerThanAnHourSpansHours()
    {
        // 100 % for 90 minutes: two full hours fire in the second; one full hour does not.
        const AlertRule full = rule(AlertKind::SeatsInUse, 100, 90);
        QCOMPARE(moments(replayAlert(full, {seatsHour(0, 10, 60), seatsHour(1, 10, 60)})), QList<QDateTime>({hour(1)}));
        QVERIFY(replayAlert(full, {seatsHour(0, 10, 60), seatsHour(1, 5, 60)}).isEmpty());
    }

    void denialsCountedPerHour()
    {
        const QList<usage::Bucket> history {denialsHour(0, 2, 0), denialsHour(1, 0, 0), denialsHour(2, 3, 1),
                                            denialsHour(3, 0, 0), denialsHour(4, 1, 1)};
        // More than 2 denials in 60 minutes: only hour 2.
        const QList<AlertReplayFiring> many = replayAlert(rule(AlertKind::Denials, 2, 60), history);
        QCOMPARE(moments(many), QList<QDateTime>({hour(2)}));
        QCOMPARE(many.at(0).value, 3);
        // Any true denial: hours 2 and 4 (resolved in between).
        QCOMPARE(moments(replayAlert(rule(AlertKind::Denials, 0, 10), history)), QList<QDateTime>({hour(2), hour(4)}));
    }

    void otherKindsHaveNoReplay()
    {
        const QList<usage::Bucket> history {seatsHour(0, 10, 60)};
        for (AlertKind kind :
             {AlertKind::WaitingLine, AlertKind::ValidityEnding, AlertKind::InstanceSilent, AlertKind::ClockJump}) {
            QVERIFY(!canReplayAlert(kind));
            QVERIFY(replayAlert(rule(kind, 1, 1), history).isEmpty());
        }
        QVERIFY(canReplayAlert(AlertKind::SeatsInUse));
        QVERIFY(canReplayAlert(AlertKind::Denials));
    }
};

QTEST_GUILESS_MAIN(TestAlertReplay)
#include "tst_alertreplay.moc"
