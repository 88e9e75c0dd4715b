#include "AlertEndpointDialog.h"
#include "AlertListModel.h"
#include "AlertRuleDialog.h"
#include "AlertRules.h"
#include "AlertTray.h"
#include "AlertsPage.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "EventFilterProxyModel.h"
#include "EventsPage.h"
#include "LeaseClient.h"
#include "LeaseServer.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "StatePalette.h"
#include "TestServer.h"
#include "alerts/InstanceBeat.h"
#include "alerts/WebhookDeliverer.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

// What the tray would show; offscreen has no tray, so the test reads this instead.
struct TrayRecord
{
    QList<QStringList> messages; // title, text
    QIcon icon;
    QString toolTip;
    int iconChanges = 0;
};

class RecordingPresenter final : public AlertTray::Presenter
{
public:
    explicit RecordingPresenter(std::shared_ptr<TrayRecord> record)
        : m_record(std::move(record))
    { }
    void setIcon(const QIcon &icon) override
    {
        m_record->icon = icon;
        ++m_record->iconChanges;
    }
    void setToolTip(const QString &text) override { m_record->toolTip = text; }
    void showMessage(const QString &title, const QString &message, bool) override
    {
        m_record->messages.append({title, message});
    }

private:
    std::shared_ptr<TrayRecord> m_record;
};

TestServer::Options alertServer()
{
    TestServer::Options options;
    options.reapInterval = 0s;
    options.usageInterval = 0ms;
    // The test evaluates the rules when it means to.
    options.alertInterval = 0ms;
    return options;
}

QJsonObject seatsRule(const QString &id, const QString &license, int percent, const QString &severity)
{
    return {{u"id"_s, id},
            {u"kind"_s, u"seats_in_use"_s},
            {u"scope"_s, u"license"_s},
            {u"scopeName"_s, license},
            {u"severity"_s, severity},
            {u"threshold"_s, percent},
            {u"minutes"_s, 0}};
}

// The rows a table view shows in its first column after `column`.
// Two licenses of two seats, cad and cam, each with a rule firing once half its seats are in use
// (cad's critical, cam's a warning); their keys in `cad` and `cam`.
void addHalfFullRules(TestServer &server, QByteArray *cad, QByteArray *cam)
{
    *cad = server.createLicense(u"cad"_s, 2, 3600s, 5s, 15s);
    *cam = server.createLicense(u"cam"_s, 2, 3600s, 5s, 15s);
    QVERIFY(!cad->isEmpty() && !cam->isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s,
                       QJsonArray {seatsRule(u"cad-half"_s, u"cad"_s, 50, u"critical"_s),
                                   seatsRule(u"cam-half"_s, u"cam"_s, 50, u"warning"_s)}}},
                     &status);
    QCOMPARE(status, 200);
}

QStringList column(QTableView *view, int column)
{
    QStringList cells;
    for (int row = 0; row < view->model()->rowCount(); ++row)
        cells << view->model()->index(row, column).data().toString();
    return cells;
}

} // namespace

// The Alerts page and the tray icon (issue 29) over a real server in this process: an alert that
// fires on the server shows in the page with its sentence and opens its license; the tray tells
// it once and takes the colour of the worst alert firing; the rule editor saves a rule, shows the
// server's refusal at the field it names, and removes a rule after a confirmation.
class TestAlertsPage : public QObject
{
    Q_OBJECT

private slots:
    void firingAlertShownToldOnceAndOpensItsLicense();
    void aSandboxsAlertIsListedButNoAlarm();
    void ruleEditorSavesAndShowsTheRefusal();
    void viewerReadsTheRulesOnly();
    void operatorAcknowledgesAndTheTrayStopsCountingIt();
    void selectedAlertThatResolvesLeavesNothingSelected();
    void resolvedAlertsFollowALiveLanguageSwitch();
    void firingListHasTheRoomAndItsSplitIsKept();
    void longSentencesWrapOnASmallScreen();
    void firingAtStartToldInOneSummaryAndDenialsOpenTheEvents();
    void silentInstancesAreOneNamedRowEach();
    void endpointAddedTestedRedeliveredAndRemoved();
    void deliveryLogFollowsTheAttemptsWithThePolls();
    void viewerReadsTheEndpointsOnly();
    void rulePreviewReplaysTheLastWeek();
    void longPreviewScrollsAndKeepsTheButtonsOnScreen();
    // With KEYRIGHT_SCREENSHOT_DIR set: the page with alerts firing and resolved, and the rule
    // editor, in English and French (docs/alerts-*.png); KEYRIGHT_SCREENSHOT_SIZE (default
    // 1440x900) and KEYRIGHT_SCREENSHOT_SUFFIX name the size, QT_SCALE_FACTOR scales it.
    void screenshots_data();
    void screenshots();
};

