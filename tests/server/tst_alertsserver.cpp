#include "AlertText.h"
#include "EnglishTexts.h"
#include "LeaseServer.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "alerts/AlertEvaluator.h"
#include "alerts/InstanceBeat.h"
#include "store/LeaseStore.h"
#include "wire/AlertJson.h"
#include "wire/EventDetail.h"
#include "wire/EventRecord.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// Alert rules evaluated by the server (issue 29), through the real server in this process on a
// ManualClock, the evaluator's timer off and each evaluation called by the test: a rule fires
// once, stays firing, resolves once, is recorded as alert_fired and alert_resolved events with its
// numbers, and is listed by GET /v1/alerts while it fires; a second server on the same database,
// or the same server restarted, goes on from the stored state instead of firing again. Also
// registered on PostgreSQL (tst_alertsserver_postgres), where the second server is a second
// instance on the same database.
class TestAlertsServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void seatsInUseFiresOnceAndResolvesOnce();
    void anotherServerGoesOnFromTheStoredAlerts();
    void validityNoticesFireTheTightestOnly();
    void trueDenialFiresOnceItsWindowHasPassed();
    void badRulesAreRefusedByName();
    void acknowledgeRecordsWhoAndWhenOnce();
    void anAlertFiredBeforeIdsGetsItsIdBack();
    void aSilentInstanceFiresOnceAndAStoppedOneDoesNot();
    void anInstanceSilentForADayIsForgotten();
    void deliveredSentencesHaveEnglishPlurals();

private:
    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    bool putRules(const QJsonArray &rules, HttpResult *reply = nullptr);
    QList<EventRecord> evaluate() { return m_fixture->leaseServer().alerts()->evaluate(); }
    QList<alerts::FiringAlert> firing();
    QList<EventRecord> alertEvents() { return alertEvents(*m_http, admin()); }
    static QList<EventRecord> alertEvents(TestHttp &http, const QByteArray &admin);
    HttpResult checkout(const QString &license, const QByteArray &key, const QString &holder);
    QByteArray token(const QString &name, const QString &role);
    HttpResult acknowledge(const QString &id, const QJsonObject &body, const QByteArray &authorization);

    std::unique_ptr<TestServer> m_fixture;
    ManualClock *m_clock = nullptr;
    std::unique_ptr<TestHttp> m_http;
};

namespace {

TestServer::Options quietOptions()
{
    TestServer::Options options;
    options.reapInterval = 0s;
    options.usageInterval = 0ms;
    // The test evaluates when it means to.
    options.configure = [](server::ServerConfig &config) { config.alertInterval = std::chrono::milliseconds(0); };
    return options;
}

eventdetail::AlertChange changeOf(const EventRecord &event)
{
    return eventdetail::AlertChange::fromJson(event.detail);
}

} // namespace

void TestAlertsServer::init()
{
    m_fixture = std::make_unique<TestServer>(quietOptions());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_clock = &m_fixture->clock();
    m_http = std::make_unique<TestHttp>(m_fixture->url());
}

void TestAlertsServer::cleanup()
{
    m_http.reset();
    m_clock = nullptr;
    m_fixture.reset();
}

bool TestAlertsServer::putRules(const QJsonArray &rules, HttpResult *reply)
{
    const HttpResult result = m_http->put(u"/v1/alerts/rules"_s, {{u"rules"_s, rules}}, admin());
    if (reply)
        *reply = result;
    if (result.status != 200 && !reply)
        qWarning("PUT /v1/alerts/rules: %d %s", result.status, result.body.constData());
    return result.status == 200;
}

QList<alerts::FiringAlert> TestAlertsServer::firing()
{
    const HttpResult reply = m_http->get(u"/v1/alerts"_s, admin());
    if (reply.status != 200)
        return {};
    return alerts::alertsBodyFromJson(reply.json()).value_or(QList<alerts::FiringAlert>());
}

QList<EventRecord> TestAlertsServer::alertEvents(TestHttp &http, const QByteArray &admin)
{
    const HttpResult reply = http.get(u"/v1/events?kind=alert_fired,alert_resolved&limit=1000"_s, admin);
    QList<EventRecord> events;
    for (const QJsonValue &value : reply.json().value("events"_L1).toArray()) {
        if (const auto event = EventRecord::fromJson(value))
            events.append(*event);
    }
    return events;
}

