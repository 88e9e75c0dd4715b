#include "AdminClient.h"

#include "AdminJson.h"
#include "Clock.h"
#include "FailoverTransport.h"
#include "InstanceSet.h"
#include "Timestamps.h"
#include "wire/ApiPaths.h"

#include <QJsonDocument>
#include <QPointer>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// What came back for one request before it is decoded: a status and body, or why no instance
// answered.
struct RawReply
{
    int status = 0;
    QByteArray body;
    ClientError error;
};

ClientError protocolError(const QString &what, const QString &problem)
{
    ClientError error;
    error.kind = ClientError::Kind::Protocol;
    error.message = AdminClient::tr("%1: malformed reply: %2").arg(what, problem);
    return error;
}

} // namespace

struct AdminClient::Private
{
    AdminClient *q = nullptr;
    FailoverTransport transport;
    std::optional<LeaseVerifier> verifier;
    std::optional<ClockOffset> lastOffset;
    // Callers waiting for the public key while one fetch is under way.
    QList<std::function<void(const ClientError &)>> keyWaiters;

    Private(AdminClient *owner, QNetworkAccessManager &network, const Clock &clock)
        : q(owner)
        , transport(network, clock)
    {
        transport.setTransferTimeout(std::chrono::milliseconds {10000});
        transport.setConnectTimeout(std::chrono::milliseconds {1000});
        transport.setUrls({QUrl(u"http://127.0.0.1:7400"_s)});
        QObject::connect(&transport, &FailoverTransport::instanceRefused, q, &AdminClient::instanceRefused);
        QObject::connect(&transport, &FailoverTransport::instancesChanged, q, &AdminClient::instancesChanged);
        QObject::connect(&transport, &FailoverTransport::certificateUntrusted, q, &AdminClient::certificateUntrusted);
    }

    // Sends a request through the instances (or to the one `only` names): a read moves on after a
    // transport failure or a 503, a command only while it was not sent. The site's key is not the
    // pinned verifier: a dashboard pinned to another key still reads the server, and shows its
    // rows as badly signed.
    void send(const QByteArray &verb, const QString &path, const QUrlQuery &query, const QByteArray &body,
              QObject *context, std::function<void(const RawReply &)> handler, int only = -1)
    {
        const QPointer<QObject> guard(context);
        const bool hasContext = context != nullptr;
        const auto resend = verb == "GET" ? FailoverTransport::Resend::Always : FailoverTransport::Resend::WhileUnsent;
        transport.send(FailoverTransport::Request {verb, path, query, body, resend, true, only},
                       [guard, hasContext, handler](const FailoverTransport::Reply &reply) {
                           if (hasContext && guard.isNull())
                               return;
                           RawReply raw {reply.status, reply.body, reply.error};
                           if (reply.status >= 400)
                               raw.error = adminjson::decodeErrorReply(reply.status, reply.body);
                           handler(raw);
                       });
    }

    // Sends a request and decodes a successful reply with `decode`; every failure reaches `done`
    // as a ClientError naming the route.
    template <typename T, typename Decode>
    void call(const QByteArray &verb, const QString &path, const QUrlQuery &query, const QByteArray &body,
              QList<int> expectedStatus, QObject *context, Callback<T> done, Decode decode, int only = -1)
    {
        const QString what = QString::fromLatin1(verb) + u' ' + path;
        send(
            verb, path, query, body, context,
            [what, expectedStatus, done, decode](const RawReply &raw) {
                AdminResult<T> result;
                if (raw.error.isError()) {
                    result.error = raw.error;
                } else if (!expectedStatus.contains(raw.status)) {
                    result.error = protocolError(what, tr("unexpected HTTP status %1").arg(raw.status));
                } else {
                    QString problem;
                    result.value = decode(raw, &problem);
                    if (!result.value)
                        result.error = protocolError(what, problem);
                }
                done(result);
            },
            only);
    }

