#include "DemoHistory.h"

#include "WhatIfReplay.h"
#include "wire/SeatRulesJson.h"

#include <QDateTime>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 minuteMs = 60'000;
constexpr qint64 hourMs = 60 * minuteMs;

struct Person
{
    QString holder;
};

constexpr qint64 lineWaitMs = 20 * minuteMs; // how long the few who wait in line wait

class Generator
{
public:
    Generator(const DemoCatalogue::License &license, const QTimeZone &zone, quint32 seed)
        : m_license(license)
        , m_zone(zone)
        , m_random(seed)
        , m_rules(license.rules, DemoCatalogue::holderGroups())
    {
        for (const GroupSeats &reserve : license.rules.reserve)
            m_reservedSeats[reserve.group] = reserve.seats;
        int reserved = 0;
        for (int seats : m_reservedSeats)
            reserved += seats;
        m_sharedSeats = license.seats - reserved;
        QStringList holders;
        for (const QString &holder : license.holders) {
            if (!holders.contains(holder))
                holders.append(holder);
        }
        // As many regulars as shared seats (plus the reserving groups' members): a full Monday
        // morning comes close, and Tuesday's visitors overflow it.
        for (int i = 1; holders.size() < m_sharedSeats + int(m_reservedSeats.size()); ++i)
            holders.append(u"user-%1@ws-%2"_s.arg(i, 2, 10, QChar(u'0')).arg(40 + i));
        for (const QString &holder : holders)
            m_people.append({holder});
    }

    usage::LicenseActivity run(qint64 fromMs, qint64 toMs)
    {
        usage::LicenseActivity activity;
        activity.seatCount = {{fromMs, m_license.seats}};
        for (auto it = m_reservedSeats.cbegin(); it != m_reservedSeats.cend(); ++it)
            activity.reserved[it.key()] = {{fromMs, it.value()}};
        m_fromMs = fromMs;
        m_toMs = toMs;
        QDate day = QDateTime::fromMSecsSinceEpoch(fromMs, m_zone).date();
        const QDate last = QDateTime::fromMSecsSinceEpoch(toMs, m_zone).date();
        for (; day <= last; day = day.addDays(1))
            planDay(day);
        // The seats are handed out by the what-if's replay, which decides as the server does: the
        // history is what the server would have recorded, and its what-if at the license's own
        // seat count gives it back.
        std::stable_sort(m_demand.begin(), m_demand.end(),
                         [](const usage::Attempt &a, const usage::Attempt &b) { return a.timeMs < b.timeMs; });
        const usage::LicenseActivity served
            = usage::record(m_demand, m_license.seats, m_rules, activity.trueDenialWindowMs);
        activity.seats = served.seats;
        activity.waits = served.waits;
        activity.refusals = served.refusals;
        activity.grants = served.grants;
        for (qsizetype i = 0; i < activity.seats.size(); ++i)
            activity.seats[i].seatId = u"demo-seat-%1"_s.arg(i);
        for (qsizetype i = 0; i < activity.waits.size(); ++i)
            activity.waits[i].ticketId = u"demo-ticket-%1"_s.arg(i);
        return activity;
    }

private:
    qint64 at(const QDate &day, double hours) const
    {
        return QDateTime(day, QTime(0, 0), m_zone).toMSecsSinceEpoch() + qint64(hours * double(hourMs));
    }
    double normal(double mean, double spread)
    {
        // Irwin-Hall: the sum of four uniforms, close enough to a bell for a demo.
        double sum = 0;
        for (int i = 0; i < 4; ++i)
            sum += m_random.generateDouble();
        return mean + (sum - 2.0) * spread * std::sqrt(3.0);
    }
    bool chance(double probability) { return m_random.generateDouble() < probability; }

    // Someone wants a seat from start to end. Refused, they try twice more a few minutes apart
    // (a refusal is a true denial when neither gets a seat within the quarter hour); the few who
    // may wait queue for up to 20 minutes instead. Now and then a session crashes and its seat
    // runs out at the lease's expiry plus skew.
    void wish(qint64 startMs, qint64 endMs, const Person &person, bool mayWait = false)
    {
        if (endMs - startMs < 5 * minuteMs || startMs < m_fromMs || endMs + lineWaitMs > m_toMs)
            return;
        const qint64 crash = chance(0.02) ? qint64(m_license.ttlSeconds + m_license.skewSeconds) * 1000 : 0;
        usage::Attempt attempt;
        attempt.timeMs = startMs;
        attempt.holder = person.holder;
        attempt.holdMs = endMs - startMs + crash;
        attempt.maxWaitMs = mayWait ? lineWaitMs : 0;
        qint64 retryAt = startMs;
        for (int retry = 0; retry < 2 && !mayWait; ++retry) {
            retryAt += (4 + qint64(m_random.bounded(4))) * minuteMs + qint64(m_random.bounded(60)) * 1000;
            if (endMs - retryAt < 5 * minuteMs)
                break;
            attempt.retries.append({retryAt, 0, endMs - retryAt + crash, false, 0});
        }
        m_demand.append(attempt);
    }

    void planDay(const QDate &day)
    {
        const int weekday = day.dayOfWeek();
        if (weekday >= 6) {
            for (const Person &person : std::as_const(m_people)) {
                if (chance(0.05)) {
                    const double start = normal(11.0, 1.5);
                    wish(at(day, start), at(day, start + normal(3.0, 0.7)), person);
                }
            }
            return;
        }
        const double presence = weekday == 1 ? 0.97 : weekday == 5 ? 0.72 : 0.86;
        for (const Person &person : std::as_const(m_people)) {
            if (!chance(presence))
                continue;
            const double arrive = normal(weekday == 1 ? 8.2 : 8.6, 0.5);
            const double leave = normal(weekday == 5 ? 16.4 : 17.5, 0.6);
            if (chance(0.6)) {
                // Out for lunch: the seat goes back for half an hour to an hour.
                const double lunch = normal(12.4, 0.3);
                wish(at(day, arrive), at(day, lunch), person);
                wish(at(day, lunch + normal(0.75, 0.15)), at(day, leave), person);
            } else if (chance(0.35)) {
                // A meeting in the middle of the morning: the seat goes back for it.
                const double meeting = normal(10.4, 0.3);
                wish(at(day, arrive), at(day, meeting), person);
                wish(at(day, meeting + normal(0.5, 0.1)), at(day, leave), person);
            } else {
                wish(at(day, arrive), at(day, leave), person);
            }
        }
        if (weekday == 2) {
            // Tuesday mornings: visitors with laptops want seats too.
            for (int i = 1; i <= 3; ++i) {
                const double start = normal(9.5, 0.4);
                wish(at(day, start), at(day, start + normal(2.0, 0.5)),
                     Person {u"visitor-%1@laptop-%2"_s.arg(i).arg(60 + i)}, i == 3);
            }
        }
    }

    const DemoCatalogue::License &m_license;
    QTimeZone m_zone;
    QRandomGenerator m_random;
    CompiledSeatRules m_rules;
    QList<Person> m_people;
    QMap<QString, int> m_reservedSeats;
    int m_sharedSeats = 0;
    QList<usage::Attempt> m_demand;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
};

} // namespace

usage::LicenseActivity DemoHistory::activity(const DemoCatalogue::License &license, qint64 fromMs, qint64 toMs,
                                             const QTimeZone &zone)
{
    return Generator(license, zone, quint32(qHash(license.id, 0u))).run(fromMs, toMs);
}

} // namespace keyright
