#include "SystemdNotifier.h"

#include <QLoggingCategory>

#include <algorithm>
#include <cstdint>
#include <systemd/sd-daemon.h>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {
Q_LOGGING_CATEGORY(lcSystemd, "keyright.server.systemd")
}

SystemdNotifier::SystemdNotifier(QObject *parent)
    : QObject(parent)
{
    connect(&m_watchdog, &QTimer::timeout, this, [this] { notify("WATCHDOG=1"); });
}

void SystemdNotifier::ready(const QString &status)
{
    notify("READY=1\nSTATUS=" + status.toUtf8());
}

void SystemdNotifier::reloading()
{
    notify("RELOADING=1");
}

void SystemdNotifier::stopping()
{
    m_watchdog.stop();
    notify("STOPPING=1");
}

int SystemdNotifier::startWatchdog()
{
    uint64_t usec = 0;
    if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0)
        return 0;
    const int intervalMs = int(std::clamp<uint64_t>(usec / 2000, 1, 3'600'000));
    m_watchdog.start(intervalMs);
    qCDebug(lcSystemd, "watchdog ping every %d ms", intervalMs);
    return intervalMs;
}

void SystemdNotifier::notify(const QByteArray &state)
{
    const int sent = sd_notify(0, state.constData());
    if (sent < 0)
        qCWarning(lcSystemd, "sd_notify(%s) failed: %s", state.left(state.indexOf('\n')).constData(),
                  qPrintable(qt_error_string(-sent)));
}

} // namespace keyright::server
