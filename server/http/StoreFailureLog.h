#pragma once

#include <QLoggingCategory>
#include <QString>

#include <chrono>
#include <mutex>

namespace keyright {
class Clock;
}

namespace keyright::server {

class StoreError;

// Logs the requests that failed in the store, folding an outage into a few lines.
//
// While the database is away every request fails the same way: logged one by one, a site's
// clients wrote some 65,000 lines in two minutes (bench/run-storm-bench.sh), burying the lines
// that say what happened. A failure of kind Unavailable is logged when it is the first for
// `window`; the ones after it within the window are counted, and the next one logged after the
// window says how many were left out. Any other kind (a fault, not an outage) is logged each
// time. Every line is one line: the driver's multi-line messages are joined with "; ".
// Thread-safe; time from the injected clock's monotonic reading.
class StoreFailureLog
{
public:
    static constexpr std::chrono::seconds defaultWindow {30};

    explicit StoreFailureLog(const Clock &clock, std::chrono::milliseconds window = defaultWindow);

    // `what` names the request ("POST /v1/licenses/x/checkout"). Returns the line written, or an
    // empty string when this failure was folded into the next line.
    QString failed(const QLoggingCategory &category, const QString &what, const StoreError &failure);

    // The failures left out since the last line written.
    int folded() const;

private:
    const Clock &m_clock;
    std::chrono::milliseconds m_window;
    mutable std::mutex m_mutex;
    std::chrono::milliseconds m_lastLogged {0};
    bool m_loggedOnce = false;
    int m_folded = 0;
};

} // namespace keyright::server
