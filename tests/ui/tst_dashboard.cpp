#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DisputePanel.h"
#include "ErrorBanner.h"
#include "EventFilterProxyModel.h"
#include "EventsPage.h"
#include "KeyRevealDialog.h"
#include "LeaseClient.h"
#include "LedgerBar.h"
#include "LedgerSentence.h"
#include "LicenseDialog.h"
#include "LicenseListModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "ReapDialog.h"
#include "RevokeDialog.h"
#include "SeatsPage.h"
#include "TestServer.h"
#include "WriteOffDialog.h"
#include "wire/SeatRulesJson.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

class TestDashboard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void holdersTableFillsAndCountsDown();
    void durationsFollowTheLanguage();
    void revokeThroughTheDialogRemovesTheSeat();
    void revokingSeveralSeatsAsksForEachInTurn();
    void aBorrowedSeatIsNotRevoked();
    void aRefusedBorrowShowsWhoHeldTheSeats();
    void revokeIsOfferedOnlyWhereItCanRevoke();
    void fourLicensesAreInViewOnASmallScreen();
    void aLostLaptopsSeatIsWrittenOff();
    void ledgerLinesRevokeAndEditTheirRule();
    void rotatingAKeyAsksFirst();
    void statusBarAgeMovesOnTheSessionTick();
    void forceReapPreviewsThenReclaims();
    void selectingADenialShowsItsHolders();
    void noEventsLoadedSaysSinceWhen();
    void eventsLoadAfterConnectingToAnotherServer();
    void serverGoingAwayShowsTheBannerThenRecovers();

private:
    bool startServer();
    QByteArray createLicense(const QString &id, int seats, qint64 ttl = 60, qint64 skew = 5, qint64 grace = 15);
    // Sets the license's borrow policy (allowed); the HTTP status of the PUT.
    int allowBorrowing(const QString &id, int maxDays, int maxBorrowed, int keepOnSite);
    std::optional<SeatLease> checkout(const QString &license, const QByteArray &key, const QString &holder,
                                      LeaseOutcome *outcome = nullptr);
    void openWindow();
    int holderRows() const { return m_dashboard->holderRows(); }
    QString holderCell(const QString &holder, int column) const
    {
        return m_dashboard->holderCell(holder, column).toString();
    }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<DashboardHarness> m_dashboard;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
};

bool TestDashboard::startServer()
{
    // A restart comes back on the same address and data directory, as a real server would.
    QString error;
    if (!m_server->start(&error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return true;
}

void TestDashboard::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {.clock = m_clock.get()});
    // The periodic reaper stays off (an hour): the tests reap when they choose.
    m_server = std::make_unique<TestServer>(
        TestServer::Options {.clock = m_clock.get(), .dataDir = m_dashboard->filePath(u"server"_s)});
    QVERIFY(startServer());
}

void TestDashboard::cleanup()
{
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard->close();
    m_server.reset(); // its data directory is in the harness's folder
    m_dashboard.reset();
    m_clock.reset();
}

int TestDashboard::allowBorrowing(const QString &id, int maxDays, int maxBorrowed, int keepOnSite)
{
    int status = 0;
    m_server->adminCall("PUT", u"/v1/licenses/"_s + id,
                        {{u"borrow"_s,
                          QJsonObject {{u"allowed"_s, true},
                                       {u"maxDays"_s, maxDays},
                                       {u"maxBorrowed"_s, maxBorrowed},
                                       {u"keepOnSite"_s, keepOnSite}}}},
                        &status);
    return status;
}

QByteArray TestDashboard::createLicense(const QString &id, int seats, qint64 ttl, qint64 skew, qint64 grace)
{
    return m_server->createLicense(id, seats, std::chrono::seconds {ttl}, std::chrono::seconds {skew},
                                   std::chrono::seconds {grace});
}

std::optional<SeatLease> TestDashboard::checkout(const QString &license, const QByteArray &key, const QString &holder,
                                                 LeaseOutcome *outcomeOut)
{
    const std::optional<LeaseOutcome> outcome = m_dashboard->checkout(m_server->url(), license, key, holder);
    if (!outcome)
        return std::nullopt;
    if (outcomeOut)
        *outcomeOut = *outcome;
    if (const auto *granted = std::get_if<outcome::Granted>(&*outcome))
        return granted->lease;
    return std::nullopt;
}

void TestDashboard::openWindow()
{
    m_window = &m_dashboard->open(m_server->url(), m_server->adminToken());
    m_session = &m_dashboard->session();
}

void TestDashboard::holdersTableFillsAndCountsDown()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    QVERIFY(!key.isEmpty());
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    m_clock->advance(10s);
    QVERIFY(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s));
    openWindow();

    // The first license is selected on its own; its holders appear.
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    QCOMPARE(m_window->seatsPage()->selectedLicenseIds(), QStringList {u"acme-cad"_s});
    QCOMPARE(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"50s"_s);
    QCOMPARE(holderCell(u"bob@ws-07"_s, LeaseTableModel::CountdownColumn), u"1m 00s"_s);
    QCOMPARE(holderCell(u"bob@ws-07"_s, LeaseTableModel::StateColumn), u"live"_s);
    QCOMPARE(holderCell(u"bob@ws-07"_s, LeaseTableModel::SignatureColumn), u"\u2713"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"test server"_s), 3000);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"Server clock +0 ms"_s), 3000);

    // Time passes on the server's clock: the countdown follows at the next tick, without a poll
    // having to change anything.
    m_clock->advance(7s);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"43s"_s, 3000);
    QCOMPARE(holderCell(u"bob@ws-07"_s, LeaseTableModel::CountdownColumn), u"53s"_s);
    m_clock->advance(50s);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"expired 7s ago"_s,
                              3000);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::StateColumn), u"expired, awaiting reap"_s,
                              3000);
}

