#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace keyright::crypto {

// Initializes libsodium once and runs a sign/verify self-test. Returns false when the library
// cannot be used; every other function here and LeaseSigner/LeaseVerifier call it first.
bool init();

// Cryptographically secure random bytes, and the same as lowercase hex (seat ids, tokens).
QByteArray randomBytes(qsizetype count);
QString randomHex(qsizetype byteCount);

// Compares in time independent of where the inputs differ (lengths may leak).
bool constantTimeEquals(QByteArrayView a, QByteArrayView b);

// BLAKE2b-256 of a secret such as a license key, for storing it without keeping the key itself.
QByteArray hashSecret(QByteArrayView secret);

} // namespace keyright::crypto
