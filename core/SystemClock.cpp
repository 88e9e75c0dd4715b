#include "SystemClock.h"

#include <QFile>
#include <QtGlobal>

#ifdef Q_OS_LINUX
#include <time.h>
#endif

namespace keyright {

// The only place in the project that reads the machine's wall clock.
QDateTime SystemClock::now() const
{
    return QDateTime::currentDateTimeUtc();
}

std::chrono::milliseconds SystemClock::monotonic() const
{
#ifdef Q_OS_LINUX
    // CLOCK_BOOTTIME, not steady_clock's CLOCK_MONOTONIC: it also counts the time the machine was
    // suspended. A lease runs out while a laptop sleeps, so a client waking up must see that time
    // pass, and the server's JumpGuardedClock must not take a resume for a forward jump of its
    // wall clock.
    timespec reading {};
    if (clock_gettime(CLOCK_BOOTTIME, &reading) == 0)
        return std::chrono::milliseconds {qint64(reading.tv_sec) * 1000 + reading.tv_nsec / 1000000};
#endif
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch());
}

QString SystemClock::monotonicEpoch() const
{
#ifdef Q_OS_LINUX
    // Read once: it only changes with a reboot, which ends this process too.
    static const QString bootId = [] {
        QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
        if (!file.open(QIODevice::ReadOnly))
            return QString();
        const QString id = QString::fromLatin1(file.readAll().trimmed());
        return id.isEmpty() ? QString() : QStringLiteral("boot:") + id;
    }();
    return bootId;
#else
    return {};
#endif
}

const SystemClock &SystemClock::instance()
{
    static const SystemClock clock;
    return clock;
}

} // namespace keyright
