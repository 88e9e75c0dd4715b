#include "LeaseJson.h"
#include "SystemClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "wire/QueueTicket.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The waiting line of issue 17 against the real server: checkouts that wait get tickets, freed
// seats go to the head of the line (never to a newcomer), lapsed tickets are dropped, and every
// step is in the audit log. Most cases move the fixture's ManualClock; queueOfTwentyAcrossProcesses
// runs its waiters in several child processes on the real clock.
class TestWaitingLine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void waitingCheckoutGetsTicket();
    void freedSeatGoesToHeadNotNewcomer();
    void sameRequestIdSameTicket();
    void ticketLostSaysWhy_data();
    void ticketLostSaysWhy();
    void unrenewedGrantGivesSeatBack();
    void leavingGivesHeldSeatBack();
    void eventsRecordTheLine();
    void badWaitValuesAreRefused_data();
    void badWaitValuesAreRefused();
    void queueOfTwentyAcrossProcesses();

private:
    // A fresh license of `seats` seats, TTL 30 s, skew 5 s; its key.
    QByteArray makeLicense(int seats, std::chrono::seconds ttl = 30s);
    HttpResult checkout(const QString &holder, const QJsonObject &extra = {});
    HttpResult waitInLine(const QString &holder, int maxWaitSeconds = 600, const QString &requestId = {});
    HttpResult ticketHeartbeat(const QString &ticketId);
    HttpResult leave(const QString &ticketId);
    HttpResult release(const QString &seatId);
    QJsonObject listing();
    QList<QJsonObject> eventsOf(const QString &kind);
    static QString ticketOf(const HttpResult &reply);
    static QString seatOf(const HttpResult &reply);

    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_admin;
    QString m_license;
    QByteArray m_auth;
    int m_licenses = 0;
};

void TestWaitingLine::initTestCase()
{
    m_server = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_server);
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_admin = m_server->adminAuthorization();
    m_http = std::make_unique<TestHttp>(m_server->url());
}

void TestWaitingLine::cleanupTestCase()
{
    m_http.reset();
    m_server.reset();
}

void TestWaitingLine::init()
{
    m_license.clear();
    m_auth.clear();
}

QByteArray TestWaitingLine::makeLicense(int seats, std::chrono::seconds ttl)
{
    m_license = u"line-%1"_s.arg(++m_licenses);
    const auto created = m_http->put(u"/v1/licenses/"_s + m_license,
                                     {{u"seatCount"_s, seats},
                                      {u"ttlSeconds"_s, qint64(ttl.count())},
                                      {u"skewSeconds"_s, 5},
                                      {u"reapGraceSeconds"_s, 15}},
                                     m_admin);
    const QByteArray key = created.json().value("key"_L1).toString().toLatin1();
    m_auth = "License " + key;
    return key;
}

HttpResult TestWaitingLine::checkout(const QString &holder, const QJsonObject &extra)
{
    QJsonObject body = extra;
    body.insert(u"holder"_s, holder);
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(m_license), body, m_auth);
}

HttpResult TestWaitingLine::waitInLine(const QString &holder, int maxWaitSeconds, const QString &requestId)
{
    QJsonObject body {{u"wait"_s, true}, {u"maxWaitSeconds"_s, maxWaitSeconds}};
    if (!requestId.isEmpty())
        body.insert(u"requestId"_s, requestId);
    return checkout(holder, body);
}

HttpResult TestWaitingLine::ticketHeartbeat(const QString &ticketId)
{
    return m_http->call("POST", u"/v1/licenses/%1/tickets/%2/heartbeat"_s.arg(m_license, ticketId), {}, m_auth);
}

HttpResult TestWaitingLine::leave(const QString &ticketId)
{
    return m_http->del(u"/v1/licenses/%1/tickets/%2"_s.arg(m_license, ticketId), m_auth);
}

HttpResult TestWaitingLine::release(const QString &seatId)
{
    return m_http->del(u"/v1/licenses/%1/seats/%2"_s.arg(m_license, seatId), m_auth);
}

QJsonObject TestWaitingLine::listing()
{
    return m_http->get(u"/v1/licenses/%1/leases"_s.arg(m_license), m_admin).json();
}

QList<QJsonObject> TestWaitingLine::eventsOf(const QString &kind)
{
    QList<QJsonObject> found;
    const auto page = m_http->get(u"/v1/events?license=%1&kind=%2&limit=1000"_s.arg(m_license, kind), m_admin).json();
    for (const QJsonValue &event : page.value("events"_L1).toArray())
        found.append(event.toObject());
    return found;
}

