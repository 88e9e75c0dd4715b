#include "DisputeReconstruction.h"
#include "Timestamps.h"
#include "wire/EventDetail.h"
#include "wire/SeatRulesJson.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);

QString seat(int n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

EventRecord ev(qint64 seq, const QString &kind, int seatNo, const QString &holder, QJsonObject detail = {})
{
    EventRecord e;
    e.seq = seq;
    e.time = t0.addSecs(seq * 10);
    e.kind = eventKindFromWire(kind).value();
    e.licenseId = u"acme"_s;
    e.seatId = seatNo > 0 ? seat(seatNo) : QString();
    e.holder = holder;
    e.detail = detail;
    return e;
}

EventRecord grant(qint64 seq, int seatNo, const QString &holder)
{
    return ev(seq, u"granted"_s, seatNo, holder,
              {{u"generation"_s, seatNo}, {u"expiresAt"_s, formatTimestamp(t0.addSecs(seq * 10 + 60))}});
}

QJsonObject holderJson(int seatNo, const QString &holder, const QDateTime &expiresAt)
{
    return {{u"seatId"_s, seat(seatNo)},
            {u"holder"_s, holder},
            {u"generation"_s, seatNo},
            {u"issuedAt"_s, formatTimestamp(expiresAt.addSecs(-60))},
            {u"expiresAt"_s, formatTimestamp(expiresAt)}};
}

EventRecord denial(qint64 seq, const QJsonArray &holders, int seats = 3)
{
    EventRecord e = ev(seq, u"denied"_s, 0, u"carol@ws-3"_s,
                       {{u"inUse"_s, int(holders.size())}, {u"seatCount"_s, seats}, {u"holders"_s, holders}});
    return e;
}

const HolderGroup render {u"render"_s, {u"*@render-*"_s}};

SeatRules reserveForRender(int seats)
{
    SeatRules rules;
    rules.reserve = {{u"render"_s, seats}};
    return rules;
}

EventRecord rulesChanged(qint64 seq, const SeatRules &rules)
{
    return ev(seq, u"rules_changed"_s, 0, {}, {{u"rules"_s, seatrules::rulesToJson(rules)}});
}

EventRecord groupsChanged(qint64 seq, const QList<HolderGroup> &groups)
{
    EventRecord e = ev(seq, u"groups_changed"_s, 0, {}, {{u"groups"_s, seatrules::groupsToJson(groups)}});
    e.licenseId.clear();
    return e;
}

// A denial as a server with seat rules records it: its reason and numbers, and who held the seats.
EventRecord ruledDenial(qint64 seq, const QString &holder, const QJsonArray &holders, int seats, const QString &reason,
                        QJsonObject numbers)
{
    numbers.insert(u"reason"_s, reason);
    numbers.insert(u"inUse"_s, int(holders.size()));
    numbers.insert(u"seatCount"_s, seats);
    numbers.insert(u"holders"_s, holders);
    return ev(seq, u"denied"_s, 0, holder, numbers);
}

// Seats 1..n held by alice..., all live at `at`.
QJsonArray heldBy(int n, const QDateTime &at, int firstSeat = 1)
{
    QJsonArray holders;
    for (int i = 0; i < n; ++i)
        holders.append(holderJson(firstSeat + i, u"user%1@ws-%1"_s.arg(firstSeat + i), at.addSecs(60)));
    return holders;
}

QJsonObject reservedNumbers(int idle, int seats = 2)
{
    return {{u"reservedForOthers"_s, idle},
            {u"reservations"_s,
             QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, seats}, {u"used"_s, seats - idle}}}}};
}

} // namespace

