#include "WhatIfReplay.h"

#include "SeatDecision.h"
#include "wire/EventKind.h"
#include "wire/SeatRulesJson.h"

#include <QDateTime>
#include <QHash>
#include <queue>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright::usage {

namespace {

constexpr qint64 hourMs = 3'600'000;

qint64 lowerMedian(std::vector<qint64> values)
{
    if (values.empty())
        return 0;
    const auto middle = values.begin() + qint64(values.size() - 1) / 2;
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

// A seat of the range, with the ask that got it.
struct GrantAsk
{
    qint64 grantMs = 0;
    qint64 askMs = 0;
    qint64 maxWaitMs = 0;
    qint64 holdMs = 0;
    bool consumed = false;
    bool ranOut = false;
    bool fromLine = false;

    qint64 endMs() const { return grantMs + holdMs; }
    // A seat served by the line ends when it really did, whenever a replay serves it.
    qint64 untilMs() const { return askMs < grantMs ? endMs() : 0; }
    // The line was served when it got its seat: the server handled a request then.
    qint64 servedAtMs() const { return fromLine ? grantMs : 0; }
};

// A refusal, or a ticket that gave up.
struct FailedAsk
{
    qint64 atMs = 0;
    qint64 maxWaitMs = 0;
    bool blocked = false;
    QString holder;

    qint64 endedMs() const { return atMs + maxWaitMs; }
};

} // namespace

QList<Attempt> demandOf(const LicenseActivity &activity, qint64 fromMs, qint64 toMs)
{
    const qint64 window = activity.trueDenialWindowMs;
    auto inRange = [&](qint64 ms) { return ms >= fromMs && ms < toMs; };

    // Served tickets by holder and the moment they were served, to find the ask of their seat.
    std::map<std::pair<QString, qint64>, std::vector<const WaitSpan *>> served;
    for (const WaitSpan &wait : activity.waits) {
        if (wait.served && wait.endMs != openEnd)
            served[{wait.holder, wait.endMs}].push_back(&wait);
    }

    QHash<QString, std::vector<GrantAsk>> grantsOf;
    std::vector<qint64> allHolds;
    // Seats asked for before the range and still held in it: they take their room from the range's
    // start (or their grant in it) to their end, as they really did.
    QList<Attempt> heldBefore;
    for (const SeatSpan &span : activity.seats) {
        GrantAsk grant;
        grant.grantMs = span.startMs;
        grant.askMs = span.startMs;
        grant.holdMs = std::max<qint64>(0, (span.endMs == openEnd ? toMs : span.endMs) - span.startMs);
        grant.ranOut = span.ranOut;
        if (auto it = served.find({span.holder, span.startMs}); it != served.end() && !it->second.empty()) {
            const WaitSpan *wait = it->second.back();
            it->second.pop_back();
            grant.askMs = std::min(wait->startMs, span.startMs);
            grant.maxWaitMs = std::max(window, span.startMs - grant.askMs);
            grant.fromLine = true;
        }
        if (!inRange(grant.askMs)) {
            const qint64 end = span.endMs == openEnd ? toMs : span.endMs;
            const qint64 from = std::max(fromMs, span.startMs);
            if (grant.askMs < fromMs && from < toMs && end > from)
                heldBefore.append(Attempt {from, span.holder, end - from, 0, false, {}, end, span.ranOut, 0});
            continue;
        }
        grantsOf[span.holder].push_back(grant);
        allHolds.push_back(grant.holdMs);
    }
    for (std::vector<GrantAsk> &grants : grantsOf) {
        std::stable_sort(grants.begin(), grants.end(),
                         [](const GrantAsk &a, const GrantAsk &b) { return a.grantMs < b.grantMs; });
    }

    std::vector<FailedAsk> failed;
    for (const Refusal &refusal : activity.refusals) {
        if (inRange(refusal.timeMs))
            failed.push_back(FailedAsk {refusal.timeMs, 0, refusal.reason == "holder_blocked"_L1, refusal.holder});
    }
    for (const WaitSpan &wait : activity.waits) {
        if (!wait.served && inRange(wait.startMs))
            failed.push_back(FailedAsk {wait.startMs,
                                        std::max<qint64>(0, (wait.endMs == openEnd ? toMs : wait.endMs) - wait.startMs),
                                        false, wait.holder});
    }
    std::stable_sort(failed.begin(), failed.end(),
                     [](const FailedAsk &a, const FailedAsk &b) { return a.atMs < b.atMs; });

    const qint64 licenseHold = allHolds.empty() ? hourMs : lowerMedian(allHolds);
    QHash<QString, qint64> holderHold;
    auto estimatedHold = [&](const QString &holder) {
        if (auto it = holderHold.constFind(holder); it != holderHold.cend())
            return *it;
        qint64 hold = licenseHold;
        if (auto grants = grantsOf.constFind(holder); grants != grantsOf.cend() && !grants->empty()) {
            std::vector<qint64> holds;
            for (const GrantAsk &grant : *grants)
                holds.push_back(grant.holdMs);
            hold = lowerMedian(std::move(holds));
        }
        holderHold.insert(holder, hold);
        return hold;
    };

    // Each failed ask joins the chain of the first seat its holder asked for after it and got
    // within the window.
    QList<Attempt> demand;
    std::map<std::pair<QString, qsizetype>, std::vector<const FailedAsk *>> chains;
    struct Trying
    {
        qsizetype attempt = 0; // in `demand`
        qint64 endedMs = 0; // when its last ask ended without a seat
    };
    QHash<QString, Trying> keptTrying; // per holder, its latest demand that got no seat
    for (const FailedAsk &ask : failed) {
        auto grants = grantsOf.find(ask.holder);
        qsizetype target = -1;
        if (grants != grantsOf.end()) {
            const qint64 ended = ask.endedMs();
            auto it = std::upper_bound(grants->begin(), grants->end(), ended,
                                       [](qint64 ms, const GrantAsk &g) { return ms < g.grantMs; });
            for (; it != grants->end() && it->grantMs <= ended + window; ++it) {
                if (it->askMs >= ended) {
                    target = it - grants->begin();
                    break;
                }
            }
        }
        if (target < 0) {
            // Someone who keeps trying without a seat needs one seat, not one per try: a try within
            // the window after the previous one ended asks again in the same demand.
            const auto open = keptTrying.constFind(ask.holder);
            if (open != keptTrying.cend() && ask.atMs >= open->endedMs && ask.atMs - open->endedMs <= window) {
                demand[open->attempt].retries.append(
                    Ask {ask.atMs, ask.maxWaitMs, estimatedHold(ask.holder), ask.blocked, 0});
                keptTrying[ask.holder].endedMs = ask.endedMs();
                continue;
            }
            keptTrying.insert(ask.holder, {demand.size(), ask.endedMs()});
            demand.append(Attempt {ask.atMs, ask.holder, estimatedHold(ask.holder), ask.maxWaitMs, ask.blocked, {}, 0});
            continue;
        }
        chains[{ask.holder, target}].push_back(&ask);
    }
    for (const auto &[key, asks] : chains) {
        GrantAsk &grant = grantsOf[key.first][key.second];
        grant.consumed = true;
        const qint64 end = grant.endMs();
        Attempt attempt {asks.front()->atMs,
                         key.first,
                         end - asks.front()->atMs,
                         asks.front()->maxWaitMs,
                         asks.front()->blocked,
                         {},
                         end,
                         grant.ranOut};
        qint64 previousEnd = asks.front()->endedMs();
        for (std::size_t i = 1; i < asks.size(); ++i) {
            const FailedAsk &ask = *asks[i];
            if (ask.atMs < previousEnd) {
                // Asked while the earlier ask still waited: a need of its own.
                demand.append(
                    Attempt {ask.atMs, ask.holder, estimatedHold(ask.holder), ask.maxWaitMs, ask.blocked, {}, 0});
                continue;
            }
            attempt.retries.append(Ask {ask.atMs, ask.maxWaitMs, end - ask.atMs, ask.blocked, end, grant.ranOut});
            previousEnd = ask.endedMs();
        }
        attempt.retries.append(
            Ask {grant.askMs, grant.maxWaitMs, grant.holdMs, false, grant.untilMs(), grant.ranOut, grant.servedAtMs()});
        demand.append(attempt);
    }
    for (auto it = grantsOf.cbegin(); it != grantsOf.cend(); ++it) {
        for (const GrantAsk &grant : *it) {
            if (!grant.consumed)
                demand.append(Attempt {grant.askMs,
                                       it.key(),
                                       grant.holdMs,
                                       grant.maxWaitMs,
                                       false,
                                       {},
                                       grant.untilMs(),
                                       grant.ranOut,
                                       grant.servedAtMs()});
        }
    }
    // Held seats first at an instant: they were there before anyone asking then.
    demand = heldBefore + demand;
    std::stable_sort(demand.begin(), demand.end(), [](const Attempt &a, const Attempt &b) {
        return std::tie(a.timeMs, a.holder) < std::tie(b.timeMs, b.holder);
    });
    return demand;
}

namespace {

// How a holder's seat weighs in any decision: the reservation it counts against and the capped
// groups it is in. decideCheckout() depends on the live leases only through how many of each
// profile there are.
struct Profile
{
    int reservation = -1;
    quint64 caps = 0;
    QString holder; // one holder of the profile, to name its leases
    int live = 0;
};

// What decideCheckout() looks at in the holder asking: its profile, and whether a deny entry or
// the allow list keeps it out.
struct AskerClass
{
    int profile = 0;
    bool denied = false;
    bool admitted = true;

