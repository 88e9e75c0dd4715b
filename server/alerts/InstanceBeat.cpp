#include "alerts/InstanceBeat.h"

#include "Clock.h"

#include <QLoggingCategory>

namespace keyright::server {

Q_LOGGING_CATEGORY(lcInstanceBeat, "keyright.server.alerts.beat")

InstanceBeat::InstanceBeat(LeaseStore &store, const Clock &clock, QString replicaId, QString url, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_clock(clock)
    , m_replicaId(std::move(replicaId))
    , m_url(std::move(url))
{
    connect(&m_timer, &QTimer::timeout, this, &InstanceBeat::beat);
}

void InstanceBeat::start(std::chrono::milliseconds interval)
{
    m_halted = false;
    m_startedAt = m_clock.now();
    beat();
    m_timer.start(interval);
}

bool InstanceBeat::beat()
{
    if (m_halted)
        return false;
    try {
        m_store.withStore([&] {
            m_store.beatInstance(StoredInstance {m_replicaId, m_url, m_startedAt, m_clock.now()});
        });
        return true;
    } catch (const StoreError &failure) {
        qCWarning(lcInstanceBeat, "cannot record that this instance is alive: %s", failure.what());
        return false;
    }
}

void InstanceBeat::leave()
{
    m_timer.stop();
    m_halted = true;
    if (!m_startedAt.isValid())
        return; // never started: no row of its own to remove
    m_startedAt = {};
    try {
        m_store.withStore([&] { m_store.removeInstance(m_replicaId); });
    } catch (const StoreError &failure) {
        qCWarning(lcInstanceBeat,
                  "cannot remove this instance's sign of life (it will be told silent, then forgotten): %s",
                  failure.what());
    }
}

void InstanceBeat::halt()
{
    m_timer.stop();
    m_halted = true;
}

} // namespace keyright::server
