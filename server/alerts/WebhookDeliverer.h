#pragma once

#include "SecretBuffer.h"
#include "ValidationError.h"
#include "store/LeaseStore.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <chrono>

namespace keyright {
class Clock;
}

namespace keyright::server {

class AlertSecretBox;
class SmtpMailer;

// Delivers the alert outbox (issue 29) to the webhook and email endpoints. Every `interval` it claims the
// deliveries that are due (LeaseStore::claimAlertDeliveries: on a shared database each row is
// claimed by one instance, for claimDuration, so a killed instance's claims are taken over once
// they expire) and POSTs each one asynchronously, signed with its endpoint's secret
// (core/wire/AlertWebhook.h). A 2xx answer marks it delivered; anything else counts an attempt and
// schedules the next by exponential back-off (webhook::retryDelayMs), until it is given up
// webhook::giveUpAfterMs after it was queued. An email endpoint's delivery goes through the same
// claims and retries and is sent by the SmtpMailer given with setMailer (the server's smtp-*
// settings): the mail server's acceptance (250) marks it delivered. A receiver may thus get a delivery more than once
// (a kill between its answer and the store's record); the Keyright-Delivery id tells it so. A
// graceful stop (drain) sends nothing twice.
class WebhookDeliverer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WebhookDeliverer)

public:
    // How long a claim holds a delivery: longer than the longest attempt.
    static constexpr std::chrono::milliseconds claimDuration {std::chrono::minutes(2)};
    // The bound on one whole attempt, connection to the last byte of the answer.
    static constexpr std::chrono::milliseconds attemptTimeout {std::chrono::seconds(10)};
    // Delivered and given-up deliveries are kept this long after their last attempt, then pruned
    // (at most once an hour); the gauge of given-up deliveries counts those of the last day.
    static constexpr std::chrono::milliseconds keepFinished {std::chrono::hours(24 * 30)};
    static constexpr std::chrono::milliseconds pruneEvery {std::chrono::hours(1)};
    static constexpr std::chrono::milliseconds gaveUpWindow {std::chrono::hours(24)};
    // Claimed per tick at most.
    static constexpr int claimBatch = 50;

    // `clock` is the server's clock (the store's "now": due times, claims, the log); `wallClock`
    // this machine's, for the signatures' timestamps, which receivers compare with their own.
    WebhookDeliverer(LeaseStore &store, const Clock &clock, const Clock &wallClock, const AlertSecretBox &secrets,
                     QString owner, QObject *parent = nullptr);
    // Aborts the attempts in flight and lifts this instance's claims, so another sends them at once.
    ~WebhookDeliverer() override;

    // Inside the unit of an alert_fired or alert_resolved event: queues one delivery of it per
    // enabled endpoint. Returns the delivery ids.
    static QStringList queueAlert(LeaseStore &store, const EventRecord &event);
    // Inside a unit: queues a test delivery to one endpoint, due at once; its id.
    static QString queueTest(LeaseStore &store, const alerts::webhook::Endpoint &endpoint, const QDateTime &now);

    // The routes of docs/API.md "Alert endpoints and deliveries", each one unit of the store.
    QList<alerts::webhook::Endpoint> endpoints();
    struct Created
    {
        alerts::webhook::Endpoint endpoint;
        SecretBuffer secret; // shown once, in the answer that created it
    };
    // nullopt with `error` naming the field: a name already used, or too many endpoints.
    std::optional<Created> addEndpoint(const alerts::webhook::NewEndpoint &request, ValidationError *error);
    bool removeEndpoint(const QString &id);
    // The test delivery's id; nullopt when there is no such endpoint.
    std::optional<QString> queueTest(const QString &endpointId);
    QList<alerts::webhook::Delivery> deliveries(const QString &endpointId,
                                                std::optional<alerts::webhook::DeliveryStatus> status, int limit);
    // Pending again, due now, with the same id; false when there is no such delivery.
    bool redeliver(const QString &id);
    // Pending and delivered: all kept; given up: within gaveUpWindow.
    QHash<alerts::webhook::DeliveryStatus, int> counts();

    // Claims what is due now and starts sending it; returns how many were started.
    int deliverDue();
    // Attempts started and not finished yet.
    int inFlight() const { return int(m_inFlight.size()); }

    // Where email endpoints' mail goes out; null (no smtp-url): their deliveries fail and are
    // retried, so they go out once the server is configured.
    void setMailer(SmtpMailer *mailer) { m_mailer = mailer; }

    void start(std::chrono::milliseconds interval);
    // No more claims; the attempts in flight go on.
    void stop();
    // A graceful stop (SIGTERM): stops claiming and turns the event loop until every attempt in
    // flight has ended and its outcome is recorded, `bound` at most (attemptTimeout bounds each
    // webhook attempt; a mail, smtp-timeout). What has ended is thus neither sent again by the next
    // instance nor lost; an attempt still in flight after `bound` is dropped by the destructor,
    // its claim lifted, and it is sent again with the same id. Returns how many are left.
    int drain(std::chrono::milliseconds bound);
    // Lifts the claims of owners whose names start with `ownerPrefix` (an instance started again on its data
    // directory: its killed predecessor's claims are taken back at once rather than after they
    // lapse; their attempts may have reached the receiver, which the same id tells it). How many.
    int takeBackClaims(const QString &ownerPrefix);

signals:
    // An attempt ended and its outcome was recorded (or could not be: the claim lapses then).
    void attemptFinished(const QString &deliveryId);

private:
    void send(const StoredAlertDelivery &delivery, const QList<StoredAlertEndpoint> &endpoints);
    void sendMail(const StoredAlertDelivery &delivery, const StoredAlertEndpoint &endpoint);
    void record(alerts::webhook::Delivery delivery, int code, const QString &error);

    LeaseStore &m_store;
    const Clock &m_clock;
    const Clock &m_wallClock;
    const AlertSecretBox &m_secrets;
    QDateTime m_lastPrune;
    QString m_owner;
    SmtpMailer *m_mailer = nullptr;
    QNetworkAccessManager m_network;
    QTimer m_timer;
    QSet<QString> m_inFlight;
};

} // namespace keyright::server
