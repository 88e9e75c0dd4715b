#include "LeaseServer.h"
#include "ManualClock.h"
#include "ServerClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "alerts/AlertEvaluator.h"
#include "alerts/WebhookDeliverer.h"
#include "wire/AlertWebhook.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
namespace webhook = keyright::alerts::webhook;

// Alert deliveries to a webhook (issue 29), against a real HTTP receiver the test starts
// (tests/support/webhook_receiver.py, Python's http.server) that checks every signature with
// Python's own hmac and hashlib and logs what it got. The server runs in this process on a
// ManualClock, its evaluator and deliverer timers off: the test evaluates and delivers when it
// means to, and moves the clock through the back-off without sleeping. Also registered on
// PostgreSQL (tst_webhookdelivery_postgres).
class TestWebhookDelivery : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void endpointSecretIsShownOnceAndSignaturesVerify();
    void failedDeliveriesBackOffAndArriveOnceTheReceiverIsBack();
    void aDeliveryIsGivenUpAfterADayAndCanBeSentAgain();
    void aServerStoppedMidDeliveryRecordsItFirst();
    void redeliveringAnAttemptInFlightDoesNotSendItTwice();
    void viewersSeeWhereEndpointsAreNotTheirTokens();
    void aTricklingAnswerIsCutAtTheAttemptTimeout();
    void badRequestsAreRefusedByName();
    void twoInstancesSendEachDeliveryOnceOnPostgres();

private:
    struct Received
    {
        QString deliveryId;
        qint64 signedAt = -1; // the Keyright-Signature's t
        bool valid = false;
        int answered = 0;
        QJsonObject body;
    };

    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    server::WebhookDeliverer &deliverer() { return *m_fixture->leaseServer().webhooks(); }
    // Claims and sends what is due; waits (bounded) until every attempt has been recorded.
    int deliver();
    QList<Received> received() const;
    // The endpoint's id; its secret written where the receiver reads it.
    QString addEndpoint(const QString &name);
    webhook::Delivery deliveryById(const QString &id);
    QList<webhook::Delivery> deliveries(const QString &query = {});
    void fireAlerts(int count);
    void setFailing(bool failing);
    QString metric(const QByteArray &name);

    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr;
    std::unique_ptr<TestHttp> m_http;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_receiver;
    QUrl m_receiverUrl;
    QByteArray m_licenseKey;
};

namespace {

TestServer::Options quietOptions()
{
    TestServer::Options options;
    options.reapInterval = 0s;
    options.usageInterval = 0ms;
    options.configure = [](server::ServerConfig &config) {
        config.alertInterval = std::chrono::milliseconds(0);
        config.alertDeliveryInterval = std::chrono::milliseconds(0);
    };
    return options;
}

} // namespace

