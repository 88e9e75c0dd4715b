#include "http/ApiRoute.h"
#include "http/HttpLimits.h"
#include "http/HttpRequestDecoder.h"
#include "http/ListenAddress.h"
#include "http/RequestParsing.h"
#include "http/RequestTarget.h"
#include "store/StoreTypes.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;
using namespace keyright::server;

// The socket-free half of the HTTP layer: what a client sends is either turned into a complete,
// valid value or refused with the status and the name of the field at fault.
class TestRequestParsing : public QObject
{
    Q_OBJECT

private slots:
    void routes_data();
    void routes();
    void bodySizeLimit();
    void checkoutBody_data();
    void checkoutBody();
    void acknowledgeBody_data();
    void acknowledgeBody();
    void writeOffBody_data();
    void writeOffBody();
    void borrowBody_data();
    void borrowBody();
    void licenseSpec_data();
    void licenseSpec();
    void revokeBody_data();
    void revokeBody();
    void groupsAndRulesBodies_data();
    void groupsAndRulesBodies();
    void tokenSpec_data();
    void tokenSpec();
    void eventQuery_data();
    void eventQuery();
    void dryRun_data();
    void dryRun();
    void backupQuery_data();
    void backupQuery();
    void credential_data();
    void credential();
    void listenAddress_data();
    void listenAddress();
    void requestTarget_data();
    void requestTarget();
    void decoderRefuses_data();
    void decoderRefuses();
    void decoderAccepts_data();
    void decoderAccepts();
    void storedTextIsRefusedWithNonCharacters_data();
    void storedTextIsRefusedWithNonCharacters();
    void databaseTroubleIsAnsweredForTheCase();
};

namespace {
const QString seat = u"0123456789abcdef0123456789abcdef"_s;
}

void TestRequestParsing::routes_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status"); // 0: matched
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("field");

    using K = ApiRoute::Kind;
    QTest::newRow("health") << "GET"_ba << u"/v1/health"_s << 0 << int(K::Health) << QString();
    QTest::newRow("checkout") << "POST"_ba << u"/v1/licenses/acme-cad/checkout"_s << 0 << int(K::Checkout) << QString();
    QTest::newRow("heartbeat") << "POST"_ba << u"/v1/licenses/acme-cad/seats/%1/heartbeat"_s.arg(seat) << 0
                               << int(K::Heartbeat) << QString();
    QTest::newRow("borrow") << "POST"_ba << u"/v1/licenses/acme-cad/borrow"_s << 0 << int(K::Borrow) << QString();
    QTest::newRow("acknowledge") << "POST"_ba << u"/v1/alerts/42/acknowledge"_s << 0 << int(K::AcknowledgeAlert)
                                 << QString();
    QTest::newRow("acknowledge a malformed id")
        << "POST"_ba << u"/v1/alerts/042/acknowledge"_s << 400 << int(K::AcknowledgeAlert) << u"alertId"_s;
    QTest::newRow("return borrowed") << "DELETE"_ba << u"/v1/licenses/acme-cad/borrow/%1"_s.arg(seat) << 0
                                     << int(K::ReturnBorrowed) << QString();
    QTest::newRow("release") << "DELETE"_ba << u"/v1/licenses/acme-cad/seats/%1"_s.arg(seat) << 0 << int(K::Release)
                             << QString();
    QTest::newRow("revoke") << "POST"_ba << u"/v1/licenses/a/seats/%1/revoke"_s.arg(seat) << 0 << int(K::Revoke)
                            << QString();
    QTest::newRow("put license") << "PUT"_ba << u"/v1/licenses/x-1"_s << 0 << int(K::PutLicense) << QString();
    QTest::newRow("metrics") << "GET"_ba << u"/metrics"_s << 0 << int(K::Metrics) << QString();
    QTest::newRow("unknown route") << "GET"_ba << u"/v2/health"_s << 404 << 0 << QString();
    QTest::newRow("trailing slash") << "GET"_ba << u"/v1/health/"_s << 404 << 0 << QString();
    QTest::newRow("wrong method") << "DELETE"_ba << u"/v1/licenses"_s << 405 << 0 << QString();
    QTest::newRow("uppercase license id") << "POST"_ba << u"/v1/licenses/ACME/checkout"_s << 400 << 0 << u"licenseId"_s;
    QTest::newRow("license id too long") << "PUT"_ba << u"/v1/licenses/"_s + QString(65, u'a') << 400 << 0
                                         << u"licenseId"_s;
    QTest::newRow("license id with leading dash") << "PUT"_ba << u"/v1/licenses/-a"_s << 400 << 0 << u"licenseId"_s;
    QTest::newRow("short seat id") << "POST"_ba << u"/v1/licenses/a/seats/abc/heartbeat"_s << 400 << 0 << u"seatId"_s;
    QTest::newRow("uppercase seat id") << "DELETE"_ba << u"/v1/licenses/a/seats/%1"_s.arg(seat.toUpper()) << 400 << 0
                                       << u"seatId"_s;
    QTest::newRow("whoami") << "GET"_ba << u"/v1/whoami"_s << 0 << int(K::Whoami) << QString();
    QTest::newRow("list tokens") << "GET"_ba << u"/v1/tokens"_s << 0 << int(K::ListTokens) << QString();
    QTest::newRow("create token") << "POST"_ba << u"/v1/tokens"_s << 0 << int(K::CreateToken) << QString();
    QTest::newRow("revoke token") << "DELETE"_ba << u"/v1/tokens/dana.s_1"_s << 0 << int(K::RevokeToken) << QString();
    QTest::newRow("malformed token name") << "DELETE"_ba << u"/v1/tokens/Dana"_s << 400 << 0 << u"name"_s;
    QTest::newRow("put on tokens") << "PUT"_ba << u"/v1/tokens"_s << 405 << 0 << QString();
    QTest::newRow("groups") << "GET"_ba << u"/v1/groups"_s << 0 << int(K::ListGroups) << QString();
    QTest::newRow("put groups") << "PUT"_ba << u"/v1/groups"_s << 0 << int(K::PutGroups) << QString();
    QTest::newRow("rules") << "GET"_ba << u"/v1/licenses/acme-cad/rules"_s << 0 << int(K::GetRules) << QString();
    QTest::newRow("put rules") << "PUT"_ba << u"/v1/licenses/acme-cad/rules"_s << 0 << int(K::PutRules) << QString();
    QTest::newRow("post on rules") << "POST"_ba << u"/v1/licenses/acme-cad/rules"_s << 405 << 0 << QString();
}

