#include "HolderSortProxy.h"

#include "LeaseTableModel.h"

namespace keyright {

HolderSortProxy::HolderSortProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{ }

HolderSortProxy::~HolderSortProxy() = default;

void HolderSortProxy::setSourceModel(QAbstractItemModel *source)
{
    m_leases = qobject_cast<const LeaseTableModel *>(source);
    QSortFilterProxyModel::setSourceModel(source);
}

bool HolderSortProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (m_leases && sortRole() == LeaseTableModel::SortRole)
        return m_leases->sortsBefore(left.row(), right.row(), left.column());
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace keyright
