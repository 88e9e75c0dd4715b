#pragma once

#include "ValidationError.h"
#include "wire/EventDetail.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// Alert deliveries (issue 29, docs/API.md "Alert endpoints and deliveries"): what a webhook
// receiver gets and how it checks it, and the v1 API's spelling of endpoints and deliveries.
//
// A delivery is POSTed with a JSON body (payloadToJson) and two headers:
//   Keyright-Delivery: <delivery id>       the same for every attempt: the receiver's de-duplication key
//   Keyright-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
// where the secret is the endpoint's, shown once when it was created.
namespace keyright::alerts::webhook {

inline constexpr char deliveryHeader[] = "Keyright-Delivery";
inline constexpr char signatureHeader[] = "Keyright-Signature";
// What is signed: the timestamp, a dot, and the body's bytes as sent.
QByteArray signedString(qint64 unixSeconds, QByteArrayView body);
// "t=<unixSeconds>,v1=<hexMac>".
QByteArray signatureValue(qint64 unixSeconds, QByteArrayView hexMac);

// The payload's "event": what happened to the alert, or a test the admin asked for.
inline constexpr char16_t firedEvent[] = u"alert_fired";
inline constexpr char16_t resolvedEvent[] = u"alert_resolved";
inline constexpr char16_t testEvent[] = u"test";
// A test delivery's "alert.kind": it is about no rule ("ruleId" "test", "since" and "firedAt" the
// time it was asked for).
inline constexpr char16_t testKind[] = u"test";

// The body a receiver gets:
//   {"deliveryId", "event", "time", "licenseId" (null: not about one), "alert": AlertChange's
//    detail, "sentence": the alert said in one English sentence}
struct Payload
{
    QString deliveryId;
    QString event; // firedEvent, resolvedEvent, testEvent
    QDateTime time;
    QString licenseId;
    eventdetail::AlertChange alert;
    QString sentence;

    QJsonObject toJson() const;
    // Lenient: what an email endpoint's mail is written from (the outbox keeps the body as JSON).
    static std::optional<Payload> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
};

// "Alert fired for acme-cad (warning): rule cad-full: 100 % of the seats in use (the rule's
// threshold: 90 %)."; resolved: "Alert resolved for acme-cad (warning): rule cad-full no longer
// holds: ..." with the numbers it fired with. The rule's part is core's alertText(), in English.
QString sentence(const eventdetail::AlertChange &change, bool fired, const QString &licenseId);

// A webhook URL as a viewer sees it: scheme, host and port, and "/…" for a path, query or
// fragment it had (which may carry the receiver's token); a mailto: URL as it is.
QString redactedUrl(const QString &url);

// Endpoint and delivery ids: 32 lowercase hex digits.
bool isValidId(QStringView id);
QString idRule();

// An endpoint's kind: a webhook (an http:// or https:// URL, POSTed to and signed) or email (its
// "url" is mailto:ADDRESS[,ADDRESS...], sent through the server's smtp-* settings; no secret).
inline constexpr char16_t webhookKind[] = u"webhook";
inline constexpr char16_t emailKind[] = u"email";
inline constexpr char16_t mailtoScheme[] = u"mailto:";
// An email endpoint names at most this many addresses.
inline constexpr int maxMailAddresses = 20;
// A plain address local@domain in ASCII, without spaces, angle brackets, quotes or commas: what
// an email endpoint and the server's smtp-from accept.
bool isPlainMailAddress(QStringView address);
// The addresses of "mailto:a@example.org,b@example.org"; nullopt with `problem` naming what is
// wrong (no address, one that is not plain, too many, a query such as ?subject=).
std::optional<QStringList> mailtoAddresses(const QString &url, QString *problem = nullptr);

inline constexpr char16_t endpointsMember[] = u"endpoints";
inline constexpr char16_t deliveriesMember[] = u"deliveries";
inline constexpr char16_t secretMember[] = u"secret";
inline constexpr char16_t deliveryIdMember[] = u"deliveryId";
inline constexpr int maxNameLength = 100;
inline constexpr int maxUrlLength = 2000;
// At most this many endpoints: each fired alert is queued once per enabled endpoint.
inline constexpr int maxEndpoints = 50;
// GET /v1/alerts/deliveries answers at most this many, newest first.
inline constexpr int maxDeliveries = 1000;

// An endpoint as listed: {"id", "name", "kind", "url", "enabled", "createdAt"}; never its secret.
// POST /v1/alerts/endpoints answers the same with "secret", once.
struct Endpoint
{
    QString id;
    QString name;
    QString kind = QString::fromUtf16(webhookKind);
    QString url;
    bool enabled = true;
    QDateTime createdAt;

    QJsonObject toJson() const;
    static std::optional<Endpoint> fromJson(const QJsonValue &json, const QString &path = {},
                                            ValidationError *error = nullptr);
    friend bool operator==(const Endpoint &, const Endpoint &) = default;
};

// POST /v1/alerts/endpoints: {"name", "url", "kind"?, "enabled"?}. The url is http or https with
// a host (a webhook), or mailto: with plain addresses (email). The kind follows from the url; when
// it is given it must agree.
struct NewEndpoint
{
    QString name;
    QString url;
    QString kind = QString::fromUtf16(webhookKind);
    bool enabled = true;

    static std::optional<NewEndpoint> fromJson(const QJsonObject &json, ValidationError *error = nullptr);
    QJsonObject toJson() const;
};

enum class DeliveryStatus { Pending, Delivered, GaveUp };
QString toWire(DeliveryStatus status);
std::optional<DeliveryStatus> statusFromWire(const QString &name);

// A delivery as the log lists it: {"id", "endpointId", "event", "status", "attempts", "createdAt",
// "nextAttemptAt" (pending), "lastAttemptAt", "lastCode" (0: no answer), "lastError"}.
struct Delivery
{
    QString id;
    QString endpointId;
    QString event;
    DeliveryStatus status = DeliveryStatus::Pending;
    int attempts = 0;
    QDateTime createdAt;
    QDateTime nextAttemptAt;
    QDateTime lastAttemptAt;
    int lastCode = 0;
    QString lastError;

    QJsonObject toJson() const;
    static std::optional<Delivery> fromJson(const QJsonValue &json, const QString &path = {},
                                            ValidationError *error = nullptr);
    friend bool operator==(const Delivery &, const Delivery &) = default;
};

QJsonObject endpointsBodyToJson(const QList<Endpoint> &endpoints);
std::optional<QList<Endpoint>> endpointsBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);
QJsonObject deliveriesBodyToJson(const QList<Delivery> &deliveries);
std::optional<QList<Delivery>> deliveriesBodyFromJson(const QJsonObject &json, ValidationError *error = nullptr);

// The retries: 30 s after the first failed attempt, doubling, at most an hour apart; a delivery
// still failing 25 hours after it was queued is given up.
inline constexpr qint64 firstRetryMs = 30 * 1000;
inline constexpr qint64 longestRetryMs = 60 * 60 * 1000;
inline constexpr qint64 giveUpAfterMs = 25 * 60 * 60 * 1000;
// The wait after the attempt numbered `attempts` (1: the first) failed.
qint64 retryDelayMs(int attempts);

} // namespace keyright::alerts::webhook