void TestDashboard::durationsFollowTheLanguage()
{
    // Every duration on screen comes from core's formatDuration(), translated in context
    // keyright::Durations: a French admin reads "2 min 00 s", not "2m 00s", and the text fits its column.
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 120);
    QVERIFY(!key.isEmpty());
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    QCOMPARE(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"2m 00s"_s);
    const QAbstractItemModel *licenses = m_window->seatsPage()->licensesView()->model();
    QCOMPARE(licenses->index(0, LicenseListModel::TtlColumn).data().toString(), u"2m 00s"_s);

    m_dashboard->languages().apply(u"fr"_s);
    const auto english = qScopeGuard([this] { m_dashboard->languages().apply(u"en"_s); });
    QApplication::processEvents();
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"2 min 00 s"_s, 3000);
    QCOMPARE(licenses->index(0, LicenseListModel::TtlColumn).data().toString(), u"2 min 00 s"_s);
    QCOMPARE(licenses->index(0, LicenseListModel::SkewColumn).data().toString(), u"5 s"_s);
    QTableView *holders = m_window->seatsPage()->holdersView();
    const int width = holders->horizontalHeader()->sectionSize(LeaseTableModel::CountdownColumn);
    QVERIFY2(holders->fontMetrics().horizontalAdvance(u"2 min 00 s"_s) + 8 <= width,
             qPrintable(QString::number(width)));

    m_clock->advance(125s);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"expiré depuis 5 s"_s,
                              3000);
    m_dashboard->languages().apply(u"en"_s);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn), u"expired 5s ago"_s,
                              3000);
}

void TestDashboard::revokeThroughTheDialogRemovesTheSeat()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    const auto alice = checkout(u"acme-cad"_s, key, u"alice@ws-12"_s);
    QVERIFY(alice);
    QVERIFY(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);

    QTableView *table = m_window->seatsPage()->holdersView();
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data().toString() == u"alice@ws-12")
            table->selectRow(r);
    }
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    // Modal over the window, and the key press has returned: the window's own event loop goes on.
    auto *dialog = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    dialog->findChild<QLineEdit *>(u"reason"_s)->setText(u"left the company"_s);
    dialog->findChild<QComboBox *>(u"blockDuration"_s)->setCurrentIndex(1); // 10 minutes
    dialog->accept();

    // The row goes at the next poll; a blocked row for alice takes its place.
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::StateColumn), u"blocked"_s, 5000);
    QCOMPARE(holderRows(), 2);
    QVERIFY(!holderCell(u"bob@ws-07"_s, LeaseTableModel::StateColumn).isEmpty());

    // The application holding the seat learns it at its next heartbeat.
    const std::optional<LeaseOutcome> beat = m_dashboard->heartbeat(m_server->url(), u"acme-cad"_s, key, alice->seatId);
    QVERIFY(beat);
    QVERIFY2(std::holds_alternative<outcome::SeatLost>(*beat), qPrintable(describe(*beat)));
    // And the block keeps it out.
    LeaseOutcome again;
    QVERIFY(!checkout(u"acme-cad"_s, key, u"alice@ws-12"_s, &again));
    QVERIFY(std::holds_alternative<outcome::HolderBlocked>(again));
}

void TestDashboard::aRefusedBorrowShowsWhoHeldTheSeats()
{
    // Walk 55: a borrow refused because every seat was taken named the laptops away and nobody
    // else; support wants to know who held the seats on site, as for a denied checkout.
    const QByteArray key = createLicense(u"cad-two"_s, 2);
    QCOMPARE(allowBorrowing(u"cad-two"_s, 7, 2, 0), 200);
    QVERIFY(checkout(u"cad-two"_s, key, u"alice@ws-12"_s));
    QVERIFY(checkout(u"cad-two"_s, key, u"bob@ws-07"_s));
    LeaseClient client(m_dashboard->network());
    client.setServerUrl(m_server->url());
    client.setLicense(u"cad-two"_s, key);
    QObject context;
    std::optional<BorrowOutcome> borrowed;
    client.borrow(u"carol@laptop"_s, 3, &context, [&](const BorrowOutcome &o) { borrowed = o; });
    QTRY_VERIFY_WITH_TIMEOUT(borrowed.has_value(), 5000);
    QVERIFY(std::holds_alternative<outcome::BorrowRefused>(*borrowed));
    openWindow();

    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    qint64 refusalSeq = 0;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const EventRecord &e : m_session->events().events()) {
                if (e.kind == EventKind::BorrowDenied)
                    refusalSeq = e.seq;
            }
            return refusalSeq > 0;
        }(),
        5000);
    QVERIFY(events->selectEvent(refusalSeq));
    DisputePanel *panel = events->disputePanel();
    LedgerBar *ledger = panel->ledgerBar();
    QTRY_VERIFY_WITH_TIMEOUT(ledger->report().has_value(), 5000);
    QVERIFY(ledger->isVisible());
    QVERIFY2(ledger->sentenceText().contains(u"alice@ws-12"_s) && ledger->sentenceText().contains(u"bob@ws-07"_s),
             qPrintable(ledger->sentenceText()));
    int accounted = 0;
    for (const LedgerBar::Segment &segment : ledger->segments())
        accounted += segment.seats;
    QCOMPARE(accounted, 2);

    // Another event read whole has no ledger under it.
    for (const EventRecord &e : m_session->events().events()) {
        if (e.kind == EventKind::Granted) {
            QVERIFY(events->selectEvent(e.seq));
            break;
        }
    }
    QVERIFY(!ledger->report().has_value());
    QVERIFY(!ledger->isVisible());
}

