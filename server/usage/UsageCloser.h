#pragma once

#include "DemoCatalogue.h"
#include "UsageHistory.h"
#include "store/LeaseStore.h"

#include <QObject>
#include <QTimeZone>
#include <QTimer>

#include <chrono>

namespace keyright {
class Clock;
}

namespace keyright::server {

// How long the usage history keeps each resolution, and what a true denial is
// (docs/STATS.md, "Usage history"; keyright-server --usage-retention).
struct UsageSettings
{
    int minuteDays = 14;
    int hourDays = 2 * 365 + 1;
    int dayDays = 10 * 365 + 3;
    std::chrono::minutes trueDenialWindow {15};
    // The spans of seats and waits (the what-if's demand) are kept as long as the events.
    int spanDays = 90;
};

// Closes the usage buckets (issue 25): every minute, hour and day of every license, computed by
// core's computeBucket() from the spans and events in the store, written once. A bucket is closed
// once its true denials are final: its end plus the true-denial window plus a minute for
// transactions still in flight. Each chunk (an hour of minutes, a day of hours, a day) is one
// transaction that also moves the resolution's progress row, which it holds locked: instances on
// one database close one after the other, and an instance killed in the middle leaves nothing
// half-written; the next one (or its restart) goes on from the progress row, from the spans and
// events that are still there.
class UsageCloser final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsageCloser)

public:
    UsageCloser(LeaseStore &store, const Clock &clock, UsageSettings settings, QObject *parent = nullptr);

    // Turns the events recorded before the usage tables existed into spans (an upgrade), in chunks
    // of `chunkEvents`, once per database. Called at start, before the server serves.
    void backfill(int chunkEvents = 5000);

    // The demo's made-up history (DemoHistory) for these licenses over the DemoHistory::days
    // before now, once per database and only while it has no history of its own: spans, and
    // the buckets of every resolution up to the last one that ends before now.
    void addDemoHistory(const QList<DemoCatalogue::License> &licenses, const QTimeZone &zone);

    // Closes every bucket that is due, chunk after chunk; returns how many buckets it wrote.
    int closeDue();
    // One chunk of one resolution at most; returns the buckets written, -1 when nothing was due.
    int closeChunk(usage::Resolution resolution);
    // Drops buckets and spans past their retention.
    void sweep();

    // Buckets of `resolution` ending at or before this are closable now.
    qint64 closableUntil(usage::Resolution resolution) const;
    const UsageSettings &settings() const { return m_settings; }
    void setSettings(const UsageSettings &settings) { m_settings = settings; }

    // Periodic closing: a chunk per resolution per tick, the next tick at once while more is due.
    void start(std::chrono::milliseconds interval = std::chrono::seconds(20));
    void stop();

private:
    void tick();

    LeaseStore &m_store;
    const Clock &m_clock;
    UsageSettings m_settings;
    QTimer m_timer;
    std::chrono::milliseconds m_interval {20'000};
};

} // namespace keyright::server
