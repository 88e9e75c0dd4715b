#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "http/ApiRoute.h"
#include "http/AuthThrottle.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using namespace keyright::server;

namespace {

// The credentials, in the order of the table's columns in docs/API.md.
const QStringList &credentialColumns()
{
    static const QStringList columns {u"none"_s,        u"wrong token"_s, u"revoked"_s,  u"expired"_s,
                                      u"license key"_s, u"viewer"_s,      u"operator"_s, u"admin"_s};
    return columns;
}

struct MatrixRow
{
    QByteArray method;
    QString path; // as declared: /v1/licenses/{id}/seats/{seatId}/revoke
    QList<int> statuses; // one per credential column
};

// The route x credential table of docs/API.md ("Who may call what"), between its markers. The
// documentation is the one copy: this test checks the server against it, cell by cell.
QList<MatrixRow> readMatrix(QString *why)
{
    QFile file(QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/docs/API.md"_s);
    if (!file.open(QIODevice::ReadOnly)) {
        *why = u"cannot read docs/API.md"_s;
        return {};
    }
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype begin = text.indexOf(u"<!-- role-matrix:begin -->"_s);
    const qsizetype end = text.indexOf(u"<!-- role-matrix:end -->"_s);
    if (begin < 0 || end < begin) {
        *why = u"docs/API.md has no role-matrix markers"_s;
        return {};
    }
    const QStringList lines = text.mid(begin, end - begin).split(u'\n');
    QList<MatrixRow> rows;
    bool headerSeen = false;
    static const QRegularExpression route(u"^`(GET|PUT|POST|DELETE) (/\\S*)`$"_s);
    for (const QString &line : lines) {
        if (!line.startsWith(u'|'))
            continue;
        QStringList cells = line.split(u'|');
        cells.removeFirst();
        cells.removeLast();
        for (QString &cell : cells)
            cell = cell.trimmed();
        if (!headerSeen) {
            if (cells.mid(1) != credentialColumns()) {
                *why = u"the matrix columns are %1, expected %2"_s.arg(cells.mid(1).join(u", "),
                                                                       credentialColumns().join(u", "));
                return {};
            }
            headerSeen = true;
            continue;
        }
        if (cells.value(0).startsWith(u"---"))
            continue;
        const auto match = route.match(cells.value(0));
        if (!match.hasMatch() || cells.size() != credentialColumns().size() + 1) {
            *why = u"cannot read the matrix row: %1"_s.arg(line);
            return {};
        }
        MatrixRow row {match.captured(1).toLatin1(), match.captured(2), {}};
        for (const QString &cell : cells.mid(1)) {
            bool ok = false;
            row.statuses.append(cell.toInt(&ok));
            if (!ok) {
                *why = u"not a status in the matrix: %1 (%2)"_s.arg(cell, line);
                return {};
            }
        }
        rows.append(row);
    }
    return rows;
}

} // namespace

class TestRoleMatrix : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void matrixCoversEveryRoute();
    void openApiNamesTheSameRoles();
    void everyCell_data();
    void everyCell();

    void forbiddenNamesTheRoleNeeded();
    void adminActionsNameTheirToken();
    void tokenShownOnceAndListedWithoutSecret();
    void bootstrapCannotBeRevoked();
    void lastUseWrittenAtMostOncePerMinute();
    void revokedTokenRefusedAtItsNextRequest();
    void failuresFromOneAddressAreSlowedDown();
    void throttleKeepsBoundedMemory();

private:
    QByteArray bearer(const QByteArray &secret) const { return "Bearer " + secret; }
    // POST /v1/tokens as the bootstrap admin; the secret, or empty.
    QByteArray createToken(const QString &name, const QString &role, qint64 expiresInSeconds = 0);
    QString freshSeat();
    QString borrowedSeat(); // a seat of "matrix" borrowed for a day
    QJsonArray eventsOfKind(const QString &kind);

    std::unique_ptr<TestServer> m_fixture;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_licenseKey; // of "matrix"
    QHash<QString, QByteArray> m_credentials; // column -> Authorization header
    int m_made = 0;
    QString m_returnSecret; // the last borrowedSeat()'s, which its early return sends
};

