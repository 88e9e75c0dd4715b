#include "UsageSeries.h"
#include "wire/SeatRulesJson.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);

EventRecord ev(int second, const QString &kind, int inUse = 0, const QString &license = u"acme"_s)
{
    EventRecord e;
    e.seq = second;
    e.time = t0.addSecs(second);
    e.kind = eventKindFromWire(kind).value();
    e.licenseId = license;
    if (kind == u"granted" || kind == u"denied")
        e.detail = QJsonObject {{u"inUse"_s, inUse}, {u"seatCount"_s, 3}};
    return e;
}

QList<int> levels(const UsageSeries &s)
{
    QList<int> l;
    for (const UsagePoint &p : s.steps)
        l << p.inUse;
    return l;
}

QList<int> values(const QList<LevelPoint> &points)
{
    QList<int> l;
    for (const LevelPoint &p : points)
        l << p.value;
    return l;
}

EventRecord detailed(int second, const QString &kind, const QJsonObject &detail)
{
    EventRecord e = ev(second, kind);
    e.detail = detail;
    return e;
}

} // namespace

class TestUsageSeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsFromEvents();
    void samplesFromPollsCatchSilentLapses();
    void windowStartsAtTheLevelBeforeIt();
    void reservedSeatsAndTheLineFromEvents();
    void reservedSeatsAndTheLineFromPolls();
    void aBlockedHoldersRefusalsAreDenialsOnTheChart();
};

void TestUsageSeries::stepsFromEvents()
{
    UsageSeriesBuilder b;
    b.addEvents({ev(1, u"granted"_s, 1), ev(2, u"granted"_s, 2), ev(3, u"granted"_s, 3), ev(4, u"denied"_s, 3),
                 ev(5, u"released"_s), ev(6, u"granted"_s, 3, u"farm"_s)});
    const UsageSeries s = b.build(u"acme"_s, {}, {});
    QCOMPARE(s.seatCount, 3);
    QCOMPARE(levels(s), (QList<int> {1, 2, 3, 2}));
    QCOMPARE(s.denials.size(), 1);
    QCOMPARE(s.denials.at(0).time, t0.addSecs(4));
    QCOMPARE(s.denials.at(0).inUse, 3);
}

void TestUsageSeries::aBlockedHoldersRefusalsAreDenialsOnTheChart()
{
    // Two seats taken, then a blocked holder retries twice and one seat is released: the chart
    // marks both refusals (the license's "denied in the last hour" counts them) at the level they
    // happened at, and the level itself is unchanged by them.
    UsageSeriesBuilder b;
    b.addEvents({ev(1, u"granted"_s, 1), ev(2, u"granted"_s, 2), ev(3, u"holder_blocked"_s), ev(4, u"released"_s),
                 ev(5, u"holder_blocked"_s)});
    const UsageSeries s = b.build(u"acme"_s, {}, {});
    QCOMPARE(levels(s), (QList<int> {1, 2, 1}));
    QCOMPARE(s.denials.size(), 2);
    QCOMPARE(s.denials.at(0).time, t0.addSecs(3));
    QCOMPARE(s.denials.at(0).inUse, 2);
    QCOMPARE(s.denials.at(1).time, t0.addSecs(5));
    QCOMPARE(s.denials.at(1).inUse, 1);
}

void TestUsageSeries::samplesFromPollsCatchSilentLapses()
{
    UsageSeriesBuilder b;
    b.addEvents({ev(1, u"granted"_s, 1), ev(2, u"granted"_s, 2)});
    // A client crashed: no event, but the polled count drops once its lease lapses.
    b.addSample(u"acme"_s, t0.addSecs(10), 2, 3);
    b.addSample(u"acme"_s, t0.addSecs(12), 2, 3);
    b.addSample(u"acme"_s, t0.addSecs(14), 2, 3);
    b.addSample(u"acme"_s, t0.addSecs(70), 1, 3);
    const UsageSeries s = b.build(u"acme"_s, {}, t0.addSecs(80));
    QCOMPARE(levels(s), (QList<int> {1, 2, 1, 1}));
    QCOMPARE(s.steps.at(2).time, t0.addSecs(70));
    QCOMPARE(s.steps.constLast().time, t0.addSecs(80));
}

