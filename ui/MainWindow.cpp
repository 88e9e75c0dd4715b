#include "MainWindow.h"

#include "AdminActions.h"
#include "AdminClient.h"
#include "AlertListModel.h"
#include "AlertTray.h"
#include "AlertsPage.h"
#include "ClientError.h"
#include "ConnectionDialog.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "Durations.h"
#include "ElidedLabel.h"
#include "ErrorBanner.h"
#include "EventLogModel.h"
#include "EventsPage.h"
#include "GroupsDialog.h"
#include "HolderTimelineDialog.h"
#include "Icons.h"
#include "KeyRevealDialog.h"
#include "LanguageManager.h"
#include "LeaseTableModel.h"
#include "LedgerBar.h"
#include "LedgerSentence.h"
#include "LicenseDialog.h"
#include "ReapDialog.h"
#include "RevokeDialog.h"
#include "RoleLabel.h"
#include "ScreenFit.h"
#include "SeatsPage.h"
#include "SecretBuffer.h"
#include "StatePalette.h"
#include "TokensDialog.h"
#include "UsagePage.h"
#include "WriteOffDialog.h"
#include "wire/ClockJump.h"
#include "wire/ErrorBody.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTableView>
#include <QTimeZone>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

struct MainWindow::Actions
{
    QAction *connectTo = nullptr;
    QAction *embedded = nullptr;
    QAction *exportCsv = nullptr;
    QAction *quit = nullptr;
    QAction *refresh = nullptr;
    QAction *filter = nullptr;
    QAction *usage = nullptr;
    QAction *alerts = nullptr;
    QAction *newLicense = nullptr;
    QAction *editLicense = nullptr;
    QAction *rotateKey = nullptr;
    QAction *groups = nullptr;
    QAction *revoke = nullptr;
    QAction *writeOff = nullptr; // a borrowed seat whose laptop is lost (issue 27)
    QAction *reap = nullptr;
    QAction *tokens = nullptr;
    QAction *holderTimeline = nullptr;
    QAction *about = nullptr;
    QActionGroup *languages = nullptr;
    QAction *systemLanguage = nullptr;
    QMenu *fileMenu = nullptr;
    QMenu *viewMenu = nullptr;
    QMenu *languageMenu = nullptr;
    QMenu *pollMenu = nullptr;
    QActionGroup *pollIntervals = nullptr;
    QMenu *licensesMenu = nullptr;
    QMenu *holdersMenu = nullptr;
    QMenu *helpMenu = nullptr;
    QToolBar *toolBar = nullptr;
};

namespace {

QString tokenDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/tokens"_s;
}

} // namespace

namespace {

// An added page (simulator, fleet, replicas demo) scrolls inside its tab rather than making the
// whole window as large as its own minimum: at 1280x720 and 150 % they asked for 985x760.
QWidget *scrolling(QWidget *page)
{
    auto *scroll = new QScrollArea;
    scroll->setObjectName(page->objectName() + u"Scroll"_s);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(page);
    return scroll;
}

} // namespace

MainWindow::MainWindow(DashboardSession &session, DashboardSettings &settings, QWidget *parent)
    : QMainWindow(parent)
    , m_session(session)
    , m_settings(settings)
    , m_profiles(settings, tokenDir())
    , m_adminActions(new AdminActions(session, this))
    , m_tabs(new QTabWidget(this))
    , m_seats(new SeatsPage(session, this))
    , m_events(new EventsPage(session, this))
    , m_usage(new UsagePage(session, this))
    , m_alerts(new AlertListModel(session, this))
    , m_alertsPage(new AlertsPage(session, *m_alerts, *m_adminActions, this))
    , m_banner(new ErrorBanner(this))
    , m_serverDot(new QLabel(this))
    , m_serverLabel(new ElidedLabel(this))
    , m_pollLabel(new ElidedLabel(this))
    , m_offsetLabel(new QLabel(this))
    , m_identityLabel(new ElidedLabel(this))
    , m_clockJumpLabel(new ElidedLabel(this))
    , m_actions(std::make_unique<Actions>())
{
    setObjectName(u"mainWindow"_s);
    setWindowIcon(keyrightIcon(u"keyright"_s));
    m_tabs->setDocumentMode(true);
    // Titles are never shortened: at 1280x720 and 150 % in French every one was ("Siè…",
    // "Alertes …" with the count of firing alerts cut away, walk 51a N2). The French titles are
    // short enough to fit there; a narrower window scrolls the bar with arrows.
    m_tabs->setElideMode(Qt::ElideNone);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->addTab(m_seats, keyrightIcon(u"seats"_s), QString());
    m_tabs->addTab(m_events, keyrightIcon(u"events"_s), QString());
    // The Usage page scrolls like an added page: its controls and tables need more than 853x480.
    m_usageTab = scrolling(m_usage);
    m_tabs->addTab(m_usageTab, keyrightIcon(u"seats"_s), QString());
    // Its three tables need more than 853x480 too.
    m_alertsTab = scrolling(m_alertsPage);
    m_tabs->addTab(m_alertsTab, keyrightIcon(u"warning"_s), QString());

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(4);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    // All but the clock give up width in a narrow window (shortened with "…", whole in their
    // tooltip): the trainer reads the clock offset from the back of the room. The server's state
    // is shortened too rather than cut mid-phrase unseen (walk 47, French at 1280x720 and 150 %);
    // its dot is a label of its own, since "…" needs plain text.
    for (QLabel *label : {m_identityLabel, m_serverDot, m_serverLabel, m_pollLabel, m_offsetLabel}) {
        label->setContentsMargins(label == m_serverLabel ? 0 : 4, 0, 4, 0);
        statusBar()->addPermanentWidget(label);
    }
    m_serverDot->setTextFormat(Qt::RichText);
    m_serverDot->setObjectName(u"serverStatusDot"_s);
    m_serverLabel->setObjectName(u"serverStatus"_s);
    m_offsetLabel->setObjectName(u"offsetStatus"_s);
    m_identityLabel->setObjectName(u"identityStatus"_s);
    m_clockJumpLabel->setContentsMargins(6, 0, 6, 0);
    m_clockJumpLabel->setObjectName(u"clockJumpStatus"_s);
    m_clockJumpLabel->hide();
    statusBar()->addPermanentWidget(m_clockJumpLabel);

    createActions();
    createMenus();
    connectActionOutcomes();

    connect(&session, &DashboardSession::stateChanged, this, [this](DashboardSession::State state) {
        // The banner goes when the server answers again; the status bar says so, and for how
        // long it had not answered, so a vanished banner is not mistaken for a closed one.
        if (state == DashboardSession::State::Failing && !m_failingSince.isValid()
            && m_session.lastPollTime().isValid()) {
            m_failingSince = m_session.localClock().now();
            m_failureSeen = {};
            noteFailure(m_session.lastError());
        } else if (state == DashboardSession::State::Connected && m_failingSince.isValid()) {
            const qint64 seconds = std::max<qint64>(1, m_failingSince.secsTo(m_session.localClock().now()));
            m_failingSince = {};
            // Said as it was: an instance that answered 503 the whole time did answer (walk 48).
            if (m_failureSeen.noAnswer)
                showMessage(tr("The server answers again after %1 s without an answer; the data shown is current.")
                                .arg(seconds));
            else if (m_failureSeen.database)
                showMessage(tr("The database is back after %1 s; the data shown is current.").arg(seconds));
            else
                showMessage(tr("The server answers without errors again after %1 s of errors; the data shown is "
                               "current.")
                                .arg(seconds));
        } else if (state != DashboardSession::State::Failing)
            m_failingSince = {};
        updateBanner();
        updateStatus();
        updateActions();
    });
    connect(&session, &DashboardSession::polled, this, &MainWindow::updateStatus);
    // A poll may change what the selected seats allow (a seat written off offers no write-off).
    connect(&session, &DashboardSession::polled, this, &MainWindow::updateActions);
    connect(&session, &DashboardSession::pollFailed, this, [this](const ClientError &error) {
        if (m_failingSince.isValid())
            noteFailure(error);
        updateBanner();
        updateStatus();
    });
    connect(&session, &DashboardSession::clockMeasured, this, &MainWindow::updateStatus);
    connect(&session, &DashboardSession::eventsArrived, this, &MainWindow::noteClockJumps);
    connect(&session.events(), &QAbstractItemModel::modelReset, this, [this] {
        m_lastClockJump.reset(); // another server, or the log reloaded
        updateClockJumpNotice();
    });
    connect(&session, &DashboardSession::instancesChanged, this, &MainWindow::updateStatus);
    connect(&session, &DashboardSession::certificateNeedsTrust, this, &MainWindow::askToTrustCertificate);
    connect(&session, &DashboardSession::clientChanged, this, [this] {
        m_certificateDeclined = false; // a new connection asks again
        updateBanner();
        updateStatus();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateFilterAction);
    // Revoke acts on the seats selected on the Seats page: on another page it has nothing to act on.
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);
    connect(&session, &DashboardSession::identityChanged, this, [this] {
        updateStatus();
        updateActions();
    });
    connect(m_banner, &ErrorBanner::retryRequested, &session, &DashboardSession::refresh);
    connect(m_seats, &SeatsPage::revokeRequested, this, &MainWindow::revokeSelected);
    connect(m_seats, &SeatsPage::editLicenseRequested, this, &MainWindow::editLicense);
    connect(m_seats->ledgerBar(), &LedgerBar::revokeRequested, this, &MainWindow::revokeFromLedger);
    connect(m_seats->ledgerBar(), &LedgerBar::editRuleRequested, this, &MainWindow::editLedgerRule);
    connect(m_events, &EventsPage::statusMessage, this, [this](const QString &text) { showMessage(text); });
    connect(m_usage, &UsagePage::statusMessage, this, &MainWindow::showMessage);
    connect(m_alertsPage, &AlertsPage::statusMessage, this, [this](const QString &text) { showMessage(text); });
    connect(m_alertsPage, &AlertsPage::licenseRequested, this, &MainWindow::showLicense);
    connect(m_alertsPage, &AlertsPage::denialsRequested, this, &MainWindow::showDenials);
    connect(m_alerts, &AlertListModel::firingChanged, this, &MainWindow::updateAlertsTab);
    if (QSystemTrayIcon::isSystemTrayAvailable())
        installAlertTray(new AlertTray(*m_alerts));
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &text) {
        // Another message (a menu's status tip, a timeout) is not the one the tooltip explains.
        if (text != m_messageShown)
            statusBar()->setToolTip(QString());
        makeRoomForMessage();
    });
    connect(m_seats->holdersView()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateActions);
    connect(m_seats->licensesView()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateActions);
    // "Last poll 3 s ago" and the retry countdown stay current between polls, on the session's
    // once-a-second tick (the countdowns' own).
    connect(&session, &DashboardSession::ticked, this, [this] {
        updateStatus();
        if (m_session.state() == DashboardSession::State::Failing)
            updateBanner();
    });

    session.setPollInterval(std::chrono::milliseconds {settings.value(DashboardSettings::pollIntervalMs)});

    resize(1360, 820);
    restoreGeometry(settings.value(DashboardSettings::windowGeometry));
    restoreState(settings.value(DashboardSettings::windowState));
    // The default, or a size saved on a larger screen, may not fit this one (1280x720 at 150 %
    // is 853x480).
    resizeWithinScreen(size());
    m_seats->restoreState(settings);
    m_events->restoreState(settings);
    m_alertsPage->restoreState(settings);
    retranslate();
    updateStatus();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::addPage(QWidget *page, const QString &title, const QIcon &icon)
{
    m_tabs->addTab(scrolling(page), icon, title);
}