    friend bool operator==(const AskerClass &, const AskerClass &) = default;
};

// The demand's holders as numbers with their profiles and classes under the rules, and its first
// asks in time order: shared by the replays of whatIf().
struct Prepared
{
    std::vector<QString> holders;
    std::vector<int> holderOf; // per attempt
    std::vector<qsizetype> order; // attempts by time, then position
    std::vector<Profile> profiles; // none live
    std::vector<int> profileOf; // per holder
    std::vector<AskerClass> classes;
    std::vector<int> classOf; // per holder
    std::vector<qint64> serveMoments; // the demand's servedAtMs, ascending, each once

    void addHolder(const CompiledSeatRules &rules, const QString &holder)
    {
        holders.push_back(holder);
        Profile profile;
        profile.reservation = rules.reservationOf(holder).value_or(-1);
        const QList<GroupSeats> &caps = rules.rules().max;
        for (qsizetype c = 0; c < caps.size(); ++c) {
            if (rules.inGroup(holder, caps.at(c).group))
                profile.caps |= quint64(1) << c;
        }
        const auto same = std::find_if(profiles.cbegin(), profiles.cend(), [&](const Profile &p) {
            return p.reservation == profile.reservation && p.caps == profile.caps;
        });
        int profileIndex = int(same - profiles.cbegin());
        if (same == profiles.cend()) {
            profile.holder = holder;
            profiles.push_back(profile);
            profileIndex = int(profiles.size() - 1);
        }
        profileOf.push_back(profileIndex);

        const AskerClass asker {profileIndex, rules.denyingEntry(holder).has_value(), rules.allowListAdmits(holder)};
        const auto known = std::find(classes.cbegin(), classes.cend(), asker);
        classOf.push_back(int(known - classes.cbegin()));
        if (known == classes.cend())
            classes.push_back(asker);
    }
};

Prepared prepare(const QList<Attempt> &demand, const CompiledSeatRules &rules)
{
    Prepared prepared;
    QHash<QString, int> ids;
    prepared.holderOf.reserve(std::size_t(demand.size()));
    prepared.order.reserve(std::size_t(demand.size()));
    for (qsizetype i = 0; i < demand.size(); ++i) {
        const QString &holder = demand.at(i).holder;
        auto it = ids.constFind(holder);
        if (it == ids.cend()) {
            it = ids.insert(holder, int(prepared.holders.size()));
            prepared.addHolder(rules, holder);
        }
        prepared.holderOf.push_back(*it);
        prepared.order.push_back(i);
        if (demand.at(i).servedAtMs > 0)
            prepared.serveMoments.push_back(demand.at(i).servedAtMs);
        for (const Ask &retry : demand.at(i).retries) {
            if (retry.servedAtMs > 0)
                prepared.serveMoments.push_back(retry.servedAtMs);
        }
    }
    std::sort(prepared.serveMoments.begin(), prepared.serveMoments.end());
    prepared.serveMoments.erase(std::unique(prepared.serveMoments.begin(), prepared.serveMoments.end()),
                                prepared.serveMoments.end());
    std::stable_sort(prepared.order.begin(), prepared.order.end(),
                     [&](qsizetype a, qsizetype b) { return demand.at(a).timeMs < demand.at(b).timeMs; });
    return prepared;
}

class Replay
{
public:
    Replay(const QList<Attempt> &demand, const Prepared &prepared, int seats, const CompiledSeatRules &rules,
           qint64 window, LicenseActivity *record = nullptr)
        : m_demand(demand)
        , m_holderNames(prepared.holders)
        , m_holderOf(prepared.holderOf)
        , m_order(prepared.order)
        , m_serveMoments(prepared.serveMoments)
        , m_seats(seats)
        , m_rules(rules)
        , m_window(window)
        , m_profileOf(prepared.profileOf)
        , m_profiles(prepared.profiles)
        , m_classes(prepared.classes)
        , m_classOf(prepared.classOf)
        , m_record(record)
    {
        m_row.seats = seats;
        m_row.attempts = int(demand.size());
        m_reservationLive.assign(std::size_t(rules.rules().reserve.size()), 0);
        m_capHeld.assign(std::size_t(rules.rules().max.size()), 0);
        m_pendingRefusals.resize(m_holderNames.size());
        m_pendingHead.assign(m_holderNames.size(), 0);
        m_askState.assign(std::size_t(demand.size()), State {});
    }

