// The wire contract end to end: every body the real server encodes is decoded by the client's
// decoders (adminjson, through AdminClient where it has a call), and what the client encodes is
// read back by the server. The server runs as its own process (ServerProcess), so each side is
// exactly the code that ships. Every message has its codec in core: the decoded value is encoded
// again and must give the server's document back (the answers, the error bodies and their extras,
// every event's detail): nothing dropped, nothing read with another type.

#include "AdminClient.h"
#include "AdminJson.h"
#include "Crypto.h"
#include "SecretBuffer.h"
#include "ServerProcess.h"
#include "SystemClock.h"
#include "Timestamps.h"
#include "wire/ApiPaths.h"
#include "wire/BorrowJson.h"
#include "wire/ErrorBody.h"
#include "wire/EventDetail.h"
#include "wire/EventKind.h"
#include "wire/Identifiers.h"
#include "wire/LicenseSummary.h"
#include "wire/SeatRequests.h"
#include "wire/SeatRulesJson.h"
#include "wire/ServerInfo.h"
#include "wire/StatsSnapshot.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {

const QString licenseId = u"wire-a"_s;

enum class Message { Health, Time, PublicKey, Licenses, LicenseWrite, Leases, Events, ReapPreview, Stats };

struct RawReply
{
    int status = 0;
    QByteArray body;
};

} // namespace

class TestWireContract final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();

    void serverBodiesDecodeOnTheClient_data();
    void serverBodiesDecodeOnTheClient();
    void everyEventKindTheServerWritesDecodes();
    void licenseSpecEncodedByTheClientIsWhatTheServerKeeps();
    void revokeEncodedByTheClientIsWhatTheServerRecords();
    void statsArriveTyped();
    // After every test above: they count the events and denials the set-up made.
    void errorBodiesDecodeOnTheClient_data();
    void errorBodiesDecodeOnTheClient();
    void refusalsCarryTheirExtras();
    void aRefusedBorrowCarriesItsNumbers();
    void tokenBodiesDecodeOnTheClient();
    void waitingLineBodiesDecodeOnTheClient();
    void rulesAndGroupsTravelWhole();
    void writeOffTravelsWhole();
    void everyEventDetailReadsTyped();

private:
    template <typename T, typename Start>
    AdminResult<T> wait(Start start)
    {
        std::optional<AdminResult<T>> got;
        start([&got](const AdminResult<T> &result) { got = result; });
        if (!QTest::qWaitFor([&got] { return got.has_value(); }, 5000)) {
            AdminResult<T> timedOut;
            timedOut.error.kind = ClientError::Kind::Protocol;
            timedOut.error.message = u"test: no callback within the bound"_s;
            return timedOut;
        }
        return *got;
    }

    RawReply call(const QByteArray &verb, const QString &pathAndQuery, const QByteArray &authorization,
                  const QByteArray &body = {});
    RawReply admin(const QByteArray &verb, const QString &pathAndQuery, const QByteArray &body = {})
    {
        return call(verb, pathAndQuery, "Bearer " + m_server->adminToken(), body);
    }
    // As a lease client would: with the license key.
    RawReply asClient(const QByteArray &verb, const QString &path, const QJsonObject &body = {})
    {
        return call(verb, path, "License " + m_key.toLatin1(), QJsonDocument(body).toJson(QJsonDocument::Compact));
    }
    QString checkout(const QString &holder, int *status = nullptr);

    QTemporaryDir m_peerTokenDir;
    std::unique_ptr<ServerProcess> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
    QString m_key;
    QString m_heldSeat; // dave's, live for the whole test
};

