#include "AdminClient.h"
#include "FaultProxy.h"
#include "LeaseClient.h"
#include "LeaseJson.h"
#include "LeaseSigner.h"
#include "ServerProcess.h"
#include "SystemClock.h"
#include "TestCertificates.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "TlsTrust.h"
#include "wire/SeatRulesJson.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {
const QString licenseId = u"cad"_s;
constexpr int seatCount = 2;
const QString ticketId = u"0123456789abcdef0123456789abcdef"_s;

// An HTTP server that answers from a script: GET /v1/public-key with its signer's key, every
// other request with the next canned answer for its method and path (404 when none is left). It
// records what it was sent, so a test sees the request bodies (and a repeated requestId). For the
// answers the real server does not give (yet): malformed tickets, unknown reasons, lost grants.
class CannedServer final : public QObject
{
public:
    struct Answer
    {
        int status = 200;
        QJsonObject body;
    };
    struct Request
    {
        QByteArray method;
        QString path;
        QJsonObject body;
    };

    CannedServer()
        : m_signer(LeaseSigner::generate())
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
        m_server.listen(QHostAddress::LocalHost);
    }

    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort())); }
    const LeaseSigner &signer() const { return *m_signer; }
    void answer(const QByteArray &method, const QString &path, int status, const QJsonObject &body = {})
    {
        m_answers[method + ' ' + path.toUtf8()].append(Answer {status, body});
    }
    QList<Request> requests() const { return m_requests; }

private:
    void serve(QTcpSocket *socket)
    {
        auto buffer = std::make_shared<QByteArray>();
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
            buffer->append(socket->readAll());
            const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            const QList<QByteArray> lines = buffer->left(headerEnd).split('\n');
            qsizetype length = 0;
            for (const QByteArray &line : lines) {
                if (line.toLower().startsWith("content-length:"))
                    length = line.mid(15).trimmed().toLongLong();
            }
            if (buffer->size() < headerEnd + 4 + length)
                return;
            const QList<QByteArray> start = lines.first().trimmed().split(' ');
            Request request {start.value(0), QString::fromUtf8(start.value(1)), {}};
            request.body = QJsonDocument::fromJson(buffer->mid(headerEnd + 4, length)).object();
            buffer->clear();
            Answer answer {404, QJsonObject {{u"error"_s, u"not_found"_s}, {u"message"_s, u"no canned answer"_s}}};
            if (request.path == u"/v1/public-key"_s) {
                answer = Answer {200,
                                 QJsonObject {{u"algorithm"_s, u"Ed25519"_s},
                                              {u"publicKey"_s, QString::fromLatin1(m_signer->publicKey().toBase64())}}};
            } else {
                m_requests.append(request);
                QList<Answer> &queue = m_answers[request.method + ' ' + request.path.toUtf8()];
                if (!queue.isEmpty())
                    answer = queue.takeFirst();
            }
            const QByteArray body = answer.status == 204 ? QByteArray() : QJsonDocument(answer.body).toJson();
            socket->write("HTTP/1.1 " + QByteArray::number(answer.status)
                          + " X\r\nContent-Type: application/json\r\n"
                            "Connection: close\r\nContent-Length: "
                          + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            socket->disconnectFromHost();
        });
    }

    QTcpServer m_server;
    std::unique_ptr<LeaseSigner> m_signer;
    QHash<QByteArray, QList<Answer>> m_answers;
    QList<Request> m_requests;
};

QJsonObject ticketJson(const QString &id, int position, int waiting, const QString &holder = u"alice@ws-1"_s)
{
    QueueTicket ticket;
    ticket.ticketId = id;
    ticket.licenseId = licenseId;
    ticket.holder = holder;
    ticket.position = position;
    ticket.waiting = waiting;
    ticket.queuedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 0), Qt::UTC);
    ticket.expiresAt = ticket.queuedAt.addSecs(60);
    ticket.giveUpAt = ticket.queuedAt.addSecs(600);
    return ticket.toJson();
}

QString checkoutPath()
{
    return u"/v1/licenses/%1/checkout"_s.arg(licenseId);
}

QString ticketPath(const QString &id, bool heartbeat)
{
    return u"/v1/licenses/%1/tickets/%2%3"_s.arg(licenseId, id, heartbeat ? u"/heartbeat"_s : QString());
}
} // namespace

