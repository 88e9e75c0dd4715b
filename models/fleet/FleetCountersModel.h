#pragma once

#include <QAbstractItemModel>

namespace keyright {

class FleetModel;

// The merged counters of a FleetModel as a tree: one top-level row per license with the merged
// totals, and under it one row per replica with that replica's component of each counter.
// Licenses and replicas only ever get appended (a G-Counter never forgets a writer), so sync()
// turns a merge into row insertions and dataChanged for the rows whose numbers or staleness moved.
class FleetCountersModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetCountersModel)

public:
    // Column 0 names the license or replica; one column per usageCounterNames() entry.
    enum Column {
        NameColumn,
        GrantedColumn,
        DeniedColumn,
        ReleasedColumn,
        RevokedColumn,
        ReclaimedColumn,
        RenewedColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        LicenseIdRole = Qt::UserRole + 1,
        ReplicaIdRole, // empty on license rows
        ValueRole, // quint64 total or component, for sorting and tests
        StaleRole, // bool, replica rows
    };

    FleetCountersModel(const FleetModel &fleet, QObject *parent = nullptr);
    ~FleetCountersModel() override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Brings the rows up to date with the FleetModel.
    void sync();

private:
    struct ReplicaRow
    {
        QString replicaId;
        QList<quint64> values;
        bool stale = false;
        bool heardOf = false;
        QString heard;
    };
    struct LicenseRow
    {
        QString licenseId;
        QList<quint64> totals;
        QList<ReplicaRow> replicas;
    };

    ReplicaRow replicaRow(const QString &licenseId, const QString &replicaId) const;
    QList<quint64> totals(const QString &licenseId) const;

    const FleetModel &m_fleet;
    QList<LicenseRow> m_rows;
};

} // namespace keyright
