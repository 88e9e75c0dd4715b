#pragma once

#include "http/ApiError.h"
#include "wire/AccessRole.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
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
        Whoami,
        ListTokens,
        CreateToken,
        RevokeToken,
        TicketHeartbeat,
        LeaveQueue,
        ListGroups,
        PutGroups,
        GetRules,
        PutRules,
        Usage,
        UsageWhatIf,
        Ledger,
        Backup,
        Alerts,
        GetAlertRules,
        PutAlertRules,
        ListAlertEndpoints,
        CreateAlertEndpoint,
        DeleteAlertEndpoint,
        TestAlertEndpoint,
        AlertDeliveries,
        Redeliver,
        AcknowledgeAlert,
        Borrow,
        ReturnBorrowed,
        WriteOffBorrowed,
    };

    // Who may call a route: anyone, the holder of the license key, or a token of at least that
    // role. Declared once per route, next to its path (docs/API.md, "Roles").
    struct Access
    {
        enum class Scheme { Public, LicenseKey, Token } scheme = Scheme::Public;
        AccessRole role = AccessRole::Viewer; // Token only
    };

    // Which part of HttpApi answers a route, as qBittorrent's web API hands each action to its
    // controller: the public routes (HttpApi itself), the lease routes of the clients
    // (LeaseController), the administration (AdminController), the tokens (TokenController).
    enum class Area { Public, Lease, Admin, Tokens };

    // A route as declared: the method, the path with its "{license}", "{seat}", "{ticket}" and
    // "{name}" parameters, who may call it and the area that answers it.
    struct Declared
    {
        QByteArray method;
        QString path;
        Kind kind;
        Access access;
        Area area;
    };

    Kind kind = Kind::Health;
    QString licenseId;
    QString seatId;
    QString tokenName;
    Access access;
    QString ticketId;
    Area area = Area::Public;
    QString itemId; // an alert endpoint's, delivery's or alert's id ("{endpoint}", "{delivery}", "{alert}")

    // Unknown path -> 404 not_found; known path, other method -> 405 method_not_allowed (the
    // allowed methods in extra "allow"); malformed license, seat or ticket id -> 400 naming it.
    static std::optional<ApiRoute> match(QByteArrayView method, QStringView path, ApiError *error = nullptr);

    // Every route, in the order they are declared.
    static QList<Declared> declared();

    // A stable label for metrics and logs, such as "checkout".
    static QString name(Kind kind);
};

} // namespace keyright::server
