// The dashboard on a small screen: 1280x720 at 150 % leaves 853x480 logical pixels, and the
// offscreen platform's one screen (800x800) is as narrow. The window opens inside the screen, in
// English and in French; no label of the Events page's filters overlaps a field; the status bar's
// labels stay inside the window, shortened with their whole text in a tooltip; a long TLS error
// in the banner wraps inside it.

#include "AlertsPage.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "ElidedLabel.h"
#include "ErrorBanner.h"
#include "EventsPage.h"
#include "FleetPage.h"
#include "GroupsDialog.h"
#include "LanguageManager.h"
#include "LicenseDialog.h"
#include "LicenseListModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "SimulatorPage.h"
#include "SystemClock.h"
#include "TestServer.h"
#include "fleet/ReplicasDemoView.h"
#include "wire/ClockJump.h"

#include <QLabel>
#include <QNetworkAccessManager>
#include <QScopeGuard>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

class TestSmallScreen final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstStartFitsTheScreen_data();
    void firstStartFitsTheScreen();
    void askedSizeIsKeptWithinTheScreen();
    void switchingPagesKeepsTheWindowOnTheScreen();
    void dialogsOpenWithinTheScreen();
    void narrowWindowShowsEveryLabelWhole_data();
    void narrowWindowShowsEveryLabelWhole();
    void tabTitlesFitWholeWithTheAlertCount_data();
    void tabTitlesFitWholeWithTheAlertCount();
};

namespace {

QRect screenArea(const QWidget &window)
{
    return window.screen()->availableGeometry();
}

EventRecord databaseClockJump(qint64 seq, const QDateTime &at)
{
    ClockJump jump;
    jump.clock = JumpedClock::Database;
    jump.sizeMs = 600'000;
    jump.offsetMs = 600'000;
    EventRecord event;
    event.seq = seq;
    event.time = at;
    event.kind = EventKind::ClockJumped;
    event.actor = u"server"_s;
    event.detail = jump.toJson();
    return event;
}

} // namespace

void TestSmallScreen::firstStartFitsTheScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// No saved geometry, as on a first start: the default size (1360x820) is larger than the screen.
void TestSmallScreen::firstStartFitsTheScreen()
{
    QFETCH(QString, language);
    LanguageManager languages;
    languages.apply(language);
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    QNetworkAccessManager network;
    DashboardSession session(network, SystemClock::instance());
    MainWindow window(session, settings);
    // The pages app/main.cpp adds.
    window.addPage(new SimulatorPage(window.pageContext()), u"Clock-skew simulator"_s);
    window.addPage(new FleetPage(window.pageContext()), u"Fleet"_s);
    window.addPage(new ReplicasDemoView, u"Replicas demo"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // As keyright-admin --server starts when the server is not there: the banner shows.
    session.connectTo(QUrl(u"http://127.0.0.1:9"_s), QByteArray(64, 'a'));
    QTRY_COMPARE_WITH_TIMEOUT(session.state(), DashboardSession::State::Failing, 10000);
    QTest::qWait(50);
    const QRect screen = screenArea(window);
    QVERIFY2(screen.width() < 1360, "the offscreen screen is expected narrower than the default size");
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(u"window %1x%2 at %3,%4 on a screen of %5x%6"_s.arg(window.width())
                            .arg(window.height())
                            .arg(window.x())
                            .arg(window.y())
                            .arg(screen.width())
                            .arg(screen.height())));
    // And it could be that small: nothing inside insists on more.
    QVERIFY2(
        window.minimumSizeHint().width() <= screen.width() && window.minimumSizeHint().height() <= screen.height(),
        qPrintable(u"minimum %1x%2"_s.arg(window.minimumSizeHint().width()).arg(window.minimumSizeHint().height())));
    window.pages()->setCurrentWidget(window.eventsPage());
    QVERIFY2(window.minimumSizeHint().width() <= screen.width(),
             qPrintable(u"minimum width on the Events page %1"_s.arg(window.minimumSizeHint().width())));
}

