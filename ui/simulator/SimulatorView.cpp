#include "SimulatorView.h"

#include "AdminClient.h"
#include "ClientRow.h"
#include "DemoCatalogue.h"
#include "OffsetSlider.h"
#include "ServerClockEstimate.h"
#include "SimulatorPalette.h"
#include "StatePalette.h"
#include "simulator/SandboxProvisioner.h"
#include "simulator/ScenarioPreset.h"
#include "simulator/SimulatedClient.h"
#include "simulator/Simulation.h"
#include "simulator/SimulationClock.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

namespace keyright {

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace {

constexpr double fontScales[] = {1.0, 1.25, 1.5, 1.75, 2.0};
constexpr double speeds[] = {0.5, 1.0, 2.0, 4.0};
constexpr int freePlay = 0;

QString wallText(const QDateTime &time)
{
    return time.isValid() ? time.toString(u"HH:mm:ss"_s) : u"—"_s;
}

} // namespace

SimulatorView::SimulatorView(QNetworkAccessManager &network, AdminClient &admin, ServerClockEstimate &serverClock,
                             QWidget *parent)
    : QWidget(parent)
    , m_network(network)
    , m_admin(admin)
    , m_ownClock(std::make_unique<SimulationClock>(serverClock.localClock()))
{
    build(*m_ownClock, false);
    m_simulation->setServerClock(serverClock);
}

SimulatorView::SimulatorView(QNetworkAccessManager &network, AdminClient &admin, SimulationClock &sharedClock,
                             QWidget *parent)
    : QWidget(parent)
    , m_network(network)
    , m_admin(admin)
{
    build(sharedClock, true);
}

SimulatorView::~SimulatorView()
{
    // The rows point at clients the simulation owns; drop them first so nothing repaints a client
    // that is going away.
    m_refreshTimer->stop();
    // A simulated laptop's borrowed seat goes back now rather than at the next run: a dashboard
    // closing in good order leaves nothing counted for a day.
    m_simulation->returnBorrowedSeats();
    qDeleteAll(m_rows);
    m_rows.clear();
}

void SimulatorView::build(SimulationClock &clock, bool serverShares)
{
    m_clock = &clock;
    m_serverSharesClock = serverShares;
    m_baseFont = font();
    m_simulation = new Simulation(m_network, m_admin, clock, this);

    auto *root = new QVBoxLayout(this);
    root->setContentsMargins(6, 6, 6, 6);
    root->setSpacing(6);
    buildToolbar(root);

    auto *rowsHost = new QWidget;
    m_rowsLayout = new QVBoxLayout(rowsHost);
    m_rowsLayout->setContentsMargins(0, 0, 0, 0);
    m_rowsLayout->setSpacing(4);
    m_emptyHint = new QLabel(rowsHost);
    m_emptyHint->setAlignment(Qt::AlignCenter);
    m_emptyHint->setWordWrap(true);
    m_rowsLayout->addWidget(m_emptyHint);
    m_rowsLayout->addStretch();
    auto *scroll = new QScrollArea;
    m_rowsScroll = scroll;
    scroll->setObjectName(u"simulatorRowsScroll"_s);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Rows fit the width (the strips shrink) rather than hide their right end, where "now" is.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(rowsHost);

    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(scroll, 1);
    m_addBar = buildAddBar();
    leftLayout->addWidget(m_addBar);
    m_leftLayout = leftLayout;
    m_status = new QLabel(left);
    m_status->setWordWrap(true);
    leftLayout->addWidget(m_status);

    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(left);
    splitter->addWidget(buildNarrationPanel());
    // The rows take the width a window gains or loses; the pane keeps what its buttons need.
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setSizes({900, 340});
    m_splitter = splitter;
    connect(splitter, &QSplitter::splitterMoved, this, [this] { m_splitterMoved = true; });
    root->addWidget(splitter, 1);

    connect(m_simulation, &Simulation::clientAdded, this, &SimulatorView::onClientAdded);
    connect(m_simulation, &Simulation::clientAboutToBeRemoved, this, &SimulatorView::onClientRemoved);
    connect(m_simulation, &Simulation::polled, this, &SimulatorView::onPolled);
    connect(&m_simulation->player(), &ScenarioPlayer::instancesChanged, this, &SimulatorView::updateInstanceControls);
    connect(m_simulation, &Simulation::errorOccurred, this, [this](const QString &message) {
        setStatus(message, true);
        m_statusFromPoll = true;
    });
    connect(m_simulation, &Simulation::licensesChanged, this, [this] {
        fillLicenseCombo();
        onLicensePicked();
    });

    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setInterval(100);
    connect(m_refreshTimer, &QTimer::timeout, this, &SimulatorView::refreshView);
    m_refreshTimer->start();

    retranslateUi();
    showFreePlayNarration();
    applyActionAmounts();
    updateRunControls();
    refreshLicenses();
}

void SimulatorView::buildToolbar(QVBoxLayout *root)
{
    auto *bar = new QHBoxLayout;
    bar->setSpacing(6);
    // The license picker sits in the add bar: scenarios run on licenses of their own, so the
    // picked license only matters for the clients the trainer adds by hand.
    m_licenseLabel = new QLabel(this);
    m_licenseCombo = new QComboBox(this);
    m_licenseCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_keyButton = new QToolButton(this);
    m_scenarioLabel = new QLabel(this);
    bar->addWidget(m_scenarioLabel);
    m_presetCombo = new QComboBox(this);
    m_presetCombo->setObjectName(u"simulatorScenarioCombo"_s);
    m_presetCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (int i = 0; i <= ScenarioPreset::count; ++i)
        m_presetCombo->addItem(QString());
    bar->addWidget(m_presetCombo);
    // A style icon rather than a "▶" in the text: the projector's fonts may lack media glyphs.
    m_playButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_playButton->setObjectName(u"simulatorPlayButton"_s);
    bar->addWidget(m_playButton);
    bar->addStretch(1);
    m_textSizeLabel = new QLabel(this);
    bar->addWidget(m_textSizeLabel);
    m_fontCombo = new QComboBox(this);
    for (double scale : fontScales)
        m_fontCombo->addItem(QString(), scale);
    m_fontCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_fontCombo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    bar->addWidget(m_fontCombo);
    root->addLayout(bar);

    connect(m_licenseCombo, &QComboBox::currentIndexChanged, this, &SimulatorView::onLicensePicked);
    connect(m_keyButton, &QToolButton::clicked, this, [this] {
        const QString id = currentLicense();
        if (id.isEmpty())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("License key of %1").arg(id), m_demoKeyDir,
                                                          tr("Key files (*.key);;All files (*)"));
        if (path.isEmpty())
            return;
        QString error;
        if (setLicenseKeyFile(id, path, &error))
            setStatus([id] { return tr("Key loaded for %1.").arg(id); });
        else
            setStatus(error, true);
    });
    connect(m_presetCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        // The narration always tells what plays: choosing another scenario stops the one playing
        // (or being set up), whose clients would otherwise run on under the new story.
        if (m_playing != 0 && index != m_playing) {
            const int stopped = std::exchange(m_playing, 0);
            m_simulation->stop();
            setStatus([stopped] {
                return tr("Stopped %1. Press Play scenario to start the one shown.")
                    .arg(ScenarioPreset::titles().value(stopped - 1));
            });
        }
        if (index == freePlay) {
            showFreePlayNarration();
            return;
        }
        const auto preset = ScenarioPreset::make(index);
        if (preset)
            setNarration(preset->title, preset->narration);
    });
    connect(m_playButton, &QPushButton::clicked, this, [this] {
        const int index = m_presetCombo->currentIndex();
        if (index == freePlay) {
            m_playing = 0;
            m_simulation->stop();
            setStatus([] { return tr("Free play: add clients below."); });
            return;
        }
        playPreset(index);
    });
    connect(m_fontCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setFontScale(m_fontCombo->itemData(index).toDouble()); });
}