// LeaseClient against the real server, through the fault proxy: the outcomes a caller switches
// on, lease verification, and a checkout whose answer is lost.
class TestLeaseClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void firstContactPinsTheServerKey();
    void checkoutHeartbeatRelease();
    void fullPoolIsNoSeats();
    void unknownSeatIsSeatLost();
    void wrongKeyIsUnauthorized();
    void blockedHolderIsHolderBlocked();
    void tamperedLeaseIsRejected_data();
    void tamperedLeaseIsRejected();
    void leaseSignedByAnotherKeyIsRejected();
    void droppedCheckoutAnswerCostsOneSeat_data();
    void droppedCheckoutAnswerCostsOneSeat();
    void unreachableServerIsTransport_data();
    void unreachableServerIsTransport();
    void cutNetworkSendsNothing();
    void httpsServerIsReachedOnceItsAuthorityIsTrusted();

    // The waiting line and the rules' denials, against canned answers.
    void checkoutThatWaitsIsQueued();
    void ticketHeartbeatReportsThePositionThenTheLease();
    void malformedQueueAnswersAreProtocol_data();
    void malformedQueueAnswersAreProtocol();
    void ticketLostCarriesItsReason_data();
    void ticketLostCarriesItsReason();
    void lostGrantIsRecoveredWithTheSameRequestId();
    void leavingTheLineIsIdempotent();
    void ruleDenialsCarryTheirDecision();
    void malformedDenialIsProtocol();
    void invalidWaitIsRefusedBeforeSending();
    void realServerAnswersAWaitThatCannotHelpAsWithout();

private:
    LeaseOutcome cannedCheckout(CannedServer &canned, std::optional<std::chrono::seconds> maxWait);
    LeaseOutcome cannedRenew(CannedServer &canned, const QString &id);
    void useCanned(CannedServer &canned);

    LeaseOutcome checkout(const QString &holder);
    LeaseOutcome heartbeat(const QString &seatId);
    ReleaseOutcome release(const QString &seatId);

    std::unique_ptr<TestServer> m_server;
    FaultProxy *m_proxy = nullptr; // in front of m_server, which owns it
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<LeaseClient> m_client;
    QByteArray m_key;
};

void TestLeaseClient::init()
{
    m_server = std::make_unique<TestServer>(TestServer::Options {.faultProxy = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_key = m_server->createLicense(licenseId, seatCount, 60s, 5s, 15s);
    QVERIFY(!m_key.isEmpty());
    m_proxy = &m_server->proxy();
    m_network = std::make_unique<QNetworkAccessManager>();
    m_network->setProxy(QNetworkProxy::NoProxy);
    m_client = std::make_unique<LeaseClient>(*m_network);
    m_client->setServerUrl(m_proxy->url());
    m_client->setLicense(licenseId, m_key);
    m_client->setTransferTimeout(2s);
}

void TestLeaseClient::cleanup()
{
    m_client.reset();
    m_network.reset();
    m_proxy = nullptr;
    m_server.reset();
}

namespace {
// Runs one asynchronous client call to its end (or 15 s). The guard is the call's context, so a
// late answer after a timeout never touches this frame.
template <typename Outcome, typename Start>
Outcome await(Start start)
{
    std::optional<Outcome> result;
    QEventLoop loop;
    QObject guard;
    QTimer::singleShot(15s, &loop, &QEventLoop::quit);
    start(&guard, [&result, &loop](const Outcome &outcome) {
        result = outcome;
        loop.quit();
    });
    if (!result)
        loop.exec();
    return result.value_or(outcome::Transport {u"the test gave up waiting"_s});
}
} // namespace

LeaseOutcome TestLeaseClient::checkout(const QString &holder)
{
    return await<LeaseOutcome>(
        [&](QObject *context, LeaseClient::Callback done) { m_client->checkout(holder, context, std::move(done)); });
}

LeaseOutcome TestLeaseClient::heartbeat(const QString &seatId)
{
    return await<LeaseOutcome>(
        [&](QObject *context, LeaseClient::Callback done) { m_client->heartbeat(seatId, context, std::move(done)); });
}

ReleaseOutcome TestLeaseClient::release(const QString &seatId)
{
    return await<ReleaseOutcome>([&](QObject *context, LeaseClient::ReleaseCallback done) {
        m_client->release(seatId, context, std::move(done));
    });
}

void TestLeaseClient::firstContactPinsTheServerKey()
{
    QVERIFY(!m_client->publicKey());
    const LeaseOutcome granted = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Granted>(granted), qPrintable(describe(granted)));
    QVERIFY(m_client->publicKey());
    QCOMPARE(m_client->publicKey()->publicKey(), m_server->verifier().publicKey());
}

void TestLeaseClient::checkoutHeartbeatRelease()
{
    const LeaseOutcome first = checkout(u"alice@ws-1"_s);
    const auto *granted = std::get_if<outcome::Granted>(&first);
    QVERIFY2(granted, qPrintable(describe(first)));
    const SeatLease lease = granted->lease;
    QCOMPARE(lease.licenseId, licenseId);
    QCOMPARE(lease.holder, u"alice@ws-1"_s);
    QCOMPARE(lease.issuedAt, m_server->clock().now());
    QCOMPARE(lease.expiresAt, m_server->clock().now().addSecs(60));

    m_server->clock().advance(20s);
    const LeaseOutcome beat = heartbeat(lease.seatId);
    const auto *renewed = std::get_if<outcome::Granted>(&beat);
    QVERIFY2(renewed, qPrintable(describe(beat)));
    QCOMPARE(renewed->lease.seatId, lease.seatId);
    QCOMPARE(renewed->lease.generation, lease.generation);
    QCOMPARE(renewed->lease.expiresAt, m_server->clock().now().addSecs(60));

    QVERIFY(std::holds_alternative<outcome::Released>(release(lease.seatId)));
    QVERIFY(m_server->liveLeasesOf(licenseId, u"alice@ws-1"_s).isEmpty());
    // Releasing twice is harmless: the seat is as released as it gets.
    QVERIFY(std::holds_alternative<outcome::Released>(release(lease.seatId)));
}

void TestLeaseClient::fullPoolIsNoSeats()
{
    for (int i = 0; i < seatCount; ++i)
        QVERIFY(std::holds_alternative<outcome::Granted>(checkout(u"user%1"_s.arg(i))));
    const LeaseOutcome denied = checkout(u"late@ws-9"_s);
    const auto *noSeats = std::get_if<outcome::NoSeats>(&denied);
    QVERIFY2(noSeats, qPrintable(describe(denied)));
    QCOMPARE(noSeats->seatCount, seatCount);
    QCOMPARE(noSeats->inUse, seatCount);
    // The first seat stops counting at its expiry plus the skew.
    QCOMPARE(noSeats->nextExpiry, m_server->clock().now().addSecs(60 + 5));
    QVERIFY(describe(denied).contains(u"all 2 seats are in use"_s));
}

void TestLeaseClient::unknownSeatIsSeatLost()
{
    const LeaseOutcome first = checkout(u"alice@ws-1"_s);
    QVERIFY(std::holds_alternative<outcome::Granted>(first));
    const QString seatId = std::get<outcome::Granted>(first).lease.seatId;
    m_server->clock().advance(66s); // past expiry + skew: the seat is gone for the server
    QVERIFY(std::holds_alternative<outcome::SeatLost>(heartbeat(seatId)));
    QVERIFY(std::holds_alternative<outcome::SeatLost>(heartbeat(QString(32, u'0'))));
}

void TestLeaseClient::wrongKeyIsUnauthorized()
{
    m_client->setLicense(licenseId, "kr1-" + QByteArray(64, 'a'));
    const LeaseOutcome refused = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Unauthorized>(refused), qPrintable(describe(refused)));
    QVERIFY(m_server->liveLeasesOf(licenseId, u"alice@ws-1"_s).isEmpty());
}

