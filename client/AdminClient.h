#pragma once

#include "AdminTypes.h"
#include "ClientError.h"
#include "LeaseVerifier.h"
#include "SeatRules.h"
#include "wire/AlertJson.h"
#include "wire/AlertWebhook.h"
#include "wire/BorrowJson.h"
#include "wire/LedgerReport.h"
#include "wire/StatsSnapshot.h"
#include "wire/UsageReport.h"

#include <QByteArray>
#include <QObject>
#include <QUrl>

#include <chrono>
#include <functional>
#include <optional>

class QNetworkAccessManager;
class QSslCertificate;

namespace keyright {

class Clock;
class InstanceSet;
class TlsTrust;

// The outcome of one admin call: a value or an error, never both.
template <typename T>
struct AdminResult
{
    std::optional<T> value;
    ClientError error;

    bool ok() const { return value.has_value(); }
};

// Every admin route of the v1 contract, asynchronous. Each call takes a context object: the
// callback runs on its thread and never after the context is destroyed. Requests carry a transfer
// timeout; in-flight replies are aborted when the client goes. The server's public key is fetched
// once (or pinned by setPublicKey()) and every lease received is checked against it.
//
// Several instances of one site (setServerUrls), through FailoverTransport: the instances' public
// keys are checked on first contact, all at once, and must agree (else nothing is sent and the
// error, KeyMismatch, names the servers); an instance met later with another key is refused
// (instanceRefused) and never used. A read that gets no HTTP answer or a 503 is asked of the next
// instance; a command that changes something moves on only while it cannot have reached the
// server (the connection was refused or never opened). Once sent, a command is never sent twice:
// a lost answer is reported with mayHaveHappened set.
class AdminClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminClient)

