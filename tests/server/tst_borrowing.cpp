#include "HttpBurst.h"
#include "LeaseJson.h"
#include "LeaseVerifier.h"
#include "ManualClock.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "wire/BorrowJson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// Borrowing (issue 27) through the real server in this process on a ManualClock: the policy's
// maximum, the seats kept on site, the seat count under a race of checkouts and borrows on one and
// on two instances, early return, an expired borrow freeing its seat with no reaper pass, and a
// returned or borrowed lease that cannot be renewed. Also registered on PostgreSQL
// (tst_borrowing_postgres), where the race runs on two instances sharing the database.
class TestBorrowing : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void policyBoundsBorrowing();
    void refusalsSayOneSeatAndOneDayInTheSingular();
    void refusedBorrowIsAnEventWithItsNumbers();
    void seatRefusedBorrowNamesTheReservation_data();
    void seatRefusedBorrowNamesTheReservation();
    void borrowRefusedAtAGroupCapKeepsTheGroupAndItsCap();
    void borrowedSeatCountsUntilReturned();
    void expiredBorrowFreesItsSeatWithoutReaper();
    void raceForTheLastSeats();
    void writeOffKeepsTheSeatCountedUntilItsExpiry();
    void writtenOffSeatReturnedEarlyIsFree();
    void onlyTheBorrowersSecretReturnsASeat();
    void writeOffRefusals();

private:
    QByteArray admin() const { return m_fixture->adminAuthorization(); }
    // A license of `seats` with the borrowing policy given (none when empty); its "License KEY".
    QByteArray createLicense(const QString &id, int seats, const QJsonObject &borrow);
    HttpResult borrow(const QString &license, const QByteArray &auth, const QString &holder, int days,
                      TestHttp *via = nullptr);
    HttpResult checkout(const QString &license, const QByteArray &auth, const QString &holder);
    QJsonObject summaryOf(const QString &license);
    HttpResult writeOff(const QString &license, const QString &seatId, const QJsonObject &body,
                        const QByteArray &auth = {});
    QByteArray token(const QString &name, const QString &role);
    QJsonArray eventsOf(const QString &license, const QString &kinds);
    // DELETE .../borrow/{seatId} with the return secret `secret` (64 hex digits; no body when empty).
    HttpResult giveBack(const QString &license, const QString &seatId, const QByteArray &auth,
                        const QString &secret = {});
    static QString secretOf(const HttpResult &reply)
    {
        return reply.json().value(QString::fromUtf16(BorrowReturnSecret::member)).toString();
    }
    static QString errorOf(const HttpResult &reply) { return reply.json().value("error"_L1).toString(); }
    static SeatLease leaseOf(const HttpResult &reply)
    {
        return leaseFromJson(reply.json().value("lease"_L1)).value_or(SeatLease());
    }
    static QJsonObject policy(int maxDays, int maxBorrowed, int keepOnSite)
    {
        return QJsonObject {{u"allowed"_s, true},
                            {u"maxDays"_s, maxDays},
                            {u"maxBorrowed"_s, maxBorrowed},
                            {u"keepOnSite"_s, keepOnSite}};
    }

    std::unique_ptr<TestServer> m_fixture;
    std::unique_ptr<TestHttp> m_http;
};

void TestBorrowing::init()
{
    m_fixture = std::make_unique<TestServer>(TestServer::Options {.reapInterval = 0s});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(*m_fixture);
    QString error;
    QVERIFY2(m_fixture->start(&error), qPrintable(error));
    m_http = std::make_unique<TestHttp>(m_fixture->url());
}

void TestBorrowing::cleanup()
{
    m_http.reset();
    m_fixture.reset();
}

QByteArray TestBorrowing::createLicense(const QString &id, int seats, const QJsonObject &borrowPolicy)
{
    QJsonObject body {
        {u"seatCount"_s, seats}, {u"ttlSeconds"_s, 60}, {u"skewSeconds"_s, 5}, {u"reapGraceSeconds"_s, 15}};
    if (!borrowPolicy.isEmpty())
        body.insert(u"borrow"_s, borrowPolicy);
    const auto reply = m_http->put(u"/v1/licenses/"_s + id, body, admin());
    if (reply.status != 201)
        qWarning("PUT license %s: %d %s", qPrintable(id), reply.status, reply.body.constData());
    return "License " + reply.json().value("key"_L1).toString().toLatin1();
}

HttpResult TestBorrowing::borrow(const QString &license, const QByteArray &auth, const QString &holder, int days,
                                 TestHttp *via)
{
    return (via ? via : m_http.get())
        ->post(u"/v1/licenses/%1/borrow"_s.arg(license), {{u"holder"_s, holder}, {u"days"_s, days}}, auth);
}

HttpResult TestBorrowing::checkout(const QString &license, const QByteArray &auth, const QString &holder)
{
    return m_http->post(u"/v1/licenses/%1/checkout"_s.arg(license), {{u"holder"_s, holder}}, auth);
}

