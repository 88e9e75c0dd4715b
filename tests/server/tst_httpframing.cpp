#include "RawConnection.h"
#include "ServerProcess.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

// The HTTP front end of the real keyright-server against what a hostile or broken client sends
// (issue 15): every ambiguous framing is refused with one 400 and a close, never read as two
// requests; limits answer 413/431 before the body; unsupported versions and methods are named;
// HTTP/1.0 and Connection: close are honoured; TLS still works.
class TestHttpFraming : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void badFramingGetsOneAnswerAndClose_data();
    void badFramingGetsOneAnswerAndClose();
    void smugglingProbeGetsExactlyOneAnswer();
    void refusals_data();
    void refusals();
    void bodyTooLargeIsRefusedBeforeTheBody();
    void chunkedBodyIsRefusedOnceOverTheLimit();
    void closesAfterAnswer_data();
    void closesAfterAnswer();
    void percentEncodedDelimitersReachNoRoute_data();
    void percentEncodedDelimitersReachNoRoute();
    void keepAliveAndPipelining();
    void tlsStillWorks();
    void anEd25519TlsKeyIsRefusedByItsKind();

private:
    ServerProcess m_server;
};

namespace {

const QByteArray checkout = "POST /v1/licenses/acme-cad/checkout HTTP/1.1\r\nHost: x\r\n";
const QByteArray embeddedGet = "GET /v1/time HTTP/1.1\r\nHost: x\r\n\r\n";

QJsonObject json(const RawConnection::Response &response)
{
    return QJsonDocument::fromJson(response.body).object();
}

} // namespace

void TestHttpFraming::initTestCase()
{
    m_server.setExtraArguments({u"--demo"_s});
    QString error;
    QVERIFY2(m_server.start(&error), qPrintable(error));
}

void TestHttpFraming::cleanupTestCase()
{
    QVERIFY(m_server.terminate());
}

