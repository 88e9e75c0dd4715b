#pragma once

#include "seats/SeatService.h"
#include "store/LeaseStore.h"
#include "wire/ReapResult.h"

#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <optional>

namespace keyright::server {

class Metrics;

// Reaps and sweeps: deletes the rows that are reapable (isReapable: past expiresAt + reapGrace),
// one `reaped` event each, hands the seats that come back to the license's line (SeatService),
// lifts holder blocks that ended, and drops events older than the retention; periodically, and
// when POST /v1/reap asks (reap()). Correctness never waits for it: the checkout counter already
// ignores rows that are not live.
//
// A sweep goes in chunks of chunkRows() rows, one transaction each. The periodic sweep returns to
// the event loop after every chunk, so requests that arrive meanwhile wait for one chunk at most,
// and a tick that comes while a sweep is still running does not start a second one.
class LeaseReaper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseReaper)

public:
    // `metrics` may be null (nothing counted).
    LeaseReaper(SeatService &seats, LeaseStore &store, Metrics *metrics, std::chrono::milliseconds interval,
                int eventRetentionDays, QObject *parent = nullptr);

    // Rows per transaction of a reap or a retention sweep: a request that arrives meanwhile waits
    // for one chunk at most, never for the whole sweep. 200 rows take about 10 ms on the benchmark
    // machine; smaller chunks made the sweep slower without shortening the worst wait.
    static constexpr int reapChunkRows = 200;

    void start();
    // Also abandons a sweep in progress; the chunks it committed stay done.
    void stop();
    bool isActive() const { return m_timer.isActive(); }
    std::chrono::milliseconds interval() const { return m_interval; }

    int chunkRows() const { return m_chunkRows; }
    void setChunkRows(int rows);
    // Events older than this many days go at the next sweep (0: kept for ever); a reload sets it.
    int eventRetentionDays() const { return m_retentionDays; }
    void setEventRetentionDays(int days) { m_retentionDays = std::max(days, 0); }

    // One whole sweep now, chunk after chunk without returning to the event loop (it finishes the
    // sweep in progress, if there is one); returns how many seats it reaped (-1 when the store
    // failed).
    int sweep();
    // Starts a sweep that returns to the event loop after every chunk, unless one is running.
    // The timer's ticks call this.
    void startSweep();
    bool isSweeping() const { return m_sweeping; }

    // Deletes every reapable row (what POST /v1/reap reports of each is core's wire type), one
    // `reaped` event each, in transactions of at most reapChunkRows rows (reapChunk until the
    // end), then lifts the blocks that ended. With dryRun, only reports what would go.
    QList<ReapedSeat> reap(bool dryRun, const QString &actor);
    // Deletes events older than retentionDays, in chunks of reapChunkRows; returns how many.
    int sweepEvents(int retentionDays);

    // Where a reap goes on from: the periodic sweep returns to the event loop between chunks.
    struct ReapCursor
    {
        QStringList licenseIds; // taken when the reap began, in order
        qsizetype next = 0; // the license the next chunk starts with; it may have rows left
        bool atEnd() const { return next >= licenseIds.size(); }
    };
    ReapCursor beginReap();
    // Deletes at most maxRows reapable rows, going on license by license from the cursor, each
    // license in its own transaction together with its `reaped` events and its Reclaimed count.
    // The chunk that reaches the end also lifts the holder blocks that ended.
    QList<ReapedSeat> reapChunk(ReapCursor &cursor, int maxRows, const QString &actor);
    // Deletes at most maxRows events older than retentionDays in one transaction; returns how
    // many. Fewer than maxRows means none is left.
    int sweepEventsChunk(int retentionDays, int maxRows);

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
    LeaseStore &m_store;
    Metrics *m_metrics;
    std::chrono::milliseconds m_interval;
    int m_retentionDays;
    int m_chunkRows = reapChunkRows;
    QTimer m_timer;
    QTimer m_nextChunk; // zero interval, single shot: queues the next chunk (queueChunk)
    quint64 m_chain = 0; // a queued chunk of an earlier chain (stopped, or taken over by sweep()) is dropped

    bool m_sweeping = false;
    Phase m_phase = Phase::Seats;
    std::optional<ReapCursor> m_cursor; // taken by the sweep's first chunk
    int m_reaped = 0;
    int m_deletedEvents = 0;
};

} // namespace keyright::server
