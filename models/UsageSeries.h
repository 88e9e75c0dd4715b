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

// One step of a level over time (reserved seats, tickets in the line).
struct LevelPoint
{
    QDateTime time;
    int value = 0;

    friend bool operator==(const LevelPoint &, const LevelPoint &) = default;
};

struct UsageSeries
{
    QList<UsagePoint> steps; // seats in use, a step function in time order
    QList<UsagePoint> denials; // each denial, at the count it met
    int seatCount = 0;
    QList<LevelPoint> reserved; // seats the license's rules reserve for groups, a step function
    QList<LevelPoint> waiting; // tickets waiting in the license's line, a step function
};

// Seats in use over time for the usage chart. Absolute counts come from the events that carry
// them (granted: after the grant; denied: at the denial) and from the licenses polled by the
// dashboard; releases and revocations step down by one between them. A seat that lapsed without a
// word shows up at the next absolute count. Reserved seats come from rules_changed events, the
// reservations a denial quotes and the polled summaries; the line's length from queued events
// (the newcomer's position is the length), one step down per ticket that left or was served, and
// the polled summaries.
class UsageSeriesBuilder final
{
public:
    void addEvents(const QList<EventRecord> &events);
    // `reservedSeats` and `waiting` < 0: not known (an older server).
    void addSample(const QString &licenseId, const QDateTime &time, int inUse, int seatCount, int reservedSeats = -1,
                   int waiting = -1);
    void clear();

    UsageSeries build(const QString &licenseId, const QDateTime &from, const QDateTime &to) const;

private:
    struct Mark
    {
        // Denial: a refusal that says the seats in use then; Refusal: one that does not (a blocked
        // holder's), drawn at the level it happened at.
        enum Type { Absolute, Down, Denial, Refusal };
        Type type;
        int inUse;
    };
    using Marks = QMultiMap<qint64, Mark>;
    struct License
    {
        Marks marks;
        Marks reserved;
        Marks waiting;
        int seatCount = 0;
    };
    static void addAbsolute(Marks &marks, qint64 t, int value);
    static QList<UsagePoint> levels(const Marks &marks, const QDateTime &from, const QDateTime &to,
                                    QList<UsagePoint> *denials);
    QHash<QString, License> m_licenses;
};

} // namespace keyright
