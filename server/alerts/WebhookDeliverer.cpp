#include "alerts/WebhookDeliverer.h"

#include "Clock.h"
#include "Crypto.h"
#include "alerts/AlertMail.h"
#include "alerts/AlertSecretBox.h"
#include "alerts/SmtpMailer.h"
#include "wire/AlertWebhook.h"
#include "wire/EventDetail.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

#include <memory>

using namespace Qt::StringLiterals;

namespace keyright::server {

Q_LOGGING_CATEGORY(lcWebhooks, "keyright.server.webhooks")

namespace webhook = alerts::webhook;
using webhook::Delivery;
using webhook::DeliveryStatus;

namespace {

constexpr qsizetype maxErrorLength = 300;

StoredAlertDelivery newDelivery(const QString &endpointId, const webhook::Payload &payload, const QDateTime &now)
{
    StoredAlertDelivery stored;
    stored.delivery.id = payload.deliveryId;
    stored.delivery.endpointId = endpointId;
    stored.delivery.event = payload.event;
    stored.delivery.status = DeliveryStatus::Pending;
    stored.delivery.createdAt = now;
    stored.delivery.nextAttemptAt = now;
    stored.payload = QJsonDocument(payload.toJson()).toJson(QJsonDocument::Compact);
    return stored;
}

} // namespace

WebhookDeliverer::WebhookDeliverer(LeaseStore &store, const Clock &clock, const Clock &wallClock,
                                   const AlertSecretBox &secrets, QString owner, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_clock(clock)
    , m_wallClock(wallClock)
    , m_secrets(secrets)
    , m_owner(std::move(owner))
{
    m_network.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        try {
            deliverDue();
        } catch (const StoreError &failure) {
            qCWarning(lcWebhooks, "cannot claim the alert deliveries due: %s", failure.what());
        }
    });
}

WebhookDeliverer::~WebhookDeliverer()
{
    // Attempts in flight are dropped, and every claim of this instance lifted: another instance
    // (or this one, started again) sends them at once, with the same ids, rather than after the
    // claims lapse.
    const QList<QNetworkReply *> replies = m_network.findChildren<QNetworkReply *>();
    for (QNetworkReply *reply : replies) {
        reply->disconnect(this);
        reply->abort();
    }
    try {
        int released = 0;
        m_store.withStore([&] { released = m_store.releaseAlertClaims(m_owner); });
        if (released > 0)
            qCInfo(lcWebhooks, "released %d alert deliveries this instance held", released);
    } catch (const StoreError &failure) {
        qCWarning(lcWebhooks,
                  "cannot release this instance's alert deliveries (they are sent again once their "
                  "claims lapse): %s",
                  failure.what());
    }
}

QStringList WebhookDeliverer::queueAlert(LeaseStore &store, const EventRecord &event)
{
    const bool fired = event.kind == EventKind::AlertFired;
    if (!fired && event.kind != EventKind::AlertResolved)
        return {};
    QStringList ids;
    const auto change = eventdetail::AlertChange::fromJson(event.detail);
    for (const StoredAlertEndpoint &endpoint : store.alertEndpoints()) {
        if (!endpoint.endpoint.enabled
            || (endpoint.endpoint.kind != QStringView(webhook::webhookKind)
                && endpoint.endpoint.kind != QStringView(webhook::emailKind)))
            continue;
        webhook::Payload payload;
        payload.deliveryId = crypto::randomHex(16);
        payload.event = QString::fromUtf16(fired ? webhook::firedEvent : webhook::resolvedEvent);
        payload.time = event.time;
        payload.licenseId = event.licenseId;
        payload.alert = change;
        payload.sentence = webhook::sentence(change, fired, event.licenseId);
        store.queueAlertDelivery(newDelivery(endpoint.endpoint.id, payload, event.time));
        ids.append(payload.deliveryId);
    }
    return ids;
}

