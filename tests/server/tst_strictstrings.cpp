#include "TestHttp.h"
#include "TestServer.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The strings clients send, against the real server in this process: only valid Unicode is
// accepted, and every length counts code points. What a user would notice: a retry takes the seat
// it took before and never a second one, and a refusal names the field at fault.
class TestStrictStrings : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void loneSurrogateIsRefusedNamingTheField_data();
    void loneSurrogateIsRefusedNamingTheField();
    void identicalRetriesTakeOneSeat_data();
    void identicalRetriesTakeOneSeat();
    void lengthsCountCodePoints_data();
    void lengthsCountCodePoints();

private:
    HttpResult checkoutRaw(const QByteArray &body);
    int rowsHeld();

    std::unique_ptr<TestServer> m_fixture;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_key;
};

void TestStrictStrings::init()
{
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http = std::make_unique<TestHttp>(m_fixture->url());
    m_key = m_fixture->createLicense(u"cad"_s, 10, 60s, 5s, 15s);
    QVERIFY(!m_key.isEmpty());
}

void TestStrictStrings::cleanup()
{
    m_http.reset();
    m_fixture.reset();
}

HttpResult TestStrictStrings::checkoutRaw(const QByteArray &body)
{
    return m_http->call("POST", u"/v1/licenses/cad/checkout"_s, body, "License " + m_key);
}

int TestStrictStrings::rowsHeld()
{
    return int(m_fixture->leases(u"cad"_s).value("leases"_L1).toArray().size());
}

void TestStrictStrings::loneSurrogateIsRefusedNamingTheField_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::newRow("requestId a\\ud800b") << R"({"holder":"alice","requestId":"a\ud800b"})"_ba << u"requestId"_s;
    QTest::newRow("requestId \\udfff alone") << R"({"holder":"alice","requestId":"\udfff"})"_ba << u"requestId"_s;
    QTest::newRow("holder a\\ud800b") << R"({"holder":"a\ud800b","requestId":"r-1"})"_ba << u"holder"_s;
}

void TestStrictStrings::loneSurrogateIsRefusedNamingTheField()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    // Four byte-identical sends, as the probe did: each one refused, none takes a seat.
    for (int send = 0; send < 4; ++send) {
        const HttpResult answer = checkoutRaw(body);
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.errorCode(), u"invalid_request"_s);
        QCOMPARE(answer.json().value("field"_L1).toString(), field);
        QVERIFY2(answer.json().value("message"_L1).toString().contains(u"Unicode"_s), answer.body.constData());
    }
    QCOMPARE(rowsHeld(), 0);
}

void TestStrictStrings::identicalRetriesTakeOneSeat_data()
{
    QTest::addColumn<QString>("requestId");
    QTest::newRow("ASCII") << u"7c1e9a"_s;
    QTest::newRow("accents") << u"réessai-ü"_s;
    QTest::newRow("emoji, a surrogate pair") << u"r-\U0001F600"_s;
    QTest::newRow("128 emoji") << u"\U0001F600"_s.repeated(128);
}

void TestStrictStrings::identicalRetriesTakeOneSeat()
{
    QFETCH(QString, requestId);
    const QByteArray body = R"({"holder":"alice@ws-12","requestId":")" + requestId.toUtf8() + R"("})";
    QString seat;
    for (int send = 0; send < 4; ++send) {
        const HttpResult answer = checkoutRaw(body);
        QCOMPARE(answer.status, 201);
        const QString seatId = answer.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
        if (send == 0)
            seat = seatId;
        QCOMPARE(seatId, seat);
    }
    QCOMPARE(m_fixture->liveLeasesOf(u"cad"_s, u"alice@ws-12"_s).size(), 1);
}

void TestStrictStrings::lengthsCountCodePoints_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<int>("codePoints");
    QTest::addColumn<int>("status");
    const QString emoji = u"\U0001F600"_s;
    for (const QString &member : {u"requestId"_s, u"holder"_s}) {
        QTest::addRow("%s of 128 emoji", qPrintable(member)) << member << 128 << 201;
        QTest::addRow("%s of 129 emoji", qPrintable(member)) << member << 129 << 400;
    }
}

void TestStrictStrings::lengthsCountCodePoints()
{
    QFETCH(QString, member);
    QFETCH(int, codePoints);
    QFETCH(int, status);
    const QString text = u"\U0001F600"_s.repeated(codePoints);
    QJsonObject body {{u"holder"_s, u"alice"_s}, {u"requestId"_s, u"r-1"_s}};
    body.insert(member, text);
    const HttpResult answer = m_http->post(u"/v1/licenses/cad/checkout"_s, body, "License " + m_key);
    QCOMPARE(answer.status, status);
    if (status == 400) {
        QCOMPARE(answer.json().value("field"_L1).toString(), member);
        QVERIFY2(answer.json().value("message"_L1).toString().contains(u"129"_s), answer.body.constData());
    }
}

QTEST_GUILESS_MAIN(TestStrictStrings)
#include "tst_strictstrings.moc"
