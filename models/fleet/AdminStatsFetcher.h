#pragma once

#include "FleetModel.h"

namespace keyright {

class AdminClient;

// Adapts AdminClient::stats to FleetModel::Fetcher. `clientFor` returns the admin client set up
// (URL, token, timeout) for a configured server, or nullptr when there is none; the clients stay
// owned by the caller and must outlive the fleet model's polls.
FleetModel::Fetcher adminStatsFetcher(std::function<AdminClient *(const QUrl &server)> clientFor);

} // namespace keyright