void TestWebhookDelivery::init()
{
    QVERIFY(m_dir.isValid());
    m_licenseKey.clear();
    QFile::remove(m_dir.filePath(u"received.jsonl"_s));
    QFile::remove(m_dir.filePath(u"fail"_s));
    QFile::remove(m_dir.filePath(u"delay"_s));
    QFile::remove(m_dir.filePath(u"trickle"_s));
    QFile::remove(m_dir.filePath(u"port"_s));
    m_receiver = std::make_unique<QProcess>();
    m_receiver->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_receiver->start(u"python3"_s,
                      {QStringLiteral(KEYRIGHT_SOURCE_DIR) + u"/tests/support/webhook_receiver.py"_s, u"--port-file"_s,
                       m_dir.filePath(u"port"_s), u"--log"_s, m_dir.filePath(u"received.jsonl"_s), u"--secret-file"_s,
                       m_dir.filePath(u"secret"_s), u"--fail-file"_s, m_dir.filePath(u"fail"_s), u"--delay-file"_s,
                       m_dir.filePath(u"delay"_s), u"--trickle-file"_s, m_dir.filePath(u"trickle"_s)});
    QVERIFY2(m_receiver->waitForStarted(10'000), "python3 did not start");
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_dir.filePath(u"port"_s)), 10'000);
    QFile portFile(m_dir.filePath(u"port"_s));
    QVERIFY(portFile.open(QIODevice::ReadOnly));
    m_receiverUrl = QUrl(u"http://127.0.0.1:%1/hook"_s.arg(QString::fromLatin1(portFile.readAll().trimmed())));

    m_fixture = std::make_unique<TestServer>(quietOptions());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
}

void TestWebhookDelivery::cleanup()
{
    m_http.reset();
    m_clock = nullptr;
    m_fixture.reset();
    if (m_receiver) {
        m_receiver->kill();
        m_receiver->waitForFinished(5000);
        m_receiver.reset();
    }
}

int TestWebhookDelivery::deliver()
{
    const int started = deliverer().deliverDue();
    if (!QTest::qWaitFor([&] { return deliverer().inFlight() == 0; }, 15'000)) {
        qWarning("%d attempts still unanswered after 15 s", deliverer().inFlight());
        return -1;
    }
    return started;
}

QList<TestWebhookDelivery::Received> TestWebhookDelivery::received() const
{
    QList<Received> all;
    QFile file(m_dir.filePath(u"received.jsonl"_s));
    if (!file.open(QIODevice::ReadOnly))
        return all;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        all.append(Received {entry.value("deliveryId"_L1).toString(), qint64(entry.value("t"_L1).toDouble(-1)),
                             entry.value("valid"_L1).toBool(), entry.value("answered"_L1).toInt(),
                             QJsonDocument::fromJson(entry.value("body"_L1).toString().toUtf8()).object()});
    }
    return all;
}

QString TestWebhookDelivery::addEndpoint(const QString &name)
{
    const HttpResult created
        = m_http->post(u"/v1/alerts/endpoints"_s, {{u"name"_s, name}, {u"url"_s, m_receiverUrl.toString()}}, admin());
    if (created.status != 201) {
        qWarning("POST /v1/alerts/endpoints: %d %s", created.status, created.body.constData());
        return {};
    }
    const QString secret = created.json().value("secret"_L1).toString();
    QFile file(m_dir.filePath(u"secret"_s));
    if (secret.size() != 64 || !file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write(secret.toLatin1());
    return created.json().value("id"_L1).toString();
}

QList<webhook::Delivery> TestWebhookDelivery::deliveries(const QString &query)
{
    const HttpResult reply = m_http->get(u"/v1/alerts/deliveries"_s + query, admin());
    if (reply.status != 200) {
        qWarning("GET /v1/alerts/deliveries%s: %d %s", qPrintable(query), reply.status, reply.body.constData());
        return {};
    }
    ValidationError why;
    const auto list = webhook::deliveriesBodyFromJson(reply.json(), &why);
    if (!list)
        qWarning("GET /v1/alerts/deliveries%s: %s", qPrintable(query), qPrintable(why.message));
    return list.value_or(QList<webhook::Delivery>());
}

webhook::Delivery TestWebhookDelivery::deliveryById(const QString &id)
{
    for (const webhook::Delivery &delivery : deliveries())
        if (delivery.id == id)
            return delivery;
    return {};
}

void TestWebhookDelivery::fireAlerts(int count)
{
    // One license per alert, full: a seats_in_use rule without hold time fires for each.
    if (m_licenseKey.isEmpty()) {
        const QJsonArray rules {QJsonObject {
            {u"id"_s, u"full"_s}, {u"kind"_s, u"seats_in_use"_s}, {u"threshold"_s, 100}, {u"minutes"_s, 0}}};
        QCOMPARE(m_http->put(u"/v1/alerts/rules"_s, {{u"rules"_s, rules}}, admin()).status, 200);
    }
    static int made = 0;
    for (int i = 0; i < count; ++i) {
        const QString license = u"lic-%1"_s.arg(++made);
        m_licenseKey = m_fixture->createLicense(license, 1, 3600s, 5s, 15s);
        QVERIFY(!m_licenseKey.isEmpty());
        QCOMPARE(m_http
                     ->post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, u"alice@ws-1"_s}},
                            "License " + m_licenseKey)
                     .status,
                 201);
    }
    QCOMPARE(m_fixture->leaseServer().alerts()->evaluate().size(), count);
}