void TestLeaseClient::blockedHolderIsHolderBlocked()
{
    const LeaseOutcome first = checkout(u"mallory@ws-6"_s);
    QVERIFY(std::holds_alternative<outcome::Granted>(first));
    QVERIFY(m_server->revoke(licenseId, std::get<outcome::Granted>(first).lease.seatId, 600s));
    const LeaseOutcome again = checkout(u"mallory@ws-6"_s);
    const auto *blocked = std::get_if<outcome::HolderBlocked>(&again);
    QVERIFY2(blocked, qPrintable(describe(again)));
    QCOMPARE(blocked->until, m_server->clock().now().addSecs(600));
}

void TestLeaseClient::tamperedLeaseIsRejected_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("offset"); // which character of the field's string value changes
    QTest::addColumn<bool>("onHeartbeat");
    QTest::newRow("signature byte in a checkout") << u"signature"_s << 10 << false;
    QTest::newRow("holder byte in a checkout") << u"holder"_s << 0 << false;
    QTest::newRow("signature byte in a heartbeat") << u"signature"_s << 10 << true;
    QTest::newRow("holder byte in a heartbeat") << u"holder"_s << 0 << true;
    QTest::newRow("expiry second in a heartbeat") << u"expiresAt"_s << 18 << true;
}

void TestLeaseClient::tamperedLeaseIsRejected()
{
    QFETCH(QString, field);
    QFETCH(int, offset);
    QFETCH(bool, onHeartbeat);
    m_client->setPublicKey(m_server->verifier());

    QString seatId;
    if (onHeartbeat) {
        const LeaseOutcome first = checkout(u"alice@ws-1"_s);
        QVERIFY(std::holds_alternative<outcome::Granted>(first));
        seatId = std::get<outcome::Granted>(first).lease.seatId;
    }
    // One character of the field's value becomes another of the same kind, so the JSON and the
    // lease still parse and only the signature can tell.
    const QRegularExpression pattern(u"\"%1\"\\s*:\\s*\""_s.arg(field));
    m_proxy->tamperResponses([pattern, offset](const QByteArray &response) {
        QByteArray copy = response;
        const auto match = pattern.match(QString::fromLatin1(response));
        if (!match.hasMatch())
            return copy;
        char &c = copy[match.capturedEnd() + offset];
        if (c >= '0' && c <= '9')
            c = c == '0' ? '1' : '0';
        else if (c == 'a' || c == 'A')
            c = char(c + 1);
        else
            c = std::islower(static_cast<unsigned char>(c)) ? 'a' : 'A';
        return copy;
    });
    const LeaseOutcome result = onHeartbeat ? heartbeat(seatId) : checkout(u"alice@ws-1"_s);
    QCOMPARE(m_proxy->tamperedResponses(), 1);
    const auto *protocol = std::get_if<outcome::Protocol>(&result);
    QVERIFY2(protocol, qPrintable(describe(result)));
    QVERIFY2(protocol->message.contains(u"signature"_s), qPrintable(protocol->message));
}