QWidget *SimulatorView::buildNarrationPanel()
{
    // The right pane scrolls as a whole: at 150 % on a 1280x720 projector the narration, the
    // clocks, the controls and the legend do not fit one above the other, and a narration in a
    // scroll box of its own showed three lines at a time.
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setSpacing(6);

    // Kill and revive buttons, one line per instance, for a scenario on several instances: at the
    // top, where the trainer finds them without scrolling on a projector.
    m_instancesBox = new QWidget(panel);
    auto *instances = new QGridLayout(m_instancesBox);
    instances->setContentsMargins(0, 0, 0, 0);
    m_instancesTitle = new QLabel(m_instancesBox);
    m_instancesTitle->setTextFormat(Qt::RichText);
    instances->addWidget(m_instancesTitle, 0, 0, 1, 2);
    constexpr int maxInstances = 3;
    for (int i = 0; i < maxInstances; ++i) {
        auto *button = new QPushButton(m_instancesBox);
        button->setObjectName(u"simulatorInstanceButton%1"_s.arg(i + 1));
        button->setAutoDefault(false);
        auto *label = new QLabel(m_instancesBox);
        instances->addWidget(button, i + 1, 0);
        instances->addWidget(label, i + 1, 1);
        m_instanceButtons.append(button);
        m_instanceLabels.append(label);
        // No confirmation: it is a sandbox, and the narration says so.
        connect(button, &QPushButton::clicked, this, [this, i] {
            m_simulation->player().setInstanceUp(i, !m_simulation->player().isInstanceUp(i));
            updateInstanceControls();
        });
    }
    // Its own line, not the legend's: it means something only while instances are shown.
    m_instancesLegend = new QLabel(m_instancesBox);
    m_instancesLegend->setWordWrap(true);
    instances->addWidget(m_instancesLegend, maxInstances + 1, 0, 1, 2);
    instances->setColumnStretch(1, 1);
    m_instancesBox->hide();
    layout->addWidget(m_instancesBox);

    m_narrationTitle = new QLabel(panel);
    m_narrationTitle->setTextFormat(Qt::RichText);
    m_narration = new QLabel(panel);
    m_narration->setWordWrap(true);
    m_narration->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_narration->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_narrationTitle->setWordWrap(true);
    layout->addWidget(m_narrationTitle);
    layout->addWidget(m_narration);

    auto *line = new QFrame(panel);
    line->setFrameShape(QFrame::HLine);
    layout->addWidget(line);

    m_clockLabel = new QLabel(panel);
    m_clockLabel->setTextFormat(Qt::RichText);
    m_clockLabel->setWordWrap(true);
    layout->addWidget(m_clockLabel);
    m_seatsLabel = new QLabel(panel);
    m_seatsLabel->setObjectName(u"simulatorSeats"_s);
    m_seatsLabel->setTextFormat(Qt::RichText);
    m_seatsLabel->setWordWrap(true);
    layout->addWidget(m_seatsLabel);

    // Pause, Step, speed and Sync stay below the scrolling pane, never scrolled out of reach: at
    // 150 % on a 1280x720 projector a long narration pushed them under the bottom edge.
    auto *runBar = new QWidget;
    runBar->setObjectName(u"simulatorRunBar"_s);
    auto *runLayout = new QVBoxLayout(runBar);
    runLayout->setContentsMargins(0, 4, 0, 0);
    auto *run = new QHBoxLayout;
    m_runButton = new QPushButton(runBar);
    m_runButton->setObjectName(u"simulatorRunButton"_s);
    m_stepButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekForward), QString(), runBar);
    m_stepButton->setObjectName(u"simulatorStepButton"_s);
    m_speedCombo = new QComboBox(runBar);
    for (double speed : speeds)
        m_speedCombo->addItem(QString(), speed);
    m_speedCombo->setCurrentIndex(1);
    // Short items: never squeezed below them when the pane is narrow.
    m_speedCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_speedCombo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    run->addWidget(m_runButton);
    run->addWidget(m_stepButton);
    run->addStretch(1);
    runLayout->addLayout(run);
    // The speed on a line of its own, not after Step: three on a line kept the pane too wide for
    // the rows' strips on a 1280x720 projector at 150 %.
    auto *speed = new QHBoxLayout;
    speed->addWidget(m_speedCombo);
    speed->addStretch(1);
    runLayout->addLayout(speed);
    m_syncButton = new QPushButton(runBar);
    m_syncButton->setObjectName(u"simulatorSyncButton"_s);
    runLayout->addWidget(m_syncButton);

    m_honesty = new QLabel(panel);
    m_honesty->setWordWrap(true);
    layout->addWidget(m_honesty);

    m_legend = new QLabel(panel);
    m_legend->setObjectName(u"simulatorStripLegend"_s);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    layout->addWidget(m_legend);
    layout->addStretch(1);

    connect(m_runButton, &QPushButton::clicked, this, [this] {
        m_clock->setRunning(!m_clock->isRunning());
        updateRunControls();
    });
    connect(m_stepButton, &QPushButton::clicked, this, [this] {
        m_clock->step(std::chrono::seconds {1});
        m_simulation->tick();
        refreshView();
    });
    connect(m_speedCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_clock->setSpeed(m_speedCombo->itemData(index).toDouble()); });
    connect(m_syncButton, &QPushButton::clicked, this, [this] {
        const QDateTime server = serverNow();
        if (!server.isValid()) {
            setStatus([] { return tr("The server has not answered yet."); }, true);
            return;
        }
        m_clock->syncWall(server);
        setStatus([] { return tr("Simulation clock lined up with the server's."); });
    });
    m_panel = panel;
    m_panel->installEventFilter(this);
    m_panelScroll = new QScrollArea;
    m_panelScroll->setObjectName(u"simulatorPanelScroll"_s);
    m_panelScroll->setWidgetResizable(true);
    m_panelScroll->setFrameShape(QFrame::StyledPanel);
    m_panelScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_panelScroll->setWidget(panel);
    m_runBar = runBar;
    m_runBar->installEventFilter(this);
    auto *column = new QWidget;
    auto *columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->setSpacing(0);
    columnLayout->addWidget(m_panelScroll, 1);
    columnLayout->addWidget(m_runBar);
    return column;
}

