#include "LeaseSigner.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "SeatService.h"
#include "SqliteLeaseStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

// Group commit and the three-step renewal, in this process on a ManualClock: a request whose work
// fails inside a shared transaction leaves nothing behind and does not take its neighbours' work
// with it, and a renewal signed outside the store never brings back or extends a seat that was
// released, revoked, renewed or given away while it was being signed.
class TestGroupCommit final : public QObject
{
    Q_OBJECT

public:
    // What happens to the seat between planRenewal() and completeRenewal().
    enum class Meanwhile { Nothing, Released, Revoked, ExpiredPastSkew, RenewedByHeartbeat };
    Q_ENUM(Meanwhile)

private Q_SLOTS:
    void init();
    void cleanup();

    void failedUnitLeavesNoRowsAndOthersStay_data();
    void failedUnitLeavesNoRowsAndOthersStay();
    void failedUnitDoesNotLeaveLicenseChangeInCache_data();
    void failedUnitDoesNotLeaveLicenseChangeInCache();
    void plannedRenewalStoredOnlyIfSeatUnchangedAndLive_data();
    void plannedRenewalStoredOnlyIfSeatUnchangedAndLive();

private:
    // License `id` with TTL 60 s, skew 5 s, grace 15 s.
    bool addLicense(const QString &id, int seatCount);
    SeatService::CheckoutResult::Outcome checkOut(const QString &licenseId, const QString &holder,
                                                  SeatLease *lease = nullptr);
    QStringList holders(const QString &licenseId);
    int liveSeats(const QString &licenseId);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<SqliteLeaseStore> m_store;
    std::unique_ptr<LeaseSigner> m_signer;
    std::unique_ptr<SeatService> m_seats;
};

using Granted = SeatService::CheckoutResult::Outcome;

void TestGroupCommit::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    m_store = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
    QString error;
    QVERIFY2(m_store->open(&error), qPrintable(error));
    m_signer = LeaseSigner::generate();
    QVERIFY(m_signer);
    m_seats = std::make_unique<SeatService>(*m_store, *m_signer, *m_clock);
}

void TestGroupCommit::cleanup()
{
    m_seats.reset();
    m_signer.reset();
    m_store.reset();
    m_clock.reset();
    m_dir.reset();
}

bool TestGroupCommit::addLicense(const QString &id, int seatCount)
{
    SeatService::LicenseSpec spec;
    spec.seatCount = seatCount;
    spec.ttlSeconds = 60;
    spec.skewSeconds = 5;
    spec.reapGraceSeconds = 15;
    return m_seats->putLicense(id, spec, u"test"_s).outcome == SeatService::PutLicenseResult::Outcome::Created;
}

SeatService::CheckoutResult::Outcome TestGroupCommit::checkOut(const QString &licenseId, const QString &holder,
                                                               SeatLease *lease)
{
    const auto result = m_seats->checkout(licenseId, holder, {}, u"test"_s);
    if (lease)
        *lease = result.lease;
    return result.outcome;
}

QStringList TestGroupCommit::holders(const QString &licenseId)
{
    QStringList result;
    for (const StoredLease &row : m_store->leases(licenseId))
        result.append(row.lease.holder);
    result.sort();
    return result;
}

int TestGroupCommit::liveSeats(const QString &licenseId)
{
    const auto listing = m_seats->leaseListing(licenseId);
    return listing ? listing->license.inUse : -1;
}

void TestGroupCommit::failedUnitLeavesNoRowsAndOthersStay_data()
{
    QTest::addColumn<bool>("batched");

    QTest::newRow("units of one batch") << true;
    QTest::newRow("one transaction each") << false;
}

void TestGroupCommit::failedUnitLeavesNoRowsAndOthersStay()
{
    QFETCH(bool, batched);
    QVERIFY(addLicense(u"lic"_s, 2));

    if (batched)
        m_store->beginBatch();
    QCOMPARE(checkOut(u"lic"_s, u"first@ws"_s), Granted::Granted);
    // A request that wrote a seat row and then failed: if that row stayed, it would hold one of
    // the two seats although nobody was told it got one.
    bool threw = false;
    try {
        m_store->withLicense(u"lic"_s, [&] {
            SeatLease ghost;
            ghost.licenseId = u"lic"_s;
            ghost.seatId = u"ghost-seat"_s;
            ghost.holder = u"ghost@ws"_s;
            ghost.generation = 99;
            ghost.issuedAt = m_clock->now();
            ghost.expiresAt = m_clock->now().addSecs(60);
            m_store->insertLease(StoredLease {m_signer->signLease(ghost), QString()});
            throw std::runtime_error("the request failed half-way");
        });
    } catch (const std::runtime_error &) {
        threw = true;
    }
    QVERIFY(threw);
    QCOMPARE(m_store->inBatch(), batched);
    QCOMPARE(checkOut(u"lic"_s, u"second@ws"_s), Granted::Granted);
    if (batched)
        m_store->commitBatch();
    QVERIFY(!m_store->inBatch());

    QCOMPARE(holders(u"lic"_s), (QStringList {u"first@ws"_s, u"second@ws"_s}));
    QVERIFY(!m_store->lease(u"lic"_s, u"ghost-seat"_s));
    QCOMPARE(checkOut(u"lic"_s, u"third@ws"_s), Granted::NoSeatsAvailable);

    // What was committed is on disk, not only in this connection's view of it.
    m_seats.reset();
    m_store.reset();
    m_store = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
    QString error;
    QVERIFY2(m_store->open(&error), qPrintable(error));
    QCOMPARE(holders(u"lic"_s), (QStringList {u"first@ws"_s, u"second@ws"_s}));
}