void TestLeaseClient::leaseSignedByAnotherKeyIsRejected()
{
    // A pinned key that is not the server's: every lease fails verification.
    m_client->setPublicKey(*LeaseVerifier::fromPublicKey(QByteArray(32, '\x07')));
    const LeaseOutcome result = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Protocol>(result), qPrintable(describe(result)));
}

void TestLeaseClient::droppedCheckoutAnswerCostsOneSeat_data()
{
    QTest::addColumn<int>("droppedAnswers");
    QTest::newRow("one answer lost") << 1;
    // Qt resends on a fresh connection a couple of times by itself; past that LeaseClient's own
    // retry, with the same requestId, has to do it.
    QTest::newRow("four answers lost") << 4;
}

void TestLeaseClient::droppedCheckoutAnswerCostsOneSeat()
{
    QFETCH(int, droppedAnswers);
    m_client->setPublicKey(m_server->verifier());
    m_client->setCheckoutRetries(3);
    for (int i = 0; i < droppedAnswers; ++i)
        m_proxy->dropNextResponse();
    const LeaseOutcome result = checkout(u"alice@ws-1"_s);
    QCOMPARE(m_proxy->droppedResponses(), droppedAnswers);
    const auto *granted = std::get_if<outcome::Granted>(&result);
    QVERIFY2(granted, qPrintable(describe(result)));
    const QList<QJsonObject> held = m_server->liveLeasesOf(licenseId, u"alice@ws-1"_s);
    QCOMPARE(held.size(), 1);
    QCOMPARE(held.first().value("seatId"_L1).toString(), granted->lease.seatId);
}

void TestLeaseClient::unreachableServerIsTransport_data()
{
    QTest::addColumn<bool>("blackhole");
    QTest::newRow("connections refused") << false;
    QTest::newRow("packets swallowed until the timeout") << true;
}

void TestLeaseClient::unreachableServerIsTransport()
{
    QFETCH(bool, blackhole);
    m_client->setPublicKey(m_server->verifier());
    m_client->setTransferTimeout(300ms);
    m_client->setCheckoutRetries(1);
    if (blackhole)
        m_proxy->setBlackhole(true);
    else
        m_proxy->setRefuse(true);
    const LeaseOutcome result = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Transport>(result), qPrintable(describe(result)));
    QVERIFY(describe(result).startsWith(u"server unreachable"_s));
    QVERIFY(m_server->liveLeasesOf(licenseId, u"alice@ws-1"_s).isEmpty());
}

void TestLeaseClient::cutNetworkSendsNothing()
{
    m_client->setNetworkCut(true);
    const int before = m_proxy->acceptedConnections();
    const LeaseOutcome result = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Transport>(result), qPrintable(describe(result)));
    QCOMPARE(m_proxy->acceptedConnections(), before);
    m_client->setNetworkCut(false);
    QVERIFY(std::holds_alternative<outcome::Granted>(checkout(u"alice@ws-1"_s)));
}

// An application's client towards a server whose certificate a private authority signed: refused
// (as unreachable, naming the certificate's fingerprint) until the authority is trusted.
void TestLeaseClient::httpsServerIsReachedOnceItsAuthorityIsTrusted()
{
    TestCertificates certificates;
    QVERIFY2(certificates.unavailableReason().isEmpty(), qPrintable(certificates.unavailableReason()));
    QString error;
    const auto pair = certificates.issue(u"server"_s, &error);
    QVERIFY2(pair, qPrintable(error));
    const auto authorities = TlsTrust::readCaFile(certificates.authority()->certificate, &error);
    QVERIFY2(authorities, qPrintable(error));
    const auto fingerprint = certificates.fingerprint(pair->certificate, &error);
    QVERIFY2(fingerprint, qPrintable(error));
    ServerProcess server;
    server.setTls(pair->certificate, pair->key);
    QVERIFY2(server.start(&error), qPrintable(error));
    TlsTrust trust;
    trust.addAuthorities(*authorities);

    // A manager of its own: Qt shares a manager's connections between its requests whatever their
    // TLS configuration, so a connection the trusting admin client opened would carry the untrusting
    // client's checkout without a handshake of its own.
    QNetworkAccessManager adminNetwork;
    AdminClient admin(adminNetwork, SystemClock::instance());
    admin.setServerUrl(server.url());
    admin.setAdminToken(server.adminToken());
    admin.setTlsTrust(trust);
    std::optional<AdminResult<LicenseWriteResult>> created;
    admin.putLicense(LicenseSpec {licenseId, u"CAD"_s, 2, 60, 5, 15}, this,
                     [&created](const AdminResult<LicenseWriteResult> &result) { created = result; });
    QTRY_VERIFY_WITH_TIMEOUT(created.has_value(), 10000);
    QVERIFY2(created->ok(), qPrintable(created->error.message));

    m_client->setServerUrl(server.url());
    m_client->setLicense(licenseId, created->value->key.toUtf8());
    m_client->setCheckoutRetries(0);
    const LeaseOutcome untrusted = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Transport>(untrusted), qPrintable(describe(untrusted)));
    QVERIFY2(describe(untrusted).contains(u"not trusted"_s) && describe(untrusted).contains(*fingerprint),
             qPrintable(describe(untrusted)));

    m_client->setTlsTrust(trust);
    const LeaseOutcome granted = checkout(u"alice@ws-1"_s);
    QVERIFY2(std::holds_alternative<outcome::Granted>(granted), qPrintable(describe(granted)));
    QVERIFY(std::holds_alternative<outcome::Released>(release(std::get<outcome::Granted>(granted).lease.seatId)));
    QVERIFY(server.terminate());
}

