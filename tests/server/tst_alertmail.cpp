// Alert mail through the outbox (issue 29): an email endpoint (mailto:) gets each alert as a mail,
// queued with the alert's event, claimed and retried as a webhook's delivery, and sent by the
// server's SmtpMailer to a real SMTP server the test starts (tests/support/smtp_receiver.py,
// Debian's python3-aiosmtpd, STARTTLS and AUTH required), which decodes every mail with Python's
// email package. The server runs in this process on a ManualClock with its timers off: the test
// evaluates and delivers when it means to. Also registered on PostgreSQL (tst_alertmail_postgres).
#include "LeaseServer.h"
#include "ManualClock.h"
#include "SmtpReceiver.h"
#include "TestCertificates.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "alerts/AlertEvaluator.h"
#include "alerts/SmtpMailer.h"
#include "alerts/WebhookDeliverer.h"
#include "wire/AlertWebhook.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using smtptest::SmtpReceiver;
namespace webhook = keyright::alerts::webhook;

class TestAlertMail : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void emailEndpointsTakePlainAddressesAndHaveNoSecret();
    void anAlertIsMailedOnceAfterTheMailServerRefusedIt();
    void withoutSmtpUrlMailWaitsAndSaysWhy();

private:
    // Starts the receiver and a server whose smtp-url points at it (none when `withSmtp` is false).
    void startServer(bool withSmtp);
    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    server::WebhookDeliverer &deliverer() { return *m_fixture->leaseServer().webhooks(); }
    int deliver();
    QString addEndpoint(const QString &url);
    webhook::Delivery onlyDelivery();
    void fireAlert(const QString &license);

    QTemporaryDir m_dir;
    TestCertificates m_certificates;
    TestCertificates::Pair m_serverCertificate;
    QString m_authority;
    QString m_passwordFile;
    std::unique_ptr<SmtpReceiver> m_receiver;
    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr;
    std::unique_ptr<TestHttp> m_http;
};

void TestAlertMail::initTestCase()
{
    server::SmtpMailer::initialiseLibrary();
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_certificates.unavailableReason().isEmpty(), qPrintable(m_certificates.unavailableReason()));
    QString error;
    const auto authority = m_certificates.authority(&error);
    QVERIFY2(authority, qPrintable(error));
    m_authority = authority->certificate;
    const auto issued = m_certificates.issue(u"smtp"_s, &error);
    QVERIFY2(issued, qPrintable(error));
    m_serverCertificate = *issued;
    m_passwordFile = m_dir.filePath(u"smtp-password"_s);
    QFile file(m_passwordFile);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
    file.write(QByteArray(smtptest::password) + '\n');
}

void TestAlertMail::startServer(bool withSmtp)
{
    m_receiver = std::make_unique<SmtpReceiver>();
    KEYRIGHT_REQUIRE_SMTP_OR_SKIP(*m_receiver);
    QString error;
    QVERIFY2(m_receiver->start({m_serverCertificate.certificate, m_serverCertificate.key, true, {}, false}, &error),
             qPrintable(error));
    TestServer::Options options;
    options.reapInterval = 0s;
    options.usageInterval = 0ms;
    options.configure = [this, withSmtp, port = m_receiver->port()](server::ServerConfig &config) {
        config.alertInterval = std::chrono::milliseconds(0);
        config.alertDeliveryInterval = std::chrono::milliseconds(0);
        if (!withSmtp)
            return;
        config.smtp.url = u"smtp://127.0.0.1:%1"_s.arg(port);
        config.smtp.from = u"keyright@example.org"_s;
        config.smtp.user = QString::fromLatin1(smtptest::user);
        config.smtp.passwordFile = m_passwordFile;
        config.smtp.caFile = m_authority;
        config.smtp.timeout = 20s;
    };
    m_fixture = std::make_unique<TestServer>(options);
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
}

void TestAlertMail::cleanup()
{
    m_http.reset();
    m_clock = nullptr;
    m_fixture.reset();
    m_receiver.reset();
}

