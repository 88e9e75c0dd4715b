#pragma once

#include "AlertRules.h"
#include "LicenseValidity.h"
#include "SeatDecision.h"
#include "SeatLease.h"
#include "SeatPolicy.h"
#include "wire/AccessRole.h"
#include "wire/AlertWebhook.h"
#include "wire/BorrowJson.h"
#include "wire/EventKind.h"
#include "wire/EventQuery.h"
#include "wire/EventRecord.h"
#include "wire/LeaseList.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <stdexcept>
#include <utility>

namespace keyright::server {

// A license as the store keeps it. The key itself is never stored, only crypto::hashSecret of it.
struct LicenseRecord
{
    QString id;
    QString name;
    SeatPolicy policy;
    QByteArray keyHash;
    quint64 lastGeneration = 0; // the generation of the newest seat handed out; only grows
    LicenseValidity validity = {}; // issue 29: checkouts refused outside it, leases capped at validUntil
    BorrowPolicy borrow = {}; // issue 27: whether and how its seats may be borrowed

    friend bool operator==(const LicenseRecord &, const LicenseRecord &) = default;
};

// A checkout a turn is about to decide (LeaseStore::expectCheckouts()).
struct ExpectedCheckout
{
    QString licenseId;
    QString holder;
    QString requestId;
};

// A lease row: the signed lease plus the checkout's requestId (empty when the client sent none),
// which lets a retried checkout find the seat it already took. A borrowed seat (issue 27) is a row
// like any other with lease.borrowed set: it counts while live, is never renewed, and expires by
// itself.
struct StoredLease
{
    SeatLease lease;
    QString requestId;
    // When the holder last did something, as its last renewal told it (issue 26), on the
    // server's clock; invalid: unknown (a client that does not report activity, or no renewal yet).
    QDateTime lastActivityAt = {};
    // Idle reclaim's mark (issue 26): when the seat was marked, and when it goes unless its holder
    // acts first; both invalid while it is not marked. A renewal leaves them as they are.
    QDateTime reclaimMarkedAt = {};
    QDateTime reclaimAt = {};
    // A borrowed seat an admin wrote off (issue 27: its laptop is lost); unset otherwise. The row
    // counts until its expiry all the same.
    BorrowWriteOff writeOff = {};
    // The hash of a borrowed seat's return secret (BorrowReturnSecret::hash()), which an early
    // return must match; empty for a seat that is not borrowed, or was borrowed before the server
    // kept return secrets (such a row is returned with the license key alone until it expires).
    QByteArray returnSecretHash = {};

    bool reclaimMarked() const { return reclaimMarkedAt.isValid(); }
};

// A renewal as the store writes it: the row as planned from, the signed renewed lease, and the
// holder's last activity as the heartbeat told it (invalid: unknown, written as such).
struct LeaseRenewal
{
    SeatLease current;
    SeatLease renewed;
    QDateTime lastActivityAt = {};
};

// One alert (a rule and its subject) between evaluations (the alert_tracks table, issue 29). The
// subject is the license id, "licenseId#days" for a validity notice, "instance:<replica id>" for
// a silent instance, or empty for the server.
struct StoredAlertTrack
{
    // The subject of a license's alert, or of its validity notice `noticeDays` before the end.
    static QString subjectOf(const QString &licenseId, int noticeDays = -1)
    {
        return noticeDays >= 0 ? licenseId + u'#' + QString::number(noticeDays) : licenseId;
    }
    // The license a subject names (empty for the server) and its notice days (-1: none). License
    // ids cannot hold '#' (wire/Identifiers), so the last one splits.
    static std::pair<QString, int> partsOf(const QString &subject)
    {
        const qsizetype hash = subject.lastIndexOf(u'#');
        return hash >= 0 ? std::pair {subject.left(hash), subject.mid(hash + 1).toInt()} : std::pair {subject, -1};
    }
    // instance_silent: the subject "instance:<replica id>" (license ids hold no ':').
    static constexpr QStringView instancePrefix = u"instance:";
    static QString subjectOfInstance(const QString &replicaId) { return instancePrefix.toString() + replicaId; }
    // The replica id an instance_silent subject names; empty for any other subject.
    static QString instanceOf(const QString &subject)
    {
        return subject.startsWith(instancePrefix) ? subject.mid(instancePrefix.size()) : QString();
    }

    QString ruleId;
    QString subject;
    AlertTrack track;
    qint64 value = 0; // the measure that made it fire, and the rule's number
    qint64 limit = 0;
    // While firing: the seq of the alert_fired event that started it (the alert's id; 0 for one
    // that fired before ids were kept, until the next evaluation finds it), and who acknowledged
    // it, when, with what note (empty and invalid: not acknowledged). Cleared when it resolves.
    qint64 firedSeq = 0;
    QString acknowledgedBy = {};
    QDateTime acknowledgedAt = {};
    QString note = {};

