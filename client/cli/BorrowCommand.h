#pragma once

#include "CliCommand.h"
#include "LeaseClient.h"
#include "SecretBuffer.h"

#include <memory>
#include <optional>

namespace keyright::cli {

// `keyright borrow LICENSE --days N [--holder NAME] [--key-file FILE] [--json]`: borrows a seat for
// N whole days (issue 27) and keeps the signed lease on this computer (BorrowedLeaseFile), where an
// application checks it with no server until it expires or `keyright return` gives it back.
class BorrowCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BorrowCommand)

public:
    using CliCommand::CliCommand;
    ~BorrowCommand() override;

    QString name() const override;
    QString summary() const override;
    QString synopsis() const override;
    bool needsAdminToken() const override { return false; }
    bool supportsJson() const override { return true; }
    void addOptions(QCommandLineParser &parser) const override;
    QString prepare(const QCommandLineParser &parser, const QStringList &arguments) override;
    void start() override;

    // The license key of the client commands: --key-file FILE (0600) or KEYRIGHT_LICENSE_KEY;
    // nullopt with the usage message in *why.
    static std::optional<SecretBuffer> licenseKey(const QCommandLineParser &parser, QString *why);
    // "user@host", the holder a borrow names when --holder is not given.
    static QString defaultHolder();
    // A LeaseClient for the context's servers and the license.
    static std::unique_ptr<LeaseClient> clientFor(const CliContext &context, const QString &licenseId,
                                                  const SecretBuffer &key);
    // The message and exit code of a failed lease request.
    static int exitCodeOf(const BorrowOutcome &outcome);

private:
    QString m_licenseId;
    QString m_holder;
    int m_days = 0;
    std::optional<SecretBuffer> m_key;
    std::unique_ptr<LeaseClient> m_client;
};

} // namespace keyright::cli