public:
    template <typename T>
    using Callback = std::function<void(const AdminResult<T> &)>;
    struct Empty
    { };

    AdminClient(QNetworkAccessManager &network, const Clock &clock, QObject *parent = nullptr);
    ~AdminClient() override;

    void setServerUrl(const QUrl &url); // one instance
    // The instance that answered last, else the first one configured.
    QUrl serverUrl() const;
    void setServerUrls(const QList<QUrl> &urls);
    QList<QUrl> serverUrls() const;
    const InstanceSet &instances() const;
    // How long an instance may take to accept the connection before the next is tried (default 1 s).
    void setConnectTimeout(std::chrono::milliseconds timeout);
    // The bearer token; kept only in wiped memory.
    void setAdminToken(QByteArrayView token);
    void setTransferTimeout(std::chrono::milliseconds timeout);
    // Certificate authorities and confirmed certificates beyond the system's, for HTTPS instances.
    void setTlsTrust(const TlsTrust &trust);
    const TlsTrust &tlsTrust() const;
    // Pins the server's Ed25519 public key instead of learning it on first contact.
    void setPublicKey(const LeaseVerifier &verifier);
    std::optional<LeaseVerifier> publicKey() const;

    void health(QObject *context, Callback<QString> done); // the server's version
    void measureClock(QObject *context, Callback<ClockOffset> done);
    void fetchPublicKey(QObject *context, Callback<LeaseVerifier> done);

    void listLicenses(QObject *context, Callback<LicenseList> done);
    void putLicense(const LicenseSpec &spec, QObject *context, Callback<LicenseWriteResult> done);
    void rotateKey(const QString &licenseId, QObject *context, Callback<QString> done);
    void listLeases(const QString &licenseId, QObject *context, Callback<LeaseList> done);
    void revoke(const RevokeRequest &request, QObject *context, Callback<Empty> done);
    // POST /v1/licenses/{id}/borrow/{seatId}/write-off (admin, issue 27): a borrowed seat whose
    // laptop is lost, counted until its expiry; the first write-off when it already was. An empty
    // note sends none.
    void writeOff(const QString &licenseId, const QString &seatId, const QString &note, QObject *context,
                  Callback<WriteOffAnswer> done);
    // The server's holder groups (viewer reads, admin writes) and a license's seat rules. A write
    // the server refuses reports its words: validateGroups()/validateRules()' field and message
    // (400), the group and licenses of a group still in use (409 group_in_use), the role (403).
    // Each answers with what the server now keeps.
    void groups(QObject *context, Callback<QList<HolderGroup>> done);
    void putGroups(const QList<HolderGroup> &groups, QObject *context, Callback<QList<HolderGroup>> done);
    void rules(const QString &licenseId, QObject *context, Callback<SeatRules> done);
    void putRules(const QString &licenseId, const SeatRules &rules, QObject *context, Callback<SeatRules> done);
    void reap(bool dryRun, QObject *context, Callback<ReapResult> done);
    void events(const EventQuery &query, QObject *context, Callback<EventPage> done);
    // GET /v1/licenses/{id}/usage: the usage history of a range (viewer).
    void usage(const QString &licenseId, const UsageQuery &query, QObject *context, Callback<UsageReport> done);
    // GET /v1/licenses/{id}/usage/what-if: the range's demand replayed at each number of seats.
    void whatIf(const QString &licenseId, const UsageQuery &query, QObject *context, Callback<WhatIfReport> done);
    // GET /v1/licenses/{id}/ledger: every seat of the license now or at query.at.
    void ledger(const QString &licenseId, const LedgerQuery &query, QObject *context, Callback<LedgerReport> done);
    // Who the token speaks for, and the tokens themselves (admin only).
    void whoami(QObject *context, Callback<AccessTokenInfo> done);
    // GET /v1/alerts, GET and PUT /v1/alerts/rules (issue 29).
    void firingAlerts(QObject *context, Callback<QList<alerts::FiringAlert>> done);
    void alertRules(QObject *context, Callback<QList<AlertRule>> done);
    void putAlertRules(const QList<AlertRule> &rules, QObject *context, Callback<QList<AlertRule>> done);
    // POST /v1/alerts/{alertId}/acknowledge (operator): the alert, acknowledged (by the first
    // acknowledgement, when it already was). An empty note sends none.
    void acknowledgeAlert(qint64 alertId, const QString &note, QObject *context, Callback<alerts::FiringAlert> done);
    // The alert endpoints and the delivery log (docs/API.md "Alert endpoints and deliveries").
    void alertEndpoints(QObject *context, Callback<QList<alerts::webhook::Endpoint>> done);
    // The endpoint made and its secret, which the server shows this once.
    void addAlertEndpoint(const alerts::webhook::NewEndpoint &endpoint, QObject *context,
                          Callback<std::pair<alerts::webhook::Endpoint, QString>> done);
    void removeAlertEndpoint(const QString &id, QObject *context, Callback<Empty> done);
    // The test delivery's id.
    void testAlertEndpoint(const QString &id, QObject *context, Callback<QString> done);
    void alertDeliveries(const QString &endpointId, const QString &status, int limit, QObject *context,
                         Callback<QList<alerts::webhook::Delivery>> done);
    void redeliver(const QString &deliveryId, QObject *context, Callback<QString> done);
    void listTokens(QObject *context, Callback<TokenList> done);
    void createToken(const TokenSpec &spec, QObject *context, Callback<CreatedToken> done);
    void revokeToken(const QString &name, QObject *context, Callback<Empty> done);
    // GET /v1/stats (replicated usage counters), decoded with core's StatsSnapshot codec.
    void stats(QObject *context, Callback<StatsSnapshot> done);

    // The same two questions asked of one instance (the health view probes each one).
    void measureClockAt(int instance, QObject *context, Callback<ClockOffset> done);
    void statsAt(int instance, QObject *context, Callback<StatsSnapshot> done);

    // The most recent clock measurement, if any.
    std::optional<ClockOffset> lastClockOffset() const;

Q_SIGNALS:
    // An instance presented a signing key other than the pinned one; it is never used.
    void instanceRefused(const QUrl &url, const QString &reason);
    // An instance answered, or failed (its state in instances() changed).
    void instancesChanged();
    // An HTTPS instance presented a certificate that no authority vouches for and no confirmed
    // fingerprint covers (FailoverTransport::certificateUntrusted).
    void certificateUntrusted(const QUrl &url, const QSslCertificate &certificate, const QString &problem);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace keyright
