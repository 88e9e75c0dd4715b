#pragma once

#include "AdminTypes.h"
#include "CliCommand.h"

namespace keyright::cli {

// `keyright revoke LICENSE SEAT [--reason R] [--block 10m]`: frees a seat at once. SEAT may be any
// unique prefix of the seat id, such as the 8 characters `status` shows.
class RevokeCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RevokeCommand)

public:
    using CliCommand::CliCommand;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    void revoke(const QString &seatId, const QString &holder);

    RevokeRequest m_request;
    QString m_seatPrefix;
};

} // namespace keyright::cli
