#include "wire/AlertWebhook.h"

#include "AlertText.h"
#include "Timestamps.h"
#include "wire/AlertJson.h"
#include "wire/JsonReader.h"

#include <QJsonArray>
#include <QUrl>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace keyright::alerts::webhook {

namespace {

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(formatTimestamp(time)) : QJsonValue(QJsonValue::Null);
}

QDateTime optionalTime(JsonReader &reader, const QJsonObject &object, const QString &path, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return {};
    return reader.timestampValue(value, JsonReader::joinPath(path, key));
}

bool isLowercaseHex(QStringView text)
{
    return std::all_of(text.begin(), text.end(),
                       [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'); });
}

} // namespace

QByteArray signedString(qint64 unixSeconds, QByteArrayView body)
{
    return QByteArray::number(unixSeconds) + '.' + body.toByteArray();
}

QByteArray signatureValue(qint64 unixSeconds, QByteArrayView hexMac)
{
    return "t=" + QByteArray::number(unixSeconds) + ",v1=" + hexMac.toByteArray();
}

QJsonObject Payload::toJson() const
{
    QJsonObject change = alert.toJson();
    // A test is about no rule: its kind says so rather than the first kind's name (walk 51a #15).
    if (event == QStringView(testEvent))
        change.insert(u"kind"_s, QString::fromUtf16(testKind));
    return QJsonObject {
        {u"deliveryId"_s, deliveryId},
        {u"event"_s, event},
        {u"time"_s, timeOrNull(time)},
        {u"licenseId"_s, licenseId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(licenseId)},
        {u"alert"_s, change},
        {u"sentence"_s, sentence},
    };
}

std::optional<Payload> Payload::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    Payload payload;
    payload.deliveryId = reader.string(json, {}, u"deliveryId"_s, false);
    payload.event = reader.string(json, {}, u"event"_s, false);
    payload.time = optionalTime(reader, json, {}, u"time"_s);
    payload.licenseId = reader.optionalString(json, {}, u"licenseId"_s);
    payload.alert = eventdetail::AlertChange::fromJson(json.value(u"alert"_s).toObject());
    payload.sentence = reader.string(json, {}, u"sentence"_s);
    if (!reader.report(error))
        return std::nullopt;
    return payload;
}

QString sentence(const eventdetail::AlertChange &change, bool fired, const QString &licenseId)
{
    // The rule and its numbers as the dashboard says them (AlertText), in English, with dates that
    // do not depend on the server's locale.
    const QString subject = licenseId.isEmpty() ? u"the server"_s : licenseId;
    return u"Alert %1 for %2 (%3): %4."_s.arg(fired ? u"fired"_s : u"resolved"_s, subject,
                                              alerts::toWire(change.severity), alertText(change, fired, QLocale::c()));
}

QString redactedUrl(const QString &url)
{
    if (url.startsWith(QString::fromUtf16(mailtoScheme), Qt::CaseInsensitive))
        return url;
    const QUrl parsed(url);
    const QString origin
        = parsed.adjusted(QUrl::RemoveUserInfo | QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment)
              .toString();
    const bool more = (!parsed.path().isEmpty() && parsed.path() != u"/"_s) || parsed.hasQuery() || parsed.hasFragment()
        || !parsed.userInfo().isEmpty();
    return more ? origin + u"/…"_s : origin;
}

bool isValidId(QStringView id)
{
    return id.size() == 32 && isLowercaseHex(id);
}

QString idRule()
{
    return u"32 lowercase hexadecimal digits"_s;
}

bool isPlainMailAddress(QStringView address)
{
    const qsizetype at = address.lastIndexOf(u'@');
    if (at <= 0 || at == address.size() - 1 || address.size() > 254)
        return false;
    for (const QChar c : address) {
        if (c.unicode() <= 0x20 || c.unicode() >= 0x7f || QStringView(u"<>()[],;:\\\"").contains(c))
            return false;
    }
    return address.indexOf(u'@') == at;
}

