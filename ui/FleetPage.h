#pragma once

#include "PageContext.h"
#include "fleet/AdminStatsFetcher.h"

#include <QString>
#include <QUrl>
#include <QWidget>

#include <map>
#include <memory>

namespace keyright {

class AdminClient;
class FleetModel;

// The Fleet tab: every configured server (the saved connection profiles and the embedded demo
// server) polled for its replicated usage statistics. Each server gets an admin client of its own
// with its profile's token, so the fleet view polls servers the dashboard is not connected to.
class FleetPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetPage)

public:
    explicit FleetPage(const PageContext &context, QWidget *parent = nullptr);
    ~FleetPage() override;

    FleetModel &model() const { return *m_model; }
    // Re-reads the profiles and the embedded server into the list of servers.
    void reloadServers();

private:
    FleetClient clientFor(const QUrl &server);

    PageContext m_context;
    FleetModel *m_model = nullptr;
    std::map<QString, std::unique_ptr<AdminClient>> m_clients; // by URL
};

} // namespace keyright