class TestDisputeReconstruction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsWhoHeldEverySeat();
    void replayShowsSeatsNeverGivenBack();
    void seatsGrantedBeforeTheHistoryAreFlagged();
    void replayAloneWhenTheDenialListsNobody();
    void countedOnlyThanksToTheSkew();
    void ignoresOtherLicensesAndLaterEvents();
    void notADenial();
    void rulesChangingMidWindow();
    void currentRulesWhenNoChangeIsLoaded();
    void rulesUnknownWhenTheyChangedLater();
    void trustsTheServerWhenTheReplayDisagrees();
    void groupCapAndListsFromTheRecord();
    void lineAtTheMomentOfTheDenial();
    void blockedHolder();
    void blockedRefusalListsTheSeatsAsRenewed();
    void olderBlockedRefusalKeepsNoStaleExpiry();
    void borrowsAreReplayedAsSeats();
};

void TestDisputeReconstruction::listsWhoHeldEverySeat()
{
    // Alice runs the app twice, Bob once: a three-seat license is full and Carol is turned away.
    const QList<EventRecord> history {grant(1, 1, u"alice@ws-1"_s), grant(2, 2, u"alice@ws-1"_s),
                                      grant(3, 3, u"bob@ws-2"_s)};
    const QDateTime at = t0.addSecs(40);
    const EventRecord d
        = denial(4,
                 {holderJson(1, u"alice@ws-1"_s, at.addSecs(30)), holderJson(2, u"alice@ws-1"_s, at.addSecs(40)),
                  holderJson(3, u"bob@ws-2"_s, at.addSecs(50))});
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history + QList {d}, true);
    QVERIFY(dispute.isValid());
    QCOMPARE(dispute.deniedHolder, u"carol@ws-3"_s);
    QCOMPARE(dispute.seatCount, 3);
    QCOMPARE(dispute.inUse, 3);
    QCOMPARE(dispute.seats.size(), 3);
    QVERIFY(dispute.consistent);
    QCOMPARE(dispute.notReturned, 0);
    QCOMPARE(dispute.seats.at(0).holder, u"alice@ws-1"_s);
    QCOMPARE(dispute.seats.at(0).grantedAt, t0.addSecs(10));
    QVERIFY(dispute.seats.at(0).counted && dispute.seats.at(0).replayed);
    QCOMPARE(dispute.shares.size(), 2);
    QCOMPARE(dispute.shares.at(0).holder, u"alice@ws-1"_s);
    QCOMPARE(dispute.shares.at(0).seats, 2);
    QCOMPARE(dispute.shares.at(1).seats, 1);
}

void TestDisputeReconstruction::replayShowsSeatsNeverGivenBack()
{
    // Dave's app crashed: granted, never released, lapsed, not yet reaped. It no longer counts.
    const QList<EventRecord> history {grant(1, 1, u"dave@ws-4"_s), grant(2, 2, u"alice@ws-1"_s),
                                      grant(3, 3, u"erin@ws-5"_s), ev(4, u"released"_s, 3, u"erin@ws-5"_s),
                                      grant(5, 4, u"bob@ws-2"_s),  grant(6, 5, u"frank@ws-6"_s)};
    const QDateTime at = t0.addSecs(70);
    const EventRecord d
        = denial(7,
                 {holderJson(2, u"alice@ws-1"_s, at.addSecs(30)), holderJson(4, u"bob@ws-2"_s, at.addSecs(30)),
                  holderJson(5, u"frank@ws-6"_s, at.addSecs(30))});
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history, true);
    QCOMPARE(dispute.seats.size(), 4);
    QCOMPARE(dispute.notReturned, 1);
    const DisputeSeat &lapsed = dispute.seats.constLast();
    QCOMPARE(lapsed.holder, u"dave@ws-4"_s);
    QVERIFY(!lapsed.counted);
    QVERIFY(lapsed.replayed);
    QVERIFY(dispute.consistent);
}