QString WebhookDeliverer::queueTest(LeaseStore &store, const webhook::Endpoint &endpoint, const QDateTime &now)
{
    webhook::Payload payload;
    payload.deliveryId = crypto::randomHex(16);
    payload.event = QString::fromUtf16(webhook::testEvent);
    payload.time = now;
    payload.alert.ruleId = QString::fromUtf16(webhook::testKind);
    payload.alert.since = now;
    payload.alert.firedAt = now;
    payload.sentence = u"A test of the alert endpoint \"%1\" asked for by an administrator."_s.arg(endpoint.name);
    store.queueAlertDelivery(newDelivery(endpoint.id, payload, now));
    return payload.deliveryId;
}

QList<webhook::Endpoint> WebhookDeliverer::endpoints()
{
    QList<webhook::Endpoint> list;
    m_store.withStore([&] {
        list.clear();
        for (const StoredAlertEndpoint &stored : m_store.alertEndpoints())
            list.append(stored.endpoint);
    });
    return list;
}

std::optional<WebhookDeliverer::Created> WebhookDeliverer::addEndpoint(const webhook::NewEndpoint &request,
                                                                       ValidationError *error)
{
    // 32 random bytes as hex: the receiver keys its HMAC with these 64 characters.
    const QString hex = crypto::randomHex(32);
    SecretBuffer secret = SecretBuffer::copyOf(hex.toLatin1());
    webhook::Endpoint endpoint;
    endpoint.id = crypto::randomHex(16);
    endpoint.name = request.name;
    endpoint.url = request.url;
    endpoint.kind = request.kind;
    endpoint.enabled = request.enabled;
    std::optional<ValidationError> refused;
    m_store.withStore([&] {
        refused.reset();
        endpoint.createdAt = m_clock.now();
        const QList<StoredAlertEndpoint> existing = m_store.alertEndpoints();
        if (existing.size() >= webhook::maxEndpoints) {
            refused = ValidationError {u"name"_s,
                                       u"there are already %1 alert endpoints, the most a server keeps: "
                                       "remove one first"_s.arg(webhook::maxEndpoints)};
            return;
        }
        for (const StoredAlertEndpoint &other : existing) {
            if (other.endpoint.name == request.name) {
                refused = ValidationError {u"name"_s, u"an alert endpoint is already named \"%1\""_s.arg(request.name)};
                return;
            }
        }
        m_store.insertAlertEndpoint(StoredAlertEndpoint {endpoint, m_secrets.seal(secret.view()), {}});
    });
    if (refused) {
        if (error)
            *error = *refused;
        return std::nullopt;
    }
    return Created {endpoint, std::move(secret)};
}

bool WebhookDeliverer::removeEndpoint(const QString &id)
{
    bool removed = false;
    m_store.withStore([&] { removed = m_store.deleteAlertEndpoint(id); });
    return removed;
}

std::optional<QString> WebhookDeliverer::queueTest(const QString &endpointId)
{
    std::optional<QString> id;
    m_store.withStore([&] {
        id.reset();
        for (const StoredAlertEndpoint &stored : m_store.alertEndpoints()) {
            if (stored.endpoint.id == endpointId)
                id = queueTest(m_store, stored.endpoint, m_clock.now());
        }
    });
    return id;
}

QList<Delivery> WebhookDeliverer::deliveries(const QString &endpointId, std::optional<DeliveryStatus> status, int limit)
{
    QList<Delivery> list;
    m_store.withStore([&] { list = m_store.alertDeliveries(endpointId, status, limit); });
    return list;
}

bool WebhookDeliverer::redeliver(const QString &id)
{
    bool queued = false;
    m_store.withStore([&] { queued = m_store.requeueAlertDelivery(id, m_clock.now()); });
    return queued;
}

QHash<DeliveryStatus, int> WebhookDeliverer::counts()
{
    QHash<DeliveryStatus, int> counts;
    m_store.withStore([&] { counts = m_store.alertDeliveryCounts(m_clock.now().addMSecs(-gaveUpWindow.count())); });
    return counts;
}

