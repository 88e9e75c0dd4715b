#include "LeaseServer.h"
#include "ManualClock.h"
#include "PgTestDatabase.h"
#include "ServerProcess.h"
#include "TestHttp.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "UsageHistory.h"
#include "usage/UsageCloser.h"
#include "wire/LedgerReport.h"
#include "wire/UsageReport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QMap>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>
#include <csignal>
#include <functional>
#include <limits>
#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The usage history of issue 25 against its raw material: days of random demand on the real
// server and its ManualClock (checkouts, heartbeats, releases, crashed clients, denials, the waiting
// line, revokes with blocks, a seat-count change, a reservation), closed by the server's closer now
// and then, then every closed hour bucket compared with a brute-force recomputation from the whole
// audit log (GET /v1/events) and the lease listing, which never calls core's computeBucket(). Then
// two instances on one PostgreSQL database closing the same history in turns, and a real
// keyright-server killed again and again while it closes a backlog, against an uninterrupted copy.
//
// The demand is random: the seed is printed, and KEYRIGHT_USAGE_SEED replays it.
namespace {

constexpr qint64 minuteMs = 60'000;
constexpr qint64 hourMs = 60 * minuteMs;
constexpr qint64 dayMs = 24 * hourMs;
constexpr qint64 trueDenialWindowMs = 15 * minuteMs;
constexpr qint64 openEnd = std::numeric_limits<qint64>::max();

// A fixed draw unless KEYRIGHT_USAGE_SEED names one (KEYRIGHT_USAGE_SEED=random: a new one): the
// comparisons with the events hold for any draw, but the checks that the demand was not too easy
// (refusals served in time, waits served from a line) do not, and a suite that fails by the draw
// (clean-clone CI: seeds 2090950103 and 4016832316) proves nothing.
quint32 seedFromEnvironment()
{
    const QString asked = qEnvironmentVariable("KEYRIGHT_USAGE_SEED");
    if (asked == u"random"_s)
        return QRandomGenerator::global()->generate();
    bool ok = false;
    const quint32 fromEnv = asked.toUInt(&ok);
    return ok ? fromEnv : 2846429139u;
}

// ---------------------------------------------------------------------------------------------
// The demand.

struct License
{
    QString id;
    QByteArray auth;
    int seats = 1;
    qint64 skewMs = 0;
};

struct Holder
{
    enum class State { Idle, Holding, Waiting };
    enum class Mode { Beats, Silent };
    QString name;
    int license = 0;
    State state = State::Idle;
    Mode mode = Mode::Beats;
    QString seat {};
    QString ticket {};
    bool retry = false; // refused at the last step
};

// Clients of one or more servers on one store and one ManualClock.
class Demand
{
public:
    Demand(QRandomGenerator &rng, ManualClock &clock, QList<TestHttp *> servers, QByteArray admin)
        : m_rng(rng)
        , m_clock(clock)
        , m_servers(std::move(servers))
        , m_admin(std::move(admin))
    { }

    // Called now and then while the demand runs (the closer), and a reaper sweep.
    std::function<void()> close;
    int requests = 0;
    // False: the seat counts and rules stay as they are, and nobody is revoked.
    bool changes = true;
    // True: no two requests at the same millisecond.
    bool apart = false;

    const QList<License> &licenses() const { return m_licenses; }
    TestHttp &admin() { return *m_servers.first(); }
    QByteArray adminAuthorization() const { return m_admin; }

    bool setUp(QString *error)
    {
        const auto put = admin().put(
            u"/v1/groups"_s,
            {{u"groups"_s,
              QJsonArray {QJsonObject {{u"name"_s, u"render"_s}, {u"patterns"_s, QJsonArray {u"*@render-*"_s}}}}}},
            m_admin);
        if (put.status != 200) {
            *error = u"groups: %1"_s.arg(QString::fromUtf8(put.body));
            return false;
        }
        const QList<std::tuple<QString, int, qint64, QStringList>> specs {
            {u"cad"_s, 2, 30, {u"ann@ws-1"_s, u"bob@ws-2"_s, u"cyd@ws-3"_s, u"dee@ws-4"_s, u"eve@ws-5"_s}},
            {u"render"_s,
             3,
             45,
             {u"fay@ws-6"_s, u"gus@ws-7"_s, u"hal@render-1"_s, u"ida@render-2"_s, u"jo@ws-8"_s, u"kim@ws-9"_s}},
            {u"solo"_s, 1, 10, {u"lou@ws-10"_s, u"max@ws-11"_s, u"ned@ws-12"_s, u"oli@ws-13"_s}},
        };
        for (const auto &[id, seats, skew, holders] : specs) {
            const auto created = admin().put(u"/v1/licenses/"_s + id,
                                             {{u"name"_s, id},
                                              {u"seatCount"_s, seats},
                                              {u"ttlSeconds"_s, ttlSeconds},
                                              {u"skewSeconds"_s, skew},
                                              {u"reapGraceSeconds"_s, 60}},
                                             m_admin);
            if (created.status != 201) {
                *error = u"license %1: %2"_s.arg(id, QString::fromUtf8(created.body));
                return false;
            }
            m_licenses.append(
                {id, "License " + created.json().value("key"_L1).toString().toLatin1(), seats, skew * 1000});
            for (const QString &name : holders)
                m_holders.append({name, int(m_licenses.size() - 1)});
            // The licenses begin at different moments.
            m_clock.advance(std::chrono::milliseconds(m_rng.bounded(1, 20 * 60'000)));
        }
        return true;
    }

    // Random demand for `durationMs` of the clock's time.
    void run(qint64 durationMs)
    {
        const qint64 begin = m_clock.now().toMSecsSinceEpoch();
        const qint64 end = begin + durationMs;
        bool seatCountChanged = false;
        bool rulesSet = false;
        int revokes = 0;
        while (m_clock.now().toMSecsSinceEpoch() < end) {
            const qint64 now = advance();
            const double done = double(now - begin) / double(durationMs);
            keepAlive();
            // The closer runs before or after the clients of the moment.
            const bool closeNow = close && m_rng.bounded(6) == 0;
            const bool closeFirst = m_rng.bounded(2) == 0;
            if (closeNow && closeFirst)
                close();
            const int hour = int((now / hourMs) % 24);
            const bool busy = hour >= 7 && hour < 19;
            const int acting = busy ? int(m_rng.bounded(5)) : int(m_rng.bounded(2));
            for (int i = 0; i < acting; ++i)
                act(m_holders[m_rng.bounded(int(m_holders.size()))]);
            // A refused client mostly tries again soon: some get a seat within the true-denial
            // window, which makes their refusal not a true denial.
            for (Holder &holder : m_holders) {
                if (holder.retry) {
                    if (m_rng.bounded(3) != 0)
                        act(holder);
                    holder.retry = false;
                }
            }
            if (changes && !seatCountChanged && done > 0.4) {
                seatCountChanged = true;
                changeSeatCount(0, 3); // cad: 2 -> 3 seats
                changeSeatCount(1, 2); // render: 3 -> 2 seats, fewer than may be in use
            }
            if (changes && !rulesSet && done > 0.3) {
                rulesSet = true;
                setReservation(1);
            }
            if (changes && revokes < 3 && done > 0.2 + 0.3 * revokes && revokeOne())
                ++revokes;
            if (m_rng.bounded(10) == 0)
                reap();
            if (closeNow && !closeFirst)
                close();
        }
    }

    void reap()
    {
        ++requests;
        const auto reaped = server().call("POST", u"/v1/reap"_s, {}, m_admin);
        QVERIFY2(reaped.status == 200, reaped.body.constData());
    }

    static constexpr qint64 ttlSeconds = 40 * 60;

    void setReservation(int index)
    {
        const QJsonObject rules {{u"reserve"_s, QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, 1}}}}};
        const auto put
            = admin().put(u"/v1/licenses/%1/rules"_s.arg(m_licenses.at(index).id), {{u"rules"_s, rules}}, m_admin);
        QVERIFY2(put.status == 200, put.body.constData());
    }

    // Every client still running gives its seat back or leaves the line.
    void settle()
    {
        for (Holder &holder : m_holders) {
            const License &license = licenseOf(holder);
            if (holder.state == Holder::State::Holding) {
                ++requests;
                const auto released
                    = server().del(u"/v1/licenses/%1/seats/%2"_s.arg(license.id, holder.seat), license.auth);
                QCOMPARE(released.status, 204);
            } else if (holder.state == Holder::State::Waiting) {
                ++requests;
                const auto left
                    = server().del(u"/v1/licenses/%1/tickets/%2"_s.arg(license.id, holder.ticket), license.auth);
                QVERIFY2(left.status == 204 || left.status == 410, left.body.constData());
            }
            holder.state = Holder::State::Idle;
        }
    }

private:
    TestHttp &server()
    {
        if (apart)
            m_clock.advance(1ms);
        return *m_servers.at(m_rng.bounded(int(m_servers.size())));
    }
    const License &licenseOf(const Holder &holder) const { return m_licenses.at(holder.license); }

    qint64 advance()
    {
        qint64 by = 0;
        const quint32 roll = m_rng.bounded(100);
        if (roll < 3)
            by = m_rng.bounded(hourMs, 3 * hourMs); // a quiet spell: seats and tickets lapse
        else if (roll < 30)
            by = m_rng.bounded(Q_INT64_C(1), 5 * minuteMs);
        else
            by = m_rng.bounded(Q_INT64_C(1), 30 * minuteMs); // inside a TTL: heartbeats keep up
        m_clock.advance(std::chrono::milliseconds(by));
        return m_clock.now().toMSecsSinceEpoch();
    }

    // Heartbeats of the seats and tickets whose clients still run.
    void keepAlive()
    {
        for (Holder &holder : m_holders) {
            const License &license = licenseOf(holder);
            if (holder.state == Holder::State::Holding && holder.mode == Holder::Mode::Beats) {
                ++requests;
                const auto beat = server().call(
                    "POST", u"/v1/licenses/%1/seats/%2/heartbeat"_s.arg(license.id, holder.seat), {}, license.auth);
                if (beat.status != 200)
                    holder.state = Holder::State::Idle;
            } else if (holder.state == Holder::State::Waiting) {
                ++requests;
                const auto beat = server().call(
                    "POST", u"/v1/licenses/%1/tickets/%2/heartbeat"_s.arg(license.id, holder.ticket), {}, license.auth);
                if (beat.status == 200) {
                    hold(holder, beat.json().value("lease"_L1).toObject().value("seatId"_L1).toString());
                } else if (beat.status != 202) {
                    holder.state = Holder::State::Idle;
                }
            }
        }
    }

    void hold(Holder &holder, const QString &seat)
    {
        holder.state = Holder::State::Holding;
        holder.seat = seat;
        // Most clients beat; some hold on without a word and give the seat back late, after it ran
        // out (the history counts them until expiresAt + skew only).
        holder.mode = m_rng.bounded(4) == 0 ? Holder::Mode::Silent : Holder::Mode::Beats;
    }

    void act(Holder &holder)
    {
        const License &license = licenseOf(holder);
        switch (holder.state) {
        case Holder::State::Idle: {
            QJsonObject body {{u"holder"_s, holder.name}};
            // Refused a moment ago, a client may rather wait in line this time.
            if (m_rng.bounded(holder.retry ? 2 : 3) == 0) {
                body.insert(u"wait"_s, true);
                body.insert(u"maxWaitSeconds"_s, int(m_rng.bounded(300, 3600)));
            }
            ++requests;
            holder.retry = false;
            const auto reply = server().post(u"/v1/licenses/%1/checkout"_s.arg(license.id), body, license.auth);
            if (reply.status == 201) {
                hold(holder, reply.json().value("lease"_L1).toObject().value("seatId"_L1).toString());
            } else if (reply.status == 202) {
                holder.state = Holder::State::Waiting;
                holder.ticket = reply.json().value("ticket"_L1).toObject().value("ticketId"_L1).toString();
            } else {
                QVERIFY2(reply.status == 409 || reply.status == 403, reply.body.constData());
                holder.retry = true;
            }
            break;
        }
        case Holder::State::Holding: {
            const quint32 roll = m_rng.bounded(10);
            if (roll < 6) {
                ++requests;
                const auto released
                    = server().del(u"/v1/licenses/%1/seats/%2"_s.arg(license.id, holder.seat), license.auth);
                QCOMPARE(released.status, 204);
                holder.state = Holder::State::Idle;
            } else if (roll < 8) {
                holder.state = Holder::State::Idle; // the client crashed: its seat runs out
            }
            break;
        }
        case Holder::State::Waiting:
            if (m_rng.bounded(3) == 0) {
                ++requests;
                const auto left
                    = server().del(u"/v1/licenses/%1/tickets/%2"_s.arg(license.id, holder.ticket), license.auth);
                QCOMPARE(left.status, 204);
                holder.state = Holder::State::Idle;
            }
            break;
        }
    }

