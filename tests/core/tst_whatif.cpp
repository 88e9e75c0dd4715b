// What-if replay (issue 25): the recorded demand of a range played again at k seats. Cases a
// person can check by hand; random demand against a brute-force simulator written independently
// here (every lease row kept, every decision taken from scratch); and random "real" histories of
// a simple server model at k0 seats, whose replay at k0 must give back the refusals that happened.

#include "DemoCatalogue.h"
#include "DemoHistory.h"
#include "SeatDecision.h"
#include "SeatRules.h"
#include "UsageHistory.h"
#include "WhatIfReplay.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace keyright;
using namespace keyright::usage;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

constexpr qint64 minute = 60'000;

QList<HolderGroup> groups()
{
    return {HolderGroup {u"render"_s, {u"*@render-*"_s}}, HolderGroup {u"contractors"_s, {u"ext-*"_s}},
            HolderGroup {u"design"_s, {u"alice@*"_s, u"bob@*"_s}}};
}

CompiledSeatRules noRules()
{
    return CompiledSeatRules(SeatRules {}, {});
}

Attempt need(qint64 at, const QString &holder, qint64 hold, qint64 maxWait = 0)
{
    return Attempt {at, holder, hold, maxWait, false, {}, 0};
}

// The brute-force simulator: the same phases at each instant (seats end, the line is served,
// the asks of the instant are decided in demand order, tickets past their wait give up; a seat
// that runs out is served to the line only at the next ask or moment the server served it), but
// every seat ever granted stays a lease row with its own expiry, every decision is taken from
// scratch by decideCheckout() on all of them, and true denials are counted at the end by looking
// at every grant.
WhatIfRow bruteForce(const QList<Attempt> &demand, int seats, const CompiledSeatRules &rules, qint64 window)
{
    struct Pending
    {
        qint64 at;
        qsizetype attempt;
        int ask;
    };
    struct Ticket
    {
        qsizetype attempt;
        int ask;
        qint64 queued;
        qint64 giveUpAt;
        bool waiting;
    };
    struct Seat
    {
        qint64 end;
        bool ended;
        bool runsOut;
    };
    auto maxWaitOf
        = [&](qsizetype a, int k) { return k == 0 ? demand[a].maxWaitMs : demand[a].retries[k - 1].maxWaitMs; };
    auto holdOf = [&](qsizetype a, int k) { return k == 0 ? demand[a].holdMs : demand[a].retries[k - 1].holdMs; };
    auto blockedOf = [&](qsizetype a, int k) { return k == 0 ? demand[a].blocked : demand[a].retries[k - 1].blocked; };
    auto runsOutOf = [&](qsizetype a, int k) { return k == 0 ? demand[a].runsOut : demand[a].retries[k - 1].runsOut; };
    QList<qint64> served; // the moments the server served its line
    for (const Attempt &a : demand) {
        if (a.servedAtMs > 0)
            served.append(a.servedAtMs);
        for (const Ask &r : a.retries) {
            if (r.servedAtMs > 0)
                served.append(r.servedAtMs);
        }
    }
    bool unserved = false; // a seat ran out and the line has not been served since

    QList<SeatLease> leases;
    QList<Seat> seatEnds;
    QList<Pending> pending;
    QList<Ticket> line;
    QList<QPair<QString, qint64>> grants, refusals;
    QList<bool> gotSeat(demand.size(), false), waited(demand.size(), false);
    QList<qint64> waits;
    WhatIfRow row;
    row.seats = seats;
    row.attempts = int(demand.size());
    for (qsizetype i = 0; i < demand.size(); ++i)
        pending.append(Pending {demand[i].timeMs, i, 0});

    auto decide = [&](const QString &holder, qint64 now) {
        return decideCheckout(seats, rules, leases, holder, QDateTime::fromMSecsSinceEpoch(now, Qt::UTC), 0ms);
    };
    auto grant = [&](qsizetype a, int k, qint64 now) {
        SeatLease lease;
        lease.holder = demand[a].holder;
        lease.seatId = QString::number(leases.size());
        lease.generation = quint64(leases.size() + 1);
        lease.issuedAt = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC);
        const qint64 end = now + std::max<qint64>(1, holdOf(a, k));
        lease.expiresAt = QDateTime::fromMSecsSinceEpoch(end - 1, Qt::UTC); // not live from `end` on
        leases.append(lease);
        seatEnds.append(Seat {end, false, runsOutOf(a, k)});
        grants.append({demand[a].holder, now});
        gotSeat[a] = true;
    };
    auto failed = [&](qsizetype a, int k, qint64 now) {
        if (k < demand[a].retries.size())
            pending.append(Pending {std::max(now, demand[a].retries[k].atMs), a, k + 1});
    };

    for (;;) {
        qint64 now = std::numeric_limits<qint64>::max();
        for (const Seat &s : seatEnds) {
            if (!s.ended)
                now = std::min(now, s.end);
        }
        for (const Pending &p : pending)
            now = std::min(now, p.at);
        for (qint64 at : served)
            now = std::min(now, at);
        for (const Ticket &t : line) {
            if (t.waiting)
                now = std::min(now, t.giveUpAt);
        }
        if (now == std::numeric_limits<qint64>::max())
            break;

        bool freed = false;
        for (Seat &s : seatEnds) {
            if (!s.ended && s.end == now) {
                s.ended = true;
                (s.runsOut ? unserved : freed) = true;
            }
        }
        const bool request = served.removeAll(now) > 0
            || std::any_of(pending.cbegin(), pending.cend(), [&](const Pending &p) { return p.at == now; });
        if (freed || (unserved && request)) {
            unserved = false;
            for (Ticket &t : line) {
                if (t.waiting && decide(demand[t.attempt].holder, now).granted()) {
                    t.waiting = false;
                    waits.append(now - t.queued);
                    grant(t.attempt, t.ask, now);
                }
            }
        }
        for (;;) {
            auto next = pending.end();
            for (auto it = pending.begin(); it != pending.end(); ++it) {
                if (it->at == now
                    && (next == pending.end() || std::pair(it->attempt, it->ask) < std::pair(next->attempt, next->ask)))
                    next = it;
            }
            if (next == pending.end())
                break;
            const Pending p = *next;
            pending.erase(next);
            const QString &holder = demand[p.attempt].holder;
            if (!blockedOf(p.attempt, p.ask)) {
                const SeatDecision d = decide(holder, now);
                if (d.granted()) {
                    grant(p.attempt, p.ask, now);
                    continue;
                }
                const bool mayFree = d.outcome == SeatDecision::Outcome::NoSeatsAvailable
                    || d.outcome == SeatDecision::Outcome::GroupCapReached;
                if (mayFree && maxWaitOf(p.attempt, p.ask) > 0) {
                    waited[p.attempt] = true;
                    line.append(Ticket {p.attempt, p.ask, now, now + maxWaitOf(p.attempt, p.ask), true});
                    continue;
                }
            }
            ++row.refused;
            refusals.append({holder, now});
            failed(p.attempt, p.ask, now);
        }
        for (Ticket &t : line) {
            if (t.waiting && t.giveUpAt == now) {
                t.waiting = false;
                ++row.gaveUp;
                waits.append(now - t.queued);
                failed(t.attempt, t.ask, now);
            }
        }
    }
    row.granted = int(std::count(gotSeat.cbegin(), gotSeat.cend(), true));
    row.waited = int(std::count(waited.cbegin(), waited.cend(), true));
    for (const auto &[holder, t] : refusals) {
        const bool seated = std::any_of(grants.cbegin(), grants.cend(), [&](const QPair<QString, qint64> &g) {
            return g.first == holder && g.second > t && g.second <= t + window;
        });
        if (!seated)
            ++row.trueDenials;
    }
    std::sort(waits.begin(), waits.end());
    row.medianWaitMs = waits.isEmpty() ? 0 : waits[(waits.size() - 1) / 2];
    row.longestWaitMs = waits.isEmpty() ? 0 : waits.constLast();
    return row;
}