void TestHttpFraming::badFramingGetsOneAnswerAndClose_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QString>("mentions"); // a word the message must have: it names the problem

    for (const QByteArray &length : {"-1"_ba, "abc"_ba, "0x10"_ba, ""_ba, "99999999999999999999"_ba, "2, 2"_ba})
        QTest::newRow(("Content-Length: " + length).constData())
            << checkout + "Content-Length: " + length + "\r\n\r\n{}" + embeddedGet << u"Content-Length"_s;
    QTest::newRow("duplicate Content-Length, same value")
        << checkout + "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}" + embeddedGet << u"Content-Length"_s;
    QTest::newRow("duplicate Content-Length, two values")
        << checkout + "Content-Length: 2\r\nContent-Length: 40\r\n\r\n{}" + embeddedGet << u"Content-Length"_s;
    QTest::newRow("Content-Length with Transfer-Encoding")
        << checkout + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + embeddedGet
        << u"Transfer-Encoding"_s;
    QTest::newRow("Transfer-Encoding: gzip, chunked")
        << checkout + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n" + embeddedGet << u"Transfer-Encoding"_s;
    QTest::newRow("Transfer-Encoding: chunked, gzip")
        << checkout + "Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n" + embeddedGet << u"Transfer-Encoding"_s;
    QTest::newRow("Transfer-Encoding twice")
        << checkout + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + embeddedGet
        << u"Transfer-Encoding"_s;
    QTest::newRow("malformed chunk size") << checkout + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
                                          << u"chunked"_s;
    QTest::newRow("header line without colon") << "GET /v1/health HTTP/1.1\r\nHost x\r\n\r\n"_ba << u"header"_s;
    QTest::newRow("space before colon") << "GET /v1/health HTTP/1.1\r\nHost : x\r\n\r\n"_ba << u"header"_s;
    QTest::newRow("HTTP/1.10") << "GET /v1/health HTTP/1.10\r\nHost: x\r\n\r\n"_ba << u"version"_s;
    QTest::newRow("no version") << "GET /v1/health\r\nHost: x\r\n\r\n"_ba << u"request line"_s;
    QTest::newRow("TLS bytes on the plain port")
        << QByteArray::fromHex("16030100a5010000a10303") + QByteArray(160, '\x01') << u"TLS"_s;
    QTest::newRow("absolute-form target") << "GET http://x/v1/health HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"path"_s;
    QTest::newRow("duplicate Authorization")
        << checkout + "Authorization: License a\r\nAuthorization: License b\r\nContent-Length: 2\r\n\r\n{}"
        << u"Authorization"_s;

    // Issue 24's second probe. Today's answers: the folded Transfer-Encoding was unfolded and read
    // as chunked (201 with a key; here 401, then 200 for the GET behind it), the others as noted.
    QTest::newRow("obs-fold in Transfer-Encoding")
        << checkout + "Transfer-Encoding:\r\n\tchunked\r\n\r\n0\r\n\r\n" + embeddedGet << u"obs-fold"_s;
    QTest::newRow("obs-fold in Content-Length")
        << checkout + "Content-Length:\r\n 2\r\n\r\n{}" + embeddedGet << u"obs-fold"_s;
    QTest::newRow("no Host (200)") << "GET /v1/health HTTP/1.1\r\n\r\n"_ba << u"Host"_s;
    QTest::newRow("two Hosts (200)") << "GET /v1/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"_ba << u"Host"_s;
    QTest::newRow("raw space in the path (505)")
        << "GET /v1/licenses/acme cad/leases HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"space"_s;
    QTest::newRow("bare LF line endings (505)") << "GET /v1/health HTTP/1.1\nHost: x\n\n"_ba << u"bare LF"_s;
    QTest::newRow("encoded slash in the path (200)")
        << "GET /v1/licenses/acme-cad%2Fleases HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"%2F"_s;
    // The message quotes the escape as sent, not upper-cased ("%2f" was echoed as "%2F").
    QTest::newRow("encoded slash in lower case")
        << "GET /v1/licenses/acme-cad%2fleases HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"(%2f)"_s;
    QTest::newRow("encoded letter in the path (200)") << "GET /%6Detrics HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"%6D"_s;
    // Answered 408 only at the 30 s body timeout; readUntilClosed waits 5 s.
    QTest::newRow("bare LF chunk-size lines (408 after 30 s)") << checkout
            + "Transfer-Encoding: chunked\r\n\r\n2\n{}\n0\n\n" << u"chunked"_s;
    QTest::newRow("trailer after a chunked body")
        << checkout + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nAuthorization: License x\r\n\r\n"
        << u"trailer"_s;
}

void TestHttpFraming::badFramingGetsOneAnswerAndClose()
{
    QFETCH(QByteArray, request);
    QFETCH(QString, mentions);
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(request));
    bool closed = false;
    const QByteArray received = connection.readUntilClosed(&closed);
    QVERIFY2(closed, received.constData());
    QCOMPARE(RawConnection::countResponses(received), 1);
    QVERIFY2(received.startsWith("HTTP/1.1 400 "), received.constData());
    const QJsonObject body = QJsonDocument::fromJson(received.sliced(received.indexOf("\r\n\r\n") + 4)).object();
    QCOMPARE(body.value(u"error"_s).toString(), u"bad_request"_s);
    QVERIFY2(body.value(u"message"_s).toString().contains(mentions), received.constData());
}

void TestHttpFraming::smugglingProbeGetsExactlyOneAnswer()
{
    // The probe: QtHttpServer read Content-Length: -1 as 0 and answered the "body" as a
    // second request (400, then 200).
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(checkout + "Content-Length: -1\r\n\r\n" + embeddedGet));
    bool closed = false;
    const QByteArray received = connection.readUntilClosed(&closed);
    QVERIFY(closed);
    QCOMPARE(RawConnection::countResponses(received), 1);
    QVERIFY2(!received.contains("\"now\""), received.constData());
}

