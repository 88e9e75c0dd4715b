#include "Durations.h"
#include "EventCsv.h"
#include "EventFilterProxyModel.h"
#include "EventLogModel.h"
#include "LedgerSentence.h"
#include "ModelSignals.h"
#include "wire/EventDetail.h"
#include "wire/SeatRulesJson.h"

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QTest>
#include <QTimeZone>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);

EventRecord makeEvent(qint64 seq, const QString &kind, const QString &license = u"acme"_s,
                      const QString &holder = u"alice@ws-1"_s)
{
    EventRecord e;
    e.seq = seq;
    e.time = t0.addSecs(seq);
    e.kind = eventKindFromWire(kind).value();
    e.licenseId = license;
    e.holder = holder;
    e.seatId = u"%1"_s.arg(seq, 32, 16, QLatin1Char('0'));
    e.actor = u"client 127.0.0.1"_s;
    if (kind == u"granted")
        e.detail = QJsonObject {{u"generation"_s, seq}, {u"inUse"_s, 3}, {u"seatCount"_s, 10}};
    if (kind == u"denied")
        e.detail = QJsonObject {{u"inUse"_s, 10}, {u"seatCount"_s, 10}, {u"holders"_s, QJsonArray {}}};
    return e;
}

QList<EventRecord> range(qint64 from, qint64 to, const QString &kind = u"granted"_s)
{
    QList<EventRecord> list;
    for (qint64 s = from; s <= to; ++s)
        list << makeEvent(s, kind);
    return list;
}

// The dashboard's translations of `language` ("en": its plural forms), as LanguageManager loads them.
bool useLanguage(QTranslator &translator, const QString &language)
{
    QCoreApplication::removeTranslator(&translator);
    return translator.load(u":/i18n/keyright_"_s + language + u".qm"_s)
        && QCoreApplication::installTranslator(&translator);
}

} // namespace

class TestEventLogModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(useLanguage(m_translator, u"en"_s)); }
    void appendsInsertAtTheEnd_data();
    void appendsInsertAtTheEnd();
    void olderEventsGoInFront();
    void capacityDropsTheOldest();
    void filtersByLicenseHolderKindAndTime();
    void csvExportQuotesAndNeutralizesFormulas();
    void describesEventsForPeople();
    void repeatedDenialsFoldAsTheyArrive();
    void aGrowingRunMovesUnlessHeld();
    void describesRulesGroupsAndTheLine_data();
    void describesRulesGroupsAndTheLine();
    void denialsForAnotherReasonDoNotFold();
    void seatCountsAgreeWithTheirNoun_data();
    void seatCountsAgreeWithTheirNoun();
    void theByColumnIsSaidInTheLanguage();
    void idleReclaimIsByItsRuleNotTheReaper();
    void validityAlertsSayWhichDateEnds();
    void aRefusedRenewalSaysWhyInTheLanguage();
    void aRefusedBorrowSaysItsNumbersInTheLanguage();
    void aBorrowRefusedForAReservationNamesIt();
    void aBorrowRefusedAtAGroupCapNamesTheGroup();
    void aWriteOffIsNotSaidToBeALostLaptop();

private:
    QTranslator m_translator;
};

void TestEventLogModel::appendsInsertAtTheEnd_data()
{
    QTest::addColumn<QList<EventRecord>>("first");
    QTest::addColumn<QList<EventRecord>>("second");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("rows");

    QTest::newRow("new events: one insert") << range(1, 3) << range(4, 6) << QStringList {u"insert 3-5"_s} << 6;
    QTest::newRow("a repeated page: nothing") << range(1, 3) << range(1, 3) << QStringList {} << 3;
    QTest::newRow("overlapping page: only the new ones")
        << range(1, 3) << range(2, 5) << QStringList {u"insert 3-4"_s} << 5;
    QTest::newRow("empty page: nothing") << range(1, 3) << QList<EventRecord> {} << QStringList {} << 3;
}

void TestEventLogModel::appendsInsertAtTheEnd()
{
    QFETCH(QList<EventRecord>, first);
    QFETCH(QList<EventRecord>, second);
    QFETCH(QStringList, expected);
    QFETCH(int, rows);

    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendEvents(first);
    ModelSignals spy(&model);
    model.appendEvents(second);
    QCOMPARE(spy.log, expected);
    QCOMPARE(model.rowCount(), rows);
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.eventAt(r - 1).seq < model.eventAt(r).seq);
}

void TestEventLogModel::olderEventsGoInFront()
{
    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendEvents(range(10, 12));
    ModelSignals spy(&model);
    model.prependEvents(range(5, 11));
    QCOMPARE(spy.log, QStringList {u"insert 0-4"_s});
    QCOMPARE(model.firstSeq(), 5);
    QCOMPARE(model.rowOfSeq(10), 5);
    QCOMPARE(model.rowOfSeq(99), -1);
}

void TestEventLogModel::capacityDropsTheOldest()
{
    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCapacity(5);
    model.appendEvents(range(1, 4));
    ModelSignals spy(&model);
    model.appendEvents(range(5, 7));
    QCOMPARE(spy.log, (QStringList {u"insert 4-6"_s, u"remove 0-1"_s}));
    QCOMPARE(model.firstSeq(), 3);
    QCOMPARE(model.lastSeq(), 7);
}

