// The simulator page builds, lists the server's licenses, adds client rows, shows a preset's
// narration and scales its text for a projector. Offscreen, against a real in-process server on
// the simulation's own (paused) clock.

#include "AdminClient.h"
#include "BorrowedLeaseFile.h"
#include "CountingNetworkAccessManager.h"
#include "Crypto.h"
#include "Durations.h"
#include "LanguageManager.h"
#include "LicenseListModel.h"
#include "SharedStoreInstances.h"
#include "SystemClock.h"
#include "TestServer.h"
#include "Timestamps.h"
#include "WidgetTextAudit.h"
#include "simulator/ClientRow.h"
#include "simulator/SandboxProvisioner.h"
#include "simulator/ScenarioPreset.h"
#include "simulator/SimulatedClient.h"
#include "simulator/Simulation.h"
#include "simulator/SimulationClock.h"
#include "simulator/SimulatorPalette.h"
#include "simulator/SimulatorView.h"
#include "simulator/TimelineStrip.h"

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpontaneKeyEvent>
#include <QTest>
#include <QTranslator>
#include <QWheelEvent>
#include <QWindow>

#include <memory>

using namespace Qt::StringLiterals;
using namespace keyright;
using keyright::test::WidgetTextAudit;
using std::chrono::milliseconds;

namespace {

// Proper nouns, ids and words spelled the same in both languages.
const QSet<QString> sameInBothLanguages {
    u"training"_s, u"demo"_s, u"acme"_s,  u"cad"_s,    u"render"_s,     u"farm"_s, u"sim"_s,   u"rollback"_s,
    u"http"_s,     u"TTL"_s,  u"Pause"_s, u"Client"_s, u"Simulation"_s, u"min"_s,  u"crash"_s, u"simulator"_s};

void switchLanguage(LanguageManager &languages, const QString &code)
{
    languages.apply(code);
    QCoreApplication::processEvents(); // LanguageChange is posted to every widget
}

} // namespace

class TestSimulatorView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void listsLicensesAndLoadsTheDemoKey();
    void addingAClientAddsARowThatGetsASeat();
    void presetShowsItsNarrationAndItsClients();
    void presetRunsOnItsOwnLicenseWhateverIsPicked();
    void panelCountsTheSeatsOfThisDashboardsSandbox();
    void instanceButtonsKillAndReviveAndRowsShowTheirInstance();
    void instanceScenarioSaysWhyItIsUnavailable();
    void fontScaleEnlargesTheText();
    void markLabelsDoNotRunIntoTheNextMark_data();
    void markLabelsDoNotRunIntoTheNextMark();
    void stripLabelsStayInsideAndOffTheBars_data();
    void stripLabelsStayInsideAndOffTheBars();
    void projectorLayoutShowsEveryWordWhole_data();
    void projectorLayoutShowsEveryWordWhole();
    void liveLanguageSwitchLeavesNoWordBehind();
    void staleErrorClearsOnTheNextGoodPoll();
    void choosingAnotherScenarioStopsTheOneThatPlays();
    void choosingAnotherScenarioCancelsOneBeingSetUp();
    void aZeroOffsetHasNoSign();
    void simulatedHoldersAndSandboxNamesSpeakTheInterfacesLanguage();
    void glyphsAtOneInstantNeitherHideNorPileUp();
    void wheelOverAClockSliderScrollsTheRowsUntilItIsFocused();
    void runControlsStayInReachOnAProjector_data();
    void runControlsStayInReachOnAProjector();
    void crowdedLineLabelsNeverRunIntoEachOther_data();
    void crowdedLineLabelsNeverRunIntoEachOther();
    void smallWindowShowsTwoWholeRows_data();
    void smallWindowShowsTwoWholeRows();
    void borrowingRowsSayWhatTheServerAndTheOfflineCheckSay_data();
    void borrowingRowsSayWhatTheServerAndTheOfflineCheckSay();
    void aScenarioSaysWhenItsStoryIsTold();
    void offlineRefusalReadsWholeOnAProjector_data();
    void offlineRefusalReadsWholeOnAProjector();
    void everyRowsStripSharesOneTimeAxis();
    void axisLabelsAndNameFieldReadWholeAtScale150_data();
    void axisLabelsAndNameFieldReadWholeAtScale150();
    void stripLegendNamesTheNetworkCut();
    void policyLabelsReadWhole_data();
    void policyLabelsReadWhole();
    void offlineBadgeCountsDownToTheNetworksReturn_data();
    void offlineBadgeCountsDownToTheNetworksReturn();

private:
    std::unique_ptr<SimulationClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<CountingNetworkAccessManager> m_network;
    std::unique_ptr<AdminClient> m_admin;
    std::unique_ptr<SimulatorView> m_view;
};

void TestSimulatorView::initTestCase()
{
    QVERIFY(crypto::init());
}

void TestSimulatorView::init()
{
    m_clock = std::make_unique<SimulationClock>(SystemClock::instance());
    m_clock->setRunning(false);
    m_server = std::make_unique<TestServer>(TestServer::Options {.clock = m_clock.get(), .demo = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_network = std::make_unique<CountingNetworkAccessManager>();
    m_admin = std::make_unique<AdminClient>(*m_network, *m_clock);
    m_admin->setServerUrl(m_server->url());
    m_admin->setAdminToken(m_server->adminToken());
    m_view = std::make_unique<SimulatorView>(*m_network, *m_admin, *m_clock);
    m_view->setDemoKeyDirectory(m_server->demoKeyDirectory());
    m_view->resize(1280, 720);
    m_view->show();
    QTRY_VERIFY_WITH_TIMEOUT(m_view->currentLicense() == u"training-demo"_s, 5000);
}

void TestSimulatorView::cleanup()
{
    m_view.reset();
    m_admin.reset();
    m_network.reset();
    m_server.reset();
    m_clock.reset();
}

void TestSimulatorView::listsLicensesAndLoadsTheDemoKey()
{
    auto *combo = m_view->findChild<QComboBox *>();
    QVERIFY(combo);
    QVERIFY(m_view->simulation().hasLicenseKey(u"training-demo"_s));
    QVERIFY(m_view->selectLicense(u"acme-cad"_s));
    QVERIFY(m_view->simulation().hasLicenseKey(u"acme-cad"_s));
    QVERIFY(!m_view->selectLicense(u"no-such-license"_s));
}

void TestSimulatorView::addingAClientAddsARowThatGetsASeat()
{
    QCOMPARE(m_view->rows().size(), 0);
    SimulatedClient *client = m_view->addClientFromControls();
    QVERIFY2(client, qPrintable(m_view->statusText()));
    QCOMPARE(m_view->rows().size(), 1);
    QCOMPARE(m_view->rows().constFirst()->client(), client);
    // A real checkout against the real server.
    QTRY_COMPARE_WITH_TIMEOUT(client->belief(), SimulatedClient::Belief::Acting, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(client->serverView().state, ServerSeatView::State::Live, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().constFirst()->serverText(), ClientRow::tr("live · counted"), 2000);

    m_view->simulation().removeClient(client);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 0, 2000);
}

void TestSimulatorView::presetShowsItsNarrationAndItsClients()
{
    QVERIFY(m_view->playPreset(3));
    const auto preset = ScenarioPreset::make(3);
    QVERIFY(preset);
    QCOMPARE(m_view->narration(), preset->narration);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), preset->clients.size(), 5000);
    QVERIFY(m_view->narration().contains(u"crash"_s));
}

void TestSimulatorView::presetRunsOnItsOwnLicenseWhateverIsPicked()
{
    // acme-cad has 10 seats and demo holders: the rollback story plays on a sandbox license anyway.
    QVERIFY(m_view->selectLicense(u"acme-cad"_s));
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    for (ClientRow *row : m_view->rows())
        QCOMPARE(row->client()->licenseId(), ScenarioPreset::sandboxLicenseId(u"rollback"_s));
    QCOMPARE(m_view->currentLicense(), u"acme-cad"_s);
}

