// mergePoll(): how a poll's lease listings change the holders table, without a model: the rows
// that go (in runs, last first), the rows that changed and in which columns, the rows that arrive.
// Applying what it says to the rows shown must give exactly the rows listed, with every row the
// poll did not change left as it was.
#include "LeaseTableModel.h"
#include "PollMerge.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);

unsigned bit(LeaseTableModel::Column column)
{
    return 1u << column;
}

LeaseRow lease(const QString &license, int n, qint64 issuedSecondsAgo = 10)
{
    LeaseRow row;
    row.lease.licenseId = license;
    row.lease.seatId = u"%1-%2"_s.arg(license).arg(n, 8, 10, QLatin1Char('0'));
    row.lease.holder = u"user%1@ws-%2"_s.arg(n).arg(n % 7);
    row.lease.generation = quint64(n);
    row.lease.issuedAt = t0.addSecs(-issuedSecondsAgo);
    row.lease.expiresAt = row.lease.issuedAt.addSecs(60);
    row.lease.signature = QByteArray(64, char(n));
    row.live = true;
    row.reapableAt = row.lease.expiresAt.addSecs(15);
    row.signatureValid = true;
    return row;
}

HolderBlock block(const QString &license, const QString &holder, const QDateTime &until)
{
    HolderBlock b;
    b.holder = holder;
    b.until = until;
    b.reason = u"left"_s;
    b.licenseId = license;
    return b;
}

LeaseList listing(const QString &license, const QList<LeaseRow> &rows, const QList<HolderBlock> &blocks = {})
{
    LeaseList list;
    list.licenseId = license;
    list.serverTime = t0;
    list.seatCount = 100;
    list.leases = rows;
    list.blocks = blocks;
    return list;
}

// The rows shown, as LeaseTableModel keeps them: the list and its index by key.
struct Table
{
    QList<HolderRow> rows;
    QHash<QString, int> index;

    void reindex()
    {
        index.clear();
        for (int r = 0; r < rows.size(); ++r)
            index.insert(rows.at(r).key, r);
    }

    // Applies a merge as LeaseTableModel::applyPoll does; false when it names a row that is not there.
    bool apply(PollMerge merge)
    {
        int previousFirst = int(rows.size());
        for (const auto &[first, last] : std::as_const(merge.removals)) {
            if (first > last || last >= previousFirst || first < 0)
                return false; // not last run first, or out of range
            rows.remove(first, last - first + 1);
            previousFirst = first;
        }
        for (PollMerge::Change &change : merge.changes) {
            if (change.row < 0 || change.row >= rows.size() || rows.at(change.row).key != change.next.key)
                return false;
            rows[change.row] = std::move(change.next);
        }
        for (HolderRow &row : merge.additions)
            rows.append(std::move(row));
        reindex();
        return true;
    }

    QStringList keys() const
    {
        QStringList k;
        for (const HolderRow &row : rows)
            k << row.key;
        return k;
    }
};

QStringList keysOf(const QList<HolderRow> &rows)
{
    QStringList k;
    for (const HolderRow &row : rows)
        k << row.key;
    return k;
}

} // namespace

class TestPollMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aFirstPollAddsEveryRowInTheServersOrder();
    void aPollThatChangedNothingSaysNothing();
    void aRenewalChangesItsTimeColumnsAndKeepsHeldSince();
    void rowsThatWentGoInRunsLastFirst();
    void otherLicensesAreLeftAlone();
    void aLeaseThatLapsedChangesItsState();
    void aBlockIsARowOfItsOwn();
    void randomPollsAlwaysEndAsListed();
};

void TestPollMerge::aFirstPollAddsEveryRowInTheServersOrder()
{
    const HolderBlock blocked = block(u"cad"_s, u"eve@ws-9"_s, t0.addSecs(600));
    const LeaseList list = listing(u"cad"_s, {lease(u"cad"_s, 2), lease(u"cad"_s, 1, 30)}, {blocked});
    QHash<QString, QDateTime> grants;
    grants.insert(list.leases.at(1).lease.seatId, t0.addSecs(-3600)); // the events know this grant
    const PollMerge merge = mergePoll({}, {}, {list}, grants, t0);
    QVERIFY(merge.removals.isEmpty());
    QVERIFY(merge.changes.isEmpty());
    QCOMPARE(keysOf(merge.additions),
             (QStringList {list.leases.at(0).lease.seatId, list.leases.at(1).lease.seatId, u"block/cad/eve@ws-9"_s}));
    // Held since: the grant when the events have it, else the lease's own issuedAt (not exact).
    QCOMPARE(merge.additions.at(0).heldSince, list.leases.at(0).lease.issuedAt);
    QVERIFY(!merge.additions.at(0).heldSinceExact);
    QCOMPARE(merge.additions.at(1).heldSince, t0.addSecs(-3600));
    QVERIFY(merge.additions.at(1).heldSinceExact);
    QCOMPARE(merge.additions.at(2).kind, HolderRow::Kind::Block);
    QCOMPARE(merge.additions.at(2).holder(), u"eve@ws-9"_s);
}

