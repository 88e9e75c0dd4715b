#pragma once

#include "Clock.h"

#include <atomic>

namespace keyright {

// A base clock seen through a wall-clock offset that can change while it runs: the clock of a
// client machine that is fast (positive offset), slow (negative) or rolled back. The offset does
// not touch monotonic(), exactly as on a real machine. The base clock must outlive this one.
class SkewedClock final : public Clock
{
public:
    explicit SkewedClock(const Clock &base, std::chrono::milliseconds offset = std::chrono::milliseconds {0});

    QDateTime now() const override;
    std::chrono::milliseconds monotonic() const override;
    QString monotonicEpoch() const override { return m_base.monotonicEpoch(); }

    std::chrono::milliseconds offset() const;
    void setOffset(std::chrono::milliseconds offset);

private:
    const Clock &m_base;
    std::atomic<qint64> m_offsetMs;
};

} // namespace keyright
