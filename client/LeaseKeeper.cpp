#include "LeaseKeeper.h"

#include "Clock.h"

#include <QLocale>
#include <QRandomGenerator>
#include <QTimer>

#include <atomic>
#include <limits>

using namespace Qt::StringLiterals;
using std::chrono::milliseconds;

namespace keyright {

struct LeaseKeeper::Private
{
    Private(LeaseKeeper *owner, LeaseClient &leaseClient, const Clock &keeperClock)
        : q(owner)
        , client(leaseClient)
        , clock(keeperClock)
    { }

    LeaseKeeper *q;
    LeaseClient &client;
    const Clock &clock;
    QString holder;
    ExpiryPolicy policy = ExpiryPolicy::Monotonic;
    milliseconds maxJitter {2000};
    milliseconds retryInterval {5000};
    milliseconds maxRetryInterval {60000};
    int outageFailures = 0; // attempts to take a seat in a row that no server answered
    QTimer tick;

    State state = State::Idle;
    std::optional<SeatLease> lease;
    milliseconds leaseSentAt {0}; // monotonic reading when the request that produced `lease` was sent
    milliseconds nextBeatAt {0}; // monotonic
    milliseconds nextAcquireAt {0};
    std::optional<milliseconds> lastLapseAt; // pacing re-acquires after lapses
    bool lapseReported = false;
    bool wasDegraded = false;
    bool requestInFlight = false;
    // A seat this keeper gave up on but whose release the server has not confirmed. Checking out
    // again before it is released could make the server count two seats for one keeper.
    QString pendingRelease;
    QString lastError;
    // The monotonic reading of the last noteActivity(); noActivity before the first. Atomic, so
    // that the application may note activity from any thread.
    static constexpr qint64 noActivity = std::numeric_limits<qint64>::min();
    std::atomic<qint64> lastActivityMs {noActivity};
    // Idle reclaim: the mark the last renewal carried (invalid: none), and the activity reading
    // last sent while marked; a newer one is sent at once.
    QDateTime reclaimAt;
    qint64 activitySentWhileMarked = noActivity;
    // reclaimAt on the monotonic clock: from then on, with no activity since the warning, the seat
    // is the waiter's and this keeper stops acting on it, without waiting for the next beat.
    std::optional<milliseconds> reclaimDueAt;
    // Bumped by release() and crash(): answers to requests sent before belong to a keeper that
    // no longer exists for the application.
    quint64 epoch = 0;
    bool crashed = false;

    // Waiting in line.
    std::optional<std::chrono::seconds> maxWait;
    std::optional<QueueTicket> ticket;
    milliseconds ticketWindow {0}; // the ticket's TTL, from the first answer about it
    milliseconds nextTicketBeatAt {0}; // monotonic
    std::optional<milliseconds> inLineSince; // monotonic; kept while a lost ticket queues again

    // A borrowed lease (startBorrowed): the file, and what its last check said.
    std::optional<BorrowedLeaseFile> borrowedFile;
    QString borrowedLicense;
    milliseconds borrowedSkew {BorrowedLeaseFile::defaultSkew};
    milliseconds borrowedCheckInterval {60000};
    milliseconds nextBorrowedCheckAt {0}; // monotonic
    QDateTime borrowedLatestSeen; // as the last check left it
    std::optional<BorrowedLeaseCheck::Verdict> borrowedVerdict;

    milliseconds window() const
    {
        if (!lease)
            return milliseconds {0};
        return milliseconds(lease->issuedAt.msecsTo(lease->expiresAt));
    }

    // What the last check of the borrowed lease would answer now, from memory: within the borrow
    // (with the skew) and the clock not more than the skew behind the latest time seen.
    bool borrowedHeldNow() const
    {
        if (!lease)
            return false;
        const QDateTime now = clock.now();
        const qint64 skew = borrowedSkew.count();
        return now <= lease->expiresAt.addMSecs(skew) && now >= borrowedLatestSeen.addMSecs(-skew);
    }

