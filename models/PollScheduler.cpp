#include "PollScheduler.h"

#include <algorithm>

namespace keyright {

using std::chrono::milliseconds;

PollScheduler::PollScheduler(QObject *parent)
    : PollScheduler(ArmTimer {}, parent)
{ }

PollScheduler::PollScheduler(ArmTimer armTimer, QObject *parent)
    : QObject(parent)
    , m_armTimer(std::move(armTimer))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &PollScheduler::due);
}

PollScheduler::~PollScheduler() = default;

void PollScheduler::setPoll(std::function<void()> poll)
{
    m_poll = std::move(poll);
}

void PollScheduler::setInterval(milliseconds interval)
{
    m_interval = std::max(interval, milliseconds {1});
    // A waiting healthy schedule takes the new interval at once; a back-off runs its course.
    if (m_armed && m_failures == 0)
        arm(m_interval);
}

void PollScheduler::setMaxBackoff(milliseconds backoff)
{
    m_maxBackoff = backoff;
}

void PollScheduler::start()
{
    m_running = true;
    m_paused = false;
    pollNow();
}

void PollScheduler::startLater()
{
    m_running = true;
    m_paused = false;
    if (!isInFlight())
        arm(m_interval);
}

void PollScheduler::stop()
{
    disarm();
    m_running = false;
    m_paused = false;
    m_inFlight = 0;
    m_pollFailed = false;
    m_failures = 0;
    m_retryDelay = milliseconds {0};
}

void PollScheduler::pause()
{
    m_paused = true;
    disarm();
}

void PollScheduler::resume()
{
    if (!m_paused)
        return;
    m_paused = false;
    if (m_running && !isInFlight())
        arm(m_failures > 0 ? m_retryDelay : m_interval);
}

void PollScheduler::pollNow()
{
    if (isInFlight())
        return;
    disarm();
    runPoll();
}

void PollScheduler::due()
{
    m_armed = false;
    if (isInFlight() || !isRunning())
        return;
    runPoll();
}

void PollScheduler::runPoll()
{
    // The poll counts as one request while it starts the others, so a request that answers
    // synchronously cannot end the poll before its siblings are sent.
    beginRequest();
    if (m_poll)
        m_poll();
    endRequest(true);
}

void PollScheduler::beginRequest()
{
    if (m_inFlight == 0) {
        m_pollFailed = false;
        disarm();
    }
    ++m_inFlight;
}

void PollScheduler::endRequest(bool ok)
{
    if (m_inFlight == 0)
        return; // a request of a poll that stop() forgot
    if (!ok)
        m_pollFailed = true;
    if (--m_inFlight > 0)
        return;
    if (m_pollFailed) {
        ++m_failures;
        // Exponential back-off from the poll interval, capped.
        const int shift = std::min(m_failures, 6);
        m_retryDelay = std::max(std::min(m_interval * (1 << shift) / 2, m_maxBackoff), m_interval);
    } else {
        m_failures = 0;
        m_retryDelay = milliseconds {0};
    }
    if (isRunning())
        arm(m_pollFailed ? m_retryDelay : m_interval);
    Q_EMIT finished(!m_pollFailed);
}

void PollScheduler::arm(milliseconds delay)
{
    m_armed = true;
    m_armedDelay = delay;
    if (m_armTimer)
        m_armTimer(delay);
    else
        m_timer.start(delay);
}

void PollScheduler::disarm()
{
    if (!m_armed)
        return;
    m_armed = false;
    if (m_armTimer)
        m_armTimer(milliseconds {-1});
    else
        m_timer.stop();
}

} // namespace keyright
