// The Events page on its own, fed the way a poll feeds it (no server): a folded run of denials
// that grows while a support engineer looks at it, the dispute panel across another connection,
// and the panel's width and the folded count on a screen of 1440x900 (issue 23).
#include "DashboardSession.h"
#include "DisputePanel.h"
#include "EventFilterProxyModel.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "ManualClock.h"
#include "Timestamps.h"

#include <QApplication>
#include <QHeaderView>
#include <QJsonArray>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QProxyStyle>
#include <QScrollBar>
#include <QSplitter>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime t0 = QDateTime(QDate(2026, 12, 1), QTime(10, 0, 0), Qt::UTC);

QString seatIdOf(int n)
{
    return u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
}

// The events of a few licenses as the server records them, in seq order.
class Log
{
public:
    EventRecord grant(const QString &license, const QString &holder, int seats = 3)
    {
        EventRecord e = make(EventKind::Granted, license, holder);
        e.seatId = seatIdOf(int(e.seq));
        e.detail = {{u"generation"_s, e.seq},
                    {u"inUse"_s, 1},
                    {u"seatCount"_s, seats},
                    {u"expiresAt"_s, formatTimestamp(e.time.addSecs(3600))}};
        m_held[license] << e;
        return e;
    }
    // Every seat of the license taken: the holders listed with the denial, as the server does.
    EventRecord deny(const QString &license, const QString &holder)
    {
        EventRecord e = make(EventKind::Denied, license, holder);
        QJsonArray holders;
        for (const EventRecord &g : std::as_const(m_held[license]))
            holders.append(QJsonObject {{u"seatId"_s, g.seatId},
                                        {u"holder"_s, g.holder},
                                        {u"generation"_s, g.seq},
                                        {u"issuedAt"_s, formatTimestamp(g.time)},
                                        {u"expiresAt"_s, formatTimestamp(g.time.addSecs(3600))}});
        e.detail = {{u"reason"_s, u"no_seats_available"_s},
                    {u"inUse"_s, int(holders.size())},
                    {u"seatCount"_s, int(holders.size())},
                    {u"holders"_s, holders}};
        return e;
    }
    EventRecord release(const QString &license, const QString &holder)
    {
        return make(EventKind::Released, license, holder);
    }

private:
    EventRecord make(EventKind kind, const QString &license, const QString &holder)
    {
        EventRecord e;
        e.seq = ++m_seq;
        e.time = t0.addSecs(5 * m_seq);
        e.kind = kind;
        e.licenseId = license;
        e.holder = holder;
        e.actor = u"client:10.0.0.%1"_s.arg(m_seq % 200);
        return e;
    }

    qint64 m_seq = 0;
    QHash<QString, QList<EventRecord>> m_held;
};

// The row the table shows for `holder`'s `kind` events (-1 when none).
int rowOf(const EventsPage &page, const QString &holder, EventKind kind = EventKind::Denied)
{
    const EventFilterProxyModel *proxy = page.proxy();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QModelIndex index = proxy->index(r, EventLogModel::KindColumn);
        if (index.data(EventLogModel::HolderRole).toString() == holder
            && index.data(EventLogModel::KindRole).toString() == toWire(kind))
            return r;
    }
    return -1;
}

QPoint centreOf(const EventsPage &page, int row)
{
    return page.table()->visualRect(page.proxy()->index(row, EventLogModel::HolderColumn)).center();
}

QString holderAt(const EventsPage &page, const QPoint &point)
{
    return page.table()->indexAt(point).siblingAtColumn(EventLogModel::HolderColumn).data().toString();
}

} // namespace

class TestEventsPage final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aGrowingRunKeepsItsSelectionAndItsPlace();
    void theExplanationBelongsToOneConnection();
};