void TestWebhookDelivery::setFailing(bool failing)
{
    QFile file(m_dir.filePath(u"fail"_s));
    if (failing)
        QVERIFY(file.open(QIODevice::WriteOnly));
    else
        QVERIFY(!file.exists() || file.remove());
}

QString TestWebhookDelivery::metric(const QByteArray &name)
{
    const QByteArray body = m_http->get(u"/metrics"_s, admin()).body;
    for (const QByteArray &line : body.split('\n')) {
        if (line.startsWith(name + ' '))
            return QString::fromLatin1(line.mid(name.size() + 1));
    }
    return {};
}

void TestWebhookDelivery::endpointSecretIsShownOnceAndSignaturesVerify()
{
    const QString id = addEndpoint(u"ops"_s);
    QVERIFY(webhook::isValidId(id));
    // Listed without its secret, to the admin and to a viewer alike; never in the clear at rest.
    const HttpResult listed = m_http->get(u"/v1/alerts/endpoints"_s, admin());
    QCOMPARE(listed.status, 200);
    QFile secretFile(m_dir.filePath(u"secret"_s));
    QVERIFY(secretFile.open(QIODevice::ReadOnly));
    const QByteArray secret = secretFile.readAll();
    QVERIFY(!listed.body.contains(secret));
    QVERIFY(!listed.body.contains("secret"));
    const auto endpoints = webhook::endpointsBodyFromJson(listed.json());
    QVERIFY(endpoints && endpoints->size() == 1);
    QCOMPARE(endpoints->first().url, m_receiverUrl.toString());
    if (!TestServer::onPostgres()) {
        QFile store(QDir(m_fixture->dataDir()).filePath(u"keyright.sqlite"_s));
        QVERIFY(store.open(QIODevice::ReadOnly));
        QVERIFY2(!store.readAll().contains(secret), "the secret is in the SQLite file in the clear");
    }
    const QFile::Permissions keyMode = QFile::permissions(QDir(m_fixture->dataDir()).filePath(u"alerts.key"_s));
    QCOMPARE(keyMode & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther),
             QFile::Permissions());

    // A test delivery: queued at once, signed, and the receiver's own HMAC agrees.
    const HttpResult test = m_http->post(u"/v1/alerts/endpoints/%1/test"_s.arg(id), {}, admin());
    QCOMPARE(test.status, 202);
    const QString testId = test.json().value("deliveryId"_L1).toString();
    QCOMPARE(deliver(), 1);
    // A fired alert: its delivery carries the alert and its sentence.
    fireAlerts(1);
    QCOMPARE(deliver(), 1);
    const QList<Received> got = received();
    QCOMPARE(got.size(), 2);
    QCOMPARE(got.at(0).deliveryId, testId);
    QCOMPARE(got.at(0).body.value("event"_L1).toString(), u"test"_s);
    for (const Received &one : got) {
        QVERIFY2(one.valid, qPrintable(one.deliveryId));
        QCOMPARE(one.body.value("deliveryId"_L1).toString(), one.deliveryId);
        // Signed at the wall clock the server was given, which a receiver compares with its own,
        // not at the database's "now" (on PostgreSQL, another clock altogether).
        QCOMPARE(one.signedAt, m_clock->now().toSecsSinceEpoch());
    }
    const QJsonObject alert = got.at(1).body;
    QCOMPARE(alert.value("event"_L1).toString(), u"alert_fired"_s);
    QCOMPARE(alert.value("licenseId"_L1).toString(), u"lic-1"_s);
    QCOMPARE(alert.value("alert"_L1).toObject().value("ruleId"_L1).toString(), u"full"_s);
    QVERIFY2(alert.value("sentence"_L1).toString().contains(u"fired for lic-1"_s),
             qPrintable(alert.value("sentence"_L1).toString()));
    // The log says so.
    const webhook::Delivery logged = deliveryById(got.at(1).deliveryId);
    QCOMPARE(logged.status, webhook::DeliveryStatus::Delivered);
    QCOMPARE(logged.attempts, 1);
    QCOMPARE(logged.lastCode, 200);
    QCOMPARE(metric("keyright_alert_deliveries_pending"), u"0"_s);

    // A test is a kind of its own, with its times filled (walk 51a #15: "seats_in_use", empty times).
    const QJsonObject testAlert = got.at(0).body.value("alert"_L1).toObject();
    QCOMPARE(testAlert.value("kind"_L1).toString(), u"test"_s);
    QCOMPARE(testAlert.value("since"_L1).toString(), got.at(0).body.value("time"_L1).toString());
    QCOMPARE(testAlert.value("firedAt"_L1).toString(), got.at(0).body.value("time"_L1).toString());

    // The seat runs out: the resolution says when the alert began, fired and resolved, and the
    // numbers it fired with, not an empty since and a value of 0.
    const QJsonObject firedAlert = alert.value("alert"_L1).toObject();
    m_clock->advance(2h);
    QVERIFY(m_fixture->leaseServer().alerts()->evaluate().isEmpty());
    m_clock->advance(std::chrono::milliseconds(alertClearMs));
    QCOMPARE(m_fixture->leaseServer().alerts()->evaluate().size(), 1);
    QCOMPARE(deliver(), 1);
    const QJsonObject resolvedBody = received().last().body;
    QCOMPARE(resolvedBody.value("event"_L1).toString(), u"alert_resolved"_s);
    const QJsonObject resolvedAlert = resolvedBody.value("alert"_L1).toObject();
    QVERIFY2(!firedAlert.value("since"_L1).toString().isEmpty(), QJsonDocument(alert).toJson().constData());
    QCOMPARE(resolvedAlert.value("since"_L1).toString(), firedAlert.value("since"_L1).toString());
    QCOMPARE(resolvedAlert.value("firedAt"_L1).toString(), firedAlert.value("firedAt"_L1).toString());
    QCOMPARE(resolvedAlert.value("resolvedAt"_L1).toString(), resolvedBody.value("time"_L1).toString());
    QCOMPARE(resolvedAlert.value("value"_L1).toInt(), 100);
    QCOMPARE(resolvedAlert.value("limit"_L1).toInt(), 100);
    // Said as the dashboard says it, with the numbers it fired with.
    QCOMPARE(resolvedBody.value("sentence"_L1).toString(),
             u"Alert resolved for lic-1 (warning): rule full no longer holds: 100 % of the seats in use (the rule's "
             "threshold: 100 %)."_s);

    // The machine's clock is set back an hour: the server's clock does not go back (it decides
    // leases), but the signature carries the machine's time, the one the receiver compares with.
    const QDateTime before = m_clock->now();
    m_clock->setNow(before.addSecs(-3600));
    QCOMPARE(m_http->post(u"/v1/alerts/endpoints/%1/test"_s.arg(id), {}, admin()).status, 202);
    QCOMPARE(deliver(), 1);
    QVERIFY(received().last().valid);
    QCOMPARE(received().last().signedAt, before.addSecs(-3600).toSecsSinceEpoch());

    // A wrong secret on the receiver's side is caught: the check can fail.
    QVERIFY(secretFile.remove());
    QVERIFY(secretFile.open(QIODevice::WriteOnly));
    secretFile.write(QByteArray(64, 'a'));
    secretFile.close();
    QCOMPARE(m_http->post(u"/v1/alerts/endpoints/%1/test"_s.arg(id), {}, admin()).status, 202);
    QCOMPARE(deliver(), 1);
    QVERIFY(!received().last().valid);
}

