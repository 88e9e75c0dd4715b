#pragma once

#include "wire/UsageReport.h"

#include <QString>

namespace keyright {

// A what-if report in one sentence, the same in the dashboard and in `keyright report --what-if`:
// "With 8 seats, 3 of the 4,210 checkout requests from 1 Mar to 31 Mar would have waited, none
// longer than 6 minutes; with 7, 41 more would have been refused." A request is what a holder
// asked for, granted or not (a refusal and the retry that got a seat soon after are one request),
// unlike the checkouts granted the usage report counts. `range` names the range ("from 1 Mar to
// 31 Mar", "on 2 Nov 2026"); translated where a translator is installed (context "WhatIf").
QString whatIfSentence(const WhatIfReport &report, const QString &range);

} // namespace keyright
