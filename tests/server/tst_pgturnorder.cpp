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
#include "store/PgLeaseStore.h"

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

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

} // namespace keyright

QTEST_GUILESS_MAIN(keyright::TestPostgresTurnOrder)
#include "tst_pgturnorder.moc"