void TestDisputeReconstruction::seatsGrantedBeforeTheHistoryAreFlagged()
{
    const QDateTime at = t0.addSecs(40);
    const EventRecord d
        = denial(4, {holderJson(1, u"alice@ws-1"_s, at.addSecs(30)), holderJson(9, u"old@ws-9"_s, at.addSecs(30))}, 2);
    const QList<EventRecord> history {grant(1, 1, u"alice@ws-1"_s)};
    Dispute partial = DisputeReconstruction::reconstruct(d, history, false);
    QCOMPARE(partial.unexplained, 1);
    QVERIFY(partial.consistent); // an older grant, outside what was loaded
    Dispute complete = DisputeReconstruction::reconstruct(d, history, true);
    QVERIFY(!complete.consistent); // the history says nobody was granted that seat
}

void TestDisputeReconstruction::replayAloneWhenTheDenialListsNobody()
{
    const QList<EventRecord> history {grant(1, 1, u"alice@ws-1"_s), grant(2, 2, u"bob@ws-2"_s),
                                      ev(3, u"revoked"_s, 2, u"bob@ws-2"_s), grant(4, 3, u"carol@ws-3"_s)};
    EventRecord d = ev(5, u"denied"_s, 0, u"dave@ws-4"_s, {{u"inUse"_s, 2}, {u"seatCount"_s, 2}});
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history, true);
    QVERIFY(!dispute.serverListed);
    QCOMPARE(dispute.seats.size(), 2);
    QCOMPARE(dispute.seats.at(0).holder, u"alice@ws-1"_s);
    QCOMPARE(dispute.seats.at(1).holder, u"carol@ws-3"_s);
}

void TestDisputeReconstruction::countedOnlyThanksToTheSkew()
{
    const QDateTime at = t0.addSecs(20);
    const EventRecord d = denial(2, {holderJson(1, u"alice@ws-1"_s, at.addSecs(-3))}, 1);
    const Dispute dispute = DisputeReconstruction::reconstruct(d, {grant(1, 1, u"alice@ws-1"_s)});
    QCOMPARE(dispute.seats.size(), 1);
    QVERIFY(dispute.seats.at(0).withinSkewOnly);
}

void TestDisputeReconstruction::ignoresOtherLicensesAndLaterEvents()
{
    EventRecord other = grant(1, 7, u"zed@farm"_s);
    other.licenseId = u"farm"_s;
    const EventRecord d = ev(3, u"denied"_s, 0, u"x@y"_s, {{u"inUse"_s, 1}, {u"seatCount"_s, 1}});
    const Dispute dispute = DisputeReconstruction::reconstruct(
        d,
        {other, grant(2, 1, u"alice@ws-1"_s), d, ev(4, u"released"_s, 1, u"alice@ws-1"_s), grant(5, 2, u"late@ws"_s)});
    QCOMPARE(dispute.seats.size(), 1);
    QCOMPARE(dispute.seats.at(0).holder, u"alice@ws-1"_s);
}

void TestDisputeReconstruction::notADenial()
{
    QVERIFY(!DisputeReconstruction::reconstruct(grant(1, 1, u"a@b"_s), {}).isValid());
}

