#include "AdminClient.h"

#include "AdminJson.h"
#include "Clock.h"
#include "InstanceSet.h"
#include "SecretBuffer.h"
#include "Timestamps.h"
#include "wire/ApiPaths.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// What came back for one request before it is decoded: a status and body, or a transport error.
struct RawReply
{
    int status = 0;
    QByteArray body;
    ClientError error;
};

QString hostAndPort(const QUrl &url)
{
    const int defaultPort = url.scheme() == u"https"_s ? 443 : 80;
    return u"%1:%2"_s.arg(url.host()).arg(url.port(defaultPort));
}

QString describeTimeout(std::chrono::milliseconds timeout)
{
    if (timeout.count() % 1000 == 0)
        return u"timed out after %1 s"_s.arg(timeout.count() / 1000);
    return u"timed out after %1 ms"_s.arg(timeout.count());
}

// Errors raised below HTTP: the server may never have seen the request.
bool isTransportError(QNetworkReply::NetworkError error)
{
    return (error > QNetworkReply::NoError && error < QNetworkReply::ProxyConnectionRefusedError)
        || (error >= QNetworkReply::ProxyConnectionRefusedError && error < QNetworkReply::ContentAccessDenied);
}

ClientError transportError(const QNetworkReply &reply, std::chrono::milliseconds timeout)
{
    ClientError error;
    error.kind = ClientError::Kind::Transport;
    const QString where = hostAndPort(reply.url());
    switch (reply.error()) {
    case QNetworkReply::ConnectionRefusedError:
        error.message = u"connection refused by %1"_s.arg(where);
        break;
    case QNetworkReply::HostNotFoundError:
        error.message = u"host not found: %1"_s.arg(reply.url().host());
        break;
    case QNetworkReply::RemoteHostClosedError:
        error.message = u"connection closed by %1 before it answered"_s.arg(where);
        break;
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError:
        // AdminClient never cancels a request it still wants an answer to, so a cancel is the
        // transfer timeout firing.
        error.message = u"%1 %2"_s.arg(where, describeTimeout(timeout));
        break;
    default:
        if (reply.error() == QNetworkReply::SslHandshakeFailedError) {
            error.kind = ClientError::Kind::Tls;
            error.message = u"TLS with %1 failed: %2"_s.arg(where, reply.errorString());
        } else {
            error.message = u"cannot reach %1: %2"_s.arg(where, reply.errorString());
        }
        break;
    }
    return error;
}

ClientError protocolError(const QString &what, const QString &problem)
{
    ClientError error;
    error.kind = ClientError::Kind::Protocol;
    error.message = u"%1: malformed reply: %2"_s.arg(what, problem);
    return error;
}

} // namespace

struct AdminClient::Private
{
    AdminClient *q = nullptr;
    QNetworkAccessManager &network;
    const Clock &clock;
    InstanceSet instances;
    SecretBuffer token;
    std::chrono::milliseconds timeout {10000};
    std::chrono::milliseconds connectTimeout {1000};
    std::optional<LeaseVerifier> verifier;
    // The key the first instance of this site presented; every other one must present it too. It
    // is not the pinned verifier: a dashboard pinned to another key still reads the server, and
    // shows its rows as badly signed.
    std::optional<LeaseVerifier> siteKey;
    std::optional<ClockOffset> lastOffset;
    QSet<QNetworkReply *> inFlight;
    // Callers waiting for the public key while one fetch is under way.
    QList<std::function<void(const ClientError &)>> keyWaiters;
    // Per instance: requests waiting for its key check while one is under way.
    QHash<int, QList<std::function<void(const ClientError &)>>> instanceKeyWaiters;
    quint64 instancesEpoch = 0;

    Private(AdminClient *owner, QNetworkAccessManager &net, const Clock &c)
        : q(owner)
        , network(net)
        , clock(c)
        , instances(c)
    {
        instances.setUrls({QUrl(u"http://127.0.0.1:7400"_s)});
    }

    static QUrl urlFor(const QUrl &base, const QString &path, const QUrlQuery &query)
    {
        QUrl url = base;
        QString prefix = url.path(QUrl::FullyEncoded);
        while (prefix.endsWith(u'/'))
            prefix.chop(1);
        url.setPath(prefix + path, QUrl::TolerantMode);
        url.setQuery(query);
        return url;
    }