    // Runs `next` once the server's public key is known (pinned, or fetched on first need).
    void withPublicKey(QObject *context, std::function<void(const ClientError &)> next)
    {
        if (!verifier)
            verifier = transport.siteKey(); // the key the instances agreed on, once they were asked
        if (verifier) {
            next(ClientError());
            return;
        }
        const QPointer<QObject> guard(context);
        const bool hasContext = context != nullptr;
        keyWaiters.append([guard, hasContext, next](const ClientError &error) {
            if (!hasContext || !guard.isNull())
                next(error);
        });
        if (keyWaiters.size() > 1)
            return;
        call<LeaseVerifier>(
            "GET", QString::fromUtf16(apipath::publicKey), {}, {}, {200}, q,
            Callback<LeaseVerifier>([this](const AdminResult<LeaseVerifier> &result) {
                ClientError error = result.error;
                if (result.ok() && !verifier)
                    verifier = result.value;
                if (error.isError())
                    error.message = tr("fetching the server's public key: %1").arg(error.message);
                const auto waiters = std::exchange(keyWaiters, {});
                for (const auto &waiter : waiters)
                    waiter(error);
            }),
            [](const RawReply &raw, QString *problem) { return adminjson::decodePublicKey(raw.body, problem); });
    }
};

AdminClient::AdminClient(QNetworkAccessManager &network, const Clock &clock, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, network, clock))
{ }

AdminClient::~AdminClient() = default;

void AdminClient::setServerUrl(const QUrl &url)
{
    setServerUrls({url});
}

QUrl AdminClient::serverUrl() const
{
    return d->transport.currentUrl();
}

void AdminClient::setServerUrls(const QList<QUrl> &urls)
{
    d->transport.setUrls(urls);
}

QList<QUrl> AdminClient::serverUrls() const
{
    return d->transport.urls();
}

const InstanceSet &AdminClient::instances() const
{
    return d->transport.instances();
}

void AdminClient::setConnectTimeout(std::chrono::milliseconds timeout)
{
    d->transport.setConnectTimeout(timeout);
}

void AdminClient::setAdminToken(QByteArrayView token)
{
    d->transport.setCredential("Bearer", token);
}

void AdminClient::setTransferTimeout(std::chrono::milliseconds timeout)
{
    d->transport.setTransferTimeout(timeout);
}

void AdminClient::setTlsTrust(const TlsTrust &trust)
{
    d->transport.setTlsTrust(trust);
}

const TlsTrust &AdminClient::tlsTrust() const
{
    return d->transport.tlsTrust();
}

void AdminClient::setPublicKey(const LeaseVerifier &verifier)
{
    d->verifier = verifier;
}

std::optional<LeaseVerifier> AdminClient::publicKey() const
{
    return d->verifier ? d->verifier : d->transport.siteKey();
}

std::optional<ClockOffset> AdminClient::lastClockOffset() const
{
    return d->lastOffset;
}

void AdminClient::health(QObject *context, Callback<QString> done)
{
    d->call<QString>("GET", QString::fromUtf16(apipath::health), {}, {}, {200}, context, std::move(done),
                     [](const RawReply &raw, QString *problem) { return adminjson::decodeHealth(raw.body, problem); });
}

void AdminClient::measureClock(QObject *context, Callback<ClockOffset> done)
{
    measureClockAt(-1, context, std::move(done));
}

void AdminClient::measureClockAt(int instance, QObject *context, Callback<ClockOffset> done)
{
    const Clock *clock = &d->transport.clock();
    const std::chrono::milliseconds sentMonotonic = clock->monotonic();
    const QDateTime sentWall = clock->now();
    d->call<ClockOffset>(
        "GET", QString::fromUtf16(apipath::time), {}, {}, {200}, context,
        Callback<ClockOffset>([this, instance, done](const AdminResult<ClockOffset> &result) {
            if (result.ok() && instance < 0)
                d->lastOffset = result.value;
            done(result);
        }),
        [clock, sentMonotonic, sentWall](const RawReply &raw, QString *problem) -> std::optional<ClockOffset> {
            const std::optional<QDateTime> serverNow = adminjson::decodeServerTime(raw.body, problem);
            if (!serverNow)
                return std::nullopt;
            ClockOffset measured;
            measured.roundTrip = std::max(std::chrono::milliseconds {0}, clock->monotonic() - sentMonotonic);
            const qint64 midpoint = sentWall.toMSecsSinceEpoch() + measured.roundTrip.count() / 2;
            measured.offset = std::chrono::milliseconds {serverNow->toMSecsSinceEpoch() - midpoint};
            measured.serverTime = *serverNow;
            return measured;
        },
        instance);
}

