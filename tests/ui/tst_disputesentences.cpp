// Every denial explained in one sentence, in English and French, from decideCheckout() on the state
// rebuilt from the events: no seats, seats reserved for others, a group's cap, the deny list, the
// allow list, a blocked holder. Then the same sentence in the dispute panel and on the Events page
// of the real window, and the usage chart's reserved seats and waiting line with their legend.

#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DisputePanel.h"
#include "DisputeReconstruction.h"
#include "Durations.h"
#include "EventsPage.h"
#include "LanguageManager.h"
#include "LeaseTableModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "StatePalette.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "UsageChartView.h"
#include "wire/EventDetail.h"
#include "wire/SeatRulesJson.h"

#include <QApplication>
#include <QJsonArray>
#include <QLabel>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>

#include <memory>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime(QDate(2026, 12, 1), QTime(10, 40, 0), Qt::UTC);
const QString license = u"acme-cad"_s;

QString seatId(int n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

// The events of one license as the server records them, in seq order.
class History
{
public:
    explicit History(int seatCount)
        : m_seatCount(seatCount)
    {
        add(EventKind::LicenseCreated, {}, {{u"seatCount"_s, seatCount}, {u"ttlSeconds"_s, 120}});
    }

    void groups(const QList<HolderGroup> &groups)
    {
        EventRecord &e = add(EventKind::GroupsChanged, {}, {{u"groups"_s, seatrules::groupsToJson(groups)}});
        e.licenseId.clear();
        m_groups = groups;
    }
    void rules(const SeatRules &rules)
    {
        add(EventKind::RulesChanged, {}, {{u"rules"_s, seatrules::rulesToJson(rules)}});
        m_rules = rules;
    }
    void grant(const QString &holder)
    {
        const int n = int(m_held.size()) + 1;
        EventRecord &e = add(EventKind::Granted, holder,
                             {{u"generation"_s, n},
                              {u"expiresAt"_s, formatTimestamp(time().addSecs(120))},
                              {u"inUse"_s, n},
                              {u"seatCount"_s, m_seatCount}});
        e.seatId = seatId(n);
        SeatLease lease;
        lease.licenseId = license;
        lease.seatId = e.seatId;
        lease.holder = holder;
        lease.generation = quint64(n);
        lease.issuedAt = e.time;
        lease.expiresAt = e.time.addSecs(120);
        m_held << lease;
    }
    // A seat taken offline on a laptop for `days` (issue 27): counted until returned or expired.
    void borrow(const QString &holder, int days)
    {
        const int n = int(m_held.size()) + 1;
        const QDateTime until = time().addDays(days);
        EventRecord &e = add(EventKind::SeatBorrowed, holder,
                             eventdetail::SeatBorrowed {quint64(n), until, days, n, m_seatCount, 1, {}}.toJson());
        e.seatId = seatId(n);
        SeatLease lease;
        lease.licenseId = license;
        lease.seatId = e.seatId;
        lease.holder = holder;
        lease.generation = quint64(n);
        lease.issuedAt = e.time;
        lease.expiresAt = until;
        lease.borrowed = true;
        m_held << lease;
    }
    void queue(const QString &holder, const QString &ticket)
    {
        add(EventKind::Queued, holder, {{u"ticketId"_s, ticket}, {u"position"_s, ++m_waiting}});
    }
    // A denial as the server records it: its decision's members, the reason and who held each seat.
    void deny(const QString &holder)
    {
        const SeatDecision decision = decideCheckout(m_seatCount, CompiledSeatRules(m_rules, m_groups), m_held, holder,
                                                     time(), std::chrono::milliseconds {0});
        QVERIFY(!decision.granted());
        QJsonObject detail = seatrules::denialToJson(decision);
        detail.insert(u"reason"_s, seatrules::denialCode(decision.outcome));
        QJsonArray holders;
        QList<eventdetail::HeldSeat> listed;
        for (const SeatLease &l : std::as_const(m_held))
            listed << eventdetail::HeldSeat {l.seatId, l.holder, l.generation, l.issuedAt, l.expiresAt, l.borrowed};
        detail.insert(u"holders"_s, eventdetail::Denied::of(decision, listed).toJson().value(u"holders"_s));
        add(EventKind::Denied, holder, detail);
    }
    void block(const QString &holder, const QDateTime &until)
    {
        add(EventKind::HolderBlocked, holder, {{u"until"_s, formatTimestamp(until)}});
    }

    const QList<EventRecord> &events() const { return m_events; }
    const EventRecord &last() const { return m_events.constLast(); }
    QDateTime time() const { return t0.addSecs(10 * m_events.size()); }

private:
    EventRecord &add(EventKind kind, const QString &holder, const QJsonObject &detail)
    {
        EventRecord e;
        e.seq = m_events.size() + 1;
        e.time = time();
        e.kind = kind;
        e.licenseId = license;
        e.holder = holder;
        e.actor = u"client 127.0.0.1"_s;
        e.detail = detail;
        m_events << e;
        return m_events.last();
    }

    int m_seatCount;
    int m_waiting = 0;
    QList<EventRecord> m_events;
    QList<SeatLease> m_held;
    SeatRules m_rules;
    QList<HolderGroup> m_groups;
};

const HolderGroup render {u"render"_s, {u"*@render-*"_s}};

History scenario(const QString &name)
{
    if (name == u"no seats") {
        History h(3);
        for (int i = 1; i <= 3; ++i)
            h.grant(u"user%1@ws-1%1"_s.arg(i));
        h.deny(u"carol@ws-3"_s);
        return h;
    }
    if (name == u"reserved for others" || name == u"one reserved for others") {
        // The ten-seat license: 8 in use, the other 2 (or 1) idle but reserved for render.
        const bool one = name.startsWith(u"one");
        History h(10);
        h.groups({render});
        SeatRules rules;
        rules.reserve = {{u"render"_s, 2}};
        h.rules(rules);
        if (one)
            h.grant(u"node-1@render-01"_s);
        for (int i = 1; i <= 8; ++i)
            h.grant(u"user%1@ws-%1"_s.arg(10 + i));
        h.queue(u"dana@ws-30"_s, u"t-%1"_s.arg(QString(31, u'a')));
        h.deny(u"bob@ws-07"_s);
        return h;
    }
    if (name == u"the only seat reserved" || name == u"every seat reserved") {
        // Nobody holds a seat, and every seat is reserved for render: "0 of 1 seats in use and the
        // other 1 is reserved" was no sentence.
        const int seats = name == u"every seat reserved" ? 2 : 1;
        History h(seats);
        h.groups({render});
        SeatRules rules;
        rules.reserve = {{u"render"_s, seats}};
        h.rules(rules);
        h.deny(u"bob@ws-07"_s);
        return h;
    }
    if (name == u"group cap") {
        History h(10);
        h.groups({render});
        SeatRules rules;
        rules.max = {{u"render"_s, 3}};
        h.rules(rules);
        for (int i = 1; i <= 3; ++i)
            h.grant(u"node-%1@render-0%1"_s.arg(i));
        h.grant(u"alice@ws-12"_s);
        h.deny(u"node-4@render-04"_s);
        return h;
    }
    if (name == u"deny list") {
        History h(10);
        SeatRules rules;
        rules.deny = {u"*@contractor-*"_s};
        h.rules(rules);
        h.grant(u"alice@ws-12"_s);
        h.deny(u"dave@contractor-2"_s);
        return h;
    }
    if (name == u"allow list") {
        History h(10);
        h.groups({render});
        SeatRules rules;
        rules.allow = {u"render"_s, u"alice@ws-12"_s};
        h.rules(rules);
        h.grant(u"alice@ws-12"_s);
        h.deny(u"eve@ws-09"_s);
        return h;
    }
    History h(10);
    h.grant(u"mallory@ws-66"_s);
    h.block(u"mallory@ws-66"_s, QDateTime(QDate(2026, 12, 1), QTime(11, 30, 0), Qt::UTC));
    return h;
}

QString blockedUntilText()
{
    return QDateTime(QDate(2026, 12, 1), QTime(11, 30, 0), Qt::UTC).toLocalTime().toString(u"HH:mm:ss"_s);
}

} // namespace

