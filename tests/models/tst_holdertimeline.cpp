// A holder's timeline (issue 26): the events of one holder over a range made into seat spans,
// each with how it ended, and the refusals kept off the lanes.
#include "HolderTimelineModel.h"
#include "wire/EventDetail.h"

#include <QScopeGuard>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);
const QString alice = u"alice@ws-12"_s;

QString seat(int n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

EventRecord ev(qint64 seq, int minute, EventKind kind, int seatNo, QJsonObject detail = {})
{
    EventRecord e;
    e.seq = seq;
    e.time = t0.addSecs(minute * 60);
    e.kind = kind;
    e.licenseId = u"acme"_s;
    e.seatId = seatNo > 0 ? seat(seatNo) : QString();
    e.holder = alice;
    e.actor = u"client 10.0.0.5"_s;
    e.detail = detail;
    return e;
}

EventRecord grant(qint64 seq, int minute, int seatNo)
{
    eventdetail::Granted granted;
    granted.generation = quint64(seatNo);
    granted.expiresAt = t0.addSecs(minute * 60 + 60);
    granted.inUse = 1;
    granted.seatCount = 2;
    return ev(seq, minute, EventKind::Granted, seatNo, granted.toJson());
}

} // namespace

class TestHolderTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void seatsBecomeSpansWithTheirEnds();
    void aSeatGrantedBeforeTheRangeStartsAtItsStart();
    void aSeatStillHeldRunsToTheRangesEnd();
    void theModelListsEveryEventWithItsLane();
    void retriedRefusalsAreOneRow();
    void theStripStartsNearWhatHappened();
    void userOfIsThePartBeforeTheAt();
};

void TestHolderTimeline::seatsBecomeSpansWithTheirEnds()
{
    const QDateTime from = t0.addSecs(-3600);
    const QDateTime until = t0.addSecs(3600);

    eventdetail::Reaped reaped;
    reaped.expiresAt = t0.addSecs(16 * 60);
    eventdetail::Reclaimed reclaimed;
    reclaimed.waiter = u"bob@ws-3"_s;
    reclaimed.idleMs = 3'600'000;
    eventdetail::Denied denied;
    denied.reason = u"no_seats_available"_s;
    denied.inUse = 2;
    denied.seatCount = 2;

    const QList<EventRecord> events {
        grant(1, 0, 1), // seat 1: granted, renewed (no event), released at 10
        grant(2, 5, 2), // seat 2: granted, lapsed, reaped at 20 (expired at 16)
        ev(3, 10, EventKind::Released, 1),
        ev(4, 12, EventKind::Denied, 0, denied.toJson()), // a refusal: no seat, no lane
        grant(5, 14, 3), // seat 3: reclaimed for bob at 40
        ev(6, 20, EventKind::Reaped, 2, reaped.toJson()),
        ev(7, 40, EventKind::Reclaimed, 3, reclaimed.toJson()),
    };
    const QList<TimelineSpan> spans = HolderTimelineModel::reconstruct(events, from, until);
    QCOMPARE(spans.size(), 3);

    QCOMPARE(spans.at(0).seatId, seat(1));
    QVERIFY(spans.at(0).grantSeen);
    QCOMPARE(spans.at(0).start, t0);
    QCOMPARE(spans.at(0).how, TimelineSpan::End::Released);
    QCOMPARE(spans.at(0).end, t0.addSecs(10 * 60));
    QCOMPARE(spans.at(0).generation, quint64(1));

    QCOMPARE(spans.at(1).seatId, seat(2));
    QCOMPARE(spans.at(1).how, TimelineSpan::End::Reaped);
    QCOMPARE(spans.at(1).end, t0.addSecs(16 * 60)); // its expiry, not the reap
    QCOMPARE(spans.at(1).endEventAt, t0.addSecs(20 * 60));
    QVERIFY2(HolderTimelineModel::endText(spans.at(1)).contains(u", reaped at "_s),
             qPrintable(HolderTimelineModel::endText(spans.at(1))));

    QCOMPARE(spans.at(2).seatId, seat(3));
    QCOMPARE(spans.at(2).how, TimelineSpan::End::Reclaimed);
    QCOMPARE(spans.at(2).end, t0.addSecs(40 * 60));
    QCOMPARE(spans.at(2).waiter, u"bob@ws-3"_s);
    QVERIFY2(HolderTimelineModel::endText(spans.at(2)).contains(u"bob@ws-3"_s),
             qPrintable(HolderTimelineModel::endText(spans.at(2))));

    // The refusal is said with the dispute panel's sentence.
    const QString refusal = HolderTimelineModel::sentence(events.at(3));
    QVERIFY2(refusal.contains(alice), qPrintable(refusal));
}

void TestHolderTimeline::aSeatGrantedBeforeTheRangeStartsAtItsStart()
{
    const QDateTime from = t0;
    eventdetail::Revoked revoked;
    revoked.reason = u"left the company"_s;
    EventRecord revoke = ev(1, 5, EventKind::Revoked, 7, revoked.toJson());
    revoke.actor = u"dana (admin)"_s;
    const QList<TimelineSpan> spans = HolderTimelineModel::reconstruct({revoke}, from, t0.addSecs(3600));
    QCOMPARE(spans.size(), 1);
    QVERIFY(!spans.at(0).grantSeen);
    QCOMPARE(spans.at(0).start, from);
    QCOMPARE(spans.at(0).how, TimelineSpan::End::Revoked);
    QCOMPARE(spans.at(0).end, t0.addSecs(300));
    const QString text = HolderTimelineModel::endText(spans.at(0));
    QVERIFY2(text.contains(u"dana (admin)"_s) && text.contains(u"left the company"_s), qPrintable(text));
}