    // Reads the file again (latestSeen goes forward on disk) and acts on its answer.
    void checkBorrowed()
    {
        const BorrowedLeaseCheck check = borrowedFile->check(borrowedLicense, holder, clock, borrowedSkew);
        nextBorrowedCheckAt = clock.monotonic() + borrowedCheckInterval;
        using Verdict = BorrowedLeaseCheck::Verdict;
        // A lease that verified: the clock alone decides when its answer changes.
        const bool verified
            = check.held() || check.verdict == Verdict::ClockBehind || check.verdict == Verdict::Expired;
        if (check.state && verified) {
            borrowedLatestSeen = check.state->latestSeen;
            lease = check.state->lease;
        } else {
            lease.reset();
        }
        if (check.held()) {
            borrowedVerdict = check.verdict;
            lastError.clear();
            if (state == State::Holding)
                return;
            const bool again = wasDegraded;
            setState(State::Holding);
            if (again)
                Q_EMIT q->recovered(*lease);
            else
                Q_EMIT q->acquired(*lease);
            return;
        }
        const bool sameAgain = state == State::Degraded && borrowedVerdict == check.verdict;
        borrowedVerdict = check.verdict;
        lastError = check.reason;
        if (sameAgain)
            return;
        if (check.verdict == Verdict::Expired && state == State::Holding && !lapseReported) {
            lapseReported = true;
            Q_EMIT q->lapsed();
        }
        wasDegraded = true;
        setState(State::Degraded);
        Q_EMIT q->degraded(lastError);
    }

    bool isLapsed() const
    {
        if (borrowedFile)
            return !borrowedHeldNow();
        if (!lease)
            return true;
        if (reclaimDue())
            return true;
        if (policy == ExpiryPolicy::SignedExpiry)
            return clock.now() > lease->expiresAt;
        return clock.monotonic() > leaseSentAt + window();
    }

    // Marked for reclaim, reclaimAt reached, and the user did nothing the server has not heard.
    bool reclaimDue() const
    {
        return reclaimDueAt && clock.monotonic() >= *reclaimDueAt
            && lastActivityMs.load(std::memory_order_relaxed) == activitySentWhileMarked;
    }

    milliseconds jitter() const
    {
        if (maxJitter.count() <= 0)
            return milliseconds {0};
        return milliseconds(QRandomGenerator::global()->bounded(qint64(maxJitter.count()) + 1));
    }

    void setState(State next)
    {
        if (state == next)
            return;
        state = next;
        Q_EMIT q->stateChanged(next);
    }

    // The server dropped the seat or is giving it away (reclaim): nothing to release, take a new
    // one at once.
    void loseSeat(const QString &reason)
    {
        reclaimAt = {};
        reclaimDueAt.reset();
        lease.reset();
        lastError = reason;
        Q_EMIT q->seatLost(lastError);
        nextAcquireAt = clock.monotonic();
        setState(State::Acquiring);
        acquire();
    }

    void handleLapse()
    {
        if (lease && reclaimDue()) {
            // Not a lapse: the server gives the seat to someone waiting at reclaimAt, as it warned.
            // Told as a lost seat, like the server's own answer at the next beat would.
            loseSeat(LeaseKeeper::tr("The seat was given to someone waiting: the application was not used "
                                     "after the warning."));
            return;
        }
        if (!lapseReported) {
            lapseReported = true;
            Q_EMIT q->lapsed();
        }
        // The server may still count the old seat (a fast clock lapses early): give it back before
        // taking another, so this keeper never holds two.
        if (lease)
            pendingRelease = lease->seatId;
        lease.reset();
        reclaimAt = {};
        reclaimDueAt.reset();
        // A wall clock far ahead makes every new lease lapsed on arrival under SignedExpiry; pace
        // those re-acquires at the retry interval instead of checking out on every tick.
        const milliseconds now = clock.monotonic();
        nextAcquireAt = lastLapseAt ? std::max(now, *lastLapseAt + retryInterval) : now;
        lastLapseAt = now;
        setState(State::Acquiring);
        if (now >= nextAcquireAt)
            acquire();
    }