    void changeSeatCount(int index, int seats)
    {
        License &license = m_licenses[index];
        license.seats = seats;
        const auto put = admin().put(u"/v1/licenses/"_s + license.id,
                                     {{u"name"_s, license.id},
                                      {u"seatCount"_s, seats},
                                      {u"ttlSeconds"_s, ttlSeconds},
                                      {u"skewSeconds"_s, license.skewMs / 1000},
                                      {u"reapGraceSeconds"_s, 60}},
                                     m_admin);
        QVERIFY2(put.status == 200, put.body.constData());
    }

    // An admin revokes a held seat and blocks its holder for a while: its next checkouts are
    // refused with holder_blocked.
    bool revokeOne()
    {
        QList<Holder *> holding;
        for (Holder &holder : m_holders) {
            if (holder.state == Holder::State::Holding)
                holding.append(&holder);
        }
        if (holding.isEmpty())
            return false;
        Holder &holder = *holding.at(m_rng.bounded(int(holding.size())));
        const auto revoked = admin().post(u"/v1/licenses/%1/seats/%2/revoke"_s.arg(licenseOf(holder).id, holder.seat),
                                          {{u"reason"_s, u"usage test"_s}, {u"blockSeconds"_s, 1800}}, m_admin);
        holder.state = Holder::State::Idle;
        if (revoked.status != 204)
            return false;
        // The application asks again at once, and is refused for the block.
        ++requests;
        const License &license = licenseOf(holder);
        const auto again
            = server().post(u"/v1/licenses/%1/checkout"_s.arg(license.id), {{u"holder"_s, holder.name}}, license.auth);
        return again.status == 403;
    }

    QRandomGenerator &m_rng;
    ManualClock &m_clock;
    QList<TestHttp *> m_servers;
    QByteArray m_admin;
    QList<License> m_licenses;
    QList<Holder> m_holders;
};

// ---------------------------------------------------------------------------------------------
// The brute force: the history rebuilt from the audit log and the lease listing alone.

struct Interval
{
    qint64 start = 0;
    qint64 end = openEnd;
    QString group {}; // a seat's reservation: the group whose reserved seat it took
    QString holder {};
};

struct Refused
{
    qint64 at = 0;
    QString holder;
    QString reason;
};

struct Truth
{
    QList<Interval> seats;
    QList<Interval> waits;
    QList<std::pair<qint64, QString>> grants;
    QList<Refused> refusals;
    QList<std::pair<qint64, int>> seatCount; // ascending
    QList<std::pair<qint64, QMap<QString, int>>> reserved; // the seats each group reserves from then on
};

QList<QJsonObject> allEvents(TestHttp &http, const QByteArray &admin)
{
    QList<QJsonObject> events;
    qint64 after = 0;
    for (;;) {
        const auto page = http.get(u"/v1/events?after=%1&limit=1000"_s.arg(after), admin);
        if (page.status != 200)
            qFatal("GET /v1/events: %d %s", page.status, page.body.constData());
        const QJsonArray list = page.json().value("events"_L1).toArray();
        if (list.isEmpty())
            return events;
        for (const QJsonValue &event : list)
            events.append(event.toObject());
        after = page.json().value("next"_L1).toInteger();
    }
}

// What the server still holds: license -> seat -> expiresAt of every lease row, and license ->
// ticket -> expiresAt of every ticket in the line.
struct Rows
{
    QHash<QString, QHash<QString, qint64>> leases;
    QHash<QString, QHash<QString, qint64>> tickets;
};

Rows leaseRows(TestHttp &http, const QByteArray &admin, const QList<License> &licenses)
{
    Rows rows;
    for (const License &license : licenses) {
        const auto listing = http.get(u"/v1/licenses/%1/leases"_s.arg(license.id), admin);
        for (const QJsonValue &row : listing.json().value("leases"_L1).toArray())
            rows.leases[license.id].insert(row["seatId"_L1].toString(), msOf(row["expiresAt"_L1]));
        for (const QJsonValue &ticket : listing.json().value("queue"_L1).toArray())
            rows.tickets[license.id].insert(ticket["ticketId"_L1].toString(), msOf(ticket["expiresAt"_L1]));
    }
    return rows;
}

QHash<QString, Truth> rebuild(const QList<QJsonObject> &events, const QList<License> &licenses, const Rows &rows)
{
    QHash<QString, qint64> skew;
    for (const License &license : licenses)
        skew.insert(license.id, license.skewMs);
    // license -> seat or ticket -> its interval, as long as it is open
    QHash<QString, QHash<QString, Interval>> seats, waits;
    QHash<QString, Truth> truth;
    const auto endSeat = [&](const QString &license, const QString &seat, qint64 at, const QJsonValue &expiresAt) {
        const auto it = seats[license].find(seat);
        if (it == seats[license].end())
            return; // ended before (only the first end counts), or never granted
        Interval span = *it;
        span.end = at;
        if (expiresAt.isString())
            span.end = std::min(at, msOf(expiresAt) + skew.value(license));
        truth[license].seats.append(span);
        seats[license].erase(it);
    };
    const auto endWait = [&](const QString &license, const QString &ticket, qint64 at) {
        const auto it = waits[license].find(ticket);
        if (it == waits[license].end())
            return;
        // A ticket's wait ends at its give-up time at the latest, however late the server drops it.
        truth[license].waits.append({it->start, std::min(at, it->end), {}, it->holder});
        waits[license].erase(it);
    };
    for (const QJsonObject &event : events) {
        const QString kind = event["kind"_L1].toString();
        const QString license = event["licenseId"_L1].toString();
        const QString seat = event["seatId"_L1].toString();
        const QString holder = event["holder"_L1].toString();
        const QJsonObject detail = event["detail"_L1].toObject();
        const qint64 at = msOf(event["time"_L1]);
        if (kind == "granted"_L1) {
            seats[license].insert(seat, {at, openEnd, detail["reservation"_L1].toString(), holder});
            truth[license].grants.append({at, holder});
            if (!detail["ticketId"_L1].toString().isEmpty())
                endWait(license, detail["ticketId"_L1].toString(), at);
        } else if (kind == "released"_L1 || kind == "revoked"_L1 || kind == "reaped"_L1) {
            endSeat(license, seat, at, detail["expiresAt"_L1]);
        } else if (kind == "queued"_L1) {
            const QJsonValue giveUpAt = detail["giveUpAt"_L1];
            waits[license].insert(detail["ticketId"_L1].toString(),
                                  {at, giveUpAt.isString() ? msOf(giveUpAt) : openEnd, {}, holder});
        } else if (kind == "queue_left"_L1) {
            const QJsonValue stopped = detail["ticketExpiresAt"_L1];
            endWait(license, detail["ticketId"_L1].toString(), stopped.isString() ? std::min(at, msOf(stopped)) : at);
            if (detail["granted"_L1].toBool() && !seat.isEmpty())
                endSeat(license, seat, at, detail["seatExpiresAt"_L1]);
        } else if (kind == "denied"_L1) {
            QString reason = detail["reason"_L1].toString();
            if (reason.isEmpty())
                reason = u"no_seats_available"_s;
            truth[license].refusals.append({at, holder, reason});
        } else if (kind == "holder_blocked"_L1) {
            truth[license].refusals.append({at, holder, u"holder_blocked"_s});
        } else if (kind == "rules_changed"_L1) {
            QMap<QString, int> reserve;
            for (const QJsonValue &entry : detail["rules"_L1]["reserve"_L1].toArray())
                reserve.insert(entry["group"_L1].toString(), entry["seats"_L1].toInt());
            truth[license].reserved.append({at, reserve});
        } else if (kind == "license_created"_L1 || kind == "license_updated"_L1) {
            truth[license].seatCount.append({at, detail["seatCount"_L1].toInt()});
        }
    }
    // Seats with no end yet count while their lease row lives, until expiresAt + skew.
    for (auto license = seats.cbegin(); license != seats.cend(); ++license) {
        for (auto seat = license->cbegin(); seat != license->cend(); ++seat) {
            const auto row = rows.leases.value(license.key()).constFind(seat.key());
            const qint64 end
                = row == rows.leases.value(license.key()).cend() ? seat->start : *row + skew.value(license.key());
            truth[license.key()].seats.append({seat->start, end, seat->group, seat->holder});
        }
    }
    // Waits with no end yet: until the give-up time, or until the ticket lapses if it is not renewed.
    for (auto license = waits.cbegin(); license != waits.cend(); ++license) {
        for (auto wait = license->cbegin(); wait != license->cend(); ++wait) {
            Interval span = *wait;
            const auto ticket = rows.tickets.value(license.key()).constFind(wait.key());
            if (ticket != rows.tickets.value(license.key()).cend())
                span.end = std::min(span.end, *ticket);
            truth[license.key()].waits.append(span);
        }
    }
    return truth;
}

// What the demand exercised: events by kind, and the cases the history treats specially.
QMap<QString, int> coverage(const QList<QJsonObject> &events, const QList<License> &licenses)
{
    QHash<QString, qint64> skew;
    for (const License &license : licenses)
        skew.insert(license.id, license.skewMs);
    QMap<QString, int> seen;
    for (const QJsonObject &event : events) {
        const QString kind = event["kind"_L1].toString();
        const QJsonObject detail = event["detail"_L1].toObject();
        ++seen[kind];
        if (kind == "granted"_L1 && !detail["ticketId"_L1].toString().isEmpty())
            ++seen[u"granted from the line"_s];
        if (kind == "queue_left"_L1 && detail["granted"_L1].toBool())
            ++seen[u"queue_left with a held seat"_s];
        if ((kind == "released"_L1 || kind == "revoked"_L1) && detail["expiresAt"_L1].isString()
            && msOf(detail["expiresAt"_L1]) + skew.value(event["licenseId"_L1].toString()) < msOf(event["time"_L1]))
            ++seen[kind + u" after the lease ran out"_s];
    }
    return seen;
}

// The most intervals overlapping at once in [from, to), and the first moment it happens; the time
// spent at each level.
std::pair<int, qint64> peakOf(const QList<Interval> &intervals, qint64 from, qint64 to, QMap<int, qint64> *levels)
{
    QMap<qint64, int> steps;
    for (const Interval &interval : intervals) {
        const qint64 a = std::max(interval.start, from);
        const qint64 z = std::min(interval.end, to);
        if (z > a) {
            ++steps[a];
            --steps[z];
        }
    }
    int level = 0;
    int peak = 0;
    qint64 peakAt = from;
    qint64 since = from;
    for (auto it = steps.cbegin(); it != steps.cend(); ++it) {
        if (levels && it.key() > since)
            (*levels)[level] += it.key() - since;
        level += it.value();
        since = it.key();
        if (it.key() < to && level > peak) {
            peak = level;
            peakAt = it.key();
        }
    }
    if (levels && to > since)
        (*levels)[level] += to - since;
    return {peak, peakAt};
}

usage::Bucket bruteBucket(const Truth &truth, qint64 from, qint64 to)
{
    usage::Bucket bucket;
    bucket.startMs = from;
    bucket.lengthMs = to - from;
    for (const auto &[at, seats] : truth.seatCount) {
        if (at <= to - 1)
            bucket.seatsOwned = seats;
    }
    for (const Interval &seat : truth.seats)
        bucket.usedSeatMs += std::max<qint64>(0, std::min(seat.end, to) - std::max(seat.start, from));
    std::tie(bucket.peak, bucket.peakAtMs) = peakOf(truth.seats, from, to, &bucket.levelMs);
    // Before the license was created no seat was in use, and that time is in no level (walk 57a, F5).
    if (!truth.seatCount.isEmpty() && truth.seatCount.constFirst().first > from)
        bucket.levelMs[0] -= std::min(truth.seatCount.constFirst().first, to) - from;
    bucket.waitingPeak = peakOf(truth.waits, from, to, nullptr).first;
    for (const Interval &wait : truth.waits) {
        if (wait.start < to && wait.end > from)
            bucket.longestWaitMs = std::max(bucket.longestWaitMs, std::min(wait.end, to) - wait.start);
    }
    // Reserved seats nobody of the group used: both sides are constant between these moments.
    QList<qint64> moments {from};
    for (const Interval &seat : truth.seats) {
        for (qint64 at : {seat.start, seat.end}) {
            if (at > from && at < to)
                moments.append(at);
        }
    }
    QSet<QString> groups;
    for (const auto &[at, reserve] : truth.reserved) {
        if (at > from && at < to)
            moments.append(at);
        for (auto it = reserve.cbegin(); it != reserve.cend(); ++it)
            groups.insert(it.key());
    }
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    for (const QString &group : std::as_const(groups)) {
        qint64 idle = 0;
        for (qsizetype i = 0; i < moments.size(); ++i) {
            const qint64 at = moments.at(i);
            const qint64 until = i + 1 < moments.size() ? moments.at(i + 1) : to;
            int reserved = 0;
            for (const auto &[since, reserve] : truth.reserved) {
                if (since <= at)
                    reserved = reserve.value(group);
            }
            int used = 0;
            for (const Interval &seat : truth.seats) {
                if (seat.group == group && seat.start <= at && seat.end > at)
                    ++used;
            }
            idle += qint64(std::max(0, reserved - used)) * (until - at);
        }
        if (idle > 0)
            bucket.reservedIdleSeatMs.insert(group, idle);
    }
    for (const auto &[at, holder] : truth.grants) {
        if (at >= from && at < to)
            ++bucket.granted;
    }
    for (const Refused &refusal : truth.refusals) {
        if (refusal.at < from || refusal.at >= to)
            continue;
        ++bucket.denials[refusal.reason];
        const bool served = std::any_of(truth.grants.cbegin(), truth.grants.cend(), [&](const auto &grant) {
            return grant.second == refusal.holder && grant.first > refusal.at
                && grant.first <= refusal.at + trueDenialWindowMs;
        });
        if (!served)
            ++bucket.trueDenials;
    }
    return bucket;
}

QMap<int, qint64> withoutEmptyLevels(QMap<int, qint64> levels)
{
    levels.removeIf([](const auto &level) { return level.value() == 0; });
    return levels;
}

QString describe(const usage::Bucket &b)
{
    QStringList denials;
    for (auto it = b.denials.cbegin(); it != b.denials.cend(); ++it)
        denials.append(u"%1=%2"_s.arg(it.key()).arg(it.value()));
    QStringList levels;
    for (auto it = b.levelMs.cbegin(); it != b.levelMs.cend(); ++it)
        levels.append(u"%1:%2"_s.arg(it.key()).arg(it.value()));
    QStringList idle;
    for (auto it = b.reservedIdleSeatMs.cbegin(); it != b.reservedIdleSeatMs.cend(); ++it)
        idle.append(u"%1:%2"_s.arg(it.key()).arg(it.value()));
    return u"start %1 owned %2 peak %3 at %4 used %5 waiting %6 granted %7 denials {%8} true %9 levels {%10} "
           "longest wait %11 reserved idle {%12}"_s
               .arg(formatTimestamp(QDateTime::fromMSecsSinceEpoch(b.startMs, Qt::UTC)))
               .arg(b.seatsOwned)
               .arg(b.peak)
               .arg(formatTimestamp(QDateTime::fromMSecsSinceEpoch(b.peakAtMs, Qt::UTC)))
               .arg(b.usedSeatMs)
               .arg(b.waitingPeak)
               .arg(b.granted)
               .arg(denials.join(u' '))
               .arg(b.trueDenials)
               .arg(levels.join(u' '))
               .arg(b.longestWaitMs)
               .arg(idle.join(u' '));
}

// The fields the brute force knows, side by side; empty when they agree.
QString differences(const usage::Bucket &server, const usage::Bucket &brute)
{
    const bool same = server.startMs == brute.startMs && server.seatsOwned == brute.seatsOwned
        && server.peak == brute.peak && server.peakAtMs == brute.peakAtMs && server.usedSeatMs == brute.usedSeatMs
        && withoutEmptyLevels(server.levelMs) == withoutEmptyLevels(brute.levelMs)
        && server.waitingPeak == brute.waitingPeak && server.longestWaitMs == brute.longestWaitMs
        && server.reservedIdleSeatMs == brute.reservedIdleSeatMs && server.granted == brute.granted
        && server.denials == brute.denials && server.trueDenials == brute.trueDenials;
    return same ? QString() : u"\n  server: %1\n  events: %2"_s.arg(describe(server), describe(brute));
}

std::optional<UsageReport> usageReport(TestHttp &http, const QByteArray &admin, const QString &license, UsageStep step,
                                       qint64 fromMs, qint64 toMs)
{
    UsageQuery query;
    query.step = step;
    query.from = QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC);
    query.to = QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC);
    const auto reply
        = http.get(u"/v1/licenses/%1/usage?%2"_s.arg(license, query.toQuery().toString(QUrl::FullyEncoded)), admin);
    if (reply.status != 200) {
        qWarning("GET usage of %s: %d %s", qPrintable(license), reply.status, reply.body.constData());
        return std::nullopt;
    }
    ValidationError error;
    auto report = UsageReport::fromJson(reply.json(), &error);
    if (!report)
        qWarning("usage report of %s does not parse", qPrintable(license));
    return report;
}