void TestWebhookDelivery::failedDeliveriesBackOffAndArriveOnceTheReceiverIsBack()
{
    const QString endpoint = addEndpoint(u"ops"_s);
    QVERIFY(!endpoint.isEmpty());
    setFailing(true);
    fireAlerts(3);
    const QDateTime queued = m_clock->now();
    QCOMPARE(deliveries().size(), 3);

    // Every attempt fails; each waits 30 s, then 60, 120, 240 after the failures before it.
    QCOMPARE(deliver(), 3);
    qint64 wait = 30'000;
    QDateTime attemptAt = queued;
    for (int attempt = 1; attempt <= 4; ++attempt) {
        for (const webhook::Delivery &d : deliveries()) {
            QCOMPARE(d.status, webhook::DeliveryStatus::Pending);
            QCOMPARE(d.attempts, attempt);
            QCOMPARE(d.lastCode, 500);
            QCOMPARE(d.lastError, u"HTTP 500"_s);
            QCOMPARE(d.nextAttemptAt, attemptAt.addMSecs(wait));
        }
        QCOMPARE(metric("keyright_alert_deliveries_pending"), u"3"_s);
        // Not a moment early.
        m_clock->advance(std::chrono::milliseconds(wait - 1000));
        QCOMPARE(deliver(), 0);
        m_clock->advance(1s);
        attemptAt = m_clock->now();
        QCOMPARE(deliver(), 3);
        wait *= 2;
    }
    QCOMPARE(received().size(), 5 * 3);

    // The receiver is back: at the next attempt every alert arrives, signed, and once.
    setFailing(false);
    m_clock->advance(std::chrono::milliseconds(wait));
    QCOMPARE(deliver(), 3);
    QSet<QString> accepted;
    QSet<QString> seen;
    for (const Received &one : received()) {
        QVERIFY(one.valid);
        seen.insert(one.deliveryId);
        if (one.answered == 200) {
            QVERIFY2(!accepted.contains(one.deliveryId), qPrintable(one.deliveryId));
            accepted.insert(one.deliveryId);
        }
    }
    QCOMPARE(seen.size(), 3);
    QCOMPARE(accepted.size(), 3);
    for (const webhook::Delivery &d : deliveries()) {
        QVERIFY(accepted.contains(d.id));
        QCOMPARE(d.status, webhook::DeliveryStatus::Delivered);
        QCOMPARE(d.attempts, 6);
    }
    // Nothing more is sent.
    m_clock->advance(2h);
    QCOMPARE(deliver(), 0);
    QCOMPARE(metric("keyright_alert_deliveries_pending"), u"0"_s);
}

