#pragma once

#include "ReplicasDemoTypes.h"

#include <QObject>

namespace keyright {

// The replicas lesson as an exercise: three in-process replicas (alice, bob, carol) whose states
// are G-Counter maps, a transit list of snapshots the trainer delivers by hand (in any order,
// twice, or never), and beside each map what the two naive rules would show after the same
// deliveries. Presets replay the lesson's traces one step at a time with a narration per step.
// Nothing here touches a network or a clock: every change is an explicit call.
class ReplicasDemo final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicasDemo)

public:
    static constexpr int ReplicaCount = 3;

    explicit ReplicasDemo(QObject *parent = nullptr);
    ~ReplicasDemo() override;

    const QList<DemoReplica> &replicas() const { return m_replicas; }
    const DemoReplica &replica(int index) const { return m_replicas.at(index); }
    quint64 total(int replica) const;
    // How many increments were made in all, including those a restart wiped: what a perfect
    // observer would count.
    quint64 trueTotal() const { return m_trueTotal; }

    const QList<DemoMessage> &transit() const { return m_transit; }
    const DemoMessage *message(int messageId) const;
    // The most recent message with this label, or -1.
    int messageIdByLabel(const QString &label) const;

    // Actions. Invalid indexes or unknown message ids change nothing and return false.
    bool increment(int replica);
    // Puts a copy of the replica's state in transit; returns the message id (or -1). An empty
    // label gets one made from the sender's name and a sequence number.
    int takeSnapshot(int replica, const QString &label = {});
    // Merges the message into the receiver; the message stays in transit for a later duplicate.
    bool deliver(int messageId, int replica);
    bool drop(int messageId);
    // The replica loses its in-memory state. With a new identity, its later increments are
    // written under a fresh id; without, under its old one (the lesson's hazard).
    bool restart(int replica, bool newIdentity);
    // Three empty replicas, an empty transit list, no preset.
    void reset();

    // Presets.
    QList<DemoPreset> presets() const;
    // Resets, then loads the preset; its introduction becomes the narration. Unknown index: false.
    bool startPreset(int index);
    int presetIndex() const { return m_presetIndex; }
    int stepsDone() const { return m_stepsDone; }
    int stepCount() const { return static_cast<int>(m_preset.steps.size()); }
    bool hasNextStep() const { return m_presetIndex >= 0 && m_stepsDone < stepCount(); }
    // Performs the next step's actions and shows its narration.
    bool nextStep();
    // Plays every remaining step.
    void runToEnd();
    QString narration() const { return m_narration; }
    // After a language switch: the narration (and the preset's texts) in the current language.
    void retranslate();

Q_SIGNALS:
    // Replicas, transit list, preset progress or narration changed.
    void changed();

private:
    bool apply(const DemoAction &action);
    bool validReplica(int index) const { return index >= 0 && index < m_replicas.size(); }
    QString defaultNarration() const;

    QList<DemoReplica> m_replicas;
    QList<DemoMessage> m_transit;
    quint64 m_trueTotal = 0;
    int m_nextMessageId = 1;
    int m_presetIndex = -1;
    DemoPreset m_preset;
    int m_stepsDone = 0;
    QString m_narration;
};

} // namespace keyright