class TestDisputeSentences final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void aBorrowedSeatIsSaidBorrowedNotAnOlderGrant();
    void oneSentencePerReason_data();
    void oneSentencePerReason();
    void panelShowsTheSentenceTheLineAndTheReservation();
    void panelSaysWhenNobodyHeldASeat_data();
    void panelSaysWhenNobodyHeldASeat();
    void eventsPageExplainsAReservationDenialInBothLanguages();
    void blockedRefusalShowsTheSeatsLiveAsRenewed();
    void chartShowsReservedSeatsAndTheLine();
    void chartColoursReadInTheDarkTheme();

private:
    void setLanguage(const QString &code);

    LanguageManager m_languages;
};

void TestDisputeSentences::initTestCase()
{
    setLanguage(u"en"_s);
}

void TestDisputeSentences::cleanupTestCase()
{
    setLanguage(u"en"_s);
}

void TestDisputeSentences::setLanguage(const QString &code)
{
    QCOMPARE(m_languages.apply(code), code);
}

void TestDisputeSentences::oneSentencePerReason_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("reason");

    const auto row = [](const char *name, const QString &language, const QString &expected, Dispute::Reason reason) {
        QTest::addRow("%s, %s", name, qPrintable(language))
            << QString::fromUtf8(name) << language << expected << int(reason);
    };
    row("no seats", u"en"_s, u"Denied to carol@ws-3: all 3 seats in use"_s, Dispute::Reason::NoSeats);
    row("no seats", u"fr"_s, u"Refusé à carol@ws-3 : les 3 sièges sont tous utilisés"_s, Dispute::Reason::NoSeats);
    row("reserved for others", u"en"_s,
        u"Denied to bob@ws-07: 8 of 10 seats in use and the other 2 are reserved for render (idle)"_s,
        Dispute::Reason::ReservedForOthers);
    row("reserved for others", u"fr"_s,
        u"Refusé à bob@ws-07 (sièges utilisés : 8 sur 10) : 2 sièges sont réservés à render (inoccupés)"_s,
        Dispute::Reason::ReservedForOthers);
    row("one reserved for others", u"en"_s,
        u"Denied to bob@ws-07: 9 of 10 seats in use and the other 1 is reserved for render (idle)"_s,
        Dispute::Reason::ReservedForOthers);
    row("one reserved for others", u"fr"_s,
        u"Refusé à bob@ws-07 (sièges utilisés : 9 sur 10) : 1 siège est réservé à render (inoccupé)"_s,
        Dispute::Reason::ReservedForOthers);
    row("the only seat reserved", u"en"_s, u"Denied to bob@ws-07: the only seat is reserved for render (idle)"_s,
        Dispute::Reason::ReservedForOthers);
    row("the only seat reserved", u"fr"_s, u"Refusé à bob@ws-07 : le seul siège est réservé à render (inoccupé)"_s,
        Dispute::Reason::ReservedForOthers);
    row("every seat reserved", u"en"_s,
        u"Denied to bob@ws-07: none of the 2 seats is in use, but all are reserved for render (idle)"_s,
        Dispute::Reason::ReservedForOthers);
    row("every seat reserved", u"fr"_s,
        u"Refusé à bob@ws-07 : aucun des 2 sièges n'est utilisé, mais tous sont réservés à render (inoccupés)"_s,
        Dispute::Reason::ReservedForOthers);
    row("group cap", u"en"_s, u"Denied to node-4@render-04: render already holds its cap of 3 seats"_s,
        Dispute::Reason::GroupCap);
    row("group cap", u"fr"_s, u"Refusé à node-4@render-04 : render détient déjà son plafond de 3 sièges"_s,
        Dispute::Reason::GroupCap);
    row("deny list", u"en"_s, u"Denied to dave@contractor-2: the holder matches the deny entry *@contractor-*"_s,
        Dispute::Reason::DenyList);
    row("deny list", u"fr"_s,
        u"Refusé à dave@contractor-2 : le détenteur correspond à l'entrée d'exclusion *@contractor-*"_s,
        Dispute::Reason::DenyList);
    row("allow list", u"en"_s, u"Denied to eve@ws-09: the holder is not on the allow list (render, alice@ws-12)"_s,
        Dispute::Reason::NotAllowed);
    row("allow list", u"fr"_s,
        u"Refusé à eve@ws-09 : le détenteur n'est pas sur la liste d'autorisation (render, alice@ws-12)"_s,
        Dispute::Reason::NotAllowed);
    row("holder blocked", u"en"_s,
        u"Denied to mallory@ws-66: an admin blocked this holder until %1"_s.arg(blockedUntilText()),
        Dispute::Reason::HolderBlocked);
    row("holder blocked", u"fr"_s,
        u"Refusé à mallory@ws-66 : un administrateur a bloqué ce détenteur jusqu'à %1"_s.arg(blockedUntilText()),
        Dispute::Reason::HolderBlocked);
}