void TestDashboard::aBorrowedSeatIsNotRevoked()
{
    // Issue 27: carol took a seat away on her laptop for three days. Delete on her row does not
    // free the seat (her signed lease works offline until it expires): the window says so, and the
    // seat stays hers and counted.
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    QCOMPARE(allowBorrowing(u"acme-cad"_s, 7, 2, 1), 200);
    LeaseClient client(m_dashboard->network());
    client.setServerUrl(m_server->url());
    client.setLicense(u"acme-cad"_s, key);
    QObject context;
    std::optional<BorrowOutcome> borrowed;
    client.borrow(u"carol@laptop"_s, 3, &context, [&](const BorrowOutcome &o) { borrowed = o; });
    QTRY_VERIFY_WITH_TIMEOUT(borrowed.has_value(), 5000);
    const auto *granted = std::get_if<outcome::Borrowed>(&*borrowed);
    QVERIFY(granted);
    const SeatLease carol = granted->answer.lease;
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    QVERIFY2(holderCell(u"carol@laptop"_s, LeaseTableModel::StateColumn).startsWith(u"borrowed until "_s),
             qPrintable(holderCell(u"carol@laptop"_s, LeaseTableModel::StateColumn)));
    QCOMPARE(holderCell(u"alice@ws-12"_s, LeaseTableModel::StateColumn), u"live"_s);

    QTableView *table = m_window->seatsPage()->holdersView();
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data().toString() == u"carol@laptop") {
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                              table->visualRect(proxy->index(r, LeaseTableModel::HolderColumn)).center());
        }
    }
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(box);
    QCOMPARE(box->objectName(), u"borrowedSeatMessage"_s);
    // One format for the seat's end wherever the dashboard writes it (walk 51b, N6; walk 55): the
    // day and date in words and the time, as the State column writes it.
    const QString until = borrowEndText(carol.expiresAt, m_clock->now(), QTimeZone::systemTimeZone());
    QVERIFY2(
        until.contains(
            QLocale().toString(carol.expiresAt.toLocalTime(), u"ddd d MMM HH:mm"_s).replace(u' ', QChar(QChar::Nbsp))),
        qPrintable(until));
    QVERIFY2(box->text().contains(until), qPrintable(box->text()));
    QVERIFY2(box->text().startsWith(u"The seat of carol@laptop is borrowed until "_s), qPrintable(box->text()));
    QVERIFY2(box->text().endsWith(u" and cannot be revoked."_s), qPrintable(box->text()));
    QVERIFY2(box->informativeText().contains(u"signed lease that the server cannot recall"_s),
             qPrintable(box->informativeText()));
    QVERIFY(m_window->findChildren<RevokeDialog *>().isEmpty());
    QTest::keyClick(box, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!qobject_cast<QMessageBox *>(QApplication::activeModalWidget()), 2000);

    // Nothing was asked of the server: the seat is still carol's and counted.
    QVERIFY(!m_server->leaseRow(u"acme-cad"_s, carol.seatId).isEmpty());
    m_session->refresh();
    QTRY_COMPARE_WITH_TIMEOUT(m_session->licenses().licenseAt(0).borrowed, 1, 3000);
    QCOMPARE(m_session->licenses().licenseAt(0).inUse, 2);
    QVERIFY(holderCell(u"carol@laptop"_s, LeaseTableModel::StateColumn).startsWith(u"borrowed until "_s));
}

void TestDashboard::revokeIsOfferedOnlyWhereItCanRevoke()
{
    // Walk 52: Revoke stayed enabled where it could do nothing, on a borrowed seat and on the
    // Events page. It is greyed there, its tooltip says why, and Delete on the borrowed seat still
    // explains it in a window.
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    QCOMPARE(allowBorrowing(u"acme-cad"_s, 7, 2, 1), 200);
    LeaseClient client(m_dashboard->network());
    client.setServerUrl(m_server->url());
    client.setLicense(u"acme-cad"_s, key);
    QObject context;
    std::optional<BorrowOutcome> borrowed;
    client.borrow(u"carol@laptop"_s, 3, &context, [&](const BorrowOutcome &o) { borrowed = o; });
    QTRY_VERIFY_WITH_TIMEOUT(borrowed.has_value(), 5000);
    QVERIFY(std::get_if<outcome::Borrowed>(&*borrowed));
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);

    auto *revoke = m_window->findChild<QAction *>(u"actionRevoke"_s);
    QVERIFY(revoke);
    QTableView *table = m_window->seatsPage()->holdersView();
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    const auto click = [&](const QString &holder) {
        for (int r = 0; r < proxy->rowCount(); ++r) {
            if (proxy->index(r, 0).data().toString() == holder)
                QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                                  table->visualRect(proxy->index(r, LeaseTableModel::HolderColumn)).center());
        }
    };
    click(u"alice@ws-12"_s);
    QTRY_VERIFY_WITH_TIMEOUT(revoke->isEnabled(), 2000);
    QCOMPARE(revoke->toolTip(), u"Revoke the selected seat (Delete)"_s);

    // A borrowed seat: nothing to revoke, and the tooltip says how it comes back.
    click(u"carol@laptop"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!revoke->isEnabled(), 2000);
    QVERIFY2(revoke->toolTip().contains(u"a borrowed seat cannot be revoked: it comes back when it is returned or "
                                        "expires"_s,
                                        Qt::CaseInsensitive),
             qPrintable(revoke->toolTip()));
    // Delete still explains why, in a window.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(box);
    QCOMPARE(box->objectName(), u"borrowedSeatMessage"_s);
    QTest::keyClick(box, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!QApplication::activeModalWidget(), 2000);
    QVERIFY(m_window->findChildren<RevokeDialog *>().isEmpty());

    // Back on alice's seat, then on the Events page, where no holder is selected.
    click(u"alice@ws-12"_s);
    QTRY_VERIFY_WITH_TIMEOUT(revoke->isEnabled(), 2000);
    QTabBar *tabs = m_window->pages()->tabBar();
    QTest::mouseClick(tabs, Qt::LeftButton, {},
                      tabs->tabRect(m_window->pages()->indexOf(m_window->eventsPage())).center());
    QCOMPARE(m_window->pages()->currentWidget(), m_window->eventsPage());
    QVERIFY(!revoke->isEnabled());
    QVERIFY2(revoke->toolTip().contains(u"on the Seats page"_s), qPrintable(revoke->toolTip()));
    QTest::mouseClick(tabs, Qt::LeftButton, {},
                      tabs->tabRect(m_window->pages()->indexOf(m_window->seatsPage())).center());
    QVERIFY(revoke->isEnabled());
}