// With the dashboard's own sandbox suffix (as the Simulator page sets it), the panel counts the
// seats of that sandbox: it looked for the bare preset id and said "waiting for the server…" all
// through every scenario (walk 52b, A2).
void TestSimulatorView::panelCountsTheSeatsOfThisDashboardsSandbox()
{
    m_view->simulation().setSandboxSuffix(u"t3st"_s);
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    const QString sandbox
        = SandboxProvisioner::sandboxLicenseId(ScenarioPreset::sandboxLicenseId(u"rollback"_s), u"t3st"_s);
    for (ClientRow *row : m_view->rows())
        QCOMPARE(row->client()->licenseId(), sandbox);
    auto *seats = m_view->findChild<QLabel *>(u"simulatorSeats"_s);
    QVERIFY(seats);
    QTRY_VERIFY2_WITH_TIMEOUT(seats->text().contains(u"Seats in use on %1"_s.arg(sandbox)), qPrintable(seats->text()),
                              5000);
    QVERIFY2(!seats->text().contains(u"waiting for the server"_s), qPrintable(seats->text()));
}

void TestSimulatorView::instanceButtonsKillAndReviveAndRowsShowTheirInstance()
{
    SharedStoreInstances instances(*m_server, *m_clock);
    QString error;
    QVERIFY2(instances.start(3, &error), qPrintable(error));
    Simulation &simulation = m_view->simulation();
    simulation.player().setInstanceHooks(
        {[&instances](QObject *, const ScenarioPlayer::InstancesStarted &done) { done(instances.urls(), {}); },
         [&instances](int index, bool up, QObject *, const ScenarioPlayer::InstanceSet &done) {
             QString why;
             const bool ok = up ? instances.revive(index, &why) : (instances.kill(index), true);
             done(ok, why);
         }});
    QPushButton *kill = m_view->instanceButton(0);
    QVERIFY(kill);
    QVERIFY(!kill->isVisibleTo(m_view.get())); // only while a scenario on instances plays

    QVERIFY(m_view->playPreset(8));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    const auto instanceLabel = [](ClientRow *row) {
        auto *label = row->findChild<QLabel *>(u"simulatorInstance"_s);
        return label && label->isVisibleTo(row) ? label->text() : QString();
    };
    // Client i starts on instance i % 3, and its row says so.
    for (int i = 0; i < 4; ++i)
        QTRY_VERIFY_WITH_TIMEOUT(instanceLabel(m_view->rows().at(i)).contains(u"Instance %1"_s.arg(i % 3 + 1)), 2000);
    QTRY_VERIFY_WITH_TIMEOUT(kill->isVisibleTo(m_view.get()), 2000);
    QCOMPARE(kill->text(), u"Kill instance 1"_s);
    QCOMPARE(kill->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1));
    for (ClientRow *row : m_view->rows())
        QTRY_COMPARE_WITH_TIMEOUT(row->client()->belief(), SimulatedClient::Belief::Acting, 5000);

    kill->click();
    QVERIFY(!instances.isUp(0));
    QVERIFY(!simulation.player().isInstanceUp(0));
    QCOMPARE(kill->text(), u"Bring instance 1 back"_s);
    QCOMPARE(kill->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_1)); // kept across the new text

    // The next heartbeat of the two rows on instance 1 goes to instance 2, and the rows say so.
    m_clock->step(std::chrono::seconds {6});
    simulation.tick();
    QTRY_VERIFY_WITH_TIMEOUT(instanceLabel(m_view->rows().at(0)).contains(u"Instance 2"_s), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(instanceLabel(m_view->rows().at(3)).contains(u"Instance 2"_s), 5000);
    QVERIFY(instanceLabel(m_view->rows().at(1)).contains(u"Instance 2"_s));
    QVERIFY(instanceLabel(m_view->rows().at(2)).contains(u"Instance 3"_s));
    for (ClientRow *row : m_view->rows())
        QCOMPARE(row->client()->belief(), SimulatedClient::Belief::Acting);

    // On a projector, the instance box and the rows' instance labels show whole.
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    // The seat counts keep changing while the clients run, and each change lays the box out
    // again: a label caught between its new text and its new height is not clipped, one that
    // stays cut for two seconds is.
    QStringList clipped;
    QTRY_VERIFY2_WITH_TIMEOUT((clipped = WidgetTextAudit::clipped(m_view.get())).isEmpty(),
                              qPrintable(clipped.join(u"\n"_s)), 2000);
    m_view->setFontScale(1.0);

    // The keyboard brings it back.
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    // Through the window, as a real key press arrives, so the shortcut map sees it.
    QTest::keyClick(m_view->windowHandle(), Qt::Key_1, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(instances.isUp(0), 2000); // a shortcut clicks after a short animation
    QVERIFY(simulation.player().isInstanceUp(0));
    QCOMPARE(kill->text(), u"Kill instance 1"_s);
    simulation.clear();
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 0, 2000);
    QVERIFY(!kill->isVisibleTo(m_view.get()));
    simulation.player().setInstanceHooks({});
}

void TestSimulatorView::instanceScenarioSaysWhyItIsUnavailable()
{
    // A configured server: nothing here can kill one of its instances.
    QVERIFY(m_view->playPreset(8));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().contains(u"only on the embedded demo server"_s), 2000);
    QCOMPARE(m_view->rows().size(), 0);
}

void TestSimulatorView::fontScaleEnlargesTheText()
{
    QVERIFY(m_view->addClientFromControls());
    const qreal before = m_view->font().pointSizeF();
    const qreal rowBefore = m_view->rows().constFirst()->font().pointSizeF();
    m_view->setFontScale(1.5);
    QCOMPARE(m_view->fontScale(), 1.5);
    QVERIFY(qFuzzyCompare(m_view->font().pointSizeF(), before * 1.5));
    // Rows inherit it, so the whole page reads from the back of the room.
    QVERIFY(qFuzzyCompare(m_view->rows().constFirst()->font().pointSizeF(), rowBefore * 1.5));
    m_view->setFontScale(1.0);
    QVERIFY(qFuzzyCompare(m_view->font().pointSizeF(), before));
}

void TestSimulatorView::markLabelsDoNotRunIntoTheNextMark_data()
{
    // Mark x positions and label widths on a 600-px strip, as the expiry and reap marks are drawn.
    QTest::addColumn<QList<double>>("xs");
    QTest::addColumn<QList<double>>("widths");
    QTest::addColumn<QList<double>>("glyphs"); // left, width of each glyph in the top row

    QTest::newRow("far apart") << QList<double> {100, 400} << QList<double> {60, 60} << QList<double> {};
    QTest::newRow("a grace apart, long French label")
        << QList<double> {300, 340} << QList<double> {70, 60} << QList<double> {};
    QTest::newRow("second mark near the right edge")
        << QList<double> {300, 580} << QList<double> {60, 60} << QList<double> {};
    QTest::newRow("one mark near the right edge") << QList<double> {590} << QList<double> {60} << QList<double> {};
    // "expiration" and "nettoyage" at 150 %, a grace apart at the right edge: no room for both
    // below the lanes, so the second one goes above, still at its line.
    QTest::newRow("French labels at the right edge")
        << QList<double> {540, 590} << QList<double> {90, 90} << QList<double> {440, 12};
    QTest::newRow("French labels at the right edge, glyphs just before")
        << QList<double> {540, 590} << QList<double> {90, 90} << QList<double> {460, 12, 474, 12};
}