void TestDisputeSentences::oneSentencePerReason()
{
    QFETCH(QString, scenario);
    QFETCH(QString, language);
    QFETCH(QString, expected);
    QFETCH(int, reason);
    const History history = ::scenario(scenario);
    const Dispute dispute = DisputeReconstruction::reconstruct(history.last(), history.events(), true);
    QVERIFY(dispute.isValid());
    QCOMPARE(int(dispute.reason), reason);
    // The replay reproduced what the server recorded: the sentence is decideCheckout()'s own.
    QVERIFY(!dispute.incomplete);
    setLanguage(language);
    const auto english = qScopeGuard([this] { setLanguage(u"en"_s); });
    QCOMPARE(DisputeReconstruction::sentence(dispute), expected);
}

void TestDisputeSentences::panelSaysWhenNobodyHeldASeat_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one seat, English") << u"the only seat reserved"_s << u"en"_s
                                       << u"was refused a seat of <b>acme-cad</b> while nobody held its only seat."_s;
    QTest::newRow("one seat, French") << u"the only seat reserved"_s << u"fr"_s
                                      << u"s’est vu refuser un siège de <b>acme-cad</b> alors que personne ne détenait "
                                         "son unique siège."_s;
    QTest::newRow("two seats, English") << u"every seat reserved"_s << u"en"_s
                                        << u"was refused a seat of <b>acme-cad</b> while none of its 2 seats was "
                                           "held."_s;
    QTest::newRow("two seats, French") << u"every seat reserved"_s << u"fr"_s
                                       << u"s’est vu refuser un siège de <b>acme-cad</b> alors qu’aucun de ses 2 "
                                          "sièges n’était pris."_s;
    QTest::newRow("the only seat held, English")
        << u"the only seat held"_s << u"en"_s << u"<b>1 of 1</b> seat was held, by 1 holder: alice@ws-12 (1 seat)."_s;
    QTest::newRow("the only seat held, French") << u"the only seat held"_s << u"fr"_s
                                                << u"sièges pris : <b>1 sur 1</b>, par 1 détenteur : alice@ws-12 (1 "
                                                   "siège)."_s;
}

