#include "UsageSeries.h"

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

} // namespace

class TestUsageSeries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsFromEvents();
    void samplesFromPollsCatchSilentLapses();
    void windowStartsAtTheLevelBeforeIt();
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

QTEST_GUILESS_MAIN(TestUsageSeries)
#include "tst_usageseries.moc"
