#include "HttpBurst.h"
#include "InstanceCluster.h"
#include "PgCluster.h"
#include "PgTestDatabase.h"
#include "ServeEventLoop.h"
#include "TestHttp.h"
#include "Timestamps.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QTest>

#include <functional>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The database's clock steps under three real instances (issue 24, item 1). A PostgreSQL cluster of
// the test's own runs under libfaketime; its clock is stepped forward 10 min, back 20 min and
// forward 10 min again (an NTP step, a restored virtual machine) while three keyright-server
// processes serve a holder who keeps renewing; one instance is restarted afterwards. Then, on a
// one-seat license, a late heartbeat of holder A on each instance races a checkout of holder C on
// each other one, fired just after A's lease ended by the checkout's instance. What a user would
// notice if it broke: two live leases on one seat (the heartbeat renewed by one instance and the
// seat granted by another), a holder losing its seat to a step, instances answering different
// times, one step reported once per instance or as a "wall" clock's.
//
// Needs PostgreSQL and libfaketime (Debian's faketime and libfaketime; scripts/install-deps.sh):
// without them it skips with the reason, and with KEYRIGHT_REQUIRE_PG=1 (the test command) it
// fails instead. Time is real: short TTLs, every wait bounded.
class TestDatabaseClockStep : public QObject
{
    Q_OBJECT

private slots:
    void postgresClockStepsLeaveOneNowForEveryInstance();

private:
    struct Reading
    {
        qint64 offsetMs = 0; // the instance's "now" minus the test's own clock, at the midpoint
        qint64 roundTripMs = 0;
    };

    // The test's own clock: the machine's wall clock when the test began, moved on by its
    // monotonic clock (PostgreSQL's clock is the only one stepped).
    qint64 testNowMs() const { return m_startMs + m_elapsed.elapsed(); }
    // An instance's GET /v1/time against testNowMs(): the best of a few round trips.
    Reading readNow(TestHttp &http);
    // The "now" an instance decides with: the issuedAt of a checkout it grants (on the probe
    // license, released again), against testNowMs(); the best of a few round trips.
    Reading decisionNow(TestHttp &http);
    // Every pair of instances agrees on "now" within their round trips, plus `slackMs` (the
    // millisecond of the timestamps, and for GET /v1/time the database round trip its reading
    // was taken in, which the test cannot see).
    QString disagreement(const std::function<Reading(TestHttp &)> &read, qint64 slackMs);
    QString disagreements();
    // Steps the database's clock and waits (bounded) until a query sees it.
    bool stepDatabaseClock(std::chrono::seconds offset, QString *error);
    // Serves the event loop for `span`, renewing the steady holder every 400 ms on the instances in
    // turn; false with the failure when a renewal was refused or a waiter got its seat.
    bool keepRenewing(std::chrono::milliseconds span, QString *error);

    std::unique_ptr<PgCluster> m_cluster;
    std::unique_ptr<PgTestDatabase> m_db;
    std::unique_ptr<InstanceCluster> m_instances;
    std::vector<std::unique_ptr<TestHttp>> m_http;
    QElapsedTimer m_elapsed;
    qint64 m_startMs = 0;
    QByteArray m_steadyKey;
    QByteArray m_probeKey;
    QString m_steadySeat;
    int m_renewals = 0;
};

namespace {

constexpr qint64 ttlMs = 2000;
constexpr qint64 skewMs = 1000;

QByteArray licenseKey(const HttpResult &created)
{
    return "License " + created.json().value("key"_L1).toString().toLatin1();
}

QByteArray checkoutRequest(const QString &license, const QByteArray &key, const QString &holder)
{
    return HttpBurst::request("POST", "/v1/licenses/" + license.toLatin1() + "/checkout", key,
                              QJsonDocument(QJsonObject {{u"holder"_s, holder}}).toJson(QJsonDocument::Compact));
}

QByteArray heartbeatRequest(const QString &license, const QByteArray &key, const QString &seat)
{
    return HttpBurst::request("POST", "/v1/licenses/" + license.toLatin1() + "/seats/" + seat.toLatin1() + "/heartbeat",
                              key, {});
}

} // namespace

TestDatabaseClockStep::Reading TestDatabaseClockStep::readNow(TestHttp &http)
{
    Reading best {0, -1};
    for (int attempt = 0; attempt < 3; ++attempt) {
        const qint64 before = testNowMs();
        const HttpResult answer = http.get(u"/v1/time"_s);
        const qint64 after = testNowMs();
        const qint64 now = msOf(answer.json().value("now"_L1));
        if (answer.status != 200 || now < 0)
            continue;
        if (best.roundTripMs < 0 || after - before < best.roundTripMs)
            best = Reading {now - (before + after) / 2, after - before};
    }
    return best;
}