void TestRequestParsing::routes()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(int, kind);
    QFETCH(QString, field);
    ApiError error;
    const auto route = ApiRoute::match(method, path, &error);
    if (status == 0) {
        QVERIFY2(route.has_value(), qPrintable(error.message));
        QCOMPARE(int(route->kind), kind);
    } else {
        QVERIFY(!route);
        QCOMPARE(error.status, status);
        QCOMPARE(error.field, field);
        QVERIFY(!error.message.isEmpty());
    }
}

void TestRequestParsing::bodySizeLimit()
{
    QVERIFY(!request::checkBodySize(16 * 1024));
    const auto error = request::checkBodySize(16 * 1024 + 1);
    QVERIFY(error);
    QCOMPARE(error->status, 413);
    QCOMPARE(error->code, u"payload_too_large"_s);
    QVERIFY(error->message.contains(u"16384"_s));
}

void TestRequestParsing::checkoutBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field"); // empty: accepted
    QTest::addColumn<QString>("holder");
    QTest::addColumn<QString>("requestId");

    QTest::newRow("holder only") << R"({"holder":"alice@ws-12"})"_ba << QString() << u"alice@ws-12"_s << QString();
    QTest::newRow("with requestId") << R"({"holder":"bob","requestId":"r-1"})"_ba << QString() << u"bob"_s << u"r-1"_s;
    QTest::newRow("null requestId") << R"({"holder":"bob","requestId":null})"_ba << QString() << u"bob"_s << QString();
    QTest::newRow("128-char holder") << QByteArray(R"({"holder":")" + QByteArray(128, 'h') + R"("})") << QString()
                                     << QString(128, u'h') << QString();
    QTest::newRow("empty body") << QByteArray() << u"body"_s << QString() << QString();
    QTest::newRow("malformed JSON") << R"({"holder":)"_ba << u"body"_s << QString() << QString();
    QTest::newRow("array body") << R"(["alice"])"_ba << u"body"_s << QString() << QString();
    QTest::newRow("missing holder") << R"({"requestId":"r"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("holder is a number") << R"({"holder":42})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("empty holder") << R"({"holder":""})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("129-char holder") << QByteArray(R"({"holder":")" + QByteArray(129, 'h') + R"("})") << u"holder"_s
                                     << QString() << QString();
    QTest::newRow("holder with newline") << R"({"holder":"a\nb"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("holder with NUL") << R"({"holder":"a\u0000b"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("requestId is an object")
        << R"({"holder":"a","requestId":{}})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("requestId too long") << QByteArray(R"({"holder":"a","requestId":")" + QByteArray(129, 'r') + R"("})")
                                        << u"requestId"_s << QString() << QString();

    // Valid Unicode only, lengths in code points for both fields (docs/API.md).
    QTest::newRow("requestId with a lone high surrogate")
        << R"({"holder":"a","requestId":"a\ud800b"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("requestId with a lone low surrogate")
        << R"({"holder":"a","requestId":"\udc00"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("requestId ending in a high surrogate")
        << R"({"holder":"a","requestId":"ab\ud83d"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("holder with a lone surrogate")
        << R"({"holder":"a\ud800b"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("body that is not UTF-8") << QByteArray("{\"holder\":\"a\xff\xfe"
                                                          "b\"}")
                                            << u"body"_s << QString() << QString();
    const QString emoji = u"\U0001F600"_s; // one code point, two UTF-16 units
    const QByteArray emojiUtf8 = emoji.toUtf8();
    QTest::newRow("requestId with an escaped surrogate pair")
        << R"({"holder":"a","requestId":"r\ud83d\ude00"})"_ba << QString() << u"a"_s << (u"r"_s + emoji);
    QTest::newRow("128-code-point requestId of emoji")
        << QByteArray(R"({"holder":"a","requestId":")" + emojiUtf8.repeated(128) + R"("})") << QString() << u"a"_s
        << emoji.repeated(128);
    QTest::newRow("129-code-point requestId of emoji")
        << QByteArray(R"({"holder":"a","requestId":")" + emojiUtf8.repeated(129) + R"("})") << u"requestId"_s
        << QString() << QString();
    QTest::newRow("128-code-point holder of emoji") << QByteArray(R"({"holder":")" + emojiUtf8.repeated(128) + R"("})")
                                                    << QString() << emoji.repeated(128) << QString();
    QTest::newRow("129-code-point holder of emoji")
        << QByteArray(R"({"holder":")" + emojiUtf8.repeated(129) + R"("})") << u"holder"_s << QString() << QString();

    // Issue 24: the last of two was taken, where another reader may take the first.
    QTest::newRow("holder given twice") << R"({"holder":"x","holder":"y"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("holder given twice, once escaped")
        << R"({"holder":"x","\u0068older":"y"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("requestId given twice with one value")
        << R"({"holder":"x","requestId":"r","requestId":"r"})"_ba << u"requestId"_s << QString() << QString();
    // Issue 24: stored as U+FFFD by SQLite, so a retry with the same requestId took a second seat.
    QTest::newRow("holder with U+FFFE") << "{\"holder\":\"a\xef\xbf\xbe\"}"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("holder with U+FFFF, escaped")
        << R"({"holder":"a\uffff"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("requestId with U+FFFE")
        << R"({"holder":"a","requestId":"r\ufffe"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("requestId with U+FDD0")
        << R"({"holder":"a","requestId":"\ufdd0"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("requestId with U+10FFFF")
        << R"({"holder":"a","requestId":"\udbff\udfff"})"_ba << u"requestId"_s << QString() << QString();
    QTest::newRow("holder starting with a byte order mark")
        << R"({"holder":"\ufeffalice"})"_ba << u"holder"_s << QString() << QString();
    QTest::newRow("holder with U+FFFD, the replacement character")
        << R"({"holder":"a\ufffd"})"_ba << QString() << u"a\ufffd"_s << QString();
}

void TestRequestParsing::checkoutBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QString, holder);
    QFETCH(QString, requestId);
    ApiError error;
    const auto parsed = request::parseCheckout(body, &error);
    if (field.isEmpty()) {
        QVERIFY2(parsed.has_value(), qPrintable(error.message));
        QCOMPARE(parsed->holder, holder);
        QCOMPARE(parsed->requestId, requestId);
    } else {
        QVERIFY(!parsed);
        QCOMPARE(error.status, 400);
        QCOMPARE(error.code, u"invalid_request"_s);
        QCOMPARE(error.field, field);
        QVERIFY2(!error.message.isEmpty(), "the message says what is wrong");
    }
}

