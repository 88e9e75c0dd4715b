#include "ReplicasDemo.h"

#include "ReplicasPresets.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

ReplicasDemo::ReplicasDemo(QObject *parent)
    : QObject(parent)
{
    reset();
}

ReplicasDemo::~ReplicasDemo() = default;

quint64 ReplicasDemo::total(int replica) const
{
    return validReplica(replica) ? GCounter::value(m_replicas.at(replica).state) : 0;
}

const DemoMessage *ReplicasDemo::message(int messageId) const
{
    const auto it = std::find_if(m_transit.cbegin(), m_transit.cend(),
                                 [messageId](const DemoMessage &m) { return m.id == messageId; });
    return it == m_transit.cend() ? nullptr : &*it;
}

int ReplicasDemo::messageIdByLabel(const QString &label) const
{
    for (auto it = m_transit.crbegin(); it != m_transit.crend(); ++it) {
        if (it->label == label)
            return it->id;
    }
    return -1;
}

bool ReplicasDemo::increment(int replica)
{
    if (!validReplica(replica))
        return false;
    DemoReplica &r = m_replicas[replica];
    r.state = GCounter::increment(r.state, r.id);
    ++r.naiveSum;
    ++r.naiveMax;
    ++m_trueTotal;
    Q_EMIT changed();
    return true;
}

int ReplicasDemo::takeSnapshot(int replica, const QString &label)
{
    if (!validReplica(replica))
        return -1;
    const DemoReplica &r = m_replicas.at(replica);
    DemoMessage message;
    message.id = m_nextMessageId++;
    message.label = label.isEmpty() ? u"%1 #%2"_s.arg(r.name).arg(message.id) : label;
    message.from = replica;
    message.fromId = r.id;
    message.state = r.state;
    message.naiveSum = r.naiveSum;
    message.naiveMax = r.naiveMax;
    m_transit.append(message);
    Q_EMIT changed();
    return message.id;
}

bool ReplicasDemo::deliver(int messageId, int replica)
{
    if (!validReplica(replica))
        return false;
    const auto it = std::find_if(m_transit.begin(), m_transit.end(),
                                 [messageId](const DemoMessage &m) { return m.id == messageId; });
    if (it == m_transit.end())
        return false;
    DemoReplica &r = m_replicas[replica];
    r.state = GCounter::merge(r.state, it->state);
    r.naiveSum += it->naiveSum;
    r.naiveMax = std::max(r.naiveMax, it->naiveMax);
    it->deliveredTo.append(replica);
    Q_EMIT changed();
    return true;
}

bool ReplicasDemo::drop(int messageId)
{
    const auto removed = m_transit.removeIf([messageId](const DemoMessage &m) { return m.id == messageId; });
    if (removed == 0)
        return false;
    Q_EMIT changed();
    return true;
}

bool ReplicasDemo::restart(int replica, bool newIdentity)
{
    if (!validReplica(replica))
        return false;
    DemoReplica &r = m_replicas[replica];
    r.state.clear();
    r.naiveSum = 0;
    r.naiveMax = 0;
    ++r.incarnation;
    if (newIdentity)
        r.id = u"%1-%2"_s.arg(r.name).arg(r.incarnation);
    Q_EMIT changed();
    return true;
}

void ReplicasDemo::reset()
{
    m_replicas.clear();
    for (const QString &name : {u"alice"_s, u"bob"_s, u"carol"_s})
        m_replicas.append(DemoReplica {name, name, {}, 0, 0, 1});
    m_transit.clear();
    m_trueTotal = 0;
    m_nextMessageId = 1;
    m_presetIndex = -1;
    m_preset = {};
    m_stepsDone = 0;
    m_narration = defaultNarration();
    Q_EMIT changed();
}

QList<DemoPreset> ReplicasDemo::presets() const
{
    return ReplicasPresets::all();
}

bool ReplicasDemo::startPreset(int index)
{
    const QList<DemoPreset> all = presets();
    if (index < 0 || index >= all.size())
        return false;
    {
        const QSignalBlocker quiet(this); // one changed() for the whole load
        reset();
    }
    m_presetIndex = index;
    m_preset = all.at(index);
    m_narration = m_preset.introduction;
    Q_EMIT changed();
    return true;
}

bool ReplicasDemo::nextStep()
{
    if (!hasNextStep())
        return false;
    const DemoStep step = m_preset.steps.at(m_stepsDone);
    {
        const QSignalBlocker quiet(this);
        for (const DemoAction &action : step.actions)
            apply(action);
    }
    ++m_stepsDone;
    m_narration = step.narration;
    Q_EMIT changed();
    return true;
}

void ReplicasDemo::runToEnd()
{
    while (nextStep()) { }
}

bool ReplicasDemo::apply(const DemoAction &action)
{
    switch (action.kind) {
    case DemoAction::Kind::Increment:
        return increment(action.replica);
    case DemoAction::Kind::Snapshot:
        return takeSnapshot(action.replica, action.label) >= 0;
    case DemoAction::Kind::Deliver:
        // The trainer may have dropped the message by hand meanwhile: then the step delivers nothing.
        return deliver(messageIdByLabel(action.label), action.replica);
    case DemoAction::Kind::Drop:
        return drop(messageIdByLabel(action.label));
    case DemoAction::Kind::Restart:
        return restart(action.replica, false);
    case DemoAction::Kind::RestartWithNewIdentity:
        return restart(action.replica, true);
    }
    return false;
}

void ReplicasDemo::retranslate()
{
    // Presets are built on request in the current language; the actions are the same.
    const QList<DemoPreset> all = presets();
    if (m_presetIndex >= 0 && m_presetIndex < all.size())
        m_preset = all.at(m_presetIndex);
    if (m_presetIndex < 0)
        m_narration = defaultNarration();
    else if (m_stepsDone == 0)
        m_narration = m_preset.introduction;
    else if (m_stepsDone <= m_preset.steps.size())
        m_narration = m_preset.steps.at(m_stepsDone - 1).narration;
    Q_EMIT changed();
}

QString ReplicasDemo::defaultNarration() const
{
    return tr("Add 1 on any replica, take snapshots, then deliver them in any order, twice, or drop them. Each "
              "replica keeps one count per writer and merges by taking the larger count per writer.");
}

} // namespace keyright
