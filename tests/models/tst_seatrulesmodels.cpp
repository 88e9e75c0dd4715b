// The Seats page's models under seat rules (issue 17): the seat split of a license (used, reserved
// and idle, free) and what each holder counts against, from a lease listing; the waiting line.
#include "DashboardSession.h"
#include "LeaseTableModel.h"
#include "LicenseListModel.h"
#include "ManualClock.h"
#include "ModelSignals.h"
#include "PollMerge.h"
#include "QueueTableModel.h"

#include <QAbstractItemModelTester>
#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC);
const QString license = u"acme-cad"_s;

LeaseRow lease(int n, const QString &holder, bool live = true)
{
    LeaseRow row;
    row.lease.licenseId = license;
    row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
    row.lease.holder = holder;
    row.lease.generation = quint64(n);
    row.lease.issuedAt = t0.addSecs(-10);
    row.lease.expiresAt = live ? t0.addSecs(50) : t0.addSecs(-30);
    row.lease.signature = QByteArray(64, char(n));
    row.live = live;
    row.reapableAt = row.lease.expiresAt.addSecs(15);
    row.signatureValid = true;
    return row;
}

QList<HolderGroup> groups()
{
    return {{u"render"_s, {u"*@render-*"_s}}, {u"contractors"_s, {u"*@contractor-*"_s}}};
}

// 10 seats, 3 reserved for render, contractors capped at 2.
LeaseList listing(const QList<LeaseRow> &rows, const SeatRules &rules)
{
    LeaseList list;
    list.licenseId = license;
    list.serverTime = t0;
    list.seatCount = 10;
    list.leases = rows;
    list.rules = rules;
    list.groups = groups();
    for (const LeaseRow &r : rows)
        list.inUse += r.live ? 1 : 0;
    return list;
}

SeatRules renderAndContractors(int reserved = 3)
{
    SeatRules rules;
    rules.reserve = {{u"render"_s, reserved}};
    rules.max = {{u"contractors"_s, 2}};
    return rules;
}

LicenseSummary summary(int inUse, int reserved)
{
    LicenseSummary l;
    l.id = license;
    l.name = u"ACME CAD"_s;
    l.seatCount = 10;
    l.inUse = inUse;
    l.ttlSeconds = 60;
    l.skewSeconds = 5;
    l.reapGraceSeconds = 15;
    l.reservedSeats = reserved;
    return l;
}

int rowOfHolder(const LeaseTableModel &model, const QString &holder)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, LeaseTableModel::HolderColumn).data().toString() == holder)
            return r;
    }
    return -1;
}

QString countsAgainst(const LeaseTableModel &model, const QString &holder)
{
    return model.index(rowOfHolder(model, holder), LeaseTableModel::CountsAgainstColumn).data().toString();
}

QueueTicket ticket(const QString &id, const QString &holder, int position, QueueTicket::State state,
                   int queuedSecondsAgo)
{
    QueueTicket t;
    t.ticketId = id;
    t.licenseId = license;
    t.holder = holder;
    t.state = state;
    t.position = position;
    t.waiting = 2;
    t.queuedAt = t0.addSecs(-queuedSecondsAgo);
    t.expiresAt = t0.addSecs(25);
    t.giveUpAt = t0.addSecs(600);
    t.seatId = state == QueueTicket::State::Granted ? u"%1"_s.arg(99, 32, 16, QLatin1Char('0')) : QString();
    return t;
}

// The dashboard's translations of `language` ("en": its plural forms), as LanguageManager loads them.
bool useLanguage(QTranslator &translator, const QString &language)
{
    QCoreApplication::removeTranslator(&translator);
    return translator.load(u":/i18n/keyright_"_s + language + u".qm"_s)
        && QCoreApplication::installTranslator(&translator);
}

} // namespace

class TestSeatRulesModels : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(useLanguage(m_translator, u"en"_s)); }
    void seatsSplitIntoUsedReservedIdleAndFree();
    void eachHolderSaysWhatItCountsAgainst();
    void anOverflowingReservationCountsTheOldestSeatsFirst();
    void aLicenseWithoutRulesSaysNothing();
    void aChangedCountingIsADataChangeOfThatColumn();
    void unpolledLicensesShowAtLeastTheIdleReservedSeats();
    void detailsGoWithTheSelection();
    void theLineShowsGrantedThenWaitingInOrder();
    void theLineTicksAndAppliesPollsAsDiffs();
    void aOneSeatLicenseSaysSeat();

private:
    QTranslator m_translator;
};