QString TestWaitingLine::ticketOf(const HttpResult &reply)
{
    return reply.json().value("ticket"_L1).toObject().value("ticketId"_L1).toString();
}

QString TestWaitingLine::seatOf(const HttpResult &reply)
{
    return reply.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
}

void TestWaitingLine::waitingCheckoutGetsTicket()
{
    makeLicense(1);
    QCOMPARE(checkout(u"alice"_s).status, 201);
    const auto first = waitInLine(u"bob"_s, 120);
    QCOMPARE(first.status, 202);
    const auto ticket = QueueTicket::fromJson(first.json().value("ticket"_L1));
    QVERIFY(ticket);
    QCOMPARE(ticket->state, QueueTicket::State::Waiting);
    QCOMPARE(ticket->position, 1);
    QCOMPARE(ticket->waiting, 1);
    const QDateTime now = m_server->clock().now();
    QCOMPARE(ticket->queuedAt, now);
    QCOMPARE(ticket->expiresAt, now.addSecs(30)); // the license's TTL
    QCOMPARE(ticket->giveUpAt, now.addSecs(120));

    const auto second = waitInLine(u"carol"_s);
    QCOMPARE(second.status, 202);
    QCOMPARE(second.json().value("ticket"_L1)["position"_L1].toInt(), 2);
    QCOMPARE(second.json().value("ticket"_L1)["waiting"_L1].toInt(), 2);

    // Without "wait" a full license still answers 409, and the line is listed in order.
    QCOMPARE(checkout(u"dave"_s).status, 409);
    const QJsonArray queue = listing().value("queue"_L1).toArray();
    QCOMPARE(queue.size(), 2);
    QCOMPARE(queue.at(0)["holder"_L1].toString(), u"bob"_s);
    QCOMPARE(queue.at(1)["holder"_L1].toString(), u"carol"_s);
    QCOMPARE(queue.at(1)["position"_L1].toInt(), 2);
    int waiting = -1;
    for (const QJsonValue &summary : m_http->get(u"/v1/licenses"_s, m_admin).json().value("licenses"_L1).toArray()) {
        if (summary["id"_L1].toString() == m_license)
            waiting = summary["waiting"_L1].toInt();
    }
    QCOMPARE(waiting, 2);
}

void TestWaitingLine::freedSeatGoesToHeadNotNewcomer()
{
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    QCOMPARE(held.status, 201);
    const QString bob = ticketOf(waitInLine(u"bob"_s));
    const QString carol = ticketOf(waitInLine(u"carol"_s));
    QVERIFY(!bob.isEmpty() && !carol.isEmpty());

    QCOMPARE(release(seatOf(held)).status, 204);
    // The seat is bob's now, held for him: a newcomer who did not wait gets nothing, even one
    // asking first and even one that asks to wait.
    QCOMPARE(checkout(u"dave"_s).status, 409);
    QCOMPARE(waitInLine(u"erin"_s).json()["ticket"_L1]["position"_L1].toInt(), 2); // carol is 1

    const auto carolBeat = ticketHeartbeat(carol);
    QCOMPARE(carolBeat.status, 202);
    QCOMPARE(carolBeat.json()["ticket"_L1]["position"_L1].toInt(), 1);
    const auto bobBeat = ticketHeartbeat(bob);
    QCOMPARE(bobBeat.status, 200);
    QCOMPARE(bobBeat.json().value("ticketId"_L1).toString(), bob);
    const auto lease = leaseFromJson(bobBeat.json().value("lease"_L1).toObject());
    QVERIFY(lease);
    QCOMPARE(lease->holder, u"bob"_s);
    QVERIFY(m_server->verifier().verify(*lease));
    QCOMPARE(lease->expiresAt, m_server->clock().now().addSecs(30));
    // The ticket is gone; the lease is a normal one, renewed by seat heartbeats.
    QCOMPARE(ticketHeartbeat(bob).status, 410);
    QCOMPARE(
        m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(m_license, lease->seatId), {}, m_auth).status,
        200);
    QCOMPARE(listing().value("inUse"_L1).toInt(), 1);
}