void TestPollMerge::aPollThatChangedNothingSaysNothing()
{
    const LeaseList list = listing(u"cad"_s, {lease(u"cad"_s, 1), lease(u"cad"_s, 2)});
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {list}, {}, t0)));
    QVERIFY(mergePoll(table.rows, table.index, {list}, {}, t0).isEmpty());
    // Nor does a listing of no license at all.
    QVERIFY(mergePoll(table.rows, table.index, {}, {}, t0).isEmpty());
}

void TestPollMerge::aRenewalChangesItsTimeColumnsAndKeepsHeldSince()
{
    LeaseList list = listing(u"cad"_s, {lease(u"cad"_s, 1), lease(u"cad"_s, 2), lease(u"cad"_s, 3)});
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {list}, {}, t0)));
    const QDateTime heldSince = table.rows.at(1).heldSince;

    list.leases[1].lease.issuedAt = t0;
    list.leases[1].lease.expiresAt = t0.addSecs(60);
    list.leases[1].lease.signature = QByteArray(64, 'x');
    const PollMerge merge = mergePoll(table.rows, table.index, {list}, {}, t0.addSecs(20));
    QVERIFY(merge.removals.isEmpty());
    QVERIFY(merge.additions.isEmpty());
    QCOMPARE(merge.changes.size(), 1);
    QCOMPARE(merge.changes.at(0).row, 1);
    QCOMPARE(merge.changes.at(0).columns,
             bit(LeaseTableModel::ExpiresAtColumn) | bit(LeaseTableModel::CountdownColumn)
                 | bit(LeaseTableModel::SignatureColumn));
    // A renewal is the same seat held on: the row keeps the time it was first seen.
    QCOMPARE(merge.changes.at(0).next.heldSince, heldSince);
    QCOMPARE(merge.changes.at(0).next.lease.lease.expiresAt, t0.addSecs(60));
}

void TestPollMerge::rowsThatWentGoInRunsLastFirst()
{
    QList<LeaseRow> six;
    for (int n = 1; n <= 6; ++n)
        six << lease(u"cad"_s, n);
    LeaseList list = listing(u"cad"_s, six);
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {list}, {}, t0)));

    // Seats 2, 3 and 5 go; 6 is renewed; 7 arrives.
    list.leases = {six.at(0), six.at(3), six.at(5), lease(u"cad"_s, 7)};
    list.leases[2].lease.expiresAt = t0.addSecs(90);
    const PollMerge merge = mergePoll(table.rows, table.index, {list}, {}, t0);
    QCOMPARE(merge.removals, (QList<std::pair<int, int>> {{4, 4}, {1, 2}}));
    QCOMPARE(merge.changes.size(), 1);
    QCOMPARE(merge.changes.at(0).row, 2); // seat 6, numbered as once 2, 3 and 5 are gone
    QCOMPARE(merge.changes.at(0).next.key, six.at(5).lease.seatId);
    QCOMPARE(keysOf(merge.additions), QStringList {list.leases.at(3).lease.seatId});
    QVERIFY(table.apply(merge));
    QCOMPARE(table.keys(),
             (QStringList {six.at(0).lease.seatId, six.at(3).lease.seatId, six.at(5).lease.seatId,
                           list.leases.at(3).lease.seatId}));
}

void TestPollMerge::otherLicensesAreLeftAlone()
{
    const LeaseList cad = listing(u"cad"_s, {lease(u"cad"_s, 1), lease(u"cad"_s, 2)});
    LeaseList farm = listing(u"farm"_s, {lease(u"farm"_s, 1), lease(u"farm"_s, 2)});
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {cad, farm}, {}, t0)));
    QCOMPARE(table.rows.size(), 4);

    // Only farm is listed this time, without its second seat: cad's rows are not its business.
    farm.leases.removeLast();
    const PollMerge merge = mergePoll(table.rows, table.index, {farm}, {}, t0);
    QCOMPARE(merge.removals, (QList<std::pair<int, int>> {{3, 3}}));
    QVERIFY(merge.changes.isEmpty());
    QVERIFY(merge.additions.isEmpty());
    QVERIFY(table.apply(merge));
    QCOMPARE(
        table.keys(),
        (QStringList {cad.leases.at(0).lease.seatId, cad.leases.at(1).lease.seatId, farm.leases.at(0).lease.seatId}));
    // An empty listing of a license empties its rows, and only its rows.
    QVERIFY(table.apply(mergePoll(table.rows, table.index, {listing(u"cad"_s, {})}, {}, t0)));
    QCOMPARE(table.keys(), QStringList {farm.leases.at(0).lease.seatId});
}

