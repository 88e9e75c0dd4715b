#include "wire/JsonReader.h"

#include "Timestamps.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace Qt::StringLiterals;

namespace keyright {

QString JsonReader::joinPath(const QString &path, const QString &key)
{
    return path.isEmpty() ? key : path + u'.' + key;
}

QString JsonReader::indexPath(const QString &path, qsizetype index)
{
    return u"%1[%2]"_s.arg(path).arg(index);
}

bool JsonReader::report(ValidationError *error) const
{
    if (m_error && error)
        *error = *m_error;
    return !failed();
}

void JsonReader::fail(const QString &path, const QString &what)
{
    if (!m_error)
        m_error = ValidationError {path, path.isEmpty() ? what : path + u' ' + what};
}

void JsonReader::fail(const ValidationError &error)
{
    if (!m_error)
        m_error = error;
}

std::optional<QJsonObject> JsonReader::document(const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        fail({}, u"the body is not JSON (%1 at offset %2)"_s.arg(parseError.errorString()).arg(parseError.offset));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        fail({}, u"the body is not a JSON object"_s);
        return std::nullopt;
    }
    if (const auto twice = duplicateMember(body)) {
        fail(*twice, u"is given more than once"_s);
        return std::nullopt;
    }
    return doc.object();
}

namespace {

// The index of the quote that closes the JSON string opening at `open`.
qsizetype stringEnd(QByteArrayView json, qsizetype open)
{
    qsizetype i = open + 1;
    while (i < json.size() && json[i] != '"')
        i += json[i] == '\\' ? 2 : 1;
    return i;
}

// A member name as QJsonDocument reads it: a name written with escapes is decoded by Qt's own
// parser, so that two spellings of one name are one name here too.
QString memberName(QByteArrayView quoted)
{
    if (!quoted.contains('\\'))
        return QString::fromUtf8(quoted.sliced(1, quoted.size() - 2));
    const QByteArray array = '[' + quoted.toByteArray() + ']';
    return QJsonDocument::fromJson(array).array().at(0).toString();
}

} // namespace

std::optional<QString> JsonReader::duplicateMember(QByteArrayView json)
{
    // A walk over a document Qt has already parsed, so only strings, brackets and commas matter.
    // Hand-written: Qt's parser has no hook for members and keeps one of two silently, and core
    // links no other JSON library.
    struct Frame
    {
        bool object = false;
        QString path;
        QSet<QString> names; // object: the members seen so far
        QString name; // object: the member whose value comes next
        qsizetype index = 0; // array: the element that comes next
    };
    std::vector<Frame> stack;
    bool expectName = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        switch (json[i]) {
        case '"': {
            const qsizetype end = stringEnd(json, i);
            if (expectName && !stack.empty() && stack.back().object) {
                Frame &frame = stack.back();
                const QString name = memberName(json.sliced(i, std::min(end, json.size() - 1) - i + 1));
                if (frame.names.contains(name))
                    return joinPath(frame.path, name);
                frame.names.insert(name);
                frame.name = name;
                expectName = false;
            }
            i = end;
            break;
        }
        case '{':
        case '[': {
            QString path;
            if (!stack.empty())
                path = stack.back().object ? joinPath(stack.back().path, stack.back().name)
                                           : indexPath(stack.back().path, stack.back().index);
            stack.push_back(Frame {json[i] == '{', path, {}, {}, 0});
            expectName = json[i] == '{';
            break;
        }
        case '}':
        case ']':
            if (!stack.empty())
                stack.pop_back();
            expectName = false;
            break;
        case ',':
            if (!stack.empty()) {
                if (stack.back().object)
                    expectName = true;
                else
                    ++stack.back().index;
            }
            break;
        default:
            break;
        }
    }
    return std::nullopt;
}

QJsonValue JsonReader::field(const QJsonObject &object, const QString &path, const QString &key)
{
    const auto it = object.constFind(key);
    if (it == object.constEnd()) {
        fail(joinPath(path, key), u"is missing"_s);
        return {};
    }
    return *it;
}

QString JsonReader::string(const QJsonObject &object, const QString &path, const QString &key, bool allowEmpty)
{
    const QJsonValue value = field(object, path, key);
    if (failed())
        return {};
    if (!value.isString()) {
        fail(joinPath(path, key), u"is not a string"_s);
        return {};
    }
    if (!allowEmpty && value.toString().isEmpty()) {
        fail(joinPath(path, key), u"is empty"_s);
        return {};
    }
    return value.toString();
}

QString JsonReader::optionalString(const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return {};
    if (!value.isString()) {
        fail(joinPath(path, key), u"is not a string"_s);
        return {};
    }
    return value.toString();
}

qint64 JsonReader::integer(const QJsonObject &object, const QString &path, const QString &key, qint64 min, qint64 max)
{
    const QJsonValue value = field(object, path, key);
    if (failed())
        return 0;
    return integerValue(value, joinPath(path, key), min, max);
}

qint64 JsonReader::integerValue(const QJsonValue &value, const QString &path, qint64 min, qint64 max)
{
    if (failed())
        return 0;
    if (!value.isDouble()) {
        fail(path, u"is not a number"_s);
        return 0;
    }
    const double number = value.toDouble();
    if (!std::isfinite(number) || std::trunc(number) != number || std::fabs(number) > double(maxExactInteger)) {
        fail(path, u"is not an integer"_s);
        return 0;
    }
    const auto result = static_cast<qint64>(number);
    if (result < min || result > max) {
        fail(path, u"is %1, outside %2..%3"_s.arg(result).arg(min).arg(max));
        return 0;
    }
    return result;
}

bool JsonReader::boolean(const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = field(object, path, key);
    if (failed())
        return false;
    if (!value.isBool()) {
        fail(joinPath(path, key), u"is not a boolean"_s);
        return false;
    }
    return value.toBool();
}

QDateTime JsonReader::timestamp(const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = field(object, path, key);
    if (failed())
        return {};
    return timestampValue(value, joinPath(path, key));
}

QDateTime JsonReader::timestampValue(const QJsonValue &value, const QString &path)
{
    if (failed())
        return {};
    if (!value.isString()) {
        fail(path, u"is not a string"_s);
        return {};
    }
    const QString text = value.toString();
    const std::optional<QDateTime> time = parseTimestamp(text);
    if (!time) {
        fail(path, u"is not an RFC 3339 UTC timestamp with milliseconds: \"%1\""_s.arg(text.left(64)));
        return {};
    }
    return *time;
}

QJsonArray JsonReader::array(const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = field(object, path, key);
    if (failed())
        return {};
    if (!value.isArray()) {
        fail(joinPath(path, key), u"is not an array"_s);
        return {};
    }
    return value.toArray();
}

QJsonObject JsonReader::object(const QJsonValue &value, const QString &path)
{
    if (failed())
        return {};
    if (!value.isObject()) {
        fail(path, u"is not an object"_s);
        return {};
    }
    return value.toObject();
}

} // namespace keyright