std::optional<WhatIfReport> whatIfReport(TestHttp &http, const QByteArray &admin, const QString &license, qint64 fromMs,
                                         qint64 toMs)
{
    QUrlQuery query;
    query.addQueryItem(u"from"_s, formatTimestamp(QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC)));
    query.addQueryItem(u"to"_s, formatTimestamp(QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC)));
    const auto reply
        = http.get(u"/v1/licenses/%1/usage/what-if?%2"_s.arg(license, query.toString(QUrl::FullyEncoded)), admin);
    if (reply.status != 200) {
        qWarning("GET what-if of %s: %d %s", qPrintable(license), reply.status, reply.body.constData());
        return std::nullopt;
    }
    return WhatIfReport::fromJson(reply.json());
}

// Every closed bucket of `step` (minute or hour) of every license against the brute force, from
// the license's first event to the closed end; and the range's summary (peak, seat-hours).
// Returns how many buckets were compared.
int compareWithEvents(TestHttp &http, const QByteArray &admin, const QList<License> &licenses, UsageStep step,
                      QMap<QString, int> *seen = nullptr)
{
    const qint64 length = step == UsageStep::Minute ? minuteMs : hourMs;
    const QList<QJsonObject> events = allEvents(http, admin);
    const auto truth = rebuild(events, licenses, leaseRows(http, admin, licenses));
    if (seen)
        *seen = coverage(events, licenses);
    int compared = 0;
    for (const License &license : licenses) {
        qint64 first = openEnd;
        for (const QJsonObject &event : events) {
            if (event["licenseId"_L1].toString() == license.id)
                first = std::min(first, msOf(event["time"_L1]));
        }
        const qint64 from = first / length * length;
        // Where closed history ends: the first report says, the second reads only closed buckets.
        const auto probe = usageReport(http, admin, license.id, step, from, from + length);
        if (!probe) {
            QTest::qFail("no usage report", __FILE__, __LINE__);
            return compared;
        }
        const qint64 closedUntil = probe->closedUntil.toMSecsSinceEpoch();
        if (closedUntil <= from) {
            QTest::qFail(qPrintable(u"%1: nothing closed"_s.arg(license.id)), __FILE__, __LINE__);
            return compared;
        }
        const auto report = usageReport(http, admin, license.id, step, from, closedUntil);
        if (!report) {
            QTest::qFail("no usage report", __FILE__, __LINE__);
            return compared;
        }
        const Truth &mine = truth[license.id];
        // One bucket for each step of the range: none missing, none twice.
        if (report->buckets.size() != (closedUntil - from) / length) {
            QTest::qFail(qPrintable(u"%1: %2 buckets from %3 to %4, expected %5"_s.arg(license.id)
                                        .arg(report->buckets.size())
                                        .arg(from)
                                        .arg(closedUntil)
                                        .arg((closedUntil - from) / length)),
                         __FILE__, __LINE__);
            return compared;
        }
        int peak = 0;
        qint64 used = 0;
        int trueDenials = 0;
        for (qsizetype i = 0; i < report->buckets.size(); ++i) {
            const usage::Bucket &bucket = report->buckets.at(i);
            const qint64 start = from + i * length;
            const usage::Bucket brute = bruteBucket(mine, start, start + length);
            const QString diff = bucket.startMs == start ? differences(bucket, brute) : u"misplaced"_s;
            if (!diff.isEmpty()) {
                QTest::qFail(qPrintable(u"%1, %2 bucket %3:%4"_s.arg(license.id, toWire(step)).arg(i).arg(diff)),
                             __FILE__, __LINE__);
                return compared;
            }
            peak = std::max(peak, brute.peak);
            used += brute.usedSeatMs;
            trueDenials += brute.trueDenials;
            ++compared;
        }
        if (report->summary.peak != peak) {
            QTest::qFail(
                qPrintable(u"%1: summary peak %2, events %3"_s.arg(license.id).arg(report->summary.peak).arg(peak)),
                __FILE__, __LINE__);
            return compared;
        }
        const double hours = double(used) / 3'600'000.0;
        if (std::abs(report->summary.usedSeatHours - hours) > 1e-9 * std::max(1.0, hours)) {
            QTest::qFail(qPrintable(u"%1: summary %2 seat-hours, events %3"_s.arg(license.id)
                                        .arg(report->summary.usedSeatHours, 0, 'f', 9)
                                        .arg(hours, 0, 'f', 9)),
                         __FILE__, __LINE__);
            return compared;
        }
        qInfo("%s: %lld %s buckets equal the events (peak %d, %.3f seat-hours, %lld seat spans, %lld refusals, %d "
              "true denials)",
              qPrintable(license.id), qint64(report->buckets.size()), qPrintable(toWire(step)), peak, hours,
              qint64(mine.seats.size()), qint64(mine.refusals.size()), trueDenials);
    }
    return compared;
}

// Each license's bucket rows of each resolution in a PostgreSQL database: one per start, none
// missing between the first and the resolution's closing progress, for `licenses` licenses. Empty
// when so, else what is wrong.
QString bucketRowsOnceEach(QSqlDatabase db, int licenses)
{
    QSqlQuery rows(db);
    if (!rows.exec(u"SELECT b.license_id, b.resolution, COUNT(*), COUNT(DISTINCT b.start_ms), MIN(b.start_ms), "
                   "MAX(b.start_ms + b.length_ms), p.closed_until_ms FROM usage_buckets AS b "
                   "JOIN usage_progress AS p ON p.resolution = b.resolution "
                   "GROUP BY b.license_id, b.resolution, p.closed_until_ms"_s))
        return rows.lastError().text();
    int groups = 0;
    while (rows.next()) {
        const QString what = rows.value(0).toString() + u' ' + rows.value(1).toString();
        const qint64 length = usage::lengthMs(rows.value(1).toString() == "minute"_L1     ? usage::Resolution::Minute
                                                  : rows.value(1).toString() == "hour"_L1 ? usage::Resolution::Hour
                                                                                          : usage::Resolution::Day);
        const qint64 count = rows.value(2).toLongLong();
        if (count != rows.value(3).toLongLong())
            return u"%1: %2 rows for %3 starts"_s.arg(what).arg(count).arg(rows.value(3).toLongLong());
        if (count != (rows.value(5).toLongLong() - rows.value(4).toLongLong()) / length)
            return what + u": a gap"_s;
        if (rows.value(5).toLongLong() != rows.value(6).toLongLong())
            return what + u": not up to the progress"_s;
        ++groups;
    }
    if (groups != licenses * 3)
        return u"%1 licenses and resolutions with buckets, expected %2"_s.arg(groups).arg(licenses * 3);
    return {};
}

} // namespace