void TestRoleMatrix::initTestCase()
{
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http = std::make_unique<TestHttp>(m_fixture->url());
    m_licenseKey = m_fixture->createLicense(u"matrix"_s, 100000, 3600s, 5s, 15s);
    QVERIFY(!m_licenseKey.isEmpty());
    // Its seats may be borrowed (issue 27), so that the borrow routes answer as for a client.
    QCOMPARE(
        m_http
            ->put(u"/v1/licenses/matrix"_s,
                  {{u"borrow"_s,
                    QJsonObject {
                        {u"allowed"_s, true}, {u"maxDays"_s, 30}, {u"maxBorrowed"_s, 100000}, {u"keepOnSite"_s, 0}}}},
                  m_fixture->adminAuthorization())
            .status,
        200);
    QVERIFY(!m_fixture->createLicense(u"spare"_s, 10, 3600s, 5s, 15s).isEmpty());

    m_credentials.insert(u"none"_s, {});
    // The shape of a real token, but one the server never made.
    m_credentials.insert(u"wrong token"_s, "Bearer krt-" + QByteArray(64, 'a'));
    const QByteArray revoked = createToken(u"gone"_s, u"admin"_s);
    QCOMPARE(m_http->del(u"/v1/tokens/gone"_s, m_fixture->adminAuthorization()).status, 204);
    m_credentials.insert(u"revoked"_s, bearer(revoked));
    const QByteArray expired = createToken(u"old"_s, u"admin"_s, 60);
    QCOMPARE(m_http->get(u"/v1/whoami"_s, bearer(expired)).status, 200);
    m_fixture->clock().advance(61s);
    m_credentials.insert(u"expired"_s, bearer(expired));
    m_credentials.insert(u"license key"_s, "License " + m_licenseKey);
    for (const QString &role : {u"viewer"_s, u"operator"_s, u"admin"_s}) {
        const QByteArray secret = createToken(u"matrix-"_s + role, role);
        QVERIFY(!secret.isEmpty());
        m_credentials.insert(role, bearer(secret));
    }
}

void TestRoleMatrix::cleanupTestCase()
{
    m_http.reset();
    m_fixture.reset();
}

QByteArray TestRoleMatrix::createToken(const QString &name, const QString &role, qint64 expiresInSeconds)
{
    QJsonObject body {{u"name"_s, name}, {u"role"_s, role}};
    if (expiresInSeconds > 0)
        body.insert(u"expiresInSeconds"_s, expiresInSeconds);
    const auto reply = m_http->post(u"/v1/tokens"_s, body, m_fixture->adminAuthorization());
    if (reply.status != 201)
        return {};
    return reply.json().value(u"secret"_s).toString().toLatin1();
}

QString TestRoleMatrix::freshSeat()
{
    const auto reply
        = m_http->post(u"/v1/licenses/matrix/checkout"_s, {{u"holder"_s, u"matrix@cell"_s}}, "License " + m_licenseKey);
    return reply.json().value(u"lease"_s).toObject().value(u"seatId"_s).toString();
}

QString TestRoleMatrix::borrowedSeat()
{
    const auto reply = m_http->post(u"/v1/licenses/matrix/borrow"_s, {{u"holder"_s, u"matrix@cell"_s}, {u"days"_s, 1}},
                                    "License " + m_licenseKey);
    m_returnSecret = reply.json().value(u"returnSecret"_s).toString();
    return reply.json().value(u"lease"_s).toObject().value(u"seatId"_s).toString();
}

QJsonArray TestRoleMatrix::eventsOfKind(const QString &kind)
{
    return m_http->get(u"/v1/events?kind="_s + kind + u"&limit=1000"_s, m_fixture->adminAuthorization())
        .json()
        .value(u"events"_s)
        .toArray();
}

void TestRoleMatrix::matrixCoversEveryRoute()
{
    QString why;
    const auto rows = readMatrix(&why);
    QVERIFY2(!rows.isEmpty(), qPrintable(why));
    QStringList documented, declared;
    for (const MatrixRow &row : rows)
        documented.append(QString::fromLatin1(row.method) + u' ' + row.path);
    for (const ApiRoute::Declared &route : ApiRoute::declared())
        declared.append(QString::fromLatin1(route.method) + u' ' + route.path);
    QCOMPARE(documented, declared);
}

