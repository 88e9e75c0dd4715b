#include "HttpBurst.h"
#include "LeaseJson.h"
#include "LeaseServer.h"
#include "LeaseSigner.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "Metrics.h"
#include "SecretBuffer.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "access/AccessService.h"
#include "http/HttpApi.h"
#include "http/RequestTurn.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "store/SqliteLeaseStore.h"
#include "wire/UsageReport.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

using namespace keyright::server;

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
    // The state of the seat a heartbeat is sent for.
    enum class Beat { Live, ExpiredPastSkew, UnknownSeat, UnknownLicense, ReleasedBefore };
    Q_ENUM(Beat)

private Q_SLOTS:
    void init();
    void cleanup();

    void failedUnitLeavesNoRowsAndOthersStay_data();
    void failedUnitLeavesNoRowsAndOthersStay();
    void failedUnitDoesNotLeaveLicenseChangeInCache_data();
    void failedUnitDoesNotLeaveLicenseChangeInCache();
    void plannedRenewalStoredOnlyIfSeatUnchangedAndLive_data();
    void plannedRenewalStoredOnlyIfSeatUnchangedAndLive();
    void deferredHeartbeatAnsweredFromWhatIsStored_data();
    void deferredHeartbeatAnsweredFromWhatIsStored();
    void failedCommitKeepsNoUnitOfTheBatch();
    void failedCommitAnswersEveryChangeWith500();
    void renewalAnswersAreWhatIsStored();
    void singleHeartbeatAnswersAndStoresAsABatchedOne_data();
    void singleHeartbeatAnswersAndStoresAsABatchedOne();
    void turnAnswersOnlyOnceCommitted();
    void whatIfLeavesHeartbeatsAnswered();

private:
    // License `id` with TTL 60 s, skew 5 s, grace 15 s.
    bool addLicense(const QString &id, int seatCount);
    SeatService::CheckoutResult::Outcome checkOut(const QString &licenseId, const QString &holder,
                                                  SeatLease *lease = nullptr);
    QStringList holders(const QString &licenseId);
    int liveSeats(const QString &licenseId);
    // Makes every COMMIT on the connection to `databaseFile` fail from now on (or no longer) when
    // its transaction changed a lease, a license or the event log.
    static bool breakCommits(const QString &databaseFile, bool broken);
    bool startServer();
    QByteArray admin() const { return "Bearer " + m_adminToken; }
    QJsonObject listing();
    // License "acme" on the running server (TTL 60 s, skew 5 s, grace 15 s); its "License <key>"
    // authorization, empty when it could not be made.
    QByteArray createAcme(int seatCount);
    // The server started with acme's two seats, alice@ws holding one since 20 s ago.
    bool serveAcmeWithAlice(QByteArray *key, std::optional<SeatLease> *alice);
    ApiRequest clientRequest(const QByteArray &method, const QString &path, const QByteArray &body = {}) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<SqliteLeaseStore> m_store;
    std::unique_ptr<LeaseSigner> m_signer;
    std::unique_ptr<SeatService> m_seats;

    std::unique_ptr<TestServer> m_fixture;
    LeaseServer *m_server = nullptr; // the fixture's, for the tests that reach inside
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_adminToken;
    QByteArray m_licenseKey; // "License <key>" of the license addLicense() made last
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
    m_http.reset();
    m_server = nullptr;
    m_fixture.reset();
    m_seats.reset();
    m_signer.reset();
    m_store.reset();
    m_clock.reset();
    m_dir.reset();
}

bool TestGroupCommit::addLicense(const QString &id, int seatCount)
{
    const LicenseSpec spec {id, id, seatCount, 60, 5, 15};
    const auto created = LicenseAdmin(*m_store, *m_clock).putLicense(id, spec, u"test"_s);
    m_licenseKey = "License " + created.key.toLatin1();
    return created.outcome == LicenseAdmin::PutLicenseResult::Outcome::Created;
}

