#include "seats/SeatService.h"

#include "Clock.h"
#include "Crypto.h"
#include "LeasePredicate.h"
#include "LeaseSigner.h"
#include "Metrics.h"
#include "SeatRules.h"
#include "Timestamps.h"
#include "stats/StatsService.h"
#include "wire/Identifiers.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace keyright::server {

namespace {

constexpr int licenseKeyRandomBytes = licenseKeyHexLength / 2;

qint64 wholeSeconds(milliseconds duration)
{
    return std::chrono::duration_cast<seconds>(duration).count();
}

QJsonObject summaryDetail(const SeatService::LicenseSummary &license)
{
    return QJsonObject {{u"name"_s, license.name},
                        {u"seatCount"_s, license.seatCount},
                        {u"ttlSeconds"_s, wholeSeconds(license.ttl)},
                        {u"skewSeconds"_s, wholeSeconds(license.skew)},
                        {u"reapGraceSeconds"_s, wholeSeconds(license.reapGrace)}};
}

} // namespace

SeatService::SeatService(LeaseStore &store, const LeaseSigner &signer, const Clock &clock, Metrics *metrics)
    : m_store(store)
    , m_signer(signer)
    , m_clock(clock)
    , m_metrics(metrics)
    , m_line(store, signer)
{ }

QString SeatService::generateLicenseKey()
{
    return licenseKeyPrefix + crypto::randomHex(licenseKeyRandomBytes);
}

void SeatService::record(const QDateTime &time, EventKind kind, const QString &licenseId, const QString &seatId,
                         const QString &holder, const QString &actor, const QJsonObject &detail)
{
    m_store.appendEvent(EventRecord {0, time, kind, licenseId, seatId, holder, actor, detail});
}

std::optional<EventRecord> SeatService::seatEnding(const QString &licenseId, const QString &seatId,
                                                   const QDateTime &now)
{
    // Bounded: a day back and a few pages. A heartbeat comes within a lease's TTL of its last one,
    // so the event is recent unless the client slept; seat ids are never reused, so the first
    // match is the one.
    EventQuery query;
    query.licenseId = licenseId;
    query.kinds = {EventKind::Revoked, EventKind::Released, EventKind::Reaped};
    query.since = now.addDays(-1);
    query.limit = 500;
    for (int page = 0; page < 8; ++page) {
        const QList<EventRecord> events = m_store.events(query);
        for (const EventRecord &e : events) {
            if (e.seatId == seatId)
                return e;
        }
        if (events.size() < query.limit)
            break;
        query.after = events.constLast().seq;
    }
    return std::nullopt;
}

SeatService::LicenseSummary SeatService::summarize(const LicenseRecord &license, const QList<StoredLease> &rows,
                                                   const QDateTime &now, int deniedLastHour) const
{
    const auto live = std::count_if(rows.cbegin(), rows.cend(), [&](const StoredLease &row) {
        return isLive(row.lease, now, license.policy.skew());
    });
    return LicenseSummary {license.id,           license.name,          license.policy.seatCount(), int(live),
                           license.policy.ttl(), license.policy.skew(), license.policy.reapGrace(), deniedLastHour};
}

CompiledSeatRules SeatService::lineRules(const QString &licenseId)
{
    Q_UNUSED(licenseId);
    return CompiledSeatRules(SeatRules {}, {}); // until the rules engineer's rulesOf() is merged
}

void SeatService::serveLine(LicenseRecord &license, const QDateTime &now, const QString &actor, int deadLimit)
{
    const int granted = m_line.serve(license, lineRules(license.id), now, actor, deadLimit);
    if (granted > 0 && m_stats)
        m_stats->count(license.id, StatsService::Counter::Granted, quint64(granted));
}

