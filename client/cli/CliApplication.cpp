#include "CliApplication.h"

#include "AdminClient.h"
#include "AlertsCommand.h"
#include "BorrowCommand.h"
#include "BorrowedCommand.h"
#include "CliCommand.h"
#include "Durations.h"
#include "EventsCommand.h"
#include "ExitCode.h"
#include "ExplainCommand.h"
#include "HoldCommand.h"
#include "LicenseCommand.h"
#include "ReapCommand.h"
#include "ReportCommand.h"
#include "ReturnCommand.h"
#include "RevokeCommand.h"
#include "SecretBuffer.h"
#include "SignalWatcher.h"
#include "StatusCommand.h"
#include "SystemClock.h"
#include "TextTable.h"
#include "TokenCommand.h"
#include "WhoamiCommand.h"
#include "WriteOffCommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QNetworkAccessManager>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

const QString defaultServer = u"http://127.0.0.1:7400"_s;

// QCommandLineParser names the program as it was invoked ("./keyright") and cannot show a
// command's several forms; the usage line is ours.
QString helpText(QCommandLineParser &parser, const QString &usage)
{
    QString text = parser.helpText();
    while (text.endsWith(u'\n'))
        text.chop(1);
    const qsizetype endOfUsage = text.indexOf(u'\n');
    return u"Usage: "_s + usage + (endOfUsage < 0 ? QString() : text.mid(endOfUsage));
}

} // namespace

CliApplication::CliApplication(QObject *parent)
    : QObject(parent)
    , m_network(std::make_unique<QNetworkAccessManager>())
    , m_admin(std::make_unique<AdminClient>(*m_network, SystemClock::instance()))
{
    m_context.network = m_network.get();
    m_context.admin = m_admin.get();
    m_context.clock = &SystemClock::instance();
    m_commands = {
        new StatusCommand(m_context, this),   new HoldCommand(m_context, this),   new RevokeCommand(m_context, this),
        new ReapCommand(m_context, this),     new EventsCommand(m_context, this), new ReportCommand(m_context, this),
        new LicenseCommand(m_context, this),  new TokenCommand(m_context, this),  new WhoamiCommand(m_context, this),
        new ExplainCommand(m_context, this),  new AlertsCommand(m_context, this), new BorrowCommand(m_context, this),
        new BorrowedCommand(m_context, this), new ReturnCommand(m_context, this), new WriteOffCommand(m_context, this),
    };
}

CliApplication::~CliApplication()
{
    // The commands own LeaseClients and requests that use the network manager: they go first,
    // before the members they point into (QObject would delete them only after the members).
    qDeleteAll(m_commands);
    m_commands.clear();
    delete m_signalWatcher;
}

QString CliApplication::epilog()
{
    return uR"(Exit codes:
  0  success
  1  any other error (the message on stderr says which)
  2  usage error: unknown command or option, missing or malformed argument,
     or a value the server refused as invalid
  3  unauthorized: the admin token or license key was refused
  4  not found: unknown license or seat
  5  no seat: every seat is in use, the holder is blocked or not allowed,
     or hold --wait waited its longest (hold); the borrow was refused, or this
     computer already holds a borrowed seat of the license (borrow); the seat
     is borrowed (revoke); the server refused the early return (return)
  6  server unreachable: connection refused, timed out, TLS failure
  7  forbidden: the token's role may not do this (the message names the role needed)
  8  a borrowed lease file on this computer cannot be read: damaged, open to
     other users or unreadable (borrowed, borrow, return); the message names
     the file and what to do

Environment:
  KEYRIGHT_SERVERS      comma-separated server instance URLs when --server is not given
  KEYRIGHT_SERVER       server URL when neither is given (default http://127.0.0.1:7400)
  KEYRIGHT_ADMIN_TOKEN  the admin token itself (not a file) when --token-file is not given
  KEYRIGHT_LICENSE_KEY  the license key itself for hold when --key-file is not given
  SSL_CERT_FILE         a PEM file of certificate authorities trusted for https://, besides the system's
  SSL_CERT_DIR          directories (colon-separated) of such PEM files)"_s;
}

void CliApplication::addGlobalOptions(QCommandLineParser &parser) const
{
    parser.addOption({{u"h"_s, u"help"_s}, u"Show help (for a command: keyright COMMAND --help)."_s});
    parser.addOption({u"version"_s, u"Show the version."_s});
    parser.addOption({u"server"_s,
                      u"Lease server URL; repeat it for every instance of one site, tried in turn (default: "
                      u"KEYRIGHT_SERVERS, KEYRIGHT_SERVER, else %1)."_s.arg(defaultServer),
                      u"URL"_s});
    parser.addOption({u"token-file"_s,
                      u"File holding the admin token (mode 0600; else the token itself in KEYRIGHT_ADMIN_TOKEN)."_s,
                      u"FILE"_s});
    parser.addOption({u"timeout"_s, u"Give up on a request after this long (default 10s)."_s, u"DURATION"_s});
    parser.addOption({u"ca-file"_s,
                      u"PEM file of the certificate authorities (or the self-signed certificate) to trust for "
                      u"https:// servers, besides the system's and SSL_CERT_FILE/SSL_CERT_DIR; repeat it for "
                      u"several files."_s,
                      u"FILE"_s});
}

