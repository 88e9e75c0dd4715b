#include "ServerClockEstimate.h"

#include "AdminTypes.h"

#include <algorithm>

namespace keyright {

using std::chrono::milliseconds;

ServerClockEstimate::ServerClockEstimate(const Clock &local)
    : m_local(local)
{ }

QDateTime ServerClockEstimate::now() const
{
    if (!m_anchorServerMs)
        return m_local.now();
    const milliseconds elapsed = m_local.monotonic() - m_anchorMonotonic;
    return QDateTime::fromMSecsSinceEpoch(*m_anchorServerMs + elapsed.count(), Qt::UTC);
}

milliseconds ServerClockEstimate::monotonic() const
{
    return m_local.monotonic();
}

void ServerClockEstimate::observe(const QDateTime &serverTime, milliseconds roundTrip)
{
    if (!serverTime.isValid())
        return;
    roundTrip = std::max(roundTrip, milliseconds {0});
    const milliseconds received = m_local.monotonic();
    if (isStalled(roundTrip, received))
        return;
    // The server read its clock somewhere during the round trip; the midpoint halves the error.
    m_anchorServerMs = serverTime.toMSecsSinceEpoch();
    m_anchorMonotonic = received - roundTrip / 2;
    m_received = received;
    m_roundTrip = roundTrip;
}

bool ServerClockEstimate::isStalled(milliseconds roundTrip, milliseconds received) const
{
    // An answer that waited (the server's event loop stalled on a database failover, a network
    // hiccup) says little of where in its round trip the server read its clock: right after a
    // failover a stall of 2-6 s read as a clock offset of -1 to -3 s (walk 47). While the held
    // observation is recent and was much quicker, it is the better one.
    if (!m_anchorServerMs || !m_received)
        return false;
    const milliseconds allowed = std::max(m_roundTrip * 4, m_roundTrip + stallMargin);
    return roundTrip > allowed && received - *m_received < stalledSampleMaxAge;
}

void ServerClockEstimate::observe(const ClockOffset &measured)
{
    observe(measured.serverTime, measured.roundTrip);
}

void ServerClockEstimate::reset()
{
    m_anchorServerMs.reset();
    m_received.reset();
    m_roundTrip = milliseconds {0};
}

std::optional<ClockOffset> ServerClockEstimate::offset() const
{
    if (!m_anchorServerMs)
        return std::nullopt;
    ClockOffset result;
    result.serverTime = now();
    result.offset = milliseconds {result.serverTime.toMSecsSinceEpoch() - m_local.nowMs()};
    result.roundTrip = m_roundTrip;
    return result;
}

} // namespace keyright
