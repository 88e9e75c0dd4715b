#include "SimTestServer.h"

#include "LeaseServer.h"
#include "SecretBuffer.h"

#include <QDir>

namespace keyright {

using namespace keyright::server;

using namespace Qt::StringLiterals;

SimTestServer::SimTestServer(const Clock &clock, std::chrono::seconds reapInterval)
{
    ServerConfig config;
    config.port = 0;
    config.dataDir = m_dir.path();
    config.demo = true;
    config.reapInterval = reapInterval;
    m_server = std::make_unique<LeaseServer>(config, clock);
}

SimTestServer::~SimTestServer()
{
    m_server->stop();
}

bool SimTestServer::start(QString *error)
{
    if (!m_dir.isValid()) {
        if (error)
            *error = u"cannot create a temporary directory"_s;
        return false;
    }
    return m_server->start(error);
}

QUrl SimTestServer::url() const
{
    return m_server->url();
}

QByteArray SimTestServer::adminToken() const
{
    const auto token = readSecretFile(m_server->adminTokenPath());
    return token ? token->view().toByteArray() : QByteArray();
}

QString SimTestServer::demoKeyDirectory() const
{
    return QDir(m_server->dataDir()).filePath(u"demo-keys"_s);
}

std::optional<LeaseVerifier> SimTestServer::verifier() const
{
    return LeaseVerifier::fromPublicKey(m_server->publicKey());
}

} // namespace keyright
