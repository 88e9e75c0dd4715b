#include "LedgerSentence.h"

#include <QCoreApplication>
#include <QLocale>

namespace keyright {

namespace {

using Category = SeatLedger::Category;

// How many holders a sentence names before "and N more".
constexpr int namedHolders = 6;

// Without a translator (the CLI) Qt hands back a plural message's source text: made English here.
QString plural(QString text, int n)
{
    text.replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    return text;
}

// The messages are marked for lupdate where they are written (QT_TRANSLATE_NOOP, _N_NOOP for
// plurals) and translated here.
QString say(const char *text, int n = -1)
{
    return plural(QCoreApplication::translate("Ledger", text, nullptr, n), n);
}

QString clock(const QDateTime &time, const QTimeZone &zone)
{
    return QLocale().toString(time.toTimeZone(zone), QStringLiteral("HH:mm"));
}

// A moment after `now`: its time, with its date when that is another day (a block of a day ends
// tomorrow at the same time, which read as already over; walk 26).
QString clockFrom(const QDateTime &time, const QDateTime &now, const QTimeZone &zone)
{
    const QDateTime local = time.toTimeZone(zone);
    if (local.date() == now.toTimeZone(zone).date())
        return clock(time, zone);
    return QLocale().toString(local, QStringLiteral("d MMM HH:mm"));
}

QString minutesBetween(const QDateTime &from, const QDateTime &to)
{
    const int minutes = int(std::max<qint64>(0, from.msecsTo(to)) / 60'000);
    return say(QT_TRANSLATE_N_NOOP("Ledger", "%n min"), minutes);
}

// How long a holder has been idle: to the second under ten minutes, where whole minutes would
// read "idle for more than 1 minute: alice (1 min)"; in whole minutes beyond.
QString idleFor(const QDateTime &from, const QDateTime &to)
{
    const qint64 ms = std::max<qint64>(0, from.msecsTo(to));
    if (ms >= 10 * 60'000)
        return minutesBetween(from, to);
    return say(QT_TRANSLATE_NOOP("Ledger", "%1 min %2 s"))
        .arg(ms / 60'000)
        .arg(ms / 1000 % 60, 2, 10, QLatin1Char('0'));
}

// A wait in whole minutes, or "under a minute" rather than "0 min" (as the rule's preview says).
QString waitedFor(const QDateTime &from, const QDateTime &to)
{
    if (std::max<qint64>(0, from.msecsTo(to)) < 60'000)
        return say(QT_TRANSLATE_NOOP("Ledger", "under a minute"));
    return minutesBetween(from, to);
}

// "alice@ws-1, bob@ws-2 and 3 more", each holder through `describe`.
template <typename Describe>
QString holderList(const QList<SeatLedger::Holding> &holdings, Describe describe)
{
    QStringList named;
    for (qsizetype i = 0; i < holdings.size() && i < namedHolders; ++i)
        named.append(describe(holdings.at(i)));
    QString list = named.join(QStringLiteral(", "));
    const int more = int(holdings.size()) - int(named.size());
    if (more > 0)
        list += say(QT_TRANSLATE_N_NOOP("Ledger", " and %n more"), more);
    return list;
}

QString lineSentence(const SeatLedger::Line &line, const LedgerReport &report, const QTimeZone &zone)
{
    const auto plain = [](const SeatLedger::Holding &holding) { return holding.holder; };
    const auto since = [&](const SeatLedger::Holding &holding) {
        if (holding.reclaimAt.isValid()) {
            return say(QT_TRANSLATE_NOOP("Ledger", "%1 since %2 (%3), to be given to someone waiting at %4"))
                .arg(holding.holder, clock(holding.since, zone), idleFor(holding.since, report.at),
                     clockFrom(holding.reclaimAt, report.at, zone));
        }
        return say(QT_TRANSLATE_NOOP("Ledger", "%1 since %2 (%3)"))
            .arg(holding.holder, clock(holding.since, zone), idleFor(holding.since, report.at));
    };
    const auto expired = [&](const SeatLedger::Holding &holding) {
        return say(QT_TRANSLATE_NOOP("Ledger", "%1 (expired %2)")).arg(holding.holder, clock(holding.since, zone));
    };
    const auto until = [&](const SeatLedger::Holding &holding) {
        return say(QT_TRANSLATE_NOOP("Ledger", "%1 (until %2)"))
            .arg(holding.holder, borrowEndText(holding.since, report.at, zone));
    };
    const int n = line.seats;
    switch (line.category) {
    case Category::InUse:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) in active use: %1."), n)
            .arg(holderList(line.holdings, plain));
    case Category::ActivityUnknown:
        return say(QT_TRANSLATE_N_NOOP(
                       "Ledger", "%n seat(s) held by clients that do not report activity (never counted as idle): %1."),
                   n)
            .arg(holderList(line.holdings, plain));
    case Category::Idle:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) held but idle for more than %1: %2."), n)
            .arg(say(QT_TRANSLATE_N_NOOP("Ledger", "%n minute(s)"), report.idleAfterMinutes),
                 holderList(line.holdings, since));
    case Category::SecondSeat:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) held by someone who already holds another: %1."), n)
            .arg(holderList(line.holdings, plain));
    case Category::Borrowed: {
        // The lost laptops named apart (walk 51b N2): they too are counted until they expire, but
        // will not come back before.
        QList<SeatLedger::Holding> writtenOff;
        for (const SeatLedger::Holding &holding : line.holdings) {
            if (holding.writeOff.isSet())
                writtenOff.append(holding);
        }
        if (writtenOff.isEmpty()) {
            return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) borrowed, counted until returned or expired: %1."), n)
                .arg(holderList(line.holdings, until));
        }
        const auto lost = [](const SeatLedger::Holding &holding) {
            if (holding.writeOff.note.isEmpty())
                return holding.holder;
            return say(QT_TRANSLATE_NOOP("Ledger", "%1 (%2)")).arg(holding.holder, holding.writeOff.note);
        };
        QString lostPart;
        if (line.holdings.size() == 1 && writtenOff.size() == 1) {
            // One seat, already named: "1 of them" would read as a riddle (walk 55).
            const QString &note = writtenOff.first().writeOff.note;
            lostPart = note.isEmpty() ? say(QT_TRANSLATE_NOOP("Ledger", "it was written off"))
                                      : say(QT_TRANSLATE_NOOP("Ledger", "it was written off: %1")).arg(note);
        } else {
            lostPart = say(QT_TRANSLATE_N_NOOP("Ledger", "%n of them written off: %1"), int(writtenOff.size()))
                           .arg(holderList(writtenOff, lost));
        }
        return say(QT_TRANSLATE_NOOP("Ledger", "%1; %2."))
            .arg(say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) borrowed, counted until returned or expired: %1"), n)
                     .arg(holderList(line.holdings, until)),
                 lostPart);
    }
    case Category::Expiring:
        return say(QT_TRANSLATE_N_NOOP(
                       "Ledger", "%n seat(s) whose client stopped renewing, still counted within the clock skew: %1."),
                   n)
            .arg(holderList(line.holdings, expired));
    case Category::ReservedIdle:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) reserved for %1 and unused."), n).arg(line.group);
    case Category::Free:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) free."), n);
    case Category::OverCount:
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s) held above the seat count, given back as they expire."),
                   n);
    case Category::Expired: {
        const int rows = int(line.holdings.size());
        return say(QT_TRANSLATE_N_NOOP("Ledger", "%n expired lease(s) waiting for the reaper, holding no seat: %1."),
                   rows)
            .arg(holderList(line.holdings, expired));
    }
    }
    return {};
}

