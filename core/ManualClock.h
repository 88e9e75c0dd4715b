#pragma once

#include "Clock.h"

#include <QString>

#include <atomic>
#include <mutex>

namespace keyright {

// A clock that moves only when told to. advance() moves both readings, as real time passing does;
// setNow() jumps the wall clock alone, as a user changing the system time does; setMonotonic()
// sets the monotonic reading alone, to play a machine whose monotonic clock misbehaves (a virtual
// machine restored from a snapshot, libfaketime). Each ManualClock is a machine of its own: its
// monotonicEpoch() is unique to it until setMonotonicEpoch() plays a reboot. Readings are atomic
// (the epoch behind a mutex) so a server thread and a test thread can share one.
class ManualClock final : public Clock
{
public:
    explicit ManualClock(const QDateTime &start = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC));

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    QString monotonicEpoch() const override;

    void setNow(const QDateTime &wall);
    void setMonotonic(std::chrono::milliseconds reading);
    void advance(std::chrono::milliseconds by);
    // The machine restarted: readings from before can no longer be compared with later ones.
    void setMonotonicEpoch(const QString &epoch);

private:
    std::atomic<qint64> m_wallMs;
    std::atomic<qint64> m_monotonicMs {0};
    mutable std::mutex m_epochMutex;
    QString m_epoch;
};

} // namespace keyright