    WhatIfRow run()
    {
        for (;;) {
            qint64 now = std::numeric_limits<qint64>::max();
            if (!m_ends.empty())
                now = std::min(now, std::get<0>(m_ends.top()));
            if (m_nextServe < m_serveMoments.size())
                now = std::min(now, m_serveMoments[m_nextServe]);
            if (const std::optional<AskKey> next = nextAsk())
                now = std::min(now, std::get<0>(*next));
            if (!m_giveUps.empty())
                now = std::min(now, m_giveUps.top().first);
            if (now == std::numeric_limits<qint64>::max())
                break;
            // The server serves its line at the requests it handles: a seat given back (a release,
            // a revoke, a ticket leaving with the seat held for it) at once; a seat that ran out
            // only at the next request, a checkout or a moment it really served its line.
            bool givenBack = false;
            while (!m_ends.empty() && std::get<0>(m_ends.top()) == now) {
                const auto [at, holder, runsOut] = m_ends.top();
                m_ends.pop();
                endSeat(holder);
                (runsOut ? m_unserved : givenBack) = true;
            }
            bool request = false;
            for (; m_nextServe < m_serveMoments.size() && m_serveMoments[m_nextServe] == now; ++m_nextServe)
                request = true;
            if (const std::optional<AskKey> next = nextAsk(); next && std::get<0>(*next) == now)
                request = true;
            if (givenBack || (m_unserved && request)) {
                m_unserved = false;
                serve(now);
            }
            for (std::optional<AskKey> next = nextAsk(); next && std::get<0>(*next) == now; next = nextAsk()) {
                const auto [at, attempt, ask] = *next;
                if (ask == 0)
                    ++m_nextFirst;
                else
                    m_asks.pop();
                this->ask(now, attempt, ask);
            }
            while (!m_giveUps.empty() && m_giveUps.top().first == now) {
                const std::size_t ticket = m_giveUps.top().second;
                m_giveUps.pop();
                giveUp(now, ticket);
            }
        }
        for (std::size_t holder = 0; holder < m_pendingRefusals.size(); ++holder)
            m_row.trueDenials += int(m_pendingRefusals[holder].size() - m_pendingHead[holder]);
        m_row.medianWaitMs = lowerMedian(m_waits);
        m_row.longestWaitMs = m_waits.empty() ? 0 : *std::max_element(m_waits.cbegin(), m_waits.cend());
        return m_row;
    }

private:
    struct State
    {
        bool waited = false;
    };
    struct Ticket
    {
        qsizetype attempt = 0;
        int ask = 0;
        qint64 queuedMs = 0;
        bool waiting = true;
    };
    using Situation = std::tuple<int, quint64, bool, bool>; // class, caps reached, room, shared free
    struct AskView
    {
        qint64 maxWaitMs;
        qint64 holdMs;
        bool blocked;
        qint64 untilMs;
        bool runsOut;
    };

