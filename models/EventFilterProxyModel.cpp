#include "EventFilterProxyModel.h"

#include "EventLogModel.h"
#include "LeaseTableModel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace keyright {

EventFilterProxyModel::EventFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(EventLogModel::SortRole);
}

EventFilterProxyModel::~EventFilterProxyModel() = default;

void EventFilterProxyModel::setLicenseFilter(const QString &licenseId)
{
    if (m_license == licenseId)
        return;
    m_license = licenseId;
    invalidateRowsFilter();
}

void EventFilterProxyModel::setHolderFilter(const QString &text)
{
    if (m_holder == text)
        return;
    m_holder = text;
    invalidateRowsFilter();
}

void EventFilterProxyModel::setKindFilter(const QList<EventKind> &kinds)
{
    if (m_kinds == kinds)
        return;
    m_kinds = kinds;
    invalidateRowsFilter();
}

void EventFilterProxyModel::setTimeRange(const QDateTime &since, const QDateTime &until)
{
    if (m_since == since && m_until == until)
        return;
    m_since = since;
    m_until = until;
    invalidateRowsFilter();
}

bool EventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    if (m_fold && !m_folding.isShown(sourceRow))
        return false;
    return acceptsEvent(sourceRow);
}

bool EventFilterProxyModel::acceptsEvent(int sourceRow) const
{
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    if (!log || sourceRow < 0 || sourceRow >= log->rowCount())
        return false;
    const EventRecord &e = log->eventAt(sourceRow);
    if (!m_license.isEmpty() && e.licenseId != m_license)
        return false;
    if (!m_holder.isEmpty() && !e.holder.contains(m_holder, Qt::CaseInsensitive))
        return false;
    if (!m_kinds.isEmpty() && !m_kinds.contains(e.kind))
        return false;
    if (m_since.isValid() && e.time < m_since)
        return false;
    if (m_until.isValid() && e.time > m_until)
        return false;
    return true;
}

void EventFilterProxyModel::setFoldRepeats(bool fold)
{
    if (m_fold == fold)
        return;
    m_fold = fold;
    invalidateRowsFilter();
}

void EventFilterProxyModel::setSourceModel(QAbstractItemModel *source)
{
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    QSortFilterProxyModel::setSourceModel(source);
    refold(false, 0);
    if (!source)
        return;
    // Connected after the base class, so these run once it has placed the new rows.
    connect(source, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
        const int before = sourceModel()->rowCount() - (last - first + 1);
        refold(first == before, before);
    });
    connect(source, &QAbstractItemModel::rowsRemoved, this, [this] { refold(false, 0); });
    connect(source, &QAbstractItemModel::modelReset, this, [this] { refold(false, 0); });
}

void EventFilterProxyModel::refold(bool appended, int oldRows)
{
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    DenialFolding next = log ? DenialFolding(log->events()) : DenialFolding();
    // New events at the end were filtered with the old folding, where they stood alone; only a
    // row that now folds into a newer one needs the filter run again. Anything else moved rows.
    bool changed = !appended;
    if (appended) {
        for (int r = 0; r < oldRows && !changed; ++r)
            changed = m_folding.isShown(r) != next.isShown(r);
        const int rows = log ? log->rowCount() : 0;
        for (int r = oldRows; r < rows && !changed; ++r)
            changed = !next.isShown(r);
    }
    m_folding = std::move(next);
    if (changed && m_fold)
        invalidateRowsFilter();
    else if (m_fold && rowCount() > 0) // a leader's count may have grown
        Q_EMIT dataChanged(index(0, EventLogModel::DetailColumn), index(rowCount() - 1, EventLogModel::DetailColumn),
                           {Qt::DisplayRole});
}

int EventFilterProxyModel::foldCount(const QModelIndex &index) const
{
    if (!index.isValid() || !m_fold)
        return 1;
    return m_folding.count(mapToSource(index).row());
}

QVariant EventFilterProxyModel::data(const QModelIndex &index, int role) const
{
    const int count = foldCount(index);
    if (count > 1 && (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        && (index.column() == EventLogModel::DetailColumn || index.column() == EventLogModel::KindColumn)) {
        const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
        const int row = mapToSource(index).row();
        const QDateTime first = log->eventAt(int(m_folding.firstOf(row))).time.toLocalTime();
        const QDateTime last = log->eventAt(row).time.toLocalTime();
        // The times of day; with their dates when the run spans midnight (the row's Time column
        // has the first one's date).
        const bool oneDay = first.date() == last.date();
        const QString span = tr("%n attempts, %1 to %2", nullptr, count)
                                 .arg(LeaseTableModel::formatTime(first, oneDay ? first : QDateTime()),
                                      LeaseTableModel::formatTime(last, oneDay ? last : QDateTime()));
        if (index.column() == EventLogModel::KindColumn)
            return role == Qt::DisplayRole
                ? tr("%1 ×%2").arg(QSortFilterProxyModel::data(index, role).toString()).arg(count)
                : QVariant(span);
        const QString detail = QSortFilterProxyModel::data(index, role).toString();
        return detail.isEmpty() ? span : span + u" · "_s + detail;
    }
    return QSortFilterProxyModel::data(index, role);
}

QList<int> EventFilterProxyModel::acceptedSourceRows(bool expandFolded) const
{
    QList<int> rows;
    const int count = sourceModel() ? sourceModel()->rowCount() : 0;
    for (int r = 0; r < count; ++r) {
        if ((expandFolded || !m_fold || m_folding.isShown(r)) && acceptsEvent(r))
            rows << r;
    }
    return rows;
}

} // namespace keyright