void TestDisputeReconstruction::rulesChangingMidWindow()
{
    // Ten seats, 2 reserved for render from seq 2; at seq 15 the reservation is dropped. The same 8
    // holders are denied a 9th seat before (the rest is reserved) and after (there is a free seat,
    // then no seat once the 10th went).
    QList<EventRecord> history {groupsChanged(1, {render}), rulesChanged(2, reserveForRender(2))};
    for (int i = 1; i <= 8; ++i)
        history << grant(2 + i, i, u"user%1@ws-%1"_s.arg(i));
    const QDateTime at = t0.addSecs(110);
    const EventRecord before
        = ruledDenial(11, u"bob@ws-07"_s, heldBy(8, at), 10, u"no_seats_available"_s, reservedNumbers(2));
    history << before << rulesChanged(12, {}) << grant(13, 9, u"user9@ws-9"_s) << grant(14, 10, u"user10@ws-10"_s);
    const EventRecord after = ruledDenial(15, u"bob@ws-07"_s, heldBy(10, t0.addSecs(150)), 10, u"no_seats_available"_s,
                                          {{u"reservedForOthers"_s, 0}, {u"reservations"_s, QJsonArray {}}});
    history << after;

    const Dispute first = DisputeReconstruction::reconstruct(before, history, true);
    QCOMPARE(first.rulesSource, Dispute::RulesSource::Event);
    QCOMPARE(first.rulesChangedAt, t0.addSecs(20));
    QCOMPARE(first.rules.reservedSeats(), 2);
    QCOMPARE(first.groupsSource, Dispute::RulesSource::Event);
    QCOMPARE(first.reason, Dispute::Reason::ReservedForOthers);
    QCOMPARE(first.decision.reservedForOthers, 2);
    QCOMPARE(first.decision.usage.inUse, 8);
    QVERIFY(!first.incomplete);

    const Dispute second = DisputeReconstruction::reconstruct(after, history, true);
    QCOMPARE(second.rulesSource, Dispute::RulesSource::Event);
    QCOMPARE(second.rulesChangedAt, t0.addSecs(120));
    QVERIFY(second.rules.isEmpty());
    QCOMPARE(second.reason, Dispute::Reason::NoSeats);
    QCOMPARE(second.decision.usage.inUse, 10);
    QVERIFY(!second.incomplete);
}

void TestDisputeReconstruction::currentRulesWhenNoChangeIsLoaded()
{
    QList<EventRecord> history;
    for (int i = 1; i <= 8; ++i)
        history << grant(i, i, u"user%1@ws-%1"_s.arg(i));
    const EventRecord d
        = ruledDenial(9, u"bob@ws-07"_s, heldBy(8, t0.addSecs(90)), 10, u"no_seats_available"_s, reservedNumbers(2));
    history << d;
    const Dispute withCurrent
        = DisputeReconstruction::reconstruct(d, history, true, CurrentSeatRules {reserveForRender(2), {render}});
    QCOMPARE(withCurrent.rulesSource, Dispute::RulesSource::Current);
    QCOMPARE(withCurrent.reason, Dispute::Reason::ReservedForOthers);
    QVERIFY(!withCurrent.incomplete);
    QVERIFY(DisputeReconstruction::rulesNote(withCurrent).contains(u"current rules"_s));
}

void TestDisputeReconstruction::rulesUnknownWhenTheyChangedLater()
{
    // The rules changed after the denial and nothing earlier is loaded: today's rules say nothing
    // about that moment, whatever the current ones are.
    QList<EventRecord> history;
    for (int i = 1; i <= 8; ++i)
        history << grant(i, i, u"user%1@ws-%1"_s.arg(i));
    const EventRecord d
        = ruledDenial(9, u"bob@ws-07"_s, heldBy(8, t0.addSecs(90)), 10, u"no_seats_available"_s, reservedNumbers(2));
    history << d << rulesChanged(10, {});
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history, true, CurrentSeatRules {});
    QCOMPARE(dispute.rulesSource, Dispute::RulesSource::Unknown);
    // The server's record still explains it, and the panel says the replay could not.
    QCOMPARE(dispute.reason, Dispute::Reason::ReservedForOthers);
    QVERIFY(dispute.incomplete);
    QVERIFY(DisputeReconstruction::rulesNote(dispute).contains(u"not known"_s));
}