// A date is one unit in a sentence: its spaces do not break, so that a narrow pane never puts
// "mer. 9" on one line and "déc. 14:00" on the next (walk 57a, F4).
QString unbreakable(QString text)
{
    return text.replace(QLatin1Char(' '), QChar(QChar::Nbsp));
}

} // namespace

QString borrowEndText(const QDateTime &end, const QDateTime &now, const QTimeZone &zone)
{
    // Days away (a borrow lasts up to weeks): a weekday alone would not say which week, a date
    // alone not which day it is, a short numeric date reads 12 September in English (walk 55).
    const QDateTime local = end.toTimeZone(zone);
    const bool thisYear = now.isValid() && now.toTimeZone(zone).date().year() == local.date().year();
    return unbreakable(QLocale().toString(
        local, thisYear ? QStringLiteral("ddd d MMM HH:mm") : QStringLiteral("ddd d MMM yyyy HH:mm")));
}

QString ledgerHeading(const LedgerReport &report, const QTimeZone &zone)
{
    const QString when
        = unbreakable(QLocale().toString(report.at.toTimeZone(zone), QStringLiteral("d MMM yyyy HH:mm")));
    const QString seats = say(QT_TRANSLATE_N_NOOP("Ledger", "%n seat(s)"), report.ledger.seatCount);
    if (report.isPast())
        return say(QT_TRANSLATE_NOOP("Ledger", "%1, %2, at %3")).arg(report.licenseId, seats, when);
    return say(QT_TRANSLATE_NOOP("Ledger", "%1, %2, now (%3)")).arg(report.licenseId, seats, when);
}

QStringList ledgerSentences(const LedgerReport &report, const QTimeZone &zone)
{
    QStringList out;
    for (const SeatLedger::Line &line : report.ledger.lines)
        out.append(lineSentence(line, report, zone));
    if (report.ledger.waiting.isEmpty()) {
        out.append(say(QT_TRANSLATE_NOOP("Ledger", "Nobody is waiting.")));
    } else {
        QStringList waiters;
        for (const LedgerWaiter &waiter : report.ledger.waiting)
            waiters.append(
                say(QT_TRANSLATE_NOOP("Ledger", "%1 for %2")).arg(waiter.holder, waitedFor(waiter.since, report.at)));
        out.append(say(QT_TRANSLATE_N_NOOP("Ledger", "%n waiting: %1."), int(waiters.size()))
                       .arg(waiters.join(QStringLiteral(", "))));
    }
    for (const LedgerBlock &block : report.ledger.blocks)
        out.append(say(QT_TRANSLATE_NOOP("Ledger", "%1 is blocked until %2."))
                       .arg(block.holder, clockFrom(block.until, report.at, zone)));
    if (report.isPast()) {
        // The history keeps idle periods from usage::idleHistoryFloorMs (5 minutes) up.
        out.append(say(QT_TRANSLATE_NOOP("Ledger",
                                         "The history keeps idle periods of 5 minutes or more and no blocks: a "
                                         "shorter pause in the past reads as in use.")));
    }
    return out;
}

} // namespace keyright
