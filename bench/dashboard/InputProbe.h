#pragma once

#include <QList>
#include <QObject>

#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <thread>

namespace keyright {

// Stands for input reaching a busy window: from a thread of its own, as the window system's
// events arrive, it posts an event to `target` every 5 to 25 ms (at random), and notes on delivery
// how long each waited. What it measures is the wait in the window thread's queue (behind a
// request turn, a poll being applied, a repaint), which is what a user feels as lag; handling the
// event itself costs nothing.
class InputProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InputProbe)

public:
    explicit InputProbe(QObject *target);
    ~InputProbe() override;

    void start();
    // Stops posting; events still queued are delivered (and measured) by the next pass of the loop.
    void stop();
    // Every wait measured so far, in milliseconds.
    QList<double> waitsMs() const { return m_waits; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void post();

    QObject *m_target;
    std::thread m_poster;
    std::atomic<bool> m_running {false};
    std::mutex m_mutex;
    std::deque<std::chrono::steady_clock::time_point> m_posted; // in the order they were posted
    QList<double> m_waits;
};

} // namespace keyright