void TestSimulatorView::markLabelsDoNotRunIntoTheNextMark()
{
    QFETCH(QList<double>, xs);
    QFETCH(QList<double>, widths);
    QFETCH(QList<double>, glyphs);
    const double width = 600;
    const double gap = TimelineStrip::labelGap;
    QList<TimelineStrip::MarkSpan> marks;
    for (qsizetype i = 0; i < xs.size(); ++i)
        marks.append(TimelineStrip::MarkSpan {xs.at(i), widths.at(i)});
    QList<TimelineStrip::MarkSpan> taken;
    for (qsizetype i = 0; i + 1 < glyphs.size(); i += 2)
        taken.append(TimelineStrip::MarkSpan {glyphs.at(i), glyphs.at(i + 1)});

    const QList<TimelineStrip::LabelPlace> places = TimelineStrip::placeLabels(marks, width, taken);
    QCOMPARE(places.size(), marks.size());
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const double left = places.at(i).left;
        const double right = left + widths.at(i);
        const QString name = u"label %1"_s.arg(i);
        QVERIFY2(left >= 0 && right <= width, qPrintable(name + u" leaves the strip"_s));
        // At its own line, right or left of it.
        QVERIFY2(qFuzzyCompare(left, xs.at(i) + gap) || qFuzzyCompare(right, xs.at(i) - gap),
                 qPrintable(name
                            + u" is %1 px from its line"_s.arg(
                                std::min(std::abs(left - xs.at(i)), std::abs(right - xs.at(i))))));
        // Below the lanes a label never crosses a line, its own or another's.
        if (!places.at(i).topRow) {
            for (const double x : xs)
                QVERIFY2(right <= x || left >= x, qPrintable(name + u" crosses the line at %1"_s.arg(x)));
        } else {
            for (const TimelineStrip::MarkSpan &glyph : taken)
                QVERIFY2(right <= glyph.x || left >= glyph.x + glyph.labelWidth,
                         qPrintable(name + u" covers a glyph"_s));
        }
        for (qsizetype j = 0; j < i; ++j) {
            if (places.at(j).topRow != places.at(i).topRow)
                continue;
            QVERIFY2(left >= places.at(j).left + widths.at(j) || right <= places.at(j).left,
                     qPrintable(name + u" overlaps label %1"_s.arg(j)));
        }
    }
}

void TestSimulatorView::crowdedLineLabelsNeverRunIntoEachOther_data()
{
    QTest::addColumn<double>("width");
    QTest::addColumn<QList<double>>("xs");
    QTest::addColumn<QList<double>>("widths");
    QTest::addColumn<QList<double>>("glyphs"); // left, width of each glyph in the top row

    // The expiry and reap lines a grace apart near the left end of a narrow strip, the glyph row
    // full: neither side of the second line has room, and "expiration" ran into "nettoyé".
    QTest::newRow("close lines, glyph row full")
        << 230.0 << QList<double> {35, 58} << QList<double> {62, 52} << QList<double> {0, 230};
    QTest::newRow("close lines at the right edge, glyph row full")
        << 230.0 << QList<double> {190, 215} << QList<double> {62, 52} << QList<double> {0, 230};
    QTest::newRow("close lines, glyph row free")
        << 230.0 << QList<double> {35, 58} << QList<double> {62, 52} << QList<double> {};
}

// Wherever the lines are, the labels drawn beside them never cover one another.
void TestSimulatorView::crowdedLineLabelsNeverRunIntoEachOther()
{
    QFETCH(double, width);
    QFETCH(QList<double>, xs);
    QFETCH(QList<double>, widths);
    QFETCH(QList<double>, glyphs);
    QList<TimelineStrip::MarkSpan> marks;
    for (qsizetype i = 0; i < xs.size(); ++i)
        marks.append(TimelineStrip::MarkSpan {xs.at(i), widths.at(i)});
    QList<TimelineStrip::MarkSpan> taken;
    for (qsizetype i = 0; i + 1 < glyphs.size(); i += 2)
        taken.append(TimelineStrip::MarkSpan {glyphs.at(i), glyphs.at(i + 1)});
    const QList<TimelineStrip::LabelPlace> places = TimelineStrip::placeLabels(marks, width, taken);
    QCOMPARE(places.size(), marks.size());
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const QRectF r(places.at(i).left, places.at(i).topRow ? 0 : 1, widths.at(i), 1);
        QVERIFY2(r.left() >= 0 && r.right() <= width, qPrintable(u"label %1 leaves the strip"_s.arg(i)));
        for (qsizetype j = 0; j < i; ++j) {
            const QRectF other(places.at(j).left, places.at(j).topRow ? 0 : 1, widths.at(j), 1);
            QVERIFY2(!r.intersects(other),
                     qPrintable(u"label %1 [%2, %3] runs into label %4 [%5, %6]"_s.arg(i)
                                    .arg(r.left())
                                    .arg(r.right())
                                    .arg(j)
                                    .arg(other.left())
                                    .arg(other.right())));
        }
    }
}

void TestSimulatorView::smallWindowShowsTwoWholeRows_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// 1280x720 at 150 % (QT_SCALE_FACTOR=1.5) leaves the window 853x480 logical pixels, the page about
// 838x360 once the menu, the tool bar, the tabs and the status bar have theirs: the rollback
// scenario shows two whole rows, each with its strip, its buttons and a slider one can drag; the
// names say the rest in a tooltip; the strip's line labels never cover one another.
void TestSimulatorView::smallWindowShowsTwoWholeRows()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&] { switchLanguage(languages, u"en"_s); });
    QCoreApplication::processEvents();
    m_view->resize(838, 360);
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    // Far enough that the first client's expiry and reap lines are both on its strip.
    auto *strip = m_view->rows().constFirst()->findChild<TimelineStrip *>();
    QVERIFY(strip);
    for (int i = 0; i < 60 && strip->markLines().size() < 2; ++i) {
        m_clock->step(std::chrono::seconds {1});
        m_view->simulation().tick();
        QTest::qWait(60);
    }
    QTRY_COMPARE_WITH_TIMEOUT(strip->markLines().size(), 2, 3000);
    QTest::qWait(100);

    auto *scroll
        = qobject_cast<QScrollArea *>(m_view->rows().constFirst()->parentWidget()->parentWidget()->parentWidget());
    QVERIFY(scroll);
    QWidget *viewport = scroll->viewport();
    const QRect shown = viewport->rect();
    const auto inViewport = [&](QWidget *w) { return QRect(w->mapTo(viewport, QPoint(0, 0)), w->size()); };
    const auto describe
        = [](const QRect &r) { return u"%1,%2 %3x%4"_s.arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()); };
    for (int i = 0; i < 2; ++i) {
        ClientRow *row = m_view->rows().at(i);
        const QString name = u"row %1"_s.arg(i + 1);
        QVERIFY2(shown.contains(inViewport(row)),
                 qPrintable(name + u" at "_s + describe(inViewport(row)) + u" in a list of "_s + describe(shown)));
        for (QPushButton *button : row->findChildren<QPushButton *>()) {
            QVERIFY2(shown.contains(inViewport(button)),
                     qPrintable(name + u": \""_s + button->text() + u"\" at "_s + describe(inViewport(button))
                                + u" in a list of "_s + describe(shown)));
        }
        auto *rowStrip = row->findChild<TimelineStrip *>();
        QVERIFY2(shown.contains(inViewport(rowStrip)),
                 qPrintable(name + u": strip at "_s + describe(inViewport(rowStrip))));
        auto *slider = row->findChild<QSlider *>();
        QVERIFY2(slider->width() >= 80, qPrintable(name + u": slider %1 px wide"_s.arg(slider->width())));
        // The name in two lines at most, whole in its tooltip.
        auto *nameLabel = row->findChild<QLabel *>(u"simulatorClientName"_s);
        QVERIFY(nameLabel);
        QVERIFY2(nameLabel->height() <= 2 * nameLabel->fontMetrics().lineSpacing() + 4,
                 qPrintable(name + u": name %1 px tall"_s.arg(nameLabel->height())));
        QCOMPARE(nameLabel->toolTip(), row->client()->name());
    }
    // The line labels as drawn: none covers another.
    const QList<QRectF> labels = strip->markLabelRects();
    QCOMPARE(labels.size(), 2);
    QVERIFY2(!labels.at(0).intersects(labels.at(1)),
             qPrintable(
                 u"\"%1\" and \"%2\" run into each other"_s.arg(strip->markLabels().at(0), strip->markLabels().at(1))));
    const QRectF inside(QPointF(0, 0), QSizeF(strip->size()));
    for (const QRectF &r : labels)
        QVERIFY(inside.contains(r));
}

