#include "LeaseSigner.h"
#include "ManualClock.h"
#include "PgTestDatabase.h"
#include "StoreUnderTest.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "stats/StatsService.h"
#include "store/PgConnectionInfo.h"
#include "store/PgLeaseStore.h"
#include "store/SqliteLeaseStore.h"

#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

using namespace keyright::server;

// The reaper sweeping a large backlog in chunks, in this process on a ManualClock: the periodic
// sweep gives the event loop back after every chunk, so a client's heartbeat or checkout is
// answered while thousands of expired rows are still being deleted, and what the sweep deletes
// and records is what one big sweep did.
class TestReaperChunks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void periodicSweepAnswersRequestsBetweenChunks_data();
    void periodicSweepAnswersRequestsBetweenChunks();
    void tickDuringSweepDoesNotStartAnother();
    void synchronousSweepReapsEverything();
    void forceReapListsEveryRowAcrossChunks();
    void retentionSweepDeletesOldEventsInChunks();

private:
    // License `id` (10,000 seats, TTL 60 s, skew 5 s, grace 15 s) with `count` rows that expired
    // well past their grace; returns their seat ids.
    QSet<QString> addExpired(const QString &id, int count);
    SeatLease checkOut(const QString &licenseId, const QString &holder);
    int rowCount(const QString &licenseId);
    QList<EventRecord> reapedEvents();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<PgTestDatabase> m_database; // KEYRIGHT_TEST_STORE=postgres only
    std::unique_ptr<SqlLeaseStore> m_store;
    std::unique_ptr<LeaseSigner> m_signer;
    std::unique_ptr<StatsService> m_stats;
    std::unique_ptr<SeatService> m_seats;
    std::unique_ptr<LicenseAdmin> m_licenses;
};

void TestReaperChunks::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    QString error;
    if (storeUnderTestIsPostgres()) {
        // The same sweeps on PostgreSQL, still on the test's clock: SeatService is given it.
        m_database = std::make_unique<PgTestDatabase>();
        KEYRIGHT_REQUIRE_PG_OR_SKIP(*m_database);
        const auto info = PgConnectionInfo::parse(m_database->url(), &error);
        QVERIFY2(info, qPrintable(error));
        auto store = std::make_unique<PgLeaseStore>(*info, std::nullopt, *m_clock);
        QVERIFY2(store->open(&error), qPrintable(error));
        m_store = std::move(store);
    } else {
        auto store = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
        QVERIFY2(store->open(&error), qPrintable(error));
        m_store = std::move(store);
    }
    m_signer = LeaseSigner::generate();
    QVERIFY(m_signer);
    m_stats = std::make_unique<StatsService>(*m_store, u"replica-under-test"_s, *m_clock);
    m_seats = std::make_unique<SeatService>(*m_store, *m_signer, *m_clock);
    m_seats->setStats(m_stats.get());
    m_licenses = std::make_unique<LicenseAdmin>(*m_store, *m_clock);
}

void TestReaperChunks::cleanup()
{
    m_licenses.reset();
    m_seats.reset();
    m_stats.reset();
    m_signer.reset();
    m_store.reset();
    m_database.reset();
    m_clock.reset();
    m_dir.reset();
}

QSet<QString> TestReaperChunks::addExpired(const QString &id, int count)
{
    const LicenseSpec spec {id, id, 10000, 60, 5, 15};
    if (m_licenses->putLicense(id, spec, u"test"_s).outcome != LicenseAdmin::PutLicenseResult::Outcome::Created)
        return {};
    // Straight into the store in one transaction: checking out thousands of seats one request at
    // a time would only slow the test down.
    QSet<QString> seatIds;
    const QDateTime expired = m_clock->now().addSecs(-600);
    m_store->withStore([&] {
        for (int i = 0; i < count; ++i) {
            SeatLease lease;
            lease.licenseId = id;
            lease.seatId = u"%1-expired-%2"_s.arg(id).arg(i, 5, 10, QChar(u'0'));
            lease.holder = u"gone%1@ws"_s.arg(i);
            lease.generation = quint64(i + 1);
            lease.expiresAt = expired.addMSecs(i);
            lease.issuedAt = lease.expiresAt.addSecs(-60);
            m_store->insertLease(StoredLease {m_signer->signLease(lease), QString()});
            seatIds.insert(lease.seatId);
        }
    });
    return seatIds;
}

SeatLease TestReaperChunks::checkOut(const QString &licenseId, const QString &holder)
{
    const auto result = m_seats->checkout(licenseId, holder, {}, u"test"_s);
    return result.outcome == SeatService::CheckoutResult::Outcome::Granted ? result.lease : SeatLease();
}

int TestReaperChunks::rowCount(const QString &licenseId)
{
    const auto listing = m_seats->leaseListing(licenseId);
    return listing ? int(listing->leases.size()) : -1;
}

