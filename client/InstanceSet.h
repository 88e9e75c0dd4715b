#pragma once

#include <QList>
#include <QString>
#include <QUrl>

#include <chrono>
#include <optional>

namespace keyright {

class Clock;
class LeaseVerifier;

// The server instances of one site as a client sees them: which one to ask first, which ones
// failed lately and must wait out a short back-off, and which ones presented another signing key
// and must never be used. LeaseClient and AdminClient each hold one; it does no networking itself.
//
// Order: the instance that answered last (sticky), then the ones after it in the configured order,
// wrapping round, so the clients of a dead instance move on to the next one, not all to the first.
// An instance that failed is tried after the healthy ones until its back-off (doubling from
// `backoffBase` up to `backoffMax`, on the injected monotonic clock) has passed; then it is an
// ordinary candidate again, so a restarted instance is found without a separate probe loop.
class InstanceSet final
{
public:
    struct Instance
    {
        QUrl url;
        bool keyChecked = false; // its public key was fetched and matched the pinned one
        bool refused = false; // it presented another signing key: never used
        bool up = false; // its last exchange got an answer
        int failures = 0; // consecutive
        std::chrono::milliseconds retryAt {0}; // monotonic; 0 = no back-off
        std::optional<std::chrono::milliseconds> roundTrip; // of its last answer
        QString lastError; // empty after an answer; the refusal for a refused instance
        // The error code of the answer that failed it (a 503 database_unavailable: the instance
        // is up, its database is not); empty after an answer or when it did not answer at all.
        QString lastErrorCode;
    };

    explicit InstanceSet(const Clock &clock);

    // Replaces the list; every instance starts unknown. Duplicates and empty URLs are dropped.
    void setUrls(const QList<QUrl> &urls);
    QList<QUrl> urls() const;
    int size() const { return int(m_instances.size()); }
    bool isEmpty() const { return m_instances.isEmpty(); }
    const Instance &at(int index) const { return m_instances.at(index); }
    int indexOf(const QUrl &url) const;

    void setBackoff(std::chrono::milliseconds base, std::chrono::milliseconds max);

    // The instances one request tries, in order; refused ones never appear.
    QList<int> attemptOrder() const;
    // The sticky instance (the last that answered), or the first usable one; -1 when none.
    int current() const;
    // How many instances answered their last exchange.
    int upCount() const;
    // True once every instance is refused (nothing left to try).
    bool allRefused() const;

    // `stick` false: a probe of that one instance (the health view), which must not move the
    // client's requests to it.
    void markAnswered(int index, std::chrono::milliseconds roundTrip, bool stick = true);
    void markFailed(int index, const QString &why, const QString &code = {});
    void markKeyChecked(int index);
    void markRefused(int index, const QString &why);

    // Whether an instance presents the key the client pinned (the bytes of the Ed25519 public key).
    static bool sameKey(const LeaseVerifier &pinned, const LeaseVerifier &presented);

private:
    bool inBackoff(const Instance &instance) const;

    const Clock &m_clock;
    QList<Instance> m_instances;
    int m_sticky = -1;
    std::chrono::milliseconds m_backoffBase {1000};
    std::chrono::milliseconds m_backoffMax {15000};
};

} // namespace keyright