void TestLeaseClient::useCanned(CannedServer &canned)
{
    m_client->setServerUrl(canned.url());
    m_client->setPublicKey(*LeaseVerifier::fromPublicKey(canned.signer().publicKey()));
    m_client->setCheckoutRetries(0);
}

LeaseOutcome TestLeaseClient::cannedCheckout(CannedServer &, std::optional<std::chrono::seconds> maxWait)
{
    return await<LeaseOutcome>([&](QObject *context, LeaseClient::Callback done) {
        m_client->checkout(u"alice@ws-1"_s, context, std::move(done), maxWait);
    });
}

LeaseOutcome TestLeaseClient::cannedRenew(CannedServer &, const QString &id)
{
    return await<LeaseOutcome>(
        [&](QObject *context, LeaseClient::Callback done) { m_client->renewTicket(id, context, std::move(done)); });
}

void TestLeaseClient::checkoutThatWaitsIsQueued()
{
    CannedServer canned;
    useCanned(canned);
    canned.answer("POST", checkoutPath(), 202, {{u"ticket"_s, ticketJson(ticketId, 3, 5)}});
    const LeaseOutcome result = cannedCheckout(canned, 600s);
    const auto *queued = std::get_if<outcome::Queued>(&result);
    QVERIFY2(queued, qPrintable(describe(result)));
    QCOMPARE(queued->ticket.ticketId, ticketId);
    QCOMPARE(queued->ticket.position, 3);
    QCOMPARE(queued->ticket.waiting, 5);
    QCOMPARE(describe(result), u"waiting in line: position 3 of 5"_s);
    const QJsonObject sent = canned.requests().constFirst().body;
    QCOMPARE(sent.value(u"wait"_s), QJsonValue(true));
    QCOMPARE(sent.value(u"maxWaitSeconds"_s).toInteger(), 600);
    QCOMPARE(sent.value(u"holder"_s).toString(), u"alice@ws-1"_s);

    // Without a wait the body is as before, and a place in line is not an answer to it.
    canned.answer("POST", checkoutPath(), 202, {{u"ticket"_s, ticketJson(ticketId, 3, 5)}});
    const LeaseOutcome unasked = cannedCheckout(canned, std::nullopt);
    QVERIFY2(std::holds_alternative<outcome::Protocol>(unasked), qPrintable(describe(unasked)));
    QVERIFY(!canned.requests().last().body.contains(u"wait"_s));
}

void TestLeaseClient::ticketHeartbeatReportsThePositionThenTheLease()
{
    CannedServer canned;
    useCanned(canned);
    canned.answer("POST", checkoutPath(), 202, {{u"ticket"_s, ticketJson(ticketId, 2, 2)}});
    QVERIFY(std::holds_alternative<outcome::Queued>(cannedCheckout(canned, 60s)));

    canned.answer("POST", ticketPath(ticketId, true), 202, {{u"ticket"_s, ticketJson(ticketId, 1, 1)}});
    const LeaseOutcome moved = cannedRenew(canned, ticketId);
    QVERIFY2(std::holds_alternative<outcome::Queued>(moved), qPrintable(describe(moved)));
    QCOMPARE(std::get<outcome::Queued>(moved).ticket.position, 1);

    SeatLease lease;
    lease.licenseId = licenseId;
    lease.seatId = u"fedcba9876543210fedcba9876543210"_s;
    lease.holder = u"alice@ws-1"_s;
    lease.generation = 7;
    lease.issuedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 1), Qt::UTC);
    lease.expiresAt = lease.issuedAt.addSecs(60);
    QJsonObject grant {{u"lease"_s, leaseToJson(canned.signer().signLease(lease))}, {u"ticketId"_s, ticketId}};
    canned.answer("POST", ticketPath(ticketId, true), 200, grant);
    const LeaseOutcome granted = cannedRenew(canned, ticketId);
    const auto *held = std::get_if<outcome::Granted>(&granted);
    QVERIFY2(held, qPrintable(describe(granted)));
    QCOMPARE(held->lease.seatId, lease.seatId);
    QCOMPARE(held->lease.generation, quint64(7));

    // A granted lease is verified like any other: a tampered one is refused.
    lease.holder = u"mallory@ws-6"_s;
    QJsonObject forged = leaseToJson(canned.signer().signLease(lease));
    forged.insert(u"holder"_s, u"alice@ws-1"_s);
    canned.answer("POST", ticketPath(ticketId, true), 200, {{u"lease"_s, forged}, {u"ticketId"_s, ticketId}});
    const LeaseOutcome tampered = cannedRenew(canned, ticketId);
    QVERIFY2(std::holds_alternative<outcome::Protocol>(tampered), qPrintable(describe(tampered)));
    QVERIFY(describe(tampered).contains(u"signature"_s));
}