QList<EventRecord> TestReaperChunks::reapedEvents()
{
    EventQuery query;
    query.kinds = {EventKind::Reaped};
    query.limit = 100000;
    return m_seats->events(query);
}

void TestReaperChunks::periodicSweepAnswersRequestsBetweenChunks_data()
{
    QTest::addColumn<int>("expired");
    QTest::addColumn<int>("chunk");

    QTest::newRow("2,000 expired, chunks of 500") << 2000 << 500;
    QTest::newRow("1,234 expired, chunks of 300 (last one partial)") << 1234 << 300;
}

void TestReaperChunks::periodicSweepAnswersRequestsBetweenChunks()
{
    QFETCH(int, expired);
    QFETCH(int, chunk);

    const QSet<QString> expiredSeats = addExpired(u"acme"_s, expired);
    QCOMPARE(expiredSeats.size(), expired);
    // Live seats, and one that expired 10 s ago: not live any more, but inside its 15 s grace.
    const SeatLease inGrace = checkOut(u"acme"_s, u"late@ws"_s);
    m_clock->advance(70s);
    const SeatLease alice = checkOut(u"acme"_s, u"alice@ws"_s);
    const SeatLease bob = checkOut(u"acme"_s, u"bob@ws"_s);
    QVERIFY(!inGrace.seatId.isEmpty() && !alice.seatId.isEmpty() && !bob.seatId.isEmpty());
    QCOMPARE(rowCount(u"acme"_s), expired + 3);

    LeaseReaper reaper(*m_seats, *m_store, nullptr, 20ms, 0);
    reaper.setChunkRows(chunk);
    QSignalSpy swept(&reaper, &LeaseReaper::swept);
    // One sweep is what this test watches; later ticks would only find nothing left.
    connect(&reaper, &LeaseReaper::swept, &reaper, &LeaseReaper::stop);

    // A client beating as often as the event loop lets it: each beat notes how many expired
    // rows were left when it was answered while the sweep was running.
    QList<int> leftWhileSweeping;
    int heartbeats = 0;
    int renewed = 0;
    QString grantedMidSweep;
    QObject beating; // its end drops a beat still queued when the test returns
    std::function<void()> beat = [&] {
        if (!swept.isEmpty())
            return;
        ++heartbeats;
        if (m_seats->heartbeat(u"acme"_s, alice.seatId, u"alice"_s).outcome
            == SeatService::HeartbeatResult::Outcome::Renewed)
            ++renewed;
        if (reaper.isSweeping()) {
            leftWhileSweeping.append(rowCount(u"acme"_s) - 3 - (grantedMidSweep.isEmpty() ? 0 : 1));
            if (grantedMidSweep.isEmpty())
                grantedMidSweep = checkOut(u"acme"_s, u"carol@ws"_s).seatId;
        }
        QTimer::singleShot(0, &beating, beat);
    };
    QTimer::singleShot(0, &beating, beat);
    reaper.start();
    QTRY_COMPARE_WITH_TIMEOUT(swept.size(), 1, 20000);

    QCOMPARE(swept.first().at(0).toInt(), expired);
    QCOMPARE(swept.first().at(1).toInt(), 0);
    QCOMPARE(renewed, heartbeats);
    QVERIFY2(!grantedMidSweep.isEmpty(), "no checkout was answered while the sweep ran");
    // A beat was answered after every chunk but the last, each time with exactly whole chunks
    // gone: nobody waited for more than one chunk.
    const int chunks = (expired + chunk - 1) / chunk;
    for (int done = 1; done < chunks; ++done)
        QVERIFY2(leftWhileSweeping.contains(expired - done * chunk),
                 qPrintable(u"no request answered after chunk %1"_s.arg(done)));
    for (const int left : std::as_const(leftWhileSweeping))
        QVERIFY2(left == 0 || (expired - left) % chunk == 0, qPrintable(u"%1 rows left mid-chunk"_s.arg(left)));

    // Only the expired rows went; the live ones and the one inside its grace stayed.
    const auto listing = m_seats->leaseListing(u"acme"_s);
    QVERIFY(listing);
    QSet<QString> kept;
    for (const StoredLease &row : listing->leases)
        kept.insert(row.lease.seatId);
    QCOMPARE(kept, (QSet<QString> {inGrace.seatId, alice.seatId, bob.seatId, grantedMidSweep}));

    // One `reaped` event per seat, and the usage counter agrees.
    const QList<EventRecord> events = reapedEvents();
    QCOMPARE(events.size(), expired);
    QSet<QString> reapedSeats;
    for (const EventRecord &event : events)
        reapedSeats.insert(event.seatId);
    QCOMPARE(reapedSeats, expiredSeats);
    QCOMPARE(m_stats->component(u"acme"_s, StatsService::Counter::Reclaimed, m_stats->replicaId()), quint64(expired));
}

