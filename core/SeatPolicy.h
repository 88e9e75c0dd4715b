#pragma once

#include "ValidationError.h"

#include <chrono>
#include <optional>

namespace keyright {

// How a license hands out seats. Only create() makes one, and only from valid values, so a
// SeatPolicy in hand is always coherent (in particular reapGrace > skew, which keeps the reaper
// from deleting a row the counter would still count).
class SeatPolicy
{
public:
    static constexpr int maxSeatCount = 100000;
    static constexpr std::chrono::milliseconds maxTtl = std::chrono::hours {24};
    static constexpr std::chrono::milliseconds maxSkew = std::chrono::minutes {10};
    static constexpr std::chrono::milliseconds maxReapGrace = std::chrono::hours {24};

    // Field names in errors are those of the v1 API: seatCount, ttlSeconds, skewSeconds,
    // reapGraceSeconds.
    static std::optional<SeatPolicy> create(qint64 seatCount, std::chrono::milliseconds ttl,
                                            std::chrono::milliseconds skew, std::chrono::milliseconds reapGrace,
                                            ValidationError *error = nullptr);

    int seatCount() const { return m_seatCount; }
    std::chrono::milliseconds ttl() const { return m_ttl; }
    std::chrono::milliseconds skew() const { return m_skew; }
    std::chrono::milliseconds reapGrace() const { return m_reapGrace; }

    friend bool operator==(const SeatPolicy &, const SeatPolicy &) = default;

private:
    SeatPolicy(int seatCount, std::chrono::milliseconds ttl, std::chrono::milliseconds skew,
               std::chrono::milliseconds reapGrace);

    int m_seatCount;
    std::chrono::milliseconds m_ttl;
    std::chrono::milliseconds m_skew;
    std::chrono::milliseconds m_reapGrace;
};

} // namespace keyright