void MainWindow::addPage(QWidget *page, std::function<QString()> title, const QIcon &icon)
{
    QWidget *tab = scrolling(page);
    m_tabs->addTab(tab, icon, title());
    m_pageTitles.append({tab, std::move(title)});
}

PageContext MainWindow::pageContext()
{
    return PageContext {m_session, m_profiles, m_embedded};
}

void MainWindow::setEmbeddedServer(const QUrl &url, const QString &dataDir,
                                   std::function<void(std::chrono::milliseconds)> jumpServerClock)
{
    m_embedded = EmbeddedServerInfo {url, dataDir, std::move(jumpServerClock)};
}

void MainWindow::setEmbeddedServer(EmbeddedServerInfo info)
{
    m_embedded = std::move(info);
}

void MainWindow::setLanguageManager(LanguageManager *languages, const QString &chosen)
{
    m_languages = languages;
    const QString code = chosen.isEmpty() ? m_settings.value(DashboardSettings::language) : chosen;
    bool ticked = false;
    for (QAction *a : m_actions->languages->actions()) {
        a->setChecked(a->data().toString() == code);
        ticked = ticked || a->isChecked();
    }
    // A code the menu does not list ("en_GB"): the language that is in effect.
    if (!ticked && languages) {
        for (QAction *a : m_actions->languages->actions())
            a->setChecked(!a->data().toString().isEmpty() && a->data().toString() == languages->current());
    }
}

void MainWindow::resizeWithinScreen(QSize wanted)
{
    keyright::resizeWithinScreen(this, wanted);
}

void MainWindow::createActions()
{
    Actions &a = *m_actions;
    a.connectTo = new QAction(keyrightIcon(u"connect"_s), QString(), this);
    a.embedded = new QAction(this);
    a.exportCsv = new QAction(keyrightIcon(u"export"_s), QString(), this);
    a.quit = new QAction(this);
    a.refresh = new QAction(keyrightIcon(u"refresh"_s), QString(), this);
    a.filter = new QAction(this);
    a.usage = new QAction(this);
    a.alerts = new QAction(this);
    a.newLicense = new QAction(keyrightIcon(u"add"_s), QString(), this);
    a.editLicense = new QAction(keyrightIcon(u"edit"_s), QString(), this);
    a.rotateKey = new QAction(keyrightIcon(u"key"_s), QString(), this);
    a.groups = new QAction(this);
    a.revoke = new QAction(keyrightIcon(u"revoke"_s), QString(), this);
    a.writeOff = new QAction(keyrightIcon(u"writeoff"_s), QString(), this);
    a.reap = new QAction(keyrightIcon(u"reap"_s), QString(), this);
    a.tokens = new QAction(keyrightIcon(u"key"_s), QString(), this);
    a.holderTimeline = new QAction(this);
    a.about = new QAction(this);

    a.connectTo->setObjectName(u"actionConnect"_s);
    a.revoke->setObjectName(u"actionRevoke"_s);
    a.writeOff->setObjectName(u"actionWriteOff"_s);
    a.reap->setObjectName(u"actionReap"_s);
    a.refresh->setObjectName(u"actionRefresh"_s);
    a.newLicense->setObjectName(u"actionNewLicense"_s);
    a.editLicense->setObjectName(u"actionEditLicense"_s);
    a.rotateKey->setObjectName(u"actionRotateKey"_s);
    a.groups->setObjectName(u"actionGroups"_s);
    a.tokens->setObjectName(u"actionTokens"_s);
    a.usage->setObjectName(u"actionUsage"_s);
    a.alerts->setObjectName(u"actionAlerts"_s);
    a.holderTimeline->setObjectName(u"actionHolderTimeline"_s);

    // Ctrl+K: Ctrl+O, the usual "open", is what a reader of the menus might guess, but K is
    // free everywhere and keeps O for an Open should the dashboard ever open files.
    a.connectTo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    a.quit->setShortcut(QKeySequence::Quit);
    a.refresh->setShortcut(QKeySequence(Qt::Key_F5));
    a.filter->setShortcut(QKeySequence::Find);
    a.usage->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_U));
    // L for aLerts: A selects all in every table.
    a.alerts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    a.newLicense->setShortcut(QKeySequence::New);
    a.reap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    a.groups->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    a.revoke->setShortcut(QKeySequence(Qt::Key_Delete));
    // T for timeline; window-wide, so it works from the holders table and the events table alike.
    a.holderTimeline->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    // Delete revokes only from the holders table, never while typing in a field.
    a.revoke->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_seats->holdersView()->addAction(a.revoke);
    // Shift+Delete, next to Revoke's key, and only from the holders table too.
    a.writeOff->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Delete));
    a.writeOff->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_seats->holdersView()->addAction(a.writeOff);
    m_seats->licensesView()->addAction(a.editLicense);
    m_seats->licensesView()->addAction(a.rotateKey);
    m_seats->licensesView()->addAction(a.newLicense);
    m_seats->holdersView()->addAction(a.holderTimeline);
    m_events->table()->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_events->table()->addAction(a.holderTimeline);

    connect(a.connectTo, &QAction::triggered, this, &MainWindow::showConnections);
    connect(a.embedded, &QAction::triggered, this, &MainWindow::embeddedServerRequested);
    connect(a.exportCsv, &QAction::triggered, m_events, &EventsPage::exportWithDialog);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.refresh, &QAction::triggered, this, &MainWindow::refresh);
    connect(a.filter, &QAction::triggered, this, &MainWindow::focusFilter);
    connect(a.usage, &QAction::triggered, this, &MainWindow::showUsage);
    connect(a.alerts, &QAction::triggered, this, &MainWindow::showAlerts);
    connect(a.newLicense, &QAction::triggered, this, &MainWindow::newLicense);
    connect(a.editLicense, &QAction::triggered, this, &MainWindow::editLicense);
    connect(a.rotateKey, &QAction::triggered, this, &MainWindow::rotateKey);
    connect(a.groups, &QAction::triggered, this, &MainWindow::showGroups);
    connect(a.revoke, &QAction::triggered, this, &MainWindow::revokeSelected);
    connect(a.writeOff, &QAction::triggered, this, &MainWindow::writeOffSelected);
    connect(a.reap, &QAction::triggered, this, &MainWindow::forceReap);
    connect(a.tokens, &QAction::triggered, this, &MainWindow::showTokens);
    connect(a.holderTimeline, &QAction::triggered, this, [this] { showHolderTimeline(selectedHolder()); });
    connect(a.about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Keyright admin"),
                           tr("<h3>Keyright admin %1</h3><p>Floating-license seats as signed leases: who holds each "
                              "seat, until when, and why a checkout was refused.</p>")
                               .arg(QStringLiteral(KEYRIGHT_VERSION)));
    });

    a.languages = new QActionGroup(this);
    a.systemLanguage = new QAction(this);
    a.systemLanguage->setCheckable(true);
    a.systemLanguage->setData(QString());
    a.languages->addAction(a.systemLanguage);
    for (const QString &code : LanguageManager::available()) {
        auto *action = new QAction(LanguageManager::displayName(code), this);
        action->setCheckable(true);
        action->setData(code);
        a.languages->addAction(action);
    }
    a.systemLanguage->setChecked(true);
    connect(a.languages, &QActionGroup::triggered, this,
            [this](QAction *action) { setLanguage(action->data().toString()); });

    a.pollIntervals = new QActionGroup(this);
    const int pollInterval = m_settings.value(DashboardSettings::pollIntervalMs);
    for (int ms : DashboardSettings::pollIntervalChoices()) {
        auto *action = new QAction(this);
        action->setCheckable(true);
        action->setData(ms);
        action->setChecked(ms == pollInterval);
        a.pollIntervals->addAction(action);
    }
    connect(a.pollIntervals, &QActionGroup::triggered, this, [this](QAction *action) {
        const int ms = action->data().toInt();
        m_settings.setValue(DashboardSettings::pollIntervalMs, ms);
        m_session.setPollInterval(std::chrono::milliseconds {ms});
        updateStatus();
    });
}

