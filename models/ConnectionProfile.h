#pragma once

#include "TlsTrust.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>
#include <QUrl>

#include <optional>

namespace keyright {

class DashboardSettings;
class SecretBuffer;

// A server the dashboard can connect to. The admin token is never kept in the settings: either
// the profile names the server's own token file, or the token typed in is written to a 0600 file
// under the application's data location and the profile names that file.
//
// A site with several instances on one database lists them all: `url` is the first, the others
// follow in the order the dashboard tries them.
struct ConnectionProfile
{
    QString name;
    QUrl url;
    QString tokenFile;
    bool tokenFileOwned = false; // written by the dashboard (deleted with the profile)
    QList<QUrl> otherInstances {}; // the braces keep -Wmissing-field-initializers quiet for {name, url, ...}
    // PEM certificate authorities (or a self-signed certificate) trusted for its https://
    // instances, besides the system's and SSL_CERT_FILE/SSL_CERT_DIR.
    QString caFile {};
    // Certificates a person confirmed on first use, by instance ("host:port", TlsTrust::instanceKey)
    // to SHA-256 fingerprint ("AB:CD:..."). Another certificate there is refused.
    QMap<QString, QString> trustedCertificates {};

    QList<QUrl> instanceUrls() const { return QList<QUrl> {url} + otherInstances; }
    // The URLs as the connection dialog shows them: comma-separated.
    QString instancesText() const;
    // Reads a comma- or space-separated list of http(s) URLs. Empty list and `error` naming the
    // first bad entry when one is not a URL with a host.
    static QList<QUrl> parseInstances(const QString &text, QString *error = nullptr);
    // What a connection with this profile trusts: SSL_CERT_FILE/SSL_CERT_DIR (for an https://
    // site), the CA file and the confirmed certificates. nullopt, with `error` naming the file, when
    // one cannot be read.
    std::optional<TlsTrust> tlsTrust(QString *error = nullptr) const;

    friend bool operator==(const ConnectionProfile &, const ConnectionProfile &) = default;
};

class ConnectionProfileStore final
{
    Q_DECLARE_TR_FUNCTIONS(ConnectionProfileStore)

public:
    // `tokenDir` is where typed-in tokens are written (AppDataLocation/tokens in the app).
    ConnectionProfileStore(DashboardSettings &settings, QString tokenDir);
    // The dashboard's settings the profiles are kept in (a page reads its own keys there).
    DashboardSettings &settings() const { return m_settings; }

    QList<ConnectionProfile> profiles() const;
    std::optional<ConnectionProfile> profile(const QString &name) const;
    // Adds or replaces the profile of that name.
    void save(const ConnectionProfile &profile);
    void remove(const QString &name);

    // Writes a typed-in token to its own 0600 file and returns the path (empty and `error` set on
    // failure).
    QString storeToken(const QString &profileName, QByteArrayView token, QString *error = nullptr) const;
    static std::optional<SecretBuffer> readToken(const ConnectionProfile &profile, QString *error = nullptr);

    // The profile to open at start-up; empty for the embedded demo server.
    QString lastUsed() const;
    void setLastUsed(const QString &name);

private:
    DashboardSettings &m_settings;
    QString m_tokenDir;
};

} // namespace keyright
