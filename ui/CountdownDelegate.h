#pragma once

#include <QStyledItemDelegate>

namespace keyright {

// The countdown text with a thin bar of the lease's remaining window under it: full right after a
// renewal, amber below a third (two heartbeats missed), gone once the lease expired. Cells
// without a fraction (block rows) are painted by the base class.
class CountdownDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountdownDelegate)

public:
    explicit CountdownDelegate(int fractionRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_fractionRole;
};

} // namespace keyright