// Walk 52: at 1280x720 and 150 % (853x480) in French, six licenses, three of them the simulator's
// sandboxes, showed one and a half rows under a legend of three lines and a chart of 150 px: the
// license wanted was reached only by scrolling. Four of them are in view.
void TestDashboard::fourLicensesAreInViewOnASmallScreen()
{
    for (const QString &id : {u"acme-cad"_s, u"render-farm"_s, u"training-demo"_s, u"sim-idle-hog-k3x9"_s,
                              u"sim-laptop-trip-k3x9"_s, u"sim-rollback-k3x9"_s})
        QVERIFY(!createLicense(id, 4).isEmpty());
    // One license lends seats, so the seat bars have a legend.
    QCOMPARE(allowBorrowing(u"render-farm"_s, 7, 2, 1), 200);
    DashboardHarness small(
        DashboardHarness::Options {.clock = m_clock.get(), .size = QSize(853, 480), .language = u"fr"_s});
    const auto english = qScopeGuard([&small] { small.languages().apply(u"en"_s); });
    MainWindow &window = small.open(m_server->url(), m_server->adminToken());
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTableView *licenses = window.seatsPage()->licensesView();
    QTRY_COMPARE_WITH_TIMEOUT(licenses->model()->rowCount(), 6, 5000);
    const auto rowsInView = [licenses] {
        int rows = 0;
        for (int r = 0; r < licenses->model()->rowCount(); ++r) {
            const QRect row = licenses->visualRect(licenses->model()->index(r, LicenseListModel::NameColumn));
            if (row.top() >= 0 && row.bottom() < licenses->viewport()->height())
                ++rows;
        }
        return rows;
    };
    QTRY_VERIFY2(rowsInView() >= 4,
                 qPrintable(u"%1 license rows in view in a %2x%3 window, the list %4 px high"_s.arg(rowsInView())
                                .arg(window.width())
                                .arg(window.height())
                                .arg(licenses->viewport()->height())));
    // The legend is a click away, and read whole in its button's tooltip meanwhile.
    QToolButton *legend = window.seatsPage()->seatLegendButton();
    QVERIFY(legend->isVisible());
    QVERIFY2(legend->toolTip().contains(u"emprunt"_s), qPrintable(legend->toolTip()));
    // The licenses' rows did not make the window taller than the screen leaves it.
    QVERIFY2(window.height() <= 480, qPrintable(QString::number(window.height())));
}

