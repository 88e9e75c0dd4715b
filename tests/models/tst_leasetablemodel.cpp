#include "HolderSortProxy.h"
#include "LeaseTableModel.h"
#include "ManualClock.h"
#include "ModelSignals.h"
#include "SkewedClock.h"
#include "StatePalette.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);

QString seat(int n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

LeaseRow lease(const QString &license, int n, qint64 expiresInSeconds = 60, bool live = true)
{
    LeaseRow row;
    row.lease.licenseId = license;
    row.lease.seatId = seat(n);
    row.lease.holder = u"user%1@ws"_s.arg(n);
    row.lease.generation = quint64(n);
    row.lease.issuedAt = t0;
    row.lease.expiresAt = t0.addSecs(expiresInSeconds);
    row.lease.signature = QByteArray(64, char(n));
    row.live = live;
    row.reapableAt = row.lease.expiresAt.addSecs(15);
    row.signatureValid = true;
    return row;
}

LeaseList leases(const QString &license, const QList<LeaseRow> &rows, const QList<HolderBlock> &blocks = {})
{
    LeaseList list;
    list.licenseId = license;
    list.serverTime = t0;
    list.seatCount = 10;
    list.leases = rows;
    list.blocks = blocks;
    for (const LeaseRow &r : rows)
        list.inUse += r.live ? 1 : 0;
    return list;
}

QStringList holders(const LeaseTableModel &model)
{
    QStringList result;
    for (int r = 0; r < model.rowCount(); ++r)
        result << model.index(r, LeaseTableModel::HolderColumn).data().toString();
    return result;
}

} // namespace

class TestLeaseTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stateFollowsTheCountdownAndStaleRowsSayTheirAge();
    void holderSortKeyIgnoresRenewals();
    void pollsApplyAsDiffs_data();
    void pollsApplyAsDiffs();
    void otherLicensesAreUntouched();
    void countdownTicksOnItsColumnOnly();
    void countdownFollowsTheServerClock();
    void tickRowsLimitsToVisibleRows();
    void statesAndSignature();
    void blockRowsShowTheBlock();
    void heldSinceComesFromTheGrant();
    void timesOnAnotherDayShowTheirDate_data();
    void timesOnAnotherDayShowTheirDate();
    void proxySelectionSurvivesAPoll();
    void manyScatteredDeparturesAreOneLayoutChange();
    void typedSortAgreesWithTheSortRole();
    void switchingServerResets();
};

void TestLeaseTableModel::pollsApplyAsDiffs_data()
{
    QTest::addColumn<QList<LeaseRow>>("first");
    QTest::addColumn<QList<LeaseRow>>("second");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("holdersAfter");

    const QString l = u"acme"_s;
    const auto r1 = lease(l, 1), r2 = lease(l, 2), r3 = lease(l, 3), r4 = lease(l, 4);
    LeaseRow renewed2 = r2;
    renewed2.lease.issuedAt = t0.addSecs(20);
    renewed2.lease.expiresAt = t0.addSecs(80);
    LeaseRow expired3 = r3;
    expired3.live = false;
    LeaseRow tampered1 = r1;
    tampered1.signatureValid = false;

    QTest::newRow("unchanged poll: nothing emitted") << QList {r1, r2, r3} << QList {r1, r2, r3} << QStringList {}
                                                     << QStringList {u"user1@ws"_s, u"user2@ws"_s, u"user3@ws"_s};
    QTest::newRow("a holder arrives: insert at the end")
        << QList {r1, r2} << QList {r1, r2, r3} << QStringList {u"insert 2-2"_s}
        << QStringList {u"user1@ws"_s, u"user2@ws"_s, u"user3@ws"_s};
    QTest::newRow("a holder leaves from the middle: one remove")
        << QList {r1, r2, r3} << QList {r1, r3} << QStringList {u"remove 1-1"_s}
        << QStringList {u"user1@ws"_s, u"user3@ws"_s};
    QTest::newRow("two adjacent holders leave: one remove of both")
        << QList {r1, r2, r3, r4} << QList {r1, r4} << QStringList {u"remove 1-2"_s}
        << QStringList {u"user1@ws"_s, u"user4@ws"_s};
    QTest::newRow("non-adjacent holders leave: last run first")
        << QList {r1, r2, r3, r4} << QList {r2, r4} << QStringList {u"remove 2-2"_s, u"remove 0-0"_s}
        << QStringList {u"user2@ws"_s, u"user4@ws"_s};
    QTest::newRow("a renewal: expiry and countdown cells of that row")
        << QList {r1, r2, r3} << QList {r1, renewed2, r3} << QStringList {u"change 1,5-1,6"_s}
        << QStringList {u"user1@ws"_s, u"user2@ws"_s, u"user3@ws"_s};
    QTest::newRow("a lease expires: the state cell")
        << QList {r1, r2, r3} << QList {r1, r2, expired3} << QStringList {u"change 2,7-2,7"_s}
        << QStringList {u"user1@ws"_s, u"user2@ws"_s, u"user3@ws"_s};
    QTest::newRow("a signature fails: the signature cell")
        << QList {r1, r2} << QList {tampered1, r2} << QStringList {u"change 0,8-0,8"_s}
        << QStringList {u"user1@ws"_s, u"user2@ws"_s};
    QTest::newRow("adjacent changes merge into one range")
        << QList {r1, r2, r3} << QList {r1, renewed2, expired3} << QStringList {u"change 1,5-2,7"_s}
        << QStringList {u"user1@ws"_s, u"user2@ws"_s, u"user3@ws"_s};
    QTest::newRow("leave, change and arrive in one poll")
        << QList {r1, r2, r3} << QList {renewed2, r3, r4}
        << QStringList {u"remove 0-0"_s, u"change 0,5-0,6"_s, u"insert 2-2"_s}
        << QStringList {u"user2@ws"_s, u"user3@ws"_s, u"user4@ws"_s};
    QTest::newRow("everyone leaves") << QList {r1, r2, r3} << QList<LeaseRow> {} << QStringList {u"remove 0-2"_s}
                                     << QStringList {};
}