QWidget *SimulatorView::buildAddBar()
{
    auto *bar = new QFrame;
    bar->setFrameShape(QFrame::StyledPanel);
    // Three lines, so that at 150 % on a 1280-pixel projector no field is squeezed until its text
    // is cut: the new client, the license hand-added clients check out, the amounts of the row actions.
    auto *layout = new QGridLayout(bar);
    layout->setContentsMargins(6, 4, 6, 4);
    auto *client = new QHBoxLayout;
    m_newClientLabel = new QLabel(bar);
    client->addWidget(m_newClientLabel);
    m_nameEdit = new QLineEdit(bar);
    m_nameEdit->setObjectName(u"simulatorNameEdit"_s);
    client->addWidget(m_nameEdit, 1);
    m_clockCaption = new QLabel(bar);
    client->addWidget(m_clockCaption);
    m_offsetSlider = new OffsetSlider(bar);
    m_offsetSlider->setRange(-300, 300);
    m_offsetSlider->setPageStep(10);
    // Narrow rather than squeeze the words beside it (the name, the policy) on a 1280x720
    // projector at 150 %; fitNameEdit() sets it with the font.
    client->addWidget(m_offsetSlider, 1);
    m_offsetValue = new QLabel(bar);
    client->addWidget(m_offsetValue);
    m_policyCombo = new QComboBox(bar);
    m_policyCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    // Its words whole: the slider gives way first ("Monotone" was cut at 150 % in French).
    m_policyCombo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_policyCombo->addItem(QString(), QVariant::fromValue(LeaseKeeper::ExpiryPolicy::Monotonic));
    m_policyCombo->addItem(QString(), QVariant::fromValue(LeaseKeeper::ExpiryPolicy::SignedExpiry));
    client->addWidget(m_policyCombo);
    m_addButton = new QPushButton(bar);
    client->addWidget(m_addButton);
    auto *license = new QHBoxLayout;
    license->addWidget(m_licenseLabel);
    license->addWidget(m_licenseCombo);
    license->addWidget(m_keyButton);
    license->addStretch(1);
    auto *amounts = new QHBoxLayout;
    m_cutCaption = new QLabel(bar);
    amounts->addWidget(m_cutCaption);
    m_cutSpin = new QSpinBox(bar);
    m_cutSpin->setRange(1, 600);
    m_cutSpin->setValue(10);
    amounts->addWidget(m_cutSpin);
    m_backCaption = new QLabel(bar);
    amounts->addWidget(m_backCaption);
    m_backSpin = new QSpinBox(bar);
    m_backSpin->setRange(1, 60);
    m_backSpin->setValue(2);
    amounts->addWidget(m_backSpin);
    amounts->addStretch(1);
    layout->addLayout(client, 0, 0);
    layout->addLayout(license, 1, 0);
    layout->addLayout(amounts, 2, 0);

    connect(m_offsetSlider, &QSlider::valueChanged, this, &SimulatorView::showOffset);
    connect(m_addButton, &QPushButton::clicked, this, [this] { addClientFromControls(); });
    connect(m_nameEdit, &QLineEdit::returnPressed, this, [this] { addClientFromControls(); });
    connect(m_cutSpin, &QSpinBox::valueChanged, this, &SimulatorView::applyActionAmounts);
    connect(m_backSpin, &QSpinBox::valueChanged, this, &SimulatorView::applyActionAmounts);
    return bar;
}