void TestRequestParsing::borrowBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("days");

    QTest::newRow("a week") << R"({"holder":"alice@laptop","days":7})"_ba << QString() << 7;
    QTest::newRow("a year") << R"({"holder":"alice@laptop","days":365})"_ba << QString() << 365;
    QTest::newRow("no days") << R"({"holder":"alice@laptop"})"_ba << u"days"_s << 0;
    QTest::newRow("zero days") << R"({"holder":"alice@laptop","days":0})"_ba << u"days"_s << 0;
    QTest::newRow("half a day") << R"({"holder":"alice@laptop","days":0.5})"_ba << u"days"_s << 0;
    QTest::newRow("days as text") << R"({"holder":"alice@laptop","days":"7"})"_ba << u"days"_s << 0;
    QTest::newRow("over a year") << R"({"holder":"alice@laptop","days":366})"_ba << u"days"_s << 0;
    QTest::newRow("no holder") << R"({"days":7})"_ba << u"holder"_s << 0;
    QTest::newRow("days given twice") << R"({"holder":"a","days":1,"days":300})"_ba << u"days"_s << 0;
}

void TestRequestParsing::acknowledgeBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("note");

    QTest::newRow("no body") << QByteArray() << QString() << QString();
    QTest::newRow("no note") << "{}"_ba << QString() << QString();
    QTest::newRow("a note, trimmed") << R"({"note":"  on it, OPS-42 "})"_ba << QString() << u"on it, OPS-42"_s;
    QTest::newRow("null note") << R"({"note":null})"_ba << QString() << QString();
    QTest::newRow("note not a string") << R"({"note":42})"_ba << u"note"_s << QString();
    QTest::newRow("note too long") << QByteArray(R"({"note":")" + QByteArray(501, 'x') + R"("})") << u"note"_s
                                   << QString();
    QTest::newRow("control character") << R"({"note":"bell"})"_ba << u"note"_s << QString();
    QTest::newRow("not an object") << "[]"_ba << u"body"_s << QString();
}

void TestRequestParsing::acknowledgeBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QString, note);
    ApiError error;
    const auto parsed = request::parseAcknowledge(body, &error);
    if (field.isEmpty()) {
        QVERIFY2(parsed.has_value(), qPrintable(error.message));
        QCOMPARE(parsed->note, note);
    } else {
        QVERIFY(!parsed);
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        QVERIFY2(!error.message.isEmpty(), "the message says what is wrong");
    }
}

void TestRequestParsing::writeOffBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("note");

    QTest::newRow("no body") << QByteArray() << QString() << QString();
    QTest::newRow("no note") << "{}"_ba << QString() << QString();
    QTest::newRow("a note, trimmed") << R"({"note":"  left on the train "})"_ba << QString() << u"left on the train"_s;
    QTest::newRow("500 characters") << QByteArray(R"({"note":")" + QByteArray(500, 'x') + R"("})") << QString()
                                    << QString(500, u'x');
    QTest::newRow("note not a string") << R"({"note":42})"_ba << u"note"_s << QString();
    QTest::newRow("note too long") << QByteArray(R"({"note":")" + QByteArray(501, 'x') + R"("})") << u"note"_s
                                   << QString();
    QTest::newRow("control character") << R"({"note":"bell\u0007"})"_ba << u"note"_s << QString();
    QTest::newRow("not an object") << "[]"_ba << u"body"_s << QString();
}

void TestRequestParsing::writeOffBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QString, note);
    ApiError error;
    const auto parsed = request::parseWriteOff(body, &error);
    if (field.isEmpty()) {
        QVERIFY2(parsed.has_value(), qPrintable(error.message));
        QCOMPARE(parsed->note, note);
    } else {
        QVERIFY(!parsed);
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        QVERIFY2(!error.message.isEmpty(), "the message says what is wrong");
    }
}

void TestRequestParsing::borrowBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(int, days);
    ApiError error;
    const auto parsed = request::parseBorrow(body, &error);
    if (field.isEmpty()) {
        QVERIFY2(parsed.has_value(), qPrintable(error.message));
        QCOMPARE(parsed->days, days);
    } else {
        QVERIFY(!parsed);
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        QVERIFY2(!error.message.isEmpty(), "the message says what is wrong");
    }
}