// One server with license "solo" (one seat, skew 10 s, grace 60 s) on its manual clock, from the
// next whole hour: the small what-if cases, whose reports cover that hour and the next.
struct SoloLicense
{
    TestServer server {TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms}};
    TestHttp http;
    QByteArray auth;
    qint64 hour = 0;

    bool start(std::chrono::seconds ttl, QString *error)
    {
        if (!server.start(error))
            return false;
        http.setBaseUrl(server.url());
        hour = (server.clock().now().toMSecsSinceEpoch() / hourMs + 1) * hourMs;
        moveTo(0);
        auth = "License " + server.createLicense(u"solo"_s, 1, ttl, 10s, 60s);
        return true;
    }
    // The clock to `offset` ms after the hour.
    void moveTo(qint64 offset)
    {
        server.clock().advance(std::chrono::milliseconds(hour + offset - server.clock().now().toMSecsSinceEpoch()));
    }
    HttpResult checkout(const QString &holder, QJsonObject body = {})
    {
        body.insert(u"holder"_s, holder);
        return http.post(u"/v1/licenses/solo/checkout"_s, body, auth);
    }
    // A heartbeat of the ticket a 202 `queued` answer gave.
    HttpResult ticketBeat(const HttpResult &queued)
    {
        const QString ticket = queued.json().value("ticket"_L1).toObject().value("ticketId"_L1).toString();
        return http.call("POST", u"/v1/licenses/solo/tickets/%1/heartbeat"_s.arg(ticket), {}, auth);
    }
    // Releases the seat a 201 or 200 answer gave; the status.
    int release(const HttpResult &granted)
    {
        const QString seat = granted.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
        return http.del(u"/v1/licenses/solo/seats/%1"_s.arg(seat), auth).status;
    }
    std::optional<UsageReport> report()
    {
        return usageReport(http, server.adminAuthorization(), u"solo"_s, UsageStep::Day, hour, hour + 2 * hourMs);
    }
    std::optional<WhatIfReport> whatIf()
    {
        return whatIfReport(http, server.adminAuthorization(), u"solo"_s, hour, hour + 2 * hourMs);
    }
};

class TestUsageHistory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void closedHoursEqualTheEvents();
    void refusalServedAfterItsHourEndedIsNoTrueDenial();
    void reservationMadeAfterAnHourLeavesItsIdleSeatsAlone();
    void lapsedTicketEndsItsWaitInAnHourClosedBeforeTheLineDroppedIt();
    void instancesOnOneDatabaseCloseEachBucketOnce();
    void killedWhileClosingLosesNothing();
    void killedInstanceOnPostgresLosesNothing();
    void whatIfAtTheOwnSeatCountGivesBackWhatTheServerDid();
    void whatIfServesTheLineWhenTheServerDid();
    void whatIfGivesUpWhenTheTicketTimedOut();
    void whatIfGivesUpWhenNoRequestCameAfterTheSeatRanOut();
    void whatIfShowsMoreSeatsStopHelpingAndTheRangeEndsNow();
    void ledgerAtPastMomentsIsTheEvents();
    void borrowedSeatsAreCountedApart();
    void borrowedHolderHoursStopAtTheReportEnd();

private:
    quint32 m_seed = 0;
};

void TestUsageHistory::initTestCase()
{
    m_seed = seedFromEnvironment();
    qInfo("seed %u (KEYRIGHT_USAGE_SEED=%u replays it)", m_seed, m_seed);
}

// Two weeks of random demand on one server, closed now and then; every closed hour equals the
// brute force from the events.
void TestUsageHistory::closedHoursEqualTheEvents()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    QRandomGenerator rng(m_seed);
    QElapsedTimer elapsed;
    elapsed.start();

    Demand demand(rng, server.clock(), {&http}, server.adminAuthorization());
    QVERIFY2(demand.setUp(&error), qPrintable(error));
    int closings = 0;
    qint64 closingMs = 0;
    demand.close = [&] {
        QElapsedTimer closing;
        closing.start();
        server.leaseServer().usageCloser()->closeDue();
        closingMs += closing.elapsed();
        ++closings;
    };
    const int days = qEnvironmentVariableIntValue("KEYRIGHT_USAGE_DAYS") > 0
        ? qEnvironmentVariableIntValue("KEYRIGHT_USAGE_DAYS")
        : 14;
    demand.run(days * dayMs);
    if (QTest::currentTestFailed())
        return;
    demand.reap();
    server.leaseServer().usageCloser()->closeDue();
    qInfo("%d requests, %d closings (%lld ms of closing) in %lld ms", demand.requests, closings + 1, closingMs,
          elapsed.elapsed());

    QMap<QString, int> seen;
    const int compared
        = compareWithEvents(http, server.adminAuthorization(), demand.licenses(), UsageStep::Hour, &seen);
    if (QTest::currentTestFailed())
        return;
    QStringList counts;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it)
        counts.append(u"%1 %2"_s.arg(it.key()).arg(it.value()));
    qInfo("events: %s", qPrintable(counts.join(u", "_s)));
    // The demand reached every case the history counts specially.
    for (const QString &kind : {u"granted"_s, u"released"_s, u"reaped"_s, u"revoked"_s, u"denied"_s,
                                u"holder_blocked"_s, u"queued"_s, u"queue_left"_s, u"granted from the line"_s,
                                u"released after the lease ran out"_s, u"license_updated"_s, u"rules_changed"_s})
        QVERIFY2(seen.value(kind) > 0, qPrintable(u"no "_s + kind));
    QVERIFY(compared >= 3 * (days - 1) * 24);
    qInfo("%d hour buckets compared, %lld ms in all", compared, elapsed.elapsed());
}