    // One exchange with one instance. `sent` tells the handler whether the request left: until the
    // connection is open and the request written, the instance cannot have acted on it.
    void sendOnce(int index, const QByteArray &verb, const QString &path, const QUrlQuery &query,
                  const QByteArray &body, std::function<void(const RawReply &, bool sent)> handler)
    {
        QNetworkRequest request(urlFor(instances.at(index).url, path, query));
        request.setTransferTimeout(int(timeout.count()));
        request.setRawHeader("Accept", "application/json");
        if (!body.isEmpty())
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        if (!token.isEmpty()) {
            // Qt keeps headers in QByteArray; this copy is the one place the token leaves wiped
            // memory, and only for as long as the request lives.
            QByteArray authorization = "Bearer " + token.view().toByteArray();
            request.setRawHeader("Authorization", authorization);
        }
        QNetworkReply *reply = network.sendCustomRequest(request, verb, body);
        inFlight.insert(reply);
        auto sent = std::make_shared<bool>(false);
        auto connectTimedOut = std::make_shared<bool>(false);
        auto *connectTimer = new QTimer(reply);
        connectTimer->setSingleShot(true);
        QObject::connect(reply, &QNetworkReply::requestSent, connectTimer, [connectTimer, sent] {
            *sent = true;
            connectTimer->stop();
        });
        QObject::connect(connectTimer, &QTimer::timeout, reply, [reply, connectTimedOut] {
            *connectTimedOut = true;
            reply->abort();
        });
        connectTimer->start(connectTimeout);
        const std::chrono::milliseconds requestTimeout = timeout;
        const std::chrono::milliseconds connectLimit = connectTimeout;
        QObject::connect(reply, &QNetworkReply::finished, q,
                         [this, reply, requestTimeout, connectLimit, sent, connectTimedOut, handler] {
                             inFlight.remove(reply);
                             reply->deleteLater();
                             RawReply raw;
                             const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
                             if (*connectTimedOut) {
                                 raw.error.kind = ClientError::Kind::Transport;
                                 raw.error.message = u"no connection to %1 within %2 ms"_s.arg(
                                     hostAndPort(reply->url()), QString::number(connectLimit.count()));
                             } else if (isTransportError(reply->error()) || !status.isValid()) {
                                 raw.error = reply->error() == QNetworkReply::NoError
                                     ? protocolError(reply->url().path(), u"no HTTP status"_s)
                                     : transportError(*reply, requestTimeout);
                             } else {
                                 raw.status = status.toInt();
                                 raw.body = reply->readAll();
                                 if (raw.status >= 400)
                                     raw.error = adminjson::decodeErrorReply(raw.status, raw.body);
                             }
                             const bool refused = reply->error() == QNetworkReply::ConnectionRefusedError
                                 || reply->error() == QNetworkReply::HostNotFoundError;
                             handler(raw, *sent && !refused && !*connectTimedOut);
                         });
    }

    // Checks an instance's public key before it is used; the first key learned is pinned.
    void checkKey(int index, std::function<void(const ClientError &)> then)
    {
        if (instances.at(index).keyChecked) {
            then(ClientError());
            return;
        }
        auto &waiting = instanceKeyWaiters[index];
        waiting.append(std::move(then));
        if (waiting.size() > 1)
            return;
        const quint64 epoch = instancesEpoch;
        const QString path = QString::fromUtf16(apipath::publicKey);
        sendOnce(index, "GET", path, {}, {}, [this, index, epoch, path](const RawReply &raw, bool) {
            if (epoch != instancesEpoch)
                return;
            ClientError error = raw.error;
            if (!error.isError() && raw.status != 200)
                error = protocolError(u"GET "_s + path, u"unexpected HTTP status %1"_s.arg(raw.status));
            if (!error.isError()) {
                QString problem;
                const std::optional<LeaseVerifier> key = adminjson::decodePublicKey(raw.body, &problem);
                if (!key) {
                    error = protocolError(u"GET "_s + path, problem);
                } else if (siteKey && !InstanceSet::sameKey(*siteKey, *key)) {
                    error.kind = ClientError::Kind::Protocol;
                    error.code = u"key_mismatch"_s;
                    error.message = tr("%1 signs with another key than the other instances; it is not used")
                                        .arg(instances.at(index).url.toDisplayString());
                    instances.markRefused(index, error.message);
                    Q_EMIT q->instanceRefused(instances.at(index).url, error.message);
                    Q_EMIT q->instancesChanged();
                } else {
                    if (!siteKey)
                        siteKey = key;
                    if (!verifier)
                        verifier = key;
                    instances.markKeyChecked(index);
                }
            }
            const auto waiters = instanceKeyWaiters.take(index);
            for (const auto &waiter : waiters)
                waiter(error);
        });
    }