void TestLeaseTableModel::pollsApplyAsDiffs()
{
    QFETCH(QList<LeaseRow>, first);
    QFETCH(QList<LeaseRow>, second);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, holdersAfter);

    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(leases(u"acme"_s, first));
    ModelSignals spy(&model);
    model.applyLeases(leases(u"acme"_s, second));
    QCOMPARE(spy.log, expected);
    QCOMPARE(holders(model), holdersAfter);
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOfKey(model.rowAt(r).key), r);
}

void TestLeaseTableModel::otherLicensesAreUntouched()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyPoll({leases(u"a"_s, {lease(u"a"_s, 1), lease(u"a"_s, 2)}), leases(u"b"_s, {lease(u"b"_s, 3)})});
    QCOMPARE(model.rowCount(), 3);
    ModelSignals spy(&model);
    model.applyLeases(leases(u"b"_s, {}));
    QCOMPARE(spy.log, QStringList {u"remove 2-2"_s});
    QCOMPARE(holders(model), (QStringList {u"user1@ws"_s, u"user2@ws"_s}));

    spy.log.clear();
    model.retainLicenses({u"b"_s});
    QCOMPARE(spy.log, QStringList {u"remove 0-1"_s});
    QCOMPARE(model.rowCount(), 0);
}

void TestLeaseTableModel::countdownTicksOnItsColumnOnly()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1, 60), lease(u"acme"_s, 2, 30)}));
    QCOMPARE(model.index(0, LeaseTableModel::CountdownColumn).data().toString(), u"1m 00s"_s);
    QCOMPARE(model.index(1, LeaseTableModel::CountdownColumn).data().toString(), u"30s"_s);

    ModelSignals spy(&model);
    clock.advance(1s);
    model.tick();
    // The countdown and the idle time (column 10) move with the clock; nothing else.
    QCOMPARE(spy.log, (QStringList {u"change 0,6-1,6"_s, u"change 0,10-1,10"_s}));
    QCOMPARE(model.index(0, LeaseTableModel::CountdownColumn).data().toString(), u"59s"_s);
    QCOMPARE(model.index(1, LeaseTableModel::CountdownColumn).data().toString(), u"29s"_s);

    clock.advance(35s);
    model.tick();
    QCOMPARE(model.index(1, LeaseTableModel::CountdownColumn).data().toString(), u"expired 6s ago"_s);
    QVERIFY(model.index(1, LeaseTableModel::CountdownColumn).data(Qt::ForegroundRole).isValid());
}

void TestLeaseTableModel::countdownFollowsTheServerClock()
{
    // The model reads whatever clock it is given: the dashboard hands it the local clock corrected
    // by the measured offset, so a local clock 40 s slow still shows the server's countdown.
    ManualClock local(t0.addSecs(-40));
    SkewedClock server(local, 40s);
    LeaseTableModel model(server);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1, 60)}));
    QCOMPARE(model.index(0, LeaseTableModel::CountdownColumn).data().toString(), u"1m 00s"_s);
}

