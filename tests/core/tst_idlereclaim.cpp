// Idle reclaim (issue 26): the decision that marks an idle seat for someone waiting, cancels the
// mark when its holder comes back or nobody needs it any more, and takes the seat at reclaimAt
// (core/ReclaimDecision). One case per situation of the issue, then random states replayed
// through decideCheckout(): no seat is marked or taken without a waiter who may have it, never
// more than there are such waiters, and never a holder whose activity is unknown or who has been
// idle less than the rule's afterMinutes.

#include "ReclaimDecision.h"
#include "SeatDecision.h"
#include "SeatRules.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>

using namespace keyright;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using Kind = ReclaimAction::Kind;
using Reason = ReclaimAction::Reason;
using Situation = ReclaimPreview::Situation;

namespace {

const QDateTime now = QDateTime::fromString(u"2026-12-01T09:00:00.000Z"_s, Qt::ISODateWithMs);
constexpr int unknown = -1;

QDateTime minutesAgo(int minutes)
{
    return now.addSecs(-60 * qint64(minutes));
}

QList<HolderGroup> groups()
{
    return {HolderGroup {u"render"_s, {u"*@render-*"_s}}, HolderGroup {u"contractors"_s, {u"ext-*"_s}},
            HolderGroup {u"design"_s, {u"alice@*"_s, u"bob@ws-07"_s}}};
}

// Reclaim after an hour idle, with ten minutes' warning, unless `rules` says otherwise.
SeatRules reclaiming(SeatRules rules = {})
{
    if (rules.reclaimIdle.isEmpty())
        rules.reclaimIdle = {IdleReclaim {{}, 60, 10}};
    return rules;
}

ReclaimSeat seat(const QString &holder, quint64 generation, int idleMinutes)
{
    ReclaimSeat s;
    s.lease.licenseId = u"cad"_s;
    s.lease.seatId = u"seat-%1"_s.arg(generation);
    s.lease.holder = holder;
    s.lease.generation = generation;
    s.lease.issuedAt = minutesAgo(600);
    s.lease.expiresAt = now.addSecs(60);
    if (idleMinutes != unknown)
        s.lastActivity = minutesAgo(idleMinutes);
    return s;
}

ReclaimSeat markedSeat(const QString &holder, quint64 generation, int idleMinutes, int markedMinutesAgo,
                       int warnMinutes = 10)
{
    ReclaimSeat s = seat(holder, generation, idleMinutes);
    s.markedAt = minutesAgo(markedMinutesAgo);
    s.reclaimAt = s.markedAt->addSecs(60 * qint64(warnMinutes));
    return s;
}

ReclaimWaiter ticket(const QString &holder, int waitingMinutes)
{
    return ReclaimWaiter {holder, minutesAgo(waitingMinutes), u"ticket-"_s + holder};
}

ReclaimState state(int seatCount, const QList<ReclaimSeat> &seats, const QList<ReclaimWaiter> &waiting)
{
    ReclaimState s;
    s.seatCount = seatCount;
    s.seats = seats;
    s.waiting = waiting;
    s.now = now;
    s.skew = 2s;
    return s;
}

QList<ReclaimAction> decide(const SeatRules &rules, const ReclaimState &s)
{
    return decideReclaim(CompiledSeatRules(rules, groups()), s);
}

QString describe(const QList<ReclaimAction> &actions)
{
    QStringList lines;
    for (const ReclaimAction &a : actions)
        lines.append(u"kind %1 reason %2 seat %3 (%4, idle %5) for %6 (waiting %7)"_s.arg(int(a.kind))
                         .arg(int(a.reason))
                         .arg(a.seatId, a.holder)
                         .arg(a.idleMinutes)
                         .arg(a.waiter)
                         .arg(a.waitingMinutes));
    return lines.join(u"; "_s);
}

} // namespace

class TestIdleReclaim : public QObject
{
    Q_OBJECT

private slots:
    void nobodyWaiting();
    void marksTheIdleSeatForTheWaiter();
    void reservedSeatOnlyForItsGroup();
    void waiterTheRulesRefuse();
    void activityDuringTheWarningCancels();
    void twoIdleHolders();
    void activityUnknownIsNeverIdle();
    void idleLessThanTheRuleIsNotMarked();
    void groupRule();
    void reclaimAtReclaimAt();
    void waiterLeftCancels();
    void refusalsWithoutALine();
    void ruleRemovedCancels();
    void randomStatesNeverTakeASeatNobodyNeeds();
};

