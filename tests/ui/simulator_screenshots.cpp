// Renders the simulator with each scenario at the end of its story and saves
// <dir>/simulator-<scenario><suffix>.png. The server is the embedded demo's (demo licenses, their
// holders kept alive, the crashed kiosk on training-demo) on the simulation's clock, which stays
// paused and is stepped here, so every picture shows the same moment each time. "An instance dies"
// plays on three more instances on the server's store and is taken while the instance is dead,
// just before it comes back: the moment the story is about. So are the borrowing ones: "A laptop
// goes on a trip" just after the early return, "The borrowed laptop's clock is turned back" just
// before the clocks are put right.
//
//   QT_QPA_PLATFORM=offscreen keyright-sim-screenshots <dir> [width height text-scale language suffix [numbers...]]
//   e.g. keyright-sim-screenshots docs                                (1440x900, 100 %, English, 1-6)
//        keyright-sim-screenshots docs 1280 720 1.0 en "" 8            (docs/simulator-instance-dies.png)
//        keyright-sim-screenshots docs 1280 720 1.5 fr -projector-fr 5
//        keyright-sim-screenshots docs 1440 900 1.0 en "" 10 11           (the borrowing scenarios)

#include "AdminClient.h"
#include "CountingNetworkAccessManager.h"
#include "Crypto.h"
#include "DemoCatalogue.h"
#include "LanguageManager.h"
#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "SecretBuffer.h"
#include "SharedStoreInstances.h"
#include "SystemClock.h"
#include "TestServer.h"
#include "simulator/ScenarioPreset.h"
#include "simulator/SimulatedClient.h"
#include "simulator/Simulation.h"
#include "simulator/SimulationClock.h"
#include "simulator/SimulatorView.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QPixmap>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

bool waitFor(const std::function<bool()> &condition, int timeoutMs = 5000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!condition()) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

