#pragma once

#include "HolderRow.h"
#include "LicenseDetails.h"
#include "wire/LeaseList.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <utility>

namespace keyright {

// How one poll's lease listings change the holders table, decided without a model: which rows
// go, which stay but changed (and in which columns), which arrive. LeaseTableModel applies it as
// removed runs, dataChanged over the changed cells and inserted rows; the decision itself is here,
// a pure function of the rows shown and the listings (tests/models/tst_pollmerge).
struct PollMerge
{
    // Rows of the licenses listed that the listings no longer have, as runs [first, last] in the
    // current numbering, last run first: removed in this order, earlier numbers stay valid.
    QList<std::pair<int, int>> removals;
    // Rows that stay but changed, numbered as after the removals, in ascending order. `columns`
    // has a bit per LeaseTableModel::Column that differs; `row` keeps the first-seen time.
    struct Change
    {
        int row = 0;
        unsigned columns = 0;
        HolderRow next;
    };
    QList<Change> changes;
    // Rows the table does not have yet, in the server's order, appended after the rows that stay.
    QList<HolderRow> additions;

    bool isEmpty() const { return removals.isEmpty() && changes.isEmpty() && additions.isEmpty(); }
};

// The merge of `lists` into the rows shown (`current`, indexed by key in `rowByKey`): only the
// licenses listed are touched. A new lease row is held since its grant when `grants` knows it
// (from the events), else since its issuedAt. `now` stands in for a listing without a server time.
PollMerge mergePoll(const QList<HolderRow> &current, const QHash<QString, int> &rowByKey, const QList<LeaseList> &lists,
                    const QHash<QString, QDateTime> &grants, const QDateTime &now);

// The rows of one listing in the server's order (leases, then blocks): for each live lease under
// seat rules, the reservation it counts against and the caps of its groups.
QList<HolderRow> holderRowsOf(const LeaseList &list, const QDateTime &now);

// What one listing says beyond its rows, its seats split by seatUsage() over the leases the server
// counted (its `live` flag, decided on its clock).
LicenseDetails licenseDetailsOf(const LeaseList &list, const QDateTime &now);

} // namespace keyright