void TestLeaseTableModel::tickRowsLimitsToVisibleRows()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<LeaseRow> rows;
    for (int i = 1; i <= 10; ++i)
        rows << lease(u"acme"_s, i);
    model.applyLeases(leases(u"acme"_s, rows));
    ModelSignals spy(&model);
    model.tickRows({7, 2, 3, 4, 99, 3});
    QCOMPARE(spy.log,
             (QStringList {u"change 2,6-4,6"_s, u"change 2,10-4,10"_s, u"change 7,6-7,6"_s, u"change 7,10-7,10"_s}));
}

void TestLeaseTableModel::statesAndSignature()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    LeaseRow bad = lease(u"acme"_s, 2, -10, false);
    bad.signatureValid = false;
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1), bad}));
    QCOMPARE(model.index(0, LeaseTableModel::StateColumn).data().toString(), u"live"_s);
    QCOMPARE(model.index(1, LeaseTableModel::StateColumn).data().toString(), u"expired, awaiting reap"_s);
    QCOMPARE(model.index(0, LeaseTableModel::SignatureColumn).data(LeaseTableModel::SignatureValidRole).toBool(), true);
    QCOMPARE(model.index(1, LeaseTableModel::SignatureColumn).data(LeaseTableModel::SignatureValidRole).toBool(),
             false);
    QCOMPARE(model.index(1, LeaseTableModel::SignatureColumn).data(Qt::ForegroundRole).value<QBrush>().color(),
             QColor(0xc6, 0x28, 0x28));
    QCOMPARE(model.index(0, LeaseTableModel::SeatColumn).data().toString(), seat(1).left(8));
    QCOMPARE(model.index(0, LeaseTableModel::SeatColumn).data(Qt::ToolTipRole).toString(), seat(1));
}

void TestLeaseTableModel::blockRowsShowTheBlock()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(
        leases(u"acme"_s, {lease(u"acme"_s, 1)}, {{u"mallory@ws"_s, t0.addSecs(600), u"abuse"_s, u"acme"_s}}));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, LeaseTableModel::HolderColumn).data().toString(), u"mallory@ws"_s);
    QCOMPARE(model.index(1, LeaseTableModel::StateColumn).data().toString(), u"blocked"_s);
    QCOMPARE(model.index(1, LeaseTableModel::StateColumn).data(LeaseTableModel::StateRole).toInt(),
             int(LeaseTableModel::HolderState::Blocked));
    QCOMPARE(model.index(1, LeaseTableModel::CountdownColumn).data().toString(), u"10m 00s left"_s);
    QVERIFY(model.index(1, LeaseTableModel::StateColumn).data(Qt::ToolTipRole).toString().contains(u"abuse"_s));
    QVERIFY(model.index(1, LeaseTableModel::SeatColumn).data(LeaseTableModel::SeatIdRole).toString().isEmpty());

    ModelSignals spy(&model);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1)}));
    QCOMPARE(spy.log, QStringList {u"remove 1-1"_s});
}

void TestLeaseTableModel::heldSinceComesFromTheGrant()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.noteGrant(seat(2), t0.addSecs(-3600));
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1), lease(u"acme"_s, 2)}));
    QCOMPARE(model.rowAt(1).heldSince, t0.addSecs(-3600));
    QVERIFY(model.rowAt(1).heldSinceExact);
    QCOMPARE(model.rowAt(0).heldSince, t0); // its earliest issuedAt, until a grant is known
    QVERIFY(!model.rowAt(0).heldSinceExact);

    ModelSignals spy(&model);
    model.noteGrant(seat(1), t0.addSecs(-60));
    QCOMPARE(spy.log, QStringList {u"change 0,4-0,4"_s});
    // A renewal moves issuedAt but not the moment the seat was taken.
    LeaseRow renewed = lease(u"acme"_s, 1);
    renewed.lease.issuedAt = t0.addSecs(20);
    renewed.lease.expiresAt = t0.addSecs(80);
    model.applyLeases(leases(u"acme"_s, {renewed, lease(u"acme"_s, 2)}));
    QCOMPARE(model.rowAt(0).heldSince, t0.addSecs(-60));
}

void TestLeaseTableModel::timesOnAnotherDayShowTheirDate_data()
{
    QTest::addColumn<QDateTime>("heldSince");
    QTest::addColumn<QString>("shown");

    // Local times: the cells show the viewer's wall clock.
    QTest::newRow("earlier today: the time alone")
        << QDateTime(QDate(2026, 11, 30), QTime(8, 5, 9), Qt::LocalTime) << u"08:05:09"_s;
    QTest::newRow("yesterday: short date and time")
        << QDateTime(QDate(2026, 11, 29), QTime(23, 40, 2), Qt::LocalTime) << u"29 Nov 23:40"_s;
    QTest::newRow("last month") << QDateTime(QDate(2026, 10, 3), QTime(7, 0), Qt::LocalTime) << u"3 Oct 07:00"_s;
    QTest::newRow("last year: the year too")
        << QDateTime(QDate(2025, 12, 31), QTime(18, 30), Qt::LocalTime) << u"31 Dec 2025 18:30"_s;
}

