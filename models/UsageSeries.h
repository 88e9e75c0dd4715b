#pragma once

#include "AdminTypes.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMap>

namespace keyright {

struct UsagePoint
{
    QDateTime time;
    int inUse = 0;

    friend bool operator==(const UsagePoint &, const UsagePoint &) = default;
};

struct UsageSeries
{
    QList<UsagePoint> steps; // seats in use, a step function in time order
    QList<UsagePoint> denials; // each denial, at the count it met
    int seatCount = 0;
};

// Seats in use over time for the usage chart. Absolute counts come from the events that carry
// them (granted: after the grant; denied: at the denial) and from the licenses polled by the
// dashboard; releases and revocations step down by one between them. A seat that lapsed without a
// word shows up at the next absolute count.
class UsageSeriesBuilder final
{
public:
    void addEvents(const QList<EventRecord> &events);
    void addSample(const QString &licenseId, const QDateTime &time, int inUse, int seatCount);
    void clear();

    UsageSeries build(const QString &licenseId, const QDateTime &from, const QDateTime &to) const;

private:
    struct Mark
    {
        enum Type { Absolute, Down, Denial };
        Type type;
        int inUse;
    };
    struct License
    {
        QMultiMap<qint64, Mark> marks;
        int seatCount = 0;
    };
    QHash<QString, License> m_licenses;
};

} // namespace keyright
