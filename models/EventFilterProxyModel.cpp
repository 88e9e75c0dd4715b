#include "EventFilterProxyModel.h"

#include "EventLogModel.h"
#include "LeaseTableModel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace keyright {

// Marks a change of the proxy's rows; the last one to end applies the held runs asked for during it.
class EventFilterProxyModel::ChangeScope
{
public:
    explicit ChangeScope(EventFilterProxyModel &proxy)
        : m_proxy(proxy)
    {
        ++m_proxy.m_changing;
    }
    ~ChangeScope()
    {
        if (--m_proxy.m_changing > 0 || !m_proxy.m_pendingHeld)
            return;
        const QList<qint64> runs = *std::exchange(m_proxy.m_pendingHeld, std::nullopt);
        m_proxy.setHeldRuns(runs);
    }
    Q_DISABLE_COPY_MOVE(ChangeScope)

private:
    EventFilterProxyModel &m_proxy;
};

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
    const ChangeScope scope(*this);
    invalidateRowsFilter();
}

void EventFilterProxyModel::setHolderFilter(const QString &text)
{
    if (m_holder == text)
        return;
    m_holder = text;
    const ChangeScope scope(*this);
    invalidateRowsFilter();
}

void EventFilterProxyModel::setKindFilter(const QList<EventKind> &kinds)
{
    if (m_kinds == kinds)
        return;
    m_kinds = kinds;
    const ChangeScope scope(*this);
    invalidateRowsFilter();
}

void EventFilterProxyModel::setTimeRange(const QDateTime &since, const QDateTime &until)
{
    if (m_since == since && m_until == until)
        return;
    m_since = since;
    m_until = until;
    const ChangeScope scope(*this);
    invalidateRowsFilter();
}

bool EventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    if (m_fold && (!startsRun(sourceRow) || m_moving.contains(sourceRow)))
        return false;
    return acceptsEvent(leaderOf(sourceRow));
}

void EventFilterProxyModel::move(const QList<int> &firsts)
{
    // Out and in again, the row is placed by its new key: sorting the whole table again
    // (invalidate()) took five times as long, at each poll that brought a retry. A row a view holds
    // on to (its current row, one under the pointer) would lose its persistent index that way, so
    // for such a row the whole table is sorted again after all.
    if (firsts.isEmpty())
        return;
    const ChangeScope scope(*this);
    const QModelIndexList kept = persistentIndexList();
    for (int first : firsts) {
        const int row = mapFromSource(sourceModel()->index(first, 0)).row();
        for (const QModelIndex &index : kept) {
            if (row >= 0 && index.row() == row) {
                invalidate();
                return;
            }
        }
    }
    m_moving = QSet<int>(firsts.cbegin(), firsts.cend());
    invalidateRowsFilter();
    m_moving.clear();
    invalidateRowsFilter();
}

bool EventFilterProxyModel::startsRun(int sourceRow) const
{
    // A row the folding does not know yet (just appended, refold() comes next) stands alone.
    return sourceRow < 0 || sourceRow >= m_leader.size() || m_leader.at(sourceRow) >= 0;
}

int EventFilterProxyModel::leaderOf(int sourceRow) const
{
    if (!m_fold || sourceRow < 0 || sourceRow >= m_leader.size())
        return sourceRow;
    const int leader = m_leader.at(sourceRow);
    const int rows = sourceModel() ? sourceModel()->rowCount() : 0;
    return leader >= 0 && leader < rows ? leader : sourceRow;
}

qint64 EventFilterProxyModel::unheldTimeKey(int sourceRow) const
{
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    const int row = leaderOf(sourceRow);
    return log && row >= 0 && row < log->rowCount() ? log->eventAt(row).seq : 0;
}

qint64 EventFilterProxyModel::timeKey(int sourceRow) const
{
    if (!m_held.isEmpty()) {
        const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
        if (log && sourceRow >= 0 && sourceRow < log->rowCount()) {
            const auto held = m_held.constFind(log->eventAt(sourceRow).seq);
            if (held != m_held.cend())
                return *held;
        }
    }
    return unheldTimeKey(sourceRow);
}

bool EventFilterProxyModel::lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const
{
    // The time column sorts by seq, a folded row by its last attempt's (the held run by the one it
    // had when it was held); every other column by what the row shows.
    if (sourceLeft.column() == EventLogModel::TimeColumn)
        return timeKey(sourceLeft.row()) < timeKey(sourceRight.row());
    const QAbstractItemModel *source = sourceModel();
    return QSortFilterProxyModel::lessThan(source->index(leaderOf(sourceLeft.row()), sourceLeft.column()),
                                           source->index(leaderOf(sourceRight.row()), sourceRight.column()));
}

void EventFilterProxyModel::setHeldRuns(const QList<qint64> &firstSeqs)
{
    if (m_changing > 0) {
        m_pendingHeld = firstSeqs;
        return;
    }
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    QHash<qint64, qint64> held;
    for (qint64 seq : firstSeqs) {
        const int row = log && seq != 0 ? log->rowOfSeq(seq) : -1;
        if (row >= 0)
            held.insert(seq, m_held.value(seq, unheldTimeKey(row)));
    }
    if (held == m_held)
        return;
    // A run let go that grew while held goes where its last attempt sorts.
    QList<int> moving;
    for (auto it = m_held.cbegin(); it != m_held.cend(); ++it) {
        const int row = log && !held.contains(it.key()) ? log->rowOfSeq(it.key()) : -1;
        if (row >= 0 && unheldTimeKey(row) != it.value())
            moving << row;
    }
    m_held = std::move(held);
    if (m_fold && sortColumn() == EventLogModel::TimeColumn)
        move(moving);
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
    const ChangeScope scope(*this);
    invalidate(); // a folded row shows its last attempt and sorts by it
}

