#pragma once

#include "SecretBuffer.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <memory>
#include <optional>

namespace keyright::server {

// Seals the alert endpoints' secrets for the store (issue 29): libsodium crypto_secretbox
// (XSalsa20-Poly1305) under a 32-byte key kept in the data directory as alerts.key, mode 0600,
// made at the first start. The database (a dump, a backup, a replica) holds only sealed secrets.
// Servers sharing a PostgreSQL database must all hold the same alerts.key, as they hold the same
// signing.key: each records the key's fingerprint (fingerprint()) and one whose key differs is
// refused at start-up (PgLeaseStore::adoptKey).
class AlertSecretBox
{
public:
    static constexpr char fileName[] = "alerts.key";

    // Reads `path`, or makes it (0600) when there is none; nullptr with `error` on failure.
    static std::unique_ptr<AlertSecretBox> loadOrCreate(const QString &path, QString *error);

    // A random nonce followed by the sealed bytes.
    QByteArray seal(QByteArrayView secret) const;
    // nullopt when `sealed` was not made with this key or was altered.
    std::optional<SecretBuffer> open(QByteArrayView sealed) const;
    // BLAKE2b-256 of the key: tells whether two servers hold the same key, and nothing about it.
    QByteArray fingerprint() const;

private:
    explicit AlertSecretBox(SecretBuffer key);

    SecretBuffer m_key;
};

} // namespace keyright::server
