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
struct ApiResponse;

// Logs the requests that failed in the store, folding an outage into a few lines.
//
// While the database is away every request fails the same way: logged one by one, a site's
// clients wrote some 65,000 lines in two minutes (bench/run-storm-bench.sh), burying the lines
// that say what happened. A failure of kind Unavailable is logged when it is the first for
// `window`; the ones after it within the window are counted, and the next one logged after the
// window says how many were left out. Any other kind (a fault, not an outage) is logged each
// time, and so is a commit cut in flight (whether it was kept is unknown). Every line is one line: the driver's
// multi-line messages are joined with "; ".
//
// It also paces the clients during an outage (issue 30). A 503 for a database that is away tells
// them when to ask again (Retry-After), and LeaseKeeper waits that long, not its own exponential
// back-off: the server, seeing how many ask, can spread them. The wait is sized so that the
// clients asking again come back at about `pace` requests a second: each second it sets
// ceil(rate * wait / pace) from the rate of failures it saw (the clients asking, each once a
// wait), between 1 s and maxRetryAfter. After the outage they are all back within about 1.5 times
// the last wait (the keeper's jitter), at a rate this instance can serve: the storm benchmark's
// back-off stretched that to a minute. A failure after a quiet minute starts again at 1 s.
// Thread-safe; time from the injected clock's monotonic reading.
class StoreFailureLog
{
public:
    static constexpr std::chrono::seconds defaultWindow {30};
    static constexpr int defaultPace = 2000; // requests a second
    static constexpr std::chrono::seconds maxRetryAfter {10};

    explicit StoreFailureLog(const Clock &clock, std::chrono::milliseconds window = defaultWindow,
                             int pace = defaultPace);

    // `what` names the request ("POST /v1/licenses/x/checkout"), or the `requests` requests
    // that failed together ("12 heartbeat(s)"). Returns the line written, or an empty string when
    // this failure was folded into the next line.
    QString failed(const QLoggingCategory &category, const QString &what, const StoreError &failure, int requests = 1);

    // The failures left out since the last line written.
    int folded() const;

    // The Retry-After for a 503 answered because the database is away, as it stands now.
    std::chrono::seconds retryAfter() const;
    // Sets `response`'s Retry-After to retryAfter() when it is a 503 for `failure` being an outage.
    void pace(ApiResponse &response, const StoreError &failure) const;

private:
    const Clock &m_clock;
    std::chrono::milliseconds m_window;
    mutable std::mutex m_mutex;
    std::chrono::milliseconds m_lastLogged {0};
    bool m_loggedOnce = false;
    int m_folded = 0;
    int m_pace;
    // The outage's pacing: failures counted since m_bucketStart, the wait they gave.
    std::chrono::milliseconds m_bucketStart {0};
    std::chrono::milliseconds m_lastFailure {0};
    bool m_outageSeen = false;
    int m_bucketFailures = 0;
    std::chrono::seconds m_retryAfter {1};
};

} // namespace keyright::server
