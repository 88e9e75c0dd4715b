#pragma once

#include "CliCommand.h"
#include "LeaseKeeper.h"
#include "SecretBuffer.h"

#include <QTimer>

#include <memory>

namespace keyright {
class LeaseClient;
}

namespace keyright::cli {

// `keyright hold LICENSE --holder NAME`: takes a seat and keeps it with a LeaseKeeper until SIGINT
// or SIGTERM, then releases it and exits 0. Each renewal, lost beat, degrade and recovery is one
// timestamped line. When the very first checkout fails, it exits with that failure's code (5 when
// every seat is taken) instead of waiting for a seat.
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
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    void log(const QString &line) const;
    void onDegraded(const QString &reason);
    void onInterrupted(int signalNumber);

    QString m_licenseId;
    QString m_holder;
    LeaseKeeper::ExpiryPolicy m_policy = LeaseKeeper::ExpiryPolicy::Monotonic;
    std::optional<SecretBuffer> m_key;
    std::unique_ptr<LeaseClient> m_client;
    std::unique_ptr<LeaseKeeper> m_keeper;
    bool m_everHeld = false;
    bool m_releasing = false;
    QTimer m_releaseDeadline;
};

} // namespace keyright::cli
