#include "FaultProxy.h"
#include "LeaseClient.h"
#include "TestServer.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QRegularExpression>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {
const QString licenseId = u"cad"_s;
constexpr int seatCount = 2;
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

private:
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

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestLeaseClient)
#include "tst_leaseclient.moc"