void TestWireContract::initTestCase()
{
    QVERIFY(crypto::init());
    m_server = std::make_unique<ServerProcess>();
    // A peer that is never there, so /v1/stats lists one with an error.
    const quint16 nobody = ServerProcess::pickFreePort();
    QVERIFY(nobody != 0);
    QVERIFY(m_peerTokenDir.isValid());
    const QString peerToken = m_peerTokenDir.filePath(u"peer-token"_s);
    QString why;
    QVERIFY2(writeSecretFile(peerToken, crypto::randomHex(32).toLatin1(), &why), qPrintable(why));
    m_server->setExtraArguments({u"--reap-interval"_s, u"0"_s, u"--peer"_s, u"http://127.0.0.1:%1"_s.arg(nobody),
                                 u"--peer-token-file"_s, peerToken, u"--peer-interval"_s, u"100ms"_s});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_network = std::make_unique<QNetworkAccessManager>();
    m_admin = std::make_unique<AdminClient>(*m_network, SystemClock::instance());
    m_admin->setServerUrl(m_server->url());
    m_admin->setAdminToken(m_server->adminToken());
    m_admin->setTransferTimeout(5s);

    // One license that goes through every kind of event the server writes on request.
    LicenseSpec spec {licenseId, u"Wire contract"_s, 1, 60, 5, 15};
    const auto created = wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); });
    QVERIFY2(created.ok(), qPrintable(created.error.message));
    QVERIFY(created.value->created);
    m_key = created.value->key;
    spec.name = u"Wire contract, renamed"_s;
    QVERIFY(wait<LicenseWriteResult>([&](auto done) { m_admin->putLicense(spec, this, done); }).ok());

    int status = 0;
    const QString alice = checkout(u"alice@ws-1"_s, &status);
    QCOMPARE(status, 201);
    checkout(u"bob@ws-2"_s, &status);
    QCOMPARE(status, 409); // denied: one seat
    QCOMPARE(asClient("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(licenseId, QString(32, u'0'))).status,
             410); // renew_refused
    const RevokeRequest revoke {licenseId, alice, u"left for the day"_s, 10min};
    QVERIFY(wait<AdminClient::Empty>([&](auto done) { m_admin->revoke(revoke, this, done); }).ok());
    checkout(u"alice@ws-1"_s, &status);
    QCOMPARE(status, 403); // holder_blocked
    const QString carol = checkout(u"carol@ws-3"_s, &status);
    QCOMPARE(status, 201);
    QCOMPARE(asClient("DELETE", u"/v1/licenses/%1/seats/%2"_s.arg(licenseId, carol)).status, 204); // released
    m_heldSeat = checkout(u"dave@ws-4"_s, &status);
    QCOMPARE(status, 201);
    const auto rotated = wait<QString>([&](auto done) { m_admin->rotateKey(licenseId, this, done); });
    QVERIFY2(rotated.ok(), qPrintable(rotated.error.message));
    m_key = *rotated.value;
    // The unreachable peer has been tried at least once.
    QTRY_VERIFY_WITH_TIMEOUT(
        !QJsonDocument::fromJson(admin("GET", u"/v1/stats"_s).body)["peers"_L1][0]["lastError"_L1].toString().isEmpty(),
        10000);
}

void TestWireContract::cleanupTestCase()
{
    m_admin.reset();
    m_network.reset();
    if (m_server)
        m_server->terminate();
    m_server.reset();
}

RawReply TestWireContract::call(const QByteArray &verb, const QString &pathAndQuery, const QByteArray &authorization,
                                const QByteArray &body)
{
    QUrl url = m_server->url();
    const qsizetype query = pathAndQuery.indexOf(u'?');
    url.setPath(pathAndQuery.left(query));
    if (query >= 0)
        url.setQuery(pathAndQuery.mid(query + 1));
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Authorization", authorization);
    request.setTransferTimeout(5000);
    QNetworkReply *reply = m_network->sendCustomRequest(request, verb, body);
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, 5000))
        return {};
    reply->deleteLater();
    return RawReply {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), reply->readAll()};
}

QString TestWireContract::checkout(const QString &holder, int *status)
{
    const RawReply reply = asClient("POST", u"/v1/licenses/%1/checkout"_s.arg(licenseId), {{u"holder"_s, holder}});
    if (status)
        *status = reply.status;
    return QJsonDocument::fromJson(reply.body)["lease"_L1]["seatId"_L1].toString();
}

void TestWireContract::serverBodiesDecodeOnTheClient_data()
{
    QTest::addColumn<QByteArray>("verb");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("message");

    const QByteArray spec = R"({"seatCount":1,"ttlSeconds":60,"skewSeconds":5,"reapGraceSeconds":15})";
    QTest::newRow("health") << "GET"_ba << u"/v1/health"_s << QByteArray() << int(Message::Health);
    QTest::newRow("time") << "GET"_ba << u"/v1/time"_s << QByteArray() << int(Message::Time);
    QTest::newRow("public key") << "GET"_ba << u"/v1/public-key"_s << QByteArray() << int(Message::PublicKey);
    QTest::newRow("license list") << "GET"_ba << u"/v1/licenses"_s << QByteArray() << int(Message::Licenses);
    QTest::newRow("license update") << "PUT"_ba << u"/v1/licenses/%1"_s.arg(licenseId) << spec
                                    << int(Message::LicenseWrite);
    QTest::newRow("leases and blocks") << "GET"_ba << u"/v1/licenses/%1/leases"_s.arg(licenseId) << QByteArray()
                                       << int(Message::Leases);
    QTest::newRow("event page") << "GET"_ba << u"/v1/events?license=%1"_s.arg(licenseId) << QByteArray()
                                << int(Message::Events);
    QTest::newRow("reap preview") << "POST"_ba << u"/v1/reap?dryRun=true"_s << QByteArray()
                                  << int(Message::ReapPreview);
    QTest::newRow("stats snapshot") << "GET"_ba << u"/v1/stats"_s << QByteArray() << int(Message::Stats);
}

