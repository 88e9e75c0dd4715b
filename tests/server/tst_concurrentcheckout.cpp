#include "HttpBurst.h"
#include "TestHttp.h"
#include "TestServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// Two clients asking for the last seat at the same moment must not both win: fifty checkouts
// sent at once, each on its own connection, on a ten-seat license grant exactly ten.
class TestConcurrentCheckout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void fiftyRacersTenSeats();

private:
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_admin;
};

void TestConcurrentCheckout::initTestCase()
{
    m_server = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_server);
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_admin = m_server->adminAuthorization();
    m_http = std::make_unique<TestHttp>(m_server->url());
}

void TestConcurrentCheckout::cleanupTestCase()
{
    m_http.reset();
    m_server.reset();
}

void TestConcurrentCheckout::fiftyRacersTenSeats()
{
    constexpr int rounds = 20;
    constexpr int racers = 50;
    constexpr int seats = 10;
    for (int round = 0; round < rounds; ++round) {
        const QString license = u"race-%1"_s.arg(round);
        const auto created = m_http->put(
            u"/v1/licenses/"_s + license,
            {{u"seatCount"_s, seats}, {u"ttlSeconds"_s, 60}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 15}},
            m_admin);
        QCOMPARE(created.status, 201);
        const QByteArray auth = "License " + created.json().value("key"_L1).toString().toLatin1();
        QList<QByteArray> requests;
        for (int i = 0; i < racers; ++i)
            requests.append(HttpBurst::request("POST", "/v1/licenses/" + license.toLatin1() + "/checkout", auth,
                                               R"({"holder":"racer-)" + QByteArray::number(i) + R"("})"));
        const auto replies = HttpBurst::send(QHostAddress::LocalHost, m_server->port(), requests);
        int granted = 0;
        int refused = 0;
        QSet<QString> seatIds;
        for (const auto &reply : replies) {
            if (reply.status == 201) {
                ++granted;
                seatIds.insert(QJsonDocument::fromJson(reply.body)["lease"_L1]["seatId"_L1].toString());
            } else if (reply.status == 409) {
                ++refused;
            }
        }
        QCOMPARE(granted + refused, racers);
        QCOMPARE(granted, seats);
        QCOMPARE(seatIds.size(), seats);
        const auto listing = m_http->get(u"/v1/licenses/%1/leases"_s.arg(license), m_admin).json();
        QCOMPARE(listing.value("inUse"_L1).toInt(), seats);
        QCOMPARE(listing.value("leases"_L1).toArray().size(), seats);
    }
}

// The same cases on PostgreSQL (KEYRIGHT_TEST_STORE=postgres, ctest's tst_concurrentcheckout_postgres).
class TestConcurrentCheckoutOnPostgres final : public TestConcurrentCheckout
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestConcurrentCheckout)
#include "tst_concurrentcheckout.moc"
