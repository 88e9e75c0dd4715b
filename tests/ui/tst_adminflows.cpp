// What an admin and a support engineer meet in the first minutes against a real server: rows that
// stay under the pointer, a force reap that lost the race to the periodic reaper, an outage and a
// wrong token that say what they are, the events of a blocked holder folded, and the dispute view.
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DisputePanel.h"
#include "ErrorBanner.h"
#include "EventFilterProxyModel.h"
#include "EventsPage.h"
#include "LicenseListModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "ReapDialog.h"
#include "RevokeDialog.h"
#include "SeatsPage.h"
#include "StatePalette.h"
#include "TestServer.h"
#include "UsageChartView.h"

#include <QApplication>
#include <QBrush>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

class TestAdminFlows : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void deleteRevokesTheHolderSelectedDespiteRenewals();
    void forceReapNamesThePeriodicReaperThatCameFirst();
    void outageMarksEveryNumberStale();
    void wrongTokenIsRefusedNotUnreachable();
    void statusBarNamesAServerUrlOnce();
    void blockedRetriesFoldIntoOneRowAndTheHolderFilterTellsTheStory();
    void eventsPageSaysWhenNothingMatchesAndExportConfirms();
    void dateRangeFollowsNowUntilEdited();
    void disputePanelShowsWholeNotesAndOneDurationFormat();
    void chartLegendTellsSeatsOwnedFromDenials();
    void namesAndFrenchTextsAreNotCutAt1280x720();

private:
    void startServer(std::chrono::seconds reapInterval = std::chrono::hours {1});
    QByteArray createLicense(const QString &id, int seats, qint64 ttl = 60, qint64 skew = 5, qint64 grace = 15);
    std::optional<SeatLease> checkout(const QString &license, const QByteArray &key, const QString &holder,
                                      LeaseOutcome *outcome = nullptr);
    std::optional<LeaseOutcome> heartbeat(const QString &license, const QByteArray &key, const QString &seatId);
    void openWindow(const QByteArray &token = {}, const QString &label = u"test server"_s);
    int proxyRowOf(const QString &holder) const { return m_dashboard->holderRow(holder); }
    QString holderCell(const QString &holder, int column, int role = Qt::DisplayRole) const;

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<DashboardHarness> m_dashboard;
    std::unique_ptr<TestServer> m_server;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
};

void TestAdminFlows::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {.clock = m_clock.get()});
}

void TestAdminFlows::startServer(std::chrono::seconds reapInterval)
{
    m_server = std::make_unique<TestServer>(TestServer::Options {
        .clock = m_clock.get(), .dataDir = m_dashboard->filePath(u"server"_s), .reapInterval = reapInterval});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
}

void TestAdminFlows::cleanup()
{
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard->close();
    m_server.reset(); // its data directory is in the harness's folder
    m_dashboard.reset();
    m_clock.reset();
}

QByteArray TestAdminFlows::createLicense(const QString &id, int seats, qint64 ttl, qint64 skew, qint64 grace)
{
    return m_server->createLicense(id, seats, std::chrono::seconds {ttl}, std::chrono::seconds {skew},
                                   std::chrono::seconds {grace});
}

