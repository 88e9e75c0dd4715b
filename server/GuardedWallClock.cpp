#include "GuardedWallClock.h"

#include "store/LeaseStore.h"

#include <QLoggingCategory>

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcClock, "keyright.server.clock")
}

GuardedWallClock::GuardedWallClock(const Clock &wall, LeaseStore *store)
    : m_guard(wall, ServerClock::jumpThreshold)
    , m_store(store)
{ }

void GuardedWallClock::resume()
{
    if (!m_store)
        return;
    std::optional<ClockReference> last;
    m_store->withStore([&] { last = m_store->clockReference(); });
    if (last)
        m_guard.resumeFrom(*last);
}

QList<ServerClock::Jump> GuardedWallClock::tick()
{
    const ClockReference reference = m_guard.reference();
    try {
        if (m_store)
            m_store->withStore([&] { m_store->putClockReference(reference); });
    } catch (const StoreError &failure) {
        qCWarning(lcClock, "cannot record the clock in the store: %s", failure.what());
    }
    QList<Jump> jumps;
    for (const JumpGuardedClock::Jump &jump : m_guard.takeJumps()) {
        const JumpedClock clock
            = jump.source == JumpGuardedClock::Jump::Source::Wall ? JumpedClock::Wall : JumpedClock::Monotonic;
        jumps.append(Jump {ClockJump {clock, jump.size.count(), jump.offset.count()}, jump.seenAt});
    }
    return jumps;
}

} // namespace keyright::server