// A refusal just before the hour ends, its holder served twelve minutes later, in the next hour:
// the hour is not closed before the true-denial window has passed, so its refusal is not a true
// denial; the closer ran in between.
void TestUsageHistory::refusalServedAfterItsHourEndedIsNoTrueDenial()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    ManualClock &clock = server.clock();
    const qint64 hour = (clock.now().toMSecsSinceEpoch() / hourMs + 1) * hourMs;
    // Forward to `hour` + offset, wall and monotonic together, as time passes.
    const auto moveTo = [&](qint64 offset) {
        clock.advance(std::chrono::milliseconds(hour + offset - clock.now().toMSecsSinceEpoch()));
    };
    moveTo(10 * minuteMs);
    const QByteArray key = server.createLicense(u"solo"_s, 1, 2h, 10s, 60s);
    QVERIFY(!key.isEmpty());
    const QByteArray auth = "License " + key;
    const auto checkout = [&](const QString &holder) {
        return http.post(u"/v1/licenses/solo/checkout"_s, {{u"holder"_s, holder}}, auth);
    };
    const auto taken = checkout(u"ann@ws-1"_s);
    QCOMPARE(taken.status, 201);
    moveTo(55 * minuteMs);
    QCOMPARE(checkout(u"bob@ws-2"_s).status, 409);
    server::UsageCloser &closer = *server.leaseServer().usageCloser();
    moveTo(61 * minuteMs + 30'000);
    closer.closeDue();
    moveTo(65 * minuteMs);
    QCOMPARE(http.del(u"/v1/licenses/solo/seats/%1"_s.arg(
                          taken.json().value("lease"_L1).toObject().value("seatId"_L1).toString()),
                      auth)
                 .status,
             204);
    moveTo(67 * minuteMs);
    QCOMPARE(checkout(u"bob@ws-2"_s).status, 201);
    moveTo(3 * hourMs);
    closer.closeDue();

    const auto report
        = usageReport(http, server.adminAuthorization(), u"solo"_s, UsageStep::Hour, hour, hour + 2 * hourMs);
    QVERIFY(report);
    QVERIFY(report->closedUntil.toMSecsSinceEpoch() >= hour + 2 * hourMs);
    QCOMPARE(report->buckets.size(), 2);
    const usage::Bucket &first = report->buckets.at(0);
    QCOMPARE(first.denials, (QMap<QString, int> {{u"no_seats_available"_s, 1}}));
    QCOMPARE(first.trueDenials, 0);
    QCOMPARE(first.granted, 1);
    QCOMPARE(first.usedSeatMs, 50 * minuteMs);
    QCOMPARE(report->buckets.at(1).granted, 1);
    QCOMPARE(report->buckets.at(1).usedSeatMs, 5 * minuteMs + 53 * minuteMs);
    QCOMPARE(report->summary.trueDenials, 0);
    QVERIFY(
        compareWithEvents(http, server.adminAuthorization(), {License {u"solo"_s, auth, 1, 10'000}}, UsageStep::Hour)
        > 0);
}

// A waiter stops renewing its ticket at 00:02 (its client crashed): the ticket lapses at 00:12,
// well before its give-up time of 01:02, but the line drops it only when the next checkout comes,
// at 03:05, after the hours 00:00 and 01:00 were closed. The wait, in those closed hours, lasted
// ten minutes, as the log tells it, not until the give-up time.
void TestUsageHistory::lapsedTicketEndsItsWaitInAnHourClosedBeforeTheLineDroppedIt()
{
    SoloLicense solo;
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(solo.server);
    QString error;
    QVERIFY2(solo.start(10min, &error), qPrintable(error));
    solo.moveTo(minuteMs);
    const auto held = solo.checkout(u"ann@ws-1"_s);
    QCOMPARE(held.status, 201);
    solo.moveTo(2 * minuteMs);
    QCOMPARE(solo.checkout(u"bob@ws-2"_s, {{u"wait"_s, true}, {u"maxWaitSeconds"_s, 3600}}).status, 202);
    solo.moveTo(3 * hourMs);
    server::UsageCloser &closer = *solo.server.leaseServer().usageCloser();
    closer.closeDue();
    const QByteArray admin = solo.server.adminAuthorization();
    const auto before = usageReport(solo.http, admin, u"solo"_s, UsageStep::Hour, solo.hour, solo.hour + 2 * hourMs);
    QVERIFY(before);
    QVERIFY(before->closedUntil.toMSecsSinceEpoch() >= solo.hour + 2 * hourMs);
    solo.moveTo(3 * hourMs + 5 * minuteMs);
    const auto taken = solo.checkout(u"dan@ws-4"_s);
    QCOMPARE(taken.status, 201);
    solo.moveTo(3 * hourMs + 10 * minuteMs);
    QCOMPARE(solo.release(taken), 204);
    solo.moveTo(6 * hourMs);
    closer.closeDue();

    const auto report = usageReport(solo.http, admin, u"solo"_s, UsageStep::Hour, solo.hour, solo.hour + 2 * hourMs);
    QVERIFY(report);
    QCOMPARE(report->buckets.size(), 2);
    QCOMPARE(report->buckets.at(0).waitingPeak, 1);
    QCOMPARE(report->buckets.at(0).longestWaitMs, 10 * minuteMs);
    QCOMPARE(report->buckets.at(1).waitingPeak, 0);
    QCOMPARE(report->buckets.at(1).longestWaitMs, 0);
    const QList<License> licenses {License {u"solo"_s, solo.auth, 1, 10'000}};
    QVERIFY(compareWithEvents(solo.http, admin, licenses, UsageStep::Hour) > 0);
    QVERIFY(compareWithEvents(solo.http, admin, licenses, UsageStep::Minute) > 0);
}

// A group reserves a seat from 23:05 on; the hour 22:00 is closed at 23:17, after the change but
// with its chunk ending at 23:00. Nothing was reserved during that hour: no reserved seat sat idle
// then, in the hour and in its minutes.
void TestUsageHistory::reservationMadeAfterAnHourLeavesItsIdleSeatsAlone()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    ManualClock &clock = server.clock();
    const qint64 hour = (clock.now().toMSecsSinceEpoch() / hourMs + 1) * hourMs;
    const auto moveTo = [&](qint64 offset) {
        clock.advance(std::chrono::milliseconds(hour + offset - clock.now().toMSecsSinceEpoch()));
    };
    moveTo(5 * minuteMs);
    const QByteArray key = server.createLicense(u"cad"_s, 2, 2h, 10s, 60s);
    QVERIFY(!key.isEmpty());
    QCOMPARE(http.post(u"/v1/licenses/cad/checkout"_s, {{u"holder"_s, u"ann@ws-1"_s}}, "License " + key).status, 201);
    const QByteArray admin = server.adminAuthorization();
    moveTo(65 * minuteMs);
    const auto groups = http.put(
        u"/v1/groups"_s,
        {{u"groups"_s,
          QJsonArray {QJsonObject {{u"name"_s, u"render"_s}, {u"patterns"_s, QJsonArray {u"*@render-*"_s}}}}}},
        admin);
    QCOMPARE(groups.status, 200);
    const auto rules = http.put(
        u"/v1/licenses/cad/rules"_s,
        {{u"rules"_s,
          QJsonObject {{u"reserve"_s, QJsonArray {QJsonObject {{u"group"_s, u"render"_s}, {u"seats"_s, 1}}}}}}},
        admin);
    QCOMPARE(rules.status, 200);
    moveTo(77 * minuteMs);
    server.leaseServer().usageCloser()->closeDue();

    for (UsageStep step : {UsageStep::Hour, UsageStep::Minute}) {
        // The minutes are kept from the first event on, 22:05.
        const qint64 from = step == UsageStep::Hour ? hour : hour + 5 * minuteMs;
        const auto report = usageReport(http, admin, u"cad"_s, step, from, hour + hourMs);
        QVERIFY(report);
        QVERIFY(report->closedUntil.toMSecsSinceEpoch() >= hour + hourMs);
        QCOMPARE(report->buckets.size(), step == UsageStep::Hour ? 1 : 55);
        for (const usage::Bucket &bucket : report->buckets)
            QVERIFY2(bucket.reservedIdleSeatMs.isEmpty(), qPrintable(toWire(step) + u": "_s + describe(bucket)));
        QCOMPARE(report->summary.reservedIdleSeatHours, (QMap<QString, double> {}));
    }
    // The next hour, closed with the change inside its chunk, counts the reserved seat from 23:05.
    moveTo(3 * hourMs);
    server.leaseServer().usageCloser()->closeDue();
    const auto next = usageReport(http, admin, u"cad"_s, UsageStep::Hour, hour + hourMs, hour + 2 * hourMs);
    QVERIFY(next);
    QCOMPARE(next->buckets.size(), 1);
    QCOMPARE(next->buckets.at(0).reservedIdleSeatMs, (QMap<QString, qint64> {{u"render"_s, 55 * minuteMs}}));
}

// Two instances on one PostgreSQL database and one clock, traffic on both, closing the same
// history in turns: each bucket is written once, and the buckets are those of the events.
void TestUsageHistory::instancesOnOneDatabaseCloseEachBucketOnce()
{
    if (!TestServer::onPostgres())
        QSKIP("several instances share a PostgreSQL database only (the _postgres run)");
    ManualClock clock;
    TestServer first(TestServer::Options {.clock = &clock, .reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(first);
    QString error;
    QVERIFY2(first.start(&error), qPrintable(error));
    QVERIFY(first.database());
    // The second instance signs with the first one's key and knows its admin token, as every
    // instance of one deployment does.
    QTemporaryDir secondDir;
    QVERIFY(secondDir.isValid());
    for (const QString &secret : {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s}) {
        const QString target = QDir(secondDir.path()).filePath(secret);
        QVERIFY(QFile::copy(QDir(first.dataDir()).filePath(secret), target));
        QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner));
    }
    TestServer second(TestServer::Options {.clock = &clock,
                                           .dataDir = secondDir.path(),
                                           .reapInterval = 0s,
                                           .databaseUrl = first.database()->url(),
                                           .usageInterval = 0ms});
    QVERIFY2(second.start(&error), qPrintable(error));
    TestHttp httpA(first.url());
    TestHttp httpB(second.url());
    QRandomGenerator rng(m_seed ^ 0x5eed);
    QElapsedTimer elapsed;
    elapsed.start();

    server::UsageCloser *closers[] = {first.leaseServer().usageCloser(), second.leaseServer().usageCloser()};
    const QList<usage::Resolution> resolutions {usage::Resolution::Minute, usage::Resolution::Hour,
                                                usage::Resolution::Day};
    // Chunk by chunk, the instances in turns, until neither finds anything due.
    const auto inTurns = [&] {
        int turn = int(rng.bounded(2));
        for (;;) {
            bool any = false;
            for (usage::Resolution resolution : resolutions) {
                any = closers[turn]->closeChunk(resolution) >= 0 || any;
                turn = 1 - turn;
                any = closers[turn]->closeChunk(resolution) >= 0 || any;
            }
            if (!any)
                return;
        }
    };
    Demand demand(rng, clock, {&httpA, &httpB}, first.adminAuthorization());
    QVERIFY2(demand.setUp(&error), qPrintable(error));
    demand.close = [&] {
        switch (rng.bounded(3)) {
        case 0:
            closers[0]->closeDue();
            break;
        case 1:
            closers[1]->closeDue();
            break;
        default:
            inTurns();
        }
    };
    demand.run(3 * dayMs);
    if (QTest::currentTestFailed())
        return;
    demand.reap();
    inTurns();
    closers[0]->closeDue();
    closers[1]->closeDue();

    // Each bucket row once per license and resolution, none missing up to the closed end.
    const QString rows = bucketRowsOnceEach(first.database()->connection(), 3);
    QVERIFY2(rows.isEmpty(), qPrintable(rows));

    QVERIFY(compareWithEvents(httpA, first.adminAuthorization(), demand.licenses(), UsageStep::Minute) > 3 * 2 * 1440);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(compareWithEvents(httpB, first.adminAuthorization(), demand.licenses(), UsageStep::Hour) > 3 * 2 * 24);
    qInfo("%d requests over two instances, %lld ms in all", demand.requests, elapsed.elapsed());
}

namespace {

// The closing progress of each resolution in a stopped server's SQLite file (-1: none yet).
QMap<QString, qint64> progressIn(const QString &dataDir)
{
    QMap<QString, qint64> progress;
    const QString name = u"progress-%1"_s.arg(QRandomGenerator::global()->generate());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(QDir(dataDir).filePath(u"keyright.sqlite"_s));
        if (!db.open())
            qWarning("%s", qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        if (!q.exec(u"SELECT resolution, closed_until_ms FROM usage_progress"_s))
            qWarning("%s", qPrintable(q.lastError().text()));
        while (q.next())
            progress.insert(q.value(0).toString(), q.value(1).toLongLong());
    }
    QSqlDatabase::removeDatabase(name);
    return progress;
}

bool copyDirectory(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &entry : QDir(from).entryInfoList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(entry.fileName());
        if (!QFile::copy(entry.filePath(), target))
            return false;
        QFile::setPermissions(target, entry.permissions());
    }
    return true;
}

// Waits (on real time, bounded) until `process` has closed every hour, minute and day before
// `until` of `license`.
bool waitUntilClosed(TestHttp &http, const QByteArray &admin, const QString &license, qint64 from, qint64 until)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60'000) {
        bool all = true;
        for (UsageStep step : {UsageStep::Minute, UsageStep::Hour}) {
            const auto report = usageReport(http, admin, license, step, from, from + hourMs);
            all = all && report && report->closedUntil.toMSecsSinceEpoch() >= until;
        }
        if (all)
            return true;
        QTest::qWait(100);
    }
    return false;
}

// Every minute and hour bucket of [from, until) and their summaries, as two servers report them:
// empty when they are the same, else the first difference.
QString sameBuckets(TestHttp &one, TestHttp &other, const QByteArray &admin, const QList<License> &licenses,
                    qint64 from, qint64 until)
{
    for (const License &license : licenses) {
        for (UsageStep step : {UsageStep::Minute, UsageStep::Hour}) {
            const auto mine = usageReport(one, admin, license.id, step, from, until);
            const auto theirs = usageReport(other, admin, license.id, step, from, until);
            if (!mine || !theirs)
                return license.id + u": no usage report"_s;
            const qint64 length = step == UsageStep::Minute ? minuteMs : hourMs;
            if (mine->buckets.size() != (until - from) / length || theirs->buckets.size() != mine->buckets.size())
                return u"%1 %2: %3 and %4 buckets, expected %5"_s.arg(license.id, toWire(step))
                    .arg(mine->buckets.size())
                    .arg(theirs->buckets.size())
                    .arg((until - from) / length);
            for (qsizetype i = 0; i < mine->buckets.size(); ++i) {
                if (mine->buckets.at(i).startMs != from + i * length)
                    return u"%1 %2 bucket %3 misplaced"_s.arg(license.id, toWire(step)).arg(i);
                if (mine->buckets.at(i) != theirs->buckets.at(i))
                    return u"%1 %2 bucket %3:\n  killed: %4\n  calm:   %5"_s.arg(license.id, toWire(step))
                        .arg(i)
                        .arg(describe(mine->buckets.at(i)), describe(theirs->buckets.at(i)));
            }
            if (!(mine->summary == theirs->summary))
                return u"%1 %2: the summaries differ"_s.arg(license.id, toWire(step));
        }
    }
    return {};
}

} // namespace

// A real keyright-server with days of history to close, killed with SIGKILL again and again while
// it closes, then left to finish: every minute and hour bucket is there once, equal to those of
// an uninterrupted closing of a copy of the same data, and to the events.
void TestUsageHistory::killedWhileClosingLosesNothing()
{
    if (TestServer::onPostgres())
        QSKIP("the killed process serves from SQLite copies of one data directory (the SQLite run)");
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString killedDir = QDir(root.path()).filePath(u"killed"_s);
    const QString calmDir = QDir(root.path()).filePath(u"calm"_s);
    QRandomGenerator rng(m_seed ^ 0xdead);

    // Four days of history, ending a day ago, written on a manual clock and never closed.
    const qint64 begin = QDateTime::currentMSecsSinceEpoch() - 5 * dayMs;
    ManualClock clock(QDateTime::fromMSecsSinceEpoch(begin, Qt::UTC));
    QList<License> licenses;
    QByteArray admin;
    {
        TestServer writer(
            TestServer::Options {.clock = &clock, .dataDir = killedDir, .reapInterval = 0s, .usageInterval = 0ms});
        QString error;
        QVERIFY2(writer.start(&error), qPrintable(error));
        TestHttp http(writer.url());
        Demand demand(rng, clock, {&http}, writer.adminAuthorization());
        QVERIFY2(demand.setUp(&error), qPrintable(error));
        demand.run(4 * dayMs);
        if (QTest::currentTestFailed())
            return;
        licenses = demand.licenses();
        admin = writer.adminAuthorization();
        writer.stop();
    }
    QCOMPARE(progressIn(killedDir).value(u"minute"_s), -1); // nothing closed yet
    QVERIFY(copyDirectory(killedDir, calmDir));
    const qint64 from = (begin / hourMs + 1) * hourMs; // the minutes are kept from the first event on
    // The server comes back to a wall clock a day ahead of the last one it saw, and takes that for
    // a jump: its clock goes on from the history's end (docs/ARCHITECTURE.md, "Clock jumps"). So it
    // closes up to the true-denial window before the history's end.
    const qint64 until = (clock.now().toMSecsSinceEpoch() - 17 * minuteMs) / hourMs * hourMs;

    // Killed while it closes, at later and later moments of its first quarter second.
    ServerProcess killed;
    killed.setDataDir(killedDir);
    QString error;
    int cutMidway = 0;
    QList<qint64> seen;
    for (int delay : {2, 10, 25, 50, 80, 120, 180, 260}) {
        QVERIFY2(killed.start(&error), qPrintable(error + killed.output()));
        QTest::qWait(delay + int(rng.bounded(10)));
        killed.kill();
        const QMap<QString, qint64> progress = progressIn(killedDir);
        seen.append(progress.value(u"minute"_s));
        if (progress.value(u"minute"_s) > from && progress.value(u"minute"_s) < until)
            ++cutMidway;
    }
    qInfo("minute progress after each kill: %s", qPrintable([&] {
              QStringList list;
              for (qint64 at : seen)
                  list.append(at < 0 ? u"-"_s : formatTimestamp(QDateTime::fromMSecsSinceEpoch(at, Qt::UTC)));
              return list.join(u", "_s);
          }()));
    // At least one kill hit the closing halfway, or the test proves nothing.
    QVERIFY2(cutMidway > 0, "no kill landed while the backlog was being closed");
    QVERIFY2(killed.start(&error), qPrintable(error));

    ServerProcess calm;
    calm.setDataDir(calmDir);
    QVERIFY2(calm.start(&error), qPrintable(error));
    TestHttp killedHttp(killed.url());
    TestHttp calmHttp(calm.url());
    for (const License &license : licenses) {
        QVERIFY2(waitUntilClosed(killedHttp, admin, license.id, from, until),
                 qPrintable(license.id + u" after kills:\n"_s + killed.output()));
        QVERIFY2(waitUntilClosed(calmHttp, admin, license.id, from, until),
                 qPrintable(license.id + u" uninterrupted:\n"_s + calm.output()));
    }
    const QString differ = sameBuckets(killedHttp, calmHttp, admin, licenses, from, until);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
    // And both are the events', every hour from..until of each license at least. (A fixed 4 x 24
    // failed when the history began in the first 17 minutes of an hour: then it closes one hour
    // less.)
    const int compared = compareWithEvents(killedHttp, admin, licenses, UsageStep::Hour);
    QVERIFY2(compared >= int(licenses.size() * ((until - from) / hourMs)) && compared >= 3 * 94,
             qPrintable(QString::number(compared)));
}

namespace {

// The closing progress of each resolution in a PostgreSQL database (-1: none yet).
QMap<QString, qint64> progressIn(QSqlDatabase db)
{
    QMap<QString, qint64> progress;
    QSqlQuery q(db);
    if (!q.exec(u"SELECT resolution, closed_until_ms FROM usage_progress"_s))
        qWarning("%s", qPrintable(q.lastError().text()));
    while (q.next())
        progress.insert(q.value(0).toString(), q.value(1).toLongLong());
    return progress;
}

// The sessions of `application` inside a transaction that has read spans and written bucket rows,
// not committed yet: in the middle of closing a chunk (a sweep deletes, and reads no span). For
// each, its last statement. Asked while the instance is stopped (SIGSTOP), the answer is what a
// kill then cuts.
QStringList closingSessionsOf(QSqlDatabase db, const QString &application)
{
    QSqlQuery q(db);
    q.prepare(u"SELECT a.pid, left(a.query, 70) FROM pg_stat_activity AS a "
              "JOIN pg_locks AS l ON l.pid = a.pid AND l.granted JOIN pg_class AS c ON c.oid = l.relation "
              "WHERE a.application_name = :application AND a.state <> 'idle' GROUP BY a.pid, a.query "
              "HAVING bool_or(c.relname = 'usage_spans' AND l.mode = 'AccessShareLock') "
              "AND bool_or(c.relname = 'usage_buckets' AND l.mode = 'RowExclusiveLock')"_s);
    q.bindValue(u":application"_s, application);
    if (!q.exec())
        qWarning("%s", qPrintable(q.lastError().text()));
    QStringList sessions;
    while (q.next())
        sessions.append(u"backend %1 after \"%2\""_s.arg(q.value(0).toString(), q.value(1).toString().simplified()));
    return sessions;
}

// A data directory for another instance of the deployment whose first instance keeps its secrets
// in `from`: the same signing key and admin token.
bool instanceDirectory(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    for (const QString &secret : {u"signing.key"_s, u"alerts.key"_s, u"admin-token"_s}) {
        const QString target = QDir(to).filePath(secret);
        if (!QFile::copy(QDir(from).filePath(secret), target)
            || !QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner))
            return false;
    }
    return true;
}

QString withApplicationName(const QString &databaseUrl, const QString &name)
{
    QUrl url(databaseUrl);
    QUrlQuery query(url);
    query.addQueryItem(u"application_name"_s, name);
    url.setQuery(query);
    return url.toString();
}

} // namespace