void AdminClient::statsAt(int instance, QObject *context, Callback<StatsSnapshot> done)
{
    d->call<StatsSnapshot>(
        "GET", QString::fromUtf16(apipath::stats), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeStats(raw.body, problem); }, instance);
}

void AdminClient::fetchPublicKey(QObject *context, Callback<LeaseVerifier> done)
{
    d->call<LeaseVerifier>(
        "GET", QString::fromUtf16(apipath::publicKey), {}, {}, {200}, context,
        Callback<LeaseVerifier>([this, done](const AdminResult<LeaseVerifier> &result) {
            if (result.ok() && !d->verifier)
                d->verifier = result.value;
            done(result);
        }),
        [](const RawReply &raw, QString *problem) { return adminjson::decodePublicKey(raw.body, problem); });
}

void AdminClient::listLicenses(QObject *context, Callback<LicenseList> done)
{
    d->call<LicenseList>(
        "GET", QString::fromUtf16(apipath::licenses), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeLicenseList(raw.body, problem); });
}

void AdminClient::putLicense(const LicenseSpec &spec, QObject *context, Callback<LicenseWriteResult> done)
{
    d->call<LicenseWriteResult>("PUT", apipath::forLicense(apipath::license, spec.id), {},
                                adminjson::encodeLicenseSpec(spec), {200, 201}, context, std::move(done),
                                [](const RawReply &raw, QString *problem) {
                                    return adminjson::decodeLicenseWrite(raw.body, raw.status == 201, problem);
                                });
}

void AdminClient::rotateKey(const QString &licenseId, QObject *context, Callback<QString> done)
{
    d->call<QString>(
        "POST", apipath::forLicense(apipath::rotateKey, licenseId), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeRotatedKey(raw.body, problem); });
}

void AdminClient::listLeases(const QString &licenseId, QObject *context, Callback<LeaseList> done)
{
    const QPointer<QObject> guard(context);
    const bool hasContext = context != nullptr;
    d->withPublicKey(context, [this, licenseId, guard, hasContext, done](const ClientError &keyError) {
        if (keyError.isError()) {
            AdminResult<LeaseList> result;
            result.error = keyError;
            done(result);
            return;
        }
        if (hasContext && guard.isNull())
            return;
        d->call<LeaseList>("GET", apipath::forLicense(apipath::leases, licenseId), {}, {}, {200}, guard.data(), done,
                           [this, licenseId](const RawReply &raw, QString *problem) {
                               std::optional<LeaseList> list = adminjson::decodeLeaseList(raw.body, licenseId, problem);
                               if (list) {
                                   for (LeaseRow &row : list->leases)
                                       row.signatureValid = d->verifier && d->verifier->verify(row.lease);
                               }
                               return list;
                           });
    });
}

void AdminClient::revoke(const RevokeRequest &request, QObject *context, Callback<Empty> done)
{
    const QString path = apipath::forSeat(apipath::revoke, request.licenseId, request.seatId);
    d->call<Empty>("POST", path, {}, adminjson::encodeRevoke(request), {200, 204}, context, std::move(done),
                   [](const RawReply &, QString *) { return std::optional<Empty>(Empty {}); });
}

void AdminClient::writeOff(const QString &licenseId, const QString &seatId, const QString &note, QObject *context,
                           Callback<WriteOffAnswer> done)
{
    d->call<WriteOffAnswer>(
        "POST", apipath::forSeat(apipath::borrowWriteOff, licenseId, seatId), {},
        QJsonDocument(WriteOffRequest {note}.toJson()).toJson(QJsonDocument::Compact), {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeWriteOff(raw.body, problem); });
}

void AdminClient::groups(QObject *context, Callback<QList<HolderGroup>> done)
{
    d->call<QList<HolderGroup>>(
        "GET", QString::fromUtf16(apipath::groups), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeGroups(raw.body, problem); });
}