std::optional<SeatLease> TestAdminFlows::checkout(const QString &license, const QByteArray &key, const QString &holder,
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

std::optional<LeaseOutcome> TestAdminFlows::heartbeat(const QString &license, const QByteArray &key,
                                                      const QString &seatId)
{
    return m_dashboard->heartbeat(m_server->url(), license, key, seatId);
}

void TestAdminFlows::openWindow(const QByteArray &token, const QString &label)
{
    m_window = &m_dashboard->open(m_server->url(), token.isEmpty() ? m_server->adminToken() : token, label);
    m_session = &m_dashboard->session();
}

QString TestAdminFlows::holderCell(const QString &holder, int column, int role) const
{
    const int r = proxyRowOf(holder);
    if (r < 0)
        return {};
    const QVariant v = m_window->seatsPage()->holdersProxy()->index(r, column).data(role);
    if (role == Qt::ForegroundRole)
        return v.value<QBrush>().color().name();
    return v.toString();
}

void TestAdminFlows::deleteRevokesTheHolderSelectedDespiteRenewals()
{
    startServer();
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    // Taken ten seconds apart: by expiry, emil comes first, then bob, then carol.
    const auto emil = checkout(u"acme-cad"_s, key, u"emil@laptop-5"_s);
    m_clock->advance(10s);
    const auto bob = checkout(u"acme-cad"_s, key, u"bob@ws-07"_s);
    m_clock->advance(10s);
    const auto carol = checkout(u"acme-cad"_s, key, u"carol@ws-02"_s);
    QVERIFY(emil && bob && carol);
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->seatsPage()->holdersProxy()->rowCount(), 3, 5000);

    QTableView *table = m_window->seatsPage()->holdersView();
    const int bobRow = proxyRowOf(u"bob@ws-07"_s);
    table->selectRow(bobRow);
    const QRect underPointer = table->visualRect(table->model()->index(bobRow, 0));

    // Renewals: bob's lease now runs longest, emil's and carol's in between.
    m_clock->advance(5s);
    QVERIFY(heartbeat(u"acme-cad"_s, key, emil->seatId));
    m_clock->advance(5s);
    QVERIFY(heartbeat(u"acme-cad"_s, key, carol->seatId));
    m_clock->advance(5s);
    QVERIFY(heartbeat(u"acme-cad"_s, key, bob->seatId));
    QTRY_VERIFY_WITH_TIMEOUT(holderCell(u"bob@ws-07"_s, LeaseTableModel::CountdownColumn) == u"1m 00s"_s, 5000);

    // The row under the pointer is still bob's, and Delete names bob.
    QCOMPARE(table->indexAt(underPointer.center()).data().toString(), u"bob@ws-07"_s);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Delete);
    auto *dialog = qobject_cast<RevokeDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QString named;
    for (const QLabel *label : dialog->findChildren<QLabel *>())
        named += label->text();
    dialog->reject();
    QVERIFY2(named.contains(u"bob@ws-07"_s), qPrintable(named));
    QVERIFY(!named.contains(u"emil"_s));
}

void TestAdminFlows::forceReapNamesThePeriodicReaperThatCameFirst()
{
    // The periodic reaper sweeps every second of real time; the test wins the race to the
    // preview, then lets the reaper win the one to the deletion.
    startServer(1s);
    const QByteArray key = createLicense(u"training"_s, 3, 15, 2, 5);
    openWindow();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->state() == DashboardSession::State::Connected, 5000);
    ReapDialog *dialog = nullptr;
    QString seat; // the one the dialog previews
    for (int attempt = 0; attempt < 6 && !dialog; ++attempt) {
        const std::optional<SeatLease> lease = checkout(u"training"_s, key, u"kiosk-%1@lab-2"_s.arg(attempt));
        QVERIFY(lease);
        m_clock->advance(15s + 5s + 1s); // past expiry and grace: reapable
        auto *candidate = new ReapDialog(m_window->adminActions(), *m_session, m_window);
        QTRY_VERIFY_WITH_TIMEOUT(candidate->stage() == ReapDialog::Stage::Preview, 5000);
        if (candidate->previewCount() == 1) {
            dialog = candidate;
            seat = lease->seatId;
        } else {
            delete candidate; // the reaper was quicker than the preview: try again
        }
    }
    QVERIFY2(dialog, "the periodic reaper always beat the preview");
    // The button says what it does.
    // (Its plural comes from the English translation: "row" once that has the entry, "row(s)" before.)
    QVERIFY2(dialog->confirmText().startsWith(u"Delete 1 expired row"_s), qPrintable(dialog->confirmText()));
    // Wait for the periodic reaper to delete that row (not the row of an attempt it won), then
    // confirm.
    const auto reapedByTheReaper = [&] {
        for (const EventRecord &e : m_session->events().events()) {
            if (e.kind == EventKind::Reaped && e.actor == u"reaper"_s && e.seatId == seat)
                return e.time;
        }
        return QDateTime();
    };
    QTRY_VERIFY_WITH_TIMEOUT(reapedByTheReaper().isValid(), 8000);
    const QDateTime reapedAt = reapedByTheReaper();
    dialog->confirm();
    QTRY_COMPARE_WITH_TIMEOUT(dialog->stage(), ReapDialog::Stage::Done, 5000);
    QCOMPARE(dialog->reclaimed(), 0);
    const QString expected
        = u"already reclaimed by the periodic reaper at %1"_s.arg(reapedAt.toLocalTime().toString(u"HH:mm:ss"_s));
    QTRY_VERIFY2_WITH_TIMEOUT(dialog->statusText().contains(expected), qPrintable(dialog->statusText()), 5000);
    QVERIFY(!dialog->statusText().contains(u"0 seat"_s));
    delete dialog;
}

