// AdminClient against the real lease server, and the pure decoders of the admin API's bodies
// against malformed replies.
//
// The server runs as a process (ServerProcess) rather than in this one, so the client talks to the
// binary that ships, over real sockets. (The types both sides share, HolderBlock and EventRecord
// among them, are core's now: see core/wire.) Each test uses its own license so they share one
// server.

#include "AdminClient.h"
#include "AdminJson.h"
#include "Crypto.h"
#include "LeaseJson.h"
#include "LeaseSigner.h"
#include "SecretBuffer.h"
#include "ServerProcess.h"
#include "SkewedClock.h"
#include "SystemClock.h"
#include "TestCertificates.h"
#include "Timestamps.h"
#include "TlsTrust.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

class TestAdminClient final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void healthReportsTheServerVersion();
    void publicKeyIsFetchedOnceAndPinnable();
    void statsAnswersWithAnObjectOrSaysWhyNot();
    void createListAndUpdateALicense();
    void invalidLicenseValueNamesTheField_data();
    void invalidLicenseValueNamesTheField();
    void errorsAreMappedWithTheServersMessage_data();
    void errorsAreMappedWithTheServersMessage();
    void leaseRowsCarryVerifiedSignatures();
    void leaseRowsSignedByAnotherKeyAreMarkedInvalid();
    void revokeFreesTheSeatAndRecordsTheBlock();
    void reapDryRunListsWithoutDeleting();
    void eventsPageInOrderAndFilterByKind();
    void rotateKeyRetiresTheOldKey();
    void measureClockUsesTheRoundTripMidpoint();
    void stoppedServerIsATransportError();
    void silentServerTimesOut();
    void callbackSkippedWhenContextIsGone();
    void destructorAbortsInFlightRequests();
    void tokensCreateListWhoamiAndRevoke();
    void viewerIsForbiddenWithTheRoleNamed();
    void httpsCertificateTrustedOnFirstUseAndChangesRefused();

    void decodeLeaseListRejectsMalformedRows_data();
    void decodeLeaseListRejectsMalformedRows();
    void decodeLicenseListRejectsMalformedRows_data();
    void decodeLicenseListRejectsMalformedRows();
    void decodeEventPageRejectsMalformedPages_data();
    void decodeEventPageRejectsMalformedPages();
    void decodeErrorReplyKeepsTheServersWords_data();
    void decodeErrorReplyKeepsTheServersWords();
    void decodeTokenListRejectsMalformedTokens_data();
    void decodeTokenListRejectsMalformedTokens();

private:
    template <typename T, typename Start>
    AdminResult<T> wait(Start start, std::chrono::milliseconds timeout = 5s)
    {
        std::optional<AdminResult<T>> got;
        start([&got](const AdminResult<T> &result) { got = result; });
        if (!QTest::qWaitFor([&got] { return got.has_value(); }, int(timeout.count()))) {
            AdminResult<T> timedOut;
            timedOut.error.kind = ClientError::Kind::Protocol;
            timedOut.error.message = u"test: no callback within the bound"_s;
            return timedOut;
        }
        return *got;
    }

    // A fresh license id per call, so tests sharing the server do not see each other's seats.
    QString nextLicenseId() { return u"lic-%1"_s.arg(++m_licenseCounter); }
    QString createLicense(const QString &id, int seats, qint64 ttl = 60, qint64 skew = 5, qint64 grace = 15);
    // POST checkout as a client would, with the license key; returns the seat id (empty on failure).
    QString checkout(const QString &licenseId, const QString &key, const QString &holder, int *status = nullptr);

    const Clock &m_clock = SystemClock::instance();
    std::unique_ptr<ServerProcess> m_server;
    int m_licenseCounter = 0;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
    QByteArray m_token;
};

void TestAdminClient::initTestCase()
{
    QVERIFY(crypto::init());
    m_server = std::make_unique<ServerProcess>();
    m_server->setExtraArguments({u"--reap-interval"_s, u"0"_s}); // the tests reap when they mean to
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_token = m_server->adminToken();
    QVERIFY(!m_token.isEmpty());
}

void TestAdminClient::cleanupTestCase()
{
    if (m_server)
        m_server->terminate();
    m_server.reset();
}

void TestAdminClient::init()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_admin = std::make_unique<AdminClient>(*m_network, m_clock);
    m_admin->setServerUrl(m_server->url());
    m_admin->setAdminToken(m_token);
    m_admin->setTransferTimeout(5s);
}

void TestAdminClient::cleanup()
{
    m_admin.reset();
    m_network.reset();
}

QString TestAdminClient::createLicense(const QString &id, int seats, qint64 ttl, qint64 skew, qint64 grace)
{
    LicenseSpec spec;
    spec.id = id;
    spec.name = u"License %1"_s.arg(id);
    spec.seatCount = seats;
    spec.ttlSeconds = ttl;
    spec.skewSeconds = skew;
    spec.reapGraceSeconds = grace;
    const auto result = wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); });
    return result.ok() ? result.value->key : QString();
}

QString TestAdminClient::checkout(const QString &licenseId, const QString &key, const QString &holder, int *status)
{
    QUrl url = m_server->url();
    url.setPath(u"/v1/licenses/%1/checkout"_s.arg(licenseId));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", "License " + key.toLatin1());
    request.setTransferTimeout(5000);
    QNetworkReply *reply
        = m_network->post(request, QJsonDocument(QJsonObject {{u"holder"_s, holder}}).toJson(QJsonDocument::Compact));
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 5000))
        return {};
    reply->deleteLater();
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
    return body.value(u"lease"_s).toObject().value(u"seatId"_s).toString();
}