void SimulatorView::fillLicenseCombo()
{
    const QString previous = currentLicense();
    const QSignalBlocker block(m_licenseCombo);
    m_licenseCombo->clear();
    for (const LicenseSummary &license : m_simulation->licenses()) {
        // Scenarios make their own sandbox licenses; free play is for the server's real ones.
        if (DemoCatalogue::isSandboxLicense(license.id))
            continue;
        m_licenseCombo->addItem(
            tr("%1 (%n seat(s), TTL %2 s)", nullptr, license.seatCount).arg(license.id).arg(license.ttlSeconds),
            license.id);
    }
    // Prefer what was picked, then the short-TTL training license the demo server creates.
    int index = m_licenseCombo->findData(previous);
    if (index < 0)
        index = m_licenseCombo->findData(DemoCatalogue::trainingLicenseId());
    m_licenseCombo->setCurrentIndex(std::max(0, index));
}

void SimulatorView::setDemoKeyDirectory(const QString &directory)
{
    m_demoKeyDir = directory;
    tryLoadDemoKey(currentLicense());
}

void SimulatorView::setLicenseKey(const QString &licenseId, QByteArrayView key)
{
    m_simulation->setLicenseKey(licenseId, key);
    onLicensePicked();
}

bool SimulatorView::setLicenseKeyFile(const QString &licenseId, const QString &path, QString *error)
{
    const bool ok = m_simulation->loadLicenseKeyFile(licenseId, path, error);
    onLicensePicked();
    return ok;
}

bool SimulatorView::tryLoadDemoKey(const QString &licenseId)
{
    if (licenseId.isEmpty() || m_simulation->hasLicenseKey(licenseId) || m_demoKeyDir.isEmpty())
        return m_simulation->hasLicenseKey(licenseId);
    const QString path = QDir(m_demoKeyDir).filePath(DemoCatalogue::keyFileName(licenseId));
    if (!QFileInfo::exists(path))
        return false;
    QString error;
    if (!m_simulation->loadLicenseKeyFile(licenseId, path, &error)) {
        setStatus(error, true);
        return false;
    }
    return true;
}

void SimulatorView::refreshLicenses()
{
    m_simulation->refreshLicenses();
}

QString SimulatorView::currentLicense() const
{
    return m_licenseCombo->currentData().toString();
}

