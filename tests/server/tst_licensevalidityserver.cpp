#include "LeaseJson.h"
#include "LeaseServer.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"

#include <QJsonArray>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// License validity (issue 29) through the real server in this process on a ManualClock: a
// checkout outside validFrom/validUntil is refused with license_not_valid, a lease issued near
// validUntil is capped there and signed over the cap, a renewal never goes past it, and at
// validUntil a held seat is lost. Also registered on PostgreSQL (tst_licensevalidityserver_postgres).
class TestLicenseValidityServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void leaseNearTheEndIsCappedAndSigned();
    void checkoutOutsideValidityIsRefused();
    void datesAreValidatedAndListed();
    void oldLeaseKeepsItsSignedExpiry();

private:
    // Wall and monotonic time together, as a real clock moves (the server's jump guard watches both).
    void moveTo(const QDateTime &time) { m_clock->advance(std::chrono::milliseconds(m_clock->now().msecsTo(time))); }
    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    QByteArray createLicense(const QString &id, const QJsonObject &dates);
    HttpResult checkout(const QString &license, const QByteArray &key, const QString &holder);
    HttpResult heartbeat(const QString &license, const QByteArray &key, const QString &seatId);
    static SeatLease leaseOf(const HttpResult &reply)
    {
        return leaseFromJson(reply.json().value("lease"_L1)).value_or(SeatLease());
    }

    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr;
    std::unique_ptr<TestHttp> m_http;
};

void TestLicenseValidityServer::init()
{
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
}

void TestLicenseValidityServer::cleanup()
{
    m_http.reset();
    m_clock = nullptr;
    m_fixture.reset();
}

QByteArray TestLicenseValidityServer::createLicense(const QString &id, const QJsonObject &dates)
{
    QJsonObject body {{u"name"_s, u"ACME CAD"_s},
                      {u"seatCount"_s, 2},
                      {u"ttlSeconds"_s, 60},
                      {u"skewSeconds"_s, 5},
                      {u"reapGraceSeconds"_s, 15}};
    for (auto it = dates.begin(); it != dates.end(); ++it)
        body.insert(it.key(), it.value());
    const auto reply = m_http->put(u"/v1/licenses/"_s + id, body, admin());
    if (reply.status != 201)
        qWarning("PUT license %s: %d %s", qPrintable(id), reply.status, reply.body.constData());
    return reply.json().value("key"_L1).toString().toLatin1();
}

HttpResult TestLicenseValidityServer::checkout(const QString &license, const QByteArray &key, const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, holder}}, "License " + key);
}

