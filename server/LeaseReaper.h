#pragma once

#include <QObject>
#include <QTimer>

#include <chrono>

namespace keyright {

class SeatService;

// Sweeps periodically: deletes the rows SeatService::reap finds reapable (past expiresAt +
// reapGrace), lifts holder blocks that ended, and drops events older than the retention.
// Correctness never waits for it: the checkout counter already ignores rows that are not live.
class LeaseReaper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseReaper)

public:
    LeaseReaper(SeatService &seats, std::chrono::milliseconds interval, int eventRetentionDays,
                QObject *parent = nullptr);

    void start();
    void stop();
    bool isActive() const { return m_timer.isActive(); }
    std::chrono::milliseconds interval() const { return m_interval; }

    // One sweep now; returns how many seats were reaped (-1 when the store failed).
    int sweep();

Q_SIGNALS:
    void swept(int reapedSeats, int deletedEvents);

private:
    SeatService &m_seats;
    std::chrono::milliseconds m_interval;
    int m_retentionDays;
    QTimer m_timer;
};

} // namespace keyright