void TestEventLogModel::filtersByLicenseHolderKindAndTime()
{
    EventLogModel model;
    EventFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendEvents({makeEvent(1, u"granted"_s, u"acme"_s, u"alice@ws-1"_s),
                        makeEvent(2, u"denied"_s, u"acme"_s, u"bob@ws-2"_s),
                        makeEvent(3, u"granted"_s, u"farm"_s, u"Bob@render"_s),
                        makeEvent(4, u"released"_s, u"acme"_s, u"alice@ws-1"_s)});
    QCOMPARE(proxy.rowCount(), 4);
    proxy.setLicenseFilter(u"acme"_s);
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setHolderFilter(u"BOB"_s);
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setLicenseFilter({});
    QCOMPARE(proxy.rowCount(), 2);
    proxy.setKindFilter({EventKind::Granted});
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setHolderFilter({});
    proxy.setKindFilter({EventKind::Granted, EventKind::Released});
    QCOMPARE(proxy.rowCount(), 3);
    proxy.setTimeRange(t0.addSecs(2), t0.addSecs(3));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(EventLogModel::SeqRole).toLongLong(), 3);
    // A poll that brings a matching event shows it without touching the filters.
    proxy.setTimeRange({}, {});
    model.appendEvents({makeEvent(5, u"granted"_s)});
    QCOMPARE(proxy.rowCount(), 4);
}

void TestEventLogModel::csvExportQuotesAndNeutralizesFormulas()
{
    EventRecord e = makeEvent(7, u"revoked"_s, u"acme"_s, u"=HYPERLINK(\"x\")"_s);
    e.detail = QJsonObject {{u"reason"_s, u"left, \"for good\""_s}, {u"blockSeconds"_s, 0}};
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QVERIFY(EventCsv::write(buffer, {e}));
    const QStringList lines = QString::fromUtf8(buffer.data()).split(u"\r\n"_s);
    QCOMPARE(lines.at(0), u"seq,time,kind,license,holder,seat,actor,summary,detail"_s);
    QVERIFY2(lines.at(1).startsWith(u"7,2026-11-29T21:00:07.000Z,revoked,acme,\"'=HYPERLINK(\"\"x\"\")\","_s),
             qPrintable(lines.at(1)));
    QVERIFY(lines.at(1).contains(u"\"left, \"\"for good\"\"\""_s));
    QCOMPARE(lines.at(2), QString());
}

void TestEventLogModel::describesEventsForPeople()
{
    EventLogModel model;
    model.appendEvents({makeEvent(1, u"granted"_s), makeEvent(2, u"denied"_s)});
    QCOMPARE(model.index(0, EventLogModel::DetailColumn).data().toString(), u"generation 1, 3 of 10 seats in use"_s);
    QCOMPARE(model.index(1, EventLogModel::KindColumn).data().toString(), u"denied"_s);
    QVERIFY(model.index(1, EventLogModel::DetailColumn).data().toString().contains(u"10"_s));

    EventRecord jump = makeEvent(3, u"clock_jumped"_s, {}, {});
    jump.detail = QJsonObject {
        {u"clock"_s, u"wall"_s}, {u"direction"_s, u"backward"_s}, {u"sizeMs"_s, -600000}, {u"offsetMs"_s, -600000}};
    model.appendEvents({jump});
    QCOMPARE(model.index(2, EventLogModel::KindColumn).data().toString(), u"clock jumped"_s);
    QCOMPARE(model.index(2, EventLogModel::DetailColumn).data().toString(),
             u"the server's clock jumped back by %1"_s.arg(formatDuration(std::chrono::minutes {10})));

    // On PostgreSQL it is the database's clock that every instance decides with.
    EventRecord databaseJump = makeEvent(4, u"clock_jumped"_s, {}, {});
    databaseJump.detail = QJsonObject {
        {u"clock"_s, u"database"_s}, {u"direction"_s, u"forward"_s}, {u"sizeMs"_s, 600000}, {u"offsetMs"_s, 598000}};
    model.appendEvents({databaseJump});
    QCOMPARE(model.index(3, EventLogModel::DetailColumn).data().toString(),
             u"the database's clock jumped forward by %1"_s.arg(formatDuration(std::chrono::minutes {10})));
}

void TestEventLogModel::repeatedDenialsFoldAsTheyArrive()
{
    EventLogModel log;
    EventFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&log);
    // alice is revoked, then blocked on every retry; bob is denied twice in between.
    log.appendEvents({makeEvent(1, u"granted"_s), makeEvent(2, u"revoked"_s), makeEvent(3, u"renew_refused"_s),
                      makeEvent(4, u"holder_blocked"_s), makeEvent(5, u"denied"_s, u"acme"_s, u"bob@ws-2"_s),
                      makeEvent(6, u"holder_blocked"_s)});
    QCOMPARE(proxy.rowCount(), 5);
    // A poll brings more retries: still one row for the run, counting them all.
    log.appendEvents({makeEvent(7, u"holder_blocked"_s), makeEvent(8, u"denied"_s, u"acme"_s, u"bob@ws-2"_s)});
    QCOMPARE(proxy.rowCount(), 5);
    QModelIndex blocked;
    QModelIndex bob;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const QModelIndex kind = proxy.index(r, EventLogModel::KindColumn);
        if (kind.data(EventLogModel::KindRole).toString() == u"holder_blocked"_s)
            blocked = kind;
        if (kind.data(EventLogModel::HolderRole).toString() == u"bob@ws-2"_s)
            bob = kind;
    }
    QCOMPARE(proxy.foldCount(blocked), 3);
    QCOMPARE(blocked.data(EventLogModel::SeqRole).toLongLong(), 7); // the last try stands for the run
    QVERIFY2(proxy.index(blocked.row(), EventLogModel::DetailColumn).data().toString().startsWith(u"3 attempts"_s),
             qPrintable(proxy.index(blocked.row(), EventLogModel::DetailColumn).data().toString()));
    QCOMPARE(proxy.foldCount(bob), 2);
    // Something else about alice ends her run: the next block starts a row of its own.
    log.appendEvents({makeEvent(9, u"granted"_s), makeEvent(10, u"holder_blocked"_s)});
    QCOMPARE(proxy.rowCount(), 7);
    // Every attempt is still there for an export, and with folding off.
    QCOMPARE(proxy.acceptedSourceRows(true).size(), 10);
    QCOMPARE(proxy.acceptedSourceRows(false).size(), 7);
    proxy.setFoldRepeats(false);
    QCOMPARE(proxy.rowCount(), 10);
}