SeatService::CheckoutResult SeatService::checkout(const QString &licenseId, const QString &holder,
                                                  const QString &requestId, const QString &actor,
                                                  std::optional<std::chrono::seconds> maxWait)
{
    CheckoutResult result;
    m_store.withLicense(licenseId, [&] {
        auto license = m_store.license(licenseId);
        if (!license) {
            result.outcome = CheckoutResult::Outcome::LicenseNotFound;
            return;
        }
        const QDateTime now = m_clock.now();
        const SeatPolicy &policy = license->policy;
        // The line first: a seat that freed goes to the earliest waiter who may take it, and this
        // checkout is decided on what is left.
        serveLine(*license, now, actor);
        if (const auto again = m_line.renewByRequest(*license, holder, requestId, now, actor);
            again && again->outcome != WaitingLine::TicketAnswer::Outcome::Lost) {
            if (again->outcome == WaitingLine::TicketAnswer::Outcome::Granted) {
                result.outcome = CheckoutResult::Outcome::Granted;
                result.lease = again->lease;
                result.ticketId = again->ticket.ticketId;
                result.replayed = true;
            } else {
                result.outcome = CheckoutResult::Outcome::Queued;
                result.ticket = again->ticket;
            }
            return;
        }

        if (const auto block = m_store.block(licenseId, holder); block && now < block->until) {
            result.outcome = CheckoutResult::Outcome::HolderBlocked;
            result.blockedUntil = block->until;
            record(now, EventKind::HolderBlocked, licenseId, {}, holder, actor,
                   {{u"until"_s, formatTimestamp(block->until)}});
            if (m_metrics)
                m_metrics->countDenial(licenseId);
            return;
        }

        const QList<StoredLease> rows = m_store.leases(licenseId);
        QList<const StoredLease *> live;
        for (const StoredLease &row : rows) {
            if (isLive(row.lease, now, policy.skew()))
                live.append(&row);
        }

        if (!requestId.isEmpty()) {
            const auto same = std::find_if(live.cbegin(), live.cend(), [&](const StoredLease *row) {
                return row->requestId == requestId && row->lease.holder == holder;
            });
            if (same != live.cend()) {
                // A retry of a checkout that already took a seat (the reply was lost): hand back
                // that seat unchanged rather than a second one.
                result.outcome = CheckoutResult::Outcome::Granted;
                result.lease = (*same)->lease;
                result.replayed = true;
                return;
            }
        }

        // The decision rests on this license's own rows, read in this serialized transaction.
        // The replicated usage counters (StatsService) never take part in it: a G-Counter only
        // learns of other replicas' grants after the fact and cannot hold a capacity such as the
        // last free seat (docs/ARCHITECTURE.md). They are only incremented below.
        if (live.size() >= policy.seatCount()) {
            QDateTime nextExpiry;
            QJsonArray holders;
            for (const StoredLease *row : live) {
                const QDateTime stopsCounting = row->lease.expiresAt.addMSecs(policy.skew().count());
                if (!nextExpiry.isValid() || stopsCounting < nextExpiry)
                    nextExpiry = stopsCounting;
                holders.append(QJsonObject {{u"seatId"_s, row->lease.seatId},
                                            {u"holder"_s, row->lease.holder},
                                            {u"generation"_s, qint64(row->lease.generation)},
                                            {u"issuedAt"_s, formatTimestamp(row->lease.issuedAt)},
                                            {u"expiresAt"_s, formatTimestamp(row->lease.expiresAt)}});
            }
            if (maxWait) {
                if (auto ticket = m_line.enqueue(*license, holder, requestId, *maxWait, now, actor)) {
                    result.outcome = CheckoutResult::Outcome::Queued;
                    result.ticket = *ticket;
                    return;
                }
            }
            result.outcome = CheckoutResult::Outcome::NoSeatsAvailable;
            result.seatCount = policy.seatCount();
            result.inUse = int(live.size());
            result.nextExpiry = nextExpiry;
            record(now, EventKind::Denied, licenseId, {}, holder, actor,
                   {{u"inUse"_s, result.inUse}, {u"seatCount"_s, result.seatCount}, {u"holders"_s, holders}});
            if (m_stats)
                m_stats->count(licenseId, StatsService::Counter::Denied);
            if (m_metrics)
                m_metrics->countDenial(licenseId);
            return;
        }

        license->lastGeneration += 1;
        SeatLease lease;
        lease.licenseId = licenseId;
        lease.seatId = crypto::randomHex(16);
        lease.holder = holder;
        lease.generation = license->lastGeneration;
        lease.issuedAt = now;
        lease.expiresAt = now.addMSecs(policy.ttl().count());
        lease = m_signer.signLease(lease);

        m_store.updateLicense(*license);
        m_store.insertLease(StoredLease {lease, requestId});
        record(now, EventKind::Granted, licenseId, lease.seatId, holder, actor,
               {{u"generation"_s, qint64(lease.generation)},
                {u"expiresAt"_s, formatTimestamp(lease.expiresAt)},
                {u"inUse"_s, int(live.size()) + 1},
                {u"seatCount"_s, policy.seatCount()}});
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Granted);
        result.outcome = CheckoutResult::Outcome::Granted;
        result.lease = lease;
    });
    if (m_metrics && result.outcome == CheckoutResult::Outcome::Granted && !result.replayed)
        m_metrics->countGrant(licenseId);
    return result;
}

