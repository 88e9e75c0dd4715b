#include "GCounter.h"

#include <QJsonValue>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

constexpr quint64 maxComponent = std::numeric_limits<quint64>::max();
// Above this a JSON number is not read back exactly by every implementation, so larger
// components travel as decimal strings.
constexpr quint64 maxExactJsonNumber = (quint64 {1} << 53) - 1;

quint64 saturatingAdd(quint64 a, quint64 b)
{
    return b > maxComponent - a ? maxComponent : a + b;
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

} // namespace

GCounter::State GCounter::increment(State state, const QString &replica, quint64 by)
{
    if (by == 0)
        return state;
    quint64 &component = state[replica];
    component = saturatingAdd(component, by);
    return state;
}

quint64 GCounter::value(const State &state)
{
    quint64 total = 0;
    for (const quint64 component : state)
        total = saturatingAdd(total, component);
    return total;
}

GCounter::State GCounter::merge(const State &a, const State &b)
{
    State result = a;
    for (auto it = b.cbegin(); it != b.cend(); ++it) {
        quint64 &component = result[it.key()]; // absent in a: starts at 0, as the rule says
        component = std::max(component, it.value());
    }
    return result;
}

QStringList GCounter::regressions(const State &held, const State &incoming)
{
    // Only components the incoming state actually carries: an absent one means "has not heard of
    // it yet", which is ordinary lag, not a writer that forgot what it had counted.
    QStringList replicas;
    for (auto it = incoming.cbegin(); it != incoming.cend(); ++it) {
        if (it.value() < held.value(it.key(), 0))
            replicas.append(it.key());
    }
    return replicas;
}

QJsonObject GCounter::toJson(const State &state)
{
    QJsonObject json;
    for (auto it = state.cbegin(); it != state.cend(); ++it) {
        if (it.value() <= maxExactJsonNumber)
            json.insert(it.key(), static_cast<qint64>(it.value()));
        else
            json.insert(it.key(), QString::number(it.value()));
    }
    return json;
}

std::optional<GCounter::State> GCounter::fromJson(const QJsonValue &json, QString *error)
{
    if (!json.isObject()) {
        fail(error, u"A G-Counter state must be a JSON object mapping replica ids to counts."_s);
        return std::nullopt;
    }
    const QJsonObject object = json.toObject();
    State state;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        const QJsonValue value = it.value();
        quint64 component = 0;
        bool ok = false;
        if (value.isDouble()) {
            const qint64 number = value.toInteger(-1);
            ok = number >= 0 && static_cast<quint64>(number) <= maxExactJsonNumber;
            component = static_cast<quint64>(number);
        } else if (value.isString()) {
            // Only plain decimal digits: toULongLong alone would also take "+5" or " 5".
            const QString text = value.toString();
            ok = !text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar c) {
                return c.unicode() >= u'0' && c.unicode() <= u'9';
            });
            if (ok)
                component = text.toULongLong(&ok);
        }
        if (!ok) {
            fail(error, u"Component \"%1\" must be a non-negative whole number."_s.arg(it.key()));
            return std::nullopt;
        }
        state.insert(it.key(), component);
    }
    return state;
}

} // namespace keyright
