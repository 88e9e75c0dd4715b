#include "TestServer.h"

#include "LeaseServer.h"
#include "SecretBuffer.h"
#include "ServerConfig.h"
#include "ServerProcess.h"
#include "alerts/AlertEvaluator.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace keyright {

using namespace keyright::server;

TestServer::TestServer()
    : TestServer(Options {})
{ }

TestServer::TestServer(Options options)
    : m_options(std::move(options))
{
    if (m_options.dataDir.isNull())
        m_dataDir = m_tempDir.emplace().path();
    else
        m_dataDir = m_options.dataDir;
    if (m_options.databaseUrl.isEmpty() && onPostgres()) {
        m_database = std::make_unique<PgTestDatabase>();
        if (m_database->isAvailable())
            m_options.databaseUrl = m_database->url();
    }
    m_network.setProxy(QNetworkProxy::NoProxy);
}

bool TestServer::onPostgres()
{
    return storeUnderTestIsPostgres();
}

QString TestServer::unavailableReason() const
{
    if (m_database && !m_database->isAvailable())
        return m_database->reason();
    return {};
}

TestServer::~TestServer()
{
    stop();
}

bool TestServer::start(QString *error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    if (m_tempDir && !m_tempDir->isValid()) {
        *error = u"cannot create a temporary data directory"_s;
        return false;
    }
    if (const QString why = unavailableReason(); !why.isEmpty()) {
        *error = why;
        return false;
    }
    stop();
    ServerConfig config;
    config.address = QHostAddress(QHostAddress::LocalHost);
    // A restart comes back on the same address. The first start takes a port below the kernel's
    // ephemeral range, which no connection of another test can hold when this one restarts; if
    // another test picked the same port meanwhile, the kernel's choice.
    const bool firstStart = m_port == 0;
    config.port = firstStart ? ServerProcess::pickFreePort() : m_port;
    config.dataDir = m_dataDir;
    config.demo = m_options.demo;
    config.reapInterval = m_options.reapInterval;
    config.databaseUrl = m_options.databaseUrl;
    config.usageInterval = m_options.usageInterval;
    config.alertInterval = m_options.alertInterval;
    if (m_options.configure)
        m_options.configure(config);
    // The test moves time with its clock, on either store (docs/TESTING.md).
    config.seatClockFromDatabase = false;
    const Clock &clock = m_options.clock ? *m_options.clock : m_ownClock;
    m_server = std::make_unique<LeaseServer>(config, clock);
    bool started = m_server->start(error);
    if (!started && firstStart && config.port != 0) {
        m_server.reset();
        config.port = 0;
        m_server = std::make_unique<LeaseServer>(config, clock);
        started = m_server->start(error);
    }
    if (!started) {
        m_server.reset();
        return false;
    }
    m_port = m_server->port();
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
    if (m_options.faultProxy && !m_proxy) {
        m_proxy = std::make_unique<FaultProxy>();
        if (!m_proxy->start(QHostAddress(QHostAddress::LocalHost), m_port, error))
            return false;
    }
    return true;
}

void TestServer::stop()
{
    if (m_server)
        m_server->stop();
    m_server.reset();
}

bool TestServer::isRunning() const
{
    return m_server && m_server->isRunning();
}

ManualClock &TestServer::clock()
{
    Q_ASSERT_X(!m_options.clock, "TestServer::clock", "the server reads the clock the test gave it");
    return m_ownClock;
}

QUrl TestServer::url() const
{
    return m_server->url();
}

quint16 TestServer::port() const
{
    return m_port;
}

QString TestServer::dataDir() const
{
    return m_dataDir;
}

QString TestServer::demoKeyDirectory() const
{
    return QDir(m_dataDir).filePath(u"demo-keys"_s);
}

FaultProxy &TestServer::proxy()
{
    Q_ASSERT_X(m_proxy, "TestServer::proxy", "Options::faultProxy is off or the server never started");
    return *m_proxy;
}

QUrl TestServer::proxyUrl() const
{
    return m_proxy ? m_proxy->url() : QUrl();
}

LeaseServer &TestServer::leaseServer()
{
    Q_ASSERT_X(m_server, "TestServer::leaseServer", "the server is not running");
    return *m_server;
}

QList<EventRecord> TestServer::evaluateAlerts()
{
    server::AlertEvaluator *alerts = m_server ? m_server->alerts() : nullptr;
    return alerts ? alerts->evaluate() : QList<EventRecord>();
}

int TestServer::closeUsage()
{
    server::UsageCloser *closer = m_server ? m_server->usageCloser() : nullptr;
    return closer ? closer->closeDue() : -1;
}

QJsonObject TestServer::adminCall(const QByteArray &verb, const QString &path, const QJsonObject &body, int *status)
{
    QUrl url = m_server->url();
    const qsizetype query = path.indexOf(u'?');
    url.setPath(path.left(query));
    if (query >= 0)
        url.setQuery(path.mid(query + 1));
    QNetworkRequest request(url);
    request.setTransferTimeout(5000);
    request.setRawHeader("Authorization", adminAuthorization());
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

QByteArray TestServer::createLicense(const QString &licenseId, int seatCount, std::chrono::seconds ttl,
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

QJsonObject TestServer::leases(const QString &licenseId)
{
    return adminCall("GET", u"/v1/licenses/%1/leases"_s.arg(licenseId));
}

QList<QJsonObject> TestServer::liveLeasesOf(const QString &licenseId, const QString &holder)
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

QJsonObject TestServer::leaseRow(const QString &licenseId, const QString &seatId)
{
    const QJsonArray rows = leases(licenseId).value("leases"_L1).toArray();
    for (const QJsonValue &row : rows) {
        if (row.toObject().value("seatId"_L1).toString() == seatId)
            return row.toObject();
    }
    return {};
}

bool TestServer::revoke(const QString &licenseId, const QString &seatId, std::chrono::seconds block)
{
    QJsonObject body {{u"reason"_s, u"test revoke"_s}};
    if (block.count() > 0)
        body.insert(u"blockSeconds"_s, qint64(block.count()));
    int status = 0;
    adminCall("POST", u"/v1/licenses/%1/seats/%2/revoke"_s.arg(licenseId, seatId), body, &status);
    return status == 204;
}

} // namespace keyright