QJsonObject TestBorrowing::summaryOf(const QString &license)
{
    const QJsonArray all = m_http->get(u"/v1/licenses"_s, admin()).json().value("licenses"_L1).toArray();
    for (const QJsonValue &entry : all) {
        if (entry["id"_L1].toString() == license)
            return entry.toObject();
    }
    return {};
}

HttpResult TestBorrowing::writeOff(const QString &license, const QString &seatId, const QJsonObject &body,
                                   const QByteArray &auth)
{
    return m_http->post(u"/v1/licenses/%1/borrow/%2/write-off"_s.arg(license, seatId), body,
                        auth.isEmpty() ? admin() : auth);
}

HttpResult TestBorrowing::giveBack(const QString &license, const QString &seatId, const QByteArray &auth,
                                   const QString &secret)
{
    const QByteArray body = secret.isEmpty()
        ? QByteArray()
        : QJsonDocument(QJsonObject {{QString::fromUtf16(BorrowReturnSecret::member), secret}}).toJson();
    return m_http->call("DELETE", u"/v1/licenses/%1/borrow/%2"_s.arg(license, seatId), body, auth);
}

QByteArray TestBorrowing::token(const QString &name, const QString &role)
{
    const HttpResult reply = m_http->post(u"/v1/tokens"_s, {{u"name"_s, name}, {u"role"_s, role}}, admin());
    return reply.status == 201 ? "Bearer " + reply.json().value("secret"_L1).toString().toLatin1() : QByteArray();
}

QJsonArray TestBorrowing::eventsOf(const QString &license, const QString &kinds)
{
    return m_http->get(u"/v1/events?license=%1&kind=%2"_s.arg(license, kinds), admin()).json()["events"_L1].toArray();
}

// Walk 55, 4: with one seat away the refusal said "1 seats of "acme-cad" are already borrowed".
// Every count of the refusals agrees with its noun and verb, one and several.
void TestBorrowing::refusalsSayOneSeatAndOneDayInTheSingular()
{
    const auto messageOf = [](const HttpResult &reply) { return reply.json().value("message"_L1).toString(); };
    // One day at most, one seat away at once.
    const QByteArray key = createLicense(u"acme-cad"_s, 3, policy(1, 1, 0));
    const auto tooLong = borrow(u"acme-cad"_s, key, u"alice@laptop"_s, 2);
    QCOMPARE(errorOf(tooLong), u"borrow_too_long"_s);
    QCOMPARE(messageOf(tooLong), u"a seat of \"acme-cad\" may be borrowed for 1 day at most, not 2"_s);
    QCOMPARE(borrow(u"acme-cad"_s, key, u"alice@laptop"_s, 1).status, 201);
    const auto limit = borrow(u"acme-cad"_s, key, u"bob@laptop"_s, 1);
    QCOMPARE(errorOf(limit), u"borrow_limit_reached"_s);
    QCOMPARE(messageOf(limit),
             u"1 seat of \"acme-cad\" is already borrowed, the most its policy allows at once; one "
             "comes back when it is returned or expires"_s);
    // Two away at once, and the plural.
    QCOMPARE(m_http->put(u"/v1/licenses/acme-cad"_s, {{u"borrow"_s, policy(2, 2, 0)}}, admin()).status, 200);
    QCOMPARE(borrow(u"acme-cad"_s, key, u"bob@laptop"_s, 1).status, 201);
    const auto limits = borrow(u"acme-cad"_s, key, u"carol@laptop"_s, 1);
    QCOMPARE(messageOf(limits),
             u"2 seats of \"acme-cad\" are already borrowed, the most its policy allows at once; "
             "one comes back when it is returned or expires"_s);
    const auto tooLongs = borrow(u"acme-cad"_s, key, u"carol@laptop"_s, 3);
    QCOMPARE(messageOf(tooLongs), u"a seat of \"acme-cad\" may be borrowed for 2 days at most, not 3"_s);

    // A license of one seat, kept on site: "of the 1 seat".
    const QByteArray solo = createLicense(u"solo"_s, 1, policy(7, 1, 1));
    const auto onSite = borrow(u"solo"_s, solo, u"alice@laptop"_s, 1);
    QCOMPARE(errorOf(onSite), u"borrow_keep_on_site"_s);
    QCOMPARE(messageOf(onSite),
             u"0 of the 1 seat of \"solo\" are borrowed and 1 must stay on site for ordinary checkouts"_s);
}

