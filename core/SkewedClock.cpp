#include "SkewedClock.h"

namespace keyright {

SkewedClock::SkewedClock(const Clock &base, std::chrono::milliseconds offset)
    : m_base(base)
    , m_offsetMs(offset.count())
{ }

QDateTime SkewedClock::now() const
{
    return m_base.now().addMSecs(m_offsetMs.load());
}

std::chrono::milliseconds SkewedClock::monotonic() const
{
    return m_base.monotonic();
}

std::chrono::milliseconds SkewedClock::offset() const
{
    return std::chrono::milliseconds {m_offsetMs.load()};
}

void SkewedClock::setOffset(std::chrono::milliseconds offset)
{
    m_offsetMs.store(offset.count());
}

} // namespace keyright