QString CliApplication::generalHelp(QCommandLineParser &parser) const
{
    QString text = helpText(parser, u"keyright [options] COMMAND [ARGUMENTS]"_s);
    TextTable commands;
    commands.setIndent(2);
    for (const CliCommand *command : m_commands)
        commands.addRow({command->name(), command->summary()});
    text += u"\n\nCommands:\n"_s + commands.render().join(u'\n');
    text += u"\n\nRun keyright COMMAND --help for a command's arguments and options.\n\n"_s + epilog();
    return text;
}

CliCommand *CliApplication::findCommand(const QString &name) const
{
    for (CliCommand *command : m_commands) {
        if (command->name() == name)
            return command;
    }
    return nullptr;
}

int CliApplication::usageError(const QString &message) const
{
    CliCommand::printErr(u"keyright: %1 (see keyright --help)"_s.arg(message));
    return Usage;
}

int CliApplication::commandUsageError(const QString &command, const QString &message) const
{
    CliCommand::printErr(u"keyright %1: %2 (see keyright %1 --help)"_s.arg(command, message));
    return Usage;
}

int CliApplication::run(const QStringList &arguments)
{
    // First pass: the global options and the command name; everything after the command is left
    // for the command's own parser.
    QCommandLineParser global;
    global.setApplicationDescription(u"Keyright floating-license seats: status, holding a seat, revoking, "
                                     u"reaping, audit events and license administration."_s);
    global.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    addGlobalOptions(global);
    // Accepted before the command too ("keyright --json status"); the command's parser decides
    // whether it applies.
    QCommandLineOption json(u"json"_s, u"Print JSON."_s);
    json.setFlags(QCommandLineOption::HiddenFromHelp);
    global.addOption(json);
    global.addPositionalArgument(u"command"_s, u"One of the commands below."_s, u"COMMAND [ARGUMENTS]"_s);
    QString name;
    if (!global.parse(arguments)) {
        // A command's own option before the command ("keyright --key-file K hold ..."): the first
        // word that names a command is the command, and its parser, which knows every option of
        // it, reads the whole line below. Only an option no command takes is refused here.
        const QStringList unknown = global.unknownOptionNames();
        if (unknown.isEmpty())
            return usageError(global.errorText());
        for (const QString &argument : arguments.mid(1)) {
            if (findCommand(argument)) {
                name = argument;
                break;
            }
        }
        if (name.isEmpty())
            return usageError(
                u"unknown option %1%2"_s.arg(unknown.first().size() == 1 ? u"-"_s : u"--"_s, unknown.first()));
    } else if (global.positionalArguments().isEmpty()) {
        if (global.isSet(u"version"_s)) {
            CliCommand::printOut(u"keyright %1"_s.arg(QCoreApplication::applicationVersion()));
            return Ok;
        }
        if (global.isSet(u"help"_s)) {
            CliCommand::printOut(generalHelp(global));
            return Ok;
        }
        return usageError(u"no command given"_s);
    }
    if (name.isEmpty())
        name = global.positionalArguments().constFirst();
    if (name == u"help"_s) {
        CliCommand::printOut(generalHelp(global));
        return Ok;
    }
    CliCommand *command = findCommand(name);
    if (!command)
        return usageError(u"unknown command \"%1\""_s.arg(name));

    QCommandLineParser parser;
    parser.setApplicationDescription(command->summary());
    addGlobalOptions(parser);
    if (command->supportsJson())
        parser.addOption({u"json"_s, u"Print machine-readable JSON instead of columns."_s});
    parser.addPositionalArgument(name, command->summary());
    command->addOptions(parser);
    if (!parser.parse(arguments)) {
        // Qt's "Unknown option 'bogus'." names neither the dashes nor where the right options are.
        const QStringList unknown = parser.unknownOptionNames();
        if (!unknown.isEmpty())
            return commandUsageError(
                name, u"unknown option %1%2"_s.arg(unknown.first().size() == 1 ? u"-"_s : u"--"_s, unknown.first()));
        return commandUsageError(name, parser.errorText());
    }
    if (parser.isSet(u"help"_s)) {
        CliCommand::printOut(helpText(parser, u"keyright [options] %1 %2"_s.arg(name, command->synopsis())) + u"\n\n"_s
                             + epilog());
        return Ok;
    }
    const int configured = configure(parser, *command);
    if (configured >= 0)
        return configured;
    const QString problem = command->prepare(parser, parser.positionalArguments().mid(1));
    if (!problem.isEmpty())
        return commandUsageError(name, problem);

    if (command->handlesInterrupt()) {
        m_signalWatcher = new SignalWatcher(this);
        m_context.signalWatcher = m_signalWatcher;
    }
    connect(
        command, &CliCommand::finished, this, [](int code) { QCoreApplication::exit(code); }, Qt::QueuedConnection);
    QMetaObject::invokeMethod(command, &CliCommand::start, Qt::QueuedConnection);
    return QCoreApplication::exec();
}