void EventFilterProxyModel::setSourceModel(QAbstractItemModel *source)
{
    if (sourceModel())
        disconnect(sourceModel(), nullptr, this, nullptr);
    QSortFilterProxyModel::setSourceModel(source);
    refold(Change::Other, 0);
    if (!source)
        return;
    // Connected after the base class, so these run once it has placed the new rows.
    connect(source, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &, int first, int last) {
        const int before = sourceModel()->rowCount() - (last - first + 1);
        refold(first == before ? Change::Appended : Change::Other, before);
    });
    connect(source, &QAbstractItemModel::rowsRemoved, this, [this] { refold(Change::Trimmed, 0); });
    connect(source, &QAbstractItemModel::modelReset, this, [this] {
        m_held.clear(); // another server's events: its seqs are not those held
        refold(Change::Other, 0);
    });
}

void EventFilterProxyModel::refold(Change change, int oldRows)
{
    const ChangeScope scope(*this);
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    DenialFolding next = log ? DenialFolding(log->events()) : DenialFolding();
    const int rows = log ? log->rowCount() : 0;
    QList<int> leader(rows, -1);
    for (int r = 0; r < rows; ++r) {
        if (next.isShown(r))
            leader[int(next.firstOf(r))] = r;
    }
    // New events at the end were filtered as rows of their own; those that joined a run leave the
    // table, and the run they joined grew (its row shows the new last attempt). Rows already shown
    // stay, mapped to the same first attempts. The oldest trimmed: a run that lost its first
    // attempt is now mapped to its next one, in the same place (it sorts by its last). Anything
    // else (a backfill) renumbered the rows: everything is filtered and sorted again.
    const bool appended = change == Change::Appended;
    bool joined = false;
    QList<int> grown;
    QSet<int> seen;
    for (int r = oldRows; appended && r < rows; ++r) {
        if (leader.at(r) >= 0)
            continue;
        joined = true;
        // The run's row was placed by its own attempt (a run of new events) or its last one
        // before these: it now sorts by this one.
        const int first = int(next.firstOf(r));
        if (!seen.contains(first)) {
            seen.insert(first);
            grown << first;
        }
    }
    m_folding = std::move(next);
    m_leader = std::move(leader);
    if (!m_fold)
        return;
    if (change == Change::Trimmed) {
        invalidateRowsFilter();
        return;
    }
    if (!appended) {
        if (rows > 0) // emptied, nothing to sort
            invalidate();
        return;
    }
    // The runs that grew go to their last attempt's place, unless held.
    QList<int> moving;
    if (sortColumn() == EventLogModel::TimeColumn) {
        for (int first : std::as_const(grown)) {
            if (!m_held.contains(log->eventAt(first).seq))
                moving << first;
        }
    }
    if (joined || !moving.isEmpty())
        invalidateRowsFilter();
    move(moving);
    for (int first : std::as_const(grown)) {
        const QModelIndex row = mapFromSource(log->index(first, 0));
        if (row.isValid())
            Q_EMIT dataChanged(row, index(row.row(), EventLogModel::ColumnCount - 1));
    }
}

int EventFilterProxyModel::eventRow(const QModelIndex &index) const
{
    return index.isValid() ? leaderOf(mapToSource(index).row()) : -1;
}

QModelIndex EventFilterProxyModel::indexOfEvent(int sourceRow) const
{
    if (!sourceModel() || sourceRow < 0 || sourceRow >= sourceModel()->rowCount())
        return {};
    const int row = m_fold ? int(m_folding.firstOf(sourceRow)) : sourceRow;
    return mapFromSource(sourceModel()->index(row, 0));
}

int EventFilterProxyModel::foldCount(const QModelIndex &index) const
{
    if (!index.isValid() || !m_fold)
        return 1;
    return std::max(1, m_folding.count(eventRow(index)));
}

QString EventFilterProxyModel::foldedKind(const QString &kind, int count)
{
    return tr("%1 ×%2").arg(kind).arg(count);
}

QVariant EventFilterProxyModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !sourceModel())
        return {};
    const int row = eventRow(index);
    const QModelIndex source = sourceModel()->index(row, index.column());
    const int count = foldCount(index);
    if (role == FoldCountRole)
        return count;
    if (count > 1 && (role == Qt::DisplayRole || role == Qt::ToolTipRole)
        && (index.column() == EventLogModel::DetailColumn || index.column() == EventLogModel::KindColumn)) {
        const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
        const QDateTime first = log->eventAt(int(m_folding.firstOf(row))).time.toLocalTime();
        const QDateTime last = log->eventAt(row).time.toLocalTime();
        // The times of day; with their dates when the run spans midnight (the row's Time column
        // has the last one's date).
        const bool oneDay = first.date() == last.date();
        const QString span = tr("%n attempts, %1 to %2", nullptr, count)
                                 .arg(LeaseTableModel::formatTime(first, oneDay ? first : QDateTime()),
                                      LeaseTableModel::formatTime(last, oneDay ? last : QDateTime()));
        if (index.column() == EventLogModel::KindColumn)
            return role == Qt::DisplayRole ? QVariant(foldedKind(source.data(role).toString(), count)) : QVariant(span);
        const QString detail = source.data(role).toString();
        return detail.isEmpty() ? span : span + u" · "_s + detail;
    }
    return source.data(role);
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