SeatService::HeartbeatResult SeatService::heartbeat(const QString &licenseId, const QString &seatId,
                                                    const QString &actor)
{
    HeartbeatResult result;
    m_store.withLicense(licenseId, [&] {
        // The steps of a turn's renewals, for one seat. Inside one unit nothing else can touch the
        // row between plan and completion, so a completion that fails means the seat stopped
        // being live while it was signed, and the second plan says it is lost.
        for (int attempt = 0; attempt < 2; ++attempt) {
            RenewalRefusal refusal;
            auto plan = decideRenewal(licenseId, seatId, &refusal);
            if (!plan) {
                result.outcome = refusal.outcome;
                if (refusal.outcome == HeartbeatResult::Outcome::SeatLost) {
                    // A seat that is not live is lost even while its row waits for the reaper:
                    // the counter has already stopped counting it and may have given it to
                    // someone else.
                    QJsonObject detail {{u"reason"_s, refusal.row ? u"expired"_s : u"unknown seat"_s}};
                    QString holder = refusal.row ? refusal.row->lease.holder : QString();
                    if (!refusal.row) {
                        // The row went with a revoke, release or reap: the event that removed it
                        // names the holder, so a filter by holder still shows why the app stopped.
                        if (const auto ended = seatEnding(licenseId, seatId, refusal.decidedAt)) {
                            holder = ended->holder;
                            detail.insert(u"endedBy"_s, toWire(ended->kind));
                            detail.insert(u"endedAt"_s, formatTimestamp(ended->time));
                        }
                    }
                    record(refusal.decidedAt, EventKind::RenewRefused, licenseId, seatId, holder, actor, detail);
                }
                return;
            }
            signRenewal(*plan);
            if (completeRenewal(*plan)) {
                result.outcome = HeartbeatResult::Outcome::Renewed;
                result.lease = plan->renewed;
                return;
            }
        }
        throw StoreError(u"seat %1 of %2 changed inside its own unit"_s.arg(seatId, licenseId).toStdString());
    });
    return result;
}

SeatService::TicketResult SeatService::ticketHeartbeat(const QString &licenseId, const QString &ticketId,
                                                       const QString &actor)
{
    TicketResult result;
    m_store.withLicense(licenseId, [&] {
        result = TicketResult {};
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QDateTime now = m_clock.now();
        serveLine(*license, now, actor);
        const auto answer = m_line.renew(*license, ticketId, now, actor);
        using A = WaitingLine::TicketAnswer::Outcome;
        result.outcome = answer.outcome == A::Waiting ? TicketResult::Outcome::Waiting
            : answer.outcome == A::Granted            ? TicketResult::Outcome::Granted
                                                      : TicketResult::Outcome::Lost;
        result.ticket = answer.ticket;
        result.lease = answer.lease;
        result.lost = answer.lost;
    });
    return result;
}

