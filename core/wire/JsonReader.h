#pragma once

#include "ValidationError.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace keyright {

// Reads the fields of a wire message and keeps the first problem, as a ValidationError whose
// field is the path of the value ("licenses[2].seatCount") and whose message names that path
// ("licenses[2].seatCount is not an integer"). Reads after a failure return defaults, so a decoder
// can read everything and check once at the end. Shared by every codec of the v1 API, so the
// server's and the client's decoders describe a bad message in the same words.
class JsonReader
{
public:
    // Largest integer a JSON number (an IEEE double) carries exactly.
    static constexpr qint64 maxExactInteger = qint64(1) << 53;

    static QString joinPath(const QString &path, const QString &key);
    static QString indexPath(const QString &path, qsizetype index);

    bool failed() const { return m_error.has_value(); }
    ValidationError error() const { return m_error.value_or(ValidationError {}); }
    // The error as one sentence (empty when nothing failed).
    QString message() const { return m_error ? m_error->message : QString(); }
    // Copies the error to `error` when there is one and `error` is not null; returns !failed().
    bool report(ValidationError *error) const;

    // Records `what` about the value at `path` ("is missing"), unless a problem is already kept.
    void fail(const QString &path, const QString &what);
    // Keeps the error a nested codec reported, unless a problem is already kept.
    void fail(const ValidationError &error);

    // The body as a JSON object. A member given twice in one object is refused, as it is in every
    // request body the server reads.
    std::optional<QJsonObject> document(const QByteArray &body);

    // The path of the first member that is given twice in one object of `json` ("holder",
    // "rules.max[1].group"), or nullopt when there is none. QJsonDocument keeps one of them
    // silently, so two readers of the same bytes could disagree on the value (issue 24). `json`
    // must already have parsed as JSON.
    static std::optional<QString> duplicateMember(QByteArrayView json);

    QJsonValue field(const QJsonObject &object, const QString &path, const QString &key);
    QString string(const QJsonObject &object, const QString &path, const QString &key, bool allowEmpty = true);
    // A label the sender may leave out or send as null.
    QString optionalString(const QJsonObject &object, const QString &path, const QString &key);
    qint64 integer(const QJsonObject &object, const QString &path, const QString &key, qint64 min, qint64 max);
    qint64 integerValue(const QJsonValue &value, const QString &path, qint64 min, qint64 max);
    bool boolean(const QJsonObject &object, const QString &path, const QString &key);
    QDateTime timestamp(const QJsonObject &object, const QString &path, const QString &key);
    QDateTime timestampValue(const QJsonValue &value, const QString &path);
    QJsonArray array(const QJsonObject &object, const QString &path, const QString &key);
    QJsonObject object(const QJsonValue &value, const QString &path);

private:
    std::optional<ValidationError> m_error;
};

// The writing side of a name-to-number map: an object with one member per key, in the map's order.
template <typename Map>
QJsonObject jsonObjectOf(const Map &map)
{
    QJsonObject json;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        json.insert(it.key(), it.value());
    return json;
}

} // namespace keyright