void TestHolderTimeline::aSeatStillHeldRunsToTheRangesEnd()
{
    const QDateTime until = t0.addSecs(3600);
    // A heartbeat refused as expired ends the seat at its expiry: a gap in the renewals.
    eventdetail::RenewRefused late;
    late.reason = QString::fromUtf16(eventdetail::RenewRefused::expired);
    const QList<TimelineSpan> spans = HolderTimelineModel::reconstruct(
        {grant(1, 0, 1), grant(2, 2, 2), ev(3, 5, EventKind::RenewRefused, 2, late.toJson())}, t0, until);
    QCOMPARE(spans.size(), 2);
    QCOMPARE(spans.at(0).how, TimelineSpan::End::Open);
    QCOMPARE(spans.at(0).end, until);
    QCOMPARE(spans.at(1).how, TimelineSpan::End::Expired);
    QCOMPARE(spans.at(1).end, t0.addSecs(3 * 60)); // the grant's expiry, before the late heartbeat
}

void TestHolderTimeline::theModelListsEveryEventWithItsLane()
{
    HolderTimelineModel model;
    eventdetail::Denied denied;
    denied.inUse = 2;
    denied.seatCount = 2;
    model.setEvents(
        {grant(1, 0, 1), ev(2, 3, EventKind::Denied, 0, denied.toJson()), ev(3, 10, EventKind::Released, 1)}, t0,
        t0.addSecs(3600));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.spans().size(), 1);
    QCOMPARE(model.laneOfRow(0), 0);
    QCOMPARE(model.laneOfRow(1), -1);
    QCOMPARE(model.laneOfRow(2), 0);
    QVERIFY(model.index(0, HolderTimelineModel::EventColumn).data().toString().startsWith(u"Took seat "_s));
    QCOMPARE(model.index(2, HolderTimelineModel::EventColumn).data().toString(),
             u"Released seat %1 of acme"_s.arg(seat(1).left(8)));
    QCOMPARE(model.rowNearest(t0.addSecs(4 * 60)), 1);
    QCOMPARE(model.rowNearest(t0.addSecs(4 * 60), 0), 0);
}

void TestHolderTimeline::retriedRefusalsAreOneRow()
{
    // A client retrying every minute while the license is full: one row says how many and until
    // when, not a screen of identical refusals. A refusal for another reason, or after something
    // else happened, starts a row of its own.
    // The dashboard's English plural forms, as LanguageManager loads them.
    QTranslator english;
    QVERIFY(english.load(u":/i18n/keyright_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    HolderTimelineModel model;
    eventdetail::Denied full;
    full.inUse = 2;
    full.seatCount = 2;
    QList<EventRecord> events;
    for (int i = 0; i < 6; ++i)
        events << ev(i + 1, i, EventKind::Denied, 0, full.toJson());
    events << grant(7, 7, 1);
    events << ev(8, 9, EventKind::Denied, 0, full.toJson());
    QJsonObject blocked = full.toJson();
    blocked.insert(u"reason"_s, u"group_cap_reached"_s);
    events << ev(9, 10, EventKind::Denied, 0, blocked);
    model.setEvents(events, t0, t0.addSecs(3600));
    QCOMPARE(model.events().size(), 9);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.eventsInRow(0), 6);
    QCOMPARE(model.eventAt(0).seq, 1);
    QCOMPARE(model.lastEventOfRow(0).seq, 6);
    const QString run = model.index(0, HolderTimelineModel::EventColumn).data().toString();
    QVERIFY2(run.endsWith(
                 u"(6 times in all, the last at %1)"_s.arg(t0.addSecs(5 * 60).toLocalTime().toString(u"HH:mm:ss"_s))),
             qPrintable(run));
    QCOMPARE(model.eventAt(1).kind, EventKind::Granted);
    QCOMPARE(model.eventsInRow(2), 1);
    QCOMPARE(model.eventsInRow(3), 1);
    // A moment inside the run selects it.
    QCOMPARE(model.rowNearest(t0.addSecs(3 * 60 + 30)), 0);
}

void TestHolderTimeline::theStripStartsNearWhatHappened()
{
    HolderTimelineModel model;
    const QDateTime until = t0.addSecs(24 * 3600);
    // An hour of use at the end of a day: the strip starts a tenth of that hour before it.
    QList<EventRecord> late {grant(1, 23 * 60, 1), ev(2, 23 * 60 + 30, EventKind::Released, 1)};
    model.setEvents(late, t0, until);
    QCOMPARE(model.viewFrom(), t0.addSecs(23 * 3600 - 6 * 60));
    // Use early in the range: the whole range.
    model.setEvents({grant(1, 60, 1), ev(2, 23 * 60, EventKind::Released, 1)}, t0, until);
    QCOMPARE(model.viewFrom(), t0);
    // Nothing at all: the whole range too.
    model.setEvents({}, t0, until);
    QCOMPARE(model.viewFrom(), t0);
}

void TestHolderTimeline::userOfIsThePartBeforeTheAt()
{
    QCOMPARE(HolderTimelineModel::userOf(u"alice@ws-12"_s), u"alice"_s);
    QCOMPARE(HolderTimelineModel::userOf(u"build-bot"_s), u"build-bot"_s);
}

QTEST_GUILESS_MAIN(TestHolderTimeline)
#include "tst_holdertimeline.moc"