HttpResult TestAlertsServer::checkout(const QString &license, const QByteArray &key, const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, holder}}, "License " + key);
}

QByteArray TestAlertsServer::token(const QString &name, const QString &role)
{
    const HttpResult reply = m_http->post(u"/v1/tokens"_s, {{u"name"_s, name}, {u"role"_s, role}}, admin());
    return reply.status == 201 ? "Bearer " + reply.json().value("secret"_L1).toString().toLatin1() : QByteArray();
}

HttpResult TestAlertsServer::acknowledge(const QString &id, const QJsonObject &body, const QByteArray &authorization)
{
    return m_http->post(u"/v1/alerts/%1/acknowledge"_s.arg(id), body, authorization);
}

void TestAlertsServer::seatsInUseFiresOnceAndResolvesOnce()
{
    const QByteArray key = m_fixture->createLicense(u"acme-cad"_s, 2, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QVERIFY(putRules({QJsonObject {{u"id"_s, u"cad-full"_s},
                                   {u"kind"_s, u"seats_in_use"_s},
                                   {u"scope"_s, u"license"_s},
                                   {u"scopeName"_s, u"acme-cad"_s},
                                   {u"severity"_s, u"critical"_s},
                                   {u"threshold"_s, 100},
                                   {u"minutes"_s, 5}}}));
    QCOMPARE(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s).status, 201);
    const HttpResult bob = checkout(u"acme-cad"_s, key, u"bob@ws-07"_s);
    QCOMPARE(bob.status, 201);
    const QDateTime full = m_clock->now();

    // Full, but not yet for five minutes: nothing fires.
    QVERIFY(evaluate().isEmpty());
    m_clock->advance(4min);
    QVERIFY(evaluate().isEmpty());
    QVERIFY(firing().isEmpty());

    // Five minutes full: it fires once, with its numbers, and is listed.
    m_clock->advance(1min);
    const QList<EventRecord> fired = evaluate();
    QCOMPARE(fired.size(), 1);
    QCOMPARE(fired.first().kind, EventKind::AlertFired);
    QCOMPARE(fired.first().licenseId, u"acme-cad"_s);
    const auto change = changeOf(fired.first());
    QCOMPARE(change.ruleId, u"cad-full"_s);
    QCOMPARE(change.severity, AlertSeverity::Critical);
    QCOMPARE(change.value, 100);
    QCOMPARE(change.limit, 100);
    QCOMPARE(change.since, full);
    const auto listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().licenseId, u"acme-cad"_s);
    QCOMPARE(listed.first().firedAt, m_clock->now());
    QCOMPARE(listed.first().since, full);
    // And on /metrics, for a Prometheus user's own rules.
    const HttpResult metrics = m_http->get(u"/metrics"_s, admin());
    QVERIFY2(
        metrics.body.contains(R"(keyright_alerts_firing{rule="cad-full",severity="critical",subject="acme-cad"} 1)"),
        metrics.body.constData());

    // Still full: still firing, nothing recorded again.
    m_clock->advance(1min);
    QVERIFY(evaluate().isEmpty());
    QCOMPARE(firing().size(), 1);

    // bob gives his seat back: the alert resolves once the condition has stayed away long enough.
    const QString bobSeat = bob.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    QCOMPARE(m_http->del(u"/v1/licenses/acme-cad/seats/"_s + bobSeat, "License " + key).status, 204);
    QVERIFY(evaluate().isEmpty());
    // Still firing with the time it began and the numbers it fired with, not the time it fired
    // nor the half now in use (walk 51a #12).
    QCOMPARE(firing().size(), 1);
    QCOMPARE(firing().first().since, full);
    QCOMPARE(firing().first().value, 100);
    m_clock->advance(std::chrono::milliseconds(alertClearMs));
    const QList<EventRecord> resolved = evaluate();
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(resolved.first().kind, EventKind::AlertResolved);
    // The resolution says when it began, fired and resolved, and with which numbers it fired.
    const auto resolution = changeOf(resolved.first());
    QCOMPARE(resolution.firedAt, fired.first().time);
    QCOMPARE(resolution.since, full);
    QCOMPARE(resolution.resolvedAt, m_clock->now());
    QCOMPARE(resolution.value, 100);
    QCOMPARE(resolution.limit, 100);
    QVERIFY(firing().isEmpty());
    QVERIFY(evaluate().isEmpty());
    QVERIFY(!m_http->get(u"/metrics"_s, admin()).body.contains("keyright_alerts_firing{"));

    // The audit log has each transition once.
    const QList<EventRecord> logged = alertEvents();
    QCOMPARE(logged.size(), 2);
    QCOMPARE(logged.at(0).kind, EventKind::AlertFired);
    QCOMPARE(logged.at(1).kind, EventKind::AlertResolved);
}

