#include "http/AuthThrottle.h"

#include "Clock.h"

#include <algorithm>
#include <cmath>

namespace keyright::server {

AuthThrottle::AuthThrottle(const Clock &clock)
    : AuthThrottle(clock, Settings {})
{ }

AuthThrottle::AuthThrottle(const Clock &clock, Settings settings)
    : m_clock(clock)
    , m_settings(settings)
{ }

double AuthThrottle::refilled(const Bucket &bucket, std::chrono::milliseconds now) const
{
    const double elapsed = double((now - bucket.updated).count());
    return std::min(double(m_settings.burst),
                    bucket.allowance + std::max(0.0, elapsed) / double(m_settings.refill.count()));
}

void AuthThrottle::makeRoom(std::chrono::milliseconds now)
{
    // A bucket that has refilled is the same as no bucket.
    for (auto it = m_buckets.begin(); it != m_buckets.end();) {
        if (refilled(*it, now) >= m_settings.burst)
            it = m_buckets.erase(it);
        else
            ++it;
    }
    if (m_buckets.size() < m_settings.maxAddresses)
        return;
    auto fullest = m_buckets.begin();
    for (auto it = m_buckets.begin(); it != m_buckets.end(); ++it) {
        if (refilled(*it, now) > refilled(*fullest, now))
            fullest = it;
    }
    m_buckets.erase(fullest);
}

std::optional<std::chrono::seconds> AuthThrottle::recordFailure(const QHostAddress &address)
{
    const std::chrono::milliseconds now = m_clock.monotonic();
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    const QString key = isV4 ? QHostAddress(v4).toString() : address.toString();
    auto it = m_buckets.find(key);
    if (it == m_buckets.end()) {
        if (m_buckets.size() >= m_settings.maxAddresses)
            makeRoom(now);
        it = m_buckets.insert(key, Bucket {double(m_settings.burst), now});
    }
    const double allowance = refilled(*it, now);
    it->updated = now;
    if (allowance >= 1.0) {
        it->allowance = allowance - 1.0;
        return std::nullopt;
    }
    it->allowance = allowance;
    const double waitMs = (1.0 - allowance) * double(m_settings.refill.count());
    return std::chrono::seconds(qint64(std::ceil(waitMs / 1000.0)));
}

} // namespace keyright::server
