#include "stats/PeerSync.h"

#include "ServerConfig.h"
#include "stats/StatsService.h"
#include "store/StoreTypes.h"
#include "wire/ApiPaths.h"
#include "wire/JsonReader.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcPeers, "keyright.server.peers")

// A snapshot is a few numbers per license, counter and replica; this is far beyond any real fleet
// and keeps a misbehaving peer from filling memory.
constexpr qint64 maxSnapshotBytes = 16 * 1024 * 1024;
const char *const tooLargeProperty = "keyrightTooLarge";

QUrl statsUrl(const QUrl &base)
{
    QUrl url = base;
    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    url.setPath(path + QString::fromUtf16(apipath::stats));
    return url;
}

bool isLocalHost(const QString &host)
{
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace

PeerSync::PeerSync(StatsService &stats, std::vector<Peer> peers, std::chrono::milliseconds interval, QObject *parent)
    : QObject(parent)
    , m_stats(stats)
    , m_peers(std::move(peers))
    , m_interval(std::max(interval, std::chrono::milliseconds(10ms)))
{
    m_inFlight.resize(qsizetype(m_peers.size()));
    m_timer.setInterval(m_interval);
    connect(&m_timer, &QTimer::timeout, this, &PeerSync::pullNow);
    QList<QUrl> urls;
    for (const Peer &peer : m_peers)
        urls.append(peer.url);
    m_stats.setPeers(urls);
}

PeerSync::~PeerSync()
{
    stop();
}

QString PeerSync::peerUrlError(const QUrl &url, bool insecureHttp)
{
    const QString shown = url.toString(QUrl::RemoveUserInfo);
    if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s) || url.host().isEmpty())
        return u"--peer %1: expected the peer's base URL, such as http://127.0.0.1:7400 or https://site-b:7400"_s.arg(
            shown);
    if (!url.userInfo().isEmpty() || url.hasQuery() || url.hasFragment())
        return u"--peer %1: give only scheme, host, port and path; the token goes in --peer-token-file"_s.arg(shown);
    if (url.scheme() == u"http"_s && !isLocalHost(url.host()) && !insecureHttp)
        return u"--peer %1: plain HTTP to another machine would send the peer token in clear text; use https://, "
               "or --insecure-http if the network is trusted"_s.arg(shown);
    return {};
}

std::optional<std::vector<PeerSync::Peer>> PeerSync::peersFromConfig(const ServerConfig &config, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    std::vector<Peer> peers;
    if (config.peers.isEmpty()) {
        if (!config.peerTokenFiles.isEmpty())
            return fail(u"--peer-token-file was given without any --peer"_s);
        return peers;
    }
    if (config.peerTokenFiles.isEmpty())
        return fail(u"--peer needs --peer-token-file: the file holding the token this server sends to its peers "
                    "(a peer accepts its own admin token)"_s);
    if (config.peerTokenFiles.size() != 1 && config.peerTokenFiles.size() != config.peers.size())
        return fail(u"give one --peer-token-file for all peers, or one per --peer in the same order (%1 peers, %2 "
                    "token files)"_s.arg(config.peers.size())
                        .arg(config.peerTokenFiles.size()));
    for (qsizetype i = 0; i < config.peers.size(); ++i) {
        const QUrl &url = config.peers.at(i);
        if (const QString why = peerUrlError(url, config.insecureHttp); !why.isEmpty())
            return fail(why);
        const QString &path = config.peerTokenFiles.at(config.peerTokenFiles.size() == 1 ? 0 : i);
        QString why;
        auto token = readSecretFile(path, &why);
        if (!token)
            return fail(u"--peer-token-file %1: %2"_s.arg(path, why));
        if (token->isEmpty())
            return fail(u"--peer-token-file %1 is empty"_s.arg(path));
        peers.push_back(Peer {url, std::move(*token)});
    }
    return peers;
}

void PeerSync::start()
{
    if (m_peers.empty())
        return;
    m_timer.start();
    QTimer::singleShot(0, this, &PeerSync::pullNow);
}

void PeerSync::stop()
{
    m_timer.stop();
    for (QPointer<QNetworkReply> &reply : m_inFlight) {
        if (!reply)
            continue;
        reply->disconnect(this); // no merge from a pull that was given up
        reply->abort();
        reply->deleteLater();
        reply = nullptr;
    }
}

