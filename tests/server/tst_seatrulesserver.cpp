// Seat rules on the real server (issue 17), in this process on a ManualClock: the groups and rules
// routes and their refusals, the checkout decided by the rules with its denial bodies and events,
// the rules surviving a restart, and bursts of concurrent checkouts that must never break a
// reservation or a cap. Also run on PostgreSQL (tst_seatrulesserver_postgres).

#include "HttpBurst.h"
#include "StoreUnderTest.h"
#include "TestHttp.h"
#include "TestServer.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

QJsonObject group(const QString &name, const QStringList &patterns)
{
    return QJsonObject {{u"name"_s, name}, {u"patterns"_s, strings(patterns)}};
}

QJsonObject seats(const QString &groupName, int n)
{
    return QJsonObject {{u"group"_s, groupName}, {u"seats"_s, n}};
}

} // namespace

class TestSeatRulesServer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void groupsRoundTripAndRecordTheChange();
    void badGroupsAreRefusedWithTheField_data();
    void badGroupsAreRefusedWithTheField();
    void rulesRoundTripAndRecordTheChange();
    void badRulesAreRefusedWithTheField_data();
    void badRulesAreRefusedWithTheField();
    void groupInUseCannotDisappear();
    void seatCountCannotShrinkBelowTheReservations();
    void denialsCarryTheRuleAndTheNumbers();
    void allowListKeepsOthersOut();
    void rulesSurviveARestart();
    void concurrentCheckoutsNeverBreakAReservationOrACap();

private:
    // Creates the license and returns its "License <key>" authorization.
    QByteArray createLicense(const QString &id, int seatCount);
    HttpResult putGroups(const QJsonArray &groups);
    HttpResult putRules(const QString &licenseId, const QJsonObject &rules);
    HttpResult checkout(const QString &licenseId, const QByteArray &key, const QString &holder);
    QList<QJsonObject> eventsOf(const QString &kind);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<TestHttp> m_http;
    QByteArray m_admin;
};

void TestSeatRulesServer::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = std::make_unique<TestServer>(TestServer::Options {.dataDir = m_dir->path(), .reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_server);
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_admin = m_server->adminAuthorization();
    m_http = std::make_unique<TestHttp>(m_server->url());
}

void TestSeatRulesServer::cleanup()
{
    m_http.reset();
    m_server.reset();
    m_dir.reset();
}

QByteArray TestSeatRulesServer::createLicense(const QString &id, int seatCount)
{
    const QByteArray key = m_server->createLicense(id, seatCount, 60s, 5s, 15s);
    if (key.isEmpty())
        qWarning("creating %s failed", qPrintable(id));
    return "License " + key;
}

HttpResult TestSeatRulesServer::putGroups(const QJsonArray &groups)
{
    return m_http->put(u"/v1/groups"_s, {{u"groups"_s, groups}}, m_admin);
}

HttpResult TestSeatRulesServer::putRules(const QString &licenseId, const QJsonObject &rules)
{
    return m_http->put(u"/v1/licenses/%1/rules"_s.arg(licenseId), {{u"rules"_s, rules}}, m_admin);
}

HttpResult TestSeatRulesServer::checkout(const QString &licenseId, const QByteArray &key, const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(licenseId), {{u"holder"_s, holder}}, key);
}

QList<QJsonObject> TestSeatRulesServer::eventsOf(const QString &kind)
{
    QList<QJsonObject> found;
    const auto page = m_http->get(u"/v1/events?kind=%1&limit=1000"_s.arg(kind), m_admin);
    for (const QJsonValue &event : page.json().value("events"_L1).toArray())
        found.append(event.toObject());
    return found;
}