void TestBorrowing::policyBoundsBorrowing()
{
    // A license without a policy lends nothing.
    const QByteArray plain = createLicense(u"plain"_s, 4, {});
    const auto refused = borrow(u"plain"_s, plain, u"alice@laptop"_s, 3);
    QCOMPARE(refused.status, 403);
    QCOMPARE(errorOf(refused), u"borrow_not_allowed"_s);
    QVERIFY2(refused.json().value("message"_L1).toString().contains("may not be borrowed"_L1), refused.body);

    // 6 seats, 7 days at most, 2 away at once, 3 always on site.
    const QByteArray key = createLicense(u"cad"_s, 6, policy(7, 2, 3));
    QJsonObject listed = policy(7, 2, 3);
    listed.insert(u"groups"_s, QJsonArray());
    QCOMPARE(summaryOf(u"cad"_s).value("borrow"_L1).toObject(), listed);
    const auto tooLong = borrow(u"cad"_s, key, u"alice@laptop"_s, 8);
    QCOMPARE(tooLong.status, 403);
    QCOMPARE(errorOf(tooLong), u"borrow_too_long"_s);
    QVERIFY2(tooLong.json().value("message"_L1).toString().contains("7 days at most"_L1), tooLong.body);
    const auto fractional
        = m_http->post(u"/v1/licenses/cad/borrow"_s, {{u"holder"_s, u"alice@laptop"_s}, {u"days"_s, 1.5}}, key);
    QCOMPARE(fractional.status, 400);
    QCOMPARE(fractional.json().value("field"_L1).toString(), u"days"_s);

    const LeaseVerifier verifier = m_fixture->verifier();
    for (const QString &holder : {u"alice@laptop"_s, u"bob@laptop"_s}) {
        const auto granted = borrow(u"cad"_s, key, holder, 7);
        QCOMPARE(granted.status, 201);
        const SeatLease lease = leaseOf(granted);
        QVERIFY(lease.borrowed);
        QCOMPARE(lease.expiresAt, m_fixture->clock().now().addDays(7));
        QVERIFY(verifier.verify(lease));
        SeatLease asOrdinary = lease;
        asOrdinary.borrowed = false;
        QVERIFY(!verifier.verify(asOrdinary)); // the borrowed tag is what is signed
        QCOMPARE(QByteArray::fromBase64(granted.json().value("publicKey"_L1).toString().toLatin1()).size(), 32);
        QVERIFY(granted.json().contains("serverTime"_L1));
    }
    const auto third = borrow(u"cad"_s, key, u"carol@laptop"_s, 1);
    QCOMPARE(third.status, 409);
    QCOMPARE(errorOf(third), u"borrow_limit_reached"_s);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 2);
    QCOMPARE(summaryOf(u"cad"_s).value("inUse"_L1).toInt(), 2);

    // The low-water mark: with 5 allowed but 4 kept on site, only 2 of 6 may be away.
    QCOMPARE(m_http->put(u"/v1/licenses/cad"_s, {{u"borrow"_s, policy(7, 5, 4)}}, admin()).status, 200);
    const auto onSite = borrow(u"cad"_s, key, u"carol@laptop"_s, 1);
    QCOMPARE(onSite.status, 409);
    QCOMPARE(errorOf(onSite), u"borrow_keep_on_site"_s);
    QVERIFY2(onSite.json().value("message"_L1).toString().contains("4 must stay on site"_L1), onSite.body);
    // Ordinary checkouts still take the seats kept on site.
    for (int i = 0; i < 4; ++i)
        QCOMPARE(checkout(u"cad"_s, key, u"desk-%1"_s.arg(i)).status, 201);

    // Only the policy's groups borrow, and a policy naming an unknown group is refused.
    const auto badGroup = m_http->put(u"/v1/licenses/cad"_s,
                                      {{u"borrow"_s,
                                        QJsonObject {{u"allowed"_s, true},
                                                     {u"maxDays"_s, 7},
                                                     {u"maxBorrowed"_s, 5},
                                                     {u"keepOnSite"_s, 0},
                                                     {u"groups"_s, QJsonArray {u"nomads"_s}}}}},
                                      admin());
    QCOMPARE(badGroup.status, 400);
    QCOMPARE(badGroup.json().value("field"_L1).toString(), u"borrow.groups[0]"_s);
}