// Walk 150: at 1280x720 and 150 % (853x480), with a license whose ledger has several lines and
// someone in its waiting line, going from the Events page back to the Seats page made the window
// 1280x785, its status bar below the screen: the Seats page asked for more height than there was.
void TestSmallScreen::switchingPagesKeepsTheWindowOnTheScreen()
{
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    QNetworkAccessManager network;
    ManualClock clock;
    const QDateTime now = clock.now();
    DashboardSession session(network, clock);
    MainWindow window(session, settings);
    window.resize(800, 480);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary summary;
    summary.id = u"render-farm"_s;
    summary.name = u"Render farm"_s;
    summary.seatCount = 6;
    summary.inUse = 6;
    summary.ttlSeconds = 120;
    summary.skewSeconds = 10;
    summary.reapGraceSeconds = 30;
    summary.waiting = 2;
    licenses.licenses << summary;
    session.licenses().applyList(licenses);
    LeaseList list;
    list.licenseId = summary.id;
    list.serverTime = now;
    list.seatCount = summary.seatCount;
    list.groups << HolderGroup {u"cad"_s, {u"cad*"_s}};
    list.rules.reserve << GroupSeats {u"cad"_s, 1};
    for (int n = 1; n <= 6; ++n) {
        LeaseRow row;
        row.lease.licenseId = list.licenseId;
        row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
        row.lease.holder = u"node-%1@farm"_s.arg(n);
        row.lease.generation = quint64(n);
        row.lease.issuedAt = now.addSecs(-600);
        row.lease.expiresAt = now.addSecs(90);
        row.lease.signature = QByteArray(64, char(n));
        row.live = true;
        row.reapableAt = row.lease.expiresAt.addSecs(30);
        row.signatureValid = true;
        row.lastActivityAt = now.addSecs(n % 2 ? -95 * 60 : -5);
        list.leases << row;
    }
    list.inUse = int(list.leases.size());
    for (int n = 1; n <= 2; ++n) {
        QueueTicket ticket;
        ticket.ticketId = u"t%1"_s.arg(n);
        ticket.licenseId = list.licenseId;
        ticket.holder = u"carol%1@ws-3"_s.arg(n);
        ticket.position = n;
        ticket.waiting = 2;
        ticket.queuedAt = now.addSecs(-60 + n);
        ticket.expiresAt = now.addSecs(60);
        ticket.giveUpAt = now.addSecs(600);
        list.queue << ticket;
    }
    session.applyLeaseLists({list});
    QTRY_COMPARE(window.seatsPage()->holdersProxy()->rowCount(), 6);
    QTRY_VERIFY(window.seatsPage()->lineView()->isVisible());

    window.pages()->setCurrentWidget(window.eventsPage());
    QTest::qWait(50);
    window.pages()->setCurrentWidget(window.seatsPage());
    QTest::qWait(50);
    QVERIFY2(
        window.height() <= 480 && window.minimumSizeHint().height() <= 480,
        qPrintable(u"window %1 px high, at least %2"_s.arg(window.height()).arg(window.minimumSizeHint().height())));
}

// --window-size: taken as asked when the screen has room, made to fit when it has not.
void TestSmallScreen::askedSizeIsKeptWithinTheScreen()
{
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    QNetworkAccessManager network;
    DashboardSession session(network, SystemClock::instance());
    MainWindow window(session, settings);
    window.resizeWithinScreen(QSize(720, 480));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(720, 480));
    window.resizeWithinScreen(QSize(2040, 1230));
    QVERIFY2(screenArea(window).contains(window.frameGeometry()),
             qPrintable(u"%1x%2"_s.arg(window.width()).arg(window.height())));
}

// The license dialog asked for 960x540 whatever the screen: at 1280x720 and 150 % its Create
// button was off the screen. Every dialog with a default size opens within the screen.
void TestSmallScreen::dialogsOpenWithinTheScreen()
{
    LicenseDialog license(std::nullopt, {});
    GroupsDialog groups({});
    for (QDialog *dialog : {static_cast<QDialog *>(&license), static_cast<QDialog *>(&groups)}) {
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        const QRect screen = dialog->screen()->availableGeometry();
        QVERIFY2(
            dialog->width() <= screen.width() && dialog->height() <= screen.height(),
            qPrintable(u"%1 is %2x%3 on a screen of %4x%5"_s.arg(QString::fromLatin1(dialog->metaObject()->className()))
                           .arg(dialog->width())
                           .arg(dialog->height())
                           .arg(screen.width())
                           .arg(screen.height())));
        dialog->hide();
    }
}

void TestSmallScreen::narrowWindowShowsEveryLabelWhole_data()
{
    firstStartFitsTheScreen_data();
}

