#pragma once

#include "SeatRules.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace keyright {

// Everything the demo is made of, in one place: the licenses `keyright-server --demo` (and the
// dashboard's embedded server) creates, the holders the embedded demo checks out, the refused
// checkout and the crashing kiosk it replays, and the license the simulator picks first. The
// server creates what this lists; the dashboard and the simulator find it by these names.
class DemoCatalogue
{
public:
    struct License
    {
        QString id;
        QString name;
        int seats = 1;
        int ttlSeconds = 60;
        int skewSeconds = 5;
        int reapGraceSeconds = 15;
        QStringList holders; // checked out by the embedded demo, in this order (one may repeat)
        SeatRules rules; // naming holderGroups(); empty: none
    };

    static const QList<License> &licenses();
    // The holder groups the demo licenses' rules name. acme-cad reserves seats for render and caps
    // laptops, so the Seats page shows reserved-and-idle seats and what each holder counts against
    // without anyone configuring anything.
    static const QList<HolderGroup> &holderGroups();
    // nullptr when `id` is not a demo license.
    static const License *license(const QString &id);

    // The folder, under the server's data directory, where each demo license's key is written
    // as <id>.key (mode 0600), and the file of one license's key in it.
    static QString keyDirectoryName();
    static QString keyFileName(const QString &licenseId);

    // The short-TTL license a training session plays each simulator scenario on in under a minute.
    static QString trainingLicenseId();
    // A license the demo keeps full, and the holder it keeps refusing there (the Events view's denials).
    static QString fullLicenseId();
    static QString refusedHolder();
    // The holder that takes a training seat and crashes without releasing it.
    static QString crashingHolder();
    // On the full license: the holder whose application was left open and unused (idle since
    // idleHolderIdleFor before the demo started; every other demo holder is in use), and the one
    // waiting in its line for a seat, so the ledger and the idle reclaim rule show something.
    static QString idleHolder();
    static std::chrono::minutes idleHolderIdleFor();
    static QString waitingHolder();

    // The simulator plays each scenario on licenses of its own whose ids start with "sim-" (a
    // prefix the license-id rule allows). Their checkouts and denials are staged, so the
    // dashboard's usage figures (the Fleet counters, the usage chart's choices) leave them out.
    static QString sandboxLicensePrefix();
    static bool isSandboxLicense(const QString &licenseId);
};

} // namespace keyright
