#include "SharedStoreInstances.h"

#include "LeaseServer.h"
#include "TestServer.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace keyright {

SharedStoreInstances::SharedStoreInstances(TestServer &owner, const Clock &clock)
    : m_owner(owner)
    , m_clock(clock)
{ }

SharedStoreInstances::~SharedStoreInstances() = default;

bool SharedStoreInstances::start(int count, QString *error)
{
    for (int i = 0; i < count; ++i) {
        m_servers.push_back(nullptr);
        m_urls.append(QUrl());
        if (!revive(i, error))
            return false;
    }
    return true;
}

void SharedStoreInstances::kill(int index)
{
    m_servers.at(std::size_t(index)).reset();
}

bool SharedStoreInstances::revive(int index, QString *error)
{
    auto &slot = m_servers.at(std::size_t(index));
    if (slot)
        return true;
    server::ServerConfig config = m_owner.leaseServer().config();
    config.dataDir = QDir(m_dir.path()).filePath(u"instance-%1"_s.arg(index + 1));
    config.port = m_urls.at(index).isValid() ? quint16(m_urls.at(index).port()) : 0;
    config.reapInterval = std::chrono::hours {1}; // the tests sweep when they mean to
    auto instance = std::make_unique<server::LeaseServer>(config, m_clock, m_owner.leaseServer());
    if (!instance->start(error))
        return false;
    m_urls[index] = instance->url();
    slot = std::move(instance);
    return true;
}

bool SharedStoreInstances::isUp(int index) const
{
    return m_servers.at(std::size_t(index)) != nullptr;
}

} // namespace keyright