void TestEventsPage::aGrowingRunKeepsItsSelectionAndItsPlace()
{
    QNetworkAccessManager network;
    ManualClock clock(t0.addSecs(3600));
    DashboardSession session(network, clock);
    EventsPage page(session);
    page.resize(1440, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));

    // A busy morning on the render farm (more rows than the table shows), then three seats of
    // acme-cad taken and their denials: the intern's application retries, others are refused in
    // between.
    Log log;
    QList<EventRecord> events;
    for (int i = 0; i < 30; ++i) {
        events << log.grant(u"render-farm"_s, u"node-%1@render-%1"_s.arg(i), 100);
        events << log.release(u"render-farm"_s, u"node-%1@render-%1"_s.arg(i));
    }
    for (const QString &holder : {u"alice@ws-12"_s, u"bob@ws-07"_s, u"carol@ws-3"_s})
        events << log.grant(u"acme-cad"_s, holder);
    events << log.deny(u"acme-cad"_s, u"dave@ws-4"_s) << log.deny(u"acme-cad"_s, u"intern@laptop-3"_s)
           << log.deny(u"acme-cad"_s, u"erin@ws-5"_s) << log.deny(u"acme-cad"_s, u"intern@laptop-3"_s)
           << log.deny(u"acme-cad"_s, u"frank@ws-6"_s) << log.deny(u"acme-cad"_s, u"intern@laptop-3"_s)
           << log.deny(u"acme-cad"_s, u"gina@ws-8"_s) << log.deny(u"acme-cad"_s, u"harry@ws-9"_s);
    session.events().appendEvents(events);
    QApplication::processEvents();

    // The engineer clicks the intern's folded row: the panel explains the intern's denial.
    const int internRow = rowOf(page, u"intern@laptop-3"_s);
    QVERIFY(internRow > 0);
    QCOMPARE(page.proxy()->foldCount(page.proxy()->index(internRow, 0)), 3);
    const QPoint pointer = centreOf(page, internRow);
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, pointer);
    QCOMPARE(page.disputePanel()->dispute().deniedHolder, u"intern@laptop-3"_s);

    // The intern's next attempt: the row under the pointer is still the intern's, selected, now
    // counting four attempts, and the panel explains that last attempt.
    const EventRecord fourth = log.deny(u"acme-cad"_s, u"intern@laptop-3"_s);
    session.events().appendEvents({fourth});
    QApplication::processEvents();
    QCOMPARE(holderAt(page, pointer), u"intern@laptop-3"_s);
    const QModelIndex pointed = page.table()->indexAt(pointer);
    QCOMPARE(pointed.siblingAtColumn(EventLogModel::KindColumn).data().toString(), u"denied ×4"_s);
    QVERIFY(page.table()->selectionModel()->isRowSelected(pointed.row(), {}));
    QCOMPARE(page.table()->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(page.disputePanel()->dispute().deniedHolder, u"intern@laptop-3"_s);
    QCOMPARE(page.disputePanel()->dispute().denial.seq, fourth.seq);

    // Others are refused meanwhile, newest first above it: the intern's row does not move either.
    session.events().appendEvents({log.deny(u"acme-cad"_s, u"ivan@ws-10"_s), log.deny(u"acme-cad"_s, u"judy@ws-11"_s),
                                   log.deny(u"acme-cad"_s, u"intern@laptop-3"_s)});
    QApplication::processEvents();
    QCOMPARE(holderAt(page, pointer), u"intern@laptop-3"_s);
    QCOMPARE(page.table()->indexAt(pointer).siblingAtColumn(EventLogModel::KindColumn).data().toString(),
             u"denied ×5"_s);

    // The click that was coming lands on the row the engineer aimed at.
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, pointer);
    QCOMPARE(page.disputePanel()->dispute().deniedHolder, u"intern@laptop-3"_s);
    QCOMPARE(page.table()->selectionModel()->selectedRows().size(), 1);

    // Another row picked: that one stays under the pointer, the panel explains it, and the
    // intern's run, let go, is among the newest again.
    const int daveRow = rowOf(page, u"dave@ws-4"_s);
    QVERIFY(daveRow >= 0);
    const QPoint davePointer = centreOf(page, daveRow);
    QVERIFY(page.table()->viewport()->rect().contains(davePointer));
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, davePointer);
    QApplication::processEvents();
    QCOMPARE(page.disputePanel()->dispute().deniedHolder, u"dave@ws-4"_s);
    QCOMPARE(holderAt(page, davePointer), u"dave@ws-4"_s);
    QVERIFY2(
        rowOf(page, u"intern@laptop-3"_s) < rowOf(page, u"judy@ws-11"_s),
        qPrintable(u"intern %1, judy %2"_s.arg(rowOf(page, u"intern@laptop-3"_s)).arg(rowOf(page, u"judy@ws-11"_s))));
}