void TestAdminClient::healthReportsTheServerVersion()
{
    const auto result = wait<QString>([&](auto done) { m_admin->health(this, done); });
    QVERIFY2(result.ok(), qPrintable(result.error.message));
    QVERIFY(!result.value->isEmpty());
}

void TestAdminClient::publicKeyIsFetchedOnceAndPinnable()
{
    QVERIFY(!m_admin->publicKey());
    const auto fetched = wait<LeaseVerifier>([&](auto done) { m_admin->fetchPublicKey(this, done); });
    QVERIFY2(fetched.ok(), qPrintable(fetched.error.message));
    QCOMPARE(fetched.value->publicKey().size(), 32);
    QVERIFY(m_admin->publicKey());
    QCOMPARE(m_admin->publicKey()->publicKey(), fetched.value->publicKey());

    // A pinned key is kept even when the server presents another one.
    const auto pinned = LeaseSigner::generate();
    m_admin->setPublicKey(*LeaseVerifier::fromPublicKey(pinned->publicKey()));
    const auto again = wait<LeaseVerifier>([&](auto done) { m_admin->fetchPublicKey(this, done); });
    QVERIFY(again.ok());
    QCOMPARE(m_admin->publicKey()->publicKey(), pinned->publicKey());
}

void TestAdminClient::statsAnswersWithAnObjectOrSaysWhyNot()
{
    const auto result = wait<StatsSnapshot>([&](auto done) { m_admin->stats(this, done); });
    if (result.ok())
        QVERIFY2(isValidReplicaId(result.value->replicaId), qPrintable(result.value->replicaId));
    if (!result.ok()) {
        // A server without replicated statistics says so; it is not a transport or protocol failure.
        QCOMPARE(result.error.kind, ClientError::Kind::NotFound);
        QVERIFY(!result.error.message.isEmpty());
    }
}

void TestAdminClient::createListAndUpdateALicense()
{
    LicenseSpec spec;
    spec.id = nextLicenseId();
    spec.name = u"ACME CAD"_s;
    spec.seatCount = 10;
    auto created = wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); });
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    QVERIFY(created.value->created);
    QVERIFY(isValidLicenseKey(created.value->key));
    QCOMPARE(created.value->license.seatCount, 10);

    const auto listed = wait<LicenseList>([&](auto done) { m_admin->listLicenses(this, done); });
    QVERIFY2(listed.ok(), qPrintable(listed.error.message));
    const auto it = std::find_if(listed.value->licenses.cbegin(), listed.value->licenses.cend(),
                                 [&spec](const LicenseSummary &license) { return license.id == spec.id; });
    QVERIFY(it != listed.value->licenses.cend());
    QCOMPARE(it->name, u"ACME CAD"_s);
    QCOMPARE(it->seatCount, 10);
    QCOMPARE(it->ttlSeconds, 60);
    QCOMPARE(it->skewSeconds, 5);
    QCOMPARE(it->reapGraceSeconds, 15);
    QCOMPARE(it->inUse, 0);
    QVERIFY(qAbs(listed.value->serverTime.msecsTo(m_clock.now())) < 5000);

    spec.seatCount = 12;
    const auto updated = wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); });
    QVERIFY2(updated.ok(), qPrintable(updated.error.message));
    QVERIFY(!updated.value->created);
    QVERIFY(updated.value->key.isEmpty());
    QCOMPARE(updated.value->license.seatCount, 12);
}

void TestAdminClient::invalidLicenseValueNamesTheField_data()
{
    QTest::addColumn<int>("seats");
    QTest::addColumn<qint64>("ttl");
    QTest::addColumn<qint64>("skew");
    QTest::addColumn<qint64>("grace");
    QTest::addColumn<QString>("field");
    QTest::newRow("no seats") << 0 << qint64(60) << qint64(5) << qint64(15) << u"seatCount"_s;
    QTest::newRow("zero ttl") << 3 << qint64(0) << qint64(5) << qint64(15) << u"ttlSeconds"_s;
    QTest::newRow("grace not above skew") << 3 << qint64(60) << qint64(10) << qint64(10) << u"reapGraceSeconds"_s;
}

void TestAdminClient::invalidLicenseValueNamesTheField()
{
    QFETCH(int, seats);
    QFETCH(qint64, ttl);
    QFETCH(qint64, skew);
    QFETCH(qint64, grace);
    QFETCH(QString, field);
    LicenseSpec spec {nextLicenseId(), u"Bad"_s, seats, ttl, skew, grace};
    const auto result = wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); });
    QVERIFY(!result.ok());
    QCOMPARE(result.error.kind, ClientError::Kind::BadRequest);
    QCOMPARE(result.error.httpStatus, 400);
    QCOMPARE(result.error.code, u"invalid_request"_s);
    QCOMPARE(result.error.field, field);
    QVERIFY(!result.error.message.isEmpty());
}

void TestAdminClient::errorsAreMappedWithTheServersMessage_data()
{
    QTest::addColumn<QString>("route");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::newRow("wrong token") << u"wrong-token"_s << int(ClientError::Kind::Unauthorized) << 401
                                 << u"unauthorized"_s;
    QTest::newRow("unknown license") << u"unknown-license"_s << int(ClientError::Kind::NotFound) << 404
                                     << u"license_not_found"_s;
    QTest::newRow("revoke unknown seat") << u"unknown-seat"_s << int(ClientError::Kind::NotFound) << 404
                                         << u"seat_not_found"_s;
}

