#include "http/StoreFailureLog.h"

#include "Clock.h"
#include "http/ApiMessages.h"
#include "store/StoreTypes.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright::server {

StoreFailureLog::StoreFailureLog(const Clock &clock, std::chrono::milliseconds window, int pace)
    : m_clock(clock)
    , m_window(window)
    , m_pace(std::max(pace, 1))
{ }

QString StoreFailureLog::failed(const QLoggingCategory &category, const QString &what, const StoreError &failure,
                                int requests)
{
    QString reason = QString::fromUtf8(failure.what());
    reason.replace(u"\n\t"_s, u"; "_s);
    reason.replace(u'\n', u"; "_s);
    while (reason.endsWith(u"; "_s))
        reason.chop(2);
    QString line = u"%1 failed in the store: %2"_s.arg(what, reason);
    // A commit cut in flight (its changes may or may not have been kept) is always worth its line.
    if (failure.kind() == StoreError::Kind::Unavailable && !failure.outcomeUnknown()) {
        const std::lock_guard lock(m_mutex);
        const auto now = m_clock.monotonic();
        if (!m_outageSeen || now - m_lastFailure > 60s) {
            m_outageSeen = true;
            m_retryAfter = 1s; // a new outage
            m_bucketStart = now;
            m_bucketFailures = 0;
        }
        m_lastFailure = now;
        m_bucketFailures += std::max(requests, 1);
        if (const auto elapsed = now - m_bucketStart; elapsed >= 1s) {
            const double rate = m_bucketFailures * 1000.0 / double(elapsed.count());
            const auto wait = qint64(std::ceil(rate * double(m_retryAfter.count()) / m_pace));
            m_retryAfter = std::chrono::seconds {std::clamp<qint64>(wait, 1, maxRetryAfter.count())};
            m_bucketStart = now;
            m_bucketFailures = 0;
        }
        if (m_loggedOnce && now - m_lastLogged < m_window) {
            m_folded += std::max(requests, 1);
            return {};
        }
        if (m_folded > 0)
            line += u" (and %1 more request(s) failed the same way in the %2 s before)"_s.arg(m_folded).arg(
                std::chrono::duration_cast<std::chrono::seconds>(now - m_lastLogged).count());
        m_loggedOnce = true;
        m_lastLogged = now;
        m_folded = 0;
    }
    qCCritical(category, "%ls", qUtf16Printable(line));
    return line;
}

std::chrono::seconds StoreFailureLog::retryAfter() const
{
    const std::lock_guard lock(m_mutex);
    return m_retryAfter;
}

void StoreFailureLog::pace(ApiResponse &response, const StoreError &failure) const
{
    if (response.status != 503 || failure.kind() != StoreError::Kind::Unavailable)
        return;
    const QByteArray seconds = QByteArray::number(qint64(retryAfter().count()));
    for (auto &[name, value] : response.headers) {
        if (name.compare("Retry-After", Qt::CaseInsensitive) == 0) {
            value = seconds;
            return;
        }
    }
    response.headers.append(std::pair<QByteArray, QByteArray>("Retry-After", seconds));
}

int StoreFailureLog::folded() const
{
    const std::lock_guard lock(m_mutex);
    return m_folded;
}

} // namespace keyright::server
