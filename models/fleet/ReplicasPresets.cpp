#include "ReplicasPresets.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

DemoAction inc(int replica)
{
    return {DemoAction::Kind::Increment, replica, {}};
}

DemoAction snap(int replica, const QString &label)
{
    return {DemoAction::Kind::Snapshot, replica, label};
}

DemoAction deliver(const QString &label, int receiver)
{
    return {DemoAction::Kind::Deliver, receiver, label};
}

} // namespace

QList<DemoPreset> ReplicasPresets::all()
{
    return {partition(), relay(), staleSnapshot(), restartSameId(), restartNewIdentity()};
}

DemoPreset ReplicasPresets::partition()
{
    DemoPreset preset;
    preset.key = u"partition"_s;
    preset.title = tr("Partition and reconnection");
    preset.introduction = tr("Three replicas start empty and connected. Watch the three columns: the G-Counter "
                             "map, and the two naive rules fed with exactly the same messages.");
    preset.steps = {
        {{inc(Alice), inc(Bob)}, tr("Before the cut, alice and bob each add 1. Each knows only its own increment.")},
        {{snap(Alice, u"A0"_s), snap(Bob, u"B0"_s)},
         tr("Both take a snapshot: a copy of their state, now waiting in the transit list.")},
        {{deliver(u"A0"_s, Bob), deliver(u"A0"_s, Carol), deliver(u"B0"_s, Alice), deliver(u"B0"_s, Carol)},
         tr("Everything is delivered. The maps agree on alice 1, bob 1: total 2. The naive maximum already shows "
            "1: of two equal totals it keeps one.")},
        {{inc(Alice), inc(Bob), inc(Bob), inc(Carol)},
         tr("The network is cut. Nobody waits: alice adds 1, bob adds 2, carol adds 1. Each total is right for "
            "what its replica knows, and none is the true total of 6.")},
        {{snap(Alice, u"A1"_s), snap(Bob, u"B1"_s), snap(Carol, u"C1"_s)},
         tr("Snapshots taken during the cut wait in transit: nothing has been merged yet.")},
        {{deliver(u"A1"_s, Bob), deliver(u"A1"_s, Carol)},
         tr("The link is back. alice's snapshot arrives first. bob and carol keep, for each writer, the larger "
            "count: nothing is counted twice. The naive sum adds alice's whole total, including the part they "
            "already had.")},
        {{deliver(u"C1"_s, Alice), deliver(u"C1"_s, Bob)},
         tr("carol's snapshot overtakes bob's: the order of arrival does not matter to the maps.")},
        {{deliver(u"B1"_s, Alice), deliver(u"B1"_s, Carol)},
         tr("bob's snapshot arrives last. Every map is now alice 2, bob 3, carol 1: total 6 everywhere.")},
        {{deliver(u"B1"_s, Alice)},
         tr("The network delivers bob's snapshot to alice a second time. The map does not move; the naive sum "
            "counts bob's contributions once more. The naive maximum stays at 3 and has lost three increments.")},
    };
    return preset;
}

DemoPreset ReplicasPresets::relay()
{
    DemoPreset preset;
    preset.key = u"relay"_s;
    preset.title = tr("Relay through a third replica");
    preset.introduction = tr("carol will never receive anything from alice. Can she still learn about alice's "
                             "increments?");
    preset.steps = {
        {{inc(Alice), inc(Alice), inc(Bob)}, tr("alice adds 2, bob adds 1, carol adds nothing.")},
        {{snap(Bob, u"B early"_s), snap(Alice, u"A"_s), deliver(u"A"_s, Bob)},
         tr("bob takes a snapshot, then receives alice's. He now knows alice 2, bob 1.")},
        {{deliver(u"B early"_s, Carol)},
         tr("carol receives bob's early snapshot: she learns bob 1 and nothing about alice. A snapshot is a copy; "
            "it does not follow what bob learns afterwards.")},
        {{snap(Bob, u"B late"_s), deliver(u"B late"_s, Carol)},
         tr("bob's new snapshot carries what he merged. carol now knows alice 2 without ever hearing from her.")},
        {{deliver(u"B late"_s, Alice)},
         tr("The same snapshot reaches alice. All three maps are alice 2, bob 1: total 3. The naive sum shows 5 "
            "at alice: her own increments came back to her through bob.")},
    };
    return preset;
}