SeatService::LeaveOutcome SeatService::leaveQueue(const QString &licenseId, const QString &ticketId,
                                                  const QString &actor)
{
    LeaveOutcome outcome = LeaveOutcome::LicenseNotFound;
    m_store.withLicense(licenseId, [&] {
        outcome = LeaveOutcome::LicenseNotFound;
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QDateTime now = m_clock.now();
        outcome = m_line.leave(licenseId, ticketId, now, actor) ? LeaveOutcome::Left : LeaveOutcome::NotInLine;
        // A seat held for it came back: the next waiter gets it now rather than at its heartbeat.
        if (outcome == LeaveOutcome::Left)
            serveLine(*license, now, actor);
    });
    return outcome;
}

std::optional<SeatService::RenewalPlan> SeatService::planRenewal(const QString &licenseId, const QString &seatId)
{
    return decideRenewal(licenseId, seatId, nullptr);
}

std::optional<SeatService::RenewalPlan> SeatService::decideRenewal(const QString &licenseId, const QString &seatId,
                                                                   RenewalRefusal *refusal)
{
    const auto license = m_store.license(licenseId);
    if (!license)
        return std::nullopt; // the refusal's default outcome
    const QDateTime now = m_clock.now();
    auto row = m_store.lease(licenseId, seatId);
    if (!row || !isLive(row->lease, now, license->policy.skew())) {
        if (refusal)
            *refusal = RenewalRefusal {HeartbeatResult::Outcome::SeatLost, std::move(row), now};
        return std::nullopt;
    }
    RenewalPlan plan {row->lease, row->lease, license->policy.skew()};
    plan.renewed.issuedAt = now;
    // Never earlier than the expiry already signed for this seat: a holder may act on the lease it
    // holds (rule 2 in docs/ARCHITECTURE.md), so a renewal must not take time back from it, even
    // after a restart on a wall clock that was set back or a lowered TTL.
    plan.renewed.expiresAt = std::max(row->lease.expiresAt, now.addMSecs(license->policy.ttl().count()));
    return plan;
}

void SeatService::signRenewal(RenewalPlan &plan) const
{
    plan.renewed = m_signer.signLease(plan.renewed);
}

bool SeatService::completeRenewal(const RenewalPlan &plan)
{
    const QString &licenseId = plan.current.licenseId;
    // Live now implies live at every earlier moment for the same expiry: no checkout since the
    // plan can have counted this seat as free. The store checks that the row is still the one
    // planned from. "Now" is read with the license held: with several servers on one database, a
    // checkout elsewhere may have counted the seat as free between a check outside and the write.
    bool stored = false;
    m_store.withLicense(licenseId, [&] {
        stored = false;
        if (!isLive(plan.current, m_clock.now(), plan.skew))
            return;
        stored = m_store.renewLeaseIfUnchanged(plan.current, plan.renewed);
        if (stored && m_stats)
            m_stats->count(licenseId, StatsService::Counter::Renewed);
    });
    if (stored && m_metrics)
        m_metrics->countRenewal(licenseId);
    return stored;
}

SeatService::ReleaseOutcome SeatService::release(const QString &licenseId, const QString &seatId, const QString &actor)
{
    ReleaseOutcome outcome = ReleaseOutcome::LicenseNotFound;
    m_store.withLicense(licenseId, [&] {
        if (!m_store.license(licenseId))
            return;
        const auto row = m_store.lease(licenseId, seatId);
        if (!row || !m_store.deleteLease(licenseId, seatId)) {
            outcome = ReleaseOutcome::NotHeld;
            return;
        }
        const QDateTime now = m_clock.now();
        record(now, EventKind::Released, licenseId, seatId, row->lease.holder, actor, {});
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Released);
        outcome = ReleaseOutcome::Released;
        m_line.seatEnded(licenseId, seatId, queue::LeftBecause::GaveUp, now, actor);
        if (auto license = m_store.license(licenseId))
            serveLine(*license, now, actor);
    });
    return outcome;
}

