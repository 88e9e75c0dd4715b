#pragma once

#include "AdminTypes.h"
#include "AlertRules.h"
#include "SeatRules.h"
#include "wire/EventDetail.h"

#include <QAbstractTableModel>

namespace keyright {

// The audit events loaded from the server, ascending by seq. New events from a poll are inserted
// at the end, older ones loaded on demand at the front; beyond the cap the oldest rows go. No
// reset except clear() (another server).
class EventLogModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogModel)

public:
    enum Column {
        TimeColumn,
        KindColumn,
        LicenseColumn,
        HolderColumn,
        SeatColumn,
        ActorColumn,
        DetailColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        SeqRole = Qt::UserRole + 1,
        KindRole,
        LicenseIdRole,
        HolderRole,
        TimeRole, // QDateTime (UTC)
        SortRole,
    };

    explicit EventLogModel(QObject *parent = nullptr);
    ~EventLogModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Appends the events newer than the last one held (duplicates are skipped).
    void appendEvents(const QList<EventRecord> &events);
    // Inserts events older than the first one held (a backfill).
    void prependEvents(const QList<EventRecord> &events);
    void clear();

    void setCapacity(int rows);
    int capacity() const { return m_capacity; }

    const EventRecord &eventAt(int row) const { return m_events.at(row); }
    const QList<EventRecord> &events() const { return m_events; }
    int rowOfSeq(qint64 seq) const;
    qint64 lastSeq() const { return m_events.isEmpty() ? 0 : m_events.constLast().seq; }
    qint64 firstSeq() const { return m_events.isEmpty() ? 0 : m_events.constFirst().seq; }

    // A short sentence about an event's detail, for the table and the CSV.
    static QString describeDetail(const EventRecord &event);
    static QString kindLabel(EventKind kind);
    // A license's seat rules in a line: "allow render, qa; reserve 2 for render; max 3 for qa".
    static QString rulesText(const SeatRules &rules);
    // One reclaim rule in a phrase: "seats idle for more than 60 minutes go to someone waiting,
    // after a 10-minute warning".
    static QString reclaimText(const IdleReclaim &rule);
    // "the server's clock jumped back by 10m 00s": a clock_jumped event in words (Events page and
    // the status bar).
    static QString clockJumpText(const EventRecord &event);
    // An alert's numbers in words ("95 % of the seats in use (the rule's threshold: 90 %)"), and
    // an alert_fired or alert_resolved event's detail.
    // validity_ending says which date, when, and how far: "the license expires on 9 December 2026,
    // in 4 days (notice of 7 days)", "its maintenance ended on 1 December 2026 (notice of 7 days)".
    static QString alertMeasureText(const eventdetail::AlertChange &change);
    static QString alertText(const eventdetail::AlertChange &change, bool fired);
    // Who caused an event, in the interface's language ("server", "client 10.0.0.5"); a token's
    // name is shown as recorded. The table's tooltip keeps the recorded actor.
    static QString actorLabel(const QString &actor);
    // The same for one event: idle reclaim's warnings, lifted warnings and reclaims are the
    // license's idle reclaim rule at work, whichever request or reaper sweep the server was
    // answering when it applied it (the recorded actor, kept in the tooltip).
    static QString actorLabel(const EventRecord &event);
    // The License column's tooltip for a simulator sandbox (DemoCatalogue::isSandboxLicense): its
    // name and that its events are staged. Such a license's id is greyed and in italics, as on the
    // Seats page.
    static QString sandboxToolTip(const QString &licenseId);

private:
    void trimToCapacity();

    QList<EventRecord> m_events;
    int m_capacity = 50000;
};

} // namespace keyright