void TestGroupCommit::failedUnitDoesNotLeaveLicenseChangeInCache_data()
{
    QTest::addColumn<bool>("batched");

    QTest::newRow("units of one batch") << true;
    QTest::newRow("one transaction each") << false;
}

void TestGroupCommit::failedUnitDoesNotLeaveLicenseChangeInCache()
{
    QFETCH(bool, batched);
    QVERIFY(addLicense(u"lic"_s, 1));
    const auto before = m_store->license(u"lic"_s); // also puts it in the cache
    QVERIFY(before);
    QCOMPARE(before->policy.seatCount(), 1);

    if (batched)
        m_store->beginBatch();
    // A change of the license that failed after updateLicense(): the cache must not keep the
    // five seats the database never got.
    bool threw = false;
    try {
        m_store->withLicense(u"lic"_s, [&] {
            LicenseRecord changed = *before;
            changed.name = u"changed"_s;
            changed.policy = *SeatPolicy::create(5, 60s, 5s, 15s);
            changed.lastGeneration += 1000;
            m_store->updateLicense(changed);
            throw std::runtime_error("the change failed half-way");
        });
    } catch (const std::runtime_error &) {
        threw = true;
    }
    QVERIFY(threw);

    const auto after = m_store->license(u"lic"_s);
    QVERIFY(after);
    QCOMPARE(after->name, before->name);
    QCOMPARE(after->policy.seatCount(), 1);
    QCOMPARE(after->lastGeneration, before->lastGeneration);

    SeatLease lease;
    QCOMPARE(checkOut(u"lic"_s, u"first@ws"_s, &lease), Granted::Granted);
    QCOMPARE(lease.generation, before->lastGeneration + 1);
    QCOMPARE(checkOut(u"lic"_s, u"second@ws"_s), Granted::NoSeatsAvailable);
    if (batched)
        m_store->commitBatch();

    QCOMPARE(m_seats->licenses().value(0).seatCount, 1);
    QCOMPARE(liveSeats(u"lic"_s), 1);
    QCOMPARE(checkOut(u"lic"_s, u"third@ws"_s), Granted::NoSeatsAvailable);
}

void TestGroupCommit::plannedRenewalStoredOnlyIfSeatUnchangedAndLive_data()
{
    QTest::addColumn<Meanwhile>("meanwhile");
    QTest::addColumn<bool>("stored");

    QTest::newRow("nothing happens: renewed") << Meanwhile::Nothing << true;
    QTest::newRow("seat released: not brought back") << Meanwhile::Released << false;
    QTest::newRow("seat revoked: not brought back") << Meanwhile::Revoked << false;
    QTest::newRow("past expiresAt + skew: not extended") << Meanwhile::ExpiredPastSkew << false;
    QTest::newRow("renewed by another heartbeat: not overwritten") << Meanwhile::RenewedByHeartbeat << false;
}