void PeerSync::pullNow()
{
    for (qsizetype i = 0; i < qsizetype(m_peers.size()); ++i) {
        if (!m_inFlight.at(i))
            pull(i);
    }
}

void PeerSync::pull(qsizetype index)
{
    const Peer &peer = m_peers.at(size_t(index));
    QNetworkRequest request(statsUrl(peer.url));
    // Long enough for a slow link, short enough that a peer that hangs is retried soon.
    request.setTransferTimeout(int(std::clamp<std::chrono::milliseconds>(2 * m_interval, 2s, 30s).count()));
    // A redirect would carry the token to wherever the peer points; a peer is its own URL.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setRawHeader("Accept", "application/json");
    QByteArray authorization = "Bearer " + peer.token.view().toByteArray();
    request.setRawHeader("Authorization", authorization);
    authorization.fill('\0');

    QNetworkReply *reply = m_network.get(request);
    m_inFlight[index] = reply;
    connect(reply, &QNetworkReply::downloadProgress, this, [reply](qint64 received, qint64 total) {
        if (received > maxSnapshotBytes || total > maxSnapshotBytes) {
            reply->setProperty(tooLargeProperty, true);
            reply->abort();
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, index] { finished(index); });
}

void PeerSync::finished(qsizetype index)
{
    QNetworkReply *reply = m_inFlight.at(index);
    m_inFlight[index] = nullptr;
    if (!reply)
        return;
    const QUrl url = m_peers.at(size_t(index)).url;
    const QString error = mergeReply(index, reply);
    reply->deleteLater();
    if (!error.isEmpty()) {
        const auto peers = m_stats.peers();
        const auto previous = std::find_if(peers.cbegin(), peers.cend(), [&](const auto &p) { return p.url == url; });
        // Once per change, not on every tick of a peer that stays down.
        if (previous == peers.cend() || previous->lastError != error)
            qCWarning(lcPeers, "peer %ls: %ls", qUtf16Printable(url.toString()), qUtf16Printable(error));
        m_stats.notePeerFailed(url, error);
    }
    emit pulled(url, error);
}

QString PeerSync::mergeReply(qsizetype index, QNetworkReply *reply)
{
    const Peer &peer = m_peers.at(size_t(index));
    if (reply->property(tooLargeProperty).toBool())
        return u"the peer's answer is larger than %1 MiB; not a stats snapshot"_s.arg(maxSnapshotBytes / 1024 / 1024);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 401)
        return u"the peer refused the token (401): --peer-token-file must hold a token the peer accepts, such as "
               "its admin token"_s;
    if (reply->error() == QNetworkReply::OperationCanceledError || reply->error() == QNetworkReply::TimeoutError)
        return u"no answer within %1 ms"_s.arg(reply->request().transferTimeout());
    if (status == 0)
        return u"cannot reach the peer: %1"_s.arg(reply->errorString());
    if (status != 200)
        return u"the peer answered HTTP %1 to GET %2 (is it a keyright-server with usage statistics?)"_s.arg(
            QString::number(status), QString::fromUtf16(apipath::stats));

    QJsonParseError parseError;
    const QByteArray body = reply->readAll();
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (!document.isObject())
        return u"the peer's answer is not a JSON object: %1"_s.arg(parseError.errorString());
    if (const auto twice = JsonReader::duplicateMember(body))
        return u"the peer's answer gives %1 more than once"_s.arg(*twice);
    QString why;
    const auto snapshot = StatsService::snapshotFromJson(document.object(), &why);
    if (!snapshot)
        return u"the peer's answer is not a stats snapshot: %1"_s.arg(why);
    if (snapshot->replicaId == m_stats.replicaId())
        return u"the peer reports this server's own replica id %1: it is this server itself, or it runs on a copy of "
               "this data directory (two writers under one id lose counts; delete replica-id in the copy)"_s.arg(
                   snapshot->replicaId);
    try {
        m_stats.merge(*snapshot, peer.url.toString());
    } catch (const StoreError &failure) {
        return u"could not store the merged counts: %1"_s.arg(QString::fromUtf8(failure.what()));
    }
    m_stats.notePeerAnswered(peer.url, snapshot->replicaId);
    return {};
}

} // namespace keyright::server
