#pragma once

#include "wire/UsageReport.h"

#include <QString>

namespace keyright {

// A what-if report in one sentence, the same in the dashboard and in `keyright report --what-if`:
// "With 8 seats, 3 of 4,210 checkouts from 1 March to 31 March would have waited, none longer than
// 6 minutes; with 7, 41 would have been refused." `range` names the range ("from 1 March to 31
// March"); translated where a translator is installed (context "WhatIf").
QString whatIfSentence(const WhatIfReport &report, const QString &range);

} // namespace keyright
