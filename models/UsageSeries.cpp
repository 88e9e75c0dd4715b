#include "UsageSeries.h"

#include "wire/EventDetail.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QList<LevelPoint> asLevels(const QList<UsagePoint> &points)
{
    QList<LevelPoint> levels;
    levels.reserve(points.size());
    for (const UsagePoint &p : points)
        levels.append({p.time, p.inUse});
    return levels;
}

} // namespace

void UsageSeriesBuilder::addEvents(const QList<EventRecord> &events)
{
    for (const EventRecord &e : events) {
        if (e.licenseId.isEmpty() || !e.time.isValid())
            continue;
        License &l = m_licenses[e.licenseId];
        const qint64 t = e.time.toMSecsSinceEpoch();
        if (e.kind == EventKind::Granted) {
            const auto granted = eventdetail::Granted::fromJson(e.detail);
            if (granted.seatCount > 0)
                l.seatCount = granted.seatCount;
            l.marks.insert(t, {Mark::Absolute, granted.inUse});
            if (granted.fromLine())
                l.waiting.insert(t, {Mark::Down, 0});
        } else if (e.kind == EventKind::Denied) {
            const auto denied = eventdetail::Denied::fromJson(e.detail);
            if (denied.seatCount > 0)
                l.seatCount = denied.seatCount;
            l.marks.insert(t, {Mark::Denial, denied.inUse});
            if (denied.decision && denied.listsReservations) {
                // A denial quotes every reservation in force then.
                int reserved = 0;
                for (const SeatUsage::Reservation &r : std::as_const(denied.decision->usage.reservations))
                    reserved += r.seats;
                l.reserved.insert(t, {Mark::Absolute, reserved});
            }
        } else if (e.kind == EventKind::HolderBlocked) {
            // Every refused checkout is a denial (as "Denied (1 h)" counts them); a block says no count.
            l.marks.insert(t, {Mark::Refusal, 0});
        } else if (e.kind == EventKind::Released || e.kind == EventKind::Revoked || e.kind == EventKind::Reclaimed) {
            l.marks.insert(t, {Mark::Down, 0});
        } else if (e.kind == EventKind::LicenseCreated || e.kind == EventKind::LicenseUpdated) {
            const int seats = eventdetail::LicenseChanged::fromJson(e.detail).seatCount;
            if (seats > 0)
                l.seatCount = seats;
        } else if (e.kind == EventKind::RulesChanged) {
            if (const auto changed = eventdetail::RulesChanged::fromJson(e.detail))
                l.reserved.insert(t, {Mark::Absolute, changed->rules.reservedSeats()});
        } else if (e.kind == EventKind::Queued) {
            // The newcomer joins at the back: its position is the length of the line.
            l.waiting.insert(t, {Mark::Absolute, eventdetail::Queued::fromJson(e.detail).position});
        } else if (e.kind == EventKind::QueueLeft) {
            l.waiting.insert(t, {Mark::Down, 0});
        }
    }
}

void UsageSeriesBuilder::addAbsolute(Marks &marks, qint64 t, int value)
{
    // Polls repeat the same count; keep only the changes, plus the newest sample as the series'
    // right edge.
    if (!marks.isEmpty()) {
        auto last = std::prev(marks.end());
        if (last.value().type == Mark::Absolute && last.value().inUse == value && last.key() <= t) {
            // The step is already at this height; remember how far it reaches.
            auto before = last == marks.begin() ? marks.end() : std::prev(last);
            if (before != marks.end() && before.value().type == Mark::Absolute && before.value().inUse == value)
                marks.erase(last);
        }
    }
    marks.insert(t, {Mark::Absolute, value});
}

void UsageSeriesBuilder::addSample(const QString &licenseId, const QDateTime &time, int inUse, int seatCount,
                                   int reservedSeats, int waiting)
{
    if (!time.isValid())
        return;
    License &l = m_licenses[licenseId];
    l.seatCount = seatCount;
    const qint64 t = time.toMSecsSinceEpoch();
    addAbsolute(l.marks, t, inUse);
    if (reservedSeats >= 0)
        addAbsolute(l.reserved, t, reservedSeats);
    if (waiting >= 0)
        addAbsolute(l.waiting, t, waiting);
}

void UsageSeriesBuilder::clear()
{
    m_licenses.clear();
}

QList<UsagePoint> UsageSeriesBuilder::levels(const Marks &marks, const QDateTime &from, const QDateTime &to,
                                             QList<UsagePoint> *denials)
{
    QList<UsagePoint> steps;
    const qint64 lo = from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
    const qint64 hi = to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max();

    int level = -1; // unknown until the first absolute count
    for (auto m = marks.cbegin(); m != marks.cend(); ++m) {
        const qint64 t = m.key();
        if (t > hi)
            break;
        int next = level;
        switch (m.value().type) {
        case Mark::Absolute:
        case Mark::Denial:
            next = m.value().inUse;
            break;
        case Mark::Down:
            if (level > 0)
                next = level - 1;
            break;
        case Mark::Refusal:
            break;
        }
        if (t < lo) {
            level = next;
            continue;
        }
        if (steps.isEmpty() && level >= 0 && t > lo)
            steps.append({QDateTime::fromMSecsSinceEpoch(lo, Qt::UTC), level});
        const QDateTime when = QDateTime::fromMSecsSinceEpoch(t, Qt::UTC);
        if (m.value().type == Mark::Denial && denials)
            denials->append({when, m.value().inUse});
        if (m.value().type == Mark::Refusal && denials)
            denials->append({when, std::max(level, 0)});
        if (next >= 0 && (steps.isEmpty() || steps.constLast().inUse != next))
            steps.append({when, next});
        level = next;
    }
    if (steps.isEmpty() && level >= 0 && from.isValid())
        steps.append({from.toUTC(), level});
    if (!steps.isEmpty() && to.isValid() && steps.constLast().time < to)
        steps.append({to.toUTC(), steps.constLast().inUse});
    return steps;
}

UsageSeries UsageSeriesBuilder::build(const QString &licenseId, const QDateTime &from, const QDateTime &to) const
{
    UsageSeries series;
    const auto it = m_licenses.constFind(licenseId);
    if (it == m_licenses.cend())
        return series;
    series.seatCount = it->seatCount;
    series.steps = levels(it->marks, from, to, &series.denials);
    series.reserved = asLevels(levels(it->reserved, from, to, nullptr));
    series.waiting = asLevels(levels(it->waiting, from, to, nullptr));
    return series;
}

} // namespace keyright
