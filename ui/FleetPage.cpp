#include "FleetPage.h"

#include "AdminClient.h"
#include "ConnectionProfile.h"
#include "DashboardSession.h"
#include "InstanceHealthPanel.h"
#include "SecretBuffer.h"
#include "fleet/AdminStatsFetcher.h"
#include "fleet/FleetModel.h"
#include "fleet/FleetView.h"

#include <QVBoxLayout>

using namespace std::chrono_literals;

namespace keyright {

FleetPage::FleetPage(const PageContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new FleetModel(context.session.localClock(), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The connected site's own instances first: below the fleet's tables the health view was out
    // of sight at 1280x720 and 150 % (walk 47).
    layout->addWidget(new InstanceHealthPanel(context.session, this));
    layout->addWidget(new FleetView(m_model, this), 1);

    const FleetModel::Fetcher byClient = adminStatsFetcher([this](const QUrl &server) { return clientFor(server); });
    // An instance of the connected site is asked through the session, so that what the page learns
    // (its database is back) shows in the health view above as well, not only in this table.
    m_model->setFetcher([this, byClient](const QUrl &server, QObject *asker, FleetModel::Reply reply) {
        DashboardSession &session = m_context.session;
        if (session.client() && session.instanceCount() > 1 && session.serverUrls().contains(server)) {
            session.statsOfInstance(server, asker, [reply = std::move(reply)](const AdminResult<StatsSnapshot> &r) {
                replyWithStats(r, reply);
            });
            return;
        }
        byClient(server, asker, std::move(reply));
    });
    // The health view's probes of the site's instances count here too: with the table's own polls
    // alone, "Servers answering: 0 of 3" stayed beside "1 of 3 up" for up to 15 s (walk 48).
    connect(&context.session, &DashboardSession::instanceStatsArrived, this,
            [this](const QUrl &instance, const AdminResult<StatsSnapshot> &result) {
                replyWithStats(result,
                               [this, instance](const std::optional<FleetSnapshot> &stats, const FleetFailure &error) {
                                   if (stats)
                                       m_model->recordSnapshot(instance, *stats);
                                   else
                                       m_model->recordFailure(instance, error);
                               });
            });
    // "Last poll: just now" ages between polls (it stayed put through a back-off, walk 48).
    connect(&context.session, &DashboardSession::ticked, m_model, &FleetModel::refresh);
    // A new connection may be to a server the list did not have (the embedded one, a new profile).
    connect(&context.session, &DashboardSession::clientChanged, this, [this] { reloadServers(); });
    reloadServers();
}

FleetPage::~FleetPage() = default;

void FleetPage::reloadServers()
{
    QList<QUrl> servers;
    const auto add = [&servers](const QUrl &url) {
        if (url.isValid() && !servers.contains(url))
            servers.append(url);
    };
    // Every instance of the connected site, as the health view below lists them: with the
    // answering one alone, "Servers answering: 1 of 1" sat above "2 of 2 up" (walk 47).
    add(m_context.session.serverUrl());
    for (const QUrl &instance : m_context.session.serverUrls())
        add(instance);
    add(m_context.embedded.url);
    for (const ConnectionProfile &profile : m_context.profiles.profiles()) {
        for (const QUrl &instance : profile.instanceUrls())
            add(instance);
    }
    m_model->setServers(servers);
    m_model->pollAll();
}

FleetClient FleetPage::clientFor(const QUrl &server)
{
    // The connected site's own client already carries its token; each of its instances is asked
    // on its own (statsAt), not whichever answers.
    DashboardSession &session = m_context.session;
    if (session.client()) {
        if (const int instance = int(session.serverUrls().indexOf(server)); instance >= 0)
            return FleetClient {session.client(), session.serverUrls().size() > 1 ? instance : -1};
        if (session.serverUrl() == server)
            return FleetClient {session.client(), -1};
    }

    const QString key = server.toString();
    if (const auto it = m_clients.find(key); it != m_clients.end())
        return FleetClient {it->second.get(), -1};
    for (const ConnectionProfile &profile : m_context.profiles.profiles()) {
        if (!profile.instanceUrls().contains(server))
            continue;
        const auto token = ConnectionProfileStore::readToken(profile);
        if (!token)
            return {};
        auto client = std::make_unique<AdminClient>(session.network(), session.localClock());
        client->setServerUrl(server);
        client->setAdminToken(token->view());
        client->setTransferTimeout(5s);
        AdminClient *raw = client.get();
        m_clients.emplace(key, std::move(client));
        return FleetClient {raw, -1};
    }
    return {};
}

} // namespace keyright