void TestSimulatorView::stripLabelsStayInsideAndOffTheBars_data()
{
    QTest::addColumn<int>("stripWidth");
    QTest::addColumn<int>("afterMs"); // how far past now the axis reaches: where the marks land
    QTest::newRow("marks mid-strip") << 600 << 15000;
    QTest::newRow("marks at the right edge") << 600 << 0;
    QTest::newRow("narrow strip, marks at the edge") << 220 << 0;
}

void TestSimulatorView::stripLabelsStayInsideAndOffTheBars()
{
    QFETCH(int, stripWidth);
    QFETCH(int, afterMs);
    SimulatedClient *client = m_view->addClientFromControls();
    QVERIFY2(client, qPrintable(m_view->statusText()));
    QTRY_COMPARE_WITH_TIMEOUT(client->serverView().state, ServerSeatView::State::Live, 5000);
    auto *strip = m_view->rows().constFirst()->findChild<TimelineStrip *>();
    QVERIFY(strip);
    m_view->setFontScale(1.5);
    strip->setFixedWidth(stripWidth);
    // The axis ends just after the expiry so both marks sit at the right edge ("reap" included).
    TimelineStrip::Axis axis;
    QTRY_VERIFY_WITH_TIMEOUT(client->serverView().reapableAt.isValid(), 5000); // after a poll
    // The larger font's row heights and the new width apply at the next layout, which the wait above
    // need not have run.
    QTRY_VERIFY_WITH_TIMEOUT(strip->width() == stripWidth && strip->height() >= strip->sizeHint().height(), 2000);
    const QDateTime reapable = client->serverView().reapableAt;
    axis.now = reapable.addMSecs(-afterMs - 1);
    axis.after = std::chrono::milliseconds {afterMs + 2};
    axis.before = std::chrono::milliseconds {20000};
    strip->setAxis(axis);
    const QList<QRectF> labels = strip->markLabelRects();
    const QList<double> lines = strip->markLines();
    QCOMPARE(labels.size(), 2); // expiry and reap
    const QRectF inside(QPointF(0, 0), QSizeF(strip->size()));
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QRectF r = labels.at(i);
        const QString name = strip->markLabels().at(i);
        QVERIFY2(inside.contains(r), qPrintable(u"label %1 leaves the strip"_s.arg(name)));
        QVERIFY2(!r.intersects(strip->clientLaneRect()) && !r.intersects(strip->serverLaneRect()),
                 qPrintable(u"label %1 is drawn over a bar"_s.arg(name)));
        // Beside its own line, never somewhere along the strip.
        const double x = lines.at(i);
        QVERIFY2(std::abs(r.left() - (x + TimelineStrip::labelGap)) < 0.5
                     || std::abs(r.right() - (x - TimelineStrip::labelGap)) < 0.5,
                 qPrintable(u"label %1 sits %2 px from its line"_s.arg(name).arg(
                     std::min(std::abs(r.left() - x), std::abs(r.right() - x)))));
        if (i > 0)
            QVERIFY(!r.intersects(labels.at(i - 1)));
        for (const TimelineStrip::Glyph &glyph : strip->glyphs())
            QVERIFY2(!r.intersects(glyph.rect), qPrintable(u"label %1 covers %2"_s.arg(name, glyph.text)));
    }
    m_view->setFontScale(1.0);
}

void TestSimulatorView::projectorLayoutShowsEveryWordWhole_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

void TestSimulatorView::projectorLayoutShowsEveryWordWhole()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    QCoreApplication::processEvents();

    // The biggest board: the rollback scenario's five rows, at the text size TRAINING.md asks for,
    // in what a 1280x720 window leaves the page (the tab bar and the status bar take the rest).
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    for (int i = 0; i < 3; ++i) {
        m_clock->step(std::chrono::seconds {1});
        m_view->simulation().tick();
        QTest::qWait(150);
    }
    // The server's answers to the last tick may still relabel a row: judge the settled board.
    QStringList problems;
    QTRY_VERIFY2_WITH_TIMEOUT((problems = WidgetTextAudit::clipped(m_view.get())).isEmpty(),
                              qPrintable(problems.join(u"\n"_s)), 2000);

    // The narration shows whole: no scroll area of its own, and tall enough for all its lines.
    QLabel *narration = nullptr;
    for (QLabel *label : m_view->findChildren<QLabel *>()) {
        if (label->text() == m_view->narration())
            narration = label;
    }
    QVERIFY(narration);
    for (QWidget *p = narration->parentWidget(); p && p != m_view.get(); p = p->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(p))
            QVERIFY2(area->objectName() == u"simulatorPanelScroll"_s, "the narration scrolls on its own");
    }
    QVERIFY(narration->height() >= narration->heightForWidth(narration->width()));
    switchLanguage(languages, u"en"_s);
}

void TestSimulatorView::liveLanguageSwitchLeavesNoWordBehind()
{
    LanguageManager languages;
    switchLanguage(languages, u"en"_s);
    QVERIFY(m_view->playPreset(2));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 2, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().startsWith(u"Playing"_s), 5000);
    QCoreApplication::processEvents();
    const auto english = WidgetTextAudit::visibleTexts(m_view.get());

    switchLanguage(languages, u"fr"_s);
    QCoreApplication::processEvents();
    QTest::qWait(150); // a refresh of the rows
    const QStringList stillEnglish = WidgetTextAudit::unchanged(english, m_view.get(), sameInBothLanguages);
    QVERIFY2(stillEnglish.isEmpty(), qPrintable(u"left in English:\n"_s + stillEnglish.join(u"\n"_s)));
    QCOMPARE(m_view->narration(), ScenarioPreset::make(2)->narration);
    const auto french = WidgetTextAudit::visibleTexts(m_view.get());

    switchLanguage(languages, u"en"_s);
    QTest::qWait(150);
    const QStringList stillFrench = WidgetTextAudit::unchanged(french, m_view.get(), sameInBothLanguages);
    QVERIFY2(stillFrench.isEmpty(), qPrintable(u"left in French:\n"_s + stillFrench.join(u"\n"_s)));
    QCOMPARE(m_view->narration(), ScenarioPreset::make(2)->narration);
}

void TestSimulatorView::staleErrorClearsOnTheNextGoodPoll()
{
    // The server goes away: the status says so.
    QVERIFY(m_view->addClientFromControls());
    m_server->stop();
    m_view->simulation().poll();
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().contains(u"Could not"_s), 5000);
    // It comes back: the next poll that goes through replaces the old error.
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            m_view->simulation().poll();
            QTest::qWait(50);
            return !m_view->statusText().contains(u"Could not"_s);
        }(),
        5000);
    QVERIFY(m_view->statusText().contains(u"training-demo"_s));
}

