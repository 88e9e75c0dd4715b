#include "FailoverTransport.h"

#include "AdminJson.h"
#include "Clock.h"
#include "InstanceSet.h"
#include "wire/ApiPaths.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QSslError>
#include <QTimer>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace keyright {

namespace {

// Retry-After in its delay-seconds form (RFC 9110, 10.2.3), at most an hour; anything else (an
// HTTP date, garbage) is no advice at all.
std::chrono::seconds retryAfterOf(const QByteArray &value)
{
    bool ok = false;
    const qlonglong seconds = value.trimmed().toLongLong(&ok);
    if (!ok || seconds <= 0)
        return std::chrono::seconds {0};
    return std::chrono::seconds {std::min<qlonglong>(seconds, 3600)};
}

// How long the first request waits for the other instances' keys once one has answered: a healthy
// instance answers in milliseconds, and one that accepts connections but does not answer must not
// hold every first request until the transfer timeout. Later answers are judged as they come.
constexpr milliseconds surveyGrace {300};

// The system's certificate authorities, read once: listing extra authorities means listing these
// too (see setTlsTrust), and reading them is the slow part.
const QList<QSslCertificate> &systemAuthorities()
{
    static const QList<QSslCertificate> authorities = QSslConfiguration::systemCaCertificates();
    return authorities;
}

QString hostAndPort(const QUrl &url)
{
    const int defaultPort = url.scheme() == u"https"_s ? 443 : 80;
    return u"%1:%2"_s.arg(url.host()).arg(url.port(defaultPort));
}

QUrl urlFor(const QUrl &base, const QString &path, const QUrlQuery &query)
{
    QUrl url = base;
    QString prefix = url.path(QUrl::FullyEncoded);
    while (prefix.endsWith(u'/'))
        prefix.chop(1);
    url.setPath(prefix + path, QUrl::TolerantMode);
    url.setQuery(query);
    return url;
}

QString describeTimeout(const QString &where, milliseconds timeout)
{
    if (timeout.count() % 1000 == 0)
        return FailoverTransport::tr("%1 timed out after %2 s").arg(where).arg(timeout.count() / 1000);
    return FailoverTransport::tr("%1 timed out after %2 ms").arg(where).arg(timeout.count());
}

// The first characters of a key in base64: enough for a person to tell two keys apart and to find
// the one a server prints.
QString shortKey(const QByteArray &publicKey)
{
    return QString::fromLatin1(publicKey.toBase64().left(16)) + u'…';
}

bool isLost(const ClientError &error)
{
    return error.kind == ClientError::Kind::Transport || error.kind == ClientError::Kind::Tls
        || error.kind == ClientError::Kind::Server;
}

ClientError errorOf(ClientError::Kind kind, const QString &message)
{
    ClientError error;
    error.kind = kind;
    error.message = message;
    return error;
}

} // namespace

// One exchange with one instance, before it is judged.
struct FailoverTransport::Exchange
{
    int status = 0; // 0: no HTTP answer; `error` says why
    QByteArray body;
    ClientError error;
    bool sent = false; // the request's bytes were written: the instance may have acted on it
    std::chrono::seconds retryAfter {0};
};

struct FailoverTransport::KeyAnswer
{
    std::optional<LeaseVerifier> key;
    ClientError error;
};

// What asking every instance for its key settled.
struct FailoverTransport::Survey
{
    ClientError error; // set: the request cannot go anywhere (keys differ, nothing answered, list changed)
    QHash<int, ClientError> failed; // instances that gave no usable key, when the site's key was learned
};

struct FailoverTransport::SurveyState
{
    int pending = 0;
    bool graceStarted = false; // a key has come; the others have surveyGrace left
    bool concluded = false;
    QHash<int, KeyAnswer> answers;
};

struct FailoverTransport::Attempt
{
    Request request;
    QList<int> order;
    int position = 0;
    quint64 epoch = 0;
    QStringList failures; // each instance's failure, in the order met
    ClientError lastLost; // the last failure below HTTP
    ClientError lastProblem; // the last problem with an instance's key
    std::optional<Reply> last503;
    Done done;
};