ApiRequest TestGroupCommit::clientRequest(const QByteArray &method, const QString &path, const QByteArray &body) const
{
    ApiRequest request;
    request.method = method;
    request.path = path;
    request.authorization = m_licenseKey;
    request.body = body;
    request.remoteAddress = QHostAddress::LocalHost;
    return request;
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

bool TestGroupCommit::breakCommits(const QString &databaseFile, bool broken)
{
    // A deferred foreign key is checked at COMMIT only: each change of the gated tables adds a
    // row that points nowhere, so the store's own COMMIT fails, as a full disk would make it.
    const QStringList gated {u"leases"_s, u"licenses"_s, u"events"_s};
    QStringList statements;
    if (broken) {
        statements << u"CREATE TABLE IF NOT EXISTS test_commit_gate (id INTEGER PRIMARY KEY)"_s
                   << u"CREATE TABLE IF NOT EXISTS test_commit_breaker (gate INTEGER "
                      "REFERENCES test_commit_gate(id) DEFERRABLE INITIALLY DEFERRED)"_s;
        for (const QString &table : gated) {
            for (const QString &change : {u"INSERT"_s, u"UPDATE"_s, u"DELETE"_s})
                statements << u"CREATE TEMP TRIGGER IF NOT EXISTS test_break_%1_%2 AFTER %2 ON main.%1 "
                              "BEGIN INSERT INTO test_commit_breaker VALUES (1); END"_s.arg(table, change);
        }
    } else {
        for (const QString &table : gated) {
            for (const QString &change : {u"INSERT"_s, u"UPDATE"_s, u"DELETE"_s})
                statements << u"DROP TRIGGER IF EXISTS temp.test_break_%1_%2"_s.arg(table, change);
        }
    }
    for (const QString &name : QSqlDatabase::connectionNames()) {
        QSqlDatabase db = QSqlDatabase::database(name, false);
        if (QDir::cleanPath(db.databaseName()) != QDir::cleanPath(databaseFile))
            continue;
        QSqlQuery query(db);
        for (const QString &statement : std::as_const(statements)) {
            if (!query.exec(statement)) {
                qWarning("%s: %s", qPrintable(statement), qPrintable(query.lastError().text()));
                return false;
            }
        }
        return true;
    }
    qWarning("no open connection to %s", qPrintable(databaseFile));
    return false;
}

bool TestGroupCommit::startServer()
{
    m_fixture = std::make_unique<TestServer>(
        TestServer::Options {.clock = m_clock.get(), .dataDir = m_dir->filePath(u"server"_s), .reapInterval = 0s});
    QString error;
    if (!m_fixture->start(&error)) {
        qWarning("server did not start: %s", qPrintable(error));
        return false;
    }
    m_server = &m_fixture->leaseServer();
    m_adminToken = m_fixture->adminToken();
    m_http = std::make_unique<TestHttp>(m_server->url());
    return true;
}

QByteArray TestGroupCommit::createAcme(int seatCount)
{
    const auto created = m_http->put(
        u"/v1/licenses/acme"_s,
        {{u"seatCount"_s, seatCount}, {u"ttlSeconds"_s, 60}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 15}},
        admin());
    if (created.status != 201) {
        qWarning("PUT acme: %d %s", created.status, created.body.constData());
        return {};
    }
    return "License " + created.json().value("key"_L1).toString().toLatin1();
}

bool TestGroupCommit::serveAcmeWithAlice(QByteArray *key, std::optional<SeatLease> *alice)
{
    if (!startServer())
        return false;
    *key = createAcme(2);
    if (key->isEmpty())
        return false;
    const auto reply = m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"alice@ws"_s}}, *key);
    *alice = reply.status == 201 ? leaseFromJson(reply.json().value("lease"_L1)) : std::nullopt;
    if (!*alice) {
        qWarning("alice's checkout: %d %s", reply.status, reply.body.constData());
        return false;
    }
    m_clock->advance(20s);
    return true;
}

