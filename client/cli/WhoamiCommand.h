#pragma once

#include "CliCommand.h"

namespace keyright::cli {

// `keyright whoami`: the name and role of the token in use, so a person can tell what they may do
// before trying it.
class WhoamiCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WhoamiCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;
};

} // namespace keyright::cli