void TestAdminClient::errorsAreMappedWithTheServersMessage()
{
    QFETCH(QString, route);
    QFETCH(int, kind);
    QFETCH(int, status);
    QFETCH(QString, code);
    const QString license = nextLicenseId();
    QVERIFY(!createLicense(license, 2).isEmpty());
    ClientError error;
    if (route == u"wrong-token"_s) {
        m_admin->setAdminToken("0000000000000000000000000000000000000000000000000000000000000000");
        error = wait<LicenseList>([&](auto done) { m_admin->listLicenses(this, done); }).error;
    } else if (route == u"unknown-license"_s) {
        error = wait<LeaseList>([&](auto done) { m_admin->listLeases(u"no-such-license"_s, this, done); }).error;
    } else {
        RevokeRequest request;
        request.licenseId = license;
        request.seatId = QString(32, u'a');
        error = wait<AdminClient::Empty>([&](auto done) { m_admin->revoke(request, this, done); }).error;
    }
    QCOMPARE(int(error.kind), kind);
    QCOMPARE(error.httpStatus, status);
    QCOMPARE(error.code, code);
    QVERIFY2(!error.message.isEmpty() && !error.message.startsWith(u"the server answered"_s),
             qPrintable(error.message));
}

void TestAdminClient::leaseRowsCarryVerifiedSignatures()
{
    const QString license = nextLicenseId();
    const QString key = createLicense(license, 3);
    const QString alice = checkout(license, key, u"alice@ws-1"_s);
    const QString bob = checkout(license, key, u"bob@ws-2"_s);
    QVERIFY(isValidSeatId(alice) && isValidSeatId(bob));

    const auto result = wait<LeaseList>([&](auto done) { m_admin->listLeases(license, this, done); });
    QVERIFY2(result.ok(), qPrintable(result.error.message));
    QVERIFY(m_admin->publicKey().has_value()); // learned on first need
    QCOMPARE(result.value->licenseId, license);
    QCOMPARE(result.value->seatCount, 3);
    QCOMPARE(result.value->inUse, 2);
    QCOMPARE(result.value->leases.size(), 2);
    QStringList holders;
    for (const LeaseRow &row : result.value->leases) {
        QVERIFY(row.live);
        QVERIFY2(row.signatureValid, qPrintable(row.lease.seatId));
        QCOMPARE(row.lease.expiresAt, row.lease.issuedAt.addSecs(60));
        QVERIFY(row.reapableAt > row.lease.expiresAt);
        holders.append(row.lease.holder);
    }
    holders.sort();
    QCOMPARE(holders, (QStringList {u"alice@ws-1"_s, u"bob@ws-2"_s}));
}

void TestAdminClient::leaseRowsSignedByAnotherKeyAreMarkedInvalid()
{
    const QString license = nextLicenseId();
    const QString key = createLicense(license, 3);
    QVERIFY(!checkout(license, key, u"alice@ws-1"_s).isEmpty());
    const auto impostor = LeaseSigner::generate();
    m_admin->setPublicKey(*LeaseVerifier::fromPublicKey(impostor->publicKey()));

    const auto result = wait<LeaseList>([&](auto done) { m_admin->listLeases(license, this, done); });
    QVERIFY2(result.ok(), qPrintable(result.error.message));
    QCOMPARE(result.value->leases.size(), 1);
    QVERIFY(!result.value->leases.constFirst().signatureValid);
}

void TestAdminClient::revokeFreesTheSeatAndRecordsTheBlock()
{
    const QString license = nextLicenseId();
    const QString key = createLicense(license, 1);
    const QString seat = checkout(license, key, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());

    RevokeRequest request;
    request.licenseId = license;
    request.seatId = seat;
    request.reason = u"left for the day"_s;
    request.block = 600s;
    const auto revoked = wait<AdminClient::Empty>([&](auto done) { m_admin->revoke(request, this, done); });
    QVERIFY2(revoked.ok(), qPrintable(revoked.error.message));

    const auto leases = wait<LeaseList>([&](auto done) { m_admin->listLeases(license, this, done); });
    QVERIFY2(leases.ok(), qPrintable(leases.error.message));
    QCOMPARE(leases.value->inUse, 0);
    QVERIFY(leases.value->leases.isEmpty());
    QCOMPARE(leases.value->blocks.size(), 1);
    const HolderBlock &block = leases.value->blocks.constFirst();
    QCOMPARE(block.holder, u"alice@ws-1"_s);
    const qint64 blockLeft = leases.value->serverTime.msecsTo(block.until);
    QVERIFY2(blockLeft > 590000 && blockLeft <= 600000, qPrintable(QString::number(blockLeft)));
    QCOMPARE(block.reason, u"left for the day"_s);

    int status = 0;
    checkout(license, key, u"alice@ws-1"_s, &status);
    QCOMPARE(status, 403); // the block sticks
}