void TestSeatRulesServer::groupsRoundTripAndRecordTheChange()
{
    const auto empty = m_http->get(u"/v1/groups"_s, m_admin);
    QCOMPARE(empty.status, 200);
    QCOMPARE(empty.json().value("groups"_L1).toArray(), QJsonArray());

    const QJsonArray groups {group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-?"_s, u"tess@ws-1"_s})};
    const auto put = putGroups(groups);
    QCOMPARE(put.status, 200);
    QCOMPARE(put.json().value("groups"_L1).toArray(), groups);
    QCOMPARE(m_http->get(u"/v1/groups"_s, m_admin).json().value("groups"_L1).toArray(), groups);

    const auto changed = eventsOf(u"groups_changed"_s);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().value("detail"_L1).toObject().value("groups"_L1).toArray(), groups);
    QVERIFY(changed.first().value("actor"_L1).toString().contains(u"admin"_s));
}

void TestSeatRulesServer::badGroupsAreRefusedWithTheField_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("named"); // in the message
    QTest::newRow("no groups") << QByteArray(R"({})") << u"groups"_s << u"required"_s;
    QTest::newRow("not a list") << QByteArray(R"({"groups":{}})") << u"groups"_s << u"array"_s;
    QTest::newRow("bad glob") << QByteArray(
        R"({"groups":[{"name":"a","patterns":["x"]},{"name":"b","patterns":["[x"]}]})")
                              << u"groups[1].patterns[0]"_s << u"[x"_s;
    QTest::newRow("two of a name") << QByteArray(
        R"({"groups":[{"name":"a","patterns":["x"]},{"name":"a","patterns":["y"]}]})")
                                   << u"groups[1].name"_s << u"two groups"_s;
    QTest::newRow("bad name") << QByteArray(R"({"groups":[{"name":"Render!","patterns":["x"]}]})")
                              << u"groups[0].name"_s << u"Render!"_s;
    QTest::newRow("no patterns") << QByteArray(R"({"groups":[{"name":"a","patterns":[]}]})") << u"groups[0].patterns"_s
                                 << u"no holder patterns"_s;
}

void TestSeatRulesServer::badGroupsAreRefusedWithTheField()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QString, named);
    QCOMPARE(putGroups({group(u"keep"_s, {u"k*"_s})}).status, 200);
    const auto reply = m_http->call("PUT", u"/v1/groups"_s, body, m_admin);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.errorCode(), u"invalid_request"_s);
    QCOMPARE(reply.json().value("field"_L1).toString(), field);
    QVERIFY2(reply.json().value("message"_L1).toString().contains(named), reply.body.constData());
    // Nothing half-written.
    QCOMPARE(m_http->get(u"/v1/groups"_s, m_admin).json().value("groups"_L1).toArray(),
             QJsonArray {group(u"keep"_s, {u"k*"_s})});
    QCOMPARE(eventsOf(u"groups_changed"_s).size(), 1);
}

