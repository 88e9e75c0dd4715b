// The dashboard's embedded demo server on its own thread (app/EmbeddedDemo): it answers while the
// window's thread is busy, the simulator's clock jump and instance kills cross threads, and
// stop() gives the demo seats back and ends the thread (ASan/LSan check that nothing is left).
// Real time: bounded waits only.
#include "AdminClient.h"
#include "Crypto.h"
#include "DemoCatalogue.h"
#include "EmbeddedDemo.h"
#include "SecretBuffer.h"
#include "SystemClock.h"
#include "simulator/SimulatedClient.h"
#include "simulator/Simulation.h"
#include "wire/EventDetail.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

// One GET on a socket this thread blocks on: no event loop runs on it meanwhile. -1 when nothing
// answered within the time.
int blockingGet(const QUrl &server, const QByteArray &path)
{
    QTcpSocket socket;
    socket.connectToHost(server.host(), quint16(server.port()));
    if (!socket.waitForConnected(5000))
        return -1;
    socket.write("GET " + path + " HTTP/1.1\r\nHost: keyright\r\nConnection: close\r\n\r\n");
    if (!socket.waitForBytesWritten(5000))
        return -1;
    QByteArray answer;
    while (!answer.contains("\r\n\r\n") && socket.waitForReadyRead(5000))
        answer += socket.readAll();
    if (!answer.startsWith("HTTP/1.1 "))
        return -1;
    return answer.mid(9, 3).toInt();
}

} // namespace

class TestEmbeddedDemo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void answersWhileTheWindowThreadIsBusy();
    void instancesDieAndComeBackAcrossThreads();
    void theInstanceScenarioPlaysOnTheDemo();
    void clockJumpReachesTheServersThread();
    void stopGivesTheSeatsBackAndEndsTheThread();
    void theWaiterLeavesTheLineBeforeTheSeatsGoBack();
    void aRunThatEndedAbruptlyLeavesNothingHeld();
    void theLedgerShowsAnIdleHolderAndAWaiter();
    void aFolderThatCannotBeMadeIsNamed();

private:
    bool startDemo();
    std::optional<LicenseSummary> license(const QString &id);
    QList<EventRecord> events(EventKind kind, const QString &licenseId = {});

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<EmbeddedDemo> m_demo;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
};

void TestEmbeddedDemo::initTestCase()
{
    QVERIFY(crypto::init());
}

void TestEmbeddedDemo::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_demo = std::make_unique<EmbeddedDemo>(SystemClock::instance());
}

void TestEmbeddedDemo::cleanup()
{
    m_admin.reset();
    m_demo.reset(); // ends its thread: nothing of the server outlives it
    m_network.reset();
    m_dir.reset();
}

bool TestEmbeddedDemo::startDemo()
{
    QSignalSpy started(m_demo.get(), &EmbeddedDemo::started);
    QSignalSpy failed(m_demo.get(), &EmbeddedDemo::startFailed);
    m_demo->start(m_dir->filePath(u"demo"_s));
    if (!QTest::qWaitFor([&] { return !started.isEmpty() || !failed.isEmpty(); }, 10000) || !failed.isEmpty()) {
        qWarning("the demo did not start: %s",
                 failed.isEmpty() ? "no answer" : qPrintable(failed.at(0).at(0).toString()));
        return false;
    }
    QString error;
    const auto token = readSecretFile(m_demo->adminTokenPath(), &error);
    if (!token) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_admin = std::make_unique<AdminClient>(*m_network, SystemClock::instance());
    m_admin->setServerUrl(m_demo->url());
    m_admin->setAdminToken(token->view());
    return true;
}

std::optional<LicenseSummary> TestEmbeddedDemo::license(const QString &id)
{
    std::optional<AdminResult<LicenseList>> list;
    m_admin->listLicenses(this, [&list](const AdminResult<LicenseList> &r) { list = r; });
    if (!QTest::qWaitFor([&] { return list.has_value(); }, 5000) || !list->ok())
        return std::nullopt;
    for (const LicenseSummary &l : list->value->licenses) {
        if (l.id == id)
            return l;
    }
    return std::nullopt;
}

