#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace keyright {

// A grow-only counter replicated across writers: one component per replica, merged by taking the
// per-replica maximum. Pure functions over plain maps; no processes, no I/O. Merging is
// idempotent, commutative and associative, so snapshots delivered late, twice or out of order
// never count anything twice. It totals contributions; it cannot enforce a capacity such as the
// last free seat.
struct GCounter
{
    using State = QMap<QString, quint64>; // replica id -> that replica's own count

    // Adds `by` (>= 1) to `replica`'s component, which must be the caller's own. A zero `by`
    // leaves the state unchanged; the component saturates instead of wrapping around.
    static State increment(State state, const QString &replica, quint64 by = 1);
    // Sum of all components (saturating).
    static quint64 value(const State &state);
    // Per-replica maximum; an absent component counts as 0.
    static State merge(const State &a, const State &b);

    // Replicas whose component in `incoming` is lower than in `held`: a writer that came back
    // with less than it had already reported (amnesia under an old id).
    static QStringList regressions(const State &held, const State &incoming);

    static QJsonObject toJson(const State &state);
    // Rejects non-object input and components that are not non-negative integers.
    static std::optional<State> fromJson(const QJsonValue &json, QString *error = nullptr);
};

} // namespace keyright
