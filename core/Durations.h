#pragma once

#include <QString>

#include <chrono>
#include <optional>

namespace keyright {

// For people: "850 ms", "42s", "4m 12s", "3h 05m", "2d 4h". Negative durations get a "-".
QString formatDuration(std::chrono::milliseconds duration);

// "90", "90s", "10m", "2h", "1d", "1h30m": a bare number is seconds. nullopt when malformed or
// negative.
std::optional<std::chrono::milliseconds> parseDuration(QStringView text);

} // namespace keyright
