#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QSslCertificate>
#include <QString>
#include <QUrl>

#include <optional>

namespace keyright {

// Which server certificates a client accepts beyond those the system's authorities vouch for:
// authorities read from CA files (the CLI's --ca-file, SSL_CERT_FILE, SSL_CERT_DIR, a dashboard
// connection profile's CA file), and single certificates a person confirmed by their SHA-256
// fingerprint, one per instance (host and port): trust on first use, as ssh does with host keys.
//
// A confirmed fingerprint binds the instance: a certificate with another fingerprint is refused
// there even when an authority vouches for it, so a replaced certificate is noticed, never taken
// silently. FailoverTransport applies it to every HTTPS exchange.
class TlsTrust final
{
    Q_DECLARE_TR_FUNCTIONS(TlsTrust)

public:
    enum class Verdict {
        NoPin, // no fingerprint confirmed for this instance: the authorities decide
        Pinned, // the certificate is the one confirmed
        Changed, // another certificate than the one confirmed
    };

    void addAuthorities(const QList<QSslCertificate> &certificates);
    QList<QSslCertificate> authorities() const { return m_authorities; }

    // `fingerprint` as fingerprint() writes it ("AB:CD:..."); case and separators are not significant.
    void trustCertificate(const QUrl &instance, const QString &fingerprint);
    void forgetCertificate(const QUrl &instance);
    QString trustedFingerprint(const QUrl &instance) const;
    Verdict judge(const QUrl &instance, const QSslCertificate &presented) const;

    bool isEmpty() const { return m_authorities.isEmpty() && m_pins.isEmpty(); }

    // The SHA-256 digest of the certificate's DER bytes, as upper-case hex pairs joined by colons
    // (what `openssl x509 -noout -fingerprint -sha256` prints after "=").
    static QString fingerprint(const QSslCertificate &certificate);
    // A fingerprint as fingerprint() writes it, its 32 bytes on two lines of 16 (one 95-character
    // word is too wide for a dialog at 150 %); any other text unchanged.
    static QString fingerprintOnTwoLines(const QString &fingerprint);
    // "host:port" of an instance (the scheme's default port when the URL has none): what a
    // confirmed fingerprint is kept under.
    static QString instanceKey(const QUrl &instance);

    // Every certificate of a PEM file (or one DER certificate); nullopt, with `error` naming the
    // file and the problem, when it cannot be read or holds none.
    static std::optional<QList<QSslCertificate>> readCaFile(const QString &path, QString *error = nullptr);
    // The certificates OpenSSL's variables name: the file SSL_CERT_FILE and every certificate file
    // in the directories of SSL_CERT_DIR (colon-separated). Qt itself reads neither. Empty when
    // neither is set; nullopt with `error` when one names nothing usable. A directory of
    // SSL_CERT_DIR that does not exist is skipped, as OpenSSL does, with a line in `warnings`
    // naming it: one list may serve machines that lay their certificates out differently.
    static std::optional<QList<QSslCertificate>> fromEnvironment(QString *error = nullptr,
                                                                 QStringList *warnings = nullptr);

private:
    static QString normalized(const QString &fingerprint);

    QList<QSslCertificate> m_authorities;
    QHash<QString, QString> m_pins; // instanceKey -> normalized fingerprint
};

} // namespace keyright
