#pragma once

#include "CliCommand.h"
#include "LeaseKeeper.h"
#include "SecretBuffer.h"

#include <QJsonObject>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>
#include <termios.h>

namespace keyright {
class LeaseClient;
}

class QSocketNotifier;

namespace keyright::cli {

// `keyright hold LICENSE --holder NAME`: takes a seat and keeps it with a LeaseKeeper until SIGINT
// or SIGTERM, then releases it and exits 0. Each renewal, lost beat, degrade and recovery is one
// timestamped line (with --json, one JSON object per line). When the very first checkout fails, it
// exits with that failure's code (5 when every seat is taken) instead of waiting for a seat, unless
// --wait asks it to wait in line: then it shows its place (updated in place on a terminal, a line
// per change otherwise) until it holds a seat, gives up (5), or Ctrl-C leaves the line.
//
// Activity (issue 26): on a terminal in the foreground any key reports activity (the terminal
// reads keys one by one, without echo, while holding, and gets its own settings back on exit);
// --active reports activity on every heartbeat, for scripts. Otherwise activity stays unknown.
class HoldCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HoldCommand)

public:
    explicit HoldCommand(CliContext &context, QObject *parent = nullptr);
    ~HoldCommand() override;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool needsAdminToken() const override { return false; }
    bool handlesInterrupt() const override { return true; }
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    // One event: a timestamped line, or with --json {"event", "at", ...detail}.
    void report(const QString &event, const QString &line, QJsonObject detail = {});
    void log(const QString &line);
    void showPlaceInLine(bool changed);
    void endLiveLine();
    void onDegraded(const QString &reason);
    void onInterrupted(int signalNumber);
    // Reads keys from a terminal on stdin as activity; false when stdin is none or not ours.
    bool startReadingKeys();
    void onKeys();
    // Gives the terminal its own settings back (once; every way out calls it).
    void restoreTerminal();

    QString m_licenseId;
    QString m_holder;
    LeaseKeeper::ExpiryPolicy m_policy = LeaseKeeper::ExpiryPolicy::Monotonic;
    std::optional<std::chrono::seconds> m_wait;
    bool m_tty = false; // stdout is a terminal: the place in line is one line rewritten in place
    bool m_liveLineOpen = false;
    bool m_leftLine = false; // interrupted while waiting: the keeper's release() left the line
    QTimer m_liveTicker; // refreshes "... so far" on a terminal
    std::optional<SecretBuffer> m_key;
    std::unique_ptr<LeaseClient> m_client;
    std::unique_ptr<LeaseKeeper> m_keeper;
    bool m_active = false; // --active
    QTimer m_activeTicker; // --active: notes activity more often than any heartbeat
    std::unique_ptr<QSocketNotifier> m_keys;
    std::optional<termios> m_savedTerminal; // set while the terminal reads keys one by one
    bool m_everHeld = false;
    bool m_releasing = false;
    QTimer m_releaseDeadline;
};

} // namespace keyright::cli
