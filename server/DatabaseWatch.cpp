#include "DatabaseWatch.h"

#include "Clock.h"
#include "wire/EventActor.h"
#include "wire/EventDetail.h"
#include "wire/EventKind.h"
#include "wire/EventRecord.h"

#include <QLoggingCategory>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcDatabase, "keyright.server.store")
}

DatabaseWatch::DatabaseWatch(PgLeaseStore &store, const Clock &clock, QString replicaId,
                             std::chrono::milliseconds interval, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_clock(clock)
    , m_replicaId(std::move(replicaId))
{
    m_timer.setInterval(std::max(interval, std::chrono::milliseconds {1}));
    connect(&m_timer, &QTimer::timeout, this, &DatabaseWatch::check);
}

void DatabaseWatch::start()
{
    m_timer.start();
}

void DatabaseWatch::stop()
{
    m_timer.stop();
}

int DatabaseWatch::check()
{
    if (auto failover = m_store.takeFailover()) {
        qCWarning(lcDatabase, "the database failed over from %ls to %ls; requests failed for %lld ms",
                  qUtf16Printable(failover->from), qUtf16Printable(failover->to),
                  qint64(failover->interruption.count()));
        m_pending.append(*failover);
    }
    int recorded = 0;
    while (!m_pending.isEmpty()) {
        const PgLeaseStore::Failover &failover = m_pending.constFirst();
        const eventdetail::DatabaseFailover detail {failover.from, failover.to, failover.interruption.count(),
                                                    m_replicaId};
        try {
            m_store.withStore([&] {
                m_store.appendEvent(EventRecord {0,
                                                 m_clock.now(),
                                                 EventKind::DatabaseFailover,
                                                 {},
                                                 {},
                                                 {},
                                                 QString::fromUtf16(serverActor),
                                                 detail.toJson()});
            });
        } catch (const StoreError &failure) {
            qCWarning(lcDatabase, "cannot record the database failover in the audit log yet: %s", failure.what());
            break;
        }
        m_pending.removeFirst();
        ++recorded;
    }
    return recorded;
}

} // namespace keyright::server
