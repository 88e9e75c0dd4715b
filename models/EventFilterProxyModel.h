#pragma once

#include "DenialFolding.h"
#include "EventLogModel.h"
#include "wire/EventKind.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSet>
#include <QSortFilterProxyModel>

#include <optional>

namespace keyright {

// The Events view's filters over an EventLogModel: license, holder (part of the name, any case),
// kinds, and a time range. An empty filter lets everything through. Runs of identical denials of
// one holder show as one row (DenialFolding) that says how many attempts it stands for.
//
// A folded row shows the last attempt of its run (its time, its detail, its seq), but it is
// mapped to the run's first attempt: that one never changes while the run grows, so the row keeps
// its persistent index, and with it the view's selection and current row, when the next attempt
// comes (the way the Seats page keeps a selected seat across polls). Sorted by time, a run sorts
// by its last attempt, unless it is held (setHeldRuns), which keeps its place.
class EventFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventFilterProxyModel)

public:
    enum Role {
        // How many attempts the row stands for (int).
        FoldCountRole = EventLogModel::SortRole + 1,
    };

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
    // The source row of the event the row shows: the last attempt of a folded run.
    int eventRow(const QModelIndex &index) const;
    // The row that shows the event at `sourceRow`: its own, or that of the run it was folded into.
    QModelIndex indexOfEvent(int sourceRow) const;
    // "denied ×13": the Kind column of a folded row (the delegate elides the kind, never the count).
    static QString foldedKind(const QString &kind, int count);

    // The runs that start at the events `firstSeqs` keep their place in the time order while they
    // grow, instead of going to the top with each attempt: the Events page holds the run that is
    // selected and the one under the pointer, so neither jumps away from a person about to click
    // it. Let go, a run that grew takes its place among the newest.
    void setHeldRuns(const QList<qint64> &firstSeqs);
    QList<qint64> heldRuns() const { return m_held.keys(); }

    QString licenseFilter() const { return m_license; }
    QString holderFilter() const { return m_holder; }
    QList<EventKind> kindFilter() const { return m_kinds; }
    QDateTime since() const { return m_since; }
    QDateTime until() const { return m_until; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &sourceLeft, const QModelIndex &sourceRight) const override;

private:
    bool acceptsEvent(int sourceRow) const;
    enum class Change { Appended, Trimmed, Other };
    void refold(Change change, int oldRows);
    // Places the rows of these runs (source rows of their first attempts) by their sort key again.
    void move(const QList<int> &firsts);
    // The source row a row mapped to `sourceRow` shows (the last attempt of its run).
    int leaderOf(int sourceRow) const;
    // False for an attempt folded into the row of its run's first attempt.
    bool startsRun(int sourceRow) const;
    // The seq a row sorts by in the time order.
    qint64 timeKey(int sourceRow) const;
    qint64 unheldTimeKey(int sourceRow) const;

    DenialFolding m_folding;
    // Per source row: the last attempt of the run it starts, or -1 when it is folded into the row
    // of an earlier attempt.
    QList<int> m_leader;
    // The held runs: their first attempt's seq, and the seq they sort by (their last attempt's
    // when they were held).
    QHash<qint64, qint64> m_held;
    // Runs on their way to another place (move()).
    QSet<int> m_moving;
    // Above zero while the proxy filters or sorts its rows again. The views react to the rows
    // that leave and come back (a selection model re-emits its selection) and may ask to hold
    // other runs from inside that change; what they ask is applied once it is over, as a change
    // started inside another one corrupts the proxy's mapping (a crash, walk of issue 23).
    int m_changing = 0;
    std::optional<QList<qint64>> m_pendingHeld;
    class ChangeScope;
    friend class ChangeScope;
    bool m_fold = true;
    QString m_license;
    QString m_holder;
    QList<EventKind> m_kinds;
    QDateTime m_since;
    QDateTime m_until;
};

} // namespace keyright
