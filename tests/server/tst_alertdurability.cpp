// Alert deliveries across the death of real keyright-server processes (issue 29's "Done when"):
// a webhook receiver of the test's own (tests/support/webhook_receiver.py, Python's http.server,
// which checks every Keyright-Signature with Python's hmac and hashlib and logs what it got)
// holds its answer while the sending server is killed with SIGKILL, or stopped with SIGTERM, and
// a server is started again on the same data directory. The contract of docs/DEPLOYMENT.md
// ("Alert webhooks"): every alert arrives; a kill -9 mid-request may send that request again,
// with the same Keyright-Delivery id, and nothing else twice; a graceful stop sends nothing twice.
//
// The last case drives 100 firing/resolving cycles through three instances over one PostgreSQL
// (resolving as soon as the condition clears: the hidden --test-alert-clear-ms), kills one with
// SIGKILL at cycle 50, while the receivers hold the requests in flight, and starts it again at
// cycle 55 (it takes back the claims its killed self held): each endpoint gets each alert_fired
// and alert_resolved under exactly one id, and an id arrives twice only when its first arrival
// was before the kill. Without KEYRIGHT_TEST_PG it skips, and fails with KEYRIGHT_REQUIRE_PG=1.
// Time is real (separate processes): every wait is bounded.
#include "InstanceCluster.h"
#include "PgTestDatabase.h"
#include "ServerProcess.h"
#include "TestHttp.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

// One webhook_receiver.py of its own: its port, its secret (the endpoint's), its log.
class Receiver
{
public:
    struct Entry
    {
        QString deliveryId;
        bool valid = false;
        QJsonObject body;
    };

    bool start(const QString &dir, QString *error)
    {
        m_dir = dir;
        QDir().mkpath(dir);
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(u"python3"_s,
                        {QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/tests/support/webhook_receiver.py"_s,
                         u"--port-file"_s, path(u"port"_s), u"--log"_s, path(u"received.jsonl"_s), u"--secret-file"_s,
                         path(u"secret"_s), u"--fail-file"_s, path(u"fail"_s), u"--delay-file"_s, path(u"delay"_s)});
        if (!m_process.waitForStarted(10'000)) {
            *error = u"python3 did not start"_s;
            return false;
        }
        if (!QTest::qWaitFor([&] { return QFile::exists(path(u"port"_s)); }, 10'000)) {
            *error = u"the webhook receiver wrote no port within 10 s"_s;
            return false;
        }
        QFile port(path(u"port"_s));
        if (!port.open(QIODevice::ReadOnly))
            return false;
        m_url = u"http://127.0.0.1:%1/hook"_s.arg(QString::fromLatin1(port.readAll().trimmed()));
        return true;
    }
    ~Receiver()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    QString url() const { return m_url; }
    // The receiver logs each request, then waits this long before it answers (0: at once).
    void setDelay(const QByteArray &seconds)
    {
        QFile file(path(u"delay"_s));
        if (seconds.isEmpty()) {
            file.remove();
            return;
        }
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(file.fileName()));
        file.write(seconds);
    }
    void setSecret(const QByteArray &secret)
    {
        QFile file(path(u"secret"_s));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write %s", qPrintable(file.fileName()));
        file.write(secret);
    }
    QList<Entry> received() const
    {
        QList<Entry> all;
        QFile file(path(u"received.jsonl"_s));
        if (!file.open(QIODevice::ReadOnly))
            return all;
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            const QJsonObject entry = QJsonDocument::fromJson(line).object();
            all.append(Entry {entry.value("deliveryId"_L1).toString(), entry.value("valid"_L1).toBool(),
                              QJsonDocument::fromJson(entry.value("body"_L1).toString().toUtf8()).object()});
        }
        return all;
    }

private:
    QString path(const QString &name) const { return QDir(m_dir).filePath(name); }

    QString m_dir;
    QString m_url;
    QProcess m_process;
};

// Adds a webhook endpoint to `receiver` and hands it the secret shown once; the endpoint's id.
QString addEndpoint(TestHttp &http, const QByteArray &admin, const QString &name, Receiver &receiver)
{
    const HttpResult created
        = http.post(u"/v1/alerts/endpoints"_s, {{u"name"_s, name}, {u"url"_s, receiver.url()}}, admin);
    if (created.status != 201) {
        qWarning("POST /v1/alerts/endpoints: %d %s", created.status, created.body.constData());
        return {};
    }
    receiver.setSecret(created.json().value("secret"_L1).toString().toLatin1());
    return created.json().value("id"_L1).toString();
}