void TestSeatRulesServer::rulesRoundTripAndRecordTheChange()
{
    createLicense(u"cad"_s, 10);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-*"_s})}).status, 200);
    const auto none = m_http->get(u"/v1/licenses/cad/rules"_s, m_admin);
    QCOMPARE(none.status, 200);
    QCOMPARE(none.json().value("licenseId"_L1).toString(), u"cad"_s);
    QCOMPARE(none.json().value("rules"_L1).toObject().value("reserve"_L1).toArray(), QJsonArray());

    const QJsonObject rules {
        {u"allow"_s, strings({u"render"_s, u"qa"_s, u"alice@*"_s})},
        {u"deny"_s, strings({u"*@ext-*"_s})},
        {u"reserve"_s, QJsonArray {seats(u"render"_s, 3)}},
        {u"max"_s, QJsonArray {seats(u"qa"_s, 2)}},
        {u"reclaimIdle"_s,
         QJsonArray {QJsonObject {{u"afterMinutes"_s, 60}, {u"warnMinutes"_s, 10}},
                     QJsonObject {{u"group"_s, u"render"_s}, {u"afterMinutes"_s, 120}, {u"warnMinutes"_s, 15}}}}};
    const auto put = putRules(u"cad"_s, rules);
    QCOMPARE(put.status, 200);
    QCOMPARE(put.json().value("rules"_L1).toObject(), rules);
    QCOMPARE(m_http->get(u"/v1/licenses/cad/rules"_s, m_admin).json().value("rules"_L1).toObject(), rules);

    const auto changed = eventsOf(u"rules_changed"_s);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.first().value("licenseId"_L1).toString(), u"cad"_s);
    QCOMPARE(changed.first().value("detail"_L1).toObject().value("rules"_L1).toObject(), rules);

    // The summary and the listing carry them.
    const auto licenses = m_http->get(u"/v1/licenses"_s, m_admin).json().value("licenses"_L1).toArray();
    QCOMPARE(licenses.size(), 1);
    QCOMPARE(licenses.first().toObject().value("reservedSeats"_L1).toInt(), 3);
    const auto listing = m_http->get(u"/v1/licenses/cad/leases"_s, m_admin).json();
    QCOMPARE(listing.value("rules"_L1).toObject(), rules);
    QCOMPARE(listing.value("groups"_L1).toArray().size(), 2);

    QCOMPARE(m_http->get(u"/v1/licenses/nope/rules"_s, m_admin).status, 404);
    QCOMPARE(putRules(u"nope"_s, rules).status, 404);
}

void TestSeatRulesServer::badRulesAreRefusedWithTheField_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QStringList>("named"); // in the message
    QTest::newRow("no rules") << QByteArray(R"({})") << u"rules"_s << QStringList {u"required"_s, u"reclaimIdle"_s};
    // The idle reclaim rule (issue 26).
    QTest::newRow("reclaim warns longer than it waits")
        << QByteArray(R"({"rules":{"reclaimIdle":{"afterMinutes":30,"warnMinutes":45}}})")
        << u"rules.reclaimIdle[0].warnMinutes"_s << QStringList {u"45"_s, u"30"_s};
    QTest::newRow("reclaim after more than a week")
        << QByteArray(R"({"rules":{"reclaimIdle":[{"afterMinutes":10081,"warnMinutes":10}]}})")
        << u"rules.reclaimIdle[0].afterMinutes"_s << QStringList {u"10081"_s, u"10080"_s};
    QTest::newRow("reclaim for an unknown group")
        << QByteArray(R"({"rules":{"reclaimIdle":[{"afterMinutes":60,"warnMinutes":10},)"
                      R"({"group":"ghosts","afterMinutes":60,"warnMinutes":10}]}})")
        << u"rules.reclaimIdle[1].group"_s << QStringList {u"ghosts"_s};
    QTest::newRow("reclaim twice for a group")
        << QByteArray(R"({"rules":{"reclaimIdle":[{"group":"qa","afterMinutes":60,"warnMinutes":10},)"
                      R"({"group":"qa","afterMinutes":90,"warnMinutes":10}]}})")
        << u"rules.reclaimIdle[1].group"_s << QStringList {u"qa"_s, u"twice"_s};
    QTest::newRow("reclaim not a rule") << QByteArray(R"({"rules":{"reclaimIdle":60}})") << u"rules.reclaimIdle"_s
                                        << QStringList {u"object"_s, u"array"_s};
    QTest::newRow("reclaim minutes not a number")
        << QByteArray(R"({"rules":{"reclaimIdle":[{"afterMinutes":"an hour","warnMinutes":10}]}})")
        << u"rules.reclaimIdle[0].afterMinutes"_s << QStringList {};
    QTest::newRow("reservations above the seats")
        << QByteArray(R"({"rules":{"reserve":[{"group":"render","seats":8},{"group":"qa","seats":4}]}})")
        << u"rules.reserve"_s << QStringList {u"12"_s, u"10"_s};
    QTest::newRow("unknown group") << QByteArray(R"({"rules":{"reserve":[{"group":"ghosts","seats":1}]}})")
                                   << u"rules.reserve[0].group"_s << QStringList {u"ghosts"_s};
    QTest::newRow("cap above the seats") << QByteArray(R"({"rules":{"max":[{"group":"qa","seats":11}]}})")
                                         << u"rules.max[0].seats"_s << QStringList {u"11"_s, u"10"_s};
    QTest::newRow("bad deny pattern") << QByteArray(R"({"rules":{"deny":["ok*","[broken"]}})") << u"rules.deny[1]"_s
                                      << QStringList {u"[broken"_s};
    QTest::newRow("seats not a number") << QByteArray(R"({"rules":{"reserve":[{"group":"qa","seats":"two"}]}})")
                                        << u"rules.reserve[0].seats"_s << QStringList {};
}

