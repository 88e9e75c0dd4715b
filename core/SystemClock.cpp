#include "SystemClock.h"

#include <QFile>
#include <QLoggingCategory>
#include <QtGlobal>

#ifdef Q_OS_LINUX
#include <time.h>
#endif

namespace keyright {

namespace {
Q_LOGGING_CATEGORY(lcClock, "keyright.clock")
}

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

QString SystemClock::epochFor(const QString &bootId, qint64 bootClockMs, std::optional<qint64> kernelUptimeMs)
{
    if (bootId.isEmpty() || !kernelUptimeMs || qAbs(bootClockMs - *kernelUptimeMs) > bootClockToleranceMs)
        return {};
    return QStringLiteral("boot:") + bootId;
}

QString SystemClock::monotonicEpoch() const
{
#ifdef Q_OS_LINUX
    // Read once: it only changes with a reboot, which ends this process too.
    static const QString epoch = [this] {
        QFile idFile(QStringLiteral("/proc/sys/kernel/random/boot_id"));
        const QString bootId
            = idFile.open(QIODevice::ReadOnly) ? QString::fromLatin1(idFile.readAll().trimmed()) : QString();
        // The kernel's own count of the time since boot (a file read, which a library faking
        // the clock calls does not intercept), read right after this process's boot clock.
        const qint64 bootClockMs = monotonic().count();
        std::optional<qint64> uptimeMs;
        QFile uptimeFile(QStringLiteral("/proc/uptime"));
        if (uptimeFile.open(QIODevice::ReadOnly)) {
            bool ok = false;
            const double seconds = uptimeFile.readLine().split(' ').value(0).toDouble(&ok);
            if (ok)
                uptimeMs = qint64(seconds * 1000);
        }
        const QString result = epochFor(bootId, bootClockMs, uptimeMs);
        if (result.isEmpty() && !bootId.isEmpty())
            qCWarning(lcClock,
                      "the monotonic clock (CLOCK_BOOTTIME) reads %lld ms but the kernel reports %lld ms since boot "
                      "(a faked clock, such as libfaketime without FAKETIME_DONT_FAKE_MONOTONIC=1?): "
                      "its readings are not compared with other runs'",
                      static_cast<long long>(bootClockMs), static_cast<long long>(uptimeMs.value_or(-1)));
        return result;
    }();
    return epoch;
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