void TestRequestParsing::licenseSpec_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");

    QTest::newRow("full") << R"({"name":"CAD","seatCount":10,"ttlSeconds":60,"skewSeconds":5,"reapGraceSeconds":15})"_ba
                          << QString();
    QTest::newRow("partial update") << R"({"seatCount":3})"_ba << QString();
    QTest::newRow("seatCount as string") << R"({"seatCount":"10"})"_ba << u"seatCount"_s;
    QTest::newRow("fractional ttl") << R"({"ttlSeconds":1.5})"_ba << u"ttlSeconds"_s;
    QTest::newRow("name with tab") << R"({"name":"a\tb"})"_ba << u"name"_s;
    QTest::newRow("empty name") << R"({"name":""})"_ba << u"name"_s;
    QTest::newRow("huge grace") << R"({"reapGraceSeconds":1e15})"_ba << u"reapGraceSeconds"_s;
    QTest::newRow("not an object") << R"(7)"_ba << u"body"_s;
    QTest::newRow("name with a lone surrogate") << R"({"name":"CAD \udfff"})"_ba << u"name"_s;
}

void TestRequestParsing::licenseSpec()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    ApiError error;
    const auto spec = request::parseLicenseSpec(body, &error);
    QCOMPARE(spec.has_value(), field.isEmpty());
    if (!spec)
        QCOMPARE(error.field, field);
}

void TestRequestParsing::revokeBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<qint64>("blockSeconds");

    QTest::newRow("empty body") << QByteArray() << QString() << qint64(0);
    QTest::newRow("reason and block") << R"({"reason":"left the company","blockSeconds":600})"_ba << QString()
                                      << qint64(600);
    QTest::newRow("negative block") << R"({"blockSeconds":-1})"_ba << u"blockSeconds"_s << qint64(0);
    QTest::newRow("block over a year") << R"({"blockSeconds":31536001})"_ba << u"blockSeconds"_s << qint64(0);
    QTest::newRow("reason is a number") << R"({"reason":1})"_ba << u"reason"_s << qint64(0);
    QTest::newRow("malformed") << R"({"reason")"_ba << u"body"_s << qint64(0);
    QTest::newRow("reason with a lone surrogate") << R"({"reason":"\ud800"})"_ba << u"reason"_s << qint64(0);
}

void TestRequestParsing::revokeBody()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(qint64, blockSeconds);
    ApiError error;
    const auto parsed = request::parseRevoke(body, &error);
    QCOMPARE(parsed.has_value(), field.isEmpty());
    if (parsed)
        QCOMPARE(qint64(parsed->block.count()), blockSeconds);
    else
        QCOMPARE(error.field, field);
}

void TestRequestParsing::groupsAndRulesBodies_data()
{
    // Shape only: whether the groups named exist or the seats add up is SeatService's to say.
    QTest::addColumn<bool>("groups"); // PUT /v1/groups, else PUT /v1/licenses/{id}/rules
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field"); // empty: accepted

    QTest::newRow("groups") << true << R"({"groups":[{"name":"render","patterns":["*@render-*"]}]})"_ba << QString();
    QTest::newRow("no groups") << true << R"({"groups":[]})"_ba << QString();
    QTest::newRow("groups missing") << true << R"({})"_ba << u"groups"_s;
    QTest::newRow("groups not a list") << true << R"({"groups":"render"})"_ba << u"groups"_s;
    QTest::newRow("pattern not text") << true << R"({"groups":[{"name":"a","patterns":[1]}]})"_ba
                                      << u"groups[0].patterns[0]"_s;
    QTest::newRow("group without name") << true << R"({"groups":[{"patterns":["x"]}]})"_ba << u"groups[0].name"_s;
    QTest::newRow("groups body malformed") << true << R"({"groups":)"_ba << u"body"_s;
    QTest::newRow("rules") << false << R"({"rules":{"deny":["*@ext-*"],"reserve":[{"group":"r","seats":2}]}})"_ba
                           << QString();
    QTest::newRow("empty rules") << false << R"({"rules":{}})"_ba << QString();
    QTest::newRow("rules missing") << false << R"({"allow":[]})"_ba << u"rules"_s;
    QTest::newRow("rules not an object") << false << R"({"rules":[]})"_ba << u"rules"_s;
    QTest::newRow("seats not whole") << false << R"({"rules":{"max":[{"group":"r","seats":1.5}]}})"_ba
                                     << u"rules.max[0].seats"_s;
    QTest::newRow("allow not a list") << false << R"({"rules":{"allow":"alice"}})"_ba << u"rules.allow"_s;
}

void TestRequestParsing::groupsAndRulesBodies()
{
    QFETCH(bool, groups);
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    ApiError error;
    const bool parsed
        = groups ? request::parseGroups(body, &error).has_value() : request::parseRules(body, &error).has_value();
    QCOMPARE(parsed, field.isEmpty());
    if (!parsed) {
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.contains(field), qPrintable(error.message));
    }
}

void TestRequestParsing::tokenSpec_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field"); // empty: accepted
    QTest::addColumn<QString>("role");
    QTest::addColumn<qint64>("lifetime"); // 0: never expires

    QTest::newRow("viewer, no expiry") << R"({"name":"dana","role":"viewer"})"_ba << QString() << u"viewer"_s
                                       << qint64(0);
    QTest::newRow("operator for 90 days") << R"({"name":"ci.bot_1","role":"operator","expiresInSeconds":7776000})"_ba
                                          << QString() << u"operator"_s << qint64(7776000);
    QTest::newRow("no name") << R"({"role":"admin"})"_ba << u"name"_s << QString() << qint64(0);
    QTest::newRow("name with a space") << R"({"name":"dana s","role":"admin"})"_ba << u"name"_s << QString()
                                       << qint64(0);
    QTest::newRow("name in capitals") << R"({"name":"Dana","role":"admin"})"_ba << u"name"_s << QString() << qint64(0);
    QTest::newRow("unknown role") << R"({"name":"dana","role":"root"})"_ba << u"role"_s << QString() << qint64(0);
    QTest::newRow("no role") << R"({"name":"dana"})"_ba << u"role"_s << QString() << qint64(0);
    QTest::newRow("zero lifetime") << R"({"name":"dana","role":"viewer","expiresInSeconds":0})"_ba
                                   << u"expiresInSeconds"_s << QString() << qint64(0);
    QTest::newRow("lifetime over ten years") << R"({"name":"dana","role":"viewer","expiresInSeconds":315360001})"_ba
                                             << u"expiresInSeconds"_s << QString() << qint64(0);
    QTest::newRow("empty body") << QByteArray() << u"body"_s << QString() << qint64(0);
}