void TestEventLogModel::describesRulesGroupsAndTheLine_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("detail");
    QTest::addColumn<QString>("expected");

    SeatRules rules;
    rules.allow = {u"render"_s, u"alice@ws-12"_s};
    rules.deny = {u"*@contractor-*"_s};
    rules.reserve = {{u"render"_s, 2}};
    rules.max = {{u"qa"_s, 3}};
    QTest::newRow("rules changed") << u"rules_changed"_s << QJsonObject {{u"rules"_s, seatrules::rulesToJson(rules)}}
                                   << u"allow render, alice@ws-12; deny *@contractor-*; reserve 2 for render; max 3 "
                                      u"for qa"_s;
    QTest::newRow("rules removed") << u"rules_changed"_s << QJsonObject {{u"rules"_s, seatrules::rulesToJson({})}}
                                   << u"no seat rules: every seat shared"_s;
    // The idle reclaim rule (issue 26): alone, the seats are still all shared.
    SeatRules reclaimOnly;
    reclaimOnly.reclaimIdle = {{{}, 60, 10}};
    QTest::newRow("only a reclaim rule")
        << u"rules_changed"_s << QJsonObject {{u"rules"_s, seatrules::rulesToJson(reclaimOnly)}}
        << u"every seat shared; seats idle for more than 60 minutes go to someone waiting, after a 10-minute "
           u"warning"_s;
    rules.reclaimIdle = {{u"render"_s, 1, 1}, {{}, 120, 15}};
    QTest::newRow("rules with reclaim rules")
        << u"rules_changed"_s << QJsonObject {{u"rules"_s, seatrules::rulesToJson(rules)}}
        << u"allow render, alice@ws-12; deny *@contractor-*; reserve 2 for render; max 3 for qa; seats of render "
           u"idle for more than 1 minute go to someone waiting, after a 1-minute warning; seats idle for more than "
           u"120 minutes go to someone waiting, after a 15-minute warning"_s;
    const QList<HolderGroup> groups {{u"render"_s, {u"*@render-*"_s, u"alice@ws-12"_s}}, {u"qa"_s, {u"*@qa-*"_s}}};
    QTest::newRow("groups changed") << u"groups_changed"_s
                                    << QJsonObject {{u"groups"_s, seatrules::groupsToJson(groups)}}
                                    << u"groups now: render (*@render-*, alice@ws-12); qa (*@qa-*)"_s;
    QTest::newRow("groups emptied") << u"groups_changed"_s << QJsonObject {{u"groups"_s, seatrules::groupsToJson({})}}
                                    << u"no holder groups"_s;
    QTest::newRow("queued") << u"queued"_s << QJsonObject {{u"ticketId"_s, u"0123456789abcdef"_s}, {u"position"_s, 3}}
                            << u"position 3 in line, ticket 01234567"_s;
    // Walk 47: each instance records its failover, so the sentence names it (by its replica id,
    // as the health view's Replica column), and says seconds with a space.
    const auto failover = [](qint64 ms, const char *replica) {
        return QJsonObject {{u"from"_s, u"127.0.0.1:25432"_s},
                            {u"to"_s, u"127.0.0.1:25431"_s},
                            {u"interruptionMs"_s, ms},
                            {u"replicaId"_s, QString::fromUtf8(replica)}};
    };
    QTest::newRow("database failover")
        << u"database_failover"_s << failover(40321, "47013e19802a5b6c7d8e9f00")
        << u"instance 47013e19802a: the database moved from 127.0.0.1:25432 to 127.0.0.1:25431; requests waited "
           u"40.3 s"_s;
    QTest::newRow("database failover, short, of an older server")
        << u"database_failover"_s << failover(850, "")
        << u"the database moved from 127.0.0.1:25432 to 127.0.0.1:25431; requests waited 850 ms"_s;
    const QString ninety = formatDuration(std::chrono::seconds {90});
    const auto left = [](const char *why) {
        return QJsonObject {{u"ticketId"_s, u"t"_s}, {u"why"_s, QString::fromUtf8(why)}, {u"waitedMs"_s, 90000}};
    };
    QTest::newRow("gave up") << u"queue_left"_s << left("gave_up") << u"gave up after waiting %1"_s.arg(ninety);
    QTest::newRow("expired") << u"queue_left"_s << left("expired")
                             << u"ticket expired after waiting %1: the waiter stopped renewing it"_s.arg(ninety);
    QTest::newRow("timed out") << u"queue_left"_s << left("timed_out")
                               << u"waited the longest time it asked for (%1)"_s.arg(ninety);
    QTest::newRow("revoked") << u"queue_left"_s << left("revoked")
                             << u"removed from the line by an admin after waiting %1"_s.arg(ninety);
    QTest::newRow("granted from the line")
        << u"granted"_s
        << QJsonObject {{u"generation"_s, 7},
                        {u"inUse"_s, 10},
                        {u"seatCount"_s, 10},
                        {u"ticketId"_s, u"t"_s},
                        {u"waitedMs"_s, 90000}}
        << u"from the line after waiting %1, generation 7, 10 of 10 seats in use"_s.arg(ninety);
    // What a grant counted against: the reservation of a group, or the shared seats.
    QTest::newRow("granted a reserved seat")
        << u"granted"_s
        << QJsonObject {{u"generation"_s, 4}, {u"inUse"_s, 6}, {u"seatCount"_s, 10}, {u"reservation"_s, u"render"_s}}
        << u"generation 4, 6 of 10 seats in use, a seat reserved for render"_s;
    QTest::newRow("granted a shared seat")
        << u"granted"_s
        << QJsonObject {{u"generation"_s, 5}, {u"inUse"_s, 7}, {u"seatCount"_s, 10}, {u"reservation"_s, u""_s}}
        << u"generation 5, 7 of 10 seats in use"_s;
    QTest::newRow("reserved for others") << u"denied"_s
                                         << QJsonObject {{u"reason"_s, u"no_seats_available"_s},
                                                         {u"inUse"_s, 8},
                                                         {u"seatCount"_s, 10},
                                                         {u"reservedForOthers"_s, 2}}
                                         << u"8 of 10 seats in use, 2 reserved for others (idle)"_s;
    QTest::newRow("group cap") << u"denied"_s
                               << QJsonObject {{u"reason"_s, u"group_cap_reached"_s},
                                               {u"inUse"_s, 5},
                                               {u"seatCount"_s, 10},
                                               {u"group"_s, u"render"_s},
                                               {u"cap"_s, 3},
                                               {u"held"_s, 3}}
                               << u"render holds its cap of 3 seats"_s;
    QTest::newRow("deny entry") << u"denied"_s
                                << QJsonObject {{u"reason"_s, u"holder_not_allowed"_s},
                                                {u"inUse"_s, 5},
                                                {u"seatCount"_s, 10},
                                                {u"rule"_s, u"deny"_s},
                                                {u"entry"_s, u"*@contractor-*"_s}}
                                << u"matches the deny entry *@contractor-*"_s;
    QTest::newRow("allow list") << u"denied"_s
                                << QJsonObject {{u"reason"_s, u"holder_not_allowed"_s},
                                                {u"inUse"_s, 5},
                                                {u"seatCount"_s, 10},
                                                {u"rule"_s, u"allow"_s}}
                                << u"not on the allow list"_s;
    QTest::newRow("every seat taken") << u"denied"_s
                                      << QJsonObject {{u"reason"_s, u"no_seats_available"_s},
                                                      {u"inUse"_s, 3},
                                                      {u"seatCount"_s, 3},
                                                      {u"reservedForOthers"_s, 0},
                                                      {u"holders"_s, QJsonArray {1, 2, 3}}}
                                      << u"all 3 seats taken (3 in use, 3 holders listed)"_s;
}