void TestAdminClient::reapDryRunListsWithoutDeleting()
{
    // ttl 1 s, no skew, grace 1 s: reapable two seconds after the checkout.
    const QString license = nextLicenseId();
    const QString key = createLicense(license, 2, 1, 0, 1);
    const QString seat = checkout(license, key, u"alice@ws-1"_s);
    QVERIFY(!seat.isEmpty());
    const auto lists = [&seat](const ReapResult &result) {
        return std::any_of(result.seats.cbegin(), result.seats.cend(),
                           [&seat](const ReapedSeat &reaped) { return reaped.seatId == seat; });
    };

    const auto early = wait<ReapResult>([&](auto done) { m_admin->reap(true, this, done); });
    QVERIFY2(early.ok(), qPrintable(early.error.message));
    QVERIFY(!lists(*early.value));

    std::optional<ReapResult> dryRun;
    QVERIFY(QTest::qWaitFor(
        [&] {
            const auto result = wait<ReapResult>([&](auto done) { m_admin->reap(true, this, done); });
            if (result.ok() && lists(*result.value))
                dryRun = result.value;
            return dryRun.has_value();
        },
        6000));
    QVERIFY(dryRun->dryRun);
    QCOMPARE(dryRun->reaped, int(dryRun->seats.size()));
    const ReapedSeat reapable = *std::find_if(dryRun->seats.cbegin(), dryRun->seats.cend(),
                                              [&seat](const ReapedSeat &r) { return r.seatId == seat; });
    QCOMPARE(reapable.holder, u"alice@ws-1"_s);
    QCOMPARE(reapable.licenseId, license);

    auto leases = wait<LeaseList>([&](auto done) { m_admin->listLeases(license, this, done); });
    QCOMPARE(leases.value->leases.size(), 1); // a dry run deletes nothing
    QVERIFY(!leases.value->leases.constFirst().live);

    const auto reaped = wait<ReapResult>([&](auto done) { m_admin->reap(false, this, done); });
    QVERIFY2(reaped.ok(), qPrintable(reaped.error.message));
    QVERIFY(!reaped.value->dryRun);
    QVERIFY(lists(*reaped.value));
    leases = wait<LeaseList>([&](auto done) { m_admin->listLeases(license, this, done); });
    QVERIFY(leases.value->leases.isEmpty());
}

void TestAdminClient::eventsPageInOrderAndFilterByKind()
{
    const QString license = nextLicenseId();
    const QString key = createLicense(license, 1);
    QVERIFY(!checkout(license, key, u"alice@ws-1"_s).isEmpty());
    int status = 0;
    checkout(license, key, u"bob smith+1@ws-2"_s, &status);
    QCOMPARE(status, 409);

    EventQuery query;
    query.licenseId = license;
    query.limit = 2;
    const auto first = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(first.ok(), qPrintable(first.error.message));
    QCOMPARE(first.value->events.size(), 2);
    QCOMPARE(first.value->events.at(0).kind, EventKind::LicenseCreated);
    QCOMPARE(first.value->events.at(1).kind, EventKind::Granted);
    QCOMPARE(first.value->events.at(1).holder, u"alice@ws-1"_s);
    QCOMPARE(first.value->next, first.value->events.at(1).seq);

    query.after = first.value->next;
    const auto second = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(second.ok(), qPrintable(second.error.message));
    QCOMPARE(second.value->events.size(), 1);
    const EventRecord denied = second.value->events.constFirst();
    QCOMPARE(denied.kind, EventKind::Denied);
    QCOMPARE(denied.holder, u"bob smith+1@ws-2"_s);
    QCOMPARE(denied.detail.value(u"holders"_s).toArray().size(), 1);

    query.after = second.value->next;
    const auto empty = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(empty.ok(), qPrintable(empty.error.message));
    QVERIFY(empty.value->events.isEmpty());
    QCOMPARE(empty.value->next, query.after);

    EventQuery filtered;
    filtered.licenseId = license;
    filtered.kinds = {EventKind::Granted, EventKind::Denied};
    filtered.holder = u"bob smith+1@ws-2"_s; // a space and a plus survive the query string
    const auto bobs = wait<EventPage>([&](auto done) { m_admin->events(filtered, this, done); });
    QVERIFY2(bobs.ok(), qPrintable(bobs.error.message));
    QCOMPARE(bobs.value->events.size(), 1);
    QCOMPARE(bobs.value->events.constFirst().seq, denied.seq);
}

void TestAdminClient::rotateKeyRetiresTheOldKey()
{
    const QString license = nextLicenseId();
    const QString oldKey = createLicense(license, 2);
    const auto rotated = wait<QString>([&](auto done) { m_admin->rotateKey(license, this, done); });
    QVERIFY2(rotated.ok(), qPrintable(rotated.error.message));
    QVERIFY(isValidLicenseKey(*rotated.value));
    QVERIFY(*rotated.value != oldKey);
    int status = 0;
    checkout(license, oldKey, u"alice@ws-1"_s, &status);
    QCOMPARE(status, 401);
    QVERIFY(!checkout(license, *rotated.value, u"alice@ws-1"_s).isEmpty());
}

void TestAdminClient::measureClockUsesTheRoundTripMidpoint()
{
    // This machine pretends to run 7 s fast; the server reads the real clock.
    SkewedClock fast(m_clock, 7s);
    AdminClient client(*m_network, fast);
    client.setServerUrl(m_server->url());
    QVERIFY(!client.lastClockOffset());
    const auto result = wait<ClockOffset>([&](auto done) { client.measureClock(this, done); });
    QVERIFY2(result.ok(), qPrintable(result.error.message));
    // Exact up to half the round trip and the server's millisecond truncation.
    const qint64 error = qAbs(result.value->offset.count() + 7000);
    QVERIFY2(error <= result.value->roundTrip.count() / 2 + 2,
             qPrintable(u"offset %1 ms, round trip %2 ms"_s.arg(result.value->offset.count())
                            .arg(result.value->roundTrip.count())));
    QVERIFY(result.value->roundTrip >= 0ms && result.value->roundTrip < 5s);
    QVERIFY(client.lastClockOffset());
    QCOMPARE(client.lastClockOffset()->offset, result.value->offset);
}