void TestHttpFraming::refusals_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<QString>("field");

    QByteArray manyFields = "GET /v1/health HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 101; ++i)
        manyFields += "X-Filler-" + QByteArray::number(i) + ": y\r\n";
    // The issue: beyond 100 fields QtHttpServer dropped Authorization and the 401 named the wrong
    // problem. Now the request is refused for what it is.
    QTest::newRow("101 header fields, Authorization last") << manyFields + "Authorization: Bearer x\r\n\r\n"
                                                           << 431 << u"headers_too_large"_s << u"100"_s << QString();
    QTest::newRow("header over 16 KiB") << "GET /v1/health HTTP/1.1\r\nX-Big: " + QByteArray(17 * 1024, 'a')
            + "\r\n\r\n" << 431 << u"headers_too_large"_s
                                        << u"bytes"_s << QString();
    QTest::newRow("HTTP/2.0") << "GET /v1/health HTTP/2.0\r\nHost: x\r\n\r\n"_ba << 505
                              << u"http_version_not_supported"_s << u"HTTP/2.0"_s << QString();
    QTest::newRow("HTTP/1.2") << "GET /v1/health HTTP/1.2\r\nHost: x\r\n\r\n"_ba << 505
                              << u"http_version_not_supported"_s << u"HTTP/1.2"_s << QString();
    QTest::newRow("unknown method") << "BREW /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 501 << u"not_implemented"_s
                                    << u"BREW"_s << QString();
    QTest::newRow("standard method the path lacks") << "PATCH /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 405
                                                    << u"method_not_allowed"_s << u"PATCH"_s << QString();
    QTest::newRow("query parameter without a name") << "POST /v1/reap?= HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 400
                                                    << u"invalid_request"_s << u"without a name"_s << u"query"_s;
    // Issue 24: read as U+FFFD and answered 200 (here 401: no token); a body that is not UTF-8 is
    // a 400, and so is this.
    QTest::newRow("query parameter that is not UTF-8") << "GET /v1/events?holder=%ff HTTP/1.1\r\nHost: x\r\n\r\n"_ba
                                                       << 400 << u"invalid_request"_s << u"UTF-8"_s << u"holder"_s;
}

void TestHttpFraming::refusals()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, mentions);
    QFETCH(QString, field);
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(request));
    const auto response = connection.readResponse();
    QCOMPARE(response.status, status);
    QCOMPARE(json(response).value(u"error"_s).toString(), code);
    QVERIFY2(json(response).value(u"message"_s).toString().contains(mentions), response.body.constData());
    QCOMPARE(json(response).value(u"field"_s).toString(), field);
    if (status == 405)
        return; // a refusal of the API, not of the message: the connection stays usable
    QCOMPARE(response.header("Connection"), "close"_ba);
    QVERIFY(connection.waitClosed(std::chrono::seconds {5}));
}

void TestHttpFraming::bodyTooLargeIsRefusedBeforeTheBody()
{
    // Only the header is sent: the 413 must come from Content-Length alone.
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(checkout + "Content-Length: 100000000\r\n\r\n"));
    const auto response = connection.readResponse();
    QCOMPARE(response.status, 413);
    QCOMPARE(json(response).value(u"error"_s).toString(), u"payload_too_large"_s);
    QVERIFY(connection.waitClosed(std::chrono::seconds {5}));
}

void TestHttpFraming::chunkedBodyIsRefusedOnceOverTheLimit()
{
    // QtHttpServer never answered a chunked 1 GB body with 413. Chunks of 4 KiB are sent until
    // the answer comes; it must come soon after the 16 KiB limit, not at the end of the body.
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(checkout + "Transfer-Encoding: chunked\r\n\r\n"));
    const QByteArray chunk = "1000\r\n" + QByteArray(4096, 'a') + "\r\n";
    qint64 sent = 0;
    while (sent < 1024 * 1024 && !connection.hasAnswer(std::chrono::milliseconds {20})) {
        if (!connection.send(chunk))
            break;
        sent += 4096;
    }
    const auto response = connection.readResponse();
    QCOMPARE(response.status, 413);
    QVERIFY2(sent < 256 * 1024, qPrintable(QString::number(sent)));
}