FailoverTransport::FailoverTransport(QNetworkAccessManager &network, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_clock(&clock)
    , m_instances(std::make_unique<InstanceSet>(clock))
{
    // certificateUntrusted may cross threads or be queued (and spied on in tests).
    qRegisterMetaType<QSslCertificate>();
}

FailoverTransport::~FailoverTransport()
{
    // Aborting emits finished() at once; no callback may run into an owner that is going away.
    const auto replies = std::exchange(m_inFlight, {});
    for (QNetworkReply *reply : replies) {
        QObject::disconnect(reply, nullptr, this, nullptr);
        reply->abort();
        reply->deleteLater();
    }
}

void FailoverTransport::setUrls(const QList<QUrl> &urls)
{
    ++m_epoch;
    // Requests waiting for a key of the old list end now, queued so that no caller's callback
    // runs inside this call.
    const auto fetches = std::exchange(m_keyFetches, {});
    const auto surveys = std::exchange(m_surveyWaiters, {});
    if (!fetches.isEmpty() || !surveys.isEmpty()) {
        const ClientError changed = errorOf(ClientError::Kind::Transport, tr("the list of server instances changed"));
        QMetaObject::invokeMethod(
            this,
            [fetches, surveys, changed] {
                for (const auto &waiters : fetches) {
                    for (const auto &waiter : waiters)
                        waiter(KeyAnswer {std::nullopt, changed});
                }
                for (const auto &waiter : surveys)
                    waiter(Survey {changed, {}});
            },
            Qt::QueuedConnection);
    }
    m_learnedKey.reset();
    m_learnedFrom.clear();
    m_lastAnswered.clear();
    m_instances->setUrls(urls);
}

QList<QUrl> FailoverTransport::urls() const
{
    return m_instances->urls();
}

QUrl FailoverTransport::currentUrl() const
{
    const int current = m_instances->current();
    return current >= 0 ? m_instances->at(current).url : QUrl();
}

void FailoverTransport::setClock(const Clock &clock)
{
    const QList<QUrl> list = urls();
    m_clock = &clock;
    m_instances = std::make_unique<InstanceSet>(clock);
    setUrls(list);
}

void FailoverTransport::setConnectTimeout(milliseconds timeout)
{
    m_connectTimeout = std::max(milliseconds {1}, timeout);
}

void FailoverTransport::setTransferTimeout(milliseconds timeout)
{
    m_transferTimeout = std::max(milliseconds {1}, timeout);
}

void FailoverTransport::setCredential(const QByteArray &scheme, QByteArrayView secret)
{
    m_scheme = scheme;
    m_secret = SecretBuffer::copyOf(secret);
}

void FailoverTransport::setPinnedKey(const std::optional<LeaseVerifier> &key)
{
    m_pinnedKey = key;
    // Instances checked against another key must be checked again against this one.
    setUrls(urls());
}

std::optional<LeaseVerifier> FailoverTransport::siteKey() const
{
    return m_pinnedKey ? m_pinnedKey : m_learnedKey;
}

void FailoverTransport::setTlsTrust(const TlsTrust &trust)
{
    const bool authoritiesChanged = trust.authorities() != m_trust.authorities();
    m_trust = trust;
    if (!authoritiesChanged)
        return; // a confirmed fingerprint is checked here, per exchange
    m_sslConfiguration.reset();
    if (!trust.authorities().isEmpty()) {
        // Adding authorities turns off Qt's loading of the system's on demand, so they are listed
        // with the system's own.
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.setCaCertificates(systemAuthorities() + trust.authorities());
        m_sslConfiguration = configuration;
    }
    // Qt keeps a connection per host with the TLS configuration of the first request that opened
    // it, and uses that configuration for every later handshake on it: other authorities need
    // connections of their own.
    m_network.clearConnectionCache();
}

void FailoverTransport::failLater(const ClientError &error, Done done)
{
    QMetaObject::invokeMethod(
        this,
        [done = std::move(done), error] {
            done(Reply {0, {}, error});
        },
        Qt::QueuedConnection);
}

void FailoverTransport::send(const Request &request, Done done)
{
    if (m_networkCut || m_instances->isEmpty()) {
        failLater(errorOf(ClientError::Kind::Transport,
                          m_networkCut ? tr("network cut") : tr("no server address configured")),
                  std::move(done));
        return;
    }
    if (request.only >= 0 && (request.only >= m_instances->size() || m_instances->at(request.only).refused)) {
        failLater(errorOf(ClientError::Kind::KeyMismatch,
                          request.only < m_instances->size() ? m_instances->at(request.only).lastError
                                                             : tr("no such server instance")),
                  std::move(done));
        return;
    }
    auto attempt = std::make_shared<Attempt>();
    attempt->request = request;
    attempt->order = request.only >= 0 ? QList<int> {request.only} : m_instances->attemptOrder();
    attempt->epoch = m_epoch;
    attempt->done = std::move(done);
    if (attempt->order.isEmpty()) {
        failLater(errorOf(ClientError::Kind::KeyMismatch,
                          tr("every server instance signs with another key than the one this client was given")),
                  std::move(attempt->done));
        return;
    }
    tryNext(attempt);
}

void FailoverTransport::finish(const std::shared_ptr<Attempt> &attempt)
{
    Reply reply;
    if (attempt->last503) {
        // An instance answered: the site is reachable and says why it cannot serve (a database
        // away answers 503 on every live instance, whatever the dead ones do). Walk 48: the
        // dashboard called that "Server unreachable" when one instance was down as well.
        reply = *attempt->last503;
    } else if (attempt->lastLost.isError()) {
        // Lost rather than refused: what an instance's key said is part of the story.
        reply.error = attempt->lastLost;
    } else if (attempt->lastProblem.isError()) {
        reply.error = attempt->lastProblem;
    } else {
        reply.error = errorOf(ClientError::Kind::Transport, tr("the list of server instances changed"));
    }
    if (reply.status == 0 && attempt->failures.size() > 1)
        reply.error.message = attempt->failures.join(u"; "_s);
    attempt->done(reply);
}

void FailoverTransport::tryNext(const std::shared_ptr<Attempt> &attempt)
{
    if (attempt->epoch != m_epoch || attempt->position >= attempt->order.size()) {
        finish(attempt);
        return;
    }
    const int index = attempt->order.at(attempt->position++);
    checkKey(index, [this, attempt, index](const ClientError &keyError, bool settled) {
        if (attempt->epoch != m_epoch) {
            finish(attempt);
            return;
        }
        if (settled) {
            // Every instance was asked at once and none can be used: nothing more to try.
            attempt->done(Reply {0, {}, keyError});
            return;
        }
        if (keyError.isError()) {
            if (!m_instances->at(index).refused)
                m_instances->markFailed(index, keyError.message);
            Q_EMIT instancesChanged();
            (isLost(keyError) ? attempt->lastLost : attempt->lastProblem) = keyError;
            attempt->failures.append(keyError.message);
            tryNext(attempt);
            return;
        }
        const milliseconds sentAt = m_clock->monotonic();
        const Request &request = attempt->request;
        exchange(
            index, request.verb, request.path, request.query, request.body, request.authorized,
            [this, attempt, index, sentAt](const Exchange &answer) {
                if (attempt->epoch != m_epoch) {
                    attempt->done(Reply {answer.status, answer.body, answer.error, answer.retryAfter});
                    return;
                }
                const bool probe = attempt->request.only >= 0;
                if (answer.status == 0 || answer.status == 503) {
                    const ClientError refusal
                        = answer.status == 0 ? ClientError {} : adminjson::decodeErrorReply(answer.status, answer.body);
                    const QString why = answer.status == 0
                        ? answer.error.message
                        : tr("%1 is unavailable: %2").arg(hostAndPort(m_instances->at(index).url), refusal.message);
                    m_instances->markFailed(index, why, refusal.code);
                    Q_EMIT instancesChanged();
                    if (attempt->request.resend == Resend::WhileUnsent && answer.sent) {
                        // The command reached this instance, which may have carried it out:
                        // its 503 is the answer, and a lost answer is reported, never resent.
                        Reply reply {answer.status, answer.body, answer.error, answer.retryAfter};
                        reply.error.mayHaveHappened = answer.status == 0;
                        attempt->done(reply);
                        return;
                    }
                    if (answer.status == 0)
                        attempt->lastLost = answer.error;
                    else
                        attempt->last503 = Reply {answer.status, answer.body, {}, answer.retryAfter};
                    attempt->failures.append(why);
                    tryNext(attempt);
                    return;
                }
                m_instances->markAnswered(index, m_clock->monotonic() - sentAt, !probe);
                Q_EMIT instancesChanged();
                const QUrl answered = m_instances->at(index).url;
                if (!probe && answered != m_lastAnswered) {
                    m_lastAnswered = answered;
                    Q_EMIT answeringInstanceChanged(answered);
                }
                attempt->done(Reply {answer.status, answer.body, {}, answer.retryAfter});
            });
    });
}

void FailoverTransport::checkKey(int index, KeyChecked done)
{
    const InstanceSet::Instance &instance = m_instances->at(index);
    if (instance.keyChecked || instance.refused) {
        done(instance.refused ? errorOf(ClientError::Kind::KeyMismatch, instance.lastError) : ClientError(), false);
        return;
    }
    if (!siteKey()) {
        learnSiteKey([this, index, done](const Survey &survey) {
            if (survey.error.isError())
                done(survey.error, true);
            else if (survey.failed.contains(index))
                done(survey.failed.value(index), false);
            else
                checkKey(index, done);
        });
        return;
    }
    fetchKey(index, [this, index, done](const KeyAnswer &answer) {
        if (answer.error.isError())
            done(answer.error, false);
        else
            done(judgeKey(index, *answer.key), false);
    });
}

ClientError FailoverTransport::judgeKey(int index, const LeaseVerifier &key)
{
    // Idempotent: one fetch's answer may reach the survey and a waiting request both.
    const InstanceSet::Instance &instance = m_instances->at(index);
    if (instance.refused)
        return errorOf(ClientError::Kind::KeyMismatch, instance.lastError);
    const std::optional<LeaseVerifier> expected = siteKey();
    if (!expected)
        return errorOf(ClientError::Kind::Transport, tr("the list of server instances changed"));
    if (InstanceSet::sameKey(*expected, key)) {
        m_instances->markKeyChecked(index);
        return {};
    }
    const QUrl url = instance.url;
    const QString reason = m_pinnedKey
        ? tr("%1 signs with another key than the one this client was given; it is not used").arg(url.toDisplayString())
        : tr("%1 signs with another key than %2; it is not used")
              .arg(url.toDisplayString(), m_learnedFrom.toDisplayString());
    m_instances->markRefused(index, reason);
    Q_EMIT instanceRefused(url, reason);
    Q_EMIT instancesChanged();
    return errorOf(ClientError::Kind::KeyMismatch, reason);
}

void FailoverTransport::fetchKey(int index, std::function<void(const KeyAnswer &)> done)
{
    QList<std::function<void(const KeyAnswer &)>> &waiting = m_keyFetches[index];
    waiting.append(std::move(done));
    if (waiting.size() > 1)
        return;
    const quint64 epoch = m_epoch;
    // Unauthorized: the credential goes only to an instance whose key was checked.
    const QString path = QString::fromUtf16(apipath::publicKey);
    exchange(index, "GET", path, {}, {}, false, [this, index, epoch](const Exchange &answer) {
        if (epoch != m_epoch)
            return; // its waiters were told when the list changed
        const QString where = hostAndPort(m_instances->at(index).url);
        KeyAnswer result;
        if (answer.status == 0) {
            result.error = answer.error;
        } else if (answer.status != 200) {
            // A 5xx says the instance is unwell, not that it is another site: it is tried again later.
            result.error
                = errorOf(answer.status >= 500 ? ClientError::Kind::Server : ClientError::Kind::Protocol,
                          tr("%1 answered HTTP %2 when asked for its public key").arg(where).arg(answer.status));
            result.error.httpStatus = answer.status;
        } else {
            QString problem;
            result.key = adminjson::decodePublicKey(answer.body, &problem);
            if (!result.key)
                result.error = errorOf(ClientError::Kind::Protocol,
                                       tr("%1 gave a malformed public key: %2").arg(where, problem));
        }
        const auto waiters = m_keyFetches.take(index);
        for (const auto &waiter : waiters)
            waiter(result);
    });
}

void FailoverTransport::learnSiteKey(std::function<void(const Survey &)> done)
{
    m_surveyWaiters.append(std::move(done));
    if (m_surveyWaiters.size() > 1)
        return;
    auto state = std::make_shared<SurveyState>();
    QList<int> asked;
    for (int i = 0; i < m_instances->size(); ++i) {
        if (!m_instances->at(i).refused)
            asked.append(i);
    }
    state->pending = int(asked.size());
    const quint64 epoch = m_epoch;
    for (const int index : std::as_const(asked)) {
        fetchKey(index, [this, state, index, epoch](const KeyAnswer &answer) {
            if (epoch != m_epoch)
                return; // the survey's waiters were told when the list changed
            --state->pending;
            if (state->concluded) {
                // Too late for the first request; judged against the key the others agreed on.
                if (answer.key && siteKey())
                    judgeKey(index, *answer.key);
                return;
            }
            state->answers.insert(index, answer);
            if (state->pending == 0) {
                concludeSurvey(*state);
            } else if (answer.key && !state->graceStarted) {
                state->graceStarted = true;
                QTimer::singleShot(surveyGrace, this, [this, state, epoch] {
                    if (epoch == m_epoch && !state->concluded)
                        concludeSurvey(*state);
                });
            }
        });
    }
}

void FailoverTransport::concludeSurvey(SurveyState &state)
{
    state.concluded = true;
    Survey survey;
    // The keys presented, each with the instances that presented it, in the configured order.
    QList<std::pair<QByteArray, QList<int>>> groups;
    ClientError lastLost;
    QStringList failures;
    // Instances that answered but whose key could not be read because TLS refused them: they may
    // be the site, or another one, and nobody can tell.
    QStringList unverified;
    for (int index = 0; index < m_instances->size(); ++index) {
        const auto answer = state.answers.constFind(index);
        if (answer == state.answers.cend())
            continue;
        if (!answer->key) {
            survey.failed.insert(index, answer->error);
            failures.append(answer->error.message);
            if (answer->error.kind == ClientError::Kind::Tls)
                unverified.append(answer->error.message);
            if (isLost(answer->error) || !lastLost.isError())
                lastLost = answer->error;
            continue;
        }
        const QByteArray key = answer->key->publicKey();
        auto group = std::find_if(groups.begin(), groups.end(), [&key](const auto &g) { return g.first == key; });
        if (group == groups.end())
            groups.append({key, {index}});
        else
            group->second.append(index);
    }
    if (groups.size() > 1) {
        survey.error = errorOf(ClientError::Kind::KeyMismatch, disagreement(groups));
        for (const auto &group : std::as_const(groups)) {
            for (const int index : group.second)
                m_instances->markFailed(index, survey.error.message);
        }
    } else if (!groups.isEmpty() && !unverified.isEmpty()) {
        // Unlike an instance that is down, one refused for TLS is there and may sign with another
        // key: learning the site's key from the others alone could send the credential to a
        // foreign server. Its key counts as unknown, and nothing is sent until it can be checked.
        survey.error = errorOf(ClientError::Kind::Tls,
                               tr("the signing keys of the servers listed cannot be compared: %1. Nothing is sent to "
                                  "any of them until that server's certificate is trusted or it is removed from the "
                                  "list")
                                   .arg(unverified.join(u"; "_s)));
        for (const int index : groups.constFirst().second)
            m_instances->markFailed(index, survey.error.message);
        for (auto failed = survey.failed.cbegin(); failed != survey.failed.cend(); ++failed)
            m_instances->markFailed(failed.key(), failed->message);
        survey.failed.clear();
    } else if (groups.isEmpty()) {
        survey.error = lastLost;
        if (failures.size() > 1)
            survey.error.message = failures.join(u"; "_s);
        for (auto failed = survey.failed.cbegin(); failed != survey.failed.cend(); ++failed)
            m_instances->markFailed(failed.key(), failed->message);
        survey.failed.clear();
    } else {
        const QList<int> &agreeing = groups.constFirst().second;
        m_learnedKey = LeaseVerifier::fromPublicKey(groups.constFirst().first);
        m_learnedFrom = m_instances->at(agreeing.constFirst()).url;
        for (const int index : agreeing)
            m_instances->markKeyChecked(index);
    }
    Q_EMIT instancesChanged();
    const auto waiters = std::exchange(m_surveyWaiters, {});
    for (const auto &waiter : waiters)
        waiter(survey);
}

QString FailoverTransport::disagreement(const QList<std::pair<QByteArray, QList<int>>> &groups) const
{
    QStringList servers;
    for (const auto &group : groups) {
        for (const int index : group.second)
            servers.append(tr("%1 (key %2)").arg(m_instances->at(index).url.toDisplayString(), shortKey(group.first)));
    }
    return tr("the servers listed disagree on the signing key: %1. They are not instances of one site; nothing is "
              "sent to them until the list names the instances of one site only")
        .arg(servers.join(u", "_s));
}

void FailoverTransport::exchange(int index, const QByteArray &verb, const QString &path, const QUrlQuery &query,
                                 const QByteArray &body, bool authorized, std::function<void(const Exchange &)> done)
{
    const QUrl base = m_instances->at(index).url;
    QNetworkRequest request(urlFor(base, path, query));
    request.setTransferTimeout(int(m_transferTimeout.count()));
    request.setRawHeader("Accept", "application/json");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    // The server speaks HTTP/1.1 only; and requestSent, which tells a sent command from an unsent
    // one, is HTTP/1.1's signal.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (authorized && !m_secret.isEmpty()) {
        // Qt keeps headers in QByteArray; this copy is the one place the secret leaves wiped
        // memory, and only for as long as the request lives.
        QByteArray header = m_scheme + ' ' + m_secret.view().toByteArray();
        request.setRawHeader("Authorization", header);
        header.fill('\0');
    }
    if (m_sslConfiguration && base.scheme() == u"https"_s)
        request.setSslConfiguration(*m_sslConfiguration);
    QNetworkReply *reply = verb == "GET" ? m_network.get(request) : m_network.sendCustomRequest(request, verb, body);
    m_inFlight.insert(reply);
    // A manager that goes first deletes its replies without finishing them: one deleted so is no
    // longer in flight (a simulator's last return outlives its page, and the dashboard may close).
    connect(reply, &QObject::destroyed, this, [this, reply] { m_inFlight.remove(reply); });

    struct State
    {
        bool sent = false;
        bool connectTimedOut = false;
        QSslCertificate presented; // the certificate a TLS refusal is about
        QString tlsProblem;
        bool certificateChanged = false;
    };
    auto state = std::make_shared<State>();
    // The connect timeout runs from when a socket starts connecting, not from the call: Qt opens
    // at most six connections per host and queues the other requests, and a request waiting its
    // turn behind a busy but healthy instance must not be taken for one sent to a dead host.
    auto *connectTimer = new QTimer(reply);
    connectTimer->setSingleShot(true);
    connectTimer->setInterval(m_connectTimeout);
    connect(reply, &QNetworkReply::socketStartedConnecting, connectTimer, qOverload<>(&QTimer::start));
    connect(reply, &QNetworkReply::requestSent, connectTimer, [connectTimer, state] {
        state->sent = true;
        connectTimer->stop();
    });
    connect(connectTimer, &QTimer::timeout, reply, [reply, state] {
        state->connectTimedOut = true;
        reply->abort();
    });
    connect(reply, &QNetworkReply::sslErrors, this, [this, reply, base, state](const QList<QSslError> &errors) {
        QSslCertificate presented = reply->sslConfiguration().peerCertificate();
        if (presented.isNull() && !errors.isEmpty())
            presented = errors.constFirst().certificate();
        switch (m_trust.judge(base, presented)) {
        case TlsTrust::Verdict::Pinned:
            // The very certificate a person confirmed for this instance.
            reply->ignoreSslErrors(errors);
            return;
        case TlsTrust::Verdict::Changed:
            state->certificateChanged = true;
            break;
        case TlsTrust::Verdict::NoPin:
            break;
        }
        state->presented = presented;
        QStringList problems;
        for (const QSslError &error : errors)
            problems.append(error.errorString());
        problems.removeDuplicates();
        state->tlsProblem = problems.join(u"; "_s);
    });
    connect(reply, &QNetworkReply::encrypted, this, [this, reply, base, state] {
        // An authority vouches for it, but a person confirmed another one for this instance.
        const QSslCertificate presented = reply->sslConfiguration().peerCertificate();
        if (m_trust.judge(base, presented) == TlsTrust::Verdict::Changed) {
            state->presented = presented;
            state->certificateChanged = true;
            reply->abort();
        }
    });

    const milliseconds transferTimeout = m_transferTimeout;
    const milliseconds connectTimeout = m_connectTimeout;
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, base, state, transferTimeout, connectTimeout, done = std::move(done)] {
                m_inFlight.remove(reply);
                reply->deleteLater();
                const QString where = hostAndPort(base);
                Exchange answer;
                // Sent once is sent: Qt may send a request again on a new connection after the
                // first one closed, and that second connection failing does not unsend the first.
                answer.sent = state->sent;
                const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
                if (state->certificateChanged) {
                    answer.error = errorOf(
                        ClientError::Kind::Tls,
                        tr("the certificate of %1 changed: the one trusted has the SHA-256 "
                           "fingerprint %2, the one presented %3; it is not used")
                            .arg(where, m_trust.trustedFingerprint(base), TlsTrust::fingerprint(state->presented)));
                } else if (state->connectTimedOut) {
                    answer.error
                        = errorOf(ClientError::Kind::Transport,
                                  tr("no connection to %1 within %2 ms").arg(where).arg(connectTimeout.count()));
                } else if (status.isValid() && status.toInt() > 0) {
                    // An answer, whatever Qt calls its status (a 400 is a "protocol" error to Qt).
                    answer.status = status.toInt();
                    answer.body = reply->readAll();
                    answer.retryAfter = retryAfterOf(reply->rawHeader("Retry-After"));
                } else {
                    switch (reply->error()) {
                    case QNetworkReply::NoError:
                        answer.error = errorOf(ClientError::Kind::Transport, tr("%1 gave no HTTP answer").arg(where));
                        break;
                    case QNetworkReply::ConnectionRefusedError:
                        answer.error = errorOf(ClientError::Kind::Transport, tr("connection refused by %1").arg(where));
                        break;
                    case QNetworkReply::HostNotFoundError:
                        answer.error = errorOf(ClientError::Kind::Transport, tr("host %1 not found").arg(base.host()));
                        break;
                    case QNetworkReply::RemoteHostClosedError:
                        answer.error = errorOf(ClientError::Kind::Transport,
                                               tr("connection closed by %1 before it answered").arg(where));
                        break;
                    case QNetworkReply::TimeoutError:
                    case QNetworkReply::OperationCanceledError:
                        // Nothing here cancels a request it still wants an answer to: a cancel is
                        // the transfer timeout firing.
                        answer.error = errorOf(ClientError::Kind::Transport, describeTimeout(where, transferTimeout));
                        break;
                    case QNetworkReply::SslHandshakeFailedError:
                        if (!state->presented.isNull()) {
                            answer.error
                                = errorOf(ClientError::Kind::Tls,
                                          tr("the certificate of %1 is not trusted (%2); its SHA-256 "
                                             "fingerprint is %3")
                                              .arg(where, state->tlsProblem, TlsTrust::fingerprint(state->presented)));
                            Q_EMIT certificateUntrusted(base, state->presented, state->tlsProblem);
                        } else {
                            answer.error = errorOf(ClientError::Kind::Tls,
                                                   tr("TLS with %1 failed: %2").arg(where, reply->errorString()));
                        }
                        break;
                    default:
                        answer.error = errorOf(ClientError::Kind::Transport,
                                               tr("cannot reach %1: %2").arg(where, reply->errorString()));
                        break;
                    }
                }
                done(answer);
            });
}

} // namespace keyright