void TestIdleReclaim::nobodyWaiting()
{
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, 300), seat(u"dave@ws-1"_s, 2, 90)};
    QVERIFY(decide(reclaiming(), state(2, seats, {})).isEmpty());
    const ReclaimPreview preview = previewReclaim(CompiledSeatRules(reclaiming(), groups()), state(2, seats, {}));
    QCOMPARE(preview.situation, Situation::NobodyWaiting);
    QCOMPARE(preview.idlestHolder, u"alice@ws-12"_s);
    QCOMPARE(preview.idlestMinutes, 300);
    // Someone in the line whom a free seat serves needs nobody's seat either.
    QVERIFY(decide(reclaiming(), state(3, seats, {ticket(u"carol@ws-3"_s, 6)})).isEmpty());
}

void TestIdleReclaim::marksTheIdleSeatForTheWaiter()
{
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, 74), seat(u"dave@ws-1"_s, 2, 3)};
    const ReclaimState s = state(2, seats, {ticket(u"carol@ws-3"_s, 6)});
    const QList<ReclaimAction> actions = decide(reclaiming(), s);
    QCOMPARE(actions.size(), 1);
    const ReclaimAction &mark = actions.first();
    QCOMPARE(mark.kind, Kind::Mark);
    QCOMPARE(mark.seatId, u"seat-1"_s);
    QCOMPARE(mark.holder, u"alice@ws-12"_s);
    QCOMPARE(mark.idleMinutes, 74);
    QCOMPARE(mark.waiter, u"carol@ws-3"_s);
    QCOMPARE(mark.waiterTicketId, u"ticket-carol@ws-3"_s);
    QCOMPARE(mark.waitingMinutes, 6);
    QCOMPARE(mark.reclaimAt, now.addSecs(600));
    // The preview's sentence: "right now this would mark alice@ws-12, idle 74 min, for carol@ws-3,
    // waiting 6 min".
    const ReclaimPreview preview = previewReclaim(CompiledSeatRules(reclaiming(), groups()), s);
    QCOMPARE(preview.situation, Situation::Acting);
    QVERIFY(preview.action == mark);
}