void TestEventLogModel::describesRulesGroupsAndTheLine()
{
    QFETCH(QString, kind);
    QFETCH(QJsonObject, detail);
    QFETCH(QString, expected);
    EventRecord e = makeEvent(1, kind);
    e.detail = detail;
    QCOMPARE(EventLogModel::describeDetail(e), expected);
}

void TestEventLogModel::denialsForAnotherReasonDoNotFold()
{
    // Bob is refused by render's cap twice, then because every seat is taken twice: two rows, each
    // telling its own reason, not one row hiding the change.
    const auto refused = [](qint64 seq, const QString &reason) {
        EventRecord e = makeEvent(seq, u"denied"_s, u"acme"_s, u"bob@render-2"_s);
        e.detail.insert(u"reason"_s, reason);
        return e;
    };
    EventLogModel log;
    EventFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&log);
    log.appendEvents({refused(1, u"group_cap_reached"_s), refused(2, u"group_cap_reached"_s),
                      refused(3, u"no_seats_available"_s), refused(4, u"no_seats_available"_s)});
    QCOMPARE(proxy.rowCount(), 2);
    QCOMPARE(proxy.foldCount(proxy.index(0, EventLogModel::KindColumn)), 2);
    QCOMPARE(proxy.foldCount(proxy.index(1, EventLogModel::KindColumn)), 2);
}

