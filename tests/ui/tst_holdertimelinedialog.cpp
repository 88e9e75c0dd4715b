// A holder's timeline (issue 26) on a real server, read by a viewer: opened with its shortcut from
// the Seats page's holders table, it shows the holder's seat as a lane ending at its release and
// the refusal in the table, and a row picked in the table is the moment marked on the strip.
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "HolderTimelineDialog.h"
#include "HolderTimelineModel.h"
#include "HolderTimelineStrip.h"
#include "LeaseClient.h"
#include "LeaseTableModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "TestServer.h"

#include <QAction>
#include <QComboBox>
#include <QJsonObject>
#include <QLineEdit>
#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimeZone>

#include <cstdlib>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

QByteArray createLicense(TestServer &server, const QString &id, int seats)
{
    int status = 0;
    const QJsonObject created = server.adminCall("PUT", u"/v1/licenses/%1"_s.arg(id),
                                                 {{u"name"_s, id},
                                                  {u"seatCount"_s, seats},
                                                  {u"ttlSeconds"_s, 3600},
                                                  {u"skewSeconds"_s, 10},
                                                  {u"reapGraceSeconds"_s, 600}},
                                                 &status);
    return status == 201 ? created.value("key"_L1).toString().toLatin1() : QByteArray();
}

bool release(DashboardHarness &dashboard, const QUrl &url, const QString &licenseId, const QByteArray &key,
             const QString &seatId)
{
    LeaseClient client(dashboard.network());
    client.setServerUrl(url);
    client.setLicense(licenseId, key);
    QObject context;
    bool done = false;
    client.release(seatId, &context, [&done](const ReleaseOutcome &) { done = true; });
    return QTest::qWaitFor([&done] { return done; }, 5000);
}

} // namespace

class TestHolderTimelineDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theShortcutShowsTheSeatAndTheRefusal();
};