void TestSeatRulesModels::seatsSplitIntoUsedReservedIdleAndFree()
{
    ManualClock clock(t0);
    LeaseTableModel leases(clock);
    QAbstractItemModelTester leasesTester(&leases, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LicenseListModel licenses;
    QAbstractItemModelTester licensesTester(&licenses, QAbstractItemModelTester::FailureReportingMode::QtTest);
    licenses.applyList(LicenseList {t0, {summary(4, 3)}});

    const LeaseList list = listing({lease(1, u"gus@render-1"_s), lease(2, u"alice@ws-12"_s), lease(3, u"bob@ws-07"_s),
                                    lease(4, u"ann@contractor-3"_s), lease(5, u"old@ws-01"_s, false)},
                                   renderAndContractors());
    leases.applyPoll({list});
    const LicenseDetails d = licenseDetailsOf(list, t0);
    // 4 live (the expired row does not count), 1 of them against render's 3: 2 reserved seats
    // stand idle, and only 4 are free to anyone else.
    QCOMPARE(d.usage.inUse, 4);
    QCOMPARE(d.usage.reservedIdle(), 2);
    QCOMPARE(d.usage.free(), 4);

    licenses.setUsage(license, d.usage);
    const QModelIndex seats = licenses.index(0, LicenseListModel::SeatsColumn);
    QCOMPARE(seats.data(LicenseListModel::InUseRole).toInt(), 4);
    QCOMPARE(seats.data(LicenseListModel::ReservedIdleRole).toInt(), 2);
    QCOMPARE(seats.data(LicenseListModel::FreeRole).toInt(), 4);
    const QString tip = seats.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"2 reserved and idle"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"render: 1 of 3 reserved seats in use"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"4\u00a0free"_s), qPrintable(tip)); // never wrapped apart (walk 58a, 8)
}

void TestSeatRulesModels::eachHolderSaysWhatItCountsAgainst()
{
    ManualClock clock(t0);
    LeaseTableModel leases(clock);
    QAbstractItemModelTester tester(&leases, QAbstractItemModelTester::FailureReportingMode::QtTest);
    leases.applyPoll({listing({lease(1, u"gus@render-1"_s), lease(2, u"alice@ws-12"_s), lease(3, u"ann@contractor-3"_s),
                               lease(4, u"bo@contractor-4"_s), lease(5, u"old@render-9"_s, false)},
                              renderAndContractors())});
    QCOMPARE(countsAgainst(leases, u"gus@render-1"_s), u"reserved for render"_s);
    QCOMPARE(leases.index(rowOfHolder(leases, u"gus@render-1"_s), 0).data(LeaseTableModel::ReservationRole).toString(),
             u"render"_s);
    QCOMPARE(countsAgainst(leases, u"alice@ws-12"_s), u"shared seats"_s);
    QCOMPARE(leases.index(rowOfHolder(leases, u"alice@ws-12"_s), 0).data(LeaseTableModel::ReservationRole).toString(),
             QString());
    // Both contractors are in the capped group: each shows the cap and what the group holds.
    QCOMPARE(countsAgainst(leases, u"ann@contractor-3"_s), u"max contractors: 2 of 2"_s);
    QCOMPARE(leases.index(rowOfHolder(leases, u"bo@contractor-4"_s), 0).data(LeaseTableModel::CapsRole).toStringList(),
             QStringList {u"contractors"_s});
    // A seat the server no longer counts counts against nothing.
    QCOMPARE(countsAgainst(leases, u"old@render-9"_s), QString());
    QCOMPARE(leases.headerData(LeaseTableModel::CountsAgainstColumn, Qt::Horizontal).toString(), u"Counts against"_s);
    const QString tip = leases.index(rowOfHolder(leases, u"ann@contractor-3"_s), LeaseTableModel::CountsAgainstColumn)
                            .data(Qt::ToolTipRole)
                            .toString();
    QVERIFY2(tip.contains(u"contractors may hold at most 2 seats; it holds 2."_s), qPrintable(tip));
}

void TestSeatRulesModels::anOverflowingReservationCountsTheOldestSeatsFirst()
{
    ManualClock clock(t0);
    LeaseTableModel leases(clock);
    // One seat reserved for render, three render holders: the oldest seat (lowest generation)
    // counts against it, the others against the shared seats, as the server counts them.
    const LeaseList list
        = listing({lease(7, u"late@render-7"_s), lease(2, u"first@render-2"_s), lease(5, u"mid@render-5"_s)},
                  renderAndContractors(1));
    leases.applyPoll({list});
    QCOMPARE(countsAgainst(leases, u"first@render-2"_s), u"reserved for render"_s);
    QCOMPARE(countsAgainst(leases, u"mid@render-5"_s), u"shared seats"_s);
    QCOMPARE(countsAgainst(leases, u"late@render-7"_s), u"shared seats"_s);
    QCOMPARE(licenseDetailsOf(list, t0).usage.reservedIdle(), 0);
    QCOMPARE(licenseDetailsOf(list, t0).usage.free(), 7);
}