int CliApplication::configure(const QCommandLineParser &parser, const CliCommand &command)
{
    QStringList servers = parser.values(u"server"_s);
    if (servers.isEmpty())
        servers = qEnvironmentVariable("KEYRIGHT_SERVERS").split(u',', Qt::SkipEmptyParts);
    if (servers.isEmpty() && !qEnvironmentVariable("KEYRIGHT_SERVER").isEmpty())
        servers = {qEnvironmentVariable("KEYRIGHT_SERVER")};
    if (servers.isEmpty())
        servers = {defaultServer};
    QList<QUrl> urls;
    for (const QString &given : std::as_const(servers)) {
        const QString server = given.trimmed();
        const QUrl url(server, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s) || url.host().isEmpty())
            return usageError(u"--server: \"%1\" is not an http:// or https:// URL with a host"_s.arg(server));
        urls.append(url);
    }
    m_context.serverUrl = urls.constFirst();
    m_context.serverUrls = urls;
    m_admin->setServerUrls(urls);

    // OpenSSL's variables are read only when a server speaks HTTPS, so that a stale SSL_CERT_FILE
    // does not stop a plain-HTTP command.
    const bool https
        = std::any_of(urls.cbegin(), urls.cend(), [](const QUrl &url) { return url.scheme() == u"https"_s; });
    if (https) {
        QString why;
        QStringList warnings;
        const auto fromEnvironment = TlsTrust::fromEnvironment(&why, &warnings);
        for (const QString &warning : std::as_const(warnings))
            CliCommand::printErr(u"keyright: warning: %1"_s.arg(warning));
        if (!fromEnvironment) {
            CliCommand::printErr(u"keyright: cannot use the certificate authorities: %1"_s.arg(why));
            return Failure;
        }
        m_context.tlsTrust.addAuthorities(*fromEnvironment);
    }
    // Every --ca-file given is trusted, not only the last: each instance of a site may have its
    // own authority.
    for (const QString &caFile : parser.values(u"ca-file"_s)) {
        QString why;
        const auto authorities = TlsTrust::readCaFile(caFile, &why);
        if (!authorities) {
            CliCommand::printErr(u"keyright: --ca-file: %1"_s.arg(why));
            return Failure;
        }
        m_context.tlsTrust.addAuthorities(*authorities);
    }
    m_admin->setTlsTrust(m_context.tlsTrust);

    if (parser.isSet(u"timeout"_s)) {
        const auto timeout = parseDuration(parser.value(u"timeout"_s));
        if (!timeout || timeout->count() <= 0)
            return usageError(u"--timeout: \"%1\" is not a positive duration"_s.arg(parser.value(u"timeout"_s)));
        m_context.timeout = *timeout;
    }
    m_admin->setTransferTimeout(m_context.timeout);
    m_context.json = command.supportsJson() && parser.isSet(u"json"_s);

    if (!command.needsAdminToken())
        return -1;
    if (parser.isSet(u"token-file"_s)) {
        QString why;
        const std::optional<SecretBuffer> token = readSecretFile(parser.value(u"token-file"_s), &why);
        if (!token) {
            // The reason is a sentence of its own ("Refusing secret file ..."): as the end of this
            // one it starts in lower case and loses its full stop.
            if (!why.isEmpty())
                why[0] = why.at(0).toLower();
            if (why.endsWith(u'.'))
                why.chop(1);
            CliCommand::printErr(u"keyright: cannot use the token file: %1"_s.arg(why));
            return Failure;
        }
        if (token->isEmpty()) {
            CliCommand::printErr(u"keyright: the token file %1 is empty"_s.arg(parser.value(u"token-file"_s)));
            return Failure;
        }
        m_admin->setAdminToken(token->view());
        return -1;
    }
    QByteArray fromEnvironment = qgetenv("KEYRIGHT_ADMIN_TOKEN").trimmed();
    if (fromEnvironment.isEmpty())
        return usageError(u"no admin token: pass --token-file FILE or set KEYRIGHT_ADMIN_TOKEN"_s);
    m_admin->setAdminToken(fromEnvironment);
    fromEnvironment.fill('\0');
    return -1;
}

} // namespace keyright::cli
