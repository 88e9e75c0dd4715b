// Renders docs/fleet-view.png and docs/replicas-demo.png at 1280x720 when KEYRIGHT_SCREENSHOT_DIR
// names a directory; skipped otherwise, so the suite never writes into the source tree.
#include "LanguageManager.h"
#include "ManualClock.h"
#include "Timestamps.h"
#include "fleet/FleetModel.h"
#include "fleet/FleetView.h"
#include "fleet/ReplicasDemo.h"
#include "fleet/ReplicasDemoView.h"

#include <QDir>
#include <QJsonArray>
#include <QListWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using keyright::FleetModel;
using keyright::FleetView;
using keyright::GCounter;
using keyright::ManualClock;
using keyright::ReplicasDemo;
using keyright::ReplicasDemoView;

namespace {

const QString paris = u"3f9c2a7b41d84e0c9a6b5d1e2f3a4b5c"_s;
const QString lyon = u"8e1d7c6b5a4f40e3b2c1d0e9f8a7b6c5"_s;
const QString nantes = u"c04b9e8d7f6a4b3c8d2e1f0a9b8c7d6e"_s;

QJsonObject counters(std::initializer_list<std::pair<QString, std::array<quint64, 3>>> rows)
{
    QJsonObject byName;
    for (const auto &[name, values] : rows) {
        GCounter::State state;
        const QString ids[] = {paris, lyon, nantes};
        for (int i = 0; i < 3; ++i) {
            if (values[i])
                state.insert(ids[i], values[i]);
        }
        byName.insert(name, GCounter::toJson(state));
    }
    return byName;
}

} // namespace

class TestFleetScreenshots final : public QObject
{
    Q_OBJECT

private:
    QDir m_dir;

    void save(QWidget &widget, const QString &name, QSize size = QSize(1280, 720))
    {
        widget.resize(size);
        widget.show();
        QVERIFY(QTest::qWaitForWindowExposed(&widget));
        QTest::qWait(50);
        const QString path = m_dir.filePath(name);
        QVERIFY2(widget.grab().save(path), qPrintable(path));
        qInfo("wrote %s", qPrintable(path));
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set KEYRIGHT_SCREENSHOT_DIR to render the documentation screenshots");
        m_dir = QDir(dir);
        QVERIFY(m_dir.mkpath(u"."_s));
    }

    void fleetView()
    {
        ManualClock clock;
        FleetModel fleet(clock);
        fleet.setStaleAfter(5min);
        const QUrl parisUrl(u"https://licenses.paris.example:7400"_s);
        const QUrl lyonUrl(u"https://licenses.lyon.example:7400"_s);
        const QUrl nantesUrl(u"https://licenses.nantes.example:7400"_s);
        fleet.setServers({parisUrl, lyonUrl, nantesUrl});

        // nantes answered once, then became unreachable.
        fleet.recordSnapshot(
            nantesUrl,
            QJsonObject {
                {u"replicaId"_s, nantes},
                {u"serverTime"_s, keyright::formatTimestamp(clock.now())},
                {u"counters"_s,
                 QJsonObject {{u"acme-cad"_s, counters({{u"granted"_s, {0, 0, 9}}, {u"renewed"_s, {0, 0, 130}}})}}},
            });
        clock.advance(12min);
        const QJsonArray peers {
            QJsonObject {{u"url"_s, lyonUrl.toString()},
                         {u"replicaId"_s, lyon},
                         {u"lastHeard"_s, keyright::formatTimestamp(clock.now().addSecs(-20))}},
            QJsonObject {{u"url"_s, nantesUrl.toString()},
                         {u"replicaId"_s, nantes},
                         {u"lastHeard"_s, keyright::formatTimestamp(clock.now().addSecs(-700))},
                         {u"lastError"_s, u"Connection timed out"_s}},
        };
        const QJsonArray amnesia {QJsonObject {{u"kind"_s, u"peer_regressed"_s},
                                               {u"replicaId"_s, lyon},
                                               {u"licenseId"_s, u"render-farm"_s},
                                               {u"counter"_s, u"granted"_s},
                                               {u"held"_s, 41},
                                               {u"reported"_s, 6},
                                               {u"at"_s, keyright::formatTimestamp(clock.now().addSecs(-3600))}}};
        const QJsonObject parisCounters {
            {u"acme-cad"_s,
             counters({{u"granted"_s, {52, 37, 9}},
                       {u"denied"_s, {3, 1, 0}},
                       {u"released"_s, {47, 30, 7}},
                       {u"revoked"_s, {1, 0, 0}},
                       {u"reclaimed"_s, {2, 4, 1}},
                       {u"renewed"_s, {811, 604, 130}}})},
            {u"render-farm"_s,
             counters({{u"granted"_s, {0, 41, 0}},
                       {u"denied"_s, {0, 12, 0}},
                       {u"released"_s, {0, 38, 0}},
                       {u"renewed"_s, {0, 2210, 0}}})},
            {u"training-demo"_s,
             counters({{u"granted"_s, {18, 0, 0}},
                       {u"released"_s, {11, 0, 0}},
                       {u"reclaimed"_s, {7, 0, 0}},
                       {u"renewed"_s, {95, 0, 0}}})},
        };
        fleet.recordSnapshot(parisUrl,
                             QJsonObject {
                                 {u"replicaId"_s, paris},
                                 {u"serverTime"_s, keyright::formatTimestamp(clock.now())},
                                 {u"counters"_s, parisCounters},
                                 {u"peers"_s, peers},
                                 {u"amnesia"_s, amnesia},
                             });
        fleet.recordSnapshot(
            lyonUrl,
            QJsonObject {
                {u"replicaId"_s, lyon},
                {u"serverTime"_s, keyright::formatTimestamp(clock.now())},
                {u"counters"_s, QJsonObject {{u"render-farm"_s, counters({{u"granted"_s, {0, 41, 0}}})}}},
            });
        fleet.recordFailure(nantesUrl, u"Connection timed out"_s);
        clock.advance(4s);
        fleet.refresh();

        FleetView view(&fleet);
        view.setPollInterval(0ms);
        save(view, u"fleet-view.png"_s);
    }

    void replicasDemo_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("large");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("name");
        QTest::newRow("1440x900 English") << QSize(1440, 900) << false << u"en"_s << u"replicas-demo.png"_s;
        QTest::newRow("1440x900 French") << QSize(1440, 900) << false << u"fr"_s << u"replicas-demo-fr.png"_s;
        // A projector: 1280x720 with the demo's Large fonts.
        QTest::newRow("projector English") << QSize(1280, 720) << true << u"en"_s << u"replicas-demo-projector.png"_s;
        QTest::newRow("projector French") << QSize(1280, 720) << true << u"fr"_s << u"replicas-demo-projector-fr.png"_s;
    }

    void replicasDemo()
    {
        QFETCH(QSize, size);
        QFETCH(bool, large);
        QFETCH(QString, language);
        QFETCH(QString, name);
        keyright::LanguageManager languages;
        languages.apply(language);
        ReplicasDemoView view;
        view.setLargeFonts(large);
        ReplicasDemo *demo = view.demo();
        demo->startPreset(0);
        demo->runToEnd();
        view.findChild<QListWidget *>(u"transitList"_s)->setCurrentRow(2);
        save(view, name, size);
        languages.apply(u"en"_s);
    }
};

QTEST_MAIN(TestFleetScreenshots)
#include "tst_fleetscreenshots.moc"