void TestSimulatorView::choosingAnotherScenarioStopsTheOneThatPlays()
{
    auto *combo = m_view->findChild<QComboBox *>(u"simulatorScenarioCombo"_s);
    QVERIFY(combo);
    QVERIFY(m_view->playPreset(3));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 2, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().startsWith(u"Playing 3."_s), 5000);

    // The trainer picks the next scenario with the keyboard, without pressing Play yet.
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(combo->currentIndex(), 4);
    const auto next = ScenarioPreset::make(4);
    QVERIFY(next);
    QCOMPARE(m_view->narration(), next->narration);
    // What the narration tells is what plays: scenario 3's clients are gone, nothing else runs.
    QVERIFY(!m_view->simulation().preset());
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 0, 2000);
    QVERIFY2(m_view->statusText().contains(u"Stopped 3. Crash."_s), qPrintable(m_view->statusText()));

    // Play starts the one shown.
    QTest::mouseClick(m_view->findChild<QPushButton *>(u"simulatorPlayButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), next->clients.size(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().startsWith(u"Playing 4."_s), 5000);
    QCOMPARE(m_view->simulation().preset()->number, 4);
}

void TestSimulatorView::choosingAnotherScenarioCancelsOneBeingSetUp()
{
    auto *combo = m_view->findChild<QComboBox *>(u"simulatorScenarioCombo"_s);
    QVERIFY(combo);
    // Scenario 3 is still creating its sandbox license when the trainer moves on.
    QVERIFY(m_view->playPreset(3));
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Down);
    QTRY_COMPARE_WITH_TIMEOUT(m_network->pending(), 0, 5000);
    QCoreApplication::processEvents();
    QVERIFY(!m_view->simulation().preset());
    QCOMPARE(m_view->rows().size(), 0);
    QVERIFY2(m_view->statusText().contains(u"Stopped 3. Crash."_s), qPrintable(m_view->statusText()));
}

void TestSimulatorView::simulatedHoldersAndSandboxNamesSpeakTheInterfacesLanguage()
{
    LanguageManager languages;
    switchLanguage(languages, u"fr"_s);
    const auto english = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });

    // Scenario 5 played in French: its holders are French on the server too, suffix included.
    QVERIFY(m_view->playPreset(5));
    const auto preset = ScenarioPreset::make(5);
    QVERIFY(preset);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), preset->clients.size(), 5000);
    QStringList holders;
    for (ClientRow *row : m_view->rows())
        holders << row->client()->holder();
    QVERIFY2(holders.contains(u"Collègue 1@simulateur"_s), qPrintable(holders.join(u", "_s)));
    QVERIFY2(holders.contains(u"Recule l'horloge, monotone@simulateur"_s), qPrintable(holders.join(u", "_s)));

    // A sandbox license the server named in English (an earlier run) reads in French in the list,
    // and in English again after a switch back; any other license keeps the server's name.
    LicenseListModel licenses;
    LicenseSummary sandbox;
    sandbox.id = ScenarioPreset::sandboxLicenseId(u"rollback"_s);
    sandbox.name = u"Simulator sandbox: 5. Clock rollback"_s;
    sandbox.seatCount = 3;
    LicenseSummary other;
    other.id = u"acme-cad"_s;
    other.name = u"ACME CAD"_s;
    other.seatCount = 10;
    licenses.applyList(LicenseList {QDateTime::currentDateTimeUtc(), {sandbox, other}});
    const auto nameOf = [&licenses](const QString &id) {
        return licenses.index(licenses.rowOf(id), LicenseListModel::NameColumn).data().toString();
    };
    QCOMPARE(nameOf(sandbox.id), u"Bac à sable du simulateur : 5. Recul d'horloge"_s);
    QCOMPARE(nameOf(u"acme-cad"_s), u"ACME CAD"_s);
    switchLanguage(languages, u"en"_s);
    QCOMPARE(nameOf(sandbox.id), sandbox.name);
}

void TestSimulatorView::aZeroOffsetHasNoSign()
{
    // The server reads the simulation's clock: a client 20 ms behind is "on time" to a tenth.
    const auto cases
        = {std::pair {milliseconds {-20}, u"(0.0 s)"_s}, std::pair {milliseconds {0}, u"(0.0 s)"_s},
           std::pair {milliseconds {1500}, u"(+1.5 s)"_s}, std::pair {milliseconds {-1500}, u"(−1.5 s)"_s}};
    for (const auto &[offset, shown] : cases) {
        SimulatedClientSpec spec;
        spec.offset = offset;
        QString error;
        QVERIFY2(m_view->simulation().addClient(spec, &error), qPrintable(error));
    }
    QCOMPARE(m_view->rows().size(), qsizetype(cases.size()));
    qsizetype i = 0;
    for (const auto &[offset, shown] : cases) {
        ClientRow *row = m_view->rows().at(i++);
        QTRY_VERIFY2_WITH_TIMEOUT(row->localClockText().endsWith(shown),
                                  qPrintable(u"%1 ms: %2"_s.arg(offset.count()).arg(row->localClockText())), 2000);
    }
}

void TestSimulatorView::glyphsAtOneInstantNeitherHideNorPileUp()
{
    // The clock is paused: everything below happens at one instant, as an L and its R do, or a
    // "seat lost" and its retries.
    SimulatedClient *client = m_view->addClientFromControls();
    QVERIFY2(client, qPrintable(m_view->statusText()));
    QTRY_COMPARE_WITH_TIMEOUT(client->belief(), SimulatedClient::Belief::Acting, 5000);
    ClientRow *row = m_view->rows().constFirst();
    const auto button = [row](const QString &prefix) -> QPushButton * {
        for (QPushButton *b : row->findChildren<QPushButton *>()) {
            if (b->text().startsWith(prefix))
                return b;
        }
        return nullptr;
    };
    QPushButton *cut = button(u"Cut"_s);
    QPushButton *back = button(u"−"_s);
    QPushButton *crash = button(u"Crash"_s);
    QVERIFY(cut && back && crash);
    for (int i = 0; i < 10; ++i)
        QTest::mouseClick(cut, Qt::LeftButton);
    QTest::mouseClick(back, Qt::LeftButton);
    QTest::mouseClick(crash, Qt::LeftButton);

    auto *strip = row->findChild<TimelineStrip *>();
    QVERIFY(strip);
    QTRY_VERIFY_WITH_TIMEOUT(strip->glyphs().size() >= 4, 2000); // checkout, cut, clock, crash
    const QList<TimelineStrip::Glyph> glyphs = strip->glyphs();
    const QRectF inside(QPointF(0, 0), QSizeF(strip->size()));
    int folded = 0;
    for (qsizetype i = 0; i < glyphs.size(); ++i) {
        const TimelineStrip::Glyph &g = glyphs.at(i);
        QVERIFY2(inside.contains(g.rect), qPrintable(g.text));
        for (qsizetype j = 0; j < i; ++j)
            QVERIFY2(!g.rect.intersects(glyphs.at(j).rect),
                     qPrintable(u"%1 is drawn over %2"_s.arg(g.text, glyphs.at(j).text)));
        if (g.kind == TimelineEvent::Kind::NetworkCut) {
            ++folded;
            QCOMPARE(g.count, 10);
            QVERIFY2(g.text.contains(u"10"_s), qPrintable(g.text));
        }
    }
    QCOMPARE(folded, 1); // ten cuts, one glyph that says so
    // Each glyph stays near its instant: side by side, not spread along the strip.
    double total = 0;
    for (const TimelineStrip::Glyph &g : glyphs)
        total += g.rect.width() + 1;
    for (const TimelineStrip::Glyph &g : glyphs)
        QVERIFY2(std::abs(g.rect.center().x() - g.x) <= total, qPrintable(g.text));
}

namespace {

// What a mouse wheel notch down over `widget` sends (QTest has no wheel helper). Delivered as
// QTest delivers its mouse events, as if from the window system: only such a wheel event goes on
// to the parents when a widget ignores it.
bool wheelDown(QWidget *widget)
{
    const QPointF at = QRectF(widget->rect()).center();
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QSpontaneKeyEvent::setSpontaneous(&event);
    return qApp->notify(widget, &event);
}

QScrollArea *scrollAreaAround(QWidget *widget)
{
    for (QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        if (auto *area = qobject_cast<QScrollArea *>(p))
            return area;
    }
    return nullptr;
}

} // namespace