void TestUsageSeries::windowStartsAtTheLevelBeforeIt()
{
    UsageSeriesBuilder b;
    b.addEvents({ev(1, u"granted"_s, 1), ev(2, u"granted"_s, 2), ev(100, u"granted"_s, 3)});
    const UsageSeries s = b.build(u"acme"_s, t0.addSecs(50), t0.addSecs(200));
    QCOMPARE(levels(s), (QList<int> {2, 3, 3}));
    QCOMPARE(s.steps.at(0).time, t0.addSecs(50));
    QCOMPARE(s.steps.at(1).time, t0.addSecs(100));
}

void TestUsageSeries::reservedSeatsAndTheLineFromEvents()
{
    SeatRules two;
    two.reserve = {{u"render"_s, 2}};
    SeatRules three = two;
    three.reserve.append({u"qa"_s, 1});
    EventRecord served = ev(50, u"granted"_s, 3);
    served.detail.insert(u"ticketId"_s, u"t-1"_s);
    UsageSeriesBuilder b;
    b.addEvents({detailed(10, u"rules_changed"_s, {{u"rules"_s, seatrules::rulesToJson(two)}}),
                 detailed(20, u"queued"_s, {{u"ticketId"_s, u"t-1"_s}, {u"position"_s, 1}}),
                 detailed(30, u"queued"_s, {{u"ticketId"_s, u"t-2"_s}, {u"position"_s, 2}}),
                 detailed(40, u"queued"_s, {{u"ticketId"_s, u"t-3"_s}, {u"position"_s, 3}}), served,
                 detailed(60, u"queue_left"_s, {{u"ticketId"_s, u"t-2"_s}, {u"why"_s, u"expired"_s}}),
                 detailed(70, u"rules_changed"_s, {{u"rules"_s, seatrules::rulesToJson(three)}}),
                 detailed(80, u"rules_changed"_s, {{u"rules"_s, seatrules::rulesToJson({})}})});
    const UsageSeries s = b.build(u"acme"_s, t0, t0.addSecs(100));
    QCOMPARE(values(s.reserved), (QList<int> {2, 3, 0, 0}));
    QCOMPARE(s.reserved.at(0).time, t0.addSecs(10));
    QCOMPARE(s.reserved.at(1).time, t0.addSecs(70));
    QCOMPARE(values(s.waiting), (QList<int> {1, 2, 3, 2, 1, 1}));
    QCOMPARE(s.waiting.at(3).time, t0.addSecs(50)); // served from the line
    QCOMPARE(s.waiting.constLast().time, t0.addSecs(100));
    // The seats in use are not disturbed by the line.
    QCOMPARE(levels(s), (QList<int> {3, 3}));
}

void TestUsageSeries::reservedSeatsAndTheLineFromPolls()
{
    UsageSeriesBuilder b;
    b.addSample(u"acme"_s, t0, 8, 10, 2, 0);
    b.addSample(u"acme"_s, t0.addSecs(2), 8, 10, 2, 0);
    b.addSample(u"acme"_s, t0.addSecs(4), 8, 10, 2, 3);
    b.addSample(u"acme"_s, t0.addSecs(6), 8, 10, 2, 3);
    b.addSample(u"acme"_s, t0.addSecs(8), 8, 10); // an older server: nothing known of either
    const UsageSeries s = b.build(u"acme"_s, t0, t0.addSecs(10));
    QCOMPARE(values(s.reserved), (QList<int> {2, 2}));
    QCOMPARE(values(s.waiting), (QList<int> {0, 3, 3}));
    QCOMPARE(s.waiting.at(1).time, t0.addSecs(4));
}

QTEST_GUILESS_MAIN(TestUsageSeries)
#include "tst_usageseries.moc"