DemoPreset ReplicasPresets::staleSnapshot()
{
    DemoPreset preset;
    preset.key = u"stale"_s;
    preset.title = tr("Stale snapshot after convergence");
    preset.introduction = tr("An old snapshot can arrive long after newer ones. Should a replica ignore it?");
    preset.steps = {
        {{inc(Alice), inc(Alice), inc(Bob), snap(Bob, u"B0"_s), deliver(u"B0"_s, Alice)},
         tr("alice adds 2, bob adds 1 and sends his snapshot to alice: she knows alice 2, bob 1.")},
        {{snap(Alice, u"old"_s)}, tr("alice takes a snapshot, \"old\". The network holds it back.")},
        {{inc(Alice), inc(Bob), snap(Alice, u"A"_s), deliver(u"A"_s, Bob), snap(Bob, u"B"_s), deliver(u"B"_s, Alice)},
         tr("Both add 1 more and exchange fresh snapshots: alice and bob agree on alice 3, bob 2, total 5.")},
        {{deliver(u"B"_s, Alice)}, tr("A duplicate of bob's snapshot reaches alice: the map does not change.")},
        {{deliver(u"old"_s, Bob)},
         tr("The old snapshot finally reaches bob: alice 2, bob 1. For each writer the larger count wins, so bob "
            "stays at alice 3, bob 2. The naive sum has now counted far more than 5.")},
        {{deliver(u"old"_s, Carol)},
         tr("The same old snapshot is news for carol, who had nothing: she learns alice 2, bob 1. An old message "
            "is not useless; it only never takes anything away.")},
        {{deliver(u"B"_s, Carol)}, tr("bob's fresh snapshot reaches carol: total 5 on every replica.")},
    };
    return preset;
}

DemoPreset ReplicasPresets::restartSameId()
{
    DemoPreset preset;
    preset.key = u"restart-same-id"_s;
    preset.title = tr("Restart under the same id");
    preset.introduction = tr("A replica's state lives in memory. What if alice restarts from zero and keeps her "
                             "old id?");
    preset.steps = {
        {{inc(Alice), inc(Alice), snap(Alice, u"A"_s), deliver(u"A"_s, Bob)},
         tr("alice adds 2 and sends her snapshot: bob knows alice 2.")},
        {{DemoAction {DemoAction::Kind::Restart, Alice, {}}},
         tr("alice's process restarts with an empty state, under the same id \"alice\".")},
        {{inc(Alice)}, tr("alice adds 1. Her map says alice 1, although alice has counted 3 in all.")},
        {{snap(Alice, u"A restarted"_s), deliver(u"A restarted"_s, Bob)},
         tr("bob receives alice 1. He already holds alice 2, and the larger count wins: the new increment "
            "vanishes. The true total is 3; bob shows 2.")},
        {{snap(Bob, u"B"_s), deliver(u"B"_s, Alice)},
         tr("bob's snapshot brings alice 2 back to alice, which hides her own new increment: one increment is lost "
            "for good, on every replica. Compare with the restart under a new identity.")},
    };
    return preset;
}

DemoPreset ReplicasPresets::restartNewIdentity()
{
    DemoPreset preset;
    preset.key = u"restart-new-id"_s;
    preset.title = tr("Restart with a new identity");
    preset.introduction = tr("The same story, but alice restarts under a new id, as a lost data directory must.");
    preset.steps = {
        {{inc(Alice), inc(Alice), snap(Alice, u"A"_s), deliver(u"A"_s, Bob)},
         tr("alice adds 2 and sends her snapshot: bob knows alice 2.")},
        {{DemoAction {DemoAction::Kind::RestartWithNewIdentity, Alice, {}}},
         tr("alice's process restarts with an empty state and a new id, \"alice-2\".")},
        {{inc(Alice)}, tr("alice adds 1, under her new id: alice-2 1.")},
        {{snap(Alice, u"A restarted"_s), deliver(u"A restarted"_s, Bob)},
         tr("bob keeps alice 2 and adds a component alice-2 1: total 3, nothing lost.")},
        {{snap(Bob, u"B"_s), deliver(u"B"_s, Alice)},
         tr("alice learns her old incarnation's count back from bob: total 3 on both. A new identity costs one "
            "more entry in the map and loses nothing.")},
    };
    return preset;
}

} // namespace keyright
