#include "ConnectionProfile.h"

#include "Crypto.h"
#include "SecretBuffer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSettings>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {
QStringList instanceStrings(const QList<QUrl> &urls)
{
    QStringList strings;
    for (const QUrl &url : urls)
        strings.append(url.toString());
    return strings;
}

// "host:port FINGERPRINT" per confirmed certificate.
QStringList pinStrings(const QMap<QString, QString> &pins)
{
    QStringList strings;
    for (auto it = pins.cbegin(); it != pins.cend(); ++it)
        strings.append(it.key() + u' ' + it.value());
    return strings;
}

QMap<QString, QString> pinsFrom(const QStringList &strings)
{
    QMap<QString, QString> pins;
    for (const QString &entry : strings) {
        const QStringList parts = entry.split(u' ', Qt::SkipEmptyParts);
        if (parts.size() == 2)
            pins.insert(parts.at(0), parts.at(1));
    }
    return pins;
}
} // namespace

std::optional<TlsTrust> ConnectionProfile::tlsTrust(QString *error) const
{
    TlsTrust trust;
    // OpenSSL's variables are read only for a site that speaks HTTPS, so that a stale one does not
    // stop a plain-HTTP connection.
    const QList<QUrl> urls = instanceUrls();
    if (std::any_of(urls.cbegin(), urls.cend(), [](const QUrl &url) { return url.scheme() == u"https"_s; })) {
        const auto fromEnvironment = TlsTrust::fromEnvironment(error);
        if (!fromEnvironment)
            return std::nullopt;
        trust.addAuthorities(*fromEnvironment);
    }
    if (!caFile.isEmpty()) {
        const auto authorities = TlsTrust::readCaFile(caFile, error);
        if (!authorities)
            return std::nullopt;
        trust.addAuthorities(*authorities);
    }
    for (auto it = trustedCertificates.cbegin(); it != trustedCertificates.cend(); ++it)
        trust.trustCertificate(QUrl(u"https://"_s + it.key()), it.value());
    return trust;
}

QString ConnectionProfile::instancesText() const
{
    QStringList texts;
    for (const QUrl &instance : instanceUrls())
        texts.append(instance.toString());
    return texts.join(u", "_s);
}

QList<QUrl> ConnectionProfile::parseInstances(const QString &text, QString *error)
{
    static const QRegularExpression separators(u"[,\\s]+"_s);
    const QStringList parts = text.split(separators, Qt::SkipEmptyParts);
    if (parts.isEmpty()) {
        if (error)
            *error = ConnectionProfileStore::tr("Enter the server URL.");
        return {};
    }
    QList<QUrl> urls;
    for (const QString &part : parts) {
        const QUrl url = QUrl::fromUserInput(part);
        if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty()
            || !part.contains(u"://"_s)) {
            if (error)
                *error = ConnectionProfileStore::tr("\"%1\" is not a server URL: use http:// or https:// followed "
                                                    "by a host.")
                             .arg(part);
            return {};
        }
        if (urls.contains(url)) {
            if (error)
                *error = ConnectionProfileStore::tr("%1 is listed twice.").arg(url.toDisplayString());
            return {};
        }
        urls.append(url);
    }
    return urls;
}

ConnectionProfileStore::ConnectionProfileStore(QSettings &settings, QString tokenDir)
    : m_settings(settings)
    , m_tokenDir(std::move(tokenDir))
{ }

QList<ConnectionProfile> ConnectionProfileStore::profiles() const
{
    QList<ConnectionProfile> result;
    const int count = m_settings.beginReadArray(u"profiles"_s);
    for (int i = 0; i < count; ++i) {
        m_settings.setArrayIndex(i);
        ConnectionProfile p;
        p.name = m_settings.value(u"name"_s).toString();
        p.url = QUrl(m_settings.value(u"url"_s).toString());
        p.tokenFile = m_settings.value(u"tokenFile"_s).toString();
        p.tokenFileOwned = m_settings.value(u"tokenFileOwned"_s).toBool();
        for (const QString &other : m_settings.value(u"otherInstances"_s).toStringList())
            p.otherInstances.append(QUrl(other));
        p.caFile = m_settings.value(u"caFile"_s).toString();
        p.trustedCertificates = pinsFrom(m_settings.value(u"trustedCertificates"_s).toStringList());
        if (!p.name.isEmpty())
            result << p;
    }
    m_settings.endArray();
    return result;
}

