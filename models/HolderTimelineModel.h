#pragma once

#include "AdminTypes.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <QPointer>
#include <QString>

namespace keyright {

class AdminClient;

// One seat a holder held over a range, from its grant to its end, as the events tell it
// (issue 26, "my app stopped at 10:05"). Renewals leave no event, so a seat with no end event in the
// range is open: held, or lapsed unseen, up to the range's end.
struct TimelineSpan
{
    enum class End {
        Open, // no end event in the range
        Released, // the holder gave it back
        Expired, // it lapsed unrenewed: a heartbeat came too late
        Reaped, // it lapsed unrenewed and the reaper deleted it (end: its expiry)
        Revoked, // an admin freed it (actor, reason)
        Reclaimed, // idle reclaim gave it to someone waiting (waiter)
    };

    QString licenseId;
    QString seatId;
    QString holder;
    quint64 generation = 0;
    QDateTime start; // the grant; the range's start when granted before it
    bool grantSeen = false;
    QDateTime end; // the end event's moment (Expired, Reaped: the expiry, when known); Open: the range's end
    End how = End::Open;
    QDateTime endEventAt; // when the end was recorded (a reap comes after the expiry)
    QString actor; // Revoked: who
    QString reason; // Revoked: why
    QString waiter; // Reclaimed: for whom
    QDateTime expiresAt; // the last expiry the events gave
    qint64 startSeq = 0; // 0: granted before the range
    qint64 endSeq = 0; // 0: open
};

// A holder's seats and events over a chosen range, for the holder's timeline. It fetches every page
// of the range from the events API (bounded), rebuilds the seats from the events (reconstruct(),
// no widgets, unit-tested) and lists the events in time order, one sentence each.
class HolderTimelineModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HolderTimelineModel)

public:
    enum Column { TimeColumn, HolderColumn, LicenseColumn, EventColumn, ColumnCount };
    enum Role {
        SeqRole = Qt::UserRole + 1,
        TimeRole, // QDateTime (UTC)
        LaneRole, // int: the span the event belongs to, -1 for none (a refusal, the line)
    };

    // Pages of the largest size; beyond this many the range is cut (isCut()), which keeps a holder
    // that refreshes in a loop from freezing the dashboard.
    static constexpr int maxPages = 20;

    explicit HolderTimelineModel(QObject *parent = nullptr);
    ~HolderTimelineModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The seats of `events` (ascending seq, one holder's) between `from` and `until`, by start.
    static QList<TimelineSpan> reconstruct(const QList<EventRecord> &events, const QDateTime &from,
                                           const QDateTime &until);
    // One event in a sentence, in the current language.
    static QString sentence(const EventRecord &event);
    // How a seat ended, in a phrase ("released at 10:05:12", "revoked by dana (admin): left").
    static QString endText(const TimelineSpan &span);
    // The user part of a holder label: "alice" of "alice@ws-12".
    static QString userOf(const QString &holder);

    // Fetches the range of `holder` (or, with allMachines, of every holder of its user) and shows
    // it; a load in flight is forgotten. The client may go meanwhile (another connection).
    void load(AdminClient *client, const QString &holder, bool allMachines, const QDateTime &from,
              const QDateTime &until);
    // Shows these events (ascending seq) as a load would.
    void setEvents(const QList<EventRecord> &events, const QDateTime &from, const QDateTime &until);

    bool isLoading() const { return m_loading; }
    bool isCut() const { return m_cut; } // the page bound was reached: the range's end is missing
    QString errorText() const { return m_error; }
    QDateTime from() const { return m_from; }
    QDateTime until() const { return m_until; }
    // Where the strip starts: from(), unless everything shown (events and seats) begins in the last
    // part of the range; then a little before the first of it, so that an hour of use read over the
    // default 24 hours is not a sliver at the right edge (walk 26b). The table lists the range whole.
    QDateTime viewFrom() const;
    const QList<TimelineSpan> &spans() const { return m_spans; }
    const QList<EventRecord> &events() const { return m_events; }
    // A row is one event, or a run of refusals of one holder on one license for one reason with
    // nothing else of that holder between them (a client retrying every few seconds): one row says
    // how many and until when (walk 26b). eventAt() is the row's first event.
    const EventRecord &eventAt(int row) const { return m_events.at(m_rows.at(row).first); }
    int eventsInRow(int row) const { return m_rows.value(row).count; }
    const EventRecord &lastEventOfRow(int row) const
    {
        return m_events.at(m_rows.at(row).first + m_rows.at(row).count - 1);
    }
    int laneOfEvent(int event) const { return m_lanes.value(event, -1); }
    int laneOfRow(int row) const
    {
        return row >= 0 && row < m_rows.size() ? m_lanes.value(m_rows.at(row).first, -1) : -1;
    }
    // The row of the event nearest to `time` (on `lane` when given one of its events), -1 when none.
    int rowNearest(const QDateTime &time, int lane = -1) const;

Q_SIGNALS:
    void stateChanged(); // loading, error or cut changed
    void loaded();

private:
    void fetchPage(quint64 request, qint64 after, int page);
    void finish(quint64 request);

    QPointer<AdminClient> m_client;
    QString m_holder;
    bool m_allMachines = false;
    QDateTime m_from;
    QDateTime m_until;
    QList<EventRecord> m_pending;
    quint64 m_request = 0;
    bool m_loading = false;
    bool m_cut = false;
    QString m_error;
    QList<EventRecord> m_events;
    struct Row
    {
        int first = 0; // index in m_events
        int count = 1;
    };
    QList<Row> m_rows;
    QList<TimelineSpan> m_spans;
    QList<int> m_lanes; // per row
};

} // namespace keyright