void AdminClient::putGroups(const QList<HolderGroup> &groups, QObject *context, Callback<QList<HolderGroup>> done)
{
    d->call<QList<HolderGroup>>("PUT", QString::fromUtf16(apipath::groups), {}, adminjson::encodeGroups(groups), {200},
                                context, std::move(done), [](const RawReply &raw, QString *problem) {
                                    return adminjson::decodeGroups(raw.body, problem);
                                });
}

void AdminClient::rules(const QString &licenseId, QObject *context, Callback<SeatRules> done)
{
    d->call<SeatRules>("GET", apipath::forLicense(apipath::rules, licenseId), {}, {}, {200}, context, std::move(done),
                       [licenseId](const RawReply &raw, QString *problem) {
                           return adminjson::decodeRules(raw.body, licenseId, problem);
                       });
}

void AdminClient::putRules(const QString &licenseId, const SeatRules &rules, QObject *context, Callback<SeatRules> done)
{
    d->call<SeatRules>("PUT", apipath::forLicense(apipath::rules, licenseId), {}, adminjson::encodeRules(rules), {200},
                       context, std::move(done), [licenseId](const RawReply &raw, QString *problem) {
                           return adminjson::decodeRules(raw.body, licenseId, problem);
                       });
}

void AdminClient::whoami(QObject *context, Callback<AccessTokenInfo> done)
{
    d->call<AccessTokenInfo>(
        "GET", QString::fromUtf16(apipath::whoami), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeWhoami(raw.body, problem); });
}

void AdminClient::firingAlerts(QObject *context, Callback<QList<alerts::FiringAlert>> done)
{
    d->call<QList<alerts::FiringAlert>>(
        "GET", QString::fromUtf16(apipath::alerts), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeFiringAlerts(raw.body, problem); });
}

void AdminClient::acknowledgeAlert(qint64 alertId, const QString &note, QObject *context,
                                   Callback<alerts::FiringAlert> done)
{
    d->call<alerts::FiringAlert>(
        "POST", apipath::forAlertItem(apipath::alertAcknowledge, QString::number(alertId)), {},
        QJsonDocument(alerts::AcknowledgeRequest {note}.toJson()).toJson(QJsonDocument::Compact), {200}, context,
        std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeFiringAlert(raw.body, problem); });
}

void AdminClient::alertRules(QObject *context, Callback<QList<AlertRule>> done)
{
    d->call<QList<AlertRule>>(
        "GET", QString::fromUtf16(apipath::alertRules), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeAlertRules(raw.body, problem); });
}

void AdminClient::putAlertRules(const QList<AlertRule> &rules, QObject *context, Callback<QList<AlertRule>> done)
{
    d->call<QList<AlertRule>>("PUT", QString::fromUtf16(apipath::alertRules), {}, adminjson::encodeAlertRules(rules),
                              {200}, context, std::move(done), [](const RawReply &raw, QString *problem) {
                                  return adminjson::decodeAlertRules(raw.body, problem);
                              });
}

void AdminClient::alertEndpoints(QObject *context, Callback<QList<alerts::webhook::Endpoint>> done)
{
    d->call<QList<alerts::webhook::Endpoint>>(
        "GET", QString::fromUtf16(apipath::alertEndpoints), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeAlertEndpoints(raw.body, problem); });
}

void AdminClient::addAlertEndpoint(const alerts::webhook::NewEndpoint &endpoint, QObject *context,
                                   Callback<std::pair<alerts::webhook::Endpoint, QString>> done)
{
    d->call<std::pair<alerts::webhook::Endpoint, QString>>(
        "POST", QString::fromUtf16(apipath::alertEndpoints), {},
        QJsonDocument(endpoint.toJson()).toJson(QJsonDocument::Compact), {201}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeCreatedAlertEndpoint(raw.body, problem); });
}

void AdminClient::removeAlertEndpoint(const QString &id, QObject *context, Callback<Empty> done)
{
    d->call<Empty>("DELETE", apipath::forAlertItem(apipath::alertEndpoint, id), {}, {}, {204}, context, std::move(done),
                   [](const RawReply &, QString *) { return std::optional<Empty>(Empty {}); });
}

