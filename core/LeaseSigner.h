#pragma once

#include "SeatLease.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace keyright {

// The server's Ed25519 signing key. The secret key lives in sodium_malloc memory and is wiped when
// the signer goes; it is never copied into a QByteArray. sign() is const and thread-safe.
class LeaseSigner final
{
public:
    static constexpr int seedSize = 32;
    static constexpr int publicKeySize = 32;
    static constexpr int signatureSize = 64;

    static std::unique_ptr<LeaseSigner> generate();
    // The deterministic key for a 32-byte seed (test vectors); nullptr for another size.
    static std::unique_ptr<LeaseSigner> fromSeed(QByteArrayView seed);
    // Loads the key kept in `path` (its 32-byte seed, mode 0600), or creates and writes one there
    // when the file does not exist. Refuses a key file readable by group or others.
    static std::unique_ptr<LeaseSigner> loadOrCreate(const QString &path, QString *error = nullptr);

    ~LeaseSigner();
    LeaseSigner(const LeaseSigner &) = delete;
    LeaseSigner &operator=(const LeaseSigner &) = delete;

    bool saveSeed(const QString &path, QString *error = nullptr) const;

    QByteArray publicKey() const; // 32 bytes
    QByteArray sign(QByteArrayView message) const; // 64 bytes
    // Returns the lease with `signature` set over leaseSigningBytes(): the borrowed tag when
    // lease.borrowed is set, the ordinary one otherwise.
    SeatLease signLease(SeatLease lease) const;

private:
    LeaseSigner();
    unsigned char *m_secretKey = nullptr; // 64 bytes: seed || public key, libsodium's layout
    QByteArray m_publicKey;
};

} // namespace keyright
