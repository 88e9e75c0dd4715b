#pragma once

#include "CliCommand.h"
#include "wire/AccessRole.h"

#include <QString>

#include <chrono>
#include <optional>

namespace keyright::cli {

// `keyright token create NAME... | list | revoke NAME`: the named access tokens of the server
// (admin only). create prints the new token once; the server keeps only its hash.
class TokenCommand final : public CliCommand
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenCommand)

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
    enum class Action { Create, List, Revoke };

    void create();
    void list();
    void revoke();

    Action m_action = Action::List;
    QString m_tokenName;
    AccessRole m_role = AccessRole::Viewer;
    std::optional<std::chrono::seconds> m_lifetime;
};

} // namespace keyright::cli