HttpResult TestLicenseValidityServer::heartbeat(const QString &license, const QByteArray &key, const QString &seatId)
{
    return m_http->call("POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(license, seatId), {}, "License " + key);
}

void TestLicenseValidityServer::leaseNearTheEndIsCappedAndSigned()
{
    const QDateTime validUntil = m_clock->now().addSecs(100);
    const QByteArray key = createLicense(u"acme"_s, {{u"validUntil"_s, formatTimestamp(validUntil)}});
    QVERIFY(!key.isEmpty());
    const LeaseVerifier verifier = m_fixture->verifier();

    // 100 s before the end a 60 s lease is whole.
    const auto first = checkout(u"acme"_s, key, u"alice"_s);
    QCOMPARE(first.status, 201);
    const SeatLease lease = leaseOf(first);
    QCOMPARE(lease.expiresAt, m_clock->now().addSecs(60));

    // 50 s before the end the renewal stops at validUntil, and the signature covers that.
    m_clock->advance(50s);
    const auto renewed = heartbeat(u"acme"_s, key, lease.seatId);
    QCOMPARE(renewed.status, 200);
    const SeatLease capped = leaseOf(renewed);
    QCOMPARE(capped.expiresAt, validUntil);
    QVERIFY(verifier.verify(capped));
    SeatLease stretched = capped;
    stretched.expiresAt = capped.expiresAt.addSecs(30);
    QVERIFY(!verifier.verify(stretched)); // the cap is what is signed

    // A checkout 10 s before the end gets a 10 s lease.
    m_clock->advance(40s);
    const auto late = checkout(u"acme"_s, key, u"bob"_s);
    QCOMPARE(late.status, 201);
    QCOMPARE(leaseOf(late).expiresAt, validUntil);
    QVERIFY(verifier.verify(leaseOf(late)));

    // At validUntil the held seats are lost, as expired ones are.
    moveTo(validUntil);
    const auto lost = heartbeat(u"acme"_s, key, lease.seatId);
    QCOMPARE(lost.status, 410);
    QCOMPARE(lost.json().value("error"_L1).toString(), u"seat_lost"_s);
}

void TestLicenseValidityServer::checkoutOutsideValidityIsRefused()
{
    const QDateTime validFrom = QDateTime(QDate(2027, 5, 1), QTime(0, 0), QTimeZone::utc());
    const QDateTime validUntil = QDateTime(QDate(2027, 6, 30), QTime(0, 0), QTimeZone::utc());
    moveTo(validFrom.addDays(-2));
    const QByteArray key = createLicense(
        u"acme"_s, {{u"validFrom"_s, formatTimestamp(validFrom)}, {u"validUntil"_s, formatTimestamp(validUntil)}});
    QVERIFY(!key.isEmpty());

    auto early = checkout(u"acme"_s, key, u"alice"_s);
    QCOMPARE(early.status, 403);
    QCOMPARE(early.json().value("error"_L1).toString(), u"license_not_valid"_s);
    QCOMPARE(early.json().value("message"_L1).toString(),
             u"ACME CAD is valid from 1 May 2027; ask your license admin"_s);

    moveTo(validFrom);
    QCOMPARE(checkout(u"acme"_s, key, u"alice"_s).status, 201);

    moveTo(validUntil.addMSecs(1));
    const auto expired = checkout(u"acme"_s, key, u"bob"_s);
    QCOMPARE(expired.status, 403);
    QCOMPARE(expired.json().value("error"_L1).toString(), u"license_not_valid"_s);
    QCOMPARE(expired.json().value("message"_L1).toString(),
             u"ACME CAD expired on 30 June 2027; ask your license admin"_s);
}

void TestLicenseValidityServer::datesAreValidatedAndListed()
{
    const QDateTime now = m_clock->now();
    const QByteArray key = createLicense(u"acme"_s, {{u"maintenanceUntil"_s, formatTimestamp(now.addDays(10))}});
    QVERIFY(!key.isEmpty());

    // validUntil before validFrom: refused, naming the field, and nothing written.
    const auto bad = m_http->put(
        u"/v1/licenses/acme"_s,
        {{u"validFrom"_s, formatTimestamp(now.addDays(5))}, {u"validUntil"_s, formatTimestamp(now.addDays(1))}},
        admin());
    QCOMPARE(bad.status, 400);
    QCOMPARE(bad.json().value("field"_L1).toString(), u"validUntil"_s);

    // An update of one date keeps the others; null removes one.
    QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"validUntil"_s, formatTimestamp(now.addDays(30))}}, admin()).status,
             200);
    auto listed = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray().first().toObject();
    QCOMPARE(listed.value("validUntil"_L1).toString(), formatTimestamp(now.addDays(30)));
    QCOMPARE(listed.value("maintenanceUntil"_L1).toString(), formatTimestamp(now.addDays(10)));
    QVERIFY(listed.value("validFrom"_L1).isNull());
    QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"validUntil"_s, QJsonValue(QJsonValue::Null)}}, admin()).status,
             200);
    listed = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray().first().toObject();
    QVERIFY(listed.value("validUntil"_L1).isNull());
    // The audit log says what the dates were after each change.
    const QJsonArray updates
        = m_http->get(u"/v1/events?kind=license_updated&limit=100"_s, admin()).json().value("events"_L1).toArray();
    QCOMPARE(updates.size(), 2); // the refused change recorded nothing
    QCOMPARE(updates.first().toObject().value("detail"_L1).toObject().value("validUntil"_L1).toString(),
             formatTimestamp(now.addDays(30)));
    QVERIFY(!updates.last().toObject().value("detail"_L1).toObject().contains("validUntil"_L1));

    // A restart reads the dates back from the store.
    m_fixture->stop();
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http->setBaseUrl(m_fixture->url());
    listed = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray().first().toObject();
    QCOMPARE(listed.value("maintenanceUntil"_L1).toString(), formatTimestamp(now.addDays(10)));
}

void TestLicenseValidityServer::oldLeaseKeepsItsSignedExpiry()
{
    // Rule 2: a validUntil set after a lease was signed never takes back the time it was given.
    const QByteArray key = createLicense(u"acme"_s, {});
    const SeatLease lease = leaseOf(checkout(u"acme"_s, key, u"alice"_s));
    QCOMPARE(lease.expiresAt, m_clock->now().addSecs(60));
    const QDateTime validUntil = m_clock->now().addSecs(30);
    QCOMPARE(m_http->put(u"/v1/licenses/acme"_s, {{u"validUntil"_s, formatTimestamp(validUntil)}}, admin()).status,
             200);
    m_clock->advance(10s);
    const auto renewed = heartbeat(u"acme"_s, key, lease.seatId);
    QCOMPARE(renewed.status, 200);
    QCOMPARE(leaseOf(renewed).expiresAt, lease.expiresAt); // kept, not shortened to validUntil
    QVERIFY(m_fixture->verifier().verify(leaseOf(renewed)));
}

QTEST_MAIN(TestLicenseValidityServer)
#include "tst_licensevalidityserver.moc"