void TestAlertsServer::anotherServerGoesOnFromTheStoredAlerts()
{
    const QByteArray key = m_fixture->createLicense(u"render"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QVERIFY(putRules({QJsonObject {
        {u"id"_s, u"render-busy"_s}, {u"kind"_s, u"seats_in_use"_s}, {u"threshold"_s, 100}, {u"minutes"_s, 0}}}));
    QCOMPARE(checkout(u"render"_s, key, u"farm-01"_s).status, 201);
    QCOMPARE(evaluate().size(), 1);

    QTemporaryDir otherDir;
    std::unique_ptr<TestServer> other;
    if (TestServer::onPostgres()) {
        // A second instance on the same database, reading the same time.
        TestServer::Options options = quietOptions();
        options.databaseUrl = m_fixture->database()->url();
        options.clock = m_clock;
        // Every instance signs with the same key (docs/DEPLOYMENT.md).
        QVERIFY(otherDir.isValid());
        options.dataDir = otherDir.path();
        // and seals the alert endpoints' secrets with the same alerts.key.
        for (const QString &secret : {u"signing.key"_s, u"alerts.key"_s}) {
            QVERIFY(QFile::copy(QDir(m_fixture->dataDir()).filePath(secret), otherDir.filePath(secret)));
            QVERIFY(QFile::setPermissions(otherDir.filePath(secret), QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        }
        other = std::make_unique<TestServer>(options);
        QString error;
        QVERIFY2(other->start(&error), qPrintable(error));
    } else {
        // The same server restarted on its data directory (SQLite has one server per file).
        m_http.reset();
        m_fixture->stop();
        QString error;
        QVERIFY2(m_fixture->start(&error), qPrintable(error));
        m_http = std::make_unique<TestHttp>(m_fixture->url());
    }
    TestServer &second = other ? *other : *m_fixture;
    server::AlertEvaluator &evaluator = *second.leaseServer().alerts();
    // The admin token of the server started last (a second instance installs its own on the
    // shared database).
    TestHttp http(second.url());
    const QByteArray secondAdmin = second.adminAuthorization();

    // Still firing: the second evaluator records nothing, nor does the first after it.
    m_clock->advance(30s);
    QVERIFY(evaluator.evaluate().isEmpty());
    QVERIFY(evaluate().isEmpty());
    QCOMPARE(evaluator.firing().size(), 1);

    // Whichever evaluates after the condition has cleared long enough resolves it, once.
    const QJsonObject listing = second.leases(u"render"_s);
    const QJsonArray rows = listing.value("leases"_L1).toArray();
    QVERIFY2(rows.size() == 1, QJsonDocument(listing).toJson().constData());
    const QString seat = rows.first().toObject().value("seatId"_L1).toString();
    QCOMPARE(http.del(u"/v1/licenses/render/seats/"_s + seat, "License " + key).status, 204);
    QVERIFY(evaluate().isEmpty());
    m_clock->advance(std::chrono::milliseconds(alertClearMs));
    QCOMPARE(evaluator.evaluate().size(), 1);
    QVERIFY(evaluate().isEmpty());
    QVERIFY(evaluator.evaluate().isEmpty());
    const QList<EventRecord> logged = alertEvents(http, secondAdmin);
    QCOMPARE(logged.size(), 2);
    QCOMPARE(logged.at(0).kind, EventKind::AlertFired);
    QCOMPARE(logged.at(1).kind, EventKind::AlertResolved);
}

void TestAlertsServer::validityNoticesFireTheTightestOnly()
{
    const QDateTime end = m_clock->now().addDays(40);
    const HttpResult created = m_http->put(u"/v1/licenses/acme-cad"_s,
                                           {{u"name"_s, u"ACME CAD"_s},
                                            {u"seatCount"_s, 2},
                                            {u"ttlSeconds"_s, 60},
                                            {u"skewSeconds"_s, 5},
                                            {u"reapGraceSeconds"_s, 15},
                                            {u"validUntil"_s, formatTimestamp(end)}},
                                           admin());
    QCOMPARE(created.status, 201);
    QVERIFY(putRules({QJsonObject {{u"id"_s, u"ending"_s}, {u"kind"_s, u"validity_ending"_s}}}));

    // 40 days left: the 60-day notice, alone.
    const QList<EventRecord> first = evaluate();
    QCOMPARE(first.size(), 1);
    QCOMPARE(changeOf(first.first()).noticeDays, 60);
    QCOMPARE(changeOf(first.first()).value, 40);
    // The date it is about (walk 50a: an ended maintenance was told as the license's end).
    QCOMPARE(changeOf(first.first()).ends, ValidityBound::ValidUntil);
    QCOMPARE(changeOf(first.first()).endsAt, end);

    // 25 days left: the 30-day notice fires; the 60-day one resolves once it has stayed superseded.
    m_clock->advance(std::chrono::hours(24 * 15));
    const QList<EventRecord> second = evaluate();
    QCOMPARE(second.size(), 1);
    QCOMPARE(second.first().kind, EventKind::AlertFired);
    QCOMPARE(changeOf(second.first()).noticeDays, 30);
    m_clock->advance(std::chrono::milliseconds(alertClearMs));
    const QList<EventRecord> third = evaluate();
    QCOMPARE(third.size(), 1);
    QCOMPARE(third.first().kind, EventKind::AlertResolved);
    QCOMPARE(changeOf(third.first()).noticeDays, 60);
    const auto listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().noticeDays, 30);
    QCOMPARE(listed.first().licenseId, u"acme-cad"_s);
    QCOMPARE(listed.first().ends, ValidityBound::ValidUntil);
    QCOMPARE(listed.first().endsAt, end);
    QCOMPARE(listed.first().value, 24); // 24 days and 23 hours: whole days, rounded down
}

void TestAlertsServer::trueDenialFiresOnceItsWindowHasPassed()
{
    const QByteArray key = m_fixture->createLicense(u"acme-cad"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QVERIFY(putRules(
        {QJsonObject {{u"id"_s, u"refused"_s}, {u"kind"_s, u"denials"_s}, {u"threshold"_s, 0}, {u"minutes"_s, 10}}}));
    QCOMPARE(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s).status, 201);
    QCOMPARE(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s).status, 409);
    // carol is refused too, but gets a seat within the window: hers is not a true denial.
    QCOMPARE(checkout(u"acme-cad"_s, key, u"carol@ws-03"_s).status, 409);

    // Within the window nobody knows yet whether bob will get a seat.
    m_clock->advance(5min);
    QVERIFY(evaluate().isEmpty());
    const QJsonArray rows = m_fixture->leases(u"acme-cad"_s).value("leases"_L1).toArray();
    const QString seat = rows.first().toObject().value("seatId"_L1).toString();
    QCOMPARE(m_http->del(u"/v1/licenses/acme-cad/seats/"_s + seat, "License " + key).status, 204);
    QCOMPARE(checkout(u"acme-cad"_s, key, u"carol@ws-03"_s).status, 201);

    // Past bob's window, still without a seat: one true denial (carol's is not).
    m_clock->advance(5min + 1s);
    const QList<EventRecord> fired = evaluate();
    QCOMPARE(fired.size(), 1);
    QCOMPARE(changeOf(fired.first()).value, 1);
    QVERIFY(evaluate().isEmpty());
}

void TestAlertsServer::badRulesAreRefusedByName()
{
    HttpResult reply;
    QVERIFY(!putRules({QJsonObject {{u"id"_s, u"a"_s}, {u"kind"_s, u"seats_in_use"_s}, {u"threshold"_s, 0}}}, &reply));
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(u"percentage"_s), reply.body.constData());
    QCOMPARE(reply.json().value("field"_L1).toString(), u"rules[0].threshold"_s);

    QVERIFY(!putRules({QJsonObject {{u"id"_s, u"a"_s}, {u"kind"_s, u"seats_at_max"_s}}}, &reply));
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(u"seats_in_use"_s), reply.body.constData());

    const QJsonObject jump {{u"id"_s, u"jump"_s}, {u"kind"_s, u"clock_jump"_s}, {u"minutes"_s, 30}};
    QVERIFY(!putRules({jump, jump}, &reply));
    QCOMPARE(reply.status, 400);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(u"second time"_s), reply.body.constData());

    QVERIFY(!putRules({QJsonObject {{u"id"_s, u"silent"_s}, {u"kind"_s, u"instance_silent"_s}, {u"seconds"_s, 5}}},
                      &reply));
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.json().value("field"_L1).toString(), u"rules[0].seconds"_s);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(u"30 seconds"_s), reply.body.constData());

    // Nothing refused was kept; a good list replaces the rules whole and reads back as written.
    QCOMPARE(m_http->get(u"/v1/alerts/rules"_s, admin()).json(), QJsonObject({{u"rules"_s, QJsonArray()}}));
    const QJsonObject quiet {
        {u"id"_s, u"jump"_s},
        {u"kind"_s, u"clock_jump"_s},
        {u"minutes"_s, 30},
        {u"severity"_s, u"info"_s},
        {u"quiet"_s, QJsonObject {{u"from"_s, u"22:00"_s}, {u"to"_s, u"07:00"_s}, {u"timeZone"_s, u"Europe/Paris"_s}}}};
    QVERIFY(putRules({quiet}));
    const auto rules = alerts::rulesBodyFromJson(m_http->get(u"/v1/alerts/rules"_s, admin()).json());
    QVERIFY(rules);
    QCOMPARE(rules->size(), 1);
    QCOMPARE(rules->first().quiet.from, QTime(22, 0));
    QCOMPARE(rules->first().quiet.zone, QTimeZone("Europe/Paris"));
    QCOMPARE(rules->first().severity, AlertSeverity::Info);
}