// Each refusal of the policy is a borrow_denied event naming the holder, with the numbers the
// refusal's answer carries too (wire/BorrowJson's BorrowRefusal); it is no checkout denial, so the
// license's deniedLastHour does not move.
void TestBorrowing::refusedBorrowIsAnEventWithItsNumbers()
{
    const QByteArray key = createLicense(u"cad"_s, 3, policy(7, 2, 2));
    QCOMPARE(borrow(u"cad"_s, key, u"alice@laptop"_s, 2).status, 201);
    const auto tooLong = borrow(u"cad"_s, key, u"bob@laptop"_s, 9);
    QCOMPARE(tooLong.status, 403);
    const auto onSite = borrow(u"cad"_s, key, u"carol@laptop"_s, 3);
    QCOMPARE(onSite.status, 409);
    // The answers carry the numbers of the refusal beside the sentence.
    QCOMPARE(tooLong.json().value("reason"_L1).toString(), u"too_long"_s);
    QCOMPARE(tooLong.json().value("days"_L1).toInt(), 9);
    QCOMPARE(tooLong.json().value("maxDays"_L1).toInt(), 7);
    QCOMPARE(onSite.json().value("reason"_L1).toString(), u"keep_on_site"_s);
    QCOMPARE(onSite.json().value("borrowed"_L1).toInt(), 1);
    QCOMPARE(onSite.json().value("keepOnSite"_L1).toInt(), 2);
    QCOMPARE(onSite.json().value("seatCount"_L1).toInt(), 3);

    const QJsonArray events
        = m_http->get(u"/v1/events?license=cad&kind=borrow_denied"_s, admin()).json()["events"_L1].toArray();
    QCOMPARE(events.size(), 2);
    const QJsonObject first = events.at(0).toObject();
    QCOMPARE(first.value("holder"_L1).toString(), u"bob@laptop"_s);
    const auto tooLongRefusal = BorrowRefusal::fromJson(first.value("detail"_L1).toObject());
    QVERIFY(tooLongRefusal);
    QCOMPARE(tooLongRefusal->reason, BorrowRefusal::Reason::TooLong);
    QCOMPARE(tooLongRefusal->days, 9);
    QCOMPARE(tooLongRefusal->maxDays, 7);
    const QJsonObject second = events.at(1).toObject();
    QCOMPARE(second.value("holder"_L1).toString(), u"carol@laptop"_s);
    QJsonObject answered = onSite.json();
    answered.remove(u"error"_s);
    answered.remove(u"message"_s);
    QCOMPARE(second.value("detail"_L1).toObject(), answered); // the answer's numbers, exactly
    const auto onSiteRefusal = BorrowRefusal::fromJson(second.value("detail"_L1).toObject());
    QVERIFY(onSiteRefusal);
    QCOMPARE(onSiteRefusal->reason, BorrowRefusal::Reason::KeepOnSite);
    QCOMPARE(onSiteRefusal->borrowed, 1);
    QCOMPARE(onSiteRefusal->keepOnSite, 2);
    QCOMPARE(onSiteRefusal->inUse, 1); // alice's borrowed seat, although the seat rules were never asked
    QCOMPARE(summaryOf(u"cad"_s).value("deniedLastHour"_L1).toInt(), 0);
}

// The tester's walk (cli55): ACME CAD with 10 seats, some reserved for render, every other seat in
// use. The borrow's sentence agrees with the number reserved ("the other one is", not "the other 1
// are"), says nothing of a lease that may run out in a minute unless renewed (no answer to a borrow
// of days), and the borrow_denied event keeps the reservation for the dashboard to say it too.
void TestBorrowing::seatRefusedBorrowNamesTheReservation_data()
{
    QTest::addColumn<int>("reserved");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("one reserved") << 1
                                  << u"9 of the 10 seats of \"acme-cad\" are in use and the other one is reserved "
                                     "for \"render\""_s;
    QTest::newRow("two reserved") << 2
                                  << u"8 of the 10 seats of \"acme-cad\" are in use and the other 2 are reserved "
                                     "for \"render\""_s;
}

void TestBorrowing::seatRefusedBorrowNamesTheReservation()
{
    QFETCH(int, reserved);
    QFETCH(QString, sentence);
    const QByteArray key = createLicense(u"acme-cad"_s, 10, policy(7, 10, 0));
    const QJsonObject render {{u"name"_s, u"render"_s}, {u"patterns"_s, QJsonArray {u"*@render-*"_s}}};
    QCOMPARE(m_http->put(u"/v1/groups"_s, {{u"groups"_s, QJsonArray {render}}}, admin()).status, 200);
    const QJsonObject rules {
        {u"reserve"_s, QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, reserved}}}}};
    QCOMPARE(m_http->put(u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, rules}}, admin()).status, 200);
    for (int i = 0; i < 10 - reserved; ++i)
        QCOMPARE(checkout(u"acme-cad"_s, key, u"user%1@ws-%1"_s.arg(i)).status, 201);

    const auto refused = borrow(u"acme-cad"_s, key, u"alice@laptop"_s, 3);
    QCOMPARE(refused.status, 409);
    QCOMPARE(errorOf(refused), u"no_seats_available"_s);
    QVERIFY(refused.json().contains("nextExpiry"_L1)); // the members keep it for a program
    QCOMPARE(refused.json().value("message"_L1).toString(), sentence);

    // A checkout refused the same way still says when a seat may free up.
    const auto checkoutRefused = checkout(u"acme-cad"_s, key, u"bob@ws-99"_s);
    QCOMPARE(checkoutRefused.status, 409);
    QVERIFY2(checkoutRefused.json().value("message"_L1).toString().startsWith(sentence + u"; one frees up at "_s),
             checkoutRefused.body);

    const QJsonArray events = eventsOf(u"acme-cad"_s, u"borrow_denied"_s);
    QCOMPARE(events.size(), 1);
    const auto refusal = BorrowRefusal::fromJson(events.at(0)["detail"_L1].toObject());
    QVERIFY(refusal);
    QCOMPARE(refusal->reason, BorrowRefusal::Reason::SeatDenied);
    QCOMPARE(refusal->inUse, 10 - reserved);
    QCOMPARE(refusal->seatCount, 10);
    QCOMPARE(refusal->reservedForOthers, reserved);
    QCOMPARE(refusal->reservedFor, QStringList {u"render"_s});
}

