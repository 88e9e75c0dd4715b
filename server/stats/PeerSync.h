#pragma once

#include "SecretBuffer.h"

#include <QList>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <optional>
#include <vector>

class QNetworkReply;

namespace keyright::server {

class StatsService;
struct ServerConfig;

// Anti-entropy for the usage statistics: every interval, GET /v1/stats from each peer and merge
// the snapshot into StatsService. A snapshot carries every replica's components, so counts travel
// through relays: a server that only pulls from one peer still learns what that peer learned.
// Merging is the per-replica maximum, so a lost, repeated or late pull is harmless; a peer that
// does not answer is retried on the next tick. Asynchronous on the owner's event loop, at most
// one pull in flight per peer, every request with a transfer timeout.
class PeerSync final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PeerSync)

public:
    struct Peer
    {
        QUrl url; // the peer's base URL, such as http://site-b:7400
        SecretBuffer token; // sent as "Authorization: Bearer <token>"
    };

    PeerSync(StatsService &stats, std::vector<Peer> peers, std::chrono::milliseconds interval,
             QObject *parent = nullptr);
    ~PeerSync() override; // aborts pulls in flight

    // Reads the token files of `config` (one for every peer, or one per peer in --peer order).
    // nullopt with a reason naming the option or file otherwise.
    static std::optional<std::vector<Peer>> peersFromConfig(const ServerConfig &config, QString *error = nullptr);
    // Empty when `url` may be a peer; otherwise why not. Plain HTTP to a peer that is not on
    // this machine would send the token in clear text, so it needs `insecureHttp`.
    static QString peerUrlError(const QUrl &url, bool insecureHttp);

    void start(); // pulls at once, then every interval
    void stop();
    void pullNow(); // every peer without a pull in flight

signals:
    // After each pull; `error` is empty when the snapshot was merged.
    void pulled(const QUrl &peer, const QString &error);

private:
    void pull(qsizetype index);
    void finished(qsizetype index);
    QString mergeReply(qsizetype index, QNetworkReply *reply);

    StatsService &m_stats;
    std::vector<Peer> m_peers;
    QList<QPointer<QNetworkReply>> m_inFlight; // parallel to m_peers
    std::chrono::milliseconds m_interval;
    QNetworkAccessManager m_network;
    QTimer m_timer;
};

} // namespace keyright::server