void TestAdminFlows::outageMarksEveryNumberStale()
{
    startServer();
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::StateColumn), u"live"_s, 5000);
    const QLabel *summary = nullptr;
    for (const QLabel *label : m_window->seatsPage()->findChildren<QLabel *>()) {
        if (label->text().contains(u"seats in use"_s))
            summary = label;
    }
    QVERIFY(summary);
    QVERIFY(!summary->text().contains(u"As of"_s));

    m_server->stop();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible(), 5000);
    // The server's clock runs on while it is away: alice's lease expires unseen.
    m_clock->advance(68s);
    QTRY_VERIFY_WITH_TIMEOUT(holderCell(u"alice@ws-12"_s, LeaseTableModel::CountdownColumn).startsWith(u"expired"_s),
                             3000);
    // Never "expired" next to "live", and everything greyed and dated.
    const QString state = holderCell(u"alice@ws-12"_s, LeaseTableModel::StateColumn);
    QVERIFY2(!state.startsWith(u"live"_s), qPrintable(state));
    QVERIFY2(state.contains(u"as of"_s), qPrintable(state));
    const QString muted = StatePalette::colour(StatePalette::Muted).name();
    for (int column : {LeaseTableModel::HolderColumn, LeaseTableModel::CountdownColumn, LeaseTableModel::StateColumn})
        QCOMPARE(holderCell(u"alice@ws-12"_s, column, Qt::ForegroundRole), muted);
    QVERIFY2(summary->text().contains(u"As of"_s), qPrintable(summary->text()));
    QVERIFY2(summary->text().contains(u"0 still live now"_s), qPrintable(summary->text()));
    QVERIFY(m_window->errorBanner()->detail().contains(u"as of"_s));
    // The dated state is read whole ("live (as of …" was cut).
    const QTableView *holders = m_window->seatsPage()->holdersView();
    QVERIFY2(holders->columnWidth(LeaseTableModel::StateColumn)
                 >= QFontMetrics(holders->font()).horizontalAdvance(state) + 8,
             qPrintable(u"\"%1\" in %2 px"_s.arg(state).arg(holders->columnWidth(LeaseTableModel::StateColumn))));
    // The license's bar agrees with its rows: alice's seat no longer counts once her lease ran out
    // (it kept "1 / 10"), greyed, and its tooltip says what the server last said.
    const QModelIndex seats = m_window->seatsPage()->licensesView()->model()->index(0, LicenseListModel::SeatsColumn);
    QTRY_COMPARE_WITH_TIMEOUT(seats.data().toString(), u"0 / 10"_s, 3000);
    QCOMPARE(seats.data(Qt::ForegroundRole).value<QBrush>().color().name(), muted);
    QVERIFY2(seats.data(Qt::ToolTipRole).toString().contains(u"1 in use then"_s),
             qPrintable(seats.data(Qt::ToolTipRole).toString()));
    QVERIFY(m_window->statusText().contains(u"not answering"_s));
}

void TestAdminFlows::wrongTokenIsRefusedNotUnreachable()
{
    startServer();
    QVERIFY(!createLicense(u"acme-cad"_s, 10).isEmpty());
    openWindow("not-the-admin-token");
    QTRY_VERIFY_WITH_TIMEOUT(m_window->errorBanner()->isVisible(), 5000);
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->statusText().contains(u"the server refused the token"_s),
                              qPrintable(m_window->statusText()), 3000);
    QVERIFY(!m_window->statusText().contains(u"not answering"_s));
    // Not "no licenses": the dashboard could not ask.
    QString shown;
    for (const QLabel *label : m_window->seatsPage()->findChildren<QLabel *>()) {
        if (label->isVisible())
            shown += label->text() + u'\n';
    }
    QVERIFY2(!shown.contains(u"No licenses on this server yet."_s), qPrintable(shown));
    QVERIFY2(shown.contains(u"refused the token"_s), qPrintable(shown));
    // There was no successful poll to speak of.
    QVERIFY2(!m_window->errorBanner()->detail().contains(u"last successful poll"_s),
             qPrintable(m_window->errorBanner()->detail()));
    QVERIFY(m_window->errorBanner()->detail().contains(u"No poll has succeeded"_s));
}

