// The wire contract's core codecs (core/wire): identifiers, event kinds, the /v1/stats snapshot,
// the license summary, the event page, the lease listing and the reap result; the paths, the error
// body and its extras, the public routes' answers, every request body and answer (licenses,
// tokens, the event query, seats, the waiting line, rules and groups) and every event's detail. The server encodes and
// the client decodes with these same functions, so a round trip here is the round trip between the two sides; the
// bad-input tables pin what each decoder says, naming the field.

#include "SeatDecision.h"
#include "Timestamps.h"
#include "wire/AccessTokens.h"
#include "wire/AlertJson.h"
#include "wire/ApiPaths.h"
#include "wire/BorrowJson.h"
#include "wire/ClockJump.h"
#include "wire/ErrorBody.h"
#include "wire/EventDetail.h"
#include "wire/EventKind.h"
#include "wire/EventQuery.h"
#include "wire/EventRecord.h"
#include "wire/Identifiers.h"
#include "wire/JsonReader.h"
#include "wire/LeaseList.h"
#include "wire/LicenseSpec.h"
#include "wire/LicenseSummary.h"
#include "wire/QueueTicket.h"
#include "wire/ReapResult.h"
#include "wire/SeatRequests.h"
#include "wire/SeatRulesJson.h"
#include "wire/ServerInfo.h"
#include "wire/StatsSnapshot.h"
#include "wire/StoreBackup.h"
#include "wire/UsageReport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

const QString paris = QString(32, u'a');
const QString lyon = QString(32, u'b');
const QDateTime noon = QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

enum class Check { SeatId, SeatIdPrefix, ReplicaId, AdminToken, LicenseKey, LicenseId };

StatsSnapshot fullSnapshot()
{
    StatsSnapshot snapshot;
    snapshot.replicaId = paris;
    snapshot.serverTime = noon;
    snapshot.counters[u"acme-cad"_s][u"granted"_s] = GCounter::State {{paris, 4}, {lyon, 1}};
    snapshot.counters[u"acme-cad"_s][u"renewed"_s] = GCounter::State {{paris, 9007199254740993ULL}};
    snapshot.counters[u"render-farm"_s][u"denied"_s] = GCounter::State {{lyon, 2}};
    snapshot.peers = {StatsPeer {QUrl(u"https://lyon.example:7400"_s), lyon, noon.addSecs(-20), {}},
                      StatsPeer {QUrl(u"https://nantes.example:7400"_s), {}, std::nullopt, u"Connection refused"_s}};
    snapshot.amnesia = {StatsAmnesia {StatsAmnesia::Kind::PeerRegressed, lyon, u"acme-cad"_s, u"granted"_s, 12, 3,
                                      noon.addSecs(-60), u"https://lyon.example:7400"_s},
                        StatsAmnesia {StatsAmnesia::Kind::OwnComponentAhead, paris, u"acme-cad"_s, u"granted"_s, 4, 5,
                                      noon.addSecs(-30), u"test"_s}};
    return snapshot;
}

LicenseSummary acme()
{
    return LicenseSummary {u"acme-cad"_s, u"ACME CAD"_s, 10, 2, 60, 5, 15, 3};
}

EventPage eventPage()
{
    return EventPage {
        {EventRecord {7, noon, EventKind::Granted, u"acme-cad"_s, paris, u"alice@ws-1"_s, u"client 127.0.0.1"_s,
                      QJsonObject {{u"generation"_s, 3}}},
         EventRecord {
             9, noon.addSecs(1), EventKind::LicenseCreated, u"render-farm"_s, {}, {}, u"admin 127.0.0.1"_s, {}}},
        9};
}

LeaseList leaseList()
{
    const SeatLease lease {u"acme-cad"_s,         paris, u"alice@ws-1"_s, 3, noon.addSecs(-10), noon.addSecs(50),
                           QByteArray(64, '\x5a')};
    SeatLease expired = lease;
    expired.seatId = lyon;
    expired.holder = u"bob@ws-2"_s;
    expired.expiresAt = noon.addSecs(-30);
    LeaseList list;
    list.licenseId = u"acme-cad"_s;
    list.serverTime = noon;
    list.seatCount = 10;
    list.inUse = 1;
    list.leases = {LeaseRow {lease, true, noon.addSecs(65), false, noon.addSecs(-4000), noon.addSecs(-3600 + 300)},
                   LeaseRow {expired, false, noon.addSecs(-15), false}};
    list.blocks = {HolderBlock {u"carol@ws-3"_s, noon.addSecs(600), u"left for the day"_s, u"acme-cad"_s},
                   HolderBlock {u"dave@ws-4"_s, noon.addSecs(60), {}, u"acme-cad"_s}};
    list.groups = {HolderGroup {u"render"_s, {u"*@render-*"_s}}};
    list.rules.reserve = {GroupSeats {u"render"_s, 2}};
    list.rules.deny = {u"*@contractor-*"_s};
    QueueTicket waiting;
    waiting.ticketId = QString(32, u'c');
    waiting.licenseId = u"acme-cad"_s;
    waiting.holder = u"erin@ws-5"_s;
    waiting.position = 1;
    waiting.waiting = 1;
    waiting.queuedAt = noon.addSecs(-20);
    waiting.expiresAt = noon.addSecs(40);
    waiting.giveUpAt = noon.addSecs(580);
    QueueTicket granted = waiting;
    granted.ticketId = QString(32, u'd');
    granted.holder = u"frank@ws-6"_s;
    granted.state = QueueTicket::State::Granted;
    granted.position = 0;
    granted.seatId = lyon;
    list.queue = {granted, waiting};
    return list;
}

ReapResult reapResult()
{
    return ReapResult {
        true, 1, {ReapedSeat {u"acme-cad"_s, lyon, u"bob@ws-2"_s, noon.addSecs(-30), noon.addSecs(-15)}}};
}

