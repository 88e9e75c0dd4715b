#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

namespace keyright::server {

// The license key check of the client routes. License keys are known only by their hash and
// compared in constant time. (Access tokens are AccessService's.)
class AuthGuard
{
public:
    // "Authorization: License <key>" whose crypto::hashSecret equals keyHash.
    static bool holdsLicenseKey(QByteArrayView authorizationHeader, const QByteArray &keyHash);
    // The hash of the key an "Authorization: License <key>" presents (the key itself wiped), for
    // a check made later (a turn's lease calls, RequestTurn); nullopt when it presents none.
    static std::optional<QByteArray> presentedKeyHash(QByteArrayView authorizationHeader);
    // Whether a presented key's hash is the license's, in constant time.
    static bool isLicenseKeyHash(const QByteArray &presentedHash, const QByteArray &keyHash);
};

} // namespace keyright::server
