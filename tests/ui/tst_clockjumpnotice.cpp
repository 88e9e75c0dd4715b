#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "EventFilterProxyModel.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "TestServer.h"

#include <QApplication>
#include <QJsonObject>
#include <QLabel>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The dashboard against a real server whose own clock jumps: the status bar says so, with the
// latest jump, and the Events page lists each jump in words.
class TestClockJumpNotice : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serverClockJumpsShowInTheStatusBarAndEvents();
    void eachClockIsNamedInItsOwnWords_data();
    void eachClockIsNamedInItsOwnWords();

private:
    QString eventDetail(const QString &kindLabel, int nth) const;

    MainWindow *m_window = nullptr;
};

QString TestClockJumpNotice::eventDetail(const QString &kindLabel, int nth) const
{
    const EventFilterProxyModel *proxy = m_window->eventsPage()->proxy();
    QStringList details;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, EventLogModel::KindColumn).data().toString() == kindLabel)
            details.append(proxy->index(r, EventLogModel::DetailColumn).data().toString());
    }
    return nth < details.size() ? details.at(nth) : QString();
}

void TestClockJumpNotice::serverClockJumpsShowInTheStatusBarAndEvents()
{
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    m_window = &dashboard.open(server.url(), server.adminToken());
    DashboardSession &session = dashboard.session();

    auto *notice = m_window->findChild<QLabel *>(u"clockJumpStatus"_s);
    QVERIFY(notice);
    QTRY_VERIFY_WITH_TIMEOUT(session.state() == DashboardSession::State::Connected, 5000);
    QVERIFY(notice->isHidden());

    // The server notices within a second of real time (its clock watch), the dashboard at its next
    // poll.
    clock.setNow(clock.now().addSecs(600));
    QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible(), 10000);
    QVERIFY2(notice->text().startsWith(u"Server clock jumped"_s), qPrintable(notice->text()));
    QVERIFY2(notice->toolTip().contains(u"the server's clock jumped forward by 10m"_s), qPrintable(notice->toolTip()));
    QTRY_VERIFY_WITH_TIMEOUT(
        eventDetail(u"clock jumped"_s, 0).startsWith(u"the server's clock jumped forward by 10m"_s), 5000);

    clock.setNow(clock.now().addSecs(-600));
    QTRY_VERIFY_WITH_TIMEOUT(notice->toolTip().contains(u"the server's clock jumped back by 10m"_s), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!eventDetail(u"clock jumped"_s, 1).isEmpty(), 5000);
    m_window = nullptr;
}

void TestClockJumpNotice::eachClockIsNamedInItsOwnWords_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("clock");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("named"); // in the tooltip
    QTest::addColumn<QString>("notNamed"); // another clock's words, never in the tooltip
    QTest::newRow("database, English") << u"en"_s << u"database"_s << u"Database clock jumped"_s
                                       << u"The database's clock jumped"_s << u"saw its own clock"_s;
    QTest::newRow("wall, English") << u"en"_s << u"wall"_s << u"Server clock jumped"_s
                                   << u"The server saw its own clock jump"_s << u"database"_s;
    QTest::newRow("monotonic, English") << u"en"_s << u"monotonic"_s << u"Server's monotonic clock jumped"_s
                                        << u"monotonic clock go back"_s << u"database"_s;
    QTest::newRow("database, French") << u"fr"_s << u"database"_s << u"L'horloge de la base de données a sauté"_s
                                      << u"L'horloge de la base de données a fait un saut"_s << u"sa propre horloge"_s;
    QTest::newRow("wall, French") << u"fr"_s << u"wall"_s << u"L'horloge du serveur a sauté"_s
                                  << u"Le serveur a vu sa propre horloge faire un saut"_s << u"base de données"_s;
}

// The status bar names the clock the event names (the walk-through read "the server saw its own
// clock jump" about the database's): short in the bar, the whole sentence in its tooltip and in
// the Events page's Details tooltip, however narrow that column.
void TestClockJumpNotice::eachClockIsNamedInItsOwnWords()
{
    QFETCH(QString, language);
    QFETCH(QString, clock);
    QFETCH(QString, label);
    QFETCH(QString, named);
    QFETCH(QString, notNamed);
    DashboardHarness dashboard(DashboardHarness::Options {.language = language});
    m_window = &dashboard.build();
    auto *notice = m_window->findChild<QLabel *>(u"clockJumpStatus"_s);
    QVERIFY(notice && notice->isHidden());

    EventRecord jump;
    jump.seq = 7;
    jump.time = QDateTime::currentDateTimeUtc();
    jump.kind = EventKind::ClockJumped;
    jump.actor = u"server"_s;
    jump.detail = QJsonObject {
        {u"clock"_s, clock}, {u"direction"_s, u"forward"_s}, {u"sizeMs"_s, 600000}, {u"offsetMs"_s, 600000}};
    dashboard.session().events().appendEvents({jump});
    Q_EMIT dashboard.session().eventsArrived({jump});
    QVERIFY(notice->isVisible());
    QVERIFY2(notice->text().startsWith(label), qPrintable(notice->text()));
    QVERIFY2(notice->toolTip().contains(named), qPrintable(notice->toolTip()));
    QVERIFY2(!notice->toolTip().contains(notNamed), qPrintable(notice->toolTip()));

    const QString sentence = EventLogModel::clockJumpText(jump);
    QVERIFY2(notice->toolTip().contains(sentence), qPrintable(notice->toolTip() + u" / "_s + sentence));
    const EventFilterProxyModel *proxy = m_window->eventsPage()->proxy();
    QCOMPARE(proxy->rowCount(), 1);
    QCOMPARE(proxy->index(0, EventLogModel::DetailColumn).data(Qt::ToolTipRole).toString(), sentence);
    m_window = nullptr;
}

QTEST_MAIN(TestClockJumpNotice)
#include "tst_clockjumpnotice.moc"