QJsonObject parse(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestWire final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identifiers_data()
    {
        QTest::addColumn<int>("check");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");

        const auto row = [](const char *name, Check check, const QString &text, bool valid) {
            QTest::newRow(name) << int(check) << text << valid;
        };
        row("seat id", Check::SeatId, u"0f1e2d3c4b5a69788796a5b4c3d2e1f0"_s, true);
        row("seat id upper case", Check::SeatId, u"0F1E2D3C4B5A69788796A5B4C3D2E1F0"_s, false);
        row("seat id 31 digits", Check::SeatId, QString(31, u'a'), false);
        row("seat id not hex", Check::SeatId, QString(31, u'a') + u'g', false);
        row("seat prefix of one digit", Check::SeatIdPrefix, u"0"_s, true);
        row("seat prefix of 32 digits", Check::SeatIdPrefix, QString(32, u'f'), true);
        row("seat prefix of 33 digits", Check::SeatIdPrefix, QString(33, u'f'), false);
        row("seat prefix empty", Check::SeatIdPrefix, QString(), false);
        row("seat prefix with a dash", Check::SeatIdPrefix, u"ab-c"_s, false);
        row("replica id", Check::ReplicaId, paris, true);
        row("replica id too long", Check::ReplicaId, paris + u'a', false);
        row("replica id upper case", Check::ReplicaId, QString(32, u'A'), false);
        row("admin token", Check::AdminToken, QString(64, u'9'), true);
        row("admin token 63 digits", Check::AdminToken, QString(63, u'9'), false);
        row("admin token with a space", Check::AdminToken, QString(63, u'9') + u' ', false);
        row("license key", Check::LicenseKey, u"kr1-"_s + QString(64, u'c'), true);
        row("license key without prefix", Check::LicenseKey, u"kr2-"_s + QString(64, u'c'), false);
        row("license key short", Check::LicenseKey, u"kr1-"_s + QString(63, u'c'), false);
        row("license key upper case", Check::LicenseKey, u"kr1-"_s + QString(64, u'C'), false);
        row("license id", Check::LicenseId, u"acme-cad"_s, true);
        row("license id of 64", Check::LicenseId, QString(64, u'a'), true);
        row("license id of 65", Check::LicenseId, QString(65, u'a'), false);
        row("license id leading dash", Check::LicenseId, u"-acme"_s, false);
        row("license id upper case", Check::LicenseId, u"ACME"_s, false);
    }

    void identifiers()
    {
        QFETCH(int, check);
        QFETCH(QString, text);
        QFETCH(bool, valid);
        switch (Check(check)) {
        case Check::SeatId:
            QCOMPARE(isValidSeatId(text), valid);
            break;
        case Check::SeatIdPrefix:
            QCOMPARE(isSeatIdPrefix(text), valid);
            break;
        case Check::ReplicaId:
            QCOMPARE(isValidReplicaId(text), valid);
            break;
        case Check::AdminToken:
            QCOMPARE(isValidAdminToken(text.toLatin1()), valid);
            break;
        case Check::LicenseKey:
            QCOMPARE(isValidLicenseKey(text), valid);
            break;
        case Check::LicenseId:
            QCOMPARE(isValidLicenseId(text), valid);
            break;
        }
    }

    void eventKindsRoundTrip()
    {
        QStringList names;
        for (const EventKind kind : allEventKinds()) {
            const QString name = toWire(kind);
            QVERIFY2(!names.contains(name), qPrintable(name));
            names.append(name);
            QCOMPARE(eventKindFromWire(name), std::optional<EventKind>(kind));
        }
        // The wire names are the contract (docs/API.md): renaming one breaks every stored event.
        QCOMPARE(eventKindNames(),
                 u"granted, denied, released, renew_refused, revoked, reaped, license_created, license_updated, "
                 "key_rotated, holder_blocked, amnesia, token_created, token_revoked, clock_jumped, rules_changed, "
                 "groups_changed, queued, queue_left, reclaim_warned, reclaim_cancelled, reclaimed, alert_fired, "
                 "alert_resolved, database_failover, seat_borrowed, borrow_returned, alert_acknowledged, "
                 "borrow_written_off, borrow_denied"_s);
        QCOMPARE(eventKindFilter({EventKind::Released, EventKind::Reaped}), u"released,reaped"_s);
    }

    void unknownEventKindsAreRejected_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("empty") << QString();
        QTest::newRow("capitalised") << u"Granted"_s;
        QTest::newRow("padded") << u" granted"_s;
        QTest::newRow("made up") << u"teleported"_s;
        QTest::newRow("a usage counter, not an event") << u"renewed"_s;
    }

    void unknownEventKindsAreRejected()
    {
        QFETCH(QString, name);
        QVERIFY(!eventKindFromWire(name).has_value());
    }

    void statsSnapshotRoundTrips()
    {
        const StatsSnapshot snapshot = fullSnapshot();
        const QJsonObject json = snapshot.toJson();
        ValidationError error;
        const std::optional<StatsSnapshot> decoded = StatsSnapshot::fromJson(json, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        // Every member survives, the amnesia records' kind and source included.
        QCOMPARE(decoded->amnesia, snapshot.amnesia);
        QCOMPARE(decoded->peers, snapshot.peers);
        QCOMPARE(decoded->counters, snapshot.counters);
        QVERIFY(*decoded == snapshot);
        // And encoding what was decoded gives the same document back.
        QCOMPARE(decoded->toJson(), json);

        // PostgreSQL mode's database connection: absent (SQLite), available, unavailable.
        QVERIFY(!json.contains(u"database"_s));
        for (const StatsDatabase &database :
             {StatsDatabase {u"10.0.0.2:5432"_s, std::nullopt},
              StatsDatabase {u"10.0.0.1:5432"_s, QDateTime::fromMSecsSinceEpoch(1'800'000'000'123, Qt::UTC)}}) {
            StatsSnapshot withDatabase = snapshot;
            withDatabase.database = database;
            const auto read = StatsSnapshot::fromJson(withDatabase.toJson(), &error);
            QVERIFY2(read, qPrintable(error.message));
            QCOMPARE(read->database, std::optional<StatsDatabase>(database));
        }
    }

    void statsSnapshotSkipsUnknownCountersAndMissingLists()
    {
        QJsonObject json = fullSnapshot().toJson();
        QJsonObject counters = json.value(u"counters"_s).toObject();
        QJsonObject acme = counters.value(u"acme-cad"_s).toObject();
        acme.insert(u"teleported"_s, QJsonObject {{paris, 1}}); // a newer server's counter
        counters.insert(u"acme-cad"_s, acme);
        json.insert(u"counters"_s, counters);
        json.remove(u"peers"_s);
        json.remove(u"amnesia"_s);
        ValidationError error;
        const auto decoded = StatsSnapshot::fromJson(json, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QVERIFY(!decoded->counters.value(u"acme-cad"_s).contains(u"teleported"_s));
        QCOMPARE(decoded->counters.value(u"acme-cad"_s).value(u"granted"_s).value(paris), 4u);
        QVERIFY(decoded->peers.isEmpty());
        QVERIFY(decoded->amnesia.isEmpty());
    }

    void statsSnapshotRejects_data()
    {
        QTest::addColumn<QString>("path"); // where to put `value` ("a.b" or "amnesia[0].kind")
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        QTest::newRow("replica id not hex") << u"replicaId"_s << QJsonValue(u"paris"_s) << u"replicaId"_s
                                            << u"replicaId must be a replica id (32 lowercase hex digits)"_s;
        QTest::newRow("replica id missing")
            << u"replicaId"_s << QJsonValue(QJsonValue::Undefined) << u"replicaId"_s << u"replicaId is missing"_s;
        QTest::newRow("counters not an object")
            << u"counters"_s << QJsonValue(3) << u"counters"_s << u"counters is not an object"_s;
        QTest::newRow("license id malformed") << u"counters"_s << QJsonValue(QJsonObject {{u"A B"_s, QJsonObject()}})
                                              << u"counters"_s << u"counters has \"A B\", which is not a license id"_s;
        QTest::newRow("negative component")
            << u"counters"_s
            << QJsonValue(QJsonObject {{u"acme"_s, QJsonObject {{u"granted"_s, QJsonObject {{paris, -1}}}}}})
            << u"counters.acme.granted"_s << u"counters.acme.granted is not a G-Counter"_s;
        QTest::newRow("component under a name that is not a replica id")
            << u"counters"_s
            << QJsonValue(QJsonObject {{u"acme"_s, QJsonObject {{u"denied"_s, QJsonObject {{u"bob"_s, 1}}}}}})
            << u"counters.acme.denied"_s << u"counters.acme.denied has \"bob\", which is not a replica id"_s;
        QTest::newRow("server time without milliseconds")
            << u"serverTime"_s << QJsonValue(u"2026-11-29T21:00:00Z"_s) << u"serverTime"_s
            << u"serverTime is not an RFC 3339 UTC timestamp with milliseconds"_s;
        QTest::newRow("peers not an array")
            << u"peers"_s << QJsonValue(QJsonObject()) << u"peers"_s << u"peers is not an array"_s;
        QTest::newRow("peer url relative") << u"peers"_s << QJsonValue(QJsonArray {QJsonObject {{u"url"_s, u"lyon"_s}}})
                                           << u"peers[0].url"_s << u"peers[0].url is not an absolute URL"_s;
        QTest::newRow("peer replica id not one")
            << u"peers"_s
            << QJsonValue(QJsonArray {QJsonObject {{u"url"_s, u"https://lyon.example"_s}, {u"replicaId"_s, 7}}})
            << u"peers[0].replicaId"_s << u"peers[0].replicaId must be a replica id"_s;
        QTest::newRow("amnesia kind unknown") << u"amnesia[0].kind"_s << QJsonValue(u"forgot"_s) << u"amnesia[0].kind"_s
                                              << u"amnesia[0].kind is \"forgot\", not peer_regressed or "
                                                 "own_component_ahead"_s;
        QTest::newRow("amnesia kind missing") << u"amnesia[0].kind"_s << QJsonValue(QJsonValue::Undefined)
                                              << u"amnesia[0].kind"_s << u"amnesia[0].kind is missing"_s;
        QTest::newRow("amnesia license id malformed")
            << u"amnesia[0].licenseId"_s << QJsonValue(u"ACME"_s) << u"amnesia[0].licenseId"_s
            << u"amnesia[0].licenseId is \"ACME\", not a license id"_s;
        QTest::newRow("amnesia counter unknown")
            << u"amnesia[1].counter"_s << QJsonValue(u"teleported"_s) << u"amnesia[1].counter"_s
            << u"amnesia[1].counter is \"teleported\", not one of the counters"_s;
        QTest::newRow("amnesia held fractional") << u"amnesia[0].held"_s << QJsonValue(1.5) << u"amnesia[0].held"_s
                                                 << u"amnesia[0].held is not an integer"_s;
        QTest::newRow("amnesia source a number") << u"amnesia[0].source"_s << QJsonValue(3) << u"amnesia[0].source"_s
                                                 << u"amnesia[0].source is not a string"_s;
    }

    void statsSnapshotRejects()
    {
        QFETCH(QString, path);
        QFETCH(QJsonValue, value);
        QFETCH(QString, field);
        QFETCH(QString, message);

        QJsonObject json = fullSnapshot().toJson();
        if (path.startsWith(u"amnesia["_s)) {
            const int index = path.mid(8, 1).toInt();
            const QString member = path.mid(11);
            QJsonArray records = json.value(u"amnesia"_s).toArray();
            QJsonObject record = records.at(index).toObject();
            if (value.isUndefined())
                record.remove(member);
            else
                record.insert(member, value);
            records.replace(index, record);
            json.insert(u"amnesia"_s, records);
        } else if (value.isUndefined()) {
            json.remove(path);
        } else {
            json.insert(path, value);
        }
        ValidationError error;
        QVERIFY(!StatsSnapshot::fromJson(json, &error));
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
    }

    void licenseSummaryRoundTrips()
    {
        LicenseSummary farm {u"render-farm"_s, u"Render farm"_s, 4, 0, 120, 10, 30, 0};
        farm.borrow = BorrowPolicy {true, 14, 2, 1, {u"render"_s}};
        farm.borrowed = 1;
        const LicenseList list {noon, {acme(), farm}};
        const QJsonObject json = list.toJson();
        // Durations are whole numbers on the wire, never 60.0-style doubles with a fraction.
        QCOMPARE(QJsonDocument(json.value(u"licenses"_s).toArray().at(0).toObject()).toJson(QJsonDocument::Compact),
                 R"({"borrow":{"allowed":false,"groups":[],"keepOnSite":0,"maxBorrowed":0,"maxDays":0},"borrowed":0,)"
                 R"("deniedLastHour":3,"id":"acme-cad","inUse":2,"maintenanceUntil":null,"name":"ACME CAD",)"
                 R"("reapGraceSeconds":15,"reservedSeats":0,"seatCount":10,"skewSeconds":5,"ttlSeconds":60,)"
                 R"("validFrom":null,"validUntil":null,"waiting":0})"_ba);
        ValidationError error;
        const std::optional<LicenseList> decoded = LicenseList::fromJson(json, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(*decoded, list);
        QCOMPARE(LicenseSummary::fromJson(acme().toJson(), {}, &error), std::optional<LicenseSummary>(acme()));
    }

    void licenseSummaryRejects_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        QTest::newRow("ttl with a fraction")
            << "\"ttlSeconds\":60"_ba
            << "\"ttlSeconds\":1.5"_ba << u"licenses[0].ttlSeconds"_s << u"licenses[0].ttlSeconds is not an integer"_s;
        QTest::newRow("ttl missing") << ",\"ttlSeconds\":60"_ba
                                     << ""_ba << u"licenses[0].ttlSeconds"_s << u"licenses[0].ttlSeconds is missing"_s;
        QTest::newRow("skew a string") << "\"skewSeconds\":5"_ba
                                       << "\"skewSeconds\":\"5\""_ba << u"licenses[0].skewSeconds"_s
                                       << u"licenses[0].skewSeconds is not a number"_s;
        QTest::newRow("negative seat count") << "\"seatCount\":10"_ba
                                             << "\"seatCount\":-1"_ba << u"licenses[0].seatCount"_s
                                             << u"licenses[0].seatCount is -1, outside 0..2147483647"_s;
        QTest::newRow("bad id") << "\"acme-cad\""_ba
                                << "\"ACME CAD\""_ba << u"licenses[0].id"_s
                                << u"licenses[0].id is not a valid license id: \"ACME CAD\""_s;
        QTest::newRow("empty id") << "\"acme-cad\""_ba
                                  << "\"\""_ba << u"licenses[0].id"_s << u"licenses[0].id is empty"_s;
        QTest::newRow("name missing") << "\"name\":\"ACME CAD\","_ba
                                      << ""_ba << u"licenses[0].name"_s << u"licenses[0].name is missing"_s;
        QTest::newRow("server time missing") << ",\"serverTime\":\"2026-11-29T12:00:00.000Z\""_ba
                                             << ""_ba << u"serverTime"_s << u"serverTime is missing"_s;
        QTest::newRow("licenses an object")
            << "\"licenses\":["_ba
            << "\"licenses\":{},\"x\":["_ba << u"licenses"_s << u"licenses is not an array"_s;
    }

    void licenseSummaryRejects()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QString, message);

        QByteArray body = QJsonDocument(LicenseList {noon, {acme()}}.toJson()).toJson(QJsonDocument::Compact);
        QVERIFY2(body.contains(from), body.constData());
        body.replace(from, to);
        const QJsonObject json = parse(body);
        QVERIFY2(!json.isEmpty(), body.constData());
        ValidationError error;
        QVERIFY(!LicenseList::fromJson(json, &error));
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
    }

    void eventPageRoundTrips()
    {
        const EventPage page = eventPage();
        const QJsonObject json = page.toJson();
        // An event about no seat or holder says so with null, not with an empty string.
        QCOMPARE(QJsonDocument(json.value(u"events"_s).toArray().at(1).toObject()).toJson(QJsonDocument::Compact),
                 R"({"actor":"admin 127.0.0.1","detail":{},"holder":null,"kind":"license_created",)"
                 R"("licenseId":"render-farm","seatId":null,"seq":9,"time":"2026-11-29T12:00:01.000Z"})"_ba);
        ValidationError error;
        const std::optional<EventPage> decoded = EventPage::fromJson(json, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(*decoded, page);
        QCOMPARE(EventRecord::fromJson(page.events.at(0).toJson(), {}, &error),
                 std::optional<EventRecord>(page.events.at(0)));
        const EventPage empty {{}, 42};
        QCOMPARE(EventPage::fromJson(empty.toJson(), &error), std::optional<EventPage>(empty));
    }

    void eventPageRejects_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        QTest::newRow("kind unknown") << "\"granted\""_ba
                                      << "\"teleported\""_ba << u"events[0].kind"_s
                                      << u"events[0].kind is \"teleported\", not an event kind"_s;
        QTest::newRow("kind empty") << "\"granted\""_ba
                                    << "\"\""_ba << u"events[0].kind"_s << u"events[0].kind is empty"_s;
        QTest::newRow("seq not ascending")
            << "\"seq\":9"_ba
            << "\"seq\":7"_ba << u"events[1].seq"_s << u"events[1].seq is not ascending (7 after 7)"_s;
        QTest::newRow("seq fractional") << "\"seq\":7"_ba
                                        << "\"seq\":7.5"_ba << u"events[0].seq"_s
                                        << u"events[0].seq is not an integer"_s;
        QTest::newRow("seq missing") << "\"seq\":7,"_ba
                                     << ""_ba << u"events[0].seq"_s << u"events[0].seq is missing"_s;
        QTest::newRow("time without milliseconds") << "\"2026-11-29T12:00:00.000Z\""_ba
                                                   << "\"2026-11-29T12:00:00Z\""_ba << u"events[0].time"_s
                                                   << u"events[0].time is not an RFC 3339 UTC timestamp"_s;
        QTest::newRow("holder a number") << "\"alice@ws-1\""_ba
                                         << "12"_ba << u"events[0].holder"_s << u"events[0].holder is not a string"_s;
        QTest::newRow("detail an array") << "{\"generation\":3}"_ba
                                         << "[3]"_ba << u"events[0].detail"_s << u"events[0].detail is not an object"_s;
        QTest::newRow("next behind") << "\"next\":9"_ba
                                     << "\"next\":8"_ba << u"next"_s
                                     << u"next is 8, before the last event returned (9)"_s;
        QTest::newRow("next missing") << ",\"next\":9"_ba
                                      << ""_ba << u"next"_s << u"next is missing"_s;
        QTest::newRow("events an object") << "\"events\":["_ba
                                          << "\"events\":{},\"x\":["_ba << u"events"_s << u"events is not an array"_s;
    }

    void eventPageRejects()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QString, message);

        QByteArray body = QJsonDocument(eventPage().toJson()).toJson(QJsonDocument::Compact);
        QVERIFY2(body.contains(from), body.constData());
        body.replace(body.indexOf(from), from.size(), to);
        const QJsonObject json = parse(body);
        QVERIFY2(!json.isEmpty(), body.constData());
        ValidationError error;
        QVERIFY(!EventPage::fromJson(json, &error));
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
    }

    void leaseListRoundTrips()
    {
        const LeaseList list = leaseList();
        const QJsonObject json = list.toJson();
        // What the client computes (signatureValid) and the route's license id are not on the wire.
        QVERIFY(!json.contains(u"licenseId"_s));
        QVERIFY(!json.value(u"leases"_s).toArray().at(0).toObject().contains(u"signatureValid"_s));
        // The last activity when known (issue 26), and nothing when not: never a made-up time.
        QCOMPARE(json.value(u"leases"_s).toArray().at(0).toObject().value(u"lastActivityAt"_s),
                 QJsonValue(u"2026-11-29T10:53:20.000Z"_s));
        QVERIFY(!json.value(u"leases"_s).toArray().at(1).toObject().contains(u"lastActivityAt"_s));
        // Idle reclaim's mark while it stands, and nothing on an unmarked seat.
        QCOMPARE(json.value(u"leases"_s).toArray().at(0).toObject().value(u"reclaimAt"_s),
                 QJsonValue(u"2026-11-29T11:05:00.000Z"_s));
        QVERIFY(!json.value(u"leases"_s).toArray().at(1).toObject().contains(u"reclaimAt"_s));
        QCOMPARE(QJsonDocument(json.value(u"blocks"_s).toArray().at(1).toObject()).toJson(QJsonDocument::Compact),
                 R"({"holder":"dave@ws-4","reason":"","until":"2026-11-29T12:01:00.000Z"})"_ba);
        ValidationError error;
        const std::optional<LeaseList> decoded = LeaseList::fromJson(json, u"acme-cad"_s, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(*decoded, list);
        QCOMPARE(HolderBlock::fromJson(list.blocks.at(0).toJson(), u"acme-cad"_s, {}, &error),
                 std::optional<HolderBlock>(list.blocks.at(0)));

        // Servers from before holder blocks list none.
        QJsonObject older = json;
        older.remove(u"blocks"_s);
        const std::optional<LeaseList> withoutBlocks = LeaseList::fromJson(older, u"acme-cad"_s, &error);
        QVERIFY2(withoutBlocks, qPrintable(error.message));
        QVERIFY(withoutBlocks->blocks.isEmpty());
        QCOMPARE(withoutBlocks->leases, list.leases);

        // Nor rules, groups or a waiting line, before seat rules.
        for (const QString &member : {u"rules"_s, u"groups"_s, u"queue"_s}) {
            QJsonObject without = json;
            without.remove(member);
            const std::optional<LeaseList> beforeRules = LeaseList::fromJson(without, u"acme-cad"_s, &error);
            QVERIFY2(beforeRules, qPrintable(error.message));
            QCOMPARE(beforeRules->leases, list.leases);
        }
    }

    // A borrowed seat written off (issue 27): its row in the listing carries when, who and why; the
    // write-off's answer says until when the seat is counted; the note is checked.
    void writeOffsRoundTrip()
    {
        LeaseList list = leaseList();
        list.leases[0].lease.borrowed = true;
        list.leases[0].writeOff = BorrowWriteOff {noon.addSecs(-60), u"admin-alice"_s, u"lost in Lyon"_s};
        const QJsonObject json = list.toJson();
        const QJsonObject row = json.value(u"leases"_s).toArray().at(0).toObject();
        QCOMPARE(row.value(u"writtenOffAt"_s), QJsonValue(u"2026-11-29T11:59:00.000Z"_s));
        QCOMPARE(row.value(u"writtenOffBy"_s), QJsonValue(u"admin-alice"_s));
        QCOMPARE(row.value(u"writeOffNote"_s), QJsonValue(u"lost in Lyon"_s));
        QVERIFY(!json.value(u"leases"_s).toArray().at(1).toObject().contains(u"writtenOffAt"_s));
        ValidationError error;
        const auto decoded = LeaseList::fromJson(json, u"acme-cad"_s, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(*decoded, list);
        QVERIFY(decoded->leases.at(0).writeOff.isSet());
        QVERIFY(!decoded->leases.at(1).writeOff.isSet());

        QJsonObject broken = json;
        QJsonArray rows = broken.value(u"leases"_s).toArray();
        QJsonObject first = rows.at(0).toObject();
        first.insert(u"writtenOffAt"_s, u"yesterday"_s);
        rows[0] = first;
        broken.insert(u"leases"_s, rows);
        QVERIFY(!LeaseList::fromJson(broken, u"acme-cad"_s, &error));
        QCOMPARE(error.field, u"leases[0].writtenOffAt"_s);

        const WriteOffAnswer answer {u"acme-cad"_s, paris, u"alice@ws-1"_s, noon.addDays(6),
                                     list.leases.at(0).writeOff};
        QCOMPARE(WriteOffAnswer::fromJson(answer.toJson(), &error), std::optional<WriteOffAnswer>(answer));
        QCOMPARE(answer.toJson().value(u"countedUntil"_s), QJsonValue(u"2026-12-05T12:00:00.000Z"_s));
        QJsonObject unset = answer.toJson();
        unset.remove(u"writtenOffAt"_s);
        QVERIFY(!WriteOffAnswer::fromJson(unset, &error));
        QCOMPARE(error.field, u"writtenOffAt"_s);

        QCOMPARE(WriteOffRequest::fromJson(QJsonObject {}, &error), std::optional<WriteOffRequest>(WriteOffRequest {}));
        QCOMPARE(WriteOffRequest::fromJson(WriteOffRequest {u"left on a train"_s}.toJson(), &error),
                 std::optional<WriteOffRequest>(WriteOffRequest {u"left on a train"_s}));
        QVERIFY(WriteOffRequest::fromJson(QJsonObject {{u"note"_s, QString(500, u'x')}}, &error));
        QVERIFY(!WriteOffRequest::fromJson(QJsonObject {{u"note"_s, QString(501, u'x')}}, &error));
        QCOMPARE(error.field, u"note"_s);
        QVERIFY(!WriteOffRequest::fromJson(QJsonObject {{u"note"_s, 5}}, &error));
        QVERIFY(!WriteOffRequest::fromJson(QJsonObject {{u"note"_s, u"bell\u0007"_s}}, &error));
    }

    void borrowReturnSecretRoundTrips()
    {
        // Issue 27 (walk 51b N7): the secret an early return proves itself with, handed out once in
        // the borrow's answer and sent back in the DELETE's body.
        const BorrowReturnSecret secret = BorrowReturnSecret::generate();
        QVERIFY(secret.isSet());
        QCOMPARE(secret.toHex().size(), 64);
        QVERIFY(!(secret == BorrowReturnSecret::generate()));
        const auto again = BorrowReturnSecret::fromHex(secret.toHex());
        QVERIFY(again && *again == secret);
        QVERIFY(BorrowReturnSecret::fromHex(secret.toHex().toUpper()) == again);
        QCOMPARE(secret.hash().size(), 32);
        QVERIFY(secret.hash() != secret.toHex().toLatin1());
        QVERIFY(secret.matches(secret.hash()));
        QVERIFY(!BorrowReturnSecret::generate().matches(secret.hash()));
        QVERIFY(!BorrowReturnSecret().matches(secret.hash()));
        QVERIFY(!BorrowReturnSecret().matches(QByteArray()));
        for (const QString &bad : {QString(), u"00"_s, QString(63, u'a'), QString(65, u'a'), QString(64, u'g'),
                                   QString(62, u'a') + u"\u00e9a"_s})
            QVERIFY2(!BorrowReturnSecret::fromHex(bad), qPrintable(bad));

        ValidationError error;
        const BorrowReturnRequest request {secret};
        QCOMPARE(request.toJson().value(u"returnSecret"_s).toString(), secret.toHex());
        QCOMPARE(BorrowReturnRequest::fromJson(request.toJson(), &error), std::optional(request));
        QCOMPARE(BorrowReturnRequest::fromJson(QJsonObject {}, &error), std::optional(BorrowReturnRequest {}));
        QVERIFY(BorrowReturnRequest {}.toJson().isEmpty());
        QVERIFY(!BorrowReturnRequest::fromJson(QJsonObject {{u"returnSecret"_s, 7}}, &error));
        QCOMPARE(error.field, u"returnSecret"_s);
        QVERIFY(!BorrowReturnRequest::fromJson(QJsonObject {{u"returnSecret"_s, u"abc"_s}}, &error));

        SeatLease lease;
        lease.licenseId = u"acme-cad"_s;
        lease.seatId = QString(32, u'a');
        lease.holder = u"alice@laptop"_s;
        lease.generation = 1;
        lease.issuedAt = QDateTime::fromMSecsSinceEpoch(1'796'000'000'000, Qt::UTC);
        lease.expiresAt = lease.issuedAt.addDays(3);
        lease.signature = QByteArray(64, 's');
        lease.borrowed = true;
        const BorrowAnswer answer {lease, QByteArray(32, 'k'), lease.issuedAt, secret};
        QCOMPARE(answer.toJson().value(u"returnSecret"_s).toString(), secret.toHex());
        QCOMPARE(BorrowAnswer::fromJson(answer.toJson(), &error), std::optional(answer));
        // An older server's answer has none: the seat returns with the key alone.
        QJsonObject older = answer.toJson();
        older.remove(u"returnSecret"_s);
        const auto read = BorrowAnswer::fromJson(older, &error);
        QVERIFY(read && !read->returnSecret.isSet());
        older.insert(u"returnSecret"_s, u"not hex"_s);
        QVERIFY(!BorrowAnswer::fromJson(older, &error));
        QCOMPARE(error.field, u"returnSecret"_s);
    }

    void queueTicketsAreChecked_data()
    {
        QTest::addColumn<QString>("member");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("ticket id short") << u"ticketId"_s << QJsonValue(u"abc"_s)
                                         << u"queue[1].ticketId is not 32 lowercase hex digits"_s;
        QTest::newRow("unknown state") << u"state"_s << QJsonValue(u"served"_s)
                                       << u"queue[1].state is \"served\", not waiting or granted"_s;
        QTest::newRow("waiting with a seat") << u"seatId"_s << QJsonValue(QString(32, u'a'))
                                             << u"queue[1].seatId is set for a ticket that is still waiting"_s;
        QTest::newRow("negative position")
            << u"position"_s << QJsonValue(-1) << u"queue[1].position is -1, outside 0..2147483647"_s;
        QTest::newRow("another license") << u"licenseId"_s << QJsonValue(u"render-farm"_s)
                                         << u"queue[1].licenseId is \"render-farm\", not the license asked for "
                                            "(\"acme-cad\")"_s;
    }

    void queueTicketsAreChecked()
    {
        QFETCH(QString, member);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject json = leaseList().toJson();
        QJsonArray line = json.value(u"queue"_s).toArray();
        QJsonObject ticket = line.at(1).toObject();
        ticket.insert(member, value);
        line.replace(1, ticket);
        json.insert(u"queue"_s, line);
        ValidationError error;
        QVERIFY(!LeaseList::fromJson(json, u"acme-cad"_s, &error));
        QCOMPARE(error.message, message);
    }

    void queueReasonsRoundTrip()
    {
        using W = queue::LeftBecause;
        QStringList names;
        for (const W why : {W::GaveUp, W::Expired, W::TimedOut, W::Revoked, W::Unknown}) {
            names.append(queue::toWire(why));
            QCOMPARE(queue::leftBecauseFromWire(names.last()), std::optional<W>(why));
        }
        QCOMPARE(names.join(u','), u"gave_up,expired,timed_out,revoked,unknown"_s);
        QVERIFY(!queue::leftBecauseFromWire(u"Expired"));
    }

    void leaseListRejects_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        QTest::newRow("lease of another license")
            << "\"licenseId\":\"acme-cad\""_ba
            << "\"licenseId\":\"render-farm\""_ba << u"leases[0].licenseId"_s
            << u"leases[0].licenseId is \"render-farm\", not the license asked for (\"acme-cad\")"_s;
        QTest::newRow("live missing") << "\"live\":true,"_ba
                                      << ""_ba << u"leases[0].live"_s << u"leases[0].live is missing"_s;
        QTest::newRow("live a string") << "\"live\":true"_ba
                                       << "\"live\":\"yes\""_ba << u"leases[0].live"_s
                                       << u"leases[0].live is not a boolean"_s;
        QTest::newRow("reapable at not a timestamp") << "\"reapableAt\":\"2026-11-29T12:01:05.000Z\""_ba
                                                     << "\"reapableAt\":\"soon\""_ba << u"leases[0].reapableAt"_s
                                                     << u"leases[0].reapableAt is not an RFC 3339 UTC timestamp"_s;
        QTest::newRow("seat count negative")
            << "\"seatCount\":10"_ba
            << "\"seatCount\":-1"_ba << u"seatCount"_s << u"seatCount is -1, outside 0..2147483647"_s;
        QTest::newRow("in use fractional") << "\"inUse\":1"_ba
                                           << "\"inUse\":1.5"_ba << u"inUse"_s << u"inUse is not an integer"_s;
        QTest::newRow("server time missing") << ",\"serverTime\":\"2026-11-29T12:00:00.000Z\""_ba
                                             << ""_ba << u"serverTime"_s << u"serverTime is missing"_s;
        QTest::newRow("block holder empty") << "\"carol@ws-3\""_ba
                                            << "\"\""_ba << u"blocks[0].holder"_s << u"blocks[0].holder is empty"_s;
        QTest::newRow("block until missing") << "\"until\":\"2026-11-29T12:10:00.000Z\""_ba
                                             << "\"x\":1"_ba << u"blocks[0].until"_s << u"blocks[0].until is missing"_s;
        QTest::newRow("block reason a number")
            << "\"left for the day\""_ba
            << "3"_ba << u"blocks[0].reason"_s << u"blocks[0].reason is not a string"_s;
        QTest::newRow("blocks an object") << "\"blocks\":["_ba
                                          << "\"blocks\":{},\"x\":["_ba << u"blocks"_s << u"blocks is not an array"_s;
        QTest::newRow("lease not an object")
            << "\"leases\":[{"_ba
            << "\"leases\":[3,{"_ba << u"leases[0]"_s << u"leases[0] is not an object"_s;
    }

    void leaseListRejects()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFETCH(QString, message);

        QByteArray body = QJsonDocument(leaseList().toJson()).toJson(QJsonDocument::Compact);
        QVERIFY2(body.contains(from), body.constData());
        body.replace(body.indexOf(from), from.size(), to);
        const QJsonObject json = parse(body);
        QVERIFY2(!json.isEmpty(), body.constData());
        ValidationError error;
        QVERIFY(!LeaseList::fromJson(json, u"acme-cad"_s, &error));
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
    }

    void reapResultRoundTrips()
    {
        const ReapResult result = reapResult();
        const QJsonObject json = result.toJson();
        QCOMPARE(QJsonDocument(json).toJson(QJsonDocument::Compact),
                 R"({"dryRun":true,"reaped":1,"seats":[{"expiresAt":"2026-11-29T11:59:30.000Z","holder":"bob@ws-2",)"
                 R"("licenseId":"acme-cad","reapableAt":"2026-11-29T11:59:45.000Z","seatId":")"_ba
                     + lyon.toLatin1() + R"("}],"wouldReap":1})"_ba);
        ValidationError error;
        QCOMPARE(ReapResult::fromJson(json, true, &error), std::optional<ReapResult>(result));
        // A server that does not say whether it was a dry run did what was asked.
        QJsonObject older = json;
        older.remove(u"dryRun"_s);
        QCOMPARE(ReapResult::fromJson(older, true, &error), std::optional<ReapResult>(result));
    }

    void reapResultRejects_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<bool>("dryRunAsked");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");

        QTest::newRow("dry run not what was asked")
            << QByteArray() << QByteArray() << false << u"dryRun"_s << u"dryRun does not match the request"_s;
        QTest::newRow("dry run a string")
            << "\"dryRun\":true"_ba
            << "\"dryRun\":\"true\""_ba << true << u"dryRun"_s << u"dryRun is not a boolean"_s;
        QTest::newRow("reaped missing") << "\"reaped\":1,"_ba
                                        << ""_ba << true << u"reaped"_s << u"reaped is missing"_s;
        QTest::newRow("reaped negative") << "\"reaped\":1"_ba
                                         << "\"reaped\":-2"_ba << true << u"reaped"_s
                                         << u"reaped is -2, outside 0..2147483647"_s;
        QTest::newRow("seats missing") << ",\"seats\":["_ba
                                       << ",\"x\":["_ba << true << u"seats"_s << u"seats is missing"_s;
        QTest::newRow("seat id empty") << lyon.toLatin1() << QByteArray() << true << u"seats[0].seatId"_s
                                       << u"seats[0].seatId is empty"_s;
        QTest::newRow("license id a number")
            << "\"acme-cad\""_ba
            << "5"_ba << true << u"seats[0].licenseId"_s << u"seats[0].licenseId is not a string"_s;
        QTest::newRow("expires at without milliseconds")
            << "\"2026-11-29T11:59:30.000Z\""_ba
            << "\"2026-11-29T11:59:30Z\""_ba << true << u"seats[0].expiresAt"_s
            << u"seats[0].expiresAt is not an RFC 3339 UTC timestamp"_s;
        QTest::newRow("reapable at missing")
            << ",\"reapableAt\":\"2026-11-29T11:59:45.000Z\""_ba
            << ""_ba << true << u"seats[0].reapableAt"_s << u"seats[0].reapableAt is missing"_s;
    }

    void reapResultRejects()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(bool, dryRunAsked);
        QFETCH(QString, field);
        QFETCH(QString, message);

        QByteArray body = QJsonDocument(reapResult().toJson()).toJson(QJsonDocument::Compact);
        if (!from.isEmpty()) {
            QVERIFY2(body.contains(from), body.constData());
            body.replace(body.indexOf(from), from.size(), to);
        }
        const QJsonObject json = parse(body);
        QVERIFY2(!json.isEmpty(), body.constData());
        ValidationError error;
        QVERIFY(!ReapResult::fromJson(json, dryRunAsked, &error));
        QCOMPARE(error.field, field);
        QVERIFY2(error.message.startsWith(message), qPrintable(error.message));
    }

    void readerKeepsTheFirstProblem()
    {
        JsonReader reader;
        const QJsonObject object {{u"a"_s, u"x"_s}};
        QCOMPARE(reader.integer(object, u"outer"_s, u"a"_s, 0, 10), 0);
        QCOMPARE(reader.string(object, u"outer"_s, u"b"_s), QString()); // a second problem is not kept
        QVERIFY(reader.failed());
        QCOMPARE(reader.error().field, u"outer.a"_s);
        QCOMPARE(reader.message(), u"outer.a is not a number"_s);
    }

    // --- the paths, the error body and the bodies of every request and answer ---

    void pathsAreFilledAndEncoded()
    {
        QCOMPARE(apipath::forSeat(apipath::revoke, u"acme-cad"_s, paris),
                 u"/v1/licenses/acme-cad/seats/%1/revoke"_s.arg(paris));
        QCOMPARE(apipath::forTicket(apipath::ticketHeartbeat, u"acme-cad"_s, lyon),
                 u"/v1/licenses/acme-cad/tickets/%1/heartbeat"_s.arg(lyon));
        QCOMPARE(apipath::forToken(u"dana.ops"_s), u"/v1/tokens/dana.ops"_s);
        QCOMPARE(apipath::forLicense(apipath::rules, u"acme-cad"_s), u"/v1/licenses/acme-cad/rules"_s);
        // Whatever an admin typed stays inside its segment.
        QCOMPARE(apipath::forLicense(apipath::leases, u"a b/c"_s), u"/v1/licenses/a%20b%2Fc/leases"_s);
        QCOMPARE(QString::fromUtf16(apipath::publicKey), u"/v1/public-key"_s);
    }

    void errorBodyRoundTrips()
    {
        ErrorBody error {QString::fromUtf16(errorcode::invalidRequest), u"holder must be a string"_s, u"holder"_s, {}};
        QCOMPARE(error.toBody(),
                 R"({"error":"invalid_request","field":"holder","message":"holder must be a string"})"_ba);
        QCOMPARE(ErrorBody::fromJson(error.toBody()), std::optional<ErrorBody>(error));
        // Without a field, none is written; extra members travel beside the three.
        error = ErrorBody {QString::fromUtf16(errorcode::forbidden),
                           u"needs admin"_s,
                           {},
                           errorextra::RoleRefusal {u"admin"_s, u"viewer"_s}.toJson()};
        QCOMPARE(error.toBody(),
                 R"({"error":"forbidden","message":"needs admin","needed":"admin","role":"viewer"})"_ba);
        const auto decoded = ErrorBody::fromJson(error.toBody());
        QVERIFY(decoded);
        QCOMPARE(errorextra::RoleRefusal::fromJson(decoded->extra),
                 (errorextra::RoleRefusal {u"admin"_s, u"viewer"_s}));
        QVERIFY(!ErrorBody::fromJson("<html>bad gateway</html>"));
        QVERIFY(!ErrorBody::fromJson("[1]"));
    }

    void errorExtrasRoundTrip()
    {
        using namespace errorextra;
        const HolderBlocked blocked {noon.addSecs(600)};
        QCOMPARE(HolderBlocked::fromJson(blocked.toJson()), std::optional<HolderBlocked>(blocked));
        QVERIFY(!HolderBlocked::fromJson({}));
        QCOMPARE(TicketLost::fromJson(TicketLost {queue::LeftBecause::TimedOut}.toJson()),
                 std::optional<TicketLost>(TicketLost {queue::LeftBecause::TimedOut}));
        QString reason;
        QVERIFY(!TicketLost::fromJson(QJsonObject {{u"reason"_s, u"eaten"_s}}, &reason));
        QCOMPARE(reason, u"eaten"_s);
        QCOMPARE(TooManyFailures::fromJson(TooManyFailures {42}.toJson()), TooManyFailures {42});
        const MethodNotAllowed allow {{u"GET"_s, u"PUT"_s}};
        QCOMPARE(MethodNotAllowed::fromJson(allow.toJson()), allow);
        const GroupInUse inUse {u"render"_s, {u"acme-cad"_s, u"render-farm"_s}};
        QCOMPARE(GroupInUse::fromJson(inUse.toJson()), inUse);
    }

    void checkoutDenialsRoundTrip_data()
    {
        QTest::addColumn<int>("outcome");
        QTest::addColumn<bool>("nextExpiry");
        using O = SeatDecision::Outcome;
        QTest::newRow("every seat taken") << int(O::NoSeatsAvailable) << true;
        QTest::newRow("every seat taken, none held") << int(O::NoSeatsAvailable) << false;
        QTest::newRow("group cap") << int(O::GroupCapReached) << true;
        QTest::newRow("deny entry") << int(O::HolderDenied) << false;
        QTest::newRow("not on the allow list") << int(O::HolderNotAllowed) << false;
    }

    void checkoutDenialsRoundTrip()
    {
        QFETCH(int, outcome);
        QFETCH(bool, nextExpiry);
        errorextra::CheckoutDenial denial;
        denial.decision.outcome = SeatDecision::Outcome(outcome);
        denial.decision.usage.seatCount = 10;
        denial.decision.usage.inUse = 8;
        denial.decision.usage.reservations = {{u"render"_s, 2, 0}};
        denial.decision.usage.sharedSeats = 8;
        denial.decision.usage.sharedUsed = 8;
        denial.decision.reservedForOthers = 2;
        denial.decision.entry = denial.decision.outcome == SeatDecision::Outcome::HolderDenied ? u"ext"_s : QString();
        if (denial.decision.outcome == SeatDecision::Outcome::GroupCapReached) {
            denial.decision.group = u"qa"_s;
            denial.decision.cap = 2;
            denial.decision.groupHeld = 2;
        }
        if (nextExpiry)
            denial.nextExpiry = noon.addSecs(65);
        const QJsonObject json = denial.toJson();
        // The 409s say when a seat frees up, null when none is held; the 403s cannot be outwaited.
        QCOMPARE(json.contains(u"nextExpiry"_s), denial.seatsMayFree());
        if (denial.seatsMayFree() && !nextExpiry)
            QVERIFY(json.value(u"nextExpiry"_s).isNull());
        ValidationError error;
        const auto decoded = errorextra::CheckoutDenial::fromJson(denial.code(), json, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(*decoded, denial);
        // The numbers are required: a denial without them is no denial a client can explain.
        QJsonObject withoutCount = json;
        withoutCount.remove(u"seatCount"_s);
        QVERIFY(!errorextra::CheckoutDenial::fromJson(denial.code(), withoutCount, &error));
        QCOMPARE(error.field, u"seatCount"_s);
    }

    void serverInfoRoundTrips()
    {
        QCOMPARE(HealthAnswer::fromJson(HealthAnswer {u"1.2.3"_s, {}}.toJson())->version, u"1.2.3"_s);
        ValidationError error;
        QVERIFY(!HealthAnswer::fromJson(QJsonObject {{u"status"_s, u"degraded"_s}, {u"version"_s, u"1"_s}}, &error));
        QCOMPARE(error.message, u"status is \"degraded\", not \"ok\""_s);
        QCOMPARE(TimeAnswer::fromJson(TimeAnswer {noon}.toJson())->now, noon);

        const QByteArray key(32, '\x11');
        const QJsonObject json = PublicKeyAnswer {key}.toJson();
        const auto verifier = PublicKeyAnswer::fromJson(json, &error);
        QVERIFY2(verifier, qPrintable(error.message));
        QCOMPARE(verifier->publicKey(), key);
        QJsonObject other = json;
        other.insert(u"algorithm"_s, u"RSA"_s);
        QVERIFY(!PublicKeyAnswer::fromJson(other, &error));
        QCOMPARE(error.field, u"algorithm"_s);
        other = json;
        other.insert(u"publicKey"_s, QString::fromLatin1(QByteArray(31, '\x11').toBase64()));
        QVERIFY(!PublicKeyAnswer::fromJson(other, &error));
        QCOMPARE(error.message, u"publicKey is not 32 bytes of base64"_s);
        other.insert(u"publicKey"_s, u"not*base64"_s);
        QVERIFY(!PublicKeyAnswer::fromJson(other, &error));
        QCOMPARE(error.field, u"publicKey"_s);
    }

    void licenseSpecRoundTrips()
    {
        const LicenseSpec full {u"acme-cad"_s, u"ACME CAD"_s, 10, 60, 5, 15};
        QCOMPARE(QJsonDocument(full.toJson()).toJson(QJsonDocument::Compact),
                 R"({"name":"ACME CAD","reapGraceSeconds":15,"seatCount":10,"skewSeconds":5,"ttlSeconds":60})"_ba);
        ValidationError error;
        auto decoded = LicenseSpec::fromJson(full.toJson(), &error);
        QVERIFY2(decoded, qPrintable(error.message));
        LicenseSpec expected = full;
        expected.id.clear(); // the path's, not the body's
        QCOMPARE(*decoded, expected);

        // An update that changes one member says only that one; the server keeps the others.
        LicenseSpec seatsOnly;
        seatsOnly.seatCount = 12;
        seatsOnly.given = LicenseSpec::Member::SeatCount;
        QCOMPARE(seatsOnly.toJson(), (QJsonObject {{u"seatCount"_s, 12}}));
        decoded = LicenseSpec::fromJson(seatsOnly.toJson(), &error);
        QVERIFY(decoded);
        QCOMPARE(decoded->given, LicenseSpec::Members(LicenseSpec::Member::SeatCount));
        QCOMPARE(decoded->seatCount, 12);
        QVERIFY(!decoded->has(LicenseSpec::Member::Name));
    }

    void licenseSpecRejects_data()
    {
        QTest::addColumn<QJsonObject>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty name") << QJsonObject {{u"name"_s, u""_s}} << u"name"_s << u"name must not be empty"_s;
        QTest::newRow("name too long") << QJsonObject {{u"name"_s, QString(129, u'x')}} << u"name"_s
                                       << u"name is 129 characters long; at most 128 are allowed"_s;
        QTest::newRow("name with a control character") << QJsonObject {{u"name"_s, u"a"_s + QChar(0x7) + u"b"_s}}
                                                       << u"name"_s << u"name must not contain control characters"_s;
        QTest::newRow("lone surrogate") << QJsonObject {{u"name"_s, QString(QChar(0xd800))}} << u"name"_s
                                        << u"name is not valid Unicode: a lone surrogate at character 1"_s;
        QTest::newRow("fractional seats")
            << QJsonObject {{u"seatCount"_s, 1.5}} << u"seatCount"_s << u"seatCount must be a whole number"_s;
        QTest::newRow("ttl out of range")
            << QJsonObject {{u"ttlSeconds"_s, 2e9}} << u"ttlSeconds"_s << u"ttlSeconds is out of range"_s;
    }

    void licenseSpecRejects()
    {
        QFETCH(QJsonObject, json);
        QFETCH(QString, field);
        QFETCH(QString, message);
        ValidationError error;
        QVERIFY(!LicenseSpec::fromJson(json, &error));
        QCOMPARE(error.field, field);
        QCOMPARE(error.message, message);
    }

    void licenseAnswersRoundTrip()
    {
        const QString key = u"kr1-"_s + QString(64, u'a');
        const LicenseWriteResult created {acme(), true, key};
        ValidationError error;
        auto decoded = LicenseWriteResult::fromJson(created.toJson(), true, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(decoded->license, acme());
        QCOMPARE(decoded->key, key);
        // A 201 without a key would leave the admin with a license nobody can use.
        QVERIFY(!LicenseWriteResult::fromJson(LicenseWriteResult {acme(), false, {}}.toJson(), true, &error));
        QCOMPARE(error.field, u"key"_s);
        QCOMPARE(RotatedKey::fromJson(RotatedKey {key}.toJson())->key, key);
        QVERIFY(!RotatedKey::fromJson(RotatedKey {u"kr1-short"_s}.toJson(), &error));
        QCOMPARE(error.field, u"key"_s);
    }

    void tokensRoundTrip()
    {
        const AccessTokenInfo dana {u"dana"_s, AccessRole::Operator, noon, noon.addDays(90), {}};
        QCOMPARE(dana.toJson().value(u"lastUsedAt"_s), QJsonValue(QJsonValue::Null));
        ValidationError error;
        QCOMPARE(AccessTokenInfo::fromJson(dana.toJson(), {}, &error), std::optional<AccessTokenInfo>(dana));
        const TokenList list {noon, {dana, AccessTokenInfo {u"sam"_s, AccessRole::Viewer, noon, {}, noon}}};
        QCOMPARE(TokenList::fromJson(list.toJson(), &error), std::optional<TokenList>(list));
        QJsonObject badRole = list.toJson();
        QJsonArray tokens = badRole.value(u"tokens"_s).toArray();
        QJsonObject second = tokens.at(1).toObject();
        second.insert(u"role"_s, u"root"_s);
        tokens.replace(1, second);
        badRole.insert(u"tokens"_s, tokens);
        QVERIFY(!TokenList::fromJson(badRole, &error));
        QCOMPARE(error.field, u"tokens[1].role"_s);

        const CreatedToken created {dana, u"krt-"_s + QString(64, u'f')};
        const auto decoded = CreatedToken::fromJson(created.toJson(), &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(decoded->token, dana);
        QCOMPARE(decoded->secret, created.secret);
    }

    void tokenSpecRoundTrips()
    {
        const TokenSpec spec {u"dana"_s, AccessRole::Operator, std::chrono::seconds(3600)};
        QCOMPARE(QJsonDocument(spec.toJson()).toJson(QJsonDocument::Compact),
                 R"({"expiresInSeconds":3600,"name":"dana","role":"operator"})"_ba);
        QCOMPARE(TokenSpec::fromJson(spec.toJson()), std::optional<TokenSpec>(spec));
        const TokenSpec lasting {u"sam"_s, AccessRole::Viewer, std::nullopt};
        QVERIFY(!lasting.toJson().contains(u"expiresInSeconds"_s));
        QCOMPARE(TokenSpec::fromJson(lasting.toJson()), std::optional<TokenSpec>(lasting));

        ValidationError error;
        QVERIFY(!TokenSpec::fromJson(QJsonObject {{u"role"_s, u"viewer"_s}}, &error));
        QCOMPARE(error.message, u"name is required"_s);
        QVERIFY(!TokenSpec::fromJson(QJsonObject {{u"name"_s, u"sam"_s}, {u"role"_s, u"root"_s}}, &error));
        QCOMPARE(error.message, u"role must be one of viewer, operator, admin"_s);
        QVERIFY(!TokenSpec::fromJson(
            QJsonObject {{u"name"_s, u"sam"_s}, {u"role"_s, u"viewer"_s}, {u"expiresInSeconds"_s, 0}}, &error));
        QCOMPARE(error.field, u"expiresInSeconds"_s);
    }

    void eventQueryRoundTrips()
    {
        EventQuery query;
        query.after = 41;
        query.licenseId = u"acme-cad"_s;
        query.holder = u"zoé smith+1@ws-1"_s;
        query.kinds = {EventKind::Denied, EventKind::HolderBlocked};
        query.since = noon.addSecs(-3600);
        query.until = noon;
        query.limit = 50;
        const QUrlQuery wire = query.toQuery();
        QCOMPARE(wire.queryItemValue(u"kind"_s), u"denied,holder_blocked"_s);
        ValidationError error;
        QCOMPARE(EventQuery::fromQuery(QUrlQuery(wire.toString(QUrl::FullyEncoded)), &error),
                 std::optional<EventQuery>(query));

        // What the client leaves out the server fills in the same way.
        const EventQuery plain;
        QCOMPARE(EventQuery::fromQuery(plain.toQuery()), std::optional<EventQuery>(plain));
        QCOMPARE(EventQuery::fromQuery(QUrlQuery())->limit, EventQuery::defaultLimit);
    }

    void eventQueryRejects_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown parameter")
            << u"colour=red"_s << u"colour"_s
            << u"unknown query parameter \"colour\"; known: after, license, holder, kind, "
               "since, until, limit"_s;
        QTest::newRow("twice") << u"limit=5&limit=6"_s << u"limit"_s << u"limit is given more than once"_s;
        QTest::newRow("limit zero") << u"limit=0"_s << u"limit"_s << u"limit must be a whole number from 1 to 1000"_s;
        QTest::newRow("unknown kind") << u"kind=granted,eaten"_s << u"kind"_s
                                      << u"unknown event kind \"eaten\"; known: %1"_s.arg(eventKindNames());
        QTest::newRow("since without milliseconds")
            << u"since=2026-11-29T12:00:00Z"_s << u"since"_s
            << u"since must be an RFC 3339 UTC timestamp with milliseconds, such as 2026-11-29T21:00:00.000Z"_s;
    }

    void eventQueryRejects()
    {
        QFETCH(QString, query);
        QFETCH(QString, field);
        QFETCH(QString, message);
        ValidationError error;
        QVERIFY(!EventQuery::fromQuery(QUrlQuery(query), &error));
        QCOMPARE(error.field, field);
        QCOMPARE(error.message, message);
    }

    void seatRequestsRoundTrip()
    {
        const CheckoutRequest plain {u"alice@ws-1"_s, QString(32, u'e'), std::nullopt};
        QCOMPARE(CheckoutRequest::fromJson(plain.toJson()), std::optional<CheckoutRequest>(plain));
        const CheckoutRequest waiting {u"alice@ws-1"_s, QString(32, u'e'), std::chrono::seconds(90)};
        QCOMPARE(waiting.toJson().value(u"wait"_s), QJsonValue(true));
        QCOMPARE(CheckoutRequest::fromJson(waiting.toJson()), std::optional<CheckoutRequest>(waiting));
        ValidationError error;
        QVERIFY(!CheckoutRequest::fromJson(QJsonObject {{u"requestId"_s, u"r"_s}}, &error));
        QCOMPARE(error.message, u"holder is required (such as \"alice@ws-12\")"_s);
        QVERIFY(!CheckoutRequest::fromJson(
            QJsonObject {{u"holder"_s, u"a@b"_s}, {u"wait"_s, true}, {u"maxWaitSeconds"_s, 86401}}, &error));
        QCOMPARE(error.field, u"maxWaitSeconds"_s);
        // A checkout may tell its holder's idle time as a heartbeat does, in the same bounds.
        const CheckoutRequest told {u"alice@ws-1"_s, QString(32, u'e'), std::nullopt,
                                    std::chrono::milliseconds(90'000)};
        QCOMPARE(told.toJson().value(u"idleMs"_s), QJsonValue(90'000));
        QCOMPARE(CheckoutRequest::fromJson(told.toJson()), std::optional<CheckoutRequest>(told));
        QVERIFY(!plain.toJson().contains(u"idleMs"_s));
        QVERIFY(!CheckoutRequest::fromJson(QJsonObject {{u"holder"_s, u"a@b"_s}, {u"idleMs"_s, -1}}, &error));
        QCOMPARE(error.field, u"idleMs"_s);

        const RevokeRequest revoke {u"acme-cad"_s, paris, u"left for the day"_s, std::chrono::seconds(600)};
        QCOMPARE(revoke.toJson(), (QJsonObject {{u"reason"_s, u"left for the day"_s}, {u"blockSeconds"_s, 600}}));
        auto body = RevokeRequest::fromJson(revoke.toJson(), &error);
        QVERIFY(body);
        QCOMPARE(body->reason, revoke.reason);
        QCOMPARE(body->block, revoke.block);
        QVERIFY(RevokeRequest {}.toJson().isEmpty());
        QVERIFY(!RevokeRequest::fromJson(QJsonObject {{u"blockSeconds"_s, -1}}, &error));
        QCOMPARE(error.message, u"blockSeconds must be between 0 and 31536000 (one year)"_s);

        // A heartbeat tells the holder's idle time, or nothing: the empty body of old clients.
        QVERIFY(HeartbeatRequest {}.toJson().isEmpty());
        QCOMPARE(HeartbeatRequest::fromJson({}), std::optional<HeartbeatRequest>(HeartbeatRequest {}));
        const HeartbeatRequest idle {std::chrono::minutes(74)};
        QCOMPARE(idle.toJson(), (QJsonObject {{u"idleMs"_s, 4440000}}));
        QCOMPARE(HeartbeatRequest::fromJson(idle.toJson()), std::optional<HeartbeatRequest>(idle));
        QCOMPARE(HeartbeatRequest::fromJson(QJsonObject {{u"idleMs"_s, 0}, {u"other"_s, u"ignored"_s}}),
                 std::optional<HeartbeatRequest>(HeartbeatRequest {std::chrono::milliseconds(0)}));
        QVERIFY(!HeartbeatRequest::fromJson(QJsonObject {{u"idleMs"_s, -1}}, &error));
        QCOMPARE(error.field, u"idleMs"_s);
        QVERIFY(!HeartbeatRequest::fromJson(QJsonObject {{u"idleMs"_s, HeartbeatRequest::maxIdleMs + 1}}, &error));
        QCOMPARE(error.field, u"idleMs"_s);
        QVERIFY(!HeartbeatRequest::fromJson(QJsonObject {{u"idleMs"_s, u"1000"_s}}, &error));
        QCOMPARE(error.message, u"idleMs must be a whole number"_s);
    }

    void leaseAnswersRoundTrip()
    {
        const LeaseList list = leaseList();
        const LeaseAnswer fromLine {list.leases.at(0).lease, QString(32, u'd'), {}};
        ValidationError error;
        const auto decoded = LeaseAnswer::fromJson(fromLine.toJson(), &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(decoded->lease, fromLine.lease);
        QCOMPARE(decoded->ticketId, fromLine.ticketId);
        QVERIFY(!decoded->reclaimAt.isValid());
        const LeaseAnswer checkedOut {fromLine.lease, {}, {}};
        QVERIFY(!checkedOut.toJson().contains(u"ticketId"_s));
        QVERIFY(!checkedOut.toJson().contains(u"reclaimAt"_s));
        QVERIFY(!LeaseAnswer::fromJson(QJsonObject {{u"lease"_s, 5}}, &error));
        // A renewal of a seat idle reclaim marked (issue 26) says when it goes.
        const LeaseAnswer marked {fromLine.lease, {}, fromLine.lease.issuedAt.addSecs(300)};
        QCOMPARE(LeaseAnswer::fromJson(marked.toJson(), &error)->reclaimAt, marked.reclaimAt);
        QJsonObject badMark = marked.toJson();
        badMark.insert(u"reclaimAt"_s, u"at nine"_s);
        QVERIFY(!LeaseAnswer::fromJson(badMark, &error));
        QCOMPARE(error.field, u"reclaimAt"_s);

        const QueuedAnswer queued {list.queue.at(1)};
        QCOMPARE(QueuedAnswer::fromJson(queued.toJson())->ticket, queued.ticket);
        QVERIFY(!QueuedAnswer::fromJson(QJsonObject {}, &error));
        QCOMPARE(error.field, u"ticket"_s);
    }

    void rulesAndGroupsBodiesRoundTrip()
    {
        const LeaseList list = leaseList();
        ValidationError error;
        QCOMPARE(seatrules::groupsBodyFromJson(seatrules::groupsBodyToJson(list.groups), &error),
                 std::optional<QList<HolderGroup>>(list.groups));
        QCOMPARE(seatrules::rulesBodyFromJson(seatrules::rulesBodyToJson(list.rules), &error),
                 std::optional<SeatRules>(list.rules));
        const QJsonObject answer = seatrules::licenseRulesToJson(u"acme-cad"_s, list.rules);
        QCOMPARE(seatrules::licenseRulesFromJson(answer, u"acme-cad"_s, &error), std::optional<SeatRules>(list.rules));
        QVERIFY(!seatrules::licenseRulesFromJson(answer, u"render-farm"_s, &error));
        QCOMPARE(error.field, u"licenseId"_s);
        QVERIFY(!seatrules::groupsBodyFromJson(QJsonObject {}, &error));
        QCOMPARE(error.message, u"groups is required (a list of {\"name\", \"patterns\"})"_s);
    }

    void reapQueryRoundTrips()
    {
        QCOMPARE(ReapResult::dryRunFromQuery(ReapResult::query(true)), std::optional<bool>(true));
        QCOMPARE(ReapResult::dryRunFromQuery(ReapResult::query(false)), std::optional<bool>(false));
        ValidationError error;
        QVERIFY(!ReapResult::dryRunFromQuery(QUrlQuery(u"dryRun=maybe"_s), &error));
        QCOMPARE(error.message, u"dryRun must be true or false"_s);
        // A person reading a dry run sees what would go, never a count of what was reaped.
        const QJsonObject report = reapResult().toReport();
        QVERIFY(!report.contains(u"reaped"_s));
        QCOMPARE(report.value(u"wouldReap"_s).toInt(), 1);
    }

    // POST /v1/admin/backup's query, as keyright-server backup writes it and the server reads it.
    void backupQueryRoundTrips()
    {
        QCOMPARE(StoreBackupQuery {true}.toQuery().toString(), u"includeKey=true"_s);
        QVERIFY(StoreBackupQuery {false}.toQuery().isEmpty());
        for (const bool includeKey : {true, false})
            QCOMPARE(StoreBackupQuery::fromQuery(StoreBackupQuery {includeKey}.toQuery())->includeKey, includeKey);
        ValidationError error;
        QVERIFY(!StoreBackupQuery::fromQuery(QUrlQuery(u"includeKey=maybe"_s), &error));
        QCOMPARE(error.field, u"includeKey"_s);
        QVERIFY(!StoreBackupQuery::fromQuery(QUrlQuery(u"key=true"_s), &error));
        QCOMPARE(error.message, u"unknown query parameter \"key\"; known: includeKey"_s);
    }

    // Every kind's detail, as the server records it and as the dashboard reads it back.
    void eventDetailsRoundTrip()
    {
        namespace detail = eventdetail;
        const detail::Granted granted {3, noon.addSecs(60), 4, 10, u"render"_s, QString(32, u'c'), 90000};
        QCOMPARE(detail::Granted::fromJson(granted.toJson()), granted);
        const detail::Granted checkout {4, noon.addSecs(60), 5, 10, {}, {}, 0};
        QVERIFY(!checkout.toJson().contains(u"ticketId"_s));
        QCOMPARE(detail::Granted::fromJson(checkout.toJson()), checkout);

        const detail::RenewRefused lost {QString::fromUtf16(detail::RenewRefused::unknownSeat), EventKind::Revoked,
                                         noon};
        QCOMPARE(detail::RenewRefused::fromJson(lost.toJson()), lost);
        const detail::Revoked revoked {u"left"_s, 600, noon.addSecs(600), noon.addSecs(40)};
        QCOMPARE(detail::Revoked::fromJson(revoked.toJson()), revoked);
        const detail::Revoked unblocked {u"left"_s, 0, {}, {}};
        QVERIFY(unblocked.toJson().value(u"blockedUntil"_s).isNull());
        // Before issue 25 a release recorded {} and a revoke no expiry: both still decode.
        QVERIFY(!unblocked.toJson().contains(u"expiresAt"_s));
        QCOMPARE(detail::Released::fromJson(QJsonObject {}), detail::Released {});
        const detail::Released released {noon.addSecs(45)};
        QCOMPARE(detail::Released::fromJson(released.toJson()), released);
        QCOMPARE(detail::Reaped::fromJson(detail::Reaped {noon}.toJson()), detail::Reaped {noon});
        // An older server's block (until alone), and one that lists the live leases as a denial does.
        detail::HolderBlocked blocked;
        blocked.until = noon;
        QCOMPARE(detail::HolderBlocked::fromJson(blocked.toJson()), blocked);
        QCOMPARE(blocked.toJson().keys(), QStringList {u"until"_s});
        blocked.inUse = 1;
        blocked.seatCount = 3;
        blocked.holders = {detail::HeldSeat {u"ab"_s, u"alice@ws-1"_s, 7, noon.addSecs(-30), noon.addSecs(30)}};
        blocked.listsHolders = true;
        QCOMPARE(detail::HolderBlocked::fromJson(blocked.toJson()), blocked);
        const detail::LicenseChanged license {u"ACME CAD"_s, 10, 60, 5, 15};
        QCOMPARE(detail::LicenseChanged::fromJson(license.toJson()), license);
        QVERIFY(!license.toJson().contains(u"borrow"_s)); // an older server's detail: no policy
        // Walk 51b N1: a change of the borrowing policy is in the license_updated detail.
        detail::LicenseChanged lending = license;
        lending.borrow = BorrowPolicy {true, 7, 2, 1, {u"laptops"_s}};
        QCOMPARE(lending.toJson().value(u"borrow"_s).toObject().value(u"maxBorrowed"_s).toInt(), 2);
        QCOMPARE(detail::LicenseChanged::fromJson(lending.toJson()), lending);
        const LeaseList list = leaseList();
        QCOMPARE(detail::RulesChanged::fromJson(detail::RulesChanged {list.rules}.toJson()),
                 std::optional<detail::RulesChanged>(detail::RulesChanged {list.rules}));
        QCOMPARE(detail::GroupsChanged::fromJson(detail::GroupsChanged {list.groups}.toJson()),
                 std::optional<detail::GroupsChanged>(detail::GroupsChanged {list.groups}));
        const detail::Queued queued {QString(32, u'c'), 3, noon.addSecs(600)};
        QCOMPARE(detail::Queued::fromJson(queued.toJson()), queued);
        const detail::QueueLeft left {QString(32, u'c'), queue::LeftBecause::Expired, 5000, true, noon,
                                      noon.addSecs(-30)};
        QCOMPARE(detail::QueueLeft::fromJson(left.toJson()), left);
        // Only an expired ticket says when it stopped counting.
        const detail::QueueLeft timedOut {QString(32, u'c'), queue::LeftBecause::TimedOut, 5000, false, {}, noon};
        QVERIFY(!timedOut.toJson().contains(u"ticketExpiresAt"_s));
        QCOMPARE(detail::ticketIdOf(left.toJson()), left.ticketId);
        const detail::TokenChanged token {u"dana"_s, AccessRole::Operator, noon.addDays(90)};
        QCOMPARE(detail::TokenChanged::fromJson(token.toJson(EventKind::TokenCreated)), token);
        QVERIFY(!token.toJson(EventKind::TokenRevoked).contains(u"expiresAt"_s));
        const detail::ClockJumped jump {JumpedClock::Monotonic, -7000, 120};
        QCOMPARE(detail::ClockJumped::fromJson(jump.toJson()), std::optional<detail::ClockJumped>(jump));
        const detail::DatabaseFailover failover {u"10.0.0.1:5432"_s, u"10.0.0.2:5432"_s, 3295, paris};
        QCOMPARE(detail::DatabaseFailover::fromJson(failover.toJson()), failover);
        QCOMPARE(detail::DatabaseFailover::fromJson(QJsonObject {}), detail::DatabaseFailover {});
        const detail::SeatBorrowed borrowed {7, noon.addDays(3), 3, 4, 10, 2, u"render"_s};
        QCOMPARE(detail::SeatBorrowed::fromJson(borrowed.toJson()), borrowed);
        const detail::BorrowReturned returned {noon.addDays(3)};
        QCOMPARE(detail::BorrowReturned::fromJson(returned.toJson()), returned);
        const detail::BorrowWrittenOff writtenOff {noon.addDays(5), u"left on the train"_s};
        QCOMPARE(detail::BorrowWrittenOff::fromJson(writtenOff.toJson()), writtenOff);
        QCOMPARE(detail::BorrowWrittenOff::fromJson(QJsonObject {}), detail::BorrowWrittenOff {});
        // borrow_denied: every reason and its numbers come back; an unknown reason reads as none.
        BorrowRefusal refusal;
        refusal.days = 9;
        refusal.maxDays = 7;
        refusal.maxBorrowed = 2;
        refusal.keepOnSite = 1;
        refusal.borrowed = 2;
        refusal.seatCount = 4;
        refusal.inUse = 3;
        refusal.groups = {u"field"_s, u"sales"_s};
        for (const auto reason :
             {BorrowRefusal::Reason::NotAllowed, BorrowRefusal::Reason::TooLong, BorrowRefusal::Reason::GroupNotAllowed,
              BorrowRefusal::Reason::LimitReached, BorrowRefusal::Reason::KeepOnSite}) {
            refusal.reason = reason;
            const detail::BorrowDenied denied {refusal};
            QCOMPARE(detail::BorrowDenied::fromJson(denied.toJson()), denied);
            QVERIFY(refusal.code().startsWith(u"borrow_"_s));
        }
        refusal.reason = BorrowRefusal::Reason::SeatDenied;
        refusal.seatReason = seatrules::denialCode(SeatDecision::Outcome::NoSeatsAvailable);
        QCOMPARE(detail::BorrowDenied::fromJson(detail::BorrowDenied {refusal}.toJson()).refusal, refusal);
        QCOMPARE(refusal.code(), u"no_seats_available"_s);
        // The seats left reserved for others, and their groups (cli55); an older detail has none.
        refusal.reservedForOthers = 1;
        refusal.reservedFor = {u"render"_s};
        QCOMPARE(detail::BorrowDenied::fromJson(detail::BorrowDenied {refusal}.toJson()).refusal, refusal);
        QJsonObject older = detail::BorrowDenied {refusal}.toJson();
        older.remove(u"reservedForOthers"_s);
        older.remove(u"reservedFor"_s);
        QCOMPARE(detail::BorrowDenied::fromJson(older).refusal->reservedForOthers, 0);
        QCOMPARE(detail::BorrowDenied::fromJson(older).refusal->reservedFor, QStringList());
        // Refused at a group's cap: the group, its cap and what it held (walk 57); an older
        // detail has no group.
        BorrowRefusal capped = refusal;
        capped.seatReason = seatrules::denialCode(SeatDecision::Outcome::GroupCapReached);
        capped.reservedForOthers = 0;
        capped.reservedFor.clear();
        capped.capGroup = u"render"_s;
        capped.groupCap = 2;
        capped.groupHeld = 2;
        QCOMPARE(detail::BorrowDenied::fromJson(detail::BorrowDenied {capped}.toJson()).refusal, capped);
        QJsonObject olderCapped = detail::BorrowDenied {capped}.toJson();
        olderCapped.remove(u"group"_s);
        olderCapped.remove(u"cap"_s);
        olderCapped.remove(u"held"_s);
        QCOMPARE(detail::BorrowDenied::fromJson(olderCapped).refusal->capGroup, QString());
        QCOMPARE(detail::BorrowDenied::fromJson(olderCapped).refusal->groupCap, 0);
        QCOMPARE(detail::BorrowDenied::fromJson(QJsonObject {{u"reason"_s, u"lost_laptop"_s}}).refusal, std::nullopt);
        QCOMPARE(BorrowRefusal::fromJson(QJsonObject {}), std::nullopt);
        const detail::AlertAcknowledged acknowledged {42, u"cad-full"_s, 30, u"on it"_s};
        QCOMPARE(detail::AlertAcknowledged::fromJson(acknowledged.toJson()), acknowledged);
        QCOMPARE(detail::AlertAcknowledged::fromJson(QJsonObject {}), detail::AlertAcknowledged {});
        // alert_resolved says when (walk 51a #15); alert_fired has no resolvedAt.
        const QDateTime noon = QDateTime::fromString(u"2026-12-05T12:00:00Z"_s, Qt::ISODate);
        detail::AlertChange resolved;
        resolved.ruleId = u"cad-full"_s;
        resolved.since = noon;
        resolved.firedAt = noon.addSecs(60);
        resolved.resolvedAt = noon.addSecs(600);
        resolved.value = 100;
        resolved.limit = 90;
        QCOMPARE(detail::AlertChange::fromJson(resolved.toJson()), resolved);
        QCOMPARE(resolved.toJson().value(u"resolvedAt"_s).toString(), formatTimestamp(noon.addSecs(600)));
        resolved.resolvedAt = {};
        QVERIFY(!resolved.toJson().contains(u"resolvedAt"_s));
        // instance_silent names its instance, and a resolution with the instance gone says why;
        // the other kinds carry none of it.
        QVERIFY(!resolved.toJson().contains(u"instance"_s));
        detail::AlertChange silent = resolved;
        silent.kind = AlertKind::InstanceSilent;
        silent.instance = u"r-3f9a"_s;
        silent.instanceUrl = u"https://lic2.example.com:7400"_s;
        silent.lastSeenAt = noon;
        silent.instanceGone = InstanceGone::Stopped;
        QCOMPARE(detail::AlertChange::fromJson(silent.toJson()), silent);
        QCOMPARE(silent.toJson().value(u"instanceGone"_s).toString(), u"stopped"_s);
        alerts::FiringAlert firing;
        firing.id = 7;
        firing.ruleId = u"silent"_s;
        firing.kind = AlertKind::InstanceSilent;
        firing.since = noon;
        firing.firedAt = noon;
        firing.instance = u"r-3f9a"_s;
        firing.lastSeenAt = noon.addSecs(-61);
        QCOMPARE(alerts::FiringAlert::fromJson(firing.toJson()), std::optional<alerts::FiringAlert>(firing));
        QVERIFY(firing.toJson().value(u"instanceUrl"_s).isNull());
        const detail::Amnesia amnesia {StatsAmnesia::Kind::OwnComponentAhead, paris, u"granted"_s, 5, 4, u"test"_s};
        QCOMPARE(detail::Amnesia::fromJson(amnesia.toJson()), std::optional<detail::Amnesia>(amnesia));
        QVERIFY(!detail::Amnesia::fromJson(QJsonObject {{u"kind"_s, u"forgot"_s}}));
    }

    void denialDetailsCarryTheDecision()
    {
        // A denial records decideCheckout()'s answer the way the checkout's answer carries it, and
        // reads back to the same decision (seatrules::denialFromJson).
        const CompiledSeatRules rules(SeatRules {{}, {}, {GroupSeats {u"render"_s, 1}}, {}},
                                      {HolderGroup {u"render"_s, {u"*@render-*"_s}}});
        const SeatLease held {u"acme-cad"_s, paris, u"alice@ws-1"_s, 1, noon, noon.addSecs(60), {}};
        const SeatDecision decision = decideCheckout(2, rules, {held}, u"bob@ws-2"_s, noon, std::chrono::seconds(5));
        QCOMPARE(decision.outcome, SeatDecision::Outcome::NoSeatsAvailable);
        const eventdetail::HeldSeat seat {paris, u"alice@ws-1"_s, 1, noon, noon.addSecs(60)};
        const QJsonObject json = eventdetail::Denied::of(decision, {seat}).toJson();
        QCOMPARE(json.value(u"reason"_s).toString(), QString::fromUtf16(seatrules::noSeatsAvailable));
        const eventdetail::Denied read = eventdetail::Denied::fromJson(json);
        QVERIFY(read.decision);
        QCOMPARE(seatrules::denialToJson(*read.decision), seatrules::denialToJson(decision));
        QCOMPARE(read.inUse, 1);
        QCOMPARE(read.seatCount, 2);
        QVERIFY(read.listsHolders);
        QCOMPARE(read.holders, QList<eventdetail::HeldSeat> {seat});
        QCOMPARE(read.toJson(), json);
        QVERIFY(!json.value(u"holders"_s).toArray().at(0).toObject().contains(u"borrowed"_s));
        // A borrowed seat among them says so (issue 27), and reads back borrowed.
        eventdetail::HeldSeat away {paris, u"dana@laptop"_s, 2, noon, noon.addDays(3), true};
        const QJsonObject withAway = eventdetail::Denied::of(decision, {seat, away}).toJson();
        QCOMPARE(withAway.value(u"holders"_s).toArray().at(1).toObject().value(u"borrowed"_s), QJsonValue(true));
        QCOMPARE(eventdetail::Denied::fromJson(withAway).holders, (QList<eventdetail::HeldSeat> {seat, away}));

        // A denial an older server wrote names no reason: the numbers still read, no decision.
        const eventdetail::Denied old
            = eventdetail::Denied::fromJson(QJsonObject {{u"inUse"_s, 10}, {u"seatCount"_s, 10}});
        QVERIFY(!old.decision);
        QCOMPARE(old.inUse, 10);
        QVERIFY(!old.listsHolders);
    }

    void clockJumpsRoundTrip()
    {
        // A step of the database's clock as the server records it, and as the dashboard reads it.
        const ClockJump database {JumpedClock::Database, -1'200'000, -1'198'000};
        const QJsonObject json = database.toJson();
        QCOMPARE(QJsonDocument(json).toJson(QJsonDocument::Compact),
                 R"({"clock":"database","direction":"backward","offsetMs":-1198000,"sizeMs":-1200000})"_ba);
        ValidationError error;
        QCOMPARE(ClockJump::fromJson(json, &error), std::optional<ClockJump>(database));
        for (const JumpedClock clock : {JumpedClock::Wall, JumpedClock::Monotonic, JumpedClock::Database}) {
            QCOMPARE(jumpedClockFromWire(toWire(clock)), std::optional<JumpedClock>(clock));
            const ClockJump forward {clock, 600'000, 598'000};
            QCOMPARE(ClockJump::fromJson(forward.toJson()), std::optional<ClockJump>(forward));
        }
        QVERIFY(!jumpedClockFromWire(u"Database"_s));
    }

    void clockJumpsAreChecked_data()
    {
        QTest::addColumn<QByteArray>("detail");
        QTest::addColumn<QString>("field");
        QTest::newRow("unknown clock") << R"({"clock":"sundial","direction":"forward","sizeMs":6000})"_ba << u"clock"_s;
        QTest::newRow("no clock") << R"({"direction":"forward","sizeMs":6000})"_ba << u"clock"_s;
        QTest::newRow("direction against the sign")
            << R"({"clock":"wall","direction":"forward","sizeMs":-6000})"_ba << u"direction"_s;
        QTest::newRow("size a string") << R"({"clock":"wall","sizeMs":"6000"})"_ba << u"sizeMs"_s;
    }

    void clockJumpsAreChecked()
    {
        QFETCH(QByteArray, detail);
        QFETCH(QString, field);
        ValidationError error;
        QVERIFY(!ClockJump::fromJson(parse(detail), &error));
        QCOMPARE(error.field, field);
    }

    // Issue 24: {"holder":"x","holder":"y"} was read as "y". Two readers of one body could
    // disagree on a member given twice, so every body that has one is refused, naming it.
    void duplicateMembersAreFound_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path"); // null: none

        QTest::newRow("none") << R"({"holder":"x","requestId":"y"})"_ba << QString();
        QTest::newRow("holder twice") << R"({"holder":"x","holder":"y"})"_ba << u"holder"_s;
        QTest::newRow("same value twice") << R"({"a":1,"b":2,"a":1})"_ba << u"a"_s;
        QTest::newRow("spelled with an escape") << R"({"holder":"x","\u0068older":"y"})"_ba << u"holder"_s;
        QTest::newRow("nested") << R"({"rules":{"allow":[],"deny":[],"allow":["a"]}})"_ba << u"rules.allow"_s;
        QTest::newRow("in an array element")
            << R"({"rules":{"max":[{"group":"a","seats":1},{"group":"b","group":"c"}]}})"_ba << u"rules.max[1].group"_s;
        QTest::newRow("same names in sibling objects")
            << R"({"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]})"_ba << QString();
        QTest::newRow("a name inside a string value")
            << QJsonDocument(QJsonObject {{u"a"_s, u"\"a\":"_s}, {u"b"_s, u"{\"a\":1,\"a\":2}"_s}})
                   .toJson(QJsonDocument::Compact)
            << QString();
        QTest::newRow("array of strings") << R"({"a":["a","a",{"a":1}]})"_ba << QString();
        QTest::newRow("case differs") << R"({"holder":"x","Holder":"y"})"_ba << QString();
        QTest::newRow("empty name twice") << R"({"":1,"":2})"_ba << QString(u""_s.data(), 0);
    }

    void duplicateMembersAreFound()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        QVERIFY2(!QJsonDocument::fromJson(json).isNull(), json.constData());
        const auto found = JsonReader::duplicateMember(json);
        if (path.isNull()) {
            QVERIFY2(!found, qPrintable(found.value_or(QString())));
            JsonReader reader;
            QVERIFY(reader.document(json));
        } else {
            QVERIFY(found);
            QCOMPARE(*found, path);
            JsonReader reader;
            QVERIFY(!reader.document(json));
            QCOMPARE(reader.error().field, path);
            QVERIFY2(reader.message().contains(u"more than once"_s), qPrintable(reader.message()));
        }
    }

    // Issue 24: SQLite read U+FFFE and U+FFFF back as U+FFFD, so text holding one was signed as
    // sent and stored as something else, and Qt drops a leading U+FEFF from what it decodes.
    // Non-characters and the byte order mark are refused like control characters; everything
    // else Unicode has is text.
    void textFaults_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind"); // -1: no fault
        QTest::addColumn<uint>("codePoint");
        QTest::addColumn<int>("position");

        const int none = -1;
        const int control = int(TextFault::Kind::Control);
        const int nonchar = int(TextFault::Kind::Noncharacter);
        const int surrogate = int(TextFault::Kind::LoneSurrogate);
        QTest::newRow("ASCII") << u"alice@ws-12"_s << none << 0u << 0;
        QTest::newRow("Latin-1 and accents") << u"Zoé Lefèvre ß"_s << none << 0u << 0;
        QTest::newRow("CJK") << u"山田太郎"_s << none << 0u << 0;
        QTest::newRow("right to left") << u"\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"_s << none << 0u
                                       << 0;
        QTest::newRow("combining mark") << u"e\u0301"_s << none << 0u << 0;
        QTest::newRow("replacement character") << u"a\ufffd"_s << none << 0u << 0;
        QTest::newRow("object replacement U+FFFC") << u"\ufffc"_s << none << 0u << 0;
        QTest::newRow("U+FDCF, below the non-characters") << u"\ufdcf"_s << none << 0u << 0;
        QTest::newRow("U+FDF0, above them") << u"\ufdf0"_s << none << 0u << 0;
        QTest::newRow("private use") << u"\ue000\uf8ff"_s << none << 0u << 0;
        QTest::newRow("emoji") << u"\U0001F600"_s << none << 0u << 0;
        QTest::newRow("zero-width joiner sequence") << u"\U0001F469\u200D\U0001F4BB"_s << none << 0u << 0;
        QTest::newRow("supplementary private use") << u"\U000F0000\U0010FFFD"_s << none << 0u << 0;
        QTest::newRow("U+1FFFD") << u"\U0001FFFD"_s << none << 0u << 0;
        QTest::newRow("U+FFFE") << u"ab\ufffe"_s << nonchar << 0xfffeu << 3;
        QTest::newRow("U+FFFF") << u"\uffff"_s << nonchar << 0xffffu << 1;
        QTest::newRow("U+FDD0") << u"a\ufdd0"_s << nonchar << 0xfdd0u << 2;
        QTest::newRow("U+FDEF") << u"\ufdef"_s << nonchar << 0xfdefu << 1;
        QTest::newRow("U+1FFFE after an emoji") << u"\U0001F600\U0001FFFE"_s << nonchar << 0x1fffeu << 2;
        QTest::newRow("U+10FFFF") << u"\U0010FFFF"_s << nonchar << 0x10ffffu << 1;
        QTest::newRow("NUL") << QString(QChar(0)) << control << 0u << 1;
        QTest::newRow("DEL") << u"a\u007f"_s << control << 0x7fu << 2;
        QTest::newRow("C1") << u"\u0085"_s << control << 0x85u << 1;
        QTest::newRow("line separator") << u"\u2028"_s << control << 0x2028u << 1;
        QTest::newRow("byte order mark") << u"\ufeffa"_s << int(TextFault::Kind::ByteOrderMark) << 0xfeffu << 1;
        QTest::newRow("byte order mark inside") << u"ab\ufeff"_s << int(TextFault::Kind::ByteOrderMark) << 0xfeffu << 3;
        QTest::newRow("word joiner U+2060") << u"a\u2060b"_s << none << 0u << 0;
        QTest::newRow("lone high surrogate") << (u"a"_s + QChar(0xd800)) << surrogate << 0xd800u << 2;
        QTest::newRow("lone low surrogate") << QString(QChar(0xdc00)) << surrogate << 0xdc00u << 1;
    }

    void textFaults()
    {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(uint, codePoint);
        QFETCH(int, position);
        const auto fault = findTextFault(text);
        if (kind < 0) {
            QVERIFY2(!fault, qPrintable(fault ? codePointName(fault->codePoint) : QString()));
            return;
        }
        QVERIFY(fault);
        QCOMPARE(int(fault->kind), kind);
        QCOMPARE(uint(fault->codePoint), codePoint);
        QCOMPARE(fault->position, position);
    }

    void everyNoncharacterIsOne()
    {
        // The 66 of Unicode's definition: 32 in U+FDD0..U+FDEF, two at the end of each of 17 planes.
        int count = 0;
        for (char32_t c = 0; c <= 0x10ffff; ++c) {
            if (isNoncharacter(c)) {
                ++count;
                QVERIFY((c >= 0xfdd0 && c <= 0xfdef) || (c & 0xffff) >= 0xfffe);
            }
        }
        QCOMPARE(count, 66);
        QCOMPARE(codePointName(0xfffe), u"U+FFFE"_s);
        QCOMPARE(codePointName(0x7), u"U+0007"_s);
    }

    // GET /v1/licenses/{id}/usage: what the server writes is what the dashboard and the CLI read.
    void usageReportRoundTrips()
    {
        const QDateTime noon = QDateTime(QDate(2026, 11, 30), QTime(12, 0), Qt::UTC);
        usage::Bucket bucket;
        bucket.startMs = noon.toMSecsSinceEpoch();
        bucket.lengthMs = 3'600'000;
        bucket.seatsOwned = 10;
        bucket.ownedSeatMs = 36'000'000;
        bucket.peak = 7;
        bucket.peakAtMs = bucket.startMs + 61'000;
        bucket.usedSeatMs = 18'000'000;
        bucket.levelMs = {{0, 600'000}, {5, 2'400'000}, {7, 600'000}};
        bucket.reservedIdleSeatMs = {{u"render"_s, 3'600'000}};
        bucket.waitingPeak = 2;
        bucket.longestWaitMs = 420'000;
        bucket.granted = 12;
        bucket.denials = {{u"no_seats_available"_s, 3}, {u"holder_blocked"_s, 1}};
        bucket.trueDenials = 1;
        bucket.holderSeatMs = {{u"alice@ws-12"_s, 3'600'000}};
        QCOMPARE(usage::bucketFromJson(usage::toJson(bucket)), std::optional<usage::Bucket>(bucket));

        UsageReport report;
        report.licenseId = u"acme-cad"_s;
        report.from = noon;
        report.to = noon.addSecs(3600);
        report.step = UsageStep::Hour;
        report.timeZone = u"Europe/Paris"_s;
        report.closedUntil = noon;
        report.demoUntil = noon.addDays(-1);
        report.buckets = {bucket};
        report.summary.seatsOwned = 10;
        report.summary.peak = 7;
        report.summary.peakAt = noon.addSecs(61);
        report.summary.p95 = 7;
        report.summary.p95WorkingHours = 5;
        report.summary.usedSeatHours = 5;
        report.summary.ownedSeatHours = 10;
        report.summary.utilization = 0.5;
        report.summary.atLeast = {0.8, 0.8, 0.8, 0.8, 0.8, 0.2, 0.2};
        report.summary.heatmapMean = QList<QList<double>>(7, QList<double>(24, 0.5));
        report.summary.heatmapPeak = QList<QList<int>>(7, QList<int>(24, 3));
        report.summary.granted = 12;
        report.summary.denials = bucket.denials;
        report.summary.trueDenials = 1;
        report.summary.trueDenialHours = {{noon, 1}};
        report.summary.topHolders = {{u"alice@ws-12"_s, 1.0}};
        report.summary.topGroups = {{u"render"_s, 1.0}};
        report.summary.reservedIdleSeatHours = {{u"render"_s, 1.0}};
        QCOMPARE(UsageReport::fromJson(report.toJson()), std::optional<UsageReport>(report));

        // A bucket that is not one names what is wrong with it.
        QJsonObject json = report.toJson();
        QJsonArray buckets = json.value(u"buckets"_s).toArray();
        QJsonObject broken = buckets.at(0).toObject();
        broken.insert(u"peak"_s, u"seven"_s);
        buckets.replace(0, broken);
        json.insert(u"buckets"_s, buckets);
        ValidationError why;
        QVERIFY(!UsageReport::fromJson(json, &why));
        QCOMPARE(why.field, u"buckets[0].peak"_s);
    }

    void usageQueryIsStrict()
    {
        UsageQuery query;
        query.from = QDateTime(QDate(2026, 9, 1), QTime(0, 0), Qt::UTC);
        query.to = QDateTime(QDate(2026, 12, 1), QTime(0, 0), Qt::UTC);
        query.step = UsageStep::Week;
        query.timeZone = u"Europe/Paris"_s;
        QCOMPARE(UsageQuery::fromQuery(query.toQuery()), std::optional<UsageQuery>(query));
        const auto refused = [](const QString &text) {
            ValidationError why;
            const bool ok = UsageQuery::fromQuery(QUrlQuery(text), &why).has_value();
            return ok ? QString() : why.field;
        };
        QCOMPARE(refused(u"step=year"_s), u"step"_s);
        QCOMPARE(refused(u"tz=Mars/Olympus"_s), u"tz"_s);
        QCOMPARE(refused(u"from=yesterday"_s), u"from"_s);
        QCOMPARE(refused(u"workStart=18&workEnd=8"_s), u"workEnd"_s);
        QCOMPARE(refused(u"step=day&step=hour"_s), u"step"_s);
        QCOMPARE(refused(u"license=acme-cad"_s), u"license"_s);
        QCOMPARE(refused(u"from=2026-12-01T00:00:00.000Z&to=2026-11-01T00:00:00.000Z"_s), u"to"_s);
        QCOMPARE(refused(u"step=hour&tz=Europe/Paris"_s), QString());
    }
};

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestWire)
#include "tst_wire.moc"