void TestRoleMatrix::openApiNamesTheSameRoles()
{
    // docs/openapi.yaml repeats each token route's role (x-keyright-role); it must say what the
    // server enforces.
    QFile file(QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/docs/openapi.yaml"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QHash<QString, QString> documented; // "GET /v1/tokens" -> "admin"
    QString path, method;
    for (const QString &line : QString::fromUtf8(file.readAll()).split(u'\n')) {
        if (line.startsWith(u"  /"_s) && line.endsWith(u':'))
            path = line.trimmed().chopped(1);
        else if (line.startsWith(u"    "_s) && !line.startsWith(u"     "_s) && line.endsWith(u':'))
            method = line.trimmed().chopped(1).toUpper();
        else if (line.trimmed().startsWith(u"x-keyright-role:"_s))
            documented.insert(method + u' ' + path, line.trimmed().mid(16).trimmed());
    }
    for (const ApiRoute::Declared &route : ApiRoute::declared()) {
        if (route.access.scheme != ApiRoute::Access::Scheme::Token)
            continue;
        const QString key = QString::fromLatin1(route.method) + u' ' + route.path;
        QVERIFY2(documented.contains(key), qPrintable(u"docs/openapi.yaml has no role for "_s + key));
        QCOMPARE(documented.value(key), roleName(route.access.role));
    }
}

void TestRoleMatrix::everyCell_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("credential");
    QTest::addColumn<int>("expected");
    QString why;
    const auto rows = readMatrix(&why);
    QVERIFY2(!rows.isEmpty(), qPrintable(why));
    for (const MatrixRow &row : rows) {
        for (qsizetype i = 0; i < credentialColumns().size(); ++i)
            QTest::addRow("%s %s with %s", row.method.constData(), qPrintable(row.path),
                          qPrintable(credentialColumns().at(i)))
                << row.method << row.path << credentialColumns().at(i) << row.statuses.at(i);
    }
}

