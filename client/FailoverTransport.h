#pragma once

#include "ClientError.h"
#include "LeaseVerifier.h"
#include "SecretBuffer.h"
#include "TlsTrust.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QSslConfiguration>
#include <QUrl>
#include <QUrlQuery>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace keyright {

class Clock;
class InstanceSet;

// Sends a request to the instances of one site until one answers: the transport LeaseClient and
// AdminClient share, over an InstanceSet (order, stickiness, back-off, refused instances).
//
// Keys. Before an instance is asked anything else, its public key (GET /v1/public-key) is checked:
// against the pinned key when the owner gave one, else against the key the site agreed on. With no
// key pinned, the first request asks every instance for its key at once and learns the site's key
// only when every instance that answered presents the same one (it waits for the others at most a
// short grace once one has answered; a later answer is judged as it comes). When they differ,
// nothing is sent,
// and the request fails with Kind::KeyMismatch naming each server and its key: the client cannot
// tell which one is the site, and the first to answer would otherwise decide. An instance that was
// not reachable then and later presents another key is refused for good (instanceRefused). An
// instance that TLS refused (an untrusted or changed certificate) is not like one that is down:
// it is there, and its key is unknown. While one is, no key is learned from the others, and the
// request fails with Kind::Tls naming it and why, nothing sent to any instance.
//
// What moves a request on. An exchange that got no HTTP status (connection refused, reset or not
// opened in time, TLS refused, no answer within the transfer timeout, a reply that is not HTTP) is
// a transport failure, whatever Qt's error code; an exchange with a status is an answer and is
// judged by its status alone (Qt reports a 400 as a "protocol" error, yet the server answered). A
// 503 moves on to the next instance; any other status, a 4xx included, is the answer. A request
// the server may receive twice (Resend::Always: reads, and the lease routes, which are idempotent
// or carry a requestId) moves on after any transport failure or 503. A command
// (Resend::WhileUnsent) moves on only while it cannot have reached the instance: once its bytes
// were written, a lost answer is reported with mayHaveHappened and the 503 is the answer.
//
// TLS. HTTPS instances are checked against the system's authorities plus TlsTrust's, and against a
// certificate fingerprint confirmed for the instance, if any. A certificate nobody vouches for
// fails the exchange (Kind::Tls, the message names its fingerprint) and is reported by
// certificateUntrusted, so that a person can be asked to trust it; a certificate other than the
// confirmed one is refused before anything is sent. Trust is judged at the TLS handshake, and Qt
// shares a QNetworkAccessManager's open connections between all its requests to one host: clients
// that trust differently need a manager each.
//
// Redirects are not followed: a redirect would carry the credential to an address nobody listed.
class FailoverTransport final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverTransport)

public:
    enum class Resend {
        Always, // the server may receive it twice without harm
        WhileUnsent, // a command: never sent to a second instance once it may have reached one
    };
    struct Request
    {
        QByteArray verb;
        QString path; // below each instance's base path, e.g. "/v1/licenses"
        QUrlQuery query {};
        QByteArray body {}; // JSON, when not empty
        Resend resend = Resend::Always;
        bool authorized = true; // carries the credential
        int only = -1; // ask this instance alone, without moving later requests to it (probes)
    };
    // The answer one instance gave, or why no instance answered.
    struct Reply
    {
        int status = 0; // 0: nothing answered, and `error` says why
        QByteArray body;
        ClientError error; // when status is 0: Transport, Tls, Protocol (an instance's key) or KeyMismatch
        // A 503's Retry-After in seconds (the delay form; an HTTP date is not used), 0: none.
        std::chrono::seconds retryAfter {0};
    };
    using Done = std::function<void(const Reply &)>;

    FailoverTransport(QNetworkAccessManager &network, const Clock &clock, QObject *parent = nullptr);
    ~FailoverTransport() override;

    // Replaces the instances; every one starts unknown and a learned key is forgotten. Requests
    // waiting for a key check of the old list end with a transport error.
    void setUrls(const QList<QUrl> &urls);
    QList<QUrl> urls() const;
    const InstanceSet &instances() const { return *m_instances; }
    // The instance that answered last, else the first usable one.
    QUrl currentUrl() const;
    // The clock the per-instance back-off is measured on. Resets the instances' state.
    void setClock(const Clock &clock);
    const Clock &clock() const { return *m_clock; }
    // How long an instance may take to accept the connection (and finish the TLS handshake)
    // before the next one is tried; a dead host costs this rather than the transfer timeout.
    void setConnectTimeout(std::chrono::milliseconds timeout);
    void setTransferTimeout(std::chrono::milliseconds timeout);
    // Authorized requests carry "Authorization: <scheme> <secret>"; the secret is kept in wiped
    // memory and copied into a header only for as long as a request lives.
    void setCredential(const QByteArray &scheme, QByteArrayView secret);
    // The key every instance must present. nullopt: learned from the site, as above. Every
    // instance is checked again.
    void setPinnedKey(const std::optional<LeaseVerifier> &key);
    // The pinned key, else the one the site agreed on (nullopt until then).
    std::optional<LeaseVerifier> siteKey() const;
    void setTlsTrust(const TlsTrust &trust);
    const TlsTrust &tlsTrust() const { return m_trust; }
    // Test and simulator hook: while set, every request fails at once as a transport failure
    // without being sent, as if the network were cut.
    void setNetworkCut(bool cut) { m_networkCut = cut; }
    bool isNetworkCut() const { return m_networkCut; }

    // `done` runs exactly once, never inside this call.
    void send(const Request &request, Done done);