void TestHttpFraming::closesAfterAnswer_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("statusLine");
    QTest::newRow("HTTP/1.0") << "GET /v1/health HTTP/1.0\r\n\r\n"_ba
                              << "HTTP/1.0 200 OK"_ba;
    QTest::newRow("Connection: close") << "GET /v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"_ba
                                       << "HTTP/1.1 200 OK"_ba;
}

void TestHttpFraming::closesAfterAnswer()
{
    // A client that reads to end-of-file (HTTP/1.0 style) must get it right after the answer.
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, statusLine);
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(request));
    bool closed = false;
    const QByteArray received = connection.readUntilClosed(&closed, std::chrono::seconds {3});
    QVERIFY2(closed, received.constData());
    QVERIFY2(received.startsWith(statusLine), received.constData());
    QVERIFY(received.contains("Connection: close\r\n"));
    QCOMPARE(RawConnection::countResponses(received), 1);
}

void TestHttpFraming::percentEncodedDelimitersReachNoRoute_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("mentions");
    // Issue 24, with the admin token: 200 (the lease listing), 200 (the metrics) and 409 (the
    // token route, for /v1/tokens/bootstrap).
    QTest::newRow("licenses/acme-cad%2Fleases") << "/v1/licenses/acme-cad%2Fleases"_ba
                                                << "GET"_ba << u"%2F"_s;
    QTest::newRow("%6Detrics") << "/%6Detrics"_ba
                               << "GET"_ba << u"%6D"_s;
    QTest::newRow("tokens%2Fbootstrap") << "/v1/tokens%2Fbootstrap"_ba
                                        << "DELETE"_ba << u"%2F"_s;
    QTest::newRow("licenses/../metrics") << "/v1/licenses/../../metrics"_ba
                                         << "GET"_ba << u".."_s;
}

void TestHttpFraming::percentEncodedDelimitersReachNoRoute()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, method);
    QFETCH(QString, mentions);
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send(method + ' ' + target + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                            + m_server.adminToken() + "\r\n\r\n"));
    const auto response = connection.readResponse();
    QCOMPARE(response.status, 400);
    QCOMPARE(json(response).value(u"error"_s).toString(), u"bad_request"_s);
    QVERIFY2(json(response).value(u"message"_s).toString().contains(mentions), response.body.constData());
    QVERIFY(connection.waitClosed(std::chrono::seconds {5}));
}

