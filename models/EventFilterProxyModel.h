#pragma once

#include "wire/EventKind.h"

#include <QDateTime>
#include <QList>
#include <QSortFilterProxyModel>

namespace keyright {

// The Events view's filters over an EventLogModel: license, holder (part of the name, any case),
// kinds, and a time range. An empty filter lets everything through.
class EventFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventFilterProxyModel)

public:
    explicit EventFilterProxyModel(QObject *parent = nullptr);
    ~EventFilterProxyModel() override;

    void setLicenseFilter(const QString &licenseId);
    void setHolderFilter(const QString &text);
    void setKindFilter(const QList<EventKind> &kinds);
    void setTimeRange(const QDateTime &since, const QDateTime &until);

    QString licenseFilter() const { return m_license; }
    QString holderFilter() const { return m_holder; }
    QList<EventKind> kindFilter() const { return m_kinds; }
    QDateTime since() const { return m_since; }
    QDateTime until() const { return m_until; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_license;
    QString m_holder;
    QList<EventKind> m_kinds;
    QDateTime m_since;
    QDateTime m_until;
};

} // namespace keyright