TestDatabaseClockStep::Reading TestDatabaseClockStep::decisionNow(TestHttp &http)
{
    Reading best {0, -1};
    for (int attempt = 0; attempt < 3; ++attempt) {
        const qint64 before = testNowMs();
        const HttpResult granted = http.post(u"/v1/licenses/probe/checkout"_s, {{u"holder"_s, u"probe"_s}}, m_probeKey);
        const qint64 after = testNowMs();
        const qint64 issued = msOf(granted.json()["lease"_L1]["issuedAt"_L1]);
        if (granted.status != 201 || issued < 0)
            continue;
        http.del(u"/v1/licenses/probe/seats/%1"_s.arg(granted.json()["lease"_L1]["seatId"_L1].toString()), m_probeKey);
        if (best.roundTripMs < 0 || after - before < best.roundTripMs)
            best = Reading {issued - (before + after) / 2, after - before};
    }
    return best;
}

QString TestDatabaseClockStep::disagreement(const std::function<Reading(TestHttp &)> &read, qint64 slackMs)
{
    std::vector<Reading> readings;
    for (const auto &instance : m_http) {
        readings.push_back(read(*instance));
        if (readings.back().roundTripMs < 0)
            return u"instance %1 gave no reading"_s.arg(readings.size() - 1);
    }
    QStringList problems;
    QStringList seen;
    for (const Reading &reading : readings)
        seen.append(u"%1 ms (round trip %2 ms)"_s.arg(reading.offsetMs).arg(reading.roundTripMs));
    qInfo("instances' offsets from the test's clock: %s", qPrintable(seen.join(u", "_s)));
    for (std::size_t i = 0; i < readings.size(); ++i) {
        for (std::size_t j = i + 1; j < readings.size(); ++j) {
            const qint64 apart = qAbs(readings[i].offsetMs - readings[j].offsetMs);
            const qint64 allowed = (readings[i].roundTripMs + readings[j].roundTripMs) / 2 + slackMs;
            if (apart > allowed)
                problems.append(
                    u"instances %1 and %2 are %3 ms apart (%4 ms allowed)"_s.arg(i).arg(j).arg(apart).arg(allowed));
        }
    }
    return problems.join(u"; "_s);
}

QString TestDatabaseClockStep::disagreements()
{
    QStringList problems;
    if (const QString decided = disagreement([this](TestHttp &http) { return decisionNow(http); }, 2);
        !decided.isEmpty())
        problems.append(u"deciding: "_s + decided);
    if (const QString time = disagreement([this](TestHttp &http) { return readNow(http); }, 25); !time.isEmpty())
        problems.append(u"GET /v1/time: "_s + time);
    return problems.join(u'\n');
}

bool TestDatabaseClockStep::stepDatabaseClock(std::chrono::seconds offset, QString *error)
{
    if (!m_cluster->setClockOffset(offset, error))
        return false;
    const qint64 wanted = std::chrono::milliseconds(offset).count();
    qint64 seen = 0;
    const bool stepped = serveUntil(
        [&] {
            QSqlQuery query(m_db->connection());
            if (!query.exec(u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s)
                || !query.next())
                return false;
            seen = query.value(0).toLongLong() - QDateTime::currentMSecsSinceEpoch();
            return qAbs(seen - wanted) < 2000;
        },
        5s);
    if (!stepped)
        *error = u"the database's clock is %1 ms off the machine's, not %2 ms"_s.arg(seen).arg(wanted);
    return stepped;
}

bool TestDatabaseClockStep::keepRenewing(std::chrono::milliseconds span, QString *error)
{
    const QDeadlineTimer end(span);
    while (!end.hasExpired()) {
        TestHttp &http = *m_http[std::size_t(m_renewals % 3)];
        const HttpResult renewed
            = http.call("POST", u"/v1/licenses/steady/seats/%1/heartbeat"_s.arg(m_steadySeat), {}, m_steadyKey);
        if (renewed.status != 200) {
            *error = u"renewal %1 (instance %2) got %3 %4"_s.arg(m_renewals)
                         .arg(m_renewals % 3)
                         .arg(renewed.status)
                         .arg(QString::fromUtf8(renewed.body));
            return false;
        }
        const HttpResult waiter
            = http.post(u"/v1/licenses/steady/checkout"_s, {{u"holder"_s, u"waiter"_s}}, m_steadyKey);
        if (waiter.status != 409) {
            *error
                = u"a waiter got %1 on instance %2 while the holder renewed"_s.arg(waiter.status).arg(m_renewals % 3);
            return false;
        }
        ++m_renewals;
        serveFor(400ms);
    }
    return true;
}