void TestDisputeReconstruction::trustsTheServerWhenTheReplayDisagrees()
{
    // The denial says 2 seats are reserved for render, but the rules change that made them so is
    // not in the loaded events: the replay alone finds nothing reserved.
    QList<EventRecord> history;
    for (int i = 1; i <= 8; ++i)
        history << grant(i, i, u"user%1@ws-%1"_s.arg(i));
    const EventRecord d
        = ruledDenial(9, u"bob@ws-07"_s, heldBy(8, t0.addSecs(90)), 10, u"no_seats_available"_s, reservedNumbers(2));
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history + QList {d}, true);
    QVERIFY(dispute.recordedByServer);
    QVERIFY(dispute.incomplete);
    QCOMPARE(dispute.reason, Dispute::Reason::ReservedForOthers);
    QCOMPARE(dispute.decision.reservedForOthers, 2);
    QCOMPARE(dispute.decision.usage.reservations.size(), 1);
    QCOMPARE(dispute.decision.usage.reservations.at(0).group, u"render"_s);
    QVERIFY(DisputeReconstruction::rulesNote(dispute).contains(u"incomplete"_s));

    // An older server's denial (no reason) that the replay would have granted: events are missing.
    const EventRecord old = ev(9, u"denied"_s, 0, u"bob@ws-07"_s, {{u"inUse"_s, 10}, {u"seatCount"_s, 10}});
    const Dispute older = DisputeReconstruction::reconstruct(old, history, false);
    QVERIFY(!older.recordedByServer);
    QVERIFY(older.incomplete);
    QCOMPARE(older.reason, Dispute::Reason::NoSeats);
    QCOMPARE(older.decision.usage.inUse, 10);
}

void TestDisputeReconstruction::groupCapAndListsFromTheRecord()
{
    SeatRules rules;
    rules.max = {{u"render"_s, 2}};
    rules.deny = {u"*@contractor-*"_s};
    const QList<EventRecord> history {groupsChanged(1, {render}), rulesChanged(2, rules), grant(3, 1, u"a@render-1"_s),
                                      grant(4, 2, u"b@render-2"_s)};
    QJsonArray held {holderJson(1, u"a@render-1"_s, t0.addSecs(100)), holderJson(2, u"b@render-2"_s, t0.addSecs(100))};
    const EventRecord capped = ruledDenial(5, u"c@render-3"_s, held, 10, u"group_cap_reached"_s,
                                           {{u"group"_s, u"render"_s},
                                            {u"cap"_s, 2},
                                            {u"held"_s, 2},
                                            {u"reservedForOthers"_s, 0},
                                            {u"reservations"_s, QJsonArray {}}});
    Dispute dispute = DisputeReconstruction::reconstruct(capped, history + QList {capped}, true);
    QCOMPARE(dispute.reason, Dispute::Reason::GroupCap);
    QCOMPARE(dispute.decision.group, u"render"_s);
    QCOMPARE(dispute.decision.cap, 2);
    QCOMPARE(dispute.decision.groupHeld, 2);
    QVERIFY(!dispute.incomplete);

    const EventRecord denied = ruledDenial(5, u"d@contractor-1"_s, held, 10, u"holder_not_allowed"_s,
                                           {{u"rule"_s, u"deny"_s},
                                            {u"entry"_s, u"*@contractor-*"_s},
                                            {u"reservedForOthers"_s, 0},
                                            {u"reservations"_s, QJsonArray {}}});
    dispute = DisputeReconstruction::reconstruct(denied, history + QList {denied}, true);
    QCOMPARE(dispute.reason, Dispute::Reason::DenyList);
    QCOMPARE(dispute.decision.entry, u"*@contractor-*"_s);
    QVERIFY(!dispute.incomplete);

    // The record says "deny" with another entry than the rules replayed: the record wins.
    EventRecord other = denied;
    other.detail.insert(u"entry"_s, u"d@*"_s);
    dispute = DisputeReconstruction::reconstruct(other, history + QList {other}, true);
    QVERIFY(dispute.incomplete);
    QCOMPARE(dispute.decision.entry, u"d@*"_s);
}