void TestSimulatorView::wheelOverAClockSliderScrollsTheRowsUntilItIsFocused()
{
    // The rollback scenario's five rows at the projector's text size: more than the page shows.
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    QScrollArea *rows = scrollAreaAround(m_view->rows().constFirst());
    QVERIFY(rows);
    QScrollBar *scroll = rows->verticalScrollBar();
    QTRY_VERIFY_WITH_TIMEOUT(scroll->maximum() > 0, 2000);
    QCOMPARE(scroll->value(), 0);

    ClientRow *first = m_view->rows().constFirst();
    auto *slider = first->findChild<QSlider *>();
    QVERIFY(slider);
    QVERIFY(!slider->hasFocus());
    const int offset = slider->value();
    const auto clientOffset = first->client()->offset();
    wheelDown(slider);
    QVERIFY2(scroll->value() > 0, "the wheel over a clock slider did not scroll the rows");
    QCOMPARE(slider->value(), offset);
    QCOMPARE(first->client()->offset(), clientOffset); // nobody's clock moved

    // Once the trainer clicked it, the slider is theirs: the wheel moves the clock.
    rows->ensureWidgetVisible(slider);
    QTest::mouseClick(slider, Qt::LeftButton, Qt::NoModifier, slider->rect().center());
    QVERIFY(slider->hasFocus());
    const int clicked = slider->value();
    const int scrolled = scroll->value();
    wheelDown(slider);
    QVERIFY(slider->value() != clicked);
    QCOMPARE(scroll->value(), scrolled);
}

void TestSimulatorView::runControlsStayInReachOnAProjector_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

void TestSimulatorView::runControlsStayInReachOnAProjector()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    // The longest narration at the text size TRAINING.md asks for, in what a 1280x720 window
    // leaves the page.
    QVERIFY(m_view->playPreset(5));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 5, 5000);
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    for (const QString &name : {u"simulatorRunButton"_s, u"simulatorStepButton"_s, u"simulatorSyncButton"_s}) {
        auto *button = m_view->findChild<QPushButton *>(name);
        QVERIFY2(button, qPrintable(name));
        // Whole on screen without scrolling anything.
        QTRY_VERIFY2_WITH_TIMEOUT(button->isVisible() && button->visibleRegion().boundingRect() == button->rect(),
                                  qPrintable(name + u" is cut or scrolled away"_s), 2000);
        const QRect inView(button->mapTo(m_view.get(), QPoint(0, 0)), button->size());
        QVERIFY2(m_view->rect().contains(inView), qPrintable(name));
    }
    // Step works from there with a click.
    const QDateTime before = m_clock->now();
    QTest::mouseClick(m_view->findChild<QPushButton *>(u"simulatorStepButton"_s), Qt::LeftButton);
    QCOMPARE(before.msecsTo(m_clock->now()), 1000);
    switchLanguage(languages, u"en"_s);
}

void TestSimulatorView::borrowingRowsSayWhatTheServerAndTheOfflineCheckSay_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

