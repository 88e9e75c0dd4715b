#include "LeasePredicate.h"
#include "SeatLedger.h"
#include "SeatRules.h"
#include "wire/LedgerReport.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

// The seat ledger: every seat of the count in one category, whatever the leases, the rules and
// the moment.
class TestSeatLedger final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyLicenseIsAllFree();
    void everyKindOfSeatInItsLine();
    void seatsAboveALoweredCountAreSaid();
    void aMarkedIdleSeatSaysWhenItGoes();
    void aBorrowedSeatIsAccountedForAsBorrowed();
    void aWrittenOffSeatStaysBorrowedAndSaysSo();
    void randomLicensesAlwaysAddUp();
    void wireKeepsTheLedgerAndRefusesOneThatLosesASeat();
};

namespace {

const QDateTime t0 = QDateTime(QDate(2026, 12, 1), QTime(9, 0), QTimeZone::utc());

LedgerSeat seat(const QString &holder, quint64 generation, const QDateTime &expiresAt,
                std::optional<QDateTime> lastActivity = std::nullopt)
{
    LedgerSeat out;
    out.lease.licenseId = u"acme"_s;
    out.lease.seatId = u"seat-%1"_s.arg(generation);
    out.lease.holder = holder;
    out.lease.generation = generation;
    out.lease.issuedAt = expiresAt.addSecs(-60);
    out.lease.expiresAt = expiresAt;
    out.lastActivity = lastActivity;
    return out;
}

CompiledSeatRules renderRules(int reserved)
{
    SeatRules rules;
    if (reserved > 0)
        rules.reserve.append(GroupSeats {u"render"_s, reserved});
    return CompiledSeatRules(rules, {HolderGroup {u"render"_s, {u"*@render-*"_s}}});
}

QStringList holdersOf(const SeatLedger::Line *line)
{
    QStringList out;
    if (line) {
        for (const auto &holding : line->holdings)
            out.append(holding.holder);
    }
    return out;
}

} // namespace

void TestSeatLedger::aBorrowedSeatIsAccountedForAsBorrowed()
{
    // Issue 27: ann took a seat away on her laptop until Friday, then sat down at her desk too;
    // bob's borrow ran out yesterday. Ann's laptop seat is borrowed (the soonest back first), her
    // desk seat is her seat in use (not a second one), bob's expired borrow holds nothing.
    LedgerInput input;
    input.seatCount = 5;
    input.now = t0;
    LedgerSeat laptop = seat(u"ann@laptop"_s, 1, t0.addDays(3));
    laptop.lease.borrowed = true;
    LedgerSeat eve = seat(u"eve@laptop"_s, 2, t0.addDays(1));
    eve.lease.borrowed = true;
    LedgerSeat gone = seat(u"bob@laptop"_s, 3, t0.addDays(-1));
    gone.lease.borrowed = true;
    input.seats = {laptop, eve, gone, seat(u"ann@ws-1"_s, 4, t0.addSecs(30), t0)};
    const SeatLedger ledger = accountSeats(renderRules(0), input);
    const SeatLedger::Line *borrowed = ledger.line(SeatLedger::Category::Borrowed);
    QVERIFY(borrowed);
    QCOMPARE(borrowed->seats, 2);
    QCOMPARE(holdersOf(borrowed), (QStringList {u"eve@laptop"_s, u"ann@laptop"_s}));
    QCOMPARE(borrowed->holdings.last().since, t0.addDays(3));
    QCOMPARE(holdersOf(ledger.line(SeatLedger::Category::InUse)), QStringList {u"ann@ws-1"_s});
    QVERIFY(!ledger.line(SeatLedger::Category::SecondSeat));
    QCOMPARE(holdersOf(ledger.line(SeatLedger::Category::Expired)), QStringList {u"bob@laptop"_s});
    QCOMPARE(ledger.line(SeatLedger::Category::Free)->seats, 2);
    QCOMPARE(ledger.accounted(), 5);

    // On the wire it keeps its name and its line.
    const LedgerReport report {u"acme"_s, t0, t0, 30, ledger};
    ValidationError error;
    const std::optional<LedgerReport> back = LedgerReport::fromJson(report.toJson(), &error);
    QVERIFY2(back, qPrintable(error.message));
    QCOMPARE(back->ledger, ledger);
    QCOMPARE(ledgerCategoryToWire(SeatLedger::Category::Borrowed), u"borrowed"_s);
}