// instance_silent: three instances on one database (the test's server and two front ends on its
// store, each with its own replica id and port). One is hung (it stops beating, its row stays, as
// with kill -9), one stops gracefully (its row goes): only the hung one fires, once, named with
// its URL and last sign of life; its graceful stop afterwards resolves it, saying so.
void TestAlertsServer::aSilentInstanceFiresOnceAndAStoppedOneDoesNot()
{
    server::LeaseServer &first = m_fixture->leaseServer();
    server::LeaseStore &store = *first.store();
    const auto instances = [&] {
        QList<server::StoredInstance> rows;
        store.withStore([&] { rows = store.instances(); });
        return rows;
    };
    QTemporaryDir hungDir;
    QTemporaryDir stoppedDir;
    QVERIFY(hungDir.isValid() && stoppedDir.isValid());
    const auto frontEnd = [&](const QString &dir) {
        server::ServerConfig config = first.config();
        config.dataDir = dir;
        config.port = 0;
        return std::make_unique<server::LeaseServer>(config, *m_clock, first);
    };
    const auto hung = frontEnd(hungDir.path());
    const auto stopped = frontEnd(stoppedDir.path());
    QString error;
    QVERIFY2(hung->start(&error), qPrintable(error));
    QVERIFY2(stopped->start(&error), qPrintable(error));
    QCOMPARE(instances().size(), 3);
    QVERIFY(putRules({QJsonObject {{u"id"_s, u"silent"_s}, {u"kind"_s, u"instance_silent"_s}, {u"seconds"_s, 60}}}));
    QVERIFY(evaluate().isEmpty());

    const QDateTime lastSeen = m_clock->now();
    const QString hungId = hung->instanceBeat()->replicaId();
    hung->instanceBeat()->halt();
    stopped->stop();
    QCOMPARE(instances().size(), 2); // the graceful stop removed its row; the hung one's stays

    // The evaluating instance beats (its timer runs on real time; the test's clock is moved by hand).
    m_clock->advance(60s);
    QVERIFY(first.instanceBeat()->beat());
    QVERIFY(evaluate().isEmpty()); // 60 s is not more than 60
    m_clock->advance(1s);
    QVERIFY(first.instanceBeat()->beat());
    const QList<EventRecord> fired = evaluate();
    QCOMPARE(fired.size(), 1);
    QCOMPARE(fired.first().kind, EventKind::AlertFired);
    QVERIFY(fired.first().licenseId.isEmpty());
    const auto change = changeOf(fired.first());
    QCOMPARE(change.kind, AlertKind::InstanceSilent);
    QCOMPARE(change.instance, hungId);
    QCOMPARE(change.instanceUrl, hung->url().toString());
    QCOMPARE(change.lastSeenAt, lastSeen);
    QCOMPARE(change.value, 61);
    QCOMPARE(change.limit, 60);

    // Once: still silent, nothing new; listed with its instance.
    m_clock->advance(30s);
    QVERIFY(first.instanceBeat()->beat());
    QVERIFY(evaluate().isEmpty());
    const auto listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().instance, hungId);
    QCOMPARE(listed.first().instanceUrl, hung->url().toString());
    QCOMPARE(listed.first().lastSeenAt, lastSeen);
    QVERIFY(listed.first().licenseId.isEmpty());

    // Stopped gracefully afterwards: resolved at once, saying it was stopped.
    hung->stop();
    const QList<EventRecord> resolved = evaluate();
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(resolved.first().kind, EventKind::AlertResolved);
    QCOMPARE(changeOf(resolved.first()).instance, hungId);
    QCOMPARE(changeOf(resolved.first()).instanceGone, InstanceGone::Stopped);
    QCOMPARE(changeOf(resolved.first()).value, 61);
    QVERIFY(firing().isEmpty());

    // The audit log has that one firing and its resolution: the instance stopped first never fired.
    m_clock->advance(10min);
    QVERIFY(first.instanceBeat()->beat());
    QVERIFY(evaluate().isEmpty());
    const QList<EventRecord> logged = alertEvents();
    QCOMPARE(logged.size(), 2);
}

