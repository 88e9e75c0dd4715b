#pragma once

#include "AdminTypes.h"
#include "SeatDecision.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>

namespace keyright {

// The licenses of the connected server. applyList() turns a poll into the smallest set of row
// insertions, removals and dataChanged ranges, so selection and scroll position survive; only
// clear() (another server) resets.
class LicenseListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseListModel)

public:
    enum Column { NameColumn, SeatsColumn, TtlColumn, SkewColumn, GraceColumn, DeniedColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        LicenseIdRole = Qt::UserRole + 1,
        SeatCountRole,
        InUseRole,
        SortRole, // a value that sorts naturally (numbers as numbers)
        ReservedIdleRole, // seats reserved for a group and idle (exact when the usage is known, else at least)
        FreeRole, // seats anyone admitted may take
        WaitingRole, // tickets waiting in the license's line
        BorrowedRole, // live borrowed seats (issue 27), part of InUseRole
        SandboxRole, // bool: a simulator sandbox (DemoCatalogue::isSandboxLicense), whose seats are staged
        // QString: what the list shows of a sandbox's name beside its "simulator" tag, its scenario
        // ("11. The borrowed laptop's clock is turned back"); the whole name when no scenario is known
        SandboxScenarioRole,
    };

    explicit LicenseListModel(QObject *parent = nullptr);
    ~LicenseListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void applyList(const LicenseList &list);
    void clear();
    // The license's seats split by seatUsage() (from its lease listing); nullopt: not known, the
    // split is then estimated from the summary (at least the reserved seats beyond those in use).
    void setUsage(const QString &licenseId, const std::optional<SeatUsage> &usage);
    std::optional<SeatUsage> usageOf(const QString &licenseId) const { return m_usage.value(licenseId); }
    // During an outage: the rows are the server's word as of `asOf` (greyed, dated in the tooltip),
    // and a license in `liveNow` counts only the seats whose last leases are still live, as the
    // holders table shows them, so bar and table never disagree. An invalid `asOf`: current again.
    void setStale(const QDateTime &asOf, const QHash<QString, int> &liveNow = {});
    QDateTime staleSince() const { return m_staleSince; }

    const LicenseSummary *license(const QString &id) const;
    const LicenseSummary &licenseAt(int row) const { return m_licenses.at(row); }
    int rowOf(const QString &id) const;
    QStringList licenseIds() const;
    // The name to show: a simulator sandbox's in the current language (the server keeps the one
    // of its last run), otherwise the server's, or the id when it has none.
    static QString displayName(const LicenseSummary &l);
    // What a simulator sandbox is, for the tooltips of its row.
    static QString sandboxToolTip();

private:
    void rebuildIndex();
    int reservedIdle(const LicenseSummary &l) const;
    QString seatsToolTip(const LicenseSummary &l) const;
    int inUseShown(const LicenseSummary &l) const;

    QList<LicenseSummary> m_licenses;
    QHash<QString, std::optional<SeatUsage>> m_usage;
    QHash<QString, int> m_rowById;
    QDateTime m_staleSince;
    QHash<QString, int> m_liveNow;
};

} // namespace keyright