    friend bool operator==(const StoredAlertTrack &, const StoredAlertTrack &) = default;
};

// A server instance that records it is alive (the server_instances table, issue 29's
// instance_silent): upserted every few seconds by its InstanceBeat, removed by a graceful stop.
struct StoredInstance
{
    QString replicaId; // its replica id, as in /v1/stats
    QString url; // the URL it listens on; empty when not known
    QDateTime startedAt;
    QDateTime lastSeenAt;

    friend bool operator==(const StoredInstance &, const StoredInstance &) = default;
};

// An alert endpoint (the alert_endpoints table, issue 29) with its secret sealed under the data
// directory's alerts.key (AlertSecretBox): the store never holds the secret in the clear.
struct StoredAlertEndpoint
{
    alerts::webhook::Endpoint endpoint;
    QByteArray sealedSecret; // nonce followed by the crypto_secretbox of the secret
    QString address; // kind "email": where to (a later mailer); empty for a webhook
};

// One delivery of the outbox (the alert_outbox table): the log's row, the exact body to POST, and
// who holds it while it is being sent (claimOwner until claimUntil; empty: nobody).
struct StoredAlertDelivery
{
    alerts::webhook::Delivery delivery;
    QByteArray payload;
    QString claimOwner = {};
    QDateTime claimUntil = {};
};

// A place in a license's waiting line as the store keeps it (the queue_tickets table). The
// wire's QueueTicket adds what follows from the line as a whole (position, waiting, state); the
// store adds what only the server needs: the checkout's requestId and the line order.
struct StoredTicket
{
    QString licenseId;
    QString ticketId;
    QString holder;
    QString requestId; // empty when the checkout sent none
    qint64 lineSeq = 0; // the license's generation when it queued: the order of the line
    QDateTime queuedAt;
    QDateTime expiresAt; // dropped unless renewed by then
    QDateTime giveUpAt; // dropped then whatever happens
    QString seatId; // the seat held for it once granted; empty while it waits

    bool granted() const { return !seatId.isEmpty(); }
};

// HolderBlock and EventRecord are core's (wire/LeaseList.h, wire/EventRecord.h): the store keeps
// exactly what the wire carries, so the server and the client share one type and one codec.

// A named access token for the admin routes. The token itself is never stored, only
// crypto::hashSecret of it; a revoked token is deleted, so only tokens in force are kept.
struct AccessToken
{
    QString name;
    AccessRole role = AccessRole::Viewer;
    QByteArray hash;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: never expires
    QDateTime lastUsedAt; // invalid: never used; written at most once a minute (AccessService)
};

// A page of the audit log is core's EventQuery (wire/EventQuery.h): the query string the client
// writes is what the store runs.

// Thrown by a store when the database fails (disk full, corrupt file, PostgreSQL gone). The
// transaction it happened in is rolled back and nothing is half-written. The kind says how a
// caller answers: Failed is a 500; Unavailable (the database cannot be reached, or a commit whose
// outcome is unknown) a 503 database_unavailable; Conflict (a serialization failure or deadlock
// before commit) is retried by the store itself and only escapes when the retries ran out.
class StoreError : public std::runtime_error
{
public:
    enum class Kind { Failed, Unavailable, Conflict };

    explicit StoreError(const std::string &message, Kind kind = Kind::Failed)
        : std::runtime_error(message)
        , m_kind(kind)
    { }
    StoreError(Kind kind, const QString &message)
        : std::runtime_error(message.toStdString())
        , m_kind(kind)
    { }

    Kind kind() const { return m_kind; }
    bool isUnavailable() const { return m_kind == Kind::Unavailable; }

    // Whether the change may have been kept: the connection was lost while a COMMIT was in
    // flight, so the database may have committed it before the answer was lost. Every other
    // failure is known to have kept nothing.
    bool outcomeUnknown() const { return m_outcomeUnknown; }
    StoreError &setOutcomeUnknown(bool unknown = true)
    {
        m_outcomeUnknown = unknown;
        return *this;
    }

private:
    Kind m_kind = Kind::Failed;
    bool m_outcomeUnknown = false;
};

// The "now" a statement that locked licenses decided them with (SqlDialect::lockLicensesDecides):
// `decidedMs`, and the reading of the database's clock it was decided from, `readingMs`.
struct LockedNow
{
    qint64 decidedMs = 0;
    qint64 readingMs = 0;
};

} // namespace keyright::server