void TestSimulatorView::borrowingRowsSayWhatTheServerAndTheOfflineCheckSay()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });
    const auto sentence = [](ClientRow *row) {
        auto *label = row->findChild<QLabel *>(u"simulatorSentence"_s);
        return label && label->isVisibleTo(row) ? label->text() : QString();
    };
    const auto stepTo = [this](std::chrono::milliseconds at) {
        while (m_view->simulation().player().elapsed() < at) {
            m_clock->step(std::chrono::milliseconds {500});
            m_view->simulation().tick();
            QTest::qWait(30);
        }
    };

    // 10. A laptop goes on a trip: the laptop's seat is counted as borrowed, the second laptop's
    // row shows the refusal whole, in the interface's language (written from the numbers the server
    // sent with it, issue 27), and the return shows at once.
    QVERIFY(m_view->playPreset(10));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    ClientRow *laptop = m_view->rows().at(0);
    ClientRow *second = m_view->rows().at(1);
    QTRY_COMPARE_WITH_TIMEOUT(laptop->beliefText(), ClientRow::tr("borrowed · held offline"), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(laptop->serverText(), ClientRow::tr("borrowed · counted"), 5000);
    QCOMPARE(laptop->policyText(), ClientRow::tr("Offline check (borrowed)"));
    QCOMPARE(m_view->rows().at(2)->policyText(), ClientRow::tr("Monotonic (stopwatch)"));
    stepTo(std::chrono::seconds {4});
    QTRY_COMPARE_WITH_TIMEOUT(second->beliefText(), ClientRow::tr("borrow refused"), 5000);
    const QString onSite = language == u"fr"_s
        ? u"empruntés : 1 sur 3 ; à garder sur site pour les attributions ordinaires : 2"_s
        : u"1 of the 3 seats of sim-laptop-trip is borrowed and 2 must stay"_s;
    QTRY_VERIFY2_WITH_TIMEOUT(sentence(second).contains(onSite), qPrintable(sentence(second)), 5000);
    QVERIFY(sentence(laptop).isEmpty());
    // On a projector the refusal reads whole.
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    QStringList clipped;
    QTRY_VERIFY2_WITH_TIMEOUT((clipped = WidgetTextAudit::clipped(m_view.get())).isEmpty(),
                              qPrintable(clipped.join(u"\n"_s)), 2000);
    m_view->setFontScale(1.0);
    m_view->resize(1280, 720);
    // Still counted after two TTLs away, then returned early.
    stepTo(std::chrono::seconds {31});
    QCOMPARE(laptop->serverText(), ClientRow::tr("borrowed · counted"));
    stepTo(std::chrono::seconds {33});
    QTRY_COMPARE_WITH_TIMEOUT(laptop->serverText(), ClientRow::tr("returned early", "seat state on the server"), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(laptop->beliefText(), ClientRow::tr("returned · stopped"), 5000);

    // 11. The borrowed laptop's clock is turned back: its row says the offline check refuses, with
    // the check's sentence, and holds again once the clock is right.
    QVERIFY(m_view->playPreset(11));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 3, 5000);
    ClientRow *borrowed = m_view->rows().at(0);
    QTRY_COMPARE_WITH_TIMEOUT(borrowed->beliefText(), ClientRow::tr("borrowed · held offline"), 5000);
    const auto preset = m_view->simulation().preset();
    QVERIFY(preset);
    milliseconds turnedBack {0};
    milliseconds putRight {0};
    for (const ScenarioPreset::Action &a : preset->actions) {
        if (a.kind == ScenarioPreset::ActionKind::ClockBack)
            turnedBack = a.at;
        if (a.kind == ScenarioPreset::ActionKind::SetOffset)
            putRight = a.at;
    }
    stepTo(turnedBack + milliseconds {1000});
    QTRY_COMPARE_WITH_TIMEOUT(borrowed->beliefText(), ClientRow::tr("borrowed · refused offline"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!sentence(borrowed).isEmpty(), 5000);
    // The keeper's sentence: its checks, each second, count the seconds behind down while the clock
    // stays behind, so the row may show the one before; the latest time seen is the same.
    const QString said = sentence(borrowed);
    const QString refusal = borrowed->client()->keeper().lastError();
    QVERIFY(said.startsWith(BorrowedLeaseFile::tr("The clock of this computer is %1 behind the latest time seen (%2); "
                                                  "the borrowed lease is refused until the clock is right.")
                                .section(u'%', 0, 0)));
    // The latest time seen as the row shows its clocks (walk 55, 3: not "2026-12-06T03:01:34.401Z").
    const QString stamp = refusal.section(u'(', 1).section(u')', 0, 0);
    const std::optional<QDateTime> latestSeen = parseTimestamp(stamp);
    QVERIFY2(latestSeen, qPrintable(refusal));
    const QDateTime shown = latestSeen->toTimeSpec(borrowed->client()->localClock().now().timeSpec());
    const QString asTheRowShowsIt = shown.toString(u"HH:mm:ss"_s) + u"."_s + QString::number(shown.time().msec() / 100);
    QVERIFY2(said.contains(u"("_s + asTheRowShowsIt + u")"_s), qPrintable(said + u" / "_s + asTheRowShowsIt));
    QVERIFY2(!said.contains(stamp), qPrintable(said));
    stepTo(putRight + milliseconds {1000});
    QTRY_COMPARE_WITH_TIMEOUT(borrowed->beliefText(), ClientRow::tr("borrowed · held offline"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(sentence(borrowed).isEmpty(), 5000);
}

// Walk-through 50: the borrow's end is written with the month's name (never "06/12/2026", two days
// in English), and once the story is told the status says the scenario has finished, in the
// interface's language (F9, F10).
void TestSimulatorView::aScenarioSaysWhenItsStoryIsTold()
{
    // British English, whose short date is the tester's "06/12/2026".
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    const auto restoreLocale = qScopeGuard([before] { QLocale::setDefault(before); });
    auto *combo = m_view->findChild<QComboBox *>(u"simulatorScenarioCombo"_s);
    QVERIFY(combo);
    combo->setFocus();
    while (combo->currentIndex() != 10)
        QTest::keyClick(combo, combo->currentIndex() < 10 ? Qt::Key_Down : Qt::Key_Up);
    QTest::mouseClick(m_view->findChild<QPushButton *>(u"simulatorPlayButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->statusText().startsWith(u"Playing 10."_s), 5000);
    const auto preset = m_view->simulation().preset();
    QVERIFY(preset);
    ClientRow *laptop = m_view->rows().at(0);
    QTRY_COMPARE_WITH_TIMEOUT(laptop->beliefText(), ClientRow::tr("borrowed · held offline"), 5000);
    auto *expiry = laptop->findChild<QLabel *>(u"simulatorExpiry"_s);
    QVERIFY(expiry);
    const QDateTime until = laptop->client()->keeper().lease()->expiresAt;
    QTRY_VERIFY2_WITH_TIMEOUT(expiry->text().contains(QLocale().monthName(until.date().month(), QLocale::ShortFormat)),
                              qPrintable(expiry->text()), 2000);
    QVERIFY2(!expiry->text().contains(u'/'), qPrintable(expiry->text()));

    const auto stepTo = [this](std::chrono::milliseconds at) {
        while (m_view->simulation().player().elapsed() < at) {
            m_clock->step(std::chrono::milliseconds {500});
            m_view->simulation().tick();
            QTest::qWait(30);
        }
    };
    stepTo(preset->duration - std::chrono::milliseconds {1000});
    QTest::qWait(200);
    QVERIFY2(m_view->statusText().startsWith(u"Playing 10."_s), qPrintable(m_view->statusText()));
    stepTo(preset->duration);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->statusText(),
                              u"Finished 10. A laptop goes on a trip. The story is told; the clients run on until "
                              "another scenario is chosen."_s,
                              2000);

    LanguageManager languages;
    switchLanguage(languages, u"fr"_s);
    const auto english = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });
    QTRY_VERIFY2_WITH_TIMEOUT(m_view->statusText().startsWith(u"Scénario terminé : 10. Un portable part en voyage."_s),
                              qPrintable(m_view->statusText()), 2000);
}

void TestSimulatorView::offlineRefusalReadsWholeOnAProjector_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// Walk-through 50 (F5): scenario 11 on a 1280x720 projector at 150 % (853x480 logical pixels):
// the laptop's refusal wraps whole inside the row, and neither it nor the strip is pushed past the
// pane's edge.
void TestSimulatorView::offlineRefusalReadsWholeOnAProjector()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&] { switchLanguage(languages, u"en"_s); });
    m_view->resize(853, 480);
    auto *combo = m_view->findChild<QComboBox *>(u"simulatorScenarioCombo"_s);
    QVERIFY(combo);
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_End);
    QCOMPARE(combo->currentIndex(), 11);
    QTest::mouseClick(m_view->findChild<QPushButton *>(u"simulatorPlayButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 3, 5000);
    const auto preset = m_view->simulation().preset();
    QVERIFY(preset);
    milliseconds turnedBack {0};
    for (const ScenarioPreset::Action &a : preset->actions) {
        if (a.kind == ScenarioPreset::ActionKind::ClockBack)
            turnedBack = a.at;
    }
    while (m_view->simulation().player().elapsed() < turnedBack + milliseconds {1000}) {
        m_clock->step(milliseconds {500});
        m_view->simulation().tick();
        QTest::qWait(30);
    }
    ClientRow *borrowed = m_view->rows().at(0);
    auto *sentence = borrowed->findChild<QLabel *>(u"simulatorSentence"_s);
    QVERIFY(sentence);
    QTRY_VERIFY_WITH_TIMEOUT(sentence->isVisible() && !sentence->text().isEmpty(), 5000);
    auto *area = m_view->findChild<QScrollArea *>(u"simulatorRowsScroll"_s);
    QVERIFY(area);
    QTRY_VERIFY2_WITH_TIMEOUT(
        area->widget()->width() <= area->viewport()->width(),
        qPrintable(u"rows %1 px wide in %2"_s.arg(area->widget()->width()).arg(area->viewport()->width())), 2000);
    // The sentence's lines are all shown, in a row no wider than the pane.
    QTRY_VERIFY2_WITH_TIMEOUT(
        sentence->height() >= sentence->heightForWidth(sentence->width()),
        qPrintable(u"%1 px high, needs %2"_s.arg(sentence->height()).arg(sentence->heightForWidth(sentence->width()))),
        2000);
    const int right = sentence->mapTo(area->viewport(), QPoint(sentence->width(), 0)).x();
    QVERIFY2(right <= area->viewport()->width(),
             qPrintable(u"ends at %1 of %2"_s.arg(right).arg(area->viewport()->width())));
    // Several words a line, not a column of fragments.
    QVERIFY2(sentence->width() > area->viewport()->width() / 2, qPrintable(QString::number(sentence->width())));
    auto *strip = borrowed->findChild<TimelineStrip *>();
    QVERIFY(strip);
    const int stripRight = strip->mapTo(area->viewport(), QPoint(strip->width(), 0)).x();
    QVERIFY2(stripRight <= area->viewport()->width(),
             qPrintable(u"strip ends at %1 of %2"_s.arg(stripRight).arg(area->viewport()->width())));
}

// Walk 54 (F2): on scenario 10 the "-40 s" tick stood at x~396 on "Laptop on a trip", ~384 on
// "Second laptop" and ~370 on the desks, and "now" moved too: the columns left of each strip were
// as wide as that row's badges. One x is one time on every row.
void TestSimulatorView::everyRowsStripSharesOneTimeAxis()
{
    QVERIFY(m_view->playPreset(10));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    while (m_view->simulation().player().elapsed() < std::chrono::seconds {4}) {
        m_clock->step(std::chrono::milliseconds {500});
        m_view->simulation().tick();
        QTest::qWait(30);
    }
    // The rows say different things, in badges of different widths.
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().at(1)->beliefText(), ClientRow::tr("borrow refused"), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->rows().at(2)->beliefText() == ClientRow::tr("live · acting"), 5000);
    const auto placement = [this](ClientRow *row) {
        const TimelineStrip *strip = row->strip();
        return QRect(strip->mapTo(m_view.get(), QPoint(0, 0)), strip->size());
    };
    const auto aligned = [&] {
        const QRect first = placement(m_view->rows().constFirst());
        return std::all_of(m_view->rows().cbegin(), m_view->rows().cend(), [&](ClientRow *row) {
            const QRect r = placement(row);
            return r.left() == first.left() && r.width() == first.width();
        });
    };
    const auto describe = [&] {
        QStringList out;
        for (ClientRow *row : m_view->rows())
            out.append(u"%1: x %2, width %3"_s.arg(row->client()->name())
                           .arg(placement(row).left())
                           .arg(placement(row).width()));
        return out.join(u"; "_s);
    };
    QTRY_VERIFY2_WITH_TIMEOUT(aligned(), qPrintable(describe()), 2000);
    // And so on a projector, where the columns are squeezed.
    m_view->setFontScale(1.5);
    m_view->resize(1280, 640);
    QTRY_VERIFY2_WITH_TIMEOUT(aligned(), qPrintable(describe()), 2000);
}