void TestSeatLedger::aWrittenOffSeatStaysBorrowedAndSaysSo()
{
    // Walk 51b N2: bob's laptop is lost and written off; his seat stays in the borrowed line,
    // counted until its expiry, but the ledger (and its wire form) says it was written off, and
    // the dashboard and `keyright explain` can name it apart (tst_cli).
    LedgerInput input;
    input.seatCount = 4;
    input.now = t0;
    LedgerSeat bob = seat(u"bob@laptop2"_s, 1, t0.addDays(2));
    bob.lease.borrowed = true;
    bob.writeOff = BorrowWriteOff {t0.addSecs(-60), u"admin"_s, u"left on the train"_s};
    LedgerSeat carol = seat(u"carol@laptop3"_s, 2, t0.addDays(3));
    carol.lease.borrowed = true;
    input.seats = {bob, carol};
    const SeatLedger ledger = accountSeats(renderRules(0), input);
    const SeatLedger::Line *borrowed = ledger.line(SeatLedger::Category::Borrowed);
    QVERIFY(borrowed);
    QCOMPARE(borrowed->seats, 2);
    QCOMPARE(holdersOf(borrowed), (QStringList {u"bob@laptop2"_s, u"carol@laptop3"_s}));
    QCOMPARE(borrowed->holdings.first().writeOff.note, u"left on the train"_s);
    QVERIFY(!borrowed->holdings.last().writeOff.isSet());

    const LedgerReport report {u"acme"_s, t0, t0, 30, ledger};
    const QJsonObject json = report.toJson();
    const QJsonObject bobOnWire
        = json.value(u"lines"_s).toArray().first().toObject().value(u"holdings"_s).toArray().first().toObject();
    QCOMPARE(bobOnWire.value(QString::fromUtf16(BorrowWriteOff::noteMember)).toString(), u"left on the train"_s);
    ValidationError error;
    const std::optional<LedgerReport> back = LedgerReport::fromJson(json, &error);
    QVERIFY2(back, qPrintable(error.message));
    QCOMPARE(back->ledger, ledger);
}

void TestSeatLedger::emptyLicenseIsAllFree()
{
    LedgerInput input;
    input.seatCount = 10;
    input.now = t0;
    const SeatLedger ledger = accountSeats(renderRules(0), input);
    QCOMPARE(ledger.lines.size(), 1);
    QCOMPARE(ledger.lines.first().category, SeatLedger::Category::Free);
    QCOMPARE(ledger.lines.first().seats, 10);
    QCOMPARE(ledger.accounted(), 10);
}

