#pragma once

#include "DenialFolding.h"
#include "wire/EventKind.h"

#include <QDateTime>
#include <QList>
#include <QSortFilterProxyModel>

namespace keyright {

// The Events view's filters over an EventLogModel: license, holder (part of the name, any case),
// kinds, and a time range. An empty filter lets everything through. Runs of identical denials of
// one holder show as one row (DenialFolding) that says how many attempts it stands for.
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
    // On by default; off shows every attempt on its own row.
    void setFoldRepeats(bool fold);
    bool foldsRepeats() const { return m_fold; }

    void setSourceModel(QAbstractItemModel *source) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    // How many events the row stands for (1 unless it folds a run of denials).
    int foldCount(const QModelIndex &index) const;
    // Source rows of the events the filters let through, ascending; with `expandFolded` every
    // attempt of a folded run too (an export keeps them all).
    QList<int> acceptedSourceRows(bool expandFolded) const;

    QString licenseFilter() const { return m_license; }
    QString holderFilter() const { return m_holder; }
    QList<EventKind> kindFilter() const { return m_kinds; }
    QDateTime since() const { return m_since; }
    QDateTime until() const { return m_until; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool acceptsEvent(int sourceRow) const;
    void refold(bool appended, int oldRows);

    DenialFolding m_folding;
    bool m_fold = true;
    QString m_license;
    QString m_holder;
    QList<EventKind> m_kinds;
    QDateTime m_since;
    QDateTime m_until;
};

} // namespace keyright