void TestSeatRulesServer::badRulesAreRefusedWithTheField()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, field);
    QFETCH(QStringList, named);
    createLicense(u"cad"_s, 10);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-*"_s})}).status, 200);
    const QJsonObject before {{u"reserve"_s, QJsonArray {seats(u"qa"_s, 1)}}};
    QCOMPARE(putRules(u"cad"_s, before).status, 200);
    const auto reply = m_http->call("PUT", u"/v1/licenses/cad/rules"_s, body, m_admin);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.errorCode(), u"invalid_request"_s);
    QCOMPARE(reply.json().value("field"_L1).toString(), field);
    for (const QString &word : named)
        QVERIFY2(reply.json().value("message"_L1).toString().contains(word), reply.body.constData());
    const auto kept = m_http->get(u"/v1/licenses/cad/rules"_s, m_admin).json().value("rules"_L1).toObject();
    QCOMPARE(kept.value("reserve"_L1).toArray(), before.value("reserve"_L1).toArray());
    QCOMPARE(eventsOf(u"rules_changed"_s).size(), 1);
}

void TestSeatRulesServer::groupInUseCannotDisappear()
{
    createLicense(u"cad"_s, 10);
    createLicense(u"sim"_s, 10);
    const QJsonArray groups {group(u"render"_s, {u"*@render-*"_s}), group(u"ext"_s, {u"*@ext-*"_s}),
                             group(u"spare"_s, {u"spare-*"_s})};
    QCOMPARE(putGroups(groups).status, 200);
    QCOMPARE(putRules(u"cad"_s, {{u"reserve"_s, QJsonArray {seats(u"render"_s, 2)}}}).status, 200);
    QCOMPARE(putRules(u"sim"_s, {{u"deny"_s, strings({u"ext"_s})}}).status, 200);

    const auto render = putGroups({group(u"ext"_s, {u"*@ext-*"_s})});
    QCOMPARE(render.status, 409);
    QCOMPARE(render.errorCode(), u"group_in_use"_s);
    QCOMPARE(render.json().value("group"_L1).toString(), u"render"_s);
    QCOMPARE(render.json().value("licenses"_L1).toArray(), strings({u"cad"_s}));
    QVERIFY2(render.json().value("message"_L1).toString().contains(u"\"render\""_s), render.body.constData());
    QVERIFY2(render.json().value("message"_L1).toString().contains(u"\"cad\""_s), render.body.constData());

    // A deny entry naming a group is a use too.
    const auto ext = putGroups({group(u"render"_s, {u"*@render-*"_s})});
    QCOMPARE(ext.status, 409);
    QCOMPARE(ext.json().value("group"_L1).toString(), u"ext"_s);
    QCOMPARE(ext.json().value("licenses"_L1).toArray(), strings({u"sim"_s}));

    // Nothing changed; a group no rules name may go, and patterns may change.
    QCOMPARE(m_http->get(u"/v1/groups"_s, m_admin).json().value("groups"_L1).toArray(), groups);
    QCOMPARE(eventsOf(u"groups_changed"_s).size(), 1);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s, u"*@farm-*"_s}), group(u"ext"_s, {u"*@ext-*"_s})}).status,
             200);
}