void TestSimulatorView::axisLabelsAndNameFieldReadWholeAtScale150_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// Walk 54 (F3): at 1280x720 with QT_SCALE_FACTOR=1.5 (853x480 of the page's own pixels, less the
// tab and status bars), in French, the borrowed row's "-40 s -30 s -20 s" ran together and the
// free-play name field was squeezed to "n...".
void TestSimulatorView::axisLabelsAndNameFieldReadWholeAtScale150()
{
    QFETCH(QString, language);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });
    m_view->resize(853, 420);
    QVERIFY(m_view->playPreset(10));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    for (int i = 0; i < 4; ++i) {
        m_clock->step(std::chrono::seconds {1});
        m_view->simulation().tick();
        QTest::qWait(60);
    }
    for (ClientRow *row : m_view->rows()) {
        const TimelineStrip *strip = row->strip();
        const double gap = QFontMetricsF(strip->font()).horizontalAdvance(u' ') * 1.5;
        const TimelineStrip::AxisTick *previous = nullptr;
        int labels = 0;
        for (const TimelineStrip::AxisTick &tick : strip->axisTicks()) {
            if (tick.label.isEmpty())
                continue;
            ++labels;
            QVERIFY2(tick.labelLeft >= 0 && tick.labelLeft + tick.labelWidth <= strip->width(), qPrintable(tick.label));
            if (previous)
                QVERIFY2(tick.labelLeft - (previous->labelLeft + previous->labelWidth) >= gap,
                         qPrintable(u"%1 and %2 run together on %3 (strip %4 wide)"_s.arg(
                             previous->label, tick.label, row->client()->name(), QString::number(strip->width()))));
            previous = &tick;
        }
        QVERIFY2(labels >= 2, qPrintable(row->client()->name())); // "now" and at least one time
    }
    auto *name = m_view->findChild<QLineEdit *>(u"simulatorNameEdit"_s);
    QVERIFY(name);
    QVERIFY2(name->width() >= QFontMetrics(name->font()).horizontalAdvance(name->placeholderText()) + 8,
             qPrintable(QString::number(name->width())));
    QVERIFY(name->width() >= QFontMetrics(name->font()).averageCharWidth() * 8);
    // Not at the cost of the words beside it: the policy and the Add button read whole too.
    QStringList clipped;
    QTRY_VERIFY2_WITH_TIMEOUT((clipped = WidgetTextAudit::clipped(m_view.get())).isEmpty(),
                              qPrintable(clipped.join(u"\n"_s)), 2000);
}

QTEST_MAIN(TestSimulatorView)
// Walk 55a, 5: scenarios 10 and 11 draw a dashed line over a laptop's lane while its network is
// cut, and a mark where it goes and comes back; the strip legend named neither.
void TestSimulatorView::stripLegendNamesTheNetworkCut()
{
    auto *legend = m_view->findChild<QLabel *>(u"simulatorStripLegend"_s);
    QVERIFY(legend);
    QVERIFY2(legend->text().contains(SimulatorPalette::networkCut().name()), qPrintable(legend->text()));
    QVERIFY2(legend->text().contains(u"network cut"_s), qPrintable(legend->text()));
    QVERIFY2(legend->text().contains(u"⌁ network cut or back"_s), qPrintable(legend->text()));
}

void TestSimulatorView::policyLabelsReadWhole_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("scenario");
    QTest::addColumn<QSize>("size");
    // 1440x900 at 100 %, and 1280x720 at 150 % (853x480 logical pixels, the page 838x360).
    for (const QString &language : {u"en"_s, u"fr"_s}) {
        for (const int scenario : {5, 10}) {
            QTest::addRow("%s, %d, 1440x900", qPrintable(language), scenario)
                << language << scenario << QSize(1420, 760);
            QTest::addRow("%s, %d, 853x480", qPrintable(language), scenario) << language << scenario << QSize(838, 360);
        }
    }
}

// Walk 55 (5): at 1440x900 the rows' rules read "Offline check…", "Monotonic (s…", "Signed expir…".
// Each reads whole, on two lines where it needs them.
void TestSimulatorView::policyLabelsReadWhole()
{
    QFETCH(QString, language);
    QFETCH(int, scenario);
    QFETCH(QSize, size);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });
    m_view->resize(size);
    QVERIFY(m_view->playPreset(scenario));
    QTRY_VERIFY_WITH_TIMEOUT(m_view->rows().size() >= 3, 5000);
    if (scenario == 10)
        QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().at(0)->policyText(), ClientRow::tr("Offline check (borrowed)"), 5000);
    QTest::qWait(100);
    for (ClientRow *row : m_view->rows()) {
        auto *policy = row->findChild<QLabel *>(u"simulatorClientPolicy"_s);
        QVERIFY(policy);
        const QString whole = row->policyText();
        QTRY_COMPARE_WITH_TIMEOUT(policy->text().replace(u"<br>"_s, u" "_s), whole.toHtmlEscaped(), 2000);
        QVERIFY2(policy->height() >= policy->heightForWidth(policy->width()),
                 qPrintable(u"%1: %2 px high, needs %3"_s.arg(whole)
                                .arg(policy->height())
                                .arg(policy->heightForWidth(policy->width()))));
    }
}

void TestSimulatorView::offlineBadgeCountsDownToTheNetworksReturn_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("countdown");
    QTest::newRow("English") << u"en"_s << u"offline, back in "_s;
    QTest::newRow("French") << u"fr"_s << u"hors ligne, de retour dans "_s;
}

// Walk 55 (6): "offline 26s" showed a second after the laptop went offline and read as the time it
// had been away, while it was the time left: the badge says when the network comes back.
void TestSimulatorView::offlineBadgeCountsDownToTheNetworksReturn()
{
    QFETCH(QString, language);
    QFETCH(QString, countdown);
    LanguageManager languages;
    switchLanguage(languages, language);
    const auto restore = qScopeGuard([&languages] { switchLanguage(languages, u"en"_s); });
    QVERIFY(m_view->playPreset(10));
    QTRY_COMPARE_WITH_TIMEOUT(m_view->rows().size(), 4, 5000);
    SimulatedClient *laptop = m_view->simulation().clients().at(0);
    for (int i = 0; i < 400 && !laptop->isNetworkCut(); ++i) {
        m_clock->step(std::chrono::milliseconds {500});
        m_view->simulation().tick();
        QTest::qWait(20);
    }
    QVERIFY(laptop->isNetworkCut());
    m_clock->step(std::chrono::seconds {1});
    m_view->simulation().tick();
    auto *badge = m_view->rows().at(0)->findChild<QLabel *>(u"simulatorNetworkBadge"_s);
    QVERIFY(badge);
    const QString expected = countdown + formatDuration(laptop->networkCutRemaining());
    QTRY_COMPARE_WITH_TIMEOUT(badge->text(), u"<b>"_s + expected.toHtmlEscaped() + u"</b>"_s, 2000);
    QVERIFY(badge->isVisible());
    // On one line where the row has room (it wraps only on a projector at 150 %).
    QFont bold = badge->font();
    bold.setBold(true);
    const int oneLine = QFontMetrics(bold).horizontalAdvance(expected);
    QTRY_VERIFY2_WITH_TIMEOUT(badge->contentsRect().width() >= oneLine,
                              qPrintable(u"%1 px wide, the text %2"_s.arg(badge->contentsRect().width()).arg(oneLine)),
                              2000);
}

#include "tst_simulatorview.moc"
