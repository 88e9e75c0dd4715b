#pragma once

#include "AdminActions.h"
#include "ConnectionProfile.h"
#include "PageContext.h"
#include "SeatLedger.h"
#include "wire/EventRecord.h"

#include <QDateTime>
#include <QMainWindow>
#include <QPointer>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QActionGroup;
class QLabel;
class QTabWidget;

namespace keyright {

struct ClientError;
class AlertListModel;
class AlertsPage;
class AlertTray;
class DashboardSession;
class DashboardSettings;
class ErrorBanner;
class EventsPage;
class GroupsDialog;
class LanguageManager;
struct HeldSeat;
class LicenseDialog;
class SeatsPage;
class UsagePage;

// The administration dashboard's window: licenses and holders, events and disputes, and any page
// the application adds (simulator, fleet, ...). Everything it shows comes from the session; the
// admin commands go through AdminActions, and the window only asks for confirmation and shows
// the outcome. It never blocks on the network.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    MainWindow(DashboardSession &session, DashboardSettings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Adds a page after the built-in ones (Seats, Events, Usage, Alerts), in a scroll area: a page larger than a
    // small screen scrolls instead of making the window larger than the screen.
    void addPage(QWidget *page, const QString &title, const QIcon &icon = {});
    // The same, with a title that is asked again when the language changes.
    void addPage(QWidget *page, std::function<QString()> title, const QIcon &icon = {});
    QTabWidget *pages() const { return m_tabs; }

    // What pages added with addPage() may use.
    PageContext pageContext();
    DashboardSession &session() const { return m_session; }
    AdminActions &adminActions() const { return *m_adminActions; }
    ConnectionProfileStore &profiles() { return m_profiles; }
    // The embedded demo server, when the application started one.
    void setEmbeddedServer(const QUrl &url, const QString &dataDir,
                           std::function<void(std::chrono::milliseconds)> jumpServerClock = {});
    void setEmbeddedServer(EmbeddedServerInfo info);
    const EmbeddedServerInfo &embeddedServer() const { return m_embedded; }
    // `chosen`: the language asked for on the command line, when it was (else the saved choice).
    void setLanguageManager(LanguageManager *languages, const QString &chosen = QString());
    // Resizes the window to `size`, or as near as the screen it is on allows: the whole window,
    // frame included, stays inside the screen's available area.
    void resizeWithinScreen(QSize size);

    SeatsPage *seatsPage() const { return m_seats; }
    EventsPage *eventsPage() const { return m_events; }
    UsagePage *usagePage() const { return m_usage; }
    AlertsPage *alertsPage() const { return m_alertsPage; }
    AlertListModel &alerts() const { return *m_alerts; }
    // The tray icon (nullptr where the desktop has no tray). installAlertTray() replaces it (tests
    // give one whose notifications they record); the window owns it.
    AlertTray *alertTray() const { return m_alertTray; }
    void installAlertTray(AlertTray *tray);
    ErrorBanner *errorBanner() const { return m_banner; }
    QString statusText() const; // the status bar, for tests and screenshots

    // Connects to a saved profile; false (and says why in the banner) when its token is unreadable.
    bool connectToProfile(const QString &name);