    struct Attempt
    {
        QByteArray verb;
        QString path;
        QUrlQuery query;
        QByteArray body;
        QList<int> order;
        bool probe = false; // asked of one named instance
        int position = 0;
        quint64 epoch = 0;
        ClientError lastError;
        ClientError transportError; // the last failure below HTTP, if any
        QStringList failures;
        std::function<void(const RawReply &)> deliver;
    };

    // Sends a request through the instances (or to the one `only` names). Reads move on after a
    // transport failure or a 503; a command moves on only while it was not sent.
    void send(const QByteArray &verb, const QString &path, const QUrlQuery &query, const QByteArray &body,
              QObject *context, std::function<void(const RawReply &)> handler, int only = -1)
    {
        const QPointer<QObject> guard(context);
        const bool hasContext = context != nullptr;
        auto attempt = std::make_shared<Attempt>();
        attempt->verb = verb;
        attempt->path = path;
        attempt->query = query;
        attempt->body = body;
        attempt->epoch = instancesEpoch;
        attempt->order = only >= 0 ? QList<int> {only} : instances.attemptOrder();
        attempt->probe = only >= 0;
        attempt->deliver = [guard, hasContext, handler](const RawReply &raw) {
            if (hasContext && guard.isNull())
                return;
            handler(raw);
        };
        if (attempt->order.isEmpty() || (only >= 0 && instances.at(only).refused)) {
            RawReply raw;
            raw.error.kind = ClientError::Kind::Protocol;
            raw.error.code = u"key_mismatch"_s;
            raw.error.message = only >= 0 ? instances.at(only).lastError
                                          : tr("every server instance was refused: they sign with different keys");
            QMetaObject::invokeMethod(
                q, [attempt, raw] { attempt->deliver(raw); }, Qt::QueuedConnection);
            return;
        }
        tryNext(attempt);
    }