void TestAlertsPage::firingAlertShownToldOnceAndOpensItsLicense()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QByteArray cad;
    QByteArray cam;
    addHalfFullRules(server, &cad, &cam);
    if (QTest::currentTestFailed())
        return;

    // The dashboard on the server's clock, as a dashboard and its server agree in practice.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.build();
    QAbstractItemModelTester tester(&window.alerts(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto record = std::make_shared<TrayRecord>();
    auto *tray = new AlertTray(window.alerts(), std::make_unique<RecordingPresenter>(record));
    window.installAlertTray(tray);
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Muted));
    dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);
    QCOMPARE(window.alerts().firingCount(), 0);

    // Ctrl+L: the Alerts page, nothing firing yet.
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    const int alertsTab = window.pages()->currentIndex();
    QCOMPARE(window.pages()->tabText(alertsTab), u"Alerts"_s);
    QCOMPARE(page->statusLabel()->text(), u"No alert is firing."_s);

    // One of cad's two seats taken: 50 %, the critical rule fires.
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    const QList<EventRecord> fired = server.evaluateAlerts();
    QCOMPARE(fired.size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(page->firingView()->model()->rowCount(), 1, 5000);
    const QString sentence = page->firingView()->model()->index(0, AlertListModel::AlertColumn).data().toString();
    QVERIFY2(sentence.contains(u"cad-half"_s) && sentence.contains(u"50 % of the seats in use"_s),
             qPrintable(sentence));
    QCOMPARE(page->firingView()->model()->index(0, AlertListModel::SeverityColumn).data().toString(), u"critical"_s);
    QCOMPARE(page->firingView()->model()->index(0, AlertListModel::LicenseColumn).data().toString(), u"cad"_s);
    QVERIFY(page->statusLabel()->isHidden());

    // Told once, in the critical colour, and not again on the polls that follow.
    QCOMPARE(record->messages.size(), 1);
    QVERIFY2(record->messages.at(0).join(u' ').contains(u"cad"_s), qPrintable(record->messages.at(0).join(u' ')));
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Failed));
    QSignalSpy polls(&dashboard.session(), &DashboardSession::polled);
    QTRY_VERIFY_WITH_TIMEOUT(polls.size() >= 3, 5000);
    QCOMPARE(record->messages.size(), 1);

    // A warning on cam as well: told (a second message), the colour stays the worst, critical.
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s));
    QCOMPARE(server.evaluateAlerts().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(page->firingView()->model()->rowCount(), 2, 5000);
    QCOMPARE(record->messages.size(), 2);
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Failed));
    // The most severe first.
    QCOMPARE(column(page->firingView(), AlertListModel::LicenseColumn), QStringList({u"cad"_s, u"cam"_s}));
    // Walk 50a, finding 10: without a tray, the tab itself counts what fires unacknowledged.
    QCOMPARE(window.pages()->tabText(alertsTab), u"Alerts (2)"_s);

    // Enter on cam's row opens cam on the Seats page.
    page->firingView()->setFocus();
    page->firingView()->setCurrentIndex(page->firingView()->model()->index(1, AlertListModel::AlertColumn));
    QTest::keyClick(page->firingView(), Qt::Key_Return);
    QCOMPARE(window.pages()->currentWidget(), window.seatsPage());
    QCOMPARE(window.seatsPage()->selectedLicenseIds(), QStringList {u"cam"_s});

    // cad's seat released and the condition gone for the clearing time: resolved, listed below with
    // its time, and the tray takes the colour of what still fires (cam's warning).
    QVERIFY(server.revoke(
        u"cad"_s, server.leases(u"cad"_s).value("leases"_L1).toArray().at(0).toObject().value("seatId"_L1).toString()));
    server.evaluateAlerts();
    server.clock().advance(std::chrono::milliseconds(alertClearMs + 1000));
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s)); // cam stays in use
    const QList<EventRecord> resolved = server.evaluateAlerts();
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(resolved.at(0).kind, EventKind::AlertResolved);
    QTRY_COMPARE_WITH_TIMEOUT(page->recentView()->model()->rowCount(), 1, 5000);
    QCOMPARE(page->firingView()->model()->rowCount(), 1);
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Pending));
    QVERIFY2(page->recentView()
                 ->model()
                 ->index(0, AlertListModel::StateColumn)
                 .data()
                 .toString()
                 .startsWith(u"resolved at"_s),
             qPrintable(page->recentView()->model()->index(0, AlertListModel::StateColumn).data().toString()));
    QCOMPARE(record->messages.size(), 2); // a resolution is not a notification
    QCOMPARE(window.pages()->tabText(alertsTab), u"Alerts (1)"_s);

    // A double-click on the resolved alert opens cad.
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QTableView *recent = page->recentView();
    const QRect cell = recent->visualRect(recent->model()->index(0, AlertListModel::AlertColumn));
    QTest::mouseClick(recent->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(recent->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(window.pages()->currentWidget(), window.seatsPage());
    QCOMPARE(window.seatsPage()->selectedLicenseIds(), QStringList {u"cad"_s});

    // The tray's click (its notification was cam's): the window back on the Alerts page, cam's
    // alert selected, even from minimized.
    window.showMinimized();
    tray->activate();
    QCOMPARE(window.pages()->currentIndex(), alertsTab);
    QCOMPARE(window.pages()->tabText(alertsTab), u"Alerts (1)"_s);
    QVERIFY(!window.isMinimized());
    const QModelIndex current = page->firingView()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(current.data(AlertListModel::LicenseIdRole).toString(), u"cam"_s);
}

// Walk 52: a simulator sandbox is full at every scenario, and a rule over all licenses fired on it;
// the tray told it as an alarm. The Alerts page lists it; the tray and the tab's count leave it out,
// and a real license's alert is told as ever.
void TestAlertsPage::aSandboxsAlertIsListedButNoAlarm()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray hog = server.createLicense(u"sim-idle-hog-k3x9"_s, 1, 3600s, 5s, 15s);
    const QByteArray cad = server.createLicense(u"cad"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!hog.isEmpty() && !cad.isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s,
                       QJsonArray {QJsonObject {{u"id"_s, u"any-full"_s},
                                                {u"kind"_s, u"seats_in_use"_s},
                                                {u"scope"_s, u"all"_s},
                                                {u"severity"_s, u"critical"_s},
                                                {u"threshold"_s, 100},
                                                {u"minutes"_s, 0}}}}},
                     &status);
    QCOMPARE(status, 200);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.build();
    auto record = std::make_shared<TrayRecord>();
    auto *tray = new AlertTray(window.alerts(), std::make_unique<RecordingPresenter>(record));
    window.installAlertTray(tray);
    dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);

    // The simulator fills its sandbox: the rule fires on it.
    QVERIFY(dashboard.takeSeat(server.url(), u"sim-idle-hog-k3x9"_s, hog, u"trainee@sim"_s));
    QCOMPARE(server.evaluateAlerts().size(), 1);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->firingView()->model()->rowCount(), 1, 5000);
    QCOMPARE(page->firingView()->model()->index(0, AlertListModel::LicenseColumn).data().toString(),
             u"sim-idle-hog-k3x9"_s);
    QSignalSpy polls(&dashboard.session(), &DashboardSession::polled);
    QTRY_VERIFY_WITH_TIMEOUT(polls.size() >= 2, 5000);
    QCOMPARE(record->messages.size(), 0);
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Muted));
    // The tab counts no alert waiting for someone.
    QStringList tabs;
    for (int tab = 0; tab < window.pages()->count(); ++tab)
        tabs << window.pages()->tabText(tab);
    QVERIFY2(tabs.contains(u"Alerts"_s), qPrintable(tabs.join(u", "_s)));

    // A real license full: told, and counted.
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    QCOMPARE(server.evaluateAlerts().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(record->messages.size(), 1, 5000);
    QVERIFY2(record->messages.at(0).join(u' ').contains(u"cad"_s), qPrintable(record->messages.at(0).join(u' ')));
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Failed));
}

void TestAlertsPage::ruleEditorSavesAndShowsTheRefusal()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY(!server.createLicense(u"cad"_s, 4, 3600s, 5s, 15s).isEmpty());

    DashboardHarness dashboard;
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().state() == DashboardSession::State::Connected, 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_VERIFY_WITH_TIMEOUT(page->addRuleButton()->isEnabled(), 5000);
    QCOMPARE(page->rulesTable()->rowCount(), 0);

    QTest::mouseClick(page->addRuleButton(), Qt::LeftButton);
    QPointer<AlertRuleDialog> dialog = page->ruleDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->idEdit()->setFocus();
    dialog->idEdit()->selectAll();
    QTest::keyClicks(dialog->idEdit(), u"cad-busy"_s);
    // 150 % of the seats: the server refuses it and says which field.
    dialog->thresholdBox()->setFocus();
    dialog->thresholdBox()->selectAll();
    QTest::keyClicks(dialog->thresholdBox(), u"150"_s);
    QCOMPARE(dialog->thresholdBox()->value(), 150);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Save), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->errorLabel()->isVisible(), 5000);
    QVERIFY2(dialog->errorLabel()->text().contains(u"percentage from 1 to 100"_s),
             qPrintable(dialog->errorLabel()->text()));
    QCOMPARE(QApplication::focusWidget(), dialog->thresholdBox());
    QVERIFY(dialog->isVisible());
    QCOMPARE(page->rulesTable()->rowCount(), 0);

    // 80 %: saved, the dialog closes, the table and the server have it.
    dialog->thresholdBox()->selectAll();
    QTest::keyClicks(dialog->thresholdBox(), u"80"_s);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Save), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || !dialog->isVisible(), 5000);
    QCOMPARE(page->rulesTable()->rowCount(), 1);
    QCOMPARE(page->rulesTable()->item(0, 0)->text(), u"cad-busy"_s);
    QVERIFY2(page->rulesTable()->item(0, 3)->text().contains(u"80 %"_s),
             qPrintable(page->rulesTable()->item(0, 3)->text()));
    const QJsonArray stored = server.adminCall("GET", u"/v1/alerts/rules"_s).value("rules"_L1).toArray();
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.at(0).toObject().value("threshold"_L1).toInt(), 80);

    // Remove asks first; Cancel keeps the rule, Remove removes it.
    page->rulesTable()->selectRow(0);
    QVERIFY(page->removeRuleButton()->isEnabled());
    for (const bool confirm : {false, true}) {
        QTest::mouseClick(page->removeRuleButton(), Qt::LeftButton);
        QMessageBox *question = page->findChild<QMessageBox *>(u"removeAlertRuleQuestion"_s);
        QVERIFY(question);
        QTRY_VERIFY(question->isVisible());
        QVERIFY2(question->text().contains(u"cad-busy"_s), qPrintable(question->text()));
        QAbstractButton *answer = nullptr;
        for (QAbstractButton *button : question->buttons()) {
            if (question->buttonRole(button) == (confirm ? QMessageBox::DestructiveRole : QMessageBox::RejectRole))
                answer = button;
        }
        QVERIFY(answer);
        QTest::mouseClick(answer, Qt::LeftButton);
        if (!confirm) {
            QTRY_VERIFY(!page->findChild<QMessageBox *>(u"removeAlertRuleQuestion"_s));
            QCOMPARE(server.adminCall("GET", u"/v1/alerts/rules"_s).value("rules"_L1).toArray().size(), 1);
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(page->rulesTable()->rowCount(), 0, 5000);
    QCOMPARE(server.adminCall("GET", u"/v1/alerts/rules"_s).value("rules"_L1).toArray().size(), 0);
}

void TestAlertsPage::viewerReadsTheRulesOnly()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY(!server.createLicense(u"cad"_s, 4, 3600s, 5s, 15s).isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s, QJsonArray {seatsRule(u"cad-busy"_s, u"cad"_s, 75, u"warning"_s)}}}, &status);
    QCOMPARE(status, 200);
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"vera"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);

    DashboardHarness dashboard;
    MainWindow &window = dashboard.open(server.url(), token.value("secret"_L1).toString().toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->rulesTable()->rowCount(), 1, 5000);
    QCOMPARE(page->rulesTable()->item(0, 0)->text(), u"cad-busy"_s);
    page->rulesTable()->selectRow(0);
    QVERIFY(!page->addRuleButton()->isEnabled());
    QVERIFY(!page->editRuleButton()->isEnabled());
    QVERIFY(!page->removeRuleButton()->isEnabled());
    QVERIFY2(page->addRuleButton()->toolTip().contains(u"viewer"_s), qPrintable(page->addRuleButton()->toolTip()));
    // Nor may a viewer acknowledge an alert: the button says which role it needs.
    QVERIFY(!page->acknowledgeButton()->isEnabled());
    QVERIFY2(page->acknowledgeButton()->toolTip().contains(u"operator"_s)
                 && page->acknowledgeButton()->toolTip().contains(u"vera"_s),
             qPrintable(page->acknowledgeButton()->toolTip()));
    // A double-click on the rule opens no editor for a viewer.
    QTest::mouseDClick(page->rulesTable()->viewport(), Qt::LeftButton, {},
                       page->rulesTable()->visualItemRect(page->rulesTable()->item(0, 0)).center());
    QVERIFY(!page->ruleDialog());
}