void TestEventLogModel::aGrowingRunMovesUnlessHeld()
{
    EventLogModel log;
    EventFilterProxyModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&log);
    proxy.sort(EventLogModel::TimeColumn, Qt::DescendingOrder);
    const auto bob = [](qint64 seq) { return makeEvent(seq, u"denied"_s, u"acme"_s, u"bob@ws-2"_s); };
    const auto holderAt = [&proxy](int row) { return proxy.index(row, 0).data(EventLogModel::HolderRole).toString(); };
    log.appendEvents(
        {bob(1), makeEvent(2, u"granted"_s), bob(3), makeEvent(4, u"granted"_s, u"acme"_s, u"carol@ws-3"_s)});
    QCOMPARE(proxy.rowCount(), 3);
    QCOMPARE(holderAt(1), u"bob@ws-2"_s);
    const QPersistentModelIndex run = proxy.index(1, 0);

    // Newest first: the next attempt takes the run to the top, the same row (its persistent index).
    log.appendEvents({bob(5)});
    QCOMPARE(proxy.rowCount(), 3);
    QCOMPARE(run.row(), 0);
    QCOMPARE(proxy.foldCount(run), 3);
    QCOMPARE(run.data(EventLogModel::SeqRole).toLongLong(), 5);

    // Held, it keeps its place while others arrive above it and it grows.
    proxy.setHeldRuns({1});
    log.appendEvents({makeEvent(6, u"granted"_s, u"acme"_s, u"dave@ws-4"_s), bob(7)});
    QCOMPARE(run.row(), 1);
    QCOMPARE(proxy.foldCount(run), 4);
    QCOMPARE(run.data(EventLogModel::SeqRole).toLongLong(), 7);
    // Let go, it is the newest.
    proxy.setHeldRuns({});
    QCOMPARE(run.row(), 0);

    // Its first attempt trimmed away: the run goes on as one row, counting what is left.
    log.setCapacity(6);
    QCOMPARE(log.firstSeq(), 2);
    QCOMPARE(proxy.rowCount(), 4);
    QCOMPARE(holderAt(0), u"bob@ws-2"_s);
    QCOMPARE(proxy.foldCount(proxy.index(0, 0)), 3);
    QCOMPARE(proxy.indexOfEvent(log.rowOfSeq(5)).row(), 0);
}

void TestEventLogModel::seatCountsAgreeWithTheirNoun_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QJsonObject>("detail");
    QTest::addColumn<QString>("expected");
    const QJsonObject grantedOne {{u"generation"_s, 1}, {u"inUse"_s, 1}, {u"seatCount"_s, 1}};
    const QJsonObject deniedOne {{u"reason"_s, u"no_seats_available"_s},
                                 {u"inUse"_s, 1},
                                 {u"seatCount"_s, 1},
                                 {u"reservedForOthers"_s, 0},
                                 {u"holders"_s, QJsonArray {1}}};
    const QJsonObject licenseOne {
        {u"seatCount"_s, 1}, {u"ttlSeconds"_s, 30}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 10}};
    QTest::newRow("granted, English") << u"en"_s << u"granted"_s << grantedOne << u"generation 1, 1 of 1 seat in use"_s;
    QTest::newRow("granted, French") << u"fr"_s << u"granted"_s << grantedOne
                                     << u"génération 1, 1 siège utilisé sur 1"_s;
    QTest::newRow("denied, English") << u"en"_s << u"denied"_s << deniedOne
                                     << u"the only seat taken (1 in use, 1 holder listed)"_s;
    QTest::newRow("denied, French") << u"fr"_s << u"denied"_s << deniedOne
                                    << u"le seul siège est pris (1 utilisé, 1 détenteur listé)"_s;
    QTest::newRow("license, English") << u"en"_s << u"license_created"_s << licenseOne
                                      << u"1 seat, TTL 30 s, skew 5 s, grace 10 s"_s;
    QTest::newRow("license, French") << u"fr"_s << u"license_created"_s << licenseOne
                                     << u"1 siège, durée 30 s, décalage 5 s, délai de grâce 10 s"_s;
    // Walk 51b N1: the borrowing policy is part of what a license change says.
    QJsonObject lending = licenseOne;
    lending.insert(u"borrow"_s,
                   QJsonObject {{u"allowed"_s, true},
                                {u"maxDays"_s, 7},
                                {u"maxBorrowed"_s, 2},
                                {u"keepOnSite"_s, 1},
                                {u"groups"_s, QJsonArray {u"laptops"_s}}});
    QTest::newRow("license lending, English")
        << u"en"_s << u"license_updated"_s << lending
        << u"1 seat, TTL 30 s, skew 5 s, grace 10 s, borrowing of up to 2 seats at once for 7 days at most, 1 kept "
           "on site, by members of laptops"_s;
    QTest::newRow("license lending, French")
        << u"fr"_s << u"license_updated"_s << lending
        << u"1 siège, durée 30 s, décalage 5 s, délai de grâce 10 s, emprunt de 2 sièges au plus à la fois pour 7 "
           "jours au plus, 1 gardé sur site, par les membres de laptops"_s;
    QJsonObject notLending = licenseOne;
    notLending.insert(u"borrow"_s, QJsonObject {{u"allowed"_s, false}});
    QTest::newRow("license not lending, English")
        << u"en"_s << u"license_updated"_s << notLending << u"1 seat, TTL 30 s, skew 5 s, grace 10 s, no borrowing"_s;
}

// "1 of 1 seats" is never said: the noun agrees with the count, in English and in French.
void TestEventLogModel::seatCountsAgreeWithTheirNoun()
{
    QFETCH(QString, language);
    QFETCH(QString, kind);
    QFETCH(QJsonObject, detail);
    QFETCH(QString, expected);
    QVERIFY(useLanguage(m_translator, language));
    EventRecord e = makeEvent(1, kind);
    e.detail = detail;
    QCOMPARE(EventLogModel::describeDetail(e), expected);
}