void TestSeatRulesModels::aLicenseWithoutRulesSaysNothing()
{
    ManualClock clock(t0);
    LeaseTableModel leases(clock);
    const LeaseList list = listing({lease(1, u"gus@render-1"_s)}, SeatRules {});
    leases.applyPoll({list});
    QCOMPARE(countsAgainst(leases, u"gus@render-1"_s), QString());
    QCOMPARE(licenseDetailsOf(list, t0).usage.reservedIdle(), 0);
    QCOMPARE(licenseDetailsOf(list, t0).usage.free(), 9);
}

void TestSeatRulesModels::aChangedCountingIsADataChangeOfThatColumn()
{
    ManualClock clock(t0);
    LeaseTableModel leases(clock);
    QAbstractItemModelTester tester(&leases, QAbstractItemModelTester::FailureReportingMode::QtTest);
    leases.applyPoll({listing({lease(2, u"first@render-2"_s), lease(5, u"mid@render-5"_s)}, renderAndContractors(1))});
    QCOMPARE(countsAgainst(leases, u"mid@render-5"_s), u"shared seats"_s);
    // The oldest render seat went: the next one now counts against the reservation.
    ModelSignals emitted(&leases);
    leases.applyPoll({listing({lease(5, u"mid@render-5"_s)}, renderAndContractors(1))});
    QCOMPARE(countsAgainst(leases, u"mid@render-5"_s), u"reserved for render"_s);
    const int row = rowOfHolder(leases, u"mid@render-5"_s);
    const QString change = u"change %1,%2-%1,%2"_s.arg(row).arg(int(LeaseTableModel::CountsAgainstColumn));
    QVERIFY2(emitted.log.contains(change), qPrintable(emitted.log.join(u" | "_s)));
}

void TestSeatRulesModels::unpolledLicensesShowAtLeastTheIdleReservedSeats()
{
    LicenseListModel licenses;
    QAbstractItemModelTester tester(&licenses, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LicenseSummary l = summary(1, 3);
    l.waiting = 2;
    licenses.applyList(LicenseList {t0, {l}});
    const QModelIndex seats = licenses.index(0, LicenseListModel::SeatsColumn);
    // Without the listing, the one seat in use might count against the reservation: 2 idle at least.
    QCOMPARE(seats.data(LicenseListModel::ReservedIdleRole).toInt(), 2);
    QCOMPARE(seats.data(LicenseListModel::FreeRole).toInt(), 7);
    QCOMPARE(seats.data(LicenseListModel::WaitingRole).toInt(), 2);
    const QString tip = seats.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"At least 2 of the 3 reserved seats idle"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"2 waiting in line"_s), qPrintable(tip));

    // A split that no longer matches the summary (a newer poll of the list) is not used.
    SeatUsage stale;
    stale.seatCount = 10;
    stale.inUse = 0;
    stale.reservations = {{u"render"_s, 3, 0}};
    stale.sharedSeats = 7;
    licenses.setUsage(license, stale);
    QCOMPARE(seats.data(LicenseListModel::ReservedIdleRole).toInt(), 2);
}

void TestSeatRulesModels::detailsGoWithTheSelection()
{
    // The session keeps the details of the licenses it polls, and only those.
    ManualClock clock(t0);
    QNetworkAccessManager network; // never used: no server
    DashboardSession session(network, clock);
    session.setSelectedLicenses({license});
    QSignalSpy details(&session, &DashboardSession::licenseDetailsChanged);
    session.applyLeaseLists({listing({lease(1, u"gus@render-1"_s)}, renderAndContractors())});
    QCOMPARE(details.size(), 1);
    QCOMPARE(details.at(0).at(0).toStringList(), QStringList {license});
    QVERIFY(session.licenseDetails(license));
    QCOMPARE(session.licenseDetails(license)->rules, renderAndContractors());
    QCOMPARE(session.licenseDetails(license)->usage.reservedIdle(), 2);
    QCOMPARE(session.leases().rowCount(), 1);
    details.clear();
    session.setSelectedLicenses({});
    QVERIFY(!session.licenseDetails(license));
    QCOMPARE(session.leases().rowCount(), 0);
    QCOMPARE(details.size(), 1);
    QCOMPARE(details.at(0).at(0).toStringList(), QStringList {license});
}