// A decommissioned instance (killed, never started again) does not fire forever: after a day of
// silence its record is removed and its alert resolves, saying it is forgotten.
void TestAlertsServer::anInstanceSilentForADayIsForgotten()
{
    server::LeaseServer &first = m_fixture->leaseServer();
    server::LeaseStore &store = *first.store();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    server::ServerConfig config = first.config();
    config.dataDir = dir.path();
    config.port = 0;
    server::LeaseServer gone(config, *m_clock, first);
    QString error;
    QVERIFY2(gone.start(&error), qPrintable(error));
    QVERIFY(putRules({QJsonObject {{u"id"_s, u"silent"_s}, {u"kind"_s, u"instance_silent"_s}, {u"seconds"_s, 60}}}));
    gone.instanceBeat()->halt();
    m_clock->advance(61s);
    QVERIFY(first.instanceBeat()->beat());
    QCOMPARE(evaluate().size(), 1);

    m_clock->advance(24h);
    QVERIFY(first.instanceBeat()->beat());
    const QList<EventRecord> forgotten = evaluate();
    QCOMPARE(forgotten.size(), 1);
    QCOMPARE(forgotten.first().kind, EventKind::AlertResolved);
    QCOMPARE(changeOf(forgotten.first()).instanceGone, InstanceGone::Forgotten);
    QList<server::StoredInstance> rows;
    store.withStore([&] { rows = store.instances(); });
    QCOMPARE(rows.size(), 1); // the evaluating instance's own
    m_clock->advance(1h);
    QVERIFY(first.instanceBeat()->beat());
    QVERIFY(evaluate().isEmpty());
}

