#include "http/ApiRoute.h"
#include "http/ListenAddress.h"
#include "http/RequestParsing.h"

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
    void credential_data();
    void credential();
    void listenAddress_data();
    void listenAddress();
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

QTEST_GUILESS_MAIN(TestRequestParsing)
#include "tst_requestparsing.moc"