void TestSeatRulesModels::theLineShowsGrantedThenWaitingInOrder()
{
    ManualClock clock(t0);
    QueueTableModel line(clock);
    QAbstractItemModelTester tester(&line, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSortFilterProxyModel sorted;
    sorted.setSourceModel(&line);
    sorted.setSortRole(QueueTableModel::SortRole);
    sorted.sort(QueueTableModel::PositionColumn);
    line.applyLine({ticket(u"t-b"_s, u"bob@ws-07"_s, 2, QueueTicket::State::Waiting, 30),
                    ticket(u"t-a"_s, u"ann@ws-01"_s, 1, QueueTicket::State::Waiting, 95),
                    ticket(u"t-g"_s, u"gus@render-1"_s, 0, QueueTicket::State::Granted, 120)});
    QCOMPARE(line.rowCount(), 3);
    QCOMPARE(line.waitingCount(), 2);
    QStringList order;
    for (int r = 0; r < sorted.rowCount(); ++r)
        order << sorted.index(r, QueueTableModel::HolderColumn).data().toString();
    QCOMPARE(order, (QStringList {u"gus@render-1"_s, u"ann@ws-01"_s, u"bob@ws-07"_s}));
    QCOMPARE(sorted.index(1, QueueTableModel::PositionColumn).data().toString(), u"1"_s);
    QCOMPARE(sorted.index(0, QueueTableModel::PositionColumn).data().toString(), u"\u2713"_s);
    QCOMPARE(sorted.index(0, QueueTableModel::StateColumn).data().toString(), u"seat held for it"_s);
    QCOMPARE(sorted.index(1, QueueTableModel::StateColumn).data().toString(), u"waiting"_s);
    QVERIFY2(sorted.index(1, QueueTableModel::WaitingSinceColumn).data().toString().endsWith(u"(1m 35s)"_s),
             qPrintable(sorted.index(1, QueueTableModel::WaitingSinceColumn).data().toString()));
    QCOMPARE(sorted.index(1, QueueTableModel::TicketExpiryColumn).data().toString(), u"in 25s"_s);
    QCOMPARE(sorted.index(1, QueueTableModel::PositionColumn).data(Qt::ToolTipRole).toString(),
             u"Position 1 of 2 waiting"_s);
}

void TestSeatRulesModels::theLineTicksAndAppliesPollsAsDiffs()
{
    ManualClock clock(t0);
    QueueTableModel line(clock);
    QAbstractItemModelTester tester(&line, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QueueTicket a = ticket(u"t-a"_s, u"ann@ws-01"_s, 1, QueueTicket::State::Waiting, 5);
    QueueTicket b = ticket(u"t-b"_s, u"bob@ws-07"_s, 2, QueueTicket::State::Waiting, 1);
    line.applyLine({a, b});

    ModelSignals emitted(&line);
    clock.advance(10s);
    line.tick();
    QCOMPARE(emitted.log,
             QStringList {u"change 0,%1-1,%2"_s.arg(int(QueueTableModel::WaitingSinceColumn))
                              .arg(int(QueueTableModel::TicketExpiryColumn))});
    QCOMPARE(line.index(0, QueueTableModel::TicketExpiryColumn).data().toString(), u"in 15s"_s);
    clock.advance(20s);
    line.tick();
    QCOMPARE(line.index(0, QueueTableModel::TicketExpiryColumn).data().toString(), u"lapsed 5s ago"_s);

    // Ann got her seat and left the line; Bob moved up: one removal, one change, no reset.
    emitted.log.clear();
    b.position = 1;
    b.waiting = 1;
    line.applyLine({b});
    QCOMPARE(emitted.log, (QStringList {u"remove 0-0"_s, u"change 0,0-0,%1"_s.arg(QueueTableModel::ColumnCount - 1)}));
    QCOMPARE(line.index(0, QueueTableModel::PositionColumn).data().toString(), u"1"_s);
}

// The Licenses table's seat tooltip of a one-seat license: "1 of 1 seat", in English and French.
void TestSeatRulesModels::aOneSeatLicenseSaysSeat()
{
    LicenseListModel licenses;
    LicenseSummary l = summary(1, 1);
    l.seatCount = 1;
    licenses.applyList(LicenseList {t0, {l}});
    const QModelIndex seats = licenses.index(0, LicenseListModel::SeatsColumn);
    QString tip = seats.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(u"1 of 1 seat in use (live leases only)"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"At least 0 of the 1 reserved seat idle"_s), qPrintable(tip));
    QVERIFY(useLanguage(m_translator, u"fr"_s));
    tip = seats.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(u"1 siège utilisé sur 1 (baux actifs seulement)"_s), qPrintable(tip));
}

QTEST_GUILESS_MAIN(TestSeatRulesModels)
#include "tst_seatrulesmodels.moc"
