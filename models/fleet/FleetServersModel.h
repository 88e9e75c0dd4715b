#pragma once

#include <QAbstractTableModel>

namespace keyright {

class FleetModel;

// The configured servers of a FleetModel: whether each answered, its replica id, when it was last
// polled and last answered. Rows change only when the server list is replaced.
class FleetServersModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetServersModel)

public:
    enum Column { ServerColumn, StatusColumn, ReplicaColumn, LastPollColumn, LastAnswerColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        ReplicaIdRole = Qt::UserRole + 1, // the full id (the cell shows a prefix)
        AnsweredRole, // bool: the last poll got a valid snapshot
        StaleRole, // bool: no answer within the stale window
    };

    FleetServersModel(const FleetModel &fleet, QObject *parent = nullptr);
    ~FleetServersModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Called by FleetModel around a change of the server list, and after any status change.
    void beginReset() { beginResetModel(); }
    void endReset() { endResetModel(); }
    void refreshAll();

private:
    const FleetModel &m_fleet;
};

} // namespace keyright