void TestSeatLedger::everyKindOfSeatInItsLine()
{
    using C = SeatLedger::Category;
    LedgerInput input;
    input.seatCount = 10;
    input.now = t0;
    input.skew = 5s;
    input.idleAfter = 30min;
    const QDateTime live = t0.addSecs(40);
    input.seats = {
        seat(u"alice@ws-1"_s, 1, live, t0.addSecs(-5 * 60)), // used 5 minutes ago
        seat(u"bob@ws-2"_s, 2, live, t0.addSecs(-74 * 60)), // idle 74 minutes
        seat(u"carol@ws-3"_s, 3, live), // an old client: activity unknown
        seat(u"alice@ws-9"_s, 4, live, t0.addSecs(-60)), // alice again, on another machine
        seat(u"dave@ws-4"_s, 5, t0.addSecs(-3), t0.addSecs(-70)), // stopped renewing, within the skew
        seat(u"erin@ws-5"_s, 6, t0.addSecs(-30), t0.addSecs(-40)), // past the skew: the reaper's
        seat(u"frank@render-1"_s, 7, live, t0.addSecs(-2 * 60)), // on a reserved seat
        seat(u"gus@ws-6"_s, 8, live, t0.addSecs(-31 * 60)), // idle 31 minutes, less than bob
        seat(u"alice@ws-1"_s, 9, t0.addSecs(-3600), t0.addSecs(-3700)), // alice's old row, expired first
    };
    input.waiting = {{u"hank@ws-8"_s, t0.addSecs(-6 * 60)}, {u"ida@ws-7"_s, t0.addSecs(-10 * 60)}};
    input.blocks = {{u"mallory@ws-0"_s, t0.addSecs(3600)}, {u"old@ws-0"_s, t0.addSecs(-1)}};

    const SeatLedger ledger = accountSeats(renderRules(2), input);
    QCOMPARE(holdersOf(ledger.line(C::InUse)), (QStringList {u"alice@ws-1"_s, u"frank@render-1"_s}));
    QCOMPARE(holdersOf(ledger.line(C::Idle)), (QStringList {u"bob@ws-2"_s, u"gus@ws-6"_s})); // longest idle first
    QCOMPARE(ledger.line(C::Idle)->holdings.first().since, t0.addSecs(-74 * 60));
    // No reclaim mark given, none shown.
    QVERIFY(!ledger.line(C::Idle)->holdings.first().reclaimAt.isValid());
    QCOMPARE(holdersOf(ledger.line(C::ActivityUnknown)), QStringList {u"carol@ws-3"_s});
    QCOMPARE(holdersOf(ledger.line(C::SecondSeat)), QStringList {u"alice@ws-9"_s});
    QCOMPARE(holdersOf(ledger.line(C::Expiring)), QStringList {u"dave@ws-4"_s});
    QCOMPARE(holdersOf(ledger.line(C::Expired)), (QStringList {u"alice@ws-1"_s, u"erin@ws-5"_s}));
    QCOMPARE(ledger.line(C::Expired)->seats, 0);
    // frank counts against render's two seats: one of them stands idle.
    QCOMPARE(ledger.line(C::InUse)->holdings.at(1).group, u"render"_s);
    QVERIFY(ledger.line(C::ReservedIdle, u"render"_s));
    QCOMPARE(ledger.line(C::ReservedIdle, u"render"_s)->seats, 1);
    // 10 seats: 2 reserved (1 used), 8 shared of which 6 are held (alice, bob, carol, alice
    // again, dave, gus): 2 free.
    QCOMPARE(ledger.line(C::Free)->seats, 2);
    QVERIFY(!ledger.line(C::OverCount));
    QCOMPARE(ledger.accounted(), 10);
    QCOMPARE(ledger.waiting.first().holder, u"ida@ws-7"_s); // the longest waiting first
    QCOMPARE(ledger.blocks, (QList<LedgerBlock> {{u"mallory@ws-0"_s, t0.addSecs(3600)}}));

    // Ten minutes later bob has come back, dave and alice's second seat ran out.
    input.now = t0.addSecs(10 * 60);
    input.seats[1].lastActivity = t0.addSecs(9 * 60);
    for (LedgerSeat &row : input.seats) {
        if (row.lease.holder != u"dave@ws-4"_s && row.lease.holder != u"alice@ws-9"_s && row.lease.generation < 9
            && row.lease.holder != u"erin@ws-5"_s)
            row.lease.expiresAt = input.now.addSecs(40);
    }
    const SeatLedger later = accountSeats(renderRules(2), input);
    QCOMPARE(holdersOf(later.line(C::Idle)), QStringList {u"gus@ws-6"_s});
    QVERIFY(!later.line(C::SecondSeat));
    QVERIFY(!later.line(C::Expiring));
    QCOMPARE(holdersOf(later.line(C::Expired)),
             (QStringList {u"alice@ws-1"_s, u"erin@ws-5"_s, u"dave@ws-4"_s, u"alice@ws-9"_s}));
    QCOMPARE(later.line(C::Free)->seats, 4);
    QCOMPARE(later.accounted(), 10);
}

void TestSeatLedger::aMarkedIdleSeatSaysWhenItGoes()
{
    using C = SeatLedger::Category;
    LedgerInput input;
    input.seatCount = 2;
    input.now = t0;
    input.idleAfter = 30min;
    const QDateTime live = t0.addSecs(40);
    input.seats = {seat(u"alice@ws-12"_s, 1, live, t0.addSecs(-74 * 60)), seat(u"bob@ws-2"_s, 2, live, t0)};
    input.seats[0].reclaimAt = t0.addSecs(5 * 60);
    // A mark on a seat that is not idle by the ledger's threshold (another threshold than the
    // rule's) is not the ledger's to tell.
    input.seats[1].reclaimAt = t0.addSecs(4 * 60);
    const SeatLedger ledger = accountSeats(renderRules(0), input);
    QCOMPARE(ledger.line(C::Idle)->holdings.first().reclaimAt, t0.addSecs(5 * 60));
    QCOMPARE(ledger.line(C::InUse)->holdings.first().reclaimAt, QDateTime());
    QCOMPARE(ledger.accounted(), 2);
}

void TestSeatLedger::seatsAboveALoweredCountAreSaid()
{
    using C = SeatLedger::Category;
    LedgerInput input;
    input.seatCount = 2; // lowered from 3 while three seats were held
    input.now = t0;
    for (quint64 i = 1; i <= 3; ++i)
        input.seats.append(seat(u"user%1@ws"_s.arg(i), i, t0.addSecs(30), t0));
    const SeatLedger ledger = accountSeats(renderRules(0), input);
    QCOMPARE(ledger.line(C::InUse)->seats, 3);
    QVERIFY(!ledger.line(C::Free));
    QCOMPARE(ledger.line(C::OverCount)->seats, 1);
    QCOMPARE(ledger.accounted(), 2);
}