void TestAlertsPage::operatorAcknowledgesAndTheTrayStopsCountingIt()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cad = server.createLicense(u"cad"_s, 2, 3600s, 5s, 15s);
    QVERIFY(!cad.isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s, QJsonArray {seatsRule(u"cad-half"_s, u"cad"_s, 50, u"critical"_s)}}}, &status);
    QCOMPARE(status, 200);
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"olga"_s}, {u"role"_s, u"operator"_s}}, &status);
    QCOMPARE(status, 201);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.build();
    auto record = std::make_shared<TrayRecord>();
    auto *tray = new AlertTray(window.alerts(), std::make_unique<RecordingPresenter>(record));
    window.installAlertTray(tray);
    dashboard.open(server.url(), token.value("secret"_L1).toString().toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    QCOMPARE(server.evaluateAlerts().size(), 1);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTableView *firing = page->firingView();
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->rowCount(), 1, 5000);
    QCOMPARE(record->messages.size(), 1);
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Failed));
    QCOMPARE(firing->model()->index(0, AlertListModel::StateColumn).data().toString(), u"firing"_s);

    // Nothing selected: nothing to acknowledge. A click on the alert, then on "Acknowledge…".
    QPushButton *acknowledge = page->acknowledgeButton();
    QCOMPARE(acknowledge->text(), u"Acknowledge…"_s);
    QVERIFY(!acknowledge->isEnabled());
    QTest::mouseClick(firing->viewport(), Qt::LeftButton, {},
                      firing->visualRect(firing->model()->index(0, AlertListModel::AlertColumn)).center());
    QVERIFY(acknowledge->isEnabled());
    QTest::mouseClick(acknowledge, Qt::LeftButton);
    QDialog *dialog = page->acknowledgeDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    auto *note = dialog->findChild<QLineEdit *>(u"acknowledgeNote"_s);
    QVERIFY(note);
    QTest::keyClicks(note, u"on it, OPS-42"_s);
    QTest::keyClick(note, Qt::Key_Return);
    QVERIFY(!page->acknowledgeDialog() || !page->acknowledgeDialog()->isVisible());

    // Shown as acknowledged, by whom, with the note; the tray no longer counts it.
    // The state short (walk 50a, finding 4: the sentence keeps the width), who and when in its tooltip.
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->index(0, AlertListModel::StateColumn).data().toString(),
                              u"firing, acknowledged"_s, 5000);
    const QString tip = firing->model()->index(0, AlertListModel::StateColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.startsWith(u"Acknowledged by olga (operator) at "_s) && tip.endsWith(u": on it, OPS-42"_s),
             qPrintable(tip));
    QCOMPARE(tray->colour(), StatePalette::fill(StatePalette::Muted));
    QCOMPARE(record->toolTip, u"Keyright: 1 alert firing, acknowledged"_s);
    QVERIFY(!acknowledge->isEnabled());
    QVERIFY2(acknowledge->toolTip().contains(u"olga"_s), qPrintable(acknowledge->toolTip()));
    QCOMPARE(window.pages()->tabText(window.pages()->currentIndex()), u"Alerts"_s); // none left unacknowledged
    // On a small screen (1280x720 at 150 %), the sentence keeps most of the row, whole in its tooltip.
    window.resize(853, 480);
    QTRY_VERIFY2(
        firing->columnWidth(AlertListModel::AlertColumn) > firing->viewport()->width() / 2,
        qPrintable(
            u"%1 of %2"_s.arg(firing->columnWidth(AlertListModel::AlertColumn)).arg(firing->viewport()->width())));
    QVERIFY(firing->model()
                ->index(0, AlertListModel::AlertColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(firing->model()->index(0, AlertListModel::AlertColumn).data().toString()));

    // Walk 50a, finding 7: in French, the role too (the server writes "olga (operator)").
    dashboard.languages().apply(u"fr"_s);
    const QString frenchTip = firing->model()->index(0, AlertListModel::StateColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(frenchTip.startsWith(u"Prise en compte par olga (opérateur) le "_s), qPrintable(frenchTip));
    QCOMPARE(firing->model()->index(0, AlertListModel::StateColumn).data().toString(), u"en cours, prise en compte"_s);
    QTRY_VERIFY2(acknowledge->toolTip().contains(u"olga (opérateur)"_s), qPrintable(acknowledge->toolTip()));
    dashboard.languages().apply(u"en"_s);
    // The server has it, with the note.
    const QJsonObject listed = server.adminCall("GET", u"/v1/alerts"_s, {}, &status);
    QCOMPARE(listed.value("alerts"_L1).toArray().at(0).toObject().value("note"_L1).toString(), u"on it, OPS-42"_s);
    QCOMPARE(record->messages.size(), 1);

    // Another dashboard connecting now is not told about it again, and its icon stays neutral.
    DashboardHarness other;
    MainWindow &otherWindow = other.build();
    auto otherRecord = std::make_shared<TrayRecord>();
    auto *otherTray = new AlertTray(otherWindow.alerts(), std::make_unique<RecordingPresenter>(otherRecord));
    otherWindow.installAlertTray(otherTray);
    other.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(otherWindow.alerts().isLoaded(), 5000);
    QCOMPARE(otherWindow.alerts().firingCount(), 1);
    QVERIFY(otherRecord->messages.isEmpty());
    QCOMPARE(otherTray->colour(), StatePalette::fill(StatePalette::Muted));
}

// Walk 50a, finding 3: the selected alert resolved and a single-selection table selected the next
// one, so that Acknowledge… acted on an alert nobody had chosen. Now nothing stays selected.
void TestAlertsPage::selectedAlertThatResolvesLeavesNothingSelected()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QByteArray cad;
    QByteArray cam;
    addHalfFullRules(server, &cad, &cam);
    if (QTest::currentTestFailed())
        return;
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s));
    QCOMPARE(server.evaluateAlerts().size(), 2);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTableView *firing = page->firingView();
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->rowCount(), 2, 5000);
    QCOMPARE(column(firing, AlertListModel::LicenseColumn), QStringList({u"cad"_s, u"cam"_s}));

    // cad's alert clicked: Acknowledge… is for it.
    QTest::mouseClick(firing->viewport(), Qt::LeftButton, {},
                      firing->visualRect(firing->model()->index(0, AlertListModel::AlertColumn)).center());
    QVERIFY(page->acknowledgeButton()->isEnabled());

    // cad's seat released: its alert resolves and leaves the list. cam's is not selected in its place.
    QVERIFY(server.revoke(
        u"cad"_s, server.leases(u"cad"_s).value("leases"_L1).toArray().at(0).toObject().value("seatId"_L1).toString()));
    server.evaluateAlerts();
    server.clock().advance(std::chrono::milliseconds(alertClearMs + 1000));
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s)); // cam stays in use
    QCOMPARE(server.evaluateAlerts().size(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->rowCount(), 1, 5000);
    QCOMPARE(column(firing, AlertListModel::LicenseColumn), QStringList {u"cam"_s});
    QVERIFY2(firing->selectionModel()->selectedRows().isEmpty(),
             qPrintable(firing->selectionModel()->selectedRows().value(0).data().toString()));
    QVERIFY(!page->acknowledgeButton()->isEnabled());
    // A click on "Acknowledge…" now opens nothing.
    QTest::mouseClick(page->acknowledgeButton(), Qt::LeftButton);
    QVERIFY(!page->acknowledgeDialog());
}

