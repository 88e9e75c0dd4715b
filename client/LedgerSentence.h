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

// When a borrowed seat comes back at the latest, the one way the dashboard and `keyright explain`
// write it (the State cell, the ledger, the write-off and Revoke windows, the Events page):
// "Wed 9 Dec 02:57", the weekday and month in the locale's words, the year only when it is not
// that of `now` ("Mon 4 Jan 2027 09:00"), its spaces no-break ones so that it never wraps. Read in
// `zone`, without its name, as the pages' other times are.
QString borrowEndText(const QDateTime &end, const QDateTime &now, const QTimeZone &zone);

// The first line: "acme-cad, 10 seats, now (3 Dec 2026 09:12)" or "… at 1 Dec 2026 09:00".
QString ledgerHeading(const LedgerReport &report, const QTimeZone &zone);

} // namespace keyright