void TestRequestParsing::tokenSpec()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QString, role);
    QFETCH(qint64, lifetime);
    ApiError error;
    const auto parsed = request::parseTokenSpec(body, &error);
    QCOMPARE(parsed.has_value(), field.isEmpty());
    if (!parsed) {
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        return;
    }
    QCOMPARE(roleName(parsed->role), role);
    QCOMPARE(parsed->lifetime ? qint64(parsed->lifetime->count()) : qint64(0), lifetime);
}

void TestRequestParsing::eventQuery_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QStringList>("kinds");

    QTest::newRow("defaults") << QString() << QString() << 200 << QStringList();
    QTest::newRow("all filters") << u"after=5&license=acme-cad&holder=alice&kind=granted,denied&since=2026-11-29T21:00:"
                                    "00.000Z&until=2026-11-29T22:00:00.000Z&limit=1000"_s
                                 << QString() << 1000 << QStringList {u"granted"_s, u"denied"_s};
    QTest::newRow("limit 0") << u"limit=0"_s << u"limit"_s << 0 << QStringList();
    QTest::newRow("limit 1001") << u"limit=1001"_s << u"limit"_s << 0 << QStringList();
    QTest::newRow("negative after") << u"after=-1"_s << u"after"_s << 0 << QStringList();
    QTest::newRow("unknown kind") << u"kind=granted,teleported"_s << u"kind"_s << 0 << QStringList();
    QTest::newRow("bad since") << u"since=yesterday"_s << u"since"_s << 0 << QStringList();
    QTest::newRow("bad license") << u"license=Nope!"_s << u"license"_s << 0 << QStringList();
    QTest::newRow("unknown parameter") << u"lmit=5"_s << u"lmit"_s << 0 << QStringList();
}

void TestRequestParsing::eventQuery()
{
    QFETCH(QString, query);
    QFETCH(QString, field);
    QFETCH(int, limit);
    QFETCH(QStringList, kinds);
    ApiError error;
    const auto parsed = request::parseEventQuery(QUrlQuery(query), &error);
    QCOMPARE(parsed.has_value(), field.isEmpty());
    if (parsed) {
        QCOMPARE(parsed->limit, limit);
        QCOMPARE(eventKindFilter(parsed->kinds), kinds.join(u','));
    } else {
        QCOMPARE(error.field, field);
    }
}

void TestRequestParsing::dryRun_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("expected"); // -1: refused

    QTest::newRow("absent") << QString() << 0;
    QTest::newRow("true") << u"dryRun=true"_s << 1;
    QTest::newRow("false") << u"dryRun=false"_s << 0;
    QTest::newRow("garbage") << u"dryRun=maybe"_s << -1;
}

void TestRequestParsing::dryRun()
{
    QFETCH(QString, query);
    QFETCH(int, expected);
    const auto parsed = request::parseDryRun(QUrlQuery(query));
    if (expected < 0)
        QVERIFY(!parsed);
    else
        QCOMPARE(parsed, std::optional<bool>(expected == 1));
}

void TestRequestParsing::backupQuery_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("expected"); // -1: refused
    QTest::addColumn<QString>("field"); // of a refusal

    QTest::newRow("absent") << QString() << 0 << QString();
    QTest::newRow("true") << u"includeKey=true"_s << 1 << QString();
    QTest::newRow("empty value") << u"includeKey"_s << 1 << QString();
    QTest::newRow("false") << u"includeKey=0"_s << 0 << QString();
    QTest::newRow("garbage") << u"includeKey=please"_s << -1 << u"includeKey"_s;
    QTest::newRow("unknown") << u"withKey=true"_s << -1 << u"withKey"_s;
}

void TestRequestParsing::backupQuery()
{
    QFETCH(QString, query);
    QFETCH(int, expected);
    QFETCH(QString, field);
    ApiError error;
    const auto parsed = request::parseBackupQuery(QUrlQuery(query), &error);
    if (expected < 0) {
        QVERIFY(!parsed);
        QCOMPARE(error.status, 400);
        QCOMPARE(error.field, field);
        return;
    }
    QVERIFY(parsed);
    QCOMPARE(parsed->includeKey, expected == 1);
    // The client's side builds the query the server reads back.
    QCOMPARE(request::parseBackupQuery(parsed->toQuery())->includeKey, expected == 1);
}

void TestRequestParsing::credential_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QByteArray>("scheme");
    QTest::addColumn<QByteArray>("expected"); // empty: none

    QTest::newRow("bearer") << "Bearer abc"_ba
                            << "Bearer"_ba
                            << "abc"_ba;
    QTest::newRow("scheme case") << "bearer abc"_ba
                                 << "Bearer"_ba
                                 << "abc"_ba;
    QTest::newRow("license") << "License kr1-00"_ba
                             << "License"_ba
                             << "kr1-00"_ba;
    QTest::newRow("other scheme") << "Basic abc"_ba
                                  << "Bearer"_ba << QByteArray();
    QTest::newRow("no value") << "Bearer "_ba
                              << "Bearer"_ba << QByteArray();
    QTest::newRow("absent") << QByteArray() << "Bearer"_ba << QByteArray();
    QTest::newRow("no space") << "Bearerabc"_ba
                              << "Bearer"_ba << QByteArray();
}

void TestRequestParsing::credential()
{
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, scheme);
    QFETCH(QByteArray, expected);
    QCOMPARE(request::credential(header, scheme).value_or(QByteArray()), expected);
}

