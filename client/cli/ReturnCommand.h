#pragma once

#include "CliCommand.h"
#include "LeaseClient.h"
#include "SecretBuffer.h"

#include <memory>
#include <optional>

namespace keyright::cli {

// `keyright return LICENSE [--key-file FILE] [--json]`: gives the seat this computer borrowed back
// to the server before it expires (issue 27), then removes the borrowed lease file.
class ReturnCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReturnCommand)

public:
    using CliCommand::CliCommand;
    ~ReturnCommand() override;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool needsAdminToken() const override { return false; }
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

private:
    QString m_licenseId;
    std::optional<SecretBuffer> m_key;
    std::unique_ptr<LeaseClient> m_client;
};

} // namespace keyright::cli