void TestWaitingLine::sameRequestIdSameTicket()
{
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    const auto first = waitInLine(u"bob"_s, 600, u"r-1"_s);
    const auto again = waitInLine(u"bob"_s, 600, u"r-1"_s);
    QCOMPARE(first.status, 202);
    QCOMPARE(again.status, 202);
    QCOMPARE(ticketOf(again), ticketOf(first));
    QCOMPARE(listing().value("queue"_L1).toArray().size(), 1);
    QCOMPARE(eventsOf(u"queued"_s).size(), 1);

    QCOMPARE(release(seatOf(held)).status, 204);
    // Once its seat is held, the same checkout again hands over the lease, once.
    const auto granted = waitInLine(u"bob"_s, 600, u"r-1"_s);
    QCOMPARE(granted.status, 200);
    QCOMPARE(granted.json().value("ticketId"_L1).toString(), ticketOf(first));
    const QString seat = seatOf(granted);
    const auto replay = waitInLine(u"bob"_s, 600, u"r-1"_s);
    QCOMPARE(replay.status, 201); // a plain replay of the seat it took
    QCOMPARE(seatOf(replay), seat);
    QCOMPARE(listing().value("inUse"_L1).toInt(), 1);
    QVERIFY(listing().value("queue"_L1).toArray().isEmpty());
}

void TestWaitingLine::ticketLostSaysWhy_data()
{
    QTest::addColumn<QString>("reason");
    QTest::newRow("not renewed within the TTL") << u"expired"_s;
    QTest::newRow("its maximum wait passed") << u"timed_out"_s;
    QTest::newRow("the waiter left") << u"gave_up"_s;
    QTest::newRow("its held seat was revoked") << u"revoked"_s;
    QTest::newRow("never in the line") << u"unknown"_s;
}

void TestWaitingLine::ticketLostSaysWhy()
{
    QFETCH(QString, reason);
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    QString ticket = ticketOf(waitInLine(u"bob"_s, 20));
    if (reason == u"expired") {
        m_server->clock().advance(31s);
    } else if (reason == u"timed_out") {
        for (int i = 0; i < 3; ++i) {
            m_server->clock().advance(8s);
            if (i < 2)
                QCOMPARE(ticketHeartbeat(ticket).status, 202);
        }
    } else if (reason == u"gave_up") {
        QCOMPARE(leave(ticket).status, 204);
    } else if (reason == u"revoked") {
        QCOMPARE(release(seatOf(held)).status, 204);
        const QJsonArray queue = listing().value("queue"_L1).toArray();
        QCOMPARE(queue.at(0)["state"_L1].toString(), u"granted"_s);
        QVERIFY(m_server->revoke(m_license, queue.at(0)["seatId"_L1].toString()));
    } else {
        ticket = u"0123456789abcdef0123456789abcdef"_s;
    }
    const auto lost = ticketHeartbeat(ticket);
    QCOMPARE(lost.status, 410);
    QCOMPARE(lost.errorCode(), u"ticket_lost"_s);
    QCOMPARE(lost.json().value("reason"_L1).toString(), reason);
    QVERIFY(lost.json().value("message"_L1).toString().contains(ticket));
}

void TestWaitingLine::unrenewedGrantGivesSeatBack()
{
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    const QString bob = ticketOf(waitInLine(u"bob"_s));
    m_server->clock().advance(20s);
    QCOMPARE(ticketHeartbeat(bob).status, 202); // renewed: expires 30 s from now
    QCOMPARE(release(seatOf(held)).status, 204);
    QCOMPARE(listing().value("inUse"_L1).toInt(), 1); // held for bob
    // Bob crashed and never claims it. Within TTL + skew the seat is free again for anyone.
    m_server->clock().advance(29s);
    QCOMPARE(checkout(u"dave"_s).status, 409);
    m_server->clock().advance(6s);
    QCOMPARE(checkout(u"dave"_s).status, 201);
    QCOMPARE(ticketHeartbeat(bob).status, 410);
    const auto left = eventsOf(u"queue_left"_s);
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.at(0)["detail"_L1]["why"_L1].toString(), u"expired"_s);
}

void TestWaitingLine::leavingGivesHeldSeatBack()
{
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    const QString bob = ticketOf(waitInLine(u"bob"_s));
    const QString carol = ticketOf(waitInLine(u"carol"_s));
    QCOMPARE(release(seatOf(held)).status, 204); // held for bob
    QCOMPARE(leave(bob).status, 204);
    QCOMPARE(leave(bob).status, 204); // already gone: not an error
    const auto carolBeat = ticketHeartbeat(carol);
    QCOMPARE(carolBeat.status, 200);
    QCOMPARE(listing().value("inUse"_L1).toInt(), 1);
}