void TestWireContract::serverBodiesDecodeOnTheClient()
{
    QFETCH(QByteArray, verb);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(int, message);

    const RawReply reply = admin(verb, path, body);
    QCOMPARE(reply.status, 200);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    QString error;
    switch (Message(message)) {
    case Message::Health: {
        const auto version = adminjson::decodeHealth(reply.body, &error);
        QVERIFY2(version, qPrintable(error));
        QCOMPARE((HealthAnswer {*version, {}}.toJson()), json);
        break;
    }
    case Message::Time: {
        const auto now = adminjson::decodeServerTime(reply.body, &error);
        QVERIFY2(now, qPrintable(error));
        QCOMPARE(TimeAnswer {*now}.toJson(), json);
        break;
    }
    case Message::PublicKey: {
        const auto key = adminjson::decodePublicKey(reply.body, &error);
        QVERIFY2(key, qPrintable(error));
        QCOMPARE(PublicKeyAnswer {key->publicKey()}.toJson(), json);
        break;
    }
    case Message::Licenses: {
        const auto list = adminjson::decodeLicenseList(reply.body, &error);
        QVERIFY2(list, qPrintable(error));
        QCOMPARE(list->toJson(), json);
        break;
    }
    case Message::LicenseWrite: {
        const auto written = adminjson::decodeLicenseWrite(reply.body, false, &error);
        QVERIFY2(written, qPrintable(error));
        QCOMPARE(written->license.toJson(), json.value(u"license"_s).toObject());
        break;
    }
    case Message::Leases: {
        const auto list = adminjson::decodeLeaseList(reply.body, licenseId, &error);
        QVERIFY2(list, qPrintable(error));
        QCOMPARE(list->leases.size(), 1);
        QCOMPARE(list->leases.at(0).lease.seatId, m_heldSeat);
        QCOMPARE(list->blocks.size(), 1);
        QCOMPARE(list->blocks.at(0).holder, u"alice@ws-1"_s);
        QCOMPARE(list->blocks.at(0).reason, u"left for the day"_s);
        QCOMPARE(list->toJson(), json);
        break;
    }
    case Message::Events: {
        const auto page = adminjson::decodeEventPage(reply.body, &error);
        QVERIFY2(page, qPrintable(error));
        const QJsonArray raw = json.value(u"events"_s).toArray();
        QCOMPARE(page->events.size(), raw.size());
        for (qsizetype i = 0; i < raw.size(); ++i)
            QCOMPARE(toWire(page->events.at(i).kind), raw.at(i)["kind"_L1].toString());
        QCOMPARE(page->toJson(), json);
        break;
    }
    case Message::ReapPreview: {
        const auto result = adminjson::decodeReapResult(reply.body, true, &error);
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->toJson(), json);
        break;
    }
    case Message::Stats: {
        const auto snapshot = adminjson::decodeStats(reply.body, &error);
        QVERIFY2(snapshot, qPrintable(error));
        QVERIFY(isValidReplicaId(snapshot->replicaId));
        QCOMPARE(snapshot->peers.size(), 1);
        QVERIFY(!snapshot->peers.at(0).lastError.isEmpty());
        QCOMPARE(snapshot->toJson(), json);
        break;
    }
    }
}

void TestWireContract::everyEventKindTheServerWritesDecodes()
{
    EventQuery query;
    query.licenseId = licenseId;
    const auto page = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(page.ok(), qPrintable(page.error.message));
    QList<EventKind> seen;
    for (const EventRecord &event : page.value->events) {
        if (!seen.contains(event.kind))
            seen.append(event.kind);
    }
    using K = EventKind;
    const QList<EventKind> expected {K::LicenseCreated, K::LicenseUpdated, K::Granted,  K::Denied,    K::RenewRefused,
                                     K::Revoked,        K::HolderBlocked,  K::Released, K::KeyRotated};
    for (const EventKind kind : expected)
        QVERIFY2(seen.contains(kind), qPrintable(toWire(kind)));

    // The filter the client builds is one the server accepts and applies.
    query.kinds = {K::Revoked, K::HolderBlocked};
    const auto filtered = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(filtered.ok(), qPrintable(filtered.error.message));
    QCOMPARE(filtered.value->events.size(), 2);
    QCOMPARE(filtered.value->events.at(0).kind, K::Revoked);
    QCOMPARE(filtered.value->events.at(1).kind, K::HolderBlocked);
}