void TestRoleMatrix::everyCell()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QString, credential);
    QFETCH(int, expected);

    // Time enough for the failure allowance of 127.0.0.1 to refill: each cell is judged alone.
    m_fixture->clock().advance(1min);

    // A request that is valid in every other respect, so that only the credential decides.
    QString concrete = path;
    QByteArray body;
    if (path.endsWith(u"/rotate-key"_s))
        concrete.replace(u"{id}"_s, u"spare"_s); // the matrix license keeps its key
    concrete.replace(u"{id}"_s, u"matrix"_s);
    if (concrete.contains(u"{seatId}"_s)) {
        const QString seat = concrete.contains(u"/borrow/"_s) ? borrowedSeat() : freshSeat();
        QVERIFY(!seat.isEmpty());
        concrete.replace(u"{seatId}"_s, seat);
    }
    if (concrete.contains(u"{ticketId}"_s)) // a ticket not in the line: 410 ticket_lost, or 204 for its DELETE
        concrete.replace(u"{ticketId}"_s, u"%1"_s.arg(++m_made, 32, 10, QChar(u'0')));
    // No alert fires in the matrix's server: an operator's or admin's acknowledgement finds none (404).
    concrete.replace(u"{alertId}"_s, u"1"_s);
    if (concrete.contains(u"{name}"_s)) {
        const QString name = u"doomed-%1"_s.arg(++m_made);
        QVERIFY(!createToken(name, u"viewer"_s).isEmpty());
        concrete.replace(u"{name}"_s, name);
    }
    if (concrete.contains(u"{endpointId}"_s) || concrete.contains(u"{deliveryId}"_s)) {
        // A fresh alert endpoint (nothing listens at port 9), and for a delivery its test delivery.
        const auto made
            = m_http->post(u"/v1/alerts/endpoints"_s,
                           {{u"name"_s, u"matrix-%1"_s.arg(++m_made)}, {u"url"_s, u"http://127.0.0.1:9/"_s}},
                           m_credentials.value(u"admin"_s));
        QCOMPARE(made.status, 201);
        const QString endpoint = made.json().value(u"id"_s).toString();
        concrete.replace(u"{endpointId}"_s, endpoint);
        if (concrete.contains(u"{deliveryId}"_s)) {
            const auto test
                = m_http->post(u"/v1/alerts/endpoints/%1/test"_s.arg(endpoint), {}, m_credentials.value(u"admin"_s));
            QCOMPARE(test.status, 202);
            concrete.replace(u"{deliveryId}"_s, test.json().value(u"deliveryId"_s).toString());
        }
    }
    if (method == "POST" && concrete == u"/v1/alerts/endpoints"_s)
        body = QJsonDocument(
                   QJsonObject {{u"name"_s, u"made-%1"_s.arg(++m_made)}, {u"url"_s, u"https://example.com/"_s}})
                   .toJson(QJsonDocument::Compact);
    else if (method == "PUT" && concrete == u"/v1/alerts/rules"_s)
        body = R"({"rules":[{"id":"matrix","kind":"clock_jump","minutes":5}]})";
    else if (method == "PUT" && concrete.endsWith(u"/rules"_s))
        body = R"({"rules":{"deny":["nobody@*"]}})";
    else if (method == "PUT" && concrete == u"/v1/groups"_s)
        body = R"({"groups":[{"name":"render","patterns":["*@render-*"]}]})";
    else if (method == "PUT")
        body = R"({"seatCount":100000})";
    else if (concrete == u"/v1/tokens"_s && method == "POST")
        body = QJsonDocument(QJsonObject {{u"name"_s, u"made-%1"_s.arg(++m_made)}, {u"role"_s, u"viewer"_s}})
                   .toJson(QJsonDocument::Compact);
    else if (concrete.endsWith(u"/checkout"_s))
        body = R"({"holder":"matrix@cell"})";
    else if (concrete.endsWith(u"/borrow"_s))
        body = R"({"holder":"matrix@cell","days":1})";
    else if (method == "DELETE" && concrete.contains(u"/borrow/"_s)) // an early return proves it is the laptop's
        body = QJsonDocument(QJsonObject {{u"returnSecret"_s, m_returnSecret}}).toJson(QJsonDocument::Compact);

    QList<QByteArray> authorizations {m_credentials.value(credential)};
    const bool clientRoute = concrete.endsWith(u"/checkout"_s) || concrete.endsWith(u"/heartbeat"_s)
        || (concrete.contains(u"/borrow"_s) && !concrete.endsWith(u"/write-off"_s))
        || (method == "DELETE" && (concrete.contains(u"/seats/"_s) || concrete.contains(u"/tickets/"_s)));
    if (credential == u"license key" && !clientRoute)
        authorizations.append("Bearer " + m_licenseKey); // a license key in place of a token
    for (const QByteArray &authorization : authorizations) {
        const auto reply = m_http->call(method, concrete, body, authorization);
        QVERIFY2(reply.status == expected,
                 qPrintable(
                     u"%1 %2 with %3 (%4): %5 %6, the table says %7"_s
                         .arg(QString::fromLatin1(method), path, credential, QString::fromLatin1(authorization.left(8)))
                         .arg(reply.status)
                         .arg(QString::fromUtf8(reply.body.left(200)))
                         .arg(expected)));
        if (expected == 401)
            QVERIFY(!reply.header("WWW-Authenticate").isEmpty());
    }
}

void TestRoleMatrix::forbiddenNamesTheRoleNeeded()
{
    m_fixture->clock().advance(1min);
    const auto reply = m_http->post(u"/v1/reap"_s, {}, m_credentials.value(u"viewer"_s));
    QCOMPARE(reply.status, 403);
    QCOMPARE(reply.errorCode(), u"forbidden"_s);
    QCOMPARE(reply.json().value(u"needed"_s).toString(), u"operator"_s);
    QCOMPARE(reply.json().value(u"role"_s).toString(), u"viewer"_s);
    QVERIFY2(reply.json().value(u"message"_s).toString().contains(u"operator role"_s), reply.body.constData());

    const auto tokens = m_http->get(u"/v1/tokens"_s, m_credentials.value(u"operator"_s));
    QCOMPARE(tokens.status, 403);
    QCOMPARE(tokens.json().value(u"needed"_s).toString(), u"admin"_s);
}