QList<EventRecord> TestEmbeddedDemo::events(EventKind kind, const QString &licenseId)
{
    EventQuery query;
    query.kinds = {kind};
    query.licenseId = licenseId;
    query.limit = 1000;
    std::optional<AdminResult<EventPage>> page;
    m_admin->events(query, this, [&page](const AdminResult<EventPage> &r) { page = r; });
    if (!QTest::qWaitFor([&] { return page.has_value(); }, 5000) || !page->ok())
        return {};
    return page->value->events;
}

void TestEmbeddedDemo::answersWhileTheWindowThreadIsBusy()
{
    QVERIFY(startDemo());
    QVERIFY(m_demo->isRunning());
    QCOMPARE(m_demo->url().host(), u"127.0.0.1"_s);
    // This thread blocks on its socket and runs no event loop: a server on this thread could not
    // answer (it did not before it had a thread of its own).
    QCOMPARE(blockingGet(m_demo->url(), "/v1/health"), 200);

    // The demo holders take their seats, and its seat rules were put on the server through its
    // admin routes (AdminActions, on the demo's thread).
    QTRY_VERIFY_WITH_TIMEOUT(license(DemoCatalogue::fullLicenseId()).value_or(LicenseSummary {}).inUse == 4, 20000);
    std::optional<AdminResult<SeatRules>> rules;
    m_admin->rules(u"acme-cad"_s, this, [&rules](const AdminResult<SeatRules> &r) { rules = r; });
    QTRY_VERIFY_WITH_TIMEOUT(rules.has_value(), 5000);
    QVERIFY(rules->ok());
    QCOMPARE(*rules->value, DemoCatalogue::license(u"acme-cad"_s)->rules);
}

void TestEmbeddedDemo::instancesDieAndComeBackAcrossThreads()
{
    QVERIFY(startDemo());
    const ScenarioPlayer::InstanceHooks hooks = m_demo->instanceHooks();
    std::optional<QList<QUrl>> urls;
    QString why;
    hooks.start(this, [&](const QList<QUrl> &u, const QString &w) {
        urls = u;
        why = w;
    });
    QTRY_VERIFY_WITH_TIMEOUT(urls.has_value(), 5000);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(urls->size(), 3);
    for (const QUrl &url : *urls)
        QCOMPARE(blockingGet(url, "/v1/health"), 200);

    std::optional<bool> down;
    hooks.setUp(1, false, this, [&down](bool ok, const QString &) { down = ok; });
    QTRY_VERIFY_WITH_TIMEOUT(down.has_value(), 5000);
    QVERIFY(*down);
    QCOMPARE(blockingGet(urls->at(1), "/v1/health"), -1); // its listener is gone
    QCOMPARE(blockingGet(urls->at(0), "/v1/health"), 200);

    std::optional<bool> up;
    hooks.setUp(1, true, this, [&up](bool ok, const QString &) { up = ok; });
    QTRY_VERIFY_WITH_TIMEOUT(up.has_value(), 5000);
    QVERIFY(*up);
    QCOMPARE(blockingGet(urls->at(1), "/v1/health"), 200); // on the same port

    // An answer for someone who is gone is dropped, not delivered to a dead object.
    bool called = false;
    {
        QObject gone;
        hooks.setUp(2, false, &gone, [&called](bool, const QString &) { called = true; });
    }
    QTRY_COMPARE_WITH_TIMEOUT(blockingGet(urls->at(2), "/v1/health"), -1, 5000);
    QTest::qWait(100);
    QVERIFY(!called);
}