void TestDashboard::aLostLaptopsSeatIsWrittenOff()
{
    // Issue 27: carol's laptop, with a borrowed seat on it, is lost. The admin writes the seat off
    // from where Revoke was (Delete explains why it cannot be revoked and offers Write off…), with
    // a confirmation that names the date until which the seat stays counted, and a note. The seat
    // then reads "written off, until DATE", and still counts.
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    QCOMPARE(allowBorrowing(u"acme-cad"_s, 30, 2, 1), 200);
    LeaseClient client(m_dashboard->network());
    client.setServerUrl(m_server->url());
    client.setLicense(u"acme-cad"_s, key);
    QObject context;
    std::optional<BorrowOutcome> borrowed;
    client.borrow(u"carol@laptop"_s, 20, &context, [&](const BorrowOutcome &o) { borrowed = o; });
    QTRY_VERIFY_WITH_TIMEOUT(borrowed.has_value(), 5000);
    const auto *granted = std::get_if<outcome::Borrowed>(&*borrowed);
    QVERIFY(granted);
    const SeatLease carol = granted->answer.lease;
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);

    QTableView *table = m_window->seatsPage()->holdersView();
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    const auto click = [&](const QString &holder) {
        for (int r = 0; r < proxy->rowCount(); ++r) {
            if (proxy->index(r, 0).data().toString() == holder)
                QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                                  table->visualRect(proxy->index(r, LeaseTableModel::HolderColumn)).center());
        }
    };
    auto *writeOffAction = m_window->findChild<QAction *>(u"actionWriteOff"_s);
    QVERIFY(writeOffAction);
    // Offered on a borrowed seat only, and in the holders' context menu.
    click(u"alice@ws-12"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!writeOffAction->isEnabled(), 2000);
    QVERIFY(table->actions().contains(writeOffAction));
    click(u"carol@laptop"_s);
    QTRY_VERIFY_WITH_TIMEOUT(writeOffAction->isEnabled(), 2000);

    // Delete, where Revoke was: the borrowed seat cannot be revoked, and the box offers Write off….
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(box);
    QCOMPARE(box->objectName(), u"borrowedSeatMessage"_s);
    auto *offered = box->findChild<QPushButton *>(u"writeOffButton"_s);
    QVERIFY(offered);
    QTest::mouseClick(offered, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<WriteOffDialog *>(QApplication::activeModalWidget()), 2000);
    auto *dialog = qobject_cast<WriteOffDialog *>(QApplication::activeModalWidget());
    const QString until = borrowEndText(carol.expiresAt, m_clock->now(), QTimeZone::systemTimeZone());
    // The day in words, never an ambiguous 19/12/2026.
    QVERIFY2(
        until.contains(
            QLocale().toString(carol.expiresAt.toLocalTime().date(), u"d MMM"_s).replace(u' ', QChar(QChar::Nbsp))),
        qPrintable(until));
    const QString consequence = dialog->findChild<QLabel *>(u"consequence"_s)->text();
    QVERIFY2(consequence.contains(u"stays counted until <b>%1</b>"_s.arg(until)), qPrintable(consequence));
    QVERIFY2(consequence.contains(u"signed lease that cannot be recalled"_s), qPrintable(consequence));
    // Cancel writes nothing off.
    QTest::keyClick(dialog, Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!QApplication::activeModalWidget(), 2000);

    // Shift+Delete goes straight to the confirmation; a note is typed, and Write off clicked.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete, Qt::ShiftModifier);
    dialog = qobject_cast<WriteOffDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QTest::keyClicks(dialog->findChild<QLineEdit *>(u"note"_s), u"left on the train"_s);
    // Return does not write off (a destructive action), so the button does not look like the default.
    QVERIFY(!dialog->findChild<QPushButton *>(u"writeOffButton"_s)->isDefault());
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"writeOffButton"_s), Qt::LeftButton);

    const QString writtenOff = u"written off, until %1"_s.arg(until);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"carol@laptop"_s, LeaseTableModel::StateColumn), writtenOff, 5000);
    // Short in the status bar (walk 56b: cut at the date at 150 %), whole in its tooltip.
    QTRY_COMPARE_WITH_TIMEOUT(m_window->statusBar()->currentMessage(), u"Wrote off the seat of carol@laptop."_s, 3000);
    QCOMPARE(m_window->statusBar()->toolTip(),
             u"Wrote off the borrowed seat of carol@laptop: it stays counted until %1."_s.arg(until));
    QString tip;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data().toString() == u"carol@laptop")
            tip = proxy->index(r, LeaseTableModel::StateColumn).data(Qt::ToolTipRole).toString();
    }
    QVERIFY2(tip.contains(u"laptop holding this borrowed seat is lost"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"left on the train"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"until %1."_s.arg(until)), qPrintable(tip));
    // The moment of the write-off in the same words, never ISO.
    QVERIFY2(!tip.contains(carol.expiresAt.toLocalTime().toString(u"yyyy-MM-dd"_s)), qPrintable(tip));
    // The date's spaces are no-break ones: it never wraps (walk 57a, F4).
    QVERIFY2(QRegularExpression(u"Written off by .+ at \\w+\\x{00a0}\\d{1,2}\\x{00a0}\\w+\\x{00a0}\\d{2}:\\d{2}"_s)
                 .match(tip)
                 .hasMatch(),
             qPrintable(tip));
    // Written off once: nothing more to write off, and the seat is still counted.
    QTRY_VERIFY_WITH_TIMEOUT(!writeOffAction->isEnabled(), 2000);
    QCOMPARE(m_session->licenses().licenseAt(0).inUse, 2);
    QVERIFY(!m_server->leaseRow(u"acme-cad"_s, carol.seatId).isEmpty());
}

void TestDashboard::revokingSeveralSeatsAsksForEachInTurn()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    QVERIFY(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s));
    QVERIFY(checkout(u"acme-cad"_s, key, u"chen@cad-03"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 3, 5000);

    QTableView *table = m_window->seatsPage()->holdersView();
    const QSortFilterProxyModel *proxy = m_window->seatsPage()->holdersProxy();
    table->clearSelection();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data().toString() != u"chen@cad-03")
            table->selectionModel()->select(proxy->index(r, 0),
                                            QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    QCOMPARE(m_window->seatsPage()->selectedSeats().size(), 2);
    const auto named = [](const QDialog *dialog) {
        QString text;
        for (const QLabel *label : dialog->findChildren<QLabel *>())
            text += label->text();
        return text;
    };
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);

    // One dialog, for one of the two; the other is asked about once this one is confirmed.
    auto *first = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY(first);
    QCOMPARE(m_window->findChildren<RevokeDialog *>().size(), 1);
    const bool aliceFirst = named(first).contains(u"alice@ws-12"_s);
    const QString firstHolder = aliceFirst ? u"alice@ws-12"_s : u"bob@ws-07"_s;
    const QString secondHolder = aliceFirst ? u"bob@ws-07"_s : u"alice@ws-12"_s;
    QVERIFY2(named(first).contains(firstHolder), qPrintable(named(first)));
    // While it waits, the window goes on polling: the seats' countdowns follow the server.
    m_clock->advance(5s);
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"chen@cad-03"_s, LeaseTableModel::CountdownColumn), u"55s"_s, 3000);
    first->accept();

    QTRY_VERIFY_WITH_TIMEOUT(qobject_cast<RevokeDialog *>(QApplication::activeModalWidget())
                                 && QApplication::activeModalWidget() != first,
                             2000);
    auto *second = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY2(named(second).contains(secondHolder), qPrintable(named(second)));
    // Cancel keeps the second seat.
    second->reject();

    // The revoked row goes at the next poll; the other two stay live.
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    QVERIFY(holderCell(firstHolder, LeaseTableModel::StateColumn).isEmpty());
    QCOMPARE(holderCell(secondHolder, LeaseTableModel::StateColumn), u"live"_s);
    QCOMPARE(holderCell(u"chen@cad-03"_s, LeaseTableModel::StateColumn), u"live"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->findChildren<RevokeDialog *>().isEmpty(), 2000);
}