void TestDisputeSentences::panelSaysWhenNobodyHeldASeat()
{
    QFETCH(QString, scenario);
    QFETCH(QString, language);
    QFETCH(QString, expected);
    History history = ::scenario(u"the only seat reserved"_s);
    if (scenario == u"every seat reserved"_s) {
        history = ::scenario(scenario);
    } else if (scenario == u"the only seat held"_s) {
        history = History(1);
        history.grant(u"alice@ws-12"_s);
        history.deny(u"carol@ws-3"_s);
    }
    setLanguage(language);
    const auto english = qScopeGuard([this] { setLanguage(u"en"_s); });
    DisputePanel panel;
    panel.resize(900, 600);
    panel.show();
    panel.showDispute(DisputeReconstruction::reconstruct(history.last(), history.events(), true));
    const QString summary = panel.summaryText();
    QVERIFY2(summary.contains(expected), qPrintable(summary));
    // Never an empty list, in either language.
    QVERIFY2(!summary.contains(u": ."_s) && !summary.contains(u" 0 "_s), qPrintable(summary));
}

void TestDisputeSentences::panelShowsTheSentenceTheLineAndTheReservation()
{
    const History history = scenario(u"one reserved for others"_s);
    DisputePanel panel;
    panel.resize(900, 600);
    panel.show();
    panel.showDispute(DisputeReconstruction::reconstruct(history.last(), history.events(), true));
    const auto *sentence = panel.findChild<QLabel *>(u"disputeSentence"_s);
    QVERIFY(sentence && sentence->isVisible());
    QCOMPARE(sentence->text(),
             u"Denied to bob@ws-07: 9 of 10 seats in use and the other 1 is reserved for render (idle)"_s);
    QVERIFY2(panel.summaryText().contains(u"1 holder was waiting in line: dana@ws-30."_s),
             qPrintable(panel.summaryText()));
    QVERIFY2(panel.noteText().contains(u"as changed at"_s), qPrintable(panel.noteText()));
    // The render node's seat counted against render's reservation, the others against the shared seats.
    QTreeWidget *seats = panel.seatsView();
    QCOMPARE(seats->topLevelItemCount(), 9);
    QCOMPARE(seats->topLevelItem(0)->text(0), u"node-1@render-01"_s);
    QCOMPARE(seats->topLevelItem(0)->text(5), u"counted against the reservation of render"_s);
    QCOMPARE(seats->topLevelItem(1)->text(5), u"counted"_s);

    // Live switch: the sentence follows (at the LanguageChange event).
    setLanguage(u"fr"_s);
    const auto english = qScopeGuard([this] { setLanguage(u"en"_s); });
    QTRY_COMPARE_WITH_TIMEOUT(
        sentence->text(),
        u"Refusé à bob@ws-07 (sièges utilisés : 9 sur 10) : 1 siège est réservé à render (inoccupé)"_s, 2000);
    QVERIFY2(panel.summaryText().contains(u"1 détenteur attendait dans la file : dana@ws-30."_s),
             qPrintable(panel.summaryText()));

    panel.clear();
    QVERIFY(!sentence->isVisible());
}

