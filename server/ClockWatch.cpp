#include "ClockWatch.h"

#include "Metrics.h"
#include "store/LeaseStore.h"
#include "wire/EventDetail.h"
#include "wire/EventKind.h"
#include "wire/EventRecord.h"

#include <QJsonObject>
#include <QLoggingCategory>

#include <algorithm>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcClock, "keyright.server.clock")
}

ClockWatch::ClockWatch(JumpGuardedClock &clock, LeaseStore &store, Metrics &metrics, std::chrono::milliseconds interval,
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
    (void)m_clock.now();
    m_metrics.setClockOffset(m_clock.offset());
    const QList<JumpGuardedClock::Jump> jumps = m_clock.takeJumps();
    int recorded = 0;
    for (const JumpGuardedClock::Jump &jump : jumps) {
        using Detail = eventdetail::ClockJumped;
        const Detail detail {jump.source == JumpGuardedClock::Jump::Source::Wall ? Detail::Clock::Wall
                                                                                 : Detail::Clock::Monotonic,
                             jump.size.count() > 0 ? Detail::Direction::Forward : Detail::Direction::Backward,
                             qint64(jump.size.count()), qint64(jump.offset.count())};
        const QString clock = Detail::toWire(detail.clock);
        const QString direction = Detail::toWire(detail.direction);
        m_metrics.countClockJump(clock, direction);
        qCWarning(lcClock, "the %ls clock jumped %ls by %lld ms; leases follow real elapsed time (offset now %lld ms)",
                  qUtf16Printable(clock), qUtf16Printable(direction), qint64(std::abs(jump.size.count())),
                  qint64(jump.offset.count()));
        try {
            m_store.withStore([&] {
                m_store.appendEvent(
                    EventRecord {0, jump.seenAt, EventKind::ClockJumped, {}, {}, {}, u"server"_s, detail.toJson()});
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
