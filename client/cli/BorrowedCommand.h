#pragma once

#include "CliCommand.h"

namespace keyright::cli {

// `keyright borrowed`: the borrowed leases kept on this computer (issue 27), each checked offline
// as the application would (BorrowedLeaseFile::check): license, holder, until when, and "ok" or
// the one sentence that says why it is refused. Asks no server.
class BorrowedCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BorrowedCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool needsAdminToken() const override { return false; }
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;
};

} // namespace keyright::cli