QTEST_GUILESS_MAIN(TestAlertsServer)
void TestAlertsServer::acknowledgeRecordsWhoAndWhenOnce()
{
    const QByteArray key = m_fixture->createLicense(u"acme-cad"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QVERIFY(putRules({QJsonObject {{u"id"_s, u"cad-full"_s},
                                   {u"kind"_s, u"seats_in_use"_s},
                                   {u"severity"_s, u"critical"_s},
                                   {u"threshold"_s, 100},
                                   {u"minutes"_s, 1}}}));
    const QByteArray operatorToken = token(u"night-op"_s, u"operator"_s);
    const QByteArray viewerToken = token(u"watcher"_s, u"viewer"_s);
    QVERIFY(!operatorToken.isEmpty() && !viewerToken.isEmpty());
    const HttpResult held = checkout(u"acme-cad"_s, key, u"alice@ws-12"_s);
    QCOMPARE(held.status, 201);
    evaluate();
    m_clock->advance(1min);
    const QList<EventRecord> fired = evaluate();
    QCOMPARE(fired.size(), 1);

    // The alert's id is its alert_fired event's seq; nobody has acknowledged it yet.
    QList<alerts::FiringAlert> listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().id, fired.first().seq);
    QVERIFY(!listed.first().acknowledged());
    QVERIFY(m_http->get(u"/v1/alerts"_s, admin())
                .json()
                .value("alerts"_L1)[0]
                .toObject()
                .value("acknowledgedAt"_L1)
                .isNull());
    const QString id = QString::number(fired.first().seq);

    // A viewer may not; a malformed id and a bad note are refused by name.
    QCOMPARE(acknowledge(id, {}, viewerToken).status, 403);
    const HttpResult malformed = acknowledge(u"first"_s, {}, operatorToken);
    QCOMPARE(malformed.status, 400);
    QCOMPARE(malformed.json().value("field"_L1).toString(), u"alertId"_s);
    const HttpResult tooLong = acknowledge(id, {{u"note"_s, QString(501, u'x')}}, operatorToken);
    QCOMPARE(tooLong.status, 400);
    QCOMPARE(tooLong.json().value("field"_L1).toString(), u"note"_s);
    QVERIFY2(tooLong.json().value("message"_L1).toString().contains(u"at most 500"_s), tooLong.body.constData());
    QCOMPARE(acknowledge(id, {{u"note"_s, 42}}, operatorToken).status, 400);
    QVERIFY(!firing().first().acknowledged());

    // The operator acknowledges it: who, when and the note, on the answer and in the list.
    const QDateTime seenAt = m_clock->now();
    const HttpResult first = acknowledge(id, {{u"note"_s, u"on it, OPS-42"_s}}, operatorToken);
    QCOMPARE(first.status, 200);
    const auto answered = alerts::FiringAlert::fromJson(first.json());
    QVERIFY(answered);
    QCOMPARE(answered->id, fired.first().seq);
    QCOMPARE(answered->acknowledgedBy, u"night-op (operator)"_s);
    QCOMPARE(answered->acknowledgedAt, seenAt);
    QCOMPARE(answered->note, u"on it, OPS-42"_s);
    evaluate(); // an evaluation keeps it
    listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first(), *answered);

    // Again, by the admin, later, with another note: the first acknowledgement stands.
    m_clock->advance(2min);
    const HttpResult second = acknowledge(id, {{u"note"_s, u"me too"_s}}, admin());
    QCOMPARE(second.status, 200);
    // Said to be a second one, so that "me too" is not taken for recorded (walk 51a #17).
    QVERIFY(!first.json().contains("alreadyAcknowledged"_L1));
    QCOMPARE(second.json().value("alreadyAcknowledged"_L1), QJsonValue(true));
    auto secondAnswer = alerts::FiringAlert::fromJson(second.json());
    QVERIFY(secondAnswer && secondAnswer->alreadyAcknowledged);
    secondAnswer->alreadyAcknowledged = false;
    QCOMPARE(secondAnswer, answered);
    // Recorded once, by whom, with the note.
    const HttpResult log = m_http->get(u"/v1/events?kind=alert_acknowledged"_s, admin());
    const QJsonArray events = log.json().value("events"_L1).toArray();
    QCOMPARE(events.size(), 1);
    const auto event = EventRecord::fromJson(events.first());
    QVERIFY(event);
    QCOMPARE(event->kind, EventKind::AlertAcknowledged);
    QCOMPARE(event->actor, u"night-op (operator)"_s);
    QCOMPARE(event->licenseId, u"acme-cad"_s);
    QCOMPARE(event->time, seenAt);
    const auto detail = eventdetail::AlertAcknowledged::fromJson(event->detail);
    QCOMPARE(detail.alertId, fired.first().seq);
    QCOMPARE(detail.ruleId, u"cad-full"_s);
    QCOMPARE(detail.note, u"on it, OPS-42"_s);

    // An id no alert had, and the alert once it has resolved.
    const HttpResult unknown = acknowledge(u"999999"_s, {}, operatorToken);
    QCOMPARE(unknown.status, 404);
    QCOMPARE(unknown.errorCode(), u"alert_not_found"_s);
    const QString seat = held.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    QCOMPARE(m_http->del(u"/v1/licenses/acme-cad/seats/"_s + seat, "License " + key).status, 204);
    evaluate();
    m_clock->advance(std::chrono::milliseconds(alertClearMs));
    QCOMPARE(evaluate().size(), 1);
    const HttpResult resolved = acknowledge(id, {}, operatorToken);
    QCOMPARE(resolved.status, 409);
    QCOMPARE(resolved.errorCode(), u"alert_not_firing"_s);
    QVERIFY2(resolved.json().value("message"_L1).toString().contains(u"is not firing any more"_s),
             resolved.body.constData());

    // Firing again is a new alert, with a new id and no acknowledgement.
    QCOMPARE(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s).status, 201);
    evaluate();
    m_clock->advance(1min);
    const QList<EventRecord> again = evaluate();
    QCOMPARE(again.size(), 1);
    listed = firing();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed.first().id, again.first().seq);
    QVERIFY(listed.first().id != fired.first().seq);
    QVERIFY(!listed.first().acknowledged());
}

