#pragma once

#include "AdminTypes.h"
#include "HolderRow.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>

#include <functional>
#include <optional>

namespace keyright {

class Clock;
struct PollMerge;

// A seat of the holders table as the actions on it (revoke) need it.
struct HeldSeat
{
    QString licenseId;
    QString seatId;
    QString holder;
    // A borrowed seat (issue 27) until `borrowedUntil`: its laptop keeps a signed lease the server
    // cannot recall, so revoking it frees nothing the laptop gives up.
    bool borrowed = false;
    QDateTime borrowedUntil = {};
    // An admin wrote the borrowed seat off (its laptop is lost): it stays counted until
    // borrowedUntil all the same, and there is nothing more to write off.
    bool writtenOff = false;
};

// Holders of one or more licenses. A poll (applyPoll) is applied as a diff keyed by seat id, as
// mergePoll() (PollMerge.h) decides it: removed and inserted rows for holders that left and came,
// dataChanged for the changed cells of changed rows only. What a listing says beyond its rows
// (rules, groups, waiting line, seat usage) is DashboardSession::licenseDetails(). tick() re-reads
// the injected clock (the server's clock as estimated by the dashboard) and emits dataChanged on
// the countdown column alone.
class LeaseTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LeaseTableModel)

public:
    enum Column {
        HolderColumn,
        LicenseColumn,
        SeatColumn,
        GenerationColumn,
        HeldSinceColumn,
        ExpiresAtColumn,
        CountdownColumn,
        StateColumn,
        SignatureColumn,
        CountsAgainstColumn, // after the others, so the columns before keep their numbers; the page shows it before
                             // State
        IdleForColumn, // time since the holder's last activity (issue 26)
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        KeyRole = Qt::UserRole + 1,
        SeatIdRole, // empty for a block row
        LicenseIdRole,
        HolderRole,
        SortRole,
        StateRole, // HolderState as int
        RemainingFractionRole, // countdown: remaining / lease window, 0..1 (negative once expired)
        SignatureValidRole,
        ReservationRole, // the reservation group a live lease counts against; empty for the shared seats
        CapsRole, // QStringList: the capped groups the holder is in
        IdleRole, // bool: a live holder with no activity for longer than the license's idle threshold
    };
    enum class HolderState { Live, ExpiredAwaitingReap, Blocked, Borrowed };
    Q_ENUM(HolderState)

    explicit LeaseTableModel(const Clock &serverClock, QObject *parent = nullptr);
    ~LeaseTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces the rows of every license in `lists` with what the lists say; rows of other
    // licenses stay as they are.
    void applyPoll(const QList<LeaseList> &lists);
    void applyLeases(const LeaseList &list) { applyPoll({list}); }
    // Drops the rows of licenses not in `licenseIds` (the selection changed).
    void retainLicenses(const QSet<QString> &licenseIds);
    // Another server: everything goes, with a reset.
    void clear();

    // The moment a seat was granted, learned from the events.
    void noteGrant(const QString &seatId, const QDateTime &grantedAt);

    // Re-reads the clock; dataChanged on the countdown column for every row, or for the given
    // rows only (the visible ones, at scale).
    void tick();
    void tickRows(QList<int> rows);
    QDateTime now() const { return m_now; }

    // How the time columns show a moment: the time alone on `now`'s day, else a short date too.
    static QString formatTime(const QDateTime &time, const QDateTime &now);

    const HolderRow &rowAt(int row) const { return m_rows.at(row); }
    // The seat of a lease row; empty for a block row (nothing to revoke there) or a bad row.
    std::optional<HeldSeat> seatAt(int row) const;
    int rowOfKey(const QString &key) const { return m_rowByKey.value(key, -1); }
    HolderState stateOf(const HolderRow &row) const;
    // A live lease whose holder reports activity and has shown none for more than the license's
    // idle threshold, on the model's clock; a client that reports nothing is never idle.
    bool isIdle(const HolderRow &row) const;
    // What the Idle for column reads for `idleMs` without activity: "active", "74 min", "2 h 05 min".
    static QString idleText(qint64 idleMs);
    // The same for a seat idle reclaim has marked: "74 min, reclaim at 09:12:30".
    static QString idleText(const QString &idle, const QString &reclaimAt);
    // Whether `left` sorts before `right` by `column`, as SortRole's values compare, without
    // building them as QVariants (HolderSortProxy: a poll of 50,000 rows sorts in one go).
    bool sortsBefore(int left, int right, int column) const;
    // What the State column reads; with `asOf`, the rows are from the last poll at that time.
    static QString stateText(HolderState state, const QDateTime &asOf = {});
    // Per license listed, its seats whose leases are live at the model's clock (the rows that read
    // "live" or "borrowed until").
    QHash<QString, int> liveSeatsByLicense() const;

    // The rows are what the server said at `asOf` and no poll has succeeded since (invalid: fresh).
    // Stale rows are greyed and say their age; their states still follow the estimated server time.
    void setStaleSince(const QDateTime &asOf);
    QDateTime staleSince() const { return m_staleSince; }

private:
    // Above this many runs of removed rows, a poll is applied as one layout change.
    static constexpr qsizetype kMaxRemovalRuns = 16;

    void applyAsLayoutChange(PollMerge &merge);
    void rebuildIndex();
    void emitExpiredSince(const QDateTime &before, const QList<int> &rows);
    void emitIdleSince(const QDateTime &before, const QList<int> &rows);
    // Removes every row for which `gone` holds, as beginRemoveRows runs, and reindexes.
    void removeRowsWhere(const std::function<bool(int row)> &gone);
    QVariant displayData(const HolderRow &row, int column) const;
    QVariant sortData(const HolderRow &row, int column) const;
    const QString &holderSortKey(const HolderRow &row) const;
    QVariant toolTipData(const HolderRow &row, int column) const;
    QString countsAgainstText(const HolderRow &row) const;

    const Clock &m_clock;
    QDateTime m_now;
    QDateTime m_staleSince;
    QList<HolderRow> m_rows;
    QHash<QString, int> m_rowByKey;
    QHash<QString, QDateTime> m_grants;
};

} // namespace keyright
