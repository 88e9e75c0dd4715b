#include "ScenarioPlayer.h"

#include "Clock.h"
#include "SimulatedClient.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace keyright {

using std::chrono::milliseconds;

ScenarioPlayer::ScenarioPlayer(const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
{ }

ScenarioPlayer::~ScenarioPlayer() = default;

void ScenarioPlayer::play(const ScenarioPreset &preset, const QList<SimulatedClient *> &clients,
                          const QList<QUrl> &instances)
{
    undoServerClockJumps();
    ++m_generation;
    m_preset = preset;
    std::stable_sort(m_preset->actions.begin(), m_preset->actions.end(),
                     [](const auto &a, const auto &b) { return a.at < b.at; });
    m_clients = clients;
    m_instanceUrls = instances;
    m_instanceUp = QList<bool>(instances.size(), true);
    m_instancesChanging.clear();
    m_lastKilled = -1;
    m_start = m_clock.monotonic();
    m_nextAction = 0;
    Q_EMIT instancesChanged();
}

void ScenarioPlayer::stop()
{
    undoServerClockJumps();
    ++m_generation;
    m_preset.reset();
    m_clients.clear();
    m_nextAction = 0;
    m_instancesChanging.clear();
    if (!m_instanceUrls.isEmpty()) {
        m_instanceUrls.clear();
        m_instanceUp.clear();
        Q_EMIT instancesChanged();
    }
}

void ScenarioPlayer::undoServerClockJumps()
{
    const milliseconds moved = std::exchange(m_serverClockMoved, milliseconds {0});
    if (moved.count() != 0 && m_serverClockJumper)
        m_serverClockJumper(-moved);
}

void ScenarioPlayer::forget(SimulatedClient *client)
{
    // Kept in place as null: the actions of the other clients still find them by their index.
    std::replace(m_clients.begin(), m_clients.end(), client, static_cast<SimulatedClient *>(nullptr));
}

void ScenarioPlayer::renameClients(const ScenarioPreset &preset)
{
    if (!m_preset || m_preset->number != preset.number)
        return;
    for (qsizetype i = 0; i < m_clients.size() && i < preset.clients.size(); ++i) {
        if (SimulatedClient *client = m_clients.at(i))
            client->setName(preset.clients.at(i).name);
    }
    m_preset->title = preset.title;
    m_preset->narration = preset.narration;
}

milliseconds ScenarioPlayer::elapsed() const
{
    if (!m_preset)
        return milliseconds {0};
    return m_clock.monotonic() - m_start;
}

void ScenarioPlayer::runDueActions()
{
    if (!m_preset)
        return;
    const milliseconds now = elapsed();
    const quint64 generation = m_generation;
    while (m_preset && generation == m_generation && m_nextAction < m_preset->actions.size()
           && m_preset->actions.at(m_nextAction).at <= now)
        runAction(m_preset->actions.at(m_nextAction++));
}

void ScenarioPlayer::runAction(const ScenarioPreset::Action &action)
{
    switch (action.kind) {
    case ScenarioPreset::ActionKind::ServerClockJump:
        if (m_serverClockJumper) {
            m_serverClockJumper(action.amount);
            m_serverClockMoved += action.amount;
        }
        return;
    case ScenarioPreset::ActionKind::KillInstance:
        setInstanceUp(action.client == ScenarioPreset::busiestInstance ? busiestInstance() : action.client, false);
        return;
    case ScenarioPreset::ActionKind::ReviveInstance:
        setInstanceUp(action.client == ScenarioPreset::busiestInstance ? m_lastKilled : action.client, true);
        return;
    case ScenarioPreset::ActionKind::Start:
    case ScenarioPreset::ActionKind::Crash:
    case ScenarioPreset::ActionKind::CutNetwork:
    case ScenarioPreset::ActionKind::ClockBack:
    case ScenarioPreset::ActionKind::SetOffset:
    case ScenarioPreset::ActionKind::Release:
    case ScenarioPreset::ActionKind::Use:
    case ScenarioPreset::ActionKind::Borrow:
    case ScenarioPreset::ActionKind::ReturnBorrow:
        break; // below: they act on a client
    }
    SimulatedClient *client = m_clients.value(action.client);
    if (!client)
        return; // the trainer removed that client: the story goes on without it
    switch (action.kind) {
    case ScenarioPreset::ActionKind::Start:
        client->start();
        break;
    case ScenarioPreset::ActionKind::Crash:
        client->crash();
        break;
    case ScenarioPreset::ActionKind::CutNetwork:
        client->cutNetwork(action.amount);
        break;
    case ScenarioPreset::ActionKind::ClockBack:
        client->setClockBack(action.amount);
        break;
    case ScenarioPreset::ActionKind::SetOffset:
        client->setOffset(action.amount);
        break;
    case ScenarioPreset::ActionKind::Release:
        client->release();
        break;
    case ScenarioPreset::ActionKind::Use:
        client->noteActivity(action.amount);
        break;
    case ScenarioPreset::ActionKind::Borrow: {
        // Whole days, at least one: the server lends by the day.
        const auto days = std::chrono::ceil<std::chrono::days>(action.amount).count();
        client->borrow(int(std::max<qint64>(1, days)));
        break;
    }
    case ScenarioPreset::ActionKind::ReturnBorrow:
        client->returnBorrowed();
        break;
    case ScenarioPreset::ActionKind::ServerClockJump:
    case ScenarioPreset::ActionKind::KillInstance:
    case ScenarioPreset::ActionKind::ReviveInstance:
        break; // above: they need no client
    }
}

void ScenarioPlayer::prepareInstances(int count,
                                      std::function<void(const QList<QUrl> &urls, const QString &error)> done)
{
    if (!hasInstances()) {
        done({}, tr("This scenario needs several server instances, and this server has only one."));
        return;
    }
    const quint64 generation = m_generation;
    m_instanceHooks.start(this, [this, count, done, generation](const QList<QUrl> &urls, const QString &why) {
        if (generation != m_generation)
            return; // another preset, or none, since
        if (urls.size() < count || !why.isEmpty()) {
            done({}, tr("The server instances did not start: %1").arg(why));
            return;
        }
        // A run cut short may have left one dead: every run starts with all of them up.
        struct Pending
        {
            int answers = 0;
            QString why;
        };
        auto pending = std::make_shared<Pending>();
        pending->answers = int(urls.size());
        for (int i = 0; i < urls.size(); ++i) {
            m_instanceHooks.setUp(i, true, this,
                                  [this, urls, count, done, generation, pending](bool ok, const QString &failure) {
                                      if (!ok && pending->why.isEmpty())
                                          pending->why = failure;
                                      if (--pending->answers > 0 || generation != m_generation)
                                          return;
                                      if (!pending->why.isEmpty())
                                          done({}, tr("The server instances did not start: %1").arg(pending->why));
                                      else
                                          done(urls.mid(0, count), {});
                                  });
        }
    });
}

bool ScenarioPlayer::isInstanceUp(int index) const
{
    return index >= 0 && index < m_instanceUp.size() && m_instanceUp.at(index);
}

bool ScenarioPlayer::setInstanceUp(int index, bool up)
{
    if (index < 0 || index >= m_instanceUrls.size() || !hasInstances() || m_instancesChanging.contains(index))
        return false;
    if (m_instanceUp.at(index) == up)
        return true;
    m_instancesChanging.insert(index);
    const quint64 generation = m_generation;
    m_instanceHooks.setUp(index, up, this, [this, index, up, generation](bool ok, const QString &why) {
        if (generation != m_generation)
            return; // the preset it belonged to is over
        m_instancesChanging.remove(index);
        if (!ok) {
            Q_EMIT failed(up ? tr("Instance %1 did not come back: %2").arg(index + 1).arg(why)
                             : tr("Instance %1 could not be stopped: %2").arg(index + 1).arg(why));
            return;
        }
        m_instanceUp[index] = up;
        if (!up)
            m_lastKilled = index;
        Q_EMIT instancesChanged();
    });
    return true;
}

int ScenarioPlayer::clientsOnInstance(int index) const
{
    int count = 0;
    for (const SimulatedClient *client : m_clients) {
        if (!client)
            continue;
        const auto state = client->keeper().state();
        if (client->instance() == index && state != LeaseKeeper::State::Stopped && state != LeaseKeeper::State::Idle)
            ++count;
    }
    return count;
}

int ScenarioPlayer::busiestInstance() const
{
    int busiest = -1;
    int most = -1;
    for (int i = 0; i < m_instanceUrls.size(); ++i) {
        const int count = clientsOnInstance(i);
        if (m_instanceUp.at(i) && count > most) {
            busiest = i;
            most = count;
        }
    }
    return busiest;
}

} // namespace keyright