void MainWindow::createMenus()
{
    Actions &a = *m_actions;
    a.fileMenu = menuBar()->addMenu(QString());
    a.fileMenu->addAction(a.connectTo);
    a.fileMenu->addAction(a.embedded);
    a.fileMenu->addAction(a.tokens);
    a.fileMenu->addSeparator();
    a.fileMenu->addAction(a.exportCsv);
    // The Usage page's exports (Ctrl+E, Ctrl+P on that page), also from here.
    a.fileMenu->addAction(m_usage->exportCsvAction());
    a.fileMenu->addAction(m_usage->exportPdfAction());
    a.fileMenu->addSeparator();
    a.fileMenu->addAction(a.quit);

    a.viewMenu = menuBar()->addMenu(QString());
    a.viewMenu->addAction(a.refresh);
    a.viewMenu->addAction(a.filter);
    a.viewMenu->addAction(a.usage);
    a.viewMenu->addAction(a.alerts);
    a.pollMenu = a.viewMenu->addMenu(QString());
    a.pollMenu->addActions(a.pollIntervals->actions());
    a.languageMenu = a.viewMenu->addMenu(keyrightIcon(u"language"_s), QString());
    a.languageMenu->addActions(a.languages->actions());
    a.languageMenu->insertSeparator(a.languages->actions().value(1));

    a.licensesMenu = menuBar()->addMenu(QString());
    a.licensesMenu->addAction(a.newLicense);
    a.licensesMenu->addAction(a.editLicense);
    a.licensesMenu->addAction(a.rotateKey);
    a.licensesMenu->addSeparator();
    a.licensesMenu->addAction(a.groups);

    a.holdersMenu = menuBar()->addMenu(QString());
    a.holdersMenu->addAction(a.revoke);
    a.holdersMenu->addAction(a.writeOff);
    a.holdersMenu->addAction(a.reap);
    a.holdersMenu->addSeparator();
    a.holdersMenu->addAction(a.holderTimeline);

    a.helpMenu = menuBar()->addMenu(QString());
    a.helpMenu->addAction(a.about);

    a.toolBar = addToolBar(QString());
    a.toolBar->setObjectName(u"mainToolBar"_s);
    a.toolBar->setMovable(false);
    a.toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    a.toolBar->setIconSize(QSize(20, 20));
    a.toolBar->addAction(a.connectTo);
    a.toolBar->addAction(a.refresh);
    a.toolBar->addSeparator();
    a.toolBar->addAction(a.newLicense);
    a.toolBar->addAction(a.editLicense);
    a.toolBar->addSeparator();
    a.toolBar->addAction(a.revoke);
    a.toolBar->addAction(a.writeOff);
    a.toolBar->addAction(a.reap);
}

void MainWindow::updateAlertsTab()
{
    const int open = m_alerts->unacknowledgedCount();
    m_tabs->setTabText(m_tabs->indexOf(m_alertsTab),
                       open > 0 ? tr("Alerts (%1)", "the firing alerts not acknowledged").arg(open) : tr("Alerts"));
}

void MainWindow::retranslate()
{
    Actions &a = *m_actions;
    setWindowTitle(tr("Keyright admin"));
    updateClockJumpNotice();
    m_tabs->setTabText(m_tabs->indexOf(m_seats), tr("Seats"));
    m_tabs->setTabText(m_tabs->indexOf(m_events), tr("Events and disputes"));
    m_tabs->setTabText(m_tabs->indexOf(m_usageTab), tr("Usage"));
    updateAlertsTab();
    for (const auto &[page, title] : std::as_const(m_pageTitles))
        m_tabs->setTabText(m_tabs->indexOf(page), title());
    a.fileMenu->setTitle(tr("&Server"));
    a.viewMenu->setTitle(tr("&View"));
    a.licensesMenu->setTitle(tr("&Licenses"));
    a.holdersMenu->setTitle(tr("&Holders"));
    a.helpMenu->setTitle(tr("&Help"));
    a.pollMenu->setTitle(tr("&Poll every"));
    a.languageMenu->setTitle(tr("&Language"));
    a.toolBar->setWindowTitle(tr("Main toolbar"));
    a.connectTo->setText(tr("&Connect to a server…"));
    a.connectTo->setIconText(tr("Connect"));
    a.connectTo->setToolTip(tr("Connect to a server (Ctrl+K)"));
    a.embedded->setText(tr("Use the &embedded demo server"));
    a.exportCsv->setText(tr("&Export events as CSV…"));
    a.quit->setText(tr("&Quit"));
    a.refresh->setText(tr("&Refresh"));
    a.refresh->setToolTip(tr("Poll the server now (F5)"));
    updateFilterAction();
    a.newLicense->setText(tr("&New license…"));
    a.newLicense->setIconText(tr("New license"));
    a.editLicense->setText(tr("&Edit license…"));
    a.editLicense->setIconText(tr("Edit"));
    a.rotateKey->setText(tr("Rotate license &key…"));
    a.groups->setText(tr("Holder &groups…"));
    a.revoke->setText(tr("&Revoke seat…"));
    a.revoke->setIconText(tr("Revoke"));
    a.revoke->setToolTip(tr("Revoke the selected seat (Delete)"));
    a.writeOff->setText(tr("&Write off borrowed seat…"));
    a.writeOff->setIconText(tr("Write off"));
    a.writeOff->setToolTip(tr("Write off the selected borrowed seat, its laptop lost or its lease file damaged: it "
                              "stays counted until its expiry (Shift+Delete)"));
    a.reap->setText(tr("&Force reap…"));
    a.reap->setIconText(tr("Force reap"));
    a.reap->setToolTip(tr("Reclaim expired seats now (Ctrl+R)"));
    a.tokens->setText(tr("Access &tokens…"));
    a.holderTimeline->setText(tr("Holder's &timeline…"));
    a.holderTimeline->setToolTip(
        tr("Every seat and event of the selected holder over a range; asks for a holder when none is selected "
           "(Ctrl+T)"));
    a.about->setText(tr("&About Keyright admin"));
    a.usage->setText(tr("&Usage history"));
    a.usage->setToolTip(tr("Usage of a license over days or months, and the seats it needs (Ctrl+U)"));
    a.alerts->setText(tr("&Alerts"));
    a.alerts->setToolTip(tr("The alerts firing now and those of the last days, and the alert rules (Ctrl+L)"));
    a.systemLanguage->setText(tr("System language"));
    for (QAction *action : a.pollIntervals->actions())
        action->setText(tr("%1 s").arg(action->data().toInt() / 1000));
    m_serverLabel->setToolTip(tr("The server this dashboard polls"));
    m_identityLabel->setToolTip(tr("The token this dashboard uses, and its role"));
    // Each action's own tooltip, for when the role allows it (gate() puts it back); the others
    // show their text. Set afresh here because gate() may have replaced the tooltip meanwhile.
    for (QAction *action : {a.newLicense, a.editLicense, a.rotateKey, a.tokens, a.groups})
        action->setProperty("allowedToolTip", QString());
    for (QAction *action : {a.revoke, a.writeOff, a.reap})
        action->setProperty("allowedToolTip", action->toolTip());
    updateActions();
    m_offsetLabel->setToolTip(tr("The server's clock minus this computer's, measured from the round trip of "
                                 "GET /v1/time. Countdowns use the server's clock."));
    updateStatus();
    updateBanner();
}