void TestRequestParsing::listenAddress_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<quint16>("port");
    QTest::addColumn<bool>("loopback");

    QTest::newRow("ipv4 loopback") << u"127.0.0.1:7400"_s << true << quint16(7400) << true;
    QTest::newRow("localhost") << u"localhost:0"_s << true << quint16(0) << true;
    QTest::newRow("ipv6 loopback") << u"[::1]:7400"_s << true << quint16(7400) << true;
    QTest::newRow("all interfaces") << u"0.0.0.0:7400"_s << true << quint16(7400) << false;
    QTest::newRow("no port") << u"127.0.0.1"_s << false << quint16(0) << false;
    QTest::newRow("port too large") << u"127.0.0.1:70000"_s << false << quint16(0) << false;
    QTest::newRow("host name") << u"example.org:7400"_s << false << quint16(0) << false;
}

void TestRequestParsing::listenAddress()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(quint16, port);
    QFETCH(bool, loopback);
    QString error;
    const auto parsed = ListenAddress::parse(text, &error);
    QCOMPARE(parsed.has_value(), valid);
    if (parsed) {
        QCOMPARE(parsed->port, port);
        QCOMPARE(parsed->address.isLoopback(), loopback);
    } else {
        QVERIFY(error.contains(u"--listen"_s));
    }
}

void TestRequestParsing::requestTarget_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QString>("path"); // null: refused
    QTest::addColumn<QString>("query"); // fully decoded "key=value&..."
    QTest::addColumn<QString>("mentions"); // refused: a word of the message
    QTest::addColumn<QString>("field");

    const QString refused;
    QTest::newRow("plain") << "/v1/licenses/acme-cad/leases"_ba << u"/v1/licenses/acme-cad/leases"_s << QString()
                           << QString() << QString();
    QTest::newRow("query") << "/v1/events?holder=al%C3%A9&limit=5"_ba << u"/v1/events"_s << u"holder=al\u00e9&limit=5"_s
                           << QString() << QString();
    QTest::newRow("encoded space stays in its segment")
        << "/v1/licenses/a%20b/leases"_ba << u"/v1/licenses/a b/leases"_s << QString() << QString() << QString();
    QTest::newRow("encoded UTF-8 in a segment")
        << "/v1/tokens/caf%C3%A9"_ba << u"/v1/tokens/caf\u00e9"_s << QString() << QString() << QString();
    QTest::newRow("trailing slash") << "/v1/health/"_ba << u"/v1/health/"_s << QString() << QString() << QString();
    // Issue 24: each of these reached a route a proxy in front would not have seen.
    QTest::newRow("encoded slash in a license id")
        << "/v1/licenses/acme-cad%2Fleases"_ba << refused << QString() << u"%2F"_s << QString();
    QTest::newRow("encoded slash, lower case")
        << "/v1/tokens%2fbootstrap"_ba << refused << QString() << u"%2F"_s << QString();
    QTest::newRow("encoded letter") << "/%6Detrics"_ba << refused << QString() << u"%6D"_s << QString();
    QTest::newRow("encoded dash") << "/v1/licenses/acme%2Dcad/leases"_ba << refused << QString() << u"%2D"_s
                                  << QString();
    QTest::newRow("encoded dot") << "/v1/%2E%2E/metrics"_ba << refused << QString() << u"%2E"_s << QString();
    QTest::newRow("dot-dot segment") << "/v1/licenses/../../metrics"_ba << refused << QString() << u"\"..\""_s
                                     << QString();
    QTest::newRow("dot segment") << "/v1/./health"_ba << refused << QString() << u"\".\""_s << QString();
    QTest::newRow("malformed escape") << "/v1/health%zz"_ba << refused << QString() << u"%zz"_s << QString();
    QTest::newRow("escape cut short") << "/v1/health%4"_ba << refused << QString() << u"%4"_s << QString();
    QTest::newRow("segment not UTF-8") << "/v1/tokens/%ff"_ba << refused << QString() << u"UTF-8"_s << QString();
    QTest::newRow("encoded surrogate") << "/v1/tokens/%ED%A0%80"_ba << refused << QString() << u"UTF-8"_s << QString();
    QTest::newRow("raw byte outside ASCII")
        << "/v1/tokens/caf\xc3\xa9"_ba << refused << QString() << u"ASCII"_s << QString();
    QTest::newRow("fragment") << "/v1/health#x"_ba << refused << QString() << u"fragment"_s << QString();
    // Issue 24: ?holder=%ff was read as U+FFFD; a body that is not UTF-8 is refused, so is this.
    QTest::newRow("query value not UTF-8")
        << "/v1/events?holder=%ff"_ba << refused << QString() << u"holder"_s << u"holder"_s;
    QTest::newRow("query value overlong")
        << "/v1/events?holder=%C0%AF"_ba << refused << QString() << u"UTF-8"_s << u"holder"_s;
    QTest::newRow("query name not UTF-8") << "/v1/events?%ff=1"_ba << refused << QString() << u"UTF-8"_s << u"query"_s;
    QTest::newRow("query malformed escape")
        << "/v1/events?holder=%g1"_ba << refused << QString() << u"%g1"_s << u"query"_s;
    QTest::newRow("query parameter without a name")
        << "/v1/reap?="_ba << refused << QString() << u"without a name"_s << u"query"_s;
}

void TestRequestParsing::requestTarget()
{
    QFETCH(QByteArray, target);
    QFETCH(QString, path);
    QFETCH(QString, query);
    QFETCH(QString, mentions);
    QFETCH(QString, field);
    ApiError error;
    const auto decoded = RequestTarget::decode(target, &error);
    if (!path.isNull()) {
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(decoded->path, path);
        QCOMPARE(decoded->query.toString(QUrl::FullyDecoded), query);
        return;
    }
    QVERIFY(!decoded);
    QCOMPARE(error.status, 400);
    QCOMPARE(error.code, field.isEmpty() ? u"bad_request"_s : u"invalid_request"_s);
    QCOMPARE(error.field, field);
    QVERIFY2(error.message.contains(mentions, Qt::CaseInsensitive), qPrintable(error.message));
}