void TestAdminFlows::statusBarNamesAServerUrlOnce()
{
    startServer();
    // As --server connects: the label is the URL itself.
    openWindow({}, m_server->url().toDisplayString());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"connected"_s), 5000);
    QCOMPARE(m_window->statusText().count(m_server->url().toDisplayString()), 1);
}

void TestAdminFlows::blockedRetriesFoldIntoOneRowAndTheHolderFilterTellsTheStory()
{
    startServer();
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    const auto alice = checkout(u"acme-cad"_s, key, u"alice@ws-12"_s);
    QVERIFY(alice);
    QVERIFY(checkout(u"acme-cad"_s, key, u"bob@ws-07"_s));
    QVERIFY(m_server->revoke(u"acme-cad"_s, alice->seatId, 600s));
    // Her application learns it at its next heartbeat, then retries a checkout every 5 s.
    const auto lost = heartbeat(u"acme-cad"_s, key, alice->seatId);
    QVERIFY(lost && std::holds_alternative<outcome::SeatLost>(*lost));
    for (int i = 0; i < 6; ++i) {
        m_clock->advance(5s);
        LeaseOutcome refused;
        QVERIFY(!checkout(u"acme-cad"_s, key, u"alice@ws-12"_s, &refused));
        QVERIFY(std::holds_alternative<outcome::HolderBlocked>(refused));
    }
    openWindow();
    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->eventsLoaded() && m_session->events().rowCount() >= 10, 5000);

    events->holderFilter()->setText(u"alice@ws-12"_s);
    EventFilterProxyModel *proxy = events->proxy();
    QStringList kinds;
    int blockedCount = 0;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QModelIndex kind = proxy->index(r, EventLogModel::KindColumn);
        kinds << kind.data(EventLogModel::KindRole).toString();
        if (kind.data(EventLogModel::KindRole).toString() == u"holder_blocked"_s) {
            blockedCount = proxy->foldCount(kind);
            QVERIFY2(proxy->index(r, EventLogModel::DetailColumn).data().toString().contains(u"6 attempts"_s),
                     qPrintable(proxy->index(r, EventLogModel::DetailColumn).data().toString()));
        }
    }
    kinds.sort();
    // The whole story: granted, revoked, the refused renewal (with her name), blocked six times.
    QCOMPARE(kinds, (QStringList {u"granted"_s, u"holder_blocked"_s, u"renew_refused"_s, u"revoked"_s}));
    QCOMPARE(blockedCount, 6);

    // An export keeps every attempt: a spreadsheet counts them.
    const QString csv = m_dashboard->filePath(u"alice.csv"_s);
    int rows = 0;
    QVERIFY(events->exportCsv(csv, nullptr, &rows));
    QCOMPARE(rows, 9);
}

void TestAdminFlows::eventsPageSaysWhenNothingMatchesAndExportConfirms()
{
    startServer();
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    QVERIFY(checkout(u"acme-cad"_s, key, u"alice@ws-12"_s));
    openWindow();
    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    QTRY_VERIFY_WITH_TIMEOUT(events->proxy()->rowCount() >= 2, 5000);
    QVERIFY(!events->emptyLabel()->isVisible());

    events->holderFilter()->setText(u"nobody-at-all"_s);
    QCOMPARE(events->proxy()->rowCount(), 0);
    QVERIFY(events->emptyLabel()->isVisible());
    QVERIFY(events->emptyLabel()->text().contains(u"No event matches these filters"_s));
    events->holderFilter()->clear();
    QVERIFY(!events->emptyLabel()->isVisible());

    const QString csv = m_dashboard->filePath(u"events.csv"_s);
    events->exportTo(csv);
    const QString message = m_window->statusBar()->currentMessage();
    QVERIFY2(message.contains(QDir::toNativeSeparators(csv)), qPrintable(message));
    QVERIFY2(message.contains(u"Exported %1 events"_s.arg(events->proxy()->rowCount())), qPrintable(message));
}