void TestWaitingLine::eventsRecordTheLine()
{
    makeLicense(1);
    const auto held = checkout(u"alice"_s);
    const QString bob = ticketOf(waitInLine(u"bob"_s));
    const QString carol = ticketOf(waitInLine(u"carol"_s));
    m_server->clock().advance(4s);
    QCOMPARE(release(seatOf(held)).status, 204);
    QCOMPARE(leave(carol).status, 204);

    const auto queued = eventsOf(u"queued"_s);
    QCOMPARE(queued.size(), 2);
    QCOMPARE(queued.at(0)["holder"_L1].toString(), u"bob"_s);
    QCOMPARE(queued.at(0)["detail"_L1]["ticketId"_L1].toString(), bob);
    QCOMPARE(queued.at(1)["detail"_L1]["position"_L1].toInt(), 2);
    const auto granted = eventsOf(u"granted"_s);
    QCOMPARE(granted.size(), 2); // alice's, then bob's from the line
    QCOMPARE(granted.at(1)["holder"_L1].toString(), u"bob"_s);
    QCOMPARE(granted.at(1)["detail"_L1]["ticketId"_L1].toString(), bob);
    QCOMPARE(granted.at(1)["detail"_L1]["waitedMs"_L1].toInteger(), 4000);
    const auto left = eventsOf(u"queue_left"_s);
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.at(0)["holder"_L1].toString(), u"carol"_s);
    QCOMPARE(left.at(0)["detail"_L1]["why"_L1].toString(), u"gave_up"_s);
    QCOMPARE(left.at(0)["detail"_L1]["waitedMs"_L1].toInteger(), 4000);
    QVERIFY(eventsOf(u"denied"_s).isEmpty()); // a checkout that waits is not a denial
}

void TestWaitingLine::badWaitValuesAreRefused_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::newRow("wait is not a boolean") << QByteArray(R"({"holder":"bob","wait":"yes"})") << u"wait"_s;
    QTest::newRow("maxWaitSeconds zero") << QByteArray(R"({"holder":"bob","wait":true,"maxWaitSeconds":0})")
                                         << u"maxWaitSeconds"_s;
    QTest::newRow("maxWaitSeconds beyond a day")
        << QByteArray(R"({"holder":"bob","wait":true,"maxWaitSeconds":86401})") << u"maxWaitSeconds"_s;
    QTest::newRow("maxWaitSeconds fractional")
        << QByteArray(R"({"holder":"bob","wait":true,"maxWaitSeconds":1.5})") << u"maxWaitSeconds"_s;
    QTest::newRow("maxWaitSeconds a string")
        << QByteArray(R"({"holder":"bob","wait":true,"maxWaitSeconds":"9"})") << u"maxWaitSeconds"_s;
}

void TestWaitingLine::badWaitValuesAreRefused()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    makeLicense(1);
    QCOMPARE(checkout(u"alice"_s).status, 201);
    const auto refused = m_http->call("POST", u"/v1/licenses/%1/checkout"_s.arg(m_license), body, m_auth);
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.json().value("field"_L1).toString(), field);
    QVERIFY(listing().value("queue"_L1).toArray().isEmpty());
    const auto malformed
        = m_http->call("POST", u"/v1/licenses/%1/tickets/NOT-A-TICKET/heartbeat"_s.arg(m_license), {}, m_auth);
    QCOMPARE(malformed.status, 400);
    QCOMPARE(malformed.json().value("field"_L1).toString(), u"ticketId"_s);
}