void MainWindow::updateFilterAction()
{
    Actions &a = *m_actions;
    if (m_tabs->currentWidget() == m_events) {
        a.filter->setText(tr("&Filter events by holder"));
        a.filter->setToolTip(tr("Filter the events by holder (Ctrl+F)"));
    } else {
        a.filter->setText(tr("&Filter holders"));
        a.filter->setToolTip(tr("Filter the holders of the selected licenses (Ctrl+F)"));
    }
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        // Models are not widgets: ask the views to fetch their texts again.
        for (QAbstractItemModel *model :
             {static_cast<QAbstractItemModel *>(&m_session.licenses()),
              static_cast<QAbstractItemModel *>(&m_session.leases()),
              static_cast<QAbstractItemModel *>(&m_session.events()), static_cast<QAbstractItemModel *>(m_alerts)}) {
            Q_EMIT model->headerDataChanged(Qt::Horizontal, 0, model->columnCount() - 1);
            if (model->rowCount() > 0)
                Q_EMIT model->dataChanged(model->index(0, 0),
                                          model->index(model->rowCount() - 1, model->columnCount() - 1));
        }
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::setLanguage(const QString &code)
{
    m_settings.setValue(DashboardSettings::language, code);
    if (m_languages)
        m_languages->apply(code);
}

void MainWindow::noteFailure(const ClientError &error)
{
    const bool silent = error.kind == ClientError::Kind::Transport || error.kind == ClientError::Kind::Tls;
    m_failureSeen.noAnswer = m_failureSeen.noAnswer || silent;
    m_failureSeen.database = m_failureSeen.database || error.code == QStringView(errorcode::databaseUnavailable);
}

QString MainWindow::statusText() const
{
    return QStringList {m_identityLabel->text(), m_serverLabel->text(), m_pollLabel->text(), m_offsetLabel->text()}
        .join(u" | "_s);
}

void MainWindow::updateStatus()
{
    const DashboardSession &s = m_session;
    if (const auto identity = s.identity())
        m_identityLabel->setText(tr("%1 · %2").arg(identity->name, roleLabel(identity->role)));
    else
        m_identityLabel->clear();
    m_identityLabel->setVisible(!m_identityLabel->text().isEmpty());
    if (s.state() == DashboardSession::State::Disconnected) {
        m_serverDot->clear();
        m_serverLabel->setText(tr("Not connected"));
        m_pollLabel->clear();
        m_offsetLabel->clear();
        return;
    }
    QString state;
    switch (s.state()) {
    case DashboardSession::State::Connecting:
        state = tr("connecting");
        break;
    case DashboardSession::State::Connected:
        state = tr("connected");
        break;
    case DashboardSession::State::Failing:
        // A 401 is an answer: the server is there and refused the token.
        switch (s.lastError().kind) {
        case ClientError::Kind::Unauthorized:
            state = tr("the server refused the token");
            break;
        case ClientError::Kind::Transport:
            state = tr("not answering");
            break;
        case ClientError::Kind::Tls:
            // No request reached it: the dashboard refused the connection.
            state = tr("connection refused: certificate not trusted");
            break;
        default:
            state = tr("answering with errors");
            break;
        }
        break;
    case DashboardSession::State::Disconnected:
        break;
    }
    // Green only while every instance of the site answers with its database: "connected" beside
    // "0 of 2 instances up" in green read as all is well (walk 47).
    const bool allUp = s.instanceCount() < 2 || s.instancesUp() == s.instanceCount();
    const QString dot
        = StatePalette::colour(s.state() == DashboardSession::State::Connected
                                   ? (allUp ? StatePalette::Live : StatePalette::Pending)
                                   : s.state() == DashboardSession::State::Failing ? StatePalette::Failed
                                                                                   : StatePalette::Pending)
              .name();
    // The server once, by its name when it has one (the URL then in the tooltip): with the URL
    // as well the French status bar was cut at "— connec".
    const QString url = s.serverUrl().toDisplayString();
    // The embedded demo server is named in the interface's language, also after a switch (the
    // label it was connected with stays in the language of that moment).
    const bool embedded = m_embedded.url.isValid() && s.serverUrl() == m_embedded.url;
    const QString name = embedded ? tr("Embedded demo server") : s.serverLabel().isEmpty() ? url : s.serverLabel();
    m_serverDot->setText(u"<span style=\"color:%1\">●</span>"_s.arg(dot));
    QString text = tr("%1 — %2").arg(name, state);
    // A site of several instances: serverUrl() is the one that answered; say which, and how many
    // of the profile's instances are up.
    if (s.instanceCount() > 1) {
        if (name != url)
            text += tr(" · via %1").arg(url);
        text += tr(" · %n of %1 instances up", nullptr, s.instancesUp()).arg(s.instanceCount());
        if (const int withoutDatabase = s.instancesWithoutDatabase(); withoutDatabase > 0)
            text += tr(" · %n without database", nullptr, withoutDatabase);
    }
    m_serverLabel->setText(text);
    m_serverLabel->setToolTip(name == url ? tr("The server this dashboard polls")
                                          : tr("The server this dashboard polls: %1").arg(url));
    if (s.lastPollTime().isValid()) {
        const qint64 ago = s.lastPollTime().secsTo(s.localClock().now());
        // Short, so that the status bar holds it whole at 1280x720 and 150 %, in French too (walk
        // 25b); the time of the poll and its round trip are in the tooltip (the clock offset's
        // "±" beside it is half a round trip).
        const QString every = QLocale().toString(double(s.pollInterval().count()) / 1000.0);
        m_pollLabel->setText(tr("Polled %1 s ago, every %2 s").arg(std::max<qint64>(0, ago)).arg(every));
        m_pollLabel->setToolTip(tr("Last poll at %1 (%2 s ago), answered in %3 ms; the dashboard polls every %4 s")
                                    .arg(s.lastPollTime().toLocalTime().toString(u"HH:mm:ss"_s))
                                    .arg(std::max<qint64>(0, ago))
                                    .arg(s.lastRoundTrip().count())
                                    .arg(every));
    } else {
        m_pollLabel->setText(tr("No poll yet"));
        m_pollLabel->setToolTip(QString());
    }
    if (const auto offset = s.clockOffset()) {
        const qint64 ms = offset->offset.count();
        // Short: the status bar has room for one line in every language; the tooltip explains.
        m_offsetLabel->setText(tr("Server clock %1%2 ms (±%3 ms)")
                                   .arg(ms >= 0 ? u"+"_s : QString())
                                   .arg(ms)
                                   .arg(offset->roundTrip.count() / 2));
    } else {
        m_offsetLabel->setText(tr("Clock offset not measured yet"));
    }
}

void MainWindow::noteClockJumps(const QList<EventRecord> &events)
{
    for (const EventRecord &event : events) {
        if (event.kind == EventKind::ClockJumped && (!m_lastClockJump || event.seq > m_lastClockJump->seq))
            m_lastClockJump = event;
    }
    updateClockJumpNotice();
}

void MainWindow::updateClockJumpNotice()
{
    if (!m_lastClockJump) {
        m_clockJumpLabel->hide();
        return;
    }
    const EventRecord &jump = *m_lastClockJump;
    // Short in the status bar, where the other labels need their room at any width; the whole
    // sentence, and which clock it was, in the tooltip.
    const QString when = LeaseTableModel::formatTime(jump.time, m_session.serverClock().now());
    const std::optional<ClockJump> detail = ClockJump::fromJson(jump.detail);
    const JumpedClock clock = detail ? detail->clock : JumpedClock::Wall;
    QString text;
    QString why;
    switch (clock) {
    case JumpedClock::Database:
        text = tr("Database clock jumped (%1)").arg(when);
        why = tr("The database's clock jumped: every instance on this database decides leases with it. Leases keep "
                 "following real elapsed time; the Events page lists every jump.");
        break;
    case JumpedClock::Monotonic:
        text = tr("Server's monotonic clock jumped (%1)").arg(when);
        why = tr("The server saw its own monotonic clock go back. Its leases keep following real elapsed time; the "
                 "Events page lists every jump.");
        break;
    case JumpedClock::Wall:
        text = tr("Server clock jumped (%1)").arg(when);
        why = tr("The server saw its own clock jump. Its leases keep following real elapsed time; the Events page "
                 "lists every jump.");
        break;
    }
    m_clockJumpLabel->setText(text);
    m_clockJumpLabel->setToolTip(
        tr("Clock jump: %1 (%2)")
            .arg(EventLogModel::clockJumpText(jump), jump.time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s))
        + u"\n"_s + why);
    QPalette amber = m_clockJumpLabel->palette();
    amber.setColor(QPalette::WindowText, StatePalette::colour(StatePalette::Pending));
    m_clockJumpLabel->setPalette(amber);
    m_clockJumpLabel->show();
}