void TestEmbeddedDemo::theInstanceScenarioPlaysOnTheDemo()
{
    // The simulator's "An instance dies" on the real demo: its instances start, die and come back
    // on the demo's thread, and the simulation hears of each later, on this one.
    QVERIFY(startDemo());
    Simulation simulation(*m_network, *m_admin, SystemClock::instance());
    simulation.player().setInstanceHooks(m_demo->instanceHooks());
    const auto preset = ScenarioPreset::make(8);
    QVERIFY(preset);
    std::optional<QString> played;
    simulation.playPreset(*preset, [&played](const QString &error) { played = error; });
    QTRY_VERIFY_WITH_TIMEOUT(played.has_value(), 20000);
    QVERIFY2(played->isEmpty(), qPrintable(*played));
    const QList<QUrl> urls = simulation.player().instanceUrls();
    QCOMPARE(urls.size(), preset->instances);
    for (SimulatedClient *client : simulation.clients())
        QCOMPARE(client->instanceUrls(), urls);

    QVERIFY(simulation.player().setInstanceUp(1, false));
    QVERIFY(!simulation.player().setInstanceUp(1, true)); // the kill is still under way
    QTRY_VERIFY_WITH_TIMEOUT(!simulation.player().isInstanceUp(1), 5000);
    QCOMPARE(blockingGet(urls.at(1), "/v1/health"), -1);
    QVERIFY(simulation.player().setInstanceUp(1, true));
    QTRY_VERIFY_WITH_TIMEOUT(simulation.player().isInstanceUp(1), 5000);
    QCOMPARE(blockingGet(urls.at(1), "/v1/health"), 200);
    simulation.clear();
    QTRY_VERIFY_WITH_TIMEOUT(m_network->findChildren<QNetworkReply *>().isEmpty(), 10000);
}

void TestEmbeddedDemo::clockJumpReachesTheServersThread()
{
    QVERIFY(startDemo());
    QVERIFY(events(EventKind::ClockJumped).isEmpty());
    m_demo->jumpServerClock(10min);
    // The server's clock watch, on the demo's thread, sees the jump within its second.
    QTRY_VERIFY_WITH_TIMEOUT(!events(EventKind::ClockJumped).isEmpty(), 5000);
    // One jump, one event.
    QCOMPARE(events(EventKind::ClockJumped).size(), 1);
}

void TestEmbeddedDemo::stopGivesTheSeatsBackAndEndsTheThread()
{
    QVERIFY(startDemo());
    // Every render node holds its seat.
    QTRY_VERIFY_WITH_TIMEOUT(license(DemoCatalogue::fullLicenseId()).value_or(LicenseSummary {}).inUse == 4, 20000);
    const QUrl url = m_demo->url();
    m_demo->stop(5s);
    QVERIFY(!m_demo->isRunning());
    QCOMPARE(blockingGet(url, "/v1/health"), -1); // the server went with its thread

    // Started again on the same folder: the four seats were given back before it stopped.
    QVERIFY(startDemo());
    int released = 0;
    for (const EventRecord &event : events(EventKind::Released, DemoCatalogue::fullLicenseId())) {
        if (event.holder.startsWith(u"node-"_s))
            ++released;
    }
    QCOMPARE(released, 4);
}

void TestEmbeddedDemo::theWaiterLeavesTheLineBeforeTheSeatsGoBack()
{
    // Quitting while carol waits for a render node: her place goes first, so none of the seats
    // the nodes give back is handed to her (walk 46: one was, and stayed held by nobody).
    QVERIFY(startDemo());
    const QString farm = DemoCatalogue::fullLicenseId();
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).waiting == 1, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).inUse == 4, 20000);
    m_demo->stop(5s);
    QVERIFY(startDemo());
    int granted = 0;
    for (const EventRecord &event : events(EventKind::Granted, farm))
        granted += event.holder == DemoCatalogue::waitingHolder();
    QCOMPARE(granted, 0);
    QVERIFY(!events(EventKind::QueueLeft, farm).isEmpty());
}

void TestEmbeddedDemo::aRunThatEndedAbruptlyLeavesNothingHeld()
{
    // A run that gave nothing back (killed): the next start frees its people's seats and place in
    // line, so the nodes get their seats again and carol waits once, not twice.
    QVERIFY(startDemo());
    const QString farm = DemoCatalogue::fullLicenseId();
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).waiting == 1, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).inUse == 4, 20000);
    m_demo->stop(0ms); // no seat given back
    QVERIFY(startDemo());
    int revoked = 0;
    for (const EventRecord &event : events(EventKind::Revoked, farm))
        revoked += event.holder.startsWith(u"node-"_s);
    QCOMPARE(revoked, 4);
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).inUse == 4, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(license(farm).value_or(LicenseSummary {}).waiting == 1, 20000);
    // No node was refused on the way: the leftovers were gone before they checked out.
    for (const EventRecord &event : events(EventKind::Denied, farm))
        QVERIFY2(!event.holder.startsWith(u"node-"_s), qPrintable(event.holder));
}

