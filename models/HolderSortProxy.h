#pragma once

#include <QSortFilterProxyModel>

namespace keyright {

class LeaseTableModel;

// The Seats page's holders proxy: filters as QSortFilterProxyModel does, and sorts a
// LeaseTableModel by its typed keys (LeaseTableModel::sortsBefore) instead of comparing SortRole
// QVariants, which was most of a 50,000-row poll applied as one layout change.
class HolderSortProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HolderSortProxy)

public:
    explicit HolderSortProxy(QObject *parent = nullptr);
    ~HolderSortProxy() override;

    void setSourceModel(QAbstractItemModel *source) override;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const LeaseTableModel *m_leases = nullptr;
};

} // namespace keyright