// The By column says who acted in the interface's language (the data keeps the server's words).
void TestEventLogModel::aRefusedRenewalSaysWhyInTheLanguage()
{
    // Two heartbeats refused: one for a lease that had expired, one for a seat its holder had
    // released. Details says why in words, not the wire's "expired" / "unknown seat".
    EventLogModel model;
    EventRecord expired = makeEvent(1, u"renew_refused"_s);
    eventdetail::RenewRefused lapsed;
    lapsed.reason = QString::fromUtf16(eventdetail::RenewRefused::expired);
    expired.detail = lapsed.toJson();
    EventRecord released = makeEvent(2, u"renew_refused"_s);
    eventdetail::RenewRefused gone;
    gone.reason = QString::fromUtf16(eventdetail::RenewRefused::unknownSeat);
    gone.endedBy = EventKind::Released;
    gone.endedAt = t0;
    released.detail = gone.toJson();
    model.appendEvents({expired, released});
    const auto details = [&model](int row) { return model.index(row, EventLogModel::DetailColumn).data().toString(); };
    QCOMPARE(details(0), u"the lease had expired"_s);
    QVERIFY2(details(1).startsWith(u"no such seat: released at "_s), qPrintable(details(1)));
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(details(0), u"le bail avait expiré"_s);
    QVERIFY2(details(1).startsWith(u"siège inconnu : libéré à "_s), qPrintable(details(1)));
}

