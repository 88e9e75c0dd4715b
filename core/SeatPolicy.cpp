#include "SeatPolicy.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// The API speaks in seconds; a value that is not a whole number of seconds still reads exactly.
QString seconds(std::chrono::milliseconds ms)
{
    if (ms.count() % 1000 == 0)
        return QString::number(ms.count() / 1000);
    return QString::number(static_cast<double>(ms.count()) / 1000.0, 'f', 3);
}

bool fail(ValidationError *error, const QString &field, const QString &message)
{
    if (error)
        *error = ValidationError {field, message};
    return false;
}

bool validate(qint64 seatCount, std::chrono::milliseconds ttl, std::chrono::milliseconds skew,
              std::chrono::milliseconds reapGrace, ValidationError *error)
{
    if (seatCount < 1)
        return fail(error, u"seatCount"_s, u"seatCount must be at least 1 (got %1)."_s.arg(seatCount));
    if (seatCount > SeatPolicy::maxSeatCount)
        return fail(error, u"seatCount"_s,
                    u"seatCount must be at most %1 (got %2)."_s.arg(SeatPolicy::maxSeatCount).arg(seatCount));
    if (ttl.count() <= 0)
        return fail(error, u"ttlSeconds"_s, u"ttlSeconds must be greater than 0 (got %1)."_s.arg(seconds(ttl)));
    if (ttl > SeatPolicy::maxTtl)
        return fail(
            error, u"ttlSeconds"_s,
            u"ttlSeconds must be at most %1 (24 hours) (got %2)."_s.arg(seconds(SeatPolicy::maxTtl), seconds(ttl)));
    if (skew.count() < 0)
        return fail(error, u"skewSeconds"_s, u"skewSeconds must not be negative (got %1)."_s.arg(seconds(skew)));
    if (skew > SeatPolicy::maxSkew)
        return fail(error, u"skewSeconds"_s,
                    u"skewSeconds must be at most %1 (10 minutes) (got %2)."_s.arg(seconds(SeatPolicy::maxSkew),
                                                                                   seconds(skew)));
    if (reapGrace <= skew)
        return fail(error, u"reapGraceSeconds"_s,
                    u"reapGraceSeconds (%1) must be greater than skewSeconds (%2), or the reaper could delete a "
                    u"seat that the counter still counts as live."_s.arg(seconds(reapGrace), seconds(skew)));
    if (reapGrace > SeatPolicy::maxReapGrace)
        return fail(error, u"reapGraceSeconds"_s,
                    u"reapGraceSeconds must be at most %1 (24 hours) (got %2)."_s.arg(seconds(SeatPolicy::maxReapGrace),
                                                                                      seconds(reapGrace)));
    return true;
}

} // namespace

std::optional<SeatPolicy> SeatPolicy::create(qint64 seatCount, std::chrono::milliseconds ttl,
                                             std::chrono::milliseconds skew, std::chrono::milliseconds reapGrace,
                                             ValidationError *error)
{
    if (!validate(seatCount, ttl, skew, reapGrace, error))
        return std::nullopt;
    return SeatPolicy(static_cast<int>(seatCount), ttl, skew, reapGrace);
}

SeatPolicy::SeatPolicy(int seatCount, std::chrono::milliseconds ttl, std::chrono::milliseconds skew,
                       std::chrono::milliseconds reapGrace)
    : m_seatCount(seatCount)
    , m_ttl(ttl)
    , m_skew(skew)
    , m_reapGrace(reapGrace)
{ }

} // namespace keyright