// Two real keyright-server processes on one PostgreSQL database with days of history to close:
// one runs throughout, the other is killed with SIGKILL again and again, in the middle of closing
// a chunk, then comes back. Every minute and hour bucket is written once, and equals those of an
// uninterrupted instance closing a copy of the same database, and the events'.
void TestUsageHistory::killedInstanceOnPostgresLosesNothing()
{
    if (!TestServer::onPostgres())
        QSKIP("instances share a PostgreSQL database only (the _postgres run); killedWhileClosingLosesNothing kills "
              "the SQLite one");
    PgTestDatabase killedDb;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(killedDb);
    PgTestDatabase calmDb;
    KEYRIGHT_REQUIRE_PG_OR_SKIP(calmDb);
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const auto dir = [&](const QString &name) { return QDir(root.path()).filePath(name); };
    QRandomGenerator rng(m_seed ^ 0xbeef);
    QElapsedTimer elapsed;
    elapsed.start();

    // Three days of history, ending a day ago, written on a manual clock and never closed.
    const qint64 begin = QDateTime::currentMSecsSinceEpoch() - 4 * dayMs;
    ManualClock clock(QDateTime::fromMSecsSinceEpoch(begin, Qt::UTC));
    QList<License> licenses;
    QByteArray admin;
    {
        TestServer writer(TestServer::Options {.clock = &clock,
                                               .dataDir = dir(u"writer"_s),
                                               .reapInterval = 0s,
                                               .databaseUrl = killedDb.url(),
                                               .usageInterval = 0ms});
        QString error;
        QVERIFY2(writer.start(&error), qPrintable(error));
        TestHttp http(writer.url());
        Demand demand(rng, clock, {&http}, writer.adminAuthorization());
        QVERIFY2(demand.setUp(&error), qPrintable(error));
        demand.run(3 * dayMs);
        if (QTest::currentTestFailed())
            return;
        licenses = demand.licenses();
        admin = writer.adminAuthorization();
        writer.stop();
    }
    QCOMPARE(progressIn(killedDb.connection()).value(u"minute"_s), -1); // nothing closed yet
    QString error;
    QVERIFY2(calmDb.copyFrom(killedDb, &error), qPrintable(error));
    const qint64 from = (begin / hourMs + 1) * hourMs; // the minutes are kept from the first event on
    // The instances take the database's clock, a day after the history's end: they close all of
    // it. Compared up to three hours after its end, when the last seats held have run out.
    const qint64 until = (clock.now().toMSecsSinceEpoch() / hourMs + 3) * hourMs;
    for (const QString &name : {u"steady"_s, u"killed"_s, u"calm"_s})
        QVERIFY(instanceDirectory(dir(u"writer"_s), dir(name)));
    qInfo("history written in %lld ms", elapsed.elapsed());

    ServerProcess steady;
    steady.setDataDir(dir(u"steady"_s));
    steady.setDatabase(withApplicationName(killedDb.url(), u"keyright-steady"_s));
    ServerProcess killed;
    killed.setDataDir(dir(u"killed"_s));
    killed.setDatabase(withApplicationName(killedDb.url(), u"keyright-killed"_s));
    // Stopped (SIGSTOP) every few milliseconds and looked at, let go again (SIGCONT) until it is in
    // the middle of closing a chunk, and killed there; again and again while the backlog lasts.
    QVERIFY2(steady.start(&error), qPrintable(error + steady.output()));
    const auto signal = [&](int number) { return ::kill(pid_t(killed.processId()), number) == 0; };
    const auto backlogLeft = [&] {
        const QMap<QString, qint64> progress = progressIn(killedDb.connection());
        return progress.value(u"minute"_s) < until || progress.value(u"hour"_s) < until;
    };
    int cutMidway = 0;
    int kills = 0;
    QStringList seen;
    while (kills < 8 && backlogLeft()) {
        QVERIFY2(killed.start(&error), qPrintable(error + killed.output()));
        QStringList cut;
        for (int look = 0; look < 100 && cut.isEmpty(); ++look) {
            QTest::qWait(int(rng.bounded(1, 20)));
            QVERIFY(signal(SIGSTOP));
            // What it sent before it stopped (a commit) reaches the database first.
            QTest::qWait(40);
            cut = closingSessionsOf(killedDb.connection(), u"keyright-killed"_s);
            if (cut.isEmpty())
                QVERIFY(signal(SIGCONT));
        }
        killed.kill();
        ++kills;
        const qint64 minutes = progressIn(killedDb.connection()).value(u"minute"_s);
        // A cut halfway through the backlog too, as the progress row shows.
        if (!cut.isEmpty() && minutes > from && minutes < until)
            ++cutMidway;
        seen.append(
            u"%1 (%2)"_s.arg(minutes < 0 ? u"-"_s : formatTimestamp(QDateTime::fromMSecsSinceEpoch(minutes, Qt::UTC)),
                             cut.isEmpty() ? u"not closing"_s : cut.join(u"; "_s)));
    }
    qInfo("minute progress after each kill, and what the kill cut:\n  %s", qPrintable(seen.join(u"\n  "_s)));
    // At least one kill cut a chunk halfway, or the test proves nothing.
    QVERIFY2(cutMidway > 0, "no kill landed while the backlog was being closed");
    QVERIFY2(killed.start(&error), qPrintable(error + killed.output()));

    ServerProcess calm;
    calm.setDataDir(dir(u"calm"_s));
    calm.setDatabase(calmDb.url());
    QVERIFY2(calm.start(&error), qPrintable(error + calm.output()));
    TestHttp steadyHttp(steady.url());
    TestHttp killedHttp(killed.url());
    TestHttp calmHttp(calm.url());
    for (const License &license : licenses) {
        QVERIFY2(waitUntilClosed(killedHttp, admin, license.id, from, until),
                 qPrintable(license.id + u" after kills:\n"_s + killed.output() + steady.output()));
        QVERIFY2(waitUntilClosed(calmHttp, admin, license.id, from, until),
                 qPrintable(license.id + u" uninterrupted:\n"_s + calm.output()));
    }
    // Both instances read the same buckets; the same as the uninterrupted copy's.
    QString differ = sameBuckets(killedHttp, calmHttp, admin, licenses, from, until);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
    differ = sameBuckets(steadyHttp, calmHttp, admin, licenses, from, until);
    QVERIFY2(differ.isEmpty(), qPrintable(differ));
    const QString rows = bucketRowsOnceEach(killedDb.connection(), int(licenses.size()));
    QVERIFY2(rows.isEmpty(), qPrintable(rows));
    // And both are the events'.
    QVERIFY(compareWithEvents(steadyHttp, admin, licenses, UsageStep::Minute) >= 3 * 3 * 1440);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(compareWithEvents(killedHttp, admin, licenses, UsageStep::Hour) >= 3 * 3 * 24);
    qInfo("%d kills, %d of them in the middle of a chunk, %lld ms in all", kills, cutMidway, elapsed.elapsed());
}