QJsonObject TestGroupCommit::listing()
{
    const auto reply = m_http->get(u"/v1/licenses/acme/leases"_s, admin());
    return reply.status == 200 ? reply.json() : QJsonObject();
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

void TestGroupCommit::failedCommitKeepsNoUnitOfTheBatch()
{
    QVERIFY(addLicense(u"lic"_s, 2));
    SeatLease first;
    QCOMPARE(checkOut(u"lic"_s, u"first@ws"_s, &first), Granted::Granted);
    QVERIFY(breakCommits(m_store->path(), true));

    m_store->beginBatch();
    SeatLease second;
    QCOMPARE(checkOut(u"lic"_s, u"second@ws"_s, &second), Granted::Granted);
    LicenseSpec more;
    more.given = LicenseSpec::Member::SeatCount; // the rest as it is
    more.seatCount = 5;
    QCOMPARE(LicenseAdmin(*m_store, *m_clock).putLicense(u"lic"_s, more, u"test"_s).outcome,
             LicenseAdmin::PutLicenseResult::Outcome::Updated);
    QCOMPARE(m_seats->release(u"lic"_s, first.seatId, u"test"_s), SeatService::ReleaseOutcome::Released);
    bool threw = false;
    try {
        m_store->commitBatch();
    } catch (const StoreError &) {
        threw = true;
    }
    QVERIFY(threw);
    QVERIFY(!m_store->inBatch());
    QVERIFY(breakCommits(m_store->path(), false));

    // As before the batch: first's seat held, two seats, no second, generation not moved.
    QCOMPARE(holders(u"lic"_s), QStringList {u"first@ws"_s});
    QVERIFY(!m_store->lease(u"lic"_s, second.seatId));
    const auto license = m_store->license(u"lic"_s);
    QVERIFY(license);
    QCOMPARE(license->policy.seatCount(), 2);
    QCOMPARE(license->lastGeneration, first.generation);
    EventQuery query;
    query.kinds = {EventKind::Released};
    QVERIFY(m_seats->events(query).isEmpty());

    SeatLease again;
    QCOMPARE(checkOut(u"lic"_s, u"second@ws"_s, &again), Granted::Granted);
    QCOMPARE(again.generation, first.generation + 1);
    QCOMPARE(checkOut(u"lic"_s, u"third@ws"_s), Granted::NoSeatsAvailable);
}

void TestGroupCommit::failedCommitAnswersEveryChangeWith500()
{
    QByteArray key;
    std::optional<SeatLease> aliceLease;
    QVERIFY(serveAcmeWithAlice(&key, &aliceLease));

    // Every request of the burst changes something, so whichever batches they land in, each
    // batch's COMMIT fails: no client may be told its change was made.
    QVERIFY(breakCommits(QDir(m_server->dataDir()).filePath(u"keyright.sqlite"_s), true));
    const QByteArray seatPath = "/v1/licenses/acme/seats/" + aliceLease->seatId.toLatin1();
    const QList<QByteArray> requests {
        HttpBurst::request("POST", "/v1/licenses/acme/checkout", key, R"({"holder":"bob@ws"})"),
        HttpBurst::request("POST", seatPath + "/heartbeat", key, {}),
        HttpBurst::request("PUT", "/v1/licenses/acme", admin(), R"({"seatCount":5})"),
        HttpBurst::request("POST", "/v1/licenses/acme/checkout", key, R"({"holder":"carol@ws"})"),
        HttpBurst::request("POST", seatPath + "/heartbeat", key, {}),
    };
    const auto replies = HttpBurst::send(QHostAddress::LocalHost, m_server->port(), requests);
    QCOMPARE(replies.size(), requests.size());
    for (const auto &reply : replies)
        QCOMPARE(reply.status, 500);
    QVERIFY(breakCommits(QDir(m_server->dataDir()).filePath(u"keyright.sqlite"_s), false));

    // Nothing of it was kept, not even in the server's memory of the license.
    const QJsonObject after = listing();
    QCOMPARE(after.value("seatCount"_L1).toInt(), 2);
    const QJsonArray leases = after.value("leases"_L1).toArray();
    QCOMPARE(leases.size(), 1);
    QCOMPARE(leaseFromJson(leases.at(0)).value_or(SeatLease()).expiresAt, aliceLease->expiresAt);
    QCOMPARE(m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"bob@ws"_s}}, key).status, 201);
    QCOMPARE(m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"carol@ws"_s}}, key).status, 409);

    const auto renewed = m_http->call("POST", QString::fromLatin1(seatPath) + u"/heartbeat"_s, {}, key);
    QCOMPARE(renewed.status, 200);
    const auto renewedLease = leaseFromJson(renewed.json().value("lease"_L1));
    QVERIFY(renewedLease);
    QCOMPARE(renewedLease->expiresAt, m_clock->now().addSecs(60));
}

