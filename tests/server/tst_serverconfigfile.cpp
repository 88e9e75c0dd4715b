#include "service/ServerSettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright::server;

// The configuration file (docs/DEPLOYMENT.md, "Configuration file"): every option can be set in it,
// the command line wins key by key, and each mistake is named with the file and the line.
class TestServerConfigFile : public QObject
{
    Q_OBJECT

private slots:
    void everyOptionFromTheFile();
    void ldapSettingsAreReadAndChecked();
    void smtpSettingsAreReadAndChecked();
    void everySpecIsInTheFile();
    void commandLineWins();
    void defaultsWithoutAFile();
    void relativePathsFromTheFilesDirectory();
    void errorsNameTheLine_data();
    void errorsNameTheLine();
    void secretsOnlyFromPrivateFiles();
    void changedSettingsAreListed();

private:
    static ServerSettings parse(const QString &text, QString *error = nullptr);
    static ServerSettings commandLine(const QMap<QString, QStringList> &options);

    QTemporaryDir m_dir;
};

ServerSettings TestServerConfigFile::parse(const QString &text, QString *error)
{
    QString why;
    const auto settings = parseServerConfigText(text, u"/etc/keyright/server.conf"_s, &why);
    if (error)
        *error = why;
    return settings.value_or(ServerSettings());
}

ServerSettings TestServerConfigFile::commandLine(const QMap<QString, QStringList> &options)
{
    ServerSettings settings;
    for (auto it = options.constBegin(); it != options.constEnd(); ++it)
        settings.insert(it.key(), ServerSetting {it.value(), u"--"_s + it.key()});
    return settings;
}

const QString everyOption = uR"(# every option keyright-server has
listen = 127.0.0.1:7555
data-dir = /var/lib/keyright
demo = yes
reap-interval = 2m
event-retention-days = 30
tls-cert = tls/cert.pem
tls-key = /etc/keyright/tls/key.pem
insecure-http = true
peer = https://one.example:7400
  peer=https://two.example:7400   # indented, no spaces around '='
peer-token-file = peer-token
peer-interval = 750ms
database = postgresql://keyright@db.example:5432/keyright
database-password-file = /etc/keyright/db-password
require-synchronous-commit = true
ldap-url = ldap://dir.example.org
ldap-bind-dn = cn=keyright,ou=services,dc=example,dc=org
ldap-bind-password-file = /etc/keyright/ldap-password
ldap-starttls = true
ldap-ca-file = /etc/keyright/ldap-ca.pem
ldap-sync-interval = 10m
ldap-timeout = 5s
ldap-group = render; ou=groups,dc=example,dc=org; (cn=render); memberUid; *
smtp-url = smtp://mail.example.org:587
smtp-from = keyright@example.org
smtp-user = keyright
smtp-password-file = smtp-password
smtp-ca-file = /etc/keyright/smtp-ca.pem
smtp-timeout = 12s
max-connections = 50
max-connections-per-address = 7
header-timeout = 3s
body-timeout = 4s
idle-timeout = 5m
log-level = debug
alert-interval = 45s
)"_s;

