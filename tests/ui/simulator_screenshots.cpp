// Renders the simulator at a projector's 1280x720 with each scenario part-way through and saves
// docs/simulator-<scenario>.png. The embedded server reads the simulation's clock, which stays
// paused and is stepped here, so every picture shows the same moment of its story each time.
//
//   QT_QPA_PLATFORM=offscreen keyright-sim-screenshots <output dir> [font scale]

#include "AdminClient.h"
#include "CountingNetworkAccessManager.h"
#include "Crypto.h"
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
    const QString outDir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : u"docs"_s;
    const double fontScale = argc > 2 ? QString::fromLocal8Bit(argv[2]).toDouble() : 1.25;
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

    // Where a scenario is worth looking at: seconds into its story.
    const QList<std::pair<int, int>> moments = {{1, 20}, {2, 40}, {3, 32}, {4, 28}, {5, 34}, {6, 23}};
    for (const auto &[number, atSeconds] : moments) {
        SimulatorView view(network, admin, clock);
        view.setDemoKeyDirectory(server.demoKeyDirectory());
        view.simulation().setAutoRun(false);
        view.resize(1280, 720);
        view.setFontScale(fontScale);
        view.show();
        if (!waitFor([&] { return view.currentLicense() == u"training-demo"_s; })) {
            std::fprintf(stderr, "the license list did not arrive\n");
            return 1;
        }
        view.playPreset(number);
        if (!waitFor([&] { return view.simulation().preset().has_value(); })) {
            std::fprintf(stderr, "scenario %d did not start: %s\n", number, qPrintable(view.statusText()));
            return 1;
        }
        settle(network, view.simulation());
        for (int ms = 0; ms < atSeconds * 1000; ms += 250) {
            clock.step(std::chrono::milliseconds {250});
            view.simulation().tick();
            settle(network, view.simulation());
        }
        QCoreApplication::processEvents();
        waitFor([] { return false; }, 300); // let the 100 ms refresh repaint
        const QString path = QDir(outDir).filePath(u"simulator-%1.png"_s.arg(view.simulation().preset()->key));
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