namespace {

// The index of the ledger's line of `category` (holding `holder`, when given), or -1.
int ledgerLine(const LedgerBar *ledger, SeatLedger::Category category, const QString &holder = {})
{
    if (!ledger->report())
        return -1;
    const QList<SeatLedger::Line> &lines = ledger->report()->ledger.lines;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).category != category)
            continue;
        if (holder.isEmpty())
            return int(i);
        for (const SeatLedger::Holding &holding : lines.at(i).holdings) {
            if (holding.holder == holder)
                return int(i);
        }
    }
    return -1;
}

QAction *menuAction(const QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

QString dialogText(const QDialog *dialog)
{
    QString text;
    for (const QLabel *label : dialog->findChildren<QLabel *>())
        text += label->text();
    return text;
}

// Whether a click at `widget`'s centre reaches it: laid out, and scrolled into the view of the
// scroll area around it, as a user would scroll before clicking.
bool underThePointer(QWidget *widget)
{
    for (QWidget *parent = widget->parentWidget(); parent; parent = parent->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(parent)) {
            area->ensureWidgetVisible(widget);
            break;
        }
    }
    QWidget *window = widget->window();
    QWidget *hit = window->childAt(widget->mapTo(window, widget->rect().center()));
    return hit == widget || widget->isAncestorOf(hit);
}

} // namespace

void TestDashboard::ledgerLinesRevokeAndEditTheirRule()
{
    // Three seats, one reserved for cad; alice and bob hold the two others (their clients report
    // no activity), the cad seat is unused.
    const QByteArray key = createLicense(u"acme-cad"_s, 3);
    int status = 0;
    m_server->adminCall("PUT", u"/v1/groups"_s,
                        {{u"groups"_s, seatrules::groupsToJson({HolderGroup {u"cad"_s, {u"cad*"_s}}})}}, &status);
    QCOMPARE(status, 200);
    SeatRules rules;
    rules.reserve << GroupSeats {u"cad"_s, 1};
    m_server->adminCall("PUT", u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, seatrules::rulesToJson(rules)}},
                        &status);
    QCOMPARE(status, 200);
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    QVERIFY(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    LedgerBar *ledger = m_window->seatsPage()->ledgerBar();
    const SeatLedger::Category held = SeatLedger::Category::ActivityUnknown;
    QTRY_VERIFY_WITH_TIMEOUT(ledgerLine(ledger, held, u"alice@ws-12"_s) >= 0, 5000);
    QVERIFY(ledger->isVisible());
    // The free line names nobody and no rule: nothing to offer.
    QVERIFY(ledgerLine(ledger, SeatLedger::Category::Free) < 0
            || !ledger->lineButton(ledgerLine(ledger, SeatLedger::Category::Free)));

    // The reserved seat's line opens the license dialog of that license, at its reservations.
    QToolButton *reservedButton = ledger->lineButton(ledgerLine(ledger, SeatLedger::Category::ReservedIdle));
    QVERIFY(reservedButton);
    QTRY_VERIFY_WITH_TIMEOUT(reservedButton->isEnabled(), 5000);
    QTRY_VERIFY(underThePointer(reservedButton));
    QTest::mouseClick(reservedButton, Qt::LeftButton);
    QMenu *menu = ledger->lineMenu();
    QTRY_VERIFY(menu->isVisible());
    QVERIFY(!menuAction(menu, u"Revoke alice@ws-12…"_s));
    QAction *editRule = menuAction(menu, u"Edit the reservation rule…"_s);
    QVERIFY(editRule && editRule->isEnabled());
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(editRule).center());
    QTRY_VERIFY(qobject_cast<LicenseDialog *>(QApplication::activeModalWidget()));
    auto *license = qobject_cast<LicenseDialog *>(QApplication::activeModalWidget());
    QCOMPARE(license->spec().id, u"acme-cad"_s);
    QVERIFY(!license->isReadOnly());
    QCOMPARE(license->reserveTable()->rowCount(), 1);
    license->reject();
    QTRY_VERIFY(!QApplication::activeModalWidget());
    // An idle line's rule: the dialog lands on the Idle seats box, its switch focused.
    m_window->editLedgerRule(u"acme-cad"_s, SeatLedger::Category::Idle);
    QTRY_VERIFY(qobject_cast<LicenseDialog *>(QApplication::activeModalWidget()));
    license = qobject_cast<LicenseDialog *>(QApplication::activeModalWidget());
    QCOMPARE(license->focusWidget(), static_cast<QWidget *>(license->reclaimCheck()));
    license->reject();
    QTRY_VERIFY(!QApplication::activeModalWidget());

    // alice's line, by keyboard: the button takes the focus, Space opens its menu, and Revoke
    // opens the same dialog as the holders table's, for her seat.
    QToolButton *heldButton = ledger->lineButton(ledgerLine(ledger, held, u"alice@ws-12"_s));
    QVERIFY(heldButton && heldButton->isEnabled());
    QVERIFY(heldButton->focusPolicy() & Qt::TabFocus);
    heldButton->setFocus();
    QTest::keyClick(heldButton, Qt::Key_Space);
    QTRY_VERIFY(menu->isVisible());
    QAction *revokeAlice = menuAction(menu, u"Revoke alice@ws-12…"_s);
    QVERIFY(revokeAlice && revokeAlice->isEnabled());
    QVERIFY(menuAction(menu, u"Revoke and block bob@ws-07…"_s));
    QVERIFY(!menuAction(menu, u"Edit the reservation rule…"_s));
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(revokeAlice).center());
    QTRY_VERIFY(qobject_cast<RevokeDialog *>(QApplication::activeModalWidget()));
    auto *dialog = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY2(dialogText(dialog).contains(u"alice@ws-12"_s), qPrintable(dialogText(dialog)));
    QCOMPARE(dialog->blockDuration(), 0s);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);

    // Revoked on the server: the next poll takes her off the table and the ledger.
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!ledger->sentenceText().contains(u"alice@ws-12"_s), 5000);
    QVERIFY(ledgerLine(ledger, held, u"bob@ws-07"_s) >= 0);

    // Revoke and block bob: the dialog proposes a block; once confirmed the ledger says it.
    heldButton = ledger->lineButton(ledgerLine(ledger, held, u"bob@ws-07"_s));
    QVERIFY(heldButton);
    QTRY_VERIFY(underThePointer(heldButton));
    QTest::mouseClick(heldButton, Qt::LeftButton);
    QTRY_VERIFY(menu->isVisible());
    QAction *blockBob = menuAction(menu, u"Revoke and block bob@ws-07…"_s);
    QVERIFY(blockBob);
    menu->setActiveAction(blockBob);
    QTest::keyClick(menu, Qt::Key_Return);
    QTRY_VERIFY(qobject_cast<RevokeDialog *>(QApplication::activeModalWidget()));
    dialog = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY2(dialogText(dialog).contains(u"bob@ws-07"_s), qPrintable(dialogText(dialog)));
    QCOMPARE(dialog->blockDuration(), 3600s);
    dialog->accept();
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"bob@ws-07"_s, LeaseTableModel::StateColumn), u"blocked"_s, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(ledger->sentenceText().contains(u"bob@ws-07 is blocked until"_s), 5000);
    QCOMPARE(ledgerLine(ledger, held), -1);
    LeaseOutcome again;
    QVERIFY(!checkout(u"acme-cad"_s, key, u"bob@ws-07"_s, &again));
    QVERIFY(std::holds_alternative<outcome::HolderBlocked>(again));
}