void TestDisputeReconstruction::lineAtTheMomentOfTheDenial()
{
    const auto queued = [](qint64 seq, const QString &holder, const QString &ticket, int position) {
        return ev(seq, u"queued"_s, 0, holder, {{u"ticketId"_s, ticket}, {u"position"_s, position}});
    };
    EventRecord served = grant(4, 2, u"bob@ws-2"_s);
    served.detail.insert(u"ticketId"_s, u"t-bob"_s);
    const QList<EventRecord> history {
        grant(1, 1, u"alice@ws-1"_s),
        queued(2, u"bob@ws-2"_s, u"t-bob"_s, 1),
        queued(3, u"carol@ws-3"_s, u"t-carol"_s, 2),
        served,
        queued(5, u"dave@ws-4"_s, u"t-dave"_s, 2),
        ev(6, u"queue_left"_s, 0, u"carol@ws-3"_s, {{u"ticketId"_s, u"t-carol"_s}, {u"why"_s, u"gave_up"_s}}),
        queued(7, u"erin@ws-5"_s, u"t-erin"_s, 2),
    };
    const EventRecord d = denial(
        8, {holderJson(1, u"alice@ws-1"_s, t0.addSecs(100)), holderJson(2, u"bob@ws-2"_s, t0.addSecs(100))}, 2);
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history + QList {d}, true);
    QCOMPARE(dispute.waiting.size(), 2);
    QCOMPARE(dispute.waiting.at(0).holder, u"dave@ws-4"_s);
    QCOMPARE(dispute.waiting.at(1).holder, u"erin@ws-5"_s);
}

void TestDisputeReconstruction::blockedHolder()
{
    const QDateTime until = t0.addSecs(600);
    const EventRecord blocked
        = ev(2, u"holder_blocked"_s, 0, u"mallory@ws-6"_s, {{u"until"_s, formatTimestamp(until)}});
    const Dispute dispute = DisputeReconstruction::reconstruct(blocked, {grant(1, 1, u"alice@ws-1"_s), blocked}, true);
    QVERIFY(dispute.isValid());
    QCOMPARE(dispute.reason, Dispute::Reason::HolderBlocked);
    QCOMPARE(dispute.blockedUntil, until);
    QCOMPARE(dispute.inUse, 1);
    QVERIFY(DisputeReconstruction::sentence(dispute).contains(u"blocked"_s));
}

void TestDisputeReconstruction::blockedRefusalListsTheSeatsAsRenewed()
{
    // Alice and bob took their seats at 10 s and 20 s with a minute's lease and renewed them ever
    // since (heartbeats leave no event); mallory, blocked, tries again 3m 30s later. The refusal
    // lists the live leases as a denial does, with the expiries the last renewals signed.
    const QDateTime until = t0.addSecs(600);
    const QDateTime at = t0.addSecs(230);
    EventRecord blocked = ev(
        23, u"holder_blocked"_s, 0, u"mallory@ws-6"_s,
        {{u"until"_s, formatTimestamp(until)},
         {u"inUse"_s, 2},
         {u"seatCount"_s, 3},
         {u"holders"_s,
          QJsonArray {holderJson(1, u"alice@ws-1"_s, at.addSecs(50)), holderJson(2, u"bob@ws-2"_s, at.addSecs(40))}}});
    const QList<EventRecord> history {grant(1, 1, u"alice@ws-1"_s), grant(2, 2, u"bob@ws-2"_s), blocked};
    const Dispute dispute = DisputeReconstruction::reconstruct(blocked, history, true);
    QCOMPARE(dispute.reason, Dispute::Reason::HolderBlocked);
    QCOMPARE(dispute.blockedUntil, until);
    QVERIFY(dispute.serverListed);
    QCOMPARE(dispute.seatCount, 3);
    QCOMPARE(dispute.inUse, 2);
    QVERIFY(dispute.consistent);
    QCOMPARE(dispute.seats.size(), 2);
    QCOMPARE(dispute.notReturned, 0);
    for (const DisputeSeat &seat : dispute.seats) {
        // Live then, as the panel shows it: counted, "in 50s" / "in 40s", not "3m 20s ago".
        QVERIFY2(seat.counted && seat.replayed, qPrintable(seat.holder));
        QVERIFY2(!seat.withinSkewOnly, qPrintable(seat.holder));
        QVERIFY2(seat.expiresAt > at, qPrintable(seat.holder + u' ' + formatTimestamp(seat.expiresAt)));
    }
    QCOMPARE(dispute.seats.at(0).holder, u"alice@ws-1"_s);
    QCOMPARE(dispute.seats.at(0).expiresAt, at.addSecs(50));
    QCOMPARE(dispute.seats.at(0).grantedAt, t0.addSecs(10));
    QCOMPARE(dispute.seats.at(1).expiresAt, at.addSecs(40));
    QVERIFY(DisputeReconstruction::sentence(dispute).contains(u"blocked"_s));
}