void TestWireContract::licenseSpecEncodedByTheClientIsWhatTheServerKeeps()
{
    const LicenseSpec spec {u"wire-b"_s, u"Spec round trip"_s, 7, 90, 4, 33};
    const RawReply reply = admin("PUT", u"/v1/licenses/wire-b"_s, adminjson::encodeLicenseSpec(spec));
    QCOMPARE(reply.status, 201);
    QString error;
    const auto written = adminjson::decodeLicenseWrite(reply.body, true, &error);
    QVERIFY2(written, qPrintable(error));
    QVERIFY(isValidLicenseKey(written->key));
    const LicenseSummary expected {spec.id, spec.name, 7, 0, 90, 4, 33, 0};
    QCOMPARE(written->license, expected);
    const auto listed = wait<LicenseList>([&](auto done) { m_admin->listLicenses(this, done); });
    QVERIFY2(listed.ok(), qPrintable(listed.error.message));
    QVERIFY(listed.value->licenses.contains(expected));

    // A spec that gives only the seat count changes only that: the server keeps the rest.
    LicenseSpec seatsOnly;
    seatsOnly.given = LicenseSpec::Member::SeatCount;
    seatsOnly.seatCount = 9;
    const RawReply updated = admin("PUT", u"/v1/licenses/wire-b"_s, adminjson::encodeLicenseSpec(seatsOnly));
    QCOMPARE(updated.status, 200);
    const auto changed = adminjson::decodeLicenseWrite(updated.body, false, &error);
    QVERIFY2(changed, qPrintable(error));
    LicenseSummary nine = expected;
    nine.seatCount = 9;
    QCOMPARE(changed->license, nine);
}

void TestWireContract::revokeEncodedByTheClientIsWhatTheServerRecords()
{
    const auto listed = wait<LeaseList>([&](auto done) { m_admin->listLeases(licenseId, this, done); });
    QVERIFY2(listed.ok(), qPrintable(listed.error.message));
    QCOMPARE(listed.value->blocks.size(), 1);
    const HolderBlock &block = listed.value->blocks.at(0);
    QCOMPARE(block.reason, u"left for the day"_s);
    // Ten minutes from the revoke, on the server's clock, give or take the test's own run time.
    const QDateTime now = listed.value->serverTime;
    QVERIFY2(block.until > now.addSecs(9 * 60) && block.until <= now.addSecs(10 * 60),
             qPrintable(formatTimestamp(block.until)));

    EventQuery query;
    query.licenseId = licenseId;
    query.kinds = {EventKind::Revoked};
    const auto events = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(events.ok(), qPrintable(events.error.message));
    QCOMPARE(events.value->events.size(), 1);
    QCOMPARE(events.value->events.at(0).detail.value(u"reason"_s).toString(), u"left for the day"_s);
    QCOMPARE(events.value->events.at(0).detail.value(u"blockSeconds"_s).toInteger(), 600);
}

void TestWireContract::statsArriveTyped()
{
    const auto stats = wait<StatsSnapshot>([&](auto done) { m_admin->stats(this, done); });
    QVERIFY2(stats.ok(), qPrintable(stats.error.message));
    const GCounter::State granted = stats.value->counters.value(licenseId).value(toWire(UsageCounter::Granted));
    QCOMPARE(GCounter::value(granted), 3u); // alice, carol, dave
    QCOMPARE(granted.keys(), QStringList {stats.value->replicaId});
    QCOMPARE(GCounter::value(stats.value->counters.value(licenseId).value(toWire(UsageCounter::Denied))),
             1u); // bob; a blocked holder is not counted
}

void TestWireContract::errorBodiesDecodeOnTheClient_data()
{
    QTest::addColumn<QByteArray>("verb");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");

    QTest::newRow("license not found") << "GET"_ba << u"/v1/licenses/no-such/leases"_s << 404
                                       << QString::fromUtf16(errorcode::licenseNotFound);
    QTest::newRow("method not allowed") << "DELETE"_ba << u"/v1/licenses"_s << 405
                                        << QString::fromUtf16(errorcode::methodNotAllowed);
    QTest::newRow("invalid request") << "GET"_ba << u"/v1/events?limit=0"_s << 400
                                     << QString::fromUtf16(errorcode::invalidRequest);
    QTest::newRow("no such route") << "GET"_ba << u"/v1/nothing"_s << 404 << QString::fromUtf16(errorcode::notFound);
}