void TestDashboard::rotatingAKeyAsksFirst()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->seatsPage()->selectedLicenseIds(), QStringList {u"acme-cad"_s}, 5000);
    auto *rotate = m_window->findChild<QAction *>(u"actionRotateKey"_s);
    QVERIFY(rotate);
    QTRY_VERIFY_WITH_TIMEOUT(rotate->isEnabled(), 5000);

    // The question is modal over the window, without an event loop of its own; No keeps the key.
    rotate->trigger();
    auto *question = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(question);
    QVERIFY2(question->text().contains(u"acme-cad"_s), qPrintable(question->text()));
    QTest::mouseClick(question->button(QMessageBox::No), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->findChildren<QMessageBox *>().isEmpty(), 2000);
    QVERIFY(m_window->findChildren<KeyRevealDialog *>().isEmpty());
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));

    // Yes: the new key is shown once, and the old one no longer checks out.
    rotate->trigger();
    question = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(question);
    QTest::mouseClick(question->button(QMessageBox::Yes), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->findChild<KeyRevealDialog *>(), 5000);
    LeaseOutcome refused;
    QVERIFY(!checkout(u"acme-cad"_s, key, u"bob@ws-07"_s, &refused));
    QVERIFY2(std::holds_alternative<outcome::Unauthorized>(refused), qPrintable(describe(refused)));
}

void TestDashboard::statusBarAgeMovesOnTheSessionTick()
{
    QVERIFY(!createLicense(u"acme-cad"_s, 10).isEmpty());
    openWindow();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"Polled 0 s ago,"_s), 5000);
    // No poll for a while: the age in the status bar still moves, once a second.
    m_session->setPollInterval(60s);
    QTRY_VERIFY_WITH_TIMEOUT(!m_session->isPollInFlight(), 2000);
    m_clock->advance(4s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"Polled 4 s ago,"_s), 3000);
    m_clock->advance(3s);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"Polled 7 s ago,"_s), 3000);
}

void TestDashboard::forceReapPreviewsThenReclaims()
{
    const QByteArray key = createLicense(u"training"_s, 3, 15, 2, 5);
    QVERIFY(checkout(u"training"_s, key, u"kiosk@lab-2"_s));
    m_clock->advance(15s + 5s + 1s); // past expiry and grace: reapable
    QVERIFY(checkout(u"training"_s, key, u"trainer@projector"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 2, 5000);
    QCOMPARE(holderCell(u"kiosk@lab-2"_s, LeaseTableModel::StateColumn), u"expired, awaiting reap"_s);

    QTest::keyClick(m_window, Qt::Key_R, Qt::ControlModifier);
    ReapDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<ReapDialog *>()) != nullptr, 2000);
    QTRY_COMPARE_WITH_TIMEOUT(dialog->stage(), ReapDialog::Stage::Preview, 5000);
    QCOMPARE(dialog->previewCount(), 1);
    // The preview deleted nothing.
    QCOMPARE(holderRows(), 2);
    dialog->confirm();
    QTRY_COMPARE_WITH_TIMEOUT(dialog->stage(), ReapDialog::Stage::Done, 5000);
    QCOMPARE(dialog->reclaimed(), 1);
    QCOMPARE(dialog->statusText(), u"1 seat(s) reclaimed."_s.replace(u"(s)"_s, QString()));
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    QVERIFY(holderCell(u"kiosk@lab-2"_s, LeaseTableModel::StateColumn).isEmpty());
    dialog->close();
}

void TestDashboard::noEventsLoadedSaysSinceWhen()
{
    // A server whose license was created two days ago, nobody refused since. Support picks
    // "Denials": the dashboard loaded the last day's events, none.
    QVERIFY(!createLicense(u"render-farm"_s, 2).isEmpty());
    m_clock->advance(48h);
    openWindow();
    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->eventsLoaded(), 5000);
    events->kindFilter()->setFocus();
    QTest::keyClick(events->kindFilter(), Qt::Key_Down);
    QCOMPARE(events->kindFilter()->currentText(), u"Denials"_s);
    QTRY_VERIFY(events->emptyLabel()->isVisible());
    // The server has events (the license's creation): the page says since when it has none.
    const QString since = m_session->eventsLoadedSince().toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s);
    QCOMPARE(events->emptyLabel()->text(), u"No events on this server since %1."_s.arg(since));
}