bool SimulatorView::selectLicense(const QString &licenseId)
{
    const int index = m_licenseCombo->findData(licenseId);
    if (index < 0)
        return false;
    m_licenseCombo->setCurrentIndex(index);
    onLicensePicked();
    return true;
}

void SimulatorView::onLicensePicked()
{
    const QString id = currentLicense();
    m_simulation->setCurrentLicense(id);
    const bool hasKey = tryLoadDemoKey(id);
    m_keyButton->setEnabled(!id.isEmpty());
    m_addButton->setEnabled(hasKey);
    const QString url = m_simulation->serverUrl().toDisplayString();
    if (id.isEmpty())
        setStatus([] { return tr("No license listed yet: is the server reachable?"); });
    else if (!hasKey)
        setStatus([id] { return tr("No key for %1: load its key file to add clients.").arg(id); });
    else
        setStatus([id, url] { return tr("Clients check out %1 on %2.").arg(id, url); });
}

bool SimulatorView::playPreset(int number)
{
    QString why;
    const auto preset = ScenarioPreset::make(number, &why);
    if (!preset) {
        setStatus(why, true);
        return false;
    }
    if (m_presetCombo->currentIndex() != number) {
        const QSignalBlocker block(m_presetCombo);
        m_presetCombo->setCurrentIndex(number);
    }
    setNarration(preset->title, preset->narration);
    setStatus([] { return tr("Preparing the scenario's own licenses…"); });
    const int playing = number;
    m_playing = number;
    m_told = 0;
    m_simulation->playPreset(*preset, [this, playing](const QString &error) {
        if (playing != m_playing)
            return; // stopped since
        if (!error.isEmpty())
            m_playing = 0;
        // What kept the scenario off its usual sandbox first, in plain words, then what plays.
        const QString notice = m_simulation->playNotice();
        if (error.isEmpty() && !notice.isEmpty())
            setStatus([playing, notice] {
                return notice + u' ' + tr("Playing %1.").arg(ScenarioPreset::titles().value(playing - 1));
            });
        else if (error.isEmpty())
            setStatus([playing] { return tr("Playing %1.").arg(ScenarioPreset::titles().value(playing - 1)); });
        else
            setStatus(error, true);
    });
    return true;
}

QString SimulatorView::narration() const
{
    return m_narration->text();
}

void SimulatorView::setNarration(const QString &title, const QString &text)
{
    m_narrationTitle->setText(u"<b>"_s + title.toHtmlEscaped() + u"</b>"_s);
    m_narration->setText(text);
}

void SimulatorView::setFontScale(double scale)
{
    scale = std::clamp(scale, 0.5, 3.0);
    m_fontScale = scale;
    QFont scaled = m_baseFont;
    if (m_baseFont.pointSizeF() > 0)
        scaled.setPointSizeF(m_baseFont.pointSizeF() * scale);
    else
        scaled.setPixelSize(qRound(m_baseFont.pixelSize() * scale));
    setFont(scaled);
    fitNameEdit();
    fitPanelWidth();
    for (int i = 0; i < m_fontCombo->count(); ++i) {
        if (qFuzzyCompare(m_fontCombo->itemData(i).toDouble(), scale)) {
            const QSignalBlocker block(m_fontCombo);
            m_fontCombo->setCurrentIndex(i);
        }
    }
}

SimulatedClient *SimulatorView::addClientFromControls()
{
    SimulatedClientSpec spec;
    spec.name = m_nameEdit->text().trimmed();
    spec.offset = std::chrono::seconds {m_offsetSlider->value()};
    spec.policy = m_policyCombo->currentData().value<LeaseKeeper::ExpiryPolicy>();
    QString error;
    SimulatedClient *client = m_simulation->addClient(spec, &error);
    if (!client) {
        setStatus(error, true);
        return nullptr;
    }
    client->start();
    m_nameEdit->clear();
    const QString name = client->name();
    setStatus([name] { return tr("%1 added.").arg(name); });
    return client;
}

void SimulatorView::onClientAdded(SimulatedClient *client)
{
    auto *row = new ClientRow(client);
    m_rows.append(row);
    // Before the trailing stretch (and the add bar when it scrolls with the rows).
    m_rowsLayout->insertWidget(m_rowsLayout->count() - (m_addBarScrolls ? 2 : 1), row);
    m_emptyHint->setVisible(false);
    alignRows();
    connect(row, &ClientRow::removeRequested, this, [this](SimulatedClient *c) { m_simulation->removeClient(c); });
    applyActionAmounts();
}

void SimulatorView::onClientRemoved(SimulatedClient *client)
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i)->client() == client) {
            ClientRow *row = m_rows.takeAt(i);
            row->hide();
            row->deleteLater();
            break;
        }
    }
    m_emptyHint->setVisible(m_rows.isEmpty());
}

void SimulatorView::onPolled()
{
    // A poll error is stale once a poll went through: say what is true now instead.
    if (m_statusFromPoll && m_simulation->lastError().isEmpty()) {
        m_statusFromPoll = false;
        onLicensePicked();
    }
    if (!m_synced && !m_serverSharesClock && m_simulation->serverClock().isMeasured()) {
        // Start the simulated clocks on the server's time, so an offset of 0 means "on time".
        m_clock->syncWall(serverNow());
        m_synced = true;
    }
}

