#include "ClockWatch.h"

#include "Metrics.h"
#include "store/LeaseStore.h"
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
        const QString clock = jump.source == JumpGuardedClock::Jump::Source::Wall ? u"wall"_s : u"monotonic"_s;
        const QString direction = jump.size.count() > 0 ? u"forward"_s : u"backward"_s;
        m_metrics.countClockJump(clock, direction);
        qCWarning(lcClock, "the %ls clock jumped %ls by %lld ms; leases follow real elapsed time (offset now %lld ms)",
                  qUtf16Printable(clock), qUtf16Printable(direction), qint64(std::abs(jump.size.count())),
                  qint64(jump.offset.count()));
        try {
            m_store.withStore([&] {
                m_store.appendEvent(EventRecord {0,
                                                 jump.seenAt,
                                                 EventKind::ClockJumped,
                                                 {},
                                                 {},
                                                 {},
                                                 u"server"_s,
                                                 {{u"clock"_s, clock},
                                                  {u"direction"_s, direction},
                                                  {u"sizeMs"_s, qint64(jump.size.count())},
                                                  {u"offsetMs"_s, qint64(jump.offset.count())}}});
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
