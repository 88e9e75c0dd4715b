#include "CountdownDelegate.h"

#include <QPainter>

namespace keyright {

CountdownDelegate::CountdownDelegate(int fractionRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_fractionRole(fractionRole)
{ }

void CountdownDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyledItemDelegate::paint(painter, option, index);
    const QVariant value = index.data(m_fractionRole);
    if (!value.isValid())
        return;
    const double fraction = value.toDouble();
    if (fraction <= 0)
        return;
    painter->save();
    const QRect track(option.rect.left() + 6, option.rect.bottom() - 3, option.rect.width() - 12, 2);
    painter->fillRect(track, QColor(0, 0, 0, 28));
    QRect filled = track;
    filled.setWidth(int(track.width() * std::min(1.0, fraction)));
    painter->fillRect(filled, fraction < 1.0 / 3 ? QColor(0xf5, 0x9e, 0x0b) : QColor(0x43, 0xa0, 0x47));
    painter->restore();
}

} // namespace keyright
