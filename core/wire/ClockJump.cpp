#include "wire/ClockJump.h"

#include "wire/JsonReader.h"

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr qint64 maxSizeMs = JsonReader::maxExactInteger - 1;

QString directionOf(qint64 sizeMs)
{
    return sizeMs > 0 ? u"forward"_s : u"backward"_s;
}

} // namespace

QString toWire(JumpedClock clock)
{
    switch (clock) {
    case JumpedClock::Wall:
        return u"wall"_s;
    case JumpedClock::Monotonic:
        return u"monotonic"_s;
    case JumpedClock::Database:
        return u"database"_s;
    }
    return {};
}

std::optional<JumpedClock> jumpedClockFromWire(QStringView name)
{
    for (const JumpedClock clock : {JumpedClock::Wall, JumpedClock::Monotonic, JumpedClock::Database}) {
        if (name == toWire(clock))
            return clock;
    }
    return std::nullopt;
}

QJsonObject ClockJump::toJson() const
{
    return QJsonObject {{u"clock"_s, toWire(clock)},
                        {u"direction"_s, directionOf(sizeMs)},
                        {u"sizeMs"_s, sizeMs},
                        {u"offsetMs"_s, offsetMs}};
}

std::optional<ClockJump> ClockJump::fromJson(const QJsonObject &detail, ValidationError *error)
{
    JsonReader reader;
    ClockJump jump;
    const QString clock = reader.string(detail, {}, u"clock"_s, false);
    if (!reader.failed()) {
        if (const auto known = jumpedClockFromWire(clock))
            jump.clock = *known;
        else
            reader.fail(u"clock"_s, u"is not wall, monotonic or database"_s);
    }
    jump.sizeMs = reader.integer(detail, {}, u"sizeMs"_s, -maxSizeMs, maxSizeMs);
    if (detail.contains(u"offsetMs"_s))
        jump.offsetMs = reader.integer(detail, {}, u"offsetMs"_s, -maxSizeMs, maxSizeMs);
    if (detail.contains(u"direction"_s)) {
        const QString direction = reader.string(detail, {}, u"direction"_s, false);
        if (!reader.failed() && direction != directionOf(jump.sizeMs))
            reader.fail(u"direction"_s, u"does not match the sign of sizeMs"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return jump;
}

} // namespace keyright
