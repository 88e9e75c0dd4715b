#include "http/AuthGuard.h"

#include "Crypto.h"
#include "http/RequestParsing.h"

namespace keyright::server {

AuthGuard::AuthGuard(SecretBuffer adminToken)
    : m_adminToken(std::move(adminToken))
{ }

bool AuthGuard::isAdmin(QByteArrayView authorizationHeader) const
{
    if (m_adminToken.isEmpty())
        return false;
    auto token = request::credential(authorizationHeader, "Bearer");
    if (!token)
        return false;
    const bool equal = m_adminToken.equals(*token);
    token->fill('\0');
    return equal;
}

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
