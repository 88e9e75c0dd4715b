#pragma once

#include <QStyledItemDelegate>

namespace keyright {

// Seats in use over seats owned, as a bar: green, amber from 80 % (near full), red when full. The
// seats a rule reserves for a group and nobody uses follow in teal (StatePalette::ReservedSeat):
// outsiders cannot take them, so a license with idle reserved seats looks as full as it is to
// them; the rest of the bar is free (StatePalette::freeSeat). The borrowed seats (issue 27) end the used part in their
// own colour (StatePalette::Borrowed): counted, but away on laptops. Reads the in-use, seat-count and (when given)
// reserved-idle roles; any other cell is painted by the base class.
class SeatBarDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatBarDelegate)

public:
    SeatBarDelegate(int inUseRole, int seatCountRole, int reservedIdleRole = -1, int borrowedRole = -1,
                    QObject *parent = nullptr);

    // A role that is true for a row whose seats are staged (a simulator sandbox): its used part is
    // drawn in the sandbox's slate (StatePalette::Sandbox), never amber or red, since such a license
    // being full alarms nobody.
    void setStagedRole(int role) { m_stagedRole = role; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QColor colorFor(int inUse, int seatCount);
    // The part of `bar` that shows `borrowed` of the `inUse` seats over `seatCount`: the end of the
    // used part. Empty when nothing is borrowed.
    static QRect borrowedRect(const QRect &bar, int inUse, int borrowed, int seatCount);
    // Where the bar goes in a cell showing `text` ("8 / 10"): the count is never covered.
    static QRect barRect(const QRect &cell, const QFontMetrics &metrics, const QString &text);
    // The width a cell needs to show `text` whole beside a bar of a useful length.
    static int widthFor(const QFontMetrics &metrics, const QString &text);

private:
    int m_inUseRole;
    int m_seatCountRole;
    int m_reservedIdleRole;
    int m_borrowedRole;
    int m_stagedRole = -1;
};

} // namespace keyright
