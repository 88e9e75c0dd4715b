#pragma once

#include "AdminClient.h"
#include "FleetModel.h"

namespace keyright {

// The admin client that asks one server of the fleet, and which of its instances that server is
// (AdminClient::statsAt), or -1 when the client has that server alone.
struct FleetClient
{
    AdminClient *client = nullptr;
    int instance = -1;
};

// Adapts AdminClient::stats to FleetModel::Fetcher. `clientFor` returns the admin client set up
// (URL, token, timeout) for a configured server, or no client when there is none; the clients
// stay owned by the caller and must outlive the fleet model's polls. An error the dashboard knows
// by its code (database_unavailable, ...) is said in the interface's language, the server's own
// words kept aside (FleetFailure::serverSaid).
FleetModel::Fetcher adminStatsFetcher(std::function<FleetClient(const QUrl &server)> clientFor);
// What adminStatsFetcher replies for one answer of GET /v1/stats.
void replyWithStats(const AdminResult<StatsSnapshot> &result, const FleetModel::Reply &reply);

} // namespace keyright
