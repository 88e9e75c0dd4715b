#pragma once

#include <QStyledItemDelegate>

namespace keyright {

// Seats in use over seats owned, as a bar: green, amber from 80 % (near full), red when full.
// Reads InUseRole and SeatCountRole; any other cell is painted by the base class.
class SeatBarDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatBarDelegate)

public:
    explicit SeatBarDelegate(int inUseRole, int seatCountRole, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QColor colorFor(int inUse, int seatCount);

private:
    int m_inUseRole;
    int m_seatCountRole;
};

} // namespace keyright
