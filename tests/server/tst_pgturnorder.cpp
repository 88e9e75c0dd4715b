#include "LeaseSigner.h"
#include "Metrics.h"
#include "PgTestDatabase.h"
#include "SystemClock.h"
#include "access/AccessService.h"
#include "http/HttpApi.h"
#include "http/RequestTurn.h"
#include "seats/LeaseReaper.h"
#include "seats/LicenseAdmin.h"
#include "seats/SeatService.h"
#include "stats/StatsService.h"
#include "store/PgLeaseStore.h"
#include "wire/ApiPaths.h"
#include "wire/SeatRequests.h"

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <array>
#include <chrono>
#include <latch>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

using namespace keyright::server;

namespace {

struct Beat
{
    QString licenseId;
    QString seatId;
    QByteArray licenseKey; // "License <key>"
};

// What one instance's turn answered and how long its end took.
struct TurnOutcome
{
    QString error; // the store did not open
    QList<int> statuses;
    std::chrono::steady_clock::time_point finishedAt;
};

std::unique_ptr<PgLeaseStore> openPg(const QString &url, QString *error)
{
    const auto info = PgConnectionInfo::parse(url, error);
    if (!info)
        return nullptr;
    auto store = std::make_unique<PgLeaseStore>(*info, std::nullopt, SystemClock::instance());
    if (!store->open(error))
        return nullptr;
    return store;
}

// One keyright-server instance's request path (store, seat logic, API, turn) on a thread of its
// own, with its own connection: submits `beats` in that order as one turn, says so on `planned`,
// then ends the turn. Everything is made and destroyed on that thread (Qt SQL connections belong
// to one).
void runInstance(const QString &url, const QList<Beat> &beats, std::latch &planned, TurnOutcome &outcome)
{
    QString error;
    auto store = openPg(url, &error);
    if (!store) {
        outcome.error = error;
        planned.count_down();
        return;
    }
    const auto signer = LeaseSigner::generate();
    SeatService seats(*store, *signer, store->clock());
    LicenseAdmin licenses(*store, store->clock());
    LeaseReaper reaper(seats, *store, nullptr, std::chrono::milliseconds {0}, 0);
    AccessService access(*store, store->clock());
    Metrics metrics;
    HttpApi api({seats, licenses, reaper, access, metrics}, signer->publicKey());
    RequestTurn turn(api, seats, *store);
    for (const Beat &beat : beats) {
        ApiRequest request;
        request.method = "POST";
        request.path = u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(beat.licenseId, beat.seatId);
        request.authorization = beat.licenseKey;
        request.remoteAddress = QHostAddress::LocalHost;
        turn.submit(request, [&](const ApiResponse &response) { outcome.statuses.append(response.status); });
    }
    planned.count_down();
    turn.finish();
    outcome.finishedAt = std::chrono::steady_clock::now();
}

// A request of a mixed turn: a checkout, a release or a heartbeat, with its license key.
struct Call
{
    QByteArray method;
    QString path;
    QByteArray body;
    QByteArray licenseKey;
};

// runInstance() for any lease calls: what each was answered, in the order they were submitted.
// With a `replicaId`, the instance counts grants, denials and releases under it (StatsService),
// as a server does.
void runCalls(const QString &url, const QList<Call> &calls, std::latch &planned, TurnOutcome &outcome,
              const QString &replicaId = {})
{
    QString error;
    auto store = openPg(url, &error);
    if (!store) {
        outcome.error = error;
        planned.count_down();
        return;
    }
    const auto signer = LeaseSigner::generate();
    SeatService seats(*store, *signer, store->clock());
    StatsService stats(*store, replicaId, store->clock());
    if (!replicaId.isEmpty())
        seats.setStats(&stats);
    LicenseAdmin licenses(*store, store->clock());
    LeaseReaper reaper(seats, *store, nullptr, std::chrono::milliseconds {0}, 0);
    AccessService access(*store, store->clock());
    Metrics metrics;
    HttpApi api({seats, licenses, reaper, access, metrics}, signer->publicKey());
    RequestTurn turn(api, seats, *store);
    outcome.statuses = QList<int>(calls.size(), 0);
    for (qsizetype i = 0; i < calls.size(); ++i) {
        ApiRequest request;
        request.method = calls[i].method;
        request.path = calls[i].path;
        request.body = calls[i].body;
        request.authorization = calls[i].licenseKey;
        request.remoteAddress = QHostAddress::LocalHost;
        turn.submit(request, [&outcome, i](const ApiResponse &response) { outcome.statuses[i] = response.status; });
    }
    planned.count_down();
    turn.finish();
    outcome.finishedAt = std::chrono::steady_clock::now();
}

} // namespace

