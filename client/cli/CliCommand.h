#pragma once

#include "CliContext.h"
#include "ClientError.h"

#include <QJsonDocument>
#include <QObject>
#include <QStringList>

#include <chrono>
#include <optional>

class QCommandLineParser;

namespace keyright::cli {

// One `keyright` command. CliApplication parses the command line with the options the command
// adds, asks it to check its arguments (prepare), then starts it; the command does its requests
// asynchronously and ends by emitting finished() with the exit code, exactly once.
class CliCommand : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CliCommand)

public:
    explicit CliCommand(CliContext &context, QObject *parent = nullptr);
    ~CliCommand() override;

    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    // What follows the command name in a usage line, e.g. "LICENSE SEAT [--reason R]".
    virtual QString synopsis() const = 0;
    virtual bool needsAdminToken() const { return true; }
    // Read commands print JSON for scripts with --json.
    virtual bool supportsJson() const { return false; }
    // Commands that run until Ctrl-C catch SIGINT/SIGTERM to end cleanly; the others keep the
    // default, which ends the process at once.
    virtual bool handlesInterrupt() const { return false; }
    virtual void addOptions(QCommandLineParser &parser) const = 0;
    // Checks the arguments after the command name. Returns a message for a usage error (exit 2),
    // or an empty string when the command can start.
    virtual QString prepare(const QCommandLineParser &parser, const QStringList &arguments) = 0;
    virtual void start() = 0;

    bool isFinished() const { return m_finished; }

    // One line on stdout / stderr, flushed at once so that a script or a test reading the stream
    // sees each line as it happens.
    static void printOut(const QString &line);
    static void printErr(const QString &line);
    // What a message about a server TLS refused ends with: how to trust its certificate.
    static QString tlsHint();

Q_SIGNALS:
    void finished(int exitCode);

protected:
    CliContext &context() const { return m_context; }
    void finish(int exitCode);
    // Prints "keyright: <doing>: <what went wrong>" and finishes with the matching exit code.
    void fail(const QString &doing, const ClientError &error);
    void failWith(int exitCode, const QString &message);
    void printJson(const QJsonObject &object, QJsonDocument::JsonFormat format = QJsonDocument::Indented);

    // Parses a duration option ("90", "10m", "1h30m") that must be whole seconds within bounds.
    static std::optional<std::chrono::seconds> parseSeconds(const QString &option, const QString &text,
                                                            std::chrono::seconds minimum, QString *error);
    static QString formatSeconds(qint64 seconds);
    // "1 seat", "0 seats", "3 seats": a count with its noun in the right number.
    static QString countOf(qint64 count, const QString &one, const QString &many);

private:
    CliContext &m_context;
    bool m_finished = false;
};

} // namespace keyright::cli
