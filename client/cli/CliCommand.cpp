#include "CliCommand.h"

#include "Durations.h"
#include "ExitCode.h"

#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace keyright::cli {

CliCommand::CliCommand(CliContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{ }

CliCommand::~CliCommand() = default;

void CliCommand::printOut(const QString &line)
{
    static QTextStream out(stdout);
    out << line << u'\n';
    out.flush();
}

void CliCommand::printErr(const QString &line)
{
    static QTextStream err(stderr);
    err << line << u'\n';
    err.flush();
}

void CliCommand::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    Q_EMIT finished(exitCode);
}

QString CliCommand::tlsHint()
{
    return u" (to trust a private authority or a self-signed certificate, pass --ca-file FILE, or set "
           u"SSL_CERT_FILE to a PEM file or SSL_CERT_DIR to a directory of them)"_s;
}

void CliCommand::fail(const QString &doing, const ClientError &error)
{
    QString message = error.message;
    switch (error.kind) {
    case ClientError::Kind::Transport:
        message = u"server unreachable: %1"_s.arg(error.message);
        break;
    case ClientError::Kind::Tls:
        message = error.message + tlsHint();
        break;
    case ClientError::Kind::Unauthorized:
        message = u"unauthorized: %1; check --token-file or KEYRIGHT_ADMIN_TOKEN"_s.arg(error.message);
        break;
    case ClientError::Kind::Forbidden:
        message = u"forbidden: %1"_s.arg(error.message);
        break;
    case ClientError::Kind::BadRequest:
        if (!error.field.isEmpty() && !error.message.contains(error.field))
            message = u"%1 (field %2)"_s.arg(error.message, error.field);
        break;
    default:
        break;
    }
    // A failure to reach the server, to trust it, to agree on its key or to be let in says nothing
    // about the step that met it: whatever the command does first would be named, and mislead.
    const bool connection = error.kind == ClientError::Kind::Transport || error.kind == ClientError::Kind::Tls
        || error.kind == ClientError::Kind::KeyMismatch || error.kind == ClientError::Kind::Unauthorized;
    failWith(exitCodeFor(error), doing.isEmpty() || connection ? message : u"%1: %2"_s.arg(doing, message));
}

void CliCommand::failWith(int exitCode, const QString &message)
{
    printErr(u"keyright: %1"_s.arg(message));
    finish(exitCode);
}

void CliCommand::printJson(const QJsonObject &object, QJsonDocument::JsonFormat format)
{
    QString text = QString::fromUtf8(QJsonDocument(object).toJson(format));
    while (text.endsWith(u'\n'))
        text.chop(1);
    printOut(text);
}

std::optional<std::chrono::seconds> CliCommand::parseSeconds(const QString &option, const QString &text,
                                                             std::chrono::seconds minimum, QString *error)
{
    const std::optional<std::chrono::milliseconds> parsed = parseDuration(text);
    if (!parsed) {
        *error = u"--%1: \"%2\" is not a duration (try 90, 90s, 10m, 2h or 1h30m)"_s.arg(option, text);
        return std::nullopt;
    }
    if (parsed->count() % 1000 != 0) {
        *error = u"--%1: \"%2\" is not a whole number of seconds"_s.arg(option, text);
        return std::nullopt;
    }
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(*parsed);
    if (seconds < minimum) {
        *error = u"--%1: must be at least %2"_s.arg(option, formatSeconds(minimum.count()));
        return std::nullopt;
    }
    return seconds;
}

QString CliCommand::countOf(qint64 count, const QString &one, const QString &many)
{
    return u"%1 %2"_s.arg(count).arg(count == 1 ? one : many);
}

QString CliCommand::formatSeconds(qint64 seconds)
{
    if (seconds == 0)
        return u"0s"_s;
    return formatDuration(std::chrono::seconds {seconds});
}

} // namespace keyright::cli