void TestGroupCommit::plannedRenewalStoredOnlyIfSeatUnchangedAndLive()
{
    QFETCH(Meanwhile, meanwhile);
    QFETCH(bool, stored);
    using Heartbeat = SeatService::HeartbeatResult::Outcome;

    // One seat: whoever gets it while the renewal is being signed must stay its only holder.
    QVERIFY(addLicense(u"lic"_s, 1));
    SeatLease seat;
    QCOMPARE(checkOut(u"lic"_s, u"holder@ws"_s, &seat), Granted::Granted);
    m_clock->advance(50s); // a late heartbeat: 10 s before expiresAt, 15 s before it stops counting

    auto plan = m_seats->planRenewal(u"lic"_s, seat.seatId);
    QVERIFY(plan);
    QCOMPARE(plan->current.expiresAt, seat.expiresAt);
    QCOMPARE(plan->renewed.expiresAt, m_clock->now().addSecs(60));
    m_seats->signRenewal(*plan);

    SeatLease other;
    SeatLease byHeartbeat;
    switch (meanwhile) {
    case Meanwhile::Nothing:
        m_clock->advance(100ms);
        break;
    case Meanwhile::Released:
        QCOMPARE(m_seats->release(u"lic"_s, seat.seatId, u"test"_s), SeatService::ReleaseOutcome::Released);
        QCOMPARE(checkOut(u"lic"_s, u"other@ws"_s, &other), Granted::Granted);
        break;
    case Meanwhile::Revoked:
        QCOMPARE(m_seats->revoke(u"lic"_s, seat.seatId, u"test"_s, 0s, u"test"_s).outcome,
                 SeatService::RevokeResult::Outcome::Revoked);
        QCOMPARE(checkOut(u"lic"_s, u"other@ws"_s, &other), Granted::Granted);
        break;
    case Meanwhile::ExpiredPastSkew:
        // The row is still there, unchanged, but the seat stopped counting and went to another
        // holder: storing the renewal now would hand out the one seat twice.
        m_clock->advance(15s + 1ms);
        QCOMPARE(checkOut(u"lic"_s, u"other@ws"_s, &other), Granted::Granted);
        QVERIFY(m_store->lease(u"lic"_s, seat.seatId));
        break;
    case Meanwhile::RenewedByHeartbeat: {
        m_clock->advance(1s);
        const auto result = m_seats->heartbeat(u"lic"_s, seat.seatId, u"test"_s);
        QCOMPARE(result.outcome, Heartbeat::Renewed);
        byHeartbeat = result.lease;
        QCOMPARE_GT(byHeartbeat.expiresAt, plan->renewed.expiresAt);
        break;
    }
    }

    QCOMPARE(m_seats->completeRenewal(*plan), stored);

    const auto verifier = LeaseVerifier::fromPublicKey(m_signer->publicKey());
    QVERIFY(verifier);
    const auto row = m_store->lease(u"lic"_s, seat.seatId);
    QVERIFY(liveSeats(u"lic"_s) <= 1);
    switch (meanwhile) {
    case Meanwhile::Nothing:
        QVERIFY(row);
        QCOMPARE(row->lease.expiresAt, plan->renewed.expiresAt);
        QCOMPARE(row->lease.issuedAt, plan->renewed.issuedAt);
        QCOMPARE(row->lease.signature, plan->renewed.signature);
        QCOMPARE(row->lease.generation, seat.generation);
        QVERIFY(verifier->verify(row->lease));
        QCOMPARE(liveSeats(u"lic"_s), 1);
        // The renewed seat counts to its new expiry: past the old one, nobody else gets it.
        m_clock->advance(30s);
        QCOMPARE(checkOut(u"lic"_s, u"other@ws"_s), Granted::NoSeatsAvailable);
        break;
    case Meanwhile::Released:
    case Meanwhile::Revoked:
    case Meanwhile::ExpiredPastSkew:
        if (meanwhile == Meanwhile::ExpiredPastSkew) {
            QVERIFY(row);
            QCOMPARE(row->lease.expiresAt, seat.expiresAt);
            QCOMPARE(row->lease.signature, seat.signature);
        } else {
            QVERIFY(!row);
        }
        QCOMPARE(holders(u"lic"_s).contains(u"other@ws"_s), true);
        QCOMPARE(liveSeats(u"lic"_s), 1);
        // The client falls back to heartbeat(), which must tell it the seat is gone.
        QCOMPARE(m_seats->heartbeat(u"lic"_s, seat.seatId, u"test"_s).outcome, Heartbeat::SeatLost);
        QCOMPARE(liveSeats(u"lic"_s), 1);
        if (meanwhile != Meanwhile::ExpiredPastSkew)
            QVERIFY(!m_store->lease(u"lic"_s, seat.seatId));
        QVERIFY(verifier->verify(m_store->lease(u"lic"_s, other.seatId).value().lease));
        break;
    case Meanwhile::RenewedByHeartbeat: {
        // The newer renewal, already answered to the client, stays; the planned one is dropped.
        QVERIFY(row);
        QCOMPARE(row->lease.expiresAt, byHeartbeat.expiresAt);
        QCOMPARE(row->lease.signature, byHeartbeat.signature);
        m_clock->advance(1s);
        const auto later = m_seats->heartbeat(u"lic"_s, seat.seatId, u"test"_s);
        QCOMPARE(later.outcome, Heartbeat::Renewed);
        QCOMPARE(later.lease.expiresAt, m_clock->now().addSecs(60));
        QCOMPARE(m_store->lease(u"lic"_s, seat.seatId).value().lease.expiresAt, later.lease.expiresAt);
        QVERIFY(verifier->verify(later.lease));
        break;
    }
    }
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestGroupCommit)
#include "tst_groupcommit.moc"