// Group commit on PostgreSQL (RequestTurn batching a turn's renewals into one transaction) shared
// by several instances: two instances whose turns renew seats of the same licenses, heartbeats
// arriving in opposite license orders, must both be answered 200 without PostgreSQL having to
// break a deadlock (which it does only after deadlock_timeout; the loser's work is then undone
// and tried again, or fails). Real PostgreSQL, two stores on one database, each on its own thread.
class TestPostgresTurnOrder final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oppositeArrivalOrdersNeverDeadlock();
    void mixedTurnsNeverOverGrantNorDeadlock();
    void checkoutTurnsOnManyLicensesCountOnce();
    void aCallThatFailsIsUndoneAlone();
};

void TestPostgresTurnOrder::oppositeArrivalOrdersNeverDeadlock()
{
    PgTestDatabase pg;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(pg);

    // PostgreSQL looks for a deadlock only after a lock wait of deadlock_timeout: five seconds here,
    // so that a turn that had to wait for that stands out from one that waited for nothing.
    QString error;
    QVERIFY2(pg.exec(u"ALTER DATABASE \"%1\" SET deadlock_timeout = '5s'"_s.arg(pg.name()), &error), qPrintable(error));

    // Two licenses, and on each one seat for each instance to renew.
    QHash<QString, QByteArray> keys;
    QHash<QString, QString> seatOf; // "license/instance" -> seat id
    {
        auto store = openPg(pg.url(), &error);
        QVERIFY2(store, qPrintable(error));
        const auto signer = LeaseSigner::generate();
        QVERIFY(signer);
        SeatService seats(*store, *signer, store->clock());
        LicenseAdmin licenses(*store, store->clock());
        for (const QString &license : {u"lic-a"_s, u"lic-b"_s}) {
            const LicenseSpec spec {license, license, 10, 60, 5, 15};
            const auto created = licenses.putLicense(license, spec, u"test"_s);
            QCOMPARE(created.outcome, LicenseAdmin::PutLicenseResult::Outcome::Created);
            keys.insert(license, "License " + created.key.toLatin1());
            for (const QString &instance : {u"one"_s, u"two"_s}) {
                const auto seat = seats.checkout(license, instance + u"@ws"_s, {}, u"test"_s);
                QCOMPARE(seat.outcome, SeatService::CheckoutResult::Outcome::Granted);
                seatOf.insert(license + u'/' + instance, seat.lease.seatId);
            }
        }
    }
    const auto beat = [&](const QString &license, const QString &instance) {
        return Beat {license, seatOf.value(license + u'/' + instance), keys.value(license)};
    };
    // Opposite arrival orders: locked in arrival order, instance one would hold lic-b and wait
    // for lic-a while instance two held lic-a and waited for lic-b.
    const QList<Beat> first {beat(u"lic-b"_s, u"one"_s), beat(u"lic-a"_s, u"one"_s)};
    const QList<Beat> second {beat(u"lic-a"_s, u"two"_s), beat(u"lic-b"_s, u"two"_s)};

    // Hold both licenses while the two turns start, so that they are sure to overlap: each then
    // waits for the first license it locks, and both get it the moment this transaction ends.
    QSqlDatabase db = pg.connection();
    QVERIFY(db.transaction());
    QSqlQuery hold(db);
    QVERIFY2(hold.exec(u"SELECT id FROM licenses WHERE id IN ('lic-a', 'lic-b') FOR UPDATE"_s),
             qPrintable(hold.lastError().text()));

    std::latch planned(2);
    TurnOutcome one;
    TurnOutcome two;
    const QString url = pg.url();
    std::unique_ptr<QThread> threadOne(QThread::create([&] { runInstance(url, first, planned, one); }));
    std::unique_ptr<QThread> threadTwo(QThread::create([&] { runInstance(url, second, planned, two); }));
    threadOne->start();
    threadTwo->start();
    planned.wait();
    QVERIFY2(one.error.isEmpty(), qPrintable(one.error));
    QVERIFY2(two.error.isEmpty(), qPrintable(two.error));

    // Both turns are waiting for a license lock (the one this test holds).
    const auto waiting = [&] {
        QSqlQuery q(db);
        if (!q.exec(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock'"_s)
            || !q.next())
            return -1;
        return q.value(0).toInt();
    };
    QTRY_COMPARE_WITH_TIMEOUT(waiting(), 2, 10'000);
    QVERIFY(db.commit());
    const auto released = std::chrono::steady_clock::now();

    QVERIFY(threadOne->wait(QDeadlineTimer(30s)));
    QVERIFY(threadTwo->wait(QDeadlineTimer(30s)));
    // Every heartbeat renewed, and neither turn sat out a deadlock_timeout.
    QCOMPARE(one.statuses, (QList<int> {200, 200}));
    QCOMPARE(two.statuses, (QList<int> {200, 200}));
    const auto after = [&](const TurnOutcome &outcome) {
        return std::chrono::duration_cast<std::chrono::milliseconds>(outcome.finishedAt - released).count();
    };
    QVERIFY2(after(one) < 2500 && after(two) < 2500,
             qPrintable(u"turns ended %1 ms and %2 ms after the licenses were free"_s.arg(after(one)).arg(after(two))));
}

// The same for turns of checkouts, releases and heartbeats together (issue 30: a turn's requests
// on licenses are decided in one transaction, every license of the turn locked first): three
// instances, each with a turn on three licenses in its own license order, all overlapping. None
// may wait out a deadlock_timeout, and no license may have more live seats than its count: each
// license has 7 seats, 6 held (two per instance), and each instance's turn releases one of its
// seats, renews the other and asks for two more. Whatever order the turns take, a turn sees the
// releases of the turns before it and its own, so exactly 4 of the 6 checkouts of a license are
// granted and every license ends with its 7 seats taken.
void TestPostgresTurnOrder::mixedTurnsNeverOverGrantNorDeadlock()
{
    PgTestDatabase pg;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(pg);
    QString error;
    QVERIFY2(pg.exec(u"ALTER DATABASE \"%1\" SET deadlock_timeout = '5s'"_s.arg(pg.name()), &error), qPrintable(error));

    const QStringList licenseIds {u"lic-a"_s, u"lic-b"_s, u"lic-c"_s};
    const QStringList instances {u"one"_s, u"two"_s, u"three"_s};
    constexpr int seatCount = 7;
    QHash<QString, QByteArray> keys;
    QHash<QString, QString> seatOf; // "license/instance/keep" or ".../drop" -> seat id
    {
        auto store = openPg(pg.url(), &error);
        QVERIFY2(store, qPrintable(error));
        const auto signer = LeaseSigner::generate();
        QVERIFY(signer);
        SeatService seats(*store, *signer, store->clock());
        LicenseAdmin licenses(*store, store->clock());
        for (const QString &license : licenseIds) {
            const LicenseSpec spec {license, license, seatCount, 60, 5, 15};
            const auto created = licenses.putLicense(license, spec, u"test"_s);
            QCOMPARE(created.outcome, LicenseAdmin::PutLicenseResult::Outcome::Created);
            keys.insert(license, "License " + created.key.toLatin1());
            for (const QString &instance : instances) {
                for (const QString &role : {u"keep"_s, u"drop"_s}) {
                    const auto seat = seats.checkout(license, instance + u'-' + role + u"@ws"_s, {}, u"test"_s);
                    QCOMPARE(seat.outcome, SeatService::CheckoutResult::Outcome::Granted);
                    seatOf.insert(license + u'/' + instance + u'/' + role, seat.lease.seatId);
                }
            }
        }
    }
    // Per license, in this order: release one seat, renew the other, two checkouts.
    const auto turnOf = [&](const QString &instance, const QStringList &order) {
        QList<Call> calls;
        for (const QString &license : order) {
            const QByteArray key = keys.value(license);
            calls.append(
                Call {"DELETE",
                      apipath::forSeat(apipath::seat, license, seatOf.value(license + u'/' + instance + u"/drop"_s)),
                      {},
                      key});
            calls.append(Call {
                "POST",
                apipath::forSeat(apipath::seatHeartbeat, license, seatOf.value(license + u'/' + instance + u"/keep"_s)),
                "{}", key});
            for (int n = 1; n <= 2; ++n) {
                const QString holder = u"%1-new%2@ws"_s.arg(instance).arg(n);
                calls.append(Call {
                    "POST", apipath::forLicense(apipath::checkout, license),
                    QJsonDocument(CheckoutRequest {holder, {}, {}, {}}.toJson()).toJson(QJsonDocument::Compact), key});
            }
        }
        return calls;
    };
    // Three different license orders, two of them opposite.
    const QList<QStringList> orders {{u"lic-a"_s, u"lic-b"_s, u"lic-c"_s},
                                     {u"lic-c"_s, u"lic-b"_s, u"lic-a"_s},
                                     {u"lic-b"_s, u"lic-c"_s, u"lic-a"_s}};

    // Every license held while the turns start, so that they overlap for sure.
    QSqlDatabase db = pg.connection();
    QVERIFY(db.transaction());
    QSqlQuery hold(db);
    QVERIFY2(hold.exec(u"SELECT id FROM licenses WHERE id IN ('lic-a', 'lic-b', 'lic-c') FOR UPDATE"_s),
             qPrintable(hold.lastError().text()));

    std::latch planned(3);
    std::array<TurnOutcome, 3> outcomes;
    std::array<QList<Call>, 3> turns;
    std::array<std::unique_ptr<QThread>, 3> threads;
    const QString url = pg.url();
    for (int i = 0; i < 3; ++i) {
        turns[i] = turnOf(instances[i], orders[i]);
        threads[i].reset(QThread::create([&, i] { runCalls(url, turns[i], planned, outcomes[i]); }));
        threads[i]->start();
    }
    planned.wait();
    for (const TurnOutcome &outcome : outcomes)
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));

    const auto waiting = [&] {
        QSqlQuery q(db);
        if (!q.exec(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock'"_s)
            || !q.next())
            return -1;
        return q.value(0).toInt();
    };
    QTRY_COMPARE_WITH_TIMEOUT(waiting(), 3, 10'000);
    QVERIFY(db.commit());
    const auto released = std::chrono::steady_clock::now();
    for (const auto &thread : threads)
        QVERIFY(thread->wait(QDeadlineTimer(30s)));

    QHash<QString, int> granted;
    for (int i = 0; i < 3; ++i) {
        const QList<int> &statuses = outcomes[i].statuses;
        QCOMPARE(statuses.size(), 12);
        for (qsizetype c = 0; c < statuses.size(); ++c) {
            const QString license = orders[i][c / 4];
            switch (c % 4) {
            case 0:
                QCOMPARE(statuses[c], 204); // released
                break;
            case 1:
                QCOMPARE(statuses[c], 200); // renewed
                break;
            default:
                QVERIFY2(statuses[c] == 201 || statuses[c] == 409,
                         qPrintable(u"checkout on %1 answered %2"_s.arg(license).arg(statuses[c])));
                if (statuses[c] == 201)
                    granted[license] += 1;
            }
        }
        const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(outcomes[i].finishedAt - released);
        QVERIFY2(after.count() < 2500,
                 qPrintable(u"turn %1 ended %2 ms after the licenses were free"_s.arg(i).arg(after.count())));
    }
    // Read back from the database: never more live seats than the count, and the seats the turns
    // freed were all given again.
    QSqlQuery live(db);
    QVERIFY2(live.exec(u"SELECT license_id, count(*) FROM leases GROUP BY license_id"_s),
             qPrintable(live.lastError().text()));
    QHash<QString, int> held;
    while (live.next())
        held.insert(live.value(0).toString(), live.value(1).toInt());
    for (const QString &license : licenseIds) {
        QCOMPARE(granted.value(license), 4);
        QCOMPARE(held.value(license), seatCount);
    }
}

// Three instances' turns of releases and checkouts on six licenses, in opposite and rotated
// license orders, each instance counting under its own replica id: no turn waits for a deadlock
// to be broken, no license ever holds more seats than its count, and the usage counters (written
// for a whole turn with one statement on PostgreSQL) say exactly what the answers said, per
// instance and per license.
void TestPostgresTurnOrder::checkoutTurnsOnManyLicensesCountOnce()
{
    PgTestDatabase pg;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(pg);
    QString error;
    QVERIFY2(pg.exec(u"ALTER DATABASE \"%1\" SET deadlock_timeout = '5s'"_s.arg(pg.name()), &error), qPrintable(error));

    const QStringList licenseIds {u"lic-1"_s, u"lic-2"_s, u"lic-3"_s, u"lic-4"_s, u"lic-5"_s, u"lic-6"_s};
    const QStringList instances {u"one"_s, u"two"_s, u"three"_s};
    constexpr int seatCount = 3; // one seat per instance at the start: every license full
    QHash<QString, QByteArray> keys;
    QHash<QString, QString> seatOf; // "license/instance" -> the seat it holds at the start
    {
        auto store = openPg(pg.url(), &error);
        QVERIFY2(store, qPrintable(error));
        const auto signer = LeaseSigner::generate();
        QVERIFY(signer);
        SeatService seats(*store, *signer, store->clock()); // counts nothing: the setup is not counted
        LicenseAdmin licenses(*store, store->clock());
        for (const QString &license : licenseIds) {
            const LicenseSpec spec {license, license, seatCount, 60, 5, 15};
            const auto created = licenses.putLicense(license, spec, u"test"_s);
            QCOMPARE(created.outcome, LicenseAdmin::PutLicenseResult::Outcome::Created);
            keys.insert(license, "License " + created.key.toLatin1());
            for (const QString &instance : instances) {
                const auto seat = seats.checkout(license, instance + u"-old@ws"_s, {}, u"test"_s);
                QCOMPARE(seat.outcome, SeatService::CheckoutResult::Outcome::Granted);
                seatOf.insert(license + u'/' + instance, seat.lease.seatId);
            }
        }
    }
    // Per license: release the instance's seat, then two checkouts. Each turn holds a license
    // while it decides its three calls there, so whichever instance comes first, three seats free
    // up and six checkouts ask for them: three granted, three refused.
    const auto turnOf = [&](const QString &instance, const QStringList &order) {
        QList<Call> calls;
        for (const QString &license : order) {
            const QByteArray key = keys.value(license);
            calls.append(Call {
                "DELETE", apipath::forSeat(apipath::seat, license, seatOf.value(license + u'/' + instance)), {}, key});
            for (int n = 1; n <= 2; ++n) {
                const QString holder = u"%1-new%2@ws"_s.arg(instance).arg(n);
                calls.append(Call {
                    "POST", apipath::forLicense(apipath::checkout, license),
                    QJsonDocument(CheckoutRequest {holder, {}, {}, {}}.toJson()).toJson(QJsonDocument::Compact), key});
            }
        }
        return calls;
    };
    QStringList reversed = licenseIds;
    std::reverse(reversed.begin(), reversed.end());
    const QList<QStringList> orders {licenseIds, reversed, licenseIds.mid(3) + licenseIds.mid(0, 3)};

    // Every license held while the turns start, so that they overlap for sure.
    QSqlDatabase db = pg.connection();
    QVERIFY(db.transaction());
    QSqlQuery hold(db);
    QVERIFY2(hold.exec(u"SELECT id FROM licenses FOR UPDATE"_s), qPrintable(hold.lastError().text()));

    std::latch planned(3);
    std::array<TurnOutcome, 3> outcomes;
    std::array<QList<Call>, 3> turns;
    std::array<std::unique_ptr<QThread>, 3> threads;
    const QString url = pg.url();
    for (int i = 0; i < 3; ++i) {
        turns[i] = turnOf(instances[i], orders[i]);
        threads[i].reset(
            QThread::create([&, i] { runCalls(url, turns[i], planned, outcomes[i], u"replica-"_s + instances[i]); }));
        threads[i]->start();
    }
    planned.wait();
    for (const TurnOutcome &outcome : outcomes)
        QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    const auto waiting = [&] {
        QSqlQuery q(db);
        if (!q.exec(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock'"_s)
            || !q.next())
            return -1;
        return q.value(0).toInt();
    };
    QTRY_COMPARE_WITH_TIMEOUT(waiting(), 3, 10'000);
    QVERIFY(db.commit());
    const auto released = std::chrono::steady_clock::now();
    for (const auto &thread : threads)
        QVERIFY(thread->wait(QDeadlineTimer(30s)));

    // What the answers said, per replica, license and counter.
    QHash<QString, int> answered; // "replica/license/counter"
    for (int i = 0; i < 3; ++i) {
        const QList<int> &statuses = outcomes[i].statuses;
        QCOMPARE(statuses.size(), 3 * licenseIds.size());
        const QString replica = u"replica-"_s + instances[i];
        for (qsizetype c = 0; c < statuses.size(); ++c) {
            const QString license = orders[i][c / 3];
            if (c % 3 == 0) {
                QCOMPARE(statuses[c], 204); // released
                answered[replica + u'/' + license + u"/released"_s] += 1;
            } else {
                QVERIFY2(statuses[c] == 201 || statuses[c] == 409,
                         qPrintable(u"checkout on %1 answered %2"_s.arg(license).arg(statuses[c])));
                answered[replica + u'/' + license + (statuses[c] == 201 ? u"/granted"_s : u"/denied"_s)] += 1;
            }
        }
        const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(outcomes[i].finishedAt - released);
        QVERIFY2(after.count() < 2500,
                 qPrintable(u"turn %1 ended %2 ms after the licenses were free"_s.arg(i).arg(after.count())));
    }
    QSqlQuery live(db);
    QVERIFY2(live.exec(u"SELECT license_id, count(*) FROM leases GROUP BY license_id"_s),
             qPrintable(live.lastError().text()));
    QHash<QString, int> held;
    while (live.next())
        held.insert(live.value(0).toString(), live.value(1).toInt());
    for (const QString &license : licenseIds) {
        QCOMPARE(held.value(license), seatCount); // every freed seat given again, never one more
        int granted = 0;
        for (const QString &instance : instances)
            granted += answered.value(u"replica-"_s + instance + u'/' + license + u"/granted"_s);
        QCOMPARE(granted, seatCount);
    }
    // The counters, read back: each component exactly what its instance answered.
    QSqlQuery counted(db);
    QVERIFY2(counted.exec(u"SELECT replica_id, license_id, counter, value FROM stat_components"_s),
             qPrintable(counted.lastError().text()));
    QHash<QString, int> stored;
    while (counted.next()) {
        stored.insert(counted.value(0).toString() + u'/' + counted.value(1).toString() + u'/'
                          + counted.value(2).toString(),
                      counted.value(3).toInt());
    }
    QCOMPARE(stored, answered);
}

// A turn's lease calls share one transaction on PostgreSQL: one whose statement the database
// refuses (here a trigger refuses one holder's seat) is answered 500 and undone alone, and the
// calls before and after it are kept, their seats and events committed.
void TestPostgresTurnOrder::aCallThatFailsIsUndoneAlone()
{
    PgTestDatabase pg;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(pg);
    QString error;
    QHash<QString, QByteArray> keys;
    {
        auto store = openPg(pg.url(), &error);
        QVERIFY2(store, qPrintable(error));
        LicenseAdmin licenses(*store, store->clock());
        for (const QString &license : {u"lic-a"_s, u"lic-b"_s}) {
            const auto created = licenses.putLicense(license, LicenseSpec {license, license, 5, 60, 5, 15}, u"test"_s);
            QCOMPARE(created.outcome, LicenseAdmin::PutLicenseResult::Outcome::Created);
            keys.insert(license, "License " + created.key.toLatin1());
        }
    }
    QVERIFY2(pg.exec(u"CREATE FUNCTION refuse_seat() RETURNS trigger LANGUAGE plpgsql AS "
                     "$$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$"_s,
                     &error),
             qPrintable(error));
    QVERIFY2(pg.exec(u"CREATE TRIGGER refuse_seat BEFORE INSERT ON leases FOR EACH ROW "
                     "WHEN (NEW.holder = 'refused@ws') EXECUTE FUNCTION refuse_seat()"_s,
                     &error),
             qPrintable(error));
    const auto checkout = [&](const QString &license, const QString &holder) {
        return Call {"POST", apipath::forLicense(apipath::checkout, license),
                     QJsonDocument(CheckoutRequest {holder, {}, {}, {}}.toJson()).toJson(QJsonDocument::Compact),
                     keys.value(license)};
    };
    const QList<Call> calls {checkout(u"lic-b"_s, u"alice@ws"_s), checkout(u"lic-a"_s, u"refused@ws"_s),
                             checkout(u"lic-a"_s, u"carol@ws"_s)};
    std::latch planned(1);
    TurnOutcome outcome;
    runCalls(pg.url(), calls, planned, outcome);
    QVERIFY2(outcome.error.isEmpty(), qPrintable(outcome.error));
    QCOMPARE(outcome.statuses, (QList<int> {201, 500, 201}));

    QSqlDatabase db = pg.connection();
    QSqlQuery rows(db);
    QVERIFY2(rows.exec(u"SELECT holder FROM leases ORDER BY holder"_s), qPrintable(rows.lastError().text()));
    QStringList holders;
    while (rows.next())
        holders.append(rows.value(0).toString());
    QCOMPARE(holders, (QStringList {u"alice@ws"_s, u"carol@ws"_s}));
    QSqlQuery granted(db);
    QVERIFY2(granted.exec(u"SELECT holder FROM events WHERE kind = 'granted' ORDER BY holder"_s),
             qPrintable(granted.lastError().text()));
    QStringList grantedTo;
    while (granted.next())
        grantedTo.append(granted.value(0).toString());
    QCOMPARE(grantedTo, (QStringList {u"alice@ws"_s, u"carol@ws"_s}));
}

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestPostgresTurnOrder)
#include "tst_pgturnorder.moc"
