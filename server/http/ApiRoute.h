#pragma once

#include "http/ApiError.h"

#include <QByteArrayView>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyright::server {

// The routes of the v1 API and the pure function that maps a method and a path onto one of
// them, with its path parameters checked.
struct ApiRoute
{
    enum class Kind {
        Health,
        Time,
        PublicKey,
        ListLicenses,
        PutLicense,
        Checkout,
        RotateKey,
        ListLeases,
        Release,
        Heartbeat,
        Revoke,
        Reap,
        Events,
        Metrics,
        Stats,
    };

    Kind kind = Kind::Health;
    QString licenseId;
    QString seatId;

    // Unknown path -> 404 not_found; known path, other method -> 405 method_not_allowed (the
    // allowed methods in extra "allow"); malformed license or seat id -> 400 naming it.
    static std::optional<ApiRoute> match(QByteArrayView method, QStringView path, ApiError *error = nullptr);

    // A stable label for metrics and logs, such as "checkout".
    static QString name(Kind kind);
};

} // namespace keyright::server