    // The holder of the selected row of the Seats or Events page, else empty.
    QString selectedHolder() const;

public Q_SLOTS:
    void refresh();
    void revokeSelected();
    // Write off the selected borrowed seat (its laptop is lost), after WriteOffDialog confirms it.
    void writeOffSelected();
    void forceReap();
    void newLicense();
    void editLicense();
    // A ledger line's actions (LedgerBar): the same revoke dialog as the holders table's, "and
    // block" starting at a block; the license dialog at the rule behind the line's seats.
    void revokeFromLedger(const keyright::HeldSeat &seat, bool block);
    void editLedgerRule(const QString &licenseId, keyright::SeatLedger::Category category);
    void showGroups();
    // The holder's timeline of `holder`; empty: the dialog asks for one.
    void showHolderTimeline(const QString &holder);
    void rotateKey();
    void showConnections();
    void showTokens();
    void focusFilter();
    // Shows the Usage page (Ctrl+U).
    void showUsage();
    // Shows the Alerts page (Ctrl+L).
    void showAlerts();
    // The window shown, raised and on the Alerts page with this alert selected (the tray's click).
    void showAlert(const QString &key);
    // The Seats page with this license selected.
    void showLicense(const QString &licenseId);
    // The Events page showing the license's denials from `from` (to `until` when valid).
    void showDenials(const QString &licenseId, const QDateTime &from, const QDateTime &until);

Q_SIGNALS:
    // The user asked for the embedded demo server (the application starts it and connects).
    void embeddedServerRequested();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Runs `then` with the license's seat rules and the server's groups (licenseId empty: the
    // groups alone), from the last poll when it has them, else read from the server.
    void withRules(const QString &licenseId, std::function<void(const SeatRules &, const QList<HolderGroup> &)> then);
    // Empty when the token's role may take `action`; else the read-only note for a dialog.
    QString readOnlyReason(AdminActions::Action action) const;
    void openLicenseDialog(LicenseDialog *dialog);
    // Gives a holder groups dialog the seat rules of every license, those the dashboard has and
    // those it asks for (each license's rules alone), so that removing a group they name is said as
    // typed wherever the dialog was opened from.
    void giveLicenseRules(GroupsDialog *dialog);
    // Asks about the first of `seats` in a revoke dialog; once confirmed, revokes it and asks about
    // the next. `block`: each dialog proposes a block.
    // The selected borrowed seats that are not written off yet.
    QList<keyright::HeldSeat> writeOffCandidates() const;
    // Why Revoke can do nothing now (empty: it can): no seat of the Seats page selected (another
    // page, a block row), or only borrowed seats, which come back when returned or expired.
    QString revokeUnavailableReason() const;
    void confirmWriteOff(const keyright::HeldSeat &seat);
    void confirmRevoke(QList<HeldSeat> seats, bool block = false);
    // The license dialog for `licenseId`, read-only for a role that may not edit; `category` set:
    // scrolled to and focused on the rule behind seats of that ledger category.
    void editLicenseById(const QString &licenseId, std::optional<SeatLedger::Category> category = std::nullopt);
    // "Needs the operator role; this token (sam) has the viewer role.", for a disabled action.
    QString roleNeeded(AdminActions::Action what) const;
    void createActions();
    void createMenus();
    void retranslate();
    void updateStatus();
    void noteFailure(const ClientError &error);
    void updateBanner();
    void updateActions();
    // The status bar's notice of the latest jump of the server's own clock (hidden until one).
    void noteClockJumps(const QList<EventRecord> &events);
    void updateClockJumpNotice();
    // "Alerts (2)": the firing alerts nobody acknowledged, seen without a system tray too.
    void updateAlertsTab();
    // The View menu's Filter names what the current page filters.
    void updateFilterAction();
    void setLanguage(const QString &code);
    // A message in the status bar for 8 s; `detail` (a file's whole path) is its tooltip.
    void showMessage(const QString &text, const QString &detail = QString());
    // While a message shows, the labels on the right give it the width it needs (shortened, whole in
    // their tooltips); without one they take their own again.
    void makeRoomForMessage();
    void connectActionOutcomes();
    void revealKey(const QString &licenseId, const QString &key);
    // Enables `action` when `available` and the token's role allows `what`; a role that does not
    // leaves it disabled (not hidden) with a tooltip naming the role needed.
    // `why` is the tooltip of an action the role allows but the selection does not (empty: its own).
    void gate(QAction *action, bool available, AdminActions::Action what, const QString &why = {});
    // Shows an instance's unknown certificate and its fingerprint; when the person trusts it, the
    // connection profile keeps the fingerprint and the session uses it.
    void askToTrustCertificate(const QUrl &instance, const QString &fingerprint, const QString &problem);

    DashboardSession &m_session;
    DashboardSettings &m_settings;
    ConnectionProfileStore m_profiles;
    LanguageManager *m_languages = nullptr;
    EmbeddedServerInfo m_embedded;
    AdminActions *m_adminActions;
    // The holder groups dialog while open: it stays open over a save, and its outcome goes to it.
    QPointer<GroupsDialog> m_groupsDialog;

    QTabWidget *m_tabs;
    QList<std::pair<QWidget *, std::function<QString()>>> m_pageTitles;
    SeatsPage *m_seats;
    EventsPage *m_events;
    UsagePage *m_usage;
    AlertListModel *m_alerts;
    AlertsPage *m_alertsPage;
    QWidget *m_alertsTab; // its scroll area
    AlertTray *m_alertTray = nullptr;
    QWidget *m_usageTab; // its scroll area
    ErrorBanner *m_banner;
    QLabel *m_serverDot; // the state's colour, beside the server's words
    QLabel *m_serverLabel;
    QLabel *m_pollLabel;
    QLabel *m_offsetLabel;
    QLabel *m_identityLabel;
    QLabel *m_clockJumpLabel;
    QString m_messageShown; // the last message shown with showMessage(), which the bar's tooltip explains
    std::optional<EventRecord> m_lastClockJump;
    // The certificate questions open now, and whether one was declined on this connection: the
    // banner waits for the answer, then says how to trust the certificate later.
    int m_trustQuestionsOpen = 0;
    bool m_certificateDeclined = false;
    // Since when the server has not answered (on the local clock), to say "answers again" after.
    // What the failed polls since m_failingSince met: no answer at all, or the database's 503.
    struct FailureSeen
    {
        bool noAnswer = false;
        bool database = false;
    };
    FailureSeen m_failureSeen;
    QDateTime m_failingSince;

    struct Actions;
    std::unique_ptr<Actions> m_actions;
};

} // namespace keyright
