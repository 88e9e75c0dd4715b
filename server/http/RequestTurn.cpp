#include "http/RequestTurn.h"

#include "http/ApiError.h"
#include "http/HttpResponseWriter.h"
#include "http/RequestParsing.h"
#include "store/LeaseStore.h"
#include "wire/ErrorBody.h"

#include <QFutureWatcher>
#include <QLoggingCategory>
#include <QSet>
#include <QThread>
#include <QtConcurrent/QtConcurrentMap>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright::server {

namespace {

Q_LOGGING_CATEGORY(lcTurn, "keyright.server.http")

ApiResponse storeFailed(const StoreFailureLog &log, const StoreError &cause)
{
    // With Retry-After on a 503, as every other 503, paced during an outage: keepers wait that
    // long before trying again.
    ApiResponse response = HttpResponseWriter::errorResponse(ApiError::storeFailed(cause));
    log.pace(response, cause);
    return response;
}

} // namespace

RequestTurn::RequestTurn(HttpApi &api, SeatService &seats, LeaseStore &store, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_seats(seats)
    , m_store(store)
{
    m_background.setMaxThreadCount(std::max(1, QThread::idealThreadCount() / 2));
}

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
    bool deferred = false;
    try {
        if (auto heartbeat = m_api.authorizedHeartbeat(request)) {
            renewal.heartbeat = std::move(*heartbeat);
            deferred = true;
        }
    } catch (const StoreError &) {
        // handle() below meets the same failure and answers it.
    }
    std::optional<HttpApi::LeaseCall> call;
    if (!deferred && !m_batched) {
        try {
            call = m_api.authorizedLeaseCall(request);
        } catch (const StoreError &) {
            // handle() below meets the same failure and answers it.
        }
    }
    if (deferred) {
        renewal.request = m_requests.size();
        m_requests.append(Request {std::move(answer), {}, renewal.timer});
        m_renewals.append(std::move(renewal));
    } else if (call) {
        // Decided at the end of the turn with the others on licenses, in one transaction
        // (storeShared()).
        m_calls.append(Call {m_requests.size(), std::move(*call), {}});
        m_requests.append(Request {std::move(answer), {}, renewal.timer});
    } else {
        // Everything that is not an authorized heartbeat is decided now, in its own unit of the
        // turn (or its own transaction).
        m_requests.append(Request {std::move(answer), m_api.handle(request), renewal.timer});
    }

    if (m_requests.size() >= maxRequests) {
        finish();
    } else if (!m_finishQueued) {
        // Queued behind the sockets that are ready in this turn, so their requests join it.
        m_finishQueued = true;
        QMetaObject::invokeMethod(this, &RequestTurn::finish, Qt::QueuedConnection);
    }
}

void RequestTurn::planRenewals()
{
    QList<std::pair<QString, QString>> seats;
    seats.reserve(m_renewals.size());
    for (const Renewal &renewal : std::as_const(m_renewals))
        seats.append({renewal.heartbeat.route.licenseId, renewal.heartbeat.route.seatId});
    QList<std::optional<SeatService::RenewalPlan>> plans;
    try {
        plans = m_seats.planRenewals(seats);
    } catch (const StoreError &) {
        return; // none planned: heartbeat() decides each, and answers the failure
    }
    // A seat beaten twice in one turn is planned once; the later heartbeats are decided after it
    // is stored, as they would be one after the other.
    QSet<QString> planned;
    for (qsizetype i = 0; i < m_renewals.size(); ++i) {
        if (!plans[i])
            continue;
        const QString seat = seats[i].first + u'\n' + seats[i].second;
        if (planned.contains(seat))
            continue;
        planned.insert(seat);
        m_renewals[i].plan = std::move(plans[i]);
        m_renewals[i].plan->idle = m_renewals[i].heartbeat.idle; // stored with the renewal
    }
}