void TestAdminFlows::dateRangeFollowsNowUntilEdited()
{
    startServer();
    openWindow();
    EventsPage *events = m_window->eventsPage();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->state() == DashboardSession::State::Connected, 5000);
    m_clock->advance(2h);
    const QDateTime later = m_clock->now().toLocalTime();
    QTRY_VERIFY_WITH_TIMEOUT(qAbs(events->toEdit()->dateTime().secsTo(later)) < 120, 5000);
    QVERIFY(qAbs(events->fromEdit()->dateTime().secsTo(later.addSecs(-3600))) < 120);

    // Once the user picks a start, it stays where they put it.
    const QDateTime chosen = later.addDays(-1);
    events->fromEdit()->setDateTime(chosen);
    m_clock->advance(1h);
    const quint64 polls = quint64(m_session->lastPollTime().toMSecsSinceEpoch());
    QTRY_VERIFY_WITH_TIMEOUT(quint64(m_session->lastPollTime().toMSecsSinceEpoch()) > polls, 5000);
    QCOMPARE(events->fromEdit()->dateTime(),
             QDateTime(chosen.date(), QTime(chosen.time().hour(), chosen.time().minute())));
}

void TestAdminFlows::disputePanelShowsWholeNotesAndOneDurationFormat()
{
    startServer();
    const QByteArray key = createLicense(u"render-farm"_s, 2, 120, 5, 15);
    // A kiosk that crashed without releasing: its seat lapsed, and the panel says it did not count.
    QVERIFY(checkout(u"render-farm"_s, key, u"kiosk-crashed@training-room-projector"_s));
    m_clock->advance(130s);
    QVERIFY(checkout(u"render-farm"_s, key, u"node-01@farm.render.example"_s));
    QVERIFY(checkout(u"render-farm"_s, key, u"node-02@farm.render.example"_s));
    LeaseOutcome refused;
    QVERIFY(!checkout(u"render-farm"_s, key, u"intern@laptop-3"_s, &refused));
    openWindow();
    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    DisputePanel *panel = events->disputePanel();
    // Nothing selected: no title over an empty panel.
    QVERIFY(!panel->findChild<QLabel *>(u"disputeTitle"_s)->isVisible());

    qint64 denialSeq = 0;
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            for (const EventRecord &e : m_session->events().events()) {
                if (e.kind == EventKind::Denied)
                    denialSeq = e.seq;
            }
            return denialSeq > 0;
        }(),
        5000);
    QVERIFY(events->selectEvent(denialSeq));
    QVERIFY(panel->findChild<QLabel *>(u"disputeTitle"_s)->isVisible());
    QTreeWidget *seats = panel->seatsView();
    QVERIFY(seats->topLevelItemCount() >= 2);
    QApplication::processEvents();
    bool longNote = false;
    for (int i = 0; i < seats->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = seats->topLevelItem(i);
        // Expiry in the dashboard's one duration format ("in 2m 00s"), not "in 120 s".
        if (!item->text(4).isEmpty())
            QVERIFY2(item->text(4).startsWith(u"in "_s) && !item->text(4).endsWith(u" s"_s), qPrintable(item->text(4)));
        longNote = longNote || item->text(5).size() > 20;
        // The note is whole on screen at the default splitter: its row is tall enough for it
        // wrapped into its column.
        const QString note = item->text(5);
        const int width = seats->header()->sectionSize(5) - 8;
        const QRect needed = seats->fontMetrics().boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, note);
        const QRect row = seats->visualItemRect(item);
        QVERIFY2(needed.height() <= row.height() && needed.width() <= width,
                 qPrintable(u"%1: needs %2x%3, has %4x%5"_s.arg(note)
                                .arg(needed.width())
                                .arg(needed.height())
                                .arg(width)
                                .arg(row.height())));
    }
    QVERIFY2(longNote, "no note long enough to be cut");

    // For docs/: KEYRIGHT_SCREENSHOT_DIR=docs [KEYRIGHT_SCREENSHOT_SIZE=1280x720 QT_FONT_DPI=144]
    // renders dispute-<size>[-<dpi>]-<language>.png of this view.
    const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    const QString size = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_SIZE", u"1440x900"_s);
    const QStringList wh = size.split(u'x');
    QCOMPARE(wh.size(), 2);
    m_window->resize(wh.at(0).toInt(), wh.at(1).toInt());
    const QString dpi = qEnvironmentVariable("QT_FONT_DPI");
    for (const QString &language : {u"en"_s, u"fr"_s}) {
        m_dashboard->languages().apply(language);
        QVERIFY(events->selectEvent(denialSeq));
        QTest::qWait(300);
        const QString file
            = u"%1/dispute-%2%3-%4.png"_s.arg(dir, size, dpi.isEmpty() ? QString() : u"-"_s + dpi, language);
        QVERIFY2(m_window->grab().save(file), qPrintable(file));
    }
    m_dashboard->languages().apply(u"en"_s);
}

