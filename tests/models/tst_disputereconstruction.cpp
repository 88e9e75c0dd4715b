#include "DisputeReconstruction.h"
#include "Timestamps.h"

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

QTEST_GUILESS_MAIN(TestDisputeReconstruction)
#include "tst_disputereconstruction.moc"