void TestDatabaseClockStep::postgresClockStepsLeaveOneNowForEveryInstance()
{
    if (const QString missing = PgCluster::fakeTimeMissing(); !missing.isEmpty()) {
        if (PgTestDatabase::required())
            QFAIL(qPrintable(u"PostgreSQL under libfaketime required (KEYRIGHT_REQUIRE_PG=1) but "_s + missing));
        QSKIP(qPrintable(missing));
    }
    m_elapsed.start();
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    m_cluster = std::make_unique<PgCluster>(PgCluster::Options {.fakeTime = true});
    QString error;
    QVERIFY2(m_cluster->start(&error), qPrintable(error));
    m_db = std::make_unique<PgTestDatabase>(m_cluster->adminUrl());
    QVERIFY2(m_db->isAvailable(), qPrintable(m_db->reason()));

    m_instances = std::make_unique<InstanceCluster>(3, m_db->url());
    QVERIFY2(m_instances->start(&error), qPrintable(error + m_instances->output()));
    for (const QUrl &url : m_instances->urls())
        m_http.push_back(std::make_unique<TestHttp>(url));
    const QByteArray admin = m_instances->adminAuthorization();

    // A holder that keeps renewing through every step, and a waiter that must never get its seat.
    const HttpResult steady = m_http[0]->put(
        u"/v1/licenses/steady"_s,
        {{u"seatCount"_s, 1}, {u"ttlSeconds"_s, 4}, {u"skewSeconds"_s, 1}, {u"reapGraceSeconds"_s, 30}}, admin);
    QCOMPARE(steady.status, 201);
    m_steadyKey = licenseKey(steady);
    const HttpResult held
        = m_http[0]->post(u"/v1/licenses/steady/checkout"_s, {{u"holder"_s, u"holder"_s}}, m_steadyKey);
    QCOMPARE(held.status, 201);
    m_steadySeat = held.json()["lease"_L1]["seatId"_L1].toString();
    const HttpResult probe = m_http[0]->put(
        u"/v1/licenses/probe"_s,
        {{u"seatCount"_s, 100}, {u"ttlSeconds"_s, 60}, {u"skewSeconds"_s, 1}, {u"reapGraceSeconds"_s, 30}}, admin);
    QCOMPARE(probe.status, 201);
    m_probeKey = licenseKey(probe);
    const QString before = disagreements();
    QVERIFY2(before.isEmpty(), qPrintable(before));

    // The steps: +10 min for long enough that a guard catching up would move seconds, -20 min
    // (10 min behind), then back to the right time.
    const std::pair<std::chrono::seconds, std::chrono::milliseconds> steps[] = {{600s, 10s}, {-600s, 4s}, {0s, 3s}};
    for (const auto &[offset, span] : steps) {
        QVERIFY2(stepDatabaseClock(offset, &error), qPrintable(error));
        QVERIFY2(keepRenewing(span, &error), qPrintable(error + u"\n"_s + m_instances->output()));
    }

    // What went wrong, all of it: the race below runs even when the instances already disagree,
    // so that a failure shows whether a seat was also granted twice.
    QStringList problems;

    // An instance started after the steps takes the same "now" as the ones that saw them.
    QVERIFY2(m_instances->restart(2, &error), qPrintable(error + m_instances->output()));
    QVERIFY2(keepRenewing(1s, &error), qPrintable(error));
    if (const QString apart = disagreements(); !apart.isEmpty())
        problems.append(u"after the steps and the restart: "_s + apart);

    // Each step reported once, by whichever instance saw it first, as the database's clock.
    const QJsonArray jumps
        = m_http[1]->get(u"/v1/events?kind=clock_jumped"_s, admin).json().value("events"_L1).toArray();
    QStringList seen;
    for (const QJsonValue &jump : jumps)
        seen.append(QString::fromUtf8(QJsonDocument(jump["detail"_L1].toObject()).toJson(QJsonDocument::Compact)));
    const qint64 sizes[] = {600000, -1200000, 600000};
    bool asStepped = jumps.size() == 3;
    for (int k = 0; asStepped && k < 3; ++k) {
        const QJsonObject detail = jumps.at(k)["detail"_L1].toObject();
        asStepped = detail.value("clock"_L1).toString() == u"database"_s
            && qAbs(detail.value("sizeMs"_L1).toInteger() - sizes[k]) < 3000;
    }
    if (!asStepped)
        problems.append(u"%1 clock_jumped events, not the three steps as the database's: %2"_s.arg(jumps.size())
                            .arg(seen.join(u", "_s)));

    // The race: for every ordered pair of instances, A's late heartbeat on one against C's
    // checkout on the other, fired when the checkout's instance has just counted A's lease out.
    const QList<quint16> ports {m_instances->instance(0).port(), m_instances->instance(1).port(),
                                m_instances->instance(2).port()};
    QStringList outcomes;
    int round = 0;
    for (const qint64 lateBy : {150, 500}) {
        for (int beat = 0; beat < 3; ++beat) {
            for (int take = 0; take < 3; ++take) {
                if (beat == take)
                    continue;
                const QString license = u"race-%1"_s.arg(round++);
                const HttpResult created = m_http[std::size_t(take)]->put(u"/v1/licenses/"_s + license,
                                                                          {{u"seatCount"_s, 1},
                                                                           {u"ttlSeconds"_s, int(ttlMs / 1000)},
                                                                           {u"skewSeconds"_s, int(skewMs / 1000)},
                                                                           {u"reapGraceSeconds"_s, 30}},
                                                                          admin);
                QCOMPARE(created.status, 201);
                const QByteArray key = licenseKey(created);
                const HttpResult granted = m_http[std::size_t(beat)]->post(u"/v1/licenses/%1/checkout"_s.arg(license),
                                                                           {{u"holder"_s, u"a"_s}}, key);
                QCOMPARE(granted.status, 201);
                const QString seat = granted.json()["lease"_L1]["seatId"_L1].toString();
                const qint64 endsAt = msOf(granted.json()["lease"_L1]["expiresAt"_L1]) + skewMs;
                // When, by the test's clock, the checkout's instance counts A's lease out.
                const Reading taker = readNow(*m_http[std::size_t(take)]);
                QVERIFY(taker.roundTripMs >= 0);
                const qint64 fireAt = endsAt + lateBy - taker.offsetMs;
                QVERIFY2(serveUntil([&] { return testNowMs() >= fireAt; }, 10s), "the race's moment never came");

                const QList<HttpBurst::Reply> replies
                    = HttpBurst::send(QHostAddress::LocalHost, {ports[beat], ports[take]},
                                      {heartbeatRequest(license, key, seat), checkoutRequest(license, key, u"c"_s)});
                const int heartbeat = replies.value(0).status;
                const int checkout = replies.value(1).status;
                const QString what = u"%1: heartbeat of A on instance %2 %3 ms late by instance %4, checkout of C "
                                     "there: %5 and %6"_s.arg(license)
                                         .arg(beat)
                                         .arg(lateBy)
                                         .arg(take)
                                         .arg(heartbeat)
                                         .arg(checkout);
                outcomes.append(what);
                QVERIFY2((heartbeat == 200 || heartbeat == 410) && (checkout == 201 || checkout == 409),
                         qPrintable(what));
                if (heartbeat == 200 && checkout == 201)
                    problems.append(u"over-grant: "_s + what);
                // And no instance counts two live leases on the one seat.
                for (int i = 0; i < 3; ++i) {
                    const QJsonArray rows = m_http[std::size_t(i)]
                                                ->get(u"/v1/licenses/%1/leases"_s.arg(license), admin)
                                                .json()
                                                .value("leases"_L1)
                                                .toArray();
                    int live = 0;
                    for (const QJsonValue &row : rows)
                        live += row["live"_L1].toBool() ? 1 : 0;
                    if (live > 1)
                        problems.append(
                            u"over-grant: %1: instance %2 counts %3 live leases"_s.arg(license).arg(i).arg(live));
                }
            }
        }
    }
    qInfo("%s", qPrintable(outcomes.join(u'\n')));
    qInfo("%d renewals of the steady holder, all renewed; clock_jumped: %s", m_renewals,
          qPrintable(seen.join(u", "_s)));
    if (const QString afterwards = disagreements(); !afterwards.isEmpty())
        problems.append(u"after the race: "_s + afterwards);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestDatabaseClockStep)
#include "tst_databaseclockstep.moc"
