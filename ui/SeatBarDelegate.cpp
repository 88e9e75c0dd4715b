#include "SeatBarDelegate.h"

#include "StatePalette.h"

#include <QApplication>
#include <QBrush>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace keyright {

SeatBarDelegate::SeatBarDelegate(int inUseRole, int seatCountRole, int reservedIdleRole, int borrowedRole,
                                 QObject *parent)
    : QStyledItemDelegate(parent)
    , m_inUseRole(inUseRole)
    , m_seatCountRole(seatCountRole)
    , m_reservedIdleRole(reservedIdleRole)
    , m_borrowedRole(borrowedRole)
{ }

QRect SeatBarDelegate::borrowedRect(const QRect &bar, int inUse, int borrowed, int seatCount)
{
    if (seatCount <= 0 || inUse <= 0 || borrowed <= 0)
        return {};
    const auto widthOf
        = [&](int seats) { return std::max(6, int(bar.width() * std::min(1.0, double(seats) / seatCount))); };
    const int end = bar.left() + widthOf(inUse);
    const int start = borrowed >= inUse ? bar.left() : bar.left() + widthOf(inUse - borrowed);
    return QRect(QPoint(start, bar.top()), QPoint(end - 1, bar.bottom()));
}

QColor SeatBarDelegate::colorFor(int inUse, int seatCount)
{
    if (seatCount > 0 && inUse >= seatCount)
        return StatePalette::fill(StatePalette::Denied);
    if (seatCount > 0 && inUse * 5 >= seatCount * 4)
        return StatePalette::fill(StatePalette::Expiring);
    return StatePalette::fill(StatePalette::Live);
}

void SeatBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QVariant inUseValue = index.data(m_inUseRole);
    const QVariant seatsValue = index.data(m_seatCountRole);
    if (!inUseValue.isValid() || !seatsValue.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const int inUse = inUseValue.toInt();
    const int seats = seatsValue.toInt();
    const int reservedIdle = m_reservedIdleRole >= 0 ? std::max(0, index.data(m_reservedIdleRole).toInt()) : 0;
    const int borrowed = m_borrowedRole >= 0 ? std::clamp(index.data(m_borrowedRole).toInt(), 0, inUse) : 0;

    // Background and selection as the style draws them, without the text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QString text = index.data(Qt::DisplayRole).toString();
    const QRect bar = barRect(option.rect, option.fontMetrics, text);
    const QRect cell = option.rect.adjusted(4, 4, -4, -4);
    painter->setPen(Qt::NoPen);
    painter->setBrush(StatePalette::freeSeat(option.palette));
    painter->drawRoundedRect(bar, 4, 4);
    // The reserved part first, from the start, so the used part drawn over it keeps its rounded end.
    if (seats > 0 && reservedIdle > 0) {
        QRect reserved = bar;
        reserved.setWidth(std::max(6, int(bar.width() * std::min(1.0, double(inUse + reservedIdle) / seats))));
        painter->setBrush(StatePalette::fill(StatePalette::ReservedSeat));
        painter->drawRoundedRect(reserved, 4, 4);
    }
    if (seats > 0 && inUse > 0) {
        QRect filled = bar;
        filled.setWidth(std::max(6, int(bar.width() * std::min(1.0, double(inUse) / seats))));
        const bool staged = m_stagedRole >= 0 && index.data(m_stagedRole).toBool();
        painter->setBrush(staged ? StatePalette::fill(StatePalette::Sandbox) : colorFor(inUse, seats));
        painter->drawRoundedRect(filled, 4, 4);
        const QRect away = borrowedRect(bar, inUse, borrowed, seats);
        if (!away.isEmpty()) {
            // Inside the used part's rounded shape, so its end stays rounded.
            QPainterPath used;
            used.addRoundedRect(filled, 4, 4);
            painter->setClipPath(used);
            painter->fillRect(away, StatePalette::fill(StatePalette::Borrowed));
            painter->setClipping(false);
        }
    }
    const QRect textRect(bar.right() + 6, cell.top(), cell.right() - bar.right() - 6, cell.height());
    // A model that greys its rows (data out of date) greys the count too.
    const QVariant foreground = index.data(Qt::ForegroundRole);
    QColor textColor = opt.palette.color(QPalette::Text);
    if (foreground.canConvert<QBrush>() && foreground.value<QBrush>().style() != Qt::NoBrush)
        textColor = foreground.value<QBrush>().color();
    painter->setPen(opt.state & QStyle::State_Selected ? opt.palette.color(QPalette::HighlightedText) : textColor);
    painter->drawText(textRect, Qt::AlignRight | Qt::AlignVCenter, text);
    painter->restore();
}

QRect SeatBarDelegate::barRect(const QRect &cellRect, const QFontMetrics &metrics, const QString &text)
{
    // The count keeps its whole width ("2000 / 2500" is wider than the usual "000 / 000"); the bar
    // takes the rest and gives way first, down to a stub.
    const QRect cell = cellRect.adjusted(4, 4, -4, -4);
    const int textWidth
        = std::max(metrics.horizontalAdvance(QStringLiteral("000 / 000")), metrics.horizontalAdvance(text)) + 6;
    return {cell.left(), cell.center().y() - 5, std::max(10, cell.width() - textWidth), 10};
}

int SeatBarDelegate::widthFor(const QFontMetrics &metrics, const QString &text)
{
    // Margins, a bar of at least 60 px, the gap and the count.
    return 8 + 60 + 6
        + std::max(metrics.horizontalAdvance(QStringLiteral("000 / 000")), metrics.horizontalAdvance(text)) + 6;
}

QSize SeatBarDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max({size.width(), 150, widthFor(option.fontMetrics, index.data(Qt::DisplayRole).toString())}));
    return size;
}

} // namespace keyright
