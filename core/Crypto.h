#pragma once

#include "SecretBuffer.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace keyright::crypto {

// Initializes libsodium once and runs a sign/verify self-test. Returns false when the library
// cannot be used; every other function here and LeaseSigner/LeaseVerifier call it first.
bool init();

// Cryptographically secure random bytes, and the same as lowercase hex (seat ids, tokens).
QByteArray randomBytes(qsizetype count);
QString randomHex(qsizetype byteCount);
// Random bytes straight into wiped memory (a secret handed out once, such as a borrow's return
// secret), and a secret read from its lowercase or uppercase hex without an unwiped copy of the
// bytes: nullopt unless `hex` is exactly 2 * `size` hex digits.
SecretBuffer randomSecret(qsizetype size);
std::optional<SecretBuffer> secretFromHex(QStringView hex, qsizetype size);

// Compares in time independent of where the inputs differ (lengths may leak).
bool constantTimeEquals(QByteArrayView a, QByteArrayView b);

// BLAKE2b-256 of a secret such as a license key, for storing it without keeping the key itself.
QByteArray hashSecret(QByteArrayView secret);

// Secret-key encryption (libsodium crypto_secretbox, XSalsa20-Poly1305) under a key of
// secretboxKeyBytes: sealSecret() gives a random nonce followed by the box; openSealed() gives
// nullopt for bytes not sealed with `key` or altered since.
inline constexpr qsizetype secretboxKeyBytes = 32;
SecretBuffer newSecretboxKey();
QByteArray sealSecret(QByteArrayView key, QByteArrayView plain);
std::optional<SecretBuffer> openSealed(QByteArrayView key, QByteArrayView sealed);

// HMAC-SHA256 of `message` with a key of any length (crypto_auth_hmacsha256), as lowercase hex.
QByteArray hmacSha256Hex(QByteArrayView key, QByteArrayView message);

} // namespace keyright::crypto