void TestAdminFlows::chartLegendTellsSeatsOwnedFromDenials()
{
    UsageChartView chart;
    chart.resize(600, 300);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QHash<QString, QColor> marks;
    for (QLegendMarker *marker : chart.chart()->legend()->markers())
        marks.insert(marker->label(), marker->brush().color());
    QVERIFY(marks.contains(u"Seats owned"_s) && marks.contains(u"Denials"_s));
    QVERIFY2(marks.value(u"Seats owned"_s) != marks.value(u"Denials"_s), qPrintable(marks.value(u"Denials"_s).name()));
}

void TestAdminFlows::namesAndFrenchTextsAreNotCutAt1280x720()
{
    startServer();
    const QByteArray key = createLicense(u"acme-cad"_s, 10, 60);
    for (const QString &holder :
         {u"alice.martin@ws-12.design.example"_s, u"bob@ws-07"_s, u"emil.schneider@laptop-5.sales.example"_s})
        QVERIFY(checkout(u"acme-cad"_s, key, holder));
    openWindow();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->seatsPage()->holdersProxy()->rowCount(), 3, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->clockOffset().has_value(), 5000);
    // Switched live, as a French admin would after the first start.
    m_window->pages()->setCurrentWidget(m_window->eventsPage());
    QApplication::processEvents();
    m_window->pages()->setCurrentWidget(m_window->seatsPage());
    m_dashboard->languages().apply(u"fr"_s);
    const auto backToEnglish = qScopeGuard([this] { m_dashboard->languages().apply(u"en"_s); });
    QApplication::processEvents();
    m_window->updateGeometry();
    QApplication::processEvents();
    // The window keeps the size it was given: nothing in it asks for more.
    QCOMPARE(m_window->width(), 1280);
    QVERIFY(m_window->minimumSizeHint().width() <= 1280);

    // Every holder name whole in its column.
    QTableView *table = m_window->seatsPage()->holdersView();
    const int holderWidth = table->horizontalHeader()->sectionSize(LeaseTableModel::HolderColumn);
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QString name = table->model()->index(r, LeaseTableModel::HolderColumn).data().toString();
        QVERIFY2(table->fontMetrics().horizontalAdvance(name) + 8 <= holderWidth, qPrintable(name));
    }
    // The status bar's texts, whole.
    for (const QLabel *label : m_window->statusBar()->findChildren<QLabel *>()) {
        if (label->isVisible() && !label->text().isEmpty())
            QVERIFY2(label->width() >= label->sizeHint().width(), qPrintable(label->text()));
    }
    // The events filters, whole: "Toutes les licences", "n'importe quel détenteur".
    EventsPage *events = m_window->eventsPage();
    m_window->pages()->setCurrentWidget(events);
    QApplication::processEvents();
    QComboBox *license = events->licenseFilter();
    QVERIFY2(license->width() >= license->fontMetrics().horizontalAdvance(license->itemText(0)) + 24,
             qPrintable(license->itemText(0)));
    QLineEdit *holder = events->holderFilter();
    QVERIFY2(holder->width() >= holder->fontMetrics().horizontalAdvance(holder->placeholderText()) + 24,
             qPrintable(holder->placeholderText()));
}

QTEST_MAIN(TestAdminFlows)
#include "tst_adminflows.moc"
