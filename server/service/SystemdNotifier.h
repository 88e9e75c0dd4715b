#pragma once

#include <QObject>
#include <QTimer>

namespace keyright::server {

// Tells systemd (Type=notify, docs/DEPLOYMENT.md) how keyright-server is doing, through
// libsystemd's sd_notify: READY=1 once the store is open and the port listens, RELOADING=1 and
// READY=1 around a reload, STOPPING=1 on the way out, and WATCHDOG=1 from the event loop at half
// of WATCHDOG_USEC when the unit has WatchdogSec=. Without NOTIFY_SOCKET every call does nothing.
class SystemdNotifier final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SystemdNotifier)

public:
    explicit SystemdNotifier(QObject *parent = nullptr);

    void ready(const QString &status);
    void reloading();
    void stopping();
    // Starts the watchdog pings when systemd asked for them (sd_watchdog_enabled); the interval
    // in milliseconds, 0 when there is no watchdog.
    int startWatchdog();

private:
    void notify(const QByteArray &state);

    QTimer m_watchdog;
};

} // namespace keyright::server
