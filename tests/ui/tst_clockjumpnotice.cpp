#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "EventFilterProxyModel.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "TestServer.h"

#include <QApplication>
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
    QVERIFY2(notice->text().contains(u"the server's clock jumped forward by 10m"_s), qPrintable(notice->text()));
    QTRY_VERIFY_WITH_TIMEOUT(
        eventDetail(u"clock jumped"_s, 0).startsWith(u"the server's clock jumped forward by 10m"_s), 5000);

    clock.setNow(clock.now().addSecs(-600));
    QTRY_VERIFY_WITH_TIMEOUT(notice->text().contains(u"the server's clock jumped back by 10m"_s), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!eventDetail(u"clock jumped"_s, 1).isEmpty(), 5000);
    m_window = nullptr;
}

QTEST_MAIN(TestClockJumpNotice)
#include "tst_clockjumpnotice.moc"