// Days of random demand on the real server at fixed seat counts and rules (the waiting line,
// retries within and beyond the true-denial window, crashed clients reaped, a reservation for a
// group), then the what-if replay of the range at each license's own seat count: it gives back
// what the server did, as the usage report and the audit log tell it.
void TestUsageHistory::whatIfAtTheOwnSeatCountGivesBackWhatTheServerDid()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    ManualClock &clock = server.clock();
    QRandomGenerator rng(m_seed ^ 0x25);
    QElapsedTimer elapsed;
    elapsed.start();

    const qint64 from = clock.now().toMSecsSinceEpoch() / hourMs * hourMs;
    Demand demand(rng, clock, {&http}, admin);
    demand.changes = false;
    // The replay cannot know the order of requests at one millisecond (it ends seats first, then
    // serves the line, then decides the asks); the server takes them as they come.
    demand.apart = true;
    QVERIFY2(demand.setUp(&error), qPrintable(error));
    demand.setReservation(1); // render: one of its three seats for the render group, from the start
    if (QTest::currentTestFailed())
        return;
    demand.close = [&] { server.leaseServer().usageCloser()->closeDue(); };
    demand.run(4 * dayMs);
    if (QTest::currentTestFailed())
        return;
    // Everyone still running stops; the crashed clients' seats run out and are reaped.
    demand.settle();
    clock.advance(2h);
    demand.reap();
    if (QTest::currentTestFailed())
        return;
    const qint64 to = clock.now().toMSecsSinceEpoch() / hourMs * hourMs;
    server.leaseServer().usageCloser()->closeDue();

    const QList<QJsonObject> events = allEvents(http, admin);
    int served = 0, retriedInTime = 0;
    for (const License &license : demand.licenses()) {
        const auto report = usageReport(http, admin, license.id, UsageStep::Day, from, to);
        QVERIFY(report);
        const auto whatIf = whatIfReport(http, admin, license.id, from, to);
        QVERIFY(whatIf);
        QCOMPARE(whatIf->seatsOwned, license.seats);
        const usage::WhatIfRow *own = whatIf->row(license.seats);
        QVERIFY2(own, qPrintable(license.id));
        // The line as the audit log tells it: tickets queued, served, and the longest wait. A wait
        // ends at the ticket's give-up time, or when it stopped counting, at the latest, however
        // late the server dropped it (as rebuild() has it).
        QHash<QString, qint64> queuedAt, giveUpAt;
        int queued = 0, fromTheLine = 0;
        qint64 longestWait = 0;
        for (const QJsonObject &event : events) {
            if (event["licenseId"_L1].toString() != license.id)
                continue;
            const QString kind = event["kind"_L1].toString();
            const QJsonObject detail = event["detail"_L1].toObject();
            const QString ticket = detail["ticketId"_L1].toString();
            const qint64 at = msOf(event["time"_L1]);
            if (kind == "queued"_L1) {
                ++queued;
                queuedAt.insert(ticket, at);
                giveUpAt.insert(ticket, msOf(detail["giveUpAt"_L1]));
            } else if ((kind == "granted"_L1 || kind == "queue_left"_L1) && queuedAt.contains(ticket)) {
                fromTheLine += kind == "granted"_L1 ? 1 : 0;
                qint64 ended = std::min(at, giveUpAt.take(ticket));
                if (const QJsonValue stopped = detail["ticketExpiresAt"_L1]; stopped.isString())
                    ended = std::min(ended, msOf(stopped));
                longestWait = std::max(longestWait, ended - queuedAt.take(ticket));
            }
        }
        QVERIFY2(queuedAt.isEmpty(), "a ticket still waits at the range's end");

        const UsageSummary &real = report->summary;
        qInfo("%s, %d seats: server granted %d, refused %d, %d true denials, %d queued, %d served from the line; "
              "replay granted %d of %d needs, refused %d, %d true denials, %d waited, %d gave up",
              qPrintable(license.id), license.seats, real.granted, real.denialCount(), real.trueDenials, queued,
              fromTheLine, own->granted, own->attempts, own->refused, own->trueDenials, own->waited, own->gaveUp);
        QCOMPARE(own->granted, real.granted);
        QCOMPARE(own->refused, real.denialCount());
        QCOMPARE(own->trueDenials, real.trueDenials);
        QCOMPARE(own->gaveUp, queued - fromTheLine);
        QCOMPARE(own->longestWaitMs, longestWait);
        QVERIFY(own->waited > 0 && own->waited <= queued);

        // The demand was not too easy: refusals and true denials on every license, and (below)
        // served waits. Those are asked of the licenses together: a one-seat license's line may,
        // by the draw, never be served in four days (seed 2090950103: 20 queued, none served).
        QVERIFY2(real.denialCount() > 0, qPrintable(license.id));
        QVERIFY2(real.trueDenials > 0, qPrintable(license.id));
        served += fromTheLine;
        retriedInTime += real.denialCount() - real.trueDenials;
    }
    // Some refused holders got a seat within the window (their refusals are no true denials), and
    // some waits were served from a line.
    QVERIFY(retriedInTime > 0);
    QVERIFY(served > 0);
    qInfo("%d requests, %d served from the line, %d refusals served in time, %lld ms", demand.requests, served,
          retriedInTime, elapsed.elapsed());
}

// The smallest cases of the random one above where the replay at the own seat count and the
// server part: the server serves its line, and drops timed-out tickets, at its next request, not
// when the seat ran out or the wait ended.

// Walk 25d: eve is on the deny list, so more seats never serve her. The what-if still replays one
// count above the suggestion, to show that it refuses just as much (the table does not end on the
// suggestion). A range asked up to a later time ends at the server's now, and its last bucket
// covers only the time that has passed.
void TestUsageHistory::whatIfShowsMoreSeatsStopHelpingAndTheRangeEndsNow()
{
    SoloLicense solo;
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(solo.server);
    QString error;
    QVERIFY2(solo.start(2h, &error), qPrintable(error));
    const auto rules = solo.http.put(u"/v1/licenses/solo/rules"_s,
                                     {{u"rules"_s, QJsonObject {{u"deny"_s, QJsonArray {u"eve@*"_s}}}}},
                                     solo.server.adminAuthorization());
    QCOMPARE(rules.status, 200);
    solo.moveTo(minuteMs);
    QCOMPARE(solo.checkout(u"ann@ws-1"_s).status, 201);
    solo.moveTo(2 * minuteMs);
    QCOMPARE(solo.checkout(u"eve@ws-5"_s).status, 403);
    solo.moveTo(90 * minuteMs);

    const auto whatIf = solo.whatIf();
    QVERIFY(whatIf);
    QCOMPARE(whatIf->neededSeats(), 1);
    QVERIFY(!whatIf->rows.isEmpty());
    const usage::WhatIfRow &top = whatIf->rows.constFirst();
    QCOMPARE(top.seats, 2);
    const usage::WhatIfRow *one = whatIf->row(1);
    QVERIFY(one);
    QCOMPARE(top.refused, 1);
    QCOMPARE(one->refused, 1);
    QCOMPARE(whatIf->to.toMSecsSinceEpoch(), solo.hour + 90 * minuteMs);

    const auto report = solo.report();
    QVERIFY(report);
    QCOMPARE(report->to.toMSecsSinceEpoch(), solo.hour + 90 * minuteMs);
    qint64 covered = 0;
    qint64 used = 0;
    for (const usage::Bucket &bucket : report->buckets) {
        covered += bucket.lengthMs;
        used += bucket.usedSeatMs;
    }
    QCOMPARE(covered, 90 * minuteMs);
    // Ann has held her seat since the first minute: 89 of the 90 minutes, not of 120.
    QCOMPARE(used, 89 * minuteMs);

    // A range that starts after now is refused with a message naming `from` (walk 25e: it was
    // answered with an end before its start).
    UsageQuery future;
    future.from = QDateTime::fromMSecsSinceEpoch(solo.hour + 2 * hourMs, Qt::UTC);
    future.to = QDateTime::fromMSecsSinceEpoch(solo.hour + 3 * hourMs, Qt::UTC);
    const auto refused
        = solo.http.get(u"/v1/licenses/solo/usage?%1"_s.arg(future.toQuery().toString(QUrl::FullyEncoded)),
                        solo.server.adminAuthorization());
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.json().value("field"_L1).toString(), u"from"_s);
    QVERIFY2(refused.json().value("message"_L1).toString().contains(u"after the server's now"_s),
             refused.body.constData());
}

// A seat runs out (its client crashed) while a ticket waits: the server serves the ticket only at
// its next heartbeat, two minutes later, and a newcomer is refused while that seat is held.
void TestUsageHistory::whatIfServesTheLineWhenTheServerDid()
{
    SoloLicense solo;
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(solo.server);
    QString error;
    QVERIFY2(solo.start(10min, &error), qPrintable(error));
    QCOMPARE(solo.checkout(u"ann@ws-1"_s).status, 201); // and crashes: the seat counts until 00:10:10
    solo.moveTo(minuteMs);
    const auto queued = solo.checkout(u"bob@ws-2"_s, {{u"wait"_s, true}, {u"maxWaitSeconds"_s, 3600}});
    QCOMPARE(queued.status, 202);
    solo.moveTo(9 * minuteMs);
    QCOMPARE(solo.ticketBeat(queued).status, 202);
    solo.moveTo(12 * minuteMs);
    const auto served = solo.ticketBeat(queued);
    QCOMPARE(served.status, 200);
    solo.moveTo(19 * minuteMs);
    QCOMPARE(solo.checkout(u"dan@ws-4"_s).status, 409);
    solo.moveTo(20 * minuteMs);
    QCOMPARE(solo.release(served), 204);
    solo.moveTo(3 * hourMs);

    const auto report = solo.report();
    QVERIFY(report);
    QCOMPARE(report->summary.granted, 2);
    QCOMPARE(report->summary.denialCount(), 1);
    QCOMPARE(report->summary.trueDenials, 1);
    const auto whatIf = solo.whatIf();
    QVERIFY(whatIf);
    const usage::WhatIfRow *own = whatIf->row(1);
    QVERIFY(own);
    QCOMPARE(own->granted, 2);
    QCOMPARE(own->refused, 1);
    QCOMPARE(own->trueDenials, 1);
    QCOMPARE(own->gaveUp, 0);
}

// A ticket willing to wait five minutes is still in the line ten minutes later: the server drops
// it (timed out) only when the seat is released, and does not serve it. Its wait, as recorded,
// ends with that release.
void TestUsageHistory::whatIfGivesUpWhenTheTicketTimedOut()
{
    SoloLicense solo;
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(solo.server);
    QString error;
    QVERIFY2(solo.start(2h, &error), qPrintable(error));
    solo.moveTo(minuteMs);
    const auto taken = solo.checkout(u"ann@ws-1"_s);
    QCOMPARE(taken.status, 201);
    solo.moveTo(2 * minuteMs);
    QCOMPARE(solo.checkout(u"bob@ws-2"_s, {{u"wait"_s, true}, {u"maxWaitSeconds"_s, 300}}).status, 202);
    solo.moveTo(12 * minuteMs);
    QCOMPARE(solo.release(taken), 204);
    solo.moveTo(3 * hourMs);

    const auto report = solo.report();
    QVERIFY(report);
    QCOMPARE(report->summary.granted, 1);
    const auto whatIf = solo.whatIf();
    QVERIFY(whatIf);
    const usage::WhatIfRow *own = whatIf->row(1);
    QVERIFY(own);
    QCOMPARE(own->granted, 1);
    QCOMPARE(own->gaveUp, 1);
    QCOMPARE(own->waited, 1);
}

// A seat runs out (its client crashed) while a ticket waits, and no request reaches the server
// before the ticket's wait ends: the server never served it, and the next checkout gets the seat.
// The replay does not hand the seat to the line when it ran out either.
void TestUsageHistory::whatIfGivesUpWhenNoRequestCameAfterTheSeatRanOut()
{
    SoloLicense solo;
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(solo.server);
    QString error;
    QVERIFY2(solo.start(10min, &error), qPrintable(error));
    solo.moveTo(minuteMs);
    QCOMPARE(solo.checkout(u"ann@ws-1"_s).status, 201); // and crashes: the seat counts until 00:11:10
    solo.moveTo(2 * minuteMs);
    const auto queued = solo.checkout(u"bob@ws-2"_s, {{u"wait"_s, true}, {u"maxWaitSeconds"_s, 900}});
    QCOMPARE(queued.status, 202); // gives up at 00:17
    solo.moveTo(9 * minuteMs);
    QCOMPARE(solo.ticketBeat(queued).status, 202);
    solo.moveTo(20 * minuteMs);
    const auto taken = solo.checkout(u"dan@ws-4"_s);
    QCOMPARE(taken.status, 201);
    solo.moveTo(30 * minuteMs);
    QCOMPARE(solo.release(taken), 204);
    solo.moveTo(3 * hourMs);

    const auto report = solo.report();
    QVERIFY(report);
    QCOMPARE(report->summary.granted, 2);
    QCOMPARE(report->summary.denialCount(), 0);
    const auto whatIf = solo.whatIf();
    QVERIFY(whatIf);
    const usage::WhatIfRow *own = whatIf->row(1);
    QVERIFY(own);
    QCOMPARE(own->granted, 2);
    QCOMPARE(own->refused, 0);
    QCOMPARE(own->gaveUp, 1);
    QCOMPARE(own->waited, 1);
}