void TestIdleReclaim::reservedSeatOnlyForItsGroup()
{
    SeatRules rules;
    rules.reserve = {GroupSeats {u"render"_s, 1}};
    rules = reclaiming(rules);
    // node@render-1 counts against the render reservation; only dave's shared seat is in use.
    const QList<ReclaimSeat> seats {seat(u"node@render-1"_s, 1, 120), seat(u"dave@ws-1"_s, 2, 1)};
    const QList<ReclaimAction> none = decide(rules, state(2, seats, {ticket(u"carol@ws-3"_s, 6)}));
    QVERIFY2(none.isEmpty(), qPrintable(describe(none)));
    QCOMPARE(
        previewReclaim(CompiledSeatRules(rules, groups()), state(2, seats, {ticket(u"carol@ws-3"_s, 6)})).situation,
        Situation::NoEligibleSeat);
    // A member of the group behind carol in the line may have it: the head eligible for the seat.
    const QList<ReclaimAction> actions
        = decide(rules, state(2, seats, {ticket(u"carol@ws-3"_s, 6), ticket(u"node@render-2"_s, 2)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Mark);
    QCOMPARE(actions.first().holder, u"node@render-1"_s);
    QCOMPARE(actions.first().waiter, u"node@render-2"_s);
}

void TestIdleReclaim::waiterTheRulesRefuse()
{
    SeatRules rules;
    rules.deny = {u"contractors"_s};
    rules.max = {GroupSeats {u"design"_s, 1}};
    rules = reclaiming(rules);
    // A denied holder waits for nothing.
    const QList<ReclaimSeat> seats {seat(u"dave@ws-1"_s, 1, 200), seat(u"alice@ws-12"_s, 2, 1)};
    QVERIFY(decide(rules, state(2, seats, {ticket(u"ext-ed@x"_s, 30)})).isEmpty());
    // bob is in design, whose cap alice fills: dave's idle seat would put design over its cap.
    QVERIFY(decide(rules, state(2, seats, {ticket(u"bob@ws-07"_s, 30)})).isEmpty());
    // Once alice is the idle one, her seat is the one bob may take.
    const QList<ReclaimSeat> aliceIdle {seat(u"dave@ws-1"_s, 1, 2), seat(u"alice@ws-12"_s, 2, 90)};
    const QList<ReclaimAction> actions = decide(rules, state(2, aliceIdle, {ticket(u"bob@ws-07"_s, 30)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().holder, u"alice@ws-12"_s);
}

void TestIdleReclaim::activityDuringTheWarningCancels()
{
    // Marked five minutes ago; alice typed two minutes ago.
    const QList<ReclaimSeat> seats {markedSeat(u"alice@ws-12"_s, 1, 2, 5), seat(u"dave@ws-1"_s, 2, 1)};
    const QList<ReclaimAction> actions = decide(reclaiming(), state(2, seats, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Cancel);
    QCOMPARE(actions.first().reason, Reason::Activity);
    QCOMPARE(actions.first().seatId, u"seat-1"_s);
    // Still idle since before the mark: the mark stands, for the same waiter.
    const QList<ReclaimSeat> stillIdle {markedSeat(u"alice@ws-12"_s, 1, 80, 5), seat(u"dave@ws-1"_s, 2, 1)};
    const QList<ReclaimAction> kept = decide(reclaiming(), state(2, stillIdle, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.first().kind, Kind::Keep);
    QCOMPARE(kept.first().waiter, u"carol@ws-3"_s);
    QCOMPARE(kept.first().reclaimAt, minutesAgo(5).addSecs(600));
}

void TestIdleReclaim::twoIdleHolders()
{
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, 74), seat(u"bob@ws-07"_s, 2, 120),
                                    seat(u"dave@ws-1"_s, 3, 1)};
    // One waiter: only the idlest is marked.
    QList<ReclaimAction> actions = decide(reclaiming(), state(3, seats, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().holder, u"bob@ws-07"_s);
    // Two waiters: both, the idlest for the head of the line.
    actions = decide(reclaiming(), state(3, seats, {ticket(u"carol@ws-3"_s, 6), ticket(u"erin@ws-4"_s, 1)}));
    QCOMPARE(actions.size(), 2);
    QCOMPARE(actions.at(0).holder, u"bob@ws-07"_s);
    QCOMPARE(actions.at(0).waiter, u"carol@ws-3"_s);
    QCOMPARE(actions.at(1).holder, u"alice@ws-12"_s);
    QCOMPARE(actions.at(1).waiter, u"erin@ws-4"_s);
    // Two waiters and one seat already free: one mark.
    actions = decide(reclaiming(), state(4, seats, {ticket(u"carol@ws-3"_s, 6), ticket(u"erin@ws-4"_s, 1)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().waiter, u"erin@ws-4"_s);
}

void TestIdleReclaim::activityUnknownIsNeverIdle()
{
    // An old client never reports activity: however old its seat, it is not idle.
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, unknown), seat(u"dave@ws-1"_s, 2, unknown)};
    const ReclaimState s = state(2, seats, {ticket(u"carol@ws-3"_s, 60)});
    QVERIFY(decide(reclaiming(), s).isEmpty());
    QCOMPARE(previewReclaim(CompiledSeatRules(reclaiming(), groups()), s).situation, Situation::NobodyIdle);
    // A marked seat whose activity is no longer known is not taken.
    const QList<ReclaimSeat> marked {markedSeat(u"alice@ws-12"_s, 1, unknown, 20), seat(u"dave@ws-1"_s, 2, 1)};
    const QList<ReclaimAction> actions = decide(reclaiming(), state(2, marked, {ticket(u"carol@ws-3"_s, 60)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Cancel);
}

void TestIdleReclaim::idleLessThanTheRuleIsNotMarked()
{
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, 59), seat(u"dave@ws-1"_s, 2, 1)};
    QVERIFY(decide(reclaiming(), state(2, seats, {ticket(u"carol@ws-3"_s, 6)})).isEmpty());
    const QList<ReclaimSeat> anHour {seat(u"alice@ws-12"_s, 1, 60), seat(u"dave@ws-1"_s, 2, 1)};
    QCOMPARE(decide(reclaiming(), state(2, anHour, {ticket(u"carol@ws-3"_s, 6)})).size(), 1);
    // Without a rule nothing is ever marked.
    QVERIFY(decide(SeatRules {}, state(2, seats, {ticket(u"carol@ws-3"_s, 6)})).isEmpty());
    QCOMPARE(previewReclaim(CompiledSeatRules({}, groups()), state(2, anHour, {ticket(u"carol@ws-3"_s, 6)})).situation,
             Situation::NoRule);
}

void TestIdleReclaim::groupRule()
{
    SeatRules rules;
    rules.reclaimIdle = {IdleReclaim {u"render"_s, 240, 30}, IdleReclaim {{}, 60, 10}};
    // The render node's rule waits four hours; alice's the default hour.
    const QList<ReclaimSeat> seats {seat(u"node@render-1"_s, 1, 200), seat(u"alice@ws-12"_s, 2, 70)};
    QList<ReclaimAction> actions = decide(rules, state(2, seats, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().holder, u"alice@ws-12"_s);
    QCOMPARE(actions.first().reclaimAt, now.addSecs(600));
    const QList<ReclaimSeat> later {seat(u"node@render-1"_s, 1, 250), seat(u"alice@ws-12"_s, 2, 1)};
    actions = decide(rules, state(2, later, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().holder, u"node@render-1"_s);
    QCOMPARE(actions.first().reclaimAt, now.addSecs(1800));
}

void TestIdleReclaim::reclaimAtReclaimAt()
{
    // Marked ten minutes ago with ten minutes' warning, idle since before: the seat goes now.
    const QList<ReclaimSeat> seats {markedSeat(u"alice@ws-12"_s, 1, 84, 10), seat(u"dave@ws-1"_s, 2, 1)};
    QList<ReclaimAction> actions = decide(reclaiming(), state(2, seats, {ticket(u"carol@ws-3"_s, 16)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Reclaim);
    QCOMPARE(actions.first().holder, u"alice@ws-12"_s);
    QCOMPARE(actions.first().waiter, u"carol@ws-3"_s);
    QCOMPARE(actions.first().idleMinutes, 84);
    QCOMPARE(actions.first().waitingMinutes, 16);
    // A minute before, it is still only marked.
    const QList<ReclaimSeat> early {markedSeat(u"alice@ws-12"_s, 1, 84, 9), seat(u"dave@ws-1"_s, 2, 1)};
    actions = decide(reclaiming(), state(2, early, {ticket(u"carol@ws-3"_s, 16)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Keep);
    // A seat whose lease ran out is the reaper's, not reclaim's.
    QList<ReclaimSeat> expired = seats;
    expired[0].lease.expiresAt = minutesAgo(5);
    QVERIFY(decide(reclaiming(), state(2, expired, {ticket(u"carol@ws-3"_s, 16)})).isEmpty());
}

void TestIdleReclaim::waiterLeftCancels()
{
    const QList<ReclaimSeat> seats {markedSeat(u"alice@ws-12"_s, 1, 84, 10), seat(u"dave@ws-1"_s, 2, 1)};
    QList<ReclaimAction> actions = decide(reclaiming(), state(2, seats, {}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Cancel);
    QCOMPARE(actions.first().reason, Reason::NobodyWaiting);
    // A waiter the rules refuse the seat to does not keep the mark either.
    SeatRules rules;
    rules.deny = {u"contractors"_s};
    actions = decide(reclaiming(rules), state(2, seats, {ticket(u"ext-ed@x"_s, 30)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().reason, Reason::NobodyWaiting);
    // Nor one a seat freed since serves.
    actions = decide(reclaiming(), state(3, seats, {ticket(u"carol@ws-3"_s, 30)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().reason, Reason::NobodyWaiting);
}

void TestIdleReclaim::refusalsWithoutALine()
{
    const QList<ReclaimSeat> seats {seat(u"alice@ws-12"_s, 1, 90), seat(u"dave@ws-1"_s, 2, 1)};
    ReclaimState s = state(2, seats, {ReclaimWaiter {u"carol@ws-3"_s, minutesAgo(3), {}}});
    s.lineInUse = false;
    QList<ReclaimAction> actions = decide(reclaiming(), s);
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Mark);
    QCOMPARE(actions.first().waiter, u"carol@ws-3"_s);
    QVERIFY(actions.first().waiterTicketId.isEmpty());
    // Refused longer ago than the warning: no longer a need.
    s.waiting = {ReclaimWaiter {u"carol@ws-3"_s, minutesAgo(11), {}}};
    QVERIFY(decide(reclaiming(), s).isEmpty());
    // Once marked, the refusal that caused it still counts until reclaimAt.
    s.seats = {markedSeat(u"alice@ws-12"_s, 1, 90, 8), seat(u"dave@ws-1"_s, 2, 1)};
    actions = decide(reclaiming(), s);
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Keep);
    // One holder refused three times is one need.
    s.seats = seats;
    s.waiting = {ReclaimWaiter {u"carol@ws-3"_s, minutesAgo(3), {}}, ReclaimWaiter {u"carol@ws-3"_s, minutesAgo(2), {}},
                 ReclaimWaiter {u"carol@ws-3"_s, minutesAgo(1), {}}};
    s.seats.append(seat(u"erin@ws-4"_s, 3, 200));
    s.seatCount = 3;
    actions = decide(reclaiming(), s);
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().holder, u"erin@ws-4"_s);
    QCOMPARE(actions.first().waitingMinutes, 1);
}

void TestIdleReclaim::ruleRemovedCancels()
{
    const QList<ReclaimSeat> seats {markedSeat(u"alice@ws-12"_s, 1, 84, 5), seat(u"dave@ws-1"_s, 2, 1)};
    const QList<ReclaimAction> actions = decide(SeatRules {}, state(2, seats, {ticket(u"carol@ws-3"_s, 6)}));
    QCOMPARE(actions.size(), 1);
    QCOMPARE(actions.first().kind, Kind::Cancel);
    QCOMPARE(actions.first().reason, Reason::NoRule);
}

void TestIdleReclaim::randomStatesNeverTakeASeatNobodyNeeds()
{
    // A fixed seed so a failure replays; the round is in the failure message.
    QRandomGenerator random(20261203);
    const QStringList users {u"ann"_s, u"bob"_s, u"ext-cy"_s, u"dee"_s};
    const QStringList hosts {u"render-1"_s, u"render-2"_s, u"ws-1"_s, u"ws-07"_s};
    QStringList holders;
    for (const QString &u : users)
        for (const QString &h : hosts)
            holders.append(u + u'@' + h);
    const QList<HolderGroup> randomGroups {HolderGroup {u"render"_s, {u"*@render-*"_s}},
                                           HolderGroup {u"ext"_s, {u"ext-*"_s}},
                                           HolderGroup {u"ann"_s, {u"ann@*"_s, u"*@ws-07"_s}}};
    const QStringList groupNames {u"render"_s, u"ext"_s, u"ann"_s};

    int marks = 0;
    int reclaims = 0;
    int cancels = 0;
    for (int round = 0; round < 2000; ++round) {
        const QString where = u"round %1"_s.arg(round);
        SeatRules rules;
        const int seatCount = 1 + int(random.bounded(5));
        if (random.bounded(3) == 0)
            rules.reserve = {GroupSeats {groupNames.at(random.bounded(3)), 1}};
        if (random.bounded(3) == 0)
            rules.max = {GroupSeats {groupNames.at(random.bounded(3)), int(random.bounded(seatCount + 1))}};
        if (random.bounded(4) == 0)
            rules.deny = {groupNames.at(random.bounded(3))};
        const int after = 1 + int(random.bounded(120));
        rules.reclaimIdle = {IdleReclaim {{}, after, 1 + int(random.bounded(after))}};
        if (random.bounded(2) == 0) {
            const int groupAfter = 1 + int(random.bounded(240));
            rules.reclaimIdle.prepend(
                IdleReclaim {groupNames.at(random.bounded(3)), groupAfter, 1 + int(random.bounded(groupAfter))});
        }
        if (!validateRules(rules, randomGroups, seatCount))
            continue;
        const CompiledSeatRules compiled(rules, randomGroups);

        ReclaimState s;
        s.seatCount = seatCount;
        s.now = now;
        s.skew = 2s;
        s.lineInUse = random.bounded(4) != 0;
        const int seatRows = int(random.bounded(seatCount + 2));
        for (int i = 0; i < seatRows; ++i) {
            ReclaimSeat row = seat(holders.at(random.bounded(holders.size())), quint64(i + 1),
                                   random.bounded(4) == 0 ? unknown : int(random.bounded(300)));
            if (random.bounded(8) == 0)
                row.lease.expiresAt = minutesAgo(1);
            if (random.bounded(3) == 0) {
                row.markedAt = minutesAgo(int(random.bounded(40)));
                row.reclaimAt = row.markedAt->addSecs(60 * qint64(random.bounded(30)));
            }
            s.seats.append(row);
        }
        const int waiting = int(random.bounded(5));
        QSet<QString> refused;
        for (int i = 0; i < waiting; ++i) {
            const QString holder = holders.at(random.bounded(holders.size()));
            if (s.lineInUse)
                s.waiting.append(ReclaimWaiter {holder, minutesAgo(int(random.bounded(60))), u"t%1"_s.arg(i)});
            else if (!refused.contains(holder)) // the decision counts a holder's refusals once
                s.waiting.append(ReclaimWaiter {holder, minutesAgo(int(random.bounded(60))), {}});
            refused.insert(holder);
        }
        if (!s.lineInUse)
            std::stable_sort(s.waiting.begin(), s.waiting.end(),
                             [](const ReclaimWaiter &a, const ReclaimWaiter &b) { return a.since < b.since; });

        const QList<ReclaimAction> actions = decideReclaim(compiled, s);
        const QString told = where + u": "_s + describe(actions);

        // The seats each waiter is given, and every seat acted on at most once.
        QHash<int, const ReclaimAction *> given; // waiter index -> Mark, Keep or Reclaim
        QSet<QString> actedOn;
        QSet<QString> cancelledForCause;
        for (const ReclaimAction &a : actions) {
            QVERIFY2(!actedOn.contains(a.seatId), qPrintable(told));
            actedOn.insert(a.seatId);
            const auto row = std::find_if(s.seats.cbegin(), s.seats.cend(),
                                          [&](const ReclaimSeat &r) { return r.lease.seatId == a.seatId; });
            QVERIFY2(row != s.seats.cend(), qPrintable(told));
            QVERIFY2(row->lease.expiresAt > now, qPrintable(told)); // live seats only
            if (a.kind == Kind::Cancel) {
                QVERIFY2(row->marked(), qPrintable(told));
                if (a.reason != Reason::NobodyWaiting)
                    cancelledForCause.insert(a.seatId);
                ++cancels;
                continue;
            }
            // Never a holder whose activity is unknown, nor one who came back after the mark.
            QVERIFY2(row->lastActivity.has_value(), qPrintable(told));
            const std::optional<IdleReclaim> rule = compiled.reclaimRuleOf(row->lease.holder);
            QVERIFY2(rule.has_value(), qPrintable(told));
            if (a.kind == Kind::Mark) {
                QVERIFY2(!row->marked(), qPrintable(told));
                QVERIFY2(row->lastActivity->msecsTo(now) >= qint64(rule->afterMinutes) * 60000, qPrintable(told));
                QCOMPARE(a.reclaimAt, now.addSecs(60 * qint64(rule->warnMinutes)));
                ++marks;
            } else {
                QVERIFY2(row->marked() && *row->lastActivity <= *row->markedAt, qPrintable(told));
                QCOMPARE(a.kind == Kind::Reclaim, row->reclaimAt <= now);
                reclaims += a.kind == Kind::Reclaim ? 1 : 0;
            }
            // Named for a waiter who exists and is named once.
            int waiter = -1;
            for (qsizetype i = 0; i < s.waiting.size(); ++i) {
                if (s.waiting.at(i).holder == a.waiter && s.waiting.at(i).ticketId == a.waiterTicketId)
                    waiter = int(i);
            }
            QVERIFY2(waiter >= 0 && !given.contains(waiter), qPrintable(told));
            given.insert(waiter, &a);
        }
        // Never more seats taken than waiters.
        QVERIFY2(given.size() <= s.waiting.size(), qPrintable(told));

        // Replay the line in order through decideCheckout(): each waiter given a seat had none free
        // and is granted once that seat's holder is gone, so the rules hold after every reclaim.
        QList<SeatLease> leases;
        QDateTime oldestWindow = now;
        int longestWarning = 0;
        for (const IdleReclaim &r : rules.reclaimIdle)
            longestWarning = std::max(longestWarning, r.warnMinutes);
        for (const ReclaimSeat &row : std::as_const(s.seats)) {
            if (row.lease.expiresAt <= now)
                continue;
            leases.append(row.lease);
            if (row.marked() && !cancelledForCause.contains(row.lease.seatId))
                oldestWindow = std::min(oldestWindow, *row.markedAt);
        }
        oldestWindow = oldestWindow.addSecs(-60 * qint64(longestWarning));
        quint64 generation = 1000;
        QSet<QString> takenSeats;
        for (qsizetype i = 0; i < s.waiting.size(); ++i) {
            const ReclaimWaiter &w = s.waiting.at(i);
            if (!s.lineInUse && w.since < oldestWindow) {
                QVERIFY2(!given.contains(int(i)), qPrintable(told));
                continue;
            }
            const bool free = decideCheckout(seatCount, compiled, leases, w.holder, now, s.skew).granted();
            // No seat the waiter could have had was passed over: a warned seat before any other,
            // then the idlest; and a waiter with no seat given had none it could take.
            if (!free) {
                const ReclaimAction *a = given.value(int(i));
                const ReclaimSeat *chosen = nullptr;
                for (const ReclaimSeat &row : std::as_const(s.seats))
                    chosen = a && row.lease.seatId == a->seatId ? &row : chosen;
                for (const ReclaimSeat &row : std::as_const(s.seats)) {
                    const std::optional<IdleReclaim> rule = compiled.reclaimRuleOf(row.lease.holder);
                    if (&row == chosen || takenSeats.contains(row.lease.seatId) || row.lease.expiresAt <= now || !rule
                        || !row.lastActivity || row.lease.holder == w.holder)
                        continue;
                    const bool validMark = row.marked() && *row.lastActivity <= *row.markedAt;
                    const bool idleEnough
                        = !row.marked() && row.lastActivity->msecsTo(now) >= qint64(rule->afterMinutes) * 60000;
                    if (!validMark && !idleEnough)
                        continue;
                    if (!s.lineInUse
                        && w.since < (row.marked() ? *row.markedAt : now).addSecs(-60 * qint64(rule->warnMinutes)))
                        continue;
                    QList<SeatLease> rest = leases;
                    rest.removeIf([&](const SeatLease &l) { return l.seatId == row.lease.seatId; });
                    if (!decideCheckout(seatCount, compiled, rest, w.holder, now, s.skew).granted())
                        continue;
                    // `row` could have served w: then w was given a seat at least as fit.
                    QVERIFY2(chosen, qPrintable(told + u" (%1 could have had %2)"_s.arg(w.holder, row.lease.seatId)));
                    const bool idler = *row.lastActivity < *chosen->lastActivity
                        || (*row.lastActivity == *chosen->lastActivity && row.lease.seatId < chosen->lease.seatId);
                    if (chosen->marked())
                        QVERIFY2(!validMark || !idler, qPrintable(told));
                    else
                        QVERIFY2(!validMark && !idler, qPrintable(told));
                }
            }
            if (const ReclaimAction *a = given.value(int(i))) {
                takenSeats.insert(a->seatId);
                QVERIFY2(!free, qPrintable(told));
                QVERIFY2(a->holder != w.holder, qPrintable(told));
                const auto row = std::find_if(s.seats.cbegin(), s.seats.cend(),
                                              [&](const ReclaimSeat &r) { return r.lease.seatId == a->seatId; });
                if (!s.lineInUse) {
                    const IdleReclaim rule = *compiled.reclaimRuleOf(row->lease.holder);
                    const QDateTime from = row->marked() ? *row->markedAt : now;
                    QVERIFY2(w.since >= from.addSecs(-60 * qint64(rule.warnMinutes)), qPrintable(told));
                }
                leases.removeIf([&](const SeatLease &l) { return l.seatId == a->seatId; });
                QVERIFY2(decideCheckout(seatCount, compiled, leases, w.holder, now, s.skew).granted(),
                         qPrintable(told));
            } else if (!free) {
                continue;
            }
            SeatLease taken;
            taken.seatId = u"replay-%1"_s.arg(i);
            taken.holder = w.holder;
            taken.generation = ++generation;
            taken.issuedAt = now;
            taken.expiresAt = now.addDays(1);
            leases.append(taken);
        }
    }
    // The random states reach every kind of action.
    QVERIFY2(marks > 50 && reclaims > 10 && cancels > 50,
             qPrintable(u"marks %1, reclaims %2, cancels %3"_s.arg(marks).arg(reclaims).arg(cancels)));
}

QTEST_GUILESS_MAIN(TestIdleReclaim)
#include "tst_idlereclaim.moc"
