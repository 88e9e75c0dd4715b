// The words and keys of the main window that the walk-through of issue 24 found wrong: Server →
// Connect has a shortcut that no other action shares, the View menu's Filter names what the page
// filters, --language ticks its language in the menu, and the Events table speaks the interface's
// language about who caused an event and dates what is not of the same day.

#include "ConnectionDialog.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "EventFilterProxyModel.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "MainWindow.h"
#include "SeatsPage.h"
#include "Timestamps.h"

#include <QAction>
#include <QApplication>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace keyright;

class TestWindowWords final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void connectHasAShortcutOfItsOwn();
    void nothingIsAskedOfAServerThatNeverAnswered();
    void filterNamesWhatThePageFilters();
    void languageOptionIsTickedInTheMenu();
    void eventsTableTranslatesTheActorAndDatesOtherDays();
};

namespace {

QList<QAction *> menuActions(const QMenuBar *bar)
{
    QList<QAction *> all;
    QList<QMenu *> menus;
    for (QAction *top : bar->actions()) {
        if (top->menu())
            menus.append(top->menu());
    }
    while (!menus.isEmpty()) {
        const QMenu *menu = menus.takeFirst();
        for (QAction *action : menu->actions()) {
            if (action->menu())
                menus.append(action->menu());
            else if (!action->isSeparator())
                all.append(action);
        }
    }
    return all;
}

} // namespace

void TestWindowWords::connectHasAShortcutOfItsOwn()
{
    DashboardHarness dashboard;
    MainWindow &window = dashboard.build();
    auto *connectAction = window.findChild<QAction *>(u"actionConnect"_s);
    QVERIFY(connectAction);
    const QKeySequence key = connectAction->shortcut();
    QVERIFY2(!key.isEmpty(), "Server → Connect has no shortcut");
    QVERIFY(key[0].keyboardModifiers().testFlag(Qt::ControlModifier));
    // Shown in the menu (a menu shows its action's shortcut), and no other action of any menu or
    // of the window has it.
    QVERIFY(menuActions(window.menuBar()).contains(connectAction));
    for (QAction *other : window.findChildren<QAction *>()) {
        if (other != connectAction)
            QVERIFY2(other->shortcut() != key, qPrintable(other->text()));
    }

    // The key opens the connection dialog (modal: closed from inside its own event loop).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    bool opened = false;
    QTimer closer;
    closer.setInterval(20);
    connect(&closer, &QTimer::timeout, &window, [&opened] {
        if (auto *dialog = qobject_cast<ConnectionDialog *>(QApplication::activeModalWidget())) {
            opened = true;
            dialog->reject();
        }
    });
    closer.start();
    QTest::keyClick(&window, Qt::Key(key[0].key()), key[0].keyboardModifiers());
    QTRY_VERIFY(opened);
}

// A server that is down from the start (or whose certificate was refused): New license and Force
// reap cannot be carried out, so they are not offered, by menu or by key.
void TestWindowWords::nothingIsAskedOfAServerThatNeverAnswered()
{
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        closedPort = probe.serverPort();
    }
    DashboardHarness dashboard;
    MainWindow &window = dashboard.open(QUrl(u"http://127.0.0.1:%1"_s.arg(closedPort)), QByteArray(64, 'a'));
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().state(), DashboardSession::State::Failing, 10000);
    for (const char *name : {"actionNewLicense", "actionReap", "actionGroups", "actionTokens", "actionRefresh"}) {
        auto *action = window.findChild<QAction *>(QString::fromLatin1(name));
        QVERIFY2(action, name);
        QVERIFY2(!action->isEnabled(), name);
    }
    // Ctrl+R, Force reap's key, opens no dialog.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // (The dialog would open within the key's own event: nothing to wait for.)
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(QApplication::activeModalWidget(), nullptr);
}

void TestWindowWords::filterNamesWhatThePageFilters()
{
    DashboardHarness dashboard;
    MainWindow &window = dashboard.build();
    QAction *filter = nullptr;
    for (QAction *action : menuActions(window.menuBar())) {
        if (action->shortcut() == QKeySequence(QKeySequence::Find))
            filter = action;
    }
    QVERIFY(filter);
    QCOMPARE(filter->text(), u"&Filter holders"_s);
    window.pages()->setCurrentWidget(window.eventsPage());
    QCOMPARE(filter->text(), u"&Filter events by holder"_s);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(window.eventsPage()->holderFilter()->hasFocus());
    window.pages()->setCurrentWidget(window.seatsPage());
    QCOMPARE(filter->text(), u"&Filter holders"_s);
}

// keyright-admin --language en, with no language saved: English is ticked, not "System language".
void TestWindowWords::languageOptionIsTickedInTheMenu()
{
    DashboardHarness dashboard;
    MainWindow &window = dashboard.build();
    window.setLanguageManager(&dashboard.languages(), u"en"_s);
    QStringList ticked;
    for (QAction *action : menuActions(window.menuBar())) {
        if (action->isCheckable() && action->isChecked() && action->data().typeId() == QMetaType::QString)
            ticked.append(action->data().toString());
    }
    QCOMPARE(ticked, QStringList {u"en"_s});
}

void TestWindowWords::eventsTableTranslatesTheActorAndDatesOtherDays()
{
    DashboardHarness dashboard(DashboardHarness::Options {.language = u"fr"_s});
    MainWindow &window = dashboard.build();
    const QDateTime at(QDate(2083, 6, 1), QTime(10, 0), Qt::LocalTime);
    EventRecord reaped;
    reaped.seq = 1;
    reaped.time = at.toUTC();
    reaped.kind = EventKind::Reaped;
    reaped.licenseId = u"acme-cad"_s;
    reaped.holder = u"alice@ws-12"_s;
    reaped.actor = u"server"_s;
    reaped.detail = QJsonObject {{u"expiresAt"_s, formatTimestamp(at.addSecs(-25 * 3600))}};
    EventRecord granted = reaped;
    granted.seq = 2;
    granted.kind = EventKind::Granted;
    granted.actor = u"client 127.0.0.1"_s;
    granted.detail = QJsonObject {{u"generation"_s, 1}, {u"inUse"_s, 1}, {u"seatCount"_s, 10}};
    dashboard.session().events().appendEvents({reaped, granted});

    const EventFilterProxyModel *proxy = window.eventsPage()->proxy();
    QTRY_COMPARE(proxy->rowCount(), 2);
    QHash<QString, QString> actors;
    QHash<QString, QString> recorded;
    QString reapedDetail;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QString shown = proxy->index(r, EventLogModel::ActorColumn).data().toString();
        const QString raw = proxy->index(r, EventLogModel::ActorColumn).data(Qt::ToolTipRole).toString();
        actors.insert(raw.isEmpty() ? shown : raw, shown);
        if (proxy->index(r, EventLogModel::KindColumn).data(EventLogModel::KindRole).toString() == u"reaped"_s)
            reapedDetail = proxy->index(r, EventLogModel::DetailColumn).data().toString();
    }
    QCOMPARE(actors.value(u"server"_s), u"serveur"_s);
    QVERIFY2(actors.contains(u"client 127.0.0.1"_s), qPrintable(actors.keys().join(u", "_s)));
    // Expired the day before the reap: the day is named, not only the time of day.
    QVERIFY2(reapedDetail.contains(u"31"_s) && reapedDetail.contains(u"09:00"_s), qPrintable(reapedDetail));
}

QTEST_MAIN(TestWindowWords)
#include "tst_windowwords.moc"
