#include "http/AuthGuard.h"

#include "Crypto.h"
#include "http/RequestParsing.h"

namespace keyright::server {

bool AuthGuard::holdsLicenseKey(QByteArrayView authorizationHeader, const QByteArray &keyHash)
{
    auto key = request::credential(authorizationHeader, "License");
    if (!key || keyHash.isEmpty())
        return false;
    // Comparing hashes of equal length: the time taken says nothing about the stored key.
    const bool equal = crypto::constantTimeEquals(crypto::hashSecret(*key), keyHash);
    key->fill('\0');
    return equal;
}

} // namespace keyright::server