void TestWebhookDelivery::aDeliveryIsGivenUpAfterADayAndCanBeSentAgain()
{
    const QString endpoint = addEndpoint(u"ops"_s);
    setFailing(true);
    fireAlerts(1);
    QCOMPARE(deliveries().size(), 1);
    const QString id = deliveries().first().id;
    const QDateTime queued = m_clock->now();
    QVERIFY(webhook::isValidId(id));
    // Retried at most an hour apart, for 25 hours.
    for (int rounds = 0; deliveryById(id).status == webhook::DeliveryStatus::Pending; ++rounds) {
        QVERIFY2(rounds < 100, "still pending after 100 attempts");
        const webhook::Delivery d = deliveryById(id);
        QCOMPARE(d.id, id);
        if (d.attempts > 0)
            QVERIFY2(d.nextAttemptAt <= d.lastAttemptAt.addSecs(3600), qPrintable(formatTimestamp(d.nextAttemptAt)));
        QVERIFY(m_clock->now() < queued.addSecs(27 * 3600));
        if (d.nextAttemptAt > m_clock->now())
            m_clock->advance(std::chrono::milliseconds(m_clock->now().msecsTo(d.nextAttemptAt)));
        deliver();
    }
    const webhook::Delivery gaveUp = deliveryById(id);
    QCOMPARE(gaveUp.status, webhook::DeliveryStatus::GaveUp);
    QVERIFY(queued.msecsTo(gaveUp.lastAttemptAt) >= webhook::giveUpAfterMs);
    QVERIFY(gaveUp.attempts > 25);
    QCOMPARE(metric("keyright_alert_deliveries_gave_up"), u"1"_s);
    QCOMPARE(deliveries(u"?status=gave_up&endpoint="_s + endpoint).size(), 1);
    QCOMPARE(deliveries(u"?status=delivered"_s).size(), 0);
    // The gauge counts the last day's: a day later it is back to 0, the log still has it.
    m_clock->advance(24h + 1s);
    QCOMPARE(metric("keyright_alert_deliveries_gave_up"), u"0"_s);
    QCOMPARE(deliveries(u"?status=gave_up"_s).size(), 1);

    // An admin sends it again, with the same id: the receiver gets it once more and accepts it.
    setFailing(false);
    const HttpResult again = m_http->post(u"/v1/alerts/deliveries/%1/redeliver"_s.arg(id), {}, admin());
    QCOMPARE(again.status, 202);
    QCOMPARE(again.json().value("deliveryId"_L1).toString(), id);
    QCOMPARE(deliver(), 1);
    QCOMPARE(deliveryById(id).status, webhook::DeliveryStatus::Delivered);
    QCOMPARE(received().last().deliveryId, id);
    QCOMPARE(received().last().answered, 200);
    QCOMPARE(metric("keyright_alert_deliveries_gave_up"), u"0"_s);
    // Sent again, it kept its attempts and the time it was queued.
    QCOMPARE(deliveryById(id).attempts, gaveUp.attempts + 1);
    QCOMPARE(deliveryById(id).createdAt, gaveUp.createdAt);

    // Finished deliveries are kept 30 days after their last attempt, then pruned.
    m_clock->advance(std::chrono::hours(24 * 30) - 1min);
    QCOMPARE(deliver(), 0);
    QCOMPARE(deliveries().size(), 1);
    m_clock->advance(std::chrono::hours(2));
    QCOMPARE(deliver(), 0);
    QCOMPARE(deliveries().size(), 0);
}