void TestAdminClient::stoppedServerIsATransportError()
{
    ServerProcess server;
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const quint16 port = server.port();
    QVERIFY(server.terminate());
    m_admin->setServerUrl(server.url());
    const auto result = wait<LicenseList>([&](auto done) { m_admin->listLicenses(this, done); });
    QVERIFY(!result.ok());
    QCOMPARE(result.error.kind, ClientError::Kind::Transport);
    QCOMPARE(result.error.message, u"connection refused by 127.0.0.1:%1"_s.arg(port));
}

void TestAdminClient::silentServerTimesOut()
{
    QTcpServer silent; // accepts and never answers
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    m_admin->setServerUrl(QUrl(u"http://127.0.0.1:%1"_s.arg(silent.serverPort())));
    m_admin->setTransferTimeout(300ms);
    const auto result = wait<LicenseList>([&](auto done) { m_admin->listLicenses(this, done); });
    QVERIFY(!result.ok());
    QCOMPARE(result.error.kind, ClientError::Kind::Transport);
    QVERIFY2(result.error.message.endsWith(u"timed out after 300 ms"_s), qPrintable(result.error.message));
}

void TestAdminClient::callbackSkippedWhenContextIsGone()
{
    QTcpServer slow;
    QVERIFY(slow.listen(QHostAddress::LocalHost, 0));
    m_admin->setServerUrl(QUrl(u"http://127.0.0.1:%1"_s.arg(slow.serverPort())));
    m_admin->setTransferTimeout(200ms);
    auto context = std::make_unique<QObject>();
    bool called = false;
    m_admin->listLicenses(context.get(), [&called](const AdminResult<LicenseList> &) { called = true; });
    context.reset();
    // The request times out after 200 ms; its answer must not reach the destroyed context.
    QTest::qWait(500);
    QVERIFY(!called);
}

void TestAdminClient::destructorAbortsInFlightRequests()
{
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    auto client = std::make_unique<AdminClient>(*m_network, m_clock);
    client->setServerUrl(QUrl(u"http://127.0.0.1:%1"_s.arg(silent.serverPort())));
    bool called = false;
    client->listLicenses(nullptr, [&called](const AdminResult<LicenseList> &) { called = true; });
    QVERIFY(QTest::qWaitFor([&silent] { return silent.hasPendingConnections(); }, 2000));
    client.reset();
    QTest::qWait(100);
    QVERIFY(!called);
}

namespace {

QByteArray leaseListBody(const QJsonObject &row)
{
    return QJsonDocument(QJsonObject {{u"serverTime"_s, u"2026-11-29T21:00:00.000Z"_s},
                                      {u"seatCount"_s, 3},
                                      {u"inUse"_s, 1},
                                      {u"leases"_s, QJsonArray {row}},
                                      {u"blocks"_s, QJsonArray {}}})
        .toJson();
}

QJsonObject validRow()
{
    SeatLease lease;
    lease.licenseId = u"acme-cad"_s;
    lease.seatId = QString(32, u'a');
    lease.holder = u"alice@ws-1"_s;
    lease.generation = 4;
    lease.issuedAt = *parseTimestamp(u"2026-11-29T21:00:00.000Z");
    lease.expiresAt = *parseTimestamp(u"2026-11-29T21:01:00.000Z");
    lease.signature = QByteArray(64, 'x');
    QJsonObject row = leaseToJson(lease);
    row.insert(u"live"_s, true);
    row.insert(u"reapableAt"_s, u"2026-11-29T21:01:15.001Z"_s);
    return row;
}

QJsonObject with(QJsonObject object, const QString &key, const QJsonValue &value)
{
    if (value.isUndefined())
        object.remove(key);
    else
        object.insert(key, value);
    return object;
}

} // namespace