void TestHolderTimelineDialog::theShortcutShowsTheSeatAndTheRefusal()
{
    ManualClock clock(QDateTime(QDate(2026, 12, 3), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cadKey = createLicense(server, u"cad"_s, 1);
    const QByteArray camKey = createLicense(server, u"cam"_s, 1);
    QVERIFY(!cadKey.isEmpty() && !camKey.isEmpty());
    int status = 0;
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"vera"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);

    // 09:00 alice takes cad's seat; 09:02 she is refused cam's, which bob holds.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .pollInterval = 1h});
    const QUrl url = server.url();
    const QString alice = u"alice@ws-12"_s;
    const auto seat = dashboard.takeSeat(url, u"cad"_s, cadKey, alice);
    QVERIFY(seat);
    clock.advance(1min);
    QVERIFY(dashboard.takeSeat(url, u"cam"_s, camKey, u"bob@ws-3"_s));
    clock.advance(1min);
    const auto refused = dashboard.checkout(url, u"cam"_s, camKey, alice);
    QVERIFY(refused && std::holds_alternative<outcome::NoSeats>(*refused));
    clock.advance(3min);

    // One poll (the window opens) shows alice among cad's holders; select her row.
    MainWindow &window = dashboard.open(url, token.value("secret"_L1).toString().toLatin1());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    SeatsPage *seats = window.seatsPage();
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().state() == DashboardSession::State::Connected, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().licenses().rowCount() == 2, 5000);
    seats->selectLicense(u"cad"_s);
    // Its holders are read at the next poll: now (F5), not in an hour.
    QTest::keyClick(&window, Qt::Key_F5);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.holderRow(alice) >= 0, 5000);
    QTableView *holders = seats->holdersView();
    const QRect cell
        = holders->visualRect(seats->holdersProxy()->index(dashboard.holderRow(alice), LeaseTableModel::HolderColumn));
    QTest::mouseClick(holders->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(window.selectedHolder(), alice);
    QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QAction *>(u"actionHolderTimeline"_s)->isEnabled(), 5000);

    // 09:05 alice releases (the table still shows her: no poll since).
    const QDateTime releasedAt = clock.now();
    QVERIFY(release(dashboard, url, u"cad"_s, cadKey, seat->seatId));
    clock.advance(1min);

    holders->setFocus();
    QTest::keyClick(holders, Qt::Key_T, Qt::ControlModifier);
    QPointer<HolderTimelineDialog> dialog;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<HolderTimelineDialog *>()) != nullptr, 2000);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->holderEdit()->text(), alice);
    HolderTimelineModel *model = dialog->model();
    QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() > 0, 5000);
    QVERIFY2(model->errorText().isEmpty(), qPrintable(model->errorText()));

    // One lane: the cad seat, from its grant to the release.
    QCOMPARE(model->spans().size(), 1);
    const TimelineSpan &span = model->spans().first();
    QCOMPARE(span.licenseId, u"cad"_s);
    QCOMPARE(span.seatId, seat->seatId);
    QCOMPARE(span.how, TimelineSpan::End::Released);
    QCOMPARE(span.end, releasedAt);
    QCOMPARE(span.start, releasedAt.addSecs(-5 * 60));
    QVERIFY2(dialog->statusText().startsWith(u"3 events, 1 seat from "_s), qPrintable(dialog->statusText()));

    // Six minutes of use in the last 24 hours: the strip starts a little before the grant, so
    // that the seat is drawn across most of it rather than as a sliver at the right edge.
    HolderTimelineStrip *axisStrip = dialog->strip();
    QVERIFY(model->viewFrom() > model->from().addSecs(23 * 3600));
    QVERIFY(model->viewFrom() < span.start);
    const QRect lane = axisStrip->laneRect(0);
    QVERIFY2(axisStrip->xOf(span.start) < lane.left() + lane.width() / 4,
             qPrintable(QString::number(axisStrip->xOf(span.start))));
    QCOMPARE(axisStrip->xOf(span.end) > lane.left() + lane.width() / 2, true);

    // An axis over days names them in the strip's language, the day before the month: "3 déc.
    // 08:00" in French, not "12-03 08:00" (events spread over the whole range leave it whole).
    HolderTimelineModel spread;
    const QDateTime until = model->until();
    spread.setEvents({EventRecord {1, until.addSecs(-23 * 3600), EventKind::Granted, u"cad"_s, u"s1"_s, alice, {}, {}},
                      EventRecord {2, until.addSecs(-60), EventKind::Released, u"cad"_s, u"s1"_s, alice, {}, {}}},
                     until.addDays(-1), until);
    QCOMPARE(spread.viewFrom(), until.addDays(-1));
    HolderTimelineStrip wide(spread);
    wide.resize(900, 200);
    wide.setLocale(QLocale(QLocale::French, QLocale::France));
    const QList<std::pair<QDateTime, QString>> ticks = wide.axisTicks();
    QVERIFY(ticks.size() >= 2);
    for (const auto &[at, label] : ticks) {
        QCOMPARE(label, QLocale(QLocale::French, QLocale::France).toString(at.toLocalTime(), u"d MMM HH:mm"_s));
        QVERIFY2(label.contains(u" déc. "_s) && label.at(0).isDigit(), qPrintable(label));
    }

    // The table: the grant, the refusal (on no lane, in the dispute panel's words), the release.
    QTableView *table = dialog->table();
    QCOMPARE(model->rowCount(), 3);
    int refusalRow = -1;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->eventAt(row).kind == EventKind::Denied)
            refusalRow = row;
    }
    QCOMPARE(refusalRow, 1);
    QCOMPARE(model->laneOfRow(refusalRow), -1);
    const QString sentence = model->index(refusalRow, HolderTimelineModel::EventColumn).data().toString();
    QVERIFY2(sentence.startsWith(u"Denied to alice@ws-12"_s), qPrintable(sentence));
    QVERIFY(model->index(2, HolderTimelineModel::EventColumn).data().toString().startsWith(u"Released seat "_s));

    // The last hour instead (Up in the range chooser): read again, the same three events.
    QComboBox *range = dialog->rangeBox();
    range->setFocus();
    QTest::keyClick(range, Qt::Key_Up);
    QCOMPARE(range->currentIndex(), int(HolderTimelineDialog::Range::LastHour));
    QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() == 3, 5000);
    QVERIFY(std::abs(model->from().secsTo(clock.now().addSecs(-3600))) <= 60);
    QCOMPARE(model->spans().size(), 1);

    // Picking the refusal marks its moment on the strip; a click on the lane at the release time
    // picks the release.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      table->visualRect(model->index(refusalRow, HolderTimelineModel::EventColumn)).center());
    QCOMPARE(dialog->strip()->highlightTime(), model->eventAt(refusalRow).time);
    QCOMPARE(dialog->strip()->highlightLane(), -1);
    HolderTimelineStrip *strip = dialog->strip();
    QTest::mouseClick(strip, Qt::LeftButton, {}, QPoint(strip->xOf(releasedAt), strip->laneRect(0).center().y()));
    QCOMPARE(table->currentIndex().row(), 2);
    QCOMPARE(strip->highlightTime(), releasedAt);
    QCOMPARE(strip->highlightLane(), 0);

    // With KEYRIGHT_SCREENSHOT_DIR set: holder-timeline-en.png, the dialog with the release picked.
    if (const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(dialog->grab().save(dir + u"/holder-timeline-en.png"_s));

    // The server goes away: Show again says so in the dialog and keeps what it showed.
    server.stop();
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"timelineShow"_s), Qt::LeftButton);
    QTRY_VERIFY2_WITH_TIMEOUT(dialog->statusText().startsWith(u"The events could not be read: "_s),
                              qPrintable(dialog->statusText()), 10000);
    QVERIFY(!model->isLoading());
    QCOMPARE(model->rowCount(), 3);

    dialog->close();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog, 2000);

    // On the Events page, Ctrl+T opens the timeline of the selected event's holder.
    window.pages()->setCurrentWidget(window.eventsPage());
    QTableView *events = window.eventsPage()->table();
    QModelIndex aliceEvent;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (int row = 0; row < events->model()->rowCount(); ++row) {
                const QModelIndex index = events->model()->index(row, 0);
                if (index.data(EventLogModel::HolderRole).toString() == alice)
                    aliceEvent = index;
            }
            return aliceEvent.isValid();
        }(),
        5000);
    events->scrollTo(aliceEvent);
    QTest::mouseClick(events->viewport(), Qt::LeftButton, {}, events->visualRect(aliceEvent).center());
    QCOMPARE(window.selectedHolder(), alice);
    window.activateWindow(); // the dialog was the active window until it closed
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(events, Qt::Key_T, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<HolderTimelineDialog *>()) != nullptr, 2000);
    QCOMPARE(dialog->holderEdit()->text(), alice);
    dialog->close();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog, 2000);
}

QTEST_MAIN(TestHolderTimelineDialog)
#include "tst_holdertimelinedialog.moc"