void MainWindow::updateBanner()
{
    const DashboardSession &s = m_session;
    if (s.state() != DashboardSession::State::Failing) {
        m_banner->clear();
        return;
    }
    // "The last successful poll" only when there was one: otherwise nothing shown is the server's.
    const QString asOf
        = s.lastPollTime().isValid() ? s.lastPollTime().toLocalTime().toString(u"HH:mm:ss"_s) : QString();
    if (s.isTokenRevoked()) {
        m_banner->showError(s.lastErrorText(),
                            asOf.isEmpty()
                                ? tr("The dashboard stopped polling.")
                                : tr("The dashboard stopped polling; the data shown is as of %1.").arg(asOf));
        return;
    }
    if (s.lastError().kind == ClientError::Kind::Tls) {
        // While the person is asked about the certificate, the question is the news; a count of
        // failed polls beside it would only say that it is not answered yet.
        if (m_trustQuestionsOpen > 0) {
            m_banner->clear();
            return;
        }
        const QString pinned
            = m_session.client() ? m_session.client()->tlsTrust().trustedFingerprint(s.serverUrl()) : QString();
        QString how;
        if (!pinned.isEmpty())
            how = tr("If the server's certificate was replaced on purpose, open Server → Connect to a server… "
                     "(Ctrl+K), select this server and press Forget under Trusted certificates, then connect: "
                     "the new certificate is shown with its fingerprint to confirm.");
        else if (m_certificateDeclined)
            how = tr("You did not trust this certificate. To be asked again, connect again with Server → Connect "
                     "to a server… (Ctrl+K), or give the profile the CA file that signed it.");
        if (!how.isEmpty()) {
            m_banner->showError(s.lastErrorText(), how);
            return;
        }
    }
    // The time until the next try, counted down on the session's once-a-second tick; "now" once
    // it is due and under way.
    const QDateTime next = s.nextTryAt();
    const qint64 leftMs = next.isValid() ? std::max<qint64>(0, m_session.localClock().now().msecsTo(next)) : 0;
    const QString retrying = leftMs >= 1000
        ? tr("%n failed poll(s) in a row; next try in %1 s.", nullptr, s.failureCount()).arg((leftMs + 999) / 1000)
        : tr("%n failed poll(s) in a row; trying again now.", nullptr, s.failureCount());
    m_banner->showError(s.lastErrorText(),
                        asOf.isEmpty() ? retrying + u' ' + tr("No poll has succeeded yet on this connection.")
                                       : retrying + u' ' + tr("The data shown is as of %1.").arg(asOf));
}

void MainWindow::updateActions()
{
    Actions &a = *m_actions;
    // Connected means answered once on this connection: before that (a server that is down, a
    // certificate refused) nothing asked of it could be carried out. An outage after that keeps
    // the actions, whose errors then say what happened.
    const bool connected
        = m_adminActions->isAvailable() && m_session.lastPollTime().isValid() && !m_session.isTokenRevoked();
    const bool oneLicense = m_seats->selectedLicenseIds().size() == 1;
    const QString cannotRevoke = revokeUnavailableReason();
    a.refresh->setEnabled(connected);
    using A = AdminActions::Action;
    gate(a.newLicense, connected, A::CreateLicense);
    gate(a.editLicense, connected && oneLicense, A::EditLicense);
    gate(a.rotateKey, connected && oneLicense, A::RotateKey);
    gate(a.groups, connected, A::ReadRules);
    gate(a.revoke, connected && cannotRevoke.isEmpty(), A::Revoke, cannotRevoke);
    gate(a.writeOff, connected && !writeOffCandidates().isEmpty(), A::WriteOff);
    gate(a.reap, connected, A::Reap);
    gate(a.tokens, connected, A::ListTokens);
    // Reading events is a viewer's right: no role to gate on.
    a.holderTimeline->setEnabled(connected);
    // The ledger's lines act as the window's Revoke and Edit license do, under the same role.
    LedgerBar *ledger = m_seats->ledgerBar();
    const auto gateLedger = [&](LedgerBar::Action action, A what) {
        const bool allowed = m_adminActions->isAllowed(what);
        ledger->setActionEnabled(action, connected && allowed, allowed ? QString() : roleNeeded(what));
    };
    gateLedger(LedgerBar::Action::Revoke, A::Revoke);
    gateLedger(LedgerBar::Action::EditRule, A::EditLicense);
}

QString MainWindow::roleNeeded(AdminActions::Action what) const
{
    const auto identity = m_session.identity();
    return tr("Needs the %1 role; this token (%2) has the %3 role.")
        .arg(roleLabel(AdminActions::requiredRole(what)), identity ? identity->name : QString(),
             identity ? roleLabel(identity->role) : QString());
}

void MainWindow::gate(QAction *action, bool available, AdminActions::Action what, const QString &why)
{
    if (m_adminActions->isAllowed(what)) {
        action->setEnabled(available);
        action->setToolTip(!available && !why.isEmpty() ? why : action->property("allowedToolTip").toString());
        return;
    }
    action->setEnabled(false);
    action->setToolTip(roleNeeded(what));
}

void MainWindow::showMessage(const QString &text, const QString &detail)
{
    m_messageShown = text;
    // The whole message in the tooltip, should it still be cut.
    statusBar()->setToolTip(detail.isEmpty() ? text : detail);
    statusBar()->showMessage(text, 8000);
    makeRoomForMessage();
}

void MainWindow::makeRoomForMessage()
{
    // QStatusBar draws its message between its left edge and the first label shown, cut where the
    // labels start: at 1280x720 and 150 % that was "Saved 90 buck" (walk 25c). While a message
    // shows, the labels give way, the poll's first: shortened (whole in their tooltips), then, if
    // that is not enough, out of the way for those 8 s, as QStatusBar's own widgets are. The
    // server's clock keeps its place; the server's state is shortened last (whole in its tooltip)
    // and never hidden: the news of those 8 s comes first ("The database" was all that showed of
    // "The database is reachable again after 7 s" at 1280x720 and 150 %, walk 49).
    QStatusBar *bar = statusBar();
    // Who is connected, with which role, is never cut to "olga · …" (walk 51a N2): it is whole, or
    // out of the way while the message shows, after the others have given way.
    const QList<QLabel *> giving {m_pollLabel, m_clockJumpLabel};
    const QList<QLabel *> shortened {m_pollLabel, m_identityLabel, m_clockJumpLabel, m_serverLabel};
    for (QLabel *label : shortened)
        label->setMaximumWidth(QWIDGETSIZE_MAX);
    const QString text = bar->currentMessage();
    if (text.isEmpty() || !bar->isVisible() || !bar->layout())
        return;
    const auto lacking = [&] {
        bar->layout()->activate();
        // QStatusBar leaves 6 pixels before the message and 2 before the first label.
        int room = bar->width() - 12;
        for (QLabel *label :
             {m_identityLabel, m_serverDot, m_serverLabel, m_pollLabel, m_offsetLabel, m_clockJumpLabel})
            if (label->isVisible())
                room = std::min(room, label->x() - 2);
        return 6 + bar->fontMetrics().horizontalAdvance(text) + bar->fontMetrics().averageCharWidth() - room;
    };
    for (QLabel *label : giving) {
        const int lack = lacking();
        if (lack <= 0)
            return;
        if (label->isVisible())
            label->setMaximumWidth(std::max(label->minimumSizeHint().width(), label->width() - lack));
    }
    for (QLabel *label : giving) {
        if (lacking() <= 0)
            return;
        if (label->isVisible())
            label->setMaximumWidth(0);
    }
    // The layout settles in steps (a label given less room moves the others): shorten until it fits.
    for (int step = 0; step < 4 && m_serverLabel->isVisible(); ++step) {
        const int lack = lacking();
        const int least = m_serverLabel->minimumSizeHint().width();
        if (lack <= 0 || m_serverLabel->width() <= least)
            break;
        m_serverLabel->setMaximumWidth(std::max(least, m_serverLabel->width() - lack));
    }
    if (m_identityLabel->isVisible() && lacking() > 0)
        m_identityLabel->setMaximumWidth(0);
    bar->layout()->activate();
}