void TestReaperChunks::tickDuringSweepDoesNotStartAnother()
{
    const QSet<QString> first = addExpired(u"first"_s, 600);
    const QSet<QString> second = addExpired(u"second"_s, 400);
    m_clock->advance(1s);
    // Ticks every millisecond, chunks far longer than that: ticks keep coming during the sweep.
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 1ms, 0);
    reaper.setChunkRows(50);
    QSignalSpy swept(&reaper, &LeaseReaper::swept);
    reaper.start();
    QTRY_VERIFY_WITH_TIMEOUT(!swept.isEmpty(), 20000);
    reaper.stop();

    // The first complete sweep has every row: no second sweep ran beside it and took a share.
    QCOMPARE(swept.first().at(0).toInt(), 1000);
    int total = 0;
    for (const QList<QVariant> &emitted : std::as_const(swept))
        total += emitted.at(0).toInt();
    QCOMPARE(total, 1000);
    QCOMPARE(rowCount(u"first"_s), 0);
    QCOMPARE(rowCount(u"second"_s), 0);
    QCOMPARE(reapedEvents().size(), 1000);
}

void TestReaperChunks::synchronousSweepReapsEverything()
{
    addExpired(u"acme"_s, 1100);
    const SeatLease live = checkOut(u"acme"_s, u"alice@ws"_s);
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 0ms, 0);
    reaper.setChunkRows(500);
    QSignalSpy swept(&reaper, &LeaseReaper::swept);

    QCOMPARE(reaper.sweep(), 1100);
    QVERIFY(!reaper.isSweeping());
    QCOMPARE(swept.size(), 1);
    QCOMPARE(swept.first().at(0).toInt(), 1100);
    QCOMPARE(rowCount(u"acme"_s), 1);
    QCOMPARE(m_seats->heartbeat(u"acme"_s, live.seatId, u"alice"_s).outcome,
             SeatService::HeartbeatResult::Outcome::Renewed);
    QCOMPARE(reaper.sweep(), 0);
    QCOMPARE(reapedEvents().size(), 1100);
}

void TestReaperChunks::forceReapListsEveryRowAcrossChunks()
{
    // More rows than two chunks: the admin's reap still answers with every one of them.
    const int expired = 2 * LeaseReaper::reapChunkRows + 50;
    const QSet<QString> expiredSeats = addExpired(u"acme"_s, expired);
    const SeatLease live = checkOut(u"acme"_s, u"alice@ws"_s);

    LeaseReaper reaper(*m_seats, *m_store, nullptr, 0ms, 0);
    const auto preview = reaper.reap(true, u"admin"_s);
    QCOMPARE(preview.size(), expired);
    QCOMPARE(rowCount(u"acme"_s), expired + 1);

    const auto reaped = reaper.reap(false, u"admin"_s);
    QSet<QString> reapedSeats;
    for (const ReapedSeat &seat : reaped)
        reapedSeats.insert(seat.seatId);
    QCOMPARE(reaped.size(), expired);
    QCOMPARE(reapedSeats, expiredSeats);
    QCOMPARE(rowCount(u"acme"_s), 1);
    QCOMPARE(reapedEvents().size(), expired);
    QCOMPARE(reapedEvents().first().actor, u"admin"_s);
    QCOMPARE(m_seats->heartbeat(u"acme"_s, live.seatId, u"alice"_s).outcome,
             SeatService::HeartbeatResult::Outcome::Renewed);
}

void TestReaperChunks::retentionSweepDeletesOldEventsInChunks()
{
    // 1,200 events from 40 days ago and one from now; the retention is 30 days.
    const QDateTime old = m_clock->now().addDays(-40);
    m_store->withStore([&] {
        for (int i = 0; i < 1200; ++i)
            m_store->appendEvent(EventRecord {
                0, old.addSecs(i), EventKind::Granted, u"acme"_s, u"s%1"_s.arg(i), u"h@ws"_s, u"test"_s, {}});
        m_store->appendEvent(
            EventRecord {0, m_clock->now(), EventKind::Granted, u"acme"_s, u"recent"_s, u"h@ws"_s, u"test"_s, {}});
    });
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 20ms, 30);
    reaper.setChunkRows(500);
    QSignalSpy swept(&reaper, &LeaseReaper::swept);
    reaper.start();
    QTRY_VERIFY_WITH_TIMEOUT(!swept.isEmpty(), 20000);
    reaper.stop();

    QCOMPARE(swept.first().at(0).toInt(), 0);
    QCOMPARE(swept.first().at(1).toInt(), 1200);
    const QList<EventRecord> left = m_seats->events(EventQuery {});
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().seatId, u"recent"_s);
}

} // namespace keyright

namespace keyright {

// The same cases on PostgreSQL (KEYRIGHT_TEST_STORE=postgres, ctest's tst_reaperchunks_postgres).
class TestReaperChunksOnPostgres final : public TestReaperChunks
{
    Q_OBJECT
};

} // namespace keyright

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(keyright::TestReaperChunks)
#include "tst_reaperchunks.moc"
