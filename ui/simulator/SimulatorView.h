#pragma once

#include "TimelineStrip.h"

#include <QDateTime>
#include <QHash>
#include <QWidget>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QNetworkAccessManager;
class QPushButton;
class QScrollArea;
class QSplitter;
class QSlider;
class QSpinBox;
class QTimer;
class QToolButton;
class QVBoxLayout;

namespace keyright {

class AdminClient;
class ClientRow;
class ServerClockEstimate;
class SimulatedClient;
class Simulation;
class SimulationClock;

// The Simulator page: a training view that runs real lease keepers against the connected server
// with simulated client clocks. The trainer picks a license, adds clients (offset and keeper
// policy) or plays one of the narrated scenarios, and acts on each client (crash, network cut,
// clock rollback, release, remove). Per client, side by side: its clock, the server's, the signed
// expiry, what it believes and what the server says, and a timeline strip on a shared time axis.
//
// Construction:
//   SimulatorView(network, admin, serverClock): the usual case. The server is the one `admin` talks
//     to (admin.serverUrl()) and runs on its own clock, which `serverClock` (the dashboard's one
//     estimate, fed by the simulation's polls too) follows; the view keeps its own SimulationClock
//     over the estimate's local clock, so pause and speed-up move the simulated clients' clocks
//     only, and the UI says so.
//   SimulatorView(network, admin, sharedClock): for a server that itself reads `sharedClock` (an
//     embedded training server, the screenshot tool): pause, step and speed then move everything.
// `network` and `admin` (with its server URL and admin token set) must outlive the view. License
// keys: setDemoKeyDirectory() (the server's --demo `demo-keys/` folder) and/or setLicenseKey(); a
// "Key file…" button lets the trainer load one for any other license.
class SimulatorView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimulatorView)

public:
    SimulatorView(QNetworkAccessManager &network, AdminClient &admin, ServerClockEstimate &serverClock,
                  QWidget *parent = nullptr);
    SimulatorView(QNetworkAccessManager &network, AdminClient &admin, SimulationClock &sharedClock,
                  QWidget *parent = nullptr);
    ~SimulatorView() override;

    // Keys found as <dir>/<licenseId>.key are loaded when that license is picked.
    void setDemoKeyDirectory(const QString &directory);
    void setLicenseKey(const QString &licenseId, QByteArrayView key);
    bool setLicenseKeyFile(const QString &licenseId, const QString &path, QString *error = nullptr);

    // Re-reads the license list from the server (done on construction too).
    void refreshLicenses();
    QString currentLicense() const;
    // Selects a license by id (when the server listed it).
    bool selectLicense(const QString &licenseId);

    // 1..ScenarioPreset::count; false (with a message in the status line) when it cannot be played.
    bool playPreset(int number);
    QString narration() const;

    // 1.0 is the dashboard's font; the picker offers up to 2.0 for projectors.
    void setFontScale(double scale);
    double fontScale() const { return m_fontScale; }

    // Adds and starts a client with the add bar's current settings; nullptr with a status message
    // when no license key is loaded.
    SimulatedClient *addClientFromControls();

    Simulation &simulation() { return *m_simulation; }
    SimulationClock &simulationClock() { return *m_clock; }
    QList<ClientRow *> rows() const { return m_rows; }
    QString statusText() const;
    // The "Kill instance N" / "Bring instance N back" button of instance `index` (0-based), shown
    // while a scenario on several instances plays; nullptr beyond the last.
    QPushButton *instanceButton(int index) const;

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslateUi();
    void fillLicenseCombo();
    void showOffset(int seconds);
    void showFreePlayNarration();
    // The status line is kept as a function, so it reads in the current language after a switch.
    void setStatus(std::function<QString()> text, bool error = false);
    void showStatus();
    void fitPanelWidth();
    void fitNameEdit();
    void build(SimulationClock &clock, bool serverShares);
    void buildToolbar(QVBoxLayout *root);
    QWidget *buildNarrationPanel();
    QWidget *buildAddBar();
    void onLicensePicked();
    void onClientAdded(SimulatedClient *client);
    void onClientRemoved(SimulatedClient *client);
    void onPolled();
    void refreshView();
    void alignRows();
    void updateInstanceControls();
    void setStatus(const QString &text, bool error = false);
    void setNarration(const QString &title, const QString &text);
    QDateTime serverNow() const;
    void applyActionAmounts();
    void updateRunControls();
    bool tryLoadDemoKey(const QString &licenseId);

    QNetworkAccessManager &m_network;
    AdminClient &m_admin;
    std::unique_ptr<SimulationClock> m_ownClock;
    SimulationClock *m_clock = nullptr;
    bool m_serverSharesClock = false;
    Simulation *m_simulation = nullptr;
    QString m_demoKeyDir;
    double m_fontScale = 1.0;
    QFont m_baseFont;

    bool m_synced = false;
    int m_playing = 0; // the scenario playing or being set up, 0 for none
    int m_told = 0; // the playing scenario whose story has been told (its duration passed), 0 for none

    QWidget *m_panel = nullptr;
    QScrollArea *m_panelScroll = nullptr;
    QWidget *m_runBar = nullptr; // Pause, Step, speed, Sync: below the pane, never scrolled away
    QLabel *m_licenseLabel = nullptr;
    QLabel *m_scenarioLabel = nullptr;
    QLabel *m_textSizeLabel = nullptr;
    QLabel *m_legend = nullptr;
    QWidget *m_instancesBox = nullptr;
    QLabel *m_instancesTitle = nullptr;
    QLabel *m_instancesLegend = nullptr;
    QList<QPushButton *> m_instanceButtons;
    QList<QLabel *> m_instanceLabels;
    QLabel *m_newClientLabel = nullptr;
    QLabel *m_clockCaption = nullptr;
    QLabel *m_cutCaption = nullptr;
    QLabel *m_backCaption = nullptr;
    QComboBox *m_licenseCombo = nullptr;
    QToolButton *m_keyButton = nullptr;
    QComboBox *m_presetCombo = nullptr;
    QPushButton *m_playButton = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_stepButton = nullptr;
    QComboBox *m_speedCombo = nullptr;
    QPushButton *m_syncButton = nullptr;
    QComboBox *m_fontCombo = nullptr;
    QLabel *m_clockLabel = nullptr;
    QLabel *m_seatsLabel = nullptr;
    QLabel *m_narrationTitle = nullptr;
    QLabel *m_narration = nullptr;
    QLabel *m_honesty = nullptr;
    QLabel *m_status = nullptr;
    QVBoxLayout *m_rowsLayout = nullptr;
    QScrollArea *m_rowsScroll = nullptr;
    QVBoxLayout *m_leftLayout = nullptr;
    QWidget *m_addBar = nullptr;
    bool m_addBarScrolls = false;
    QSplitter *m_splitter = nullptr;
    bool m_splitterMoved = false;
    void placeAddBar();
    QLabel *m_emptyHint = nullptr;
    QLineEdit *m_nameEdit = nullptr;
    QSlider *m_offsetSlider = nullptr;
    QLabel *m_offsetValue = nullptr;
    QComboBox *m_policyCombo = nullptr;
    QPushButton *m_addButton = nullptr;
    QSpinBox *m_cutSpin = nullptr;
    QSpinBox *m_backSpin = nullptr;
    QList<ClientRow *> m_rows;
    QTimer *m_refreshTimer = nullptr;
    QString m_statusText;
    std::function<QString()> m_statusSource;
    bool m_statusIsError = false;
    std::optional<bool> m_shownRunning;
    bool m_statusFromPoll = false; // the status shows a poll's error
};

} // namespace keyright