// Walk 57: a borrow refused because the holder's group holds its cap. The answer and the
// borrow_denied event carry the group, its cap and the seats it held, so that the Events page can
// say which group and how many rather than "the holder's group".
void TestBorrowing::borrowRefusedAtAGroupCapKeepsTheGroupAndItsCap()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10, policy(7, 10, 0));
    const QJsonObject render {{u"name"_s, u"render"_s}, {u"patterns"_s, QJsonArray {u"*@render-*"_s}}};
    QCOMPARE(m_http->put(u"/v1/groups"_s, {{u"groups"_s, QJsonArray {render}}}, admin()).status, 200);
    const QJsonObject rules {{u"max"_s, QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, 2}}}}};
    QCOMPARE(m_http->put(u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, rules}}, admin()).status, 200);
    QCOMPARE(checkout(u"acme-cad"_s, key, u"ann@render-1"_s).status, 201);
    QCOMPARE(checkout(u"acme-cad"_s, key, u"bo@render-2"_s).status, 201);

    const auto refused = borrow(u"acme-cad"_s, key, u"cy@render-laptop"_s, 3);
    QCOMPARE(refused.status, 409);
    QCOMPARE(errorOf(refused), u"group_cap_reached"_s);
    QCOMPARE(refused.json().value("group"_L1).toString(), u"render"_s);
    QCOMPARE(refused.json().value("cap"_L1).toInt(), 2);
    QCOMPARE(refused.json().value("held"_L1).toInt(), 2);

    const QJsonArray events = eventsOf(u"acme-cad"_s, u"borrow_denied"_s);
    QCOMPARE(events.size(), 1);
    const auto refusal = BorrowRefusal::fromJson(events.at(0)["detail"_L1].toObject());
    QVERIFY(refusal);
    QCOMPARE(refusal->reason, BorrowRefusal::Reason::SeatDenied);
    QCOMPARE(refusal->seatReason, u"group_cap_reached"_s);
    QCOMPARE(refusal->capGroup, u"render"_s);
    QCOMPARE(refusal->groupCap, 2);
    QCOMPARE(refusal->groupHeld, 2);
    // A seat outside the group is still there to borrow.
    QCOMPARE(borrow(u"acme-cad"_s, key, u"dee@laptop"_s, 3).status, 201);
}

void TestBorrowing::borrowedSeatCountsUntilReturned()
{
    const QByteArray key = createLicense(u"cad"_s, 2, policy(30, 2, 0));
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 10);
    QCOMPARE(away.status, 201);
    const SeatLease lease = leaseOf(away);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 201);
    const auto full = checkout(u"cad"_s, key, u"carol@ws-2"_s);
    QCOMPARE(full.status, 409); // the borrowed seat counts as a seat in use
    QCOMPARE(errorOf(full), u"no_seats_available"_s);

    // An operator cannot revoke it: the laptop would keep its signed lease and the seat would be
    // handed out twice.
    const auto revoke = m_http->call("POST", u"/v1/licenses/cad/seats/%1/revoke"_s.arg(lease.seatId), {}, admin());
    QCOMPARE(revoke.status, 409);
    QCOMPARE(errorOf(revoke), u"seat_borrowed"_s);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 409);

    // No heartbeat keeps or extends a borrow.
    const auto beat = m_http->call("POST", u"/v1/licenses/cad/seats/%1/heartbeat"_s.arg(lease.seatId), {}, key);
    QCOMPARE(beat.status, 409);
    QCOMPARE(errorOf(beat), u"seat_borrowed"_s);

    // Early return, with the secret the borrow handed out, frees the seat at once.
    m_fixture->clock().advance(1h);
    QCOMPARE(giveBack(u"cad"_s, lease.seatId, key, secretOf(away)).status, 204);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 0);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 201);

    // The returned lease is dead for the server: not renewed, not returned twice.
    const auto again = m_http->call("POST", u"/v1/licenses/cad/seats/%1/heartbeat"_s.arg(lease.seatId), {}, key);
    QCOMPARE(again.status, 410);
    QCOMPARE(errorOf(again), u"seat_lost"_s);
    const auto twice = giveBack(u"cad"_s, lease.seatId, key, secretOf(away));
    QCOMPARE(twice.status, 404);
    QCOMPARE(errorOf(twice), u"borrow_not_found"_s);

    // The log tells both.
    const QJsonArray events = m_http->get(u"/v1/events?license=cad&kind=seat_borrowed,borrow_returned"_s, admin())
                                  .json()["events"_L1]
                                  .toArray();
    QStringList kinds;
    for (const QJsonValue &e : events)
        kinds.append(e["kind"_L1].toString());
    kinds.sort();
    QCOMPARE(kinds, (QStringList {u"borrow_returned"_s, u"seat_borrowed"_s}));
}