void TestGroupCommit::renewalAnswersAreWhatIsStored()
{
    QVERIFY(startServer());
    constexpr int seats = 8;
    const QByteArray key = createAcme(seats);
    QVERIFY(!key.isEmpty());
    QStringList seatIds;
    for (int i = 0; i < seats; ++i) {
        const auto reply = m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"holder%1@ws"_s.arg(i)}}, key);
        QCOMPARE(reply.status, 201);
        seatIds.append(reply.json()["lease"_L1]["seatId"_L1].toString());
    }
    m_clock->advance(20s);

    // Every seat beats at once while the first one is released: the released seat's heartbeat
    // may come before or after the release, but whatever a 200 says must be what is stored.
    QList<QByteArray> requests;
    for (const QString &seatId : std::as_const(seatIds))
        requests.append(
            HttpBurst::request("POST", "/v1/licenses/acme/seats/" + seatId.toLatin1() + "/heartbeat", key, {}));
    requests.append(HttpBurst::request("DELETE", "/v1/licenses/acme/seats/" + seatIds.first().toLatin1(), key, {}));
    const auto replies = HttpBurst::send(QHostAddress::LocalHost, m_server->port(), requests);
    QCOMPARE(replies.size(), requests.size());
    QCOMPARE(replies.last().status, 204);
    QVERIFY2(replies.first().status == 200 || replies.first().status == 410,
             qPrintable(QString::number(replies.first().status)));

    const auto verifier = LeaseVerifier::fromPublicKey(m_server->publicKey());
    QVERIFY(verifier);
    QHash<QString, SeatLease> stored;
    for (const QJsonValue &row : listing().value("leases"_L1).toArray()) {
        const auto lease = leaseFromJson(row);
        QVERIFY(lease);
        stored.insert(lease->seatId, *lease);
    }
    QVERIFY(!stored.contains(seatIds.first()));
    QCOMPARE(stored.size(), seats - 1);
    for (int i = 1; i < seats; ++i) {
        QCOMPARE(replies.at(i).status, 200);
        const auto answered = leaseFromJson(QJsonDocument::fromJson(replies.at(i).body)["lease"_L1]);
        QVERIFY(answered);
        QCOMPARE(answered->seatId, seatIds.at(i)); // each connection gets its own seat's answer
        QVERIFY(verifier->verify(*answered));
        QCOMPARE(answered->expiresAt, m_clock->now().addSecs(60));
        QCOMPARE(stored.value(seatIds.at(i)).expiresAt, answered->expiresAt);
        QCOMPARE(stored.value(seatIds.at(i)).signature, answered->signature);
    }

    // The released seat stays gone and its place is free exactly once.
    const QByteArray lostPath = "/v1/licenses/acme/seats/" + seatIds.first().toLatin1() + "/heartbeat";
    QCOMPARE(m_http->call("POST", QString::fromLatin1(lostPath), {}, key).status, 410);
    QCOMPARE(m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"late@ws"_s}}, key).status, 201);
    QCOMPARE(m_http->post(u"/v1/licenses/acme/checkout"_s, {{u"holder"_s, u"later@ws"_s}}, key).status, 409);
}

void TestGroupCommit::deferredHeartbeatAnsweredFromWhatIsStored_data()
{
    QTest::addColumn<Meanwhile>("meanwhile");
    QTest::addColumn<int>("status");

    QTest::newRow("nothing happens: 200 with the renewed lease") << Meanwhile::Nothing << 200;
    QTest::newRow("seat released: 410") << Meanwhile::Released << 410;
    QTest::newRow("seat revoked: 410") << Meanwhile::Revoked << 410;
    QTest::newRow("past expiresAt + skew: 410") << Meanwhile::ExpiredPastSkew << 410;
    QTest::newRow("renewed by another heartbeat: 200 with a newer lease") << Meanwhile::RenewedByHeartbeat << 200;
}