void TestSeatRulesServer::seatCountCannotShrinkBelowTheReservations()
{
    createLicense(u"cad"_s, 10);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-*"_s})}).status, 200);
    QCOMPARE(putRules(u"cad"_s, {{u"reserve"_s, QJsonArray {seats(u"render"_s, 4), seats(u"qa"_s, 2)}}}).status, 200);
    const auto shrink = m_http->put(u"/v1/licenses/cad"_s, {{u"seatCount"_s, 5}}, m_admin);
    QCOMPARE(shrink.status, 400);
    QCOMPARE(shrink.json().value("field"_L1).toString(), u"seatCount"_s);
    const QString message = shrink.json().value("message"_L1).toString();
    QVERIFY2(message.contains(u"5"_s) && message.contains(u"6"_s), qPrintable(message));
    QCOMPARE(m_server->leases(u"cad"_s).value("seatCount"_L1).toInt(), 10);
    QCOMPARE(m_http->put(u"/v1/licenses/cad"_s, {{u"seatCount"_s, 6}}, m_admin).status, 200);
}

void TestSeatRulesServer::denialsCarryTheRuleAndTheNumbers()
{
    const QByteArray key = createLicense(u"cad"_s, 4);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-*"_s})}).status, 200);
    QCOMPARE(putRules(u"cad"_s,
                      {{u"deny"_s, strings({u"*@ext-*"_s})},
                       {u"reserve"_s, QJsonArray {seats(u"render"_s, 2)}},
                       {u"max"_s, QJsonArray {seats(u"qa"_s, 1)}}})
                 .status,
             200);

    QCOMPARE(checkout(u"cad"_s, key, u"qa-1"_s).status, 201);
    // qa holds its cap: the shared seat left is not its to take.
    const auto capped = checkout(u"cad"_s, key, u"qa-2"_s);
    QCOMPARE(capped.status, 409);
    QCOMPARE(capped.errorCode(), u"group_cap_reached"_s);
    QCOMPARE(capped.json().value("group"_L1).toString(), u"qa"_s);
    QCOMPARE(capped.json().value("cap"_L1).toInt(), 1);
    QCOMPARE(capped.json().value("held"_L1).toInt(), 1);
    QVERIFY(capped.json().contains("nextExpiry"_L1));
    QVERIFY2(capped.json().value("message"_L1).toString().contains(u"\"qa\""_s), capped.body.constData());

    QCOMPARE(checkout(u"cad"_s, key, u"alice@ws-1"_s).status, 201);
    // The two shared seats are taken; the other two are render's, idle.
    const auto full = checkout(u"cad"_s, key, u"bob@ws-7"_s);
    QCOMPARE(full.status, 409);
    QCOMPARE(full.errorCode(), u"no_seats_available"_s);
    QCOMPARE(full.json().value("inUse"_L1).toInt(), 2);
    QCOMPARE(full.json().value("seatCount"_L1).toInt(), 4);
    QCOMPARE(full.json().value("reservedForOthers"_L1).toInt(), 2);
    QCOMPARE(full.json().value("reservations"_L1).toArray(),
             (QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, 2}, {u"used"_s, 0}}}));
    QVERIFY(!full.json().value("nextExpiry"_L1).toString().isEmpty());
    const QString message = full.json().value("message"_L1).toString();
    QVERIFY2(message.contains(u"2 of the 4 seats"_s) && message.contains(u"\"render\""_s), qPrintable(message));

    // A render member still gets a reserved seat.
    QCOMPARE(checkout(u"cad"_s, key, u"rita@render-3"_s).status, 201);

    const auto denied = checkout(u"cad"_s, key, u"eve@ext-1"_s);
    QCOMPARE(denied.status, 403);
    QCOMPARE(denied.errorCode(), u"holder_not_allowed"_s);
    QCOMPARE(denied.json().value("rule"_L1).toString(), u"deny"_s);
    QCOMPARE(denied.json().value("entry"_L1).toString(), u"*@ext-*"_s);
    QVERIFY(!denied.json().contains("nextExpiry"_L1));
    QVERIFY2(denied.json().value("message"_L1).toString().contains(u"eve@ext-1"_s), denied.body.constData());

    // Each denial is in the audit log with its reason and numbers, beside the members the
    // dashboard has always read.
    const auto events = eventsOf(u"denied"_s);
    QCOMPARE(events.size(), 3);
    QHash<QString, QJsonObject> byHolder;
    for (const QJsonObject &event : events)
        byHolder.insert(event.value("holder"_L1).toString(), event.value("detail"_L1).toObject());
    QCOMPARE(byHolder.value(u"qa-2"_s).value("reason"_L1).toString(), u"group_cap_reached"_s);
    QCOMPARE(byHolder.value(u"qa-2"_s).value("cap"_L1).toInt(), 1);
    const QJsonObject bob = byHolder.value(u"bob@ws-7"_s);
    QCOMPARE(bob.value("reason"_L1).toString(), u"no_seats_available"_s);
    QCOMPARE(bob.value("reservedForOthers"_L1).toInt(), 2);
    QCOMPARE(bob.value("inUse"_L1).toInt(), 2);
    QCOMPARE(bob.value("seatCount"_L1).toInt(), 4);
    QCOMPARE(bob.value("holders"_L1).toArray().size(), 2);
    QCOMPARE(byHolder.value(u"eve@ext-1"_s).value("reason"_L1).toString(), u"holder_not_allowed"_s);
    QCOMPARE(byHolder.value(u"eve@ext-1"_s).value("rule"_L1).toString(), u"deny"_s);

    const auto listing = m_server->leases(u"cad"_s);
    QCOMPARE(listing.value("inUse"_L1).toInt(), 3);
}