void TestDisputeReconstruction::olderBlockedRefusalKeepsNoStaleExpiry()
{
    // A server that recorded only the block: the replay is all there is, and a grant's expiry long
    // past is not the seat's expiry at the refusal (renewed since, or lapsed: no event says).
    const EventRecord blocked
        = ev(23, u"holder_blocked"_s, 0, u"mallory@ws-6"_s, {{u"until"_s, formatTimestamp(t0.addSecs(600))}});
    const Dispute dispute = DisputeReconstruction::reconstruct(
        blocked, {grant(1, 1, u"alice@ws-1"_s), grant(2, 2, u"bob@ws-2"_s), blocked}, true);
    QVERIFY(!dispute.serverListed);
    QCOMPARE(dispute.inUse, 2);
    QCOMPARE(dispute.seats.size(), 2);
    for (const DisputeSeat &seat : dispute.seats) {
        QVERIFY2(seat.counted, qPrintable(seat.holder));
        QVERIFY2(!seat.expiresAt.isValid(), qPrintable(seat.holder + u' ' + formatTimestamp(seat.expiresAt)));
    }
}

void TestDisputeReconstruction::borrowsAreReplayedAsSeats()
{
    // Issue 27: dana borrowed seat 2 and her laptop was lost (written off); erin borrowed seat 3
    // and returned it early. At carol's refusal, dana's seat counts as borrowed and written off,
    // explained by its borrow; erin's is gone, not a seat "never given back".
    const QDateTime away = t0.addDays(3);
    const auto borrow = [&](qint64 seq, int seatNo, const QString &holder) {
        return ev(seq, u"seat_borrowed"_s, seatNo, holder,
                  eventdetail::SeatBorrowed {quint64(seatNo), away, 3, seatNo, 3, 1, {}}.toJson());
    };
    const QList<EventRecord> history {
        grant(1, 1, u"alice@ws-1"_s), borrow(2, 2, u"dana@laptop"_s), borrow(3, 3, u"erin@laptop"_s),
        ev(4, u"borrow_returned"_s, 3, u"erin@laptop"_s, eventdetail::BorrowReturned {away}.toJson()),
        ev(5, u"borrow_written_off"_s, 2, u"dana@laptop"_s, eventdetail::BorrowWrittenOff {away, u"lost"_s}.toJson())};
    QJsonObject danaHeld = holderJson(2, u"dana@laptop"_s, away);
    danaHeld.insert(u"borrowed"_s, true);
    const EventRecord d = denial(6, {holderJson(1, u"alice@ws-1"_s, t0.addSecs(120)), danaHeld}, 2);
    const Dispute dispute = DisputeReconstruction::reconstruct(d, history, true);
    QVERIFY(dispute.consistent);
    QCOMPARE(dispute.unexplained, 0);
    QCOMPARE(dispute.notReturned, 0);
    QCOMPARE(dispute.seats.size(), 2);
    const DisputeSeat &dana = dispute.seats.at(1);
    QCOMPARE(dana.holder, u"dana@laptop"_s);
    QVERIFY(dana.counted && dana.replayed && dana.borrowed && dana.writtenOff);
    QCOMPARE(dana.grantedAt, t0.addSecs(20));
    QVERIFY(!dispute.seats.at(0).borrowed);
}

QTEST_GUILESS_MAIN(TestDisputeReconstruction)
#include "tst_disputereconstruction.moc"