void TestAlertsServer::anAlertFiredBeforeIdsGetsItsIdBack()
{
    const QByteArray key = m_fixture->createLicense(u"acme-cad"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    QVERIFY(putRules({QJsonObject {
        {u"id"_s, u"cad-full"_s}, {u"kind"_s, u"seats_in_use"_s}, {u"threshold"_s, 100}, {u"minutes"_s, 0}}}));
    QCOMPARE(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s).status, 201);
    const QList<EventRecord> fired = evaluate();
    QCOMPARE(fired.size(), 1);

    // As a server before acknowledgements left it: firing, with no id.
    server::LeaseStore &store = *m_fixture->leaseServer().store();
    store.withStore([&] {
        for (server::StoredAlertTrack track : store.alertTracks()) {
            track.firedSeq = 0;
            store.putAlertTrack(track);
        }
    });
    QCOMPARE(firing().first().id, 0);

    // The next evaluation finds its alert_fired event again, and records nothing new.
    m_clock->advance(1min);
    QVERIFY(evaluate().isEmpty());
    QCOMPARE(firing().first().id, fired.first().seq);

    // Before that evaluation, an acknowledgement by the event's seq finds it as well.
    store.withStore([&] {
        for (server::StoredAlertTrack track : store.alertTracks()) {
            track.firedSeq = 0;
            store.putAlertTrack(track);
        }
    });
    const HttpResult acknowledged = acknowledge(u"%1"_s.arg(fired.first().seq), {}, admin());
    QCOMPARE(acknowledged.status, 200);
    QCOMPARE(alerts::FiringAlert::fromJson(acknowledged.json())->id, fired.first().seq);
    QCOMPARE(firing().first().id, fired.first().seq);
    QVERIFY(firing().first().acknowledged());
}