void TestAdminClient::tokensCreateListWhoamiAndRevoke()
{
    const auto me = wait<AccessTokenInfo>([&](auto done) { m_admin->whoami(this, done); });
    QVERIFY2(me.ok(), qPrintable(me.error.message));
    QCOMPARE(me.value->name, u"bootstrap"_s);
    QCOMPARE(me.value->role, AccessRole::Admin);

    const TokenSpec spec {u"dana"_s, AccessRole::Operator, std::chrono::seconds(90 * 24 * 3600)};
    const auto created = wait<CreatedToken>([&](auto done) { m_admin->createToken(spec, this, done); });
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    QCOMPARE(created.value->token.name, u"dana"_s);
    QCOMPARE(created.value->token.role, AccessRole::Operator);
    const qint64 lifetime = created.value->token.createdAt.secsTo(created.value->token.expiresAt);
    QCOMPARE(lifetime, qint64(90 * 24 * 3600));
    QVERIFY(created.value->secret.startsWith(u"krt-"_s));

    const auto again = wait<CreatedToken>([&](auto done) { m_admin->createToken(spec, this, done); });
    QCOMPARE(again.error.kind, ClientError::Kind::Conflict);
    QCOMPARE(again.error.code, u"token_exists"_s);

    AdminClient dana(*m_network, m_clock);
    dana.setServerUrl(m_server->url());
    dana.setAdminToken(created.value->secret.toLatin1());
    const auto who = wait<AccessTokenInfo>([&](auto done) { dana.whoami(this, done); });
    QVERIFY2(who.ok(), qPrintable(who.error.message));
    QCOMPARE(who.value->name, u"dana"_s);
    QCOMPARE(who.value->role, AccessRole::Operator);

    const auto list = wait<TokenList>([&](auto done) { m_admin->listTokens(this, done); });
    QVERIFY2(list.ok(), qPrintable(list.error.message));
    const auto found = std::find_if(list.value->tokens.cbegin(), list.value->tokens.cend(),
                                    [](const AccessTokenInfo &token) { return token.name == u"dana"_s; });
    QVERIFY(found != list.value->tokens.cend());
    QVERIFY(found->lastUsedAt.isValid()); // dana's whoami above

    const auto revoked = wait<AdminClient::Empty>([&](auto done) { m_admin->revokeToken(u"dana"_s, this, done); });
    QVERIFY2(revoked.ok(), qPrintable(revoked.error.message));
    const auto refused = wait<AccessTokenInfo>([&](auto done) { dana.whoami(this, done); });
    QCOMPARE(refused.error.kind, ClientError::Kind::Unauthorized);
    const auto gone = wait<AdminClient::Empty>([&](auto done) { m_admin->revokeToken(u"dana"_s, this, done); });
    QCOMPARE(gone.error.kind, ClientError::Kind::NotFound);
}

void TestAdminClient::viewerIsForbiddenWithTheRoleNamed()
{
    const TokenSpec spec {u"sam"_s, AccessRole::Viewer, std::nullopt};
    const auto created = wait<CreatedToken>([&](auto done) { m_admin->createToken(spec, this, done); });
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    QVERIFY(!created.value->token.expiresAt.isValid());
    AdminClient sam(*m_network, m_clock);
    sam.setServerUrl(m_server->url());
    sam.setAdminToken(created.value->secret.toLatin1());
    const auto licenses = wait<LicenseList>([&](auto done) { sam.listLicenses(this, done); });
    QVERIFY2(licenses.ok(), qPrintable(licenses.error.message));
    const auto reap = wait<ReapResult>([&](auto done) { sam.reap(true, this, done); });
    QCOMPARE(reap.error.kind, ClientError::Kind::Forbidden);
    QCOMPARE(reap.error.code, u"forbidden"_s);
    QVERIFY2(reap.error.message.contains(u"operator role"_s), qPrintable(reap.error.message));
}

// A server with a self-signed certificate: refused with its fingerprint named and reported for a
// person to confirm; trusted once confirmed; refused, before anything is sent, when it presents
// another certificate later, self-signed or even one an authority the client trusts signed.
void TestAdminClient::httpsCertificateTrustedOnFirstUseAndChangesRefused()
{
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto first = certificates.selfSigned(u"first"_s, &error);
    QVERIFY2(first, qPrintable(error));
    const auto second = certificates.selfSigned(u"second"_s, &error);
    QVERIFY2(second, qPrintable(error));
    const auto issued = certificates.issue(u"issued"_s, &error);
    QVERIFY2(issued, qPrintable(error));
    const auto authorities = TlsTrust::readCaFile(certificates.authority()->certificate, &error);
    QVERIFY2(authorities, qPrintable(error));
    const std::optional<QString> firstPrint = certificates.fingerprint(first->certificate, &error);
    const std::optional<QString> secondPrint = certificates.fingerprint(second->certificate, &error);
    const std::optional<QString> issuedPrint = certificates.fingerprint(issued->certificate, &error);
    QVERIFY2(firstPrint && secondPrint && issuedPrint, qPrintable(error));

    ServerProcess server;
    server.setTls(first->certificate, first->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    AdminClient admin(*m_network, m_clock);
    admin.setServerUrl(server.url());
    admin.setAdminToken(server.adminToken());
    admin.setTransferTimeout(5s);
    QSignalSpy untrusted(&admin, &AdminClient::certificateUntrusted);
    const auto list = [&] { return wait<LicenseList>([&](auto done) { admin.listLicenses(this, done); }); };

    const auto refused = list();
    QCOMPARE(refused.error.kind, ClientError::Kind::Tls);
    QVERIFY2(refused.error.message.contains(u"not trusted"_s) && refused.error.message.contains(*firstPrint),
             qPrintable(refused.error.message + u" / "_s + *firstPrint));
    QVERIFY(!untrusted.isEmpty());
    QCOMPARE(untrusted.constFirst().at(0).toUrl(), server.url());
    QCOMPARE(TlsTrust::fingerprint(untrusted.constFirst().at(1).value<QSslCertificate>()), *firstPrint);

    TlsTrust trust;
    trust.trustCertificate(server.url(), *firstPrint);
    admin.setTlsTrust(trust);
    const auto confirmed = list();
    QVERIFY2(confirmed.ok(), qPrintable(confirmed.error.message));

    // The same address presents another certificate: refused, naming both fingerprints, and not
    // offered for trust again.
    const qsizetype offered = untrusted.size();
    QVERIFY(server.terminate());
    server.setTls(second->certificate, second->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    const auto changed = list();
    QCOMPARE(changed.error.kind, ClientError::Kind::Tls);
    QVERIFY2(changed.error.message.contains(u"changed"_s) && changed.error.message.contains(*firstPrint)
                 && changed.error.message.contains(*secondPrint),
             qPrintable(changed.error.message));
    QCOMPARE(untrusted.size(), offered);

    // Even a certificate an authority the client trusts vouches for.
    QVERIFY(server.terminate());
    server.setTls(issued->certificate, issued->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    trust.addAuthorities(*authorities);
    admin.setTlsTrust(trust);
    const auto vouched = list();
    QCOMPARE(vouched.error.kind, ClientError::Kind::Tls);
    QVERIFY2(vouched.error.message.contains(u"changed"_s) && vouched.error.message.contains(*issuedPrint),
             qPrintable(vouched.error.message));
    // Refused before the request (and the token) left: a command there cannot have happened.
    const auto command = wait<LicenseWriteResult>([&](auto done) {
        admin.putLicense(LicenseSpec {u"tls-probe"_s, u"Probe"_s, 1, 60, 5, 15}, this, done);
    });
    QCOMPARE(command.error.kind, ClientError::Kind::Tls);
    QVERIFY(!command.error.mayHaveHappened);
    // Forgotten, the authority decides.
    trust.forgetCertificate(server.url());
    admin.setTlsTrust(trust);
    const auto byAuthority = list();
    QVERIFY2(byAuthority.ok(), qPrintable(byAuthority.error.message));
    for (const LicenseSummary &license : byAuthority.value->licenses)
        QVERIFY(license.id != u"tls-probe"_s);
    QVERIFY(server.terminate());
}

void TestAdminClient::decodeTokenListRejectsMalformedTokens_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("named");
    const QByteArray good = R"("name":"dana","role":"viewer","createdAt":"2026-11-29T21:00:00.000Z")";
    QTest::newRow("unknown role") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","tokens":[{"name":"a",)"
                                                R"("role":"root","createdAt":"2026-11-29T21:00:00.000Z"}]})")
                                  << u"tokens[0].role"_s;
    QTest::newRow("bad name") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","tokens":[{"name":"A B",)"
                                            R"("role":"viewer","createdAt":"2026-11-29T21:00:00.000Z"}]})")
                              << u"tokens[0].name"_s;
    QTest::newRow("expiry not a timestamp")
        << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","tokens":[{)" + good + R"(,"expiresAt":"soon"}]})")
        << u"tokens[0].expiresAt"_s;
    QTest::newRow("no tokens") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z"})") << u"tokens"_s;
}