    using AskKey = std::tuple<qint64, qsizetype, int>; // time, attempt, ask

    // The earliest ask still to come: a first ask in time order, or a retry.
    std::optional<AskKey> nextAsk() const
    {
        std::optional<AskKey> next;
        if (m_nextFirst < m_order.size()) {
            const qsizetype attempt = m_order[m_nextFirst];
            next = AskKey {m_demand.at(attempt).timeMs, attempt, 0};
        }
        if (!m_asks.empty() && (!next || m_asks.top() < *next))
            next = m_asks.top();
        return next;
    }

    AskView askOf(qsizetype attempt, int ask) const
    {
        const Attempt &a = m_demand.at(attempt);
        if (ask == 0)
            return {a.maxWaitMs, a.holdMs, a.blocked, a.untilMs, a.runsOut};
        const Ask &r = a.retries.at(ask - 1);
        return {r.maxWaitMs, r.holdMs, r.blocked, r.untilMs, r.runsOut};
    }

    // The outcome of decideCheckout() for `holder` now. It depends on the holder only through its
    // class (denied, admitted, reservation, caps) and on the leases only through whether each of
    // its caps is reached, whether its reservation has room and whether a shared seat is free: the
    // first time a class meets such a situation decideCheckout() answers it, and the answer holds
    // for every later one alike.
    SeatDecision::Outcome outcome(int holder)
    {
        const AskerClass &asker = m_classes[std::size_t(m_classOf[std::size_t(holder)])];
        const Profile &profile = m_profiles[std::size_t(asker.profile)];
        const QList<GroupSeats> &reserve = m_rules.rules().reserve;
        const bool room = profile.reservation >= 0
            && m_reservationLive[std::size_t(profile.reservation)] < reserve.at(profile.reservation).seats;
        const bool shared = m_live - m_reservedUsed < std::max(0, m_seats - m_rules.rules().reservedSeats());
        const Situation situation {m_classOf[std::size_t(holder)], m_capped & profile.caps, room, shared};
        if (const auto it = m_known.find(situation); it != m_known.end())
            return it->second;
        const SeatDecision::Outcome answer = decide(holder).outcome;
        m_known.emplace(situation, answer);
        return answer;
    }