void TestGroupCommit::deferredHeartbeatAnsweredFromWhatIsStored()
{
    QFETCH(Meanwhile, meanwhile);
    QFETCH(int, status);

    const LicenseSpec spec {u"lic"_s, u"lic"_s, 1, 60, 5, 15};
    const auto created = LicenseAdmin(*m_store, *m_clock).putLicense(u"lic"_s, spec, u"test"_s);
    QCOMPARE(created.outcome, LicenseAdmin::PutLicenseResult::Outcome::Created);
    SeatLease seat;
    QCOMPARE(checkOut(u"lic"_s, u"holder@ws"_s, &seat), Granted::Granted);
    m_clock->advance(50s);

    AccessService access(*m_store, *m_clock);
    Metrics metrics;
    LicenseAdmin licenses(*m_store, *m_clock);
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 0ms, 0);
    HttpApi api({*m_seats, licenses, reaper, access, metrics}, m_signer->publicKey());
    ApiRequest heartbeat;
    heartbeat.method = "POST";
    heartbeat.path = u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(seat.seatId);
    heartbeat.authorization = "License " + created.key.toLatin1();
    heartbeat.remoteAddress = QHostAddress::LocalHost;

    // What a turn does with a heartbeat: planned when it arrives, then signed and stored together
    // with the other renewals of the turn when it ends.
    RequestTurn turn(api, *m_seats, *m_store);
    QList<ApiResponse> responses;
    turn.submit(heartbeat, [&](const ApiResponse &response) { responses.append(response); });
    QVERIFY(responses.isEmpty());
    QCOMPARE(turn.pending(), 1);

    switch (meanwhile) {
    case Meanwhile::Nothing:
        break;
    case Meanwhile::Released:
        QCOMPARE(m_seats->release(u"lic"_s, seat.seatId, u"test"_s), SeatService::ReleaseOutcome::Released);
        break;
    case Meanwhile::Revoked:
        QCOMPARE(m_seats->revoke(u"lic"_s, seat.seatId, u"test"_s, 0s, u"test"_s).outcome,
                 SeatService::RevokeResult::Outcome::Revoked);
        break;
    case Meanwhile::ExpiredPastSkew:
        m_clock->advance(15s + 1ms);
        break;
    case Meanwhile::RenewedByHeartbeat:
        m_clock->advance(1s);
        QCOMPARE(m_seats->heartbeat(u"lic"_s, seat.seatId, u"test"_s).outcome,
                 SeatService::HeartbeatResult::Outcome::Renewed);
        m_clock->advance(1s);
        break;
    }

    turn.finish();
    QCOMPARE(responses.size(), 1);
    const ApiResponse &response = responses.first();
    QCOMPARE(response.status, status);
    const auto row = m_store->lease(u"lic"_s, seat.seatId);
    if (status == 200) {
        // The lease the client is given is the stored one, whichever renewal stored it.
        const auto lease = leaseFromJson(QJsonDocument::fromJson(response.body)["lease"_L1]);
        QVERIFY(lease);
        QVERIFY(row);
        QCOMPARE(lease->expiresAt, row->lease.expiresAt);
        QCOMPARE(lease->signature, row->lease.signature);
        QCOMPARE(lease->expiresAt, m_clock->now().addSecs(60));
    } else {
        QVERIFY(!row || row->lease.expiresAt == seat.expiresAt);
    }
}