void TestAdminClient::decodeTokenListRejectsMalformedTokens()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, named);
    QString error;
    QVERIFY(!adminjson::decodeTokenList(body, &error));
    QVERIFY2(error.startsWith(named), qPrintable(error));
}

void TestAdminClient::decodeLeaseListRejectsMalformedRows_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected"); // what the error must say; empty: decodes

    QTest::newRow("valid row") << leaseListBody(validRow()) << QString();
    QTest::newRow("not json") << QByteArray("<html>") << u"not JSON"_s;
    QTest::newRow("array body") << QByteArray("[]") << u"not a JSON object"_s;
    QTest::newRow("live missing") << leaseListBody(with(validRow(), u"live"_s, QJsonValue::Undefined))
                                  << u"leases[0].live is missing"_s;
    QTest::newRow("live a string") << leaseListBody(with(validRow(), u"live"_s, u"yes"_s))
                                   << u"leases[0].live is not a boolean"_s;
    QTest::newRow("reapableAt without ms")
        << leaseListBody(with(validRow(), u"reapableAt"_s, u"2026-11-29T21:01:15Z"_s))
        << u"leases[0].reapableAt is not an RFC 3339"_s;
    QTest::newRow("generation fractional")
        << leaseListBody(with(validRow(), u"generation"_s, 1.5)) << u"leases[0].generation"_s;
    QTest::newRow("signature short") << leaseListBody(with(validRow(), u"signature"_s, u"AAAA"_s))
                                     << u"leases[0].signature"_s;
    QTest::newRow("another license") << leaseListBody(with(validRow(), u"licenseId"_s, u"render-farm"_s))
                                     << u"leases[0].licenseId is \"render-farm\""_s;
    QTest::newRow("row not an object") << QJsonDocument(QJsonObject {{u"serverTime"_s, u"2026-11-29T21:00:00.000Z"_s},
                                                                     {u"seatCount"_s, 3},
                                                                     {u"inUse"_s, 1},
                                                                     {u"leases"_s, QJsonArray {42}}})
                                              .toJson()
                                       << u"leases[0] is not an object"_s;
    QTest::newRow("seatCount a string") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","seatCount":"3",)"
                                                      R"("inUse":0,"leases":[]})")
                                        << u"seatCount is not a number"_s;
    QTest::newRow("inUse negative") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","seatCount":3,)"
                                                  R"("inUse":-1,"leases":[]})")
                                    << u"inUse is -1"_s;
    QTest::newRow("block without holder")
        << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","seatCount":3,"inUse":0,"leases":[],)"
                      R"("blocks":[{"until":"2026-11-29T21:10:00.000Z"}]})")
        << u"blocks[0].holder is missing"_s;
}