Q_SIGNALS:
    // An instance presented another signing key than the site's; it is never used again.
    void instanceRefused(const QUrl &url, const QString &reason);
    // A request (not a probe) was answered by another instance than the one before.
    void answeringInstanceChanged(const QUrl &url);
    // An instance answered, failed or was refused: its state in instances() changed.
    void instancesChanged();
    // An HTTPS instance presented a certificate that no authority vouches for and that no
    // confirmed fingerprint covers; `problem` is what TLS said about it.
    void certificateUntrusted(const QUrl &url, const QSslCertificate &certificate, const QString &problem);

private:
    struct Exchange;
    struct KeyAnswer;
    struct Survey;
    struct SurveyState;
    struct Attempt;
    using KeyChecked = std::function<void(const ClientError &error, bool settled)>;

    void exchange(int index, const QByteArray &verb, const QString &path, const QUrlQuery &query,
                  const QByteArray &body, bool authorized, std::function<void(const Exchange &)> done);
    void fetchKey(int index, std::function<void(const KeyAnswer &)> done);
    void learnSiteKey(std::function<void(const Survey &)> done);
    void concludeSurvey(SurveyState &state);
    void checkKey(int index, KeyChecked done);
    // Checks a key an instance presented against the site's: marks it checked, or refuses it.
    ClientError judgeKey(int index, const LeaseVerifier &key);
    void tryNext(const std::shared_ptr<Attempt> &attempt);
    void finish(const std::shared_ptr<Attempt> &attempt);
    void failLater(const ClientError &error, Done done);
    QString disagreement(const QList<std::pair<QByteArray, QList<int>>> &groups) const;

    QNetworkAccessManager &m_network;
    const Clock *m_clock;
    std::unique_ptr<InstanceSet> m_instances;
    QByteArray m_scheme;
    SecretBuffer m_secret;
    std::chrono::milliseconds m_transferTimeout {10000};
    std::chrono::milliseconds m_connectTimeout {1000};
    std::optional<LeaseVerifier> m_pinnedKey;
    std::optional<LeaseVerifier> m_learnedKey;
    QUrl m_learnedFrom; // the first instance that presented the learned key
    TlsTrust m_trust;
    std::optional<QSslConfiguration> m_sslConfiguration; // with the extra authorities, when any
    bool m_networkCut = false;
    QSet<QNetworkReply *> m_inFlight;
    // Per instance: those waiting for its public key while one fetch is under way.
    QHash<int, QList<std::function<void(const KeyAnswer &)>>> m_keyFetches;
    // Those waiting for the site's key while every instance is asked for its own.
    QList<std::function<void(const Survey &)>> m_surveyWaiters;
    quint64 m_epoch = 0; // bumped when the list changes: late answers about old indexes are dropped
    QUrl m_lastAnswered;
};

} // namespace keyright