void TestWaitingLine::queueOfTwentyAcrossProcesses()
{
    // The issue's case: twenty waiters spread over four processes, served in line order as the
    // seat frees, with the waiters of one process crashed (kill -9) after they queued: they are
    // skipped once their tickets' TTL runs out. The one seat is the test's, released at the start;
    // every waiter gives its seat back as soon as it has it, which frees it for the next.
    // Real time here: the server runs on the machine's clock, with a 3 s TTL; waiters renew every
    // 300 ms.
    SystemClock wallClock;
    TestServer server(TestServer::Options {.clock = &wallClock, .reapInterval = 0s});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    const auto created = http.put(
        u"/v1/licenses/crowd"_s,
        {{u"seatCount"_s, 1}, {u"ttlSeconds"_s, 3}, {u"skewSeconds"_s, 1}, {u"reapGraceSeconds"_s, 5}}, admin);
    QCOMPARE(created.status, 201);
    const QString key = created.json().value("key"_L1).toString();
    const QByteArray auth = "License " + key.toLatin1();
    const auto held = http.post(u"/v1/licenses/crowd/checkout"_s, {{u"holder"_s, u"owner"_s}}, auth);
    QCOMPARE(held.status, 201);

    constexpr int processes = 4;
    constexpr int waiters = 20;
    constexpr int crashed = 1; // the process whose waiters crash
    std::vector<std::unique_ptr<QProcess>> children;
    std::vector<QByteArray> output(processes);
    const QString helper = QCoreApplication::applicationDirPath() + u"/waitingline-waiter"_s;
    for (int p = 0; p < processes; ++p) {
        auto child = std::make_unique<QProcess>();
        child->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcess *raw = child.get();
        connect(raw, &QProcess::readyReadStandardOutput, this, [raw, &output, p] { output[p] += raw->readAll(); });
        child->start(helper, {server.url().toString(), u"crowd"_s, key, u"300"_s});
        QVERIFY2(child->waitForStarted(5000), qPrintable(helper));
        children.push_back(std::move(child));
    }
    const auto holderOf = [](int i) { return u"w%1"_s.arg(i, 2, 10, QChar(u'0')); };
    // Queue one at a time, round robin over the processes, so the line's order is known.
    for (int i = 0; i < waiters; ++i) {
        const int p = i % processes;
        children[p]->write(u"queue %1\n"_s.arg(holderOf(i)).toUtf8());
        const QByteArray expected = u"queued %1 "_s.arg(holderOf(i)).toUtf8();
        QTRY_VERIFY_WITH_TIMEOUT(output[p].contains(expected), 10000);
    }
    const QJsonArray line = http.get(u"/v1/licenses/crowd/leases"_s, admin).json().value("queue"_L1).toArray();
    QCOMPARE(line.size(), waiters);
    for (int i = 0; i < waiters; ++i)
        QCOMPARE(line.at(i)["holder"_L1].toString(), holderOf(i));

    children[crashed]->kill();
    children[crashed]->waitForFinished(5000);
    QCOMPARE(http.del(u"/v1/licenses/crowd/seats/"_s + held.json()["lease"_L1]["seatId"_L1].toString(), auth).status,
             204);

    // While anyone still waits, a newcomer that does not wait never gets the seat: its checkout
    // serves the line first. It gets the seat only once the line is empty.
    int newcomerTries = 0;
    bool overtook = false;
    bool seated = false;
    const auto lineEmptied = [&] {
        if (seated)
            return true; // QTRY evaluates once more after it turned true
        ++newcomerTries;
        const auto newcomer = http.post(u"/v1/licenses/crowd/checkout"_s, {{u"holder"_s, u"newcomer"_s}}, auth);
        if (newcomer.status != 201)
            return false;
        overtook = !http.get(u"/v1/licenses/crowd/leases"_s, admin).json().value("queue"_L1).toArray().isEmpty();
        seated = true;
        return true;
    };
    QTRY_VERIFY_WITH_TIMEOUT(lineEmptied(), 90000);
    QVERIFY(!overtook);
    QVERIFY(newcomerTries > 10);
    const auto grantedLines = [&] {
        int granted = 0;
        for (int p = 0; p < processes; ++p)
            granted += int(output[p].count("granted "));
        return granted;
    };
    QTRY_COMPARE_WITH_TIMEOUT(grantedLines(), waiters - waiters / processes, 5000);

    // The order the server granted in: the line's, the crashed waiters skipped or lapsed.
    QStringList grantedOrder;
    QStringList lapsed;
    const auto events = http.get(u"/v1/events?license=crowd&kind=granted,queue_left&limit=1000"_s, admin)
                            .json()["events"_L1]
                            .toArray();
    for (const QJsonValue &event : events) {
        if (event["kind"_L1].toString() == u"queue_left") {
            QCOMPARE(event["detail"_L1]["why"_L1].toString(), u"expired"_s);
            lapsed.append(event["holder"_L1].toString());
        } else if (event["detail"_L1].toObject().contains("ticketId"_L1)) {
            grantedOrder.append(event["holder"_L1].toString());
        }
    }
    QStringList survivors;
    QStringList gone;
    for (int i = 0; i < waiters; ++i)
        (i % processes == crashed ? gone : survivors).append(holderOf(i));
    QStringList grantedSurvivors;
    for (const QString &holder : grantedOrder) {
        if (survivors.contains(holder))
            grantedSurvivors.append(holder);
    }
    QCOMPARE(grantedSurvivors, survivors);
    lapsed.sort(); // they lapse at about the same moment: the order among them is not the point
    QCOMPARE(lapsed, gone);
    for (int p = 0; p < processes; ++p) {
        if (p == crashed)
            continue;
        children[p]->closeWriteChannel();
        QVERIFY(children[p]->waitForFinished(5000));
    }
}

class TestWaitingLineOnPostgres : public TestWaitingLine
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestWaitingLine)
#include "tst_waitingline.moc"
