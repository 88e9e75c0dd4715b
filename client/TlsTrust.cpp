#include "TlsTrust.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace keyright {

void TlsTrust::addAuthorities(const QList<QSslCertificate> &certificates)
{
    for (const QSslCertificate &certificate : certificates) {
        if (!certificate.isNull() && !m_authorities.contains(certificate))
            m_authorities.append(certificate);
    }
}

void TlsTrust::trustCertificate(const QUrl &instance, const QString &fingerprint)
{
    m_pins.insert(instanceKey(instance), normalized(fingerprint));
}

void TlsTrust::forgetCertificate(const QUrl &instance)
{
    m_pins.remove(instanceKey(instance));
}

QString TlsTrust::trustedFingerprint(const QUrl &instance) const
{
    const QString pin = m_pins.value(instanceKey(instance));
    QStringList pairs;
    for (qsizetype i = 0; i + 1 < pin.size(); i += 2)
        pairs.append(pin.mid(i, 2));
    return pairs.join(u':');
}

TlsTrust::Verdict TlsTrust::judge(const QUrl &instance, const QSslCertificate &presented) const
{
    const auto pin = m_pins.constFind(instanceKey(instance));
    if (pin == m_pins.cend())
        return Verdict::NoPin;
    return !presented.isNull() && normalized(fingerprint(presented)) == *pin ? Verdict::Pinned : Verdict::Changed;
}

QString TlsTrust::fingerprint(const QSslCertificate &certificate)
{
    const QByteArray digest = certificate.digest(QCryptographicHash::Sha256).toHex(':').toUpper();
    return QString::fromLatin1(digest);
}

QString TlsTrust::fingerprintOnTwoLines(const QString &fingerprint)
{
    // 32 pairs and 31 colons; the 16th colon ends the first line.
    constexpr qsizetype length = 32 * 3 - 1;
    constexpr qsizetype middle = 16 * 3 - 1;
    if (fingerprint.size() != length || fingerprint.at(middle) != u':')
        return fingerprint;
    return fingerprint.left(middle) + u'\n' + fingerprint.mid(middle + 1);
}

QString TlsTrust::instanceKey(const QUrl &instance)
{
    const int defaultPort = instance.scheme() == u"https"_s ? 443 : 80;
    const QString host = instance.host().toLower();
    // An IPv6 address keeps its brackets, so that the key reads back as a URL's authority.
    return u"%1:%2"_s.arg(host.contains(u':') ? u'[' + host + u']' : host).arg(instance.port(defaultPort));
}

QString TlsTrust::normalized(const QString &fingerprint)
{
    QString hex;
    for (const QChar c : fingerprint) {
        if (c.isLetterOrNumber())
            hex.append(c.toUpper());
    }
    return hex;
}

std::optional<QList<QSslCertificate>> TlsTrust::readCaFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read the CA file %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.readAll();
    QList<QSslCertificate> certificates = QSslCertificate::fromData(bytes, QSsl::Pem);
    if (certificates.isEmpty())
        certificates = QSslCertificate::fromData(bytes, QSsl::Der);
    certificates.removeIf([](const QSslCertificate &certificate) { return certificate.isNull(); });
    if (certificates.isEmpty()) {
        if (error)
            *error = tr("the CA file %1 holds no PEM or DER certificate").arg(path);
        return std::nullopt;
    }
    return certificates;
}

std::optional<QList<QSslCertificate>> TlsTrust::fromEnvironment(QString *error, QStringList *warnings)
{
    QList<QSslCertificate> certificates;
    const QString file = qEnvironmentVariable("SSL_CERT_FILE");
    if (!file.isEmpty()) {
        QString why;
        const auto fromFile = readCaFile(file, &why);
        if (!fromFile) {
            if (error)
                *error = tr("SSL_CERT_FILE: %1").arg(why);
            return std::nullopt;
        }
        certificates += *fromFile;
    }
    const QStringList directories = qEnvironmentVariable("SSL_CERT_DIR").split(u':', Qt::SkipEmptyParts);
    for (const QString &directory : directories) {
        const QDir dir(directory);
        if (!QFileInfo::exists(directory)) {
            if (warnings)
                warnings->append(tr("SSL_CERT_DIR: %1 does not exist; skipped").arg(directory));
            continue;
        }
        if (!QFileInfo(directory).isDir()) {
            if (error)
                *error = tr("SSL_CERT_DIR: %1 is not a directory").arg(directory);
            return std::nullopt;
        }
        // OpenSSL's hashed directories hold one certificate per file (and symbolic links to them);
        // anything else in the directory is no certificate and is passed over, as OpenSSL does.
        qsizetype found = 0;
        for (const QFileInfo &entry : dir.entryInfoList(QDir::Files | QDir::Readable, QDir::Name)) {
            QFile candidate(entry.filePath());
            if (!candidate.open(QIODevice::ReadOnly))
                continue;
            for (const QSslCertificate &certificate : QSslCertificate::fromData(candidate.readAll(), QSsl::Pem)) {
                if (!certificate.isNull()) {
                    certificates.append(certificate);
                    ++found;
                }
            }
        }
        if (found == 0) {
            if (error)
                *error = tr("SSL_CERT_DIR: %1 holds no PEM certificate").arg(directory);
            return std::nullopt;
        }
    }
    return certificates;
}

} // namespace keyright