void TestAlertsPage::resolvedAlertsFollowALiveLanguageSwitch()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QByteArray cad;
    QByteArray cam;
    addHalfFullRules(server, &cad, &cam);
    if (QTest::currentTestFailed())
        return;
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s));
    QCOMPARE(server.evaluateAlerts().size(), 2);
    // cad's resolves; cam's keeps firing.
    QVERIFY(server.revoke(
        u"cad"_s, server.leases(u"cad"_s).value("leases"_L1).toArray().at(0).toObject().value("seatId"_L1).toString()));
    server.evaluateAlerts();
    server.clock().advance(std::chrono::milliseconds(alertClearMs + 1000));
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"bob@ws-2"_s));
    server.evaluateAlerts();
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->recentView()->model()->rowCount(), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(page->firingView()->model()->rowCount(), 1, 5000);
    const QString english = column(page->recentView(), AlertListModel::AlertColumn).value(0);
    QVERIFY2(english.startsWith(u"rule cad-half: "_s), qPrintable(english));

    // View > Language > Français: the resolved sentence is said again in French at once, as the
    // firing one is (walk 51a, finding 8), with no poll in between.
    dashboard.languages().apply(u"fr"_s);
    QTRY_VERIFY2(column(page->recentView(), AlertListModel::AlertColumn).value(0).startsWith(u"règle cad-half : "_s),
                 qPrintable(column(page->recentView(), AlertListModel::AlertColumn).value(0)));
    const QString firing = column(page->firingView(), AlertListModel::AlertColumn).value(0);
    QVERIFY2(firing.startsWith(u"règle cam-half : "_s), qPrintable(firing));
    dashboard.languages().apply(u"en"_s);
    QTRY_COMPARE(column(page->recentView(), AlertListModel::AlertColumn).value(0), english);
}

void TestAlertsPage::firingListHasTheRoomAndItsSplitIsKept()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QJsonArray rules;
    QList<std::pair<QString, QByteArray>> licenses;
    for (int n = 1; n <= 5; ++n) {
        const QString id = u"lic-%1"_s.arg(n);
        licenses.append({id, server.createLicense(id, 2, 3600s, 5s, 15s)});
        QVERIFY(!licenses.constLast().second.isEmpty());
        rules.append(seatsRule(id + u"-half"_s, id, 50, u"warning"_s));
    }
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s, {{u"rules"_s, rules}}, &status);
    QCOMPARE(status, 200);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock(), .size = QSize(1440, 900)});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);
    for (const auto &[id, key] : std::as_const(licenses))
        QVERIFY(dashboard.takeSeat(server.url(), id, key, u"alice@ws-1"_s));
    QCOMPARE(server.evaluateAlerts().size(), 5);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTableView *firing = page->firingView();
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->rowCount(), 5, 5000);
    QTest::qWait(50); // the layout settles

    // At 1440x900 the five firing alerts are all in view (3½ were, walk 51a finding 14).
    const QRect lastRow = firing->visualRect(firing->model()->index(4, 0));
    QVERIFY2(
        lastRow.bottom() < firing->viewport()->height(),
        qPrintable(u"row 5 ends at %1 in a list %2 px high"_s.arg(lastRow.bottom()).arg(firing->viewport()->height())));

    // And the rules, three of the five at least: the Rules table showed one (walk 52a, B).
    QTableWidget *rulesTable = page->rulesTable();
    QCOMPARE(rulesTable->rowCount(), 5);
    const QRect thirdRule = rulesTable->visualRect(rulesTable->model()->index(2, 0));
    QVERIFY2(thirdRule.bottom() < rulesTable->viewport()->height(),
             qPrintable(u"rule 3 ends at %1 in a table %2 px high"_s.arg(thirdRule.bottom())
                            .arg(rulesTable->viewport()->height())));

    // The handle under the firing list moves with a drag.
    QSplitter *split = page->splitter();
    QSplitterHandle *handle = split->handle(1);
    QVERIFY(handle && handle->isVisible());
    QVERIFY(handle->height() >= 6);
    const int before = split->sizes().at(0);
    const QPoint grab(handle->width() / 2, handle->height() / 2);
    QTest::mousePress(handle, Qt::LeftButton, {}, grab);
    const QPoint down = grab + QPoint(0, 40);
    QMouseEvent move(QEvent::MouseMove, down, handle->mapToGlobal(down), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(handle, &move);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, down);
    QTRY_COMPARE(split->sizes().at(0), before + 40);
    const QList<int> dragged = split->sizes();

    // And the dashboard, restarted, comes back with that split.
    dashboard.close();
    MainWindow &again = dashboard.open(server.url(), server.adminToken());
    again.showAlerts();
    QTRY_COMPARE(again.alertsPage()->splitter()->sizes(), dragged);
}