void settle(CountingNetworkAccessManager &network, Simulation &simulation)
{
    for (int pass = 0; pass < 10; ++pass) {
        waitFor([&] {
            if (network.pending() > 0)
                return false;
            for (SimulatedClient *c : simulation.clients()) {
                if (c->keeper().isRequestPending())
                    return false;
            }
            return true;
        });
        QCoreApplication::processEvents();
    }
    bool polled = false;
    simulation.poll([&] { polled = true; });
    waitFor([&] { return polled; });
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString outDir = args.value(1, u"docs"_s);
    const int width = args.value(2, u"1440"_s).toInt();
    const int height = args.value(3, u"900"_s).toInt();
    const double fontScale = args.value(4, u"1.0"_s).toDouble();
    const QString language = args.value(5, u"en"_s);
    const QString suffix = args.value(6);
    QList<int> numbers;
    for (qsizetype i = 7; i < args.size(); ++i)
        numbers.append(args.at(i).toInt());
    if (numbers.isEmpty())
        numbers = {1, 2, 3, 4, 5, 6};
    LanguageManager languages;
    languages.apply(language);
    if (!crypto::init()) {
        std::fprintf(stderr, "libsodium is unusable\n");
        return 1;
    }

    SimulationClock clock(SystemClock::instance());
    clock.setRunning(false);
    TestServer server({.clock = &clock, .demo = true, .reapInterval = std::chrono::seconds {1}});
    QString error;
    if (!server.start(&error)) {
        std::fprintf(stderr, "server: %s\n", qPrintable(error));
        return 1;
    }
    CountingNetworkAccessManager network;
    AdminClient admin(network, clock);
    admin.setServerUrl(server.url());
    admin.setAdminToken(server.adminToken());

    // The demo's own holders, as app/EmbeddedDemo keeps them: training-demo is full.
    std::vector<std::unique_ptr<LeaseClient>> demoClients;
    std::vector<std::unique_ptr<LeaseKeeper>> demoKeepers;
    for (const DemoCatalogue::License &license : DemoCatalogue::licenses()) {
        const auto key
            = readSecretFile(QDir(server.demoKeyDirectory()).filePath(DemoCatalogue::keyFileName(license.id)), &error);
        if (!key) {
            std::fprintf(stderr, "demo key: %s\n", qPrintable(error));
            return 1;
        }
        auto client = std::make_unique<LeaseClient>(network);
        client->setServerUrl(server.url());
        client->setLicense(license.id, key->view());
        QStringList holders = license.holders;
        if (license.id == DemoCatalogue::trainingLicenseId())
            holders.append(DemoCatalogue::crashingHolder());
        for (const QString &holder : std::as_const(holders)) {
            auto keeper = std::make_unique<LeaseKeeper>(*client, clock);
            keeper->setHolder(holder);
            LeaseKeeper *raw = keeper.get();
            if (holder == DemoCatalogue::crashingHolder())
                QObject::connect(raw, &LeaseKeeper::acquired, raw, [raw] { raw->crash(); });
            raw->start();
            demoKeepers.push_back(std::move(keeper));
        }
        demoClients.push_back(std::move(client));
    }
    waitFor([&] { return network.pending() == 0; });
    SharedStoreInstances instances(server, clock);
    if (!instances.start(3, &error)) {
        std::fprintf(stderr, "instances: %s\n", qPrintable(error));
        return 1;
    }

    for (const int number : std::as_const(numbers)) {
        SimulatorView view(network, admin, clock);
        view.setDemoKeyDirectory(server.demoKeyDirectory());
        view.simulation().setAutoRun(false);
        view.simulation().player().setInstanceHooks(
            {[&instances](QObject *, const ScenarioPlayer::InstancesStarted &done) { done(instances.urls(), {}); },
             [&instances](int index, bool up, QObject *, const ScenarioPlayer::InstanceSet &done) {
                 QString why;
                 const bool ok = up ? instances.revive(index, &why) : (instances.kill(index), true);
                 done(ok, why);
             }});
        view.resize(width, height);
        view.setFontScale(fontScale);
        view.show();
        if (!waitFor([&] { return view.currentLicense() == DemoCatalogue::trainingLicenseId(); })) {
            std::fprintf(stderr, "the license list did not arrive\n");
            return 1;
        }
        view.playPreset(number);
        if (!waitFor([&] { return view.simulation().preset().has_value(); })) {
            std::fprintf(stderr, "scenario %d did not start: %s\n", number, qPrintable(view.statusText()));
            return 1;
        }
        settle(network, view.simulation());
        // The end of the story: the state the narration describes.
        const ScenarioPreset playing = *view.simulation().preset();
        auto duration = playing.duration;
        for (const ScenarioPreset::Action &action : playing.actions) {
            if (action.kind == ScenarioPreset::ActionKind::ReviveInstance)
                duration = action.at - std::chrono::seconds {1};
            // The laptop trip just after the early return: the seat freed, the second laptop's
            // refusal still on its row (it asks again two seconds later).
            if (action.kind == ScenarioPreset::ActionKind::ReturnBorrow)
                duration = action.at + std::chrono::seconds {1};
            // The turned-back clocks just before they are put right: each rule's verdict at once.
            if (action.kind == ScenarioPreset::ActionKind::SetOffset && playing.key == u"borrowed-clock-back"_s)
                duration = action.at - std::chrono::seconds {1};
        }
        for (std::chrono::milliseconds t {0}; t < duration; t += std::chrono::milliseconds {250}) {
            clock.step(std::chrono::milliseconds {250});
            for (const auto &keeper : demoKeepers)
                keeper->evaluate();
            view.simulation().tick();
            settle(network, view.simulation());
        }
        QCoreApplication::processEvents();
        waitFor([] { return false; }, 300); // let the 100 ms refresh repaint
        const QString path
            = QDir(outDir).filePath(u"simulator-%1%2.png"_s.arg(view.simulation().preset()->key, suffix));
        if (!view.grab().save(path)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
            return 1;
        }
        std::printf("%s\n", qPrintable(path));
        view.simulation().clear();
        settle(network, view.simulation());
    }
    return 0;
}