    // decideCheckout() on leases that weigh as the live ones do. A lease of a holder in no
    // reservation and no capped group only takes a shared seat: it is left out with one seat less.
    // So is a lease of a reserving group beyond its reservation, of a holder in no capped group.
    // What is left is bounded by the rules' reservations and caps, not by the seat count.
    SeatDecision decide(int holder)
    {
        static const QDateTime issued = QDateTime::fromMSecsSinceEpoch(0, Qt::UTC);
        static const QDateTime expires = QDateTime::fromMSecsSinceEpoch(253'402'300'799'999, // the end of year 9999
                                                                        Qt::UTC);
        static const QDateTime now = QDateTime::fromMSecsSinceEpoch(1, Qt::UTC);
        const QList<GroupSeats> &reserve = m_rules.rules().reserve;
        int leftOut = 0;
        m_leases.resize(0);
        quint64 generation = 0;
        for (const Profile &profile : m_profiles) {
            int kept = profile.live;
            if (kept == 0)
                continue;
            if (profile.caps == 0) {
                if (profile.reservation < 0) {
                    leftOut += kept;
                    continue;
                }
                const int beyond = std::max(
                    0, m_reservationLive[std::size_t(profile.reservation)] - reserve.at(profile.reservation).seats);
                const int shared = std::min(kept, beyond);
                leftOut += shared;
                kept -= shared;
            }
            for (int i = 0; i < kept; ++i) {
                SeatLease lease;
                lease.holder = profile.holder;
                lease.generation = ++generation;
                lease.issuedAt = issued;
                lease.expiresAt = expires;
                m_leases.append(lease);
            }
        }
        return decideCheckout(m_seats - leftOut, m_rules, m_leases, m_holderNames[std::size_t(holder)], now, 0ms);
    }

    void take(qint64 now, qsizetype attempt, const AskView &view)
    {
        const int holder = m_holderOf[std::size_t(attempt)];
        Profile &profile = m_profiles[std::size_t(m_profileOf[std::size_t(holder)])];
        ++profile.live;
        QString reservation;
        if (profile.reservation >= 0) {
            int &members = m_reservationLive[std::size_t(profile.reservation)];
            const GroupSeats &reserve = m_rules.rules().reserve.at(profile.reservation);
            if (members < reserve.seats) {
                ++m_reservedUsed;
                reservation = reserve.group;
            }
            ++members;
        }
        countCaps(profile.caps, +1);
        ++m_live;
        ++m_row.granted;
        const qint64 endMs
            = view.untilMs > 0 ? std::max(now + 1, view.untilMs) : now + std::max<qint64>(1, view.holdMs);
        m_ends.push({endMs, holder, view.runsOut});
        if (m_record) {
            const QString &name = m_holderNames[std::size_t(holder)];
            m_record->seats.append({{}, name, reservation, now, endMs, view.runsOut});
            m_record->grants.append({now, name});
        }

        // Refusals of this holder this seat comes within the window of are not true denials.
        std::vector<qint64> &pending = m_pendingRefusals[std::size_t(holder)];
        std::size_t &head = m_pendingHead[std::size_t(holder)];
        while (head < pending.size() && pending[head] < now) {
            if (now - pending[head] > m_window)
                ++m_row.trueDenials;
            ++head;
        }
        if (head == pending.size()) {
            pending.clear();
            head = 0;
        }
    }