// At 1280x720 and 150 % (853x480) an alert's sentence was cut after about 60 characters in the
// firing list (walk 52a, A): it wraps, whole, in its row.
void TestAlertsPage::longSentencesWrapOnASmallScreen()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray key = server.createLicense(u"render-farm"_s, 2, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s,
                       QJsonArray {seatsRule(u"render-farm-more-than-half-of-its-seats-in-use"_s, u"render-farm"_s, 50,
                                             u"critical"_s)}}},
                     &status);
    QCOMPARE(status, 200);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock(), .size = QSize(853, 480)});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"render-farm"_s, key, u"alice@ws-1"_s));
    QCOMPARE(server.evaluateAlerts().size(), 1);
    // Acknowledged, as in the walk: the State column says by whom, and the sentence has less room.
    const QJsonObject listed = server.adminCall("GET", u"/v1/alerts"_s, {}, &status);
    const QString alertId
        = listed.value(u"alerts"_s).toArray().first().toObject().value(u"id"_s).toVariant().toString();
    QVERIFY(!alertId.isEmpty());
    server.adminCall("POST", u"/v1/alerts/%1/acknowledge"_s.arg(alertId), {{u"note"_s, u"ordered more"_s}}, &status);
    QCOMPARE(status, 200);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QTableView *firing = window.alertsPage()->firingView();
    // The offscreen platform's font is smaller than a desktop's at 150 %: the same sentence takes
    // about a third more room there. Written at that size here.
    QFont larger = firing->font();
    larger.setPointSizeF(larger.pointSizeF() * 1.35);
    firing->setFont(larger);
    QTRY_COMPARE_WITH_TIMEOUT(firing->model()->rowCount(), 1, 5000);
    QTest::qWait(50); // the layout settles

    const QModelIndex cell = firing->model()->index(0, AlertListModel::AlertColumn);
    const QString sentence = cell.data().toString();
    const QRect rect = firing->visualRect(cell);
    const QFontMetrics metrics(firing->font());
    const int needed = metrics.boundingRect(QRect(0, 0, rect.width() - 8, 10000), Qt::TextWordWrap, sentence).height();
    // Long enough to need more lines than a row of the default height holds, or the test says nothing.
    const int oneRow = firing->verticalHeader()->defaultSectionSize();
    QVERIFY2(needed > oneRow, qPrintable(u"%1 px of wrapped text, rows of %2 px"_s.arg(needed).arg(oneRow)));
    QVERIFY2(rect.height() >= needed,
             qPrintable(u"a row %1 px high for %2 px of wrapped text"_s.arg(rect.height()).arg(needed)));
}

void TestAlertsPage::firingAtStartToldInOneSummaryAndDenialsOpenTheEvents()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray key = server.createLicense(u"solo"_s, 1, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());
    const QJsonObject denials {{u"id"_s, u"solo-denied"_s}, {u"kind"_s, u"denials"_s},     {u"scope"_s, u"license"_s},
                               {u"scopeName"_s, u"solo"_s}, {u"severity"_s, u"warning"_s}, {u"threshold"_s, 1},
                               {u"minutes"_s, 10}};
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s, QJsonArray {seatsRule(u"solo-full"_s, u"solo"_s, 100, u"critical"_s), denials}}},
                     &status);
    QCOMPARE(status, 200);

    // Before the dashboard starts: the seat taken, two others refused, both rules fire.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    QVERIFY(dashboard.takeSeat(server.url(), u"solo"_s, key, u"alice@ws-1"_s));
    for (const QString &holder : {u"bob@ws-2"_s, u"carol@ws-3"_s}) {
        const auto refused = dashboard.checkout(server.url(), u"solo"_s, key, holder);
        QVERIFY(refused && std::holds_alternative<outcome::NoSeats>(*refused));
    }
    QCOMPARE(server.evaluateAlerts().size(), 2);

    MainWindow &window = dashboard.build();
    auto record = std::make_shared<TrayRecord>();
    auto *tray = new AlertTray(window.alerts(), std::make_unique<RecordingPresenter>(record));
    window.installAlertTray(tray);
    dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(window.alerts().firingCount(), 2, 5000);
    // One summary for what was already firing, not one message each, and not again.
    QCOMPARE(record->messages.size(), 1);
    QCOMPARE(record->messages.at(0).at(0), u"2 alerts firing"_s);
    QVERIFY2(record->toolTip.contains(u"critical"_s), qPrintable(record->toolTip));
    QSignalSpy polls(&dashboard.session(), &DashboardSession::polled);
    QTRY_VERIFY_WITH_TIMEOUT(polls.size() >= 3, 5000);
    QCOMPARE(record->messages.size(), 1);

    // Enter on the denials alert: the Events page, the license's denials.
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    QTableView *firing = window.alertsPage()->firingView();
    QCOMPARE(column(firing, AlertListModel::AlertColumn).size(), 2);
    const int row = column(firing, AlertListModel::AlertColumn)
                        .indexOf(column(firing, AlertListModel::AlertColumn).filter(u"solo-denied"_s).value(0));
    QVERIFY(row >= 0);
    firing->setFocus();
    firing->setCurrentIndex(firing->model()->index(row, AlertListModel::AlertColumn));
    QTest::keyClick(firing, Qt::Key_Return);
    QCOMPARE(window.pages()->currentWidget(), window.eventsPage());
    QCOMPARE(window.eventsPage()->licenseFilter()->currentData().toString(), u"solo"_s);
    QCOMPARE(window.eventsPage()->kindFilter()->currentData().value<QList<EventKind>>(), denialKinds());
    QTRY_COMPARE_WITH_TIMEOUT(window.eventsPage()->proxy()->rowCount(), 2, 5000);
}

namespace {

// Clicks the first cell of a table widget's row.
void clickRow(QTableWidget *table, int row)
{
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(table->item(row, 0)).center());
}

QString cell(QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

// Two instances of the site silent since the same evaluation: two rows, each naming its instance
// (the firing list keyed them by license, empty for both, and wrote "an instance silent for 1 min"
// without saying which).
void TestAlertsPage::silentInstancesAreOneNamedRowEach()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    server::LeaseServer &first = server.leaseServer();
    QTemporaryDir hungDir;
    QTemporaryDir otherDir;
    QVERIFY(hungDir.isValid() && otherDir.isValid());
    const auto frontEnd = [&](const QString &dir) {
        server::ServerConfig config = first.config();
        config.dataDir = dir;
        config.port = 0;
        return std::make_unique<server::LeaseServer>(config, server.clock(), first);
    };
    const auto hung = frontEnd(hungDir.path());
    const auto other = frontEnd(otherDir.path());
    QVERIFY2(hung->start(&error), qPrintable(error));
    QVERIFY2(other->start(&error), qPrintable(error));
    int status = 0;
    server.adminCall(
        "PUT", u"/v1/alerts/rules"_s,
        {{u"rules"_s,
          QJsonArray {QJsonObject {{u"id"_s, u"silent"_s}, {u"kind"_s, u"instance_silent"_s}, {u"seconds"_s, 60}}}}},
        &status);
    QCOMPARE(status, 200);
    hung->instanceBeat()->halt();
    other->instanceBeat()->halt();
    server.clock().advance(61s);
    QVERIFY(first.instanceBeat()->beat());
    QCOMPARE(server.evaluateAlerts().size(), 2);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->firingView()->model()->rowCount(), 2, 5000);
    const QString sentences = column(page->firingView(), AlertListModel::AlertColumn).join(u'\n');
    for (const auto *instance : {hung.get(), other.get()}) {
        const QString id = instance->instanceBeat()->replicaId();
        QVERIFY2(sentences.count(id) == 1, qPrintable(sentences));
    }
}