void TestBorrowing::expiredBorrowFreesItsSeatWithoutReaper()
{
    const QByteArray key = createLicense(u"cad"_s, 1, policy(3, 1, 0));
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 2);
    QCOMPARE(away.status, 201);
    const SeatLease lease = leaseOf(away);
    m_fixture->clock().advance(48h); // at the expiry: still within the skew
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 409);
    m_fixture->clock().advance(5001ms); // past expiresAt + skew
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 201);
    // No reaper ran: the borrowed row is still there, it simply stopped counting.
    QVERIFY(!m_fixture->leaseRow(u"cad"_s, lease.seatId).isEmpty());
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 0);
    // An expired borrow is not renewed either.
    const auto beat = m_http->call("POST", u"/v1/licenses/cad/seats/%1/heartbeat"_s.arg(lease.seatId), {}, key);
    QCOMPARE(beat.status, 410);
}

void TestBorrowing::raceForTheLastSeats()
{
    // On PostgreSQL a second instance shares the database: the racers are spread over both.
    std::unique_ptr<TestServer> second;
    QTemporaryDir secondDir;
    QList<quint16> ports {m_fixture->port()};
    if (m_fixture->database()) {
        QVERIFY(secondDir.isValid());
        for (const QString &secret : {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s}) {
            const QString target = QDir(secondDir.path()).filePath(secret);
            QVERIFY(QFile::copy(QDir(m_fixture->dataDir()).filePath(secret), target));
            QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner));
        }
        second = std::make_unique<TestServer>(TestServer::Options {.clock = &m_fixture->clock(),
                                                                   .dataDir = secondDir.path(),
                                                                   .reapInterval = 0s,
                                                                   .databaseUrl = m_fixture->database()->url()});
        QString error;
        QVERIFY2(second->start(&error), qPrintable(error));
        ports.append(second->port());
    }
    constexpr int rounds = 10;
    constexpr int racers = 50;
    constexpr int seats = 10;
    constexpr int maxBorrowed = 4;
    for (int round = 0; round < rounds; ++round) {
        const QString license = u"race-%1"_s.arg(round);
        const QByteArray key = createLicense(license, seats, policy(7, maxBorrowed, 0));
        // Half the seats already taken, so the race is for the last five.
        for (int i = 0; i < 5; ++i)
            QCOMPARE(checkout(license, key, u"early-%1"_s.arg(i)).status, 201);
        QList<QByteArray> requests;
        for (int i = 0; i < racers; ++i) {
            const QByteArray holder = "racer-" + QByteArray::number(i);
            requests.append(i % 2 ? HttpBurst::request("POST", "/v1/licenses/" + license.toLatin1() + "/borrow", key,
                                                       R"({"holder":")" + holder + R"(","days":3})")
                                  : HttpBurst::request("POST", "/v1/licenses/" + license.toLatin1() + "/checkout", key,
                                                       R"({"holder":")" + holder + R"("})"));
        }
        const auto replies = HttpBurst::send(QHostAddress::LocalHost, ports, requests, 30s);
        int granted = 0;
        int borrowed = 0;
        int refused = 0;
        QSet<QString> seatIds;
        for (const auto &reply : replies) {
            if (reply.status == 201) {
                ++granted;
                const QJsonObject lease = QJsonDocument::fromJson(reply.body)["lease"_L1].toObject();
                seatIds.insert(lease["seatId"_L1].toString());
                if (lease["borrowed"_L1].toBool())
                    ++borrowed;
            } else if (reply.status == 409) {
                ++refused;
            }
        }
        const QString context
            = u"round %1: %2 granted (%3 borrowed), %4 refused"_s.arg(round).arg(granted).arg(borrowed).arg(refused);
        QVERIFY2(granted + refused == racers, qPrintable(context));
        QVERIFY2(granted == seats - 5, qPrintable(context)); // never over-granted
        QVERIFY2(borrowed <= maxBorrowed, qPrintable(context));
        QCOMPARE(seatIds.size(), granted);
        const QJsonObject summary = summaryOf(license);
        QCOMPARE(summary.value("inUse"_L1).toInt(), seats);
        QCOMPARE(summary.value("borrowed"_L1).toInt(), borrowed);
    }
}

