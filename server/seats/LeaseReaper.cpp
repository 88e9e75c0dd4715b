#include "seats/LeaseReaper.h"

#include "Clock.h"
#include "LeasePredicate.h"
#include "Metrics.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"

#include <QLoggingCategory>

#include <algorithm>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcReaper, "keyright.server.reaper")
}

LeaseReaper::LeaseReaper(SeatService &seats, LeaseStore &store, Metrics *metrics, std::chrono::milliseconds interval,
                         int eventRetentionDays, QObject *parent)
    : QObject(parent)
    , m_seats(seats)
    , m_store(store)
    , m_metrics(metrics)
    , m_interval(interval)
    , m_retentionDays(eventRetentionDays)
{
    m_timer.setInterval(m_interval);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &LeaseReaper::startSweep);
    m_nextChunk.setInterval(0);
    m_nextChunk.setSingleShot(true);
    connect(&m_nextChunk, &QTimer::timeout, this, &LeaseReaper::queueChunk);
}

void LeaseReaper::start()
{
    if (m_interval.count() > 0)
        m_timer.start();
}

void LeaseReaper::stop()
{
    m_timer.stop();
    m_nextChunk.stop();
    ++m_chain;
    m_sweeping = false;
}

void LeaseReaper::setChunkRows(int rows)
{
    m_chunkRows = std::max(rows, 1);
}

int LeaseReaper::sweep()
{
    m_nextChunk.stop();
    ++m_chain;
    if (!m_sweeping)
        begin();
    Step result = Step::More;
    while (result == Step::More)
        result = step();
    return result == Step::Done ? m_reaped : -1;
}

void LeaseReaper::startSweep()
{
    if (m_sweeping)
        return;
    begin();
    runChunk();
}

void LeaseReaper::begin()
{
    ++m_chain;
    m_sweeping = true;
    m_phase = Phase::Seats;
    m_cursor.reset();
    m_reaped = 0;
    m_deletedEvents = 0;
}

void LeaseReaper::runChunk()
{
    if (m_sweeping && step() == Step::More)
        m_nextChunk.start();
}

// The next chunk goes through a timer and then a queued call, not straight into the queue: the
// timer fires after the event loop has read the sockets, and the queued call lands behind
// whatever those requests queued (RequestTurn finishes a turn, commits it and writes its answers
// from a queued call). So requests that arrived during a chunk are answered before the next
// chunk starts, and wait for one chunk at most.
void LeaseReaper::queueChunk()
{
    QMetaObject::invokeMethod(
        this,
        [this, chain = m_chain] {
            if (chain == m_chain)
                runChunk();
        },
        Qt::QueuedConnection);
}

LeaseReaper::Step LeaseReaper::step()
{
    try {
        if (m_phase == Phase::Seats) {
            if (!m_cursor)
                m_cursor = beginReap();
            m_reaped += int(reapChunk(*m_cursor, m_chunkRows, QString::fromUtf16(reaperActor)).size());
            if (!m_cursor->atEnd())
                return Step::More;
            if (m_retentionDays > 0) {
                m_phase = Phase::Events;
                return Step::More;
            }
        } else {
            const int deleted = sweepEventsChunk(m_retentionDays, m_chunkRows);
            m_deletedEvents += deleted;
            if (deleted >= m_chunkRows)
                return Step::More;
        }
    } catch (const StoreError &failure) {
        failed(failure);
        return Step::Failed;
    }

    m_sweeping = false;
    if (m_reaped > 0)
        qCInfo(lcReaper, "reaped %d expired seat(s)", m_reaped);
    if (m_deletedEvents > 0)
        qCInfo(lcReaper, "deleted %d event(s) older than %d days", m_deletedEvents, m_retentionDays);
    Q_EMIT swept(m_reaped, m_deletedEvents);
    return Step::Done;
}

