#pragma once

#include "SecretBuffer.h"

#include <QByteArray>
#include <QByteArrayView>

namespace keyright::server {

// Decides who a request speaks for. The admin token stays in wiped memory; license keys are
// known only by their hash. Every comparison runs in constant time.
class AuthGuard
{
public:
    explicit AuthGuard(SecretBuffer adminToken);

    // "Authorization: Bearer <admin token>".
    bool isAdmin(QByteArrayView authorizationHeader) const;
    // "Authorization: License <key>" whose crypto::hashSecret equals keyHash.
    static bool holdsLicenseKey(QByteArrayView authorizationHeader, const QByteArray &keyHash);

private:
    SecretBuffer m_adminToken;
};

} // namespace keyright::server
