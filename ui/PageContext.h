#pragma once

#include "simulator/ScenarioPlayer.h"

#include <QList>
#include <QString>
#include <QUrl>

#include <chrono>
#include <functional>

namespace keyright {

class ConnectionProfileStore;
class DashboardSession;

// The embedded demo server, once the application has started one.
struct EmbeddedServerInfo
{
    QUrl url;
    QString dataDir;
    // Moves the embedded server's own clock (the simulator's "server's clock jumps" scenario).
    std::function<void(std::chrono::milliseconds)> jumpServerClock {};
    // More instances on the embedded server's database, and killing or reviving one (the
    // simulator's "an instance dies" scenario). The server runs on a thread of its own: both answer
    // later, on the window's thread.
    ScenarioPlayer::InstanceHooks instances {};
};

// What a page added to the main window may use: the session (its models, admin client, network,
// clocks), the saved connection profiles, and the embedded server. Exactly this, not the window:
// a page never reaches into another page or the window's actions. Everything referred to is
// owned by the main window and outlives its pages.
struct PageContext
{
    DashboardSession &session;
    ConnectionProfileStore &profiles;
    const EmbeddedServerInfo &embedded;
};

} // namespace keyright