QList<ReapedSeat> LeaseReaper::reap(bool dryRun, const QString &actor)
{
    QList<ReapedSeat> reaped;
    if (!dryRun) {
        // do-while: with no license at all, the one chunk still lifts the blocks that ended.
        ReapCursor cursor = beginReap();
        do {
            reaped += reapChunk(cursor, reapChunkRows, actor);
        } while (!cursor.atEnd());
        return reaped;
    }
    for (const LicenseRecord &listed : m_store.licenses()) {
        QList<ReapedSeat> ofLicense;
        m_store.withLicense(listed.id, [&] {
            ofLicense.clear();
            const auto license = m_store.license(listed.id);
            if (!license)
                return;
            const QDateTime now = m_seats.clock().now();
            const milliseconds grace = license->policy.reapGrace();
            // The SQL bound only narrows the rows read; isReapable() alone decides.
            for (const StoredLease &row : m_store.leasesExpiringBy(license->id, now.addMSecs(-grace.count()))) {
                if (isReapable(row.lease, now, grace))
                    ofLicense.append(ReapedSeat {row.lease.licenseId, row.lease.seatId, row.lease.holder,
                                                 row.lease.expiresAt, reapableAt(row.lease.expiresAt, grace)});
            }
        });
        reaped += ofLicense;
    }
    return reaped;
}

LeaseReaper::ReapCursor LeaseReaper::beginReap()
{
    ReapCursor cursor;
    for (const LicenseRecord &license : m_store.licenses())
        cursor.licenseIds.append(license.id);
    return cursor;
}

QList<ReapedSeat> LeaseReaper::reapChunk(ReapCursor &cursor, int maxRows, const QString &actor)
{
    maxRows = std::max(maxRows, 1);
    QList<ReapedSeat> reaped;
    while (!cursor.atEnd() && reaped.size() < maxRows) {
        const QString licenseId = cursor.licenseIds.at(cursor.next);
        const int budget = maxRows - int(reaped.size());
        QList<ReapedSeat> ofLicense;
        bool licenseDone = true;
        m_store.withLicense(licenseId, [&] {
            ofLicense.clear();
            licenseDone = true;
            auto license = m_store.license(licenseId);
            if (!license)
                return; // deleted since the reap began
            const QDateTime now = m_seats.clock().now();
            const milliseconds grace = license->policy.reapGrace();
            // The SQL bound only narrows the rows read; isReapable() alone decides.
            const QList<StoredLease> candidates
                = m_store.firstLeasesExpiringBy(licenseId, now.addMSecs(-grace.count()), budget);
            for (const StoredLease &row : candidates) {
                if (!isReapable(row.lease, now, grace))
                    continue;
                ofLicense.append(ReapedSeat {row.lease.licenseId, row.lease.seatId, row.lease.holder,
                                             row.lease.expiresAt, reapableAt(row.lease.expiresAt, grace)});
                m_store.deleteReadLease(row);
                m_store.recordEvent(EventRecord {0, now, EventKind::Reaped, row.lease.licenseId, row.lease.seatId,
                                                 row.lease.holder, actor,
                                                 eventdetail::Reaped {row.lease.expiresAt}.toJson()});
                // Its holder's idle period, if one went on, ended when the seat stopped counting.
                SeatService::noteIdleUntil(m_store, row, row.lease.expiresAt.addMSecs(license->policy.skew().count()));
            }
            // The rows come earliest expiry first, so one that is not reapable means none after it
            // is; only a full chunk of reapable rows may have more behind it.
            licenseDone = candidates.size() < budget || ofLicense.size() < candidates.size();
            m_seats.reclaim(*license, int(ofLicense.size()), now, actor, budget);
        });
        if (m_metrics && !ofLicense.isEmpty())
            m_metrics->countReaped(licenseId, int(ofLicense.size()));
        reaped += ofLicense;
        if (licenseDone)
            ++cursor.next;
    }
    if (cursor.atEnd())
        m_store.withStore([&] { m_store.deleteBlocksEndedBy(m_seats.clock().now()); });
    return reaped;
}

int LeaseReaper::sweepEvents(int retentionDays)
{
    int deleted = 0;
    for (int chunk = reapChunkRows; chunk == reapChunkRows;) {
        chunk = sweepEventsChunk(retentionDays, reapChunkRows);
        deleted += chunk;
    }
    return deleted;
}

int LeaseReaper::sweepEventsChunk(int retentionDays, int maxRows)
{
    int deleted = 0;
    m_store.withStore([&] {
        deleted = m_store.deleteFirstEventsBefore(m_seats.clock().now().addDays(-retentionDays), std::max(maxRows, 1));
    });
    return deleted;
}

void LeaseReaper::failed(const StoreError &failure)
{
    m_sweeping = false;
    qCWarning(lcReaper, "sweep failed, will retry on the next tick: %s", failure.what());
}

} // namespace keyright::server