void TestDisputeSentences::eventsPageExplainsAReservationDenialInBothLanguages()
{
    // The real window on a real server, as a support person uses it: ten seats, two reserved for
    // render, eight colleagues working, bob refused. The Events page lists the denial the server
    // recorded; selecting it shows the sentence.
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray key = server.createLicense(license, 10, std::chrono::seconds {120}, std::chrono::seconds {5},
                                                std::chrono::seconds {15});
    QVERIFY(!key.isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/groups"_s, {{u"groups"_s, seatrules::groupsToJson({render})}}, &status);
    QCOMPARE(status, 200);
    SeatRules rules;
    rules.reserve = {{u"render"_s, 2}};
    server.adminCall("PUT", u"/v1/licenses/%1/rules"_s.arg(license), {{u"rules"_s, seatrules::rulesToJson(rules)}},
                     &status);
    QCOMPARE(status, 200);
    // The languages are this test's own (setLanguage): the harness leaves them alone.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .language = QString()});
    const auto checkout
        = [&](const QString &holder) { return dashboard.takeSeat(server.url(), license, key, holder).has_value(); };
    for (const QString &holder : {u"alice.martin@ws-12"_s, u"carol@ws-02"_s, u"emil@laptop-5"_s, u"farid@ws-21"_s,
                                  u"gwen@ws-08"_s, u"hugo@ws-14"_s, u"ines@ws-03"_s, u"jon@ws-19"_s}) {
        QVERIFY2(checkout(holder), qPrintable(holder));
        clock.advance(std::chrono::seconds {7});
    }
    QVERIFY(!checkout(u"bob@ws-07"_s));

    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DashboardSession &session = dashboard.session();
    qint64 denialSeq = 0;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const EventRecord &e : session.events().events()) {
                if (e.kind == EventKind::Denied)
                    denialSeq = e.seq;
            }
            return denialSeq > 0;
        }(),
        5000);
    EventsPage *events = window.eventsPage();
    window.pages()->setCurrentWidget(events);
    QVERIFY(events->selectEvent(denialSeq));
    DisputePanel *panel = events->disputePanel();
    QCOMPARE(panel->sentenceText(),
             u"Denied to bob@ws-07: 8 of 10 seats in use and the other 2 are reserved for render (idle)"_s);
    QVERIFY(!panel->dispute().incomplete);
    QCOMPARE(panel->dispute().rulesSource, Dispute::RulesSource::Event);

    // For docs/: KEYRIGHT_SCREENSHOT_DIR=docs renders dispute-rules-<language>.png (1280x720).
    const QString shots = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    const auto english = qScopeGuard([this] { setLanguage(u"en"_s); });
    for (const QString &language : {u"en"_s, u"fr"_s}) {
        setLanguage(language);
        QApplication::processEvents();
        QVERIFY(events->selectEvent(denialSeq));
        if (language == u"fr")
            QTRY_COMPARE_WITH_TIMEOUT(
                panel->sentenceText(),
                u"Refusé à bob@ws-07 (sièges utilisés : 8 sur 10) : 2 sièges sont réservés à render (inoccupés)"_s,
                2000);
        if (!shots.isEmpty()) {
            QTest::qWait(300);
            const QString file = u"%1/dispute-rules-%2.png"_s.arg(shots, language);
            QVERIFY2(window.grab().save(file), qPrintable(file));
        }
    }
}