    void endSeat(int holder)
    {
        Profile &profile = m_profiles[std::size_t(m_profileOf[std::size_t(holder)])];
        --profile.live;
        if (profile.reservation >= 0) {
            int &members = m_reservationLive[std::size_t(profile.reservation)];
            --members;
            if (members < m_rules.rules().reserve.at(profile.reservation).seats)
                --m_reservedUsed;
        }
        countCaps(profile.caps, -1);
        --m_live;
    }

    void countCaps(quint64 caps, int delta)
    {
        const QList<GroupSeats> &max = m_rules.rules().max;
        for (qsizetype c = 0; caps != 0; ++c, caps >>= 1) {
            if ((caps & 1) == 0)
                continue;
            const int held = m_capHeld[std::size_t(c)] += delta;
            const quint64 bit = quint64(1) << c;
            m_capped = held >= max.at(c).seats ? m_capped | bit : m_capped & ~bit;
        }
    }

    // The asks of the demand that ended without a seat ask again as the demand says.
    void failed(qint64 now, qsizetype attempt, int ask)
    {
        if (ask < m_demand.at(attempt).retries.size())
            m_asks.push({std::max(now, m_demand.at(attempt).retries.at(ask).atMs), attempt, ask + 1});
    }

    void refuse(qint64 now, qsizetype attempt, int ask, const QString &reason)
    {
        if (m_record)
            m_record->refusals.append({now, m_holderNames[std::size_t(m_holderOf[std::size_t(attempt)])], reason});
        ++m_row.refused;
        m_pendingRefusals[std::size_t(m_holderOf[std::size_t(attempt)])].push_back(now);
        failed(now, attempt, ask);
    }

    void ask(qint64 now, qsizetype attempt, int ask)
    {
        const AskView view = askOf(attempt, ask);
        if (view.blocked) {
            refuse(now, attempt, ask, toWire(EventKind::HolderBlocked));
            return;
        }
        using O = SeatDecision::Outcome;
        const O decision = outcome(m_holderOf[std::size_t(attempt)]);
        if (decision == O::Granted) {
            take(now, attempt, view);
            return;
        }
        const bool mayFree = decision == O::NoSeatsAvailable || decision == O::GroupCapReached;
        if (view.maxWaitMs > 0 && mayFree) {
            if (!m_askState[std::size_t(attempt)].waited) {
                m_askState[std::size_t(attempt)].waited = true;
                ++m_row.waited;
            }
            m_tickets.push_back(Ticket {attempt, ask, now, true});
            m_giveUps.push({now + view.maxWaitMs, m_tickets.size() - 1});
            return;
        }
        refuse(now, attempt, ask, seatrules::denialCode(decision));
    }

    void serve(qint64 now)
    {
        while (m_lineHead < m_tickets.size() && !m_tickets[m_lineHead].waiting)
            ++m_lineHead;
        // Every seat taken: nobody can be admitted (unless the reservations alone exceed the seats).
        const bool reservationsFit = m_rules.rules().reservedSeats() <= m_seats;
        for (std::size_t i = m_lineHead; i < m_tickets.size() && (m_live < m_seats || !reservationsFit); ++i) {
            Ticket &ticket = m_tickets[i];
            if (!ticket.waiting)
                continue;
            if (outcome(m_holderOf[std::size_t(ticket.attempt)]) != SeatDecision::Outcome::Granted)
                continue; // capped, or the free seats are reserved for others: those behind may fit
            ticket.waiting = false;
            m_waits.push_back(now - ticket.queuedMs);
            recordWait(ticket, now, true);
            take(now, ticket.attempt, askOf(ticket.attempt, ticket.ask));
        }
    }

    void giveUp(qint64 now, std::size_t index)
    {
        Ticket &ticket = m_tickets[index];
        if (!ticket.waiting)
            return;
        ticket.waiting = false;
        ++m_row.gaveUp;
        m_waits.push_back(now - ticket.queuedMs);
        recordWait(ticket, now, false);
        failed(now, ticket.attempt, ticket.ask);
    }

