#include "DemoUnderLoad.h"

#include "EmbeddedDemo.h"
#include "SystemClock.h"

#include <QCoreApplication>

using namespace std::chrono_literals;

namespace keyright {

// Since issue 32: the demo server on a thread of its own, started asynchronously.
DemoUnderLoad::DemoUnderLoad(QNetworkAccessManager &)
    : m_demo(std::make_unique<EmbeddedDemo>(SystemClock::instance()))
{ }

DemoUnderLoad::~DemoUnderLoad() = default;

bool DemoUnderLoad::start(const QString &dataDir, QString *error)
{
    bool answered = false;
    const auto started
        = QObject::connect(m_demo.get(), &EmbeddedDemo::started, m_demo.get(), [&answered] { answered = true; });
    const auto failed = QObject::connect(m_demo.get(), &EmbeddedDemo::startFailed, m_demo.get(),
                                         [&answered, error](const QString &why) {
                                             answered = true;
                                             if (error)
                                                 *error = why;
                                         });
    m_demo->start(dataDir);
    while (!answered)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    QObject::disconnect(started);
    QObject::disconnect(failed);
    return m_demo->isRunning();
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
    m_demo->stop(1500ms);
}

} // namespace keyright