namespace {

struct DecoderVerdict
{
    HttpRequestDecoder::Status status = HttpRequestDecoder::Status::NeedMore;
    ApiError rejection;
    QList<ApiRequest> requests;
};

// Feeds `input` whole, or a byte at a time, to a decoder with the server's limits.
DecoderVerdict decodeAll(const QByteArray &input, bool byteByByte)
{
    static const HttpLimits limits;
    HttpRequestDecoder decoder(limits, request::maxBodyBytes);
    DecoderVerdict verdict;
    const qsizetype step = byteByByte ? 1 : input.size();
    for (qsizetype i = 0; i < input.size(); i += step) {
        decoder.append(QByteArrayView(input).sliced(i, std::min(step, input.size() - i)));
        for (;;) {
            verdict.status = decoder.decode();
            if (verdict.status == HttpRequestDecoder::Status::Request) {
                verdict.requests.append(decoder.takeRequest().request);
                continue;
            }
            if (verdict.status == HttpRequestDecoder::Status::Rejected) {
                verdict.rejection = decoder.rejection();
                return verdict;
            }
            break;
        }
    }
    return verdict;
}

const QByteArray chunkedPut = "PUT /v1/licenses/x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";

} // namespace

void TestRequestParsing::decoderRefuses_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("mentions");

    // Issue 24, each answered today as noted.
    QTest::newRow("obs-fold in Transfer-Encoding (201)")
        << "POST /v1/licenses/acme-cad/checkout HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n\tchunked\r\n\r\n"
           "0\r\n\r\n"_ba
        << 400 << u"obs-fold"_s;
    QTest::newRow("obs-fold in Content-Length")
        << "POST /v1/reap HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n 2\r\n\r\n{}"_ba << 400 << u"obs-fold"_s;
    QTest::newRow("obs-fold in another field")
        << "GET /v1/health HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n"_ba << 400 << u"obs-fold"_s;
    QTest::newRow("space before the first field")
        << "GET /v1/health HTTP/1.1\r\n Host: x\r\n\r\n"_ba << 400 << u"obs-fold"_s;
    QTest::newRow("no Host (200)") << "GET /v1/health HTTP/1.1\r\n\r\n"_ba << 400 << u"Host"_s;
    QTest::newRow("two Hosts (200)") << "GET /v1/health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"_ba << 400 << u"Host"_s;
    QTest::newRow("two Hosts in HTTP/1.0")
        << "GET /v1/health HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n"_ba << 400 << u"Host"_s;
    QTest::newRow("Host that is not a host") << "GET /v1/health HTTP/1.1\r\nHost: a/b@c\r\n\r\n"_ba << 400 << u"Host"_s;
    QTest::newRow("raw space in the path (505)")
        << "GET /v1/licenses/acme cad/leases HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 400 << u"space"_s;
    QTest::newRow("bare LF after the request line (505)")
        << "GET /v1/health HTTP/1.1\nHost: x\n\n"_ba << 400 << u"bare LF"_s;
    QTest::newRow("bare LF after a field") << "GET /v1/health HTTP/1.1\r\nHost: x\n\r\n"_ba << 400 << u"bare LF"_s;
    QTest::newRow("bare LF ending the header") << "GET /v1/health HTTP/1.1\r\nHost: x\r\n\n"_ba << 400 << u"bare LF"_s;
    QTest::newRow("bare LF chunk-size line (408 after 30 s)") << chunkedPut + "2\n{}\n0\n\n" << 400 << u"chunked"_s;
    QTest::newRow("bare LF after chunk data") << chunkedPut + "2\r\n{}\n0\r\n\r\n" << 400 << u"chunked"_s;
    QTest::newRow("bare LF last chunk") << chunkedPut + "0\n\n" << 400 << u"chunked"_s;
    QTest::newRow("bare LF after the last chunk") << chunkedPut + "2\r\n{}\r\n0\r\n\n" << 400 << u"chunked"_s;
    QTest::newRow("trailer field") << chunkedPut + "2\r\n{}\r\n0\r\nAuthorization: Bearer x\r\n\r\n"
                                   << 400 << u"trailer"_s;
    QTest::newRow("encoded slash in the path")
        << "GET /v1/licenses/acme-cad%2Fleases HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 400 << u"%2F"_s;
    QTest::newRow("encoded letter in the path") << "GET /%6Detrics HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 400 << u"%6D"_s;
    QTest::newRow("query not UTF-8 (200)")
        << "GET /v1/events?holder=%ff HTTP/1.1\r\nHost: x\r\n\r\n"_ba << 400 << u"UTF-8"_s;
    // Still as before.
    QTest::newRow("HTTP/2.0") << "GET /v1/health HTTP/2.0\r\nHost: x\r\n\r\n"_ba << 505 << u"HTTP/2.0"_s;
    QTest::newRow("HTTP/1.10") << "GET /v1/health HTTP/1.10\r\nHost: x\r\n\r\n"_ba << 400 << u"version"_s;
}

// Each refusal is the same whole or a byte at a time, and comes at once: never a wait for bytes
// a client that sent these will not send.
void TestRequestParsing::decoderRefuses()
{
    QFETCH(QByteArray, input);
    QFETCH(int, status);
    QFETCH(QString, mentions);
    for (const bool byteByByte : {false, true}) {
        const DecoderVerdict verdict = decodeAll(input, byteByByte);
        QVERIFY2(verdict.status == HttpRequestDecoder::Status::Rejected,
                 byteByByte ? "a byte at a time: not refused" : "whole: not refused");
        QVERIFY(verdict.requests.isEmpty());
        QCOMPARE(verdict.rejection.status, status);
        QVERIFY2(verdict.rejection.message.contains(mentions), qPrintable(verdict.rejection.message));
    }
}