    std::optional<milliseconds> idleAt(milliseconds monotonicNow) const
    {
        const qint64 last = lastActivityMs.load(std::memory_order_relaxed);
        if (last == noActivity)
            return std::nullopt;
        return std::max(milliseconds {0}, monotonicNow - milliseconds {last});
    }

    void beat()
    {
        const milliseconds sentAt = clock.monotonic();
        const quint64 sentEpoch = epoch;
        const QString seatId = lease->seatId;
        requestInFlight = true;
        const qint64 sentActivity = lastActivityMs.load(std::memory_order_relaxed);
        // With the time since the user last did something, when the application tells it.
        client.heartbeat(seatId, idleAt(sentAt), q,
                         [this, sentAt, sentEpoch, sentActivity](const LeaseOutcome &result) {
                             if (sentEpoch != epoch)
                                 return;
                             requestInFlight = false;
                             if (const auto *granted = std::get_if<outcome::Granted>(&result)) {
                                 takeLease(granted->lease, sentAt);
                                 Q_EMIT q->renewed(granted->lease);
                                 noteMark(granted->reclaimAt, sentActivity, sentAt);
                                 return;
                             }
                             if (std::holds_alternative<outcome::SeatLost>(result)) {
                                 loseSeat(describe(result));
                                 return;
                             }
                             // A lost or refused beat changes nothing while the held lease is live; the next attempt
                             // waits a retry interval so an outage is not met with a flood of requests.
                             lastError = describe(result);
                             if (isLapsed()) {
                                 handleLapse();
                                 return;
                             }
                             nextBeatAt = clock.monotonic() + retryInterval;
                             Q_EMIT q->beatFailed(lastError);
                         });
    }

    void enterLine(const QueueTicket &place, milliseconds sentAt)
    {
        const bool moved = !ticket || ticket->position != place.position || ticket->waiting != place.waiting;
        if (!ticket || ticket->ticketId != place.ticketId) {
            // The TTL the server gave the ticket: its expiry as first answered, after it was queued.
            ticketWindow = std::max(milliseconds(place.queuedAt.msecsTo(place.expiresAt)), milliseconds {1000});
        }
        if (!inLineSince)
            inLineSince = clock.monotonic();
        ticket = place;
        nextTicketBeatAt = sentAt + ticketWindow / 3 + jitter();
        // The line drops a ticket whose longest wait passed, but says so only to the ticket's next
        // heartbeat: with a TTL of minutes that came long after `hold --wait 2s` should have given
        // up (walk 57). So the ticket is also renewed just after its give-up time, counted from this
        // answer (the server's "now" then is the ticket's expiry less its TTL), at most once a second.
        if (place.giveUpAt.isValid() && place.expiresAt.isValid()) {
            const milliseconds giveUpIn = milliseconds(place.expiresAt.msecsTo(place.giveUpAt)) + ticketWindow;
            const milliseconds afterGiveUp = sentAt + std::max(giveUpIn + milliseconds {500}, milliseconds {1000});
            nextTicketBeatAt = std::min(nextTicketBeatAt, afterGiveUp);
        }
        setState(State::Waiting);
        if (moved)
            Q_EMIT q->positionChanged(place.position, place.waiting);
    }

    void giveUp(const QString &reason)
    {
        ticket.reset();
        inLineSince.reset();
        tick.stop();
        lastError = reason;
        setState(State::Stopped);
        Q_EMIT q->gaveUp(reason);
    }

    void holdGranted(const SeatLease &granted, milliseconds sentAt)
    {
        ticket.reset();
        inLineSince.reset();
        takeLease(granted, sentAt);
        lastError.clear();
        setState(State::Holding);
        Q_EMIT q->acquired(granted);
        if (std::exchange(wasDegraded, false))
            Q_EMIT q->recovered(granted);
    }