void RequestTurn::signRenewals()
{
    const auto sign = [](Renewal &renewal, const SeatService &seats) {
        if (!renewal.plan)
            return;
        seats.signRenewal(*renewal.plan);
        renewal.renewed = HttpApi::heartbeatAnswer(
            renewal.heartbeat.route,
            SeatService::HeartbeatResult {SeatService::HeartbeatResult::Outcome::Renewed, renewal.plan->renewed,
                                          SeatService::reclaimAtOf(*renewal.plan)});
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

void RequestTurn::storeShared()
{
    // One transaction for the turn's calls and renewals: every license they name locked first,
    // with one statement in ascending id order, and "now" read once they are held; then the calls
    // in arrival order (in one unit, or each in a unit of its own once one failed: one that fails
    // is undone alone), then the renewals in one unit; one COMMIT. The class comment says why
    // this cannot deadlock with another instance's turn.
    m_store.beginBatch();
    QStringList licenseIds;
    for (const Call &call : std::as_const(m_calls))
        licenseIds.append(call.call.route.licenseId);
    for (const Renewal &renewal : std::as_const(m_renewals))
        licenseIds.append(renewal.heartbeat.route.licenseId);
    std::optional<StoreError> failed;
    try {
        m_store.lockLicenses(licenseIds);
    } catch (const StoreError &failure) {
        failed = failure;
    }
    if (failed) {
        try {
            m_store.rollbackBatch();
        } catch (const StoreError &) {
            // The connection is gone, and the transaction with it.
        }
    } else {
        // Told what the turn's checkouts will ask (their requestIds, their licenses' live rows):
        // the store may read it for all of them at once. A body that does not parse is refused
        // by its own call.
        QList<ExpectedCheckout> expected;
        for (const Call &call : std::as_const(m_calls)) {
            if (call.call.route.kind != ApiRoute::Kind::Checkout)
                continue;
            if (const auto body = request::parseCheckout(call.call.body))
                expected.append(ExpectedCheckout {call.call.route.licenseId, body->holder, body->requestId});
        }
        m_store.expectCheckouts(expected);
        // All the calls in one unit first, one savepoint for the turn instead of one each (two
        // round trips a call). Should one fail in the store, the unit is undone whole, nothing of
        // it answered, and each call is decided again in a unit of its own, so that only the one
        // that fails is lost.
        bool together = false;
        if (m_calls.size() > 1) {
            try {
                m_store.withStore([&] {
                    for (Call &call : m_calls)
                        call.response = m_api.decideLeaseCall(call.call, true);
                });
                together = true;
            } catch (const StoreError &failure) {
                qCWarning(lcTurn, "a turn's lease calls are decided again one by one: %s", failure.what());
            }
        }
        if (!together) {
            for (Call &call : m_calls)
                call.response = m_api.decideLeaseCall(call.call);
        }
        if (!m_renewals.isEmpty())
            storeRenewals();
        try {
            m_store.commitBatch();
        } catch (const StoreError &failure) {
            failed = failure;
        }
    }
    if (!failed)
        return;
    m_api.storeFailures().failed(
        lcTurn(),
        u"the commit of %1 answer(s) (withheld, their changes not stored)"_s.arg(m_calls.size() + m_renewals.size()),
        *failed, int(m_calls.size() + m_renewals.size()));
    for (Call &call : m_calls)
        call.response = storeFailed(m_api.storeFailures(), *failed);
    for (Renewal &renewal : m_renewals)
        renewal.response = storeFailed(m_api.storeFailures(), *failed);
}

void RequestTurn::storeRenewals()
{
    try {
        m_store.withStore([&] {
            // Every license of the turn's heartbeats, locked in ascending id order before
            // anything else: the ordering that keeps this transaction from deadlocking with
            // another instance's (see the class comment). SeatService's units inside join this
            // one and lock nothing again.
            QStringList licenseIds;
            for (const Renewal &renewal : std::as_const(m_renewals))
                licenseIds.append(renewal.heartbeat.route.licenseId);
            m_store.lockLicenses(licenseIds);

            QList<const SeatService::RenewalPlan *> plans;
            QList<Renewal *> planned;
            for (Renewal &renewal : m_renewals) {
                if (renewal.plan) {
                    plans.append(&*renewal.plan);
                    planned.append(&renewal);
                }
            }
            const QList<bool> stored = m_seats.completeRenewals(plans);
            QSet<const Renewal *> renewed;
            for (qsizetype i = 0; i < planned.size(); ++i) {
                if (stored[i])
                    renewed.insert(planned[i]);
            }
            // Copied, not moved: this unit may run again after a serialization failure.
            for (Renewal &renewal : m_renewals)
                renewal.response = renewed.contains(&renewal) ? renewal.renewed : decideAfresh(renewal);
        });
    } catch (const StoreError &failure) {
        m_api.storeFailures().failed(lcTurn(), u"%1 heartbeat(s)"_s.arg(m_renewals.size()), failure,
                                     int(m_renewals.size()));
        for (Renewal &renewal : m_renewals)
            renewal.response = storeFailed(m_api.storeFailures(), failure);
    }
}

ApiResponse RequestTurn::decideAfresh(const Renewal &renewal)
{
    // Not planned (the seat is not live, the license is gone, the seat was beaten twice) or
    // changed since its plan: heartbeat() renews it or says why not.
    const ApiRoute &route = renewal.heartbeat.route;
    return HttpApi::heartbeatAnswer(
        route, m_seats.heartbeat(route.licenseId, route.seatId, renewal.heartbeat.actor, renewal.heartbeat.idle));
}

void RequestTurn::finish()
{
    m_finishQueued = false;
    if (m_requests.isEmpty())
        return;
    if (!m_renewals.isEmpty() || !m_calls.isEmpty()) {
        if (!m_renewals.isEmpty()) {
            planRenewals();
            signRenewals();
        }
        if (m_batched)
            storeRenewals(); // in the turn's batch, committed below
        else
            storeShared();
        for (Renewal &renewal : m_renewals) {
            m_api.countAnswer(renewal.response, renewal.heartbeat.route.kind, renewal.timer);
            m_requests[renewal.request].response = std::move(renewal.response);
        }
        m_renewals.clear();
        for (Call &call : m_calls) {
            Request &request = m_requests[call.request];
            m_api.countAnswer(call.response, call.call.route.kind, request.timer);
            request.response = std::move(call.response);
        }
        m_calls.clear();
    }
    bool committed = true;
    ApiResponse failed;
    try {
        if (m_batched)
            m_store.commitBatch();
    } catch (const StoreError &failure) {
        committed = false;
        failed = storeFailed(m_api.storeFailures(), failure);
        m_api.storeFailures().failed(
            lcTurn(), u"the commit of %1 answer(s) (withheld, their changes not stored)"_s.arg(m_requests.size()),
            failure, int(m_requests.size()));
    }
    // Taken out first: an answer may start the next turn.
    QList<Request> requests = std::exchange(m_requests, {});
    // Before any answer goes out (an answer may start the next turn, and with it a transaction):
    // the answers that need the store committed and idle, such as a backup.
    for (Request &request : requests) {
        if (!committed || !request.response.afterCommit)
            continue;
        const QString route = request.response.route;
        const auto work = std::exchange(request.response.afterCommit, {});
        try {
            request.response = work();
        } catch (const std::exception &failure) {
            qCCritical(lcTurn, "an answer after the commit could not be computed: %s", failure.what());
            request.response = HttpResponseWriter::errorResponse(ApiError {
                500, QString::fromUtf16(errorcode::internal), u"the server could not answer; try again"_s, {}, {}});
        }
        m_api.countComputed(request.response, route, request.timer);
    }
    for (Request &request : requests) {
        if (committed && request.response.background)
            answerInBackground(std::move(request));
        else
            request.answer(committed ? request.response : failed);
    }
}

void RequestTurn::answerInBackground(Request request)
{
    if (m_backgroundCount >= maxBackground) {
        ApiResponse busy = HttpResponseWriter::errorResponse(
            ApiError {503,
                      QString::fromUtf16(errorcode::serverBusy),
                      u"the server is computing as many reports as it allows; try again in a moment"_s,
                      {},
                      {}});
        m_api.countComputed(busy, request.response.route, request.timer);
        request.answer(busy);
        return;
    }
    ++m_backgroundCount;
    auto *watcher = new QFutureWatcher<ApiResponse>(this);
    const QString route = request.response.route;
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, route, timer = request.timer, answer = std::move(request.answer)] {
                --m_backgroundCount;
                ApiResponse response = watcher->result();
                watcher->deleteLater();
                m_api.countComputed(response, route, timer);
                answer(response);
            });
    watcher->setFuture(QtConcurrent::run(&m_background, [work = std::move(request.response.background)] {
        try {
            return work();
        } catch (const std::exception &failure) {
            qCCritical(lcTurn, "a report could not be computed: %s", failure.what());
            return HttpResponseWriter::errorResponse(ApiError {500,
                                                               QString::fromUtf16(errorcode::internal),
                                                               u"the server could not compute the report; try again"_s,
                                                               {},
                                                               {}});
        }
    }));
}

} // namespace keyright::server