void TestBorrowing::writeOffKeepsTheSeatCountedUntilItsExpiry()
{
    const QByteArray key = createLicense(u"cad"_s, 2, policy(30, 2, 0));
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 5);
    QCOMPARE(away.status, 201);
    const SeatLease lease = leaseOf(away);
    m_fixture->clock().advance(1h);
    const QDateTime writtenAt = m_fixture->clock().now();

    // The laptop is lost: the admin writes the seat off, with a note.
    const auto first = writeOff(u"cad"_s, lease.seatId, {{u"note"_s, u"left on the 18:04 to Lyon"_s}});
    QCOMPARE(first.status, 200);
    const QJsonObject answer = first.json();
    QCOMPARE(answer.value("seatId"_L1).toString(), lease.seatId);
    QCOMPARE(answer.value("holder"_L1).toString(), u"alice@laptop"_s);
    QCOMPARE(parseTimestamp(answer.value("countedUntil"_L1).toString()).value_or(QDateTime()), lease.expiresAt);
    QCOMPARE(parseTimestamp(answer.value("writtenOffAt"_L1).toString()).value_or(QDateTime()), writtenAt);
    QVERIFY2(!answer.value("writtenOffBy"_L1).toString().isEmpty(), first.body);
    QCOMPARE(answer.value("writeOffNote"_L1).toString(), u"left on the 18:04 to Lyon"_s);

    // The seat stays counted: one seat left, not two, and the listing says the seat is written off.
    QCOMPARE(summaryOf(u"cad"_s).value("inUse"_L1).toInt(), 1);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 1);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 409);
    const QJsonArray rows = m_http->get(u"/v1/licenses/cad/leases"_s, admin()).json()["leases"_L1].toArray();
    int writtenOff = 0;
    for (const QJsonValue &row : rows) {
        if (row["seatId"_L1].toString() != lease.seatId) {
            QVERIFY(!row.toObject().contains("writtenOffAt"_L1));
            continue;
        }
        ++writtenOff;
        QVERIFY(row["live"_L1].toBool());
        QCOMPARE(row["writtenOffAt"_L1].toString(), answer.value("writtenOffAt"_L1).toString());
        QCOMPARE(row["writeOffNote"_L1].toString(), u"left on the 18:04 to Lyon"_s);
    }
    QCOMPARE(writtenOff, 1);

    // The event names who, the seat, the holder, the note and until when the seat counts.
    QJsonArray events = eventsOf(u"cad"_s, u"borrow_written_off"_s);
    QCOMPARE(events.size(), 1);
    const QJsonObject event = events.first().toObject();
    QCOMPARE(event["seatId"_L1].toString(), lease.seatId);
    QCOMPARE(event["holder"_L1].toString(), u"alice@laptop"_s);
    QCOMPARE(event["actor"_L1].toString(), answer.value("writtenOffBy"_L1).toString());
    QCOMPARE(parseTimestamp(event["detail"_L1]["countedUntil"_L1].toString()).value_or(QDateTime()), lease.expiresAt);
    QCOMPARE(event["detail"_L1]["note"_L1].toString(), u"left on the 18:04 to Lyon"_s);

    // Idempotent: a second write-off, later and with another note, answers the first one, and
    // records nothing more.
    m_fixture->clock().advance(1h);
    const auto second = writeOff(u"cad"_s, lease.seatId, {{u"note"_s, u"really lost"_s}});
    QCOMPARE(second.status, 200);
    QCOMPARE(second.json(), answer);
    QCOMPARE(writeOff(u"cad"_s, lease.seatId, {}).json(), answer);
    QCOMPARE(eventsOf(u"cad"_s, u"borrow_written_off"_s).size(), 1);

    // Until its expiry (plus the skew), then the seat is free with no reaper pass (bob's ordinary
    // lease ran out long before).
    m_fixture->clock().advance(std::chrono::milliseconds(writtenAt.msecsTo(lease.expiresAt)) - 1h);
    QCOMPARE(summaryOf(u"cad"_s).value("inUse"_L1).toInt(), 1);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 1);
    m_fixture->clock().advance(5001ms);
    QCOMPARE(summaryOf(u"cad"_s).value("inUse"_L1).toInt(), 0);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 0);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 201);
    QCOMPARE(checkout(u"cad"_s, key, u"dave@ws-3"_s).status, 201);
}

void TestBorrowing::writtenOffSeatReturnedEarlyIsFree()
{
    // A write-off is not a return: if the laptop turns up, its early return frees the seat.
    const QByteArray key = createLicense(u"cad"_s, 1, policy(30, 1, 0));
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 10);
    QCOMPARE(away.status, 201);
    const SeatLease lease = leaseOf(away);
    QCOMPARE(writeOff(u"cad"_s, lease.seatId, {}).status, 200);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 409);
    // Written off or not, only the laptop's secret returns it.
    QCOMPARE(giveBack(u"cad"_s, lease.seatId, key).status, 409);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 409);
    QCOMPARE(giveBack(u"cad"_s, lease.seatId, key, secretOf(away)).status, 204);
    QCOMPARE(checkout(u"cad"_s, key, u"bob@ws-1"_s).status, 201);
    QCOMPARE(eventsOf(u"cad"_s, u"borrow_returned"_s).size(), 1);
    // Returned, it is gone: nothing left to write off.
    const auto gone = writeOff(u"cad"_s, lease.seatId, {});
    QCOMPARE(gone.status, 404);
    QCOMPARE(errorOf(gone), u"seat_not_found"_s);
}

