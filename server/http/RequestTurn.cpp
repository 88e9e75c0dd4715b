#include "http/RequestTurn.h"

#include "http/ApiError.h"
#include "store/LeaseStore.h"

#include <QLoggingCategory>
#include <QThread>
#include <QtConcurrent/QtConcurrentMap>

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

ApiResponse RequestTurn::completeRenewal(Renewal &renewal)
{
    const ApiRoute &route = renewal.heartbeat.route;
    ApiResponse response;
    try {
        // When the seat changed since the plan (released, revoked, expired, renewed by another
        // heartbeat of this turn), decide afresh: heartbeat() renews it or says it is lost.
        response = m_seats.completeRenewal(renewal.plan)
            ? std::move(renewal.renewed)
            : HttpApi::heartbeatAnswer(route,
                                       m_seats.heartbeat(route.licenseId, route.seatId, renewal.heartbeat.actor));
    } catch (const StoreError &failure) {
        qCCritical(lcTurn, "heartbeat of %ls failed in the store: %s", qUtf16Printable(route.seatId), failure.what());
        response = storeFailed(failure);
    }
    m_api.countAnswer(response, route.kind, renewal.timer);
    return response;
}

void RequestTurn::finish()
{
    m_finishQueued = false;
    if (m_requests.isEmpty())
        return;
    if (!m_renewals.isEmpty()) {
        signRenewals();
        for (Renewal &renewal : m_renewals)
            m_requests[renewal.request].response = completeRenewal(renewal);
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
