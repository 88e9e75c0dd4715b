#include "LeaseSigner.h"

#include "Crypto.h"
#include "LeaseBytes.h"
#include "SecretBuffer.h"

#include <QFileInfo>

#include <new>
#include <sodium.h>

using namespace Qt::StringLiterals;

namespace keyright {

static_assert(LeaseSigner::seedSize == crypto_sign_SEEDBYTES);
static_assert(LeaseSigner::publicKeySize == crypto_sign_PUBLICKEYBYTES);
static_assert(LeaseSigner::signatureSize == crypto_sign_BYTES);

LeaseSigner::LeaseSigner()
    : m_secretKey(static_cast<unsigned char *>(sodium_malloc(crypto_sign_SECRETKEYBYTES)))
{
    if (!m_secretKey)
        throw std::bad_alloc();
}

LeaseSigner::~LeaseSigner()
{
    sodium_free(m_secretKey);
}

std::unique_ptr<LeaseSigner> LeaseSigner::generate()
{
    if (!crypto::init())
        return nullptr;
    SecretBuffer seed(seedSize);
    randombytes_buf(seed.data(), static_cast<size_t>(seed.size()));
    return fromSeed(seed.view());
}

std::unique_ptr<LeaseSigner> LeaseSigner::fromSeed(QByteArrayView seed)
{
    if (seed.size() != seedSize || !crypto::init())
        return nullptr;
    std::unique_ptr<LeaseSigner> signer(new LeaseSigner());
    unsigned char publicKey[crypto_sign_PUBLICKEYBYTES];
    if (crypto_sign_seed_keypair(publicKey, signer->m_secretKey, reinterpret_cast<const unsigned char *>(seed.data()))
        != 0)
        return nullptr;
    signer->m_publicKey = QByteArray(reinterpret_cast<const char *>(publicKey), sizeof publicKey);
    return signer;
}

std::unique_ptr<LeaseSigner> LeaseSigner::loadOrCreate(const QString &path, QString *error)
{
    if (!crypto::init()) {
        if (error)
            *error = u"libsodium failed its self-test; no signing key can be used."_s;
        return nullptr;
    }
    if (!QFileInfo::exists(path)) {
        auto signer = generate();
        if (!signer) {
            if (error)
                *error = u"Cannot generate a signing key."_s;
            return nullptr;
        }
        if (!signer->saveSeed(path, error))
            return nullptr;
        return signer;
    }
    // Binary read: a seed may end in a byte that looks like whitespace.
    std::optional<SecretBuffer> seed = readBinarySecretFile(path, error);
    if (!seed)
        return nullptr;
    if (seed->size() != seedSize) {
        if (error)
            *error = u"Signing key file %1 holds %2 bytes; it must hold exactly the %3-byte Ed25519 seed. Restore "
                     u"the right file (leases signed with another key will not verify)."_s.arg(
                         path, QString::number(seed->size()), QString::number(seedSize));
        return nullptr;
    }
    auto signer = fromSeed(seed->view());
    if (!signer && error)
        *error = u"Cannot derive a signing key from %1."_s.arg(path);
    return signer;
}

bool LeaseSigner::saveSeed(const QString &path, QString *error) const
{
    // libsodium keeps the seed as the first half of the secret key: written straight from guarded
    // memory, never through a QByteArray.
    const QByteArrayView seed(reinterpret_cast<const char *>(m_secretKey), seedSize);
    return writeSecretFile(path, seed, error);
}

QByteArray LeaseSigner::publicKey() const
{
    return m_publicKey;
}

QByteArray LeaseSigner::sign(QByteArrayView message) const
{
    QByteArray signature(signatureSize, Qt::Uninitialized);
    crypto_sign_detached(reinterpret_cast<unsigned char *>(signature.data()), nullptr,
                         reinterpret_cast<const unsigned char *>(message.data()),
                         static_cast<unsigned long long>(message.size()), m_secretKey);
    return signature;
}

SeatLease LeaseSigner::signLease(SeatLease lease) const
{
    lease.signature = sign(leaseSigningBytes(lease));
    return lease;
}

} // namespace keyright