void TestWebhookDelivery::aServerStoppedMidDeliveryRecordsItFirst()
{
    QVERIFY(!addEndpoint(u"ops"_s).isEmpty());
    fireAlerts(2);
    // The receiver logs each delivery, then holds its answer 3 s: the server is stopped (as by
    // SIGTERM) in between. It waits for the answers and records them before it lets go, so the
    // next start neither loses nor repeats them.
    {
        QFile delay(m_dir.filePath(u"delay"_s));
        QVERIFY(delay.open(QIODevice::WriteOnly));
        delay.write("3");
    }
    QCOMPARE(deliverer().deliverDue(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(received().size(), 2, 10'000);
    m_http.reset();
    QElapsedTimer stopping;
    stopping.start();
    m_fixture->stop();
    // Bounded by the attempt's own bound (10 s), not the claim's (2 minutes).
    QVERIFY2(stopping.elapsed() < 12'000, qPrintable(QString::number(stopping.elapsed())));
    QVERIFY(QFile::remove(m_dir.filePath(u"delay"_s)));

    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http = std::make_unique<TestHttp>(m_fixture->url());
    for (const webhook::Delivery &d : deliveries()) {
        QCOMPARE(d.status, webhook::DeliveryStatus::Delivered);
        QCOMPARE(d.attempts, 1);
    }
    QCOMPARE(deliver(), 0);
    QCOMPARE(received().size(), 2);
    QSet<QString> ids;
    for (const Received &one : received()) {
        QVERIFY(one.valid);
        QCOMPARE(one.answered, 200);
        ids.insert(one.deliveryId);
    }
    QCOMPARE(ids.size(), 2);
}

void TestWebhookDelivery::redeliveringAnAttemptInFlightDoesNotSendItTwice()
{
    QVERIFY(!addEndpoint(u"ops"_s).isEmpty());
    fireAlerts(1);
    const QString id = deliveries().first().id;
    // Another deliverer on the same store, as another instance would be.
    server::LeaseServer &leaseServer = m_fixture->leaseServer();
    server::WebhookDeliverer other(*leaseServer.store(), *leaseServer.serverClock(), *m_clock,
                                   *leaseServer.alertSecrets(), u"other-instance"_s);
    {
        QFile delay(m_dir.filePath(u"delay"_s));
        QVERIFY(delay.open(QIODevice::WriteOnly));
        delay.write("2");
    }
    QCOMPARE(deliverer().deliverDue(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(received().size(), 1, 10'000);
    // An admin asks for it again while its attempt waits for the answer: the claim stays, so no
    // other instance sends it meanwhile.
    QCOMPARE(m_http->post(u"/v1/alerts/deliveries/%1/redeliver"_s.arg(id), {}, admin()).status, 202);
    QCOMPARE(other.deliverDue(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(deliverer().inFlight() == 0, 15'000);
    QVERIFY(QFile::remove(m_dir.filePath(u"delay"_s)));
    QCOMPARE(deliveryById(id).status, webhook::DeliveryStatus::Delivered);
    QCOMPARE(deliveryById(id).attempts, 1);
    QCOMPARE(other.deliverDue(), 0);
    QCOMPARE(received().size(), 1);
}

void TestWebhookDelivery::viewersSeeWhereEndpointsAreNotTheirTokens()
{
    const HttpResult created = m_http->post(
        u"/v1/alerts/endpoints"_s,
        {{u"name"_s, u"chat"_s}, {u"url"_s, u"https://hooks.example.org/services/T000/B000/s3cr3t-token?x=1"_s}},
        admin());
    QCOMPARE(created.status, 201);
    const HttpResult token = m_http->post(u"/v1/tokens"_s, {{u"name"_s, u"dana"_s}, {u"role"_s, u"viewer"_s}}, admin());
    QCOMPARE(token.status, 201);
    const QByteArray viewer = "Bearer " + token.json().value("secret"_L1).toString().toLatin1();
    const HttpResult seen = m_http->get(u"/v1/alerts/endpoints"_s, viewer);
    QCOMPARE(seen.status, 200);
    QVERIFY2(!seen.body.contains("s3cr3t-token"), seen.body.constData());
    const auto listed = webhook::endpointsBodyFromJson(seen.json());
    QVERIFY(listed && listed->size() == 1);
    QCOMPARE(listed->first().url, u"https://hooks.example.org/…"_s);
    // The admin sees the whole URL.
    const auto full = webhook::endpointsBodyFromJson(m_http->get(u"/v1/alerts/endpoints"_s, admin()).json());
    QVERIFY(full && full->size() == 1);
    QCOMPARE(full->first().url, u"https://hooks.example.org/services/T000/B000/s3cr3t-token?x=1"_s);
}

void TestWebhookDelivery::aTricklingAnswerIsCutAtTheAttemptTimeout()
{
    QVERIFY(!addEndpoint(u"ops"_s).isEmpty());
    fireAlerts(1);
    // A byte a second for 20 s: never silent for long, never done. The attempt's 10 s bound is
    // for the whole of it, so it ends there (a per-read timeout would wait the 20 s out).
    {
        QFile trickle(m_dir.filePath(u"trickle"_s));
        QVERIFY(trickle.open(QIODevice::WriteOnly));
        trickle.write("20");
    }
    QElapsedTimer elapsed;
    elapsed.start();
    QCOMPARE(deliverer().deliverDue(), 1);
    QVERIFY(QTest::qWaitFor([&] { return deliverer().inFlight() == 0; }, 18'000));
    QVERIFY2(elapsed.elapsed() < 15'000, qPrintable(QString::number(elapsed.elapsed())));
    const webhook::Delivery d = deliveries().first();
    QCOMPARE(d.status, webhook::DeliveryStatus::Pending);
    QCOMPARE(d.attempts, 1);
    QCOMPARE(d.lastCode, 0);
    QCOMPARE(d.lastError, u"no complete answer within 10 s"_s);
}

void TestWebhookDelivery::badRequestsAreRefusedByName()
{
    const auto refusal = [&](const QJsonObject &body) {
        const HttpResult reply = m_http->post(u"/v1/alerts/endpoints"_s, body, admin());
        return std::pair {reply.status, reply.json().value("field"_L1).toString()};
    };
    QCOMPARE(refusal({{u"name"_s, u"x"_s}, {u"url"_s, u"ftp://example.com/"_s}}), std::pair(400, u"url"_s));
    QCOMPARE(refusal({{u"name"_s, u"x"_s}, {u"url"_s, u"not a url"_s}}), std::pair(400, u"url"_s));
    QCOMPARE(refusal({{u"url"_s, u"https://example.com/hook"_s}}), std::pair(400, u"name"_s));
    QVERIFY(!addEndpoint(u"ops"_s).isEmpty());
    QCOMPARE(refusal({{u"name"_s, u"ops"_s}, {u"url"_s, u"https://example.com/hook"_s}}), std::pair(400, u"name"_s));

    const QString unknown = QString(32, u'0');
    QCOMPARE(m_http->del(u"/v1/alerts/endpoints/"_s + unknown, admin()).status, 404);
    QCOMPARE(m_http->post(u"/v1/alerts/endpoints/%1/test"_s.arg(unknown), {}, admin()).status, 404);
    QCOMPARE(m_http->post(u"/v1/alerts/deliveries/%1/redeliver"_s.arg(unknown), {}, admin()).status, 404);
    const HttpResult malformed = m_http->del(u"/v1/alerts/endpoints/NOPE"_s, admin());
    QCOMPARE(malformed.status, 400);
    QCOMPARE(malformed.json().value("field"_L1).toString(), u"endpointId"_s);
    const HttpResult status = m_http->get(u"/v1/alerts/deliveries?status=lost"_s, admin());
    QCOMPARE(status.status, 400);
    QCOMPARE(status.json().value("field"_L1).toString(), u"status"_s);
    QCOMPARE(m_http->get(u"/v1/alerts/deliveries?limit=0"_s, admin()).status, 400);
}

void TestWebhookDelivery::twoInstancesSendEachDeliveryOnceOnPostgres()
{
    if (!m_fixture->database())
        QSKIP("two instances share a PostgreSQL database: tst_webhookdelivery_postgres runs this case");

    // An instance without the first one's alerts.key starts while no webhook endpoint is stored
    // (a rolling upgrade: nothing is sealed yet), and is refused once one is: it could not open
    // the secrets.
    QTemporaryDir strangerDir;
    QVERIFY(strangerDir.isValid());
    const auto copySecrets = [&](const QString &to, const QStringList &names) {
        for (const QString &secret : names) {
            const QString target = QDir(to).filePath(secret);
            QVERIFY(QFile::copy(QDir(m_fixture->dataDir()).filePath(secret), target));
            QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner));
        }
    };
    copySecrets(strangerDir.path(), {u"signing.key"_s, u"admin-token"_s});
    TestServer::Options options = quietOptions();
    options.clock = m_clock;
    options.databaseUrl = m_fixture->database()->url();
    options.dataDir = strangerDir.path();
    {
        TestServer stranger(options);
        QString error;
        QVERIFY2(stranger.start(&error), qPrintable(error));
    }
    QVERIFY(!addEndpoint(u"ops"_s).isEmpty());
    fireAlerts(3);
    {
        QFile::remove(QDir(strangerDir.path()).filePath(u"alerts.key"_s)); // a new one, made at start
        TestServer stranger(options);
        QString error;
        QVERIFY(!stranger.start(&error));
        QVERIFY2(error.contains(u"alerts.key"_s), qPrintable(error));
    }

    // With the same alerts.key, a second instance delivers too, but never what the first holds.
    QTemporaryDir secondDir;
    QVERIFY(secondDir.isValid());
    copySecrets(secondDir.path(), {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s});
    options.dataDir = secondDir.path();
    TestServer second(options);
    QString error;
    QVERIFY2(second.start(&error), qPrintable(error));
    server::WebhookDeliverer &other = *second.leaseServer().webhooks();
    {
        QFile delay(m_dir.filePath(u"delay"_s));
        QVERIFY(delay.open(QIODevice::WriteOnly));
        delay.write("1");
    }
    QCOMPARE(deliverer().deliverDue(), 3);
    QCOMPARE(other.deliverDue(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(deliverer().inFlight() == 0, 15'000);
    QVERIFY(QFile::remove(m_dir.filePath(u"delay"_s)));
    m_clock->advance(server::WebhookDeliverer::claimDuration);
    QCOMPARE(other.deliverDue(), 0);
    QCOMPARE(deliverer().deliverDue(), 0);
    QSet<QString> ids;
    for (const Received &one : received()) {
        QVERIFY(one.valid);
        ids.insert(one.deliveryId);
    }
    QCOMPARE(received().size(), 3);
    QCOMPARE(ids.size(), 3);
}

QTEST_GUILESS_MAIN(TestWebhookDelivery)
#include "tst_webhookdelivery.moc"