int WebhookDeliverer::deliverDue()
{
    QList<StoredAlertDelivery> claimed;
    QList<StoredAlertEndpoint> endpoints;
    m_store.withStore([&] {
        const QDateTime now = m_clock.now();
        claimed = m_store.claimAlertDeliveries(m_owner, now, now.addMSecs(claimDuration.count()), claimBatch);
        endpoints = claimed.isEmpty() ? QList<StoredAlertEndpoint>() : m_store.alertEndpoints();
    });
    const QDateTime now = m_clock.now();
    if (!m_lastPrune.isValid() || m_lastPrune.msecsTo(now) >= pruneEvery.count() || now < m_lastPrune) {
        int pruned = 0;
        m_store.withStore([&] { pruned = m_store.pruneAlertDeliveries(now.addMSecs(-keepFinished.count())); });
        m_lastPrune = now;
        if (pruned > 0)
            qCInfo(lcWebhooks, "pruned %d alert deliveries finished more than 30 days ago", pruned);
    }
    int started = 0;
    for (const StoredAlertDelivery &delivery : std::as_const(claimed)) {
        if (m_inFlight.contains(delivery.delivery.id))
            continue; // still in flight here: its claim lapsed while it waited
        send(delivery, endpoints);
        ++started;
    }
    return started;
}

void WebhookDeliverer::send(const StoredAlertDelivery &stored, const QList<StoredAlertEndpoint> &endpoints)
{
    const Delivery &delivery = stored.delivery;
    const auto endpoint = std::find_if(endpoints.cbegin(), endpoints.cend(), [&](const StoredAlertEndpoint &e) {
        return e.endpoint.id == delivery.endpointId;
    });
    if (endpoint == endpoints.cend()) {
        Delivery ended = delivery;
        ended.status = DeliveryStatus::GaveUp;
        ended.nextAttemptAt = {};
        ended.lastError = u"the endpoint was removed"_s;
        m_inFlight.insert(delivery.id);
        record(ended, 0, ended.lastError);
        return;
    }
    if (endpoint->endpoint.kind == QStringView(webhook::emailKind)) {
        sendMail(stored, *endpoint);
        return;
    }
    std::optional<SecretBuffer> secret = m_secrets.open(endpoint->sealedSecret);
    if (!secret) {
        // A failed attempt rather than the end: an instance holding the right alerts.key may send it.
        m_inFlight.insert(delivery.id);
        record(delivery, 0,
               u"the endpoint's secret cannot be opened with this server's alerts.key: every server must hold the "
               "same alerts.key (docs/DEPLOYMENT.md)"_s);
        return;
    }
    const qint64 t = m_wallClock.now().toSecsSinceEpoch();
    const QByteArray mac = crypto::hmacSha256Hex(secret->view(), webhook::signedString(t, stored.payload));
    secret.reset(); // wiped

    QNetworkRequest request {QUrl(endpoint->endpoint.url)};
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("keyright-server"));
    request.setRawHeader(webhook::deliveryHeader, delivery.id.toLatin1());
    request.setRawHeader(webhook::signatureHeader, webhook::signatureValue(t, mac));
    m_inFlight.insert(delivery.id);
    QNetworkReply *reply = m_network.post(request, stored.payload);
    // The whole attempt is bounded, not only each wait for bytes (setTransferTimeout): a receiver
    // that trickles its answer is cut at the same 10 s as a silent one.
    auto expired = std::make_shared<bool>(false);
    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, reply, [reply, expired] {
        *expired = true;
        reply->abort();
    });
    deadline->start(attemptTimeout);
    connect(reply, &QNetworkReply::finished, this, [this, reply, delivery, deadline, expired] {
        reply->deleteLater();
        deadline->stop();
        const int code = *expired ? 0 : reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QString error;
        if (*expired)
            error = u"no complete answer within %1 s"_s.arg(attemptTimeout.count() / 1000);
        else if (code < 200 || code > 299)
            error = code > 0 ? u"HTTP %1"_s.arg(code) : reply->errorString();
        record(delivery, code, error);
    });
}

