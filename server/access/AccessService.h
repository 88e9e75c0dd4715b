#pragma once

#include "store/StoreTypes.h"
#include "wire/AccessRole.h"

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {
class Clock;
}

namespace keyright::server {

class LeaseStore;

// The owner of the named access tokens: who a Bearer token speaks for, and creating, listing and
// revoking tokens. Tokens live in the store (as hashes), so a token revoked through one server is
// refused by every server sharing the store at its next request.
//
// Every method runs in a unit of the store (LeaseStore::withStore); called from a request, it
// joins that request's unit of the turn.
class AccessService
{
public:
    static constexpr auto lastUsedResolution = std::chrono::minutes(1);
    // The token that the admin-token file holds.
    static inline const QString bootstrapName = QStringLiteral("bootstrap");

    AccessService(LeaseStore &store, const Clock &clock);

    // Makes the admin-token file's token the admin token named "bootstrap", replacing a previous
    // bootstrap (the file was deleted and made anew). Throws StoreError.
    void installBootstrap(QByteArrayView secret);

    enum class Refusal {
        Unknown, // no such token: never made, revoked, or not a token at all (a license key)
        Expired,
    };
    struct Authentication
    {
        std::optional<AccessToken> token; // set when the secret is a token in force
        Refusal refusal = Refusal::Unknown;
    };
    // Who `secret` speaks for. Records the token's last use, at most once per
    // lastUsedResolution, so that a busy dashboard does not write on every poll.
    Authentication authenticate(QByteArrayView secret);

    struct CreateResult
    {
        enum class Outcome { Created, NameTaken } outcome = Outcome::Created;
        AccessToken token;
        QString secret; // "krt-" and 64 hex digits; shown once, never stored
    };
    CreateResult create(const QString &name, AccessRole role, std::optional<std::chrono::seconds> lifetime,
                        const QString &actor);

    enum class RevokeOutcome { Revoked, NotFound, Bootstrap };
    RevokeOutcome revoke(const QString &name, const QString &actor);

    QList<AccessToken> tokens();

    static bool looksLikeToken(QByteArrayView secret);

private:
    LeaseStore &m_store;
    const Clock &m_clock;
};

} // namespace keyright::server
