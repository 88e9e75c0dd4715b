#pragma once

#include "wire/EventDetail.h"

#include <QLocale>
#include <QString>

namespace keyright {

// An alert said in one sentence (issue 29), written once for every reader: the dashboard (its
// Alerts page and event log, translated where a translator is installed), and the webhook and mail
// deliveries (English: the server installs none). `locale` spells the dates: the dashboard's
// QLocale(), the server's QLocale::c() so that a delivery reads the same on any machine.
//
// The numbers: "75 % of the seats in use (the rule's threshold: 75 %)"; validity_ending says
// which date, when, and how far: "the license expires on 9 December 2026, in 4 days (notice of 7
// days)", "its maintenance ended on 1 December 2026 (checkouts are not affected) (notice of 7 days)".
QString alertMeasureText(const eventdetail::AlertChange &change, const QLocale &locale = QLocale());
// "rule cad-full: <numbers>" when it fired, "rule cad-full no longer holds: <numbers>" when it
// resolved (the numbers it fired with).
QString alertText(const eventdetail::AlertChange &change, bool fired, const QLocale &locale = QLocale());

} // namespace keyright
