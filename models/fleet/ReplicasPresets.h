#pragma once

#include "ReplicasDemoTypes.h"

#include <QCoreApplication>

namespace keyright {

// The scripted traces of the replicas lesson, each a sequence of steps with a narration the
// trainer reads out. Built on request so the narration follows the current translation.
class ReplicasPresets
{
    Q_DECLARE_TR_FUNCTIONS(ReplicasPresets)

public:
    enum Replica { Alice = 0, Bob = 1, Carol = 2 };

    static QList<DemoPreset> all();

    // Two replicas cut off from each other keep counting, then exchange snapshots late, out of
    // order and twice. Ends at alice 2, bob 3, carol 1: total 6 on every replica.
    static DemoPreset partition();
    // carol never hears from alice, yet learns her increments through bob.
    static DemoPreset relay();
    // A duplicate and an old snapshot arrive after convergence and change nothing.
    static DemoPreset staleSnapshot();
    // alice restarts from zero under her old id: her new increment vanishes under the maximum.
    static DemoPreset restartSameId();
    // alice restarts from zero under a new id: nothing is lost.
    static DemoPreset restartNewIdentity();
};

} // namespace keyright