void WebhookDeliverer::sendMail(const StoredAlertDelivery &stored, const StoredAlertEndpoint &endpoint)
{
    const Delivery &delivery = stored.delivery;
    m_inFlight.insert(delivery.id);
    QString problem;
    const auto addresses = webhook::mailtoAddresses(endpoint.endpoint.url, &problem);
    const auto payload = webhook::Payload::fromJson(QJsonDocument::fromJson(stored.payload).object());
    if (!addresses || !payload) {
        Delivery ended = delivery;
        ended.status = DeliveryStatus::GaveUp;
        ended.nextAttemptAt = {};
        record(ended, 0,
               addresses ? u"the delivery's stored body cannot be read"_s : u"the endpoint's url %1"_s.arg(problem));
        return;
    }
    if (!m_mailer) {
        record(delivery, 0,
               u"no smtp-url is set, so alert mail cannot be sent (docs/DEPLOYMENT.md, \"Alert mail\"); it is "
               "tried again"_s);
        return;
    }
    m_mailer->send(alertMail(*payload, *addresses)).then(this, [this, delivery](const SmtpResult &result) {
        record(delivery, result.responseCode, result.ok ? QString() : result.error);
    });
}

void WebhookDeliverer::record(Delivery delivery, int code, const QString &error)
{
    const QDateTime now = m_clock.now();
    if (delivery.status == DeliveryStatus::Pending) {
        delivery.attempts += 1;
        delivery.lastAttemptAt = now;
        delivery.lastCode = code;
        delivery.lastError = error.left(maxErrorLength);
        if (error.isEmpty()) {
            delivery.status = DeliveryStatus::Delivered;
            delivery.nextAttemptAt = {};
        } else if (delivery.createdAt.msecsTo(now) >= webhook::giveUpAfterMs) {
            delivery.status = DeliveryStatus::GaveUp;
            delivery.nextAttemptAt = {};
        } else {
            delivery.nextAttemptAt = now.addMSecs(webhook::retryDelayMs(delivery.attempts));
        }
    } else {
        delivery.lastError = error.left(maxErrorLength);
    }
    bool written = false;
    try {
        m_store.withStore([&] { written = m_store.finishAlertDelivery(delivery, m_owner); });
    } catch (const StoreError &failure) {
        qCWarning(lcWebhooks, "cannot record the attempt of alert delivery %s: %s", qPrintable(delivery.id),
                  failure.what());
    }
    if (!written)
        qCInfo(lcWebhooks, "alert delivery %s: its claim was taken over before its outcome was recorded",
               qPrintable(delivery.id));
    else if (delivery.status != DeliveryStatus::Delivered)
        qCInfo(lcWebhooks, "alert delivery %s to endpoint %s: attempt %d failed (%s)%s", qPrintable(delivery.id),
               qPrintable(delivery.endpointId), delivery.attempts, qPrintable(delivery.lastError),
               delivery.status == DeliveryStatus::GaveUp ? ", given up" : "");
    m_inFlight.remove(delivery.id);
    emit attemptFinished(delivery.id);
}

void WebhookDeliverer::start(std::chrono::milliseconds interval)
{
    m_timer.start(interval);
}

void WebhookDeliverer::stop()
{
    m_timer.stop();
}

int WebhookDeliverer::drain(std::chrono::milliseconds bound)
{
    m_timer.stop();
    if (m_inFlight.isEmpty())
        return 0;
    const int waiting = int(m_inFlight.size());
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &WebhookDeliverer::attemptFinished, &loop, [this, &loop] {
        if (m_inFlight.isEmpty())
            loop.quit();
    });
    deadline.start(bound);
    loop.exec();
    const int left = int(m_inFlight.size());
    qCInfo(lcWebhooks, "stopping: %d of %d alert deliveries in flight ended and were recorded", waiting - left,
           waiting);
    return left;
}

int WebhookDeliverer::takeBackClaims(const QString &ownerPrefix)
{
    int released = 0;
    m_store.withStore([&] { released = m_store.releaseAlertClaimsStartingWith(ownerPrefix); });
    if (released > 0)
        qCInfo(lcWebhooks, "took back %d alert deliveries claimed before a restart; they are sent again, same ids",
               released);
    return released;
}

} // namespace keyright::server
