#pragma once

#include "AdminTypes.h"
#include "SeatDecision.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>

#include <functional>
#include <optional>

namespace keyright {

class Clock;

// One row of the holders table: a lease (live, or expired and awaiting the reaper) or a block
// that keeps a revoked holder out of a license.
struct HolderRow
{
    enum class Kind { Lease, Block };
    Kind kind = Kind::Lease;
    QString key; // the seat id, or "block/<license>/<holder>"
    QString licenseId;
    LeaseRow lease;
    HolderBlock block;
    QDateTime heldSince; // the grant when known from the events, else the earliest issuedAt seen
    bool heldSinceExact = false;
    // Under the license's seat rules, for a live lease: the reservation it counts against (empty:
    // the shared seats) and every cap of a group it is in, with what the group holds.
    struct Cap
    {
        QString group;
        int held = 0;
        int cap = 0;
        friend bool operator==(const Cap &, const Cap &) = default;
    };
    QString reservation;
    QList<Cap> caps;
    bool ruled = false; // the license has rules: "shared seats" means something

    QString holder() const { return kind == Kind::Lease ? lease.lease.holder : block.holder; }
};

// A seat of the holders table as the actions on it (revoke) need it.
struct HeldSeat
{
    QString licenseId;
    QString seatId;
    QString holder;
};

} // namespace keyright

Q_DECLARE_TYPEINFO(keyright::HolderRow, Q_RELOCATABLE_TYPE);

namespace keyright {

// Holders of one or more licenses. A poll (applyPoll) is applied as a diff keyed by seat id:
// removed and inserted rows for holders that left and came, dataChanged for the changed cells of
// changed rows only. tick() re-reads the injected clock (the server's clock as estimated by the
// dashboard) and emits dataChanged on the countdown column alone.
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
        CountsAgainstColumn, // last, so the columns before keep their numbers; the page shows it before State
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
    };
    enum class HolderState { Live, ExpiredAwaitingReap, Blocked };
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

    // What the last poll of a license said beyond its rows: its seat rules, the server's groups,
    // its waiting line, and its seats split by seatUsage() over the leases the server counted.
    struct LicenseDetails
    {
        int seatCount = 0;
        SeatRules rules;
        QList<HolderGroup> groups;
        QList<QueueTicket> queue;
        SeatUsage usage;
        QDateTime serverTime;
    };
    // nullptr while the license is not polled (not selected).
    const LicenseDetails *detailsOf(const QString &licenseId) const;
    QStringList detailedLicenses() const { return m_details.keys(); }

    // The rows are what the server said at `asOf` and no poll has succeeded since (invalid: fresh).
    // Stale rows are greyed and say their age; their states still follow the estimated server time.
    void setStaleSince(const QDateTime &asOf);
    QDateTime staleSince() const { return m_staleSince; }

Q_SIGNALS:
    // detailsOf() changed for these licenses (a poll, or they are no longer polled).
    void detailsChanged(const QStringList &licenseIds);

private:
    void rebuildIndex();
    void emitExpiredSince(const QDateTime &before, const QList<int> &rows);
    // Removes every row for which `gone` holds, as beginRemoveRows runs, and reindexes.
    void removeRowsWhere(const std::function<bool(int row)> &gone);
    QVariant displayData(const HolderRow &row, int column) const;
    QVariant sortData(const HolderRow &row, int column) const;
    QVariant toolTipData(const HolderRow &row, int column) const;
    QString countsAgainstText(const HolderRow &row) const;

    const Clock &m_clock;
    QDateTime m_now;
    QDateTime m_staleSince;
    QList<HolderRow> m_rows;
    QHash<QString, int> m_rowByKey;
    QHash<QString, QDateTime> m_grants;
    QHash<QString, LicenseDetails> m_details;
};

} // namespace keyright