void TestGroupCommit::singleHeartbeatAnswersAndStoresAsABatchedOne_data()
{
    QTest::addColumn<Beat>("beat");
    QTest::addColumn<int>("status");

    QTest::newRow("live seat: 200, renewed") << Beat::Live << 200;
    QTest::newRow("past expiresAt + skew: 410, refusal recorded") << Beat::ExpiredPastSkew << 410;
    QTest::newRow("unknown seat: 410, refusal recorded") << Beat::UnknownSeat << 410;
    QTest::newRow("unknown license: 404") << Beat::UnknownLicense << 404;
    QTest::newRow("released earlier in the turn: 410") << Beat::ReleasedBefore << 410;
}

void TestGroupCommit::singleHeartbeatAnswersAndStoresAsABatchedOne()
{
    QFETCH(Beat, beat);
    QFETCH(int, status);

    // Two stores with the same rows and the same signing key: one answers the heartbeat on its
    // own (HttpApi::handle, SeatService::heartbeat), the other in a turn among the renewals of
    // other seats. A client must not be able to tell them apart, and neither may the database.
    QVERIFY(addLicense(u"lic"_s, 4));
    SeatLease seat;
    QCOMPARE(checkOut(u"lic"_s, u"holder@ws"_s, &seat), Granted::Granted);
    m_clock->advance(30s); // the other seats outlive this one by 30 s
    QStringList others;
    for (const QString &holder : {u"left@ws"_s, u"right@ws"_s}) {
        SeatLease other;
        QCOMPARE(checkOut(u"lic"_s, holder, &other), Granted::Granted);
        others.append(other.seatId);
    }
    m_seats.reset();
    m_store.reset();
    const QString twinFile = m_dir->filePath(u"twin.sqlite"_s);
    QVERIFY(QFile::copy(m_dir->filePath(u"keyright.sqlite"_s), twinFile));
    m_store = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
    SqliteLeaseStore twin(twinFile);
    QString error;
    QVERIFY2(m_store->open(&error), qPrintable(error));
    QVERIFY2(twin.open(&error), qPrintable(error));
    m_seats = std::make_unique<SeatService>(*m_store, *m_signer, *m_clock);
    SeatService twinSeats(twin, *m_signer, *m_clock);
    AccessService access(*m_store, *m_clock);
    AccessService twinAccess(twin, *m_clock);
    Metrics metrics;
    Metrics twinMetrics;
    LicenseAdmin licenses(*m_store, *m_clock);
    LicenseAdmin twinLicenses(twin, *m_clock);
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 0ms, 0);
    LeaseReaper twinReaper(twinSeats, twin, nullptr, 0ms, 0);
    HttpApi single({*m_seats, licenses, reaper, access, metrics}, m_signer->publicKey());
    HttpApi batched({twinSeats, twinLicenses, twinReaper, twinAccess, twinMetrics}, m_signer->publicKey());

    m_clock->advance(beat == Beat::ExpiredPastSkew ? 35s + 1ms : 20s);
    const QString license = beat == Beat::UnknownLicense ? u"nope"_s : u"lic"_s;
    const QString seatId = beat == Beat::UnknownSeat ? u"0123456789abcdef0123456789abcdef"_s : seat.seatId;
    const ApiRequest heartbeat = clientRequest("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(license, seatId));
    QList<ApiRequest> before;
    if (beat == Beat::ReleasedBefore)
        before.append(clientRequest("DELETE", u"/v1/licenses/lic/seats/%1"_s.arg(seat.seatId)));
    before.append(clientRequest("POST", u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(others.first())));
    const ApiRequest after = clientRequest("POST", u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(others.last()));

    QList<ApiResponse> alone;
    for (const ApiRequest &request : std::as_const(before))
        alone.append(single.handle(request));
    alone.append(single.handle(heartbeat));
    alone.append(single.handle(after));

    RequestTurn turn(batched, twinSeats, twin);
    QList<ApiResponse> together;
    const auto collect = [&](const ApiResponse &response) { together.append(response); };
    for (const ApiRequest &request : std::as_const(before))
        turn.submit(request, collect);
    turn.submit(heartbeat, collect);
    turn.submit(after, collect);
    turn.finish();

    QCOMPARE(together.size(), alone.size());
    QCOMPARE(alone.at(before.size()).status, status);
    for (qsizetype i = 0; i < alone.size(); ++i) {
        QCOMPARE(together.at(i).status, alone.at(i).status);
        QCOMPARE(together.at(i).body, alone.at(i).body); // the same lease, to the signature
        QCOMPARE(together.at(i).headers, alone.at(i).headers);
    }
    if (status == 200) {
        const auto lease = leaseFromJson(QJsonDocument::fromJson(alone.at(before.size()).body)["lease"_L1]);
        QVERIFY(lease);
        QCOMPARE(lease->expiresAt, m_clock->now().addSecs(60));
    }

    const auto rows = [](SqliteLeaseStore &store) {
        QStringList described;
        for (const StoredLease &row : store.leases(u"lic"_s))
            described.append(u"%1 %2 %3 %4 %5 %6"_s.arg(row.lease.seatId, row.lease.holder)
                                 .arg(row.lease.generation)
                                 .arg(row.lease.issuedAt.toMSecsSinceEpoch())
                                 .arg(row.lease.expiresAt.toMSecsSinceEpoch())
                                 .arg(QString::fromLatin1(row.lease.signature.toHex())));
        described.sort();
        return described;
    };
    QCOMPARE(rows(twin), rows(*m_store));
    const auto events = [](SqliteLeaseStore &store) {
        QStringList described;
        for (const EventRecord &event : store.events(EventQuery {}))
            described.append(u"%1 %2 %3 %4 %5 %6 %7 %8"_s.arg(event.seq)
                                 .arg(event.time.toMSecsSinceEpoch())
                                 .arg(toWire(event.kind), event.licenseId, event.seatId, event.holder, event.actor,
                                      QString::fromUtf8(QJsonDocument(event.detail).toJson(QJsonDocument::Compact))));
        return described;
    };
    QCOMPARE(events(twin), events(*m_store));
    EventQuery refusals;
    refusals.kinds = {EventKind::RenewRefused};
    QCOMPARE(twin.events(refusals).size(), beat == Beat::Live || beat == Beat::UnknownLicense ? 0 : 1);
}