void TestBorrowing::onlyTheBorrowersSecretReturnsASeat()
{
    // The license key and the seat id are not enough: status, the events and the dashboard show
    // the seat id, and the laptop keeps its signed lease offline (walk 51b N7).
    const QByteArray key = createLicense(u"cad"_s, 1, policy(30, 1, 0));
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 10);
    QCOMPARE(away.status, 201);
    const SeatLease lease = leaseOf(away);
    const QString secret = secretOf(away);
    QCOMPARE(secret.size(), 64);
    QVERIFY(BorrowReturnSecret::fromHex(secret));
    // Each borrow has its own.
    const QByteArray other = createLicense(u"cam"_s, 1, policy(30, 1, 0));
    const auto elsewhere = borrow(u"cam"_s, other, u"bob@laptop"_s, 10);
    QCOMPARE(elsewhere.status, 201);
    QVERIFY(secretOf(elsewhere) != secret);

    const auto keyOnly = giveBack(u"cad"_s, lease.seatId, key);
    QCOMPARE(keyOnly.status, 409);
    QCOMPARE(errorOf(keyOnly), u"borrow_return_refused"_s);
    QVERIFY2(keyOnly.json()
                 .value("message"_L1)
                 .toString()
                 .contains(u"only the laptop that borrowed seat %1"_s.arg(lease.seatId.left(8))),
             keyOnly.body.constData());
    const auto wrong = giveBack(u"cad"_s, lease.seatId, key, secretOf(elsewhere));
    QCOMPARE(wrong.status, 409);
    QCOMPARE(errorOf(wrong), u"borrow_return_refused"_s);
    // Nor is an ordinary release by the seat id a way round it.
    const auto released = m_http->del(u"/v1/licenses/cad/seats/%1"_s.arg(lease.seatId), key);
    QCOMPARE(released.status, 409);
    QCOMPARE(errorOf(released), u"borrow_return_refused"_s);
    const auto malformed = giveBack(u"cad"_s, lease.seatId, key, u"not hex"_s);
    QCOMPARE(malformed.status, 400);
    QCOMPARE(malformed.json().value("field"_L1).toString(), u"returnSecret"_s);

    // Refused, nothing changed: the seat is still counted, and no return was recorded.
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 1);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 409);
    QCOMPARE(eventsOf(u"cad"_s, u"borrow_returned"_s).size(), 0);

    // The laptop's own secret frees it at once.
    QCOMPARE(giveBack(u"cad"_s, lease.seatId, key, secret).status, 204);
    QCOMPARE(summaryOf(u"cad"_s).value("borrowed"_L1).toInt(), 0);
    QCOMPARE(checkout(u"cad"_s, key, u"carol@ws-2"_s).status, 201);
    QCOMPARE(eventsOf(u"cad"_s, u"borrow_returned"_s).size(), 1);
}

void TestBorrowing::writeOffRefusals()
{
    const QByteArray key = createLicense(u"cad"_s, 3, policy(2, 2, 0));
    const auto held = checkout(u"cad"_s, key, u"bob@ws-1"_s);
    QCOMPARE(held.status, 201);
    const QString ordinary = leaseOf(held).seatId;
    const auto away = borrow(u"cad"_s, key, u"alice@laptop"_s, 2);
    QCOMPARE(away.status, 201);
    const QString borrowed = leaseOf(away).seatId;

    const auto unknown = writeOff(u"cad"_s, QString(32, u'e'), {});
    QCOMPARE(unknown.status, 404);
    QCOMPARE(errorOf(unknown), u"seat_not_found"_s);
    const auto noLicense = writeOff(u"nope"_s, borrowed, {});
    QCOMPARE(noLicense.status, 404);
    QCOMPARE(errorOf(noLicense), u"license_not_found"_s);

    const auto notBorrowed = writeOff(u"cad"_s, ordinary, {});
    QCOMPARE(notBorrowed.status, 409);
    QCOMPARE(errorOf(notBorrowed), u"seat_not_borrowed"_s);
    QVERIFY2(notBorrowed.json().value("message"_L1).toString().contains("is not borrowed"_L1), notBorrowed.body);

    const auto tooLong = writeOff(u"cad"_s, borrowed, {{u"note"_s, QString(501, u'n')}});
    QCOMPARE(tooLong.status, 400);
    QCOMPARE(tooLong.json().value("field"_L1).toString(), u"note"_s);

    // Only an admin writes a seat off; the license key does not either.
    for (const QByteArray &who : {token(u"watcher"_s, u"viewer"_s), token(u"night-op"_s, u"operator"_s)}) {
        QVERIFY(!who.isEmpty());
        QCOMPARE(writeOff(u"cad"_s, borrowed, {}, who).status, 403);
    }
    QCOMPARE(writeOff(u"cad"_s, borrowed, {}, key).status, 401);
    QVERIFY(eventsOf(u"cad"_s, u"borrow_written_off"_s).isEmpty());

    // A borrow that has run out counts no more: nothing to write off.
    m_fixture->clock().advance(48h + 5001ms);
    const auto ended = writeOff(u"cad"_s, borrowed, {});
    QCOMPARE(ended.status, 409);
    QCOMPARE(errorOf(ended), u"seat_not_borrowed"_s);
    QVERIFY2(ended.json().value("message"_L1).toString().contains("ended at"_L1), ended.body);
}

// The same cases on PostgreSQL (KEYRIGHT_TEST_STORE=postgres, ctest's tst_borrowing_postgres).
class TestBorrowingOnPostgres final : public TestBorrowing
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestBorrowing)
#include "tst_borrowing.moc"