void TestSmallScreen::narrowWindowShowsEveryLabelWhole()
{
    QFETCH(QString, language);
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .size = {853, 480}, .language = language});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    DashboardSession &session = dashboard.session();
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == DashboardSession::State::Connected, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(session.lastPollTime().isValid(), 5000);
    Q_EMIT session.eventsArrived({databaseClockJump(1000, clock.now())});
    window.pages()->setCurrentWidget(window.eventsPage());
    QTest::qWait(50);
    QCOMPARE(window.width(), 853);

    // The Events page's filters: each label whole, over no other widget.
    QList<QWidget *> row;
    for (QWidget *w : window.eventsPage()->findChildren<QWidget *>()) {
        if (w->isVisible() && w->parentWidget() == window.eventsPage())
            row.append(w);
    }
    for (QWidget *w : std::as_const(row)) {
        auto *label = qobject_cast<QLabel *>(w);
        if (!label || label->text().isEmpty())
            continue;
        QVERIFY2(label->width() >= label->sizeHint().width(),
                 qPrintable(u"\"%1\" is %2 px wide, needs %3"_s.arg(label->text())
                                .arg(label->width())
                                .arg(label->sizeHint().width())));
        for (QWidget *other : std::as_const(row)) {
            if (other != label)
                QVERIFY2(!label->geometry().intersects(other->geometry()),
                         qPrintable(u"\"%1\" overlaps %2"_s.arg(label->text(), other->objectName())));
        }
    }

    // The status bar: every label inside the window; one that does not fit says it all in its
    // tooltip.
    auto *jump = window.findChild<QLabel *>(u"clockJumpStatus"_s);
    QVERIFY(jump && jump->isVisible());
    for (QLabel *label : window.statusBar()->findChildren<QLabel *>()) {
        if (!label->isVisible() || label->text().isEmpty())
            continue;
        const QRect inWindow(label->mapTo(&window, QPoint(0, 0)), label->size());
        QVERIFY2(window.rect().contains(inWindow),
                 qPrintable(u"\"%1\" ends at %2 in a window %3 wide"_s.arg(label->text())
                                .arg(inWindow.right())
                                .arg(window.width())));
        if (auto *elided = qobject_cast<ElidedLabel *>(label); elided && elided->isElided())
            QVERIFY2(elided->shownText().endsWith(u'…'), qPrintable(elided->shownText()));
    }
    // While a message shows, who is connected and with which role is whole or out of the way, never
    // cut to "bootstrap · …" (walk 51a N2, "olga · …").
    auto *identity = window.findChild<ElidedLabel *>(u"identityStatus"_s);
    QVERIFY(identity && identity->isVisible());
    window.statusBar()->showMessage(language == u"en"_s ? u"Alert acknowledged by olga (operator)."_s
                                                        : u"Alerte prise en compte par olga (opérateur)."_s);
    QTest::qWait(50);
    QVERIFY2(identity->width() == 0 || !identity->isElided(), qPrintable(identity->shownText()));
    window.statusBar()->clearMessage();
    QTest::qWait(50);
    // The server's clock offset, which the simulator's trainer points at, is whole.
    auto *offset = window.findChild<QLabel *>(u"offsetStatus"_s);
    QVERIFY(offset);
    QTRY_VERIFY(offset->text().startsWith(language == u"en"_s ? u"Server clock"_s : u"Horloge serveur"_s));
    QVERIFY2(offset->width() >= offset->sizeHint().width(),
             qPrintable(u"\"%1\" is %2 px wide, needs %3"_s.arg(offset->text())
                            .arg(offset->width())
                            .arg(offset->sizeHint().width())));
    QVERIFY(!qobject_cast<ElidedLabel *>(offset) || !qobject_cast<ElidedLabel *>(offset)->isElided());
    QVERIFY2(jump->toolTip().contains(language == u"en"_s ? u"the database's clock jumped forward by 10m"_s
                                                          : u"l'horloge de la base de données"_s),
             qPrintable(jump->toolTip()));

    // A certificate error: the fingerprints are long words; the banner wraps them inside itself.
    const QString print = u"B9:67:12:B0:99:C8:75:69:1C:80:23:79:00:1D:E1:26:02:57:62:E4:17:67:0E:D3:80:2B:F0:D1:"
                          "4F:3C:11:9C"_s;
    const QString other = u"4F:3C:11:9C:80:2B:F0:D1:17:67:0E:D3:02:57:62:E4:1C:80:23:79:00:1D:E1:26:99:C8:75:69:"
                          "B9:67:12:B0"_s;
    const QString message = u"TLS error: the certificate of 127.0.0.1:7442 changed: the one trusted has the SHA-256 "
                            "fingerprint %1, the one presented %2; it is not used"_s.arg(print, other);
    // As long as the advice MainWindow gives with it.
    window.errorBanner()->showError(
        message,
        u"If the server's certificate was replaced on purpose, open Server → Connect to a server… (Ctrl+K), "
        "select this server and press Forget under Trusted certificates, then connect: the new certificate "
        "is shown with its fingerprint to confirm."_s);
    QTest::qWait(50);
    QCOMPARE(window.width(), 853);
    // The window kept its height: the fingerprints are shortened on screen, whole in the tooltip.
    QCOMPARE(window.height(), 480);
    QVERIFY2(window.minimumSizeHint().height() <= 480, qPrintable(QString::number(window.minimumSizeHint().height())));
    QVERIFY2(window.errorBanner()->shownMessage().contains(u"B9:67:12:B0…4F:3C:11:9C"_s),
             qPrintable(window.errorBanner()->shownMessage()));
    QVERIFY(!window.errorBanner()->shownMessage().contains(print));
    QCOMPARE(window.errorBanner()->message(), message);
    bool tooltipWhole = false;
    for (QLabel *label : window.errorBanner()->findChildren<QLabel *>())
        tooltipWhole = tooltipWhole || label->toolTip() == message;
    QVERIFY(tooltipWhole);
    const QRect banner(window.errorBanner()->mapTo(&window, QPoint(0, 0)), window.errorBanner()->size());
    QVERIFY2(window.rect().contains(banner), qPrintable(u"banner %1 wide"_s.arg(banner.width())));
    for (QLabel *label : window.errorBanner()->findChildren<QLabel *>()) {
        if (label->isVisible())
            QVERIFY2(window.errorBanner()->rect().contains(label->geometry()),
                     qPrintable(u"\"%1\" ends at %2 in a banner %3 wide"_s.arg(label->text().left(30))
                                    .arg(label->geometry().right())
                                    .arg(window.errorBanner()->width())));
    }
}

