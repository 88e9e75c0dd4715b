#include "InputProbe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QRandomGenerator>

namespace keyright {

namespace {

QEvent::Type probeType()
{
    static const auto type = QEvent::Type(QEvent::registerEventType());
    return type;
}

} // namespace

InputProbe::InputProbe(QObject *target)
    : m_target(target)
{
    m_target->installEventFilter(this);
}

InputProbe::~InputProbe()
{
    stop();
    m_target->removeEventFilter(this);
}

void InputProbe::start()
{
    if (m_running.exchange(true))
        return;
    m_poster = std::thread([this] { post(); });
}

void InputProbe::stop()
{
    if (!m_running.exchange(false))
        return;
    m_poster.join();
}

void InputProbe::post()
{
    QRandomGenerator random(42);
    while (m_running.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds {5 + random.bounded(21)});
        {
            // Noted before posting, under the lock the delivery takes: posted events to one
            // object are delivered in the order they were posted.
            const std::lock_guard lock(m_mutex);
            m_posted.push_back(std::chrono::steady_clock::now());
            QCoreApplication::postEvent(m_target, new QEvent(probeType()));
        }
    }
}

bool InputProbe::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_target || event->type() != probeType())
        return QObject::eventFilter(watched, event);
    const auto now = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point posted;
    {
        const std::lock_guard lock(m_mutex);
        if (m_posted.empty())
            return true;
        posted = m_posted.front();
        m_posted.pop_front();
    }
    m_waits.append(double(std::chrono::duration_cast<std::chrono::microseconds>(now - posted).count()) / 1000.0);
    return true;
}

} // namespace keyright
