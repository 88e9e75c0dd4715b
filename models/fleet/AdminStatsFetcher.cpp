#include "AdminStatsFetcher.h"

#include "AdminClient.h"
#include "InstanceHealthModel.h"

namespace keyright {

FleetModel::Fetcher adminStatsFetcher(std::function<FleetClient(const QUrl &server)> clientFor)
{
    return [clientFor = std::move(clientFor)](const QUrl &server, QObject *context, FleetModel::Reply reply) {
        const FleetClient target = clientFor(server);
        if (!target.client) {
            reply(std::nullopt, FleetModel::tr("No admin connection is configured for this server."));
            return;
        }
        auto done
            = [reply = std::move(reply)](const AdminResult<StatsSnapshot> &result) { replyWithStats(result, reply); };
        if (target.instance >= 0)
            target.client->statsAt(target.instance, context, std::move(done));
        else
            target.client->stats(context, std::move(done));
    };
}

void replyWithStats(const AdminResult<StatsSnapshot> &result, const FleetModel::Reply &reply)
{
    const QString phrase = InstanceHealthModel::errorPhrase(result.error.code);
    if (result.ok()) {
        reply(result.value, {});
    } else if (!phrase.isEmpty()) {
        reply(std::nullopt, FleetFailure {phrase, result.error.message, result.error.code});
    } else if (result.error.httpStatus >= 400) {
        // It answers, with an error: a URL with a path answers 404 (walk 49, finding 3). "No
        // answer" sent the reader looking for a server that is down.
        reply(std::nullopt,
              FleetFailure {FleetModel::tr("HTTP %1").arg(result.error.httpStatus), result.error.message,
                            result.error.code});
    } else if (result.error.kind == ClientError::Kind::Protocol) {
        reply(std::nullopt,
              FleetModel::tr("The server's statistics are not in the expected form: %1").arg(result.error.message));
    } else {
        reply(std::nullopt, result.error.message);
    }
}

} // namespace keyright