void TestLeaseClient::malformedQueueAnswersAreProtocol_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("named"); // what the Protocol message must name
    QTest::newRow("position is a string") << u"position"_s << QJsonValue(u"3"_s) << u"ticket.position"_s;
    QTest::newRow("negative waiting") << u"waiting"_s << QJsonValue(-1) << u"ticket.waiting"_s;
    QTest::newRow("ticket id not hex") << u"ticketId"_s << QJsonValue(u"XYZ"_s) << u"ticket.ticketId"_s;
    QTest::newRow("unknown state") << u"state"_s << QJsonValue(u"sleeping"_s) << u"ticket.state"_s;
    QTest::newRow("expiry missing") << u"expiresAt"_s << QJsonValue(QJsonValue::Undefined) << u"ticket.expiresAt"_s;
    QTest::newRow("another holder") << u"holder"_s << QJsonValue(u"bob@ws-2"_s) << u"bob@ws-2"_s;
    QTest::newRow("another license") << u"licenseId"_s << QJsonValue(u"other"_s) << u"license other"_s;
    QTest::newRow("no ticket at all") << QString() << QJsonValue() << u"ticket"_s;
}

void TestLeaseClient::malformedQueueAnswersAreProtocol()
{
    QFETCH(QString, member);
    QFETCH(QJsonValue, value);
    QFETCH(QString, named);
    CannedServer canned;
    useCanned(canned);
    QJsonObject ticket = ticketJson(ticketId, 3, 5);
    if (member.isEmpty())
        canned.answer("POST", checkoutPath(), 202, {{u"queued"_s, true}});
    else {
        if (value.isUndefined())
            ticket.remove(member);
        else
            ticket.insert(member, value);
        canned.answer("POST", checkoutPath(), 202, {{u"ticket"_s, ticket}});
    }
    const LeaseOutcome result = cannedCheckout(canned, 60s);
    const auto *protocol = std::get_if<outcome::Protocol>(&result);
    QVERIFY2(protocol, qPrintable(describe(result)));
    QVERIFY2(protocol->message.contains(named), qPrintable(protocol->message));
}

void TestLeaseClient::ticketLostCarriesItsReason_data()
{
    QTest::addColumn<QString>("reason");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("described");
    QTest::newRow("expired") << u"expired"_s << true << u"left the line: the ticket was not renewed in time"_s;
    QTest::newRow("timed out") << u"timed_out"_s << true
                               << u"left the line: no seat came free within the longest wait asked for"_s;
    QTest::newRow("gave up") << u"gave_up"_s << true << u"left the line: the place was given up"_s;
    QTest::newRow("revoked") << u"revoked"_s << true << u"left the line: an administrator removed it from the line"_s;
    QTest::newRow("unknown reason") << u"bored"_s << false << u"reason"_s;
    QTest::newRow("no reason") << QString() << false << u"reason"_s;
}

void TestLeaseClient::ticketLostCarriesItsReason()
{
    QFETCH(QString, reason);
    QFETCH(bool, valid);
    QFETCH(QString, described);
    CannedServer canned;
    useCanned(canned);
    QJsonObject body {{u"error"_s, u"ticket_lost"_s}, {u"message"_s, u"not in the line"_s}};
    if (!reason.isEmpty())
        body.insert(u"reason"_s, reason);
    canned.answer("POST", ticketPath(ticketId, true), 410, body);
    const LeaseOutcome result = cannedRenew(canned, ticketId);
    if (valid) {
        const auto *lost = std::get_if<outcome::TicketLost>(&result);
        QVERIFY2(lost, qPrintable(describe(result)));
        QCOMPARE(lost->reason, reason);
        QCOMPARE(describe(result), described);
    } else {
        QVERIFY2(std::holds_alternative<outcome::Protocol>(result), qPrintable(describe(result)));
        QVERIFY2(describe(result).contains(described), qPrintable(describe(result)));
    }
}