std::optional<QStringList> mailtoAddresses(const QString &url, QString *problem)
{
    const auto refuse = [problem](const QString &why) -> std::optional<QStringList> {
        if (problem)
            *problem = why;
        return std::nullopt;
    };
    const QString scheme = QString::fromUtf16(mailtoScheme);
    if (!url.startsWith(scheme, Qt::CaseInsensitive))
        return refuse(u"is not a mailto: address"_s);
    const QString list = url.mid(scheme.size());
    if (list.contains(u'?'))
        return refuse(u"is mailto: with a query (?subject= and the like are not kept): give only the addresses"_s);
    QStringList addresses;
    for (const QString &part : list.split(u',')) {
        const QString address = part.trimmed();
        if (address.isEmpty())
            continue;
        if (!isPlainMailAddress(address))
            return refuse(
                u"holds \"%1\", which is not a plain address such as ops@example.org"_s.arg(address.left(100)));
        if (!addresses.contains(address))
            addresses.append(address);
    }
    if (addresses.isEmpty())
        return refuse(u"is mailto: without an address (mailto:ops@example.org,lead@example.org)"_s);
    if (addresses.size() > maxMailAddresses)
        return refuse(
            u"names %1 addresses; an email endpoint sends to %2 at most"_s.arg(addresses.size()).arg(maxMailAddresses));
    return addresses;
}

QJsonObject Endpoint::toJson() const
{
    return QJsonObject {
        {u"id"_s, id},   {u"name"_s, name},       {u"kind"_s, kind},
        {u"url"_s, url}, {u"enabled"_s, enabled}, {u"createdAt"_s, timeOrNull(createdAt)},
    };
}

std::optional<Endpoint> Endpoint::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    Endpoint endpoint;
    endpoint.id = reader.string(object, path, u"id"_s, false);
    endpoint.name = reader.string(object, path, u"name"_s);
    endpoint.kind = reader.string(object, path, u"kind"_s, false);
    endpoint.url = reader.string(object, path, u"url"_s);
    endpoint.enabled = reader.boolean(object, path, u"enabled"_s);
    endpoint.createdAt = optionalTime(reader, object, path, u"createdAt"_s);
    if (!reader.report(error))
        return std::nullopt;
    return endpoint;
}