void TestDashboard::eventsLoadAfterConnectingToAnotherServer()
{
    // The support engineer starts on one server, then connects to another (Server → Connect):
    // the other server's events are listed, with the time they are loaded from.
    QVERIFY(!createLicense(u"render-farm"_s, 2).isEmpty());
    openWindow();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->eventsLoaded(), 5000);
    QVERIFY(m_session->events().rowCount() > 0);

    TestServer other(TestServer::Options {.clock = m_clock.get()});
    QString error;
    QVERIFY2(other.start(&error), qPrintable(error));
    other.createLicense(u"cad-pro"_s, 5, std::chrono::seconds {60}, std::chrono::seconds {5},
                        std::chrono::seconds {15});
    m_session->connectTo(other.url(), other.adminToken(), u"other"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->eventsLoaded(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->events().rowCount() > 0, 5000);
    QCOMPARE(m_session->events().eventAt(0).licenseId, u"cad-pro"_s);
    QVERIFY(m_session->eventsLoadedSince().isValid());
}

void TestDashboard::selectingADenialShowsItsHolders()
{
    const QByteArray key = createLicense(u"render-farm"_s, 2);
    QVERIFY(checkout(u"render-farm"_s, key, u"node-01@farm"_s));
    QVERIFY(checkout(u"render-farm"_s, key, u"node-02@farm"_s));
    LeaseOutcome refused;
    QVERIFY(!checkout(u"render-farm"_s, key, u"intern@laptop-3"_s, &refused));
    QVERIFY(std::holds_alternative<outcome::NoSeats>(refused));
    openWindow();

    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    qint64 denialSeq = 0;
    QDateTime deniedAt;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const EventRecord &e : m_session->events().events()) {
                if (e.kind == EventKind::Denied) {
                    denialSeq = e.seq;
                    deniedAt = e.time;
                }
            }
            return denialSeq > 0;
        }(),
        5000);
    events->kindFilter()->setCurrentIndex(1); // denials
    QCOMPARE(events->proxy()->rowCount(), 1);
    QVERIFY(events->selectEvent(denialSeq));
    DisputePanel *panel = events->disputePanel();
    QStringList holders = panel->shownHolders();
    holders.sort();
    QCOMPARE(holders, (QStringList {u"node-01@farm"_s, u"node-02@farm"_s}));
    QVERIFY(panel->summaryText().contains(u"intern@laptop-3"_s));
    QVERIFY(panel->summaryText().contains(u"2 of 2"_s));
    // Under the holders, the server's seat ledger at the denial's moment (issue 26): both seats
    // accounted for (held by clients that report no activity), the sentence naming them.
    LedgerBar *ledger = panel->ledgerBar();
    QTRY_VERIFY_WITH_TIMEOUT(ledger->report().has_value(), 5000);
    QVERIFY(ledger->isVisible());
    QCOMPARE(ledger->report()->at, deniedAt);
    int accounted = 0;
    for (const LedgerBar::Segment &segment : ledger->segments())
        accounted += segment.seats;
    QCOMPARE(accounted, 2);
    QVERIFY2(ledger->sentenceText().contains(u"node-01@farm"_s), qPrintable(ledger->sentenceText()));
    // A ledger of the past: nobody on it to revoke now, no rule to edit from here.
    for (int line = 0; line < ledger->report()->ledger.lines.size(); ++line)
        QVERIFY(!ledger->lineButton(line));

    const QString csv = m_dashboard->filePath(u"events.csv"_s);
    QVERIFY(events->exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.size(), 3); // header, the denial, the final newline
    QVERIFY(lines.at(1).contains(",denied,render-farm,intern@laptop-3,"));

    // Another event: the ledger goes with the denial.
    events->kindFilter()->setCurrentIndex(0);
    QVERIFY(events->selectEvent(denialSeq - 1));
    QVERIFY(!ledger->report().has_value());
}

void TestDashboard::serverGoingAwayShowsTheBannerThenRecovers()
{
    const QByteArray key = createLicense(u"acme-cad"_s, 10);
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderRows(), 1, 5000);
    QVERIFY(m_window->errorBanner()->isHidden());

    int ticks = 0;
    QTimer heartbeat;
    connect(&heartbeat, &QTimer::timeout, this, [&ticks] { ++ticks; });
    heartbeat.start(20);

    m_server->stop();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible(), 5000);
    QVERIFY2(m_window->errorBanner()->message().contains(u"unreachable"_s),
             qPrintable(m_window->errorBanner()->message()));
    QCOMPARE(m_session->state(), DashboardSession::State::Failing);
    // It says when the next try is, as a countdown (the session's clock stands still here).
    const QString detail = m_window->errorBanner()->detail();
    QVERIFY2(detail.contains(u"failed poll"_s)
                 && (detail.contains(u"next try in "_s) || detail.contains(u"trying again now"_s)),
             qPrintable(detail));
    // The last known holders stay on screen, and the event loop keeps running.
    QCOMPARE(holderRows(), 1);
    const int before = ticks;
    QTest::qWait(500);
    QVERIFY2(ticks - before >= 10, qPrintable(QString::number(ticks - before)));
    QVERIFY(m_window->statusText().contains(u"not answering"_s));

    QVERIFY(startServer());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isHidden(), 5000);
    QCOMPARE(m_session->state(), DashboardSession::State::Connected);
    QCOMPARE(holderRows(), 1);
    // The banner did not just vanish: the status bar says the server is back.
    QVERIFY2(m_window->statusBar()->currentMessage().contains(u"answers again"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
}

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
