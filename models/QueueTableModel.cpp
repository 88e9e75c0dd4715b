#include "QueueTableModel.h"

#include "Clock.h"
#include "Durations.h"
#include "LeaseTableModel.h"
#include "StatePalette.h"

#include <QBrush>
#include <QCoreApplication>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

QString wholeSeconds(qint64 ms)
{
    if (ms < 1000)
        return QCoreApplication::translate("keyright::Durations", "%1s").arg(0);
    return formatDuration(std::chrono::milliseconds {ms - ms % 1000});
}

// Granted tickets first (their seat is taken), then the waiting ones head first.
qint64 lineOrder(const QueueTicket &t)
{
    return t.state == QueueTicket::State::Granted ? t.queuedAt.toMSecsSinceEpoch() - (Q_INT64_C(1) << 50)
                                                  : qint64(t.position);
}

} // namespace

QueueTableModel::QueueTableModel(const Clock &serverClock, QObject *parent)
    : QAbstractTableModel(parent)
    , m_clock(serverClock)
    , m_now(serverClock.now())
{ }

QueueTableModel::~QueueTableModel() = default;

int QueueTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tickets.size());
}

int QueueTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int QueueTableModel::waitingCount() const
{
    return int(std::count_if(m_tickets.cbegin(), m_tickets.cend(),
                             [](const QueueTicket &t) { return t.state == QueueTicket::State::Waiting; }));
}

QVariant QueueTableModel::displayData(const QueueTicket &t, int column) const
{
    const bool granted = t.state == QueueTicket::State::Granted;
    switch (column) {
    case PositionColumn:
        return granted ? u"\u2713"_s : QString::number(t.position);
    case HolderColumn:
        return t.holder;
    case LicenseColumn:
        return t.licenseId;
    case WaitingSinceColumn:
        return tr("%1 (%2)").arg(LeaseTableModel::formatTime(t.queuedAt, m_now),
                                 wholeSeconds(std::max<qint64>(0, t.queuedAt.msecsTo(m_now))));
    case TicketExpiryColumn: {
        const qint64 left = m_now.msecsTo(t.expiresAt);
        return left >= 0 ? tr("in %1").arg(wholeSeconds(left)) : tr("lapsed %1 ago").arg(wholeSeconds(-left));
    }
    case StateColumn:
        return granted ? tr("seat held for it") : tr("waiting");
    default:
        return {};
    }
}

QVariant QueueTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() < 0 || index.row() >= m_tickets.size())
        return {};
    const QueueTicket &t = m_tickets.at(index.row());
    const bool granted = t.state == QueueTicket::State::Granted;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(t, index.column());
    case TicketIdRole:
        return t.ticketId;
    case GrantedRole:
        return granted;
    case SortRole:
        switch (index.column()) {
        case PositionColumn:
        case StateColumn:
            return lineOrder(t);
        case HolderColumn:
            return t.holder.toLower();
        case LicenseColumn:
            return t.licenseId;
        case WaitingSinceColumn:
            return t.queuedAt.toMSecsSinceEpoch();
        case TicketExpiryColumn:
            return t.expiresAt.toMSecsSinceEpoch();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case PositionColumn:
            return granted ? tr("A seat is held for this ticket; the waiter's next renewal gets the lease")
                           : tr("Position %1 of %2 waiting").arg(t.position).arg(t.waiting);
        case WaitingSinceColumn:
            return tr("Queued at %1; gives up at %2")
                .arg(t.queuedAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s),
                     t.giveUpAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s));
        case TicketExpiryColumn:
            return tr("The ticket is dropped unless its waiter renews it by %1 (a crashed waiter never blocks "
                      "the line)")
                .arg(t.expiresAt.toLocalTime().toString(u"HH:mm:ss"_s));
        case StateColumn:
            return granted ? tr("Seat %1 is held for this waiter").arg(t.seatId.left(8))
                           : tr("Waiting for a seat the rules let this holder take");
        default:
            return {};
        }
    case Qt::ForegroundRole:
        if (index.column() == StateColumn)
            return QBrush(StatePalette::colour(granted ? StatePalette::Live : StatePalette::Pending));
        if (index.column() == TicketExpiryColumn && m_now > t.expiresAt)
            return QBrush(StatePalette::colour(StatePalette::Expired));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == PositionColumn)
            return QVariant::fromValue(Qt::AlignCenter);
        return {};
    default:
        return {};
    }
}

QVariant QueueTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PositionColumn:
        return tr("#");
    case HolderColumn:
        return tr("Holder");
    case LicenseColumn:
        return tr("License");
    case WaitingSinceColumn:
        return tr("Waiting since");
    case TicketExpiryColumn:
        return tr("Ticket expires");
    case StateColumn:
        return tr("State");
    default:
        return {};
    }
}

void QueueTableModel::applyLine(const QList<QueueTicket> &tickets)
{
    m_now = m_clock.now();
    QHash<QString, const QueueTicket *> incoming;
    for (const QueueTicket &t : tickets)
        incoming.insert(t.ticketId, &t);

    bool removed = false;
    for (int r = int(m_tickets.size()) - 1; r >= 0;) {
        if (incoming.contains(m_tickets.at(r).ticketId)) {
            --r;
            continue;
        }
        int first = r;
        while (first > 0 && !incoming.contains(m_tickets.at(first - 1).ticketId))
            --first;
        beginRemoveRows({}, first, r);
        m_tickets.remove(first, r - first + 1);
        endRemoveRows();
        removed = true;
        r = first - 1;
    }
    if (removed)
        rebuildIndex();

    QList<QueueTicket> added;
    for (const QueueTicket &t : tickets) {
        const auto it = m_rowById.constFind(t.ticketId);
        if (it == m_rowById.cend()) {
            added << t;
            continue;
        }
        if (m_tickets.at(it.value()) == t)
            continue;
        m_tickets[it.value()] = t;
        Q_EMIT dataChanged(index(it.value(), 0), index(it.value(), ColumnCount - 1));
    }
    if (!added.isEmpty()) {
        const int first = int(m_tickets.size());
        beginInsertRows({}, first, first + int(added.size()) - 1);
        for (const QueueTicket &t : std::as_const(added)) {
            m_rowById.insert(t.ticketId, int(m_tickets.size()));
            m_tickets << t;
        }
        endInsertRows();
    }
}

void QueueTableModel::clear()
{
    beginResetModel();
    m_tickets.clear();
    m_rowById.clear();
    endResetModel();
}

void QueueTableModel::tick()
{
    m_now = m_clock.now();
    if (m_tickets.isEmpty())
        return;
    Q_EMIT dataChanged(index(0, WaitingSinceColumn), index(int(m_tickets.size()) - 1, TicketExpiryColumn),
                       {Qt::DisplayRole, Qt::ForegroundRole});
}

void QueueTableModel::rebuildIndex()
{
    m_rowById.clear();
    for (int r = 0; r < m_tickets.size(); ++r)
        m_rowById.insert(m_tickets.at(r).ticketId, r);
}

} // namespace keyright
