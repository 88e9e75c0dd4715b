#include "CountdownDelegate.h"

#include "StatePalette.h"

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
    QColor trackColour = option.palette.color(QPalette::Text);
    trackColour.setAlpha(28); // a hint of the text colour reads on light and dark bases alike
    painter->fillRect(track, trackColour);
    QRect filled = track;
    filled.setWidth(int(track.width() * std::min(1.0, fraction)));
    painter->fillRect(filled, StatePalette::fill(fraction < 1.0 / 3 ? StatePalette::Expiring : StatePalette::Live));
    painter->restore();
}

} // namespace keyright