SeatService::RevokeResult SeatService::revoke(const QString &licenseId, const QString &seatId, const QString &reason,
                                              seconds block, const QString &actor)
{
    RevokeResult result;
    m_store.withLicense(licenseId, [&] {
        if (!m_store.license(licenseId))
            return;
        const auto row = m_store.lease(licenseId, seatId);
        if (!row) {
            result.outcome = RevokeResult::Outcome::SeatNotFound;
            return;
        }
        const QDateTime now = m_clock.now();
        m_store.deleteLease(licenseId, seatId);
        if (block.count() > 0) {
            result.blockedUntil = now.addSecs(block.count());
            m_store.putBlock(HolderBlock {
                .holder = row->lease.holder, .until = *result.blockedUntil, .reason = reason, .licenseId = licenseId});
        }
        record(
            now, EventKind::Revoked, licenseId, seatId, row->lease.holder, actor,
            {{u"reason"_s, reason},
             {u"blockSeconds"_s, qint64(block.count())},
             {u"blockedUntil"_s,
              result.blockedUntil ? QJsonValue(formatTimestamp(*result.blockedUntil)) : QJsonValue(QJsonValue::Null)}});
        if (m_stats)
            m_stats->count(licenseId, StatsService::Counter::Revoked);
        result.outcome = RevokeResult::Outcome::Revoked;
        m_line.seatEnded(licenseId, seatId, queue::LeftBecause::Revoked, now, actor);
        if (auto license = m_store.license(licenseId))
            serveLine(*license, now, actor);
    });
    if (m_metrics && result.outcome == RevokeResult::Outcome::Revoked)
        m_metrics->countRevoke(licenseId);
    return result;
}

QList<SeatService::ReapedSeat> SeatService::reap(bool dryRun, const QString &actor)
{
    QList<ReapedSeat> reaped;
    if (!dryRun) {
        // do-while: with no license at all, the one chunk still lifts the blocks that ended.
        ReapCursor cursor = beginReap();
        do {
            reaped += reapChunk(cursor, reapChunkRows, actor);
        } while (!cursor.atEnd());
        return reaped;
    }
    for (const LicenseRecord &listed : m_store.licenses()) {
        QList<ReapedSeat> ofLicense;
        m_store.withLicense(listed.id, [&] {
            ofLicense.clear();
            const auto license = m_store.license(listed.id);
            if (!license)
                return;
            const QDateTime now = m_clock.now();
            const milliseconds grace = license->policy.reapGrace();
            // The SQL bound only narrows the rows read; isReapable() alone decides.
            for (const StoredLease &row : m_store.leasesExpiringBy(license->id, now.addMSecs(-grace.count()))) {
                if (isReapable(row.lease, now, grace))
                    ofLicense.append(ReapedSeat {row.lease.licenseId, row.lease.seatId, row.lease.holder,
                                                 row.lease.expiresAt, reapableAt(row.lease.expiresAt, grace)});
            }
        });
        reaped += ofLicense;
    }
    return reaped;
}

SeatService::ReapCursor SeatService::beginReap()
{
    ReapCursor cursor;
    for (const LicenseRecord &license : m_store.licenses())
        cursor.licenseIds.append(license.id);
    return cursor;
}

