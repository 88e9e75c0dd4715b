#pragma once

#include "store/LeaseStore.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>

namespace keyright {
class Clock;
}

namespace keyright::server {

// This instance's sign of life (issue 29's instance_silent): every `interval` (well under
// minInstanceSilentSeconds), one upsert of its row in server_instances (replica id, URL, started
// and last seen at, on the server's clock), each in its own unit. A graceful stop (leave()) removes
// the row, so a stopped instance is not "silent"; a killed one leaves it, and the evaluator fires
// once it has been silent for a rule's seconds.
class InstanceBeat final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceBeat)

public:
    static constexpr std::chrono::milliseconds defaultInterval {5000};

    InstanceBeat(LeaseStore &store, const Clock &clock, QString replicaId, QString url, QObject *parent = nullptr);

    // Beats at once, then every `interval`.
    void start(std::chrono::milliseconds interval = defaultInterval);
    // One beat now; false (logged) when the store refused it: the next one tries again.
    bool beat();
    // The graceful stop: no more beats, and the row removed (logged when the store refuses).
    void leave();
    // Stops beating and leaves the row as it is, as a hung or killed process would (tests); a
    // later leave() still removes it, and start() beats again.
    void halt();

    QString replicaId() const { return m_replicaId; }

private:
    LeaseStore &m_store;
    const Clock &m_clock;
    QString m_replicaId;
    QString m_url;
    QDateTime m_startedAt;
    bool m_halted = false;
    QTimer m_timer;
};

} // namespace keyright::server