void TestRoleMatrix::adminActionsNameTheirToken()
{
    const QString seat = freshSeat();
    QCOMPARE(m_http
                 ->post(u"/v1/licenses/matrix/seats/%1/revoke"_s.arg(seat), {{u"reason"_s, u"stuck"_s}},
                        m_credentials.value(u"operator"_s))
                 .status,
             204);
    bool found = false;
    for (const QJsonValue &event : eventsOfKind(u"revoked"_s)) {
        if (event[u"seatId"_s].toString() == seat) {
            QCOMPARE(event[u"actor"_s].toString(), u"matrix-operator (operator)"_s);
            found = true;
        }
    }
    QVERIFY(found);
    const QJsonArray created = eventsOfKind(u"token_created"_s);
    QVERIFY(!created.isEmpty());
    QCOMPARE(created.first()[u"actor"_s].toString(), u"bootstrap (admin)"_s);
    QCOMPARE(created.first()[u"detail"_s][u"name"_s].toString(), u"gone"_s);
    const QJsonArray revoked = eventsOfKind(u"token_revoked"_s);
    QVERIFY(!revoked.isEmpty());
    QCOMPARE(revoked.first()[u"detail"_s][u"name"_s].toString(), u"gone"_s);
}

void TestRoleMatrix::tokenShownOnceAndListedWithoutSecret()
{
    const auto created = m_http->post(u"/v1/tokens"_s,
                                      {{u"name"_s, u"dana"_s}, {u"role"_s, u"viewer"_s}, {u"expiresInSeconds"_s, 3600}},
                                      m_fixture->adminAuthorization());
    QCOMPARE(created.status, 201);
    const QString secret = created.json().value(u"secret"_s).toString();
    QVERIFY(QRegularExpression(u"^krt-[0-9a-f]{64}$"_s).match(secret).hasMatch());
    QCOMPARE(created.json()[u"token"_s][u"role"_s].toString(), u"viewer"_s);

    const auto again = m_http->post(u"/v1/tokens"_s, {{u"name"_s, u"dana"_s}, {u"role"_s, u"admin"_s}},
                                    m_fixture->adminAuthorization());
    QCOMPARE(again.status, 409);
    QCOMPARE(again.errorCode(), u"token_exists"_s);
    const auto badRole = m_http->post(u"/v1/tokens"_s, {{u"name"_s, u"eve"_s}, {u"role"_s, u"root"_s}},
                                      m_fixture->adminAuthorization());
    QCOMPARE(badRole.status, 400);
    QCOMPARE(badRole.json().value(u"field"_s).toString(), u"role"_s);

    const auto list = m_http->get(u"/v1/tokens"_s, m_fixture->adminAuthorization());
    QCOMPARE(list.status, 200);
    QVERIFY2(!list.body.contains(secret.toLatin1()), "a listing must never hold a secret");
    QStringList names;
    for (const QJsonValue &token : list.json().value(u"tokens"_s).toArray()) {
        names.append(token[u"name"_s].toString());
        if (token[u"name"_s].toString() == u"dana")
            QVERIFY(!token[u"expiresAt"_s].toString().isEmpty());
    }
    QVERIFY(names.contains(u"bootstrap"_s));
    QVERIFY(names.contains(u"dana"_s));
    QVERIFY(!names.contains(u"gone"_s));

    // The tokens live in the store: they outlast a restart.
    m_fixture->stop();
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    const auto whoami = m_http->get(u"/v1/whoami"_s, "Bearer " + secret.toLatin1());
    QCOMPARE(whoami.status, 200);
    QCOMPARE(whoami.json().value(u"name"_s).toString(), u"dana"_s);
    QCOMPARE(whoami.json().value(u"role"_s).toString(), u"viewer"_s);
}

void TestRoleMatrix::bootstrapCannotBeRevoked()
{
    const auto reply = m_http->del(u"/v1/tokens/bootstrap"_s, m_fixture->adminAuthorization());
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), u"bootstrap_token"_s);
    QCOMPARE(m_http->get(u"/v1/whoami"_s, m_fixture->adminAuthorization()).status, 200);
    QCOMPARE(m_http->del(u"/v1/tokens/nobody"_s, m_fixture->adminAuthorization()).errorCode(), u"token_not_found"_s);
}