QList<SeatService::ReapedSeat> SeatService::reapChunk(ReapCursor &cursor, int maxRows, const QString &actor)
{
    maxRows = std::max(maxRows, 1);
    QList<ReapedSeat> reaped;
    while (!cursor.atEnd() && reaped.size() < maxRows) {
        const QString licenseId = cursor.licenseIds.at(cursor.next);
        const int budget = maxRows - int(reaped.size());
        QList<ReapedSeat> ofLicense;
        bool licenseDone = true;
        m_store.withLicense(licenseId, [&] {
            ofLicense.clear();
            licenseDone = true;
            auto license = m_store.license(licenseId);
            if (!license)
                return; // deleted since the reap began
            const QDateTime now = m_clock.now();
            const milliseconds grace = license->policy.reapGrace();
            // The SQL bound only narrows the rows read; isReapable() alone decides.
            const QList<StoredLease> candidates
                = m_store.firstLeasesExpiringBy(licenseId, now.addMSecs(-grace.count()), budget);
            for (const StoredLease &row : candidates) {
                if (!isReapable(row.lease, now, grace))
                    continue;
                ofLicense.append(ReapedSeat {row.lease.licenseId, row.lease.seatId, row.lease.holder,
                                             row.lease.expiresAt, reapableAt(row.lease.expiresAt, grace)});
                m_store.deleteLease(row.lease.licenseId, row.lease.seatId);
                record(now, EventKind::Reaped, row.lease.licenseId, row.lease.seatId, row.lease.holder, actor,
                       {{u"expiresAt"_s, formatTimestamp(row.lease.expiresAt)}});
            }
            // The rows come earliest expiry first, so one that is not reapable means none after it
            // is; only a full chunk of reapable rows may have more behind it.
            licenseDone = candidates.size() < budget || ofLicense.size() < candidates.size();
            // Seats may have come back: the line gets them, and its dead tickets go, in chunks
            // like the rows.
            serveLine(*license, now, actor, budget);
            if (m_stats)
                m_stats->count(licenseId, StatsService::Counter::Reclaimed, quint64(ofLicense.size()));
        });
        if (m_metrics && !ofLicense.isEmpty())
            m_metrics->countReaped(licenseId, int(ofLicense.size()));
        reaped += ofLicense;
        if (licenseDone)
            ++cursor.next;
    }
    if (cursor.atEnd())
        m_store.withStore([&] { m_store.deleteBlocksEndedBy(m_clock.now()); });
    return reaped;
}

int SeatService::sweepEvents(int retentionDays)
{
    int deleted = 0;
    for (int chunk = reapChunkRows; chunk == reapChunkRows;) {
        chunk = sweepEventsChunk(retentionDays, reapChunkRows);
        deleted += chunk;
    }
    return deleted;
}

int SeatService::sweepEventsChunk(int retentionDays, int maxRows)
{
    int deleted = 0;
    m_store.withStore([&] {
        deleted = m_store.deleteFirstEventsBefore(m_clock.now().addDays(-retentionDays), std::max(maxRows, 1));
    });
    return deleted;
}

