#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace keyright::server {

// The license key check of the client routes. License keys are known only by their hash and
// compared in constant time. (Access tokens are AccessService's.)
class AuthGuard
{
public:
    // "Authorization: License <key>" whose crypto::hashSecret equals keyHash.
    static bool holdsLicenseKey(QByteArrayView authorizationHeader, const QByteArray &keyHash);
};

} // namespace keyright::server