bool putFullRule(TestHttp &http, const QByteArray &admin)
{
    // Fires as soon as every seat of a license is held, resolves as soon as one is free.
    const QJsonArray rules {
        QJsonObject {{u"id"_s, u"full"_s}, {u"kind"_s, u"seats_in_use"_s}, {u"threshold"_s, 100}, {u"minutes"_s, 0}}};
    const HttpResult put = http.put(u"/v1/alerts/rules"_s, {{u"rules"_s, rules}}, admin);
    if (put.status != 200)
        qWarning("PUT /v1/alerts/rules: %d %s", put.status, put.body.constData());
    return put.status == 200;
}

// A one-seat license; its "License ..." authorization.
QByteArray createLicense(TestHttp &http, const QByteArray &admin, const QString &id)
{
    const HttpResult created = http.put(
        u"/v1/licenses/"_s + id,
        {{u"seatCount"_s, 1}, {u"ttlSeconds"_s, 3600}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 15}}, admin);
    if (created.status != 201) {
        qWarning("PUT /v1/licenses/%s: %d %s", qPrintable(id), created.status, created.body.constData());
        return {};
    }
    return "License " + created.json().value("key"_L1).toString().toLatin1();
}

// Takes the license's seat; its seat id.
QString checkout(TestHttp &http, const QString &license, const QByteArray &auth)
{
    const HttpResult taken
        = http.post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, u"alice@ws-1"_s}}, auth);
    if (taken.status != 201) {
        qWarning("checkout of %s: %d %s", qPrintable(license), taken.status, taken.body.constData());
        return {};
    }
    return taken.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
}

// The delivery log, every status.
QList<QJsonObject> deliveries(TestHttp &http, const QByteArray &admin)
{
    QList<QJsonObject> all;
    const HttpResult listed = http.get(u"/v1/alerts/deliveries?limit=1000"_s, admin);
    if (listed.status != 200) {
        qWarning("GET /v1/alerts/deliveries: %d %s", listed.status, listed.body.constData());
        return all;
    }
    for (const QJsonValue &one : listed.json().value("deliveries"_L1).toArray())
        all.append(one.toObject());
    return all;
}

bool allDelivered(TestHttp &http, const QByteArray &admin, int expected)
{
    const QList<QJsonObject> all = deliveries(http, admin);
    if (all.size() != expected)
        return false;
    for (const QJsonObject &one : all) {
        if (one.value("status"_L1).toString() != u"delivered"_s)
            return false;
    }
    return true;
}

int eventCount(TestHttp &http, const QByteArray &admin, const QString &license, const QString &kind)
{
    const HttpResult reply = http.get(u"/v1/events?license=%1&kind=%2&limit=1000"_s.arg(license, kind), admin);
    return reply.status == 200 ? int(reply.json().value("events"_L1).toArray().size()) : -1;
}

} // namespace

class TestAlertDurability : public QObject
{
    Q_OBJECT

private slots:
    void killedMidDeliverySendsItAgainWithTheSameIdOnly();
    void stoppedMidDeliverySendsNothingTwice();
    void postgresHundredCyclesOncePerEndpointWithAnInstanceKilled();

private:
    // One server process, one receiver holding its answers `delaySeconds`, one alert fired; the
    // server is ended by `end` while the receiver holds the request, and started again.
    void endMidDelivery(const std::function<void(ServerProcess &)> &end, int maxArrivalsOfTheHeldOne);
};