void TestGroupCommit::turnAnswersOnlyOnceCommitted()
{
    QVERIFY(addLicense(u"lic"_s, 2));
    SeatLease seat;
    QCOMPARE(checkOut(u"lic"_s, u"holder@ws"_s, &seat), Granted::Granted);
    m_clock->advance(20s);
    AccessService access(*m_store, *m_clock);
    Metrics metrics;
    LicenseAdmin licenses(*m_store, *m_clock);
    LeaseReaper reaper(*m_seats, *m_store, nullptr, 0ms, 0);
    HttpApi api({*m_seats, licenses, reaper, access, metrics}, m_signer->publicKey());
    RequestTurn turn(api, *m_seats, *m_store);

    // Each answer notes whether the store was still inside the turn's transaction when it came.
    QList<int> statuses;
    QList<bool> answeredInBatch;
    const auto collect = [&](const ApiResponse &response) {
        statuses.append(response.status);
        answeredInBatch.append(m_store->inBatch());
    };
    turn.submit(clientRequest("POST", u"/v1/licenses/lic/checkout"_s, R"({"holder":"second@ws"})"), collect);
    turn.submit(clientRequest("POST", u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(seat.seatId)), collect);
    turn.submit(clientRequest("POST", u"/v1/licenses/lic/checkout"_s, R"({"holder":"third@ws"})"), collect);
    turn.submit(clientRequest("GET", u"/v1/health"_s), collect);
    QVERIFY(statuses.isEmpty());
    QCOMPARE(turn.pending(), 4);
    QVERIFY(m_store->inBatch());
    turn.finish();
    QCOMPARE(statuses, (QList<int> {201, 200, 409, 200})); // in the order they came
    QCOMPARE(answeredInBatch, (QList<bool> {false, false, false, false}));
    QCOMPARE(turn.pending(), 0);
    QCOMPARE(m_store->lease(u"lic"_s, seat.seatId).value().lease.expiresAt, m_clock->now().addSecs(60));

    // A full turn ends at once, without waiting for the event loop.
    statuses.clear();
    answeredInBatch.clear();
    for (int i = 0; i < RequestTurn::maxRequests - 1; ++i)
        turn.submit(clientRequest("POST", u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(seat.seatId)), collect);
    QVERIFY(statuses.isEmpty());
    turn.submit(clientRequest("GET", u"/v1/time"_s), collect);
    QCOMPARE(statuses.size(), RequestTurn::maxRequests);
    QVERIFY(std::all_of(statuses.cbegin(), statuses.cend(), [](int status) { return status == 200; }));
    QVERIFY(!answeredInBatch.contains(true));
    QCOMPARE(turn.pending(), 0);

    // The turn also ends when the event loop comes back.
    statuses.clear();
    turn.submit(clientRequest("POST", u"/v1/licenses/lic/seats/%1/heartbeat"_s.arg(seat.seatId)), collect);
    QVERIFY(statuses.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(statuses, QList<int> {200}, 5000);
    QVERIFY(!m_store->inBatch());
}

// A what-if replay computes for up to a second of a large license's months; meanwhile the server answers heartbeats,
// and a flood of reports is refused with a clear 503 rather than queued without bound.
void TestGroupCommit::whatIfLeavesHeartbeatsAnswered()
{
    QByteArray key;
    std::optional<SeatLease> lease;
    QVERIFY(serveAcmeWithAlice(&key, &lease));

    // The pool's one thread is held, as a long replay would hold it.
    RequestTurn *turn = m_server->requestTurn();
    QVERIFY(turn);
    turn->backgroundPool().setMaxThreadCount(1);
    QSemaphore held, release;
    turn->backgroundPool().start([&] {
        held.release();
        release.acquire();
    });
    held.acquire();
    bool released = false;
    const auto unblock = qScopeGuard([&] {
        if (!released)
            release.release(); // a failed check must not leave the server's pool held at teardown
    });

    // A manager for each report: one manager opens at most six connections to a host.
    std::vector<std::unique_ptr<QNetworkAccessManager>> networks;
    const auto ask = [&] {
        QNetworkRequest request(m_server->url().resolved(QUrl(u"/v1/licenses/acme/usage/what-if"_s)));
        request.setRawHeader("Authorization", admin());
        return networks.emplace_back(std::make_unique<QNetworkAccessManager>())->get(request);
    };
    std::unique_ptr<QNetworkReply> whatIf(ask());
    QTRY_COMPARE_WITH_TIMEOUT(turn->backgroundRunning(), 1, 5000);

    const auto beat = m_http->post(u"/v1/licenses/acme/seats/%1/heartbeat"_s.arg(lease->seatId), {}, key);
    QCOMPARE(beat.status, 200);
    QVERIFY(!whatIf->isFinished());

    // More reports than the turn keeps waiting: the one too many is told to come back.
    std::vector<std::unique_ptr<QNetworkReply>> more;
    for (int i = 1; i < RequestTurn::maxBackground; ++i)
        more.emplace_back(ask());
    QTRY_COMPARE_WITH_TIMEOUT(turn->backgroundRunning(), RequestTurn::maxBackground, 5000);
    const auto refused = m_http->get(u"/v1/licenses/acme/usage/what-if"_s, admin());
    QCOMPARE(refused.status, 503);
    QCOMPARE(refused.errorCode(), u"server_busy"_s);
    QCOMPARE(refused.header("Retry-After"), QByteArray("1"));
    QVERIFY(!whatIf->isFinished());

    released = true;
    release.release();
    QTRY_VERIFY_WITH_TIMEOUT(whatIf->isFinished(), 10000);
    QCOMPARE(whatIf->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    const auto report = WhatIfReport::fromJson(QJsonDocument::fromJson(whatIf->readAll()).object());
    QVERIFY(report);
    QCOMPARE(report->seatsOwned, 2);
    QVERIFY(report->row(2));
    QCOMPARE(report->row(2)->granted, 1); // alice's checkout, an hour ago
    for (const auto &reply : more)
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
    QCOMPARE(turn->backgroundRunning(), 0);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestGroupCommit)
#include "tst_groupcommit.moc"