std::optional<NewEndpoint> NewEndpoint::fromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    NewEndpoint endpoint;
    endpoint.name = reader.string(json, {}, u"name"_s, false);
    endpoint.url = reader.string(json, {}, u"url"_s, false);
    const QString kind = json.contains(u"kind"_s) ? reader.string(json, {}, u"kind"_s, false) : QString();
    if (json.contains(u"enabled"_s))
        endpoint.enabled = reader.boolean(json, {}, u"enabled"_s);
    if (!reader.failed() && endpoint.name.size() > maxNameLength)
        reader.fail(u"name"_s, u"is longer than %1 characters"_s.arg(maxNameLength));
    if (!reader.failed() && endpoint.url.size() > maxUrlLength)
        reader.fail(u"url"_s, u"is longer than %1 characters"_s.arg(maxUrlLength));
    if (!reader.failed() && !kind.isEmpty() && kind != QStringView(webhookKind) && kind != QStringView(emailKind))
        reader.fail(u"kind"_s, u"\"%1\" is not one of webhook, email"_s.arg(kind.left(40)));
    const bool mail = endpoint.url.startsWith(QString::fromUtf16(mailtoScheme), Qt::CaseInsensitive);
    if (!reader.failed()) {
        endpoint.kind = QString::fromUtf16(mail ? emailKind : webhookKind);
        if (!kind.isEmpty() && kind != endpoint.kind)
            reader.fail(u"kind"_s,
                        mail ? u"is \"%1\" but the url is a mailto: address"_s.arg(kind)
                             : u"is \"email\" but the url is not mailto:ADDRESS[,ADDRESS...]"_s);
    }
    if (!reader.failed() && mail) {
        QString problem;
        if (const auto addresses = mailtoAddresses(endpoint.url, &problem))
            endpoint.url = QString::fromUtf16(mailtoScheme) + addresses->join(u',');
        else
            reader.fail(u"url"_s, problem);
    } else if (!reader.failed()) {
        const QUrl url(endpoint.url, QUrl::StrictMode);
        const QString scheme = url.scheme();
        if (!url.isValid() || (scheme != u"http"_s && scheme != u"https"_s) || url.host().isEmpty())
            reader.fail(u"url"_s,
                        u"is not an http:// or https:// address with a host, nor mailto:ADDRESS[,ADDRESS...]"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return endpoint;
}

QJsonObject NewEndpoint::toJson() const
{
    return QJsonObject {{u"name"_s, name}, {u"url"_s, url}, {u"kind"_s, kind}, {u"enabled"_s, enabled}};
}

QString toWire(DeliveryStatus status)
{
    switch (status) {
    case DeliveryStatus::Pending:
        return u"pending"_s;
    case DeliveryStatus::Delivered:
        return u"delivered"_s;
    case DeliveryStatus::GaveUp:
        return u"gave_up"_s;
    }
    return {};
}

std::optional<DeliveryStatus> statusFromWire(const QString &name)
{
    for (const DeliveryStatus status : {DeliveryStatus::Pending, DeliveryStatus::Delivered, DeliveryStatus::GaveUp}) {
        if (toWire(status) == name)
            return status;
    }
    return std::nullopt;
}

QJsonObject Delivery::toJson() const
{
    return QJsonObject {
        {u"id"_s, id},
        {u"endpointId"_s, endpointId},
        {u"event"_s, event},
        {u"status"_s, toWire(status)},
        {u"attempts"_s, attempts},
        {u"createdAt"_s, timeOrNull(createdAt)},
        {u"nextAttemptAt"_s, timeOrNull(nextAttemptAt)},
        {u"lastAttemptAt"_s, timeOrNull(lastAttemptAt)},
        {u"lastCode"_s, lastCode},
        {u"lastError"_s, lastError},
    };
}

std::optional<Delivery> Delivery::fromJson(const QJsonValue &json, const QString &path, ValidationError *error)
{
    JsonReader reader;
    const QJsonObject object = reader.object(json, path);
    Delivery delivery;
    delivery.id = reader.string(object, path, u"id"_s, false);
    delivery.endpointId = reader.string(object, path, u"endpointId"_s);
    delivery.event = reader.string(object, path, u"event"_s);
    const QString status = reader.string(object, path, u"status"_s, false);
    delivery.attempts = int(reader.integer(object, path, u"attempts"_s, 0, std::numeric_limits<int>::max()));
    delivery.createdAt = optionalTime(reader, object, path, u"createdAt"_s);
    delivery.nextAttemptAt = optionalTime(reader, object, path, u"nextAttemptAt"_s);
    delivery.lastAttemptAt = optionalTime(reader, object, path, u"lastAttemptAt"_s);
    delivery.lastCode = int(reader.integer(object, path, u"lastCode"_s, 0, 999));
    delivery.lastError = reader.string(object, path, u"lastError"_s);
    if (!reader.failed()) {
        if (const auto known = statusFromWire(status))
            delivery.status = *known;
        else
            reader.fail(JsonReader::joinPath(path, u"status"_s), u"is not one of pending, delivered, gave_up"_s);
    }
    if (!reader.report(error))
        return std::nullopt;
    return delivery;
}

QJsonObject endpointsBodyToJson(const QList<Endpoint> &endpoints)
{
    QJsonArray array;
    for (const Endpoint &endpoint : endpoints)
        array.append(endpoint.toJson());
    return QJsonObject {{QString::fromUtf16(endpointsMember), array}};
}

std::optional<QList<Endpoint>> endpointsBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    const QString member = QString::fromUtf16(endpointsMember);
    const QJsonArray array = reader.array(json, {}, member);
    QList<Endpoint> endpoints;
    for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i) {
        ValidationError why;
        if (const auto endpoint = Endpoint::fromJson(array.at(i), JsonReader::indexPath(member, i), &why))
            endpoints.append(*endpoint);
        else
            reader.fail(why);
    }
    if (!reader.report(error))
        return std::nullopt;
    return endpoints;
}

QJsonObject deliveriesBodyToJson(const QList<Delivery> &deliveries)
{
    QJsonArray array;
    for (const Delivery &delivery : deliveries)
        array.append(delivery.toJson());
    return QJsonObject {{QString::fromUtf16(deliveriesMember), array}};
}

std::optional<QList<Delivery>> deliveriesBodyFromJson(const QJsonObject &json, ValidationError *error)
{
    JsonReader reader;
    const QString member = QString::fromUtf16(deliveriesMember);
    const QJsonArray array = reader.array(json, {}, member);
    QList<Delivery> deliveries;
    for (qsizetype i = 0; i < array.size() && !reader.failed(); ++i) {
        ValidationError why;
        if (const auto delivery = Delivery::fromJson(array.at(i), JsonReader::indexPath(member, i), &why))
            deliveries.append(*delivery);
        else
            reader.fail(why);
    }
    if (!reader.report(error))
        return std::nullopt;
    return deliveries;
}

qint64 retryDelayMs(int attempts)
{
    qint64 delay = firstRetryMs;
    for (int i = 1; i < attempts && delay < longestRetryMs; ++i)
        delay *= 2;
    return std::min(delay, longestRetryMs);
}

} // namespace keyright::alerts::webhook
