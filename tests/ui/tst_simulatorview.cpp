// The simulator page builds, lists the server's licenses, adds client rows, shows a preset's
// narration and scales its text for a projector. Offscreen, against a real in-process server on
// the simulation's own (paused) clock.

#include "AdminClient.h"
#include "CountingNetworkAccessManager.h"
#include "Crypto.h"
#include "SystemClock.h"
#include "TestServer.h"
#include "simulator/ClientRow.h"
#include "simulator/ScenarioPreset.h"
#include "simulator/SimulatedClient.h"
#include "simulator/Simulation.h"
#include "simulator/SimulationClock.h"
#include "simulator/SimulatorView.h"
#include "simulator/TimelineStrip.h"

#include <QComboBox>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace keyright;

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
    void fontScaleEnlargesTheText();
    void markLabelsDoNotRunIntoTheNextMark_data();
    void markLabelsDoNotRunIntoTheNextMark();

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

    QTest::newRow("far apart") << QList<double> {100, 400} << QList<double> {60, 60};
    QTest::newRow("a grace apart, long French label") << QList<double> {300, 340} << QList<double> {70, 60};
    QTest::newRow("second mark near the right edge") << QList<double> {300, 580} << QList<double> {60, 60};
    QTest::newRow("one mark near the right edge") << QList<double> {590} << QList<double> {60};
}

void TestSimulatorView::markLabelsDoNotRunIntoTheNextMark()
{
    QFETCH(QList<double>, xs);
    QFETCH(QList<double>, widths);
    const double width = 600;
    QList<TimelineStrip::MarkSpan> marks;
    for (qsizetype i = 0; i < xs.size(); ++i)
        marks.append(TimelineStrip::MarkSpan {xs.at(i), widths.at(i)});

    const QList<double> lefts = TimelineStrip::labelLefts(marks, width);
    QCOMPARE(lefts.size(), marks.size());
    for (qsizetype i = 0; i < marks.size(); ++i) {
        const double left = lefts.at(i);
        const double right = left + widths.at(i);
        QVERIFY2(left >= 0 && right <= width, qPrintable(u"label %1 leaves the strip"_s.arg(i)));
        // A label never crosses a mark's line, its own or another's.
        for (const double x : xs)
            QVERIFY2(right <= x || left >= x, qPrintable(u"label %1 crosses the line at %2"_s.arg(i).arg(x)));
        if (i > 0)
            QVERIFY2(left >= lefts.at(i - 1) + widths.at(i - 1),
                     qPrintable(u"label %1 overlaps the one before"_s.arg(i)));
    }
}

QTEST_MAIN(TestSimulatorView)
#include "tst_simulatorview.moc"