QDateTime SimulatorView::serverNow() const
{
    // A server on the simulation's own clock is on time by construction.
    if (m_serverSharesClock)
        return m_clock->now();
    const ServerClockEstimate &estimate = m_simulation->serverClock();
    return estimate.isMeasured() ? estimate.now() : QDateTime();
}

void SimulatorView::applyActionAmounts()
{
    for (ClientRow *row : std::as_const(m_rows))
        row->setActionAmounts(std::chrono::seconds {m_cutSpin->value()}, std::chrono::minutes {m_backSpin->value()});
}

void SimulatorView::updateRunControls()
{
    const bool running = m_clock->isRunning();
    // Style icons, not U+23F8 and friends: Debian's fonts have no pause glyph.
    m_runButton->setIcon(style()->standardIcon(running ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_runButton->setText(running ? tr("Pause") : tr("Run"));
    if (running != m_shownRunning) {
        m_shownRunning = running;
        fitPanelWidth(); // "Reprendre" is longer than "Pause"
    }
    const QString url = m_simulation->serverUrl().toDisplayString();
    m_honesty->setText(
        m_serverSharesClock
            ? tr("Every client is a real lease keeper talking to %1 through the real API; only its clock is "
                 "simulated. This server runs on the simulation's clock, so pause, step and speed move the server "
                 "and the clients together.")
                  .arg(url)
            : tr("Every client is a real lease keeper talking to %1 through the real API; only its clock is "
                 "simulated. The server keeps its own real clock: pause, step and speed move the clients' clocks "
                 "only, which adds to their offset (in brackets next to each local clock). Use a short-TTL license "
                 "such as %2, and press Sync after a pause.")
                  .arg(url, DemoCatalogue::trainingLicenseId()));
}

void SimulatorView::refreshView()
{
    const QDateTime server = serverNow();
    const QDateTime sim = m_clock->now();
    QString clocks = tr("Server <b>%1</b> · Simulation <b>%2</b>").arg(wallText(server), wallText(sim));
    if (!m_clock->isRunning())
        clocks += tr(" · <b>paused</b>");
    else if (!qFuzzyCompare(m_clock->speed(), 1.0))
        clocks += tr(" · <b>%1×</b>").arg(m_clock->speed());
    m_clockLabel->setText(clocks);

    // A scenario counts the seats of its own licenses; free play those of the picked one.
    QStringList ids;
    if (m_simulation->preset()) {
        // The dashboard's own sandboxes, under its suffix (or a fresh one's): the preset's bare ids
        // are another dashboard's, or nobody's (walk 52b, A2: "waiting for the server…" all
        // through a run).
        ids = m_simulation->presetLicenses();
    } else {
        ids.append(currentLicense());
    }
    QStringList seats;
    for (const QString &id : std::as_const(ids)) {
        const auto state = m_simulation->licenseState(id);
        if (state)
            seats.append(tr("Seats in use on %1: <b>%2 / %3</b> (peak %4)")
                             .arg(id.toHtmlEscaped())
                             .arg(state->inUse)
                             .arg(state->timing.seatCount)
                             .arg(state->maxInUse));
        else
            seats.append(tr("Seats in use: waiting for the server…"));
    }
    m_seatsLabel->setText(seats.join(u"<br>"_s));

    // The story told: the trainer is told so, as the clients run on and the screen changes no more.
    if (const auto playing = m_simulation->preset(); playing && playing->number == m_playing && m_told != m_playing
        && m_simulation->player().elapsed() >= playing->duration) {
        const int told = m_told = m_playing;
        setStatus([told] {
            return tr("Finished %1. The story is told; the clients run on until another scenario is chosen.")
                .arg(ScenarioPreset::titles().value(told - 1));
        });
    }

    TimelineStrip::Axis axis;
    axis.now = sim;
    for (ClientRow *row : std::as_const(m_rows))
        row->refresh(server, axis);
    alignRows();
    updateRunControls();
    updateInstanceControls();
}

void SimulatorView::alignRows()
{
    // Every row's name and facts columns as wide as the widest row's: their text (a badge, a
    // name) differs from row to row, and strips that started at different x put "-40 s" and
    // "now" at different places on each row (walk 54, F2).
    ClientRow::LeadWidths widest;
    for (const ClientRow *row : std::as_const(m_rows))
        widest = widest.widest(row->leadWidths());
    for (ClientRow *row : std::as_const(m_rows))
        row->setLeadWidths(widest);
}

QPushButton *SimulatorView::instanceButton(int index) const
{
    return m_instanceButtons.value(index);
}

void SimulatorView::updateInstanceControls()
{
    const qsizetype count = m_simulation->player().instanceUrls().size();
    m_instancesBox->setVisible(count > 0);
    m_instancesTitle->setText(u"<b>"_s + tr("Server instances").toHtmlEscaped() + u"</b>"_s);
    m_instancesLegend->setText(tr("⇄ on a strip: that client moved to another instance."));
    for (int i = 0; i < m_instanceButtons.size(); ++i) {
        QPushButton *button = m_instanceButtons.at(i);
        QLabel *label = m_instanceLabels.at(i);
        button->setVisible(i < count);
        label->setVisible(i < count);
        if (i >= count)
            continue;
        const bool up = m_simulation->player().isInstanceUp(i);
        const QString text = up ? tr("Kill instance %1").arg(i + 1) : tr("Bring instance %1 back").arg(i + 1);
        if (button->text() != text) {
            button->setText(text);
            // setText() replaces the shortcut with the text's mnemonic: set it again after.
            button->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
            button->setToolTip(up ? tr("Stop this instance as if its process died (Ctrl+%1).").arg(i + 1)
                                  : tr("Start this instance again on the same port (Ctrl+%1).").arg(i + 1));
        }
        const QString state = up ? tr("up · clients: %1").arg(m_simulation->player().clientsOnInstance(i)) : tr("down");
        if (label->text() != state)
            label->setText(state);
    }
}

void SimulatorView::setStatus(std::function<QString()> text, bool error)
{
    m_statusSource = std::move(text);
    m_statusIsError = error;
    showStatus();
}

void SimulatorView::setStatus(const QString &text, bool error)
{
    // A message made elsewhere (already translated); it is replaced at the next status.
    setStatus([text] { return text; }, error);
}

void SimulatorView::showStatus()
{
    const QString text = m_statusSource ? m_statusSource() : QString();
    const bool error = m_statusIsError;
    m_statusText = text;
    m_status->setText(text);
    m_status->setStyleSheet(error ? u"QLabel { color: %1; }"_s.arg(StatePalette::colour(StatePalette::Failed).name())
                                  : QString());
}

void SimulatorView::showOffset(int seconds)
{
    m_offsetValue->setText(seconds == 0 ? tr("on time")
                                        : (seconds > 0 ? tr("%1 s fast").arg(seconds) : tr("%1 s slow").arg(-seconds)));
}

void SimulatorView::showFreePlayNarration()
{
    setNarration(tr("Free play"),
                 tr("Add clients with the bar below: give each one a clock offset and a keeper "
                    "policy, then crash it, cut its network or set its clock back, and watch "
                    "its strip. Or pick a scenario above and press Play."));
}

void SimulatorView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void SimulatorView::retranslateUi()
{
    m_licenseLabel->setText(tr("License:"));
    m_licenseCombo->setToolTip(tr("The license the simulated clients check out. A short-TTL license such as "
                                  "%1 plays each scenario in under a minute.")
                                   .arg(DemoCatalogue::trainingLicenseId()));
    fillLicenseCombo();
    m_keyButton->setText(tr("Key file…"));
    m_keyButton->setToolTip(tr("Load the license key of the picked license from a file (mode 0600)."));
    m_scenarioLabel->setText(tr("Scenario:"));
    m_presetCombo->setItemText(freePlay, tr("Free play"));
    const QStringList titles = ScenarioPreset::titles();
    for (int i = 0; i < titles.size(); ++i)
        m_presetCombo->setItemText(i + 1, titles.at(i));
    m_playButton->setText(tr("Play scenario"));
    m_textSizeLabel->setText(tr("Text size:"));
    for (int i = 0; i < m_fontCombo->count(); ++i)
        m_fontCombo->setItemText(i, tr("%1 %").arg(qRound(m_fontCombo->itemData(i).toDouble() * 100)));
    m_fontCombo->setToolTip(tr("Larger text for a projector: the whole simulator scales."));
    m_emptyHint->setText(tr("No simulated client yet. Play a scenario, or add a client below."));

    m_runButton->setToolTip(tr("Pause or resume the simulated clocks."));
    m_stepButton->setText(tr("Step 1 s"));
    m_stepButton->setToolTip(tr("Advance the simulated clocks by one second."));
    for (int i = 0; i < m_speedCombo->count(); ++i)
        m_speedCombo->setItemText(i, tr("%1×").arg(m_speedCombo->itemData(i).toDouble()));
    m_speedCombo->setToolTip(tr("How fast the simulated clocks run."));
    m_syncButton->setText(tr("Sync clocks to server"));
    m_syncButton->setToolTip(tr("Line the simulation's clock up with the server's again after a pause or a "
                                "speed-up. The clients keep their own offsets."));
    m_legend->setText(tr("<b>Strip</b>: top lane the client (<span style='color:%1'>■</span> acting, "
                         "<span style='color:%2'>■</span> lapsed, <span style='color:%3'>■</span> degraded, "
                         "<span style='color:%4'>■</span> acting without a counted seat), bottom lane "
                         "<span style='color:%5'>■</span> the server counts the seat; "
                         "<span style='color:%6'>╌╌</span> over the top lane: network cut. Marks: C checkout, "
                         "· beat, × beat lost, ! seat lost, L lapsed, R re-acquire, D degrade, ✓ recover, "
                         "⏏ release, ✖ crash, ⌁ network cut or back, ⟲ clock changed, ⚠ warned: idle seat goes "
                         "to someone waiting, B borrowed, ⊘ borrow refused, ↩ returned early.")
                          .arg(SimulatorPalette::belief(SimulatedClient::Belief::Acting).name(),
                               SimulatorPalette::belief(SimulatedClient::Belief::Lapsed).name(),
                               SimulatorPalette::belief(SimulatedClient::Belief::Degraded).name(),
                               SimulatorPalette::doubleUse().name(), SimulatorPalette::serverCounts().name(),
                               SimulatorPalette::networkCut().name()));

    m_newClientLabel->setText(tr("New client:"));
    m_nameEdit->setPlaceholderText(tr("name"));
    fitNameEdit();
    m_clockCaption->setText(tr("clock"));
    m_offsetSlider->setToolTip(tr("Clock offset from the server, -300 s (slow) to +300 s (fast)."));
    showOffset(m_offsetSlider->value());
    m_policyCombo->setItemText(0, tr("Monotonic"));
    m_policyCombo->setItemText(1, tr("Signed expiry", "expiry policy of a new client"));
    m_policyCombo->setToolTip(tr("Monotonic: the product's default, times the lease with a stopwatch. Signed "
                                 "expiry: the naive rule, compares the signed expiry with the wall clock."));
    m_addButton->setText(tr("Add"));
    m_cutCaption->setText(tr("Cut"));
    m_cutSpin->setSuffix(tr(" s"));
    m_backCaption->setText(tr("Back"));
    m_backSpin->setSuffix(tr(" min"));

    // The narration and the scripted clients' names in the new language.
    const int index = m_presetCombo->currentIndex();
    if (index == freePlay) {
        showFreePlayNarration();
    } else if (const auto preset = ScenarioPreset::make(index)) {
        setNarration(preset->title, preset->narration);
        m_simulation->player().renameClients(*preset);
    }
    updateRunControls();
    showStatus();
    refreshView();
    fitPanelWidth();
}

void SimulatorView::fitNameEdit()
{
    // Room for a short name, or the placeholder, whole: squeezed by the clock slider and the
    // policy at 150 % in French, it showed "n..." (walk 54, F3).
    const QFontMetrics fm(m_nameEdit->font());
    const int text = std::max(fm.horizontalAdvance(m_nameEdit->placeholderText()), fm.averageCharWidth() * 8);
    const int wanted = text + 2 * fm.averageCharWidth() + 8; // the frame and the text margins
    if (m_nameEdit->minimumWidth() != wanted)
        m_nameEdit->setMinimumWidth(wanted);
    m_offsetSlider->setMinimumWidth(fm.averageCharWidth() * 7);
}

void SimulatorView::fitPanelWidth()
{
    // Wide enough for the widest button row of the pane plus its scroll bar, so a long French
    // label never needs more than the pane has; the wrapped texts take the width they are given.
    if (!m_panelScroll)
        return;
    const int bar = m_panelScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_panelScroll);
    const int frame = 2 * m_panelScroll->frameWidth();
    const int content = std::max(m_panel->minimumSizeHint().width(), m_runBar->minimumSizeHint().width());
    const int wanted = std::max(200, content + bar + frame + 2);
    if (m_panelScroll->minimumWidth() != wanted)
        m_panelScroll->setMinimumWidth(wanted);
}

void SimulatorView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeAddBar();
    // The rows get 900 pixels before the pane gets more than it needs: on a 1280x720 projector at
    // 150 % the pane took 40 % of the width and cut the rows' strips. Until the trainer drags it.
    if (m_splitter && !m_splitterMoved) {
        const int total = width() - 12 - m_splitter->handleWidth();
        const int paneMin = m_splitter->widget(1)->minimumSizeHint().width();
        const int pane = std::max(paneMin, std::min(340, total - 900));
        m_splitter->setSizes({total - pane, pane});
    }
}

void SimulatorView::placeAddBar()
{
    // On a short window (1280x720 at 150 %) the add bar below the list left it room for less
    // than one row: there it scrolls with the rows, after the last one.
    if (!m_addBar)
        return;
    const bool scrolls = height() < 560;
    if (scrolls == m_addBarScrolls)
        return;
    m_addBarScrolls = scrolls;
    if (scrolls)
        m_rowsLayout->addWidget(m_addBar);
    else
        m_leftLayout->insertWidget(1, m_addBar);
    m_addBar->show();
}

bool SimulatorView::eventFilter(QObject *watched, QEvent *event)
{
    // Whatever changed the pane's layout (a longer word, a larger font), its width follows.
    if ((watched == m_panel || watched == m_runBar) && event->type() == QEvent::LayoutRequest)
        QTimer::singleShot(0, this, &SimulatorView::fitPanelWidth);
    return QWidget::eventFilter(watched, event);
}

QString SimulatorView::statusText() const
{
    return m_statusText;
}

} // namespace keyright