    void tryNext(const std::shared_ptr<Attempt> &attempt)
    {
        if (attempt->epoch != instancesEpoch || attempt->position >= attempt->order.size()) {
            RawReply raw;
            raw.error = attempt->lastError;
            if (attempt->transportError.isError())
                raw.error = attempt->transportError; // the request was lost, not refused
            if (attempt->failures.size() > 1)
                raw.error.message = attempt->failures.join(u"; "_s);
            attempt->deliver(raw);
            return;
        }
        const int index = attempt->order.at(attempt->position++);
        checkKey(index, [this, attempt, index](const ClientError &keyError) {
            if (attempt->epoch != instancesEpoch) {
                tryNext(attempt);
                return;
            }
            if (keyError.isError()) {
                if (!instances.at(index).refused)
                    instances.markFailed(index, keyError.message);
                Q_EMIT q->instancesChanged();
                attempt->lastError = keyError;
                attempt->failures.append(keyError.message);
                tryNext(attempt);
                return;
            }
            const std::chrono::milliseconds sentAt = clock.monotonic();
            sendOnce(index, attempt->verb, attempt->path, attempt->query, attempt->body,
                     [this, attempt, index, sentAt](const RawReply &raw, bool sent) {
                         if (attempt->epoch != instancesEpoch) {
                             attempt->deliver(raw);
                             return;
                         }
                         const bool transport = raw.error.kind == ClientError::Kind::Transport;
                         if (transport || raw.status == 503) {
                             instances.markFailed(index, raw.error.message);
                             Q_EMIT q->instancesChanged();
                             const bool changes = attempt->verb != "GET";
                             if (!changes || !sent) {
                                 attempt->lastError = raw.error;
                                 if (transport)
                                     attempt->transportError = raw.error;
                                 attempt->failures.append(raw.error.message);
                                 tryNext(attempt);
                                 return;
                             }
                             RawReply lost = raw;
                             lost.error.mayHaveHappened = transport;
                             attempt->deliver(lost);
                             return;
                         }
                         instances.markAnswered(index, clock.monotonic() - sentAt, !attempt->probe);
                         Q_EMIT q->instancesChanged();
                         attempt->deliver(raw);
                     });
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
                    result.error = protocolError(what, u"unexpected HTTP status %1"_s.arg(raw.status));
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
                    error.message = u"fetching the server's public key: %1"_s.arg(error.message);
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

AdminClient::~AdminClient()
{
    // Abort without telling anyone: finished() fires synchronously from abort(), and no callback
    // may run once the client is going away.
    const auto replies = std::exchange(d->inFlight, {});
    for (QNetworkReply *reply : replies) {
        disconnect(reply, nullptr, this, nullptr);
        reply->abort();
        reply->deleteLater();
    }
}

void AdminClient::setServerUrl(const QUrl &url)
{
    setServerUrls({url});
}

QUrl AdminClient::serverUrl() const
{
    const int current = d->instances.current();
    return current >= 0 ? d->instances.at(current).url : QUrl();
}

void AdminClient::setServerUrls(const QList<QUrl> &urls)
{
    ++d->instancesEpoch;
    // Requests waiting for a key check of the old list end now (their attempt sees the new epoch
    // and reports), queued so that no caller's callback runs inside this call.
    const auto waiting = std::exchange(d->instanceKeyWaiters, {});
    if (!waiting.isEmpty()) {
        QMetaObject::invokeMethod(
            this,
            [waiting] {
                ClientError changed;
                changed.kind = ClientError::Kind::Transport;
                changed.message = u"the list of server instances changed"_s;
                for (const auto &waiters : waiting) {
                    for (const auto &waiter : waiters)
                        waiter(changed);
                }
            },
            Qt::QueuedConnection);
    }
    d->siteKey.reset();
    d->instances.setUrls(urls);
}

QList<QUrl> AdminClient::serverUrls() const
{
    return d->instances.urls();
}

const InstanceSet &AdminClient::instances() const
{
    return d->instances;
}

void AdminClient::setConnectTimeout(std::chrono::milliseconds timeout)
{
    d->connectTimeout = std::max(std::chrono::milliseconds {1}, timeout);
}

void AdminClient::setAdminToken(QByteArrayView token)
{
    d->token = SecretBuffer::copyOf(token);
}

void AdminClient::setTransferTimeout(std::chrono::milliseconds timeout)
{
    d->timeout = timeout;
}

void AdminClient::setPublicKey(const LeaseVerifier &verifier)
{
    d->verifier = verifier;
}

std::optional<LeaseVerifier> AdminClient::publicKey() const
{
    return d->verifier;
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
    const std::chrono::milliseconds sentMonotonic = d->clock.monotonic();
    const QDateTime sentWall = d->clock.now();
    d->call<ClockOffset>(
        "GET", QString::fromUtf16(apipath::time), {}, {}, {200}, context,
        Callback<ClockOffset>([this, instance, done](const AdminResult<ClockOffset> &result) {
            if (result.ok() && instance < 0)
                d->lastOffset = result.value;
            done(result);
        }),
        [this, sentMonotonic, sentWall](const RawReply &raw, QString *problem) -> std::optional<ClockOffset> {
            const std::optional<QDateTime> serverNow = adminjson::decodeServerTime(raw.body, problem);
            if (!serverNow)
                return std::nullopt;
            ClockOffset measured;
            measured.roundTrip = std::max(std::chrono::milliseconds {0}, d->clock.monotonic() - sentMonotonic);
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

void AdminClient::stats(QObject *context, Callback<StatsSnapshot> done)
{
    d->call<StatsSnapshot>(
        "GET", QString::fromUtf16(apipath::stats), {}, {}, {200}, context, std::move(done),
        [](const RawReply &raw, QString *problem) { return adminjson::decodeStats(raw.body, problem); });
}

} // namespace keyright
