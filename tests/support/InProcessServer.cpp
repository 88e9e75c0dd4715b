#include "InProcessServer.h"

#include "LeaseServer.h"
#include "SecretBuffer.h"
#include "ServerConfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace keyright {

using namespace keyright::server;

InProcessServer::InProcessServer()
{
    m_network.setProxy(QNetworkProxy::NoProxy);
}

InProcessServer::~InProcessServer()
{
    stop();
}

bool InProcessServer::start(QString *error)
{
    if (!m_dataDir.isValid()) {
        *error = u"cannot create a temporary data directory"_s;
        return false;
    }
    ServerConfig config;
    config.address = QHostAddress(QHostAddress::LocalHost);
    config.port = 0;
    config.dataDir = m_dataDir.path();
    // The reaper runs on real time; the tests move the server's clock themselves and never want a
    // sweep in the middle of a step.
    config.reapInterval = std::chrono::hours {1};
    m_server = std::make_unique<LeaseServer>(config, m_clock);
    if (!m_server->start(error))
        return false;
    const auto token = readSecretFile(m_server->adminTokenPath(), error);
    if (!token)
        return false;
    m_adminToken = token->view().toByteArray();
    int status = 0;
    const QJsonObject key = adminCall("GET", u"/v1/public-key"_s, {}, &status);
    m_verifier = LeaseVerifier::fromBase64(key.value("publicKey"_L1).toString().toLatin1());
    if (status != 200 || !m_verifier) {
        *error = u"GET /v1/public-key answered %1 without a usable key"_s.arg(status);
        return false;
    }
    return true;
}

void InProcessServer::stop()
{
    if (m_server)
        m_server->stop();
    m_server.reset();
}

QUrl InProcessServer::url() const
{
    return m_server->url();
}

quint16 InProcessServer::port() const
{
    return m_server->port();
}

QJsonObject InProcessServer::adminCall(const QByteArray &verb, const QString &path, const QJsonObject &body,
                                       int *status)
{
    QUrl url = m_server->url();
    const qsizetype query = path.indexOf(u'?');
    url.setPath(path.left(query));
    if (query >= 0)
        url.setQuery(path.mid(query + 1));
    QNetworkRequest request(url);
    request.setTransferTimeout(5000);
    request.setRawHeader("Authorization", "Bearer " + m_adminToken);
    QByteArray payload;
    if (!body.isEmpty()) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
        payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    }
    QNetworkReply *reply = m_network.sendCustomRequest(request, verb, payload);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    if (!reply->isFinished())
        finished.wait(5000);
    if (status)
        *status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject result = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return result;
}

QByteArray InProcessServer::createLicense(const QString &licenseId, int seatCount, std::chrono::seconds ttl,
                                          std::chrono::seconds skew, std::chrono::seconds reapGrace)
{
    const QJsonObject spec {{u"name"_s, licenseId},
                            {u"seatCount"_s, seatCount},
                            {u"ttlSeconds"_s, qint64(ttl.count())},
                            {u"skewSeconds"_s, qint64(skew.count())},
                            {u"reapGraceSeconds"_s, qint64(reapGrace.count())}};
    int status = 0;
    const QJsonObject created = adminCall("PUT", u"/v1/licenses/"_s + licenseId, spec, &status);
    if (status != 201)
        return {};
    return created.value("key"_L1).toString().toLatin1();
}

QJsonObject InProcessServer::leases(const QString &licenseId)
{
    return adminCall("GET", u"/v1/licenses/%1/leases"_s.arg(licenseId));
}

QList<QJsonObject> InProcessServer::liveLeasesOf(const QString &licenseId, const QString &holder)
{
    QList<QJsonObject> live;
    const QJsonArray rows = leases(licenseId).value("leases"_L1).toArray();
    for (const QJsonValue &row : rows) {
        const QJsonObject lease = row.toObject();
        if (lease.value("holder"_L1).toString() == holder && lease.value("live"_L1).toBool())
            live.append(lease);
    }
    return live;
}

QJsonObject InProcessServer::leaseRow(const QString &licenseId, const QString &seatId)
{
    const QJsonArray rows = leases(licenseId).value("leases"_L1).toArray();
    for (const QJsonValue &row : rows) {
        if (row.toObject().value("seatId"_L1).toString() == seatId)
            return row.toObject();
    }
    return {};
}

bool InProcessServer::revoke(const QString &licenseId, const QString &seatId, std::chrono::seconds block)
{
    QJsonObject body {{u"reason"_s, u"test revoke"_s}};
    if (block.count() > 0)
        body.insert(u"blockSeconds"_s, qint64(block.count()));
    int status = 0;
    adminCall("POST", u"/v1/licenses/%1/seats/%2/revoke"_s.arg(licenseId, seatId), body, &status);
    return status == 204;
}

} // namespace keyright
