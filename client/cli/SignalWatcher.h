#pragma once

#include <QObject>

#include <csignal>

class QSocketNotifier;

namespace keyright::cli {

// Turns SIGINT and SIGTERM into a Qt signal on the event loop. The handler only writes one byte to
// a pipe (the one thing a signal handler may safely do); a QSocketNotifier reads it on the main
// thread. One instance per process; the previous handlers come back when it goes.
class SignalWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignalWatcher)

public:
    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

    bool isInstalled() const { return m_installed; }

Q_SIGNALS:
    void interrupted(int signalNumber);

private:
    static void handleSignal(int signalNumber);
    void readPipe();

    QSocketNotifier *m_notifier = nullptr;
    struct sigaction m_previousInt = {};
    struct sigaction m_previousTerm = {};
    bool m_installed = false;
};

} // namespace keyright::cli