void TestServerConfigFile::everyOptionFromTheFile()
{
    QString error;
    const ServerSettings settings = parse(everyOption, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    ServerRunSettings run;
    QVERIFY2(toServerRunSettings(settings, u"/nowhere"_s, &run, &error), qPrintable(error));
    const ServerConfig &config = run.config;
    QCOMPARE(config.address, QHostAddress(u"127.0.0.1"_s));
    QCOMPARE(config.port, quint16(7555));
    QCOMPARE(config.dataDir, u"/var/lib/keyright"_s);
    QVERIFY(config.demo);
    QCOMPARE(config.reapInterval, std::chrono::seconds(120));
    QCOMPARE(config.alertInterval, std::chrono::milliseconds(45'000));
    QCOMPARE(config.eventRetentionDays, 30);
    QCOMPARE(config.tlsCert, u"/etc/keyright/tls/cert.pem"_s);
    QCOMPARE(config.tlsKey, u"/etc/keyright/tls/key.pem"_s);
    QVERIFY(config.insecureHttp);
    QCOMPARE(config.peers, QList<QUrl>({QUrl(u"https://one.example:7400"_s), QUrl(u"https://two.example:7400"_s)}));
    QCOMPARE(config.peerTokenFiles, QStringList({u"/etc/keyright/peer-token"_s}));
    QCOMPARE(config.peerInterval, std::chrono::milliseconds(750));
    QCOMPARE(config.databaseUrl, u"postgresql://keyright@db.example:5432/keyright"_s);
    QCOMPARE(config.databasePasswordFile, u"/etc/keyright/db-password"_s);
    QVERIFY(config.requireSynchronousCommit);
    QCOMPARE(config.smtp.url, u"smtp://mail.example.org:587"_s);
    QCOMPARE(config.smtp.from, u"keyright@example.org"_s);
    QCOMPARE(config.smtp.user, u"keyright"_s);
    QCOMPARE(config.smtp.passwordFile, u"/etc/keyright/smtp-password"_s);
    QCOMPARE(config.smtp.caFile, u"/etc/keyright/smtp-ca.pem"_s);
    QCOMPARE(config.smtp.timeout, std::chrono::milliseconds(12'000));
    QCOMPARE(config.http.maxConnections, 50);
    QCOMPARE(config.http.maxConnectionsPerAddress, 7);
    QCOMPARE(config.http.headerTimeout, std::chrono::milliseconds(3000));
    QCOMPARE(config.http.bodyTimeout, std::chrono::milliseconds(4000));
    QCOMPARE(config.http.idleTimeout, std::chrono::milliseconds(300'000));
    QCOMPARE(run.logLevel, u"debug"_s);
}

void TestServerConfigFile::everySpecIsInTheFile()
{
    // A new option added to the table without a line above would go untested.
    const ServerSettings settings = parse(everyOption);
    for (const ServerOptionSpec &spec : serverOptionSpecs())
        QVERIFY2(settings.contains(spec.name), qPrintable(spec.name));
}

void TestServerConfigFile::commandLineWins()
{
    const ServerSettings file = parse(everyOption);
    const ServerSettings merged = mergeServerSettings(file,
                                                      commandLine({{u"listen"_s, {u"127.0.0.1:7600"_s}},
                                                                   {u"peer"_s, {u"https://three.example:7400"_s}},
                                                                   {u"log-level"_s, {u"warning"_s}}}));
    ServerRunSettings run;
    QString error;
    QVERIFY2(toServerRunSettings(merged, u"/nowhere"_s, &run, &error), qPrintable(error));
    QCOMPARE(run.config.port, quint16(7600));
    // A repeatable key on the command line replaces the file's list, not adds to it.
    QCOMPARE(run.config.peers, QList<QUrl>({QUrl(u"https://three.example:7400"_s)}));
    QCOMPARE(run.logLevel, u"warning"_s);
    // The rest still comes from the file.
    QCOMPARE(run.config.eventRetentionDays, 30);
    QCOMPARE(merged.value(u"listen"_s).origin, u"--listen"_s);
    QCOMPARE(merged.value(u"event-retention-days"_s).origin, u"/etc/keyright/server.conf:6"_s);
}

void TestServerConfigFile::defaultsWithoutAFile()
{
    ServerRunSettings run;
    QString error;
    QVERIFY2(toServerRunSettings({}, u"/default/dir"_s, &run, &error), qPrintable(error));
    QCOMPARE(run.config.port, quint16(7400));
    QCOMPARE(run.config.address, QHostAddress(QHostAddress::LocalHost));
    QCOMPARE(run.config.dataDir, u"/default/dir"_s);
    QCOMPARE(run.config.reapInterval, std::chrono::seconds(30));
    QCOMPARE(run.config.eventRetentionDays, 90);
    QVERIFY(!run.config.demo);
    QCOMPARE(run.logLevel, u"info"_s);
}

void TestServerConfigFile::relativePathsFromTheFilesDirectory()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(u"conf/server.conf"_s);
    QVERIFY(QDir().mkpath(m_dir.filePath(u"conf"_s)));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("data-dir = state\ntls-cert = ../cert.pem\n");
    file.close();
    QString error;
    const auto settings = readServerConfigFile(path, &error);
    QVERIFY2(settings, qPrintable(error));
    QCOMPARE(settings->value(u"data-dir"_s).values, QStringList({m_dir.filePath(u"conf/state"_s)}));
    QCOMPARE(settings->value(u"tls-cert"_s).values, QStringList({m_dir.filePath(u"cert.pem"_s)}));

    QVERIFY(!readServerConfigFile(m_dir.filePath(u"absent.conf"_s), &error));
    QVERIFY2(error.startsWith(m_dir.filePath(u"absent.conf"_s) + u": cannot read"_s), qPrintable(error));
}

void TestServerConfigFile::errorsNameTheLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << u"# c\n\nlisten = 127.0.0.1:1\nlisen = 1\n"_s
                                 << u"/etc/keyright/server.conf:4: unknown key \"lisen\""_s;
    QTest::newRow("comment after a value") << u"listen = 127.0.0.1:1 # ours\nreap-interval = 1m#no space: kept\n"_s
                                           << u"/etc/keyright/server.conf:2: reap-interval 1m#no space: kept"_s;
    QTest::newRow("no equals") << u"demo\n"_s << u"/etc/keyright/server.conf:1: expected \"key = value\""_s;
    QTest::newRow("no value") << u"\nlisten =\n"_s << u"/etc/keyright/server.conf:2: listen has no value"_s;
    QTest::newRow("duplicate") << u"log-level = info\nreap-interval = 1m\nlog-level = debug\n"_s
                               << u"/etc/keyright/server.conf:3: log-level is already set on line 1"_s;
    QTest::newRow("bad flag") << u"demo = maybe\n"_s
                              << u"/etc/keyright/server.conf:1: demo = maybe: expected true or false"_s;
    QTest::newRow("bad duration") << u"\n\nreap-interval = soon\n"_s
                                  << u"/etc/keyright/server.conf:3: reap-interval soon: expected a duration"_s;
    QTest::newRow("bad number") << u"max-connections = 0\n"_s
                                << u"/etc/keyright/server.conf:1: max-connections 0: expected a whole number"_s;
    QTest::newRow("negative days") << u"event-retention-days = -1\n"_s
                                   << u"/etc/keyright/server.conf:1: event-retention-days -1"_s;
    QTest::newRow("bad listen") << u"listen = nowhere\n"_s << u"/etc/keyright/server.conf:1: "_s;
    QTest::newRow("bad log level") << u"log-level = loud\n"_s
                                   << u"/etc/keyright/server.conf:1: log-level loud: expected debug, info"_s;
    QTest::newRow("bad peer") << u"peer = ftp://x\n"_s << u"/etc/keyright/server.conf:1: peer ftp://x"_s;
    QTest::newRow("password file alone") << u"database-password-file = /p\n"_s
                                         << u"/etc/keyright/server.conf:1: database-password-file goes with"_s;
}

void TestServerConfigFile::errorsNameTheLine()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QString error;
    const auto settings = parseServerConfigText(text, u"/etc/keyright/server.conf"_s, &error);
    if (settings) {
        ServerRunSettings run;
        QVERIFY(!toServerRunSettings(*settings, u"/nowhere"_s, &run, &error));
    }
    QVERIFY2(error.startsWith(expected), qPrintable(error));
}

void TestServerConfigFile::secretsOnlyFromPrivateFiles()
{
    QVERIFY(m_dir.isValid());
    const QString secret = m_dir.filePath(u"db-password"_s);
    QFile file(secret);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("s3cret\n");
    file.close();
    for (const QString &key : {u"database-password-file"_s, u"tls-key"_s, u"peer-token-file"_s,
                               u"ldap-bind-password-file"_s, u"smtp-password-file"_s}) {
        QVERIFY(
            QFile::setPermissions(secret, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
        const ServerSettings settings = parse(u"\n%1 = %2\n"_s.arg(key, secret));
        const QString problem = checkSecretFiles(settings);
        QVERIFY2(problem.startsWith(u"/etc/keyright/server.conf:2: %1 %2 can be read"_s.arg(key, secret)),
                 qPrintable(problem));
        QVERIFY2(problem.contains(u"chmod 600"_s), qPrintable(problem));
        QVERIFY(QFile::setPermissions(secret, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(checkSecretFiles(settings), QString());
    }
    const QString missing = checkSecretFiles(parse(u"tls-key = /no/such/key.pem\n"_s));
    QVERIFY2(missing.contains(u"no such file"_s), qPrintable(missing));
}

void TestServerConfigFile::ldapSettingsAreReadAndChecked()
{
    // Holder groups from LDAP (issue 28); tst_ldapgroups runs them against a slapd.
    QString error;
    const auto parsed = parseServerConfigText(
        u"ldap-url = ldap://dir.example.org\nldap-bind-dn = cn=reader,dc=example,dc=org\n"
        "ldap-bind-password-file = reader.pw\nldap-starttls = yes\nldap-sync-interval = 2m\nldap-timeout = 4s\n"
        "ldap-group = render; ou=groups,dc=example,dc=org; (&(cn=render)(objectClass=posixGroup)); memberUid; *\n"
        "ldap-group = qa; ou=people,dc=example,dc=org; (departmentNumber=qa); uid; qa-*\n"_s,
        u"/etc/keyright/server.conf"_s, &error);
    QVERIFY2(parsed, qPrintable(error));
    ServerRunSettings run;
    QVERIFY2(toServerRunSettings(*parsed, u"/var/lib/keyright"_s, &run, &error), qPrintable(error));
    const LdapSettings &ldap = run.config.ldap;
    QCOMPARE(ldap.url, u"ldap://dir.example.org"_s);
    QCOMPARE(ldap.bindPasswordFile, u"/etc/keyright/reader.pw"_s);
    QVERIFY(ldap.startTls);
    QCOMPARE(ldap.syncInterval, std::chrono::milliseconds(std::chrono::minutes(2)));
    QCOMPARE(ldap.timeout, std::chrono::milliseconds(4000));
    QCOMPARE(ldap.groups.size(), 2);
    QCOMPARE(ldap.groups.at(0).filter, u"(&(cn=render)(objectClass=posixGroup))"_s);
    QCOMPARE(ldap.groups.at(1).hostPattern, u"qa-*"_s);

    const QList<std::pair<QString, QString>> refused {
        {u"ldap-group = render; ou=groups; (cn=render); memberUid; *\n"_s, u"need ldap-url"_s},
        {u"ldap-url = http://dir\nldap-group = render; ou=g; (cn=r); uid; *\n"_s, u"expected ldap://"_s},
        {u"ldap-url = ldap://dir\n"_s, u"no ldap-group"_s},
        {u"ldap-url = ldap://dir\nldap-group = render; ou=g; (cn=r); uid\n"_s, u"expected NAME;"_s},
        {u"ldap-url = ldap://dir\nldap-group = Render; ou=g; (cn=r); uid; *\n"_s, u"not a group name"_s},
        {u"ldap-url = ldap://dir\nldap-bind-dn = cn=x\nldap-group = r; ou=g; (cn=r); uid; *\n"_s,
         u"needs ldap-bind-password-file"_s},
        {u"ldap-url = ldaps://dir\nldap-starttls = on\nldap-group = r; ou=g; (cn=r); uid; *\n"_s, u"TLS already"_s},
        {u"ldap-url = ldap://dir\nldap-timeout = 0s\nldap-group = r; ou=g; (cn=r); uid; *\n"_s, u"above zero"_s},
    };
    for (const auto &[text, expected] : refused) {
        const auto settings = parseServerConfigText(text, u"/etc/keyright/server.conf"_s, &error);
        QVERIFY2(settings, qPrintable(error));
        QVERIFY(!toServerRunSettings(*settings, u"/var/lib/keyright"_s, &run, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }
}

void TestServerConfigFile::smtpSettingsAreReadAndChecked()
{
    // Alert mail (issue 29); tst_smtpmailer sends through a real SMTP server.
    QString error;
    const auto parsed
        = parseServerConfigText(u"smtp-url = smtps://mail.example.org\nsmtp-from = alerts@example.org\n"_s,
                                u"/etc/keyright/server.conf"_s, &error);
    QVERIFY2(parsed, qPrintable(error));
    ServerRunSettings run;
    QVERIFY2(toServerRunSettings(*parsed, u"/var/lib/keyright"_s, &run, &error), qPrintable(error));
    const SmtpSettings &smtp = run.config.smtp;
    QVERIFY(smtp.enabled());
    QCOMPARE(smtp.url, u"smtps://mail.example.org"_s);
    QVERIFY(smtp.user.isEmpty());
    QVERIFY(smtp.caFile.isEmpty());
    QCOMPARE(smtp.timeout, std::chrono::milliseconds(30'000));
    QVERIFY2(toServerRunSettings({}, u"/var/lib/keyright"_s, &run, &error), qPrintable(error));
    QVERIFY(!run.config.smtp.enabled());

    const QList<std::pair<QString, QString>> refused {
        {u"smtp-from = a@example.org\n"_s, u"/etc/keyright/server.conf:1: the smtp-* settings need smtp-url"_s},
        {u"smtp-url = http://mail.example.org\nsmtp-from = a@example.org\n"_s,
         u"/etc/keyright/server.conf:1: smtp-url http://mail.example.org: expected smtp://host[:port]"_s},
        {u"smtp-url = smtp://\nsmtp-from = a@example.org\n"_s, u"smtp-url smtp://: expected smtp://host[:port]"_s},
        {u"smtp-url = smtp://keyright:s3cret@mail.example.org\nsmtp-from = a@example.org\n"_s,
         u"the URL holds a user or a password"_s},
        {u"smtp-url = smtp://mail.example.org/x?y\nsmtp-from = a@example.org\n"_s, u"nothing after the port"_s},
        {u"smtp-url = smtp://mail.example.org\n"_s, u"smtp-url needs smtp-from"_s},
        {u"smtp-url = smtp://mail.example.org\nsmtp-from = Keyright <a@example.org>\n"_s,
         u"/etc/keyright/server.conf:2: smtp-from Keyright <a@example.org>: expected a plain address"_s},
        {u"smtp-url = smtp://mail.example.org\nsmtp-from = a@example.org\nsmtp-user = k\n"_s,
         u"/etc/keyright/server.conf:3: smtp-user needs smtp-password-file"_s},
        {u"smtp-url = smtp://mail.example.org\nsmtp-from = a@example.org\nsmtp-password-file = pw\n"_s,
         u"smtp-password-file goes with smtp-user"_s},
        {u"smtp-url = smtp://mail.example.org\nsmtp-from = a@example.org\nsmtp-timeout = 0s\n"_s,
         u"/etc/keyright/server.conf:3: smtp-timeout 0s: expected a duration above zero"_s},
    };
    for (const auto &[text, expected] : refused) {
        const auto settings = parseServerConfigText(text, u"/etc/keyright/server.conf"_s, &error);
        QVERIFY2(settings, qPrintable(error));
        QVERIFY(!toServerRunSettings(*settings, u"/var/lib/keyright"_s, &run, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }
}

void TestServerConfigFile::changedSettingsAreListed()
{
    const ServerSettings before = parse(u"log-level = info\nlisten = 127.0.0.1:1\nreap-interval = 1m\n"_s);
    const ServerSettings after = parse(u"# reordered\nreap-interval = 1m\nlog-level = debug\nlisten = 127.0.0.1:2\n"_s);
    QCOMPARE(changedServerSettings(before, after), QStringList({u"listen"_s, u"log-level"_s}));
    QVERIFY(findServerOption(u"log-level"_s)->reloadable);
    QVERIFY(!findServerOption(u"listen"_s)->reloadable);
}

QTEST_GUILESS_MAIN(TestServerConfigFile)
#include "tst_serverconfigfile.moc"