int TestAlertMail::deliver()
{
    const int started = deliverer().deliverDue();
    if (!QTest::qWaitFor([&] { return deliverer().inFlight() == 0; }, 30'000)) {
        qWarning("%d mails still unsent after 30 s", deliverer().inFlight());
        return -1;
    }
    return started;
}

QString TestAlertMail::addEndpoint(const QString &url)
{
    const HttpResult created
        = m_http->post(u"/v1/alerts/endpoints"_s, {{u"name"_s, u"ops mail"_s}, {u"url"_s, url}}, admin());
    if (created.status != 201) {
        qWarning("POST /v1/alerts/endpoints: %d %s", created.status, created.body.constData());
        return {};
    }
    return created.json().value("id"_L1).toString();
}

webhook::Delivery TestAlertMail::onlyDelivery()
{
    const HttpResult reply = m_http->get(u"/v1/alerts/deliveries"_s, admin());
    const auto list = webhook::deliveriesBodyFromJson(reply.json());
    if (!list || list->size() != 1) {
        qWarning("GET /v1/alerts/deliveries: %d %s", reply.status, reply.body.constData());
        return {};
    }
    return list->first();
}

void TestAlertMail::fireAlert(const QString &license)
{
    const QJsonArray rules {QJsonObject {{u"id"_s, u"full"_s},
                                         {u"kind"_s, u"seats_in_use"_s},
                                         {u"severity"_s, u"critical"_s},
                                         {u"threshold"_s, 100},
                                         {u"minutes"_s, 0}}};
    QCOMPARE(m_http->put(u"/v1/alerts/rules"_s, {{u"rules"_s, rules}}, admin()).status, 200);
    const QByteArray key = m_fixture->createLicense(license, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QCOMPARE(
        m_http->post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, u"alice@ws-1"_s}}, "License " + key)
            .status,
        201);
    QCOMPARE(m_fixture->leaseServer().alerts()->evaluate().size(), 1);
}

void TestAlertMail::emailEndpointsTakePlainAddressesAndHaveNoSecret()
{
    startServer(true);
    if (QTest::currentTestFailed() || !m_http)
        return;
    const HttpResult created = m_http->post(
        u"/v1/alerts/endpoints"_s,
        {{u"name"_s, u"ops"_s}, {u"url"_s, u"mailto:ops@example.org, lead@example.org,ops@example.org"_s}}, admin());
    QCOMPARE(created.status, 201);
    QCOMPARE(created.json().value("kind"_L1).toString(), u"email"_s);
    // Spaces and repeats dropped: the addresses as they will be mailed.
    QCOMPARE(created.json().value("url"_L1).toString(), u"mailto:ops@example.org,lead@example.org"_s);
    QVERIFY2(!created.json().contains("secret"_L1), created.body.constData());

    struct Refused
    {
        QJsonObject body;
        QString field;
        QString says;
    };
    const QList<Refused> refused {
        {{{u"name"_s, u"a"_s}, {u"url"_s, u"mailto:"_s}}, u"url"_s, u"without an address"_s},
        {{{u"name"_s, u"b"_s}, {u"url"_s, u"mailto:Ops <ops@example.org>"_s}}, u"url"_s, u"not a plain address"_s},
        {{{u"name"_s, u"c"_s}, {u"url"_s, u"mailto:ops@example.org?subject=hi"_s}}, u"url"_s, u"query"_s},
        {{{u"name"_s, u"d"_s}, {u"url"_s, u"https://hooks.example/k"_s}, {u"kind"_s, u"email"_s}},
         u"kind"_s,
         u"not mailto:"_s},
        {{{u"name"_s, u"e"_s}, {u"url"_s, u"mailto:ops@example.org"_s}, {u"kind"_s, u"sms"_s}},
         u"kind"_s,
         u"not one of webhook, email"_s},
    };
    for (const Refused &one : refused) {
        const HttpResult answer = m_http->post(u"/v1/alerts/endpoints"_s, one.body, admin());
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.json().value("field"_L1).toString(), one.field);
        QVERIFY2(answer.json().value("message"_L1).toString().contains(one.says), answer.body.constData());
    }
}