    // An answer that arrived after release(): whatever it holds for a keeper that no longer exists
    // goes back to the server. A crashed keeper would not have seen it at all.
    void giveBackLate(const LeaseOutcome &result)
    {
        if (state != State::Stopped || crashed)
            return;
        if (const auto *granted = std::get_if<outcome::Granted>(&result))
            client.release(granted->lease.seatId, nullptr, [](const ReleaseOutcome &) {});
        else if (const auto *queued = std::get_if<outcome::Queued>(&result))
            client.leaveQueue(queued->ticket.ticketId, nullptr, [](const ReleaseOutcome &) {});
    }

    void renewTicket()
    {
        const milliseconds sentAt = clock.monotonic();
        const quint64 sentEpoch = epoch;
        requestInFlight = true;
        client.renewTicket(ticket->ticketId, q, [this, sentAt, sentEpoch](const LeaseOutcome &result) {
            if (sentEpoch != epoch) {
                giveBackLate(result);
                return;
            }
            requestInFlight = false;
            if (const auto *granted = std::get_if<outcome::Granted>(&result)) {
                holdGranted(granted->lease, sentAt);
                return;
            }
            if (const auto *queued = std::get_if<outcome::Queued>(&result)) {
                enterLine(queued->ticket, sentAt);
                return;
            }
            lastError = describe(result);
            if (const auto *lost = std::get_if<outcome::TicketLost>(&result)) {
                const auto why = queue::leftBecauseFromWire(lost->reason);
                if (why == queue::LeftBecause::TimedOut || why == queue::LeftBecause::Revoked) {
                    giveUp(lastError);
                    return;
                }
                // Dropped because the server did not hear from this waiter in time (an outage):
                // the waiter still wants a seat, so it takes a new place at the back.
                ticket.reset();
                setState(State::Acquiring);
                nextAcquireAt = clock.monotonic();
                acquire();
                return;
            }
            if (std::holds_alternative<outcome::NotAllowed>(result)
                || std::holds_alternative<outcome::HolderBlocked>(result)
                || std::holds_alternative<outcome::NoSeats>(result)) {
                // Only the repeated checkout of a ticket the server lost answers these.
                ticket.reset();
                acquireFailed(result);
                return;
            }
            // A lost or refused ticket heartbeat: the place is kept until the ticket's TTL, so try
            // again at the retry interval.
            nextTicketBeatAt = clock.monotonic() + retryInterval;
            Q_EMIT q->beatFailed(lastError);
        });
    }

    void acquire()
    {
        if (requestInFlight)
            return;
        const quint64 sentEpoch = epoch;
        requestInFlight = true;
        if (!pendingRelease.isEmpty()) {
            const QString seatId = pendingRelease;
            client.release(seatId, q, [this, sentEpoch, seatId](const ReleaseOutcome &result) {
                if (sentEpoch != epoch)
                    return;
                requestInFlight = false;
                if (const auto *transport = std::get_if<outcome::Transport>(&result)) {
                    acquireFailed(*transport);
                    return;
                }
                // Released, or refused for good (a rotated key): either way it cannot be released
                // later, and waiting for it would keep the keeper degraded forever.
                if (pendingRelease == seatId)
                    pendingRelease.clear();
                acquire();
            });
            return;
        }
        const milliseconds sentAt = clock.monotonic();
        client.checkout(
            holder, q,
            [this, sentAt, sentEpoch](const LeaseOutcome &result) {
                if (sentEpoch != epoch) {
                    // Granted or queued after release(): nobody will use or renew it, so give it back.
                    giveBackLate(result);
                    return;
                }
                requestInFlight = false;
                if (!std::holds_alternative<outcome::Transport>(result))
                    outageFailures = 0; // a server answered
                if (const auto *granted = std::get_if<outcome::Granted>(&result)) {
                    holdGranted(granted->lease, sentAt);
                    return;
                }
                if (const auto *queued = std::get_if<outcome::Queued>(&result)) {
                    enterLine(queued->ticket, sentAt);
                    return;
                }
                acquireFailed(result);
            },
            maxWait, idleAt(sentAt));
    }