void TestSmallScreen::tabTitlesFitWholeWithTheAlertCount_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// Walk 51a N2: in French at 1280x720 and 150 % (853 px wide) every tab was shortened ("Siè…",
// "Alertes …"), the count of firing alerts cut away. Titles are never shortened now, and all of
// them, the Alerts one with a two-digit count, fit the bar of a window that wide.
void TestSmallScreen::tabTitlesFitWholeWithTheAlertCount()
{
    QFETCH(QString, language);
    LanguageManager languages;
    languages.apply(language);
    const auto english = qScopeGuard([&languages] { languages.apply(u"en"_s); });
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    QNetworkAccessManager network;
    DashboardSession session(network, SystemClock::instance());
    MainWindow window(session, settings);
    // The pages app/main.cpp adds, with its titles.
    window.addPage(new SimulatorPage(window.pageContext()),
                   [] { return QCoreApplication::translate("main", "Clock-skew simulator"); });
    window.addPage(new FleetPage(window.pageContext()), [] { return QCoreApplication::translate("main", "Fleet"); });
    window.addPage(new ReplicasDemoView, [] { return QCoreApplication::translate("main", "Replicas demo"); });
    window.resize(std::min(853, screenArea(window).width()), 480);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTabBar *bar = window.pages()->tabBar();
    QCOMPARE(bar->elideMode(), Qt::ElideNone);
    QVERIFY(bar->usesScrollButtons());
    // The Alerts tab as it reads with alerts firing: "Alerts (12)".
    const int alerts = window.pages()->indexOf(window.alertsPage()->parentWidget()->parentWidget());
    QVERIFY(alerts >= 0);
    bar->setTabText(alerts, bar->tabText(alerts) + u" (12)"_s);
    const QString titles = [bar] {
        QStringList all;
        for (int i = 0; i < bar->count(); ++i)
            all << bar->tabText(i);
        return all.join(u" | "_s);
    }();
    const int last = bar->count() - 1;
    QVERIFY2(bar->tabRect(last).right() < bar->width(),
             qPrintable(u"%1: %2 px in a bar of %3"_s.arg(titles).arg(bar->tabRect(last).right()).arg(bar->width())));
}

QTEST_MAIN(TestSmallScreen)
#include "tst_smallscreen.moc"