void TestAlertsPage::endpointAddedTestedRedeliveredAndRemoved()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));

    DashboardHarness dashboard;
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QSignalSpy said(page, &AlertsPage::statusMessage);
    QTRY_VERIFY_WITH_TIMEOUT(page->addEndpointButton()->isEnabled(), 5000);
    QCOMPARE(page->endpointsTable()->rowCount(), 0);
    QVERIFY(!page->testEndpointButton()->isEnabled());
    QVERIFY(!page->removeEndpointButton()->isEnabled());
    QVERIFY2(page->endpointsNote()->text().contains(u"No endpoint yet"_s), qPrintable(page->endpointsNote()->text()));

    // A URL that is not http(s): the server's refusal in the dialog, at the URL.
    QTest::mouseClick(page->addEndpointButton(), Qt::LeftButton);
    QPointer<AlertEndpointDialog> dialog = page->endpointDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QTest::keyClicks(dialog->nameEdit(), u"ops-hook"_s);
    QTest::keyClicks(dialog->urlEdit(), u"ftp://hooks.example.com/x"_s);
    QTest::mouseClick(dialog->addButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->errorLabel()->isVisible(), 5000);
    QVERIFY2(dialog->errorLabel()->text().contains(u"http"_s), qPrintable(dialog->errorLabel()->text()));
    QCOMPARE(QApplication::focusWidget(), dialog->urlEdit());
    QVERIFY(!dialog->secretEdit()->isVisible());
    QCOMPARE(server.adminCall("GET", u"/v1/alerts/endpoints"_s).value("endpoints"_L1).toArray().size(), 0);

    // A good one: added, its secret shown once with the sentence saying so, and copied.
    QTest::keyClicks(dialog->urlEdit(), u"http://127.0.0.1:9/hook"_s);
    QTest::mouseClick(dialog->addButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->secretEdit()->isVisible(), 5000);
    const QString secret = dialog->secretEdit()->text();
    QCOMPARE(secret.size(), 64);
    QVERIFY2(dialog->secretLabel()->text().contains(u"will not be shown again"_s),
             qPrintable(dialog->secretLabel()->text()));
    // Walk 50a, finding 6: the warning whole, above the secret, and Close the only button left.
    QLabel *warning = dialog->secretLabel();
    QTRY_VERIFY2(warning->height() >= warning->heightForWidth(warning->width()),
                 qPrintable(u"%1 < %2"_s.arg(warning->height()).arg(warning->heightForWidth(warning->width()))));
    QVERIFY(warning->geometry().bottom() < dialog->secretEdit()->geometry().top());
    QList<QAbstractButton *> shownButtons;
    for (QAbstractButton *button : dialog->findChildren<QAbstractButton *>())
        if (button->isVisible() && button != dialog->copyButton())
            shownButtons << button;
    QCOMPARE(shownButtons.size(), 1);
    QCOMPARE(dialog->buttons()->standardButton(shownButtons.at(0)), QDialogButtonBox::Close);
    QTest::mouseClick(dialog->copyButton(), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), secret);
    const QJsonArray stored = server.adminCall("GET", u"/v1/alerts/endpoints"_s).value("endpoints"_L1).toArray();
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.at(0).toObject().value("url"_L1).toString(), u"http://127.0.0.1:9/hook"_s);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Close), Qt::LeftButton);
    QTRY_VERIFY(!dialog);

    // Listed with its kind, enabled, nothing delivered yet.
    QTRY_COMPARE_WITH_TIMEOUT(page->endpointsTable()->rowCount(), 1, 5000);
    QCOMPARE(cell(page->endpointsTable(), 0, 0), u"ops-hook"_s);
    QCOMPARE(cell(page->endpointsTable(), 0, 1), u"http://127.0.0.1:9/hook"_s);
    QCOMPARE(cell(page->endpointsTable(), 0, 2), u"webhook"_s);
    QCOMPARE(cell(page->endpointsTable(), 0, 3), u"yes"_s);
    QCOMPARE(cell(page->endpointsTable(), 0, 4), u"none yet"_s);

    // Send a test: it shows in the endpoint's delivery log and as its last delivery.
    clickRow(page->endpointsTable(), 0);
    QVERIFY(page->testEndpointButton()->isEnabled());
    QVERIFY(!page->redeliverButton()->isEnabled());
    QTest::mouseClick(page->testEndpointButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page->deliveriesTable()->rowCount(), 1, 5000);
    QCOMPARE(cell(page->deliveriesTable(), 0, 0), u"test"_s);
    QVERIFY2(said.constLast().at(0).toString().contains(u"test"_s), qPrintable(said.constLast().at(0).toString()));
    const QString status = cell(page->deliveriesTable(), 0, 2);
    QVERIFY2(QStringList({u"pending"_s, u"gave up"_s}).contains(status), qPrintable(status));
    QVERIFY2(cell(page->endpointsTable(), 0, 4).startsWith(status), qPrintable(cell(page->endpointsTable(), 0, 4)));

    // Redeliver the selected delivery: the server takes it (202) and the page says so.
    clickRow(page->deliveriesTable(), 0);
    QVERIFY(page->redeliverButton()->isEnabled());
    const qsizetype before = said.size();
    QTest::mouseClick(page->redeliverButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(said.size(), before + 1, 5000);
    QCOMPARE(said.constLast().at(0).toString(), u"The delivery will be sent again now."_s);

    // Remove asks first; Cancel keeps the endpoint, Remove removes it.
    for (const bool confirm : {false, true}) {
        QTest::mouseClick(page->removeEndpointButton(), Qt::LeftButton);
        QMessageBox *question = page->findChild<QMessageBox *>(u"removeAlertEndpointQuestion"_s);
        QVERIFY(question);
        QTRY_VERIFY(question->isVisible());
        QVERIFY2(question->text().contains(u"ops-hook"_s), qPrintable(question->text()));
        QAbstractButton *answer = nullptr;
        for (QAbstractButton *button : question->buttons()) {
            if (question->buttonRole(button) == (confirm ? QMessageBox::DestructiveRole : QMessageBox::RejectRole))
                answer = button;
        }
        QVERIFY(answer);
        QTest::mouseClick(answer, Qt::LeftButton);
        if (!confirm) {
            QTRY_VERIFY(!page->findChild<QMessageBox *>(u"removeAlertEndpointQuestion"_s));
            QCOMPARE(server.adminCall("GET", u"/v1/alerts/endpoints"_s).value("endpoints"_L1).toArray().size(), 1);
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(page->endpointsTable()->rowCount(), 0, 5000);
    QCOMPARE(page->deliveriesTable()->rowCount(), 0);
    QCOMPARE(server.adminCall("GET", u"/v1/alerts/endpoints"_s).value("endpoints"_L1).toArray().size(), 0);
}

// Walk 50a, finding 2: the delivery log kept "pending, 0 attempts" long after the server had tried;
// it is read again with the session's polls while the page shows it.
void TestAlertsPage::deliveryLogFollowsTheAttemptsWithThePolls()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    // The test makes the attempts: none happens behind its back.
    server.leaseServer().webhooks()->stop();
    int status = 0;
    server.adminCall("POST", u"/v1/alerts/endpoints"_s,
                     {{u"name"_s, u"ops-hook"_s}, {u"url"_s, u"http://127.0.0.1:9/hook"_s}}, &status);
    QCOMPARE(status, 201);

    DashboardHarness dashboard;
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->endpointsTable()->rowCount(), 1, 5000);
    clickRow(page->endpointsTable(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(page->testEndpointButton()->isEnabled(), 5000);
    QTest::mouseClick(page->testEndpointButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page->deliveriesTable()->rowCount(), 1, 5000);
    QCOMPARE(cell(page->deliveriesTable(), 0, 2), u"pending"_s);
    QCOMPARE(cell(page->deliveriesTable(), 0, 4), u"0"_s);

    // The server tries (nobody listens on port 9): the page shows the attempt with no button pressed.
    QCOMPARE(server.leaseServer().webhooks()->deliverDue(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(server.leaseServer().webhooks()->inFlight(), 0, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(cell(page->deliveriesTable(), 0, 4), u"1"_s, 5000);
    QCOMPARE(cell(page->deliveriesTable(), 0, 3), u"no answer"_s);
    // Its next attempt to the second (retries are 30 s apart), the date only when not today.
    QVERIFY2(
        QRegularExpression(u"(^|\\s)\\d\\d:\\d\\d:\\d\\d$"_s).match(cell(page->deliveriesTable(), 0, 5)).hasMatch(),
        qPrintable(cell(page->deliveriesTable(), 0, 5)));
    const QDateTime noon(QDate(2026, 12, 5), QTime(12, 0));
    QCOMPARE(AlertsPage::nextAttemptText(noon.addSecs(30), noon), u"12:00:30"_s);
    QCOMPARE(AlertsPage::nextAttemptText(noon.addDays(1), noon),
             QLocale().toString(noon.addDays(1).date(), QLocale::ShortFormat) + u" 12:00:00"_s);
    QVERIFY2(cell(page->endpointsTable(), 0, 4).startsWith(u"pending"_s),
             qPrintable(cell(page->endpointsTable(), 0, 4)));

    // Walk 51a N1: a new delivery on top does not move the highlight, nor Redeliver, to another one.
    clickRow(page->deliveriesTable(), 0);
    QVERIFY(page->redeliverButton()->isEnabled());
    QTest::mouseClick(page->testEndpointButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(page->deliveriesTable()->rowCount(), 2, 5000);
    QSet<int> rows;
    for (const QTableWidgetItem *item : page->deliveriesTable()->selectedItems())
        rows.insert(item->row());
    QCOMPARE(rows.size(), 1);
    const int row = *rows.cbegin();
    QCOMPARE(cell(page->deliveriesTable(), row, 4), u"1"_s); // the one tried before, wherever it went
}

void TestAlertsPage::viewerReadsTheEndpointsOnly()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    server.adminCall("POST", u"/v1/alerts/endpoints"_s,
                     {{u"name"_s, u"ops-hook"_s}, {u"url"_s, u"http://127.0.0.1:9/hook"_s}}, &status);
    QCOMPARE(status, 201);
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"vera"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);

    // 1280x720 at 150 %.
    DashboardHarness dashboard(DashboardHarness::Options {.size = {853, 480}});
    MainWindow &window = dashboard.open(server.url(), token.value("secret"_L1).toString().toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->endpointsTable()->rowCount(), 1, 5000);
    QCOMPARE(cell(page->endpointsTable(), 0, 0), u"ops-hook"_s);
    clickRow(page->endpointsTable(), 0);
    for (QPushButton *button : {page->addEndpointButton(), page->removeEndpointButton(), page->testEndpointButton(),
                                page->redeliverButton()}) {
        QVERIFY2(!button->isEnabled(), qPrintable(button->objectName()));
        QVERIFY2(button->toolTip().contains(u"viewer"_s), qPrintable(button->toolTip()));
    }
    QVERIFY2(page->endpointsNote()->text().contains(u"Read only"_s), qPrintable(page->endpointsNote()->text()));
    // Walk 50a, finding 11: the sentence across the pane, whole, not squeezed beside the buttons.
    QLabel *note = page->endpointsNote();
    QTRY_VERIFY2(note->width() >= page->endpointsTable()->width() * 9 / 10,
                 qPrintable(u"%1 of %2"_s.arg(note->width()).arg(page->endpointsTable()->width())));
    QVERIFY2(note->height() >= note->heightForWidth(note->width()),
             qPrintable(u"%1 < %2"_s.arg(note->height()).arg(note->heightForWidth(note->width()))));
    QTest::mouseClick(page->addEndpointButton(), Qt::LeftButton);
    QVERIFY(!page->endpointDialog());
}

void TestAlertsPage::rulePreviewReplaysTheLastWeek()
{
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray key = server.createLicense(u"cad"_s, 2, 3600s, 5s, 15s);
    QVERIFY(!key.isEmpty());

    // One of cad's two seats (50 %) held for 40 minutes, on the server's clock.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &server.clock()});
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, key, u"alice@ws-1"_s));
    server.clock().advance(40min); // within the lease's hour
    MainWindow &window = dashboard.build();
    dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().identity().has_value(), 5000);
    QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
    AlertsPage *page = window.alertsPage();
    QTRY_VERIFY_WITH_TIMEOUT(page->addRuleButton()->isEnabled(), 5000);
    QTest::mouseClick(page->addRuleButton(), Qt::LeftButton);
    QPointer<AlertRuleDialog> dialog = page->ruleDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());

    // 50 % of cad's seats for 15 minutes: would have fired once.
    dialog->scopeBox()->setCurrentIndex(dialog->scopeBox()->findData(int(AlertRule::Scope::License)));
    QTest::keyClicks(dialog->scopeNameEdit(), u"cad"_s);
    dialog->thresholdBox()->selectAll();
    QTest::keyClicks(dialog->thresholdBox(), u"50"_s);
    dialog->minutesBox()->selectAll();
    QTest::keyClicks(dialog->minutesBox(), u"15"_s);
    QTest::mouseClick(dialog->previewButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->previewLabel()->text().startsWith(u"Would have fired"_s), 5000);
    QVERIFY2(dialog->previewLabel()->text().startsWith(u"Would have fired 1 time in the last 7 days:"_s),
             qPrintable(dialog->previewLabel()->text()));
    QVERIFY2(dialog->previewLabel()->text().contains(u"on cad (50 % of the seats)"_s),
             qPrintable(dialog->previewLabel()->text()));

    // 100 %: never reached.
    dialog->thresholdBox()->selectAll();
    QTest::keyClicks(dialog->thresholdBox(), u"100"_s);
    QTest::mouseClick(dialog->previewButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(dialog->previewLabel()->text(), u"Would not have fired in the last 7 days."_s, 5000);

    // Only kinds the server evaluates are offered: instance_silent is, now that the instances
    // record that they are alive, with its seconds (and not the minutes) to fill in.
    const int silent = dialog->kindBox()->findData(int(AlertKind::InstanceSilent));
    QVERIFY(silent >= 0);
    QVERIFY(dialog->kindBox()->findData(int(AlertKind::ClockJump)) >= 0);
    dialog->kindBox()->setCurrentIndex(silent);
    QSpinBox *seconds = nullptr;
    for (QFormLayout *form : dialog->findChildren<QFormLayout *>()) {
        for (QSpinBox *box : dialog->findChildren<QSpinBox *>()) {
            const auto *label = qobject_cast<QLabel *>(form->labelForField(box));
            if (label && label->text() == u"Seconds"_s)
                seconds = box;
        }
    }
    QVERIFY(seconds);
    QVERIFY(seconds->isEnabled());
    // A new rule starts at a minute, inside the range the server takes (0 was refused at Save).
    QCOMPARE(seconds->value(), 60);
    QCOMPARE(seconds->minimum(), minInstanceSilentSeconds);
    QCOMPARE(seconds->maximum(), maxInstanceSilentSeconds);
    QVERIFY(!dialog->minutesBox()->isEnabled());
    // A kind the history cannot answer says so.
    dialog->kindBox()->setCurrentIndex(dialog->kindBox()->findData(int(AlertKind::ClockJump)));
    QTest::mouseClick(dialog->previewButton(), Qt::LeftButton);
    QVERIFY2(dialog->previewLabel()->text().startsWith(u"No preview for this kind of rule"_s),
             qPrintable(dialog->previewLabel()->text()));
    dialog->reject();
}

void TestAlertsPage::longPreviewScrollsAndKeepsTheButtonsOnScreen()
{
    AlertRule rule;
    rule.id = u"cad-busy"_s;
    rule.scope = AlertRule::Scope::License;
    rule.scopeName = u"cad"_s;
    rule.threshold = 20;
    AlertRuleDialog dialog(rule, false);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The threshold says its unit, and the scope's placeholder what it names.
    QCOMPARE(dialog.thresholdBox()->text(), u"20 %"_s);
    dialog.kindBox()->setCurrentIndex(dialog.kindBox()->findData(int(AlertKind::Denials)));
    QCOMPARE(dialog.thresholdBox()->text(), u"20 denials"_s);
    dialog.scopeNameEdit()->clear();
    QCOMPARE(dialog.scopeNameEdit()->placeholderText(), u"license id"_s);
    dialog.scopeBox()->setCurrentIndex(dialog.scopeBox()->findData(int(AlertRule::Scope::Group)));
    QCOMPARE(dialog.scopeNameEdit()->placeholderText(), u"group name"_s);

    // A preview of 40 lines (a rule that would have fired often) on a screen shorter than that:
    // the dialog stays on the screen, the preview scrolls, and Save and Cancel are in view.
    QStringList lines {u"Would have fired 40 times in the last 7 days:"_s};
    for (int i = 0; i < 40; ++i)
        lines << u"05/12/2026 06:%1 on cad (20 % of the seats)"_s.arg(i, 2, 10, QChar(u'0'));
    dialog.showPreview(lines.join(u'\n'));
    QCoreApplication::processEvents();
    const QRect screen = dialog.screen()->availableGeometry();
    QVERIFY2(
        screen.contains(dialog.frameGeometry()),
        qPrintable(u"%1 outside %2"_s.arg(QVariant(dialog.frameGeometry()).toString(), QVariant(screen).toString())));
    QTRY_VERIFY(dialog.contentsArea()->verticalScrollBar()->isVisible());
    for (QDialogButtonBox::StandardButton which : {QDialogButtonBox::Save, QDialogButtonBox::Cancel}) {
        QPushButton *button = dialog.buttons()->button(which);
        QVERIFY(button->isVisible());
        const QRect at(button->mapTo(&dialog, QPoint(0, 0)), button->size());
        QVERIFY2(dialog.rect().contains(at), qPrintable(button->text()));
    }
    // Scrolled to the end, the last line is there to read.
    dialog.contentsArea()->verticalScrollBar()->setValue(dialog.contentsArea()->verticalScrollBar()->maximum());
    QVERIFY(dialog.previewLabel()->visibleRegion().boundingRect().bottom() >= dialog.previewLabel()->height() - 2);
    // And Cancel, clicked where it is, closes it.
    QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Cancel), Qt::LeftButton);
    QVERIFY(!dialog.isVisible());
}

