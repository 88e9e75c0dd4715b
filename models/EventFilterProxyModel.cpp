#include "EventFilterProxyModel.h"

#include "EventLogModel.h"

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
    const auto *log = qobject_cast<const EventLogModel *>(sourceModel());
    if (!log || sourceParent.isValid())
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

} // namespace keyright
