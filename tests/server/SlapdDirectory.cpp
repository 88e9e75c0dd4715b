#include "SlapdDirectory.h"

#include "ServerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTcpSocket>
#include <QThread>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString findProgram(const QString &name)
{
    const QString found = QStandardPaths::findExecutable(name);
    return found.isEmpty() ? QStandardPaths::findExecutable(name, {u"/usr/sbin"_s, u"/usr/local/sbin"_s}) : found;
}

} // namespace

SlapdDirectory::SlapdDirectory()
{
    m_slapd = findProgram(u"slapd"_s);
    m_slapadd = findProgram(u"slapadd"_s);
    m_ldapmodify = findProgram(u"ldapmodify"_s);
    m_openssl = findProgram(u"openssl"_s);
    QStringList missing;
    for (const auto &[program, name] :
         {std::pair {&m_slapd, u"slapd"_s}, std::pair {&m_slapadd, u"slapadd"_s},
          std::pair {&m_ldapmodify, u"ldapmodify (ldap-utils)"_s}, std::pair {&m_openssl, u"openssl"_s}}) {
        if (program->isEmpty())
            missing.append(name);
    }
    if (!missing.isEmpty())
        m_unavailable
            = u"%1 not installed (scripts/install-deps.sh installs slapd and ldap-utils)"_s.arg(missing.join(u", "_s));
    else if (!QFile::exists(u"/usr/lib/ldap/back_mdb.so"_s) || !QFile::exists(u"/etc/ldap/schema/nis.schema"_s))
        m_unavailable = u"slapd's mdb module or schema files are missing"_s;
}

SlapdDirectory::~SlapdDirectory()
{
    stop();
}

bool SlapdDirectory::required()
{
    return qEnvironmentVariable("KEYRIGHT_REQUIRE_LDAP") == u"1"_s;
}

QString SlapdDirectory::path(const QString &name) const
{
    return m_dir.filePath(name);
}

QString SlapdDirectory::url() const
{
    return u"ldap://127.0.0.1:%1"_s.arg(m_port);
}

QString SlapdDirectory::caFile() const
{
    return path(u"server.crt"_s);
}

QString SlapdDirectory::passwordFile() const
{
    return path(u"bind-password"_s);
}

bool SlapdDirectory::run(const QString &program, const QStringList &arguments, const QByteArray &input, QString *error)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForStarted(10'000)) {
        *error = u"%1 did not start: %2"_s.arg(program, process.errorString());
        return false;
    }
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(30'000)) {
        process.kill();
        process.waitForFinished(5000);
        *error = u"%1 did not finish within 30 s"_s.arg(program);
        return false;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = u"%1 %2 failed: %3"_s.arg(program, arguments.join(u' '), QString::fromUtf8(process.readAll()));
        return false;
    }
    return true;
}

bool SlapdDirectory::start(const QString &ldif, QString *error)
{
    if (!m_unavailable.isEmpty()) {
        *error = m_unavailable;
        return false;
    }
    if (!m_dir.isValid() || !QDir(m_dir.path()).mkpath(u"db"_s)) {
        *error = u"cannot make slapd's temporary directory"_s;
        return false;
    }
    if (!run(m_openssl,
             {u"req"_s, u"-x509"_s, u"-newkey"_s, u"rsa:2048"_s, u"-nodes"_s, u"-keyout"_s, path(u"server.key"_s),
              u"-out"_s, caFile(), u"-subj"_s, u"/CN=127.0.0.1"_s, u"-addext"_s, u"subjectAltName=IP:127.0.0.1"_s,
              u"-days"_s, u"2"_s},
             {}, error))
        return false;
    const QString config = uR"(include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile %1/slapd.pid
modulepath /usr/lib/ldap
moduleload back_mdb
TLSCertificateFile %1/server.crt
TLSCertificateKeyFile %1/server.key
database mdb
suffix "dc=example,dc=org"
rootdn "%2"
rootpw %3
directory %1/db
maxsize 10485760
access to * by * none
)"_s.arg(m_dir.path(), QString::fromLatin1(adminDn), QString::fromLatin1(adminPassword));
    QFile conf(path(u"slapd.conf"_s));
    if (!conf.open(QIODevice::WriteOnly) || conf.write(config.toUtf8()) < 0) {
        *error = u"cannot write slapd.conf"_s;
        return false;
    }
    conf.close();
    QFile password(passwordFile());
    if (!password.open(QIODevice::WriteOnly) || !password.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
        || password.write(adminPassword) < 0) {
        *error = u"cannot write the bind password file"_s;
        return false;
    }
    password.close();
    const QString base = uR"(dn: dc=example,dc=org
objectClass: dcObject
objectClass: organization
o: Example
dc: example

dn: ou=groups,dc=example,dc=org
objectClass: organizationalUnit
ou: groups

)"_s;
    if (!run(m_slapadd, {u"-f"_s, path(u"slapd.conf"_s)}, (base + ldif).toUtf8(), error))
        return false;
    m_port = ServerProcess::pickFreePort();
    return restart(error);
}

bool SlapdDirectory::restart(QString *error)
{
    stop();
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // -d 0: in the foreground, so that this process owns it and stop() ends it.
    m_process->start(m_slapd, {u"-f"_s, path(u"slapd.conf"_s), u"-h"_s, url() + u'/', u"-d"_s, u"0"_s});
    if (!m_process->waitForStarted(10'000)) {
        *error = u"slapd did not start: %1"_s.arg(m_process->errorString());
        return false;
    }
    const QDeadlineTimer deadline(15'000);
    while (!deadline.hasExpired()) {
        if (m_process->state() != QProcess::Running) {
            *error = u"slapd stopped at start: %1"_s.arg(QString::fromUtf8(m_process->readAll()));
            return false;
        }
        QTcpSocket probe;
        probe.connectToHost(u"127.0.0.1"_s, m_port);
        if (probe.waitForConnected(500))
            return true;
        QThread::msleep(100);
    }
    *error = u"slapd did not accept connections on %1 within 15 s: %2"_s.arg(url(),
                                                                             QString::fromUtf8(m_process->readAll()));
    return false;
}

void SlapdDirectory::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(10'000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}

bool SlapdDirectory::modify(const QString &ldif, QString *error)
{
    return run(m_ldapmodify, {u"-x"_s, u"-H"_s, url(), u"-D"_s, QString::fromLatin1(adminDn), u"-y"_s, passwordFile()},
               ldif.toUtf8(), error);
}

} // namespace keyright
