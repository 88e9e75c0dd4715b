#include "http/RequestTurn.h"

#include "http/ApiError.h"
#include "store/LeaseStore.h"

#include <QLoggingCategory>
#include <QThread>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <utility>

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcTurn, "keyright.server.http")

ApiResponse storeFailed(const StoreError &cause)
{
    const ApiError failure = ApiError::storeFailed(cause);
    return ApiResponse {failure.status, "application/json", failure.toBody(), {}, {}};
}

} // namespace

RequestTurn::RequestTurn(HttpApi &api, SeatService &seats, LeaseStore &store, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_seats(seats)
    , m_store(store)
{ }

RequestTurn::~RequestTurn()
{
    finish();
}

void RequestTurn::submit(const ApiRequest &request, Answer answer)
{
    if (m_requests.isEmpty()) {
        m_batched = m_store.batchesTurns();
        if (m_batched)
            m_store.beginBatch();
    }
    Renewal renewal;
    renewal.timer.start();
    bool planned = false;
    try {
        if (auto heartbeat = m_api.authorizedHeartbeat(request)) {
            if (auto plan = m_seats.planRenewal(heartbeat->route.licenseId, heartbeat->route.seatId)) {
                renewal.heartbeat = std::move(*heartbeat);
                renewal.plan = std::move(*plan);
                planned = true;
            }
        }
    } catch (const StoreError &) {
        // handle() below meets the same failure and answers it.
    }
    if (planned) {
        renewal.request = m_requests.size();
        m_renewals.append(std::move(renewal));
        m_requests.append(Request {std::move(answer), {}});
    } else {
        // Everything that is not a renewable heartbeat, including a heartbeat of a seat that is
        // lost (heartbeat() records why), is decided now, in its own unit of the turn.
        m_requests.append(Request {std::move(answer), m_api.handle(request)});
    }

    if (m_requests.size() >= maxRequests) {
        finish();
    } else if (!m_finishQueued) {
        // Queued behind the sockets that are ready in this turn, so their requests join it.
        m_finishQueued = true;
        QMetaObject::invokeMethod(this, &RequestTurn::finish, Qt::QueuedConnection);
    }
}

void RequestTurn::signRenewals()
{
    const auto sign = [](Renewal &renewal, const SeatService &seats) {
        seats.signRenewal(renewal.plan);
        renewal.renewed = HttpApi::heartbeatAnswer(
            renewal.heartbeat.route,
            SeatService::HeartbeatResult {SeatService::HeartbeatResult::Outcome::Renewed, renewal.plan.renewed});
    };
    // On the thread pool only where there are cores to spare: on 2 cores shared with the
    // clients, handing signatures to other threads cost more than it saved (measured: 13-14k
    // renewals/s, p99 13-14 ms, against 14-15k/s, p99 12 ms signing here; docs/BENCHMARKS.md).
    static const bool parallel = QThread::idealThreadCount() > 2;
    const SeatService &seats = m_seats;
    if (parallel && m_renewals.size() > 1) {
        QtConcurrent::blockingMap(m_renewals, [&](Renewal &renewal) { sign(renewal, seats); });
    } else {
        for (Renewal &renewal : m_renewals)
            sign(renewal, seats);
    }
}

ApiResponse RequestTurn::completeRenewal(const Renewal &renewal)
{
    const ApiRoute &route = renewal.heartbeat.route;
    // When the seat changed since the plan (released, revoked, expired, renewed by another
    // heartbeat of this turn), decide afresh: heartbeat() renews it or says it is lost. Copied,
    // not moved: the license's unit may run again after a serialization failure.
    return m_seats.completeRenewal(renewal.plan)
        ? renewal.renewed
        : HttpApi::heartbeatAnswer(route, m_seats.heartbeat(route.licenseId, route.seatId, renewal.heartbeat.actor));
}

void RequestTurn::storeRenewals()
{
    // Licenses are locked in ascending id order, each once, whatever order the heartbeats came
    // in: the ordering that makes a turn's transaction unable to deadlock with another instance's
    // (see the class comment). Stable, so that two heartbeats of one seat keep their order.
    QList<Renewal *> order;
    order.reserve(m_renewals.size());
    for (Renewal &renewal : m_renewals)
        order.append(&renewal);
    std::stable_sort(order.begin(), order.end(), [](const Renewal *a, const Renewal *b) {
        return a->heartbeat.route.licenseId < b->heartbeat.route.licenseId;
    });

    const bool ownBatch = !m_batched;
    if (ownBatch)
        m_store.beginBatch();
    for (auto first = order.begin(); first != order.end();) {
        const QString &licenseId = (*first)->heartbeat.route.licenseId;
        const auto last = std::find_if(first, order.end(),
                                       [&](const Renewal *r) { return r->heartbeat.route.licenseId != licenseId; });
        try {
            // One unit per license: the license is locked and the clock read once for all of its
            // renewals (SeatService's units inside join this one).
            m_store.withLicense(licenseId, [&] {
                for (auto it = first; it != last; ++it)
                    (*it)->response = completeRenewal(**it);
            });
        } catch (const StoreError &failure) {
            qCCritical(lcTurn, "%d heartbeat(s) of %ls failed in the store: %s", int(last - first),
                       qUtf16Printable(licenseId), failure.what());
            for (auto it = first; it != last; ++it)
                (*it)->response = storeFailed(failure);
        }
        first = last;
    }
    if (!ownBatch)
        return;
    try {
        m_store.commitBatch();
    } catch (const StoreError &failure) {
        qCCritical(lcTurn, "%d renewal answer(s) withheld, they were not stored: %s", int(m_renewals.size()),
                   failure.what());
        for (Renewal &renewal : m_renewals)
            renewal.response = storeFailed(failure);
    }
}

void RequestTurn::finish()
{
    m_finishQueued = false;
    if (m_requests.isEmpty())
        return;
    if (!m_renewals.isEmpty()) {
        signRenewals();
        storeRenewals();
        for (Renewal &renewal : m_renewals) {
            m_api.countAnswer(renewal.response, renewal.heartbeat.route.kind, renewal.timer);
            m_requests[renewal.request].response = std::move(renewal.response);
        }
        m_renewals.clear();
    }
    bool committed = true;
    ApiResponse failed;
    try {
        if (m_batched)
            m_store.commitBatch();
    } catch (const StoreError &failure) {
        committed = false;
        failed = storeFailed(failure);
        qCCritical(lcTurn, "%d answer(s) withheld, their changes were not stored: %s", int(m_requests.size()),
                   failure.what());
    }
    // Taken out first: an answer may start the next turn.
    const QList<Request> requests = std::exchange(m_requests, {});
    for (const Request &request : requests)
        request.answer(committed ? request.response : failed);
}

} // namespace keyright::server