SeatService::PutLicenseResult SeatService::putLicense(const QString &licenseId, const LicenseSpec &spec,
                                                      const QString &actor)
{
    PutLicenseResult result;
    m_store.withLicense(licenseId, [&] {
        const auto existing = m_store.license(licenseId);
        if (!existing) {
            for (const auto &[field, value] :
                 {std::pair {u"seatCount"_s, spec.seatCount}, std::pair {u"ttlSeconds"_s, spec.ttlSeconds},
                  std::pair {u"skewSeconds"_s, spec.skewSeconds},
                  std::pair {u"reapGraceSeconds"_s, spec.reapGraceSeconds}}) {
                if (!value) {
                    result.error = ValidationError {field, u"%1 is required to create a license"_s.arg(field)};
                    return;
                }
            }
        }
        // Absent fields keep the current value (which may have sub-second parts set in-process).
        const auto duration = [&](const std::optional<qint64> &given, milliseconds current) {
            return given ? milliseconds(seconds(*given)) : current;
        };
        const qint64 seatCount = spec.seatCount ? *spec.seatCount : existing->policy.seatCount();
        const milliseconds ttlMs = duration(spec.ttlSeconds, existing ? existing->policy.ttl() : milliseconds {});
        const milliseconds skewMs = duration(spec.skewSeconds, existing ? existing->policy.skew() : milliseconds {});
        const milliseconds graceMs
            = duration(spec.reapGraceSeconds, existing ? existing->policy.reapGrace() : milliseconds {});
        ValidationError why;
        const auto policy = SeatPolicy::create(seatCount, ttlMs, skewMs, graceMs, &why);
        if (!policy) {
            result.error = why;
            return;
        }
        const QDateTime now = m_clock.now();
        std::optional<LicenseRecord> saved;
        if (existing) {
            saved = *existing;
            saved->policy = *policy;
            if (spec.name)
                saved->name = *spec.name;
            m_store.updateLicense(*saved);
            result.outcome = PutLicenseResult::Outcome::Updated;
        } else {
            result.key = generateLicenseKey();
            saved = LicenseRecord {licenseId, spec.name.value_or(licenseId), *policy,
                                   crypto::hashSecret(result.key.toUtf8()), 0};
            m_store.insertLicense(*saved);
            result.outcome = PutLicenseResult::Outcome::Created;
        }
        result.license = summarize(*saved, m_store.leases(licenseId), now, 0);
        result.license.deniedLastHour
            = m_store.countEventsSince(EventKind::Denied, now.addSecs(-3600)).value(licenseId);
        record(now, existing ? EventKind::LicenseUpdated : EventKind::LicenseCreated, licenseId, {}, {}, actor,
               summaryDetail(result.license));
    });
    return result;
}

std::optional<QString> SeatService::rotateKey(const QString &licenseId, const QString &actor)
{
    std::optional<QString> key;
    m_store.withLicense(licenseId, [&] {
        auto license = m_store.license(licenseId);
        if (!license)
            return;
        const QString fresh = generateLicenseKey();
        license->keyHash = crypto::hashSecret(fresh.toUtf8());
        m_store.updateLicense(*license);
        record(m_clock.now(), EventKind::KeyRotated, licenseId, {}, {}, actor, {});
        key = fresh;
    });
    return key;
}

std::optional<LicenseRecord> SeatService::license(const QString &licenseId)
{
    return m_store.license(licenseId);
}

QList<SeatService::LicenseSummary> SeatService::licenses()
{
    const QDateTime now = m_clock.now();
    const QHash<QString, int> denied = m_store.countEventsSince(EventKind::Denied, now.addSecs(-3600));
    const QHash<QString, int> waiting = m_store.waitingTicketCounts(now);
    QList<LicenseSummary> result;
    for (const LicenseRecord &license : m_store.licenses()) {
        result.append(summarize(license, m_store.leases(license.id), now, denied.value(license.id)));
        result.last().waiting = waiting.value(license.id);
    }
    return result;
}

std::optional<SeatService::LeaseListing> SeatService::leaseListing(const QString &licenseId)
{
    const auto license = m_store.license(licenseId);
    if (!license)
        return std::nullopt;
    const QDateTime now = m_clock.now();
    LeaseListing listing;
    listing.leases = m_store.leases(licenseId);
    std::sort(listing.leases.begin(), listing.leases.end(),
              [](const StoredLease &a, const StoredLease &b) { return a.lease.expiresAt < b.lease.expiresAt; });
    listing.license = summarize(*license, listing.leases, now,
                                m_store.countEventsSince(EventKind::Denied, now.addSecs(-3600)).value(licenseId));
    for (const HolderBlock &block : m_store.blocks(licenseId)) {
        if (now < block.until)
            listing.blocks.append(block);
    }
    listing.queue = m_line.listing(licenseId, now);
    listing.license.waiting = int(std::count_if(listing.queue.cbegin(), listing.queue.cend(), [](const QueueTicket &t) {
        return t.state == QueueTicket::State::Waiting;
    }));
    return listing;
}

QList<EventRecord> SeatService::events(const EventQuery &query)
{
    return m_store.events(query);
}

} // namespace keyright::server
