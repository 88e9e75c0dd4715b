#pragma once

#include "CliContext.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <vector>

class QCommandLineParser;
class QNetworkAccessManager;

namespace keyright {
class AdminClient;
}

namespace keyright::cli {

class CliCommand;
class SignalWatcher;

// Parses `keyright [global options] COMMAND [arguments]`, sets up the shared objects, runs the
// command on the event loop and returns its exit code.
class CliApplication final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliApplication)

public:
    explicit CliApplication(QObject *parent = nullptr);
    ~CliApplication() override;

    // Runs the command line to completion (the QCoreApplication must exist).
    int run(const QStringList &arguments);

    // The exit codes and environment, shown after the option list in --help.
    static QString epilog();

private:
    void addGlobalOptions(QCommandLineParser &parser) const;
    QString generalHelp(QCommandLineParser &parser) const;
    CliCommand *findCommand(const QString &name) const;
    int usageError(const QString &message) const;
    // A problem with a command's own arguments: names the command and its help.
    int commandUsageError(const QString &command, const QString &message) const;
    // Fills the context from the global options and the environment; returns an exit code on
    // failure, or -1 when everything is in place.
    int configure(const QCommandLineParser &parser, const CliCommand &command);

    CliContext m_context;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
    SignalWatcher *m_signalWatcher = nullptr;
    std::vector<CliCommand *> m_commands;
};

} // namespace keyright::cli
