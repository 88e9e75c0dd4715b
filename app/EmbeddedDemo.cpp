#include "EmbeddedDemo.h"

#include "EmbeddedDemoWorker.h"

#include <QPointer>

using namespace Qt::StringLiterals;

namespace keyright {

EmbeddedDemo::EmbeddedDemo(const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock)
    , m_serverClock(clock)
{
    m_thread.setObjectName(u"keyright-embedded-demo"_s);
}

EmbeddedDemo::~EmbeddedDemo()
{
    endThread(std::chrono::milliseconds {0});
}

void EmbeddedDemo::start(const QString &dataDir)
{
    if (m_state == State::Running) {
        Q_EMIT started();
        return;
    }
    if (m_state == State::Starting)
        return;
    m_state = State::Starting;
    m_worker = new EmbeddedDemoWorker(m_serverClock, m_clock);
    m_worker->moveToThread(&m_thread);
    // Made, used and destroyed on its thread: deleted once the thread's event loop has ended.
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &EmbeddedDemoWorker::started, this, &EmbeddedDemo::onStarted);
    connect(m_worker, &EmbeddedDemoWorker::startFailed, this, &EmbeddedDemo::onStartFailed);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, dataDir] { worker->start(dataDir); });
}

void EmbeddedDemo::onStarted(const QUrl &url, const QString &dataDir, const QString &adminTokenPath)
{
    m_url = url;
    m_dataDir = dataDir;
    m_adminTokenPath = adminTokenPath;
    m_state = State::Running;
    Q_EMIT started();
}

void EmbeddedDemo::onStartFailed(const QString &error)
{
    endThread(std::chrono::milliseconds {0});
    Q_EMIT startFailed(error);
}

void EmbeddedDemo::jumpServerClock(std::chrono::milliseconds by)
{
    // The offset is atomic: the server's thread reads it at its next reading of the clock.
    m_serverClock.setOffset(m_serverClock.offset() + by);
}

void EmbeddedDemo::startInstances(QObject *context, ScenarioPlayer::InstancesStarted done)
{
    if (m_state != State::Running) {
        done({}, tr("The embedded demo server is not running."));
        return;
    }
    QMetaObject::invokeMethod(m_worker, [this, worker = m_worker, guard = QPointer(context), done] {
        QString why;
        const QList<QUrl> urls = worker->startInstances(&why);
        QMetaObject::invokeMethod(this, [guard, done, urls, why] {
            if (guard)
                done(urls, why);
        });
    });
}

void EmbeddedDemo::setInstanceUp(int index, bool up, QObject *context, ScenarioPlayer::InstanceSet done)
{
    if (m_state != State::Running) {
        done(false, tr("The embedded demo server is not running."));
        return;
    }
    QMetaObject::invokeMethod(m_worker, [this, worker = m_worker, index, up, guard = QPointer(context), done] {
        QString why;
        const bool ok = worker->setInstanceUp(index, up, &why);
        QMetaObject::invokeMethod(this, [guard, done, ok, why] {
            if (guard)
                done(ok, why);
        });
    });
}

ScenarioPlayer::InstanceHooks EmbeddedDemo::instanceHooks()
{
    ScenarioPlayer::InstanceHooks hooks;
    hooks.start
        = [this](QObject *context, ScenarioPlayer::InstancesStarted done) { startInstances(context, std::move(done)); };
    hooks.setUp = [this](int index, bool up, QObject *context, ScenarioPlayer::InstanceSet done) {
        setInstanceUp(index, up, context, std::move(done));
    };
    return hooks;
}

void EmbeddedDemo::stop(std::chrono::milliseconds releaseTimeout)
{
    endThread(releaseTimeout);
}

void EmbeddedDemo::endThread(std::chrono::milliseconds releaseTimeout)
{
    if (!m_thread.isRunning()) {
        m_state = State::Stopped;
        return;
    }
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, releaseTimeout] { worker->shutDown(releaseTimeout); });
    m_thread.wait();
    m_worker = nullptr;
    m_state = State::Stopped;
}

} // namespace keyright
