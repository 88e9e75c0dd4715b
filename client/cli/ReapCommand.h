#pragma once

#include "CliCommand.h"

namespace keyright::cli {

// `keyright reap [--dry-run]`: deletes the rows past expiresAt + reap grace now, instead of
// waiting for the server's periodic sweep; --dry-run lists them without deleting.
class ReapCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReapCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    bool m_dryRun = false;
};

} // namespace keyright::cli