void TestLeaseClient::lostGrantIsRecoveredWithTheSameRequestId()
{
    CannedServer canned;
    useCanned(canned);
    canned.answer("POST", checkoutPath(), 202, {{u"ticket"_s, ticketJson(ticketId, 1, 1)}});
    QVERIFY(std::holds_alternative<outcome::Queued>(cannedCheckout(canned, 60s)));
    // The heartbeat that carried the lease was lost; the server no longer knows the ticket. The
    // client asks again with the checkout's requestId, and the server hands back that lease.
    canned.answer("POST", ticketPath(ticketId, true), 410,
                  {{u"error"_s, u"ticket_lost"_s}, {u"message"_s, u"gone"_s}, {u"reason"_s, u"unknown"_s}});
    SeatLease lease;
    lease.licenseId = licenseId;
    lease.seatId = u"fedcba9876543210fedcba9876543210"_s;
    lease.holder = u"alice@ws-1"_s;
    lease.generation = 3;
    lease.issuedAt = QDateTime(QDate(2026, 12, 1), QTime(10, 1), Qt::UTC);
    lease.expiresAt = lease.issuedAt.addSecs(60);
    canned.answer("POST", checkoutPath(), 200, {{u"lease"_s, leaseToJson(canned.signer().signLease(lease))}});
    const LeaseOutcome result = cannedRenew(canned, ticketId);
    QVERIFY2(std::holds_alternative<outcome::Granted>(result), qPrintable(describe(result)));
    const QList<CannedServer::Request> sent = canned.requests();
    QCOMPARE(sent.size(), 3);
    QCOMPARE(sent.at(2).path, checkoutPath());
    QCOMPARE(sent.at(2).body.value(u"requestId"_s), sent.at(0).body.value(u"requestId"_s));
    QCOMPARE(sent.at(2).body.value(u"wait"_s), QJsonValue(true));

    // A ticket this client never had is simply lost: nothing is sent again.
    canned.answer("POST", ticketPath(u"ffffffffffffffffffffffffffffffff"_s, true), 410,
                  {{u"error"_s, u"ticket_lost"_s}, {u"message"_s, u"gone"_s}, {u"reason"_s, u"unknown"_s}});
    const LeaseOutcome unknown = cannedRenew(canned, u"ffffffffffffffffffffffffffffffff"_s);
    QVERIFY2(std::holds_alternative<outcome::TicketLost>(unknown), qPrintable(describe(unknown)));
    QCOMPARE(canned.requests().size(), 4);
}

void TestLeaseClient::leavingTheLineIsIdempotent()
{
    CannedServer canned;
    useCanned(canned);
    canned.answer("DELETE", ticketPath(ticketId, false), 204);
    canned.answer("DELETE", ticketPath(ticketId, false), 410,
                  {{u"error"_s, u"ticket_lost"_s}, {u"message"_s, u"gone"_s}, {u"reason"_s, u"gave_up"_s}});
    canned.answer("DELETE", ticketPath(ticketId, false), 401,
                  {{u"error"_s, u"unauthorized"_s}, {u"message"_s, u"bad key"_s}});
    const auto leave = [&] {
        return await<ReleaseOutcome>([&](QObject *context, LeaseClient::ReleaseCallback done) {
            m_client->leaveQueue(ticketId, context, std::move(done));
        });
    };
    QVERIFY(std::holds_alternative<outcome::Released>(leave()));
    QVERIFY(std::holds_alternative<outcome::Released>(leave()));
    QVERIFY(std::holds_alternative<outcome::Unauthorized>(leave()));
    QCOMPARE(canned.requests().size(), 3);
}