// Two days of random demand, then the ledger at random past moments (GET .../ledger?at=) against
// the brute force from the audit log: the same holders on seats, the same waiters, the seat count
// then in force, every seat accounted for.
void TestUsageHistory::ledgerAtPastMomentsIsTheEvents()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    QRandomGenerator rng(m_seed ^ 0x26);
    Demand demand(rng, server.clock(), {&http}, admin);
    QVERIFY2(demand.setUp(&error), qPrintable(error));
    const qint64 from = server.clock().now().toMSecsSinceEpoch();
    demand.run(2 * dayMs);
    if (QTest::currentTestFailed())
        return;
    const qint64 to = server.clock().now().toMSecsSinceEpoch();
    const auto truth = rebuild(allEvents(http, admin), demand.licenses(), leaseRows(http, admin, demand.licenses()));

    int held = 0, waited = 0;
    for (const License &license : demand.licenses()) {
        const Truth &facts = truth.value(license.id);
        for (int i = 0; i < 40; ++i) {
            const qint64 at = from + qint64(rng.bounded(quint32((to - from) / 1000))) * 1000 + rng.bounded(1000);
            QStringList holders, waiters;
            for (const Interval &seat : facts.seats) {
                if (seat.start <= at && at < seat.end)
                    holders.append(seat.holder);
            }
            for (const Interval &wait : facts.waits) {
                if (wait.start <= at && at < wait.end)
                    waiters.append(u"%1 since %2"_s.arg(wait.holder).arg(wait.start));
            }
            int seatCount = facts.seatCount.isEmpty() ? license.seats : facts.seatCount.first().second;
            for (const auto &[since, count] : facts.seatCount) {
                if (since <= at)
                    seatCount = count;
            }

            LedgerQuery query;
            query.at = QDateTime::fromMSecsSinceEpoch(at, Qt::UTC);
            const auto reply = http.get(
                u"/v1/licenses/%1/ledger?%2"_s.arg(license.id, query.toQuery().toString(QUrl::FullyEncoded)), admin);
            QCOMPARE(reply.status, 200);
            ValidationError why;
            const auto ledger = LedgerReport::fromJson(reply.json(), &why);
            QVERIFY2(ledger, qPrintable(why.message));
            const QString where = u"%1 at %2"_s.arg(license.id, formatTimestamp(query.at));
            QCOMPARE(ledger->at, query.at);
            QCOMPARE(ledger->ledger.seatCount, seatCount);
            QCOMPARE(ledger->ledger.accounted(), seatCount);
            QStringList onSeats;
            for (const SeatLedger::Line &line : ledger->ledger.lines) {
                for (const auto &holding : line.holdings) {
                    if (line.category != SeatLedger::Category::Expired)
                        onSeats.append(holding.holder);
                }
            }
            QStringList ledgerWaiters;
            for (const LedgerWaiter &waiter : ledger->ledger.waiting)
                ledgerWaiters.append(u"%1 since %2"_s.arg(waiter.holder).arg(waiter.since.toMSecsSinceEpoch()));
            for (QStringList *list : {&holders, &waiters, &onSeats, &ledgerWaiters})
                list->sort();
            QVERIFY2(onSeats == holders,
                     qPrintable(where + u": on seats "_s + onSeats.join(u", "_s) + u"; the events say "_s
                                + holders.join(u", "_s)));
            QVERIFY2(ledgerWaiters == waiters,
                     qPrintable(where + u": waiting "_s + ledgerWaiters.join(u", "_s) + u"; the events say "_s
                                + waiters.join(u", "_s)));
            held += int(onSeats.size());
            waited += int(waiters.size());
        }
    }
    qInfo("%d seats and %d waits checked at past moments", held, waited);
    QVERIFY(held > 0);
    QVERIFY(waited > 0);

    // Not the future.
    LedgerQuery later;
    later.at = server.clock().now().addSecs(60);
    const auto refused = http.get(
        u"/v1/licenses/%1/ledger?%2"_s.arg(demand.licenses().first().id, later.toQuery().toString(QUrl::FullyEncoded)),
        admin);
    QCOMPARE(refused.status, 400);
    QCOMPARE(refused.json().value("field"_L1).toString(), u"at"_s);
}

class TestUsageHistoryOnPostgres : public TestUsageHistory
{
    Q_OBJECT
};

KEYRIGHT_TEST_MAIN_ON_BOTH_STORES(TestUsageHistory)
#include "tst_usagehistory.moc"

// A license of `seats` seats, TTL an hour, every one of which may be borrowed for up to 7 days:
// its key's Authorization value, or empty if the server did not create it.
QByteArray createBorrowingLicense(TestHttp &http, const QByteArray &admin, const QString &id, int seats)
{
    const auto created = http.put(
        u"/v1/licenses/"_s + id,
        QJsonObject {
            {u"seatCount"_s, seats},
            {u"ttlSeconds"_s, 3600},
            {u"skewSeconds"_s, 10},
            {u"reapGraceSeconds"_s, 60},
            {u"borrow"_s,
             QJsonObject {{u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, seats}, {u"keepOnSite"_s, 0}}}},
        admin);
    if (created.status != 201)
        return {};
    return "License " + created.json().value("key"_L1).toString().toLatin1();
}

// Issue 27: borrowed seats in the usage history, on each store. Three seats: alice at her desk from
// :00 to :40, bob borrows one at :10 and carol at :20 (both for a day); carol's laptop is lost and
// written off at :25. The closed hour says 3 at the peak, 2 of them borrowed, and the borrowed
// seat-time; the ledger at :30 lists both borrowed, carol's written off; the what-if still counts
// the borrowed seats as used.
void TestUsageHistory::borrowedSeatsAreCountedApart()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    const qint64 hour = (server.clock().now().toMSecsSinceEpoch() / hourMs + 1) * hourMs;
    const auto moveTo = [&](qint64 offset) {
        server.clock().advance(std::chrono::milliseconds(hour + offset - server.clock().now().toMSecsSinceEpoch()));
    };
    moveTo(0);
    const QByteArray key = createBorrowingLicense(http, admin, u"lent"_s, 3);
    QVERIFY(!key.isEmpty());
    const auto alice = http.post(u"/v1/licenses/lent/checkout"_s, {{u"holder"_s, u"alice@ws-1"_s}}, key);
    QCOMPARE(alice.status, 201);
    moveTo(10 * 60'000);
    QCOMPARE(http.post(u"/v1/licenses/lent/borrow"_s, {{u"holder"_s, u"bob@laptop"_s}, {u"days"_s, 1}}, key).status,
             201);
    moveTo(20 * 60'000);
    const auto carol
        = http.post(u"/v1/licenses/lent/borrow"_s, {{u"holder"_s, u"carol@laptop"_s}, {u"days"_s, 1}}, key);
    QCOMPARE(carol.status, 201);
    const QString carolSeat = carol.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    moveTo(25 * 60'000);
    QCOMPARE(
        http.post(u"/v1/licenses/lent/borrow/%1/write-off"_s.arg(carolSeat), {{u"note"_s, u"lost"_s}}, admin).status,
        200);
    moveTo(40 * 60'000);
    const QString aliceSeat = alice.json().value("lease"_L1).toObject().value("seatId"_L1).toString();
    QCOMPARE(http.del(u"/v1/licenses/lent/seats/%1"_s.arg(aliceSeat), key).status, 204);
    moveTo(2 * hourMs + 20 * 60'000);
    server.leaseServer().usageCloser()->closeDue();

    // The closed hour, as the store kept it.
    const auto report = usageReport(http, admin, u"lent"_s, UsageStep::Hour, hour, hour + hourMs);
    QVERIFY(report);
    QVERIFY(report->closedUntil.toMSecsSinceEpoch() >= hour + hourMs);
    QCOMPARE(report->buckets.size(), 1);
    const usage::Bucket &bucket = report->buckets.first();
    QVERIFY(bucket.borrowRecorded);
    QCOMPARE(bucket.peak, 3);
    QCOMPARE(bucket.peakAtMs, hour + 20 * 60'000);
    QCOMPARE(bucket.borrowedAtPeak, 2);
    QCOMPARE(bucket.borrowedPeak, 2);
    QCOMPARE(bucket.borrowedSeatMs, qint64(50 + 40) * 60'000); // bob 50 minutes, carol 40
    QCOMPARE(bucket.usedSeatMs, qint64(40 + 50 + 40) * 60'000); // counted in the seats in use too
    QVERIFY(report->summary.borrowRecorded);
    QVERIFY(!report->summary.borrowRecordedFrom.isValid());
    QCOMPARE(report->summary.borrowedAtPeak, std::optional<int>(2));
    QCOMPARE(report->summary.borrowedSeatHours, 1.5);

    // The ledger at :30, in the past: the borrowed seats apart, as the ledger of now says them.
    LedgerQuery query;
    query.at = QDateTime::fromMSecsSinceEpoch(hour + 30 * 60'000, Qt::UTC);
    const auto reply
        = http.get(u"/v1/licenses/lent/ledger?%1"_s.arg(query.toQuery().toString(QUrl::FullyEncoded)), admin);
    QCOMPARE(reply.status, 200);
    const auto ledger = LedgerReport::fromJson(reply.json());
    QVERIFY(ledger);
    const SeatLedger::Line *borrowed = ledger->ledger.line(SeatLedger::Category::Borrowed);
    QVERIFY(borrowed);
    QCOMPARE(borrowed->seats, 2);
    QCOMPARE(borrowed->holdings.at(0).holder, u"bob@laptop"_s);
    QVERIFY(!borrowed->holdings.at(0).writeOff.isSet());
    QCOMPARE(borrowed->holdings.at(1).holder, u"carol@laptop"_s);
    QCOMPARE(borrowed->holdings.at(1).writeOff.note, u"lost"_s);
    QCOMPARE(borrowed->holdings.at(1).since, QDateTime::fromMSecsSinceEpoch(hour + 20 * 60'000 + dayMs, Qt::UTC));
    // Before carol's write-off, her seat was an ordinary borrow.
    query.at = QDateTime::fromMSecsSinceEpoch(hour + 22 * 60'000, Qt::UTC);
    const auto before = LedgerReport::fromJson(
        http.get(u"/v1/licenses/lent/ledger?%1"_s.arg(query.toQuery().toString(QUrl::FullyEncoded)), admin).json());
    QVERIFY(before);
    QVERIFY(!before->ledger.line(SeatLedger::Category::Borrowed)->holdings.at(1).writeOff.isSet());

    // The what-if replays the borrowed seats as seats in use: at two seats, one of the three is refused.
    const auto whatIf = whatIfReport(http, admin, u"lent"_s, hour, hour + hourMs);
    QVERIFY(whatIf);
    QVERIFY(whatIf->row(3));
    QCOMPARE(whatIf->row(3)->granted, 3);
    QVERIFY(whatIf->row(2));
    QCOMPARE(whatIf->row(2)->granted, 2);
}

// Walk 27 (A5): bob borrows a seat for three days at 10:00. A report ending at noon, now, gives him
// two seat-hours, not the rest of the day nor of his borrow; two days later, when that day is
// closed, a report ending at noon of it still gives two, and one starting at 11:00 one.
void TestUsageHistory::borrowedHolderHoursStopAtTheReportEnd()
{
    TestServer server(TestServer::Options {.reapInterval = 0s, .usageInterval = 0ms});
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    TestHttp http(server.url());
    const QByteArray admin = server.adminAuthorization();
    const qint64 day = (server.clock().now().toMSecsSinceEpoch() / dayMs + 1) * dayMs;
    const auto moveTo = [&](qint64 offset) {
        server.clock().advance(std::chrono::milliseconds(day + offset - server.clock().now().toMSecsSinceEpoch()));
    };
    moveTo(10 * hourMs);
    const QByteArray key = createBorrowingLicense(http, admin, u"away"_s, 2);
    QVERIFY(!key.isEmpty());
    QCOMPARE(http.post(u"/v1/licenses/away/borrow"_s, {{u"holder"_s, u"bob@laptop"_s}, {u"days"_s, 3}}, key).status,
             201);
    moveTo(12 * hourMs);
    const auto bobHours = [](const std::optional<UsageReport> &report) {
        for (const UsageSummary::Share &share : report->summary.topHolders) {
            if (share.name == u"bob@laptop"_s)
                return share.seatHours;
        }
        return 0.0;
    };

    const auto today = usageReport(http, admin, u"away"_s, UsageStep::Hour, day, day + 12 * hourMs);
    QVERIFY(today);
    QCOMPARE(bobHours(today), 2.0);

    moveTo(2 * dayMs + 2 * hourMs);
    server.leaseServer().usageCloser()->closeDue();
    const auto past = usageReport(http, admin, u"away"_s, UsageStep::Hour, day, day + 12 * hourMs);
    QVERIFY(past);
    QVERIFY(past->closedUntil.toMSecsSinceEpoch() >= day + dayMs);
    QCOMPARE(bobHours(past), 2.0);
    const auto lastHour = usageReport(http, admin, u"away"_s, UsageStep::Hour, day + 11 * hourMs, day + 12 * hourMs);
    QVERIFY(lastHour);
    QCOMPARE(bobHours(lastHour), 1.0);
    // The whole of the next day, closed, and the part of today up to now count in full.
    const auto longer
        = usageReport(http, admin, u"away"_s, UsageStep::Hour, day + 11 * hourMs, day + 2 * dayMs + 2 * hourMs);
    QVERIFY(longer);
    QCOMPARE(bobHours(longer), 13.0 + 24.0 + 2.0);
}
