#include "AdminStatsFetcher.h"

#include "AdminClient.h"

namespace keyright {

FleetModel::Fetcher adminStatsFetcher(std::function<AdminClient *(const QUrl &server)> clientFor)
{
    return [clientFor = std::move(clientFor)](const QUrl &server, QObject *context, FleetModel::Reply reply) {
        AdminClient *client = clientFor(server);
        if (!client) {
            reply(std::nullopt, FleetModel::tr("No admin connection is configured for this server."));
            return;
        }
        client->stats(context, [reply = std::move(reply)](const AdminResult<StatsSnapshot> &result) {
            if (result.ok())
                reply(result.value, {});
            else if (result.error.kind == ClientError::Kind::Protocol)
                reply(std::nullopt,
                      FleetModel::tr("The server's statistics are not in the expected form: %1")
                          .arg(result.error.message));
            else
                reply(std::nullopt, result.error.message);
        });
    };
}

} // namespace keyright
