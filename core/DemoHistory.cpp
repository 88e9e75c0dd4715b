#include "DemoHistory.h"

#include "wire/SeatRulesJson.h"

#include <QDateTime>
#include <QRandomGenerator>

#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 minuteMs = 60'000;
constexpr qint64 hourMs = 60 * minuteMs;

struct Person
{
    QString holder;
    QString reservation; // the reserving group the person belongs to, if any
};

// A wish to hold a seat from start to end; a retry is one more wish.
struct Wish
{
    QString holder;
    QString reservation;
    qint64 endMs = 0;
    int retriesLeft = 0;
    bool mayWait = false;
};

class Generator
{
public:
    Generator(const DemoCatalogue::License &license, const QTimeZone &zone, quint32 seed)
        : m_license(license)
        , m_zone(zone)
        , m_random(seed)
    {
        const CompiledSeatRules rules(license.rules, DemoCatalogue::holderGroups());
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
        for (const QString &holder : holders) {
            const auto reservation = rules.reservationOf(holder);
            m_people.append({holder, reservation ? license.rules.reserve.at(*reservation).group : QString()});
        }
    }

    usage::LicenseActivity run(qint64 fromMs, qint64 toMs)
    {
        usage::LicenseActivity activity;
        activity.seatCount = {{fromMs, m_license.seats}};
        for (auto it = m_reservedSeats.cbegin(); it != m_reservedSeats.cend(); ++it)
            activity.reserved[it.key()] = {{fromMs, it.value()}};
        QDate day = QDateTime::fromMSecsSinceEpoch(fromMs, m_zone).date();
        const QDate last = QDateTime::fromMSecsSinceEpoch(toMs, m_zone).date();
        for (; day <= last; day = day.addDays(1))
            planDay(day);
        serve(activity, fromMs, toMs);
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

    void wish(qint64 startMs, qint64 endMs, const Person &person, bool mayWait = false)
    {
        if (endMs - startMs < 5 * minuteMs)
            return;
        m_wishes.insert({startMs, Wish {person.holder, person.reservation, endMs, 2, mayWait}});
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
                     Person {u"visitor-%1@laptop-%2"_s.arg(i).arg(60 + i), {}}, i == 3);
            }
        }
    }

    void serve(usage::LicenseActivity &activity, qint64 fromMs, qint64 toMs)
    {
        struct Held
        {
            qint64 endMs;
            QString reservation;
        };
        QList<Held> held;
        const QString noSeats = seatrules::denialCode(SeatDecision::Outcome::NoSeatsAvailable);
        while (!m_wishes.empty()) {
            auto first = m_wishes.begin();
            const qint64 start = first->first;
            Wish wish = first->second;
            m_wishes.erase(first);
            if (start < fromMs || wish.endMs > toMs || wish.endMs <= start)
                continue;
            held.erase(std::remove_if(held.begin(), held.end(), [start](const Held &h) { return h.endMs <= start; }),
                       held.end());
            QString seat;
            if (!wish.reservation.isEmpty()) {
                const auto used = std::count_if(held.cbegin(), held.cend(),
                                                [&](const Held &h) { return h.reservation == wish.reservation; });
                if (used < m_reservedSeats.value(wish.reservation))
                    seat = wish.reservation;
            }
            const auto sharedUsed
                = std::count_if(held.cbegin(), held.cend(), [](const Held &h) { return h.reservation.isEmpty(); });
            const bool free = !seat.isEmpty() || sharedUsed < m_sharedSeats;
            if (free) {
                qint64 end = wish.endMs;
                if (chance(0.02))
                    end += qint64(m_license.ttlSeconds + m_license.skewSeconds) * 1000; // crashed; ran out
                held.append({end, seat});
                activity.seats.append({{}, wish.holder, seat, start, end});
                activity.grants.append({start, wish.holder});
                continue;
            }
            if (wish.mayWait) {
                // Waits in line until the first shared seat frees, or gives up after 20 minutes.
                qint64 frees = usage::openEnd;
                for (const Held &h : std::as_const(held)) {
                    if (h.reservation.isEmpty())
                        frees = std::min(frees, h.endMs);
                }
                const bool served = frees - start <= 20 * minuteMs;
                const qint64 end = served ? frees : start + 20 * minuteMs;
                activity.waits.append({{}, wish.holder, start, end, served});
                if (served)
                    m_wishes.insert({end, Wish {wish.holder, {}, wish.endMs, 0, false}});
                continue;
            }
            activity.refusals.append({start, wish.holder, noSeats});
            // The refused try again a little after the next seat frees, if that is soon enough to be
            // worth it: a refusal is a true denial only when nothing freed within a quarter hour.
            qint64 frees = usage::openEnd;
            for (const Held &h : std::as_const(held)) {
                if (h.reservation.isEmpty())
                    frees = std::min(frees, h.endMs);
            }
            if (wish.retriesLeft > 0 && frees - start <= 14 * minuteMs) {
                wish.retriesLeft -= 1;
                m_wishes.insert({frees + qint64(m_random.bounded(30)) * 1000, wish});
            }
        }
        std::sort(activity.grants.begin(), activity.grants.end(),
                  [](const usage::Grant &a, const usage::Grant &b) { return a.timeMs < b.timeMs; });
        for (qsizetype i = 0; i < activity.seats.size(); ++i)
            activity.seats[i].seatId = u"demo-seat-%1"_s.arg(i);
        for (qsizetype i = 0; i < activity.waits.size(); ++i)
            activity.waits[i].ticketId = u"demo-ticket-%1"_s.arg(i);
    }

    const DemoCatalogue::License &m_license;
    QTimeZone m_zone;
    QRandomGenerator m_random;
    QList<Person> m_people;
    QMap<QString, int> m_reservedSeats;
    int m_sharedSeats = 0;
    std::multimap<qint64, Wish> m_wishes;
};

} // namespace

usage::LicenseActivity DemoHistory::activity(const DemoCatalogue::License &license, qint64 fromMs, qint64 toMs,
                                             const QTimeZone &zone)
{
    return Generator(license, zone, quint32(qHash(license.id, 0u))).run(fromMs, toMs);
}

} // namespace keyright