void TestLeaseTableModel::timesOnAnotherDayShowTheirDate()
{
    QFETCH(QDateTime, heldSince);
    QFETCH(QString, shown);
    const QLocale previous;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    const QDateTime now(QDate(2026, 11, 30), QTime(10, 0), Qt::LocalTime);
    ManualClock clock(now);
    LeaseTableModel model(clock);
    LeaseRow row = lease(u"acme"_s, 1);
    row.lease.issuedAt = heldSince;
    row.lease.expiresAt = now.addSecs(60);
    model.applyLeases(leases(u"acme"_s, {row}));
    const QModelIndex cell = model.index(0, LeaseTableModel::HeldSinceColumn);
    QCOMPARE(cell.data().toString(), shown);
    // The tooltip keeps the whole moment, date and seconds included.
    QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(heldSince.toString(u"yyyy-MM-dd HH:mm:ss"_s)),
             qPrintable(cell.data(Qt::ToolTipRole).toString()));
    QLocale::setDefault(previous);
}

void TestLeaseTableModel::proxySelectionSurvivesAPoll()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(LeaseTableModel::SortRole);
    proxy.sort(LeaseTableModel::HolderColumn, Qt::DescendingOrder);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1), lease(u"acme"_s, 2), lease(u"acme"_s, 3)}));
    QPersistentModelIndex selected = proxy.index(1, 0); // user2
    QCOMPARE(selected.data().toString(), u"user2@ws"_s);
    LeaseRow renewed2 = lease(u"acme"_s, 2, 80);
    model.applyLeases(leases(u"acme"_s, {renewed2, lease(u"acme"_s, 3), lease(u"acme"_s, 4)}));
    QVERIFY(selected.isValid());
    QCOMPARE(selected.data().toString(), u"user2@ws"_s);
    QCOMPARE(proxy.index(0, 0).data().toString(), u"user4@ws"_s);
}

void TestLeaseTableModel::manyScatteredDeparturesAreOneLayoutChange()
{
    // A large server's poll: every other holder of 60 leaves (30 runs), one renews, two arrive.
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(LeaseTableModel::SortRole);
    proxy.sort(LeaseTableModel::HolderColumn, Qt::DescendingOrder);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<LeaseRow> first;
    for (int n = 1; n <= 60; ++n)
        first << lease(u"acme"_s, n);
    model.applyLeases(leases(u"acme"_s, first));

    const auto inProxy = [&](const QString &holder) {
        for (int r = 0; r < proxy.rowCount(); ++r)
            if (proxy.index(r, 0).data().toString() == holder)
                return QPersistentModelIndex(proxy.index(r, 0));
        return QPersistentModelIndex();
    };
    const QPersistentModelIndex stays = inProxy(u"user10@ws"_s);
    const QPersistentModelIndex leaves = inProxy(u"user11@ws"_s);
    const QPersistentModelIndex renews = inProxy(u"user40@ws"_s);
    QVERIFY(stays.isValid() && leaves.isValid() && renews.isValid());

    QList<LeaseRow> second;
    for (int n = 2; n <= 60; n += 2)
        second << (n == 40 ? lease(u"acme"_s, n, 90) : lease(u"acme"_s, n));
    second << lease(u"acme"_s, 61) << lease(u"acme"_s, 62);
    ModelSignals spy(&model);
    model.applyLeases(leases(u"acme"_s, second));

    QCOMPARE(spy.log, QStringList {u"layout"_s});
    QCOMPARE(model.rowCount(), 32);
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowOfKey(model.rowAt(r).key), r);
    QCOMPARE(holders(model).first(), u"user2@ws"_s);
    QCOMPARE(holders(model).last(), u"user62@ws"_s);
    // What the views hold on to follows its holder; a departed holder's index is gone.
    QVERIFY(stays.isValid());
    QCOMPARE(stays.data().toString(), u"user10@ws"_s);
    QVERIFY(!leaves.isValid());
    QCOMPARE(renews.data().toString(), u"user40@ws"_s);
    QCOMPARE(model.rowAt(19).lease.lease.expiresAt, t0.addSecs(90));
    QCOMPARE(proxy.rowCount(), 32);
}