    // The wait before the next attempt to take a seat after `result`: the retry interval after a
    // refusal. After a 503 that says when to ask again (an instance whose database is away paces
    // its clients by it, StoreFailureLog), that wait, spread by jitter up to half of it again: the
    // server sized it for the whole site, so that all come back soon after the database does, at
    // a rate it can serve. When no server answered (or one answered without saying), doubled with
    // every failure up to the maximum, jittered between half and all of it.
    milliseconds retryDelay(const LeaseOutcome &result)
    {
        const auto *transport = std::get_if<outcome::Transport>(&result);
        if (!transport) {
            outageFailures = 0;
            return retryInterval;
        }
        const milliseconds asked = transport->retryAfter;
        if (transport->httpStatus == 503 && asked.count() > 0) {
            outageFailures = 0; // a server answered, and paces us
            milliseconds delay = asked;
            if (maxJitter.count() > 0)
                delay += milliseconds(QRandomGenerator::global()->bounded(qint64(asked.count() / 2) + 1));
            return delay;
        }
        ++outageFailures;
        const milliseconds ceiling = std::max(retryInterval, maxRetryInterval);
        milliseconds delay = retryInterval;
        for (int i = 1; i < outageFailures && delay < ceiling; ++i)
            delay *= 2;
        delay = std::min(delay, ceiling);
        if (maxJitter.count() > 0 && delay.count() > 1)
            delay = delay / 2 + milliseconds(QRandomGenerator::global()->bounded(qint64(delay.count() / 2) + 1));
        return std::max(delay, asked);
    }

    void acquireFailed(const LeaseOutcome &result)
    {
        inLineSince.reset();
        const QString reason = describe(result);
        nextAcquireAt = clock.monotonic() + retryDelay(result);
        const bool changed = state != State::Degraded || reason != lastError;
        lastError = reason;
        wasDegraded = true;
        setState(State::Degraded);
        if (changed)
            Q_EMIT q->degraded(reason);
    }

    // A renewal's reclaim mark (invalid: none), for the heartbeat sent at `sentAt` that told
    // `sentActivity`. The mark's time is the server's: counted on the monotonic clock from the
    // renewal it came with (its issuedAt is the server's "now" then), no wall clock involved.
    void noteMark(const QDateTime &mark, qint64 sentActivity, milliseconds sentAt)
    {
        const bool was = reclaimAt.isValid();
        const bool changed = mark != reclaimAt;
        reclaimAt = mark;
        activitySentWhileMarked = sentActivity;
        if (mark.isValid() && lease)
            reclaimDueAt = sentAt + milliseconds(std::max<qint64>(0, lease->issuedAt.msecsTo(mark)));
        else
            reclaimDueAt.reset();
        if (mark.isValid() && changed)
            Q_EMIT q->reclaimWarning(mark);
        else if (!mark.isValid() && was)
            Q_EMIT q->reclaimLifted();
    }

    // Marked, and the user did something since the last heartbeat told the server.
    bool activityToTell() const
    {
        return reclaimAt.isValid() && lastActivityMs.load(std::memory_order_relaxed) != activitySentWhileMarked;
    }