void TestAlertDurability::endMidDelivery(const std::function<void(ServerProcess &)> &end, int maxArrivalsOfTheHeldOne)
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Receiver receiver;
    QString error;
    QVERIFY2(receiver.start(dir.filePath(u"receiver"_s), &error), qPrintable(error));
    ServerProcess server;
    server.setExtraArguments({u"--alert-interval"_s, u"200ms"_s, u"--reap-interval"_s, u"0"_s});
    QVERIFY2(server.start(&error), qPrintable(error + server.output()));
    TestHttp http(server.url());
    const QByteArray admin = "Bearer " + server.adminToken();
    QVERIFY(!addEndpoint(http, admin, u"ops"_s, receiver).isEmpty());
    QVERIFY(putFullRule(http, admin));

    // The first alert's request is logged by the receiver, which then holds its answer 4 s.
    receiver.setDelay("4");
    const QByteArray first = createLicense(http, admin, u"lic-a"_s);
    QVERIFY(!checkout(http, u"lic-a"_s, first).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(receiver.received().size(), 1, 10'000);
    const QString held = receiver.received().first().deliveryId;
    end(server);
    receiver.setDelay({});

    QVERIFY2(server.start(&error), qPrintable(error + server.output()));
    // A second alert after the restart, delivered as usual.
    const QByteArray second = createLicense(http, admin, u"lic-b"_s);
    QVERIFY(!checkout(http, u"lic-b"_s, second).isEmpty());
    // Bounded well below the 2 minutes a lapsed claim would take: the restarted server takes its
    // predecessor's claims back at once.
    QVERIFY2(QTest::qWaitFor([&] { return allDelivered(http, admin, 2); }, 15'000),
             qPrintable(QString::fromUtf8(QJsonDocument(QJsonArray::fromVariantList([&] {
                                              QVariantList list;
                                              for (const QJsonObject &one : deliveries(http, admin))
                                                  list.append(one.toVariantMap());
                                              return list;
                                          }()))
                                              .toJson(QJsonDocument::Compact))
                        + server.output()));

    QHash<QString, int> arrivals;
    QSet<QString> licenses;
    for (const Receiver::Entry &one : receiver.received()) {
        QVERIFY2(one.valid, qPrintable(one.deliveryId)); // Python's hmac agrees
        QCOMPARE(one.body.value("deliveryId"_L1).toString(), one.deliveryId);
        QCOMPARE(one.body.value("event"_L1).toString(), u"alert_fired"_s);
        ++arrivals[one.deliveryId];
        licenses.insert(one.body.value("licenseId"_L1).toString());
    }
    // Every alert, under one id each.
    QCOMPARE(licenses, (QSet<QString> {u"lic-a"_s, u"lic-b"_s}));
    QCOMPARE(arrivals.size(), 2);
    QSet<QString> logged;
    for (const QJsonObject &one : deliveries(http, admin))
        logged.insert(one.value("id"_L1).toString());
    QCOMPARE(QSet<QString>(arrivals.keyBegin(), arrivals.keyEnd()), logged);
    for (auto it = arrivals.cbegin(); it != arrivals.cend(); ++it)
        QVERIFY2(it.value() <= (it.key() == held ? maxArrivalsOfTheHeldOne : 1), qPrintable(it.key()));
    QCOMPARE(arrivals.value(held), maxArrivalsOfTheHeldOne);
}

void TestAlertDurability::killedMidDeliverySendsItAgainWithTheSameIdOnly()
{
    // SIGKILL while the receiver holds the request: the store never learns that it arrived, so
    // the next start sends it again, same id (at least once). Nothing else is sent twice.
    endMidDelivery([](ServerProcess &server) { server.kill(); }, 2);
}

void TestAlertDurability::stoppedMidDeliverySendsNothingTwice()
{
    // SIGTERM while the receiver holds the request: the server waits for the answer and records
    // it before it exits, so the next start does not send it again.
    endMidDelivery(
        [](ServerProcess &server) {
            QElapsedTimer stopping;
            stopping.start();
            QVERIFY2(server.terminate(15s), qPrintable(server.output()));
            QVERIFY2(stopping.elapsed() < 14'000, qPrintable(QString::number(stopping.elapsed())));
        },
        1);
}

void TestAlertDurability::postgresHundredCyclesOncePerEndpointWithAnInstanceKilled()
{
    constexpr int cycles = 100;
    constexpr int killAt = 50;
    constexpr int reviveAt = 55;
    PgTestDatabase db;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(db);
    QString error;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Receiver receivers[2];
    QVERIFY2(receivers[0].start(dir.filePath(u"ops"_s), &error), qPrintable(error));
    QVERIFY2(receivers[1].start(dir.filePath(u"pager"_s), &error), qPrintable(error));
    // Answers held a little, so that requests are in flight when the instance dies.
    for (Receiver &receiver : receivers)
        receiver.setDelay("0.3");

    InstanceCluster cluster(3, db.url());
    // Evaluated every 100 ms, deliveries claimed every 100 ms, and a firing alert resolved as soon
    // as its condition is clear (not after the 2 minutes of a real server, which would make 100
    // cycles take hours): the hidden test options.
    cluster.setExtraArguments({u"--alert-interval"_s, u"100ms"_s, u"--test-alert-delivery-interval-ms"_s, u"100"_s,
                               u"--test-alert-clear-ms"_s, u"0"_s, u"--reap-interval"_s, u"0"_s});
    QVERIFY2(cluster.start(&error), qPrintable(error + cluster.output()));
    const QByteArray admin = cluster.adminAuthorization();
    // Every request goes to instance 0, which lives throughout; all three evaluate and deliver.
    TestHttp http(cluster.instance(0).url());
    QVERIFY(!addEndpoint(http, admin, u"ops"_s, receivers[0]).isEmpty());
    QVERIFY(!addEndpoint(http, admin, u"pager"_s, receivers[1]).isEmpty());
    QVERIFY(putFullRule(http, admin));
    const QString license = u"cycled"_s;
    const QByteArray auth = createLicense(http, admin, license);
    QVERIFY(!auth.isEmpty());

    QElapsedTimer elapsed;
    elapsed.start();
    qsizetype receivedAtKill[2] = {-1, -1};
    for (int cycle = 0; cycle < cycles; ++cycle) {
        if (cycle == reviveAt) {
            QVERIFY2(cluster.restart(1, &error), qPrintable(error + cluster.output()));
        }
        const QString seat = checkout(http, license, auth);
        QVERIFY2(!seat.isEmpty(), qPrintable(QString::number(cycle)));
        QVERIFY2(QTest::qWaitFor([&] { return eventCount(http, admin, license, u"alert_fired"_s) == cycle + 1; }, 5000),
                 qPrintable(u"cycle %1: no alert_fired within 5 s"_s.arg(cycle)));
        if (cycle == killAt) {
            // As soon as the firing reaches a receiver: one instance dies, perhaps the sender.
            QVERIFY(QTest::qWaitFor([&] { return receivers[0].received().size() > 2 * killAt; }, 5000));
            for (int i = 0; i < 2; ++i)
                receivedAtKill[i] = receivers[i].received().size();
            cluster.kill(1);
        }
        QCOMPARE(http.del(u"/v1/licenses/%1/seats/%2"_s.arg(license, seat), auth).status, 204);
        QVERIFY2(
            QTest::qWaitFor([&] { return eventCount(http, admin, license, u"alert_resolved"_s) == cycle + 1; }, 5000),
            qPrintable(u"cycle %1: no alert_resolved within 5 s"_s.arg(cycle)));
    }
    QVERIFY2(QTest::qWaitFor([&] { return allDelivered(http, admin, 2 * 2 * cycles); }, 20'000),
             qPrintable(cluster.output()));
    QCOMPARE(eventCount(http, admin, license, u"alert_fired"_s), cycles);
    QCOMPARE(eventCount(http, admin, license, u"alert_resolved"_s), cycles);

    QSet<QString> logged;
    for (const QJsonObject &one : deliveries(http, admin))
        logged.insert(one.value("id"_L1).toString());
    QCOMPARE(logged.size(), 2 * 2 * cycles);
    int resent = 0;
    for (int i = 0; i < 2; ++i) {
        const QList<Receiver::Entry> got = receivers[i].received();
        QHash<QString, int> arrivals;
        QHash<QString, qsizetype> firstArrival;
        // An alert is its event and the time of its transition: each under one id only.
        QHash<QString, QString> idOfAlert;
        int fired = 0;
        int resolved = 0;
        for (qsizetype n = 0; n < got.size(); ++n) {
            const Receiver::Entry &one = got.at(n);
            QVERIFY2(one.valid, qPrintable(one.deliveryId));
            QVERIFY(logged.contains(one.deliveryId));
            const QString event = one.body.value("event"_L1).toString();
            const QString alert = event + u' ' + one.body.value("time"_L1).toString();
            QVERIFY2(idOfAlert.value(alert, one.deliveryId) == one.deliveryId,
                     qPrintable(u"%1 arrived under two ids"_s.arg(alert)));
            idOfAlert.insert(alert, one.deliveryId);
            if (arrivals[one.deliveryId]++ == 0) {
                firstArrival.insert(one.deliveryId, n);
                fired += event == u"alert_fired"_s;
                resolved += event == u"alert_resolved"_s;
                continue;
            }
            // A second arrival: only of a request that was in flight at the kill, once.
            QVERIFY2(arrivals.value(one.deliveryId) == 2 && firstArrival.value(one.deliveryId) < receivedAtKill[i]
                         && n >= receivedAtKill[i],
                     qPrintable(u"delivery %1 arrived again at %2 (first at %3, the kill at %4)"_s.arg(one.deliveryId)
                                    .arg(n)
                                    .arg(firstArrival.value(one.deliveryId))
                                    .arg(receivedAtKill[i])));
            ++resent;
        }
        QCOMPARE(fired, cycles);
        QCOMPARE(resolved, cycles);
        QCOMPARE(arrivals.size(), 2 * cycles);
    }
    qInfo("%d cycles over 3 instances in %lld ms; %d request(s) in flight at the kill sent again, same ids", cycles,
          elapsed.elapsed(), resent);
}

QTEST_GUILESS_MAIN(TestAlertDurability)
#include "tst_alertdurability.moc"
