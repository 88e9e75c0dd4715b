#pragma once

#include "ServerConfig.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyright::server {

// keyright-server's settings, from the command line and from the configuration file
// (docs/DEPLOYMENT.md, "Configuration file"): one table of every option, the file's reader and the
// conversion of both into a ServerConfig. The file holds `key = value` lines named as the long
// options, `#` comments and blank lines; the command line wins over the file, key by key.
struct ServerSetting
{
    QStringList values; // one per occurrence; flags hold "true" or "false"
    QString origin; // for messages: "--listen" or "/etc/keyright/server.conf:12"
};
using ServerSettings = QMap<QString, ServerSetting>;

struct ServerOptionSpec
{
    enum class Kind { Value, Flag, List };
    QString name; // the long option and the file's key
    Kind kind = Kind::Value;
    bool path = false; // relative paths in a file are taken from the file's directory
    bool reloadable = false; // SIGHUP applies it without a restart
};

// Every option the file may set (all of keyright-server's options but --help, --version,
// --config, --check-config, --export-public-key and the hidden test options).
const QList<ServerOptionSpec> &serverOptionSpecs();
const ServerOptionSpec *findServerOption(const QString &name);

// /etc/keyright/server.conf
QString defaultConfigFilePath();

// Reads a configuration file. nullopt with "FILE:LINE: problem" (unknown key, a value missing or
// malformed, a key given twice) or "FILE: why it cannot be read".
std::optional<ServerSettings> readServerConfigFile(const QString &path, QString *error);
std::optional<ServerSettings> parseServerConfigText(const QString &text, const QString &path, QString *error);

// The file's settings with the command line's on top: a key given on the command line replaces
// every value the file gave it.
ServerSettings mergeServerSettings(const ServerSettings &file, const ServerSettings &commandLine);

// Log levels of --log-level, least to most severe.
const QStringList &serverLogLevels();
// Lets through the keyright.* messages at `level` and above (QLoggingCategory filter rules).
void applyServerLogLevel(const QString &level);

struct ServerRunSettings
{
    ServerConfig config;
    QString logLevel = QStringLiteral("info");
};

// Checks every value and fills a ServerConfig (defaults for what is absent; the data directory
// defaults to `defaultDataDir`). False with a message naming the origin (the option or FILE:LINE)
// and the problem.
bool toServerRunSettings(const ServerSettings &settings, const QString &defaultDataDir, ServerRunSettings *out,
                         QString *error);

// Secrets are only read from files that nobody but their owner can read: the TLS key, the
// database password file, the peer token files, the LDAP bind password file and the SMTP password
// file. Empty when they all exist and are 0600 or stricter; otherwise the first problem, naming
// the setting and the file.
QString checkSecretFiles(const ServerSettings &settings);

// The keys whose values differ between two settings, in the table's order.
QStringList changedServerSettings(const ServerSettings &before, const ServerSettings &after);

} // namespace keyright::server