    void recordWait(const Ticket &ticket, qint64 now, bool served)
    {
        if (m_record) {
            m_record->waits.append({{},
                                    m_holderNames[std::size_t(m_holderOf[std::size_t(ticket.attempt)])],
                                    ticket.queuedMs,
                                    now,
                                    served});
        }
    }

    using Timed = std::tuple<qint64, int, bool>; // the end, the holder, whether the seat ran out
    using TimedTicket = std::pair<qint64, std::size_t>;
    const QList<Attempt> &m_demand;
    const std::vector<QString> &m_holderNames;
    const std::vector<int> &m_holderOf; // per attempt
    const std::vector<qsizetype> &m_order;
    std::size_t m_nextFirst = 0;
    const std::vector<qint64> &m_serveMoments;
    std::size_t m_nextServe = 0;
    // A seat ran out since the line was last served: the line gets it at the next request.
    bool m_unserved = false;
    const int m_seats;
    const CompiledSeatRules &m_rules;
    const qint64 m_window;
    WhatIfRow m_row;

    const std::vector<int> &m_profileOf; // per holder
    std::vector<Profile> m_profiles;
    std::vector<int> m_reservationLive; // live leases of each reserving group's members
    int m_reservedUsed = 0; // live leases counted against a reservation
    std::vector<int> m_capHeld; // live leases of each capped group's members
    quint64 m_capped = 0; // the caps reached
    int m_live = 0;
    const std::vector<AskerClass> &m_classes;
    const std::vector<int> &m_classOf; // per holder
    std::map<Situation, SeatDecision::Outcome> m_known;
    QList<SeatLease> m_leases;

    std::vector<State> m_askState;
    std::vector<Ticket> m_tickets; // the line, in the order it was joined
    std::size_t m_lineHead = 0;
    std::vector<std::vector<qint64>> m_pendingRefusals; // per holder, not yet known to be true
    std::vector<std::size_t> m_pendingHead;
    std::vector<qint64> m_waits;
    LicenseActivity *m_record; // what happened, as the server records it; may be null

    // Ends and give-ups of one instant are all handled before anything else happens: their order
    // among themselves does not matter, only their time is compared.
    struct Later
    {
        template <typename T>
        bool operator()(const T &a, const T &b) const
        {
            return std::get<0>(a) > std::get<0>(b);
        }
    };
    std::priority_queue<Timed, std::vector<Timed>, Later> m_ends;
    std::priority_queue<AskKey, std::vector<AskKey>, std::greater<>> m_asks;
    std::priority_queue<TimedTicket, std::vector<TimedTicket>, Later> m_giveUps;
};

} // namespace

WhatIfRow replay(const QList<Attempt> &demand, int seats, const CompiledSeatRules &rules, qint64 trueDenialWindowMs)
{
    return Replay(demand, prepare(demand, rules), seats, rules, trueDenialWindowMs).run();
}

LicenseActivity record(const QList<Attempt> &demand, int seats, const CompiledSeatRules &rules,
                       qint64 trueDenialWindowMs)
{
    LicenseActivity activity;
    activity.trueDenialWindowMs = trueDenialWindowMs;
    Replay(demand, prepare(demand, rules), seats, rules, trueDenialWindowMs, &activity).run();
    std::stable_sort(activity.grants.begin(), activity.grants.end(),
                     [](const Grant &a, const Grant &b) { return a.timeMs < b.timeMs; });
    return activity;
}

QList<WhatIfRow> whatIf(const QList<Attempt> &demand, const CompiledSeatRules &rules, int peak, qint64 windowMs)
{
    // Blocked holders and those the lists keep out are refused at any count: a count "starts
    // denying" when it refuses more than the peak does.
    const int lowest = std::max(1, rules.rules().reservedSeats());
    const Prepared prepared = prepare(demand, rules);
    QList<WhatIfRow> rows;
    int below = -1;
    for (int k = std::max(peak, lowest); k >= lowest && below < 2; --k) {
        rows.append(Replay(demand, prepared, k, rules, windowMs).run());
        const WhatIfRow &row = rows.constLast();
        if (below >= 0)
            ++below;
        else if (row.refused + row.gaveUp > rows.constFirst().refused + rows.constFirst().gaveUp)
            below = 0;
    }
    return rows;
}

} // namespace keyright::usage
