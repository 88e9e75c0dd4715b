#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <optional>

namespace keyright {

// Throwaway TLS material for tests, made with the openssl command-line tool in a temporary
// directory that goes with the fixture: a certificate authority, certificates it signs, and
// self-signed ones, each for 127.0.0.1 and localhost (subjectAltName), valid for two days.
class TestCertificates final
{
public:
    struct Pair
    {
        QString certificate; // PEM file
        QString key; // PEM file, unencrypted
    };

    TestCertificates();

    // Why the material cannot be made here (no openssl, no temporary directory); empty when it can.
    QString unavailableReason() const;
    // The authority: created on first use. nullopt with `error` on failure.
    std::optional<Pair> authority(QString *error = nullptr);
    // A server certificate signed by the authority; `name` names the files.
    std::optional<Pair> issue(const QString &name, QString *error = nullptr);
    // A self-signed server certificate.
    std::optional<Pair> selfSigned(const QString &name, QString *error = nullptr);
    // The SHA-256 fingerprint as `openssl x509 -fingerprint -sha256` prints it ("AB:CD:...").
    std::optional<QString> fingerprint(const QString &certificateFile, QString *error = nullptr);
    QString directory() const { return m_dir.path(); }

private:
    bool openssl(const QStringList &arguments, QString *error, QString *output = nullptr);
    QString path(const QString &file) const;

    QTemporaryDir m_dir;
    QString m_openssl;
    std::optional<Pair> m_authority;
};

} // namespace keyright