void TestLeaseTableModel::typedSortAgreesWithTheSortRole()
{
    // The holders proxy sorts by typed keys; every column must order the rows exactly as the
    // SortRole values do (what a QSortFilterProxyModel would show), both ways.
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QList<LeaseRow> rows;
    for (int n = 1; n <= 40; ++n) {
        LeaseRow row = lease(u"acme"_s, n, 30 + (n * 37) % 90, n % 7 != 0);
        row.lease.holder = u"%1@ws-%2"_s.arg(n % 3 == 0 ? u"Bob"_s : n % 3 == 1 ? u"alice"_s : u"carol"_s).arg(n % 5);
        row.lease.generation = quint64((n * 13) % 17);
        row.lease.issuedAt = t0.addSecs(-(n * 11) % 50);
        row.signatureValid = n % 9 != 0;
        rows << row;
    }
    HolderBlock block;
    block.licenseId = u"acme"_s;
    block.holder = u"mallory@ws-66"_s;
    block.until = t0.addSecs(45);
    model.applyLeases(leases(u"acme"_s, rows, {block}));
    clock.advance(40s);
    model.tick();

    QSortFilterProxyModel plain;
    HolderSortProxy typed;
    for (QSortFilterProxyModel *proxy : {&plain, static_cast<QSortFilterProxyModel *>(&typed)}) {
        proxy->setSourceModel(&model);
        proxy->setSortRole(LeaseTableModel::SortRole);
    }
    for (int column = 0; column < LeaseTableModel::ColumnCount; ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            plain.sort(column, order);
            typed.sort(column, order);
            for (int r = 0; r < model.rowCount(); ++r) {
                const QModelIndex p = plain.index(r, column);
                const QModelIndex t = typed.index(r, column);
                QVERIFY2(p.data(LeaseTableModel::SortRole) == t.data(LeaseTableModel::SortRole),
                         qPrintable(u"column %1, order %2, row %3: %4 against %5"_s.arg(column)
                                        .arg(int(order))
                                        .arg(r)
                                        .arg(p.data(LeaseTableModel::SortRole).toString(),
                                             t.data(LeaseTableModel::SortRole).toString())));
            }
        }
    }
}

void TestLeaseTableModel::switchingServerResets()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1)}));
    ModelSignals spy(&model);
    model.clear();
    QCOMPARE(spy.log, QStringList {u"reset"_s});
}

void TestLeaseTableModel::stateFollowsTheCountdownAndStaleRowsSayTheirAge()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyLeases(leases(u"acme"_s, {lease(u"acme"_s, 1, 30)}));
    const QModelIndex state = model.index(0, LeaseTableModel::StateColumn);
    QCOMPARE(state.data().toString(), u"live"_s);

    // No poll since (an outage): the server's last word says live, the clock says expired.
    model.setStaleSince(t0);
    ModelSignals spy(&model);
    clock.advance(40s);
    model.tick();
    QVERIFY2(spy.log.contains(u"change 0,7-0,7"_s), qPrintable(spy.log.join(u"; "_s)));
    QCOMPARE(model.index(0, LeaseTableModel::CountdownColumn).data().toString(), u"expired 10s ago"_s);
    QVERIFY2(state.data().toString().startsWith(u"expired"_s), qPrintable(state.data().toString()));
    QVERIFY(state.data().toString().contains(u"as of %1"_s.arg(t0.toLocalTime().toString(u"HH:mm"_s))));
    const QColor muted = StatePalette::colour(StatePalette::Muted);
    for (int column = 0; column < LeaseTableModel::ColumnCount; ++column)
        QCOMPARE(model.index(0, column).data(Qt::ForegroundRole).value<QBrush>().color(), muted);
    QVERIFY(state.data(Qt::ToolTipRole).toString().startsWith(u"As of"_s));

    model.setStaleSince({});
    QCOMPARE(state.data().toString(), u"expired, awaiting reap"_s);
}

void TestLeaseTableModel::holderSortKeyIgnoresRenewals()
{
    ManualClock clock(t0);
    LeaseTableModel model(clock);
    LeaseRow row = lease(u"acme"_s, 1, 30);
    model.applyLeases(leases(u"acme"_s, {row}));
    const QVariant before = model.index(0, LeaseTableModel::HolderColumn).data(LeaseTableModel::SortRole);
    clock.advance(20s);
    row.lease.issuedAt = clock.now();
    row.lease.expiresAt = clock.now().addSecs(30);
    model.applyLeases(leases(u"acme"_s, {row}));
    model.tick();
    QCOMPARE(model.index(0, LeaseTableModel::HolderColumn).data(LeaseTableModel::SortRole), before);
}

QTEST_GUILESS_MAIN(TestLeaseTableModel)
#include "tst_leasetablemodel.moc"