void TestSeatRulesServer::allowListKeepsOthersOut()
{
    const QByteArray key = createLicense(u"cad"_s, 5);
    QCOMPARE(putGroups({group(u"render"_s, {u"*@render-*"_s})}).status, 200);
    QCOMPARE(
        putRules(u"cad"_s, {{u"allow"_s, strings({u"alice@*"_s})}, {u"reserve"_s, QJsonArray {seats(u"render"_s, 1)}}})
            .status,
        200);
    QCOMPARE(checkout(u"cad"_s, key, u"alice@ws-1"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"rita@render-1"_s).status, 201); // a reservation admits its group
    const auto bob = checkout(u"cad"_s, key, u"bob@ws-2"_s);
    QCOMPARE(bob.status, 403);
    QCOMPARE(bob.errorCode(), u"holder_not_allowed"_s);
    QCOMPARE(bob.json().value("rule"_L1).toString(), u"allow"_s);
    QCOMPARE(bob.json().value("inUse"_L1).toInt(), 2);

    // Taking the rules away lets bob in: the decision reads the rules in force.
    QCOMPARE(putRules(u"cad"_s, {}).status, 200);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-2"_s).status, 201);
    QCOMPARE(m_http->get(u"/v1/licenses"_s, m_admin).json().value("licenses"_L1)[0]["reservedSeats"_L1].toInt(), 0);
}

void TestSeatRulesServer::rulesSurviveARestart()
{
    const QByteArray key = createLicense(u"cad"_s, 2);
    const QJsonArray groups {group(u"render"_s, {u"*@render-*"_s})};
    const QJsonObject rules {{u"reserve"_s, QJsonArray {seats(u"render"_s, 1)}}, {u"deny"_s, strings({u"eve*"_s})}};
    QCOMPARE(putGroups(groups).status, 200);
    QCOMPARE(putRules(u"cad"_s, rules).status, 200);

    m_server->stop();
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_admin = m_server->adminAuthorization();

    QCOMPARE(m_http->get(u"/v1/groups"_s, m_admin).json().value("groups"_L1).toArray(), groups);
    const auto read = m_http->get(u"/v1/licenses/cad/rules"_s, m_admin).json().value("rules"_L1).toObject();
    QCOMPARE(read.value("reserve"_L1).toArray(), rules.value("reserve"_L1).toArray());
    QCOMPARE(read.value("deny"_L1).toArray(), rules.value("deny"_L1).toArray());
    // And they still decide.
    QCOMPARE(checkout(u"cad"_s, key, u"eve@ws-1"_s).status, 403);
    QCOMPARE(checkout(u"cad"_s, key, u"alice@ws-1"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).errorCode(), u"no_seats_available"_s);
    QCOMPARE(checkout(u"cad"_s, key, u"rita@render-1"_s).status, 201);
}