void TestDisputeSentences::blockedRefusalShowsTheSeatsLiveAsRenewed()
{
    // A real server: alice and bob work on, their applications renewing a one-minute lease every
    // 30 s; mallory was revoked with a block and tries again 3m 30s later.
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray key = server.createLicense(license, 3, std::chrono::seconds {60}, std::chrono::seconds {5},
                                                std::chrono::seconds {15});
    QVERIFY(!key.isEmpty());
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .language = QString()});
    const auto alice = dashboard.takeSeat(server.url(), license, key, u"alice@ws-12"_s);
    const auto bob = dashboard.takeSeat(server.url(), license, key, u"bob@ws-07"_s);
    const auto mallory = dashboard.takeSeat(server.url(), license, key, u"mallory@ws-66"_s);
    QVERIFY(alice && bob && mallory);
    QVERIFY(server.revoke(license, mallory->seatId, std::chrono::seconds {600}));
    for (int i = 0; i < 7; ++i) {
        clock.advance(std::chrono::seconds {30});
        for (const SeatLease &lease : {*alice, *bob})
            QVERIFY(dashboard.heartbeat(server.url(), license, key, lease.seatId).has_value());
    }
    QVERIFY(!dashboard.takeSeat(server.url(), license, key, u"mallory@ws-66"_s));

    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    qint64 blockedSeq = 0;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const EventRecord &e : dashboard.session().events().events()) {
                if (e.kind == EventKind::HolderBlocked)
                    blockedSeq = e.seq;
            }
            return blockedSeq > 0;
        }(),
        5000);
    EventsPage *events = window.eventsPage();
    window.pages()->setCurrentWidget(events);
    QVERIFY(events->selectEvent(blockedSeq));
    DisputePanel *panel = events->disputePanel();
    QVERIFY2(panel->sentenceText().startsWith(u"Denied to mallory@ws-66: an admin blocked this holder until"_s),
             qPrintable(panel->sentenceText()));

    // The seats as they were then: alice's and bob's, live, each renewed just now for a minute.
    QTreeWidget *seats = panel->seatsView();
    QCOMPARE(seats->topLevelItemCount(), 2);
    const QString inAMinute = u"in %1"_s.arg(formatDuration(std::chrono::seconds {60}));
    for (int i = 0; i < 2; ++i) {
        const QTreeWidgetItem *seat = seats->topLevelItem(i);
        QCOMPARE(seat->text(4), inAMinute);
        QCOMPARE(seat->text(5), u"counted"_s);
    }
    QCOMPARE(QSet<QString>({seats->topLevelItem(0)->text(0), seats->topLevelItem(1)->text(0)}),
             QSet<QString>({u"alice@ws-12"_s, u"bob@ws-07"_s}));
    QVERIFY2(panel->summaryText().contains(u"<b>2 of 3</b>"_s), qPrintable(panel->summaryText()));
    QVERIFY2(panel->noteText().startsWith(u"Seats as listed by the server"_s), qPrintable(panel->noteText()));
}

void TestDisputeSentences::chartShowsReservedSeatsAndTheLine()
{
    History history(10);
    history.groups({render});
    SeatRules rules;
    rules.reserve = {{u"render"_s, 2}};
    history.rules(rules);
    history.grant(u"alice@ws-12"_s);
    history.queue(u"bob@ws-07"_s, u"t-1"_s);
    history.queue(u"carol@ws-3"_s, u"t-2"_s);
    UsageSeriesBuilder builder;
    builder.addEvents(history.events());
    const UsageSeries series = builder.build(license, t0, history.time().addSecs(60));

    UsageChartView chart;
    chart.resize(700, 320);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.setSeries(license, series, t0, history.time().addSecs(60));
    QVERIFY(chart.reservedPointCount() > 0);
    QVERIFY(chart.waitingPointCount() > 0);
    QHash<QString, QLegendMarker *> markers;
    for (QLegendMarker *marker : chart.chart()->legend()->markers())
        markers.insert(marker->label(), marker);
    QVERIFY(markers.contains(u"Seats reserved"_s) && markers.contains(u"Waiting in line"_s));
    QVERIFY(markers.value(u"Seats reserved"_s)->isVisible() && markers.value(u"Waiting in line"_s)->isVisible());
    QCOMPARE(markers.value(u"Seats reserved"_s)->brush().color(), StatePalette::colour(StatePalette::ReservedSeat));
    QCOMPARE(markers.value(u"Waiting in line"_s)->brush().color(), StatePalette::colour(StatePalette::Waiting));
    // Told apart from the seats in use and from each other by colour alone, as a legend needs.
    QSet<QRgb> colours;
    for (QLegendMarker *marker : chart.chart()->legend()->markers())
        colours.insert(marker->brush().color().rgb());
    QCOMPARE(colours.size(), markers.size());

    // A license without rules or a line: no flat lines at zero, no legend entries for them.
    UsageSeries plain;
    plain.seatCount = 3;
    plain.steps = {{t0, 1}, {t0.addSecs(60), 1}};
    chart.setSeries(license, plain, t0, t0.addSecs(60));
    QCOMPARE(chart.reservedPointCount(), 0);
    QVERIFY(!markers.value(u"Seats reserved"_s)->isVisible());
    QVERIFY(!markers.value(u"Waiting in line"_s)->isVisible());

    setLanguage(u"fr"_s);
    const auto english = qScopeGuard([this] { setLanguage(u"en"_s); });
    QApplication::processEvents();
    QStringList labels;
    for (QLegendMarker *marker : chart.chart()->legend()->markers())
        labels << marker->label();
    QVERIFY2(labels.contains(u"Sièges réservés"_s) && labels.contains(u"En file d'attente"_s),
             qPrintable(labels.join(u", "_s)));
}

