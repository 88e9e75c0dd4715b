// A live language switch reaches every page of the dashboard: the real MainWindow with the pages
// app/main.cpp adds, connected to a real in-process server with the demo licenses, switched from
// English to French and back. No visible widget of any page may keep the other language's text,
// except the proper nouns and ids on an explicit list.

#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DemoCatalogue.h"
#include "FleetPage.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SimulatorPage.h"
#include "TestServer.h"
#include "WidgetTextAudit.h"
#include "fleet/ReplicasDemoView.h"
#include "simulator/SimulatorView.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;
using keyright::test::WidgetTextAudit;

class TestLanguageSwitch final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void everyPageFollowsALiveSwitch();
    void theEmbeddedServerAndThePollMenuAreWhollyFrench();

private:
    // Visits every page so each shows its data, then collects the visible texts of all of them.
    QHash<QWidget *, QString> textsOfEveryPage();
    QStringList leftovers(const QHash<QWidget *, QString> &before);
    QSet<QString> allowedWords() const;

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<DashboardHarness> m_dashboard;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
};

void TestLanguageSwitch::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_server = std::make_unique<TestServer>(TestServer::Options {.clock = m_clock.get(), .demo = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_dashboard
        = std::make_unique<DashboardHarness>(DashboardHarness::Options {.clock = m_clock.get(), .size = {1440, 900}});
    m_window = &m_dashboard->build();
    m_session = &m_dashboard->session();
    // The pages app/main.cpp adds.
    m_window->addPage(new SimulatorPage(m_window->pageContext()),
                      [] { return QCoreApplication::translate("main", "Clock-skew simulator"); });
    m_window->addPage(new FleetPage(m_window->pageContext()),
                      [] { return QCoreApplication::translate("main", "Fleet"); });
    m_window->addPage(new ReplicasDemoView, [] { return QCoreApplication::translate("main", "Replicas demo"); });
    m_session->connectTo(m_server->url(), m_server->adminToken(), u"test server"_s);
}

void TestLanguageSwitch::cleanup()
{
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard.reset(); // back to English with its language manager
    m_server.reset();
    m_clock.reset();
}

QSet<QString> TestLanguageSwitch::allowedWords() const
{
    // Ids and names of the demo data and of the bootstrap token, the server's address, and words
    // both languages spell alike.
    QSet<QString> words {u"Keyright"_s,   u"keyright"_s, u"http"_s,   u"TTL"_s,     u"Pause"_s, u"Client"_s,
                         u"Simulation"_s, u"Total"_s,    u"Map"_s,    u"alice"_s,   u"bob"_s,   u"carol"_s,
                         u"min"_s,        u"sim"_s,      u"test"_s,   u"server"_s,  u"Fleet"_s, u"Mode"_s,
                         u"Message"_s,    u"Note"_s,     u"Action"_s, u"Actions"_s, u"Type"_s,  u"Source"_s,
                         u"admin"_s,      u"bootstrap"_s};
    static const QRegularExpression word(u"[A-Za-z]{2,}"_s);
    auto addWords = [&](const QString &text) {
        auto match = word.globalMatch(text);
        while (match.hasNext())
            words.insert(match.next().captured());
    };
    for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
        addWords(license.id);
        addWords(license.name);
        for (const QString &holder : license.holders)
            addWords(holder);
    }
    addWords(DemoCatalogue::refusedHolder());
    addWords(DemoCatalogue::crashingHolder());
    return words;
}

QHash<QWidget *, QString> TestLanguageSwitch::textsOfEveryPage()
{
    QHash<QWidget *, QString> all;
    QTabWidget *tabs = m_window->pages();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(300); // a poll or two lands, rows fill
        const auto texts = WidgetTextAudit::visibleTexts(m_window);
        for (auto it = texts.cbegin(); it != texts.cend(); ++it)
            all.insert(it.key(), it.value());
    }
    tabs->setCurrentIndex(0);
    return all;
}

QStringList TestLanguageSwitch::leftovers(const QHash<QWidget *, QString> &before)
{
    // unchanged() compares what is visible now; look at each page in turn.
    QStringList left;
    QTabWidget *tabs = m_window->pages();
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(300);
        for (const QString &line : WidgetTextAudit::unchanged(before, m_window, allowedWords())) {
            const QString entry = tabs->tabText(i) + u": "_s + line;
            if (!left.contains(entry))
                left.append(entry);
        }
    }
    tabs->setCurrentIndex(0);
    return left;
}

void TestLanguageSwitch::everyPageFollowsALiveSwitch()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_session->licenses().rowCount() > 0, 5000);
    // The simulator plays a scenario, so its rows, strips and narration are on screen too.
    auto *simulator = m_window->pages()->findChild<SimulatorView *>();
    QVERIFY(simulator);
    QTRY_VERIFY_WITH_TIMEOUT(simulator->currentLicense() == DemoCatalogue::trainingLicenseId(), 5000);
    QVERIFY(simulator->playPreset(2));
    QTRY_COMPARE_WITH_TIMEOUT(simulator->rows().size(), 2, 5000);
    const auto english = textsOfEveryPage();

    m_dashboard->languages().apply(u"fr"_s);
    QCoreApplication::processEvents();
    const QStringList stillEnglish = leftovers(english);
    const auto french = textsOfEveryPage();
    QVERIFY2(stillEnglish.isEmpty(), qPrintable(u"left in English:\n"_s + stillEnglish.join(u"\n"_s)));

    m_dashboard->languages().apply(u"en"_s);
    QCoreApplication::processEvents();
    const QStringList stillFrench = leftovers(french);
    QVERIFY2(stillFrench.isEmpty(), qPrintable(u"left in French:\n"_s + stillFrench.join(u"\n"_s)));
}

// Once in French, the status bar names the embedded demo server in French too (its label was
// given in English at start), and the View menu's poll interval reads as a whole French phrase.
void TestLanguageSwitch::theEmbeddedServerAndThePollMenuAreWhollyFrench()
{
    m_window->setEmbeddedServer(m_server->url(), QString(), {});
    m_session->connectTo(m_server->url(), m_server->adminToken(), u"Embedded demo server"_s);
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->statusText().contains(u"Embedded demo server — connected"_s),
                              qPrintable(m_window->statusText()), 5000);

    m_dashboard->languages().apply(u"fr"_s);
    QTRY_VERIFY2(m_window->statusText().contains(u"Serveur de démo intégré — connecté"_s),
                 qPrintable(m_window->statusText()));
    QVERIFY2(!m_window->statusText().contains(u"Embedded"_s), qPrintable(m_window->statusText()));

    QStringList viewMenu;
    for (QAction *action : m_window->menuBar()->actions()) {
        if (action->text() == u"&Affichage"_s && action->menu()) {
            for (QAction *item : action->menu()->actions())
                viewMenu << item->text();
        }
    }
    QVERIFY2(viewMenu.contains(u"&Intervalle d'interrogation"_s), qPrintable(viewMenu.join(u" | "_s)));

    // A poll every half second is said with a French decimal comma.
    m_session->setPollInterval(std::chrono::milliseconds {500});
    QTRY_VERIFY2_WITH_TIMEOUT(m_window->statusText().contains(u"toutes les 0,5 s"_s),
                              qPrintable(m_window->statusText()), 5000);
    m_dashboard->languages().apply(u"en"_s);
    QTRY_VERIFY2(m_window->statusText().contains(u"every 0.5 s"_s), qPrintable(m_window->statusText()));
}

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