void TestEmbeddedDemo::theLedgerShowsAnIdleHolderAndAWaiter()
{
    // On first start the full render farm has an application left open and unused, and someone
    // queuing for a seat: the ledger and the idle reclaim rule have something to show.
    QVERIFY(startDemo());
    std::optional<LedgerReport> ledger;
    const auto readLedger = [&] {
        std::optional<AdminResult<LedgerReport>> answer;
        m_admin->ledger(DemoCatalogue::fullLicenseId(), {}, this,
                        [&answer](const AdminResult<LedgerReport> &r) { answer = r; });
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 5000) || !answer->ok())
            return false;
        ledger = *answer->value;
        const auto *idle = ledger->ledger.line(SeatLedger::Category::Idle);
        // Until every node has beaten once, some seats' activity is still unknown.
        return idle && !ledger->ledger.waiting.isEmpty() && !ledger->ledger.line(SeatLedger::Category::ActivityUnknown);
    };
    // The keepers tell their activity with their first heartbeat, a third of the TTL after checkout.
    QVERIFY2(QTest::qWaitFor(readLedger, 90000), "no idle holder and waiter in the render farm's ledger");
    const auto *idle = ledger->ledger.line(SeatLedger::Category::Idle);
    QCOMPARE(idle->holdings.size(), 1);
    QCOMPARE(idle->holdings.first().holder, DemoCatalogue::idleHolder());
    QVERIFY(idle->holdings.first().since.secsTo(ledger->at) >= 60 * 79);
    QCOMPARE(ledger->ledger.waiting.first().holder, DemoCatalogue::waitingHolder());
    QVERIFY(ledger->ledger.line(SeatLedger::Category::InUse));
    QCOMPARE(ledger->ledger.line(SeatLedger::Category::InUse)->seats, 3);
    // The license reclaims seats idle for an hour: the idle node is marked for the waiter, and goes
    // an hour after the mark unless used.
    const auto marked = [&] {
        return readLedger() && ledger->ledger.line(SeatLedger::Category::Idle)->holdings.first().reclaimAt.isValid();
    };
    QVERIFY2(QTest::qWaitFor(marked, 60000), "the idle node of the render farm was not marked for the waiter");
    const QDateTime reclaimAt = ledger->ledger.line(SeatLedger::Category::Idle)->holdings.first().reclaimAt;
    QVERIFY2(ledger->at.secsTo(reclaimAt) > 50 * 60 && ledger->at.secsTo(reclaimAt) <= 60 * 60,
             qPrintable(reclaimAt.toString(Qt::ISODate)));
    // Marked for the colleague in line, as the docs tell it, not for the holder refused now and
    // then (walk 45: the first refusal came before she queued, and the mark named it).
    const QList<EventRecord> warned = events(EventKind::ReclaimWarned, DemoCatalogue::fullLicenseId());
    QVERIFY(!warned.isEmpty());
    QCOMPARE(warned.first().holder, DemoCatalogue::idleHolder());
    QCOMPARE(eventdetail::ReclaimWarned::fromJson(warned.first().detail).waiter, DemoCatalogue::waitingHolder());
}

void TestEmbeddedDemo::aFolderThatCannotBeMadeIsNamed()
{
    QFile file(m_dir->filePath(u"not-a-folder"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QSignalSpy failed(m_demo.get(), &EmbeddedDemo::startFailed);
    m_demo->start(file.fileName() + u"/demo"_s);
    QVERIFY(failed.wait(10000));
    QVERIFY2(failed.at(0).at(0).toString().contains(file.fileName()), qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(!m_demo->isRunning());
}

QTEST_GUILESS_MAIN(TestEmbeddedDemo)
#include "tst_embeddeddemo.moc"
