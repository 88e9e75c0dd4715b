#include "fleet/ReplicasDemo.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using keyright::DemoMessage;
using keyright::GCounter;
using keyright::ReplicasDemo;

namespace {

enum { Alice, Bob, Carol };

GCounter::State map(std::initializer_list<std::pair<QString, quint64>> components)
{
    GCounter::State state;
    for (const auto &[id, count] : components)
        state.insert(id, count);
    return state;
}

int presetIndex(const ReplicasDemo &demo, const QString &key)
{
    const auto presets = demo.presets();
    for (int i = 0; i < presets.size(); ++i) {
        if (presets.at(i).key == key)
            return i;
    }
    return -1;
}

} // namespace

class TestReplicasDemo final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presetEndsWhereTheLessonSays_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<GCounter::State>("alice");
        QTest::addColumn<GCounter::State>("bob");
        QTest::addColumn<GCounter::State>("carol");
        QTest::addColumn<quint64>("trueTotal");

        const auto converged = map({{u"alice"_s, 2}, {u"bob"_s, 3}, {u"carol"_s, 1}});
        QTest::newRow("partition and reconnection: alice 2, bob 3, carol 1 everywhere")
            << u"partition"_s << converged << converged << converged << quint64(6);
        const auto relayed = map({{u"alice"_s, 2}, {u"bob"_s, 1}});
        QTest::newRow("relay: carol learns alice 2 through bob")
            << u"relay"_s << relayed << relayed << relayed << quint64(3);
        const auto fresh = map({{u"alice"_s, 3}, {u"bob"_s, 2}});
        QTest::newRow("stale snapshot after convergence changes nothing")
            << u"stale"_s << fresh << fresh << fresh << quint64(5);
        const auto hidden = map({{u"alice"_s, 2}});
        QTest::newRow("restart under the same id loses the new increment")
            << u"restart-same-id"_s << hidden << hidden << GCounter::State() << quint64(3);
        const auto twoIncarnations = map({{u"alice"_s, 2}, {u"alice-2"_s, 1}});
        QTest::newRow("restart with a new identity loses nothing")
            << u"restart-new-id"_s << twoIncarnations << twoIncarnations << GCounter::State() << quint64(3);
    }

    void presetEndsWhereTheLessonSays()
    {
        QFETCH(QString, preset);
        QFETCH(GCounter::State, alice);
        QFETCH(GCounter::State, bob);
        QFETCH(GCounter::State, carol);
        QFETCH(quint64, trueTotal);

        ReplicasDemo demo;
        QVERIFY(demo.startPreset(presetIndex(demo, preset)));
        QCOMPARE(demo.stepsDone(), 0);
        QVERIFY(!demo.narration().isEmpty());
        demo.runToEnd();
        QVERIFY(!demo.hasNextStep());
        QCOMPARE(demo.stepsDone(), demo.stepCount());
        QCOMPARE(demo.replica(Alice).state, alice);
        QCOMPARE(demo.replica(Bob).state, bob);
        QCOMPARE(demo.replica(Carol).state, carol);
        QCOMPARE(demo.trueTotal(), trueTotal);
        for (int r = 0; r < ReplicasDemo::ReplicaCount; ++r)
            QVERIFY(demo.total(r) <= demo.trueTotal()); // never more than happened
    }

    void partitionShowsBothNaiveRulesWrong()
    {
        ReplicasDemo demo;
        QVERIFY(demo.startPreset(presetIndex(demo, u"partition"_s)));
        demo.runToEnd();
        for (int r = 0; r < ReplicasDemo::ReplicaCount; ++r) {
            QCOMPARE(demo.total(r), 6u);
            QVERIFY2(demo.replica(r).naiveSum > 6, "the naive sum counts the common part and the duplicate again");
            QCOMPARE(demo.replica(r).naiveMax, 3u); // the largest single total, bob's
        }
    }

    void relayNeverDeliversFromAliceToCarol()
    {
        ReplicasDemo demo;
        QVERIFY(demo.startPreset(presetIndex(demo, u"relay"_s)));
        demo.runToEnd();
        for (const DemoMessage &message : demo.transit()) {
            if (message.from == Alice)
                QVERIFY(!message.deliveredTo.contains(Carol));
        }
        QCOMPARE(demo.replica(Carol).state.value(u"alice"_s), 2u);
    }

    void stepsAdvanceOneAtATimeWithANarration()
    {
        ReplicasDemo demo;
        QSignalSpy changed(&demo, &ReplicasDemo::changed);
        QVERIFY(demo.startPreset(presetIndex(demo, u"partition"_s)));
        QCOMPARE(changed.size(), 1);
        const QString introduction = demo.narration();
        QVERIFY(demo.nextStep());
        QCOMPARE(changed.size(), 2); // one signal per step, however many actions it holds
        QCOMPARE(demo.stepsDone(), 1);
        QVERIFY(demo.narration() != introduction);
        QCOMPARE(demo.total(Alice), 1u);
        QCOMPARE(demo.total(Bob), 1u);
        QCOMPARE(demo.total(Carol), 0u);
    }

    void duplicateDeliveryMovesOnlyTheNaiveSum()
    {
        ReplicasDemo demo;
        demo.increment(Alice);
        demo.increment(Alice);
        const int message = demo.takeSnapshot(Alice);
        QVERIFY(demo.deliver(message, Bob));
        QVERIFY(demo.deliver(message, Bob));
        QCOMPARE(demo.total(Bob), 2u);
        QCOMPARE(demo.replica(Bob).naiveSum, 4u);
        QCOMPARE(demo.replica(Bob).naiveMax, 2u);
        QCOMPARE(demo.message(message)->deliveredTo, QList<int>({Bob, Bob}));
    }

    void snapshotIsACopy()
    {
        ReplicasDemo demo;
        demo.increment(Bob);
        const int message = demo.takeSnapshot(Bob);
        demo.increment(Bob);
        QVERIFY(demo.deliver(message, Carol));
        QCOMPARE(demo.total(Carol), 1u); // what bob counted after the snapshot does not travel with it
    }

    void droppedMessageCannotBeDelivered()
    {
        ReplicasDemo demo;
        demo.increment(Carol);
        const int message = demo.takeSnapshot(Carol);
        QVERIFY(demo.drop(message));
        QVERIFY(demo.transit().isEmpty());
        QVERIFY(!demo.deliver(message, Alice));
        QCOMPARE(demo.total(Alice), 0u);
    }

    void invalidActionsChangeNothing()
    {
        ReplicasDemo demo;
        QSignalSpy changed(&demo, &ReplicasDemo::changed);
        QVERIFY(!demo.increment(3));
        QCOMPARE(demo.takeSnapshot(-1), -1);
        QVERIFY(!demo.deliver(42, Alice));
        QVERIFY(!demo.drop(42));
        QVERIFY(!demo.startPreset(99));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(demo.trueTotal(), 0u);
    }

    void resetClearsEverything()
    {
        ReplicasDemo demo;
        QVERIFY(demo.startPreset(0));
        demo.runToEnd();
        demo.reset();
        QCOMPARE(demo.presetIndex(), -1);
        QVERIFY(demo.transit().isEmpty());
        QCOMPARE(demo.trueTotal(), 0u);
        for (int r = 0; r < ReplicasDemo::ReplicaCount; ++r)
            QVERIFY(demo.replica(r).state.isEmpty());
        QCOMPARE(demo.replica(Alice).id, u"alice"_s);
    }
};

QTEST_GUILESS_MAIN(TestReplicasDemo)
#include "tst_replicasdemo.moc"
