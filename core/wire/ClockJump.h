#pragma once

#include "ValidationError.h"

#include <QJsonObject>
#include <QString>
#include <QStringView>

#include <optional>

namespace keyright {

// Which clock a `clock_jumped` event is about (its `clock` detail, docs/API.md).
enum class JumpedClock {
    Wall, // the server's own wall clock (SQLite: the clock leases are decided on)
    Monotonic, // the server's own monotonic clock went backwards
    Database, // the database's clock, which every instance on PostgreSQL decides with
};

QString toWire(JumpedClock clock);
// nullopt for a name that is not a clock (names are case-sensitive).
std::optional<JumpedClock> jumpedClockFromWire(QStringView name);

// The detail of a `clock_jumped` event. The server encodes it with toJson(), the dashboard and
// the CLI read it with fromJson().
struct ClockJump
{
    JumpedClock clock = JumpedClock::Wall;
    // How much further (> 0, "forward") or less far (< 0, "backward") the clock moved than real
    // time did.
    qint64 sizeMs = 0;
    // The clock that jumped minus the "now" leases are decided with, right after the jump.
    qint64 offsetMs = 0;

    bool isForward() const { return sizeMs > 0; }

    QJsonObject toJson() const;
    static std::optional<ClockJump> fromJson(const QJsonObject &detail, ValidationError *error = nullptr);

    friend bool operator==(const ClockJump &, const ClockJump &) = default;
};

} // namespace keyright