void MainWindow::refresh()
{
    m_session.refresh();
    // The usage report is not polled: F5 on its page asks for it again too.
    if (m_tabs->currentWidget() == m_usageTab)
        m_usage->reload();
}

void MainWindow::showUsage()
{
    m_tabs->setCurrentWidget(m_usageTab);
    m_usage->licenseChooser()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showAlerts()
{
    m_tabs->setCurrentWidget(m_alertsTab);
    m_alertsPage->firingView()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showAlert(const QString &key)
{
    if (isMinimized())
        setWindowState((windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
    show();
    raise();
    activateWindow();
    m_tabs->setCurrentWidget(m_alertsTab);
    if (key.isEmpty() || !m_alertsPage->selectAlert(key))
        m_alertsPage->firingView()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::showLicense(const QString &licenseId)
{
    m_tabs->setCurrentWidget(m_seats);
    m_seats->selectLicense(licenseId);
    m_seats->licensesView()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::showDenials(const QString &licenseId, const QDateTime &from, const QDateTime &until)
{
    m_tabs->setCurrentWidget(m_events);
    QComboBox *license = m_events->licenseFilter();
    if (const int at = license->findData(licenseId); at >= 0)
        license->setCurrentIndex(at);
    QComboBox *kind = m_events->kindFilter();
    for (int i = 0; i < kind->count(); ++i) {
        if (kind->itemData(i).value<QList<EventKind>>() == denialKinds()) {
            kind->setCurrentIndex(i);
            break;
        }
    }
    m_events->setTimeRange(from, until);
    m_events->table()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::installAlertTray(AlertTray *tray)
{
    delete m_alertTray;
    m_alertTray = tray;
    tray->setParent(this);
    connect(tray, &AlertTray::openRequested, this, &MainWindow::showAlert);
}

void MainWindow::focusFilter()
{
    if (m_tabs->currentWidget() == m_events) {
        m_events->holderFilter()->setFocus();
        m_events->holderFilter()->selectAll();
        return;
    }
    m_tabs->setCurrentWidget(m_seats);
    m_seats->holderFilter()->setFocus();
    m_seats->holderFilter()->selectAll();
}

void MainWindow::connectActionOutcomes()
{
    AdminActions &actions = *m_adminActions;
    connect(&actions, &AdminActions::revoked, this, [this](const QString &, const QString &, const QString &holder) {
        showMessage(tr("Revoked the seat of %1.").arg(holder));
    });
    connect(&actions, &AdminActions::writtenOff, this, [this](const WriteOffAnswer &answer) {
        // Short, as the status bar of a 1280x720 screen at 150 % holds it (walk 56b: cut at the
        // date); the holder's row says until when, and so does the tooltip.
        showMessage(
            tr("Wrote off the seat of %1.").arg(answer.holder),
            tr("Wrote off the borrowed seat of %1: it stays counted until %2.")
                .arg(answer.holder,
                     borrowEndText(answer.countedUntil, m_session.serverClock().now(), QTimeZone::systemTimeZone())));
    });
    connect(&actions, &AdminActions::reaped, this,
            [this](int seats) { showMessage(tr("%n seat(s) reclaimed.", nullptr, seats)); });
    // A new license's groups are saved before it: its own message comes after theirs and stays.
    connect(&actions, &AdminActions::licenseCreated, this, [this](const QString &licenseId, const QString &key) {
        showMessage(tr("Created the license %1.").arg(licenseId));
        if (!key.isEmpty())
            revealKey(licenseId, key);
    });
    connect(&actions, &AdminActions::licenseSaved, this,
            [this](const QString &licenseId) { showMessage(tr("Saved %1.").arg(licenseId)); });
    connect(&actions, &AdminActions::keyRotated, this, &MainWindow::revealKey);
    connect(&actions, &AdminActions::groupsSaved, this, [this] {
        if (m_groupsDialog && m_groupsDialog->isSaving())
            m_groupsDialog->saveSucceeded();
        showMessage(tr("Saved the holder groups."));
    });
    connect(
        &actions, &AdminActions::failed, this,
        [this](AdminActions::Action action, const QString &subject, const QString &message) {
            switch (action) {
            case AdminActions::Action::Revoke:
                QMessageBox::warning(this, tr("Revoke seat"),
                                     tr("The seat of %1 was not revoked: %2").arg(subject, message));
                break;
            case AdminActions::Action::WriteOff:
                QMessageBox::warning(this, tr("Write off borrowed seat"),
                                     tr("The seat of %1 was not written off: %2").arg(subject, message));
                break;
            case AdminActions::Action::CreateLicense:
                QMessageBox::warning(this, tr("New license"), tr("The license was not created: %1").arg(message));
                break;
            case AdminActions::Action::EditLicense:
                QMessageBox::warning(this, tr("Edit license"), tr("The license was not changed: %1").arg(message));
                break;
            case AdminActions::Action::RotateKey:
                QMessageBox::warning(this, tr("Rotate license key"), tr("The key was not rotated: %1").arg(message));
                break;
            case AdminActions::Action::ReadRules:
                QMessageBox::warning(this, tr("Seat rules"), tr("The seat rules could not be read: %1").arg(message));
                break;
            case AdminActions::Action::EditGroups:
                // The groups dialog stays open with every edit and says why.
                if (m_groupsDialog && m_groupsDialog->isSaving()) {
                    m_groupsDialog->saveRefused(message);
                    // Rules may have changed since the dialog opened: ask again, so that it says
                    // as typed what the server just refused.
                    for (const QString &id : m_session.licenses().licenseIds())
                        m_session.fetchLicenseRules(id);
                    break;
                }
                QMessageBox::warning(this, tr("Holder groups"),
                                     tr("The holder groups were not saved: %1").arg(message));
                break;
            case AdminActions::Action::EditRules:
                QMessageBox::warning(this, tr("Seat rules"),
                                     tr("The license was saved but its seat rules were not: %1").arg(message));
                break;
            case AdminActions::Action::PreviewReap:
            case AdminActions::Action::Reap:
            case AdminActions::Action::ListTokens:
            case AdminActions::Action::CreateToken:
            case AdminActions::Action::RevokeToken:
            case AdminActions::Action::EditAlertRules:
            case AdminActions::Action::EditAlertEndpoints:
            case AdminActions::Action::AcknowledgeAlert:
                break; // the reap, tokens and alert rule dialogs and the Alerts page show these
            }
        });
}

void MainWindow::showTokens()
{
    if (!m_adminActions->isAvailable() || !m_adminActions->isAllowed(AdminActions::Action::ListTokens))
        return;
    auto *dialog = new TokensDialog(*m_adminActions, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::revealKey(const QString &licenseId, const QString &key)
{
    auto *reveal = new KeyRevealDialog(licenseId, key, this);
    reveal->setAttribute(Qt::WA_DeleteOnClose);
    reveal->open();
}

void MainWindow::revokeSelected()
{
    if (!m_adminActions->isAvailable())
        return;
    // Delete on the holders table reaches here even while the action is disabled: say why nothing
    // happens, as the disabled action's tooltip does.
    if (!m_adminActions->isAllowed(AdminActions::Action::Revoke)) {
        const auto identity = m_session.identity();
        showMessage(tr("Revoking a seat needs the %1 role; this token (%2) has the %3 role.")
                        .arg(roleLabel(AdminActions::requiredRole(AdminActions::Action::Revoke)),
                             identity ? identity->name : QString(), identity ? roleLabel(identity->role) : QString()));
        return;
    }
    confirmRevoke(m_seats->selectedSeats());
}

void MainWindow::revokeFromLedger(const HeldSeat &seat, bool block)
{
    // The line's button is disabled for a role that may not revoke; the server would refuse anyway.
    if (!m_adminActions->isAvailable() || !m_adminActions->isAllowed(AdminActions::Action::Revoke))
        return;
    confirmRevoke({seat}, block);
}

void MainWindow::confirmRevoke(QList<HeldSeat> seats, bool block)
{
    if (seats.isEmpty())
        return;
    // One dialog per seat keeps the confirmation explicit about whose seat goes; each opens when
    // the one before was confirmed, and Cancel stops there. Window-modal and never exec(): the
    // window keeps its event loop (polls, countdowns) while a dialog waits.
    const HeldSeat seat = seats.takeFirst();
    if (seat.borrowed) {
        // Deleting a borrowed seat's row would free it here while the laptop's signed lease still
        // works offline until its expiry: two people on one seat. Say so instead of revoking.
        const QString until
            = borrowEndText(seat.borrowedUntil, m_session.serverClock().now(), QTimeZone::systemTimeZone());
        auto *box
            = new QMessageBox(QMessageBox::Information, tr("Borrowed seat"),
                              tr("The seat of %1 is borrowed until %2 and cannot be revoked.").arg(seat.holder, until),
                              QMessageBox::Ok, this);
        box->setObjectName(u"borrowedSeatMessage"_s);
        box->setInformativeText(
            tr("The laptop holds a signed lease that the server cannot recall: it keeps working offline until %1, "
               "so the seat stays counted until then. Ask %2 to return it early (keyright return), or wait for it "
               "to expire.")
                .arg(until, seat.holder));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setWindowModality(Qt::WindowModal);
        // The admin's way out for a lost laptop, where Revoke was: write the seat off.
        QPushButton *writeOff = nullptr;
        if (!seat.writtenOff && m_adminActions->isAllowed(AdminActions::Action::WriteOff)) {
            writeOff = box->addButton(tr("&Write off…"), QMessageBox::ActionRole);
            writeOff->setObjectName(u"writeOffButton"_s);
        }
        connect(box, &QDialog::finished, this, [this, box, writeOff, seat, block, rest = std::move(seats)] {
            if (writeOff && box->clickedButton() == writeOff)
                confirmWriteOff(seat);
            else
                confirmRevoke(rest, block);
        });
        box->open();
        return;
    }
    auto *dialog = new RevokeDialog(seat.licenseId, seat.holder, seat.seatId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (block)
        dialog->proposeBlock();
    connect(dialog, &QDialog::accepted, this, [this, dialog, seat, block, rest = std::move(seats)] {
        RevokeRequest request;
        request.licenseId = seat.licenseId;
        request.seatId = seat.seatId;
        request.reason = dialog->reason();
        request.block = dialog->blockDuration();
        m_adminActions->revoke(request, seat.holder);
        confirmRevoke(rest, block);
    });
    dialog->open();
}

QString MainWindow::revokeUnavailableReason() const
{
    const QList<HeldSeat> seats = m_tabs->currentWidget() == m_seats ? m_seats->selectedSeats() : QList<HeldSeat> {};
    if (seats.isEmpty())
        return tr("Select a holder's seat on the Seats page to revoke it.");
    // Delete on such a seat still explains, and offers Write off… for a lost laptop.
    if (std::all_of(seats.cbegin(), seats.cend(), [](const HeldSeat &seat) { return seat.borrowed; }))
        return tr("A borrowed seat cannot be revoked: it comes back when it is returned or expires.");
    return {};
}

QList<HeldSeat> MainWindow::writeOffCandidates() const
{
    QList<HeldSeat> seats;
    for (const HeldSeat &seat : m_seats->selectedSeats()) {
        if (seat.borrowed && !seat.writtenOff)
            seats.append(seat);
    }
    return seats;
}

void MainWindow::writeOffSelected()
{
    if (!m_adminActions->isAvailable())
        return;
    // Shift+Delete reaches here even while the action is disabled: say why nothing happens.
    if (!m_adminActions->isAllowed(AdminActions::Action::WriteOff)) {
        showMessage(roleNeeded(AdminActions::Action::WriteOff));
        return;
    }
    const QList<HeldSeat> seats = writeOffCandidates();
    if (seats.isEmpty()) {
        showMessage(tr("Only a borrowed seat that is not written off yet can be written off; revoke an ordinary "
                       "seat instead."));
        return;
    }
    confirmWriteOff(seats.constFirst());
}

void MainWindow::confirmWriteOff(const HeldSeat &seat)
{
    // Window-modal and never exec(), as the revoke dialog: polls and countdowns go on meanwhile.
    auto *dialog = new WriteOffDialog(seat.licenseId, seat.holder, seat.seatId, seat.borrowedUntil,
                                      m_session.serverClock().now(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this, [this, dialog, seat] {
        m_adminActions->writeOff(seat.licenseId, seat.seatId, dialog->note(), seat.holder);
    });
    dialog->open();
}

void MainWindow::forceReap()
{
    if (!m_adminActions->isAvailable() || !m_adminActions->isAllowed(AdminActions::Action::Reap))
        return;
    auto *dialog = new ReapDialog(*m_adminActions, m_session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::withRules(const QString &licenseId,
                           std::function<void(const SeatRules &, const QList<HolderGroup> &)> then)
{
    // The last poll of a selected license carries both; otherwise they are asked for.
    if (const LicenseDetails *details = m_session.licenseDetails(licenseId)) {
        then(details->rules, details->groups);
        return;
    }
    const QStringList polled = m_session.detailedLicenses();
    if (licenseId.isEmpty() && !polled.isEmpty()) {
        then({}, m_session.licenseDetails(polled.first())->groups);
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    const auto done = [this, connection, then](const SeatRules &rules, const QList<HolderGroup> &groups) {
        disconnect(*connection);
        then(rules, groups);
    };
    if (licenseId.isEmpty()) {
        *connection = connect(m_adminActions, &AdminActions::groupsLoaded, this,
                              [done](const QList<HolderGroup> &groups) { done({}, groups); });
        if (!m_adminActions->loadGroups())
            disconnect(*connection);
        return;
    }
    *connection
        = connect(m_adminActions, &AdminActions::rulesLoaded, this,
                  [done, licenseId](const QString &id, const SeatRules &rules, const QList<HolderGroup> &groups) {
                      if (id == licenseId)
                          done(rules, groups);
                  });
    if (!m_adminActions->loadRules(licenseId))
        disconnect(*connection);
}

QString MainWindow::readOnlyReason(AdminActions::Action action) const
{
    if (m_adminActions->isAllowed(action))
        return {};
    const auto identity = m_session.identity();
    return tr("Read only: editing needs the %1 role; this token (%2) has the %3 role.")
        .arg(roleLabel(AdminActions::requiredRole(action)), identity ? identity->name : QString(),
             identity ? roleLabel(identity->role) : QString());
}

void MainWindow::openLicenseDialog(LicenseDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &LicenseDialog::groupsDialogOpened, this, &MainWindow::giveLicenseRules);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->isReadOnly())
            return;
        const bool create = dialog->isCreate();
        m_adminActions->saveLicense(dialog->spec(), create,
                                    dialog->groupsChanged() ? std::optional<QList<HolderGroup>>(dialog->groups())
                                                            : std::nullopt,
                                    dialog->rulesChanged() ? std::optional<SeatRules>(dialog->rules()) : std::nullopt);
    });
    dialog->open();
}

void MainWindow::newLicense()
{
    if (!m_adminActions->isAvailable() || !m_adminActions->isAllowed(AdminActions::Action::CreateLicense))
        return;
    withRules({}, [this](const SeatRules &, const QList<HolderGroup> &groups) {
        const QStringList ids = m_session.licenses().licenseIds();
        auto *dialog = new LicenseDialog(std::nullopt, QSet<QString>(ids.cbegin(), ids.cend()), this);
        dialog->setClock(m_session.serverClock());
        dialog->setRules({}, groups);
        // A new license has no seats and nobody waiting: the preview says what that means.
        ReclaimState empty;
        empty.now = m_session.serverClock().now();
        dialog->setReclaimState(empty);
        openLicenseDialog(dialog);
    });
}

void MainWindow::editLicense()
{
    const QStringList ids = m_seats->selectedLicenseIds();
    if (ids.size() != 1)
        return;
    editLicenseById(ids.first());
}

void MainWindow::editLedgerRule(const QString &licenseId, SeatLedger::Category category)
{
    // Only a role that may change the rule is offered it: reading it is the license's dialog.
    if (!m_adminActions->isAllowed(AdminActions::Action::EditLicense))
        return;
    editLicenseById(licenseId, category);
}

void MainWindow::editLicenseById(const QString &id, std::optional<SeatLedger::Category> category)
{
    if (!m_adminActions->isAvailable())
        return;
    if (!m_session.licenses().license(id))
        return;
    // A role that may not edit (double-clicking asks for this too) reads the license and its rules.
    withRules(id, [this, id, category](const SeatRules &rules, const QList<HolderGroup> &groups) {
        const LicenseSummary *current = m_session.licenses().license(id);
        if (!current)
            return;
        auto *dialog = new LicenseDialog(*current, {}, this);
        dialog->setClock(m_session.serverClock());
        dialog->setRules(rules, groups);
        dialog->setReadOnly(readOnlyReason(AdminActions::Action::EditLicense));
        // The idle seats' preview reads the license's seats and line as each poll lists them.
        dialog->setReclaimState(m_session.reclaimState(id));
        connect(&m_session, &DashboardSession::licenseDetailsChanged, dialog,
                [this, dialog, id](const QStringList &changed) {
                    if (changed.contains(id))
                        dialog->setReclaimState(m_session.reclaimState(id));
                });
        openLicenseDialog(dialog);
        if (category)
            dialog->showRule(*category == SeatLedger::Category::ReservedIdle ? LicenseDialog::Rule::Reservations
                                                                             : LicenseDialog::Rule::IdleSeats);
    });
}

void MainWindow::giveLicenseRules(GroupsDialog *dialog)
{
    // The polled licenses' rules are at hand; the others are asked for (their rules, not their
    // leases) and join as they come.
    QHash<QString, SeatRules> rules;
    for (const QString &id : m_session.licenses().licenseIds()) {
        if (const LicenseDetails *details = m_session.licenseDetails(id))
            rules.insert(id, details->rules);
        else if (const auto current = m_session.currentRules(id))
            rules.insert(id, current->rules);
        else
            m_session.fetchLicenseRules(id);
    }
    dialog->setLicenseRules(rules);
    connect(&m_session, &DashboardSession::licenseRulesFetched, dialog, &GroupsDialog::addLicenseRules);
    connect(&m_session, &DashboardSession::currentRulesChanged, dialog, [this, dialog](const QString &id) {
        if (const auto current = m_session.currentRules(id))
            dialog->addLicenseRules(id, current->rules);
    });
    connect(&m_session, &DashboardSession::licenseDetailsChanged, dialog, [this, dialog](const QStringList &ids) {
        for (const QString &id : ids) {
            if (const LicenseDetails *details = m_session.licenseDetails(id))
                dialog->addLicenseRules(id, details->rules);
        }
    });
}

QString MainWindow::selectedHolder() const
{
    if (m_tabs->currentWidget() == m_events) {
        const QModelIndexList rows = m_events->table()->selectionModel()->selectedRows();
        return rows.isEmpty() ? QString() : rows.first().data(EventLogModel::HolderRole).toString();
    }
    if (m_tabs->currentWidget() == m_seats) {
        const QList<int> rows = m_seats->selectedHolderRows();
        if (rows.isEmpty())
            return {};
        const HolderRow &row = m_session.leases().rowAt(rows.first());
        return row.kind == HolderRow::Kind::Block ? row.block.holder : row.lease.lease.holder;
    }
    return {};
}

void MainWindow::showHolderTimeline(const QString &holder)
{
    // Not modal: a support engineer keeps it open beside the Seats and Events pages.
    auto *dialog = new HolderTimelineDialog(m_session, holder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showGroups()
{
    if (!m_adminActions->isAvailable())
        return;
    withRules({}, [this](const SeatRules &, const QList<HolderGroup> &groups) {
        auto *dialog = new GroupsDialog(groups, this);
        m_groupsDialog = dialog;
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->setReadOnly(readOnlyReason(AdminActions::Action::EditGroups));
        giveLicenseRules(dialog);
        dialog->setSavesBeforeClosing(true);
        connect(dialog, &GroupsDialog::saveRequested, this, [this, dialog](const QList<HolderGroup> &edited) {
            if (!m_adminActions->saveGroups(edited))
                dialog->saveRefused(tr("The dashboard is not connected to a server."));
        });
        dialog->open();
    });
}

void MainWindow::rotateKey()
{
    const QStringList ids = m_seats->selectedLicenseIds();
    if (!m_adminActions->isAvailable() || !m_adminActions->isAllowed(AdminActions::Action::RotateKey)
        || ids.size() != 1)
        return;
    const QString id = ids.first();
    // Window-modal, like every confirmation here: the window keeps polling while it waits.
    auto *confirm = new QMessageBox(
        QMessageBox::Question, tr("Rotate license key"),
        tr("Give %1 a new key? Applications using the old key can no longer check out or renew seats until they "
           "are given the new one.")
            .arg(id),
        QMessageBox::Yes | QMessageBox::No, this);
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirm, &QMessageBox::finished, this, [this, confirm, id] {
        if (confirm->clickedButton() == confirm->button(QMessageBox::Yes))
            m_adminActions->rotateKey(id);
    });
    confirm->open();
}

void MainWindow::showConnections()
{
    ConnectionDialog dialog(m_profiles, m_profiles.lastUsed(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.embeddedChosen()) {
        m_profiles.setLastUsed({});
        Q_EMIT embeddedServerRequested();
        return;
    }
    connectToProfile(dialog.chosenProfile());
}

bool MainWindow::connectToProfile(const QString &name)
{
    const auto profile = m_profiles.profile(name);
    if (!profile)
        return false;
    QString error;
    const auto token = ConnectionProfileStore::readToken(*profile, &error);
    if (!token) {
        m_banner->showError(tr("Cannot read the admin token of %1").arg(name), error);
        return false;
    }
    const std::optional<TlsTrust> tls = profile->tlsTrust(&error);
    if (!tls) {
        m_banner->showError(tr("Cannot use the certificate authorities of %1").arg(name), error);
        return false;
    }
    m_profiles.setLastUsed(name);
    m_session.connectTo(profile->instanceUrls(), token->view(), name, *tls);
    return true;
}

void MainWindow::askToTrustCertificate(const QUrl &instance, const QString &fingerprint, const QString &problem)
{
    // The answer may come after the window moved to another server: it then concerns nothing.
    const QPointer<AdminClient> client = m_session.client();
    const QString profileName = m_session.serverLabel();
    const bool saved = m_profiles.profile(profileName).has_value();
    auto *box = new QMessageBox(this);
    box->setObjectName(u"trustCertificate"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setIcon(QMessageBox::Warning);
    box->setWindowTitle(tr("Unknown certificate"));
    box->setText(tr("%1 presents a certificate that no certificate authority on this computer vouches for.")
                     .arg(TlsTrust::instanceKey(instance)));
    box->setInformativeText(
        tr("SHA-256 fingerprint:\n%1\n\nTrust it only if it is the fingerprint of the server's certificate (on "
           "the server: openssl x509 -noout -fingerprint -sha256 -in CERTIFICATE). Once trusted, another "
           "certificate at this address is refused.")
            .arg(fingerprint));
    box->setDetailedText(problem);
    QPushButton *trust = box->addButton(saved ? tr("&Trust for %1").arg(profileName) : tr("&Trust this certificate"),
                                        QMessageBox::AcceptRole);
    trust->setObjectName(u"trust"_s);
    box->setDefaultButton(box->addButton(QMessageBox::Cancel));
    ++m_trustQuestionsOpen;
    updateBanner();
    connect(box, &QMessageBox::finished, this, [this, box, trust, client, instance, fingerprint, profileName] {
        --m_trustQuestionsOpen;
        const bool current = !client.isNull() && m_session.client() == client;
        if (box->clickedButton() != trust) {
            m_certificateDeclined = m_certificateDeclined || current;
            updateBanner();
            return;
        }
        updateBanner();
        if (!current)
            return;
        if (auto profile = m_profiles.profile(profileName)) {
            profile->trustedCertificates.insert(TlsTrust::instanceKey(instance), fingerprint);
            m_profiles.save(*profile);
        }
        m_session.trustCertificate(instance, fingerprint);
    });
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings.setValue(DashboardSettings::windowGeometry, saveGeometry());
    m_settings.setValue(DashboardSettings::windowState, saveState());
    m_seats->saveState(m_settings);
    m_events->saveState(m_settings);
    m_alertsPage->saveState(m_settings);
    m_settings.sync();
    QMainWindow::closeEvent(event);
}

} // namespace keyright