void TestRoleMatrix::lastUseWrittenAtMostOncePerMinute()
{
    const QByteArray secret = createToken(u"poller"_s, u"viewer"_s);
    const auto lastUsed = [&] {
        for (const QJsonValue &token :
             m_http->get(u"/v1/tokens"_s, m_fixture->adminAuthorization()).json().value(u"tokens"_s).toArray()) {
            if (token[u"name"_s].toString() == u"poller")
                return token[u"lastUsedAt"_s].toString();
        }
        return QString();
    };
    QVERIFY(lastUsed().isEmpty());
    QCOMPARE(m_http->get(u"/v1/licenses"_s, bearer(secret)).status, 200);
    const QString first = lastUsed();
    QVERIFY(!first.isEmpty());
    m_fixture->clock().advance(30s);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, bearer(secret)).status, 200);
    QCOMPARE(lastUsed(), first);
    m_fixture->clock().advance(31s);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, bearer(secret)).status, 200);
    QVERIFY(lastUsed() > first);
}

void TestRoleMatrix::revokedTokenRefusedAtItsNextRequest()
{
    const QByteArray secret = createToken(u"leaver"_s, u"operator"_s);
    QCOMPARE(m_http->get(u"/v1/whoami"_s, bearer(secret)).status, 200);
    QCOMPARE(m_http->del(u"/v1/tokens/leaver"_s, m_fixture->adminAuthorization()).status, 204);
    const auto reply = m_http->get(u"/v1/whoami"_s, bearer(secret));
    QCOMPARE(reply.status, 401);
    QCOMPARE(reply.errorCode(), u"unauthorized"_s);
}

void TestRoleMatrix::failuresFromOneAddressAreSlowedDown()
{
    m_fixture->clock().advance(5min);
    const QByteArray wrong = "Bearer krt-" + QByteArray(64, 'b');
    for (int i = 0; i < 20; ++i)
        QCOMPARE(m_http->get(u"/v1/licenses"_s, wrong).status, 401);
    const auto slowed = m_http->get(u"/v1/licenses"_s, wrong);
    QCOMPARE(slowed.status, 429);
    QCOMPARE(slowed.errorCode(), u"too_many_failures"_s);
    QCOMPARE(slowed.header("Retry-After"), QByteArray("3"));
    // A correct token from the same address is never held back.
    QCOMPARE(m_http->get(u"/v1/licenses"_s, m_credentials.value(u"viewer"_s)).status, 200);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, wrong).status, 429);
    m_fixture->clock().advance(3s);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, wrong).status, 401);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, wrong).status, 429);

    const QByteArray metrics = m_http->get(u"/metrics"_s, m_fixture->adminAuthorization()).body;
    const auto count = [&](const QByteArray &reason) {
        const QByteArray prefix = "keyright_auth_failures_total{reason=\"" + reason + "\"} ";
        for (const QByteArray &line : metrics.split('\n')) {
            if (line.startsWith(prefix))
                return line.mid(prefix.size()).toInt();
        }
        return -1;
    };
    QVERIFY2(count("unknown") >= 24, metrics.constData());
    QVERIFY2(count("throttled") >= 3, metrics.constData());
}

void TestRoleMatrix::throttleKeepsBoundedMemory()
{
    ManualClock clock;
    AuthThrottle throttle(clock, AuthThrottle::Settings {2, 1000ms, 100});
    const QHostAddress attacker(u"203.0.113.9"_s);
    QVERIFY(!throttle.recordFailure(attacker));
    QVERIFY(!throttle.recordFailure(attacker));
    QCOMPARE(throttle.recordFailure(attacker), std::optional(1s));
    // Other addresses are not slowed by it, and the table never outgrows its bound.
    for (quint32 i = 0; i < 1000; ++i) {
        QVERIFY(!throttle.recordFailure(QHostAddress(0x0a000000u + i)));
        QVERIFY(throttle.trackedAddresses() <= 100);
    }
    clock.advance(1s);
    QVERIFY(!throttle.recordFailure(QHostAddress(u"198.51.100.1"_s)));
}

QTEST_GUILESS_MAIN(TestRoleMatrix)
#include "tst_rolematrix.moc"