// Issue 27: a borrow refused because of the seats kept on site is said from the event's numbers,
// in the interface's language, not in the server's English.
void TestEventLogModel::aRefusedBorrowSaysItsNumbersInTheLanguage()
{
    EventLogModel model;
    EventRecord refused = makeEvent(1, u"borrow_denied"_s, u"acme"_s, u"dana@laptop"_s);
    BorrowRefusal keep;
    keep.reason = BorrowRefusal::Reason::KeepOnSite;
    keep.days = 3;
    keep.maxDays = 7;
    keep.maxBorrowed = 2;
    keep.keepOnSite = 2;
    keep.borrowed = 1;
    keep.seatCount = 3;
    refused.detail = eventdetail::BorrowDenied {keep}.toJson();
    EventRecord tooLong = makeEvent(2, u"borrow_denied"_s, u"acme"_s, u"dana@laptop"_s);
    BorrowRefusal longer = keep;
    longer.reason = BorrowRefusal::Reason::TooLong;
    longer.days = 30;
    tooLong.detail = eventdetail::BorrowDenied {longer}.toJson();
    // Two away of four, one kept on site: the verb follows the borrowed seats (walk-through F6).
    EventRecord twoAway = makeEvent(3, u"borrow_denied"_s, u"acme"_s, u"erin@laptop"_s);
    BorrowRefusal two = keep;
    two.borrowed = 2;
    two.seatCount = 4;
    two.keepOnSite = 1;
    twoAway.detail = eventdetail::BorrowDenied {two}.toJson();
    // No seat to borrow, one or two of them in use: the verb follows those in use.
    EventRecord oneInUse = makeEvent(4, u"borrow_denied"_s, u"acme"_s, u"fay@laptop"_s);
    BorrowRefusal seat;
    seat.reason = BorrowRefusal::Reason::SeatDenied;
    seat.seatReason = seatrules::denialCode(SeatDecision::Outcome::NoSeatsAvailable);
    seat.inUse = 1;
    seat.seatCount = 1;
    oneInUse.detail = eventdetail::BorrowDenied {seat}.toJson();
    EventRecord twoInUse = makeEvent(5, u"borrow_denied"_s, u"acme"_s, u"fay@laptop"_s);
    seat.inUse = 2;
    seat.seatCount = 2;
    twoInUse.detail = eventdetail::BorrowDenied {seat}.toJson();
    model.appendEvents({refused, tooLong, twoAway, oneInUse, twoInUse});
    const auto cell = [&model](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(cell(0, EventLogModel::KindColumn), u"borrow refused"_s);
    QCOMPARE(cell(0, EventLogModel::DetailColumn),
             u"1 of the 3 seats of acme is borrowed and 2 must stay on site for ordinary checkouts."_s);
    QCOMPARE(cell(1, EventLogModel::DetailColumn), u"A seat of acme may be borrowed for 7 days at most, not 30."_s);
    QCOMPARE(cell(2, EventLogModel::DetailColumn),
             u"2 of the 4 seats of acme are borrowed and 1 must stay on site for ordinary checkouts."_s);
    QCOMPARE(cell(3, EventLogModel::DetailColumn), u"No seat of acme to borrow: 1 of the 1 seats is in use."_s);
    QCOMPARE(cell(4, EventLogModel::DetailColumn), u"No seat of acme to borrow: 2 of the 2 seats are in use."_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(cell(0, EventLogModel::KindColumn), u"emprunt refusé"_s);
    QCOMPARE(cell(0, EventLogModel::DetailColumn),
             u"Sièges de acme empruntés : 1 sur 3 ; à garder sur site pour les attributions ordinaires : 2."_s);
    QCOMPARE(cell(1, EventLogModel::DetailColumn), u"Un siège de acme peut être emprunté 7 jours au plus, pas 30."_s);
}

// The tester's walk (cli55): ACME CAD with 9 of its 10 seats in use and the 10th reserved for
// render. The borrow_denied event says the reservation, as the CLI does, with the verb agreeing
// with the seats reserved; an event of a server that did not record it reads as before.
void TestEventLogModel::aBorrowRefusedForAReservationNamesIt()
{
    EventLogModel model;
    BorrowRefusal seat;
    seat.reason = BorrowRefusal::Reason::SeatDenied;
    seat.seatReason = seatrules::denialCode(SeatDecision::Outcome::NoSeatsAvailable);
    seat.days = 3;
    seat.seatCount = 10;
    seat.inUse = 9;
    seat.reservedForOthers = 1;
    seat.reservedFor = {u"render"_s};
    EventRecord oneReserved = makeEvent(1, u"borrow_denied"_s, u"acme-cad"_s, u"alice@laptop"_s);
    oneReserved.detail = eventdetail::BorrowDenied {seat}.toJson();
    BorrowRefusal two = seat;
    two.inUse = 8;
    two.reservedForOthers = 2;
    EventRecord twoReserved = makeEvent(2, u"borrow_denied"_s, u"acme-cad"_s, u"alice@laptop"_s);
    twoReserved.detail = eventdetail::BorrowDenied {two}.toJson();
    BorrowRefusal none = seat;
    none.inUse = 0;
    none.seatCount = 2;
    none.reservedForOthers = 2;
    none.reservedFor = {u"render"_s, u"qa"_s};
    EventRecord allReserved = makeEvent(3, u"borrow_denied"_s, u"acme-cad"_s, u"alice@laptop"_s);
    allReserved.detail = eventdetail::BorrowDenied {none}.toJson();
    // An older server recorded the numbers without the reservation.
    EventRecord older = makeEvent(4, u"borrow_denied"_s, u"acme-cad"_s, u"alice@laptop"_s);
    older.detail = eventdetail::BorrowDenied {seat}.toJson();
    older.detail.remove(u"reservedForOthers"_s);
    older.detail.remove(u"reservedFor"_s);
    model.appendEvents({oneReserved, twoReserved, allReserved, older});
    const auto detail = [&model](int row) { return model.index(row, EventLogModel::DetailColumn).data().toString(); };
    QCOMPARE(
        detail(0),
        u"No seat of acme-cad to borrow: 9 of the 10 seats are in use and the other one is reserved for render."_s);
    QCOMPARE(detail(1),
             u"No seat of acme-cad to borrow: 8 of the 10 seats are in use and the other 2 are reserved for render."_s);
    QCOMPARE(detail(2),
             u"No seat of acme-cad to borrow: none of the 2 seats is in use, but all are reserved for %1."_s.arg(
                 QLocale().createSeparatedList({u"render"_s, u"qa"_s})));
    QCOMPARE(detail(3), u"No seat of acme-cad to borrow: 9 of the 10 seats are in use."_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(detail(0),
             u"Aucun siège de acme-cad à emprunter : 9 des 10 sièges sont utilisés et l'autre est réservé à render."_s);
    QCOMPARE(detail(1),
             u"Aucun siège de acme-cad à emprunter : 8 des 10 sièges sont utilisés et les 2 autres sont réservés à "
             "render."_s);
}

// Walk 57: a borrow refused because the holder's group held its cap says which group and its cap,
// as a refused checkout does; an event of a server that did not record them reads as before.
void TestEventLogModel::aBorrowRefusedAtAGroupCapNamesTheGroup()
{
    EventLogModel model;
    BorrowRefusal capped;
    capped.reason = BorrowRefusal::Reason::SeatDenied;
    capped.seatReason = seatrules::denialCode(SeatDecision::Outcome::GroupCapReached);
    capped.days = 3;
    capped.seatCount = 10;
    capped.inUse = 4;
    capped.capGroup = u"render"_s;
    capped.groupCap = 2;
    capped.groupHeld = 2;
    EventRecord named = makeEvent(1, u"borrow_denied"_s, u"acme-cad"_s, u"cy@render-laptop"_s);
    named.detail = eventdetail::BorrowDenied {capped}.toJson();
    BorrowRefusal one = capped;
    one.groupCap = 1;
    one.groupHeld = 1;
    EventRecord single = makeEvent(2, u"borrow_denied"_s, u"acme-cad"_s, u"cy@render-laptop"_s);
    single.detail = eventdetail::BorrowDenied {one}.toJson();
    EventRecord older = makeEvent(3, u"borrow_denied"_s, u"acme-cad"_s, u"cy@render-laptop"_s);
    older.detail = eventdetail::BorrowDenied {capped}.toJson();
    older.detail.remove(u"group"_s);
    older.detail.remove(u"cap"_s);
    older.detail.remove(u"held"_s);
    model.appendEvents({named, single, older});
    const auto detail = [&model](int row) { return model.index(row, EventLogModel::DetailColumn).data().toString(); };
    QCOMPARE(detail(0), u"No seat of acme-cad to borrow: render already holds its cap of 2 seats."_s);
    QCOMPARE(detail(1), u"No seat of acme-cad to borrow: render already holds its cap of 1 seat."_s);
    QCOMPARE(detail(2), u"No seat of acme-cad to borrow: the holder's group holds all the seats it may."_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(detail(0), u"Aucun siège de acme-cad à emprunter : render détient déjà son plafond de 2 sièges."_s);
    QCOMPARE(detail(1), u"Aucun siège de acme-cad à emprunter : render détient déjà son plafond de 1 siège."_s);
}

// Walk 58b, 11: the borrow_written_off event said "laptop lost: ... until 9 déc. 13:12: left on a
// train": a write-off is also for a damaged lease file, its end is written with its day as on the
// Seats page (so "jusqu'au" in French), and the note is a sentence of its own.
void TestEventLogModel::aWriteOffIsNotSaidToBeALostLaptop()
{
    EventLogModel model;
    const QDateTime until = t0.addDays(3);
    EventRecord plain = makeEvent(1, u"borrow_written_off"_s, u"acme-cad"_s, u"carol@laptop"_s);
    plain.detail = eventdetail::BorrowWrittenOff {until, {}}.toJson();
    EventRecord noted = makeEvent(2, u"borrow_written_off"_s, u"acme-cad"_s, u"carol@laptop"_s);
    noted.detail = eventdetail::BorrowWrittenOff {until, u"left on a train"_s}.toJson();
    model.appendEvents({plain, noted});
    const auto detail = [&model](int row) { return model.index(row, EventLogModel::DetailColumn).data().toString(); };
    const QString end = borrowEndText(until, plain.time, QTimeZone::systemTimeZone());
    QCOMPARE(detail(0), u"written off: the seat stays counted until %1"_s.arg(end));
    QCOMPARE(detail(1), u"written off: the seat stays counted until %1. Note: left on a train"_s.arg(end));
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    const QString finEnd = borrowEndText(until, plain.time, QTimeZone::systemTimeZone());
    QCOMPARE(detail(0), u"déclaré perdu : le siège reste compté jusqu'au %1"_s.arg(finEnd));
    QCOMPARE(detail(1), u"déclaré perdu : le siège reste compté jusqu'au %1. Note : left on a train"_s.arg(finEnd));
}

void TestEventLogModel::theByColumnIsSaidInTheLanguage()
{
    EventLogModel model;
    EventRecord reaped = makeEvent(1, u"reaped"_s);
    reaped.actor = u"reaper"_s;
    EventRecord jumped = makeEvent(2, u"granted"_s);
    jumped.actor = u"server"_s;
    EventRecord granted = makeEvent(3, u"granted"_s);
    model.appendEvents({reaped, jumped, granted});
    const auto by = [&model](int row) { return model.index(row, EventLogModel::ActorColumn).data().toString(); };
    QCOMPARE(by(0), u"reaper"_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(by(0), u"nettoyage automatique"_s);
    QCOMPARE(by(1), u"serveur"_s);
    QCOMPARE(by(2), u"client 127.0.0.1"_s);
    QCOMPARE(model.eventAt(0).actor, u"reaper"_s);
}

void TestEventLogModel::idleReclaimIsByItsRuleNotTheReaper()
{
    // The server applies idle reclaim while answering whatever came (a reaper sweep, a waiter's
    // checkout): the column names the rule; the tooltip keeps what the server recorded.
    EventLogModel model;
    EventRecord warned = makeEvent(1, u"reclaim_warned"_s);
    warned.actor = u"reaper"_s;
    EventRecord reclaimed = makeEvent(2, u"reclaimed"_s);
    reclaimed.actor = u"client 10.0.0.7"_s;
    EventRecord reaped = makeEvent(3, u"reaped"_s);
    reaped.actor = u"reaper"_s;
    model.appendEvents({warned, reclaimed, reaped});
    const auto by = [&model](int row) { return model.index(row, EventLogModel::ActorColumn).data().toString(); };
    QCOMPARE(by(0), u"idle reclaim rule"_s);
    QCOMPARE(by(1), u"idle reclaim rule"_s);
    QCOMPARE(by(2), u"reaper"_s);
    QCOMPARE(model.index(0, EventLogModel::ActorColumn).data(Qt::ToolTipRole).toString(), u"reaper"_s);
    QCOMPARE(model.index(1, EventLogModel::ActorColumn).data(Qt::ToolTipRole).toString(), u"client 10.0.0.7"_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    QCOMPARE(by(0), u"règle des sièges inactifs"_s);
}

// Walk 50a, findings 1 and 5: a past maintenance date was told as "the license has ended", and a
// near end as "5 days before the license or its maintenance ends" without saying which.
void TestEventLogModel::validityAlertsSayWhichDateEnds()
{
    eventdetail::AlertChange change;
    change.ruleId = u"ending"_s;
    change.kind = AlertKind::ValidityEnding;
    change.noticeDays = 7;
    change.ends = ValidityBound::MaintenanceUntil;
    change.endsAt = QDateTime::fromString(u"2026-12-01T00:00:00Z"_s, Qt::ISODate);
    change.value = -1;
    QCOMPARE(EventLogModel::alertText(change, true),
             u"rule ending: its maintenance ended on 1 December 2026 (checkouts are not affected) (notice of 7 "
             "days)"_s);
    change.ends = ValidityBound::ValidUntil;
    change.endsAt = QDateTime::fromString(u"2026-12-09T09:00:00Z"_s, Qt::ISODate);
    change.value = 4;
    QCOMPARE(EventLogModel::alertText(change, true),
             u"rule ending: the license expires on 9 December 2026, in 4 days (notice of 7 days)"_s);
    change.value = 0;
    QCOMPARE(EventLogModel::alertMeasureText(change),
             u"the license expires on 9 December 2026, within a day (notice of 7 days)"_s);
    change.value = -1;
    QCOMPARE(EventLogModel::alertMeasureText(change), u"the license expired on 9 December 2026 (notice of 7 days)"_s);
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    change.ends = ValidityBound::MaintenanceUntil;
    const QString french = EventLogModel::alertMeasureText(change);
    QVERIFY2(french.startsWith(u"sa maintenance a pris fin le "_s), qPrintable(french));
    QVERIFY2(french.contains(u"préavis de 7 jours"_s), qPrintable(french));
}

QTEST_GUILESS_MAIN(TestEventLogModel)
#include "tst_eventlogmodel.moc"
