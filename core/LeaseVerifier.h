#pragma once

#include "SeatLease.h"

#include <QByteArray>

#include <optional>

namespace keyright {

// Checks lease signatures against the server's Ed25519 public key. Cheap to copy.
class LeaseVerifier
{
public:
    // nullopt unless the key is exactly 32 bytes.
    static std::optional<LeaseVerifier> fromPublicKey(QByteArrayView publicKey);
    static std::optional<LeaseVerifier> fromBase64(QByteArrayView publicKeyBase64);

    QByteArray publicKey() const { return m_publicKey; }

    // Over the bytes of the lease's own kind (lease.borrowed picks the tag): a borrowed lease whose
    // flag was dropped, or an ordinary one marked borrowed, does not verify.
    bool verify(const SeatLease &lease) const;
    bool verify(QByteArrayView message, QByteArrayView signature) const;

private:
    explicit LeaseVerifier(QByteArray publicKey);
    QByteArray m_publicKey;
};

} // namespace keyright