QString describe(const WhatIfRow &r)
{
    return u"k=%1 attempts=%2 granted=%3 waited=%4 refused=%5 gaveUp=%6 true=%7 median=%8 longest=%9"_s.arg(r.seats)
        .arg(r.attempts)
        .arg(r.granted)
        .arg(r.waited)
        .arg(r.refused)
        .arg(r.gaveUp)
        .arg(r.trueDenials)
        .arg(r.medianWaitMs)
        .arg(r.longestWaitMs);
}

const QStringList pool = {u"alice@ws-1"_s, u"bob@ws-2"_s,   u"x@render-1"_s,   u"y@render-2"_s, u"ext-a"_s,
                          u"ext-b"_s,      u"carol@ws-3"_s, u"mallory@ws-4"_s, u"dave@ws-5"_s,  u"erin@ws-6"_s};

quint32 seedOf()
{
    bool ok = false;
    const quint32 given = qEnvironmentVariable("KEYRIGHT_TEST_SEED").toUInt(&ok);
    return ok ? given : QRandomGenerator::global()->generate();
}

} // namespace

class TestWhatIf : public QObject
{
    Q_OBJECT

private slots:
    // The demo's history is what the server would have recorded: its what-if at each license's own
    // seat count gives back the grants, refusals and true denials the Usage page shows for it, and
    // it shows what the demo promises (true denials on Tuesday mornings, waits served by the line,
    // an idle reservation on acme-cad).
    void demoHistoryIsGivenBackByItsOwnWhatIf()
    {
        const QTimeZone zone("Europe/Paris");
        const qint64 to = QDateTime(QDate(2026, 12, 1), QTime(0, 0), zone).toMSecsSinceEpoch();
        const qint64 from = to - qint64(DemoHistory::days) * 86'400'000;
        int tuesdayTrueDenials = 0;
        for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
            const LicenseActivity activity = DemoHistory::activity(license, from, to, zone);
            const Bucket all = computeBucket(activity, from, to - from, false);
            const CompiledSeatRules rules(license.rules, DemoCatalogue::holderGroups());
            const WhatIfRow own
                = replay(demandOf(activity, from, to), license.seats, rules, activity.trueDenialWindowMs);
            QCOMPARE(own.granted, all.granted);
            QCOMPARE(own.refused, all.denialCount());
            QCOMPARE(own.trueDenials, all.trueDenials);
            for (const SeatSpan &span : activity.seats)
                QVERIFY2(span.endMs <= to, qPrintable(license.id));
            if (license.id == u"acme-cad"_s) {
                QVERIFY(all.trueDenials > 0);
                QVERIFY(std::any_of(activity.waits.cbegin(), activity.waits.cend(),
                                    [](const WaitSpan &wait) { return wait.served; }));
                QVERIFY(all.reservedIdleSeatMs.value(u"render"_s) > 0);
                for (const Refusal &refusal : activity.refusals) {
                    if (!isTrueDenial(activity, refusal))
                        continue;
                    const QDateTime local = QDateTime::fromMSecsSinceEpoch(refusal.timeMs, zone);
                    if (local.date().dayOfWeek() == 2 && local.time().hour() < 12)
                        ++tuesdayTrueDenials;
                }
            }
        }
        QVERIFY(tuesdayTrueDenials > 0);
    }

    void threeUsersOnTwoSeats()
    {
        const QList<Attempt> demand = {need(0, u"alice"_s, 100), need(10, u"bob"_s, 100), need(20, u"carol"_s, 100)};
        const WhatIfRow two = replay(demand, 2, noRules(), 1000);
        QCOMPARE(two.attempts, 3);
        QCOMPARE(two.granted, 2);
        QCOMPARE(two.refused, 1);
        QCOMPARE(two.trueDenials, 1);
        const WhatIfRow three = replay(demand, 3, noRules(), 1000);
        QCOMPARE(three.granted, 3);
        QCOMPARE(three.refused, 0);
        QCOMPARE(three.trueDenials, 0);

        // From the peak down to the first count that refuses, and two more (stopping at one seat).
        const QList<WhatIfRow> rows = whatIf(demand, noRules(), 3, 1000);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0], three);
        QCOMPARE(rows[1], two);
        QCOMPARE(rows[2].seats, 1);
        QCOMPARE(rows[2].refused, 2);
        QCOMPARE(whatIf(demand, noRules(), 5, 1000).size(), 5);

        // Six at once: 8, 7, 6 refuse nobody, 5 is the first that does, then 4 and 3.
        QList<Attempt> six;
        for (int i = 0; i < 6; ++i)
            six.append(need(i, u"user%1"_s.arg(i), 100));
        const QList<WhatIfRow> sixRows = whatIf(six, noRules(), 8, 1000);
        QCOMPARE(sixRows.size(), 6);
        QCOMPARE(sixRows[3].seats, 5);
        QCOMPARE(sixRows[3].refused, 1);
        QCOMPARE(sixRows.constLast().seats, 3);
        QCOMPARE(sixRows.constLast().refused, 3);
    }

    void aSeatEndingAtAnInstantServesThatInstant()
    {
        // Ends before starts: bob asks at the very millisecond alice's seat ends.
        const QList<Attempt> demand = {need(0, u"alice"_s, 100), need(100, u"bob"_s, 100)};
        QCOMPARE(replay(demand, 1, noRules(), 1000).refused, 0);
    }

    void aRetryAfterARefusalIsOneDemand()
    {
        LicenseActivity activity;
        activity.trueDenialWindowMs = 15 * minute;
        activity.seats
            = {SeatSpan {u"s1"_s, u"alice"_s, {}, 0, 100 * minute}, SeatSpan {u"s2"_s, u"bob"_s, {}, 0, 100 * minute},
               SeatSpan {u"s3"_s, u"carol"_s, {}, 100 * minute, 200 * minute}};
        activity.refusals = {Refusal {90 * minute, u"carol"_s, u"no_seats_available"_s}};
        activity.grants = {Grant {0, u"alice"_s}, Grant {0, u"bob"_s}, Grant {100 * minute, u"carol"_s}};
        const QList<Attempt> demand = demandOf(activity, 0, 300 * minute);
        QCOMPARE(demand.size(), 3);
        const Attempt &carol = demand.constLast();
        QCOMPARE(carol.holder, u"carol"_s);
        QCOMPARE(carol.timeMs, 90 * minute);
        QCOMPARE(carol.holdMs, 110 * minute); // until the later seat ends
        QCOMPARE(carol.retries.size(), 1);
        QCOMPARE(carol.retries[0].atMs, 100 * minute);
        QCOMPARE(carol.retries[0].holdMs, 100 * minute);

        const WhatIfRow three = replay(demand, 3, noRules(), activity.trueDenialWindowMs);
        QCOMPARE(three.attempts, 3);
        QCOMPARE(three.granted, 3);
        QCOMPARE(three.refused, 0);
        const WhatIfRow two = replay(demand, 2, noRules(), activity.trueDenialWindowMs);
        QCOMPARE(two.granted, 3);
        QCOMPARE(two.refused, 1); // as it really happened
        QCOMPARE(two.trueDenials, 0);

        // Outside the window it is a need of its own, refused for good, with carol's median hold.
        activity.trueDenialWindowMs = 5 * minute;
        const QList<Attempt> apart = demandOf(activity, 0, 300 * minute);
        QCOMPARE(apart.size(), 4);
        QCOMPARE(apart[2].holder, u"carol"_s);
        QCOMPARE(apart[2].holdMs, 100 * minute);
        QCOMPARE(apart[2].retries.size(), 0);
        QCOMPARE(replay(apart, 2, noRules(), 5 * minute).trueDenials, 1);
    }

    // A holder refused every twenty seconds for an hour, never served (a script in a loop, a user
    // who keeps clicking): one need for one seat, so one more seat is all it would have taken.
    void triesThatNeverGotASeatAreOneDemand()
    {
        LicenseActivity activity;
        activity.trueDenialWindowMs = 15 * minute;
        activity.seats = {SeatSpan {u"s1"_s, u"alice"_s, {}, 0, 200 * minute}};
        activity.grants = {Grant {0, u"alice"_s}};
        for (qint64 at = 10 * minute; at < 70 * minute; at += 20'000)
            activity.refusals.append(Refusal {at, u"bob"_s, u"no_seats_available"_s});
        const QList<Attempt> demand = demandOf(activity, 0, 300 * minute);
        QCOMPARE(demand.size(), 2);
        QCOMPARE(demand.constLast().holder, u"bob"_s);
        QCOMPARE(demand.constLast().retries.size(), activity.refusals.size() - 1);

        const WhatIfRow one = replay(demand, 1, noRules(), activity.trueDenialWindowMs);
        QCOMPARE(one.refused, int(activity.refusals.size())); // as it really happened
        QCOMPARE(one.trueDenials, int(activity.refusals.size()));
        const WhatIfRow two = replay(demand, 2, noRules(), activity.trueDenialWindowMs);
        QCOMPARE(two.refused, 0);
        QCOMPARE(two.granted, 2);
        const QList<WhatIfRow> rows = whatIf(demand, noRules(), 1, activity.trueDenialWindowMs);
        QCOMPARE(rows.constFirst().seats, 1);
        QCOMPARE(replay(demand, 3, noRules(), activity.trueDenialWindowMs), (WhatIfRow {3, 2, 2, 0, 0, 0, 0, 0, 0}));
    }

    void anEstimatedHoldFallsBackToTheLicenseThenAnHour()
    {
        LicenseActivity activity;
        activity.refusals = {Refusal {10, u"zoe"_s, u"no_seats_available"_s}};
        QCOMPARE(demandOf(activity, 0, 1000).constFirst().holdMs, 3'600'000);
        activity.seats = {SeatSpan {u"s1"_s, u"alice"_s, {}, 0, 40}, SeatSpan {u"s2"_s, u"bob"_s, {}, 5, 305},
                          SeatSpan {u"s3"_s, u"bob"_s, {}, 400, openEnd}};
        const QList<Attempt> demand = demandOf(activity, 0, 1000);
        QCOMPARE(demand.size(), 4);
        QCOMPARE(demand[2].holder, u"zoe"_s);
        QCOMPARE(demand[2].holdMs, 300); // the license's median hold: 40, 300, 600
        QCOMPARE(demand[3].holdMs, 600); // an open span holds to the range's end
    }

    void aTicketIsServedWhenASeatFrees()
    {
        const QList<Attempt> demand
            = {need(0, u"alice"_s, 100), need(10, u"bob"_s, 50, 200), need(20, u"carol"_s, 50, 200)};
        const WhatIfRow row = replay(demand, 1, noRules(), 1000);
        QCOMPARE(row.granted, 3);
        QCOMPARE(row.waited, 2);
        QCOMPARE(row.refused, 0);
        QCOMPARE(row.medianWaitMs, 90); // bob: 10 -> 100; carol: 20 -> 150
        QCOMPARE(row.longestWaitMs, 130);

        // Bob gives up before the seat frees: his ticket leaves the line after 50 ms.
        const QList<Attempt> impatient = {need(0, u"alice"_s, 100), need(10, u"bob"_s, 50, 50)};
        const WhatIfRow gone = replay(impatient, 1, noRules(), 1000);
        QCOMPARE(gone.granted, 1);
        QCOMPARE(gone.gaveUp, 1);
        QCOMPARE(gone.refused, 0);
        QCOMPARE(gone.longestWaitMs, 50);

        // A ticket still in line at its last instant is served.
        const QList<Attempt> justInTime = {need(0, u"alice"_s, 100), need(10, u"bob"_s, 50, 90)};
        QCOMPARE(replay(justInTime, 1, noRules(), 1000).gaveUp, 0);
    }

    void aCappedTicketLetsThoseBehindIt()
    {
        SeatRules rules;
        rules.max = {GroupSeats {u"contractors"_s, 1}};
        const CompiledSeatRules compiled(rules, groups());
        const QList<Attempt> demand = {need(0, u"ext-a"_s, 300), need(0, u"alice@ws-1"_s, 100),
                                       need(10, u"ext-b"_s, 50, 1000), need(20, u"carol@ws-3"_s, 50, 1000)};
        const WhatIfRow row = replay(demand, 2, compiled, 1000);
        // alice's seat frees at 100: ext-b is first in line but capped; carol takes it.
        QCOMPARE(row.waited, 2);
        QCOMPARE(row.granted, 4);
        QCOMPARE(row.longestWaitMs, 290); // ext-b waits until ext-a leaves at 300
        QCOMPARE(row.medianWaitMs, 80);
    }

    void aReservedSeatIsNotGivenToAnOutsider()
    {
        SeatRules rules;
        rules.reserve = {GroupSeats {u"render"_s, 1}};
        const CompiledSeatRules compiled(rules, groups());
        const QList<Attempt> demand
            = {need(0, u"bob@ws-2"_s, 100), need(10, u"carol@ws-3"_s, 100), need(20, u"x@render-1"_s, 100)};
        const WhatIfRow row = replay(demand, 2, compiled, 1000);
        QCOMPARE(row.refused, 1);
        QCOMPARE(row.granted, 2);
        QCOMPARE(replay(demand, 3, compiled, 1000).refused, 0);
        // Never below the reserved seats.
        QCOMPARE(whatIf(demand, compiled, 3, 1000).constLast().seats, 1);
    }

    void aBlockedHolderIsRefusedWhateverTheSeats()
    {
        QList<Attempt> demand = {need(0, u"alice"_s, 100), need(10, u"mallory"_s, 100)};
        demand[1].blocked = true;
        for (int k = 1; k <= 5; ++k) {
            const WhatIfRow row = replay(demand, k, noRules(), 1000);
            QCOMPARE(row.refused, 1);
            QCOMPARE(row.granted, 1);
        }
        // Refused at the peak already: rows stop once a count refuses more than the peak.
        const QList<WhatIfRow> rows = whatIf(demand, noRules(), 4, 1000);
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows.constLast().seats, 1);

        LicenseActivity activity;
        activity.refusals = {Refusal {10, u"mallory"_s, u"holder_blocked"_s}};
        QVERIFY(demandOf(activity, 0, 100).constFirst().blocked);
    }

    void aServedTicketIsOneDemandAtItsQueueTime()
    {
        LicenseActivity activity;
        activity.trueDenialWindowMs = 1000;
        activity.seats = {SeatSpan {u"s1"_s, u"alice"_s, {}, 0, 100}, SeatSpan {u"s2"_s, u"bob"_s, {}, 100, 150}};
        activity.waits = {WaitSpan {u"t1"_s, u"bob"_s, 10, 100, true}, WaitSpan {u"t2"_s, u"carol"_s, 20, 120, false}};
        activity.grants = {Grant {0, u"alice"_s}, Grant {100, u"bob"_s}};
        const QList<Attempt> demand = demandOf(activity, 0, 3000);
        QCOMPARE(demand.size(), 3);
        // At least the window; the seat, whenever served, held until it really ended; the server
        // served its line at 100.
        QCOMPARE(demand[1], (Attempt {10, u"bob"_s, 50, 1000, false, {}, 150, false, 100}));
        QCOMPARE(demand[2].holder, u"carol"_s);
        QCOMPARE(demand[2].maxWaitMs, 100); // as long as it really waited
        const WhatIfRow one = replay(demand, 1, noRules(), 1000);
        QCOMPARE(one.gaveUp, 1);
        QCOMPARE(one.longestWaitMs, 100);
        QCOMPARE(replay(demand, 3, noRules(), 1000).waited, 0);
    }

    // alice's client stops: her seat runs out at 100 while bob waits (until 160). The server hands
    // it to the line only at its next request: none comes in time, and bob gives up; carol's
    // checkout at 120, or a moment the server served its line (130), serves bob first.
    void aSeatThatRanOutGoesToTheLineAtTheNextRequest()
    {
        Attempt alice = need(0, u"alice"_s, 100);
        alice.runsOut = true;
        const Attempt bob = need(10, u"bob"_s, 50, 150);
        WhatIfRow row = replay({alice, bob}, 1, noRules(), 1000);
        QCOMPARE(row.granted, 1);
        QCOMPARE(row.gaveUp, 1);
        QCOMPARE(row.longestWaitMs, 150);

        row = replay({alice, bob, need(120, u"carol"_s, 50)}, 1, noRules(), 1000);
        QCOMPARE(row.granted, 2);
        QCOMPARE(row.gaveUp, 0);
        QCOMPARE(row.refused, 1);
        QCOMPARE(row.longestWaitMs, 110);

        Attempt dave = need(500, u"dave"_s, 50);
        dave.servedAtMs = 130;
        row = replay({alice, bob, dave}, 1, noRules(), 1000);
        QCOMPARE(row.granted, 3);
        QCOMPARE(row.longestWaitMs, 120);

        // Given back, the seat goes to the line at once.
        alice.runsOut = false;
        row = replay({alice, bob}, 1, noRules(), 1000);
        QCOMPARE(row.granted, 2);
        QCOMPARE(row.longestWaitMs, 90);
    }

    // A seat that stopped counting before the event that ended it (a reap) ran out; one released
    // in time was given back.
    void aSeatThatRanOutRunsOutInTheDemand()
    {
        LicenseActivity activity;
        activity.trueDenialWindowMs = 1000;
        activity.seats = {SeatSpan {u"s1"_s, u"alice"_s, {}, 0, 100, true}, SeatSpan {u"s2"_s, u"bob"_s, {}, 5, 50}};
        const QList<Attempt> demand = demandOf(activity, 0, 3000);
        QCOMPARE(demand.size(), 2);
        QVERIFY(demand[0].runsOut);
        QVERIFY(!demand[1].runsOut);
    }

    void aRangeHoldsTheAsksMadeInIt()
    {
        LicenseActivity activity;
        activity.trueDenialWindowMs = 1000;
        activity.seats = {SeatSpan {u"s1"_s, u"alice"_s, {}, 50, 400}, SeatSpan {u"s2"_s, u"bob"_s, {}, 150, 260},
                          SeatSpan {u"s3"_s, u"carol"_s, {}, 400, 500}};
        activity.waits = {WaitSpan {u"t1"_s, u"carol"_s, 180, 400, true}};
        activity.refusals
            = {Refusal {90, u"dave"_s, u"no_seats_available"_s}, Refusal {120, u"erin"_s, u"no_seats_available"_s}};
        const QList<Attempt> demand = demandOf(activity, 100, 300);
        // alice and dave asked before the range; carol's ticket was queued in it, served after it.
        // alice's seat, still held, takes its room from the range's start to its real end (walk
        // 25d: a range starting mid-morning replayed with the morning's seats free).
        QCOMPARE(demand.size(), 4);
        QCOMPARE(demand[0], (Attempt {100, u"alice"_s, 300, 0, false, {}, 400, false, 0}));
        QCOMPARE(demand[1].holder, u"erin"_s);
        QCOMPARE(demand[2].holder, u"bob"_s);
        QCOMPARE(demand[3], (Attempt {180, u"carol"_s, 100, 1000, false, {}, 500, false, 400}));
        // At one seat, alice's held seat is what refuses erin and sends carol to the line.
        const WhatIfRow one = replay(demand, 1, noRules(), 1000);
        QCOMPARE(one.granted, 2); // alice's, and carol's from the line when alice's ends at 400
        QCOMPARE(one.refused, 2); // erin and bob asked while alice held the only seat
        QCOMPARE(one.waited, 1);
    }

    // Random demand against the brute-force simulator, for every seat count around the peak.
    void randomDemandMatchesBruteForce()
    {
        const quint32 seed = seedOf();
        qInfo("seed %u (KEYRIGHT_TEST_SEED replays it)", seed);
        QRandomGenerator rng(seed);
        for (int round = 0; round < 150; ++round) {
            SeatRules rules;
            if (rng.bounded(2))
                rules.reserve.append(GroupSeats {u"render"_s, rng.bounded(1, 3)});
            if (rng.bounded(2))
                rules.max.append(GroupSeats {u"contractors"_s, rng.bounded(1, 3)});
            if (rng.bounded(3) == 0)
                rules.max.append(GroupSeats {u"design"_s, 1});
            if (rng.bounded(3) == 0)
                rules.deny.append(u"mallory@*"_s);
            const CompiledSeatRules compiled(rules, groups());

            const qint64 window = rng.bounded(20, 400);
            QList<Attempt> demand;
            const int n = rng.bounded(1, 40);
            for (int i = 0; i < n; ++i) {
                Attempt a = need(rng.bounded(0, 600), pool[rng.bounded(pool.size())], rng.bounded(0, 300),
                                 rng.bounded(2) ? 0 : rng.bounded(1, 300));
                a.blocked = rng.bounded(15) == 0;
                a.runsOut = rng.bounded(3) == 0;
                a.servedAtMs = rng.bounded(4) == 0 ? rng.bounded(1, 900) : 0;
                qint64 at = a.timeMs;
                for (int r = rng.bounded(3) == 0 ? rng.bounded(1, 3) : 0; r > 0; --r) {
                    at += rng.bounded(0, 200);
                    a.retries.append(Ask {at, rng.bounded(2) ? 0 : rng.bounded(1, 200), rng.bounded(0, 300),
                                          rng.bounded(20) == 0, 0, rng.bounded(3) == 0,
                                          rng.bounded(4) == 0 ? rng.bounded(1, 900) : 0});
                }
                demand.append(a);
            }
            std::stable_sort(demand.begin(), demand.end(),
                             [](const Attempt &a, const Attempt &b) { return a.timeMs < b.timeMs; });
            for (int k = std::max(1, rules.reservedSeats()); k <= 8; ++k) {
                const WhatIfRow fast = replay(demand, k, compiled, window);
                const WhatIfRow slow = bruteForce(demand, k, compiled, window);
                if (!(fast == slow)) {
                    qWarning("seed %u round %d:\n replay %s\n brute  %s", seed, round, qPrintable(describe(fast)),
                             qPrintable(describe(slow)));
                }
                QCOMPARE(fast, slow);
            }
        }
    }

    // A random history of a simple server at k0 seats (refuse when full, serve the line first in
    // first out, a ticket gives up after its wait), recorded as the server records it; the replay
    // of its demand at k0 must refuse exactly what was refused.
    void replayAtTheRealSeatCountReproducesTheRefusals()
    {
        const quint32 seed = seedOf();
        qInfo("seed %u (KEYRIGHT_TEST_SEED replays it)", seed);
        QRandomGenerator rng(seed);
        for (int round = 0; round < 60; ++round) {
            const int k0 = rng.bounded(1, 8);
            const qint64 window = 15 * minute;
            struct Arrival
            {
                qint64 at;
                QString holder;
                qint64 hold;
                qint64 maxWait;
                bool blocked;
            };
            QList<Arrival> arrivals;
            qint64 t = 0;
            const int n = rng.bounded(20, 300);
            for (int i = 0; i < n; ++i) {
                t += rng.bounded(1, 20 * int(minute));
                arrivals.append(Arrival {t, pool[rng.bounded(pool.size())], rng.bounded(1, 120 * int(minute)),
                                         rng.bounded(3) ? 0 : rng.bounded(1, 30 * int(minute)), rng.bounded(30) == 0});
            }

            // The model server.
            struct Live
            {
                qint64 end;
                qsizetype span;
            };
            struct InLine
            {
                qsizetype wait;
                qint64 giveUpAt;
                qint64 hold;
            };
            LicenseActivity activity;
            activity.trueDenialWindowMs = window;
            QList<Live> live;
            QList<InLine> line;
            auto seat = [&](const QString &holder, qint64 at, qint64 hold) {
                activity.seats.append(SeatSpan {QString::number(activity.seats.size()), holder, {}, at, at + hold});
                activity.grants.append(Grant {at, holder});
                live.append(Live {at + hold, activity.seats.size() - 1});
            };
            qsizetype next = 0;
            for (;;) {
                qint64 now = std::numeric_limits<qint64>::max();
                for (const Live &l : live)
                    now = std::min(now, l.end);
                for (const InLine &w : line)
                    now = std::min(now, w.giveUpAt);
                if (next < arrivals.size())
                    now = std::min(now, arrivals[next].at);
                if (now == std::numeric_limits<qint64>::max())
                    break;
                const auto freed = live.removeIf([&](const Live &l) { return l.end == now; });
                while (freed > 0 && !line.isEmpty() && live.size() < k0) {
                    const InLine w = line.takeFirst();
                    WaitSpan &span = activity.waits[w.wait];
                    span.endMs = now;
                    span.served = true;
                    seat(span.holder, now, w.hold);
                }
                for (; next < arrivals.size() && arrivals[next].at == now; ++next) {
                    const Arrival &a = arrivals[next];
                    if (a.blocked)
                        activity.refusals.append(Refusal {now, a.holder, u"holder_blocked"_s});
                    else if (live.size() < k0)
                        seat(a.holder, now, a.hold);
                    else if (a.maxWait > 0) {
                        activity.waits.append(
                            WaitSpan {QString::number(activity.waits.size()), a.holder, now, openEnd, false});
                        line.append(InLine {activity.waits.size() - 1, now + a.maxWait, a.hold});
                    } else
                        activity.refusals.append(Refusal {now, a.holder, u"no_seats_available"_s});
                }
                line.removeIf([&](const InLine &w) {
                    if (w.giveUpAt != now)
                        return false;
                    activity.waits[w.wait].endMs = now;
                    return true;
                });
            }
            std::stable_sort(activity.grants.begin(), activity.grants.end(),
                             [](const Grant &a, const Grant &b) { return a.timeMs < b.timeMs; });

            const QList<Attempt> demand = demandOf(activity, 0, t + 1);
            const WhatIfRow row = replay(demand, k0, noRules(), window);
            const int realTrue = int(std::count_if(activity.refusals.cbegin(), activity.refusals.cend(),
                                                   [&](const Refusal &r) { return isTrueDenial(activity, r); }));
            const int realGaveUp = int(std::count_if(activity.waits.cbegin(), activity.waits.cend(),
                                                     [](const WaitSpan &w) { return !w.served; }));
            qint64 realLongest = 0;
            for (const WaitSpan &w : activity.waits)
                realLongest = std::max(realLongest, w.endMs - w.startMs);
            if (row.refused != activity.refusals.size())
                qWarning("seed %u round %d: %s", seed, round, qPrintable(describe(row)));
            QCOMPARE(row.refused, int(activity.refusals.size()));
            QCOMPARE(row.trueDenials, realTrue);
            QCOMPARE(row.gaveUp, realGaveUp);
            QCOMPARE(row.longestWaitMs, realLongest);
            // With every seat anyone could want, only the blocked are refused (fewer when a blocked ask
            // retried a need that more seats would have met at its first ask).
            const int blocked = int(std::count_if(activity.refusals.cbegin(), activity.refusals.cend(),
                                                  [](const Refusal &r) { return r.reason == "holder_blocked"_L1; }));
            const WhatIfRow plenty = replay(demand, int(demand.size()), noRules(), window);
            QVERIFY(plenty.refused <= blocked);
            QCOMPARE(plenty.gaveUp, 0);
            QCOMPARE(plenty.waited, 0);
        }
    }

    // 90 days of a 1,000-seat license: ~500k needs. The time is printed, not asserted.
    void ninetyDaysOfAThousandSeats()
    {
        QRandomGenerator rng(25);
        QList<Attempt> demand;
        demand.reserve(500'000);
        const qint64 days = 90;
        const qint64 span = days * 24 * 60 * minute;
        for (int i = 0; i < 500'000; ++i) {
            const qint64 at = qint64(rng.generateDouble() * double(span));
            const QString holder = i % 10 == 0 ? u"ext-%1"_s.arg(i % 997)
                : i % 10 == 1                  ? u"r%1@render-%2"_s.arg(i % 211).arg(i % 5)
                                               : u"user%1@ws-%2"_s.arg(i % 2999).arg(i % 7);
            demand.append(need(at, holder, rng.bounded(1, 7 * 60 * int(minute)), rng.bounded(5) ? 0 : 20 * minute));
        }
        std::sort(demand.begin(), demand.end(), [](const Attempt &a, const Attempt &b) { return a.timeMs < b.timeMs; });

        SeatRules rules;
        rules.reserve = {GroupSeats {u"render"_s, 50}};
        rules.max = {GroupSeats {u"contractors"_s, 100}};
        const CompiledSeatRules withRules(rules, groups());
        for (const auto &[name, compiled] :
             {std::pair<const char *, const CompiledSeatRules *>("no rules", nullptr), {"reserve+max", &withRules}}) {
            const CompiledSeatRules empty = noRules();
            const CompiledSeatRules &r = compiled ? *compiled : empty;
            for (const int k : {1000, 800}) {
                QElapsedTimer timer;
                timer.start();
                const WhatIfRow row = replay(demand, k, r, 15 * minute);
                qInfo("%s, %d seats: %lld ms (%s)", name, k, timer.elapsed(), qPrintable(describe(row)));
                QCOMPARE(row.attempts, 500'000);
                QCOMPARE(row.granted + row.refused + row.gaveUp, row.attempts);
            }
        }
        QElapsedTimer timer;
        timer.start();
        const QList<WhatIfRow> rows = whatIf(demand, withRules, 1000, 15 * minute);
        qInfo("whatIf from 1000 seats down, reserve+max: %lld rows in %lld ms, the first refusing: %s",
              qint64(rows.size()), timer.elapsed(), qPrintable(describe(rows.at(rows.size() - 3))));
        QVERIFY(rows.size() >= 3);
    }
};

QTEST_APPLESS_MAIN(TestWhatIf)
#include "tst_whatif.moc"
