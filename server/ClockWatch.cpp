#include "ClockWatch.h"

#include "Metrics.h"
#include "store/LeaseStore.h"
#include "wire/ClockJump.h"
#include "wire/EventActor.h"
#include "wire/EventKind.h"
#include "wire/EventRecord.h"

#include <QLoggingCategory>

#include <algorithm>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcClock, "keyright.server.clock")
}

ClockWatch::ClockWatch(ServerClock &clock, LeaseStore &store, Metrics &metrics, std::chrono::milliseconds interval,
                       QObject *parent)
    : QObject(parent)
    , m_clock(clock)
    , m_store(store)
    , m_metrics(metrics)
{
    m_timer.setInterval(std::max(interval, std::chrono::milliseconds {1}));
    connect(&m_timer, &QTimer::timeout, this, &ClockWatch::check);
}

void ClockWatch::start()
{
    m_timer.start();
}

void ClockWatch::stop()
{
    m_timer.stop();
}

int ClockWatch::check()
{
    const QList<ServerClock::Jump> jumps = m_clock.tick();
    m_metrics.setClockOffset(m_clock.offset());
    int recorded = 0;
    for (const ServerClock::Jump &jump : jumps) {
        const QString clock = toWire(jump.detail.clock);
        const QString direction = jump.detail.isForward() ? u"forward"_s : u"backward"_s;
        m_metrics.countClockJump(clock, direction);
        qCWarning(lcClock, "the %ls clock jumped %ls by %lld ms; leases follow real elapsed time (offset now %lld ms)",
                  qUtf16Printable(clock), qUtf16Printable(direction), qint64(std::abs(jump.detail.sizeMs)),
                  qint64(jump.detail.offsetMs));
        try {
            m_store.withStore([&] {
                m_store.appendEvent(EventRecord {0,
                                                 jump.seenAt,
                                                 EventKind::ClockJumped,
                                                 {},
                                                 {},
                                                 {},
                                                 QString::fromUtf16(serverActor),
                                                 jump.detail.toJson()});
            });
            ++recorded;
        } catch (const StoreError &failure) {
            // The metric and the log still say it; the next jump tries the store again.
            qCWarning(lcClock, "cannot record the clock jump in the audit log: %s", failure.what());
        }
    }
    return recorded;
}

} // namespace keyright::server
