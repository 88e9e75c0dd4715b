#include "TestCertificates.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace keyright {

TestCertificates::TestCertificates()
    : m_openssl(QStandardPaths::findExecutable(u"openssl"_s))
{ }

QString TestCertificates::unavailableReason() const
{
    if (m_openssl.isEmpty())
        return u"the openssl command is not installed (Debian package openssl)"_s;
    if (!m_dir.isValid())
        return u"cannot create a temporary directory for the certificates"_s;
    return {};
}

QString TestCertificates::path(const QString &file) const
{
    return QDir(m_dir.path()).filePath(file);
}

bool TestCertificates::openssl(const QStringList &arguments, QString *error, QString *output)
{
    const QString why = unavailableReason();
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(m_openssl, arguments);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        if (error)
            *error = u"openssl %1 failed: %2"_s.arg(arguments.join(u' '), QString::fromLocal8Bit(process.readAll()));
        process.kill();
        return false;
    }
    if (output)
        *output = QString::fromLocal8Bit(process.readAll());
    return true;
}

std::optional<TestCertificates::Pair> TestCertificates::authority(QString *error)
{
    if (m_authority)
        return m_authority;
    const Pair pair {path(u"authority.pem"_s), path(u"authority.key"_s)};
    if (!openssl({u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s, u"-nodes"_s,
                  u"-days"_s, u"2"_s, u"-subj"_s, u"/CN=Keyright test authority"_s, u"-addext"_s,
                  u"basicConstraints=critical,CA:TRUE"_s, u"-addext"_s, u"keyUsage=critical,keyCertSign,cRLSign"_s,
                  u"-keyout"_s, pair.key, u"-out"_s, pair.certificate},
                 error))
        return std::nullopt;
    m_authority = pair;
    return pair;
}

std::optional<TestCertificates::Pair> TestCertificates::issue(const QString &name, QString *error)
{
    const auto ca = authority(error);
    if (!ca)
        return std::nullopt;
    const Pair pair {path(name + u".pem"_s), path(name + u".key"_s)};
    const QString request = path(name + u".csr"_s);
    const QString extensions = path(name + u".ext"_s);
    QFile file(extensions);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return std::nullopt;
    }
    file.write("subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n");
    file.close();
    if (!openssl({u"req"_s, u"-new"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s, u"-nodes"_s,
                  u"-subj"_s, u"/CN=127.0.0.1"_s, u"-keyout"_s, pair.key, u"-out"_s, request},
                 error))
        return std::nullopt;
    if (!openssl({u"x509"_s, u"-req"_s, u"-in"_s, request, u"-CA"_s, ca->certificate, u"-CAkey"_s, ca->key,
                  u"-set_serial"_s, QString::number(qHash(name) & 0x7fffffff), u"-days"_s, u"2"_s, u"-extfile"_s,
                  extensions, u"-out"_s, pair.certificate},
                 error))
        return std::nullopt;
    return pair;
}

std::optional<TestCertificates::Pair> TestCertificates::selfSigned(const QString &name, QString *error)
{
    const Pair pair {path(name + u".pem"_s), path(name + u".key"_s)};
    if (!openssl({u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s, u"-nodes"_s,
                  u"-days"_s, u"2"_s, u"-subj"_s, u"/CN=127.0.0.1"_s, u"-addext"_s,
                  u"subjectAltName=IP:127.0.0.1,DNS:localhost"_s, u"-keyout"_s, pair.key, u"-out"_s, pair.certificate},
                 error))
        return std::nullopt;
    return pair;
}

std::optional<QString> TestCertificates::fingerprint(const QString &certificateFile, QString *error)
{
    QString output;
    if (!openssl({u"x509"_s, u"-noout"_s, u"-fingerprint"_s, u"-sha256"_s, u"-in"_s, certificateFile}, error, &output))
        return std::nullopt;
    // "sha256 Fingerprint=AB:CD:..." (the prefix's case depends on the openssl version).
    const qsizetype equals = output.indexOf(u'=');
    if (equals < 0) {
        if (error)
            *error = u"unexpected openssl output: %1"_s.arg(output);
        return std::nullopt;
    }
    return output.mid(equals + 1).trimmed();
}

} // namespace keyright