void TestEventsPage::theExplanationBelongsToOneConnection()
{
    QNetworkAccessManager network;
    ManualClock clock(t0.addSecs(3600));
    DashboardSession session(network, clock);
    EventsPage page(session);
    page.resize(1440, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    DisputePanel *panel = page.disputePanel();
    const QString hint = u"Select a <b>denied</b> event"_s;

    Log log;
    QList<EventRecord> events;
    for (const QString &holder : {u"alice@ws-12"_s, u"bob@ws-07"_s, u"carol@ws-3"_s})
        events << log.grant(u"acme-cad"_s, holder);
    events << log.deny(u"acme-cad"_s, u"intern@laptop-3"_s) << log.grant(u"render-farm"_s, u"node-1@render-01"_s);
    session.events().appendEvents(events);
    QApplication::processEvents();
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, centreOf(page, rowOf(page, u"intern@laptop-3"_s)));
    QCOMPARE(panel->dispute().licenseId, u"acme-cad"_s);

    // A filter that hides the denial takes its explanation away; back to every license, nothing
    // is selected and nothing explained.
    QTest::keyClicks(page.holderFilter(), u"node-1"_s);
    QCOMPARE(page.proxy()->rowCount(), 1);
    QVERIFY(!panel->dispute().isValid());
    QVERIFY(panel->sentenceText().isEmpty());
    page.holderFilter()->clear();
    QCOMPARE(page.proxy()->rowCount(), 5);
    QVERIFY(!panel->dispute().isValid());
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, centreOf(page, rowOf(page, u"intern@laptop-3"_s)));
    QCOMPARE(panel->dispute().deniedHolder, u"intern@laptop-3"_s);

    // Server > Connect to another server: the table empties, and so does the panel.
    session.connectTo(QUrl(u"http://127.0.0.1:1"_s), "another-token", u"another server"_s);
    QApplication::processEvents();
    QCOMPARE(page.proxy()->rowCount(), 0);
    QVERIFY2(!panel->dispute().isValid(), qPrintable(panel->sentenceText()));
    QVERIFY2(panel->sentenceText().isEmpty(), qPrintable(panel->sentenceText()));
    QVERIFY2(panel->summaryText().contains(hint), qPrintable(panel->summaryText()));
    QCOMPARE(panel->seatsView()->topLevelItemCount(), 0);

    // Its own events come (numbered from 1 as well): nothing is selected until someone picks one.
    Log other;
    session.events().appendEvents(
        {other.grant(u"solver"_s, u"zoe@hpc-1"_s, 1), other.deny(u"solver"_s, u"yann@hpc-2"_s)});
    QApplication::processEvents();
    QVERIFY(page.table()->selectionModel()->selectedRows().isEmpty());
    QVERIFY(!panel->dispute().isValid());
    QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, centreOf(page, rowOf(page, u"yann@hpc-2"_s)));
    QCOMPARE(panel->dispute().licenseId, u"solver"_s);

    // The same after a disconnection, and a connection again to the server (after an outage).
    session.disconnectFromServer();
    QApplication::processEvents();
    QVERIFY(!panel->dispute().isValid());
    QVERIFY(panel->summaryText().contains(hint));
    session.connectTo(QUrl(u"http://127.0.0.1:1"_s), "another-token", u"another server"_s);
    session.events().appendEvents({other.grant(u"solver"_s, u"zoe@hpc-1"_s, 1)});
    QApplication::processEvents();
    QVERIFY(!panel->dispute().isValid());
    session.disconnectFromServer();
}

QTEST_MAIN(TestEventsPage)
#include "tst_eventspage.moc"
