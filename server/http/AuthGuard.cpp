#include "http/AuthGuard.h"

#include "Crypto.h"
#include "http/RequestParsing.h"

namespace keyright::server {

bool AuthGuard::holdsLicenseKey(QByteArrayView authorizationHeader, const QByteArray &keyHash)
{
    const auto presented = presentedKeyHash(authorizationHeader);
    return presented && isLicenseKeyHash(*presented, keyHash);
}

std::optional<QByteArray> AuthGuard::presentedKeyHash(QByteArrayView authorizationHeader)
{
    auto key = request::credential(authorizationHeader, "License");
    if (!key)
        return std::nullopt;
    QByteArray hash = crypto::hashSecret(*key);
    key->fill('\0');
    return hash;
}

bool AuthGuard::isLicenseKeyHash(const QByteArray &presentedHash, const QByteArray &keyHash)
{
    // Comparing hashes of equal length: the time taken says nothing about the stored key.
    return !keyHash.isEmpty() && crypto::constantTimeEquals(presentedHash, keyHash);
}

} // namespace keyright::server
