#pragma once

#include "seats/SeatService.h"

#include <QObject>
#include <QTimer>

#include <chrono>
#include <optional>

namespace keyright::server {

// Sweeps periodically: deletes the rows SeatService finds reapable (past expiresAt + reapGrace),
// lifts holder blocks that ended, and drops events older than the retention. Correctness never
// waits for it: the checkout counter already ignores rows that are not live.
//
// A sweep goes in chunks of chunkRows() rows, one transaction each. The periodic sweep returns to
// the event loop after every chunk, so requests that arrive meanwhile wait for one chunk at most,
// and a tick that comes while a sweep is still running does not start a second one.
class LeaseReaper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseReaper)

public:
    LeaseReaper(SeatService &seats, std::chrono::milliseconds interval, int eventRetentionDays,
                QObject *parent = nullptr);

    void start();
    // Also abandons a sweep in progress; the chunks it committed stay done.
    void stop();
    bool isActive() const { return m_timer.isActive(); }
    std::chrono::milliseconds interval() const { return m_interval; }

    int chunkRows() const { return m_chunkRows; }
    void setChunkRows(int rows);

    // One whole sweep now, chunk after chunk without returning to the event loop (it finishes the
    // sweep in progress, if there is one); returns how many seats it reaped (-1 when the store
    // failed).
    int sweep();
    // Starts a sweep that returns to the event loop after every chunk, unless one is running.
    // The timer's ticks call this.
    void startSweep();
    bool isSweeping() const { return m_sweeping; }

Q_SIGNALS:
    // Once per complete sweep, with its totals; not for a sweep that failed or was abandoned.
    void swept(int reapedSeats, int deletedEvents);

private:
    enum class Step { More, Done, Failed };
    enum class Phase { Seats, Events };

    void begin();
    Step step();
    void runChunk();
    void queueChunk();
    void failed(const StoreError &failure);

    SeatService &m_seats;
    std::chrono::milliseconds m_interval;
    int m_retentionDays;
    int m_chunkRows = SeatService::reapChunkRows;
    QTimer m_timer;
    QTimer m_nextChunk; // zero interval, single shot: queues the next chunk (queueChunk)
    quint64 m_chain = 0; // a queued chunk of an earlier chain (stopped, or taken over by sweep()) is dropped

    bool m_sweeping = false;
    Phase m_phase = Phase::Seats;
    std::optional<SeatService::ReapCursor> m_cursor; // taken by the sweep's first chunk
    int m_reaped = 0;
    int m_deletedEvents = 0;
};

} // namespace keyright::server
