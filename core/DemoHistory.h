#pragma once

#include "DemoCatalogue.h"
#include "UsageHistory.h"

#include <QTimeZone>

namespace keyright {

// The usage history `keyright-server --demo` and the dashboard's embedded demo make up, so that
// the Usage page and `keyright report` show something true to life on a first start (issue 25):
// workdays from about 8:30 to 17:30 in `zone`, a lunch dip, Monday mornings busier than the rest,
// Tuesday mornings with more demand than seats (refusals, a few of them true denials, and some
// waits in line), quiet weekends, now and then a session that crashed and ran out, and on a
// license that reserves seats (acme-cad: two for render) a reservation that mostly stands idle.
// Deterministic for one license, range and zone. Every span ends before toMs.
class DemoHistory
{
public:
    static constexpr int days = 90;

    static usage::LicenseActivity activity(const DemoCatalogue::License &license, qint64 fromMs, qint64 toMs,
                                           const QTimeZone &zone);
};

} // namespace keyright