    void takeLease(const SeatLease &granted, milliseconds sentAt)
    {
        lease = granted;
        leaseSentAt = sentAt;
        lapseReported = false;
        // A third of the lease's own window, counted from when the request left: the server's TTL
        // may change, and the time the answer took is already spent.
        nextBeatAt = sentAt + window() / 3 + jitter();
    }
};

LeaseKeeper::LeaseKeeper(LeaseClient &client, const Clock &clock, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>(this, client, clock))
{
    d->tick.setInterval(milliseconds {250});
    connect(&d->tick, &QTimer::timeout, this, &LeaseKeeper::evaluate);
}

LeaseKeeper::~LeaseKeeper() = default;

void LeaseKeeper::setHolder(const QString &holder)
{
    d->holder = holder;
}

QString LeaseKeeper::holder() const
{
    return d->holder;
}

void LeaseKeeper::setExpiryPolicy(ExpiryPolicy policy)
{
    d->policy = policy;
}

LeaseKeeper::ExpiryPolicy LeaseKeeper::expiryPolicy() const
{
    return d->policy;
}

void LeaseKeeper::setMaxJitter(milliseconds jitter)
{
    d->maxJitter = std::max(milliseconds {0}, jitter);
}

void LeaseKeeper::setTickInterval(milliseconds interval)
{
    d->tick.setInterval(std::max(milliseconds {1}, interval));
}

void LeaseKeeper::setRetryInterval(milliseconds interval)
{
    d->retryInterval = std::max(milliseconds {0}, interval);
}

void LeaseKeeper::setMaxRetryInterval(milliseconds interval)
{
    d->maxRetryInterval = std::max(milliseconds {0}, interval);
}

void LeaseKeeper::setWaitInLine(std::optional<std::chrono::seconds> maxWait)
{
    d->maxWait = maxWait;
}

std::optional<std::chrono::seconds> LeaseKeeper::waitInLine() const
{
    return d->maxWait;
}

void LeaseKeeper::start()
{
    if (d->state != State::Idle && d->state != State::Stopped)
        return;
    d->lease.reset();
    d->reclaimAt = {};
    d->reclaimDueAt.reset();
    d->ticket.reset();
    d->inLineSince.reset();
    d->lapseReported = false;
    d->wasDegraded = false;
    d->lastError.clear();
    d->crashed = false;
    d->lastLapseAt.reset();
    d->borrowedFile.reset();
    d->nextAcquireAt = d->clock.monotonic();
    d->setState(State::Acquiring);
    d->tick.start();
    evaluate();
}

void LeaseKeeper::startBorrowed(const BorrowedLeaseFile &file, const QString &licenseId, milliseconds skew)
{
    if (d->state != State::Idle && d->state != State::Stopped)
        return;
    d->lease.reset();
    d->reclaimAt = {};
    d->reclaimDueAt.reset();
    d->ticket.reset();
    d->inLineSince.reset();
    d->lapseReported = false;
    d->wasDegraded = false;
    d->lastError.clear();
    d->crashed = false;
    d->borrowedFile = file;
    d->borrowedLicense = licenseId;
    d->borrowedSkew = std::max(milliseconds {0}, skew);
    d->borrowedLatestSeen = {};
    d->borrowedVerdict.reset();
    d->tick.start();
    d->checkBorrowed();
}

bool LeaseKeeper::isBorrowed() const
{
    return d->borrowedFile.has_value();
}

void LeaseKeeper::setBorrowedCheckInterval(milliseconds interval)
{
    d->borrowedCheckInterval = std::max(milliseconds {1}, interval);
}

void LeaseKeeper::release()
{
    if (d->state == State::Idle || d->state == State::Stopped)
        return;
    if (d->borrowedFile) {
        // The borrow stays with this computer until it is returned (keyright return) or ends.
        d->tick.stop();
        d->lease.reset();
        d->setState(State::Stopped);
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT released(QString()); }, Qt::QueuedConnection);
        return;
    }
    d->tick.stop();
    ++d->epoch;
    d->requestInFlight = false;
    QString seatId = d->lease ? d->lease->seatId : d->pendingRelease;
    const std::optional<QueueTicket> ticket = std::exchange(d->ticket, std::nullopt);
    d->inLineSince.reset();
    d->lease.reset();
    d->reclaimAt = {};
    d->reclaimDueAt.reset();
    d->pendingRelease.clear();
    d->setState(State::Stopped);
    if (ticket) {
        // Leaving the line frees the place (and a seat the server may already hold for it) now,
        // not after the ticket's TTL.
        d->client.leaveQueue(ticket->ticketId, this, [this](const ReleaseOutcome &) { Q_EMIT released(QString()); });
        return;
    }
    if (seatId.isEmpty()) {
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT released(QString()); }, Qt::QueuedConnection);
        return;
    }
    d->client.release(seatId, this, [this, seatId](const ReleaseOutcome &) { Q_EMIT released(seatId); });
}

