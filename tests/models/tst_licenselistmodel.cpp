#include "LicenseListModel.h"
#include "ModelSignals.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

LicenseSummary lic(const QString &id, int inUse, int seats = 10, int denied = 0)
{
    LicenseSummary l;
    l.id = id;
    l.name = id.toUpper();
    l.seatCount = seats;
    l.inUse = inUse;
    l.ttlSeconds = 60;
    l.skewSeconds = 5;
    l.reapGraceSeconds = 15;
    l.deniedLastHour = denied;
    return l;
}

LicenseList list(std::initializer_list<LicenseSummary> items)
{
    LicenseList l;
    l.serverTime = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);
    l.licenses = items;
    return l;
}

} // namespace

class TestLicenseListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pollsApplyAsDiffs_data();
    void pollsApplyAsDiffs();
    void showsSeatsAndDurations();
    void clearResets();
    void aPolicyChangeAloneIsKept();
};

void TestLicenseListModel::pollsApplyAsDiffs_data()
{
    QTest::addColumn<LicenseList>("first");
    QTest::addColumn<LicenseList>("second");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("idsAfter");

    const auto a = lic(u"a"_s, 1), b = lic(u"b"_s, 2), c = lic(u"c"_s, 3);
    QTest::newRow("same poll twice: no signal")
        << list({a, b, c}) << list({a, b, c}) << QStringList {} << QStringList {u"a"_s, u"b"_s, u"c"_s};
    QTest::newRow("a license appears: one insert at the end")
        << list({a, b}) << list({a, b, c}) << QStringList {u"insert 2-2"_s} << QStringList {u"a"_s, u"b"_s, u"c"_s};
    QTest::newRow("a license goes: one remove")
        << list({a, b, c}) << list({a, c}) << QStringList {u"remove 1-1"_s} << QStringList {u"a"_s, u"c"_s};
    QTest::newRow("seats in use change: only the seats cell")
        << list({a, b, c}) << list({a, lic(u"b"_s, 7), c}) << QStringList {u"change 1,1-1,1"_s}
        << QStringList {u"a"_s, u"b"_s, u"c"_s};
    QTest::newRow("denials and seats change: the span of both cells")
        << list({a, b, c}) << list({a, b, lic(u"c"_s, 10, 10, 4)}) << QStringList {u"change 2,1-2,5"_s}
        << QStringList {u"a"_s, u"b"_s, u"c"_s};
    QTest::newRow("one goes, one comes, one changes")
        << list({a, b, c}) << list({lic(u"a"_s, 9), c, lic(u"d"_s, 0)})
        << QStringList {u"remove 1-1"_s, u"change 0,1-0,1"_s, u"insert 2-2"_s} << QStringList {u"a"_s, u"c"_s, u"d"_s};
    QTest::newRow("all go") << list({a, b, c}) << list({}) << QStringList {u"remove 0-2"_s} << QStringList {};
}

void TestLicenseListModel::pollsApplyAsDiffs()
{
    QFETCH(LicenseList, first);
    QFETCH(LicenseList, second);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, idsAfter);

    LicenseListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyList(first);
    ModelSignals spy(&model);
    model.applyList(second);
    QCOMPARE(spy.log, expected);
    QCOMPARE(model.licenseIds(), idsAfter);
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.rowOf(idsAfter.at(row)), row);
}

void TestLicenseListModel::showsSeatsAndDurations()
{
    LicenseListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LicenseSummary l = lic(u"acme-cad"_s, 7, 10, 3);
    l.ttlSeconds = 90;
    model.applyList(list({l}));
    QCOMPARE(model.index(0, LicenseListModel::NameColumn).data().toString(), u"ACME-CAD"_s);
    QCOMPARE(model.index(0, LicenseListModel::SeatsColumn).data().toString(), u"7 / 10"_s);
    QCOMPARE(model.index(0, LicenseListModel::SeatsColumn).data(LicenseListModel::InUseRole).toInt(), 7);
    QCOMPARE(model.index(0, LicenseListModel::TtlColumn).data().toString(), u"1m 30s"_s);
    QCOMPARE(model.index(0, LicenseListModel::DeniedColumn).data().toInt(), 3);
    QVERIFY(model.index(0, LicenseListModel::DeniedColumn).data(Qt::ForegroundRole).isValid());
}

void TestLicenseListModel::clearResets()
{
    LicenseListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.applyList(list({lic(u"a"_s, 1)}));
    ModelSignals spy(&model);
    model.clear();
    QCOMPARE(spy.log, QStringList {u"reset"_s});
    QCOMPARE(model.rowCount(), 0);
}

void TestLicenseListModel::aPolicyChangeAloneIsKept()
{
    // Another admin changes only the borrowing policy: nothing in the table changes, but the
    // record the license dialog opens on must be the server's, or its Save writes the old one back.
    LicenseListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LicenseSummary l = lic(u"cad"_s, 1);
    l.borrow.allowed = true;
    l.borrow.maxDays = 7;
    l.borrow.maxBorrowed = 1;
    model.applyList(list({l}));
    l.borrow.maxDays = 10;
    l.borrow.maxBorrowed = 2;
    ModelSignals spy(&model);
    model.applyList(list({l}));
    QCOMPARE(spy.log, QStringList {});
    QVERIFY(model.license(u"cad"_s));
    QCOMPARE(model.license(u"cad"_s)->borrow.maxDays, 10);
    QCOMPARE(model.license(u"cad"_s)->borrow.maxBorrowed, 2);
    // A seat borrowed shows in the seats cell's tooltip.
    l.borrowed = 1;
    model.applyList(list({l}));
    QCOMPARE(spy.log, QStringList {u"change 0,1-0,1"_s});
    QCOMPARE(model.license(u"cad"_s)->borrowed, 1);
}

QTEST_GUILESS_MAIN(TestLicenseListModel)
#include "tst_licenselistmodel.moc"
