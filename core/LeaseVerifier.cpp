#include "LeaseVerifier.h"

#include "Crypto.h"
#include "LeaseBytes.h"

#include <sodium.h>
#include <utility>

namespace keyright {

std::optional<LeaseVerifier> LeaseVerifier::fromPublicKey(QByteArrayView publicKey)
{
    if (publicKey.size() != crypto_sign_PUBLICKEYBYTES)
        return std::nullopt;
    return LeaseVerifier(publicKey.toByteArray());
}

std::optional<LeaseVerifier> LeaseVerifier::fromBase64(QByteArrayView publicKeyBase64)
{
    const auto decoded
        = QByteArray::fromBase64Encoding(publicKeyBase64.toByteArray(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return fromPublicKey(*decoded);
}

LeaseVerifier::LeaseVerifier(QByteArray publicKey)
    : m_publicKey(std::move(publicKey))
{ }

bool LeaseVerifier::verify(const SeatLease &lease) const
{
    return verify(leaseSigningBytes(lease), lease.signature);
}

bool LeaseVerifier::verify(QByteArrayView message, QByteArrayView signature) const
{
    // Checked before libsodium sees it: the C API reads exactly 64 bytes from the pointer.
    if (signature.size() != crypto_sign_BYTES || m_publicKey.size() != crypto_sign_PUBLICKEYBYTES)
        return false;
    if (!crypto::init())
        return false;
    return crypto_sign_verify_detached(reinterpret_cast<const unsigned char *>(signature.data()),
                                       reinterpret_cast<const unsigned char *>(message.data()),
                                       static_cast<unsigned long long>(message.size()),
                                       reinterpret_cast<const unsigned char *>(m_publicKey.constData()))
        == 0;
}

} // namespace keyright