// Random licenses, rules and moments: the lines always add up to the seat count, every row is in
// exactly one line, and a seat is idle only for a known activity older than idleAfter.
void TestSeatLedger::randomLicensesAlwaysAddUp()
{
    using C = SeatLedger::Category;
    QRandomGenerator rng(qEnvironmentVariableIntValue("KEYRIGHT_LEDGER_SEED") + 2026u);
    for (int round = 0; round < 2000; ++round) {
        LedgerInput input;
        input.seatCount = int(rng.bounded(1, 12));
        const int reserved = int(rng.bounded(0, input.seatCount + 1));
        input.now = t0.addSecs(rng.bounded(0, 86'400));
        input.skew = std::chrono::seconds(rng.bounded(0, 10));
        input.idleAfter = std::chrono::minutes(rng.bounded(1, 90));
        const int rows = int(rng.bounded(0, 16));
        for (int i = 0; i < rows; ++i) {
            const QString holder
                = (rng.bounded(2) ? u"user%1@ws-%2"_s : u"user%1@render-%2"_s).arg(rng.bounded(6)).arg(rng.bounded(3));
            const QDateTime expiresAt = input.now.addSecs(rng.bounded(-120, 120));
            std::optional<QDateTime> activity;
            if (rng.bounded(4) != 0)
                activity = input.now.addSecs(-rng.bounded(0, 3 * 3600));
            input.seats.append(seat(holder, quint64(i + 1), expiresAt, activity));
        }
        const SeatLedger ledger = accountSeats(renderRules(reserved), input);
        QCOMPARE(ledger.accounted(), input.seatCount);

        QSet<QString> listed;
        for (const SeatLedger::Line &line : ledger.lines) {
            for (const auto &holding : line.holdings) {
                QVERIFY2(!listed.contains(holding.seatId), qPrintable(holding.seatId));
                listed.insert(holding.seatId);
            }
        }
        int live = 0;
        for (const LedgerSeat &row : std::as_const(input.seats)) {
            QVERIFY(listed.contains(row.lease.seatId));
            live += isLive(row.lease, input.now, input.skew) ? 1 : 0;
        }
        int held = 0;
        for (C category : {C::InUse, C::ActivityUnknown, C::Idle, C::SecondSeat, C::Expiring}) {
            if (const auto *line = ledger.line(category))
                held += line->seats;
        }
        QCOMPARE(held, live);
        if (const auto *idle = ledger.line(C::Idle)) {
            for (const auto &holding : idle->holdings)
                QVERIFY(holding.since.msecsTo(input.now) > std::chrono::milliseconds(input.idleAfter).count());
        }
    }
}

void TestSeatLedger::wireKeepsTheLedgerAndRefusesOneThatLosesASeat()
{
    LedgerInput input;
    input.seatCount = 4;
    input.now = t0;
    input.seats = {seat(u"bob@ws-2"_s, 1, t0.addSecs(30), t0.addSecs(-3600)), seat(u"carol@ws-3"_s, 2, t0.addSecs(30)),
                   seat(u"erin@ws-5"_s, 3, t0.addSecs(-60), t0.addSecs(-90))};
    input.waiting = {{u"ida@ws-7"_s, t0.addSecs(-600)}};
    input.blocks = {{u"mallory@ws-0"_s, t0.addSecs(3600)}};
    LedgerReport report;
    report.licenseId = u"acme"_s;
    report.at = t0;
    report.serverTime = t0.addSecs(5);
    report.idleAfterMinutes = 45;
    report.ledger = accountSeats(renderRules(1), input);
    const auto back = LedgerReport::fromJson(report.toJson());
    QVERIFY(back);
    QCOMPARE(*back, report);
    QVERIFY(back->isPast());

    // One seat dropped on the way: refused, with the numbers.
    QJsonObject json = report.toJson();
    QJsonArray lines = json.value(u"lines"_s).toArray();
    QJsonObject free = lines.at(lines.size() - 2).toObject(); // free, then the expired rows
    QCOMPARE(free.value(u"category"_s).toString(), u"free"_s);
    free.insert(u"seats"_s, free.value(u"seats"_s).toInt() - 1);
    lines.replace(lines.size() - 2, free);
    json.insert(u"lines"_s, lines);
    ValidationError error;
    QVERIFY(!LedgerReport::fromJson(json, &error));
    QCOMPARE(error.field, u"lines"_s);
    QCOMPARE(error.message, u"lines add up to 3 seats, not the seatCount 4"_s);

    json = report.toJson();
    lines = json.value(u"lines"_s).toArray();
    QJsonObject first = lines.at(0).toObject();
    first.insert(u"category"_s, u"lent"_s);
    lines.replace(0, first);
    json.insert(u"lines"_s, lines);
    QVERIFY(!LedgerReport::fromJson(json, &error));
    QCOMPARE(error.field, u"lines[0].category"_s);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestSeatLedger)
#include "tst_seatledger.moc"
