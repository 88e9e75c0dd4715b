#pragma once

#include <QObject>
#include <QTimer>

#include <chrono>
#include <functional>

namespace keyright {

// When the dashboard asks a server again. One poll may be several requests (the session reads
// licenses, leases, events and the clock); the poll ends when the last of them has answered, and
// only then is the next one scheduled: after the interval when every request succeeded, after a
// back-off (doubling from the interval up to maxBackoff) when one failed. There is never more
// than one poll in flight: pollNow() while one runs does nothing, and the timer only fires between
// polls. A caller that needs one more request in the poll already running joins it with
// beginRequest().
//
// The timer is a QTimer unless the owner injects its own (tests arm a fake and call due()).
class PollScheduler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PollScheduler)

public:
    // Arms a single-shot timer for `delay`, or disarms it when `delay` is negative. The owner of
    // an injected timer calls due() when it fires.
    using ArmTimer = std::function<void(std::chrono::milliseconds delay)>;

    // How often the dashboard polls unless its user chose otherwise (View > Poll every).
    static constexpr std::chrono::milliseconds defaultInterval {2000};

    explicit PollScheduler(QObject *parent = nullptr);
    explicit PollScheduler(ArmTimer armTimer, QObject *parent = nullptr);
    ~PollScheduler() override;

    // What one poll does: start its requests, each with beginRequest(), and end each with
    // endRequest(). A poll that starts no request ends at once, successfully.
    void setPoll(std::function<void()> poll);

    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const { return m_interval; }
    // Zero or anything below the interval: no back-off, failures are retried at the interval.
    void setMaxBackoff(std::chrono::milliseconds backoff);

    // Polls now (unless a poll is in flight), then keeps polling. stop() disarms the timer and
    // forgets the poll in flight (its late answers must be ignored by the owner) and the failures:
    // stop() then start() begins afresh, as for another server.
    void start();
    // The same, but the first poll waits for the interval.
    void startLater();
    void stop();
    // Holds the schedule without forgetting anything; resume() polls at the next interval.
    void pause();
    void resume();
    bool isRunning() const { return m_running && !m_paused; }

    // Polls now unless a poll is in flight (a refresh, or a retry that skips the back-off).
    void pollNow();
    // The timer fired.
    void due();

    void beginRequest();
    void endRequest(bool ok);
    bool isInFlight() const { return m_inFlight > 0; }

    int failureCount() const { return m_failures; }
    // The delay before the next poll after the last one failed; zero after a success.
    std::chrono::milliseconds retryDelay() const { return m_retryDelay; }
    bool isArmed() const { return m_armed; }
    std::chrono::milliseconds armedDelay() const { return m_armedDelay; }

Q_SIGNALS:
    // A poll ended; failureCount() and retryDelay() already count it.
    void finished(bool ok);

private:
    void arm(std::chrono::milliseconds delay);
    void disarm();
    void runPoll();

    ArmTimer m_armTimer;
    QTimer m_timer;
    std::function<void()> m_poll;
    std::chrono::milliseconds m_interval {defaultInterval};
    std::chrono::milliseconds m_maxBackoff {30000};
    std::chrono::milliseconds m_retryDelay {0};
    std::chrono::milliseconds m_armedDelay {0};
    int m_inFlight = 0;
    bool m_pollFailed = false;
    int m_failures = 0;
    bool m_running = false;
    bool m_paused = false;
    bool m_armed = false;
};

} // namespace keyright