std::optional<ConnectionProfile> ConnectionProfileStore::profile(const QString &name) const
{
    for (const ConnectionProfile &p : profiles()) {
        if (p.name == name)
            return p;
    }
    return std::nullopt;
}

void ConnectionProfileStore::save(const ConnectionProfile &profile)
{
    QList<ConnectionProfile> all = profiles();
    bool replaced = false;
    for (ConnectionProfile &p : all) {
        if (p.name == profile.name) {
            if (p.tokenFileOwned && p.tokenFile != profile.tokenFile)
                QFile::remove(p.tokenFile);
            p = profile;
            replaced = true;
        }
    }
    if (!replaced)
        all << profile;
    m_settings.remove(u"profiles"_s);
    m_settings.beginWriteArray(u"profiles"_s, int(all.size()));
    for (int i = 0; i < all.size(); ++i) {
        m_settings.setArrayIndex(i);
        m_settings.setValue(u"name"_s, all.at(i).name);
        m_settings.setValue(u"url"_s, all.at(i).url.toString());
        m_settings.setValue(u"tokenFile"_s, all.at(i).tokenFile);
        m_settings.setValue(u"tokenFileOwned"_s, all.at(i).tokenFileOwned);
        m_settings.setValue(u"otherInstances"_s, instanceStrings(all.at(i).otherInstances));
        m_settings.setValue(u"caFile"_s, all.at(i).caFile);
        m_settings.setValue(u"trustedCertificates"_s, pinStrings(all.at(i).trustedCertificates));
    }
    m_settings.endArray();
    m_settings.sync();
}

void ConnectionProfileStore::remove(const QString &name)
{
    QList<ConnectionProfile> all = profiles();
    m_settings.remove(u"profiles"_s);
    QList<ConnectionProfile> kept;
    for (const ConnectionProfile &p : std::as_const(all)) {
        if (p.name == name) {
            if (p.tokenFileOwned)
                QFile::remove(p.tokenFile);
        } else {
            kept << p;
        }
    }
    m_settings.beginWriteArray(u"profiles"_s, int(kept.size()));
    for (int i = 0; i < kept.size(); ++i) {
        m_settings.setArrayIndex(i);
        m_settings.setValue(u"name"_s, kept.at(i).name);
        m_settings.setValue(u"url"_s, kept.at(i).url.toString());
        m_settings.setValue(u"tokenFile"_s, kept.at(i).tokenFile);
        m_settings.setValue(u"tokenFileOwned"_s, kept.at(i).tokenFileOwned);
        m_settings.setValue(u"otherInstances"_s, instanceStrings(kept.at(i).otherInstances));
        m_settings.setValue(u"caFile"_s, kept.at(i).caFile);
        m_settings.setValue(u"trustedCertificates"_s, pinStrings(kept.at(i).trustedCertificates));
    }
    m_settings.endArray();
    if (lastUsed() == name)
        setLastUsed({});
    m_settings.sync();
}

QString ConnectionProfileStore::storeToken(const QString &profileName, QByteArrayView token, QString *error) const
{
    if (!QDir().mkpath(m_tokenDir)) {
        if (error)
            *error = tr("Cannot create the folder %1").arg(m_tokenDir);
        return {};
    }
    QFile::setPermissions(m_tokenDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    // A name derived from the profile keeps one file per profile without putting the name itself
    // (which may contain anything) in a path.
    const QByteArray digest
        = QCryptographicHash::hash(profileName.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    const QString path = QDir(m_tokenDir).filePath(QString::fromLatin1(digest) + u".token"_s);
    if (!writeSecretFile(path, token, error))
        return {};
    return path;
}

std::optional<SecretBuffer> ConnectionProfileStore::readToken(const ConnectionProfile &profile, QString *error)
{
    if (profile.tokenFile.isEmpty()) {
        if (error)
            *error = tr("The profile has no admin token");
        return std::nullopt;
    }
    return readSecretFile(profile.tokenFile, error);
}

QString ConnectionProfileStore::lastUsed() const
{
    return m_settings.value(u"connection/lastProfile"_s).toString();
}

void ConnectionProfileStore::setLastUsed(const QString &name)
{
    m_settings.setValue(u"connection/lastProfile"_s, name);
    m_settings.sync();
}

} // namespace keyright
