#include "DemoCatalogue.h"

using namespace Qt::StringLiterals;

namespace keyright {

const QList<DemoCatalogue::License> &DemoCatalogue::licenses()
{
    static const QList<License> all {
        {u"acme-cad"_s,
         u"ACME CAD"_s,
         10,
         60,
         5,
         15,
         {u"alice@ws-12"_s, u"alice@ws-12"_s, u"bob@ws-07"_s, u"chen@cad-03"_s, u"dana@ws-21"_s, u"emil@laptop-5"_s,
          u"farah@ws-02"_s, u"gus@render-1"_s},
         // 2 seats for render (gus holds one: one reserved seat stays idle), at most 3 on laptops.
         SeatRules {{}, {}, {{u"render"_s, 2}}, {{u"laptops"_s, 3}}}},
        {u"render-farm"_s,
         u"Render farm"_s,
         4,
         120,
         10,
         30,
         {u"node-01@farm"_s, u"node-02@farm"_s, u"node-03@farm"_s, u"node-04@farm"_s},
         // Idle reclaim on (issue 26): node-03, idle 80 minutes while carol waits, is marked on
         // first start and goes an hour later unless someone uses it, so the rule, the Idle for
         // column and the ledger show a mark at once.
         SeatRules {{}, {}, {}, {}, {IdleReclaim {QString(), 60, 60}}}},
        {u"training-demo"_s,
         u"Training demo (short TTL)"_s,
         3,
         15,
         2,
         5,
         {u"trainer@projector"_s, u"student-1@lab"_s},
         {}},
    };
    return all;
}

const QList<HolderGroup> &DemoCatalogue::holderGroups()
{
    static const QList<HolderGroup> all {{u"render"_s, {u"*@render-*"_s}}, {u"laptops"_s, {u"*@laptop-*"_s}}};
    return all;
}

const DemoCatalogue::License *DemoCatalogue::license(const QString &id)
{
    for (const License &l : licenses()) {
        if (l.id == id)
            return &l;
    }
    return nullptr;
}

QString DemoCatalogue::keyDirectoryName()
{
    return u"demo-keys"_s;
}

QString DemoCatalogue::keyFileName(const QString &licenseId)
{
    return licenseId + u".key"_s;
}

QString DemoCatalogue::trainingLicenseId()
{
    return u"training-demo"_s;
}

QString DemoCatalogue::fullLicenseId()
{
    return u"render-farm"_s;
}

QString DemoCatalogue::idleHolder()
{
    return u"node-03@farm"_s;
}

std::chrono::minutes DemoCatalogue::idleHolderIdleFor()
{
    return std::chrono::minutes {80};
}

QString DemoCatalogue::waitingHolder()
{
    return u"carol@ws-3"_s;
}

QString DemoCatalogue::refusedHolder()
{
    return u"intern@laptop-3"_s;
}

QString DemoCatalogue::crashingHolder()
{
    return u"kiosk@lab-2"_s;
}

QString DemoCatalogue::sandboxLicensePrefix()
{
    return u"sim-"_s;
}

bool DemoCatalogue::isSandboxLicense(const QString &licenseId)
{
    return licenseId.startsWith(sandboxLicensePrefix());
}

} // namespace keyright
