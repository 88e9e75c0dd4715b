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
    layout->addWidget(new FleetView(m_model, this), 1);
    layout->addWidget(new InstanceHealthPanel(context.session, this));

    m_model->setFetcher(adminStatsFetcher([this](const QUrl &server) { return clientFor(server); }));
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
    add(m_context.session.serverUrl());
    add(m_context.embedded.url);
    for (const ConnectionProfile &profile : m_context.profiles.profiles())
        add(profile.url);
    m_model->setServers(servers);
    m_model->pollAll();
}

AdminClient *FleetPage::clientFor(const QUrl &server)
{
    // The connected server's own client already carries its token.
    DashboardSession &session = m_context.session;
    if (session.client() && session.serverUrl() == server)
        return session.client();

    const QString key = server.toString();
    if (const auto it = m_clients.find(key); it != m_clients.end())
        return it->second.get();
    for (const ConnectionProfile &profile : m_context.profiles.profiles()) {
        if (profile.url != server)
            continue;
        const auto token = ConnectionProfileStore::readToken(profile);
        if (!token)
            return nullptr;
        auto client = std::make_unique<AdminClient>(session.network(), session.localClock());
        client->setServerUrl(server);
        client->setAdminToken(token->view());
        client->setTransferTimeout(5s);
        AdminClient *raw = client.get();
        m_clients.emplace(key, std::move(client));
        return raw;
    }
    return nullptr;
}

} // namespace keyright