void TestHttpFraming::keepAliveAndPipelining()
{
    // The strictness costs nothing to well-behaved clients: keep-alive, HTTP/1.0 keep-alive,
    // pipelined requests answered in order.
    RawConnection connection;
    QVERIFY(connection.open(m_server.port()));
    QVERIFY(connection.send("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"));
    QCOMPARE(connection.readResponse().status, 200);
    QVERIFY(connection.send("GET /v1/time HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n"
                            "GET /v1/health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"));
    QCOMPARE(connection.readResponse().status, 200);
    QCOMPARE(connection.readResponse().status, 404);
    const auto kept = connection.readResponse();
    QCOMPARE(kept.status, 200);
    QCOMPARE(kept.header("Connection"), "keep-alive"_ba);
    QVERIFY(connection.isOpen());
    // A chunked body within the limit is read whole.
    QVERIFY(connection.send("PUT /v1/licenses/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                            "2\r\n{}\r\n0\r\n\r\n"));
    QCOMPARE(connection.readResponse().status, 401);
}

void TestHttpFraming::tlsStillWorks()
{
    const QString openssl = QStandardPaths::findExecutable(u"openssl"_s);
    if (openssl.isEmpty())
        QSKIP("openssl is not installed; it makes the test certificate");
    QTemporaryDir dir;
    const QString cert = QDir(dir.path()).filePath(u"cert.pem"_s);
    const QString key = QDir(dir.path()).filePath(u"key.pem"_s);
    QProcess make;
    make.start(openssl,
               {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s, u"-nodes"_s,
                u"-days"_s, u"1"_s, u"-subj"_s, u"/CN=127.0.0.1"_s, u"-keyout"_s, key, u"-out"_s, cert});
    QVERIFY(make.waitForFinished(20000));
    QCOMPARE(make.exitCode(), 0);

    // ServerProcess probes /v1/health over plain HTTP, so this one is started by hand.
    const quint16 port = ServerProcess::pickFreePort();
    QVERIFY(port != 0);
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(ServerProcess::binaryPath(),
                 {u"--listen"_s, u"127.0.0.1:%1"_s.arg(port), u"--data-dir"_s, QDir(dir.path()).filePath(u"data"_s),
                  u"--tls-cert"_s, cert, u"--tls-key"_s, key});
    QVERIFY(server.waitForStarted(10000));
    RawConnection connection;
    bool encrypted = false;
    for (int attempt = 0; attempt < 100 && !encrypted && server.state() == QProcess::Running; ++attempt) {
        encrypted = connection.open(port, {}, true, std::chrono::seconds {2});
        if (!encrypted)
            QTest::qWait(100);
    }
    QVERIFY2(encrypted, server.readAll().constData());
    QVERIFY(connection.send("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"));
    QCOMPARE(connection.readResponse().status, 200);
    QVERIFY(connection.send("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"));
    QCOMPARE(connection.readResponse().status, 200);
    // The framing rules hold behind TLS too.
    QVERIFY(connection.send(checkout + "Content-Length: -1\r\n\r\n" + embeddedGet));
    bool closed = false;
    const QByteArray received = connection.readUntilClosed(&closed);
    QCOMPARE(RawConnection::countResponses(received), 1);
    QVERIFY2(received.startsWith("HTTP/1.1 400"), received.constData());
    server.terminate();
    QVERIFY(server.waitForFinished(10000));
}

void TestHttpFraming::anEd25519TlsKeyIsRefusedByItsKind()
{
    // Qt's TLS takes RSA and EC keys only; an Ed25519 key (what `openssl req -newkey ed25519`
    // makes) was refused as "not an unencrypted PEM private key", which it is.
    const QString openssl = QStandardPaths::findExecutable(u"openssl"_s);
    if (openssl.isEmpty())
        QSKIP("openssl is not installed; it makes the test certificate");
    QTemporaryDir dir;
    const QString cert = QDir(dir.path()).filePath(u"cert.pem"_s);
    const QString key = QDir(dir.path()).filePath(u"key.pem"_s);
    QProcess make;
    make.start(openssl,
               {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ed25519"_s, u"-nodes"_s, u"-days"_s, u"1"_s, u"-subj"_s,
                u"/CN=127.0.0.1"_s, u"-keyout"_s, key, u"-out"_s, cert});
    QVERIFY(make.waitForFinished(20000));
    QCOMPARE(make.exitCode(), 0);
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(ServerProcess::binaryPath(),
                 {u"--listen"_s, u"127.0.0.1:%1"_s.arg(ServerProcess::pickFreePort()), u"--data-dir"_s,
                  QDir(dir.path()).filePath(u"data"_s), u"--tls-cert"_s, cert, u"--tls-key"_s, key});
    QVERIFY(server.waitForFinished(20000));
    const QString said = QString::fromUtf8(server.readAll());
    QVERIFY(server.exitCode() != 0);
    QVERIFY2(said.contains(key) && said.contains(u"Ed25519"_s) && said.contains(u"ec_paramgen_curve:P-256"_s),
             qPrintable(said));
}

QTEST_GUILESS_MAIN(TestHttpFraming)
#include "tst_httpframing.moc"