void TestLeaseClient::ruleDenialsCarryTheirDecision()
{
    CannedServer canned;
    useCanned(canned);
    SeatDecision reserved;
    reserved.outcome = SeatDecision::Outcome::NoSeatsAvailable;
    reserved.usage.seatCount = 10;
    reserved.usage.inUse = 8;
    reserved.usage.reservations = {{u"render"_s, 4, 2}};
    reserved.reservedForOthers = 2;
    QJsonObject body = seatrules::denialToJson(reserved);
    body.insert(u"error"_s, u"no_seats_available"_s);
    body.insert(u"message"_s, u"8 of 10 seats are in use and the other 2 are reserved for render"_s);
    canned.answer("POST", checkoutPath(), 409, body);
    const LeaseOutcome noSeats = cannedCheckout(canned, std::nullopt);
    const auto *denied = std::get_if<outcome::NoSeats>(&noSeats);
    QVERIFY2(denied && denied->decision, qPrintable(describe(noSeats)));
    QCOMPARE(denied->decision->reservedForOthers, 2);
    QCOMPARE(denied->decision->usage.reservations.constFirst().group, u"render"_s);
    QCOMPARE(describe(noSeats), u"8 of 10 seats are in use and the other 2 are reserved for \"render\""_s);
    // An answer without the reservations (an older server) still says why, without the names.
    body.remove(u"reservations"_s);
    canned.answer("POST", checkoutPath(), 409, body);
    const LeaseOutcome unnamed = cannedCheckout(canned, std::nullopt);
    QCOMPARE(describe(unnamed), u"8 of 10 seats are in use and the other 2 are reserved for others"_s);

    SeatDecision capped;
    capped.outcome = SeatDecision::Outcome::GroupCapReached;
    capped.usage.seatCount = 10;
    capped.usage.inUse = 5;
    capped.group = u"contractors"_s;
    capped.cap = 3;
    capped.groupHeld = 3;
    body = seatrules::denialToJson(capped);
    body.insert(u"error"_s, u"group_cap_reached"_s);
    body.insert(u"message"_s, u"contractors already holds 3 of 3"_s);
    // The license's next expiry is another seat's, not one of the group's (walk 57): not quoted.
    body.insert(u"nextExpiry"_s, u"2026-12-06T10:22:50.000Z"_s);
    canned.answer("POST", checkoutPath(), 409, body);
    const LeaseOutcome cap = cannedCheckout(canned, std::nullopt);
    const auto *capDenied = std::get_if<outcome::NoSeats>(&cap);
    QVERIFY2(capDenied && capDenied->decision, qPrintable(describe(cap)));
    QCOMPARE(capDenied->decision->outcome, SeatDecision::Outcome::GroupCapReached);
    QCOMPARE(capDenied->seatCount, 10);
    QCOMPARE(describe(cap), u"group \"contractors\" already holds 3 of the 3 seats it may use"_s);

    SeatDecision deny;
    deny.outcome = SeatDecision::Outcome::HolderDenied;
    deny.entry = u"*@kiosk-*"_s;
    body = seatrules::denialToJson(deny);
    body.insert(u"error"_s, u"holder_not_allowed"_s);
    body.insert(u"message"_s, u"denied by *@kiosk-*"_s);
    canned.answer("POST", checkoutPath(), 403, body);
    const LeaseOutcome notAllowed = cannedCheckout(canned, 60s);
    const auto *refused = std::get_if<outcome::NotAllowed>(&notAllowed);
    QVERIFY2(refused, qPrintable(describe(notAllowed)));
    QCOMPARE(refused->decision.entry, u"*@kiosk-*"_s);
    QCOMPARE(describe(notAllowed), u"not allowed: the license's rules deny this holder (*@kiosk-*)"_s);
}

void TestLeaseClient::malformedDenialIsProtocol()
{
    CannedServer canned;
    useCanned(canned);
    canned.answer("POST", checkoutPath(), 409,
                  {{u"error"_s, u"group_cap_reached"_s}, {u"inUse"_s, 5}, {u"seatCount"_s, 10}, {u"cap"_s, 3}});
    const LeaseOutcome result = cannedCheckout(canned, std::nullopt);
    const auto *protocol = std::get_if<outcome::Protocol>(&result);
    QVERIFY2(protocol, qPrintable(describe(result)));
    QVERIFY2(protocol->message.contains(u"(group)"_s), qPrintable(protocol->message));
    canned.answer(
        "POST", checkoutPath(), 403,
        {{u"error"_s, u"holder_not_allowed"_s}, {u"inUse"_s, 1}, {u"seatCount"_s, 2}, {u"rule"_s, u"maybe"_s}});
    const LeaseOutcome badRule = cannedCheckout(canned, std::nullopt);
    QVERIFY2(std::holds_alternative<outcome::Protocol>(badRule), qPrintable(describe(badRule)));
    QVERIFY2(describe(badRule).contains(u"(rule)"_s), qPrintable(describe(badRule)));
}

void TestLeaseClient::invalidWaitIsRefusedBeforeSending()
{
    CannedServer canned;
    useCanned(canned);
    QVERIFY(std::holds_alternative<outcome::Protocol>(cannedCheckout(canned, 0s)));
    QVERIFY(std::holds_alternative<outcome::Protocol>(
        cannedCheckout(canned, std::chrono::seconds(QueueTicket::maxWaitSecondsLimit + 1))));
    QVERIFY(canned.requests().isEmpty());
}

void TestLeaseClient::realServerAnswersAWaitThatCannotHelpAsWithout()
{
    // A holder blocked by a revoke cannot wait it out: the real server answers as without a wait.
    const LeaseOutcome first = checkout(u"mallory@ws-6"_s);
    QVERIFY(std::holds_alternative<outcome::Granted>(first));
    QVERIFY(m_server->revoke(licenseId, std::get<outcome::Granted>(first).lease.seatId, 600s));
    const LeaseOutcome again = await<LeaseOutcome>([&](QObject *context, LeaseClient::Callback done) {
        m_client->checkout(u"mallory@ws-6"_s, context, std::move(done), 60s);
    });
    QVERIFY2(std::holds_alternative<outcome::HolderBlocked>(again), qPrintable(describe(again)));
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestLeaseClient)
#include "tst_leaseclient.moc"
