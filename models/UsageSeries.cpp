#include "UsageSeries.h"

using namespace Qt::StringLiterals;

namespace keyright {

void UsageSeriesBuilder::addEvents(const QList<EventRecord> &events)
{
    for (const EventRecord &e : events) {
        if (e.licenseId.isEmpty() || !e.time.isValid())
            continue;
        License &l = m_licenses[e.licenseId];
        const qint64 t = e.time.toMSecsSinceEpoch();
        if (e.kind == EventKind::Granted || e.kind == EventKind::Denied) {
            const int inUse = e.detail.value(u"inUse"_s).toInt();
            const int seats = e.detail.value(u"seatCount"_s).toInt();
            if (seats > 0)
                l.seatCount = seats;
            l.marks.insert(t, {e.kind == EventKind::Denied ? Mark::Denial : Mark::Absolute, inUse});
        } else if (e.kind == EventKind::Released || e.kind == EventKind::Revoked) {
            l.marks.insert(t, {Mark::Down, 0});
        } else if (e.kind == EventKind::LicenseCreated || e.kind == EventKind::LicenseUpdated) {
            const int seats = e.detail.value(u"seatCount"_s).toInt();
            if (seats > 0)
                l.seatCount = seats;
        }
    }
}

void UsageSeriesBuilder::addSample(const QString &licenseId, const QDateTime &time, int inUse, int seatCount)
{
    if (!time.isValid())
        return;
    License &l = m_licenses[licenseId];
    l.seatCount = seatCount;
    // Polls repeat the same count; keep only the changes, plus the newest sample as the series'
    // right edge.
    const qint64 t = time.toMSecsSinceEpoch();
    if (!l.marks.isEmpty()) {
        auto last = std::prev(l.marks.end());
        if (last.value().type == Mark::Absolute && last.value().inUse == inUse && last.key() <= t) {
            // The step is already at this height; remember how far it reaches.
            auto before = last == l.marks.begin() ? l.marks.end() : std::prev(last);
            if (before != l.marks.end() && before.value().type == Mark::Absolute && before.value().inUse == inUse)
                l.marks.erase(last);
        }
    }
    l.marks.insert(t, {Mark::Absolute, inUse});
}

void UsageSeriesBuilder::clear()
{
    m_licenses.clear();
}

UsageSeries UsageSeriesBuilder::build(const QString &licenseId, const QDateTime &from, const QDateTime &to) const
{
    UsageSeries series;
    const auto it = m_licenses.constFind(licenseId);
    if (it == m_licenses.cend())
        return series;
    series.seatCount = it->seatCount;
    const qint64 lo = from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min();
    const qint64 hi = to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max();

    int level = -1; // unknown until the first absolute count
    for (auto m = it->marks.cbegin(); m != it->marks.cend(); ++m) {
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
        }
        if (t < lo) {
            level = next;
            continue;
        }
        if (series.steps.isEmpty() && level >= 0 && t > lo)
            series.steps.append({QDateTime::fromMSecsSinceEpoch(lo, Qt::UTC), level});
        const QDateTime when = QDateTime::fromMSecsSinceEpoch(t, Qt::UTC);
        if (m.value().type == Mark::Denial)
            series.denials.append({when, m.value().inUse});
        if (next >= 0 && (series.steps.isEmpty() || series.steps.constLast().inUse != next))
            series.steps.append({when, next});
        level = next;
    }
    if (series.steps.isEmpty() && level >= 0 && from.isValid())
        series.steps.append({from.toUTC(), level});
    if (!series.steps.isEmpty() && to.isValid() && series.steps.constLast().time < to)
        series.steps.append({to.toUTC(), series.steps.constLast().inUse});
    return series;
}

} // namespace keyright
