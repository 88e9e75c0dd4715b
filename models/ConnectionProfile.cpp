#include "ConnectionProfile.h"

#include "Crypto.h"
#include "DashboardSettings.h"
#include "SecretBuffer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

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

ConnectionProfileStore::ConnectionProfileStore(DashboardSettings &settings, QString tokenDir)
    : m_settings(settings)
    , m_tokenDir(std::move(tokenDir))
{ }

QList<ConnectionProfile> ConnectionProfileStore::profiles() const
{
    return m_settings.profiles();
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
    m_settings.setProfiles(all);
    m_settings.sync();
}

void ConnectionProfileStore::remove(const QString &name)
{
    QList<ConnectionProfile> kept;
    for (const ConnectionProfile &p : profiles()) {
        if (p.name == name) {
            if (p.tokenFileOwned)
                QFile::remove(p.tokenFile);
        } else {
            kept << p;
        }
    }
    m_settings.setProfiles(kept);
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
    return m_settings.value(DashboardSettings::lastProfile);
}

void ConnectionProfileStore::setLastUsed(const QString &name)
{
    m_settings.setValue(DashboardSettings::lastProfile, name);
    m_settings.sync();
}

} // namespace keyright
