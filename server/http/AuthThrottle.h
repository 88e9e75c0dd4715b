#pragma once

#include <QHash>
#include <QHostAddress>
#include <QString>

#include <chrono>
#include <optional>

namespace keyright {
class Clock;
}

namespace keyright::server {

// Slows down an address that keeps presenting tokens that are not valid: each failure takes one
// of `burst` allowances from the address's bucket, which refills one allowance per `refill`.
// Once the bucket is empty the address's further failures are answered 429 with the time to wait
// instead of 401. A correct token is never counted, delayed or refused, so a colleague behind
// the same NAT as a misconfigured script keeps working.
//
// In memory, on the clock's monotonic reading, and bounded: at most maxAddresses buckets; when
// that many are tracked, the ones that have refilled are forgotten first, then the fullest.
class AuthThrottle
{
public:
    struct Settings
    {
        int burst = 20;
        std::chrono::milliseconds refill {3000};
        int maxAddresses = 4096;
    };

    explicit AuthThrottle(const Clock &clock);
    AuthThrottle(const Clock &clock, Settings settings);

    // Whether `address` may be told that its credential failed (nullopt), or must wait this long
    // before its next attempt is looked at (and gets 429).
    std::optional<std::chrono::seconds> recordFailure(const QHostAddress &address);

    qsizetype trackedAddresses() const { return m_buckets.size(); }

private:
    struct Bucket
    {
        double allowance = 0;
        std::chrono::milliseconds updated {0};
    };
    // The bucket's allowance refilled up to now.
    double refilled(const Bucket &bucket, std::chrono::milliseconds now) const;
    void makeRoom(std::chrono::milliseconds now);

    const Clock &m_clock;
    Settings m_settings;
    QHash<QString, Bucket> m_buckets;
};

} // namespace keyright::server
