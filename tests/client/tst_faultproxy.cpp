#include "FaultProxy.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QPointer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

// A minimal HTTP/1.1 server for GET requests: answers each with "hello <n>", n counting every
// request it has seen, optionally in two separate writes (head, then body) to test framing.
class CountingHttpServer final : public QObject
{
public:
    CountingHttpServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { serve(socket); });
        });
    }

    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    quint16 port() const { return m_server.serverPort(); }
    int requests() const { return m_requests; }
    void setSplitWrites(bool split) { m_split = split; }

private:
    void serve(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        qsizetype end;
        while ((end = buffer.indexOf("\r\n\r\n")) >= 0) {
            buffer.remove(0, end + 4);
            const QByteArray body = "hello " + QByteArray::number(++m_requests);
            const QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\n\r\n";
            if (m_split) {
                socket->write(head);
                socket->flush();
                QTimer::singleShot(30ms, socket, [socket, body] { socket->write(body); });
            } else {
                socket->write(head + body);
            }
        }
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    int m_requests = 0;
    bool m_split = false;
};

class TestFaultProxy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void forwardsRequestsAndAnswers();
    void refuseFailsAtOnceWithoutReachingTheServer();
    void blackholeLeavesTheClientToItsTimeout();
    void delayHoldsRequestsBack();
    void droppedResponseReachedTheServer();
    void tamperRewritesEachResponse_data();
    void tamperRewritesEachResponse();

private:
    struct Result
    {
        QNetworkReply::NetworkError error = QNetworkReply::NoError;
        QByteArray body;
        qint64 elapsedMs = 0;
    };
    Result get(std::chrono::milliseconds timeout = 3s);

    std::unique_ptr<CountingHttpServer> m_upstream;
    std::unique_ptr<FaultProxy> m_proxy;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

void TestFaultProxy::init()
{
    m_upstream = std::make_unique<CountingHttpServer>();
    QVERIFY(m_upstream->listen());
    m_proxy = std::make_unique<FaultProxy>();
    QString error;
    QVERIFY2(m_proxy->start(QHostAddress(QHostAddress::LocalHost), m_upstream->port(), &error), qPrintable(error));
    QVERIFY(m_proxy->port() != 0);
    m_network = std::make_unique<QNetworkAccessManager>();
    m_network->setProxy(QNetworkProxy::NoProxy);
}

void TestFaultProxy::cleanup()
{
    m_network.reset();
    m_proxy.reset();
    m_upstream.reset();
}

TestFaultProxy::Result TestFaultProxy::get(std::chrono::milliseconds timeout)
{
    QUrl url = m_proxy->url();
    url.setPath(u"/anything"_s);
    QNetworkRequest request(url);
    request.setTransferTimeout(int(timeout.count()));
    QElapsedTimer elapsed;
    elapsed.start();
    QNetworkReply *reply = m_network->get(request);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(int(timeout.count()) + 5000);
    Result result;
    result.error = reply->error();
    if (reply->isOpen())
        result.body = reply->readAll();
    result.elapsedMs = elapsed.elapsed();
    reply->deleteLater();
    return result;
}

void TestFaultProxy::forwardsRequestsAndAnswers()
{
    const Result first = get();
    QCOMPARE(first.error, QNetworkReply::NoError);
    QCOMPARE(first.body, "hello 1"_ba);
    const Result second = get();
    QCOMPARE(second.body, "hello 2"_ba);
    QCOMPARE(m_upstream->requests(), 2);
}

void TestFaultProxy::refuseFailsAtOnceWithoutReachingTheServer()
{
    QCOMPARE(get().error, QNetworkReply::NoError); // an open keep-alive connection must be cut too
    m_proxy->setRefuse(true);
    const Result refused = get(5s);
    QVERIFY2(refused.error != QNetworkReply::NoError, "a refusing proxy let a request through");
    QVERIFY2(refused.elapsedMs < 2000, "refusal should fail fast, not wait for the timeout");
    QCOMPARE(m_upstream->requests(), 1);

    m_proxy->setRefuse(false);
    QCOMPARE(get().body, "hello 2"_ba);
}

void TestFaultProxy::blackholeLeavesTheClientToItsTimeout()
{
    m_proxy->setBlackhole(true);
    const Result lost = get(300ms);
    QVERIFY(lost.error == QNetworkReply::OperationCanceledError || lost.error == QNetworkReply::TimeoutError);
    QVERIFY2(lost.elapsedMs >= 250, "a blackhole must not answer at all");
    QCOMPARE(m_upstream->requests(), 0);

    m_proxy->setBlackhole(false);
    QCOMPARE(get().body, "hello 1"_ba);
}

void TestFaultProxy::delayHoldsRequestsBack()
{
    m_proxy->setDelay(300ms);
    const Result slow = get();
    QCOMPARE(slow.error, QNetworkReply::NoError);
    QVERIFY2(slow.elapsedMs >= 280, qPrintable(u"answered after %1 ms"_s.arg(slow.elapsedMs)));
}

void TestFaultProxy::droppedResponseReachedTheServer()
{
    m_proxy->dropNextResponse();
    get();
    // The server acted on the request even though its answer never arrived (Qt may resend the
    // request by itself on a fresh connection, which the server then also sees).
    QVERIFY(m_upstream->requests() >= 1);
    QCOMPARE(m_proxy->droppedResponses(), 1);
    const int seen = m_upstream->requests();
    const Result after = get();
    QCOMPARE(after.error, QNetworkReply::NoError);
    QCOMPARE(after.body, "hello " + QByteArray::number(seen + 1));
}

void TestFaultProxy::tamperRewritesEachResponse_data()
{
    QTest::addColumn<bool>("splitWrites");
    QTest::newRow("response in one write") << false;
    QTest::newRow("head and body in separate writes") << true;
}

void TestFaultProxy::tamperRewritesEachResponse()
{
    QFETCH(bool, splitWrites);
    m_upstream->setSplitWrites(splitWrites);
    m_proxy->tamperResponses([](const QByteArray &response) {
        QByteArray copy = response;
        return copy.replace("hello", "jello");
    });
    QCOMPARE(get().body, "jello 1"_ba);
    QCOMPARE(get().body, "jello 2"_ba); // the same keep-alive connection, framed per response
    QCOMPARE(m_proxy->tamperedResponses(), 2);

    m_proxy->tamperResponses({});
    QCOMPARE(get().body, "hello 3"_ba);
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestFaultProxy)
#include "tst_faultproxy.moc"