// Webhook and mail sentences are English with its plurals: "in 14 day(s)" and "3 denial(s)" went
// to every receiver (walk 52a, F) while the dashboard and the CLI said "days" and "denials".
void TestAlertsServer::deliveredSentencesHaveEnglishPlurals()
{
    eventdetail::AlertChange validity;
    validity.ruleId = u"ending"_s;
    validity.kind = AlertKind::ValidityEnding;
    validity.value = 14;
    validity.noticeDays = 30;
    validity.ends = ValidityBound::MaintenanceUntil;
    validity.endsAt = QDateTime(QDate(2026, 12, 20), QTime(0, 0), QTimeZone::utc());
    eventdetail::AlertChange denials;
    denials.ruleId = u"denied"_s;
    denials.kind = AlertKind::Denials;
    denials.value = 3;
    denials.limit = 2;
    const QLocale english(QLocale::English, QLocale::UnitedKingdom);

    QVERIFY(server::installEnglishTexts());
    const QString ending = alertText(validity, true, english);
    QVERIFY2(ending.contains(u"in 14 days"_s) && ending.contains(u"(notice of 30 days)"_s), qPrintable(ending));
    const QString denied = alertText(denials, true, english);
    QVERIFY2(denied.contains(u"3 denials"_s), qPrintable(denied));
    QVERIFY2(!ending.contains(u"(s)"_s) && !denied.contains(u"(s)"_s), qPrintable(ending + u" / "_s + denied));
}

#include "tst_alertsserver.moc"