void AdminClient::testAlertEndpoint(const QString &id, QObject *context, Callback<QString> done)
{
    d->call<QString>(
        "POST", apipath::forAlertItem(apipath::alertEndpointTest, id), {}, {}, {202}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeDeliveryId(raw.body, problem); });
}

void AdminClient::alertDeliveries(const QString &endpointId, const QString &status, int limit, QObject *context,
                                  Callback<QList<alerts::webhook::Delivery>> done)
{
    QUrlQuery query;
    if (!endpointId.isEmpty())
        query.addQueryItem(u"endpoint"_s, endpointId);
    if (!status.isEmpty())
        query.addQueryItem(u"status"_s, status);
    if (limit > 0)
        query.addQueryItem(u"limit"_s, QString::number(limit));
    d->call<QList<alerts::webhook::Delivery>>(
        "GET", QString::fromUtf16(apipath::alertDeliveries), query, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeAlertDeliveries(raw.body, problem); });
}

void AdminClient::redeliver(const QString &deliveryId, QObject *context, Callback<QString> done)
{
    d->call<QString>(
        "POST", apipath::forAlertItem(apipath::alertRedeliver, deliveryId), {}, {}, {202}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeDeliveryId(raw.body, problem); });
}

void AdminClient::listTokens(QObject *context, Callback<TokenList> done)
{
    d->call<TokenList>(
        "GET", QString::fromUtf16(apipath::tokens), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeTokenList(raw.body, problem); });
}

void AdminClient::createToken(const TokenSpec &spec, QObject *context, Callback<CreatedToken> done)
{
    d->call<CreatedToken>("POST", QString::fromUtf16(apipath::tokens), {}, adminjson::encodeTokenSpec(spec), {201},
                          context, std::move(done), [](const RawReply &raw, QString *problem) {
                              return adminjson::decodeCreatedToken(raw.body, problem);
                          });
}

void AdminClient::revokeToken(const QString &name, QObject *context, Callback<Empty> done)
{
    d->call<Empty>("DELETE", apipath::forToken(name), {}, {}, {204}, context, std::move(done),
                   [](const RawReply &, QString *) { return std::optional<Empty>(Empty {}); });
}

void AdminClient::reap(bool dryRun, QObject *context, Callback<ReapResult> done)
{
    d->call<ReapResult>("POST", QString::fromUtf16(apipath::reap), ReapResult::query(dryRun), {}, {200}, context,
                        std::move(done), [dryRun](const RawReply &raw, QString *problem) {
                            return adminjson::decodeReapResult(raw.body, dryRun, problem);
                        });
}

void AdminClient::events(const EventQuery &query, QObject *context, Callback<EventPage> done)
{
    d->call<EventPage>(
        "GET", QString::fromUtf16(apipath::events), query.toQuery(), {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeEventPage(raw.body, problem); });
}

void AdminClient::usage(const QString &licenseId, const UsageQuery &query, QObject *context, Callback<UsageReport> done)
{
    d->call<UsageReport>(
        "GET", apipath::forLicense(apipath::usage, licenseId), query.toQuery(), {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeUsageReport(raw.body, problem); });
}

void AdminClient::whatIf(const QString &licenseId, const UsageQuery &query, QObject *context,
                         Callback<WhatIfReport> done)
{
    d->call<WhatIfReport>("GET", apipath::forLicense(apipath::usageWhatIf, licenseId), query.toQuery(), {}, {200},
                          context, std::move(done), [](const RawReply &raw, QString *problem) {
                              return adminjson::decodeWhatIf(raw.body, problem);
                          });
}

void AdminClient::ledger(const QString &licenseId, const LedgerQuery &query, QObject *context,
                         Callback<LedgerReport> done)
{
    d->call<LedgerReport>(
        "GET", apipath::forLicense(apipath::ledger, licenseId), query.toQuery(), {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeLedger(raw.body, problem); });
}

void AdminClient::stats(QObject *context, Callback<StatsSnapshot> done)
{
    d->call<StatsSnapshot>(
        "GET", QString::fromUtf16(apipath::stats), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeStats(raw.body, problem); });
}

} // namespace keyright