void TestSeatRulesServer::concurrentCheckoutsNeverBreakAReservationOrACap()
{
    // Three licenses with different rules, each raced by 40 checkouts at once (120 connections in
    // one burst), round after round on fresh licenses. Every grant is checked against the rules:
    // a reservation never goes to an outsider, a cap is never exceeded, denied holders never get
    // in, the seat count holds, and since every kind of holder asks, every seat is taken.
    QCOMPARE(
        putGroups({group(u"render"_s, {u"*@render-*"_s}), group(u"qa"_s, {u"qa-*"_s}), group(u"ext"_s, {u"*@ext-*"_s})})
            .status,
        200);
    struct Spec
    {
        int seats;
        int renderReserved; // render's reservation
        int qaCap;
        int qaReserved; // qa's reservation (within its cap)
    };
    const QList<Spec> specs {{10, 3, 2, 0}, {8, 2, 3, 2}, {12, 6, 1, 1}};
    const QStringList kinds {u"render"_s, u"qa"_s, u"ext"_s, u"other"_s};
    const auto kindOf = [](const QString &holder) {
        if (holder.contains(u"@render-"_s))
            return u"render"_s;
        if (holder.startsWith(u"qa-"_s))
            return u"qa"_s;
        if (holder.contains(u"@ext-"_s))
            return u"ext"_s;
        return u"other"_s;
    };
    constexpr int rounds = 12;
    constexpr int racers = 40;
    QRandomGenerator random(17);
    for (int round = 0; round < rounds; ++round) {
        QList<QByteArray> requests;
        QList<int> licenseOf;
        QList<QString> holderOf;
        QStringList ids;
        for (qsizetype l = 0; l < specs.size(); ++l) {
            const Spec &spec = specs.at(l);
            const QString id = u"race-%1-%2"_s.arg(round).arg(l);
            ids.append(id);
            const QByteArray key = createLicense(id, spec.seats);
            QJsonArray reserve {seats(u"render"_s, spec.renderReserved)};
            if (spec.qaReserved > 0)
                reserve.append(seats(u"qa"_s, spec.qaReserved));
            const auto rules = putRules(id,
                                        {{u"deny"_s, strings({u"ext"_s})},
                                         {u"reserve"_s, reserve},
                                         {u"max"_s, QJsonArray {seats(u"qa"_s, spec.qaCap)}}});
            QVERIFY2(rules.status == 200, rules.body.constData());
            // Ten of each kind, in a shuffled order of arrival.
            QStringList holders;
            for (int i = 0; i < racers; ++i) {
                const QString &kind = kinds.at(i % kinds.size());
                holders.append(kind == u"render"_s    ? u"r%1@render-%2"_s.arg(i).arg(round)
                                   : kind == u"qa"_s  ? u"qa-%1-%2"_s.arg(round).arg(i)
                                   : kind == u"ext"_s ? u"x%1@ext-%2"_s.arg(i).arg(round)
                                                      : u"o%1@ws-%2"_s.arg(i).arg(round));
            }
            for (qsizetype i = holders.size() - 1; i > 0; --i)
                holders.swapItemsAt(i, random.bounded(int(i + 1)));
            for (const QString &holder : holders) {
                requests.append(HttpBurst::request("POST", "/v1/licenses/" + id.toLatin1() + "/checkout", key,
                                                   QJsonDocument(QJsonObject {{u"holder"_s, holder}}).toJson()));
                licenseOf.append(int(l));
                holderOf.append(holder);
            }
        }
        const auto replies = HttpBurst::send(QHostAddress::LocalHost, m_server->port(), requests, 30s);
        QCOMPARE(replies.size(), requests.size());
        QList<QHash<QString, int>> granted(specs.size());
        QList<QSet<QString>> grantedHolders(specs.size());
        for (qsizetype i = 0; i < replies.size(); ++i) {
            const auto &reply = replies.at(i);
            const QString kind = kindOf(holderOf.at(i));
            const QJsonObject body = QJsonDocument::fromJson(reply.body).object();
            const QString what = u"round %1, %2 for %3: %4 %5"_s.arg(round)
                                     .arg(ids.at(licenseOf.at(i)), holderOf.at(i))
                                     .arg(reply.status)
                                     .arg(QString::fromUtf8(reply.body.left(300)));
            if (kind == u"ext"_s) {
                QVERIFY2(reply.status == 403 && body.value("error"_L1).toString() == u"holder_not_allowed"_s,
                         qPrintable(what));
                continue;
            }
            if (reply.status == 201) {
                granted[licenseOf.at(i)][kind] += 1;
                grantedHolders[licenseOf.at(i)].insert(holderOf.at(i));
                QCOMPARE(body.value("lease"_L1).toObject().value("holder"_L1).toString(), holderOf.at(i));
                continue;
            }
            QVERIFY2(reply.status == 409, qPrintable(what));
            const QString code = body.value("error"_L1).toString();
            QVERIFY2(code == u"no_seats_available"_s || (kind == u"qa"_s && code == u"group_cap_reached"_s),
                     qPrintable(what));
            QVERIFY2(body.value("inUse"_L1).toInt() <= body.value("seatCount"_L1).toInt(), qPrintable(what));
        }
        for (qsizetype l = 0; l < specs.size(); ++l) {
            const Spec &spec = specs.at(l);
            const QHash<QString, int> &got = granted.at(l);
            const int total = got.value(u"render"_s) + got.value(u"qa"_s) + got.value(u"other"_s);
            const QString what = u"round %1, %2: render %3, qa %4, other %5"_s.arg(round)
                                     .arg(ids.at(l))
                                     .arg(got.value(u"render"_s))
                                     .arg(got.value(u"qa"_s))
                                     .arg(got.value(u"other"_s));
            // The seat count, the cap, the reservations (outsiders only ever on shared seats).
            QVERIFY2(total == spec.seats, qPrintable(what)); // ten of each kind ask: nothing stays idle
            QVERIFY2(got.value(u"qa"_s) <= spec.qaCap, qPrintable(what));
            const int shared = spec.seats - spec.renderReserved - spec.qaReserved;
            QVERIFY2(got.value(u"other"_s) <= shared, qPrintable(what));
            QVERIFY2(got.value(u"render"_s) >= spec.renderReserved, qPrintable(what));
            QVERIFY2(got.value(u"qa"_s) >= spec.qaReserved, qPrintable(what));
            // The listing agrees with the answers: exactly the granted holders hold seats.
            const auto listing = m_server->leases(ids.at(l));
            QCOMPARE(listing.value("inUse"_L1).toInt(), total);
            QSet<QString> listed;
            for (const QJsonValue &row : listing.value("leases"_L1).toArray())
                listed.insert(row.toObject().value("holder"_L1).toString());
            QCOMPARE(listed, grantedHolders.at(l));
        }
    }
}

// The same cases on PostgreSQL (KEYRIGHT_TEST_STORE=postgres, ctest's tst_seatrulesserver_postgres).
class TestSeatRulesServerOnPostgres final : public TestSeatRulesServer
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestSeatRulesServer)
#include "tst_seatrulesserver.moc"