void TestAlertsPage::screenshots_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("fr") << u"fr"_s;
}

void TestAlertsPage::screenshots()
{
    const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("KEYRIGHT_SCREENSHOT_DIR not set");
    QFETCH(QString, language);
    TestServer server(alertServer());
    KEYRIGHT_REQUIRE_STORE_OR_SKIP(server);
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cad = server.createLicense(u"acme-cad"_s, 4, 3600s, 5s, 15s);
    const QByteArray cam = server.createLicense(u"acme-cam"_s, 2, 3600s, 5s, 15s);
    const QByteArray render = server.createLicense(u"render-farm"_s, 2, 3600s, 5s, 15s);
    QJsonObject denials {{u"id"_s, u"render-denied"_s}, {u"kind"_s, u"denials"_s}, {u"scope"_s, u"all"_s},
                         {u"severity"_s, u"info"_s},    {u"threshold"_s, 0},       {u"minutes"_s, 1}};
    QJsonObject quiet = seatsRule(u"cam-busy"_s, u"acme-cam"_s, 50, u"warning"_s);
    quiet.insert(u"quiet"_s, QJsonObject {{u"from"_s, u"22:00"_s}, {u"to"_s, u"07:00"_s}, {u"timeZone"_s, u"UTC"_s}});
    int status = 0;
    server.adminCall("PUT", u"/v1/alerts/rules"_s,
                     {{u"rules"_s,
                       QJsonArray {seatsRule(u"cad-full"_s, u"acme-cad"_s, 75, u"critical"_s), quiet,
                                   seatsRule(u"render-half"_s, u"render-farm"_s, 50, u"warning"_s), denials}}},
                     &status);
    QCOMPARE(status, 200);

    QSize size(1440, 900);
    if (const QString wanted = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_SIZE"); !wanted.isEmpty())
        size = QSize(wanted.section(u'x', 0, 0).toInt(), wanted.section(u'x', 1, 1).toInt());
    DashboardHarness dashboard(
        DashboardHarness::Options {.clock = &server.clock(), .size = size, .language = language});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(window.alerts().isLoaded(), 5000);

    // render-farm fired an hour ago and resolved; then cad (3 of 4) and cam (1 of 2) fire.
    QVERIFY(dashboard.takeSeat(server.url(), u"render-farm"_s, render, u"rita@render-1"_s));
    server.evaluateAlerts();
    server.clock().advance(5min);
    const QString seat
        = server.leases(u"render-farm"_s).value("leases"_L1).toArray().at(0).toObject().value("seatId"_L1).toString();
    QVERIFY(server.revoke(u"render-farm"_s, seat));
    server.evaluateAlerts();
    server.clock().advance(std::chrono::milliseconds(alertClearMs + 60'000));
    server.evaluateAlerts();
    server.clock().advance(50min);
    for (const QString &holder : {u"alice@ws-12"_s, u"bob@ws-14"_s, u"carol@ws-3"_s})
        QVERIFY(dashboard.takeSeat(server.url(), u"acme-cad"_s, cad, holder));
    server.evaluateAlerts();
    server.clock().advance(3min);
    QVERIFY(dashboard.takeSeat(server.url(), u"acme-cam"_s, cam, u"dave@ws-7"_s));
    server.evaluateAlerts();
    QTRY_COMPARE_WITH_TIMEOUT(window.alerts().firingCount(), 2, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(window.alertsPage()->recentView()->model()->rowCount(), 1, 5000);

    window.showAlerts(); // the window may not be the active one under Xvfb
    AlertsPage *page = window.alertsPage();
    QTRY_COMPARE_WITH_TIMEOUT(page->rulesTable()->rowCount(), 4, 5000);
    page->firingView()->selectRow(0);
    QTest::qWait(300); // the layout settles
    const QString suffix
        = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_SUFFIX", u"%1x%2"_s.arg(size.width()).arg(size.height()));
    QVERIFY(window.grab().save(dir + u"/alerts-%1-%2.png"_s.arg(suffix, language)));

    page->rulesTable()->selectRow(1);
    QTest::mouseClick(page->editRuleButton(), Qt::LeftButton);
    QPointer<AlertRuleDialog> dialog = page->ruleDialog();
    QVERIFY(dialog);
    dialog->thresholdBox()->setValue(150);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Save), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->errorLabel()->isVisible(), 5000);
    QTest::qWait(300);
    QVERIFY(dialog->grab().save(dir + u"/alerts-rule-%1-%2.png"_s.arg(suffix, language)));
    dialog->reject();

    // The editor with a long preview (16 firings, the first ten listed), as the screen shows it:
    // the dialog within the screen, Save and Cancel in view (walk 51a finding 9).
    QTest::mouseClick(page->addRuleButton(), Qt::LeftButton);
    QPointer<AlertRuleDialog> editor = page->ruleDialog();
    QVERIFY(editor);
    QTRY_VERIFY(editor->isVisible());
    QStringList lines {QCoreApplication::translate("keyright::AlertsPage",
                                                   "Would have fired %n time(s) in the last %1 days:", nullptr, 16)
                           .arg(7)};
    for (int i = 0; i < 10; ++i)
        lines << QCoreApplication::translate("keyright::AlertsPage", "%1 on %2 (%3 % of the seats)")
                     .arg(QLocale().toString(server.clock().now().addSecs(-3600 * (i + 1)).toLocalTime(),
                                             QLocale::ShortFormat),
                          u"acme-cad"_s)
                     .arg(20 + i);
    lines << QCoreApplication::translate("keyright::AlertsPage", "and %n more", nullptr, 6);
    editor->showPreview(lines.join(u'\n'));
    QTest::qWait(300);
    QVERIFY(editor->screen()->grabWindow(0).save(dir + u"/alerts-preview-screen-%1-%2.png"_s.arg(suffix, language)));
    editor->reject();
    QVERIFY(window.screen()->grabWindow(0).save(dir + u"/alerts-screen-%1-%2.png"_s.arg(suffix, language)));
}

QTEST_MAIN(TestAlertsPage)
#include "tst_alertspage.moc"
