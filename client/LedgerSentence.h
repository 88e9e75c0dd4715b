#pragma once

#include "wire/LedgerReport.h"

#include <QStringList>
#include <QTimeZone>

namespace keyright {

// A ledger in sentences, one per line of it, the same in `keyright explain` and on the dashboard:
// "4 seats in active use: alice@ws-1, bob@ws-2, …", "2 seats held but idle for more than 30
// minutes: carol@ws-3 since 07:46 (74 min), …", "1 seat free.", then who waits and who is
// blocked. Times read in `zone`; translated where a translator is installed (context "Ledger").
QStringList ledgerSentences(const LedgerReport &report, const QTimeZone &zone);

// The first line: "acme-cad, 10 seats, now (3 Dec 2026 09:12)" or "… at 1 Dec 2026 09:00".
QString ledgerHeading(const LedgerReport &report, const QTimeZone &zone);

} // namespace keyright