void LeaseKeeper::crash()
{
    d->crashed = true;
    d->tick.stop();
    ++d->epoch;
    d->requestInFlight = false;
    d->lease.reset();
    d->reclaimAt = {};
    d->reclaimDueAt.reset();
    d->ticket.reset();
    d->inLineSince.reset();
    d->pendingRelease.clear();
    d->setState(State::Stopped);
}

LeaseKeeper::State LeaseKeeper::state() const
{
    return d->state;
}

bool LeaseKeeper::isActing() const
{
    return d->state == State::Holding && !d->isLapsed();
}

std::optional<SeatLease> LeaseKeeper::lease() const
{
    return d->lease;
}

QDateTime LeaseKeeper::believedExpiry() const
{
    if (!d->lease)
        return {};
    if (d->policy == ExpiryPolicy::SignedExpiry || d->borrowedFile)
        return d->lease->expiresAt;
    const milliseconds left = d->leaseSentAt + d->window() - d->clock.monotonic();
    return d->clock.now().addMSecs(left.count());
}

QString LeaseKeeper::lastError() const
{
    return d->lastError;
}

bool LeaseKeeper::isRequestPending() const
{
    return d->requestInFlight;
}

std::optional<QueueTicket> LeaseKeeper::ticket() const
{
    return d->ticket;
}

milliseconds LeaseKeeper::waitedFor() const
{
    return d->inLineSince ? d->clock.monotonic() - *d->inLineSince : milliseconds {0};
}

void LeaseKeeper::noteActivity()
{
    d->lastActivityMs.store(d->clock.monotonic().count(), std::memory_order_relaxed);
}

void LeaseKeeper::noteActivity(milliseconds ago)
{
    d->lastActivityMs.store((d->clock.monotonic() - std::max(milliseconds {0}, ago)).count(),
                            std::memory_order_relaxed);
}

QDateTime LeaseKeeper::reclaimAt() const
{
    return d->reclaimAt;
}

QString LeaseKeeper::warningText(const QDateTime &reclaimAt)
{
    return tr("Your seat will be given to someone waiting at %1 unless you use the application.")
        .arg(QLocale().toString(reclaimAt.toLocalTime().time(), QLocale::ShortFormat));
}

std::optional<milliseconds> LeaseKeeper::idleFor() const
{
    return d->idleAt(d->clock.monotonic());
}

void LeaseKeeper::evaluate()
{
    if (d->state == State::Idle || d->state == State::Stopped || d->requestInFlight)
        return;
    const milliseconds now = d->clock.monotonic();
    if (d->borrowedFile) {
        // Never a heartbeat: the file is checked again when it is due, or when the clock says the
        // answer has changed (the borrow ended, the clock was turned back or put right).
        if (now >= d->nextBorrowedCheckAt || d->borrowedHeldNow() != (d->state == State::Holding))
            d->checkBorrowed();
        return;
    }
    if (d->state == State::Holding) {
        if (d->isLapsed()) {
            d->handleLapse();
            return;
        }
        // Marked for reclaim: activity goes to the server now, not at the next regular beat.
        if (now >= d->nextBeatAt || d->activityToTell())
            d->beat();
        return;
    }
    if (d->state == State::Waiting) {
        if (now >= d->nextTicketBeatAt)
            d->renewTicket();
        return;
    }
    // Acquiring or Degraded.
    if (now >= d->nextAcquireAt)
        d->acquire();
}

} // namespace keyright
