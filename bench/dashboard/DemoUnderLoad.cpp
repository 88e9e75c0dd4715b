#include "DemoUnderLoad.h"

#include "EmbeddedDemo.h"
#include "SystemClock.h"

using namespace std::chrono_literals;

namespace keyright {

// Before issue 32: the demo server on the thread that creates it, started synchronously.
DemoUnderLoad::DemoUnderLoad(QNetworkAccessManager &network)
    : m_demo(std::make_unique<EmbeddedDemo>(network, SystemClock::instance()))
{ }

DemoUnderLoad::~DemoUnderLoad() = default;

bool DemoUnderLoad::start(const QString &dataDir, QString *error)
{
    return m_demo->start(dataDir, error);
}

QUrl DemoUnderLoad::url() const
{
    return m_demo->url();
}

QString DemoUnderLoad::adminTokenPath() const
{
    return m_demo->adminTokenPath();
}

void DemoUnderLoad::stop()
{
    m_demo->releaseAll(1500ms);
}

} // namespace keyright