void TestWireContract::errorBodiesDecodeOnTheClient()
{
    QFETCH(QByteArray, verb);
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(QString, code);

    const RawReply reply = admin(verb, path);
    QCOMPARE(reply.status, status);
    const auto error = ErrorBody::fromJson(reply.body);
    QVERIFY2(error, reply.body.constData());
    QCOMPARE(error->code, code);
    QVERIFY(!error->message.isEmpty());
    QCOMPARE(QJsonDocument::fromJson(error->toBody()).object(), QJsonDocument::fromJson(reply.body).object());
    const ClientError decoded = adminjson::decodeErrorReply(reply.status, reply.body);
    QCOMPARE(decoded.code, code);
    QCOMPARE(decoded.message, error->message);
    if (status == 405)
        QCOMPARE(errorextra::MethodNotAllowed::fromJson(error->extra).allow, QStringList {u"GET"_s});
    if (code == QStringView(errorcode::invalidRequest))
        QCOMPARE(decoded.field, u"limit"_s);
}

void TestWireContract::refusalsCarryTheirExtras()
{
    // A viewer's token, made through the client's TokenSpec, refused an operator's route.
    const auto viewer = wait<CreatedToken>([&](auto done) {
        m_admin->createToken(TokenSpec {u"wire-viewer"_s, AccessRole::Viewer, std::chrono::seconds(3600)}, this, done);
    });
    QVERIFY2(viewer.ok(), qPrintable(viewer.error.message));
    RawReply reply = call("POST", u"/v1/reap?dryRun=true"_s, "Bearer " + viewer.value->secret.toLatin1());
    QCOMPARE(reply.status, 403);
    const ClientError forbidden = adminjson::decodeErrorReply(reply.status, reply.body);
    QCOMPARE(forbidden.code, QString::fromUtf16(errorcode::forbidden));
    QCOMPARE(forbidden.requiredRole, u"operator"_s);
    QCOMPARE(forbidden.heldRole, u"viewer"_s);

    // alice was revoked with a ten-minute block: the block's end travels with the refusal.
    reply = asClient("POST", u"/v1/licenses/%1/checkout"_s.arg(licenseId), {{u"holder"_s, u"alice@ws-1"_s}});
    QCOMPARE(reply.status, 403);
    auto error = ErrorBody::fromJson(reply.body);
    QVERIFY(error);
    QCOMPARE(error->code, QString::fromUtf16(errorcode::holderBlocked));
    const auto blocked = errorextra::HolderBlocked::fromJson(error->extra);
    QVERIFY(blocked);
    QVERIFY(blocked->until > QDateTime::currentDateTimeUtc().addSecs(5 * 60));
    QCOMPARE(blocked->toJson(), error->extra);

    // The one seat is dave's: bob is told how full the license is and when a seat frees up.
    reply = asClient("POST", u"/v1/licenses/%1/checkout"_s.arg(licenseId), {{u"holder"_s, u"bob@ws-2"_s}});
    QCOMPARE(reply.status, 409);
    error = ErrorBody::fromJson(reply.body);
    QVERIFY(error);
    QCOMPARE(error->code, QString::fromUtf16(seatrules::noSeatsAvailable));
    ValidationError why;
    const auto denial = errorextra::CheckoutDenial::fromJson(error->code, error->extra, &why);
    QVERIFY2(denial, qPrintable(why.message));
    QCOMPARE(denial->decision.usage.seatCount, 1);
    QCOMPARE(denial->decision.usage.inUse, 1);
    QVERIFY(denial->nextExpiry.isValid());
    QCOMPARE(denial->toJson(), error->extra);

    // A seat the server does not hold, and a place in line it never gave.
    reply = asClient("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(licenseId, QString(32, u'0')));
    QCOMPARE(reply.status, 410);
    QCOMPARE(ErrorBody::fromJson(reply.body)->code, QString::fromUtf16(errorcode::seatLost));
    reply = asClient("POST", u"/v1/licenses/%1/tickets/%2/heartbeat"_s.arg(licenseId, QString(32, u'0')));
    QCOMPARE(reply.status, 410);
    error = ErrorBody::fromJson(reply.body);
    QCOMPARE(error->code, QString::fromUtf16(queue::ticketLost));
    QCOMPARE(errorextra::TicketLost::fromJson(error->extra),
             std::optional<errorextra::TicketLost>(errorextra::TicketLost {queue::LeftBecause::Unknown}));
}

// Issue 27: a borrow the policy refuses answers with the numbers of the refusal, which the client
// reads with the codec the server wrote them with, and the same numbers are the borrow_denied
// event's detail (everyEventDetailReadsTyped reads it).
void TestWireContract::aRefusedBorrowCarriesItsNumbers()
{
    const RawReply reply = asClient("POST", apipath::forLicense(apipath::borrow, licenseId),
                                    BorrowRequest {u"frank@laptop-1"_s, 3}.toJson());
    QCOMPARE(reply.status, 403);
    const auto error = ErrorBody::fromJson(reply.body);
    QVERIFY(error);
    QCOMPARE(error->code, QString::fromUtf16(errorcode::borrowNotAllowed));
    const auto refusal = BorrowRefusal::fromJson(error->extra);
    QVERIFY2(refusal, reply.body.constData());
    QCOMPARE(refusal->reason, BorrowRefusal::Reason::NotAllowed);
    QCOMPARE(refusal->days, 3);
    QCOMPARE(refusal->code(), error->code);
    QCOMPARE(refusal->toJson(), error->extra);

    EventQuery query;
    query.licenseId = licenseId;
    query.kinds = {EventKind::BorrowDenied};
    const auto page = wait<EventPage>([&](auto done) { m_admin->events(query, this, done); });
    QVERIFY2(page.ok(), qPrintable(page.error.message));
    QCOMPARE(page.value->events.size(), 1);
    QCOMPARE(page.value->events.constFirst().holder, u"frank@laptop-1"_s);
    QCOMPARE(eventdetail::BorrowDenied::fromJson(page.value->events.constFirst().detail).refusal, refusal);
}

void TestWireContract::tokenBodiesDecodeOnTheClient()
{
    RawReply reply = admin("GET", u"/v1/tokens"_s);
    QCOMPARE(reply.status, 200);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    QString error;
    const auto list = adminjson::decodeTokenList(reply.body, &error);
    QVERIFY2(list, qPrintable(error));
    QVERIFY(!list->tokens.isEmpty());
    QCOMPARE(list->toJson(), json);

    reply = admin("GET", u"/v1/whoami"_s);
    QCOMPARE(reply.status, 200);
    const auto me = adminjson::decodeWhoami(reply.body, &error);
    QVERIFY2(me, qPrintable(error));
    QCOMPARE(me->role, AccessRole::Admin);
    QCOMPARE(me->toJson(), QJsonDocument::fromJson(reply.body).object());

    reply = admin("POST", u"/v1/tokens"_s,
                  adminjson::encodeTokenSpec(TokenSpec {u"wire-ops"_s, AccessRole::Operator, std::nullopt}));
    QCOMPARE(reply.status, 201);
    const auto created = adminjson::decodeCreatedToken(reply.body, &error);
    QVERIFY2(created, qPrintable(error));
    QCOMPARE(created->token.name, u"wire-ops"_s);
    QVERIFY(!created->token.expiresAt.isValid());
    QCOMPARE(created->toJson(), QJsonDocument::fromJson(reply.body).object());
}

void TestWireContract::waitingLineBodiesDecodeOnTheClient()
{
    // The one seat is dave's: a checkout that waits gets a place in line, then gives it up.
    const RawReply reply
        = asClient("POST", u"/v1/licenses/%1/checkout"_s.arg(licenseId),
                   CheckoutRequest {u"erin@ws-5"_s, QString(32, u'9'), std::chrono::seconds(60)}.toJson());
    QCOMPARE(reply.status, 202);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    ValidationError error;
    const auto queued = QueuedAnswer::fromJson(json, &error);
    QVERIFY2(queued, qPrintable(error.message));
    QCOMPARE(queued->ticket.holder, u"erin@ws-5"_s);
    QCOMPARE(queued->ticket.position, 1);
    QCOMPARE(queued->toJson(), json);
    QCOMPARE(asClient("DELETE", u"/v1/licenses/%1/tickets/%2"_s.arg(licenseId, queued->ticket.ticketId)).status, 204);
}

void TestWireContract::rulesAndGroupsTravelWhole()
{
    const QList<HolderGroup> groups {{u"wire"_s, {u"*@ws-*"_s}}};
    const auto putGroups = wait<QList<HolderGroup>>([&](auto done) { m_admin->putGroups(groups, this, done); });
    QVERIFY2(putGroups.ok(), qPrintable(putGroups.error.message));
    QCOMPARE(*putGroups.value, groups);
    SeatRules rules;
    rules.max = {GroupSeats {u"wire"_s, 1}};
    const auto putRules = wait<SeatRules>([&](auto done) { m_admin->putRules(u"wire-b"_s, rules, this, done); });
    QVERIFY2(putRules.ok(), qPrintable(putRules.error.message));
    QCOMPARE(*putRules.value, rules);
    const RawReply reply = admin("GET", u"/v1/licenses/wire-b/rules"_s);
    QCOMPARE(QJsonDocument::fromJson(reply.body).object(), seatrules::licenseRulesToJson(u"wire-b"_s, rules));
}

// Issue 27: the write-off of a borrowed seat, asked with the client's codec, answered with the
// server's; the listing then carries it on the seat's row.
void TestWireContract::writeOffTravelsWhole()
{
    const QJsonObject license {
        {u"seatCount"_s, 2},
        {u"ttlSeconds"_s, 60},
        {u"skewSeconds"_s, 5},
        {u"reapGraceSeconds"_s, 15},
        {u"borrow"_s,
         QJsonObject {{u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 1}, {u"keepOnSite"_s, 0}}}};
    const RawReply created
        = admin("PUT", u"/v1/licenses/wire-lent"_s, QJsonDocument(license).toJson(QJsonDocument::Compact));
    QCOMPARE(created.status, 201);
    const QByteArray key = "License " + QJsonDocument::fromJson(created.body)["key"_L1].toString().toLatin1();
    const RawReply lent
        = call("POST", u"/v1/licenses/wire-lent/borrow"_s, key, R"({"holder":"erin@laptop","days":3})"_ba);
    QCOMPARE(lent.status, 201);
    ValidationError why;
    const auto answer = BorrowAnswer::fromJson(QJsonDocument::fromJson(lent.body).object(), &why);
    QVERIFY2(answer, qPrintable(why.message));
    const QString seatId = answer->lease.seatId;

    const auto written = wait<WriteOffAnswer>(
        [&](auto done) { m_admin->writeOff(u"wire-lent"_s, seatId, u"lost at the airport"_s, this, done); });
    QVERIFY2(written.ok(), qPrintable(written.error.message));
    QCOMPARE(written.value->seatId, seatId);
    QCOMPARE(written.value->holder, u"erin@laptop"_s);
    QCOMPARE(written.value->countedUntil, answer->lease.expiresAt);
    QCOMPARE(written.value->writeOff.note, u"lost at the airport"_s);
    // A repeat answers the same, byte for byte what the client decoded.
    const RawReply again = admin("POST", u"/v1/licenses/wire-lent/borrow/%1/write-off"_s.arg(seatId));
    QCOMPARE(again.status, 200);
    QCOMPARE(QJsonDocument::fromJson(again.body).object(), written.value->toJson());

    const auto listed = wait<LeaseList>([&](auto done) { m_admin->listLeases(u"wire-lent"_s, this, done); });
    QVERIFY2(listed.ok(), qPrintable(listed.error.message));
    QCOMPARE(listed.value->leases.size(), 1);
    QCOMPARE(listed.value->leases.at(0).writeOff, written.value->writeOff);

    // An ordinary seat is refused with the code the client knows.
    const RawReply held = call("POST", u"/v1/licenses/wire-lent/checkout"_s, key, R"({"holder":"fay@ws-6"})"_ba);
    QCOMPARE(held.status, 201);
    const QString ordinary = QJsonDocument::fromJson(held.body)["lease"_L1]["seatId"_L1].toString();
    const auto refused
        = wait<WriteOffAnswer>([&](auto done) { m_admin->writeOff(u"wire-lent"_s, ordinary, {}, this, done); });
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error.httpStatus, 409);
    QCOMPARE(refused.error.code, QString::fromUtf16(errorcode::seatNotBorrowed));

    // The laptop turns up: the return secret the client decoded from the borrow's answer, encoded
    // by the client's codec, is what the server takes; another one is refused with the code the
    // client knows (walk 51b N7).
    QVERIFY(answer->returnSecret.isSet());
    const QString returnPath = u"/v1/licenses/wire-lent/borrow/%1"_s.arg(seatId);
    const RawReply wrong = call(
        "DELETE", returnPath, key,
        QJsonDocument(BorrowReturnRequest {BorrowReturnSecret::generate()}.toJson()).toJson(QJsonDocument::Compact));
    QCOMPARE(wrong.status, 409);
    QCOMPARE(ErrorBody::fromJson(wrong.body)->code, QString::fromUtf16(errorcode::borrowReturnRefused));
    const RawReply returned
        = call("DELETE", returnPath, key,
               QJsonDocument(BorrowReturnRequest {answer->returnSecret}.toJson()).toJson(QJsonDocument::Compact));
    QCOMPARE(returned.status, 204);
}