void TestDisputeSentences::chartColoursReadInTheDarkTheme()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::Base, QColor(0x2a, 0x2a, 0x2a));
    dark.setColor(QPalette::WindowText, Qt::white);
    dark.setColor(QPalette::Text, Qt::white);
    const QPalette before = QApplication::palette();
    QApplication::setPalette(dark);
    const auto restore = qScopeGuard([&before] { QApplication::setPalette(before); });
    UsageChartView chart;
    const QColor background = chart.chart()->backgroundBrush().color();
    for (StatePalette::Role role : {StatePalette::ReservedSeat, StatePalette::Waiting}) {
        const QColor colour = StatePalette::colour(role);
        QVERIFY2(StatePalette::contrastRatio(colour, background) >= 4.5,
                 qPrintable(u"%1 on %2"_s.arg(colour.name(), background.name())));
    }
}

void TestDisputeSentences::aBorrowedSeatIsSaidBorrowedNotAnOlderGrant()
{
    // Walk-through of issue 27 (A4): two seats, alice at her desk, dana's seat away on a laptop for
    // three days; carol is refused. The past ledger's seat list says dana's seat is borrowed, by
    // whom and until when, whether the borrow is among the loaded events or only the server's
    // listing at the refusal says so; never "granted before the loaded events".
    History history(2);
    history.grant(u"alice@ws-1"_s);
    history.borrow(u"dana@laptop"_s, 3);
    const QDateTime until = history.time().addSecs(-10).addDays(3);
    history.deny(u"carol@ws-3"_s);
    DisputePanel panel;
    panel.resize(900, 600);
    panel.show();
    const auto noteOf = [&panel](const QString &holder) {
        QTreeWidget *seats = panel.seatsView();
        for (int i = 0; i < seats->topLevelItemCount(); ++i) {
            if (seats->topLevelItem(i)->text(0) == holder)
                return seats->topLevelItem(i)->text(5);
        }
        return QString();
    };
    const QString expected = u"borrowed by dana@laptop until %1: counted until returned or expired"_s.arg(
        LeaseTableModel::formatTime(until, history.last().time));

    // The borrow loaded: replayed as the seat's start.
    const Dispute loaded = DisputeReconstruction::reconstruct(history.last(), history.events(), true);
    QVERIFY(loaded.consistent);
    panel.showDispute(loaded);
    QCOMPARE(panel.seatsView()->topLevelItemCount(), 2);
    QCOMPARE(noteOf(u"alice@ws-1"_s), u"counted"_s);
    QCOMPARE(noteOf(u"dana@laptop"_s), expected);
    QCOMPARE(panel.sentenceText(), u"Denied to carol@ws-3: all 2 seats in use"_s);

    // Only the refusal loaded (an older page of events): the listing still says it is borrowed.
    const Dispute listed = DisputeReconstruction::reconstruct(history.last(), {history.last()}, false);
    panel.showDispute(listed);
    QCOMPARE(noteOf(u"dana@laptop"_s), expected);
    QCOMPARE(noteOf(u"alice@ws-1"_s), u"granted before the loaded events"_s);
}

QTEST_MAIN(TestDisputeSentences)
#include "tst_disputesentences.moc"
