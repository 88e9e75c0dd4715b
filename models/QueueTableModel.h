#pragma once

#include "wire/QueueTicket.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

namespace keyright {

class Clock;

// The waiting line of the selected licenses, as the lease listings give it: the tickets whose seat
// is held for them first, then the waiting ones by position. applyLine() applies a poll as a diff
// keyed by ticket id; tick() re-reads the injected clock (the server's, as the dashboard estimates
// it) and emits dataChanged on the waiting and expiry columns alone, so the times run between polls.
class QueueTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueTableModel)

public:
    enum Column {
        PositionColumn,
        HolderColumn,
        LicenseColumn,
        WaitingSinceColumn,
        TicketExpiryColumn,
        StateColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    enum Role {
        TicketIdRole = Qt::UserRole + 1,
        SortRole,
        GrantedRole, // bool: a seat is held for the ticket
    };

    explicit QueueTableModel(const Clock &serverClock, QObject *parent = nullptr);
    ~QueueTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Every ticket of the lines shown now (those of other licenses go).
    void applyLine(const QList<QueueTicket> &tickets);
    void clear();
    void tick();

    const QueueTicket &ticketAt(int row) const { return m_tickets.at(row); }
    int waitingCount() const;

private:
    QVariant displayData(const QueueTicket &ticket, int column) const;
    void rebuildIndex();

    const Clock &m_clock;
    QDateTime m_now;
    QList<QueueTicket> m_tickets;
    QHash<QString, int> m_rowById;
};

} // namespace keyright
