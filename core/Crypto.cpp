#include "Crypto.h"

#include <QtGlobal>

#include <algorithm>
#include <array>
#include <iterator>
#include <mutex>
#include <sodium.h>

namespace keyright::crypto {

namespace {

// RFC 8032, section 7.1, TEST 1: a known answer, so a miscompiled or wrongly linked libsodium is
// caught even if its signing and verification agree with each other.
constexpr std::array<unsigned char, 32> rfc8032Seed
    = {0x9d, 0x61, 0xb1, 0x9d, 0xef, 0xfd, 0x5a, 0x60, 0xba, 0x84, 0x4a, 0xf4, 0x92, 0xec, 0x2c, 0xc4,
       0x44, 0x49, 0xc5, 0x69, 0x7b, 0x32, 0x69, 0x19, 0x70, 0x3b, 0xac, 0x03, 0x1c, 0xae, 0x7f, 0x60};
constexpr std::array<unsigned char, 32> rfc8032PublicKey
    = {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a,
       0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6, 0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};
constexpr std::array<unsigned char, 64> rfc8032Signature
    = {0xe5, 0x56, 0x43, 0x00, 0xc3, 0x60, 0xac, 0x72, 0x90, 0x86, 0xe2, 0xcc, 0x80, 0x6e, 0x82, 0x8a,
       0x84, 0x87, 0x7f, 0x1e, 0xb8, 0xe5, 0xd9, 0x74, 0xd8, 0x73, 0xe0, 0x65, 0x22, 0x49, 0x01, 0x55,
       0x5f, 0xb8, 0x82, 0x15, 0x90, 0xa3, 0x3b, 0xac, 0xc6, 0x1e, 0x39, 0x70, 0x1c, 0xf9, 0xb4, 0x6b,
       0xd2, 0x5b, 0xf5, 0xf0, 0x59, 0x5b, 0xbe, 0x24, 0x65, 0x51, 0x41, 0x43, 0x8e, 0x7a, 0x10, 0x0b};

bool knownAnswerTest()
{
    unsigned char publicKey[crypto_sign_PUBLICKEYBYTES];
    auto *secretKey = static_cast<unsigned char *>(sodium_malloc(crypto_sign_SECRETKEYBYTES));
    if (!secretKey)
        return false;
    unsigned char signature[crypto_sign_BYTES];
    const bool ok = crypto_sign_seed_keypair(publicKey, secretKey, rfc8032Seed.data()) == 0
        && sodium_memcmp(publicKey, rfc8032PublicKey.data(), sizeof publicKey) == 0
        && crypto_sign_detached(signature, nullptr, nullptr, 0, secretKey) == 0
        && sodium_memcmp(signature, rfc8032Signature.data(), sizeof signature) == 0
        && crypto_sign_verify_detached(rfc8032Signature.data(), nullptr, 0, rfc8032PublicKey.data()) == 0;
    sodium_free(secretKey);
    return ok;
}

// A fresh key must sign and verify, and a single flipped bit in the message or the signature
// must make verification fail: a verifier that accepts everything is the failure that matters.
bool roundTripTest()
{
    static constexpr unsigned char message[] = "keyright self-test: a seat is live iff now <= expiresAt + skew";
    unsigned char publicKey[crypto_sign_PUBLICKEYBYTES];
    auto *secretKey = static_cast<unsigned char *>(sodium_malloc(crypto_sign_SECRETKEYBYTES));
    if (!secretKey)
        return false;
    unsigned char signature[crypto_sign_BYTES];
    unsigned char tampered[sizeof message];
    bool ok = crypto_sign_keypair(publicKey, secretKey) == 0
        && crypto_sign_detached(signature, nullptr, message, sizeof message, secretKey) == 0
        && crypto_sign_verify_detached(signature, message, sizeof message, publicKey) == 0;
    if (ok) {
        std::copy(std::begin(message), std::end(message), tampered);
        tampered[7] ^= 0x01;
        ok = crypto_sign_verify_detached(signature, tampered, sizeof tampered, publicKey) != 0;
    }
    if (ok) {
        signature[0] ^= 0x01;
        ok = crypto_sign_verify_detached(signature, message, sizeof message, publicKey) != 0;
    }
    sodium_free(secretKey);
    return ok;
}

} // namespace

bool init()
{
    static std::once_flag once;
    static bool usable = false;
    std::call_once(once, [] {
        if (sodium_init() < 0) {
            qCritical("keyright: libsodium could not be initialized");
            return;
        }
        usable = knownAnswerTest() && roundTripTest();
        if (!usable)
            qCritical("keyright: the Ed25519 self-test failed; refusing to sign or verify");
    });
    return usable;
}

QByteArray randomBytes(qsizetype count)
{
    // Without a working CSPRNG every seat id and token would be guessable; stopping is safer than
    // handing out predictable values.
    if (!init())
        qFatal("keyright: libsodium is unusable, no secure random bytes available");
    if (count <= 0)
        return {};
    QByteArray bytes(count, Qt::Uninitialized);
    randombytes_buf(bytes.data(), static_cast<size_t>(count));
    return bytes;
}

QString randomHex(qsizetype byteCount)
{
    return QString::fromLatin1(randomBytes(byteCount).toHex());
}

SecretBuffer randomSecret(qsizetype size)
{
    if (!init())
        qFatal("keyright: libsodium is unusable, no secure random bytes available");
    SecretBuffer secret(std::max<qsizetype>(size, 0));
    if (!secret.isEmpty())
        randombytes_buf(secret.data(), static_cast<size_t>(secret.size()));
    return secret;
}

std::optional<SecretBuffer> secretFromHex(QStringView hex, qsizetype size)
{
    if (size <= 0 || hex.size() != 2 * size)
        return std::nullopt;
    // The digits go through wiped memory too: they are the secret as much as its bytes.
    SecretBuffer digits(hex.size());
    for (qsizetype i = 0; i < hex.size(); ++i) {
        if (hex.at(i).unicode() > 0x7f)
            return std::nullopt;
        digits.data()[i] = static_cast<unsigned char>(hex.at(i).unicode());
    }
    SecretBuffer secret(size);
    size_t length = 0;
    const char *end = nullptr;
    const char *text = reinterpret_cast<const char *>(digits.data());
    if (sodium_hex2bin(secret.data(), static_cast<size_t>(size), text, static_cast<size_t>(digits.size()), nullptr,
                       &length, &end)
            != 0
        || length != static_cast<size_t>(size) || end != text + digits.size())
        return std::nullopt;
    return secret;
}

bool constantTimeEquals(QByteArrayView a, QByteArrayView b)
{
    if (a.size() != b.size())
        return false;
    if (a.isEmpty())
        return true;
    return sodium_memcmp(a.data(), b.data(), static_cast<size_t>(a.size())) == 0;
}

QByteArray hashSecret(QByteArrayView secret)
{
    if (!init())
        qFatal("keyright: libsodium is unusable, cannot hash secrets");
    QByteArray digest(32, Qt::Uninitialized);
    crypto_generichash(reinterpret_cast<unsigned char *>(digest.data()), static_cast<size_t>(digest.size()),
                       reinterpret_cast<const unsigned char *>(secret.data()),
                       static_cast<unsigned long long>(secret.size()), nullptr, 0);
    return digest;
}

SecretBuffer newSecretboxKey()
{
    static_assert(secretboxKeyBytes == crypto_secretbox_KEYBYTES);
    SecretBuffer key(secretboxKeyBytes);
    crypto_secretbox_keygen(key.data());
    return key;
}

QByteArray sealSecret(QByteArrayView key, QByteArrayView plain)
{
    Q_ASSERT(key.size() == secretboxKeyBytes);
    QByteArray sealed(qsizetype(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) + plain.size(), '\0');
    auto *out = reinterpret_cast<unsigned char *>(sealed.data());
    randombytes_buf(out, crypto_secretbox_NONCEBYTES);
    crypto_secretbox_easy(out + crypto_secretbox_NONCEBYTES, reinterpret_cast<const unsigned char *>(plain.data()),
                          quint64(plain.size()), out, reinterpret_cast<const unsigned char *>(key.data()));
    return sealed;
}

std::optional<SecretBuffer> openSealed(QByteArrayView key, QByteArrayView sealed)
{
    const qsizetype overhead = crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES;
    if (key.size() != secretboxKeyBytes || sealed.size() < overhead)
        return std::nullopt;
    SecretBuffer plain(sealed.size() - overhead);
    const auto *in = reinterpret_cast<const unsigned char *>(sealed.data());
    if (crypto_secretbox_open_easy(plain.data(), in + crypto_secretbox_NONCEBYTES,
                                   quint64(sealed.size() - qsizetype(crypto_secretbox_NONCEBYTES)), in,
                                   reinterpret_cast<const unsigned char *>(key.data()))
        != 0)
        return std::nullopt;
    return plain;
}

QByteArray hmacSha256Hex(QByteArrayView key, QByteArrayView message)
{
    crypto_auth_hmacsha256_state state;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char *>(key.data()), size_t(key.size()));
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char *>(message.data()),
                                  quint64(message.size()));
    crypto_auth_hmacsha256_final(&state, mac);
    sodium_memzero(&state, sizeof state);
    return QByteArray(reinterpret_cast<const char *>(mac), sizeof mac).toHex();
}

} // namespace keyright::crypto