void TestRequestParsing::decoderAccepts_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");

    QTest::newRow("HTTP/1.0 without Host") << "GET /v1/health HTTP/1.0\r\n\r\n"_ba << u"/v1/health"_s << QByteArray();
    QTest::newRow("Host with a port") << "GET /v1/health HTTP/1.1\r\nHost: [::1]:7400\r\n\r\n"_ba << u"/v1/health"_s
                                      << QByteArray();
    QTest::newRow("empty Host") << "GET /v1/health HTTP/1.1\r\nHost:\r\n\r\n"_ba << u"/v1/health"_s << QByteArray();
    QTest::newRow("tab inside a field value")
        << "GET /v1/health HTTP/1.1\r\nHost: x\r\nX-A: 1\t2\r\n\r\n"_ba << u"/v1/health"_s << QByteArray();
    QTest::newRow("chunked body with lines in its data") << chunkedPut + "5\r\n{\n \r\n\r\n2;ext=1\r\n\n}\r\n0\r\n\r\n"
                                                         << u"/v1/licenses/x"_s << "{\n \r\n\n}"_ba;
    QTest::newRow("chunked body then a pipelined request")
        << chunkedPut + "2\r\n{}\r\n0\r\n\r\nGET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"
        << u"/v1/licenses/x"_s << "{}"_ba;
    QTest::newRow("body starting with a space after the header")
        << "PUT /v1/licenses/x HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n {}"_ba << u"/v1/licenses/x"_s
        << " {}"_ba;
    QTest::newRow("empty lines before the request")
        << "\r\nGET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"_ba << u"/v1/health"_s << QByteArray();
}

void TestRequestParsing::decoderAccepts()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    for (const bool byteByByte : {false, true}) {
        const DecoderVerdict verdict = decodeAll(input, byteByByte);
        QVERIFY2(verdict.status != HttpRequestDecoder::Status::Rejected, qPrintable(verdict.rejection.message));
        QVERIFY(!verdict.requests.isEmpty());
        QCOMPARE(verdict.requests.first().path, path);
        QCOMPARE(verdict.requests.first().body, body);
    }
}

void TestRequestParsing::storedTextIsRefusedWithNonCharacters_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("parser");
    QTest::addColumn<QString>("field");

    // Every text the server stores: license names, revoke reasons, holder patterns (and holders
    // and requestIds above).
    QTest::newRow("license name") << R"({"name":"CAD \uffff"})"_ba << 0 << u"name"_s;
    QTest::newRow("revoke reason") << R"({"reason":"left \ufffe"})"_ba << 1 << u"reason"_s;
    QTest::newRow("holder pattern") << R"({"groups":[{"name":"a","patterns":["*@\ufdd0"]}]})"_ba << 2
                                    << u"groups[0].patterns[0]"_s;
}

void TestRequestParsing::storedTextIsRefusedWithNonCharacters()
{
    QFETCH(QByteArray, body);
    QFETCH(int, parser);
    QFETCH(QString, field);
    ApiError error;
    bool parsed = false;
    if (parser == 0) {
        parsed = request::parseLicenseSpec(body, &error).has_value();
    } else if (parser == 1) {
        parsed = request::parseRevoke(body, &error).has_value();
    } else {
        const auto groups = request::parseGroups(body, &error);
        ValidationError why;
        parsed = groups && validateGroups(*groups, &why);
        if (groups && !parsed)
            error = ApiError::invalid(why.field, why.message);
    }
    QVERIFY(!parsed);
    QCOMPARE(error.status, 400);
    QCOMPARE(error.field, field);
    QVERIFY2(error.message.contains(u"non-character"_s), qPrintable(error.message));
}

// Issue 24: a caller with a wrong key read the database's host, port and libpq's error text, and
// every 503 said both "not carried out" and "may or may not have been kept".
void TestRequestParsing::databaseTroubleIsAnsweredForTheCase()
{
    const StoreError unreachable(StoreError::Kind::Unavailable,
                                 u"PostgreSQL at 10.1.2.3:6543/keyright is unreachable: connection refused"_s);
    const ApiError anyone = ApiError::storeFailed(unreachable);
    QCOMPARE(anyone.status, 503);
    QCOMPARE(anyone.code, u"database_unavailable"_s);
    QVERIFY2(anyone.message.startsWith(u"database unavailable;"_s), qPrintable(anyone.message));
    for (const QString &detail : {u"10.1.2.3"_s, u"6543"_s, u"PostgreSQL"_s, u"refused"_s})
        QVERIFY2(!anyone.message.contains(detail), qPrintable(anyone.message));
    QVERIFY2(anyone.message.contains(u"not carried out"_s), qPrintable(anyone.message));
    QVERIFY2(!anyone.message.contains(u"may or may not"_s), qPrintable(anyone.message));

    const ApiError tokenHolder = ApiError::storeFailed(unreachable, true);
    QCOMPARE(tokenHolder.status, 503);
    QVERIFY2(tokenHolder.message.contains(u"PostgreSQL at 10.1.2.3:6543/keyright is unreachable: connection refused"_s),
             qPrintable(tokenHolder.message));

    StoreError inFlight(StoreError::Kind::Unavailable, u"PostgreSQL at 10.1.2.3:6543/keyright is unreachable"_s);
    inFlight.setOutcomeUnknown();
    const ApiError unknown = ApiError::storeFailed(inFlight);
    QCOMPARE(unknown.status, 503);
    QVERIFY2(unknown.message.contains(u"may or may not have been kept"_s), qPrintable(unknown.message));
    QVERIFY2(unknown.message.contains(u"requestId"_s), qPrintable(unknown.message));
    QVERIFY2(!unknown.message.contains(u"not carried out"_s), qPrintable(unknown.message));
    QVERIFY2(!unknown.message.contains(u"10.1.2.3"_s), qPrintable(unknown.message));

    const ApiError failed = ApiError::storeFailed(StoreError(StoreError::Kind::Failed, u"disk I/O error"_s), true);
    QCOMPARE(failed.status, 500);
    QVERIFY(!failed.message.contains(u"disk"_s));
}

QTEST_GUILESS_MAIN(TestRequestParsing)
#include "tst_requestparsing.moc"
