#pragma once

#include "GCounter.h"

#include <QList>
#include <QString>

namespace keyright {

// Plain values of the replicas training demo (ReplicasDemo).

// One station of the demo. Its name stays across restarts; its id is what its increments are
// written under, and a restart with a new identity changes it.
struct DemoReplica
{
    QString name;
    QString id;
    GCounter::State state;
    // What the two naive rules would show after exactly the same increments and deliveries:
    // "add every total you receive to your own" and "keep the largest total you have seen".
    quint64 naiveSum = 0;
    quint64 naiveMax = 0;
    int incarnation = 1;
};

// A snapshot in transit. It is a copy: what happens at the sender after it was taken never
// reaches it. It stays in transit after a delivery so the network can deliver it again.
struct DemoMessage
{
    int id = 0;
    QString label;
    int from = 0;
    QString fromId;
    GCounter::State state;
    quint64 naiveSum = 0;
    quint64 naiveMax = 0;
    QList<int> deliveredTo; // receiving replica indexes, once per delivery
};

// One scripted action of a preset. Messages are referred to by label so a step can deliver a
// snapshot taken several steps earlier.
struct DemoAction
{
    enum class Kind { Increment, Snapshot, Deliver, Drop, Restart, RestartWithNewIdentity };

    Kind kind = Kind::Increment;
    int replica = 0; // the acting replica, or the receiver of a delivery
    QString label; // Snapshot names its message; Deliver and Drop name the message they act on
};

// What the trainer sees after a click on "Next step": the actions, then the narration.
struct DemoStep
{
    QList<DemoAction> actions;
    QString narration;
};

struct DemoPreset
{
    QString key; // stable, untranslated: "partition", "relay", "stale", "restart-same-id", ...
    QString title;
    QString introduction;
    QList<DemoStep> steps;
};

} // namespace keyright