void TestPollMerge::aLeaseThatLapsedChangesItsState()
{
    LeaseList list = listing(u"cad"_s, {lease(u"cad"_s, 1)});
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {list}, {}, t0)));
    list.leases[0].live = false;
    const PollMerge merge = mergePoll(table.rows, table.index, {list}, {}, t0);
    QCOMPARE(merge.changes.size(), 1);
    // Without seat rules, "counts against" says nothing either way: only the state changed.
    QCOMPARE(merge.changes.at(0).columns, bit(LeaseTableModel::StateColumn));

    // Under rules, what the seat counts against changes with it.
    SeatRules rules;
    rules.reserve = {{u"render"_s, 1}};
    list.rules = rules;
    list.groups = {{u"render"_s, {u"*@ws-1"_s}}};
    list.leases[0].live = true;
    Table ruled;
    QVERIFY(ruled.apply(mergePoll({}, {}, {list}, {}, t0)));
    QCOMPARE(ruled.rows.at(0).reservation, u"render"_s);
    list.leases[0].live = false;
    const PollMerge lapsed = mergePoll(ruled.rows, ruled.index, {list}, {}, t0);
    QCOMPARE(lapsed.changes.size(), 1);
    QCOMPARE(lapsed.changes.at(0).columns,
             bit(LeaseTableModel::StateColumn) | bit(LeaseTableModel::CountsAgainstColumn));
    QCOMPARE(lapsed.changes.at(0).next.reservation, QString());
}

void TestPollMerge::aBlockIsARowOfItsOwn()
{
    const HolderBlock blocked = block(u"cad"_s, u"eve@ws-9"_s, t0.addSecs(600));
    LeaseList list = listing(u"cad"_s, {lease(u"cad"_s, 1)}, {blocked});
    Table table;
    QVERIFY(table.apply(mergePoll({}, {}, {list}, {}, t0)));
    list.blocks[0].until = t0.addSecs(1200); // blocked again, for longer
    PollMerge merge = mergePoll(table.rows, table.index, {list}, {}, t0);
    QCOMPARE(merge.changes.size(), 1);
    QCOMPARE(merge.changes.at(0).row, 1);
    QCOMPARE(merge.changes.at(0).columns, bit(LeaseTableModel::CountdownColumn) | bit(LeaseTableModel::StateColumn));
    list.blocks.clear();
    merge = mergePoll(table.rows, table.index, {list}, {}, t0);
    QCOMPARE(merge.removals, (QList<std::pair<int, int>> {{1, 1}}));
}

void TestPollMerge::randomPollsAlwaysEndAsListed()
{
    // Three licenses, 200 polls of random churn (renewals, departures, arrivals, lapses), each
    // listing a random subset of the licenses: after every merge the rows of each license listed
    // are exactly its listing, the others are untouched, and nothing is reported that did not change.
    QRandomGenerator rng(20261130);
    const QStringList licenses {u"cad"_s, u"farm"_s, u"lab"_s};
    QHash<QString, LeaseList> server;
    int next = 1;
    for (const QString &id : licenses) {
        LeaseList list = listing(id, {});
        for (int i = 0; i < 20; ++i)
            list.leases << lease(id, next++);
        server.insert(id, list);
    }
    Table table;
    for (int poll = 0; poll < 200; ++poll) {
        for (LeaseList &list : server) {
            for (int i = 0; i < 3 && !list.leases.isEmpty(); ++i) {
                LeaseRow &row = list.leases[int(rng.bounded(int(list.leases.size())))];
                switch (rng.bounded(3)) {
                case 0:
                    row.lease.expiresAt = row.lease.expiresAt.addSecs(20);
                    break;
                case 1:
                    row.live = !row.live;
                    break;
                default:
                    list.leases.removeAt(int(rng.bounded(int(list.leases.size()))));
                    break;
                }
            }
            for (int i = int(rng.bounded(3)); i > 0; --i)
                list.leases << lease(list.licenseId, next++);
        }
        QList<LeaseList> listed;
        for (const QString &id : licenses) {
            if (poll == 0 || rng.bounded(2) == 0)
                listed << server.value(id);
        }
        const Table before = table;
        const PollMerge merge = mergePoll(table.rows, table.index, listed, {}, t0);
        for (const PollMerge::Change &change : merge.changes)
            QVERIFY(change.columns != 0);
        QVERIFY2(table.apply(merge), qPrintable(u"poll %1"_s.arg(poll)));

        QSet<QString> covered;
        for (const LeaseList &list : std::as_const(listed)) {
            covered.insert(list.licenseId);
            QStringList shown;
            for (const HolderRow &row : std::as_const(table.rows)) {
                if (row.licenseId == list.licenseId)
                    shown << row.key;
            }
            QStringList expected = keysOf(holderRowsOf(list, t0));
            shown.sort();
            expected.sort();
            QCOMPARE(shown, expected);
            for (const LeaseRow &row : list.leases) {
                const HolderRow &shownRow = table.rows.at(table.index.value(row.lease.seatId));
                QCOMPARE(shownRow.lease, row);
            }
        }
        for (const HolderRow &row : std::as_const(before.rows)) {
            if (covered.contains(row.licenseId))
                continue;
            QVERIFY(table.index.contains(row.key));
            QCOMPARE(table.rows.at(table.index.value(row.key)).lease, row.lease);
        }
    }
}

QTEST_GUILESS_MAIN(TestPollMerge)
#include "tst_pollmerge.moc"