void TestAlertMail::anAlertIsMailedOnceAfterTheMailServerRefusedIt()
{
    startServer(true);
    if (QTest::currentTestFailed() || !m_http)
        return;
    const QString endpoint = addEndpoint(u"mailto:ops@example.org,lead@example.org"_s);
    QVERIFY(webhook::isValidId(endpoint));

    // The mail server is down for a while (451 at DATA): the attempt is counted, the mail kept.
    QVERIFY(m_receiver->setFailing(true));
    fireAlert(u"acme-cad"_s);
    QCOMPARE(deliver(), 1);
    webhook::Delivery delivery = onlyDelivery();
    QCOMPARE(delivery.status, webhook::DeliveryStatus::Pending);
    QCOMPARE(delivery.endpointId, endpoint);
    QCOMPARE(delivery.attempts, 1);
    QCOMPARE(delivery.lastCode, 451);
    QVERIFY2(delivery.lastError.contains(u"refused the message"_s), qPrintable(delivery.lastError));
    QCOMPARE(delivery.nextAttemptAt, delivery.lastAttemptAt.addMSecs(webhook::firstRetryMs));
    QVERIFY(m_receiver->messages().isEmpty());

    // Back: nothing before the back-off is over, then the mail, once.
    QVERIFY(m_receiver->setFailing(false));
    QCOMPARE(deliver(), 0);
    m_clock->advance(std::chrono::milliseconds(webhook::firstRetryMs));
    QCOMPARE(deliver(), 1);
    delivery = onlyDelivery();
    QCOMPARE(delivery.status, webhook::DeliveryStatus::Delivered);
    QCOMPARE(delivery.attempts, 2);
    QCOMPARE(delivery.lastCode, 250);
    QVERIFY(delivery.lastError.isEmpty());
    m_clock->advance(2h);
    QCOMPARE(deliver(), 0);

    const QList<QJsonObject> mails = m_receiver->messages();
    QCOMPARE(mails.size(), 1);
    const QJsonObject mail = mails.first();
    QCOMPARE(mail.value("rcpt_tos"_L1).toArray(), QJsonArray({u"ops@example.org"_s, u"lead@example.org"_s}));
    QCOMPARE(mail.value("from"_L1).toString(), u"keyright@example.org"_s);
    QVERIFY(mail.value("tls"_L1).toBool());
    QCOMPARE(mail.value("subject"_L1).toString(), u"[Keyright] CRITICAL alert full fired for acme-cad"_s);
    const QString body = mail.value("body"_L1).toString().replace(u"\r\n"_s, u"\n"_s);
    const QStringList expected {
        // The dashboard's words for the rule (core's alertText), not "100 against a limit of 100".
        u"Alert fired for acme-cad (critical): rule full: 100 % of the seats in use (the rule's threshold: 100 %).\n"_s,
        u"\nAlert:     full (seats_in_use, critical)\n"_s,
        u"\nLicense:   acme-cad\n"_s,
        u"\nFired at:  %1\n"_s.arg(formatTimestamp(delivery.createdAt)),
        u"\nValue:     100 (limit 100)\n"_s,
        u"\nWhat to do: The license is close to running out of seats"_s,
        u"Delivery %1."_s.arg(delivery.id),
    };
    for (const QString &line : expected)
        QVERIFY2(body.contains(line), qPrintable(u"no \"%1\" in:\n%2"_s.arg(line, body)));
}

void TestAlertMail::withoutSmtpUrlMailWaitsAndSaysWhy()
{
    startServer(false);
    if (QTest::currentTestFailed() || !m_http)
        return;
    QVERIFY(webhook::isValidId(addEndpoint(u"mailto:ops@example.org"_s)));
    fireAlert(u"acme-cad"_s);
    QCOMPARE(deliver(), 1);
    const webhook::Delivery delivery = onlyDelivery();
    QCOMPARE(delivery.status, webhook::DeliveryStatus::Pending);
    QCOMPARE(delivery.attempts, 1);
    QVERIFY2(delivery.lastError.contains(u"no smtp-url is set"_s), qPrintable(delivery.lastError));
    QVERIFY(m_receiver->messages().isEmpty());
}

QTEST_GUILESS_MAIN(TestAlertMail)
#include "tst_alertmail.moc"