// Every event the server wrote in this test, read with its kind's typed detail and written again,
// gives the server's detail back: the server writes with the codec the dashboard reads with.
void TestWireContract::everyEventDetailReadsTyped()
{
    namespace detail = eventdetail;
    const RawReply reply = admin("GET", u"/v1/events?limit=1000"_s);
    QCOMPARE(reply.status, 200);
    QString error;
    const auto page = adminjson::decodeEventPage(reply.body, &error);
    QVERIFY2(page, qPrintable(error));
    QList<EventKind> seen;
    for (const EventRecord &event : page->events) {
        if (!seen.contains(event.kind))
            seen.append(event.kind);
        const QJsonObject &d = event.detail;
        const QByteArray what = toWire(event.kind).toLatin1() + ' ' + QJsonDocument(d).toJson(QJsonDocument::Compact);
        switch (event.kind) {
        case EventKind::Granted:
            QVERIFY2(detail::Granted::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::Denied: {
            const auto denied = detail::Denied::fromJson(d);
            QVERIFY2(denied.decision && denied.listsHolders, what.constData());
            QVERIFY2(denied.toJson() == d, what.constData());
            break;
        }
        case EventKind::RenewRefused:
            QVERIFY2(detail::RenewRefused::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::Revoked:
            QVERIFY2(detail::Revoked::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::Reaped:
            QVERIFY2(detail::Reaped::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::ReclaimWarned:
            QVERIFY2(detail::ReclaimWarned::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::ReclaimCancelled:
            QVERIFY2(detail::ReclaimCancelled::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::DatabaseFailover:
            QVERIFY2(detail::DatabaseFailover::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::SeatBorrowed:
            QVERIFY2(detail::SeatBorrowed::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::BorrowReturned:
            QVERIFY2(detail::BorrowReturned::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::BorrowDenied:
            QVERIFY2(detail::BorrowDenied::fromJson(d).refusal && detail::BorrowDenied::fromJson(d).toJson() == d,
                     what.constData());
            break;
        case EventKind::AlertAcknowledged:
            QVERIFY2(detail::AlertAcknowledged::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::BorrowWrittenOff:
            QVERIFY2(detail::BorrowWrittenOff::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::Reclaimed:
            QVERIFY2(detail::Reclaimed::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::AlertFired:
        case EventKind::AlertResolved:
            QVERIFY2(detail::AlertChange::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::HolderBlocked:
            QVERIFY2(detail::HolderBlocked::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::LicenseCreated:
        case EventKind::LicenseUpdated:
            QVERIFY2(detail::LicenseChanged::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::RulesChanged:
            QVERIFY2(detail::RulesChanged::fromJson(d) && detail::RulesChanged::fromJson(d)->toJson() == d,
                     what.constData());
            break;
        case EventKind::GroupsChanged:
            QVERIFY2(detail::GroupsChanged::fromJson(d) && detail::GroupsChanged::fromJson(d)->toJson() == d,
                     what.constData());
            break;
        case EventKind::Queued:
            QVERIFY2(detail::Queued::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::QueueLeft:
            QVERIFY2(detail::QueueLeft::fromJson(d).toJson() == d, what.constData());
            break;
        case EventKind::TokenCreated:
        case EventKind::TokenRevoked:
            QVERIFY2(detail::TokenChanged::fromJson(d).toJson(event.kind) == d, what.constData());
            break;
        case EventKind::ClockJumped:
            QVERIFY2(detail::ClockJumped::fromJson(d) && detail::ClockJumped::fromJson(d)->toJson() == d,
                     what.constData());
            break;
        case EventKind::Amnesia:
            QVERIFY2(detail::Amnesia::fromJson(d) && detail::Amnesia::fromJson(d)->toJson() == d, what.constData());
            break;
        case EventKind::Released:
            QVERIFY2(detail::Released::fromJson(d).toJson() == d && d.contains(u"expiresAt"_s), what.constData());
            break;
        case EventKind::KeyRotated:
            QVERIFY2(d.isEmpty(), what.constData());
            break;
        }
    }
    using K = EventKind;
    for (const EventKind kind :
         {K::LicenseCreated, K::LicenseUpdated, K::Granted, K::Denied, K::RenewRefused, K::Revoked, K::HolderBlocked,
          K::Released, K::KeyRotated, K::TokenCreated, K::Queued, K::QueueLeft, K::GroupsChanged, K::RulesChanged,
          K::SeatBorrowed, K::BorrowWrittenOff, K::BorrowDenied})
        QVERIFY2(seen.contains(kind), qPrintable(toWire(kind)));
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestWireContract)
#include "tst_wirecontract.moc"