void TestAdminClient::decodeLeaseListRejectsMalformedRows()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    QString error;
    const auto list = adminjson::decodeLeaseList(body, u"acme-cad"_s, &error);
    if (expected.isEmpty()) {
        QVERIFY2(list, qPrintable(error));
        QCOMPARE(list->leases.size(), 1);
        QCOMPARE(list->leases.constFirst().lease.generation, 4u);
        QVERIFY(!list->leases.constFirst().signatureValid); // only AdminClient can say
        return;
    }
    QVERIFY(!list);
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestAdminClient::decodeLicenseListRejectsMalformedRows_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    const QByteArray head = R"({"serverTime":"2026-11-29T21:00:00.000Z","licenses":[)";
    const QByteArray good = R"({"id":"acme-cad","name":"ACME","seatCount":10,"inUse":2,"ttlSeconds":60,)"
                            R"("skewSeconds":5,"reapGraceSeconds":15,"deniedLastHour":0})";
    QTest::newRow("valid") << head + good + "]}" << QString();
    QTest::newRow("serverTime missing") << QByteArray(R"({"licenses":[]})") << u"serverTime is missing"_s;
    QTest::newRow("licenses an object") << QByteArray(R"({"serverTime":"2026-11-29T21:00:00.000Z","licenses":{}})")
                                        << u"licenses is not an array"_s;
    QTest::newRow("bad id") << head + QByteArray(good).replace("acme-cad", "ACME CAD") + "]}"
                            << u"licenses[0].id is not a valid license id"_s;
    QTest::newRow("seatCount fractional") << head + QByteArray(good).replace("\"seatCount\":10", "\"seatCount\":2.5")
            + "]}" << u"licenses[0].seatCount is not an integer"_s;
    QTest::newRow("second row missing ttl") << head + good + "," + QByteArray(good).replace("\"ttlSeconds\":60,", "")
            + "]}" << u"licenses[1].ttlSeconds is missing"_s;
}

void TestAdminClient::decodeLicenseListRejectsMalformedRows()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    QString error;
    const auto list = adminjson::decodeLicenseList(body, &error);
    if (expected.isEmpty()) {
        QVERIFY2(list, qPrintable(error));
        QCOMPARE(list->licenses.size(), 1);
        QCOMPARE(list->licenses.constFirst().inUse, 2);
        return;
    }
    QVERIFY(!list);
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestAdminClient::decodeEventPageRejectsMalformedPages_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    const QByteArray event1 = R"({"seq":1,"time":"2026-11-29T21:00:00.000Z","kind":"granted","licenseId":"a",)"
                              R"("seatId":"s","holder":"h","actor":"client 127.0.0.1","detail":{"generation":1}})";
    const QByteArray event2 = R"({"seq":2,"time":"2026-11-29T21:00:01.000Z","kind":"license_created",)"
                              R"("licenseId":"a","seatId":null,"holder":null,"actor":"admin 127.0.0.1","detail":{}})";
    QTest::newRow("valid") << R"({"events":[)" + event1 + "," + event2 + R"(],"next":2})" << QString();
    QTest::newRow("next missing") << R"({"events":[)" + event1 + "]}" << u"next is missing"_s;
    QTest::newRow("not ascending") << R"({"events":[)" + event2 + "," + event1 + R"(],"next":2})"
                                   << u"events[1].seq is not ascending"_s;
    QTest::newRow("next behind") << R"({"events":[)" + event1 + "," + event2 + R"(],"next":1})"
                                 << u"next is 1, before the last event"_s;
    QTest::newRow("kind empty") << R"({"events":[)" + QByteArray(event1).replace("\"granted\"", "\"\"")
            + R"(],"next":1})" << u"events[0].kind is empty"_s;
    QTest::newRow("detail an array") << R"({"events":[)" + QByteArray(event1).replace("{\"generation\":1}", "[1]")
            + R"(],"next":1})" << u"events[0].detail is not an object"_s;
}

void TestAdminClient::decodeEventPageRejectsMalformedPages()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    QString error;
    const auto page = adminjson::decodeEventPage(body, &error);
    if (expected.isEmpty()) {
        QVERIFY2(page, qPrintable(error));
        QCOMPARE(page->events.size(), 2);
        QCOMPARE(page->next, 2);
        QVERIFY(page->events.at(1).holder.isEmpty());
        return;
    }
    QVERIFY(!page);
    QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestAdminClient::decodeErrorReplyKeepsTheServersWords_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("invalid field") << 400
                                   << QByteArray(R"({"error":"invalid_request","field":"seatCount",)"
                                                 R"("message":"seatCount must be at least 1"})")
                                   << int(ClientError::Kind::BadRequest) << u"seatCount"_s
                                   << u"seatCount must be at least 1"_s;
    QTest::newRow("too large") << 413 << QByteArray(R"({"error":"payload_too_large","message":"over 16 KiB"})")
                               << int(ClientError::Kind::BadRequest) << QString() << u"over 16 KiB"_s;
    QTest::newRow("html from a proxy") << 502 << QByteArray("<html>Bad gateway</html>")
                                       << int(ClientError::Kind::Server) << QString()
                                       << u"the server answered HTTP 502"_s;
    QTest::newRow("gone") << 410 << QByteArray(R"({"error":"seat_lost","message":"lost"})")
                          << int(ClientError::Kind::Gone) << QString() << u"lost"_s;
}

void TestAdminClient::decodeErrorReplyKeepsTheServersWords()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, kind);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const ClientError error = adminjson::decodeErrorReply(status, body);
    QCOMPARE(int(error.kind), kind);
    QCOMPARE(error.httpStatus, status);
    QCOMPARE(error.field, field);
    QCOMPARE(error.message, message);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestAdminClient)
#include "tst_adminclient.moc"
